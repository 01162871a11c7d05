/* test-contrast.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The board's contrast measured on the drawing itself (issue 19.2): every
 * rule system's bundled boards drawn by the render layer in the light,
 * dark and high-contrast styles, and the WCAG 2 contrast ratios computed
 * from the pixels:
 *
 *   - labels (cell labels and area names): each label is what the
 *     drawing with labels has that the drawing without has (a connected
 *     group of differing pixels); its ink is its darkest pixel, what it
 *     sits on the lighter of its own halo (the 90th percentile of its
 *     pixels) and the board under it (the median of the drawing without
 *     labels there);
 *   - area outlines: what the drawing without labels has that the drawing
 *     without labels and areas has, in blocks of 12 × 12 pixels along the
 *     outline (pixels changed by half the most changed one around or
 *     more, not the area's faint tint); a block's ratio is the best such
 *     pixel within half a block against the board under it (the line
 *     where the block crosses it), or the line's darkest against its
 *     lightest there (a line on a casing, as a label on its halo);
 *   - the map's frame: along lines across each side of the image, the
 *     first 2 pixels that are not the surround, against the surround.
 *
 * The high-contrast style must give 4.5:1 or better (WCAG 1.4.3) for all
 * three, every style 4.5:1 for the frame.  Run with --verbose for the
 * table; ACIES_CONTRAST_PNG=DIR writes the drawings. */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/acies-scenario-io.h"
#include "acies-test-render.h"

#define CW 1920
#define CH 1200
#define BLOCK 12
/* WCAG 1.4.3: text (and here the outlines and frame that carry meaning). */
#define MIN_RATIO 4.5
/* An outline's pixel changes more than this (the sum of the channels):
 * more than an area's tint (a tenth of its colour) can, even on a black
 * grid line. */
#define LINE_DIFFERENCE 80

typedef struct
{
  const char *name;
  gboolean    dark;
  gboolean    high_contrast;
} Style;

static const Style styles[] = {
  { "light", FALSE, FALSE },
  { "dark", TRUE, FALSE },
  { "high-contrast", FALSE, TRUE },
  { "high-contrast-dark", TRUE, TRUE },
};

/* One board of each rule system and each board kind: Grass Crown's
 * squares with set-up zones, Lost Battles' zones, the hex boards (flat-
 * and pointy-topped). */
static const char * const boards[] = {
  "grass-crown/heraclea.acies",
  "lost-battles/cannae.acies",
  "four-battles/cannae.acies",
  "cca/zela.acies",
  "simple-gboh/issus.acies",
};

typedef struct
{
  double labels;     /* the lowest label's ratio, or 0 when none */
  double outlines;   /* the lowest outline block's, or 0 when none */
  double frame;      /* the frame's, the 10th percentile of its samples */
  guint  n_labels;
  guint  n_blocks;
} Ratios;

static double
channel (int v)
{
  double c = v / 255.0;

  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

/* WCAG 2 relative luminance of a pixel. */
static double
pixel_luminance (const guint32 *px)
{
  return 0.2126 * channel ((*px >> 16) & 0xff) + 0.7152 * channel ((*px >> 8) & 0xff)
         + 0.0722 * channel (*px & 0xff);
}

static double
ratio (double la,
       double lb)
{
  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

static const guint32 *
pixel_at (cairo_surface_t *s,
          int              x,
          int              y)
{
  return (const guint32 *) (cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s)) + x;
}

/* The sum of the channels' differences. */
static int
difference (const guint32 *a,
            const guint32 *b)
{
  int d = 0;

  for (int shift = 0; shift < 24; shift += 8)
    d += abs ((int) ((*a >> shift) & 0xff) - (int) ((*b >> shift) & 0xff));
  return d;
}

static gboolean
differs (const guint32 *a,
         const guint32 *b)
{
  return difference (a, b) > 30;
}

static cairo_surface_t *
draw (const AciesScenario      *scenario,
      const AciesCatalogue     *catalogue,
      const AciesRenderOptions *options,
      const char               *png)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, CW, CH);
  cairo_t *cr = cairo_create (surface);
  const char *dir = g_getenv ("ACIES_CONTRAST_PNG");

  acies_render_board (cr, scenario, catalogue, CW, CH, options);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (dir != NULL && png != NULL)
    {
      g_autofree char *path = g_build_filename (dir, png, NULL);

      g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
    }
  return surface;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *values,
            double  p)
{
  g_array_sort (values, compare_double);
  return g_array_index (values, double, (guint) MIN (values->len - 1, floor (p * values->len)));
}

/* The labels: the groups of pixels where @with and @without differ (8
 * neighbours, gaps of a pixel bridged so that a word is one group). */
static void
measure_labels (cairo_surface_t *with,
                cairo_surface_t *without,
                Ratios          *r)
{
  g_autofree guint8 *mask = g_new0 (guint8, CW * CH);
  g_autofree guint8 *seen = g_new0 (guint8, CW * CH);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) above = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) under = g_array_new (FALSE, FALSE, sizeof (double));

  for (int y = 0; y < CH; y++)
    for (int x = 0; x < CW; x++)
      mask[y * CW + x] = differs (pixel_at (with, x, y), pixel_at (without, x, y));

  r->labels = 0;
  r->n_labels = 0;
  for (guint start = 0; start < CW * CH; start++)
    {
      double ink = G_MAXDOUBLE, bg, value;

      if (!mask[start] || seen[start])
        continue;
      g_array_set_size (above, 0);
      g_array_set_size (under, 0);
      seen[start] = 1;
      g_array_append_val (stack, start);
      while (stack->len > 0)
        {
          guint i = g_array_index (stack, guint, stack->len - 1);
          int x = i % CW, y = i / CW;
          double la = pixel_luminance (pixel_at (with, x, y));
          double lb = pixel_luminance (pixel_at (without, x, y));

          g_array_set_size (stack, stack->len - 1);
          ink = MIN (ink, la);
          g_array_append_val (above, la);
          g_array_append_val (under, lb);
          for (int dy = -2; dy <= 2; dy++)
            for (int dx = -2; dx <= 2; dx++)
              {
                int nx = x + dx, ny = y + dy;
                guint j;

                if (nx < 0 || ny < 0 || nx >= CW || ny >= CH)
                  continue;
                j = ny * CW + nx;
                if (mask[j] && !seen[j])
                  {
                    seen[j] = 1;
                    g_array_append_val (stack, j);
                  }
              }
        }
      /* Specks (a glyph's antialiasing against a counter's edge) are not
       * labels. */
      if (above->len < 12)
        continue;
      bg = MAX (percentile (above, 0.9), percentile (under, 0.5));
      value = ratio (ink, bg);
      if (g_getenv ("ACIES_CONTRAST_DEBUG") && value < MIN_RATIO)
        g_test_message ("label at %u,%u: %.1f:1 (%u px)", start % CW, start / CW, value, above->len);
      r->labels = r->n_labels == 0 ? value : MIN (r->labels, value);
      r->n_labels++;
    }
}

/* The area outlines, block by block. */
static void
measure_outlines (cairo_surface_t *with,
                  cairo_surface_t *without,
                  Ratios          *r)
{
  r->outlines = 0;
  r->n_blocks = 0;
  for (int by = 0; by + BLOCK <= CH; by += BLOCK)
    for (int bx = 0; bx + BLOCK <= CW; bx += BLOCK)
      {
        guint n = 0;
        double best = 1, lo = 1, hi = 0;
        int dmax = 0;

        /* The area's tint (a tenth of its colour) is not its outline:
         * the line is the pixels that changed at least half as much as
         * the most changed one around the block; the block's ratio, the
         * best of the line's pixels within half a block of it (a block
         * that grazes a casing's edge is judged by the line it cases). */
        for (int y = MAX (by - BLOCK / 2, 0); y < MIN (by + BLOCK + BLOCK / 2, CH); y++)
          for (int x = MAX (bx - BLOCK / 2, 0); x < MIN (bx + BLOCK + BLOCK / 2, CW); x++)
            dmax = MAX (dmax, difference (pixel_at (with, x, y), pixel_at (without, x, y)));
        for (int y = MAX (by - BLOCK / 2, 0); y < MIN (by + BLOCK + BLOCK / 2, CH); y++)
          for (int x = MAX (bx - BLOCK / 2, 0); x < MIN (bx + BLOCK + BLOCK / 2, CW); x++)
            {
              const guint32 *a = pixel_at (with, x, y), *b = pixel_at (without, x, y);

              if (difference (a, b) < MAX (LINE_DIFFERENCE, dmax / 2))
                continue;
              if (x >= bx && x < bx + BLOCK && y >= by && y < by + BLOCK)
                n++;
              best = MAX (best, ratio (pixel_luminance (a), pixel_luminance (b)));
              lo = MIN (lo, pixel_luminance (a));
              hi = MAX (hi, pixel_luminance (a));
            }
        /* Or the line against its own casing. */
        if (hi >= lo)
          best = MAX (best, ratio (lo, hi));
        /* A block the line crosses (not one it grazes with a corner). */
        if (n < BLOCK)
          continue;
        if (g_getenv ("ACIES_CONTRAST_DEBUG") && best < MIN_RATIO)
          g_test_message ("outline block at %d,%d: %.1f:1", bx, by, best);
        r->outlines = r->n_blocks == 0 ? best : MIN (r->outlines, best);
        r->n_blocks++;
      }
}

/* The frame: from each edge of the image inwards, along 15 lines through
 * the board, the more contrasting of the first 2 pixels that differ from
 * the surround (the frame is 3 pixels wide or more, half of it outside
 * the cells).  The frame's ratio is the 10th percentile of the 60 lines:
 * a line that meets the frame at a hexagon's corner, where it turns, has
 * only its antialiased edge to show. */
static void
measure_frame (cairo_surface_t *s,
               Ratios          *r)
{
  double surround = pixel_luminance (pixel_at (s, 0, 0));
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint side = 0; side < 4; side++)
    for (guint k = 1; k < 16; k++)
      {
        double best = 1;
        gboolean found = FALSE;

        for (int t = 0; t < MAX (CW, CH) / 2 && !found; t++)
          {
            int x, y;

            if (side < 2)
              {
                y = CH * k / 16;
                x = side == 0 ? t : CW - 1 - t;
              }
            else
              {
                x = CW * k / 16;
                y = side == 2 ? t : CH - 1 - t;
              }
            if (!differs (pixel_at (s, x, y), pixel_at (s, 0, 0)))
              continue;
            found = TRUE;
            for (int u = 0; u < 2; u++)
              {
                int px = side == 0 ? x + u : side == 1 ? x - u : x;
                int py = side == 2 ? y + u : side == 3 ? y - u : y;

                best = MAX (best, ratio (surround, pixel_luminance (pixel_at (s, px, py))));
              }
          }
        if (found && g_getenv ("ACIES_CONTRAST_DEBUG") && best < MIN_RATIO)
          g_test_message ("frame from side %u, line %u: %.1f:1", side, k, best);
        if (found)
          g_array_append_val (values, best);
      }
  r->frame = values->len > 0 ? percentile (values, 0.1) : 0;
}

static void
measure (const char  *file,
         const Style *style,
         Ratios      *r)
{
  g_autofree char *path = g_build_filename (g_getenv ("ACIES_SOURCE_DIR") ? g_getenv ("ACIES_SOURCE_DIR")
                                                                           : ACIES_SOURCE_DIR,
                                            "data", "scenarios", file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (path, &error);
  const AciesCatalogue *catalogue;
  AciesRenderOptions options;
  cairo_surface_t *full, *no_labels, *no_areas;
  GPtrArray *areas;
  g_autofree char *stem = NULL;
  g_autofree char *png = NULL;

  g_assert_no_error (error);
  catalogue = acies_catalogue_get_bundled (scenario->ruleset);
  stem = g_strdelimit (g_strndup (file, strlen (file) - strlen (".acies")), "/", '-');
  png = g_strdup_printf ("%s-%s.png", stem, style->name);

  acies_render_options_init (&options);
  options.no_cache = TRUE;
  options.dark = style->dark;
  options.high_contrast = style->high_contrast;
  full = draw (scenario, catalogue, &options, png);
  options.show_labels = FALSE;
  no_labels = draw (scenario, catalogue, &options, g_getenv ("ACIES_CONTRAST_DEBUG") ? "no-labels.png" : NULL);
  areas = scenario->areas;
  scenario->areas = NULL;
  no_areas = draw (scenario, catalogue, &options, g_getenv ("ACIES_CONTRAST_DEBUG") ? "no-areas.png" : NULL);
  scenario->areas = areas;

  measure_labels (full, no_labels, r);
  measure_outlines (no_labels, no_areas, r);
  measure_frame (full, r);
  cairo_surface_destroy (full);
  cairo_surface_destroy (no_labels);
  cairo_surface_destroy (no_areas);
}

static void
test_board (gconstpointer data)
{
  const char *file = data;

  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      Ratios r;

      measure (file, &styles[i], &r);
      g_test_message ("%-28s %-19s labels %5.1f:1 (%3u)  outlines %5.1f:1 (%4u blocks)  frame %5.1f:1",
                      file, styles[i].name, r.labels, r.n_labels, r.outlines, r.n_blocks, r.frame);
      if (r.frame < MIN_RATIO)
        g_test_fail_printf ("%s, %s: the frame at %.1f:1", file, styles[i].name, r.frame);
      if (!styles[i].high_contrast)
        continue;
      if (r.n_labels == 0)
        g_test_fail_printf ("%s, %s: no label found", file, styles[i].name);
      else if (r.labels < MIN_RATIO)
        g_test_fail_printf ("%s, %s: a label at %.1f:1", file, styles[i].name, r.labels);
      if (r.n_blocks > 0 && r.outlines < MIN_RATIO)
        g_test_fail_printf ("%s, %s: an area outline at %.1f:1", file, styles[i].name, r.outlines);
    }
}

/* Two sides in the same colour, one counter each, alike but for their
 * side: in the high-contrast style their counters differ (the sides'
 * border patterns: colour alone does not tell them apart, WCAG 1.4.1);
 * in the normal style they are the same picture. */
static void
test_side_patterns (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (6, 4);
  g_autoptr(AciesScenario) scenario = acies_scenario_new ("grass-crown", board, "clear");
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");
  guint differ[2];

  for (guint i = 0; i < 2; i++)
    {
      AciesSide *side = acies_side_new (i == 0 ? "a" : "b", i == 0 ? "A" : "B");
      AciesUnit *unit = acies_unit_new (i == 0 ? "u1" : "u2", side->id, "L");

      side->colour = g_strdup ("#c01c28");
      g_ptr_array_add (scenario->sides, side);
      unit->name = g_strdup ("Hastati");
      unit->cell = acies_board_cell_at (board, 1 + 3 * i, 2);
      g_ptr_array_add (scenario->units, unit);
    }

  for (guint hc = 0; hc < 2; hc++)
    {
      AciesRenderOptions options;
      cairo_surface_t *surface;
      double x[2], y[2];

      acies_render_options_init (&options);
      options.no_cache = TRUE;
      options.show_labels = FALSE;
      options.high_contrast = hc;
      surface = draw (scenario, catalogue, &options, NULL);
      for (guint i = 0; i < 2; i++)
        g_assert_true (acies_render_cell_center (scenario, CW, CH, &options,
                                                 acies_board_cell_at (board, 1 + 3 * i, 2), &x[i], &y[i]));
      differ[hc] = 0;
      /* The counters are 220 pixels wide here, the cells 290. */
      for (int dy = -140; dy <= 140; dy++)
        for (int dx = -140; dx <= 140; dx++)
          differ[hc] += differs (pixel_at (surface, (int) x[0] + dx, (int) y[0] + dy),
                                 pixel_at (surface, (int) x[1] + dx, (int) y[1] + dy));
      cairo_surface_destroy (surface);
    }
  g_test_message ("pixels that differ between the two sides' counters: normal %u, high contrast %u",
                  differ[0], differ[1]);
  g_assert_cmpuint (differ[0], <, 20);
  g_assert_cmpuint (differ[1], >, 200);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      g_autofree char *name = g_strdup_printf ("/acies/render/contrast/19.2/%.*s",
                                               (int) (strlen (boards[i]) - strlen (".acies")), boards[i]);

      g_test_add_data_func (name, boards[i], test_board);
    }
  g_test_add_func ("/acies/render/contrast/19.2/side-patterns", test_side_patterns);
  return g_test_run ();
}
