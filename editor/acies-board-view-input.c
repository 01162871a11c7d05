/* acies-board-view-input.c
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

#include <adwaita.h>

#include "acies-board-view-private.h"

/* AciesBoardView's input: the pointer (zoom with Ctrl+scroll around the
 * pointer, pan with the wheel and by dragging, strokes of the editor's
 * tools in edit mode, a click to select), pinches, the keyboard (arrow
 * keys move the focus cell, Enter and Space select it) and the
 * board.zoom-* actions. */

#define SCROLL_PAN_STEP  48.0  /* pixels per wheel click */

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
      acies_board_view_emit_stroke (self, ACIES_BOARD_VIEW_STROKE_BEGIN, x, y);
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
      acies_board_view_emit_stroke (self, ACIES_BOARD_VIEW_STROKE_UPDATE, start_x + offset_x, start_y + offset_y);
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
      acies_board_view_emit_stroke (self, ACIES_BOARD_VIEW_STROKE_END, start_x + offset_x, start_y + offset_y);
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

/* The class's actions and key bindings. */
void
acies_board_view_class_init_input (GtkWidgetClass *widget_class)
{
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
}

/* An instance's event controllers. */
void
acies_board_view_init_input (AciesBoardView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

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
}
