/* acies-reliability-common.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-reliability"

#include "config.h"

#include <glib/gstdio.h>

#include "acies-reliability-common.h"

/**
 * acies_reliability_remove_tree:
 * @dir: a folder a test made
 *
 * Removes @dir and everything in it, read-only folders included (made
 * writable first); symbolic links are removed, not followed.
 */
void
acies_reliability_remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);

      if (g_file_test (p, G_FILE_TEST_IS_DIR) && !g_file_test (p, G_FILE_TEST_IS_SYMLINK))
        {
          g_chmod (p, 0755);
          acies_reliability_remove_tree (p);
        }
      else
        g_unlink (p);
    }
  g_rmdir (dir);
}

/**
 * acies_reliability_child_env:
 * @work_dir: the test's folder
 *
 * The environment for a real acies process started by a test: HOME and
 * XDG_* in folders of @work_dir, settings in memory, the cairo renderer,
 * and no G_DEBUG (the child is observed, not judged).
 *
 * Returns: (transfer full): the environment
 */
char **
acies_reliability_child_env (const char *work_dir)
{
  char **env = g_get_environ ();
  const char *dirs[][2] = {
    { "HOME", "home" }, { "XDG_DATA_HOME", "data" }, { "XDG_CONFIG_HOME", "config" },
    { "XDG_CACHE_HOME", "cache" }, { "XDG_STATE_HOME", "state" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *path = g_build_filename (work_dir, dirs[i][1], NULL);

      g_mkdir_with_parents (path, 0700);
      env = g_environ_setenv (env, dirs[i][0], path, TRUE);
    }
  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "memory", TRUE);
  env = g_environ_setenv (env, "GSK_RENDERER", "cairo", TRUE);
  env = g_environ_unsetenv (env, "G_DEBUG");
  return env;
}
