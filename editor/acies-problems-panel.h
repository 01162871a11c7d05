/* acies-problems-panel.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "acies-problem-list.h"

G_BEGIN_DECLS

#define ACIES_TYPE_PROBLEMS_PANEL (acies_problems_panel_get_type ())

G_DECLARE_FINAL_TYPE (AciesProblemsPanel, acies_problems_panel, ACIES, PROBLEMS_PANEL, GtkWidget)

AciesProblemList *acies_problems_panel_get_problems (AciesProblemsPanel *self);
void              acies_problems_panel_set_problems (AciesProblemsPanel *self,
                                                     AciesProblemList   *problems);

G_END_DECLS
