/* acies-play-autosave.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-play-autosave.h"

/**
 * acies_play_autosave_dir:
 *
 * The folder where games in progress are saved after every action:
 * `$XDG_DATA_HOME/acies/autosave/`.
 *
 * Returns: (transfer full): the folder (it may not exist yet)
 */
GFile *
acies_play_autosave_dir (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "acies", "autosave", NULL);

  return g_file_new_for_path (path);
}

/**
 * acies_play_autosave_new_file:
 *
 * A new, unused autosave file name for a game that starts now, named by
 * the local time it started.
 *
 * Returns: (transfer full): the file (not created)
 */
GFile *
acies_play_autosave_new_file (void)
{
  g_autoptr(GFile) dir = acies_play_autosave_dir ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  for (guint i = 0; ; i++)
    {
      g_autofree char *name = i == 0
                              ? g_strdup_printf ("game-%s.acies-game", stamp)
                              : g_strdup_printf ("game-%s-%u.acies-game", stamp, i);
      GFile *file = g_file_get_child (dir, name);

      if (!g_file_query_exists (file, NULL))
        return file;
      g_object_unref (file);
    }
}

static gint
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  GFile *fa = *(GFile * const *) a;
  GFile *fb = *(GFile * const *) b;
  g_autofree char *na = g_file_get_basename (fa);
  g_autofree char *nb = g_file_get_basename (fb);

  return -g_strcmp0 (na, nb);
}

/**
 * acies_play_autosave_list:
 *
 * The autosaved games (games not finished, or whose window was not closed
 * cleanly), newest first.  The resume offer lists them.
 *
 * Returns: (transfer full) (element-type GFile): the files
 */
GPtrArray *
acies_play_autosave_list (void)
{
  g_autoptr(GFile) dir = acies_play_autosave_dir ();
  g_autoptr(GFileEnumerator) enumerator = NULL;
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);
  GFileInfo *info;

  enumerator = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                          G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (enumerator == NULL)
    return files;

  while ((info = g_file_enumerator_next_file (enumerator, NULL, NULL)) != NULL)
    {
      const char *name = g_file_info_get_name (info);

      if (g_str_has_suffix (name, ".acies-game"))
        g_ptr_array_add (files, g_file_get_child (dir, name));
      g_object_unref (info);
    }

  g_ptr_array_sort (files, compare_newest_first);

  return files;
}
