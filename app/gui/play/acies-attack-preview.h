/* acies-attack-preview.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-play-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_ATTACK_PREVIEW (acies_attack_preview_get_type ())

G_DECLARE_FINAL_TYPE (AciesAttackPreview, acies_attack_preview, ACIES, ATTACK_PREVIEW, AciesPlayPanel)

G_END_DECLS
