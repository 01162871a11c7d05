/* acies-editor-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "acies-compat.h"
#include "acies-editor.h"
#include "acies-inspector.h"
#include "acies-oob-panel.h"
#include "acies-palette-panel.h"
#include "acies-problem-list.h"
#include "acies-problems-panel.h"
#include "acies-split-view.h"

G_BEGIN_DECLS

struct _AciesEditor
{
  GtkWidget            parent_instance;

  /* Template widgets */
  GtkWidget           *toolbar;
  GtkWidget           *tools;
  GtkWidget           *tools_separator;
  GtkSpinButton       *brush_size_spin;
  GtkLabel            *status_label;
  AciesSplitView      *left_flap;
  AciesSplitView      *right_flap;
  GtkStack            *pages;
  GtkLabel            *page_title;
  AciesPalettePanel   *palette;
  AciesOobPanel       *oob;
  AciesBoardView      *view;
  GtkLabel            *positions_label;

  /* Owned */
  AciesEditorDocument *doc;
  GSignalGroup        *document_signals;
  GSimpleActionGroup  *actions;
  AciesProblemList    *problems;
  char                *selected_id;
  guint                export_id;    /* ACIES_EDITOR_EXPORT_ACTIONS test hook */

  /* The tool (the states of the "editor" actions of the same names). */
  char                *tool;
  char                *brush;
  gint                 brush_size;
  gint                 level;
  gboolean             erase;

  /* A stroke on the board. */
  AciesCell            last_cell;
  AciesEdge            last_edge;
  double               last_x;       /* the stroke's last pointer position, pixels */
  double               last_y;
  char                *drag_unit;    /* the select tool's unit being dragged */
};

/* The shell (acies-editor.c). */
AciesCatalogue *_acies_editor_get_catalogue   (AciesEditor    *self);
AciesScenario  *_acies_editor_get_scenario    (AciesEditor    *self);
void            _acies_editor_set_tool_state  (AciesEditor    *self,
                                               const char     *name,
                                               GVariant       *state);
void            _acies_editor_take_tool_state (AciesEditor    *self,
                                               const char     *name,
                                               GVariant       *state);
void            _acies_editor_update_highlight (AciesEditor   *self);

/* Actions (acies-editor-actions.c). */
void            _acies_editor_actions_init    (AciesEditor    *self);

/* The board tools (acies-editor-tools.c). */
void            _acies_editor_tools_class_init (GtkWidgetClass *widget_class);
void            _acies_editor_tools_init      (AciesEditor    *self);
const char     *_acies_editor_tool_unavailable (AciesEditor   *self,
                                                const char    *tool);
void            _acies_editor_update_tools    (AciesEditor    *self);
void            _acies_editor_tool_changed    (AciesEditor    *self);
void            _acies_editor_apply_tool      (AciesEditor    *self,
                                               AciesCell       cell,
                                               AciesEdge       edge,
                                               gboolean        first);

G_END_DECLS
