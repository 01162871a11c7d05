/* test-lb-words.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-lb"

#include "config.h"

#include <glib.h>

#include <string.h>

#include "io/acies-scenario-io.h"
#include "model/acies-scenario.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/lost-battles/acies-lb-private.h"

#include "lb-test-common.h"

/*
 * Lost Battles in a player's words and on the board (issues 4 and 6): every
 * unit named once (the bundled battles' names, numbers for shared names),
 * groups named by their units, prompts naming their zone, moves and
 * attacks naming where they go with the zones of their path
 * (get_action_path), and a state view that reports dust, fatigue, surprise
 * and the Orders of the army whose player-turn it is only.
 */

static AciesRuleset *
acies_lb_ruleset (void)
{
  g_autoptr(GError) error = NULL;
  AciesRuleset *ruleset = acies_ruleset_lookup ("lost-battles", &error);

  g_assert_no_error (error);
  return ruleset;
}

static void
set_name (AciesScenario *scn,
          gint           u,
          const char    *name)
{
  AciesUnit *su = g_ptr_array_index (scn->units, u);

  g_free (su->name);
  su->name = g_strdup (name);
}

/* The text of the last event of @type in @events, or NULL. */
static const char *
event_text (GPtrArray  *events,
            const char *type)
{
  const char *text = NULL;

  for (guint i = 0; i < events->len; i++)
    if (g_str_equal (((AciesEvent *) g_ptr_array_index (events, i))->type, type))
      text = ((AciesEvent *) g_ptr_array_index (events, i))->text;
  return text;
}

static char *
describe (AciesRuleset       *ruleset,
          const AciesLbState *s,
          gint                type,
          gint                a0,
          gint                a1)
{
  AciesAction a;

  acies_action_init (&a, type, s->base.deciding_side);
  for (gint i = 0; i < ACIES_ACTION_MAX_ARGS; i++)
    a.args[i] = -1;
  a.args[0] = a0;
  a.args[1] = a1;
  return acies_ruleset_describe_action (ruleset, &s->base, &a);
}

static AciesScenario *
load_battle (const char *name)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "lost-battles",
                                            name, NULL);
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  return scenario;
}

/* LB 1.1-a, data: every unit of the bundled battles has a name of its own
 * in the scenario, so the engine has nothing to number. */
static void
test_1_1_a_bundled_names_unique (void)
{
  static const char * const battles[] = { "cannae.acies", "gaugamela.acies" };
  g_autoptr(AciesRuleset) ruleset = acies_lb_ruleset ();

  for (guint b = 0; b < G_N_ELEMENTS (battles); b++)
    {
      g_autoptr(AciesScenario) scn = load_battle (battles[b]);
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autoptr(GError) error = NULL;
      AciesState *state = acies_ruleset_new_state (ruleset, scn, NULL, &error);

      g_assert_no_error (error);
      for (guint i = 0; i < scn->units->len; i++)
        {
          AciesUnit *su = g_ptr_array_index (scn->units, i);
          g_autofree char *words = acies_ruleset_describe_unit (ruleset, state, i, 0);

          g_assert_nonnull (su->name);
          g_assert_false (g_hash_table_contains (seen, su->name));
          g_hash_table_add (seen, g_strdup (su->name));
          /* No number added: the scenario's name as it is. */
          g_assert_cmpstr (words, ==, su->name);
        }
      acies_ruleset_free_state (ruleset, state);
    }
  {
    g_autoptr(AciesScenario) cannae = load_battle ("cannae.acies");
    g_autoptr(AciesScenario) gaugamela = load_battle ("gaugamela.acies");

    g_assert_cmpstr (acies_scenario_find_unit (cannae, "car-num1")->name, ==, "Numidians 1");
    g_assert_cmpstr (acies_scenario_find_unit (cannae, "car-num2")->name, ==, "Numidians 2");
    g_assert_cmpstr (acies_scenario_find_unit (gaugamela, "per-sch2")->name, ==, "Scythed chariots (centre)");
  }
}

/* LB 1.1-a: units of any scenario that share a name are numbered in
 * scenario order, in every text: describe_unit, the actions naming them
 * and the events. */
static void
test_1_1_a_numbered_names (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint n1 = scn_unit (scn, 0, "LC", "V", NULL), n2 = scn_unit (scn, 0, "LC", "V", NULL);
  gint l = scn_unit (scn, 0, "HI", "V", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lb_ruleset ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(AciesLbState) s = NULL;
  g_autofree char *u1 = NULL, *u2 = NULL, *ul = NULL, *lead1 = NULL, *lead2 = NULL;
  g_autofree char *add2 = NULL, *with2 = NULL;

  set_name (scn, n1, "Numidians");
  set_name (scn, n2, "Numidians");
  set_name (scn, l, "Libyans");
  set_name (scn, d, "Legio 1");
  s = state_new (scn);
  u1 = acies_ruleset_describe_unit (ruleset, &s->base, n1, 0);
  u2 = acies_ruleset_describe_unit (ruleset, &s->base, n2, 1);
  ul = acies_ruleset_describe_unit (ruleset, &s->base, l, 0);
  g_assert_cmpstr (u1, ==, "Numidians (1)");
  g_assert_cmpstr (u2, ==, "Numidians (2)");
  g_assert_cmpstr (ul, ==, "Libyans");

  /* Both in one zone: the actions naming them differ. */
  put (s, n1, Z (1, 2), S);
  put (s, n2, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  add2 = describe (ruleset, s, LB_A_SELECT, n2, -1);
  g_assert_cmpstr (add2, ==, "Add Numidians (2) to the group");
  g_assert_true (act_events (s, dice, events, LB_A_SELECT, n1, -1, -1, -1));
  g_assert_true (act_events (s, dice, events, LB_A_SELECT, n2, -1, -1, -1));
  g_assert_true (act_events (s, dice, events, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_cmpstr (event_text (events, "activate"), ==,
                   "Army 1: Numidians (1) and Numidians (2) in A1 Centre activated for 1 Order");
  g_assert_true (act_events (s, dice, events, LB_A_ATTACK, -1, -1, -1, -1));
  g_assert_cmpstr (event_text (events, "attack"), ==,
                   "Numidians (1) and Numidians (2) in A1 Centre attack A2 Centre (limit 4 units)");
  g_assert_cmpint (s->phase, ==, LB_PH_ATTACK);
  with2 = describe (ruleset, s, LB_A_ATTACK_WITH, n2, 0);
  g_assert_cmpstr (with2, ==, "Attack with Numidians (2)");
  lead1 = describe (ruleset, s, LB_A_LEAD, n1, -1);
  lead2 = describe (ruleset, s, LB_A_LEAD, n2, -1);
  g_assert_cmpstr (lead1, ==, "Numidians (1) is the lead unit");
  g_assert_cmpstr (lead2, ==, "Numidians (2) is the lead unit");
}

/* Plays random games of @battle with events, checking at every step that
 * no two legal actions read the same (the lead-unit, attack and pursuit
 * choices of units of one name, issue 4) and that no event speaks of "the
 * group" without naming its units. */
static void
check_distinct_words (const char *battle,
                      guint       n_games,
                      gboolean    shared_names)
{
  g_autoptr(AciesRuleset) ruleset = acies_lb_ruleset ();
  g_autoptr(AciesScenario) scn = load_battle (battle);
  guint checked = 0;

  /* The names of a scenario that did not tell its units apart: the
   * engine numbers them. */
  for (guint i = 0; shared_names && i < scn->units->len; i++)
    {
      AciesUnit *su = g_ptr_array_index (scn->units, i);

      if (g_str_has_prefix (su->id, "car-num"))
        set_name (scn, i, "Numidians");
      else if (g_str_has_prefix (su->id, "car-gaul") || g_str_has_prefix (su->id, "car-sp"))
        set_name (scn, i, "Gauls");
    }

  for (guint game = 0; game < n_games; game++)
    {
      g_autoptr(GError) error = NULL;
      AciesState *state = acies_ruleset_new_state (ruleset, scn, NULL, &error);
      g_autoptr(AciesDice) dice = acies_dice_new_seeded (1000 + game);
      g_autoptr(GRand) rand = g_rand_new_with_seed (77 + game);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      g_assert_no_error (error);
      for (guint step = 0; step < 3000 && !state->finished; step++)
        {
          g_autoptr(GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
          AciesAction a;

          g_array_set_size (legal, 0);
          acies_ruleset_legal_actions (ruleset, state, legal);
          g_assert_cmpuint (legal->len, >, 0);
          for (guint i = 0; i < legal->len; i++)
            {
              char *text = acies_ruleset_describe_action (ruleset, state, &g_array_index (legal, AciesAction, i));

              if (g_hash_table_contains (texts, text))
                g_error ("%s: two legal actions read “%s” (phase %s)", battle, text, state->phase);
              g_hash_table_add (texts, text);
              checked++;
            }
          a = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
          g_assert_true (acies_ruleset_apply (ruleset, state, &a, dice, events, &error));
          g_assert_no_error (error);
          for (guint i = 0; i < events->len; i++)
            g_assert_null (strstr (((AciesEvent *) g_ptr_array_index (events, i))->text, "The group"));
        }
      acies_ruleset_free_state (ruleset, state);
    }
  g_test_message ("%s: %u action texts checked", battle, checked);
  g_assert_cmpuint (checked, >, 100);
}

static void
test_6_4_1_a_distinct_choices (void)
{
  check_distinct_words ("cannae.acies", 6, FALSE);
  check_distinct_words ("gaugamela.acies", 6, FALSE);
  check_distinct_words ("cannae.acies", 6, TRUE);
}

/* LB 4.2.4-a: the activation names its units and where they stand, "in" a
 * zone or "off the field", four names at most. */
static void
test_4_2_4_a_activation_names_units (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(AciesLbState) s = NULL;
  gint u[6];

  for (gint i = 0; i < 6; i++)
    {
      g_autofree char *name = g_strdup_printf ("Legio %d", i + 1);

      u[i] = scn_unit (scn, 0, "HI", "A", "LE");
      set_name (scn, u[i], name);
    }
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  for (gint i = 0; i < 6; i++)
    g_assert_true (act_events (s, dice, events, LB_A_SELECT, u[i], -1, -1, -1));
  g_assert_true (act_events (s, dice, events, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_cmpstr (event_text (events, "activate"), ==,
                   "Army 1: Legio 1, Legio 2, Legio 3, Legio 4 and 2 more, off the field, "
                   "activated for 2 Orders");
  /* 3.3.2-a: the deployment names them too. */
  g_assert_true (act_events (s, dice, events, LB_A_DEPLOY, Z (0, 2), S, -1, -1));
  g_assert_cmpstr (event_text (events, "deploy"), ==,
                   "Legio 1, Legio 2, Legio 3, Legio 4 and 2 more enter the field in A1 Rear facing south");

  /* One unit in a zone: "in", singular verbs. */
  {
    g_autoptr(AciesLbState) t = state_new (scn);

    put (t, u[0], Z (1, 1), S);
    put (t, u[1], Z (1, 3), S);
    g_assert_true (act_events (t, dice, events, LB_A_SELECT, u[0], -1, -1, -1));
    g_assert_true (act_events (t, dice, events, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
    g_assert_cmpstr (event_text (events, "activate"), ==, "Army 1: Legio 1 in A1 Left Centre activated for 1 Order");
    g_assert_true (act_events (t, dice, events, LB_A_MOVE, -1, -1, -1, -1));
    g_assert_cmpstr (event_text (events, "move"), ==, "Legio 1 moves from A1 Left Centre to A2 Right Centre");
  }
}

/* LB 3.2.3-a: the end-of-turn lead prompt names the zone it concerns. */
static void
test_3_2_3_a_lead_prompt_names_zone (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), b = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lb_ruleset ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(AciesPrompt) prompt = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, a, Z (0, 2), S);
  put (s, b, Z (0, 2), S);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_LEADS);
  prompt = acies_ruleset_get_prompt (ruleset, &s->base);
  g_assert_nonnull (prompt);
  g_assert_cmpstr (prompt->text, ==, "Army 1: designate the lead unit in A1 Rear");
  g_assert_cmpstr (prompt->rule, ==, "LB 3.2.3");
  g_assert_cmpuint (prompt->actions->len, ==, 2);
}

/* LB 6.4.5-a: so does the defender's new-lead prompt. */
static void
test_6_4_5_a_new_lead_prompt_names_zone (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint att = scn_unit (scn, 0, "HI", "V", NULL), d1 = scn_unit (scn, 1, "HI", "A", NULL);
  gint d2 = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lb_ruleset ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = state_new (scn);
  g_autoptr(AciesPrompt) prompt = NULL;
  gint guard = 0;

  put (s, d2, Z (2, 2), N);
  setup_attack (s, dice, att, d1);
  push (dice, 6, 6);                              /* a hit on the lead */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, att, 0, 0, -1));
  /* Decline anything asked before the new lead (decisive, morale…). */
  while (s->phase != LB_PH_NEW_LEAD && s->phase != LB_PH_ACT && guard++ < 10)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      const AciesAction *first;

      acies_lb_legal_actions (s, legal);
      first = &g_array_index (legal, AciesAction, legal->len - 1);
      push (dice, 6, 6);
      acies_dice_push (dice, 6);
      g_assert_true (act (s, dice, first->type, first->args[0], first->args[1], first->args[2], first->args[3]));
    }
  g_assert_cmpint (s->phase, ==, LB_PH_NEW_LEAD);
  prompt = acies_ruleset_get_prompt (ruleset, &s->base);
  g_assert_cmpstr (prompt->text, ==, "Army 2: choose the new lead unit in A2 Centre, the attacked zone");
  g_assert_cmpint (prompt->player, ==, 1);
}

/* LB 5.2.2-a: "Move forward" names its destination; its path is the
 * group's zone then the zone it faces, at the group's cost. */
static void
test_5_2_2_a_move_names_destination (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint h = scn_unit (scn, 0, "HC", "A", NULL), i = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lb_ruleset ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autofree char *move = NULL, *turn = NULL;
  AciesAction a;
  gint cost = -1;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, h, Z (0, 1), S);
  put (s, i, Z (0, 2), S);
  activate (s, dice, LB_ACT_STD, -1, h, -1);
  move = describe (ruleset, s, LB_A_MOVE, -1, -1);
  g_assert_cmpstr (move, ==, "Move forward to A1 Left Centre");
  acies_action_init (&a, LB_A_MOVE, 0);
  for (gint k = 0; k < ACIES_ACTION_MAX_ARGS; k++)
    a.args[k] = -1;
  g_assert_true (acies_ruleset_is_legal (ruleset, &s->base, &a));
  g_assert_true (acies_ruleset_get_action_path (ruleset, &s->base, &a, cells, &cost));
  g_assert_cmpuint (cells->len, ==, 2);
  g_assert_cmpint (g_array_index (cells, AciesCell, 0), ==, Z (0, 1));
  g_assert_cmpint (g_array_index (cells, AciesCell, 1), ==, Z (1, 1));
  g_assert_cmpint (cost, ==, 1);
  /* Cavalry entering a hill spends 2 (LB 5.4.1). */
  s->terrain[Z (1, 1)] |= LB_T_HILL;
  g_array_set_size (cells, 0);
  g_assert_true (acies_ruleset_get_action_path (ruleset, &s->base, &a, cells, &cost));
  g_assert_cmpint (cost, ==, 2);
  s->terrain[Z (1, 1)] &= ~LB_T_HILL;
  /* A turn goes nowhere: no path, the array as it was. */
  a.type = LB_A_TURN;
  a.args[0] = 3;
  g_array_set_size (cells, 0);
  g_assert_false (acies_ruleset_get_action_path (ruleset, &s->base, &a, cells, &cost));
  g_assert_cmpuint (cells->len, ==, 0);
  turn = describe (ruleset, s, LB_A_TURN, 3, -1);
  g_assert_cmpstr (turn, ==, "Turn to face west");
}

/* LB 6.1.1-a: "Attack" names the zone attacked; its path ends there. */
static void
test_6_1_1_a_attack_names_target (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint h = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lb_ruleset ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = state_new (scn);
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autofree char *attack = NULL;
  AciesAction a;
  gint cost = -1;

  put (s, h, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  activate (s, dice, LB_ACT_STD, -1, h, -1);
  attack = describe (ruleset, s, LB_A_ATTACK, -1, -1);
  g_assert_cmpstr (attack, ==, "Attack A2 Centre");
  acies_action_init (&a, LB_A_ATTACK, 0);
  for (gint k = 0; k < ACIES_ACTION_MAX_ARGS; k++)
    a.args[k] = -1;
  g_assert_true (acies_ruleset_is_legal (ruleset, &s->base, &a));
  g_assert_true (acies_ruleset_get_action_path (ruleset, &s->base, &a, cells, &cost));
  g_assert_cmpuint (cells->len, ==, 2);
  g_assert_cmpint (g_array_index (cells, AciesCell, 0), ==, Z (1, 2));
  g_assert_cmpint (g_array_index (cells, AciesCell, 1), ==, Z (2, 2));
  g_assert_cmpint (cost, ==, 1);
}

/* LB 3.3.2-a: a deployment's path is the one rear zone it enters, from
 * off the field (no zone before it). */
static void
test_3_3_2_a_deploy_path (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lb_ruleset ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint n_deploy = 0;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  activate (s, dice, LB_ACT_STD, -1, u, -1);
  acies_lb_legal_actions (s, legal);
  for (guint k = 0; k < legal->len; k++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, k);
      gint cost = -1;

      g_array_set_size (cells, 0);
      if (a->type != LB_A_DEPLOY)
        {
          g_assert_false (acies_ruleset_get_action_path (ruleset, &s->base, a, cells, &cost));
          continue;
        }
      n_deploy++;
      g_assert_true (acies_ruleset_get_action_path (ruleset, &s->base, a, cells, &cost));
      g_assert_cmpuint (cells->len, ==, 1);
      g_assert_cmpint (g_array_index (cells, AciesCell, 0), ==, a->args[0]);
      g_assert_cmpint (cost, ==, 1);
    }
  g_assert_cmpuint (n_deploy, ==, 3);             /* the three rear zones, facing forward */
}

/* LB 6.9.1-a: a pursuit names the emptied zone it advances into; its path
 * runs from the pursuer's zone to that zone. */
static void
test_6_9_1_a_pursuit_names_zone (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint att = scn_unit (scn, 0, "HI", "V", NULL), d = scn_unit (scn, 1, "HI", "P", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lb_ruleset ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autofree char *pursue = NULL;
  AciesAction a;
  gint guard = 0, cost = -1;

  set_name (scn, att, "Hypaspists");
  scn_unit (scn, 1, "HI", "A", NULL);             /* another unit, off the field */
  s = state_new (scn);
  setup_attack (s, dice, att, d);
  push (dice, 6, 6);                              /* a Fresh Poor lead Shattered (6.6.2) */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, att, 0, 0, -1));
  while (s->phase != LB_PH_PURSUIT && guard++ < 10)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      const AciesAction *last;

      acies_lb_legal_actions (s, legal);
      g_assert_cmpuint (legal->len, >, 0);
      last = &g_array_index (legal, AciesAction, legal->len - 1);
      for (gint k = 0; k < 6; k++)
        acies_dice_push (dice, 6);
      g_assert_true (act (s, dice, last->type, last->args[0], last->args[1], last->args[2], last->args[3]));
    }
  g_assert_cmpint (s->phase, ==, LB_PH_PURSUIT);
  pursue = describe (ruleset, s, LB_A_PURSUE, att, -1);
  g_assert_cmpstr (pursue, ==, "Hypaspists pursues into A2 Centre");
  acies_action_init (&a, LB_A_PURSUE, 0);
  for (gint k = 0; k < ACIES_ACTION_MAX_ARGS; k++)
    a.args[k] = -1;
  a.args[0] = att;
  g_assert_true (acies_ruleset_is_legal (ruleset, &s->base, &a));
  g_assert_true (acies_ruleset_get_action_path (ruleset, &s->base, &a, cells, &cost));
  g_assert_cmpuint (cells->len, ==, 2);
  g_assert_cmpint (g_array_index (cells, AciesCell, 0), ==, Z (1, 2));
  g_assert_cmpint (g_array_index (cells, AciesCell, 1), ==, Z (2, 2));
  g_assert_cmpint (cost, ==, 0);
}

/* The zones of the state view: the "orders" of a state view member. */
static JsonObject *
view_of (AciesRuleset        *ruleset,
         const AciesLbState  *s,
         JsonNode           **root)
{
  *root = acies_ruleset_state_to_json (ruleset, &s->base);
  return json_node_get_object (*root);
}

/* LB 10.3-a, 10.2-a: dust, fatigue (and surprise) in the state view the
 * play window shows; none of them when the battle has none. */
static void
test_10_3_a_dust_in_state_view (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesRuleset) ruleset = acies_lb_ruleset ();
  g_autoptr(AciesLbState) plain = NULL, dusty = NULL;
  g_autoptr(JsonNode) r1 = NULL;
  g_autoptr(JsonNode) r2 = NULL;
  JsonObject *v;
  JsonArray *fatigued;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  plain = state_new (scn);
  v = view_of (ruleset, plain, &r1);
  g_assert_true (json_object_has_member (v, "dust"));
  g_assert_true (json_object_get_null_member (v, "weather"));
  g_assert_true (json_object_get_null_member (v, "dust"));
  g_assert_true (json_object_get_null_member (v, "fatigued"));
  g_assert_true (json_object_get_null_member (v, "surprised"));

  json_object_set_boolean_member (scn->params, "dust", TRUE);
  side_param (scn, 1, "fatigue");
  dusty = state_new (scn);
  g_assert_true (dusty->dust);
  v = view_of (ruleset, dusty, &r2);
  g_assert_cmpstr (json_object_get_string_member (v, "dust"), ==,
                   "Orders rolls halved, turn order rolled each turn (LB 10.3)");
  fatigued = json_object_get_array_member (v, "fatigued");
  g_assert_cmpuint (json_array_get_length (fatigued), ==, 2);
  g_assert_false (json_array_get_boolean_element (fatigued, 0));
  g_assert_true (json_array_get_boolean_element (fatigued, 1));
  g_assert_true (json_object_get_null_member (v, "surprised"));
  dusty->weather = 2;
  {
    g_autoptr(JsonNode) r3 = NULL;

    v = view_of (ruleset, dusty, &r3);
    g_assert_cmpstr (json_object_get_string_member (v, "weather"), ==, "wet");
  }
}

/* LB 4.1.2-a: unspent Orders are lost when the player-turn ends: the state
 * and its view hold 0 for the army not playing, and for the army playing
 * until it rolls. */
static void
test_4_1_2_a_orders_lost (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesRuleset) ruleset = acies_lb_ruleset ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  JsonArray *orders;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (s->sides[0].orders, >, 0);
  {
    g_autoptr(JsonNode) root = NULL;

    orders = json_object_get_array_member (view_of (ruleset, s, &root), "orders");
    g_assert_cmpint (json_array_get_int_element (orders, 0), ==, s->sides[0].orders);
    g_assert_cmpint (json_array_get_int_element (orders, 1), ==, 0);
  }
  {
    g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
    const AciesEvent *line = NULL;

    g_assert_true (act_events (s, dice, events, LB_A_END_TURN, -1, -1, -1, -1));
    /* LB 3.2: the log prefixes the side ("Carthaginians: "), so the
     * line names the turn, not the side again. */
    for (guint i = 0; i < events->len; i++)
      if (g_str_equal (((AciesEvent *) g_ptr_array_index (events, i))->type, "player-turn"))
        line = g_ptr_array_index (events, i);
    g_assert_nonnull (line);
    g_assert_cmpint (line->player, ==, 1);
    g_assert_cmpstr (line->text, ==, "Player-turn, Turn 1");
  }
  g_assert_cmpint (s->sides[0].orders, ==, 0);
  g_assert_cmpint (s->phase, ==, LB_PH_ROLL);
  g_assert_cmpint (s->base.active_side, ==, 1);
  {
    g_autoptr(JsonNode) root = NULL;

    orders = json_object_get_array_member (view_of (ruleset, s, &root), "orders");
    g_assert_cmpint (json_array_get_int_element (orders, 0), ==, 0);
    g_assert_cmpint (json_array_get_int_element (orders, 1), ==, 0);   /* not rolled yet */
  }
  acies_dice_push (dice, 4);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  {
    g_autoptr(JsonNode) root = NULL;

    orders = json_object_get_array_member (view_of (ruleset, s, &root), "orders");
    g_assert_cmpint (json_array_get_int_element (orders, 0), ==, 0);
    g_assert_cmpint (json_array_get_int_element (orders, 1), ==, s->sides[1].orders);
    g_assert_cmpint (s->sides[1].orders, >=, 4);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/lost-battles/1.1-a/bundled-names-unique", test_1_1_a_bundled_names_unique);
  g_test_add_func ("/acies/lost-battles/1.1-a/numbered-names", test_1_1_a_numbered_names);
  g_test_add_func ("/acies/lost-battles/6.4.1-a/distinct-choices", test_6_4_1_a_distinct_choices);
  g_test_add_func ("/acies/lost-battles/4.2.4-a/activation-names-units", test_4_2_4_a_activation_names_units);
  g_test_add_func ("/acies/lost-battles/3.2.3-a/lead-prompt-names-zone", test_3_2_3_a_lead_prompt_names_zone);
  g_test_add_func ("/acies/lost-battles/6.4.5-a/new-lead-prompt-names-zone", test_6_4_5_a_new_lead_prompt_names_zone);
  g_test_add_func ("/acies/lost-battles/5.2.2-a/move-names-destination", test_5_2_2_a_move_names_destination);
  g_test_add_func ("/acies/lost-battles/6.1.1-a/attack-names-target", test_6_1_1_a_attack_names_target);
  g_test_add_func ("/acies/lost-battles/3.3.2-a/deploy-path", test_3_3_2_a_deploy_path);
  g_test_add_func ("/acies/lost-battles/6.9.1-a/pursuit-names-zone", test_6_9_1_a_pursuit_names_zone);
  g_test_add_func ("/acies/lost-battles/10.3-a/dust-in-state-view", test_10_3_a_dust_in_state_view);
  g_test_add_func ("/acies/lost-battles/4.1.2-a/orders-lost", test_4_1_2_a_orders_lost);
  return g_test_run ();
}
