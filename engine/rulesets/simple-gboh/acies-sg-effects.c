/* acies-sg-effects.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-simple-gboh"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-sg-private.h"

/*
 * The effects of combat (SG 8.1–8.5), leaders removed and replaced
 * (4.36, 4.37), Rout Points and Army Withdrawal (9.0).
 */

/* SG 8.1, SG-A3: the TQ at which Hits rout a unit. */
static gint
rout_tq (const SgState *s,
         gint           u)
{
  return s->st->opt.column_tq_everywhere ? sg_tq (s, u) : sg_def (s, u)->tq;
}

/**
 * sg_add_hits:
 * @s: a state
 * @u: a unit on the map
 * @n: Hits
 * @inflictor: the unit that caused them (a rampage starts from it), or SG_NONE
 * @dice: the dice (a rampage rolls)
 * @events: (nullable): events
 * @rule: the rule that inflicts them
 *
 * SG 8.1: Hits are never removed; a unit whose Hits reach its TQ routs
 * at once (8.4).
 *
 * Returns: %TRUE if @u routed
 */
gboolean
sg_add_hits (SgState    *s,
             gint        u,
             gint        n,
             gint        inflictor,
             AciesDice  *dice,
             GPtrArray  *events,
             const char *rule)
{
  SgUnit *x = &s->units[u];

  if (n <= 0 || x->status != SG_U_MAP)
    return FALSE;
  x->hits = (guint8) MIN (x->hits + n, 30);
  if (events != NULL)
    {
      g_autofree char *name = sg_ev_unit (s, u, events);

      /* TRANSLATORS: a line of the game log (SG 8.1). Slots in order: %s: a unit's name; %d: the
       * Hits it takes now; %u: its Hits in all; %d: its Troop Quality. */
      acies_events_add (events, "hits", rule, sg_def (s, u)->side,
                        ngettext ("%s takes %d Hit (%u in all, TQ %d)", "%s takes %d Hits (%u in all, TQ %d)", n),
                        name, n, x->hits, rout_tq (s, u));
    }
  if (x->hits >= rout_tq (s, u))
    {
      sg_rout (s, u, inflictor, dice, events, "SG 8.1");
      return TRUE;
    }
  return FALSE;
}

/* SG 5.35: a stack's Hits split evenly, the odd one on top; artillery in
 * a stack is ignored (10.13). */
void
sg_hit_piece (SgState    *s,
              gint        u,
              gint        n,
              gint        inflictor,
              AciesDice  *dice,
              GPtrArray  *events,
              const char *rule)
{
  gint top = sg_piece (s, u), bottom = sg_partner (s, top);

  if (n <= 0 || !sg_on_map (s, u))
    return;
  if (bottom >= 0 && sg_def (s, bottom)->type == SG_T_ART)
    bottom = SG_NONE;
  if (bottom >= 0 && sg_def (s, top)->type == SG_T_ART)
    {
      top = bottom;
      bottom = SG_NONE;
    }
  if (bottom < 0)
    {
      sg_add_hits (s, top, n, inflictor, dice, events, rule);
      return;
    }
  sg_add_hits (s, top, (n + 1) / 2, inflictor, dice, events, rule);
  sg_add_hits (s, bottom, n / 2, inflictor, dice, events, rule);
}

/* SG 9.0: Rout Points of a unit. */
gint
sg_unit_rp (const SgState *s,
            gint           u)
{
  const SgUnitDef *d = sg_def (s, u);
  const SgUnit *x = &s->units[u];
  gint rp;

  if (x->merged >= 0 && !(x->f & SG_UF_DOUBLE))
    return 0;                                   /* the marker under a Double Depth unit */
  if (s->st->sides[d->side].rp_adjust[d->type] >= 0)
    rp = s->st->sides[d->side].rp_adjust[d->type];
  else if (d->type == SG_T_ART)
    rp = 0;
  else if (sg_is_skirmisher (d->type) || d->type == SG_T_CH || d->type == SG_T_EL)
    rp = 2;
  else
    rp = d->tq;
  if (d->two_hex)
    rp *= 2;
  if (x->f & SG_UF_DOUBLE)
    rp *= 2;                                    /* SG-A25 */
  return rp;
}

gint
sg_leader_rp (const SgState *s,
              gint           l)
{
  return 5 * s->st->leaders[l].initiative;
}

/**
 * sg_count_rp:
 * @s: a state
 * @side: a side
 *
 * SG 9.0, 7.63: the Rout Points of @side's eliminated units and leaders
 * (pursuers off the map or lost count nothing).
 *
 * Returns: the total
 */
gint
sg_count_rp (const SgState *s,
             gint           side)
{
  gint rp = 0;

  for (guint u = 0; u < s->n_units; u++)
    if (sg_def (s, u)->side == side && s->units[u].status == SG_U_ELIMINATED)
      rp += sg_unit_rp (s, u);
  for (guint l = 0; l < s->n_leaders; l++)
    if (s->st->leaders[l].side == side)
      rp += s->leaders[l].deaths * sg_leader_rp (s, l);
  return rp;
}

/* SG 4.36: leaders of an eliminated unit are removed, not eliminated. */
void
sg_remove_leaders_of (SgState   *s,
                      gint       u,
                      GPtrArray *events)
{
  for (guint l = 0; l < s->n_leaders; l++)
    {
      SgLeader *x = &s->leaders[l];

      if (x->status != SG_L_MAP || x->unit != u)
        continue;
      x->status = SG_L_AWAY;
      x->cell = x->unit = SG_NONE;
      x->f &= ~SG_LF_ACTIVATED;
      acies_events_add (events, "leader-away", "SG 4.36", s->st->leaders[l].side,
                        /* TRANSLATORS: a line of the game log (SG 4.36). Slots in order: %s: a
                         * leader's name. */
                        _("%s is otherwise engaged: off the map until he returns"), sg_leader_name (s, l));
    }
}

/**
 * sg_eliminate:
 * @s: a state
 * @u: a unit
 * @events: (nullable): events
 * @rule: the rule
 *
 * SG 8.4, 9.0: @u leaves play; its Rout Points count; its leaders are
 * removed (4.36); artillery stacked with it goes too (10.13); a Double
 * Depth unit's marker goes with it.
 */
void
sg_eliminate (SgState    *s,
              gint        u,
              GPtrArray  *events,
              const char *rule)
{
  SgUnit *x = &s->units[u];
  gint p;

  if (x->status != SG_U_MAP)
    return;
  p = sg_partner (s, u);
  sg_lift (s, u);
  x->status = SG_U_ELIMINATED;
  s->rp[sg_def (s, u)->side] += sg_unit_rp (s, u);
  if (events != NULL)
    /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name; %d: a number. */
    acies_events_add (events, "eliminated", rule, sg_def (s, u)->side, _("%s is eliminated (%d Rout Points)"),
                      sg_unit_name (s, u), sg_unit_rp (s, u));
  if ((x->f & SG_UF_DOUBLE) && x->merged >= 0)
    s->units[x->merged].status = SG_U_ELIMINATED;
  /* Leaders go with the unit left in the hex, if any. */
  for (guint l = 0; l < s->n_leaders; l++)
    if (s->leaders[l].status == SG_L_MAP && s->leaders[l].unit == u && p >= 0)
      s->leaders[l].unit = p;
  sg_remove_leaders_of (s, u, events);
  if (p >= 0 && sg_def (s, p)->type == SG_T_ART && sg_def (s, u)->type != SG_T_ART)
    sg_eliminate (s, p, events, "SG 10.13");
}

/* SG 4.37: an eliminated Formation Commander returns (a re-used Tribune,
 * Legate, Prefect or Tribal Leader) or a free Replacement takes his
 * Formation. */
static void
replace_leader (SgState   *s,
                gint       l,
                GPtrArray *events)
{
  const SgLeaderDef *d = &s->st->leaders[l];
  gint f = s->leaders[l].formation;

  if (f < 0)
    return;
  if (d->reusable && !d->is_oc)
    {
      s->leaders[l].status = SG_L_AWAY;
      /* TRANSLATORS: a line of the game log (SG 4.37). Slots in order: %s: a name; %s: a
       * formation's name. */
      acies_events_add (events, "leader-replaced", "SG 4.37", d->side, _("%s is re-used: he returns with %s"),
                        d->name, s->st->formations[f].name);
      return;
    }
  for (guint r = 0; r < s->n_leaders; r++)
    if (s->st->leaders[r].side == d->side && s->leaders[r].status == SG_L_RESERVE)
      {
        s->leaders[r].status = SG_L_AWAY;
        s->leaders[r].formation = f;
        /* TRANSLATORS: a line of the game log (SG 4.37). Slots in order: %s: a name; %s: a
         * formation's name. */
        acies_events_add (events, "leader-replaced", "SG 4.37", d->side, _("%s will take command of %s"),
                          s->st->leaders[r].name, s->st->formations[f].name);
        return;
      }
}

/* SG 7.15, 7.46, 4.35: a leader is eliminated (5 × Initiative RP). */
void
sg_eliminate_leader (SgState    *s,
                     gint        l,
                     GPtrArray  *events,
                     const char *rule)
{
  SgLeader *x = &s->leaders[l];

  if (x->status != SG_L_MAP && x->status != SG_L_AWAY)
    return;
  x->status = SG_L_DEAD;
  x->deaths++;
  x->cell = x->unit = SG_NONE;
  x->f &= ~(SG_LF_ACTIVATED | SG_LF_IN_SHOCK);
  s->rp[s->st->leaders[l].side] += sg_leader_rp (s, l);
  /* TRANSLATORS: a line of the game log. Slots in order: %s: a leader's name; %d: a number. */
  acies_events_add (events, "leader-eliminated", rule, s->st->leaders[l].side, _("%s is killed (%d Rout Points)"),
                    sg_leader_name (s, l), sg_leader_rp (s, l));
  replace_leader (s, l, events);
}

/* ---- Rampage (8.5) ---- */

typedef struct
{
  gint   unit;
  gint   ring;
  double angle;
} Victim;

static int
victim_cmp (gconstpointer a,
            gconstpointer b)
{
  const Victim *x = a, *y = b;

  if (x->ring != y->ring)
    return x->ring - y->ring;
  if (x->angle != y->angle)
    return x->angle < y->angle ? -1 : 1;
  return x->unit - y->unit;
}

/**
 * sg_rampage:
 * @s: a state
 * @el: the routed elephant
 * @inflictor: the unit that caused the rout, or SG_NONE
 * @dice: the dice
 * @events: (nullable): events
 *
 * SG 8.5, SG-A8, SG-A9: a die for each unit within two hexes, from the
 * inflicting unit (else a random one) clockwise, the adjacent ring first:
 * a roll above the unit's TQ gives the difference in Hits; a 0, 1, 8 or
 * 9 ends the rampage after its Hits, and the elephant is eliminated in
 * any case.  An elephant routed by it is eliminated without rampaging.
 */
void
sg_rampage (SgState    *s,
            gint        el,
            gint        inflictor,
            AciesDice  *dice,
            GPtrArray  *events)
{
  const SgStatic *st = s->st;
  g_autoptr(GArray) victims = g_array_new (FALSE, FALSE, sizeof (Victim));
  gint start_cell = SG_NONE;
  double cx, cy, a0 = 0;

  s->rampaging = el;
  /* TRANSLATORS: a line of the game log (SG 8.5). Slots in order: %s: a unit's name. */
  acies_events_add (events, "rampage", "SG 8.5", sg_def (s, el)->side, _("%s rampages"), sg_unit_name (s, el));
  for (guint u = 0; u < s->n_units; u++)
    {
      gint d;

      if ((gint) u == el || !sg_on_map (s, u))
        continue;
      d = sg_unit_dist (s, el, u);
      if (d >= 1 && d <= 2)
        {
          Victim v = { u, d, 0 };

          g_array_append_val (victims, v);
        }
    }
  if (victims->len > 0)
    {
      if (inflictor >= 0 && sg_on_map (s, inflictor) && sg_unit_dist (s, el, inflictor) <= 2)
        start_cell = s->units[inflictor].cell;
      else
        {
          guint pick = acies_dice_random_int (dice, 0, victims->len);

          start_cell = s->units[g_array_index (victims, Victim, pick).unit].cell;
        }
      acies_board_cell_center (st->board, s->units[el].cell, &cx, &cy);
      {
        double x, y;

        acies_board_cell_center (st->board, start_cell, &x, &y);
        a0 = atan2 (x - cx, -(y - cy));
      }
      for (guint i = 0; i < victims->len; i++)
        {
          Victim *v = &g_array_index (victims, Victim, i);
          double x, y, a;

          acies_board_cell_center (st->board, s->units[v->unit].cell, &x, &y);
          a = atan2 (x - cx, -(y - cy)) - a0;     /* clockwise from the start */
          while (a < -1e-9)
            a += 2 * G_PI;
          v->angle = a;
        }
      g_array_sort (victims, victim_cmp);
    }

  for (guint i = 0; i < victims->len; i++)
    {
      const Victim *v = &g_array_index (victims, Victim, i);
      guint dr;
      gint tq;

      if (!sg_on_map (s, v->unit) || !sg_on_map (s, el))
        continue;
      dr = sg_roll (dice, "Rampage");
      tq = rout_tq (s, v->unit);
      if (events != NULL)
        {
          g_autofree char *name = sg_ev_unit (s, v->unit, events);

          /* TRANSLATORS: a line of the game log (SG 8.5). Slots in order: %s: a unit's name; %u: a
           * die roll; %d: a troop quality. */
          acies_events_add (events, "rampage-check", "SG 8.5", sg_def (s, v->unit)->side, _("Rampage against %s: %u against TQ %d"),
                            name, dr, tq);
        }
      if ((gint) dr > tq)
        sg_add_hits (s, v->unit, dr - tq, SG_NONE, dice, events, "SG 8.5");
      if (dr <= 1 || dr >= 8)
        break;
    }
  s->rampaging = -1;
  sg_eliminate (s, el, events, "SG 8.5");
}

/**
 * sg_rout:
 * @s: a state
 * @u: a unit
 * @inflictor: who caused it, or SG_NONE
 * @dice: the dice
 * @events: (nullable): events
 * @rule: the rule
 *
 * SG 8.4: a routed unit is eliminated; an elephant rampages first (8.5),
 * unless a rampage routed it (10.22).
 */
void
sg_rout (SgState    *s,
         gint        u,
         gint        inflictor,
         AciesDice  *dice,
         GPtrArray  *events,
         const char *rule)
{
  if (!sg_on_map (s, u))
    return;
  /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name. */
  acies_events_add (events, "rout", rule, sg_def (s, u)->side, _("%s routs"), sg_unit_name (s, u));
  if (s->sh.cur >= 0)
    sg_set_bit (s->sh.routed, u);
  if (sg_def (s, u)->type == SG_T_EL && s->rampaging < 0)
    sg_rampage (s, u, inflictor, dice, events);
  else
    sg_eliminate (s, u, events, rule);
}

/* ---- Retreat (8.3) ---- */

/* SG 8.3, SG-A7: a unit on a hex of the map's edge. */
gboolean
sg_on_edge (const SgState *s,
            gint           u)
{
  const SgUnit *x = &s->units[u];

  return s->st->edge_of_map[x->cell] != 0 || (x->cell2 >= 0 && s->st->edge_of_map[x->cell2] != 0);
}

static gboolean
fortified_between (const SgState *s,
                   gint           a,
                   gint           b)
{
  gint d = sg_dir_to (s->st, a, b);

  if (d < 0)
    return FALSE;
  for (guint e = 0; e < s->st->n_edge_features; e++)
    if ((s->st->edges[a * 6 + d] & (1u << e)) && s->st->edge_fortified[e])
      return TRUE;
  return FALSE;
}

/* Whether unit @u (with its stack) may retreat into @c (8.3). */
static gboolean
retreat_hex_ok (const SgState *s,
                gint           u,
                gint           from,
                gint           c,
                const gint16  *enemies,
                guint          n_enemies,
                gboolean       stack)
{
  gint side = sg_def (s, u)->side, t = sg_top (s, c);

  if (c < 0 || fortified_between (s, from, c))
    return FALSE;                                   /* 11.13 */
  if (t >= 0 && t != u && s->units[u].cell2 >= 0)
    return FALSE;                                   /* two-hex units never stack */
  if (t >= 0 && t != u)
    {
      if (sg_def (s, t)->side != side || stack || sg_bottom (s, c) >= 0 || !sg_may_stack (s, u, t))
        return FALSE;
    }
  if (sg_enter_cost (s, u, from, c, NULL) >= SG_MP_PROHIBITED)
    return FALSE;
  if (sg_in_enemy_zoc (s, c, side))
    return FALSE;
  for (guint i = 0; i < n_enemies; i++)
    if (enemies[i] >= 0 && sg_on_map (s, enemies[i]) && sg_cell_unit_dist (s, c, enemies[i]) <= 1)
      return FALSE;
  return TRUE;
}

/**
 * sg_retreat_cells:
 * @s: a state
 * @u: the unit (the top of its stack: the stack goes with it)
 * @from: the enemy units involved in the combat
 * @n_from: their number
 * @out: (out caller-allocates): room for 6 cells
 *
 * SG 8.3: the hexes one hex away: vacant or a friend it may stack with,
 * not in an enemy ZOC, not next to the enemy units involved, reachable by
 * movement, never across a fortified hexside (11.13).  A two-hex unit
 * moves whole, without pivoting (@out holds its new first hex).
 *
 * Returns: the number of hexes
 */
guint
sg_retreat_cells (const SgState *s,
                  gint           u,
                  const gint16  *from,
                  guint          n_from,
                  gint          *out)
{
  const SgUnit *x = &s->units[u];
  gboolean stack = sg_partner (s, u) >= 0;
  guint n = 0;

  for (gint d = 0; d < 6; d++)
    {
      gint c = sg_nb (s->st, x->cell, d);

      if (x->cell2 >= 0)
        {
          gint c2 = sg_nb (s->st, x->cell2, d);

          if (c >= 0 && c2 >= 0 && retreat_hex_ok (s, u, x->cell, c, from, n_from, TRUE)
              && retreat_hex_ok (s, u, x->cell2, c2, from, n_from, TRUE))
            out[n++] = c;
        }
      else if (retreat_hex_ok (s, u, x->cell, c, from, n_from, stack))
        out[n++] = c;
    }
  return n;
}

/**
 * sg_retreat_to:
 * @s: a state
 * @u: the retreating unit (its stack and leaders go with it)
 * @cell: one of sg_retreat_cells()
 * @dice: the dice
 * @events: (nullable): events
 *
 * SG 8.3, 5.33, 5.34, 10.13, 4.36: the unit keeps its facing (it takes
 * the facing of the unit it joins, and goes on top); no terrain Hits;
 * artillery it leaves behind is eliminated.
 *
 * Returns: %TRUE
 */
gboolean
sg_retreat_to (SgState   *s,
               gint       u,
               gint       cell,
               AciesDice *dice,
               GPtrArray *events)
{
  SgUnit *x = &s->units[u];
  gint p = sg_partner (s, u), m[2] = { u, SG_NONE }, n = 1, cell2 = SG_NONE;
  gint d = sg_dir_to (s->st, x->cell, cell), joined;
  g_autofree char *name = sg_ev_unit (s, u, events);     /* where it stood */

  if (p >= 0 && sg_def (s, p)->type == SG_T_ART)
    sg_eliminate (s, p, events, "SG 10.13");
  else if (p >= 0)
    m[n++] = p;
  if (x->cell2 >= 0)
    cell2 = sg_nb (s->st, x->cell2, d);
  for (gint i = n - 1; i >= 0; i--)
    sg_lift (s, m[i]);
  joined = sg_top (s, cell);
  for (gint i = n - 1; i >= 0; i--)
    {
      sg_place (s, m[i], cell, cell2, TRUE);
      s->units[m[i]].f |= SG_UF_RETREATED;
      if (joined >= 0 && s->units[joined].facing >= 0 && s->units[m[i]].facing >= 0)
        s->units[m[i]].facing = s->units[joined].facing;
    }
  for (gint i = 0; i < n; i++)
    sg_carry_leaders (s, m[i]);
  for (guint l = 0; l < s->n_leaders; l++)
    if (s->leaders[l].status == SG_L_MAP && s->leaders[l].unit < 0 && s->leaders[l].cell == cell
        && s->st->leaders[l].side == sg_def (s, u)->side)
      s->leaders[l].unit = u;
  if (events != NULL)
    /* TRANSLATORS: a line of the game log (SG 8.3). Slots in order: %s: a unit's name; %s: a hex or
     * square label. */
    acies_events_add (events, "retreat", "SG 8.3", sg_def (s, u)->side, _("%s retreats to %s"), name,
                      sg_cell_label (s, cell));
  return TRUE;
}

/* SG 8.3, SG-A7: no hex to retreat to: 2 more Hits (a stack's split per
 * 5.35), or elimination on the map's edge. */
void
sg_retreat_blocked (SgState   *s,
                    gint       u,
                    gint       inflictor,
                    AciesDice *dice,
                    GPtrArray *events)
{
  gint p = sg_partner (s, u);

  if (sg_on_edge (s, u))
    {
      acies_events_add (events, "no-retreat", "SG 8.3", sg_def (s, u)->side,
                        /* TRANSLATORS: a line of the game log (SG 8.3). Slots in order: %s: a
                         * unit's name. */
                        _("%s cannot retreat from the edge of the map and is eliminated"), sg_unit_name (s, u));
      if (p >= 0)
        sg_eliminate (s, p, events, "SG 8.3");
      sg_eliminate (s, u, events, "SG 8.3");
      return;
    }
  /* TRANSLATORS: a line of the game log (SG 8.3). Slots in order: %s: a unit's name. */
  acies_events_add (events, "no-retreat", "SG 8.3", sg_def (s, u)->side, _("%s cannot retreat: 2 Hits"),
                    sg_unit_name (s, u));
  sg_hit_piece (s, u, 2, inflictor, dice, events, "SG 8.3");
}

/* ---- The end ---- */

void
sg_finish (SgState    *s,
           gint        winner,
           const char *reason,
           GPtrArray  *events)
{
  s->base.finished = TRUE;
  s->base.winner = winner;
  g_free (s->base.end_reason);
  s->base.end_reason = g_strdup (reason);
  s->phase = SG_PH_OVER;
  s->step = SG_ST_OVER;
  acies_events_add (events, "game-over", "SG 9.0", winner, "%s", reason);
  sg_sync (s);
}

/**
 * sg_withdrawal_check:
 * @s: a state at the end of a Player Turn
 * @events: (nullable): events
 *
 * SG 9.0, SG-C2, SG-C3: an army whose Rout Points reach its Withdrawal
 * Level withdraws and loses; if both do, the one fewer points above its
 * level wins; the same is a draw.
 */
void
sg_withdrawal_check (SgState   *s,
                     GPtrArray *events)
{
  gint over[2];
  gboolean out[2];

  for (gint side = 0; side < 2; side++)
    {
      over[side] = s->rp[side] - s->st->sides[side].wl;
      out[side] = over[side] >= 0;
    }
  if (!out[0] && !out[1])
    return;
  if (out[0] && out[1])
    {
      if (over[0] == over[1])
        /* TRANSLATORS: the end of a Simple GBoH battle (SG 9.0). */
        sg_finish (s, -1, _("Both armies withdraw, each as far beyond its Withdrawal Level: a draw (SG 9.0)"), events);
      else
        {
          gint w = over[0] < over[1] ? 0 : 1;
          g_autofree char *who = sg_side_people (s, w, FALSE);
          /* TRANSLATORS: the end of a Simple GBoH battle (SG 9.0). %s: the winning side's people
           * ("the Romans"). */
          g_autofree char *text = g_strdup_printf (_("Both armies withdraw; %s, fewer Rout Points beyond their level, "
                                                     "win a pyrrhic victory (SG 9.0)"), who);

          sg_finish (s, w, text, events);
        }
      return;
    }
  {
    gint loser = out[0] ? 0 : 1;
    g_autofree char *loser_name = sg_side_people (s, loser, TRUE), *winner_name = sg_side_people (s, 1 - loser, FALSE);
    /* TRANSLATORS: the end of a Simple GBoH battle (SG 9.0). Slots in order: %s: the losing side's
     * people, capitalised ("The Persians"); %d: their Rout Points; %d: their Withdrawal Level; %s: the
     * winning side's people ("the Macedonians"). */
    g_autofree char *text = g_strdup_printf (_("%s reach their Withdrawal Level (%d Rout Points of %d) and withdraw: "
                                               "%s win (SG 9.0)"), loser_name, s->rp[loser], s->st->sides[loser].wl,
                                             winner_name);

    sg_finish (s, 1 - loser, text, events);
  }
}

/**
 * sg_nightfall:
 * @s: a state at the end of the scenario's last Player Turn
 * @events: (nullable): events
 *
 * SG 3.0: the scenario's victory condition "nightfall" (the book has no
 * game length; the designer's choice): no army has withdrawn, and the one
 * whose Rout Points are the smaller part of its Withdrawal Level wins;
 * equal parts are a draw.
 */
void
sg_nightfall (SgState   *s,
              GPtrArray *events)
{
  /* rp[0] / wl[0] against rp[1] / wl[1], in integers. */
  gint64 a = (gint64) s->rp[0] * s->st->sides[1].wl, b = (gint64) s->rp[1] * s->st->sides[0].wl;
  gint w = a == b ? -1 : a < b ? 0 : 1;

  if (w < 0)
    {
      /* TRANSLATORS: the end of a Simple GBoH battle at the scenario's last Player Turn (SG 3.0).
       * %d: that Player Turn. */
      g_autofree char *text = g_strdup_printf (_("Night falls after Player Turn %d with neither army broken further "
                                                 "than the other: a draw (SG 3.0)"), s->pt);

      sg_finish (s, -1, text, events);
    }
  else
    {
      g_autofree char *who = sg_side_people (s, w, FALSE);
      /* TRANSLATORS: the end of a Simple GBoH battle at the scenario's last Player Turn (SG 3.0).
       * Slots in order: %d: that Player Turn; %s: the winning side's people ("the Romans"); %d, %d: their Rout Points and Withdrawal Level; %d, %d: the other side's. */
      g_autofree char *text = g_strdup_printf (_("Night falls after Player Turn %d: %s win, the smaller part of "
                                                 "their Withdrawal Level lost (%d Rout Points of %d, against %d of %d) "
                                                 "(SG 3.0)"),
                                               s->pt, who, s->rp[w], s->st->sides[w].wl, s->rp[1 - w],
                                               s->st->sides[1 - w].wl);

      sg_finish (s, w, text, events);
    }
}
