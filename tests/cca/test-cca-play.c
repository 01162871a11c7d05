/* test-cca-play.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cca"

#include "config.h"

#include <string.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-playout.h"
#include "acies-test-games.h"
#include "cca-test-common.h"

/* Complete random games of every bundled battle (issue 16 checks): the
 * invariants hold after every action (blocks within their limits, hand
 * sizes, every card of the deck in the draw pile, a hand, the discards or
 * play, the flags equal to the eliminations and objectives: S2, S3.6,
 * B13, S4), every game ends by S4.1, and a replay gives the same digest. */

#define N_GAMES 1000

/* S4.1: random games end with a winner at its flags. */
static void
test_random_games (gconstpointer data)
{
  const char *name = data;
  g_autoptr(AciesScenario) scenario = cca_load_bundled (name);
  guint n_games = acies_test_games (N_GAMES);
  guint64 actions = 0;
  guint wins[2] = { 0, 0 };
  gint64 start = g_get_monotonic_time ();

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(GError) error = NULL;
      AciesPlayout out;

      if (!acies_playout_random (cca_ruleset (), scenario, NULL, g + 1, 200000, TRUE, FALSE, &out, &error))
        g_error ("%s, seed %u: %s", name, g + 1, error->message);
      g_assert_true (out.finished);
      g_assert_cmpint (out.winner, >=, 0);
      g_assert_nonnull (strstr (out.end_reason, "S4.1"));
      wins[out.winner]++;
      actions += out.n_actions;
      acies_playout_clear (&out);
    }
  g_test_message ("%s: %u games, %.0f actions a game, wins %u/%u, %.0f games/s with checks", name, n_games,
                  (double) actions / n_games, wins[0], wins[1],
                  n_games / ((g_get_monotonic_time () - start) / 1e6));
}

/* Replays: the game saved and loaded gives the same digest; the random
 * log played again on the ruleset too. */
static void
test_replay (gconstpointer data)
{
  const char *name = data;
  g_autoptr(AciesScenario) scenario = cca_load_bundled (name);

  for (guint64 seed = 1; seed <= 5; seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AciesGame) game = acies_game_new (scenario, cca_ruleset (), seed, ACIES_DICE_MODE_SEEDED, NULL, &error);
      g_autoptr(AciesGame) loaded = NULL;
      g_autoptr(JsonNode) json = NULL;
      g_autofree char *digest = NULL, *digest2 = NULL;
      GRand *rand = g_rand_new_with_seed ((guint32) seed);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      AciesPlayout out;
      g_autofree char *replayed = NULL;

      g_assert_no_error (error);
      while (!acies_game_get_state (game)->finished)
        {
          AciesAction a;

          g_array_set_size (legal, 0);
          acies_ruleset_legal_actions (cca_ruleset (), acies_game_get_state (game), legal);
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

      g_assert_true (acies_playout_random (cca_ruleset (), scenario, NULL, seed, 200000, FALSE, TRUE, &out, &error));
      replayed = acies_playout_replay (cca_ruleset (), scenario, NULL, seed, out.log, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (replayed, ==, out.digest);
      acies_playout_clear (&out);
    }
}

/* S5.1: the book has no turn limit; the house option turn_limit (a guard
 * for quick games) ends the game after that many turns of each side, the
 * side with more flags winning.  Set as New Game and `acies-cli play
 * --option turn_limit=1` set it, through the options object. */
static void
test_turn_limit (void)
{
  g_autoptr(AciesScenario) scenario = cca_load_bundled ("zela.acies");
  g_autoptr(JsonObject) options = json_object_new ();

  json_object_set_int_member (options, "turn_limit", 1);
  json_object_set_string_member (options, "elephant_reroll", "until-no-swords");
  for (guint64 seed = 1; seed <= 5; seed++)
    {
      g_autoptr(GError) error = NULL;
      AciesPlayout out;

      g_assert_true (acies_playout_random (cca_ruleset (), scenario, options, seed, 200000, TRUE, FALSE, &out, &error));
      g_assert_no_error (error);
      g_assert_true (out.finished);
      g_assert_nonnull (strstr (out.end_reason, "turn_limit"));
      g_assert_cmpuint (out.n_actions, <, 200);
      acies_playout_clear (&out);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) names = NULL;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/cca/S5.1/turn-limit-option", test_turn_limit);
  names = cca_bundled_battles ();
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      g_autofree char *base = g_strndup (n, strlen (n) - strlen (".acies"));
      g_autofree char *p1 = g_strdup_printf ("/acies/cca/S4.1/random-games-%s", base);
      g_autofree char *p2 = g_strdup_printf ("/acies/cca/S4.1/replay-%s", base);

      g_test_add_data_func (p1, n, test_random_games);
      g_test_add_data_func (p2, n, test_replay);
    }
  return g_test_run ();
}
