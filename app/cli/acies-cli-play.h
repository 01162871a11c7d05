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

G_END_DECLS
