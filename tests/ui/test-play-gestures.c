/* test-play-gestures.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-play"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "acies-window.h"

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

/* The target of the menu item of @model (and its sections) that
 * activates @action, or NULL. */
static GVariant *
menu_target (GMenuModel *model,
             const char *action,
             gboolean   *found)
{
  for (gint i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (section != NULL)
        {
          GVariant *target = menu_target (section, action, found);

          if (*found)
            return target;
        }
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_strcmp0 (name, action) == 0)
        {
          *found = TRUE;
          return g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
        }
    }
  return NULL;
}

/* The window's main menu button (F10). */
static gboolean
is_primary_menu_button (GtkWidget     *widget,
                        gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

static gboolean
file_chooser_shown (gpointer data)
{
  return acies_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, TRUE) != NULL;
}

static gboolean
question_shown (gpointer data)
{
  return acies_play_ui_question (data) != NULL;
}

/* The scenario window of Heraclea, as the command line opens it. */
static AciesWindow *
open_heraclea (GFile **file)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown", "heraclea.acies",
                                            NULL);
  GFile *files[1];
  AciesWindow *window;

  *file = g_file_new_for_path (path);
  files[0] = *file;
  g_application_open (G_APPLICATION (acies_play_ui_app), files, 1, "");
  window = acies_application_find_window (acies_play_ui_app, *file);
  g_assert_nonnull (window);
  gtk_window_present (GTK_WINDOW (window));
  acies_test_spin (200);
  return window;
}

/* Issue 17.9: the main menu's "Export Set-up as PDF…" asks where (a file
 * chooser), and writes no file named '""' into the working folder. */
static void
test_export_menu_asks (void)
{
  g_autoptr(GFile) file = NULL;
  AciesWindow *window = open_heraclea (&file);
  GtkWidget *button = acies_test_find_widget (GTK_WIDGET (window), is_primary_menu_button, NULL);
  g_autoptr(GVariant) target = NULL;
  gboolean found = FALSE;
  GtkWindow *chooser;

  g_assert_nonnull (button);
  /* The menu is made when it first opens. */
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  acies_test_spin (100);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  target = menu_target (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), "win.export-pdf", &found);
  g_assert_true (found);
  g_assert_nonnull (target);
  g_assert_cmpstr (g_variant_get_type_string (target), ==, "s");
  g_assert_cmpstr (g_variant_get_string (target, NULL), ==, "");

  g_action_group_activate_action (G_ACTION_GROUP (window), "export-pdf", target);
  g_assert_true (acies_test_wait_until (file_chooser_shown, NULL, ACIES_PLAY_UI_WAIT_MS));
  g_assert_false (g_file_test ("\"\"", G_FILE_TEST_EXISTS));
  chooser = acies_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, TRUE);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  g_assert_cmpstr (gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser)), ==, "Heraclea.pdf");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  G_GNUC_END_IGNORE_DEPRECATIONS
  acies_test_spin (200);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (100);
}

/* Issue 17.9: Print Preview says something when its program cannot be
 * started: the pages are saved as a PDF, and a dialog says where. */
static void
test_preview_without_viewer (void)
{
  g_autoptr(GFile) file = NULL;
  AciesWindow *window = open_heraclea (&file);
  g_autofree char *command = NULL;
  AdwMessageDialog *dialog;
  const char *body;
  const char *start;
  g_autofree char *pdf = NULL;
  GStatBuf st;

  g_object_get (gtk_settings_get_default (), "gtk-print-preview-command", &command, NULL);
  g_object_set (gtk_settings_get_default (), "gtk-print-preview-command", "acies-no-such-viewer %f", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "print-preview", NULL);
  g_assert_true (acies_test_wait_until (question_shown, window, ACIES_PLAY_UI_WAIT_MS));
  dialog = acies_play_ui_question (GTK_WINDOW (window));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "No Print Preview Program");
  body = adw_message_dialog_get_body (dialog);
  g_assert_nonnull (strstr (body, "acies-no-such-viewer"));
  start = strchr (body, '\n');
  g_assert_nonnull (start);
  pdf = g_strdup (start + 1);
  g_assert_true (g_str_has_suffix (pdf, ".pdf"));
  g_assert_cmpint (g_stat (pdf, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 1000);
  acies_play_ui_answer (dialog, "close");
  g_unlink (pdf);

  g_object_set (gtk_settings_get_default (), "gtk-print-preview-command", command, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (100);
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
  g_test_add_func ("/acies/play-gestures/window/export-menu-asks", test_export_menu_asks);
  g_test_add_func ("/acies/play-gestures/window/preview-without-viewer", test_preview_without_viewer);

  return acies_play_ui_run ();
}
