/* acies-board-los.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-geometry"

#include "config.h"

#include <math.h>

#include "geometry/acies-board.h"
#include "geometry/acies-board-private.h"

/*
 * Lines of sight on square and hex boards: the cells a line between two
 * cell centres passes, including the exactly-along-a-hexside case, and
 * whether a blocking predicate lets it through.
 */

typedef gboolean (*StepFunc) (const AciesLosStep *step,
                              gpointer            data);


/* A fraction num / den with den > 0, for exact comparisons. */
typedef struct
{
  gint64 num;
  gint64 den;
} Frac;

static inline gboolean
frac_lt (Frac a,
         Frac b)
{
  return a.num * b.den < b.num * a.den;
}

typedef struct
{
  gint  q, r;        /* the hex, axial */
  Frac  t;           /* where the line enters it (or starts along its side) */
  gint  pq, pr;      /* along a hexside: the hex across it */
  gboolean between;
} HexHit;

/* The hex of lattice point h, in cube coordinates relative to h, is
 * { d : |dx - dy| <= 1, |dy - dz| <= 1, |dz - dx| <= 1 } (the bisectors
 * with its six neighbours).  Along the segment d(t) = d0 + t D each of the
 * three differences is u0 + t u1 with integers u0, u1.  This finds the
 * open range of t in (0, 1) where d(t) is strictly inside, or else the
 * range where it runs along one side, exactly. */
static gboolean
hex_hit (gint    q,
         gint    r,
         gint    aq,
         gint    ar,
         gint    dq,
         gint    dr,
         HexHit *hit)
{
  gint d0[3] = { aq - q, ar - r, -(aq - q) - (ar - r) };
  gint dd[3] = { dq, dr, -dq - dr };
  Frac lo = { 0, 1 }, hi = { 1, 1 };
  gint on_side = -1, side_sign = 0;

  for (guint k = 0; k < 3; k++)
    {
      gint u0 = d0[k] - d0[(k + 1) % 3];
      gint u1 = dd[k] - dd[(k + 1) % 3];
      Frac a, b;

      if (u1 == 0)
        {
          if (u0 == 0)
            continue;
          if (ABS (u0) == 1 && on_side < 0)
            {
              /* The whole line lies on this side's line. */
              on_side = k;
              side_sign = u0;
              continue;
            }
          return FALSE;
        }
      if (u1 > 0)
        {
          a = (Frac) { -1 - u0, u1 };
          b = (Frac) { 1 - u0, u1 };
        }
      else
        {
          a = (Frac) { u0 - 1, -u1 };
          b = (Frac) { u0 + 1, -u1 };
        }
      if (frac_lt (lo, a))
        lo = a;
      if (frac_lt (b, hi))
        hi = b;
    }

  if (!frac_lt (lo, hi))
    return FALSE;

  hit->q = q;
  hit->r = r;
  hit->t = lo;
  hit->between = on_side >= 0;
  if (hit->between)
    {
      /* Side k borders the neighbour h + sign * e_k, with e_0 = (1,-1,0),
       * e_1 = (0,1,-1), e_2 = (-1,0,1). */
      static const gint eq[3] = { 1, 0, -1 };
      static const gint er[3] = { -1, 1, 0 };

      hit->pq = q + side_sign * eq[on_side];
      hit->pr = r + side_sign * er[on_side];
    }
  return TRUE;
}

static gint
hex_hit_compare (gconstpointer a,
                 gconstpointer b)
{
  const HexHit *ha = a, *hb = b;

  if (frac_lt (ha->t, hb->t))
    return -1;
  if (frac_lt (hb->t, ha->t))
    return 1;
  return 0;
}

static gint
axial_compare (gconstpointer a,
               gconstpointer b)
{
  const gint *pa = a, *pb = b;

  if (pa[0] != pb[0])
    return pa[0] < pb[0] ? -1 : 1;
  if (pa[1] != pb[1])
    return pa[1] < pb[1] ? -1 : 1;
  return 0;
}

/* Hex line: every hex whose interior the centre-to-centre segment passes
 * through, and every pair of hexes along whose common side it runs (FB
 * 7.22).  Each such hex lies within one step of the hex holding some point
 * sampled at the line's hex steps, so those and their neighbours are the
 * candidates; each is then tested exactly. */
static gboolean
hex_los_walk (const AciesBoard *board,
              AciesCell         from,
              AciesCell         to,
              StepFunc          func,
              gpointer          data)
{
  const gint *tq = board->orientation == ACIES_HEX_FLAT_TOP ? flat_dq : pointy_dq;
  const gint *tr = board->orientation == ACIES_HEX_FLAT_TOP ? flat_dr : pointy_dr;
  gint q1, r1, q2, r2;
  guint n = acies_board_distance (board, from, to);
  g_autoptr(GArray) cand = g_array_sized_new (FALSE, FALSE, 2 * sizeof (gint), 7 * (n + 1));
  g_autoptr(GArray) hits = g_array_new (FALSE, FALSE, sizeof (HexHit));

  cell_axial (board, from, &q1, &r1);
  cell_axial (board, to, &q2, &r2);

  for (guint i = 0; i <= n; i++)
    {
      double t = (double) i / n;
      double x = q1 + (q2 - q1) * t;
      double y = r1 + (r2 - r1) * t;
      gint q, r;

      cube_round (x + 1e-6, y + 2e-6, -x - y - 3e-6, &q, &r);
      g_array_append_vals (cand, (gint[2]) { q, r }, 1);
      for (guint d = 0; d < 6; d++)
        g_array_append_vals (cand, (gint[2]) { q + tq[d], r + tr[d] }, 1);
    }
  g_array_sort (cand, axial_compare);

  for (guint i = 0; i < cand->len; i++)
    {
      const gint *c = &g_array_index (cand, gint, 2 * i);
      HexHit hit;

      if (i > 0 && axial_compare (c, c - 2) == 0)
        continue;
      if ((c[0] == q1 && c[1] == r1) || (c[0] == q2 && c[1] == r2))
        continue;
      if (!hex_hit (c[0], c[1], q1, r1, q2 - q1, r2 - r1, &hit))
        continue;
      if (hit.between)
        {
          AciesCell own = axial_cell (board, hit.q, hit.r);
          AciesCell other = axial_cell (board, hit.pq, hit.pr);

          /* Report each hexside once: from the hex with the lower id, or
           * from the one on the map. */
          if (own == ACIES_CELL_NONE ||
              (other != ACIES_CELL_NONE && other < own))
            continue;
        }
      else if (axial_cell (board, hit.q, hit.r) == ACIES_CELL_NONE)
        continue;
      g_array_append_val (hits, hit);
    }
  g_array_sort (hits, hex_hit_compare);

  for (guint i = 0; i < hits->len; i++)
    {
      const HexHit *hit = &g_array_index (hits, HexHit, i);
      AciesLosStep s;

      s.cell = axial_cell (board, hit->q, hit->r);
      s.alt = hit->between ? axial_cell (board, hit->pq, hit->pr) : ACIES_CELL_NONE;
      s.between = hit->between;
      if (!func (&s, data))
        return FALSE;
    }
  return TRUE;
}

/* Square line: supercover between centres, stepping one cell at a time;
 * where the line goes exactly through a corner, the two squares it only
 * touches there make one step. */
static gboolean
square_los_walk (const AciesBoard *board,
                 AciesCell         from,
                 AciesCell         to,
                 StepFunc          func,
                 gpointer          data)
{
  gint x = from % (gint) board->width, y = from / (gint) board->width;
  gint x1 = to % (gint) board->width, y1 = to / (gint) board->width;
  gint dx = ABS (x1 - x), dy = ABS (y1 - y);
  gint sx = x1 > x ? 1 : -1, sy = y1 > y ? 1 : -1;
  gint nx = 0, ny = 0;

  while (nx < dx || ny < dy)
    {
      gint decision = (1 + 2 * nx) * dy - (1 + 2 * ny) * dx;
      AciesLosStep s;

      if (decision == 0)
        {
          s.cell = y * (gint) board->width + (x + sx);
          s.alt = (y + sy) * (gint) board->width + x;
          s.between = TRUE;
          if (!func (&s, data))
            return FALSE;
          x += sx;
          y += sy;
          nx++;
          ny++;
        }
      else if (decision < 0)
        {
          x += sx;
          nx++;
        }
      else
        {
          y += sy;
          ny++;
        }

      if (x == x1 && y == y1)
        break;

      s.cell = y * (gint) board->width + x;
      s.alt = ACIES_CELL_NONE;
      s.between = FALSE;
      if (!func (&s, data))
        return FALSE;
    }
  return TRUE;
}

static gboolean
los_walk (const AciesBoard *board,
          AciesCell         from,
          AciesCell         to,
          StepFunc          func,
          gpointer          data)
{
  if (from == to)
    return TRUE;
  if (board->kind == ACIES_BOARD_HEX)
    return hex_los_walk (board, from, to, func, data);
  return square_los_walk (board, from, to, func, data);
}

static gboolean
collect_step_cb (const AciesLosStep *s,
                 gpointer            data)
{
  g_array_append_vals (data, s, 1);
  return TRUE;
}

/**
 * acies_board_los_steps:
 * @board: a board
 * @from: the viewing cell
 * @to: the target cell
 *
 * The cells between @from and @to (not the ends) through whose inside the
 * straight line between their centres passes, however little (GBoH 7.13:
 * "any part of a hex"), in order from @from.  Computed exactly in integer
 * cube coordinates, not by sampling, so a line that clips a hex's corner
 * lists it.  A line that only touches a vertex does not list the hex whose
 * vertex it is.  On hexes,
 * where the line runs exactly along a hexside (FB 7.22, GBoH 7.2) the step
 * carries both hexes (#AciesLosStep.between); on squares, where it passes
 * exactly through a corner, the step carries the two squares touched at
 * that corner.
 *
 * Returns: (transfer full) (element-type AciesLosStep): the steps
 */
GArray *
acies_board_los_steps (const AciesBoard *board,
                       AciesCell         from,
                       AciesCell         to)
{
  GArray *steps;

  g_return_val_if_fail (board != NULL, NULL);
  g_return_val_if_fail (from >= 0 && (guint) from < n_cells_of (board), NULL);
  g_return_val_if_fail (to >= 0 && (guint) to < n_cells_of (board), NULL);

  steps = g_array_new (FALSE, FALSE, sizeof (AciesLosStep));
  los_walk (board, from, to, collect_step_cb, steps);
  return steps;
}

typedef struct
{
  const AciesBoard   *board;
  AciesLosBlocksFunc  blocks;
  gpointer            user_data;
} LosData;

static gboolean
check_step_cb (const AciesLosStep *s,
               gpointer            data)
{
  LosData *los = data;

  if (!s->between)
    return !los->blocks (los->board, s->cell, los->user_data);

  /* FB 7.22: a line congruent to a hexside is blocked only if the hexes on
   * both sides of it block.  The same holds for the two squares a line
   * touches at a corner.  A hex off the map never blocks. */
  if (s->alt == ACIES_CELL_NONE)
    return TRUE;
  return !(los->blocks (los->board, s->cell, los->user_data) &&
           los->blocks (los->board, s->alt, los->user_data));
}

/**
 * acies_board_has_los:
 * @board: a board
 * @from: the viewing cell
 * @to: the target cell
 * @blocks: (scope call): says whether an intervening cell blocks
 * @user_data: data for @blocks
 *
 * Whether the line of sight from @from to @to is clear: it is blocked if
 * any single intervening cell blocks; where the line runs along a hexside
 * (or through a square corner) it is blocked only if both cells block
 * (FB 7.22).  @blocks is called only for intervening cells on the board,
 * never for @from or @to, and checking stops at the first block.  On hex
 * boards the steps are gathered first (one small allocation per call).
 *
 * Returns: %TRUE if nothing blocks
 */
gboolean
acies_board_has_los (const AciesBoard   *board,
                     AciesCell           from,
                     AciesCell           to,
                     AciesLosBlocksFunc  blocks,
                     gpointer            user_data)
{
  LosData data = { board, blocks, user_data };

  g_return_val_if_fail (board != NULL, FALSE);
  g_return_val_if_fail (from >= 0 && (guint) from < n_cells_of (board), FALSE);
  g_return_val_if_fail (to >= 0 && (guint) to < n_cells_of (board), FALSE);
  g_return_val_if_fail (blocks != NULL, FALSE);

  return los_walk (board, from, to, check_step_cb, &data);
}
