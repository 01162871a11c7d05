/* acies-side-form.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-editor-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_SIDE_FORM (acies_side_form_get_type ())

G_DECLARE_FINAL_TYPE (AciesSideForm, acies_side_form, ACIES, SIDE_FORM, AciesEditorPanel)

GtkWidget *acies_side_form_new (AciesEditorDocument *document,
                                const char          *side_id);

G_END_DECLS
