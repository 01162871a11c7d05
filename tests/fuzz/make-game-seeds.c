/* make-game-seeds.c — saved games for the saved-game fuzzer's seed corpus
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: make-game-seeds DIR [N [SCENARIO.acies…]]
 *
 * Plays N (default 12) random games on each SCENARIO whose ruleset is
 * registered, and — while the test ruleset stands in for a catalogue's
 * missing ruleset (acies_fuzz_setup()) — N games of the test ruleset's
 * rules on its test scenario; saves each, cut at a different point, in
 * DIR.  Every file is read back through acies_fuzz_game() before it is
 * kept, so a seed always reaches the replay.
 */

#define G_LOG_DOMAIN "acies-fuzz"

#include "config.h"

#include <stdlib.h>

#include <glib/gstdio.h>

#include "io/acies-scenario-io.h"
#include "game/acies-game.h"
#include "acies-test-ruleset.h"

#include "acies-fuzz-common.h"

/* Plays uniformly random legal actions on @scenario for at most @limit
 * actions (every fourth game again with physical dice typed from the
 * log), saves the game as @path and checks it reads back through the
 * fuzz target. */
static gboolean
play_and_save (AciesScenario *scenario,
               guint          g,
               guint          limit,
               const char    *path)
{
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(GRand) rand = g_rand_new_with_seed (g + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  gsize length = 0;

  ruleset = acies_ruleset_lookup (scenario->ruleset, &error);
  if (ruleset == NULL)
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  game = acies_game_new (scenario, ruleset, 1000 + g, ACIES_DICE_MODE_SEEDED, NULL, &error);
  if (game == NULL)
    {
      g_printerr ("%s: cannot start a game: %s\n", path, error->message);
      return FALSE;
    }

  for (guint n = 0; n < limit && !acies_game_get_state (game)->finished; n++)
    {
      AciesAction action;

      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
      if (legal->len == 0)
        break;
      action = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
      if (!acies_game_apply (game, &action, &error))
        {
          g_printerr ("%s, action %u: %s\n", path, n, error->message);
          return FALSE;
        }
    }

  /* Every fourth game with physical dice: the same actions, the die rolls
   * (the log's "roll" events) typed in from the seeded game; draws, such as
   * counters from a cup, are the program's from the same seed. */
  if (g % 4 == 3)
    {
      g_autoptr(AciesGame) physical = acies_game_new (scenario, ruleset, acies_game_get_seed (game),
                                                      ACIES_DICE_MODE_PHYSICAL, NULL, &error);
      GPtrArray *events = acies_game_get_events (game);
      guint n = acies_game_get_n_actions (game), first_event = events->len;

      for (guint i = 0; i < n; i++)
        first_event -= acies_game_get_n_events_of_action (game, i);
      for (guint i = 0; physical != NULL && i < n; i++)
        {
          guint n_events = acies_game_get_n_events_of_action (game, i);

          for (guint e = first_event; e < first_event + n_events; e++)
            {
              AciesEvent *event = g_ptr_array_index (events, e);

              /* The dice's own records (with their value), not a
               * ruleset's event that happens to be called "roll". */
              if (g_str_equal (event->type, "roll") && event->data != NULL
                  && json_object_has_member (event->data, "value"))
                acies_game_push_roll (physical, json_object_get_int_member (event->data, "value"));
            }
          first_event += n_events;
          if (!acies_game_apply (physical, acies_game_get_action (game, i), &error))
            break;
        }
      if (physical == NULL || error != NULL)
        {
          g_printerr ("%s with physical dice: %s\n", path, error->message);
          return FALSE;
        }
      g_set_object (&game, physical);
    }

  root = acies_game_to_json (game);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, &length);

  if (!acies_fuzz_game ((const guint8 *) text, length, &error))
    {
      g_printerr ("%s does not read back: %s\n", path, error->message);
      return FALSE;
    }
  if (!g_file_set_contents (path, text, length, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  const char *dir;
  guint n_games = 12, kept = 0, tried = 0;

  if (argc < 2)
    {
      g_printerr ("usage: %s DIR [N [SCENARIO.acies…]]\n", argv[0]);
      return 2;
    }
  dir = argv[1];
  if (argc > 2)
    n_games = (guint) g_ascii_strtoull (argv[2], NULL, 10);
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_printerr ("%s: cannot create the folder\n", dir);
      return 1;
    }

  acies_fuzz_setup ();

  /* The test ruleset's rules, when they stand in for a catalogue. */
  if (acies_fuzz_is_alias ("grass-crown"))
    for (guint g = 0; g < n_games; g++)
      {
        g_autoptr(AciesScenario) scenario = acies_test_scenario_new (1 + g % 6);
        g_autofree char *path = g_strdup_printf ("%s/test-race-%02u.acies-game", dir, g);

        g_free (scenario->ruleset);
        scenario->ruleset = g_strdup ("grass-crown");
        tried++;
        kept += play_and_save (scenario, g, g * 7, path);
      }

  /* The real rulesets, on the scenarios given. */
  for (int i = 3; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AciesScenario) scenario = acies_scenario_load_path (argv[i], &error);
      g_autofree char *base = g_path_get_basename (argv[i]);
      g_autoptr(AciesRuleset) ruleset = NULL;

      if (scenario == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      ruleset = acies_ruleset_lookup (scenario->ruleset, NULL);
      if (ruleset == NULL || acies_fuzz_is_alias (scenario->ruleset))
        continue;  /* no rules to play it with */
      for (guint g = 0; g < n_games; g++)
        {
          g_autofree char *path = g_strdup_printf ("%s/%s-%02u.acies-game", dir, base, g);

          tried++;
          /* Cut at different points: the opening, the middle, the end. */
          kept += play_and_save (scenario, g, g < n_games / 2 ? 4 + g * 6 : 100 + g * 200, path);
        }
    }

  g_print ("%u saved games in %s\n", kept, dir);
  return kept == tried && kept > 0 ? 0 : 1;
}
