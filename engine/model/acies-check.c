/* acies-check.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-model"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "model/acies-check.h"

typedef struct
{
  const AciesScenario  *scenario;
  const AciesCatalogue *catalogue;
  GPtrArray            *problems;
  gboolean              playable;   /* the ruleset has game logic (acies_scenario_check_full()) */
  GHashTable           *units;      /* id -> AciesUnit *, made on first use, or NULL */
  GHashTable           *leaders;    /* id -> AciesLeader *, likewise */
  GHashTable           *formations; /* id -> AciesFormation *, likewise */
  GHashTable           *areas;      /* id -> AciesArea *, likewise */
} Checker;

static void
checker_clear (Checker *checker)
{
  g_clear_pointer (&checker->units, g_hash_table_unref);
  g_clear_pointer (&checker->leaders, g_hash_table_unref);
  g_clear_pointer (&checker->formations, g_hash_table_unref);
  g_clear_pointer (&checker->areas, g_hash_table_unref);
}


static void
add (Checker              *checker,
     AciesProblemSeverity  severity,
     const char           *path,
     const char           *object_id,
     AciesCell             cell,
     const char           *message)
{
  g_ptr_array_add (checker->problems,
                   acies_problem_new (severity, path, object_id, cell, "%s", message));
}

#define ERROR(checker, path, id, cell, ...) \
  G_STMT_START { \
    g_autofree char *message_ = g_strdup_printf (__VA_ARGS__); \
    add ((checker), ACIES_PROBLEM_ERROR, (path), (id), (cell), message_); \
  } G_STMT_END

#define WARNING(checker, path, id, cell, ...) \
  G_STMT_START { \
    g_autofree char *message_ = g_strdup_printf (__VA_ARGS__); \
    add ((checker), ACIES_PROBLEM_WARNING, (path), (id), (cell), message_); \
  } G_STMT_END

/* "$.ARRAY[INDEX]" or "$.ARRAY[INDEX].MEMBER".  Made for every part a
 * check looks at, so without printf (issue 21: a tenth of validating
 * 5,000 units went into formatting paths). */
#define ERROR_AT(checker, path, id, cell, ...) ERROR ((checker), path_text (path), (id), (cell), __VA_ARGS__)
#define WARNING_AT(checker, path, id, cell, ...) WARNING ((checker), path_text (path), (id), (cell), __VA_ARGS__)

static char *
path_of (const char *array,
         guint       index,
         const char *member)
{
  char digits[16];
  char *p = digits + sizeof digits - 1;

  *p = '\0';
  do
    *--p = (char) ('0' + index % 10);
  while ((index /= 10) > 0);

  if (member == NULL)
    return g_strconcat ("$.", array, "[", p, "]", NULL);

  return g_strconcat ("$.", array, "[", p, "].", member, NULL);
}

static char *
path_member (const char *path,
             const char *name)
{
  gboolean plain = g_ascii_isalpha (name[0]) || name[0] == '_';

  for (const char *p = name; plain && *p != '\0'; p++)
    plain = g_ascii_isalnum (*p) || *p == '_';

  if (plain)
    return g_strconcat (path, ".", name, NULL);

  return g_strconcat (path, "['", name, "']", NULL);
}

/* Where a problem is: a JSON path made into a string only when a problem
 * is reported there (issue 21: 5,000 units have 60,000 paths that no
 * message needs).  @parent's path, or @base written out, or "$"; then
 * ".ARRAY[INDEX]" when @array is set; then ".MEMBER" when @member is. */
typedef struct _Path Path;
struct _Path
{
  Path       *parent;
  const char *base;
  const char *array;
  guint       index;
  const char *member;
  char       *text;
};

#define PATH_AT(array, index, member)          { NULL, NULL, (array), (index), (member), NULL }
#define PATH_IS(base)                          { NULL, (base), NULL, 0, NULL, NULL }
#define PATH_IN(parent, member)                { (parent), NULL, NULL, 0, (member), NULL }
#define PATH_UNDER(parent, array, index, member) { (parent), NULL, (array), (index), (member), NULL }

static const char *
path_text (Path *path)
{
  if (path->text == NULL)
    {
      GString *text = g_string_new (path->parent != NULL ? path_text (path->parent)
                                    : path->base != NULL ? path->base : "$");

      if (path->array != NULL)
        g_string_append_printf (text, ".%s[%u]", path->array, path->index);
      if (path->member != NULL)
        {
          g_autofree char *with_member = path_member (text->str, path->member);

          g_string_assign (text, with_member);
        }
      path->text = g_string_free (text, FALSE);
    }
  return path->text;
}

static void
path_clear (Path *path)
{
  g_clear_pointer (&path->text, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Path, path_clear)

static gboolean
on_board (const AciesScenario *scenario,
          AciesCell            cell)
{
  return scenario->map.board != NULL && acies_board_contains (scenario->map.board, cell);
}

/* Structure: ids and references */

typedef const char *(*IdFunc) (gconstpointer item);

static const char *side_id (gconstpointer item) { return ((const AciesSide *) item)->id; }
static const char *formation_id (gconstpointer item) { return ((const AciesFormation *) item)->id; }
static const char *unit_id (gconstpointer item) { return ((const AciesUnit *) item)->id; }
static const char *leader_id (gconstpointer item) { return ((const AciesLeader *) item)->id; }
static const char *pool_id (gconstpointer item) { return ((const AciesPool *) item)->id; }
static const char *area_id (gconstpointer item) { return ((const AciesArea *) item)->id; }
static const char *reinforcement_id (gconstpointer item) { return ((const AciesReinforcement *) item)->id; }

/* An id -> part table of @array (parts start with their id), the first
 * part of each id winning as acies_scenario_find_unit() finds it: a
 * lookup per reference instead of a scan of 5,000 units (issue 21). */
static GHashTable *
index_by_id (GPtrArray *array,
             IdFunc     get_id)
{
  GHashTable *table = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < array->len; i++)
    {
      gpointer part = g_ptr_array_index (array, i);
      const char *id = get_id (part);

      if (id != NULL && !g_hash_table_contains (table, id))
        g_hash_table_insert (table, (gpointer) id, part);
    }
  return table;
}

static const AciesUnit *
find_unit (Checker    *checker,
           const char *id)
{
  if (id == NULL)
    return NULL;
  if (checker->units == NULL)
    checker->units = index_by_id (checker->scenario->units, unit_id);
  return g_hash_table_lookup (checker->units, id);
}

static const AciesLeader *
find_leader (Checker    *checker,
             const char *id)
{
  if (id == NULL)
    return NULL;
  if (checker->leaders == NULL)
    checker->leaders = index_by_id (checker->scenario->leaders, leader_id);
  return g_hash_table_lookup (checker->leaders, id);
}

static const AciesFormation *
find_formation (Checker    *checker,
                const char *id)
{
  if (id == NULL)
    return NULL;
  if (checker->formations == NULL)
    checker->formations = index_by_id (checker->scenario->formations, formation_id);
  return g_hash_table_lookup (checker->formations, id);
}

static const AciesArea *
find_area (Checker    *checker,
           const char *id)
{
  if (id == NULL)
    return NULL;
  if (checker->areas == NULL)
    checker->areas = index_by_id (checker->scenario->areas, area_id);
  return g_hash_table_lookup (checker->areas, id);
}

static void
check_ids (Checker    *checker,
           GPtrArray  *array,
           const char *name,
           const char *what,
           IdFunc      get_id)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < array->len; i++)
    {
      const char *id = get_id (g_ptr_array_index (array, i));
      g_autofree char *path = path_of (name, i, "id");
      gpointer first;

      if (id == NULL || id[0] == '\0')
        {
          ERROR (checker, path, NULL, ACIES_CELL_NONE, _("The %s has no id."), what);
          continue;
        }

      if (g_hash_table_lookup_extended (seen, id, NULL, &first))
        {
          ERROR (checker, path, id, ACIES_CELL_NONE,
                 _("Duplicate %s id “%s” (also $.%s[%u])."), what, id, name, GPOINTER_TO_UINT (first));
          continue;
        }

      g_hash_table_insert (seen, (gpointer) id, GUINT_TO_POINTER (i));
    }
}

static void
check_side_ref (Checker    *checker,
                const char *side,
                gboolean    required,
                Path       *path,
                const char *object_id,
                AciesCell   cell)
{
  if (side == NULL)
    {
      if (required)
        ERROR_AT (checker, path, object_id, cell, _("No side given."));
      return;
    }

  if (acies_scenario_find_side (checker->scenario, side) == NULL)
    ERROR_AT (checker, path, object_id, cell, _("There is no side “%s”."), side);
}

/* A formation reference: it must exist and belong to @side. */
static void
check_formation_ref (Checker    *checker,
                     const char *formation,
                     const char *side,
                     Path       *path,
                     const char *object_id,
                     AciesCell   cell)
{
  const AciesFormation *found;

  if (formation == NULL)
    return;

  found = find_formation (checker, formation);
  if (found == NULL)
    ERROR_AT (checker, path, object_id, cell, _("There is no formation “%s”."), formation);
  else if (side != NULL && found->side != NULL && g_strcmp0 (found->side, side) != 0)
    ERROR_AT (checker, path, object_id, cell,
              _("The formation “%s” belongs to side “%s”, not “%s”."), formation, found->side, side);
}

static void
check_area_ref (Checker    *checker,
                const char *area,
                Path       *path,
                const char *object_id)
{
  if (area != NULL && find_area (checker, area) == NULL)
    ERROR_AT (checker, path, object_id, ACIES_CELL_NONE, _("There is no area “%s”."), area);
}

static void
check_cell (Checker    *checker,
            AciesCell   cell,
            Path       *path,
            const char *object_id,
            const char *what)
{
  if (cell != ACIES_CELL_NONE && !on_board (checker->scenario, cell))
    ERROR_AT (checker, path, object_id, ACIES_CELL_NONE, _("The %s is off the board (cell %d)."), what, cell);
}

/* ACIES_MAX_UNITS: units, leaders and every counter of the pools together
 * (an entry of count 500 is 500 counters), as the reader counts them, so a
 * scenario made in the editor meets the limit a file must meet. */
static void
check_size (Checker *checker)
{
  const AciesScenario *scenario = checker->scenario;
  guint64 total = (guint64) scenario->units->len + scenario->leaders->len;
  guint64 counters = 0;

  for (guint i = 0; i < scenario->pools->len; i++)
    {
      const AciesPool *pool = g_ptr_array_index (scenario->pools, i);

      for (guint e = 0; e < pool->entries->len; e++)
        counters += ((const AciesPoolEntry *) g_ptr_array_index (pool->entries, e))->count;
    }

  if (total + counters > ACIES_MAX_UNITS)
    ERROR (checker, counters > 0 ? "$.pools" : "$.units", NULL, ACIES_CELL_NONE,
           _("The scenario has %llu units and leaders and %llu counters in its pools: Acies plays at most %d in all."),
           (unsigned long long) total, (unsigned long long) counters, ACIES_MAX_UNITS);
}

/* Which formations' chains of parents loop (or lead into a loop), each
 * formation visited once: a chain of 10,000 formations was walked from
 * each of them, with a scan of the list at every step. */
static gboolean *
formation_loops (Checker *checker)
{
  GPtrArray *formations = checker->scenario->formations;
  g_autoptr(GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree guint8 *state = g_new0 (guint8, MAX (formations->len, 1));   /* 0 new, 1 on the path, 2 done */
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean *loops = g_new0 (gboolean, MAX (formations->len, 1));

  for (guint i = 0; i < formations->len; i++)
    {
      const AciesFormation *f = g_ptr_array_index (formations, i);

      if (f->id != NULL && !g_hash_table_contains (index, f->id))
        g_hash_table_insert (index, f->id, GUINT_TO_POINTER (i + 1));
    }

  for (guint i = 0; i < formations->len; i++)
    {
      gint j = i;
      gboolean loop;

      g_array_set_size (path, 0);
      while (j >= 0 && state[j] == 0)
        {
          const AciesFormation *f = g_ptr_array_index (formations, j);
          guint up = f->parent != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (index, f->parent)) : 0;

          state[j] = 1;
          g_array_append_val (path, j);
          j = (gint) up - 1;
        }
      loop = j >= 0 && (state[j] == 1 || loops[j]);
      for (guint k = 0; k < path->len; k++)
        {
          state[g_array_index (path, guint, k)] = 2;
          loops[g_array_index (path, guint, k)] = loop;
        }
    }
  return loops;
}

static void
check_structure (Checker *checker)
{
  const AciesScenario *scenario = checker->scenario;
  g_autofree gboolean *loops = NULL;

  check_size (checker);

  check_ids (checker, scenario->sides, "sides", _("side"), side_id);
  check_ids (checker, scenario->formations, "formations", _("formation"), formation_id);
  check_ids (checker, scenario->units, "units", _("unit"), unit_id);
  check_ids (checker, scenario->leaders, "leaders", _("leader"), leader_id);
  check_ids (checker, scenario->pools, "pools", _("pool"), pool_id);
  check_ids (checker, scenario->areas, "areas", _("area"), area_id);
  check_ids (checker, scenario->reinforcements, "reinforcements", _("reinforcement"), reinforcement_id);

  if (scenario->map.board == NULL)
    ERROR (checker, "$.board", NULL, ACIES_CELL_NONE, _("The scenario has no board."));

  loops = formation_loops (checker);
  for (guint i = 0; i < scenario->formations->len; i++)
    {
      const AciesFormation *formation = g_ptr_array_index (scenario->formations, i);
      g_auto(Path) side_path = PATH_AT ("formations", i, "side");
      g_auto(Path) parent_path = PATH_AT ("formations", i, "parent");

      check_side_ref (checker, formation->side, TRUE, &side_path, formation->id, ACIES_CELL_NONE);
      if (formation->parent != NULL)
        {
          check_formation_ref (checker, formation->parent, formation->side, &parent_path,
                               formation->id, ACIES_CELL_NONE);

          /* Parents must not loop back. */
          if (loops[i])
            ERROR_AT (checker, &parent_path, formation->id, ACIES_CELL_NONE,
                      _("The formation “%s” is its own parent, through a loop of parents."), formation->id);
        }
    }

  for (guint i = 0; i < scenario->units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (scenario->units, i);
      g_auto(Path) side_path = PATH_AT ("units", i, "side");
      g_auto(Path) formation_path = PATH_AT ("units", i, "formation");
      g_auto(Path) cell_path = PATH_AT ("units", i, "cell");
      g_auto(Path) cell2_path = PATH_AT ("units", i, "cell2");

      check_side_ref (checker, unit->side, TRUE, &side_path, unit->id, unit->cell);
      check_formation_ref (checker, unit->formation, unit->side, &formation_path, unit->id, unit->cell);
      check_cell (checker, unit->cell, &cell_path, unit->id, _("unit"));
      check_cell (checker, unit->cell2, &cell2_path, unit->id, _("unit"));
      if (unit->cell2 != ACIES_CELL_NONE && unit->cell == ACIES_CELL_NONE)
        ERROR_AT (checker, &cell2_path, unit->id, unit->cell2, _("The unit has a second cell but no first cell."));
    }

  for (guint i = 0; i < scenario->leaders->len; i++)
    {
      const AciesLeader *leader = g_ptr_array_index (scenario->leaders, i);
      g_auto(Path) side_path = PATH_AT ("leaders", i, "side");
      g_auto(Path) formation_path = PATH_AT ("leaders", i, "formation");
      g_auto(Path) cell_path = PATH_AT ("leaders", i, "cell");
      g_auto(Path) attached_path = PATH_AT ("leaders", i, "attached_to");

      check_side_ref (checker, leader->side, TRUE, &side_path, leader->id, leader->cell);
      check_formation_ref (checker, leader->formation, leader->side, &formation_path, leader->id, leader->cell);
      check_cell (checker, leader->cell, &cell_path, leader->id, _("leader"));
      if (leader->attached_to != NULL)
        {
          const AciesUnit *unit = find_unit (checker, leader->attached_to);

          if (unit == NULL)
            ERROR_AT (checker, &attached_path, leader->id, leader->cell,
                      _("The leader is attached to “%s”, but there is no unit “%s”."),
                      leader->attached_to, leader->attached_to);
          else if (leader->cell != ACIES_CELL_NONE && unit->cell != ACIES_CELL_NONE &&
                   leader->cell != unit->cell && leader->cell != unit->cell2)
            WARNING_AT (checker, &cell_path, leader->id, leader->cell,
                        _("The leader is attached to “%s” but stands in another cell."), unit->id);
        }
    }

  for (guint i = 0; i < scenario->pools->len; i++)
    {
      const AciesPool *pool = g_ptr_array_index (scenario->pools, i);
      g_auto(Path) side_path = PATH_AT ("pools", i, "side");
      g_auto(Path) formation_path = PATH_AT ("pools", i, "formation");
      g_auto(Path) area_path = PATH_AT ("pools", i, "area");

      check_side_ref (checker, pool->side, TRUE, &side_path, pool->id, ACIES_CELL_NONE);
      check_formation_ref (checker, pool->formation, pool->side, &formation_path, pool->id, ACIES_CELL_NONE);
      check_area_ref (checker, pool->area, &area_path, pool->id);
    }

  for (guint i = 0; i < scenario->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (scenario->areas, i);
      g_auto(Path) side_path = PATH_AT ("areas", i, "side");
      g_auto(Path) formation_path = PATH_AT ("areas", i, "formation");
      g_auto(Path) cells_path = PATH_AT ("areas", i, "cells");

      check_side_ref (checker, area->side, FALSE, &side_path, area->id, ACIES_CELL_NONE);
      check_formation_ref (checker, area->formation, area->side, &formation_path, area->id, ACIES_CELL_NONE);
      for (guint j = 0; j < area->cells->len; j++)
        {
          AciesCell cell = g_array_index (area->cells, AciesCell, j);

          if (!on_board (scenario, cell))
            {
              ERROR_AT (checker, &cells_path, area->id, ACIES_CELL_NONE,
                        _("The area has a cell off the board (cell %d)."), cell);
              break;
            }
        }
    }

  for (guint i = 0; i < scenario->reinforcements->len; i++)
    {
      const AciesReinforcement *reinforcement = g_ptr_array_index (scenario->reinforcements, i);
      g_auto(Path) side_path = PATH_AT ("reinforcements", i, "side");
      g_auto(Path) area_path = PATH_AT ("reinforcements", i, "area");
      g_auto(Path) units_path = PATH_AT ("reinforcements", i, "units");

      check_side_ref (checker, reinforcement->side, TRUE, &side_path, reinforcement->id, ACIES_CELL_NONE);
      check_area_ref (checker, reinforcement->area, &area_path, reinforcement->id);
      for (guint j = 0; j < reinforcement->units->len; j++)
        {
          const char *id = g_ptr_array_index (reinforcement->units, j);
          const AciesUnit *unit = find_unit (checker, id);
          const AciesLeader *leader = find_leader (checker, id);

          if (unit == NULL && leader == NULL)
            {
              g_autofree char *unit_path = g_strdup_printf ("%s[%u]", path_text (&units_path), j);

              ERROR (checker, unit_path, reinforcement->id, ACIES_CELL_NONE,
                     _("There is no unit or leader “%s”."), id);
            }
          else if ((unit != NULL && unit->cell != ACIES_CELL_NONE) ||
                   (unit == NULL && leader->cell != ACIES_CELL_NONE))
            {
              g_autofree char *unit_path = g_strdup_printf ("%s[%u]", path_text (&units_path), j);

              WARNING (checker, unit_path, id, unit != NULL ? unit->cell : leader->cell,
                       _("“%s” arrives as a reinforcement but is also set up on the map."), id);
            }
        }
      if (scenario->turn_limit > 0 && reinforcement->turn > scenario->turn_limit)
        {
          g_auto(Path) turn_path = PATH_AT ("reinforcements", i, "turn");

          WARNING_AT (checker, &turn_path, reinforcement->id, ACIES_CELL_NONE,
                      _("The reinforcement arrives on turn %u, after the last turn (%u)."),
                      reinforcement->turn, scenario->turn_limit);
        }
    }

  {
    g_auto(Path) first_side_path = PATH_IS ("$.first_side");

    check_side_ref (checker, scenario->first_side, FALSE, &first_side_path, scenario->first_side, ACIES_CELL_NONE);
  }

  for (guint i = 0; i < scenario->special_rules->len; i++)
    {
      const AciesRuleEntry *entry = g_ptr_array_index (scenario->special_rules, i);
      g_auto(Path) path = PATH_AT ("special_rules", i, "side");

      check_side_ref (checker, entry->side, FALSE, &path, entry->kind, ACIES_CELL_NONE);
    }

  for (guint i = 0; i < scenario->victory->len; i++)
    {
      const AciesRuleEntry *entry = g_ptr_array_index (scenario->victory, i);
      g_auto(Path) path = PATH_AT ("victory", i, "side");

      check_side_ref (checker, entry->side, FALSE, &path, entry->kind, ACIES_CELL_NONE);
    }
}

/**
 * acies_scenario_check_structure:
 * @scenario: a scenario
 * @problems: (element-type AciesProblem): where to append the problems
 *
 * Checks what needs no catalogue: ids present and unique within each kind,
 * references (sides, formations and their parents, areas, units of
 * reinforcements, attached leaders, the first side) resolve, a part's
 * formation belongs to its side, formation parents do not loop, and every
 * cell is on the board.  The file reader refuses a file with any error
 * found here.
 */
void
acies_scenario_check_structure (const AciesScenario *scenario,
                                GPtrArray           *problems)
{
  Checker checker = { scenario, NULL, problems, FALSE, NULL, NULL, NULL, NULL };

  g_return_if_fail (scenario != NULL);
  g_return_if_fail (problems != NULL);

  check_structure (&checker);
  checker_clear (&checker);
}

/* Catalogue: values typed by parameter specs */

/* "Set-up zone “Roman left”": a part as the editor names it, for the
 * start of a message. */
static char *
owner_text (const char *what,
            const char *name,
            const char *id)
{
  const char *shown = name != NULL && *name != '\0' ? name : id;

  if (shown == NULL || *shown == '\0')
    return g_strdup (what);
  /* Translators: a part of the scenario and its name, “Set-up zone “Roman left””. */
  return g_strdup_printf (_("%s “%s”"), what, shown);
}

/* A side as players read it: its name, else its id. */
static const char *
side_display (const AciesScenario *scenario,
              const char          *id)
{
  const AciesSide *side = id != NULL ? acies_scenario_find_side (scenario, id) : NULL;

  if (id == NULL)
    return _("no side");
  return side != NULL && side->name != NULL && *side->name != '\0' ? side->name : id;
}

/* A value naming a side, formation or area of the scenario: when it names
 * none (the part was deleted, or the file was written by hand), or a
 * formation of another side than @side, says so by the part's and the
 * parameter's names ("Set-up zone “Roman bank” names a Wing that no
 * longer exists: choose one.") and returns %TRUE; %FALSE when the value
 * is for acies_param_spec_check() to judge. */
static gboolean
check_reference (Checker              *checker,
                 const AciesParamSpec *spec,
                 JsonNode             *value,
                 Path                 *path,
                 const char           *object_id,
                 AciesCell             cell,
                 const char           *owner,
                 const char           *side)
{
  const AciesScenario *scenario = checker->scenario;
  const char *label = spec->label != NULL ? spec->label : spec->id;
  const char *id;
  gboolean found;

  if (spec->type != ACIES_VALUE_SIDE && spec->type != ACIES_VALUE_FORMATION && spec->type != ACIES_VALUE_AREA)
    return FALSE;
  if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_STRING)
    return FALSE;
  id = json_node_get_string (value);
  if (id == NULL || *id == '\0')
    return FALSE;

  switch (spec->type)
    {
    case ACIES_VALUE_SIDE:
      found = acies_scenario_find_side (scenario, id) != NULL;
      break;
    case ACIES_VALUE_AREA:
      found = find_area (checker, id) != NULL;
      break;
    default:
      {
        const AciesFormation *formation = find_formation (checker, id);

        found = formation != NULL;
        if (formation != NULL && side != NULL && formation->side != NULL &&
            g_strcmp0 (formation->side, side) != 0)
          {
            /* Translators: "Set-up zone “Roman bank” names the Wing “Left” of Carthage, not one of
             * Rome: choose one of Rome's." */
            ERROR_AT (checker, path, object_id, cell, _("%s names the %s “%s” of %s, not one of %s: choose one of its own side."),
                   owner, label, formation->name != NULL && *formation->name != '\0' ? formation->name : formation->id,
                   side_display (scenario, formation->side), side_display (scenario, side));
            return TRUE;
          }
      }
      break;
    }

  if (found)
    return FALSE;
  /* Translators: "Set-up zone “Roman bank” names a Wing that no longer exists: choose one." */
  ERROR_AT (checker, path, object_id, cell, _("%s names a %s that no longer exists: choose one."), owner, label);
  return TRUE;
}

/* Checks @values against @specs (and, if not there, @more_specs): every
 * value known and of the right type, every required one present.  @owner
 * names the part in a player's words ("Set-up zone “Roman left”"); a
 * missing value is reported at the part's own path (@path without its
 * member) with the parameter's label: "…: choose its Unit class". */
static void
check_values (Checker      *checker,
              JsonObject   *values,
              GPtrArray    *specs,
              GPtrArray    *more_specs,
              Path         *path,
              const char   *object_id,
              AciesCell     cell,
              const char   *owner,
              const char   *side,
              gboolean      check_required)
{
  /* "$.areas[2].params" → "$.areas[2]"; "$.params" → "$". */
  g_auto(Path) item_path = { path->parent, path->base, path->array, path->index, NULL, NULL };

  if (values != NULL)
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *value;

      json_object_iter_init_ordered (&iter, values);
      while (json_object_iter_next_ordered (&iter, &name, &value))
        {
          g_auto(Path) value_path = PATH_IN (path, name);
          const AciesParamSpec *spec = NULL;
          g_autofree char *message = NULL;

          if (specs != NULL)
            spec = acies_catalogue_find_param (specs, name);
          if (spec == NULL && more_specs != NULL)
            spec = acies_catalogue_find_param (more_specs, name);

          if (spec == NULL)
            {
              ERROR_AT (checker, &value_path, object_id, cell,
                        _("%s: “%s” is not a setting of the ruleset %s."), owner, name, checker->catalogue->id);
              continue;
            }

          if (check_reference (checker, spec, value, &value_path, object_id, cell, owner, side))
            continue;
          if (!acies_param_spec_check (spec, value, checker->scenario, &message))
            ERROR_AT (checker, &value_path, object_id, cell, "%s: %s: %s", owner,
                      spec->label != NULL ? spec->label : spec->id,
                      message != NULL ? message : _("invalid value"));
        }
    }

  if (!check_required)
    return;

  for (guint pass = 0; pass < 2; pass++)
    {
      GPtrArray *list = pass == 0 ? specs : more_specs;

      for (guint i = 0; list != NULL && i < list->len; i++)
        {
          const AciesParamSpec *spec = g_ptr_array_index (list, i);

          if (spec->required && spec->default_value == NULL &&
              (values == NULL || !json_object_has_member (values, spec->id)))
            /* Translators: "Set-up zone “Roman left”: choose its Unit class." */
            ERROR_AT (checker, &item_path, object_id, cell, _("%s: choose its %s."), owner,
                      spec->label != NULL ? spec->label : spec->id);
        }
    }
}

static void
check_terrain (Checker *checker)
{
  const AciesScenario *scenario = checker->scenario;
  const AciesMap *map = &scenario->map;
  g_autoptr(GHashTable) reported = g_hash_table_new (NULL, NULL);
  guint n_cells, n_edges;

  if (map->board == NULL)
    return;

  n_cells = acies_board_get_n_cells (map->board);
  n_edges = acies_board_get_n_edges (map->board);

  for (guint i = 0; i < n_cells; i++)
    {
      /* Terrain ids are interned, and most cells repeat the one before.
       * The cell's label is made only for a message (a board builds its
       * labels on first use: 40,000 strings on 200 × 200). */
      if (map->terrain[i] != NULL && (i == 0 || map->terrain[i] != map->terrain[i - 1]) &&
          !g_hash_table_contains (reported, map->terrain[i]) &&
          acies_catalogue_find_terrain (checker->catalogue, map->terrain[i]) == NULL)
        {
          g_autofree char *path = path_member ("$.map.terrain", acies_board_cell_label (map->board, i));

          g_hash_table_add (reported, (gpointer) map->terrain[i]);
          ERROR (checker, path, NULL, i, _("Unknown terrain “%s” (first at %s)."), map->terrain[i],
                 acies_board_cell_label (map->board, i));
        }

      for (guint j = 0; map->cell_features[i] != NULL && j < map->cell_features[i]->len; j++)
        {
          const char *feature = g_ptr_array_index (map->cell_features[i], j);

          if (!g_hash_table_contains (reported, feature) &&
              acies_catalogue_find_cell_feature (checker->catalogue, feature) == NULL)
            {
              g_autofree char *path = path_member ("$.map.cell_features", acies_board_cell_label (map->board, i));

              g_hash_table_add (reported, (gpointer) feature);
              ERROR (checker, path, NULL, i, _("Unknown cell feature “%s” (first at %s)."), feature,
                     acies_board_cell_label (map->board, i));
            }
        }
    }

  for (guint i = 0; i < n_edges; i++)
    for (guint j = 0; map->edge_features[i] != NULL && j < map->edge_features[i]->len; j++)
      {
        const char *feature = g_ptr_array_index (map->edge_features[i], j);

        if (!g_hash_table_contains (reported, feature) &&
            acies_catalogue_find_edge_feature (checker->catalogue, feature) == NULL)
          {
            const char *label = acies_board_edge_label (map->board, i);
            g_autofree char *path = path_member ("$.map.edge_features", label);
            AciesCell a, b;

            acies_board_edge_cells (map->board, i, &a, &b);
            g_hash_table_add (reported, (gpointer) feature);
            ERROR (checker, path, NULL, a, _("Unknown edge feature “%s” (first at %s)."), feature, label);
          }
      }
}

static guint
n_facings (const AciesBoard *board,
           AciesFacingKind   kind)
{
  /* A hex has as many vertices as sides; a square's vertices are its
   * four corners. */
  if (kind == ACIES_FACING_VERTEX && acies_board_get_kind (board) == ACIES_BOARD_SQUARE)
    return 4;

  return acies_board_get_n_directions (board);
}

static void
check_units (Checker *checker)
{
  const AciesScenario *scenario = checker->scenario;
  const AciesCatalogue *catalogue = checker->catalogue;
  const AciesBoard *board = scenario->map.board;
  g_autofree guint *stack = NULL;

  if (board != NULL)
    stack = g_new0 (guint, MAX (acies_board_get_n_cells (board), 1));

  for (guint i = 0; i < scenario->units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (scenario->units, i);
      const AciesUnitType *type = acies_catalogue_find_unit_type (catalogue, unit->type);
      g_auto(Path) type_path = PATH_AT ("units", i, "type");
      g_auto(Path) attrs_path = PATH_AT ("units", i, "attrs");
      g_auto(Path) hidden_path = PATH_AT ("units", i, "hidden");
      g_auto(Path) cell_path = PATH_AT ("units", i, "cell");
      g_auto(Path) cell2_path = PATH_AT ("units", i, "cell2");
      g_auto(Path) facing_path = PATH_AT ("units", i, "facing");
      AciesCell cells[2] = { unit->cell, unit->cell2 };

      if (type == NULL)
        ERROR_AT (checker, &type_path, unit->id, unit->cell,
               _("Unknown unit type “%s” for the ruleset %s."), unit->type, catalogue->id);
      else
        {
          g_autofree char *owner = owner_text (_("Unit"), unit->name, unit->id);

          check_values (checker, unit->attrs, type->attributes, NULL, &attrs_path,
                        unit->id, unit->cell, owner, unit->side, TRUE);
          if (unit->hidden != NULL)
            check_values (checker, unit->hidden, type->hidden, NULL, &hidden_path,
                          unit->id, unit->cell, owner, unit->side, TRUE);
          else if (type->hidden != NULL)
            for (guint j = 0; j < type->hidden->len; j++)
              {
                const AciesParamSpec *spec = g_ptr_array_index (type->hidden, j);

                if (spec->required && spec->default_value == NULL)
                  {
                    WARNING_AT (checker, &hidden_path, unit->id, unit->cell,
                             _("The unit's hidden values (its back) are not set."));
                    break;
                  }
              }

          if (board != NULL && unit->cell != ACIES_CELL_NONE)
            {
              if (type->two_hex && unit->cell2 == ACIES_CELL_NONE)
                ERROR_AT (checker, &cell2_path, unit->id, unit->cell,
                       _("A %s is a two-hex unit: it needs a second cell."), type->name != NULL ? type->name : type->id);
              else if (!type->two_hex && unit->cell2 != ACIES_CELL_NONE)
                ERROR_AT (checker, &cell2_path, unit->id, unit->cell2,
                       _("A %s takes one cell only."), type->name != NULL ? type->name : type->id);
              else if (type->two_hex && on_board (scenario, unit->cell2) &&
                       !acies_board_adjacent (board, unit->cell, unit->cell2, ACIES_ADJ_ORTHOGONAL))
                ERROR_AT (checker, &cell2_path, unit->id, unit->cell2,
                       _("The two cells of a two-hex unit must be adjacent."));
            }
        }

      if (board != NULL && unit->facing >= 0)
        {
          if (catalogue->facing == ACIES_FACING_NONE)
            WARNING_AT (checker, &facing_path, unit->id, unit->cell,
                     _("The ruleset %s has no facing; the unit's facing is ignored."), catalogue->id);
          else if ((guint) unit->facing >= n_facings (board, catalogue->facing))
            ERROR_AT (checker, &facing_path, unit->id, unit->cell,
                   _("Facing %d is out of range: this board has facings 0 to %u."),
                   unit->facing, n_facings (board, catalogue->facing) - 1);
        }
      else if (board != NULL && unit->cell != ACIES_CELL_NONE && catalogue->facing != ACIES_FACING_NONE)
        WARNING_AT (checker, &facing_path, unit->id, unit->cell, _("The unit has no facing."));

      /* Stacking: a two-hex unit counts in both its cells; leaders do not
       * count. */
      for (guint k = 0; k < 2 && stack != NULL; k++)
        {
          AciesCell cell = cells[k];

          if (!on_board (scenario, cell) || (k == 1 && cell == cells[0]))
            continue;

          stack[cell]++;
          if (catalogue->stack_limit > 0 && stack[cell] == catalogue->stack_limit + 1)
            ERROR_AT (checker, k == 0 ? &cell_path : &cell2_path, unit->id, cell,
                   _("Too many units in %s: at most %u may stack there (the ruleset %s)."),
                   acies_board_cell_label (board, cell), catalogue->stack_limit, catalogue->id);
        }
    }

  for (guint i = 0; i < scenario->leaders->len; i++)
    {
      const AciesLeader *leader = g_ptr_array_index (scenario->leaders, i);
      const AciesUnitType *kind = acies_catalogue_find_leader_kind (catalogue, leader->kind);
      g_auto(Path) kind_path = PATH_AT ("leaders", i, "kind");
      g_auto(Path) attrs_path = PATH_AT ("leaders", i, "attrs");

      if (kind == NULL)
        ERROR_AT (checker, &kind_path, leader->id, leader->cell,
               _("Unknown leader kind “%s” for the ruleset %s."), leader->kind, catalogue->id);
      else
        {
          g_autofree char *owner = owner_text (_("Leader"), leader->name, leader->id);

          check_values (checker, leader->attrs, kind->attributes, NULL, &attrs_path,
                        leader->id, leader->cell, owner, leader->side, TRUE);
        }
    }

  for (guint i = 0; i < scenario->pools->len; i++)
    {
      const AciesPool *pool = g_ptr_array_index (scenario->pools, i);
      guint total = 0;

      for (guint j = 0; j < pool->entries->len; j++)
        {
          const AciesPoolEntry *entry = g_ptr_array_index (pool->entries, j);
          const AciesUnitType *type = acies_catalogue_find_unit_type (catalogue, entry->type);
          g_auto(Path) pool_path = PATH_AT ("pools", i, NULL);
          g_auto(Path) entry_path = PATH_UNDER (&pool_path, "entries", j, NULL);
          g_auto(Path) type_path = PATH_IN (&entry_path, "type");
          g_auto(Path) attrs_path = PATH_IN (&entry_path, "attrs");
          g_auto(Path) hidden_path = PATH_IN (&entry_path, "hidden");

          total += entry->count;
          if (entry->count == 0)
            WARNING_AT (checker, &entry_path, pool->id, ACIES_CELL_NONE, _("The pool entry has no counters."));

          if (type == NULL)
            {
              ERROR_AT (checker, &type_path, pool->id, ACIES_CELL_NONE,
                     _("Unknown unit type “%s” for the ruleset %s."), entry->type, catalogue->id);
              continue;
            }

          {
            /* Translators: "Unit pool of Romans, Phalanx". */
            g_autofree char *owner = g_strdup_printf (_("Unit pool of %s, %s"), side_display (scenario, pool->side),
                                                      type->name != NULL ? type->name : type->id);

            check_values (checker, entry->attrs, type->attributes, NULL, &attrs_path,
                          pool->id, ACIES_CELL_NONE, owner, pool->side, TRUE);
            if (entry->hidden != NULL)
              check_values (checker, entry->hidden, type->hidden, NULL, &hidden_path,
                            pool->id, ACIES_CELL_NONE, owner, pool->side, TRUE);
          }
        }

      {
        /* A pool parameter "draw" above 0 is how many counters are
         * drawn, in place of the pool's own member (docs/catalogue-format.md,
         * "pool_params"). */
        gint64 param_draw = acies_params_get_int (pool->params, "draw", 0);
        guint draw = param_draw > 0 ? (guint) param_draw : pool->draw;
        g_autofree char *draw_path = param_draw > 0 ? g_strdup_printf ("$.pools[%u].params.draw", i)
                                                    : path_of ("pools", i, "draw");

        if (draw > total)
          ERROR (checker, draw_path, pool->id, ACIES_CELL_NONE,
                 g_dngettext (GETTEXT_PACKAGE, "The pool draws %u counter but holds only %u.",
                              "The pool draws %u counters but holds only %u.", draw),
                 draw, total);
      }

      {
        g_auto(Path) params_path = PATH_AT ("pools", i, "params");
        /* Translators: "Unit pool of Romans", a pool named by its side. */
        g_autofree char *owner = g_strdup_printf (_("Unit pool of %s"), side_display (scenario, pool->side));

        check_values (checker, pool->params, catalogue->pool_params, NULL, &params_path, pool->id,
                      ACIES_CELL_NONE, owner, pool->side, FALSE);
      }
    }
}

static void
check_kinds (Checker    *checker,
             GPtrArray  *entries,
             GPtrArray  *kinds,
             const char *name,
             const char *what)
{
  for (guint i = 0; i < entries->len; i++)
    {
      const AciesRuleEntry *entry = g_ptr_array_index (entries, i);
      const AciesKind *kind = acies_catalogue_find_kind (kinds, entry->kind);
      g_auto(Path) kind_path = PATH_AT (name, i, "kind");
      g_auto(Path) params_path = PATH_AT (name, i, "params");

      if (kind == NULL)
        {
          ERROR_AT (checker, &kind_path, entry->kind, ACIES_CELL_NONE,
                 _("Unknown %s “%s” for the ruleset %s."), what, entry->kind, checker->catalogue->id);
          continue;
        }

      {
        g_autofree char *owner = owner_text (what, kind->name, kind->id);

        check_values (checker, entry->params, kind->params, NULL, &params_path, entry->kind,
                      ACIES_CELL_NONE, owner, entry->side, TRUE);
      }
    }
}

static void
check_catalogue (Checker *checker)
{
  const AciesScenario *scenario = checker->scenario;
  const AciesCatalogue *catalogue = checker->catalogue;
  static const char *board_names[] = { "square", "hex", "zones" };

  if (scenario->map.board != NULL && acies_board_get_kind (scenario->map.board) != catalogue->board_kind)
    ERROR (checker, "$.board.kind", NULL, ACIES_CELL_NONE,
           _("The ruleset %s plays on a %s board, not a %s board."), catalogue->id,
           board_names[catalogue->board_kind], board_names[acies_board_get_kind (scenario->map.board)]);

  if (g_strcmp0 (scenario->ruleset, catalogue->id) != 0)
    WARNING (checker, "$.ruleset", NULL, ACIES_CELL_NONE,
             _("The scenario is for the ruleset %s but is checked against %s."),
             scenario->ruleset, catalogue->id);
  else if (scenario->ruleset_version > catalogue->version && catalogue->version > 0)
    WARNING (checker, "$.ruleset_version", NULL, ACIES_CELL_NONE,
             _("The scenario was made for version %u of the ruleset %s; this is version %u."),
             scenario->ruleset_version, catalogue->id, catalogue->version);

  check_terrain (checker);
  check_units (checker);

  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (scenario->sides, i);
      g_auto(Path) params_path = PATH_AT ("sides", i, "params");

      g_autofree char *owner = owner_text (_("Side"), side->name, side->id);

      check_values (checker, side->params, catalogue->side_params, NULL, &params_path,
                    side->id, ACIES_CELL_NONE, owner, side->id, TRUE);
    }

  for (guint i = 0; i < scenario->formations->len; i++)
    {
      const AciesFormation *formation = g_ptr_array_index (scenario->formations, i);
      const AciesKind *kind = acies_catalogue_find_kind (catalogue->formation_kinds, formation->kind);
      g_auto(Path) kind_path = PATH_AT ("formations", i, "kind");
      g_auto(Path) params_path = PATH_AT ("formations", i, "params");

      if (kind == NULL)
        ERROR_AT (checker, &kind_path, formation->id, ACIES_CELL_NONE,
               _("Unknown formation kind “%s” for the ruleset %s."), formation->kind, catalogue->id);

      {
        g_autofree char *owner = owner_text (kind != NULL && kind->name != NULL ? kind->name : _("Formation"),
                                             formation->name, formation->id);

        check_values (checker, formation->params, kind != NULL ? kind->params : NULL,
                      catalogue->formation_params, &params_path, formation->id, ACIES_CELL_NONE,
                      owner, formation->side, TRUE);
      }
    }

  for (guint i = 0; i < scenario->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (scenario->areas, i);
      const AciesKind *kind = acies_catalogue_find_kind (catalogue->area_kinds, area->kind);
      g_auto(Path) kind_path = PATH_AT ("areas", i, "kind");
      g_auto(Path) params_path = PATH_AT ("areas", i, "params");
      AciesCell first = area->cells->len > 0 ? g_array_index (area->cells, AciesCell, 0) : ACIES_CELL_NONE;

      if (kind == NULL)
        {
          ERROR_AT (checker, &kind_path, area->id, first,
                 _("Unknown area kind “%s” for the ruleset %s."), area->kind, catalogue->id);
          continue;
        }

      {
        g_autofree char *owner = owner_text (kind->name != NULL ? kind->name : _("Area"), area->name, area->id);
        g_auto(Path) area_path = PATH_AT ("areas", i, NULL);

        check_values (checker, area->params, kind->params, NULL, &params_path, area->id, first,
                      owner, area->side, TRUE);
        if (area->cells->len == 0)
          WARNING_AT (checker, &area_path, area->id, ACIES_CELL_NONE, _("%s has no cells: mark them on the map."), owner);
      }
    }

  check_kinds (checker, scenario->special_rules, catalogue->special_rules, "special_rules", _("special rule"));
  check_kinds (checker, scenario->victory, catalogue->victory_kinds, "victory", _("victory condition"));

  {
    g_auto(Path) scenario_params_path = PATH_IN (NULL, "params");

    check_values (checker, scenario->params, catalogue->scenario_params, NULL, &scenario_params_path,
                  NULL, ACIES_CELL_NONE, _("The scenario"), NULL, TRUE);
  }

  if (scenario->table_overrides != NULL)
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *value;

      json_object_iter_init_ordered (&iter, scenario->table_overrides);
      while (json_object_iter_next_ordered (&iter, &name, &value))
        {
          g_autofree char *path = path_member ("$.table_overrides", name);
          const AciesTable *table = acies_catalogue_find_table (catalogue, name);
          g_autoptr(GError) error = NULL;
          AciesTable *copy;

          if (table == NULL)
            {
              ERROR (checker, path, name, ACIES_CELL_NONE,
                     _("The ruleset %s has no table “%s” to override."), catalogue->id, name);
              continue;
            }

          if (!JSON_NODE_HOLDS_OBJECT (value))
            {
              ERROR (checker, path, name, ACIES_CELL_NONE, _("A table override must be an object."));
              continue;
            }

          copy = acies_table_copy (table);
          if (!acies_table_apply_override (copy, json_node_get_object (value), path, &error))
            ERROR (checker, path, name, ACIES_CELL_NONE, "%s", error->message);
          acies_table_free (copy);
        }
    }
}

/* Every ruleset Acies knows is two-player: a battle needs exactly two
 * sides, and a side with nothing to fight with (no unit placed, in a pool
 * or in reinforcements) cannot play: an error for a ruleset with game
 * logic (Play would start an empty game), a warning for one that is only
 * a catalogue (the scenario is still being written). */
static void
check_sides (Checker *checker)
{
  const AciesScenario *scenario = checker->scenario;
  AciesProblemSeverity severity = checker->playable ? ACIES_PROBLEM_ERROR : ACIES_PROBLEM_WARNING;

  if (scenario->sides->len != 2)
    ERROR (checker, "$.sides", NULL, ACIES_CELL_NONE,
           _("A battle needs two sides; this scenario has %u."), scenario->sides->len);

  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (scenario->sides, i);
      gboolean has_units = FALSE;
      g_autofree char *path = path_of ("sides", i, NULL);

      for (guint u = 0; u < scenario->units->len && !has_units; u++)
        {
          const AciesUnit *unit = g_ptr_array_index (scenario->units, u);

          has_units = g_strcmp0 (unit->side, side->id) == 0 && unit->cell != ACIES_CELL_NONE;
        }
      for (guint p = 0; p < scenario->pools->len && !has_units; p++)
        {
          const AciesPool *pool = g_ptr_array_index (scenario->pools, p);

          if (g_strcmp0 (pool->side, side->id) != 0)
            continue;
          for (guint e = 0; e < pool->entries->len && !has_units; e++)
            has_units = ((const AciesPoolEntry *) g_ptr_array_index (pool->entries, e))->count > 0;
        }
      for (guint r = 0; r < scenario->reinforcements->len && !has_units; r++)
        {
          const AciesReinforcement *reinforcement = g_ptr_array_index (scenario->reinforcements, r);

          has_units = g_strcmp0 (reinforcement->side, side->id) == 0
                      && reinforcement->units != NULL && reinforcement->units->len > 0;
        }
      if (!has_units)
        {
          g_autofree char *message =
            g_strdup_printf (_("The side “%s” has no units: place some on the map, or add them to a unit pool "
                               "or to reinforcements."),
                             side->name != NULL && *side->name != '\0' ? side->name : side->id);

          add (checker, severity, path, side->id, ACIES_CELL_NONE, message);
        }
    }
}

/**
 * acies_printed_text_internal:
 * @text: (nullable): a text printed for the players (a scenario's
 *   description, notes or one of its sources)
 *
 * Finds what in @text speaks to the developers rather than to the
 * players: a file path or file name ("shared/rules/checklists/gc.md",
 * "heraclea.acies"), or a reference to the rules checklist ("checklist",
 * "GC-G02").  A printed set-up cites the rulebooks, never Acies's own
 * files (issue 17 item 10).
 *
 * Returns: (transfer full) (nullable): the first such fragment, or %NULL
 *   when @text has none
 */
char *
acies_printed_text_internal (const char *text)
{
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;

  if (text == NULL)
    return NULL;
  regex = g_regex_new ("[\\w./~-]*\\b[\\w-]+\\.(?:md|json|acies|txt|py)\\b" /* a file */
                                            "|\\b[A-Za-z][\\w.-]*/[A-Za-z][\\w.-]*/"         /* a folder */
                                            "|(?i:\\bchecklists?\\b)"
                                            "|\\b[A-Z]{2,4}-[A-Z]{0,2}[0-9]+[a-z]?\\b",     /* "GC-G02" */
                                            0, 0, NULL);
  /* Word by word: the pattern backtracks over a long run of letters, and
   * 64 KiB without a space took a minute to validate (the pipeline fuzz
   * fixture long-unbroken-description).  No file name or reference is
   * longer than a line, so a longer run is no such word. */
  for (const char *p = text; *p != '\0';)
    {
      const char *start;

      while (*p != '\0' && (g_ascii_isspace (*p) || strchr ("()[]{},;\"'", *p) != NULL))
        p++;
      start = p;
      while (*p != '\0' && !g_ascii_isspace (*p) && strchr ("()[]{},;\"'", *p) == NULL)
        p++;
      if (p > start && p - start <= 256)
        {
          g_autofree char *word = g_strndup (start, p - start);

          g_clear_pointer (&match, g_match_info_free);
          if (g_regex_match (regex, word, 0, &match))
            return g_match_info_fetch (match, 0);
        }
    }
  return NULL;
}

/**
 * acies_printed_text_strip:
 * @text: a text printed for the players
 *
 * @text without the parenthesised asides that cite Acies's own files or
 * checklist ("… not printed (checklist FB-A53), so …" loses
 * " (checklist FB-A53)"); see acies_printed_text_internal().  What such a
 * reference leaves outside parentheses stays: validation warns of it.
 *
 * Returns: (transfer full): the text to print
 */
char *
acies_printed_text_strip (const char *text)
{
  g_autoptr(GRegex) aside = g_regex_new ("\\s*\\(([^()]*)\\)", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  gint done = 0;

  g_return_val_if_fail (text != NULL, NULL);

  g_regex_match (aside, text, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *inside = g_match_info_fetch (match, 1);
      g_autofree char *found = acies_printed_text_internal (inside);
      gint start = 0, end = 0;

      g_match_info_fetch_pos (match, 0, &start, &end);
      if (found != NULL)
        {
          g_string_append_len (out, text + done, start - done);
          done = end;
        }
      g_match_info_next (match, NULL);
    }
  g_string_append (out, text + done);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The texts printed for the players name no file of Acies and no case of
 * its rules checklists (issue 17 item 10): a warning at the text. */
static void
check_printed_texts (Checker *checker)
{
  const AciesMetadata *meta = &checker->scenario->meta;
  const struct { const char *path; const char *text; } texts[] = {
    { "$.meta.description", meta->description },
    { "$.meta.notes", meta->notes },
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *found = acies_printed_text_internal (texts[i].text);

      if (found != NULL)
        WARNING (checker, texts[i].path, NULL, ACIES_CELL_NONE,
                 _("The printed set-up would show “%s”, which is Acies’s own file or checklist, not a book a player can read: cite the rulebook instead."),
                 found);
    }
  for (guint i = 0; meta->sources != NULL && i < meta->sources->len; i++)
    {
      g_autofree char *found = acies_printed_text_internal (g_ptr_array_index (meta->sources, i));
      g_autofree char *path = g_strdup_printf ("$.meta.sources[%u]", i);

      if (found != NULL)
        WARNING (checker, path, NULL, ACIES_CELL_NONE,
                 _("The source “%s” names Acies’s own file or checklist, not a book a player can read: it is left out of the printed set-up; cite the rulebook instead."),
                 (const char *) g_ptr_array_index (meta->sources, i));
    }
}

/**
 * acies_scenario_check_full:
 * @scenario: a scenario
 * @catalogue: the catalogue of its ruleset
 * @playable: whether the ruleset has game logic (a registered AciesRuleset),
 *   so that the scenario is meant to be played
 * @problems: (element-type AciesProblem): where to append the problems
 *
 * Validation common to every ruleset: acies_scenario_check_structure(),
 * then, from @catalogue: the board kind, terrain, cell and edge features
 * known; unit types and leader kinds known; every attribute, hidden value
 * and parameter known and valid (acies_param_spec_check()) and the
 * required ones present; two-hex units on two adjacent cells; facing in
 * range for the board; at most @catalogue->stack_limit units per cell
 * (a two-hex unit counts in both cells, leaders do not count); pools draw
 * no more than they hold; area, formation, special rule and victory kinds
 * known; table overrides name real tables and apply.  Each problem carries
 * the JSON path, the object id and the cell.  A battle needs exactly two
 * sides (error), each with some units on the map, in a pool or in
 * reinforcements (an error when @playable, else a warning: the scenario
 * of a ruleset that is only a catalogue may still be being written).
 * Missing parameters are reported at the part's path with the
 * parameter's label ("Set-up zone “Roman left”: choose its Unit class.").
 */
void
acies_scenario_check_full (const AciesScenario  *scenario,
                           const AciesCatalogue *catalogue,
                           gboolean              playable,
                           GPtrArray            *problems)
{
  Checker checker = { scenario, catalogue, problems, playable, NULL, NULL, NULL, NULL };

  g_return_if_fail (scenario != NULL);
  g_return_if_fail (catalogue != NULL);
  g_return_if_fail (problems != NULL);

  check_structure (&checker);
  check_sides (&checker);
  check_catalogue (&checker);
  check_printed_texts (&checker);
  checker_clear (&checker);
}

/**
 * acies_scenario_check:
 * @scenario: a scenario
 * @catalogue: the catalogue of its ruleset
 * @problems: (element-type AciesProblem): where to append the problems
 *
 * acies_scenario_check_full() for a scenario meant to be played: a side
 * without units is an error.  acies_scenario_validate() (rulesets/) knows
 * whether the ruleset plays and is what the editor and the CLI call.
 */
void
acies_scenario_check (const AciesScenario  *scenario,
                      const AciesCatalogue *catalogue,
                      GPtrArray            *problems)
{
  acies_scenario_check_full (scenario, catalogue, TRUE, problems);
}
