/* acies-table-editor.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-editor-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_TABLE_EDITOR (acies_table_editor_get_type ())

G_DECLARE_FINAL_TYPE (AciesTableEditor, acies_table_editor, ACIES, TABLE_EDITOR, AciesEditorPanel)

G_END_DECLS
