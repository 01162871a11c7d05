/* acies-status-block.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-play-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_STATUS_BLOCK (acies_status_block_get_type ())

G_DECLARE_FINAL_TYPE (AciesStatusBlock, acies_status_block, ACIES, STATUS_BLOCK, AciesPlayPanel)

G_END_DECLS
