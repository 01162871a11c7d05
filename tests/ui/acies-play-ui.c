/* acies-play-ui.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-play"

#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gdk/x11/gdkx.h>

#include "play/acies-new-game-dialog.h"
#include "play/acies-play-autosave.h"
#include "acies-test-ruleset.h"
#include "acies-test-widgets.h"

#include "acies-play-ui.h"

AciesApplication *acies_play_ui_app;

static char *data_home;

/**
 * acies_play_ui_init:
 * @argc: main's
 * @argv: main's
 * @child: whether this is the child process of a kill test (it keeps the
 *   parent's autosave folder and takes no test options)
 *
 * The application under test, with test-race registered, autosaves in a
 * folder of this run.
 *
 * Returns: %FALSE when there is no display or no session bus: the tests
 *   are skipped (a TAP plan "1..0 # SKIP" is printed)
 */
gboolean
acies_play_ui_init (int       *argc,
                    char    ***argv,
                    gboolean   child)
{
  g_autoptr(GError) error = NULL;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      printf ("1..0 # SKIP no display\n");
      return FALSE;
    }
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      printf ("1..0 # SKIP no session bus (run under dbus-run-session)\n");
      return FALSE;
    }

  /* Autosaves go to a folder of this run; the child inherits it. */
  if (!child)
    {
      data_home = g_dir_make_tmp ("acies-test-play-XXXXXX", &error);
      g_assert_no_error (error);
      g_setenv ("XDG_DATA_HOME", data_home, TRUE);
    }
  g_setenv ("GSETTINGS_SCHEMA_DIR", ACIES_SCHEMA_DIR, TRUE);
  if (g_getenv ("GSETTINGS_BACKEND") == NULL)
    g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  if (child)
    {
      int child_argc = 1;

      gtk_test_init (&child_argc, argv, NULL);
    }
  else
    gtk_test_init (argc, argv, NULL);

  acies_ruleset_register ("test-race", acies_test_ruleset_new);

  acies_play_ui_app = acies_application_new ();
  g_application_set_flags (G_APPLICATION (acies_play_ui_app),
                           g_application_get_flags (G_APPLICATION (acies_play_ui_app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (acies_play_ui_app), NULL, &error);
  g_assert_no_error (error);

  return TRUE;
}

/* Runs the tests, then leaves nothing behind: no window, no autosave. */
int
acies_play_ui_run (void)
{
  int status = g_test_run ();

  acies_play_ui_destroy_all_windows ();
  g_clear_object (&acies_play_ui_app);
  acies_play_ui_clear_autosaves ();
  {
    g_autoptr(GFile) dir = acies_play_autosave_dir ();
    g_autofree char *path = g_file_get_path (dir);
    g_autofree char *acies = g_path_get_dirname (path);

    g_rmdir (path);
    g_rmdir (acies);
    g_rmdir (data_home);
  }
  g_clear_pointer (&data_home, g_free);

  return status;
}

/* Windows and games. */

AciesGameWindow *
acies_play_ui_find_game_window (AciesGameWindow *other)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (acies_play_ui_app)); l != NULL; l = l->next)
    if (ACIES_IS_GAME_WINDOW (l->data) && l->data != other)
      return l->data;

  return NULL;
}

void
acies_play_ui_destroy_all_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  gint64 end;

  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (window);
    }
  end = g_get_monotonic_time () + ACIES_PLAY_UI_WAIT_MS * 1000;
  while (g_list_model_get_n_items (toplevels) > 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

void
acies_play_ui_clear_autosaves (void)
{
  g_autoptr(GPtrArray) files = acies_play_autosave_list ();

  for (guint i = 0; i < files->len; i++)
    acies_play_autosave_remove (g_ptr_array_index (files, i));
}

static const char *start_option_id;
static const char *start_option_value;

/* A house option for the next games started (static strings), or none
 * with %NULL. */
void
acies_play_ui_set_start_option (const char *id,
                                const char *value)
{
  start_option_id = id;
  start_option_value = value;
}

/* Starts a game of @scenario through the new-game dialog. */
AciesGameWindow *
acies_play_ui_start_game (AciesScenario *scenario,
                          guint64        seed,
                          const char    *player0,
                          const char    *player1)
{
  AciesNewGameDialog *dialog;
  AciesGameWindow *window;

  dialog = acies_application_new_game (acies_play_ui_app, NULL, scenario);
  g_assert_nonnull (dialog);
  acies_new_game_dialog_set_seed (dialog, seed);
  g_assert_cmpuint (acies_new_game_dialog_get_seed (dialog), ==, seed);
  if (player0 != NULL)
    acies_new_game_dialog_set_player_name (dialog, 0, player0);
  if (player1 != NULL)
    acies_new_game_dialog_set_player_name (dialog, 1, player1);
  if (start_option_id != NULL)
    g_assert_true (acies_new_game_dialog_set_option (dialog, start_option_id, start_option_value));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "newgame.start", NULL));

  window = acies_play_ui_find_game_window (NULL);
  g_assert_nonnull (window);
  g_assert_cmpuint (acies_game_get_seed (acies_play_ui_game (window)), ==, seed);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  return window;
}

/* Destroys @window: nothing keeps it (or its session) alive. */
void
acies_play_ui_close (AciesGameWindow *window)
{
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
}

AciesPlaySession *
acies_play_ui_session (AciesGameWindow *window)
{
  return acies_game_window_get_session (window);
}

AciesGame *
acies_play_ui_game (AciesGameWindow *window)
{
  return acies_play_session_get_game (acies_game_window_get_session (window));
}

/* The window's board, found as a user finds it. */
AciesBoardView *
acies_play_ui_board (AciesGameWindow *window)
{
  GtkWidget *board = acies_test_find_type (GTK_WIDGET (window), ACIES_TYPE_BOARD_VIEW);

  g_assert_nonnull (board);
  return ACIES_BOARD_VIEW (board);
}

char *
acies_play_ui_digest (AciesGameWindow *window)
{
  return acies_game_digest (acies_play_ui_game (window));
}

/* The game's digest in the test's output: a played battle must end in the
 * same state from one version of the play window to the next. */
void
acies_play_ui_report_digest (AciesGameWindow *window,
                             const char      *name)
{
  g_autofree char *digest = acies_play_ui_digest (window);

  g_test_message ("%s: %u actions, digest %s", name,
                  acies_game_get_n_actions (acies_play_ui_game (window)), digest);
}

/* Commands, as the player gives them. */

/* Takes row @index of the actions list (play.choose), whose rows cite
 * their rule once. */
void
acies_play_ui_choose (AciesGameWindow *window,
                      gint             index)
{
  g_assert_cmpint (index, >=, 0);
  acies_play_test_check_rules_cited_once (acies_play_ui_session (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose", "i", index));
}

/* A click on @cell of the board (or Return on it). */
void
acies_play_ui_click_cell (AciesGameWindow *window,
                          AciesCell        cell)
{
  g_signal_emit_by_name (acies_play_ui_board (window), "cell-activated", cell);
}

/* Takes the first legal action through play.apply. */
void
acies_play_ui_make_a_move (AciesGameWindow *window)
{
  AciesGame *game = acies_play_ui_game (window);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *json = NULL;
  guint n = acies_game_get_n_actions (game);

  acies_ruleset_legal_actions (acies_game_get_ruleset (game), acies_game_get_state (game), legal);
  g_assert_cmpuint (legal->len, >, 0);
  node = acies_ruleset_action_to_json (acies_game_get_ruleset (game), acies_game_get_state (game),
                                       &g_array_index (legal, AciesAction, 0));
  json = json_to_string (node, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.apply", "s", json));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, n + 1);
}

static void
window_choose (AciesPlayDriver *driver,
               gint             index)
{
  acies_play_ui_choose (driver->data, index);
}

static void
window_reveal (AciesPlayDriver *driver)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (driver->data), "play.reveal", NULL));
}

static void
window_commit (AciesPlayDriver *driver)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (driver->data), "play.commit", NULL));
}

static void
window_activate_cell (AciesPlayDriver *driver,
                      AciesCell        cell)
{
  acies_play_ui_click_cell (driver->data, cell);
}

static void
window_undo (AciesPlayDriver *driver)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (driver->data), "play.undo", NULL));
  /* One's own decision: no question asked. */
  g_assert_null (acies_play_ui_question (GTK_WINDOW (driver->data)));
}

static void
window_place_rest (AciesPlayDriver *driver)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (driver->data), "play.place-rest", NULL));
}

/* A shift-click on the unit's counter through the X server, in the
 * off-map box or on the board; play.pick where there is no X11. */
static void
window_pick (AciesPlayDriver *driver,
             gint             unit)
{
  if (acies_play_ui_shift_click_unit (driver->data, unit))
    g_test_message ("shift-click on unit %d through the X server", unit);
  else
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (driver->data), "play.pick", "i", (gint32) unit));
}

static void
window_screenshot (AciesPlayDriver *driver,
                   const char      *name)
{
  acies_play_ui_screenshot (driver->data, name);
}

static void
window_key (AciesPlayDriver *driver,
            const char      *letter)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (driver->data), "play.key", "s", letter));
}

/* A driver that plays @window as a player does: its play.* actions, its
 * board's clicks. */
void
acies_play_ui_driver_init (AciesPlayDriver *driver,
                           AciesGameWindow *window)
{
  acies_play_test_driver_init (driver, acies_play_ui_session (window));
  driver->data = window;
  driver->choose = window_choose;
  driver->reveal = window_reveal;
  driver->commit = window_commit;
  driver->activate_cell = window_activate_cell;
  driver->undo = window_undo;
  driver->place_rest = window_place_rest;
  driver->pick = window_pick;
  driver->key = window_key;
  driver->screenshot = window_screenshot;
}

/* Questions. */

/* The question @parent asks now (an alert on show over it), or NULL. */
GtkWidget *
acies_play_ui_question (GtkWindow *parent)
{
  return acies_alert_find (GTK_WIDGET (parent));
}

/* As a click on a response's button: the dialog goes, then the response. */
void
acies_play_ui_answer (GtkWidget  *dialog,
                      const char *response)
{
  g_assert_nonnull (dialog);
  acies_alert_respond (dialog, response);
}

gboolean
acies_play_ui_window_is_open (gpointer window)
{
  return g_list_find (gtk_application_get_windows (GTK_APPLICATION (acies_play_ui_app)), window) != NULL;
}

/* Lets the main loop run until @window is gone, or a few seconds. */
void
acies_play_ui_wait_closed (gpointer window)
{
  gint64 end = g_get_monotonic_time () + ACIES_PLAY_UI_WAIT_MS * 1000;

  while (acies_play_ui_window_is_open (window) && g_get_monotonic_time () < end)
    acies_test_spin (20);
}

/* The screen and real input. */

/* With ACIES_TEST_SHOTS=DIR, a screenshot of @window alone at the size
 * it has (for a person to look at; the assertions do not depend on it). */
void
acies_play_ui_screenshot_window (GtkWindow  *window,
                                 const char *name)
{
  const char *dir = g_getenv ("ACIES_TEST_SHOTS");
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *path = NULL;
  g_autofree char *command = NULL;

  if (dir == NULL || surface == NULL || !GDK_IS_X11_SURFACE (surface))
    return;
  acies_test_spin (300);
  path = g_build_filename (dir, name, NULL);
  command = g_strdup_printf ("import -window %lu %s", acies_surface_get_x11_xid (surface), path);
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
}

/* With ACIES_TEST_SHOTS=DIR, a screenshot of the screen (for a person to
 * look at; the assertions do not depend on it), and the same in the dark
 * style, "NAME-dark.png". */
void
acies_play_ui_screenshot (AciesGameWindow *window,
                          const char      *name)
{
  const char *dir = g_getenv ("ACIES_TEST_SHOTS");
  g_autofree char *path = NULL;
  g_autofree char *command = NULL;

  if (dir == NULL)
    return;
  gtk_window_maximize (GTK_WINDOW (window));
  acies_test_spin (500);
  path = g_build_filename (dir, name, NULL);
  command = g_strdup_printf ("import -window root %s", path);
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);

  {
    AdwStyleManager *manager = adw_style_manager_get_default ();
    AdwColorScheme scheme = adw_style_manager_get_color_scheme (manager);
    g_autofree char *base = g_strndup (name, strlen (name) - (g_str_has_suffix (name, ".png") ? 4 : 0));
    g_autofree char *dark_name = g_strdup_printf ("%s-dark.png", base);
    g_autofree char *dark_path = g_build_filename (dir, dark_name, NULL);
    g_autofree char *dark_command = g_strdup_printf ("import -window root %s", dark_path);

    adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
    acies_test_spin (500);
    g_spawn_command_line_sync (dark_command, NULL, NULL, NULL, NULL);
    adw_style_manager_set_color_scheme (manager, scheme);
    acies_test_spin (100);
  }
}

/* Real input through the X server (xdotool): keys to @window, a pointer
 * drag on it ("WIN" in @format is the window's id).  Returns FALSE (and
 * the caller skips that part) without X11 or xdotool. */
gboolean
acies_play_ui_xdotool (AciesGameWindow *window,
                       const char      *format,
                       ...)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *path = g_find_program_in_path ("xdotool");
  g_autofree char *args = NULL;
  g_autofree char *command = NULL;
  gint status = -1;
  va_list ap;

  if (path == NULL || surface == NULL || !GDK_IS_X11_SURFACE (surface))
    return FALSE;
  va_start (ap, format);
  args = g_strdup_vprintf (format, ap);
  va_end (ap);
  command = g_strdup_printf ("xdotool %s", args);
  {
    g_autofree char *xid = g_strdup_printf ("%lu", acies_surface_get_x11_xid (surface));
    g_auto(GStrv) parts = g_strsplit (command, "WIN", -1);
    g_autofree char *with_xid = g_strjoinv (xid, parts);

    if (!g_spawn_command_line_sync (with_xid, NULL, NULL, &status, NULL) || !g_spawn_check_wait_status (status, NULL))
      return FALSE;
  }
  acies_test_spin (150);

  return TRUE;
}

/* A point of the board view (widget pixels) inside @cell, or FALSE. */
gboolean
acies_play_ui_point_in_cell (AciesBoardView *board,
                             AciesCell       cell,
                             double         *x,
                             double         *y)
{
  double sx = 0, sy = 0;
  guint n = 0;

  for (int py = 0; py < gtk_widget_get_height (GTK_WIDGET (board)); py += 3)
    for (int px = 0; px < gtk_widget_get_width (GTK_WIDGET (board)); px += 3)
      if (acies_board_view_cell_at_point (board, px, py) == cell)
        {
          sx += px;
          sy += py;
          n++;
        }
  if (n == 0)
    return FALSE;
  *x = sx / n;
  *y = sy / n;

  return TRUE;
}

/* Drags with the primary button from (@x0, @y0) to (@x1, @y1), board
 * pixels, through the X server. */
gboolean
acies_play_ui_pointer_drag (AciesGameWindow *window,
                            double           x0,
                            double           y0,
                            double           x1,
                            double           y1)
{
  GtkWidget *board = GTK_WIDGET (acies_play_ui_board (window));
  graphene_point_t a, b;
  double ox = 0, oy = 0;

  if (!gtk_widget_compute_point (board, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (x0, y0), &a)
      || !gtk_widget_compute_point (board, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (x1, y1), &b))
    return FALSE;
  /* The surface's origin includes the client-side decorations' margin. */
  gtk_native_get_surface_transform (GTK_NATIVE (window), &ox, &oy);
  /* On top: other tests' windows may share the display (no window
   * manager: all at the origin), and the pointer goes to the top one. */
  if (!acies_play_ui_xdotool (window, "windowraise WIN mousemove --window WIN %d %d mousedown 1",
                              (int) (a.x + ox), (int) (a.y + oy)))
    return FALSE;
  for (int i = 1; i <= 6; i++)
    acies_play_ui_xdotool (window, "mousemove --window WIN %d %d", (int) (a.x + ox + (b.x - a.x) * i / 6),
                           (int) (a.y + oy + (b.y - a.y) * i / 6));
  acies_play_ui_xdotool (window, "mouseup 1");

  return TRUE;
}

/* A Shift+click on @unit's counter (in the off-map box, or on the board)
 * through the X server.  Returns FALSE without X11, xdotool or a counter
 * in view. */
gboolean
acies_play_ui_shift_click_unit (AciesGameWindow *window,
                                gint             unit)
{
  AciesPlaySession *session = acies_play_ui_session (window);
  GtkWidget *offmap = acies_test_find_type (GTK_WIDGET (window), ACIES_TYPE_OFFMAP_BOX);
  GtkWidget *from = NULL;
  double x = 0, y = 0, size = 0, ox = 0, oy = 0;
  graphene_point_t p;
  gint view = acies_play_session_get_view_of_unit (session, unit);

  if (offmap != NULL && gtk_widget_get_visible (offmap)
      && acies_offmap_box_get_unit_place (ACIES_OFFMAP_BOX (offmap), unit, &x, &y))
    from = offmap;
  else if (view >= 0 && acies_board_view_get_play_unit_place (acies_play_ui_board (window), view, &x, &y, &size))
    from = GTK_WIDGET (acies_play_ui_board (window));
  if (from == NULL || !gtk_widget_compute_point (from, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (x, y), &p))
    return FALSE;
  gtk_native_get_surface_transform (GTK_NATIVE (window), &ox, &oy);
  if (!acies_play_ui_xdotool (window, "windowraise WIN mousemove --window WIN %d %d keydown shift click 1 keyup shift",
                              (int) (p.x + ox), (int) (p.y + oy)))
    return FALSE;
  acies_test_spin (100);
  return TRUE;
}
