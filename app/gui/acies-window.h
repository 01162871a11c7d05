/* acies-window.h
 *
 * Copyright 2026 The Acies developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "model/acies-scenario.h"

#include "acies-application.h"
#include "acies-board-view.h"
#include "acies-editor.h"
#include "acies-editor-document.h"
#include "acies-start-page.h"

G_BEGIN_DECLS

#define ACIES_TYPE_WINDOW (acies_window_get_type ())

G_DECLARE_FINAL_TYPE (AciesWindow, acies_window, ACIES, WINDOW, AdwApplicationWindow)

AciesWindow    *acies_window_new            (AciesApplication *application);
AciesScenario  *acies_window_get_scenario   (AciesWindow      *self);
GFile          *acies_window_get_file       (AciesWindow      *self);
void            acies_window_set_scenario   (AciesWindow      *self,
                                             AciesScenario    *scenario,
                                             GFile            *file);
gboolean        acies_window_is_empty       (AciesWindow      *self);
AciesBoardView *acies_window_get_board_view (AciesWindow      *self);
AciesStartPage *acies_window_get_start_page (AciesWindow      *self);

/* The scenario editor. */
AciesEditor         *acies_window_get_editor              (AciesWindow      *self);
AciesEditorDocument *acies_window_get_document            (AciesWindow      *self);
const char          *acies_window_get_play_blocked_reason (AciesWindow      *self);
void                 acies_window_new_scenario            (AciesApplication *application);
gboolean             acies_window_offer_recovery          (AciesWindow      *self);

G_END_DECLS
