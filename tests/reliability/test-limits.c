/* test-limits.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The documented limits (engine/acies-error.h, tests/bench/README.md):
 * beyond them every reader gives a clear ACIES_ENGINE_ERROR quickly —
 * never a hang, a crash or an out-of-memory death.  Each case runs in a
 * subprocess with a time limit, so a crash or a hang fails only its case,
 * and the subprocess's peak memory is checked too.
 */

#define G_LOG_DOMAIN "test-reliability"

#include "config.h"

#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "acies-data.h"
#include "acies-error.h"
#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "model/acies-problem.h"
#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-ruleset.h"
#include "game/acies-game.h"

/* Generous: AddressSanitizer and valgrind builds run the subprocess too. */
#define CASE_TIMEOUT_SECONDS  30
/* Peak memory of a refused file: far below what a desktop can give. */
#define MAX_PEAK_MIB          1024

static char *work_dir;

/* A scenario of the Grass Crown catalogue with @board, @extra members and
 * @units (JSON fragments). */
static char *
scenario_text (const char *board,
               const char *units,
               const char *extra)
{
  return g_strdup_printf (
    "{\n"
    "  \"format\": \"acies-scenario\",\n"
    "  \"version\": 1,\n"
    "  \"ruleset\": \"grass-crown\",\n"
    "  \"board\": %s,\n"
    "  \"sides\": [\n"
    "    { \"id\": \"red\", \"name\": \"Red\", \"home_edge\": \"south\", \"params\": { \"vp_plus5\": 8, \"final_vp\": 12 } },\n"
    "    { \"id\": \"blue\", \"name\": \"Blue\", \"home_edge\": \"north\", \"params\": { \"vp_plus5\": 8, \"final_vp\": 12 } }\n"
    "  ],\n"
    "  \"units\": %s%s\n"
    "}\n",
    board != NULL ? board : "{ \"kind\": \"square\", \"width\": 8, \"height\": 6 }",
    units != NULL ? units : "[ { \"id\": \"u1\", \"side\": \"red\", \"type\": \"L\", \"attrs\": { \"cc\": \"B\" }, \"cell\": \"C4\", \"facing\": 0 } ]",
    extra != NULL ? extra : "");
}

static char *
units_text (guint n)
{
  GString *text = g_string_new ("[");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s{ \"id\": \"u%u\", \"side\": \"%s\", \"type\": \"L\", \"attrs\": { \"cc\": \"B\" } }",
                            i > 0 ? ",\n" : "", i, i % 2 ? "blue" : "red");
  g_string_append (text, "]");
  return g_string_free (text, FALSE);
}

static char *
nested_text (const char *prefix,
             guint       depth)
{
  GString *text = g_string_new (prefix);

  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, '[');
  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, ']');
  return g_string_free (text, FALSE);
}

/* Asserts a clear refusal: the code (or one of two), the file's name and
 * @needle in the message. */
static void
assert_refused (GError     *error,
                gint        code,
                gint        other_code,
                const char *name,
                const char *needle)
{
  g_assert_nonnull (error);
  g_printerr ("refused: %s\n", error->message);
  g_assert_true (error->domain == ACIES_ENGINE_ERROR);
  if (error->code != code)
    g_assert_cmpint (error->code, ==, other_code);
  if (name != NULL)
    g_assert_nonnull (strstr (error->message, name));
  if (needle != NULL)
    g_assert_nonnull (strstr (error->message, needle));
}

static void
assert_scenario_refused (const char *text,
                         gssize      length,
                         gint        code,
                         gint        other_code,
                         const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;

  scenario = acies_scenario_load_data (text, length, "limits.acies", &error);
  g_assert_null (scenario);
  assert_refused (error, code, other_code, "limits.acies", needle);
}

static char *
write_file (const char *name,
            const char *text,
            gssize      length)
{
  g_autofree char *path = g_build_filename (work_dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, length, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&path);
}

/* The cases, each run in a subprocess. */

static void
case_board_side (void)
{
  g_autofree char *too_wide = scenario_text ("{ \"kind\": \"square\", \"width\": 201, \"height\": 6 }", NULL, NULL);
  g_autofree char *too_high = scenario_text ("{ \"kind\": \"hex\", \"width\": 8, \"height\": 100000 }", NULL, NULL);
  g_autofree char *at_limit = scenario_text ("{ \"kind\": \"square\", \"width\": 200, \"height\": 200 }", NULL, NULL);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *side = g_strdup_printf ("%d", ACIES_MAX_BOARD_SIDE);

  /* The message gives the limit. */
  assert_scenario_refused (too_wide, -1, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_FORMAT, side);
  assert_scenario_refused (too_high, -1, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_FORMAT, side);

  /* The limit itself is a board Acies reads. */
  scenario = acies_scenario_load_data (at_limit, -1, "limits.acies", &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_assert_cmpuint (acies_board_get_width (scenario->map.board), ==, ACIES_MAX_BOARD_SIDE);
}

static void
case_units (void)
{
  g_autofree char *over = units_text (ACIES_MAX_UNITS + 1);
  g_autofree char *at = units_text (ACIES_MAX_UNITS);
  g_autofree char *over_text = scenario_text ("{ \"kind\": \"square\", \"width\": 200, \"height\": 200 }", over, NULL);
  g_autofree char *at_text = scenario_text ("{ \"kind\": \"square\", \"width\": 200, \"height\": 200 }", at, NULL);
  g_autofree char *limit = g_strdup_printf ("%d", ACIES_MAX_UNITS);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();

  assert_scenario_refused (over_text, -1, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_TOO_LARGE, limit);

  /* The limit itself loads. */
  g_timer_start (timer);
  scenario = acies_scenario_load_data (at_text, -1, "limits.acies", &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_assert_cmpuint (scenario->units->len, ==, ACIES_MAX_UNITS);
  g_printerr ("%d units loaded in %.3f s\n", ACIES_MAX_UNITS, g_timer_elapsed (timer, NULL));
}

static void
case_file_size_data (void)
{
  gsize size = ACIES_MAX_FILE_SIZE + 1;
  g_autofree char *big = g_malloc (size + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesCatalogue) catalogue = NULL;

  /* In memory: one byte too many, refused before parsing. */
  memset (big, ' ', size);
  big[0] = '{';
  big[size - 1] = '}';
  big[size] = '\0';
  assert_scenario_refused (big, size, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_TOO_LARGE, NULL);
  catalogue = acies_catalogue_load_data (big, size, "limits.json", &error);
  g_assert_null (catalogue);
  assert_refused (error, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_TOO_LARGE, "limits.json", NULL);
}

/* A sparse file of 1 GiB: refused from its size, without reading it. */
static GFile *
huge_file (void)
{
  g_autofree char *path = g_build_filename (work_dir, "huge.acies", NULL);
  FILE *f = fopen (path, "w");

  g_assert_nonnull (f);
  g_assert_cmpint (fseeko (f, (off_t) 1 << 30, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('}', f), !=, EOF);
  g_assert_cmpint (fclose (f), ==, 0);
  return g_file_new_for_path (path);
}

static void
case_file_size_scenario (void)
{
  g_autoptr(GFile) file = huge_file ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;

  scenario = acies_scenario_load_file (file, &error);
  g_file_delete (file, NULL, NULL);
  g_assert_null (scenario);
  assert_refused (error, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_TOO_LARGE, "huge.acies", "too large");
}

static void
case_file_size_game (void)
{
  g_autoptr(GFile) file = huge_file ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = NULL;

  game = acies_game_load_file (file, &error);
  g_file_delete (file, NULL, NULL);
  g_assert_null (game);
  assert_refused (error, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_TOO_LARGE, "huge.acies", "too large");
}

static void
case_file_size_catalogue (void)
{
  g_autoptr(GFile) file = huge_file ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesCatalogue) catalogue = NULL;

  catalogue = acies_catalogue_load (file, &error);
  g_file_delete (file, NULL, NULL);
  g_assert_null (catalogue);
  assert_refused (error, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_TOO_LARGE, "huge.acies", NULL);
}

#define DEEP 100000

static void
case_nesting_scenario (void)
{
  g_autofree char *deep = nested_text ("", DEEP);
  g_autofree char *deep_member = nested_text ("{\"format\": \"acies-scenario\", \"units\": ", DEEP);

  assert_scenario_refused (deep, -1, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_PARSE, "nested");
  assert_scenario_refused (deep_member, -1, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_PARSE, "nested");
}

static void
case_nesting_game (void)
{
  g_autofree char *deep = nested_text ("{\"format\": \"acies-game\", \"version\": 1, \"log\": ", DEEP);
  g_autofree char *path = write_file ("deep.acies-game", deep, -1);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = NULL;

  game = acies_game_load_file (file, &error);
  g_assert_null (game);
  assert_refused (error, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_PARSE, "deep.acies-game", "nested");
  g_unlink (path);
}

static void
case_nesting_catalogue (void)
{
  g_autofree char *deep = nested_text ("{\"format\": \"acies-ruleset\", \"tables\": ", DEEP);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesCatalogue) catalogue = NULL;

  catalogue = acies_catalogue_load_data (deep, -1, "limits.json", &error);
  g_assert_null (catalogue);
  assert_refused (error, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_PARSE, "limits.json", NULL);
}

static void
case_long_strings (void)
{
  g_autofree char *long_text = g_strnfill (4 * 1024 * 1024, 'x');
  g_autofree char *title = g_strdup_printf (", \"metadata\": { \"title\": \"%s\" }", long_text);
  g_autofree char *with_title = scenario_text (NULL, NULL, title);
  g_autofree char *units = g_strdup_printf ("[ { \"id\": \"%.*s\", \"side\": \"red\", \"type\": \"L\" } ]",
                                            1024 * 1024, long_text);
  g_autofree char *with_id = scenario_text (NULL, units, NULL);
  g_autofree char *member = g_strdup_printf (", \"%s\": 1", long_text);
  g_autofree char *with_member = scenario_text (NULL, NULL, member);

  assert_scenario_refused (with_title, -1, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_FORMAT, NULL);
  assert_scenario_refused (with_id, -1, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_FORMAT, NULL);
  assert_scenario_refused (with_member, -1, ACIES_ENGINE_ERROR_FORMAT, ACIES_ENGINE_ERROR_TOO_LARGE, NULL);
}

static void
case_huge_numbers (void)
{
  static const char * const widths[] = {
    "1e999", "-1e999", "123456789012345678901234567890", "9223372036854775807",
    "-9223372036854775808", "4294967297", "-1", "0", "1.5", "1e2", "NaN", "Infinity",
  };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      g_autofree char *board = g_strdup_printf ("{ \"kind\": \"square\", \"width\": %s, \"height\": 6 }", widths[i]);
      g_autofree char *text = scenario_text (board, NULL, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(AciesScenario) scenario = acies_scenario_load_data (text, -1, "limits.acies", &error);

      g_printerr ("width %s: ", widths[i]);
      g_assert_null (scenario);
      g_assert_nonnull (error);
      g_assert_true (error->domain == ACIES_ENGINE_ERROR);
      g_assert_true (error->code == ACIES_ENGINE_ERROR_FORMAT || error->code == ACIES_ENGINE_ERROR_TOO_LARGE ||
                     error->code == ACIES_ENGINE_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, "limits.acies"));
      g_printerr ("%s\n", error->message);
    }

  {
    g_autofree char *text = scenario_text (NULL, NULL, ", \"turn_limit\": 1e308");
    assert_scenario_refused (text, -1, ACIES_ENGINE_ERROR_FORMAT, ACIES_ENGINE_ERROR_TOO_LARGE, "turn_limit");
  }
}

/* A file under the size limit made of one huge array: refused (too many
 * elements) in a time and memory that do not grow with the JSON value
 * count beyond reason. */
static void
case_wide_array (void)
{
  GString *units = g_string_sized_new (ACIES_MAX_FILE_SIZE);
  g_autofree char *text = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  gsize n = 0;

  g_string_append_c (units, '[');
  while (units->len < ACIES_MAX_FILE_SIZE - 1024)
    {
      g_string_append (units, n++ > 0 ? ",0" : "0");
    }
  g_string_append_c (units, ']');
  text = scenario_text (NULL, units->str, NULL);
  g_string_free (units, TRUE);
  g_assert_cmpuint (strlen (text), <=, ACIES_MAX_FILE_SIZE);

  g_timer_start (timer);
  assert_scenario_refused (text, -1, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_PARSE, NULL);
  g_printerr ("%" G_GSIZE_FORMAT " array elements refused in %.1f s\n", n, g_timer_elapsed (timer, NULL));
}

/* Issue 20.2: the limit counts counters, not pool entries.  A file of
 * 4,999 entries of 4,900 counters each (24.5 million counters, under
 * 1 MB) was "valid" and took 21 s and 1.8 GB to validate. */
static char *
pools_text (guint n_entries,
            guint count)
{
  GString *text = g_string_new (", \"pools\": [ { \"id\": \"p\", \"side\": \"red\", \"entries\": [");

  for (guint i = 0; i < n_entries; i++)
    g_string_append_printf (text, "%s{ \"type\": \"L\", \"attrs\": { \"cc\": \"B\" }, \"count\": %u }",
                            i > 0 ? ",\n" : "", count);
  g_string_append (text, "] } ]");
  return g_string_free (text, FALSE);
}

static void
case_pool_counters (void)
{
  g_autofree char *pools = pools_text (4999, 4900);
  g_autofree char *text = scenario_text (NULL, "[]", pools);
  g_autofree char *limit = g_strdup_printf ("%d", ACIES_MAX_UNITS);

  g_assert_cmpuint (strlen (text), <, 1024 * 1024);
  assert_scenario_refused (text, -1, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_TOO_LARGE, limit);
}

/* The limit itself: one unit and 4,999 counters in pools read. */
static void
case_pool_counters_at_limit (void)
{
  g_autofree char *pools = pools_text (1, ACIES_MAX_UNITS - 1);
  g_autofree char *at = scenario_text (NULL, NULL, pools);
  g_autofree char *over_pools = pools_text (1, ACIES_MAX_UNITS);
  g_autofree char *over = scenario_text (NULL, NULL, over_pools);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;

  scenario = acies_scenario_load_data (at, -1, "limits.acies", &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  assert_scenario_refused (over, -1, ACIES_ENGINE_ERROR_TOO_LARGE, ACIES_ENGINE_ERROR_TOO_LARGE, NULL);
}

/* Issue 20.1: Grass Crown kept counter and unit indices in 16 bits; a
 * scenario with more than 32,767 counters validated and then crashed
 * play.  A scenario made in memory (the editor's pool counts are not
 * limited by the reader) is refused by the common check and by
 * new_state() alike, which validate builds: they agree. */
static void
case_gc_state_sizes (void)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown",
                                            "heraclea.acies", NULL);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  g_autoptr(GError) error = NULL;
  AciesPoolEntry *entry;
  AciesState *state;
  gboolean refused = FALSE;

  acies_data_ensure_registered ();
  scenario = acies_scenario_load_path (path, &error);
  g_assert_no_error (error);
  ruleset = acies_ruleset_lookup ("grass-crown", &error);
  g_assert_no_error (error);

  /* 40,000 counters in one entry: past the 16-bit indices. */
  entry = g_ptr_array_index (((AciesPool *) g_ptr_array_index (scenario->pools, 0))->entries, 0);
  entry->count = 40000;

  g_assert_true (acies_scenario_validate (scenario, problems, &error));
  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      if (problem->severity == ACIES_PROBLEM_ERROR && strstr (problem->message, "5000") != NULL)
        {
          g_printerr ("refused: %s: %s\n", problem->path, problem->message);
          refused = TRUE;
        }
    }
  g_assert_true (refused);

  state = acies_ruleset_new_state (ruleset, scenario, NULL, &error);
  g_assert_null (state);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE);
  g_printerr ("new_state: %s\n", error->message);
}

/* Issue 20.5: a FIFO (or a device) is refused before it is opened; opening
 * a FIFO waited for a writer forever, and the GUI's loading thread with
 * it.  The subprocess's time limit makes a hang a failure. */
static void
case_fifo (void)
{
  g_autofree char *path = g_build_filename (work_dir, "pipe.acies", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) device = g_file_new_for_path ("/dev/zero");
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(AciesCatalogue) catalogue = NULL;

  g_unlink (path);
  g_assert_cmpint (mkfifo (path, 0644), ==, 0);

  scenario = acies_scenario_load_file (file, &error);
  g_assert_null (scenario);
  assert_refused (error, ACIES_ENGINE_ERROR_IO, ACIES_ENGINE_ERROR_IO, "pipe.acies", "not a regular file");
  g_clear_error (&error);

  game = acies_game_load_file (file, &error);
  g_assert_null (game);
  assert_refused (error, ACIES_ENGINE_ERROR_IO, ACIES_ENGINE_ERROR_IO, "pipe.acies", "not a regular file");
  g_clear_error (&error);

  catalogue = acies_catalogue_load (file, &error);
  g_assert_null (catalogue);
  assert_refused (error, ACIES_ENGINE_ERROR_IO, ACIES_ENGINE_ERROR_IO, "pipe.acies", "not a regular file");
  g_clear_error (&error);
  g_unlink (path);

  /* A device never ends. */
  g_clear_pointer (&scenario, acies_scenario_unref);
  scenario = acies_scenario_load_file (device, &error);
  g_assert_null (scenario);
  assert_refused (error, ACIES_ENGINE_ERROR_IO, ACIES_ENGINE_ERROR_IO, "/dev/zero", "not a regular file");
}

/* A link that points nowhere says so, not "not a regular file". */
static void
case_dangling_link (void)
{
  g_autofree char *path = g_build_filename (work_dir, "dangling.acies", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;

  g_unlink (path);
  g_assert_cmpint (symlink ("/nonexistent/x.acies", path), ==, 0);
  scenario = acies_scenario_load_file (file, &error);
  g_assert_null (scenario);
  assert_refused (error, ACIES_ENGINE_ERROR_IO, ACIES_ENGINE_ERROR_IO, "dangling.acies",
                  "a link to /nonexistent/x.acies, which does not exist");
  g_unlink (path);
}

/* A loop of links (a → b → a) says so, not that b does not exist
 * (trial31). */
static void
case_link_loop (void)
{
  g_autofree char *a = g_build_filename (work_dir, "loop-a.acies", NULL);
  g_autofree char *b = g_build_filename (work_dir, "loop-b.acies", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (a);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;

  g_unlink (a);
  g_unlink (b);
  g_assert_cmpint (symlink ("loop-b.acies", a), ==, 0);
  g_assert_cmpint (symlink ("loop-a.acies", b), ==, 0);
  scenario = acies_scenario_load_file (file, &error);
  g_assert_null (scenario);
  assert_refused (error, ACIES_ENGINE_ERROR_IO, ACIES_ENGINE_ERROR_IO, "loop-a.acies",
                  "a link to loop-b.acies, in a loop of links that never reaches a file");
  g_assert_null (strstr (error->message, "does not exist"));
  g_unlink (a);
  g_unlink (b);
}

/* A file that is not there says so once, in our words: not GIO's
 * "Error when getting information for file …", which named the file a
 * second time (trial31). */
static void
case_missing_file (void)
{
  g_autofree char *path = g_build_filename (work_dir, "missing.acies", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;

  g_unlink (path);
  scenario = acies_scenario_load_file (file, &error);
  g_assert_null (scenario);
  assert_refused (error, ACIES_ENGINE_ERROR_IO, ACIES_ENGINE_ERROR_IO, "missing.acies",
                  "cannot read the file: there is no such file");
  g_assert_null (strstr (error->message, "information"));
}

typedef struct
{
  const char *name;
  void      (*func) (void);
  guint       max_seconds;  /* in the plain build */
} LimitCase;

static const LimitCase cases[] = {
  { "board-side",          case_board_side,        2 },
  { "dangling-link",       case_dangling_link,     2 },
  { "link-loop",           case_link_loop,         2 },
  { "missing-file",        case_missing_file,      2 },
  { "units",               case_units,             5 },
  { "file-size/data",      case_file_size_data,      2 },
  { "file-size/scenario",  case_file_size_scenario,  2 },
  { "file-size/game",      case_file_size_game,      2 },
  { "file-size/catalogue", case_file_size_catalogue, 2 },
  { "nesting/scenario",    case_nesting_scenario,  2 },
  { "nesting/game",        case_nesting_game,      2 },
  { "nesting/catalogue",   case_nesting_catalogue, 2 },
  { "long-strings",        case_long_strings,      5 },
  { "huge-numbers",        case_huge_numbers,      2 },
  { "wide-array",          case_wide_array,        5 },
  { "pool-counters",       case_pool_counters,     2 },
  { "pool-counters-at-limit", case_pool_counters_at_limit, 2 },
  { "gc-state-sizes",      case_gc_state_sizes,    5 },
  { "fifo",                case_fifo,              2 },
};

static gboolean
slow_build (void)
{
  /* AddressSanitizer or valgrind slow the subprocess down: only the hard
   * timeout applies then. */
#if defined(__SANITIZE_ADDRESS__)
  return TRUE;
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
  return TRUE;
# endif
#endif
  return g_getenv ("ACIES_SLOW_BUILD") != NULL;
}

static void
test_limit (gconstpointer data)
{
  const LimitCase *limit_case = data;
  struct rusage before, after;
  g_autoptr(GTimer) timer = NULL;
  double seconds;

  if (g_test_subprocess ())
    {
      limit_case->func ();
      return;
    }

  g_assert_cmpint (getrusage (RUSAGE_CHILDREN, &before), ==, 0);
  timer = g_timer_new ();
  g_test_trap_subprocess (NULL, (guint64) CASE_TIMEOUT_SECONDS * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  seconds = g_timer_elapsed (timer, NULL);
  g_test_message ("%s: %.2f s", limit_case->name, seconds);
  g_test_trap_assert_passed ();

  /* The kernel keeps the peak of the biggest subprocess so far: when it
   * grew, it is this case's. */
  g_assert_cmpint (getrusage (RUSAGE_CHILDREN, &after), ==, 0);
  if (after.ru_maxrss > before.ru_maxrss)
    {
      g_test_message ("%s: peak memory %ld MiB", limit_case->name, after.ru_maxrss / 1024);
      g_assert_cmpint (after.ru_maxrss / 1024, <, MAX_PEAK_MIB);
    }

  if (!slow_build ())
    g_assert_cmpfloat (seconds, <, limit_case->max_seconds);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);
  /* One failing case must not hide the others. */
  if (!g_test_subprocess ())
    g_test_set_nonfatal_assertions ();

  if (g_getenv ("ACIES_LIMITS_DIR") != NULL)
    work_dir = g_strdup (g_getenv ("ACIES_LIMITS_DIR"));
  else
    {
      work_dir = g_dir_make_tmp ("acies-limits-XXXXXX", &error);
      g_assert_no_error (error);
      g_setenv ("ACIES_LIMITS_DIR", work_dir, TRUE);
    }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/acies/reliability/limits/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_limit);
    }

  ret = g_test_run ();

  if (!g_test_subprocess ())
    g_rmdir (work_dir);
  g_free (work_dir);

  return ret;
}
