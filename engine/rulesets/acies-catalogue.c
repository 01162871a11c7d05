/* acies-catalogue.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-catalogue"

#include "config.h"

#include <string.h>

#include "acies-data.h"
#include "acies-error.h"
#include "io/acies-json-private.h"
#include "io/acies-scenario-io.h"
#include "geometry/acies-board.h"
#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-catalogue-private.h"
#include "rulesets/acies-ruleset.h"

#define CATALOGUE_FORMAT  "acies-ruleset"
#define CATALOGUE_VERSION 1
#define BUNDLED_PREFIX    "/io/github/acies/Acies/rulesets/"

static const char * const bundled_ids[] = {
  "grass-crown", "four-battles", "simple-gboh", "cca", "lost-battles", NULL
};

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

/* ------------------------------------------------------------------ */
/* Strict JSON reading.  Paths are "name.json: $.member[2].member".   */

/**
 * acies_catalogue_set_error: (skip)
 * @error: return location for an error
 * @path: the JSON path of the value at fault ("$.tables[2].rows")
 * @format: printf() format of what is wrong
 *
 * Sets ACIES_ENGINE_ERROR_FORMAT "PATH: MESSAGE" (shared with acies-table.c).
 */
void
acies_catalogue_set_error (GError     **error,
                           const char  *path,
                           const char  *format,
                           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
               "%s: %s", path, message);
}

static gboolean
node_is (JsonNode *node,
         GType     type)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == type;
}

static char *
member_path (const char *path,
             const char *member)
{
  return g_strdup_printf ("%s.%s", path, member);
}

static char *
index_path (const char *path,
            guint       index)
{
  return g_strdup_printf ("%s[%u]", path, index);
}

/**
 * acies_catalogue_check_members: (skip)
 * @object: a JSON object
 * @path: its JSON path
 * @allowed: the member names it may have, %NULL-terminated
 * @error: return location for an error
 *
 * Returns: %TRUE if every member of @object is in @allowed; otherwise
 *   %FALSE with an error naming the first other one and the allowed ones
 */
gboolean
acies_catalogue_check_members (JsonObject         *object,
                               const char         *path,
                               const char * const *allowed,
                               GError            **error)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (const GList *l = members; l != NULL; l = l->next)
    {
      if (!g_strv_contains (allowed, l->data))
        {
          g_autofree char *list = g_strjoinv (", ", (char **) allowed);

          acies_catalogue_set_error (error, path, "unknown member \"%s\" (expected one of: %s)",
                                     (const char *) l->data, list);
          return FALSE;
        }
    }

  return TRUE;
}

static JsonNode *
get_member (JsonObject *object,
            const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  /* Null is the same as absent (docs/file-format.md). */
  if (node != NULL && JSON_NODE_HOLDS_NULL (node))
    return NULL;

  return node;
}

static gboolean
get_object (JsonObject  *object,
            const char  *path,
            const char  *member,
            gboolean     required,
            JsonObject **out,
            GError     **error)
{
  JsonNode *node = get_member (object, member);

  *out = NULL;
  if (node == NULL)
    {
      if (required)
        {
          acies_catalogue_set_error (error, path, "missing member \"%s\" (an object)", member);
          return FALSE;
        }
      return TRUE;
    }

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      acies_catalogue_set_error (error, path, "\"%s\": expected an object, got %s",
                                 member, acies_json_type_name (node));
      return FALSE;
    }

  *out = json_node_get_object (node);
  return TRUE;
}

static gboolean
get_array (JsonObject  *object,
           const char  *path,
           const char  *member,
           gboolean     required,
           JsonArray  **out,
           GError     **error)
{
  JsonNode *node = get_member (object, member);

  *out = NULL;
  if (node == NULL)
    {
      if (required)
        {
          acies_catalogue_set_error (error, path, "missing member \"%s\" (an array)", member);
          return FALSE;
        }
      return TRUE;
    }

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      acies_catalogue_set_error (error, path, "\"%s\": expected an array, got %s",
                                 member, acies_json_type_name (node));
      return FALSE;
    }

  *out = json_node_get_array (node);
  return TRUE;
}

static gboolean
get_string (JsonObject  *object,
            const char  *path,
            const char  *member,
            gboolean     required,
            char       **out,
            GError     **error)
{
  JsonNode *node = get_member (object, member);

  g_clear_pointer (out, g_free);
  if (node == NULL)
    {
      if (required)
        {
          acies_catalogue_set_error (error, path, "missing member \"%s\" (a string)", member);
          return FALSE;
        }
      return TRUE;
    }

  if (!node_is (node, G_TYPE_STRING))
    {
      acies_catalogue_set_error (error, path, "\"%s\": expected a string, got %s",
                                 member, acies_json_type_name (node));
      return FALSE;
    }

  *out = g_strdup (json_node_get_string (node));
  return TRUE;
}

static gboolean
get_int (JsonObject  *object,
         const char  *path,
         const char  *member,
         gboolean     required,
         gint64       min,
         gint64       max,
         gint64       fallback,
         gint64      *out,
         GError     **error)
{
  JsonNode *node = get_member (object, member);
  gint64 value;

  *out = fallback;
  if (node == NULL)
    {
      if (required)
        {
          acies_catalogue_set_error (error, path, "missing member \"%s\" (an integer from %" G_GINT64_FORMAT
                                     " to %" G_GINT64_FORMAT ")", member, min, max);
          return FALSE;
        }
      return TRUE;
    }

  if (!node_is (node, G_TYPE_INT64))
    {
      acies_catalogue_set_error (error, path, "\"%s\": expected an integer, got %s",
                                 member, acies_json_type_name (node));
      return FALSE;
    }

  value = json_node_get_int (node);
  if (value < min || value > max)
    {
      acies_catalogue_set_error (error, path, "\"%s\": expected an integer from %" G_GINT64_FORMAT
                                 " to %" G_GINT64_FORMAT ", got %" G_GINT64_FORMAT,
                                 member, min, max, value);
      return FALSE;
    }

  *out = value;
  return TRUE;
}

static gboolean
get_bool (JsonObject  *object,
          const char  *path,
          const char  *member,
          gboolean     fallback,
          gboolean    *out,
          GError     **error)
{
  JsonNode *node = get_member (object, member);

  *out = fallback;
  if (node == NULL)
    return TRUE;

  if (!node_is (node, G_TYPE_BOOLEAN))
    {
      acies_catalogue_set_error (error, path, "\"%s\": expected true or false, got %s",
                                 member, acies_json_type_name (node));
      return FALSE;
    }

  *out = json_node_get_boolean (node);
  return TRUE;
}

/* Reads a string member that must be one of @names; *out is its index. */
static gboolean
get_choice (JsonObject         *object,
            const char         *path,
            const char         *member,
            const char * const *names,
            gint                fallback,
            gint               *out,
            GError            **error)
{
  g_autofree char *text = NULL;

  *out = fallback;
  if (!get_string (object, path, member, fallback < 0, &text, error))
    return FALSE;
  if (text == NULL)
    return TRUE;

  for (gint i = 0; names[i] != NULL; i++)
    {
      if (g_str_equal (names[i], text))
        {
          *out = i;
          return TRUE;
        }
    }

  {
    g_autofree char *list = g_strjoinv (", ", (char **) names);

    acies_catalogue_set_error (error, path, "\"%s\": expected one of %s, got \"%s\"", member, list, text);
  }
  return FALSE;
}

static gboolean
get_strv (JsonObject  *object,
          const char  *path,
          const char  *member,
          GStrv       *out,
          GError     **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array;

  *out = NULL;
  if (!get_array (object, path, member, FALSE, &array, error))
    return FALSE;
  if (array == NULL)
    return TRUE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (!node_is (node, G_TYPE_STRING))
        {
          acies_catalogue_set_error (error, path, "\"%s\"[%u]: expected a string, got %s",
                                     member, i, acies_json_type_name (node));
          return FALSE;
        }
      g_strv_builder_add (builder, json_node_get_string (node));
    }

  *out = g_strv_builder_end (builder);
  return TRUE;
}

/* The book's section becomes the source string "GC 8.9" when the
 * catalogue's short name is known. */
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

static gboolean
is_colour (const char *text)
{
  if (text == NULL || strlen (text) != 7 || text[0] != '#')
    return FALSE;

  for (guint i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;

  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Frees.                                                              */

static void
param_spec_free (AciesParamSpec *spec)
{
  if (spec == NULL)
    return;

  g_free (spec->id);
  g_free (spec->label);
  g_free (spec->help);
  g_strfreev (spec->values);
  g_strfreev (spec->value_labels);
  g_clear_pointer (&spec->default_value, json_node_unref);
  g_free (spec->source);
  g_free (spec);
}

static void
terrain_type_free (AciesTerrainType *terrain)
{
  if (terrain == NULL)
    return;

  g_free (terrain->id);
  g_free (terrain->name);
  g_free (terrain->colour);
  g_free (terrain->pattern);
  g_clear_pointer (&terrain->effects, json_object_unref);
  g_free (terrain->source);
  g_free (terrain);
}

static void
unit_type_free (AciesUnitType *type)
{
  if (type == NULL)
    return;

  g_free (type->id);
  g_free (type->name);
  g_free (type->category);
  g_free (type->symbol);
  g_clear_pointer (&type->attributes, g_ptr_array_unref);
  g_clear_pointer (&type->hidden, g_ptr_array_unref);
  g_strfreev (type->shown);
  g_free (type->source);
  g_free (type);
}

static void
kind_free (AciesKind *kind)
{
  if (kind == NULL)
    return;

  g_free (kind->id);
  g_free (kind->name);
  g_free (kind->description);
  g_free (kind->scope);
  g_clear_pointer (&kind->params, g_ptr_array_unref);
  g_free (kind->source);
  g_free (kind);
}

static void
catalogue_free (AciesCatalogue *catalogue)
{
  g_free (catalogue->id);
  g_free (catalogue->name);
  g_free (catalogue->book);
  g_free (catalogue->default_terrain);
  g_strfreev (catalogue->side_colours);
  g_clear_pointer (&catalogue->terrain, g_ptr_array_unref);
  g_clear_pointer (&catalogue->cell_features, g_ptr_array_unref);
  g_clear_pointer (&catalogue->edge_features, g_ptr_array_unref);
  g_clear_pointer (&catalogue->unit_types, g_ptr_array_unref);
  g_clear_pointer (&catalogue->leader_kinds, g_ptr_array_unref);
  g_clear_pointer (&catalogue->formation_kinds, g_ptr_array_unref);
  g_clear_pointer (&catalogue->area_kinds, g_ptr_array_unref);
  g_clear_pointer (&catalogue->side_params, g_ptr_array_unref);
  g_clear_pointer (&catalogue->formation_params, g_ptr_array_unref);
  g_clear_pointer (&catalogue->scenario_params, g_ptr_array_unref);
  g_clear_pointer (&catalogue->pool_params, g_ptr_array_unref);
  g_clear_pointer (&catalogue->special_rules, g_ptr_array_unref);
  g_clear_pointer (&catalogue->victory_kinds, g_ptr_array_unref);
  g_clear_pointer (&catalogue->options, g_ptr_array_unref);
  g_clear_pointer (&catalogue->tables, g_ptr_array_unref);
  g_free (catalogue);
}

/* ------------------------------------------------------------------ */
/* Reading the parts.                                                  */

typedef struct
{
  const char *prefix;   /* book's short name for sources, or NULL */
} Reader;

static gboolean check_unique (GPtrArray  *items,
                              const char *id,
                              const char *path,
                              GError    **error);

static AciesParamSpec *
read_param_spec (Reader      *reader,
                 JsonNode    *node,
                 const char  *path,
                 GError     **error)
{
  static const char * const members[] = {
    "id", "label", "type", "min", "max", "values", "value_labels", "default",
    "required", "section", "help", NULL
  };
  AciesParamSpec *spec;
  g_autofree char *section = NULL;
  g_autofree char *message = NULL;
  JsonObject *object;
  JsonNode *default_node;
  gint type;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      acies_catalogue_set_error (error, path, "expected a parameter spec object {id, label, type…}, got %s",
                                 acies_json_type_name (node));
      return NULL;
    }

  object = json_node_get_object (node);
  if (!acies_catalogue_check_members (object, path, members, error))
    return NULL;

  spec = g_new0 (AciesParamSpec, 1);
  spec->min = G_MININT64;
  spec->max = G_MAXINT64;

  if (!get_string (object, path, "id", TRUE, &spec->id, error) ||
      !get_string (object, path, "label", TRUE, &spec->label, error) ||
      !get_string (object, path, "help", FALSE, &spec->help, error) ||
      !get_string (object, path, "section", FALSE, &section, error) ||
      !get_bool (object, path, "required", FALSE, &spec->required, error) ||
      !get_choice (object, path, "type", value_type_names, -1, &type, error))
    goto fail;

  spec->type = type;
  spec->source = make_source (reader->prefix, section);

  if (spec->type == ACIES_VALUE_INT)
    {
      if (!get_int (object, path, "min", FALSE, G_MININT64, G_MAXINT64, G_MININT64, &spec->min, error) ||
          !get_int (object, path, "max", FALSE, G_MININT64, G_MAXINT64, G_MAXINT64, &spec->max, error))
        goto fail;
      if (spec->min > spec->max)
        {
          acies_catalogue_set_error (error, path, "\"min\" (%" G_GINT64_FORMAT ") is greater than \"max\" (%"
                                     G_GINT64_FORMAT ")", spec->min, spec->max);
          goto fail;
        }
    }
  else if (json_object_has_member (object, "min") || json_object_has_member (object, "max"))
    {
      acies_catalogue_set_error (error, path, "\"min\" and \"max\" apply to type int only (this is %s)",
                                 value_type_names[spec->type]);
      goto fail;
    }

  if (spec->type == ACIES_VALUE_ENUM)
    {
      if (!get_strv (object, path, "values", &spec->values, error))
        goto fail;
      if (spec->values == NULL || spec->values[0] == NULL)
        {
          acies_catalogue_set_error (error, path, "an enum needs \"values\", a non-empty array of strings");
          goto fail;
        }
      for (guint i = 0; spec->values[i] != NULL; i++)
        for (guint j = 0; j < i; j++)
          if (g_str_equal (spec->values[i], spec->values[j]))
            {
              acies_catalogue_set_error (error, path, "\"values\"[%u]: \"%s\" appears twice", i, spec->values[i]);
              goto fail;
            }
      if (!get_strv (object, path, "value_labels", &spec->value_labels, error))
        goto fail;
      if (spec->value_labels != NULL
          && g_strv_length (spec->value_labels) != g_strv_length (spec->values))
        {
          acies_catalogue_set_error (error, path, "\"value_labels\" has %u entries, \"values\" has %u: give one label per value, in the same order",
                                     g_strv_length (spec->value_labels), g_strv_length (spec->values));
          goto fail;
        }
      for (guint i = 0; spec->value_labels != NULL && spec->value_labels[i] != NULL; i++)
        if (spec->value_labels[i][0] == '\0')
          {
            acies_catalogue_set_error (error, path, "\"value_labels\"[%u] is empty (the label of \"%s\")",
                                       i, spec->values[i]);
            goto fail;
          }
    }
  else if (json_object_has_member (object, "values") || json_object_has_member (object, "value_labels"))
    {
      acies_catalogue_set_error (error, path, "\"%s\" applies to type enum only (this is %s)",
                                 json_object_has_member (object, "values") ? "values" : "value_labels",
                                 value_type_names[spec->type]);
      goto fail;
    }

  default_node = get_member (object, "default");
  if (default_node != NULL)
    {
      if (!acies_param_spec_check (spec, default_node, NULL, &message))
        {
          acies_catalogue_set_error (error, path, "\"default\": %s", message);
          goto fail;
        }
      spec->default_value = json_node_copy (default_node);
    }

  return spec;

fail:
  param_spec_free (spec);
  return NULL;
}

static GPtrArray *
read_param_specs (Reader      *reader,
                  JsonObject  *object,
                  const char  *path,
                  const char  *member,
                  GError     **error)
{
  g_autoptr(GPtrArray) specs = g_ptr_array_new_with_free_func ((GDestroyNotify) param_spec_free);
  g_autofree char *array_path = member_path (path, member);
  JsonArray *array;

  if (!get_array (object, path, member, FALSE, &array, error))
    return NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = index_path (array_path, i);
      AciesParamSpec *spec;

      spec = read_param_spec (reader, json_array_get_element (array, i), item_path, error);
      if (spec == NULL)
        return NULL;
      if (!check_unique (specs, spec->id, item_path, error))
        {
          param_spec_free (spec);
          return NULL;
        }
      g_ptr_array_add (specs, spec);
    }

  return g_steal_pointer (&specs);
}

/* Effects are bare values or { "value", "section", "note" }. */
static gboolean
check_effects (JsonObject  *effects,
               const char  *path,
               GError     **error)
{
  static const char * const members[] = { "value", "section", "note", NULL };
  g_autoptr(GList) names = json_object_get_members (effects);

  for (const GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (effects, l->data);
      g_autofree char *effect_path = member_path (path, l->data);
      g_autofree char *text = NULL;
      JsonObject *object;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;

      object = json_node_get_object (node);
      if (!json_object_has_member (object, "value"))
        {
          acies_catalogue_set_error (error, effect_path,
                                     "expected a bare value or {\"value\", \"section\", \"note\"}, "
                                     "got an object without \"value\"");
          return FALSE;
        }
      if (!acies_catalogue_check_members (object, effect_path, members, error) ||
          !get_string (object, effect_path, "section", FALSE, &text, error) ||
          !get_string (object, effect_path, "note", FALSE, &text, error))
        return FALSE;
    }

  return TRUE;
}

static AciesTerrainType *
read_terrain (Reader      *reader,
              JsonNode    *node,
              const char  *path,
              GError     **error)
{
  static const char * const members[] = {
    "id", "name", "colour", "pattern", "elevation", "effects", "section",
    "note", "description", NULL
  };
  AciesTerrainType *terrain;
  g_autofree char *section = NULL;
  g_autofree char *text = NULL;
  JsonObject *object;
  JsonObject *effects;
  gint64 elevation;
  gint pattern;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      acies_catalogue_set_error (error, path, "expected a terrain object {id, name, colour…}, got %s",
                                 acies_json_type_name (node));
      return NULL;
    }

  object = json_node_get_object (node);
  if (!acies_catalogue_check_members (object, path, members, error))
    return NULL;

  terrain = g_new0 (AciesTerrainType, 1);
  if (!get_string (object, path, "id", TRUE, &terrain->id, error) ||
      !get_string (object, path, "name", TRUE, &terrain->name, error) ||
      !get_string (object, path, "colour", TRUE, &terrain->colour, error) ||
      !get_choice (object, path, "pattern", known_patterns, 0, &pattern, error) ||
      !get_int (object, path, "elevation", FALSE, -100, 100, 0, &elevation, error) ||
      !get_object (object, path, "effects", FALSE, &effects, error) ||
      !get_string (object, path, "section", FALSE, &section, error) ||
      !get_string (object, path, "note", FALSE, &text, error) ||
      !get_string (object, path, "description", FALSE, &text, error))
    goto fail;

  if (!is_colour (terrain->colour))
    {
      acies_catalogue_set_error (error, path, "\"colour\": expected \"#rrggbb\", got \"%s\"", terrain->colour);
      goto fail;
    }

  if (effects != NULL)
    {
      g_autofree char *effects_path = member_path (path, "effects");

      if (!check_effects (effects, effects_path, error))
        goto fail;
      terrain->effects = json_object_ref (effects);
    }
  else
    terrain->effects = json_object_new ();

  terrain->pattern = g_strdup (known_patterns[pattern]);
  terrain->elevation = elevation;
  terrain->source = make_source (reader->prefix, section);

  return terrain;

fail:
  terrain_type_free (terrain);
  return NULL;
}

static AciesUnitType *
read_unit_type (Reader      *reader,
                JsonNode    *node,
                const char  *path,
                GError     **error)
{
  static const char * const members[] = {
    "id", "name", "category", "symbol", "two_hex", "attributes", "hidden",
    "shown", "section", "note", "description", NULL
  };
  AciesUnitType *type;
  g_autofree char *section = NULL;
  g_autofree char *text = NULL;
  JsonObject *object;
  gint symbol;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      acies_catalogue_set_error (error, path, "expected a unit type object {id, name, category…}, got %s",
                                 acies_json_type_name (node));
      return NULL;
    }

  object = json_node_get_object (node);
  if (!acies_catalogue_check_members (object, path, members, error))
    return NULL;

  type = g_new0 (AciesUnitType, 1);
  if (!get_string (object, path, "id", TRUE, &type->id, error) ||
      !get_string (object, path, "name", TRUE, &type->name, error) ||
      !get_string (object, path, "category", TRUE, &type->category, error) ||
      !get_choice (object, path, "symbol", known_symbols, -1, &symbol, error) ||
      !get_bool (object, path, "two_hex", FALSE, &type->two_hex, error) ||
      !get_strv (object, path, "shown", &type->shown, error) ||
      !get_string (object, path, "section", FALSE, &section, error) ||
      !get_string (object, path, "note", FALSE, &text, error) ||
      !get_string (object, path, "description", FALSE, &text, error))
    goto fail;

  type->symbol = g_strdup (known_symbols[symbol]);
  type->source = make_source (reader->prefix, section);

  if (!(type->attributes = read_param_specs (reader, object, path, "attributes", error)) ||
      !(type->hidden = read_param_specs (reader, object, path, "hidden", error)))
    goto fail;

  if (type->shown == NULL)
    type->shown = g_new0 (char *, 1);

  for (guint i = 0; type->shown[i] != NULL; i++)
    {
      if (acies_catalogue_find_param (type->attributes, type->shown[i]) == NULL)
        {
          acies_catalogue_set_error (error, path, "\"shown\"[%u]: \"%s\" is not one of the type's attributes",
                                     i, type->shown[i]);
          goto fail;
        }
    }

  for (guint i = 0; i < type->hidden->len; i++)
    {
      const AciesParamSpec *spec = g_ptr_array_index (type->hidden, i);

      if (acies_catalogue_find_param (type->attributes, spec->id) != NULL)
        {
          acies_catalogue_set_error (error, path, "\"hidden\"[%u]: \"%s\" is also a front attribute", i, spec->id);
          goto fail;
        }
    }

  return type;

fail:
  unit_type_free (type);
  return NULL;
}

static AciesKind *
read_kind (Reader      *reader,
           JsonNode    *node,
           const char  *path,
           GError     **error)
{
  static const char * const members[] = {
    "id", "name", "description", "scope", "params", "section", "note", NULL
  };
  AciesKind *kind;
  g_autofree char *section = NULL;
  g_autofree char *text = NULL;
  JsonObject *object;
  gint scope;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      acies_catalogue_set_error (error, path, "expected an object {id, name, scope, params…}, got %s",
                                 acies_json_type_name (node));
      return NULL;
    }

  object = json_node_get_object (node);
  if (!acies_catalogue_check_members (object, path, members, error))
    return NULL;

  kind = g_new0 (AciesKind, 1);
  if (!get_string (object, path, "id", TRUE, &kind->id, error) ||
      !get_string (object, path, "name", TRUE, &kind->name, error) ||
      !get_string (object, path, "description", FALSE, &kind->description, error) ||
      !get_choice (object, path, "scope", kind_scopes, 0, &scope, error) ||
      !get_string (object, path, "section", FALSE, &section, error) ||
      !get_string (object, path, "note", FALSE, &text, error))
    goto fail;

  kind->scope = g_strdup (kind_scopes[scope]);
  kind->source = make_source (reader->prefix, section);

  if (!(kind->params = read_param_specs (reader, object, path, "params", error)))
    goto fail;

  return kind;

fail:
  kind_free (kind);
  return NULL;
}

static const char *
item_id (GPtrArray *items,
         guint      index)
{
  /* Every catalogue item struct starts with its id. */
  return *(char **) g_ptr_array_index (items, index);
}

static gboolean
check_unique (GPtrArray  *items,
              const char *id,
              const char *path,
              GError    **error)
{
  for (guint i = 0; i < items->len; i++)
    {
      if (g_strcmp0 (item_id (items, i), id) == 0)
        {
          acies_catalogue_set_error (error, path, "id \"%s\" is used twice in this list", id);
          return FALSE;
        }
    }

  return TRUE;
}

typedef gpointer (*ReadItemFunc) (Reader      *reader,
                                  JsonNode    *node,
                                  const char  *path,
                                  GError     **error);

static GPtrArray *
read_list (Reader         *reader,
           JsonObject     *root,
           const char     *root_path,
           const char     *member,
           ReadItemFunc    read_item,
           GDestroyNotify  free_item,
           GError        **error)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (free_item);
  g_autofree char *path = member_path (root_path, member);
  JsonArray *array;

  if (!get_array (root, root_path, member, FALSE, &array, error))
    return NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = index_path (path, i);
      gpointer item = read_item (reader, json_array_get_element (array, i), item_path, error);

      if (item == NULL)
        return NULL;
      if (!check_unique (items, *(char **) item, item_path, error))
        {
          free_item (item);
          return NULL;
        }
      g_ptr_array_add (items, item);
    }

  return g_steal_pointer (&items);
}

static gpointer
read_table_item (Reader      *reader,
                 JsonNode    *node,
                 const char  *path,
                 GError     **error)
{
  return acies_table_from_json (node, path, error);
}

/* A "source" member: { "section", "source", "note" } about a value the book
 * does not print (the board's size, say). */
static gboolean
check_source_note (JsonObject  *object,
                   const char  *path,
                   const char  *member,
                   GError     **error)
{
  static const char * const members[] = { "section", "source", "note", NULL };
  g_autofree char *source_path = member_path (path, member);
  g_autofree char *text = NULL;
  g_autofree char *source = NULL;
  JsonObject *note;

  if (!get_object (object, path, member, FALSE, &note, error))
    return FALSE;
  if (note == NULL)
    return TRUE;

  if (!acies_catalogue_check_members (note, source_path, members, error) ||
      !get_string (note, source_path, "section", FALSE, &text, error) ||
      !get_string (note, source_path, "note", FALSE, &text, error) ||
      !get_string (note, source_path, "source", FALSE, &source, error))
    return FALSE;

  if (source != NULL && !acies_source_from_string (source, NULL))
    {
      acies_catalogue_set_error (error, source_path,
                                 "\"source\": expected one of rulebook, derived, provisional, published, got \"%s\"", source);
      return FALSE;
    }

  return TRUE;
}

static gboolean
read_board (AciesCatalogue  *catalogue,
            JsonObject      *root,
            const char      *root_path,
            GError         **error)
{
  static const char * const members[] = {
    "kind", "adjacency", "facing", "orientation", "offset", "labels",
    "default_size", "default_terrain", "source", "section", "note", NULL
  };
  static const char * const kinds[] = { "square", "hex", "zones", NULL };
  static const char * const adjacencies[] = { "orthogonal", "all", NULL };
  static const char * const facings[] = { "none", "side", "vertex", NULL };
  static const char * const orientations[] = { "flat-top", "pointy-top", NULL };
  static const char * const offsets[] = { "odd", "even", NULL };
  static const char * const labels[] = { "xxyy", "alnum", "zones", NULL };
  g_autofree char *path = member_path (root_path, "board");
  g_autofree char *text = NULL;
  JsonObject *board;
  JsonArray *size;
  gint kind, adjacency, facing, orientation, offset, label;

  if (!get_object (root, root_path, "board", TRUE, &board, error) ||
      !acies_catalogue_check_members (board, path, members, error) ||
      !get_choice (board, path, "kind", kinds, -1, &kind, error) ||
      !get_choice (board, path, "adjacency", adjacencies, 0, &adjacency, error) ||
      !get_choice (board, path, "facing", facings, 0, &facing, error) ||
      !get_choice (board, path, "orientation", orientations, 0, &orientation, error) ||
      !get_choice (board, path, "offset", offsets, 0, &offset, error) ||
      !get_choice (board, path, "labels", labels,
                   kind == ACIES_BOARD_ZONES ? ACIES_LABEL_ZONES : ACIES_LABEL_ALNUM,
                   &label, error) ||
      !get_string (board, path, "default_terrain", TRUE, &catalogue->default_terrain, error) ||
      !get_string (board, path, "section", FALSE, &text, error) ||
      !get_string (board, path, "note", FALSE, &text, error) ||
      !check_source_note (board, path, "source", error) ||
      !get_array (board, path, "default_size", kind != ACIES_BOARD_ZONES, &size, error))
    return FALSE;

  if (facing == ACIES_FACING_VERTEX && kind != ACIES_BOARD_HEX)
    {
      acies_catalogue_set_error (error, path, "\"facing\": \"vertex\" needs a hex board");
      return FALSE;
    }

  catalogue->board_kind = kind;
  catalogue->adjacency = adjacency;
  catalogue->facing = facing;
  catalogue->orientation = orientation;
  catalogue->offset = offset;
  catalogue->labels = label;

  if (kind == ACIES_BOARD_ZONES && size == NULL)
    {
      /* The zone board is always 5 × 4 (docs/file-format.md). */
      catalogue->default_width = 5;
      catalogue->default_height = 4;
      return TRUE;
    }

  if (json_array_get_length (size) != 2 ||
      !node_is (json_array_get_element (size, 0), G_TYPE_INT64) ||
      !node_is (json_array_get_element (size, 1), G_TYPE_INT64) ||
      json_array_get_int_element (size, 0) < 1 ||
      json_array_get_int_element (size, 1) < 1 ||
      json_array_get_int_element (size, 0) > ACIES_MAX_BOARD_SIDE ||
      json_array_get_int_element (size, 1) > ACIES_MAX_BOARD_SIDE)
    {
      acies_catalogue_set_error (error, path, "\"default_size\": expected [width, height], two integers from 1 to %d",
                                 ACIES_MAX_BOARD_SIDE);
      return FALSE;
    }

  catalogue->default_width = json_array_get_int_element (size, 0);
  catalogue->default_height = json_array_get_int_element (size, 1);
  return TRUE;
}

static gboolean
read_dice_and_stacking (AciesCatalogue  *catalogue,
                        JsonObject      *root,
                        const char      *root_path,
                        GError         **error)
{
  static const char * const dice_members[] = { "faces", "first", "count", "section", "note", NULL };
  static const char * const stacking_members[] = { "units", "section", "note", NULL };
  g_autofree char *dice_path = member_path (root_path, "dice");
  g_autofree char *stacking_path = member_path (root_path, "stacking");
  g_autofree char *text = NULL;
  JsonObject *dice, *stacking;
  gint64 faces, first, count, units;

  if (!get_object (root, root_path, "dice", TRUE, &dice, error) ||
      !acies_catalogue_check_members (dice, dice_path, dice_members, error) ||
      !get_int (dice, dice_path, "faces", TRUE, 2, 100, 6, &faces, error) ||
      !get_int (dice, dice_path, "first", FALSE, 0, 1, 1, &first, error) ||
      !get_int (dice, dice_path, "count", FALSE, 1, 10, 1, &count, error) ||
      !get_string (dice, dice_path, "section", FALSE, &text, error) ||
      !get_string (dice, dice_path, "note", FALSE, &text, error))
    return FALSE;

  if (!get_object (root, root_path, "stacking", FALSE, &stacking, error))
    return FALSE;

  units = 1;
  if (stacking != NULL &&
      (!acies_catalogue_check_members (stacking, stacking_path, stacking_members, error) ||
       !get_int (stacking, stacking_path, "units", TRUE, 1, 100, 1, &units, error) ||
       !get_string (stacking, stacking_path, "section", FALSE, &text, error) ||
       !get_string (stacking, stacking_path, "note", FALSE, &text, error)))
    return FALSE;

  catalogue->die_faces = faces;
  catalogue->die_first = first;
  catalogue->die_count = count;
  catalogue->stack_limit = units;
  return TRUE;
}

/* Short names for sources ("GC 9.3"), as the headers cite the books. */
static const char *
book_prefix (const char *id)
{
  static const struct { const char *id; const char *prefix; } prefixes[] = {
    { "grass-crown", "GC" },
    { "four-battles", "FB" },
    { "simple-gboh", "GBoH" },
    { "cca", "CCA" },
    { "lost-battles", "LB" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_strcmp0 (prefixes[i].id, id) == 0)
      return prefixes[i].prefix;

  return NULL;
}

static AciesCatalogue *
read_catalogue (JsonNode    *root_node,
                const char  *name,
                GError     **error)
{
  static const char * const members[] = {
    "format", "version", "id", "name", "book", "board", "dice", "stacking",
    "side_colours", "terrain", "cell_features", "edge_features",
    "unit_types", "leader_kinds", "formation_kinds", "area_kinds",
    "side_params", "formation_params", "scenario_params", "pool_params", "special_rules",
    "victory_conditions", "options", "tables", NULL
  };
  g_autofree char *path = g_strdup_printf ("%s: $", name);
  g_autofree char *format = NULL;
  AciesCatalogue *catalogue;
  Reader reader = { NULL };
  JsonObject *root;
  gint64 version;

  if (root_node == NULL || !JSON_NODE_HOLDS_OBJECT (root_node))
    {
      acies_catalogue_set_error (error, path, "expected a ruleset catalogue object, got %s",
                                 acies_json_type_name (root_node));
      return NULL;
    }

  root = json_node_get_object (root_node);

  if (!get_string (root, path, "format", TRUE, &format, error))
    return NULL;
  if (!g_str_equal (format, CATALOGUE_FORMAT))
    {
      acies_catalogue_set_error (error, path, "\"format\": expected \"%s\", got \"%s\"", CATALOGUE_FORMAT, format);
      return NULL;
    }

  if (!get_int (root, path, "version", TRUE, 1, G_MAXINT32, 1, &version, error))
    return NULL;
  if (version > CATALOGUE_VERSION)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_VERSION,
                   "%s: \"version\": catalogue version %" G_GINT64_FORMAT
                   " is newer than this Acies reads (%d)", path, version, CATALOGUE_VERSION);
      return NULL;
    }

  if (!acies_catalogue_check_members (root, path, members, error))
    return NULL;

  catalogue = g_new0 (AciesCatalogue, 1);
  catalogue->ref_count = 1;
  catalogue->version = version;

  if (!get_string (root, path, "id", TRUE, &catalogue->id, error) ||
      !get_string (root, path, "name", TRUE, &catalogue->name, error) ||
      !get_string (root, path, "book", FALSE, &catalogue->book, error) ||
      !get_strv (root, path, "side_colours", &catalogue->side_colours, error))
    goto fail;

  reader.prefix = book_prefix (catalogue->id);

  for (guint i = 0; catalogue->side_colours != NULL && catalogue->side_colours[i] != NULL; i++)
    {
      if (!is_colour (catalogue->side_colours[i]))
        {
          acies_catalogue_set_error (error, path, "\"side_colours\"[%u]: expected \"#rrggbb\", got \"%s\"",
                                     i, catalogue->side_colours[i]);
          goto fail;
        }
    }
  if (catalogue->side_colours == NULL)
    catalogue->side_colours = g_new0 (char *, 1);

  if (!read_board (catalogue, root, path, error) ||
      !read_dice_and_stacking (catalogue, root, path, error))
    goto fail;

#define READ_LIST(field, member, reader_func, free_func) \
  if (!(catalogue->field = read_list (&reader, root, path, member, \
                                      (ReadItemFunc) reader_func, \
                                      (GDestroyNotify) free_func, error))) \
    goto fail;

  READ_LIST (terrain, "terrain", read_terrain, terrain_type_free);
  READ_LIST (cell_features, "cell_features", read_terrain, terrain_type_free);
  READ_LIST (edge_features, "edge_features", read_terrain, terrain_type_free);
  READ_LIST (unit_types, "unit_types", read_unit_type, unit_type_free);
  READ_LIST (leader_kinds, "leader_kinds", read_unit_type, unit_type_free);
  READ_LIST (formation_kinds, "formation_kinds", read_kind, kind_free);
  READ_LIST (area_kinds, "area_kinds", read_kind, kind_free);
  READ_LIST (special_rules, "special_rules", read_kind, kind_free);
  READ_LIST (victory_kinds, "victory_conditions", read_kind, kind_free);
  READ_LIST (tables, "tables", read_table_item, acies_table_free);

#undef READ_LIST

  if (!(catalogue->side_params = read_param_specs (&reader, root, path, "side_params", error)) ||
      !(catalogue->formation_params = read_param_specs (&reader, root, path, "formation_params", error)) ||
      !(catalogue->scenario_params = read_param_specs (&reader, root, path, "scenario_params", error)) ||
      !(catalogue->pool_params = read_param_specs (&reader, root, path, "pool_params", error)) ||
      !(catalogue->options = read_param_specs (&reader, root, path, "options", error)))
    goto fail;

  if (catalogue->terrain->len == 0)
    {
      acies_catalogue_set_error (error, path, "\"terrain\": expected at least one terrain type");
      goto fail;
    }

  if (acies_catalogue_find_terrain (catalogue, catalogue->default_terrain) == NULL)
    {
      acies_catalogue_set_error (error, path, "\"board\".\"default_terrain\": \"%s\" is not one of \"terrain\"",
                                 catalogue->default_terrain);
      goto fail;
    }

  if (catalogue->unit_types->len == 0)
    {
      acies_catalogue_set_error (error, path, "\"unit_types\": expected at least one unit type");
      goto fail;
    }

  return catalogue;

fail:
  catalogue_free (catalogue);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Public API.                                                         */

/**
 * acies_catalogue_load_data:
 * @data: the catalogue's JSON text
 * @length: the length of @data in bytes, or -1 if nul-terminated
 * @display_name: the name errors use ("grass-crown.json")
 * @error: return location for an error
 *
 * Reads a ruleset catalogue (docs/catalogue-format.md) strictly.  Errors:
 * %ACIES_ENGINE_ERROR_PARSE for malformed JSON (with line and column),
 * %ACIES_ENGINE_ERROR_VERSION for a newer version,
 * %ACIES_ENGINE_ERROR_TOO_LARGE past %ACIES_MAX_FILE_SIZE, 64 levels of
 * nesting or %ACIES_MAX_JSON_VALUES values, and
 * %ACIES_ENGINE_ERROR_FORMAT naming the JSON path and what was expected.
 *
 * Returns: (transfer full): a new catalogue, or %NULL with @error set
 */
AciesCatalogue *
acies_catalogue_load_data (const char  *data,
                           gssize       length,
                           const char  *display_name,
                           GError     **error)
{
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (display_name == NULL)
    display_name = "catalogue";
  if (length < 0)
    length = strlen (data);

  if (length > ACIES_MAX_FILE_SIZE)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                   "%s: the file is larger than %d bytes", display_name, ACIES_MAX_FILE_SIZE);
      return NULL;
    }

  /* The engine's JSON reader, never json-glib on the text directly: it
   * checks UTF-8, nesting (json-glib parses recursively and 100,000
   * nested arrays overflow the stack), the number of values, numbers,
   * lone surrogate escapes and duplicate members first. */
  root = acies_json_parse (data, length, display_name, error);
  if (root == NULL)
    return NULL;
  json_node_seal (root);

  return read_catalogue (root, display_name, error);
}

/**
 * acies_catalogue_load:
 * @file: a catalogue file (data/rulesets/<id>.json)
 * @error: return location for an error
 *
 * Reads @file with acies_file_read_text() (a file larger than
 * %ACIES_MAX_FILE_SIZE is refused before it is read) and then
 * acies_catalogue_load_data(); a file that cannot be read is an
 * %ACIES_ENGINE_ERROR_IO error.
 *
 * Returns: (transfer full): a new catalogue, or %NULL with @error set
 */
AciesCatalogue *
acies_catalogue_load (GFile   *file,
                      GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The size is checked before reading, and the text is UTF-8. */
  contents = acies_file_read_text (file, &length, error);
  if (contents == NULL)
    return NULL;

  name = g_file_get_basename (file);

  return acies_catalogue_load_data (contents, length, name, error);
}

G_LOCK_DEFINE_STATIC (bundled);
static GHashTable *bundled_catalogues;  /* id -> AciesCatalogue, or NULL after a failed load */

/**
 * acies_catalogue_get_bundled:
 * @id: a ruleset id ("grass-crown")
 *
 * Loads the catalogue bundled as the resource
 * /io/github/acies/Acies/rulesets/@id.json, once per process (thread-safe).
 * A bundled file that fails to load is a bug: it is logged as a warning and
 * %NULL is returned.
 *
 * Returns: (transfer none) (nullable): the catalogue, valid for the life of
 *   the process, or %NULL for an unknown id
 */
AciesCatalogue *
acies_catalogue_get_bundled (const char *id)
{
  AciesCatalogue *catalogue = NULL;

  g_return_val_if_fail (id != NULL, NULL);

  if (!g_strv_contains (bundled_ids, id))
    return NULL;

  acies_data_ensure_registered ();

  G_LOCK (bundled);

  if (bundled_catalogues == NULL)
    bundled_catalogues = g_hash_table_new (g_str_hash, g_str_equal);

  if (!g_hash_table_lookup_extended (bundled_catalogues, id, NULL, (gpointer *) &catalogue))
    {
      g_autofree char *resource = g_strconcat (BUNDLED_PREFIX, id, ".json", NULL);
      g_autofree char *name = g_strconcat (id, ".json", NULL);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;

      bytes = g_resources_lookup_data (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
      if (bytes != NULL)
        {
          gsize size;
          const char *data = g_bytes_get_data (bytes, &size);

          catalogue = acies_catalogue_load_data (data, size, name, &error);
        }

      if (catalogue == NULL)
        g_warning ("Bundled ruleset catalogue %s: %s", id, error->message);

      /* The interned id keeps the key alive as long as the table. */
      g_hash_table_insert (bundled_catalogues, (gpointer) g_intern_string (id), catalogue);
    }

  G_UNLOCK (bundled);

  return catalogue;
}

/**
 * acies_catalogue_list_bundled:
 *
 * Returns: (transfer none): the ids of the bundled catalogues, %NULL-terminated
 */
const char * const *
acies_catalogue_list_bundled (void)
{
  return bundled_ids;
}

/**
 * acies_catalogue_ref:
 * @catalogue: a catalogue
 *
 * Returns: (transfer full): @catalogue
 */
AciesCatalogue *
acies_catalogue_ref (AciesCatalogue *catalogue)
{
  g_return_val_if_fail (catalogue != NULL, NULL);

  g_atomic_int_inc (&catalogue->ref_count);
  return catalogue;
}

/**
 * acies_catalogue_unref:
 * @catalogue: (nullable): a catalogue
 *
 * Drops a reference; frees @catalogue with the last one.
 */
void
acies_catalogue_unref (AciesCatalogue *catalogue)
{
  if (catalogue == NULL)
    return;

  if (g_atomic_int_dec_and_test (&catalogue->ref_count))
    catalogue_free (catalogue);
}

static gconstpointer
find_by_id (GPtrArray  *items,
            const char *id)
{
  if (items == NULL || id == NULL)
    return NULL;

  for (guint i = 0; i < items->len; i++)
    if (g_str_equal (item_id (items, i), id))
      return g_ptr_array_index (items, i);

  return NULL;
}

/**
 * acies_catalogue_find_terrain:
 * @catalogue: a catalogue
 * @id: a terrain id ("river")
 *
 * Returns: (transfer none) (nullable): the cell terrain type, or %NULL
 */
const AciesTerrainType *
acies_catalogue_find_terrain (const AciesCatalogue *catalogue,
                              const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return find_by_id (catalogue->terrain, id);
}

/**
 * acies_catalogue_find_cell_feature:
 * @catalogue: a catalogue
 * @id: a feature id ("hill")
 *
 * Returns: (transfer none) (nullable): the cell feature, or %NULL
 */
const AciesTerrainType *
acies_catalogue_find_cell_feature (const AciesCatalogue *catalogue,
                                   const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return find_by_id (catalogue->cell_features, id);
}

/**
 * acies_catalogue_find_edge_feature:
 * @catalogue: a catalogue
 * @id: an edge feature id ("stream")
 *
 * Returns: (transfer none) (nullable): the edge feature, or %NULL
 */
const AciesTerrainType *
acies_catalogue_find_edge_feature (const AciesCatalogue *catalogue,
                                   const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return find_by_id (catalogue->edge_features, id);
}

/**
 * acies_catalogue_find_unit_type:
 * @catalogue: a catalogue
 * @id: a unit type id ("L")
 *
 * Returns: (transfer none) (nullable): the unit type, or %NULL
 */
const AciesUnitType *
acies_catalogue_find_unit_type (const AciesCatalogue *catalogue,
                                const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return find_by_id (catalogue->unit_types, id);
}

/**
 * acies_catalogue_find_leader_kind:
 * @catalogue: a catalogue
 * @id: a leader kind id
 *
 * Returns: (transfer none) (nullable): the leader kind, or %NULL
 */
const AciesUnitType *
acies_catalogue_find_leader_kind (const AciesCatalogue *catalogue,
                                  const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return find_by_id (catalogue->leader_kinds, id);
}

/**
 * acies_catalogue_find_kind:
 * @kinds: one of the catalogue's AciesKind arrays
 * @id: a kind id
 *
 * Returns: (transfer none) (nullable): the kind, or %NULL
 */
const AciesKind *
acies_catalogue_find_kind (GPtrArray  *kinds,
                           const char *id)
{
  return find_by_id (kinds, id);
}

/**
 * acies_catalogue_find_param:
 * @specs: an array of AciesParamSpec
 * @id: a parameter id
 *
 * Returns: (transfer none) (nullable): the spec, or %NULL
 */
const AciesParamSpec *
acies_catalogue_find_param (GPtrArray  *specs,
                            const char *id)
{
  return find_by_id (specs, id);
}

/**
 * acies_catalogue_find_table:
 * @catalogue: a catalogue
 * @id: a table id ("crt")
 *
 * Returns: (transfer none) (nullable): the table, or %NULL
 */
const AciesTable *
acies_catalogue_find_table (const AciesCatalogue *catalogue,
                            const char           *id)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return find_by_id (catalogue->tables, id);
}

/**
 * acies_terrain_type_get_effect:
 * @terrain: a terrain type or feature
 * @effect: an effect name ("move_cost")
 * @section: (out) (optional) (transfer none): the rule section of the
 *   effect, or of the terrain when the effect has none
 *
 * Returns: (transfer none) (nullable): the effect's value, or %NULL when
 *   @terrain has no such effect
 */
JsonNode *
acies_terrain_type_get_effect (const AciesTerrainType  *terrain,
                               const char              *effect,
                               const char             **section)
{
  JsonNode *node;

  g_return_val_if_fail (terrain != NULL, NULL);
  g_return_val_if_fail (effect != NULL, NULL);

  if (section != NULL)
    *section = terrain->source;

  if (terrain->effects == NULL ||
      (node = json_object_get_member (terrain->effects, effect)) == NULL)
    return NULL;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);

      if (section != NULL && json_object_has_member (object, "section"))
        *section = json_object_get_string_member (object, "section");
      return json_object_get_member (object, "value");
    }

  return node;
}

/* ------------------------------------------------------------------ */
/* Checking values.                                                    */

static char *
describe_value (JsonNode *value)
{
  if (value == NULL || JSON_NODE_HOLDS_NULL (value))
    return g_strdup ("nothing");
  if (JSON_NODE_HOLDS_VALUE (value))
    {
      g_autoptr(JsonGenerator) generator = json_generator_new ();

      json_generator_set_root (generator, value);
      return json_generator_to_data (generator, NULL);
    }

  return g_strdup (acies_json_type_name (value));
}

static char *
describe_ids (GPtrArray *items)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; items != NULL && i < items->len; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, item_id (items, i));
    }

  return g_string_free (text, FALSE);
}

static char *
describe_expected (const AciesParamSpec *spec,
                   const AciesScenario  *scenario)
{
  switch (spec->type)
    {
    case ACIES_VALUE_INT:
      if (spec->min != G_MININT64 && spec->max != G_MAXINT64)
        return g_strdup_printf ("an integer from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT,
                                spec->min, spec->max);
      if (spec->min != G_MININT64)
        return g_strdup_printf ("an integer of at least %" G_GINT64_FORMAT, spec->min);
      if (spec->max != G_MAXINT64)
        return g_strdup_printf ("an integer of at most %" G_GINT64_FORMAT, spec->max);
      return g_strdup ("an integer");
    case ACIES_VALUE_ENUM:
      {
        g_autofree char *list = g_strjoinv (", ", spec->values);
        return g_strdup_printf ("one of %s", list);
      }
    case ACIES_VALUE_BOOL:
      return g_strdup ("true or false");
    case ACIES_VALUE_STRING:
      return g_strdup ("a string");
    case ACIES_VALUE_NUMBER:
      return g_strdup ("a number");
    case ACIES_VALUE_CELL:
      if (scenario != NULL && scenario->map.board != NULL)
        {
          const AciesBoard *board = scenario->map.board;
          guint n = acies_board_get_n_cells (board);

          return g_strdup_printf ("a cell label of the %u × %u board (%s to %s)",
                                  acies_board_get_width (board),
                                  acies_board_get_height (board),
                                  acies_board_cell_label (board, 0),
                                  acies_board_cell_label (board, n - 1));
        }
      return g_strdup ("a cell label");
    case ACIES_VALUE_SIDE:
      if (scenario != NULL)
        {
          g_autofree char *ids = describe_ids (scenario->sides);
          return g_strdup_printf ("a side id of the scenario (%s)", ids);
        }
      return g_strdup ("a side id");
    case ACIES_VALUE_FORMATION:
      if (scenario != NULL)
        {
          g_autofree char *ids = describe_ids (scenario->formations);
          return g_strdup_printf ("a formation id of the scenario (%s)", ids);
        }
      return g_strdup ("a formation id");
    case ACIES_VALUE_AREA:
      if (scenario != NULL)
        {
          g_autofree char *ids = describe_ids (scenario->areas);
          return g_strdup_printf ("an area id of the scenario (%s)", ids);
        }
      return g_strdup ("an area id");
    case ACIES_VALUE_UNIT_TYPE:
      if (scenario != NULL && scenario->ruleset != NULL)
        {
          AciesCatalogue *catalogue = acies_catalogue_get_bundled (scenario->ruleset);

          if (catalogue != NULL)
            {
              g_autofree char *ids = describe_ids (catalogue->unit_types);
              return g_strdup_printf ("a unit type of %s (%s)", catalogue->name, ids);
            }
        }
      return g_strdup ("a unit type id");
    default:
      g_return_val_if_reached (g_strdup ("a value"));
    }
}

static gboolean
id_in (GPtrArray  *items,
       const char *id)
{
  return find_by_id (items, id) != NULL;
}

/* Whether @value is right for @spec; FALSE for a wrong type or value. */
static gboolean
value_ok (const AciesParamSpec *spec,
          JsonNode             *value,
          const AciesScenario  *scenario)
{
  const char *text;

  switch (spec->type)
    {
    case ACIES_VALUE_INT:
      {
        gint64 n;

        if (!node_is (value, G_TYPE_INT64))
          return FALSE;
        n = json_node_get_int (value);
        return n >= spec->min && n <= spec->max;
      }
    case ACIES_VALUE_BOOL:
      return node_is (value, G_TYPE_BOOLEAN);
    case ACIES_VALUE_NUMBER:
      return node_is (value, G_TYPE_INT64) || node_is (value, G_TYPE_DOUBLE);
    default:
      break;
    }

  /* The rest are strings. */
  if (!node_is (value, G_TYPE_STRING))
    return FALSE;
  text = json_node_get_string (value);

  switch (spec->type)
    {
    case ACIES_VALUE_ENUM:
      return g_strv_contains ((const char * const *) spec->values, text);
    case ACIES_VALUE_STRING:
      return TRUE;
    case ACIES_VALUE_CELL:
      if (scenario == NULL || scenario->map.board == NULL)
        return *text != '\0';
      return acies_board_cell_from_label (scenario->map.board, text) != ACIES_CELL_NONE;
    case ACIES_VALUE_SIDE:
      return scenario == NULL ? *text != '\0' : id_in (scenario->sides, text);
    case ACIES_VALUE_FORMATION:
      return scenario == NULL ? *text != '\0' : id_in (scenario->formations, text);
    case ACIES_VALUE_AREA:
      return scenario == NULL ? *text != '\0' : id_in (scenario->areas, text);
    case ACIES_VALUE_UNIT_TYPE:
      {
        AciesCatalogue *catalogue = NULL;

        if (scenario != NULL && scenario->ruleset != NULL)
          catalogue = acies_catalogue_get_bundled (scenario->ruleset);
        if (catalogue == NULL)
          return *text != '\0';
        return acies_catalogue_find_unit_type (catalogue, text) != NULL;
      }
    default:
      return FALSE;
    }
}

/**
 * acies_param_spec_check:
 * @spec: a parameter spec from a catalogue
 * @value: (nullable): the value, or %NULL (or a JSON null) when absent
 * @scenario: (nullable): the scenario the value belongs to; with it, cell
 *   labels are checked on its board (acies_board_cell_from_label()), side,
 *   formation and area ids against its lists, and unit types against the
 *   bundled catalogue of its ruleset.  Without it only the value's shape is
 *   checked.
 * @message: (out) (optional) (transfer full): on failure, what was
 *   expected and what was found ("expected an integer from 0 to 2, got 5")
 *
 * Checks one value against its spec.  An absent value is fine unless the
 * spec is required.
 *
 * Returns: %TRUE if @value is acceptable
 */
gboolean
acies_param_spec_check (const AciesParamSpec  *spec,
                        JsonNode              *value,
                        const AciesScenario   *scenario,
                        char                 **message)
{
  g_autofree char *expected = NULL;
  g_autofree char *found = NULL;

  g_return_val_if_fail (spec != NULL, FALSE);

  if (message != NULL)
    *message = NULL;

  if (value == NULL || JSON_NODE_HOLDS_NULL (value))
    {
      if (!spec->required)
        return TRUE;
    }
  else if (value_ok (spec, value, scenario))
    return TRUE;

  if (message != NULL)
    {
      expected = describe_expected (spec, scenario);
      found = describe_value (value);
      *message = g_strdup_printf ("expected %s, got %s", expected, found);
    }

  return FALSE;
}

/**
 * acies_catalogue_lookup:
 * @id: a ruleset id
 *
 * Finds the catalogue for @id: the bundled one, or else the catalogue of a
 * ruleset registered under @id (rulesets made by tests or plug-ins).
 *
 * Returns: (transfer full) (nullable): a new reference, or %NULL when no
 *   catalogue exists for @id
 */
AciesCatalogue *
acies_catalogue_lookup (const char *id)
{
  AciesCatalogue *catalogue;
  g_autoptr(AciesRuleset) ruleset = NULL;

  g_return_val_if_fail (id != NULL, NULL);

  if ((catalogue = acies_catalogue_get_bundled (id)) != NULL)
    return acies_catalogue_ref (catalogue);

  ruleset = acies_ruleset_lookup (id, NULL);
  if (ruleset != NULL && (catalogue = acies_ruleset_get_catalogue (ruleset)) != NULL)
    return acies_catalogue_ref (catalogue);

  return NULL;
}

/**
 * acies_param_spec_value_label:
 * @spec: an enum parameter spec
 * @index: the index of a value in @spec's values
 *
 * The name of an enum value for people: the catalogue's "value_labels"
 * entry for it, or else the value itself with '-' and '_' read as spaces
 * and a capital first letter ("as-printed" → "As printed").
 *
 * Returns: (transfer full) (nullable): the label, or %NULL when @index is
 *   not a value of @spec
 */
char *
acies_param_spec_value_label (const AciesParamSpec *spec,
                              guint                 index)
{
  char *label;

  g_return_val_if_fail (spec != NULL, NULL);

  if (spec->values == NULL || index >= g_strv_length (spec->values))
    return NULL;
  if (spec->value_labels != NULL && index < g_strv_length (spec->value_labels))
    return g_strdup (spec->value_labels[index]);

  label = g_strdup (spec->values[index]);
  g_strdelimit (label, "-_", ' ');
  if (label[0] != '\0')
    {
      gunichar c = g_utf8_get_char (label);
      g_autofree char *rest = g_strdup (g_utf8_next_char (label));
      char buf[8] = { 0 };

      g_unichar_to_utf8 (g_unichar_totitle (c), buf);
      g_free (label);
      label = g_strconcat (buf, rest, NULL);
    }

  return label;
}
