/* acies-sides-panel.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-editor-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_SIDES_PANEL (acies_sides_panel_get_type ())

G_DECLARE_FINAL_TYPE (AciesSidesPanel, acies_sides_panel, ACIES, SIDES_PANEL, AciesEditorPanel)

G_END_DECLS
