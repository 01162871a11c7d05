/* acies-editor.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "acies-board-view.h"
#include "acies-editor-document.h"
#include "acies-editor-words.h"

G_BEGIN_DECLS

#define ACIES_TYPE_EDITOR (acies_editor_get_type ())

G_DECLARE_FINAL_TYPE (AciesEditor, acies_editor, ACIES, EDITOR, GtkWidget)

GtkWidget           *acies_editor_new                  (void);
AciesEditorDocument *acies_editor_get_document         (AciesEditor         *self);
void                 acies_editor_set_document         (AciesEditor         *self,
                                                        AciesEditorDocument *document);
AciesBoardView      *acies_editor_get_board_view       (AciesEditor         *self);
GActionGroup        *acies_editor_get_action_group     (AciesEditor         *self);
gboolean             acies_editor_get_compact          (AciesEditor         *self);
void                 acies_editor_set_compact          (AciesEditor         *self,
                                                        gboolean             compact);
GListModel          *acies_editor_get_problem_list     (AciesEditor         *self);
void                 acies_editor_validate_now         (AciesEditor         *self);
guint                acies_editor_get_n_errors         (AciesEditor         *self);
guint                acies_editor_get_n_warnings       (AciesEditor         *self);
GPtrArray           *acies_editor_get_problems         (AciesEditor         *self);
void                 acies_editor_locate_problem       (AciesEditor         *self,
                                                        guint                index);
const char          *acies_editor_get_selected_id      (AciesEditor         *self);
void                 acies_editor_select               (AciesEditor         *self,
                                                        const char          *id);
void                 acies_editor_show_page            (AciesEditor         *self,
                                                        const char          *page);
void                 acies_editor_set_sidebars_visible (AciesEditor         *self,
                                                        gboolean             visible);

G_END_DECLS
