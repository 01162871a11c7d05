/* test-cli-rulesets.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cli"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"

#include "acies-test-cli.h"

/*
 * acies-cli over the ruleset contract, for rulesets it does not name:
 * `odds --action` prints what get_odds gives, for Lost Battles as for any
 * ruleset; `play --option NAME=VALUE` sets the ruleset's declared options
 * and refuses others with exit status 2.
 */

static char *tmpdir;

#define RUN ACIES_TEST_CLI_RUN

static AciesScenario *
load_battle (const char *ruleset,
             const char *name)
{
  g_autofree char *path = acies_test_source_path ("data", "scenarios", ruleset, name, NULL);
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  return scenario;
}

/* A Cannae game played at random (seed @seed), declaring every attack it
 * can, until an attack with a unit (LB 6.4.1) is legal; that action in
 * @out.  NULL when the game ends first (random armies seldom meet). */
static AciesGame *
game_at_attack (guint64      seed,
                AciesAction *out)
{
  g_autoptr(AciesScenario) scenario = load_battle ("lost-battles", "cannae.acies");
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("lost-battles", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  AciesGame *game = acies_game_new (scenario, ruleset, seed, ACIES_DICE_MODE_SEEDED, NULL, &error);
  guint with = G_MAXUINT;

  g_assert_no_error (error);
  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "attack-with", &with));
  while (!acies_game_get_state (game)->finished)
    {
      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
      for (guint i = 0; i < legal->len; i++)
        if (g_array_index (legal, AciesAction, i).type == with)
          {
            *out = g_array_index (legal, AciesAction, i);
            return game;
          }
      {
        /* A player who attacks whenever the rules let him declare one. */
        guint pick = g_rand_int_range (rand, 0, legal->len);

        for (guint i = 0; i < legal->len; i++)
          if (acies_ruleset_is_attack (ruleset, &g_array_index (legal, AciesAction, i)))
            pick = i;
        g_assert_true (acies_game_apply (game, &g_array_index (legal, AciesAction, pick), &error));
      }
      g_assert_no_error (error);
    }
  g_object_unref (game);
  return NULL;
}

/* Issue 17 item 4: `acies-cli odds` is generic, and prints for a Lost
 * Battles attack (LB 6.4.1, 6.5, 6.6, 6.10) the odds the play mode's
 * preview shows: the same outcomes with the same probabilities, summing
 * to 1, and the same modifiers with their rules. */
static void
test_lb_odds_match_preview (void)
{
  guint found = 0;

  for (guint64 seed = 1; seed <= 200 && found < 3; seed++)
    {
      AciesAction action;
      g_autoptr(AciesGame) game = game_at_attack (seed, &action);
      AciesRuleset *ruleset;
      g_autoptr(AciesOdds) expected = NULL;
      g_autoptr(JsonNode) action_node = NULL;
      g_autofree char *action_json = NULL;
      g_autofree char *name = g_strdup_printf ("cannae-%" G_GUINT64_FORMAT ".acies-game", seed);
      g_autofree char *path = g_build_filename (tmpdir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *out = NULL, *err = NULL;
      JsonArray *outcomes, *modifiers;
      double total = 0;

      if (game == NULL)
        continue;
      found++;
      ruleset = acies_game_get_ruleset (game);
      expected = acies_ruleset_get_odds (ruleset, acies_game_get_state (game), &action);
      action_node = acies_ruleset_action_to_json (ruleset, acies_game_get_state (game), &action);
      action_json = json_to_string (action_node, FALSE);
      g_assert_nonnull (expected);
      g_assert_true (acies_game_save_file (game, file, &error));
      g_assert_no_error (error);
      g_test_message ("%s %s", path, action_json);

      RUN (0, &out, &err, "odds", path, "--action", action_json, "--json");
      root = json_from_string (out, &error);
      g_assert_no_error (error);
      outcomes = json_object_get_array_member (json_node_get_object (root), "outcomes");
      modifiers = json_object_get_array_member (json_node_get_object (root), "modifiers");
      g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "summary"), ==, expected->summary);
      g_assert_cmpuint (json_array_get_length (outcomes), ==, expected->outcomes->len);
      for (guint i = 0; i < expected->outcomes->len; i++)
        {
          const AciesOddsOutcome *o = g_ptr_array_index (expected->outcomes, i);
          JsonObject *got = json_array_get_object_element (outcomes, i);

          g_assert_cmpstr (json_object_get_string_member (got, "result"), ==, o->result);
          g_assert_cmpfloat_with_epsilon (json_object_get_double_member (got, "probability"), o->probability, 1e-9);
          total += json_object_get_double_member (got, "probability");
        }
      g_assert_cmpfloat_with_epsilon (total, 1.0, 1e-9);
      g_assert_cmpuint (json_array_get_length (modifiers), ==, expected->modifiers->len);
      for (guint i = 0; i < expected->modifiers->len; i++)
        g_assert_true (g_str_has_prefix (json_object_get_string_member (json_array_get_object_element (modifiers, i), "rule"),
                                         "LB 6.5"));

      /* The table form names the results too. */
      RUN (0, &out, &err, "odds", path, "--action", action_json);
      g_assert_nonnull (strstr (out, "Results:"));
      g_assert_nonnull (strstr (out, ((AciesOddsOutcome *) g_ptr_array_index (expected->outcomes, 0))->result));

      /* Another ruleset's query options are refused, pointing to --action. */
      RUN (2, &out, &err, "odds", path, "--attack", "rom-le1", "--target", "x");
      g_assert_nonnull (strstr (err, "--action"));
      g_unlink (path);
    }
  g_assert_cmpuint (found, ==, 3);
}

/* Issue 17 item 11: `play --option NAME=VALUE` sets a ruling generically:
 * Lost Battles' decisive_when_screened (LB-G11, LB 6.8.2) plays; a
 * value of the wrong type or an option the rules do not declare is a
 * usage error that says what is expected. */
static void
test_play_option (void)
{
  g_autofree char *cannae = acies_test_source_path ("data", "scenarios", "lost-battles", "cannae.acies", NULL);
  g_autofree char *heraclea = acies_test_source_path ("data", "scenarios", "grass-crown", "heraclea.acies", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *plain = NULL;

  RUN (0, &out, &err, "play", cannae, "--random", "3", "--option", "decisive_when_screened=true");
  g_assert_nonnull (strstr (out, "\"games\": 3, \"finished\": 3"));

  RUN (2, &out, &err, "play", cannae, "--option", "decisive_when_screened=maybe");
  g_assert_nonnull (strstr (err, "true or false"));
  RUN (2, &out, &err, "play", cannae, "--option", "no_such_ruling=1");
  g_assert_nonnull (strstr (err, "no_such_ruling"));
  g_assert_nonnull (strstr (err, "decisive_when_screened"));
  RUN (2, &out, &err, "play", cannae, "--option", "decisive_when_screened");
  g_assert_nonnull (strstr (err, "NAME=VALUE"));

  /* The option reaches the game: with --actions the first state is played
   * under it (its digest covers the options), and the game differs. */
  RUN (0, &out, &err, "play", cannae, "--seed", "3");
  plain = g_strdup (strstr (out, "{\"digest\""));
  RUN (0, &out, &err, "play", cannae, "--seed", "3", "--option", "decisive_when_screened=true");
  g_assert_nonnull (plain);
  g_assert_nonnull (strstr (out, "{\"digest\""));
  g_assert_cmpstr (plain, !=, strstr (out, "{\"digest\""));

  /* Grass Crown's turn limit (GC-G02) as an option: every random game
   * then ends on it. */
  RUN (0, &out, &err, "play", heraclea, "--random", "2", "--option", "max_turns=1");
  g_assert_nonnull (strstr (out, "\"turn_guard\": 2"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("acies-cli-rulesets-XXXXXX", NULL);

  g_test_add_func ("/acies/lost-battles/6.6/cli-odds-match-preview", test_lb_odds_match_preview);
  g_test_add_func ("/acies/cli/play/option", test_play_option);

  status = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
