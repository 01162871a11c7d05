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
#include "acies-error.h"
#include "game/acies-dice.h"
#include "rulesets/acies-ruleset.h"
#include "acies-cli-private.h"


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
 * acies_cli_random_bench:
 * @resource: a bundled scenario under the data resource's "scenarios/"
 *   folder, such as "cca/cannae-epic.acies"
 * @n_games: how many complete random games
 * @cpu_rate: (out): games per CPU second of this process (one core)
 * @wall_rate: (out): games per wall-clock second
 * @title: (out) (optional) (transfer full): the scenario's title
 * @error: return location for an error
 *
 * Plays @n_games random games of a bundled scenario under its own
 * ruleset, the actions picked uniformly among the legal ones.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_cli_random_bench (const char  *resource,
                        guint        n_games,
                        double      *cpu_rate,
                        double      *wall_rate,
                        char       **title,
                        GError     **error)
{
  g_autofree char *uri = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;
  gint64 start;
  gdouble cpu_start;

  acies_data_ensure_registered ();
  uri = g_strdup_printf ("resource://" ACIES_DATA_PREFIX "scenarios/%s", resource);
  file = g_file_new_for_uri (uri);
  scenario = acies_scenario_load_file (file, error);
  if (scenario == NULL)
    return FALSE;
  ruleset = acies_ruleset_lookup (scenario->ruleset, error);
  if (ruleset == NULL)
    return FALSE;
  start = g_get_monotonic_time ();
  cpu_start = cpu_seconds ();
  for (guint g = 0; g < n_games; g++)
    if (!play_one (ruleset, scenario, g + 1, error))
      return FALSE;
  /* CPU time of this process: the rate on one core even when other
   * processes share the machine; the wall-clock rate beside it. */
  *cpu_rate = n_games / MAX (1e-9, cpu_seconds () - cpu_start);
  *wall_rate = n_games / MAX (1e-9, (g_get_monotonic_time () - start) / 1e6);
  if (title != NULL)
    *title = g_strdup (scenario->meta.title ? scenario->meta.title : resource);
  return TRUE;
}

/**
 * acies_cli_lb_bench:
 * @battle: a bundled battle, "cannae" or "gaugamela"
 * @n_games: how many complete random games
 * @cpu_rate: (out): games per CPU second of this process (one core)
 * @wall_rate: (out): games per wall-clock second
 * @title: (out) (optional) (transfer full): the scenario's title
 * @error: return location for an error
 *
 * Plays @n_games random games of the bundled Lost Battles @battle.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_cli_lb_bench (const char  *battle,
                    guint        n_games,
                    double      *cpu_rate,
                    double      *wall_rate,
                    char       **title,
                    GError     **error)
{
  g_autofree char *resource = g_strdup_printf ("lost-battles/%s.acies", battle);

  return acies_cli_random_bench (resource, n_games, cpu_rate, wall_rate, title, error);
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
  guint n = 500;

  for (guint b = 0; b < G_N_ELEMENTS (battles); b++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *title = NULL;
      double cpu_rate = 0, wall_rate = 0;

      if (!acies_cli_lb_bench (battles[b], n, &cpu_rate, &wall_rate, &title, &error))
        {
          g_printerr ("acies-cli bench: %s: %s\n", battles[b], error->message);
          return FALSE;
        }
      g_print (_("Lost Battles: %.0f complete random %s games per second on one core (%u games, goal 2000; %.0f per wall-clock second)\n"),
               cpu_rate, title, n, wall_rate);
    }
  return TRUE;
}
