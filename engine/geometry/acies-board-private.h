/* acies-board-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>

#include "geometry/acies-board.h"

G_BEGIN_DECLS

/*
 * The board's fields and the coordinate helpers that acies-board.c and
 * acies-board-los.c share.  Cells are dense: row * width + column; hexes
 * convert to axial (q, r) coordinates for distances and lines of sight.
 */

/* The zone board: 5 zones wide, 4 deep, two rows to each army (Lost
 * Battles' field, LB 2.1.1, is the one zone board Acies knows).  The zones'
 * names are the catalogue's data (acies_board_new_zones_named()). */
#define ZONE_COLS 5
#define ZONE_ROWS 4
#define ZONE_HALF (ZONE_COLS * ZONE_ROWS / 2)

typedef struct
{
  char **strings;   /* one per cell or edge; the block is freed with it */
} LabelCache;

struct _AciesBoard
{
  gint                ref_count;

  AciesBoardKind      kind;
  guint               width;
  guint               height;
  AciesHexOrientation orientation;
  AciesHexOffset      offset;
  AciesLabelScheme    scheme;
  guint               first_col;
  guint               first_row;

  /* Edges: a dense numbering built once in the constructor. */
  guint               n_sides;      /* sides per cell: 4 or 6 */
  guint               n_edges;
  AciesEdge          *edge_of;      /* n_cells * n_sides */
  AciesCell          *edge_a;       /* the lower cell id */
  AciesCell          *edge_b;       /* the other cell, or NONE on the border */
  guint8             *edge_dir;     /* direction from edge_a */

  /* Lazily built label caches (owned by the board).  Caches replaced by a
   * change of scheme or origin are kept until the board is freed, so a
   * string handed out earlier never dangles. */
  char              **cell_labels;
  char              **edge_labels;
  GPtrArray          *retired;

  /* Zone boards: each zone's name for its own army, for the other army,
   * and its label ("A1 Left Centre"), by cell; NULL on other boards. */
  char              **zone_own;
  char              **zone_enemy;
  char              **zone_shown;    /* the labels in the players' language */
  char              **zone_labels;
};

static inline guint
n_cells_of (const AciesBoard *board)
{
  return board->width * board->height;
}

static inline gboolean
in_grid (const AciesBoard *board,
         gint              col,
         gint              row)
{
  return col >= 0 && row >= 0 && col < (gint) board->width && row < (gint) board->height;
}

static inline gboolean
is_shoved (const AciesBoard *board,
           gint              line)
{
  gboolean odd = (line & 1) != 0;

  return board->offset == ACIES_HEX_OFFSET_ODD ? odd : !odd;
}

static inline void
offset_to_axial (const AciesBoard *board,
                 gint              col,
                 gint              row,
                 gint             *q,
                 gint             *r)
{
  if (board->orientation == ACIES_HEX_FLAT_TOP)
    {
      *q = col;
      if (board->offset == ACIES_HEX_OFFSET_ODD)
        *r = row - (col - (col & 1)) / 2;
      else
        *r = row - (col + (col & 1)) / 2;
    }
  else
    {
      *r = row;
      if (board->offset == ACIES_HEX_OFFSET_ODD)
        *q = col - (row - (row & 1)) / 2;
      else
        *q = col - (row + (row & 1)) / 2;
    }
}

static inline void
axial_to_offset (const AciesBoard *board,
                 gint              q,
                 gint              r,
                 gint             *col,
                 gint             *row)
{
  if (board->orientation == ACIES_HEX_FLAT_TOP)
    {
      *col = q;
      if (board->offset == ACIES_HEX_OFFSET_ODD)
        *row = r + (q - (q & 1)) / 2;
      else
        *row = r + (q + (q & 1)) / 2;
    }
  else
    {
      *row = r;
      if (board->offset == ACIES_HEX_OFFSET_ODD)
        *col = q + (r - (r & 1)) / 2;
      else
        *col = q + (r + (r & 1)) / 2;
    }
}

static inline void
cell_axial (const AciesBoard *board,
            AciesCell         cell,
            gint             *q,
            gint             *r)
{
  offset_to_axial (board, cell % (gint) board->width, cell / (gint) board->width, q, r);
}

static inline AciesCell
axial_cell (const AciesBoard *board,
            gint              q,
            gint              r)
{
  gint col, row;

  axial_to_offset (board, q, r, &col, &row);
  if (!in_grid (board, col, row))
    return ACIES_CELL_NONE;
  return row * (gint) board->width + col;
}

/* Axial (q, r) steps; cube s = -q - r. */
static const gint flat_dq[6] = { 0, 1, 1, 0, -1, -1 };
static const gint flat_dr[6] = { -1, -1, 0, 1, 1, 0 };
static const gint pointy_dq[6] = { 1, 1, 0, -1, -1, 0 };
static const gint pointy_dr[6] = { -1, 0, 1, 1, 0, -1 };

/* The hex nearest to fractional cube coordinates (x, y, z). */
static inline void
cube_round (double  x,
            double  y,
            double  z,
            gint   *q,
            gint   *r)
{
  double rx = round (x), ry = round (y), rz = round (z);
  double dx = fabs (rx - x), dy = fabs (ry - y), dz = fabs (rz - z);

  if (dx > dy && dx > dz)
    rx = -ry - rz;
  else if (dy > dz)
    ry = -rx - rz;
  *q = (gint) rx;
  *r = (gint) ry;
}

G_END_DECLS
