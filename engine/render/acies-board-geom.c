/* acies-board-geom.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <math.h>
#include <stdlib.h>

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

/* Each cell's bounding box, and a grid of buckets about a cell wide over
 * the board, each listing the cells whose box meets it (in cell order), so
 * that the cells drawn in a tile or a printed page are found without
 * looking at the others. */
static void
build_index (AciesBoardGeom *geom)
{
  g_autofree guint *count = NULL;
  guint n_buckets;

  geom->bbox = g_new (float, 4 * MAX (geom->n_cells, 1u));
  for (guint c = 0; c < geom->n_cells; c++)
    {
      double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

      for (guint v = geom->poly_start[c]; v < geom->poly_start[c + 1]; v++)
        {
          x0 = MIN (x0, geom->poly[2 * v]);
          x1 = MAX (x1, geom->poly[2 * v]);
          y0 = MIN (y0, geom->poly[2 * v + 1]);
          y1 = MAX (y1, geom->poly[2 * v + 1]);
        }
      if (x0 > x1)
        x0 = x1 = y0 = y1 = 0;
      geom->bbox[4 * c] = x0;
      geom->bbox[4 * c + 1] = y0;
      geom->bbox[4 * c + 2] = x1;
      geom->bbox[4 * c + 3] = y1;
    }

  geom->bucket = MAX (sqrt (MAX (geom->ext_w, 0.01) * MAX (geom->ext_h, 0.01) / MAX (geom->n_cells, 1u)), 0.01);
  geom->n_bx = MAX (1u, (guint) ceil (geom->ext_w / geom->bucket));
  geom->n_by = MAX (1u, (guint) ceil (geom->ext_h / geom->bucket));
  n_buckets = geom->n_bx * geom->n_by;
  geom->bucket_start = g_new0 (guint, n_buckets + 1);
  count = g_new0 (guint, n_buckets);

  /* Two passes: count, then fill (compressed rows). */
  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint c = 0; c < geom->n_cells; c++)
        {
          guint i0 = CLAMP ((gint) floor (geom->bbox[4 * c] / geom->bucket), 0, (gint) geom->n_bx - 1);
          guint j0 = CLAMP ((gint) floor (geom->bbox[4 * c + 1] / geom->bucket), 0, (gint) geom->n_by - 1);
          guint i1 = CLAMP ((gint) floor (geom->bbox[4 * c + 2] / geom->bucket), 0, (gint) geom->n_bx - 1);
          guint j1 = CLAMP ((gint) floor (geom->bbox[4 * c + 3] / geom->bucket), 0, (gint) geom->n_by - 1);

          for (guint j = j0; j <= j1; j++)
            for (guint i = i0; i <= i1; i++)
              {
                guint b = j * geom->n_bx + i;

                if (pass == 0)
                  geom->bucket_start[b + 1]++;
                else
                  geom->bucket_cells[geom->bucket_start[b] + count[b]++] = c;
              }
        }
      if (pass == 0)
        {
          for (guint b = 0; b < n_buckets; b++)
            geom->bucket_start[b + 1] += geom->bucket_start[b];
          geom->bucket_cells = g_new (AciesCell, MAX (geom->bucket_start[n_buckets], 1u));
        }
    }
}

static int
cmp_cell (gconstpointer a,
          gconstpointer b)
{
  AciesCell x = *(const AciesCell *) a, y = *(const AciesCell *) b;

  return x < y ? -1 : x > y;
}

/*
 * acies_board_geom_query:
 * @geom: a board's geometry
 * @x0: the rectangle, board units
 * @y0: the rectangle
 * @x1: the rectangle
 * @y1: the rectangle
 * @margin: how far beyond its box a cell's drawing may reach, board units
 * @stamps: one word per cell, owned by the caller, never reset
 * @stamp: a value no stamp holds yet (the caller counts up)
 * @cells: (element-type AciesCell): the cells found are appended, in
 *   increasing order
 *
 * Finds the cells whose box grown by @margin meets the rectangle.
 */
void
acies_board_geom_query (const AciesBoardGeom *geom,
                        double                x0,
                        double                y0,
                        double                x1,
                        double                y1,
                        double                margin,
                        guint32              *stamps,
                        guint32               stamp,
                        GArray               *cells)
{
  double qx0 = x0 - margin, qy0 = y0 - margin, qx1 = x1 + margin, qy1 = y1 + margin;
  gint i0, j0, i1, j1;
  guint first = cells->len;

  if (geom->n_cells == 0 || qx1 < 0 || qy1 < 0)
    return;
  i0 = CLAMP ((gint) floor (qx0 / geom->bucket), 0, (gint) geom->n_bx - 1);
  j0 = CLAMP ((gint) floor (qy0 / geom->bucket), 0, (gint) geom->n_by - 1);
  i1 = CLAMP ((gint) floor (qx1 / geom->bucket), 0, (gint) geom->n_bx - 1);
  j1 = CLAMP ((gint) floor (qy1 / geom->bucket), 0, (gint) geom->n_by - 1);
  if (qx0 > geom->n_bx * geom->bucket || qy0 > geom->n_by * geom->bucket)
    return;

  for (gint j = j0; j <= j1; j++)
    for (gint i = i0; i <= i1; i++)
      {
        guint b = j * geom->n_bx + i;

        for (guint k = geom->bucket_start[b]; k < geom->bucket_start[b + 1]; k++)
          {
            AciesCell c = geom->bucket_cells[k];
            const float *box = geom->bbox + 4 * c;

            if (stamps[c] == stamp)
              continue;
            if (box[0] > qx1 || box[2] < qx0 || box[1] > qy1 || box[3] < qy0)
              continue;
            stamps[c] = stamp;
            g_array_append_val (cells, c);
          }
      }
  if (cells->len - first > 1)
    qsort (cells->data + first * sizeof (AciesCell), cells->len - first, sizeof (AciesCell), cmp_cell);
}

typedef struct
{
  guint64 from;     /* the quantised start point */
  guint64 to;       /* the quantised end point */
  guint   vertex;   /* the start point: index into geom->poly */
  guint   next;     /* the vertex after it */
  gboolean used;
} OutlineEdge;

static inline guint64
point_key (const AciesBoardGeom *geom,
           guint                 vertex)
{
  gint64 qx = (gint64) llround (geom->poly[2 * vertex] * 4096) + (G_GINT64_CONSTANT (1) << 30);
  gint64 qy = (gint64) llround (geom->poly[2 * vertex + 1] * 4096) + (G_GINT64_CONSTANT (1) << 30);

  return ((guint64) qx << 32) | (guint64) (qy & 0xffffffff);
}

static int
cmp_outline_edge (gconstpointer a,
                  gconstpointer b)
{
  guint64 x = ((const OutlineEdge *) a)->from, y = ((const OutlineEdge *) b)->from;

  return x < y ? -1 : x > y;
}

/*
 * acies_board_geom_outline:
 * @geom: a board's geometry
 * @member: (nullable): one byte per cell, nonzero for the cells of the
 *   set, or %NULL for the whole board
 * @points: (element-type double): the loops' corners are appended, x then
 *   y, board units
 * @starts: (element-type guint): where each loop starts in @points (in
 *   points), then where the last one ends
 *
 * The closed loops around a set of cells: every side of a cell of the set
 * whose neighbour is not in it, chained end to end, in the cells' own
 * winding.  Filling the loops (non-zero rule) covers what filling every
 * cell of the set covers, with a fraction of the path.
 */
void
acies_board_geom_outline (const AciesBoardGeom *geom,
                          const guint8         *member,
                          GArray               *points,
                          GArray               *starts)
{
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (OutlineEdge));
  guint first = points->len / 2;

  for (guint c = 0; c < geom->n_cells; c++)
    {
      guint start = geom->poly_start[c], n = geom->poly_start[c + 1] - start;

      if (member != NULL && !member[c])
        continue;
      for (guint i = 0; i < n; i++)
        {
          AciesCell nb = geom->side_nb[start + i];
          OutlineEdge edge;

          if (nb != ACIES_CELL_NONE && (member == NULL || member[nb]))
            continue;
          edge.vertex = start + i;
          edge.next = start + (i + 1) % n;
          edge.from = point_key (geom, edge.vertex);
          edge.to = point_key (geom, edge.next);
          edge.used = FALSE;
          g_array_append_val (edges, edge);
        }
    }
  g_array_sort (edges, cmp_outline_edge);

  for (guint e = 0; e < edges->len; e++)
    {
      OutlineEdge *edge = &g_array_index (edges, OutlineEdge, e);
      guint64 home = edge->from;

      if (edge->used)
        continue;
      g_array_append_val (starts, first);
      while (edge != NULL && !edge->used)
        {
          guint lo = 0, hi = edges->len;
          OutlineEdge *next = NULL;

          edge->used = TRUE;
          g_array_append_vals (points, geom->poly + 2 * edge->vertex, 2);
          first++;
          if (edge->to == home)
            break;
          /* The unused edge starting where this one ends. */
          while (lo < hi)
            {
              guint mid = lo + (hi - lo) / 2;

              if (g_array_index (edges, OutlineEdge, mid).from < edge->to)
                lo = mid + 1;
              else
                hi = mid;
            }
          for (guint k = lo; k < edges->len && g_array_index (edges, OutlineEdge, k).from == edge->to; k++)
            if (!g_array_index (edges, OutlineEdge, k).used)
              {
                next = &g_array_index (edges, OutlineEdge, k);
                break;
              }
          edge = next;
        }
    }
  g_array_append_val (starts, first);
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

          /* Hexes and squares list their corners in a known order (see
           * geometry/acies-board.h): the side toward d is known. */
          if (geom->kind == ACIES_BOARD_HEX && n == 6)
            best = (d + 5) % 6, best_diff = 0;
          else if (geom->kind == ACIES_BOARD_SQUARE && n == 4 && d % 2 == 0)
            best = (d / 2 + 3) % 4, best_diff = 0;
          if (best >= 0)
            {
              geom->side_edge[start + best] = e;
              geom->side_nb[start + best] = acies_board_neighbour (board, c, d);
              continue;
            }

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

  build_index (geom);
  geom->outline = g_array_new (FALSE, FALSE, sizeof (double));
  geom->outline_starts = g_array_new (FALSE, FALSE, sizeof (guint));
  acies_board_geom_outline (geom, NULL, geom->outline, geom->outline_starts);
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
  g_free (geom->bbox);
  g_free (geom->bucket_start);
  g_free (geom->bucket_cells);
  g_clear_pointer (&geom->outline, g_array_unref);
  g_clear_pointer (&geom->outline_starts, g_array_unref);
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
