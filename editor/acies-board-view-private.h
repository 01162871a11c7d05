/* acies-board-view-private.h
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

#include "render/acies-render.h"

#include "acies-board-view.h"

G_BEGIN_DECLS

/*
 * AciesBoardView is written in four files: acies-board-view.c (the
 * widget: properties, geometry, zoom, selection and focus, drawing),
 * acies-board-view-input.c (pointer, touch and keyboard),
 * acies-board-view-play.c (the play mode's overlays) and
 * acies-board-view-edit.c (the editor's tools: strokes, edges,
 * highlights, changes to the scenario).  This header is shared by them.
 */

typedef struct _AciesPlayOverlay AciesPlayOverlay;

struct _AciesBoardView
{
  GtkWidget         parent_instance;

  AciesScenario    *scenario;
  AciesCatalogue   *catalogue;
  AciesRenderCache *cache;      /* this view's tiles and counter images */
  GHashTable       *textures;   /* tile serial (guint64 *) -> GdkTexture */

  double            zoom;
  double            pan_x;      /* pixels, from the centred position */
  double            pan_y;
  AciesCell         selected_cell;
  AciesCell         focus_cell;

  /* Input state. */
  double            pointer_x;
  double            pointer_y;
  gboolean          pointer_inside;
  double            drag_pan_x;
  double            drag_pan_y;
  gboolean          dragging;
  double            pinch_zoom;

  guint             draw_count;
  gint              textures_mode; /* -1: tiles as textures unless the renderer is cairo; 0 no; 1 yes */

  /* Editing (the scenario editor's tools). */
  gboolean          edit_mode;  /* primary drags are strokes, not pans */
  gboolean          stroking;
  GArray           *highlight;  /* AciesCell, or NULL */

  /* Play mode (app/gui/play/). */
  AciesPlayOverlay *play;       /* or NULL */
};

typedef enum
{
  ACIES_BOARD_VIEW_STROKE_BEGIN,
  ACIES_BOARD_VIEW_STROKE_UPDATE,
  ACIES_BOARD_VIEW_STROKE_END,
} AciesBoardViewStroke;

/* acies-board-view.c */
gboolean  acies_board_view_get_geometry      (AciesBoardView       *self,
                                              double                width,
                                              double                height,
                                              double               *cell_size,
                                              double               *offset_x,
                                              double               *offset_y);
gboolean  acies_board_view_fill_options      (AciesBoardView       *self,
                                              AciesRenderOptions   *options);
void      acies_board_view_update_accessible (AciesBoardView       *self);
AciesCell acies_board_view_default_focus     (AciesBoardView       *self);
void      acies_board_view_move_focus        (AciesBoardView       *self,
                                              int                   dcol,
                                              int                   drow);
void      acies_board_view_activate_cell     (AciesBoardView       *self,
                                              AciesCell             cell);
void      acies_board_view_zoom_at           (AciesBoardView       *self,
                                              double                zoom,
                                              double                x,
                                              double                y);
void      acies_board_view_emit_stroke       (AciesBoardView       *self,
                                              AciesBoardViewStroke  stroke,
                                              double                x,
                                              double                y);
void      acies_board_view_notify_edit_mode  (AciesBoardView       *self);

/* acies-board-view-input.c */
void      acies_board_view_init_input        (AciesBoardView       *self);
void      acies_board_view_class_init_input  (GtkWidgetClass       *widget_class);

/* acies-board-view-play.c */
void      acies_board_view_play_free         (AciesPlayOverlay     *overlay);
void      acies_board_view_play_fill_options (AciesBoardView       *self,
                                              AciesRenderOptions   *options);
gboolean  acies_board_view_play_has_marks    (AciesBoardView       *self);
void      acies_board_view_play_snapshot     (AciesBoardView       *self,
                                              cairo_t              *cr,
                                              int                   width,
                                              int                   height,
                                              const AciesRenderOptions *options);

/* For tests: how many times the board was rendered by a snapshot; tiles
 * as textures (1), as one cairo node (0) or as the renderer suits (-1). */
guint     acies_board_view_get_draw_count    (AciesBoardView       *self);
void      acies_board_view_set_textures      (AciesBoardView       *self,
                                              gint                  textures);

G_END_DECLS
