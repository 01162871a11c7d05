/* acies-test-render.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "acies-test-render.h"

/* The board drawn into a new W × H image. */
cairo_surface_t *
acies_test_render (const AciesScenario      *scenario,
                   const AciesCatalogue     *catalogue,
                   const AciesRenderOptions *options)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);

  acies_render_board (cr, scenario, catalogue, W, H, options);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

void
acies_test_pixel (cairo_surface_t *surface,
                  int              x,
                  int              y,
                  int             *r,
                  int             *g,
                  int             *b)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 v;

  g_assert_true (x >= 0 && y >= 0 && x < cairo_image_surface_get_width (surface)
                 && y < cairo_image_surface_get_height (surface));
  v = *(const guint32 *) (data + y * stride + x * 4);
  *r = (v >> 16) & 0xff;
  *g = (v >> 8) & 0xff;
  *b = v & 0xff;
}

gboolean
acies_test_near_colour (int              r,
                        int              g,
                        int              b,
                        const AciesRgba *c,
                        int              tolerance)
{
  return abs (r - (int) lround (c->r * 255)) <= tolerance
         && abs (g - (int) lround (c->g * 255)) <= tolerance
         && abs (b - (int) lround (c->b * 255)) <= tolerance;
}
