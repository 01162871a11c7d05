/* acies-play-session.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "game/acies-game.h"

G_BEGIN_DECLS

/**
 * AciesPlaySessionMark:
 * @ACIES_PLAY_SESSION_MARK_NONE: nothing
 * @ACIES_PLAY_SESSION_MARK_GROUP: selected together with others (the
 *   state view's "group")
 * @ACIES_PLAY_SESSION_MARK_LEAD: the lead of its group (the state view's
 *   "lead")
 * @ACIES_PLAY_SESSION_MARK_SELECTED: the selected unit
 *
 * What the board marks on a counter besides its marker words; the same
 * bits as the board view's AciesPlayMark.
 */
typedef enum
{
  ACIES_PLAY_SESSION_MARK_NONE     = 0,
  ACIES_PLAY_SESSION_MARK_GROUP    = 1 << 0,
  ACIES_PLAY_SESSION_MARK_LEAD     = 1 << 1,
  ACIES_PLAY_SESSION_MARK_SELECTED = 1 << 2,
} AciesPlaySessionMark;

/**
 * AciesPlaySessionJump:
 * @ACIES_PLAY_SESSION_JUMP_UNITS: the viewer's own units on the board
 * @ACIES_PLAY_SESSION_JUMP_DESTINATIONS: the selected unit's legal
 *   destinations and targets (the set-up placements with none selected)
 *
 * What acies_play_session_next_cell() jumps between.
 */
typedef enum
{
  ACIES_PLAY_SESSION_JUMP_UNITS,
  ACIES_PLAY_SESSION_JUMP_DESTINATIONS,
} AciesPlaySessionJump;

#define ACIES_TYPE_PLAY_SESSION (acies_play_session_get_type ())

G_DECLARE_FINAL_TYPE (AciesPlaySession, acies_play_session, ACIES, PLAY_SESSION, GObject)

AciesPlaySession *acies_play_session_new                 (AciesGame          *game);
AciesGame        *acies_play_session_get_game            (AciesPlaySession   *self);

/* Who looks, and the hand-over curtain. */
gint              acies_play_session_get_viewer          (AciesPlaySession   *self);
gboolean          acies_play_session_get_curtain_shown   (AciesPlaySession   *self);
const char       *acies_play_session_get_curtain_text    (AciesPlaySession   *self);
const char       *acies_play_session_get_curtain_summary (AciesPlaySession   *self);
char             *acies_play_session_speakable           (const char         *text);
guint             acies_play_session_get_n_curtains      (AciesPlaySession   *self);
void              acies_play_session_reveal              (AciesPlaySession   *self);
const char       *acies_play_session_get_player_name     (AciesPlaySession   *self,
                                                          gint                side);
char             *acies_play_session_dup_player_label    (AciesPlaySession   *self,
                                                          gint                side);
char             *acies_play_session_dup_seat_label      (AciesPlaySession   *self,
                                                          gint                seat);
void              acies_play_session_set_player_names    (AciesPlaySession   *self,
                                                          const char * const *names);

/* The side panel's words. */
const char       *acies_play_session_get_turn_text       (AciesPlaySession   *self);
const char       *acies_play_session_get_phase_text      (AciesPlaySession   *self);
const char       *acies_play_session_get_side_text       (AciesPlaySession   *self);
const char       *acies_play_session_get_subtitle        (AciesPlaySession   *self);
const char       *acies_play_session_get_prompt_text     (AciesPlaySession   *self);
const char       *acies_play_session_get_state_text      (AciesPlaySession   *self);
GArray           *acies_play_session_get_lit_cells       (AciesPlaySession   *self,
                                                          const char        **label);
const char       *acies_play_session_get_end_text        (AciesPlaySession   *self);
const char       *acies_play_session_get_end_tooltip     (AciesPlaySession   *self);
const char       *acies_play_session_get_unit_text       (AciesPlaySession   *self);
const char       *acies_play_session_get_hint_text       (AciesPlaySession   *self);
const char       *acies_play_session_get_legend_text     (AciesPlaySession   *self);
const char       *acies_play_session_get_odds_title      (AciesPlaySession   *self);
const char       *acies_play_session_get_odds_text       (AciesPlaySession   *self);
gboolean          acies_play_session_get_finished        (AciesPlaySession   *self);
gboolean          acies_play_session_get_victory_shown   (AciesPlaySession   *self);
const char       *acies_play_session_get_victory_title   (AciesPlaySession   *self);
const char       *acies_play_session_get_victory_text    (AciesPlaySession   *self);
guint             acies_play_session_get_n_actions       (AciesPlaySession   *self);
gboolean          acies_play_session_get_can_undo        (AciesPlaySession   *self);
gboolean          acies_play_session_get_can_end_phase   (AciesPlaySession   *self);
gboolean          acies_play_session_get_can_commit      (AciesPlaySession   *self);
gboolean          acies_play_session_get_can_cancel      (AciesPlaySession   *self);
gboolean          acies_play_session_get_preview_action  (AciesPlaySession   *self,
                                                          AciesAction        *action);
AciesOdds        *acies_play_session_dup_preview_odds    (AciesPlaySession   *self);

/* The actions list and the log. */
GListModel       *acies_play_session_get_actions         (AciesPlaySession   *self);
GListModel       *acies_play_session_get_action_groups   (AciesPlaySession   *self);
GListModel       *acies_play_session_get_log             (AciesPlaySession   *self);
char             *acies_play_session_dup_log_text        (AciesPlaySession   *self);

/* Commands (the play.* actions of the game window). */
void              acies_play_session_choose              (AciesPlaySession   *self,
                                                          guint               index);
gboolean          acies_play_session_choose_key          (AciesPlaySession   *self,
                                                          guint               key);
gboolean          acies_play_session_apply_json          (AciesPlaySession   *self,
                                                          const char         *json,
                                                          GError            **error);
void              acies_play_session_commit              (AciesPlaySession   *self);
void              acies_play_session_cancel              (AciesPlaySession   *self);
void              acies_play_session_end_phase           (AciesPlaySession   *self);
void              acies_play_session_toggle_victory      (AciesPlaySession   *self);
gint              acies_play_session_get_take_back_consent (AciesPlaySession *self,
                                                          gboolean           *dice,
                                                          char              **question);
void              acies_play_session_take_back           (AciesPlaySession   *self,
                                                          gint                consent,
                                                          gboolean            dice);
void              acies_play_session_enter_roll          (AciesPlaySession   *self,
                                                          guint               value);
void              acies_play_session_cancel_roll         (AciesPlaySession   *self);

/* Gestures of several actions, and stable keys. */
guint             acies_play_session_place_rest          (AciesPlaySession   *self);
gboolean          acies_play_session_toggle_pick         (AciesPlaySession   *self,
                                                          gint                unit);
guint             acies_play_session_pick_units          (AciesPlaySession   *self,
                                                          const gint         *units,
                                                          guint               n_units);
const GArray     *acies_play_session_get_picks           (AciesPlaySession   *self);
gboolean          acies_play_session_choose_spec_key     (AciesPlaySession   *self,
                                                          const char         *letter);
GListModel       *acies_play_session_get_quick_actions   (AciesPlaySession   *self);

/* The board. */
gint              acies_play_session_get_selected_unit   (AciesPlaySession   *self);
gint              acies_play_session_get_selected_leader (AciesPlaySession   *self);
void              acies_play_session_activate_cell       (AciesPlaySession   *self,
                                                          AciesCell           cell);
void              acies_play_session_activate_unit       (AciesPlaySession   *self,
                                                          gint                unit);
gboolean          acies_play_session_unit_may_act        (AciesPlaySession   *self,
                                                          gint                unit);
void              acies_play_session_drag_unit           (AciesPlaySession   *self,
                                                          gint                unit,
                                                          AciesCell           cell);
AciesCell         acies_play_session_get_focus_cell      (AciesPlaySession   *self);
void              acies_play_session_set_focus_cell      (AciesPlaySession   *self,
                                                          AciesCell           cell);
AciesCell         acies_play_session_get_hover_cell      (AciesPlaySession   *self);
void              acies_play_session_set_hover_cell      (AciesPlaySession   *self,
                                                          AciesCell           cell);
GPtrArray        *acies_play_session_get_views           (AciesPlaySession   *self);
gint              acies_play_session_get_view_unit       (AciesPlaySession   *self,
                                                          guint               view);
gint              acies_play_session_get_view_of_unit    (AciesPlaySession   *self,
                                                          gint                unit);
gint              acies_play_session_get_view_at_cell    (AciesPlaySession   *self,
                                                          AciesCell           cell);
const char       *acies_play_session_get_view_markers    (AciesPlaySession   *self,
                                                          guint               view);
guint             acies_play_session_get_view_marks      (AciesPlaySession   *self,
                                                          guint               view);
GPtrArray        *acies_play_session_get_counter_leaders (AciesPlaySession   *self);
const GArray     *acies_play_session_get_destinations    (AciesPlaySession   *self);
const char       *acies_play_session_get_destination_cost (AciesPlaySession  *self,
                                                          AciesCell           cell);
const GArray     *acies_play_session_get_destination_path (AciesPlaySession  *self,
                                                          AciesCell           cell);
const GArray     *acies_play_session_get_targets         (AciesPlaySession   *self);
const GArray     *acies_play_session_get_path            (AciesPlaySession   *self);

/* Words about the game. */
char             *acies_play_session_describe_counter    (AciesPlaySession   *self,
                                                          gint                unit);
char             *acies_play_session_dup_view_tooltip    (AciesPlaySession   *self,
                                                          guint               view);
char             *acies_play_session_describe_scenario   (AciesPlaySession   *self);

/* The board in words, for a screen reader (acies-play-session-a11y.c). */
char             *acies_play_session_describe_cell       (AciesPlaySession   *self,
                                                          AciesCell           cell);
char             *acies_play_session_dup_selected_description (AciesPlaySession *self);
const char       *acies_play_session_get_done_words (AciesPlaySession *self);
AciesCell         acies_play_session_next_cell           (AciesPlaySession   *self,
                                                          AciesCell           from,
                                                          AciesPlaySessionJump what,
                                                          gboolean            backwards);

G_END_DECLS
