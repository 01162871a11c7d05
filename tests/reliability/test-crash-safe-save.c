/* test-crash-safe-save.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A save must never cost the user the previous file (issue 8):
 *  - the writer is killed (SIGKILL) after the new text is complete in the
 *    temporary file and before the rename over the old file;
 *  - the disk is "full": the file size limit (RLIMIT_FSIZE) makes the
 *    write fail with EFBIG;
 *  - the target cannot be written (its folder is a file; a read-only
 *    folder when not running as root).
 * Each time the previous file is byte for byte intact, nothing is left
 * beside it, and a failed save returns ACIES_ENGINE_ERROR_IO naming the
 * file.  A good save leaves no backup "FILE~" (issue 18.7).  Scenarios
 * (acies_scenario_save_file) and saved games (acies_game_save_file) alike.
 *
 * The kill comes from rename() itself: this program defines rename(),
 * renameat() and renameat2(), which the dynamic linker binds for GIO too
 * (an executable's symbols come first), instead of an LD_PRELOAD shim,
 * which AddressSanitizer builds would refuse.
 */

#define G_LOG_DOMAIN "test-reliability"

#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "acies-error.h"
#include "acies-reliability-common.h"
#include "io/acies-scenario-io.h"
#include "game/acies-game.h"
#include "acies-test-ruleset.h"

/* Set in the child that must die at the rename. */
static gboolean kill_on_rename;
/* Where the child notes the rename it was about to do. */
static char *rename_note_path;

static void
before_rename (const char *from,
               const char *to)
{
  if (!kill_on_rename)
    return;

  /* Note what was about to be renamed, with plain syscalls (no GLib, no
   * allocation), then die as a power cut or `kill -9` would. */
  if (rename_note_path != NULL)
    {
      int fd = open (rename_note_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

      if (fd >= 0)
        {
          if (write (fd, from, strlen (from)) < 0 || write (fd, "\n", 1) < 0 ||
              write (fd, to, strlen (to)) < 0)
            {
              /* Nothing to do: the parent then fails on the missing note. */
            }
          close (fd);
        }
    }
  raise (SIGKILL);
}

int
rename (const char *from,
        const char *to)
{
  static int (*real_rename) (const char *, const char *);

  before_rename (from, to);
  if (real_rename == NULL)
    real_rename = (int (*) (const char *, const char *)) dlsym (RTLD_NEXT, "rename");
  return real_rename (from, to);
}

int
renameat (int         from_dir,
          const char *from,
          int         to_dir,
          const char *to)
{
  static int (*real_renameat) (int, const char *, int, const char *);

  before_rename (from, to);
  if (real_renameat == NULL)
    real_renameat = (int (*) (int, const char *, int, const char *)) dlsym (RTLD_NEXT, "renameat");
  return real_renameat (from_dir, from, to_dir, to);
}

int
renameat2 (int           from_dir,
           const char   *from,
           int           to_dir,
           const char   *to,
           unsigned int  flags)
{
  static int (*real_renameat2) (int, const char *, int, const char *, unsigned int);

  before_rename (from, to);
  if (real_renameat2 == NULL)
    real_renameat2 = (int (*) (int, const char *, int, const char *, unsigned int)) dlsym (RTLD_NEXT, "renameat2");
  return real_renameat2 (from_dir, from, to_dir, to, flags);
}

/* Helpers. */

static char *work_dir;

static char *
work_path (const char *name)
{
  return g_build_filename (work_dir, name, NULL);
}

static char *
read_all (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  return contents;
}

static void
write_all (const char *path,
           const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
}

/* Files in @path's folder whose names start with "." and its name, or
 * with its name and "~": temporary files and backups of @path. */
static guint
n_files_beside (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *hidden = g_strconcat (".", base, NULL);
  g_autofree char *backup = g_strconcat (base, "~", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, hidden) || g_str_equal (name, backup))
      {
        g_test_message ("beside %s: %s", base, name);
        n++;
      }
  return n;
}

/* The scenario, in a version that depends on @version (so old and new
 * files differ). */
static AciesScenario *
make_scenario (guint version)
{
  AciesScenario *scenario = acies_test_scenario_new (3 + version);

  g_free (scenario->meta.title);
  scenario->meta.title = g_strdup_printf ("Version %u of the scenario", version);
  return scenario;
}

static AciesGame *
make_game (guint version)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (4);
  g_autoptr(AciesRuleset) ruleset = acies_test_ruleset_new ();
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(GError) error = NULL;
  AciesGame *game;

  game = acies_game_new (scenario, ruleset, 7, ACIES_DICE_MODE_SEEDED, NULL, &error);
  g_assert_no_error (error);
  for (guint n = 0; n < version * 5 && !acies_game_get_state (game)->finished; n++)
    {
      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
      g_assert_cmpuint (legal->len, >, 0);
      g_assert_true (acies_game_apply (game, &g_array_index (legal, AciesAction, n % legal->len), &error));
      g_assert_no_error (error);
    }
  return game;
}

typedef enum
{
  KIND_SCENARIO,
  KIND_GAME,
} Kind;

static gboolean
save (Kind        kind,
      guint       version,
      const char *path,
      GError    **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  if (kind == KIND_SCENARIO)
    {
      g_autoptr(AciesScenario) scenario = make_scenario (version);

      return acies_scenario_save_file (scenario, file, error);
    }
  else
    {
      g_autoptr(AciesGame) game = make_game (version);

      return acies_game_save_file (game, file, error);
    }
}

static const char *
file_name (Kind kind)
{
  return kind == KIND_SCENARIO ? "battle.acies" : "battle.acies-game";
}

/* Saves version 1 properly and returns its text. */
static char *
save_first_version (Kind kind)
{
  g_autofree char *path = work_path (file_name (kind));
  g_autoptr(GError) error = NULL;

  g_assert_true (save (kind, 1, path, &error));
  g_assert_no_error (error);
  return read_all (path);
}

/* Tests. */

static void
test_kill_at_rename (gconstpointer data)
{
  Kind kind = GPOINTER_TO_INT (data);
  g_autofree char *path = work_path (file_name (kind));
  g_autofree char *note = work_path ("rename-note");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *noted = NULL;
  g_auto(GStrv) names = NULL;
  g_autofree char *temp_text = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected_new = NULL;

  if (g_test_subprocess ())
    {
      kill_on_rename = TRUE;
      rename_note_path = g_steal_pointer (&note);
      save (kind, 2, path, &error);
      /* Not reached: rename() kills the process. */
      g_printerr ("the save did not rename: %s\n", error != NULL ? error->message : "no error");
      return;
    }

  before = save_first_version (kind);
  g_unlink (note);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr_unmatched ("*the save did not rename*");

  /* The writer died at the rename of the complete temporary file over
   * ours: the note names both. */
  g_assert_true (g_file_test (note, G_FILE_TEST_EXISTS));
  noted = read_all (note);
  names = g_strsplit (noted, "\n", 2);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_test_message ("killed at rename (%s, %s)", names[0], names[1]);
  g_assert_cmpstr (names[1], ==, path);
  g_assert_cmpstr (names[0], !=, path);

  /* The new version was complete on disk beside the file... */
  temp_text = read_all (names[0]);
  if (kind == KIND_SCENARIO)
    {
      g_autoptr(AciesScenario) scenario = make_scenario (2);

      expected_new = acies_scenario_to_data (scenario, NULL);
      g_assert_cmpstr (temp_text, ==, expected_new);
    }
  else
    g_assert_cmpstr (temp_text, !=, before);

  /* ...and the previous one is intact where the user left it. */
  after = read_all (path);
  g_assert_cmpstr (after, ==, before);
  if (kind == KIND_SCENARIO)
    {
      /* It still reads (the test ruleset's scenario needs the test
       * ruleset's catalogue, which is not bundled: compare text only). */
      g_assert_true (g_str_has_prefix (after, "{"));
    }

  g_unlink (names[0]);
  g_unlink (note);
}

/* The disk fills up: writes past 512 bytes fail with EFBIG. */
static void
test_disk_full (gconstpointer data)
{
  Kind kind = GPOINTER_TO_INT (data);
  g_autofree char *path = work_path (file_name (kind));
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  if (g_test_subprocess ())
    {
      struct rlimit limit = { 512, 512 };
      g_autofree char *basename = g_path_get_basename (path);
      gboolean ok;

      /* EFBIG rather than death by SIGXFSZ. */
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      ok = save (kind, 3, path, &error);
      g_assert_false (ok);
      g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO);
      /* Says which file. */
      g_assert_nonnull (strstr (error->message, basename));
      g_printerr ("error shown: %s\n", error->message);
      return;
    }

  before = save_first_version (kind);
  g_assert_cmpuint (strlen (before), >, 512);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*error shown:*cannot write the file*");

  after = read_all (path);
  g_assert_cmpstr (after, ==, before);
  /* Nothing beside it: no partial temporary file, no backup. */
  g_assert_cmpuint (n_files_beside (path), ==, 0);
}

/* The file cannot be created: its folder is a regular file. */
static void
test_not_a_folder (gconstpointer data)
{
  Kind kind = GPOINTER_TO_INT (data);
  g_autofree char *blocker = work_path ("not-a-folder");
  g_autofree char *path = g_build_filename (blocker, file_name (kind), NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;

  write_all (blocker, "a file, not a folder\n");
  g_assert_false (save (kind, 2, path, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "not-a-folder"));
  after = read_all (blocker);
  g_assert_cmpstr (after, ==, "a file, not a folder\n");
  g_unlink (blocker);
}

/* A read-only folder (root may write anyway: then skipped). */
static void
test_read_only_folder (gconstpointer data)
{
  Kind kind = GPOINTER_TO_INT (data);
  g_autofree char *dir = work_path ("read-only");
  g_autofree char *path = g_build_filename (dir, file_name (kind), NULL);
  g_autofree char *before = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;

  if (geteuid () == 0)
    {
      g_test_skip ("running as root: a read-only folder is writable");
      return;
    }

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (save (kind, 1, path, &error));
  g_assert_no_error (error);
  before = read_all (path);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);

  g_assert_false (save (kind, 2, path, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO);
  g_assert_nonnull (strstr (error->message, file_name (kind)));

  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  after = read_all (path);
  g_assert_cmpstr (after, ==, before);
  g_unlink (path);
  g_rmdir (dir);
}

/* A good save leaves nothing beside the file: no temporary file and no
 * backup "FILE~" in the user's folder (issue 18.7). */
static void
test_no_backup (gconstpointer data)
{
  Kind kind = GPOINTER_TO_INT (data);
  g_autofree char *path = work_path (file_name (kind));
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *before = save_first_version (kind);
  g_autoptr(GError) error = NULL;
  g_autofree char *now = NULL;

  g_assert_true (save (kind, 2, path, &error));
  g_assert_no_error (error);
  now = read_all (path);
  g_assert_cmpstr (now, !=, before);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (n_files_beside (path), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  static const struct { const char *name; Kind kind; } kinds[] = {
    { "scenario", KIND_SCENARIO },
    { "game", KIND_GAME },
  };
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);

  /* The subprocess re-runs one test in the same folder as its parent. */
  if (g_getenv ("ACIES_RELIABILITY_DIR") != NULL)
    work_dir = g_strdup (g_getenv ("ACIES_RELIABILITY_DIR"));
  else
    {
      work_dir = g_dir_make_tmp ("acies-reliability-XXXXXX", &error);
      g_assert_no_error (error);
      g_setenv ("ACIES_RELIABILITY_DIR", work_dir, TRUE);
    }

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      gconstpointer kind = GINT_TO_POINTER (kinds[k].kind);
      g_autofree char *p1 = g_strdup_printf ("/acies/reliability/save/%s/killed-at-rename", kinds[k].name);
      g_autofree char *p3 = g_strdup_printf ("/acies/reliability/save/%s/not-a-folder", kinds[k].name);
      g_autofree char *p4 = g_strdup_printf ("/acies/reliability/save/%s/read-only-folder", kinds[k].name);
      g_autofree char *p5 = g_strdup_printf ("/acies/reliability/save/%s/no-backup", kinds[k].name);

      g_test_add_data_func (p1, kind, test_kill_at_rename);
      g_test_add_data_func (p3, kind, test_not_a_folder);
      g_test_add_data_func (p4, kind, test_read_only_folder);
      g_test_add_data_func (p5, kind, test_no_backup);
    }
  /* Last: a failure here ends the program (GLib's fatal assertions). */
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autofree char *p2 = g_strdup_printf ("/acies/reliability/save-disk-full/%s", kinds[k].name);

      g_test_add_data_func (p2, GINT_TO_POINTER (kinds[k].kind), test_disk_full);
    }

  ret = g_test_run ();

  if (!g_test_subprocess ())
    acies_reliability_remove_tree (work_dir);
  g_free (work_dir);

  return ret;
}
