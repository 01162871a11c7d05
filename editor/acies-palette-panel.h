/* acies-palette-panel.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-editor-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_PALETTE_PANEL (acies_palette_panel_get_type ())

G_DECLARE_FINAL_TYPE (AciesPalettePanel, acies_palette_panel, ACIES, PALETTE_PANEL, AciesEditorPanel)

G_END_DECLS
