/* acies-play-test.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-play"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "acies-log-line.h"
#include "acies-play-action.h"
#include "acies-play-group.h"

#include "acies-play-test.h"

/* Commands given to the session itself (a test with no window). */

static void
direct_choose (AciesPlayDriver *driver,
               gint             index)
{
  g_assert_cmpint (index, >=, 0);
  acies_play_test_check_rules_cited_once (driver->session);
  acies_play_session_choose (driver->session, index);
}

static void
direct_reveal (AciesPlayDriver *driver)
{
  g_assert_true (acies_play_session_get_curtain_shown (driver->session));
  acies_play_session_reveal (driver->session);
}

static void
direct_commit (AciesPlayDriver *driver)
{
  g_assert_true (acies_play_session_get_can_commit (driver->session));
  acies_play_session_commit (driver->session);
}

static void
direct_activate_cell (AciesPlayDriver *driver,
                      AciesCell        cell)
{
  acies_play_session_activate_cell (driver->session, cell);
}

static void
direct_undo (AciesPlayDriver *driver)
{
  g_assert_true (acies_play_session_get_can_undo (driver->session));
  g_assert_cmpint (acies_play_session_get_take_back_consent (driver->session, NULL, NULL), ==, -1);
  acies_play_session_take_back (driver->session, -1, FALSE);
}

static void
direct_place_rest (AciesPlayDriver *driver)
{
  acies_play_session_place_rest (driver->session);
}

static void
direct_pick (AciesPlayDriver *driver,
             gint             unit)
{
  acies_play_session_toggle_pick (driver->session, unit);
}

static void
direct_screenshot (AciesPlayDriver *driver,
                   const char      *name)
{
}

static void
direct_key (AciesPlayDriver *driver,
            const char      *letter)
{
  acies_play_session_choose_spec_key (driver->session, letter);
}

/**
 * acies_play_test_driver_init:
 * @driver: a driver to fill
 * @session: the session played
 *
 * A driver that gives its commands to @session itself.
 */
void
acies_play_test_driver_init (AciesPlayDriver  *driver,
                             AciesPlaySession *session)
{
  driver->session = session;
  driver->data = NULL;
  driver->choose = direct_choose;
  driver->reveal = direct_reveal;
  driver->commit = direct_commit;
  driver->activate_cell = direct_activate_cell;
  driver->undo = direct_undo;
  driver->place_rest = direct_place_rest;
  driver->pick = direct_pick;
  driver->key = direct_key;
  driver->screenshot = direct_screenshot;
}

/* Games. */

/* A bundled scenario, data/scenarios/@folder/@name. */
AciesScenario *
acies_play_test_load_bundled (const char *folder,
                              const char *name)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", folder, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = acies_scenario_load_file (file, &error);

  g_assert_no_error (error);
  return scenario;
}

/* A game of @scenario with seeded dice and the house options as the
 * new-game dialog starts it by default (the catalogue's defaults). */
AciesGame *
acies_play_test_new_game (AciesScenario *scenario,
                          guint64        seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup (scenario->ruleset, &error);
  AciesGame *game;

  g_assert_no_error (error);
  game = acies_game_new (scenario, ruleset, seed, ACIES_DICE_MODE_SEEDED, NULL, &error);
  g_assert_no_error (error);

  return game;
}

/* A game of @scenario with seeded dice and the house option @option set
 * to @value (a string). */
AciesGame *
acies_play_test_new_game_with (AciesScenario *scenario,
                               guint64        seed,
                               const char    *option,
                               const char    *value)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup (scenario->ruleset, &error);
  g_autoptr(JsonObject) options = json_object_new ();
  AciesGame *game;

  g_assert_no_error (error);
  json_object_set_string_member (options, option, value);
  game = acies_game_new (scenario, ruleset, seed, ACIES_DICE_MODE_SEEDED, options, &error);
  g_assert_no_error (error);

  return game;
}

/* The session's list models. */

/* The words of row @index of the actions list (borrowed: valid until the
 * list changes), or NULL. */
const char *
acies_play_test_label (AciesPlaySession *session,
                       guint             index)
{
  GListModel *actions = acies_play_session_get_actions (session);
  g_autoptr(AciesPlayAction) row = NULL;

  if (index >= g_list_model_get_n_items (actions))
    return NULL;
  row = g_list_model_get_item (actions, index);

  return acies_play_action_get_label (row);
}

/* The index of the first row whose words start with @prefix, or -1. */
gint
acies_play_test_find_shown (AciesPlaySession *session,
                            const char       *prefix)
{
  return acies_play_test_find_shown_containing (session, prefix, NULL);
}

/* The index of the first row whose words start with @prefix and hold
 * @needle (if not NULL), or -1. */
gint
acies_play_test_find_shown_containing (AciesPlaySession *session,
                                       const char       *prefix,
                                       const char       *needle)
{
  const char *label;

  for (guint i = 0; (label = acies_play_test_label (session, i)) != NULL; i++)
    if (g_str_has_prefix (label, prefix) && (needle == NULL || strstr (label, needle) != NULL))
      return i;

  return -1;
}

/* The group of row @index, or -1 when there is no such row. */
gint
acies_play_test_action_group (AciesPlaySession *session,
                              guint             index)
{
  GListModel *actions = acies_play_session_get_actions (session);
  g_autoptr(AciesPlayAction) row = NULL;

  if (index >= g_list_model_get_n_items (actions))
    return -1;
  row = g_list_model_get_item (actions, index);

  return acies_play_action_get_group (row);
}

const char *
acies_play_test_group_title (AciesPlaySession *session,
                             guint             group)
{
  g_autoptr(AciesPlayGroup) item = g_list_model_get_item (acies_play_session_get_action_groups (session), group);

  return item != NULL ? acies_play_group_get_title (item) : NULL;
}

gboolean
acies_play_test_group_open (AciesPlaySession *session,
                            guint             group)
{
  g_autoptr(AciesPlayGroup) item = g_list_model_get_item (acies_play_session_get_action_groups (session), group);

  return item != NULL && acies_play_group_get_expanded (item);
}

/* The row Alt+@key+1 takes, or -1. */
gint
acies_play_test_key_action (AciesPlaySession *session,
                            guint             key)
{
  GListModel *actions = acies_play_session_get_actions (session);

  for (guint i = 0; i < g_list_model_get_n_items (actions); i++)
    {
      g_autoptr(AciesPlayAction) row = g_list_model_get_item (actions, i);

      if (acies_play_action_get_key (row) == (gint) key)
        return acies_play_action_get_index (row);
    }

  return -1;
}

/* Line @index of the log (borrowed), or NULL. */
const char *
acies_play_test_log_line (AciesPlaySession *session,
                          guint             index)
{
  g_autoptr(AciesLogLine) line = g_list_model_get_item (acies_play_session_get_log (session), index);

  return line != NULL ? acies_log_line_get_text (line) : NULL;
}

gboolean
acies_play_test_log_contains (AciesPlaySession *session,
                              const char       *needle)
{
  const char *line;

  for (guint i = 0; (line = acies_play_test_log_line (session, i)) != NULL; i++)
    if (strstr (line, needle) != NULL)
      return TRUE;

  return FALSE;
}

/* The rule citations in @text: "(" or ", " then capitals, a space and a
 * digit ("(GC 5.0)", "(Rally Limit −1, LB 4.1.2)"). */
guint
acies_play_test_count_rule_citations (const char *text)
{
  static GRegex *citation;
  g_autoptr(GMatchInfo) match = NULL;
  guint n = 0;

  if (citation == NULL)
    citation = g_regex_new ("(?:\\(|, )[A-Z]+ [0-9]", 0 /* no JIT: valgrind cannot follow PCRE2's JIT code */, 0, NULL);
  for (g_regex_match (citation, text, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    n++;

  return n;
}

/* No action row cites its rule twice (the ruleset's words already cite
 * one: the session adds none). */
void
acies_play_test_check_rules_cited_once (AciesPlaySession *session)
{
  const char *label;

  for (guint i = 0; (label = acies_play_test_label (session, i)) != NULL; i++)
    if (acies_play_test_count_rule_citations (label) > 1)
      g_error ("rule cited twice: %s", label);
}

/* Every legal action is in the actions list, or behind a row that
 * selects its unit ("Select red-3 (3 actions)"): none is left out. */
void
acies_play_test_check_all_reachable (AciesPlaySession *session)
{
  AciesGame *game = acies_play_session_get_game (session);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint reachable = 0;
  const char *label;

  acies_ruleset_legal_actions (acies_game_get_ruleset (game), acies_game_get_state (game), legal);
  for (guint i = 0; (label = acies_play_test_label (session, i)) != NULL; i++)
    {
      const char *open = strrchr (label, '(');
      guint n = 0;

      if (g_str_has_prefix (label, "Select ") && open != NULL && sscanf (open, "(%u action", &n) == 1)
        reachable += n;
      else
        reachable++;
    }
  g_assert_cmpuint (reachable, ==, legal->len);
}

/* Where unit @id of @scenario stands at the start. */
AciesCell
acies_play_test_unit_cell (AciesScenario *scenario,
                           const char    *id)
{
  for (guint u = 0; u < scenario->units->len; u++)
    if (g_strcmp0 (((AciesUnit *) g_ptr_array_index (scenario->units, u))->id, id) == 0)
      return ((AciesUnit *) g_ptr_array_index (scenario->units, u))->cell;

  g_assert_not_reached ();
  return ACIES_CELL_NONE;
}

/* The zone where the first legal Lost Battles action called @name goes:
 * the last cell of the ruleset's path for it (LB 3.3.2, 5.2.2). */
AciesCell
acies_play_test_lb_action_cell (AciesRuleset     *ruleset,
                                const AciesState *state,
                                const char       *name)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint type;

  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, name, &type));
  acies_ruleset_legal_actions (ruleset, state, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *action = &g_array_index (legal, AciesAction, i);
      g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (AciesCell));

      if (action->type == type && acies_ruleset_get_action_path (ruleset, state, action, path, NULL)
          && path->len > 0)
        return g_array_index (path, AciesCell, path->len - 1);
    }
  return ACIES_CELL_NONE;
}

/* Heraclea under Grass Crown. */

/* The "status" of unit @id in a Grass Crown state's JSON. */
static const char *
unit_status (JsonNode   *root,
             const char *id)
{
  JsonArray *units = json_object_get_array_member (json_node_get_object (root), "units");

  for (guint i = 0; i < json_array_get_length (units); i++)
    {
      JsonObject *unit = json_array_get_object_element (units, i);

      if (g_strcmp0 (json_object_get_string_member (unit, "id"), id) == 0)
        return json_object_get_string_member (unit, "status");
    }

  return NULL;
}

/* A move: click a unit that may step, then its destination. */
static gboolean
try_move (AciesPlayDriver *driver)
{
  AciesPlaySession *session = driver->session;
  AciesGame *game = acies_play_session_get_game (session);
  const AciesState *state = acies_game_get_state (game);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint n_before = acies_game_get_n_actions (game);
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
  acies_ruleset_legal_actions (ruleset, state, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      AciesAction action = g_array_index (legal, AciesAction, i);
      AciesUnit view = { 0, };

      if (!g_str_equal (specs[action.type].name, "step")
          || !acies_ruleset_unit_view (ruleset, state, action.args[0], state->deciding_side, &view))
        continue;
      driver->activate_cell (driver, view.cell);
      g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, action.args[0]);
      g_assert_cmpint (acies_play_test_find_shown (session, "Move"), >=, 0);
      driver->activate_cell (driver, action.args[1]);
      if (acies_game_get_n_actions (game) == n_before)
        driver->choose (driver, acies_play_test_find_shown (session, "Move"));
      g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
      return TRUE;
    }

  return FALSE;
}

/* The seed of the Heraclea opening.  Found by a search: the test was run
 * with ACIES_TEST_HERACLEA_SEED=1…6 (seeds 1, 2, 3 and 5 miss with the
 * first skirmish and need a second turn's); 4 is the first seed whose
 * first skirmish (the scripted one, after the opening's command and move)
 * rolls a hit, so the owner of the target wing must choose the unit that
 * takes the Exhaustion (GC 6.0-h). */
#define HERACLEA_SEED 4

/* GC 6.0-h: after a skirmish hit, the owner of the target wing (not the
 * skirmisher) chooses the unit that takes the Exhaustion; the side panel
 * names him and offers only that choice; the chosen unit is Exhausted (or
 * eliminated, or revealed as a Hero) in the engine state and in the log. */
static void
check_exhaustion (AciesPlayDriver *driver,
                  gint             index)
{
  AciesPlaySession *session = driver->session;
  AciesGame *game = acies_play_session_get_game (session);
  const AciesState *state = acies_game_get_state (game);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(AciesPrompt) prompt = acies_ruleset_get_prompt (ruleset, state);
  const char *owner = acies_play_session_get_player_name (session, state->deciding_side);
  const char *prompt_text = acies_play_session_get_prompt_text (session);
  GListModel *shown = acies_play_session_get_actions (session);
  guint n_before = acies_game_get_n_actions (game);
  g_autofree char *unit_id = NULL;
  g_autoptr(JsonNode) before = NULL;
  g_autoptr(JsonNode) after = NULL;
  const char *status_before = NULL, *status_after = NULL;
  AciesAction action;

  g_assert_nonnull (prompt);
  g_assert_cmpint (prompt->player, ==, state->deciding_side);
  g_assert_cmpint (state->deciding_side, !=, state->active_side);
  g_assert_cmpstr (prompt->rule, ==, "GC 6.0");
  g_assert_nonnull (strstr (prompt_text, owner));
  g_assert_nonnull (strstr (prompt_text, "absorbs the Exhaustion"));
  /* The player's name once, not "Pyrrhus (Epirus) must decide: Epirus: …". */
  g_assert_null (strstr (prompt_text, "must decide"));
  /* Only the owner's answers, one row each. */
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, prompt->actions->len);
  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    g_assert_true (g_str_has_prefix (acies_play_test_label (session, i), "Take the Exhaustion"));

  action = g_array_index (prompt->actions, AciesAction, index);
  unit_id = g_strdup (acies_ruleset_unit_id (ruleset, state, action.args[0]));
  before = acies_ruleset_state_to_json (ruleset, state);
  status_before = unit_status (before, unit_id);
  g_assert_cmpstr (status_before, ==, "fresh");

  driver->choose (driver, index);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);

  after = acies_ruleset_state_to_json (ruleset, acies_game_get_state (game));
  status_after = unit_status (after, unit_id);
  g_assert_true (g_strcmp0 (status_after, "exhausted") == 0 || g_strcmp0 (status_after, "hero") == 0
                 || g_strcmp0 (status_after, "eliminated") == 0);
  /* The log names the unit: by its id, or in the ruleset's words. */
  {
    g_autofree char *name = acies_ruleset_describe_unit (ruleset, acies_game_get_state (game),
                                                         action.args[0], -1);
    g_auto(GStrv) words = name != NULL ? g_strsplit (name, " at ", 2) : NULL;

    g_assert_true (acies_play_test_log_contains (session, unit_id)
                   || (words != NULL && words[0] != NULL && acies_play_test_log_contains (session, words[0])));
  }
}

/* GC 3.1-d: an owner's private look at his counters ("Only … sees: …",
 * data "private": true) shows in the log only while that owner is the
 * viewer (behind the curtain nobody's), is left out otherwise, and never
 * goes into the copied or saved log.  The numbered lines are those every
 * viewer sees, numbered 1, 2, 3… without a gap (a hidden event leaves no
 * trace in the numbers), the same as in the copied log; a private line is
 * not numbered.  Returns the number of private events hidden from the
 * viewer now. */
static guint
check_private_log (AciesPlaySession *session)
{
  gint viewer = acies_play_session_get_viewer (session);
  g_autofree char *text = acies_play_session_dup_log_text (session);
  GPtrArray *events = acies_game_get_events (acies_play_session_get_game (session));
  guint hidden = 0, shown = 0, number = 0, last = 0;
  g_autoptr(GString) numbered = g_string_new (NULL);
  g_autoptr(GString) exported = g_string_new (NULL);
  g_auto(GStrv) text_lines = NULL;
  const char *line;

  for (guint i = 0; (line = acies_play_test_log_line (session, i)) != NULL; i++)
    {
      if (strstr (line, " sees: ") != NULL)
        {
          g_assert_cmpint (viewer, >=, 0);
          g_assert_nonnull (strstr (line, acies_play_session_get_player_name (session, viewer)));
          shown++;
        }
      if (g_ascii_isdigit (line[0]))
        {
          char *end = NULL;
          guint64 value = g_ascii_strtoull (line, &end, 10);

          g_assert_true (g_str_has_prefix (end, ". "));
          g_assert_cmpuint (value, ==, last + 1);
          g_assert_cmpuint (value, <=, events->len);
          g_assert_null (strstr (line, " sees: "));
          last = value;
          number++;
          g_string_append_printf (numbered, "%s\n", line);
        }
    }
  text_lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; text_lines[i] != NULL; i++)
    if (g_ascii_isdigit (text_lines[i][0]))
      g_string_append_printf (exported, "%s\n", text_lines[i]);
  g_assert_cmpstr (numbered->str, ==, exported->str);
  for (guint i = 0; i < events->len; i++)
    {
      AciesEvent *event = g_ptr_array_index (events, i);

      if (event->data != NULL && json_object_get_boolean_member_with_default (event->data, "private", FALSE))
        {
          if (event->player == viewer)
            shown--;
          else
            hidden++;
        }
    }
  /* Every private event of the viewer's is shown, none of the other's. */
  g_assert_cmpuint (shown, ==, 0);
  g_test_message ("log: %u numbered lines", number);
  g_assert_null (strstr (text, " sees: "));
  g_assert_null (strstr (text, "(hidden from the other player)"));

  return hidden;
}

/* A click on a cell that is the cell argument of exactly one legal
 * action (a set-up placement) takes that action.  Returns whether such a
 * cell was found and clicked. */
static gboolean
try_click_single_cell_action (AciesPlayDriver *driver)
{
  AciesGame *game = acies_play_session_get_game (driver->session);
  const AciesState *state = acies_game_get_state (game);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  const AciesActionSpec *specs;
  guint n_specs = 0, n_before = acies_game_get_n_actions (game);

  specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
  acies_ruleset_legal_actions (ruleset, state, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *action = &g_array_index (legal, AciesAction, i);

      for (guint a = 0; a < specs[action->type].n_args; a++)
        {
          AciesCell cell = action->args[a];
          guint n = 0;

          if (specs[action->type].args[a].kind != ACIES_ARG_CELL || cell < 0)
            continue;
          for (guint j = 0; j < legal->len; j++)
            {
              const AciesAction *other = &g_array_index (legal, AciesAction, j);

              for (guint b = 0; b < specs[other->type].n_args; b++)
                if (specs[other->type].args[b].kind == ACIES_ARG_CELL && other->args[b] == cell)
                  {
                    n++;
                    break;
                  }
            }
          if (n != 1)
            continue;

          driver->activate_cell (driver, cell);
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          g_assert_true (acies_action_equal (acies_game_get_action (game, n_before), action));
          return TRUE;
        }
    }

  return FALSE;
}

/**
 * acies_play_test_heraclea_opening:
 * @driver: how to play; its session plays Heraclea (seed 4, or
 *   ACIES_TEST_HERACLEA_SEED), "Laevinus" and "Pyrrhus" naming the players
 *
 * The set-up with the curtain between the players, placements by a click
 * on the board, then the opening: a command, a move (clicked on the
 * board), a skirmish previewed and committed, an Exhaustion prompt
 * answered by the target wing's owner (GC 6.0-h); the log hides each
 * player's look at his own counters from the other (GC 3.1-d); the
 * scenario, the dice and the counters in words.
 */
void
acies_play_test_heraclea_opening (AciesPlayDriver *driver)
{
  AciesPlaySession *session = driver->session;
  AciesGame *game = acies_play_session_get_game (session);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  guint commands = 0, moves = 0, skirmishes = 0, exhaustions = 0, setup_curtains = 0;
  guint n_first_skirmish = 0, skirmishes_at_first_exhaustion = 0, hidden_lines = 0;
  guint placed_by_click = 0, play_curtains = 0, prompts_checked = 0, first_exhaustion_action = 0;

  g_assert_cmpuint (acies_game_get_seed (game), ==,
                    g_getenv ("ACIES_TEST_HERACLEA_SEED") != NULL
                    ? g_ascii_strtoull (g_getenv ("ACIES_TEST_HERACLEA_SEED"), NULL, 10) : HERACLEA_SEED);

  for (guint step = 0; step < 600 && !(commands && moves && skirmishes && exhaustions); step++)
    {
      const AciesState *state = acies_game_get_state (game);
      guint n_before = acies_game_get_n_actions (game);
      gint index;

      if (state->finished)
        break;
      hidden_lines = MAX (hidden_lines, check_private_log (session));
      if (acies_play_session_get_curtain_shown (session))
        {
          g_autofree char *who = g_strdup_printf ("Pass to %s",
                                                  acies_play_session_get_player_name (session, state->deciding_side));

          /* Behind the curtain the log holds no private line. */
          g_assert_cmpint (acies_play_session_get_viewer (session), ==, -1);
          if (g_strcmp0 (state->phase, "Set-up") != 0)
            play_curtains++;
          g_assert_true (g_str_has_prefix (acies_play_session_get_curtain_text (session), who));
          /* The first hand-over: the player taking the seat has not
           * played yet, so the summary counts from the start of the
           * game, not "since Laevinus last played" (trial31). */
          if (setup_curtains == 0 && play_curtains == 0)
            {
              const char *summary = acies_play_session_get_curtain_summary (session);

              g_test_message ("first curtain: %s", summary);
              g_assert_null (strstr (summary, "last played"));
              g_assert_true (g_str_has_prefix (summary, "Since the game began, ")
                             || g_str_equal (summary, "Nothing in the log yet."));
            }
          if (g_strcmp0 (state->phase, "Set-up") == 0)
            setup_curtains++;
          driver->reveal (driver);
          continue;
        }

      /* The prompt names the player who decides. */
      g_assert_nonnull (strstr (acies_play_session_get_prompt_text (session),
                                acies_play_session_get_player_name (session, state->deciding_side)));

      /* Every legal action is in the list (none left out or merged). */
      {
        g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
        g_autoptr(AciesPrompt) prompt = acies_ruleset_get_prompt (ruleset, state);

        acies_ruleset_legal_actions (ruleset, state, legal);
        if (prompt != NULL)
          {
            g_assert_cmpuint (g_list_model_get_n_items (acies_play_session_get_actions (session)), ==, legal->len);
            prompts_checked++;
          }
      }

      if (placed_by_click < 3 && g_strcmp0 (state->phase, "Set-up") == 0
          && try_click_single_cell_action (driver))
        {
          placed_by_click++;
          continue;
        }

      if ((index = acies_play_test_find_shown (session, "Take the Exhaustion")) >= 0)
        {
          if (exhaustions == 0)
            {
              skirmishes_at_first_exhaustion = skirmishes;
              first_exhaustion_action = n_before;
            }
          check_exhaustion (driver, index);
          exhaustions++;
        }
      else if (!moves && try_move (driver))
        moves++;
      else if ((index = acies_play_test_find_shown (session, "Skirmish")) >= 0)
        {
          /* The skirmish of the opening is the one whose hit the owner
           * assigns: the first skirmish must hit (see the seed above). */
          if (skirmishes == 0)
            n_first_skirmish = n_before;
          driver->choose (driver, index);
          skirmishes++;
        }
      else if ((index = acies_play_test_find_shown_containing (session, "Command",
                                                               exhaustions == 0 ? "Skirmish" : "Move")) >= 0)
        {
          driver->choose (driver, index);
          commands++;
        }
      else
        {
          g_assert_cmpuint (g_list_model_get_n_items (acies_play_session_get_actions (session)), >, 0);
          /* Prefer what moves the game on over selecting units. */
          index = acies_play_test_find_shown (session, "End the phase");
          if (index < 0 || commands == 0)
            index = 0;
          driver->choose (driver, index);
          if (acies_game_get_n_actions (game) == n_before && acies_play_session_get_selected_unit (session) >= 0)
            driver->choose (driver, 0);
        }

      /* An action with odds waits in the preview. */
      if (acies_play_session_get_odds_text (session) != NULL
          && acies_game_get_n_actions (game) == n_before)
        {
          g_assert_nonnull (strstr (acies_play_session_get_odds_text (session), "%"));
          driver->commit (driver);
        }
    }

  g_test_message ("Heraclea: %u actions, %u set-up curtains, %u commands, %u moves, %u skirmishes, %u exhaustions",
                  acies_game_get_n_actions (game), setup_curtains, commands, moves, skirmishes, exhaustions);
  g_assert_cmpuint (setup_curtains, >=, 1);
  /* The hand-over also between decisions in play, not only in the set-up. */
  g_assert_cmpuint (play_curtains, >=, 1);
  g_assert_cmpuint (prompts_checked, >, 10);
  /* Both sides drew counters: each saw the other's look hidden. */
  g_assert_cmpuint (hidden_lines, >=, 1);
  g_assert_cmpuint (placed_by_click, >=, 1);
  g_assert_cmpuint (commands, >=, 1);
  g_assert_cmpuint (moves, >=, 1);
  g_assert_cmpuint (skirmishes, >=, 1);
  g_assert_true (acies_play_test_log_contains (session, "GC 6.0"));
  /* The first skirmish hit, and its owner assigned the Exhaustion. */
  g_assert_cmpuint (exhaustions, >=, 1);
  g_assert_cmpuint (first_exhaustion_action, >, n_first_skirmish);
  g_assert_cmpuint (skirmishes_at_first_exhaustion, ==, 1);

  /* The Scenario dialog's text: the victory conditions with their
   * parameters in words, from the catalogue (labels, defaults). */
  {
    g_autofree char *text = acies_play_session_describe_scenario (session);

    g_assert_nonnull (strstr (text, "Victory Conditions"));
    g_assert_nonnull (strstr (text, "VP + 5 — for Laevinus"));
    g_assert_nonnull (strstr (text, "VP 15"));
    g_assert_nonnull (strstr (text, "Lead 5 (default)"));
  }

  /* Each die roll is recorded on the line of the event it decided, not
   * as a line of its own that repeats it. */
  g_assert_true (acies_play_test_log_contains (session, " · dice: "));
  g_assert_false (acies_play_test_log_contains (session, ". skirmish roll: "));

  /* A counter's tooltip explains its printed values by their catalogue
   * labels. */
  {
    const AciesState *state = acies_game_get_state (game);
    guint explained = 0;

    if (acies_play_session_get_curtain_shown (session))
      driver->reveal (driver);
    for (guint u = 0; u < acies_ruleset_get_n_units (ruleset, state); u++)
      {
        g_autofree char *tip = acies_play_session_describe_counter (session, u);
        g_autofree char *name = acies_ruleset_describe_unit (ruleset, state, u,
                                                             acies_play_session_get_viewer (session));

        if (tip != NULL && strstr (tip, "The counter shows “") != NULL && strstr (tip, "Type: ") != NULL)
          explained++;
        /* Units are named in the ruleset's words ("Light Infantry B at
         * G11"), not by their ids. */
        if (tip != NULL)
          {
            g_autofree char *id = g_strdup_printf ("(%s)", acies_ruleset_unit_id (ruleset, state, u));

            g_assert_true (g_str_has_prefix (tip, name));
            /* Nor does the tooltip add the counter id. */
            g_assert_null (strstr (tip, id));
          }
      }
    g_assert_cmpuint (explained, >, 0);
  }
}

/* Cannae under Lost Battles. */

/**
 * acies_play_test_cannae_first_turn:
 * @driver: how to play; its session plays Cannae, "Varro" and "Hannibal"
 *   naming the players
 *
 * The first turn of Cannae on the zone board: the orders roll (LB 4.1), a
 * group chosen unit by unit and activated, its deployment by a click on
 * a lit zone (LB 3.3.2), the end of each player-turn; then turn 2 until a
 * group on the field moves by a click on the zone ahead (LB 5.2.2).
 */
void
acies_play_test_cannae_first_turn (AciesPlayDriver *driver)
{
  AciesPlaySession *session = driver->session;
  AciesGame *game = acies_play_session_get_game (session);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  guint rolls = 0, group = 0, activations[2] = { 0, 0 };
  gboolean deployed[2] = { FALSE, FALSE }, moved[2] = { FALSE, FALSE };
  guint turn_seen = 1;

  for (guint step = 0; step < 400; step++)
    {
      const AciesState *state = acies_game_get_state (game);
      guint n_before = acies_game_get_n_actions (game);
      gint index = -1;
      /* The state is replaced by each action: read it before. */
      gint side = state->active_side;

      /* Turn 1 enters the field; turn 2 goes on until a group on the
       * field moves (a click on the zone ahead). */
      if (state->finished || state->turn > 2 || moved[0] || moved[1])
        break;
      if (state->turn != turn_seen)
        {
          turn_seen = state->turn;
          activations[0] = activations[1] = 0;
        }
      if (acies_play_session_get_curtain_shown (session))
        {
          driver->reveal (driver);
          continue;
        }
      /* The side panel names the player who decides, and shows the orders
       * and the commanders' pools (the state view, generically). */
      g_assert_nonnull (strstr (acies_play_session_get_prompt_text (session),
                                acies_play_session_get_player_name (session, state->deciding_side)));
      g_assert_nonnull (strstr (acies_play_session_get_state_text (session), "Orders: Romans "));
      g_assert_nonnull (strstr (acies_play_session_get_state_text (session), "activation pool"));

      if ((index = acies_play_test_find_shown (session, "Roll for Orders")) >= 0)
        {
          driver->choose (driver, index);
          rolls++;
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          g_assert_null (strstr (acies_play_session_get_state_text (session),
                                 side == 0 ? "Orders: Romans 0 " : "Carthaginians 0\n"));
          continue;
        }
      if (group < 3 && activations[side] == 0
          && ((index = acies_play_test_find_shown_containing (session, "Add ", " to the group")) >= 0
              || (index = acies_play_test_find_shown (session, "Select ")) >= 0))
        {
          driver->choose (driver, index);
          if (acies_game_get_n_actions (game) == n_before + 1)
            group++;
          continue;
        }
      if ((index = acies_play_test_find_shown (session, "Activate the group")) >= 0)
        {
          driver->choose (driver, index);
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          activations[side]++;
          group = 0;
          continue;
        }
      if (!deployed[side] && (index = acies_play_test_find_shown (session, "Deploy")) >= 0)
        {
          /* LB 3.3.2: the zones a group may enter are lit on the board; a
           * click on one enters it (or, with several facings, lists them
           * first to pick from). */
          AciesCell zone = acies_play_test_lb_action_cell (ruleset, state, "deploy");

          g_assert_cmpint (zone, !=, ACIES_CELL_NONE);
          g_assert_nonnull (acies_play_session_get_destination_cost (session, zone));
          driver->activate_cell (driver, zone);
          if (acies_game_get_n_actions (game) == n_before)
            {
              /* Several facings there: listed first. */
              g_assert_cmpint (acies_play_test_find_shown (session, "Deploy"), ==, 0);
              driver->choose (driver, 0);
            }
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          deployed[side] = TRUE;
          continue;
        }
      if (!moved[side] && acies_play_test_find_shown (session, "Move forward to ") >= 0)
        {
          /* LB 5.2.2: the zone ahead is lit, and a click moves the group. */
          AciesCell zone = acies_play_test_lb_action_cell (ruleset, state, "move");
          guint type;

          g_assert_cmpint (zone, !=, ACIES_CELL_NONE);
          g_assert_nonnull (acies_play_session_get_destination_cost (session, zone));
          driver->activate_cell (driver, zone);
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "move", &type));
          g_assert_cmpuint (acies_game_get_action (game, n_before)->type, ==, type);
          moved[side] = TRUE;
          continue;
        }
      if ((index = acies_play_test_find_shown (session, "End activation")) >= 0
          || (index = acies_play_test_find_shown (session, "End player-turn")) >= 0)
        {
          driver->choose (driver, index);
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          continue;
        }
      /* Any other decision (a prompt): its first answer. */
      g_assert_cmpuint (g_list_model_get_n_items (acies_play_session_get_actions (session)), >, 0);
      driver->choose (driver, 0);
      if (acies_play_session_get_odds_text (session) != NULL)
        driver->commit (driver);
    }
  /* A group on the field moved by a click on the zone ahead. */
  g_assert_true (moved[0] || moved[1]);

  /* The log names the acting player once: no "Varro (Romans): Romans…"
   * when the event's text starts with the side's name. */
  {
    guint n_named = 0;
    const char *line;

    for (guint i = 0; (line = acies_play_test_log_line (session, i)) != NULL; i++)
      {
        g_assert_null (strstr (line, "(Romans): Romans"));
        g_assert_null (strstr (line, "(Carthaginians): Carthaginians"));
        g_assert_null (strstr (line, "Romans: Romans"));
        g_assert_null (strstr (line, "Carthaginians: Carthaginians"));
        if (strstr (line, "Varro") != NULL || strstr (line, "Hannibal") != NULL)
          n_named++;
      }
    g_assert_cmpuint (n_named, >, 0);
  }
  {
    const AciesState *state = acies_game_get_state (game);

    if (!state->finished)
      {
        g_autofree char *expected = g_strdup_printf ("%s to play",
                                                     state->active_side == 0 ? "Varro (Romans)"
                                                     : "Hannibal (Carthaginians)");

        g_assert_cmpstr (acies_play_session_get_side_text (session), ==, expected);
        /* The phase is words, not an id. */
        g_assert_nonnull (acies_play_session_get_phase_text (session));
        g_assert_cmpstr (acies_play_session_get_phase_text (session), !=, "");
        g_assert_null (strchr (acies_play_session_get_phase_text (session), '_'));
      }
  }

  g_test_message ("Cannae: %u actions, %u orders rolls, activations %u/%u",
                  acies_game_get_n_actions (game), rolls, activations[0], activations[1]);
  {
    const AciesState *state = acies_game_get_state (game);
    guint on_board = 0;

    /* Both player-turns of turn 1 were played: both rolled for orders,
     * activated a group and deployed it facing the enemy. */
    g_assert_cmpuint (state->turn, ==, 2);
    g_assert_cmpuint (rolls, >=, 2);
    g_assert_true (deployed[0] && deployed[1]);
    for (guint u = 0; u < acies_ruleset_get_n_units (ruleset, state); u++)
      {
        AciesUnit view = { 0, };

        if (acies_ruleset_unit_view (ruleset, state, u, -1, &view) && view.cell != ACIES_CELL_NONE)
          {
            on_board++;
            /* Facing by zone (LB 5.2): every deployed unit has one, drawn
             * as the counter's arrow. */
            g_assert_cmpint (view.facing, >=, 0);
          }
      }
    g_assert_cmpuint (on_board, >=, 2);
    g_assert_true (acies_play_test_log_contains (session, "LB 4.1"));
    g_assert_true (acies_play_test_log_contains (session, "LB 3.3"));
  }
}

/**
 * acies_play_test_heraclea_to_move:
 * @driver: how to play; its session plays Heraclea from its start
 *
 * Plays the set-up (each side draws, then places its counters), then
 * commands a Move (GC 5.0): the first Move phase of the game begins.
 */
void
acies_play_test_heraclea_to_move (AciesPlayDriver *driver)
{
  AciesPlaySession *session = driver->session;
  AciesGame *game = acies_play_session_get_game (session);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  guint type;

  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "step", &type));
  for (guint step = 0; step < 400; step++)
    {
      const AciesState *state = acies_game_get_state (game);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      gint index;

      acies_ruleset_legal_actions (ruleset, state, legal);
      if (legal->len > 0 && g_array_index (legal, AciesAction, 0).type == type)
        return;
      if (acies_play_session_get_curtain_shown (session))
        driver->reveal (driver);
      else if ((index = acies_play_test_find_shown_containing (session, "Command", "Move")) >= 0
               || (index = acies_play_test_find_shown (session, "Draw")) >= 0)
        driver->choose (driver, index);
      else if (g_strcmp0 (state->phase, "Set-up") == 0)
        g_assert_true (try_click_single_cell_action (driver));
      else
        driver->choose (driver, 0);
    }
  g_assert_not_reached ();
}

/**
 * acies_play_test_check_move_by_destination:
 * @driver: how to play; its session is at a Grass Crown Move phase
 *
 * GC 8.0: a unit moves a square at a time; a click on a square two or
 * more away moves it there along the cheapest legal path, lit with its
 * cost and drawn while the pointer is over it, as one gesture: the
 * engine's steps are in the log, one Take Back takes them all back, and
 * the saved game replays to the same digest.
 */
void
acies_play_test_check_move_by_destination (AciesPlayDriver *driver)
{
  AciesPlaySession *session = driver->session;
  AciesGame *game = acies_play_session_get_game (session);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  const AciesState *state = acies_game_get_state (game);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autofree char *before = acies_game_digest (game);
  guint n_before = acies_game_get_n_actions (game);
  AciesCell from = ACIES_CELL_NONE, far = ACIES_CELL_NONE;
  gint unit = -1, cost = 0;
  guint type;

  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "step", &type));
  acies_ruleset_legal_actions (ruleset, state, legal);
  for (guint i = 0; i < legal->len && far == ACIES_CELL_NONE; i++)
    {
      const AciesAction *step = &g_array_index (legal, AciesAction, i);
      AciesUnit view = { 0, };
      const GArray *destinations;

      if (step->type != type || !acies_ruleset_unit_view (ruleset, state, step->args[0], state->deciding_side, &view))
        continue;
      driver->activate_cell (driver, view.cell);
      g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, step->args[0]);
      destinations = acies_play_session_get_destinations (session);
      for (guint d = 0; d < destinations->len; d++)
        {
          AciesCell cell = g_array_index (destinations, AciesCell, d);
          const char *text = acies_play_session_get_destination_cost (session, cell);

          /* A square no single step reaches. */
          if (text != NULL && atoi (text) >= 2 && atoi (text) > cost)
            {
              far = cell;
              cost = atoi (text);
            }
        }
      unit = step->args[0];
      from = view.cell;
    }
  g_assert_cmpint (far, !=, ACIES_CELL_NONE);

  /* Its path drawn while the pointer is over it: from the unit, through a
   * square per step of the cost at least. */
  acies_play_session_set_hover_cell (session, far);
  {
    const GArray *path = acies_play_session_get_path (session);

    g_assert_cmpuint (path->len, >=, 3);
    g_assert_cmpint (g_array_index (path, AciesCell, 0), ==, from);
    g_assert_cmpint (g_array_index (path, AciesCell, path->len - 1), ==, far);
  }
  acies_play_session_set_hover_cell (session, ACIES_CELL_NONE);

  /* One click: the engine's single steps, in order. */
  driver->activate_cell (driver, far);
  g_assert_cmpuint (acies_game_get_n_actions (game), >=, n_before + 2);
  for (guint i = n_before; i < acies_game_get_n_actions (game); i++)
    {
      g_assert_cmpuint (acies_game_get_action (game, i)->type, ==, type);
      g_assert_cmpint (acies_game_get_action (game, i)->args[0], ==, unit);
    }
  {
    AciesUnit view = { 0, };

    g_assert_true (acies_ruleset_unit_view (ruleset, acies_game_get_state (game), unit, -1, &view));
    g_assert_cmpint (view.cell, ==, far);
  }

  /* The saved game replays to the same state. */
  {
    g_autoptr(JsonNode) json = acies_game_to_json (game);
    g_autoptr(GError) error = NULL;
    g_autoptr(AciesGame) replayed = acies_game_from_json (json, NULL, &error);
    g_autofree char *live = acies_game_digest (game);
    g_autofree char *again = NULL;

    g_assert_no_error (error);
    again = acies_game_digest (replayed);
    g_assert_cmpstr (again, ==, live);
  }

  /* One Take Back: the whole move. */
  driver->undo (driver);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before);
  {
    g_autofree char *after = acies_game_digest (game);

    g_assert_cmpstr (after, ==, before);
  }
}

/* The cells of the legal actions now with a cell argument, sorted. */
static GArray *
legal_cells (AciesPlaySession *session)
{
  AciesGame *game = acies_play_session_get_game (session);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
  acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *action = &g_array_index (legal, AciesAction, i);

      for (guint a = 0; a < specs[action->type].n_args; a++)
        if (specs[action->type].args[a].kind == ACIES_ARG_CELL && action->args[a] >= 0)
          g_array_append_val (cells, action->args[a]);
    }
  return cells;
}

/* The quick action whose accelerator is @accel, or NULL. */
static gboolean
has_quick (AciesPlaySession *session,
           const char       *label,
           const char       *accel)
{
  GListModel *quick = acies_play_session_get_quick_actions (session);

  for (guint i = 0; i < g_list_model_get_n_items (quick); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (quick, i);
      g_autofree char *item_label = NULL;
      g_autofree char *item_accel = NULL;

      g_object_get (item, "label", &item_label, "accel", &item_accel, NULL);
      if (g_str_has_prefix (item_label, label) && g_strcmp0 (item_accel, accel) == 0)
        return TRUE;
    }
  return FALSE;
}

/**
 * acies_play_test_heraclea_setup_by_wings:
 * @driver: how to play; its session plays Heraclea from its start
 *
 * GC 3.1: the set-up a wing at a time.  The squares the unit to place may
 * take are lit before anything is selected; "Place the rest" (Alt+W)
 * fills the wing's zone, front rank first (the rank nearest the enemy),
 * as one gesture that one Take Back undoes; both sides draw and place in
 * at most ten actions, the curtain's Ready among them.
 *
 * Returns: the number of actions the set-up took
 */
guint
acies_play_test_heraclea_setup_by_wings (AciesPlayDriver *driver)
{
  AciesPlaySession *session = driver->session;
  AciesGame *game = acies_play_session_get_game (session);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  guint gestures = 0, placed_first = 0;
  gboolean undone = FALSE;
  guint place;

  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "place", &place));
  for (guint step = 0; step < 40; step++)
    {
      const AciesState *state = acies_game_get_state (game);
      const AciesBoard *board = state->scenario->map.board;
      guint n = acies_game_get_n_actions (game);
      /* Heraclea: Laevinus (side 0) faces north, up the rows; Pyrrhus south. */
      gint forward = state->deciding_side == 0 ? -1 : 1;
      gint index;

      if (g_strcmp0 (state->phase, "Set-up") != 0)
        break;
      gestures++;
      if (acies_play_session_get_curtain_shown (session))
        {
          driver->reveal (driver);
          continue;
        }
      if ((index = acies_play_test_find_shown (session, "Draw")) >= 0)
        {
          driver->choose (driver, index);
          continue;
        }

      /* The unit to place: its squares lit, nothing selected yet. */
      {
        g_autoptr(GArray) cells = legal_cells (session);
        const GArray *lit = acies_play_session_get_destinations (session);

        g_assert_cmpint (acies_play_session_get_selected_unit (session), ==, -1);
        g_assert_cmpuint (cells->len, >, 0);
        for (guint i = 0; i < cells->len; i++)
          g_assert_nonnull (acies_play_session_get_destination_cost (session, g_array_index (cells, AciesCell, i)));
        g_assert_cmpuint (lit->len, ==, cells->len);
      }
      g_assert_true (has_quick (session, "Place the Rest", "Alt+W"));
      driver->place_rest (driver);
      g_assert_cmpuint (acies_game_get_n_actions (game), >=, n + 2);
      for (guint i = n; i < acies_game_get_n_actions (game); i++)
        g_assert_cmpuint (acies_game_get_action (game, i)->type, ==, place);

      /* GC 3.1, front rank first: the first unit stands nearer the enemy
       * than (or as near as) the last. */
      {
        const AciesAction *first = acies_game_get_action (game, n);
        const AciesAction *last = acies_game_get_action (game, acies_game_get_n_actions (game) - 1);
        gint c0, r0, c1, r1;

        acies_board_cell_coords (board, first->args[1], &c0, &r0);
        acies_board_cell_coords (board, last->args[1], &c1, &r1);
        g_assert_cmpint (r0 * forward, >=, r1 * forward);
        placed_first += r0 * forward > r1 * forward;
      }

      /* The first wing is taken back whole, then placed again. */
      if (!undone)
        {
          undone = TRUE;
          driver->undo (driver);
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n);
          driver->place_rest (driver);
          g_assert_cmpuint (acies_game_get_n_actions (game), >=, n + 2);
        }
    }
  g_assert_cmpstr (acies_game_get_state (game)->phase, !=, "Set-up");
  /* Zones two ranks deep or more put their front rank first. */
  g_assert_cmpuint (placed_first, >, 0);
  g_test_message ("Heraclea set-up: %u actions", gestures);
  g_assert_cmpuint (gestures, <=, 10);

  /* Issue 17.9: a counter shows its unit's name, never its id. */
  {
    GPtrArray *views = acies_play_session_get_views (session);

    g_assert_cmpuint (views->len, >, 0);
    for (guint i = 0; i < views->len; i++)
      {
        const AciesUnit *view = g_ptr_array_index (views, i);
        gint unit = acies_play_session_get_view_unit (session, i);

        if (unit < 0)
          continue;
        g_assert_nonnull (view->name);
        g_assert_cmpstr (view->name, !=, acies_ruleset_unit_id (ruleset, acies_game_get_state (game), unit));
      }
  }

  return gestures;
}

/**
 * acies_play_test_check_group_by_picks:
 * @driver: how to play; its session plays Cannae from its start
 *
 * LB 4.2: a group of four units built by shift-clicks (each unit's "Add to
 * group" is not taken yet, the units are outlined), then activated by one
 * row, which takes the four additions and the activation in order as one
 * gesture; one Take Back undoes them.  The stable keys: Alt+O rolls for
 * Orders (LB 4.1.1), Alt+E ends the activation (LB 3.2.1) whatever rows
 * the list shows, Alt+G says when it is not possible.
 */
void
acies_play_test_check_group_by_picks (AciesPlayDriver *driver)
{
  AciesPlaySession *session = driver->session;
  AciesGame *game = acies_play_session_get_game (session);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  guint n, select, activate, roll, end_activation;
  gint index;

  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "select", &select));
  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "activate", &activate));
  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "roll-orders", &roll));
  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "end-activation", &end_activation));

  if (acies_play_session_get_curtain_shown (session))
    driver->reveal (driver);
  /* Alt+O: Roll for Orders (LB 4.1.1), offered among the quick actions. */
  g_assert_true (has_quick (session, "Roll for Orders", "Alt+O"));
  n = acies_game_get_n_actions (game);
  driver->key (driver, "o");
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n + 1);
  g_assert_cmpuint (acies_game_get_action (game, n)->type, ==, roll);

  /* Four shift-clicks: the group, nothing taken yet. */
  n = acies_game_get_n_actions (game);
  for (guint k = 0; k < 4; k++)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      gint unit = -1;

      acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
      for (guint i = 0; i < legal->len && unit < 0; i++)
        {
          const AciesAction *action = &g_array_index (legal, AciesAction, i);
          const GArray *picks = acies_play_session_get_picks (session);
          gboolean picked = FALSE;

          for (guint p = 0; p < picks->len; p++)
            picked |= g_array_index (picks, gint, p) == action->args[0];
          if (action->type == select && !picked)
            unit = action->args[0];
        }
      g_assert_cmpint (unit, >=, 0);
      driver->pick (driver, unit);
      g_assert_cmpuint (acies_play_session_get_picks (session)->len, ==, k + 1);
      g_assert_cmpuint (acies_game_get_n_actions (game), ==, n);
      {
        gint view = acies_play_session_get_view_of_unit (session, unit);

        g_assert_cmpint (view, >=, 0);
        g_assert_true (acies_play_session_get_view_marks (session, view) & ACIES_PLAY_SESSION_MARK_GROUP);
      }
    }

  /* One row: the four additions and the activation. */
  index = acies_play_test_find_shown_containing (session, "Activate", "standard");
  g_assert_cmpint (index, >=, 0);
  g_assert_nonnull (strstr (acies_play_test_group_title (session, acies_play_test_action_group (session, index)),
                            "Picked: "));
  driver->choose (driver, index);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n + 5);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (acies_game_get_action (game, n + i)->type, ==, select);
  g_assert_cmpuint (acies_game_get_action (game, n + 4)->type, ==, activate);
  g_assert_cmpuint (acies_play_session_get_picks (session)->len, ==, 0);

  /* One Take Back: the whole gesture, the picks not kept. */
  driver->undo (driver);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n);
  g_assert_cmpuint (acies_play_session_get_picks (session)->len, ==, 0);

  /* Again, then Alt+E: the activation ends. */
  driver->choose (driver, acies_play_test_find_shown (session, "Select "));
  g_assert_cmpint (acies_play_session_get_selected_unit (session), >=, 0);
  driver->choose (driver, acies_play_test_find_shown (session, "Add "));
  driver->choose (driver, acies_play_test_find_shown (session, "Activate"));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n + 2);
  g_assert_true (has_quick (session, "End activation", "Alt+E"));
  driver->key (driver, "e");
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n + 3);
  g_assert_cmpuint (acies_game_get_action (game, n + 2)->type, ==, end_activation);
  n += 3;

  /* Alt+G with nothing picked and nothing selected: not possible now, and
   * the hint says so. */
  acies_play_session_cancel (session);
  driver->key (driver, "g");
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n);
  g_assert_nonnull (strstr (acies_play_session_get_hint_text (session), "Alt+G"));
}

/* The odds `acies-cli odds FILE --action JSON --json` prints for @action
 * in @game's current state: the probabilities by result. */
static GHashTable *
cli_odds (AciesGame         *game,
          const AciesAction *action)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-test-odds-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) parsed = NULL;
  g_autofree char *json = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  GHashTable *odds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  JsonObject *root;
  JsonArray *outcomes;
  gint status = -1;

  g_assert_no_error (error);
  path = g_build_filename (dir, "attack.acies-game", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (acies_game_save_file (game, file, &error));
  g_assert_no_error (error);
  node = acies_ruleset_action_to_json (acies_game_get_ruleset (game), acies_game_get_state (game), action);
  json = json_to_string (node, FALSE);
  {
    const char *argv[] = { ACIES_CLI, "odds", path, "--action", json, "--json", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
  }
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("acies-cli odds failed: %s", err);
  parsed = json_from_string (out, &error);
  g_assert_no_error (error);
  root = json_node_get_object (parsed);
  outcomes = json_object_get_array_member (root, "outcomes");
  for (guint i = 0; i < json_array_get_length (outcomes); i++)
    {
      JsonObject *outcome = json_array_get_object_element (outcomes, i);
      double *p = g_new (double, 1);

      *p = json_object_get_double_member (outcome, "probability");
      g_hash_table_insert (odds, g_strdup (json_object_get_string_member (outcome, "result")), p);
    }
  g_unlink (path);
  g_rmdir (dir);
  return odds;
}

/**
 * acies_play_test_check_lb_attack_preview:
 * @driver: how to play; its session plays Cannae from the historical
 *   deployment (the option "start", LB 3.3)
 *
 * LB 6.1, 6.5: a Lost Battles attack, chosen by its key (Alt+A, the same
 * in every phase), waits in the attack preview: the exact distribution of
 * its results, summing to 1 and the same as `acies-cli odds` gives, each
 * modifier with its rule; nothing is rolled (no action taken, no die)
 * until Commit, which takes it.
 */
void
acies_play_test_check_lb_attack_preview (AciesPlayDriver *driver)
{
  AciesPlaySession *session = driver->session;
  AciesGame *game = acies_play_session_get_game (session);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(GHashTable) tried = g_hash_table_new (NULL, NULL);
  guint attack, select;
  gboolean found = FALSE;

  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "attack", &attack));
  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "select", &select));

  /* A group on the field next to the enemy: one unit at a time,
   * activated, until the rules allow it an attack. */
  for (guint step = 0; step < 300 && !found; step++)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      gint index, unit = -1;

      if (acies_play_session_get_curtain_shown (session))
        {
          driver->reveal (driver);
          continue;
        }
      acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
      for (guint i = 0; i < legal->len && !found; i++)
        found = g_array_index (legal, AciesAction, i).type == attack;
      if (found)
        break;
      if ((index = acies_play_test_find_shown (session, "Begin")) >= 0
          || (index = acies_play_test_find_shown (session, "Roll for Orders")) >= 0)
        {
          driver->choose (driver, index);
          continue;
        }
      if ((index = acies_play_test_find_shown (session, "End activation")) >= 0)
        {
          driver->choose (driver, index);
          continue;
        }
      for (guint i = 0; i < legal->len && unit < 0; i++)
        {
          const AciesAction *action = &g_array_index (legal, AciesAction, i);
          AciesUnit view = { 0, };

          if (action->type == select && !g_hash_table_contains (tried, GINT_TO_POINTER (action->args[0] + 1))
              && acies_ruleset_unit_view (ruleset, acies_game_get_state (game), action->args[0], -1, &view)
              && view.cell != ACIES_CELL_NONE)
            unit = action->args[0];
        }
      if (unit >= 0)
        {
          g_hash_table_add (tried, GINT_TO_POINTER (unit + 1));
          driver->pick (driver, unit);
          index = acies_play_test_find_shown_containing (session, "Activate", "standard");
          if (index >= 0)
            driver->choose (driver, index);
          else
            acies_play_session_cancel (session);
          continue;
        }
      /* Nobody left to try: the next player-turn; a question (the lead
       * unit, LB 6.4) gets its first answer. */
      index = acies_play_test_find_shown (session, "End the player-turn");
      if (index >= 0)
        g_hash_table_remove_all (tried);
      driver->choose (driver, MAX (index, 0));
    }
  g_assert_true (found);

  /* Alt+A: the attack waits in the preview; nothing is rolled. */
  {
    guint n = acies_game_get_n_actions (game);
    guint n_events = acies_game_get_events (game)->len;
    g_autoptr(AciesOdds) odds = NULL;
    g_autoptr(GHashTable) cli = NULL;
    AciesAction action;
    double sum = 0;

    driver->key (driver, "a");
    driver->screenshot (driver, "lb-attack-preview.png");
    g_assert_cmpstr (acies_play_session_get_odds_title (session), ==, "Attack Preview");
    g_assert_true (acies_play_session_get_can_commit (session));
    g_assert_cmpuint (acies_game_get_n_actions (game), ==, n);
    g_assert_cmpuint (acies_game_get_events (game)->len, ==, n_events);
    g_assert_true (acies_play_session_get_preview_action (session, &action));
    g_assert_cmpuint (action.type, ==, attack);

    odds = acies_play_session_dup_preview_odds (session);
    g_assert_nonnull (odds);
    g_assert_cmpuint (odds->outcomes->len, >, 1);
    cli = cli_odds (game, &action);
    g_assert_cmpuint (g_hash_table_size (cli), ==, odds->outcomes->len);
    for (guint i = 0; i < odds->outcomes->len; i++)
      {
        const AciesOddsOutcome *outcome = g_ptr_array_index (odds->outcomes, i);
        const double *p = g_hash_table_lookup (cli, outcome->result);
        g_autofree char *shown = g_strdup_printf ("%s: %.1f %%", outcome->result, outcome->probability * 100.0);

        g_assert_nonnull (p);
        g_assert_cmpfloat_with_epsilon (*p, outcome->probability, 1e-9);
        g_assert_nonnull (strstr (acies_play_session_get_odds_text (session), shown));
        sum += outcome->probability;
      }
    g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
    for (guint i = 0; odds->modifiers != NULL && i < odds->modifiers->len; i++)
      {
        const AciesOddsModifier *modifier = g_ptr_array_index (odds->modifiers, i);

        g_assert_nonnull (modifier->rule);
        g_assert_nonnull (strstr (acies_play_session_get_odds_text (session), modifier->rule));
      }

    /* Commit: the attack is taken. */
    driver->commit (driver);
    g_assert_cmpuint (acies_game_get_n_actions (game), ==, n + 1);
    g_assert_cmpuint (acies_game_get_action (game, n)->type, ==, attack);
  }
}

/* Applies @json (an action in the CLI's words) as the player who decides. */
static void
apply_json (AciesPlayDriver *driver,
            const char      *json)
{
  g_autoptr(GError) error = NULL;

  if (acies_play_session_get_curtain_shown (driver->session))
    driver->reveal (driver);
  g_assert_true (acies_play_session_apply_json (driver->session, json, &error));
  g_assert_no_error (error);
  if (acies_play_session_get_curtain_shown (driver->session))
    driver->reveal (driver);
}

/* The piece selected now: a unit, or a leader. */
static AciesPiece
selected_piece (AciesPlaySession *session)
{
  AciesPiece piece = { FALSE, acies_play_session_get_selected_unit (session) };

  if (acies_play_session_get_selected_leader (session) >= 0)
    {
      g_assert_cmpint (piece.index, ==, -1);
      piece.is_leader = TRUE;
      piece.index = acies_play_session_get_selected_leader (session);
    }
  return piece;
}

/* Whether Simple GBoH leader @l has a move of his own now (SG 4.31). */
static gboolean
sg_leader_may_move (AciesGame *game,
                    gint       l)
{
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint type;

  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "leader-move", &type));
  acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
  for (guint i = 0; i < legal->len; i++)
    if (g_array_index (legal, AciesAction, i).type == type && g_array_index (legal, AciesAction, i).args[0] == l)
      return TRUE;
  return FALSE;
}

/* Clicks @cell as many times as it holds pieces, and once more: the
 * clicks reach, in the ruleset's stack order, each piece there that may
 * act, then the first again, and take no action. */
static void
click_round (AciesPlayDriver *driver,
             AciesCell        cell,
             const GArray    *stack,
             const char      *shot)
{
  AciesPlaySession *session = driver->session;
  AciesGame *game = acies_play_session_get_game (session);
  guint n_actions = acies_game_get_n_actions (game);
  g_autoptr(GArray) reached = g_array_new (FALSE, FALSE, sizeof (AciesPiece));
  AciesPiece first = { FALSE, -1 };

  for (guint click = 0; click <= stack->len; click++)
    {
      AciesPiece piece;

      driver->activate_cell (driver, cell);
      piece = selected_piece (session);
      g_assert_cmpint (piece.index, >=, 0);
      if (click == 0)
        {
          g_autofree char *name = g_strdup_printf ("%s-first.png", shot);

          first = piece;
          driver->screenshot (driver, name);
        }
      else if (piece.is_leader)
        {
          g_autofree char *name = g_strdup_printf ("%s-leader.png", shot);

          driver->screenshot (driver, name);
        }
      if (click > 0 && piece.is_leader == first.is_leader && piece.index == first.index)
        break;
      g_array_append_val (reached, piece);
    }
  /* Each piece that may act, in the stack's order; those that may not
   * (the bottom unit of an SG stack moves only with the top, SG 5.33)
   * are passed over. */
  for (guint i = 0, r = 0; i < stack->len; i++)
    {
      const AciesPiece *piece = &g_array_index (stack, AciesPiece, i);
      gboolean may_act = piece->is_leader ? sg_leader_may_move (game, piece->index)
                                          : acies_play_session_unit_may_act (session, piece->index);

      if (!may_act)
        continue;
      g_assert_cmpuint (r, <, reached->len);
      g_assert_cmpint (g_array_index (reached, AciesPiece, r).is_leader, ==, piece->is_leader);
      g_assert_cmpint (g_array_index (reached, AciesPiece, r).index, ==, piece->index);
      r++;
      if (i + 1 == stack->len)
        g_assert_cmpuint (r, ==, reached->len);
    }
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_actions);
}

/**
 * acies_play_test_sg_stack_clicks:
 * @driver: how the test plays, on a new game of Cynoscephalae (Simple
 *   GBoH) before the first roll
 *
 * SG 4.31, 5.33: the Legate of the left with the stack of Legio II's
 * principes at 0813 (two units and a leader), the left wing activated
 * under him.  Repeated clicks on the hex reach the top unit, then the
 * Legate (the bottom unit never acts alone), then the top unit again;
 * after the stack swaps its order, the new top unit first (the Legate
 * then moves with the stack only).  The one
 * mechanism (acies_ruleset_next_in_stack()) every ruleset's stacks go
 * through.
 */
void
acies_play_test_sg_stack_clicks (AciesPlayDriver *driver)
{
  AciesPlaySession *session = driver->session;
  AciesGame *game = acies_play_session_get_game (session);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("simple-gboh", "cynoscephalae.acies");
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (AciesPiece));
  AciesCell cell = acies_play_test_unit_cell (scenario, "left-pr2a");
  gboolean leader_seen = FALSE;
  gint top;

  apply_json (driver, "{\"type\": \"roll-first\", \"player\": \"rome\"}");
  if (acies_game_get_state (game)->active_side == 1)
    {
      apply_json (driver, "{\"type\": \"pass\", \"player\": \"macedon\"}");
      apply_json (driver, "{\"type\": \"no-seizure\", \"player\": \"macedon\"}");
    }
  apply_json (driver, "{\"type\": \"activate\", \"player\": \"rome\", \"formation\": 0, \"commander\": 5}");
  g_assert_cmpstr (acies_game_get_state (game)->phase, ==, "Movement/Missile Fire");

  acies_ruleset_list_stack (ruleset, acies_game_get_state (game), acies_play_session_get_viewer (session), cell,
                            stack);
  g_assert_cmpuint (stack->len, ==, 3);
  for (guint i = 0; i < stack->len; i++)
    leader_seen |= g_array_index (stack, AciesPiece, i).is_leader;
  g_assert_true (leader_seen);
  top = g_array_index (stack, AciesPiece, 0).index;
  g_assert_true (acies_play_session_unit_may_act (session, top));
  g_assert_false (acies_play_session_unit_may_act (session, g_array_index (stack, AciesPiece, 1).index));
  click_round (driver, cell, stack, "sg-stack");

  /* SG 5.33: the top unit swaps under; the other is reached first now. */
  {
    g_autofree char *swap = g_strdup_printf ("{\"type\": \"swap\", \"player\": \"rome\", \"unit\": \"%s\"}",
                                             acies_ruleset_unit_id (ruleset, acies_game_get_state (game), top));

    acies_play_session_cancel (session);
    apply_json (driver, swap);
  }
  g_array_set_size (stack, 0);
  acies_ruleset_list_stack (ruleset, acies_game_get_state (game), acies_play_session_get_viewer (session), cell,
                            stack);
  g_assert_cmpint (g_array_index (stack, AciesPiece, 1).index, ==, top);
  acies_play_session_cancel (session);
  click_round (driver, cell, stack, "sg-stack-swapped");
}
