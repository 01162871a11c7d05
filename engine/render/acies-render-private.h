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

/* Level of detail, in the target's user units (pixels on screen): below
 * these sizes a thing is not drawn, or drawn plainer.  At the sizes the
 * editor and the play window show a board at, nothing is left out. */
#define ACIES_LOD_TEXT          4.0   /* text smaller than this is not drawn */
#define ACIES_LOD_COUNTER_PLAIN 6.0   /* a smaller counter is a square of its colour */
#define ACIES_LOD_STACK_BADGE   10.0  /* a smaller counter gets no stack count */
#define ACIES_LOD_SYMBOL        6.0   /* terrain symbols (trees…) of a smaller radius are left out */
#define ACIES_LOD_GRID          3.0   /* cells of a smaller inradius get no grid lines */

/* For tests and benchmarks: what a cache did, counted from its creation. */
typedef struct
{
  guint frames;        /* boards drawn through it */
  guint base_drawn;    /* tiles whose static layer was drawn */
  guint full_drawn;    /* tiles whose counters were drawn over it */
  guint tiles;         /* tiles kept now */
  guint sprites;       /* counter images kept now */
} AciesRenderCacheStats;

typedef struct _AciesRenderCache AciesRenderCache;
void     acies_render_cache_get_stats (AciesRenderCache      *cache,
                                       AciesRenderCacheStats *stats);

/* For tests: turn the level of detail off (everything drawn at any size,
 * as before issue 21) to compare pictures. */
void     acies_render_set_lod        (gboolean enabled);
gboolean acies_render_get_lod        (void);
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
  float               *bbox;        /* 4 per cell: x0 y0 x1 y1 of its polygon */
  double               bucket;      /* the side of a bucket of the spatial index */
  guint                n_bx;        /* buckets across */
  guint                n_by;        /* buckets down */
  guint               *bucket_start;/* n_bx * n_by + 1 offsets into bucket_cells */
  AciesCell           *bucket_cells;/* the cells whose box meets each bucket, in order */
  GArray              *outline;     /* the board's outline: x, y corners (acies_board_geom_outline()) */
  GArray              *outline_starts;
} AciesBoardGeom;

AciesBoardGeom *acies_board_geom_new      (AciesBoard           *board);
void            acies_board_geom_free     (AciesBoardGeom       *geom);
gboolean        acies_board_geom_matches  (const AciesBoardGeom *geom,
                                           const AciesBoard     *board);
void            acies_board_geom_outline  (const AciesBoardGeom *geom,
                                           const guint8         *member,
                                           GArray               *points,
                                           GArray               *starts);
void            acies_board_geom_query    (const AciesBoardGeom *geom,
                                           double                x0,
                                           double                y0,
                                           double                x1,
                                           double                y1,
                                           double                margin,
                                           guint32              *stamps,
                                           guint32               stamp,
                                           GArray               *cells);
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
  guint       side_mark;  /* high contrast: 1 + the side's index, its border's pattern; 0: none */
} AciesCounterLook;

void        acies_counter_look_mark_side (AciesCounterLook    *look,
                                          const AciesScenario *scenario,
                                          const AciesUnit     *unit,
                                          gboolean             high_contrast);

void        acies_counter_look_init    (AciesCounterLook     *look,
                                        const AciesScenario  *scenario,
                                        const AciesCatalogue *catalogue,
                                        const AciesUnit      *unit,
                                        gboolean              monochrome);
void        acies_counter_look_clear   (AciesCounterLook     *look);
char       *acies_counter_look_key     (const AciesCounterLook *look,
                                        double                size,
                                        double                length);
guint64     acies_counter_look_hash    (const AciesCounterLook *look);
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
