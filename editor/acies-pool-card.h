/* acies-pool-card.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-editor-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_POOL_CARD (acies_pool_card_get_type ())

G_DECLARE_FINAL_TYPE (AciesPoolCard, acies_pool_card, ACIES, POOL_CARD, AciesEditorPanel)

GtkWidget *acies_pool_card_new (AciesEditorDocument *document,
                                const char          *pool_id);

G_END_DECLS
