/* acies-play-group.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ACIES_TYPE_PLAY_GROUP (acies_play_group_get_type ())

G_DECLARE_FINAL_TYPE (AciesPlayGroup, acies_play_group, ACIES, PLAY_GROUP, GObject)

AciesPlayGroup *acies_play_group_new          (const char     *id,
                                               const char     *title,
                                               const char     *subtitle,
                                               gboolean        expanded);
const char     *acies_play_group_get_id       (AciesPlayGroup *self);
const char     *acies_play_group_get_title    (AciesPlayGroup *self);
const char     *acies_play_group_get_subtitle (AciesPlayGroup *self);
GListModel     *acies_play_group_get_actions  (AciesPlayGroup *self);
gboolean        acies_play_group_get_expanded (AciesPlayGroup *self);
void            acies_play_group_set_expanded (AciesPlayGroup *self,
                                               gboolean        expanded);

G_END_DECLS
