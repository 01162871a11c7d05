/* acies-print-setup.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "render/acies-render-print.h"

G_BEGIN_DECLS

#define ACIES_TYPE_PRINT_SETUP (acies_print_setup_get_type ())

G_DECLARE_FINAL_TYPE (AciesPrintSetup, acies_print_setup, ACIES, PRINT_SETUP, GtkWidget)

AciesPrintSetup *acies_print_setup_new            (const AciesPrintOptions *options,
                                                   const char              *accept_label);
void             acies_print_setup_get_options    (AciesPrintSetup         *self,
                                                   AciesPrintOptions       *options);
void             acies_print_setup_choose_async   (GtkWindow               *parent,
                                                   const AciesPrintOptions *options,
                                                   const char              *accept_label,
                                                   GCancellable            *cancellable,
                                                   GAsyncReadyCallback      callback,
                                                   gpointer                 user_data);
gboolean         acies_print_setup_choose_finish  (GAsyncResult            *result,
                                                   AciesPrintOptions       *options,
                                                   GError                 **error);

G_END_DECLS
