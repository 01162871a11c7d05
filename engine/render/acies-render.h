/* acies-render.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "model/acies-scenario.h"
#include "rulesets/acies-catalogue.h"

G_BEGIN_DECLS

/*
 * libacies-render: cairo + pango drawing of boards and counters, no GTK.
 * Callers: the board widget's snapshot, GtkPrintOperation, the CLI/tests.
 *
 * Coordinates: the renderer draws the board into the rectangle
 * (0, 0, width, height) of @cr in device units, fitting and centring it
 * unless a cell size is given.
 *
 * Caching: on raster targets the board is drawn in tiles kept per cell
 * size in an AciesRenderCache (the static layer — terrain, features,
 * elevation, grid, edges, areas, labels — and the counters over it); a
 * frame repaints the tiles it shows and redraws only those whose content
 * changed.  The map and the units are compared with the last frame's on
 * every draw, so edits and moves redraw their tiles by themselves;
 * acies_render_cache_invalidate_cells() tells what cannot be seen that
 * way (a counter edited in place).  Counters are kept as small images
 * keyed by what they show at their size.  Vector targets (PDF, PS, SVG)
 * are never drawn from the cache; they draw only what meets their clip.
 *
 * Level of detail: what would be too small to see is left out — text
 * under 4 pixels, the grid of cells under 3 pixels' inradius, terrain
 * symbols under 6 pixels, stack counts on counters under 10 pixels — and
 * a counter under 6 pixels is a square of its colour.
 */

typedef struct _AciesRenderCache AciesRenderCache;

typedef struct
{
  double     cell_size;       /* pixels per square side / hex circumradius; 0 = fit */
  double     offset_x;        /* board origin in the target (used when cell_size > 0) */
  double     offset_y;
  gboolean   show_labels;
  gboolean   show_units;
  gboolean   monochrome;      /* black-and-white patterns instead of colours */
  AciesCell  focus_cell;      /* keyboard focus, or ACIES_CELL_NONE */
  AciesCell  selected_cell;   /* or ACIES_CELL_NONE */
  GArray    *highlight_cells; /* AciesCell, or NULL */
  GPtrArray *units;           /* AciesUnit * to draw instead of the scenario's set-up, or NULL */
  GPtrArray *leaders;         /* AciesLeader * to draw instead of the scenario's, or NULL */
  gboolean   dark;            /* dark UI around the board */
  AciesRenderCache *cache;    /* or NULL: the renderer's shared cache (raster targets only) */
  gboolean   no_cache;        /* draw everything directly (@cache, when given, still lends its
                               * board geometry: printed pages share one) */
  gboolean   high_contrast;   /* the high-contrast style: cell and zone labels in opaque ink on a
                               * halo, opaque grid lines, hatched highlights (issue 19.2) */
} AciesRenderOptions;

void      acies_render_options_init   (AciesRenderOptions      *options);

AciesRenderCache *acies_render_cache_new        (void);
void              acies_render_cache_free       (AciesRenderCache *cache);
void              acies_render_cache_invalidate (AciesRenderCache *cache);
void              acies_render_cache_invalidate_cells (AciesRenderCache *cache,
                                                       const AciesCell  *cells,
                                                       guint             n_cells);
void              acies_render_cache_invalidate_units (AciesRenderCache *cache);

/* Computes the cell size and origin that fit @scenario's board in
 * @width × @height pixels (with a small margin). */
/**
 * AciesUnitPlace:
 * @x: the counter's centre, pixels in the target
 * @y: the counter's centre, pixels in the target
 * @size: the counter's side, pixels
 * @shown: %FALSE for a unit off the board (the other members are 0)
 * @covered: drawn under four or more counters of its stack, so not seen
 *
 * Where acies_render_board() draws a unit's counter.
 */
typedef struct
{
  double   x;
  double   y;
  double   size;
  gboolean shown;
  gboolean covered;
} AciesUnitPlace;

GArray   *acies_render_place_units    (AciesBoard              *board,
                                       GPtrArray               *units,
                                       double                   cell_size,
                                       double                   offset_x,
                                       double                   offset_y);

void      acies_render_fit            (const AciesScenario     *scenario,
                                       double                   width,
                                       double                   height,
                                       double                  *cell_size,
                                       double                  *offset_x,
                                       double                  *offset_y);

void      acies_render_board          (cairo_t                 *cr,
                                       const AciesScenario     *scenario,
                                       const AciesCatalogue    *catalogue,
                                       double                   width,
                                       double                   height,
                                       const AciesRenderOptions *options);

/**
 * AciesRenderTileFunc:
 * @surface: the tile: an opaque ARGB32 image with the target's device scale
 * @x: its left edge, target units
 * @y: its top edge, target units
 * @size: its side, target units
 * @serial: a number that changes whenever the tile's pixels change
 * @user_data: the data given with the function
 *
 * Receives one tile of acies_render_board_tiles().  The surface belongs
 * to the cache and is valid until the next drawing through it.
 */
typedef void (*AciesRenderTileFunc) (cairo_surface_t *surface,
                                     double           x,
                                     double           y,
                                     double           size,
                                     guint64          serial,
                                     gpointer         user_data);

gboolean  acies_render_board_tiles    (const AciesScenario     *scenario,
                                       const AciesCatalogue    *catalogue,
                                       double                   width,
                                       double                   height,
                                       double                   scale,
                                       const AciesRenderOptions *options,
                                       AciesRenderTileFunc      func,
                                       gpointer                 user_data);
void      acies_render_board_marks    (cairo_t                 *cr,
                                       const AciesScenario     *scenario,
                                       double                   width,
                                       double                   height,
                                       const AciesRenderOptions *options);

/* Draws one counter centred on (@cx, @cy), @size pixels square.  @angle is
 * the facing notch's direction in radians clockwise from north, or NAN for
 * none. */
void      acies_render_counter        (cairo_t                 *cr,
                                       const AciesScenario     *scenario,
                                       const AciesCatalogue    *catalogue,
                                       const AciesUnit         *unit,
                                       double                   cx,
                                       double                   cy,
                                       double                   size,
                                       double                   angle);

/* Draws a leader's round marker (its initials, or a star), @radius
 * pixels, centred on (@cx, @cy), in its side's or formation's colour. */
void      acies_render_leader         (cairo_t                 *cr,
                                       const AciesScenario     *scenario,
                                       const AciesLeader       *leader,
                                       double                   cx,
                                       double                   cy,
                                       double                   radius);

GArray   *acies_render_place_leaders  (AciesBoard              *board,
                                       GPtrArray               *units,
                                       GPtrArray               *leaders,
                                       double                   cell_size,
                                       double                   offset_x,
                                       double                   offset_y);

/* Maps a point in the target to a cell (ACIES_CELL_NONE outside). */
AciesCell acies_render_cell_at_point  (const AciesScenario     *scenario,
                                       double                   width,
                                       double                   height,
                                       const AciesRenderOptions *options,
                                       double                   x,
                                       double                   y);

/* The centre of @cell in the target, in pixels. */
gboolean  acies_render_cell_center    (const AciesScenario     *scenario,
                                       double                   width,
                                       double                   height,
                                       const AciesRenderOptions *options,
                                       AciesCell                cell,
                                       double                  *x,
                                       double                  *y);

/* Writes a PNG of the board. */
gboolean  acies_render_to_png         (const AciesScenario     *scenario,
                                       const AciesCatalogue    *catalogue,
                                       int                      width,
                                       int                      height,
                                       const char              *path,
                                       GError                 **error);
gboolean  acies_render_to_png_full    (const AciesScenario     *scenario,
                                       const AciesCatalogue    *catalogue,
                                       int                      width,
                                       int                      height,
                                       const AciesRenderOptions *options,
                                       const char              *path,
                                       GError                 **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesRenderCache, acies_render_cache_free)

G_END_DECLS
