/* test-saved-game-guard.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The saved game guards its seed (issue 20.4).  The log replays with its
 * recorded rolls, so an edited "seed" used to replay to the same final
 * state and pass as "digest matches" while every roll to come changed.
 * Format 2 keeps a digest of the scenario, the seed (with the dice mode),
 * the options and the log; a change to any is refused with the part named
 * ($.digests.seed …).  Games saved in format 1 (fixtures written by the
 * code before the change) still read and replay.
 */

#define G_LOG_DOMAIN "test-reliability"

#include "config.h"

#include <string.h>

#include "acies-data.h"
#include "acies-error.h"
#include "game/acies-game.h"
#include "io/acies-scenario-io.h"

static char *
fixture (const char *name)
{
  return g_build_filename (TEST_SRCDIR, "reliability", "fixtures", name, NULL);
}

static AciesGame *
load_fixture (const char  *name,
              GError     **error)
{
  g_autofree char *path = fixture (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return acies_game_load_file (file, error);
}

/* The text of @game saved now (format 2). */
static char *
saved_text (AciesGame *game)
{
  g_autoptr(JsonNode) root = acies_game_to_json (game);

  return json_to_string (root, TRUE);
}

static AciesGame *
game_from_text (const char  *text,
                GError     **error)
{
  g_autoptr(JsonNode) root = acies_json_parse (text, -1, "edited.acies-game", error);

  if (root == NULL)
    return NULL;
  return acies_game_from_json (root, "edited.acies-game", error);
}

/* @text with the first @from replaced by @to. */
static char *
edit (const char *text,
      const char *from,
      const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

/* Format 1 files, written by the code before "digests", read, replay and
 * are saved again in format 2 with the same final state. */
static void
test_format_1_reads (gconstpointer data)
{
  const char *name = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = load_fixture (name, &error);
  g_autoptr(AciesGame) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *digest_again = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 60);

  text = saved_text (game);
  g_assert_nonnull (strstr (text, "\"version\" : " G_STRINGIFY (ACIES_GAME_VERSION)));
  g_assert_nonnull (strstr (text, "\"digests\""));
  again = game_from_text (text, &error);
  g_assert_no_error (error);
  digest = acies_game_digest (game);
  digest_again = acies_game_digest (again);
  g_assert_cmpstr (digest, ==, digest_again);
}

typedef struct
{
  const char *name;
  const char *from;
  const char *to;
  const char *path;   /* the JSON path the error names */
  const char *what;   /* and the part, in words */
} Edit;

/* Each part edited in a format 2 file is refused, by name.  The edits keep
 * the file well-formed and the replay possible (the rolls are recorded),
 * as a user's or a program's would. */
static void
test_edited_part (gconstpointer data)
{
  const Edit *change = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = load_fixture ("heraclea-v1.acies-game", &error);
  g_autoptr(AciesGame) edited = NULL;
  g_autofree char *text = NULL;
  g_autofree char *bad = NULL;

  g_assert_no_error (error);
  text = saved_text (game);
  bad = edit (text, change->from, change->to);
  edited = game_from_text (bad, &error);
  g_assert_null (edited);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
  g_test_message ("%s: %s", change->name, error->message);
  g_assert_nonnull (strstr (error->message, change->path));
  g_assert_nonnull (strstr (error->message, change->what));
}

/* The regression fixture: a format 2 game whose seed was edited by hand
 * (20 → 21).  Before the change it was "valid, digest matches". */
static void
test_seed_edited_fixture (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = load_fixture ("heraclea-seed-edited.acies-game", &error);

  g_assert_null (game);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "heraclea-seed-edited.acies-game"));
  g_assert_nonnull (strstr (error->message, "$.digests.seed"));
  g_assert_nonnull (strstr (error->message, "the seed"));
}

/* The same file with its seed put back reads: only the edit was refused. */
static void
test_seed_restored (void)
{
  g_autofree char *path = fixture ("heraclea-seed-edited.acies-game");
  g_autofree char *text = NULL;
  g_autofree char *restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  restored = edit (text, "\"seed\" : 21", "\"seed\" : 20");
  game = game_from_text (restored, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
}

/* Issue 17 (trial): a saved game's digests guard its parts against edits,
 * but a file written with an option the rules do not have, a value its
 * option refuses, or more players than the game has seats used to read
 * (and validate) with the option ignored.  Each is refused where it is. */
typedef struct
{
  const char *name;
  const char *options;   /* JSON */
  guint       n_players;
  const char *path;
} BadPart;

static void
test_bad_part (gconstpointer data)
{
  const BadPart *bad = data;
  static const char * const names[] = { "Laevinus", "Pyrrhus", "Milo", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) fixture_game = load_fixture ("heraclea-v1.acies-game", &error);
  g_autoptr(JsonNode) options_node = NULL;
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(AciesGame) read = NULL;
  g_autofree char *text = NULL;
  const char *players[4] = { NULL };

  g_assert_no_error (error);
  options_node = json_from_string (bad->options, &error);
  g_assert_no_error (error);
  game = acies_game_new (acies_game_get_scenario (fixture_game), acies_game_get_ruleset (fixture_game), 20,
                         ACIES_DICE_MODE_SEEDED, json_node_get_object (options_node), &error);
  g_assert_no_error (error);
  for (guint i = 0; i < bad->n_players; i++)
    players[i] = names[i];
  acies_game_set_player_names (game, players);
  text = saved_text (game);

  read = game_from_text (text, &error);
  g_assert_null (read);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
  g_test_message ("%s: %s", bad->name, error->message);
  g_assert_nonnull (strstr (error->message, bad->path));
}

/* The same game with a declared option and two players reads. */
static void
test_good_parts (void)
{
  static const char * const players[] = { "Laevinus", "Pyrrhus", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) fixture_game = load_fixture ("heraclea-v1.acies-game", &error);
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(AciesGame) read = NULL;
  g_autoptr(JsonObject) options = json_object_new ();
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  json_object_set_int_member (options, "max_turns", 12);
  game = acies_game_new (acies_game_get_scenario (fixture_game), acies_game_get_ruleset (fixture_game), 20,
                         ACIES_DICE_MODE_SEEDED, options, &error);
  g_assert_no_error (error);
  acies_game_set_player_names (game, players);
  text = saved_text (game);
  read = game_from_text (text, &error);
  g_assert_no_error (error);
  g_assert_nonnull (read);
  g_assert_cmpstr (acies_game_get_player_names (read)[1], ==, "Pyrrhus");
}

/* Trial 6a: a 300,000-character player's name validated and filled the
 * side panel; a name over ACIES_GAME_PLAYER_NAME_MAX characters is refused
 * where it is, one at the limit reads. */
static void
test_long_player_name (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = load_fixture ("heraclea-v1.acies-game", &error);

  g_assert_no_error (error);
  for (guint extra = 0; extra < 2; extra++)
    {
      g_autofree char *name = g_strnfill (ACIES_GAME_PLAYER_NAME_MAX + extra, 'A');
      const char *players[] = { "Laevinus", name, NULL };
      g_autoptr(AciesGame) read = NULL;
      g_autofree char *text = NULL;

      acies_game_set_player_names (game, players);
      text = saved_text (game);
      read = game_from_text (text, &error);
      if (extra == 0)
        {
          g_assert_no_error (error);
          g_assert_cmpstr (acies_game_get_player_names (read)[1], ==, name);
        }
      else
        {
          g_assert_null (read);
          g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "$.players[1]"));
          g_clear_error (&error);
        }
    }
}

/* A log whose action the rules refuse says where the replay diverged and
 * quotes the action once (trial31: "action 2 (“…”): “…” is not legal
 * now" quoted it twice). */
static void
test_replay_diverged_once (void)
{
  g_autofree char *path = fixture ("heraclea-v1.acies-game");
  g_autofree char *text = NULL;
  g_autofree char *edited = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = NULL;
  const char *open_quote;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  edited = edit (text, "\"to\" : \"E4\"", "\"to\" : \"A1\"");
  game = game_from_text (edited, &error);
  g_assert_null (game);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "the replay diverged at action 2"));
  g_assert_nonnull (strstr (error->message, "is not legal now"));
  open_quote = strstr (error->message, "“");
  g_assert_nonnull (open_quote);
  g_assert_null (strstr (open_quote + 1, "“"));
}

int
main (int   argc,
      char *argv[])
{
  static const Edit edits[] = {
    { "seed", "\"seed\" : 20", "\"seed\" : 21", "$.digests.seed", "the seed" },
    { "dice", "\"dice\" : \"seeded\"", "\"dice\" : \"physical\"", "$.digests.seed", "the dice" },
    { "options", "\"options\" : {  }", "\"options\" : { \"house_rule\" : true }", "$.digests.options",
      "the rule options" },
    { "scenario", "\"title\" : \"Heraclea", "\"title\" : \"Heraclea (edited)", "$.digests.scenario",
      "the scenario" },
  };

  g_test_init (&argc, &argv, NULL);
  acies_data_ensure_registered ();

  g_test_add_data_func ("/acies/reliability/saved-game/format-1-reads/heraclea", "heraclea-v1.acies-game",
                        test_format_1_reads);
  g_test_add_data_func ("/acies/reliability/saved-game/format-1-reads/cannae", "cannae-v1.acies-game",
                        test_format_1_reads);
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autofree char *path = g_strdup_printf ("/acies/reliability/saved-game/edited/%s", edits[i].name);

      g_test_add_data_func (path, &edits[i], test_edited_part);
    }
  static const BadPart bad_parts[] = {
    { "unknown-option", "{ \"no_such_option\" : true }", 2, "$.options.no_such_option" },
    { "option-value", "{ \"max_turns\" : \"many\" }", 2, "$.options.max_turns" },
    { "players-over-seats", "{}", 3, "$.players" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad_parts); i++)
    {
      g_autofree char *path = g_strdup_printf ("/acies/reliability/saved-game/refused/%s", bad_parts[i].name);

      g_test_add_data_func (path, &bad_parts[i], test_bad_part);
    }
  g_test_add_func ("/acies/reliability/saved-game/declared-parts-read", test_good_parts);
  g_test_add_func ("/acies/reliability/saved-game/refused/player-name-too-long", test_long_player_name);
  g_test_add_func ("/acies/reliability/saved-game/seed-edited-fixture", test_seed_edited_fixture);
  g_test_add_func ("/acies/reliability/saved-game/seed-restored", test_seed_restored);
  g_test_add_func ("/acies/reliability/saved-game/replay-diverged-quotes-once", test_replay_diverged_once);

  return g_test_run ();
}
