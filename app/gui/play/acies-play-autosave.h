/* acies-play-autosave.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GFile     *acies_play_autosave_dir      (void);
GFile     *acies_play_autosave_new_file (void);
GPtrArray *acies_play_autosave_list     (void);

G_END_DECLS
