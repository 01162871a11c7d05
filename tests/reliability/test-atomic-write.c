/* test-atomic-write.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every file Acies writes is written atomically (issue 20.3, 18.7):
 * engine/io/acies-atomic-file.c writes a hidden file beside the target and
 * renames it over the target.  Checked here for the helper itself and for
 * acies-cli's PNG and PDF output under a file size limit (RLIMIT_FSIZE):
 *  - a failed write keeps the old file byte for byte, or leaves no file
 *    for a new name, and no temporary file in the folder;
 *  - a good write leaves no backup ("FILE~") and no temporary file, for a
 *    normal file and for one with several hard links (a file opened
 *    through the document portal reports several, and g_file_replace()
 *    then wrote in place and left "FILE~");
 *  - a symbolic link stays a link, permissions stay;
 *  - errors say what and where: a folder as target, a missing folder, a
 *    pipe, the size limit.
 */

#define G_LOG_DOMAIN "test-reliability"

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "acies-error.h"
#include "acies-reliability-common.h"
#include "acies-atomic-file.h"

static char *work_dir;

/* A folder of its own for each test, so that "nothing else is there" can
 * be checked. */
static char *
fresh_dir (const char *name)
{
  g_autofree char *dir = g_build_filename (work_dir, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  return g_steal_pointer (&dir);
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

static GBytes *
read_bytes (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

static void
write_all (const char *path,
           const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in @dir, sorted, joined by spaces: "map.pdf other". */
static char *
listing (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static gboolean
write_text (const char  *path,
            const char  *text,
            GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return acies_file_replace_contents (file, text, strlen (text), error);
}

/* A text longer than the size limit of the subprocess. */
static char *
long_text (void)
{
  return g_strnfill (64 * 1024, 'x');
}

/* Good writes. */

static void
test_normal (void)
{
  g_autofree char *dir = fresh_dir ("normal");
  g_autofree char *path = g_build_filename (dir, "battle.acies", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;

  write_all (path, "old");
  g_assert_true (write_text (path, "new", &error));
  g_assert_no_error (error);
  text = read_all (path);
  g_assert_cmpstr (text, ==, "new");
  /* No "battle.acies~", no hidden temporary file. */
  names = listing (dir);
  g_assert_cmpstr (names, ==, "battle.acies");
}

/* 18.7: several hard links (as the document portal reports). */
static void
test_hard_linked (void)
{
  g_autofree char *dir = fresh_dir ("hard-linked");
  g_autofree char *path = g_build_filename (dir, "battle.acies", NULL);
  g_autofree char *other = g_build_filename (dir, "other-link.acies", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  GStatBuf st;

  write_all (path, "old");
  g_assert_cmpint (link (path, other), ==, 0);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_nlink, ==, 2);

  g_assert_true (write_text (path, "new", &error));
  g_assert_no_error (error);
  text = read_all (path);
  g_assert_cmpstr (text, ==, "new");
  names = listing (dir);
  g_assert_cmpstr (names, ==, "battle.acies other-link.acies");
  /* Replaced by a rename, as an atomic save must: the other name keeps
   * the contents it had. */
  g_free (text);
  text = read_all (other);
  g_assert_cmpstr (text, ==, "old");
}

static void
test_symlink (void)
{
  g_autofree char *dir = fresh_dir ("symlink");
  g_autofree char *real = g_build_filename (dir, "real.acies", NULL);
  g_autofree char *link_path = g_build_filename (dir, "link.acies", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;

  write_all (real, "old");
  g_assert_cmpint (symlink ("real.acies", link_path), ==, 0);
  g_assert_true (write_text (link_path, "new", &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link_path, G_FILE_TEST_IS_SYMLINK));
  text = read_all (real);
  g_assert_cmpstr (text, ==, "new");
  names = listing (dir);
  g_assert_cmpstr (names, ==, "link.acies real.acies");
}

static void
test_permissions (void)
{
  g_autofree char *dir = fresh_dir ("permissions");
  g_autofree char *path = g_build_filename (dir, "battle.acies", NULL);
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  write_all (path, "old");
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (write_text (path, "new", &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0640);
}

/* A writer that gives up leaves nothing. */
static void
test_abandoned (void)
{
  g_autofree char *dir = fresh_dir ("abandoned");
  g_autofree char *path = g_build_filename (dir, "new.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  AciesAtomicFile *out;

  out = acies_atomic_file_new (file, &error);
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (acies_atomic_file_get_stream (out), "half", 4, NULL, NULL, &error));
  acies_atomic_file_free (out);
  names = listing (dir);
  g_assert_cmpstr (names, ==, "");
}

/* Refusals that say what and where. */

static void
assert_refused (const GError *error,
                const char   *name,
                const char   *why)
{
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO);
  g_test_message ("refused: %s", error->message);
  g_assert_nonnull (strstr (error->message, name));
  g_assert_nonnull (strstr (error->message, why));
}

static void
test_folder_as_target (void)
{
  g_autofree char *dir = fresh_dir ("folder-as-target");
  g_autofree char *target = g_build_filename (dir, "map.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;

  g_assert_cmpint (g_mkdir (target, 0755), ==, 0);
  g_assert_false (write_text (target, "new", &error));
  assert_refused (error, "map.pdf", "it is a folder");
  names = listing (dir);
  g_assert_cmpstr (names, ==, "map.pdf");
}

static void
test_missing_folder (void)
{
  g_autofree char *dir = fresh_dir ("missing-folder");
  g_autofree char *target = g_build_filename (dir, "no-such-folder", "map.pdf", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (write_text (target, "new", &error));
  assert_refused (error, "map.pdf", "no-such-folder does not exist");
}

static void
test_pipe_as_target (void)
{
  g_autofree char *dir = fresh_dir ("pipe-as-target");
  g_autofree char *target = g_build_filename (dir, "map.pdf", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (mkfifo (target, 0644), ==, 0);
  g_assert_false (write_text (target, "new", &error));
  assert_refused (error, "map.pdf", "not a regular file");
}

/* A read-only folder takes no new file; a writable file in it is written
 * in place.  Root writes anyway: skipped then. */
static void
test_read_only_folder (void)
{
  g_autofree char *dir = fresh_dir ("read-only");
  g_autofree char *target = g_build_filename (dir, "map.pdf", NULL);
  g_autofree char *existing = g_build_filename (dir, "old.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;

  if (geteuid () == 0)
    {
      g_test_skip ("running as root: a read-only folder is writable");
      return;
    }

  write_all (existing, "old");
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  g_assert_false (write_text (target, "new", &error));
  assert_refused (error, "map.pdf", "you may not write in the folder");
  g_clear_error (&error);
  g_assert_true (write_text (existing, "new", &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  text = read_all (existing);
  g_assert_cmpstr (text, ==, "new");
  names = listing (dir);
  g_assert_cmpstr (names, ==, "old.pdf");
}

/* The size limit: the subprocess writes with RLIMIT_FSIZE at 4 KiB. */

static void
limit_file_size (void)
{
  struct rlimit limit = { 4096, 4096 };

  /* EFBIG rather than death by SIGXFSZ (acies-cli ignores it too). */
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
}

static void
test_size_limit (gconstpointer data)
{
  gboolean replace = GPOINTER_TO_INT (data);
  g_autofree char *dir = fresh_dir (replace ? "size-limit-replace" : "size-limit-new");
  g_autofree char *path = g_build_filename (dir, "battle.acies", NULL);
  g_autofree char *names = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = long_text ();

      limit_file_size ();
      g_assert_false (write_text (path, text, &error));
      assert_refused (error, "battle.acies", "larger than this system allows");
      return;
    }

  if (replace)
    write_all (path, "old");
  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  names = listing (dir);
  if (replace)
    {
      g_autofree char *text = read_all (path);

      g_assert_cmpstr (text, ==, "old");
      g_assert_cmpstr (names, ==, "battle.acies");
    }
  else
    g_assert_cmpstr (names, ==, "");
}

/* acies-cli render -o and print -o under the size limit. */

static void
child_limit_cb (gpointer data)
{
  struct rlimit limit = { 4096, 4096 };

  setrlimit (RLIMIT_FSIZE, &limit);
}

static void
run_cli (const char * const *argv,
         gboolean            limited,
         int                *exit_status,
         char              **err)
{
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                               limited ? child_limit_cb : NULL, NULL, NULL, err, &status, &error));
  g_assert_no_error (error);
  *exit_status = status;
}

typedef struct
{
  const char *command;   /* "render" or "print" */
  const char *name;      /* output file */
  gboolean    replace;   /* an old file is there */
} CliCase;

static void
test_cli_size_limit (gconstpointer data)
{
  const CliCase *cli = data;
  g_autofree char *dir_name = g_strdup_printf ("cli-%s-%s-%s", cli->command, cli->name, cli->replace ? "replace" : "new");
  g_autofree char *dir = fresh_dir (dir_name);
  g_autofree char *output = g_build_filename (dir, cli->name, NULL);
  g_autofree char *scenario = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown",
                                                "heraclea.acies", NULL);
  const char *argv[] = { ACIES_CLI_BINARY, cli->command, scenario, "-o", output, NULL };
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autofree char *err = NULL;
  g_autofree char *names = NULL;
  int status = 0;

  if (cli->replace)
    {
      /* A good file first, written without the limit. */
      run_cli (argv, FALSE, &status, &err);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_clear_pointer (&err, g_free);
      before = read_bytes (output);
      g_assert_cmpuint (g_bytes_get_size (before), >, 4096);
    }

  run_cli (argv, TRUE, &status, &err);
  g_test_message ("acies-cli %s under a 4 KiB file size limit: %s", cli->command, err);
  /* A failure, exit status 1, said in a sentence that names the file. */
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_nonnull (strstr (err, cli->name));
  g_assert_nonnull (strstr (err, "cannot write the file"));

  names = listing (dir);
  if (cli->replace)
    {
      after = read_bytes (output);
      g_assert_true (g_bytes_equal (after, before));
      g_assert_cmpstr (names, ==, cli->name);
    }
  else
    g_assert_cmpstr (names, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  static const CliCase cli_cases[] = {
    { "render", "map.png", TRUE },
    { "render", "map.png", FALSE },
    { "render", "map.pdf", TRUE },
    { "print", "setup.pdf", TRUE },
    { "print", "setup.pdf", FALSE },
  };
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);

  /* The subprocess re-runs one test in the same folder as its parent. */
  if (g_getenv ("ACIES_ATOMIC_DIR") != NULL)
    work_dir = g_strdup (g_getenv ("ACIES_ATOMIC_DIR"));
  else
    {
      work_dir = g_dir_make_tmp ("acies-atomic-XXXXXX", &error);
      g_assert_no_error (error);
      g_setenv ("ACIES_ATOMIC_DIR", work_dir, TRUE);
    }

  g_test_add_func ("/acies/reliability/write/normal", test_normal);
  g_test_add_func ("/acies/reliability/write/hard-linked", test_hard_linked);
  g_test_add_func ("/acies/reliability/write/symlink", test_symlink);
  g_test_add_func ("/acies/reliability/write/permissions", test_permissions);
  g_test_add_func ("/acies/reliability/write/abandoned", test_abandoned);
  g_test_add_func ("/acies/reliability/write/folder-as-target", test_folder_as_target);
  g_test_add_func ("/acies/reliability/write/missing-folder", test_missing_folder);
  g_test_add_func ("/acies/reliability/write/pipe-as-target", test_pipe_as_target);
  g_test_add_func ("/acies/reliability/write/read-only-folder", test_read_only_folder);
  g_test_add_data_func ("/acies/reliability/write/size-limit/replace", GINT_TO_POINTER (TRUE), test_size_limit);
  g_test_add_data_func ("/acies/reliability/write/size-limit/new", GINT_TO_POINTER (FALSE), test_size_limit);
  for (guint i = 0; i < G_N_ELEMENTS (cli_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/acies/reliability/write/cli/%s/%s/%s", cli_cases[i].command,
                                               cli_cases[i].name, cli_cases[i].replace ? "replace" : "new");

      g_test_add_data_func (path, &cli_cases[i], test_cli_size_limit);
    }

  ret = g_test_run ();

  if (!g_test_subprocess ())
    acies_reliability_remove_tree (work_dir);
  g_free (work_dir);

  return ret;
}
