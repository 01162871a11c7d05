/* test-sg-play.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-sg"

#include "config.h"

#include <string.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "rulesets/acies-playout.h"

#include "acies-test-games.h"
#include "sg-test-common.h"

/*
 * The three bundled battles: they validate, and 1,000 complete random
 * games of each (the ruleset's random_action, seeded: a random player who
 * seeks battle — he activates a Formation more often than he passes, and
 * a unit goes toward the enemy more often than not; elsewhere uniform
 * among the legal actions) keep the invariants after every action —
 * stacking, legal facing, Hits under TQ on the map, Rout Points equal to
 * the eliminated units' values — and replay to the same digest.  A game
 * ends by the rules: Army Withdrawal (9.0), or the scenario's nightfall
 * after its last Player Turn (3.0, the designer's choice); never at the
 * max_turns guard of 400 Player Turns, set in case.
 */

#define N_GAMES   1000
#define MAX_TURNS 400

static const char * const battles[] = { "issus.acies", "zama.acies", "cynoscephalae.acies" };

static void
test_validate (gconstpointer data)
{
  g_autoptr(AciesScenario) sc = fx_battle (data);
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (acies_scenario_validate (sc, problems, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *p = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", p->path != NULL ? p->path : "", p->message);
    }
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpstr (sc->ruleset, ==, "simple-gboh");
  /* The designer's notes name the sources, in words for players. */
  g_assert_nonnull (strstr (sc->meta.notes, "Sources."));
  g_assert_null (strstr (sc->meta.notes, "SG-"));
  g_assert_null (strstr (sc->meta.notes, "data/"));
  g_assert_cmpuint (sc->meta.sources->len, >, 0);
}

static void
test_random_games (gconstpointer data)
{
  g_autoptr(AciesScenario) sc = fx_battle (data);
  g_autoptr(AciesRuleset) rs = acies_simple_gboh_ruleset_new ();
  g_autoptr(JsonObject) options = json_object_new ();
  guint n = acies_test_games (N_GAMES), withdrawn = 0, nightfall = 0, wins[3] = { 0, 0, 0 };
  guint64 actions = 0;
  gint64 start = g_get_monotonic_time ();

  json_object_set_int_member (options, "max_turns", MAX_TURNS);
  for (guint g = 0; g < n; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *replayed = NULL;
      AciesPlayout p;

      if (!acies_playout_random (rs, sc, options, g + 1, 2000000, TRUE, TRUE, &p, &error))
        g_error ("%s, game %u: %s", (const char *) data, g + 1, error->message);
      g_assert_true (p.finished);
      g_assert_nonnull (p.end_reason);
      if (strstr (p.end_reason, "SG 9.0") == NULL && strstr (p.end_reason, "SG 3.0") == NULL)
        g_error ("%s, game %u ended by no rule: %s", (const char *) data, g + 1, p.end_reason);
      withdrawn += strstr (p.end_reason, "SG 9.0") != NULL;
      nightfall += strstr (p.end_reason, "SG 3.0") != NULL;
      wins[p.winner + 1]++;
      actions += p.n_actions;
      replayed = acies_playout_replay (rs, sc, options, g + 1, p.log, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (replayed, ==, p.digest);
      acies_playout_clear (&p);
    }
  g_test_message ("%s: %u games, %u ended by Army Withdrawal, %u at nightfall, wins %u/%u, draws %u, "
                  "%.0f actions a game, %.1f s",
                  (const char *) data, n, withdrawn, nightfall, wins[1], wins[2], wins[0], (double) actions / n,
                  (g_get_monotonic_time () - start) / 1e6);
  /* Some games must be decided by the rules, not by the guard (a full
   * run; the valgrind setup plays too few to be sure). */
  if (n >= 100)
    g_assert_cmpuint (withdrawn, >, 0);
}

/* SG 3.0 (the scenario's "nightfall", the designer's choice): no army
 * has withdrawn by the end of the last Player Turn; the battle ends, won
 * by the army that lost the smaller part of its Withdrawal Level, or
 * drawn when the parts are equal. */
static void
test_nightfall (void)
{
  g_autoptr(AciesScenario) sc = scn_basic (8, 8);
  AciesRuleEntry *e = acies_rule_entry_new ("nightfall");   /* the fixture owns a reference each time */
  Fx fx;

  json_object_set_int_member (e->params, "player_turns", 3);
  g_ptr_array_add (sc->victory, e);
  fx_start (&fx, acies_scenario_ref (sc), NULL);
  g_assert_cmpuint (fx.s->st->last_pt, ==, 3);

  /* Player Turns 1 and 2 pass; the third ends the battle, a draw with no
   * Rout Points on either side. */
  fx_pass_to (&fx, 1);
  fx_pass_to (&fx, 0);
  g_assert_cmpint (fx.s->pt, ==, 3);
  g_assert_false (fx.s->base.finished);
  ACT0 (&fx, SG_A_PASS);
  g_assert_true (fx.s->base.finished);
  g_assert_cmpint (fx.s->base.winner, ==, -1);
  g_assert_nonnull (strstr (fx.s->base.end_reason, "SG 3.0"));
  g_assert_nonnull (fx_event (&fx, "game-over"));
  fx_end (&fx);

  /* 30 of 100 against 20 of 50: the first army has lost the smaller part
   * (30 % against 40 %) and wins; 20 of 50 against 40 of 100 is a draw. */
  fx_start (&fx, acies_scenario_ref (sc), NULL);
  fx.s->rp[0] = 30;
  fx.s->rp[1] = 20;
  fx.s->st->sides[1].wl = 50;
  sg_nightfall (fx.s, fx.events);
  g_assert_true (fx.s->base.finished);
  g_assert_cmpint (fx.s->base.winner, ==, 0);
  fx_end (&fx);
  fx_start (&fx, acies_scenario_ref (sc), NULL);
  fx.s->rp[0] = 40;
  fx.s->rp[1] = 20;
  fx.s->st->sides[1].wl = 50;
  sg_nightfall (fx.s, fx.events);
  g_assert_cmpint (fx.s->base.winner, ==, -1);
  fx_end (&fx);
}

/* The game record: an AciesGame of a battle saved and loaded replays to
 * the same state. */
static void
test_saved_game (void)
{
  g_autoptr(AciesScenario) sc = fx_battle ("issus.acies");
  g_autoptr(AciesRuleset) rs = acies_simple_gboh_ruleset_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = acies_game_new (sc, rs, 7, ACIES_DICE_MODE_SEEDED, NULL, &error);
  g_autoptr(AciesGame) loaded = NULL;
  g_autoptr(JsonNode) json = NULL;
  g_autofree char *d1 = NULL, *d2 = NULL;
  GRand *rand = g_rand_new_with_seed (7);

  g_assert_no_error (error);
  for (guint i = 0; i < 400 && !acies_game_get_state (game)->finished; i++)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      acies_ruleset_legal_actions (rs, acies_game_get_state (game), legal);
      g_assert_cmpuint (legal->len, >, 0);
      g_assert_true (acies_game_apply (game, &g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len)),
                                       &error));
      g_assert_no_error (error);
    }
  g_rand_free (rand);
  d1 = acies_game_digest (game);
  json = acies_game_to_json (game);
  loaded = acies_game_from_json (json, "saved", &error);
  g_assert_no_error (error);
  d2 = acies_game_digest (loaded);
  g_assert_cmpstr (d1, ==, d2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (battles); i++)
    {
      g_autofree char *v = g_strdup_printf ("/acies/simple-gboh/battles/%s/validates", battles[i]);
      g_autofree char *r = g_strdup_printf ("/acies/simple-gboh/random/%s/1000-games", battles[i]);

      g_test_add_data_func (v, battles[i], test_validate);
      g_test_add_data_func (r, battles[i], test_random_games);
    }
  g_test_add_func ("/acies/simple-gboh/random/saved-game-replays", test_saved_game);
  g_test_add_func ("/acies/simple-gboh/3.0/nightfall", test_nightfall);
  return g_test_run ();
}
