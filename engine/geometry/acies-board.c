/* acies-board.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-geometry"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "geometry/acies-board.h"
#include "geometry/acies-board-private.h"

#define SQRT3 1.7320508075688772


G_DEFINE_BOXED_TYPE (AciesBoard, acies_board, acies_board_ref, acies_board_unref)

/* Direction tables. */

static const char * const square_dir_names[8] = { "N", "NE", "E", "SE", "S", "SW", "W", "NW" };
static const char * const flat_dir_names[6] = { "N", "NE", "SE", "S", "SW", "NW" };
static const char * const pointy_dir_names[6] = { "NE", "E", "SE", "SW", "W", "NW" };
static const char * const zone_dir_names[4] = { "N", "E", "S", "W" };

static const gint square_dc[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const gint square_dr[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };
static const gint zone_dc[4] = { 0, 1, 0, -1 };
static const gint zone_dr[4] = { -1, 0, 1, 0 };


/* Offset steps (dcol, drow) for hexes, by whether the column (flat-top) or
 * row (pointy-top) of the starting hex is shoved. */
static const gint flat_dc[6] = { 0, 1, 1, 0, -1, -1 };
static const gint flat_drow_plain[6] = { -1, -1, 0, 1, 0, -1 };
static const gint flat_drow_shoved[6] = { -1, 0, 1, 1, 1, 0 };
static const gint pointy_dr_off[6] = { -1, 0, 1, 1, 0, -1 };
static const gint pointy_dcol_plain[6] = { 0, 1, 0, -1, -1, -1 };
static const gint pointy_dcol_shoved[6] = { 1, 1, 1, 0, -1, 0 };

/* Small helpers. */

static inline guint
n_directions_of (const AciesBoard *board)
{
  switch (board->kind)
    {
    case ACIES_BOARD_SQUARE:
      return 8;
    case ACIES_BOARD_HEX:
      return 6;
    case ACIES_BOARD_ZONES:
    default:
      return 4;
    }
}

/* Offset step of @direction from (@col, @row), without bounds checks. */
static inline void
step (const AciesBoard *board,
      gint              col,
      gint              row,
      guint             direction,
      gint             *ncol,
      gint             *nrow)
{
  switch (board->kind)
    {
    case ACIES_BOARD_SQUARE:
      *ncol = col + square_dc[direction];
      *nrow = row + square_dr[direction];
      break;

    case ACIES_BOARD_ZONES:
      *ncol = col + zone_dc[direction];
      *nrow = row + zone_dr[direction];
      break;

    case ACIES_BOARD_HEX:
    default:
      if (board->orientation == ACIES_HEX_FLAT_TOP)
        {
          *ncol = col + flat_dc[direction];
          *nrow = row + (is_shoved (board, col) ? flat_drow_shoved : flat_drow_plain)[direction];
        }
      else
        {
          *nrow = row + pointy_dr_off[direction];
          *ncol = col + (is_shoved (board, row) ? pointy_dcol_shoved : pointy_dcol_plain)[direction];
        }
      break;
    }
}

/* The direction of a cell side, from the side index (0..n_sides-1). */
static inline guint
side_direction (const AciesBoard *board,
                guint             side)
{
  return board->kind == ACIES_BOARD_SQUARE ? side * 2 : side;
}

static inline gint
direction_side (const AciesBoard *board,
                guint             direction)
{
  if (board->kind == ACIES_BOARD_SQUARE)
    return (direction & 1) ? -1 : (gint) (direction / 2);
  return (gint) direction;
}

/* Construction. */

static void
build_edges (AciesBoard *board)
{
  guint n = n_cells_of (board);
  guint max_edges = n * board->n_sides;
  guint next = 0;

  board->edge_of = g_new (AciesEdge, max_edges);
  board->edge_a = g_new (AciesCell, max_edges);
  board->edge_b = g_new (AciesCell, max_edges);
  board->edge_dir = g_new (guint8, max_edges);

  for (guint cell = 0; cell < n; cell++)
    {
      gint col = cell % board->width;
      gint row = cell / board->width;

      for (guint side = 0; side < board->n_sides; side++)
        {
          guint dir = side_direction (board, side);
          gint ncol, nrow;

          step (board, col, row, dir, &ncol, &nrow);
          if (in_grid (board, ncol, nrow) &&
              (guint) (nrow * (gint) board->width + ncol) < cell)
            {
              /* Already numbered from the lower neighbour's side. */
              AciesCell other = nrow * (gint) board->width + ncol;
              guint back = (dir + n_directions_of (board) / 2) % n_directions_of (board);

              board->edge_of[cell * board->n_sides + side] =
                board->edge_of[other * board->n_sides + direction_side (board, back)];
            }
          else
            {
              board->edge_of[cell * board->n_sides + side] = next;
              board->edge_a[next] = cell;
              board->edge_b[next] = in_grid (board, ncol, nrow)
                ? nrow * (gint) board->width + ncol : ACIES_CELL_NONE;
              board->edge_dir[next] = dir;
              next++;
            }
        }
    }

  board->n_edges = next;
  board->edge_a = g_renew (AciesCell, board->edge_a, MAX (next, 1));
  board->edge_b = g_renew (AciesCell, board->edge_b, MAX (next, 1));
  board->edge_dir = g_renew (guint8, board->edge_dir, MAX (next, 1));
}

static AciesBoard *
board_new (AciesBoardKind      kind,
           guint               width,
           guint               height,
           AciesHexOrientation orientation,
           AciesHexOffset      offset,
           AciesLabelScheme    scheme)
{
  AciesBoard *board = g_new0 (AciesBoard, 1);

  board->ref_count = 1;
  board->kind = kind;
  board->width = width;
  board->height = height;
  board->orientation = orientation;
  board->offset = offset;
  board->scheme = scheme;
  board->first_col = 1;
  board->first_row = 1;
  board->n_sides = kind == ACIES_BOARD_HEX ? 6 : 4;
  board->retired = g_ptr_array_new_with_free_func (g_free);

  build_edges (board);

  return board;
}

/**
 * acies_board_new_square:
 * @width: number of columns, 1 to %ACIES_MAX_BOARD_SIDE
 * @height: number of rows, 1 to %ACIES_MAX_BOARD_SIDE
 *
 * Creates a square grid.  Orthogonal neighbours share a side; diagonal ones
 * a corner.  Labels default to %ACIES_LABEL_ALNUM ("C4").
 *
 * Returns: (transfer full): a new board
 */
AciesBoard *
acies_board_new_square (guint width,
                        guint height)
{
  g_return_val_if_fail (width >= 1 && width <= ACIES_MAX_BOARD_SIDE, NULL);
  g_return_val_if_fail (height >= 1 && height <= ACIES_MAX_BOARD_SIDE, NULL);

  return board_new (ACIES_BOARD_SQUARE, width, height,
                    ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD, ACIES_LABEL_ALNUM);
}

/**
 * acies_board_new_hex:
 * @width: number of columns, 1 to %ACIES_MAX_BOARD_SIDE
 * @height: number of rows, 1 to %ACIES_MAX_BOARD_SIDE
 * @orientation: flat-top (hexes in columns) or pointy-top (hexes in rows)
 * @offset: which columns (flat-top) or rows (pointy-top) are shoved by half a hex
 *
 * Creates a hex grid in offset coordinates.  Labels default to
 * %ACIES_LABEL_XXYY ("0215", SPI and GBoH numbering).
 *
 * Returns: (transfer full): a new board
 */
AciesBoard *
acies_board_new_hex (guint               width,
                     guint               height,
                     AciesHexOrientation orientation,
                     AciesHexOffset      offset)
{
  g_return_val_if_fail (width >= 1 && width <= ACIES_MAX_BOARD_SIDE, NULL);
  g_return_val_if_fail (height >= 1 && height <= ACIES_MAX_BOARD_SIDE, NULL);
  g_return_val_if_fail (orientation == ACIES_HEX_FLAT_TOP || orientation == ACIES_HEX_POINTY_TOP, NULL);
  g_return_val_if_fail (offset == ACIES_HEX_OFFSET_ODD || offset == ACIES_HEX_OFFSET_EVEN, NULL);

  return board_new (ACIES_BOARD_HEX, width, height, orientation, offset, ACIES_LABEL_XXYY);
}

/**
 * acies_board_new_zones_named:
 * @names: (array zero-terminated=1) (nullable): the names an army gives
 *   its own ten zones, back row first, each row from its left to its right
 *   ("Left Wing", "Left Rear", "Rear", … "Right Flank"), as a catalogue's
 *   board gives them (AciesCatalogue.zone_names); %NULL names them "Zone 1"
 *   to "Zone 10" in that order
 *
 * Creates a zone board: 5 columns by 4 rows of zones.  Rows 0 and 1 belong
 * to Army 1 (its back and front rows), rows 2 and 3 to Army 2, which sees
 * the board turned round; column 0 is Army 1's left.  Zones border
 * orthogonally only.  Labels are %ACIES_LABEL_ZONES: the army and the
 * owner's name ("A1 Left Centre", "A2 Rear").  Lost Battles' field
 * (LB 2.1.1, 2.1.3; checklist 3.1, ruling LB-G02) is this board with the
 * names of data/rulesets/lost-battles.json.
 *
 * Returns: (transfer full): a new board, or %NULL when @names does not hold
 *   exactly ten distinct non-empty names
 */
AciesBoard *
acies_board_new_zones_named (const char * const *names)
{
  AciesBoard *board;

  if (names != NULL)
    {
      guint n = g_strv_length ((char **) names);

      g_return_val_if_fail (n == ZONE_HALF, NULL);
      for (guint i = 0; i < n; i++)
        {
          g_return_val_if_fail (*names[i] != '\0', NULL);
          for (guint j = 0; j < i; j++)
            g_return_val_if_fail (g_ascii_strcasecmp (names[i], names[j]) != 0, NULL);
        }
    }

  board = board_new (ACIES_BOARD_ZONES, ZONE_COLS, ZONE_ROWS,
                     ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD, ACIES_LABEL_ZONES);
  board->zone_own = g_new0 (char *, ZONE_COLS * ZONE_ROWS + 1);
  board->zone_enemy = g_new0 (char *, ZONE_COLS * ZONE_ROWS + 1);
  board->zone_labels = g_new0 (char *, ZONE_COLS * ZONE_ROWS + 1);
  board->zone_shown = g_new0 (char *, ZONE_COLS * ZONE_ROWS + 1);
  for (guint row = 0; row < ZONE_ROWS; row++)
    for (guint col = 0; col < ZONE_COLS; col++)
      {
        guint army = row < ZONE_ROWS / 2 ? 1 : 2;
        /* Army 2 sees the board turned round: its back row is row 3 and
         * its left is column 4. */
        guint own_row = army == 1 ? row : ZONE_ROWS - 1 - row;
        guint own_col = army == 1 ? col : ZONE_COLS - 1 - col;
        guint index = own_row * ZONE_COLS + own_col;
        guint cell = row * ZONE_COLS + col;

        board->zone_own[cell] = names != NULL ? g_strdup (names[index]) : g_strdup_printf ("Zone %u", index + 1);
        board->zone_enemy[cell] = g_strconcat ("enemy ", board->zone_own[cell], NULL);
        board->zone_labels[cell] = g_strdup_printf ("A%u %s", army, board->zone_own[cell]);
        /* Translators: a Lost Battles zone as the board shows it ("A1 Left
         * Centre"): %u is the army (1 or 2), %s the zone's name for that
         * army (translated with the context "zone name"). */
        board->zone_shown[cell] = g_strdup_printf (_("A%u %s"), army,
                                                   g_dpgettext2 (GETTEXT_PACKAGE, "zone name", board->zone_own[cell]));
      }

  return board;
}

/**
 * acies_board_new_zones:
 *
 * A zone board whose zones have no names of a rule system:
 * acies_board_new_zones_named() with %NULL ("A1 Zone 6").
 *
 * Returns: (transfer full): a new board
 */
AciesBoard *
acies_board_new_zones (void)
{
  return acies_board_new_zones_named (NULL);
}

/**
 * acies_board_get_zone_names:
 * @board: a board
 *
 * Returns: (transfer full) (nullable): the names a zone board's army gives
 *   its own zones, in the order acies_board_new_zones_named() takes them,
 *   or %NULL for a board of another kind
 */
GStrv
acies_board_get_zone_names (const AciesBoard *board)
{
  GStrv names;

  g_return_val_if_fail (board != NULL, NULL);

  if (board->kind != ACIES_BOARD_ZONES)
    return NULL;
  names = g_new0 (char *, ZONE_HALF + 1);
  for (guint cell = 0; cell < ZONE_HALF; cell++)
    names[cell] = g_strdup (board->zone_own[cell]);
  return names;
}

/**
 * acies_board_ref:
 * @board: a board
 *
 * Returns: (transfer full): @board
 */
AciesBoard *
acies_board_ref (AciesBoard *board)
{
  g_return_val_if_fail (board != NULL, NULL);

  g_atomic_int_inc (&board->ref_count);
  return board;
}

/**
 * acies_board_unref:
 * @board: (transfer full): a board
 *
 * Drops a reference; the last one frees the board and its labels.
 */
void
acies_board_unref (AciesBoard *board)
{
  g_return_if_fail (board != NULL);

  if (!g_atomic_int_dec_and_test (&board->ref_count))
    return;

  g_free (board->cell_labels);
  g_free (board->edge_labels);
  g_strfreev (board->zone_own);
  g_strfreev (board->zone_enemy);
  g_strfreev (board->zone_shown);
  g_strfreev (board->zone_labels);
  g_ptr_array_unref (board->retired);
  g_free (board->edge_of);
  g_free (board->edge_a);
  g_free (board->edge_b);
  g_free (board->edge_dir);
  g_free (board);
}

/* Accessors. */

/**
 * acies_board_get_kind:
 * @board: a board
 *
 * Returns: square, hex or zones
 */
AciesBoardKind
acies_board_get_kind (const AciesBoard *board)
{
  g_return_val_if_fail (board != NULL, ACIES_BOARD_SQUARE);
  return board->kind;
}

/**
 * acies_board_get_width:
 * @board: a board
 *
 * Returns: the number of columns
 */
guint
acies_board_get_width (const AciesBoard *board)
{
  g_return_val_if_fail (board != NULL, 0);
  return board->width;
}

/**
 * acies_board_get_height:
 * @board: a board
 *
 * Returns: the number of rows
 */
guint
acies_board_get_height (const AciesBoard *board)
{
  g_return_val_if_fail (board != NULL, 0);
  return board->height;
}

/**
 * acies_board_get_n_cells:
 * @board: a board
 *
 * Returns: width × height; cells are 0 .. n_cells - 1
 */
guint
acies_board_get_n_cells (const AciesBoard *board)
{
  g_return_val_if_fail (board != NULL, 0);
  return n_cells_of (board);
}

/**
 * acies_board_get_orientation:
 * @board: a board
 *
 * Returns: the hex orientation (meaningful on hex boards only)
 */
AciesHexOrientation
acies_board_get_orientation (const AciesBoard *board)
{
  g_return_val_if_fail (board != NULL, ACIES_HEX_FLAT_TOP);
  return board->orientation;
}

/**
 * acies_board_get_offset:
 * @board: a board
 *
 * Returns: the hex offset parity (meaningful on hex boards only)
 */
AciesHexOffset
acies_board_get_offset (const AciesBoard *board)
{
  g_return_val_if_fail (board != NULL, ACIES_HEX_OFFSET_ODD);
  return board->offset;
}

/**
 * acies_board_get_n_directions:
 * @board: a board
 *
 * Returns: 8 for squares (orthogonal and diagonal), 6 for hexes, 4 for zones;
 *   an array passed to acies_board_neighbours() needs this many slots
 */
guint
acies_board_get_n_directions (const AciesBoard *board)
{
  g_return_val_if_fail (board != NULL, 0);
  return n_directions_of (board);
}

/**
 * acies_board_equal:
 * @a: a board
 * @b: another board
 *
 * Compares the definitions: kind, size, hex orientation and offset (hex
 * boards only), label scheme and label origin.
 *
 * Returns: %TRUE if @a and @b define the same board
 */
gboolean
acies_board_equal (const AciesBoard *a,
                   const AciesBoard *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  if (a == b)
    return TRUE;
  if (a->kind != b->kind || a->width != b->width || a->height != b->height)
    return FALSE;
  if (a->kind == ACIES_BOARD_HEX &&
      (a->orientation != b->orientation || a->offset != b->offset))
    return FALSE;
  if (a->kind == ACIES_BOARD_ZONES)
    for (guint cell = 0; cell < ZONE_HALF; cell++)
      if (g_strcmp0 (a->zone_own[cell], b->zone_own[cell]) != 0)
        return FALSE;
  return a->scheme == b->scheme &&
         a->first_col == b->first_col &&
         a->first_row == b->first_row;
}

/* Labels. */

static void
retire_caches (AciesBoard *board)
{
  char **cells = g_atomic_pointer_exchange (&board->cell_labels, NULL);
  char **edges = g_atomic_pointer_exchange (&board->edge_labels, NULL);

  if (cells != NULL)
    g_ptr_array_add (board->retired, cells);
  if (edges != NULL)
    g_ptr_array_add (board->retired, edges);
}

/**
 * acies_board_get_label_scheme:
 * @board: a board
 *
 * Returns: how cells are labelled
 */
AciesLabelScheme
acies_board_get_label_scheme (const AciesBoard *board)
{
  g_return_val_if_fail (board != NULL, ACIES_LABEL_XXYY);
  return board->scheme;
}

/**
 * acies_board_set_label_scheme:
 * @board: a board
 * @scheme: the new scheme; %ACIES_LABEL_ZONES only on a zone board
 *
 * Changes the labels.  Strings returned before stay valid until the board
 * is freed.
 */
void
acies_board_set_label_scheme (AciesBoard       *board,
                              AciesLabelScheme  scheme)
{
  g_return_if_fail (board != NULL);
  g_return_if_fail (scheme == ACIES_LABEL_XXYY || scheme == ACIES_LABEL_ALNUM ||
                    scheme == ACIES_LABEL_ZONES);
  g_return_if_fail (scheme != ACIES_LABEL_ZONES || board->kind == ACIES_BOARD_ZONES);

  if (board->scheme == scheme)
    return;
  board->scheme = scheme;
  retire_caches (board);
}

/**
 * acies_board_set_label_origin:
 * @board: a board
 * @first_col: the number written for column 0 (default 1; with
 *   %ACIES_LABEL_ALNUM 1 is "A", and 0 counts as 1)
 * @first_row: the number written for row 0 (default 1)
 *
 * Sets where label numbering starts, for maps whose printed numbering does
 * not start at 1 (a map that continues another one).  Ignored by
 * %ACIES_LABEL_ZONES.
 */
void
acies_board_set_label_origin (AciesBoard *board,
                              guint       first_col,
                              guint       first_row)
{
  g_return_if_fail (board != NULL);
  g_return_if_fail (first_col <= 9999 && first_row <= 9999);

  if (board->first_col == first_col && board->first_row == first_row)
    return;
  board->first_col = first_col;
  board->first_row = first_row;
  retire_caches (board);
}

/**
 * acies_board_get_label_origin:
 * @board: a board
 * @first_col: (out) (optional): the number of column 0 in labels
 * @first_row: (out) (optional): the number of row 0 in labels
 */
void
acies_board_get_label_origin (const AciesBoard *board,
                              guint            *first_col,
                              guint            *first_row)
{
  g_return_if_fail (board != NULL);

  if (first_col != NULL)
    *first_col = board->first_col;
  if (first_row != NULL)
    *first_row = board->first_row;
}

static guint
n_digits (guint n)
{
  guint d = 1;

  while (n >= 10)
    {
      n /= 10;
      d++;
    }
  return d;
}

/* XXYY writes each coordinate with at least two digits, and with as many
 * as the largest number on the board needs, so all labels of a board have
 * the same width and parse back unambiguously. */
static guint
xxyy_col_digits (const AciesBoard *board)
{
  return MAX (2, n_digits (board->first_col + board->width - 1));
}

static guint
xxyy_row_digits (const AciesBoard *board)
{
  return MAX (2, n_digits (board->first_row + board->height - 1));
}

static guint
alnum_first_col (const AciesBoard *board)
{
  return MAX (board->first_col, 1);
}

/* Bijective base 26: 1 = A, 26 = Z, 27 = AA. */
static void
append_letters (GString *s,
                guint    n)
{
  char buf[16];
  guint len = 0;

  while (n > 0 && len < sizeof buf)
    {
      n--;
      buf[len++] = 'A' + (n % 26);
      n /= 26;
    }
  while (len > 0)
    g_string_append_c (s, buf[--len]);
}

static char *
make_cell_label (const AciesBoard *board,
                 AciesCell         cell)
{
  guint col = cell % board->width;
  guint row = cell / board->width;

  switch (board->scheme)
    {
    case ACIES_LABEL_ZONES:
      if (board->kind == ACIES_BOARD_ZONES)
        return g_strdup (board->zone_labels[cell]);
      G_GNUC_FALLTHROUGH;
    case ACIES_LABEL_XXYY:
      return g_strdup_printf ("%0*u%0*u",
                              (int) xxyy_col_digits (board), board->first_col + col,
                              (int) xxyy_row_digits (board), board->first_row + row);
    case ACIES_LABEL_ALNUM:
    default:
      {
        GString *s = g_string_new (NULL);

        append_letters (s, alnum_first_col (board) + col);
        g_string_append_printf (s, "%u", board->first_row + row);
        return g_string_free (s, FALSE);
      }
    }
}

/* Packs strings into one block: an array of pointers followed by the
 * characters, so a cache is a single allocation to free. */
static char **
pack_strings (GPtrArray *strings)
{
  gsize total = 0;
  char **block;
  char *p;

  for (guint i = 0; i < strings->len; i++)
    total += strlen (g_ptr_array_index (strings, i)) + 1;

  block = g_malloc (sizeof (char *) * strings->len + total);
  p = (char *) (block + strings->len);
  for (guint i = 0; i < strings->len; i++)
    {
      const char *s = g_ptr_array_index (strings, i);
      gsize len = strlen (s) + 1;

      memcpy (p, s, len);
      block[i] = p;
      p += len;
    }
  return block;
}

static char **
ensure_cell_labels (const AciesBoard *board)
{
  AciesBoard *mutable_board = (AciesBoard *) board;
  char **labels = g_atomic_pointer_get (&mutable_board->cell_labels);
  g_autoptr(GPtrArray) strings = NULL;

  if (labels != NULL)
    return labels;

  strings = g_ptr_array_new_full (n_cells_of (board), g_free);
  for (guint i = 0; i < n_cells_of (board); i++)
    g_ptr_array_add (strings, make_cell_label (board, i));
  labels = pack_strings (strings);

  if (!g_atomic_pointer_compare_and_exchange (&mutable_board->cell_labels, NULL, labels))
    {
      /* Another thread got there first. */
      g_free (labels);
      labels = g_atomic_pointer_get (&mutable_board->cell_labels);
    }
  return labels;
}

/**
 * acies_board_cell_label:
 * @board: a board
 * @cell: a cell of @board
 *
 * The cell's label as printed on the game's map: "0215" (XXYY: column 2,
 * row 15 with the default origin), "C4" (ALNUM: column C, row 4) or
 * "A1 Left Centre" (ZONES).  XXYY uses two digits per coordinate, more only
 * on boards whose numbers pass 99.
 *
 * Returns: (transfer none): the label, owned by @board and valid as long as
 *   the board lives, or %NULL if @cell is not on the board
 */
const char *
acies_board_cell_label (const AciesBoard *board,
                        AciesCell         cell)
{
  g_return_val_if_fail (board != NULL, NULL);
  g_return_val_if_fail (cell >= 0 && (guint) cell < n_cells_of (board), NULL);

  return ensure_cell_labels (board)[cell];
}

static gboolean
parse_number (const char *s,
              gsize       len,
              guint      *value)
{
  guint v = 0;

  if (len == 0 || len > 6)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    {
      if (!g_ascii_isdigit (s[i]))
        return FALSE;
      v = v * 10 + (s[i] - '0');
    }
  *value = v;
  return TRUE;
}

static AciesCell
cell_from_numbers (const AciesBoard *board,
                   guint             col_number,
                   guint             first_col,
                   guint             row_number)
{
  if (col_number < first_col || row_number < board->first_row)
    return ACIES_CELL_NONE;
  col_number -= first_col;
  row_number -= board->first_row;
  if (col_number >= board->width || row_number >= board->height)
    return ACIES_CELL_NONE;
  return row_number * board->width + col_number;
}

static AciesCell
parse_cell_label (const AciesBoard *board,
                  const char       *label,
                  gsize             len)
{
  switch (board->scheme)
    {
    case ACIES_LABEL_ZONES:
      if (board->kind == ACIES_BOARD_ZONES)
        {
          for (guint cell = 0; cell < ZONE_COLS * ZONE_ROWS; cell++)
            if (strlen (board->zone_labels[cell]) == len &&
                g_ascii_strncasecmp (board->zone_labels[cell], label, len) == 0)
              return cell;
          return ACIES_CELL_NONE;
        }
      G_GNUC_FALLTHROUGH;
    case ACIES_LABEL_XXYY:
      {
        guint cd = xxyy_col_digits (board);
        guint rd = xxyy_row_digits (board);
        guint c, r;

        if (len != cd + rd ||
            !parse_number (label, cd, &c) ||
            !parse_number (label + cd, rd, &r))
          return ACIES_CELL_NONE;
        return cell_from_numbers (board, c, board->first_col, r);
      }

    case ACIES_LABEL_ALNUM:
    default:
      {
        gsize i = 0;
        guint c = 0, r;

        while (i < len && g_ascii_isalpha (label[i]))
          {
            if (c > 100000)
              return ACIES_CELL_NONE;
            c = c * 26 + (g_ascii_toupper (label[i]) - 'A' + 1);
            i++;
          }
        if (i == 0 || !parse_number (label + i, len - i, &r))
          return ACIES_CELL_NONE;
        return cell_from_numbers (board, c, alnum_first_col (board), r);
      }
    }
}

/**
 * acies_board_cell_from_label:
 * @board: a board
 * @label: a cell label in the board's scheme
 *
 * Parses a label written by acies_board_cell_label().  ALNUM letters and
 * zone names are matched without regard to case; XXYY labels must have the
 * board's digit count.
 *
 * Returns: the cell, or %ACIES_CELL_NONE if @label names no cell of @board
 */
AciesCell
acies_board_cell_from_label (const AciesBoard *board,
                             const char       *label)
{
  g_return_val_if_fail (board != NULL, ACIES_CELL_NONE);
  g_return_val_if_fail (label != NULL, ACIES_CELL_NONE);

  return parse_cell_label (board, label, strlen (label));
}

/**
 * acies_board_zone_name:
 * @board: a zone board
 * @cell: a zone
 * @army: 1 or 2, whose point of view; 0 for the full label
 *
 * The name an army uses for a zone (LB 2.1.1): for its own zones the name
 * by its own left and right ("Left Centre", "Rear" for the central rear,
 * "Right Wing"); for the other army's zones that army's name prefixed by
 * "enemy " ("enemy Left Centre").  With @army 0 the label with the army
 * prefix ("A2 Left Centre").  The names are the board's
 * (acies_board_new_zones_named()).
 *
 * Returns: (transfer none): a string owned by @board, or %NULL on bad
 *   arguments
 */
const char *
acies_board_zone_name (const AciesBoard *board,
                       AciesCell         cell,
                       guint             army)
{
  guint row;

  g_return_val_if_fail (board != NULL, NULL);
  g_return_val_if_fail (board->kind == ACIES_BOARD_ZONES, NULL);
  g_return_val_if_fail (cell >= 0 && (guint) cell < n_cells_of (board), NULL);
  g_return_val_if_fail (army <= 2, NULL);

  row = cell / ZONE_COLS;

  if (army == 0)
    return board->zone_labels[cell];
  if ((row < ZONE_ROWS / 2) == (army == 1))
    return board->zone_own[cell];
  return board->zone_enemy[cell];
}

/**
 * acies_board_cell_label_shown:
 * @board: a board
 * @cell: a cell
 *
 * The label of @cell as players read it: on a zone board in their
 * language ("A1 Centre gauche" for "A1 Left Centre"), elsewhere
 * acies_board_cell_label().  Only for display: files, the command line
 * and acies_board_cell_from_label() use acies_board_cell_label().
 *
 * Returns: (transfer none): a string owned by @board, or %NULL on bad
 *   arguments
 */
const char *
acies_board_cell_label_shown (const AciesBoard *board,
                              AciesCell         cell)
{
  g_return_val_if_fail (board != NULL, NULL);

  if (board->kind == ACIES_BOARD_ZONES && board->zone_shown != NULL
      && cell >= 0 && (guint) cell < n_cells_of (board))
    return board->zone_shown[cell];
  return acies_board_cell_label (board, cell);
}

/**
 * acies_board_zone_army:
 * @board: a zone board
 * @cell: a zone
 *
 * Returns: the army whose half holds @cell: 1 for rows 0–1, 2 for rows 2–3;
 *   0 on bad arguments
 */
guint
acies_board_zone_army (const AciesBoard *board,
                       AciesCell         cell)
{
  g_return_val_if_fail (board != NULL, 0);
  g_return_val_if_fail (board->kind == ACIES_BOARD_ZONES, 0);
  g_return_val_if_fail (cell >= 0 && (guint) cell < n_cells_of (board), 0);

  return cell / ZONE_COLS < ZONE_ROWS / 2 ? 1 : 2;
}

/* Cells and coordinates. */

/**
 * acies_board_contains:
 * @board: a board
 * @cell: any cell id
 *
 * Returns: %TRUE if @cell is a cell of @board
 */
gboolean
acies_board_contains (const AciesBoard *board,
                      AciesCell         cell)
{
  g_return_val_if_fail (board != NULL, FALSE);
  return cell >= 0 && (guint) cell < n_cells_of (board);
}

/**
 * acies_board_cell_at:
 * @board: a board
 * @col: column from 0 at the west edge
 * @row: row from 0 at the north edge
 *
 * Returns: the cell, or %ACIES_CELL_NONE off the board
 */
AciesCell
acies_board_cell_at (const AciesBoard *board,
                     gint              col,
                     gint              row)
{
  g_return_val_if_fail (board != NULL, ACIES_CELL_NONE);

  if (!in_grid (board, col, row))
    return ACIES_CELL_NONE;
  return row * (gint) board->width + col;
}

/**
 * acies_board_cell_coords:
 * @board: a board
 * @cell: a cell of @board
 * @col: (out) (optional): its column
 * @row: (out) (optional): its row
 */
void
acies_board_cell_coords (const AciesBoard *board,
                         AciesCell         cell,
                         gint             *col,
                         gint             *row)
{
  g_return_if_fail (board != NULL);
  g_return_if_fail (cell >= 0 && (guint) cell < n_cells_of (board));

  if (col != NULL)
    *col = cell % (gint) board->width;
  if (row != NULL)
    *row = cell / (gint) board->width;
}

/* Neighbours, directions, distance. */

/**
 * acies_board_neighbour:
 * @board: a board
 * @cell: a cell of @board
 * @direction: a direction, 0 .. n_directions - 1 (see the header)
 *
 * Allocation-free; meant for the rules engines' inner loops.
 *
 * Returns: the adjacent cell in @direction, or %ACIES_CELL_NONE when that
 *   direction points off the board
 */
AciesCell
acies_board_neighbour (const AciesBoard *board,
                       AciesCell         cell,
                       guint             direction)
{
  gint ncol, nrow;

  g_return_val_if_fail (board != NULL, ACIES_CELL_NONE);
  g_return_val_if_fail (cell >= 0 && (guint) cell < n_cells_of (board), ACIES_CELL_NONE);
  g_return_val_if_fail (direction < n_directions_of (board), ACIES_CELL_NONE);

  step (board, cell % (gint) board->width, cell / (gint) board->width, direction, &ncol, &nrow);
  if (!in_grid (board, ncol, nrow))
    return ACIES_CELL_NONE;
  return nrow * (gint) board->width + ncol;
}

/**
 * acies_board_neighbours:
 * @board: a board
 * @cell: a cell of @board
 * @adjacency: on squares, %ACIES_ADJ_ALL adds the diagonal neighbours
 * @out: (out caller-allocates) (array): room for
 *   acies_board_get_n_directions() cells
 *
 * Fills @out with the cells adjacent to @cell, in direction order, leaving
 * out directions that point off the board.
 *
 * Returns: the number of cells written
 */
guint
acies_board_neighbours (const AciesBoard *board,
                        AciesCell         cell,
                        AciesAdjacency    adjacency,
                        AciesCell        *out)
{
  guint n_dirs, stride, count = 0;
  gint col, row;

  g_return_val_if_fail (board != NULL, 0);
  g_return_val_if_fail (cell >= 0 && (guint) cell < n_cells_of (board), 0);
  g_return_val_if_fail (out != NULL, 0);

  n_dirs = n_directions_of (board);
  stride = (board->kind == ACIES_BOARD_SQUARE && adjacency != ACIES_ADJ_ALL) ? 2 : 1;
  col = cell % (gint) board->width;
  row = cell / (gint) board->width;

  for (guint d = 0; d < n_dirs; d += stride)
    {
      gint ncol, nrow;

      step (board, col, row, d, &ncol, &nrow);
      if (in_grid (board, ncol, nrow))
        out[count++] = nrow * (gint) board->width + ncol;
    }
  return count;
}

/* Direction from @from to an adjacent @to, or -1; squares count diagonals. */
static gint
adjacent_direction (const AciesBoard *board,
                    AciesCell         from,
                    AciesCell         to)
{
  gint col = from % (gint) board->width;
  gint row = from / (gint) board->width;
  gint tcol = to % (gint) board->width;
  gint trow = to / (gint) board->width;
  guint n_dirs = n_directions_of (board);

  for (guint d = 0; d < n_dirs; d++)
    {
      gint ncol, nrow;

      step (board, col, row, d, &ncol, &nrow);
      if (ncol == tcol && nrow == trow)
        return d;
    }
  return -1;
}

/**
 * acies_board_adjacent:
 * @board: a board
 * @a: a cell of @board
 * @b: a cell of @board
 * @adjacency: on squares, %ACIES_ADJ_ALL counts diagonal neighbours
 *
 * Returns: %TRUE if @a and @b are neighbours (a cell is not its own)
 */
gboolean
acies_board_adjacent (const AciesBoard *board,
                      AciesCell         a,
                      AciesCell         b,
                      AciesAdjacency    adjacency)
{
  gint d;

  g_return_val_if_fail (board != NULL, FALSE);
  g_return_val_if_fail (a >= 0 && (guint) a < n_cells_of (board), FALSE);
  g_return_val_if_fail (b >= 0 && (guint) b < n_cells_of (board), FALSE);

  d = adjacent_direction (board, a, b);
  if (d < 0)
    return FALSE;
  if (board->kind == ACIES_BOARD_SQUARE && adjacency != ACIES_ADJ_ALL)
    return (d & 1) == 0;
  return TRUE;
}

/**
 * acies_board_direction_to:
 * @board: a board
 * @from: a cell of @board
 * @to: a cell of @board
 *
 * The direction in which @to lies from @from when it lies on a straight
 * line of cells in one of the board's directions: a neighbour (diagonal
 * ones included on squares), or further along the same row, column or
 * diagonal (squares), hex row (hexes, a cube coordinate unchanged), row or
 * column (zones).
 *
 * Returns: the direction, or -1 when @to is @from or on no such line
 */
gint
acies_board_direction_to (const AciesBoard *board,
                          AciesCell         from,
                          AciesCell         to)
{
  gint dc, dr;

  g_return_val_if_fail (board != NULL, -1);
  g_return_val_if_fail (from >= 0 && (guint) from < n_cells_of (board), -1);
  g_return_val_if_fail (to >= 0 && (guint) to < n_cells_of (board), -1);

  if (from == to)
    return -1;

  if (board->kind == ACIES_BOARD_HEX)
    {
      gint q1, r1, q2, r2, dq, dra, k;
      const gint *tq = board->orientation == ACIES_HEX_FLAT_TOP ? flat_dq : pointy_dq;
      const gint *tr = board->orientation == ACIES_HEX_FLAT_TOP ? flat_dr : pointy_dr;

      cell_axial (board, from, &q1, &r1);
      cell_axial (board, to, &q2, &r2);
      dq = q2 - q1;
      dra = r2 - r1;
      k = MAX (MAX (ABS (dq), ABS (dra)), ABS (dq + dra));
      for (guint d = 0; d < 6; d++)
        if (tq[d] * k == dq && tr[d] * k == dra)
          return d;
      return -1;
    }

  dc = to % (gint) board->width - from % (gint) board->width;
  dr = to / (gint) board->width - from / (gint) board->width;

  if (board->kind == ACIES_BOARD_ZONES)
    {
      if (dc != 0 && dr != 0)
        return -1;
      for (guint d = 0; d < 4; d++)
        if (zone_dc[d] == CLAMP (dc, -1, 1) && zone_dr[d] == CLAMP (dr, -1, 1))
          return d;
      return -1;
    }

  if (dc != 0 && dr != 0 && ABS (dc) != ABS (dr))
    return -1;
  for (guint d = 0; d < 8; d++)
    if (square_dc[d] == CLAMP (dc, -1, 1) && square_dr[d] == CLAMP (dr, -1, 1))
      return d;
  return -1;
}

/**
 * acies_board_opposite:
 * @board: a board
 * @direction: a direction
 *
 * Returns: the opposite direction, (d + n/2) mod n
 */
guint
acies_board_opposite (const AciesBoard *board,
                      guint             direction)
{
  guint n;

  g_return_val_if_fail (board != NULL, 0);
  n = n_directions_of (board);
  g_return_val_if_fail (direction < n, 0);

  return (direction + n / 2) % n;
}

static const char * const *
direction_names (const AciesBoard *board)
{
  switch (board->kind)
    {
    case ACIES_BOARD_SQUARE:
      return square_dir_names;
    case ACIES_BOARD_HEX:
      return board->orientation == ACIES_HEX_FLAT_TOP ? flat_dir_names : pointy_dir_names;
    case ACIES_BOARD_ZONES:
    default:
      return zone_dir_names;
    }
}

/**
 * acies_board_direction_name:
 * @board: a board
 * @direction: a direction
 *
 * Returns: (transfer none): the compass name: squares "N", "NE", "E", "SE",
 *   "S", "SW", "W", "NW"; flat-top hexes "N", "NE", "SE", "S", "SW", "NW";
 *   pointy-top hexes "NE", "E", "SE", "SW", "W", "NW"; zones "N", "E", "S",
 *   "W"
 */
const char *
acies_board_direction_name (const AciesBoard *board,
                            guint             direction)
{
  g_return_val_if_fail (board != NULL, NULL);
  g_return_val_if_fail (direction < n_directions_of (board), NULL);

  return direction_names (board)[direction];
}

/**
 * acies_board_direction_from_name:
 * @board: a board
 * @name: a compass name as from acies_board_direction_name(), any case
 *
 * Returns: the direction, or -1 if @name is not one of the board's
 */
gint
acies_board_direction_from_name (const AciesBoard *board,
                                 const char       *name)
{
  const char * const *names;

  g_return_val_if_fail (board != NULL, -1);
  g_return_val_if_fail (name != NULL, -1);

  names = direction_names (board);
  for (guint d = 0; d < n_directions_of (board); d++)
    if (g_ascii_strcasecmp (names[d], name) == 0)
      return d;
  return -1;
}

/**
 * acies_board_distance:
 * @board: a board
 * @a: a cell of @board
 * @b: a cell of @board
 *
 * The number of steps between two cells: orthogonal steps on squares and
 * zones (zones never count diagonals, LB 2.1.3), hex steps on hexes.
 * Allocation-free.
 *
 * Returns: the distance in cells
 */
guint
acies_board_distance (const AciesBoard *board,
                      AciesCell         a,
                      AciesCell         b)
{
  g_return_val_if_fail (board != NULL, 0);
  g_return_val_if_fail (a >= 0 && (guint) a < n_cells_of (board), 0);
  g_return_val_if_fail (b >= 0 && (guint) b < n_cells_of (board), 0);

  if (board->kind == ACIES_BOARD_HEX)
    {
      gint q1, r1, q2, r2, dq, dr;

      cell_axial (board, a, &q1, &r1);
      cell_axial (board, b, &q2, &r2);
      dq = q2 - q1;
      dr = r2 - r1;
      return (ABS (dq) + ABS (dr) + ABS (dq + dr)) / 2;
    }

  return ABS (a % (gint) board->width - b % (gint) board->width) +
         ABS (a / (gint) board->width - b / (gint) board->width);
}

/**
 * acies_board_distance_8way:
 * @board: a board
 * @a: a cell of @board
 * @b: a cell of @board
 *
 * On squares the number of king's moves (diagonal steps count 1); on hexes
 * and zones the same as acies_board_distance().
 *
 * Returns: the distance in cells
 */
guint
acies_board_distance_8way (const AciesBoard *board,
                           AciesCell         a,
                           AciesCell         b)
{
  g_return_val_if_fail (board != NULL, 0);
  g_return_val_if_fail (a >= 0 && (guint) a < n_cells_of (board), 0);
  g_return_val_if_fail (b >= 0 && (guint) b < n_cells_of (board), 0);

  if (board->kind != ACIES_BOARD_SQUARE)
    return acies_board_distance (board, a, b);

  return MAX (ABS (a % (gint) board->width - b % (gint) board->width),
              ABS (a / (gint) board->width - b / (gint) board->width));
}

/* Edges. */

/**
 * acies_board_get_n_edges:
 * @board: a board
 *
 * Returns: the number of edges, map-border edges included; edges are
 *   0 .. n_edges - 1
 */
guint
acies_board_get_n_edges (const AciesBoard *board)
{
  g_return_val_if_fail (board != NULL, 0);
  return board->n_edges;
}

/**
 * acies_board_edge_of:
 * @board: a board
 * @cell: a cell of @board
 * @direction: a side direction (on squares an orthogonal one)
 *
 * Both cells sharing a side get the same edge id.  A side on the map border
 * has an edge too.
 *
 * Returns: the edge, or %ACIES_EDGE_NONE for a diagonal direction on squares
 */
AciesEdge
acies_board_edge_of (const AciesBoard *board,
                     AciesCell         cell,
                     guint             direction)
{
  gint side;

  g_return_val_if_fail (board != NULL, ACIES_EDGE_NONE);
  g_return_val_if_fail (cell >= 0 && (guint) cell < n_cells_of (board), ACIES_EDGE_NONE);
  g_return_val_if_fail (direction < n_directions_of (board), ACIES_EDGE_NONE);

  side = direction_side (board, direction);
  if (side < 0)
    return ACIES_EDGE_NONE;
  return board->edge_of[cell * board->n_sides + side];
}

/**
 * acies_board_edge_between:
 * @board: a board
 * @a: a cell of @board
 * @b: a cell of @board
 *
 * Returns: the side shared by @a and @b, or %ACIES_EDGE_NONE if they share
 *   none (not adjacent, or diagonal squares)
 */
AciesEdge
acies_board_edge_between (const AciesBoard *board,
                          AciesCell         a,
                          AciesCell         b)
{
  gint d;

  g_return_val_if_fail (board != NULL, ACIES_EDGE_NONE);
  g_return_val_if_fail (a >= 0 && (guint) a < n_cells_of (board), ACIES_EDGE_NONE);
  g_return_val_if_fail (b >= 0 && (guint) b < n_cells_of (board), ACIES_EDGE_NONE);

  d = adjacent_direction (board, a, b);
  if (d < 0 || direction_side (board, d) < 0)
    return ACIES_EDGE_NONE;
  return board->edge_of[a * board->n_sides + direction_side (board, d)];
}

/**
 * acies_board_edge_cells:
 * @board: a board
 * @edge: an edge of @board
 * @a: (out) (optional): the cell with the lower id
 * @b: (out) (optional): the other cell, or %ACIES_CELL_NONE on the map border
 */
void
acies_board_edge_cells (const AciesBoard *board,
                        AciesEdge         edge,
                        AciesCell        *a,
                        AciesCell        *b)
{
  g_return_if_fail (board != NULL);
  g_return_if_fail (edge >= 0 && (guint) edge < board->n_edges);

  if (a != NULL)
    *a = board->edge_a[edge];
  if (b != NULL)
    *b = board->edge_b[edge];
}

/**
 * acies_board_edge_direction:
 * @board: a board
 * @edge: an edge of @board
 *
 * Returns: the direction of @edge seen from its first cell (the lower id,
 *   as from acies_board_edge_cells())
 */
guint
acies_board_edge_direction (const AciesBoard *board,
                            AciesEdge         edge)
{
  g_return_val_if_fail (board != NULL, 0);
  g_return_val_if_fail (edge >= 0 && (guint) edge < board->n_edges, 0);

  return board->edge_dir[edge];
}

static char **
ensure_edge_labels (const AciesBoard *board)
{
  AciesBoard *mutable_board = (AciesBoard *) board;
  char **labels = g_atomic_pointer_get (&mutable_board->edge_labels);
  char **cells;
  g_autoptr(GPtrArray) strings = NULL;

  if (labels != NULL)
    return labels;

  cells = ensure_cell_labels (board);
  strings = g_ptr_array_new_full (board->n_edges, g_free);
  for (guint e = 0; e < board->n_edges; e++)
    {
      if (board->edge_b[e] != ACIES_CELL_NONE)
        g_ptr_array_add (strings, g_strconcat (cells[board->edge_a[e]], "/",
                                               cells[board->edge_b[e]], NULL));
      else
        g_ptr_array_add (strings, g_strconcat (cells[board->edge_a[e]], "/",
                                               direction_names (board)[board->edge_dir[e]],
                                               NULL));
    }
  labels = pack_strings (strings);

  if (!g_atomic_pointer_compare_and_exchange (&mutable_board->edge_labels, NULL, labels))
    {
      g_free (labels);
      labels = g_atomic_pointer_get (&mutable_board->edge_labels);
    }
  return labels;
}

/**
 * acies_board_edge_label:
 * @board: a board
 * @edge: an edge of @board
 *
 * The edge's label in scenario files: the two cell labels joined by "/",
 * lower cell id first ("C4/C5"), or for a map-border edge the cell label
 * and the direction name ("C1/N").
 *
 * Returns: (transfer none): the label, owned by @board
 */
const char *
acies_board_edge_label (const AciesBoard *board,
                        AciesEdge         edge)
{
  g_return_val_if_fail (board != NULL, NULL);
  g_return_val_if_fail (edge >= 0 && (guint) edge < board->n_edges, NULL);

  return ensure_edge_labels (board)[edge];
}

/**
 * acies_board_edge_from_label:
 * @board: a board
 * @label: "CELL/CELL" (either order) or "CELL/DIRECTION"
 *
 * Parses an edge label.  "CELL/DIRECTION" names any side of the cell, not
 * only border ones ("C4/S" is "C4/C5" on a square board).
 *
 * Returns: the edge, or %ACIES_EDGE_NONE if @label names no edge of @board
 */
AciesEdge
acies_board_edge_from_label (const AciesBoard *board,
                             const char       *label)
{
  const char *slash;
  AciesCell a, b;
  gint dir;

  g_return_val_if_fail (board != NULL, ACIES_EDGE_NONE);
  g_return_val_if_fail (label != NULL, ACIES_EDGE_NONE);

  slash = strchr (label, '/');
  if (slash == NULL || strchr (slash + 1, '/') != NULL)
    return ACIES_EDGE_NONE;

  a = parse_cell_label (board, label, slash - label);
  if (a == ACIES_CELL_NONE)
    return ACIES_EDGE_NONE;

  b = parse_cell_label (board, slash + 1, strlen (slash + 1));
  if (b != ACIES_CELL_NONE)
    return a == b ? ACIES_EDGE_NONE : acies_board_edge_between (board, a, b);

  dir = acies_board_direction_from_name (board, slash + 1);
  if (dir < 0)
    return ACIES_EDGE_NONE;
  return acies_board_edge_of (board, a, dir);
}

/* Drawing geometry (needed below by facing). */

/* Screen angle in degrees (x east, y south, clockwise) of direction d. */
static double
direction_angle (const AciesBoard *board,
                 guint             d)
{
  switch (board->kind)
    {
    case ACIES_BOARD_SQUARE:
      return -90.0 + 45.0 * d;
    case ACIES_BOARD_HEX:
      return (board->orientation == ACIES_HEX_FLAT_TOP ? -90.0 : -60.0) + 60.0 * d;
    case ACIES_BOARD_ZONES:
    default:
      return -90.0 + 90.0 * d;
    }
}

/* Screen angle of vertex (corner) v. */
static double
vertex_angle (const AciesBoard *board,
              guint             v)
{
  switch (board->kind)
    {
    case ACIES_BOARD_HEX:
      return (board->orientation == ACIES_HEX_FLAT_TOP ? -60.0 : -30.0) + 60.0 * v;
    case ACIES_BOARD_SQUARE:
    case ACIES_BOARD_ZONES:
    default:
      return -45.0 + 90.0 * v;
    }
}

static void
center_of (const AciesBoard *board,
           gint              col,
           gint              row,
           double           *x,
           double           *y)
{
  if (board->kind != ACIES_BOARD_HEX)
    {
      *x = col + 0.5;
      *y = row + 0.5;
    }
  else if (board->orientation == ACIES_HEX_FLAT_TOP)
    {
      *x = 1.0 + 1.5 * col;
      *y = SQRT3 / 2 + SQRT3 * row + (is_shoved (board, col) ? SQRT3 / 2 : 0.0);
    }
  else
    {
      *x = SQRT3 / 2 + SQRT3 * col + (is_shoved (board, row) ? SQRT3 / 2 : 0.0);
      *y = 1.0 + 1.5 * row;
    }
}

/* Facing. */

/**
 * acies_board_front_cells:
 * @board: a board
 * @cell: a cell of @board
 * @kind: how @facing is read
 * @facing: a direction (%ACIES_FACING_SIDE) or a hex vertex
 *   (%ACIES_FACING_VERTEX, hex boards only)
 * @out: (out caller-allocates) (array): room for 2 cells
 *
 * The cells in front of a unit in @cell: with vertex facing the two hexes
 * that share the faced vertex with @cell (GBoH 6.11), in direction order;
 * with side facing the one cell across the faced hexside, square side (any
 * of the 8 directions on squares) or zone border.  Cells off the board are
 * left out, so a unit facing off the field (LB 5.1.1) has no front cell.
 *
 * Returns: the number of cells written: 0, 1 or 2
 */
guint
acies_board_front_cells (const AciesBoard *board,
                         AciesCell         cell,
                         AciesFacingKind   kind,
                         guint             facing,
                         AciesCell        *out)
{
  guint count = 0;
  AciesCell c;

  g_return_val_if_fail (board != NULL, 0);
  g_return_val_if_fail (cell >= 0 && (guint) cell < n_cells_of (board), 0);
  g_return_val_if_fail (out != NULL, 0);

  switch (kind)
    {
    case ACIES_FACING_SIDE:
      g_return_val_if_fail (facing < n_directions_of (board), 0);
      c = acies_board_neighbour (board, cell, facing);
      if (c != ACIES_CELL_NONE)
        out[count++] = c;
      break;

    case ACIES_FACING_VERTEX:
      g_return_val_if_fail (board->kind == ACIES_BOARD_HEX, 0);
      g_return_val_if_fail (facing < 6, 0);
      c = acies_board_neighbour (board, cell, facing);
      if (c != ACIES_CELL_NONE)
        out[count++] = c;
      c = acies_board_neighbour (board, cell, (facing + 1) % 6);
      if (c != ACIES_CELL_NONE)
        out[count++] = c;
      break;

    case ACIES_FACING_NONE:
    default:
      break;
    }

  return count;
}

/**
 * acies_board_facing_toward:
 * @board: a board
 * @from: the facing unit's cell
 * @to: the cell to face
 * @kind: %ACIES_FACING_SIDE or %ACIES_FACING_VERTEX (hex boards only)
 *
 * The facing that points most nearly at @to, judged by the angle between
 * cell centres: a side direction (on squares one of the four orthogonal
 * sides N, E, S, W) or a hex vertex.  For an adjacent @to with side facing
 * this is the direction of @to.  An exact tie goes to the lower index.
 *
 * Returns: the facing, or -1 if @from is @to or @kind is
 *   %ACIES_FACING_NONE
 */
gint
acies_board_facing_toward (const AciesBoard *board,
                           AciesCell         from,
                           AciesCell         to,
                           AciesFacingKind   kind)
{
  double x1, y1, x2, y2, angle, best_diff = G_MAXDOUBLE;
  guint n, stride = 1;
  gint best = -1;

  g_return_val_if_fail (board != NULL, -1);
  g_return_val_if_fail (from >= 0 && (guint) from < n_cells_of (board), -1);
  g_return_val_if_fail (to >= 0 && (guint) to < n_cells_of (board), -1);
  g_return_val_if_fail (kind != ACIES_FACING_VERTEX || board->kind == ACIES_BOARD_HEX, -1);

  if (from == to || kind == ACIES_FACING_NONE)
    return -1;

  center_of (board, from % (gint) board->width, from / (gint) board->width, &x1, &y1);
  center_of (board, to % (gint) board->width, to / (gint) board->width, &x2, &y2);
  angle = atan2 (y2 - y1, x2 - x1) * 180.0 / G_PI;

  n = kind == ACIES_FACING_VERTEX ? 6 : n_directions_of (board);
  if (kind == ACIES_FACING_SIDE && board->kind == ACIES_BOARD_SQUARE)
    stride = 2;

  for (guint f = 0; f < n; f += stride)
    {
      double a = kind == ACIES_FACING_VERTEX ? vertex_angle (board, f) : direction_angle (board, f);
      double diff = fabs (remainder (angle - a, 360.0));

      if (diff < best_diff - 1e-9)
        {
          best_diff = diff;
          best = f;
        }
    }
  return best;
}

/* Map edges. */

/**
 * acies_board_cell_on_map_edge:
 * @board: a board
 * @cell: a cell of @board
 * @edge: a map edge
 *
 * Returns: %TRUE if @cell lies in the outermost row or column on @edge
 *   (row 0 north, last column east, last row south, column 0 west)
 */
gboolean
acies_board_cell_on_map_edge (const AciesBoard *board,
                              AciesCell         cell,
                              AciesMapEdge      edge)
{
  gint col, row;

  g_return_val_if_fail (board != NULL, FALSE);
  g_return_val_if_fail (cell >= 0 && (guint) cell < n_cells_of (board), FALSE);

  col = cell % (gint) board->width;
  row = cell / (gint) board->width;

  switch (edge)
    {
    case ACIES_MAP_EDGE_NORTH:
      return row == 0;
    case ACIES_MAP_EDGE_EAST:
      return col == (gint) board->width - 1;
    case ACIES_MAP_EDGE_SOUTH:
      return row == (gint) board->height - 1;
    case ACIES_MAP_EDGE_WEST:
      return col == 0;
    case ACIES_MAP_EDGE_NONE:
    default:
      return FALSE;
    }
}

/**
 * acies_board_map_edge_direction:
 * @board: a board
 * @edge: a map edge
 *
 * The direction that points straight at a map edge: squares N 0, E 2, S 4,
 * W 6; zones N 0, E 1, S 2, W 3; flat-top hexes N 0 and S 3; pointy-top
 * hexes E 1 and W 4.
 *
 * Returns: the direction, or -1 where no direction points straight at
 *   @edge (east and west on flat-top hexes, north and south on pointy-top)
 */
gint
acies_board_map_edge_direction (const AciesBoard *board,
                                AciesMapEdge      edge)
{
  g_return_val_if_fail (board != NULL, -1);

  if (edge < ACIES_MAP_EDGE_NORTH || edge > ACIES_MAP_EDGE_WEST)
    return -1;

  switch (board->kind)
    {
    case ACIES_BOARD_SQUARE:
      return edge * 2;
    case ACIES_BOARD_ZONES:
      return edge;
    case ACIES_BOARD_HEX:
    default:
      if (board->orientation == ACIES_HEX_FLAT_TOP)
        return edge == ACIES_MAP_EDGE_NORTH ? 0 : edge == ACIES_MAP_EDGE_SOUTH ? 3 : -1;
      return edge == ACIES_MAP_EDGE_EAST ? 1 : edge == ACIES_MAP_EDGE_WEST ? 4 : -1;
    }
}

/* Drawing geometry. */

/**
 * acies_board_cell_center:
 * @board: a board
 * @cell: a cell of @board
 * @x: (out): centre, east from the board's west side
 * @y: (out): centre, south from the board's north side
 *
 * In board units: a square's or zone's side is 1, a hex's circumradius is 1.
 * Flat-top hexes are 2 wide, 1.5 apart across and sqrt(3) apart down;
 * pointy-top hexes the transpose.
 */
void
acies_board_cell_center (const AciesBoard *board,
                         AciesCell         cell,
                         double           *x,
                         double           *y)
{
  g_return_if_fail (board != NULL);
  g_return_if_fail (cell >= 0 && (guint) cell < n_cells_of (board));
  g_return_if_fail (x != NULL && y != NULL);

  center_of (board, cell % (gint) board->width, cell / (gint) board->width, x, y);
}

/**
 * acies_board_extent:
 * @board: a board
 * @width: (out): the width of the drawn board, in board units
 * @height: (out): the height, in board units
 *
 * The bounding box of all cell polygons, from (0, 0).
 */
void
acies_board_extent (const AciesBoard *board,
                    double           *width,
                    double           *height)
{
  gboolean any_shoved;

  g_return_if_fail (board != NULL);
  g_return_if_fail (width != NULL && height != NULL);

  if (board->kind != ACIES_BOARD_HEX)
    {
      *width = board->width;
      *height = board->height;
      return;
    }

  if (board->orientation == ACIES_HEX_FLAT_TOP)
    {
      any_shoved = board->width > 1 || board->offset == ACIES_HEX_OFFSET_EVEN;
      *width = 1.5 * (board->width - 1) + 2.0;
      *height = SQRT3 * board->height + (any_shoved ? SQRT3 / 2 : 0.0);
    }
  else
    {
      any_shoved = board->height > 1 || board->offset == ACIES_HEX_OFFSET_EVEN;
      *width = SQRT3 * board->width + (any_shoved ? SQRT3 / 2 : 0.0);
      *height = 1.5 * (board->height - 1) + 2.0;
    }
}

static void
vertex_of (const AciesBoard *board,
           gint              col,
           gint              row,
           guint             v,
           double           *x,
           double           *y)
{
  double cx, cy;

  center_of (board, col, row, &cx, &cy);
  if (board->kind == ACIES_BOARD_HEX)
    {
      double a = vertex_angle (board, v) * G_PI / 180.0;

      *x = cx + cos (a);
      *y = cy + sin (a);
    }
  else
    {
      static const double sx[4] = { 0.5, 0.5, -0.5, -0.5 };
      static const double sy[4] = { -0.5, 0.5, 0.5, -0.5 };

      *x = cx + sx[v];
      *y = cy + sy[v];
    }
}

/**
 * acies_board_vertex_point:
 * @board: a board
 * @cell: a cell of @board
 * @vertex: a corner: hex vertex 0..5, or square/zone corner 0..3 (NE, SE,
 *   SW, NW)
 * @x: (out): position in board units
 * @y: (out): position in board units
 */
void
acies_board_vertex_point (const AciesBoard *board,
                          AciesCell         cell,
                          guint             vertex,
                          double           *x,
                          double           *y)
{
  g_return_if_fail (board != NULL);
  g_return_if_fail (cell >= 0 && (guint) cell < n_cells_of (board));
  g_return_if_fail (vertex < board->n_sides);
  g_return_if_fail (x != NULL && y != NULL);

  vertex_of (board, cell % (gint) board->width, cell / (gint) board->width, vertex, x, y);
}

/**
 * acies_board_cell_polygon:
 * @board: a board
 * @cell: a cell of @board
 * @xy: (out caller-allocates) (array): room for 12 doubles
 *
 * Fills @xy with the cell's corners as x, y pairs, clockwise in vertex
 * order (see the header): 6 for hexes, 4 for squares and zones.
 *
 * Returns: the number of corners
 */
guint
acies_board_cell_polygon (const AciesBoard *board,
                          AciesCell         cell,
                          double           *xy)
{
  gint col, row;

  g_return_val_if_fail (board != NULL, 0);
  g_return_val_if_fail (cell >= 0 && (guint) cell < n_cells_of (board), 0);
  g_return_val_if_fail (xy != NULL, 0);

  col = cell % (gint) board->width;
  row = cell / (gint) board->width;
  for (guint v = 0; v < board->n_sides; v++)
    vertex_of (board, col, row, v, &xy[2 * v], &xy[2 * v + 1]);
  return board->n_sides;
}

/**
 * acies_board_edge_segment:
 * @board: a board
 * @edge: an edge of @board
 * @x1: (out): one end, in board units
 * @y1: (out): one end
 * @x2: (out): the other end
 * @y2: (out): the other end
 *
 * The line segment along which @edge runs, for drawing edge features
 * (rivers on hexsides, walls on square sides).
 */
void
acies_board_edge_segment (const AciesBoard *board,
                          AciesEdge         edge,
                          double           *x1,
                          double           *y1,
                          double           *x2,
                          double           *y2)
{
  AciesCell a;
  guint dir, side, n;
  gint col, row;

  g_return_if_fail (board != NULL);
  g_return_if_fail (edge >= 0 && (guint) edge < board->n_edges);
  g_return_if_fail (x1 != NULL && y1 != NULL && x2 != NULL && y2 != NULL);

  a = board->edge_a[edge];
  dir = board->edge_dir[edge];
  side = direction_side (board, dir);
  n = board->n_sides;
  col = a % (gint) board->width;
  row = a / (gint) board->width;

  /* The side toward direction d runs from corner d - 1 to corner d (hexes
   * and zones; squares use the side index). */
  vertex_of (board, col, row, (side + n - 1) % n, x1, y1);
  vertex_of (board, col, row, side, x2, y2);
}

/**
 * acies_board_cell_at_point:
 * @board: a board
 * @x: a point in board units
 * @y: a point in board units
 *
 * Hit-testing for the board widget.
 *
 * Returns: the cell whose polygon holds the point, or %ACIES_CELL_NONE
 */
AciesCell
acies_board_cell_at_point (const AciesBoard *board,
                           double            x,
                           double            y)
{
  double fq, fr;
  gint q, r, col, row;

  g_return_val_if_fail (board != NULL, ACIES_CELL_NONE);

  if (board->kind != ACIES_BOARD_HEX)
    {
      if (x < 0 || y < 0)
        return ACIES_CELL_NONE;
      return acies_board_cell_at (board, (gint) floor (x), (gint) floor (y));
    }

  if (board->orientation == ACIES_HEX_FLAT_TOP)
    {
      double y0 = SQRT3 / 2 + (board->offset == ACIES_HEX_OFFSET_EVEN ? SQRT3 / 2 : 0.0);

      fq = (x - 1.0) / 1.5;
      fr = (y - y0) / SQRT3 - fq / 2;
    }
  else
    {
      double x0 = SQRT3 / 2 + (board->offset == ACIES_HEX_OFFSET_EVEN ? SQRT3 / 2 : 0.0);

      fr = (y - 1.0) / 1.5;
      fq = (x - x0) / SQRT3 - fr / 2;
    }

  cube_round (fq, fr, -fq - fr, &q, &r);
  axial_to_offset (board, q, r, &col, &row);
  return acies_board_cell_at (board, col, row);
}
