/* acies-new-scenario-dialog.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "model/acies-scenario.h"

G_BEGIN_DECLS

AciesScenario *acies_new_scenario_create      (const char *ruleset,
                                               guint       width,
                                               guint       height,
                                               const char *orientation,
                                               const char *labels,
                                               GError    **error);
GtkWindow     *acies_new_scenario_dialog_new  (GtkWindow  *parent);

G_END_DECLS
