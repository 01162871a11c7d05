/* acies-terrain-patterns.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "acies-render-private.h"

/* Terrain patterns named by the catalogue's "pattern" member
 * (docs/catalogue-format.md).  Textures (dots, hatch, crosshatch, water,
 * marsh) are small repeating tiles, so a whole cell is one fill; symbols
 * (trees, rough, town) are a few marks around the cell's centre. */

static const struct
{
  const char       *name;
  AciesPatternKind  kind;
} pattern_names[] = {
  { "none", ACIES_PATTERN_NONE },
  { "dots", ACIES_PATTERN_DOTS },
  { "trees", ACIES_PATTERN_TREES },
  { "marsh", ACIES_PATTERN_MARSH },
  { "hatch", ACIES_PATTERN_HATCH },
  { "water", ACIES_PATTERN_WATER },
  { "rough", ACIES_PATTERN_ROUGH },
  { "crosshatch", ACIES_PATTERN_CROSSHATCH },
  { "town", ACIES_PATTERN_TOWN },
};

AciesPatternKind
acies_pattern_kind_from_name (const char *name)
{
  if (name == NULL)
    return ACIES_PATTERN_NONE;

  for (guint i = 0; i < G_N_ELEMENTS (pattern_names); i++)
    if (strcmp (pattern_names[i].name, name) == 0)
      return pattern_names[i].kind;

  return ACIES_PATTERN_NONE;
}

gboolean
acies_pattern_is_texture (AciesPatternKind kind)
{
  switch (kind)
    {
    case ACIES_PATTERN_DOTS:
    case ACIES_PATTERN_MARSH:
    case ACIES_PATTERN_HATCH:
    case ACIES_PATTERN_WATER:
    case ACIES_PATTERN_CROSSHATCH:
      return TRUE;
    case ACIES_PATTERN_NONE:
    case ACIES_PATTERN_TREES:
    case ACIES_PATTERN_ROUGH:
    case ACIES_PATTERN_TOWN:
    default:
      return FALSE;
    }
}

GHashTable *
acies_pattern_tiles_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                (GDestroyNotify) cairo_pattern_destroy);
}

static void
draw_tile (cairo_t          *cr,
           AciesPatternKind  kind,
           double            t)
{
  double lw = MAX (0.8, t * 0.07);

  cairo_set_line_width (cr, lw);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  switch (kind)
    {
    case ACIES_PATTERN_DOTS:
      cairo_arc (cr, t * 0.25, t * 0.25, MAX (0.7, t * 0.07), 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, t * 0.75, t * 0.75, MAX (0.7, t * 0.07), 0, 2 * G_PI);
      cairo_fill (cr);
      break;

    case ACIES_PATTERN_CROSSHATCH:
      cairo_move_to (cr, 0, 0);
      cairo_line_to (cr, t, t);
      cairo_move_to (cr, -t * 0.5, t * 0.5);
      cairo_line_to (cr, t * 0.5, t * 1.5);
      cairo_move_to (cr, t * 0.5, -t * 0.5);
      cairo_line_to (cr, t * 1.5, t * 0.5);
      G_GNUC_FALLTHROUGH;
    case ACIES_PATTERN_HATCH:
      cairo_move_to (cr, 0, t);
      cairo_line_to (cr, t, 0);
      cairo_move_to (cr, -t * 0.5, t * 0.5);
      cairo_line_to (cr, t * 0.5, -t * 0.5);
      cairo_move_to (cr, t * 0.5, t * 1.5);
      cairo_line_to (cr, t * 1.5, t * 0.5);
      cairo_stroke (cr);
      break;

    case ACIES_PATTERN_WATER:
      for (guint row = 0; row < 2; row++)
        {
          double y = t * (0.25 + 0.5 * row);
          double shift = row * t * 0.5;

          cairo_move_to (cr, -shift, y);
          for (guint i = 0; i <= 16; i++)
            {
              double x = (i / 16.0) * t * 1.5 - shift;

              cairo_line_to (cr, x, y + sin ((x + shift) / t * 2 * G_PI) * t * 0.08);
            }
        }
      cairo_stroke (cr);
      break;

    case ACIES_PATTERN_MARSH:
      for (guint i = 0; i < 2; i++)
        {
          double x = t * (0.2 + 0.5 * i);
          double y = t * (0.35 + 0.5 * i);
          double w = t * 0.36;

          if (y > t)
            y -= t;
          cairo_move_to (cr, x, y);
          cairo_line_to (cr, x + w, y);
          cairo_move_to (cr, x + w * 0.5, y);
          cairo_line_to (cr, x + w * 0.5, y - t * 0.16);
          cairo_move_to (cr, x + w * 0.25, y);
          cairo_line_to (cr, x + w * 0.15, y - t * 0.11);
          cairo_move_to (cr, x + w * 0.75, y);
          cairo_line_to (cr, x + w * 0.85, y - t * 0.11);
        }
      cairo_stroke (cr);
      break;

    case ACIES_PATTERN_NONE:
    case ACIES_PATTERN_TREES:
    case ACIES_PATTERN_ROUGH:
    case ACIES_PATTERN_TOWN:
    default:
      break;
    }
}

/* Returns a repeating texture for @kind in @ink, tile size from the cell
 * size; owned by @tiles when it is given, else a new reference. */
cairo_pattern_t *
acies_pattern_texture (GHashTable       *tiles,
                       AciesPatternKind  kind,
                       const AciesRgba  *ink,
                       double            size,
                       gboolean          monochrome)
{
  g_autofree char *key = NULL;
  cairo_surface_t *surface;
  cairo_pattern_t *pattern;
  cairo_t *cr;
  double t;
  int it;

  g_assert (acies_pattern_is_texture (kind));

  t = MAX (5.0, round (size * (kind == ACIES_PATTERN_DOTS ? 0.22 : 0.3)));
  it = (int) t;

  if (tiles != NULL)
    {
      key = g_strdup_printf ("%d|%.3f,%.3f,%.3f,%.3f|%d|%d", kind,
                             ink->r, ink->g, ink->b, ink->a, it, monochrome);
      pattern = g_hash_table_lookup (tiles, key);
      if (pattern != NULL)
        return pattern;
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, it, it);
  cr = cairo_create (surface);
  acies_palette_set_source (cr, ink, monochrome);
  draw_tile (cr, kind, t);
  cairo_destroy (cr);

  pattern = cairo_pattern_create_for_surface (surface);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  cairo_surface_destroy (surface);

  if (tiles != NULL)
    g_hash_table_insert (tiles, g_steal_pointer (&key), pattern);

  return pattern;
}

/* Fills the current path with @pattern's texture or does nothing for
 * symbol patterns; the path is kept. */
void
acies_pattern_fill_terrain (cairo_t         *cr,
                            GHashTable      *tiles,
                            const char      *pattern,
                            const AciesRgba *ink,
                            double           size,
                            gboolean         monochrome)
{
  AciesPatternKind kind = acies_pattern_kind_from_name (pattern);
  cairo_pattern_t *texture;

  if (!acies_pattern_is_texture (kind))
    return;

  texture = acies_pattern_texture (tiles, kind, ink, size, monochrome);
  cairo_set_source (cr, texture);
  cairo_fill_preserve (cr);
  if (tiles == NULL)
    cairo_pattern_destroy (texture);
}

static void
tree (cairo_t         *cr,
      const AciesRgba *ink,
      double           x,
      double           y,
      double           r,
      gboolean         monochrome)
{
  AciesRgba crown = acies_palette_shade (ink, 1.25);

  cairo_set_line_width (cr, MAX (0.8, r * 0.22));
  acies_palette_set_source (cr, ink, monochrome);
  cairo_move_to (cr, x, y + r * 0.6);
  cairo_line_to (cr, x, y + r * 1.5);
  cairo_stroke (cr);

  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  if (monochrome)
    cairo_set_source_rgb (cr, 1, 1, 1);
  else
    acies_palette_set_source (cr, &crown, FALSE);
  cairo_fill_preserve (cr);
  acies_palette_set_source (cr, ink, monochrome);
  cairo_set_line_width (cr, MAX (0.7, r * 0.18));
  cairo_stroke (cr);
}

/* Draws the marks of a symbol pattern around (cx, cy) within @radius
 * pixels; @seed varies the arrangement from cell to cell. */
void
acies_pattern_draw_symbols (cairo_t          *cr,
                            AciesPatternKind  kind,
                            const AciesRgba  *ink,
                            double            cx,
                            double            cy,
                            double            radius,
                            guint             seed,
                            gboolean          monochrome)
{
  static const double tree_pos[][2] = {
    { -0.42, -0.05 }, { 0.38, -0.12 }, { -0.05, 0.32 }, { 0.02, -0.42 }, { 0.45, 0.35 }, { -0.45, 0.38 },
  };
  static const double rough_pos[][2] = {
    { -0.45, -0.2 }, { 0.4, -0.3 }, { -0.1, 0.35 }, { 0.45, 0.3 }, { 0.0, -0.5 },
  };
  double r = radius;
  guint flip = seed % 2;

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  switch (kind)
    {
    case ACIES_PATTERN_TREES:
      for (guint i = 0; i < G_N_ELEMENTS (tree_pos); i++)
        {
          double dx = tree_pos[i][0] * (flip ? -1 : 1);

          tree (cr, ink, cx + dx * r, cy + tree_pos[i][1] * r, r * 0.17, monochrome);
        }
      break;

    case ACIES_PATTERN_ROUGH:
      acies_palette_set_source (cr, ink, monochrome);
      cairo_set_line_width (cr, MAX (0.8, r * 0.05));
      for (guint i = 0; i < G_N_ELEMENTS (rough_pos); i++)
        {
          double x = cx + rough_pos[i][0] * r * (flip ? -1 : 1);
          double y = cy + rough_pos[i][1] * r;
          double w = r * 0.16;

          cairo_move_to (cr, x - w, y + w * 0.5);
          cairo_line_to (cr, x - w * 0.3, y - w * 0.6);
          cairo_line_to (cr, x + w * 0.2, y);
          cairo_line_to (cr, x + w * 0.55, y - w * 0.35);
          cairo_line_to (cr, x + w, y + w * 0.5);
          cairo_new_sub_path (cr);
          cairo_arc (cr, x + w * 1.4, y + w * 0.7, w * 0.12, 0, 2 * G_PI);
          cairo_new_sub_path (cr);
        }
      cairo_stroke (cr);
      break;

    case ACIES_PATTERN_TOWN:
      {
        static const double houses[][3] = {
          { -0.38, -0.12, 0.22 }, { 0.05, -0.28, 0.26 }, { 0.22, 0.18, 0.22 }, { -0.28, 0.3, 0.18 },
        };

        cairo_set_line_width (cr, MAX (0.8, r * 0.04));
        for (guint i = 0; i < G_N_ELEMENTS (houses); i++)
          {
            double x = cx + houses[i][0] * r;
            double y = cy + houses[i][1] * r;
            double w = houses[i][2] * r;

            cairo_rectangle (cr, x, y, w, w * 0.8);
            cairo_move_to (cr, x - w * 0.1, y);
            cairo_line_to (cr, x + w * 0.5, y - w * 0.45);
            cairo_line_to (cr, x + w * 1.1, y);
            cairo_close_path (cr);
          }
        if (monochrome)
          cairo_set_source_rgb (cr, 1, 1, 1);
        else
          {
            AciesRgba wall = acies_palette_shade (ink, 1.6);

            acies_palette_set_source (cr, &wall, FALSE);
          }
        cairo_fill_preserve (cr);
        acies_palette_set_source (cr, ink, monochrome);
        cairo_stroke (cr);
      }
      break;

    case ACIES_PATTERN_NONE:
    case ACIES_PATTERN_DOTS:
    case ACIES_PATTERN_MARSH:
    case ACIES_PATTERN_HATCH:
    case ACIES_PATTERN_WATER:
    case ACIES_PATTERN_CROSSHATCH:
    default:
      break;
    }

  cairo_restore (cr);
}
