/* acies-board-view.c
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

#define G_LOG_DOMAIN "acies-board-view"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>
#include <adwaita.h>

#include "geometry/acies-board.h"
#include "render/acies-render.h"
#include "rulesets/acies-catalogue.h"

#include "acies-board-view-private.h"

/**
 * AciesBoardView:
 *
 * Shows a scenario's board through libacies-render.  Zoom 1.0 fits the
 * whole board in the widget; the view zooms (Ctrl+scroll, pinch, the
 * board.zoom-* actions) around a point and pans (drag, scroll).  A keyboard
 * focus cell, moved with the arrow keys and drawn by the renderer, makes
 * the board usable without a mouse; a click or Enter selects a cell and
 * emits #AciesBoardView::cell-activated.
 */

#define ZOOM_STEP        1.25
#define SCROLL_PAN_STEP  48.0  /* pixels per wheel click */
#define FOCUS_MARGIN     8.0   /* pixels kept between the focus cell and the edge */

struct _AciesBoardView
{
  GtkWidget       parent_instance;

  AciesScenario  *scenario;
  AciesCatalogue *catalogue;
  AciesRenderCache *cache;      /* this view's static layer and counter images */

  double          zoom;
  double          pan_x;        /* pixels, from the centred position */
  double          pan_y;
  AciesCell       selected_cell;
  AciesCell       focus_cell;

  /* Input state. */
  double          pointer_x;
  double          pointer_y;
  gboolean        pointer_inside;
  double          drag_pan_x;
  double          drag_pan_y;
  gboolean        dragging;
  double          pinch_zoom;

  guint           draw_count;

  /* Editing (the scenario editor's tools). */
  gboolean        edit_mode;    /* primary drags are strokes, not pans */
  gboolean        stroking;
  GArray         *highlight;    /* AciesCell, or NULL */
  AciesScenario  *preview;      /* during a stroke: the map before it, drawn from the cache */
};

enum {
  PROP_0,
  PROP_SCENARIO,
  PROP_ZOOM,
  PROP_SELECTED_CELL,
  PROP_FOCUS_CELL,
  PROP_EDIT_MODE,
  N_PROPS
};

enum {
  SIGNAL_CELL_ACTIVATED,
  SIGNAL_STROKE_BEGIN,
  SIGNAL_STROKE_UPDATE,
  SIGNAL_STROKE_END,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (AciesBoardView, acies_board_view, GTK_TYPE_WIDGET)

/* Editing: the stroke preview, defined in the editing block. */
static void acies_board_view_preview_snapshot  (AciesBoardView     *self,
                                                cairo_t            *cr,
                                                const AciesRenderOptions *options);

/* Play mode overlays: defined in the block at the end of this file. */
static void acies_board_view_play_fill_options (AciesBoardView     *self,
                                                AciesRenderOptions *options);
static void acies_board_view_play_snapshot     (AciesBoardView     *self,
                                                cairo_t            *cr,
                                                int                 width,
                                                int                 height,
                                                const AciesRenderOptions *options);

/* Geometry. */

static gboolean
acies_board_view_get_geometry (AciesBoardView *self,
                               double          width,
                               double          height,
                               double         *cell_size,
                               double         *offset_x,
                               double         *offset_y)
{
  double fit_size = 0, fit_x = 0, fit_y = 0;
  double extent_w = 0, extent_h = 0;
  double centre_x, centre_y, size;

  if (self->scenario == NULL || self->scenario->map.board == NULL ||
      width <= 0 || height <= 0)
    return FALSE;

  acies_render_fit (self->scenario, width, height, &fit_size, &fit_x, &fit_y);
  if (!(fit_size > 0))
    return FALSE;

  acies_board_extent (self->scenario->map.board, &extent_w, &extent_h);

  /* Zoom around the centre of the fitted board, then apply the pan. */
  centre_x = fit_x + fit_size * extent_w / 2.0;
  centre_y = fit_y + fit_size * extent_h / 2.0;
  size = fit_size * self->zoom;

  *cell_size = size;
  *offset_x = centre_x - size * extent_w / 2.0 + self->pan_x;
  *offset_y = centre_y - size * extent_h / 2.0 + self->pan_y;

  return TRUE;
}

static gboolean
acies_board_view_fill_options (AciesBoardView     *self,
                               AciesRenderOptions *options)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));

  acies_render_options_init (options);
  if (!acies_board_view_get_geometry (self, width, height,
                                      &options->cell_size,
                                      &options->offset_x,
                                      &options->offset_y))
    return FALSE;

  options->show_labels = TRUE;
  options->show_units = TRUE;
  options->selected_cell = self->selected_cell;
  options->focus_cell = gtk_widget_has_focus (GTK_WIDGET (self)) ? self->focus_cell : ACIES_CELL_NONE;
  options->dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  options->cache = self->cache;
  acies_board_view_play_fill_options (self, options);

  return TRUE;
}

/* Accessibility. */

static void
acies_board_view_update_accessible (AciesBoardView *self)
{
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;
  const AciesBoard *board;

  if (self->scenario == NULL || self->scenario->map.board == NULL)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Empty board"),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "",
                                      -1);
      return;
    }

  board = self->scenario->map.board;

  switch (acies_board_get_kind (board))
    {
    case ACIES_BOARD_HEX:
      /* Translators: the board of a scenario: title, columns, rows. */
      label = g_strdup_printf (_("Board of %s: hex grid, %u by %u hexes"),
                               self->scenario->meta.title ? self->scenario->meta.title : _("Untitled"),
                               acies_board_get_width (board),
                               acies_board_get_height (board));
      break;

    case ACIES_BOARD_ZONES:
      label = g_strdup_printf (_("Board of %s: %u zones"),
                               self->scenario->meta.title ? self->scenario->meta.title : _("Untitled"),
                               acies_board_get_n_cells (board));
      break;

    case ACIES_BOARD_SQUARE:
    default:
      label = g_strdup_printf (_("Board of %s: square grid, %u by %u squares"),
                               self->scenario->meta.title ? self->scenario->meta.title : _("Untitled"),
                               acies_board_get_width (board),
                               acies_board_get_height (board));
      break;
    }

  if (acies_board_contains (board, self->focus_cell))
    {
      const char *terrain_id = acies_map_get_terrain (&self->scenario->map, self->focus_cell);
      const char *terrain_name = terrain_id;
      const char *cell_label = acies_board_cell_label (board, self->focus_cell);

      if (self->catalogue != NULL && terrain_id != NULL)
        {
          const AciesTerrainType *terrain = acies_catalogue_find_terrain (self->catalogue, terrain_id);

          if (terrain != NULL && terrain->name != NULL)
            terrain_name = terrain->name;
        }

      if (self->focus_cell == self->selected_cell)
        /* Translators: a focused cell: its label and its terrain. */
        description = g_strdup_printf (_("Cell %s, %s, selected"),
                                       cell_label ? cell_label : "?",
                                       terrain_name ? terrain_name : _("no terrain"));
      else
        description = g_strdup_printf (_("Cell %s, %s"),
                                       cell_label ? cell_label : "?",
                                       terrain_name ? terrain_name : _("no terrain"));
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description ? description : "",
                                  -1);
}

/* Focus cell and panning. */

static void
acies_board_view_scroll_to_cell (AciesBoardView *self,
                                 AciesCell       cell)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double size, ox, oy, cx = 0, cy = 0, px, py;

  if (!acies_board_view_get_geometry (self, width, height, &size, &ox, &oy))
    return;
  if (!acies_board_contains (self->scenario->map.board, cell))
    return;

  acies_board_cell_center (self->scenario->map.board, cell, &cx, &cy);
  px = ox + cx * size;
  py = oy + cy * size;

  /* Keep the whole cell (about one cell size around its centre) in view. */
  if (px - size < FOCUS_MARGIN)
    self->pan_x += FOCUS_MARGIN - (px - size);
  else if (px + size > width - FOCUS_MARGIN)
    self->pan_x -= (px + size) - (width - FOCUS_MARGIN);

  if (py - size < FOCUS_MARGIN)
    self->pan_y += FOCUS_MARGIN - (py - size);
  else if (py + size > height - FOCUS_MARGIN)
    self->pan_y -= (py + size) - (height - FOCUS_MARGIN);
}

static AciesCell
acies_board_view_default_focus (AciesBoardView *self)
{
  const AciesBoard *board;

  if (self->scenario == NULL || self->scenario->map.board == NULL)
    return ACIES_CELL_NONE;

  board = self->scenario->map.board;
  if (acies_board_contains (board, self->selected_cell))
    return self->selected_cell;
  if (acies_board_get_n_cells (board) == 0)
    return ACIES_CELL_NONE;

  return acies_board_cell_at (board,
                              acies_board_get_width (board) / 2,
                              acies_board_get_height (board) / 2);
}

static void
acies_board_view_move_focus (AciesBoardView *self,
                             int             dcol,
                             int             drow)
{
  const AciesBoard *board;
  AciesCell next;
  int col = 0, row = 0;

  if (self->scenario == NULL || self->scenario->map.board == NULL)
    return;

  board = self->scenario->map.board;
  if (!acies_board_contains (board, self->focus_cell))
    {
      acies_board_view_set_focus_cell (self, acies_board_view_default_focus (self));
      return;
    }

  acies_board_cell_coords (board, self->focus_cell, &col, &row);
  next = acies_board_cell_at (board, col + dcol, row + drow);
  if (next == ACIES_CELL_NONE)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }

  acies_board_view_set_focus_cell (self, next);
}

static void
acies_board_view_activate_cell (AciesBoardView *self,
                                AciesCell       cell)
{
  if (self->scenario == NULL || !acies_board_contains (self->scenario->map.board, cell))
    return;

  acies_board_view_set_selected_cell (self, cell);
  g_signal_emit (self, signals[SIGNAL_CELL_ACTIVATED], 0, cell);
}

static void
acies_board_view_zoom_at (AciesBoardView *self,
                          double          zoom,
                          double          x,
                          double          y)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double size, ox, oy, bx, by, new_size, new_ox, new_oy;

  zoom = CLAMP (zoom, ACIES_BOARD_VIEW_ZOOM_MIN, ACIES_BOARD_VIEW_ZOOM_MAX);
  if (zoom == self->zoom)
    return;

  if (!acies_board_view_get_geometry (self, width, height, &size, &ox, &oy))
    {
      acies_board_view_set_zoom (self, zoom);
      return;
    }

  /* Keep the board point under (x, y) where it is. */
  bx = (x - ox) / size;
  by = (y - oy) / size;

  self->zoom = zoom;
  self->pan_x = 0;
  self->pan_y = 0;
  acies_board_view_get_geometry (self, width, height, &new_size, &new_ox, &new_oy);
  self->pan_x = (x - bx * new_size) - new_ox;
  self->pan_y = (y - by * new_size) - new_oy;

  if (self->zoom <= 1.0)
    {
      /* At or below the fitting size, the board stays centred. */
      self->pan_x = 0;
      self->pan_y = 0;
    }

  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

/* Input. */

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           AciesBoardView           *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
}

static void
leave_cb (GtkEventControllerMotion *controller,
          AciesBoardView           *self)
{
  self->pointer_inside = FALSE;
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           AciesBoardView           *self)
{
  GdkModifierType state;
  double step;

  if (self->scenario == NULL)
    return GDK_EVENT_PROPAGATE;

  state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  if (state & GDK_CONTROL_MASK)
    {
      double x = self->pointer_inside ? self->pointer_x : gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      double y = self->pointer_inside ? self->pointer_y : gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;

      acies_board_view_zoom_at (self, self->zoom * pow (1.1, -dy), x, y);
      return GDK_EVENT_STOP;
    }

  if (self->zoom <= 1.0)
    return GDK_EVENT_PROPAGATE;

  step = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL ? SCROLL_PAN_STEP : 1.0;
  if (state & GDK_SHIFT_MASK && dx == 0)
    {
      dx = dy;
      dy = 0;
    }
  self->pan_x -= dx * step;
  self->pan_y -= dy * step;
  gtk_widget_queue_draw (GTK_WIDGET (self));

  return GDK_EVENT_STOP;
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               AciesBoardView *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  if (button == GDK_BUTTON_SECONDARY)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  self->dragging = FALSE;
  self->drag_pan_x = self->pan_x;
  self->drag_pan_y = self->pan_y;

  if (gtk_widget_get_focus_on_click (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));

  /* Editing: a primary-button drag is a brush stroke; other buttons pan. */
  if (self->edit_mode && button == GDK_BUTTON_PRIMARY && self->scenario != NULL)
    {
      self->stroking = TRUE;
      g_signal_emit (self, signals[SIGNAL_STROKE_BEGIN], 0, x, y);
    }
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                AciesBoardView *self)
{
  double start_x = 0, start_y = 0;

  if (self->stroking)
    {
      gtk_gesture_drag_get_start_point (gesture, &start_x, &start_y);
      g_signal_emit (self, signals[SIGNAL_STROKE_UPDATE], 0, start_x + offset_x, start_y + offset_y);
      return;
    }

  if (!self->dragging)
    {
      gtk_gesture_drag_get_start_point (gesture, &start_x, &start_y);
      if (!gtk_drag_check_threshold (GTK_WIDGET (self),
                                     start_x, start_y,
                                     start_x + offset_x, start_y + offset_y))
        return;

      self->dragging = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }

  self->pan_x = self->drag_pan_x + offset_x;
  self->pan_y = self->drag_pan_y + offset_y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             AciesBoardView *self)
{
  double start_x = 0, start_y = 0;
  guint button;
  AciesCell cell;

  if (self->stroking)
    {
      self->stroking = FALSE;
      gtk_gesture_drag_get_start_point (gesture, &start_x, &start_y);
      g_signal_emit (self, signals[SIGNAL_STROKE_END], 0, start_x + offset_x, start_y + offset_y);
      cell = acies_board_view_cell_at_point (self, start_x + offset_x, start_y + offset_y);
      if (cell != ACIES_CELL_NONE)
        acies_board_view_set_focus_cell (self, cell);
      return;
    }

  if (self->dragging)
    {
      self->dragging = FALSE;
      gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
      return;
    }

  /* No movement past the threshold: a click, which selects the cell. */
  button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  if (button != GDK_BUTTON_PRIMARY)
    return;

  gtk_gesture_drag_get_start_point (gesture, &start_x, &start_y);
  cell = acies_board_view_cell_at_point (self, start_x + offset_x, start_y + offset_y);
  if (cell == ACIES_CELL_NONE)
    return;

  acies_board_view_set_focus_cell (self, cell);
  acies_board_view_activate_cell (self, cell);
}

static void
zoom_begin_cb (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               AciesBoardView   *self)
{
  self->pinch_zoom = self->zoom;
}

static void
zoom_scale_changed_cb (GtkGestureZoom *gesture,
                       double          scale,
                       AciesBoardView *self)
{
  double x = 0, y = 0;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }

  acies_board_view_zoom_at (self, self->pinch_zoom * scale, x, y);
}

static void
focus_changed_cb (GtkEventControllerFocus *controller,
                  AciesBoardView          *self)
{
  if (gtk_widget_has_focus (GTK_WIDGET (self)) &&
      self->focus_cell == ACIES_CELL_NONE)
    acies_board_view_set_focus_cell (self, acies_board_view_default_focus (self));

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
style_dark_changed_cb (AciesBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
move_focus_binding_cb (GtkWidget *widget,
                       GVariant  *args,
                       gpointer   user_data)
{
  int dcol = 0, drow = 0;

  g_variant_get (args, "(ii)", &dcol, &drow);
  acies_board_view_move_focus (ACIES_BOARD_VIEW (widget), dcol, drow);

  return TRUE;
}

static gboolean
activate_binding_cb (GtkWidget *widget,
                     GVariant  *args,
                     gpointer   user_data)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (widget);

  if (self->focus_cell == ACIES_CELL_NONE)
    return FALSE;

  acies_board_view_activate_cell (self, self->focus_cell);
  return TRUE;
}

static void
zoom_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (widget);

  if (g_str_equal (action_name, "board.zoom-in"))
    acies_board_view_zoom_in (self);
  else if (g_str_equal (action_name, "board.zoom-out"))
    acies_board_view_zoom_out (self);
  else
    acies_board_view_zoom_reset (self);
}

/* GtkWidget. */

static void
acies_board_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (widget);
  AciesRenderOptions options;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (!acies_board_view_fill_options (self, &options))
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  /* During a stroke the board comes from the render cache of the map as it
   * was, with the painted cells drawn over it; the full drawing follows at
   * the end of the stroke. */
  acies_render_board (cr, self->preview ? self->preview : self->scenario,
                      self->catalogue, width, height, &options);
  acies_board_view_preview_snapshot (self, cr, &options);
  acies_board_view_play_snapshot (self, cr, width, height, &options);
  cairo_destroy (cr);

  self->draw_count++;
}

static void
acies_board_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  *minimum = 120;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 800 : 600;
}

static void
acies_board_view_dispose (GObject *object)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (object);

  g_clear_pointer (&self->scenario, acies_scenario_unref);
  g_clear_pointer (&self->catalogue, acies_catalogue_unref);

  G_OBJECT_CLASS (acies_board_view_parent_class)->dispose (object);
}

static void
acies_board_view_finalize (GObject *object)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (object);

  g_clear_pointer (&self->cache, acies_render_cache_free);
  g_clear_pointer (&self->highlight, g_array_unref);
  g_clear_pointer (&self->preview, acies_scenario_unref);

  G_OBJECT_CLASS (acies_board_view_parent_class)->finalize (object);
}

static void
acies_board_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      g_value_set_boxed (value, self->scenario);
      break;

    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;

    case PROP_SELECTED_CELL:
      g_value_set_int (value, self->selected_cell);
      break;

    case PROP_FOCUS_CELL:
      g_value_set_int (value, self->focus_cell);
      break;

    case PROP_EDIT_MODE:
      g_value_set_boolean (value, self->edit_mode);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_board_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      acies_board_view_set_scenario (self, g_value_get_boxed (value));
      break;

    case PROP_ZOOM:
      acies_board_view_set_zoom (self, g_value_get_double (value));
      break;

    case PROP_SELECTED_CELL:
      acies_board_view_set_selected_cell (self, g_value_get_int (value));
      break;

    case PROP_FOCUS_CELL:
      acies_board_view_set_focus_cell (self, g_value_get_int (value));
      break;

    case PROP_EDIT_MODE:
      acies_board_view_set_edit_mode (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
add_move_binding (GtkWidgetClass *widget_class,
                  guint           keyval,
                  guint           kp_keyval,
                  int             dcol,
                  int             drow)
{
  gtk_widget_class_add_binding (widget_class, keyval, 0,
                                move_focus_binding_cb, "(ii)", dcol, drow);
  gtk_widget_class_add_binding (widget_class, kp_keyval, 0,
                                move_focus_binding_cb, "(ii)", dcol, drow);
}

static void
acies_board_view_class_init (AciesBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acies_board_view_dispose;
  object_class->finalize = acies_board_view_finalize;
  object_class->get_property = acies_board_view_get_property;
  object_class->set_property = acies_board_view_set_property;

  widget_class->snapshot = acies_board_view_snapshot;
  widget_class->measure = acies_board_view_measure;

  /**
   * AciesBoardView:scenario:
   *
   * The scenario whose board is shown, or %NULL.
   */
  properties[PROP_SCENARIO] =
    g_param_spec_boxed ("scenario", NULL, NULL,
                        ACIES_TYPE_SCENARIO,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesBoardView:zoom:
   *
   * The zoom factor: 1.0 fits the whole board in the widget.
   */
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL,
                         ACIES_BOARD_VIEW_ZOOM_MIN, ACIES_BOARD_VIEW_ZOOM_MAX, 1.0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesBoardView:selected-cell:
   *
   * The selected cell, or %ACIES_CELL_NONE (-1).
   */
  properties[PROP_SELECTED_CELL] =
    g_param_spec_int ("selected-cell", NULL, NULL,
                      -1, G_MAXINT, ACIES_CELL_NONE,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesBoardView:focus-cell:
   *
   * The keyboard focus cell, or %ACIES_CELL_NONE (-1).
   */
  properties[PROP_FOCUS_CELL] =
    g_param_spec_int ("focus-cell", NULL, NULL,
                      -1, G_MAXINT, ACIES_CELL_NONE,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesBoardView:edit-mode:
   *
   * While %TRUE, a drag with the primary button is a stroke of an editing
   * tool (#AciesBoardView::stroke-begin, -update, -end) and the other
   * buttons pan.
   */
  properties[PROP_EDIT_MODE] =
    g_param_spec_boolean ("edit-mode", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AciesBoardView::stroke-begin:
   * @self: the board view
   * @x: widget coordinate, pixels
   * @y: widget coordinate, pixels
   *
   * In edit mode: the primary button went down on the board.
   */
  signals[SIGNAL_STROKE_BEGIN] =
    g_signal_new ("stroke-begin", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * AciesBoardView::stroke-update:
   * @self: the board view
   * @x: widget coordinate, pixels
   * @y: widget coordinate, pixels
   *
   * In edit mode: the pointer moved during a stroke.
   */
  signals[SIGNAL_STROKE_UPDATE] =
    g_signal_new ("stroke-update", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * AciesBoardView::stroke-end:
   * @self: the board view
   * @x: widget coordinate, pixels
   * @y: widget coordinate, pixels
   *
   * In edit mode: the primary button was released.
   */
  signals[SIGNAL_STROKE_END] =
    g_signal_new ("stroke-end", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * AciesBoardView::cell-activated:
   * @self: the board view
   * @cell: the cell clicked, or chosen with Enter or Space
   *
   * Emitted when the user selects a cell with a click or the keyboard.
   */
  signals[SIGNAL_CELL_ACTIVATED] =
    g_signal_new ("cell-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_install_action (widget_class, "board.zoom-in", NULL, zoom_action_cb);
  gtk_widget_class_install_action (widget_class, "board.zoom-out", NULL, zoom_action_cb);
  gtk_widget_class_install_action (widget_class, "board.zoom-reset", NULL, zoom_action_cb);

  add_move_binding (widget_class, GDK_KEY_Up, GDK_KEY_KP_Up, 0, -1);
  add_move_binding (widget_class, GDK_KEY_Down, GDK_KEY_KP_Down, 0, 1);
  add_move_binding (widget_class, GDK_KEY_Left, GDK_KEY_KP_Left, -1, 0);
  add_move_binding (widget_class, GDK_KEY_Right, GDK_KEY_KP_Right, 1, 0);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Return, 0, activate_binding_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Enter, 0, activate_binding_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_space, 0, activate_binding_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Space, 0, activate_binding_cb, NULL);

  gtk_widget_class_set_css_name (widget_class, "boardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
acies_board_view_init (AciesBoardView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  self->cache = acies_render_cache_new ();
  self->zoom = 1.0;
  self->selected_cell = ACIES_CELL_NONE;
  self->focus_cell = ACIES_CELL_NONE;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (zoom_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (focus_changed_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (focus_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (style_dark_changed_cb), self,
                           G_CONNECT_SWAPPED);

  acies_board_view_update_accessible (self);
}

/**
 * acies_board_view_new:
 *
 * Returns: (transfer floating): a new, empty board view
 */
GtkWidget *
acies_board_view_new (void)
{
  return g_object_new (ACIES_TYPE_BOARD_VIEW, NULL);
}

/**
 * acies_board_view_get_scenario:
 * @self: a board view
 *
 * Returns: (transfer none) (nullable): the scenario shown
 */
AciesScenario *
acies_board_view_get_scenario (AciesBoardView *self)
{
  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), NULL);

  return self->scenario;
}

/**
 * acies_board_view_set_scenario:
 * @self: a board view
 * @scenario: (nullable): the scenario to show; the view takes a reference
 *
 * Shows @scenario's board, fitted to the widget, with its ruleset's bundled
 * catalogue for terrain colours and unit types.  Resets zoom, pan,
 * selection and focus cell.
 */
void
acies_board_view_set_scenario (AciesBoardView *self,
                               AciesScenario  *scenario)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  if (self->scenario == scenario)
    return;

  g_clear_pointer (&self->scenario, acies_scenario_unref);
  g_clear_pointer (&self->catalogue, acies_catalogue_unref);

  if (scenario != NULL)
    {
      AciesCatalogue *catalogue = NULL;

      self->scenario = acies_scenario_ref (scenario);
      if (scenario->ruleset != NULL)
        catalogue = acies_catalogue_get_bundled (scenario->ruleset);
      if (catalogue != NULL)
        self->catalogue = acies_catalogue_ref (catalogue);
      else
        g_debug ("No bundled catalogue for ruleset “%s”", scenario->ruleset);
    }

  g_object_freeze_notify (G_OBJECT (self));

  self->pan_x = 0;
  self->pan_y = 0;
  if (self->zoom != 1.0)
    {
      self->zoom = 1.0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }
  if (self->selected_cell != ACIES_CELL_NONE)
    {
      self->selected_cell = ACIES_CELL_NONE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_CELL]);
    }
  if (self->focus_cell != ACIES_CELL_NONE)
    {
      self->focus_cell = ACIES_CELL_NONE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOCUS_CELL]);
    }
  if (self->scenario != NULL && gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      self->focus_cell = acies_board_view_default_focus (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOCUS_CELL]);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
  g_object_thaw_notify (G_OBJECT (self));

  acies_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_get_zoom:
 * @self: a board view
 *
 * Returns: the zoom factor; 1.0 fits the board in the widget
 */
double
acies_board_view_get_zoom (AciesBoardView *self)
{
  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), 1.0);

  return self->zoom;
}

/**
 * acies_board_view_set_zoom:
 * @self: a board view
 * @zoom: the zoom factor, clamped to %ACIES_BOARD_VIEW_ZOOM_MIN …
 *   %ACIES_BOARD_VIEW_ZOOM_MAX
 *
 * Zooms around the centre of the widget.
 */
void
acies_board_view_set_zoom (AciesBoardView *self,
                           double          zoom)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  zoom = CLAMP (zoom, ACIES_BOARD_VIEW_ZOOM_MIN, ACIES_BOARD_VIEW_ZOOM_MAX);
  if (zoom == self->zoom)
    return;

  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0 && self->scenario != NULL)
    {
      acies_board_view_zoom_at (self, zoom,
                                gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                                gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
      return;
    }

  self->zoom = zoom;
  if (zoom <= 1.0)
    self->pan_x = self->pan_y = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

/**
 * acies_board_view_zoom_in:
 * @self: a board view
 *
 * Zooms in one step (× 1.25) around the centre.
 */
void
acies_board_view_zoom_in (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  acies_board_view_set_zoom (self, self->zoom * ZOOM_STEP);
}

/**
 * acies_board_view_zoom_out:
 * @self: a board view
 *
 * Zooms out one step (÷ 1.25) around the centre.
 */
void
acies_board_view_zoom_out (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  acies_board_view_set_zoom (self, self->zoom / ZOOM_STEP);
}

/**
 * acies_board_view_zoom_reset:
 * @self: a board view
 *
 * Fits the whole board in the widget again and forgets the pan.
 */
void
acies_board_view_zoom_reset (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  self->pan_x = 0;
  self->pan_y = 0;
  if (self->zoom != 1.0)
    {
      self->zoom = 1.0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_get_selected_cell:
 * @self: a board view
 *
 * Returns: the selected cell, or %ACIES_CELL_NONE
 */
AciesCell
acies_board_view_get_selected_cell (AciesBoardView *self)
{
  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), ACIES_CELL_NONE);

  return self->selected_cell;
}

/**
 * acies_board_view_set_selected_cell:
 * @self: a board view
 * @cell: a cell of the board, or %ACIES_CELL_NONE
 *
 * Selects @cell; a cell outside the board selects nothing.
 */
void
acies_board_view_set_selected_cell (AciesBoardView *self,
                                    AciesCell       cell)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  if (self->scenario == NULL || !acies_board_contains (self->scenario->map.board, cell))
    cell = ACIES_CELL_NONE;

  if (self->selected_cell == cell)
    return;

  self->selected_cell = cell;
  acies_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_CELL]);
}

/**
 * acies_board_view_get_focus_cell:
 * @self: a board view
 *
 * Returns: the keyboard focus cell, or %ACIES_CELL_NONE
 */
AciesCell
acies_board_view_get_focus_cell (AciesBoardView *self)
{
  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), ACIES_CELL_NONE);

  return self->focus_cell;
}

/**
 * acies_board_view_set_focus_cell:
 * @self: a board view
 * @cell: a cell of the board, or %ACIES_CELL_NONE
 *
 * Moves the keyboard focus cell, which the renderer draws while the widget
 * has the keyboard focus, and pans so that it is in view.
 */
void
acies_board_view_set_focus_cell (AciesBoardView *self,
                                 AciesCell       cell)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  if (self->scenario == NULL || !acies_board_contains (self->scenario->map.board, cell))
    cell = ACIES_CELL_NONE;

  if (self->focus_cell == cell)
    return;

  self->focus_cell = cell;
  if (cell != ACIES_CELL_NONE && self->zoom > 1.0)
    acies_board_view_scroll_to_cell (self, cell);

  acies_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOCUS_CELL]);
}

/**
 * acies_board_view_cell_at_point:
 * @self: a board view
 * @x: widget coordinate, pixels
 * @y: widget coordinate, pixels
 *
 * Returns: the cell drawn at (@x, @y), or %ACIES_CELL_NONE
 */
AciesCell
acies_board_view_cell_at_point (AciesBoardView *self,
                                double          x,
                                double          y)
{
  AciesRenderOptions options;

  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), ACIES_CELL_NONE);

  if (!acies_board_view_fill_options (self, &options))
    return ACIES_CELL_NONE;

  return acies_render_cell_at_point (self->scenario,
                                     gtk_widget_get_width (GTK_WIDGET (self)),
                                     gtk_widget_get_height (GTK_WIDGET (self)),
                                     &options, x, y);
}

guint
acies_board_view_get_draw_count (AciesBoardView *self)
{
  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), 0);

  return self->draw_count;
}

/* ------------------------------------------------------------------------
 * Play mode overlays
 *
 * The play mode (app/gui/play/) shows the units of a game state instead of
 * the scenario's set-up, the legal destinations with their cost, attack
 * targets, a path preview and markers (engaged, exhausted…).  The data is
 * kept on the widget as object data so that the editor's struct stays as
 * it is; the two hooks above (fill_options, snapshot) read it.
 * ------------------------------------------------------------------------ */

#define PLAY_OVERLAY_KEY "acies-board-view-play-overlay"

typedef struct
{
  GPtrArray *units;          /* AciesUnit *, borrowed from the caller's views, or NULL */
  GPtrArray *leaders;        /* AciesLeader *, borrowed likewise, or NULL */
  GArray    *destinations;   /* AciesCell */
  GStrv      costs;          /* one per destination, or NULL */
  GArray    *targets;        /* AciesCell */
  GArray    *path;           /* AciesCell, in order */
  GArray    *marker_cells;   /* AciesCell */
  GStrv      marker_texts;   /* one per marker cell */
  GStrv      unit_texts;     /* per play unit: its markers, "" for none */
  GArray    *unit_marks;     /* guint AciesPlayMark per play unit */
} PlayOverlay;

/* Where a play unit's counter is drawn, in widget pixels. */
typedef AciesUnitPlace PlayPlace;

static void
play_overlay_free (PlayOverlay *overlay)
{
  g_clear_pointer (&overlay->units, g_ptr_array_unref);
  g_clear_pointer (&overlay->leaders, g_ptr_array_unref);
  g_clear_pointer (&overlay->destinations, g_array_unref);
  g_clear_pointer (&overlay->costs, g_strfreev);
  g_clear_pointer (&overlay->targets, g_array_unref);
  g_clear_pointer (&overlay->path, g_array_unref);
  g_clear_pointer (&overlay->marker_cells, g_array_unref);
  g_clear_pointer (&overlay->marker_texts, g_strfreev);
  g_clear_pointer (&overlay->unit_texts, g_strfreev);
  g_clear_pointer (&overlay->unit_marks, g_array_unref);
  g_free (overlay);
}

static PlayOverlay *
play_overlay_get (AciesBoardView *self,
                  gboolean        create)
{
  PlayOverlay *overlay = g_object_get_data (G_OBJECT (self), PLAY_OVERLAY_KEY);

  if (overlay == NULL && create)
    {
      overlay = g_new0 (PlayOverlay, 1);
      g_object_set_data_full (G_OBJECT (self), PLAY_OVERLAY_KEY, overlay,
                              (GDestroyNotify) play_overlay_free);
    }

  return overlay;
}

static GArray *
copy_cells (const GArray *cells)
{
  GArray *copy = g_array_new (FALSE, FALSE, sizeof (AciesCell));

  if (cells != NULL && cells->len > 0)
    g_array_append_vals (copy, cells->data, cells->len);

  return copy;
}

static void
acies_board_view_play_fill_options (AciesBoardView     *self,
                                    AciesRenderOptions *options)
{
  PlayOverlay *overlay = play_overlay_get (self, FALSE);

  if (overlay == NULL)
    return;

  options->units = overlay->units;
  options->leaders = overlay->leaders;
  if (overlay->destinations != NULL && overlay->destinations->len > 0)
    options->highlight_cells = overlay->destinations;
}

static void
play_text_at (cairo_t    *cr,
              const char *text,
              double      x,
              double      y,
              double      size,
              gboolean    dark)
{
  cairo_text_extents_t extents;
  double pad = size * 0.25;

  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &extents);
  cairo_rectangle (cr, x - extents.width / 2 - pad, y - size / 2 - pad,
                   extents.width + 2 * pad, size + 2 * pad);
  if (dark)
    cairo_set_source_rgba (cr, 0.12, 0.12, 0.12, 0.85);
  else
    cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_fill (cr);
  if (dark)
    cairo_set_source_rgb (cr, 1, 1, 1);
  else
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_move_to (cr, x - extents.width / 2 - extents.x_bearing,
                 y - extents.height / 2 - extents.y_bearing);
  cairo_show_text (cr, text);
  cairo_restore (cr);
}

/* Where each unit of @units is drawn (cell size @s, board origin @ox,
 * @oy), from the renderer's own layout; a counter covered by four others
 * of its stack is not shown, so no marker lands on it. */
static GArray *
play_unit_places (AciesBoardView *self,
                  GPtrArray      *units,
                  double          s,
                  double          ox,
                  double          oy)
{
  GArray *places = acies_render_place_units (self->scenario->map.board, units, s, ox, oy);

  for (guint i = 0; i < places->len; i++)
    {
      PlayPlace *p = &g_array_index (places, PlayPlace, i);

      p->shown = p->shown && !p->covered;
    }
  return places;
}

static void
mark_outline (cairo_t *cr,
              double   x,
              double   y,
              double   size,
              double   width,
              double   r,
              double   g,
              double   b)
{
  double half = size / 2 + width;

  cairo_save (cr);
  cairo_set_line_width (cr, width);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_rectangle (cr, x - half, y - half, 2 * half, 2 * half);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/**
 * acies_board_view_draw_play_marks:
 * @cr: a cairo context
 * @x: the counter's centre, in @cr's units (pixels)
 * @y: the counter's centre
 * @size: the counter's side, in pixels
 * @marks: #AciesPlayMark flags
 *
 * Draws a counter's play marks as the board draws them, for counters
 * shown elsewhere too (the play window's off-map box): an amber outline
 * for a group selected together, a blue one for the selected unit, a
 * star at the upper left corner for the lead unit.
 */
void
acies_board_view_draw_play_marks (cairo_t *cr,
                                  double   x,
                                  double   y,
                                  double   size,
                                  guint    marks)
{
  double line = MAX (2.0, size * 0.07);

  /* Amber for a group, blue for the selected unit: both visible on a
   * light and a dark board. */
  if (marks & ACIES_PLAY_MARK_GROUP)
    mark_outline (cr, x, y, size, line, 0.96, 0.76, 0.07);
  if (marks & ACIES_PLAY_MARK_SELECTED)
    mark_outline (cr, x, y, size, (marks & ACIES_PLAY_MARK_GROUP) ? line / 2 : line, 0.21, 0.52, 0.89);
  if (marks & ACIES_PLAY_MARK_LEAD)
    {
      double r = MAX (4.0, size * 0.16);
      double sx = x - size / 2 + r * 0.2, sy = y - size / 2 + r * 0.2;

      cairo_save (cr);
      cairo_new_path (cr);
      for (guint k = 0; k < 10; k++)
        {
          double a = -G_PI / 2 + k * G_PI / 5;
          double rr = k % 2 == 0 ? r : r * 0.45;

          cairo_line_to (cr, sx + rr * cos (a), sy + rr * sin (a));
        }
      cairo_close_path (cr);
      cairo_set_source_rgb (cr, 0.96, 0.76, 0.07);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, MAX (1.0, r * 0.15));
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

/* Per-unit marks: an outline around the counters of a group selected
 * together (and the selected unit), a star at the lead unit's upper left
 * corner, and each unit's marker words under its own counter. */
static void
play_unit_marks_snapshot (AciesBoardView           *self,
                          PlayOverlay              *overlay,
                          cairo_t                  *cr,
                          const AciesRenderOptions *options)
{
  g_autoptr(GArray) places = NULL;

  if (overlay->units == NULL || (overlay->unit_texts == NULL && overlay->unit_marks == NULL))
    return;
  places = play_unit_places (self, overlay->units, options->cell_size,
                             options->offset_x, options->offset_y);

  for (guint i = 0; overlay->unit_marks != NULL && i < overlay->unit_marks->len && i < places->len; i++)
    {
      const PlayPlace *p = &g_array_index (places, PlayPlace, i);
      guint marks = g_array_index (overlay->unit_marks, guint, i);

      if (!p->shown)
        continue;
      acies_board_view_draw_play_marks (cr, p->x, p->y, p->size, marks);
    }

  for (guint i = 0; overlay->unit_texts != NULL && overlay->unit_texts[i] != NULL && i < places->len; i++)
    {
      const PlayPlace *p = &g_array_index (places, PlayPlace, i);

      if (!p->shown || overlay->unit_texts[i][0] == '\0')
        continue;
      /* Under the counter, sized to it: a zone's small counters keep
       * their markers apart. */
      play_text_at (cr, overlay->unit_texts[i], p->x, p->y + p->size * 0.5 + CLAMP (p->size * 0.14, 5.0, 9.0),
                    CLAMP (p->size * 0.2, 7.0, 12.0), options->dark);
    }
}

static void
acies_board_view_play_snapshot (AciesBoardView           *self,
                                cairo_t                  *cr,
                                int                       width,
                                int                       height,
                                const AciesRenderOptions *options)
{
  PlayOverlay *overlay = play_overlay_get (self, FALSE);
  double size = options->cell_size;
  double x, y;

  if (overlay == NULL || self->scenario == NULL)
    return;

  /* The path preview: a line through the cells' centres. */
  if (overlay->path != NULL && overlay->path->len > 1)
    {
      cairo_save (cr);
      cairo_set_line_width (cr, MAX (2.0, size * 0.08));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
      for (guint i = 0; i < overlay->path->len; i++)
        if (acies_render_cell_center (self->scenario, width, height, options,
                                      g_array_index (overlay->path, AciesCell, i), &x, &y))
          {
            if (i == 0)
              cairo_move_to (cr, x, y);
            else
              cairo_line_to (cr, x, y);
          }
      cairo_stroke (cr);
      cairo_restore (cr);
    }

  /* Attack targets: a red ring. */
  for (guint i = 0; overlay->targets != NULL && i < overlay->targets->len; i++)
    if (acies_render_cell_center (self->scenario, width, height, options,
                                  g_array_index (overlay->targets, AciesCell, i), &x, &y))
      {
        cairo_save (cr);
        cairo_set_line_width (cr, MAX (2.0, size * 0.07));
        cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.9);
        cairo_arc (cr, x, y, size * 0.46, 0, 2 * G_PI);
        cairo_stroke (cr);
        cairo_restore (cr);
      }

  /* The cost of each destination, at the bottom of its cell. */
  for (guint i = 0; overlay->destinations != NULL && overlay->costs != NULL
       && i < overlay->destinations->len && overlay->costs[i] != NULL; i++)
    if (overlay->costs[i][0] != '\0'
        && acies_render_cell_center (self->scenario, width, height, options,
                                     g_array_index (overlay->destinations, AciesCell, i), &x, &y))
      play_text_at (cr, overlay->costs[i], x, y + MIN (size * 0.3, 40.0),
                    CLAMP (size * 0.18, 8.0, 14.0), options->dark);

  /* Markers, outlines and lead marks of each unit, on its own counter. */
  play_unit_marks_snapshot (self, overlay, cr, options);

  /* Markers by cell (engaged, exhausted…), at the top of their cell. */
  for (guint i = 0; overlay->marker_cells != NULL && overlay->marker_texts != NULL
       && i < overlay->marker_cells->len && overlay->marker_texts[i] != NULL; i++)
    if (acies_render_cell_center (self->scenario, width, height, options,
                                  g_array_index (overlay->marker_cells, AciesCell, i), &x, &y))
      /* Capped: a zone board's cells are large, a marker stays small. */
      play_text_at (cr, overlay->marker_texts[i], x, y - MIN (size * 0.36, 40.0),
                    CLAMP (size * 0.15, 7.0, 13.0), options->dark);
}

/**
 * acies_board_view_set_play_units:
 * @self: a board view
 * @units: (nullable) (element-type AciesUnit): the units to draw instead of
 *   the scenario's set-up (views of a game state, borrowed: the caller
 *   keeps them alive while they are shown), or %NULL for the set-up
 *
 * Shows the units of a game (play mode).  An empty array shows no units
 * (the hand-over curtain).
 */
void
acies_board_view_set_play_units (AciesBoardView *self,
                                 GPtrArray      *units)
{
  PlayOverlay *overlay;

  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  overlay = play_overlay_get (self, TRUE);
  if (units != NULL)
    g_ptr_array_ref (units);
  g_clear_pointer (&overlay->units, g_ptr_array_unref);
  overlay->units = units;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_set_play_leaders:
 * @self: a board view
 * @leaders: (nullable) (element-type AciesLeader): the leaders to draw
 *   instead of the scenario's (views of a game state, borrowed like the
 *   units of acies_board_view_set_play_units()), or %NULL for the
 *   scenario's
 *
 * Shows where a game's leaders stand now (a Hero on his bodyguard's
 * counter); a leader not in the array is not drawn, so one killed or lost
 * leaves the board.
 */
void
acies_board_view_set_play_leaders (AciesBoardView *self,
                                   GPtrArray      *leaders)
{
  PlayOverlay *overlay;

  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  overlay = play_overlay_get (self, TRUE);
  if (leaders != NULL)
    g_ptr_array_ref (leaders);
  g_clear_pointer (&overlay->leaders, g_ptr_array_unref);
  overlay->leaders = leaders;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_set_play_cells:
 * @self: a board view
 * @destinations: (nullable) (element-type AciesCell): legal destinations
 * @costs: (nullable): the cost shown in each destination ("2"), one per
 *   destination, or %NULL
 * @targets: (nullable) (element-type AciesCell): cells of attack targets
 * @path: (nullable) (element-type AciesCell): a path preview, in order
 *
 * Sets the play mode's highlights; the arrays are copied.
 */
void
acies_board_view_set_play_cells (AciesBoardView     *self,
                                 const GArray       *destinations,
                                 const char * const *costs,
                                 const GArray       *targets,
                                 const GArray       *path)
{
  PlayOverlay *overlay;

  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  overlay = play_overlay_get (self, TRUE);
  g_clear_pointer (&overlay->destinations, g_array_unref);
  g_clear_pointer (&overlay->costs, g_strfreev);
  g_clear_pointer (&overlay->targets, g_array_unref);
  g_clear_pointer (&overlay->path, g_array_unref);
  overlay->destinations = copy_cells (destinations);
  overlay->costs = g_strdupv ((char **) costs);
  overlay->targets = copy_cells (targets);
  overlay->path = copy_cells (path);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_set_play_markers:
 * @self: a board view
 * @cells: (nullable) (element-type AciesCell): cells with a marker
 * @texts: (nullable): the marker's short text per cell ("Engaged")
 *
 * Sets the markers drawn over the counters; the arrays are copied.
 */
void
acies_board_view_set_play_markers (AciesBoardView     *self,
                                   const GArray       *cells,
                                   const char * const *texts)
{
  PlayOverlay *overlay;

  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  overlay = play_overlay_get (self, TRUE);
  g_clear_pointer (&overlay->marker_cells, g_array_unref);
  g_clear_pointer (&overlay->marker_texts, g_strfreev);
  overlay->marker_cells = copy_cells (cells);
  overlay->marker_texts = g_strdupv ((char **) texts);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_set_play_unit_marks:
 * @self: a board view
 * @texts: (nullable) (array zero-terminated=1): per play unit (in the
 *   order of acies_board_view_set_play_units()), its marker words
 *   ("engaged disordered"), "" for none
 * @marks: (nullable) (array length=n_marks): per play unit, its
 *   #AciesPlayMark flags
 * @n_marks: the length of @marks
 *
 * Sets the markers drawn on each unit's own counter, wherever the board
 * puts it (a stack, a zone's grid, across two hexes): the words under the
 * counter, an outline for a group selected together or the selected unit,
 * a star for the group's lead.  The arrays are copied.
 */
void
acies_board_view_set_play_unit_marks (AciesBoardView     *self,
                                      const char * const *texts,
                                      const guint        *marks,
                                      guint               n_marks)
{
  PlayOverlay *overlay;

  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  overlay = play_overlay_get (self, TRUE);
  g_clear_pointer (&overlay->unit_texts, g_strfreev);
  g_clear_pointer (&overlay->unit_marks, g_array_unref);
  overlay->unit_texts = g_strdupv ((char **) texts);
  overlay->unit_marks = g_array_new (FALSE, FALSE, sizeof (guint));
  if (marks != NULL && n_marks > 0)
    g_array_append_vals (overlay->unit_marks, marks, n_marks);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_get_play_unit_place:
 * @self: a board view
 * @index: a play unit's index in the array given to
 *   acies_board_view_set_play_units()
 * @x: (out) (optional): the centre of its counter, widget pixels
 * @y: (out) (optional): the centre of its counter, widget pixels
 * @size: (out) (optional): the counter's side, pixels
 *
 * Where the unit's counter, and so its markers, are drawn now.
 *
 * Returns: %FALSE when the unit is not drawn (off the board, deep in a
 *   stack) or no board is shown
 */
gboolean
acies_board_view_get_play_unit_place (AciesBoardView *self,
                                      guint           index,
                                      double         *x,
                                      double         *y,
                                      double         *size)
{
  PlayOverlay *overlay;
  g_autoptr(GArray) places = NULL;
  double s, ox, oy;
  const PlayPlace *p;

  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), FALSE);

  overlay = play_overlay_get (self, FALSE);
  if (overlay == NULL || overlay->units == NULL || index >= overlay->units->len
      || !acies_board_view_get_geometry (self,
                                         gtk_widget_get_width (GTK_WIDGET (self)),
                                         gtk_widget_get_height (GTK_WIDGET (self)),
                                         &s, &ox, &oy))
    return FALSE;

  places = play_unit_places (self, overlay->units, s, ox, oy);
  p = &g_array_index (places, PlayPlace, index);
  if (!p->shown)
    return FALSE;
  if (x != NULL)
    *x = p->x;
  if (y != NULL)
    *y = p->y;
  if (size != NULL)
    *size = p->size;

  return TRUE;
}

/* Editing. */

/**
 * acies_board_view_get_edit_mode:
 * @self: a board view
 *
 * Returns: whether primary-button drags are tool strokes
 */
gboolean
acies_board_view_get_edit_mode (AciesBoardView *self)
{
  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), FALSE);

  return self->edit_mode;
}

/**
 * acies_board_view_set_edit_mode:
 * @self: a board view
 * @edit_mode: %TRUE to make primary-button drags tool strokes
 */
void
acies_board_view_set_edit_mode (AciesBoardView *self,
                                gboolean        edit_mode)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  edit_mode = !!edit_mode;
  if (self->edit_mode == edit_mode)
    return;

  self->edit_mode = edit_mode;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), edit_mode ? "crosshair" : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDIT_MODE]);
}

/**
 * acies_board_view_point_to_board:
 * @self: a board view
 * @x: widget coordinate, pixels
 * @y: widget coordinate, pixels
 * @bx: (out): board coordinate, in the units of acies_board_cell_center()
 * @by: (out): board coordinate
 *
 * Returns: %FALSE when no board is shown
 */
gboolean
acies_board_view_point_to_board (AciesBoardView *self,
                                 double          x,
                                 double          y,
                                 double         *bx,
                                 double         *by)
{
  double size, ox, oy;

  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), FALSE);

  if (!acies_board_view_get_geometry (self,
                                      gtk_widget_get_width (GTK_WIDGET (self)),
                                      gtk_widget_get_height (GTK_WIDGET (self)),
                                      &size, &ox, &oy))
    return FALSE;

  *bx = (x - ox) / size;
  *by = (y - oy) / size;
  return TRUE;
}

static double
segment_distance (double px, double py,
                  double x1, double y1,
                  double x2, double y2)
{
  double dx = x2 - x1, dy = y2 - y1;
  double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - x1) * dx + (py - y1) * dy) / len2 : 0;

  t = CLAMP (t, 0.0, 1.0);
  return hypot (px - (x1 + t * dx), py - (y1 + t * dy));
}

/**
 * acies_board_view_edge_at_point:
 * @self: a board view
 * @x: widget coordinate, pixels
 * @y: widget coordinate, pixels
 *
 * Finds the edge (hexside, square side, zone border) of the cell under
 * the pointer that lies nearest to it, with the board's edge geometry
 * (acies_board_edge_segment()).
 *
 * Returns: the edge, or %ACIES_EDGE_NONE off the board
 */
AciesEdge
acies_board_view_edge_at_point (AciesBoardView *self,
                                double          x,
                                double          y)
{
  const AciesBoard *board;
  AciesCell cell;
  AciesEdge best = ACIES_EDGE_NONE;
  double bx, by, best_distance = G_MAXDOUBLE;

  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), ACIES_EDGE_NONE);

  if (!acies_board_view_point_to_board (self, x, y, &bx, &by))
    return ACIES_EDGE_NONE;

  board = self->scenario->map.board;
  cell = acies_board_cell_at_point (board, bx, by);
  if (cell == ACIES_CELL_NONE)
    return ACIES_EDGE_NONE;

  for (guint d = 0; d < acies_board_get_n_directions (board); d++)
    {
      AciesEdge edge = acies_board_edge_of (board, cell, d);
      double x1, y1, x2, y2, distance;

      if (edge == ACIES_EDGE_NONE)
        continue;
      acies_board_edge_segment (board, edge, &x1, &y1, &x2, &y2);
      distance = segment_distance (bx, by, x1, y1, x2, y2);
      if (distance < best_distance)
        {
          best_distance = distance;
          best = edge;
        }
    }

  return best;
}

/**
 * acies_board_view_set_highlight:
 * @self: a board view
 * @cells: (nullable) (element-type AciesCell): cells to highlight (an
 *   area being painted, a selected unit's cells); copied
 */
void
acies_board_view_set_highlight (AciesBoardView *self,
                                GArray         *cells)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  g_clear_pointer (&self->highlight, g_array_unref);
  if (cells != NULL && cells->len > 0)
    {
      self->highlight = g_array_sized_new (FALSE, FALSE, sizeof (AciesCell), cells->len);
      g_array_append_vals (self->highlight, cells->data, cells->len);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_scenario_changed:
 * @self: a board view
 *
 * Tells the view that its scenario changed in place (an edit, undo or
 * redo): redraws, and drops a selection or focus cell the board lost.
 */
void
acies_board_view_scenario_changed (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  if (self->scenario != NULL)
    {
      if (self->selected_cell != ACIES_CELL_NONE &&
          !acies_board_contains (self->scenario->map.board, self->selected_cell))
        acies_board_view_set_selected_cell (self, ACIES_CELL_NONE);
      if (self->focus_cell != ACIES_CELL_NONE &&
          !acies_board_contains (self->scenario->map.board, self->focus_cell))
        acies_board_view_set_focus_cell (self, ACIES_CELL_NONE);
    }

  acies_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
preview_colour (cairo_t                *cr,
                const AciesTerrainType *type)
{
  GdkRGBA rgba;

  if (type == NULL || type->colour == NULL || !gdk_rgba_parse (&rgba, type->colour))
    gdk_rgba_parse (&rgba, "#808080");
  gdk_cairo_set_source_rgba (cr, &rgba);
}

static void
acies_board_view_preview_snapshot (AciesBoardView           *self,
                                   cairo_t                  *cr,
                                   const AciesRenderOptions *options)
{
  const AciesMap *now, *was;
  guint n_cells, n_edges;
  double size = options->cell_size;
  double xy[16];

  if (self->preview == NULL || self->scenario == NULL)
    return;

  now = &self->scenario->map;
  was = &self->preview->map;
  if (!acies_board_equal (now->board, was->board))
    return;

  /* Cells whose terrain, features or elevation changed since the stroke
   * began: their new terrain's colour, a mark for features and levels. */
  n_cells = acies_board_get_n_cells (now->board);
  cairo_save (cr);
  cairo_set_line_width (cr, MAX (1.0, size / 24.0));
  for (guint cell = 0; cell < n_cells; cell++)
    {
      guint n;
      gboolean features_changed;
      guint la = now->cell_features[cell] ? now->cell_features[cell]->len : 0;
      guint lb = was->cell_features[cell] ? was->cell_features[cell]->len : 0;

      features_changed = la != lb;
      if (now->terrain[cell] == was->terrain[cell] && !features_changed &&
          now->elevation[cell] == was->elevation[cell])
        continue;

      n = acies_board_cell_polygon (now->board, cell, xy);
      for (guint i = 0; i < n; i++)
        {
          double x = options->offset_x + xy[2 * i] * size;
          double y = options->offset_y + xy[2 * i + 1] * size;

          if (i == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      cairo_close_path (cr);
      preview_colour (cr, self->catalogue ? acies_catalogue_find_terrain (self->catalogue, now->terrain[cell]) : NULL);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
      cairo_stroke (cr);

      if (la > 0 || now->elevation[cell] != was->elevation[cell])
        {
          double cx, cy;
          g_autofree char *text = NULL;

          acies_board_cell_center (now->board, cell, &cx, &cy);
          cx = options->offset_x + cx * size;
          cy = options->offset_y + cy * size;
          if (la > 0)
            {
              preview_colour (cr, self->catalogue
                              ? acies_catalogue_find_cell_feature (self->catalogue, g_ptr_array_index (now->cell_features[cell], la - 1))
                              : NULL);
              cairo_arc (cr, cx, cy, size * 0.3, 0, 2 * G_PI);
              cairo_fill (cr);
            }
          if (now->elevation[cell] != 0)
            {
              text = g_strdup_printf ("%+d", now->elevation[cell]);
              cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
              cairo_set_font_size (cr, MAX (8.0, size * 0.45));
              cairo_move_to (cr, cx - size * 0.3, cy + size * 0.15);
              cairo_show_text (cr, text);
            }
        }
    }

  /* Edges that changed: the new features' colour along the edge. */
  n_edges = acies_board_get_n_edges (now->board);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, MAX (2.0, size / 7.0));
  for (guint edge = 0; edge < n_edges; edge++)
    {
      GPtrArray *a = now->edge_features[edge];
      GPtrArray *b = was->edge_features[edge];
      guint la = a ? a->len : 0, lb = b ? b->len : 0;
      double x1, y1, x2, y2;
      gboolean same = la == lb;

      for (guint i = 0; same && i < la; i++)
        same = g_ptr_array_index (a, i) == g_ptr_array_index (b, i);
      if (same)
        continue;

      acies_board_edge_segment (now->board, edge, &x1, &y1, &x2, &y2);
      if (la == 0)
        {
          cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
          cairo_move_to (cr, options->offset_x + x1 * size, options->offset_y + y1 * size);
          cairo_line_to (cr, options->offset_x + x2 * size, options->offset_y + y2 * size);
          cairo_stroke (cr);
        }
      /* Every feature of the edge, each narrower than the one below, so
       * that a ford drawn on a river shows on the river, not instead. */
      for (guint i = 0; i < la; i++)
        {
          cairo_save (cr);
          cairo_set_line_width (cr, MAX (1.5, size / 7.0 * (1.0 - 0.45 * i / la)));
          preview_colour (cr, self->catalogue ? acies_catalogue_find_edge_feature (self->catalogue, g_ptr_array_index (a, i)) : NULL);
          cairo_move_to (cr, options->offset_x + x1 * size, options->offset_y + y1 * size);
          cairo_line_to (cr, options->offset_x + x2 * size, options->offset_y + y2 * size);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
    }
  cairo_restore (cr);
}

/**
 * acies_board_view_begin_preview:
 * @self: a board view
 *
 * Starts a stroke preview: until acies_board_view_end_preview(), the
 * board is drawn from the render cache of the map as it is now, with the
 * cells and edges that the stroke changes drawn over it, so that each
 * frame of a brush stroke costs a copy of the cached layer and the
 * changed cells, not a full drawing of the map.
 */
void
acies_board_view_begin_preview (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  g_clear_pointer (&self->preview, acies_scenario_unref);
  if (self->scenario != NULL)
    self->preview = acies_scenario_copy (self->scenario);
}

/**
 * acies_board_view_end_preview:
 * @self: a board view
 *
 * Ends the stroke preview and draws the board in full again.
 */
void
acies_board_view_end_preview (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  if (self->preview == NULL)
    return;
  g_clear_pointer (&self->preview, acies_scenario_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
