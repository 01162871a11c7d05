/* acies-atomic-file.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-io"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "acies-error.h"
#include "acies-atomic-file.h"

/* Why not g_file_replace(): it writes a new file in place (a failed save
 * to a new name leaves a truncated file), and it writes an existing file
 * in place, with "FILE~" beside it, when the file has several links: a
 * file opened through the document portal reports several, so a save in
 * the Flatpak left a backup in the user's folder (issue 18.7).  Here the
 * new contents always go to a new hidden file beside the target, renamed
 * over it once complete: a rename replaces the name, so other hard links
 * keep the old contents (as when any editor saves atomically), and the
 * document portal accepts the rename of a file made in its folder.
 *
 * Only when the folder refuses a new file (a read-only folder holding a
 * writable file) is the file written in place, its old contents kept in
 * memory and written back if the new ones do not fit. */

#define MAX_SYMLINKS 16

struct _AciesAtomicFile
{
  GFile         *target;     /* the file replaced (symbolic links followed) */
  GFile         *temp;       /* the hidden file beside it, or NULL in place */
  GOutputStream *stream;     /* or NULL once handed over (get_temp_file) */
  GBytes        *previous;   /* in place: the old contents */
  guint32        mode;       /* the target's permissions, when it had any */
  gboolean       has_mode;
  gboolean       done;       /* committed: nothing to undo */
};

static char *
display_name (GFile *file)
{
  return g_file_get_parse_name (file);
}

static char *
folder_name (GFile *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);

  return parent != NULL ? g_file_get_parse_name (parent) : g_strdup ("/");
}

/**
 * acies_atomic_file_set_error:
 * @error: return location for an error
 * @target: the file that could not be written
 * @cause: the GIO error (or an %ACIES_ENGINE_ERROR, kept as it is)
 *
 * Sets @error to %ACIES_ENGINE_ERROR_IO, "FILE: cannot write the file:
 * why", saying why in a user's words: the disk is full, the disk is
 * read-only, the folder may not be written, it is a folder, the folder
 * does not exist.
 */
void
acies_atomic_file_set_error (GError       **error,
                             GFile         *target,
                             const GError  *cause)
{
  g_autofree char *name = display_name (target);
  g_autofree char *folder = folder_name (target);
  g_autofree char *why = NULL;

  if (cause->domain == ACIES_ENGINE_ERROR)
    {
      g_propagate_error (error, g_error_copy (cause));
      return;
    }

  if (cause->domain != G_IO_ERROR)
    why = g_strdup (cause->message);
  else
    switch (cause->code)
      {
      case G_IO_ERROR_NO_SPACE:
        why = g_strdup (_("the disk is full"));
        break;
      case G_IO_ERROR_READ_ONLY:
        why = g_strdup (_("the disk is read-only"));
        break;
      case G_IO_ERROR_PERMISSION_DENIED:
        why = g_strdup_printf (_("you may not write in the folder %s"), folder);
        break;
      case G_IO_ERROR_IS_DIRECTORY:
        why = g_strdup (_("it is a folder"));
        break;
      case G_IO_ERROR_NOT_FOUND:
        {
          g_autoptr(GFile) parent = g_file_get_parent (target);

          if (parent != NULL && g_file_query_exists (parent, NULL))
            why = g_strdup_printf (_("the folder %s takes no new files"), folder);
          else
            why = g_strdup_printf (_("the folder %s does not exist"), folder);
        }
        break;
      case G_IO_ERROR_NOT_DIRECTORY:
        why = g_strdup_printf (_("%s is not a folder"), folder);
        break;
      default:
        /* EFBIG (a file size limit) has no GIO code in GLib 2.74. */
        if (strstr (cause->message, g_strerror (EFBIG)) != NULL)
          why = g_strdup (_("the file would be larger than this system allows"));
        else
          why = g_strdup (cause->message);
        break;
      }

  g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
               _("%s: cannot write the file: %s"), name, why);
}

static void
fail (GError       **error,
      GFile         *target,
      GError        *cause)
{
  acies_atomic_file_set_error (error, target, cause);
  g_error_free (cause);
}

/* @file, or the file its symbolic links lead to, so that a save replaces
 * the file and keeps the link. */
static GFile *
resolve_links (GFile *file)
{
  GFile *current = g_object_ref (file);

  for (guint i = 0; i < MAX_SYMLINKS; i++)
    {
      g_autoptr(GFileInfo) info = g_file_query_info (current, G_FILE_ATTRIBUTE_STANDARD_IS_SYMLINK ","
                                                     G_FILE_ATTRIBUTE_STANDARD_SYMLINK_TARGET,
                                                     G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
      g_autoptr(GFile) parent = NULL;
      const char *link;
      GFile *next;

      if (info == NULL || !g_file_info_get_is_symlink (info)
          || (link = g_file_info_get_symlink_target (info)) == NULL)
        break;
      parent = g_file_get_parent (current);
      next = parent != NULL ? g_file_resolve_relative_path (parent, link) : g_file_new_for_path (link);
      g_object_unref (current);
      current = next;
    }

  return current;
}

/* A new hidden file beside @target: ".NAME-XXXXXX". */
static GFileOutputStream *
create_temp (GFile   *target,
             GFile  **temp,
             GError **error)
{
  g_autoptr(GFile) parent = g_file_get_parent (target);
  g_autofree char *base = g_file_get_basename (target);

  if (parent == NULL || base == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, "no file name");
      return NULL;
    }

  for (guint attempt = 0; attempt < 100; attempt++)
    {
      g_autofree char *name = g_strdup_printf (".%s-%06x", base, g_random_int_range (0, 0xffffff));
      g_autoptr(GFile) candidate = g_file_get_child (parent, name);
      g_autoptr(GError) local_error = NULL;
      GFileOutputStream *stream = g_file_create (candidate, G_FILE_CREATE_NONE, NULL, &local_error);

      if (stream != NULL)
        {
          *temp = g_steal_pointer (&candidate);
          return stream;
        }
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }

  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_EXISTS, "no free temporary file name");
  return NULL;
}

/**
 * acies_atomic_file_new:
 * @target: the file to write (it may exist or not)
 * @error: return location for an %ACIES_ENGINE_ERROR_IO error
 *
 * Starts writing @target: a new hidden file is made beside it, to be
 * written through acies_atomic_file_get_stream() (or by another writer
 * through acies_atomic_file_get_temp_file()) and renamed over @target by
 * acies_atomic_file_commit().  acies_atomic_file_free() without a commit
 * removes it and leaves @target untouched.  A folder, a pipe or a device
 * as @target, a folder that does not exist or may not be written are
 * refused here.
 *
 * Returns: (transfer full) (nullable): the file being written
 */
AciesAtomicFile *
acies_atomic_file_new (GFile   *target,
                       GError **error)
{
  g_autoptr(AciesAtomicFile) self = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  GFileOutputStream *stream;

  g_return_val_if_fail (G_IS_FILE (target), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (AciesAtomicFile, 1);
  self->target = resolve_links (target);

  info = g_file_query_info (self->target, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_UNIX_MODE ","
                            G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      fail (error, self->target, g_steal_pointer (&local_error));
      return NULL;
    }
  g_clear_error (&local_error);

  if (info != NULL)
    {
      GFileType type = g_file_info_get_file_type (info);

      if (type == G_FILE_TYPE_DIRECTORY)
        {
          g_set_error_literal (&local_error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, "");
          fail (error, self->target, g_steal_pointer (&local_error));
          return NULL;
        }
      if (type != G_FILE_TYPE_REGULAR && type != G_FILE_TYPE_UNKNOWN)
        {
          g_autofree char *name = display_name (self->target);

          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                       _("%s: cannot write the file: it is not a regular file (a pipe, a device or a socket)"), name);
          return NULL;
        }
      if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_UNIX_MODE))
        {
          self->mode = g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_MODE) & 07777;
          self->has_mode = TRUE;
        }
    }

  stream = create_temp (self->target, &self->temp, &local_error);
  if (stream != NULL)
    {
      self->stream = G_OUTPUT_STREAM (stream);
      return g_steal_pointer (&self);
    }

  /* The folder refuses a new file; a writable file in it is written in
   * place, its contents kept to be put back on failure. */
  if (info != NULL
      && (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED)
          || g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
      && g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE))
    {
      g_autoptr(GError) in_place_error = NULL;

      self->previous = g_file_load_bytes (self->target, NULL, NULL, &in_place_error);
      if (self->previous != NULL)
        stream = g_file_replace (self->target, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &in_place_error);
      if (stream != NULL)
        {
          self->stream = G_OUTPUT_STREAM (stream);
          return g_steal_pointer (&self);
        }
    }

  fail (error, self->target, g_steal_pointer (&local_error));
  return NULL;
}

/**
 * acies_atomic_file_get_stream:
 * @self: a file being written
 *
 * Returns: (transfer none): the stream to write the new contents to
 */
GOutputStream *
acies_atomic_file_get_stream (AciesAtomicFile *self)
{
  g_return_val_if_fail (self != NULL && self->stream != NULL, NULL);

  return self->stream;
}

/**
 * acies_atomic_file_get_temp_file:
 * @self: a file being written
 *
 * For a writer that opens a file by its name itself (GtkPrintOperation's
 * export): the hidden file to write, empty.  Its stream is closed; the
 * caller writes the file, then commits (or frees to give up).  %NULL
 * when the folder only allows writing @target in place.
 *
 * Returns: (transfer none) (nullable): the temporary file
 */
GFile *
acies_atomic_file_get_temp_file (AciesAtomicFile *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->temp == NULL)
    return NULL;
  if (self->stream != NULL)
    {
      g_output_stream_close (self->stream, NULL, NULL);
      g_clear_object (&self->stream);
    }
  return self->temp;
}

/* Syncs the file at @file's path to the disk before the rename, so that
 * a crash right after it does not leave an empty file under the target's
 * name.  A file without a local path (a GVfs mount) is left to GIO. */
static gboolean
sync_file (GFile   *file,
           GError **error)
{
  const char *path = g_file_peek_path (file);
  int fd, saved_errno = 0;

  if (path == NULL)
    return TRUE;
  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0 || fsync (fd) != 0)
    saved_errno = errno;
  if (fd >= 0)
    close (fd);
  /* Some file systems (and the document portal) cannot sync: not an
   * error of the write. */
  if (saved_errno == 0 || saved_errno == EINVAL || saved_errno == ENOTSUP || saved_errno == EROFS)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), g_strerror (saved_errno));
  return FALSE;
}

/* Puts the old contents back after a failed write in place. */
static void
restore_previous (AciesAtomicFile *self)
{
  gsize size = 0;
  const char *data = g_bytes_get_data (self->previous, &size);

  if (!g_file_replace_contents (self->target, data != NULL ? data : "", size, NULL, FALSE,
                                G_FILE_CREATE_NONE, NULL, NULL, NULL))
    g_warning ("could not put back the contents of a file after a failed write");
}

/**
 * acies_atomic_file_commit:
 * @self: (transfer full): a file being written
 * @error: return location for an %ACIES_ENGINE_ERROR_IO error
 *
 * Finishes writing: the new contents are synced to the disk and renamed
 * over the target (which keeps its permissions).  On failure the target is
 * as it was and the temporary file is gone.  Frees @self either way.
 *
 * Returns: %TRUE when the target holds the new contents
 */
gboolean
acies_atomic_file_commit (AciesAtomicFile  *self,
                          GError          **error)
{
  g_autoptr(AciesAtomicFile) owned = self;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (self != NULL, FALSE);

  if ((self->stream != NULL && !g_output_stream_close (self->stream, NULL, &local_error))
      || !sync_file (self->temp != NULL ? self->temp : self->target, &local_error))
    {
      fail (error, self->target, g_steal_pointer (&local_error));
      return FALSE;
    }
  g_clear_object (&self->stream);

  if (self->temp != NULL)
    {
      if (self->has_mode)
        g_file_set_attribute_uint32 (self->temp, G_FILE_ATTRIBUTE_UNIX_MODE, self->mode,
                                     G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
      if (!g_file_move (self->temp, self->target,
                        G_FILE_COPY_OVERWRITE | G_FILE_COPY_NO_FALLBACK_FOR_MOVE | G_FILE_COPY_NOFOLLOW_SYMLINKS,
                        NULL, NULL, NULL, &local_error))
        {
          fail (error, self->target, g_steal_pointer (&local_error));
          return FALSE;
        }
      g_clear_object (&self->temp);
    }

  self->done = TRUE;
  return TRUE;
}

/**
 * acies_atomic_file_free:
 * @self: (nullable) (transfer full): a file being written
 *
 * Gives up writing when not committed: the temporary file is removed (or,
 * when the file was being written in place, its old contents put back).
 */
void
acies_atomic_file_free (AciesAtomicFile *self)
{
  if (self == NULL)
    return;

  if (self->stream != NULL)
    {
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();

      /* A cancelled close of GIO's in-place replace does not finish it. */
      g_cancellable_cancel (cancellable);
      g_output_stream_close (self->stream, cancellable, NULL);
      g_clear_object (&self->stream);
    }
  if (!self->done)
    {
      if (self->temp != NULL)
        g_file_delete (self->temp, NULL, NULL);
      else if (self->previous != NULL)
        restore_previous (self);
    }

  g_clear_object (&self->temp);
  g_clear_object (&self->target);
  g_clear_pointer (&self->previous, g_bytes_unref);
  g_free (self);
}

/**
 * acies_file_replace_contents:
 * @file: the file to write
 * @data: the new contents
 * @length: their length in bytes
 * @error: return location for an %ACIES_ENGINE_ERROR_IO error
 *
 * Writes @data to @file atomically through #AciesAtomicFile: on any
 * error @file is as it was (absent when it was new) and nothing is left
 * beside it; no backup is kept.  Used for scenarios, saved games and
 * logs alike.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_file_replace_contents (GFile       *file,
                             const char  *data,
                             gsize        length,
                             GError     **error)
{
  g_autoptr(AciesAtomicFile) writer = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  writer = acies_atomic_file_new (file, error);
  if (writer == NULL)
    return FALSE;

  if (!g_output_stream_write_all (acies_atomic_file_get_stream (writer), data != NULL ? data : "", length,
                                  NULL, NULL, &local_error))
    {
      acies_atomic_file_set_error (error, file, local_error);
      return FALSE;
    }

  return acies_atomic_file_commit (g_steal_pointer (&writer), error);
}
