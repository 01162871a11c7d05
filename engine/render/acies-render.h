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
 * Caching: the static layer (terrain, features, elevation, edges, areas,
 * grid, labels) is kept as an image per cell size in an AciesRenderCache
 * and repainted from it while the map is unchanged; the map is hashed on
 * every draw, so edits invalidate the layer by themselves.  Counters are
 * kept as small images keyed by what they show.  Vector targets (PDF, PS,
 * SVG) are never drawn from the cache.
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
  gboolean   no_cache;        /* draw everything directly, ignoring @cache */
} AciesRenderOptions;

void      acies_render_options_init   (AciesRenderOptions      *options);

AciesRenderCache *acies_render_cache_new        (void);
void              acies_render_cache_free       (AciesRenderCache *cache);
void              acies_render_cache_invalidate (AciesRenderCache *cache);

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
