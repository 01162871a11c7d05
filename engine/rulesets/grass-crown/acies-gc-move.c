/* acies-gc-move.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-grass-crown"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-gc-turn.h"
#include "acies-text.h"

/*
 * The Move Phase (GC 8.0–8.10) and Wagons (15.0): one square per STEP
 * action; a unit's move ends when another unit steps, when it runs out of
 * squares, is Engaged, enters an enemy Skirmish Zone or is intercepted.
 * Interrupts (interception, cavalry flight, trampling, rampage) stop the
 * phase at a decision or a roll and come back here.
 */

enum
{
  FLEE_CONT_STEP,      /* after an elephant's step: trample check */
  FLEE_CONT_CHAIN,     /* after trampling into a square: the next trample */
  FLEE_CONT_RAMPAGE,   /* during a rampage leg */
};

static void trample_check (AciesGcState *s, guint e, AciesDice *dice, GPtrArray *events);
static void rampage_continue (AciesGcState *s, AciesDice *dice, GPtrArray *events);
static guint wagon_targets_full (const AciesGcState *s, guint w, gint *first, GArray *out);

static gboolean
is_elephant_like (const AciesGcState *s,
                  guint               u)
{
  return s->units[u].kind == ACIES_GC_KIND_E || s->units[u].kind == ACIES_GC_KIND_W;
}

static gint
proj (const AciesGcState *s,
      AciesCell           c,
      gint                side)
{
  return acies_gc_col (s, c) * s->st->sides[side].fwd_dx + acies_gc_row (s, c) * s->st->sides[side].fwd_dy;
}

/* GC 8.1-d, 8.1-f: Engagement. */
static gboolean
engaged (const AciesGcState *s,
         guint               u)
{
  if (acies_gc_is_foot (s, u))
    {
      AciesCell ahead = acies_gc_neighbour (s, s->units[u].cell, acies_gc_forward_dir (s, s->units[u].side));
      gint v = acies_gc_unit_at (s, ahead);

      return v >= 0 && acies_gc_is_enemy (s, u, v) && acies_gc_is_foot (s, v)
             && acies_gc_neighbour (s, ahead, acies_gc_forward_dir (s, s->units[v].side)) == s->units[u].cell;
    }
  for (guint d = 0; d < 4; d++)
    {
      gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[u].cell, d));

      if (v >= 0 && acies_gc_is_enemy (s, u, v) && acies_gc_is_mounted (s, v))
        return TRUE;
    }
  return FALSE;
}

/* GC 8.9, GC-G35b: squares spent entering @to from @from. */
static guint
step_cost (const AciesGcState *s,
           AciesCell           from,
           AciesCell           to)
{
  guint t = acies_gc_terrain (s, to);

  if (t == ACIES_GC_TERRAIN_RIVER || t == ACIES_GC_TERRAIN_BROKEN)
    return 2;
  if (s->st->opt.uphill_rise)
    return acies_gc_elevation (s, to) > acies_gc_elevation (s, from) ? 2 : 1;
  return t == ACIES_GC_TERRAIN_SLOPE && acies_gc_terrain (s, from) != ACIES_GC_TERRAIN_SLOPE
         && acies_gc_terrain (s, from) != ACIES_GC_TERRAIN_HIGH ? 2 : 1;
}

/* GC 8.9-b: River is closed to Elephantry (and Wagons), Broken Ground to
 * all Mounted units. */
static gboolean
terrain_open (const AciesGcState *s,
              guint               u,
              AciesCell           c)
{
  guint t = acies_gc_terrain (s, c);

  if (t == ACIES_GC_TERRAIN_BROKEN)
    return acies_gc_is_foot (s, u);
  if (t == ACIES_GC_TERRAIN_RIVER)
    return !is_elephant_like (s, u);
  return TRUE;
}

static gboolean
wing_moves (const AciesGcState *s,
            gint                w)
{
  return w == s->slots[s->slot].wing || (s->follow_wings & (1u << w));
}

static gboolean
in_group (const AciesGcState *s,
          guint               u)
{
  const AciesGcSlot *slot = &s->slots[s->slot];

  if (!acies_gc_is_mounted (s, u) || !acies_gc_wing (s, slot->wing)->mounted)
    return TRUE;
  switch (slot->group)
    {
    case ACIES_GC_GROUP_CAVALRY: return s->units[u].kind == ACIES_GC_KIND_C;
    case ACIES_GC_GROUP_ELEPHANTRY: return is_elephant_like (s, u);
    default: return TRUE;
    }
}

static gboolean
any_unit_in_enemy_zone (const AciesGcState *s,
                        gint                w)
{
  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].wing == w && acies_gc_on_board (s, u)
        && acies_gc_in_zone_of (s, s->units[u].cell, 1 - s->units[u].side))
      return TRUE;
  return FALSE;
}

static gboolean
adjacent_enemy (const AciesGcState *s,
                guint               u)
{
  for (guint d = 0; d < 4; d++)
    {
      gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[u].cell, d));

      if (v >= 0 && acies_gc_is_enemy (s, u, v))
        return TRUE;
    }
  return FALSE;
}

/**
 * acies_gc_is_follower:
 * @s: a state
 * @u: a unit
 *
 * GC 8.4: whether @u moves now as a unit of another Triplex Acies line
 * following the commanded line's Move (its wing may follow, and is not
 * the wing whose Move it is), for the choices and the log to say so.
 *
 * Returns: %TRUE for a follower
 */
gboolean
acies_gc_is_follower (const AciesGcState *s,
                      guint               u)
{
  guint wing;

  if (u >= s->n_units || s->follow_wings == 0 || s->slot >= ACIES_GC_MAX_SLOTS)
    return FALSE;
  wing = s->units[u].wing;
  return (s->follow_wings & (1u << wing)) != 0 && (gint) wing != s->slots[s->slot].wing;
}

/* GC 8.4-d, GC-G55: the follow ability ends at the first contact of the
 * active first line with any enemy. */
static void
check_follow_lost (AciesGcState *s,
                   GPtrArray    *events)
{
  for (gint side = 0; side < 2; side++)
    {
      gint a = s->active_wing[side];

      if (a < 0 || s->ta_follow_lost[side])
        continue;
      for (guint u = 0; u < s->n_units; u++)
        if (s->units[u].wing == a && acies_gc_on_board (s, u) && adjacent_enemy (s, u))
          {
            s->ta_follow_lost[side] = TRUE;
            s->follow_wings = 0;
            acies_events_add (events, "follow-lost", "GC 8.4", side,
                              /* TRANSLATORS: a line of the game log (GC 8.4). */
                              _("The first line is in contact: the other lines no longer follow its moves"));
            break;
          }
    }
}

void
acies_gc_move_begin (AciesGcState *s,
                     AciesDice    *dice,
                     GPtrArray    *events)
{
  const AciesGcSlot *slot = &s->slots[s->slot];
  gint w = slot->wing;
  gint side = acies_gc_wing (s, w)->side;
  gboolean limited = any_unit_in_enemy_zone (s, w);

  s->mover = -1;
  s->follow_wings = 0;
  memset (s->wing_limit, 0, sizeof s->wing_limit);
  /* GC 8.0, 8.2-b: 4 or 2 squares; 1 if the wing begins in an enemy zone. */
  s->wing_limit[w] = limited ? 1 : slot->allowance;

  /* GC 8.4: the other Triplex Acies lines may follow the first line. */
  check_follow_lost (s, events);
  if (!acies_gc_wing (s, w)->mounted && s->active_wing[side] == w && !s->ta_follow_lost[side])
    for (guint x = 0; x < s->st->wings->len; x++)
      {
        const AciesGcWingDef *xd = acies_gc_wing (s, x);

        if (xd->side != side || xd->mounted || (gint) x == w || xd->ta_role <= acies_gc_wing (s, w)->ta_role)
          continue;
        s->follow_wings |= 1u << x;
        /* GC 8.4-c, GC-G25: the followers share the first line's limit. */
        s->wing_limit[x] = limited || any_unit_in_enemy_zone (s, x) ? 1 : slot->allowance;
      }
  s->step = ACIES_GC_STEP_MOVE;
  acies_gc_sync_base (s);
}

static gboolean
can_move (const AciesGcState *s,
          guint               u)
{
  const AciesGcUnit *unit = &s->units[u];

  return acies_gc_on_board (s, u) && acies_gc_is_fresh_like (s, u) && wing_moves (s, unit->wing)
         && in_group (s, u) && !(unit->flags & ACIES_GC_UF_DONE) && unit->moved < s->wing_limit[unit->wing]
         && !engaged (s, u);
}

/* GC 8.5: may cavalry @u enter @c? */
static gboolean
cavalry_may_enter (const AciesGcState *s,
                   guint               u,
                   AciesCell           from,
                   AciesCell           c,
                   guint               dir)
{
  gint side = s->units[u].side;

  if (dir >= 4 && !s->st->opt.cavalry_diagonal_squeeze)
    {
      /* GC-G33: no squeezing between two occupied squares. */
      AciesCell a = acies_gc_cell (s, acies_gc_col (s, from) + acies_gc_dx[dir], acies_gc_row (s, from));
      AciesCell b = acies_gc_cell (s, acies_gc_col (s, from), acies_gc_row (s, from) + acies_gc_dy[dir]);

      if (acies_gc_unit_at (s, a) >= 0 && acies_gc_unit_at (s, b) >= 0)
        return FALSE;
    }
  for (guint d = 0; d < 4; d++)
    {
      gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, c, d));

      if (v < 0 || v == (gint) u)
        continue;
      /* GC 8.5-g, GC-G28: never next to Elephantry. */
      if (s->units[v].kind == ACIES_GC_KIND_E
          && (s->units[v].side != side || s->st->opt.cav_fears_friendly_elephants))
        return FALSE;
      /* GC 8.5-f: not next to enemy Foot screened by enemy Cavalry. */
      if (s->units[v].side != side && acies_gc_is_foot (s, v))
        for (guint x = 0; x < s->n_units; x++)
          if (s->units[x].kind == ACIES_GC_KIND_C && s->units[x].side != side && acies_gc_on_board (s, x)
              && (acies_gc_cav_distance (s, s->units[x].cell, s->units[v].cell) <= 4
                  || acies_gc_cav_distance (s, s->units[x].cell, c) <= 4))
            return FALSE;
    }
  return TRUE;
}

/* GC 8.5-j/k: an elephant's next square in @dir, passing friendly Foot. */
static AciesCell
elephant_target (const AciesGcState *s,
                 guint               u,
                 gint                dir,
                 guint              *cost)
{
  AciesCell c = s->units[u].cell;

  *cost = 0;
  while (TRUE)
    {
      gint v;

      c = acies_gc_neighbour (s, c, dir);
      if (c == ACIES_CELL_NONE || !terrain_open (s, u, c))
        return ACIES_CELL_NONE;
      (*cost)++;
      v = s->occ[c];
      if (v < 0)
        return c;
      if (s->units[v].side != s->units[u].side || !acies_gc_is_foot (s, v))
        return ACIES_CELL_NONE;
    }
}

static void
unit_steps (const AciesGcState *s,
            guint               u,
            const gint         *extent,
            GArray             *out)
{
  const AciesGcUnit *unit = &s->units[u];
  guint limit = s->wing_limit[unit->wing];
  guint left = limit - unit->moved;
  gboolean first_only = limit == 1 && unit->moved == 0;

  if (acies_gc_is_foot (s, u))
    {
      for (gint rel = 0; rel < 4; rel++)
        {
          gint dir;
          AciesCell c;
          guint cost;

          if (rel == 2)
            continue;   /* GC 8.1-b: never backward */
          /* GC 8.3-b: Phalanx only forward in the Bonus Move Phase. */
          if (rel != 0 && unit->kind == ACIES_GC_KIND_P && s->phase == ACIES_GC_PHASE_BONUS_MOVE)
            continue;
          dir = acies_gc_absolute_dir (s, unit->side, rel);
          c = acies_gc_neighbour (s, unit->cell, dir);
          if (c == ACIES_CELL_NONE || s->occ[c] >= 0)
            continue;
          /* GC 8.1-c: no forward step past the last enemy row. */
          if (rel == 0 && extent[unit->side] <= proj (s, unit->cell, unit->side))
            continue;
          cost = step_cost (s, unit->cell, c);
          if (cost <= left || first_only)
            acies_gc_add_action (out, ACIES_GC_ACTION_STEP, s->acting, u, c, -1, -1, -1);
        }
    }
  else if (unit->kind == ACIES_GC_KIND_C)
    {
      for (guint dir = 0; dir < 8; dir++)
        {
          AciesCell c = acies_gc_neighbour (s, unit->cell, dir);
          guint cost;

          if (c == ACIES_CELL_NONE || s->occ[c] >= 0 || !terrain_open (s, u, c))
            continue;
          cost = step_cost (s, unit->cell, c);
          if ((cost <= left || first_only) && cavalry_may_enter (s, u, unit->cell, c, dir))
            acies_gc_add_action (out, ACIES_GC_ACTION_STEP, s->acting, u, c, -1, -1, -1);
        }
    }
  else
    {
      /* GC 8.5-j, 15.0-a: one direction, forward, left or right. */
      for (gint rel = 0; rel < 4; rel++)
        {
          gint dir = acies_gc_absolute_dir (s, unit->side, rel);
          AciesCell c;
          guint cost;

          if (rel == 2 || (unit->dir >= 0 && unit->dir != dir))
            continue;
          c = elephant_target (s, u, dir, &cost);
          if (c != ACIES_CELL_NONE && (cost <= left || (first_only && cost == 1)))
            acies_gc_add_action (out, ACIES_GC_ACTION_STEP, s->acting, u, c, -1, -1, -1);
        }
    }
}

/* GC 8.5-h, GC-G65: the squares a cavalry unit may flee to. */
static guint
flee_squares (const AciesGcState *s,
              guint               cav,
              AciesCell          *out)
{
  guint n = 0;

  for (guint dir = 0; dir < 8; dir++)
    {
      AciesCell c = acies_gc_neighbour (s, s->units[cav].cell, dir);
      gboolean ok = TRUE;

      if (c == ACIES_CELL_NONE || s->occ[c] >= 0 || !terrain_open (s, cav, c))
        continue;
      for (guint d = 0; d < 8 && ok; d++)
        {
          gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, c, d));

          if (v >= 0 && s->units[v].kind == ACIES_GC_KIND_E)
            ok = FALSE;
        }
      if (ok)
        out[n++] = c;
    }
  return n;
}

/* GC 8.6-f: retreat squares: one square away from all enemy units. */
static guint
retreat_squares (const AciesGcState *s,
                 guint               cav,
                 AciesCell          *out)
{
  guint n = 0;
  guint ndirs = s->st->opt.retreat_adjacency_all ? 8 : 4;

  for (guint dir = 0; dir < 8; dir++)
    {
      AciesCell c = acies_gc_neighbour (s, s->units[cav].cell, dir);
      gboolean ok = TRUE;

      if (c == ACIES_CELL_NONE || s->occ[c] >= 0 || !terrain_open (s, cav, c))
        continue;
      for (guint d = 0; d < ndirs && ok; d++)
        {
          gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, c, d));

          if (v >= 0 && v != (gint) cav && acies_gc_is_enemy (s, cav, v))
            ok = FALSE;
        }
      /* A retreating elephant does not make cavalry flee (8.5-h). */
      for (guint d = 0; d < 4 && ok && s->units[cav].kind == ACIES_GC_KIND_E; d++)
        {
          gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, c, d));

          if (v >= 0 && v != (gint) cav && s->units[v].kind == ACIES_GC_KIND_C
              && (acies_gc_is_enemy (s, cav, v) || s->st->opt.cav_fears_friendly_elephants))
            ok = FALSE;
        }
      if (ok)
        out[n++] = c;
    }
  return n;
}

/* GC 8.5-g: whether a cavalry unit of @side may stand on @c (no
 * Elephantry O-adjacent; friendly ones count under GC-G28). */
static gboolean
clear_of_elephants (const AciesGcState *s,
                    gint                side,
                    AciesCell           c)
{
  for (guint d = 0; d < 4; d++)
    {
      gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, c, d));

      if (v >= 0 && s->units[v].kind == ACIES_GC_KIND_E
          && (s->units[v].side != side || s->st->opt.cav_fears_friendly_elephants))
        return FALSE;
    }
  return TRUE;
}

/* GC 8.5-i, GC-G29: the squares enemy cavalry @x can reach (empty squares,
 * eight directions, at most four steps) next to the mover.  The path and
 * the end square never touch Elephantry (8.5-g). */
static guint
intercept_search (const AciesGcState *s,
                  guint               x,
                  guint               mover,
                  AciesCell          *out,
                  AciesCell          *parent)
{
  guint n_cells = s->st->n_cells;
  g_autofree guint8 *dist = g_malloc (n_cells);
  AciesCell queue[512];
  guint head = 0, tail = 0, n = 0;

  memset (dist, 0xff, n_cells);
  dist[s->units[x].cell] = 0;
  queue[tail++] = s->units[x].cell;
  while (head < tail)
    {
      AciesCell c = queue[head++];

      if (c != s->units[x].cell && acies_gc_adjacent (s, c, s->units[mover].cell) && n < 8)
        out[n++] = c;
      if (dist[c] >= 4)
        continue;
      for (guint dir = 0; dir < 8; dir++)
        {
          AciesCell d = acies_gc_neighbour (s, c, dir);

          if (d == ACIES_CELL_NONE || dist[d] != 0xff || s->occ[d] >= 0 || !terrain_open (s, x, d)
              || !clear_of_elephants (s, s->units[x].side, d))
            continue;
          dist[d] = dist[c] + 1;
          if (parent != NULL)
            parent[d] = c;
          if (tail < G_N_ELEMENTS (queue))
            queue[tail++] = d;
        }
    }
  return n;
}

static guint
intercept_squares (const AciesGcState *s,
                   guint               x,
                   guint               mover,
                   AciesCell          *out)
{
  return intercept_search (s, x, mover, out, NULL);
}

static gboolean
interceptor_ok (const AciesGcState *s,
                guint               x,
                guint               mover)
{
  if (s->units[x].kind != ACIES_GC_KIND_C || !acies_gc_on_board (s, x) || !acies_gc_is_enemy (s, x, mover))
    return FALSE;
  if (acies_gc_cav_distance (s, s->units[x].cell, s->units[mover].cell) > 4)
    return FALSE;
  /* Not next to any of the acting player's cavalry. */
  for (guint d = 0; d < 4; d++)
    {
      gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[x].cell, d));

      if (v >= 0 && s->units[v].kind == ACIES_GC_KIND_C && s->units[v].side == s->units[mover].side)
        return FALSE;
    }
  return TRUE;
}

static gboolean
interception_possible (const AciesGcState *s,
                       guint               mover)
{
  AciesCell sq[8];

  /* GC 8.5-i: only while the mover has no enemy cavalry next to it. */
  for (guint d = 0; d < 4; d++)
    {
      gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[mover].cell, d));

      if (v >= 0 && s->units[v].kind == ACIES_GC_KIND_C && acies_gc_is_enemy (s, v, mover))
        return FALSE;
    }
  for (guint x = 0; x < s->n_units; x++)
    if (interceptor_ok (s, x, mover) && intercept_squares (s, x, mover, sq) > 0)
      return TRUE;
  return FALSE;
}

/* GC 8.6: charge targets of cavalry @c. */
static gboolean
charge_target_ok (const AciesGcState *s,
                  guint               c,
                  guint               t)
{
  const AciesGcCounter *cc = acies_gc_counter (s, c);

  if (!acies_gc_on_board (s, t) || !acies_gc_is_enemy (s, c, t) || !acies_gc_adjacent8 (s, s->units[c].cell, s->units[t].cell))
    return FALSE;
  /* An Elephantry target: cavalry never step O-adjacent to elephants
   * (8.5-g), but may end diagonally next to one, and 8.6 says "one or
   * more Enemy Units".  Ruling (GC-G30c extended; catalogue option
   * elephants_charge_targets, default on): treated like the checklist's
   * Wagon target, a Mounted unit without diamonds: +2 for a charger with
   * diamonds, one hit retreats it, two eliminate it. */
  if (s->units[t].kind == ACIES_GC_KIND_E && !s->st->opt.elephants_charge_targets)
    return FALSE;
  /* GC 8.6-b: no diamonds, only against Cavalry. */
  if (cc->diamonds == 0 && s->units[t].kind != ACIES_GC_KIND_C)
    return FALSE;
  /* GC 8.6-c, GC-G31: not from a Phalanx's front row of squares. */
  if (s->units[t].kind == ACIES_GC_KIND_P
      && proj (s, s->units[c].cell, s->units[t].side) - proj (s, s->units[t].cell, s->units[t].side) == 1)
    return FALSE;
  return TRUE;
}

static gboolean
charges_pending (const AciesGcState *s,
                 GArray             *out)
{
  const AciesGcSlot *slot = &s->slots[s->slot];
  gboolean any = FALSE;

  if (!acies_gc_wing (s, slot->wing)->mounted || slot->group == ACIES_GC_GROUP_ELEPHANTRY)
    return FALSE;
  /* GC 8.6-a, GC-G30a: every cavalry of the moved group next to an enemy. */
  for (guint c = 0; c < s->n_units; c++)
    {
      if (s->units[c].wing != slot->wing || s->units[c].kind != ACIES_GC_KIND_C || !acies_gc_on_board (s, c)
          || (s->units[c].flags & ACIES_GC_UF_CHARGED))
        continue;
      for (guint dir = 0; dir < 8; dir++)
        {
          gint t = acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[c].cell, dir));

          if (t >= 0 && charge_target_ok (s, c, t))
            {
              any = TRUE;
              if (out == NULL)
                return TRUE;
              acies_gc_add_action (out, ACIES_GC_ACTION_CHARGE, s->acting, c, t, -1, -1, -1);
            }
        }
    }
  return any;
}

void
acies_gc_move_legal (const AciesGcState *s,
                     GArray             *out)
{
  switch (s->step)
    {
    case ACIES_GC_STEP_MOVE:
      {
        gint extent[2] = { G_MININT, G_MININT };

        for (guint u = 0; u < s->n_units; u++)
          if (acies_gc_on_board (s, u))
            {
              gint other = 1 - s->units[u].side;

              extent[other] = MAX (extent[other], proj (s, s->units[u].cell, other));
            }
        for (guint u = 0; u < s->n_units; u++)
          if (can_move (s, u))
            unit_steps (s, u, extent, out);
        acies_gc_add_action (out, ACIES_GC_ACTION_END_PHASE, s->acting, -1, -1, -1, -1, -1);
      }
      break;
    case ACIES_GC_STEP_INTERCEPT:
      for (guint x = 0; x < s->n_units; x++)
        if (interceptor_ok (s, x, s->mover))
          {
            AciesCell sq[8];
            guint n = intercept_squares (s, x, s->mover, sq);

            for (guint i = 0; i < n; i++)
              acies_gc_add_action (out, ACIES_GC_ACTION_INTERCEPT, 1 - s->acting, x, sq[i], -1, -1, -1);
          }
      acies_gc_add_action (out, ACIES_GC_ACTION_NO_INTERCEPT, 1 - s->acting, -1, -1, -1, -1, -1);
      break;
    case ACIES_GC_STEP_FLEE:
      {
        AciesCell sq[8];
        guint n = flee_squares (s, s->flee_unit, sq);

        for (guint i = 0; i < n; i++)
          acies_gc_add_action (out, ACIES_GC_ACTION_FLEE, s->units[s->flee_unit].side, sq[i], -1, -1, -1, -1);
      }
      break;
    case ACIES_GC_STEP_RETREAT:
      {
        AciesCell sq[8];
        guint n = retreat_squares (s, s->retreat_unit, sq);

        for (guint i = 0; i < n; i++)
          acies_gc_add_action (out, ACIES_GC_ACTION_RETREAT, s->units[s->retreat_unit].side, sq[i], -1, -1, -1, -1);
      }
      break;
    case ACIES_GC_STEP_CHARGE:
      charges_pending (s, out);
      break;
    case ACIES_GC_STEP_WAGON_TARGET:
      wagon_targets_full (s, s->mover, NULL, out);
      break;
    case ACIES_GC_STEP_TRAMPLE_TARGET:
      for (guint d = 0; d < 4; d++)
        {
          gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[s->trample_unit].cell, d));

          if (v >= 0 && acies_gc_is_enemy (s, v, s->trample_unit) && acies_gc_is_foot (s, v))
            acies_gc_add_action (out, ACIES_GC_ACTION_TRAMPLE, s->acting, v, -1, -1, -1, -1);
        }
      break;
    default:
      break;
    }
}

/* GC 6.0-c, GC-G24: one event for the Skirmish Zones @gone (a bit per
 * wing) lost when @u, of the moving side, touched enemy Foot: attributed
 * to that side, naming the Wings. */
static void
zones_gone_event (AciesGcState *s,
                  guint         u,
                  guint32       gone,
                  GPtrArray    *events)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new ();
  g_autofree char *names = NULL;
  guint n;

  if (gone == 0)
    return;
  for (guint w = 0; w < s->st->wings->len; w++)
    if (gone & (1u << w))
      g_ptr_array_add (list, (gpointer) acies_gc_wing (s, w)->name);
  n = list->len;
  names = acies_text_join_list ((const char * const *) list->pdata, list->len);
  acies_events_add (events, "zone-gone", "GC 6.0", s->units[u].side,
                    /* TRANSLATORS: a line of the game log (GC 6.0): the first %s is a wing's
                     * label, the second the names of the wings whose Skirmish Zones vanish. */
                    g_dngettext (GETTEXT_PACKAGE, "The %s touches enemy Foot: the Skirmish Zone of %s vanishes for good",
                                 "The %s touches enemy Foot: the Skirmish Zones of %s vanish for good", n),
                    acies_gc_wing (s, s->units[u].wing)->label, names);
}

/* GC 6.0-c, GC-G24, 15.0-d: contacts made by @u's move. */
void
acies_gc_contact_check (AciesGcState *s,
                        guint         u,
                        GPtrArray    *events)
{
  guint32 gone = 0;

  if (!acies_gc_on_board (s, u))
    return;
  for (guint d = 0; d < 4; d++)
    {
      gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[u].cell, d));

      if (v < 0 || !acies_gc_is_enemy (s, u, v))
        continue;
      if (acies_gc_is_foot (s, u) && acies_gc_is_foot (s, v))
        {
          guint32 lose = 1u << s->units[v].wing;

          if (s->st->opt.zone_loss_both)
            lose |= 1u << s->units[u].wing;
          gone |= s->zone_alive & lose;
          s->zone_alive &= ~lose;
        }
      /* GC 15.0-d: a wagon next to enemy Foot is destroyed (no VP). */
      if (acies_gc_is_foot (s, u) && s->units[v].kind == ACIES_GC_KIND_W)
        acies_gc_eliminate (s, v, ACIES_GC_CAUSE_WAGON, events);
      else if (acies_gc_is_foot (s, v) && s->units[u].kind == ACIES_GC_KIND_W)
        {
          acies_gc_eliminate (s, u, ACIES_GC_CAUSE_WAGON, events);
          return;
        }
    }
  zones_gone_event (s, u, gone, events);
  check_follow_lost (s, events);
}

static void
finish_mover (AciesGcState *s)
{
  if (s->mover >= 0)
    s->units[s->mover].flags |= ACIES_GC_UF_DONE;
  s->mover = -1;
}

static gboolean
enemy_foot_adjacent (const AciesGcState *s,
                     guint               e)
{
  for (guint d = 0; d < 4; d++)
    {
      gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[e].cell, d));

      if (v >= 0 && acies_gc_is_enemy (s, v, e) && acies_gc_is_foot (s, v))
        return TRUE;
    }
  return FALSE;
}

/* After the move (and its interrupts) of elephant @e: trample or go on. */
static void
elephant_after_flight (AciesGcState *s,
                       guint         e,
                       AciesDice    *dice,
                       GPtrArray    *events)
{
  if (!acies_gc_on_board (s, e))
    {
      s->step = ACIES_GC_STEP_MOVE;
      return;
    }
  switch (s->flee_cont)
    {
    case FLEE_CONT_RAMPAGE:
      rampage_continue (s, dice, events);
      return;
    case FLEE_CONT_CHAIN:
      {
        /* GC 8.7-e: trample again if an enemy Foot unit is straight ahead. */
        gint v = s->units[e].dir >= 0
                 ? acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[e].cell, s->units[e].dir)) : -1;

        s->step = ACIES_GC_STEP_MOVE;
        if (s->units[e].moved < 4 && v >= 0 && acies_gc_is_enemy (s, v, e) && acies_gc_is_foot (s, v))
          {
            gint ctx[6] = { e, v, 0, 0, 0, 0 };

            s->trample_unit = e;
            s->trample_target = v;
            acies_gc_roll (s, ACIES_GC_ROLL_TRAMPLE_CHECK, s->units[e].side, 1, ctx, dice, events);
            return;
          }
        /* GC 8.7 caption ("it keeps moving"): after a successful Trample
         * the elephant goes on with the squares it has left, unless the
         * square it took is in an enemy zone (8.2-a), Engages it (8.1-f)
         * or used its allowance. */
        if (acies_gc_in_zone_of (s, s->units[e].cell, 1 - s->units[e].side) || engaged (s, e)
            || s->units[e].moved >= s->wing_limit[s->units[e].wing])
          {
            s->units[e].flags |= ACIES_GC_UF_DONE;
            if (s->mover == (gint) e)
              s->mover = -1;
          }
      }
      return;
    default:
      s->step = ACIES_GC_STEP_MOVE;
      /* GC 8.1-f: cavalry that fled no longer Engage the elephant; other
       * Mounted enemies next to it stop it now. */
      if (engaged (s, e))
        s->units[e].flags |= ACIES_GC_UF_DONE;
      /* GC 8.7-a, GC-G32(b): trample if adjacent to enemy Foot with squares left. */
      if (s->units[e].kind == ACIES_GC_KIND_E && enemy_foot_adjacent (s, e)
          && (s->units[e].moved < 4)
          && (s->st->opt.trample_when_stopped || !(s->units[e].flags & ACIES_GC_UF_DONE)))
        trample_check (s, e, dice, events);
      return;
    }
}

/* GC 8.5-h: cavalry next to the elephant @e flee, one at a time. */
static void
flight_check (AciesGcState *s,
              guint         e,
              AciesDice    *dice,
              GPtrArray    *events)
{
  if (acies_gc_on_board (s, e))
    for (guint d = 0; d < 4; d++)
      {
        gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[e].cell, d));
        AciesCell sq[8];

        if (v < 0 || s->units[v].kind != ACIES_GC_KIND_C)
          continue;
        if (!acies_gc_is_enemy (s, v, e) && !s->st->opt.cav_fears_friendly_elephants)
          continue;
        if (flee_squares (s, v, sq) == 0)
          {
            g_autofree char *name = acies_gc_event_unit (s, v, events);

            acies_events_add (events, "no-flight", "GC 8.5", s->units[v].side,
                              /* TRANSLATORS: a line of the game log (GC 8.5). Slots in order: %s: a
                               * unit's name. */
                              _("%s cannot get away from the elephant"), name);
            acies_gc_eliminate (s, v, ACIES_GC_CAUSE_FLIGHT, events);
            if (s->base.finished)
              return;
            continue;
          }
        s->flee_unit = v;
        s->flee_from = e;
        s->step = ACIES_GC_STEP_FLEE;
        acies_gc_sync_base (s);
        return;
      }
  s->flee_unit = -1;
  elephant_after_flight (s, e, dice, events);
}

static void
trample_check (AciesGcState *s,
               guint         e,
               AciesDice    *dice,
               GPtrArray    *events)
{
  gint ahead = s->units[e].dir >= 0
               ? acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[e].cell, s->units[e].dir)) : -1;
  gint target = -1, n = 0;
  gint ctx[6] = { e, -1, 0, 0, 0, 0 };

  /* GC 8.7-a: the unit straight ahead if there is one (caption). */
  if (ahead >= 0 && acies_gc_is_enemy (s, ahead, e) && acies_gc_is_foot (s, ahead))
    target = ahead;
  else
    for (guint d = 0; d < 4; d++)
      {
        gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[e].cell, d));

        if (v >= 0 && acies_gc_is_enemy (s, v, e) && acies_gc_is_foot (s, v))
          {
            target = v;
            n++;
          }
      }
  s->trample_unit = e;
  if (n > 1)
    {
      s->step = ACIES_GC_STEP_TRAMPLE_TARGET;
      acies_gc_sync_base (s);
      return;
    }
  s->trample_target = target;
  ctx[1] = target;
  acies_gc_roll (s, ACIES_GC_ROLL_TRAMPLE_CHECK, s->units[e].side, 1, ctx, dice, events);
}

static void
end_elephant_move (AciesGcState *s,
                   guint         e)
{
  s->units[e].flags |= ACIES_GC_UF_DONE;
  if (s->mover == (gint) e)
    s->mover = -1;
  s->step = ACIES_GC_STEP_MOVE;
}

static void
rampage_end (AciesGcState *s,
             AciesDice    *dice,
             GPtrArray    *events)
{
  s->rampaging = FALSE;
  s->trample_unit = -1;
  acies_gc_resume (s, dice, events);
}

/* GC 8.8: the Rampage of @e; the interrupted phase resumes at @resume_step. */
void
acies_gc_rampage_begin (AciesGcState *s,
                        guint         e,
                        gint          resume_step,
                        AciesDice    *dice,
                        GPtrArray    *events)
{
  gint ctx[6] = { e, 0, 0, 0, 0, 0 };

  if (!s->rampaging)
    s->resume_step = resume_step;
  s->rampaging = TRUE;
  s->trample_unit = e;
  if (s->mover == (gint) e)
    s->mover = -1;
  acies_gc_roll (s, ACIES_GC_ROLL_RAMPAGE_DIRECTION, s->units[e].side, 1, ctx, dice, events);
}

static const char *
square_label (const AciesGcState *s,
              AciesCell           c)
{
  return c != ACIES_CELL_NONE ? acies_board_cell_label (s->base.scenario->map.board, c) : "?";
}

static void
rampage_continue (AciesGcState *s,
                  AciesDice    *dice,
                  GPtrArray    *events)
{
  guint e = s->trample_unit;

  while (s->rampage_left > 0 && acies_gc_on_board (s, e))
    {
      AciesCell next = acies_gc_neighbour (s, s->units[e].cell, s->rampage_dir);
      g_autofree char *name = acies_gc_event_unit (s, e, events);
      gint v;

      if (next == ACIES_CELL_NONE)
        {
          /* GC 8.8, 8.10: off the map, eliminated with VP. */
          /* TRANSLATORS: a line of the game log (GC 8.10). Slots in order: %s: a unit's name. */
          acies_events_add (events, "off-map", "GC 8.10", s->units[e].side, _("%s rampages off the map"), name);
          acies_gc_eliminate (s, e, ACIES_GC_CAUSE_RAMPAGE, events);
          rampage_end (s, dice, events);
          return;
        }
      if (!terrain_open (s, e, next))
        {
          /* GC-G32(e): the leg ends before River or Broken Ground. */
          acies_events_add (events, "rampage-stop", "GC 8.8", s->units[e].side,
                            /* TRANSLATORS: a line of the game log (GC 8.8). Slots in order: %s: a
                             * unit's name; %s: a hex or square label. */
                            _("%s stops: it does not enter the River or Broken Ground at %s"),
                            name, square_label (s, next));
          break;
        }
      v = s->occ[next];
      if (v >= 0 && s->units[v].kind == ACIES_GC_KIND_E)
        {
          /* GC 8.8-d: the rampager dies, the other elephant rampages. */
          g_autofree char *other = acies_gc_event_unit (s, v, events);

          acies_events_add (events, "rampage-collide", "GC 8.8", s->units[e].side,
                            /* TRANSLATORS: a line of the game log (GC 8.8). Slots in order: %s: a
                             * unit's name; %s: the other unit's name. */
                            _("%s runs into %s: the rampaging elephant is eliminated and the other goes on a Rampage"),
                            name, other);
          acies_gc_eliminate (s, e, ACIES_GC_CAUSE_RAMPAGE, events);
          if (s->base.finished)
            return;
          s->trample_unit = v;
          acies_gc_rampage_begin (s, v, s->resume_step, dice, events);
          return;
        }
      if (v >= 0 && acies_gc_is_foot (s, v))
        {
          /* GC 8.8-c: trample any Foot in the path, friend or foe. */
          gint ctx[6] = { e, v, 1, 0, 0, 0 };

          g_autofree char *other = acies_gc_event_unit (s, v, events);

          acies_events_add (events, "rampage-trample", "GC 8.8", s->units[e].side,
                            /* TRANSLATORS: a line of the game log (GC 8.8). Slots in order: %s: a
                             * unit's name; %s: the other unit's name. */
                            _("%s rampages into %s and tries to trample it"), name, other);
          s->trample_target = v;
          acies_gc_roll (s, ACIES_GC_ROLL_TRAMPLE_CHECK, s->units[e].side, 1, ctx, dice, events);
          return;
        }
      if (v >= 0)
        {
          /* Cavalry or wagon: the leg ends in front of it. */
          g_autofree char *other = acies_gc_event_unit (s, v, events);

          acies_events_add (events, "rampage-stop", "GC 8.8", s->units[e].side,
                            /* TRANSLATORS: a line of the game log (GC 8.8). Slots in order: %s: a
                             * unit's name; %s: the other unit's name. */
                            _("%s stops in front of %s"), name, other);
          break;
        }
      acies_gc_place (s, e, next);
      s->rampage_left--;
      acies_events_add (events, "rampage-step", "GC 8.8", s->units[e].side,
                        /* TRANSLATORS: a line of the game log (GC 8.8): %s is the elephant's name,
                         * the second %s a square's label, %d the squares of the Rampage left. */
                        g_dngettext (GETTEXT_PACKAGE, "%s rampages into %s (%d square left)",
                                     "%s rampages into %s (%d squares left)", s->rampage_left),
                        name, square_label (s, next), s->rampage_left);
      s->flee_cont = FLEE_CONT_RAMPAGE;
      flight_check (s, e, dice, events);
      return;
    }
  if (!acies_gc_on_board (s, e))
    {
      rampage_end (s, dice, events);
      return;
    }
  /* GC 8.8-e: roll again until the elephant is gone. */
  {
    gint ctx[6] = { e, 0, 0, 0, 0, 0 };

    acies_gc_roll (s, ACIES_GC_ROLL_RAMPAGE_DIRECTION, s->units[e].side, 1, ctx, dice, events);
  }
}

/* GC 8.7-e: the target is trampled: eliminated, the elephant moves in. */
static void
trampled (AciesGcState *s,
          guint         e,
          guint         t,
          gboolean      in_rampage,
          const char   *why,
          AciesDice    *dice,
          GPtrArray    *events)
{
  AciesCell c = s->units[t].cell;
  g_autofree char *name = acies_gc_event_unit (s, t, events);
  g_autofree char *elephant = acies_gc_event_unit (s, e, events);

  /* The roll that decided it, in the same event (GC 8.7-b/c). */
  /* TRANSLATORS: a line of the game log (GC 8.7). Slots in order: %s: a unit's name; %s: a sentence
   * saying why. */
  acies_events_add (events, "trampled", "GC 8.7", s->units[t].side, _("%s is trampled (%s)"), name, why);
  acies_gc_eliminate (s, t, ACIES_GC_CAUSE_TRAMPLE, events);
  if (s->base.finished)
    return;
  acies_gc_place (s, e, c);
  if (in_rampage)
    {
      s->rampage_left--;
      s->flee_cont = FLEE_CONT_RAMPAGE;
      acies_events_add (events, "rampage-step", "GC 8.8", s->units[e].side,
                        /* TRANSLATORS: a line of the game log (GC 8.8): %s is the elephant's name,
                         * the second %s a square's label, %d the squares of the Rampage left. */
                        g_dngettext (GETTEXT_PACKAGE, "%s rampages into %s (%d square left)",
                                     "%s rampages into %s (%d squares left)", s->rampage_left),
                        elephant, square_label (s, c), s->rampage_left);
    }
  else
    {
      s->units[e].moved++;
      s->flee_cont = FLEE_CONT_CHAIN;
    }
  flight_check (s, e, dice, events);
}

void
acies_gc_move_roll_resolved (AciesGcState *s,
                             AciesDice    *dice,
                             GPtrArray    *events)
{
  const AciesGcRoll *r = &s->roll;
  gint e = r->ctx[0], t = r->ctx[1];
  gboolean in_rampage = r->ctx[2] != 0;
  /* Each roll is said in the event it decides (its number, its sum and
   * what it gave), never in a line of its own (GC 12.0: the final roll). */
  g_autofree char *sum = NULL;
  g_autofree char *said = acies_gc_roll_said (s, events, &sum);
  g_autofree char *name = acies_gc_event_unit (s, e, events);

  switch (r->purpose)
    {
    case ACIES_GC_ROLL_TRAMPLE_CHECK:
      if (r->values[0] == 1)
        {
          if (in_rampage)
            {
              /* GC 8.8-c: a 1 while rampaging eliminates the rampager. */
              acies_events_add (events, "rampage-end", "GC 8.8", s->units[e].side,
                                /* TRANSLATORS: a line of the game log (GC 8.8). Slots in order: %s:
                                 * a unit's name. */
                                _("Trample check 1, a natural 1 while rampaging: %s is eliminated"), name);
              acies_gc_eliminate (s, e, ACIES_GC_CAUSE_RAMPAGE, events);
              if (!s->base.finished)
                rampage_end (s, dice, events);
              return;
            }
          /* GC 8.7-b: a natural 1 sends the elephant on a Rampage. */
          acies_events_add (events, "rampage", "GC 8.8", s->units[e].side,
                            /* TRANSLATORS: a line of the game log (GC 8.8). Slots in order: %s: a
                             * unit's name. */
                            _("Trample check 1, a natural 1: %s goes on a Rampage!"), name);
          s->units[e].flags |= ACIES_GC_UF_DONE;
          acies_gc_rampage_begin (s, e, ACIES_GC_STEP_MOVE, dice, events);
          return;
        }
      /* GC 8.7-c: Exhausted or Phalanx targets cannot avoid it. */
      if (s->units[t].status == ACIES_GC_UNIT_EXHAUSTED || s->units[t].kind == ACIES_GC_KIND_P)
        {
          g_autofree char *why = events != NULL
            ? g_strdup_printf (_("trample check %u, not a 1; %s cannot try to avoid it"), r->values[0],
                               s->units[t].kind == ACIES_GC_KIND_P ? "a Phalanx" : "an Exhausted unit")
            : NULL;

          trampled (s, e, t, in_rampage, why, dice, events);
          return;
        }
      {
        g_autofree char *target = acies_gc_event_unit (s, t, events);

        acies_events_add (events, "trample-check", "GC 8.7", s->units[e].side,
                          /* TRANSLATORS: a line of the game log (GC 8.7). Slots in order: %u: a die
                           * roll; %s: the other unit's name; %s: a unit's name. */
                          _("Trample check %u, not a 1: %s rolls to avoid being trampled by %s"),
                          r->values[0], target, name);
      }
      acies_gc_roll (s, ACIES_GC_ROLL_TRAMPLE_AVOID, s->units[t].side, 1, r->ctx, dice, events);
      return;

    case ACIES_GC_ROLL_TRAMPLE_AVOID:
      /* GC 8.7-c, GC-G63: the target's side adds its own Rally Limit. */
      if ((gint) r->values[0] + s->rally_limit[s->units[t].side] >= 8)
        {
          gint dir = in_rampage ? s->rampage_dir
                     : s->st->opt.trample_beyond_target ? -1 : s->units[e].dir;
          AciesCell beyond;
          g_autofree char *target = acies_gc_event_unit (s, t, events);

          if (dir < 0)
            for (guint d = 0; d < 4; d++)
              if (acies_gc_neighbour (s, s->units[e].cell, d) == s->units[t].cell)
                dir = d;
          beyond = dir >= 0 ? acies_gc_neighbour (s, s->units[t].cell, dir) : ACIES_CELL_NONE;
          acies_events_add (events, "avoided", "GC 8.7", s->units[t].side,
                            /* TRANSLATORS: a line of the game log (GC 8.7). Slots in order: %s: the
                             * other unit's name; %s: a total. */
                            _("%s avoids being trampled: avoidance roll %s, 8 or more needed"), target, sum);
          /* GC 8.7-d: pass through to a vacant square beyond, or stay. */
          if (beyond != ACIES_CELL_NONE && s->occ[beyond] < 0 && terrain_open (s, e, beyond))
            {
              acies_gc_place (s, e, beyond);
              /* TRANSLATORS: a line of the game log (GC 8.7). Slots in order: %s: a unit's name;
               * %s: a hex or square label. */
              acies_events_add (events, "pass-through", "GC 8.7", s->units[e].side, _("%s passes through to %s"),
                                name, square_label (s, beyond));
            }
          else
            /* TRANSLATORS: a line of the game log (GC 8.7). Slots in order: %s: a unit's name. */
            acies_events_add (events, "pass-through", "GC 8.7", s->units[e].side, _("%s stays where it is"), name);
          if (in_rampage)
            {
              s->rampage_left = 0;
              s->flee_cont = FLEE_CONT_RAMPAGE;
              flight_check (s, e, dice, events);
            }
          else
            {
              end_elephant_move (s, e);
              s->flee_cont = FLEE_CONT_STEP;
              /* Cavalry next to its new square still flee. */
              s->units[e].moved = 4;
              flight_check (s, e, dice, events);
            }
          return;
        }
      {
        g_autofree char *why = events != NULL
          ? g_strdup_printf (_("avoidance roll %s, 8 or more needed"), sum) : NULL;

        trampled (s, e, t, in_rampage, why, dice, events);
      }
      return;

    case ACIES_GC_ROLL_RAMPAGE_DIRECTION:
      {
        gint dir = s->st->rampage[r->values[0] - 1];

        if (dir == 4)
          {
            /* GC 8.8-b: the rider puts the elephant down. */
            acies_events_add (events, "euthanised", "GC 8.8", s->units[e].side,
                              /* TRANSLATORS: a line of the game log (GC 8.8). Slots in order: %u: a
                               * die roll; %s: a unit's name. */
                              _("Rampage direction roll %u: %s's rider puts it down"), r->values[0], name);
            acies_gc_eliminate (s, e, ACIES_GC_CAUSE_EUTHANISED, events);
            if (!s->base.finished)
              rampage_end (s, dice, events);
            return;
          }
        /* Table: 0 backward, 1 left, 2 forward, 3 right. */
        s->rampage_dir = acies_gc_absolute_dir (s, s->units[e].side, dir == 0 ? 2 : dir == 1 ? 3 : dir == 2 ? 0 : 1);
        {
          static const char *rel[] = { "backward", "to its left", "forward", "to its right" };
          static const char *compass[] = { "north", "east", "south", "west" };

          acies_events_add (events, "rampage-direction", "GC 8.8", s->units[e].side,
                            /* TRANSLATORS: a line of the game log (GC 8.8). Slots in order: %u: a
                             * die roll; %s: a unit's name; %s: a direction; %s: a cost. */
                            _("Rampage direction roll %u: %s rampages %s (%s)"), r->values[0], name,
                            rel[dir], compass[s->rampage_dir]);
        }
        acies_gc_roll (s, ACIES_GC_ROLL_RAMPAGE_DISTANCE, s->units[e].side, 1, r->ctx, dice, events);
      }
      return;

    case ACIES_GC_ROLL_RAMPAGE_DISTANCE:
      /* GC 8.8-b: the distance is the die roll. */
      s->rampage_left = r->values[0];
      acies_events_add (events, "rampage-distance", "GC 8.8", s->units[e].side,
                        /* TRANSLATORS: a line of the game log (GC 8.8): the first %u is the die
                         * roll, %s the elephant's name, the second %u the same roll as a distance. */
                        g_dngettext (GETTEXT_PACKAGE, "Rampage distance roll %u: %s rampages %u square",
                                     "Rampage distance roll %u: %s rampages %u squares", r->values[0]),
                        r->values[0], name, r->values[0]);
      rampage_continue (s, dice, events);
      return;

    case ACIES_GC_ROLL_CHARGE:
      {
        gint c = e;
        gint mod = r->ctx[2];
        guint hits = 0;
        gboolean botch = FALSE;

        for (guint i = 0; i < r->n_dice; i++)
          {
            if ((gint) r->values[i] + mod >= 8)
              hits++;
            if (r->values[i] == 1)
              botch = TRUE;   /* GC 8.6-g */
          }
        /* GC 8.6-e: each die of 8 or more (modified) is a hit. */
        acies_events_add (events, hits > 0 ? "charge-hit" : "charge-missed", "GC 8.6", s->acting,
                          /* TRANSLATORS: a line of the game log (GC 8.6). Slots in order: %s: a
                           * unit's name; %s: a total; %s: the dice rolled. */
                          _("%s's charge roll: %s, 8 or more needed: %s"), name, sum, said);
        if (botch)
          acies_gc_eliminate (s, c, ACIES_GC_CAUSE_CHARGE, events);
        if (s->base.finished)
          return;
        s->step = ACIES_GC_STEP_CHARGE;
        if (hits > 0 && acies_gc_on_board (s, t))
          {
            if (acies_gc_is_foot (s, t))
              acies_gc_exhaust (s, t, ACIES_GC_CAUSE_CHARGE, events);   /* GC 8.6-e, 8.6-h */
            else if (hits >= 2)
              acies_gc_eliminate (s, t, ACIES_GC_CAUSE_CHARGE, events); /* GC 8.6-h */
            else
              {
                AciesCell sq[8];

                /* GC 8.6-f: retreat, or eliminated with nowhere to go. */
                if (retreat_squares (s, t, sq) == 0)
                  acies_gc_eliminate (s, t, ACIES_GC_CAUSE_CHARGE, events);
                else
                  {
                    s->retreat_unit = t;
                    s->step = ACIES_GC_STEP_RETREAT;
                    acies_gc_sync_base (s);
                    return;
                  }
              }
          }
        if (s->base.finished)
          return;
        if (!charges_pending (s, NULL))
          acies_gc_next_slot (s, dice, events);
      }
      return;

    case ACIES_GC_ROLL_WAGON:
      /* GC 15.0-c: d8 + wagons in play; 8+ eliminates the elephant. */
      acies_events_add (events, "wagon-roll", "GC 15.0", s->units[e].side,
                        /* TRANSLATORS: a line of the game log (GC 15.0). Slots in order: %s: a
                         * unit's name; %s: a total; %s: the dice rolled. */
                        _("%s's attack roll: %s, 8 or more needed: %s"), name, sum, said);
      if ((gint) r->values[0] + r->ctx[2] >= 8 && acies_gc_on_board (s, t))
        acies_gc_eliminate (s, t, ACIES_GC_CAUSE_WAGON_ATTACK, events);
      if (!s->base.finished && acies_gc_on_board (s, e))
        acies_gc_eliminate (s, e, ACIES_GC_CAUSE_WAGON, events);
      s->step = ACIES_GC_STEP_MOVE;
      if (s->mover == e)
        s->mover = -1;
      return;

    default:
      return;
    }
}

/* GC 15.0-b, GC-G38c: enemy Elephantry O-adjacent to wagon @w; the first
 * one into @first, or all as ACIES_GC_ACTION_CHARGE actions into @out. */
static guint
wagon_targets_full (const AciesGcState *s,
                    guint               w,
                    gint               *first,
                    GArray             *out)
{
  guint n = 0;

  for (guint d = 0; d < 4; d++)
    {
      gint v = acies_gc_unit_at (s, acies_gc_neighbour (s, s->units[w].cell, d));

      if (v < 0 || s->units[v].kind != ACIES_GC_KIND_E || !acies_gc_is_enemy (s, w, v))
        continue;
      if (first != NULL && n == 0)
        *first = v;
      if (out != NULL)
        acies_gc_add_action (out, ACIES_GC_ACTION_CHARGE, s->acting, w, v, -1, -1, -1);
      n++;
    }
  return n;
}

static guint
wagon_targets (const AciesGcState *s,
               guint               w,
               gint               *first)
{
  return wagon_targets_full (s, w, first, NULL);
}

/* GC 15.0-c: wagon @w attacks elephant @t: d8 + the side's wagons in play
 * (the attacker included, GC-G38c). */
static void
wagon_attack (AciesGcState *s,
              guint         w,
              guint         t,
              AciesDice    *dice,
              GPtrArray    *events)
{
  gint ctx[6] = { w, t, 0, 0, 0, 0 };
  g_autofree char *wagon = acies_gc_event_unit (s, w, events);
  g_autofree char *target = acies_gc_event_unit (s, t, events);

  for (guint x = 0; x < s->n_units; x++)
    if (s->units[x].kind == ACIES_GC_KIND_W && s->units[x].side == s->units[w].side && acies_gc_on_board (s, x))
      ctx[2]++;
  s->units[w].flags |= ACIES_GC_UF_DONE;
  /* TRANSLATORS: a line of the game log (GC 15.0). Slots in order: %s: a unit's name; %s: the other
   * unit's name. */
  acies_events_add (events, "wagon-attack", "GC 15.0", s->units[w].side, _("%s attack %s"), wagon, target);
  acies_gc_roll (s, ACIES_GC_ROLL_WAGON, s->units[w].side, 1, ctx, dice, events);
}

/* After a step of @u: zones, engagement, interrupts. */
static void
after_step (AciesGcState *s,
            guint         u,
            AciesDice    *dice,
            GPtrArray    *events)
{
  AciesGcUnit *unit = &s->units[u];

  acies_gc_contact_check (s, u, events);
  if (s->base.finished || !acies_gc_on_board (s, u))
    {
      if (s->mover == (gint) u)
        s->mover = -1;
      return;
    }
  /* GC 8.1-d, 8.2-a: Engaged or in an enemy zone: stop.  An elephant's
   * Engagement is judged once the cavalry next to it fled (8.5-h). */
  if ((unit->kind != ACIES_GC_KIND_E && engaged (s, u)) || acies_gc_in_zone_of (s, unit->cell, 1 - unit->side)
      || unit->moved >= s->wing_limit[unit->wing])
    {
      /* Say why a unit with squares left stops: it entered a zone. */
      if (!(unit->flags & ACIES_GC_UF_DONE) && unit->moved < s->wing_limit[unit->wing]
          && acies_gc_in_zone_of (s, unit->cell, 1 - unit->side)
          && !(unit->kind != ACIES_GC_KIND_E && engaged (s, u)))
        {
          g_autofree char *name = acies_gc_event_unit (s, u, events);

          /* The name says the square: "… at E5 enters an enemy Skirmish Zone". */
          acies_events_add (events, "zone-stop", "GC 8.2", unit->side,
                            /* TRANSLATORS: a line of the game log (GC 8.2): %s is a unit's name (with
                             * its square), %d the squares of its move left unused. */
                            g_dngettext (GETTEXT_PACKAGE, "%s enters an enemy Skirmish Zone and must stop there, %d square unused (GC 8.2)",
                                         "%s enters an enemy Skirmish Zone and must stop there, %d squares unused (GC 8.2)",
                                         s->wing_limit[unit->wing] - unit->moved),
                            name, s->wing_limit[unit->wing] - unit->moved);
        }
      unit->flags |= ACIES_GC_UF_DONE;
    }
  /* GC 8.4-c, GC-G25 (option ta_followers_stop_in_zone): when the first
   * line enters an enemy zone, the following lines stop with it. */
  if (s->st->opt.ta_followers_stop_in_zone && s->follow_wings != 0 && unit->wing == s->slots[s->slot].wing
      && acies_gc_in_zone_of (s, unit->cell, 1 - unit->side))
    {
      for (guint x = 0; x < s->n_units; x++)
        if (s->follow_wings & (1u << s->units[x].wing))
          s->units[x].flags |= ACIES_GC_UF_DONE;
      acies_events_add (events, "followers-stop", "GC 8.4", unit->side,
                        /* TRANSLATORS: a line of the game log (GC 8.4). */
                        _("The first line enters an enemy Skirmish Zone: the following lines stop too"));
    }

  if (unit->kind == ACIES_GC_KIND_C)
    {
      /* GC 8.5-i: interception. */
      if (interception_possible (s, u))
        {
          s->step = ACIES_GC_STEP_INTERCEPT;
          acies_gc_sync_base (s);
        }
      return;
    }
  if (unit->kind == ACIES_GC_KIND_E)
    {
      s->flee_cont = FLEE_CONT_STEP;
      flight_check (s, u, dice, events);
      return;
    }
  if (unit->kind == ACIES_GC_KIND_W)
    {
      /* GC 15.0-b, 8.1-f: a wagon that comes next to an enemy elephant is
       * Engaged, so its move ends there, and it attacks at the end of its
       * move: the acting player picks the elephant if there are several. */
      guint n = wagon_targets (s, u, NULL);

      if (n == 0)
        return;
      unit->flags |= ACIES_GC_UF_DONE;
      if (n == 1)
        {
          gint t = -1;

          wagon_targets (s, u, &t);
          wagon_attack (s, u, t, dice, events);
          return;
        }
      s->step = ACIES_GC_STEP_WAGON_TARGET;
      acies_gc_sync_base (s);
    }
}

gboolean
acies_gc_move_apply (AciesGcState       *s,
                     const AciesAction  *a,
                     AciesDice          *dice,
                     GPtrArray          *events,
                     GError            **error)
{
  switch (a->type)
    {
    case ACIES_GC_ACTION_STEP:
      {
        guint u = a->args[0];
        AciesGcUnit *unit = &s->units[u];
        AciesCell to = a->args[1];
        guint cost;

        if (!acies_gc_is_fresh_like (s, u))
          {
            g_autofree char *name = acies_gc_describe_unit (s, u);

            g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                         "GC 8.0: %s is Exhausted and may not move", name);
            return FALSE;
          }
        g_autofree char *name = NULL;

        if (s->mover >= 0 && s->mover != (gint) u)
          finish_mover (s);
        /* Named where it stood: "Light Infantry B at E7 moves to E6". */
        name = acies_gc_event_unit (s, u, events);
        s->mover = u;
        if (is_elephant_like (s, u))
          {
            gint dir = -1;

            for (guint d = 0; d < 4 && dir < 0; d++)
              {
                guint c2;

                if (elephant_target (s, u, d, &c2) == to)
                  dir = d;
              }
            unit->dir = dir;
            cost = acies_gc_distance (s, unit->cell, to);
          }
        else
          cost = MIN (step_cost (s, unit->cell, to), (guint) (s->wing_limit[unit->wing] - unit->moved));
        acies_gc_place (s, u, to);
        unit->moved += MAX (cost, 1);
        unit->flags |= ACIES_GC_UF_MOVED;
        s->last_activity = s->player_turn;
        /* Random playouts write no log: the follower check only for one. */
        if (events != NULL && acies_gc_is_follower (s, u))
          /* TRANSLATORS: a line of the game log (GC 8.4): a unit of another Triplex Acies line
           * follows the commanded line's Move. Slots in order: %s: a unit's name; %s: a square. */
          acies_events_add (events, "move", "GC 8.4", s->acting, _("%s moves to %s, following the first line (Triplex Acies)"),
                            name, acies_board_cell_label (s->base.scenario->map.board, to));
        else
          /* TRANSLATORS: a line of the game log (GC 8.0). Slots in order: %s: a unit's name; %s: a
           * hex or square label. */
          acies_events_add (events, "move", "GC 8.0", s->acting, _("%s moves to %s"), name,
                            acies_board_cell_label (s->base.scenario->map.board, to));
        after_step (s, u, dice, events);
      }
      return TRUE;

    case ACIES_GC_ACTION_END_PHASE:
      finish_mover (s);
      if (charges_pending (s, NULL))
        {
          s->step = ACIES_GC_STEP_CHARGE;
          acies_gc_sync_base (s);
          return TRUE;
        }
      acies_gc_next_slot (s, dice, events);
      return TRUE;

    case ACIES_GC_ACTION_INTERCEPT:
      {
        g_autofree char *name = acies_gc_event_unit (s, a->args[0], events);
        g_autofree char *mover = s->mover >= 0 ? acies_gc_event_unit (s, s->mover, events) : NULL;

        if (mover != NULL)
          acies_events_add (events, "intercept", "GC 8.5", 1 - s->acting,
                            /* TRANSLATORS: a line of the game log (GC 8.5): the intercepting unit's
                             * name, the moving unit's name, the square it moves to. */
                            _("%s intercepts %s, moving to %s"), name, mover,
                            acies_board_cell_label (s->base.scenario->map.board, a->args[1]));
        else
          acies_events_add (events, "intercept", "GC 8.5", 1 - s->acting,
                            /* TRANSLATORS: a line of the game log (GC 8.5): the intercepting unit's
                             * name, the square it moves to. */
                            _("%s intercepts the moving Cavalry, moving to %s"), name,
                            acies_board_cell_label (s->base.scenario->map.board, a->args[1]));
      }
      acies_gc_place (s, a->args[0], a->args[1]);
      acies_gc_contact_check (s, a->args[0], events);
      if (s->mover >= 0)
        s->units[s->mover].flags |= ACIES_GC_UF_DONE;
      s->mover = -1;
      s->step = ACIES_GC_STEP_MOVE;
      return TRUE;

    case ACIES_GC_ACTION_NO_INTERCEPT:
      s->step = ACIES_GC_STEP_MOVE;
      return TRUE;

    case ACIES_GC_ACTION_FLEE:
      {
        guint e = s->flee_from;

        g_autofree char *name = acies_gc_event_unit (s, s->flee_unit, events);

        /* TRANSLATORS: a line of the game log (GC 8.5). Slots in order: %s: a unit's name; %s: a
         * hex or square label. */
        acies_events_add (events, "flee", "GC 8.5", s->units[s->flee_unit].side, _("%s flees from the elephant to %s"),
                          name, acies_board_cell_label (s->base.scenario->map.board, a->args[0]));
        acies_gc_place (s, s->flee_unit, a->args[0]);
        s->flee_unit = -1;
        flight_check (s, e, dice, events);
      }
      return TRUE;

    case ACIES_GC_ACTION_CHARGE:
      if (s->step == ACIES_GC_STEP_WAGON_TARGET)
        {
          wagon_attack (s, a->args[0], a->args[1], dice, events);
          return TRUE;
        }
      {
        guint c = a->args[0], t = a->args[1];
        const AciesGcCounter *cc = acies_gc_counter (s, c);
        const AciesGcCounter *tc = acies_gc_counter (s, t);
        gint ctx[6] = { c, t, 0, 0, 0, 0 };
        g_autofree char *name = acies_gc_event_unit (s, c, events);
        g_autofree char *target = acies_gc_event_unit (s, t, events);

        s->units[c].flags |= ACIES_GC_UF_CHARGED;
        /* GC 8.6-d: +2 against fewer diamonds, +2 against Exhausted Foot. */
        if (s->units[t].kind == ACIES_GC_KIND_C && cc->diamonds > tc->diamonds)
          ctx[2] += 2;
        if ((s->units[t].kind == ACIES_GC_KIND_W || s->units[t].kind == ACIES_GC_KIND_E) && cc->diamonds > 0)
          ctx[2] += 2;   /* GC-G30c: a Mounted target without diamonds */
        if (acies_gc_is_foot (s, t) && s->units[t].status == ACIES_GC_UNIT_EXHAUSTED)
          ctx[2] += 2;
        /* TRANSLATORS: a line of the game log (GC 8.6). Slots in order: %s: a unit's name; %s: the
         * other unit's name. */
        acies_events_add (events, "charge", "GC 8.6", s->acting, _("%s charges %s"), name, target);
        acies_gc_roll (s, ACIES_GC_ROLL_CHARGE, s->acting, MAX (1, cc->diamonds), ctx, dice, events);
      }
      return TRUE;

    case ACIES_GC_ACTION_RETREAT:
      {
        g_autofree char *name = acies_gc_event_unit (s, s->retreat_unit, events);

        /* TRANSLATORS: a line of the game log (GC 8.6). Slots in order: %s: a unit's name; %s: a
         * hex or square label. */
        acies_events_add (events, "retreat", "GC 8.6", s->units[s->retreat_unit].side, _("%s retreats to %s"),
                          name, acies_board_cell_label (s->base.scenario->map.board, a->args[0]));
      }
      acies_gc_place (s, s->retreat_unit, a->args[0]);
      s->retreat_unit = -1;
      s->step = ACIES_GC_STEP_CHARGE;
      if (!charges_pending (s, NULL))
        acies_gc_next_slot (s, dice, events);
      return TRUE;

    case ACIES_GC_ACTION_TRAMPLE:
      {
        gint ctx[6] = { s->trample_unit, a->args[0], 0, 0, 0, 0 };

        s->trample_target = a->args[0];
        acies_gc_roll (s, ACIES_GC_ROLL_TRAMPLE_CHECK, s->acting, 1, ctx, dice, events);
      }
      return TRUE;

    default:
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                   "GC 8.0: this action is not part of the Move Phase");
      return FALSE;
    }
}

/**
 * acies_gc_engaged:
 * @s: a state
 * @u: a unit on the board
 *
 * GC 8.1-d/f: whether @u is Engaged (Foot facing enemy Foot, or Mounted
 * next to enemy Mounted), the test the Move Phase makes.
 *
 * Returns: %TRUE if @u is Engaged
 */
gboolean
acies_gc_engaged (const AciesGcState *s,
                  guint               u)
{
  return acies_gc_on_board (s, u) && engaged (s, u);
}

static gboolean
path_one_square (const AciesGcState *s,
                 gint                u,
                 AciesCell           to,
                 GArray             *cells,
                 gint               *cost)
{
  AciesCell from;

  if (u < 0 || (guint) u >= s->n_units || !acies_gc_on_board (s, u) || to < 0
      || (guint) to >= s->st->n_cells)
    return FALSE;
  from = s->units[u].cell;
  g_array_append_val (cells, from);
  g_array_append_val (cells, to);
  *cost = step_cost (s, from, to);
  return TRUE;
}

/**
 * acies_gc_action_path:
 * @s: a state
 * @a: an action legal in @s
 * @cells: (out caller-allocates): the squares from the unit's square to
 *   its destination, both included
 * @cost: (out): the squares the move costs
 *
 * The path and cost of a move-like action, for the play mode's destination
 * costs and path preview.  A step of Foot or Cavalry, a flight (8.5) and a
 * retreat (8.6) cost what step_cost() charges for entering the square (a
 * River or Broken Ground square counts as two, GC 8.9; uphill GC-G35b); an
 * Elephantry or Wagon move passes through friendly Foot in a straight line
 * and costs the squares crossed (8.5-j/k, as acies_gc_move_apply() counts
 * them); an interception (8.5-i) follows the shortest eight-direction path
 * the interception search finds and costs its steps; a trample (8.7) is
 * the elephant's step into its target's square if it succeeds.  Charges
 * (8.6) move no unit.
 *
 * Returns: %TRUE if @a moves a unit and @cells holds its path
 */
gboolean
acies_gc_action_path (const AciesGcState *s,
                      const AciesAction  *a,
                      GArray             *cells,
                      gint               *cost)
{
  switch (a->type)
    {
    case ACIES_GC_ACTION_STEP:
      {
        gint u = a->args[0];
        AciesCell to = a->args[1], c;
        gint dir = -1;

        if (u < 0 || (guint) u >= s->n_units || !acies_gc_on_board (s, u))
          return FALSE;
        if (!is_elephant_like (s, u))
          return path_one_square (s, u, to, cells, cost);
        /* GC 8.5-j/k: straight on, through friendly Foot. */
        for (guint d = 0; d < 4 && dir < 0; d++)
          {
            guint c2;

            if (elephant_target (s, u, d, &c2) == to)
              dir = d;
          }
        if (dir < 0)
          return FALSE;
        c = s->units[u].cell;
        g_array_append_val (cells, c);
        while (c != to && c != ACIES_CELL_NONE)
          {
            c = acies_gc_neighbour (s, c, dir);
            g_array_append_val (cells, c);
          }
        *cost = acies_gc_distance (s, s->units[u].cell, to);
        return TRUE;
      }

    case ACIES_GC_ACTION_INTERCEPT:
      {
        gint x = a->args[0];
        AciesCell to = a->args[1], out[8];
        g_autofree AciesCell *parent = NULL;
        g_autoptr(GArray) back = NULL;
        gboolean found = FALSE;
        guint n;

        if (x < 0 || (guint) x >= s->n_units || !acies_gc_on_board (s, x) || s->mover < 0
            || to < 0 || (guint) to >= s->st->n_cells)
          return FALSE;
        parent = g_new (AciesCell, s->st->n_cells);
        for (guint c = 0; c < s->st->n_cells; c++)
          parent[c] = ACIES_CELL_NONE;
        n = intercept_search (s, x, s->mover, out, parent);
        for (guint i = 0; i < n; i++)
          found |= out[i] == to;
        if (!found)
          return FALSE;
        back = g_array_new (FALSE, FALSE, sizeof (AciesCell));
        for (AciesCell c = to; c != ACIES_CELL_NONE; c = parent[c])
          g_array_prepend_val (back, c);
        g_array_append_vals (cells, back->data, back->len);
        *cost = back->len - 1;
        return TRUE;
      }

    case ACIES_GC_ACTION_FLEE:
      return s->step == ACIES_GC_STEP_FLEE && path_one_square (s, s->flee_unit, a->args[0], cells, cost);

    case ACIES_GC_ACTION_RETREAT:
      return s->step == ACIES_GC_STEP_RETREAT && path_one_square (s, s->retreat_unit, a->args[0], cells, cost);

    case ACIES_GC_ACTION_TRAMPLE:
      {
        gint t = a->args[0];

        if (s->step != ACIES_GC_STEP_TRAMPLE_TARGET || s->trample_unit < 0 || t < 0
            || (guint) t >= s->n_units || !acies_gc_on_board (s, t))
          return FALSE;
        if (!path_one_square (s, s->trample_unit, s->units[t].cell, cells, cost))
          return FALSE;
        *cost = 1;   /* trampled(): the elephant's move counts one square */
        return TRUE;
      }

    default:
      return FALSE;
    }
}
