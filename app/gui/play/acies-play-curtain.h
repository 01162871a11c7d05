/* acies-play-curtain.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-play-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_PLAY_CURTAIN (acies_play_curtain_get_type ())

G_DECLARE_FINAL_TYPE (AciesPlayCurtain, acies_play_curtain, ACIES, PLAY_CURTAIN, AciesPlayPanel)

G_END_DECLS
