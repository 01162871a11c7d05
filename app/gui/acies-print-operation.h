/* acies-print-operation.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "model/acies-scenario.h"
#include "render/acies-render-print.h"
#include "rulesets/acies-catalogue.h"

G_BEGIN_DECLS

#define ACIES_TYPE_PRINT_OPERATION (acies_print_operation_get_type ())

G_DECLARE_FINAL_TYPE (AciesPrintOperation, acies_print_operation, ACIES, PRINT_OPERATION, GtkPrintOperation)

AciesPrintOperation *acies_print_operation_new    (AciesScenario  *scenario,
                                                   AciesCatalogue *catalogue,
                                                   GSettings      *settings);
void                 acies_print_operation_print  (GtkWindow      *parent,
                                                   AciesScenario  *scenario,
                                                   GSettings      *settings);
void                 acies_print_operation_print_position (GtkWindow     *parent,
                                                           AciesScenario *scenario,
                                                           GSettings     *settings,
                                                           GPtrArray     *units,
                                                           GPtrArray     *leaders,
                                                           const char    *positions);
void                 acies_print_operation_set_options (AciesPrintOperation     *self,
                                                        const AciesPrintOptions *options);
gboolean             acies_print_operation_export (GtkWindow               *parent,
                                                   AciesScenario           *scenario,
                                                   GSettings               *settings,
                                                   const AciesPrintOptions *options,
                                                   const char              *path,
                                                   GError                 **error);
gboolean             acies_print_operation_can_preview (void);
void                 acies_print_operation_export_ask (GtkWindow     *parent,
                                                       AciesScenario *scenario,
                                                       GSettings     *settings,
                                                       const char    *path);

G_END_DECLS
