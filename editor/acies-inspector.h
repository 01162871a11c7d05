/* acies-inspector.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-editor-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_INSPECTOR (acies_inspector_get_type ())

G_DECLARE_FINAL_TYPE (AciesInspector, acies_inspector, ACIES, INSPECTOR, AciesEditorPanel)

G_END_DECLS
