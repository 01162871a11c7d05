/* test-fuzz-regressions.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every input the fuzzers ever found (tests/fuzz/regressions/<target>/),
 * fed to its reader exactly as the fuzz target does (acies-fuzz-common.c):
 * the reader must refuse it with a clear ACIES_ENGINE_ERROR that says
 * where (the file name or a JSON path) and what, or accept it and write
 * it back readably, quickly, and without a crash or a sanitizer report.
 * Runs in the normal build; no clang needed.
 */

#define G_LOG_DOMAIN "test-fuzz"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"

#include "acies-fuzz-common.h"

#define MAX_SECONDS 10.0

static const char * const targets[] = { "scenario", "game", "table", "pipeline", NULL };

typedef struct
{
  char *target;
  char *path;
} Fixture;

static void
fixture_free (gpointer data)
{
  Fixture *fixture = data;

  g_free (fixture->target);
  g_free (fixture->path);
  g_free (fixture);
}

static char *
regressions_dir (const char *target)
{
  return g_build_filename (TEST_SRCDIR, "fuzz", "regressions", target, NULL);
}

static void
test_regression (gconstpointer data)
{
  const Fixture *fixture = data;
  AciesFuzzReader reader = acies_fuzz_reader_for (fixture->target);
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimer) timer = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  gboolean accepted;
  double seconds;

  /* Each input in a subprocess: a crash fails its own case only. */
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, (guint64) 3 * MAX_SECONDS * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      return;
    }

  g_assert_nonnull (reader);
  g_assert_true (g_file_get_contents (fixture->path, &contents, &length, &error));
  g_assert_no_error (error);

  timer = g_timer_new ();
  accepted = reader ((const guint8 *) contents, length, &error);
  seconds = g_timer_elapsed (timer, NULL);

  g_printerr ("%s: %s in %.3f s: %s\n", fixture->path,
                  accepted ? "accepted" : "refused", seconds,
                  error != NULL ? error->message : "");
  g_assert_cmpfloat (seconds, <, MAX_SECONDS);
  if (accepted)
    {
      g_assert_no_error (error);
      return;
    }

  g_assert_nonnull (error);
  g_assert_true (error->domain == ACIES_ENGINE_ERROR);
  g_assert_cmpuint (strlen (error->message), >, 10);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  /* Says where: the file's name (the fuzz target calls it fuzz.*) or a
   * JSON path. */
  g_assert_true (strstr (error->message, "fuzz") != NULL || strstr (error->message, "$") != NULL);
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The pipeline target's own seeds: every bundled scenario validates, so
 * each must play, draw and print through it. */
static void
test_pipeline_bundled (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, (guint64) 3 * MAX_SECONDS * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      return;
    }
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_true (acies_fuzz_pipeline_full ((const guint8 *) contents, length, &error));
  g_assert_no_error (error);
}

/* Every registered ruleset has a bundled scenario, so the pipeline target
 * has a seed that plays it (a ruleset registered later is covered as soon
 * as its scenarios are bundled, and this fails until they are). */
static void
test_pipeline_rulesets_seeded (gconstpointer data)
{
  GPtrArray *bundled = (GPtrArray *) data;
  const char * const *ids = acies_ruleset_list ();

  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      gboolean seeded = FALSE;

      if (g_str_equal (ids[i], "test-race") || acies_fuzz_is_alias (ids[i]))
        continue;
      for (guint f = 0; f < bundled->len && !seeded; f++)
        {
          g_autoptr(AciesScenario) scenario = acies_scenario_load_path (g_ptr_array_index (bundled, f), NULL);

          seeded = scenario != NULL && g_strcmp0 (scenario->ruleset, ids[i]) == 0;
        }
      g_test_message ("ruleset %s: %s", ids[i], seeded ? "a bundled scenario plays it" : "no bundled scenario");
      g_assert_true (seeded);
    }
}

static GPtrArray *
bundled_scenarios (void)
{
  g_autofree char *data_dir = g_build_filename (TEST_SRCDIR, "..", "data", "scenarios", NULL);
  g_autoptr(GDir) dir = g_dir_open (data_dir, 0, NULL);
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *sub_path = g_build_filename (data_dir, name, NULL);
      g_autoptr(GDir) sub = g_dir_open (sub_path, 0, NULL);
      const char *file;

      while (sub != NULL && (file = g_dir_read_name (sub)) != NULL)
        if (g_str_has_suffix (file, ".acies"))
          g_ptr_array_add (paths, g_build_filename (sub_path, file, NULL));
    }
  g_ptr_array_sort (paths, compare_names);
  return paths;
}


/* The fixtures are there: a missing folder would make this suite pass
 * without testing anything. */
static void
test_fixtures_present (void)
{
  for (guint t = 0; targets[t] != NULL; t++)
    {
      g_autofree char *dir_path = regressions_dir (targets[t]);
      g_autoptr(GDir) dir = NULL;
      g_autoptr(GError) error = NULL;
      guint n = 0;
      const char *name;

      dir = g_dir_open (dir_path, 0, &error);
      g_assert_no_error (error);
      while ((name = g_dir_read_name (dir)) != NULL)
        n += name[0] != '.' && !g_str_equal (name, "README.md");
      g_assert_cmpuint (n, >, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) fixtures = g_ptr_array_new_with_free_func (fixture_free);
  g_autoptr(GPtrArray) bundled = NULL;

  g_test_init (&argc, &argv, NULL);
  acies_fuzz_setup ();
  /* One failing case must not hide the others. */
  if (!g_test_subprocess ())
    g_test_set_nonfatal_assertions ();

  g_test_add_func ("/acies/fuzz/regressions-present", test_fixtures_present);

  bundled = bundled_scenarios ();
  for (guint i = 0; i < bundled->len; i++)
    {
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (bundled, i));
      g_autofree char *test_path = g_strdup_printf ("/acies/fuzz/pipeline/bundled/%s", base);

      g_test_add_data_func (test_path, g_ptr_array_index (bundled, i), test_pipeline_bundled);
    }
  g_test_add_data_func ("/acies/fuzz/pipeline/every-ruleset-seeded", bundled, test_pipeline_rulesets_seeded);

  for (guint t = 0; targets[t] != NULL; t++)
    {
      g_autofree char *dir_path = regressions_dir (targets[t]);
      g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        if (name[0] != '.' && !g_str_equal (name, "README.md"))
          g_ptr_array_add (names, g_strdup (name));
      g_ptr_array_sort (names, compare_names);

      for (guint i = 0; i < names->len; i++)
        {
          const char *file = g_ptr_array_index (names, i);
          Fixture *fixture = g_new0 (Fixture, 1);
          g_autofree char *test_path = NULL;

          fixture->target = g_strdup (targets[t]);
          fixture->path = g_build_filename (dir_path, file, NULL);
          test_path = g_strdup_printf ("/acies/fuzz/regression/%s/%s", targets[t], file);
          g_ptr_array_add (fixtures, fixture);
          g_test_add_data_func (test_path, fixture, test_regression);
        }
    }

  return g_test_run ();
}
