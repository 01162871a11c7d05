/* acies-action-list.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-play-panel.h"

G_BEGIN_DECLS

#define ACIES_TYPE_ACTION_LIST (acies_action_list_get_type ())

G_DECLARE_FINAL_TYPE (AciesActionList, acies_action_list, ACIES, ACTION_LIST, AciesPlayPanel)

gboolean acies_action_list_get_keyed_bottom (AciesActionList *self,
                                             guint            n_keys,
                                             GtkWidget       *target,
                                             double          *bottom);

G_END_DECLS
