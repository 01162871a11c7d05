/* test-play-gestures.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-play"

#include "config.h"

#include <string.h>

#include "acies-play-ui.h"
#include "acies-test-widgets.h"

/* Issue 17's gestures through real windows: a move by its destination,
 * the set-up a wing at a time, a group built by shift-clicks; each driven
 * through the window's play.* actions and its board, as a player does. */

/* GC 8.0: a click on a square several steps away moves the unit there
 * (acies_play_test_check_move_by_destination()): one Take Back
 * (play.undo) takes the steps back; the game replays to the same digest,
 * the autosave too. */
static void
test_move_by_destination (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("grass-crown", "heraclea.acies");
  AciesGameWindow *window;
  AciesPlayDriver driver;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 4, "Laevinus", "Pyrrhus");
  acies_play_ui_driver_init (&driver, window);
  acies_play_test_heraclea_to_move (&driver);
  acies_play_test_check_move_by_destination (&driver);

  /* Issue 17.9: the board's frame is on the selected unit, or nowhere:
   * never on a square the move emptied. */
  {
    AciesPlaySession *session = acies_play_ui_session (window);
    AciesCell framed = acies_board_view_get_selected_cell (acies_play_ui_board (window));

    g_assert_true (framed == ACIES_CELL_NONE || acies_play_session_get_view_at_cell (session, framed) >= 0);
    if (acies_play_session_get_selected_unit (session) < 0)
      g_assert_cmpint (framed, ==, ACIES_CELL_NONE);
  }

  /* The autosave is the game as it is now. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AciesGame) saved = acies_game_load_file (acies_game_window_get_autosave_file (window), &error);
    g_autofree char *saved_digest = NULL;
    g_autofree char *digest = acies_play_ui_digest (window);

    g_assert_no_error (error);
    saved_digest = acies_game_digest (saved);
    g_assert_cmpstr (saved_digest, ==, digest);
  }

  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* GC 3.1: Heraclea's set-up a wing at a time, through play.place-rest
 * (Alt+W), in at most ten actions; one Take Back undoes a wing. */
static void
test_setup_by_wings (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("grass-crown", "heraclea.acies");
  AciesGameWindow *window;
  AciesPlayDriver driver;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 4, "Laevinus", "Pyrrhus");
  acies_play_ui_driver_init (&driver, window);
  acies_play_test_heraclea_setup_by_wings (&driver);
  acies_play_ui_screenshot (window, "heraclea-set-up.png");
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* LB 4.2: a group of four built by shift-clicks on the counters (real
 * input through the X server), activated by one row; the stable keys
 * through play.key. */
static void
test_group_by_picks (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("lost-battles", "cannae.acies");
  AciesGameWindow *window;
  AciesPlayDriver driver;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 4, "Varro", "Hannibal");
  gtk_window_maximize (GTK_WINDOW (window));
  acies_test_spin (300);
  acies_play_ui_driver_init (&driver, window);
  acies_play_test_check_group_by_picks (&driver);
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

/* LB 6.1, 6.5: a Lost Battles attack through Alt+A (play.key) waits in
 * the attack preview, its odds those of acies-cli odds, nothing rolled
 * until play.commit.  New Game offers the start from the historical
 * deployment (the ruleset's option "start", LB 3.3). */
static void
test_lb_attack_preview (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("lost-battles", "cannae.acies");
  AciesGameWindow *window;
  AciesPlayDriver driver;

  acies_play_ui_clear_autosaves ();
  acies_play_ui_set_start_option ("start", "historical");
  window = acies_play_ui_start_game (scenario, 3, "Varro", "Hannibal");
  acies_play_ui_set_start_option (NULL, NULL);
  acies_play_ui_driver_init (&driver, window);
  acies_play_test_check_lb_attack_preview (&driver);
  acies_play_ui_screenshot (window, "cannae-attack.png");
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

int
main (int   argc,
      char *argv[])
{
  if (!acies_play_ui_init (&argc, &argv, FALSE))
    return 0;  /* TAP: the "1..0 # SKIP" plan is the skip; meson reads exit 77 as an error */

  g_test_add_func ("/acies/play-gestures/grass-crown/8.0/move-by-destination", test_move_by_destination);
  g_test_add_func ("/acies/play-gestures/grass-crown/3.1/setup-by-wings", test_setup_by_wings);
  g_test_add_func ("/acies/play-gestures/lost-battles/4.2/group-by-picks", test_group_by_picks);
  g_test_add_func ("/acies/play-gestures/lost-battles/6.5/attack-preview", test_lb_attack_preview);

  return acies_play_ui_run ();
}
