/* acies-new-game-dialog.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "model/acies-scenario.h"
#include "acies-game-window.h"

G_BEGIN_DECLS

#define ACIES_TYPE_NEW_GAME_DIALOG (acies_new_game_dialog_get_type ())

G_DECLARE_FINAL_TYPE (AciesNewGameDialog, acies_new_game_dialog, ACIES, NEW_GAME_DIALOG, AdwWindow)

AciesNewGameDialog *acies_new_game_dialog_new             (GtkApplication     *application,
                                                           GtkWindow          *parent,
                                                           AciesScenario      *scenario);
void                acies_new_game_dialog_set_seed        (AciesNewGameDialog *self,
                                                           guint64             seed);
guint64             acies_new_game_dialog_get_seed        (AciesNewGameDialog *self);
gboolean            acies_new_game_dialog_get_seed_shown  (AciesNewGameDialog *self);
gboolean            acies_new_game_dialog_get_physical    (AciesNewGameDialog *self);
void                acies_new_game_dialog_set_physical    (AciesNewGameDialog *self,
                                                           gboolean            physical);
void                acies_new_game_dialog_set_player_name (AciesNewGameDialog *self,
                                                           guint               side,
                                                           const char         *name);
gboolean            acies_new_game_dialog_set_option      (AciesNewGameDialog *self,
                                                           const char         *id,
                                                           const char         *value);
JsonObject         *acies_new_game_dialog_get_options     (AciesNewGameDialog *self);
AciesGameWindow    *acies_new_game_dialog_start           (AciesNewGameDialog *self,
                                                           GError            **error);

G_END_DECLS
