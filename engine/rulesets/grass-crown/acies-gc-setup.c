/* acies-gc-setup.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-grass-crown"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "model/acies-problem.h"
#include "acies-gc-private.h"

/*
 * GC 3.1: how a scenario's set-up zones and unit pools are read, the same
 * way for a bundled battle (whose areas and pools name their Wing in the
 * "formation" members) and for a scenario made in the editor (which keeps
 * the Wing in the parameters the catalogue declares, or leaves it out
 * when the side has one Wing).  new_state() and validate() both read
 * through these functions, so what validates is what plays.
 */

/* A formation of @scenario by id, or NULL. */
static const AciesFormation *
formation_of (const AciesScenario *scenario,
              const char          *id)
{
  return id != NULL && *id != '\0' ? acies_scenario_find_formation (scenario, id) : NULL;
}

/**
 * acies_gc_side_only_wing:
 * @scenario: a scenario
 * @side: (nullable): a side id
 *
 * Returns: (nullable): the Wing of @side when it has exactly one
 */
const AciesFormation *
acies_gc_side_only_wing (const AciesScenario *scenario,
                         const char          *side)
{
  const AciesFormation *found = NULL;

  if (side == NULL)
    return NULL;
  for (guint i = 0; i < scenario->formations->len; i++)
    {
      const AciesFormation *f = g_ptr_array_index (scenario->formations, i);

      if (g_strcmp0 (f->side, side) != 0)
        continue;
      if (found != NULL)
        return NULL;
      found = f;
    }
  return found;
}

/**
 * acies_gc_side_n_wings:
 * @scenario: a scenario
 * @side: a side id
 *
 * Returns: the number of Wings (formations) of @side
 */
guint
acies_gc_side_n_wings (const AciesScenario *scenario,
                       const char          *side)
{
  guint n = 0;

  for (guint i = 0; i < scenario->formations->len; i++)
    n += g_strcmp0 (((AciesFormation *) g_ptr_array_index (scenario->formations, i))->side, side) == 0;
  return n;
}

/**
 * acies_gc_area_is_setup:
 * @area: an area
 *
 * Returns: whether @area is a set-up zone (kind "setup", GC 3.1)
 */
gboolean
acies_gc_area_is_setup (const AciesArea *area)
{
  return g_strcmp0 (area->kind, "setup") == 0;
}

/**
 * acies_gc_area_side:
 * @scenario: a scenario
 * @area: a set-up zone
 *
 * The side of a set-up zone: its own, else its Wing's.
 *
 * Returns: (nullable): a side id
 */
const char *
acies_gc_area_side (const AciesScenario *scenario,
                    const AciesArea     *area)
{
  const AciesFormation *f;

  if (area->side != NULL)
    return area->side;
  f = formation_of (scenario, acies_params_get_string (area->params, "formation", NULL));
  if (f == NULL)
    f = formation_of (scenario, area->formation);
  return f != NULL ? f->side : NULL;
}

/**
 * acies_gc_area_wing:
 * @scenario: a scenario
 * @area: a set-up zone
 *
 * GC 3.1: the Wing whose units set up in @area: the zone's "formation"
 * parameter (the editor's Wing field), else the area's own "formation"
 * member (bundled battles), else the only Wing of the zone's side.
 *
 * Returns: (nullable): the Wing, or %NULL when it cannot be told
 */
const AciesFormation *
acies_gc_area_wing (const AciesScenario *scenario,
                    const AciesArea     *area)
{
  const AciesFormation *f;

  f = formation_of (scenario, acies_params_get_string (area->params, "formation", NULL));
  if (f == NULL)
    f = formation_of (scenario, area->formation);
  if (f == NULL)
    f = acies_gc_side_only_wing (scenario, acies_gc_area_side (scenario, area));
  return f;
}

/**
 * acies_gc_area_kind:
 * @area: a set-up zone
 *
 * GC 3.1-a: the unit class ("unit_type") the zone is drawn for.
 *
 * Returns: an #AciesGcKind, or -1 when the zone names none (or an unknown one)
 */
gint
acies_gc_area_kind (const AciesArea *area)
{
  const char *type = acies_params_get_string (area->params, "unit_type", NULL);
  gint kind = type != NULL ? acies_gc_kind_from_type (type) : -1;

  return kind == ACIES_GC_N_KINDS ? -1 : kind;
}

/**
 * acies_gc_area_count:
 * @area: a set-up zone
 *
 * Returns: the units the zone holds ("count", Heroes included), or its
 *   number of squares when the zone says nothing
 */
guint
acies_gc_area_count (const AciesArea *area)
{
  return MAX (0, acies_params_get_int (area->params, "count", area->cells->len));
}

/**
 * acies_gc_area_heroes:
 * @area: a set-up zone
 *
 * Returns: the Hero counters reserved for the zone (its stars, GC 3.1)
 */
guint
acies_gc_area_heroes (const AciesArea *area)
{
  return MAX (0, acies_params_get_int (area->params, "heroes", 0));
}

/**
 * acies_gc_pool_wing:
 * @scenario: a scenario
 * @pool: a unit pool
 * @kind: the #AciesGcKind of the counters asked about
 *
 * GC 3.1: the Wing that counters of @kind in @pool are drawn for: the
 * pool's "formation" parameter, else its "formation" member, else the
 * Wing of its set-up zone ("area"), else the only Wing of its side, else
 * the one Wing of the side with a set-up zone for that unit class.
 *
 * Returns: (nullable): the Wing, or %NULL when it cannot be told
 */
const AciesFormation *
acies_gc_pool_wing (const AciesScenario *scenario,
                    const AciesPool     *pool,
                    gint                 kind)
{
  const AciesFormation *f, *found = NULL;
  const AciesArea *area;

  f = formation_of (scenario, acies_params_get_string (pool->params, "formation", NULL));
  if (f == NULL)
    f = formation_of (scenario, pool->formation);
  if (f == NULL && pool->area != NULL && (area = acies_scenario_find_area (scenario, pool->area)) != NULL)
    f = acies_gc_area_wing (scenario, area);
  if (f == NULL)
    f = acies_gc_side_only_wing (scenario, pool->side);
  if (f != NULL)
    return f;

  /* The side's zones for this unit class, if they all belong to one Wing. */
  for (guint i = 0; i < scenario->areas->len; i++)
    {
      const AciesArea *a = g_ptr_array_index (scenario->areas, i);
      const AciesFormation *w;

      if (!acies_gc_area_is_setup (a) || acies_gc_area_kind (a) != kind
          || (w = acies_gc_area_wing (scenario, a)) == NULL || g_strcmp0 (w->side, pool->side) != 0)
        continue;
      if (found != NULL && found != w)
        return NULL;
      found = w;
    }
  return found;
}

/**
 * acies_gc_pool_wings:
 * @scenario: a scenario
 * @pool: a unit pool
 * @wings: (out caller-allocates): the Wing of each #AciesGcKind
 *
 * acies_gc_pool_wing() for every unit class at once: looked up once per
 * pool rather than once per entry (an editor's pool of thousands of
 * entries scanned every zone for each).
 */
void
acies_gc_pool_wings (const AciesScenario  *scenario,
                     const AciesPool      *pool,
                     const AciesFormation *wings[ACIES_GC_N_KINDS])
{
  for (gint k = 0; k < ACIES_GC_N_KINDS; k++)
    wings[k] = acies_gc_pool_wing (scenario, pool, k);
}

/**
 * acies_gc_pool_draw:
 * @pool: a unit pool
 *
 * The number of counters the scenario says are drawn from @pool: its
 * "draw" parameter, else its "draw" member.
 *
 * Returns: that number, or 0 when the scenario leaves it to the rules
 *   (GC 3.1: each zone's number less its stars)
 */
guint
acies_gc_pool_draw (const AciesPool *pool)
{
  gint draw = acies_params_get_int (pool->params, "draw", 0);

  return draw > 0 ? (guint) draw : pool->draw;
}

/**
 * acies_gc_kind_plural:
 * @kind: an #AciesGcKind
 * @n: how many, for the plural
 *
 * Returns: the unit class as a player says it ("Phalanx", "Cavalry")
 */
const char *
acies_gc_kind_plural (gint  kind,
                      guint n)
{
  switch (kind)
    {
    case ACIES_GC_KIND_L: return n == 1 ? _("Light Infantry unit") : _("Light Infantry units");
    case ACIES_GC_KIND_H: return n == 1 ? _("Heavy Infantry unit") : _("Heavy Infantry units");
    case ACIES_GC_KIND_P: return _("Phalanx");
    case ACIES_GC_KIND_C: return _("Cavalry");
    case ACIES_GC_KIND_E: return _("Elephantry");
    case ACIES_GC_KIND_W: return n == 1 ? _("Wagon") : _("Wagons");
    default: return n == 1 ? _("unit") : _("units");
    }
}

/**
 * acies_gc_kind_from_type:
 * @type: a unit type id of the catalogue ("L", "P", "C"…)
 *
 * Returns: the #AciesGcKind, or %ACIES_GC_N_KINDS for an unknown type
 */
gint
acies_gc_kind_from_type (const char *type)
{
  static const char *ids[] = { "L", "H", "P", "C", "E", "W" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    if (g_strcmp0 (type, ids[i]) == 0)
      return i;
  return ACIES_GC_N_KINDS;
}

/* Where a placement stands for acies_gc_sort_placements(): its rank
 * (larger is nearer the enemy) and its file (larger is further to the
 * placing side's left as it faces the enemy). */
typedef struct
{
  AciesAction action;
  gint        rank;
  gint        file;
  guint       index;
} Placement;

static gint
compare_placements (gconstpointer a,
                    gconstpointer b)
{
  const Placement *p = a, *q = b;

  if (p->rank != q->rank)
    return q->rank - p->rank;
  if (p->file != q->file)
    return q->file - p->file;
  return (gint) p->index - (gint) q->index;
}

/**
 * acies_gc_sort_placements:
 * @self: the Grass Crown ruleset
 * @state: a state in the set-up
 * @actions: (element-type AciesAction) (inout): legal placements of one
 *   unit
 *
 * GC 3.1 lets the owner put each drawn unit in any square of its Wing's
 * set-up zone.  The play mode's "Place the rest of this wing" fills the
 * zone in this order: the front rank first (the rank nearest the enemy's
 * edge, GC 8.1), each rank from the left as the side faces the enemy.
 * Actions other than placements keep their order after the placements.
 */
void
acies_gc_sort_placements (AciesRuleset     *self,
                          const AciesState *state,
                          GArray           *actions)
{
  const AciesGcState *s = ACIES_GC_CSTATE (state);
  g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (Placement));
  g_autoptr(GArray) others = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  for (guint i = 0; i < actions->len; i++)
    {
      const AciesAction *action = &g_array_index (actions, AciesAction, i);
      const AciesGcSideDef *d;
      Placement p = { *action, 0, 0, i };
      gint col, row;

      if (action->type != ACIES_GC_ACTION_PLACE || action->args[0] < 0 || (guint) action->args[0] >= s->n_units
          || action->args[1] < 0 || (guint) action->args[1] >= s->st->n_cells)
        {
          g_array_append_val (others, *action);
          continue;
        }
      d = &s->st->sides[s->units[action->args[0]].side];
      col = acies_gc_col (s, action->args[1]);
      row = acies_gc_row (s, action->args[1]);
      /* GC 8.1: forward is toward the enemy's edge; the left of a side
       * facing (dx, dy) lies toward (dy, -dx). */
      p.rank = col * d->fwd_dx + row * d->fwd_dy;
      p.file = col * d->fwd_dy - row * d->fwd_dx;
      g_array_append_val (placements, p);
    }
  g_array_sort (placements, compare_placements);
  g_array_set_size (actions, 0);
  for (guint i = 0; i < placements->len; i++)
    g_array_append_val (actions, g_array_index (placements, Placement, i).action);
  g_array_append_vals (actions, others->data, others->len);
}

/* Set-up rules that validate() enforces (issue 20.7): what GC 2.1 and 3.1
 * forbid, refused before play rather than drawn as an impossible set-up
 * or left without a legal placement. */

#define SETUP_PROBLEM(problems, path, id, ...) \
  g_ptr_array_add ((problems), acies_problem_new (ACIES_PROBLEM_ERROR, (path), (id), ACIES_CELL_NONE, __VA_ARGS__))

/* GC 3.1-i: the colour set of a Wing's counters: 1 the blue side's, 0 the
 * red side's, -1 either (Silver) or not said. */
static gint
colour_set (const AciesFormation *wing)
{
  static const char * const blue[] = { "blue", "green", "purple", "peach", "gold", NULL };
  static const char * const red[] = { "red", "pink", "orange", "white", NULL };
  const char *colour = acies_params_get_string (wing->params, "colour", NULL);

  if (colour == NULL)
    return -1;
  if (g_strv_contains (blue, colour))
    return 1;
  if (g_strv_contains (red, colour))
    return 0;
  return -1;
}

static const char *
name_of (const char *name,
         const char *id)
{
  return name != NULL && *name != '\0' ? name : id;
}

static gboolean
opposite_edges (gint a,
                gint b)
{
  return (a == ACIES_MAP_EDGE_NORTH && b == ACIES_MAP_EDGE_SOUTH) || (a == ACIES_MAP_EDGE_SOUTH && b == ACIES_MAP_EDGE_NORTH)
         || (a == ACIES_MAP_EDGE_EAST && b == ACIES_MAP_EDGE_WEST) || (a == ACIES_MAP_EDGE_WEST && b == ACIES_MAP_EDGE_EAST);
}

/* GC 2.1: "A dotted line bisects the battlefield and is used during
 * set-up": the half of the board on @edge's side.  On an odd number of
 * rows (or columns) the middle one is the line, open to both sides. */
static gboolean
on_own_half (const AciesBoard *board,
             gint              edge,
             AciesCell         cell)
{
  guint width = acies_board_get_width (board), height = acies_board_get_height (board);
  gint col, row;

  acies_board_cell_coords (board, cell, &col, &row);
  switch (edge)
    {
    case ACIES_MAP_EDGE_NORTH: return row < (gint) (height + 1) / 2;
    case ACIES_MAP_EDGE_SOUTH: return row >= (gint) height / 2;
    case ACIES_MAP_EDGE_WEST: return col < (gint) (width + 1) / 2;
    case ACIES_MAP_EDGE_EAST: return col >= (gint) width / 2;
    default: return TRUE;
    }
}

/**
 * acies_gc_check_setup_rules:
 * @scenario: a Grass Crown scenario with two sides and a square board
 * @problems: (element-type AciesProblem): where to append the problems
 *
 * The set-up rules of GC 2.1 and 3.1 that a scenario can break: the two
 * sides hold opposite map edges (GC 2.1); every set-up zone lies on its
 * side's half of the map, behind the dotted centre line (GC 2.1, 3.1-i:
 * each side sets up "on that player's side of the mapsheet"); no square
 * is in two set-up zones (GC 3.1: each Wing's zone is its own outline);
 * a zone has a free square for each of its units when units placed by
 * the scenario stand in it (GC 3.1).  A side whose Wings mix the blue
 * side's colours with the red side's is a warning (GC 3.1-i; Silver goes
 * with either).
 *
 * Returns: the number of errors added
 */
guint
acies_gc_check_setup_rules (const AciesScenario *scenario,
                            GPtrArray           *problems)
{
  const AciesBoard *board = scenario->map.board;
  const AciesSide *sides[2];
  g_autofree gint *zone_of = NULL;
  g_autofree guint *placed = NULL;
  gint sets[2] = { -1, -1 };
  const AciesFormation *set_wing[2] = { NULL, NULL };
  guint errors = 0, n_cells;

  g_return_val_if_fail (scenario->sides->len == 2, 0);

  if (board == NULL || acies_board_get_kind (board) != ACIES_BOARD_SQUARE)
    return 0;
  n_cells = acies_board_get_n_cells (board);
  sides[0] = g_ptr_array_index (scenario->sides, 0);
  sides[1] = g_ptr_array_index (scenario->sides, 1);

  /* GC 2.1: "two map edges - Edge 1 and Edge 2 - with each Edge belonging
   * to one of the players". */
  if (sides[0]->home_edge != ACIES_MAP_EDGE_NONE && sides[1]->home_edge != ACIES_MAP_EDGE_NONE
      && !opposite_edges (sides[0]->home_edge, sides[1]->home_edge))
    {
      SETUP_PROBLEM (problems, "$.sides[1].home_edge", sides[1]->id,
                     _("%s and %s set up from edges that do not face each other: give them opposite map "
                       "edges (GC 2.1)."),
                     name_of (sides[0]->name, sides[0]->id), name_of (sides[1]->name, sides[1]->id));
      errors++;
    }

  /* Units placed by the scenario take squares of the zones. */
  placed = g_new0 (guint, MAX (n_cells, 1));
  for (guint i = 0; i < scenario->units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (scenario->units, i);

      if (acies_board_contains (board, unit->cell))
        placed[unit->cell]++;
    }

  zone_of = g_new (gint, MAX (n_cells, 1));
  for (guint c = 0; c < n_cells; c++)
    zone_of[c] = -1;

  for (guint i = 0; i < scenario->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (scenario->areas, i);
      const char *side_id;
      const AciesSide *side;
      g_autofree char *path = NULL;
      AciesCell beyond = ACIES_CELL_NONE, shared = ACIES_CELL_NONE;
      guint free_squares = 0, count;
      gint other = -1;

      if (!acies_gc_area_is_setup (area))
        continue;
      side_id = acies_gc_area_side (scenario, area);
      side = side_id != NULL ? acies_scenario_find_side (scenario, side_id) : NULL;
      path = g_strdup_printf ("$.areas[%u]", i);
      count = acies_gc_area_count (area);

      for (guint k = 0; k < area->cells->len; k++)
        {
          AciesCell cell = g_array_index (area->cells, AciesCell, k);

          if (!acies_board_contains (board, cell))
            continue;
          if (beyond == ACIES_CELL_NONE && side != NULL && !on_own_half (board, side->home_edge, cell))
            beyond = cell;
          if (zone_of[cell] >= 0 && zone_of[cell] != (gint) i && shared == ACIES_CELL_NONE)
            {
              shared = cell;
              other = zone_of[cell];
            }
          zone_of[cell] = i;
          free_squares += placed[cell] == 0;
        }

      if (beyond != ACIES_CELL_NONE)
        {
          SETUP_PROBLEM (problems, path, area->id,
                         _("Set-up zone “%s” of %s reaches past the centre line into the enemy's half (%s): "
                           "each side sets up on its own half of the map (GC 2.1, 3.1)."),
                         name_of (area->name, area->id), name_of (side->name, side->id),
                         acies_board_cell_label (board, beyond));
          errors++;
        }
      if (shared != ACIES_CELL_NONE)
        {
          const AciesArea *first = g_ptr_array_index (scenario->areas, other);

          SETUP_PROBLEM (problems, path, area->id,
                         _("Square %s is in two set-up zones, “%s” and “%s”: each square belongs to one "
                           "zone (GC 3.1)."),
                         acies_board_cell_label (board, shared), name_of (first->name, first->id),
                         name_of (area->name, area->id));
          errors++;
        }
      else if (free_squares < count && free_squares < area->cells->len)
        {
          /* Fewer squares than units with none taken is validate_setup()'s. */
          SETUP_PROBLEM (problems, path, area->id,
                         _("Set-up zone “%s” has %u free squares for %u units: units placed by the scenario "
                           "stand on the others (GC 3.1)."),
                         name_of (area->name, area->id), free_squares, count);
          errors++;
        }
    }

  /* GC 3.1-i: a side's counters are of the blue side's colours or of the
   * red side's.  A warning only: which side is "blue" decides only who
   * sets up first (GC-G20), and new_state() falls back on the map edges
   * (GC 2.1) when the colours do not tell. */
  for (guint i = 0; i < scenario->formations->len; i++)
    {
      const AciesFormation *wing = g_ptr_array_index (scenario->formations, i);
      gint s = acies_scenario_side_index (scenario, wing->side);
      gint set = colour_set (wing);
      g_autofree char *path = g_strdup_printf ("$.formations[%u].params.colour", i);

      if (s < 0 || set < 0)
        continue;
      if (sets[s] >= 0 && sets[s] != set)
        g_ptr_array_add (problems,
                         acies_problem_new (ACIES_PROBLEM_WARNING, path, wing->id, ACIES_CELL_NONE,
                                            _("%s has Wings of both sides' colours (%s and %s): Blue, Green, "
                                              "Purple, Peach and Gold are one side's, Red, Pink, Orange and "
                                              "White the other's (GC 3.1)."),
                                            name_of (sides[s]->name, sides[s]->id),
                                            name_of (set_wing[s]->name, set_wing[s]->id),
                                            name_of (wing->name, wing->id)));
      else if (sets[s] < 0)
        {
          sets[s] = set;
          set_wing[s] = wing;
        }
    }

  return errors;
}
