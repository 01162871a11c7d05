/* acies-board-view.h
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

#include <gtk/gtk.h>

#include "acies-types.h"
#include "model/acies-scenario.h"

G_BEGIN_DECLS

#define ACIES_BOARD_VIEW_ZOOM_MIN 0.25
#define ACIES_BOARD_VIEW_ZOOM_MAX 8.0

#define ACIES_TYPE_BOARD_VIEW (acies_board_view_get_type ())

G_DECLARE_FINAL_TYPE (AciesBoardView, acies_board_view, ACIES, BOARD_VIEW, GtkWidget)

GtkWidget     *acies_board_view_new               (void);
AciesScenario *acies_board_view_get_scenario      (AciesBoardView *self);
void           acies_board_view_set_scenario      (AciesBoardView *self,
                                                   AciesScenario  *scenario);
double         acies_board_view_get_zoom          (AciesBoardView *self);
void           acies_board_view_set_zoom          (AciesBoardView *self,
                                                   double          zoom);
void           acies_board_view_zoom_in           (AciesBoardView *self);
void           acies_board_view_zoom_out          (AciesBoardView *self);
void           acies_board_view_zoom_reset        (AciesBoardView *self);
AciesCell      acies_board_view_get_selected_cell (AciesBoardView *self);
void           acies_board_view_set_selected_cell (AciesBoardView *self,
                                                   AciesCell       cell);
AciesCell      acies_board_view_get_focus_cell    (AciesBoardView *self);
void           acies_board_view_set_focus_cell    (AciesBoardView *self,
                                                   AciesCell       cell);
AciesCell      acies_board_view_cell_at_point     (AciesBoardView *self,
                                                   double          x,
                                                   double          y);

/* Editing (the scenario editor's tools). */
gboolean       acies_board_view_get_edit_mode     (AciesBoardView *self);
void           acies_board_view_set_edit_mode     (AciesBoardView *self,
                                                   gboolean        edit_mode);
gboolean       acies_board_view_point_to_board    (AciesBoardView *self,
                                                   double          x,
                                                   double          y,
                                                   double         *bx,
                                                   double         *by);
AciesEdge      acies_board_view_edge_at_point     (AciesBoardView *self,
                                                   double          x,
                                                   double          y);
void           acies_board_view_set_highlight     (AciesBoardView *self,
                                                   GArray         *cells);
void           acies_board_view_scenario_changed  (AciesBoardView *self);
void           acies_board_view_cells_changed     (AciesBoardView  *self,
                                                   const AciesCell *cells,
                                                   guint            n_cells);
void           acies_board_view_begin_preview     (AciesBoardView *self);
void           acies_board_view_end_preview       (AciesBoardView *self);

/* Play mode overlays (app/gui/play/). */
void           acies_board_view_set_play_units    (AciesBoardView     *self,
                                                   GPtrArray          *units);
void           acies_board_view_set_play_leaders  (AciesBoardView     *self,
                                                   GPtrArray          *leaders);
void           acies_board_view_draw_play_marks   (cairo_t            *cr,
                                                   double              x,
                                                   double              y,
                                                   double              size,
                                                   guint               marks);
void           acies_board_view_set_play_cells    (AciesBoardView     *self,
                                                   const GArray       *destinations,
                                                   const char * const *costs,
                                                   const GArray       *targets,
                                                   const GArray       *path);
void           acies_board_view_set_play_markers  (AciesBoardView     *self,
                                                   const GArray       *cells,
                                                   const char * const *texts);

/**
 * AciesPlayMark:
 * @ACIES_PLAY_MARK_NONE: nothing
 * @ACIES_PLAY_MARK_GROUP: selected together with others (an outline)
 * @ACIES_PLAY_MARK_LEAD: the lead of its group (a star on the counter)
 * @ACIES_PLAY_MARK_SELECTED: the selected unit (an outline)
 */
typedef enum
{
  ACIES_PLAY_MARK_NONE     = 0,
  ACIES_PLAY_MARK_GROUP    = 1 << 0,
  ACIES_PLAY_MARK_LEAD     = 1 << 1,
  ACIES_PLAY_MARK_SELECTED = 1 << 2,
} AciesPlayMark;

void           acies_board_view_set_play_unit_marks (AciesBoardView     *self,
                                                     const char * const *texts,
                                                     const guint        *marks,
                                                     guint               n_marks);
gboolean       acies_board_view_get_play_unit_place (AciesBoardView     *self,
                                                     guint               index,
                                                     double             *x,
                                                     double             *y,
                                                     double             *size);

G_END_DECLS
