/* acies-game-window.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "game/acies-game.h"

G_BEGIN_DECLS

#define ACIES_TYPE_GAME_WINDOW (acies_game_window_get_type ())

G_DECLARE_FINAL_TYPE (AciesGameWindow, acies_game_window, ACIES, GAME_WINDOW, AdwApplicationWindow)

AciesGameWindow *acies_game_window_new               (GtkApplication     *application,
                                                      AciesGame          *game,
                                                      GFile              *file,
                                                      GFile              *autosave);
AciesGame       *acies_game_window_get_game          (AciesGameWindow    *self);
GFile           *acies_game_window_get_file          (AciesGameWindow    *self);
GFile           *acies_game_window_get_autosave_file (AciesGameWindow    *self);
gboolean         acies_game_window_save_to_file      (AciesGameWindow    *self,
                                                      GFile              *file);
void             acies_game_window_set_player_names  (AciesGameWindow    *self,
                                                      const char * const *names);
const char      *acies_game_window_get_player_name   (AciesGameWindow    *self,
                                                      gint                side);
GListModel      *acies_game_window_get_actions       (AciesGameWindow    *self);
GListModel      *acies_game_window_get_action_groups (AciesGameWindow    *self);
gint             acies_game_window_get_action_group  (AciesGameWindow    *self,
                                                      guint               index);
gboolean         acies_game_window_get_action_group_open (AciesGameWindow *self,
                                                      guint               group);
gint             acies_game_window_get_key_action    (AciesGameWindow    *self,
                                                      guint               key);
GListModel      *acies_game_window_get_log           (AciesGameWindow    *self);
const char      *acies_game_window_get_turn_text     (AciesGameWindow    *self);
const char      *acies_game_window_get_side_text     (AciesGameWindow    *self);
const char      *acies_game_window_get_phase_text    (AciesGameWindow    *self);
gboolean         acies_game_window_has_unsaved_moves (AciesGameWindow    *self);
const char      *acies_game_window_get_prompt_text   (AciesGameWindow    *self);
const char      *acies_game_window_get_odds_text     (AciesGameWindow    *self);
gboolean         acies_game_window_get_curtain_shown (AciesGameWindow    *self);
const char      *acies_game_window_get_curtain_text  (AciesGameWindow    *self);
guint            acies_game_window_get_n_curtains    (AciesGameWindow    *self);
gint             acies_game_window_get_viewer        (AciesGameWindow    *self);
gint             acies_game_window_get_selected_unit (AciesGameWindow    *self);
gboolean         acies_game_window_get_victory_shown (AciesGameWindow    *self);
AdwMessageDialog *acies_game_window_get_dialog       (AciesGameWindow    *self);
void             acies_game_window_activate_cell     (AciesGameWindow    *self,
                                                      AciesCell           cell);
char            *acies_game_window_get_log_text      (AciesGameWindow    *self);
const char      *acies_game_window_get_destination_cost (AciesGameWindow *self,
                                                      AciesCell           cell);
const GArray    *acies_game_window_get_destination_path (AciesGameWindow *self,
                                                      AciesCell           cell);
const char      *acies_game_window_get_state_text    (AciesGameWindow    *self);
GtkWidget       *acies_game_window_get_board         (AciesGameWindow    *self);
const char      *acies_game_window_get_hint_text     (AciesGameWindow    *self);
char            *acies_game_window_get_scenario_text (AciesGameWindow    *self);
GtkWindow       *acies_game_window_get_scenario_window (AciesGameWindow  *self);
char            *acies_game_window_describe_counter  (AciesGameWindow    *self,
                                                      gint                unit);
void             acies_game_window_drag_unit         (AciesGameWindow    *self,
                                                      gint                unit,
                                                      AciesCell           cell);

G_END_DECLS
