/* acies-catalogue-read.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-catalogue"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "geometry/acies-board.h"
#include "model/acies-catalogue-private.h"

/*
 * Reading a ruleset catalogue (docs/catalogue-format.md) strictly, with the
 * engine's one JSON reader (acies-json-private.h): every error names the
 * file, the line and column, the JSON path and what was expected,
 *   grass-crown.json:120:7: $.unit_types[2].attributes[0].type: expected
 *   one of "int", "enum", …, got "integer"
 */

#define CATALOGUE_FORMAT  "acies-ruleset"
#define CATALOGUE_VERSION 1

static const char * const value_type_names[] = {
  [ACIES_VALUE_INT] = "int",
  [ACIES_VALUE_ENUM] = "enum",
  [ACIES_VALUE_BOOL] = "bool",
  [ACIES_VALUE_STRING] = "string",
  [ACIES_VALUE_CELL] = "cell",
  [ACIES_VALUE_SIDE] = "side",
  [ACIES_VALUE_FORMATION] = "formation",
  [ACIES_VALUE_AREA] = "area",
  [ACIES_VALUE_UNIT_TYPE] = "unit-type",
  [ACIES_VALUE_NUMBER] = "number",
  NULL,
};

/* The renderer's patterns and counter symbols (docs/catalogue-format.md). */
static const char * const known_patterns[] = {
  "none", "dots", "trees", "marsh", "hatch", "water", "rough", "crosshatch",
  "town", NULL
};

static const char * const known_symbols[] = {
  "infantry", "light-infantry", "heavy-infantry", "phalanx", "cavalry",
  "light-cavalry", "heavy-cavalry", "elephant", "chariot", "archer",
  "slinger", "skirmisher", "wagon", "leader", "artillery", "camel",
  "baggage", NULL
};

static const char * const kind_scopes[] = {
  "side", "formation", "scenario", "unit", NULL
};

typedef struct
{
  AciesJsonReader  r;
  const char      *prefix;   /* the book's short name for sources, or NULL */
  const char      *context;  /* the catalogue's id: the texts' translation context */
} Reader;

#define FAIL(reader, near, path, ...) \
  acies_json_reader_fail (&(reader)->r, (near), (path), ACIES_ENGINE_ERROR_FORMAT, __VA_ARGS__)

/* Shorthands for the reader's getters on a member of @node. */
#define STRING(reader, node, path, name, required, out) \
  acies_json_reader_get_string (&(reader)->r, (node), (path), (name), (required), (out))
#define INT(reader, node, path, name, required, min, max, out) \
  acies_json_reader_get_int (&(reader)->r, (node), (path), (name), (required), (min), (max), (out))
#define CHOICE(reader, node, path, name, required, values, out) \
  acies_json_reader_get_choice (&(reader)->r, (node), (path), (name), (required), (values), (out))
#define MEMBERS(reader, node, path, allowed) \
  acies_json_reader_members (&(reader)->r, (node), (path), (allowed))

/* The texts a player reads (names, labels, help, value labels,
 * descriptions, table titles) are translated as they are read, in the
 * "acies" domain with the catalogue's id as the context: po/meson.build
 * extracts the same members of every data/rulesets/<id>.json for translators
 * (po/catalogue-strings.py), with that context.  Ids are never
 * translated. */
static void
translate (Reader  *reader,
           char   **text)
{
  const char *translated;

  if (reader->context == NULL || *text == NULL || **text == '\0')
    return;

  translated = g_dpgettext2 (GETTEXT_PACKAGE, reader->context, *text);
  if (translated != *text)
    {
      g_free (*text);
      *text = g_strdup (translated);
    }
}

static void
translate_strv (Reader  *reader,
                char   **texts)
{
  for (guint i = 0; texts != NULL && texts[i] != NULL; i++)
    translate (reader, &texts[i]);
}

/* A member a player reads: read as STRING(), then translated. */
static gboolean
text_member (Reader      *reader,
             JsonNode    *node,
             const char  *path,
             const char  *name,
             gboolean     required,
             char       **out)
{
  if (!acies_json_reader_get_string (&reader->r, node, path, name, required, out))
    return FALSE;
  translate (reader, out);
  return TRUE;
}

#define TEXT(reader, node, path, name, required, out) \
  text_member ((reader), (node), (path), (name), (required), (out))

/* The book's section becomes the source string "GC 8.9" when the
 * catalogue gives its book's short name. */
static char *
make_source (const char *prefix,
             const char *section)
{
  if (section == NULL)
    return NULL;
  if (prefix == NULL)
    return g_strdup (section);

  return g_strdup_printf ("%s %s", prefix, section);
}

/* An item that is an object with only @allowed members. */
static gboolean
item_object (Reader             *reader,
             JsonNode           *node,
             const char         *path,
             const char * const *allowed)
{
  return acies_json_reader_object (&reader->r, node, path) != NULL && MEMBERS (reader, node, path, allowed);
}

static gboolean
check_unique (Reader     *reader,
              GPtrArray  *items,
              JsonNode   *node,
              const char *id,
              const char *path)
{
  for (guint i = 0; i < items->len; i++)
    if (g_strcmp0 (*(char **) g_ptr_array_index (items, i), id) == 0)
      return FAIL (reader, node, path, "id \"%s\" is used twice in this list", id);

  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Parameter specs.                                                    */

static AciesParamSpec *
read_param_spec (Reader     *reader,
                 JsonNode   *node,
                 const char *path)
{
  static const char * const members[] = {
    "id", "label", "type", "min", "max", "values", "value_labels", "default",
    "required", "section", "help", NULL
  };
  AciesParamSpec *spec;
  g_autofree char *section = NULL;
  g_autofree char *message = NULL;
  JsonNode *default_node;
  gint type = 0;

  if (!item_object (reader, node, path, members))
    return NULL;

  spec = g_new0 (AciesParamSpec, 1);
  spec->min = G_MININT64;
  spec->max = G_MAXINT64;

  if (!STRING (reader, node, path, "id", TRUE, &spec->id) ||
      !TEXT (reader, node, path, "label", TRUE, &spec->label) ||
      !TEXT (reader, node, path, "help", FALSE, &spec->help) ||
      !STRING (reader, node, path, "section", FALSE, &section) ||
      !acies_json_reader_get_bool (&reader->r, node, path, "required", &spec->required) ||
      !CHOICE (reader, node, path, "type", TRUE, value_type_names, &type))
    goto fail;

  spec->type = type;
  spec->source = make_source (reader->prefix, section);

  if (spec->type == ACIES_VALUE_INT)
    {
      if (!INT (reader, node, path, "min", FALSE, G_MININT64, G_MAXINT64, &spec->min) ||
          !INT (reader, node, path, "max", FALSE, G_MININT64, G_MAXINT64, &spec->max))
        goto fail;
      if (spec->min > spec->max)
        {
          FAIL (reader, node, path, "\"min\" (%" G_GINT64_FORMAT ") is greater than \"max\" (%" G_GINT64_FORMAT ")",
                spec->min, spec->max);
          goto fail;
        }
    }
  else if (acies_json_member (node, "min") != NULL || acies_json_member (node, "max") != NULL)
    {
      FAIL (reader, node, path, "\"min\" and \"max\" apply to type int only (this is %s)",
            value_type_names[spec->type]);
      goto fail;
    }

  if (spec->type == ACIES_VALUE_ENUM)
    {
      if (!acies_json_reader_get_strv (&reader->r, node, path, "values", TRUE, &spec->values))
        goto fail;
      if (spec->values == NULL || spec->values[0] == NULL)
        {
          FAIL (reader, node, path, "an enum needs \"values\", a non-empty array of strings");
          goto fail;
        }
      if (!acies_json_reader_get_strv (&reader->r, node, path, "value_labels", FALSE, &spec->value_labels))
        goto fail;
      if (spec->value_labels != NULL
          && g_strv_length (spec->value_labels) != g_strv_length (spec->values))
        {
          FAIL (reader, node, path,
                "\"value_labels\" has %u entries, \"values\" has %u: give one label per value, in the same order",
                g_strv_length (spec->value_labels), g_strv_length (spec->values));
          goto fail;
        }
      for (guint i = 0; spec->value_labels != NULL && spec->value_labels[i] != NULL; i++)
        if (spec->value_labels[i][0] == '\0')
          {
            FAIL (reader, node, path, "\"value_labels\"[%u] is empty (the label of \"%s\")", i, spec->values[i]);
            goto fail;
          }
      /* Without "value_labels", the labels made from the values ("as
       * printed") are the ones po/catalogue-strings.py extracts: keep them,
       * translated, so that every screen and sheet names the values in the
       * reader's language. */
      if (spec->value_labels == NULL)
        {
          guint n = g_strv_length (spec->values);

          spec->value_labels = g_new0 (char *, n + 1);
          for (guint i = 0; i < n; i++)
            spec->value_labels[i] = acies_param_spec_value_label (spec, i);
        }
      translate_strv (reader, spec->value_labels);
    }
  else if (acies_json_member (node, "values") != NULL || acies_json_member (node, "value_labels") != NULL)
    {
      FAIL (reader, node, path, "\"%s\" applies to type enum only (this is %s)",
            acies_json_member (node, "values") != NULL ? "values" : "value_labels",
            value_type_names[spec->type]);
      goto fail;
    }

  default_node = acies_json_member (node, "default");
  if (default_node != NULL)
    {
      if (!acies_param_spec_check (spec, default_node, NULL, &message))
        {
          g_autofree char *default_path = acies_json_path_member (path, "default");

          FAIL (reader, default_node, default_path, "%s", message);
          goto fail;
        }
      spec->default_value = json_node_copy (default_node);
    }

  return spec;

fail:
  acies_param_spec_free (spec);
  return NULL;
}

static GPtrArray *
read_param_specs (Reader     *reader,
                  JsonNode   *object_node,
                  const char *path,
                  const char *member)
{
  g_autoptr(GPtrArray) specs = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_param_spec_free);
  g_autofree char *array_path = acies_json_path_member (path, member);
  JsonArray *array;

  if (!acies_json_reader_get_array (&reader->r, object_node, path, member, FALSE, G_MAXUINT, &array))
    return NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = acies_json_path_index (array_path, i);
      JsonNode *node = json_array_get_element (array, i);
      AciesParamSpec *spec;

      spec = read_param_spec (reader, node, item_path);
      if (spec == NULL)
        return NULL;
      if (!check_unique (reader, specs, node, spec->id, item_path))
        {
          acies_param_spec_free (spec);
          return NULL;
        }
      g_ptr_array_add (specs, spec);
    }

  return g_steal_pointer (&specs);
}

/* ------------------------------------------------------------------ */
/* Terrain, unit types and kinds.                                      */

/* Effects are bare values or { "value", "section", "note" }. */
static gboolean
check_effects (Reader     *reader,
               JsonNode   *effects,
               const char *path)
{
  static const char * const members[] = { "value", "section", "note", NULL };
  JsonObjectIter iter;
  const char *name;
  JsonNode *node;

  json_object_iter_init_ordered (&iter, json_node_get_object (effects));
  while (json_object_iter_next_ordered (&iter, &name, &node))
    {
      g_autofree char *effect_path = acies_json_path_member (path, name);
      g_autofree char *text = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      if (!json_object_has_member (json_node_get_object (node), "value"))
        return FAIL (reader, node, effect_path,
                     "expected a bare value or {\"value\", \"section\", \"note\"}, got an object without \"value\"");
      if (!MEMBERS (reader, node, effect_path, members) ||
          !STRING (reader, node, effect_path, "section", FALSE, &text) ||
          !STRING (reader, node, effect_path, "note", FALSE, &text))
        return FALSE;
    }

  return TRUE;
}

static AciesTerrainType *
read_terrain (Reader     *reader,
              JsonNode   *node,
              const char *path)
{
  static const char * const members[] = {
    "id", "name", "colour", "pattern", "elevation", "effects", "section",
    "note", "description", NULL
  };
  AciesTerrainType *terrain;
  g_autofree char *section = NULL;
  g_autofree char *text = NULL;
  JsonNode *effects;
  gint64 elevation = 0;
  gint pattern = 0;

  if (!item_object (reader, node, path, members))
    return NULL;

  terrain = g_new0 (AciesTerrainType, 1);
  if (!STRING (reader, node, path, "id", TRUE, &terrain->id) ||
      !TEXT (reader, node, path, "name", TRUE, &terrain->name) ||
      !acies_json_reader_get_colour (&reader->r, node, path, "colour", TRUE, &terrain->colour) ||
      !CHOICE (reader, node, path, "pattern", FALSE, known_patterns, &pattern) ||
      !INT (reader, node, path, "elevation", FALSE, -100, 100, &elevation) ||
      !acies_json_reader_get_object (&reader->r, node, path, "effects", FALSE, &effects) ||
      !STRING (reader, node, path, "section", FALSE, &section) ||
      !STRING (reader, node, path, "note", FALSE, &text) ||
      !STRING (reader, node, path, "description", FALSE, &text))
    goto fail;

  if (effects != NULL)
    {
      g_autofree char *effects_path = acies_json_path_member (path, "effects");

      if (!check_effects (reader, effects, effects_path))
        goto fail;
      terrain->effects = json_object_ref (json_node_get_object (effects));
    }
  else
    terrain->effects = json_object_new ();

  terrain->pattern = g_strdup (known_patterns[pattern]);
  terrain->elevation = elevation;
  terrain->source = make_source (reader->prefix, section);

  return terrain;

fail:
  acies_terrain_type_free (terrain);
  return NULL;
}

static AciesUnitType *
read_unit_type (Reader     *reader,
                JsonNode   *node,
                const char *path)
{
  static const char * const members[] = {
    "id", "name", "category", "symbol", "two_hex", "attributes", "hidden",
    "shown", "section", "note", "description", NULL
  };
  AciesUnitType *type;
  g_autofree char *section = NULL;
  g_autofree char *text = NULL;
  gint symbol = 0;

  if (!item_object (reader, node, path, members))
    return NULL;

  type = g_new0 (AciesUnitType, 1);
  if (!STRING (reader, node, path, "id", TRUE, &type->id) ||
      !TEXT (reader, node, path, "name", TRUE, &type->name) ||
      !STRING (reader, node, path, "category", TRUE, &type->category) ||
      !CHOICE (reader, node, path, "symbol", TRUE, known_symbols, &symbol) ||
      !acies_json_reader_get_bool (&reader->r, node, path, "two_hex", &type->two_hex) ||
      !acies_json_reader_get_strv (&reader->r, node, path, "shown", FALSE, &type->shown) ||
      !STRING (reader, node, path, "section", FALSE, &section) ||
      !STRING (reader, node, path, "note", FALSE, &text) ||
      !STRING (reader, node, path, "description", FALSE, &text))
    goto fail;

  type->symbol = g_strdup (known_symbols[symbol]);
  type->source = make_source (reader->prefix, section);

  if (!(type->attributes = read_param_specs (reader, node, path, "attributes")) ||
      !(type->hidden = read_param_specs (reader, node, path, "hidden")))
    goto fail;

  if (type->shown == NULL)
    type->shown = g_new0 (char *, 1);

  for (guint i = 0; type->shown[i] != NULL; i++)
    if (acies_catalogue_find_param (type->attributes, type->shown[i]) == NULL)
      {
        FAIL (reader, node, path, "\"shown\"[%u]: \"%s\" is not one of the type's attributes", i, type->shown[i]);
        goto fail;
      }

  for (guint i = 0; i < type->hidden->len; i++)
    {
      const AciesParamSpec *spec = g_ptr_array_index (type->hidden, i);

      if (acies_catalogue_find_param (type->attributes, spec->id) != NULL)
        {
          FAIL (reader, node, path, "\"hidden\"[%u]: \"%s\" is also a front attribute", i, spec->id);
          goto fail;
        }
    }

  return type;

fail:
  acies_unit_type_free (type);
  return NULL;
}

static AciesKind *
read_kind (Reader     *reader,
           JsonNode   *node,
           const char *path)
{
  static const char * const members[] = {
    "id", "name", "description", "scope", "params", "section", "note", NULL
  };
  AciesKind *kind;
  g_autofree char *section = NULL;
  g_autofree char *text = NULL;
  gint scope = 0;

  if (!item_object (reader, node, path, members))
    return NULL;

  kind = g_new0 (AciesKind, 1);
  if (!STRING (reader, node, path, "id", TRUE, &kind->id) ||
      !TEXT (reader, node, path, "name", TRUE, &kind->name) ||
      !TEXT (reader, node, path, "description", FALSE, &kind->description) ||
      !CHOICE (reader, node, path, "scope", FALSE, kind_scopes, &scope) ||
      !STRING (reader, node, path, "section", FALSE, &section) ||
      !STRING (reader, node, path, "note", FALSE, &text))
    goto fail;

  kind->scope = g_strdup (kind_scopes[scope]);
  kind->source = make_source (reader->prefix, section);

  if (!(kind->params = read_param_specs (reader, node, path, "params")))
    goto fail;

  return kind;

fail:
  acies_kind_free (kind);
  return NULL;
}

static gpointer
read_table_item (Reader     *reader,
                 JsonNode   *node,
                 const char *path)
{
  AciesTable *table = acies_table_read (&reader->r, node, path);

  if (table != NULL)
    {
      translate (reader, &table->name);
      translate (reader, &table->row_title);
      translate (reader, &table->col_title);
    }
  return table;
}

typedef gpointer (*ReadItemFunc) (Reader     *reader,
                                  JsonNode   *node,
                                  const char *path);

static GPtrArray *
read_list (Reader         *reader,
           JsonNode       *root,
           const char     *root_path,
           const char     *member,
           ReadItemFunc    read_item,
           GDestroyNotify  free_item)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (free_item);
  g_autofree char *path = acies_json_path_member (root_path, member);
  JsonArray *array;

  if (!acies_json_reader_get_array (&reader->r, root, root_path, member, FALSE, G_MAXUINT, &array))
    return NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = acies_json_path_index (path, i);
      JsonNode *node = json_array_get_element (array, i);
      gpointer item = read_item (reader, node, item_path);

      if (item == NULL)
        return NULL;
      if (!check_unique (reader, items, node, *(char **) item, item_path))
        {
          free_item (item);
          return NULL;
        }
      g_ptr_array_add (items, item);
    }

  return g_steal_pointer (&items);
}

/* ------------------------------------------------------------------ */
/* The board, the dice, stacking.                                      */

/* A "source" member: { "section", "source", "note" } about a value the book
 * does not print (the board's size, say). */
static gboolean
check_source_note (Reader     *reader,
                   JsonNode   *object_node,
                   const char *path,
                   const char *member)
{
  static const char * const members[] = { "section", "source", "note", NULL };
  g_autofree char *source_path = acies_json_path_member (path, member);
  g_autofree char *text = NULL;
  g_autofree char *source = NULL;
  JsonNode *note;

  if (!acies_json_reader_get_object (&reader->r, object_node, path, member, FALSE, &note))
    return FALSE;
  if (note == NULL)
    return TRUE;

  if (!MEMBERS (reader, note, source_path, members) ||
      !STRING (reader, note, source_path, "section", FALSE, &text) ||
      !STRING (reader, note, source_path, "note", FALSE, &text) ||
      !STRING (reader, note, source_path, "source", FALSE, &source))
    return FALSE;

  if (source != NULL && !acies_source_from_string (source, NULL))
    {
      g_autofree char *member_path = acies_json_path_member (source_path, "source");

      return FAIL (reader, acies_json_member (note, "source"), member_path,
                   "expected a source of the tables (rulebook, derived, provisional…), got \"%s\"", source);
    }

  return TRUE;
}

/* "zone_names" of a zone board: the names an army gives its own zones,
 * back row first, each row from its left (docs/catalogue-format.md);
 * two rows of five distinct names.  Other boards have none. */
static gboolean
read_zone_names (Reader         *reader,
                 AciesCatalogue *catalogue,
                 JsonNode       *board,
                 const char     *path,
                 gint            kind)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autofree char *names_path = acies_json_path_member (path, "zone_names");
  JsonNode *rows_node = acies_json_member (board, "zone_names");
  JsonArray *rows;

  if (!acies_json_reader_get_array (&reader->r, board, path, "zone_names", FALSE, 2, &rows))
    return FALSE;
  if (rows == NULL)
    return TRUE;
  if (kind != ACIES_BOARD_ZONES)
    return FAIL (reader, rows_node, names_path, "only a zone board names its zones");
  if (json_array_get_length (rows) != 2)
    return FAIL (reader, rows_node, names_path, "expected two rows (an army's back and front rows), got %u",
                 json_array_get_length (rows));
  for (guint r = 0; r < 2; r++)
    {
      g_autofree char *row_path = acies_json_path_index (names_path, r);
      JsonNode *row = json_array_get_element (rows, r);
      JsonArray *row_names = acies_json_reader_array (&reader->r, row, row_path, 5);

      if (row_names == NULL)
        return FALSE;
      if (json_array_get_length (row_names) != 5)
        return FAIL (reader, row, row_path, "expected an array of five names, got %u",
                     json_array_get_length (row_names));
      for (guint c = 0; c < 5; c++)
        {
          g_autofree char *name_path = acies_json_path_index (row_path, c);
          g_autofree char *name = NULL;
          JsonNode *name_node = json_array_get_element (row_names, c);

          if (!acies_json_reader_string (&reader->r, name_node, name_path, &name))
            return FALSE;
          if (*name == '\0')
            return FAIL (reader, name_node, name_path, "expected a name, got an empty string");
          for (guint i = 0; i < r * 5 + c; i++)
            if (g_ascii_strcasecmp (name, json_array_get_string_element (json_array_get_array_element (rows, i / 5), i % 5)) == 0)
              return FAIL (reader, name_node, name_path, "\"%s\" names two zones", name);
          g_strv_builder_add (names, name);
        }
    }
  catalogue->zone_names = g_strv_builder_end (names);
  return TRUE;
}

static gboolean
read_board (Reader         *reader,
            AciesCatalogue *catalogue,
            JsonNode       *root,
            const char     *root_path)
{
  static const char * const members[] = {
    "kind", "adjacency", "facing", "orientation", "offset", "labels",
    "default_size", "default_terrain", "zone_names", "source", "section", "note", NULL
  };
  static const char * const kinds[] = { "square", "hex", "zones", NULL };
  static const char * const adjacencies[] = { "orthogonal", "all", NULL };
  static const char * const facings[] = { "none", "side", "vertex", NULL };
  static const char * const orientations[] = { "flat-top", "pointy-top", NULL };
  static const char * const offsets[] = { "odd", "even", NULL };
  static const char * const labels[] = { "xxyy", "alnum", "zones", NULL };
  g_autofree char *path = acies_json_path_member (root_path, "board");
  g_autofree char *size_path = acies_json_path_member (path, "default_size");
  g_autofree char *text = NULL;
  JsonNode *board;
  JsonArray *size;
  gint kind = 0, adjacency = 0, facing = 0, orientation = 0, offset = 0, label;

  if (!acies_json_reader_get_object (&reader->r, root, root_path, "board", TRUE, &board) ||
      !MEMBERS (reader, board, path, members) ||
      !CHOICE (reader, board, path, "kind", TRUE, kinds, &kind))
    return FALSE;

  label = kind == ACIES_BOARD_ZONES ? ACIES_LABEL_ZONES : ACIES_LABEL_ALNUM;
  if (!CHOICE (reader, board, path, "adjacency", FALSE, adjacencies, &adjacency) ||
      !CHOICE (reader, board, path, "facing", FALSE, facings, &facing) ||
      !CHOICE (reader, board, path, "orientation", FALSE, orientations, &orientation) ||
      !CHOICE (reader, board, path, "offset", FALSE, offsets, &offset) ||
      !CHOICE (reader, board, path, "labels", FALSE, labels, &label) ||
      !STRING (reader, board, path, "default_terrain", TRUE, &catalogue->default_terrain) ||
      !STRING (reader, board, path, "section", FALSE, &text) ||
      !STRING (reader, board, path, "note", FALSE, &text) ||
      !check_source_note (reader, board, path, "source") ||
      !acies_json_reader_get_array (&reader->r, board, path, "default_size", kind != ACIES_BOARD_ZONES, 2, &size))
    return FALSE;

  if (facing == ACIES_FACING_VERTEX && kind != ACIES_BOARD_HEX)
    {
      g_autofree char *facing_path = acies_json_path_member (path, "facing");

      return FAIL (reader, acies_json_member (board, "facing"), facing_path, "\"vertex\" needs a hex board");
    }

  catalogue->board_kind = kind;
  catalogue->adjacency = adjacency;
  catalogue->facing = facing;
  catalogue->orientation = orientation;
  catalogue->offset = offset;
  catalogue->labels = label;

  if (!read_zone_names (reader, catalogue, board, path, kind))
    return FALSE;

  if (kind == ACIES_BOARD_ZONES && size == NULL)
    {
      /* The zone board is always 5 × 4 (docs/file-format.md). */
      catalogue->default_width = 5;
      catalogue->default_height = 4;
      return TRUE;
    }

  if (json_array_get_length (size) != 2)
    return FAIL (reader, acies_json_member (board, "default_size"), size_path,
                 "expected [width, height], two integers from 1 to %d", ACIES_MAX_BOARD_SIDE);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *element_path = acies_json_path_index (size_path, i);
      gint64 n = 0;

      if (!acies_json_reader_int (&reader->r, json_array_get_element (size, i), element_path,
                                  1, ACIES_MAX_BOARD_SIDE, &n))
        return FALSE;
      if (i == 0)
        catalogue->default_width = n;
      else
        catalogue->default_height = n;
    }
  return TRUE;
}

static gboolean
read_dice_and_stacking (Reader         *reader,
                        AciesCatalogue *catalogue,
                        JsonNode       *root,
                        const char     *root_path)
{
  static const char * const dice_members[] = { "faces", "first", "count", "section", "note", NULL };
  static const char * const stacking_members[] = { "units", "section", "note", NULL };
  g_autofree char *dice_path = acies_json_path_member (root_path, "dice");
  g_autofree char *stacking_path = acies_json_path_member (root_path, "stacking");
  g_autofree char *text = NULL;
  JsonNode *dice, *stacking;
  gint64 faces = 6, first = 1, count = 1, units = 1;

  if (!acies_json_reader_get_object (&reader->r, root, root_path, "dice", TRUE, &dice) ||
      !MEMBERS (reader, dice, dice_path, dice_members) ||
      !INT (reader, dice, dice_path, "faces", TRUE, 2, 100, &faces) ||
      !INT (reader, dice, dice_path, "first", FALSE, 0, 1, &first) ||
      !INT (reader, dice, dice_path, "count", FALSE, 1, 10, &count) ||
      !STRING (reader, dice, dice_path, "section", FALSE, &text) ||
      !STRING (reader, dice, dice_path, "note", FALSE, &text) ||
      !acies_json_reader_get_object (&reader->r, root, root_path, "stacking", FALSE, &stacking))
    return FALSE;

  if (stacking != NULL &&
      (!MEMBERS (reader, stacking, stacking_path, stacking_members) ||
       !INT (reader, stacking, stacking_path, "units", TRUE, 1, 100, &units) ||
       !STRING (reader, stacking, stacking_path, "section", FALSE, &text) ||
       !STRING (reader, stacking, stacking_path, "note", FALSE, &text)))
    return FALSE;

  catalogue->die_faces = faces;
  catalogue->die_first = first;
  catalogue->die_count = count;
  catalogue->stack_limit = units;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The catalogue.                                                      */

static AciesCatalogue *
read_catalogue (Reader   *reader,
                JsonNode *root)
{
  static const char * const members[] = {
    "format", "version", "id", "name", "book", "book_prefix", "board", "dice", "stacking",
    "side_colours", "terrain", "cell_features", "edge_features",
    "unit_types", "leader_kinds", "formation_kinds", "area_kinds",
    "side_params", "formation_params", "scenario_params", "pool_params", "special_rules",
    "victory_conditions", "options", "tables", "positions", NULL
  };
  g_autofree char *format = NULL;
  AciesCatalogue *catalogue;
  gint64 version = 0;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      FAIL (reader, root, "$", "expected a ruleset catalogue object, got %s", acies_json_type_name (root));
      return NULL;
    }

  if (!STRING (reader, root, "$", "format", TRUE, &format))
    return NULL;
  if (!g_str_equal (format, CATALOGUE_FORMAT))
    {
      g_autofree char *got = acies_json_describe (acies_json_member (root, "format"));

      FAIL (reader, acies_json_member (root, "format"), "$.format", "expected \"%s\", got %s",
            CATALOGUE_FORMAT, got);
      return NULL;
    }

  if (!INT (reader, root, "$", "version", TRUE, 1, G_MAXINT32, &version))
    return NULL;
  if (version > CATALOGUE_VERSION)
    {
      acies_json_reader_fail (&reader->r, acies_json_member (root, "version"), "$.version", ACIES_ENGINE_ERROR_VERSION,
                              "catalogue version %" G_GINT64_FORMAT " is newer than this Acies reads (%d)",
                              version, CATALOGUE_VERSION);
      return NULL;
    }

  if (!MEMBERS (reader, root, "$", members))
    return NULL;

  catalogue = g_new0 (AciesCatalogue, 1);
  catalogue->ref_count = 1;
  catalogue->version = version;

  if (!STRING (reader, root, "$", "id", TRUE, &catalogue->id))
    goto fail;

  /* Every text after the id is translated in its context. */
  reader->context = catalogue->id;

  if (!TEXT (reader, root, "$", "name", TRUE, &catalogue->name) ||
      !STRING (reader, root, "$", "book", FALSE, &catalogue->book) ||
      !STRING (reader, root, "$", "book_prefix", FALSE, &catalogue->book_prefix) ||
      !acies_json_reader_get_strv (&reader->r, root, "$", "side_colours", FALSE, &catalogue->side_colours))
    goto fail;

  /* Sources cite the book by its short name ("GC 9.3"). */
  reader->prefix = catalogue->book_prefix;

  for (guint i = 0; catalogue->side_colours != NULL && catalogue->side_colours[i] != NULL; i++)
    if (!acies_json_is_colour (catalogue->side_colours[i]))
      {
        g_autofree char *path = g_strdup_printf ("$.side_colours[%u]", i);

        FAIL (reader, json_array_get_element (json_node_get_array (acies_json_member (root, "side_colours")), i),
              path, "expected \"#rrggbb\", got \"%s\"", catalogue->side_colours[i]);
        goto fail;
      }
  if (catalogue->side_colours == NULL)
    catalogue->side_colours = g_new0 (char *, 1);

  if (!read_board (reader, catalogue, root, "$") ||
      !read_dice_and_stacking (reader, catalogue, root, "$"))
    goto fail;

#define READ_LIST(field, member, reader_func, free_func) \
  if (!(catalogue->field = read_list (reader, root, "$", member, \
                                      (ReadItemFunc) reader_func, \
                                      (GDestroyNotify) free_func))) \
    goto fail;

  READ_LIST (terrain, "terrain", read_terrain, acies_terrain_type_free);
  READ_LIST (cell_features, "cell_features", read_terrain, acies_terrain_type_free);
  READ_LIST (edge_features, "edge_features", read_terrain, acies_terrain_type_free);
  READ_LIST (unit_types, "unit_types", read_unit_type, acies_unit_type_free);
  READ_LIST (leader_kinds, "leader_kinds", read_unit_type, acies_unit_type_free);
  READ_LIST (formation_kinds, "formation_kinds", read_kind, acies_kind_free);
  READ_LIST (area_kinds, "area_kinds", read_kind, acies_kind_free);
  READ_LIST (special_rules, "special_rules", read_kind, acies_kind_free);
  READ_LIST (victory_kinds, "victory_conditions", read_kind, acies_kind_free);
  READ_LIST (tables, "tables", read_table_item, acies_table_free);

#undef READ_LIST

  if (!(catalogue->side_params = read_param_specs (reader, root, "$", "side_params")) ||
      !(catalogue->formation_params = read_param_specs (reader, root, "$", "formation_params")) ||
      !(catalogue->scenario_params = read_param_specs (reader, root, "$", "scenario_params")) ||
      !(catalogue->pool_params = read_param_specs (reader, root, "$", "pool_params")) ||
      !(catalogue->options = read_param_specs (reader, root, "$", "options")))
    goto fail;

  /* Which positions a scenario's map shows, and the option choosing
   * where a game starts (issue 17 item 5). */
  if (acies_json_member (root, "positions") != NULL)
    {
      static const char * const positions_members[] = { "shows", "section", "start_option", NULL };
      JsonNode *positions = acies_json_member (root, "positions");
      g_autofree char *section = NULL;
      const AciesParamSpec *start;

      if (!item_object (reader, positions, "$.positions", positions_members) ||
          !TEXT (reader, positions, "$.positions", "shows", FALSE, &catalogue->positions_shows) ||
          !STRING (reader, positions, "$.positions", "section", FALSE, &section) ||
          !STRING (reader, positions, "$.positions", "start_option", FALSE, &catalogue->start_option))
        goto fail;
      catalogue->positions_source = make_source (reader->prefix, section);
      start = catalogue->start_option != NULL ? acies_catalogue_find_param (catalogue->options, catalogue->start_option) : NULL;
      if (catalogue->start_option != NULL && (start == NULL || start->type != ACIES_VALUE_ENUM))
        {
          FAIL (reader, acies_json_member (positions, "start_option"), "$.positions.start_option",
                "\"%s\" is not an enum option of \"options\"", catalogue->start_option);
          goto fail;
        }
    }

  if (catalogue->terrain->len == 0)
    {
      FAIL (reader, root, "$.terrain", "expected at least one terrain type");
      goto fail;
    }

  if (acies_catalogue_find_terrain (catalogue, catalogue->default_terrain) == NULL)
    {
      FAIL (reader, acies_json_member (acies_json_member (root, "board"), "default_terrain"),
            "$.board.default_terrain", "\"%s\" is not one of \"terrain\"", catalogue->default_terrain);
      goto fail;
    }

  if (catalogue->unit_types->len == 0)
    {
      FAIL (reader, root, "$.unit_types", "expected at least one unit type");
      goto fail;
    }

  return catalogue;

fail:
  acies_catalogue_free (catalogue);
  return NULL;
}

/**
 * acies_catalogue_read: (skip)
 * @root: the catalogue's parsed JSON
 * @positions: (nullable): where each node was in the text
 *   (AciesJsonDoc.positions)
 * @display_name: the file's name for errors ("grass-crown.json")
 * @error: return location for an error
 *
 * Reads a catalogue strictly (docs/catalogue-format.md):
 * %ACIES_ENGINE_ERROR_FORMAT naming the file, line, column, JSON path and
 * what was expected, or %ACIES_ENGINE_ERROR_VERSION for a newer version.
 *
 * The texts a player reads (the catalogue's name; names of terrain,
 * features, unit types, leader kinds and kinds; kinds' descriptions;
 * parameters' labels, help and value labels; tables' names and titles)
 * are returned translated through gettext in the "acies" domain, with the
 * catalogue's id as the message context (po/catalogue-strings.py extracts
 * them); ids, values and sources are never translated.
 *
 * Returns: (transfer full): a new catalogue, or %NULL with @error set
 */
AciesCatalogue *
acies_catalogue_read (JsonNode    *root,
                      GHashTable  *positions,
                      const char  *display_name,
                      GError     **error)
{
  Reader reader = { { 0 }, NULL, NULL };
  AciesCatalogue *catalogue;

  acies_json_reader_init (&reader.r, positions, display_name);
  catalogue = read_catalogue (&reader, root);
  if (catalogue == NULL)
    {
      if (reader.r.error == NULL)
        g_set_error (&reader.r.error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                     "%s: not a ruleset catalogue", display_name);
      g_propagate_error (error, reader.r.error);
      return NULL;
    }
  g_clear_error (&reader.r.error);
  return catalogue;
}
