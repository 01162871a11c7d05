/* acies-cli-lb.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cli"

#include "config.h"

#include <time.h>

#include <glib/gi18n.h>

#include "acies-data.h"
#include "io/acies-scenario-io.h"
#include "rulesets/lost-battles/acies-lb-private.h"

gboolean acies_cli_lb_bench_report (void);

/* One complete random game of Lost Battles (LB 11.1 or 10 turns), the
 * actions picked uniformly among the legal ones. */
static gboolean
play_one (AciesRuleset  *ruleset,
          AciesScenario *scenario,
          guint64        seed,
          GError       **error)
{
  AciesState *state = acies_ruleset_new_state (ruleset, scenario, NULL, error);
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (seed);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  GRand *rand = g_rand_new_with_seed ((guint32) seed);
  gboolean ok = state != NULL;

  while (ok && !state->finished)
    {
      AciesAction a;

      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (ruleset, state, legal);
      if (legal->len == 0)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "no legal action in phase %s (seed %" G_GUINT64_FORMAT ")", state->phase, seed);
          ok = FALSE;
          break;
        }
      a = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
      ok = acies_ruleset_apply (ruleset, state, &a, dice, NULL, error);
    }
  g_rand_free (rand);
  if (state != NULL)
    acies_ruleset_free_state (ruleset, state);
  return ok;
}

/* CPU seconds used by this process (the benchmark is single-threaded). */
static gdouble
cpu_seconds (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time () / 1e6;
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/**
 * acies_cli_lb_bench_report:
 *
 * Prints the Lost Battles random-game rate for each bundled battle
 * (acies-cli bench): complete random games per second on one core.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_cli_lb_bench_report (void)
{
  static const char *battles[] = { "cannae", "gaugamela" };
  g_autoptr(AciesRuleset) ruleset = NULL;

  acies_data_ensure_registered ();
  ruleset = acies_lost_battles_ruleset_new ();
  for (guint b = 0; b < G_N_ELEMENTS (battles); b++)
    {
      g_autofree char *uri = g_strdup_printf ("resource://" ACIES_DATA_PREFIX "scenarios/lost-battles/%s.acies",
                                              battles[b]);
      g_autoptr(GFile) file = g_file_new_for_uri (uri);
      g_autoptr(GError) error = NULL;
      g_autoptr(AciesScenario) scenario = acies_scenario_load_file (file, &error);
      gint64 start;
      gdouble cpu_start;
      guint n = 500;

      if (scenario == NULL)
        {
          g_printerr ("acies-cli bench: %s: %s\n", battles[b], error->message);
          return FALSE;
        }
      start = g_get_monotonic_time ();
      cpu_start = cpu_seconds ();
      for (guint g = 0; g < n; g++)
        if (!play_one (ruleset, scenario, g + 1, &error))
          {
            g_printerr ("acies-cli bench: %s: %s\n", battles[b], error->message);
            return FALSE;
          }
      /* CPU time of this process: the rate on one core even when other
       * processes share the machine; the wall-clock rate beside it. */
      g_print (_("Lost Battles: %.0f complete random %s games per second on one core (%u games, goal 2000; %.0f per wall-clock second)\n"),
               n / MAX (1e-9, cpu_seconds () - cpu_start), scenario->meta.title, n,
               n / MAX (1e-9, (g_get_monotonic_time () - start) / 1e6));
    }
  return TRUE;
}
