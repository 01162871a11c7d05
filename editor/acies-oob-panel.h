/* acies-oob-panel.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-editor-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_OOB_PANEL (acies_oob_panel_get_type ())

G_DECLARE_FINAL_TYPE (AciesOobPanel, acies_oob_panel, ACIES, OOB_PANEL, AciesEditorPanel)

const char *acies_oob_panel_get_selected_id (AciesOobPanel *self);
void        acies_oob_panel_set_selected_id (AciesOobPanel *self,
                                             const char    *id);

G_END_DECLS
