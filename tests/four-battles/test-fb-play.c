/* test-fb-play.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-fb"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "model/acies-problem.h"
#include "rulesets/four-battles/acies-fb-private.h"

/* Complete random games of every bundled Four Battles battle (issue 14
 * checks): each game ends by a victory rule or the turn limit, the
 * invariants hold after every action (one combat unit a hex at the end of
 * a phase, ZOC-locked units never leave by moving, VP equal to the
 * eliminations and objectives, the occupancy and ZOC maps right), and a
 * saved game replays to the same digest.
 *
 * N_GAMES games a battle draw their actions with the ruleset's
 * random_action() (a moving unit first, then one of its hexes: every kind
 * of action, at the pace of a playout); N_UNIFORM more draw uniformly from
 * the whole legal list, so that every listed action is applied somewhere.
 * ACIES_TEST_GAMES caps both (the valgrind setup keeps it small). */

#define N_GAMES   1000
#define N_UNIFORM 50

static const char *battles[] = {
  "samples/four-battles-sample.acies",
  "four-battles/marathon.acies",
  "four-battles/granicus.acies",
  "four-battles/cannae.acies",
  "four-battles/zama.acies",
  "four-battles/pharsalus.acies",
  "four-battles/teutoburg-historical.acies",
  "four-battles/teutoburg-relief.acies",
  NULL
};

static AciesScenario *
load_battle (const char *name)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  return scenario;
}

/* The number of random games: @default_count, or fewer when
 * ACIES_TEST_GAMES says so (the valgrind setup plays 20). */
static guint
test_games (guint default_count)
{
  const char *env = g_getenv ("ACIES_TEST_GAMES");
  guint64 n;

  if (env != NULL && g_ascii_string_to_unsigned (env, 10, 1, default_count, &n, NULL))
    return (guint) n;
  return default_count;
}

static guint
play_random (AciesRuleset  *ruleset,
             AciesScenario *scenario,
             guint64        seed,
             gboolean       uniform,
             GHashTable    *reasons)
{
  g_autoptr(GError) error = NULL;
  AciesState *state = acies_ruleset_new_state (ruleset, scenario, NULL, &error);
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (seed);
  GRand *rand = g_rand_new_with_seed ((guint32) seed ^ 0x5bd1e995u);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint steps = 0;

  g_assert_no_error (error);
  while (!state->finished)
    {
      AciesAction a;

      if (uniform)
        {
          g_array_set_size (legal, 0);
          acies_ruleset_legal_actions (ruleset, state, legal);
          if (legal->len == 0)
            g_error ("seed %" G_GUINT64_FORMAT " step %u: no legal action in %s, turn %u (step %d)", seed, steps,
                     state->phase, state->turn, FB (state)->step);
          a = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
        }
      else if (!acies_ruleset_random_action (ruleset, state, rand, &a))
        g_error ("seed %" G_GUINT64_FORMAT " step %u: no legal action in %s, turn %u (step %d)", seed, steps,
                 state->phase, state->turn, FB (state)->step);
      if (!acies_ruleset_apply (ruleset, state, &a, dice, NULL, &error))
        {
          g_autofree char *what = acies_ruleset_describe_action (ruleset, state, &a);

          g_error ("seed %" G_GUINT64_FORMAT " step %u: %s: %s", seed, steps, what, error->message);
        }
      g_assert_false (acies_dice_failed (dice));
      if (!acies_ruleset_check_invariants (ruleset, state, &error))
        g_error ("seed %" G_GUINT64_FORMAT " step %u: %s", seed, steps, error->message);
      g_assert_cmpuint (++steps, <, 500000);
    }
  g_assert_nonnull (state->end_reason);
  g_assert_cmpint (state->turn, <=, FB (state)->st->turn_limit);
  if (reasons != NULL)
    {
      /* The rule that ended it: the citation in parentheses. */
      const char *open = strrchr (state->end_reason, '(');
      g_autofree char *key = g_strdup (open != NULL ? open : state->end_reason);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (reasons, key));

      g_hash_table_insert (reasons, g_steal_pointer (&key), GUINT_TO_POINTER (n + 1));
    }
  acies_ruleset_free_state (ruleset, state);
  g_rand_free (rand);
  return steps;
}

static void
test_random_games (gconstpointer data)
{
  g_autoptr(AciesScenario) scenario = load_battle (data);
  g_autoptr(AciesRuleset) ruleset = acies_four_battles_ruleset_new ();
  g_autoptr(GHashTable) reasons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_games = test_games (N_GAMES), n_uniform = test_games (N_UNIFORM);
  guint64 steps = 0;
  gint64 start = g_get_monotonic_time ();
  double secs;
  GHashTableIter iter;
  gpointer key, value;

  for (guint g = 0; g < n_games; g++)
    steps += play_random (ruleset, scenario, g + 1, FALSE, reasons);
  secs = (g_get_monotonic_time () - start) / 1e6;
  g_test_message ("%s: %u games, %.0f actions a game, %.0f games/s with invariant checks", (const char *) data,
                  n_games, (double) steps / n_games, n_games / secs);
  for (guint g = 0; g < n_uniform; g++)
    play_random (ruleset, scenario, 100000 + g, TRUE, reasons);
  g_test_message ("%s: %u more games drawn from the whole legal list", (const char *) data, n_uniform);
  g_hash_table_iter_init (&iter, reasons);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_test_message ("  ended by %s: %u", (const char *) key, GPOINTER_TO_UINT (value));
}

static void
test_replay (gconstpointer data)
{
  g_autoptr(AciesScenario) scenario = load_battle (data);
  g_autoptr(AciesRuleset) ruleset = acies_four_battles_ruleset_new ();

  for (guint64 seed = 1; seed <= 5; seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AciesGame) game = acies_game_new (scenario, ruleset, seed, ACIES_DICE_MODE_SEEDED, NULL, &error);
      g_autoptr(AciesGame) loaded = NULL;
      g_autoptr(JsonNode) json = NULL;
      g_autofree char *digest = NULL, *digest2 = NULL;
      GRand *rand = g_rand_new_with_seed ((guint32) seed);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      g_assert_no_error (error);
      while (!acies_game_get_state (game)->finished)
        {
          AciesAction a;

          g_array_set_size (legal, 0);
          acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
          g_assert_cmpuint (legal->len, >, 0);
          a = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
          if (!acies_game_apply (game, &a, &error))
            g_error ("game apply: %s", error->message);
        }
      g_rand_free (rand);
      digest = acies_game_digest (game);
      json = acies_game_to_json (game);
      loaded = acies_game_from_json (json, "replay", &error);
      g_assert_no_error (error);
      digest2 = acies_game_digest (loaded);
      g_assert_cmpstr (digest, ==, digest2);
      g_assert_cmpuint (acies_game_get_n_actions (loaded), ==, acies_game_get_n_actions (game));
    }
}

static void
test_validate (gconstpointer data)
{
  g_autoptr(AciesScenario) scenario = load_battle (data);
  g_autoptr(AciesRuleset) ruleset = acies_four_battles_ruleset_new ();
  g_autoptr(GPtrArray) problems = g_ptr_array_new ();

  acies_ruleset_validate (ruleset, scenario, problems);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpstr (scenario->ruleset, ==, "four-battles");
}

/* FB 16.0, CAN 5.0 (trial 6a): Cannae's victory is judged "at the end of
 * game turn ten": a turn limit of 0 (none) is refused at $.turn_limit
 * (the bundled file, turn limit 10, validates: .../validate). */
static void
test_turn_limit (void)
{
  g_autoptr(AciesScenario) scenario = load_battle ("four-battles/cannae.acies");
  g_autoptr(AciesRuleset) ruleset = acies_four_battles_ruleset_new ();
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_problem_free);
  gboolean found = FALSE;

  scenario->turn_limit = 0;
  acies_ruleset_validate (ruleset, scenario, problems);
  for (guint i = 0; i < problems->len; i++)
    found |= g_strcmp0 (((AciesProblem *) g_ptr_array_index (problems, i))->path, "$.turn_limit") == 0;
  g_assert_true (found);
}

static void
test_registry (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("four-battles", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (acies_ruleset_get_id (ruleset), ==, "four-battles");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/registry", test_registry);
  g_test_add_func ("/acies/four-battles/CAN-5.0/turn-limit-zero-refused", test_turn_limit);
  for (guint i = 0; battles[i] != NULL; i++)
    {
      g_autofree char *base = g_path_get_basename (battles[i]);
      char *dot = strrchr (base, '.');
      g_autofree char *v = NULL, *r = NULL, *g = NULL;

      *dot = '\0';
      v = g_strdup_printf ("/acies/four-battles/battles/%s/validate", base);
      r = g_strdup_printf ("/acies/four-battles/battles/%s/replay", base);
      g = g_strdup_printf ("/acies/four-battles/battles/%s/random-games", base);
      g_test_add_data_func (v, battles[i], test_validate);
      g_test_add_data_func (r, battles[i], test_replay);
      g_test_add_data_func (g, battles[i], test_random_games);
    }
  return g_test_run ();
}
