/* acies-types.h
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

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * AciesCell:
 *
 * A cell of a board: a square, a hex or a zone, as a dense index from 0 to
 * n_cells - 1.  %ACIES_CELL_NONE (-1) means "no cell" (off the map).
 */
typedef gint AciesCell;
#define ACIES_CELL_NONE (-1)

/**
 * AciesEdge:
 *
 * An edge between two cells (a square's side, a hexside, a zone border), as
 * a dense index; both neighbours share the same id.  Map-border edges exist
 * too and have one cell only.  %ACIES_EDGE_NONE (-1) means "no edge".
 */
typedef gint AciesEdge;
#define ACIES_EDGE_NONE (-1)

typedef enum
{
  ACIES_BOARD_SQUARE,
  ACIES_BOARD_HEX,
  ACIES_BOARD_ZONES,
} AciesBoardKind;

/* Flat-top hexes stand in columns (a hexside faces north); pointy-top hexes
 * stand in rows (a vertex points north). */
typedef enum
{
  ACIES_HEX_FLAT_TOP,
  ACIES_HEX_POINTY_TOP,
} AciesHexOrientation;

/* Which columns (flat-top) or rows (pointy-top) are shoved half a hex down
 * (flat-top) or right (pointy-top): the odd ones (1, 3, …, counting from 0)
 * or the even ones (0, 2, …). */
typedef enum
{
  ACIES_HEX_OFFSET_ODD,
  ACIES_HEX_OFFSET_EVEN,
} AciesHexOffset;

/* How cells are labelled for people. */
typedef enum
{
  ACIES_LABEL_XXYY,    /* SPI / GBoH: column then row, two digits each: 0215 */
  ACIES_LABEL_ALNUM,   /* column letter, row number: C4 */
  ACIES_LABEL_ZONES,   /* zone names: "A1 Left Centre" */
} AciesLabelScheme;

/* Which neighbours count. */
typedef enum
{
  ACIES_ADJ_ORTHOGONAL, /* squares and zones: edge to edge; hexes: all six */
  ACIES_ADJ_ALL,        /* squares: also diagonals (8-way); otherwise as ORTHOGONAL */
} AciesAdjacency;

/* The four map edges.  A side owns one or more of them (its home edge). */
typedef enum
{
  ACIES_MAP_EDGE_NORTH,
  ACIES_MAP_EDGE_EAST,
  ACIES_MAP_EDGE_SOUTH,
  ACIES_MAP_EDGE_WEST,
  ACIES_MAP_EDGE_NONE = -1,
} AciesMapEdge;

/* How a unit's facing is read on a hex board. */
typedef enum
{
  ACIES_FACING_NONE,     /* the ruleset has no facing */
  ACIES_FACING_SIDE,     /* toward a hexside / square side / adjacent zone: a direction */
  ACIES_FACING_VERTEX,   /* toward a hex vertex (GBoH 6.11): vertex i lies between directions i and i+1 */
} AciesFacingKind;

G_END_DECLS
