/* acies-quick-bar.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-play-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_QUICK_BAR (acies_quick_bar_get_type ())

G_DECLARE_FINAL_TYPE (AciesQuickBar, acies_quick_bar, ACIES, QUICK_BAR, AciesPlayPanel)

G_END_DECLS
