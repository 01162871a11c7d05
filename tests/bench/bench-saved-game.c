/* bench-saved-game.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writes a saved game for tests/bench/launch-bench.sh to open in the play
 * window: SCENARIO played for STEPS actions, each the first legal action,
 * with seeded dice (seed 7), saved through the engine (its log, rolls and
 * digest as the play window writes them).
 *
 * usage: bench-saved-game SCENARIO OUT.acies-game [STEPS]
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <gio/gio.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(GFile) out = NULL;
  g_autoptr(GError) error = NULL;
  guint steps = argc > 3 ? (guint) atoi (argv[3]) : 80, n = 0;

  if (argc < 3)
    {
      fprintf (stderr, "usage: %s SCENARIO OUT.acies-game [STEPS]\n", argv[0]);
      return 2;
    }
  scenario = acies_scenario_load_path (argv[1], &error);
  if (scenario != NULL)
    ruleset = acies_ruleset_lookup (scenario->ruleset, &error);
  if (ruleset != NULL)
    game = acies_game_new (scenario, ruleset, 7, ACIES_DICE_MODE_SEEDED, NULL, &error);
  if (game == NULL)
    {
      fprintf (stderr, "%s: %s\n", argv[1], error->message);
      return 1;
    }
  for (; n < steps; n++)
    {
      const AciesState *state = acies_game_get_state (game);
      AciesAction action;

      if (state->finished)
        break;
      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (ruleset, state, legal);
      if (legal->len == 0)
        break;
      action = g_array_index (legal, AciesAction, 0);
      if (!acies_game_apply (game, &action, &error))
        {
          fprintf (stderr, "%s: action %u: %s\n", argv[1], n + 1, error->message);
          return 1;
        }
    }
  out = g_file_new_for_commandline_arg (argv[2]);
  if (!acies_game_save_file (game, out, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[2], error->message);
      return 1;
    }
  printf ("%s: %u actions\n", argv[2], n);
  return 0;
}
