/* test-play-four-battles.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-play"

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>
#include <adwaita.h>

#include "game/acies-game.h"
#include "rulesets/acies-ruleset.h"

#include "play/acies-play-group.h"
#include "play/acies-play-quick.h"
#include "acies-test-widgets.h"

#include "acies-play-ui.h"

/* Four Battles through the game window, in the positions the Zama UI
 * trial never reached (issue 14.9): an exchange with a choice of loss
 * (FB 8.6), a retreat that displaces a friend (FB 8.8), the rally phase
 * ending by the player's word (FB 14.4), and the combat phase's quick
 * bar.  Each position is a small scenario made here with a combat
 * results table typed in (as a player who owns the chart would) that
 * gives one result on every die, so the dice cannot miss it.  The
 * window is driven through its actions (play.key, play.choose,
 * play.commit); what the player reads is the session's prompt, rows and
 * quick actions. */

static gboolean
has_four_battles (void)
{
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("four-battles", NULL);

  return ruleset != NULL;
}

/* A 10 × 10 hex map, two sides with the morale and rally numbers of the
 * shipped provisional table (demoralized at 60, disintegrating at 75,
 * rally on 1), the Romans first. */
static AciesScenario *
scenario_new (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_hex (10, 10, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  AciesScenario *scn;

  acies_board_set_label_scheme (board, ACIES_LABEL_XXYY);
  acies_board_set_label_origin (board, 1, 1);
  scn = acies_scenario_new ("four-battles", board, "clear");
  scn->meta.title = g_strdup ("Four Battles test position");
  for (gint s = 0; s < 2; s++)
    {
      AciesSide *side = acies_side_new (s == 0 ? "romans" : "gauls", s == 0 ? "Romans" : "Gauls");

      side->home_edge = s == 0 ? ACIES_MAP_EDGE_WEST : ACIES_MAP_EDGE_EAST;
      json_object_set_int_member (side->params, "demoralization", 60);
      json_object_set_int_member (side->params, "disintegration", 75);
      json_object_set_int_member (side->params, "rally", 1);
      g_ptr_array_add (scn->sides, side);
    }
  scn->first_side = g_strdup ("romans");
  scn->turn_limit = 10;
  return scn;
}

static AciesUnit *
add_unit_of (AciesScenario *scn,
             gint           side,
             const char    *type,
             const char    *name,
             gint           sp,
             const char    *cell)
{
  g_autofree char *id = g_strdup_printf ("u%u", scn->units->len);
  AciesUnit *u = acies_unit_new (id, side == 0 ? "romans" : "gauls", type);

  u->name = g_strdup (name);
  json_object_set_int_member (u->attrs, "sp", sp);
  json_object_set_int_member (u->attrs, "ma", 4);
  u->cell = acies_board_cell_from_label (scn->map.board, cell);
  g_assert_cmpint (u->cell, !=, ACIES_CELL_NONE);
  g_ptr_array_add (scn->units, u);
  return u;
}

static void
add_unit (AciesScenario *scn,
          gint           side,
          const char    *name,
          gint           sp,
          const char    *cell)
{
  add_unit_of (scn, side, "infantry", name, sp, cell);
}

static void
add_leader (AciesScenario *scn,
            gint           side,
            const char    *name,
            const char    *cell)
{
  g_autofree char *id = g_strdup_printf ("l%u", scn->leaders->len);
  AciesLeader *l = acies_leader_new (id, side == 0 ? "romans" : "gauls", "leader");

  l->name = g_strdup (name);
  json_object_set_int_member (l->attrs, "additive", 1);
  json_object_set_int_member (l->attrs, "ma", 9);
  l->cell = acies_board_cell_from_label (scn->map.board, cell);
  g_assert_cmpint (l->cell, !=, ACIES_CELL_NONE);
  g_ptr_array_add (scn->leaders, l);
}

/* The combat results table's every cell (FB 8.5) typed in as @result,
 * marked provisional as any typed-in value is. */
static void
crt_all (AciesScenario *scn,
         const char    *result)
{
  static const char *columns[] = { "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1" };
  JsonObject *override = json_object_new ();
  JsonArray *cells = json_array_new ();

  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    for (gint r = 1; r <= 6; r++)
      {
        JsonObject *cell = json_object_new ();
        g_autofree char *row = g_strdup_printf ("%d", r);

        json_object_set_string_member (cell, "row", row);
        json_object_set_string_member (cell, "column", columns[c]);
        json_object_set_string_member (cell, "value", result);
        json_object_set_string_member (cell, "source", "provisional");
        json_array_add_object_element (cells, cell);
      }
  json_object_set_array_member (override, "cells", cells);
  if (scn->table_overrides == NULL)
    scn->table_overrides = json_object_new ();
  json_object_set_object_member (scn->table_overrides, "crt", override);
}

static AciesGameWindow *
start (AciesScenario *scn)
{
  AciesGameWindow *window;

  acies_play_ui_clear_autosaves ();
  acies_play_ui_destroy_all_windows ();
  window = acies_play_ui_start_game (scn, 7, "Scipio", "Vercingetorix");
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 720);
  return window;
}

static void
reveal (AciesGameWindow *window)
{
  if (acies_play_session_get_curtain_shown (acies_play_ui_session (window)))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
}

/* Takes the row whose words hold @needle; a row that shows a preview
 * first (an attack, a resolve) is committed.  Returns the row's words. */
static char *
take (AciesGameWindow *window,
      const char      *needle)
{
  AciesPlaySession *session = acies_play_ui_session (window);
  AciesGame *game = acies_play_ui_game (window);
  guint n = acies_game_get_n_actions (game);
  gint index;
  char *label;

  reveal (window);
  index = acies_play_test_find_shown_containing (session, "", needle);
  if (index < 0)
    for (guint i = 0; acies_play_test_label (session, i) != NULL; i++)
      g_test_message ("row %u: %s", i, acies_play_test_label (session, i));
  g_assert_cmpint (index, >=, 0);
  label = g_strdup (acies_play_test_label (session, index));
  g_test_message ("take: %s", label);
  acies_play_ui_choose (window, index);
  if (acies_game_get_n_actions (game) == n)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.commit", NULL));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n + 1);
  reveal (window);
  return label;
}

/* Alt+letter: the kind of action of that key, taken (or committed). */
static void
key (AciesGameWindow *window,
     const char      *letter)
{
  AciesGame *game = acies_play_ui_game (window);
  guint n = acies_game_get_n_actions (game);

  reveal (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.key", "s", letter));
  if (acies_game_get_n_actions (game) == n)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.commit", NULL));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n + 1);
  reveal (window);
}

/* Alt+letter with several actions of its kind: they are listed first,
 * to pick from. */
static void
list_key (AciesGameWindow *window,
          const char      *letter)
{
  reveal (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.key", "s", letter));
}

static const char *
prompt (AciesGameWindow *window)
{
  const char *text = acies_play_session_get_prompt_text (acies_play_ui_session (window));

  g_test_message ("prompt: %s", text);
  return text != NULL ? text : "";
}

/* From the start to the first player's combat phase: set-up finished,
 * the movement phase ended (the missile phase has no archer to fire). */
static void
to_combat (AciesGameWindow *window)
{
  AciesPlaySession *session = acies_play_ui_session (window);

  for (guint i = 0; i < 8; i++)
    {
      const char *phase;

      reveal (window);
      phase = acies_play_session_get_phase_text (session);
      g_test_message ("phase: %s", phase);
      if (phase != NULL && strstr (phase, "Combat") != NULL)
        return;
      if (acies_play_test_find_shown_containing (session, "", "Finish the set-up") >= 0)
        g_free (take (window, "Finish the set-up"));
      else if (acies_play_test_find_shown_containing (session, "", "Roll to see") >= 0)
        g_free (take (window, "Roll to see"));
      else
        key (window, "e");
    }
  g_assert_not_reached ();
}

/* FB 8.6: on an EX the attacker is asked whether to try for an AR, then
 * each side with a choice picks the unit it loses; the prompt says so,
 * the rows name each unit, the log records the loss.  Also the combat
 * phase's quick bar: Resolve before Call off (the primary action first),
 * and the melee's words in the Status block, one sentence. */
static void
test_ex_loss_choice (void)
{
  g_autoptr(AciesScenario) scn = NULL;
  AciesGameWindow *window;
  AciesPlaySession *session;
  AciesGame *game;
  g_autofree char *row = NULL;
  GListModel *quick;
  gint resolve = -1, call_off = -1;

  if (!has_four_battles ())
    {
      g_test_skip ("Four Battles is not built");
      return;
    }
  scn = scenario_new ();
  add_unit (scn, 1, "Arverni", 4, "0505");
  add_unit (scn, 0, "Hastati", 4, "0504");
  add_unit (scn, 0, "Principes", 4, "0405");
  add_unit (scn, 1, "Aedui", 4, "0909");
  crt_all (scn, "EX");
  window = start (scn);
  session = acies_play_ui_session (window);
  game = acies_play_ui_game (window);
  to_combat (window);

  /* Hastati attack, Principes join: the composition's quick bar. */
  list_key (window, "a");
  g_free (take (window, "Hastati attacks Arverni"));
  g_free (take (window, "Add Principes"));
  quick = acies_play_session_get_quick_actions (session);
  for (guint i = 0; i < g_list_model_get_n_items (quick); i++)
    {
      g_autoptr(AciesPlayQuick) q = g_list_model_get_item (quick, i);

      g_test_message ("quick %u: %s", i, acies_play_quick_get_label (q));
      if (g_str_equal (acies_play_quick_get_label (q), "Resolve the attack"))
        resolve = i;
      if (g_str_equal (acies_play_quick_get_label (q), "Call off the attack"))
        call_off = i;
    }
  g_assert_cmpint (resolve, >=, 0);
  g_assert_cmpint (call_off, >, resolve);
  /* Under the Principes (in the Arverni's ZOC, added to the attack):
   * their markers, apart ("must attack, attacking"). */
  {
    const char *markers = acies_play_session_get_view_markers (session,
                                                               acies_play_session_get_view_of_unit (session, 2));

    g_test_message ("Principes' markers: %s", markers);
    g_assert_nonnull (strstr (markers, "attacking"));
    g_assert_null (strstr (markers, "attack attacking"));
    if (strstr (markers, "must attack") != NULL)
      g_assert_nonnull (strstr (markers, "must attack, attacking"));
  }
  acies_play_ui_screenshot (window, "fb-8.6-compose.png");

  key (window, "r");
  if (strstr (prompt (window), "let it be rolled") != NULL)
    key (window, "d");

  /* 8.6: the attacker may try to turn the EX into an AR (1-3). */
  g_assert_nonnull (strstr (prompt (window), "An exchange: take it, or try to make it an AR (1-3)"));
  g_assert_nonnull (strstr (prompt (window), "FB 8.6"));
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "", "Try for AR instead of the EX (AR on 1-3)"),
                   >=, 0);
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "", "Take the EX"), >=, 0);
  acies_play_ui_screenshot (window, "fb-8.6-ex-or-ar.png");
  g_free (take (window, "Take the EX"));
  g_assert_true (acies_play_test_log_contains (session, "Romans take the EX"));

  /* Each side loses one involved unit of its choice: the Romans choose
   * between their two attackers; the Gauls have one. */
  g_assert_nonnull (strstr (prompt (window), "Exchange: choose the unit you lose"));
  g_assert_nonnull (strstr (prompt (window), "Romans"));
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "", "Take the loss on Hastati"), >=, 0);
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "", "Take the loss on Principes"), >=, 0);
  acies_play_ui_screenshot (window, "fb-8.6-ex-loss-choice.png");
  row = take (window, "Take the loss on Principes");
  g_assert_nonnull (strstr (row, "it is eliminated"));
  g_assert_true (acies_play_test_log_contains (session, "Principes"));
  g_assert_true (acies_play_test_log_contains (session, "Arverni"));
  {
    g_autoptr(JsonNode) node = acies_ruleset_state_to_json (acies_game_get_ruleset (game), acies_game_get_state (game));
    JsonArray *units = json_object_get_array_member (json_node_get_object (node), "units");

    /* Arverni (the only defender) and Principes gone, Hastati stay. */
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (units, 0), "where"), ==,
                     "eliminated");
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (units, 1), "where"), ==, "map");
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (units, 2), "where"), ==,
                     "eliminated");
  }
  acies_play_ui_screenshot (window, "fb-8.6-after-ex.png");
  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();
}

/* FB 8.82: a DR whose only hexes out of the attacker's ZOC hold friends:
 * the prompt says the retreat displaces a friend, the rows name him, and
 * the displaced unit's own retreat is asked for by name. */
static void
test_displacement (void)
{
  g_autoptr(AciesScenario) scn = NULL;
  AciesGameWindow *window;
  AciesPlaySession *session;
  g_autofree char *row = NULL;

  if (!has_four_battles ())
    {
      g_test_skip ("Four Battles is not built");
      return;
    }
  scn = scenario_new ();
  /* The Arverni at 0505 attacked from 0504: 0604 and 0404 are in the
   * Hastati's ZOC, 0605, 0506 and 0405 hold friends. */
  add_unit (scn, 1, "Arverni", 4, "0505");
  add_unit (scn, 0, "Hastati", 8, "0504");
  add_unit (scn, 1, "Aedui", 4, "0605");
  add_unit (scn, 1, "Helvetii", 4, "0506");
  add_unit (scn, 1, "Sequani", 4, "0405");
  crt_all (scn, "DR");
  window = start (scn);
  session = acies_play_ui_session (window);
  to_combat (window);

  list_key (window, "a");
  g_free (take (window, "Hastati attacks Arverni"));
  key (window, "r");
  if (strstr (prompt (window), "let it be rolled") != NULL)
    key (window, "d");

  /* The Gauls choose: every hex out is a friend's. */
  g_assert_nonnull (strstr (prompt (window), "Gauls"));
  g_assert_nonnull (strstr (prompt (window), "displaces a friend"));
  g_assert_nonnull (strstr (prompt (window), "FB 8.82"));
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "", "Arverni retreats to 0506, displacing Helvetii"),
                   >=, 0);
  acies_play_ui_screenshot (window, "fb-8.8-displacement-choice.png");
  row = take (window, "Arverni retreats to 0506, displacing Helvetii");
  g_assert_true (acies_play_test_log_contains (session, "Helvetii is displaced"));

  /* The displaced Helvetii retreat in turn, asked for by name. */
  g_assert_nonnull (strstr (prompt (window), "Helvetii is displaced"));
  g_assert_nonnull (strstr (prompt (window), "FB 8.82"));
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "Helvetii retreats to", NULL), >=, 0);
  acies_play_ui_screenshot (window, "fb-8.8-displaced-retreats.png");
  g_free (take (window, "Helvetii retreats to"));
  g_assert_null (strstr (prompt (window), "displaced"));
  acies_play_ui_screenshot (window, "fb-8.8-after.png");
  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();
}

/* FB 11.32: a skirmisher retreating before combat chooses its hex two
 * away under a heading that cites 11.32 (not the brush aside's fall-back,
 * 11.13), rows and prompt alike. */
static void
test_rbc_heading (void)
{
  g_autoptr(AciesScenario) scn = NULL;
  AciesGameWindow *window;
  AciesPlaySession *session;
  g_autoptr(AciesPlayGroup) group = NULL;
  AciesUnit *skirmisher;

  if (!has_four_battles ())
    {
      g_test_skip ("Four Battles is not built");
      return;
    }
  scn = scenario_new ();
  /* A dotted (skirmisher) horse, MA 6, attacked by slower horse. */
  skirmisher = add_unit_of (scn, 1, "cavalry", "Arverni horse", 2, "0505");
  json_object_set_boolean_member (skirmisher->attrs, "dot", TRUE);
  json_object_set_int_member (skirmisher->attrs, "ma", 6);
  add_unit_of (scn, 0, "cavalry", "Equites", 4, "0504");
  crt_all (scn, "DR");
  window = start (scn);
  session = acies_play_ui_session (window);
  to_combat (window);

  key (window, "a");
  key (window, "r");
  g_assert_nonnull (strstr (prompt (window), "retreat before combat"));
  key (window, "b");
  g_assert_nonnull (strstr (prompt (window), "ends its retreat before combat (FB 11.32)"));
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "", "retreats before combat to"), >=, 0);
  group = g_list_model_get_item (acies_play_session_get_action_groups (session), 0);
  g_test_message ("heading: %s / %s", acies_play_group_get_title (group), acies_play_group_get_subtitle (group));
  g_assert_null (strstr (acies_play_group_get_subtitle (group) != NULL ? acies_play_group_get_subtitle (group) : "",
                         "11.13"));
  g_assert_null (strstr (acies_play_group_get_title (group), "11.13"));
  g_assert_true (strstr (acies_play_group_get_title (group), "11.32") != NULL
                 || (acies_play_group_get_subtitle (group) != NULL
                     && strstr (acies_play_group_get_subtitle (group), "11.32") != NULL));
  acies_play_ui_screenshot (window, "fb-11.32-rbc-heading.png");
  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();
}

/* FB 14.0, 14.4: the rally phase's one attempt made, the phase stays:
 * the player reads the outcome, the prompt says the turn is his to end,
 * Alt+E ends it (and no other player's phase). */
static void
test_rally_ends_by_word (void)
{
  g_autoptr(AciesScenario) scn = NULL;
  AciesGameWindow *window;
  AciesPlaySession *session;
  AciesGame *game;

  if (!has_four_battles ())
    {
      g_test_skip ("Four Battles is not built");
      return;
    }
  scn = scenario_new ();
  add_unit (scn, 1, "Arverni", 2, "0505");
  add_unit (scn, 0, "Hastati", 8, "0504");
  add_unit (scn, 0, "Triarii", 4, "0202");
  add_leader (scn, 0, "Scipio", "0202");
  crt_all (scn, "AL");
  window = start (scn);
  session = acies_play_ui_session (window);
  game = acies_play_ui_game (window);
  to_combat (window);

  /* An AL: the Hastati are lost, so the Romans have a unit to rally. */
  list_key (window, "a");
  g_free (take (window, "Hastati attacks Arverni"));
  key (window, "r");
  if (strstr (prompt (window), "let it be rolled") != NULL)
    key (window, "d");
  while (acies_play_session_get_phase_text (session) != NULL
         && strstr (acies_play_session_get_phase_text (session), "Combat") != NULL)
    key (window, acies_play_test_find_shown_containing (session, "", "Do not advance") >= 0 ? "h" : "e");
  g_assert_cmpstr (acies_play_session_get_phase_text (session), ==, "Rally Phase");
  /* Scipio's row first (his actions are grouped under him), then his
   * rally. */
  {
    gint index = acies_play_test_find_shown_containing (session, "Select Scipio", NULL);

    if (index >= 0)
      acies_play_ui_choose (window, index);
  }
  g_free (take (window, "Rally with Scipio"));
  /* Rolled (success or not): the phase waits for the player. */
  if (acies_play_test_find_shown_containing (session, "", "Place Hastati") >= 0)
    g_free (take (window, "Place Hastati"));
  g_assert_cmpstr (acies_play_session_get_phase_text (session), ==, "Rally Phase");
  g_assert_nonnull (strstr (prompt (window), "Romans have made their one rally attempt: end the player turn"));
  g_assert_nonnull (strstr (prompt (window), "FB 14.4"));
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "", "Rally with"), <, 0);
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "", "End the player turn"), >=, 0);
  acies_play_ui_screenshot (window, "fb-14.4-rally-done.png");
  key (window, "e");
  g_assert_cmpint (acies_game_get_state (game)->active_side, ==, 1);
  g_assert_cmpstr (acies_play_session_get_phase_text (session), ==, "Movement Phase");
  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();
}

/* CAN 4.11, ruling A35 (issue 14): on the bundled Cannae, turn 1, the
 * Roman infantry must advance; ending the Movement Phase short of it asks
 * the Carthaginians' consent.  The bundled front line starts in the
 * Balearic slingers' ZOC (stopped, so not short), so the slingers are
 * taken off the map first to reach the request.  The request names a few
 * units and counts the rest ("Legion I-1, Legion I-2, Legion I-3 and 45
 * other units", in the prompt and the log, never a wall of 48 names);
 * its rows cite CAN 4.11; refused, the Romans' prompt says why the phase
 * goes on and no End row is offered. */
static void
test_can_end_short (void)
{
  g_autoptr(AciesScenario) scn = NULL;
  AciesGameWindow *window;
  AciesPlaySession *session;
  AciesGame *game;
  const char *text;

  if (!has_four_battles ())
    {
      g_test_skip ("Four Battles is not built");
      return;
    }
  scn = acies_play_test_load_bundled ("four-battles", "cannae.acies");
  for (guint i = scn->units->len; i-- > 0;)
    if (g_strcmp0 (((AciesUnit *) g_ptr_array_index (scn->units, i))->type, "slinger") == 0)
      g_ptr_array_remove_index (scn->units, i);
  window = start (scn);
  session = acies_play_ui_session (window);
  game = acies_play_ui_game (window);
  reveal (window);
  g_assert_cmpint (acies_game_get_state (game)->active_side, ==, 0);
  g_assert_cmpstr (acies_play_session_get_phase_text (session), ==, "Movement Phase");

  /* The End row is a request, and says so. */
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "",
                                                          "units short of their mandatory advance (CAN 4.11)"), >=, 0);
  key (window, "e");
  g_assert_cmpint (acies_game_get_state (game)->deciding_side, ==, 1);
  text = prompt (window);
  g_assert_nonnull (strstr (text, "Request from Romans: end the Movement Phase"));
  g_assert_nonnull (strstr (text, "Legion I-1, Legion I-2, Legion I-3 and 45 other units"));
  g_assert_null (strstr (text, "Allied foot 24"));
  g_assert_nonnull (strstr (text, "CAN 4.11"));
  g_assert_true (acies_play_test_log_contains (session, "Legion I-1, Legion I-2, Legion I-3 and 45 other units"));
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "",
                                                          "Let them end the Movement Phase short of the advance (CAN 4.11)"),
                   >=, 0);
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "",
                                                          "Refuse: the infantry must go on advancing (CAN 4.11)"), >=, 0);
  acies_play_ui_screenshot (window, "fb-CAN-4.11-consent.png");

  /* Refused: the Romans must go on, and read why. */
  g_free (take (window, "Refuse: the infantry must go on advancing"));
  g_assert_true (acies_play_test_log_contains (session, "Refused by Carthaginians"));
  g_assert_cmpint (acies_game_get_state (game)->deciding_side, ==, 0);
  text = prompt (window);
  g_assert_nonnull (strstr (text, "Carthaginians refused to let the Movement Phase end short"));
  g_assert_nonnull (strstr (text, "and 45 other units must still advance"));
  g_assert_nonnull (strstr (text, "CAN 4.11"));
  g_assert_cmpint (acies_play_test_find_shown_containing (session, "", "mandatory advance"), <, 0);
  g_assert_cmpstr (acies_play_session_get_phase_text (session), ==, "Movement Phase");
  acies_play_ui_screenshot (window, "fb-CAN-4.11-refused.png");
  acies_play_ui_destroy_all_windows ();
  acies_play_ui_clear_autosaves ();
}

int
main (int   argc,
      char *argv[])
{
  if (!acies_play_ui_init (&argc, &argv, FALSE))
    return 0;  /* TAP: the "1..0 # SKIP" plan is the skip */

  g_test_add_func ("/acies/play/four-battles/8.6/ex-loss-choice", test_ex_loss_choice);
  g_test_add_func ("/acies/play/four-battles/8.82/displacement-prompt", test_displacement);
  g_test_add_func ("/acies/play/four-battles/11.32/rbc-heading-cites-11.32", test_rbc_heading);
  g_test_add_func ("/acies/play/four-battles/14.4/rally-ends-by-the-players-word", test_rally_ends_by_word);
  g_test_add_func ("/acies/play/four-battles/CAN-4.11/end-short-asks-consent", test_can_end_short);

  return acies_play_ui_run ();
}
