/* test-gc-setup-rules.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Grass Crown's validate refuses what its set-up rules forbid (issue
 * 20.7).  Each fixture is Heraclea with one set-up broken; before, each
 * validated, and two of them then had no legal placement (a game that
 * cannot start), the others an impossible set-up on the printed map.
 * The fixtures live with the pipeline fuzz target's regressions
 * (tests/fuzz/regressions/pipeline/), which also play what validates.
 */

#define G_LOG_DOMAIN "test-reliability"

#include "config.h"

#include <string.h>

#include "acies-data.h"
#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "model/acies-problem.h"
#include "rulesets/acies-ruleset.h"

typedef struct
{
  const char *test;      /* GTest path: the rule's case id */
  const char *fixture;
  const char *path;      /* the JSON path of the error */
  const char *rule;      /* the section cited */
} SetupCase;

static void
test_refused (gconstpointer data)
{
  const SetupCase *setup = data;
  g_autofree char *file = g_build_filename (TEST_SRCDIR, "fuzz", "regressions", "pipeline", setup->fixture, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (file, &error);
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  gboolean found = FALSE;

  g_assert_no_error (error);
  g_assert_true (acies_scenario_validate (scenario, problems, &error));
  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      if (problem->severity != ACIES_PROBLEM_ERROR)
        continue;
      g_test_message ("%s: %s", problem->path, problem->message);
      found |= g_strcmp0 (problem->path, setup->path) == 0 && strstr (problem->message, setup->rule) != NULL;
    }
  g_assert_true (found);
}

/* The bundled battles keep their set-up. */
static void
test_bundled_valid (gconstpointer data)
{
  g_autofree char *file = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", data, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (file, &error);
  g_autoptr(GPtrArray) problems = acies_problems_new ();

  g_assert_no_error (error);
  g_assert_true (acies_scenario_validate (scenario, problems, &error));
  for (guint i = 0; i < problems->len; i++)
    g_assert_cmpint (((AciesProblem *) g_ptr_array_index (problems, i))->severity, !=, ACIES_PROBLEM_ERROR);
}

int
main (int   argc,
      char *argv[])
{
  static const SetupCase cases[] = {
    { "/acies/grass-crown/2.1-c/zone-beyond-centre-line", "gc-zone-beyond-centre-line.acies", "$.areas[0]",
      "GC 2.1" },
    { "/acies/grass-crown/2.1/edges-not-opposite", "gc-edges-not-opposite.acies", "$.sides[1].home_edge",
      "GC 2.1" },
    { "/acies/grass-crown/3.1-a/zones-share-a-square", "gc-zones-share-a-square.acies", "$.areas[3]", "GC 3.1" },
    { "/acies/grass-crown/3.1-a/zone-full-of-placed-units", "gc-zone-full-of-placed-units.acies", "$.areas[0]",
      "GC 3.1" },
  };

  g_test_init (&argc, &argv, NULL);
  acies_data_ensure_registered ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_test_add_data_func (cases[i].test, &cases[i], test_refused);
  g_test_add_data_func ("/acies/grass-crown/3.1/bundled/heraclea", "grass-crown/heraclea.acies", test_bundled_valid);
  g_test_add_data_func ("/acies/grass-crown/3.1/bundled/sample", "samples/grass-crown-sample.acies", test_bundled_valid);

  return g_test_run ();
}
