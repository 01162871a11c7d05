/* acies-game-window.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "game/acies-game.h"

#include "acies-play-session.h"

G_BEGIN_DECLS

#define ACIES_TYPE_GAME_WINDOW (acies_game_window_get_type ())

G_DECLARE_FINAL_TYPE (AciesGameWindow, acies_game_window, ACIES, GAME_WINDOW, AdwApplicationWindow)

AciesGameWindow  *acies_game_window_new               (GtkApplication     *application,
                                                       AciesGame          *game,
                                                       GFile              *file,
                                                       GFile              *autosave);
AciesPlaySession *acies_game_window_get_session       (AciesGameWindow    *self);
GFile            *acies_game_window_get_file          (AciesGameWindow    *self);
GFile            *acies_game_window_get_autosave_file (AciesGameWindow    *self);
gboolean          acies_game_window_save_to_file      (AciesGameWindow    *self,
                                                       GFile              *file);
void              acies_game_window_set_player_names  (AciesGameWindow    *self,
                                                       const char * const *names);
gboolean          acies_game_window_has_unsaved_moves (AciesGameWindow    *self);

G_END_DECLS
