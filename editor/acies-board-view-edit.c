/* acies-board-view-edit.c
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
#include <string.h>

#include <gtk/gtk.h>

#include "geometry/acies-board.h"

#include "acies-board-view-private.h"

/* AciesBoardView for the scenario editor's tools: edit mode (primary
 * drags are strokes), points and edges under the pointer, highlighted
 * cells, and what the editor says changed in its scenario. */

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
  acies_board_view_notify_edit_mode (self);
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

  /* The same cells again: nothing to draw. */
  if ((cells == NULL || cells->len == 0) ? self->highlight == NULL
      : self->highlight != NULL && self->highlight->len == cells->len
        && memcmp (self->highlight->data, cells->data, cells->len * sizeof (AciesCell)) == 0)
    return;

  g_clear_pointer (&self->highlight, g_array_unref);
  if (cells != NULL && cells->len > 0)
    {
      self->highlight = g_array_sized_new (FALSE, FALSE, sizeof (AciesCell), cells->len);
      g_array_append_vals (self->highlight, cells->data, cells->len);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* After an edit: a selection or focus cell the board lost goes. */
static void
drop_lost_cells (AciesBoardView *self)
{
  if (self->scenario == NULL)
    return;
  if (self->selected_cell != ACIES_CELL_NONE &&
      !acies_board_contains (self->scenario->map.board, self->selected_cell))
    acies_board_view_set_selected_cell (self, ACIES_CELL_NONE);
  if (self->focus_cell != ACIES_CELL_NONE &&
      !acies_board_contains (self->scenario->map.board, self->focus_cell))
    acies_board_view_set_focus_cell (self, ACIES_CELL_NONE);
}

/**
 * acies_board_view_scenario_changed:
 * @self: a board view
 *
 * Tells the view that its scenario changed in place (an edit, undo or
 * redo) without saying where: redraws what changed, and drops a selection
 * or focus cell the board lost.  The map's changes and moved units are
 * found by comparing them with what was drawn; every counter is read
 * again, since any unit may have been edited in place.  When the cells
 * are known, acies_board_view_cells_changed() costs less.
 */
void
acies_board_view_scenario_changed (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  drop_lost_cells (self);
  acies_render_cache_invalidate_units (self->cache);
  acies_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_cells_changed:
 * @self: a board view
 * @cells: (array length=n_cells): the cells an edit, an undo or a redo
 *   touched: cells whose terrain, features, level or areas changed, both
 *   cells of a changed edge, the cells a unit or leader left and entered,
 *   the cells of a unit edited in place
 * @n_cells: their number
 *
 * Tells the view where its scenario changed in place: only the tiles
 * around these cells are drawn again (acies_render_cache_invalidate_cells()).
 * Cells off the board are ignored.  For a change that is not in cells
 * (a side's colour), call acies_board_view_scenario_changed().
 */
void
acies_board_view_cells_changed (AciesBoardView  *self,
                                const AciesCell *cells,
                                guint            n_cells)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));
  g_return_if_fail (cells != NULL || n_cells == 0);

  if (self->scenario == NULL)
    return;
  drop_lost_cells (self);
  acies_render_cache_invalidate_cells (self->cache, cells, n_cells);
  /* The focus cell's description names its terrain. */
  for (guint i = 0; i < n_cells; i++)
    if (cells[i] == self->focus_cell)
      {
        acies_board_view_update_accessible (self);
        break;
      }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}



/**
 * acies_board_view_begin_preview:
 * @self: a board view
 *
 * Starts a brush stroke.  The board redraws only the tiles a stroke's
 * cells reach, so each frame of a stroke shows the map as it is; kept for
 * the editor, which brackets its strokes with this and
 * acies_board_view_end_preview().
 */
void
acies_board_view_begin_preview (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));
}

/**
 * acies_board_view_end_preview:
 * @self: a board view
 *
 * Ends a brush stroke (see acies_board_view_begin_preview()).
 */
void
acies_board_view_end_preview (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  gtk_widget_queue_draw (GTK_WIDGET (self));
}
