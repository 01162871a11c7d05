/* acies-test-render.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the render tests share: drawing a board into an image of W × H and
 * reading its pixels.
 */

#pragma once

#include <cairo.h>

#include "render/acies-palette.h"
#include "render/acies-render.h"

G_BEGIN_DECLS

#define W 960
#define H 600

cairo_surface_t *acies_test_render       (const AciesScenario      *scenario,
                                          const AciesCatalogue     *catalogue,
                                          const AciesRenderOptions *options);
void             acies_test_pixel        (cairo_surface_t          *surface,
                                          int                       x,
                                          int                       y,
                                          int                      *r,
                                          int                      *g,
                                          int                      *b);
gboolean         acies_test_near_colour  (int                       r,
                                          int                       g,
                                          int                       b,
                                          const AciesRgba          *colour,
                                          int                       tolerance);

G_END_DECLS
