/* acies-game-window-a11y.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-compat.h"

#include <string.h>

#include "acies-game-window-private.h"
#include "acies-log-line.h"

/* The game for a player who hears it (a screen reader):
 *
 * - the board's focused cell is described in the session's words
 *   (acies_play_session_describe_cell(): the units there, a legal
 *   destination and its cost, what Return would do);
 * - what each action did (the new log lines the viewer may see), then
 *   the new prompt, the hints and the keys' answers are announced: a live region (a label
 *   with the status role) under the status block, and
 *   gtk_accessible_announce() where GTK has it (acies-compat.c);
 * - keys on the board: U reads the selected unit's full description,
 *   N / Shift+N jump to one's next / previous unit, D / Shift+D to the
 *   next / previous legal destination (or set-up placement).
 */

static char *
describe_cell_cb (AciesBoardView *board,
                  AciesCell       cell,
                  gpointer        user_data)
{
  AciesGameWindow *self = user_data;

  if (self->session == NULL)
    return NULL;
  return acies_play_session_describe_cell (self->session, cell);
}

/**
 * _acies_game_window_announce:
 * @self: a game window
 * @text: (nullable): what to say
 *
 * Shows @text in the live region and has a screen reader say it.
 */
void
_acies_game_window_announce (AciesGameWindow *self,
                             const char      *text)
{
  g_autofree char *spoken = NULL;

  if (text == NULL || *text == '\0' || self->announcement == NULL)
    return;
  /* Shown as the panel shows it; said with the counters' symbols in words. */
  spoken = acies_play_session_speakable (text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->announcement), "repeat");
  gtk_label_set_text (self->announcement, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->announcement),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, spoken,
                                  -1);
  gtk_widget_set_visible (GTK_WIDGET (self->announcement), TRUE);
  acies_accessible_announce (GTK_WIDGET (self->announcement), spoken);
}

/* @text repeats what the panel shows (the log's new lines, the prompt, a
 * hint): the live region says it to a screen reader but takes no room
 * on the screen (the "repeat" style), where it would show it twice. */
static void
announce_repeat (AciesGameWindow *self,
                 const char      *text)
{
  _acies_game_window_announce (self, text);
  if (text != NULL && *text != '\0' && self->announcement != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->announcement), "repeat");
}

/* What an action, and the hints and prompt that came with it, have to
 * say: gathered while the session tells its changes (in whatever order
 * its notifications come), said once when they are done: what the action
 * did first, then what is asked now (issue 19: the new prompt used to
 * replace the result). */
typedef struct
{
  GString *result;  /* the log's new lines */
  GString *next;    /* the hint, the prompt */
  guint    idle;
} Pending;

static void
pending_free (gpointer data)
{
  Pending *pending = data;

  g_clear_handle_id (&pending->idle, g_source_remove);
  g_string_free (pending->result, TRUE);
  g_string_free (pending->next, TRUE);
  g_free (pending);
}

static gboolean
say_pending_cb (gpointer user_data)
{
  AciesGameWindow *self = user_data;
  Pending *pending = g_object_get_data (G_OBJECT (self), "acies-announce-pending");
  g_autoptr(GString) text = g_string_new (pending->result->str);

  pending->idle = 0;
  if (pending->next->len > 0 && strstr (text->str, pending->next->str) == NULL)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, pending->next->str);
    }
  g_string_truncate (pending->result, 0);
  g_string_truncate (pending->next, 0);
  announce_repeat (self, text->str);
  return G_SOURCE_REMOVE;
}

/* Adds @words to what is to be said (@result: what was done; else what
 * comes next), once. */
static void
say_later (AciesGameWindow *self,
           const char      *words,
           gboolean         result)
{
  Pending *pending = g_object_get_data (G_OBJECT (self), "acies-announce-pending");
  GString *part;

  if (words == NULL || *words == '\0')
    return;
  if (pending == NULL)
    {
      pending = g_new0 (Pending, 1);
      pending->result = g_string_new (NULL);
      pending->next = g_string_new (NULL);
      g_object_set_data_full (G_OBJECT (self), "acies-announce-pending", pending, pending_free);
    }
  part = result ? pending->result : pending->next;
  if (strstr (part->str, words) == NULL)
    {
      if (part->len > 0)
        g_string_append_c (part, '\n');
      g_string_append (part, words);
    }
  if (pending->idle == 0)
    pending->idle = g_idle_add_full (G_PRIORITY_DEFAULT, say_pending_cb, self, NULL);
}

/* After each action (or a take-back): the log's new lines, what it did
 * as the viewer may see it (the session's log holds only those), then
 * what is asked now.  The log is rebuilt whole after each action, so its
 * lines are counted here. */
static void
n_actions_changed_cb (AciesPlaySession *session,
                      GParamSpec       *pspec,
                      AciesGameWindow  *self)
{
  GListModel *log = acies_play_session_get_log (session);
  guint n = g_list_model_get_n_items (log);
  AciesGame *game = acies_play_session_get_game (session);
  guint n_actions = acies_game_get_n_actions (game);
  guint before = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), "acies-announced-actions"));
  gboolean said = FALSE;

  for (guint i = self->announced_lines; i < n; i++)
    {
      g_autoptr(AciesLogLine) line = g_list_model_get_item (log, i);
      const char *words = acies_log_line_get_text (line);

      said = said || (words != NULL && *words != '\0');
      say_later (self, words, TRUE);
    }
  self->announced_lines = n;
  g_object_set_data (G_OBJECT (self), "acies-announced-actions", GUINT_TO_POINTER (n_actions));
  /* An action that makes no event (a set-up placement): its own words,
   * to the player who made it (not past the hand-over curtain). */
  if (!said && n_actions == before + 1 && !acies_play_session_get_curtain_shown (session))
    {
      const char *words = acies_play_session_get_done_words (session);
      g_autofree char *done = NULL;

      if (words != NULL)
        {
          /* Translators: announced after an action that the game log does
           * not show (a set-up placement), "Done: Place Hastati at B3." */
          done = g_strdup_printf (_("Done: %s."), words);
          say_later (self, done, TRUE);
        }
    }
  say_later (self, acies_play_session_get_prompt_text (session), FALSE);
}

/* Why a click or Return did nothing (not a legal destination…). */
static void
hint_changed_cb (AciesPlaySession *session,
                 GParamSpec       *pspec,
                 AciesGameWindow  *self)
{
  say_later (self, acies_play_session_get_hint_text (session), FALSE);
}

/* The hand-over shows or hides the player's private lines: not news.
 * When the curtain comes down, it is said with what the incoming player
 * missed (the summary the curtain shows). */
static void
curtain_changed_cb (AciesPlaySession *session,
                    GParamSpec       *pspec,
                    AciesGameWindow  *self)
{
  self->announced_lines = g_list_model_get_n_items (acies_play_session_get_log (session));
  if (acies_play_session_get_curtain_shown (session))
    {
      g_autofree char *text = g_strdup_printf ("%s.\n%s", acies_play_session_get_curtain_text (session),
                                               acies_play_session_get_curtain_summary (session) != NULL
                                               ? acies_play_session_get_curtain_summary (session) : "");

      say_later (self, text, TRUE);
    }
}

static void
board_words_changed_cb (AciesGameWindow *self)
{
  acies_board_view_refresh_description (self->board);
}

/**
 * _acies_game_window_a11y_bind:
 * @self: a game window with its session
 *
 * Describes the board's cells in the session's words and announces what
 * each action did.
 */
void
_acies_game_window_a11y_bind (AciesGameWindow *self)
{
  GtkWidget *status = GTK_WIDGET (self->status);
  GtkWidget *box = gtk_widget_get_parent (status);

  if (self->announcement == NULL && GTK_IS_BOX (box))
    {
      /* The live region: under the status block, hidden until it has
       * something to say; one line on screen (its accessible label
       * carries the whole text), so that it takes no action row's room. */
      self->announcement = g_object_new (GTK_TYPE_LABEL,
                                         "accessible-role", GTK_ACCESSIBLE_ROLE_STATUS,
                                         "ellipsize", PANGO_ELLIPSIZE_END,
                                         "single-line-mode", TRUE,
                                         "xalign", 0.0f,
                                         "selectable", FALSE,
                                         "visible", FALSE,
                                         "margin-start", 12,
                                         "margin-end", 12,
                                         NULL);
      gtk_widget_add_css_class (GTK_WIDGET (self->announcement), "caption");
      gtk_widget_add_css_class (GTK_WIDGET (self->announcement), "dim-label");
      gtk_widget_set_name (GTK_WIDGET (self->announcement), "announcement");
      gtk_box_insert_child_after (GTK_BOX (box), GTK_WIDGET (self->announcement), status);
    }

  acies_board_view_set_cell_describer (self->board, describe_cell_cb, self, NULL);
  g_signal_connect_object (self->session, "board-changed", G_CALLBACK (board_words_changed_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (self->session, "path-changed", G_CALLBACK (board_words_changed_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  self->announced_lines = g_list_model_get_n_items (acies_play_session_get_log (self->session));
  g_object_set_data (G_OBJECT (self), "acies-announced-actions",
                     GUINT_TO_POINTER (acies_game_get_n_actions (acies_play_session_get_game (self->session))));
  g_signal_connect_object (self->session, "notify::n-actions", G_CALLBACK (n_actions_changed_cb), self, 0);
  g_signal_connect_object (self->session, "notify::curtain-shown", G_CALLBACK (curtain_changed_cb), self, 0);
  g_signal_connect_object (self->session, "notify::hint-text", G_CALLBACK (hint_changed_cb), self, 0);
}

/* The keys. */

static void
describe_unit_action_cb (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  g_autofree char *text = acies_play_session_dup_selected_description (self->session);

  if (text == NULL)
    {
      gint view = acies_play_session_get_view_at_cell (self->session, acies_board_view_get_focus_cell (self->board));

      if (view >= 0)
        text = acies_play_session_dup_view_tooltip (self->session, view);
    }
  _acies_game_window_announce (self, text != NULL ? text : _("No unit is selected, and none is on the focused cell."));
}

static void
jump_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  gboolean units = g_str_has_suffix (action_name, "-unit");
  gboolean backwards = g_str_has_prefix (action_name, "play.previous-");
  AciesCell cell;

  cell = acies_play_session_next_cell (self->session, acies_board_view_get_focus_cell (self->board),
                                       units ? ACIES_PLAY_SESSION_JUMP_UNITS : ACIES_PLAY_SESSION_JUMP_DESTINATIONS,
                                       backwards);
  if (cell == ACIES_CELL_NONE)
    {
      _acies_game_window_announce (self, units ? _("You have no units on the board.")
                                               : _("No legal destination."));
      return;
    }
  acies_board_view_set_focus_cell (self->board, cell);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/**
 * _acies_game_window_class_a11y_init:
 * @klass: the game window class
 *
 * Installs play.describe-unit, play.next-unit, play.previous-unit,
 * play.next-destination and play.previous-destination.
 */
void
_acies_game_window_class_a11y_init (AciesGameWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "play.describe-unit", NULL, describe_unit_action_cb);
  gtk_widget_class_install_action (widget_class, "play.next-unit", NULL, jump_action_cb);
  gtk_widget_class_install_action (widget_class, "play.previous-unit", NULL, jump_action_cb);
  gtk_widget_class_install_action (widget_class, "play.next-destination", NULL, jump_action_cb);
  gtk_widget_class_install_action (widget_class, "play.previous-destination", NULL, jump_action_cb);
}

/**
 * _acies_game_window_a11y_init:
 * @self: a game window
 *
 * The board's keys U, N, Shift+N, D, Shift+D (on the board only: the
 * log's filter takes letters).
 */
void
_acies_game_window_a11y_init (AciesGameWindow *self)
{
  static const struct { guint key; GdkModifierType mods; const char *action; } keys[] = {
    { GDK_KEY_u, 0, "play.describe-unit" },
    { GDK_KEY_n, 0, "play.next-unit" },
    { GDK_KEY_n, GDK_SHIFT_MASK, "play.previous-unit" },
    { GDK_KEY_d, 0, "play.next-destination" },
    { GDK_KEY_d, GDK_SHIFT_MASK, "play.previous-destination" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, keys[i].mods),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self->board), controller);
}
