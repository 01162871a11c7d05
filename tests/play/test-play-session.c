/* test-play-session.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-play"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "acies-play-action.h"
#include "acies-play-group.h"
#include "acies-play-quick.h"
#include "acies-test-ruleset.h"

#include "acies-play-test.h"

/* AciesPlaySession without a window or a display: the play mode's view
 * model driven as the game window's actions drive it. */

static char *
digest_of (AciesPlaySession *session)
{
  return acies_game_digest (acies_play_session_get_game (session));
}

/* A test-race game of Alice (Red) and Bob (Blue). */
static AciesPlaySession *
new_race (AciesScenario *scenario,
          guint64        seed)
{
  const char * const names[] = { "Alice", "Bob", NULL };
  g_autoptr(AciesGame) game = acies_play_test_new_game (scenario, seed);
  AciesPlaySession *session = acies_play_session_new (game);

  acies_play_session_set_player_names (session, names);
  return session;
}

static void
choose_prefix (AciesPlaySession *session,
               const char       *prefix)
{
  gint index = acies_play_test_find_shown (session, prefix);

  g_assert_cmpint (index, >=, 0);
  acies_play_test_check_rules_cited_once (session);
  acies_play_session_choose (session, index);
}

/* test-race: a move, an attack with its preview, the defender's prompt
 * answered, the curtain between the players, take-backs with and without
 * the other player's consent, the log and its notes. */
static void
test_race_opening (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  g_autoptr(AciesPlaySession) session = new_race (scenario, 42);
  AciesGame *game = acies_play_session_get_game (session);
  g_autofree char *digest0 = NULL;
  g_autofree char *digest1 = NULL;
  g_autofree char *digest2 = NULL;
  g_autofree char *digest3 = NULL;
  g_autofree char *question = NULL;
  g_autofree char *log_text = NULL;
  AciesCell target;
  gboolean dice;
  gint consent;

  /* Morale is hidden from the other side: the curtain hands the screen
   * to the first player, and shows nothing of the game. */
  g_assert_true (acies_play_session_get_curtain_shown (session));
  g_assert_cmpstr (acies_play_session_get_curtain_text (session), ==, "Pass to Alice (Red)");
  g_assert_cmpuint (acies_play_session_get_n_curtains (session), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (acies_play_session_get_actions (session)), ==, 0);
  g_assert_cmpuint (acies_play_session_get_views (session)->len, ==, 0);
  g_assert_null (acies_play_session_get_state_text (session));
  acies_play_session_reveal (session);
  g_assert_false (acies_play_session_get_curtain_shown (session));
  g_assert_cmpint (acies_play_session_get_viewer (session), ==, 0);
  g_assert_cmpuint (acies_play_session_get_views (session)->len, >, 0);

  /* The side panel: turn, whose decision, the actions allowed now. */
  g_assert_cmpstr (acies_play_session_get_turn_text (session), ==, "Turn 1");
  g_assert_cmpstr (acies_play_session_get_side_text (session), ==, "Alice (Red) to play");
  g_assert_cmpstr (acies_play_session_get_phase_text (session), ==, "Move");
  g_assert_cmpstr (acies_play_session_get_subtitle (session), ==, "Turn 1 · Move");
  g_assert_true (g_str_has_prefix (acies_play_session_get_prompt_text (session), "Alice (Red) to act"));
  g_assert_cmpint (acies_play_test_find_shown (session, "End turn"), >=, 0);
  g_assert_cmpint (acies_play_test_find_shown (session, "Move"), ==, -1);
  g_assert_true (acies_play_session_get_can_end_phase (session));
  g_assert_false (acies_play_session_get_can_undo (session));
  g_assert_false (acies_play_session_get_can_cancel (session));
  digest0 = digest_of (session);

  /* Select red-3 on the board: its moves are offered, under its name. */
  acies_play_session_activate_cell (session, acies_play_test_unit_cell (scenario, "red-3"));
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, 2);
  g_assert_true (acies_play_session_get_can_cancel (session));
  g_assert_cmpstr (acies_play_test_group_title (session, 0), ==, "Selected: red-3");
  /* The group names it: no "Selected: …" line above too. */
  g_assert_null (acies_play_session_get_unit_text (session));
  choose_prefix (session, "Move red-3");
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 1);
  g_assert_cmpuint (acies_play_session_get_n_actions (session), ==, 1);
  g_assert_true (acies_play_session_get_can_undo (session));
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, -1);
  g_assert_true (acies_play_test_log_contains (session, "red-3"));
  digest1 = digest_of (session);
  g_assert_cmpstr (digest1, !=, digest0);

  /* red-1 attacks blue-1 in front of it: the preview shows the odds and
   * what Commit leads to; the board's focus goes to the target, and a
   * click there (Return on the focus cell) commits. */
  acies_play_session_activate_cell (session, acies_play_test_unit_cell (scenario, "red-1"));
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, 0);
  choose_prefix (session, "Attack red-1 target blue-1");
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 1);
  g_assert_cmpstr (acies_play_session_get_odds_title (session), ==, "Attack Preview");
  g_assert_nonnull (strstr (acies_play_session_get_odds_text (session), "%"));
  g_assert_nonnull (strstr (acies_play_session_get_odds_text (session), "Commit declares the attack"));
  g_assert_true (acies_play_session_get_can_commit (session));
  target = acies_play_test_unit_cell (scenario, "blue-1");
  g_assert_cmpint (acies_play_session_get_focus_cell (session), ==, target);
  acies_play_session_activate_cell (session, acies_play_session_get_focus_cell (session));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 2);
  g_assert_null (acies_play_session_get_odds_text (session));
  digest2 = digest_of (session);

  /* The defender decides during the attacker's turn: the curtain passes
   * the screen to Bob, whose prompt names him. */
  g_assert_cmpint (acies_game_get_state (game)->active_side, ==, 0);
  g_assert_cmpint (acies_game_get_state (game)->deciding_side, ==, 1);
  g_assert_true (acies_play_session_get_curtain_shown (session));
  g_assert_cmpint (acies_play_session_get_viewer (session), ==, -1);
  g_assert_cmpstr (acies_play_session_get_curtain_text (session), ==, "Pass to Bob (Blue)");
  g_assert_cmpuint (acies_play_session_get_n_curtains (session), ==, 2);
  g_assert_false (acies_play_session_get_can_commit (session));
  acies_play_session_reveal (session);
  g_assert_cmpint (acies_play_session_get_viewer (session), ==, 1);
  g_assert_true (g_str_has_prefix (acies_play_session_get_prompt_text (session), "Bob (Blue) must decide"));
  g_assert_nonnull (strstr (acies_play_session_get_prompt_text (session), "TR 2.2"));
  g_assert_cmpuint (g_list_model_get_n_items (acies_play_session_get_actions (session)), ==, 2);
  choose_prefix (session, "Respond — choice: Stand");
  g_assert_nonnull (strstr (acies_play_session_get_odds_text (session), "%"));
  acies_play_session_commit (session);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 3);
  g_assert_true (acies_game_last_action_rolled (game));
  digest3 = digest_of (session);
  g_assert_cmpstr (digest3, !=, digest2);

  /* Taking back a roll needs the other player's consent; with it, the
   * game keeps a note, and the log shows it. */
  /* Alice decides now: the roll was Bob's, so Bob must agree, not the
   * player who asks. */
  g_assert_cmpint (acies_game_get_state (game)->deciding_side, ==, 0);
  consent = acies_play_session_get_take_back_consent (session, &dice, &question);
  g_assert_cmpint (consent, ==, 1);
  g_assert_true (dice);
  g_assert_nonnull (strstr (question, "undoes its dice"));
  g_assert_nonnull (strstr (question, "consent of Bob (Blue)"));
  acies_play_session_take_back (session, consent, dice);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 2);
  {
    g_autofree char *now = digest_of (session);

    g_assert_cmpstr (now, ==, digest2);
  }
  g_assert_true (acies_play_test_log_contains (session, "taken back with the consent of Bob (Blue)"));

  /* Bob decides now: taking back Alice's attack (no dice) is hers to
   * allow too. */
  g_clear_pointer (&question, g_free);
  consent = acies_play_session_get_take_back_consent (session, &dice, &question);
  g_assert_cmpint (consent, ==, 0);
  g_assert_false (dice);
  g_assert_nonnull (strstr (question, "was decided by Alice (Red)"));
  acies_play_session_take_back (session, consent, dice);
  {
    g_autofree char *now = digest_of (session);

    g_assert_cmpstr (now, ==, digest1);
  }
  g_assert_cmpuint (acies_game_get_n_notes (game), ==, 2);
  g_assert_nonnull (strstr (acies_game_get_note (game, 0), "consent of Bob (Blue)"));
  g_assert_nonnull (strstr (acies_game_get_note (game, 1), "was taken back with the consent of Alice (Red)"));

  /* Alice's own move is hers to take back freely. */
  if (acies_play_session_get_curtain_shown (session))
    acies_play_session_reveal (session);
  g_assert_cmpint (acies_play_session_get_take_back_consent (session, &dice, NULL), ==, -1);
  acies_play_session_take_back (session, -1, FALSE);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 0);
  g_assert_false (acies_play_session_get_can_undo (session));
  g_assert_cmpint (acies_play_session_get_take_back_consent (session, &dice, NULL), ==, -1);

  log_text = acies_play_session_dup_log_text (session);
  g_assert_true (g_str_has_prefix (log_text, "Test race\n"));
  g_assert_nonnull (strstr (log_text, "taken back"));
  /* The game's own record of a note is not what the log shows. */
  g_assert_null (strstr (log_text, "Action 2: "));
}

/* Properties notify only when their value changes; the list models
 * change only when their rows do. */

typedef struct
{
  GPtrArray *notified;  /* property names, in order */
  guint      actions_changed;
  guint      groups_changed;
  guint      log_changed;
  guint      paths;
} Changes;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Changes    *changes)
{
  g_ptr_array_add (changes->notified, (gpointer) g_param_spec_get_name (pspec));
}

static void
count_items_changed_cb (GListModel *model,
                        guint       position,
                        guint       removed,
                        guint       added,
                        guint      *count)
{
  (*count)++;
}

static void
count_signal_cb (AciesPlaySession *session,
                 guint            *count)
{
  (*count)++;
}

static gboolean
notified (Changes    *changes,
          const char *name)
{
  return g_ptr_array_find_with_equal_func (changes->notified, name, g_str_equal, NULL);
}

static void
forget (Changes *changes)
{
  g_ptr_array_set_size (changes->notified, 0);
  changes->actions_changed = changes->groups_changed = changes->log_changed = changes->paths = 0;
}

static void
test_race_notify (void)
{
  const char * const names[] = { "Alice", "Bob", NULL };
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  g_autoptr(AciesPlaySession) session = new_race (scenario, 42);
  g_autoptr(GPtrArray) notified_names = g_ptr_array_new ();
  Changes changes = { notified_names, 0, 0, 0, 0 };
  AciesCell empty;

  acies_play_session_reveal (session);
  g_signal_connect (session, "notify", G_CALLBACK (notify_cb), &changes);
  g_signal_connect (acies_play_session_get_actions (session), "items-changed",
                    G_CALLBACK (count_items_changed_cb), &changes.actions_changed);
  g_signal_connect (acies_play_session_get_action_groups (session), "items-changed",
                    G_CALLBACK (count_items_changed_cb), &changes.groups_changed);
  g_signal_connect (acies_play_session_get_log (session), "items-changed",
                    G_CALLBACK (count_items_changed_cb), &changes.log_changed);
  g_signal_connect (session, "path-changed", G_CALLBACK (count_signal_cb), &changes.paths);

  /* The same names again, a cancel with nothing to cancel: nothing
   * changes, so nothing notifies and no list is rebuilt. */
  acies_play_session_set_player_names (session, names);
  acies_play_session_cancel (session);
  g_assert_cmpuint (changes.notified->len, ==, 0);
  g_assert_cmpuint (changes.actions_changed, ==, 0);
  g_assert_cmpuint (changes.groups_changed, ==, 0);
  g_assert_cmpuint (changes.log_changed, ==, 0);

  /* The pointer over an empty square that is no destination: the hover
   * cell, and no path. */
  empty = acies_board_cell_at (scenario->map.board, 0, 5);
  g_assert_null (acies_play_session_get_destination_cost (session, empty));
  acies_play_session_set_hover_cell (session, empty);
  g_assert_cmpuint (changes.notified->len, ==, 1);
  g_assert_true (notified (&changes, "hover-cell"));
  g_assert_cmpuint (changes.paths, ==, 0);
  acies_play_session_set_hover_cell (session, empty);
  g_assert_cmpuint (changes.notified->len, ==, 1);
  forget (&changes);

  /* Selecting a unit: the selection, its group and what Cancel does
   * change, once each; the turn, the log and the curtain do not. */
  acies_play_session_activate_cell (session, acies_play_test_unit_cell (scenario, "red-3"));
  g_assert_true (notified (&changes, "selected-unit"));
  g_assert_true (notified (&changes, "can-cancel"));
  g_assert_false (notified (&changes, "turn-text"));
  g_assert_false (notified (&changes, "prompt-text"));
  g_assert_false (notified (&changes, "curtain-shown"));
  g_assert_false (notified (&changes, "n-actions"));
  for (guint i = 0; i < changes.notified->len; i++)
    for (guint j = i + 1; j < changes.notified->len; j++)
      g_assert_cmpstr (changes.notified->pdata[i], !=, changes.notified->pdata[j]);
  g_assert_cmpuint (changes.actions_changed, ==, 1);
  g_assert_cmpuint (changes.groups_changed, ==, 1);
  g_assert_cmpuint (changes.log_changed, ==, 0);
  forget (&changes);

  /* A move: the log and the count of actions change too. */
  choose_prefix (session, "Move red-3");
  g_assert_true (notified (&changes, "n-actions"));
  g_assert_true (notified (&changes, "can-undo"));
  g_assert_true (notified (&changes, "selected-unit"));
  g_assert_cmpuint (changes.log_changed, ==, 1);

  g_signal_handlers_disconnect_by_data (session, &changes);
  g_signal_handlers_disconnect_by_data (acies_play_session_get_actions (session), &changes.actions_changed);
  g_signal_handlers_disconnect_by_data (acies_play_session_get_action_groups (session), &changes.groups_changed);
  g_signal_handlers_disconnect_by_data (acies_play_session_get_log (session), &changes.log_changed);
}

/* TR 2: the selected unit's destinations and marks on the board, why a
 * square or a unit does nothing, a counter in words, a dragged counter,
 * and nothing of it behind the curtain. */
static void
test_race_board (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  g_autoptr(AciesPlaySession) session = new_race (scenario, 42);
  AciesGame *game = acies_play_session_get_game (session);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  AciesCell cell = acies_play_test_unit_cell (scenario, "red-3");
  AciesAction move = { 0, };
  gboolean found = FALSE;
  gint view;

  acies_play_session_reveal (session);
  acies_ruleset_legal_actions (acies_game_get_ruleset (game), acies_game_get_state (game), legal);
  for (guint i = 0; i < legal->len && !found; i++)
    {
      move = g_array_index (legal, AciesAction, i);
      found = move.type == TR_MOVE && move.args[0] == 2;
    }
  g_assert_true (found);

  /* Every legal action is in the list or behind a row that selects its
   * unit ("Select red-3 (3 actions)"). */
  acies_play_test_check_all_reachable (session);

  /* The selected unit: its counter marked, its destinations lit (test-race
   * gives no costs: ""), what it is in words. */
  acies_play_session_activate_cell (session, cell);
  view = acies_play_session_get_view_at_cell (session, cell);
  g_assert_cmpint (view, >=, 0);
  g_assert_cmpint (acies_play_session_get_view_unit (session, view), ==, 2);
  g_assert_cmpint (acies_play_session_get_view_of_unit (session, 2), ==, view);
  g_assert_true (acies_play_session_get_view_marks (session, view) & ACIES_PLAY_SESSION_MARK_SELECTED);
  g_assert_cmpstr (acies_play_session_get_destination_cost (session, move.args[1]), ==, "");
  g_assert_null (acies_play_session_get_destination_path (session, move.args[1]));
  g_assert_null (acies_play_session_get_destination_cost (session, cell));
  /* The legend says what is lit, for whom and by which rule; test-race
   * gives no costs, so it says nothing of numbers. */
  g_assert_cmpstr (acies_play_session_get_legend_text (session), ==, "Lit: where red-3 may go — Move (TR 2). Circled: what may be attacked — Attack (TR 2).");
  {
    g_autofree char *tip = acies_play_session_describe_counter (session, 2);
    g_autofree char *view_tip = acies_play_session_dup_view_tooltip (session, view);

    g_assert_nonnull (tip);
    g_assert_true (g_str_has_prefix (tip, "red-3"));
    g_assert_null (strstr (tip, "(red-3)"));
    g_assert_nonnull (strstr (tip, "Type: "));
    /* The owner sees its morale, the back of the counter. */
    g_assert_nonnull (strstr (tip, "Back — Morale: "));
    g_assert_cmpstr (view_tip, ==, tip);
  }

  /* A square red-3 cannot reach: the selection stays, and why. */
  acies_play_session_activate_cell (session, acies_board_cell_at (scenario->map.board, 0, 5));
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, 2);
  g_assert_nonnull (strstr (acies_play_session_get_hint_text (session), "is not a legal destination for red-3"));
  g_assert_nonnull (strstr (acies_play_session_get_hint_text (session), "out of reach"));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 0);

  /* A unit of the side that does not decide: not its turn. */
  acies_play_session_cancel (session);
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, -1);
  acies_play_session_activate_cell (session, ((AciesUnit *) g_ptr_array_index (scenario->units, 5))->cell);
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, -1);
  g_assert_nonnull (strstr (acies_play_session_get_hint_text (session), "not its side's turn"));
  /* Its back is not the viewer's to see. */
  {
    g_autofree char *tip = acies_play_session_describe_counter (session, 5);

    g_assert_nonnull (tip);
    g_assert_null (strstr (tip, "Back — "));
  }

  /* A counter dropped on a destination moves there, as a click on the
   * unit and one on the square would. */
  g_assert_true (acies_play_session_unit_may_act (session, 2));
  g_assert_false (acies_play_session_unit_may_act (session, 5));
  acies_play_session_drag_unit (session, 5, move.args[1]);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 0);
  acies_play_session_drag_unit (session, 2, move.args[1]);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 1);
  g_assert_true (acies_action_equal (acies_game_get_action (game, 0), &move));
  g_assert_null (acies_play_session_get_hint_text (session));

  /* red-3 has moved (TR 2: once a turn): a click on it says why it has
   * no action left, not "its move is over, or it cannot act". */
  acies_play_session_activate_cell (session, move.args[1]);
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, -1);
  g_assert_nonnull (strstr (acies_play_session_get_hint_text (session),
                            "red-3 has no legal action now: it has acted already in this phase."));

  /* Ending the turn brings the curtain down: nothing of the board shows
   * behind it. */
  acies_play_session_end_phase (session);
  g_assert_true (acies_play_session_get_curtain_shown (session));
  g_assert_cmpuint (acies_play_session_get_views (session)->len, ==, 0);
  g_assert_cmpuint (acies_play_session_get_destinations (session)->len, ==, 0);
  g_assert_null (acies_play_session_describe_counter (session, 2));
  g_assert_false (acies_play_session_get_can_end_phase (session));
  acies_play_session_activate_cell (session, cell);
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, -1);
}

/* TR 3: the end, the victory page and the board, a take-back after it. */
static void
test_race_victory (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (1);
  g_autoptr(AciesPlaySession) session = new_race (scenario, 3);
  AciesGame *game = acies_play_session_get_game (session);

  for (guint i = 0; i < 4 && !acies_play_session_get_finished (session); i++)
    {
      if (acies_play_session_get_curtain_shown (session))
        acies_play_session_reveal (session);
      acies_play_session_end_phase (session);
    }
  g_assert_true (acies_game_get_state (game)->finished);
  g_assert_true (acies_play_session_get_finished (session));
  g_assert_true (acies_play_session_get_victory_shown (session));
  g_assert_false (acies_play_session_get_curtain_shown (session));
  g_assert_true (g_str_has_suffix (acies_play_session_get_victory_title (session), " Wins")
                 || g_str_equal (acies_play_session_get_victory_title (session), "Draw"));
  g_assert_cmpstr (acies_play_session_get_victory_text (session), ==, acies_game_get_state (game)->end_reason);
  g_assert_cmpstr (acies_play_session_get_prompt_text (session), ==, acies_game_get_state (game)->end_reason);
  g_assert_null (acies_play_session_get_side_text (session));
  g_assert_cmpuint (g_list_model_get_n_items (acies_play_session_get_actions (session)), ==, 0);

  /* Show Board and back. */
  acies_play_session_toggle_victory (session);
  g_assert_false (acies_play_session_get_victory_shown (session));
  acies_play_session_toggle_victory (session);
  g_assert_true (acies_play_session_get_victory_shown (session));

  /* Taken back: the game goes on, on the board. */
  if (acies_play_session_get_take_back_consent (session, NULL, NULL) < 0)
    {
      acies_play_session_take_back (session, -1, FALSE);
      g_assert_false (acies_play_session_get_finished (session));
      g_assert_false (acies_play_session_get_victory_shown (session));
      g_assert_null (acies_play_session_get_victory_title (session));
    }
}

/* A session of a bundled battle, its players named, and a driver that
 * plays it directly; NULL when its rule system is not built. */
static AciesPlaySession *
new_battle (const char      *ruleset_id,
            const char      *file,
            guint64          seed,
            const char      *player0,
            const char      *player1,
            AciesPlayDriver *driver)
{
  const char * const names[] = { player0, player1, NULL };
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup (ruleset_id, NULL);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesGame) game = NULL;
  AciesPlaySession *session;

  if (ruleset == NULL)
    {
      g_test_skip ("the rule system is not registered");
      return NULL;
    }
  scenario = acies_play_test_load_bundled (ruleset_id, file);
  game = acies_play_test_new_game (scenario, seed);
  session = acies_play_session_new (game);
  acies_play_session_set_player_names (session, names);
  acies_play_test_driver_init (driver, session);

  return session;
}

static void
report_digest (AciesPlaySession *session,
               const char       *name)
{
  g_autofree char *digest = digest_of (session);

  g_test_message ("%s: %u actions, digest %s", name,
                  acies_game_get_n_actions (acies_play_session_get_game (session)), digest);
}

/* CCA S3.6, S5.2: taking back an action that drew hidden cards says
 * what they were for (acies_ruleset_describe_draws()), never their
 * values, and calls them no die roll; the consent is the other player's. */
static void
test_cca_take_back_draws (void)
{
  g_autoptr(AciesPlaySession) session = NULL;
  g_autofree char *question = NULL;
  AciesPlayDriver driver;
  AciesGame *game;
  gboolean dice = TRUE;
  gint consent;

  session = new_battle ("cca", "zela.acies", 11, "Alice", "Bob", &driver);
  if (session == NULL)
    return;
  game = acies_play_session_get_game (session);
  if (acies_play_session_get_curtain_shown (session))
    acies_play_session_reveal (session);
  choose_prefix (session, "Shuffle and deal");
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 1);
  g_assert_cmpuint (acies_game_get_rolls_of_action (game, 0)->len, >, 0);
  if (acies_play_session_get_curtain_shown (session))
    acies_play_session_reveal (session);
  consent = acies_play_session_get_take_back_consent (session, &dice, &question);
  g_test_message ("%s", question);
  g_assert_cmpint (consent, ==, 1);
  g_assert_false (dice);
  g_assert_nonnull (strstr (question, "Command cards drawn"));
  g_assert_null (strstr (question, "rolled"));
  g_assert_null (strstr (question, "dice"));
  g_assert_nonnull (strstr (question, "consent of Bob"));
}

/* CCA S3.2, S5.2 (the Zela trial: Order Medium Troops lit both halves
 * with no word for it): while a card gives its orders, what the board
 * lights is said in the legend ("Lit: …"); a troop card lights the hexes
 * of the units it may order, never the whole board.  Random Zela turns
 * until both a section card and a troop card have ordered. */
static void
test_cca_lit_legend (void)
{
  g_autoptr(AciesPlaySession) session = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  AciesPlayDriver driver;
  AciesGame *game;
  AciesRuleset *ruleset;
  gboolean sections = FALSE, troops = FALSE;

  session = new_battle ("cca", "zela.acies", 5, "Alice", "Bob", &driver);
  if (session == NULL)
    return;
  game = acies_play_session_get_game (session);
  ruleset = acies_game_get_ruleset (game);
  for (guint i = 0; i < 4000 && !(sections && troops) && !acies_game_get_state (game)->finished; i++)
    {
      AciesAction action;
      const char *label = NULL;
      const char *legend;
      GArray *lit;

      if (acies_play_session_get_curtain_shown (session))
        driver.reveal (&driver);
      lit = acies_play_session_get_lit_cells (session, &label);
      legend = acies_play_session_get_legend_text (session);
      if (lit->len > 0 && acies_play_session_get_destinations (session)->len == 0)
        {
          g_autofree char *line = g_strdup_printf ("Lit: %s.", label);

          g_assert_nonnull (legend);
          g_assert_nonnull (strstr (legend, line));
          if (strstr (label, "units the card may still order") != NULL)
            {
              /* Zela's board has 117 hexes; an army far fewer units. */
              g_assert_cmpuint (lit->len, <=, 20);
              troops = TRUE;
            }
          else if (strstr (label, "sections the card orders") != NULL)
            sections = TRUE;
        }
      g_assert_true (acies_ruleset_random_action (ruleset, acies_game_get_state (game), rand, &action));
      g_assert_true (acies_game_apply (game, &action, NULL));
    }
  g_assert_true (sections);
  g_assert_true (troops);
}

/* CCA B1 (issue 16, play mode: "the dice shown as symbols"): a battle
 * die's face is a symbol, so the log and the take-back question say it
 * ("Battle die: ■ red square"), never its number ("Battle die: 3 (d6)"). */
static void
test_cca_dice_as_symbols (void)
{
  g_autoptr(AciesPlaySession) session = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autofree char *log_text = NULL;
  g_autofree char *question = NULL;
  g_autofree char *face = NULL;
  AciesPlayDriver driver;
  AciesGame *game;
  AciesRuleset *ruleset;
  gboolean dice = FALSE;

  session = new_battle ("cca", "zela.acies", 11, "Alice", "Bob", &driver);
  if (session == NULL)
    return;
  game = acies_play_session_get_game (session);
  ruleset = acies_game_get_ruleset (game);
  /* Random legal actions until one rolls battle dice. */
  for (guint i = 0; i < 2000 && face == NULL && !acies_game_get_state (game)->finished; i++)
    {
      GPtrArray *events;
      guint n, first;
      AciesAction action;

      g_assert_true (acies_ruleset_random_action (ruleset, acies_game_get_state (game), rand, &action));
      g_assert_true (acies_game_apply (game, &action, NULL));
      events = acies_game_get_events (game);
      n = acies_game_get_n_events_of_action (game, acies_game_get_n_actions (game) - 1);
      first = events->len - n;
      for (guint k = first; k < events->len && face == NULL; k++)
        {
          AciesEvent *event = g_ptr_array_index (events, k);

          if (g_strcmp0 (event->type, "roll") == 0)
            {
              AciesRoll roll = {
                (guint) json_object_get_int_member (event->data, "value"),
                (guint) json_object_get_int_member (event->data, "faces"),
                (guint) json_object_get_int_member (event->data, "first"),
                json_object_get_string_member (event->data, "purpose"),
              };

              face = acies_ruleset_describe_die_face (ruleset, acies_game_get_state (game), &roll);
              g_assert_nonnull (face);
            }
        }
    }
  g_assert_nonnull (face);
  g_test_message ("a battle die: %s", face);
  /* Forced faces (B1: six symbols, one face each): six different words;
   * a die that is no battle die is said by its number (NULL). */
  {
    g_autoptr(GHashTable) words = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    AciesRoll d8 = { 5, 8, 1, "battle" };

    for (guint v = 1; v <= 6; v++)
      {
        AciesRoll roll = { v, 6, 1, "battle" };
        char *said = acies_ruleset_describe_die_face (ruleset, acies_game_get_state (game), &roll);

        g_assert_nonnull (said);
        g_assert_false (g_hash_table_contains (words, said));
        g_hash_table_add (words, said);
      }
    g_assert_cmpuint (g_hash_table_size (words), ==, 6);
    g_assert_null (acies_ruleset_describe_die_face (ruleset, acies_game_get_state (game), &d8));
  }
  log_text = acies_play_session_dup_log_text (session);
  g_assert_nonnull (strstr (log_text, face));
  g_assert_null (strstr (log_text, "(d6)"));
  if (acies_play_session_get_curtain_shown (session))
    acies_play_session_reveal (session);
  acies_play_session_get_take_back_consent (session, &dice, &question);
  g_test_message ("%s", question);
  g_assert_true (dice);
  g_assert_nonnull (strstr (question, face));
}

/* Issue 17 (trial): a log line whose words already cite its rule ("…
 * must stop there, 2 squares unused (GC 8.2)") gets no second citation
 * in brackets ("[GC 8.2]"); the others keep theirs.  Random Heraclea
 * games until a unit stops in an enemy Skirmish Zone (GC 8.2). */
static void
test_log_rule_cited_once (void)
{
  g_autoptr(GRegex) twice = g_regex_new ("\\(([A-Z]+ [0-9][0-9.a-z-]*)\\).*\\[\\1\\]", 0, 0, NULL);
  gboolean seen = FALSE;

  for (guint64 seed = 1; seed <= 20 && !seen; seed++)
    {
      g_autoptr(AciesPlaySession) session = NULL;
      g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
      g_autofree char *log_text = NULL;
      g_auto(GStrv) lines = NULL;
      AciesPlayDriver driver;
      AciesGame *game;

      session = new_battle ("grass-crown", "heraclea.acies", seed, "Laevinus", "Pyrrhus", &driver);
      if (session == NULL)
        return;
      game = acies_play_session_get_game (session);
      for (guint i = 0; i < 1500 && !acies_game_get_state (game)->finished; i++)
        {
          AciesAction action;

          g_assert_true (acies_ruleset_random_action (acies_game_get_ruleset (game), acies_game_get_state (game),
                                                      rand, &action));
          g_assert_true (acies_game_apply (game, &action, NULL));
        }
      log_text = acies_play_session_dup_log_text (session);
      lines = g_strsplit (log_text, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          if (strstr (lines[i], "(GC 8.2)") != NULL)
            {
              seen = TRUE;
              g_test_message ("%s", lines[i]);
            }
          if (g_regex_match (twice, lines[i], 0, NULL))
            g_error ("rule cited twice in the log: %s", lines[i]);
        }
      g_test_message ("seed %" G_GUINT64_FORMAT ": %u actions, finished %d", seed, acies_game_get_n_actions (game), acies_game_get_state (game)->finished);
      /* A line whose words cite no rule keeps its bracket. */
      g_assert_nonnull (strstr (log_text, " [GC "));
    }
  g_assert_true (seen);
}

/* GC 13.0: a concession's line in the log reads as the rules say it,
 * "Laevinus concedes: Pyrrhus wins", without the winner's name in front
 * ("Pyrrhus: Laevinus concedes…", French trial finding 17): a game-over
 * line names who wins itself. */
static void
test_concession_line (void)
{
  g_autoptr(AciesPlaySession) session = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autofree char *log_text = NULL;
  g_auto(GStrv) lines = NULL;
  AciesPlayDriver driver;
  AciesGame *game;
  gboolean conceded = FALSE;
  guint n;

  session = new_battle ("grass-crown", "heraclea.acies", 3, "Laevinus", "Pyrrhus", &driver);
  if (session == NULL)
    return;
  game = acies_play_session_get_game (session);
  for (guint i = 0; i < 1500 && !conceded && !acies_game_get_state (game)->finished; i++)
    {
      AciesRuleset *ruleset = acies_game_get_ruleset (game);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      AciesAction action;

      acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
      for (guint k = 0; k < legal->len && !conceded; k++)
        {
          const AciesAction *a = &g_array_index (legal, AciesAction, k);
          guint n_specs = 0;
          const AciesActionSpec *specs = acies_ruleset_get_action_specs (ruleset, &n_specs);

          if ((guint) a->type < n_specs && (specs[a->type].flags & ACIES_ACTION_FLAG_CONCEDE) != 0)
            {
              g_assert_true (acies_game_apply (game, a, NULL));
              conceded = TRUE;
            }
        }
      if (conceded)
        break;
      g_assert_true (acies_ruleset_random_action (ruleset, acies_game_get_state (game), rand, &action));
      g_assert_true (acies_game_apply (game, &action, NULL));
    }
  g_assert_true (conceded);
  g_assert_true (acies_game_get_state (game)->finished);
  log_text = acies_play_session_dup_log_text (session);
  lines = g_strsplit (log_text, "\n", -1);
  n = g_strv_length (lines);
  while (n > 0 && *lines[n - 1] == '\0')
    n--;
  g_assert_cmpuint (n, >, 0);
  g_test_message ("%s", lines[n - 1]);
  g_assert_nonnull (strstr (lines[n - 1], " concedes: "));
  g_assert_true (strstr (lines[n - 1], "Laevinus concedes") != NULL || strstr (lines[n - 1], "Pyrrhus concedes") != NULL);
  g_assert_null (strstr (lines[n - 1], "Pyrrhus: Laevinus concedes"));
  g_assert_null (strstr (lines[n - 1], "Laevinus: Pyrrhus concedes"));
}

/* Heraclea, GC 3.1-d and 6.0-h: the set-up behind the curtain and the
 * opening, through the session alone. */
static void
test_heraclea_opening (void)
{
  g_autoptr(AciesPlaySession) session = NULL;
  AciesPlayDriver driver;
  guint64 seed = 4;

  if (g_getenv ("ACIES_TEST_HERACLEA_SEED") != NULL)
    seed = g_ascii_strtoull (g_getenv ("ACIES_TEST_HERACLEA_SEED"), NULL, 10);
  session = new_battle ("grass-crown", "heraclea.acies", seed, "Laevinus", "Pyrrhus", &driver);
  if (session == NULL)
    return;
  acies_play_test_heraclea_opening (&driver);
  report_digest (session, "Heraclea opening");
}

/* Cannae, LB 3.3.2-a and 5.2.2-a: turn 1 entered zone by zone, through the
 * session alone. */
/* GC 8.0: a move by its destination, one step for Take Back. */
static void
test_move_by_destination (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("grass-crown", "heraclea.acies");
  g_autoptr(AciesGame) game = acies_play_test_new_game (scenario, 4);
  g_autoptr(AciesPlaySession) session = acies_play_session_new (game);
  AciesPlayDriver driver;

  acies_play_test_driver_init (&driver, session);
  acies_play_test_heraclea_to_move (&driver);
  acies_play_test_check_move_by_destination (&driver);
}

/* GC 3.1: the set-up a wing at a time, in at most ten actions. */
static void
test_setup_by_wings (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("grass-crown", "heraclea.acies");
  g_autoptr(AciesGame) game = acies_play_test_new_game (scenario, 4);
  g_autoptr(AciesPlaySession) session = acies_play_session_new (game);
  AciesPlayDriver driver;

  acies_play_test_driver_init (&driver, session);
  acies_play_test_heraclea_setup_by_wings (&driver);
}

/* LB 4.2: a group of four by shift-clicks, activated by one row. */
static void
test_group_by_picks (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("lost-battles", "cannae.acies");
  g_autoptr(AciesGame) game = acies_play_test_new_game (scenario, 4);
  g_autoptr(AciesPlaySession) session = acies_play_session_new (game);
  AciesPlayDriver driver;

  acies_play_test_driver_init (&driver, session);
  acies_play_test_check_group_by_picks (&driver);
}

/* LB 4.2 (issue 17, trial): a click on a unit, then shift-clicks, build
 * a group that starts with the unit clicked first, as a selection extends
 * in a file manager; before, the unit clicked was left out, and a zone
 * could not attack for it (LB 6.2.1). */
static void
test_group_click_then_picks (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("lost-battles", "cannae.acies");
  g_autoptr(AciesGame) game = acies_play_test_new_game (scenario, 4);
  g_autoptr(AciesPlaySession) session = acies_play_session_new (game);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  AciesPlayDriver driver;
  const GArray *picks;
  guint select;
  gint units[2] = { -1, -1 };

  acies_play_test_driver_init (&driver, session);
  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "select", &select));
  if (acies_play_session_get_curtain_shown (session))
    driver.reveal (&driver);
  driver.key (&driver, "o");
  acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
  for (guint i = 0, k = 0; i < legal->len && k < 2; i++)
    if (g_array_index (legal, AciesAction, i).type == select)
      units[k++] = g_array_index (legal, AciesAction, i).args[0];
  g_assert_cmpint (units[1], >=, 0);

  acies_play_session_activate_unit (session, units[0]);
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, units[0]);
  g_assert_true (acies_play_session_toggle_pick (session, units[1]));
  picks = acies_play_session_get_picks (session);
  g_assert_cmpuint (picks->len, ==, 2);
  g_assert_cmpint (g_array_index (picks, gint, 0), ==, units[0]);
  g_assert_cmpint (g_array_index (picks, gint, 1), ==, units[1]);
  g_assert_nonnull (strstr (acies_play_test_group_title (session, 0), "Picked: "));
}

/* LB 6.1, 6.5: an attack previewed, its odds those of acies-cli odds,
 * nothing rolled before Commit. */
static void
test_lb_attack_preview (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("lost-battles", "cannae.acies");
  g_autoptr(AciesGame) game = acies_play_test_new_game_with (scenario, 3, "start", "historical");
  g_autoptr(AciesPlaySession) session = acies_play_session_new (game);
  AciesPlayDriver driver;

  acies_play_test_driver_init (&driver, session);
  acies_play_test_check_lb_attack_preview (&driver);
}

static void
test_cannae_first_turn (void)
{
  g_autoptr(AciesPlaySession) session = NULL;
  AciesPlayDriver driver;

  session = new_battle ("lost-battles", "cannae.acies", 11, "Varro", "Hannibal", &driver);
  if (session == NULL)
    return;
  acies_play_test_cannae_first_turn (&driver);
  report_digest (session, "Cannae first turn");
}

/* LB 5.2.2-a: before a click on a destination with the ruleset's path (a
 * group's move to the zone ahead), the path preview follows the pointer,
 * else the board's keyboard focus, to it. */
static void
check_path_then_activate_cb (AciesPlayDriver *driver,
                             AciesCell        cell)
{
  AciesPlaySession *session = driver->session;
  const GArray *path = acies_play_session_get_destination_path (session, cell);
  guint *checked = driver->data;
  guint paths = 0;

  if (path != NULL && path->len > 1 && acies_play_session_get_hover_cell (session) == ACIES_CELL_NONE)
    {
      const GArray *shown;

      g_signal_connect (session, "path-changed", G_CALLBACK (count_signal_cb), &paths);

      /* Under the pointer: the path to it. */
      acies_play_session_set_hover_cell (session, cell);
      g_assert_cmpuint (paths, ==, 1);
      shown = acies_play_session_get_path (session);
      g_assert_cmpuint (shown->len, ==, path->len);
      g_assert_cmpmem (shown->data, shown->len * sizeof (AciesCell), path->data, path->len * sizeof (AciesCell));
      g_assert_cmpint (g_array_index (shown, AciesCell, shown->len - 1), ==, cell);

      /* The pointer gone, the focus elsewhere: no path. */
      acies_play_session_set_focus_cell (session, ACIES_CELL_NONE);
      acies_play_session_set_hover_cell (session, ACIES_CELL_NONE);
      g_assert_cmpuint (paths, ==, 2);
      g_assert_cmpuint (acies_play_session_get_path (session)->len, ==, 0);

      /* The keyboard focus on it: the path again. */
      acies_play_session_set_focus_cell (session, cell);
      g_assert_cmpuint (paths, ==, 3);
      g_assert_cmpuint (acies_play_session_get_path (session)->len, ==, path->len);
      g_signal_handlers_disconnect_by_data (session, &paths);
      (*checked)++;
    }
  acies_play_session_activate_cell (session, cell);
}

static void
test_cannae_path_preview (void)
{
  g_autoptr(AciesPlaySession) session = NULL;
  AciesPlayDriver driver;
  guint checked = 0;

  session = new_battle ("lost-battles", "cannae.acies", 11, "Varro", "Hannibal", &driver);
  if (session == NULL)
    return;
  driver.activate_cell = check_path_then_activate_cb;
  driver.data = &checked;
  acies_play_test_cannae_first_turn (&driver);
  g_assert_cmpuint (checked, >=, 1);
}

static void
refused_cb (AciesPlaySession *session,
            const char       *message,
            gpointer          data)
{
  g_error ("refused: %s", message);
}

/* FB 8.0: a melee's die shows once, on a line of its own: the ruleset's
 * words for the roll ("4 SP against 6 SP (1:2), 1:2 column, die 2: AR")
 * and not the dice's own event again ("Combat roll: 2 (d6)"), nor as the
 * dice of the next line (found in the Zama UI trial: "A charge cannot
 * fall back… · dice: combat roll: 2 (d6); 4 SP against 6 SP…, die 2"). */
static void
test_fb_combat_die_once (void)
{
  static const char * const actions[] = {
    "{\"type\": \"move\", \"player\": \"carthaginians\", \"unit\": \"c-elephants-1\", \"to\": \"2006\", \"charge\": true}",
    "{\"type\": \"brush-aside\", \"player\": \"carthaginians\", \"unit\": \"c-elephants-1\", \"target\": \"r-legio-i-velites\"}",
    "{\"type\": \"stand\", \"player\": \"romans\", \"stand\": false}",
    "{\"type\": \"fall-back\", \"player\": \"romans\", \"to\": \"1908\"}",
    "{\"type\": \"end-phase\", \"player\": \"carthaginians\"}",
    "{\"type\": \"attack\", \"player\": \"carthaginians\", \"unit\": \"c-elephants-1\", \"target\": \"r-legio-i-hastati-3\"}",
    /* FB 8.21, A27: the elephants at 1906 are next to hastati 2 too, which
     * no other unit can attack. */
    "{\"type\": \"add-defender\", \"player\": \"carthaginians\", \"unit\": \"r-legio-i-hastati-2\"}",
  };
  g_autoptr(AciesPlaySession) session = NULL;
  AciesPlayDriver driver;
  const char *line;
  guint melee_lines = 0;

  session = new_battle ("four-battles", "zama.acies", 5, "Scipio", "Hannibal", &driver);
  if (session == NULL)
    return;
  g_signal_connect (session, "message", G_CALLBACK (refused_cb), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autoptr(GError) error = NULL;
      AciesAction pending;

      if (acies_play_session_get_curtain_shown (session))
        driver.reveal (&driver);
      g_assert_true (acies_play_session_apply_json (session, actions[i], &error));
      g_assert_no_error (error);
      /* The attack waits in the preview; its commit declares it, the
       * declared attack's commit resolves it. */
      for (guint k = 0; k < 2 && acies_play_session_get_preview_action (session, &pending); k++)
        driver.commit (&driver);
    }
  for (guint i = 0; (line = acies_play_test_log_line (session, i)) != NULL; i++)
    {
      const char *die = strstr (line, ", die ");

      g_test_message ("%s", line);
      g_assert_null (strstr (line, "Combat roll: "));
      if (strstr (line, " SP against ") == NULL || die == NULL)
        continue;
      melee_lines++;
      g_assert_null (strstr (die + 1, ", die "));
      g_assert_null (strstr (line, " · dice: "));
      g_assert_nonnull (strstr (line, "[FB 8.0]"));
    }
  g_assert_cmpuint (melee_lines, ==, 1);
}

/* FB 8.0 (the Four Battles trial: "nothing selected, the legend says
 * 'Framed …' though nothing is framed"): with nothing selected and one
 * unit that may attack, its targets are ringed on the board before it
 * is selected, and the legend names the ring ("Circled: …"), not a frame,
 * which is the selected unit's outline and is not drawn then. */
static void
test_fb_legend_names_the_ring (void)
{
  static const char * const actions[] = {
    "{\"type\": \"move\", \"player\": \"carthaginians\", \"unit\": \"c-elephants-1\", \"to\": \"2006\", \"charge\": true}",
    "{\"type\": \"brush-aside\", \"player\": \"carthaginians\", \"unit\": \"c-elephants-1\", \"target\": \"r-legio-i-velites\"}",
    "{\"type\": \"stand\", \"player\": \"romans\", \"stand\": false}",
    "{\"type\": \"fall-back\", \"player\": \"romans\", \"to\": \"1908\"}",
    "{\"type\": \"end-phase\", \"player\": \"carthaginians\"}",
  };
  g_autoptr(AciesPlaySession) session = NULL;
  AciesPlayDriver driver;
  const char *legend;

  session = new_battle ("four-battles", "zama.acies", 5, "Scipio", "Hannibal", &driver);
  if (session == NULL)
    return;
  g_signal_connect (session, "message", G_CALLBACK (refused_cb), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      AciesAction pending;

      if (acies_play_session_get_curtain_shown (session))
        driver.reveal (&driver);
      g_assert_true (acies_play_session_apply_json (session, actions[i], NULL));
      for (guint k = 0; k < 2 && acies_play_session_get_preview_action (session, &pending); k++)
        driver.commit (&driver);
    }
  if (acies_play_session_get_curtain_shown (session))
    driver.reveal (&driver);
  g_assert_cmpint (acies_play_session_get_selected_unit (session), <, 0);
  g_assert_cmpuint (acies_play_session_get_targets (session)->len, >, 0);
  legend = acies_play_session_get_legend_text (session);
  g_test_message ("%s", legend);
  g_assert_nonnull (legend);
  g_assert_null (strstr (legend, "Framed"));
  g_assert_nonnull (strstr (legend, "Circled: what may be attacked"));
}

/* FB 5.32: once a unit ends its move on a friend, only that friend may
 * move; the panel says why in the rules' words, and the one unit's moves
 * are not taken for a set-up ("Place the Rest" was offered in the Zama
 * UI trial and would have chained moves onto friends). */
static void
test_fb_must_move (void)
{
  g_autoptr(AciesPlaySession) session = NULL;
  g_autoptr(GError) error = NULL;
  AciesPlayDriver driver;
  GListModel *quick;

  session = new_battle ("four-battles", "zama.acies", 5, "Scipio", "Hannibal", &driver);
  if (session == NULL)
    return;
  g_signal_connect (session, "message", G_CALLBACK (refused_cb), NULL);
  /* The Carthaginians' player turn with no move. */
  for (guint i = 0; i < 4 && acies_game_get_state (acies_play_session_get_game (session))->active_side != 0; i++)
    {
      if (acies_play_session_get_curtain_shown (session))
        driver.reveal (&driver);
      g_assert_true (acies_play_session_apply_json (session, "{\"type\": \"end-phase\", \"player\": \"carthaginians\"}",
                                                    &error));
      g_assert_no_error (error);
    }
  if (acies_play_session_get_curtain_shown (session))
    driver.reveal (&driver);
  g_assert_null (strstr (acies_play_session_get_prompt_text (session), "must move"));
  /* Legio II triarii 1 ends its move on Legio I principes 3 (1707). */
  g_assert_true (acies_play_session_apply_json (session, "{\"type\": \"move\", \"player\": \"romans\", \"unit\": "
                                                "\"r-legio-ii-triarii-1\", \"to\": \"1707\", \"charge\": false}", &error));
  g_assert_no_error (error);
  g_test_message ("%s", acies_play_session_get_prompt_text (session));
  g_assert_nonnull (strstr (acies_play_session_get_prompt_text (session), "Legio I principes 3 must move now"));
  g_assert_nonnull (strstr (acies_play_session_get_prompt_text (session), "FB 5.32"));
  quick = acies_play_session_get_quick_actions (session);
  for (guint i = 0; i < g_list_model_get_n_items (quick); i++)
    {
      g_autoptr(AciesPlayQuick) item = g_list_model_get_item (quick, i);

      g_test_message ("quick: %s %s", acies_play_quick_get_label (item), acies_play_quick_get_accel (item));
      g_assert_cmpstr (acies_play_quick_get_action_name (item), !=, "play.place-rest");
    }
}

/* The name of the unit selected in @session, as the ruleset words it. */
static char *
selected_name (AciesPlaySession *session)
{
  AciesGame *game = acies_play_session_get_game (session);

  g_assert_cmpint (acies_play_session_get_selected_unit (session), >=, 0);
  return acies_ruleset_describe_unit (acies_game_get_ruleset (game), acies_game_get_state (game),
                                      acies_play_session_get_selected_unit (session), -1);
}

/* FB 13.2: a leader stacked with a combat unit is reached by a click on
 * the board too: a click on the selected unit's own stack selects the
 * next piece there that may act, and round (in the Zama UI trial the
 * counter of Scipio on top of Italian horse 3 always selected the horse;
 * the leader could be moved only from the actions list). */
static void
test_fb_stack_click (void)
{
  g_autoptr(AciesPlaySession) session = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *third = NULL;
  AciesPlayDriver driver;
  AciesCell cell;
  guint n_actions;

  session = new_battle ("four-battles", "zama.acies", 5, "Scipio", "Hannibal", &driver);
  if (session == NULL)
    return;
  g_signal_connect (session, "message", G_CALLBACK (refused_cb), NULL);
  /* The Carthaginians' player turn with no move; the Romans' movement. */
  for (guint i = 0; i < 4 && acies_game_get_state (acies_play_session_get_game (session))->active_side != 0; i++)
    {
      g_autoptr(GError) error = NULL;

      if (acies_play_session_get_curtain_shown (session))
        driver.reveal (&driver);
      g_assert_true (acies_play_session_apply_json (session, "{\"type\": \"end-phase\", \"player\": \"carthaginians\"}",
                                                    &error));
      g_assert_no_error (error);
    }
  if (acies_play_session_get_curtain_shown (session))
    driver.reveal (&driver);
  scenario = acies_play_test_load_bundled ("four-battles", "zama.acies");
  cell = acies_play_test_unit_cell (scenario, "r-horse-3");          /* 1703, with Scipio */
  n_actions = acies_game_get_n_actions (acies_play_session_get_game (session));
  driver.activate_cell (&driver, cell);
  first = selected_name (session);
  driver.activate_cell (&driver, cell);
  second = selected_name (session);
  driver.activate_cell (&driver, cell);
  third = selected_name (session);
  g_test_message ("%s, then %s, then %s", first, second, third);
  g_assert_nonnull (strstr (first, "horse"));
  g_assert_nonnull (strstr (second, "Scipio"));
  g_assert_cmpstr (third, ==, first);
  /* Selecting takes no action. */
  g_assert_cmpuint (acies_game_get_n_actions (acies_play_session_get_game (session)), ==, n_actions);
}

/* SG 4.31, 5.33: clicks on a hex of two units and a leader reach each
 * piece that may act, the leader too, through the session alone
 * (acies_play_test_sg_stack_clicks()). */
static void
test_sg_stack_clicks (void)
{
  g_autoptr(AciesPlaySession) session = NULL;
  AciesPlayDriver driver;

  session = new_battle ("simple-gboh", "cynoscephalae.acies", 3, "Flamininus", "Philip", &driver);
  if (session == NULL)
    return;
  g_signal_connect (session, "message", G_CALLBACK (refused_cb), NULL);
  acies_play_test_sg_stack_clicks (&driver);
}

/* Zama (Simple GBoH) with Carthage's Formation 6 activated under its
 * commander (leader 5): the Movement/Missile Fire Phase, leaders' moves
 * among the legal actions. */
static AciesPlaySession *
zama_moving (AciesGame **game)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("simple-gboh", "zama.acies");
  g_autoptr(GError) error = NULL;
  AciesPlaySession *session;

  *game = acies_play_test_new_game (scenario, 3);
  session = acies_play_session_new (*game);
  if (acies_play_session_get_curtain_shown (session))
    acies_play_session_reveal (session);
  g_assert_true (acies_play_session_apply_json (session,
                                                "{\"type\": \"activate\", \"player\": \"carthage\", "
                                                "\"formation\": 6, \"commander\": 5}", &error));
  g_assert_no_error (error);
  if (acies_play_session_get_curtain_shown (session))
    acies_play_session_reveal (session);
  g_assert_cmpstr (acies_game_get_state (*game)->phase, ==, "Movement/Missile Fire");
  return session;
}

/* The unit the viewer sees in @cell, or -1. */
static gint
unit_in (AciesPlaySession *session,
         AciesCell         cell)
{
  gint view = acies_play_session_get_view_at_cell (session, cell);

  return view >= 0 ? acies_play_session_get_view_unit (session, view) : -1;
}

static gboolean
cells_contain (const GArray *cells,
               AciesCell     cell)
{
  for (guint i = 0; i < cells->len; i++)
    if (g_array_index (cells, AciesCell, i) == cell)
      return TRUE;
  return FALSE;
}

/* A legal "leader-move" of the state now (of @leader, or any when -1)
 * onto a cell holding a unit: FALSE when there is none. */
static gboolean
find_leader_move_onto_unit (AciesPlaySession *session,
                            gint              leader,
                            AciesAction      *out)
{
  AciesGame *game = acies_play_session_get_game (session);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
  acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *action = &g_array_index (legal, AciesAction, i);

      if (g_str_equal (specs[action->type].name, "leader-move") && (leader < 0 || action->args[0] == leader)
          && unit_in (session, action->args[1]) >= 0)
        {
          *out = *action;
          return TRUE;
        }
    }
  return FALSE;
}

/* SG 4.31 (issue 15 UI trial): with nothing selected, a leader's move
 * onto a hex holding a unit is not lit, and a click there selects the
 * unit (or keeps nothing selected and says why) — it never moves the
 * leader. */
static void
test_sg_leader_move_not_on_click (void)
{
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(AciesPlaySession) session = zama_moving (&game);
  guint n_actions = acies_game_get_n_actions (game);
  g_autofree char *before = digest_of (session);
  g_autofree char *after = NULL;
  AciesAction move;
  AciesCell cell;
  gint unit;

  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, -1);
  g_assert_true (find_leader_move_onto_unit (session, -1, &move));
  cell = move.args[1];
  unit = unit_in (session, cell);
  g_assert_false (cells_contain (acies_play_session_get_destinations (session), cell));

  acies_play_session_activate_cell (session, cell);
  after = digest_of (session);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_actions);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (acies_play_session_get_selected_leader (session), ==, -1);
  if (acies_play_session_unit_may_act (session, unit))
    g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, unit);
  else
    {
      g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, -1);
      g_assert_nonnull (acies_play_session_get_hint_text (session));
    }
}

/* The cell the session shows leader @l in. */
static AciesCell
leader_cell (AciesPlaySession *session,
             guint             l)
{
  AciesGame *game = acies_play_session_get_game (session);
  AciesLeader view = { 0, };

  g_assert_true (acies_ruleset_leader_view (acies_game_get_ruleset (game), acies_game_get_state (game), l,
                                            acies_play_session_get_viewer (session), &view));
  return view.cell;
}

/* SG 4.31: a leader stacked with a unit is selected by a second click on
 * the unit's hex; his moves are lit, his own onto a unit's hex too, and
 * a click there moves him; a third click goes back to the unit. */
static void
test_sg_select_leader (void)
{
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(AciesPlaySession) session = zama_moving (&game);
  const AciesLeader *leader = NULL;
  AciesAction move;
  AciesCell home;
  gint unit, l = 5;
  guint n_actions;

  home = leader_cell (session, l);
  unit = unit_in (session, home);
  g_assert_cmpint (home, !=, ACIES_CELL_NONE);
  g_assert_cmpint (unit, >=, 0);
  g_assert_true (acies_play_session_unit_may_act (session, unit));

  /* First click: the unit; second: the leader; third: the unit again. */
  acies_play_session_activate_cell (session, home);
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, unit);
  g_assert_cmpint (acies_play_session_get_selected_leader (session), ==, -1);
  acies_play_session_activate_cell (session, home);
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, -1);
  g_assert_cmpint (acies_play_session_get_selected_leader (session), ==, l);
  g_assert_true (acies_play_session_get_can_cancel (session));
  leader = g_ptr_array_index (acies_play_session_get_counter_leaders (session), 0);
  g_assert_nonnull (leader);
  g_assert_nonnull (strstr (acies_play_session_get_legend_text (session), "SG 4.31"));
  acies_play_session_activate_cell (session, home);
  g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, unit);
  g_assert_cmpint (acies_play_session_get_selected_leader (session), ==, -1);

  /* The leader selected: his move onto a unit's hex is lit, and taken by
   * a click there. */
  acies_play_session_activate_cell (session, home);
  g_assert_cmpint (acies_play_session_get_selected_leader (session), ==, l);
  g_assert_true (find_leader_move_onto_unit (session, l, &move));
  g_assert_true (cells_contain (acies_play_session_get_destinations (session), move.args[1]));
  n_actions = acies_game_get_n_actions (game);
  acies_play_session_activate_cell (session, move.args[1]);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_actions + 1);
  g_assert_true (acies_action_equal (acies_game_get_action (game, n_actions), &move));
  g_assert_cmpint (leader_cell (session, l), ==, move.args[1]);

  /* Cancel forgets the selected leader. */
  acies_play_session_activate_cell (session, move.args[1]);
  if (acies_play_session_get_selected_leader (session) < 0)
    acies_play_session_activate_cell (session, move.args[1]);
  if (acies_play_session_get_selected_leader (session) >= 0)
    {
      acies_play_session_cancel (session);
      g_assert_cmpint (acies_play_session_get_selected_leader (session), ==, -1);
      g_assert_false (acies_play_session_get_can_cancel (session));
    }
}

/* Issue 17.6, the action specs' keys (acies-action.h): specs may share a
 * key (each step's End, "e") only when never legal together, so that
 * Alt+letter always means one kind of action.  Seeded random games of
 * every ruleset with shared keys, each state's legal actions checked. */
static void
test_shared_keys_never_together (void)
{
  const char * const games[][2] = {
    { "simple-gboh", "zama.acies" },
    { "simple-gboh", "cynoscephalae.acies" },
    { "cca", "zela.acies" },
    { "cca", "pharsalus.acies" },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled (games[g][0], games[g][1]);
        g_autoptr(AciesGame) game = acies_play_test_new_game (scenario, seed);
        g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
        AciesRuleset *ruleset = acies_game_get_ruleset (game);
        const AciesActionSpec *specs;
        guint n_specs = 0, steps = 0;

        specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
        for (; steps < 1500 && !acies_game_get_state (game)->finished; steps++)
          {
            g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
            g_autoptr(GError) error = NULL;
            guint by_key[26];
            const AciesAction *pick = NULL;

            for (guint k = 0; k < 26; k++)
              by_key[k] = G_MAXUINT;
            acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
            g_assert_cmpuint (legal->len, >, 0);
            for (guint i = 0; i < legal->len; i++)
              {
                const AciesAction *action = &g_array_index (legal, AciesAction, i);
                const char *key = action->type < n_specs ? specs[action->type].key : NULL;

                if (key != NULL)
                  {
                    guint k = (guint) (key[0] - 'a');

                    g_assert_cmpuint (k, <, 26);
                    if (by_key[k] != G_MAXUINT && by_key[k] != action->type)
                      g_error ("%s: “%s” and “%s” share Alt+%c and are legal together", games[g][1],
                               specs[by_key[k]].name, specs[action->type].name, key[0]);
                    by_key[k] = action->type;
                  }
                if (!(specs[action->type].flags & ACIES_ACTION_FLAG_CONCEDE)
                    && (pick == NULL || g_rand_int_range (rand, 0, (gint32) i + 1) == 0))
                  pick = action;
              }
            g_assert_nonnull (pick);
            g_assert_true (acies_game_apply (game, pick, &error));
            g_assert_no_error (error);
          }
        g_test_message ("%s, seed %" G_GUINT64_FORMAT ": %u actions", games[g][1], seed, steps);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  acies_ruleset_register ("test-race", acies_test_ruleset_new);

  g_test_add_func ("/acies/play-session/test-race/opening", test_race_opening);
  g_test_add_func ("/acies/play-session/test-race/notify-on-change", test_race_notify);
  g_test_add_func ("/acies/play-session/test-race/2/board", test_race_board);
  g_test_add_func ("/acies/play-session/test-race/3/victory", test_race_victory);
  g_test_add_func ("/acies/play-session/grass-crown/6.0-h/heraclea-opening", test_heraclea_opening);
  g_test_add_func ("/acies/play-session/cca/S3.6/take-back-names-no-draw", test_cca_take_back_draws);
  g_test_add_func ("/acies/play-session/cca/B1/dice-as-symbols", test_cca_dice_as_symbols);
  g_test_add_func ("/acies/play-session/cca/S5.2/lit-cells-in-the-legend", test_cca_lit_legend);
  g_test_add_func ("/acies/play-session/grass-crown/8.2/log-rule-cited-once", test_log_rule_cited_once);
  g_test_add_func ("/acies/play-session/grass-crown/13.0/concession-line", test_concession_line);
  g_test_add_func ("/acies/play-session/grass-crown/8.0/move-by-destination", test_move_by_destination);
  g_test_add_func ("/acies/play-session/grass-crown/3.1/setup-by-wings", test_setup_by_wings);
  g_test_add_func ("/acies/play-session/lost-battles/4.2/group-by-picks", test_group_by_picks);
  g_test_add_func ("/acies/play-session/lost-battles/4.2/click-then-picks", test_group_click_then_picks);
  g_test_add_func ("/acies/play-session/lost-battles/6.5/attack-preview", test_lb_attack_preview);
  g_test_add_func ("/acies/play-session/lost-battles/3.3.2-a/cannae-first-turn", test_cannae_first_turn);
  g_test_add_func ("/acies/play-session/lost-battles/5.2.2-a/path-preview", test_cannae_path_preview);
  g_test_add_func ("/acies/play-session/four-battles/8.0/combat-die-once", test_fb_combat_die_once);
  g_test_add_func ("/acies/play-session/four-battles/8.0/legend-names-the-ring", test_fb_legend_names_the_ring);
  g_test_add_func ("/acies/play-session/four-battles/5.32/must-move-is-no-placement", test_fb_must_move);
  g_test_add_func ("/acies/play-session/four-battles/13.2/click-cycles-a-stack", test_fb_stack_click);
  g_test_add_func ("/acies/play-session/simple-gboh/4.31/leader-move-not-on-click", test_sg_leader_move_not_on_click);
  g_test_add_func ("/acies/play-session/simple-gboh/4.31/select-leader", test_sg_select_leader);
  g_test_add_func ("/acies/play-session/simple-gboh/5.33/stack-clicks", test_sg_stack_clicks);
  g_test_add_func ("/acies/play-session/keys/17.6/shared-keys-never-together", test_shared_keys_never_together);

  return g_test_run ();
}
