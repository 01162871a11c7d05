/* acies-editor-document-files.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor-document"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "acies-error.h"
#include "io/acies-scenario-io.h"

#include "acies-editor-document-private.h"

/*
 * The document's files: saving, the autosave a running editor keeps of
 * each unsaved document, and the autosaves a crashed run left behind.
 */

/* Autosaves written by this process, which are therefore not left over
 * from a crash. */
static GHashTable *live_autosaves;

/**
 * _acies_editor_document_live_autosave:
 * @self: a document
 * @live: whether the document is alive
 *
 * Counts the document's autosave as one of this process (a new document)
 * or no longer (a finalized one, whose autosave is then left for
 * recovery unless it was discarded).
 */
void
_acies_editor_document_live_autosave (AciesEditorDocument *self,
                                      gboolean             live)
{
  if (live)
    {
      if (live_autosaves == NULL)
        live_autosaves = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_add (live_autosaves, g_strdup (self->autosave_name));
    }
  else if (live_autosaves != NULL)
    g_hash_table_remove (live_autosaves, self->autosave_name);
}

/**
 * acies_editor_document_save:
 * @self: a document
 * @file: (nullable): where to save; %NULL for the document's file
 * @error: return location for an error (%ACIES_ENGINE_ERROR_IO)
 *
 * Writes the scenario atomically, keeping the previous file as a backup,
 * makes @file the document's file, marks the document clean and removes
 * its autosave.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_editor_document_save (AciesEditorDocument *self,
                            GFile               *file,
                            GError             **error)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);

  if (file == NULL)
    file = self->file;
  if (file == NULL)
    {
      g_set_error_literal (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                           _("The scenario has no file yet: choose where to save it"));
      return FALSE;
    }

  if (!acies_scenario_save_file (self->scenario, file, error))
    return FALSE;

  acies_editor_document_set_file (self, file);
  _acies_editor_document_mark_saved (self);
  acies_editor_document_discard_autosave (self);

  return TRUE;
}

/**
 * acies_editor_autosave_dir:
 *
 * Returns: (transfer full): g_get_user_data_dir()/acies/autosave
 */
char *
acies_editor_autosave_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "acies", "autosave", NULL);
}

/**
 * acies_editor_document_get_autosave_file:
 * @self: a document
 *
 * Returns: (transfer full): the file the document autosaves to, in
 *   acies_editor_autosave_dir()
 */
GFile *
acies_editor_document_get_autosave_file (AciesEditorDocument *self)
{
  g_autofree char *dir = acies_editor_autosave_dir ();
  g_autofree char *path = NULL;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);

  path = g_build_filename (dir, self->autosave_name, NULL);
  return g_file_new_for_path (path);
}

/**
 * acies_editor_document_autosave:
 * @self: a document
 * @error: return location for an error
 *
 * Writes the scenario to its autosave file (atomically), with a
 * "NAME.origin" file next to it holding the URI of the document's file,
 * if it has one.  Does nothing while the document is clean.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_editor_document_autosave (AciesEditorDocument *self,
                                GError             **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) origin = NULL;
  g_autofree char *dir = acies_editor_autosave_dir ();
  g_autofree char *data = NULL;
  g_autofree char *origin_name = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autofree char *uri = NULL;
  gsize length = 0;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  if (!self->dirty)
    return TRUE;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                   _("Could not create the autosave folder %s: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  file = acies_editor_document_get_autosave_file (self);
  data = acies_scenario_to_data (self->scenario, &length);
  if (!acies_file_replace_contents (file, data, length, error))
    return FALSE;

  origin_name = g_strconcat (self->autosave_name, ".origin", NULL);
  parent = g_file_get_parent (file);
  origin = g_file_get_child (parent, origin_name);
  uri = self->file ? g_file_get_uri (self->file) : g_strdup ("");
  if (!g_file_replace_contents (origin, uri, strlen (uri), NULL, FALSE,
                                G_FILE_CREATE_PRIVATE, NULL, NULL, error))
    return FALSE;

  return TRUE;
}

/**
 * acies_editor_document_discard_autosave:
 * @self: a document
 *
 * Removes the document's autosave (after a save, or when it is closed on
 * purpose).
 */
void
acies_editor_document_discard_autosave (AciesEditorDocument *self)
{
  g_autofree char *dir = acies_editor_autosave_dir ();
  g_autofree char *path = NULL;
  g_autofree char *origin = NULL;
  g_autofree char *backup = NULL;

  g_return_if_fail (ACIES_IS_EDITOR_DOCUMENT (self));

  path = g_build_filename (dir, self->autosave_name, NULL);
  origin = g_strconcat (path, ".origin", NULL);
  backup = g_strconcat (path, "~", NULL);
  g_unlink (path);
  g_unlink (origin);
  g_unlink (backup);
}

/**
 * acies_editor_list_recoverable:
 *
 * Lists the autosaves left by an earlier run that ended without saving or
 * closing its documents (a crash): those in acies_editor_autosave_dir()
 * not written by a document of this process.
 *
 * Returns: (transfer full) (element-type GFile): the autosave files
 */
GPtrArray *
acies_editor_list_recoverable (void)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *dir_path = acies_editor_autosave_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return files;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (!g_str_has_suffix (name, ".acies"))
        continue;
      if (live_autosaves != NULL && g_hash_table_contains (live_autosaves, name))
        continue;
      g_ptr_array_add (files, g_file_new_build_filename (dir_path, name, NULL));
    }

  return files;
}

/**
 * acies_editor_recoverable_original:
 * @autosave: an autosave file from acies_editor_list_recoverable()
 *
 * Returns: (transfer full) (nullable): the file the autosaved document was
 *   editing, or %NULL for a document never saved
 */
GFile *
acies_editor_recoverable_original (GFile *autosave)
{
  g_autofree char *path = NULL;
  g_autofree char *origin = NULL;
  g_autofree char *uri = NULL;

  g_return_val_if_fail (G_IS_FILE (autosave), NULL);

  path = g_file_get_path (autosave);
  if (path == NULL)
    return NULL;
  origin = g_strconcat (path, ".origin", NULL);
  if (!g_file_get_contents (origin, &uri, NULL, NULL) || uri[0] == '\0')
    return NULL;

  return g_file_new_for_uri (g_strstrip (uri));
}
