/* test-sg-views.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-sg"

#include "config.h"

#include <math.h>
#include <string.h>

#include "sg-test-common.h"

/*
 * What the generic play window reads through the ruleset interface:
 * unit and leader views (two-hex units, facing, Column), the words for
 * units, actions, prompts (the interrupts named for the inactive player)
 * and the turn, action paths, and the exact odds of every fire and shock
 * with each modifier citing its rule.
 */

static double
odds_total (const AciesOdds *odds)
{
  double p = 0;

  for (guint i = 0; i < odds->outcomes->len; i++)
    p += ((AciesOddsOutcome *) g_ptr_array_index (odds->outcomes, i))->probability;
  return p;
}

static double
odds_of (const AciesOdds *odds,
         const char      *result)
{
  for (guint i = 0; i < odds->outcomes->len; i++)
    {
      const AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);

      if (g_str_equal (o->result, result))
        return o->probability;
    }
  return 0;
}

static gint
odds_drm (const AciesOdds *odds)
{
  gint v = 0;

  for (guint i = 0; i < odds->modifiers->len; i++)
    {
      const AciesOddsModifier *m = g_ptr_array_index (odds->modifiers, i);

      g_assert_nonnull (m->rule);
      g_assert_true (g_str_has_prefix (m->rule, "SG "));
      v += m->value;
    }
  return v;
}

/* ---- Views ---- */

static void
test_unit_view (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint p, u;
  AciesUnit view;
  g_autoptr(JsonObject) o = json_object_new ();

  json_object_set_boolean_member (o, "column_movement", TRUE);
  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0710", NORTH);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "1010", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, o);
  /* Both hexes of a two-hex unit and the faced vertex. */
  g_assert_true (acies_ruleset_unit_view (fx.ruleset, &fx.s->base, p, 0, &view));
  g_assert_cmpint (view.cell, ==, C (&fx, "0710"));
  g_assert_cmpint (view.cell2, ==, C (&fx, "0610"));
  g_assert_cmpint (view.facing, ==, NORTH);
  /* In Column: a hexside, given as 6 + its direction; the Hits shown as
   * a marker word. */
  fx_activate (&fx, "a");
  ACT2 (&fx, SG_A_COLUMN, u, D_NE);
  sg_add_hits (fx.s, u, 2, SG_NONE, fx.dice, fx.events, "test");
  g_assert_true (acies_ruleset_unit_view (fx.ruleset, &fx.s->base, u, 0, &view));
  g_assert_cmpint (view.facing, ==, 6 + D_NE);
  g_assert_true (json_object_get_boolean_member_with_default (view.attrs, "In Column", FALSE));
  g_assert_true (json_object_get_boolean_member_with_default (view.attrs, "2 Hits", FALSE));
  /* Eliminated: not in play. */
  sg_eliminate (fx.s, p, fx.events, "test");
  g_assert_false (acies_ruleset_unit_view (fx.ruleset, &fx.s->base, p, 0, &view));
  fx_end (&fx);
}

static void
test_leader_view (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, l, lone;
  AciesLeader view;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  l = scn_leader (sc, "tribune", 0, NULL, 2, 4, 0, u, NULL);
  lone = scn_leader (sc, "lone", 1, NULL, 2, 4, 0, -1, "1201");
  fx_start (&fx, sc, NULL);
  g_assert_true (acies_ruleset_leader_view (fx.ruleset, &fx.s->base, l, 0, &view));
  g_assert_cmpint (view.cell, ==, C (&fx, "0710"));
  g_assert_cmpstr (view.attached_to, ==, "u");
  g_assert_true (acies_ruleset_leader_view (fx.ruleset, &fx.s->base, lone, 0, &view));
  g_assert_null (view.attached_to);
  /* His unit gone: otherwise engaged, off the map. */
  sg_eliminate (fx.s, u, fx.events, "test");
  g_assert_true (acies_ruleset_leader_view (fx.ruleset, &fx.s->base, l, 0, &view));
  g_assert_cmpint (view.cell, ==, ACIES_CELL_NONE);
  /* Killed: gone. */
  sg_eliminate_leader (fx.s, lone, fx.events, "test");
  g_assert_false (acies_ruleset_leader_view (fx.ruleset, &fx.s->base, lone, 0, &view));
  fx_end (&fx);
}

static void
test_describe (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint p, u;
  g_autofree char *pd = NULL, *turn = NULL, *step = NULL;

  p = scn_unit (sc, "Phalanx A", "a", "PH", 7, 10, 5, NULL, "0710", NORTH);
  u = scn_unit (sc, "Hastati I", "a", "LG", 5, 3, 5, NULL, "1110", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  pd = acies_ruleset_describe_unit (fx.ruleset, &fx.s->base, p, 0);
  g_assert_cmpstr (pd, ==, "Phalanx A at 0710–0610");
  turn = acies_ruleset_describe_turn (fx.ruleset, &fx.s->base);
  g_assert_nonnull (strstr (turn, "Player Turn 1"));
  g_assert_nonnull (strstr (turn, "Rome"));
  fx_activate (&fx, "a");
  {
    AciesAction a = { .type = SG_A_STEP, .player = 0, .args = { u, C (&fx, "1109"), -1, -1 } };

    step = acies_ruleset_describe_action (fx.ruleset, &fx.s->base, &a);
    g_assert_cmpstr (step, ==, "Hastati I at 1110 moves to 1109");
  }
  fx_end (&fx);
}

static void
test_action_path (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u;
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (gint));
  gint cost = -1;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0712", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  scn_terrain (sc, "0610", "rough");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* A straight line of three steps north-west (0711, 0610, 0609),
   * through rough (2 MP): 4 MP. */
  {
    AciesAction a = { .type = SG_A_STEP, .player = 0, .args = { u, C (&fx, "0609"), -1, -1 } };

    g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, "0609")));
    g_assert_true (acies_ruleset_get_action_path (fx.ruleset, &fx.s->base, &a, cells, &cost));
  }
  g_assert_cmpuint (cells->len, ==, 4);
  g_assert_cmpint (g_array_index (cells, gint, 0), ==, C (&fx, "0712"));
  g_assert_cmpint (g_array_index (cells, gint, 2), ==, C (&fx, "0610"));
  g_assert_cmpint (g_array_index (cells, gint, 3), ==, C (&fx, "0609"));
  g_assert_cmpint (cost, ==, 4);
  fx_end (&fx);
}

/* ---- Prompts: the interrupts name who answers and what ---- */

static void
test_prompt_reaction_fire (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u;
  g_autoptr(AciesPrompt) prompt = NULL;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  scn_unit (sc, "m", "d", "SK", 4, 2, 7, "S", "0810", NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0709");
  prompt = acies_ruleset_get_prompt (fx.ruleset, &fx.s->base);
  g_assert_nonnull (prompt);
  /* The inactive player answers, named first; the interrupt named. */
  g_assert_cmpint (prompt->player, ==, 1);
  g_assert_true (g_str_has_prefix (prompt->text, "Hostes: "));
  g_assert_nonnull (strstr (prompt->text, "reaction fire"));
  g_assert_nonnull (strstr (prompt->rule, "SG 7.21"));
  /* Where it is going (what a reaction facing must face), and the zone
   * named as the rulebook names it (7.21). */
  g_test_message ("%s", prompt->text);
  g_assert_nonnull (strstr (prompt->text, "is about to move into 0709"));
  g_assert_nonnull (strstr (prompt->text, "zone of control"));
  fx_end (&fx);
}

static void
test_prompt_seizure (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  g_autoptr(AciesPrompt) prompt = NULL;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0712", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0702", SOUTH);
  scn_leader (sc, "Alexander", 0, NULL, 5, 6, 2, -1, "0713");
  scn_oc (sc, 0, "Alexander");
  fx_start (&fx, sc, NULL);
  ACT0 (&fx, SG_A_PASS);
  g_assert_cmpint (fx.s->step, ==, SG_ST_SEIZE);
  prompt = acies_ruleset_get_prompt (fx.ruleset, &fx.s->base);
  g_assert_cmpint (prompt->player, ==, 0);
  g_assert_true (g_str_has_prefix (prompt->text, "Rome: Turn Seizure"));
  g_assert_cmpstr (prompt->rule, ==, "SG 4.41");
  {
    /* The choice says what it takes: Initiative 5 seizes on 0-5 (4.41),
     * and how many tries the leader has left (2, 4.21). */
    AciesAction seize = fx_first (&fx, SG_A_SEIZE);
    g_autofree char *words = acies_ruleset_describe_action (fx.ruleset, &fx.s->base, &seize);

    g_assert_cmpstr (words, ==, "Seize the Player Turn with Alexander: a roll of 5 or less, 60 % (2 attempts left)");
    /* Seized (a roll of 0): the prompt cites the rule that says what the
     * Overall Commander may activate (4.42), not the sequence of play. */
    fx_push (&fx, 1, 0);
    fx_act (&fx, seize.type, seize.args[0], seize.args[1], seize.args[2], seize.args[3]);
    g_assert_cmpint (fx.s->step, ==, SG_ST_ACTIVATE);
    g_clear_pointer (&prompt, acies_prompt_free);
    prompt = acies_ruleset_get_prompt (fx.ruleset, &fx.s->base);
    g_test_message ("%s (%s)", prompt->text, prompt->rule);
    g_assert_nonnull (strstr (prompt->text, "Alexander seized the Player Turn as Overall Commander"));
    g_assert_null (strstr (prompt->text, "4.4"));
    g_assert_cmpstr (prompt->rule, ==, "SG 4.42");
  }
  fx_end (&fx);
}

/* ---- Odds ---- */

static void
test_odds_fire (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint s, v;
  AciesAction a;
  g_autoptr(AciesOdds) odds = NULL;
  gint hn;

  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  scn_terrain (sc, "0708", "woods");
  scn_leader (sc, "l", 1, NULL, 2, 4, 0, v, NULL);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  a = fx_first (&fx, SG_A_FIRE);
  odds = acies_ruleset_get_odds (fx.ruleset, &fx.s->base, &a);
  g_assert_nonnull (odds);
  hn = sg_hit_number (fx.s, s, 2);
  /* Woods +1 (7.81): a hit on a roll of hn − 1 or less; the natural 0
   * then a 0 kills the leader (7.15). */
  g_assert_cmpint (odds_drm (odds), ==, 1);
  g_assert_cmpfloat_with_epsilon (odds_total (odds), 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (odds_of (odds, "1 Hit") + odds_of (odds, "1 Hit, leader killed"), hn / 10.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (odds_of (odds, "1 Hit, leader killed"), 0.01, 1e-9);
  g_assert_nonnull (strstr (odds->summary, "SG 7.14"));
  fx_end (&fx);
}

static void
test_odds_shock (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v;
  AciesAction a;
  g_autoptr(AciesOdds) odds = NULL;
  gint drm;
  double p = 0;

  u = scn_unit (sc, "u", "a", "LG", 6, 3, 5, NULL, "0711", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 5, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0710");
  fx_end_move (&fx);
  a = fx_first (&fx, SG_A_DESIGNATE);
  g_assert_cmpint (a.args[1], ==, v);
  odds = acies_ruleset_get_odds (fx.ruleset, &fx.s->base, &a);
  g_assert_nonnull (odds);
  /* Example #1's LG/CO a: +1 weapons, +1 moved to the attack, +1 TQ,
   * −1 Size: +2, each with its rule. */
  drm = odds_drm (odds);
  g_assert_cmpint (drm, ==, 2);
  g_assert_cmpfloat_with_epsilon (odds_total (odds), 1.0, 1e-9);
  /* The row of a roll of 0 (modified 2) has its tenth. */
  for (guint i = 0; i < odds->outcomes->len; i++)
    {
      const AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);
      guint n = 0;

      for (gint dr = 0; dr < 10; dr++)
        {
          char b0[48], b1[48];
          g_autofree char *text = g_strdup_printf ("attacker %s · defender %s",
                                                   sg_result_text (sg_shock_result (fx.s, dr + drm, TRUE, NULL), b0, 48),
                                                   sg_result_text (sg_shock_result (fx.s, dr + drm, FALSE, NULL), b1, 48));

          n += g_str_equal (text, o->result);
        }
      g_assert_cmpfloat_with_epsilon (o->probability, n / 10.0, 1e-9);
      p += o->probability;
    }
  g_assert_cmpfloat_with_epsilon (p, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (odds_of (odds, "attacker 2H Retreat · defender 1H"), 0.1, 1e-9);
  fx_end (&fx);
}

/* Every legal action of random games has words, and every fire or shock
 * its odds, summing to one with cited modifiers. */
static void
test_every_action (void)
{
  const char *battles[] = { "issus.acies", "zama.acies", "cynoscephalae.acies" };

  for (guint b = 0; b < G_N_ELEMENTS (battles); b++)
    {
      Fx fx;
      g_autoptr(GRand) rand = g_rand_new_with_seed (17 + b);
      g_autoptr(JsonObject) o = json_object_new ();
      guint odds_seen = 0;

      json_object_set_int_member (o, "max_turns", 30);
      memset (&fx, 0, sizeof fx);
      fx_start (&fx, fx_battle (battles[b]), o);
      acies_dice_free (fx.dice);
      fx.dice = acies_dice_new_seeded (5 + b);
      for (guint n = 0; n < 4000 && !fx.s->base.finished; n++)
        {
          g_autoptr(GArray) legal = fx_legal (&fx);
          g_autoptr(AciesPrompt) prompt = acies_ruleset_get_prompt (fx.ruleset, &fx.s->base);
          g_autoptr(GError) error = NULL;
          AciesAction pick;

          g_assert_cmpuint (legal->len, >, 0);
          g_assert_nonnull (prompt);
          g_assert_true (strlen (prompt->text) > 8);
          g_assert_true (prompt->rule != NULL && g_str_has_prefix (prompt->rule, "SG "));
          for (guint i = 0; i < legal->len; i++)
            {
              const AciesAction *a = &g_array_index (legal, AciesAction, i);
              g_autofree char *words = acies_ruleset_describe_action (fx.ruleset, &fx.s->base, a);
              g_autoptr(AciesOdds) odds = acies_ruleset_get_odds (fx.ruleset, &fx.s->base, a);

              g_assert_nonnull (words);
              g_assert_null (strstr (words, "(null)"));
              g_assert_cmpint (a->player, ==, prompt->player);
              g_assert_true ((odds != NULL) == acies_ruleset_is_attack (fx.ruleset, a));
              if (odds != NULL)
                {
                  g_assert_nonnull (odds);
                  g_assert_cmpfloat_with_epsilon (odds_total (odds), 1.0, 1e-9);
                  odds_drm (odds);
                  odds_seen++;
                }
            }
          pick = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
          g_assert_true (acies_ruleset_apply (fx.ruleset, &fx.s->base, &pick, fx.dice, fx.events, &error));
          g_ptr_array_set_size (fx.events, 0);
        }
      g_assert_cmpuint (odds_seen, >, 0);
      fx_end (&fx);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/simple-gboh/views/unit-view", test_unit_view);
  g_test_add_func ("/acies/simple-gboh/views/leader-view", test_leader_view);
  g_test_add_func ("/acies/simple-gboh/views/describe", test_describe);
  g_test_add_func ("/acies/simple-gboh/views/action-path", test_action_path);
  g_test_add_func ("/acies/simple-gboh/views/prompt-reaction-fire", test_prompt_reaction_fire);
  g_test_add_func ("/acies/simple-gboh/views/prompt-seizure", test_prompt_seizure);
  g_test_add_func ("/acies/simple-gboh/odds/fire", test_odds_fire);
  g_test_add_func ("/acies/simple-gboh/odds/shock", test_odds_shock);
  g_test_add_func ("/acies/simple-gboh/views/every-action", test_every_action);
  return g_test_run ();
}
