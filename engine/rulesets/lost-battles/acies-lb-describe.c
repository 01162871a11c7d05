/* acies-lb-describe.c
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
#include "acies-text.h"

/*
 * Lost Battles, actions, units, zones and prompts in players' words: the
 * names (LB 1.1, 2.1.1), what an action does (describe_action), what the
 * rules ask now (the prompt).
 */

const char *
acies_lb_side_name (const AciesLbState *s,
                    gint                side)
{
  const AciesSide *sd = g_ptr_array_index (s->base.scenario->sides, side);

  return sd->name != NULL ? sd->name : sd->id;
}

/* The scenario's name of @unit, or its id without one. */
static const char *
given_name (const AciesLbState *s,
            gint                unit)
{
  const AciesUnit *u = g_ptr_array_index (s->base.scenario->units, unit);

  return u->name != NULL ? u->name : u->id;
}

/**
 * acies_lb_unit_name:
 * @s: a state
 * @unit: a unit index
 *
 * The name of @unit every text uses (actions, prompts, events,
 * describe_unit), one of its own: the scenario's name (or its id without
 * one), numbered 1 and up in scenario order when other units share it,
 * "Numidians (1)", "Numidians (2)".  Text paths only (an O(units) scan):
 * random playouts, which pass no events, never call it.
 *
 * Returns: (transfer none): the name; interned when numbered, so it lives
 *   as long as the process
 */
const char *
acies_lb_unit_name (const AciesLbState *s,
                    gint                unit)
{
  const char *name = given_name (s, unit);
  g_autofree char *numbered = NULL;
  gint before = 0;
  gboolean shared = FALSE;

  for (gint j = 0; j < s->n_units; j++)
    if (j != unit && g_strcmp0 (given_name (s, j), name) == 0)
      {
        shared = TRUE;
        before += j < unit;
      }
  if (!shared)
    return name;
  numbered = g_strdup_printf ("%s (%d)", name, before + 1);
  return g_intern_string (numbered);
}

/**
 * acies_lb_group_names:
 * @s: a state
 * @group: a set of units (bits)
 *
 * The units of @group in a sentence, in scenario order: "Legio 1",
 * "Legio 1 and Legio 2", "Legio 1, Legio 2 and Legio 3"; past four names,
 * "Legio 1, Legio 2, Legio 3, Legio 4 and 2 more".
 *
 * Returns: (transfer full): the names
 */
char *
acies_lb_group_names (const AciesLbState *s,
                      guint64             group)
{
  const char *names[5];
  g_autofree char *more = NULL;
  gint n = acies_lb_popcount (group), k = 0, shown = n > 4 ? 4 : n;

  for (gint i = 0; i < s->n_units && k < shown; i++)
    if ((group >> i) & 1)
      names[k++] = acies_lb_unit_name (s, i);
  if (n > shown)
    /* TRANSLATORS: the last item of a list of units too long to name
     * them all ("A, B, C, D and 3 more"); %d: how many are not named. */
    names[k++] = more = g_strdup_printf (ngettext ("%d more", "%d more", n - shown), n - shown);
  return acies_text_join_list (names, (gsize) k);
}

const char *
acies_lb_zone_name (const AciesLbState *s,
                    gint                zone,
                    gint                side)
{
  if (zone < 0)
    /* Translators: where a unit off the board is ("withdrawn off the field"). */
    return _("off the field");
  return acies_board_cell_label_shown (s->base.scenario->map.board, zone);
}

const char *
acies_lb_cmdr_name (const AciesLbState *s,
                    gint                c)
{
  const AciesLeader *l = g_ptr_array_index (s->base.scenario->leaders, c);

  return l->name != NULL ? l->name : l->id;
}

/* Player texts cite the rule section, not the checklist id: "(LB
 * 6.5-m01)" becomes "(LB 6.5)", in place. */
void
acies_lb_rule_sections (GString *text)
{
  const char *p;
  gsize from = 0;

  while (text != NULL && (p = strstr (text->str + from, "(LB ")) != NULL)
    {
      gsize start = p - text->str + 4;
      gsize end = start + strcspn (text->str + start, ")");
      gsize dash = start + strcspn (text->str + start, "-)");

      if (dash < end)
        g_string_erase (text, dash, end - dash);
      from = start;
    }
}

/* How activating @group (from @zone, @kind, with the Strategist @with or
 * -1) is paid (LB 8.3.2, LB-T25): the commanders' pools first, in the order
 * acies_lb_pool_orders() lists them, then general Orders.  Fills @pool_take (per
 * commander, LB_MAX_CMDRS) and returns the Orders taken from pools;
 * @from_orders gets the general Orders. */
gint
acies_lb_pay_plan (const AciesLbState *s,
                   guint64             group,
                   gint                zone,
                   AciesLbActKind      kind,
                   gint                with,
                   gint               *pool_take,
                   gint               *from_orders)
{
  gint payers[LB_MAX_CMDRS], n_payers, hero = acies_lb_hero_of_group (s, group);
  gint cost = acies_lb_activation_cost (s, group, kind), from_pool = 0;

  memset (pool_take, 0, sizeof (gint) * LB_MAX_CMDRS);
  acies_lb_pool_orders (s, zone, hero >= 0 ? hero : with, payers, &n_payers);
  for (gint p = 0; p < n_payers && cost > 0; p++)
    {
      gint take = MIN (cost, s->cmdrs[payers[p]].act_pool);

      pool_take[payers[p]] = take;
      cost -= take;
      from_pool += take;
    }
  *from_orders = cost;
  return from_pool;
}

/* " (1 from Hannibal’s pool, 1 general Order)", " (from Hannibal’s
 * pool)", or "" when no pool pays. */
void
acies_lb_append_payment (GString            *text,
                         const AciesLbState *s,
                         const gint         *pool_take,
                         gint                from_pool,
                         gint                from_orders)
{
  gboolean first = TRUE;

  if (from_pool == 0)
    return;
  g_string_append (text, " (");
  for (gint c = 0; c < s->n_cmdrs; c++)
    {
      if (pool_take[c] == 0)
        continue;
      if (!first)
        g_string_append (text, ", ");
      if (from_orders == 0 && from_pool == pool_take[c])
        g_string_append_printf (text, _("from %s’s pool"), acies_lb_cmdr_name (s, c));
      else
        g_string_append_printf (text, _("%d from %s’s pool"), pool_take[c], acies_lb_cmdr_name (s, c));
      first = FALSE;
    }
  if (from_orders > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", %d general Order", ", %d general Orders",
                                               from_orders), from_orders);
  g_string_append (text, ")");
}

/**
 * acies_lb_describe_action:
 * @s: the state the action is taken in
 * @a: an action of this ruleset
 *
 * An action in a player's words, with names for units, commanders and
 * zones ("Attack with Legio 3, half size, 1 attack bonus"), for buttons,
 * prompts and the log (the ruleset interface's describe_action).
 *
 * Returns: (transfer full) (nullable): the sentence, or %NULL for the
 *   generic one
 */
char *
acies_lb_describe_action (const AciesLbState *s,
                          const AciesAction  *a)
{
  static const char * const kind_words[] = {
    N_("standard activation"), N_("turn only"), N_("double move"), N_("triple move")
  };
  static const char * const facing_words[] = { N_("north"), N_("east"), N_("south"), N_("west") };
#define UNIT_OK(i) ((i) >= 0 && (i) < s->n_units)
#define CMDR_OK(i) ((i) >= 0 && (i) < s->n_cmdrs)
#define ZONE_OK(i) ((i) >= 0 && (i) < LB_ZONES)

  switch (a->type)
    {
    case LB_A_END_TURN:                                        /* 4.1.2 */
      {
        gint left = s->sides[s->base.active_side].orders;

        if (left <= 0)
          return g_strdup (_("End the player-turn"));
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "End the player-turn: %d Order unspent is lost (LB 4.1.2)",
                                             "End the player-turn: %d Orders unspent are lost (LB 4.1.2)", left),
                                left);
      }
    case LB_A_SWAP:                                            /* 8.9 */
      return g_strdup (a->args[0] ? _("Swap the turn order from now on") : _("Keep the turn order"));
    case LB_A_CHOOSE_CMDR:                                     /* 8.8.3 */
      return CMDR_OK (a->args[0]) ? g_strdup_printf (_("Choose %s"), acies_lb_cmdr_name (s, a->args[0])) : NULL;
    case LB_A_SELECT:                                          /* 4.2 */
      return UNIT_OK (a->args[0]) ? g_strdup_printf (_("Add %s to the group"), acies_lb_unit_name (s, a->args[0])) : NULL;
    case LB_A_ACTIVATE:                                        /* 4.2.4, 4.4 */
      {
        gint kind = a->args[0];
        GString *text;

        if (kind < 0 || kind > LB_ACT_TRIPLE)
          return NULL;
        gint cost = acies_lb_activation_cost (s, s->selection, (AciesLbActKind) kind);
        gint pool_take[LB_MAX_CMDRS], from_orders, from_pool;

        if (s->selection == 0)
          return NULL;
        from_pool = acies_lb_pay_plan (s, s->selection, s->sel_zone, (AciesLbActKind) kind,
                              CMDR_OK (a->args[1]) ? a->args[1] : -1, pool_take, &from_orders);
        text = g_string_new (NULL);
        g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "Activate the group: %s, %d Order",
                                            "Activate the group: %s, %d Orders", cost),
                         g_dgettext (GETTEXT_PACKAGE, kind_words[kind]), cost);
        /* LB 8.3.2: the pool pays first, whichever is chosen: say so. */
        acies_lb_append_payment (text, s, pool_take, from_pool, from_orders);
        if (CMDR_OK (a->args[1]))
          g_string_append_printf (text, _("; %s goes with it (LB 8.2)"), acies_lb_cmdr_name (s, a->args[1]));
        return g_string_free (text, FALSE);
      }
    case LB_A_STRATEGIST:                                      /* 8.2 */
      if (!CMDR_OK (a->args[0]))
        return NULL;
      if (ZONE_OK (a->args[1]))
        return g_strdup_printf (_("Move %s to %s"), acies_lb_cmdr_name (s, a->args[0]), acies_lb_zone_name (s, a->args[1], a->player));
      return g_strdup_printf (_("Move %s"), acies_lb_cmdr_name (s, a->args[0]));
    case LB_A_DEPLOY:                                          /* 3.3.2 */
      if (!ZONE_OK (a->args[0]) || a->args[1] < 0 || a->args[1] > 3)
        return NULL;
      return g_strdup_printf (_("Deploy the group in %s, facing %s"), acies_lb_zone_name (s, a->args[0], a->player),
                              g_dgettext (GETTEXT_PACKAGE, facing_words[a->args[1]]));
    case LB_A_MOVE:                                            /* 5.2.2 */
    case LB_A_ATTACK:                                          /* 6.1 */
      {
        gint from = acies_lb_group_zone (s), to = from >= 0 ? acies_lb_neighbour (from, acies_lb_group_facing (s)) : LB_NONE;

        if (s->phase != LB_PH_ACT || !ZONE_OK (to))
          return NULL;
        if (a->type == LB_A_MOVE)
          return g_strdup_printf (_("Move forward to %s"), acies_lb_zone_name (s, to, a->player));
        return g_strdup_printf (_("Attack %s"), acies_lb_zone_name (s, to, a->player));
      }
    case LB_A_TURN:                                            /* 5.2.3 */
      if (a->args[0] < 0 || a->args[0] > 3)
        return NULL;
      return g_strdup_printf (_("Turn to face %s"), g_dgettext (GETTEXT_PACKAGE, facing_words[a->args[0]]));
    case LB_A_ATTACK_WITH:                                     /* 6.4.1, 4.4.4, 6.3 */
      {
        GString *text;

        if (!UNIT_OK (a->args[0]))
          return NULL;
        text = g_string_new (NULL);
        g_string_printf (text, _("Attack with %s"), acies_lb_unit_name (s, a->args[0]));
        if (a->args[1])
          g_string_append (text, _(", half size"));
        if (a->args[2] > 0)
          g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", %d attack bonus", ", %d attack bonuses",
                                                     a->args[2]), a->args[2]);
        if (UNIT_OK (a->args[3]))
          g_string_append_printf (text, _(", supported by %s"), acies_lb_unit_name (s, a->args[3]));
        return g_string_free (text, FALSE);
      }
    case LB_A_DECISIVE:                                        /* 6.7 */
      return g_strdup (a->args[0] ? _("Attack decisively") : _("Do not attack decisively"));
    case LB_A_SECOND_HIT:                                      /* 6.6.2 */
      return UNIT_OK (a->args[0]) ? g_strdup_printf (_("%s takes the second hit"), acies_lb_unit_name (s, a->args[0])) : NULL;
    case LB_A_RECOVER:                                         /* 8.6 */
      if (CMDR_OK (a->args[0]))
        return g_strdup_printf (_("%s tries to remove the hit"), acies_lb_cmdr_name (s, a->args[0]));
      return g_strdup (_("No recovery attempt"));
    case LB_A_LEAD:                                            /* 6.4 */
      return UNIT_OK (a->args[0]) ? g_strdup_printf (_("%s is the lead unit"), acies_lb_unit_name (s, a->args[0])) : NULL;
    case LB_A_PURSUE:                                          /* 6.9 */
      if (!UNIT_OK (a->args[0]))
        return NULL;
      if (s->phase == LB_PH_PURSUIT && ZONE_OK (s->atk.to))
        return g_strdup_printf (_("%s pursues into %s"), acies_lb_unit_name (s, a->args[0]),
                                acies_lb_zone_name (s, s->atk.to, a->player));
      return g_strdup_printf (_("%s pursues"), acies_lb_unit_name (s, a->args[0]));
    case LB_A_BEGIN_TURN:                                      /* 3.1, 10.3, 10.4 */
      return g_strdup_printf (_("Begin turn %u"), s->base.turn);
    default:
      return NULL;
    }
#undef UNIT_OK
#undef CMDR_OK
#undef ZONE_OK
}
/**
 * acies_lb_prompt_text:
 * @s: the state
 * @rule: (out): the rule giving the choice
 *
 * The question of the pending choice, naming the zone it concerns ("designate
 * the lead unit in A1 Rear"); get_prompt() puts the deciding army's name
 * before it.
 *
 * Returns: (transfer full) (nullable): the question, or %NULL without one
 */
char *
acies_lb_prompt_text (const AciesLbState  *s,
                      char               **rule)
{
  gint who = s->phase == LB_PH_NEW_LEAD || s->phase == LB_PH_SECOND_HIT || s->phase == LB_PH_RECOVERY
             ? 1 - s->base.active_side : s->base.active_side;
  gint z = s->relead != 0 ? (gint) __builtin_ctz (s->relead) : LB_NONE;

  *rule = NULL;
  switch (s->phase)
    {
    case LB_PH_SWAP:
      *rule = g_strdup ("LB 8.9");
      /* Translators: a question to an army, after its name ("Romans: swap…"). */
      return g_strdup (_("swap the turn order for this turn and every later turn?"));
    case LB_PH_TURN_START:
      *rule = g_strdup ("LB 3.1");
      /* Translators: a prompt to an army, after its name; %u is the turn. */
      return g_strdup_printf (_("begin turn %u: roll for the dust and the weather"), s->base.turn);
    case LB_PH_CMDR_CHOICE:
      *rule = g_strdup ("LB 8.8.3");
      /* Translators: a prompt to an army, after its name. */
      return g_strdup (_("choose the commander who may use his Orders this player-turn"));
    case LB_PH_SELECT:
      *rule = g_strdup ("LB 4.2");
      /* Translators: a prompt to an army, after its name. */
      return g_strdup (_("add units to the group (same zone or all undeployed), then activate it"));
    case LB_PH_ATTACK:
      *rule = g_strdup ("LB 6.4.1");
      /* Translators: a prompt to an army, after its name; the first %s is
       * the attacked zone, the second the zone the attack comes from. */
      return g_strdup_printf (_("choose the next unit to attack %s from %s (the first becomes the lead unit), "
                                "its bonus and size"), acies_lb_zone_name (s, s->atk.to, who),
                              acies_lb_zone_name (s, s->atk.from, who));
    case LB_PH_DECISIVE:
      *rule = g_strdup ("LB 6.7");
      /* Translators: a question to an army, after its name. */
      return g_strdup (_("make a decisive attack (the attacker becomes Disordered, one more hit)?"));
    case LB_PH_SECOND_HIT:
      *rule = g_strdup ("LB 6.6.2");
      /* Translators: a prompt to an army, after its name; %s is a zone. */
      return g_strdup_printf (_("choose the unit in %s that takes the second hit"), acies_lb_zone_name (s, s->atk.to, who));
    case LB_PH_RECOVERY:
      *rule = g_strdup ("LB 8.6");
      /* Translators: a question to an army, after its name. */
      return g_strdup (_("attempt to remove the hit with a commander?"));
    case LB_PH_NEW_LEAD:
      *rule = g_strdup ("LB 6.4.5");
      /* Translators: a prompt to an army, after its name; %s is a zone. */
      return g_strdup_printf (_("choose the new lead unit in %s, the attacked zone"), acies_lb_zone_name (s, z, who));
    case LB_PH_PURSUIT:
      *rule = g_strdup ("LB 6.9");
      /* Translators: a question to an army, after its name; %s is a zone. */
      return g_strdup_printf (_("advance units into %s, the emptied zone?"), acies_lb_zone_name (s, s->atk.to, who));
    case LB_PH_LEADS:
      *rule = g_strdup ("LB 3.2.3");
      /* Translators: a prompt to an army, after its name; %s is a zone. */
      return g_strdup_printf (_("designate the lead unit in %s"), acies_lb_zone_name (s, z, who));
    default:
      return NULL;
    }
}
