/* acies-test-cli.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cli"

/* posix_openpt() and its friends (a pseudo-terminal for progress output). */
#define _XOPEN_SOURCE 600
#define _DEFAULT_SOURCE

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>

#include "acies-test-cli.h"

/*
 * What the tests that run acies-cli as a user runs it share: paths in the
 * source tree and the subprocess itself.
 */

/**
 * acies_test_source_path:
 * @first: the first component below the source root
 * @...: more components, then %NULL
 *
 * Returns: (transfer full): the path of a file in the source tree,
 *   below $ACIES_SOURCE_DIR when it is set (the test environment sets it),
 *   else below the source root the tests were built from
 */
char *
acies_test_source_path (const char *first,
                        ...)
{
  const char *src = g_getenv ("ACIES_SOURCE_DIR");
  g_autoptr(GString) path = g_string_new (src ? src : ACIES_SOURCE_DIR);
  va_list ap;

  va_start (ap, first);
  for (const char *p = first; p != NULL; p = va_arg (ap, const char *))
    {
      g_string_append_c (path, G_DIR_SEPARATOR);
      g_string_append (path, p);
    }
  va_end (ap);
  return g_string_free (g_steal_pointer (&path), FALSE);
}

/**
 * acies_test_cli_run:
 * @args: acies-cli's arguments (without the program), %NULL-terminated
 * @out: (out) (optional): its standard output
 * @err: (out) (optional): its standard error
 *
 * Runs the acies-cli that was built (ACIES_CLI) as a subprocess, in a
 * UTF-8 locale whatever the locale of the test (a C locale, as in the
 * Flatpak sandbox, would turn "—" into "?" in the tool's output), and logs
 * its command line, exit status and output with g_test_message(). Asserts
 * that it could be started and that it exited (did not die of a signal).
 *
 * Returns: its exit status
 */
int
acies_test_cli_run (const char * const *args,
                    char              **out,
                    char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *cmdline = NULL;
  int status = -1;

  g_ptr_array_add (argv, (char *) ACIES_CLI);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);

  g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error);
  g_assert_no_error (error);
  cmdline = g_strjoinv (" ", (char **) args);
  g_test_message ("acies-cli %s -> %d\nstdout: %s\nstderr: %s", cmdline, status,
                  out != NULL && *out != NULL ? *out : "", err != NULL && *err != NULL ? *err : "");
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/**
 * acies_test_cli_run_on_terminal:
 * @args: acies-cli's arguments, %NULL-terminated
 * @err: (out): what it wrote on standard error
 *
 * Runs acies-cli with standard error on a pseudo-terminal (and standard
 * output to /dev/null), as a user at a terminal who redirects the output
 * would: what is shown only on a terminal (progress) appears in @err.
 *
 * Returns: its exit status
 */
int
acies_test_cli_run_on_terminal (const char * const  *args,
                                char               **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);
  int master, slave, null;
  GPid pid;
  int status = -1;
  char buffer[4096];
  gssize n;

  g_ptr_array_add (argv, (char *) ACIES_CLI);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  master = posix_openpt (O_RDWR | O_NOCTTY);
  g_assert_cmpint (master, >=, 0);
  g_assert_cmpint (grantpt (master), ==, 0);
  g_assert_cmpint (unlockpt (master), ==, 0);
  slave = open (ptsname (master), O_RDWR | O_NOCTTY);
  g_assert_cmpint (slave, >=, 0);
  null = open ("/dev/null", O_WRONLY);
  g_assert_cmpint (null, >=, 0);

  g_spawn_async_with_fds (NULL, (char **) argv->pdata, env, G_SPAWN_DO_NOT_REAP_CHILD,
                          NULL, NULL, &pid, -1, null, slave, &error);
  g_assert_no_error (error);
  close (slave);
  close (null);

  /* Until the child closes the terminal: EIO once no one holds it. */
  while ((n = read (master, buffer, sizeof buffer)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (text, buffer, n);
  close (master);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);

  g_test_message ("acies-cli (on a terminal) -> %d\nstderr: %s", status, text->str);
  *err = g_string_free (g_steal_pointer (&text), FALSE);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}
