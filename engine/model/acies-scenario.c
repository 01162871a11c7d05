/* acies-scenario.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-model"

#include "config.h"

#include <string.h>

#include "model/acies-scenario.h"

G_DEFINE_BOXED_TYPE (AciesScenario, acies_scenario, acies_scenario_ref, acies_scenario_unref)

/* JSON helpers */

/**
 * acies_json_node_copy_deep:
 * @node: (nullable): a JSON node
 *
 * Copies @node and everything below it, unlike json_node_copy(), which
 * shares objects and arrays with the original.
 *
 * Returns: (transfer full) (nullable): the copy
 */
JsonNode *
acies_json_node_copy_deep (JsonNode *node)
{
  JsonNode *copy;

  if (node == NULL)
    return NULL;

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      copy = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (copy, acies_json_object_copy (json_node_get_object (node)));
      return copy;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint n = json_array_get_length (array);
        JsonArray *out = json_array_sized_new (n);

        for (guint i = 0; i < n; i++)
          json_array_add_element (out, acies_json_node_copy_deep (json_array_get_element (array, i)));

        copy = json_node_new (JSON_NODE_ARRAY);
        json_node_take_array (copy, out);
        return copy;
      }

    case JSON_NODE_VALUE:
    case JSON_NODE_NULL:
    default:
      return json_node_copy (node);
    }
}

/**
 * acies_json_object_copy:
 * @object: (nullable): a JSON object
 *
 * Returns: (transfer full) (nullable): a deep copy of @object, members in
 *   the same order
 */
JsonObject *
acies_json_object_copy (JsonObject *object)
{
  JsonObject *copy;
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  if (object == NULL)
    return NULL;

  copy = json_object_new ();
  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    json_object_set_member (copy, name, acies_json_node_copy_deep (member));

  return copy;
}

/**
 * acies_json_object_equal:
 * @a: (nullable): a JSON object
 * @b: (nullable): a JSON object
 *
 * Compares two objects by value (member order does not matter) with
 * json_node_equal(); %NULL equals an empty object.
 *
 * Returns: %TRUE if equal
 */
static gboolean node_equal (JsonNode *a, JsonNode *b);

/* json_object_equal() without its list of member names: the same test,
 * member by member, allocating nothing (random games compare their
 * scenario with the last one's before each game). */
static gboolean
object_equal (JsonObject *a,
              JsonObject *b)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  if (a == b)
    return TRUE;
  if (json_object_get_size (a) != json_object_get_size (b))
    return FALSE;
  json_object_iter_init (&iter, a);
  while (json_object_iter_next (&iter, &name, &member))
    {
      JsonNode *other = json_object_get_member (b, name);

      if (other == NULL || !node_equal (member, other))
        return FALSE;
    }

  return TRUE;
}

/* json_node_equal(), with objects and arrays compared here. */
static gboolean
node_equal (JsonNode *a,
            JsonNode *b)
{
  if (a == b)
    return TRUE;
  if (JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
    return FALSE;
  if (JSON_NODE_HOLDS_OBJECT (a))
    return object_equal (json_node_get_object (a), json_node_get_object (b));
  if (JSON_NODE_HOLDS_ARRAY (a))
    {
      JsonArray *x = json_node_get_array (a), *y = json_node_get_array (b);
      guint len = json_array_get_length (x);

      if (x == y)
        return TRUE;
      if (len != json_array_get_length (y))
        return FALSE;
      for (guint i = 0; i < len; i++)
        if (!node_equal (json_array_get_element (x, i), json_array_get_element (y, i)))
          return FALSE;
      return TRUE;
    }

  return json_node_equal (a, b);
}

gboolean
acies_json_object_equal (JsonObject *a,
                         JsonObject *b)
{
  guint size_a = a != NULL ? json_object_get_size (a) : 0;
  guint size_b = b != NULL ? json_object_get_size (b) : 0;

  if (size_a == 0 || size_b == 0)
    return size_a == size_b;

  return object_equal (a, b);
}

static gboolean
str_equal0 (const char *a,
            const char *b)
{
  return g_strcmp0 (a, b) == 0;
}

/* Arrays of parts */

typedef gpointer (*CopyFunc)  (gconstpointer item);
typedef gboolean (*EqualFunc) (gconstpointer a, gconstpointer b);

static GPtrArray *
parts_copy (GPtrArray      *array,
            CopyFunc        copy,
            GDestroyNotify  free_func)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (free_func);

  for (guint i = 0; array != NULL && i < array->len; i++)
    g_ptr_array_add (out, copy (g_ptr_array_index (array, i)));

  return out;
}

static gboolean
parts_equal (GPtrArray *a,
             GPtrArray *b,
             EqualFunc  equal)
{
  guint len_a = a != NULL ? a->len : 0;
  guint len_b = b != NULL ? b->len : 0;

  if (len_a != len_b)
    return FALSE;

  for (guint i = 0; i < len_a; i++)
    if (!equal (g_ptr_array_index (a, i), g_ptr_array_index (b, i)))
      return FALSE;

  return TRUE;
}

/* Members of the parts: each part lists its members once, in a table
 * that its free, copy and equal functions walk. */

typedef enum
{
  FIELD_STRING,   /* char *, g_strdup()ed */
  FIELD_JSON,     /* JsonObject *, deep-copied, compared by value */
  FIELD_STRV,     /* GPtrArray of char * (copied as an array even if NULL) */
  FIELD_INT,      /* a gint-sized value: gint, guint, AciesCell, an enum */
} FieldKind;

typedef struct
{
  FieldKind kind;
  gsize     offset;
} Field;

#define STRING_FIELD(T, m) { FIELD_STRING, G_STRUCT_OFFSET (T, m) }
#define JSON_FIELD(T, m)   { FIELD_JSON, G_STRUCT_OFFSET (T, m) }
#define STRV_FIELD(T, m)   { FIELD_STRV, G_STRUCT_OFFSET (T, m) }
#define INT_FIELD(T, m)    { FIELD_INT, G_STRUCT_OFFSET (T, m) }

G_STATIC_ASSERT (sizeof (AciesCell) == sizeof (gint));
G_STATIC_ASSERT (sizeof (AciesMapEdge) == sizeof (gint));

/* Frees the members of @part listed in @fields (not @part itself). */
static void
fields_clear (gpointer     part,
              const Field *fields,
              gsize        n_fields)
{
  for (gsize i = 0; i < n_fields; i++)
    {
      gpointer *m = G_STRUCT_MEMBER_P (part, fields[i].offset);

      if (fields[i].kind == FIELD_STRING)
        g_clear_pointer (m, g_free);
      else if (fields[i].kind == FIELD_JSON)
        g_clear_pointer (m, json_object_unref);
      else if (fields[i].kind == FIELD_STRV)
        g_clear_pointer (m, g_ptr_array_unref);
    }
}

/* Sets the members of @dest listed in @fields to copies of @src's. */
static void
fields_copy (gpointer      dest,
             gconstpointer src,
             const Field  *fields,
             gsize         n_fields)
{
  for (gsize i = 0; i < n_fields; i++)
    {
      gsize o = fields[i].offset;

      if (fields[i].kind == FIELD_STRING)
        G_STRUCT_MEMBER (char *, dest, o) = g_strdup (G_STRUCT_MEMBER (char *, src, o));
      else if (fields[i].kind == FIELD_JSON)
        G_STRUCT_MEMBER (JsonObject *, dest, o) = acies_json_object_copy (G_STRUCT_MEMBER (JsonObject *, src, o));
      else if (fields[i].kind == FIELD_STRV)
        G_STRUCT_MEMBER (GPtrArray *, dest, o) = parts_copy (G_STRUCT_MEMBER (GPtrArray *, src, o),
                                                             (CopyFunc) g_strdup, g_free);
      else
        G_STRUCT_MEMBER (gint, dest, o) = G_STRUCT_MEMBER (gint, src, o);
    }
}

/* Whether the members of @a and @b listed in @fields are equal. */
static gboolean
fields_equal (gconstpointer  a,
              gconstpointer  b,
              const Field   *fields,
              gsize          n_fields)
{
  for (gsize i = 0; i < n_fields; i++)
    {
      gsize o = fields[i].offset;
      gboolean same;

      if (fields[i].kind == FIELD_STRING)
        same = str_equal0 (G_STRUCT_MEMBER (char *, a, o), G_STRUCT_MEMBER (char *, b, o));
      else if (fields[i].kind == FIELD_JSON)
        same = acies_json_object_equal (G_STRUCT_MEMBER (JsonObject *, a, o), G_STRUCT_MEMBER (JsonObject *, b, o));
      else if (fields[i].kind == FIELD_STRV)
        same = parts_equal (G_STRUCT_MEMBER (GPtrArray *, a, o), G_STRUCT_MEMBER (GPtrArray *, b, o),
                            (EqualFunc) str_equal0);
      else
        same = G_STRUCT_MEMBER (gint, a, o) == G_STRUCT_MEMBER (gint, b, o);
      if (!same)
        return FALSE;
    }

  return TRUE;
}

/* The same for all the members in @table, an array of Field. */
#define PART_COPY(dest, part, table) fields_copy (dest, part, table, G_N_ELEMENTS (table))
#define PART_EQUAL(a, b, table) fields_equal (a, b, table, G_N_ELEMENTS (table))
#define PART_CLEAR(part, table) fields_clear (part, table, G_N_ELEMENTS (table))

static const Field side_fields[] = {
  STRING_FIELD (AciesSide, id), STRING_FIELD (AciesSide, name), STRING_FIELD (AciesSide, colour),
  INT_FIELD (AciesSide, home_edge), JSON_FIELD (AciesSide, params),
};

static const Field formation_fields[] = {
  STRING_FIELD (AciesFormation, id), STRING_FIELD (AciesFormation, side),
  STRING_FIELD (AciesFormation, parent), STRING_FIELD (AciesFormation, kind),
  STRING_FIELD (AciesFormation, name), STRING_FIELD (AciesFormation, colour),
  JSON_FIELD (AciesFormation, params),
};

static const Field unit_fields[] = {
  STRING_FIELD (AciesUnit, id), STRING_FIELD (AciesUnit, side), STRING_FIELD (AciesUnit, formation),
  STRING_FIELD (AciesUnit, type), STRING_FIELD (AciesUnit, name),
  JSON_FIELD (AciesUnit, attrs), JSON_FIELD (AciesUnit, hidden),
  INT_FIELD (AciesUnit, cell), INT_FIELD (AciesUnit, cell2), INT_FIELD (AciesUnit, facing),
};

static const Field leader_fields[] = {
  STRING_FIELD (AciesLeader, id), STRING_FIELD (AciesLeader, side), STRING_FIELD (AciesLeader, formation),
  STRING_FIELD (AciesLeader, kind), STRING_FIELD (AciesLeader, name), JSON_FIELD (AciesLeader, attrs),
  INT_FIELD (AciesLeader, cell), STRING_FIELD (AciesLeader, attached_to),
};

static const Field pool_entry_fields[] = {
  STRING_FIELD (AciesPoolEntry, type), JSON_FIELD (AciesPoolEntry, attrs),
  JSON_FIELD (AciesPoolEntry, hidden), INT_FIELD (AciesPoolEntry, count),
};

/* And the entries, by hand. */
static const Field pool_fields[] = {
  STRING_FIELD (AciesPool, id), STRING_FIELD (AciesPool, side), STRING_FIELD (AciesPool, formation),
  STRING_FIELD (AciesPool, area), INT_FIELD (AciesPool, draw), JSON_FIELD (AciesPool, params),
};

/* And the cells, by hand. */
static const Field area_fields[] = {
  STRING_FIELD (AciesArea, id), STRING_FIELD (AciesArea, name), STRING_FIELD (AciesArea, kind),
  STRING_FIELD (AciesArea, side), STRING_FIELD (AciesArea, formation), JSON_FIELD (AciesArea, params),
};

static const Field reinforcement_fields[] = {
  STRING_FIELD (AciesReinforcement, id), STRING_FIELD (AciesReinforcement, side),
  INT_FIELD (AciesReinforcement, turn), STRING_FIELD (AciesReinforcement, area),
  STRV_FIELD (AciesReinforcement, units),
};

static const Field rule_entry_fields[] = {
  STRING_FIELD (AciesRuleEntry, kind), STRING_FIELD (AciesRuleEntry, side), JSON_FIELD (AciesRuleEntry, params),
};

static const Field metadata_fields[] = {
  STRING_FIELD (AciesMetadata, title), STRING_FIELD (AciesMetadata, date), STRING_FIELD (AciesMetadata, place),
  STRING_FIELD (AciesMetadata, description), STRING_FIELD (AciesMetadata, designer),
  STRING_FIELD (AciesMetadata, notes), STRV_FIELD (AciesMetadata, sources),
};

/* Parts: constructors, free, copy, equal */

/**
 * acies_side_new:
 * @id: the side's id, unique among sides
 * @name: (nullable): the name shown to players
 *
 * Returns: (transfer full): a new side with no home edge and empty params
 */
AciesSide *
acies_side_new (const char *id,
                const char *name)
{
  AciesSide *side = g_new0 (AciesSide, 1);

  side->id = g_strdup (id);
  side->name = g_strdup (name);
  side->home_edge = ACIES_MAP_EDGE_NONE;
  side->params = json_object_new ();

  return side;
}

void
acies_side_free (AciesSide *side)
{
  if (side == NULL)
    return;

  PART_CLEAR (side, side_fields);
  g_free (side);
}

static AciesSide *
side_copy (const AciesSide *side)
{
  AciesSide *copy = g_new0 (AciesSide, 1);

  PART_COPY (copy, side, side_fields);

  return copy;
}

static gboolean
side_equal (const AciesSide *a,
            const AciesSide *b)
{
  return PART_EQUAL (a, b, side_fields);
}

/**
 * acies_formation_new:
 * @id: the formation's id
 * @side: the id of its side
 * @kind: a formation kind of the ruleset's catalogue ("wing", "command"…)
 *
 * Returns: (transfer full): a new formation without parent, name or colour
 */
AciesFormation *
acies_formation_new (const char *id,
                     const char *side,
                     const char *kind)
{
  AciesFormation *formation = g_new0 (AciesFormation, 1);

  formation->id = g_strdup (id);
  formation->side = g_strdup (side);
  formation->kind = g_strdup (kind);
  formation->params = json_object_new ();

  return formation;
}

void
acies_formation_free (AciesFormation *formation)
{
  if (formation == NULL)
    return;

  PART_CLEAR (formation, formation_fields);
  g_free (formation);
}

static AciesFormation *
formation_copy (const AciesFormation *formation)
{
  AciesFormation *copy = g_new0 (AciesFormation, 1);

  PART_COPY (copy, formation, formation_fields);

  return copy;
}

static gboolean
formation_equal (const AciesFormation *a,
                 const AciesFormation *b)
{
  return PART_EQUAL (a, b, formation_fields);
}

/**
 * acies_unit_new:
 * @id: the unit's id
 * @side: the id of its side
 * @type: a unit type id of the ruleset's catalogue
 *
 * Returns: (transfer full): a new unit off the map (%ACIES_CELL_NONE),
 *   without facing (-1), with empty attributes and no hidden values
 */
AciesUnit *
acies_unit_new (const char *id,
                const char *side,
                const char *type)
{
  AciesUnit *unit = g_new0 (AciesUnit, 1);

  unit->id = g_strdup (id);
  unit->side = g_strdup (side);
  unit->type = g_strdup (type);
  unit->attrs = json_object_new ();
  unit->cell = ACIES_CELL_NONE;
  unit->cell2 = ACIES_CELL_NONE;
  unit->facing = -1;

  return unit;
}

void
acies_unit_free (AciesUnit *unit)
{
  if (unit == NULL)
    return;

  PART_CLEAR (unit, unit_fields);
  g_free (unit);
}

/**
 * acies_unit_copy:
 * @unit: a unit
 *
 * A deep copy of @unit (its strings and values copied), for keeping a
 * unit's view beyond the state that lent it (acies_game_dup_positions()).
 *
 * Returns: (transfer full): the copy, to free with acies_unit_free()
 */
AciesUnit *
acies_unit_copy (const AciesUnit *unit)
{
  AciesUnit *copy = g_new0 (AciesUnit, 1);

  PART_COPY (copy, unit, unit_fields);

  return copy;
}

static gboolean
unit_equal (const AciesUnit *a,
            const AciesUnit *b)
{
  return PART_EQUAL (a, b, unit_fields);
}

/**
 * acies_leader_new:
 * @id: the leader's id
 * @side: the id of its side
 * @kind: a leader kind of the ruleset's catalogue
 *
 * Returns: (transfer full): a new leader off the map, not attached
 */
AciesLeader *
acies_leader_new (const char *id,
                  const char *side,
                  const char *kind)
{
  AciesLeader *leader = g_new0 (AciesLeader, 1);

  leader->id = g_strdup (id);
  leader->side = g_strdup (side);
  leader->kind = g_strdup (kind);
  leader->attrs = json_object_new ();
  leader->cell = ACIES_CELL_NONE;

  return leader;
}

void
acies_leader_free (AciesLeader *leader)
{
  if (leader == NULL)
    return;

  PART_CLEAR (leader, leader_fields);
  g_free (leader);
}

/**
 * acies_leader_copy:
 * @leader: a leader
 *
 * A deep copy of @leader, as acies_unit_copy() for a unit.
 *
 * Returns: (transfer full): the copy, to free with acies_leader_free()
 */
AciesLeader *
acies_leader_copy (const AciesLeader *leader)
{
  AciesLeader *copy = g_new0 (AciesLeader, 1);

  PART_COPY (copy, leader, leader_fields);

  return copy;
}

static gboolean
leader_equal (const AciesLeader *a,
              const AciesLeader *b)
{
  return PART_EQUAL (a, b, leader_fields);
}

/**
 * acies_pool_entry_new:
 * @type: a unit type id of the catalogue
 * @count: how many counters of this kind the pool holds
 *
 * Returns: (transfer full): a new pool entry with empty attributes
 */
AciesPoolEntry *
acies_pool_entry_new (const char *type,
                      guint       count)
{
  AciesPoolEntry *entry = g_new0 (AciesPoolEntry, 1);

  entry->type = g_strdup (type);
  entry->attrs = json_object_new ();
  entry->count = count;

  return entry;
}

void
acies_pool_entry_free (AciesPoolEntry *entry)
{
  if (entry == NULL)
    return;

  PART_CLEAR (entry, pool_entry_fields);
  g_free (entry);
}

static AciesPoolEntry *
pool_entry_copy (const AciesPoolEntry *entry)
{
  AciesPoolEntry *copy = g_new0 (AciesPoolEntry, 1);

  PART_COPY (copy, entry, pool_entry_fields);

  return copy;
}

static gboolean
pool_entry_equal (const AciesPoolEntry *a,
                  const AciesPoolEntry *b)
{
  return PART_EQUAL (a, b, pool_entry_fields);
}

/**
 * acies_pool_new:
 * @id: the pool's id
 * @side: the id of its side
 *
 * Returns: (transfer full): a new empty pool (draw 0 = all)
 */
AciesPool *
acies_pool_new (const char *id,
                const char *side)
{
  AciesPool *pool = g_new0 (AciesPool, 1);

  pool->id = g_strdup (id);
  pool->side = g_strdup (side);
  pool->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_pool_entry_free);
  pool->params = json_object_new ();

  return pool;
}

void
acies_pool_free (AciesPool *pool)
{
  if (pool == NULL)
    return;

  PART_CLEAR (pool, pool_fields);
  g_clear_pointer (&pool->entries, g_ptr_array_unref);
  g_free (pool);
}

static AciesPool *
pool_copy (const AciesPool *pool)
{
  AciesPool *copy = g_new0 (AciesPool, 1);

  PART_COPY (copy, pool, pool_fields);
  copy->entries = parts_copy (pool->entries, (CopyFunc) pool_entry_copy, (GDestroyNotify) acies_pool_entry_free);

  return copy;
}

static gboolean
pool_equal (const AciesPool *a,
            const AciesPool *b)
{
  return PART_EQUAL (a, b, pool_fields) &&
         parts_equal (a->entries, b->entries, (EqualFunc) pool_entry_equal);
}

/**
 * acies_area_new:
 * @id: the area's id
 * @kind: an area kind of the catalogue ("setup", "camp"…)
 *
 * Returns: (transfer full): a new area with no cells
 */
AciesArea *
acies_area_new (const char *id,
                const char *kind)
{
  AciesArea *area = g_new0 (AciesArea, 1);

  area->id = g_strdup (id);
  area->kind = g_strdup (kind);
  area->cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  area->params = json_object_new ();

  return area;
}

void
acies_area_free (AciesArea *area)
{
  if (area == NULL)
    return;

  PART_CLEAR (area, area_fields);
  g_clear_pointer (&area->cells, g_array_unref);
  g_free (area);
}

static AciesArea *
area_copy (const AciesArea *area)
{
  AciesArea *copy = g_new0 (AciesArea, 1);

  PART_COPY (copy, area, area_fields);
  copy->cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  if (area->cells != NULL)
    g_array_append_vals (copy->cells, area->cells->data, area->cells->len);

  return copy;
}

static gboolean
area_equal (const AciesArea *a,
            const AciesArea *b)
{
  return PART_EQUAL (a, b, area_fields) &&
         a->cells->len == b->cells->len &&
         memcmp (a->cells->data, b->cells->data, a->cells->len * sizeof (AciesCell)) == 0;
}

/**
 * acies_area_contains:
 * @area: an area
 * @cell: a cell
 *
 * Returns: %TRUE if @cell is one of the area's cells (which are kept
 *   sorted, so this is a binary search)
 */
gboolean
acies_area_contains (const AciesArea *area,
                     AciesCell        cell)
{
  guint lo = 0, hi;

  g_return_val_if_fail (area != NULL, FALSE);

  if (area->cells == NULL)
    return FALSE;

  hi = area->cells->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      AciesCell c = g_array_index (area->cells, AciesCell, mid);

      if (c == cell)
        return TRUE;
      if (c < cell)
        lo = mid + 1;
      else
        hi = mid;
    }

  return FALSE;
}

/**
 * acies_reinforcement_new:
 * @id: the reinforcement's id
 * @side: the id of its side
 * @turn: the turn it arrives
 *
 * Returns: (transfer full): a new reinforcement with no units
 */
AciesReinforcement *
acies_reinforcement_new (const char *id,
                         const char *side,
                         guint       turn)
{
  AciesReinforcement *reinforcement = g_new0 (AciesReinforcement, 1);

  reinforcement->id = g_strdup (id);
  reinforcement->side = g_strdup (side);
  reinforcement->turn = turn;
  reinforcement->units = g_ptr_array_new_with_free_func (g_free);

  return reinforcement;
}

void
acies_reinforcement_free (AciesReinforcement *reinforcement)
{
  if (reinforcement == NULL)
    return;

  PART_CLEAR (reinforcement, reinforcement_fields);
  g_free (reinforcement);
}

static AciesReinforcement *
reinforcement_copy (const AciesReinforcement *reinforcement)
{
  AciesReinforcement *copy = g_new0 (AciesReinforcement, 1);

  PART_COPY (copy, reinforcement, reinforcement_fields);

  return copy;
}

static gboolean
reinforcement_equal (const AciesReinforcement *a,
                     const AciesReinforcement *b)
{
  return PART_EQUAL (a, b, reinforcement_fields);
}

/**
 * acies_rule_entry_new:
 * @kind: a special rule or victory condition kind of the catalogue
 *
 * Returns: (transfer full): a new entry for both sides, with empty params
 */
AciesRuleEntry *
acies_rule_entry_new (const char *kind)
{
  AciesRuleEntry *entry = g_new0 (AciesRuleEntry, 1);

  entry->kind = g_strdup (kind);
  entry->params = json_object_new ();

  return entry;
}

void
acies_rule_entry_free (AciesRuleEntry *entry)
{
  if (entry == NULL)
    return;

  PART_CLEAR (entry, rule_entry_fields);
  g_free (entry);
}

static AciesRuleEntry *
rule_entry_copy (const AciesRuleEntry *entry)
{
  AciesRuleEntry *copy = g_new0 (AciesRuleEntry, 1);

  PART_COPY (copy, entry, rule_entry_fields);

  return copy;
}

static gboolean
rule_entry_equal (const AciesRuleEntry *a,
                  const AciesRuleEntry *b)
{
  return PART_EQUAL (a, b, rule_entry_fields);
}

/* The map */

static void
map_clear (AciesMap *map)
{
  if (map->board != NULL)
    {
      guint n_cells = acies_board_get_n_cells (map->board);
      guint n_edges = acies_board_get_n_edges (map->board);

      for (guint i = 0; map->cell_features != NULL && i < n_cells; i++)
        g_clear_pointer (&map->cell_features[i], g_ptr_array_unref);
      for (guint i = 0; map->edge_features != NULL && i < n_edges; i++)
        g_clear_pointer (&map->edge_features[i], g_ptr_array_unref);
    }

  g_clear_pointer (&map->terrain, g_free);
  g_clear_pointer (&map->cell_features, g_free);
  g_clear_pointer (&map->edge_features, g_free);
  g_clear_pointer (&map->elevation, g_free);
  g_clear_pointer (&map->board, acies_board_unref);
}

static void
map_init (AciesMap   *map,
          AciesBoard *board,
          const char *default_terrain)
{
  const char *terrain = g_intern_string (default_terrain != NULL ? default_terrain : "clear");
  guint n_cells, n_edges;

  memset (map, 0, sizeof *map);
  if (board == NULL)
    return;

  map->board = acies_board_ref (board);
  n_cells = acies_board_get_n_cells (board);
  n_edges = acies_board_get_n_edges (board);
  map->terrain = g_new (const char *, MAX (n_cells, 1));
  for (guint i = 0; i < n_cells; i++)
    map->terrain[i] = terrain;
  map->cell_features = g_new0 (GPtrArray *, MAX (n_cells, 1));
  map->edge_features = g_new0 (GPtrArray *, MAX (n_edges, 1));
  map->elevation = g_new0 (gint, MAX (n_cells, 1));
}

static GPtrArray *
features_copy (GPtrArray *features)
{
  GPtrArray *copy;

  if (features == NULL || features->len == 0)
    return NULL;

  copy = g_ptr_array_sized_new (features->len);
  for (guint i = 0; i < features->len; i++)
    g_ptr_array_add (copy, g_ptr_array_index (features, i));

  return copy;
}

static gboolean
features_equal (GPtrArray *a,
                GPtrArray *b)
{
  guint len_a = a != NULL ? a->len : 0;
  guint len_b = b != NULL ? b->len : 0;

  if (len_a != len_b)
    return FALSE;

  for (guint i = 0; i < len_a; i++)
    if (g_ptr_array_index (a, i) != g_ptr_array_index (b, i))
      return FALSE;

  return TRUE;
}

static void
map_copy (AciesMap       *dest,
          const AciesMap *src)
{
  guint n_cells, n_edges;

  memset (dest, 0, sizeof *dest);
  if (src->board == NULL)
    return;

  n_cells = acies_board_get_n_cells (src->board);
  n_edges = acies_board_get_n_edges (src->board);
  dest->board = acies_board_ref (src->board);
  dest->terrain = g_memdup2 (src->terrain, MAX (n_cells, 1) * sizeof (const char *));
  dest->elevation = g_memdup2 (src->elevation, MAX (n_cells, 1) * sizeof (gint));
  dest->cell_features = g_new0 (GPtrArray *, MAX (n_cells, 1));
  dest->edge_features = g_new0 (GPtrArray *, MAX (n_edges, 1));
  for (guint i = 0; i < n_cells; i++)
    dest->cell_features[i] = features_copy (src->cell_features[i]);
  for (guint i = 0; i < n_edges; i++)
    dest->edge_features[i] = features_copy (src->edge_features[i]);
}

static gboolean
map_equal (const AciesMap *a,
           const AciesMap *b)
{
  guint n_cells, n_edges;

  if (a->board == NULL || b->board == NULL)
    return a->board == b->board;

  if (!acies_board_equal (a->board, b->board))
    return FALSE;

  n_cells = acies_board_get_n_cells (a->board);
  n_edges = acies_board_get_n_edges (a->board);

  for (guint i = 0; i < n_cells; i++)
    if (a->terrain[i] != b->terrain[i] ||
        a->elevation[i] != b->elevation[i] ||
        !features_equal (a->cell_features[i], b->cell_features[i]))
      return FALSE;

  for (guint i = 0; i < n_edges; i++)
    if (!features_equal (a->edge_features[i], b->edge_features[i]))
      return FALSE;

  return TRUE;
}

/**
 * acies_map_get_terrain:
 * @map: a map
 * @cell: a cell of the map's board
 *
 * Returns: (nullable): the interned terrain id of @cell, or %NULL when
 *   @cell is not on the board
 */
const char *
acies_map_get_terrain (const AciesMap *map,
                       AciesCell       cell)
{
  g_return_val_if_fail (map != NULL, NULL);

  if (map->board == NULL || !acies_board_contains (map->board, cell))
    return NULL;

  return map->terrain[cell];
}

/**
 * acies_map_set_terrain:
 * @map: a map
 * @cell: a cell of the map's board
 * @terrain: a terrain id (interned here)
 *
 * Sets the terrain of one cell.
 */
void
acies_map_set_terrain (AciesMap   *map,
                       AciesCell   cell,
                       const char *terrain)
{
  g_return_if_fail (map != NULL);
  g_return_if_fail (terrain != NULL);
  g_return_if_fail (map->board != NULL && acies_board_contains (map->board, cell));

  map->terrain[cell] = g_intern_string (terrain);
}

static gboolean
features_has (GPtrArray  *features,
              const char *feature)
{
  /* A cell has a handful of features at most: comparing the strings is
   * cheaper than interning @feature (a hash per call, paid by every new
   * Lost Battles state). */
  if (features == NULL)
    return FALSE;

  for (guint i = 0; i < features->len; i++)
    if (g_str_equal (g_ptr_array_index (features, i), feature))
      return TRUE;

  return FALSE;
}

static void
features_add (GPtrArray  **features,
              const char  *feature)
{
  if (features_has (*features, feature))
    return;

  if (*features == NULL)
    *features = g_ptr_array_new ();

  g_ptr_array_add (*features, (gpointer) g_intern_string (feature));
}

static void
features_remove (GPtrArray  **features,
                 const char  *feature)
{
  if (*features == NULL)
    return;

  g_ptr_array_remove (*features, (gpointer) g_intern_string (feature));
  if ((*features)->len == 0)
    g_clear_pointer (features, g_ptr_array_unref);
}

/**
 * acies_map_cell_has_feature:
 * @map: a map
 * @cell: a cell
 * @feature: a cell feature id
 *
 * Returns: %TRUE if @cell carries @feature
 */
gboolean
acies_map_cell_has_feature (const AciesMap *map,
                            AciesCell       cell,
                            const char     *feature)
{
  g_return_val_if_fail (map != NULL, FALSE);
  g_return_val_if_fail (feature != NULL, FALSE);

  if (map->board == NULL || !acies_board_contains (map->board, cell))
    return FALSE;

  return features_has (map->cell_features[cell], feature);
}

/**
 * acies_map_add_cell_feature:
 * @map: a map
 * @cell: a cell of the board
 * @feature: a cell feature id (interned here)
 *
 * Adds @feature to @cell after its existing features, unless already there.
 */
void
acies_map_add_cell_feature (AciesMap   *map,
                            AciesCell   cell,
                            const char *feature)
{
  g_return_if_fail (map != NULL);
  g_return_if_fail (feature != NULL);
  g_return_if_fail (map->board != NULL && acies_board_contains (map->board, cell));

  features_add (&map->cell_features[cell], feature);
}

/**
 * acies_map_remove_cell_feature:
 * @map: a map
 * @cell: a cell of the board
 * @feature: a cell feature id
 *
 * Removes @feature from @cell if it is there.
 */
void
acies_map_remove_cell_feature (AciesMap   *map,
                               AciesCell   cell,
                               const char *feature)
{
  g_return_if_fail (map != NULL);
  g_return_if_fail (feature != NULL);
  g_return_if_fail (map->board != NULL && acies_board_contains (map->board, cell));

  features_remove (&map->cell_features[cell], feature);
}

static gboolean
map_has_edge (const AciesMap *map,
              AciesEdge       edge)
{
  return map->board != NULL && edge >= 0 && (guint) edge < acies_board_get_n_edges (map->board);
}

/**
 * acies_map_edge_has_feature:
 * @map: a map
 * @edge: an edge (square side, hexside, zone border)
 * @feature: an edge feature id
 *
 * Returns: %TRUE if @edge carries @feature
 */
gboolean
acies_map_edge_has_feature (const AciesMap *map,
                            AciesEdge       edge,
                            const char     *feature)
{
  g_return_val_if_fail (map != NULL, FALSE);
  g_return_val_if_fail (feature != NULL, FALSE);

  if (!map_has_edge (map, edge))
    return FALSE;

  return features_has (map->edge_features[edge], feature);
}

/**
 * acies_map_add_edge_feature:
 * @map: a map
 * @edge: an edge of the board
 * @feature: an edge feature id (interned here)
 *
 * Adds @feature to @edge, unless already there.
 */
void
acies_map_add_edge_feature (AciesMap   *map,
                            AciesEdge   edge,
                            const char *feature)
{
  g_return_if_fail (map != NULL);
  g_return_if_fail (feature != NULL);
  g_return_if_fail (map_has_edge (map, edge));

  features_add (&map->edge_features[edge], feature);
}

/**
 * acies_map_remove_edge_feature:
 * @map: a map
 * @edge: an edge of the board
 * @feature: an edge feature id
 *
 * Removes @feature from @edge if it is there.
 */
void
acies_map_remove_edge_feature (AciesMap   *map,
                               AciesEdge   edge,
                               const char *feature)
{
  g_return_if_fail (map != NULL);
  g_return_if_fail (feature != NULL);
  g_return_if_fail (map_has_edge (map, edge));

  features_remove (&map->edge_features[edge], feature);
}

/* The scenario */

/**
 * acies_scenario_new:
 * @ruleset: the ruleset id ("grass-crown")
 * @board: (nullable): the board (a reference is taken)
 * @default_terrain: (nullable): the terrain of every cell; %NULL means "clear"
 *
 * Creates an empty scenario: no sides, units or areas; ruleset version 1.
 *
 * Returns: (transfer full): a new scenario; release with acies_scenario_unref()
 */
AciesScenario *
acies_scenario_new (const char *ruleset,
                    AciesBoard *board,
                    const char *default_terrain)
{
  AciesScenario *scenario = g_new0 (AciesScenario, 1);

  scenario->ref_count = 1;
  scenario->ruleset = g_strdup (ruleset);
  scenario->ruleset_version = 1;
  scenario->meta.sources = g_ptr_array_new_with_free_func (g_free);
  map_init (&scenario->map, board, default_terrain);
  scenario->sides = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_side_free);
  scenario->formations = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_formation_free);
  scenario->units = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_unit_free);
  scenario->leaders = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_leader_free);
  scenario->pools = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_pool_free);
  scenario->areas = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_area_free);
  scenario->reinforcements = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_reinforcement_free);
  scenario->special_rules = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_rule_entry_free);
  scenario->victory = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_rule_entry_free);
  scenario->params = json_object_new ();

  return scenario;
}

/**
 * acies_scenario_ref:
 * @scenario: a scenario
 *
 * Returns: (transfer full): @scenario with one more reference
 */
AciesScenario *
acies_scenario_ref (AciesScenario *scenario)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (scenario->ref_count > 0, NULL);

  g_atomic_int_inc (&scenario->ref_count);

  return scenario;
}

static void
metadata_clear (AciesMetadata *meta)
{
  PART_CLEAR (meta, metadata_fields);
}

/**
 * acies_scenario_unref:
 * @scenario: (transfer full): a scenario
 *
 * Drops a reference; the last one frees the scenario and all its parts.
 */
void
acies_scenario_unref (AciesScenario *scenario)
{
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (scenario->ref_count > 0);

  if (!g_atomic_int_dec_and_test (&scenario->ref_count))
    return;

  g_free (scenario->ruleset);
  metadata_clear (&scenario->meta);
  map_clear (&scenario->map);
  g_clear_pointer (&scenario->sides, g_ptr_array_unref);
  g_clear_pointer (&scenario->formations, g_ptr_array_unref);
  g_clear_pointer (&scenario->units, g_ptr_array_unref);
  g_clear_pointer (&scenario->leaders, g_ptr_array_unref);
  g_clear_pointer (&scenario->pools, g_ptr_array_unref);
  g_clear_pointer (&scenario->areas, g_ptr_array_unref);
  g_clear_pointer (&scenario->reinforcements, g_ptr_array_unref);
  g_clear_pointer (&scenario->special_rules, g_ptr_array_unref);
  g_clear_pointer (&scenario->victory, g_ptr_array_unref);
  g_free (scenario->first_side);
  g_clear_pointer (&scenario->params, json_object_unref);
  g_clear_pointer (&scenario->table_overrides, json_object_unref);
  g_free (scenario);
}

/**
 * acies_scenario_copy:
 * @scenario: a scenario
 *
 * Copies @scenario deeply: the copy shares nothing mutable with the
 * original (the board, which is immutable, is shared by reference).
 *
 * Returns: (transfer full): the copy, with one reference
 */
AciesScenario *
acies_scenario_copy (const AciesScenario *scenario)
{
  AciesScenario *copy;

  g_return_val_if_fail (scenario != NULL, NULL);

  copy = g_new0 (AciesScenario, 1);
  copy->ref_count = 1;
  copy->ruleset = g_strdup (scenario->ruleset);
  copy->ruleset_version = scenario->ruleset_version;

  PART_COPY (&copy->meta, &scenario->meta, metadata_fields);

  map_copy (&copy->map, &scenario->map);

  copy->sides = parts_copy (scenario->sides, (CopyFunc) side_copy, (GDestroyNotify) acies_side_free);
  copy->formations = parts_copy (scenario->formations, (CopyFunc) formation_copy, (GDestroyNotify) acies_formation_free);
  copy->units = parts_copy (scenario->units, (CopyFunc) acies_unit_copy, (GDestroyNotify) acies_unit_free);
  copy->leaders = parts_copy (scenario->leaders, (CopyFunc) acies_leader_copy, (GDestroyNotify) acies_leader_free);
  copy->pools = parts_copy (scenario->pools, (CopyFunc) pool_copy, (GDestroyNotify) acies_pool_free);
  copy->areas = parts_copy (scenario->areas, (CopyFunc) area_copy, (GDestroyNotify) acies_area_free);
  copy->reinforcements = parts_copy (scenario->reinforcements, (CopyFunc) reinforcement_copy, (GDestroyNotify) acies_reinforcement_free);
  copy->special_rules = parts_copy (scenario->special_rules, (CopyFunc) rule_entry_copy, (GDestroyNotify) acies_rule_entry_free);
  copy->victory = parts_copy (scenario->victory, (CopyFunc) rule_entry_copy, (GDestroyNotify) acies_rule_entry_free);

  copy->turn_limit = scenario->turn_limit;
  copy->first_side = g_strdup (scenario->first_side);
  copy->params = scenario->params != NULL ? acies_json_object_copy (scenario->params) : json_object_new ();
  copy->table_overrides = acies_json_object_copy (scenario->table_overrides);

  return copy;
}

/**
 * acies_scenario_equal:
 * @a: a scenario
 * @b: a scenario
 *
 * Compares every field of two scenarios: metadata, board and map, every
 * part in order, and the parameter objects by value (json_node_equal(); a
 * missing object equals an empty one).
 *
 * Returns: %TRUE if @a and @b are equal
 */
gboolean
acies_scenario_equal (const AciesScenario *a,
                      const AciesScenario *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  if (a == b)
    return TRUE;

  return str_equal0 (a->ruleset, b->ruleset) &&
         a->ruleset_version == b->ruleset_version &&
         PART_EQUAL (&a->meta, &b->meta, metadata_fields) &&
         map_equal (&a->map, &b->map) &&
         parts_equal (a->sides, b->sides, (EqualFunc) side_equal) &&
         parts_equal (a->formations, b->formations, (EqualFunc) formation_equal) &&
         parts_equal (a->units, b->units, (EqualFunc) unit_equal) &&
         parts_equal (a->leaders, b->leaders, (EqualFunc) leader_equal) &&
         parts_equal (a->pools, b->pools, (EqualFunc) pool_equal) &&
         parts_equal (a->areas, b->areas, (EqualFunc) area_equal) &&
         parts_equal (a->reinforcements, b->reinforcements, (EqualFunc) reinforcement_equal) &&
         parts_equal (a->special_rules, b->special_rules, (EqualFunc) rule_entry_equal) &&
         parts_equal (a->victory, b->victory, (EqualFunc) rule_entry_equal) &&
         a->turn_limit == b->turn_limit &&
         str_equal0 (a->first_side, b->first_side) &&
         acies_json_object_equal (a->params, b->params) &&
         acies_json_object_equal (a->table_overrides, b->table_overrides);
}

/* Maps a cell of @from to the cell at the same column and row of @to. */
static AciesCell
remap_cell (const AciesBoard *from,
            const AciesBoard *to,
            AciesCell         cell)
{
  gint col, row;

  if (cell == ACIES_CELL_NONE || !acies_board_contains (from, cell))
    return ACIES_CELL_NONE;

  acies_board_cell_coords (from, cell, &col, &row);

  return acies_board_cell_at (to, col, row);
}

static gint
compare_cells (gconstpointer a,
               gconstpointer b)
{
  AciesCell ca = *(const AciesCell *) a;
  AciesCell cb = *(const AciesCell *) b;

  return (ca > cb) - (ca < cb);
}

/**
 * acies_scenario_set_board:
 * @scenario: a scenario
 * @board: the new board (a reference is taken)
 * @default_terrain: (nullable): the terrain of cells that are new; %NULL
 *   means "clear"
 *
 * Replaces the board.  When the old and new boards are of the same kind
 * and orientation (a resize), every cell keeps its terrain, features,
 * elevation, units, leaders and area membership by column and row, and
 * edges keep their features; cells that fall off the new board are
 * dropped and their units and leaders go off the map (%ACIES_CELL_NONE).
 * Otherwise the map is reset to @default_terrain and every unit, leader
 * and area loses its cells.
 */
void
acies_scenario_set_board (AciesScenario *scenario,
                          AciesBoard    *board,
                          const char    *default_terrain)
{
  AciesMap old;
  gboolean keep;

  g_return_if_fail (scenario != NULL);
  g_return_if_fail (board != NULL);

  old = scenario->map;
  map_init (&scenario->map, board, default_terrain);

  keep = old.board != NULL &&
         acies_board_get_kind (old.board) == acies_board_get_kind (board) &&
         (acies_board_get_kind (board) != ACIES_BOARD_HEX ||
          acies_board_get_orientation (old.board) == acies_board_get_orientation (board));

  if (keep)
    {
      guint n_new = acies_board_get_n_cells (board);
      guint n_old_edges = acies_board_get_n_edges (old.board);
      guint n_dirs = acies_board_get_n_directions (old.board);

      for (guint cell = 0; cell < n_new; cell++)
        {
          AciesCell from = remap_cell (board, old.board, cell);

          if (from == ACIES_CELL_NONE)
            continue;

          scenario->map.terrain[cell] = old.terrain[from];
          scenario->map.elevation[cell] = old.elevation[from];
          scenario->map.cell_features[cell] = features_copy (old.cell_features[from]);
        }

      for (guint edge = 0; edge < n_old_edges; edge++)
        {
          AciesCell a, b;
          AciesCell to;

          if (old.edge_features[edge] == NULL)
            continue;

          acies_board_edge_cells (old.board, edge, &a, &b);
          to = remap_cell (old.board, board, a);
          if (to == ACIES_CELL_NONE)
            continue;

          for (guint d = 0; d < n_dirs; d++)
            if (acies_board_edge_of (old.board, a, d) == (AciesEdge) edge)
              {
                AciesEdge new_edge = acies_board_edge_of (board, to, d);

                if (new_edge != ACIES_EDGE_NONE && scenario->map.edge_features[new_edge] == NULL)
                  scenario->map.edge_features[new_edge] = features_copy (old.edge_features[edge]);
                break;
              }
        }
    }

  for (guint i = 0; i < scenario->units->len; i++)
    {
      AciesUnit *unit = g_ptr_array_index (scenario->units, i);

      unit->cell = keep ? remap_cell (old.board, board, unit->cell) : ACIES_CELL_NONE;
      unit->cell2 = keep ? remap_cell (old.board, board, unit->cell2) : ACIES_CELL_NONE;
    }

  for (guint i = 0; i < scenario->leaders->len; i++)
    {
      AciesLeader *leader = g_ptr_array_index (scenario->leaders, i);

      leader->cell = keep ? remap_cell (old.board, board, leader->cell) : ACIES_CELL_NONE;
    }

  for (guint i = 0; i < scenario->areas->len; i++)
    {
      AciesArea *area = g_ptr_array_index (scenario->areas, i);
      GArray *cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));

      for (guint j = 0; keep && j < area->cells->len; j++)
        {
          AciesCell to = remap_cell (old.board, board, g_array_index (area->cells, AciesCell, j));

          if (to != ACIES_CELL_NONE)
            g_array_append_val (cells, to);
        }
      g_array_sort (cells, compare_cells);
      g_array_unref (area->cells);
      area->cells = cells;
    }

  map_clear (&old);
}

/* Look-ups */

#define DEFINE_FIND(Type, name, array)                                   \
Type *                                                                   \
acies_scenario_find_##name (const AciesScenario *scenario,               \
                            const char          *id)                     \
{                                                                        \
  g_return_val_if_fail (scenario != NULL, NULL);                         \
                                                                         \
  if (id == NULL)                                                        \
    return NULL;                                                         \
                                                                         \
  for (guint i = 0; i < scenario->array->len; i++)                       \
    {                                                                    \
      Type *item = g_ptr_array_index (scenario->array, i);               \
                                                                         \
      if (g_strcmp0 (item->id, id) == 0)                                 \
        return item;                                                     \
    }                                                                    \
                                                                         \
  return NULL;                                                           \
}

/**
 * acies_scenario_find_side:
 * @scenario: a scenario
 * @id: (nullable): a side id
 *
 * Returns: (transfer none) (nullable): the side with @id, or %NULL
 */
DEFINE_FIND (AciesSide, side, sides)

/**
 * acies_scenario_find_formation:
 * @scenario: a scenario
 * @id: (nullable): a formation id
 *
 * Returns: (transfer none) (nullable): the formation with @id, or %NULL
 */
DEFINE_FIND (AciesFormation, formation, formations)

/**
 * acies_scenario_find_unit:
 * @scenario: a scenario
 * @id: (nullable): a unit id
 *
 * Returns: (transfer none) (nullable): the unit with @id, or %NULL
 */
DEFINE_FIND (AciesUnit, unit, units)

/**
 * acies_scenario_find_leader:
 * @scenario: a scenario
 * @id: (nullable): a leader id
 *
 * Returns: (transfer none) (nullable): the leader with @id, or %NULL
 */
DEFINE_FIND (AciesLeader, leader, leaders)

/**
 * acies_scenario_find_area:
 * @scenario: a scenario
 * @id: (nullable): an area id
 *
 * Returns: (transfer none) (nullable): the area with @id, or %NULL
 */
DEFINE_FIND (AciesArea, area, areas)

/**
 * acies_scenario_find_pool:
 * @scenario: a scenario
 * @id: (nullable): a pool id
 *
 * Returns: (transfer none) (nullable): the pool with @id, or %NULL
 */
DEFINE_FIND (AciesPool, pool, pools)

/**
 * acies_scenario_name_of:
 * @scenario: a scenario
 * @id: (nullable): the id of one of its sides, formations, units,
 *   leaders or areas
 *
 * What a player calls the part @id names: a value that holds an id (a
 * special rule's "unit": "c-deserters", a state's "wing": "purple") is
 * shown by the name the designer gave the part.
 *
 * Returns: (transfer none) (nullable): the part's name, or %NULL when no
 *   part has @id or it has no name
 */
const char *
acies_scenario_name_of (const AciesScenario *scenario,
                        const char          *id)
{
  AciesSide *side;
  AciesFormation *formation;
  AciesUnit *unit;
  AciesLeader *leader;
  AciesArea *area;

  g_return_val_if_fail (scenario != NULL, NULL);

  if (id == NULL)
    return NULL;
  if ((side = acies_scenario_find_side (scenario, id)) != NULL)
    return side->name;
  if ((formation = acies_scenario_find_formation (scenario, id)) != NULL)
    return formation->name;
  if ((unit = acies_scenario_find_unit (scenario, id)) != NULL)
    return unit->name;
  if ((leader = acies_scenario_find_leader (scenario, id)) != NULL)
    return leader->name;
  if ((area = acies_scenario_find_area (scenario, id)) != NULL)
    return area->name;
  return NULL;
}

/**
 * acies_scenario_side_index:
 * @scenario: a scenario
 * @id: (nullable): a side id
 *
 * Returns: the index of the side in @scenario->sides (the player number in
 *   play), or -1 if there is none with @id
 */
gint
acies_scenario_side_index (const AciesScenario *scenario,
                           const char          *id)
{
  g_return_val_if_fail (scenario != NULL, -1);

  if (id == NULL)
    return -1;

  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (scenario->sides, i);

      if (g_strcmp0 (side->id, id) == 0)
        return (gint) i;
    }

  return -1;
}

/* Parameter objects */

static JsonNode *
params_get_value (JsonObject *params,
                  const char *name)
{
  JsonNode *node;

  if (params == NULL || name == NULL)
    return NULL;

  node = json_object_get_member (params, name);
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;

  return node;
}

/**
 * acies_params_get_int:
 * @params: (nullable): a parameter object
 * @name: a member name
 * @fallback: the value when the member is missing or not a number
 *
 * Returns: the member's value as an integer (a real number is truncated)
 */
gint64
acies_params_get_int (JsonObject *params,
                      const char *name,
                      gint64      fallback)
{
  JsonNode *node = params_get_value (params, name);

  if (node == NULL)
    return fallback;

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      return json_node_get_int (node);
    case G_TYPE_DOUBLE:
      return (gint64) json_node_get_double (node);
    default:
      return fallback;
    }
}

/**
 * acies_params_get_string:
 * @params: (nullable): a parameter object
 * @name: a member name
 * @fallback: (nullable): the value when the member is missing or not a string
 *
 * Returns: (transfer none) (nullable): the member's string, owned by @params
 */
const char *
acies_params_get_string (JsonObject *params,
                         const char *name,
                         const char *fallback)
{
  JsonNode *node = params_get_value (params, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return fallback;

  return json_node_get_string (node);
}

/**
 * acies_params_get_bool:
 * @params: (nullable): a parameter object
 * @name: a member name
 * @fallback: the value when the member is missing or not a boolean
 *
 * Returns: the member's boolean value
 */
gboolean
acies_params_get_bool (JsonObject *params,
                       const char *name,
                       gboolean    fallback)
{
  JsonNode *node = params_get_value (params, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return fallback;

  return json_node_get_boolean (node);
}
