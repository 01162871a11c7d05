/* test-a11y.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "game/acies-game.h"
#include "rulesets/acies-ruleset.h"
#include "play/acies-log-line.h"

#include "acies-play-ui.h"
#include "acies-test-ruleset.h"
#include "acies-test-widgets.h"

/* The play mode for a player who hears the board (issue 19.1, 19.2):
 * the focused cell's accessible description, the keys that jump, what an
 * action did announced in the live region, and a name on every button
 * without a label.  Played through the window's actions and the board's
 * keys; the AT-SPI test (a11y-atspi.py) reads the same through the bus. */

static gboolean
is_named (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

/* The board's accessible description as assistive technologies get it
 * (the property set on the widget), checked against what the board says
 * it is. */
static char *
board_description (AciesBoardView *board)
{
  g_autofree char *description = acies_board_view_get_description (board);
  g_autofree char *mismatch = NULL;

  g_assert_nonnull (description);
  mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                 description);
  if (mismatch != NULL)
    g_error ("the board's accessible description is “%s”, not “%s”", mismatch, description);

  return g_steal_pointer (&description);
}

static void
reveal_if_curtain (AciesGameWindow *window)
{
  AciesPlaySession *session = acies_play_ui_session (window);

  for (guint i = 0; i < 3 && acies_play_session_get_curtain_shown (session); i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
      /* Alt+1 waits half a second after the curtain (issue 17.6). */
      acies_test_spin (550);
    }
  g_assert_false (acies_play_session_get_curtain_shown (session));
}

static AciesGameWindow *
start_heraclea (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("grass-crown", "heraclea.acies");
  AciesGameWindow *window;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 4, "Laevinus", "Pyrrhus");
  reveal_if_curtain (window);
  gtk_widget_grab_focus (GTK_WIDGET (acies_play_ui_board (window)));
  acies_test_spin (50);

  return window;
}

/* The first set-up placement of Heraclea by keys alone: D jumps to a cell
 * a placement names, its description says what Return does there, Return
 * places the unit; then the cell's description names the unit in the
 * ruleset's words (as the viewer sees it), and the live region says what
 * happened (the new log lines). */
static void
test_heraclea_placement_described (void)
{
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("grass-crown", NULL);
  AciesGameWindow *window;
  AciesPlaySession *session;
  AciesBoardView *board;
  AciesGame *game;
  GtkLabel *live;
  AciesCell cell = ACIES_CELL_NONE, first;
  g_autofree char *description = NULL;
  g_autofree char *placed = NULL;
  guint n_before, n_log;
  gint view, unit;

  if (ruleset == NULL)
    {
      g_test_skip ("grass-crown is not registered");
      return;
    }
  window = start_heraclea ();
  session = acies_play_ui_session (window);
  board = acies_play_ui_board (window);
  game = acies_play_session_get_game (session);
  g_assert_cmpstr (acies_game_get_state (game)->phase, ==, "Set-up");

  /* D goes round the cells the placements name; the first whose Return
   * takes one placement. */
  /* The set-up begins with decisions off the board (drawing the wings'
   * counters, GC 3.1): Alt+1 takes the first action listed, until a
   * placement names a cell. */
  for (guint i = 0; i < 10 && acies_play_session_next_cell (session, ACIES_CELL_NONE,
                                                            ACIES_PLAY_SESSION_JUMP_DESTINATIONS, FALSE) == ACIES_CELL_NONE; i++)
    {
      g_test_message ("Alt+1: %s", acies_play_session_get_prompt_text (session));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
      acies_test_spin (50);
      reveal_if_curtain (window);
    }
  gtk_widget_grab_focus (GTK_WIDGET (board));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.next-destination", NULL));
  first = acies_board_view_get_focus_cell (board);
  g_assert_cmpint (first, !=, ACIES_CELL_NONE);
  for (guint i = 0; i < 400; i++)
    {
      g_clear_pointer (&description, g_free);
      description = board_description (board);
      if (strstr (description, "Return: ") != NULL)
        {
          cell = acies_board_view_get_focus_cell (board);
          break;
        }
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.next-destination", NULL));
      g_assert_cmpint (acies_board_view_get_focus_cell (board), !=, first);
    }
  g_test_message ("before: %s", description);
  g_assert_cmpint (cell, !=, ACIES_CELL_NONE);
  g_assert_true (g_str_has_prefix (description, "Cell "));
  g_assert_nonnull (strstr (description, acies_board_cell_label (acies_game_get_state (game)->scenario->map.board, cell)));

  /* Return on the board (a key binding of the board: real keys where
   * xdotool is, the board's activation otherwise). */
  n_before = acies_game_get_n_actions (game);
  n_log = g_list_model_get_n_items (acies_play_session_get_log (session));
  if (!acies_play_ui_xdotool (window, "windowraise WIN windowfocus --sync WIN key Return"))
    g_signal_emit_by_name (board, "cell-activated", cell);
  for (guint i = 0; i < 100 && acies_game_get_n_actions (game) == n_before; i++)
    acies_test_spin (20);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);

  /* The live region says what the action did first: the log's new
   * lines, or with none (a placement in the set-up is not an event) the
   * action's own words; then what is asked now (issue 19: it used to say
   * only the next prompt). */
  acies_test_spin (50);
  live = GTK_LABEL (acies_test_find_widget (GTK_WIDGET (window), is_named, "announcement"));
  g_assert_nonnull (live);
  g_test_message ("announced: %s", gtk_label_get_text (live));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (live)));
  g_assert_true (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (live)) == GTK_ACCESSIBLE_ROLE_STATUS);
  if (g_list_model_get_n_items (acies_play_session_get_log (session)) > n_log)
    {
      g_autoptr(AciesLogLine) line = g_list_model_get_item (acies_play_session_get_log (session), n_log);

      g_assert_true (g_str_has_prefix (gtk_label_get_text (live), acies_log_line_get_text (line)));
    }
  else if (!acies_play_session_get_curtain_shown (session))
    {
      const char *done = strstr (gtk_label_get_text (live), "Done: ");
      const char *prompt = acies_play_session_get_prompt_text (session);

      g_assert_nonnull (done);
      if (prompt != NULL)
        g_assert_true (strstr (gtk_label_get_text (live), prompt) > done);
    }

  /* The unit is there now: the cell's description names it as the viewer
   * sees it (after the hand-over, if the other player decides next). */
  reveal_if_curtain (window);
  acies_board_view_set_focus_cell (board, cell);
  gtk_widget_grab_focus (GTK_WIDGET (board));
  acies_test_spin (50);
  view = acies_play_session_get_view_at_cell (session, cell);
  g_assert_cmpint (view, >=, 0);
  unit = acies_play_session_get_view_unit (session, view);
  g_assert_cmpint (unit, >=, 0);
  placed = acies_ruleset_describe_unit (acies_game_get_ruleset (game), acies_game_get_state (game), unit,
                                        acies_play_session_get_viewer (session));
  g_clear_pointer (&description, g_free);
  description = board_description (board);
  g_test_message ("after: %s", description);
  g_assert_nonnull (placed);
  g_assert_nonnull (strstr (description, placed));
  g_assert_null (strstr (description, "No units"));

  /* U reads the full description of the unit on the focused cell (its
   * tooltip) in the live region. */
  {
    g_autofree char *tooltip = acies_play_session_dup_view_tooltip (session, view);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.describe-unit", NULL));
    g_assert_cmpstr (gtk_label_get_text (live), ==, tooltip);
  }

  /* The focus ring: the board has the keyboard, and keys were used. */
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (board));
  acies_test_spin (100);
  g_assert_true (gtk_widget_has_visible_focus (GTK_WIDGET (board)));
  acies_play_ui_screenshot (window, "a11y-focus-ring.png");
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* N jumps between the viewer's own units on the board and D between the
 * selected unit's destinations; each cell's description says what is
 * there and, for a destination, that it is one and what Return does. */
static void
test_jump_keys (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (3);
  AciesGameWindow *window;
  AciesPlaySession *session;
  AciesBoardView *board;
  AciesCell unit_cell, dest;
  g_autofree char *description = NULL;
  gint view;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 5, NULL, NULL);
  reveal_if_curtain (window);
  session = acies_play_ui_session (window);
  board = acies_play_ui_board (window);
  gtk_widget_grab_focus (GTK_WIDGET (board));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.next-unit", NULL));
  unit_cell = acies_board_view_get_focus_cell (board);
  g_assert_cmpint (unit_cell, !=, ACIES_CELL_NONE);
  view = acies_play_session_get_view_at_cell (session, unit_cell);
  g_assert_cmpint (view, >=, 0);
  description = board_description (board);
  g_test_message ("unit: %s", description);
  g_assert_null (strstr (description, "No units"));
  if (acies_play_session_unit_may_act (session, acies_play_session_get_view_unit (session, view)))
    g_assert_nonnull (strstr (description, "Return selects "));

  /* Return selects it; D goes to a destination, described as one. */
  g_signal_emit_by_name (board, "cell-activated", unit_cell);
  acies_test_spin (50);
  if (acies_play_session_get_selected_unit (session) < 0)
    {
      g_test_message ("the first unit cannot act now");
      acies_play_ui_close (window);
      return;
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.next-destination", NULL));
  dest = acies_board_view_get_focus_cell (board);
  g_assert_cmpint (dest, !=, ACIES_CELL_NONE);
  g_clear_pointer (&description, g_free);
  description = board_description (board);
  g_test_message ("destination: %s", description);
  if (acies_play_session_get_destination_cost (session, dest) != NULL)
    g_assert_nonnull (strstr (description, "Legal destination for "));
  g_assert_nonnull (strstr (description, "Return"));

  /* Back with Shift+N: a unit of one's own again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.previous-unit", NULL));
  g_assert_cmpint (acies_play_session_get_view_at_cell (session, acies_board_view_get_focus_cell (board)), >=, 0);

  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* Every button without a label of its own (an icon) and every list has
 * an accessible name. */
static void
check_named (GtkWidget *widget,
             GString   *unnamed)
{
  gboolean needs = FALSE;

  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_BUTTON (widget) && !GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)))
    needs = gtk_button_get_label (GTK_BUTTON (widget)) == NULL && gtk_button_get_child (GTK_BUTTON (widget)) != NULL
            && GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (widget)));
  else if (GTK_IS_MENU_BUTTON (widget))
    needs = gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)) == NULL;
  else if (GTK_IS_LIST_BOX (widget) || GTK_IS_LIST_VIEW (widget) || GTK_IS_SEARCH_ENTRY (widget)
           || GTK_IS_EXPANDER (widget))
    /* An expander row's own list of rows goes by the row's title. */
    needs = gtk_widget_get_ancestor (widget, ADW_TYPE_EXPANDER_ROW) == NULL;
  if (needs && !gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
    g_string_append_printf (unnamed, " %s(%s)", G_OBJECT_TYPE_NAME (widget),
                            gtk_widget_get_tooltip_text (widget) != NULL ? gtk_widget_get_tooltip_text (widget) : "");

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_named (child, unnamed);
}

static void
test_named_controls (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (3);
  g_autoptr(GString) unnamed = g_string_new (NULL);
  AciesGameWindow *window;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 5, NULL, NULL);
  reveal_if_curtain (window);
  acies_test_spin (100);
  check_named (GTK_WIDGET (window), unnamed);
  if (unnamed->len > 0)
    g_error ("without an accessible name in the game window:%s", unnamed->str);
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

int
main (int   argc,
      char *argv[])
{
  if (!acies_play_ui_init (&argc, &argv, FALSE))
    return 0;  /* TAP: the "1..0 # SKIP" plan is the skip */

  g_test_add_func ("/acies/a11y/grass-crown/heraclea-placement-described", test_heraclea_placement_described);
  g_test_add_func ("/acies/a11y/board/jump-keys", test_jump_keys);
  g_test_add_func ("/acies/a11y/game-window/named-controls", test_named_controls);

  return acies_play_ui_run ();
}
