/* acies-lb-move.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-lost-battles"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-lb-private.h"

/*
 * Lost Battles, movement (LB 5): facing and turns (5.1–5.3), moving forward
 * (5.2.2), deployment (3.3.2, 3.4, 10.1), leaving the field (5.7), and the
 * paths the play window draws.
 */

/* Movement (LB 5). */

/* Cost of turning to @dir for unit @i, or -1 (5.2.3, 5.3). */
static gint
turn_cost (const AciesLbState *s,
           gint                i,
           gint                dir,
           gboolean           *used_attack)
{
  const AciesLbUnit *u = &s->units[i];
  gint front = acies_lb_neighbour (u->zone, dir);

  *used_attack = FALSE;
  if (s->act.in_start_zone && s->act.free180[i] && dir == (u->facing + 2) % 4)
    return 0;
  if (s->act.in_start_zone && s->act.free_attack[i] && acies_lb_enemy_in (s, front, u->side))
    {
      *used_attack = TRUE;
      return 0;
    }
  if (s->act.free_turns[i] > 0)
    return 0;
  return 1;
}

/* What acies_lb_do_turn (@dir) then acies_lb_can_move () would answer, without a copy of the
 * state, for a group without scythed chariots (5.1.2: turn, then leave). */
static gboolean
turn_then_move_ok (const AciesLbState *s,
                   gint                dir)
{
  gint side = s->base.active_side, z = acies_lb_group_zone (s), to, zf, i;
  guint64 g = acies_lb_live_group (s);
  gint mv[LB_MAX_UNITS], ft[LB_MAX_UNITS];
  gboolean no_more = s->act.no_move_more;

  FOR_BITS (i, g)
    {
      gboolean ua;
      gint cost = turn_cost (s, i, dir, &ua);

      mv[i] = s->act.mv[i] - cost;
      ft[i] = s->act.free_turns[i];
      if (cost == 0 && !(s->act.in_start_zone && s->act.free180[i] && dir == (s->units[i].facing + 2) % 4)
          && !ua)
        ft[i]--;
      if (ua)
        no_more = TRUE;
    }
  if (z < 0 || s->act.stop || no_more || s->act.kind == LB_ACT_TURN_ONLY || g == 0)
    return FALSE;
  to = acies_lb_neighbour (z, dir);
  if (to < 0 || (s->terrain[to] & LB_T_IMPASSABLE) || acies_lb_enemy_in (s, to, side))
    return FALSE;
  if (s->act.deployed && acies_lb_half_of (to) != side)
    return FALSE;
  if (acies_lb_zone_load (s, to, side) + acies_lb_group_load (s, g) > acies_lb_zone_capacity (s, to))
    return FALSE;
  if (s->act.cmdr >= 0)
    {
      gint other = acies_lb_cmdr_in_zone (s, to, side);

      if (other >= 0 && other != s->act.cmdr)
        return FALSE;
    }
  zf = acies_lb_zone_facing (s, to, side, g);
  FOR_BITS (i, g)
    {
      gint cost = acies_lb_enter_cost (s, i, to, FALSE);

      if (zf >= 0 && zf != dir && ft[i] == 0)
        cost++;
      if (cost > mv[i])
        return FALSE;
    }
  return TRUE;
}

gboolean
acies_lb_can_turn (const AciesLbState *s,
                   gint                dir)
{
  gint z = acies_lb_group_zone (s);

  gint i;

  if (dir == acies_lb_group_facing (s) || s->act.must_leave || z < 0)
    return FALSE;
  FOR_BITS (i, acies_lb_live_group (s))
    {
      gboolean ua;

      if (s->units[i].sub != LB_SUB_SCH && turn_cost (s, i, dir, &ua) > s->act.mv[i])
        return FALSE;                            /* 5.6.2 */
    }
  if (acies_lb_zone_load (s, z, s->base.active_side) > acies_lb_group_load (s, acies_lb_live_group (s)) && !s->act.in_start_zone)
    return FALSE;                                /* 5.1.1: one facing per zone */
  if (s->act.partial && s->act.in_start_zone)   /* 5.1.2: turn, then leave at once */
    {
      gint to = acies_lb_neighbour (z, dir);
      AciesLbState *t;

      if (to < 0 || acies_lb_enemy_in (s, to, s->base.active_side) || (s->terrain[to] & LB_T_IMPASSABLE)
          || s->act.kind == LB_ACT_TURN_ONLY)
        return FALSE;
      gint i;

      FOR_BITS (i, acies_lb_live_group (s))
        if (s->units[i].sub == LB_SUB_SCH)       /* it would be removed: simulate */
          {
            AciesLbState copy;                         /* plain data (acies-lb-private.h) */
            gboolean ok;

            t = &copy;
            memcpy (t, s, sizeof copy);
            acies_lb_do_turn (t, dir, NULL);
            ok = acies_lb_can_move (t) && !t->base.finished;
            if (t->base.end_reason != s->base.end_reason)
              g_free (t->base.end_reason);
            return ok;
          }
      return turn_then_move_ok (s, dir);
    }
  return TRUE;
}

void
acies_lb_do_turn (AciesLbState *s,
                  gint          dir,
                  GPtrArray    *events)
{
  gint z = acies_lb_group_zone (s);

  for (gint i = 0; i < s->n_units; i++)
    {
      AciesLbUnit *u = &s->units[i];
      gboolean ua;
      gint cost;

      if (!IN (s->act.group, i) || !acies_lb_present (u))
        continue;
      if (u->sub == LB_SUB_SCH)
        {
          acies_lb_remove_unit (s, i, LB_WITHDRAWN, events, "LB 9.5");    /* 9.5-b */
          continue;
        }
      cost = turn_cost (s, i, dir, &ua);
      if (cost == 0 && !(s->act.in_start_zone && s->act.free180[i] && dir == (u->facing + 2) % 4) && !ua)
        s->act.free_turns[i]--;
      if (ua)
        s->act.no_move_more = TRUE;              /* 5.3: the turn is to attack from here */
      s->act.mv[i] -= cost;
      s->act.free180[i] = s->act.free_attack[i] = 0;
      u->facing = dir;
      u->turned = 1;
    }
  s->act.turned = TRUE;
  if (s->act.partial && s->act.in_start_zone)
    s->act.must_leave = TRUE;
  if (events != NULL)
    {
      guint64 g = acies_lb_live_group (s);
      g_autofree char *names = acies_lb_group_names (s, g);

      acies_events_add (events, "turn", "LB 5.2.3", s->base.active_side,
                        /* TRANSLATORS: a line of the game log (LB 5.2.3): a unit's name, their
                         * zone, the direction they now face. */
                        acies_lb_popcount (g) == 1 ? _("%s in %s turns to face %s")
                        /* TRANSLATORS: a line of the game log (LB 5.2.3): the names of several units ("Legio 1 and Legio 2"), their
                         * zone, the direction they now face. */
                        : _("%s in %s turn to face %s"),
                        names, acies_lb_zone_name (s, z, s->base.active_side), g_dgettext (GETTEXT_PACKAGE, acies_lb_dir_names[dir]));
    }
  acies_lb_check_end (s, events);
}

gboolean
acies_lb_can_move (const AciesLbState *s)
{
  gint side = s->base.active_side, z = acies_lb_group_zone (s), f = acies_lb_group_facing (s), to, zf;
  guint64 g = acies_lb_live_group (s);

  if (z < 0 || s->act.stop || s->act.no_move_more || s->act.kind == LB_ACT_TURN_ONLY || g == 0)
    return FALSE;
  to = acies_lb_neighbour (z, f);
  if (to < 0 || (s->terrain[to] & LB_T_IMPASSABLE) || acies_lb_enemy_in (s, to, side))
    return FALSE;                                /* 2.2.4, 5.5.1 */
  if (s->act.deployed && acies_lb_half_of (to) != side)
    return FALSE;                                /* 3.4.4 */
  if (acies_lb_zone_load (s, to, side) + acies_lb_group_load (s, g) > acies_lb_zone_capacity (s, to))
    return FALSE;                                /* 5.5.3 */
  if (s->act.cmdr >= 0)
    {
      gint other = acies_lb_cmdr_in_zone (s, to, side);

      if (other >= 0 && other != s->act.cmdr)
        return FALSE;                            /* 8.8.1 */
    }
  zf = acies_lb_zone_facing (s, to, side, g);
  for (gint i = 0; i < s->n_units; i++)
    {
      gint cost;

      if (!IN (g, i))
        continue;
      cost = acies_lb_enter_cost (s, i, to, FALSE);
      if (zf >= 0 && zf != f && s->units[i].sub != LB_SUB_SCH && s->act.free_turns[i] == 0)
        cost++;                                  /* 5.1.1, 5.5.2: turn to match */
      if (cost > s->act.mv[i])
        return FALSE;                            /* 5.6.2 */
    }
  return TRUE;
}

void
acies_lb_do_move (AciesLbState *s,
                  GPtrArray    *events)
{
  gint side = s->base.active_side, z = acies_lb_group_zone (s), f = acies_lb_group_facing (s);
  gint to = acies_lb_neighbour (z, f);
  guint64 g = acies_lb_live_group (s);
  gint zf = acies_lb_zone_facing (s, to, side, g);

  for (gint i = 0; i < s->n_units; i++)
    {
      AciesLbUnit *u = &s->units[i];

      if (!IN (g, i))
        continue;
      s->act.mv[i] -= acies_lb_enter_cost (s, i, to, FALSE);
      u->zone = to;
      u->entered_pt = s->pt;
      if (zf >= 0)
        {
          u->entered_friendly = 1;
          if (u->sub == LB_SUB_SCH)
            {
              acies_lb_remove_unit (s, i, LB_WITHDRAWN, events, "LB 9.5");   /* 9.5-b */
              continue;
            }
          if (zf != f)
            {
              if (s->act.free_turns[i] > 0)
                s->act.free_turns[i]--;
              else
                s->act.mv[i]--;
              u->facing = zf;
              u->turned = 1;
            }
        }
      s->act.free180[i] = s->act.free_attack[i] = 0;
    }
  acies_lb_recount (s);
  if (s->act.cmdr >= 0 && !s->cmdrs[s->act.cmdr].hero)
    s->cmdrs[s->act.cmdr].zone = to;
  s->act.moved = TRUE;
  s->act.in_start_zone = FALSE;
  s->act.must_leave = FALSE;
  if (zf >= 0)
    s->act.stop = TRUE;                          /* 5.5.2 */
  if (s->camp_of[to] >= 0)
    {
      s->act.stop = TRUE;                        /* 5.4.3 */
      s->act.entered_camp = TRUE;
    }
  if (events != NULL)
    {
      g_autofree char *names = acies_lb_group_names (s, g);

      acies_events_add (events, "move", "LB 5.2.2", side,
                        /* TRANSLATORS: a line of the game log (LB 5.2.2): a unit's name, the
                         * zone they leave, the zone they enter. */
                        acies_lb_popcount (g) == 1 ? _("%s moves from %s to %s")
                        /* TRANSLATORS: a line of the game log (LB 5.2.2): the names of several units ("Legio 1 and Legio 2"), the
                         * zone they leave, the zone they enter. */
                        : _("%s move from %s to %s"),
                        names, acies_lb_zone_name (s, z, side), acies_lb_zone_name (s, to, side));
    }
  acies_lb_entered_zone (s, side, to, events);
  acies_lb_check_end (s, events);
}

/* LB 3.3.2, 3.4.2, 10.1: may the group deploy into @zone facing @dir? */
gboolean
acies_lb_can_deploy (const AciesLbState *s,
                     gint                zone,
                     gint                dir)
{
  gint side = s->base.active_side, k = acies_lb_col (zone), zf, i;
  gboolean first_turn_rules = s->base.turn == 1 || s->sides[side].surprised;
  gboolean mounted = TRUE;
  guint64 g;

  if (!acies_lb_is_rear (zone, side))
    return FALSE;
  if (dir != acies_lb_forward (side) && !(k == 1 && dir == 3) && !(k == 3 && dir == 1))
    return FALSE;
  g = acies_lb_live_group (s);
  FOR_BITS (i, g)
    if (!acies_lb_is_mounted (&s->units[i]))
      mounted = FALSE;
  if (first_turn_rules)
    {
      if (dir != acies_lb_forward (side) && !(mounted && ((k == 1 && dir == 3) || (k == 3 && dir == 1))))
        return FALSE;
    }
  else if (zone != acies_lb_central_rear (side) || dir != acies_lb_forward (side))
    return FALSE;
  if ((s->terrain[zone] & LB_T_IMPASSABLE) || acies_lb_enemy_in (s, zone, side))
    return FALSE;                                /* 2.2.4, 3.4.3 */
  if (acies_lb_zone_load (s, zone, side) + acies_lb_group_load (s, g) > acies_lb_zone_capacity (s, zone))
    return FALSE;                                /* 3.4.5 */
  zf = acies_lb_zone_facing (s, zone, side, g);
  if (s->act.cmdr >= 0)
    {
      gint other = acies_lb_cmdr_in_zone (s, zone, side);

      if (other >= 0 && other != s->act.cmdr)
        return FALSE;                            /* 8.8.1 */
    }
  for (gint i = 0; i < s->n_units; i++)
    {
      gint cost;

      if (!IN (g, i))
        continue;
      cost = acies_lb_enter_cost (s, i, zone, TRUE);
      /* 5.1.1, 5.5.2: deployed into a friendly zone facing another way, it
       * turns at once to match (a free turn or a movement). */
      if (zf >= 0 && zf != dir && s->units[i].sub != LB_SUB_SCH && s->act.free_turns[i] == 0)
        cost++;
      if (cost > s->act.mv[i])
        return FALSE;
    }
  return TRUE;
}

void
acies_lb_do_deploy (AciesLbState *s,
                    gint          zone,
                    gint          dir,
                    GPtrArray    *events)
{
  gint side = s->base.active_side;
  guint64 g = acies_lb_live_group (s);
  gboolean friendly = acies_lb_zone_load (s, zone, side) > 0;
  gint zf = acies_lb_zone_facing (s, zone, side, g);

  s->sides[side].deployed_this_turn += acies_lb_deploy_weight (s, g);
  for (gint i = 0; i < s->n_units; i++)
    {
      AciesLbUnit *u = &s->units[i];

      if (!IN (g, i))
        continue;
      s->act.mv[i] -= acies_lb_enter_cost (s, i, zone, TRUE);
      u->zone = zone;
      u->facing = dir;
      if (zf >= 0 && zf != dir && u->sub != LB_SUB_SCH)
        {
          if (s->act.free_turns[i] > 0)          /* 5.5.2: turn to match */
            s->act.free_turns[i]--;
          else
            s->act.mv[i]--;
          u->facing = zf;
          u->turned = 1;
        }
      u->deployed_pt = 1;
      u->entered_pt = s->pt;
      s->act.free180[i] = s->act.free_attack[i] = 0;
      if (friendly && u->sub == LB_SUB_SCH)
        acies_lb_remove_unit (s, i, LB_WITHDRAWN, events, "LB 9.5, LB-G33");
    }
  acies_lb_recount (s);
  if (s->act.cmdr >= 0 && !s->cmdrs[s->act.cmdr].hero)
    {
      s->cmdrs[s->act.cmdr].zone = zone;
      s->cmdrs[s->act.cmdr].deployed = 1;
    }
  s->act.deployed = TRUE;
  s->act.in_start_zone = FALSE;
  if (friendly)
    s->act.stop = TRUE;                          /* 3.4.5 */
  if (events != NULL)
    {
      g_autofree char *names = acies_lb_group_names (s, g);

      acies_events_add (events, "deploy", "LB 3.3.2", side,
                        /* TRANSLATORS: a line of the game log (LB 3.3.2): a unit's name, the
                         * zone they enter, the direction they face. */
                        acies_lb_popcount (g) == 1 ? _("%s enters the field in %s facing %s")
                        /* TRANSLATORS: a line of the game log (LB 3.3.2): the names of several units ("Legio 1 and Legio 2"), the
                         * zone they enter, the direction they face. */
                        : _("%s enter the field in %s facing %s"),
                        names, acies_lb_zone_name (s, zone, side), g_dgettext (GETTEXT_PACKAGE, acies_lb_dir_names[dir]));
    }
  acies_lb_check_end (s, events);
}

/* LB 5.7 */
gboolean
acies_lb_can_leave (const AciesLbState *s)
{
  gint z = acies_lb_group_zone (s);

  if (z < 0 || acies_lb_neighbour (z, acies_lb_group_facing (s)) >= 0 || (s->terrain[z] & LB_T_COAST)
      || s->act.kind == LB_ACT_TURN_ONLY || s->act.must_leave)
    return FALSE;
  for (gint i = 0; i < s->n_units; i++)
    if (IN (s->act.group, i) && acies_lb_present (&s->units[i]) && s->act.mv[i] < 1)
      return FALSE;
  return TRUE;
}

void
acies_lb_do_leave (AciesLbState *s,
                   GPtrArray    *events)
{
  for (gint i = 0; i < s->n_units; i++)
    if (IN (s->act.group, i) && acies_lb_present (&s->units[i]))
      acies_lb_remove_unit (s, i, s->units[i].status == LB_FRESH ? LB_WITHDRAWN : LB_FLED, events, "LB 5.7");
  if (s->act.cmdr >= 0)
    acies_lb_cmdr_lost (s, s->act.cmdr, FALSE, events, "LB 5.7", "he left the battlefield");
  acies_lb_check_end (s, events);
  if (!s->base.finished)
    acies_lb_end_activation (s, events);
}

/**
 * acies_lb_action_path:
 * @s: the state the action is taken in
 * @a: an action of this ruleset
 * @cells: (out caller-allocates): #AciesCell zones appended, from where
 *   the units stand to where the action takes them (or strikes)
 * @cost: (out) (optional): the movements it spends (LB 5.4.1), the most
 *   any unit of the group spends
 *
 * The zones of a move, an attack, a deployment, a pursuit or a
 * Strategist's move (the ruleset interface's get_action_path): "Move
 * forward" from the group's zone to the zone it faces (LB 5.2.2),
 * "Attack" from the group's zone to the zone attacked (6.1), "Deploy"
 * the rear zone entered from off the field (3.3.2, one zone), "Pursue"
 * from the pursuer's zone to the emptied zone (6.9), a Strategist from
 * his zone (if any) to the new one (8.2).  The last zone is always the
 * destination or target.
 *
 * Returns: %TRUE if @a moves or attacks and @cells holds its zones
 */
gboolean
acies_lb_action_path (const AciesLbState *s,
                      const AciesAction  *a,
                      GArray             *cells,
                      gint               *cost)
{
  gint from = LB_NONE, to = LB_NONE, c = 0;
  guint64 g;

  if (cost != NULL)
    *cost = 0;
  if (s->base.finished)
    return FALSE;
  switch (a->type)
    {
    case LB_A_MOVE:
    case LB_A_ATTACK:
      g = acies_lb_live_group (s);
      if (s->phase != LB_PH_ACT || g == 0 || (from = acies_lb_group_zone (s)) < 0
          || (to = acies_lb_neighbour (from, acies_lb_group_facing (s))) < 0)
        return FALSE;
      c = acies_lb_group_enter_cost (s, g, to, FALSE, a->type == LB_A_MOVE ? acies_lb_group_facing (s) : -1);
      break;
    case LB_A_DEPLOY:
      g = acies_lb_live_group (s);
      if (s->phase != LB_PH_ACT || g == 0 || a->args[0] < 0 || a->args[0] >= LB_ZONES
          || a->args[1] < 0 || a->args[1] > 3)
        return FALSE;
      to = a->args[0];
      c = acies_lb_group_enter_cost (s, g, to, TRUE, a->args[1]);
      break;
    case LB_A_PURSUE:
      if (s->phase != LB_PH_PURSUIT || a->args[0] < 0 || a->args[0] >= s->n_units)
        return FALSE;
      from = s->units[a->args[0]].zone;
      to = s->atk.to;
      break;
    case LB_A_STRATEGIST:
      if (a->args[0] < 0 || a->args[0] >= s->n_cmdrs || a->args[1] < 0 || a->args[1] >= LB_ZONES)
        return FALSE;
      from = acies_lb_cmdr_zone (s, a->args[0]);
      to = a->args[1];
      c = from >= 0 ? acies_lb_distance (from, to) : 0;
      break;
    default:
      return FALSE;
    }
  if (to < 0)
    return FALSE;
  if (from >= 0 && from != to)
    {
      AciesCell cell = from;

      g_array_append_val (cells, cell);
    }
  {
    AciesCell cell = to;

    g_array_append_val (cells, cell);
  }
  if (cost != NULL)
    *cost = c;
  return TRUE;
}
