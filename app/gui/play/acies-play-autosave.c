/* acies-play-autosave.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "acies-play-autosave.h"

/* An autosave "game-….acies-game" may have beside it
 * "game-….acies-game.origin", holding the URI of the file the game was
 * last saved to (Save, Save As, or the file it was opened from), as the
 * editor's autosaves do: the autosave belongs to that saved game, so the
 * start page lists the game once under its file's name, and opening or
 * resuming it goes on with the same autosave and file. */

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

static char *
origin_path (GFile *autosave)
{
  g_autofree char *path = g_file_get_path (autosave);

  return path != NULL ? g_strconcat (path, ".origin", NULL) : NULL;
}

/**
 * acies_play_autosave_set_saved_file:
 * @autosave: an autosave file
 * @file: (nullable): the file the game was saved to or opened from, or
 *   %NULL for none
 *
 * Records which saved game @autosave is a copy of (the ".origin" file
 * beside it).  Failing to write it is not an error: the autosave then
 * stands alone, as before a save.
 */
void
acies_play_autosave_set_saved_file (GFile *autosave,
                                    GFile *file)
{
  g_autofree char *origin = NULL;
  g_autofree char *uri = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (G_IS_FILE (autosave));

  origin = origin_path (autosave);
  if (origin == NULL)
    return;
  if (file == NULL)
    {
      g_unlink (origin);
      return;
    }
  uri = g_file_get_uri (file);
  if (!g_file_set_contents (origin, uri, -1, &error))
    g_debug ("Cannot record the saved game of %s: %s", origin, error->message);
}

/**
 * acies_play_autosave_get_saved_file:
 * @autosave: an autosave file
 *
 * Returns: (transfer full) (nullable): the saved game @autosave is a copy
 *   of, or %NULL when it has none (a game never saved)
 */
GFile *
acies_play_autosave_get_saved_file (GFile *autosave)
{
  g_autofree char *origin = NULL;
  g_autofree char *uri = NULL;

  g_return_val_if_fail (G_IS_FILE (autosave), NULL);

  origin = origin_path (autosave);
  if (origin == NULL || !g_file_get_contents (origin, &uri, NULL, NULL))
    return NULL;
  g_strstrip (uri);
  if (*uri == '\0')
    return NULL;

  return g_file_new_for_uri (uri);
}

/**
 * acies_play_autosave_find_for_file:
 * @file: a saved game
 *
 * Returns: (transfer full) (element-type GFile): the autosaves that are
 *   copies of @file, newest first
 */
GPtrArray *
acies_play_autosave_find_for_file (GFile *file)
{
  g_autoptr(GPtrArray) all = acies_play_autosave_list ();
  GPtrArray *found = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (G_IS_FILE (file), found);

  for (guint i = 0; i < all->len; i++)
    {
      g_autoptr(GFile) saved = acies_play_autosave_get_saved_file (g_ptr_array_index (all, i));

      if (saved != NULL && g_file_equal (saved, file))
        g_ptr_array_add (found, g_object_ref (g_ptr_array_index (all, i)));
    }

  return found;
}

/**
 * acies_play_autosave_remove:
 * @autosave: an autosave file
 *
 * Deletes @autosave, its backup ("…~", left by older versions), its
 * ".origin" and its ".resuming" mark.
 */
void
acies_play_autosave_remove (GFile *autosave)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *origin = NULL;

  g_return_if_fail (G_IS_FILE (autosave));

  path = g_file_get_path (autosave);
  g_file_delete (autosave, NULL, NULL);
  if (path == NULL)
    return;
  backup = g_strconcat (path, "~", NULL);
  origin = g_strconcat (path, ".origin", NULL);
  g_unlink (backup);
  g_unlink (origin);
  acies_play_autosave_end_resume (autosave);
}

/* Resuming (issue 20.1): "game-….acies-game.resuming" is written before an
 * autosave is read and shown, and removed once its window has been shown
 * for a while.  Found on the next resume, it means Acies stopped while
 * resuming that game (a crash in the replay or the first draws), and the
 * start offers to discard it instead of crashing again. */

static char *
resuming_path (GFile *autosave)
{
  g_autofree char *path = g_file_get_path (autosave);

  return path != NULL ? g_strconcat (path, ".resuming", NULL) : NULL;
}

/**
 * acies_play_autosave_begin_resume:
 * @autosave: an autosave about to be read and shown
 *
 * Marks @autosave as being resumed, until acies_play_autosave_end_resume().
 */
void
acies_play_autosave_begin_resume (GFile *autosave)
{
  g_autofree char *mark = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (G_IS_FILE (autosave));

  mark = resuming_path (autosave);
  if (mark != NULL && !g_file_set_contents (mark, "", 0, &error))
    g_debug ("Cannot mark %s as being resumed: %s", mark, error->message);
}

/**
 * acies_play_autosave_end_resume:
 * @autosave: an autosave
 *
 * Clears the mark of acies_play_autosave_begin_resume(): the game was
 * shown, or reading it failed with an error.
 */
void
acies_play_autosave_end_resume (GFile *autosave)
{
  g_autofree char *mark = NULL;

  g_return_if_fail (G_IS_FILE (autosave));

  mark = resuming_path (autosave);
  if (mark != NULL)
    g_unlink (mark);
}

/**
 * acies_play_autosave_resume_failed:
 * @autosave: an autosave
 *
 * Returns: whether a resume of @autosave began and never ended: Acies
 *   stopped while reading or showing it
 */
gboolean
acies_play_autosave_resume_failed (GFile *autosave)
{
  g_autofree char *mark = NULL;

  g_return_val_if_fail (G_IS_FILE (autosave), FALSE);

  mark = resuming_path (autosave);
  return mark != NULL && g_file_test (mark, G_FILE_TEST_EXISTS);
}

/* The autosaves that open game windows write to (path → count). */
static GHashTable *held;

/**
 * acies_play_autosave_hold:
 * @autosave: an autosave file
 *
 * Marks @autosave as written by an open game window: another window does
 * not take it over nor delete it.  Release it with
 * acies_play_autosave_release().
 */
void
acies_play_autosave_hold (GFile *autosave)
{
  g_autofree char *path = NULL;

  g_return_if_fail (G_IS_FILE (autosave));

  if (held == NULL)
    held = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  path = g_file_get_path (autosave);
  if (path == NULL)
    return;
  g_hash_table_insert (held, g_strdup (path),
                       GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (held, path)) + 1));
}

/**
 * acies_play_autosave_release:
 * @autosave: an autosave file held with acies_play_autosave_hold()
 */
void
acies_play_autosave_release (GFile *autosave)
{
  g_autofree char *path = NULL;
  guint count;

  g_return_if_fail (G_IS_FILE (autosave));

  path = g_file_get_path (autosave);
  if (held == NULL || path == NULL)
    return;
  count = GPOINTER_TO_UINT (g_hash_table_lookup (held, path));
  if (count <= 1)
    g_hash_table_remove (held, path);
  else
    g_hash_table_insert (held, g_strdup (path), GUINT_TO_POINTER (count - 1));
}

/**
 * acies_play_autosave_is_held:
 * @autosave: an autosave file
 *
 * Returns: whether an open game window writes to @autosave
 */
gboolean
acies_play_autosave_is_held (GFile *autosave)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (autosave), FALSE);

  path = g_file_get_path (autosave);

  return held != NULL && path != NULL && g_hash_table_contains (held, path);
}
