/* acies-board.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "acies-types.h"

G_BEGIN_DECLS

/*
 * Coordinates: column (x) from 0 at the west edge, row (y) from 0 at the
 * north edge.  Cells are numbered row-major: cell = row * width + col.
 *
 * Directions, numbered clockwise:
 *   squares:          0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW
 *                     (orthogonal directions are the even ones)
 *   flat-top hexes:   0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW
 *   pointy-top hexes: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW
 *   zones:            0 N, 1 E, 2 S, 3 W (N is toward row 0)
 * The opposite of d is (d + n/2) % n.  Hex vertex v lies between
 * directions v and v + 1 (mod 6).  A cell's polygon lists its corners in
 * vertex order: hexes vertex 0..5; squares and zones NE, SE, SW, NW (corner
 * i lies between the sides 2i and 2i + 2 of a square, i and i + 1 of a
 * zone).  The side toward direction d thus runs from corner d - 1 to corner
 * d on hexes.
 *
 * Zones (Lost Battles, LB checklist 3.1): row 0 is Army 1's back row, row 1
 * its front row, rows 2 and 3 Army 2's front and back rows; column 0 is
 * Army 1's left.  Labels are "A1 Left Wing" … "A2 Left Wing";
 * acies_board_zone_name() gives army 1 or 2 its own names ("Left Centre",
 * "Rear" for the central rear) and "enemy Left Centre" for the other
 * army's zones.
 *
 * Buffers: acies_board_neighbours() needs n_directions cells,
 * acies_board_front_cells() 2 cells, acies_board_cell_polygon() 12 doubles.
 *
 * Offset hexes: with ACIES_HEX_OFFSET_ODD the odd columns (flat-top) or odd
 * rows (pointy-top) are shoved down (flat) or right (pointy) by half a hex;
 * with ACIES_HEX_OFFSET_EVEN the even ones are.
 */

#define ACIES_TYPE_BOARD (acies_board_get_type ())

typedef struct _AciesBoard AciesBoard;

/**
 * AciesLosStep:
 * @cell: a cell the line passes through
 * @alt: %ACIES_CELL_NONE, or the other cell when the line runs exactly along
 *   the hexside between @cell and @alt (FB 7.22, GBoH 7.2), or on a square
 *   board passes exactly through the corner that @cell and @alt share
 * @between: %TRUE when the line runs between @cell and @alt rather than
 *   through @cell.  @alt is then %ACIES_CELL_NONE only when the hex on the
 *   other side of the hexside lies off the map (the line runs along the map
 *   border); an off-map hex never blocks.
 */
typedef struct
{
  AciesCell cell;
  AciesCell alt;
  gboolean  between;
} AciesLosStep;

/**
 * AciesLosBlocksFunc:
 * @board: the board
 * @cell: an intervening cell
 * @user_data: closure data
 *
 * Returns: %TRUE if @cell blocks line of sight
 */
typedef gboolean (*AciesLosBlocksFunc) (const AciesBoard *board,
                                        AciesCell         cell,
                                        gpointer          user_data);

GType              acies_board_get_type          (void) G_GNUC_CONST;

AciesBoard        *acies_board_new_square        (guint                width,
                                                  guint                height);
AciesBoard        *acies_board_new_hex           (guint                width,
                                                  guint                height,
                                                  AciesHexOrientation  orientation,
                                                  AciesHexOffset       offset);
AciesBoard        *acies_board_new_zones         (void);
AciesBoard        *acies_board_new_zones_named   (const char * const  *names);
GStrv              acies_board_get_zone_names    (const AciesBoard    *board);
AciesBoard        *acies_board_ref               (AciesBoard          *board);
void               acies_board_unref             (AciesBoard          *board);

AciesBoardKind     acies_board_get_kind          (const AciesBoard    *board);
guint              acies_board_get_width         (const AciesBoard    *board);
guint              acies_board_get_height        (const AciesBoard    *board);
guint              acies_board_get_n_cells       (const AciesBoard    *board);
AciesHexOrientation acies_board_get_orientation  (const AciesBoard    *board);
AciesHexOffset     acies_board_get_offset        (const AciesBoard    *board);
guint              acies_board_get_n_directions  (const AciesBoard    *board);
gboolean           acies_board_equal             (const AciesBoard    *a,
                                                  const AciesBoard    *b);

/* Labels. */
AciesLabelScheme   acies_board_get_label_scheme  (const AciesBoard    *board);
void               acies_board_set_label_scheme  (AciesBoard          *board,
                                                  AciesLabelScheme     scheme);
void               acies_board_set_label_origin  (AciesBoard          *board,
                                                  guint                first_col,
                                                  guint                first_row);
void               acies_board_get_label_origin  (const AciesBoard    *board,
                                                  guint               *first_col,
                                                  guint               *first_row);
const char        *acies_board_cell_label        (const AciesBoard    *board,
                                                  AciesCell            cell);
AciesCell          acies_board_cell_from_label   (const AciesBoard    *board,
                                                  const char          *label);
const char        *acies_board_zone_name         (const AciesBoard    *board,
                                                  AciesCell            cell,
                                                  guint                army);
const char        *acies_board_cell_label_shown  (const AciesBoard    *board,
                                                  AciesCell            cell);
guint              acies_board_zone_army         (const AciesBoard    *board,
                                                  AciesCell            cell);

/* Cells and coordinates. */
gboolean           acies_board_contains          (const AciesBoard    *board,
                                                  AciesCell            cell);
AciesCell          acies_board_cell_at           (const AciesBoard    *board,
                                                  gint                 col,
                                                  gint                 row);
void               acies_board_cell_coords       (const AciesBoard    *board,
                                                  AciesCell            cell,
                                                  gint                *col,
                                                  gint                *row);

/* Neighbours, directions, distance. */
AciesCell          acies_board_neighbour         (const AciesBoard    *board,
                                                  AciesCell            cell,
                                                  guint                direction);
guint              acies_board_neighbours        (const AciesBoard    *board,
                                                  AciesCell            cell,
                                                  AciesAdjacency       adjacency,
                                                  AciesCell           *out);
gboolean           acies_board_adjacent          (const AciesBoard    *board,
                                                  AciesCell            a,
                                                  AciesCell            b,
                                                  AciesAdjacency       adjacency);
gint               acies_board_direction_to      (const AciesBoard    *board,
                                                  AciesCell            from,
                                                  AciesCell            to);
guint              acies_board_opposite          (const AciesBoard    *board,
                                                  guint                direction);
const char        *acies_board_direction_name    (const AciesBoard    *board,
                                                  guint                direction);
gint               acies_board_direction_from_name (const AciesBoard  *board,
                                                  const char          *name);
guint              acies_board_distance          (const AciesBoard    *board,
                                                  AciesCell            a,
                                                  AciesCell            b);
guint              acies_board_distance_8way     (const AciesBoard    *board,
                                                  AciesCell            a,
                                                  AciesCell            b);

/* Edges (square sides, hexsides, zone borders). */
guint              acies_board_get_n_edges       (const AciesBoard    *board);
AciesEdge          acies_board_edge_of           (const AciesBoard    *board,
                                                  AciesCell            cell,
                                                  guint                direction);
AciesEdge          acies_board_edge_between      (const AciesBoard    *board,
                                                  AciesCell            a,
                                                  AciesCell            b);
void               acies_board_edge_cells        (const AciesBoard    *board,
                                                  AciesEdge            edge,
                                                  AciesCell           *a,
                                                  AciesCell           *b);
const char        *acies_board_edge_label        (const AciesBoard    *board,
                                                  AciesEdge            edge);
AciesEdge          acies_board_edge_from_label   (const AciesBoard    *board,
                                                  const char          *label);
guint              acies_board_edge_direction    (const AciesBoard    *board,
                                                  AciesEdge            edge);
void               acies_board_edge_segment      (const AciesBoard    *board,
                                                  AciesEdge            edge,
                                                  double              *x1,
                                                  double              *y1,
                                                  double              *x2,
                                                  double              *y2);

/* Facing. */
guint              acies_board_front_cells       (const AciesBoard    *board,
                                                  AciesCell            cell,
                                                  AciesFacingKind      kind,
                                                  guint                facing,
                                                  AciesCell           *out);
gint               acies_board_facing_toward     (const AciesBoard    *board,
                                                  AciesCell            from,
                                                  AciesCell            to,
                                                  AciesFacingKind      kind);

/* Map edges. */
gboolean           acies_board_cell_on_map_edge  (const AciesBoard    *board,
                                                  AciesCell            cell,
                                                  AciesMapEdge         edge);
gint               acies_board_map_edge_direction (const AciesBoard   *board,
                                                  AciesMapEdge         edge);

/* Line of sight. */
GArray            *acies_board_los_steps         (const AciesBoard    *board,
                                                  AciesCell            from,
                                                  AciesCell            to);
gboolean           acies_board_has_los           (const AciesBoard    *board,
                                                  AciesCell            from,
                                                  AciesCell            to,
                                                  AciesLosBlocksFunc   blocks,
                                                  gpointer             user_data);

/* Geometry for drawing: the centre of a cell in units where a square's side
 * or a hex's circumradius is 1.0, and the whole board's extent. */
void               acies_board_cell_center       (const AciesBoard    *board,
                                                  AciesCell            cell,
                                                  double              *x,
                                                  double              *y);
void               acies_board_extent            (const AciesBoard    *board,
                                                  double              *width,
                                                  double              *height);
guint              acies_board_cell_polygon      (const AciesBoard    *board,
                                                  AciesCell            cell,
                                                  double              *xy);
AciesCell          acies_board_cell_at_point     (const AciesBoard    *board,
                                                  double               x,
                                                  double               y);
void               acies_board_vertex_point      (const AciesBoard    *board,
                                                  AciesCell            cell,
                                                  guint                vertex,
                                                  double              *x,
                                                  double              *y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesBoard, acies_board_unref)

G_END_DECLS
