/* acies-game-window-dnd.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <math.h>

#include "acies-game-window-private.h"

/* Dragging a counter: from a unit that may act to a square, the same as
 * clicking the unit, then the square (acies_play_session_drag_unit()).  A
 * drag that starts elsewhere is the board's (it pans).  This gesture sees
 * the events before the board's own (capture phase) and claims a drag
 * only once it starts on a selectable unit, which cancels the board's
 * pan.  With Shift it is the player's: a click picks the unit under the
 * pointer (or drops it from the picks), a drag draws a rubber band and
 * picks the units whose counters it covers (acies_play_session_pick_units()).
 * A counter dragged out of the off-map box is dropped on the board
 * through a drop target (its unit index as an int). */

/**
 * _acies_game_window_view_at_point:
 * @self: a game window
 * @x: board pixels
 * @y: board pixels
 *
 * Returns: the index in acies_play_session_get_views() of the counter
 *   drawn at (@x, @y) (the last drawn of those there: the top of a
 *   stack), or -1
 */
gint
_acies_game_window_view_at_point (AciesGameWindow *self,
                                  double           x,
                                  double           y)
{
  GPtrArray *views = acies_play_session_get_views (self->session);
  gint found = -1;

  for (guint i = 0; i < views->len; i++)
    {
      double cx, cy, size;

      if (!acies_board_view_get_play_unit_place (self->board, i, &cx, &cy, &size))
        continue;
      if (fabs (x - cx) <= size / 2 && fabs (y - cy) <= size / 2)
        found = i;
    }

  return found;
}

/* The unit whose counter is at (@x, @y), else the unit in that square. */
static gint
unit_at_point (AciesGameWindow *self,
               double           x,
               double           y)
{
  AciesPlaySession *session = self->session;
  gint view = _acies_game_window_view_at_point (self, x, y);
  gint unit = view >= 0 ? acies_play_session_get_view_unit (session, view) : -1;

  if (unit < 0)
    unit = acies_play_session_get_view_unit (session,
                                             acies_play_session_get_view_at_cell (session,
                                                                                  acies_board_view_cell_at_point (self->board, x, y)));
  return unit;
}

static void
draw_band (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        data)
{
  AciesGameWindow *self = data;
  GdkRGBA colour;

  if (!self->banding || self->band_rect.size.width < 1 || self->band_rect.size.height < 1)
    return;
  /* The accent colour, from style.css (.play-rubber-band). */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &colour);
  G_GNUC_END_IGNORE_DEPRECATIONS
  cairo_rectangle (cr, self->band_rect.origin.x + 0.5, self->band_rect.origin.y + 0.5,
                   self->band_rect.size.width, self->band_rect.size.height);
  cairo_set_source_rgba (cr, colour.red, colour.green, colour.blue, 0.2);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, colour.red, colour.green, colour.blue, 0.9);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* The units whose counters' centres lie in the band, in drawing order. */
static void
pick_in_band (AciesGameWindow *self)
{
  GPtrArray *views = acies_play_session_get_views (self->session);
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (gint));

  for (guint i = 0; i < views->len; i++)
    {
      double cx, cy, size;
      gint unit = acies_play_session_get_view_unit (self->session, i);

      if (unit < 0 || !acies_board_view_get_play_unit_place (self->board, i, &cx, &cy, &size))
        continue;
      if (graphene_rect_contains_point (&self->band_rect, &GRAPHENE_POINT_INIT (cx, cy)))
        g_array_append_val (units, unit);
    }
  acies_play_session_pick_units (self->session, (const gint *) units->data, units->len);
}

static void
drag_begin_cb (GtkGestureDrag  *gesture,
               double           x,
               double           y,
               AciesGameWindow *self)
{
  AciesPlaySession *session = self->session;
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  gint unit = unit_at_point (self, x, y);

  self->drag_unit = -1;
  self->banding = FALSE;
  if ((state & GDK_SHIFT_MASK) && !acies_play_session_get_curtain_shown (session)
      && !acies_play_session_get_finished (session))
    {
      /* Shift: a pick or a rubber band, not the board's click or pan. */
      self->banding = TRUE;
      graphene_rect_init (&self->band_rect, x, y, 0, 0);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }
  if (acies_play_session_get_curtain_shown (session) || acies_play_session_get_finished (session)
      || !acies_play_session_unit_may_act (session, unit))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->drag_unit = unit;
}

static gboolean
claimed (GtkGestureDrag *gesture)
{
  return gtk_gesture_get_sequence_state (GTK_GESTURE (gesture),
                                         gtk_gesture_single_get_current_sequence (GTK_GESTURE_SINGLE (gesture)))
         == GTK_EVENT_SEQUENCE_CLAIMED;
}

static void
drag_update_cb (GtkGestureDrag  *gesture,
                double           offset_x,
                double           offset_y,
                AciesGameWindow *self)
{
  double x = 0, y = 0;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (self->banding)
    {
      graphene_rect_init (&self->band_rect, x, y, offset_x, offset_y);
      graphene_rect_normalize (&self->band_rect);
      gtk_widget_queue_draw (self->band);
      return;
    }
  if (self->drag_unit < 0 || claimed (gesture))
    return;
  if (!gtk_drag_check_threshold (GTK_WIDGET (self->board), x, y, x + offset_x, y + offset_y))
    return;
  /* Ours now: the board does not pan (its click, if it reports one, is
   * ignored while drag_unit is set). */
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->board), "grabbing");
}

static void
drag_end_cb (GtkGestureDrag  *gesture,
             double           offset_x,
             double           offset_y,
             AciesGameWindow *self)
{
  gint unit = self->drag_unit;
  double x = 0, y = 0;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (self->banding)
    {
      self->banding = FALSE;
      gtk_widget_queue_draw (self->band);
      /* A Shift+click: the unit there joins the picks, or leaves them. */
      if (!gtk_drag_check_threshold (GTK_WIDGET (self->board), x, y, x + offset_x, y + offset_y))
        {
          gint picked = unit_at_point (self, x, y);

          if (picked >= 0)
            acies_play_session_toggle_pick (self->session, picked);
          return;
        }
      graphene_rect_init (&self->band_rect, x, y, offset_x, offset_y);
      graphene_rect_normalize (&self->band_rect);
      pick_in_band (self);
      return;
    }
  self->drag_unit = -1;
  if (unit < 0 || !claimed (gesture))
    return;
  gtk_widget_set_cursor (GTK_WIDGET (self->board), NULL);
  acies_play_session_drag_unit (self->session, unit,
                                acies_board_view_cell_at_point (self->board, x + offset_x, y + offset_y));
}

/* A counter dropped from the off-map box: as if dragged on the board. */
static gboolean
drop_cb (GtkDropTarget   *target,
         const GValue    *value,
         double           x,
         double           y,
         AciesGameWindow *self)
{
  if (!G_VALUE_HOLDS_INT (value))
    return FALSE;
  acies_play_session_drag_unit (self->session, g_value_get_int (value),
                                acies_board_view_cell_at_point (self->board, x, y));
  return TRUE;
}

void
_acies_game_window_dnd_init (AciesGameWindow *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_INT, GDK_ACTION_MOVE);

  g_signal_connect_object (drop, "drop", G_CALLBACK (drop_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (drop));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->band), draw_band, self, NULL);
  gtk_widget_add_css_class (self->band, "play-rubber-band");

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self, 0);
  g_signal_connect_object (drag, "drag-update", G_CALLBACK (drag_update_cb), self, 0);
  g_signal_connect_object (drag, "drag-end", G_CALLBACK (drag_end_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (drag));
}
