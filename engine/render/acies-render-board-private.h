/* acies-render-board-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include "acies-render.h"
#include "acies-render-private.h"

G_BEGIN_DECLS

/*
 * The board renderer's parts (acies-render*.c), shared between its files:
 * acies-render.c (the entry points, fit, hit-testing, PNG),
 * acies-render-terrain.c (terrain, cell features, elevation, grid, edge
 * features), acies-render-areas.c (areas, labels, the static layer),
 * acies-render-units.c (where counters and leaders go, and drawing them)
 * and acies-render-cache.c (the tiles and counter images of
 * AciesRenderCache).
 *
 * A drawing covers a region of the target: the whole of it, a tile of
 * the cache or a printed page.  Only the cells whose drawing reaches into
 * the region are drawn (AciesRenderCtx.cells), in increasing order, so
 * that the part of the board inside the region comes out as it would in a
 * drawing of the whole board.
 */

typedef struct
{
  cairo_t                  *cr;
  const AciesScenario      *scenario;
  const AciesCatalogue     *catalogue;
  const AciesBoardGeom     *geom;
  const AciesRenderOptions *options;
  AciesRenderCache         *cache;      /* or NULL: counters drawn directly */
  double                    s;          /* pixels per board unit */
  double                    scale;      /* device pixels per target unit (counter images) */
  double                    ox;         /* board origin in the target */
  double                    oy;
  gboolean                  mono;
  gboolean                  lod;        /* leave out what is too small to see */
  PangoLayout              *layout;
  GHashTable               *tiles;      /* terrain textures */
  const AciesCell          *cells;      /* the cells drawn, increasing */
  guint                     n_cells;
  const guint32            *stamps;     /* per cell: @stamp when the cell is in @cells */
  guint32                   stamp;
  const guint8             *occupied;   /* per cell: a unit of the set-up stands there, or NULL */
  const struct _AciesAreaLabel *labels; /* per area, board-relative, or NULL to work them out */
  GPtrArray                *outlines;   /* AciesOutline per area, or NULL to work them out */
  const char               *base;       /* the commonest terrain, or NULL to work it out */
  GArray                   *items;      /* acies_render_items () for the drawing, or NULL to work them out */
  gboolean                  have_base;
  gboolean                  plain_pending; /* plain counters in the path, to fill */
  AciesRgba                 plain_colour;
  gboolean                  plain_mono;
  double                    rx0;        /* the region drawn, target units */
  double                    ry0;
  double                    rx1;
  double                    ry1;
} AciesRenderCtx;

#define ACIES_PX(ctx, bx) ((ctx)->ox + (ctx)->s * (bx))
#define ACIES_PY(ctx, by) ((ctx)->oy + (ctx)->s * (by))

/* Loops over the region's cells, in increasing order. */
#define ACIES_FOR_EACH_CELL(ctx, c) \
  for (guint c##_k = 0, c = 0; c##_k < (ctx)->n_cells && ((c = (guint) (ctx)->cells[c##_k]), TRUE); c##_k++)

static inline double
acies_clampd (double v,
              double lo,
              double hi)
{
  return MIN (MAX (v, lo), hi);
}

/* Whether a rectangle in board units, grown by @pad target units, meets
 * the region drawn: each layer leaves out what it draws outside it. */
static inline gboolean
acies_render_ctx_meets (const AciesRenderCtx *ctx,
                        double                bx0,
                        double                by0,
                        double                bx1,
                        double                by1,
                        double                pad)
{
  return ctx->ox + ctx->s * bx1 + pad >= ctx->rx0 && ctx->ox + ctx->s * bx0 - pad <= ctx->rx1
         && ctx->oy + ctx->s * by1 + pad >= ctx->ry0 && ctx->oy + ctx->s * by0 - pad <= ctx->ry1;
}

/* Whether cell @c's polygon, grown by @pad target units, meets the region. */
static inline gboolean
acies_render_ctx_meets_cell (const AciesRenderCtx *ctx,
                             AciesCell             c,
                             double                pad)
{
  const float *box = ctx->geom->bbox + 4 * c;

  return acies_render_ctx_meets (ctx, box[0], box[1], box[2], box[3], pad);
}

static inline gboolean
acies_render_ctx_has_cell (const AciesRenderCtx *ctx,
                           AciesCell             cell)
{
  return ctx->stamps == NULL || ctx->stamps[cell] == ctx->stamp;
}

/* acies-render-terrain.c */
void     acies_render_cell_path          (AciesRenderCtx       *ctx,
                                          AciesCell             cell,
                                          double                inset);
void     acies_render_side_path          (AciesRenderCtx       *ctx,
                                          AciesCell             cell,
                                          guint                 side,
                                          double                inset);
/* Closed loops in board units (acies_board_geom_outline()). */
typedef struct
{
  GArray *points;   /* double: x, y */
  GArray *starts;   /* guint: each loop's first point, then the end */
} AciesOutline;

AciesOutline *acies_outline_new          (const AciesBoardGeom *g,
                                          const guint8         *member);
void     acies_outline_free              (AciesOutline         *outline);
void     acies_render_outline_path       (AciesRenderCtx       *ctx,
                                          GArray               *points,
                                          GArray               *starts);
const char *acies_render_base_terrain    (const AciesScenario  *scenario,
                                          const AciesBoardGeom *g);
void     acies_render_cell_bbox          (const AciesBoardGeom *g,
                                          AciesCell             cell,
                                          double               *x0,
                                          double               *y0,
                                          double               *x1,
                                          double               *y1);
void     acies_render_text_halo          (AciesRenderCtx       *ctx,
                                          const char           *text,
                                          double                font_px,
                                          gboolean              bold,
                                          double                x,
                                          double                y,
                                          double                xalign,
                                          double                yalign,
                                          const AciesRgba      *colour);
double   acies_render_static_margin      (const AciesRenderCtx *ctx);
void     acies_render_draw_terrain       (AciesRenderCtx       *ctx);
void     acies_render_draw_cell_features (AciesRenderCtx       *ctx);
void     acies_render_draw_elevation     (AciesRenderCtx       *ctx);
void     acies_render_draw_grid          (AciesRenderCtx       *ctx);
void     acies_render_draw_edge_features (AciesRenderCtx       *ctx);

/* acies-render-areas.c */

/* Where an area's name is written: the cell nearest the area's centroid
 * (avoiding cells with a unit on hex and square boards), in target
 * units, and the rectangle the text covers (a generous estimate). */
typedef struct _AciesAreaLabel
{
  AciesCell cell;       /* ACIES_CELL_NONE: not written */
  double    x;
  double    y;
  double    font;
  double    x0;
  double    y0;
  double    x1;
  double    y1;
} AciesAreaLabel;

void     acies_render_area_colour        (const AciesScenario  *scenario,
                                          const AciesArea      *area,
                                          AciesRgba            *colour,
                                          gboolean             *dashed);
void     acies_render_area_label         (const AciesRenderCtx *ctx,
                                          const AciesArea      *area,
                                          AciesAreaLabel       *label);
AciesOutline *acies_render_area_outline   (const AciesBoardGeom *g,
                                          const AciesArea      *area);
void     acies_render_draw_areas         (AciesRenderCtx       *ctx);
void     acies_render_draw_area_names    (AciesRenderCtx       *ctx);
void     acies_render_draw_labels        (AciesRenderCtx       *ctx);
void     acies_render_draw_static        (AciesRenderCtx       *ctx);
guint8  *acies_render_occupied_cells     (const AciesScenario  *scenario,
                                          const AciesBoardGeom *geom);

/* acies-render-units.c */

typedef enum
{
  ACIES_ITEM_TWO_HEX,   /* a unit across two hexes */
  ACIES_ITEM_COUNTER,   /* a unit's counter (and its facing) */
  ACIES_ITEM_BADGE,     /* a stack's count, on its top counter */
  ACIES_ITEM_LEADER,    /* a leader's round marker */
} AciesItemKind;

/* One thing drawn over the map, in board-relative pixels (from the board's
 * origin), in drawing order: two-hex units, then each stack's counters and
 * its count, then the leaders. */
typedef struct
{
  guint    kind;
  guint    index;       /* the unit or the leader; a badge: its top unit */
  guint    count;       /* a badge: the stack's size; a counter: 1 when covered
                         * by four others of its stack (its facing notch only) */
  double   x;
  double   y;
  double   size;        /* a counter's side; a leader's diameter; a badge's radius */
  double   x0;          /* what it covers */
  double   y0;
  double   x1;
  double   y1;
} AciesItem;

double   acies_render_counter_size       (const AciesBoardGeom *g,
                                          double                s);
GArray  *acies_render_items              (const AciesBoardGeom *g,
                                          GPtrArray            *units,
                                          GPtrArray            *leaders,
                                          gboolean              lone,
                                          double                s,
                                          gboolean              lod);
void     acies_render_draw_item          (AciesRenderCtx       *ctx,
                                          GPtrArray            *units,
                                          GPtrArray            *leaders,
                                          const AciesItem      *item,
                                          const AciesCounterLook *look);
void     acies_render_flush_plain        (AciesRenderCtx       *ctx);
void     acies_render_draw_highlights    (AciesRenderCtx       *ctx);
void     acies_render_draw_units         (AciesRenderCtx       *ctx);
void     acies_render_draw_marks         (AciesRenderCtx       *ctx);
void     acies_render_leader_look        (const AciesScenario  *scenario,
                                          const AciesLeader    *leader,
                                          AciesRgba            *colour,
                                          char                **initials);
GPtrArray *acies_render_ctx_units        (const AciesRenderCtx *ctx);
GPtrArray *acies_render_ctx_leaders      (const AciesRenderCtx *ctx,
                                          gboolean             *lone);

/* acies-render-cache.c */
void     acies_render_cache_tiles        (AciesRenderCtx       *ctx,
                                          double                width,
                                          double                height,
                                          double                scale,
                                          AciesRenderTileFunc   func,
                                          gpointer              user_data,
                                          double                covered[4]);
void     acies_render_cached             (AciesRenderCtx       *ctx,
                                          double                width,
                                          double                height,
                                          double                scale);
cairo_surface_t *acies_render_cache_sprite (AciesRenderCache     *cache,
                                          const AciesCounterLook *look,
                                          double                size,
                                          double                scale,
                                          int                  *width);
AciesBoardGeom *acies_render_cache_geom  (AciesRenderCache     *cache,
                                          AciesBoard           *board);
GHashTable *acies_render_cache_patterns  (AciesRenderCache     *cache);
void     acies_render_cache_lend         (AciesRenderCache     *cache,
                                          AciesRenderCtx       *ctx);
void     acies_render_background         (cairo_t              *cr,
                                          double                x,
                                          double                y,
                                          double                width,
                                          double                height,
                                          const AciesRenderOptions *options);

G_END_DECLS
