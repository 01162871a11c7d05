/* acies-scenario-dialog.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "acies-play-session.h"

G_BEGIN_DECLS

#define ACIES_TYPE_SCENARIO_DIALOG (acies_scenario_dialog_get_type ())

G_DECLARE_FINAL_TYPE (AciesScenarioDialog, acies_scenario_dialog, ACIES, SCENARIO_DIALOG, AdwWindow)

AciesScenarioDialog *acies_scenario_dialog_new         (GtkWindow           *parent,
                                                        AciesPlaySession    *session);
const char          *acies_scenario_dialog_get_text    (AciesScenarioDialog *self);

G_END_DECLS
