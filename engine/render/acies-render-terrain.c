/* acies-render-terrain.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "acies-render-board-private.h"

/* The map under the areas: terrain, cell features, elevation, the grid and
 * edge features, each drawn for the cells of the region only
 * (AciesRenderCtx.cells). */

/* Geometry helpers. */

/* Geometry helpers. */

void
acies_render_cell_path (AciesRenderCtx      *ctx,
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
        cairo_move_to (ctx->cr, ACIES_PX (ctx, x), ACIES_PY (ctx, y));
      else
        cairo_line_to (ctx->cr, ACIES_PX (ctx, x), ACIES_PY (ctx, y));
    }
  cairo_close_path (ctx->cr);
}

void
acies_render_side_path (AciesRenderCtx      *ctx,
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
  cairo_move_to (ctx->cr, ACIES_PX (ctx, x1), ACIES_PY (ctx, y1));
  cairo_line_to (ctx->cr, ACIES_PX (ctx, x2), ACIES_PY (ctx, y2));
}

void
acies_render_cell_bbox (const AciesBoardGeom *g,
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

void
acies_render_text_halo (AciesRenderCtx             *ctx,
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

/* Outlines. */

AciesOutline *
acies_outline_new (const AciesBoardGeom *g,
                   const guint8         *member)
{
  AciesOutline *outline = g_new (AciesOutline, 1);

  outline->points = g_array_new (FALSE, FALSE, sizeof (double));
  outline->starts = g_array_new (FALSE, FALSE, sizeof (guint));
  acies_board_geom_outline (g, member, outline->points, outline->starts);
  return outline;
}

void
acies_outline_free (AciesOutline *outline)
{
  if (outline == NULL)
    return;
  g_array_unref (outline->points);
  g_array_unref (outline->starts);
  g_free (outline);
}

/* Adds the loops to the current path. */
void
acies_render_outline_path (AciesRenderCtx *ctx,
                           GArray         *points,
                           GArray         *starts)
{
  const double *p = (const double *) points->data;

  for (guint k = 0; k + 1 < starts->len; k++)
    {
      guint a = g_array_index (starts, guint, k), b = g_array_index (starts, guint, k + 1);

      for (guint v = a; v < b; v++)
        {
          if (v == a)
            cairo_move_to (ctx->cr, ACIES_PX (ctx, p[2 * v]), ACIES_PY (ctx, p[2 * v + 1]));
          else
            cairo_line_to (ctx->cr, ACIES_PX (ctx, p[2 * v]), ACIES_PY (ctx, p[2 * v + 1]));
        }
      if (b > a)
        cairo_close_path (ctx->cr);
    }
}

/**
 * acies_render_base_terrain:
 * @scenario: a scenario
 * @g: its board's geometry
 *
 * The terrain of the most cells (the lowest id among equals): it is
 * drawn once under the whole board, so that only the other cells are
 * filled one by one.
 *
 * Returns: (transfer none) (nullable): the terrain id
 */
const char *
acies_render_base_terrain (const AciesScenario  *scenario,
                           const AciesBoardGeom *g)
{
  const AciesMap *map = &scenario->map;
  g_autoptr(GHashTable) counts = NULL;
  GHashTableIter iter;
  gpointer key, value;
  const char *best = NULL;
  guint best_n = 0;

  if (map->terrain == NULL || g->n_cells == 0)
    return NULL;
  counts = g_hash_table_new (NULL, NULL);
  for (guint c = 0; c < g->n_cells; c++)
    {
      gpointer n = g_hash_table_lookup (counts, map->terrain[c]);

      g_hash_table_insert (counts, (gpointer) map->terrain[c], GUINT_TO_POINTER (GPOINTER_TO_UINT (n) + 1));
    }
  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (GPOINTER_TO_UINT (value) > best_n
        || (GPOINTER_TO_UINT (value) == best_n && g_strcmp0 (key, best) < 0))
      {
        best = key;
        best_n = GPOINTER_TO_UINT (value);
      }
  return best;
}

/* Terrain. */

static void
terrain_colours (AciesRenderCtx                    *ctx,
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

/* Fills the current path with a terrain texture anchored to the board's
 * origin (rounded to whole units), so that tiles, pages and whole
 * drawings of one board show the same pattern. */
static void
fill_texture (AciesRenderCtx  *ctx,
              const char      *pattern,
              const AciesRgba *ink,
              double           size)
{
  double ax = floor (ctx->ox + 0.5), ay = floor (ctx->oy + 0.5);

  cairo_translate (ctx->cr, ax, ay);
  acies_pattern_fill_terrain (ctx->cr, ctx->tiles, pattern, ink, size, ctx->mono);
  cairo_translate (ctx->cr, -ax, -ay);
}

typedef struct
{
  const char *terrain;
  GArray     *cells;
} TerrainGroup;

static int
cmp_group (gconstpointer a,
           gconstpointer b)
{
  return g_strcmp0 (((const TerrainGroup *) a)->terrain, ((const TerrainGroup *) b)->terrain);
}

static void
fill_terrain_group (AciesRenderCtx  *ctx,
                    const char      *terrain,
                    GArray          *cells,
                    gboolean         whole_board)
{
  const AciesBoardGeom *g = ctx->geom;
  const AciesTerrainType *type = NULL;
  double symbol_r = g->inradius * ctx->s * 0.9;
  AciesRgba fill, ink;
  AciesPatternKind kind;

  if (ctx->catalogue != NULL && terrain != NULL)
    type = acies_catalogue_find_terrain (ctx->catalogue, terrain);
  terrain_colours (ctx, type, &fill, &ink);
  kind = acies_pattern_kind_from_name (type ? type->pattern : NULL);

  if (whole_board)
    acies_render_outline_path (ctx, g->outline, g->outline_starts);
  else
    for (guint i = 0; i < cells->len; i++)
      {
        AciesCell c = g_array_index (cells, AciesCell, i);

        if (acies_render_ctx_meets_cell (ctx, c, 2))
          acies_render_cell_path (ctx, c, 0);
      }
  acies_palette_set_source (ctx->cr, &fill, ctx->mono);
  cairo_fill_preserve (ctx->cr);
  if (acies_pattern_is_texture (kind))
    fill_texture (ctx, type->pattern, &ink, ctx->s);
  cairo_new_path (ctx->cr);

  /* Trees and the like: left out where they would be specks. */
  if (kind != ACIES_PATTERN_NONE && !acies_pattern_is_texture (kind)
      && !(ctx->lod && symbol_r < ACIES_LOD_SYMBOL))
    for (guint i = 0; i < cells->len; i++)
      {
        AciesCell c = g_array_index (cells, AciesCell, i);

        if (!acies_render_ctx_meets_cell (ctx, c, 2))
          continue;
        acies_pattern_draw_symbols (ctx->cr, kind, &ink,
                                    ACIES_PX (ctx, g->centre[2 * c]), ACIES_PY (ctx, g->centre[2 * c + 1]),
                                    symbol_r, c, ctx->mono);
      }
}

void
acies_render_draw_terrain (AciesRenderCtx *ctx)
{
  const AciesMap *map = &ctx->scenario->map;
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) groups = g_array_new (FALSE, FALSE, sizeof (TerrainGroup));
  g_autoptr(GArray) base_cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  const char *base = ctx->have_base ? ctx->base : acies_render_base_terrain (ctx->scenario, ctx->geom);

  /* The commonest terrain under the whole board at once, then the
   * region's other cells by terrain, the terrains in the order of their
   * ids (the same for a tile and for the whole board). */
  for (guint i = 0; i < ctx->n_cells; i++)
    {
      AciesCell c = ctx->cells[i];
      const char *t = map->terrain ? map->terrain[c] : NULL;
      gpointer found;
      TerrainGroup *group;

      if (t == base)
        {
          g_array_append_val (base_cells, c);
          continue;
        }
      if (g_hash_table_lookup_extended (index, t, NULL, &found))
        group = &g_array_index (groups, TerrainGroup, GPOINTER_TO_UINT (found));
      else
        {
          TerrainGroup fresh = { t, g_array_new (FALSE, FALSE, sizeof (AciesCell)) };

          g_hash_table_insert (index, (gpointer) t, GUINT_TO_POINTER (groups->len));
          g_array_append_val (groups, fresh);
          group = &g_array_index (groups, TerrainGroup, groups->len - 1);
        }
      g_array_append_val (group->cells, c);
    }
  g_array_sort (groups, cmp_group);

  if (ctx->n_cells > 0)
    fill_terrain_group (ctx, base, base_cells, TRUE);
  for (guint k = 0; k < groups->len; k++)
    {
      TerrainGroup *group = &g_array_index (groups, TerrainGroup, k);

      fill_terrain_group (ctx, group->terrain, group->cells, FALSE);
      g_array_unref (group->cells);
    }
}

static void
draw_badge (AciesRenderCtx             *ctx,
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

void
acies_render_draw_cell_features (AciesRenderCtx *ctx)
{
  const AciesMap *map = &ctx->scenario->map;
  const AciesBoardGeom *g = ctx->geom;
  gboolean badges;

  if (map->cell_features == NULL)
    return;

  badges = g->kind == ACIES_BOARD_ZONES || ctx->s * g->inradius > 45;

  ACIES_FOR_EACH_CELL (ctx, c)
    {
      GPtrArray *features = map->cell_features[c];
      double x0, y0, x1, y1;

      if (features == NULL || features->len == 0)
        continue;

      acies_render_cell_bbox (g, c, &x0, &y0, &x1, &y1);

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
          acies_render_cell_path (ctx, c, 0.04 + 0.06 * i);
          if (!ctx->mono)
            {
              acies_palette_set_source_alpha (ctx->cr, &fill, 0.35, FALSE);
              cairo_fill_preserve (ctx->cr);
            }
          if (g->kind == ACIES_BOARD_ZONES)
            ink.a = 0.6;
          if (acies_pattern_is_texture (kind))
            fill_texture (ctx, type->pattern, &ink,
                          ctx->s * (g->kind == ACIES_BOARD_ZONES ? 0.25 : 1.0) * (1 + 0.3 * i));
          cairo_new_path (ctx->cr);
          if (kind != ACIES_PATTERN_NONE && !acies_pattern_is_texture (kind)
              && !(ctx->lod && MIN (x1 - x0, y1 - y0) * ctx->s * 0.2 < ACIES_LOD_SYMBOL))
            {
              double r = MIN (x1 - x0, y1 - y0) * ctx->s * 0.5;
              double cx = ACIES_PX (ctx, g->centre[2 * c]) + (i % 2 ? 0.25 : -0.25) * r;
              double cy = ACIES_PY (ctx, g->centre[2 * c + 1]) + 0.2 * r;

              acies_pattern_draw_symbols (ctx->cr, kind, &ink, cx, cy,
                                          g->kind == ACIES_BOARD_ZONES ? r * 0.45 : r * 0.8,
                                          c + i, ctx->mono);
            }

          if (badges)
            {
              double font = acies_clampd (MIN (x1 - x0, y1 - y0) * ctx->s * 0.07, 7, 14);

              draw_badge (ctx, type && type->name ? type->name : id, &fill,
                          ACIES_PX (ctx, x0) + font * 0.5,
                          ACIES_PY (ctx, y1) - font * 0.5 - i * font * 1.8,
                          font);
            }
        }
    }
}

void
acies_render_draw_elevation (AciesRenderCtx *ctx)
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

      ACIES_FOR_EACH_CELL (ctx, c)
        if (map->elevation[c] >= level)
          {
            if (acies_render_ctx_meets_cell (ctx, c, 2))
              acies_render_cell_path (ctx, c, 0);
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
  ACIES_FOR_EACH_CELL (ctx, c)
    {
      guint start = g->poly_start[c], n = g->poly_start[c + 1] - start;

      if (map->elevation[c] <= 0 || !acies_render_ctx_meets_cell (ctx, c, 4))
        continue;
      for (guint i = 0; i < n; i++)
        {
          AciesCell nb = g->side_nb[start + i];

          if (nb != ACIES_CELL_NONE && map->elevation[nb] < map->elevation[c])
            acies_render_side_path (ctx, c, i, 0.04);
        }
    }
  cairo_set_line_width (ctx->cr, acies_clampd (ctx->s * 0.045, 1.0, 4.0));
  cairo_set_line_cap (ctx->cr, CAIRO_LINE_CAP_ROUND);
  acies_palette_set_colour (ctx->cr, ACIES_PALETTE_CONTOUR, ctx->mono);
  cairo_stroke (ctx->cr);
}

static inline guint64
corner_key (const AciesBoardGeom *g,
            guint                 vertex)
{
  gint64 qx = (gint64) llround (g->poly[2 * vertex] * 4096) + (G_GINT64_CONSTANT (1) << 30);
  gint64 qy = (gint64) llround (g->poly[2 * vertex + 1] * 4096) + (G_GINT64_CONSTANT (1) << 30);

  return ((guint64) qx << 32) | (guint64) (qy & 0xffffffff);
}

typedef struct
{
  guint64 key;   /* corner_key() */
  guint   k;     /* the side's end: side k / 2, its end k % 2 */
} CornerEnd;

/* By corner, and at one corner the last side first. */
static int
compare_corner_ends (const void *a,
                     const void *b)
{
  const CornerEnd *ca = a, *cb = b;

  if (ca->key != cb->key)
    return ca->key < cb->key ? -1 : 1;
  return (ca->k < cb->k) - (ca->k > cb->k);
}

/* Adds the sides of @sides (pairs of polygon corners) to the path, joined
 * end to end into lines where they meet: the same strokes, with a move
 * for each line rather than each side.  The sides' ends are sorted by
 * corner, not hashed (issue 21: a hash lookup per end was a fifth of a
 * 200 × 200 map's printing). */
static void
chained_path (AciesRenderCtx *ctx,
              GArray         *sides)
{
  const AciesBoardGeom *g = ctx->geom;
  guint n = sides->len / 2;
  const guint *v = (const guint *) sides->data;
  g_autofree CornerEnd *ends = g_new (CornerEnd, 2 * MAX (n, 1u));
  g_autofree guint *first = g_new (guint, 2 * MAX (n, 1u));   /* end k -> its corner's first entry in @ends */
  g_autofree gboolean *used = g_new0 (gboolean, MAX (n, 1u));

  for (guint k = 0; k < 2 * n; k++)
    {
      ends[k].key = corner_key (g, v[k]);
      ends[k].k = k;
    }
  qsort (ends, 2 * n, sizeof *ends, compare_corner_ends);
  for (guint i = 0, group = 0; i < 2 * n; i++)
    {
      if (ends[i].key != ends[group].key)
        group = i;
      first[ends[i].k] = group;
    }

  for (guint s = 0; s < n; s++)
    {
      guint end;

      if (used[s])
        continue;
      used[s] = TRUE;
      cairo_move_to (ctx->cr, ACIES_PX (ctx, g->poly[2 * v[2 * s]]), ACIES_PY (ctx, g->poly[2 * v[2 * s] + 1]));
      cairo_line_to (ctx->cr, ACIES_PX (ctx, g->poly[2 * v[2 * s + 1]]), ACIES_PY (ctx, g->poly[2 * v[2 * s + 1] + 1]));
      end = 2 * s + 1;
      for (;;)
        {
          guint i = first[end], k = G_MAXUINT;

          /* An unused side with an end here; go on from its other end. */
          for (; i < 2 * n && ends[i].key == ends[first[end]].key; i++)
            if (!used[ends[i].k / 2])
              {
                k = ends[i].k;
                break;
              }
          if (k == G_MAXUINT)
            break;
          used[k / 2] = TRUE;
          end = k ^ 1;
          cairo_line_to (ctx->cr, ACIES_PX (ctx, g->poly[2 * v[end]]), ACIES_PY (ctx, g->poly[2 * v[end] + 1]));
        }
    }
}

void
acies_render_draw_grid (AciesRenderCtx *ctx)
{
  const AciesBoardGeom *g = ctx->geom;
  cairo_t *cr = ctx->cr;
  /* On paper the sides are joined into lines: half the points to write. */
  g_autoptr(GArray) chain = cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE
                            ? NULL : g_array_new (FALSE, FALSE, sizeof (guint));

  /* Each side once, from its lower cell: both cells of a side that meets
   * the region are among the region's cells.  Cells too small to tell
   * apart get no grid. */
  if (!(ctx->lod && ctx->s * g->inradius < ACIES_LOD_GRID))
    {
      ACIES_FOR_EACH_CELL (ctx, c)
        {
          guint start = g->poly_start[c], n = g->poly_start[c + 1] - start;

          if (!acies_render_ctx_meets_cell (ctx, c, 3))
            continue;
          for (guint i = 0; i < n; i++)
            {
              AciesCell nb = g->side_nb[start + i];
              guint j = start + (i + 1) % n;

              if (nb != ACIES_CELL_NONE && (guint) nb > c
                  && acies_render_ctx_meets (ctx, MIN (g->poly[2 * (start + i)], g->poly[2 * j]),
                                             MIN (g->poly[2 * (start + i) + 1], g->poly[2 * j + 1]),
                                             MAX (g->poly[2 * (start + i)], g->poly[2 * j]),
                                             MAX (g->poly[2 * (start + i) + 1], g->poly[2 * j + 1]), 3))
                {
                  if (chain != NULL)
                    {
                      guint side[2] = { start + i, j };

                      g_array_append_vals (chain, side, 2);
                    }
                  else
                    acies_render_side_path (ctx, c, i, 0);
                }
            }
        }
      if (chain != NULL)
        chained_path (ctx, chain);
      cairo_set_line_width (cr, acies_clampd (ctx->s * 0.025, 0.6, 2.0));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      /* High contrast: opaque ink, not the translucent grey. */
      acies_palette_set_colour (cr, ctx->options->high_contrast ? ACIES_PALETTE_INK_DARK : ACIES_PALETTE_GRID,
                                ctx->mono);
      cairo_stroke (cr);
    }

  /* The map's frame: sides with nothing beyond. */
  ACIES_FOR_EACH_CELL (ctx, c)
    {
      guint start = g->poly_start[c], n = g->poly_start[c + 1] - start;

      if (!acies_render_ctx_meets_cell (ctx, c, 4))
        continue;
      for (guint i = 0; i < n; i++)
        if (g->side_nb[start + i] == ACIES_CELL_NONE)
          acies_render_side_path (ctx, c, i, 0);
    }
  /* On the dark surround a light frame (the dark one was 1.4:1 there);
   * in high contrast a wider one (issue 19.2).  Round caps: the sides
   * meet at the corners. */
  cairo_set_line_width (cr, acies_clampd (ctx->s * 0.05, 3.0, 3.5) * (ctx->options->high_contrast ? 1.5 : 1.0));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  acies_palette_set_colour (cr, ctx->options->dark && !ctx->mono ? ACIES_PALETTE_BOARD_BORDER_DARK
                                                                 : ACIES_PALETTE_BOARD_BORDER,
                            ctx->mono);
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

/* A river along the side from (x1, y1) to (x2, y2): its banks, then its
 * water in @type's colour. */
static void
river_line (AciesRenderCtx         *ctx,
            double                  x1,
            double                  y1,
            double                  x2,
            double                  y2,
            double                  unit,
            const AciesTerrainType *type)
{
  cairo_t *cr = ctx->cr;
  AciesRgba colour;

  acies_palette_parse_or (type ? type->colour : NULL, ACIES_PALETTE_RIVER, &colour);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2, y2);
  cairo_set_line_width (cr, MAX (3.0, unit * 0.22));
  acies_palette_set_colour (cr, ACIES_PALETTE_RIVER_BANK, ctx->mono);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, MAX (2.0, unit * 0.15));
  acies_palette_set_source (cr, &colour, ctx->mono);
  cairo_stroke (cr);
}

static void
draw_edge_feature (AciesRenderCtx                    *ctx,
                   AciesEdge               e,
                   EdgeClass               klass,
                   const AciesTerrainType *type)
{
  const AciesBoardGeom *g = ctx->geom;
  const AciesMap *map = &ctx->scenario->map;
  cairo_t *cr = ctx->cr;
  double s = ctx->s;
  double x1 = ACIES_PX (ctx, g->edge_seg[4 * e]), y1 = ACIES_PY (ctx, g->edge_seg[4 * e + 1]);
  double x2 = ACIES_PX (ctx, g->edge_seg[4 * e + 2]), y2 = ACIES_PY (ctx, g->edge_seg[4 * e + 3]);
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
  if (a != ACIES_CELL_NONE && (ACIES_PX (ctx, g->centre[2 * a]) - mx) * nx + (ACIES_PY (ctx, g->centre[2 * a + 1]) - my) * ny > 0)
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
      river_line (ctx, x1, y1, x2, y2, unit, type);
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
        double ax = a != ACIES_CELL_NONE ? ACIES_PX (ctx, g->centre[2 * a]) : mx;
        double ay = a != ACIES_CELL_NONE ? ACIES_PY (ctx, g->centre[2 * a + 1]) : my;
        double bx = b != ACIES_CELL_NONE ? ACIES_PX (ctx, g->centre[2 * b]) : mx;
        double by = b != ACIES_CELL_NONE ? ACIES_PY (ctx, g->centre[2 * b + 1]) : my;
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
        /* The water of a river, lighter, with a row of stepping stones
         * along it big enough to read at the fitted zoom (issue 17.9). */
        double r = MAX (2.2, unit * 0.075);
        guint n = 3;

        river_line (ctx, x1, y1, x2, y2, unit, type);

        for (guint i = 0; i < n; i++)
          {
            double t = 0.5 + (i - (n - 1) / 2.0) * MIN (0.2, r * 2.6 / len);

            cairo_new_sub_path (cr);
            cairo_arc (cr, x1 + (x2 - x1) * t, y1 + (y2 - y1) * t, r, 0, 2 * G_PI);
          }
        acies_palette_set_colour (cr, ACIES_PALETTE_MONO_PAPER, ctx->mono);
        cairo_fill_preserve (cr);
        cairo_set_line_width (cr, MAX (1.0, r * 0.35));
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

typedef struct
{
  guint                   klass;
  AciesEdge               edge;
  guint                   index;
  const AciesTerrainType *type;
} EdgeDrawing;

static int
cmp_edge_drawing (gconstpointer a,
                  gconstpointer b)
{
  const EdgeDrawing *x = a, *y = b;

  if (x->klass != y->klass)
    return x->klass < y->klass ? -1 : 1;
  if (x->edge != y->edge)
    return x->edge < y->edge ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

void
acies_render_draw_edge_features (AciesRenderCtx *ctx)
{
  const AciesMap *map = &ctx->scenario->map;
  const AciesBoardGeom *g = ctx->geom;
  g_autoptr(GArray) drawings = NULL;
  guint n_dirs = g->n_dirs;

  if (map->edge_features == NULL)
    return;

  /* The features of the region's cells' edges, each edge once (from its
   * lowest cell in the region), then drawn water first, relief and works
   * next, roads on top, in edge order within each class. */
  drawings = g_array_new (FALSE, FALSE, sizeof (EdgeDrawing));
  ACIES_FOR_EACH_CELL (ctx, c)
    for (guint d = 0; d < n_dirs; d++)
      {
        AciesEdge e = acies_board_edge_of (g->board, c, d);
        GPtrArray *features;
        AciesCell a = ACIES_CELL_NONE, b = ACIES_CELL_NONE, other;

        if (e == ACIES_EDGE_NONE || (guint) e >= g->n_edges
            || (features = map->edge_features[e]) == NULL || features->len == 0)
          continue;
        acies_board_edge_cells (g->board, e, &a, &b);
        other = a == (AciesCell) c ? b : a;
        if (other != ACIES_CELL_NONE && (guint) other < c && acies_render_ctx_has_cell (ctx, other))
          continue;
        for (guint i = 0; i < features->len; i++)
          {
            const char *id = g_ptr_array_index (features, i);
            EdgeDrawing drawing = { 0, e, i, NULL };

            if (ctx->catalogue != NULL)
              drawing.type = acies_catalogue_find_edge_feature (ctx->catalogue, id);
            drawing.klass = classify_edge (id, drawing.type);
            g_array_append_val (drawings, drawing);
          }
      }
  g_array_sort (drawings, cmp_edge_drawing);

  for (guint i = 0; i < drawings->len; i++)
    {
      const EdgeDrawing *drawing = &g_array_index (drawings, EdgeDrawing, i);

      /* An edge met twice from one cell (a zone's long border) once. */
      if (i > 0 && cmp_edge_drawing (drawing, &g_array_index (drawings, EdgeDrawing, i - 1)) == 0)
        continue;
      draw_edge_feature (ctx, drawing->edge, drawing->klass, drawing->type);
    }
}

/**
 * acies_render_static_margin:
 * @ctx: a drawing
 *
 * How far, in target units, the static layer of a cell may reach beyond
 * its polygon's box: lines and their caps across its sides, ticks and
 * casings, and the feature badges of zoomed-in boards, which can be wider
 * than their cell.  A tile is drawn with every cell whose box grown by
 * this margin meets it.
 *
 * Returns: the margin, target units
 */
double
acies_render_static_margin (const AciesRenderCtx *ctx)
{
  const AciesMap *map = &ctx->scenario->map;
  const AciesBoardGeom *g = ctx->geom;
  double margin = 4 + 0.3 * ctx->s;

  if (map->cell_features != NULL && (g->kind == ACIES_BOARD_ZONES || ctx->s * g->inradius > 45))
    for (guint c = 0; c < g->n_cells; c++)
      {
        GPtrArray *features = map->cell_features[c];
        double x0, y0, x1, y1, font;

        if (features == NULL || features->len == 0)
          continue;
        /* The badges: at most 0.8 em a letter, a swatch and padding, one
         * above the other. */
        acies_render_cell_bbox (g, c, &x0, &y0, &x1, &y1);
        font = acies_clampd (MIN (x1 - x0, y1 - y0) * ctx->s * 0.07, 7, 14);
        for (guint i = 0; i < features->len; i++)
          {
            const char *id = g_ptr_array_index (features, i);
            const AciesTerrainType *type = NULL;
            const char *name;

            if (ctx->catalogue != NULL)
              {
                type = acies_catalogue_find_cell_feature (ctx->catalogue, id);
                if (type == NULL)
                  type = acies_catalogue_find_terrain (ctx->catalogue, id);
              }
            name = type && type->name ? type->name : id;
            margin = MAX (margin, font * (0.8 * g_utf8_strlen (name, -1) + 3) - (x1 - x0) * ctx->s);
          }
        margin = MAX (margin, features->len * font * 1.8 + font * 2 - (y1 - y0) * ctx->s);
      }
  return margin;
}
