/* acies-render-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include "geometry/acies-board.h"
#include "model/acies-scenario.h"
#include "rulesets/acies-catalogue.h"
#include "acies-palette.h"

G_BEGIN_DECLS

#define ACIES_RENDER_FONT "Sans"

/*
 * AciesBoardGeom: a board's drawing geometry in board units (a square's
 * side or a hex's circumradius is 1), computed once per board from the
 * geometry functions and kept by the render cache.
 *
 * Polygon side i of a cell runs from its vertex i to vertex i + 1; the
 * side's neighbour and edge are matched from the board's directions.
 */
typedef struct
{
  AciesBoard          *board;
  AciesBoardKind       kind;
  AciesHexOrientation  orientation;
  AciesHexOffset       offset;
  guint                width;
  guint                height;
  guint                n_cells;
  guint                n_edges;
  guint                n_dirs;
  double               ext_w;
  double               ext_h;
  double               inradius;    /* the smallest centre-to-side distance */
  double              *centre;      /* 2 per cell */
  guint               *poly_start;  /* n_cells + 1 offsets into poly (in vertices) */
  double              *poly;        /* 2 per vertex */
  AciesCell           *side_nb;     /* per vertex: the neighbour across side i */
  AciesEdge           *side_edge;   /* per vertex: the edge of side i */
  double              *edge_seg;    /* 4 per edge: x1 y1 x2 y2, NAN when unknown */
  AciesCell           *edge_cell;   /* per edge: the cell whose side gives the segment */
} AciesBoardGeom;

AciesBoardGeom *acies_board_geom_new      (AciesBoard           *board);
void            acies_board_geom_free     (AciesBoardGeom       *geom);
gboolean        acies_board_geom_matches  (const AciesBoardGeom *geom,
                                           const AciesBoard     *board);
double          acies_direction_angle     (AciesBoardKind        kind,
                                           AciesHexOrientation   orientation,
                                           guint                 n_dirs,
                                           guint                 direction);
double          acies_facing_angle        (const AciesBoardGeom *geom,
                                           AciesFacingKind       kind,
                                           gint                  facing);

/* Terrain patterns (acies-terrain-patterns.c).  @size is the cell size in
 * pixels; @ink is the pattern colour.  Texture patterns return a repeating
 * cairo pattern (cached in @tiles, a hash table owned by the caller, or
 * NULL); symbol patterns are drawn around a centre. */
typedef enum
{
  ACIES_PATTERN_NONE,
  ACIES_PATTERN_DOTS,
  ACIES_PATTERN_TREES,
  ACIES_PATTERN_MARSH,
  ACIES_PATTERN_HATCH,
  ACIES_PATTERN_WATER,
  ACIES_PATTERN_ROUGH,
  ACIES_PATTERN_CROSSHATCH,
  ACIES_PATTERN_TOWN,
} AciesPatternKind;

AciesPatternKind acies_pattern_kind_from_name (const char      *name);
gboolean         acies_pattern_is_texture     (AciesPatternKind kind);
cairo_pattern_t *acies_pattern_texture        (GHashTable      *tiles,
                                               AciesPatternKind kind,
                                               const AciesRgba *ink,
                                               double           size,
                                               gboolean         monochrome);
void             acies_pattern_draw_symbols   (cairo_t         *cr,
                                               AciesPatternKind kind,
                                               const AciesRgba *ink,
                                               double           cx,
                                               double           cy,
                                               double           radius,
                                               guint            seed,
                                               gboolean         monochrome);
void             acies_pattern_fill_terrain   (cairo_t         *cr,
                                               GHashTable      *tiles,
                                               const char      *pattern,
                                               const AciesRgba *ink,
                                               double           size,
                                               gboolean         monochrome);
GHashTable      *acies_pattern_tiles_new      (void);

/* Counters (acies-counters.c). */
typedef struct
{
  AciesRgba   fill;
  const char *symbol;     /* NATO-style symbol name, or NULL */
  char       *values;     /* the shown attributes, joined, or NULL */
  char       *name;       /* a short name, or NULL */
  char       *type_id;    /* shown when the symbol is unknown */
  gboolean    leader;
  gboolean    monochrome;
  guint       stripes;    /* white stripes across the top: the counter shows its reverse (0: its front) */
} AciesCounterLook;

void        acies_counter_look_init    (AciesCounterLook     *look,
                                        const AciesScenario  *scenario,
                                        const AciesCatalogue *catalogue,
                                        const AciesUnit      *unit,
                                        gboolean              monochrome);
void        acies_counter_look_clear   (AciesCounterLook     *look);
char       *acies_counter_look_key     (const AciesCounterLook *look,
                                        double                size,
                                        double                length);
void        acies_counter_draw         (cairo_t              *cr,
                                        PangoLayout          *layout,
                                        const AciesCounterLook *look,
                                        double                x,
                                        double                y,
                                        double                size,
                                        double                length);
void        acies_counter_draw_facing  (cairo_t              *cr,
                                        double                cx,
                                        double                cy,
                                        double                size,
                                        double                angle,
                                        gboolean              monochrome);
void        acies_counter_draw_leader  (cairo_t              *cr,
                                        PangoLayout          *layout,
                                        const AciesRgba      *side_colour,
                                        const char           *initials,
                                        double                cx,
                                        double                cy,
                                        double                radius,
                                        gboolean              monochrome);
void        acies_counter_draw_badge   (cairo_t              *cr,
                                        PangoLayout          *layout,
                                        guint                 count,
                                        double                cx,
                                        double                cy,
                                        double                radius,
                                        gboolean              monochrome);
void        acies_unit_colour          (const AciesScenario  *scenario,
                                        const char           *side,
                                        const char           *formation,
                                        AciesRgba            *rgba);
void        acies_text_draw            (cairo_t              *cr,
                                        PangoLayout          *layout,
                                        const char           *text,
                                        double                font_px,
                                        gboolean              bold,
                                        double                x,
                                        double                y,
                                        double                xalign,
                                        double                yalign);

G_END_DECLS
