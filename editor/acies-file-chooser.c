/* acies-file-chooser.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-file-chooser"

#include "config.h"

#include "acies-compat.h"
#include "acies-file-chooser.h"

/*
 * The file choosers as _async/_finish pairs on a GTask (STYLE.md), which
 * acies_file_chooser_show() (acies-compat.c) answers from the chooser of
 * the version.
 */

static void
file_choose_async (GtkWindow            *parent,
                   GtkFileChooserAction  action,
                   const char           *title,
                   const char           *accept_label,
                   const char           *initial_name,
                   GListModel           *filters,
                   GCancellable         *cancellable,
                   GAsyncReadyCallback   callback,
                   gpointer              user_data)
{
  GTask *task = g_task_new (parent, cancellable, callback, user_data);

  g_task_set_source_tag (task, file_choose_async);
  acies_file_chooser_show (task, parent, action, title, accept_label, initial_name, filters);
}

/**
 * acies_file_save_async:
 * @parent: (nullable): the window the chooser belongs to
 * @title: the chooser's title
 * @accept_label: (nullable): the label of its Save button
 * @initial_name: (nullable): the file name offered
 * @filter: (nullable): the files shown
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the answer
 * @user_data: for @callback
 *
 * Asks where to save a file (a file chooser, the portal's in a sandbox).
 */
void
acies_file_save_async (GtkWindow           *parent,
                       const char          *title,
                       const char          *accept_label,
                       const char          *initial_name,
                       GtkFileFilter       *filter,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GListStore) filters = NULL;

  if (filter != NULL)
    {
      filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
      g_list_store_append (filters, filter);
    }
  file_choose_async (parent, GTK_FILE_CHOOSER_ACTION_SAVE, title, accept_label, initial_name,
                     G_LIST_MODEL (filters), cancellable, callback, user_data);
}

/**
 * acies_file_save_finish:
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full) (nullable): the file chosen, or %NULL with
 *   @error unset when the user cancelled
 */
GFile *
acies_file_save_finish (GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * acies_file_open_async:
 * @parent: (nullable): the window the chooser belongs to
 * @title: the chooser's title
 * @filters: (nullable): #GtkFileFilter<!-- -->s, the first chosen
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the answer
 * @user_data: for @callback
 *
 * Asks for files to open (one or more).
 */
void
acies_file_open_async (GtkWindow           *parent,
                       const char          *title,
                       GListModel          *filters,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  file_choose_async (parent, GTK_FILE_CHOOSER_ACTION_OPEN, title, NULL, NULL, filters,
                     cancellable, callback, user_data);
}

/**
 * acies_file_open_finish:
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full) (nullable): a #GListModel of #GFile, or %NULL
 *   with @error unset when the user cancelled
 */
GListModel *
acies_file_open_finish (GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
