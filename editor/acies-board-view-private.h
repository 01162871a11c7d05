/* acies-board-view-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-board-view.h"

G_BEGIN_DECLS

/* For tests: how many times the board was rendered by a snapshot. */
guint acies_board_view_get_draw_count (AciesBoardView *self);

G_END_DECLS
