/* acies-play-action.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ACIES_TYPE_PLAY_ACTION (acies_play_action_get_type ())

G_DECLARE_FINAL_TYPE (AciesPlayAction, acies_play_action, ACIES, PLAY_ACTION, GObject)

AciesPlayAction *acies_play_action_new       (guint            index,
                                              const char      *label,
                                              guint            group,
                                              const char      *details);
guint            acies_play_action_get_index (AciesPlayAction *self);
const char      *acies_play_action_get_label (AciesPlayAction *self);
const char      *acies_play_action_get_details (AciesPlayAction *self);
guint            acies_play_action_get_group (AciesPlayAction *self);
gint             acies_play_action_get_key   (AciesPlayAction *self);
void             acies_play_action_set_key   (AciesPlayAction *self,
                                              gint             key);

G_END_DECLS
