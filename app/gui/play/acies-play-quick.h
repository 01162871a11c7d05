/* acies-play-quick.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ACIES_TYPE_PLAY_QUICK (acies_play_quick_get_type ())

G_DECLARE_FINAL_TYPE (AciesPlayQuick, acies_play_quick, ACIES, PLAY_QUICK, GObject)

AciesPlayQuick *acies_play_quick_new             (const char     *label,
                                                  const char     *accel,
                                                  const char     *tooltip,
                                                  const char     *action_name,
                                                  GVariant       *target);
const char     *acies_play_quick_get_label       (AciesPlayQuick *self);
const char     *acies_play_quick_get_accel       (AciesPlayQuick *self);
const char     *acies_play_quick_get_tooltip     (AciesPlayQuick *self);
const char     *acies_play_quick_get_action_name (AciesPlayQuick *self);
GVariant       *acies_play_quick_get_target      (AciesPlayQuick *self);
gboolean        acies_play_quick_equal           (AciesPlayQuick *a,
                                                  AciesPlayQuick *b);

G_END_DECLS
