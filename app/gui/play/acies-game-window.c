/* acies-game-window.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-application.h"
#include "acies-compat.h"
#include "acies-dialogs.h"
#include "acies-widget-helpers.h"
#include "acies-gui-private.h"
#include "acies-play-autosave.h"
#include "acies-game-window-private.h"

/**
 * AciesGameWindow:
 *
 * A hotseat game under a rules engine: the board (showing the units as
 * the player who decides now may see them), the hand-over curtain, the
 * victory page, and a side panel with the turn and phase, the prompt
 * naming the player who must decide, the attack preview, the actions the
 * rules allow now and the event log.  The window is a shell: what it
 * shows is its #AciesPlaySession (acies_game_window_get_session()), the
 * view model its panels bind to; nothing here knows a particular rule
 * system.
 *
 * Every user command is an action of the "play" group
 * (acies-game-window-actions.c): play.undo, play.save, play.save-as,
 * play.save-log, play.copy-log, play.end-phase, play.choose (an index into
 * the shown actions), play.choose-key (Alt+1 … Alt+9), play.apply (an
 * action as JSON), play.commit and play.cancel (the attack preview),
 * play.reveal (the hand-over curtain), play.show-board, play.scenario,
 * play.toggle-dark, play.key (Alt+letter: a kind of action, the same in
 * every phase), play.place-rest (Alt+W), play.pick (a unit shift-clicked
 * or caught in the rubber band of a Shift+drag).
 *
 * The game is saved to the autosave folder after every change, so a
 * crash or a kill loses nothing; the start page offers to resume it.
 */

G_DEFINE_FINAL_TYPE (AciesGameWindow, acies_game_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The session's marks are the board's. */
G_STATIC_ASSERT ((guint) ACIES_PLAY_SESSION_MARK_GROUP == (guint) ACIES_PLAY_MARK_GROUP);
G_STATIC_ASSERT ((guint) ACIES_PLAY_SESSION_MARK_LEAD == (guint) ACIES_PLAY_MARK_LEAD);
G_STATIC_ASSERT ((guint) ACIES_PLAY_SESSION_MARK_SELECTED == (guint) ACIES_PLAY_MARK_SELECTED);

void
_acies_game_window_toast (AciesGameWindow *self,
                          const char      *text)
{
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

static AciesGame *
game_of (AciesGameWindow *self)
{
  return acies_play_session_get_game (self->session);
}

/* Autosave. */

static void
remove_autosave (AciesGameWindow *self)
{
  acies_play_autosave_remove (self->autosave);
}

static void
autosave (AciesGameWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) dir = acies_play_autosave_dir ();

  /* A game with no action yet is nothing to resume: no autosave (one left
   * by actions taken back goes). */
  if (acies_game_get_n_actions (game_of (self)) == 0)
    {
      remove_autosave (self);
      return;
    }

  if (!g_file_make_directory_with_parents (dir, NULL, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_warning ("Cannot create the autosave folder: %s", error->message);
      return;
    }
  g_clear_error (&error);

  if (!acies_game_save_file (game_of (self), self->autosave, &error))
    {
      g_debug ("Autosave failed: %s", error->message);
      _acies_game_window_toast (self, _("The game could not be saved automatically"));
      return;
    }
  /* The autosave is a copy of the saved game: the start page lists the
   * game once, by its file. */
  if (self->file != NULL)
    acies_play_autosave_set_saved_file (self->autosave, self->file);
}

/* Is @a's log the start of @b's (or all of it)?  Then @b holds all that
 * @a does. */
static gboolean
log_is_prefix (AciesGame *a,
               AciesGame *b)
{
  guint n = acies_game_get_n_actions (a);

  if (n > acies_game_get_n_actions (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!acies_action_equal (acies_game_get_action (a, i), acies_game_get_action (b, i)))
      return FALSE;

  return TRUE;
}

/* The game was saved to @file: the autosaves of earlier sessions of that
 * file (no open window writes them) are older copies of it, and go, so
 * the start page does not offer the game twice. */
static void
forget_older_copies (AciesGameWindow *self,
                     GFile           *file)
{
  g_autoptr(GPtrArray) copies = acies_play_autosave_find_for_file (file);

  if (g_file_query_exists (self->autosave, NULL))
    acies_play_autosave_set_saved_file (self->autosave, file);
  for (guint i = 0; i < copies->len; i++)
    {
      GFile *copy = g_ptr_array_index (copies, i);

      if (!g_file_equal (copy, self->autosave) && !acies_play_autosave_is_held (copy))
        acies_play_autosave_remove (copy);
    }
}

static void
game_changed_cb (AciesGameWindow *self)
{
  self->n_changes++;
  autosave (self);
}

/* The window is titled by the battle ("Heraclea"), as the start page and
 * the unfinished games list it; the saved game's file name, when it has
 * one, goes in the window manager's title beside it. */
static void
update_titles (AciesGameWindow *self)
{
  const AciesScenario *scenario = acies_game_get_state (game_of (self))->scenario;
  const char *title = scenario->meta.title != NULL && *scenario->meta.title != '\0'
                      ? scenario->meta.title : _("Untitled Battle");

  adw_window_title_set_title (self->title, title);
  if (self->file != NULL)
    {
      g_autofree char *name = g_file_get_basename (self->file);
      /* Translators: a game window's title: the battle and its saved file. */
      g_autofree char *full = g_strdup_printf (_("%s — %s"), title, name);

      gtk_window_set_title (GTK_WINDOW (self), full);
    }
  else
    gtk_window_set_title (GTK_WINDOW (self), title);
}

/* Closes the window once the question's dialog has finished its response
 * (destroying the parent inside the dialog's signal would pull the dialog
 * from under itself). */
static gboolean
close_idle_cb (gpointer data)
{
  AciesGameWindow *self = data;

  self->may_close = TRUE;
  gtk_window_close (GTK_WINDOW (self));

  return G_SOURCE_REMOVE;
}

static void
close_later (AciesGameWindow *self)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, close_idle_cb, g_object_ref (self), g_object_unref);
}

/* Saves the game to @file (Save, Save As once its file chooser answers):
 * the window saves there with Save from now on, is titled by it, and the
 * autosave becomes a copy of it.  A failure is said in a toast. */
gboolean
_acies_game_window_save_to (AciesGameWindow *self,
                            GFile           *file)
{
  g_autoptr(GError) error = NULL;

  if (!acies_game_save_file (game_of (self), file, &error))
    {
      _acies_game_window_toast (self, error->message);
      self->close_after_save = FALSE;
      return FALSE;
    }

  g_set_object (&self->file, file);
  forget_older_copies (self, file);
  update_titles (self);
  _acies_game_window_toast (self, _("Game saved"));
  self->saved_changes = self->n_changes;

  /* The application keeps the recent files. */
  if (gtk_window_get_application (GTK_WINDOW (self)) != NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_action_group_activate_action (G_ACTION_GROUP (gtk_window_get_application (GTK_WINDOW (self))),
                                      "add-recent", g_variant_new_string (uri));
    }

  /* The close question's Save: saved, so the window goes. */
  if (self->close_after_save)
    {
      self->close_after_save = FALSE;
      close_later (self);
    }

  return TRUE;
}

/* The board follows the session. */

static void
push_cells (AciesGameWindow *self)
{
  const GArray *destinations = acies_play_session_get_destinations (self->session);
  g_autoptr(GPtrArray) costs = g_ptr_array_new ();

  for (guint i = 0; i < destinations->len; i++)
    g_ptr_array_add (costs, (gpointer) acies_play_session_get_destination_cost (self->session,
                                                                                g_array_index (destinations, AciesCell, i)));
  g_ptr_array_add (costs, NULL);
  acies_board_view_set_play_cells (self->board, destinations,
                                   destinations->len > 0 ? (const char * const *) costs->pdata : NULL,
                                   acies_play_session_get_targets (self->session),
                                   acies_play_session_get_path (self->session));
}

/* The views the viewer sees, each with its markers and marks on its own
 * counter (wherever the board draws it: a stack, a zone's grid), the
 * leaders riding with units, the lit cells. */
static void
board_changed_cb (AciesGameWindow *self)
{
  GPtrArray *views = acies_play_session_get_views (self->session);
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < views->len; i++)
    {
      guint mark = acies_play_session_get_view_marks (self->session, i);

      g_ptr_array_add (texts, (gpointer) acies_play_session_get_view_markers (self->session, i));
      g_array_append_val (marks, mark);
    }
  g_ptr_array_add (texts, NULL);
  acies_board_view_set_play_units (self->board, views);
  acies_board_view_set_play_leaders (self->board, acies_play_session_get_counter_leaders (self->session));
  acies_board_view_set_play_unit_marks (self->board, (const char * const *) texts->pdata,
                                        (const guint *) marks->data, marks->len);
  /* The board's frame marks the selected unit's square, or none: not a
   * square clicked before, emptied since (a unit moved or eliminated). */
  {
    gint view = acies_play_session_get_view_of_unit (self->session, acies_play_session_get_selected_unit (self->session));

    acies_board_view_set_selected_cell (self->board,
                                        view >= 0 ? ((AciesUnit *) g_ptr_array_index (views, view))->cell
                                                  : ACIES_CELL_NONE);
  }
  /* The cells the rules light for everyone (the sections a card orders). */
  acies_board_view_set_highlight (self->board, acies_play_session_get_lit_cells (self->session, NULL));
  push_cells (self);
}

static void
cell_activated_cb (AciesBoardView  *board,
                   AciesCell        cell,
                   AciesGameWindow *self)
{
  /* A counter being dragged: the drop decides, not the board's click. */
  if (self->drag_unit >= 0)
    return;
  acies_play_session_activate_cell (self->session, cell);
}

static void
offmap_activate_unit_cb (AciesOffmapBox  *offmap,
                         gint             unit,
                         AciesGameWindow *self)
{
  acies_play_session_activate_unit (self->session, unit);
}

/* A shift-click on a counter in the box: the unit joins the picks (or
 * leaves them), as on the board. */
static void
offmap_pick_unit_cb (AciesOffmapBox  *offmap,
                     gint             unit,
                     AciesGameWindow *self)
{
  acies_play_session_toggle_pick (self->session, unit);
}

/* The path preview follows the pointer (and the keyboard focus, bound to
 * the session's focus-cell). */
static void
board_motion_cb (GtkEventControllerMotion *controller,
                 double                    x,
                 double                    y,
                 AciesGameWindow          *self)
{
  acies_play_session_set_hover_cell (self->session, acies_board_view_cell_at_point (self->board, x, y));
}

static void
board_leave_cb (GtkEventControllerMotion *controller,
                AciesGameWindow          *self)
{
  acies_play_session_set_hover_cell (self->session, ACIES_CELL_NONE);
}

/* A counter's tooltip: what its printed values mean, as the viewer may
 * see it. */
static gboolean
board_query_tooltip_cb (GtkWidget       *widget,
                        int              x,
                        int              y,
                        gboolean         keyboard,
                        GtkTooltip      *tooltip,
                        AciesGameWindow *self)
{
  g_autofree char *text = NULL;
  gint view;

  if (keyboard)
    view = acies_play_session_get_view_at_cell (self->session, acies_board_view_get_focus_cell (self->board));
  else
    view = _acies_game_window_view_at_point (self, x, y);
  if (view < 0 || (text = acies_play_session_dup_view_tooltip (self->session, view)) == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);

  return TRUE;
}

/* The main stack and the keyboard. */

/* The keyboard focus goes to what the main stack shows: the curtain's
 * Ready button, the board, or the victory page's Show Board (the window's
 * keys, Ctrl+Z among them, work from there as from the board). */
static void
focus_page (AciesGameWindow *self)
{
  if (g_strcmp0 (self->shown_page, "curtain") == 0)
    gtk_widget_grab_focus (GTK_WIDGET (self->curtain));
  else if (g_strcmp0 (self->shown_page, "victory") == 0)
    gtk_widget_grab_focus (GTK_WIDGET (self->victory));
  else
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static gboolean
focus_curtain_cb (gpointer data)
{
  AciesGameWindow *self = data;

  self->focus_source = 0;
  if (acies_play_session_get_curtain_shown (self->session))
    gtk_widget_grab_focus (GTK_WIDGET (self->curtain));

  return G_SOURCE_REMOVE;
}

/* The curtain, the victory page or the board.  A new page takes the
 * keyboard: the curtain's Ready, the board (its arrows move the focus
 * cell, Return acts), or the victory page.  The curtain's Ready keeps it,
 * whatever had it before (the log's Filter), also once the rows rebuilt
 * behind it have gone. */
static void
update_page (AciesGameWindow *self)
{
  gboolean curtain = acies_play_session_get_curtain_shown (self->session);
  const char *page = curtain ? "curtain"
                     : acies_play_session_get_victory_shown (self->session) ? "victory"
                     : "board";
  GtkWidget *focus;

  gtk_stack_set_visible_child_name (self->main_stack, page);
  /* The board under the curtain keeps no selection. */
  if (curtain)
    acies_board_view_set_selected_cell (self->board, ACIES_CELL_NONE);
  focus = gtk_window_get_focus (GTK_WINDOW (self));
  if (g_strcmp0 (self->shown_page, page) != 0
      || (curtain && (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->curtain)))))
    {
      self->shown_page = page;
      focus_page (self);
      if (curtain && self->focus_source == 0)
        self->focus_source = g_idle_add_full (G_PRIORITY_LOW, focus_curtain_cb, self, NULL);
    }
}

/* The rows of Alt+1 … Alt+3 stay on screen: where the status and the
 * prompt above them leave too little room (a Simple GBoH status of ten
 * leaders at 1280×720, issue 17's trial), the side panel scrolls just
 * enough to show them, keeping the prompt over them in view. */
#define KEYS_IN_VIEW 3
#define HEADING_MARGIN 12 /* the panel's own margin over the heading */

static void
stop_bringing_into_view (AciesGameWindow *self)
{
  if (self->in_view_clock != NULL)
    {
      g_signal_handler_disconnect (self->in_view_clock, self->in_view_handler);
      g_object_remove_weak_pointer (G_OBJECT (self->in_view_clock), (gpointer *) &self->in_view_clock);
      self->in_view_clock = NULL;
    }
  self->in_view_handler = 0;
}

static void
bring_actions_into_view (AciesGameWindow *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->controls_scrolled);
  double bottom = 0, top = 0, delta = 0, page = gtk_adjustment_get_page_size (adjustment);
  graphene_rect_t heading;

  stop_bringing_into_view (self);
  if (page <= 0 || !acies_action_list_get_keyed_bottom (self->action_list, KEYS_IN_VIEW,
                                                        GTK_WIDGET (self->controls_scrolled), &bottom))
    return;
  /* @bottom and @top are in the scroller's coordinates.  When the
   * heading (turn, phase, prompt) and the rows fit together, both are in
   * view, the heading never scrolled out; else the rows and the prompt
   * just over them come first (a very short window). */
  if (gtk_widget_compute_bounds (GTK_WIDGET (self->status), GTK_WIDGET (self->controls_scrolled), &heading))
    top = heading.origin.y - HEADING_MARGIN;
  if (bottom - top <= page + 0.5)
    {
      if (top < -0.5)
        delta = top;
      else if (bottom > page + 0.5)
        delta = MIN (bottom - page, top);
    }
  else if (bottom > page + 0.5)
    delta = bottom - page;
  if (delta != 0)
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + delta);
}

static void
after_paint_cb (GdkFrameClock   *clock,
                AciesGameWindow *self)
{
  bring_actions_into_view (self);
}

/* Once the rows have their places: after the next frame's paint. */
static void
queue_actions_into_view (AciesGameWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock == NULL || self->in_view_clock == clock)
    return;
  stop_bringing_into_view (self);
  self->in_view_clock = clock;
  g_object_add_weak_pointer (G_OBJECT (clock), (gpointer *) &self->in_view_clock);
  self->in_view_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* After each action (or undo): the prompt and the first actions in sight. */
static void
n_actions_cb (AciesGameWindow *self)
{
  GtkScrolledWindow *side = GTK_SCROLLED_WINDOW (gtk_widget_get_template_child (GTK_WIDGET (self), ACIES_TYPE_GAME_WINDOW,
                                                                                 "side_scrolled"));

  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->controls_scrolled), 0);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (side), 0);
  update_page (self);
  queue_actions_into_view (self);
}

static void
update_actions_enabled (AciesGameWindow *self)
{
  gboolean in_play;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.undo",
                                 acies_play_session_get_can_undo (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.end-phase",
                                 acies_play_session_get_can_end_phase (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.commit",
                                 acies_play_session_get_can_commit (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.cancel",
                                 acies_play_session_get_can_cancel (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.reveal",
                                 acies_play_session_get_curtain_shown (self->session));
  /* Alt+letter and the picks only while the board is in play: behind the
   * curtain Alt+R is its Ready's. */
  in_play = !acies_play_session_get_curtain_shown (self->session) && !acies_play_session_get_finished (self->session);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.key", in_play);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.place-rest", in_play);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.pick", in_play);
  /* Alt+1 … Alt+9 behind the curtain too: they ring the bell there
   * (AciesPlaySession::key-refused), not the curtain's mnemonics. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.choose-key",
                                 !acies_play_session_get_finished (self->session));
}

static void
message_cb (AciesGameWindow *self,
            const char      *text)
{
  _acies_game_window_toast (self, text);
}

static gboolean
log_height_cb (gpointer data)
{
  AciesGameWindow *self = data;

  self->log_height_source = 0;
  acies_event_log_fit_to (self->event_log, gtk_widget_get_height (GTK_WIDGET (self->side_panel)));

  return G_SOURCE_REMOVE;
}

static void
panel_resized_cb (AciesGameWindow *self)
{
  queue_actions_into_view (self);
  /* Not in the middle of the allocation that notified. */
  if (self->log_height_source == 0)
    self->log_height_source = g_idle_add (log_height_cb, self);
}

/* Closing. */

static void
close_response_cb (GtkWidget       *dialog,
                   const char      *response,
                   AciesGameWindow *self)
{
  if (self->dialog == dialog)
    self->dialog = NULL;

  if (g_strcmp0 (response, "save") == 0)
    {
      self->close_after_save = TRUE;
      if (self->file != NULL)
        _acies_game_window_save_to (self, self->file);
      else
        _acies_game_window_save_as (self, FALSE);
    }
  else if (g_strcmp0 (response, "discard") == 0)
    {
      /* Discard deletes the copy saved after every action: no resume
       * offer either. */
      remove_autosave (self);
      close_later (self);
    }
  else if (g_strcmp0 (response, "keep") == 0)
    {
      /* The autosave stays: the start page offers to resume it. */
      close_later (self);
    }
}

/* Moves made since the last explicit save (or since the window opened,
 * for a game never saved): closing asks first, GNOME style. */
static void
ask_close (AciesGameWindow *self)
{
  GtkWidget *dialog;

  /* An alert (acies-compat.c: AdwAlertDialog from libadwaita 1.5 on).
   * The words agree with the start page's "Unfinished Games" (saved after
   * every action): closing keeps that copy, Discard deletes it. */
  dialog = acies_alert_new (_("Save the game before closing?"),
                            self->file != NULL
                            ? _("Moves made since the game was last saved to its file are not in that file. "
                                       "A copy saved after every action stays under “Unfinished Games” on the "
                                       "start screen if you keep it for later; Discard deletes that copy, and "
                                       "those moves cannot be resumed.")
                                   : _("The game has not been saved to a file. A copy saved after every action "
                                       "stays under “Unfinished Games” on the start screen if you keep it for "
                                       "later; Discard deletes that copy, and the game cannot be resumed."));
  acies_alert_add_responses (dialog,
                             "cancel", _("_Cancel"),
                             "discard", _("_Discard"),
                             "keep", _("_Keep for Later"),
                             "save", self->file != NULL ? _("_Save") : _("_Save As…"),
                             NULL);
  acies_alert_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  acies_alert_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  g_object_set (dialog, "default-response", "save", "close-response", "cancel", NULL);
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response_cb), self, 0);
  self->dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
  acies_dialog_present (dialog, GTK_WIDGET (self));
}

static gboolean
acies_game_window_close_request (GtkWindow *window)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (window);

  if (!self->may_close && acies_game_window_has_unsaved_moves (self))
    {
      if (self->dialog == NULL)
        ask_close (self);
      return TRUE;
    }

  /* A finished game needs no resume offer; an unfinished one keeps its
   * autosave, so the next start offers it. */
  if (self->session != NULL && acies_play_session_get_finished (self->session))
    remove_autosave (self);

  return GTK_WINDOW_CLASS (acies_game_window_parent_class)->close_request (window);
}

/* GObject. */

static void
acies_game_window_dispose (GObject *object)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (object);

  if (self->board != NULL)
    {
      acies_board_view_set_play_units (self->board, NULL);
      acies_board_view_set_play_leaders (self->board, NULL);
    }
  g_clear_handle_id (&self->focus_source, g_source_remove);
  g_clear_handle_id (&self->log_height_source, g_source_remove);
  stop_bringing_into_view (self);

  G_OBJECT_CLASS (acies_game_window_parent_class)->dispose (object);
}

static void
acies_game_window_finalize (GObject *object)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (object);

  g_clear_object (&self->session);
  g_clear_object (&self->file);
  if (self->autosave != NULL)
    acies_play_autosave_release (self->autosave);
  g_clear_object (&self->autosave);

  G_OBJECT_CLASS (acies_game_window_parent_class)->finalize (object);
}

static void
acies_game_window_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, ACIES_GAME_WINDOW (object)->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_game_window_class_init (AciesGameWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = acies_game_window_dispose;
  object_class->finalize = acies_game_window_finalize;
  object_class->get_property = acies_game_window_get_property;
  window_class->close_request = acies_game_window_close_request;

  /**
   * AciesGameWindow:session:
   *
   * The game as the window shows it; its panels (acies-game-window.ui)
   * bind their own session property to it.
   */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, ACIES_TYPE_PLAY_SESSION,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  acies_gui_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/acies/Acies/ui/acies-game-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, title);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, end_button);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, board);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, band);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, offmap_frame);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, start_label);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, offmap);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, curtain);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, victory);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, quick_bar);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, controls_scrolled);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, status);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, preview);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, action_list);
  gtk_widget_class_bind_template_child (widget_class, AciesGameWindow, event_log);
  gtk_widget_class_bind_template_child_full (widget_class, "layout", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "layout_separator", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "side_box", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "side_scrolled", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "save_button", FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, cell_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_query_tooltip_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_motion_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_leave_cb);
  gtk_widget_class_bind_template_callback (widget_class, offmap_activate_unit_cb);
  gtk_widget_class_bind_template_callback (widget_class, offmap_pick_unit_cb);
  gtk_widget_class_bind_template_callback (widget_class, panel_resized_cb);

  _acies_game_window_class_actions_init (klass);
  _acies_game_window_class_a11y_init (klass);

  g_type_ensure (ACIES_TYPE_BOARD_VIEW);
  g_type_ensure (ACIES_TYPE_OFFMAP_BOX);
  g_type_ensure (ACIES_TYPE_PLAY_CURTAIN);
  g_type_ensure (ACIES_TYPE_VICTORY_PAGE);
  g_type_ensure (ACIES_TYPE_STATUS_BLOCK);
  g_type_ensure (ACIES_TYPE_ATTACK_PREVIEW);
  g_type_ensure (ACIES_TYPE_ACTION_LIST);
  g_type_ensure (ACIES_TYPE_QUICK_BAR);
  g_type_ensure (ACIES_TYPE_EVENT_LOG);
}

static void
acies_game_window_init (AciesGameWindow *self)
{
  self->drag_unit = -1;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* A window group of its own: a modal dialog over this window (an error,
   * a question) leaves the application's other windows usable, as in
   * GNOME's document applications. */
  {
    g_autoptr(GtkWindowGroup) group = gtk_window_group_new ();

    gtk_window_group_add_window (group, GTK_WINDOW (self));
  }
  acies_window_use_toolbar_view (GTK_WINDOW (self));

  /* A phone's width (issue 18.2): the side panel under the board, which
   * shares the height, and no title.  Up to 600 px: a wider window (700 ×
   * 450, a phone on its side) keeps the panel beside the board, which
   * then has the whole height; the wide layout fits 600 px, so that a
   * window shrunk by hand reaches this on the floor too (acies-compat.c). */
  {
    GObject *narrow = acies_window_add_breakpoint (GTK_WINDOW (self), 600);
    GObject *layout = gtk_widget_get_template_child (GTK_WIDGET (self), ACIES_TYPE_GAME_WINDOW, "layout");
    GObject *separator = gtk_widget_get_template_child (GTK_WIDGET (self), ACIES_TYPE_GAME_WINDOW, "layout_separator");
    GObject *side = gtk_widget_get_template_child (GTK_WIDGET (self), ACIES_TYPE_GAME_WINDOW, "side_box");
    GObject *side_scrolled = gtk_widget_get_template_child (GTK_WIDGET (self), ACIES_TYPE_GAME_WINDOW, "side_scrolled");

    acies_breakpoint_add_setter (narrow, layout, "orientation", GTK_ORIENTATION_VERTICAL);
    acies_breakpoint_add_setter (narrow, separator, "orientation", GTK_ORIENTATION_HORIZONTAL);
    acies_breakpoint_add_setter (narrow, self->main_stack, "vexpand", TRUE);
    acies_breakpoint_add_setter (narrow, self->title, "visible", FALSE);
    /* Save Game is in the main menu too: the header bar keeps Take Back,
     * End Phase and the menu within 360 px beside the window's own
     * buttons (GTK's fallback has three). */
    acies_breakpoint_add_setter (narrow, gtk_widget_get_template_child (GTK_WIDGET (self), ACIES_TYPE_GAME_WINDOW,
                                                                        "save_button"),
                                 "visible", FALSE);
    /* Under the board, the side panel takes the window's width and the
     * height its panes ask for, shared with the board. */
    acies_breakpoint_add_setter (narrow, side, "width-request", -1);
    acies_breakpoint_add_setter (narrow, side_scrolled, "propagate-natural-height", TRUE);
  }

  _acies_game_window_actions_init (self);
  _acies_game_window_dnd_init (self);
  _acies_game_window_a11y_init (self);
}

/* The board, the header bar and the actions follow the session (the
 * panels bind to it in acies-game-window.ui). */
static void
bind_session (AciesGameWindow *self)
{
  AciesPlaySession *session = self->session;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  g_object_bind_property (self->offmap, "empty", self->offmap_frame, "visible",
                          G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_object_bind_property (session, "subtitle", self->title, "subtitle", G_BINDING_SYNC_CREATE);
  {
    /* Where this game started, when the ruleset offers a choice: "Start
     * off the field (LB 3.3.1)" (the catalogue's positions.start_option). */
    AciesGame *game = acies_play_session_get_game (session);
    AciesRuleset *ruleset = game != NULL ? acies_game_get_ruleset (game) : NULL;
    g_autofree char *start = ruleset != NULL
                             ? acies_catalogue_start_text (acies_ruleset_get_catalogue (ruleset),
                                                           acies_game_get_options (game))
                             : NULL;

    gtk_label_set_text (GTK_LABEL (self->start_label), start != NULL ? start : "");
    gtk_widget_set_visible (self->start_label, start != NULL);
  }
  g_object_bind_property (session, "end-tooltip", self->end_button, "tooltip-text", G_BINDING_SYNC_CREATE);
  /* The board's keyboard focus and the session's: the path preview
   * follows the one, an attack in the preview moves the other. */
  g_object_bind_property (self->board, "focus-cell", session, "focus-cell",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);

  g_signal_connect_object (session, "board-changed", G_CALLBACK (board_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "path-changed", G_CALLBACK (push_cells), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "message", G_CALLBACK (message_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "key-refused", G_CALLBACK (gtk_widget_error_bell), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "roll-needed", G_CALLBACK (_acies_game_window_ask_roll), self,
                           G_CONNECT_SWAPPED);
  /* The actions first: the curtain's Ready takes the keyboard once
   * play.reveal is enabled (an insensitive button cannot). */
  g_signal_connect_object (session, "notify::can-undo", G_CALLBACK (update_actions_enabled), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::can-end-phase", G_CALLBACK (update_actions_enabled), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::can-commit", G_CALLBACK (update_actions_enabled), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::can-cancel", G_CALLBACK (update_actions_enabled), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::curtain-shown", G_CALLBACK (update_actions_enabled), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::finished", G_CALLBACK (update_actions_enabled), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::curtain-shown", G_CALLBACK (update_page), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::curtain-text", G_CALLBACK (update_page), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::victory-shown", G_CALLBACK (update_page), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::n-actions", G_CALLBACK (n_actions_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (acies_play_session_get_action_groups (session), "items-changed",
                           G_CALLBACK (queue_actions_into_view), self, G_CONNECT_SWAPPED);
  /* After the session's own handler: the window saves what it shows. */
  g_signal_connect_object (game_of (self), "changed", G_CALLBACK (game_changed_cb), self, G_CONNECT_SWAPPED);

  _acies_game_window_a11y_bind (self);
  board_changed_cb (self);
  update_actions_enabled (self);
  update_page (self);
}

/**
 * acies_game_window_new:
 * @application: the application
 * @game: the game to play
 * @file: (nullable): the saved game @game was read from, or %NULL
 * @autosave: (nullable): the autosave file to keep saving to (a resumed
 *   game), or %NULL for a new one
 *
 * Shows @game and saves it to the autosave folder after every change; the
 * game is saved there at once.
 *
 * Returns: (transfer none): a new window
 */
AciesGameWindow *
acies_game_window_new (GtkApplication *application,
                       AciesGame      *game,
                       GFile          *file,
                       GFile          *autosave_file)
{
  AciesGameWindow *self;

  g_return_val_if_fail (ACIES_IS_GAME (game), NULL);

  self = g_object_new (ACIES_TYPE_GAME_WINDOW, "application", application, NULL);
  /* The status block folded or not as the player last left it, across
   * sessions when the settings schema is installed. */
  if (ACIES_IS_APPLICATION (application)
      && acies_application_get_settings (ACIES_APPLICATION (application)) != NULL)
    g_settings_bind (acies_application_get_settings (ACIES_APPLICATION (application)), "play-status-expanded",
                     self->status, "status-expanded", G_SETTINGS_BIND_DEFAULT);
  self->file = file != NULL ? g_object_ref (file) : NULL;
  self->autosave = autosave_file != NULL ? g_object_ref (autosave_file) : NULL;

  /* A resumed autosave of a saved game goes on with that file (Save
   * writes there; moves the file lacks count as unsaved). */
  if (self->autosave != NULL && self->file == NULL)
    {
      g_autoptr(GFile) saved = acies_play_autosave_get_saved_file (self->autosave);
      g_autoptr(AciesGame) in_file = saved != NULL ? acies_game_load_file (saved, NULL) : NULL;

      if (in_file != NULL)
        {
          g_autofree char *digest = acies_game_digest (game);
          g_autofree char *file_digest = acies_game_digest (in_file);

          self->file = g_steal_pointer (&saved);
          if (g_strcmp0 (digest, file_digest) != 0)
            self->saved_changes = G_MAXUINT;
        }
    }
  /* A saved game opened again takes over its autosave from an earlier
   * session when that holds nothing the file lacks (no game listed
   * twice); else it gets a new one. */
  if (self->autosave == NULL && self->file != NULL)
    {
      g_autoptr(GPtrArray) copies = acies_play_autosave_find_for_file (self->file);

      for (guint i = 0; i < copies->len && self->autosave == NULL; i++)
        {
          GFile *copy = g_ptr_array_index (copies, i);
          g_autoptr(AciesGame) kept = NULL;

          if (acies_play_autosave_is_held (copy))
            continue;
          kept = acies_game_load_file (copy, NULL);
          if (kept == NULL || log_is_prefix (kept, game))
            self->autosave = g_object_ref (copy);
        }
    }
  if (self->autosave == NULL)
    self->autosave = acies_play_autosave_new_file ();
  acies_play_autosave_hold (self->autosave);

  acies_board_view_set_scenario (self->board, (AciesScenario *) acies_game_get_state (game)->scenario);
  self->session = acies_play_session_new (game);
  update_titles (self);
  bind_session (self);

  autosave (self);
  /* The board (or the curtain's Ready) has the keyboard from the start, not
   * the header bar's first button. */
  focus_page (self);

  return self;
}

/* Public API, for the application. */

/**
 * acies_game_window_get_session:
 * @self: a game window
 *
 * Returns: (transfer none): what the window shows: the game, who looks,
 *   the actions, the log…
 */
AciesPlaySession *
acies_game_window_get_session (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return self->session;
}

/**
 * acies_game_window_get_file:
 * @self: a game window
 *
 * Returns: (transfer none) (nullable): the saved game the window plays
 *   (Save writes there), or %NULL for a game never saved
 */
GFile *
acies_game_window_get_file (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return self->file;
}

/**
 * acies_game_window_get_autosave_file:
 * @self: a game window
 *
 * Returns: (transfer none): where the game is saved after every change
 */
GFile *
acies_game_window_get_autosave_file (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return self->autosave;
}

/**
 * acies_game_window_save_to_file:
 * @self: a game window
 * @file: where to save
 *
 * Saves the game to @file as Save As does once its file chooser answers:
 * the window then saves there with Save, is titled by it, and the
 * autosave becomes a copy of it (the start page lists the game once, by
 * that file).  A failure is said in a toast.
 *
 * Returns: whether the game was saved
 */
gboolean
acies_game_window_save_to_file (AciesGameWindow *self,
                                GFile           *file)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return _acies_game_window_save_to (self, file);
}

/**
 * acies_game_window_set_player_names:
 * @self: a game window
 * @names: (nullable): the players' names, one per side ("" for the
 *   side's name)
 */
void
acies_game_window_set_player_names (AciesGameWindow    *self,
                                    const char * const *names)
{
  g_return_if_fail (ACIES_IS_GAME_WINDOW (self));

  acies_play_session_set_player_names (self->session, names);
  autosave (self);
}

/**
 * acies_game_window_has_unsaved_moves:
 * @self: a game window
 *
 * Returns: whether the game changed since it was last saved with Save or
 *   Save As (or, never saved, since the window opened): closing asks then
 */
gboolean
acies_game_window_has_unsaved_moves (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), FALSE);
  return self->n_changes != self->saved_changes;
}
