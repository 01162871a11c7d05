/* acies-victory-page.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-play-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_VICTORY_PAGE (acies_victory_page_get_type ())

G_DECLARE_FINAL_TYPE (AciesVictoryPage, acies_victory_page, ACIES, VICTORY_PAGE, AciesPlayPanel)

G_END_DECLS
