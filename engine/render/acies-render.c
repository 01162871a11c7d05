/* acies-render.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "acies-error.h"
#include "acies-render-board-private.h"
#include "acies-render-output.h"

/* The board renderer's entry points: options, fitting the board, drawing
 * it (through a cache on raster targets, directly on paper), one counter
 * or leader, hit-testing and PNG.  The layers are drawn by
 * acies-render-terrain.c, acies-render-areas.c and acies-render-units.c;
 * the cache is acies-render-cache.c. */

G_LOCK_DEFINE_STATIC (shared_cache);
static AciesRenderCache *shared_cache;
static gboolean lod_enabled = TRUE;

/* For tests: see acies-render-private.h. */
void
acies_render_set_lod (gboolean enabled)
{
  lod_enabled = enabled;
}

gboolean
acies_render_get_lod (void)
{
  return lod_enabled;
}

/**
 * acies_render_options_init:
 * @options: (out caller-allocates): options to fill
 *
 * Sets the defaults: fit the board, labels and units shown, colour, no
 * focus, selection or highlight, the shared cache.
 */
void
acies_render_options_init (AciesRenderOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->show_labels = TRUE;
  options->show_units = TRUE;
  options->focus_cell = ACIES_CELL_NONE;
  options->selected_cell = ACIES_CELL_NONE;
}

/**
 * acies_render_fit:
 * @scenario: a scenario
 * @width: target width in pixels
 * @height: target height in pixels
 * @cell_size: (out): pixels per square side / hex circumradius
 * @offset_x: (out): the board origin
 * @offset_y: (out): the board origin
 *
 * Computes the cell size and origin that fit and centre the board in
 * @width × @height pixels with a small margin.
 */
void
acies_render_fit (const AciesScenario *scenario,
                  double               width,
                  double               height,
                  double              *cell_size,
                  double              *offset_x,
                  double              *offset_y)
{
  double ext_w = 1, ext_h = 1, margin, size;

  g_return_if_fail (scenario != NULL);

  if (scenario->map.board != NULL)
    acies_board_extent (scenario->map.board, &ext_w, &ext_h);
  ext_w = MAX (ext_w, 0.01);
  ext_h = MAX (ext_h, 0.01);

  margin = MAX (4.0, MIN (width, height) * 0.015);
  size = MIN ((width - 2 * margin) / ext_w, (height - 2 * margin) / ext_h);
  size = MAX (size, 0.0);

  if (cell_size)
    *cell_size = size;
  if (offset_x)
    *offset_x = (width - ext_w * size) / 2;
  if (offset_y)
    *offset_y = (height - ext_h * size) / 2;
}

static void
get_transform (const AciesScenario      *scenario,
               double                    width,
               double                    height,
               const AciesRenderOptions *options,
               double                   *s,
               double                   *ox,
               double                   *oy)
{
  if (options != NULL && options->cell_size > 0)
    {
      *s = options->cell_size;
      *ox = options->offset_x;
      *oy = options->offset_y;
    }
  else
    acies_render_fit (scenario, width, height, s, ox, oy);
}

/* Geometry helpers. */

static gboolean
target_is_raster (cairo_t *cr)
{
  switch (cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
    case CAIRO_SURFACE_TYPE_SCRIPT:
      return FALSE;
    default:
      return TRUE;
    }
}

/* Pixels per user unit of the target, for tiles and counter images. */
static double
target_scale (cairo_t *cr)
{
  double sx = 1, sy = 1, dx = 1, dy = 0;

  cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
  cairo_user_to_device_distance (cr, &dx, &dy);

  return MAX (1.0, MAX (sx, sy) * hypot (dx, dy));
}

/**
 * acies_render_background:
 * @cr: a cairo context
 * @x: a rectangle
 * @y: a rectangle
 * @width: a rectangle
 * @height: a rectangle
 * @options: the options (light or dark, monochrome)
 *
 * Fills the rectangle with the colour around the board.
 */
void
acies_render_background (cairo_t                  *cr,
                         double                    x,
                         double                    y,
                         double                    width,
                         double                    height,
                         const AciesRenderOptions *options)
{
  cairo_rectangle (cr, x, y, width, height);
  acies_palette_set_colour (cr, options->dark ? ACIES_PALETTE_BACKGROUND_DARK : ACIES_PALETTE_BACKGROUND,
                            options->monochrome);
  cairo_fill (cr);
}

/* Draws without a cache: the cells, counters and leaders that meet the
 * clip, everything else left out (a printed page of a tiled map draws
 * its tile only). */
static void
render_direct (AciesRenderCtx *ctx,
               double          width,
               double          height)
{
  const AciesBoardGeom *g = ctx->geom;
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autofree guint32 *stamps = g_new0 (guint32, MAX (g->n_cells, 1u));
  g_autofree guint8 *occupied = acies_render_occupied_cells (ctx->scenario, g);
  double x0, y0, x1, y1;

  cairo_clip_extents (ctx->cr, &x0, &y0, &x1, &y1);
  x0 = MAX (x0, 0);
  y0 = MAX (y0, 0);
  x1 = MIN (x1, width);
  y1 = MIN (y1, height);
  acies_render_background (ctx->cr, 0, 0, width, height, ctx->options);
  if (x1 <= x0 || y1 <= y0)
    return;

  ctx->rx0 = x0;
  ctx->ry0 = y0;
  ctx->rx1 = x1;
  ctx->ry1 = y1;
  ctx->occupied = occupied;
  acies_board_geom_query (g, (x0 - ctx->ox) / ctx->s, (y0 - ctx->oy) / ctx->s,
                          (x1 - ctx->ox) / ctx->s, (y1 - ctx->oy) / ctx->s,
                          acies_render_static_margin (ctx) / ctx->s, stamps, 1, cells);
  ctx->cells = (const AciesCell *) cells->data;
  ctx->n_cells = cells->len;
  ctx->stamps = stamps;
  ctx->stamp = 1;

  acies_render_draw_static (ctx);
  acies_render_draw_highlights (ctx);
  if (ctx->options->show_units)
    acies_render_draw_units (ctx);
  acies_render_draw_area_names (ctx);
  acies_render_draw_marks (ctx);
}

/**
 * acies_render_board:
 * @cr: a cairo context
 * @scenario: the scenario whose map and set-up are drawn
 * @catalogue: (nullable): its ruleset's catalogue (terrain colours and
 *   patterns, unit symbols, shown attributes); without it, greys and boxes
 * @width: the target rectangle's width, pixels
 * @height: the target rectangle's height, pixels
 * @options: (nullable): what to draw, or %NULL for the defaults
 *
 * Draws the board: background, terrain, cell features, elevation, grid,
 * edge features, areas, labels, highlights, counters, selection and focus.
 * Only what meets the target's clip is drawn, with the detail its size
 * allows (text too small to read, trees and grid lines of tiny cells are
 * left out).  Raster targets are drawn through a cache (see
 * AciesRenderCache); vector targets always get vector drawing.  Hidden
 * unit values are never drawn.
 */
void
acies_render_board (cairo_t                  *cr,
                    const AciesScenario      *scenario,
                    const AciesCatalogue     *catalogue,
                    double                    width,
                    double                    height,
                    const AciesRenderOptions *options)
{
  AciesRenderOptions defaults;
  AciesRenderCache *cache = NULL;
  AciesBoardGeom *own_geom = NULL;
  gboolean shared = FALSE, tiled;
  AciesRenderCtx ctx = { 0 };

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);

  if (options == NULL)
    {
      acies_render_options_init (&defaults);
      options = &defaults;
    }

  cairo_save (cr);

  if (scenario->map.board == NULL || acies_board_get_n_cells (scenario->map.board) == 0)
    {
      acies_render_background (cr, 0, 0, width, height, options);
      cairo_restore (cr);
      return;
    }

  tiled = !options->no_cache && target_is_raster (cr);
  cache = options->cache;
  if (tiled && cache == NULL)
    {
      G_LOCK (shared_cache);
      if (shared_cache == NULL)
        shared_cache = acies_render_cache_new ();
      cache = shared_cache;
      shared = TRUE;
    }

  /* A cache lends its board geometry and textures to a direct drawing
   * too (the pages of a print job share one). */
  if (cache != NULL)
    {
      ctx.geom = acies_render_cache_geom (cache, scenario->map.board);
      ctx.tiles = acies_render_cache_patterns (cache);
    }
  else
    {
      own_geom = acies_board_geom_new (scenario->map.board);
      ctx.geom = own_geom;
      ctx.tiles = acies_pattern_tiles_new ();
    }

  ctx.cr = cr;
  ctx.scenario = scenario;
  ctx.catalogue = catalogue;
  ctx.options = options;
  ctx.cache = tiled ? cache : NULL;
  ctx.mono = options->monochrome;
  ctx.lod = lod_enabled;
  ctx.scale = 1;
  ctx.layout = pango_cairo_create_layout (cr);
  get_transform (scenario, width, height, options, &ctx.s, &ctx.ox, &ctx.oy);

  if (ctx.s > 0)
    {
      if (tiled)
        acies_render_cached (&ctx, width, height, target_scale (cr));
      else
        {
          if (cache != NULL)
            acies_render_cache_lend (cache, &ctx);
          render_direct (&ctx, width, height);
        }
    }
  else
    acies_render_background (cr, 0, 0, width, height, options);

  g_object_unref (ctx.layout);
  if (own_geom != NULL)
    {
      g_hash_table_unref (ctx.tiles);
      acies_board_geom_free (own_geom);
    }
  if (shared)
    G_UNLOCK (shared_cache);
  cairo_restore (cr);
}

/**
 * acies_render_board_tiles:
 * @scenario: the scenario whose map and set-up are drawn
 * @catalogue: (nullable): its ruleset's catalogue
 * @width: the target's width, units
 * @height: the target's height, units
 * @scale: device pixels per unit (a widget's scale factor)
 * @options: what to draw; @options->cache is required
 * @func: (scope call): called for each tile that meets the target
 * @user_data: for @func
 *
 * The board as acies_render_board() draws it through a cache, given as
 * its tiles instead of painted: for a widget that keeps each tile as a
 * texture, uploaded once and shown until its serial changes.  The
 * background around the tiles and the selection and focus marks
 * (acies_render_board_marks()) are the caller's to draw.
 *
 * Returns: %FALSE when there is no board to draw (draw the background)
 */
gboolean
acies_render_board_tiles (const AciesScenario      *scenario,
                          const AciesCatalogue     *catalogue,
                          double                    width,
                          double                    height,
                          double                    scale,
                          const AciesRenderOptions *options,
                          AciesRenderTileFunc       func,
                          gpointer                  user_data)
{
  AciesRenderCtx ctx = { 0 };
  double covered[4];
  cairo_surface_t *surface;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (options != NULL && options->cache != NULL, FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  if (scenario->map.board == NULL || acies_board_get_n_cells (scenario->map.board) == 0)
    return FALSE;

  ctx.scenario = scenario;
  ctx.catalogue = catalogue;
  ctx.options = options;
  ctx.cache = options->cache;
  ctx.mono = options->monochrome;
  ctx.lod = lod_enabled;
  ctx.geom = acies_render_cache_geom (options->cache, scenario->map.board);
  ctx.tiles = acies_render_cache_patterns (options->cache);
  get_transform (scenario, width, height, options, &ctx.s, &ctx.ox, &ctx.oy);
  if (!(ctx.s > 0))
    return FALSE;
  /* A context for the text measured while the tiles are drawn. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  ctx.cr = cairo_create (surface);
  ctx.layout = pango_cairo_create_layout (ctx.cr);
  acies_render_cache_tiles (&ctx, width, height, MAX (scale, 1.0), func, user_data, covered);
  g_object_unref (ctx.layout);
  cairo_destroy (ctx.cr);
  cairo_surface_destroy (surface);
  return TRUE;
}

/**
 * acies_render_board_marks:
 * @cr: a cairo context over the target
 * @scenario: the scenario drawn
 * @width: the target's width
 * @height: the target's height
 * @options: the options the board was drawn with
 *
 * Draws what acies_render_board() draws over its tiles: the selected
 * cell's outline and the keyboard focus cell's ring.
 */
void
acies_render_board_marks (cairo_t                  *cr,
                          const AciesScenario      *scenario,
                          double                    width,
                          double                    height,
                          const AciesRenderOptions *options)
{
  AciesRenderCtx ctx = { 0 };
  AciesBoardGeom *own = NULL;

  g_return_if_fail (cr != NULL && scenario != NULL && options != NULL);

  if (scenario->map.board == NULL
      || ((options->selected_cell < 0 || !acies_board_contains (scenario->map.board, options->selected_cell))
          && (options->focus_cell < 0 || !acies_board_contains (scenario->map.board, options->focus_cell))))
    return;
  ctx.cr = cr;
  ctx.scenario = scenario;
  ctx.options = options;
  ctx.mono = options->monochrome;
  if (options->cache != NULL)
    ctx.geom = acies_render_cache_geom (options->cache, scenario->map.board);
  else
    ctx.geom = own = acies_board_geom_new (scenario->map.board);
  get_transform (scenario, width, height, options, &ctx.s, &ctx.ox, &ctx.oy);
  if (ctx.s > 0)
    {
      cairo_save (cr);
      acies_render_draw_marks (&ctx);
      cairo_restore (cr);
    }
  acies_board_geom_free (own);
}

/**
 * acies_render_counter:
 * @cr: a cairo context
 * @scenario: the scenario (side and formation colours)
 * @catalogue: (nullable): the catalogue (symbol, shown attributes)
 * @unit: the unit
 * @cx: the centre, pixels
 * @cy: the centre, pixels
 * @size: the counter's side, pixels
 * @angle: the facing in radians clockwise from north, or NAN for none
 *
 * Draws one counter, as on the board (palettes, set-up sheets).
 */
void
acies_render_counter (cairo_t              *cr,
                      const AciesScenario  *scenario,
                      const AciesCatalogue *catalogue,
                      const AciesUnit      *unit,
                      double                cx,
                      double                cy,
                      double                size,
                      double                angle)
{
  AciesCounterLook look;
  PangoLayout *layout;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (unit != NULL);

  layout = pango_cairo_create_layout (cr);
  acies_counter_look_init (&look, scenario, catalogue, unit, FALSE);
  acies_counter_draw (cr, layout, &look, cx, cy, size, size);
  if (!isnan (angle))
    acies_counter_draw_facing (cr, cx, cy, size, angle, FALSE);
  acies_counter_look_clear (&look);
  g_object_unref (layout);
}

/**
 * acies_render_leader:
 * @cr: a cairo context
 * @scenario: the scenario (for the side and formation colours)
 * @leader: the leader
 * @cx: the marker's centre, pixels
 * @cy: the marker's centre, pixels
 * @radius: the marker's radius, pixels
 *
 * Draws a leader's round marker as the board draws it: its initials (a
 * star when small or nameless) in its side's or formation's colour.  For
 * leaders shown off the board (the play window's off-map box).
 */
void
acies_render_leader (cairo_t             *cr,
                     const AciesScenario *scenario,
                     const AciesLeader   *leader,
                     double               cx,
                     double               cy,
                     double               radius)
{
  PangoLayout *layout;
  AciesRgba colour;
  g_autofree char *initials = NULL;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (leader != NULL);

  layout = pango_cairo_create_layout (cr);
  acies_render_leader_look (scenario, leader, &colour, &initials);
  acies_counter_draw_leader (cr, layout, &colour, initials, cx, cy, radius, FALSE);
  g_object_unref (layout);
}

/**
 * acies_render_cell_at_point:
 * @scenario: the scenario
 * @width: the target's width
 * @height: the target's height
 * @options: (nullable): the options the board was drawn with
 * @x: a point in the target
 * @y: a point in the target
 *
 * Returns: the cell under the point, or %ACIES_CELL_NONE
 */
AciesCell
acies_render_cell_at_point (const AciesScenario      *scenario,
                            double                    width,
                            double                    height,
                            const AciesRenderOptions *options,
                            double                    x,
                            double                    y)
{
  double s, ox, oy;

  g_return_val_if_fail (scenario != NULL, ACIES_CELL_NONE);

  if (scenario->map.board == NULL)
    return ACIES_CELL_NONE;

  get_transform (scenario, width, height, options, &s, &ox, &oy);
  if (!(s > 0))
    return ACIES_CELL_NONE;

  return acies_board_cell_at_point (scenario->map.board, (x - ox) / s, (y - oy) / s);
}

/**
 * acies_render_cell_center:
 * @scenario: the scenario
 * @width: the target's width
 * @height: the target's height
 * @options: (nullable): the options the board is drawn with
 * @cell: a cell
 * @x: (out): its centre in the target, pixels
 * @y: (out): its centre in the target, pixels
 *
 * Returns: %FALSE if @cell is not on the board
 */
gboolean
acies_render_cell_center (const AciesScenario      *scenario,
                          double                    width,
                          double                    height,
                          const AciesRenderOptions *options,
                          AciesCell                 cell,
                          double                   *x,
                          double                   *y)
{
  double s, ox, oy, bx, by;

  g_return_val_if_fail (scenario != NULL, FALSE);

  if (scenario->map.board == NULL || !acies_board_contains (scenario->map.board, cell))
    return FALSE;

  get_transform (scenario, width, height, options, &s, &ox, &oy);
  acies_board_cell_center (scenario->map.board, cell, &bx, &by);
  *x = ox + s * bx;
  *y = oy + s * by;
  return TRUE;
}

/**
 * acies_render_to_png_full:
 * @scenario: the scenario
 * @catalogue: (nullable): its catalogue
 * @width: image width, pixels
 * @height: image height, pixels
 * @options: (nullable): drawing options
 * @path: the PNG file to write (replaced atomically: on failure the old
 *   file is intact, or absent when it was new)
 * @error: return location for an error (%ACIES_ENGINE_ERROR_IO)
 *
 * Returns: %TRUE if the file was written
 */
gboolean
acies_render_to_png_full (const AciesScenario      *scenario,
                          const AciesCatalogue     *catalogue,
                          int                       width,
                          int                       height,
                          const AciesRenderOptions *options,
                          const char               *path,
                          GError                  **error)
{
  g_autoptr(GFile) file = NULL;
  cairo_surface_t *surface;
  gboolean written;
  cairo_t *cr;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (width <= 0 || height <= 0 || width > 16384 || height > 16384)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                   _("%s: image size %d×%d is out of range (1 to 16384 pixels a side)"),
                   path, width, height);
      return FALSE;
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  acies_render_board (cr, scenario, catalogue, width, height, options);
  cairo_destroy (cr);

  /* Atomically: a full disk leaves the old PNG, not half a new one. */
  file = g_file_new_for_path (path);
  written = acies_render_write_png (surface, file, error);
  cairo_surface_destroy (surface);

  return written;
}

/**
 * acies_render_to_png:
 * @scenario: the scenario
 * @catalogue: (nullable): its catalogue
 * @width: image width, pixels
 * @height: image height, pixels
 * @path: the PNG file to write
 * @error: return location for an error
 *
 * Writes a PNG of the board with the default options.
 *
 * Returns: %TRUE if the file was written
 */
gboolean
acies_render_to_png (const AciesScenario  *scenario,
                     const AciesCatalogue *catalogue,
                     int                   width,
                     int                   height,
                     const char           *path,
                     GError              **error)
{
  return acies_render_to_png_full (scenario, catalogue, width, height, NULL, path, error);
}
