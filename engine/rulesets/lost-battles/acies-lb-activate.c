/* acies-lb-activate.c
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
 * Lost Battles, activation of groups (LB 4.2–4.4, 8.3, 10.1) and Strategists
 * (8.2), and the cost of entering a zone.
 */

/* Activation (LB 4.2–4.4, 8.3). */

/* Orders from commanders' pools usable for a group from @zone with the
 * accompanying commander @with (LB 8.3, 8.8.2, LB-G28). */
gint
acies_lb_pool_orders (const AciesLbState *s,
                      gint                zone,
                      gint                with,
                      gint               *payers,
                      gint               *n_payers)
{
  gint total = 0, n = 0;

  for (gint c = 0; c < s->n_cmdrs; c++)
    {
      const AciesLbCmdr *k = &s->cmdrs[c];

      if (k->side != s->base.active_side || k->act_pool == 0 || !acies_lb_cmdr_can_use (s, c))
        continue;
      if (acies_lb_cmdr_zone (s, c) != zone)
        continue;
      if (zone >= 0 && k->activated && c != with)
        continue;
      if (zone < 0 && k->activated && c != with)
        continue;
      total += k->act_pool;
      if (payers != NULL)
        payers[n++] = c;
    }
  if (n_payers != NULL)
    *n_payers = n;
  return total;
}

gint
acies_lb_hero_of_group (const AciesLbState *s,
                        guint64             group)
{
  gint i;

  FOR_BITS (i, group)
    if (s->units[i].hero >= 0 && s->cmdrs[s->units[i].hero].status == LB_CMDR_PRESENT)
      return s->units[i].hero;
  return LB_NONE;
}

/* LB 10.1: units a surprised army may still deploy this turn. */
gint
acies_lb_deploy_weight (const AciesLbState *s,
                        guint64             group)
{
  gint w = 0, i;

  FOR_BITS (i, group)
      w += (s->base.turn == 1 && (s->units[i].type == LB_HI || s->units[i].type == LB_EL)) ? 2 : 1;
  return w;
}

gboolean
acies_lb_activation_ok (const AciesLbState *s,
                        guint64             group,
                        gint                zone,
                        AciesLbActKind      kind,
                        gint                with)
{
  gint n = acies_lb_popcount (group), first = __builtin_ctzll (group);
  gint cost, hero = acies_lb_hero_of_group (s, group);

  if (kind == LB_ACT_DOUBLE && n != 1)
    return FALSE;
  if (kind == LB_ACT_TRIPLE && (n != 1 || s->units[first].cls != LB_VETERAN || s->units[first].sub != LB_SUB_LE))
    return FALSE;
  if (kind == LB_ACT_TURN_ONLY)
    {
      if (zone < 0 || n < 2)
        return FALSE;
      for (gint i = 0; i < s->n_units; i++)   /* 5.1.2: only whole zones may turn in place */
        if (s->units[i].zone == zone && s->units[i].side == s->base.active_side
            && acies_lb_present (&s->units[i]) && !IN (group, i))
          return FALSE;
    }
  if (with >= 0)
    {
      const AciesLbCmdr *k = &s->cmdrs[with];

      if (k->hero || k->activated || k->status != LB_CMDR_PRESENT || k->side != s->base.active_side
          || k->zone != zone || hero >= 0)
        return FALSE;                          /* 8.2, 8.8.1 */
    }
  if (zone < 0 && s->sides[s->base.active_side].surprised
      && s->sides[s->base.active_side].deployed_this_turn + acies_lb_deploy_weight (s, group) > 4)
    return FALSE;                              /* 10.1 */
  cost = acies_lb_activation_cost (s, group, kind);
  return cost <= s->sides[s->base.active_side].orders
                 + acies_lb_pool_orders (s, zone, with >= 0 ? with : hero, NULL, NULL);
}

void
acies_lb_do_activate (AciesLbState   *s,
                      AciesLbActKind  kind,
                      gint            with,
                      GPtrArray      *events)
{
  guint64 group = s->selection;
  gint zone = s->sel_zone, cost = acies_lb_activation_cost (s, group, kind);
  gint pool_take[LB_MAX_CMDRS], from_orders, hero = acies_lb_hero_of_group (s, group), from_pool;
  g_autoptr(GString) paid = events != NULL ? g_string_new (NULL) : NULL;
  AciesLbActivation *act = &s->act;
  gint side = s->base.active_side;

  memset (act, 0, sizeof *act);
  act->kind = kind;
  act->zone = zone;
  act->group = group;
  act->cmdr = hero >= 0 ? hero : with;
  act->in_start_zone = TRUE;
  act->attack_cap = kind == LB_ACT_TURN_ONLY ? 1 : 99;

  /* 8.3.2: pools first (the plan reads the state before any change). */
  from_pool = acies_lb_pay_plan (s, group, zone, kind, with, pool_take, &from_orders);
  if (paid != NULL)
    acies_lb_append_payment (paid, s, pool_take, from_pool, from_orders);
  for (gint c = 0; c < s->n_cmdrs; c++)
    s->cmdrs[c].act_pool -= pool_take[c];
  s->sides[side].orders -= from_orders;
  if (act->cmdr >= 0)
    s->cmdrs[act->cmdr].activated = 1;
  for (gint i = 0; i < s->n_units; i++)
    {
      AciesLbUnit *u = &s->units[i];

      if (!IN (group, i))
        {
          if (zone >= 0 && u->zone == zone && u->side == side && acies_lb_present (u))
            act->partial = TRUE;
          continue;
        }
      u->activated = 1;
      if (kind == LB_ACT_DOUBLE || kind == LB_ACT_TRIPLE)
        u->double_moved = 1;
      act->mv[i] = acies_lb_base_movements (u, kind);
      act->free_turns[i] = u->type == LB_LI ? 1 : u->type == LB_LC ? 2 : 0;   /* 5.3 */
      if (kind == LB_ACT_DOUBLE && zone < 0 && u->type == LB_LI && u->cls != LB_VETERAN)
        act->free_turns[i] = 0;                                               /* 4.4.3 */
      act->free180[i] = zone >= 0 && acies_lb_free_180 (s, i);                      /* 5.3-d */
      act->free_attack[i] = zone >= 0 && acies_lb_free_attack_turn (s, i);
    }
  s->selection = 0;
  acies_lb_set_phase (s, LB_PH_ACT);
  if (events == NULL)
    return;
  {
    g_autofree char *names = acies_lb_group_names (s, group);
    /* TRANSLATORS: the kinds of activation (LB 4.2.5, 4.4.1, 9.3), the last
     * slot but two of "Romans: Legio 1 in A1 Centre activated (double move)
     * for 2 Orders"; the code puts a space before them. */
    static const char * const kind_words[] = { "", N_("(turn only)"), N_("(double move)"), N_("(triple move)") };
    g_autofree char *kind_text = kind == 0 ? g_strdup ("") : g_strconcat (" ", g_dgettext (GETTEXT_PACKAGE, kind_words[kind]), NULL);
    const char *rule = kind == LB_ACT_STD ? "LB 4.2.4" : kind == LB_ACT_TURN_ONLY ? "LB 4.2.5"
                       : kind == LB_ACT_DOUBLE ? "LB 4.4.1" : "LB 9.3";
    const char *side_name = acies_lb_side_name (s, side);

    /* "Romans: Legio 1 and Legio 2 in A1 Centre activated for 1 Order";
     * "Romans: Roman equites, off the field, activated for 2 Orders". */
    if (zone >= 0 && act->cmdr >= 0)
      acies_events_add (events, "activate", rule, side,
                        /* TRANSLATORS: a line of the game log (LB 4.2). Slots in order: %s: a
                         * side's name; %s: the units' names ("Legio 1 and Legio 2"); %s: a zone;
                         * %s: the kind of activation (nothing, or " (double move)"…); %d: the
                         * Orders paid; %s: how they were paid (nothing, or " (from Scipio’s
                         * pool)"); %s: the commander's name.  E.g. "Romans: Legio 1 and Legio 2
                         * in A1 Centre activated for 1 Order with Scipio". */
                        g_dngettext (GETTEXT_PACKAGE, "%s: %s in %s activated%s for %d Order%s with %s",
                                     "%s: %s in %s activated%s for %d Orders%s with %s", cost),
                        side_name, names, acies_lb_zone_name (s, zone, side), kind_text, cost, paid->str,
                        acies_lb_cmdr_name (s, act->cmdr));
    else if (zone >= 0)
      acies_events_add (events, "activate", rule, side,
                        /* TRANSLATORS: a line of the game log (LB 4.2). Slots in order: %s: a
                         * side's name; %s: the units' names; %s: a zone; %s: the kind of
                         * activation (nothing, or " (double move)"…); %d: the Orders paid; %s:
                         * how they were paid (nothing, or " (from Scipio’s pool)"). */
                        g_dngettext (GETTEXT_PACKAGE, "%s: %s in %s activated%s for %d Order%s",
                                     "%s: %s in %s activated%s for %d Orders%s", cost),
                        side_name, names, acies_lb_zone_name (s, zone, side), kind_text, cost, paid->str);
    else if (act->cmdr >= 0)
      acies_events_add (events, "activate", rule, side,
                        /* TRANSLATORS: a line of the game log (LB 4.2): units off the field.
                         * Slots in order: %s: a side's name; %s: the units' names; %s: the kind
                         * of activation (nothing, or " (double move)"…); %d: the Orders paid; %s:
                         * how they were paid (nothing, or " (from Scipio’s pool)"); %s: the
                         * commander's name. */
                        g_dngettext (GETTEXT_PACKAGE, "%s: %s, off the field, activated%s for %d Order%s with %s",
                                     "%s: %s, off the field, activated%s for %d Orders%s with %s", cost),
                        side_name, names, kind_text, cost, paid->str, acies_lb_cmdr_name (s, act->cmdr));
    else
      acies_events_add (events, "activate", rule, side,
                        /* TRANSLATORS: a line of the game log (LB 4.2): units off the field.
                         * Slots in order: %s: a side's name; %s: the units' names; %s: the kind
                         * of activation (nothing, or " (double move)"…); %d: the Orders paid; %s:
                         * how they were paid (nothing, or " (from Scipio’s pool)"). */
                        g_dngettext (GETTEXT_PACKAGE, "%s: %s, off the field, activated%s for %d Order%s",
                                     "%s: %s, off the field, activated%s for %d Orders%s", cost),
                        side_name, names, kind_text, cost, paid->str);
  }
}

/* Strategists (LB 8.2). */

gboolean
acies_lb_strategist_dest_ok (const AciesLbState *s,
                             gint                c,
                             gint                zone)
{
  gint other;

  if (zone < 0)
    return TRUE;
  if ((s->terrain[zone] & LB_T_IMPASSABLE) || acies_lb_enemy_in (s, zone, s->cmdrs[c].side) || zone == s->cmdrs[c].zone)
    return FALSE;
  other = acies_lb_cmdr_in_zone (s, zone, s->cmdrs[c].side);
  return other < 0 || other == c;                /* 8.8.1 */
}

/* The movements the group spends to enter @to (LB 5.4.1, 6.1.4, 3.3.2):
 * the most any of its units spends, with the turn to match a friendly
 * zone's facing @dir (5.5.2) unless @dir is -1. */
gint
acies_lb_group_enter_cost (const AciesLbState *s,
                           guint64             g,
                           gint                to,
                           gboolean            entry,
                           gint                dir)
{
  gint most = 0, zf = dir >= 0 ? acies_lb_zone_facing (s, to, s->base.active_side, g) : -1, i;

  FOR_BITS (i, g)
    {
      gint cost = acies_lb_enter_cost (s, i, to, entry);

      if (zf >= 0 && zf != dir && s->units[i].sub != LB_SUB_SCH && s->act.free_turns[i] == 0)
        cost++;
      most = MAX (most, cost);
    }
  return most;
}
