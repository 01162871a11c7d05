/* test-open-special.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opening never hangs (issue 20.5): `acies map.acies` where map.acies is a
 * FIFO used to hang before any window appeared (the scenario named on the
 * command line is read on a worker thread while GTK starts, and the main
 * thread waited for it; opening a FIFO waits for a writer forever).  The
 * real binary is started on a FIFO and must show a window (the error
 * dialog) within the time limit, then is closed.  Runs under the display
 * and session bus of the ui suite; skips without them or xdotool.
 */

#define G_LOG_DOMAIN "test-reliability"

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "acies-reliability-common.h"

#define WINDOW_SECONDS 30

static char *work_dir;

/* Whether a window is shown, asked of xdotool.  Any visible window with a
 * title (not the root window, which has none): the
 * test runs alone on its display (is_parallel: false) and waits for the
 * previous run's windows to go first.  Not `xdotool search --pid`: in the
 * Flatpak sandbox it found no window of the child (3 December). */
static gboolean
has_window (void)
{
  const char *argv[] = { "xdotool", "search", "--all", "--onlyvisible", "--name", ".", NULL };
  g_autofree char *out = NULL;
  int status = 0;

  return g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                       NULL, NULL, &out, NULL, &status, NULL)
         && g_spawn_check_wait_status (status, NULL) && out != NULL && *g_strstrip (out) != '\0';
}

static void
test_fifo (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = g_build_filename (work_dir, name, NULL);
  const char *argv[] = { ACIES_GUI_BINARY, path, NULL };
  g_auto(GStrv) env = acies_reliability_child_env (work_dir);
  g_autoptr(GError) error = NULL;
  gint64 end;
  gboolean shown = FALSE;
  GPid pid = 0;
  int status;

  /* The windows of the previous case gone (the X server drops them
   * when it sees the killed client's connection close). */
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (has_window () && g_get_monotonic_time () < end)
    g_usleep (250 * 1000);
  g_assert_false (has_window ());

  g_unlink (path);
  g_assert_cmpint (mkfifo (path, 0644), ==, 0);
  g_assert_true (g_spawn_async (work_dir, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);

  end = g_get_monotonic_time () + WINDOW_SECONDS * G_USEC_PER_SEC;
  while (!shown && g_get_monotonic_time () < end)
    {
      g_usleep (250 * 1000);
      shown = has_window ();
    }
  g_test_message ("acies %s: %s", name, shown ? "a window is shown" : "no window: hung");

  kill (pid, SIGTERM);
  if (waitpid (pid, &status, WNOHANG) == 0)
    {
      g_usleep (500 * 1000);
      kill (pid, SIGKILL);
      waitpid (pid, &status, 0);
    }
  g_spawn_close_pid (pid);
  g_unlink (path);

  g_assert_true (shown);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");

  if (g_getenv ("DISPLAY") == NULL)
    {
      printf ("1..0 # SKIP no X display\n");
      return 0;
    }
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      printf ("1..0 # SKIP no session bus (run under dbus-run-session)\n");
      return 0;
    }
  if (xdotool == NULL || !g_file_test (ACIES_GUI_BINARY, G_FILE_TEST_IS_EXECUTABLE))
    {
      printf ("1..0 # SKIP no xdotool or no %s\n", ACIES_GUI_BINARY);
      return 0;
    }

  work_dir = g_dir_make_tmp ("acies-open-special-XXXXXX", NULL);
  g_test_init (&argc, &argv, NULL);
  /* A scenario (read ahead on the worker thread) and a saved game. */
  g_test_add_data_func ("/acies/reliability/open/fifo/scenario", "pipe.acies", test_fifo);
  g_test_add_data_func ("/acies/reliability/open/fifo/game", "pipe.acies-game", test_fifo);
  return g_test_run ();
}
