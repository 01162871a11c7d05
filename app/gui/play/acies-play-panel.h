/* acies-play-panel.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "acies-play-session.h"

G_BEGIN_DECLS

#define ACIES_TYPE_PLAY_PANEL (acies_play_panel_get_type ())

G_DECLARE_DERIVABLE_TYPE (AciesPlayPanel, acies_play_panel, ACIES, PLAY_PANEL, AdwBin)

struct _AciesPlayPanelClass
{
  AdwBinClass parent_class;

  /* The session changed (or went: NULL); the bindings and signals of
   * acies_play_panel_get_bindings() and _get_signals() follow it by
   * themselves. */
  void (*session_changed) (AciesPlayPanel   *self,
                           AciesPlaySession *session);

  /*< private >*/
  gpointer padding[4];
};

AciesPlaySession *acies_play_panel_get_session  (AciesPlayPanel   *self);
void              acies_play_panel_set_session  (AciesPlayPanel   *self,
                                                 AciesPlaySession *session);
GBindingGroup    *acies_play_panel_get_bindings (AciesPlayPanel   *self);
GSignalGroup     *acies_play_panel_get_signals  (AciesPlayPanel   *self);

G_END_DECLS
