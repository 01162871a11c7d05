/* test-play.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-play"

#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>
#include <adwaita.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"

#include "acies-application.h"
#include "acies-board-view.h"
#include "acies-param-widget.h"
#include "acies-start-page.h"
#include "acies-window.h"
#include "play/acies-game-window.h"
#include "play/acies-new-game-dialog.h"
#include "play/acies-play-autosave.h"
#include "acies-test-ruleset.h"
#include "acies-test-widgets.h"

#define WAIT_TIMEOUT_MS 10000

static AciesApplication *app;

/* Helpers. */

static AciesGameWindow *
find_game_window (AciesGameWindow *other)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (ACIES_IS_GAME_WINDOW (l->data) && l->data != other)
      return l->data;

  return NULL;
}

static void
destroy_all_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  gint64 end;

  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (window);
    }
  end = g_get_monotonic_time () + WAIT_TIMEOUT_MS * 1000;
  while (g_list_model_get_n_items (toplevels) > 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static void
clear_autosaves (void)
{
  g_autoptr(GPtrArray) files = acies_play_autosave_list ();

  for (guint i = 0; i < files->len; i++)
    acies_play_autosave_remove (g_ptr_array_index (files, i));
}

static char *
digest_of (AciesGameWindow *window)
{
  return acies_game_digest (acies_game_window_get_game (window));
}

/* The game's digest in the test's output: a played battle must end in the
 * same state from one version of the play window to the next. */
static void
report_digest (AciesGameWindow *window,
               const char      *name)
{
  g_autofree char *digest = digest_of (window);

  g_test_message ("%s: %u actions, digest %s", name,
                  acies_game_get_n_actions (acies_game_window_get_game (window)), digest);
}

/* The index of the first shown action whose label starts with @prefix. */
static gint
find_shown (AciesGameWindow *window,
            const char      *prefix)
{
  GListModel *actions = acies_game_window_get_actions (window);

  for (guint i = 0; i < g_list_model_get_n_items (actions); i++)
    {
      const char *label = gtk_string_list_get_string (GTK_STRING_LIST (actions), i);

      if (g_str_has_prefix (label, prefix))
        return i;
    }

  return -1;
}

static gint find_shown_containing (AciesGameWindow *window,
                                   const char      *prefix,
                                   const char      *needle);

static gboolean
log_contains (AciesGameWindow *window,
              const char      *needle)
{
  GListModel *log = acies_game_window_get_log (window);

  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    if (strstr (gtk_string_list_get_string (GTK_STRING_LIST (log), i), needle) != NULL)
      return TRUE;

  return FALSE;
}

/* The rule citations in @text: "(" or ", " then capitals, a space and a
 * digit ("(GC 5.0)"). */
static guint
count_rule_citations (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p != '\0'; p++)
    {
      const char *q;

      if (*p != '(' && !(*p == ',' && p[1] == ' '))
        continue;
      q = p + (*p == '(' ? 1 : 2);
      if (!g_ascii_isupper (*q))
        continue;
      while (g_ascii_isupper (*q))
        q++;
      if (q[0] == ' ' && g_ascii_isdigit (q[1]))
        n++;
    }

  return n;
}

/* No action row cites its rule twice (the ruleset's words already cite
 * one: the window adds none). */
static void
check_rules_cited_once (AciesGameWindow *window)
{
  GListModel *actions = acies_game_window_get_actions (window);

  for (guint i = 0; i < g_list_model_get_n_items (actions); i++)
    {
      const char *label = gtk_string_list_get_string (GTK_STRING_LIST (actions), i);

      if (count_rule_citations (label) > 1)
        g_error ("rule cited twice: %s", label);
    }
}

static void
choose (AciesGameWindow *window,
        gint             index)
{
  g_assert_cmpint (index, >=, 0);
  check_rules_cited_once (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose", "i", index));
}

/* With ACIES_TEST_SHOTS=DIR, a screenshot of the screen (for a person to
 * look at; the assertions do not depend on it). */
static void
screenshot (AciesGameWindow *window,
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

  /* The same in the dark style, "NAME-dark.png". */
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
 * drag on it.  Returns FALSE (and the caller skips that part) without X11
 * or xdotool. */
static gboolean
xdotool (AciesGameWindow *window,
         const char      *format,
         ...) G_GNUC_PRINTF (2, 3);

static gboolean
xdotool (AciesGameWindow *window,
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
    g_autofree char *xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));
    g_auto(GStrv) parts = g_strsplit (command, "WIN", -1);
    g_autofree char *with_xid = g_strjoinv (xid, parts);

    if (!g_spawn_command_line_sync (with_xid, NULL, NULL, &status, NULL) || !g_spawn_check_wait_status (status, NULL))
      return FALSE;
  }
  acies_test_spin (150);

  return TRUE;
}

/* A point of the board view (widget pixels) inside @cell, or FALSE. */
static gboolean
point_in_cell (AciesBoardView *board,
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
static gboolean
pointer_drag (AciesGameWindow *window,
              double           x0,
              double           y0,
              double           x1,
              double           y1)
{
  GtkWidget *board = acies_game_window_get_board (window);
  graphene_point_t a, b;
  double ox = 0, oy = 0;

  if (!gtk_widget_compute_point (board, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (x0, y0), &a)
      || !gtk_widget_compute_point (board, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (x1, y1), &b))
    return FALSE;
  /* The surface's origin includes the client-side decorations' margin. */
  gtk_native_get_surface_transform (GTK_NATIVE (window), &ox, &oy);
  /* On top: other tests' windows may share the display (no window
   * manager: all at the origin), and the pointer goes to the top one. */
  if (!xdotool (window, "windowraise WIN mousemove --window WIN %d %d mousedown 1",
                (int) (a.x + ox), (int) (a.y + oy)))
    return FALSE;
  for (int i = 1; i <= 6; i++)
    xdotool (window, "mousemove --window WIN %d %d", (int) (a.x + ox + (b.x - a.x) * i / 6),
             (int) (a.y + oy + (b.y - a.y) * i / 6));
  xdotool (window, "mouseup 1");

  return TRUE;
}

/* Starts a game of @scenario through the new-game dialog. */
static const char *start_option_id;
static const char *start_option_value;

static AciesGameWindow *
start_game (AciesScenario *scenario,
            guint64        seed,
            const char    *player0,
            const char    *player1)
{
  AciesNewGameDialog *dialog;
  AciesGameWindow *window;

  dialog = acies_application_new_game (app, NULL, scenario);
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

  window = find_game_window (NULL);
  g_assert_nonnull (window);
  g_assert_cmpuint (acies_game_get_seed (acies_game_window_get_game (window)), ==, seed);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  return window;
}

/* test-race: a move, an attack with its preview, the defender's prompt
 * answered, the curtain between the players, undo and take-back. */
static void
test_race_opening (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  AciesGameWindow *window;
  AciesGame *game;
  const AciesState *state;
  g_autofree char *digest0 = NULL;
  g_autofree char *digest1 = NULL;
  g_autofree char *digest2 = NULL;
  g_autofree char *digest3 = NULL;
  g_autofree char *log_text = NULL;
  AciesCell cell;
  gint index;

  clear_autosaves ();
  window = start_game (scenario, 42, "Alice", "Bob");
  game = acies_game_window_get_game (window);

  /* Morale is hidden from the other side: the curtain hands the screen
   * to the first player. */
  g_assert_true (acies_game_window_get_curtain_shown (window));
  g_assert_cmpstr (acies_game_window_get_curtain_text (window), ==, "Pass to Alice (Red)");
  g_assert_cmpuint (acies_game_window_get_n_curtains (window), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (acies_game_window_get_actions (window)), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  g_assert_false (acies_game_window_get_curtain_shown (window));
  g_assert_cmpint (acies_game_window_get_viewer (window), ==, 0);

  /* The side panel: turn, whose decision, the actions allowed now. */
  g_assert_cmpstr (acies_game_window_get_turn_text (window), ==, "Turn 1");
  /* Whose turn, in words that fit any name (no "Red’s turn"), and the
   * phase as the state names it. */
  g_assert_cmpstr (acies_game_window_get_side_text (window), ==, "Alice (Red) to play");
  g_assert_cmpstr (acies_game_window_get_phase_text (window), ==, "Move");
  g_assert_true (g_str_has_prefix (acies_game_window_get_prompt_text (window), "Alice (Red) to act"));
  g_assert_cmpint (find_shown (window, "End turn"), >=, 0);
  g_assert_cmpint (find_shown (window, "Move"), ==, -1);
  digest0 = digest_of (window);

  /* Select red-3 on the board: its moves and attacks are offered. */
  state = acies_game_get_state (game);
  cell = ((AciesUnit *) g_ptr_array_index (scenario->units, 2))->cell;
  acies_game_window_activate_cell (window, cell);
  g_assert_cmpint (acies_game_window_get_selected_unit (window), ==, 2);
  index = find_shown (window, "Move red-3");
  g_assert_cmpint (index, >=, 0);
  choose (window, index);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 1);
  g_assert_cmpint (acies_game_window_get_selected_unit (window), ==, -1);
  g_assert_true (log_contains (window, "red-3"));
  digest1 = digest_of (window);
  g_assert_cmpstr (digest1, !=, digest0);

  /* red-1 attacks blue-1 in front of it: the preview shows the odds. */
  cell = ((AciesUnit *) g_ptr_array_index (scenario->units, 0))->cell;
  acies_game_window_activate_cell (window, cell);
  g_assert_cmpint (acies_game_window_get_selected_unit (window), ==, 0);
  index = find_shown (window, "Attack red-1 target blue-1");
  g_assert_cmpint (index, >=, 0);
  choose (window, index);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 1);
  g_assert_nonnull (acies_game_window_get_odds_text (window));
  g_assert_nonnull (strstr (acies_game_window_get_odds_text (window), "%"));
  /* The board's keyboard focus went to the target, blue-1: Return there
   * (the board activates its focus cell) commits the attack. */
  {
    AciesBoardView *board = ACIES_BOARD_VIEW (acies_game_window_get_board (window));
    AciesCell target = ACIES_CELL_NONE;

    for (guint u = 0; u < scenario->units->len; u++)
      if (g_strcmp0 (((AciesUnit *) g_ptr_array_index (scenario->units, u))->id, "blue-1") == 0)
        target = ((AciesUnit *) g_ptr_array_index (scenario->units, u))->cell;
    g_assert_cmpint (acies_board_view_get_focus_cell (board), ==, target);
    acies_game_window_activate_cell (window, acies_board_view_get_focus_cell (board));
  }
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 2);
  digest2 = digest_of (window);

  /* The defender decides during the attacker's turn: the curtain passes
   * the screen to Bob, whose prompt names him. */
  state = acies_game_get_state (game);
  g_assert_cmpint (state->active_side, ==, 0);
  g_assert_cmpint (state->deciding_side, ==, 1);
  g_assert_true (acies_game_window_get_curtain_shown (window));
  g_assert_cmpstr (acies_game_window_get_curtain_text (window), ==, "Pass to Bob (Blue)");
  g_assert_cmpuint (acies_game_window_get_n_curtains (window), ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  g_assert_true (g_str_has_prefix (acies_game_window_get_prompt_text (window), "Bob (Blue) must decide"));
  g_assert_nonnull (strstr (acies_game_window_get_prompt_text (window), "TR 2.2"));
  g_assert_cmpuint (g_list_model_get_n_items (acies_game_window_get_actions (window)), ==, 2);
  index = find_shown (window, "Respond — choice: Stand");
  g_assert_cmpint (index, >=, 0);
  choose (window, index);
  g_assert_nonnull (strstr (acies_game_window_get_odds_text (window), "%"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.commit", NULL));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 3);
  g_assert_true (acies_game_last_action_rolled (game));
  digest3 = digest_of (window);
  g_assert_cmpstr (digest3, !=, digest2);

  /* Taking back a roll asks the other player; declining keeps it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.undo", NULL));
  g_assert_nonnull (acies_game_window_get_dialog (window));
  adw_message_dialog_response (acies_game_window_get_dialog (window), "cancel");
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.undo", NULL));
  g_assert_nonnull (acies_game_window_get_dialog (window));
  adw_message_dialog_response (acies_game_window_get_dialog (window), "take-back");
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 2);
  {
    g_autofree char *now = digest_of (window);

    g_assert_cmpstr (now, ==, digest2);
  }
  g_assert_true (log_contains (window, "taken back with the consent of Alice (Red)"));

  /* Bob decides now: taking back Alice's attack (no dice) is hers to
   * allow too. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.undo", NULL));
  g_assert_nonnull (acies_game_window_get_dialog (window));
  adw_message_dialog_response (acies_game_window_get_dialog (window), "take-back");
  {
    g_autofree char *now = digest_of (window);

    g_assert_cmpstr (now, ==, digest1);
  }

  /* Autosaved after every action: the file replays to the same state. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AciesGame) saved = acies_game_load_file (acies_game_window_get_autosave_file (window), &error);
    g_autofree char *saved_digest = NULL;

    g_assert_no_error (error);
    saved_digest = acies_game_digest (saved);
    g_assert_cmpstr (saved_digest, ==, digest1);
    /* The players and the take-back note are saved with the game. */
    g_assert_nonnull (acies_game_get_player_names (saved));
    g_assert_cmpstr (acies_game_get_player_names (saved)[0], ==, "Alice");
    g_assert_cmpstr (acies_game_get_player_names (saved)[1], ==, "Bob");
    g_assert_cmpuint (acies_game_get_n_notes (saved), ==, 2);
    g_assert_nonnull (strstr (acies_game_get_note (saved, 0), "consent of Alice (Red)"));
    g_assert_nonnull (strstr (acies_game_get_note (saved, 1), "was taken back with the consent of Alice (Red)"));
  }

  log_text = acies_game_window_get_log_text (window);
  g_assert_nonnull (strstr (log_text, "Test race"));

  report_digest (window, "test-race opening");
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  clear_autosaves ();
}

/* Taking back the other player's decision (no dice) asks that player's
 * consent, as a die roll does, and the log records it where it happened;
 * one's own decision is free to take back. */
static void
test_undo_other_players_decision (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  AciesGameWindow *window;
  AciesGame *game;
  GListModel *log;
  AciesCell cell;
  gint index;
  guint n_lines, note_line = G_MAXUINT;

  clear_autosaves ();
  window = start_game (scenario, 42, "Alice", "Bob");
  game = acies_game_window_get_game (window);
  log = acies_game_window_get_log (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));

  /* Alice moves red-3, then ends her turn: Bob decides now. */
  cell = ((AciesUnit *) g_ptr_array_index (scenario->units, 2))->cell;
  acies_game_window_activate_cell (window, cell);
  choose (window, find_shown (window, "Move red-3"));
  choose (window, find_shown (window, "End turn"));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 2);
  g_assert_cmpint (acies_game_get_action (game, 1)->player, ==, 0);
  g_assert_false (acies_game_last_action_rolled (game));
  /* The curtain falls: its Ready has the keyboard.  Ctrl+R (a real key)
   * lifts it even from the log's Filter. */
  g_assert_true (acies_game_window_get_curtain_shown (window));
  acies_test_spin (100);
  {
    GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (window));
    GtkWidget *filter = NULL;

    g_assert_true (GTK_IS_BUTTON (focus));
    g_assert_nonnull (gtk_widget_get_ancestor (focus, ADW_TYPE_STATUS_PAGE));
    for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (window)); w != NULL && filter == NULL;)
      {
        /* Depth first through the window's widgets. */
        if (GTK_IS_SEARCH_ENTRY (w))
          filter = w;
        else if (gtk_widget_get_first_child (w) != NULL)
          w = gtk_widget_get_first_child (w);
        else
          {
            while (w != NULL && gtk_widget_get_next_sibling (w) == NULL)
              w = gtk_widget_get_parent (w) == GTK_WIDGET (window) ? NULL : gtk_widget_get_parent (w);
            if (w != NULL)
              w = gtk_widget_get_next_sibling (w);
          }
      }
    g_assert_nonnull (filter);
    gtk_widget_grab_focus (filter);
    if (xdotool (window, "windowraise WIN key --window WIN ctrl+r"))
      {
        acies_test_spin (200);
        g_assert_false (acies_game_window_get_curtain_shown (window));
      }
  }
  if (acies_game_window_get_curtain_shown (window))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  g_assert_cmpint (acies_game_window_get_viewer (window), ==, 1);

  /* Bob's Ctrl+Z would take back Alice's End turn: Alice is asked. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.undo", NULL));
  g_assert_nonnull (acies_game_window_get_dialog (window));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (acies_game_window_get_dialog (window)),
                            "consent of Alice (Red)"));
  adw_message_dialog_response (acies_game_window_get_dialog (window), "cancel");
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 2);
  g_assert_false (log_contains (window, "taken back"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.undo", NULL));
  g_assert_nonnull (acies_game_window_get_dialog (window));
  adw_message_dialog_response (acies_game_window_get_dialog (window), "take-back");
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 1);
  g_assert_true (log_contains (window, "was taken back with the consent of Alice (Red)"));
  g_assert_cmpuint (acies_game_get_n_notes (game), ==, 1);
  if (acies_game_window_get_curtain_shown (window))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));

  /* Alice's own move is hers to take back freely; then she plays on, and
   * the note stays where the take-back happened (not the last line). */
  g_assert_cmpint (acies_game_get_action (game, 0)->player, ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.undo", NULL));
  g_assert_null (acies_game_window_get_dialog (window));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 0);
  cell = ((AciesUnit *) g_ptr_array_index (scenario->units, 2))->cell;
  acies_game_window_activate_cell (window, cell);
  index = find_shown (window, "Move red-3");
  g_assert_cmpint (index, >=, 0);
  choose (window, index);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 1);
  n_lines = g_list_model_get_n_items (log);
  for (guint i = 0; i < n_lines; i++)
    if (strstr (gtk_string_list_get_string (GTK_STRING_LIST (log), i), "taken back") != NULL)
      note_line = i;
  g_assert_cmpuint (note_line, <, n_lines);
  /* The note is kept for action 2 (taken back); only one action is in the
   * log now, so it shows after it, at the end: one more action moves it
   * off the end. */
  choose (window, find_shown (window, "End turn"));
  if (acies_game_window_get_curtain_shown (window))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  for (guint u = 0; u < scenario->units->len; u++)
    if (g_strcmp0 (((AciesUnit *) g_ptr_array_index (scenario->units, u))->id, "blue-3") == 0)
      cell = ((AciesUnit *) g_ptr_array_index (scenario->units, u))->cell;
  acies_game_window_activate_cell (window, cell);
  choose (window, find_shown (window, "Move blue-3"));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 3);
  n_lines = g_list_model_get_n_items (log);
  for (guint i = 0; i < n_lines; i++)
    g_test_message ("log: %s", gtk_string_list_get_string (GTK_STRING_LIST (log), i));
  g_assert_true (strstr (gtk_string_list_get_string (GTK_STRING_LIST (log), n_lines - 1), "taken back") == NULL);
  {
    g_autofree char *text = acies_game_window_get_log_text (window);
    const char *note = strstr (text, "taken back");
    const char *end_turn = g_strrstr (text, "\n");

    g_assert_nonnull (note);
    /* Not the saved log's last line either. */
    g_assert_true (end_turn == NULL || note < end_turn);
    g_assert_null (strstr (text, "Action 2: "));
  }

  report_digest (window, "test-race take-back");
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  clear_autosaves ();
}

/* The side panel and the board in test-race: the keyboard on the curtain,
 * then on the board; every legal action reachable from the list; why a
 * square is not reachable; a counter's tooltip; dragging a counter; what
 * Commit leads to in the attack preview; the Scenario dialog. */
static void
test_race_panel (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  AciesGameWindow *window;
  AciesBoardView *board;
  AciesGame *game;
  AciesRuleset *ruleset;
  GListModel *actions;
  GtkWidget *focus;
  guint reachable = 0;
  AciesCell cell;
  gint index;

  clear_autosaves ();
  window = start_game (scenario, 42, "Alice", "Bob");
  game = acies_game_window_get_game (window);
  ruleset = acies_game_get_ruleset (game);
  board = ACIES_BOARD_VIEW (acies_game_window_get_board (window));
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  /* The curtain's Ready has the keyboard, not the header bar: Return
   * (a real key) passes the curtain, and the board has the keys then. */
  g_assert_true (acies_game_window_get_curtain_shown (window));
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), ==, "play.reveal");
  if (xdotool (window, "windowfocus --sync WIN key --window WIN Return"))
    g_assert_false (acies_game_window_get_curtain_shown (window));
  else
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  g_assert_false (acies_game_window_get_curtain_shown (window));
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == GTK_WIDGET (board));
  {
    AciesCell before;

    gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
    acies_board_view_set_focus_cell (board, acies_board_cell_at (scenario->map.board, 2, 4));
    before = acies_board_view_get_focus_cell (board);
    if (xdotool (window, "key --window WIN Right"))
      {
        /* The arrow moved the board's focus cell, not the focus to a button. */
        g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == GTK_WIDGET (board));
        g_assert_cmpint (acies_board_view_get_focus_cell (board), !=, before);
      }
  }

  /* With no prompt, every legal action is in the list or behind a row
   * that selects its unit ("Select red-3 (3 actions)"). */
  acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
  actions = acies_game_window_get_actions (window);
  for (guint i = 0; i < g_list_model_get_n_items (actions); i++)
    {
      const char *label = gtk_string_list_get_string (GTK_STRING_LIST (actions), i);
      const char *open = strrchr (label, '(');
      guint n = 0;

      if (g_str_has_prefix (label, "Select ") && open != NULL && sscanf (open, "(%u action", &n) == 1)
        reachable += n;
      else
        reachable++;
    }
  g_assert_cmpuint (reachable, ==, legal->len);
  index = find_shown (window, "Select red-3");
  g_assert_cmpint (index, >=, 0);
  choose (window, index);
  g_assert_cmpint (acies_game_window_get_selected_unit (window), ==, 2);
  g_assert_cmpint (find_shown (window, "Move red-3"), >=, 0);

  /* A square red-3 cannot reach: the selection stays and the panel says
   * why. */
  acies_game_window_activate_cell (window, acies_board_cell_at (scenario->map.board, 0, 5));
  g_assert_cmpint (acies_game_window_get_selected_unit (window), ==, 2);
  g_assert_nonnull (acies_game_window_get_hint_text (window));
  g_assert_nonnull (strstr (acies_game_window_get_hint_text (window), "is not a legal destination for red-3"));
  g_assert_nonnull (strstr (acies_game_window_get_hint_text (window), "out of reach"));
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 0);
  /* A unit of the side that does not decide: not its turn. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.cancel", NULL));
  acies_game_window_activate_cell (window, ((AciesUnit *) g_ptr_array_index (scenario->units, 5))->cell);
  g_assert_cmpint (acies_game_window_get_selected_unit (window), ==, -1);
  g_assert_nonnull (acies_game_window_get_hint_text (window));
  g_assert_nonnull (strstr (acies_game_window_get_hint_text (window), "not its side's turn"));

  /* A counter's tooltip: the unit, its type and the printed values by
   * their labels. */
  {
    g_autofree char *tip = acies_game_window_describe_counter (window, 2);

    g_assert_nonnull (tip);
    g_assert_true (g_str_has_prefix (tip, "red-3"));
    g_assert_null (strstr (tip, "(red-3)"));
    g_assert_nonnull (strstr (tip, "Type: "));
  }

  /* Dragging red-3's counter to a legal destination moves it, as a click
   * on the unit and one on the square would (a real pointer drag). */
  {
    AciesAction move = { 0, };
    gboolean found = FALSE;
    double x0, y0, x1, y1;
    guint n = acies_game_get_n_actions (game);

    for (guint i = 0; i < legal->len && !found; i++)
      {
        move = g_array_index (legal, AciesAction, i);
        found = move.type == TR_MOVE && move.args[0] == 2;
      }
    g_assert_true (found);
    cell = ((AciesUnit *) g_ptr_array_index (scenario->units, 2))->cell;
    g_assert_true (acies_board_view_get_play_unit_place (board, 2, &x0, &y0, NULL));
    g_assert_cmpint (acies_board_view_cell_at_point (board, x0, y0), ==, cell);
    g_assert_true (point_in_cell (board, move.args[1], &x1, &y1));
    if (pointer_drag (window, x0, y0, x1, y1))
      {
        g_assert_cmpuint (acies_game_get_n_actions (game), ==, n + 1);
        g_assert_true (acies_action_equal (acies_game_get_action (game, n), &move));
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.undo", NULL));
      }
    else
      g_test_message ("no xdotool: the drop alone is tested");
    acies_game_window_drag_unit (window, 2, move.args[1]);
    g_assert_cmpuint (acies_game_get_n_actions (game), ==, n + 1);
    g_assert_true (acies_action_equal (acies_game_get_action (game, n), &move));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.undo", NULL));
    g_assert_cmpuint (acies_game_get_n_actions (game), ==, n);

    /* A drag from an empty square is the board's pan: no action. */
    if (point_in_cell (board, acies_board_cell_at (scenario->map.board, 0, 0), &x0, &y0)
        && pointer_drag (window, x0, y0, x1, y1))
      g_assert_cmpuint (acies_game_get_n_actions (game), ==, n);
  }

  /* The attack preview says what Commit leads to: the declaration, then
   * the defender's answer (TR 2.2), before any die is rolled. */
  cell = ((AciesUnit *) g_ptr_array_index (scenario->units, 0))->cell;
  acies_game_window_activate_cell (window, cell);
  index = find_shown (window, "Attack red-1 target blue-1");
  g_assert_cmpint (index, >=, 0);
  choose (window, index);
  g_assert_nonnull (acies_game_window_get_odds_text (window));
  g_assert_nonnull (strstr (acies_game_window_get_odds_text (window), "Commit declares the attack"));
  g_assert_nonnull (strstr (acies_game_window_get_odds_text (window), "TR 2.2"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.cancel", NULL));

  /* Scenario: the description and the victory conditions while playing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.scenario", NULL));
  g_assert_nonnull (acies_game_window_get_scenario_window (window));
  {
    g_autofree char *text = acies_game_window_get_scenario_text (window);

    g_assert_nonnull (strstr (text, "Test race"));
    g_assert_nonnull (strstr (text, "Victory Conditions"));
    g_assert_nonnull (strstr (text, "The game lasts 8 turns."));
  }
  gtk_window_destroy (acies_game_window_get_scenario_window (window));
  g_assert_null (acies_game_window_get_scenario_window (window));

  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  clear_autosaves ();
}

/* The dice-mode setting is the new-game dialog's default and keeps the
 * last choice. */
static void
test_dice_mode_setting (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (3);
  GSettings *settings = acies_application_get_settings (app);
  AciesNewGameDialog *dialog;

  g_assert_nonnull (settings);
  g_settings_set_string (settings, "dice-mode", "physical");
  dialog = acies_application_new_game (app, NULL, scenario);
  g_assert_true (acies_new_game_dialog_get_physical (dialog));
  acies_new_game_dialog_set_physical (dialog, FALSE);
  {
    g_autofree char *mode = g_settings_get_string (settings, "dice-mode");

    g_assert_cmpstr (mode, ==, "computer");
  }
  gtk_window_destroy (GTK_WINDOW (dialog));

  dialog = acies_application_new_game (app, NULL, scenario);
  g_assert_false (acies_new_game_dialog_get_physical (dialog));
  acies_new_game_dialog_set_physical (dialog, TRUE);
  gtk_window_destroy (GTK_WINDOW (dialog));
  {
    g_autofree char *mode = g_settings_get_string (settings, "dice-mode");

    g_assert_cmpstr (mode, ==, "physical");
  }
  g_settings_reset (settings, "dice-mode");
}

/* A game played through the end phase action and keyboard-free paths:
 * end-phase advances the turn; the victory screen shows at the end. */
static void
test_race_victory (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (1);
  AciesGameWindow *window;
  AciesGame *game;

  window = start_game (scenario, 3, NULL, NULL);
  game = acies_game_window_get_game (window);
  for (guint i = 0; i < 4 && !acies_game_get_state (game)->finished; i++)
    {
      if (acies_game_window_get_curtain_shown (window))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.end-phase", NULL));
    }
  g_assert_true (acies_game_get_state (game)->finished);
  g_assert_true (acies_game_window_get_victory_shown (window));
  g_assert_false (acies_game_window_get_curtain_shown (window));

  /* At game over, Ctrl+Z (a real key) does what the Take Back button
   * does: the question names the action taken back, asked only when that
   * action itself rolled dice. */
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  {
    guint n = acies_game_get_n_actions (game);
    guint n_rolls = acies_game_get_rolls_of_action (game, n - 1)->len;
    g_autofree char *what = acies_ruleset_describe_action (acies_game_get_ruleset (game),
                                                           acies_game_get_state (game),
                                                           acies_game_get_action (game, n - 1));

    for (guint round = 0; round < 2; round++)
      {
        if (round == 0)
          {
            if (!xdotool (window, "windowfocus --sync WIN key --window WIN ctrl+z"))
              continue;
          }
        else
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.undo", NULL));
        if (n_rolls > 0)
          {
            const char *body;

            g_assert_nonnull (acies_game_window_get_dialog (window));
            body = adw_message_dialog_get_body (acies_game_window_get_dialog (window));
            g_assert_nonnull (strstr (body, what));
            adw_message_dialog_response (acies_game_window_get_dialog (window), "cancel");
            acies_test_spin (50);
            g_assert_cmpuint (acies_game_get_n_actions (game), ==, n);
          }
        else
          {
            g_assert_null (acies_game_window_get_dialog (window));
            g_assert_cmpuint (acies_game_get_n_actions (game), ==, n - 1);
            g_assert_false (acies_game_get_state (game)->finished);
            break;
          }
      }
    g_test_message ("game over: the last action “%s” rolled %u dice", what, n_rolls);
  }

  report_digest (window, "test-race victory");
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  clear_autosaves ();
}

static gboolean
shown_label_has (AciesGameWindow *window,
                 guint            index,
                 const char      *needle)
{
  GListModel *actions = acies_game_window_get_actions (window);

  return index < g_list_model_get_n_items (actions)
         && strstr (gtk_string_list_get_string (GTK_STRING_LIST (actions), index), needle) != NULL;
}

static gint
find_shown_containing (AciesGameWindow *window,
                       const char      *prefix,
                       const char      *needle)
{
  GListModel *actions = acies_game_window_get_actions (window);

  for (guint i = 0; i < g_list_model_get_n_items (actions); i++)
    if (g_str_has_prefix (gtk_string_list_get_string (GTK_STRING_LIST (actions), i), prefix)
        && (needle == NULL || shown_label_has (window, i, needle)))
      return i;

  return -1;
}

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
try_move (AciesGameWindow *window,
          AciesGame       *game)
{
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
      acies_game_window_activate_cell (window, view.cell);
      g_assert_cmpint (acies_game_window_get_selected_unit (window), ==, action.args[0]);
      g_assert_cmpint (find_shown (window, "Move"), >=, 0);
      acies_game_window_activate_cell (window, action.args[1]);
      if (acies_game_get_n_actions (game) == n_before)
        choose (window, find_shown (window, "Move"));
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

/* The index of the action taken at the first Exhaustion prompt. */
static guint first_exhaustion_action;

/* GC 6.0-h: after a skirmish hit, the owner of the target wing (not the
 * skirmisher) chooses the unit that takes the Exhaustion; the side panel
 * names him and offers only that choice; the chosen unit is Exhausted (or
 * eliminated, or revealed as a Hero) in the engine state and in the log. */
static void
check_exhaustion (AciesGameWindow *window,
                  AciesGame       *game,
                  gint             index)
{
  const AciesState *state = acies_game_get_state (game);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(AciesPrompt) prompt = acies_ruleset_get_prompt (ruleset, state);
  const char *owner = acies_game_window_get_player_name (window, state->deciding_side);
  const char *prompt_text = acies_game_window_get_prompt_text (window);
  GListModel *shown = acies_game_window_get_actions (window);
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
    g_assert_true (g_str_has_prefix (gtk_string_list_get_string (GTK_STRING_LIST (shown), i),
                                     "Take the Exhaustion"));

  action = g_array_index (prompt->actions, AciesAction, index);
  unit_id = g_strdup (acies_ruleset_unit_id (ruleset, state, action.args[0]));
  before = acies_ruleset_state_to_json (ruleset, state);
  status_before = unit_status (before, unit_id);
  g_assert_cmpstr (status_before, ==, "fresh");

  if (first_exhaustion_action == 0)
    first_exhaustion_action = n_before;
  choose (window, index);
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

    g_assert_true (log_contains (window, unit_id)
                   || (words != NULL && words[0] != NULL && log_contains (window, words[0])));
  }
}

/* GC 3.1-d: an owner's private look at his counters ("Only … sees: …",
 * data "private": true) shows in the log only while that owner is the
 * viewer (behind the curtain nobody's), is left out otherwise, and never
 * goes into the copied or saved log.  A line is numbered by its event's
 * place in the whole event log, the same for every viewer: the numbers
 * rise, and hidden lines leave gaps.  Returns the number of private events hidden
 * from the viewer now. */
static guint
check_private_log (AciesGameWindow *window)
{
  GListModel *log = acies_game_window_get_log (window);
  gint viewer = acies_game_window_get_viewer (window);
  g_autofree char *text = acies_game_window_get_log_text (window);
  GPtrArray *events = acies_game_get_events (acies_game_window_get_game (window));
  guint hidden = 0, shown = 0, number = 0, last = 0;

  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      const char *line = gtk_string_list_get_string (GTK_STRING_LIST (log), i);

      if (strstr (line, " sees: ") != NULL)
        {
          g_assert_cmpint (viewer, >=, 0);
          g_assert_nonnull (strstr (line, acies_game_window_get_player_name (window, viewer)));
          shown++;
        }
      if (g_ascii_isdigit (line[0]))
        {
          char *end = NULL;
          guint64 value = g_ascii_strtoull (line, &end, 10);

          g_assert_true (g_str_has_prefix (end, ". "));
          g_assert_cmpuint (value, >, last);
          g_assert_cmpuint (value, <=, events->len);
          last = value;
          number++;
        }
    }
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
try_click_single_cell_action (AciesGameWindow *window,
                              AciesGame       *game)
{
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

          acies_game_window_activate_cell (window, cell);
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          g_assert_true (acies_action_equal (acies_game_get_action (game, n_before), action));
          return TRUE;
        }
    }

  return FALSE;
}

/* Heraclea under Grass Crown: the set-up with the curtain between the
 * players, then the opening through the window's actions: a command, a
 * move (clicked on the board), a skirmish, an Exhaustion prompt answered. */
static void
test_heraclea_opening (void)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown",
                                            "heraclea.acies", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("grass-crown", &error);
  AciesGameWindow *window;
  AciesGame *game;
  guint commands = 0, moves = 0, skirmishes = 0, exhaustions = 0, setup_curtains = 0;
  guint n_first_skirmish = 0, skirmishes_at_first_exhaustion = 0, hidden_lines = 0;
  guint placed_by_click = 0, play_curtains = 0, prompts_checked = 0;
  guint64 seed = HERACLEA_SEED;

  if (ruleset == NULL)
    {
      g_test_skip ("grass-crown is not registered");
      return;
    }
  scenario = acies_scenario_load_file (file, &error);
  g_assert_no_error (error);

  clear_autosaves ();
  /* No house option: nobody sees the backs, but each player's look at his
   * own counters (the private events of GC 3.1-d) is hidden information,
   * so the curtain hands the screen over in the set-up and in play. */
  if (g_getenv ("ACIES_TEST_HERACLEA_SEED") != NULL)
    seed = g_ascii_strtoull (g_getenv ("ACIES_TEST_HERACLEA_SEED"), NULL, 10);
  window = start_game (scenario, seed, "Laevinus", "Pyrrhus");
  game = acies_game_window_get_game (window);

  for (guint step = 0; step < 600 && !(commands && moves && skirmishes && exhaustions); step++)
    {
      const AciesState *state = acies_game_get_state (game);
      guint n_before = acies_game_get_n_actions (game);
      gint index;

      if (state->finished)
        break;
      hidden_lines = MAX (hidden_lines, check_private_log (window));
      if (acies_game_window_get_curtain_shown (window))
        {
          /* Behind the curtain the log holds no private line. */
          g_assert_cmpint (acies_game_window_get_viewer (window), ==, -1);
          if (g_strcmp0 (state->phase, "Set-up") != 0)
            play_curtains++;
          g_autofree char *who = g_strdup_printf ("Pass to %s",
                                                  acies_game_window_get_player_name (window, state->deciding_side));

          g_assert_true (g_str_has_prefix (acies_game_window_get_curtain_text (window), who));
          if (g_strcmp0 (state->phase, "Set-up") == 0)
            setup_curtains++;
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
          continue;
        }

      /* The prompt names the player who decides. */
      g_assert_nonnull (strstr (acies_game_window_get_prompt_text (window),
                                acies_game_window_get_player_name (window, state->deciding_side)));

      /* Every legal action is in the list (none left out or merged). */
      {
        g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
        g_autoptr(AciesPrompt) prompt = acies_ruleset_get_prompt (acies_game_get_ruleset (game), state);

        acies_ruleset_legal_actions (acies_game_get_ruleset (game), state, legal);
        if (prompt != NULL)
          {
            g_assert_cmpuint (g_list_model_get_n_items (acies_game_window_get_actions (window)), ==, legal->len);
            prompts_checked++;
          }
      }

      if (placed_by_click < 3 && g_strcmp0 (state->phase, "Set-up") == 0
          && try_click_single_cell_action (window, game))
        {
          placed_by_click++;
          continue;
        }

      if ((index = find_shown (window, "Take the Exhaustion")) >= 0)
        {
          if (exhaustions == 0)
            skirmishes_at_first_exhaustion = skirmishes;
          check_exhaustion (window, game, index);
          exhaustions++;
        }
      else if (!moves && try_move (window, game))
        moves++;
      else if ((index = find_shown (window, "Skirmish")) >= 0)
        {
          /* The skirmish of the opening is the one whose hit the owner
           * assigns: the first skirmish must hit (see the seed above). */
          if (skirmishes == 0)
            n_first_skirmish = n_before;
          choose (window, index);
          skirmishes++;
        }
      else if ((index = find_shown_containing (window, "Command",
                                               exhaustions == 0 ? "Skirmish" : "Move")) >= 0)
        {
          choose (window, index);
          commands++;
        }
      else
        {
          g_assert_cmpuint (g_list_model_get_n_items (acies_game_window_get_actions (window)), >, 0);
          /* Prefer what moves the game on over selecting units. */
          index = find_shown (window, "End the phase");
          if (index < 0 || commands == 0)
            index = 0;
          choose (window, index);
          if (acies_game_get_n_actions (game) == n_before && acies_game_window_get_selected_unit (window) >= 0)
            choose (window, 0);
        }

      /* An action with odds waits in the preview. */
      if (acies_game_window_get_odds_text (window) != NULL
          && acies_game_get_n_actions (game) == n_before)
        {
          g_assert_nonnull (strstr (acies_game_window_get_odds_text (window), "%"));
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.commit", NULL));
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
  g_assert_true (log_contains (window, "GC 6.0"));
  /* The first skirmish hit, and its owner assigned the Exhaustion. */
  g_assert_cmpuint (exhaustions, >=, 1);
  g_assert_cmpuint (first_exhaustion_action, >, n_first_skirmish);
  g_assert_cmpuint (skirmishes_at_first_exhaustion, ==, 1);
  screenshot (window, "heraclea-mid-game.png");

  /* The Scenario dialog's text: the victory conditions with their
   * parameters in words, from the catalogue (labels, defaults). */
  {
    g_autofree char *text = acies_game_window_get_scenario_text (window);

    g_assert_nonnull (strstr (text, "Victory Conditions"));
    g_assert_nonnull (strstr (text, "VP + 5 — for Laevinus"));
    g_assert_nonnull (strstr (text, "VP 15"));
    g_assert_nonnull (strstr (text, "Lead 5 (default)"));
  }

  /* Each die roll is recorded on the line of the event it decided, not
   * as a line of its own that repeats it. */
  g_assert_true (log_contains (window, " · dice: "));
  g_assert_false (log_contains (window, ". skirmish roll: "));

  /* A counter's tooltip explains its printed values by their catalogue
   * labels. */
  {
    const AciesState *state = acies_game_get_state (game);
    guint explained = 0;

    if (acies_game_window_get_curtain_shown (window))
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
    for (guint u = 0; u < acies_ruleset_get_n_units (ruleset, state); u++)
      {
        g_autofree char *tip = acies_game_window_describe_counter (window, u);
        g_autofree char *name = acies_ruleset_describe_unit (ruleset, state, u,
                                                             acies_game_window_get_viewer (window));

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

  /* The autosave replays to the same state. */
  {
    g_autoptr(AciesGame) saved = acies_game_load_file (acies_game_window_get_autosave_file (window), &error);
    g_autofree char *saved_digest = NULL;
    g_autofree char *digest = digest_of (window);

    g_assert_no_error (error);
    saved_digest = acies_game_digest (saved);
    g_assert_cmpstr (saved_digest, ==, digest);
  }

  report_digest (window, "Heraclea opening");
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  clear_autosaves ();
}

/* Lost Battles on the zone board: the first turn of Cannae through the
 * window's actions: the orders roll, a group chosen unit by unit and
 * activated, its move or attack, the end of each player-turn. */
/* The zone where the first legal Lost Battles action called @name goes:
 * the last cell of the ruleset's path for it (LB 3.3.2, 5.2.2). */
static AciesCell
lb_action_cell (AciesRuleset     *ruleset,
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

static void
test_lb_first_turn (void)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "lost-battles",
                                            "cannae.acies", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("lost-battles", &error);
  AciesGameWindow *window;
  AciesGame *game;

  if (ruleset == NULL)
    {
      g_test_skip ("lost-battles is not registered");
      return;
    }
  scenario = acies_scenario_load_file (file, &error);
  g_assert_no_error (error);

  clear_autosaves ();
  window = start_game (scenario, 11, "Varro", "Hannibal");
  game = acies_game_window_get_game (window);
  {
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
      if (acies_game_window_get_curtain_shown (window))
        {
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
          continue;
        }
      /* The side panel names the player who decides, and shows the orders
       * and the commanders' pools (the state view, generically). */
      g_assert_nonnull (strstr (acies_game_window_get_prompt_text (window),
                                acies_game_window_get_player_name (window, state->deciding_side)));
      g_assert_nonnull (strstr (acies_game_window_get_state_text (window), "Orders: Romans "));
      g_assert_nonnull (strstr (acies_game_window_get_state_text (window), "activation pool"));

      if ((index = find_shown (window, "Roll for Orders")) >= 0)
        {
          choose (window, index);
          rolls++;
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          g_assert_null (strstr (acies_game_window_get_state_text (window),
                                 side == 0 ? "Orders: Romans 0 " : "Carthaginians 0\n"));
          continue;
        }
      if (group < 3 && activations[side] == 0
          && ((index = find_shown_containing (window, "Add ", " to the group")) >= 0
              || (index = find_shown (window, "Select ")) >= 0))
        {
          choose (window, index);
          if (acies_game_get_n_actions (game) == n_before + 1)
            group++;
          continue;
        }
      if ((index = find_shown (window, "Activate the group")) >= 0)
        {
          choose (window, index);
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          activations[side]++;
          group = 0;
          continue;
        }
      if (!deployed[side] && (index = find_shown (window, "Deploy")) >= 0)
        {
          /* LB 3.3.2: the zones a group may enter are lit on the board; a
           * click on one enters it (or, with several facings, lists them
           * first to pick from). */
          AciesCell zone = lb_action_cell (ruleset, state, "deploy");

          g_assert_cmpint (zone, !=, ACIES_CELL_NONE);
          g_assert_nonnull (acies_game_window_get_destination_cost (window, zone));
          acies_game_window_activate_cell (window, zone);
          if (acies_game_get_n_actions (game) == n_before)
            {
              /* Several facings there: listed first. */
              g_assert_cmpint (find_shown (window, "Deploy"), ==, 0);
              choose (window, 0);
            }
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          deployed[side] = TRUE;
          continue;
        }
      if (!moved[side] && find_shown (window, "Move forward to ") >= 0)
        {
          /* LB 5.2.2: the zone ahead is lit, and a click moves the group. */
          AciesCell zone = lb_action_cell (ruleset, state, "move");
          guint type;

          g_assert_cmpint (zone, !=, ACIES_CELL_NONE);
          g_assert_nonnull (acies_game_window_get_destination_cost (window, zone));
          acies_game_window_activate_cell (window, zone);
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, "move", &type));
          g_assert_cmpuint (acies_game_get_action (game, n_before)->type, ==, type);
          moved[side] = TRUE;
          continue;
        }
      if ((index = find_shown (window, "End activation")) >= 0
          || (index = find_shown (window, "End player-turn")) >= 0)
        {
          choose (window, index);
          g_assert_cmpuint (acies_game_get_n_actions (game), ==, n_before + 1);
          continue;
        }
      /* Any other decision (a prompt): its first answer. */
      g_assert_cmpuint (g_list_model_get_n_items (acies_game_window_get_actions (window)), >, 0);
      choose (window, 0);
      if (acies_game_window_get_odds_text (window) != NULL)
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.commit", NULL));
    }
  /* A group on the field moved by a click on the zone ahead. */
  g_assert_true (moved[0] || moved[1]);

  /* The log names the acting player once: no "Varro (Romans): Romans…"
   * when the event's text starts with the side's name. */
  {
    GListModel *log = acies_game_window_get_log (window);
    guint n_named = 0;

    for (guint i = 0; i < g_list_model_get_n_items (log); i++)
      {
        const char *line = gtk_string_list_get_string (GTK_STRING_LIST (log), i);

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

        g_assert_cmpstr (acies_game_window_get_side_text (window), ==, expected);
        /* The phase is words, not an id. */
        g_assert_cmpstr (acies_game_window_get_phase_text (window), !=, "");
        g_assert_null (strchr (acies_game_window_get_phase_text (window), '_'));
      }
  }
  /* Markers belong to units, not zones: two units in one zone have their
   * counters, and so their markers, in different places, each inside the
   * zone. */
  if (!acies_game_window_get_curtain_shown (window))
    {
      const AciesState *state = acies_game_get_state (game);
      AciesRuleset *lb = acies_game_get_ruleset (game);
      AciesBoardView *board = ACIES_BOARD_VIEW (acies_game_window_get_board (window));
      g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
      guint shared = 0;

      /* The board's play units are the units the viewer sees, in order,
       * those in play off the map among them (the off-map box shows
       * them): cells[i] is the i-th play unit's cell, or none. */
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      for (guint u = 0; u < acies_ruleset_get_n_units (lb, state); u++)
        {
          AciesUnit view = { 0, };

          view.cell = view.cell2 = ACIES_CELL_NONE;
          if (acies_ruleset_unit_view (lb, state, u, acies_game_window_get_viewer (window), &view))
            g_array_append_val (cells, view.cell);
        }
      for (guint a = 0; a < cells->len; a++)
        for (guint b = a + 1; b < cells->len; b++)
          {
            double xa, ya, sa, xb, yb, sb;

            if (g_array_index (cells, AciesCell, a) == ACIES_CELL_NONE
                || g_array_index (cells, AciesCell, a) != g_array_index (cells, AciesCell, b))
              continue;
            g_assert_true (acies_board_view_get_play_unit_place (board, a, &xa, &ya, &sa));
            g_assert_true (acies_board_view_get_play_unit_place (board, b, &xb, &yb, &sb));
            g_assert_cmpfloat (hypot (xa - xb, ya - yb), >=, sa * 0.9);
            g_assert_cmpint (acies_board_view_cell_at_point (board, xa, ya), ==, g_array_index (cells, AciesCell, a));
            g_assert_cmpint (acies_board_view_cell_at_point (board, xb, yb), ==, g_array_index (cells, AciesCell, b));
            shared++;
          }
      g_test_message ("Cannae: %u pairs of units share a zone", shared);
      g_assert_cmpuint (shared, >, 0);
    }

  g_test_message ("Cannae: %u actions, %u orders rolls, activations %u/%u",
                  acies_game_get_n_actions (game), rolls, activations[0], activations[1]);
  {
    const AciesState *state = acies_game_get_state (game);
    AciesRuleset *lb = acies_game_get_ruleset (game);
    guint on_board = 0;

    /* Both player-turns of turn 1 were played: both rolled for orders,
     * activated a group and deployed it facing the enemy. */
    g_assert_cmpuint (state->turn, ==, 2);
    g_assert_cmpuint (rolls, >=, 2);
    g_assert_true (deployed[0] && deployed[1]);
    for (guint u = 0; u < acies_ruleset_get_n_units (lb, state); u++)
      {
        AciesUnit view = { 0, };

        if (acies_ruleset_unit_view (lb, state, u, -1, &view) && view.cell != ACIES_CELL_NONE)
          {
            on_board++;
            /* Facing by zone (LB 5.2): every deployed unit has one, drawn
             * as the counter's arrow. */
            g_assert_cmpint (view.facing, >=, 0);
          }
      }
    g_assert_cmpuint (on_board, >=, 2);
    g_assert_true (log_contains (window, "LB 4.1"));
    g_assert_true (log_contains (window, "LB 3.3"));
  }
  }
  screenshot (window, "cannae-turn-2.png");

  report_digest (window, "Cannae first turn");
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  clear_autosaves ();
}

/* Walks @widget's tree for GtkShortcutsShortcut accelerators and titles. */
static void
collect_shortcuts (GtkWidget *widget,
                   GString   *accels,
                   GString   *titles)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accel = NULL;
      g_autofree char *title = NULL;

      g_object_get (widget, "accelerator", &accel, "title", &title, NULL);
      g_string_append_printf (accels, "[%s]", accel != NULL ? accel : "");
      g_string_append_printf (titles, "[%s]", title != NULL ? title : "");
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_shortcuts (child, accels, titles);
}

/* The game window's Ctrl+? lists its own keys, not the editor's, and the
 * application's accelerators it lists reach it. */
static void
test_shortcuts_window (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (3);
  g_autoptr(GString) accels = g_string_new (NULL);
  g_autoptr(GString) titles = g_string_new (NULL);
  AciesGameWindow *window;
  GtkShortcutsWindow *overlay;
  const char * const app_keys[] = { "win.close", "win.zoom-in", "win.zoom-out", "win.zoom-reset" };

  clear_autosaves ();
  window = start_game (scenario, 5, NULL, NULL);
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  collect_shortcuts (GTK_WIDGET (overlay), accels, titles);

  g_assert_nonnull (strstr (accels->str, "[<Alt>1...<Alt>9]"));
  g_assert_nonnull (strstr (accels->str, "[<Control>e]"));
  g_assert_nonnull (strstr (accels->str, "[<Control>z]"));
  g_assert_nonnull (strstr (accels->str, "[<Control>r]"));
  g_assert_nonnull (strstr (accels->str, "[<Control><Shift>c]"));
  g_assert_nonnull (strstr (accels->str, "[<Control>plus]"));
  g_assert_nonnull (strstr (titles->str, "[End the phase]"));
  /* The editor's keys are not there. */
  g_assert_null (strstr (accels->str, "[<Control>p]"));
  g_assert_null (strstr (titles->str, "Play the Scenario"));
  g_assert_null (strstr (titles->str, "Print the Set-up"));

  /* Ctrl+? typed on the game window (real keys through the X server)
   * shows these, not the editor's (a fresh user saw the editor's). */
  if (xdotool (window, "windowraise WIN windowfocus --sync WIN key ctrl+question"))
    {
      GtkWidget *shown = NULL;
      gint64 end = g_get_monotonic_time () + WAIT_TIMEOUT_MS * 1000;

      while (shown == NULL && g_get_monotonic_time () < end)
        {
          GListModel *toplevels = gtk_window_get_toplevels ();

          for (guint i = 0; i < g_list_model_get_n_items (toplevels) && shown == NULL; i++)
            {
              g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

              if (GTK_IS_SHORTCUTS_WINDOW (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
                shown = GTK_WIDGET (toplevel);
            }
          if (shown == NULL)
            acies_test_spin (50);
        }
      g_assert_nonnull (shown);
      g_assert_true (shown == GTK_WIDGET (overlay));
      gtk_window_close (GTK_WINDOW (shown));
      acies_test_spin (100);
    }

  /* The accelerators the application sets for win.* work here. */
  for (guint i = 0; i < G_N_ELEMENTS (app_keys); i++)
    {
      g_auto(GStrv) keys = gtk_application_get_accels_for_action (GTK_APPLICATION (app), app_keys[i]);

      g_assert_nonnull (keys[0]);
      g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), app_keys[i] + 4));
    }
  {
    double zoom;

    g_object_get (acies_game_window_get_board (window), "zoom", &zoom, NULL);
    g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
    {
      double zoomed;

      g_object_get (acies_game_window_get_board (window), "zoom", &zoomed, NULL);
      g_assert_cmpfloat (zoomed, >, zoom);
    }
  }

  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  clear_autosaves ();
}

static gboolean
window_is_open (AciesGameWindow *window)
{
  return g_list_find (gtk_application_get_windows (GTK_APPLICATION (app)), window) != NULL;
}

/* Lets the main loop run until @window is gone, or a few seconds. */
static void
wait_closed (AciesGameWindow *window)
{
  gint64 end = g_get_monotonic_time () + WAIT_TIMEOUT_MS * 1000;

  while (window_is_open (window) && g_get_monotonic_time () < end)
    acies_test_spin (20);
}

/* Takes the first legal action through play.apply. */
static void
make_a_move (AciesGameWindow *window)
{
  AciesGame *game = acies_game_window_get_game (window);
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

/* Closing with moves made since the last save asks Save / Discard /
 * Cancel; with nothing new, it does not ask. */
static void
test_close_question (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (3);
  g_autoptr(GFile) autosave = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  AciesGameWindow *window;

  destroy_all_windows ();
  clear_autosaves ();

  /* Nothing played: the window closes at once, and no autosave is kept
   * (nothing to resume: the start page would list an empty game). */
  window = start_game (scenario, 3, NULL, NULL);
  autosave = g_object_ref (acies_game_window_get_autosave_file (window));
  g_assert_false (g_file_query_exists (autosave, NULL));
  g_assert_false (acies_game_window_has_unsaved_moves (window));
  gtk_window_close (GTK_WINDOW (window));
  wait_closed (window);
  g_assert_false (window_is_open (window));
  g_assert_false (g_file_query_exists (autosave, NULL));
  {
    g_autoptr(GPtrArray) left = acies_play_autosave_list ();

    g_assert_cmpuint (left->len, ==, 0);
  }
  g_clear_object (&autosave);
  clear_autosaves ();

  /* A move, then "Keep for Later": the window closes and the autosave
   * stays, as the question says (the start page's Unfinished Games). */
  window = start_game (scenario, 5, NULL, NULL);
  autosave = g_object_ref (acies_game_window_get_autosave_file (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL);
  make_a_move (window);
  g_assert_true (g_file_query_exists (autosave, NULL));
  gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_nonnull (acies_game_window_get_dialog (window));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (acies_game_window_get_dialog (window)),
                            "Discard deletes that copy"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (acies_game_window_get_dialog (window)),
                            "Unfinished Games"));
  g_assert_null (strstr (adw_message_dialog_get_body (acies_game_window_get_dialog (window)),
                         "If you discard it"));
  adw_message_dialog_response (acies_game_window_get_dialog (window), "keep");
  wait_closed (window);
  g_assert_false (window_is_open (window));
  g_assert_true (g_file_query_exists (autosave, NULL));
  g_clear_object (&autosave);
  clear_autosaves ();

  /* A move: closing asks; Cancel keeps the window, Discard closes it and
   * removes the autosave (no stale resume offer). */
  window = start_game (scenario, 4, NULL, NULL);
  autosave = g_object_ref (acies_game_window_get_autosave_file (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL);
  make_a_move (window);
  g_assert_true (acies_game_window_has_unsaved_moves (window));
  gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_true (window_is_open (window));
  g_assert_nonnull (acies_game_window_get_dialog (window));
  g_assert_cmpstr (adw_message_dialog_get_heading (acies_game_window_get_dialog (window)), ==,
                   "Save the game before closing?");
  g_assert_true (adw_message_dialog_has_response (acies_game_window_get_dialog (window), "save"));
  g_assert_true (adw_message_dialog_has_response (acies_game_window_get_dialog (window), "discard"));
  adw_message_dialog_response (acies_game_window_get_dialog (window), "cancel");
  acies_test_spin (50);
  g_assert_true (window_is_open (window));
  g_assert_null (acies_game_window_get_dialog (window));
  g_assert_true (g_file_query_exists (autosave, NULL));

  gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_nonnull (acies_game_window_get_dialog (window));
  adw_message_dialog_response (acies_game_window_get_dialog (window), "discard");
  wait_closed (window);
  g_assert_false (window_is_open (window));
  g_assert_false (g_file_query_exists (autosave, NULL));
  {
    g_autoptr(GPtrArray) left = acies_play_autosave_list ();

    g_assert_cmpuint (left->len, ==, 0);
  }
  g_clear_object (&autosave);

  /* A saved game: Save writes the new move to its file, then closes. */
  dir = g_dir_make_tmp ("acies-test-close-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "game.acies-game", NULL);
  file = g_file_new_for_path (path);
  {
    g_autoptr(AciesGame) game = NULL;
    g_autoptr(AciesGame) loaded = NULL;

    window = start_game (scenario, 6, NULL, NULL);
    g_assert_true (acies_game_save_file (acies_game_window_get_game (window), file, &error));
    g_assert_no_error (error);
    g_object_ref (window);
    gtk_window_destroy (GTK_WINDOW (window));
    acies_test_spin (50);
    g_assert_finalize_object (window);
    clear_autosaves ();

    game = acies_game_load_file (file, &error);
    g_assert_no_error (error);
    window = acies_game_window_new (GTK_APPLICATION (app), game, file, NULL);
    gtk_window_present (GTK_WINDOW (window));
    gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL);
    g_assert_false (acies_game_window_has_unsaved_moves (window));
    /* Titled by the battle, with the saved file beside it. */
    {
      g_autofree char *base = g_file_get_basename (file);
      const char *battle = acies_game_get_state (game)->scenario->meta.title;

      g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), battle));
      g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), base));
    }
    make_a_move (window);
    gtk_window_close (GTK_WINDOW (window));
    acies_test_spin (50);
    g_assert_nonnull (acies_game_window_get_dialog (window));
    adw_message_dialog_response (acies_game_window_get_dialog (window), "save");
    wait_closed (window);
    g_assert_false (window_is_open (window));
    loaded = acies_game_load_file (file, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (acies_game_get_n_actions (loaded), ==, 1);
  }
  g_file_delete (file, NULL, NULL);
  g_rmdir (dir);
  clear_autosaves ();
}


/* The question dialogs shown (AdwMessageDialog toplevels, visible). */
static guint
count_questions (AdwMessageDialog **first)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        {
          if (first != NULL && n == 0)
            *first = ADW_MESSAGE_DIALOG (window);
          n++;
        }
    }

  return n;
}

/* As a click on a response's button: the response, then the dialog goes. */
static void
answer (AdwMessageDialog *dialog,
        const char       *response)
{
  g_object_ref (dialog);
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
}

static gboolean
window_alive (GtkWindow *window)
{
  return g_list_find (gtk_application_get_windows (GTK_APPLICATION (app)), window) != NULL;
}

/* Ctrl+Q (app.quit) with an unsaved scenario and a game with moves: the
 * windows close one at a time, one question at a time; Cancel ends the
 * quit with both windows open; Discard in each closes them in turn. */
static void
test_quit_one_at_a_time (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (3);
  g_autoptr(AciesBoard) board = acies_board_new_square (12, 8);
  g_autoptr(AciesScenario) edited = acies_scenario_new ("grass-crown", board, "clear");
  AciesCell cell = acies_board_cell_at (board, 1, 1);
  AdwMessageDialog *question = NULL;
  AciesGameWindow *game_window;
  AciesWindow *editor;
  GtkWindow *asking;

  destroy_all_windows ();
  clear_autosaves ();

  editor = acies_window_new (app);
  acies_window_set_scenario (editor, edited, NULL);
  gtk_window_present (GTK_WINDOW (editor));
  g_assert_cmpuint (acies_editor_document_paint_terrain (acies_window_get_document (editor),
                                                         &cell, 1, "broken", FALSE), ==, 1);
  game_window = start_game (scenario, 8, NULL, NULL);
  gtk_widget_activate_action (GTK_WIDGET (game_window), "play.reveal", NULL);
  make_a_move (game_window);
  acies_test_spin (50);

  /* One question, not two; Cancel stops the quit. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  acies_test_spin (100);
  g_assert_cmpuint (count_questions (&question), ==, 1);
  asking = gtk_window_get_transient_for (GTK_WINDOW (question));
  g_assert_true (asking == GTK_WINDOW (editor) || asking == GTK_WINDOW (game_window));
  answer (question, "cancel");
  acies_test_spin (200);
  g_assert_cmpuint (count_questions (NULL), ==, 0);
  g_assert_true (window_alive (GTK_WINDOW (editor)));
  g_assert_true (window_alive (GTK_WINDOW (game_window)));

  /* Discard in the first: it closes, then the second asks. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  acies_test_spin (100);
  g_assert_cmpuint (count_questions (&question), ==, 1);
  asking = gtk_window_get_transient_for (GTK_WINDOW (question));
  answer (question, "discard");
  {
    gint64 end = g_get_monotonic_time () + WAIT_TIMEOUT_MS * 1000;

    while (window_alive (asking) && g_get_monotonic_time () < end)
      acies_test_spin (20);
  }
  g_assert_false (window_alive (asking));
  acies_test_spin (200);
  g_assert_cmpuint (count_questions (&question), ==, 1);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (question)) != asking);
  asking = gtk_window_get_transient_for (GTK_WINDOW (question));
  g_assert_true (asking == GTK_WINDOW (editor) || asking == GTK_WINDOW (game_window));
  answer (question, "discard");
  {
    gint64 end = g_get_monotonic_time () + WAIT_TIMEOUT_MS * 1000;

    while (window_alive (asking) && g_get_monotonic_time () < end)
      acies_test_spin (20);
  }
  g_assert_false (window_alive ((GtkWindow *) editor));
  g_assert_false (window_alive ((GtkWindow *) game_window));
  destroy_all_windows ();
  clear_autosaves ();

  destroy_all_windows ();
  clear_autosaves ();
}

static GtkDropDown *
find_drop_down (GtkWidget *widget)
{
  return (GtkDropDown *) acies_test_find_type (widget, GTK_TYPE_DROP_DOWN);
}

/* The New Game dialog's house options: the label, enum values in words
 * ("value_labels"), the help without "(checklist …)", the ruling apart. */
static void
test_house_options (void)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown",
                                            "heraclea.acies", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  AciesNewGameDialog *dialog;
  AdwActionRow *row;
  GtkDropDown *drop;
  const char *subtitle;

  scenario = acies_scenario_load_file (file, &error);
  g_assert_no_error (error);
  dialog = acies_application_new_game (app, NULL, scenario);
  g_assert_nonnull (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));

  {
    const char *dir = g_getenv ("ACIES_TEST_SHOTS");

    if (dir != NULL)
      {
        g_autofree char *shot = g_build_filename (dir, "new-game-heraclea.png", NULL);
        g_autofree char *command = g_strdup_printf ("import -window root %s", shot);
        GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (acies_test_find_row (GTK_WIDGET (dialog), "Side that sets up first", NULL)),
                                                       GTK_TYPE_SCROLLED_WINDOW);
        GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

        acies_test_spin (300);
        gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) * 0.3);
        acies_test_spin (300);
        g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
      }
  }
  row = acies_test_find_row (GTK_WIDGET (dialog), "Side that sets up first", NULL);
  g_assert_nonnull (row);
  subtitle = adw_action_row_get_subtitle (row);
  g_assert_nonnull (strstr (subtitle, "3.1 says the blue side sets up first"));
  g_assert_nonnull (strstr (subtitle, "Ruling GC-G20"));
  g_assert_null (strstr (subtitle, "checklist"));
  drop = find_drop_down (GTK_WIDGET (row));
  g_assert_nonnull (drop);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (drop)), 0), ==, "Blue side");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (drop)), 2), ==,
                   "As the scenario says");
  /* The chosen label still starts the game with the value's id. */
  g_assert_true (acies_new_game_dialog_set_option (dialog, "setup_first", "scenario"));
  g_assert_cmpuint (gtk_drop_down_get_selected (drop), ==, 2);
  {
    g_autoptr(JsonObject) options = acies_new_game_dialog_get_options (dialog);

    g_assert_cmpstr (json_object_get_string_member (options, "setup_first"), ==, "scenario");
  }

  row = acies_test_find_row (GTK_WIDGET (dialog), "Triplex Acies followers stop with the first line", NULL);
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "Ruling GC-G25"));
  g_assert_null (strstr (adw_action_row_get_subtitle (row), "(checklist"));

  /* Every option row of every enum names its values in words: none is
   * an id with '-' or '_' in it. */
  {
    AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");

    g_assert_nonnull (catalogue);
    for (guint i = 0; i < catalogue->options->len; i++)
      {
        AciesParamSpec *spec = g_ptr_array_index (catalogue->options, i);

        if (spec->type != ACIES_VALUE_ENUM)
          continue;
        g_assert_nonnull (spec->value_labels);
        {
          /* Row titles are markup. */
          g_autofree char *title = g_markup_escape_text (spec->label, -1);

          row = acies_test_find_row (GTK_WIDGET (dialog), title, NULL);
        }
        g_assert_nonnull (row);
        drop = find_drop_down (GTK_WIDGET (row));
        g_assert_nonnull (drop);
        for (guint k = 0; spec->values[k] != NULL; k++)
          {
            const char *shown = gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (drop)), k);

            g_assert_cmpstr (shown, ==, spec->value_labels[k]);
            g_assert_null (strchr (shown, '_'));
          }
      }
  }

  /* Without "value_labels": the value in words; help splitting. */
  {
    char *values[] = { (char *) "as-printed", (char *) "total_distributed", NULL };
    AciesParamSpec spec = { .id = (char *) "x", .label = (char *) "X", .type = ACIES_VALUE_ENUM,
                            .values = values };
    g_autofree char *a = acies_param_spec_value_label (&spec, 0);
    g_autofree char *b = acies_param_spec_value_label (&spec, 1);
    g_autofree char *none = acies_param_spec_value_label (&spec, 2);
    g_autofree char *ruling = NULL;
    g_autofree char *help = acies_param_help_split ("FB-A1: odds are rounded in the defender's favour.", &ruling);
    g_autofree char *ruling2 = NULL;
    g_autofree char *help2 = acies_param_help_split ("Default: yes (checklist LB-G14)", &ruling2);
    g_autofree char *ruling3 = NULL;
    g_autofree char *help3 = acies_param_help_split ("Plain help.", &ruling3);

    g_assert_cmpstr (a, ==, "As printed");
    g_assert_cmpstr (b, ==, "Total distributed");
    g_assert_null (none);
    g_assert_cmpstr (help, ==, "Odds are rounded in the defender's favour.");
    g_assert_cmpstr (ruling, ==, "Ruling FB-A1");
    g_assert_cmpstr (help2, ==, "Default: yes");
    g_assert_cmpstr (ruling2, ==, "Ruling LB-G14");
    g_assert_cmpstr (help3, ==, "Plain help.");
    g_assert_null (ruling3);
  }

  gtk_window_destroy (GTK_WINDOW (dialog));
  acies_test_spin (50);
}

/* The board draws a group's outline and markers on the unit's own
 * counter: the pixels at a grouped unit's outline are the outline's
 * amber, those of an ungrouped neighbour in the same zone are not. */
static void
test_unit_marks_drawn (void)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "lost-battles",
                                            "cannae.acies", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) marks = g_array_new (FALSE, TRUE, sizeof (guint));
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  GtkWidget *window, *board;
  gint first = -1, second = -1;
  double xa, ya, sa, xb, yb, sb;
  int width, height;

  scenario = acies_scenario_load_file (file, &error);
  g_assert_no_error (error);

  /* Three units of one side in the zone of the first. */
  for (guint i = 0; i < scenario->units->len && units->len < 3; i++)
    {
      AciesUnit *unit = g_ptr_array_index (scenario->units, i);
      AciesUnit *copy = g_memdup2 (unit, sizeof *unit);

      if (unit->cell == ACIES_CELL_NONE)
        {
          g_free (copy);
          continue;
        }
      copy->cell = units->len == 0 ? unit->cell : ((AciesUnit *) g_ptr_array_index (units, 0))->cell;
      copy->cell2 = ACIES_CELL_NONE;
      copy->facing = -1;
      g_ptr_array_add (units, copy);
    }
  g_assert_cmpuint (units->len, ==, 3);
  g_array_set_size (marks, 3);
  g_array_index (marks, guint, 0) = ACIES_PLAY_MARK_GROUP | ACIES_PLAY_MARK_LEAD;
  g_array_index (marks, guint, 2) = ACIES_PLAY_MARK_GROUP;
  g_ptr_array_add (texts, (gpointer) "");
  g_ptr_array_add (texts, (gpointer) "engaged");
  g_ptr_array_add (texts, (gpointer) "");
  g_ptr_array_add (texts, NULL);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  board = acies_board_view_new ();
  gtk_window_set_child (GTK_WINDOW (window), board);
  acies_board_view_set_scenario (ACIES_BOARD_VIEW (board), scenario);
  acies_board_view_set_play_units (ACIES_BOARD_VIEW (board), units);
  acies_board_view_set_play_unit_marks (ACIES_BOARD_VIEW (board), (const char * const *) texts->pdata,
                                        (const guint *) marks->data, marks->len);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);

  first = 0;
  second = 1;
  g_assert_true (acies_board_view_get_play_unit_place (ACIES_BOARD_VIEW (board), first, &xa, &ya, &sa));
  g_assert_true (acies_board_view_get_play_unit_place (ACIES_BOARD_VIEW (board), second, &xb, &yb, &sb));
  g_assert_cmpfloat (hypot (xa - xb, ya - yb), >=, sa * 0.9);

  width = gtk_widget_get_width (board);
  height = gtk_widget_get_height (board);
  {
    g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (board);
    GtkSnapshot *snapshot = gtk_snapshot_new ();
    g_autoptr(GskRenderNode) node = NULL;
    g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
    g_autoptr(GdkTexture) texture = NULL;
    g_autofree guchar *pixels = g_malloc ((gsize) width * height * 4);
    double line = MAX (2.0, sa * 0.07);
    guchar *p;

    gdk_paintable_snapshot (paintable, snapshot, width, height);
    node = gtk_snapshot_free_to_node (snapshot);
    g_assert_nonnull (node);
    g_assert_true (gsk_renderer_realize (renderer, NULL, NULL));
    texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
    gdk_texture_download (texture, pixels, width * 4);
    gsk_renderer_unrealize (renderer);

    /* The outline's middle, left of the grouped counter (BGRA). */
    p = pixels + ((int) ya * width + (int) (xa - sa / 2 - line)) * 4;
    g_assert_cmpint (abs (p[2] - 245), <=, 30);
    g_assert_cmpint (abs (p[1] - 194), <=, 30);
    g_assert_cmpint (abs (p[0] - 18), <=, 40);
    /* Not around the ungrouped one. */
    p = pixels + ((int) yb * width + (int) (xb - sb / 2 - line)) * 4;
    g_assert_false (abs (p[2] - 245) <= 30 && abs (p[1] - 194) <= 30 && abs (p[0] - 18) <= 40);
  }

  acies_board_view_set_play_units (ACIES_BOARD_VIEW (board), NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
}

/* The child process of the kill test: starts a game, takes an action,
 * prints the digest and waits to be killed. */
static int
run_child (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  AciesGameWindow *window;
  AciesGame *game;
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *json = NULL;
  g_autofree char *digest = NULL;

  window = start_game (scenario, 7, NULL, NULL);
  game = acies_game_window_get_game (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL);
  acies_ruleset_legal_actions (acies_game_get_ruleset (game), acies_game_get_state (game), legal);
  node = acies_ruleset_action_to_json (acies_game_get_ruleset (game), acies_game_get_state (game),
                                       &g_array_index (legal, AciesAction, 0));
  json = json_to_string (node, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "play.apply", "s", json);
  if (acies_game_get_n_actions (game) != 1)
    return 1;

  digest = acies_game_digest (game);
  printf ("DIGEST %s\n", digest);
  fflush (stdout);
  for (;;)
    g_main_context_iteration (NULL, TRUE);

  return 0;
}

static void
test_resume_after_kill (void)
{
  /* G_TEST_BUILDDIR is tests/, not tests/ui/: spawn this very program. */
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self_path, "--child", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOChannel) channel = NULL;
  g_autofree char *line = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *resumed_digest = NULL;
  GtkWidget *start_page;
  GListModel *unfinished;
  g_autoptr(GFile) file = NULL;
  g_autofree char *uri = NULL;
  AciesGameWindow *window;
  GPid pid;
  int out_fd, status;

  destroy_all_windows ();
  clear_autosaves ();

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                           G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                           &pid, NULL, &out_fd, NULL, &error));
  g_assert_no_error (error);
  channel = g_io_channel_unix_new (out_fd);
  g_io_channel_set_close_on_unref (channel, TRUE);
  while (g_io_channel_read_line (channel, &line, NULL, NULL, &error) == G_IO_STATUS_NORMAL)
    {
      if (g_str_has_prefix (line, "DIGEST "))
        break;
      g_clear_pointer (&line, g_free);
    }
  g_assert_no_error (error);
  g_assert_nonnull (line);
  digest = g_strstrip (g_strdup (line + strlen ("DIGEST ")));

  /* kill -9 after the action. */
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  g_spawn_close_pid (pid);

  /* The next start offers to resume; accepting restores the same state. */
  start_page = g_object_ref_sink (acies_start_page_new ());
  unfinished = acies_start_page_get_unfinished (ACIES_START_PAGE (start_page));
  g_assert_cmpuint (g_list_model_get_n_items (unfinished), ==, 1);
  file = g_list_model_get_item (unfinished, 0);
  uri = g_file_get_uri (file);
  g_action_group_activate_action (G_ACTION_GROUP (app), "resume-game", g_variant_new_string (uri));
  window = find_game_window (NULL);
  g_assert_nonnull (window);
  resumed_digest = digest_of (window);
  g_assert_cmpstr (resumed_digest, ==, digest);
  g_assert_cmpuint (acies_game_get_n_actions (acies_game_window_get_game (window)), ==, 1);
  g_assert_true (g_file_equal (acies_game_window_get_autosave_file (window), file));
  g_object_unref (start_page);

  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  clear_autosaves ();
}

/* Panel, header and saved games (issue 4). */

static AciesScenario *
load_bundled (const char *folder,
              const char *name)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", folder, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = acies_scenario_load_file (file, &error);

  g_assert_no_error (error);
  return scenario;
}

static gboolean
has_ruleset (const char *id)
{
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup (id, NULL);

  return ruleset != NULL;
}

static const char *
window_subtitle (AciesGameWindow *window)
{
  GtkWidget *title = acies_test_find_type (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE);

  g_assert_nonnull (title);
  return adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title));
}

/* What the header must say: the ruleset's words, else "Turn N". */
static char *
expected_turn (AciesGameWindow *window)
{
  AciesGame *game = acies_game_window_get_game (window);
  char *text = acies_ruleset_describe_turn (acies_game_get_ruleset (game), acies_game_get_state (game));

  if (text != NULL)
    return text;
  return g_strdup_printf ("Turn %u", acies_game_get_state (game)->turn);
}

static void
check_turn_header (AciesGameWindow *window)
{
  g_autofree char *expected = expected_turn (window);

  g_assert_cmpstr (acies_game_window_get_turn_text (window), ==, expected);
  g_assert_true (g_str_has_prefix (window_subtitle (window), expected));
  /* A phase the turn's words already say is not said again (Heraclea's
   * set-up read "Set-up Set-up", and "Set-up · Set-up" under the title). */
  g_assert_cmpstr (acies_game_window_get_phase_text (window), !=, expected);
  {
    g_autofree char *twice = g_strdup_printf ("%s · %s", expected, expected);

    g_assert_null (strstr (window_subtitle (window), twice));
  }
}

static char *
book_turn (AciesRuleset     *ruleset,
           const AciesState *state)
{
  return g_strdup_printf ("Book Turn %u", state->turn);
}

/* The header and the subtitle say the turn in the ruleset's words when
 * describe_turn gives them (Grass Crown: "Set-up", "Pyrrhus Turn 2"),
 * else "Turn N" (Lost Battles' Cannae: "Turn 1"); a ruleset given words
 * of its own is followed at once. */
static void
test_turn_header (void)
{
  const char * const names[] = { "Varro", "Hannibal", NULL };
  AciesGameWindow *window;
  AciesGame *game;

  clear_autosaves ();
  if (has_ruleset ("lost-battles"))
    {
      g_autoptr(AciesScenario) scenario = load_bundled ("lost-battles", "cannae.acies");
      AciesRulesetInterface *iface;
      char *(*saved) (AciesRuleset *, const AciesState *);

      window = start_game (scenario, 11, "Varro", "Hannibal");
      game = acies_game_window_get_game (window);
      iface = g_type_interface_peek (G_OBJECT_GET_CLASS (acies_game_get_ruleset (game)), ACIES_TYPE_RULESET);
      check_turn_header (window);
      if (iface->describe_turn == NULL)
        {
          /* No words of its own: "Turn 1", in the panel and the subtitle. */
          g_assert_cmpstr (acies_game_window_get_turn_text (window), ==, "Turn 1");
          g_assert_true (g_str_has_prefix (window_subtitle (window), "Turn 1"));
        }

      /* The ruleset's words, whatever they are, replace "Turn N". */
      saved = iface->describe_turn;
      iface->describe_turn = book_turn;
      acies_game_window_set_player_names (window, names);
      g_assert_cmpstr (acies_game_window_get_turn_text (window), ==, "Book Turn 1");
      g_assert_true (g_str_has_prefix (window_subtitle (window), "Book Turn 1"));
      iface->describe_turn = saved;
      acies_game_window_set_player_names (window, names);
      check_turn_header (window);

      g_object_ref (window);
      gtk_window_destroy (GTK_WINDOW (window));
      acies_test_spin (50);
      g_assert_finalize_object (window);
    }

  if (has_ruleset ("grass-crown"))
    {
      g_autoptr(AciesScenario) scenario = load_bundled ("grass-crown", "heraclea.acies");

      window = start_game (scenario, 3, "Laevinus", "Pyrrhus");
      game = acies_game_window_get_game (window);
      /* Through the set-up into play: the header follows every change. */
      for (guint step = 0; step < 120 && !acies_game_get_state (game)->finished; step++)
        {
          gint index;

          check_turn_header (window);
          if (acies_game_window_get_curtain_shown (window))
            {
              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
              continue;
            }
          if (acies_game_get_state (game)->turn >= 2)
            break;
          index = find_shown (window, "End the phase");
          if (index < 0)
            index = 0;
          choose (window, index);
          if (acies_game_window_get_selected_unit (window) >= 0)
            choose (window, 0);
          if (acies_game_window_get_odds_text (window) != NULL)
            gtk_widget_activate_action (GTK_WIDGET (window), "play.commit", NULL);
        }
      check_turn_header (window);
      g_object_ref (window);
      gtk_window_destroy (GTK_WINDOW (window));
      acies_test_spin (50);
      g_assert_finalize_object (window);
    }
  clear_autosaves ();
}

/* The actions list is grouped: each row under one heading, a group's rows
 * together, the headings distinct; at a prompt (every legal action
 * listed, nothing selected or clicked) a heading per kind of legal action,
 * the action spec's label; Alt+1 … Alt+9 name rows of open groups in the
 * order shown.  Returns the number of groups. */
static guint
check_groups (AciesGameWindow *window)
{
  AciesGame *game = acies_game_window_get_game (window);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  GListModel *actions = acies_game_window_get_actions (window);
  GListModel *groups = acies_game_window_get_action_groups (window);
  guint n = g_list_model_get_n_items (actions);
  guint n_groups = g_list_model_get_n_items (groups);
  gint last = -1;
  g_autoptr(AciesPrompt) prompt = NULL;

  g_assert_cmpuint (n_groups, <=, MAX (n, 1));
  if (n > 0)
    g_assert_cmpuint (n_groups, >, 0);
  for (guint i = 0; i < n; i++)
    {
      gint group = acies_game_window_get_action_group (window, i);

      /* Rows in order of their groups; a group's rows together. */
      g_assert_cmpint (group, >=, 0);
      g_assert_cmpint (group, <, (gint) n_groups);
      g_assert_true (group == last || group == last + 1);
      last = group;
    }
  g_assert_cmpint (acies_game_window_get_action_group (window, n), ==, -1);
  for (guint g = 0; g < n_groups; g++)
    for (guint h = g + 1; h < n_groups; h++)
      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (groups), g), !=,
                       gtk_string_list_get_string (GTK_STRING_LIST (groups), h));

  if (!acies_game_get_state (game)->finished)
    prompt = acies_ruleset_get_prompt (ruleset, acies_game_get_state (game));
  if (prompt != NULL && acies_game_window_get_selected_unit (window) < 0 && n > 0)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      g_autoptr(GPtrArray) kinds = g_ptr_array_new ();
      const AciesActionSpec *specs;
      guint n_specs = 0;

      acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
      specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
      for (guint i = 0; i < legal->len; i++)
        {
          const char *label = specs[g_array_index (legal, AciesAction, i).type].label;

          if (!g_ptr_array_find_with_equal_func (kinds, label, g_str_equal, NULL))
            g_ptr_array_add (kinds, (gpointer) label);
        }
      /* A click may have listed some first, under their own heading. */
      if (!g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (groups), 0), "On the Clicked Square"))
        {
          g_assert_cmpuint (n_groups, ==, kinds->len);
          for (guint k = 0; k < kinds->len; k++)
            {
              gboolean found = FALSE;

              for (guint g = 0; g < n_groups; g++)
                found |= g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (groups), g), kinds->pdata[k]);
              g_assert_true (found);
            }
        }
    }

  /* Alt+N: rows of open groups, in the order shown, nine at most. */
  last = -1;
  for (guint k = 0; k < 9; k++)
    {
      gint index = acies_game_window_get_key_action (window, k);

      if (index < 0)
        {
          g_assert_cmpint (acies_game_window_get_key_action (window, k + 1), ==, -1);
          break;
        }
      g_assert_cmpint (index, >, last);
      g_assert_cmpint (index, <, (gint) n);
      g_assert_true (acies_game_window_get_action_group_open (window,
                                                              acies_game_window_get_action_group (window, index)));
      last = index;
    }
  /* The first group is always open: Alt+1 is its first action, never a
   * later group's (a folded first group made it "Play no Command"). */
  if (n > 0)
    {
      g_assert_true (acies_game_window_get_action_group_open (window, 0));
      g_assert_cmpint (acies_game_window_get_key_action (window, 0), ==, 0);
    }

  return n_groups;
}

static void
play_checking_groups (AciesGameWindow *window,
                      const char      *shot,
                      guint            steps,
                      guint           *most_groups,
                      guint           *most_actions,
                      gboolean        *saw_selected)
{
  AciesGame *game = acies_game_window_get_game (window);

  for (guint step = 0; step < steps && !acies_game_get_state (game)->finished; step++)
    {
      guint n_groups, n;
      GListModel *groups = acies_game_window_get_action_groups (window);
      gint index;

      if (acies_game_window_get_curtain_shown (window))
        {
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
          continue;
        }
      n_groups = check_groups (window);
      n = g_list_model_get_n_items (acies_game_window_get_actions (window));
      *most_groups = MAX (*most_groups, n_groups);
      *most_actions = MAX (*most_actions, n);
      if (acies_game_window_get_selected_unit (window) >= 0)
        {
          /* The selected unit's actions first, under its name. */
          g_assert_true (g_str_has_prefix (gtk_string_list_get_string (GTK_STRING_LIST (groups), 0),
                                           "Selected: "));
          g_assert_true (acies_game_window_get_action_group_open (window, 0));
          if (!*saw_selected)
            screenshot (window, shot);
          *saw_selected = TRUE;
        }
      if (n == 0)
        break;
      /* Vary the play: a unit's row now and then, else the first. */
      index = (step % 3 == 1) ? find_shown (window, "Select ") : -1;
      if (index < 0 && step % 5 == 4)
        index = find_shown (window, "End");
      if (index < 0)
        index = acies_game_window_get_key_action (window, 0);
      if (index < 0)
        index = 0;
      /* Alt+1 is play.choose-key 0: the same row as play.choose. */
      if (index == acies_game_window_get_key_action (window, 0))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.choose-key", "i", 0));
      else
        choose (window, index);
      if (acies_game_window_get_odds_text (window) != NULL)
        gtk_widget_activate_action (GTK_WIDGET (window), "play.commit", NULL);
    }
}

/* One battle's actions, grouped by kind, for @steps steps (screenshots
 * NAME.png and NAME-selected.png). */
static void
check_groups_in (const char *ruleset,
                 const char *file,
                 guint64     seed,
                 const char *player0,
                 const char *player1,
                 guint       steps,
                 const char *name)
{
  g_autoptr(AciesScenario) scenario = load_bundled (ruleset, file);
  g_autofree char *shot = g_strdup_printf ("%s.png", name);
  g_autofree char *selected_shot = g_strdup_printf ("%s-selected.png", name);
  guint most_groups = 0, most_actions = 0;
  gboolean saw_selected = FALSE;
  AciesGameWindow *window;

  window = start_game (scenario, seed, player0, player1);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  play_checking_groups (window, selected_shot, steps, &most_groups, &most_actions, &saw_selected);
  g_test_message ("%s: at most %u groups, %u actions", file, most_groups, most_actions);
  g_assert_cmpuint (most_groups, >=, 2);
  screenshot (window, shot);
  report_digest (window, file);
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
}

/* Grass Crown's long list and Lost Battles' Cannae, grouped by kind. */
static void
test_action_groups (void)
{
  clear_autosaves ();
  if (has_ruleset ("grass-crown"))
    check_groups_in ("grass-crown", "heraclea.acies", 5, "Laevinus", "Pyrrhus", 150, "panel-heraclea");
  if (has_ruleset ("lost-battles"))
    check_groups_in ("lost-battles", "cannae.acies", 11, "Varro", "Hannibal", 60, "panel-cannae");
  clear_autosaves ();
}

/* The start page's Unfinished Games rows whose title contains @text. */
static guint
count_rows_with (GtkWidget  *widget,
                 const char *text)
{
  guint n = 0;

  if (ADW_IS_ACTION_ROW (widget)
      && strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), text) != NULL)
    n++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_rows_with (child, text);

  return n;
}

static gboolean
row_title_has (GtkWidget     *widget,
               gconstpointer  text)
{
  return ADW_IS_ACTION_ROW (widget)
         && strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), text) != NULL;
}

static GtkWidget *
find_row_with (GtkWidget  *widget,
               const char *text)
{
  return acies_test_find_widget (widget, row_title_has, text);
}

/* Waits until the start page lists @n games (it follows the autosave
 * folder by itself). */
static void
wait_unfinished (AciesStartPage *page,
                 guint           n,
                 const char     *title_part)
{
  gint64 end = g_get_monotonic_time () + WAIT_TIMEOUT_MS * 1000;

  while (g_get_monotonic_time () < end
         && (g_list_model_get_n_items (acies_start_page_get_unfinished (page)) != n
             || (title_part != NULL && count_rows_with (GTK_WIDGET (page), title_part) != 1)))
    acies_test_spin (50);
}

/* Issue 4: after Save As, "Unfinished Games" listed the game twice (the
 * autosave of the session before, and the one of the reopened file) and
 * never by its file.  Now an autosave is a copy of the file it was saved
 * to: the page lists the game once, by the battle and that file, the
 * same game reopened goes on with its autosave, a resumed autosave with
 * its file, and Save As to another file renames the one row. */
static void
test_save_as_unfinished_once (void)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-save-as-XXXXXX", &error);
  g_autofree char *path_x = NULL;
  g_autofree char *path_y = NULL;
  g_autoptr(GFile) file_x = NULL;
  g_autoptr(GFile) file_y = NULL;
  g_autoptr(GFile) autosave = NULL;
  g_autoptr(GFile) older = NULL;
  GtkWidget *page_window;
  AciesStartPage *page;
  AciesGameWindow *window;
  AciesGame *game;

  g_assert_no_error (error);
  path_x = g_build_filename (dir, "first game.acies-game", NULL);
  path_y = g_build_filename (dir, "second name.acies-game", NULL);
  file_x = g_file_new_for_path (path_x);
  file_y = g_file_new_for_path (path_y);
  clear_autosaves ();

  /* A start page on the screen, as the main window shows it. */
  page = ACIES_START_PAGE (acies_start_page_new ());
  page_window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (page_window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (page_window));
  gtk_test_widget_wait_for_draw (page_window);
  g_assert_cmpuint (g_list_model_get_n_items (acies_start_page_get_unfinished (page)), ==, 0);

  /* A game with an action: one unfinished game, not saved to a file. */
  window = start_game (scenario, 42, "Alice", "Bob");
  game = acies_game_window_get_game (window);
  if (acies_game_window_get_curtain_shown (window))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  while (acies_game_get_n_actions (game) == 0)
    choose (window, 0);
  autosave = g_object_ref (acies_game_window_get_autosave_file (window));
  wait_unfinished (page, 1, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (acies_start_page_get_unfinished (page)), ==, 1);
  g_assert_cmpuint (count_rows_with (GTK_WIDGET (page), "first game"), ==, 0);

  /* An older copy of the same game, from a session before, saved to the
   * same file (what a fresh user saw listed beside the current one). */
  older = acies_play_autosave_new_file ();
  g_assert_true (acies_game_save_file (game, older, &error));
  g_assert_no_error (error);
  acies_play_autosave_set_saved_file (older, file_x);

  /* Save As: the window's file, its autosave a copy of it, the older
   * copy gone; one row, by the battle and the file. */
  g_assert_true (acies_game_window_save_to_file (window, file_x));
  g_assert_true (g_file_equal (acies_game_window_get_file (window), file_x));
  {
    g_autoptr(GFile) saved = acies_play_autosave_get_saved_file (autosave);

    g_assert_nonnull (saved);
    g_assert_true (g_file_equal (saved, file_x));
  }
  g_assert_false (g_file_query_exists (older, NULL));
  wait_unfinished (page, 1, "first game");
  g_assert_cmpuint (g_list_model_get_n_items (acies_start_page_get_unfinished (page)), ==, 1);
  g_assert_cmpuint (count_rows_with (GTK_WIDGET (page), "first game"), ==, 1);
  /* When it was saved, as GNOME says it (it said "saved 11/30/26 10:00:50"). */
  {
    GtkWidget *row = find_row_with (GTK_WIDGET (page), "first game");
    const char *subtitle;

    g_assert_nonnull (row);
    subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
    g_assert_nonnull (strstr (subtitle, "saved Today, "));
    g_assert_null (strchr (subtitle, '/'));
  }
  {
    g_autoptr(GFile) listed = g_list_model_get_item (acies_start_page_get_unfinished (page), 0);

    g_assert_true (g_file_equal (listed, autosave));
  }

  /* Closed with nothing unsaved: the autosave stays (unfinished). */
  g_assert_false (acies_game_window_has_unsaved_moves (window));
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  g_assert_true (g_file_query_exists (autosave, NULL));

  /* The file opened again goes on with the same autosave: still one. */
  window = acies_application_open_game (app, file_x, NULL);
  g_assert_nonnull (window);
  g_assert_true (g_file_equal (acies_game_window_get_autosave_file (window), autosave));
  {
    g_autoptr(GPtrArray) all = acies_play_autosave_list ();

    g_assert_cmpuint (all->len, ==, 1);
  }
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);

  /* Resumed from the page: the game knows its file again. */
  window = acies_application_open_game (app, autosave, autosave);
  g_assert_nonnull (window);
  game = acies_game_window_get_game (window);
  g_assert_true (g_file_equal (acies_game_window_get_file (window), file_x));
  g_assert_false (acies_game_window_has_unsaved_moves (window));

  /* Save As to another name: one row, by the new name. */
  g_assert_true (acies_game_window_save_to_file (window, file_y));
  wait_unfinished (page, 1, "second name");
  g_assert_cmpuint (g_list_model_get_n_items (acies_start_page_get_unfinished (page)), ==, 1);
  g_assert_cmpuint (count_rows_with (GTK_WIDGET (page), "second name"), ==, 1);
  g_assert_cmpuint (count_rows_with (GTK_WIDGET (page), "first game"), ==, 0);

  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  gtk_window_destroy (GTK_WINDOW (page_window));
  acies_test_spin (50);
  clear_autosaves ();
  g_unlink (path_x);
  g_unlink (path_y);
  g_rmdir (dir);
}

static guint
count_game_windows (void)
{
  guint n = 0;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    n += ACIES_IS_GAME_WINDOW (l->data);

  return n;
}

/* The visible message dialog whose heading holds @text, or NULL. */
static AdwMessageDialog *
find_message_dialog (const char *text)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel))
          && strstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (toplevel)), text) != NULL)
        return ADW_MESSAGE_DIALOG (toplevel);
    }

  return NULL;
}

/* A test-race game with a few actions saved to @file; its window closed
 * and no autosave left (a file given to someone else). */
static void
save_game_file (GFile *file)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  g_autoptr(GError) error = NULL;
  AciesGameWindow *window;
  AciesGame *game;

  window = start_game (scenario, 7, "Alice", "Bob");
  game = acies_game_window_get_game (window);
  if (acies_game_window_get_curtain_shown (window))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.reveal", NULL));
  while (acies_game_get_n_actions (game) < 2)
    make_a_move (window);
  g_assert_true (acies_game_save_file (game, file, &error));
  g_assert_no_error (error);
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  clear_autosaves ();
}


static gboolean
is_button_for (GtkWidget     *widget,
               gconstpointer  action)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static GtkWidget *
find_actionable (GtkWidget  *widget,
                 const char *action)
{
  return acies_test_find_widget (widget, is_button_for, action);
}

static gboolean
has_label_containing (GtkWidget  *widget,
                      const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_label_containing (child, text))
      return TRUE;

  return FALSE;
}

/* The action rows (in the actions list's groups) on the screen, and of
 * them those wholly inside the scrolled pane that holds them. */
static void
count_action_rows (GtkWidget  *widget,
                   guint      *mapped,
                   guint      *in_view,
                   GtkWidget **pane)
{
  if (ADW_IS_ACTION_ROW (widget) && gtk_widget_get_mapped (widget)
      && gtk_widget_get_ancestor (widget, ADW_TYPE_EXPANDER_ROW) != NULL)
    {
      GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
      graphene_rect_t bounds;

      g_assert_nonnull (scrolled);
      *pane = scrolled;
      (*mapped)++;
      if (gtk_widget_compute_bounds (widget, scrolled, &bounds)
          && bounds.origin.y >= 0
          && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scrolled) + 0.5)
        (*in_view)++;
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    count_action_rows (child, mapped, in_view, pane);
}

static void
open_all_groups (GtkWidget *widget)
{
  if (ADW_IS_EXPANDER_ROW (widget))
    adw_expander_row_set_expanded (ADW_EXPANDER_ROW (widget), TRUE);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    open_all_groups (child);
}

/* Issue 4: at 1366 × 768 the side panel showed about two action rows
 * (the status block and 55-pixel rows took the room), and a 700 × 450
 * window lost the list.  The actions come first: many rows in view at
 * 1366 × 768, and in a small window the upper pane (which scrolls) keeps
 * most of the panel, its last row reachable. */
static void
test_actions_visible (void)
{
  g_autoptr(AciesScenario) scenario = NULL;
  AciesGameWindow *window;
  AciesGame *game;
  GtkWidget *pane = NULL;
  guint mapped = 0, in_view = 0;

  if (!has_ruleset ("lost-battles"))
    {
      g_test_skip ("Lost Battles is not built");
      return;
    }
  clear_autosaves ();
  destroy_all_windows ();
  scenario = load_bundled ("lost-battles", "cannae.acies");
  window = start_game (scenario, 21, "Alice", "Bob");
  game = acies_game_window_get_game (window);
  if (!xdotool (window, "windowsize WIN 1366 768"))
    {
      g_test_skip ("no xdotool or no X11");
      destroy_all_windows ();
      return;
    }
  /* The orders rolled: the units that can act, and End player-turn. */
  while (acies_game_get_n_actions (game) == 0)
    choose (window, 0);
  g_assert_true (acies_game_get_state (game)->active_side == 0);
  open_all_groups (GTK_WIDGET (window));
  acies_test_spin (300);
  screenshot (window, "play-actions-1366.png");

  /* The status says names, not ids: a commander by the scenario
   * leader's name, a status by its words alone. */
  {
    const char *status = acies_game_window_get_state_text (window);
    const AciesScenario *played = acies_game_get_scenario (game);

    g_assert_nonnull (status);
    g_assert_null (strstr (status, "status "));
    for (guint i = 0; i < played->leaders->len; i++)
      {
        const AciesLeader *leader = g_ptr_array_index (played->leaders, i);
        g_autofree char *by_id = g_strdup_printf ("\n  %s —", leader->id);

        g_assert_null (strstr (status, by_id));
        if (leader->name != NULL && g_strcmp0 (leader->name, leader->id) != 0)
          g_assert_nonnull (strstr (status, leader->name));
      }
  }

  /* End Phase says what ending now would do (Orders unspent are lost,
   * LB 4.1.2): on its tooltip and under the prompt. */
  {
    AciesRuleset *ruleset = acies_game_get_ruleset (game);
    const AciesState *state = acies_game_get_state (game);
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
    const AciesActionSpec *specs;
    guint n_specs = 0;
    g_autofree char *text = NULL;
    GtkWidget *button = find_actionable (GTK_WIDGET (window), "play.end-phase");

    acies_ruleset_legal_actions (ruleset, state, legal);
    specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
    for (guint i = 0; i < legal->len && text == NULL; i++)
      {
        const AciesAction *action = &g_array_index (legal, AciesAction, i);

        if (action->type < n_specs && g_str_has_prefix (specs[action->type].name, "end"))
          text = acies_ruleset_describe_action (ruleset, state, action);
      }
    g_assert_nonnull (text);
    g_assert_nonnull (button);
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), text));
    g_assert_true (has_label_containing (GTK_WIDGET (window), text));
  }

  count_action_rows (GTK_WIDGET (window), &mapped, &in_view, &pane);
  g_test_message ("1366x768: %u action rows shown, %u in view", mapped, in_view);
  g_assert_cmpuint (mapped, >=, 10);
  g_assert_cmpuint (in_view, >=, 6);

  /* A small window: the actions' pane keeps most of the panel, and
   * scrolls to its last row. */
  g_assert_true (xdotool (window, "windowsize WIN 700 450"));
  acies_test_spin (500);
  {
    GtkWidget *paned = gtk_widget_get_ancestor (pane, GTK_TYPE_PANED);
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (pane));
    guint shown = 0, visible = 0;
    GtkWidget *unused = NULL;

    g_assert_nonnull (paned);
    g_test_message ("700x450: actions pane %d of %d px", gtk_widget_get_height (pane),
                    gtk_widget_get_height (paned));
    g_assert_cmpint (gtk_widget_get_height (pane), >=, gtk_widget_get_height (paned) * 55 / 100);
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
    acies_test_spin (200);
    count_action_rows (GTK_WIDGET (window), &shown, &visible, &unused);
    g_assert_cmpuint (visible, >=, 1);
  }

  destroy_all_windows ();
  clear_autosaves ();
}

/* Issue 4: a saved game whose digest does not match its replayed log is
 * refused; the refusal opens no game window and leaves no autosave (the
 * start page would offer it under Unfinished Games), by the file chooser
 * or the command line (open_file) as by open_game. */
static void
test_refused_game_opens_nothing (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-refused-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) autosaves = NULL;
  AdwMessageDialog *dialog;
  char *digest;
  gsize length;

  g_assert_no_error (error);
  destroy_all_windows ();
  path = g_build_filename (dir, "digest.acies-game", NULL);
  file = g_file_new_for_path (path);
  save_game_file (file);

  /* One character of the digest changed, as the user did. */
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  digest = strstr (contents, "\"digest\"");
  g_assert_nonnull (digest);
  digest = strchr (digest + strlen ("\"digest\""), '"');
  g_assert_nonnull (digest);
  digest[1] = digest[1] == '0' ? '1' : '0';
  g_assert_true (g_file_set_contents (path, contents, length, &error));
  g_assert_no_error (error);

  for (guint way = 0; way < 2; way++)
    {
      if (way == 0)
        g_assert_null (acies_application_open_game (app, file, NULL));
      else
        g_assert_null (acies_application_open_file (app, file));
      acies_test_spin (100);

      /* The reader's message, and nothing else. */
      dialog = find_message_dialog ("digest.acies-game");
      g_assert_nonnull (dialog);
      g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "digest"));
      g_assert_cmpuint (count_game_windows (), ==, 0);
      autosaves = acies_play_autosave_list ();
      g_assert_cmpuint (autosaves->len, ==, 0);
      g_clear_pointer (&autosaves, g_ptr_array_unref);
      adw_message_dialog_response (dialog, "close");
      destroy_all_windows ();
    }

  /* The same file, as saved, opens (the refusal was the digest's). */
  digest[1] = digest[1] == '0' ? '1' : '0';
  g_assert_true (g_file_set_contents (path, contents, length, &error));
  g_assert_no_error (error);
  g_assert_nonnull (acies_application_open_game (app, file, NULL));
  g_assert_cmpuint (count_game_windows (), ==, 1);

  destroy_all_windows ();
  clear_autosaves ();
  g_unlink (path);
  g_rmdir (dir);
}

/* Issue 4: Keep for Later, Resume from the start page, then the same file
 * opened again made two windows of one game whose autosaves diverged.  A
 * game open in a window (its file, its autosave, or the file its autosave
 * is a copy of) is presented instead. */
static void
test_open_twice_presents (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-twice-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) autosave = NULL;
  g_autoptr(GPtrArray) autosaves = NULL;
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (8);
  AciesGameWindow *window, *again, *fresh;

  g_assert_no_error (error);
  destroy_all_windows ();
  path = g_build_filename (dir, "cannae.acies-game", NULL);
  file = g_file_new_for_path (path);
  save_game_file (file);

  /* Opened, a move, closed with Keep for Later's result: the autosave
   * (a copy of the file, with a move more) stays. */
  window = acies_application_open_game (app, file, NULL);
  g_assert_nonnull (window);
  make_a_move (window);
  autosave = g_object_ref (acies_game_window_get_autosave_file (window));
  g_assert_true (g_file_query_exists (autosave, NULL));
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  acies_test_spin (50);
  g_assert_finalize_object (window);
  g_assert_true (g_file_query_exists (autosave, NULL));

  /* Resumed. */
  window = acies_application_open_game (app, autosave, autosave);
  g_assert_nonnull (window);
  g_assert_true (g_file_equal (acies_game_window_get_file (window), file));
  g_assert_cmpuint (count_game_windows (), ==, 1);

  /* The file opened again, the autosave resumed again, the file by the
   * file chooser's path: the same window each time. */
  again = acies_application_open_game (app, file, NULL);
  g_assert_true (again == window);
  again = acies_application_open_game (app, autosave, autosave);
  g_assert_true (again == window);
  acies_application_open_file (app, file);
  acies_test_spin (50);
  g_assert_cmpuint (count_game_windows (), ==, 1);
  autosaves = acies_play_autosave_list ();
  g_assert_cmpuint (autosaves->len, ==, 1);
  g_clear_pointer (&autosaves, g_ptr_array_unref);

  /* A new game never saved: its autosave resumed is its window. */
  fresh = start_game (scenario, 11, NULL, NULL);
  g_assert_true (fresh != window);
  if (acies_game_window_get_curtain_shown (fresh))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fresh), "play.reveal", NULL));
  make_a_move (fresh);
  again = acies_application_open_game (app, acies_game_window_get_autosave_file (fresh),
                                       acies_game_window_get_autosave_file (fresh));
  g_assert_true (again == fresh);
  g_assert_cmpuint (count_game_windows (), ==, 2);

  destroy_all_windows ();
  clear_autosaves ();
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data_home = NULL;
  gboolean child = argc > 1 && g_str_equal (argv[1], "--child");
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

      gtk_test_init (&child_argc, &argv, NULL);
    }
  else
    gtk_test_init (&argc, &argv, NULL);

  acies_ruleset_register ("test-race", acies_test_ruleset_new);

  app = acies_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  if (child)
    return run_child ();

  g_test_add_func ("/acies/play/test-race/opening", test_race_opening);
  g_test_add_func ("/acies/play/test-race/victory", test_race_victory);
  g_test_add_func ("/acies/play/test-race/panel", test_race_panel);
  g_test_add_func ("/acies/play/undo-other-players-decision-asks", test_undo_other_players_decision);
  g_test_add_func ("/acies/play/resume-after-kill", test_resume_after_kill);
  g_test_add_func ("/acies/play/dice-mode-setting", test_dice_mode_setting);
  g_test_add_func ("/acies/play/grass-crown/heraclea-opening", test_heraclea_opening);
  g_test_add_func ("/acies/play/lost-battles/cannae-first-turn", test_lb_first_turn);
  g_test_add_func ("/acies/play/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/acies/play/close-question", test_close_question);
  g_test_add_func ("/acies/play/quit-one-at-a-time", test_quit_one_at_a_time);
  g_test_add_func ("/acies/play/house-options", test_house_options);
  g_test_add_func ("/acies/play/unit-marks-drawn", test_unit_marks_drawn);
  g_test_add_func ("/acies/play/turn-header", test_turn_header);
  g_test_add_func ("/acies/play/action-groups", test_action_groups);
  g_test_add_func ("/acies/play/save-as-unfinished-once", test_save_as_unfinished_once);
  g_test_add_func ("/acies/play/refused-game-opens-nothing", test_refused_game_opens_nothing);
  g_test_add_func ("/acies/play/open-twice-presents", test_open_twice_presents);
  g_test_add_func ("/acies/play/actions-visible", test_actions_visible);

  status = g_test_run ();

  destroy_all_windows ();
  g_clear_object (&app);
  clear_autosaves ();
  {
    g_autoptr(GFile) dir = acies_play_autosave_dir ();
    g_autofree char *path = g_file_get_path (dir);
    g_autofree char *acies = g_path_get_dirname (path);

    g_rmdir (path);
    g_rmdir (acies);
    g_rmdir (data_home);
  }

  return status;
}
