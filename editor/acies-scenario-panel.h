/* acies-scenario-panel.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-editor-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_SCENARIO_PANEL (acies_scenario_panel_get_type ())

G_DECLARE_FINAL_TYPE (AciesScenarioPanel, acies_scenario_panel, ACIES, SCENARIO_PANEL, AciesEditorPanel)

G_END_DECLS
