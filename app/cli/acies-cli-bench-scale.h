/* acies-cli-bench-scale.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <json-glib/json-glib.h>

#include "model/acies-scenario.h"
#include "render/acies-render.h"

G_BEGIN_DECLS

/* acies-cli bench at scale (acies-cli-bench-scale.c, issue 21.6). */
typedef struct _AciesCliScale AciesCliScale;

AciesScenario *acies_cli_bench_scale_scenario    (guint          width,
                                                  guint          height,
                                                  guint          n_units);
void           acies_cli_bench_warm_up           (void);
void           acies_cli_bench_scale_set_cpu_clock (gboolean     cpu);
gboolean       acies_cli_bench_scale_parse       (const char    *sizes,
                                                  const char    *units,
                                                  GArray       **size_list,
                                                  GArray       **unit_list);
AciesCliScale *acies_cli_bench_scale_run         (GArray        *size_list,
                                                  GArray        *unit_list,
                                                  int            image_w,
                                                  int            image_h,
                                                  int            runs,
                                                  gboolean       table,
                                                  gboolean      *ok);
gboolean       acies_cli_bench_scale_print_goals (AciesCliScale *scale);
void           acies_cli_bench_scale_add_json    (AciesCliScale *scale,
                                                  JsonBuilder   *builder);
void           acies_cli_bench_scale_print_json  (AciesCliScale *scale,
                                                  int            width,
                                                  int            height);
void           acies_cli_scale_free              (AciesCliScale *scale);
AciesScenario *acies_cli_bench_load_and_validate (GFile         *file,
                                                  GError       **error);
gint64         acies_cli_bench_draw_once         (cairo_surface_t          *surface,
                                                  const AciesScenario      *scenario,
                                                  const AciesCatalogue     *catalogue,
                                                  int                       width,
                                                  int                       height,
                                                  const AciesRenderOptions *options);
gboolean       acies_cli_bench_scale_write       (const char    *dir,
                                                  GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesCliScale, acies_cli_scale_free)

G_END_DECLS
