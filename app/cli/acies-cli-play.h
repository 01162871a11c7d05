/* acies-cli-play.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-cli-private.h"

G_BEGIN_DECLS

int      acies_cli_play       (const AciesCliCommandInfo *info,
                               int                        argc,
                               char                     **argv);
gboolean acies_cli_play_bench (guint                      n_games,
                               double                    *games_per_second,
                               GError                   **error);

gboolean acies_cli_play_bench_report (void);
gboolean acies_cli_play_bench_file   (GFile                     *file,
                                      guint                      n_games,
                                      guint                      max_turns,
                                      double                    *cpu_rate,
                                      double                    *wall_rate,
                                      guint                     *decided,
                                      GError                   **error);

G_END_DECLS
