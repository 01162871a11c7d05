/* acies-file-chooser.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Asking for a file to save or files to open: GtkFileDialog from GTK
 * 4.10 (the portal in a sandbox), GtkFileChooserNative before
 * (acies_file_chooser_show() in acies-compat.c). */

void        acies_file_save_async  (GtkWindow           *parent,
                                    const char          *title,
                                    const char          *accept_label,
                                    const char          *initial_name,
                                    GtkFileFilter       *filter,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
GFile      *acies_file_save_finish (GAsyncResult        *result,
                                    GError             **error);
void        acies_file_open_async  (GtkWindow           *parent,
                                    const char          *title,
                                    GListModel          *filters,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
GListModel *acies_file_open_finish (GAsyncResult        *result,
                                    GError             **error);

G_END_DECLS
