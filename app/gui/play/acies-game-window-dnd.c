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
 * pan. */

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

static void
drag_begin_cb (GtkGestureDrag  *gesture,
               double           x,
               double           y,
               AciesGameWindow *self)
{
  AciesPlaySession *session = self->session;
  gint view = _acies_game_window_view_at_point (self, x, y);
  gint unit = view >= 0 ? acies_play_session_get_view_unit (session, view) : -1;

  self->drag_unit = -1;
  /* Not on a unit's counter (a leader alone, the square around): the
   * unit in the square. */
  if (unit < 0)
    unit = acies_play_session_get_view_unit (session,
                                             acies_play_session_get_view_at_cell (session,
                                                                                  acies_board_view_cell_at_point (self->board, x, y)));
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

  if (self->drag_unit < 0 || claimed (gesture))
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
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

  self->drag_unit = -1;
  if (unit < 0 || !claimed (gesture))
    return;
  gtk_widget_set_cursor (GTK_WIDGET (self->board), NULL);
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  acies_play_session_drag_unit (self->session, unit,
                                acies_board_view_cell_at_point (self->board, x + offset_x, y + offset_y));
}

void
_acies_game_window_dnd_init (AciesGameWindow *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self, 0);
  g_signal_connect_object (drag, "drag-update", G_CALLBACK (drag_update_cb), self, 0);
  g_signal_connect_object (drag, "drag-end", G_CALLBACK (drag_end_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (drag));
}
