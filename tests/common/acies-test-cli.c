/* acies-test-cli.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cli"

#include "config.h"

#include <stdarg.h>
#include <sys/wait.h>

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
