/* test-geometry.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-geometry"

#include "config.h"

#include <math.h>
#include <string.h>

#include "geometry/acies-board.h"

/* Expectations here are computed independently of the implementation: cell
 * centres from the header's description of the layout, neighbours from
 * the centres' geometry, distances by breadth-first search, lines of sight
 * by clipping the centre-to-centre segment against every cell. */

#define SQRT3 1.7320508075688772
#define TOL 1e-7

typedef struct
{
  const char         *name;
  AciesBoardKind      kind;
  guint               width;
  guint               height;
  AciesHexOrientation orientation;
  AciesHexOffset      offset;
} BoardSpec;

static const BoardSpec specs[] = {
  { "square", ACIES_BOARD_SQUARE, 7, 5, 0, 0 },
  { "flat-odd", ACIES_BOARD_HEX, 7, 6, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD },
  { "flat-even", ACIES_BOARD_HEX, 6, 5, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_EVEN },
  { "pointy-odd", ACIES_BOARD_HEX, 6, 7, ACIES_HEX_POINTY_TOP, ACIES_HEX_OFFSET_ODD },
  { "pointy-even", ACIES_BOARD_HEX, 5, 6, ACIES_HEX_POINTY_TOP, ACIES_HEX_OFFSET_EVEN },
  { "zones", ACIES_BOARD_ZONES, 5, 4, 0, 0 },
};

/* The names an army gives its own zones, back row first, each row from
 * its left: Lost Battles' (LB 2.1.1), as data/rulesets/lost-battles.json
 * gives them to the board. */
static const char * const lb_zone_names[] = {
  "Left Wing", "Left Rear", "Rear", "Right Rear", "Right Wing",
  "Left Flank", "Left Centre", "Centre", "Right Centre", "Right Flank", NULL
};

static AciesBoard *
board_from_spec (const BoardSpec *spec)
{
  switch (spec->kind)
    {
    case ACIES_BOARD_SQUARE:
      return acies_board_new_square (spec->width, spec->height);
    case ACIES_BOARD_HEX:
      return acies_board_new_hex (spec->width, spec->height, spec->orientation, spec->offset);
    case ACIES_BOARD_ZONES:
    default:
      return acies_board_new_zones_named (lb_zone_names);
    }
}

/* The header: odd offset shoves odd columns (flat) or rows (pointy). */
static gboolean
spec_shoved (const BoardSpec *spec,
             gint             line)
{
  return spec->offset == ACIES_HEX_OFFSET_ODD ? (line % 2 == 1) : (line % 2 == 0);
}

/* Cell centres as the header describes them. */
static void
expected_center (const BoardSpec *spec,
                 gint             col,
                 gint             row,
                 double          *x,
                 double          *y)
{
  if (spec->kind != ACIES_BOARD_HEX)
    {
      *x = col + 0.5;
      *y = row + 0.5;
    }
  else if (spec->orientation == ACIES_HEX_FLAT_TOP)
    {
      *x = 1.0 + 1.5 * col;
      *y = SQRT3 / 2 + SQRT3 * row + (spec_shoved (spec, col) ? SQRT3 / 2 : 0);
    }
  else
    {
      *x = SQRT3 / 2 + SQRT3 * col + (spec_shoved (spec, row) ? SQRT3 / 2 : 0);
      *y = 1.0 + 1.5 * row;
    }
}

/* Compass name to screen angle (y grows southward). */
static double
compass_angle (const char *name)
{
  static const struct { const char *name; double deg; } table[] = {
    { "N", -90 }, { "E", 0 }, { "S", 90 }, { "W", 180 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_str_equal (name, table[i].name))
      return table[i].deg;
  g_assert_not_reached ();
  return 0;
}

/* Angle of a direction from its name: diagonal names lie between their
 * two letters, but on hexes at 30° from the axis that has a hexside or
 * vertex: flat-top NE is -30°, pointy-top NE is -60°. */
static double
expected_direction_angle (const BoardSpec *spec,
                          const char      *name)
{
  double a, b;

  if (strlen (name) == 1)
    return compass_angle (name);

  a = compass_angle ((char[]) { name[0], 0 });  /* N or S */
  b = compass_angle ((char[]) { name[1], 0 });  /* E or W */
  if (b == 180 && a == -90)
    a = 270;
  if (spec->kind == ACIES_BOARD_SQUARE)
    return (a + b) / 2;
  if (spec->orientation == ACIES_HEX_FLAT_TOP)
    return a + (b - a) * 2.0 / 3.0;
  return a + (b - a) / 3.0;
}

static double
step_length (const BoardSpec *spec,
             const char      *name)
{
  if (spec->kind == ACIES_BOARD_HEX)
    return SQRT3;
  return strlen (name) == 2 ? G_SQRT2 : 1.0;
}

/* The cell whose expected centre is at (x, y), or -1. */
static AciesCell
cell_near (const BoardSpec *spec,
           double           x,
           double           y)
{
  for (guint row = 0; row < spec->height; row++)
    for (guint col = 0; col < spec->width; col++)
      {
        double cx, cy;

        expected_center (spec, col, row, &cx, &cy);
        if (fabs (cx - x) < 1e-6 && fabs (cy - y) < 1e-6)
          return row * spec->width + col;
      }
  return ACIES_CELL_NONE;
}

/* The geometric neighbour in direction @name, or -1. */
static AciesCell
expected_neighbour (const BoardSpec *spec,
                    AciesCell        cell,
                    const char      *name)
{
  double cx, cy, a = expected_direction_angle (spec, name) * G_PI / 180;
  double len = step_length (spec, name);

  expected_center (spec, cell % spec->width, cell / spec->width, &cx, &cy);
  return cell_near (spec, cx + len * cos (a), cy + len * sin (a));
}

/* Breadth-first distances from @start over geometric adjacency. */
static guint *
bfs (const BoardSpec *spec,
     AciesBoard      *board,
     AciesCell        start,
     gboolean         diagonals)
{
  guint n = spec->width * spec->height;
  guint *dist = g_new (guint, n);
  g_autoptr(GQueue) queue = g_queue_new ();

  for (guint i = 0; i < n; i++)
    dist[i] = G_MAXUINT;
  dist[start] = 0;
  g_queue_push_tail (queue, GINT_TO_POINTER (start));

  while (!g_queue_is_empty (queue))
    {
      AciesCell c = GPOINTER_TO_INT (g_queue_pop_head (queue));

      for (guint d = 0; d < acies_board_get_n_directions (board); d++)
        {
          const char *name = acies_board_direction_name (board, d);
          AciesCell nb;

          if (spec->kind == ACIES_BOARD_SQUARE && strlen (name) == 2 && !diagonals)
            continue;
          nb = expected_neighbour (spec, c, name);
          if (nb != ACIES_CELL_NONE && dist[nb] == G_MAXUINT)
            {
              dist[nb] = dist[c] + 1;
              g_queue_push_tail (queue, GINT_TO_POINTER (nb));
            }
        }
    }
  return dist;
}

/* Tests. */

static void
test_basics (gconstpointer data)
{
  const BoardSpec *spec = data;
  g_autoptr(AciesBoard) board = board_from_spec (spec);
  g_autoptr(AciesBoard) same = board_from_spec (spec);
  g_autoptr(AciesBoard) other = acies_board_new_square (spec->width + 1, spec->height);
  GValue value = G_VALUE_INIT;

  g_assert_nonnull (board);
  g_assert_cmpint (acies_board_get_kind (board), ==, spec->kind);
  g_assert_cmpuint (acies_board_get_width (board), ==, spec->width);
  g_assert_cmpuint (acies_board_get_height (board), ==, spec->height);
  g_assert_cmpuint (acies_board_get_n_cells (board), ==, spec->width * spec->height);
  g_assert_true (acies_board_equal (board, same));
  g_assert_false (acies_board_equal (board, other));
  acies_board_set_label_origin (same, 2, 1);
  g_assert_false (acies_board_equal (board, same));

  /* The boxed type copies by reference. */
  g_value_init (&value, ACIES_TYPE_BOARD);
  g_value_set_boxed (&value, board);
  g_assert_true (g_value_get_boxed (&value) == board);
  g_value_unset (&value);

  for (guint d = 0; d < acies_board_get_n_directions (board); d++)
    {
      const char *name = acies_board_direction_name (board, d);
      guint opp = acies_board_opposite (board, d);

      g_assert_cmpint (acies_board_direction_from_name (board, name), ==, d);
      /* Opposite directions point opposite ways. */
      g_assert_cmpfloat_with_epsilon (fabs (remainder (expected_direction_angle (spec, name) -
                                                       expected_direction_angle (spec, acies_board_direction_name (board, opp)),
                                                       360)), 180, 1e-9);
      /* Directions are numbered clockwise. */
      if (d > 0)
        g_assert_cmpfloat (remainder (expected_direction_angle (spec, name) -
                                      expected_direction_angle (spec, acies_board_direction_name (board, d - 1)), 360),
                           >, 0);
    }
  g_assert_cmpint (acies_board_direction_from_name (board, "up"), ==, -1);
  g_assert_cmpint (acies_board_cell_at (board, -1, 0), ==, ACIES_CELL_NONE);
  g_assert_cmpint (acies_board_cell_at (board, spec->width, 0), ==, ACIES_CELL_NONE);
  g_assert_false (acies_board_contains (board, spec->width * spec->height));
}

static void
test_neighbours (gconstpointer data)
{
  const BoardSpec *spec = data;
  g_autoptr(AciesBoard) board = board_from_spec (spec);
  guint n = acies_board_get_n_cells (board);
  guint n_dirs = acies_board_get_n_directions (board);

  g_assert_cmpuint (n_dirs, ==, spec->kind == ACIES_BOARD_SQUARE ? 8 : spec->kind == ACIES_BOARD_HEX ? 6 : 4);

  for (AciesCell c = 0; c < (AciesCell) n; c++)
    {
      AciesCell out[8], out_all[8];
      guint n_orth = 0, n_all = 0;
      guint got_orth = acies_board_neighbours (board, c, ACIES_ADJ_ORTHOGONAL, out);
      guint got_all = acies_board_neighbours (board, c, ACIES_ADJ_ALL, out_all);

      for (guint d = 0; d < n_dirs; d++)
        {
          const char *name = acies_board_direction_name (board, d);
          AciesCell want = expected_neighbour (spec, c, name);
          gboolean diagonal = spec->kind == ACIES_BOARD_SQUARE && strlen (name) == 2;

          g_assert_cmpint (acies_board_neighbour (board, c, d), ==, want);
          if (want == ACIES_CELL_NONE)
            continue;

          g_assert_cmpint (acies_board_direction_to (board, c, want), ==, d);
          g_assert_true (acies_board_adjacent (board, c, want, ACIES_ADJ_ALL));
          g_assert_true (acies_board_adjacent (board, c, want, ACIES_ADJ_ORTHOGONAL) == !diagonal);
          g_assert_cmpint (acies_board_neighbour (board, want, acies_board_opposite (board, d)), ==, c);
          g_assert_cmpint (out_all[n_all++], ==, want);
          if (!diagonal)
            g_assert_cmpint (out[n_orth++], ==, want);
        }
      g_assert_cmpuint (got_orth, ==, n_orth);
      g_assert_cmpuint (got_all, ==, n_all);
      g_assert_false (acies_board_adjacent (board, c, c, ACIES_ADJ_ALL));
    }

  /* The four corners, counted by hand from the layout. */
  {
    gint w = spec->width - 1, h = spec->height - 1;
    AciesCell out[8];
    guint nw = acies_board_neighbours (board, acies_board_cell_at (board, 0, 0), ACIES_ADJ_ALL, out);
    guint ne = acies_board_neighbours (board, acies_board_cell_at (board, w, 0), ACIES_ADJ_ALL, out);
    guint sw = acies_board_neighbours (board, acies_board_cell_at (board, 0, h), ACIES_ADJ_ALL, out);
    guint se = acies_board_neighbours (board, acies_board_cell_at (board, w, h), ACIES_ADJ_ALL, out);

    if (spec->kind == ACIES_BOARD_SQUARE)
      {
        g_assert_cmpuint (nw, ==, 3);
        g_assert_cmpuint (ne, ==, 3);
        g_assert_cmpuint (sw, ==, 3);
        g_assert_cmpuint (se, ==, 3);
      }
    else if (spec->kind == ACIES_BOARD_ZONES)
      {
        g_assert_cmpuint (nw + ne + sw + se, ==, 8);
      }
    else if (spec->orientation == ACIES_HEX_FLAT_TOP)
      {
        /* A shoved column's top hex has 3 neighbours at the top corners,
         * an unshoved one 2; at the bottom the other way round. */
        g_assert_cmpuint (nw, ==, spec_shoved (spec, 0) ? 3 : 2);
        g_assert_cmpuint (ne, ==, spec_shoved (spec, w) ? 3 : 2);
        g_assert_cmpuint (sw, ==, spec_shoved (spec, 0) ? 2 : 3);
        g_assert_cmpuint (se, ==, spec_shoved (spec, w) ? 2 : 3);
      }
    else
      {
        g_assert_cmpuint (nw, ==, spec_shoved (spec, 0) ? 3 : 2);
        g_assert_cmpuint (sw, ==, spec_shoved (spec, h) ? 3 : 2);
        g_assert_cmpuint (ne, ==, spec_shoved (spec, 0) ? 2 : 3);
        g_assert_cmpuint (se, ==, spec_shoved (spec, h) ? 2 : 3);
      }
  }
}

static void
test_distance (gconstpointer data)
{
  const BoardSpec *spec = data;
  g_autoptr(AciesBoard) board = board_from_spec (spec);
  guint n = acies_board_get_n_cells (board);

  for (AciesCell a = 0; a < (AciesCell) n; a++)
    {
      g_autofree guint *dist = bfs (spec, board, a, FALSE);
      g_autofree guint *dist8 = bfs (spec, board, a, TRUE);

      for (AciesCell b = 0; b < (AciesCell) n; b++)
        {
          g_assert_cmpuint (acies_board_distance (board, a, b), ==, dist[b]);
          g_assert_cmpuint (acies_board_distance (board, b, a), ==, dist[b]);
          g_assert_cmpuint (acies_board_distance_8way (board, a, b), ==, dist8[b]);
        }
    }
}

static void
test_direction_to (gconstpointer data)
{
  const BoardSpec *spec = data;
  g_autoptr(AciesBoard) board = board_from_spec (spec);
  guint n = acies_board_get_n_cells (board);
  g_autofree gint *want = g_new (gint, n);

  for (AciesCell a = 0; a < (AciesCell) n; a++)
    {
      /* Walk every direction to the edge; those cells, and only those, lie
       * in a straight line from a. */
      for (guint i = 0; i < n; i++)
        want[i] = -1;
      for (guint d = 0; d < acies_board_get_n_directions (board); d++)
        {
          const char *name = acies_board_direction_name (board, d);

          for (AciesCell c = expected_neighbour (spec, a, name); c != ACIES_CELL_NONE;
               c = expected_neighbour (spec, c, name))
            want[c] = d;
        }
      for (AciesCell b = 0; b < (AciesCell) n; b++)
        g_assert_cmpint (acies_board_direction_to (board, a, b), ==, want[b]);
    }
}

static void
test_labels (gconstpointer data)
{
  const BoardSpec *spec = data;
  g_autoptr(AciesBoard) board = board_from_spec (spec);
  guint n = acies_board_get_n_cells (board);
  AciesLabelScheme schemes[] = { ACIES_LABEL_XXYY, ACIES_LABEL_ALNUM, ACIES_LABEL_ZONES };
  guint origins[][2] = { { 1, 1 }, { 3, 10 }, { 0, 0 } };

  for (guint s = 0; s < G_N_ELEMENTS (schemes); s++)
    {
      if (schemes[s] == ACIES_LABEL_ZONES && spec->kind != ACIES_BOARD_ZONES)
        continue;
      acies_board_set_label_scheme (board, schemes[s]);
      g_assert_cmpint (acies_board_get_label_scheme (board), ==, schemes[s]);

      for (guint o = 0; o < G_N_ELEMENTS (origins); o++)
        {
          g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
          guint fc, fr;

          acies_board_set_label_origin (board, origins[o][0], origins[o][1]);
          acies_board_get_label_origin (board, &fc, &fr);
          g_assert_cmpuint (fc, ==, origins[o][0]);
          g_assert_cmpuint (fr, ==, origins[o][1]);

          for (AciesCell c = 0; c < (AciesCell) n; c++)
            {
              const char *label = acies_board_cell_label (board, c);
              g_autofree char *lower = g_ascii_strdown (label, -1);

              g_assert_nonnull (label);
              g_assert_false (g_hash_table_contains (seen, label));
              g_hash_table_add (seen, (gpointer) label);
              g_assert_cmpint (acies_board_cell_from_label (board, label), ==, c);
              if (schemes[s] != ACIES_LABEL_XXYY)
                g_assert_cmpint (acies_board_cell_from_label (board, lower), ==, c);

              if (schemes[s] == ACIES_LABEL_XXYY)
                {
                  /* Column then row, two digits each, from the origin. */
                  g_autofree char *want = g_strdup_printf ("%02u%02u",
                                                           origins[o][0] + c % spec->width,
                                                           origins[o][1] + c / spec->width);
                  g_assert_cmpstr (label, ==, want);
                }
            }
          g_assert_cmpint (acies_board_cell_from_label (board, ""), ==, ACIES_CELL_NONE);
          g_assert_cmpint (acies_board_cell_from_label (board, "9999"), ==, ACIES_CELL_NONE);
          g_assert_cmpint (acies_board_cell_from_label (board, "Z99"), ==, ACIES_CELL_NONE);
        }
    }
}

static void
test_label_examples (void)
{
  g_autoptr(AciesBoard) hex = acies_board_new_hex (20, 20, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  g_autoptr(AciesBoard) square = acies_board_new_square (30, 12);
  g_autoptr(AciesBoard) big = acies_board_new_hex (120, 5, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);

  /* SPI numbering: "0215" is column 2, row 15. */
  g_assert_cmpint (acies_board_cell_from_label (hex, "0215"), ==, acies_board_cell_at (hex, 1, 14));
  g_assert_cmpstr (acies_board_cell_label (hex, acies_board_cell_at (hex, 1, 14)), ==, "0215");
  g_assert_cmpstr (acies_board_cell_label (hex, 0), ==, "0101");
  g_assert_cmpint (acies_board_cell_from_label (hex, "215"), ==, ACIES_CELL_NONE);
  g_assert_cmpint (acies_board_cell_from_label (hex, "0221"), ==, ACIES_CELL_NONE);
  acies_board_set_label_origin (hex, 30, 5);
  g_assert_cmpstr (acies_board_cell_label (hex, 0), ==, "3005");
  g_assert_cmpint (acies_board_cell_from_label (hex, "0101"), ==, ACIES_CELL_NONE);

  /* A row: "C4" is column 3, row 4; after Z comes AA. */
  g_assert_cmpstr (acies_board_cell_label (square, acies_board_cell_at (square, 2, 3)), ==, "C4");
  g_assert_cmpstr (acies_board_cell_label (square, acies_board_cell_at (square, 25, 11)), ==, "Z12");
  g_assert_cmpstr (acies_board_cell_label (square, acies_board_cell_at (square, 26, 0)), ==, "AA1");
  g_assert_cmpstr (acies_board_cell_label (square, acies_board_cell_at (square, 29, 9)), ==, "AD10");
  g_assert_cmpint (acies_board_cell_from_label (square, "c4"), ==, acies_board_cell_at (square, 2, 3));

  /* More than 99 columns: three digits for every column number. */
  g_assert_cmpstr (acies_board_cell_label (big, 0), ==, "00101");
  g_assert_cmpstr (acies_board_cell_label (big, acies_board_cell_at (big, 119, 4)), ==, "12005");
}

static void
test_zone_names (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_zones_named (lb_zone_names);
  g_autoptr(AciesBoard) unnamed = acies_board_new_zones ();
  g_auto(GStrv) names = acies_board_get_zone_names (board);
  /* LB checklist 3.1: rows from Army 1's back row, columns from Army 1's
   * left; Army 2 sees the board turned round. */
  static const char * const a1[2][5] = {
    { "Left Wing", "Left Rear", "Rear", "Right Rear", "Right Wing" },
    { "Left Flank", "Left Centre", "Centre", "Right Centre", "Right Flank" },
  };
  static const char * const a2[2][5] = {
    { "Right Flank", "Right Centre", "Centre", "Left Centre", "Left Flank" },
    { "Right Wing", "Right Rear", "Rear", "Left Rear", "Left Wing" },
  };

  for (guint row = 0; row < 4; row++)
    for (guint col = 0; col < 5; col++)
      {
        AciesCell c = acies_board_cell_at (board, col, row);
        const char *own = row < 2 ? a1[row][col] : a2[row - 2][col];
        guint owner = row < 2 ? 1 : 2;
        g_autofree char *label = g_strdup_printf ("A%u %s", owner, own);
        g_autofree char *enemy = g_strdup_printf ("enemy %s", own);

        g_assert_cmpstr (acies_board_cell_label (board, c), ==, label);
        g_assert_cmpint (acies_board_cell_from_label (board, label), ==, c);
        g_assert_cmpuint (acies_board_zone_army (board, c), ==, owner);
        g_assert_cmpstr (acies_board_zone_name (board, c, owner), ==, own);
        g_assert_cmpstr (acies_board_zone_name (board, c, 3 - owner), ==, enemy);
        g_assert_cmpstr (acies_board_zone_name (board, c, 0), ==, label);
      }

  g_assert_true (g_strv_equal ((const char * const *) names, lb_zone_names));
  g_assert_false (acies_board_equal (board, unnamed));

  /* Without a rule system's names the zones are numbered the same way:
   * Army 2's "Zone 1" is its back left, Army 1's back right corner. */
  g_assert_cmpstr (acies_board_cell_label (unnamed, acies_board_cell_at (unnamed, 0, 0)), ==, "A1 Zone 1");
  g_assert_cmpstr (acies_board_cell_label (unnamed, acies_board_cell_at (unnamed, 4, 3)), ==, "A2 Zone 1");
  g_assert_cmpstr (acies_board_zone_name (unnamed, acies_board_cell_at (unnamed, 1, 1), 2), ==, "enemy Zone 7");
  g_assert_cmpint (acies_board_cell_from_label (unnamed, "a2 zone 10"), ==, acies_board_cell_at (unnamed, 0, 2));

  /* Each army's left flank faces the other's right flank. */
  g_assert_cmpint (acies_board_neighbour (board, acies_board_cell_from_label (board, "A1 Left Flank"), 2),
                   ==, acies_board_cell_from_label (board, "A2 Right Flank"));
  g_assert_cmpint (acies_board_neighbour (board, acies_board_cell_from_label (board, "A2 Centre"), 0),
                   ==, acies_board_cell_from_label (board, "A1 Centre"));
  /* Wings sit beside the left and right rear zones (LB 3.3.2). */
  g_assert_true (acies_board_adjacent (board, acies_board_cell_from_label (board, "A1 Left Rear"),
                                       acies_board_cell_from_label (board, "A1 Left Wing"),
                                       ACIES_ADJ_ALL));
  g_assert_true (acies_board_adjacent (board, acies_board_cell_from_label (board, "A2 Left Rear"),
                                       acies_board_cell_from_label (board, "A2 Left Wing"),
                                       ACIES_ADJ_ALL));
  g_assert_cmpint (acies_board_cell_from_label (board, "a1 left centre"), ==,
                   acies_board_cell_at (board, 1, 1));
  g_assert_cmpint (acies_board_cell_from_label (board, "Left Centre"), ==, ACIES_CELL_NONE);
}

static void
test_zones_geometry (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_zones_named (lb_zone_names);
  AciesCell rear = acies_board_cell_from_label (board, "A1 Rear");
  AciesCell wing = acies_board_cell_from_label (board, "A1 Left Wing");
  AciesCell flank = acies_board_cell_from_label (board, "A1 Left Flank");
  AciesCell rear2 = acies_board_cell_from_label (board, "A1 Left Rear");
  AciesCell front[2];

  /* LB 2.1.3: no diagonal adjacency; a diagonal zone is 2 away. */
  g_assert_false (acies_board_adjacent (board, wing, acies_board_cell_at (board, 1, 1), ACIES_ADJ_ALL));
  g_assert_cmpuint (acies_board_distance (board, wing, acies_board_cell_at (board, 1, 1)), ==, 2);
  g_assert_cmpuint (acies_board_distance_8way (board, wing, acies_board_cell_at (board, 1, 1)), ==, 2);
  g_assert_cmpuint (acies_board_distance (board, wing, acies_board_cell_at (board, 4, 3)), ==, 7);

  /* LB 5.1.1: facing off the field has no front zone. */
  g_assert_cmpint (acies_board_neighbour (board, rear, 0), ==, ACIES_CELL_NONE);
  g_assert_cmpuint (acies_board_front_cells (board, rear, ACIES_FACING_SIDE, 0, front), ==, 0);
  g_assert_cmpuint (acies_board_front_cells (board, rear, ACIES_FACING_SIDE, 2, front), ==, 1);
  g_assert_cmpint (front[0], ==, acies_board_cell_from_label (board, "A1 Centre"));
  g_assert_cmpint (acies_board_neighbour (board, wing, 3), ==, ACIES_CELL_NONE);
  g_assert_cmpint (acies_board_neighbour (board, wing, 2), ==, flank);

  /* LB 3.3.2: a left rear zone faces its wing sideways (west). */
  g_assert_cmpint (acies_board_facing_toward (board, rear2, wing, ACIES_FACING_SIDE), ==, 3);
  g_assert_cmpstr (acies_board_direction_name (board, 3), ==, "W");
  g_assert_true (acies_board_cell_on_map_edge (board, wing, ACIES_MAP_EDGE_NORTH));
  g_assert_true (acies_board_cell_on_map_edge (board, wing, ACIES_MAP_EDGE_WEST));
  g_assert_false (acies_board_cell_on_map_edge (board, acies_board_cell_at (board, 2, 1), ACIES_MAP_EDGE_NORTH));
}

static void
test_edges (gconstpointer data)
{
  const BoardSpec *spec = data;
  g_autoptr(AciesBoard) board = board_from_spec (spec);
  guint n = acies_board_get_n_cells (board);
  guint n_edges = acies_board_get_n_edges (board);
  g_autofree guint *uses = g_new0 (guint, n_edges);
  guint pairs = 0, borders = 0, shared_uses = 0;

  /* Expected count: each adjacent pair across a side once, each side on
   * the border once. */
  for (AciesCell c = 0; c < (AciesCell) n; c++)
    for (guint d = 0; d < acies_board_get_n_directions (board); d++)
      {
        const char *name = acies_board_direction_name (board, d);
        AciesCell nb;

        if (spec->kind == ACIES_BOARD_SQUARE && strlen (name) == 2)
          continue;
        nb = expected_neighbour (spec, c, name);
        if (nb == ACIES_CELL_NONE)
          borders++;
        else if (nb > c)
          pairs++;
      }
  g_assert_cmpuint (n_edges, ==, pairs + borders);

  for (AciesCell c = 0; c < (AciesCell) n; c++)
    for (guint d = 0; d < acies_board_get_n_directions (board); d++)
      {
        const char *name = acies_board_direction_name (board, d);
        AciesEdge e = acies_board_edge_of (board, c, d);
        AciesCell nb = expected_neighbour (spec, c, name);
        AciesCell a, b;

        if (spec->kind == ACIES_BOARD_SQUARE && strlen (name) == 2)
          {
            g_assert_cmpint (e, ==, ACIES_EDGE_NONE);
            if (nb != ACIES_CELL_NONE)
              g_assert_cmpint (acies_board_edge_between (board, c, nb), ==, ACIES_EDGE_NONE);
            continue;
          }
        g_assert_cmpint (e, >=, 0);
        g_assert_cmpint (e, <, n_edges);
        uses[e]++;
        acies_board_edge_cells (board, e, &a, &b);

        if (nb != ACIES_CELL_NONE)
          {
            g_assert_cmpint (acies_board_edge_of (board, nb, acies_board_opposite (board, d)), ==, e);
            g_assert_cmpint (acies_board_edge_between (board, c, nb), ==, e);
            g_assert_cmpint (acies_board_edge_between (board, nb, c), ==, e);
            g_assert_cmpint (a, ==, MIN (c, nb));
            g_assert_cmpint (b, ==, MAX (c, nb));
            shared_uses++;
          }
        else
          {
            g_autofree char *want = g_strdup_printf ("%s/%s", acies_board_cell_label (board, c), name);

            g_assert_cmpint (a, ==, c);
            g_assert_cmpint (b, ==, ACIES_CELL_NONE);
            g_assert_cmpuint (acies_board_edge_direction (board, e), ==, d);
            g_assert_cmpstr (acies_board_edge_label (board, e), ==, want);
          }
      }

  for (guint e = 0; e < n_edges; e++)
    {
      AciesCell a, b;
      const char *label = acies_board_edge_label (board, e);
      double x1, y1, x2, y2, poly[12];
      guint corners, hits = 0;

      acies_board_edge_cells (board, e, &a, &b);
      g_assert_cmpuint (uses[e], ==, b == ACIES_CELL_NONE ? 1 : 2);
      g_assert_cmpint (acies_board_edge_from_label (board, label), ==, e);
      g_assert_cmpint (acies_board_neighbour (board, a, acies_board_edge_direction (board, e)), ==, b);

      if (b != ACIES_CELL_NONE)
        {
          g_autofree char *want = g_strdup_printf ("%s/%s", acies_board_cell_label (board, a),
                                                   acies_board_cell_label (board, b));
          g_autofree char *swapped = g_strdup_printf ("%s/%s", acies_board_cell_label (board, b),
                                                      acies_board_cell_label (board, a));

          g_assert_cmpstr (label, ==, want);
          g_assert_cmpint (acies_board_edge_from_label (board, swapped), ==, e);
        }

      /* The segment's ends are corners of the first cell (and of the
       * second, when there is one). */
      acies_board_edge_segment (board, e, &x1, &y1, &x2, &y2);
      for (guint k = 0; k < 2; k++)
        {
          AciesCell c = k == 0 ? a : b;

          if (c == ACIES_CELL_NONE)
            continue;
          corners = acies_board_cell_polygon (board, c, poly);
          for (guint v = 0; v < corners; v++)
            {
              if (fabs (poly[2 * v] - x1) < TOL && fabs (poly[2 * v + 1] - y1) < TOL)
                hits++;
              if (fabs (poly[2 * v] - x2) < TOL && fabs (poly[2 * v + 1] - y2) < TOL)
                hits++;
            }
        }
      g_assert_cmpuint (hits, ==, b == ACIES_CELL_NONE ? 2 : 4);
    }
  g_assert_cmpuint (shared_uses, ==, 2 * pairs);

  g_assert_cmpint (acies_board_edge_from_label (board, "nonsense"), ==, ACIES_EDGE_NONE);
  g_assert_cmpint (acies_board_edge_from_label (board, acies_board_cell_label (board, 0)), ==, ACIES_EDGE_NONE);
  {
    g_autofree char *self = g_strdup_printf ("%s/%s", acies_board_cell_label (board, 0),
                                             acies_board_cell_label (board, 0));
    g_autofree char *far = g_strdup_printf ("%s/%s", acies_board_cell_label (board, 0),
                                            acies_board_cell_label (board, n - 1));

    g_assert_cmpint (acies_board_edge_from_label (board, self), ==, ACIES_EDGE_NONE);
    g_assert_cmpint (acies_board_edge_from_label (board, far), ==, ACIES_EDGE_NONE);
  }
}

static void
test_drawing (gconstpointer data)
{
  const BoardSpec *spec = data;
  g_autoptr(AciesBoard) board = board_from_spec (spec);
  guint n = acies_board_get_n_cells (board);
  double width, height, max_x = 0, max_y = 0, min_x = G_MAXDOUBLE, min_y = G_MAXDOUBLE;

  acies_board_extent (board, &width, &height);

  for (AciesCell c = 0; c < (AciesCell) n; c++)
    {
      double x, y, ex, ey, poly[12];
      guint corners = acies_board_cell_polygon (board, c, poly);

      acies_board_cell_center (board, c, &x, &y);
      expected_center (spec, c % spec->width, c / spec->width, &ex, &ey);
      g_assert_cmpfloat_with_epsilon (x, ex, 1e-9);
      g_assert_cmpfloat_with_epsilon (y, ey, 1e-9);
      g_assert_cmpuint (corners, ==, spec->kind == ACIES_BOARD_HEX ? 6 : 4);
      g_assert_cmpint (acies_board_cell_at_point (board, x, y), ==, c);

      for (guint v = 0; v < corners; v++)
        {
          double px = poly[2 * v], py = poly[2 * v + 1];
          double vx, vy;
          double radius = spec->kind == ACIES_BOARD_HEX ? 1.0 : G_SQRT2 / 2;

          g_assert_cmpfloat_with_epsilon (hypot (px - x, py - y), radius, 1e-9);
          acies_board_vertex_point (board, c, v, &vx, &vy);
          g_assert_cmpfloat_with_epsilon (vx, px, 1e-12);
          g_assert_cmpfloat_with_epsilon (vy, py, 1e-12);
          /* Points just inside each corner belong to the cell. */
          g_assert_cmpint (acies_board_cell_at_point (board, x + 0.95 * (px - x), y + 0.95 * (py - y)), ==, c);
          max_x = MAX (max_x, px);
          max_y = MAX (max_y, py);
          min_x = MIN (min_x, px);
          min_y = MIN (min_y, py);

          /* Side d runs from corner d - 1 to corner d (hexes and zones) and
           * faces direction d: its midpoint lies that way. */
          if (spec->kind != ACIES_BOARD_SQUARE)
            {
              guint pv = (v + corners - 1) % corners;
              double mx = (poly[2 * pv] + px) / 2, my = (poly[2 * pv + 1] + py) / 2;
              double a = expected_direction_angle (spec, acies_board_direction_name (board, v));

              g_assert_cmpfloat_with_epsilon (fabs (remainder (atan2 (my - y, mx - x) * 180 / G_PI - a, 360)), 0, 1e-9);
            }
        }
    }

  g_assert_cmpfloat_with_epsilon (min_x, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (min_y, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (max_x, width, 1e-9);
  g_assert_cmpfloat_with_epsilon (max_y, height, 1e-9);
  g_assert_cmpint (acies_board_cell_at_point (board, -0.1, -0.1), ==, ACIES_CELL_NONE);
  g_assert_cmpint (acies_board_cell_at_point (board, width + 3, 1), ==, ACIES_CELL_NONE);
}

static void
test_map_edges (gconstpointer data)
{
  const BoardSpec *spec = data;
  g_autoptr(AciesBoard) board = board_from_spec (spec);
  guint n = acies_board_get_n_cells (board);

  for (AciesMapEdge edge = ACIES_MAP_EDGE_NORTH; edge <= ACIES_MAP_EDGE_WEST; edge++)
    {
      gint dir = acies_board_map_edge_direction (board, edge);
      static const char * const names[] = { "N", "E", "S", "W" };

      if (dir >= 0)
        g_assert_cmpstr (acies_board_direction_name (board, dir), ==, names[edge]);
      else
        g_assert_cmpint (acies_board_direction_from_name (board, names[edge]), ==, -1);

      for (AciesCell c = 0; c < (AciesCell) n; c++)
        {
          gint col = c % spec->width, row = c / spec->width;
          gboolean want = (edge == ACIES_MAP_EDGE_NORTH && row == 0) ||
                          (edge == ACIES_MAP_EDGE_SOUTH && row == (gint) spec->height - 1) ||
                          (edge == ACIES_MAP_EDGE_WEST && col == 0) ||
                          (edge == ACIES_MAP_EDGE_EAST && col == (gint) spec->width - 1);

          g_assert_true (acies_board_cell_on_map_edge (board, c, edge) == want);
          if (dir >= 0)
            g_assert_true ((acies_board_neighbour (board, c, dir) == ACIES_CELL_NONE) == want);
        }
    }
  g_assert_cmpint (acies_board_map_edge_direction (board, ACIES_MAP_EDGE_NONE), ==, -1);
}

static void
test_facing (gconstpointer data)
{
  const BoardSpec *spec = data;
  g_autoptr(AciesBoard) board = board_from_spec (spec);
  guint n = acies_board_get_n_cells (board);

  for (AciesCell c = 0; c < (AciesCell) n; c++)
    {
      AciesCell out[2];

      g_assert_cmpuint (acies_board_front_cells (board, c, ACIES_FACING_NONE, 0, out), ==, 0);

      for (guint d = 0; d < acies_board_get_n_directions (board); d++)
        {
          AciesCell nb = expected_neighbour (spec, c, acies_board_direction_name (board, d));
          guint got = acies_board_front_cells (board, c, ACIES_FACING_SIDE, d, out);

          g_assert_cmpuint (got, ==, nb == ACIES_CELL_NONE ? 0 : 1);
          if (got == 1)
            g_assert_cmpint (out[0], ==, nb);
          if (nb != ACIES_CELL_NONE &&
              (spec->kind != ACIES_BOARD_SQUARE || d % 2 == 0))
            g_assert_cmpint (acies_board_facing_toward (board, c, nb, ACIES_FACING_SIDE), ==, d);
        }

      if (spec->kind != ACIES_BOARD_HEX)
        continue;

      /* Vertex facing: the front hexes are the other hexes that have the
       * faced vertex as a corner. */
      for (guint v = 0; v < 6; v++)
        {
          double vx, vy;
          AciesCell want[2];
          guint n_want = 0, got;

          acies_board_vertex_point (board, c, v, &vx, &vy);
          for (AciesCell o = 0; o < (AciesCell) n; o++)
            {
              double poly[12];

              if (o == c)
                continue;
              acies_board_cell_polygon (board, o, poly);
              for (guint k = 0; k < 6; k++)
                if (fabs (poly[2 * k] - vx) < TOL && fabs (poly[2 * k + 1] - vy) < TOL)
                  {
                    g_assert_cmpuint (n_want, <, 2);
                    want[n_want++] = o;
                  }
            }
          got = acies_board_front_cells (board, c, ACIES_FACING_VERTEX, v, out);
          g_assert_cmpuint (got, ==, n_want);
          for (guint k = 0; k < got; k++)
            g_assert_true (out[k] == want[0] || (n_want == 2 && out[k] == want[1]));
          if (got == 2)
            g_assert_cmpint (out[0], !=, out[1]);
        }
    }

  /* Facing a hex two away along a vertex line faces that vertex, and the
   * front hexes are the two the line runs between. */
  if (spec->kind == ACIES_BOARD_HEX)
    {
      AciesCell c = acies_board_cell_at (board, spec->width / 2, spec->height / 2);

      for (guint v = 0; v < 6; v++)
        {
          AciesCell a = acies_board_neighbour (board, c, v);
          AciesCell target = a == ACIES_CELL_NONE ? ACIES_CELL_NONE
                                                  : acies_board_neighbour (board, a, (v + 1) % 6);
          AciesCell out[2];
          g_autoptr(GArray) steps = NULL;
          AciesLosStep *s;

          if (target == ACIES_CELL_NONE)
            continue;
          g_assert_cmpint (acies_board_facing_toward (board, c, target, ACIES_FACING_VERTEX), ==, v);
          g_assert_cmpuint (acies_board_front_cells (board, c, ACIES_FACING_VERTEX, v, out), ==, 2);
          steps = acies_board_los_steps (board, c, target);
          g_assert_cmpuint (steps->len, ==, 1);
          s = &g_array_index (steps, AciesLosStep, 0);
          g_assert_true (s->between);
          g_assert_true ((s->cell == out[0] && s->alt == out[1]) ||
                         (s->cell == out[1] && s->alt == out[0]));
        }
    }
}

/* Line of sight by brute force. */

/* Whether the open segment P→Q passes through the interior of the convex
 * clockwise (screen) polygon, over a positive length. */
static gboolean
segment_crosses_interior (const double *poly,
                          guint         n,
                          double        px,
                          double        py,
                          double        qx,
                          double        qy)
{
  double t0 = 0, t1 = 1;

  for (guint i = 0; i < n; i++)
    {
      double ax = poly[2 * i], ay = poly[2 * i + 1];
      double bx = poly[2 * ((i + 1) % n)], by = poly[2 * ((i + 1) % n) + 1];
      /* Inward normal of a clockwise polygon in y-down coordinates. */
      double nx = -(by - ay), ny = bx - ax;
      double len = hypot (nx, ny);
      double f0, f1;

      nx /= len;
      ny /= len;
      f0 = nx * (px - ax) + ny * (py - ay) - 1e-7;
      f1 = nx * (qx - ax) + ny * (qy - ay) - 1e-7;
      /* Need f(t) = f0 + (f1 - f0) t > 0. */
      if (fabs (f1 - f0) < 1e-15)
        {
          if (f0 <= 0)
            return FALSE;
          continue;
        }
      {
        double t = f0 / (f0 - f1);

        if (f1 > f0)
          t0 = MAX (t0, t);
        else
          t1 = MIN (t1, t);
      }
    }
  return t1 - t0 > 1e-6;
}

static double
point_segment_distance (double x,
                        double y,
                        double px,
                        double py,
                        double qx,
                        double qy)
{
  double dx = qx - px, dy = qy - py;
  double t = ((x - px) * dx + (y - py) * dy) / (dx * dx + dy * dy);

  t = CLAMP (t, 0, 1);
  return hypot (x - (px + t * dx), y - (py + t * dy));
}

/* Whether the segment runs along one of the polygon's sides over a
 * positive length. */
static gboolean
segment_along_side (const double *poly,
                    guint         n,
                    double        px,
                    double        py,
                    double        qx,
                    double        qy)
{
  double dx = qx - px, dy = qy - py, len2 = dx * dx + dy * dy;

  for (guint i = 0; i < n; i++)
    {
      double ax = poly[2 * i], ay = poly[2 * i + 1];
      double bx = poly[2 * ((i + 1) % n)], by = poly[2 * ((i + 1) % n) + 1];
      double ca = (ax - px) * dy - (ay - py) * dx;
      double cb = (bx - px) * dy - (by - py) * dx;
      double ta, tb;

      if (fabs (ca) > 1e-7 || fabs (cb) > 1e-7)
        continue;
      ta = ((ax - px) * dx + (ay - py) * dy) / len2;
      tb = ((bx - px) * dx + (by - py) * dy) / len2;
      if (MIN (1, MAX (ta, tb)) - MAX (0, MIN (ta, tb)) > 1e-6)
        return TRUE;
    }
  return FALSE;
}

static gboolean
segment_touches (const double *poly,
                 guint         n,
                 double        px,
                 double        py,
                 double        qx,
                 double        qy)
{
  for (guint i = 0; i < n; i++)
    if (point_segment_distance (poly[2 * i], poly[2 * i + 1], px, py, qx, qy) < 1e-7)
      return TRUE;
  return FALSE;
}

static double
project (const AciesBoard *board,
         AciesCell         c,
         double            px,
         double            py,
         double            qx,
         double            qy)
{
  double x, y;

  acies_board_cell_center (board, c, &x, &y);
  return (x - px) * (qx - px) + (y - py) * (qy - py);
}

typedef struct
{
  GHashTable *blocking;
} BlockData;

static gboolean
blocks_cb (const AciesBoard *board,
           AciesCell         cell,
           gpointer          user_data)
{
  BlockData *bd = user_data;

  g_assert_true (acies_board_contains (board, cell));
  return g_hash_table_contains (bd->blocking, GINT_TO_POINTER (cell));
}

static void
test_los (gconstpointer data)
{
  const BoardSpec *spec = data;
  g_autoptr(AciesBoard) board = board_from_spec (spec);
  guint n = acies_board_get_n_cells (board);
  guint n_between = 0, n_border = 0;

  for (AciesCell a = 0; a < (AciesCell) n; a++)
    for (AciesCell b = 0; b < (AciesCell) n; b++)
      {
        g_autoptr(GArray) steps = acies_board_los_steps (board, a, b);
        g_autoptr(GHashTable) singles = g_hash_table_new (NULL, NULL);
        g_autoptr(GHashTable) pair_cells = g_hash_table_new (NULL, NULL);
        g_autoptr(GHashTable) blocking = g_hash_table_new (NULL, NULL);
        BlockData bd = { blocking };
        double px, py, qx, qy, last = -G_MAXDOUBLE;
        guint want_singles = 0, want_pair_cells = 0;

        acies_board_cell_center (board, a, &px, &py);
        acies_board_cell_center (board, b, &qx, &qy);

        for (guint i = 0; i < steps->len; i++)
          {
            AciesLosStep *s = &g_array_index (steps, AciesLosStep, i);
            double pos = project (board, s->cell, px, py, qx, qy);

            /* A corner pair is ordered by the corner, the midpoint of the
             * two squares' centres. */
            if (s->between && s->alt != ACIES_CELL_NONE)
              pos = (pos + project (board, s->alt, px, py, qx, qy)) / 2;
            g_assert_true (acies_board_contains (board, s->cell));
            g_assert_cmpint (s->cell, !=, a);
            g_assert_cmpint (s->cell, !=, b);
            g_assert_cmpfloat (pos, >, last + 1e-9);
            last = pos;
            if (!s->between)
              {
                g_assert_cmpint (s->alt, ==, ACIES_CELL_NONE);
                g_hash_table_add (singles, GINT_TO_POINTER (s->cell));
                continue;
              }
            n_between++;
            g_hash_table_add (pair_cells, GINT_TO_POINTER (s->cell));
            if (s->alt == ACIES_CELL_NONE)
              {
                n_border++;
                continue;
              }
            g_hash_table_add (pair_cells, GINT_TO_POINTER (s->alt));
            if (spec->kind == ACIES_BOARD_HEX)
              {
                /* The two hexes mirror each other across the hexside. */
                g_assert_cmpfloat_with_epsilon (project (board, s->alt, px, py, qx, qy),
                                                project (board, s->cell, px, py, qx, qy), 1e-9);
                g_assert_true (acies_board_adjacent (board, s->cell, s->alt, ACIES_ADJ_ALL));
              }
            else
              {
                gint c1, r1, c2, r2;

                /* Two squares sharing only the corner. */
                acies_board_cell_coords (board, s->cell, &c1, &r1);
                acies_board_cell_coords (board, s->alt, &c2, &r2);
                g_assert_cmpint (ABS (c1 - c2), ==, 1);
                g_assert_cmpint (ABS (r1 - r2), ==, 1);
              }
          }

        /* Brute force over every cell. */
        for (AciesCell c = 0; c < (AciesCell) n; c++)
          {
            double poly[12];
            guint corners;
            gboolean interior, along;

            if (c == a || c == b)
              continue;
            corners = acies_board_cell_polygon (board, c, poly);
            interior = segment_crosses_interior (poly, corners, px, py, qx, qy);
            if (spec->kind == ACIES_BOARD_HEX)
              along = !interior && segment_along_side (poly, corners, px, py, qx, qy);
            else
              along = !interior && segment_touches (poly, corners, px, py, qx, qy);

            if (g_hash_table_contains (singles, GINT_TO_POINTER (c)) != interior)
              g_test_message ("%s: line %s to %s, cell %s: interior %d",
                              spec->name, acies_board_cell_label (board, a),
                              acies_board_cell_label (board, b),
                              acies_board_cell_label (board, c), interior);
            g_assert_true (g_hash_table_contains (singles, GINT_TO_POINTER (c)) == interior);
            g_assert_true (g_hash_table_contains (pair_cells, GINT_TO_POINTER (c)) == along);
            want_singles += interior;
            want_pair_cells += along;
          }
        g_assert_cmpuint (g_hash_table_size (singles), ==, want_singles);
        g_assert_cmpuint (g_hash_table_size (pair_cells), ==, want_pair_cells);

        /* has_los: any single blocks; a pair blocks only when both do
         * (FB 7.22). */
        g_assert_true (acies_board_has_los (board, a, b, blocks_cb, &bd));
        g_hash_table_add (blocking, GINT_TO_POINTER (a));
        g_hash_table_add (blocking, GINT_TO_POINTER (b));
        g_assert_true (acies_board_has_los (board, a, b, blocks_cb, &bd));
        for (guint i = 0; i < steps->len; i++)
          {
            AciesLosStep *s = &g_array_index (steps, AciesLosStep, i);

            g_hash_table_remove_all (blocking);
            g_hash_table_add (blocking, GINT_TO_POINTER (s->cell));
            g_assert_true (acies_board_has_los (board, a, b, blocks_cb, &bd) == s->between);
            if (s->between && s->alt != ACIES_CELL_NONE)
              {
                g_hash_table_remove_all (blocking);
                g_hash_table_add (blocking, GINT_TO_POINTER (s->alt));
                g_assert_true (acies_board_has_los (board, a, b, blocks_cb, &bd));
                g_hash_table_add (blocking, GINT_TO_POINTER (s->cell));
                g_assert_false (acies_board_has_los (board, a, b, blocks_cb, &bd));
              }
          }
      }

  /* Every board here is big enough to have lines along hexsides or
   * through corners, and hex boards have some along the map border. */
  if (spec->kind != ACIES_BOARD_ZONES)
    g_assert_cmpuint (n_between, >, 0);
  if (spec->kind == ACIES_BOARD_HEX)
    g_assert_cmpuint (n_border, >, 0);
  else
    g_assert_cmpuint (n_border, ==, 0);
}

static void
test_los_hexside_example (void)
{
  /* Flat-top odd-q: 0303 (column index 2, unshoved) and 0503 stand in
   * the same row; column index 3 between them is shoved down, so the line runs
   * along the hexside between 0402 (NE of 0303) and 0403 (SE of 0303). */
  g_autoptr(AciesBoard) board = acies_board_new_hex (8, 8, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  AciesCell from = acies_board_cell_from_label (board, "0303");
  AciesCell to = acies_board_cell_from_label (board, "0503");
  g_autoptr(GArray) steps = acies_board_los_steps (board, from, to);
  AciesLosStep *s;
  g_autoptr(GHashTable) blocking = g_hash_table_new (NULL, NULL);
  BlockData bd = { blocking };

  g_assert_cmpuint (acies_board_distance (board, from, to), ==, 2);
  g_assert_cmpuint (steps->len, ==, 1);
  s = &g_array_index (steps, AciesLosStep, 0);
  g_assert_true (s->between);
  g_assert_cmpstr (acies_board_cell_label (board, MIN (s->cell, s->alt)), ==, "0402");
  g_assert_cmpstr (acies_board_cell_label (board, MAX (s->cell, s->alt)), ==, "0403");

  g_hash_table_add (blocking, GINT_TO_POINTER (acies_board_cell_from_label (board, "0402")));
  g_assert_true (acies_board_has_los (board, from, to, blocks_cb, &bd));
  g_hash_table_remove_all (blocking);
  g_hash_table_add (blocking, GINT_TO_POINTER (acies_board_cell_from_label (board, "0403")));
  g_assert_true (acies_board_has_los (board, from, to, blocks_cb, &bd));
  g_hash_table_add (blocking, GINT_TO_POINTER (acies_board_cell_from_label (board, "0402")));
  g_assert_false (acies_board_has_los (board, from, to, blocks_cb, &bd));

  /* Straight down a column: a single hex in between, which blocks alone. */
  g_clear_pointer (&steps, g_array_unref);
  steps = acies_board_los_steps (board, from, acies_board_cell_from_label (board, "0305"));
  g_assert_cmpuint (steps->len, ==, 1);
  g_assert_false (g_array_index (steps, AciesLosStep, 0).between);
  g_assert_cmpstr (acies_board_cell_label (board, g_array_index (steps, AciesLosStep, 0).cell), ==, "0304");
}

static void
test_los_square_corner (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (6, 6);
  g_autoptr(GArray) steps = acies_board_los_steps (board, acies_board_cell_from_label (board, "A1"),
                                                   acies_board_cell_from_label (board, "C3"));
  AciesLosStep *s;

  /* A1 to C3 passes the corners A1/B2 and B2/C3 and the centre of B2. */
  g_assert_cmpuint (steps->len, ==, 3);
  s = &g_array_index (steps, AciesLosStep, 0);
  g_assert_true (s->between);
  g_assert_cmpstr (acies_board_cell_label (board, MIN (s->cell, s->alt)), ==, "B1");
  g_assert_cmpstr (acies_board_cell_label (board, MAX (s->cell, s->alt)), ==, "A2");
  s = &g_array_index (steps, AciesLosStep, 1);
  g_assert_false (s->between);
  g_assert_cmpstr (acies_board_cell_label (board, s->cell), ==, "B2");
  s = &g_array_index (steps, AciesLosStep, 2);
  g_assert_true (s->between);
  g_assert_cmpstr (acies_board_cell_label (board, MIN (s->cell, s->alt)), ==, "C2");
  g_assert_cmpstr (acies_board_cell_label (board, MAX (s->cell, s->alt)), ==, "B3");

  g_clear_pointer (&steps, g_array_unref);
  steps = acies_board_los_steps (board, 0, 0);
  g_assert_cmpuint (steps->len, ==, 0);
}

static void
add_spec_test (const char    *what,
               const BoardSpec *spec,
               GTestDataFunc  func)
{
  g_autofree char *path = NULL;

  if (spec->kind == ACIES_BOARD_HEX)
    path = g_strdup_printf ("/acies/geometry/hex/%s-%s", what, spec->name);
  else
    path = g_strdup_printf ("/acies/geometry/%s/%s", spec->name, what);
  g_test_add_data_func (path, spec, func);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      add_spec_test ("basics", &specs[i], test_basics);
      add_spec_test ("neighbours", &specs[i], test_neighbours);
      add_spec_test ("distance", &specs[i], test_distance);
      add_spec_test ("direction-to", &specs[i], test_direction_to);
      add_spec_test ("labels", &specs[i], test_labels);
      add_spec_test ("edges", &specs[i], test_edges);
      add_spec_test ("drawing", &specs[i], test_drawing);
      add_spec_test ("map-edges", &specs[i], test_map_edges);
      add_spec_test ("facing", &specs[i], test_facing);
      add_spec_test ("los", &specs[i], test_los);
    }
  g_test_add_func ("/acies/geometry/labels/examples", test_label_examples);
  g_test_add_func ("/acies/geometry/zones/names", test_zone_names);
  g_test_add_func ("/acies/geometry/zones/geometry", test_zones_geometry);
  g_test_add_func ("/acies/geometry/hex/los-along-hexside", test_los_hexside_example);
  g_test_add_func ("/acies/geometry/square/los-corner", test_los_square_corner);

  return g_test_run ();
}
