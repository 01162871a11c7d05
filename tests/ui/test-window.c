/* test-window.c
 *
 * Copyright 2026 The Acies developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first window under a real display: the application as main builds
 * it, the start page, each sample scenario shown on the board view, zoom
 * through the window's actions, the error dialog for a bad file, and the
 * about window.  Skips (exit 77) without a display or a session bus.
 */

#define G_LOG_DOMAIN "acies-test-ui"

#include "config.h"

#include <stdio.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <adwaita.h>

#include "geometry/acies-board.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-catalogue.h"

#include "game/acies-game.h"
#include "rulesets/acies-ruleset.h"
#include "acies-application.h"
#include "acies-compat.h"
#include "acies-dialogs.h"
#include "acies-editor.h"
#include "acies-start-page.h"
#include "play/acies-play-autosave.h"
#include "acies-board-view-private.h"
#include "acies-window.h"
#include "acies-test-widgets.h"

#define WAIT_TIMEOUT_MS 10000

static AciesApplication *app;

/* Helpers. */

typedef gboolean (*Condition) (gpointer data);

/* Spins the main loop until @cond holds or the time runs out. */
static gboolean
wait_until (Condition cond,
            gpointer  data)
{
  return acies_test_wait_until (cond, data, WAIT_TIMEOUT_MS);
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static gboolean
has_drawn (gpointer data)
{
  return acies_board_view_get_draw_count (ACIES_BOARD_VIEW (data)) > 0;
}

typedef struct
{
  AciesBoardView *view;
  guint           count;
} DrawWait;

static gboolean
has_drawn_again (gpointer data)
{
  DrawWait *wait = data;

  return acies_board_view_get_draw_count (wait->view) > wait->count;
}

static gboolean
no_toplevels (gpointer data)
{
  return g_list_model_get_n_items (gtk_window_get_toplevels ()) == 0;
}

static void
destroy_all_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (window);
    }

  g_assert_true (wait_until (no_toplevels, NULL));
}

static AciesWindow *
newest_window (void)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  g_assert_nonnull (windows);
  g_assert_true (ACIES_IS_WINDOW (windows->data));

  return windows->data;
}

/* Destroys @window and checks that nothing kept it, or its board view,
 * alive. */
static void
close_and_finalize (AciesWindow *window)
{
  AciesBoardView *view = acies_window_get_board_view (window);

  g_object_ref (window);
  g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &view);

  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);

  g_assert_finalize_object (window);
  g_assert_null (view);
}

/* Shows @window, waits until the board is drawn, and checks the board
 * view: the scenario, a size, a draw, zoom through the window's actions. */
static void
check_board_window (AciesWindow   *window,
                    AciesScenario *scenario)
{
  AciesBoardView *view = acies_window_get_board_view (window);
  g_autoptr(AciesScenario) shown = NULL;
  DrawWait draw_wait;
  double zoom;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_until (is_mapped, view));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  g_assert_true (wait_until (has_drawn, view));

  g_object_get (view, "scenario", &shown, NULL);
  g_assert_true (shown == scenario);
  g_assert_true (acies_window_get_scenario (window) == scenario);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), >, 0);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), >, 0);
  g_assert_cmpuint (acies_board_view_get_draw_count (view), >, 0);

  /* The window is titled after the scenario. */
  if (scenario->meta.title != NULL && *scenario->meta.title != '\0')
    g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, scenario->meta.title);

  /* Zoom through the actions a user triggers (Ctrl+plus, Ctrl+minus, Ctrl+0). */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "zoom-in"));
  g_assert_cmpfloat_with_epsilon (acies_board_view_get_zoom (view), 1.0, 1e-9);

  draw_wait.view = view;
  draw_wait.count = acies_board_view_get_draw_count (view);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
  zoom = acies_board_view_get_zoom (view);
  g_assert_cmpfloat (zoom, >, 1.0);
  g_assert_true (wait_until (has_drawn_again, &draw_wait));

  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
  g_assert_cmpfloat (acies_board_view_get_zoom (view), >, zoom);

  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-out", NULL);
  g_assert_cmpfloat_with_epsilon (acies_board_view_get_zoom (view), zoom, 1e-9);

  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-reset", NULL);
  g_assert_cmpfloat_with_epsilon (acies_board_view_get_zoom (view), 1.0, 1e-9);

  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-out", NULL);
  g_assert_cmpfloat (acies_board_view_get_zoom (view), <, 1.0);

  /* The zoom is clamped. */
  for (guint i = 0; i < 40; i++)
    g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
  g_assert_cmpfloat_with_epsilon (acies_board_view_get_zoom (view), ACIES_BOARD_VIEW_ZOOM_MAX, 1e-9);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-reset", NULL);

  /* The centre of the widget shows a cell of the board, which a click
   * selects. */
  {
    AciesCell cell = acies_board_view_cell_at_point (view,
                                                     gtk_widget_get_width (GTK_WIDGET (view)) / 2.0,
                                                     gtk_widget_get_height (GTK_WIDGET (view)) / 2.0);

    g_assert_true (acies_board_contains (scenario->map.board, cell));
    acies_board_view_set_selected_cell (view, cell);
    g_assert_cmpint (acies_board_view_get_selected_cell (view), ==, cell);
  }
}

/* Tests. */

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The .acies files under the resource folder @path, recursively. */
static guint
count_bundled (const char *path,
               GPtrArray  *names)
{
  g_auto(GStrv) children = g_resources_enumerate_children (path, 0, NULL);
  guint n = 0;

  for (guint i = 0; children != NULL && children[i] != NULL; i++)
    {
      g_autofree char *child = g_strconcat (path, children[i], NULL);

      if (g_str_has_suffix (children[i], "/"))
        n += count_bundled (child, names);
      else if (g_str_has_suffix (children[i], ".acies"))
        {
          g_ptr_array_add (names, g_strdup (children[i]));
          n++;
        }
    }

  return n;
}

/* Every scenario bundled (the battles in their rule system's folder and
 * the samples) is on the start page, the playable battles first. */
static void
test_start_page_battles (void)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  AciesWindow *window;
  AciesStartPage *page;
  GListModel *samples;
  guint n = count_bundled ("/io/github/acies/Acies/scenarios/", names);
  gboolean seen_unplayable = FALSE, seen_sample = FALSE;

  g_application_activate (G_APPLICATION (app));
  window = newest_window ();
  page = acies_window_get_start_page (window);
  samples = acies_start_page_get_samples (page);
  g_assert_cmpuint (n, >, 3);
  g_assert_cmpuint (g_list_model_get_n_items (samples), ==, n);

  for (guint i = 0; i < g_list_model_get_n_items (samples); i++)
    {
      g_autoptr(GFile) file = g_list_model_get_item (samples, i);
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *path = g_uri_unescape_string (uri + strlen ("resource://"), NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
      g_autoptr(AciesScenario) scenario = NULL;
      g_autofree char *unplayable = NULL;
      gboolean sample = strstr (uri, "/samples/") != NULL;

      g_assert_nonnull (bytes);
      scenario = acies_scenario_load_data (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), uri, NULL);
      g_assert_nonnull (scenario);
      unplayable = acies_editor_describe_unplayable (scenario->ruleset);
      /* Playable ones first; among them the battles before the samples. */
      if (unplayable == NULL)
        {
          g_assert_false (seen_unplayable);
          if (!sample)
            g_assert_false (seen_sample);
        }
      seen_unplayable |= unplayable != NULL;
      seen_sample |= sample && unplayable == NULL;
      /* Its row is on the page, by its title. */
      g_assert_nonnull (acies_test_find_row (GTK_WIDGET (page), scenario->meta.title, NULL));
      if (i == 0)
        g_assert_false (sample);
    }
  g_assert_true (g_ptr_array_find_with_equal_func (names, "heraclea.acies", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (names, "cannae.acies", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (names, "gaugamela.acies", g_str_equal, NULL));

  close_and_finalize (window);
  destroy_all_windows ();
}

/* "Unfinished Games" names each autosaved game by its scenario, players,
 * turn and time, and leaves out a game with no action. */
static void
test_start_page_unfinished (void)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown",
                                            "heraclea.acies", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) dir = acies_play_autosave_dir ();
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) played = NULL;
  g_autoptr(GFile) empty = NULL;
  const char * const names[] = { "Laevinus", "Pyrrhus", NULL };
  AciesWindow *window;
  AciesStartPage *page;
  AdwActionRow *row;

  scenario = acies_scenario_load_file (file, &error);
  g_assert_no_error (error);
  ruleset = acies_ruleset_lookup (scenario->ruleset, &error);
  g_assert_no_error (error);
  g_file_make_directory_with_parents (dir, NULL, NULL);
  {
    g_autoptr(GPtrArray) old = acies_play_autosave_list ();

    /* Only this test's games: none left by others in the same home. */
    for (guint i = 0; i < old->len; i++)
      g_file_delete (g_ptr_array_index (old, i), NULL, NULL);
  }

  /* One game with an action, one without. */
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(AciesGame) game = acies_game_new (scenario, ruleset, 7, ACIES_DICE_MODE_SEEDED, NULL, &error);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      g_autoptr(GFile) target = acies_play_autosave_new_file ();

      g_assert_no_error (error);
      acies_game_set_player_names (game, names);
      if (k == 0)
        {
          acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
          g_assert_cmpuint (legal->len, >, 0);
          g_assert_true (acies_game_apply (game, &g_array_index (legal, AciesAction, 0), &error));
          g_assert_no_error (error);
        }
      g_assert_true (acies_game_save_file (game, target, &error));
      g_assert_no_error (error);
      if (k == 0)
        played = g_object_ref (target);
      else
        empty = g_object_ref (target);
    }

  g_application_activate (G_APPLICATION (app));
  window = newest_window ();
  page = acies_window_get_start_page (window);
  acies_start_page_reload_unfinished (page);
  g_assert_cmpuint (g_list_model_get_n_items (acies_start_page_get_unfinished (page)), ==, 1);
  {
    g_autoptr(GFile) listed = g_list_model_get_item (acies_start_page_get_unfinished (page), 0);

    g_assert_true (g_file_equal (listed, played));
  }
  /* Not a file name: the title; the players, turn and time below it. */
  row = acies_test_find_row (GTK_WIDGET (page), scenario->meta.title, "Laevinus");
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "Pyrrhus"));
  /* The turn in the rulebook's words ("Set-up", "Pyrrhus Turn 2"), or
   * "Turn N" when the ruleset has none. */
  {
    g_autoptr(AciesGame) game = acies_game_load_file (played, &error);
    g_autofree char *turn = NULL;

    g_assert_no_error (error);
    turn = acies_ruleset_describe_turn (ruleset, acies_game_get_state (game));
    if (turn == NULL)
      turn = g_strdup_printf ("Turn %u", acies_game_get_state (game)->turn);
    g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), turn));
  }
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "saved "));

  g_file_delete (played, NULL, NULL);
  g_file_delete (empty, NULL, NULL);
  close_and_finalize (window);
  destroy_all_windows ();
}

static void
test_start_page (void)
{
  AciesWindow *window;
  AciesStartPage *page;
  GListModel *samples;
  guint n_samples = 0;

  g_application_activate (G_APPLICATION (app));
  window = newest_window ();
  g_assert_true (acies_window_is_empty (window));
  g_assert_null (acies_window_get_scenario (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Acies");

  /* Every bundled scenario is listed (the samples and the battles). */
  {
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

    n_samples = count_bundled ("/io/github/acies/Acies/scenarios/", names);
  }
  g_assert_cmpuint (n_samples, >, 0);

  page = acies_window_get_start_page (window);
  samples = acies_start_page_get_samples (page);
  g_assert_cmpuint (g_list_model_get_n_items (samples), ==, n_samples);

  /* "New Scenario" opens the scenario editor's dialog. */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (app), "new-scenario"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (app), "open"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "zoom-in"));

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_until (is_mapped, page));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (page));

  /* Activating the first listed sample (as its row does) shows it in this
   * same window. */
  {
    g_autoptr(GFile) first = g_list_model_get_item (samples, 0);
    g_autofree char *uri = g_file_get_uri (first);

    g_action_group_activate_action (G_ACTION_GROUP (app), "open-uri", g_variant_new_string (uri));
    g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
    g_assert_false (acies_window_is_empty (window));
    g_assert_true (g_file_equal (acies_window_get_file (window), first));
    check_board_window (window, acies_window_get_scenario (window));
  }

  close_and_finalize (window);
  destroy_all_windows ();
}

static void
test_built_scenario (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (12, 8);
  g_autoptr(AciesScenario) scenario = acies_scenario_new ("grass-crown", board, "clear");
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");
  const AciesTerrainType *terrain;
  AciesWindow *window;
  AciesBoardView *view;
  AciesCell cell;
  g_autofree char *description = NULL;
  char *message;

  g_assert_nonnull (catalogue);
  scenario->meta.title = g_strdup ("A Field Near Heraclea");

  window = acies_window_new (app);
  acies_window_set_scenario (window, scenario, NULL);
  view = acies_window_get_board_view (window);
  check_board_window (window, scenario);

  /* The accessible label describes the board. */
  message = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view),
                                                GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                "Board of A Field Near Heraclea: square grid, 12 by 8 squares");
  g_assert_null (message);
  g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_ROLE_GRID));

  /* The focus cell follows the arrow keys' logic and is described with
   * its label and terrain. */
  cell = acies_board_cell_at (board, 3, 2);
  acies_board_view_set_focus_cell (view, cell);
  g_assert_cmpint (acies_board_view_get_focus_cell (view), ==, cell);
  terrain = acies_catalogue_find_terrain (catalogue, "clear");
  g_assert_nonnull (terrain);
  description = g_strdup_printf ("Cell %s, %s", acies_board_cell_label (board, cell), terrain->name);
  message = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view),
                                                GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                description);
  g_assert_null (message);

  /* A cell off the board is no cell. */
  acies_board_view_set_focus_cell (view, 12 * 8);
  g_assert_cmpint (acies_board_view_get_focus_cell (view), ==, ACIES_CELL_NONE);

  close_and_finalize (window);
  destroy_all_windows ();
}

static void
test_sample (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) expected = NULL;
  AciesWindow *window;
  GFile *files[1] = { file };

  /* Open it the way the command line does. */
  g_application_open (G_APPLICATION (app), files, 1, "");
  window = acies_application_find_window (app, file);
  if (window == NULL)
    {
      /* Say why: the same reader the window uses. */
      expected = acies_scenario_load_file (file, &error);
      g_assert_no_error (error);
    }
  g_assert_nonnull (window);

  expected = acies_scenario_load_file (file, &error);
  g_assert_no_error (error);
  g_assert_true (acies_scenario_equal (acies_window_get_scenario (window), expected));

  check_board_window (window, acies_window_get_scenario (window));

  /* A file opened from disk heads the recent files. */
  {
    g_auto(GStrv) recent = g_settings_get_strv (acies_application_get_settings (app), "recent-files");
    g_autofree char *uri = g_file_get_uri (file);

    g_assert_nonnull (recent[0]);
    g_assert_cmpstr (recent[0], ==, uri);
  }

  /* One window per document: opening it again shows the same window. */
  g_application_open (G_APPLICATION (app), files, 1, "");
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
  g_assert_true (acies_application_find_window (app, file) == window);

  close_and_finalize (window);
  destroy_all_windows ();
}

static GtkWidget *
find_message_dialog (void)
{
  return acies_alert_find (NULL);
}

static gboolean
dialog_gone (gpointer data)
{
  return find_message_dialog () == NULL;
}

static void
test_open_error (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;
  GFile *files[1];

  dir = g_dir_make_tmp ("acies-ui-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "broken.acies", NULL);
  g_file_set_contents (path, "{ \"format\": \"acies-scenario\", \"version\": ", -1, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (path);
  files[0] = file;

  g_application_open (G_APPLICATION (app), files, 1, "");

  /* No window for the file, a start window behind a dialog that says what
   * went wrong. */
  g_assert_null (acies_application_find_window (app, file));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), >=, 1);
  g_assert_true (acies_window_is_empty (newest_window ()) ||
                 G_TYPE_CHECK_INSTANCE_TYPE (gtk_application_get_windows (GTK_APPLICATION (app))->data,
                                             ACIES_TYPE_ALERT));

  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (acies_alert_get_heading (dialog), "broken.acies"));
  g_assert_nonnull (acies_alert_get_body (dialog));
  g_assert_cmpstr (acies_alert_get_body (dialog), !=, "");

  /* As the user closes it (its Close button closes, then responds). */
  acies_dialog_close (dialog);
  g_assert_true (wait_until (dialog_gone, NULL));

  destroy_all_windows ();
  g_unlink (path);
  g_rmdir (dir);
}


static gboolean
window_gone (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* A painted cell, then the window's close: Save Changes? answered Discard
 * closes the window with no critical (criticals are fatal here), through
 * the close button and through app.quit (Ctrl+Q). */
static void
test_discard_close (gconstpointer data)
{
  gboolean through_quit = GPOINTER_TO_INT (data);
  g_autoptr(AciesBoard) board = acies_board_new_square (12, 8);
  g_autoptr(AciesScenario) scenario = acies_scenario_new ("grass-crown", board, "clear");
  AciesCell cell = acies_board_cell_at (board, 2, 2);
  AciesEditorDocument *doc;
  AciesWindow *window;
  GtkWidget *dialog;

  destroy_all_windows ();
  scenario->meta.title = g_strdup ("Painted");
  window = acies_window_new (app);
  acies_window_set_scenario (window, scenario, NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_until (is_mapped, window));
  doc = acies_window_get_document (window);
  g_assert_nonnull (doc);
  g_assert_cmpuint (acies_editor_document_paint_terrain (doc, &cell, 1, "broken", FALSE), ==, 1);
  g_assert_true (acies_editor_document_get_dirty (doc));

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  if (through_quit)
    g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  else
    gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_nonnull (window);
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (acies_alert_get_heading (dialog), ==, "Save Changes?");

  /* Cancel keeps it, with its changes. */
  acies_alert_respond (dialog, "cancel");
  acies_test_spin (50);
  g_assert_nonnull (window);
  g_assert_true (acies_editor_document_get_dirty (acies_window_get_document (window)));

  if (through_quit)
    g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  else
    gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  acies_alert_respond (dialog, "discard");
  g_assert_true (wait_until (window_gone, &window));
  acies_test_spin (50);
  g_assert_true (wait_until (dialog_gone, NULL));
  destroy_all_windows ();
}

/* A question over one window leaves the others usable: each window has a
 * window group of its own (a modal dialog grabs only its group), and the
 * dialog joins its window's. */
static void
test_dialog_per_window (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (12, 8);
  g_autoptr(AciesScenario) scenario = acies_scenario_new ("grass-crown", board, "clear");
  AciesCell cell = acies_board_cell_at (board, 2, 2);
  AciesWindow *first, *second;
  GtkWidget *dialog;

  destroy_all_windows ();
  first = acies_window_new (app);
  acies_window_set_scenario (first, scenario, NULL);
  second = acies_window_new (app);
  gtk_window_present (GTK_WINDOW (first));
  gtk_window_present (GTK_WINDOW (second));
  g_assert_true (wait_until (is_mapped, first));
  g_assert_true (wait_until (is_mapped, second));
  g_assert_true (gtk_window_has_group (GTK_WINDOW (first)));
  g_assert_true (gtk_window_has_group (GTK_WINDOW (second)));
  g_assert_true (gtk_window_get_group (GTK_WINDOW (first)) != gtk_window_get_group (GTK_WINDOW (second)));
  g_assert_true (gtk_window_get_group (GTK_WINDOW (first)) != gtk_window_get_group (NULL));

  g_assert_cmpuint (acies_editor_document_paint_terrain (acies_window_get_document (first), &cell, 1, "broken", FALSE), ==, 1);
  gtk_window_close (GTK_WINDOW (first));
  acies_test_spin (50);
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  /* A dialog window (libadwaita before 1.5) grabs its parent's group only;
   * an AdwDialog lives inside its window. */
  if (GTK_IS_WINDOW (dialog))
    {
      g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
      g_assert_true (gtk_window_get_group (GTK_WINDOW (dialog)) == gtk_window_get_group (GTK_WINDOW (first)));
    }
  else
    g_assert_true (gtk_widget_get_root (dialog) == GTK_ROOT (first));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (second)));
  acies_alert_respond (dialog, "discard");
  acies_test_spin (50);
  destroy_all_windows ();
}

static gboolean
about_shown (gpointer data)
{
  GtkWidget *about = acies_dialog_find (ACIES_TYPE_ABOUT, NULL);

  *(GtkWidget **) data = about;
  return about != NULL && gtk_widget_get_mapped (about);
}

static void
test_about (void)
{
  GtkWidget *about = NULL;
  g_autofree char *name = NULL;
  g_autofree char *icon = NULL;

  g_application_activate (G_APPLICATION (app));
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  g_assert_true (wait_until (about_shown, &about));
  g_object_get (about, "application-name", &name, "application-icon", &icon, NULL);
  g_assert_cmpstr (name, ==, "Acies");
  g_assert_cmpstr (icon, ==, APP_ID);
  gtk_test_widget_wait_for_draw (about);

  destroy_all_windows ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) samples = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *samples_dir = NULL;
  const char *name;
  int status;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      printf ("1..0 # SKIP no display\n");
      return 0;  /* TAP: the "1..0 # SKIP" plan is the skip; meson reads exit 77 as an error */
    }
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      printf ("1..0 # SKIP no session bus (run under dbus-run-session)\n");
      return 0;  /* TAP: the "1..0 # SKIP" plan is the skip; meson reads exit 77 as an error */
    }

  /* The schema compiled in the build folder; the memory backend comes from
   * the test environment. */
  g_setenv ("GSETTINGS_SCHEMA_DIR", ACIES_SCHEMA_DIR, TRUE);
  if (g_getenv ("GSETTINGS_BACKEND") == NULL)
    g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  gtk_test_init (&argc, &argv, NULL);

  app = acies_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (acies_application_get_settings (app));

  g_test_add_func ("/acies/ui/start-page", test_start_page);
  g_test_add_func ("/acies/ui/start-page-battles", test_start_page_battles);
  g_test_add_func ("/acies/ui/start-page-unfinished", test_start_page_unfinished);
  g_test_add_func ("/acies/ui/built-scenario", test_built_scenario);
  g_test_add_func ("/acies/ui/open-error", test_open_error);
  g_test_add_func ("/acies/ui/about", test_about);
  g_test_add_func ("/acies/ui/dialog-per-window", test_dialog_per_window);
  g_test_add_data_func ("/acies/ui/discard-close/close", GINT_TO_POINTER (FALSE), test_discard_close);
  g_test_add_data_func ("/acies/ui/discard-close/quit", GINT_TO_POINTER (TRUE), test_discard_close);

  samples_dir = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "samples", NULL);
  dir = g_dir_open (samples_dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".acies"))
      g_ptr_array_add (samples, g_strdup (name));
  g_ptr_array_sort (samples, compare_names);
  for (guint i = 0; i < samples->len; i++)
    {
      const char *sample = g_ptr_array_index (samples, i);
      g_autofree char *test_path = g_strdup_printf ("/acies/ui/sample/%s", sample);

      g_test_add_data_func_full (test_path,
                                 g_build_filename (samples_dir, sample, NULL),
                                 test_sample, g_free);
    }

  status = g_test_run ();

  destroy_all_windows ();
  g_clear_object (&app);

  return status;
}
