/* acies-scenario-io.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-io"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "model/acies-check.h"
#include "model/acies-catalogue.h"
#include "acies-json-private.h"
#include "io/acies-scenario-io.h"

#define MAX_ID_LENGTH     200
#define MAX_TEXT_LENGTH   (256 * 1024)
#define MAX_LIST_LENGTH   10000
#define MAX_TURN          9999
#define MAX_ELEVATION     100
#define MAX_FACING        11
#define MAX_LABEL_ORIGIN  999

typedef struct
{
  AciesJsonReader  r;
  AciesBoard      *board;
  AciesScenario   *scenario;
  GHashTable      *paths;      /* path -> JsonNode*, for the structure check's errors */
  AciesCatalogue  *catalogue;  /* the ruleset's (its zone names, its default terrain) */
} Loader;

#define FAIL(loader, near, path, ...) \
  acies_json_reader_fail (&(loader)->r, (near), (path), ACIES_ENGINE_ERROR_FORMAT, __VA_ARGS__)

/* The fast paths of the readers below (issue 21): a value that is what
 * it should be is taken without making its JSON path, a string, which
 * only a message needs.  The string @node holds, or NULL. */
static const char *
string_of (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
is_id_text (const char *id)
{
  gsize length = 0;

  for (const char *p = id; *p != '\0'; p++, length++)
    if ((guchar) *p < 0x20)
      return FALSE;
  return length > 0 && length <= MAX_ID_LENGTH;
}

static void
take_string (char       **out,
             const char  *text)
{
  g_free (*out);
  *out = g_strdup (text);
}

static gboolean
read_text (Loader      *loader,
           JsonNode    *object_node,
           const char  *path,
           const char  *name,
           char       **out)
{
  JsonNode *member = acies_json_member (object_node, name);
  g_autofree char *member_path = NULL;
  const char *text = string_of (member);

  if (member == NULL)
    return TRUE;
  if (text != NULL && strlen (text) <= MAX_TEXT_LENGTH)
    {
      take_string (out, text);
      return TRUE;
    }

  member_path = acies_json_path_member (path, name);
  if (!acies_json_reader_string (&loader->r, member, member_path, out))
    return FALSE;

  if (strlen (*out) > MAX_TEXT_LENGTH)
    return FAIL (loader, member, member_path, _("the text is too long (more than %d bytes)"), MAX_TEXT_LENGTH);

  return TRUE;
}

static gboolean
check_id_text (Loader     *loader,
               JsonNode   *node,
               const char *path,
               const char *id)
{
  if (id[0] == '\0')
    return FAIL (loader, node, path, _("expected an id, got an empty string"));

  if (strlen (id) > MAX_ID_LENGTH)
    return FAIL (loader, node, path, _("the id is too long (more than %d bytes)"), MAX_ID_LENGTH);

  for (const char *p = id; *p != '\0'; p++)
    if ((guchar) *p < 0x20)
      return FAIL (loader, node, path, _("an id may not hold control characters"));

  return TRUE;
}

/* An id or a reference to one. */
static gboolean
read_id (Loader      *loader,
         JsonNode    *object_node,
         const char  *path,
         const char  *name,
         gboolean     required,
         char       **out)
{
  JsonNode *member = acies_json_member (object_node, name);
  g_autofree char *member_path = NULL;
  const char *text = string_of (member);

  if (text != NULL && is_id_text (text))
    {
      take_string (out, text);
      return TRUE;
    }
  if (required && member == NULL)
    {
      member_path = acies_json_path_member (path, name);
      return FAIL (loader, object_node, member_path, _("missing: expected an id"));
    }
  if (!acies_json_reader_get_string (&loader->r, object_node, path, name, FALSE, out))
    return FALSE;
  /* The path is made only for a message (5,000 units' ids, issue 21.3). */
  if (member == NULL || is_id_text (*out))
    return TRUE;

  member_path = acies_json_path_member (path, name);
  return check_id_text (loader, member, member_path, *out);
}

static gboolean
read_uint (Loader     *loader,
           JsonNode   *object_node,
           const char *path,
           const char *name,
           gboolean    required,
           gint64      min,
           gint64      max,
           guint      *out)
{
  gint64 value = *out;

  if (!acies_json_reader_get_int (&loader->r, object_node, path, name, required, min, max, &value))
    return FALSE;

  *out = (guint) value;

  return TRUE;
}

/* A cell label of the board. */
static gboolean
read_cell (Loader     *loader,
           JsonNode   *node,
           const char *path,
           const char *what,
           AciesCell  *out)
{
  AciesCell cell;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_autofree char *got = acies_json_describe (node);

      return FAIL (loader, node, path, _("expected a cell label such as \"%s\", got %s"),
                   acies_board_cell_label (loader->board, 0), got);
    }

  cell = acies_board_cell_from_label (loader->board, json_node_get_string (node));
  if (cell == ACIES_CELL_NONE || !acies_board_contains (loader->board, cell))
    {
      g_autofree char *got = acies_json_describe (node);

      return FAIL (loader, node, path,
                   _("%s off the board: expected a cell label of this %u × %u board such as \"%s\", got %s"),
                   what, acies_board_get_width (loader->board), acies_board_get_height (loader->board),
                   acies_board_cell_label (loader->board, 0), got);
    }

  *out = cell;

  return TRUE;
}

static gboolean
read_cell_member (Loader     *loader,
                  JsonNode   *object_node,
                  const char *path,
                  const char *name,
                  const char *what,
                  AciesCell  *out)
{
  JsonNode *member = acies_json_member (object_node, name);
  g_autofree char *member_path = NULL;
  const char *label = string_of (member);
  AciesCell cell;

  if (member == NULL)
    return TRUE;
  if (label != NULL && (cell = acies_board_cell_from_label (loader->board, label)) != ACIES_CELL_NONE
      && acies_board_contains (loader->board, cell))
    {
      *out = cell;
      return TRUE;
    }

  member_path = acies_json_path_member (path, name);
  return read_cell (loader, member, member_path, what, out);
}

/* A parameter object: member values typed by the catalogue, checked by
 * acies_scenario_check(); null members are dropped. */
static gboolean
read_params (Loader      *loader,
             JsonNode    *object_node,
             const char  *path,
             const char  *name,
             gboolean     null_when_empty,
             JsonObject **out)
{
  JsonNode *member = acies_json_member (object_node, name);
  g_autofree char *member_path = NULL;
  JsonObject *object, *copy;
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  if (member == NULL)
    {
      if (null_when_empty)
        g_clear_pointer (out, json_object_unref);
      return TRUE;
    }

  if (JSON_NODE_HOLDS_OBJECT (member))
    object = json_node_get_object (member);
  else if ((object = acies_json_reader_object (&loader->r, member,
                                               member_path = acies_json_path_member (path, name))) == NULL)
    return FALSE;


  copy = json_object_new ();
  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &key, &value))
    if (!JSON_NODE_HOLDS_NULL (value))
      json_object_set_member (copy, key, acies_json_node_copy_deep (value));

  g_clear_pointer (out, json_object_unref);
  if (null_when_empty && json_object_get_size (copy) == 0)
    json_object_unref (copy);
  else
    *out = copy;

  return TRUE;
}

static JsonArray *
read_array_member (Loader     *loader,
                   JsonNode   *object_node,
                   const char *path,
                   const char *name,
                   guint       max_length)
{
  JsonNode *member = acies_json_member (object_node, name);
  g_autofree char *member_path = acies_json_path_member (path, name);

  if (member == NULL)
    return NULL;

  return acies_json_reader_array (&loader->r, member, member_path, max_length);
}

typedef enum
{
  STRINGS_PLAIN = 0,
  STRINGS_IDS   = 1 << 0,   /* each string must be an id (check_id_text()) */
} StringsFlags;

/* Reads @node (at @path), an array of at most @max_length strings, into
 * @out, which takes them. */
static gboolean
read_strings (Loader       *loader,
              JsonNode     *node,
              const char   *path,
              guint         max_length,
              StringsFlags  flags,
              GPtrArray    *out)
{
  JsonArray *array = acies_json_reader_array (&loader->r, node, path, max_length);

  if (array == NULL)
    return FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *element_path = acies_json_path_index (path, i);
      JsonNode *element = json_array_get_element (array, i);
      char *text = NULL;

      if (!acies_json_reader_string (&loader->r, element, element_path, &text))
        return FALSE;
      g_ptr_array_add (out, text);
      if ((flags & STRINGS_IDS) && !check_id_text (loader, element, element_path, text))
        return FALSE;
    }

  return TRUE;
}

/* Reading: parts */

static const char *board_kinds[] = { "square", "hex", "zones", NULL };
static const char *orientations[] = { "flat-top", "pointy-top", NULL };
static const char *offsets[] = { "odd", "even", NULL };
static const char *label_schemes[] = { "xxyy", "alnum", "zones", NULL };
static const char *map_edges[] = { "north", "east", "south", "west", NULL };

static gboolean
read_board (Loader     *loader,
            JsonNode   *node,
            const char *path)
{
  static const char *members[] = { "kind", "width", "height", "orientation", "offset",
                                   "labels", "label_origin", NULL };
  gint kind = 0, orientation = ACIES_HEX_FLAT_TOP, offset = ACIES_HEX_OFFSET_ODD, labels;
  guint width = 0, height = 0;
  gint64 origin[2] = { 1, 1 };
  JsonNode *member;
  g_autofree char *kind_path = acies_json_path_member (path, "kind");

  if (!acies_json_reader_members (&loader->r, node, path, members))
    return FALSE;

  member = acies_json_member (node, "kind");
  if (member == NULL)
    return FAIL (loader, node, kind_path, _("missing: expected one of \"square\", \"hex\", \"zones\""));
  if (!acies_json_reader_choice (&loader->r, member, kind_path, board_kinds, &kind))
    return FALSE;

  if (kind == ACIES_BOARD_ZONES)
    {
      /* The zone board is always 5 × 4 (Lost Battles). */
      width = 5;
      height = 4;
      if (!read_uint (loader, node, path, "width", FALSE, 5, 5, &width) ||
          !read_uint (loader, node, path, "height", FALSE, 4, 4, &height))
        return FALSE;
    }
  else if (!read_uint (loader, node, path, "width", TRUE, 1, ACIES_MAX_BOARD_SIDE, &width) ||
           !read_uint (loader, node, path, "height", TRUE, 1, ACIES_MAX_BOARD_SIDE, &height))
    return FALSE;

  /* Orientation and offset only mean something on a hex board; elsewhere
   * they are checked and ignored. */
  if ((member = acies_json_member (node, "orientation")) != NULL)
    {
      g_autofree char *member_path = acies_json_path_member (path, "orientation");

      if (!acies_json_reader_choice (&loader->r, member, member_path, orientations, &orientation))
        return FALSE;
    }
  if ((member = acies_json_member (node, "offset")) != NULL)
    {
      g_autofree char *member_path = acies_json_path_member (path, "offset");

      if (!acies_json_reader_choice (&loader->r, member, member_path, offsets, &offset))
        return FALSE;
    }

  switch (kind)
    {
    case ACIES_BOARD_SQUARE:
      labels = ACIES_LABEL_ALNUM;
      loader->board = acies_board_new_square (width, height);
      break;
    case ACIES_BOARD_HEX:
      labels = ACIES_LABEL_XXYY;
      loader->board = acies_board_new_hex (width, height, orientation, offset);
      break;
    case ACIES_BOARD_ZONES:
    default:
      labels = ACIES_LABEL_ZONES;
      loader->board = acies_board_new_zones_named ((const char * const *) loader->catalogue->zone_names);
      break;
    }

  if (loader->board == NULL)
    return FAIL (loader, node, path, _("cannot make a board of this size"));

  if ((member = acies_json_member (node, "labels")) != NULL)
    {
      g_autofree char *member_path = acies_json_path_member (path, "labels");

      if (!acies_json_reader_choice (&loader->r, member, member_path, label_schemes, &labels))
        return FALSE;
      /* Zone names exist only on the zone board, and a zone board has only
       * zone names. */
      if ((labels == ACIES_LABEL_ZONES) != (acies_board_get_kind (loader->board) == ACIES_BOARD_ZONES))
        return FAIL (loader, member, member_path,
                     _("expected \"zones\" labels on a zone board and \"xxyy\" or \"alnum\" on a square or hex board"));
    }
  acies_board_set_label_scheme (loader->board, labels);

  if ((member = acies_json_member (node, "label_origin")) != NULL)
    {
      g_autofree char *member_path = acies_json_path_member (path, "label_origin");
      JsonArray *array = acies_json_reader_array (&loader->r, member, member_path, 2);

      if (array == NULL)
        return FALSE;
      if (json_array_get_length (array) != 2)
        return FAIL (loader, member, member_path,
                     _("expected two numbers [first column, first row], got %u"),
                     json_array_get_length (array));

      for (guint i = 0; i < 2; i++)
        {
          g_autofree char *element_path = acies_json_path_index (member_path, i);

          if (!acies_json_reader_int (&loader->r, json_array_get_element (array, i), element_path,
                                      0, MAX_LABEL_ORIGIN, &origin[i]))
            return FALSE;
        }
      acies_board_set_label_origin (loader->board, origin[0], origin[1]);
    }

  return TRUE;
}

/* Reads an object label -> value: terrain, cell features, elevation. */
static gboolean
read_map (Loader     *loader,
          JsonNode   *node,
          const char *path,
          const char *fallback_terrain)
{
  static const char *members[] = { "default_terrain", "terrain", "cell_features", "edge_features",
                                   "elevation", NULL };
  g_autofree char *default_terrain = g_strdup (fallback_terrain);
  AciesMap *map = &loader->scenario->map;
  guint n_cells = acies_board_get_n_cells (loader->board);
  JsonNode *member;
  JsonObjectIter iter;
  const char *label;
  JsonNode *value;

  if (node != NULL)
    {
      if (!acies_json_reader_members (&loader->r, node, path, members))
        return FALSE;

      if (!read_id (loader, node, path, "default_terrain", FALSE, &default_terrain))
        return FALSE;
    }

  {
    const char *interned = g_intern_string (default_terrain);

    for (guint i = 0; i < n_cells; i++)
      map->terrain[i] = interned;
  }

  if (node == NULL)
    return TRUE;

  if ((member = acies_json_member (node, "terrain")) != NULL)
    {
      g_autofree char *member_path = acies_json_path_member (path, "terrain");

      if (acies_json_reader_object (&loader->r, member, member_path) == NULL)
        return FALSE;

      json_object_iter_init_ordered (&iter, json_node_get_object (member));
      while (json_object_iter_next_ordered (&iter, &label, &value))
        {
          g_autofree char *cell_path = NULL;
          g_autofree char *terrain = NULL;
          AciesCell cell = acies_board_cell_from_label (loader->board, label);
          const char *text = string_of (value);

          if (cell != ACIES_CELL_NONE && text != NULL && is_id_text (text))
            {
              map->terrain[cell] = g_intern_string (text);
              continue;
            }
          cell_path = acies_json_path_member (member_path, label);
          if (cell == ACIES_CELL_NONE)
            return FAIL (loader, value, cell_path, _("no cell \"%s\" on this board"), label);
          if (!acies_json_reader_string (&loader->r, value, cell_path, &terrain) ||
              !check_id_text (loader, value, cell_path, terrain))
            return FALSE;

          map->terrain[cell] = g_intern_string (terrain);
        }
    }

  if ((member = acies_json_member (node, "cell_features")) != NULL)
    {
      g_autofree char *member_path = acies_json_path_member (path, "cell_features");

      if (acies_json_reader_object (&loader->r, member, member_path) == NULL)
        return FALSE;

      json_object_iter_init_ordered (&iter, json_node_get_object (member));
      while (json_object_iter_next_ordered (&iter, &label, &value))
        {
          g_autofree char *cell_path = acies_json_path_member (member_path, label);
          AciesCell cell = acies_board_cell_from_label (loader->board, label);
          g_autoptr(GPtrArray) features = g_ptr_array_new_with_free_func (g_free);

          if (cell == ACIES_CELL_NONE)
            return FAIL (loader, value, cell_path, _("no cell \"%s\" on this board"), label);
          if (!read_strings (loader, value, cell_path, 64, STRINGS_IDS, features))
            return FALSE;
          for (guint i = 0; i < features->len; i++)
            acies_map_add_cell_feature (map, cell, g_ptr_array_index (features, i));
        }
    }

  if ((member = acies_json_member (node, "edge_features")) != NULL)
    {
      g_autofree char *member_path = acies_json_path_member (path, "edge_features");

      if (acies_json_reader_object (&loader->r, member, member_path) == NULL)
        return FALSE;

      json_object_iter_init_ordered (&iter, json_node_get_object (member));
      while (json_object_iter_next_ordered (&iter, &label, &value))
        {
          g_autofree char *edge_path = acies_json_path_member (member_path, label);
          AciesEdge edge = acies_board_edge_from_label (loader->board, label);
          g_autoptr(GPtrArray) features = g_ptr_array_new_with_free_func (g_free);

          if (edge == ACIES_EDGE_NONE)
            return FAIL (loader, value, edge_path,
                         _("no edge \"%s\" on this board (an edge is two adjacent cell labels joined by \"/\", or a cell and a map-border direction such as \"%s/N\")"),
                         label, acies_board_cell_label (loader->board, 0));
          if (!read_strings (loader, value, edge_path, 64, STRINGS_IDS, features))
            return FALSE;
          for (guint i = 0; i < features->len; i++)
            acies_map_add_edge_feature (map, edge, g_ptr_array_index (features, i));
        }
    }

  if ((member = acies_json_member (node, "elevation")) != NULL)
    {
      g_autofree char *member_path = acies_json_path_member (path, "elevation");

      if (acies_json_reader_object (&loader->r, member, member_path) == NULL)
        return FALSE;

      json_object_iter_init_ordered (&iter, json_node_get_object (member));
      while (json_object_iter_next_ordered (&iter, &label, &value))
        {
          g_autofree char *cell_path = acies_json_path_member (member_path, label);
          AciesCell cell = acies_board_cell_from_label (loader->board, label);
          gint64 level = 0;

          if (cell == ACIES_CELL_NONE)
            return FAIL (loader, value, cell_path, _("no cell \"%s\" on this board"), label);
          if (!acies_json_reader_int (&loader->r, value, cell_path, -MAX_ELEVATION, MAX_ELEVATION, &level))
            return FALSE;
          map->elevation[cell] = (gint) level;
        }
    }

  return TRUE;
}

static gboolean
read_metadata (Loader     *loader,
               JsonNode   *node,
               const char *path)
{
  static const char *members[] = { "title", "date", "place", "description", "designer", "notes",
                                   "sources", NULL };
  AciesMetadata *meta = &loader->scenario->meta;
  JsonNode *sources;

  if (!acies_json_reader_members (&loader->r, node, path, members))
    return FALSE;

  if (!read_text (loader, node, path, "title", &meta->title) ||
      !read_text (loader, node, path, "date", &meta->date) ||
      !read_text (loader, node, path, "place", &meta->place) ||
      !read_text (loader, node, path, "description", &meta->description) ||
      !read_text (loader, node, path, "designer", &meta->designer) ||
      !read_text (loader, node, path, "notes", &meta->notes))
    return FALSE;

  if ((sources = acies_json_member (node, "sources")) != NULL)
    {
      g_autofree char *sources_path = acies_json_path_member (path, "sources");

      if (!read_strings (loader, sources, sources_path, MAX_LIST_LENGTH, STRINGS_PLAIN, meta->sources))
        return FALSE;
    }

  return TRUE;
}

typedef gboolean (*ReadPartFunc) (Loader     *loader,
                                  JsonNode   *node,
                                  const char *path);

static gboolean
read_parts (Loader       *loader,
            JsonNode     *root,
            const char   *name,
            guint         max_length,
            ReadPartFunc  read_part)
{
  g_autofree char *array_path = acies_json_path_member ("$", name);
  JsonArray *array;

  if (acies_json_member (root, name) == NULL)
    return TRUE;

  if ((array = read_array_member (loader, root, "$", name, max_length)) == NULL)
    return FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = acies_json_path_index (array_path, i);
      JsonNode *element = json_array_get_element (array, i);

      if (acies_json_reader_object (&loader->r, element, path) == NULL)
        return FALSE;
      if (!read_part (loader, element, path))
        return FALSE;
    }

  return TRUE;
}

static gboolean
read_side (Loader     *loader,
           JsonNode   *node,
           const char *path)
{
  static const char *members[] = { "id", "name", "colour", "home_edge", "params", NULL };
  AciesSide *side = acies_side_new (NULL, NULL);
  JsonNode *member;

  g_ptr_array_add (loader->scenario->sides, side);

  if (!acies_json_reader_members (&loader->r, node, path, members) ||
      !read_id (loader, node, path, "id", TRUE, &side->id) ||
      !read_text (loader, node, path, "name", &side->name) ||
      !acies_json_reader_get_colour (&loader->r, node, path, "colour", FALSE, &side->colour) ||
      !read_params (loader, node, path, "params", FALSE, &side->params))
    return FALSE;

  if ((member = acies_json_member (node, "home_edge")) != NULL)
    {
      g_autofree char *member_path = acies_json_path_member (path, "home_edge");
      gint edge;

      if (!acies_json_reader_choice (&loader->r, member, member_path, map_edges, &edge))
        return FALSE;
      side->home_edge = edge;
    }

  return TRUE;
}

static gboolean
read_formation (Loader     *loader,
                JsonNode   *node,
                const char *path)
{
  static const char *members[] = { "id", "side", "kind", "name", "colour", "parent", "params", NULL };
  AciesFormation *formation = acies_formation_new (NULL, NULL, NULL);

  g_ptr_array_add (loader->scenario->formations, formation);

  return acies_json_reader_members (&loader->r, node, path, members) &&
         read_id (loader, node, path, "id", TRUE, &formation->id) &&
         read_id (loader, node, path, "side", TRUE, &formation->side) &&
         read_id (loader, node, path, "kind", TRUE, &formation->kind) &&
         read_text (loader, node, path, "name", &formation->name) &&
         acies_json_reader_get_colour (&loader->r, node, path, "colour", FALSE, &formation->colour) &&
         read_id (loader, node, path, "parent", FALSE, &formation->parent) &&
         read_params (loader, node, path, "params", FALSE, &formation->params);
}

static gboolean
read_unit (Loader     *loader,
           JsonNode   *node,
           const char *path)
{
  static const char *members[] = { "id", "side", "formation", "type", "name", "attrs", "hidden",
                                   "cell", "cell2", "facing", NULL };
  AciesUnit *unit = acies_unit_new (NULL, NULL, NULL);
  gint64 facing = -1;

  g_ptr_array_add (loader->scenario->units, unit);

  if (!(acies_json_reader_members (&loader->r, node, path, members) &&
        read_id (loader, node, path, "id", TRUE, &unit->id) &&
        read_id (loader, node, path, "side", TRUE, &unit->side) &&
        read_id (loader, node, path, "formation", FALSE, &unit->formation) &&
        read_id (loader, node, path, "type", TRUE, &unit->type) &&
        read_text (loader, node, path, "name", &unit->name) &&
        read_params (loader, node, path, "attrs", FALSE, &unit->attrs) &&
        read_params (loader, node, path, "hidden", TRUE, &unit->hidden) &&
        read_cell_member (loader, node, path, "cell", _("unit"), &unit->cell) &&
        read_cell_member (loader, node, path, "cell2", _("unit"), &unit->cell2) &&
        acies_json_reader_get_int (&loader->r, node, path, "facing", FALSE, 0, MAX_FACING, &facing)))
    return FALSE;

  unit->facing = (gint) facing;

  return TRUE;
}

static gboolean
read_leader (Loader     *loader,
             JsonNode   *node,
             const char *path)
{
  static const char *members[] = { "id", "side", "kind", "name", "formation", "attrs", "cell",
                                   "attached_to", NULL };
  AciesLeader *leader = acies_leader_new (NULL, NULL, NULL);

  g_ptr_array_add (loader->scenario->leaders, leader);

  return acies_json_reader_members (&loader->r, node, path, members) &&
         read_id (loader, node, path, "id", TRUE, &leader->id) &&
         read_id (loader, node, path, "side", TRUE, &leader->side) &&
         read_id (loader, node, path, "kind", TRUE, &leader->kind) &&
         read_text (loader, node, path, "name", &leader->name) &&
         read_id (loader, node, path, "formation", FALSE, &leader->formation) &&
         read_params (loader, node, path, "attrs", FALSE, &leader->attrs) &&
         read_cell_member (loader, node, path, "cell", _("leader"), &leader->cell) &&
         read_id (loader, node, path, "attached_to", FALSE, &leader->attached_to);
}

static gboolean
read_pool (Loader     *loader,
           JsonNode   *node,
           const char *path)
{
  static const char *members[] = { "id", "side", "formation", "area", "draw", "entries", "params", NULL };
  static const char *entry_members[] = { "type", "attrs", "hidden", "count", NULL };
  g_autofree char *entries_path = acies_json_path_member (path, "entries");
  AciesPool *pool = acies_pool_new (NULL, NULL);
  JsonArray *entries;

  g_ptr_array_add (loader->scenario->pools, pool);

  if (!(acies_json_reader_members (&loader->r, node, path, members) &&
        read_id (loader, node, path, "id", TRUE, &pool->id) &&
        read_id (loader, node, path, "side", TRUE, &pool->side) &&
        read_id (loader, node, path, "formation", FALSE, &pool->formation) &&
        read_id (loader, node, path, "area", FALSE, &pool->area) &&
        read_uint (loader, node, path, "draw", FALSE, 0, ACIES_MAX_UNITS, &pool->draw) &&
        read_params (loader, node, path, "params", FALSE, &pool->params)))
    return FALSE;

  if (acies_json_member (node, "entries") == NULL)
    return TRUE;

  if ((entries = read_array_member (loader, node, path, "entries", ACIES_MAX_UNITS)) == NULL)
    return FALSE;

  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      g_autofree char *entry_path = acies_json_path_index (entries_path, i);
      JsonNode *element = json_array_get_element (entries, i);
      AciesPoolEntry *entry;

      if (acies_json_reader_object (&loader->r, element, entry_path) == NULL)
        return FALSE;

      entry = acies_pool_entry_new (NULL, 1);
      g_ptr_array_add (pool->entries, entry);

      if (!(acies_json_reader_members (&loader->r, element, entry_path, entry_members) &&
            read_id (loader, element, entry_path, "type", TRUE, &entry->type) &&
            read_params (loader, element, entry_path, "attrs", FALSE, &entry->attrs) &&
            read_params (loader, element, entry_path, "hidden", TRUE, &entry->hidden) &&
            read_uint (loader, element, entry_path, "count", FALSE, 1, ACIES_MAX_UNITS, &entry->count)))
        return FALSE;
    }

  return TRUE;
}

static gint
compare_cells (gconstpointer a,
               gconstpointer b)
{
  AciesCell ca = *(const AciesCell *) a;
  AciesCell cb = *(const AciesCell *) b;

  return (ca > cb) - (ca < cb);
}

static gboolean
read_area (Loader     *loader,
           JsonNode   *node,
           const char *path)
{
  static const char *members[] = { "id", "name", "kind", "side", "formation", "cells", "params", NULL };
  g_autofree char *cells_path = acies_json_path_member (path, "cells");
  AciesArea *area = acies_area_new (NULL, NULL);
  JsonArray *cells;
  guint n_cells = acies_board_get_n_cells (loader->board);
  guint kept = 0;

  g_ptr_array_add (loader->scenario->areas, area);

  if (!(acies_json_reader_members (&loader->r, node, path, members) &&
        read_id (loader, node, path, "id", TRUE, &area->id) &&
        read_text (loader, node, path, "name", &area->name) &&
        read_id (loader, node, path, "kind", TRUE, &area->kind) &&
        read_id (loader, node, path, "side", FALSE, &area->side) &&
        read_id (loader, node, path, "formation", FALSE, &area->formation) &&
        read_params (loader, node, path, "params", FALSE, &area->params)))
    return FALSE;

  if (acies_json_member (node, "cells") == NULL)
    return TRUE;

  if ((cells = read_array_member (loader, node, path, "cells", MAX (n_cells, 1) * 4)) == NULL)
    return FALSE;

  g_array_set_size (area->cells, json_array_get_length (cells));
  for (guint i = 0; i < json_array_get_length (cells); i++)
    {
      JsonNode *element = json_array_get_element (cells, i);
      const char *label = string_of (element);
      g_autofree char *cell_path = NULL;
      AciesCell cell = ACIES_CELL_NONE;

      /* The path is made only for a message (issue 21). */
      if (label != NULL && (cell = acies_board_cell_from_label (loader->board, label)) != ACIES_CELL_NONE
          && acies_board_contains (loader->board, cell))
        {
          g_array_index (area->cells, AciesCell, i) = cell;
          continue;
        }
      cell_path = acies_json_path_index (cells_path, i);
      if (!read_cell (loader, element, cell_path, _("area cell"), &cell))
        return FALSE;
      g_array_index (area->cells, AciesCell, i) = cell;
    }

  /* Sorted and unique, so acies_area_contains() can search. */
  g_array_sort (area->cells, compare_cells);
  for (guint i = 0; i < area->cells->len; i++)
    if (kept == 0 || g_array_index (area->cells, AciesCell, i) != g_array_index (area->cells, AciesCell, kept - 1))
      g_array_index (area->cells, AciesCell, kept++) = g_array_index (area->cells, AciesCell, i);
  g_array_set_size (area->cells, kept);

  return TRUE;
}

static gboolean
read_reinforcement (Loader     *loader,
                    JsonNode   *node,
                    const char *path)
{
  static const char *members[] = { "id", "side", "turn", "area", "units", NULL };
  g_autofree char *units_path = acies_json_path_member (path, "units");
  AciesReinforcement *reinforcement = acies_reinforcement_new (NULL, NULL, 0);
  JsonNode *units;

  g_ptr_array_add (loader->scenario->reinforcements, reinforcement);

  if (!(acies_json_reader_members (&loader->r, node, path, members) &&
        read_id (loader, node, path, "id", TRUE, &reinforcement->id) &&
        read_id (loader, node, path, "side", TRUE, &reinforcement->side) &&
        read_uint (loader, node, path, "turn", TRUE, 0, MAX_TURN, &reinforcement->turn) &&
        read_id (loader, node, path, "area", FALSE, &reinforcement->area)))
    return FALSE;

  if ((units = acies_json_member (node, "units")) == NULL)
    return TRUE;

  return read_strings (loader, units, units_path, ACIES_MAX_UNITS, STRINGS_IDS,
                       reinforcement->units);
}

static gboolean
read_rule_entry (Loader     *loader,
                 JsonNode   *node,
                 const char *path,
                 GPtrArray  *array)
{
  static const char *members[] = { "kind", "side", "params", NULL };
  AciesRuleEntry *entry = acies_rule_entry_new (NULL);

  g_ptr_array_add (array, entry);

  return acies_json_reader_members (&loader->r, node, path, members) &&
         read_id (loader, node, path, "kind", TRUE, &entry->kind) &&
         read_id (loader, node, path, "side", FALSE, &entry->side) &&
         read_params (loader, node, path, "params", FALSE, &entry->params);
}

static gboolean
read_special_rule (Loader     *loader,
                   JsonNode   *node,
                   const char *path)
{
  return read_rule_entry (loader, node, path, loader->scenario->special_rules);
}

static gboolean
read_victory (Loader     *loader,
              JsonNode   *node,
              const char *path)
{
  return read_rule_entry (loader, node, path, loader->scenario->victory);
}

static gboolean
read_table_overrides (Loader     *loader,
                      JsonNode   *root)
{
  JsonNode *member = acies_json_member (root, "table_overrides");
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  if (member == NULL)
    return TRUE;

  if (acies_json_reader_object (&loader->r, member, "$.table_overrides") == NULL)
    return FALSE;

  json_object_iter_init_ordered (&iter, json_node_get_object (member));
  while (json_object_iter_next_ordered (&iter, &name, &value))
    {
      g_autofree char *path = acies_json_path_member ("$.table_overrides", name);

      if (!JSON_NODE_HOLDS_NULL (value) && acies_json_reader_object (&loader->r, value, path) == NULL)
        return FALSE;
    }

  return read_params (loader, root, "$", "table_overrides", TRUE, &loader->scenario->table_overrides);
}

/* Counts what a game costs before reading any of it: units, leaders and
 * every counter of every pool (an entry of "count": 500 is 500 counters),
 * against ACIES_MAX_UNITS.  An entry whose count is not a positive
 * integer counts once here; its reader says what is wrong with it. */
static gboolean
check_counts (Loader   *loader,
              JsonNode *root)
{
  static const char *kinds[] = { "units", "leaders", NULL };
  guint64 units = 0, counters = 0;
  JsonNode *member;

  for (guint i = 0; kinds[i] != NULL; i++)
    if ((member = acies_json_member (root, kinds[i])) != NULL && JSON_NODE_HOLDS_ARRAY (member))
      units += json_array_get_length (json_node_get_array (member));

  if ((member = acies_json_member (root, "pools")) != NULL && JSON_NODE_HOLDS_ARRAY (member))
    {
      JsonArray *pools = json_node_get_array (member);

      for (guint i = 0; i < json_array_get_length (pools) && units + counters <= ACIES_MAX_UNITS; i++)
        {
          JsonNode *entries = acies_json_member (json_array_get_element (pools, i), "entries");
          JsonArray *array;

          if (entries == NULL || !JSON_NODE_HOLDS_ARRAY (entries))
            continue;
          array = json_node_get_array (entries);
          for (guint e = 0; e < json_array_get_length (array) && units + counters <= ACIES_MAX_UNITS; e++)
            {
              JsonNode *count = acies_json_member (json_array_get_element (array, e), "count");

              if (count != NULL && JSON_NODE_HOLDS_VALUE (count)
                  && json_node_get_value_type (count) == G_TYPE_INT64 && json_node_get_int (count) > 1)
                counters += (guint64) json_node_get_int (count);
              else
                counters++;
            }
        }
    }

  if (units + counters > ACIES_MAX_UNITS)
    return acies_json_reader_fail (&loader->r, root, "$", ACIES_ENGINE_ERROR_TOO_LARGE,
                                   _("too many units, leaders and pool counters: more than %d "
                                     "(the pools' counters count one by one)"),
                                   ACIES_MAX_UNITS);

  return TRUE;
}

/* The node at @path ("$.units[3].cell", "$.map.terrain['0101']", as
 * acies_json_path_member() and the checks write them) under @root, or
 * the deepest one on the way that exists.  Found only when a check fails,
 * so reading keeps no table of paths (issue 21). */
static JsonNode *
node_at_path (JsonNode   *root,
              const char *path)
{
  JsonNode *node = root;
  const char *p = path;

  if (*p == '$')
    p++;
  while (*p != '\0')
    {
      JsonNode *next = NULL;

      if (*p == '.' && JSON_NODE_HOLDS_OBJECT (node))
        {
          const char *end = p + 1;
          g_autofree char *name = NULL;

          while (*end != '\0' && *end != '.' && *end != '[')
            end++;
          name = g_strndup (p + 1, end - p - 1);
          next = json_object_get_member (json_node_get_object (node), name);
          p = end;
        }
      else if (p[0] == '[' && p[1] == '\'' && JSON_NODE_HOLDS_OBJECT (node))
        {
          g_autoptr(GString) name = g_string_new (NULL);

          for (p += 2; *p != '\0' && *p != '\''; p++)
            {
              if (*p == '\\' && p[1] != '\0')
                p++;
              g_string_append_c (name, *p);
            }
          if (*p == '\'' && p[1] == ']')
            p += 2;
          else
            break;
          next = json_object_get_member (json_node_get_object (node), name->str);
        }
      else if (*p == '[' && g_ascii_isdigit (p[1]) && JSON_NODE_HOLDS_ARRAY (node))
        {
          char *end = NULL;
          guint64 index = g_ascii_strtoull (p + 1, &end, 10);
          JsonArray *array = json_node_get_array (node);

          if (*end != ']')
            break;
          p = end + 1;
          if (index < json_array_get_length (array))
            next = json_array_get_element (array, index);
        }
      if (next == NULL)
        break;
      node = next;
    }

  return node;
}

/* Turns the first error of the structure check into a read error, at the
 * nearest node of its path. */
static gboolean
check_structure (Loader   *loader,
                 JsonNode *root)
{
  g_autoptr(GPtrArray) problems = acies_problems_new ();

  acies_scenario_check_structure (loader->scenario, problems);

  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);
      JsonNode *near;

      if (problem->severity != ACIES_PROBLEM_ERROR)
        continue;

      near = node_at_path (root, problem->path != NULL ? problem->path : "$");

      return acies_json_reader_fail (&loader->r, near != NULL ? near : root,
                                     problem->path != NULL ? problem->path : "$",
                                     ACIES_ENGINE_ERROR_INVALID, "%s", problem->message);
    }

  return TRUE;
}

static gboolean
load (Loader   *loader,
      JsonNode *root)
{
  static const char *members[] = { "format", "version", "ruleset", "ruleset_version", "metadata",
                                   "board", "map", "areas", "sides", "formations", "units",
                                   "leaders", "pools", "reinforcements", "turn_limit", "first_side",
                                   "special_rules", "victory", "params", "table_overrides", NULL };
  g_autofree char *format = NULL;
  g_autofree char *ruleset = NULL;
  g_autoptr(AciesCatalogue) catalogue = NULL;
  JsonNode *member;
  gint64 version = 0;

  if (acies_json_reader_object (&loader->r, root, "$") == NULL)
    return FALSE;

  /* The format and version first: a newer file may have members this
   * reader does not know. */
  if ((member = acies_json_member (root, "format")) == NULL)
    return FAIL (loader, root, "$.format", _("missing: expected \"%s\" (is this an Acies scenario?)"),
                 ACIES_SCENARIO_FORMAT);
  if (!acies_json_reader_string (&loader->r, member, "$.format", &format))
    return FALSE;
  if (!g_str_equal (format, ACIES_SCENARIO_FORMAT))
    {
      g_autofree char *got = acies_json_describe (member);

      return FAIL (loader, member, "$.format", _("expected \"%s\", got %s"), ACIES_SCENARIO_FORMAT, got);
    }

  if (!acies_json_reader_get_int (&loader->r, root, "$", "version", TRUE, 1, G_MAXINT64, &version))
    return FALSE;
  if (version > ACIES_SCENARIO_VERSION)
    return acies_json_reader_fail (&loader->r, acies_json_member (root, "version"), "$.version",
                                   ACIES_ENGINE_ERROR_VERSION,
                                   _("written by a newer version of Acies (format %lld); this version reads up to %d"),
                                   (long long) version, ACIES_SCENARIO_VERSION);

  if (!acies_json_reader_members (&loader->r, root, "$", members))
    return FALSE;

  if (!read_id (loader, root, "$", "ruleset", TRUE, &ruleset))
    return FALSE;
  catalogue = acies_catalogue_lookup (ruleset);
  if (catalogue == NULL)
    {
      const char * const *known = acies_catalogue_list_bundled ();
      g_autofree char *list = known != NULL ? g_strjoinv (", ", (char **) known) : g_strdup ("");

      return acies_json_reader_fail (&loader->r, acies_json_member (root, "ruleset"), "$.ruleset",
                                     ACIES_ENGINE_ERROR_UNKNOWN_RULESET,
                                     _("unknown ruleset \"%s\" (known: %s)"), ruleset, list);
    }

  loader->catalogue = catalogue;
  if (!check_counts (loader, root))
    return FALSE;

  if ((member = acies_json_member (root, "board")) == NULL)
    return FAIL (loader, root, "$.board", _("missing: expected an object with the board's kind and size"));
  if (!read_board (loader, member, "$.board"))
    return FALSE;

  loader->scenario = acies_scenario_new (ruleset, loader->board, catalogue->default_terrain);

  if (!read_uint (loader, root, "$", "ruleset_version", FALSE, 1, 10000, &loader->scenario->ruleset_version))
    return FALSE;

  if ((member = acies_json_member (root, "metadata")) != NULL &&
      !read_metadata (loader, member, "$.metadata"))
    return FALSE;

  if (!read_map (loader, acies_json_member (root, "map"), "$.map",
                 catalogue->default_terrain != NULL ? catalogue->default_terrain : "clear"))
    return FALSE;

  if (!read_parts (loader, root, "areas", MAX_LIST_LENGTH, read_area) ||
      !read_parts (loader, root, "sides", 64, read_side) ||
      !read_parts (loader, root, "formations", MAX_LIST_LENGTH, read_formation) ||
      !read_parts (loader, root, "units", ACIES_MAX_UNITS, read_unit) ||
      !read_parts (loader, root, "leaders", ACIES_MAX_UNITS, read_leader) ||
      !read_parts (loader, root, "pools", ACIES_MAX_UNITS, read_pool) ||
      !read_parts (loader, root, "reinforcements", MAX_LIST_LENGTH, read_reinforcement) ||
      !read_uint (loader, root, "$", "turn_limit", FALSE, 0, MAX_TURN, &loader->scenario->turn_limit) ||
      !read_id (loader, root, "$", "first_side", FALSE, &loader->scenario->first_side) ||
      !read_parts (loader, root, "special_rules", MAX_LIST_LENGTH, read_special_rule) ||
      !read_parts (loader, root, "victory", MAX_LIST_LENGTH, read_victory) ||
      !read_params (loader, root, "$", "params", FALSE, &loader->scenario->params) ||
      !read_table_overrides (loader, root))
    return FALSE;

  return check_structure (loader, root);
}

static AciesScenario *
scenario_from_doc (JsonNode    *root,
                   GHashTable  *positions,
                   const char  *display_name,
                   GError     **error)
{
  Loader loader = { 0 };

  acies_json_reader_init (&loader.r, positions, display_name);

  load (&loader, root);

  g_clear_pointer (&loader.board, acies_board_unref);

  if (loader.r.error != NULL)
    {
      g_clear_pointer (&loader.scenario, acies_scenario_unref);
      g_propagate_error (error, loader.r.error);
      return NULL;
    }

  g_assert (loader.scenario != NULL);

  return loader.scenario;
}

/**
 * acies_scenario_from_json:
 * @root: the root of a parsed scenario document
 * @display_name: (nullable): the file name used in messages
 * @error: return location for an error
 *
 * Builds a scenario from JSON, checking every member (see
 * docs/file-format.md).  Without the positions that acies_json_parse()
 * cannot keep, messages read "FILE: PATH: what"; the load functions give
 * the line and column too.
 *
 * Returns: (transfer full) (nullable): the scenario, or %NULL with @error
 *   set (%ACIES_ENGINE_ERROR_FORMAT, _VERSION, _UNKNOWN_RULESET,
 *   _INVALID or _TOO_LARGE)
 */
AciesScenario *
acies_scenario_from_json (JsonNode    *root,
                          const char  *display_name,
                          GError     **error)
{
  g_return_val_if_fail (root != NULL, NULL);

  return scenario_from_doc (root, NULL, display_name, error);
}

/**
 * acies_scenario_load_data:
 * @data: the text of a .acies file
 * @length: its length in bytes, or -1 if NUL-terminated
 * @display_name: (nullable): the file name used in messages
 * @error: return location for an error
 *
 * Parses and reads a scenario.  Errors say
 * "FILE:LINE:COLUMN: $.units[3].cell: expected …, got …".
 *
 * Returns: (transfer full) (nullable): the scenario, or %NULL with @error set
 */
AciesScenario *
acies_scenario_load_data (const char  *data,
                          gssize       length,
                          const char  *display_name,
                          GError     **error)
{
  g_autoptr(AciesJsonDoc) doc = NULL;

  if (display_name == NULL)
    display_name = "<data>";

  if (length < 0)
    length = data != NULL ? strlen (data) : 0;
  if ((gsize) length > ACIES_MAX_FILE_SIZE)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                   _("%s: the file is too large (%ld bytes); Acies reads files of up to %d bytes"),
                   display_name, (long) length, ACIES_MAX_FILE_SIZE);
      return NULL;
    }

  doc = acies_json_doc_parse (data, length, display_name, error);
  if (doc == NULL)
    return NULL;

  return scenario_from_doc (doc->root, doc->positions, display_name, error);
}

/**
 * acies_scenario_load_file:
 * @file: a .acies file
 * @error: return location for an error
 *
 * Reads a scenario file through acies_file_read_text() (size limit, UTF-8)
 * and acies_scenario_load_data().
 *
 * Returns: (transfer full) (nullable): the scenario, or %NULL with @error set
 */
AciesScenario *
acies_scenario_load_file (GFile   *file,
                          GError **error)
{
  g_autofree char *data = NULL;
  g_autofree char *name = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  data = acies_file_read_text (file, &length, error);
  if (data == NULL)
    return NULL;

  name = g_file_get_parse_name (file);

  return acies_scenario_load_data (data, length, name, error);
}

/**
 * acies_scenario_load_path:
 * @path: a file name
 * @error: return location for an error
 *
 * Returns: (transfer full) (nullable): the scenario, or %NULL with @error set
 */
AciesScenario *
acies_scenario_load_path (const char  *path,
                          GError     **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  file = g_file_new_for_path (path);

  return acies_scenario_load_file (file, error);
}

/* Writing */

static void
add_string (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  if (value == NULL)
    return;

  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

static void
add_object (JsonBuilder *builder,
            const char  *name,
            JsonObject  *object)
{
  JsonNode *node;

  if (object == NULL || json_object_get_size (object) == 0)
    return;

  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, acies_json_object_copy (object));
  json_builder_set_member_name (builder, name);
  json_builder_add_value (builder, node);
}

static void
add_cell (JsonBuilder      *builder,
          const AciesBoard *board,
          const char       *name,
          AciesCell         cell)
{
  if (cell == ACIES_CELL_NONE || board == NULL || !acies_board_contains (board, cell))
    return;

  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, acies_board_cell_label (board, cell));
}

static void
add_strings (JsonBuilder *builder,
             const char  *name,
             GPtrArray   *strings,
             gboolean     always)
{
  if (!always && (strings == NULL || strings->len == 0))
    return;

  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; strings != NULL && i < strings->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (strings, i));
  json_builder_end_array (builder);
}

/* The terrain most cells have; a tie goes to the one met first. */
static const char *
most_common_terrain (const AciesMap *map)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  guint n_cells = acies_board_get_n_cells (map->board);
  const char *best = NULL;
  guint best_count = 0;

  for (guint i = 0; i < n_cells; i++)
    {
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, map->terrain[i])) + 1;

      g_hash_table_insert (counts, (gpointer) map->terrain[i], GUINT_TO_POINTER (count));
      if (count > best_count)
        {
          best = map->terrain[i];
          best_count = count;
        }
    }

  return best;
}

static void
write_board (JsonBuilder      *builder,
             const AciesBoard *board)
{
  AciesBoardKind kind = acies_board_get_kind (board);
  guint first_col = 1, first_row = 1;

  json_builder_set_member_name (builder, "board");
  json_builder_begin_object (builder);
  add_string (builder, "kind", board_kinds[kind]);
  if (kind != ACIES_BOARD_ZONES)
    {
      json_builder_set_member_name (builder, "width");
      json_builder_add_int_value (builder, acies_board_get_width (board));
      json_builder_set_member_name (builder, "height");
      json_builder_add_int_value (builder, acies_board_get_height (board));
    }
  if (kind == ACIES_BOARD_HEX)
    {
      add_string (builder, "orientation", orientations[acies_board_get_orientation (board)]);
      add_string (builder, "offset", offsets[acies_board_get_offset (board)]);
    }
  add_string (builder, "labels", label_schemes[acies_board_get_label_scheme (board)]);
  acies_board_get_label_origin (board, &first_col, &first_row);
  if (first_col != 1 || first_row != 1)
    {
      json_builder_set_member_name (builder, "label_origin");
      json_builder_begin_array (builder);
      json_builder_add_int_value (builder, first_col);
      json_builder_add_int_value (builder, first_row);
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
}

static void
write_features (JsonBuilder  *builder,
                GPtrArray    *features)
{
  json_builder_begin_array (builder);
  for (guint j = 0; j < features->len; j++)
    json_builder_add_string_value (builder, g_ptr_array_index (features, j));
  json_builder_end_array (builder);
}

static void
write_map (JsonBuilder    *builder,
           const AciesMap *map)
{
  guint n_cells = acies_board_get_n_cells (map->board);
  guint n_edges = acies_board_get_n_edges (map->board);
  const char *default_terrain = most_common_terrain (map);
  gboolean any;

  json_builder_set_member_name (builder, "map");
  json_builder_begin_object (builder);
  add_string (builder, "default_terrain", default_terrain);

  any = FALSE;
  for (guint i = 0; i < n_cells; i++)
    if (map->terrain[i] != default_terrain)
      {
        if (!any)
          {
            json_builder_set_member_name (builder, "terrain");
            json_builder_begin_object (builder);
            any = TRUE;
          }
        add_string (builder, acies_board_cell_label (map->board, i), map->terrain[i]);
      }
  if (any)
    json_builder_end_object (builder);

  any = FALSE;
  for (guint i = 0; i < n_cells; i++)
    if (map->cell_features[i] != NULL && map->cell_features[i]->len > 0)
      {
        if (!any)
          {
            json_builder_set_member_name (builder, "cell_features");
            json_builder_begin_object (builder);
            any = TRUE;
          }
        json_builder_set_member_name (builder, acies_board_cell_label (map->board, i));
        write_features (builder, map->cell_features[i]);
      }
  if (any)
    json_builder_end_object (builder);

  any = FALSE;
  for (guint i = 0; i < n_edges; i++)
    if (map->edge_features[i] != NULL && map->edge_features[i]->len > 0)
      {
        if (!any)
          {
            json_builder_set_member_name (builder, "edge_features");
            json_builder_begin_object (builder);
            any = TRUE;
          }
        json_builder_set_member_name (builder, acies_board_edge_label (map->board, i));
        write_features (builder, map->edge_features[i]);
      }
  if (any)
    json_builder_end_object (builder);

  any = FALSE;
  for (guint i = 0; i < n_cells; i++)
    if (map->elevation[i] != 0)
      {
        if (!any)
          {
            json_builder_set_member_name (builder, "elevation");
            json_builder_begin_object (builder);
            any = TRUE;
          }
        json_builder_set_member_name (builder, acies_board_cell_label (map->board, i));
        json_builder_add_int_value (builder, map->elevation[i]);
      }
  if (any)
    json_builder_end_object (builder);

  json_builder_end_object (builder);
}

static void
begin_parts (JsonBuilder *builder,
             const char  *name)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
}

static void
write_rule_entries (JsonBuilder *builder,
                    const char  *name,
                    GPtrArray   *entries)
{
  if (entries->len == 0)
    return;

  begin_parts (builder, name);
  for (guint i = 0; i < entries->len; i++)
    {
      const AciesRuleEntry *entry = g_ptr_array_index (entries, i);

      json_builder_begin_object (builder);
      add_string (builder, "kind", entry->kind);
      add_string (builder, "side", entry->side);
      add_object (builder, "params", entry->params);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/**
 * acies_scenario_to_json:
 * @scenario: a scenario
 *
 * Writes @scenario in its canonical form: members in the order of
 * docs/file-format.md, cells as the board's labels, and every optional
 * member that is absent, null, empty or at its default (facing -1, draw 0,
 * turn limit 0, label origin 1, 1) left out.  Reading what this writes and
 * writing it again gives the same bytes.
 *
 * Returns: (transfer full): the root object
 */
JsonNode *
acies_scenario_to_json (const AciesScenario *scenario)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  const AciesBoard *board;
  const AciesMetadata *meta;

  g_return_val_if_fail (scenario != NULL, NULL);

  board = scenario->map.board;
  meta = &scenario->meta;

  json_builder_begin_object (builder);
  add_string (builder, "format", ACIES_SCENARIO_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, ACIES_SCENARIO_VERSION);
  add_string (builder, "ruleset", scenario->ruleset);
  json_builder_set_member_name (builder, "ruleset_version");
  json_builder_add_int_value (builder, MAX (scenario->ruleset_version, 1));

  if (meta->title != NULL || meta->date != NULL || meta->place != NULL ||
      meta->description != NULL || meta->designer != NULL || meta->notes != NULL ||
      (meta->sources != NULL && meta->sources->len > 0))
    {
      json_builder_set_member_name (builder, "metadata");
      json_builder_begin_object (builder);
      add_string (builder, "title", meta->title);
      add_string (builder, "date", meta->date);
      add_string (builder, "place", meta->place);
      add_string (builder, "description", meta->description);
      add_string (builder, "designer", meta->designer);
      add_string (builder, "notes", meta->notes);
      add_strings (builder, "sources", meta->sources, FALSE);
      json_builder_end_object (builder);
    }

  if (board != NULL)
    {
      write_board (builder, board);
      write_map (builder, &scenario->map);
    }

  if (scenario->areas->len > 0)
    {
      begin_parts (builder, "areas");
      for (guint i = 0; i < scenario->areas->len; i++)
        {
          const AciesArea *area = g_ptr_array_index (scenario->areas, i);

          json_builder_begin_object (builder);
          add_string (builder, "id", area->id);
          add_string (builder, "name", area->name);
          add_string (builder, "kind", area->kind);
          add_string (builder, "side", area->side);
          add_string (builder, "formation", area->formation);
          json_builder_set_member_name (builder, "cells");
          json_builder_begin_array (builder);
          for (guint j = 0; board != NULL && j < area->cells->len; j++)
            {
              AciesCell cell = g_array_index (area->cells, AciesCell, j);

              if (acies_board_contains (board, cell))
                json_builder_add_string_value (builder, acies_board_cell_label (board, cell));
            }
          json_builder_end_array (builder);
          add_object (builder, "params", area->params);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  if (scenario->sides->len > 0)
    {
      begin_parts (builder, "sides");
      for (guint i = 0; i < scenario->sides->len; i++)
        {
          const AciesSide *side = g_ptr_array_index (scenario->sides, i);

          json_builder_begin_object (builder);
          add_string (builder, "id", side->id);
          add_string (builder, "name", side->name);
          add_string (builder, "colour", side->colour);
          if (side->home_edge >= ACIES_MAP_EDGE_NORTH && side->home_edge <= ACIES_MAP_EDGE_WEST)
            add_string (builder, "home_edge", map_edges[side->home_edge]);
          add_object (builder, "params", side->params);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  if (scenario->formations->len > 0)
    {
      begin_parts (builder, "formations");
      for (guint i = 0; i < scenario->formations->len; i++)
        {
          const AciesFormation *formation = g_ptr_array_index (scenario->formations, i);

          json_builder_begin_object (builder);
          add_string (builder, "id", formation->id);
          add_string (builder, "side", formation->side);
          add_string (builder, "kind", formation->kind);
          add_string (builder, "name", formation->name);
          add_string (builder, "colour", formation->colour);
          add_string (builder, "parent", formation->parent);
          add_object (builder, "params", formation->params);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  if (scenario->units->len > 0)
    {
      begin_parts (builder, "units");
      for (guint i = 0; i < scenario->units->len; i++)
        {
          const AciesUnit *unit = g_ptr_array_index (scenario->units, i);

          json_builder_begin_object (builder);
          add_string (builder, "id", unit->id);
          add_string (builder, "side", unit->side);
          add_string (builder, "formation", unit->formation);
          add_string (builder, "type", unit->type);
          add_string (builder, "name", unit->name);
          add_object (builder, "attrs", unit->attrs);
          add_object (builder, "hidden", unit->hidden);
          add_cell (builder, board, "cell", unit->cell);
          add_cell (builder, board, "cell2", unit->cell2);
          if (unit->facing >= 0)
            {
              json_builder_set_member_name (builder, "facing");
              json_builder_add_int_value (builder, unit->facing);
            }
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  if (scenario->leaders->len > 0)
    {
      begin_parts (builder, "leaders");
      for (guint i = 0; i < scenario->leaders->len; i++)
        {
          const AciesLeader *leader = g_ptr_array_index (scenario->leaders, i);

          json_builder_begin_object (builder);
          add_string (builder, "id", leader->id);
          add_string (builder, "side", leader->side);
          add_string (builder, "kind", leader->kind);
          add_string (builder, "name", leader->name);
          add_string (builder, "formation", leader->formation);
          add_object (builder, "attrs", leader->attrs);
          add_cell (builder, board, "cell", leader->cell);
          add_string (builder, "attached_to", leader->attached_to);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  if (scenario->pools->len > 0)
    {
      begin_parts (builder, "pools");
      for (guint i = 0; i < scenario->pools->len; i++)
        {
          const AciesPool *pool = g_ptr_array_index (scenario->pools, i);

          json_builder_begin_object (builder);
          add_string (builder, "id", pool->id);
          add_string (builder, "side", pool->side);
          add_string (builder, "formation", pool->formation);
          add_string (builder, "area", pool->area);
          if (pool->draw > 0)
            {
              json_builder_set_member_name (builder, "draw");
              json_builder_add_int_value (builder, pool->draw);
            }
          json_builder_set_member_name (builder, "entries");
          json_builder_begin_array (builder);
          for (guint j = 0; j < pool->entries->len; j++)
            {
              const AciesPoolEntry *entry = g_ptr_array_index (pool->entries, j);

              json_builder_begin_object (builder);
              add_string (builder, "type", entry->type);
              add_object (builder, "attrs", entry->attrs);
              add_object (builder, "hidden", entry->hidden);
              json_builder_set_member_name (builder, "count");
              json_builder_add_int_value (builder, entry->count);
              json_builder_end_object (builder);
            }
          json_builder_end_array (builder);
          add_object (builder, "params", pool->params);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  if (scenario->reinforcements->len > 0)
    {
      begin_parts (builder, "reinforcements");
      for (guint i = 0; i < scenario->reinforcements->len; i++)
        {
          const AciesReinforcement *reinforcement = g_ptr_array_index (scenario->reinforcements, i);

          json_builder_begin_object (builder);
          add_string (builder, "id", reinforcement->id);
          add_string (builder, "side", reinforcement->side);
          json_builder_set_member_name (builder, "turn");
          json_builder_add_int_value (builder, reinforcement->turn);
          add_string (builder, "area", reinforcement->area);
          add_strings (builder, "units", reinforcement->units, TRUE);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  if (scenario->turn_limit > 0)
    {
      json_builder_set_member_name (builder, "turn_limit");
      json_builder_add_int_value (builder, scenario->turn_limit);
    }
  add_string (builder, "first_side", scenario->first_side);
  write_rule_entries (builder, "special_rules", scenario->special_rules);
  write_rule_entries (builder, "victory", scenario->victory);
  add_object (builder, "params", scenario->params);
  add_object (builder, "table_overrides", scenario->table_overrides);

  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

/**
 * acies_scenario_to_data:
 * @scenario: a scenario
 * @length: (out) (optional): the length in bytes
 *
 * Returns: (transfer full): the canonical .acies text of @scenario,
 *   pretty-printed with a 2-space indent and ending in a newline
 */
char *
acies_scenario_to_data (const AciesScenario *scenario,
                        gsize               *length)
{
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  char *data;

  g_return_val_if_fail (scenario != NULL, NULL);

  root = acies_scenario_to_json (scenario);
  generator = json_generator_new ();
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_indent_char (generator, ' ');
  json_generator_set_root (generator, root);

  text = json_generator_to_data (generator, NULL);
  data = g_strconcat (text, "\n", NULL);
  if (length != NULL)
    *length = strlen (data);

  return data;
}

/**
 * acies_scenario_save_file:
 * @scenario: a scenario
 * @file: where to save it
 * @error: return location for an error
 *
 * Saves @scenario through acies_file_replace_contents(): atomically, no
 * backup left beside it.  On error (%ACIES_ENGINE_ERROR_IO) @file is
 * untouched (absent when it was new).
 *
 * Returns: %TRUE on success
 */
gboolean
acies_scenario_save_file (const AciesScenario  *scenario,
                          GFile                *file,
                          GError              **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  data = acies_scenario_to_data (scenario, &length);

  return acies_file_replace_contents (file, data, length, error);
}
