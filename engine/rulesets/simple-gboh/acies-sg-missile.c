/* acies-sg-missile.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-simple-gboh"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-sg-private.h"

/*
 * Missile fire (SG 7.1) and the inactive player's interrupts during the
 * active player's Movement/Missile Fire Phase (7.2, 6.15, 6.16, 5.36,
 * 4.35): each is a window (SG_ST_REACT) that lists what the inactive
 * player may do now and waits for his answers; the active player's step,
 * fire or advance goes on when he has finished.
 */

/* SG 7.1-intro, 10.21: what a unit's Missile Indicator lets it do. */
static gboolean
fires_active (const SgUnitDef *d)
{
  return d->missile == SG_M_A || d->missile == SG_M_B || d->missile == SG_M_C || d->missile == SG_M_S
         || d->missile == SG_M_ART;
}

static gboolean
fires_reaction (const SgUnitDef *d)
{
  return fires_active (d) || d->missile == SG_M_a;
}

/* 7.1-intro: light infantry, skirmishers and light cavalry with J fire
 * only by Hit and Run, and return fire only against a J Hit and Run;
 * 10.4: German cavalry as LI. */
static gboolean
javelin_hit_and_run (const SgUnitDef *d)
{
  return d->missile == SG_M_J
         && (sg_is_light (d->type) || sg_is_skirmisher (d->type) || d->type == SG_T_LC || d->type == SG_T_GC);
}

gint
sg_hit_number (const SgState *s,
               gint           u,
               gint           range)
{
  gint m = sg_def (s, u)->missile;

  if (range < 1 || range > 6)
    return -1;
  if (m == SG_M_J && !javelin_hit_and_run (sg_def (s, u)))
    return -1;
  return (gint) s->st->missile[m][range - 1] - 1;
}

gint
sg_missile_reach (const SgState *s,
                  gint           u)
{
  gint reach = 0;

  for (gint r = 1; r <= 6; r++)
    if (sg_hit_number (s, u, r) >= 0)
      reach = r;
  return reach;
}

gint
sg_fire_range (const SgState *s,
               gint           u,
               gint           t)
{
  return sg_unit_dist (s, u, t);
}

/* SG 11.15: infantry in a Tower or on a Rampart fires into the adjacent
 * hex across it with the Slinger row, +1.  Returns the feature's bit. */
static gint
rampart_fire (const SgState *s,
              gint           u,
              gint           cell)
{
  const SgStatic *st = s->st;
  const SgUnit *x = &s->units[u];
  gint d = sg_dir_to (st, x->cell, cell);
  guint8 bits;

  if (d < 0 || !sg_is_infantry (sg_def (s, u)->type))
    return -1;
  bits = st->edges[x->cell * 6 + d];
  for (guint e = 0; e < st->n_edge_features; e++)
    if ((bits & (1u << e)) && st->edge_fortified[e] && !st->edge_gate[e])
      return e;
  return -1;
}

/* SG 11.15: @u stands behind a fortified hexside (a rampart or tower). */
gboolean
sg_on_rampart (const SgState *s,
               gint           u)
{
  gint c = s->units[u].cell;

  return c >= 0 && s->st->rampart[c] && sg_is_infantry (sg_def (s, u)->type);
}

/* A LOS between any half of @u and any half of @t (7.13). */
static gboolean
los_units (const SgState *s,
           gint           u,
           gint           tcell,
           gint           tcell2)
{
  const SgUnit *x = &s->units[u];
  gint type = sg_def (s, u)->type;
  gboolean archer = sg_is_archer (sg_def (s, u));

  for (gint i = 0; i < (x->cell2 >= 0 ? 2 : 1); i++)
    for (gint j = 0; j < (tcell2 >= 0 ? 2 : 1); j++)
      if (sg_los (s, i == 0 ? x->cell : x->cell2, j == 0 ? tcell : tcell2, archer ? SG_T_ART : type))
        return TRUE;
  return FALSE;
}

static gboolean
arc_units (const SgState *s,
           gint           u,
           gint           tcell,
           gint           tcell2)
{
  return sg_in_arc (s, u, tcell) || (tcell2 >= 0 && sg_in_arc (s, u, tcell2));
}

/* SG 10.12: artillery does not fire across a wall or rampart of its own
 * hex unless it stands in a tower. */
static gboolean
artillery_blocked (const SgState *s,
                   gint           u)
{
  const SgStatic *st = s->st;
  gint c = s->units[u].cell;
  gboolean tower = FALSE, wall = FALSE;

  if (sg_def (s, u)->type != SG_T_ART)
    return FALSE;
  for (gint d = 0; d < 6; d++)
    for (guint e = 0; e < st->n_edge_features; e++)
      if (st->edges[c * 6 + d] & (1u << e))
        {
          if (st->edge_blocks_art[e])
            wall = TRUE;
          else if (st->edge_fortified[e] && !st->edge_gate[e])
            tower = TRUE;
        }
  return wall && !tower;
}

/* SG 7.11, SG-A14: the mover may not fire after moving away from @cell. */
static gboolean
moved_away (const SgState *s,
            gint           u,
            gint           cell)
{
  if (!(s->units[u].f & SG_UF_MOVED) || s->mover != u || s->mover_path_len < 2)
    return FALSE;
  if (s->st->opt.fire_not_farther)
    return sg_dist (s->st, s->mover_path[s->mover_path_len - 1], cell) > sg_dist (s->st, s->mover_path[0], cell);
  for (gint i = 1; i < s->mover_path_len; i++)
    if (sg_dist (s->st, s->mover_path[i], cell) > sg_dist (s->st, s->mover_path[i - 1], cell))
      return TRUE;
  return FALSE;
}

/* Common test: @u may fire at whatever stands in @tcell/@tcell2 at
 * @range (arc, LOS; 7.12, 7.13). */
static gboolean
can_reach (const SgState *s,
           gint           u,
           gint           tcell,
           gint           tcell2,
           gint           range)
{
  if (sg_hit_number (s, u, range) < 0)
    return FALSE;
  return arc_units (s, u, tcell, tcell2) && los_units (s, u, tcell, tcell2);
}

/* SG 7.12: with adjacent enemies in range and LOS, one of them is the
 * target. */
static gboolean
adjacent_target_exists (const SgState *s,
                        gint           u)
{
  gint side = sg_def (s, u)->side;
  const SgUnit *x = &s->units[u];

  for (gint k = 0; k < (x->cell2 >= 0 ? 2 : 1); k++)
    for (gint d = 0; d < 6; d++)
      {
        gint c = sg_nb (s->st, k == 0 ? x->cell : x->cell2, d), t = sg_top (s, c);

        if (t >= 0 && sg_def (s, t)->side != side && sg_in_arc (s, u, c))
          return TRUE;
      }
  return FALSE;
}

/**
 * sg_may_fire_active:
 * @s: a state
 * @u: an activated unit
 *
 * SG 7.1-intro, 7.11, 10.52, 11.25: whether @u may make its Missile Fire
 * now (its class fires when active, it has not fired, it is not In
 * Column, it is not a chariot bound to Shock, archers and artillery did
 * not move).
 *
 * Returns: %TRUE if it may
 */
gboolean
sg_may_fire_active (const SgState *s,
                    gint           u)
{
  const SgUnit *x = &s->units[u];
  const SgUnitDef *d = sg_def (s, u);

  if (x->status != SG_U_MAP || !(x->f & SG_UF_ACTIVATED) || (x->f & (SG_UF_FIRED | SG_UF_DONE | SG_UF_COLUMN)))
    return FALSE;
  if (!fires_active (d))
    return FALSE;
  if ((x->f & SG_UF_MOVED) && (d->type == SG_T_ART || (sg_is_archer (d) && sg_is_infantry (d->type)
                                                         && !sg_is_skirmisher (d->type))))
    return FALSE;
  if (d->type == SG_T_CH && sg_enemy_in_zoc (s, u))
    return FALSE;
  if (artillery_blocked (s, u))
    return FALSE;
  return TRUE;
}

/**
 * sg_fire_ok:
 * @s: a state
 * @u: the firing unit
 * @t: the target unit
 * @reaction: reaction fire (the windows check their own conditions)
 *
 * SG 7.11–7.13: active Missile Fire of @u at @t at its range.
 *
 * Returns: %TRUE if the fire is allowed
 */
gboolean
sg_fire_ok (const SgState *s,
            gint           u,
            gint           t,
            gboolean       reaction)
{
  const SgUnit *y = &s->units[t];
  gint range;

  if (y->status != SG_U_MAP || sg_def (s, t)->side == sg_def (s, u)->side)
    return FALSE;
  /* Stacks are fired at through their top unit (7.14). */
  if (sg_top (s, y->cell) != t)
    return FALSE;
  range = sg_fire_range (s, u, t);
  if (!reaction)
    {
      if (!sg_may_fire_active (s, u))
        {
          /* 11.15: infantry behind a rampart or in a tower. */
          if (range != 1 || rampart_fire (s, u, y->cell) < 0 || !(s->units[u].f & SG_UF_ACTIVATED)
              || (s->units[u].f & (SG_UF_FIRED | SG_UF_DONE)))
            return FALSE;
          return TRUE;
        }
      if (range > 1 && adjacent_target_exists (s, u))
        return FALSE;
      if (moved_away (s, u, y->cell))
        return FALSE;
    }
  return can_reach (s, u, y->cell, y->cell2, range);
}

/**
 * sg_fire_leader_ok:
 * @s: a state
 * @u: the firing unit
 * @cell: the hex of a lone enemy leader
 *
 * SG 7.15: players may fire at a leader alone in a hex (only the
 * casualty roll can touch him, SG-A5).
 *
 * Returns: %TRUE if @u may fire there now
 */
gboolean
sg_fire_leader_ok (const SgState *s,
                   gint           u,
                   gint           cell)
{
  gint range = sg_cell_unit_dist (s, cell, u), ls[SG_MAX_LEADERS];
  guint n = sg_leaders_in (s, cell, ls);
  gboolean lone = FALSE;

  for (guint i = 0; i < n; i++)
    lone |= sg_lone_leader (s, ls[i]) && s->st->leaders[ls[i]].side != sg_def (s, u)->side;
  if (!lone || sg_top (s, cell) >= 0 || !sg_may_fire_active (s, u))
    return FALSE;
  if (range > 1 && adjacent_target_exists (s, u))
    return FALSE;
  if (moved_away (s, u, cell))
    return FALSE;
  return can_reach (s, u, cell, SG_NONE, range);
}

/**
 * sg_hit_and_run_ok:
 * @s: a state
 * @u: a unit of the active player that has not moved
 * @t: an enemy unit
 *
 * SG 7.16, 7.17, 10.4, 10.23: Hit and Run Tactics.
 *
 * Returns: %TRUE if @u may fire at @t by Hit and Run
 */
gboolean
sg_hit_and_run_ok (const SgState *s,
                   gint           u,
                   gint           t)
{
  const SgStatic *st = s->st;
  const SgUnit *x = &s->units[u], *y = &s->units[t];
  const SgUnitDef *d = sg_def (s, u), *dt = sg_def (s, t);
  gboolean archer = sg_is_archer (d);
  gboolean far = archer || d->type == SG_T_LC;
  gint dist, side = d->side;

  if (x->status != SG_U_MAP || y->status != SG_U_MAP || dt->side == side || sg_top (s, y->cell) != t)
    return FALSE;
  if (!(x->f & SG_UF_ACTIVATED) || (x->f & (SG_UF_MOVED | SG_UF_FIRED | SG_UF_DONE | SG_UF_COLUMN)))
    return FALSE;
  /* Who may: missile SK and LI other than archers (7.16), German cavalry
   * as LI (10.4), missile LC and archers (7.17). */
  if (d->missile == SG_M_NONE || d->missile == SG_M_F || d->missile == SG_M_X || d->missile == SG_M_a
      || d->missile == SG_M_ART)
    return FALSE;
  if (!(sg_is_skirmisher (d->type) || sg_is_light (d->type) || d->type == SG_T_LC || d->type == SG_T_GC))
    return FALSE;
  if (sg_is_cavalry (dt->type))
    return FALSE;                           /* "other than a cavalry unit" */
  if (sg_adjacent_enemy (s, u))
    return FALSE;
  dist = sg_unit_dist (s, u, t);
  if (!far && dist != 2)
    return FALSE;
  if (far && (dist < 2 || dist > 4))
    return FALSE;
  if (sg_hit_number (s, u, 1) < 0 || !arc_units (s, u, y->cell, y->cell2) || !los_units (s, u, y->cell, y->cell2))
    return FALSE;
  if (!far)
    {
      /* The intervening hex is vacant. */
      for (gint k = 0; k < 6; k++)
        {
          gint c = sg_nb (st, x->cell, k);

          if (c >= 0 && sg_cell_unit_dist (s, c, t) == 1 && sg_top (s, c) < 0)
            return TRUE;
        }
      return FALSE;
    }
  /* 7.17: a path of unoccupied hexes, not in an enemy ZOC unless that ZOC
   * is next to the target; never through an elephant target's front. */
  {
    gint frontier[64], next[64], nf = 1, nn;
    gint efront[3];
    guint ne = dt->type == SG_T_EL ? sg_front_cells (s, t, efront) : 0;
    g_autofree guint8 *seen = g_new0 (guint8, st->n_cells);

    frontier[0] = x->cell;
    seen[x->cell] = TRUE;
    for (gint step = 0; step < dist; step++)
      {
        nn = 0;
        for (gint i = 0; i < nf; i++)
          for (gint k = 0; k < 6; k++)
            {
              gint c = sg_nb (st, frontier[i], k);
              gboolean bad = FALSE;

              if (c < 0 || seen[c])
                continue;
              if (sg_cell_unit_dist (s, c, t) == 0)
                return TRUE;                /* reached the target */
              seen[c] = TRUE;
              if (sg_top (s, c) >= 0 || st->impassable[st->terrain[c]])
                continue;
              if (sg_in_enemy_zoc (s, c, side) && sg_cell_unit_dist (s, c, t) > 1)
                continue;
              for (guint e = 0; e < ne; e++)
                bad |= efront[e] == c;
              if (!bad && nn < 64)
                next[nn++] = c;
            }
        memcpy (frontier, next, sizeof (gint) * nn);
        nf = nn;
      }
    return FALSE;
  }
}

/* SG 7.81, 11.14, 11.15: the modifiers to a fire roll (positive makes a
 * hit less likely), each listed in @odds when given. */
gint
sg_missile_drm (const SgState *s,
                gint           u,
                gint           tcell,
                AciesOdds     *odds)
{
  const SgStatic *st = s->st;
  gint drm = st->missile_drm[st->terrain[tcell]], d, e;

  if (odds != NULL && drm != 0)
    acies_odds_add_modifier (odds, _("The target's terrain"), drm, "SG 7.81");
  d = sg_dir_to (st, s->units[u].cell, tcell);
  if (d >= 0)
    {
      guint8 bits = st->edges[s->units[u].cell * 6 + d];

      for (guint k = 0; k < st->n_edge_features; k++)
        if ((bits & (1u << k)) && st->edge_missile[k] != 0 && st->camp[tcell] && !st->camp[s->units[u].cell])
          {
            drm += st->edge_missile[k];
            if (odds != NULL)
              acies_odds_add_modifier (odds, _("Into a fortification"), st->edge_missile[k], "SG 11.14, 11.16");
          }
    }
  e = sg_may_fire_active (s, u) || !(s->units[u].f & SG_UF_ACTIVATED) ? -1 : rampart_fire (s, u, tcell);
  if (e >= 0)
    {
      drm += 1;
      if (odds != NULL)
        acies_odds_add_modifier (odds, _("Infantry firing from a rampart or tower"), 1, "SG 11.15");
    }
  return drm;
}

/* The hit number used by @u against @tcell at @range: the Slinger row
 * for 11.15 fire. */
gint
sg_fire_hit_number (const SgState *s,
                 gint           u,
                 gint           tcell,
                 gint           range)
{
  if ((s->units[u].f & SG_UF_ACTIVATED) && !sg_may_fire_active (s, u) && rampart_fire (s, u, tcell) >= 0)
    return (gint) s->st->missile[SG_M_S][0] - 1;
  return sg_hit_number (s, u, range);
}

/* 7.15: a leader in the target hex when the natural roll is 0. */
static void
leader_check (SgState    *s,
              gint        cell,
              AciesDice  *dice,
              GPtrArray  *events)
{
  gint ls[SG_MAX_LEADERS];
  guint n = sg_leaders_in (s, cell, ls);

  for (guint i = 0; i < n; i++)
    {
      guint second = sg_roll (dice, "Leader hit");

      if (second == 0)
        sg_eliminate_leader (s, ls[i], events, "SG 7.15");
      else
        /* TRANSLATORS: a line of the game log (SG 7.15). Slots in order: %s: a leader's name. */
        acies_events_add (events, "leader-safe", "SG 7.15", s->st->leaders[ls[i]].side, _("%s is unhurt"),
                          sg_leader_name (s, ls[i]));
    }
}

/**
 * sg_fire_roll:
 * @s: a state
 * @u: the firing unit
 * @target: the target unit, or SG_NONE for a lone leader's hex (@range
 *   then gives the hex as -cell - 10)
 * @range: the range fired at (7.16, 7.21: not always the real one)
 * @dice: the dice
 * @events: (nullable): events
 * @rule: the rule that allows the fire
 *
 * SG 7.14, 7.15: rolls the fire; the Hits are returned, not applied
 * (active fire and reaction fire against that unit are simultaneous,
 * 7.2).  A leader in the target hex is checked at once.
 *
 * Returns: the Hits the target takes
 */
gint
sg_fire_roll (SgState    *s,
              gint        u,
              gint        target,
              gint        range,
              AciesDice  *dice,
              GPtrArray  *events,
              const char *rule)
{
  gint tcell = target >= 0 ? s->units[target].cell : -range - 10;
  gint hit = sg_fire_hit_number (s, u, tcell, target >= 0 ? range : sg_cell_unit_dist (s, tcell, u));
  gint drm = sg_missile_drm (s, u, tcell, NULL);
  guint dr = sg_roll (dice, "Missile");
  gint hits = 0;

  if (target >= 0 && (gint) dr + drm <= hit)
    hits = sg_def (s, target)->type == SG_T_EL || sg_def (s, target)->type == SG_T_CH ? 2 : 1;
  if (events != NULL)
    {
      g_autofree char *who = sg_ev_unit (s, u, events);
      g_autofree char *what = target >= 0 ? sg_ev_unit (s, target, events)
                                          : g_strdup_printf ("the leader at %s", sg_cell_label (s, tcell));

      acies_events_add (events, "fire", rule, sg_def (s, u)->side,
                        /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name;
                         * %s: what happened to the unit; %u: a die roll; %+d: a modifier; %d: a
                         * modifier; %d: a number; %s: a number. */
                        _("%s fires at %s: %u %+d = %d, a hit on %d or less — %s"), who, what, dr, drm,
                        (gint) dr + drm, hit,
                        hits > 0 ? (hits == 1 ? _("1 Hit") : _("2 Hits")) : _("no effect"));
    }
  if (dr == 0)
    leader_check (s, tcell, dice, events);
  return hits;
}

/* SG 7.14, 10.13: Hits go to the top unit of a stack (artillery is
 * ignored). */
void
sg_fire_apply (SgState    *s,
               gint        target,
               gint        hits,
               AciesDice  *dice,
               GPtrArray  *events,
               const char *rule)
{
  gint t = target, p;

  if (hits <= 0 || target < 0 || !sg_on_map (s, target))
    return;
  p = sg_partner (s, t);
  if (sg_def (s, t)->type == SG_T_ART && p >= 0)
    t = p;
  sg_add_hits (s, t, hits, SG_NONE, dice, events, rule);
}

/* ---- Reaction windows ---- */

static void
add (GArray *out,
     guint   type,
     gint    player,
     gint    a0,
     gint    a1)
{
  sg_add_action (out, type, player, a0, a1, -1, -1);
}

static gboolean
mover_is_infantry (const SgState *s)
{
  return sg_is_infantry (sg_def (s, s->react.mover)->type);
}

/* Whether firing unit @f is in the ZOC of an active unit other than
 * @mover (7.22). */
static gboolean
in_other_zoc (const SgState *s,
              gint           f,
              gint           mover)
{
  const SgUnit *x = &s->units[f];
  gint side = sg_def (s, f)->side;

  for (gint k = 0; k < (x->cell2 >= 0 ? 2 : 1); k++)
    {
      gint c = k == 0 ? x->cell : x->cell2;

      for (gint d = 0; d < 6; d++)
        {
          gint n = sg_nb (s->st, c, d);

          for (gint j = 0; n >= 0 && j < 2; j++)
            {
              gint e = s->occ[2 * n + j];

              if (e >= 0 && e != mover && sg_def (s, e)->side != side && sg_cell_in_zoc_of (s, e, c))
                return TRUE;
            }
        }
    }
  return FALSE;
}

/* Whether @cell or @cell2 (the mover's position) lies in @f's ZOC. */
static gboolean
pos_in_zoc (const SgState *s,
            gint           f,
            gint           cell,
            gint           cell2)
{
  return (cell >= 0 && sg_cell_in_zoc_of (s, f, cell)) || (cell2 >= 0 && sg_cell_in_zoc_of (s, f, cell2));
}

static gboolean
pos_adjacent (const SgState *s,
              gint           v,
              gint           cell,
              gint           cell2)
{
  return (cell >= 0 && sg_cell_unit_dist (s, cell, v) == 1) || (cell2 >= 0 && sg_cell_unit_dist (s, cell2, v) == 1);
}

static gint
pos_dist (const SgState *s,
          gint           v,
          gint           cell,
          gint           cell2)
{
  gint d = cell >= 0 ? sg_cell_unit_dist (s, cell, v) : 99;

  if (cell2 >= 0)
    d = MIN (d, sg_cell_unit_dist (s, cell2, v));
  return d;
}

/* SG 4.35: hexes a lone leader may retreat to, up to three hexes away,
 * never through enemy units or impassable terrain. */
static guint
leader_retreat_cells (const SgState *s,
                      gint           l,
                      gint          *out,
                      guint          max)
{
  const SgStatic *st = s->st;
  gint side = st->leaders[l].side, frontier[128], next[128], nf = 1, nn;
  guint n = 0;
  g_autofree guint8 *seen = g_new0 (guint8, st->n_cells);

  frontier[0] = s->leaders[l].cell;
  seen[frontier[0]] = TRUE;
  for (gint step = 0; step < 3; step++)
    {
      nn = 0;
      for (gint i = 0; i < nf; i++)
        for (gint d = 0; d < 6; d++)
          {
            gint c = sg_nb (st, frontier[i], d), t;

            if (c < 0 || seen[c])
              continue;
            seen[c] = TRUE;
            t = sg_top (s, c);
            if ((t >= 0 && sg_def (s, t)->side != side) || st->impassable[st->terrain[c]])
              continue;
            if (n < max)
              out[n++] = c;
            if (nn < 128)
              next[nn++] = c;
          }
      memcpy (frontier, next, sizeof (gint) * nn);
      nf = nn;
    }
  return n;
}

/* The lone leaders of @side now adjacent to an enemy combat unit that
 * were not before: POST windows (4.35). */
static gboolean
leader_threatened (const SgState *s,
                   gint           l)
{
  const SgReact *r = &s->react;
  const SgLeader *x = &s->leaders[l];

  if (!sg_lone_leader (s, l) || (r->ldone & (1u << l)))
    return FALSE;
  if (r->kind == SG_RX_LEADERS)
    return sg_cell_adjacent_enemy (s, x->cell, s->st->leaders[l].side);
  /* The mover arrived next to him. */
  return sg_cell_unit_dist (s, x->cell, r->mover) == 1
         && (r->from_cells[0] < 0
             || (sg_dist (s->st, x->cell, r->from_cells[0]) > 1
                 && (r->from_cells[1] < 0 || sg_dist (s->st, x->cell, r->from_cells[1]) > 1)));
}

/* SG 5.36: a Roman infantry stack with a vacant Clear flank hex. */
static void
sidestep_actions (const SgState *s,
                  gint           top,
                  gint           player,
                  GArray        *out)
{
  const SgStatic *st = s->st;
  const SgUnit *x = &s->units[top];
  gint bottom = sg_bottom (s, x->cell);

  if (bottom < 0 || x->facing < 0 || (x->f & SG_UF_COLUMN))
    return;
  if (!sg_is_infantry (sg_def (s, top)->type) || !sg_is_infantry (sg_def (s, bottom)->type)
      || sg_def (s, top)->legion < 0 || sg_def (s, top)->type == SG_T_ART || sg_def (s, bottom)->type == SG_T_ART)
    return;
  for (gint k = 0; k < 2; k++)
    {
      gint d = k == 0 ? x->facing - 1 : x->facing + 2, c = sg_nb (st, x->cell, d);

      if (c < 0 || sg_top (s, c) >= 0 || st->terrain[c] != 0 || st->edges[x->cell * 6 + sg_mod6 (d)] != 0
          || st->elevation[c] != st->elevation[x->cell] || sg_in_enemy_zoc (s, c, player))
        continue;
      add (out, SG_A_SIDESTEP, player, top, c);
    }
}

/* The reactions open now (SG_ST_REACT), NO_REACTION excluded. */
/* Whether a combat unit of @side may stand within two hexes of unit @m:
 * one in or next to a hex at most one from @m (SgState.adj), a quick
 * test before the reactions that need the enemy that close (6.15, 6.16,
 * 7.21, 7.22, 5.36). */
static gboolean
side_within_two (const SgState *s,
                 gint           side,
                 gint           m)
{
  const SgUnit *x = &s->units[m];

  for (gint k = 0; k < 2; k++)
    {
      gint c = k == 0 ? x->cell : x->cell2;

      if (c < 0)
        continue;
      if (s->adj[2 * c + side] > 0)
        return TRUE;
      for (gint d = 0; d < 6; d++)
        {
          gint n = sg_nb (s->st, c, d);

          if (n >= 0 && s->adj[2 * n + side] > 0)
            return TRUE;
        }
    }
  return FALSE;
}

/* The units within two hexes of unit @m (a half of one in a hex at most
 * two from a half of @m), as bits in @bits (SG_WORDS): the reactions that
 * need the enemy that close look at these only (6.15, 6.16, 7.21, 7.22,
 * 5.36).  Every unit when a hex that near is off the map (SgStatic.near2:
 * the distance alone decides then). */
static void
units_within_two (const SgState *s,
                  gint           m,
                  guint64       *bits)
{
  const SgUnit *x = &s->units[m];
  const SgStatic *st = s->st;

  memset (bits, 0, sizeof (guint64) * SG_WORDS);
  for (gint k = 0; k < 2; k++)
    {
      gint c = k == 0 ? x->cell : x->cell2;
      guint n = c >= 0 ? st->near2_n[c] : 0;

      if ((c < 0 && k == 0) || n == G_MAXUINT8)
        {
          for (guint v = 0; v < s->n_units; v++)
            sg_set_bit (bits, v);
          return;
        }
      for (guint i = 0; i < n; i++)
        {
          gint h = st->near2[c * 19 + i];

          if (s->occ[2 * h] >= 0)
            sg_set_bit (bits, s->occ[2 * h]);
          if (s->occ[2 * h + 1] >= 0)
            sg_set_bit (bits, s->occ[2 * h + 1]);
        }
    }
}

/* The first unit of @set from @v on, SG_MAX_UNITS when none. */
static inline guint
next_unit (const guint64 *set,
           guint          v)
{
  guint w = v >> 6;
  guint64 b;

  if (w >= SG_WORDS)
    return SG_MAX_UNITS;
  b = set[w] & (~G_GUINT64_CONSTANT (0) << (v & 63));
  while (b == 0)
    {
      if (++w >= SG_WORDS)
        return SG_MAX_UNITS;
      b = set[w];
    }
  return w * 64 + (guint) __builtin_ctzll (b);
}

static void
react_actions (const SgState *s,
               GArray        *out)
{
  guint64 close[SG_WORDS];
  const SgReact *r = &s->react;
  gint inactive = 1 - s->base.active_side, m = r->mover;
  gint nc = SG_NONE, nc2 = SG_NONE;
  gboolean near;

  switch (r->kind)
    {
    case SG_RX_PRE_STEP:
      /* The cheap test first: nobody near, no reaction. */
      if (!side_within_two (s, inactive, m) || !sg_pending_dest (s, &nc, &nc2))
        return;
      units_within_two (s, m, close);
      for (guint v = next_unit (close, 0); v < s->n_units; v = next_unit (close, v + 1))
        {
          const SgUnit *x = &s->units[v];
          const SgUnitDef *d = sg_def (s, v);

          if (d->side != inactive || x->status != SG_U_MAP || sg_bit (r->done, v) || sg_top (s, x->cell) != (gint) v)
            continue;
          /* Every reaction here needs the mover within two hexes. */
          if (sg_unit_dist (s, v, m) > 2)
            continue;
          /* 6.15, 6.16, 11.27: reaction facing just before the enemy
           * comes adjacent (to a rear hex for a two-hex unit). */
          if (!(x->f & SG_UF_RFACED) && x->facing >= 0 && d->type != SG_T_ART && !sg_unit_in_enemy_zoc (s, v)
              && !pos_adjacent (s, v, s->units[m].cell, s->units[m].cell2))
            {
              if (x->cell2 < 0 && pos_adjacent (s, v, nc, nc2))
                {
                  if (x->f & SG_UF_COLUMN)
                    {
                      add (out, SG_A_REACT_FACE, inactive, v, sg_mod6 (x->facing - 1));
                      add (out, SG_A_REACT_FACE, inactive, v, x->facing);
                    }
                  else
                    {
                      add (out, SG_A_REACT_FACE, inactive, v, sg_mod6 (x->facing - 1));
                      add (out, SG_A_REACT_FACE, inactive, v, sg_mod6 (x->facing + 1));
                    }
                }
              else if (x->cell2 >= 0 && !(x->f & (SG_UF_COLUMN | SG_UF_DOUBLE))
                       && (sg_relation (s, v, nc) == 2 || (nc2 >= 0 && sg_relation (s, v, nc2) == 2)))
                add (out, SG_A_REACT_FACE, inactive, v, sg_mod6 (x->facing + 3));
            }
          /* 7.21: the mover starts to leave the ZOC of a missile unit with
           * a range of two or more. */
          if (!(x->f & SG_UF_RFIRED) && fires_reaction (d) && sg_missile_reach (s, v) >= 2
              && pos_in_zoc (s, v, s->units[m].cell, s->units[m].cell2) && !pos_in_zoc (s, v, nc, nc2))
            add (out, SG_A_REACT_FIRE, inactive, v, m);
        }
      break;

    case SG_RX_POST_STEP:
    case SG_RX_ADVANCE:
      /* Only artillery reacts from farther than two hexes (7.24). */
      near = sg_on_map (s, m) && (side_within_two (s, inactive, m) || s->st->has_artillery[inactive]);
      memset (close, 0, sizeof close);
      if (near)
        units_within_two (s, m, close);
      for (guint i = 0; near && s->st->has_artillery[inactive] && i < s->st->n_side_units[inactive]; i++)
        if (sg_def (s, s->st->side_units[inactive][i])->type == SG_T_ART)
          sg_set_bit (close, s->st->side_units[inactive][i]);
      for (guint v = next_unit (close, 0); v < s->n_units; v = next_unit (close, v + 1))
        {
          const SgUnit *x = &s->units[v];
          const SgUnitDef *d = sg_def (s, v);

          if (d->side != inactive || x->status != SG_U_MAP || sg_bit (r->done, v) || sg_top (s, x->cell) != (gint) v)
            continue;
          /* Within two hexes (artillery: its longest range). */
          if (sg_unit_dist (s, v, m) > (d->type == SG_T_ART ? 6 : 2))
            continue;
          /* 7.22, 7.74: the mover entered the ZOC of a missile unit not in
           * another enemy's ZOC (not one that just retreated). */
          if (!(x->f & SG_UF_RFIRED) && fires_reaction (d)
              && pos_in_zoc (s, v, s->units[m].cell, s->units[m].cell2)
              && !pos_in_zoc (s, v, r->from_cells[0], r->from_cells[1]) && !in_other_zoc (s, v, m)
              && !(r->kind == SG_RX_ADVANCE && (x->f & SG_UF_RETREATED)))
            add (out, SG_A_REACT_FIRE, inactive, v, m);
          if (r->kind != SG_RX_POST_STEP)
            continue;
          /* 7.24: inactive artillery, once in the phase. */
          if (d->type == SG_T_ART && !(x->f & SG_UF_ARTFIRED) && !artillery_blocked (s, v)
              && can_reach (s, v, s->units[m].cell, s->units[m].cell2, sg_unit_dist (s, v, m))
              && !(fires_reaction (d) && !(x->f & SG_UF_RFIRED) && pos_in_zoc (s, v, s->units[m].cell, s->units[m].cell2)
                   && !pos_in_zoc (s, v, r->from_cells[0], r->from_cells[1]) && !in_other_zoc (s, v, m)))
            add (out, SG_A_REACT_FIRE, inactive, v, m);
          /* 5.36: the enemy came within two hexes of a Roman stack. */
          if (pos_dist (s, v, s->units[m].cell, s->units[m].cell2) <= 2
              && pos_dist (s, v, r->from_cells[0], r->from_cells[1]) > 2)
            sidestep_actions (s, v, inactive, out);
        }
      if (r->kind == SG_RX_POST_STEP && sg_on_map (s, m))
        for (guint l = 0; l < s->n_leaders; l++)
          if (s->st->leaders[l].side == inactive && leader_threatened (s, l))
            {
              gint cells[64];
              guint n = leader_retreat_cells (s, l, cells, 64);

              for (guint i = 0; i < n; i++)
                add (out, SG_A_LEADER_RETREAT, inactive, l, cells[i]);
              add (out, SG_A_LEADER_RETREAT, inactive, l, -1);
            }
      break;

    case SG_RX_RETURN:
      {
        gint t = r->target;

        if (t >= 0 && sg_on_map (s, t) && !sg_bit (r->done, t))
          {
            const SgUnitDef *d = sg_def (s, t);
            const SgUnit *x = &s->units[t];
            gboolean ok;
            gint range = r->hit_and_run ? 1 : sg_unit_dist (s, t, m);

            /* 7.23: range and arc apply; with an enemy in its ZOC, not at a
             * firer outside it; a J unit only against a J Hit and Run. */
            if (r->hit_and_run && d->missile == SG_M_J)
              ok = sg_def (s, m)->missile == SG_M_J && javelin_hit_and_run (d);
            else
              ok = fires_reaction (d);
            ok = ok && !(x->f & SG_UF_RFIRED) && sg_hit_number (s, t, range) >= 0
                 && arc_units (s, t, s->units[m].cell, s->units[m].cell2)
                 && (r->hit_and_run || los_units (s, t, s->units[m].cell, s->units[m].cell2))
                 && !(sg_enemy_in_zoc (s, t) && !pos_in_zoc (s, t, s->units[m].cell, s->units[m].cell2))
                 && !(d->type == SG_T_ART && artillery_blocked (s, t));
            if (ok)
              add (out, SG_A_REACT_FIRE, inactive, t, m);
          }
        break;
      }

    case SG_RX_LEADERS:
      for (guint l = 0; l < s->n_leaders; l++)
        if (leader_threatened (s, l))
          {
            gint cells[64];
            guint n = leader_retreat_cells (s, l, cells, 64);
            gint owner = s->st->leaders[l].side;

            for (guint i = 0; i < n; i++)
              add (out, SG_A_LEADER_RETREAT, owner, l, cells[i]);
            add (out, SG_A_LEADER_RETREAT, owner, l, -1);
            return;                         /* one leader at a time */
          }
      break;

    default:
      break;
    }
}

/* Whether a lone leader must still decide (4.35: no "no reaction"). */
static gboolean
leader_pending (const GArray *actions)
{
  for (guint i = 0; i < actions->len; i++)
    if (g_array_index (actions, AciesAction, i).type == SG_A_LEADER_RETREAT)
      return TRUE;
  return FALSE;
}

/**
 * sg_react_legal:
 * @s: a state in SG_ST_REACT
 * @out: array of AciesAction to append to
 *
 * The inactive player's answers in the open window, and "no (more)
 * reaction" unless a lone leader must decide (4.35).
 */
void
sg_react_legal (const SgState *s,
                GArray        *out)
{
  guint before = out->len;
  GArray *mine = sg_scratch_actions (2);

  react_actions (s, mine);
  g_array_append_vals (out, mine->data, mine->len);
  if (!leader_pending (mine))
    sg_add_action (out, SG_A_NO_REACTION, s->react.kind == SG_RX_LEADERS ? s->base.deciding_side
                                                                         : 1 - s->base.active_side,
                   -1, -1, -1, -1);
  (void) before;
}

gboolean
sg_react_any (const SgState *s)
{
  GArray *mine = sg_scratch_actions (2);

  react_actions (s, mine);
  return mine->len > 0;
}

/**
 * sg_react_open:
 * @s: a state whose s->react describes the event (mover, cells)
 * @kind: the window
 *
 * Opens the window if the inactive player (the owner of a lone leader
 * after a shock) may react to anything.
 *
 * Returns: %TRUE if the state now waits for him
 */
gboolean
sg_react_open (SgState     *s,
               SgReactKind  kind)
{
  GArray *mine = sg_scratch_actions (2);

  s->react.kind = kind;
  if (kind != SG_RX_RETURN)
    memset (s->react.done, 0, sizeof s->react.done);
  if (kind == SG_RX_PRE_STEP)
    s->react.ldone = 0;
  react_actions (s, mine);
  if (mine->len == 0)
    return FALSE;
  s->step = SG_ST_REACT;
  sg_sync (s);
  s->base.deciding_side = g_array_index (mine, AciesAction, 0).player;
  return TRUE;
}

/* The active fire (and a return fire) resolved together (7.2, 7.23, SG-A18). */
static void
resolve_fire (SgState   *s,
              AciesDice *dice,
              GPtrArray *events)
{
  SgReact *r = &s->react;
  gint u = r->mover, t = r->target, hits, back = 0, range;

  range = r->hit_and_run ? 1 : (t >= 0 ? sg_fire_range (s, u, t) : 0);
  hits = sg_fire_roll (s, u, t, t >= 0 ? range : -r->fire_cell - 10, dice, events,
                       r->hit_and_run ? "SG 7.16" : "SG 7.14");
  if (r->ret_fire >= 0)
    back = sg_fire_roll (s, r->ret_fire, u, r->hit_and_run ? 1 : sg_fire_range (s, r->ret_fire, u), dice, events,
                         "SG 7.23");
  sg_fire_apply (s, t, hits, dice, events, "SG 7.14");
  if (r->ret_fire >= 0)
    sg_fire_apply (s, u, back, dice, events, "SG 7.23");
}

/* The window closes: go on with what it interrupted. */
static void
react_close (SgState   *s,
             AciesDice *dice,
             GPtrArray *events)
{
  SgReact *r = &s->react;

  s->step = SG_ST_MOVE;
  switch (r->kind)
    {
    case SG_RX_PRE_STEP:
      sg_move_execute (s, dice, events);
      return;
    case SG_RX_RETURN:
      resolve_fire (s, dice, events);
      sg_resume (s, dice, events);
      return;
    case SG_RX_ADVANCE:
    case SG_RX_LEADERS:
      sg_shock_continue (s, dice, events);
      return;
    case SG_RX_POST_STEP:
      sg_move_next (s, dice, events);
      return;
    default:
      sg_resume (s, dice, events);
      return;
    }
}

/* SG 6.15, 6.16, 11.27: the reaction facing roll. */
static void
react_face (SgState    *s,
            gint        v,
            gint        f,
            AciesDice  *dice,
            GPtrArray  *events)
{
  SgUnit *x = &s->units[v];
  const SgUnitDef *d = sg_def (s, v);
  gboolean two = x->cell2 >= 0, ok;
  gint tq = s->st->opt.column_tq_everywhere ? sg_tq (s, v) : d->tq;
  g_autofree char *name = sg_ev_unit (s, v, events);

  x->f |= SG_UF_RFACED;
  if (sg_is_cavalry (d->type) && mover_is_infantry (s))
    {
      ok = TRUE;                            /* cavalry against infantry: no roll */
      /* TRANSLATORS: a line of the game log (SG 6.15). Slots in order: %s: a unit's name. */
      acies_events_add (events, "react-face", "SG 6.15", d->side, _("%s changes facing against infantry"), name);
    }
  else
    {
      guint dr = sg_roll (dice, "Reaction facing");

      ok = (gint) dr <= tq;
      acies_events_add (events, "react-face", two ? "SG 6.16" : "SG 6.15", d->side,
                        /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name;
                         * %u: a die roll; %d: a troop quality; %s: the outcome, "done" or "fails". */
                        two ? _("%s tries to reverse face: %u against TQ %d — %s")
                            : _("%s tries to change facing: %u against TQ %d — %s"),
                        name, dr, tq, ok ? _("done") : _("fails"));
    }
  if (!ok)
    {
      sg_add_hits (s, v, two ? 2 : 1, SG_NONE, dice, events, two ? "SG 6.16" : "SG 6.15");
      return;
    }
  if (x->f & SG_UF_COLUMN)
    {
      /* 11.27: out of Column; no Retreat Before Shock this Player Turn. */
      x->f &= ~(SG_UF_COLUMN | SG_UF_TOP_RIGHT);
      x->f |= SG_UF_NO_RBS;
      if (two && !sg_two_hex_ok (s->st, x->cell, x->cell2, f))
        {
          gint c = x->cell, c2 = x->cell2;

          sg_lift (s, v);
          sg_place (s, v, c2, c, FALSE);
        }
    }
  x->facing = f;
  if (sg_partner (s, v) >= 0)
    s->units[sg_partner (s, v)].facing = f;
}

/**
 * sg_react_apply:
 * @s: a state in SG_ST_REACT (or SG_ST_MOVE for FIRE and HIT_AND_RUN)
 * @a: the action
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %TRUE on success
 */
gboolean
sg_react_apply (SgState           *s,
                const AciesAction *a,
                AciesDice         *dice,
                GPtrArray         *events,
                GError           **error)
{
  SgReact *r = &s->react;
  gint v = a->args[0];

  switch (a->type)
    {
    case SG_A_FIRE:
    case SG_A_HIT_AND_RUN:
      {
        SgUnit *x = &s->units[v];

        /* 7.11, 7.16: the active unit fires; the target may fire back. */
        memset (r, 0, sizeof *r);
        r->kind = SG_RX_RETURN;
        r->mover = v;
        r->target = a->args[1];
        r->fire_cell = a->args[2];
        r->ret_fire = SG_NONE;
        r->hit_and_run = a->type == SG_A_HIT_AND_RUN;
        x->f |= SG_UF_FIRED;
        if (r->hit_and_run)
          {
            x->f |= SG_UF_H_AND_R | SG_UF_MOVED;
            x->mp = (guint8) sg_ma (s, v);
          }
        if (r->target < 0 || !sg_react_open (s, SG_RX_RETURN))
          {
            resolve_fire (s, dice, events);
            sg_resume (s, dice, events);
          }
        return TRUE;
      }

    case SG_A_REACT_FACE:
      react_face (s, v, a->args[1], dice, events);
      break;

    case SG_A_REACT_FIRE:
      {
        SgUnit *x = &s->units[v];
        gint m = a->args[1], hits, range;
        const char *rule;

        sg_set_bit (r->done, v);
        if (r->kind == SG_RX_RETURN)
          {
            /* 7.23: rolled with the active fire. */
            x->f |= SG_UF_RFIRED;
            r->ret_fire = v;
            react_close (s, dice, events);
            return TRUE;
          }
        if (r->kind == SG_RX_PRE_STEP)
          {
            range = 2;                      /* 7.21 */
            rule = "SG 7.21";
          }
        else if (sg_def (s, v)->type == SG_T_ART && !(fires_reaction (sg_def (s, v)) && !(x->f & SG_UF_RFIRED)
                                                     && pos_in_zoc (s, v, s->units[m].cell, s->units[m].cell2)))
          {
            range = sg_unit_dist (s, v, m); /* 7.24 */
            rule = "SG 7.24";
            x->f |= SG_UF_ARTFIRED;
          }
        else
          {
            range = 1;                      /* 7.22, 7.74 */
            rule = r->kind == SG_RX_ADVANCE ? "SG 7.74" : "SG 7.22";
            x->f |= SG_UF_NO_RBS;           /* 7.22: no Retreat Before Shock */
          }
        if (g_strcmp0 (rule, "SG 7.24") != 0)
          x->f |= SG_UF_RFIRED;
        hits = sg_fire_roll (s, v, m, range, dice, events, rule);
        sg_fire_apply (s, m, hits, dice, events, rule);
        break;
      }

    case SG_A_SIDESTEP:
      {
        SgUnit *x = &s->units[v];
        gint bottom = sg_bottom (s, x->cell), to = a->args[1];

        /* 5.36: the top unit steps aside, facing unchanged, no MP. */
        sg_set_bit (r->done, v);
        sg_set_bit (r->done, bottom);
        sg_lift (s, v);
        sg_place (s, v, to, SG_NONE, FALSE);
        for (guint l = 0; l < s->n_leaders; l++)
          if (s->leaders[l].status == SG_L_MAP && s->leaders[l].unit == v)
            s->leaders[l].unit = bottom;
        /* TRANSLATORS: a line of the game log (SG 5.36). Slots in order: %s: a unit's name; %s: a
         * hex or square label. */
        acies_events_add (events, "sidestep", "SG 5.36", sg_def (s, v)->side, _("%s steps aside into %s"),
                          sg_unit_name (s, v), sg_cell_label (s, to));
        break;
      }

    case SG_A_LEADER_RETREAT:
      {
        gint to = a->args[1];

        r->ldone |= 1u << v;
        if (to < 0)
          sg_eliminate_leader (s, v, events, "SG 4.35");
        else
          {
            gint t = sg_top (s, to);

            s->leaders[v].cell = to;
            s->leaders[v].unit = t >= 0 && sg_def (s, t)->side == s->st->leaders[v].side ? t : SG_NONE;
            /* TRANSLATORS: a line of the game log (SG 4.35). Slots in order: %s: a leader's name;
             * %s: a hex or square label. */
            acies_events_add (events, "leader-retreat", "SG 4.35", s->st->leaders[v].side, _("%s escapes to %s"),
                              sg_leader_name (s, v), sg_cell_label (s, to));
          }
        break;
      }

    case SG_A_NO_REACTION:
      react_close (s, dice, events);
      return TRUE;

    default:
      return sg_fail (error, "SG 7.2: not a reaction");
    }

  /* More reactions, or the window closes. */
  if (r->kind == SG_RX_RETURN || !sg_react_any (s))
    react_close (s, dice, events);
  else
    {
      GArray *mine = sg_scratch_actions (2);

      react_actions (s, mine);
      sg_sync (s);
      s->base.deciding_side = g_array_index (mine, AciesAction, 0).player;
    }
  return TRUE;
}
