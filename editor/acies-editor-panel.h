/* acies-editor-panel.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "acies-editor-document.h"

G_BEGIN_DECLS

#define ACIES_TYPE_EDITOR_PANEL (acies_editor_panel_get_type ())

G_DECLARE_DERIVABLE_TYPE (AciesEditorPanel, acies_editor_panel, ACIES, EDITOR_PANEL, GtkWidget)

/**
 * AciesEditorPanelClass:
 * @parent_class: the parent class
 * @rebuild: build what the panel shows from its document (which may be
 *   %NULL) and its own properties
 * @document_changed: the document changed (the #AciesEditFlags of every
 *   change since the panel was last told): update what changed, or
 *   acies_editor_panel_queue_rebuild() when what is shown no longer fits
 *
 * Both are called while the panel is mapped, or when it is next mapped
 * for what happened while it was not shown.
 */
struct _AciesEditorPanelClass
{
  GtkWidgetClass parent_class;

  void (*rebuild)          (AciesEditorPanel *self);
  void (*document_changed) (AciesEditorPanel *self,
                            AciesEditFlags    flags);

  /*< private >*/
  gpointer padding[4];
};

AciesEditorDocument *acies_editor_panel_get_document (AciesEditorPanel    *self);
void                 acies_editor_panel_set_document (AciesEditorPanel    *self,
                                                      AciesEditorDocument *document);
const char          *acies_editor_panel_get_part_id  (AciesEditorPanel    *self);
void                 acies_editor_panel_set_part_id  (AciesEditorPanel    *self,
                                                      const char          *part_id);
void                 acies_editor_panel_update       (AciesEditorPanel    *self);
void                 acies_editor_panel_queue_rebuild (AciesEditorPanel   *self);

G_END_DECLS
