/* acies-game-window-actions.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "acies-atomic-file.h"

#include "acies-compat.h"
#include "acies-dialogs.h"
#include "acies-file-chooser.h"
#include "acies-param-widget.h"

#include "acies-application.h"
#include "acies-game-window-private.h"
#include "acies-print-operation.h"
#include "acies-scenario-dialog.h"

/* The play.* actions of the game window, their keys, and the questions
 * they ask (a physical roll, a take-back's consent, a file). */

/* Physical dice: the roll the session asked for ("roll-needed"). */

static void
roll_response_cb (GtkWidget       *dialog,
                  const char      *response,
                  AciesGameWindow *self)
{
  GtkSpinButton *spin;

  g_object_get (dialog, "extra-child", &spin, NULL);
  g_object_unref (spin);

  if (self->dialog == dialog)
    self->dialog = NULL;
  /* The number typed and not yet committed (Return, or a click on Enter
   * Roll while the entry has the focus). */
  gtk_spin_button_update (spin);

  if (g_strcmp0 (response, "roll") == 0)
    acies_play_session_enter_roll (self->session, (guint) gtk_spin_button_get_value_as_int (spin));
  else
    acies_play_session_cancel_roll (self->session);
}

void
_acies_game_window_ask_roll (AciesGameWindow *self,
                             const char      *message)
{
  GtkWidget *dialog;
  GtkWidget *spin;

  dialog = acies_alert_new (_("Roll the Dice"), message);
  acies_alert_add_responses (dialog,
                             "cancel", _("_Cancel"),
                             "roll", _("_Enter Roll"),
                             NULL);
  acies_alert_set_response_appearance (dialog, "roll", ADW_RESPONSE_SUGGESTED);
  g_object_set (dialog, "default-response", "roll", "close-response", "cancel", NULL);
  spin = gtk_spin_button_new_with_range (0, 100, 1);
  acies_spin_button_guard (GTK_SPIN_BUTTON (spin), NULL);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 1);
  /* Return in the number enters the roll: its text activates the
   * dialog's default widget (Enter Roll). */
  for (GtkWidget *child = gtk_widget_get_first_child (spin); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TEXT (child))
      gtk_text_set_activates_default (GTK_TEXT (child), TRUE);
  g_object_set (dialog, "extra-child", spin, NULL);
  g_signal_connect_object (dialog, "response", G_CALLBACK (roll_response_cb), self, 0);
  self->dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
  acies_dialog_present (dialog, GTK_WIDGET (self));
}

/* Undo and take-back. */

static void
take_back_response_cb (GtkWidget       *dialog,
                       const char      *response,
                       AciesGameWindow *self)
{
  if (self->dialog == dialog)
    self->dialog = NULL;

  if (g_strcmp0 (response, "take-back") == 0)
    acies_play_session_take_back (self->session,
                                  GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "acies-consent")),
                                  GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "acies-dice")));
}

/* Taking back a die roll, or the other player's decision, needs the
 * other player's consent (acies_play_session_get_take_back_consent()):
 * asked here; one's own decision goes at once. */
static void
undo_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  g_autofree char *question = NULL;
  GtkWidget *dialog;
  gboolean dice, drew;
  gint consent;

  if (!acies_play_session_get_can_undo (self->session) || self->dialog != NULL)
    return;

  consent = acies_play_session_get_take_back_consent (self->session, &dice, &question);
  if (consent < 0)
    {
      acies_play_session_take_back (self->session, -1, FALSE);
      return;
    }

  /* The question names the player whose consent the button gives: a
   * verb of its own here would have to agree with a player's name
   * ("Persians Agrees"). */
  /* Neither a die roll nor the other player's decision: one's own action
   * that drew hidden cards (acies_ruleset_describe_draws() in the question). */
  {
    AciesGame *game = acies_play_session_get_game (self->session);
    guint n = acies_game_get_n_actions (game);

    drew = !dice && n > 0 && acies_game_get_action (game, n - 1)->player != consent;
  }
  dialog = acies_alert_new (dice ? _("Take Back a Die Roll?")
                            : drew ? _("Take Back a Random Draw?")
                            : _("Take Back the Other Player’s Decision?"),
                            question);
  acies_alert_add_responses (dialog,
                             "cancel", dice ? _("_Keep the Roll") : drew ? _("_Keep the Draw") : _("_Keep the Decision"),
                             /* Translators: the other player consents: the button takes the action back. */
                             "take-back", _("_Take Back"),
                             NULL);
  acies_alert_set_response_appearance (dialog, "take-back", ADW_RESPONSE_DESTRUCTIVE);
  g_object_set (dialog, "default-response", "cancel", "close-response", "cancel", NULL);
  g_object_set_data (G_OBJECT (dialog), "acies-consent", GINT_TO_POINTER (consent));
  g_object_set_data (G_OBJECT (dialog), "acies-dice", GINT_TO_POINTER (dice));
  g_signal_connect_object (dialog, "response", G_CALLBACK (take_back_response_cb), self, 0);
  self->dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
  acies_dialog_present (dialog, GTK_WIDGET (self));
}

/* The game's actions. */

static void
choose_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  gint32 index = g_variant_get_int32 (parameter);

  if (index >= 0)
    acies_play_session_choose (ACIES_GAME_WINDOW (widget)->session, index);
}

/* Alt+N: the N-th action shown in an open group. */
static void
choose_key_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  gint32 key = g_variant_get_int32 (parameter);

  if (key >= 0)
    acies_play_session_choose_key (ACIES_GAME_WINDOW (widget)->session, key);
}

/* Alt+letter: the kind of action whose spec has that key. */
static void
key_action_cb (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  acies_play_session_choose_spec_key (ACIES_GAME_WINDOW (widget)->session, g_variant_get_string (parameter, NULL));
}

static void
place_rest_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  acies_play_session_place_rest (ACIES_GAME_WINDOW (widget)->session);
}

/* A unit shift-clicked: it joins the picks, or leaves them. */
static void
pick_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  acies_play_session_toggle_pick (ACIES_GAME_WINDOW (widget)->session, g_variant_get_int32 (parameter));
}

static void
apply_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (!acies_play_session_apply_json (self->session, g_variant_get_string (parameter, NULL), &error))
    _acies_game_window_toast (self, error->message);
}

static void
commit_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  acies_play_session_commit (ACIES_GAME_WINDOW (widget)->session);
}

static void
cancel_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  acies_play_session_cancel (ACIES_GAME_WINDOW (widget)->session);
}

static void
end_phase_action_cb (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  acies_play_session_end_phase (ACIES_GAME_WINDOW (widget)->session);
}

static void
reveal_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  acies_play_session_reveal (ACIES_GAME_WINDOW (widget)->session);
}

static void
show_board_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  acies_play_session_toggle_victory (ACIES_GAME_WINDOW (widget)->session);
}

/* The log. */

static void
copy_log_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  g_autofree char *text = acies_play_session_dup_log_text (self->session);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  _acies_game_window_toast (self, _("Log copied"));
}

/* Saving. */

static void
save_chosen_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (source);
  gboolean log = GPOINTER_TO_INT (data);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  file = acies_file_save_finish (result, &error);
  if (error != NULL)
    _acies_game_window_toast (self, error->message);
  if (file == NULL)
    self->close_after_save = FALSE;
  else if (log)
    {
      g_autofree char *text = acies_play_session_dup_log_text (self->session);

      /* Atomically, no "FILE~" left beside it (issue 20.3, 18.7). */
      if (!acies_file_replace_contents (file, text, strlen (text), &error))
        _acies_game_window_toast (self, error->message);
    }
  else
    _acies_game_window_save_to (self, file);
}

/* Save As (or Save Log with @log): a file chooser, named after the
 * battle. */
void
_acies_game_window_save_as (AciesGameWindow *self,
                            gboolean         log)
{
  const AciesScenario *scenario = acies_game_get_state (acies_play_session_get_game (self->session))->scenario;
  g_autofree char *name = NULL;

  name = g_strdup_printf ("%s.%s", scenario->meta.title ? scenario->meta.title : _("Game"),
                          log ? "txt" : "acies-game");
  acies_file_save_async (GTK_WINDOW (self), log ? _("Save Log") : _("Save Game"), _("_Save"), name,
                         NULL, NULL, save_chosen_cb, GINT_TO_POINTER (log));
}

static void
save_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);

  if (g_str_equal (action_name, "play.save") && self->file != NULL)
    _acies_game_window_save_to (self, self->file);
  else
    _acies_game_window_save_as (self, g_str_equal (action_name, "play.save-log"));
}

/* The rest of the menu. */

static void
dark_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  adw_style_manager_set_color_scheme (manager,
                                      adw_style_manager_get_dark (manager)
                                      ? ADW_COLOR_SCHEME_FORCE_LIGHT
                                      : ADW_COLOR_SCHEME_FORCE_DARK);
}

/* The scenario: its description, notes and victory conditions. */
static void
scenario_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);

  if (self->scenario_window == NULL)
    {
      self->scenario_window = GTK_WINDOW (acies_scenario_dialog_new (GTK_WINDOW (self), self->session));
      g_object_add_weak_pointer (G_OBJECT (self->scenario_window), (gpointer *) &self->scenario_window);
    }
  gtk_window_present (self->scenario_window);
}

/* play.print (Ctrl+P): the game as it stands, printed as a set-up is
 * (map, order of battle, rules, tables), the map showing the counters
 * where they stand now as an onlooker sees them, its header naming the
 * turn and the phase (acies_game_positions_text(); issue 17's trial). */
static void
print_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  AciesGame *game = acies_play_session_get_game (self->session);
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  GSettings *settings = ACIES_IS_APPLICATION (application)
                        ? acies_application_get_settings (ACIES_APPLICATION (application)) : NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) leaders = NULL;
  g_autofree char *positions = NULL;

  if (game == NULL)
    return;
  acies_game_dup_positions (game, -1, &units, &leaders);
  positions = acies_game_positions_text (game);
  acies_print_operation_print_position (GTK_WINDOW (self), acies_game_get_scenario (game), settings,
                                        units, leaders, positions);
}

/* The application's accelerators (Ctrl+W, Ctrl+plus…) name win.*
 * actions: the game window has them too. */

static void
win_close_cb (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
}

static void
win_zoom_cb (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  AciesGameWindow *self = user_data;
  g_autofree char *name = g_strconcat ("board.", g_action_get_name (G_ACTION (action)), NULL);

  gtk_widget_activate_action (GTK_WIDGET (self->board), name, NULL);
}

/* The group of the shortcuts window that lists the ruleset's keys
 * (Alt+letter, from its action specs; the specs that share a key, each
 * step's End, on one line), as builder XML. */
static char *
ruleset_keys_group (AciesGameWindow *self)
{
  AciesRuleset *ruleset = acies_game_get_ruleset (acies_play_session_get_game (self->session));
  g_autoptr(GString) xml = g_string_new (NULL);
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
  for (guint t = 0; t < n_specs; t++)
    {
      g_autoptr(GString) title = g_string_new (NULL);
      g_autofree char *escaped = NULL;
      gboolean first = TRUE;

      if (specs[t].key == NULL)
        continue;
      for (guint u = 0; u < n_specs && first; u++)
        if (u < t && specs[u].key != NULL && g_ascii_strcasecmp (specs[u].key, specs[t].key) == 0)
          first = FALSE;
      if (!first)
        continue;
      for (guint u = t; u < n_specs; u++)
        if (specs[u].key != NULL && g_ascii_strcasecmp (specs[u].key, specs[t].key) == 0)
          {
            if (title->len > 0)
              /* Translators: between the kinds of action that share a key ("End the orders / End the movement"). */
              g_string_append (title, _(" / "));
            g_string_append (title, specs[u].label != NULL ? _(specs[u].label) : specs[u].name);
          }
      escaped = g_markup_escape_text (title->str, -1);
      g_string_append_printf (xml,
                              "<child><object class=\"GtkShortcutsShortcut\">"
                              "<property name=\"title\">%s</property>"
                              "<property name=\"accelerator\">&lt;Alt&gt;%c</property>"
                              "</object></child>\n",
                              escaped, g_ascii_tolower (specs[t].key[0]));
    }
  if (xml->len == 0)
    return g_strdup ("");
  {
    g_autofree char *heading = g_markup_escape_text (_("Kinds of Action (the same key in every phase)"), -1);

    return g_strdup_printf ("<child><object class=\"GtkShortcutsGroup\">"
                            "<property name=\"title\">%s</property>\n%s</object></child>",
                            heading, xml->str);
  }
}

/* Ctrl+? and "Keyboard Shortcuts": the game window's own shortcuts window
 * (acies-game-shortcuts.ui: the keys this window binds, not the editor's,
 * and the ruleset's Alt+letter keys) is built the first time it is asked
 * for, as the editor window's is (it is a tenth of the window's
 * construction), then GtkApplicationWindow shows it. */
static void
win_show_help_overlay_cb (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  AciesGameWindow *self = user_data;
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/io/github/acies/Acies/ui/acies-game-shortcuts.ui",
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_auto(GStrv) parts = NULL;
  g_autofree char *group = NULL;
  g_autofree char *ui = NULL;

  g_return_if_fail (bytes != NULL);
  parts = g_strsplit (g_bytes_get_data (bytes, NULL), "<!-- @RULESET_KEYS@", 2);
  g_return_if_fail (parts[0] != NULL && parts[1] != NULL);
  group = ruleset_keys_group (self);
  ui = g_strconcat (parts[0], group, "<!-- @RULESET_KEYS@", parts[1], NULL);
  acies_shortcuts_present_ui (GTK_APPLICATION_WINDOW (self), ui);
}

static const GActionEntry win_entries[] = {
  { "close", win_close_cb },
  { "show-help-overlay", win_show_help_overlay_cb },
  { "zoom-in", win_zoom_cb },
  { "zoom-out", win_zoom_cb },
  { "zoom-reset", win_zoom_cb },
};

void
_acies_game_window_actions_init (AciesGameWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);
}

void
_acies_game_window_class_actions_init (AciesGameWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "play.undo", NULL, undo_action_cb);
  gtk_widget_class_install_action (widget_class, "play.choose", "i", choose_action_cb);
  gtk_widget_class_install_action (widget_class, "play.choose-key", "i", choose_key_action_cb);
  gtk_widget_class_install_action (widget_class, "play.apply", "s", apply_action_cb);
  gtk_widget_class_install_action (widget_class, "play.key", "s", key_action_cb);
  gtk_widget_class_install_action (widget_class, "play.place-rest", NULL, place_rest_action_cb);
  gtk_widget_class_install_action (widget_class, "play.pick", "i", pick_action_cb);
  gtk_widget_class_install_action (widget_class, "play.commit", NULL, commit_action_cb);
  gtk_widget_class_install_action (widget_class, "play.cancel", NULL, cancel_action_cb);
  gtk_widget_class_install_action (widget_class, "play.end-phase", NULL, end_phase_action_cb);
  gtk_widget_class_install_action (widget_class, "play.reveal", NULL, reveal_action_cb);
  gtk_widget_class_install_action (widget_class, "play.show-board", NULL, show_board_action_cb);
  gtk_widget_class_install_action (widget_class, "play.copy-log", NULL, copy_log_action_cb);
  gtk_widget_class_install_action (widget_class, "play.save", NULL, save_action_cb);
  gtk_widget_class_install_action (widget_class, "play.save-as", NULL, save_action_cb);
  gtk_widget_class_install_action (widget_class, "play.save-log", NULL, save_action_cb);
  gtk_widget_class_install_action (widget_class, "play.toggle-dark", NULL, dark_action_cb);
  gtk_widget_class_install_action (widget_class, "play.scenario", NULL, scenario_action_cb);
  gtk_widget_class_install_action (widget_class, "play.print", NULL, print_action_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "play.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "play.end-phase", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "play.commit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "play.cancel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "play.reveal", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "play.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "play.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "play.copy-log", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "play.print", NULL);
  /* Alt+1 … Alt+9: the first nine actions shown in the open groups. */
  for (guint i = 0; i < 9; i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK,
                                         "play.choose-key", "i", (gint32) i);
  /* Alt+letter: a kind of action, by the key its spec gives it (the
   * quick actions name them); Alt+W: place the rest of the wing. */
  for (char c = 'a'; c <= 'z'; c++)
    {
      char letter[2] = { c, '\0' };

      if (c == 'w')
        gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_ALT_MASK, "play.place-rest", NULL);
      else
        gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a + (c - 'a'), GDK_ALT_MASK,
                                             "play.key", "s", letter);
    }
}
