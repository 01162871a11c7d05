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
#include "acies-render-output.h"
#include "acies-render-private.h"
#include "acies-render.h"

/* The largest static layer kept as a whole-board image; beyond it (deep
 * zoom) only the visible part is kept. */
#define MAX_LAYER_PIXELS (24 * 1024 * 1024)

struct _AciesRenderCache
{
  AciesBoardGeom  *geom;
  cairo_surface_t *layer;
  guint64          layer_key;
  double           layer_x;     /* where the layer goes, relative to the board origin */
  double           layer_y;
  gboolean         layer_viewport;
  GHashTable      *tiles;       /* texture key -> cairo_pattern_t */
  GHashTable      *sprites;     /* counter key -> cairo_surface_t */
  double           sprite_scale;
};

typedef struct
{
  cairo_t                  *cr;
  const AciesScenario      *scenario;
  const AciesCatalogue     *catalogue;
  const AciesBoardGeom     *geom;
  const AciesRenderOptions *options;
  AciesRenderCache         *cache;    /* or NULL */
  double                    s;        /* pixels per board unit */
  double                    ox;       /* board origin in the target */
  double                    oy;
  gboolean                  mono;
  PangoLayout              *layout;
  GHashTable               *tiles;
} Ctx;

#define PX(ctx, bx) ((ctx)->ox + (ctx)->s * (bx))
#define PY(ctx, by) ((ctx)->oy + (ctx)->s * (by))

G_LOCK_DEFINE_STATIC (shared_cache);
static AciesRenderCache *shared_cache;

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
 * acies_render_cache_new:
 *
 * Creates a cache for the static board layer and the counter images of one
 * view.  Give one to each widget that draws a board; it is not thread-safe.
 *
 * Returns: (transfer full): a new cache; free with acies_render_cache_free()
 */
AciesRenderCache *
acies_render_cache_new (void)
{
  AciesRenderCache *cache = g_new0 (AciesRenderCache, 1);

  cache->tiles = acies_pattern_tiles_new ();
  cache->sprites = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) cairo_surface_destroy);
  return cache;
}

/**
 * acies_render_cache_invalidate:
 * @cache: a cache
 *
 * Drops everything cached (the map is hashed on each draw, so this is only
 * needed after a change the renderer cannot see, such as a catalogue
 * edited in place).
 */
void
acies_render_cache_invalidate (AciesRenderCache *cache)
{
  g_return_if_fail (cache != NULL);

  g_clear_pointer (&cache->geom, acies_board_geom_free);
  g_clear_pointer (&cache->layer, cairo_surface_destroy);
  cache->layer_key = 0;
  g_hash_table_remove_all (cache->tiles);
  g_hash_table_remove_all (cache->sprites);
}

/**
 * acies_render_cache_free:
 * @cache: (transfer full) (nullable): a cache
 */
void
acies_render_cache_free (AciesRenderCache *cache)
{
  if (cache == NULL)
    return;

  acies_board_geom_free (cache->geom);
  g_clear_pointer (&cache->layer, cairo_surface_destroy);
  g_hash_table_unref (cache->tiles);
  g_hash_table_unref (cache->sprites);
  g_free (cache);
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

static void
cell_path (Ctx      *ctx,
           AciesCell cell,
           double    inset)
{
  const AciesBoardGeom *g = ctx->geom;
  guint start = g->poly_start[cell], n = g->poly_start[cell + 1] - start;
  double cx = g->centre[2 * cell], cy = g->centre[2 * cell + 1];

  for (guint i = 0; i < n; i++)
    {
      double x = g->poly[2 * (start + i)], y = g->poly[2 * (start + i) + 1];

      x += (cx - x) * inset;
      y += (cy - y) * inset;
      if (i == 0)
        cairo_move_to (ctx->cr, PX (ctx, x), PY (ctx, y));
      else
        cairo_line_to (ctx->cr, PX (ctx, x), PY (ctx, y));
    }
  cairo_close_path (ctx->cr);
}

static void
side_path (Ctx      *ctx,
           AciesCell cell,
           guint     side,
           double    inset)
{
  const AciesBoardGeom *g = ctx->geom;
  guint start = g->poly_start[cell], n = g->poly_start[cell + 1] - start;
  guint i = start + side, j = start + (side + 1) % n;
  double cx = g->centre[2 * cell], cy = g->centre[2 * cell + 1];
  double x1 = g->poly[2 * i], y1 = g->poly[2 * i + 1];
  double x2 = g->poly[2 * j], y2 = g->poly[2 * j + 1];

  x1 += (cx - x1) * inset;
  y1 += (cy - y1) * inset;
  x2 += (cx - x2) * inset;
  y2 += (cy - y2) * inset;
  cairo_move_to (ctx->cr, PX (ctx, x1), PY (ctx, y1));
  cairo_line_to (ctx->cr, PX (ctx, x2), PY (ctx, y2));
}

static void
cell_bbox (const AciesBoardGeom *g,
           AciesCell             cell,
           double               *x0,
           double               *y0,
           double               *x1,
           double               *y1)
{
  guint start = g->poly_start[cell], end = g->poly_start[cell + 1];

  *x0 = *y0 = G_MAXDOUBLE;
  *x1 = *y1 = -G_MAXDOUBLE;
  for (guint v = start; v < end; v++)
    {
      *x0 = MIN (*x0, g->poly[2 * v]);
      *x1 = MAX (*x1, g->poly[2 * v]);
      *y0 = MIN (*y0, g->poly[2 * v + 1]);
      *y1 = MAX (*y1, g->poly[2 * v + 1]);
    }
}

static double
clampd (double v,
        double lo,
        double hi)
{
  return MIN (MAX (v, lo), hi);
}

static void
text_halo (Ctx             *ctx,
           const char      *text,
           double           font_px,
           gboolean         bold,
           double           x,
           double           y,
           double           xalign,
           double           yalign,
           const AciesRgba *colour)
{
  cairo_t *cr = ctx->cr;
  PangoFontDescription *desc;
  PangoRectangle logical;

  if (text == NULL || font_px < 4)
    return;

  desc = pango_font_description_from_string (ACIES_RENDER_FONT);
  pango_font_description_set_absolute_size (desc, font_px * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (ctx->layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (ctx->layout, text, -1);
  pango_layout_get_pixel_extents (ctx->layout, NULL, &logical);

  x -= logical.width * xalign + logical.x;
  y -= logical.height * yalign + logical.y;
  cairo_save (cr);
  if (cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE)
    {
      /* On screen, the halo is the text drawn eight times around its
       * place: glyphs come from cairo's cache, where stroking the outlines
       * of a long area name cost a few million instructions, a tenth of
       * Heraclea's first frame. */
      double r = MAX (2.0, font_px * 0.25) / 2;

      acies_palette_set_colour (cr, ACIES_PALETTE_FOCUS_HALO, ctx->mono);
      for (guint k = 0; k < 8; k++)
        {
          cairo_move_to (cr, x + r * cos (k * G_PI / 4), y + r * sin (k * G_PI / 4));
          pango_cairo_show_layout (cr, ctx->layout);
        }
      acies_palette_set_source (cr, colour, ctx->mono);
      cairo_move_to (cr, x, y);
      pango_cairo_show_layout (cr, ctx->layout);
    }
  else
    {
      /* On paper (PDF, SVG), a true outline. */
      cairo_move_to (cr, x, y);
      pango_cairo_layout_path (cr, ctx->layout);
      cairo_set_line_width (cr, MAX (2.0, font_px * 0.25));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      acies_palette_set_colour (cr, ACIES_PALETTE_FOCUS_HALO, ctx->mono);
      cairo_stroke_preserve (cr);
      acies_palette_set_source (cr, colour, ctx->mono);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

/* Terrain. */

static void
terrain_colours (Ctx                    *ctx,
                 const AciesTerrainType *type,
                 AciesRgba              *fill,
                 AciesRgba              *ink)
{
  acies_palette_parse_or (type ? type->colour : NULL, ACIES_PALETTE_TERRAIN_DEFAULT, fill);
  if (ctx->mono)
    {
      *fill = *acies_palette_get (ACIES_PALETTE_MONO_PAPER);
      *ink = *acies_palette_get (ACIES_PALETTE_MONO_INK);
    }
  else
    *ink = acies_palette_shade (fill, 0.55);
}

static void
draw_terrain (Ctx *ctx)
{
  const AciesMap *map = &ctx->scenario->map;
  const AciesBoardGeom *g = ctx->geom;
  g_autoptr(GHashTable) groups = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  GHashTableIter iter;
  gpointer key, value;

  for (guint c = 0; c < g->n_cells; c++)
    {
      const char *t = map->terrain ? map->terrain[c] : NULL;
      GArray *cells = g_hash_table_lookup (groups, t);

      if (cells == NULL)
        {
          cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
          g_hash_table_insert (groups, (gpointer) t, cells);
        }
      g_array_append_val (cells, c);
    }

  g_hash_table_iter_init (&iter, groups);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *terrain = key;
      GArray *cells = value;
      const AciesTerrainType *type = NULL;
      AciesRgba fill, ink;
      AciesPatternKind kind;

      if (ctx->catalogue != NULL && terrain != NULL)
        type = acies_catalogue_find_terrain (ctx->catalogue, terrain);
      terrain_colours (ctx, type, &fill, &ink);
      kind = acies_pattern_kind_from_name (type ? type->pattern : NULL);

      for (guint i = 0; i < cells->len; i++)
        cell_path (ctx, g_array_index (cells, AciesCell, i), 0);
      acies_palette_set_source (ctx->cr, &fill, ctx->mono);
      cairo_fill_preserve (ctx->cr);
      if (acies_pattern_is_texture (kind))
        acies_pattern_fill_terrain (ctx->cr, ctx->tiles, type->pattern, &ink, ctx->s, ctx->mono);
      cairo_new_path (ctx->cr);

      if (kind != ACIES_PATTERN_NONE && !acies_pattern_is_texture (kind))
        for (guint i = 0; i < cells->len; i++)
          {
            AciesCell c = g_array_index (cells, AciesCell, i);

            acies_pattern_draw_symbols (ctx->cr, kind, &ink,
                                        PX (ctx, g->centre[2 * c]), PY (ctx, g->centre[2 * c + 1]),
                                        g->inradius * ctx->s * 0.9, c, ctx->mono);
          }
    }
}

static void
draw_badge (Ctx             *ctx,
            const char      *name,
            const AciesRgba *colour,
            double           x,
            double           y,
            double           font)
{
  cairo_t *cr = ctx->cr;
  PangoFontDescription *desc;
  PangoRectangle logical;
  double pad = font * 0.3, sw = font;

  desc = pango_font_description_from_string (ACIES_RENDER_FONT);
  pango_font_description_set_absolute_size (desc, font * PANGO_SCALE);
  pango_layout_set_font_description (ctx->layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (ctx->layout, name, -1);
  pango_layout_get_pixel_extents (ctx->layout, NULL, &logical);

  cairo_rectangle (cr, x, y - logical.height - 2 * pad, logical.width + sw + 3 * pad, logical.height + 2 * pad);
  acies_palette_set_colour (cr, ACIES_PALETTE_BADGE, ctx->mono);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1);
  acies_palette_set_colour (cr, ACIES_PALETTE_GRID, ctx->mono);
  cairo_stroke (cr);

  cairo_rectangle (cr, x + pad, y - pad - logical.height / 2 - sw / 2, sw, sw);
  acies_palette_set_source (cr, colour, ctx->mono);
  cairo_fill (cr);

  acies_palette_set_colour (cr, ACIES_PALETTE_INK_DARK, ctx->mono);
  cairo_move_to (cr, x + sw + 2 * pad - logical.x, y - pad - logical.height - logical.y);
  pango_cairo_show_layout (cr, ctx->layout);
}

static void
draw_cell_features (Ctx *ctx)
{
  const AciesMap *map = &ctx->scenario->map;
  const AciesBoardGeom *g = ctx->geom;
  gboolean badges;

  if (map->cell_features == NULL)
    return;

  badges = g->kind == ACIES_BOARD_ZONES || ctx->s * g->inradius > 45;

  for (guint c = 0; c < g->n_cells; c++)
    {
      GPtrArray *features = map->cell_features[c];
      double x0, y0, x1, y1;

      if (features == NULL || features->len == 0)
        continue;

      cell_bbox (g, c, &x0, &y0, &x1, &y1);

      for (guint i = 0; i < features->len; i++)
        {
          const char *id = g_ptr_array_index (features, i);
          const AciesTerrainType *type = NULL;
          AciesRgba fill, ink;
          AciesPatternKind kind;

          if (ctx->catalogue != NULL)
            {
              type = acies_catalogue_find_cell_feature (ctx->catalogue, id);
              if (type == NULL)
                type = acies_catalogue_find_terrain (ctx->catalogue, id);
            }
          terrain_colours (ctx, type, &fill, &ink);
          kind = acies_pattern_kind_from_name (type ? type->pattern : NULL);

          /* Stack the features' patterns: each one is a tint of its
           * colour plus its pattern, so several remain readable. */
          cell_path (ctx, c, 0.04 + 0.06 * i);
          if (!ctx->mono)
            {
              acies_palette_set_source_alpha (ctx->cr, &fill, 0.35, FALSE);
              cairo_fill_preserve (ctx->cr);
            }
          if (g->kind == ACIES_BOARD_ZONES)
            ink.a = 0.6;
          if (acies_pattern_is_texture (kind))
            acies_pattern_fill_terrain (ctx->cr, ctx->tiles, type->pattern, &ink,
                                        ctx->s * (g->kind == ACIES_BOARD_ZONES ? 0.25 : 1.0) * (1 + 0.3 * i), ctx->mono);
          cairo_new_path (ctx->cr);
          if (kind != ACIES_PATTERN_NONE && !acies_pattern_is_texture (kind))
            {
              double r = MIN (x1 - x0, y1 - y0) * ctx->s * 0.5;
              double cx = PX (ctx, g->centre[2 * c]) + (i % 2 ? 0.25 : -0.25) * r;
              double cy = PY (ctx, g->centre[2 * c + 1]) + 0.2 * r;

              acies_pattern_draw_symbols (ctx->cr, kind, &ink, cx, cy,
                                          g->kind == ACIES_BOARD_ZONES ? r * 0.45 : r * 0.8,
                                          c + i, ctx->mono);
            }

          if (badges)
            {
              double font = clampd (MIN (x1 - x0, y1 - y0) * ctx->s * 0.07, 7, 14);

              draw_badge (ctx, type && type->name ? type->name : id, &fill,
                          PX (ctx, x0) + font * 0.5,
                          PY (ctx, y1) - font * 0.5 - i * font * 1.8,
                          font);
            }
        }
    }
}

static void
draw_elevation (Ctx *ctx)
{
  const AciesMap *map = &ctx->scenario->map;
  const AciesBoardGeom *g = ctx->geom;
  const AciesRgba *shade = acies_palette_get (ACIES_PALETTE_ELEVATION_SHADE);
  gboolean any = FALSE;

  if (map->elevation == NULL)
    return;

  for (gint level = 1; level <= 6; level++)
    {
      gboolean have = FALSE;

      for (guint c = 0; c < g->n_cells; c++)
        if (map->elevation[c] >= level)
          {
            cell_path (ctx, c, 0);
            have = TRUE;
          }
      if (!have)
        break;
      any = TRUE;
      acies_palette_set_source (ctx->cr, shade, ctx->mono);
      cairo_fill (ctx->cr);
    }

  if (!any)
    return;

  /* Contours: the sides where the ground falls. */
  for (guint c = 0; c < g->n_cells; c++)
    {
      guint start = g->poly_start[c], n = g->poly_start[c + 1] - start;

      if (map->elevation[c] <= 0)
        continue;
      for (guint i = 0; i < n; i++)
        {
          AciesCell nb = g->side_nb[start + i];

          if (nb != ACIES_CELL_NONE && map->elevation[nb] < map->elevation[c])
            side_path (ctx, c, i, 0.04);
        }
    }
  cairo_set_line_width (ctx->cr, clampd (ctx->s * 0.045, 1.0, 4.0));
  cairo_set_line_cap (ctx->cr, CAIRO_LINE_CAP_ROUND);
  acies_palette_set_colour (ctx->cr, ACIES_PALETTE_CONTOUR, ctx->mono);
  cairo_stroke (ctx->cr);
}

static void
draw_grid (Ctx *ctx)
{
  const AciesBoardGeom *g = ctx->geom;
  cairo_t *cr = ctx->cr;

  for (guint c = 0; c < g->n_cells; c++)
    {
      guint start = g->poly_start[c], n = g->poly_start[c + 1] - start;

      for (guint i = 0; i < n; i++)
        {
          AciesCell nb = g->side_nb[start + i];

          if (nb != ACIES_CELL_NONE && (guint) nb > c)
            side_path (ctx, c, i, 0);
        }
    }
  cairo_set_line_width (cr, clampd (ctx->s * 0.025, 0.6, 2.0));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  acies_palette_set_colour (cr, ACIES_PALETTE_GRID, ctx->mono);
  cairo_stroke (cr);

  /* The map's frame: sides with nothing beyond. */
  for (guint c = 0; c < g->n_cells; c++)
    {
      guint start = g->poly_start[c], n = g->poly_start[c + 1] - start;

      for (guint i = 0; i < n; i++)
        if (g->side_nb[start + i] == ACIES_CELL_NONE)
          side_path (ctx, c, i, 0);
    }
  cairo_set_line_width (cr, clampd (ctx->s * 0.05, 1.2, 3.5));
  acies_palette_set_colour (cr, ACIES_PALETTE_BOARD_BORDER, ctx->mono);
  cairo_stroke (cr);
}

/* Edge features. */

typedef enum
{
  EDGE_RIVER,
  EDGE_STREAM,
  EDGE_SLOPE,
  EDGE_RIDGE,
  EDGE_FORT,
  EDGE_OTHER,
  EDGE_ROAD,
  EDGE_TRAIL,
  EDGE_BRIDGE,
  EDGE_FORD,
  N_EDGE_CLASSES
} EdgeClass;

static EdgeClass
classify_edge (const char             *id,
               const AciesTerrainType *type)
{
  static const struct { const char *word; EdgeClass klass; } words[] = {
    { "bridge", EDGE_BRIDGE }, { "ford", EDGE_FORD },
    { "river", EDGE_RIVER }, { "stream", EDGE_STREAM }, { "creek", EDGE_STREAM },
    { "brook", EDGE_STREAM }, { "wadi", EDGE_STREAM }, { "ridge", EDGE_RIDGE },
    { "slope", EDGE_SLOPE }, { "escarp", EDGE_SLOPE }, { "cliff", EDGE_SLOPE },
    { "fort", EDGE_FORT }, { "rampart", EDGE_FORT }, { "wall", EDGE_FORT },
    { "bastion", EDGE_FORT }, { "palisade", EDGE_FORT }, { "entrench", EDGE_FORT },
    { "ditch", EDGE_FORT }, { "road", EDGE_ROAD }, { "trail", EDGE_TRAIL },
    { "track", EDGE_TRAIL }, { "path", EDGE_TRAIL },
  };
  g_autofree char *lower = g_ascii_strdown (id, -1);

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strstr (lower, words[i].word) != NULL)
      return words[i].klass;

  if (type != NULL && type->pattern != NULL)
    {
      if (strcmp (type->pattern, "water") == 0)
        return EDGE_STREAM;
      if (strcmp (type->pattern, "hatch") == 0)
        return EDGE_RIDGE;
    }

  return EDGE_OTHER;
}

static void
ticks (cairo_t *cr,
       double   x1,
       double   y1,
       double   x2,
       double   y2,
       double   nx,
       double   ny,
       double   spacing,
       double   length,
       gboolean both)
{
  double len = hypot (x2 - x1, y2 - y1);
  guint n = MAX (2, (guint) (len / spacing));

  for (guint i = 0; i < n; i++)
    {
      double t = (i + 0.5) / n;
      double x = x1 + (x2 - x1) * t, y = y1 + (y2 - y1) * t;

      cairo_move_to (cr, both ? x - nx * length : x, both ? y - ny * length : y);
      cairo_line_to (cr, x + nx * length, y + ny * length);
    }
}

static void
draw_edge_feature (Ctx                    *ctx,
                   AciesEdge               e,
                   EdgeClass               klass,
                   const AciesTerrainType *type)
{
  const AciesBoardGeom *g = ctx->geom;
  const AciesMap *map = &ctx->scenario->map;
  cairo_t *cr = ctx->cr;
  double s = ctx->s;
  double x1 = PX (ctx, g->edge_seg[4 * e]), y1 = PY (ctx, g->edge_seg[4 * e + 1]);
  double x2 = PX (ctx, g->edge_seg[4 * e + 2]), y2 = PY (ctx, g->edge_seg[4 * e + 3]);
  double len = hypot (x2 - x1, y2 - y1);
  double nx, ny, mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
  AciesCell a = g->edge_cell[e], b = ACIES_CELL_NONE;
  AciesRgba colour;
  double unit = s * (g->kind == ACIES_BOARD_ZONES ? 0.25 : 1.0);

  if (isnan (x1) || len <= 0)
    return;

  acies_board_edge_cells (g->board, e, &a, &b);

  /* The unit normal toward cell b (away from a). */
  nx = -(y2 - y1) / len;
  ny = (x2 - x1) / len;
  if (a != ACIES_CELL_NONE && (PX (ctx, g->centre[2 * a]) - mx) * nx + (PY (ctx, g->centre[2 * a + 1]) - my) * ny > 0)
    {
      nx = -nx;
      ny = -ny;
    }

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  switch (klass)
    {
    case EDGE_RIVER:
      acies_palette_parse_or (type ? type->colour : NULL, ACIES_PALETTE_RIVER, &colour);
      cairo_move_to (cr, x1, y1);
      cairo_line_to (cr, x2, y2);
      cairo_set_line_width (cr, MAX (3.0, unit * 0.22));
      acies_palette_set_colour (cr, ACIES_PALETTE_RIVER_BANK, ctx->mono);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, MAX (2.0, unit * 0.15));
      acies_palette_set_source (cr, &colour, ctx->mono);
      cairo_stroke (cr);
      break;

    case EDGE_STREAM:
      acies_palette_parse_or (type ? type->colour : NULL, ACIES_PALETTE_STREAM, &colour);
      cairo_move_to (cr, x1, y1);
      cairo_line_to (cr, x2, y2);
      cairo_set_line_width (cr, MAX (1.5, unit * 0.08));
      acies_palette_set_source (cr, &colour, ctx->mono);
      cairo_stroke (cr);
      break;

    case EDGE_RIDGE:
      acies_palette_parse_or (type ? type->colour : NULL, ACIES_PALETTE_RIDGE, &colour);
      cairo_move_to (cr, x1, y1);
      cairo_line_to (cr, x2, y2);
      cairo_set_line_width (cr, MAX (1.5, unit * 0.06));
      acies_palette_set_source (cr, &colour, ctx->mono);
      cairo_stroke (cr);
      ticks (cr, x1, y1, x2, y2, nx, ny, MAX (3.0, unit * 0.11), MAX (2.0, unit * 0.09), TRUE);
      cairo_set_line_width (cr, MAX (1.0, unit * 0.035));
      cairo_stroke (cr);
      break;

    case EDGE_SLOPE:
      {
        /* Ticks point downhill: toward the lower cell. */
        double tx = nx, ty = ny;

        if (map->elevation != NULL && a != ACIES_CELL_NONE && b != ACIES_CELL_NONE
            && map->elevation[b] > map->elevation[a])
          {
            tx = -nx;
            ty = -ny;
          }
        acies_palette_parse_or (type ? type->colour : NULL, ACIES_PALETTE_SLOPE, &colour);
        acies_palette_set_source (cr, &colour, ctx->mono);
        cairo_move_to (cr, x1, y1);
        cairo_line_to (cr, x2, y2);
        cairo_set_line_width (cr, MAX (1.2, unit * 0.04));
        cairo_stroke (cr);
        ticks (cr, x1, y1, x2, y2, tx, ty, MAX (3.0, unit * 0.1), MAX (2.5, unit * 0.13), FALSE);
        cairo_set_line_width (cr, MAX (1.0, unit * 0.03));
        cairo_stroke (cr);
      }
      break;

    case EDGE_FORT:
      {
        double w = MAX (2.0, unit * 0.07), step = MAX (4.0, unit * 0.14);
        guint n = MAX (2, (guint) (len / step));
        double ux = (x2 - x1) / len, uy = (y2 - y1) / len;

        acies_palette_parse_or (type ? type->colour : NULL, ACIES_PALETTE_FORTIFICATION, &colour);
        acies_palette_set_source (cr, &colour, ctx->mono);
        cairo_move_to (cr, x1, y1);
        cairo_line_to (cr, x2, y2);
        cairo_set_line_width (cr, w);
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
        cairo_stroke (cr);
        /* Crenels: merlons every other step, toward cell b. */
        for (guint i = 0; i < n; i += 2)
          {
            double t0 = (double) i / n * len + step * 0.1, t1 = t0 + len / n;
            double bx = x1 + ux * t0, by = y1 + uy * t0;
            double ex = x1 + ux * MIN (t1, len), ey = y1 + uy * MIN (t1, len);

            cairo_move_to (cr, bx, by);
            cairo_line_to (cr, ex, ey);
            cairo_line_to (cr, ex + nx * w * 1.3, ey + ny * w * 1.3);
            cairo_line_to (cr, bx + nx * w * 1.3, by + ny * w * 1.3);
            cairo_close_path (cr);
          }
        cairo_fill (cr);
      }
      break;

    case EDGE_ROAD:
    case EDGE_TRAIL:
    case EDGE_BRIDGE:
      {
        double ax = a != ACIES_CELL_NONE ? PX (ctx, g->centre[2 * a]) : mx;
        double ay = a != ACIES_CELL_NONE ? PY (ctx, g->centre[2 * a + 1]) : my;
        double bx = b != ACIES_CELL_NONE ? PX (ctx, g->centre[2 * b]) : mx;
        double by = b != ACIES_CELL_NONE ? PY (ctx, g->centre[2 * b + 1]) : my;
        double dash[2];

        acies_palette_parse_or (type ? type->colour : NULL,
                                klass == EDGE_TRAIL ? ACIES_PALETTE_TRAIL : ACIES_PALETTE_ROAD, &colour);
        acies_palette_set_source (cr, &colour, ctx->mono);
        /* A road crosses the edge from centre to centre. */
        cairo_move_to (cr, ax, ay);
        cairo_line_to (cr, bx, by);
        if (klass == EDGE_TRAIL)
          {
            dash[0] = MAX (1.0, unit * 0.02);
            dash[1] = MAX (3.0, unit * 0.1);
            cairo_set_line_width (cr, MAX (1.5, unit * 0.045));
          }
        else
          {
            dash[0] = MAX (4.0, unit * 0.18);
            dash[1] = MAX (2.5, unit * 0.07);
            cairo_set_line_width (cr, MAX (2.0, unit * 0.08));
          }
        if (klass != EDGE_TRAIL)
          {
            /* A pale casing so the road reads over any terrain. */
            double w = cairo_get_line_width (cr);

            cairo_save (cr);
            cairo_set_line_width (cr, w * 2.2);
            acies_palette_set_colour (cr, ACIES_PALETTE_BADGE, ctx->mono);
            cairo_stroke_preserve (cr);
            cairo_restore (cr);
          }
        cairo_set_line_cap (cr, klass == EDGE_TRAIL ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
        cairo_set_dash (cr, dash, 2, 0);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);

        if (klass == EDGE_BRIDGE)
          {
            double ux = (x2 - x1) / len, uy = (y2 - y1) / len;
            double half = unit * 0.12, reach = unit * 0.22;

            for (int side = -1; side <= 1; side += 2)
              {
                cairo_move_to (cr, mx + ux * half * side - nx * reach, my + uy * half * side - ny * reach);
                cairo_line_to (cr, mx + ux * half * side + nx * reach, my + uy * half * side + ny * reach);
              }
            cairo_set_line_width (cr, MAX (1.5, unit * 0.05));
            acies_palette_set_colour (cr, ACIES_PALETTE_ROAD, ctx->mono);
            cairo_stroke (cr);
          }
      }
      break;

    case EDGE_FORD:
      {
        /* Stepping stones across the water. */
        guint n = 4;

        for (guint i = 0; i < n; i++)
          {
            double t = 0.3 + 0.4 * i / (n - 1);

            cairo_new_sub_path (cr);
            cairo_arc (cr, x1 + (x2 - x1) * t, y1 + (y2 - y1) * t, MAX (1.2, unit * 0.035), 0, 2 * G_PI);
          }
        acies_palette_set_colour (cr, ACIES_PALETTE_MONO_PAPER, ctx->mono);
        cairo_fill_preserve (cr);
        cairo_set_line_width (cr, 1.0);
        acies_palette_set_colour (cr, ACIES_PALETTE_ROAD, ctx->mono);
        cairo_stroke (cr);
      }
      break;

    case EDGE_OTHER:
    case N_EDGE_CLASSES:
    default:
      {
        double dash[2] = { MAX (3.0, unit * 0.1), MAX (2.0, unit * 0.06) };

        acies_palette_parse_or (type ? type->colour : NULL, ACIES_PALETTE_EDGE_DEFAULT, &colour);
        acies_palette_set_source (cr, &colour, ctx->mono);
        cairo_move_to (cr, x1, y1);
        cairo_line_to (cr, x2, y2);
        cairo_set_dash (cr, dash, 2, 0);
        cairo_set_line_width (cr, MAX (1.5, unit * 0.06));
        cairo_stroke (cr);
      }
      break;
    }

  cairo_restore (cr);
}

static void
draw_edge_features (Ctx *ctx)
{
  const AciesMap *map = &ctx->scenario->map;
  const AciesBoardGeom *g = ctx->geom;

  if (map->edge_features == NULL)
    return;

  /* Water first, then relief and works, then roads on top. */
  for (guint klass = 0; klass < N_EDGE_CLASSES; klass++)
    for (guint e = 0; e < g->n_edges; e++)
      {
        GPtrArray *features = map->edge_features[e];

        if (features == NULL)
          continue;
        for (guint i = 0; i < features->len; i++)
          {
            const char *id = g_ptr_array_index (features, i);
            const AciesTerrainType *type = NULL;

            if (ctx->catalogue != NULL)
              type = acies_catalogue_find_edge_feature (ctx->catalogue, id);
            if (classify_edge (id, type) == klass)
              draw_edge_feature (ctx, e, klass, type);
          }
      }
}

/* Areas. */

static void
area_colour (Ctx             *ctx,
             const AciesArea *area,
             AciesRgba       *colour,
             gboolean        *dashed)
{
  const char *kind = area->kind ? area->kind : "";

  *dashed = FALSE;
  if (g_str_has_prefix (kind, "setup") || g_str_has_prefix (kind, "deploy")
      || g_str_has_prefix (kind, "reinforce") || g_str_has_prefix (kind, "entry"))
    {
      if (area->side != NULL || area->formation != NULL)
        acies_unit_colour (ctx->scenario, area->side, area->formation, colour);
      else
        *colour = *acies_palette_get (ACIES_PALETTE_AREA_SETUP);
      *dashed = !g_str_has_prefix (kind, "setup");
    }
  else if (strstr (kind, "camp") != NULL)
    *colour = *acies_palette_get (ACIES_PALETTE_AREA_CAMP);
  else if (strstr (kind, "key") != NULL || strstr (kind, "objective") != NULL)
    *colour = *acies_palette_get (ACIES_PALETTE_AREA_KEY);
  else if (strstr (kind, "exit") != NULL)
    {
      *colour = *acies_palette_get (ACIES_PALETTE_AREA_EXIT);
      *dashed = TRUE;
    }
  else if (area->side != NULL)
    acies_unit_colour (ctx->scenario, area->side, area->formation, colour);
  else
    *colour = *acies_palette_get (ACIES_PALETTE_AREA_OTHER);
}

static gboolean
cell_has_unit (Ctx       *ctx,
               AciesCell  cell)
{
  GPtrArray *units = ctx->scenario->units;

  if (!ctx->options->show_units || units == NULL)
    return FALSE;
  for (guint i = 0; i < units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (units, i);

      if (unit->cell == cell || unit->cell2 == cell)
        return TRUE;
    }
  return FALSE;
}

static void
draw_areas (Ctx *ctx)
{
  const AciesBoardGeom *g = ctx->geom;
  cairo_t *cr = ctx->cr;
  double unit = ctx->s * (g->kind == ACIES_BOARD_ZONES ? 0.25 : 1.0);

  if (ctx->scenario->areas == NULL)
    return;

  for (guint a = 0; a < ctx->scenario->areas->len; a++)
    {
      const AciesArea *area = g_ptr_array_index (ctx->scenario->areas, a);
      AciesRgba colour;
      gboolean dashed;
      double sx = 0, sy = 0, best = G_MAXDOUBLE;
      AciesCell label_cell = ACIES_CELL_NONE;
      guint n = 0;

      if (area->cells == NULL || area->cells->len == 0)
        continue;

      area_colour (ctx, area, &colour, &dashed);

      for (guint i = 0; i < area->cells->len; i++)
        {
          AciesCell c = g_array_index (area->cells, AciesCell, i);

          if (c < 0 || (guint) c >= g->n_cells)
            continue;
          cell_path (ctx, c, 0);
          sx += g->centre[2 * c];
          sy += g->centre[2 * c + 1];
          n++;
        }
      if (n == 0)
        continue;
      acies_palette_set_source_alpha (cr, &colour, 0.10, ctx->mono);
      cairo_fill (cr);

      for (guint i = 0; i < area->cells->len; i++)
        {
          AciesCell c = g_array_index (area->cells, AciesCell, i);
          guint start, sides;

          if (c < 0 || (guint) c >= g->n_cells)
            continue;
          start = g->poly_start[c];
          sides = g->poly_start[c + 1] - start;
          for (guint k = 0; k < sides; k++)
            {
              AciesCell nb = g->side_nb[start + k];

              if (nb == ACIES_CELL_NONE || !acies_area_contains (area, nb))
                side_path (ctx, c, k, 0.07);
            }
        }
      cairo_set_line_width (cr, clampd (unit * 0.07, 1.5, 5.0));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      if (dashed)
        {
          double dash[2] = { MAX (4.0, unit * 0.15), MAX (3.0, unit * 0.1) };

          cairo_set_dash (cr, dash, 2, 0);
        }
      acies_palette_set_source_alpha (cr, &colour, 0.9, ctx->mono);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);

      /* The name goes in the cell nearest the area's centroid. */
      sx /= n;
      sy /= n;
      for (guint i = 0; i < area->cells->len; i++)
        {
          AciesCell c = g_array_index (area->cells, AciesCell, i);
          double d;

          if (c < 0 || (guint) c >= g->n_cells)
            continue;
          d = hypot (g->centre[2 * c] - sx, g->centre[2 * c + 1] - sy);
          if (g->kind != ACIES_BOARD_ZONES && cell_has_unit (ctx, c))
            d += 1000;
          if (d < best)
            {
              best = d;
              label_cell = c;
            }
        }
      if (label_cell != ACIES_CELL_NONE && area->name != NULL && ctx->options->show_labels)
        {
          AciesRgba ink = acies_palette_shade (&colour, 0.7);
          double font = clampd (unit * 0.24, 0, 15);

          if (g->kind == ACIES_BOARD_ZONES)
            text_halo (ctx, area->name, font, TRUE,
                       PX (ctx, g->centre[2 * label_cell]),
                       PY (ctx, g->centre[2 * label_cell + 1]) + g->inradius * ctx->s * 0.55,
                       0.5, 0.5, &ink);
          else
            text_halo (ctx, area->name, font, TRUE,
                       PX (ctx, g->centre[2 * label_cell]),
                       PY (ctx, g->centre[2 * label_cell + 1]) + g->inradius * ctx->s * 0.62,
                       0.5, 0.5, &ink);
        }
    }
}

static void
draw_labels (Ctx *ctx)
{
  const AciesBoardGeom *g = ctx->geom;
  cairo_t *cr = ctx->cr;
  double font;

  if (g->kind == ACIES_BOARD_ZONES)
    {
      for (guint c = 0; c < g->n_cells; c++)
        {
          double x0, y0, x1, y1;
          const char *label = acies_board_cell_label (g->board, c);

          cell_bbox (g, c, &x0, &y0, &x1, &y1);
          font = clampd (MIN (x1 - x0, y1 - y0) * ctx->s * 0.085, 0, 16);
          text_halo (ctx, label, font, TRUE,
                     PX (ctx, (x0 + x1) / 2), PY (ctx, y0) + font * 0.5,
                     0.5, 0.0, acies_palette_get (ACIES_PALETTE_ZONE_LABEL));
        }
      return;
    }

  font = g->kind == ACIES_BOARD_HEX ? ctx->s * 0.21 : ctx->s * 0.16;
  font = MIN (font, 13);
  if (font < 5)
    return;

  acies_palette_set_colour (cr, ACIES_PALETTE_LABEL, ctx->mono);
  for (guint c = 0; c < g->n_cells; c++)
    {
      const char *label = acies_board_cell_label (g->board, c);
      double cx = PX (ctx, g->centre[2 * c]), cy = PY (ctx, g->centre[2 * c + 1]);

      if (g->kind == ACIES_BOARD_HEX && g->orientation == ACIES_HEX_FLAT_TOP)
        acies_text_draw (cr, ctx->layout, label, font, FALSE, cx, cy - ctx->s * 0.84, 0.5, 0.0);
      else if (g->kind == ACIES_BOARD_HEX)
        acies_text_draw (cr, ctx->layout, label, font, FALSE, cx, cy - ctx->s * 0.78, 0.5, 0.0);
      else
        acies_text_draw (cr, ctx->layout, label, font, FALSE,
                         cx - ctx->s * 0.46, cy - ctx->s * 0.47, 0.0, 0.0);
    }
}

static void
draw_static (Ctx *ctx)
{
  draw_terrain (ctx);
  draw_cell_features (ctx);
  draw_elevation (ctx);
  draw_grid (ctx);
  draw_edge_features (ctx);
  draw_areas (ctx);
  if (ctx->options->show_labels)
    draw_labels (ctx);
}

/* The static layer's key: everything it shows.  Cheap next to drawing
 * (one pass over the cells). */

typedef struct
{
  guint64 h;
} Hash;

static void
hash_bytes (Hash          *hash,
            gconstpointer  data,
            gsize          len)
{
  const guchar *p = data;

  for (gsize i = 0; i < len; i++)
    {
      hash->h ^= p[i];
      hash->h *= G_GUINT64_CONSTANT (1099511628211);
    }
}

static void
hash_ptr (Hash          *hash,
          gconstpointer  ptr)
{
  hash_bytes (hash, &ptr, sizeof ptr);
}

static void
hash_str (Hash       *hash,
          const char *s)
{
  if (s != NULL)
    hash_bytes (hash, s, strlen (s) + 1);
  else
    hash_bytes (hash, "", 1);
}

static void
hash_double (Hash   *hash,
             double  v)
{
  hash_bytes (hash, &v, sizeof v);
}

static guint64
static_key (Ctx    *ctx,
            double  layer_scale)
{
  const AciesScenario *sc = ctx->scenario;
  const AciesMap *map = &sc->map;
  const AciesBoardGeom *g = ctx->geom;
  Hash hash = { G_GUINT64_CONSTANT (14695981039346656037) };

  hash_ptr (&hash, g->board);
  hash_ptr (&hash, ctx->catalogue);
  hash_double (&hash, ctx->s);
  hash_double (&hash, layer_scale);
  hash_bytes (&hash, &ctx->mono, sizeof ctx->mono);
  hash_bytes (&hash, &ctx->options->show_labels, sizeof ctx->options->show_labels);

  if (map->terrain != NULL)
    hash_bytes (&hash, map->terrain, sizeof (const char *) * g->n_cells);
  if (map->elevation != NULL)
    hash_bytes (&hash, map->elevation, sizeof (gint) * g->n_cells);
  if (map->cell_features != NULL)
    for (guint c = 0; c < g->n_cells; c++)
      if (map->cell_features[c] != NULL && map->cell_features[c]->len > 0)
        {
          hash_bytes (&hash, &c, sizeof c);
          hash_bytes (&hash, map->cell_features[c]->pdata, sizeof (gpointer) * map->cell_features[c]->len);
        }
  if (map->edge_features != NULL)
    for (guint e = 0; e < g->n_edges; e++)
      if (map->edge_features[e] != NULL && map->edge_features[e]->len > 0)
        {
          hash_bytes (&hash, &e, sizeof e);
          hash_bytes (&hash, map->edge_features[e]->pdata, sizeof (gpointer) * map->edge_features[e]->len);
        }

  for (guint i = 0; sc->areas != NULL && i < sc->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (sc->areas, i);

      hash_str (&hash, area->name);
      hash_str (&hash, area->kind);
      hash_str (&hash, area->side);
      hash_str (&hash, area->formation);
      if (area->cells != NULL)
        hash_bytes (&hash, area->cells->data, sizeof (AciesCell) * area->cells->len);
    }
  for (guint i = 0; sc->sides != NULL && i < sc->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (sc->sides, i);

      hash_str (&hash, side->id);
      hash_str (&hash, side->colour);
    }
  for (guint i = 0; sc->formations != NULL && i < sc->formations->len; i++)
    {
      const AciesFormation *f = g_ptr_array_index (sc->formations, i);

      hash_str (&hash, f->id);
      hash_str (&hash, f->colour);
      hash_str (&hash, f->parent);
    }

  return hash.h;
}

/* Units. */

typedef struct
{
  double x;
  double y;
  double size;
} Placed;

static double
counter_size (const AciesBoardGeom *g,
              double                s)
{
  switch (g->kind)
    {
    case ACIES_BOARD_HEX:
      return s * 1.02;
    case ACIES_BOARD_SQUARE:
      return s * 0.76;
    case ACIES_BOARD_ZONES:
    default:
      return s * g->inradius * 0.5;
    }
}

static void
draw_counter_at (Ctx             *ctx,
                 const AciesUnit *unit,
                 double           x,
                 double           y,
                 double           size)
{
  AciesCounterLook look;
  cairo_t *cr = ctx->cr;

  acies_counter_look_init (&look, ctx->scenario, ctx->catalogue, unit, ctx->mono);

  if (ctx->cache != NULL)
    {
      g_autofree char *key = acies_counter_look_key (&look, size, size);
      cairo_surface_t *sprite = g_hash_table_lookup (ctx->cache->sprites, key);
      double pad = 2 + size * 0.06;
      int w = (int) ceil (size + 2 * pad);
      double scale = ctx->cache->sprite_scale;

      if (sprite == NULL)
        {
          cairo_t *scr;
          PangoLayout *layout;

          sprite = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                               (int) ceil (w * scale), (int) ceil (w * scale));
          cairo_surface_set_device_scale (sprite, scale, scale);
          scr = cairo_create (sprite);
          layout = pango_cairo_create_layout (scr);
          acies_counter_draw (scr, layout, &look, w / 2.0, w / 2.0, size, size);
          g_object_unref (layout);
          cairo_destroy (scr);
          g_hash_table_insert (ctx->cache->sprites, g_steal_pointer (&key), sprite);
        }

      cairo_set_source_surface (cr, sprite, round (x - w / 2.0), round (y - w / 2.0));
      cairo_paint (cr);
    }
  else
    acies_counter_draw (cr, ctx->layout, &look, x, y, size, size);

  acies_counter_look_clear (&look);
}

static void
draw_two_hex_unit (Ctx             *ctx,
                   const AciesUnit *unit,
                   double           size,
                   Placed          *placed)
{
  const AciesBoardGeom *g = ctx->geom;
  AciesCounterLook look;
  double x1 = PX (ctx, g->centre[2 * unit->cell]), y1 = PY (ctx, g->centre[2 * unit->cell + 1]);
  double x2 = PX (ctx, g->centre[2 * unit->cell2]), y2 = PY (ctx, g->centre[2 * unit->cell2 + 1]);
  double angle = atan2 (y2 - y1, x2 - x1);
  double length = hypot (x2 - x1, y2 - y1) + size;

  /* Keep the text upright-ish: never draw it upside down. */
  if (angle > G_PI / 2)
    angle -= G_PI;
  else if (angle <= -G_PI / 2)
    angle += G_PI;

  acies_counter_look_init (&look, ctx->scenario, ctx->catalogue, unit, ctx->mono);
  cairo_save (ctx->cr);
  cairo_translate (ctx->cr, (x1 + x2) / 2, (y1 + y2) / 2);
  cairo_rotate (ctx->cr, angle);
  acies_counter_draw (ctx->cr, ctx->layout, &look, 0, 0, size, length);
  cairo_restore (ctx->cr);
  acies_counter_look_clear (&look);

  placed->x = (x1 + x2) / 2;
  placed->y = (y1 + y2) / 2;
  placed->size = size;
}

static AciesFacingKind
facing_kind (Ctx *ctx)
{
  if (ctx->catalogue != NULL)
    return ctx->catalogue->facing;
  return ACIES_FACING_SIDE;
}

/* Where each unit of @units is drawn (AciesUnitPlace, indexed like
 * @units), for cell size @s and board origin @ox, @oy.  A hex or square
 * stack steps up and to the right from the cell's centre, up to four
 * levels shown, the last unit on top; a zone lays its units out in a grid
 * below its name; a two-hex unit lies across both cells.  @stacks (cell →
 * GArray of unit indices, two-hex units left out) and @order (cells in
 * order of first use) are filled when given. */
static GArray *
place_units (const AciesBoardGeom *g,
             GPtrArray            *units,
             double                s,
             double                ox,
             double                oy,
             GHashTable           *stacks,
             GArray               *order)
{
  GArray *places = g_array_new (FALSE, TRUE, sizeof (AciesUnitPlace));
  g_autoptr(GHashTable) own_stacks = NULL;
  g_autoptr(GArray) own_order = NULL;
  double size = counter_size (g, s);

  if (stacks == NULL)
    stacks = own_stacks = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  if (order == NULL)
    order = own_order = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_array_set_size (places, units != NULL ? units->len : 0);

  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (units, i);
      AciesUnitPlace *p = &g_array_index (places, AciesUnitPlace, i);
      GArray *stack;

      if (unit->cell < 0 || (guint) unit->cell >= g->n_cells)
        continue;
      if (unit->cell2 >= 0 && (guint) unit->cell2 < g->n_cells && g->kind != ACIES_BOARD_ZONES)
        {
          p->x = ox + s * (g->centre[2 * unit->cell] + g->centre[2 * unit->cell2]) / 2;
          p->y = oy + s * (g->centre[2 * unit->cell + 1] + g->centre[2 * unit->cell2 + 1]) / 2;
          p->size = size;
          p->shown = TRUE;
          continue;
        }
      stack = g_hash_table_lookup (stacks, GINT_TO_POINTER (unit->cell));
      if (stack == NULL)
        {
          stack = g_array_new (FALSE, FALSE, sizeof (guint));
          g_hash_table_insert (stacks, GINT_TO_POINTER (unit->cell), stack);
          g_array_append_val (order, unit->cell);
        }
      g_array_append_val (stack, i);
    }

  for (guint k = 0; k < order->len; k++)
    {
      AciesCell cell = g_array_index (order, AciesCell, k);
      GArray *stack = g_hash_table_lookup (stacks, GINT_TO_POINTER (cell));
      guint n = stack->len;
      double cx = ox + s * g->centre[2 * cell], cy = oy + s * g->centre[2 * cell + 1];

      if (g->kind == ACIES_BOARD_ZONES)
        {
          double x0, y0, x1, y1, bw, bh, zsize;
          guint cols, rows;

          cell_bbox (g, cell, &x0, &y0, &x1, &y1);
          bw = (x1 - x0) * s;
          bh = (y1 - y0) * s * 0.68;   /* below the name, above the badges */
          cols = MAX (1, (guint) ceil (sqrt (n * bw / MAX (bh, 1.0))));
          rows = (n + cols - 1) / cols;
          zsize = MIN (bw / (cols * 1.4 + 0.2), bh / (rows * 1.15 + 0.3));
          zsize = MIN (zsize * 0.88, MIN (bw, bh / 0.68) * 0.3);
          for (guint i = 0; i < n; i++)
            {
              AciesUnitPlace *p = &g_array_index (places, AciesUnitPlace, g_array_index (stack, guint, i));
              guint col = i % cols, row = i / cols;
              guint in_row = MIN (cols, n - row * cols);

              p->x = ox + s * (x0 + x1) / 2 + (col - (in_row - 1) / 2.0) * zsize * 1.4;
              p->y = oy + s * (y0 + y1) / 2 + (row - (rows - 1) / 2.0) * zsize * 1.15 + bh * 0.04;
              p->size = zsize;
              p->shown = TRUE;
            }
        }
      else
        {
          guint shown = MIN (n, 4u);
          /* A stack of two or three is offset enough to read as a stack at
           * the editor's and the play window's sizes (issue 5). */
          double step = size * (shown <= 3 ? 0.18 : 0.12);

          for (guint i = 0; i < n; i++)
            {
              AciesUnitPlace *p = &g_array_index (places, AciesUnitPlace, g_array_index (stack, guint, i));
              guint level = i + shown >= n ? i + shown - n : 0;
              double off = (level - (shown - 1) / 2.0) * step;

              p->x = cx + off;
              p->y = cy - off;
              p->size = size;
              p->shown = TRUE;
              p->covered = i + shown < n;
            }
        }
    }

  return places;
}

/**
 * acies_render_place_units:
 * @board: the board
 * @units: (element-type AciesUnit): the units, as drawn (a scenario's
 *   set-up or a game's unit views)
 * @cell_size: pixels per square side / hex circumradius (as
 *   #AciesRenderOptions.cell_size)
 * @offset_x: the board origin in the target, in pixels
 * @offset_y: the board origin in the target, in pixels
 *
 * Where the renderer draws each unit's counter, for widgets that mark
 * units on top of the board (play markers, outlines): the same layout
 * acies_render_board() uses.
 *
 * Returns: (transfer full) (element-type AciesUnitPlace): one place per
 *   unit, indexed like @units; @shown is %FALSE for a unit off the board
 */
GArray *
acies_render_place_units (AciesBoard *board,
                          GPtrArray  *units,
                          double      cell_size,
                          double      offset_x,
                          double      offset_y)
{
  AciesBoardGeom *g;
  GArray *places;

  g_return_val_if_fail (board != NULL, NULL);

  g = acies_board_geom_new (board);
  places = place_units (g, units, cell_size, offset_x, offset_y, NULL, NULL);
  acies_board_geom_free (g);
  return places;
}

/* Where each leader of @leaders is drawn (AciesUnitPlace, indexed like
 * @leaders; @size is the marker's diameter): on the right rim of the
 * counter of the unit it is attached to when that unit is drawn (@places,
 * from place_units() for @units), else, when @lone, alone in its cell: at
 * the cell's centre when no unit is there, beside the units otherwise
 * (left of a zone's grid, on the rim of a hex or square stack).  Several
 * leaders alone in one cell stand side by side. */
static GArray *
place_leaders (const AciesBoardGeom *g,
               GPtrArray            *units,
               GArray               *places,
               GPtrArray            *leaders,
               gboolean              lone,
               double                s,
               double                ox,
               double                oy)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (AciesUnitPlace));
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) by_cell = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) alone_in = g_hash_table_new (NULL, NULL);
  double size = counter_size (g, s);

  g_array_set_size (out, leaders != NULL ? leaders->len : 0);
  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (units, i);
      AciesUnitPlace *p = &g_array_index (places, AciesUnitPlace, i);

      if (!p->shown)
        continue;
      if (unit->id != NULL)
        g_hash_table_insert (by_id, unit->id, p);
      /* The first counter of each cell (a zone's grid starts at the left). */
      if (!g_hash_table_contains (by_cell, GINT_TO_POINTER (unit->cell)))
        g_hash_table_insert (by_cell, GINT_TO_POINTER (unit->cell), p);
    }

  for (guint i = 0; leaders != NULL && i < leaders->len; i++)
    {
      const AciesLeader *leader = g_ptr_array_index (leaders, i);
      AciesUnitPlace *at = &g_array_index (out, AciesUnitPlace, i);
      const AciesUnitPlace *p = NULL;
      guint k;
      double r;

      if (leader->attached_to != NULL)
        p = g_hash_table_lookup (by_id, leader->attached_to);
      if (p != NULL)
        {
          /* On the counter's right rim, clear of the values line. */
          at->x = p->x + p->size * 0.5;
          at->y = p->y - p->size * 0.06;
          at->size = p->size * 0.44;
          at->shown = TRUE;
          continue;
        }
      if (!lone || leader->cell < 0 || (guint) leader->cell >= g->n_cells)
        continue;
      k = GPOINTER_TO_UINT (g_hash_table_lookup (alone_in, GINT_TO_POINTER (leader->cell)));
      g_hash_table_insert (alone_in, GINT_TO_POINTER (leader->cell), GUINT_TO_POINTER (k + 1));
      p = g_hash_table_lookup (by_cell, GINT_TO_POINTER (leader->cell));
      if (p == NULL)
        {
          r = size * 0.34;
          at->x = ox + s * g->centre[2 * leader->cell] - k * r * 2.3;
          at->y = oy + s * g->centre[2 * leader->cell + 1];
        }
      else if (g->kind == ACIES_BOARD_ZONES)
        {
          /* Left of the zone's first counter, in its row. */
          r = p->size * 0.3;
          at->x = p->x - p->size * 0.5 - r * 1.25 - k * r * 2.3;
          at->y = p->y;
        }
      else
        {
          r = size * 0.22;
          at->x = ox + s * g->centre[2 * leader->cell] + size * 0.5 - k * r * 2.3;
          at->y = oy + s * g->centre[2 * leader->cell + 1] - size * 0.06;
        }
      at->size = 2 * r;
      at->shown = TRUE;
    }

  return out;
}

/* A leader's initials: the first letters of the first two words of its
 * name, or the first two letters of a one-word name; NULL without one. */
static char *
leader_initials (const AciesLeader *leader)
{
  g_auto(GStrv) words = NULL;
  gunichar c1;
  char buf[16] = { 0 };
  int len;

  if (leader->name == NULL || *leader->name == '\0')
    return NULL;
  words = g_strsplit (leader->name, " ", 3);
  c1 = g_utf8_get_char (words[0]);
  len = g_unichar_to_utf8 (g_unichar_toupper (c1), buf);
  if (words[1] != NULL && *words[1] != '\0')
    g_unichar_to_utf8 (g_unichar_toupper (g_utf8_get_char (words[1])), buf + len);
  else if (*words[0] != '\0' && *g_utf8_next_char (words[0]) != '\0')
    g_unichar_to_utf8 (g_utf8_get_char (g_utf8_next_char (words[0])), buf + len);
  return g_strdup (buf);
}

static void
draw_leader (cairo_t             *cr,
             PangoLayout         *layout,
             const AciesScenario *scenario,
             const AciesLeader   *leader,
             double               x,
             double               y,
             double               r,
             gboolean             mono)
{
  AciesRgba colour;
  g_autofree char *initials = leader_initials (leader);

  acies_unit_colour (scenario, leader->side, leader->formation, &colour);
  acies_counter_draw_leader (cr, layout, &colour, initials, x, y, r, mono);
}

/**
 * acies_render_place_leaders:
 * @board: the board
 * @units: (element-type AciesUnit) (nullable): the units as drawn (as
 *   #AciesRenderOptions.units, or the scenario's)
 * @leaders: (element-type AciesLeader): the leaders as drawn (as
 *   #AciesRenderOptions.leaders)
 * @cell_size: pixels per square side / hex circumradius
 * @offset_x: the board origin in the target, in pixels
 * @offset_y: the board origin in the target, in pixels
 *
 * Where acies_render_board() draws each leader's round marker (given
 * leaders, so those alone in a cell are drawn too): on its unit, or
 * alone in its cell.  For tooltips and hit-testing over the board.
 *
 * Returns: (transfer full) (element-type AciesUnitPlace): one place per
 *   leader, indexed like @leaders; @size is the marker's diameter and
 *   @shown %FALSE for a leader not drawn (off the map, its unit not drawn)
 */
GArray *
acies_render_place_leaders (AciesBoard *board,
                            GPtrArray  *units,
                            GPtrArray  *leaders,
                            double      cell_size,
                            double      offset_x,
                            double      offset_y)
{
  AciesBoardGeom *g;
  g_autoptr(GArray) places = NULL;
  GArray *out;

  g_return_val_if_fail (board != NULL, NULL);

  g = acies_board_geom_new (board);
  places = place_units (g, units, cell_size, offset_x, offset_y, NULL, NULL);
  out = place_leaders (g, units, places, leaders, TRUE, cell_size, offset_x, offset_y);
  acies_board_geom_free (g);
  return out;
}

static void
draw_facing_of (Ctx             *ctx,
                const AciesUnit *unit,
                AciesFacingKind  fk,
                double           x,
                double           y,
                double           size)
{
  double a;

  if (unit->facing < 0 || fk == ACIES_FACING_NONE)
    return;
  a = acies_facing_angle (ctx->geom, fk, unit->facing);
  if (!isnan (a))
    acies_counter_draw_facing (ctx->cr, x, y, size, a, ctx->mono);
}

static void
draw_units (Ctx *ctx)
{
  const AciesBoardGeom *g = ctx->geom;
  GPtrArray *units = ctx->options->units ? ctx->options->units : ctx->scenario->units;
  g_autoptr(GHashTable) stacks = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  g_autoptr(GHashTable) placed = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autoptr(GArray) places = NULL;
  g_autoptr(GArray) leader_places = NULL;
  GPtrArray *leaders;
  AciesFacingKind fk = facing_kind (ctx);
  double size = counter_size (g, ctx->s);

  if (units == NULL)
    return;
  places = place_units (g, units, ctx->s, ctx->ox, ctx->oy, stacks, order);

  /* Two-hex units lie under everything else. */
  for (guint i = 0; i < units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (units, i);
      Placed *p;

      if (!g_array_index (places, AciesUnitPlace, i).shown
          || unit->cell2 < 0 || (guint) unit->cell2 >= g->n_cells || g->kind == ACIES_BOARD_ZONES)
        continue;
      p = g_new (Placed, 1);
      draw_two_hex_unit (ctx, unit, size, p);
      g_hash_table_insert (placed, (gpointer) unit, p);
      draw_facing_of (ctx, unit, fk, p->x, p->y, size);
    }

  for (guint k = 0; k < order->len; k++)
    {
      AciesCell cell = g_array_index (order, AciesCell, k);
      GArray *stack = g_hash_table_lookup (stacks, GINT_TO_POINTER (cell));
      guint n = stack->len;

      for (guint i = 0; i < n; i++)
        {
          guint index = g_array_index (stack, guint, i);
          const AciesUnit *unit = g_ptr_array_index (units, index);
          const AciesUnitPlace *at = &g_array_index (places, AciesUnitPlace, index);
          Placed *p = g_new (Placed, 1);

          draw_counter_at (ctx, unit, at->x, at->y, at->size);
          /* Zone boards: an arrow in the zone toward the faced zone. */
          draw_facing_of (ctx, unit, fk, at->x, at->y, at->size);
          p->x = at->x;
          p->y = at->y;
          p->size = at->size;
          g_hash_table_insert (placed, (gpointer) unit, p);
        }

      if (n > 1 && g->kind != ACIES_BOARD_ZONES)
        {
          /* The top counter is the last one. */
          const AciesUnitPlace *top = &g_array_index (places, AciesUnitPlace,
                                                      g_array_index (stack, guint, n - 1));

          acies_counter_draw_badge (ctx->cr, ctx->layout, n,
                                    top->x + size * 0.5, top->y - size * 0.5,
                                    MAX (5.0, size * 0.16), ctx->mono);
        }
    }

  /* Leaders: a round marker on the right rim of their unit, or alone in
   * their cell. */
  leaders = ctx->options->leaders != NULL ? ctx->options->leaders : ctx->scenario->leaders;
  leader_places = place_leaders (g, units, places, leaders,
                                 ctx->options->units == NULL || ctx->options->leaders != NULL,
                                 ctx->s, ctx->ox, ctx->oy);
  for (guint i = 0; leaders != NULL && i < leaders->len; i++)
    {
      const AciesUnitPlace *at = &g_array_index (leader_places, AciesUnitPlace, i);

      if (at->shown)
        draw_leader (ctx->cr, ctx->layout, ctx->scenario, g_ptr_array_index (leaders, i),
                     at->x, at->y, at->size / 2, ctx->mono);
    }
}

static void
draw_dynamic (Ctx *ctx)
{
  const AciesRenderOptions *o = ctx->options;
  const AciesBoardGeom *g = ctx->geom;
  cairo_t *cr = ctx->cr;

  if (o->highlight_cells != NULL && o->highlight_cells->len > 0)
    {
      for (guint i = 0; i < o->highlight_cells->len; i++)
        {
          AciesCell c = g_array_index (o->highlight_cells, AciesCell, i);

          if (c >= 0 && (guint) c < g->n_cells)
            cell_path (ctx, c, 0.03);
        }
      acies_palette_set_colour (cr, ACIES_PALETTE_HIGHLIGHT, ctx->mono);
      cairo_fill (cr);
    }

  if (o->show_units)
    draw_units (ctx);

  if (o->selected_cell >= 0 && (guint) o->selected_cell < g->n_cells)
    {
      cell_path (ctx, o->selected_cell, 0.05);
      cairo_set_line_width (cr, clampd (ctx->s * 0.08, 2.0, 5.0));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      acies_palette_set_colour (cr, ACIES_PALETTE_SELECTION, ctx->mono);
      cairo_stroke (cr);
    }

  if (o->focus_cell >= 0 && (guint) o->focus_cell < g->n_cells)
    {
      double dash[2] = { 4, 3 };

      cell_path (ctx, o->focus_cell, 0.12);
      cairo_set_line_width (cr, 4);
      acies_palette_set_colour (cr, ACIES_PALETTE_FOCUS_HALO, ctx->mono);
      cairo_stroke_preserve (cr);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, 2);
      acies_palette_set_colour (cr, ACIES_PALETTE_FOCUS, ctx->mono);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
}

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

/* Pixels per user unit of the target, for layers and counter images. */
static double
target_scale (cairo_t *cr)
{
  double sx = 1, sy = 1, dx = 1, dy = 0;

  cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
  cairo_user_to_device_distance (cr, &dx, &dy);

  return MAX (1.0, MAX (sx, sy) * hypot (dx, dy));
}

static void
draw_background (cairo_t                  *cr,
                 double                    width,
                 double                    height,
                 const AciesRenderOptions *options)
{
  cairo_rectangle (cr, 0, 0, width, height);
  acies_palette_set_colour (cr, options->dark ? ACIES_PALETTE_BACKGROUND_DARK : ACIES_PALETTE_BACKGROUND,
                            options->monochrome);
  cairo_fill (cr);
}

static void
render_with_cache (Ctx              *ctx,
                   AciesRenderCache *cache,
                   double            width,
                   double            height)
{
  cairo_t *cr = ctx->cr;
  double scale = target_scale (cr);
  double pad = ceil (MAX (8.0, ctx->s * 0.35));
  double bw = ceil (ctx->geom->ext_w * ctx->s + 2 * pad);
  double bh = ceil (ctx->geom->ext_h * ctx->s + 2 * pad);
  gboolean viewport = bw * bh * scale * scale > MAX_LAYER_PIXELS;
  double fx = ctx->ox - floor (ctx->ox), fy = ctx->oy - floor (ctx->oy);
  double lx, ly, lw, lh;
  guint64 key;
  Hash extra;

  if (viewport)
    {
      lx = 0;
      ly = 0;
      lw = ceil (width);
      lh = ceil (height);
    }
  else
    {
      lx = floor (ctx->ox) - pad;
      ly = floor (ctx->oy) - pad;
      lw = bw + 1;
      lh = bh + 1;
    }

  key = static_key (ctx, scale);
  extra.h = key;
  hash_bytes (&extra, &viewport, sizeof viewport);
  if (viewport)
    {
      hash_double (&extra, ctx->ox);
      hash_double (&extra, ctx->oy);
      hash_double (&extra, width);
      hash_double (&extra, height);
    }
  else
    {
      hash_double (&extra, round (fx * 64));
      hash_double (&extra, round (fy * 64));
    }
  key = extra.h;

  if (cache->layer == NULL || cache->layer_key != key)
    {
      Ctx layer_ctx = *ctx;
      cairo_t *lcr;

      /* An opaque layer (background included) is copied, not blended:
       * several times faster to repaint. */
      g_clear_pointer (&cache->layer, cairo_surface_destroy);
      cache->layer = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                                 (int) ceil (lw * scale), (int) ceil (lh * scale));
      cairo_surface_set_device_scale (cache->layer, scale, scale);
      lcr = cairo_create (cache->layer);
      draw_background (lcr, lw, lh, ctx->options);
      layer_ctx.cr = lcr;
      layer_ctx.layout = pango_cairo_create_layout (lcr);
      layer_ctx.ox = ctx->ox - lx;
      layer_ctx.oy = ctx->oy - ly;
      draw_static (&layer_ctx);
      g_object_unref (layer_ctx.layout);
      cairo_destroy (lcr);
      cache->layer_key = key;
    }

  /* Background around the layer, then the layer itself. */
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_rectangle (cr, lx, ly, lw, lh);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  acies_palette_set_colour (cr, ctx->options->dark ? ACIES_PALETTE_BACKGROUND_DARK : ACIES_PALETTE_BACKGROUND,
                            ctx->mono);
  cairo_fill (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  cairo_rectangle (cr, lx, ly, lw, lh);
  cairo_clip (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_surface (cr, cache->layer, lx, ly);
  cairo_paint (cr);
  cairo_restore (cr);

  if (cache->sprite_scale != scale)
    {
      g_hash_table_remove_all (cache->sprites);
      cache->sprite_scale = scale;
    }
  /* Keep the counter images bounded (a zoom through many sizes). */
  if (g_hash_table_size (cache->sprites) > 2048)
    g_hash_table_remove_all (cache->sprites);

  draw_dynamic (ctx);
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
 * Raster targets are drawn through a cache (see AciesRenderCache); vector
 * targets always get vector drawing.  Hidden unit values are never drawn.
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
  gboolean shared = FALSE;
  Ctx ctx = { 0 };

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
      draw_background (cr, width, height, options);
      cairo_restore (cr);
      return;
    }

  if (!options->no_cache && target_is_raster (cr))
    {
      cache = options->cache;
      if (cache == NULL)
        {
          G_LOCK (shared_cache);
          if (shared_cache == NULL)
            shared_cache = acies_render_cache_new ();
          cache = shared_cache;
          shared = TRUE;
        }
    }

  if (cache != NULL)
    {
      if (!acies_board_geom_matches (cache->geom, scenario->map.board))
        {
          acies_board_geom_free (cache->geom);
          cache->geom = acies_board_geom_new (scenario->map.board);
        }
      ctx.geom = cache->geom;
      ctx.tiles = cache->tiles;
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
  ctx.cache = cache;
  ctx.mono = options->monochrome;
  ctx.layout = pango_cairo_create_layout (cr);
  get_transform (scenario, width, height, options, &ctx.s, &ctx.ox, &ctx.oy);

  if (ctx.s > 0)
    {
      if (cache != NULL)
        render_with_cache (&ctx, cache, width, height);
      else
        {
          draw_background (cr, width, height, options);
          draw_static (&ctx);
          draw_dynamic (&ctx);
        }
    }
  else
    draw_background (cr, width, height, options);

  g_object_unref (ctx.layout);
  if (cache == NULL)
    {
      g_hash_table_unref (ctx.tiles);
      acies_board_geom_free (own_geom);
    }
  if (shared)
    G_UNLOCK (shared_cache);
  cairo_restore (cr);
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

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (leader != NULL);

  layout = pango_cairo_create_layout (cr);
  draw_leader (cr, layout, scenario, leader, cx, cy, radius, FALSE);
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
