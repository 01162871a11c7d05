/* test-game-players.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-game-players"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "game/acies-game.h"
#include "acies-test-ruleset.h"

/* A game of the test ruleset with one action taken. */
static AciesGame *
new_game (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (6);
  g_autoptr(AciesRuleset) ruleset = acies_test_ruleset_new ();
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(GError) error = NULL;
  AciesGame *game;

  game = acies_game_new (scenario, ruleset, 5, ACIES_DICE_MODE_SEEDED, NULL, &error);
  g_assert_no_error (error);
  acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
  g_assert_cmpuint (legal->len, >, 0);
  g_assert_true (acies_game_apply (game, &g_array_index (legal, AciesAction, 0), &error));
  g_assert_no_error (error);

  return game;
}

static AciesGame *
reload (JsonNode  *root,
        GError   **error)
{
  g_autofree char *text = json_to_string (root, TRUE);
  g_autoptr(JsonNode) parsed = json_from_string (text, error);

  if (parsed == NULL)
    return NULL;

  return acies_game_from_json (parsed, "players.acies-game", error);
}

/* The play mode's players and take-back notes survive a save and a load;
 * they play no part in the digest. */
static void
test_round_trip (void)
{
  g_autoptr(AciesGame) game = new_game ();
  g_autoptr(AciesGame) back = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *digest_before = acies_game_digest (game);
  g_autofree char *digest = NULL;
  g_autofree char *digest_back = NULL;
  const char *names[] = { "Laevinus", "", NULL };
  const char * const *names_back;

  g_assert_null (acies_game_get_player_names (game));
  g_assert_cmpuint (acies_game_get_n_notes (game), ==, 0);
  acies_game_set_player_names (game, names);
  acies_game_add_note (game, "Action 2 and its dice were taken back with the consent of Pyrrhus");
  acies_game_add_note (game, "Second note");
  digest = acies_game_digest (game);
  g_assert_cmpstr (digest, ==, digest_before);

  root = acies_game_to_json (game);
  g_assert_true (json_object_has_member (json_node_get_object (root), "players"));
  g_assert_true (json_object_has_member (json_node_get_object (root), "notes"));
  back = reload (root, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);

  names_back = acies_game_get_player_names (back);
  g_assert_nonnull (names_back);
  g_assert_cmpstrv (names_back, names);
  g_assert_cmpuint (acies_game_get_n_notes (back), ==, 2);
  g_assert_cmpstr (acies_game_get_note (back, 0), ==,
                   "Action 2 and its dice were taken back with the consent of Pyrrhus");
  g_assert_cmpstr (acies_game_get_note (back, 1), ==, "Second note");
  g_assert_cmpuint (acies_game_get_n_actions (back), ==, 1);
  digest_back = acies_game_digest (back);
  g_assert_cmpstr (digest_back, ==, digest);
}

/* A file saved before the members existed still loads, without them. */
static void
test_old_file (void)
{
  g_autoptr(AciesGame) game = new_game ();
  g_autoptr(AciesGame) back = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;

  root = acies_game_to_json (game);
  g_assert_false (json_object_has_member (json_node_get_object (root), "players"));
  g_assert_false (json_object_has_member (json_node_get_object (root), "notes"));
  back = reload (root, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_null (acies_game_get_player_names (back));
  g_assert_cmpuint (acies_game_get_n_notes (back), ==, 0);
}

/* Bad values are refused with their JSON path. */
static void
test_bad_members (void)
{
  static const struct { const char *member; const char *json; const char *path; } cases[] = {
    { "players", "\"Pyrrhus\"", "$.players:" },
    { "players", "[\"Pyrrhus\", 3]", "$.players[1]:" },
    { "notes", "{}", "$.notes:" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AciesGame) game = new_game ();
      g_autoptr(AciesGame) back = NULL;
      g_autoptr(JsonNode) root = acies_game_to_json (game);
      g_autoptr(GError) error = NULL;
      JsonNode *value = json_from_string (cases[i].json, NULL);

      json_object_set_member (json_node_get_object (root), cases[i].member, value);
      back = reload (root, &error);
      g_assert_null (back);
      g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].path));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  acies_ruleset_register ("test-race", acies_test_ruleset_new);

  g_test_add_func ("/acies/game/players/round-trip", test_round_trip);
  g_test_add_func ("/acies/game/players/old-file", test_old_file);
  g_test_add_func ("/acies/game/players/bad-members", test_bad_members);

  return g_test_run ();
}
