/* test-scenario-io.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gio/gio.h>

#include "acies-error.h"
#include "model/acies-check.h"
#include "rulesets/acies-ruleset.h"
#include "io/acies-scenario-io.h"

/* Reading bad .acies files: every error names the file, the line, the JSON
 * path and what was wrong, and nothing is returned.  Saving is atomic and
 * leaves no backup in the user's folder (issue 18.7).  The valid fixtures
 * round-trip. */

static char *
fixture_path (const char *name)
{
  return g_build_filename (TEST_SRCDIR, "io", "fixtures", name, NULL);
}

/* The line (from 1) of the first occurrence of @marker in the fixture. */
static guint
line_of (const char *name,
         const char *marker)
{
  g_autofree char *path = fixture_path (name);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  const char *found;
  guint line = 1;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);

  found = strstr (text, marker);
  g_assert_nonnull (found);
  for (const char *p = text; p < found; p++)
    if (*p == '\n')
      line++;

  return line;
}

static void
assert_contains (const char *message,
                 const char *part)
{
  if (strstr (message, part) == NULL)
    g_error ("expected “%s” in the message “%s”", part, message);
}

/* Loads @name, which must fail with @code; checks that the message names
 * the file, the line where @marker is (if given), @path (if given) and
 * says @what. */
static void
assert_load_fails (const char *name,
                   gint        code,
                   const char *marker,
                   const char *path,
                   const char *what)
{
  g_autofree char *file = fixture_path (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;

  scenario = acies_scenario_load_path (file, &error);
  g_assert_null (scenario);
  g_assert_error (error, ACIES_ENGINE_ERROR, code);
  g_test_message ("%s", error->message);

  assert_contains (error->message, file);
  if (marker != NULL)
    {
      g_autofree char *at = g_strdup_printf ("%s:%u:", file, line_of (name, marker));

      assert_contains (error->message, at);
    }
  if (path != NULL)
    {
      g_autofree char *with_colon = g_strdup_printf (": %s: ", path);

      assert_contains (error->message, with_colon);
    }
  assert_contains (error->message, what);
}

static void
test_empty (void)
{
  assert_load_fails ("empty.acies", ACIES_ENGINE_ERROR_PARSE, NULL, NULL, ":1:1: the file is empty");
}

static void
test_truncated (void)
{
  assert_load_fails ("truncated.acies", ACIES_ENGINE_ERROR_PARSE, "\"id\": \"u1\"", NULL,
                     "the file ends before the document is complete");
}

static void
test_wrong_type (void)
{
  assert_load_fails ("wrong-type.acies", ACIES_ENGINE_ERROR_FORMAT, "\"home_edge\": 3",
                     "$.sides[0].home_edge", "expected a string, got 3");
}

/* A required id that is absent is named by its path (it read "(null)"). */
static void
test_missing_id (void)
{
  assert_load_fails ("no-id.acies", ACIES_ENGINE_ERROR_FORMAT, NULL,
                     "$.ruleset", "missing: expected an id");
}

static void
test_unknown_ruleset (void)
{
  assert_load_fails ("unknown-ruleset.acies", ACIES_ENGINE_ERROR_UNKNOWN_RULESET, "chainmail",
                     "$.ruleset", "unknown ruleset \"chainmail\"");
}

static void
test_off_board (void)
{
  assert_load_fails ("off-board.acies", ACIES_ENGINE_ERROR_FORMAT, "Z99",
                     "$.units[1].cell", "unit off the board");
  assert_load_fails ("off-board.acies", ACIES_ENGINE_ERROR_FORMAT, "Z99",
                     "$.units[1].cell", "got \"Z99\"");
}

static void
test_duplicate_ids (void)
{
  assert_load_fails ("duplicate-ids.acies", ACIES_ENGINE_ERROR_INVALID, "\"id\": \"u1\", \"side\": \"blue\"",
                     "$.units[1].id", "Duplicate unit id “u1”");
}

static void
test_missing_formation (void)
{
  assert_load_fails ("missing-formation.acies", ACIES_ENGINE_ERROR_INVALID, "purple",
                     "$.units[1].formation", "There is no formation “purple”");
}

static void
test_negative (void)
{
  assert_load_fails ("negative.acies", ACIES_ENGINE_ERROR_FORMAT, "-3",
                     "$.turn_limit", "expected an integer from 0 to 9999, got -3");
}

static void
test_huge (void)
{
  assert_load_fails ("huge.acies", ACIES_ENGINE_ERROR_FORMAT, "100000",
                     "$.board.width", "expected an integer from 1 to 200, got 100000");
  /* Too many digits for 64 bits: json-glib would wrap it around. */
  assert_load_fails ("huge-digits.acies", ACIES_ENGINE_ERROR_TOO_LARGE, "123456789012",
                     NULL, "the number 123456789012345678901234");
  assert_load_fails ("huge-digits.acies", ACIES_ENGINE_ERROR_TOO_LARGE, "123456789012",
                     NULL, "is too large (at most 18 digits)");
}

static void
test_invalid_utf8 (void)
{
  g_autofree char *file = fixture_path ("invalid-utf8.acies");
  g_autofree char *text = NULL;
  g_autofree char *offset = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (file, &text, &length, NULL));
  offset = g_strdup_printf ("byte offset %td", strchr (text, '\xff') - text);

  assert_load_fails ("invalid-utf8.acies", ACIES_ENGINE_ERROR_PARSE, "\"Bl",
                     NULL, "not valid UTF-8");
  assert_load_fails ("invalid-utf8.acies", ACIES_ENGINE_ERROR_PARSE, "\"Bl",
                     NULL, offset);
}

/* Strict JSON (issue 20): a \u0000 escape would cut the title short
 * ("Across "), so it is refused at its backslash; a second document after
 * the first is refused where it starts, not silently dropped. */
static void
test_nul_escape (void)
{
  g_autofree char *file = fixture_path ("nul-escape.acies");
  g_autofree char *at = g_strdup_printf ("%s:%u:34: ", file, line_of ("nul-escape.acies", "Siris"));

  assert_load_fails ("nul-escape.acies", ACIES_ENGINE_ERROR_PARSE, "Siris", NULL, "\\u0000");
  assert_load_fails ("nul-escape.acies", ACIES_ENGINE_ERROR_PARSE, "Siris", NULL, at);
}

static void
test_second_document (void)
{
  g_autofree char *file = fixture_path ("second-document.acies");
  g_autofree char *at = g_strdup_printf ("%s:19:1: ", file);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scalars = NULL;

  assert_load_fails ("second-document.acies", ACIES_ENGINE_ERROR_PARSE, NULL, NULL,
                     "more text after the end of the document");
  assert_load_fails ("second-document.acies", ACIES_ENGINE_ERROR_PARSE, NULL, NULL, at);

  /* Any value counts as the document: text after a number or a true too. */
  scalars = acies_scenario_load_data ("12 true", -1, "scalars.acies", &error);
  g_assert_null (scalars);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE);
  assert_contains (error->message, "scalars.acies:1:4: ");
}

static void
test_newer_version (void)
{
  assert_load_fails ("newer-version.acies", ACIES_ENGINE_ERROR_VERSION, "\"version\": 3", "$.version",
                     "written by a newer version of Acies (format 3); this version reads up to 1");
}

static void
test_unknown_member (void)
{
  assert_load_fails ("unknown-member.acies", ACIES_ENGINE_ERROR_FORMAT, "\"color\"",
                     "$.sides[1].color", "unknown member \"color\"");
}

static void
test_too_large (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-io-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GString) text = g_string_new ("{\"format\": \"acies-scenario\", \"version\": 1, \"params\": {\"pad\": \"");

  g_assert_no_error (error);
  path = g_build_filename (dir, "big.acies", NULL);

  /* 20 MB of otherwise valid JSON. */
  while (text->len < 20 * 1024 * 1024)
    g_string_append (text, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
  g_string_append (text, "\"}}\n");
  g_file_set_contents (path, text->str, text->len, &error);
  g_assert_no_error (error);

  scenario = acies_scenario_load_path (path, &error);
  g_assert_null (scenario);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE);
  assert_contains (error->message, path);
  assert_contains (error->message, "too large");
  g_clear_error (&error);

  /* The same text given as data is refused too. */
  scenario = acies_scenario_load_data (text->str, text->len, "big-data", &error);
  g_assert_null (scenario);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE);
  g_clear_error (&error);

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_syntax_error_position (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  const char *text = "{\n  \"format\": \"acies-scenario\",\n  \"version\": 1 \"ruleset\": \"x\"\n}\n";

  scenario = acies_scenario_load_data (text, -1, "syntax.acies", &error);
  g_assert_null (scenario);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE);
  g_test_message ("%s", error->message);
  assert_contains (error->message, "syntax.acies:3:");
  assert_contains (error->message, "not valid JSON");
}

static void
test_duplicate_member (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  const char *text = "{\n  \"format\": \"acies-scenario\",\n  \"version\": 1,\n  \"version\": 1\n}\n";

  scenario = acies_scenario_load_data (text, -1, "dup.acies", &error);
  g_assert_null (scenario);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE);
  assert_contains (error->message, "dup.acies:4:");
  assert_contains (error->message, "\"version\" appears twice");
}

static void
test_deep_nesting (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GString) text = g_string_new ("{\"format\": \"acies-scenario\", \"version\": 1, \"params\": {\"x\": ");

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, '[');

  scenario = acies_scenario_load_data (text->str, text->len, "deep.acies", &error);
  g_assert_null (scenario);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE);
  assert_contains (error->message, "deep.acies:1:");
  assert_contains (error->message, "nested too deeply");
}

static void
test_not_a_scenario (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;

  scenario = acies_scenario_load_data ("[1, 2]", -1, "array.acies", &error);
  g_assert_null (scenario);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
  assert_contains (error->message, "array.acies:1:1: $: expected an object, got an array");
  g_clear_error (&error);

  scenario = acies_scenario_load_data ("{\"format\": \"acies-game\", \"version\": 1}", -1, "game.acies", &error);
  g_assert_null (scenario);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
  assert_contains (error->message, "$.format: expected \"acies-scenario\", got \"acies-game\"");
}

/* The stacking fixture loads (it is well-formed) but validation finds the
 * second unit in C4 with the path, id and cell to select it. */
static void
test_stacking (void)
{
  g_autofree char *file = fixture_path ("stacking.acies");
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  const AciesProblem *found = NULL;

  scenario = acies_scenario_load_path (file, &error);
  g_assert_no_error (error);

  g_assert_true (acies_scenario_validate (scenario, problems, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", problem->path, problem->message);
      if (strstr (problem->message, "Too many units in C4") != NULL)
        found = problem;
      else
        /* The fixture differs from the clean minimal one by the stacking
         * only: the only other problem allowed is the ruleset's own word
         * on the same two units (GC 8.0). */
        g_assert_nonnull (strstr (problem->message, "u1 and u2"));
    }

  g_assert_cmpuint (problems->len, >=, 1);
  g_assert_nonnull (found);
  g_assert_cmpint (found->severity, ==, ACIES_PROBLEM_ERROR);
  g_assert_cmpstr (found->path, ==, "$.units[1].cell");
  g_assert_cmpstr (found->object_id, ==, "u2");
  g_assert_cmpint (found->cell, ==, acies_board_cell_from_label (scenario->map.board, "C4"));
  g_assert_true (acies_problems_has_errors (problems));
}

static void
test_bad_attribute (void)
{
  g_autofree char *file = fixture_path ("bad-attr.acies");
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  const AciesProblem *found = NULL;

  scenario = acies_scenario_load_path (file, &error);
  g_assert_no_error (error);

  g_assert_true (acies_scenario_validate (scenario, problems, &error));
  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", problem->path, problem->message);
      if (g_strcmp0 (problem->path, "$.units[1].attrs.cc") == 0)
        found = problem;
    }

  g_assert_nonnull (found);
  g_assert_cmpint (found->severity, ==, ACIES_PROBLEM_ERROR);
  g_assert_cmpstr (found->object_id, ==, "u2");
  assert_contains (found->message, "got 7");
}

/* The minimal fixture passes the generic check without any problem, so
 * each bad fixture derived from it fails for its one change only. */
static void
test_minimal_checks_clean (void)
{
  g_autofree char *file = fixture_path ("minimal.acies");
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  AciesCatalogue *catalogue;

  scenario = acies_scenario_load_path (file, &error);
  g_assert_no_error (error);

  catalogue = acies_catalogue_get_bundled ("grass-crown");
  g_assert_nonnull (catalogue);
  acies_scenario_check (scenario, catalogue, problems);
  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", problem->path, problem->message);
    }
  g_assert_cmpuint (problems->len, ==, 0);
}

static void
test_round_trip (gconstpointer data)
{
  const char *name = data;
  g_autofree char *file = fixture_path (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesScenario) again = NULL;
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  scenario = acies_scenario_load_path (file, &error);
  g_assert_no_error (error);

  g_assert_true (acies_scenario_validate (scenario, problems, &error));
  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", problem->path, problem->message);
    }
  g_assert_false (acies_problems_has_errors (problems));

  first = acies_scenario_to_data (scenario, NULL);
  again = acies_scenario_load_data (first, -1, name, &error);
  g_assert_no_error (error);
  g_assert_true (acies_scenario_equal (scenario, again));
  second = acies_scenario_to_data (again, NULL);
  g_assert_cmpstr (first, ==, second);

  /* Canonical form: 2-space indent, a final newline, no nulls. */
  g_assert_true (g_str_has_prefix (first, "{\n  \"format\" : \"acies-scenario\",\n") ||
                 g_str_has_prefix (first, "{\n  \"format\": \"acies-scenario\",\n"));
  g_assert_true (g_str_has_suffix (first, "}\n"));
  g_assert_null (strstr (first, "null"));
}

/* Saving */

static char *
read_all (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);

  return text;
}

static AciesScenario *
load_square (void)
{
  g_autofree char *file = fixture_path ("square.acies");
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = acies_scenario_load_path (file, &error);

  g_assert_no_error (error);

  return scenario;
}

static void
test_save_no_backup (void)
{
  g_autoptr(AciesScenario) scenario = load_square ();
  g_autoptr(AciesScenario) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-io-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "saved.acies", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *expected = acies_scenario_to_data (scenario, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  g_autofree char *old = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "previous version\n", -1, NULL));

  g_assert_true (acies_scenario_save_file (scenario, file, &error));
  g_assert_no_error (error);

  text = read_all (path);
  g_assert_cmpstr (text, ==, expected);
  g_assert_false (g_file_get_contents (backup, &old, NULL, NULL));

  reloaded = acies_scenario_load_file (file, &error);
  g_assert_no_error (error);
  g_assert_true (acies_scenario_equal (scenario, reloaded));

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_save_to_directory (void)
{
  g_autoptr(AciesScenario) scenario = load_square ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-io-XXXXXX", &error);
  g_autofree char *target = g_build_filename (dir, "folder.acies", NULL);
  g_autofree char *inside = g_build_filename (target, "keep", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (target);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (target, 0755), ==, 0);
  g_assert_true (g_file_set_contents (inside, "untouched", -1, NULL));

  g_assert_false (acies_scenario_save_file (scenario, file, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO);
  assert_contains (error->message, target);
  g_test_message ("%s", error->message);

  g_assert_true (g_file_test (target, G_FILE_TEST_IS_DIR));
  text = read_all (inside);
  g_assert_cmpstr (text, ==, "untouched");

  g_assert_cmpint (g_unlink (inside), ==, 0);
  g_assert_cmpint (g_rmdir (target), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* No backup is made: whatever has the backup's name ("FILE~", here a
 * folder that is not empty) is left alone and the save goes through. */
static void
test_save_backup_name_untouched (void)
{
  g_autoptr(AciesScenario) scenario = load_square ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-io-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "saved.acies", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *blocker = g_build_filename (backup, "x", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *entry;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "original bytes\n", -1, NULL));
  g_assert_cmpint (g_mkdir (backup, 0755), ==, 0);
  g_assert_true (g_file_set_contents (blocker, "x", -1, NULL));

  g_assert_true (acies_scenario_save_file (scenario, file, &error));
  g_assert_no_error (error);

  text = read_all (path);
  g_assert_cmpstr (text, !=, "original bytes\n");
  g_assert_true (g_file_test (blocker, G_FILE_TEST_IS_REGULAR));

  /* No temporary file is left behind. */
  listing = g_dir_open (dir, 0, NULL);
  while ((entry = g_dir_read_name (listing)) != NULL)
    g_assert_true (g_str_equal (entry, "saved.acies") || g_str_equal (entry, "saved.acies~"));

  g_assert_cmpint (g_unlink (blocker), ==, 0);
  g_assert_cmpint (g_rmdir (backup), ==, 0);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_save_read_only_dir (void)
{
  g_autoptr(AciesScenario) scenario = load_square ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-io-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "saved.acies", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "original bytes\n", -1, NULL));
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);

  if (access (dir, W_OK) == 0)
    {
      /* Root writes anyway; test_save_backup_blocked covers this case. */
      g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
      g_assert_cmpint (g_unlink (path), ==, 0);
      g_assert_cmpint (g_rmdir (dir), ==, 0);
      g_test_skip ("folder permissions do not apply to this user (root)");
      return;
    }

  g_assert_false (acies_scenario_save_file (scenario, file, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO);
  assert_contains (error->message, path);

  text = read_all (path);
  g_assert_cmpstr (text, ==, "original bytes\n");

  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_save_under_a_file (void)
{
  g_autoptr(AciesScenario) scenario = load_square ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-io-XXXXXX", &error);
  g_autofree char *plain = g_build_filename (dir, "plain", NULL);
  g_autofree char *path = g_build_filename (plain, "saved.acies", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (plain, "a file, not a folder", -1, NULL));

  g_assert_false (acies_scenario_save_file (scenario, file, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO);
  text = read_all (plain);
  g_assert_cmpstr (text, ==, "a file, not a folder");

  g_assert_cmpint (g_unlink (plain), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_read_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;

  scenario = acies_scenario_load_path ("/nonexistent/acies/none.acies", &error);
  g_assert_null (scenario);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO);
  assert_contains (error->message, "/nonexistent/acies/none.acies");
}

/* Positions of values inside a scenario read from text: an error deep in
 * the file names its own line, not the top of the file. */
static void
test_position_of_nested_value (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  const char *text =
    "{\n"
    "  \"format\": \"acies-scenario\",\n"
    "  \"version\": 1,\n"
    "  \"ruleset\": \"grass-crown\",\n"
    "  \"board\": { \"kind\": \"square\", \"width\": 8, \"height\": 6 },\n"
    "  \"sides\": [ { \"id\": \"red\" } ],\n"
    "  \"units\": [\n"
    "    { \"id\": \"u1\", \"side\": \"red\", \"type\": \"L\", \"cell\": \"A1\" },\n"
    "    { \"id\": \"u2\", \"side\": \"red\", \"type\": \"L\",\n"
    "      \"cell\": 12 }\n"
    "  ]\n"
    "}\n";

  scenario = acies_scenario_load_data (text, -1, "nested.acies", &error);
  g_assert_null (scenario);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
  g_test_message ("%s", error->message);
  assert_contains (error->message, "nested.acies:10:");
  assert_contains (error->message, "$.units[1].cell: expected a cell label such as \"A1\", got 12");
}

/* The public parse and from-JSON pair, which keeps no positions: the
 * message still names the file and the path. */
static void
test_from_json (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  const char *text =
    "{ \"format\": \"acies-scenario\", \"version\": 1, \"ruleset\": \"four-battles\",\n"
    "  \"board\": { \"kind\": \"hex\", \"width\": 6, \"height\": 5 },\n"
    "  \"map\": { \"edge_features\": { \"0101/0505\": [\"river\"] } } }\n";

  root = acies_json_parse ("{ \"a\": [1, 2", -1, "broken.json", &error);
  g_assert_null (root);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE);
  assert_contains (error->message, "broken.json:1:");
  g_clear_error (&error);

  root = acies_json_parse (text, -1, "edges.acies", &error);
  g_assert_no_error (error);
  scenario = acies_scenario_from_json (root, "edges.acies", &error);
  g_assert_null (scenario);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
  assert_contains (error->message, "edges.acies: $.map.edge_features['0101/0505']: no edge \"0101/0505\"");
  g_clear_error (&error);

  /* The same text through the loader gives the line too. */
  scenario = acies_scenario_load_data (text, -1, "edges.acies", &error);
  g_assert_null (scenario);
  assert_contains (error->message, "edges.acies:3:");
}

/* Issue 21.3: the engine's fast reader of plain JSON builds the tree
 * json-glib builds, and what it does not read (a member given twice, a
 * real out of range, json-glib's leniencies) is still json-glib's to
 * accept or refuse, with the same messages. */
static void
test_json_reader_as_json_glib (void)
{
  static const char *texts[] = {
    "{\"a\":1,\"b\":-0,\"c\":-12.5e-3,\"d\":1E+5,\"e\":123456789012345678,\"f\":-123456789012345678}",
    "{\"s\":\"\\u00e9\\ud83d\\ude00 \\/\\b\\f\\n\\r\\t\\\"\\\\ é\",\"k\\u00e9y\":[true,false,null,[],{}]}",
    "[ 1 , { \"a\" : [ \"x\" , 2.0 ] } , \"\" ]",
    "\"just a string\"",
    "-7",
    "{\"a\":01}",
    "{\"a\":1.}",
    "{'a':1}",
    "{\"\":1}",
    "{\"a\":\"tab\there\"}",
  };
  static const char *refused[] = {
    "{\"a\":1,\"a\":2}",
    "{\"a\":1e400}",
    "[1,2,]",
    "{\"a\":1}{\"b\":2}",
    "[tru]",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) glib_error = NULL;

      root = acies_json_parse (texts[i], -1, "t.json", &error);
      if (!json_parser_load_from_data (parser, texts[i], -1, &glib_error))
        {
          g_assert_null (root);
          continue;
        }
      g_assert_no_error (error);
      g_assert_nonnull (root);
      g_assert_true (json_node_equal (root, json_parser_get_root (parser)));
      {
        g_autofree char *ours = json_to_string (root, FALSE);
        g_autofree char *theirs = json_to_string (json_parser_get_root (parser), FALSE);

        g_assert_cmpstr (ours, ==, theirs);
      }
    }

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(JsonNode) root = NULL;
      g_autoptr(GError) error = NULL;

      root = acies_json_parse (refused[i], -1, "t.json", &error);
      g_assert_null (root);
      g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE);
      assert_contains (error->message, "t.json:1:");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/io/json/reader-as-json-glib", test_json_reader_as_json_glib);
  g_test_add_func ("/acies/io/bad/empty", test_empty);
  g_test_add_func ("/acies/io/bad/truncated", test_truncated);
  g_test_add_func ("/acies/io/bad/wrong-type", test_wrong_type);
  g_test_add_func ("/acies/io/bad/missing-id", test_missing_id);
  g_test_add_func ("/acies/io/bad/unknown-ruleset", test_unknown_ruleset);
  g_test_add_func ("/acies/io/bad/off-board", test_off_board);
  g_test_add_func ("/acies/io/bad/duplicate-ids", test_duplicate_ids);
  g_test_add_func ("/acies/io/bad/missing-formation", test_missing_formation);
  g_test_add_func ("/acies/io/bad/negative", test_negative);
  g_test_add_func ("/acies/io/bad/huge", test_huge);
  g_test_add_func ("/acies/io/bad/too-large", test_too_large);
  g_test_add_func ("/acies/io/bad/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/acies/io/bad/nul-escape", test_nul_escape);
  g_test_add_func ("/acies/io/bad/second-document", test_second_document);
  g_test_add_func ("/acies/io/bad/newer-version", test_newer_version);
  g_test_add_func ("/acies/io/bad/unknown-member", test_unknown_member);
  g_test_add_func ("/acies/io/bad/syntax-error", test_syntax_error_position);
  g_test_add_func ("/acies/io/bad/duplicate-member", test_duplicate_member);
  g_test_add_func ("/acies/io/bad/deep-nesting", test_deep_nesting);
  g_test_add_func ("/acies/io/bad/not-a-scenario", test_not_a_scenario);
  g_test_add_func ("/acies/io/bad/nested-position", test_position_of_nested_value);
  g_test_add_func ("/acies/io/bad/missing-file", test_read_missing_file);
  g_test_add_func ("/acies/io/bad/from-json", test_from_json);
  g_test_add_func ("/acies/io/check/stacking", test_stacking);
  g_test_add_func ("/acies/io/check/bad-attribute", test_bad_attribute);
  g_test_add_func ("/acies/io/check/minimal", test_minimal_checks_clean);
  g_test_add_data_func ("/acies/io/round-trip/square", "square.acies", test_round_trip);
  g_test_add_data_func ("/acies/io/round-trip/hex", "hex.acies", test_round_trip);
  g_test_add_data_func ("/acies/io/round-trip/zones", "zones.acies", test_round_trip);
  g_test_add_func ("/acies/io/save/no-backup", test_save_no_backup);
  g_test_add_func ("/acies/io/save/to-directory", test_save_to_directory);
  g_test_add_func ("/acies/io/save/backup-name-untouched", test_save_backup_name_untouched);
  g_test_add_func ("/acies/io/save/read-only-dir", test_save_read_only_dir);
  g_test_add_func ("/acies/io/save/under-a-file", test_save_under_a_file);

  return g_test_run ();
}
