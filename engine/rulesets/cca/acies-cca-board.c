/* acies-cca-board.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cca"

#include "config.h"

#include <math.h>

#include "acies-cca-private.h"

/*
 * The battlefield: hexes, the three sections, terrain, line of sight
 * (S3.2, B15, section 7).  The board is the pointy-top hex board of the
 * catalogue, rows shoved right on odd rows; directions 0 NE, 1 E, 2 SE,
 * 3 SW, 4 W, 5 NW (engine/geometry/acies-board.h).
 */

/* Axial coordinates of a cell (odd rows shoved right), worked out once
 * per board. */
static inline void
axial (const AciesCcaState *s,
       gint                 cell,
       gint                *q,
       gint                *r)
{
  *q = s->st->aq[cell];
  *r = s->st->ar[cell];
}

/**
 * acies_cca_on_edge:
 * @s: a state
 * @cell: a cell
 * @edge: 0 the north edge, 1 the south edge
 *
 * Returns: whether @cell is on that map edge (BASE-RETREAT: map-edge losses)
 */
gboolean
acies_cca_on_edge (const AciesCcaState *s,
                   gint                 cell,
                   gint                 edge)
{
  gint row = cell / (gint) s->st->width;

  return edge == 0 ? row == 0 : row == (gint) s->st->height - 1;
}

/**
 * acies_cca_back_cells:
 * @s: a state
 * @cell: a cell
 * @edge: the edge the unit retreats toward: 0 north, 1 south
 * @out: (out): the two hexes one row nearer that edge, -1 off the map
 *
 * BASE-RETREAT (ref 1.3): a retreat goes toward the side's own edge,
 * never sideways: one of the two hexes behind.
 *
 * Returns: the number of those hexes on the map
 */
guint
acies_cca_back_cells (const AciesCcaState *s,
                      gint                 cell,
                      gint                 edge,
                      gint                 out[2])
{
  guint n = 0;

  out[0] = s->st->nb[cell][edge == 0 ? 5 : 3];
  out[1] = s->st->nb[cell][edge == 0 ? 0 : 2];
  n = (out[0] >= 0) + (out[1] >= 0);
  return n;
}

/**
 * acies_cca_passable_types:
 * @st: static data with its terrain read
 * @cell: a cell
 *
 * Section 7: coast, impassable rivers, cities and fortified walls stop
 * everybody (T-COAST-1, T-RIV-1, T-FCW-1); scalable walls stop mounted
 * units and war machines (T-SCW-4); marsh and broken ground stop war
 * machines (T-MARSH-6, T-BRK-1); the scenario may make more impassable
 * (Hill Gate, Lauron, Pharsalus, Cannae).
 *
 * Returns: the bits of the AciesCcaType that may enter @cell
 */
guint32
acies_cca_passable_types (const AciesCcaStatic *st,
                          gint                  cell)
{
  const AciesCcaTerrainDef *t = &st->terr[st->terrain[cell]];
  guint32 bits = 0;

  if (st->impassable[cell] || t->impassable)
    return 0;
  for (guint type = 0; type < ACIES_CCA_N_TYPES; type++)
    {
      guint kind = st->prof[type].kind;

      if (t->mounted_impassable && kind != ACIES_CCA_KIND_FOOT && kind != ACIES_CCA_KIND_WAR_MACHINE)
        continue;
      if (t->wm_impassable && kind == ACIES_CCA_KIND_WAR_MACHINE)
        continue;
      bits |= 1u << type;
    }
  return bits;
}

/**
 * acies_cca_leader_passable:
 * @s: a state
 * @cell: a cell
 *
 * A lone commander goes where foot may go (T-SCW-1 names foot units and
 * commanders together; T-COAST-1 "units may not … flee onto a coast hex").
 *
 * Returns: whether a lone leader may enter @cell
 */
gboolean
acies_cca_leader_passable (const AciesCcaState *s,
                           gint                 cell)
{
  return acies_cca_passable (s, cell, ACIES_CCA_LI);
}

/**
 * acies_cca_bastion_between:
 * @s: a state
 * @cell: the defender's hex
 * @from: the attacker's hex
 *
 * T-BAST-2, T-BAST-4, Q7: a bastion protects along the hexsides the map
 * marks; an attack through another hexside gets nothing.  Ranged combat
 * comes through the hexside its line enters by: the one facing the
 * attacker's direction.
 *
 * Returns: whether the attack comes through a bastion hexside
 */
gboolean
acies_cca_bastion_between (const AciesCcaState *s,
                           gint                 cell,
                           gint                 from)
{
  guint8 mask = cell >= 0 ? s->st->bastion[cell] : 0;   /* none off the board */
  gint q1, r1, q2, r2;
  double dx, dy, best = -2;
  gint dir = -1;

  if (mask == 0)
    return FALSE;
  for (guint d = 0; d < 6; d++)
    if (s->st->nb[cell][d] == from)
      return (mask >> d) & 1;
  /* Not adjacent: the hexside that faces @from best. */
  axial (s, cell, &q1, &r1);
  axial (s, from, &q2, &r2);
  dx = (q2 - q1) + (r2 - r1) * 0.5;
  dy = (r2 - r1) * 0.8660254;
  {
    static const double dirs[6][2] = {
      { 0.5, -0.8660254 }, { 1, 0 }, { 0.5, 0.8660254 },
      { -0.5, 0.8660254 }, { -1, 0 }, { -0.5, -0.8660254 },
    };
    double len = sqrt (dx * dx + dy * dy);

    for (guint d = 0; d < 6; d++)
      {
        double dot = (dirs[d][0] * dx + dirs[d][1] * dy) / MAX (len, 1e-9);

        if (dot > best)
          {
            best = dot;
            dir = d;
          }
      }
  }
  return dir >= 0 && ((mask >> dir) & 1);
}

/* Line of sight.  The hexes a line passes through depend on the board's
 * size only; they are worked out once per size and pair of hexes (either
 * way round) and kept. */

typedef struct
{
  gint16 cell;
  gint16 alt;       /* the other hex of a line along a hexside, or -2 when not along one; -1 off the map */
} LosStep;

typedef struct
{
  guint      width, height;
  GPtrArray *from;  /* per origin cell: NULL, or a GArray of GArray * per target (NULL: not asked yet) */
} LosCache;

G_LOCK_DEFINE_STATIC (los_cache);
static GPtrArray *los_caches;

static GArray *
los_steps (const AciesCcaState *s,
           gint                 from,
           gint                 to)
{
  LosCache *cache = NULL;
  GPtrArray *targets;
  GArray *steps;

  G_LOCK (los_cache);
  if (los_caches == NULL)
    los_caches = g_ptr_array_new ();
  for (guint i = 0; i < los_caches->len && cache == NULL; i++)
    {
      LosCache *c = g_ptr_array_index (los_caches, i);

      if (c->width == s->st->width && c->height == s->st->height)
        cache = c;
    }
  if (cache == NULL)
    {
      cache = g_new0 (LosCache, 1);
      cache->width = s->st->width;
      cache->height = s->st->height;
      cache->from = g_ptr_array_new ();
      g_ptr_array_set_size (cache->from, s->st->n_cells);
      g_ptr_array_add (los_caches, cache);
    }
  targets = g_ptr_array_index (cache->from, from);
  if (targets == NULL)
    {
      targets = g_ptr_array_new ();
      g_ptr_array_set_size (targets, s->st->n_cells);
      cache->from->pdata[from] = targets;
    }
  steps = g_ptr_array_index (targets, to);
  if (steps == NULL && g_ptr_array_index (cache->from, to) != NULL)
    {
      /* The same line the other way: the same hexes (a hexside from its
       * lower hex both ways), and nothing here depends on the order. */
      steps = g_ptr_array_index ((GPtrArray *) g_ptr_array_index (cache->from, to), from);
      targets->pdata[to] = steps;
    }
  if (steps == NULL)
    {
      g_autoptr(GArray) raw = acies_board_los_steps (s->base.scenario->map.board, from, to);

      steps = g_array_new (FALSE, FALSE, sizeof (LosStep));
      for (guint i = 0; raw != NULL && i < raw->len; i++)
        {
          const AciesLosStep *r = &g_array_index (raw, AciesLosStep, i);
          LosStep step = { r->cell, r->between ? r->alt : -2 };

          if (r->cell == from || r->cell == to)
            if (!r->between)
              continue;
          g_array_append_val (steps, step);
        }
      targets->pdata[to] = steps;
    }
  G_UNLOCK (los_cache);
  return steps;
}

/* BASE-RANGED, section 7: what blocks the line: any unit (a lone leader
 * does not, ruling), forest (E1, option), walls, camps (E2, option),
 * cities, and hills (T-HILL-6): a hill hex blocks unless both ends stand
 * on hills at its level (same-hill sight). */
static gboolean
blocks_los (const AciesCcaState *s,
            gint                 cell,
            gint                 from,
            gint                 to)
{
  const AciesCcaTerrainDef *t = acies_cca_terrain (s, cell);
  guint terrain = s->st->terrain[cell];
  gint e = s->st->elevation[cell];

  if (s->unit_at[cell] >= 0)
    return TRUE;
  if (terrain == ACIES_CCA_TER_FOREST)
    return s->st->opt.forest_blocks_los;
  if (terrain == ACIES_CCA_TER_CAMP)
    return s->st->opt.camp_blocks_los;
  if (e > 0)
    return !(s->st->elevation[from] >= e && s->st->elevation[to] >= e);
  return t->blocks_los;
}

/**
 * acies_cca_has_los:
 * @s: a state
 * @from: the firing unit's hex
 * @to: the target's hex
 *
 * BASE-RANGED, T-*-LOS: the line of sight between hex centres, blocked by
 * any intervening hex that blocks; a line along a hexside is blocked only
 * when the hexes on both sides block.
 *
 * Returns: %TRUE if nothing blocks
 */
gboolean
acies_cca_has_los (const AciesCcaState *s,
                   gint                 from,
                   gint                 to)
{
  GArray *steps;

  if (from == to || acies_cca_adjacent (s, from, to))
    return TRUE;
  if (acies_cca_distance (s, from, to) == 2)
    {
      /* Two hexes apart (most shots): the line crosses the hex between
       * them when they are in line, else it runs along the hexside
       * between their two common neighbours (blocked only when both
       * block; a side off the map never does).  These are the hexes
       * acies_board_los_steps() finds, without working them out. */
      gint common[2], n = 0;

      for (guint d = 0; d < 6; d++)
        {
          gint m = s->st->nb[from][d];

          if (m < 0)
            continue;
          if (s->st->nb[m][d] == to)
            return !blocks_los (s, m, from, to);
          if (n < 2 && acies_cca_adjacent (s, m, to))
            common[n++] = m;
        }
      return n < 2 || !(blocks_los (s, common[0], from, to) && blocks_los (s, common[1], from, to));
    }
  steps = los_steps (s, from, to);
  for (guint i = 0; i < steps->len; i++)
    {
      const LosStep *step = &g_array_index (steps, LosStep, i);

      if (step->alt == -2)
        {
          if (blocks_los (s, step->cell, from, to))
            return FALSE;
        }
      else if (step->alt >= 0 && step->alt != from && step->alt != to && step->cell != from
               && step->cell != to)
        {
          if (blocks_los (s, step->cell, from, to) && blocks_los (s, step->alt, from, to))
            return FALSE;
        }
    }
  return TRUE;
}

/**
 * acies_cca_cell_label:
 * @s: a state
 * @cell: a cell
 *
 * Returns: (transfer none): the hex's label on the board ("F4")
 */
const char *
acies_cca_cell_label (const AciesCcaState *s,
                      gint                 cell)
{
  if (cell < 0)
    return "—";
  return acies_board_cell_label (s->base.scenario->map.board, cell);
}
