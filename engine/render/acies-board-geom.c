/* acies-board-geom.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <math.h>

#include "acies-render-private.h"

#define MAX_POLYGON 32

/* Compass angle of a board direction, radians clockwise from north (see the
 * direction numbering in geometry/acies-board.h). */
double
acies_direction_angle (AciesBoardKind       kind,
                       AciesHexOrientation  orientation,
                       guint                n_dirs,
                       guint                direction)
{
  switch (kind)
    {
    case ACIES_BOARD_HEX:
      if (orientation == ACIES_HEX_POINTY_TOP)
        return G_PI / 6 + direction * G_PI / 3;
      return direction * G_PI / 3;
    case ACIES_BOARD_SQUARE:
      return direction * 2 * G_PI / MAX (n_dirs, 4u);
    case ACIES_BOARD_ZONES:
    default:
      return direction * G_PI / 2;
    }
}

/* The compass angle a unit's facing points to, or NAN for none. */
double
acies_facing_angle (const AciesBoardGeom *geom,
                    AciesFacingKind       kind,
                    gint                  facing)
{
  if (facing < 0 || kind == ACIES_FACING_NONE)
    return NAN;

  if (kind == ACIES_FACING_VERTEX && geom->kind == ACIES_BOARD_HEX)
    {
      /* 6 + d: the unit faces hexside d instead (a Column, acies-ruleset.h
       * unit_view). */
      if (facing >= 6)
        return acies_direction_angle (geom->kind, geom->orientation, geom->n_dirs, (facing - 6) % 6);
      /* Vertex v lies between directions v and v + 1. */
      return acies_direction_angle (geom->kind, geom->orientation, geom->n_dirs, facing % 6) + G_PI / 6;
    }

  return acies_direction_angle (geom->kind, geom->orientation, geom->n_dirs,
                                facing % MAX (geom->n_dirs, 1u));
}

static double
angle_diff (double a,
            double b)
{
  double d = fmod (fabs (a - b), 2 * G_PI);

  return d > G_PI ? 2 * G_PI - d : d;
}

/* Builds the drawing geometry of @board: centres, polygons, and which
 * neighbour and edge lie across each polygon side. */
AciesBoardGeom *
acies_board_geom_new (AciesBoard *board)
{
  AciesBoardGeom *geom = g_new0 (AciesBoardGeom, 1);
  g_autoptr(GArray) poly = g_array_new (FALSE, FALSE, sizeof (double));
  double buf[2 * MAX_POLYGON];

  geom->board = acies_board_ref (board);
  geom->kind = acies_board_get_kind (board);
  geom->orientation = acies_board_get_orientation (board);
  geom->offset = acies_board_get_offset (board);
  geom->width = acies_board_get_width (board);
  geom->height = acies_board_get_height (board);
  geom->n_cells = acies_board_get_n_cells (board);
  geom->n_edges = acies_board_get_n_edges (board);
  geom->n_dirs = acies_board_get_n_directions (board);
  acies_board_extent (board, &geom->ext_w, &geom->ext_h);

  geom->centre = g_new (double, 2 * geom->n_cells);
  geom->poly_start = g_new (guint, geom->n_cells + 1);
  geom->inradius = G_MAXDOUBLE;

  for (guint c = 0; c < geom->n_cells; c++)
    {
      guint n = acies_board_cell_polygon (board, c, buf);
      double cx, cy;

      g_assert (n <= MAX_POLYGON);
      acies_board_cell_center (board, c, &cx, &cy);
      geom->centre[2 * c] = cx;
      geom->centre[2 * c + 1] = cy;
      geom->poly_start[c] = poly->len / 2;
      g_array_append_vals (poly, buf, 2 * n);

      for (guint i = 0; i < n; i++)
        {
          guint j = (i + 1) % n;
          double mx = (buf[2 * i] + buf[2 * j]) / 2 - cx;
          double my = (buf[2 * i + 1] + buf[2 * j + 1]) / 2 - cy;

          geom->inradius = MIN (geom->inradius, sqrt (mx * mx + my * my));
        }
    }
  geom->poly_start[geom->n_cells] = poly->len / 2;
  geom->poly = (double *) g_array_free (g_steal_pointer (&poly), FALSE);
  if (geom->inradius == G_MAXDOUBLE)
    geom->inradius = 0.5;

  geom->side_nb = g_new (AciesCell, geom->poly_start[geom->n_cells]);
  geom->side_edge = g_new (AciesEdge, geom->poly_start[geom->n_cells]);
  for (guint v = 0; v < geom->poly_start[geom->n_cells]; v++)
    {
      geom->side_nb[v] = ACIES_CELL_NONE;
      geom->side_edge[v] = ACIES_EDGE_NONE;
    }

  for (guint c = 0; c < geom->n_cells; c++)
    {
      guint start = geom->poly_start[c];
      guint n = geom->poly_start[c + 1] - start;
      const double *p = geom->poly + 2 * start;
      double cx = geom->centre[2 * c], cy = geom->centre[2 * c + 1];

      for (guint d = 0; d < geom->n_dirs; d++)
        {
          AciesEdge e = acies_board_edge_of (board, c, d);
          double want, best_diff = G_MAXDOUBLE;
          gint best = -1;

          if (e == ACIES_EDGE_NONE)
            continue;

          want = acies_direction_angle (geom->kind, geom->orientation, geom->n_dirs, d);
          for (guint i = 0; i < n; i++)
            {
              guint j = (i + 1) % n;
              double mx = (p[2 * i] + p[2 * j]) / 2 - cx;
              double my = (p[2 * i + 1] + p[2 * j + 1]) / 2 - cy;
              double diff = angle_diff (atan2 (mx, -my), want);

              if (diff < best_diff)
                {
                  best_diff = diff;
                  best = i;
                }
            }

          if (best >= 0 && best_diff < 0.45)
            {
              geom->side_edge[start + best] = e;
              geom->side_nb[start + best] = acies_board_neighbour (board, c, d);
            }
        }
    }

  geom->edge_seg = g_new (double, 4 * MAX (geom->n_edges, 1u));
  geom->edge_cell = g_new (AciesCell, MAX (geom->n_edges, 1u));
  for (guint e = 0; e < geom->n_edges; e++)
    {
      AciesCell a = ACIES_CELL_NONE, b = ACIES_CELL_NONE;

      acies_board_edge_segment (board, e,
                                &geom->edge_seg[4 * e], &geom->edge_seg[4 * e + 1],
                                &geom->edge_seg[4 * e + 2], &geom->edge_seg[4 * e + 3]);
      acies_board_edge_cells (board, e, &a, &b);
      geom->edge_cell[e] = a;
    }

  return geom;
}

void
acies_board_geom_free (AciesBoardGeom *geom)
{
  if (geom == NULL)
    return;

  acies_board_unref (geom->board);
  g_free (geom->centre);
  g_free (geom->poly_start);
  g_free (geom->poly);
  g_free (geom->side_nb);
  g_free (geom->side_edge);
  g_free (geom->edge_seg);
  g_free (geom->edge_cell);
  g_free (geom);
}

/* Whether @geom was built for @board (the same object, unchanged shape). */
gboolean
acies_board_geom_matches (const AciesBoardGeom *geom,
                          const AciesBoard     *board)
{
  return geom != NULL
         && geom->board == board
         && geom->kind == acies_board_get_kind (board)
         && geom->width == acies_board_get_width (board)
         && geom->height == acies_board_get_height (board)
         && geom->orientation == acies_board_get_orientation (board)
         && geom->offset == acies_board_get_offset (board)
         && geom->n_cells == acies_board_get_n_cells (board);
}
