/* test-data-scenarios.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "acies-error.h"
#include "model/acies-check.h"
#include "rulesets/acies-ruleset.h"
#include "io/acies-scenario-io.h"

/* Every .acies file under data/scenarios/ in the source tree: it loads,
 * validates with no error, and round-trips (read, write, read gives an
 * equal scenario; writing that again gives the same bytes). */

static void
collect (GFile     *dir,
         GPtrArray *paths)
{
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GError) error = NULL;
  GFileInfo *info;

  children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NONE, NULL, &error);
  g_assert_no_error (error);

  while ((info = g_file_enumerator_next_file (children, NULL, &error)) != NULL)
    {
      g_autoptr(GFile) child = g_file_get_child (dir, g_file_info_get_name (info));

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        collect (child, paths);
      else if (g_str_has_suffix (g_file_info_get_name (info), ".acies"))
        g_ptr_array_add (paths, g_file_get_path (child));
      g_object_unref (info);
    }
  g_assert_no_error (error);
}

static void
test_scenario_file (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesScenario) again = NULL;
  g_autoptr(AciesScenario) copy = NULL;
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gsize first_length = 0, second_length = 0;

  scenario = acies_scenario_load_path (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);

  g_assert_true (acies_scenario_validate (scenario, problems, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s %s: %s", path,
                      problem->severity == ACIES_PROBLEM_ERROR ? "error" : "warning",
                      problem->path != NULL ? problem->path : "", problem->message);
    }
  g_assert_false (acies_problems_has_errors (problems));

  copy = acies_scenario_copy (scenario);
  g_assert_true (acies_scenario_equal (scenario, copy));

  first = acies_scenario_to_data (scenario, &first_length);
  again = acies_scenario_load_data (first, first_length, path, &error);
  g_assert_no_error (error);
  g_assert_true (acies_scenario_equal (scenario, again));

  second = acies_scenario_to_data (again, &second_length);
  g_assert_cmpstr (first, ==, second);
  g_assert_cmpuint (first_length, ==, second_length);
}

static gint
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static void
test_found_files (gconstpointer data)
{
  const GPtrArray *paths = data;

  /* The project ships sample scenarios; finding none means the glob or
   * the tree is wrong. */
  g_assert_cmpuint (paths->len, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GFile) dir = NULL;
  g_autofree char *root = NULL;
  const char *source_dir;

  g_test_init (&argc, &argv, NULL);

  source_dir = g_getenv ("ACIES_SOURCE_DIR");
  if (source_dir == NULL)
    source_dir = ACIES_SOURCE_DIR;
  root = g_build_filename (source_dir, "data", "scenarios", NULL);
  dir = g_file_new_for_path (root);
  collect (dir, paths);
  g_ptr_array_sort (paths, compare_paths);

  g_test_add_data_func ("/acies/data/scenarios/found", paths, test_found_files);
  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autofree char *relative = g_strdup (path + strlen (root) + 1);
      g_autofree char *name = NULL;

      g_strdelimit (relative, "/", '-');
      name = g_strdup_printf ("/acies/data/scenarios/%s", relative);
      g_test_add_data_func (name, path, test_scenario_file);
    }

  return g_test_run ();
}
