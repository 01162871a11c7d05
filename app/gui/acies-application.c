/* acies-application.c
 *
 * Copyright 2026 The Acies developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-application"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "io/acies-scenario-io.h"

#include "acies-accessible.h"
#include "acies-compat.h"
#include "acies-dialogs.h"
#include "acies-file-chooser.h"

#include "acies-gui-private.h"
#include "acies-application.h"
#include "acies-window.h"
#include "play/acies-game-window.h"
#include "play/acies-new-game-dialog.h"
#include "play/acies-play-autosave.h"

#define MAX_RECENT_FILES 10

/**
 * acies_gui_ensure_resources:
 *
 * Registers the application's templates and styles (the acies-gui
 * GResource) the first time it is called; later calls do nothing.
 * Thread-safe.
 */
void
acies_gui_ensure_resources (void)
{
  static gsize registered;

  if (g_once_init_enter (&registered))
    {
      acies_gui_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}

/**
 * AciesApplication:
 *
 * The acies application: one window per document, a start page when no
 * document is open, and the app-wide actions (open, about, quit).
 */

/* The preload, shared by the main thread and the worker: either may be
 * the last to let go (the main thread stops waiting after
 * PRELOAD_WAIT_SECONDS and reads the file itself). */
typedef struct
{
  gint           ref_count;
  GMutex         lock;
  GCond          done_cond;
  gboolean       done;
  GFile         *file;
  AciesScenario *scenario;
  AciesGame     *game;      /* a saved game's (issue 21.5) */
  GError        *error;
} Preload;

struct _AciesApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;   /* or NULL when the schema is not installed */

  /* Ctrl+Q closes the windows one at a time: the window being closed. */
  GtkWindow      *quit_window;
  gulong          quit_destroy_id;
  gulong          quit_response_id;
  GtkWidget      *quit_dialog;

  /* A scenario named on the command line, read on a worker thread while
   * GTK starts (preload_thread), then taken by open_file(). */
  Preload        *preload;
};

G_DEFINE_FINAL_TYPE (AciesApplication, acies_application, ADW_TYPE_APPLICATION)

static const char * const rulebooks[] = {
  "The Grass Crown",
  "Four Battles of the Ancient World",
  "Simple Great Battles of History",
  "Commands & Colors: Ancients — Roman Civil Wars",
  "Lost Battles",
  NULL
};

/**
 * acies_application_add_recent:
 * @self: the application
 * @file: a scenario or saved game just opened or saved
 *
 * Puts @file at the head of the recent files (native files only): the
 * start page's (GSettings "recent-files") and the desktop's
 * (#GtkRecentManager).
 */
void
acies_application_add_recent (AciesApplication *self,
                              GFile            *file)
{
  g_auto(GStrv) old = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) uris = NULL;
  g_autofree char *uri = NULL;
  guint n = 1;

  if (!g_file_is_native (file))
    return;

  uri = g_file_get_uri (file);

  /* The desktop's recent files too (the file chooser's Recent, GNOME
   * Shell's search), with the type that opens it here. */
  {
    GtkRecentData data = {
      .display_name = NULL,
      .description = NULL,
      .mime_type = (char *) (acies_application_is_game_file (file) ? "application/x-acies-game"
                                                                   : "application/x-acies-scenario"),
      .app_name = (char *) g_get_application_name (),
      .app_exec = (char *) "acies %u",
      .groups = NULL,
      .is_private = FALSE,
    };

    if (data.app_name == NULL)
      data.app_name = (char *) "Acies";
    gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
  }

  if (self->settings == NULL)
    return;

  old = g_settings_get_strv (self->settings, "recent-files");
  builder = g_strv_builder_new ();
  g_strv_builder_add (builder, uri);
  for (guint i = 0; old[i] != NULL && n < MAX_RECENT_FILES; i++)
    {
      if (g_str_equal (old[i], uri))
        continue;
      g_strv_builder_add (builder, old[i]);
      n++;
    }

  uris = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-files", (const char * const *) uris);
}

static GtkWindow *
acies_application_get_parent_window (AciesApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    {
      window = GTK_WINDOW (acies_window_new (self));
      gtk_window_present (window);
    }

  return window;
}

/* An error over @concerned, the window it is about (a file dropped on
 * it), or else the active window: modal to that window alone (each has a
 * window group of its own), never to the application's other windows. */
static void
acies_application_show_error_on (AciesApplication *self,
                                 GtkWindow        *concerned,
                                 const char       *heading,
                                 const char       *body)
{
  GtkWindow *parent = concerned != NULL ? concerned : acies_application_get_parent_window (self);
  GtkWidget *dialog;

  dialog = acies_alert_new (heading, body);
  acies_alert_add_responses (dialog, "close", _("_Close"), NULL);
  g_object_set (dialog, "default-response", "close", "close-response", "close", NULL);
  acies_dialog_present (dialog, GTK_WIDGET (parent));
}

static void
acies_application_show_error (AciesApplication *self,
                              const char       *heading,
                              const char       *body)
{
  acies_application_show_error_on (self, NULL, heading, body);
}

/**
 * acies_application_find_window:
 * @self: the application
 * @file: a file
 *
 * Returns: (transfer none) (nullable): the window showing @file
 */
AciesWindow *
acies_application_find_window (AciesApplication *self,
                               GFile            *file)
{
  g_return_val_if_fail (ACIES_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    {
      GFile *shown;

      if (!ACIES_IS_WINDOW (l->data))
        continue;

      shown = acies_window_get_file (l->data);
      if (shown != NULL && g_file_equal (shown, file))
        return l->data;
    }

  return NULL;
}

static AciesWindow *
acies_application_find_empty_window (AciesApplication *self)
{
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (ACIES_IS_WINDOW (active) && acies_window_is_empty (ACIES_WINDOW (active)))
    return ACIES_WINDOW (active);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    {
      if (ACIES_IS_WINDOW (l->data) && acies_window_is_empty (l->data))
        return l->data;
    }

  return NULL;
}

gboolean
acies_application_is_game_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, ".acies-game");
}

static void
show_open_error (AciesApplication *self,
                 GFile            *file,
                 const GError     *error)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *display = g_filename_display_name (basename ? basename : "?");
  g_autofree char *heading = NULL;

  /* Translators: the file name. */
  heading = g_strdup_printf (_("Could Not Open “%s”"), display);
  acies_application_show_error (self, heading,
                                error ? error->message : _("The file could not be read."));
}

/* The game window already showing @file: the saved game it plays, or the
 * autosave it writes.  When @file is an autosave that is a copy of a
 * saved game (its origin), the window playing that game shows it too. */
static AciesGameWindow *
find_game_window (AciesApplication *self,
                  GFile            *file,
                  gboolean          is_autosave)
{
  g_autoptr(GFile) saved = is_autosave ? acies_play_autosave_get_saved_file (file) : NULL;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      GFile *shown, *written;

      if (!ACIES_IS_GAME_WINDOW (l->data))
        continue;
      shown = acies_game_window_get_file (l->data);
      written = acies_game_window_get_autosave_file (l->data);
      if ((shown != NULL && g_file_equal (shown, file))
          || (written != NULL && g_file_equal (written, file))
          || (shown != NULL && saved != NULL && g_file_equal (shown, saved)))
        return l->data;
    }

  return NULL;
}

/* A new game window for @game, read from @file (or from the autosave
 * @autosave, which it goes on writing). */
static AciesGameWindow *
show_game (AciesApplication *self,
           AciesGame        *game,
           GFile            *file,
           GFile            *autosave)
{
  AciesGameWindow *window;

  window = acies_game_window_new (GTK_APPLICATION (self), game,
                                  autosave != NULL ? NULL : file, autosave);
  gtk_window_present (GTK_WINDOW (window));
  if (autosave == NULL)
    acies_application_add_recent (self, file);

  return window;
}

/**
 * acies_application_open_game:
 * @self: the application
 * @file: a saved game (`.acies-game`)
 * @autosave: (nullable): when @file is an autosave being resumed, the
 *   same file (the game keeps saving there); %NULL otherwise
 *
 * Loads @file (replaying its log) and shows it in a game window.  A game
 * already open (the window plays @file, writes @file as its autosave, or
 * plays the saved game the autosave @file is a copy of) is not opened a
 * second time: its window is presented, so two copies of one game never
 * diverge.  When @file cannot be read (a digest that does not match the
 * replayed log among the reasons), a dialog gives the reader's message and
 * nothing else happens: no window, no autosave.
 *
 * Returns: (transfer none) (nullable): the game window (the one already
 *   showing the game, or a new one), or %NULL when @file was refused
 */
static AciesGame *take_preload_game (AciesApplication  *self,
                                     GFile             *file,
                                     GError           **error);

AciesGameWindow *
acies_application_open_game (AciesApplication *self,
                             GFile            *file,
                             GFile            *autosave)
{
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(GError) error = NULL;
  AciesGameWindow *window;

  g_return_val_if_fail (ACIES_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  /* One window per game. */
  window = find_game_window (self, file, autosave != NULL);
  if (window != NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      return window;
    }

  game = take_preload_game (self, file, &error);
  if (game == NULL && error == NULL)
    game = acies_game_load_file (file, &error);
  if (game == NULL)
    {
      show_open_error (self, file, error);
      return NULL;
    }

  return show_game (self, game, file, autosave);
}

/**
 * acies_application_new_game:
 * @self: the application
 * @parent: (nullable): the window the dialog belongs to
 * @scenario: the scenario to play
 *
 * Shows the new-game dialog for @scenario.
 *
 * Returns: (transfer none): the dialog
 */
AciesNewGameDialog *
acies_application_new_game (AciesApplication *self,
                            GtkWindow        *parent,
                            AciesScenario    *scenario)
{
  AciesNewGameDialog *dialog;

  g_return_val_if_fail (ACIES_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (scenario != NULL, NULL);

  dialog = acies_new_game_dialog_new (GTK_APPLICATION (self), parent, scenario);
  gtk_window_present (GTK_WINDOW (dialog));

  return dialog;
}

/* Starting up.  GTK's start (display, GL, themes) takes a core for a
 * tenth of a second or more; a scenario named on the command line is read
 * and checked meanwhile on the other (the launch goal of issue 4).  The
 * thread only reads the file: every error is still reported by
 * open_file(), exactly as without the preload. */

/* Issue 20.5: the main thread never waits for the worker without bound;
 * a file that takes longer is read again by open_file() (the engine
 * refuses a FIFO or a device before opening it, so neither blocks). */
#define PRELOAD_WAIT_SECONDS 10

static void
preload_unref (Preload *preload)
{
  if (!g_atomic_int_dec_and_test (&preload->ref_count))
    return;
  g_clear_object (&preload->file);
  g_clear_pointer (&preload->scenario, acies_scenario_unref);
  g_clear_object (&preload->game);
  g_clear_error (&preload->error);
  g_mutex_clear (&preload->lock);
  g_cond_clear (&preload->done_cond);
  g_free (preload);
}

static gpointer
preload_thread (gpointer data)
{
  Preload *preload = data;
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = NULL;
  AciesGame *game = NULL;

  /* A saved game is read, and its log replayed, meanwhile too: the play
   * window opens as soon as the editor would (issue 21.5). */
  if (acies_application_is_game_file (preload->file))
    game = acies_game_load_file (preload->file, &error);
  else
    scenario = acies_scenario_load_file (preload->file, &error);

  g_mutex_lock (&preload->lock);
  preload->scenario = scenario;
  preload->game = game;
  preload->error = g_steal_pointer (&error);
  preload->done = TRUE;
  g_cond_signal (&preload->done_cond);
  g_mutex_unlock (&preload->lock);
  preload_unref (preload);
  return NULL;
}

static void
preload_start (AciesApplication *self,
               GFile            *file)
{
  Preload *preload = g_new0 (Preload, 1);

  preload->ref_count = 2;   /* the application's and the worker's */
  g_mutex_init (&preload->lock);
  g_cond_init (&preload->done_cond);
  preload->file = g_object_ref (file);
  self->preload = preload;
  g_thread_unref (g_thread_new ("acies-preload", preload_thread, preload));
}

/* Lets the worker finish alone: it keeps its own reference. */
static void
preload_clear (AciesApplication *self)
{
  g_clear_pointer (&self->preload, preload_unref);
}

/* The preloaded scenario of @file (transfer full), or NULL with @error set
 * as loading it set it, or NULL and no error when @file was not preloaded
 * or the worker did not finish in time. */
static gpointer take_preload_any (AciesApplication  *self,
                                  GFile             *file,
                                  gboolean           game,
                                  GError           **error);

static AciesScenario *
take_preload (AciesApplication  *self,
              GFile             *file,
              GError           **error)
{
  return take_preload_any (self, file, FALSE, error);
}

/* The preloaded saved game of @file (transfer full), as take_preload(). */
static AciesGame *
take_preload_game (AciesApplication  *self,
                   GFile             *file,
                   GError           **error)
{
  return take_preload_any (self, file, TRUE, error);
}

static gpointer
take_preload_any (AciesApplication  *self,
                  GFile             *file,
                  gboolean           game,
                  GError           **error)
{
  Preload *preload = self->preload;
  gpointer scenario = NULL;
  gint64 deadline;

  if (preload == NULL || !g_file_equal (preload->file, file))
    return NULL;

  deadline = g_get_monotonic_time () + PRELOAD_WAIT_SECONDS * G_TIME_SPAN_SECOND;
  g_mutex_lock (&preload->lock);
  while (!preload->done)
    if (!g_cond_wait_until (&preload->done_cond, &preload->lock, deadline))
      break;
  if (preload->done)
    {
      scenario = game ? (gpointer) g_steal_pointer (&preload->game)
                      : (gpointer) g_steal_pointer (&preload->scenario);
      if (preload->error != NULL)
        g_propagate_error (error, g_steal_pointer (&preload->error));
    }
  else
    g_message ("reading %s took over %d s: read again", g_file_peek_path (file), PRELOAD_WAIT_SECONDS);
  g_mutex_unlock (&preload->lock);
  preload_clear (self);
  return scenario;
}

static gboolean
acies_application_local_command_line (GApplication   *app,
                                      char         ***arguments,
                                      int            *exit_status)
{
  AciesApplication *self = ACIES_APPLICATION (app);
  char **argv = *arguments;
  gboolean files_only = FALSE;

  /* The first scenario among the arguments; GApplication parses them
   * (chained up below), this only guesses which to start reading. */
  for (guint i = 1; argv[i] != NULL && self->preload == NULL; i++)
    {
      if (!files_only && strcmp (argv[i], "--") == 0)
        files_only = TRUE;
      else if ((files_only || argv[i][0] != '-')
               && (g_str_has_suffix (argv[i], ".acies") || g_str_has_suffix (argv[i], ".acies-game")))
        {
          g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[i]);

          preload_start (self, file);
        }
    }

  return G_APPLICATION_CLASS (acies_application_parent_class)->local_command_line (app, arguments, exit_status);
}

/* --version prints and exits; --new-window (the desktop file's "New
 * Window" action) opens a window in the running instance, or starts one. */
static int
acies_application_handle_local_options (GApplication *app,
                                        GVariantDict *options)
{
  g_autoptr(GError) error = NULL;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("acies %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (g_variant_dict_contains (options, "new-window"))
    {
      if (!g_application_register (app, NULL, &error))
        {
          g_printerr ("acies: %s\n", error->message);
          return 1;
        }
      if (g_application_get_is_remote (app))
        {
          g_action_group_activate_action (G_ACTION_GROUP (app), "new-window", NULL);
          return 0;
        }
      /* The first instance: activating it opens the window. */
    }

  return G_APPLICATION_CLASS (acies_application_parent_class)->handle_local_options (app, options);
}

/**
 * acies_application_open_file:
 * @self: the application
 * @file: a scenario file (a native file or a resource:// URI)
 *
 * Reads @file and shows it: in the window already showing it, else in a
 * window that shows the start page, else in a new window.  When the file
 * cannot be read, a dialog shows the reader's message (which names the
 * file, the line and column, and what was expected) and no window is made
 * for it.
 *
 * Returns: (transfer none) (nullable): the window showing @file, or %NULL
 *   when it could not be read
 */
AciesWindow *
acies_application_open_file (AciesApplication *self,
                             GFile            *file)
{
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  AciesWindow *window;

  g_return_val_if_fail (ACIES_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  /* One window per document. */
  window = acies_application_find_window (self, file);
  if (window != NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      return window;
    }

  /* A saved game opens in play mode. */
  if (acies_application_is_game_file (file))
    {
      acies_application_open_game (self, file, NULL);
      return NULL;
    }

  scenario = take_preload (self, file, &error);
  if (scenario == NULL && error == NULL)
    scenario = acies_scenario_load_file (file, &error);
  if (scenario == NULL)
    {
      g_autofree char *basename = g_file_get_basename (file);
      g_autofree char *display = g_filename_display_name (basename ? basename : "?");
      g_autofree char *heading = NULL;

      /* Translators: the file name. */
      heading = g_strdup_printf (_("Could Not Open “%s”"), display);
      acies_application_show_error (self, heading,
                                    error ? error->message : _("The file could not be read."));
      return NULL;
    }

  window = acies_application_find_empty_window (self);
  if (window == NULL)
    window = acies_window_new (self);

  acies_window_set_scenario (window, scenario, file);
  gtk_window_present (GTK_WINDOW (window));
  acies_application_add_recent (self, file);

  return window;
}

/* Actions. */

/* Ctrl+Q: the windows close one at a time.  The first is closed; when it
 * is destroyed, the next; a question answered "Cancel" leaves its window
 * open and ends the quit.  Each window decides by itself whether to ask
 * (the same close request as its close button and Ctrl+W). */

static void quit_next (AciesApplication *self);

static void
quit_stop (AciesApplication *self)
{
  if (self->quit_window != NULL)
    {
      g_clear_signal_handler (&self->quit_destroy_id, self->quit_window);
      g_object_remove_weak_pointer (G_OBJECT (self->quit_window), (gpointer *) &self->quit_window);
      self->quit_window = NULL;
    }
  if (self->quit_dialog != NULL)
    {
      g_clear_signal_handler (&self->quit_response_id, self->quit_dialog);
      g_object_remove_weak_pointer (G_OBJECT (self->quit_dialog), (gpointer *) &self->quit_dialog);
      self->quit_dialog = NULL;
    }
}

static gboolean
quit_next_idle_cb (gpointer data)
{
  quit_next (ACIES_APPLICATION (data));
  return G_SOURCE_REMOVE;
}

static void
quit_window_destroyed_cb (GtkWidget        *window,
                          AciesApplication *self)
{
  quit_stop (self);
  /* After the window's own teardown, and its dialog's. */
  g_idle_add_full (G_PRIORITY_DEFAULT, quit_next_idle_cb, g_object_ref (self), g_object_unref);
}

static void
quit_dialog_response_cb (GtkWidget        *dialog,
                         const char       *response,
                         AciesApplication *self)
{
  /* Cancel keeps the window, and ends the quit; any other answer closes
   * the window (now, or after a save), and its destruction goes on. */
  if (g_strcmp0 (response, "cancel") == 0)
    quit_stop (self);
}

static gboolean
is_document_window (gpointer window)
{
  return ACIES_IS_WINDOW (window) || ACIES_IS_GAME_WINDOW (window);
}

static void
quit_next (AciesApplication *self)
{
  GtkWindow *window = NULL;
  GtkWidget *question;

  quit_stop (self);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (is_document_window (l->data))
      {
        window = l->data;
        break;
      }
  if (window == NULL)
    {
      /* Only other windows (About, a dialog without its parent…) are left. */
      g_autoptr(GList) rest = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

      for (GList *l = rest; l != NULL; l = l->next)
        gtk_window_destroy (l->data);
      return;
    }

  self->quit_window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->quit_window);
  self->quit_destroy_id = g_signal_connect (window, "destroy",
                                            G_CALLBACK (quit_window_destroyed_cb), self);
  gtk_window_close (window);

  /* Still open: it asks (or asked already).  Follow its question. */
  if (self->quit_window != NULL)
    {
      question = acies_alert_find (GTK_WIDGET (window));
      if (question == NULL)
        {
          /* It refused to close without asking: the quit ends there. */
          quit_stop (self);
          return;
        }
      self->quit_dialog = question;
      g_object_add_weak_pointer (G_OBJECT (question), (gpointer *) &self->quit_dialog);
      self->quit_response_id = g_signal_connect (question, "response",
                                                 G_CALLBACK (quit_dialog_response_cb), self);
      acies_dialog_present (question, GTK_WIDGET (window));
    }
}

static void
quit_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AciesApplication *self = ACIES_APPLICATION (user_data);

  /* Ctrl+Q again while a question is open: the same quit goes on. */
  if (self->quit_window != NULL)
    {
      if (self->quit_dialog != NULL)
        acies_dialog_present (self->quit_dialog, GTK_WIDGET (self->quit_window));
      return;
    }
  quit_next (self);
}

static void
about_action_cb (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  AciesApplication *self = ACIES_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  const char *developers[] = { _("The Acies developers"), NULL };
  GtkWidget *about;

  about = acies_about_new ("application-name", _("Acies"),
                           "application-icon", APP_ID,
                           "version", PACKAGE_VERSION,
                           "developer-name", _("The Acies developers"),
                           "developers", developers,
                           "copyright", "© 2026 The Acies developers",
                           "license-type", GTK_LICENSE_GPL_3_0,
                           "website", ACIES_WEBSITE,
                           "issue-url", ACIES_ISSUE_URL,
                           "support-url", ACIES_HELP_URI,
                           "comments", _("Design, play and print tactical board wargames of the ancient world."),
                           /* Translators: your name, one per line. */
                           "translator-credits", _("translator-credits"),
                           NULL);
  acies_about_add_acknowledgement_section (about, _("Rule Systems"), (const char **) rulebooks);
  acies_about_add_legal_section (about, _("Rulebooks"), NULL, GTK_LICENSE_CUSTOM,
                                 _("The rule systems are implemented from their "
                                   "rulebooks, which remain the property of their "
                                   "authors and publishers."));
  acies_dialog_present (about, parent ? GTK_WIDGET (parent) : NULL);
}

static void
open_chosen_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(AciesApplication) self = data;
  g_autoptr(GListModel) files = NULL;
  g_autoptr(GError) error = NULL;

  files = acies_file_open_finish (result, &error);
  if (error != NULL)
    acies_application_show_error (self, _("Could Not Open a File"), error->message);
  for (guint i = 0; files != NULL && i < g_list_model_get_n_items (files); i++)
    {
      g_autoptr(GFile) file = g_list_model_get_item (files, i);

      acies_application_open_file (self, file);
    }
  g_application_release (G_APPLICATION (self));
}

static void
open_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AciesApplication *self = ACIES_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) acies_filter = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all_filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (acies_filter, _("Acies Scenarios and Games"));
  gtk_file_filter_add_mime_type (acies_filter, "application/x-acies-scenario");
  gtk_file_filter_add_mime_type (acies_filter, "application/x-acies-game");
  gtk_file_filter_add_suffix (acies_filter, "acies");
  gtk_file_filter_add_suffix (acies_filter, "acies-game");
  gtk_file_filter_set_name (all_filter, _("All Files"));
  gtk_file_filter_add_pattern (all_filter, "*");
  g_list_store_append (filters, acies_filter);
  g_list_store_append (filters, all_filter);

  g_application_hold (G_APPLICATION (self));
  acies_file_open_async (parent, _("Open Scenario"), G_LIST_MODEL (filters), NULL,
                         open_chosen_cb, g_object_ref (self));
}

static void
open_uri_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesApplication *self = ACIES_APPLICATION (user_data);
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  acies_application_open_file (self, file);
}

static void
new_window_action_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (acies_window_new (ACIES_APPLICATION (user_data))));
}

static void
new_scenario_action_cb (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  /* The scenario editor's New Scenario dialog (acies-window.c). */
  acies_window_new_scenario (ACIES_APPLICATION (user_data));
}

static void
play_uri_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AciesApplication *self = ACIES_APPLICATION (user_data);
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;

  scenario = acies_scenario_load_file (file, &error);
  if (scenario == NULL)
    {
      show_open_error (self, file, error);
      return;
    }

  acies_application_new_game (self, gtk_application_get_active_window (GTK_APPLICATION (self)),
                              scenario);
}

/* Resuming an autosave (issue 20.1).  A game that cannot be read, or whose
 * last resume never finished (Acies stopped while replaying or drawing
 * it), is offered for discarding instead of being opened blindly, so a
 * game that crashes Acies does not do it on every start. */

/* A resumed window shown this long has been drawn: its resume ended. */
#define RESUME_SETTLE_SECONDS 3

static gboolean
resume_settled_cb (gpointer data)
{
  acies_play_autosave_end_resume (G_FILE (data));
  return G_SOURCE_REMOVE;
}

static void resume_game (AciesApplication *self,
                         GFile            *file);

static void
resume_response_cb (GtkWidget  *dialog,
                    const char *response,
                    gpointer    user_data)
{
  GFile *file = g_object_get_data (G_OBJECT (dialog), "acies-autosave");
  AciesApplication *self = ACIES_APPLICATION (user_data);

  if (g_str_equal (response, "discard"))
    acies_play_autosave_remove (file);
  else if (g_str_equal (response, "resume"))
    resume_game (self, file);
}

/* Asks whether to discard the autosave @file; @resume adds "Resume". */
static void
offer_discard (AciesApplication *self,
               GFile            *file,
               const char       *heading,
               const char       *body,
               gboolean          resume)
{
  GtkWidget *dialog = acies_alert_new (heading, body);

  acies_alert_add_responses (dialog,
                             "keep", resume ? _("_Cancel") : _("_Keep"),
                             "discard", _("_Discard Game"),
                             NULL);
  acies_alert_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  if (resume)
    {
      acies_alert_add_responses (dialog, "resume", _("_Resume"), NULL);
      acies_alert_set_response_appearance (dialog, "resume", ADW_RESPONSE_SUGGESTED);
    }
  g_object_set (dialog, "default-response", "keep", "close-response", "keep", NULL);
  g_object_set_data_full (G_OBJECT (dialog), "acies-autosave", g_object_ref (file), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (resume_response_cb), self, 0);
  acies_dialog_present (dialog, GTK_WIDGET (acies_application_get_parent_window (self)));
}

static void
resume_game (AciesApplication *self,
             GFile            *file)
{
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(GError) error = NULL;
  AciesGameWindow *window;

  /* One window per game. */
  window = find_game_window (self, file, TRUE);
  if (window != NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      return;
    }

  acies_play_autosave_begin_resume (file);
  game = acies_game_load_file (file, &error);
  if (game == NULL)
    {
      g_autofree char *body = g_strdup_printf (_("%s\n\nDiscard this game in progress, or keep it to try "
                                                 "again with another version of Acies?"), error->message);

      acies_play_autosave_end_resume (file);
      offer_discard (self, file, _("Could Not Resume the Game"), body, FALSE);
      return;
    }

  show_game (self, game, NULL, file);
  g_timeout_add_seconds_full (G_PRIORITY_LOW, RESUME_SETTLE_SECONDS, resume_settled_cb,
                              g_object_ref (file), g_object_unref);
}

static void
resume_game_action_cb (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  AciesApplication *self = ACIES_APPLICATION (user_data);
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  if (find_game_window (self, file, TRUE) == NULL && acies_play_autosave_resume_failed (file))
    {
      offer_discard (self, file, _("Resume the Game Again?"),
                     _("Acies stopped while resuming this game the last time. Resuming it again may stop "
                       "Acies again; discarding it deletes the game in progress."), TRUE);
      return;
    }
  resume_game (self, file);
}

static void
discard_game_action_cb (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  /* With its ".origin" and ".resuming" marks. */
  acies_play_autosave_remove (file);
}

static void
add_recent_action_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  acies_application_add_recent (ACIES_APPLICATION (user_data), file);
}

/* "win.play" on every scenario window: a new game of its scenario. */
static void
window_play_action_cb (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  AciesWindow *window = ACIES_WINDOW (user_data);
  AciesScenario *scenario = acies_window_get_scenario (window);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));

  if (scenario != NULL && app != NULL)
    acies_application_new_game (ACIES_APPLICATION (app), GTK_WINDOW (window), scenario);
}

/* ACIES_BENCH_FIRST_FRAME (tests/bench/launch-bench.sh): print the
 * milliseconds from BENCH_T0_US (CLOCK_MONOTONIC in microseconds, taken
 * by the launcher just before exec) or from the start of main to the first
 * frame the first window painted, then quit. */
static gint64 bench_t0_us;

static gboolean
bench_quit_cb (gpointer data)
{
  g_application_quit (G_APPLICATION (data));
  return G_SOURCE_REMOVE;
}

static void
bench_after_paint_cb (GdkFrameClock *clock,
                      GtkWidget     *window)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));

  g_signal_handlers_disconnect_by_func (clock, bench_after_paint_cb, window);
  g_print ("first-frame %.1f\n", (g_get_monotonic_time () - bench_t0_us) / 1000.0);
  if (app != NULL)
    g_idle_add_full (G_PRIORITY_LOW, bench_quit_cb, g_object_ref (app), g_object_unref);
}

static void
bench_realize_cb (GtkWidget *window)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (window), "after-paint",
                           G_CALLBACK (bench_after_paint_cb), window, 0);
}

static void
bench_window_added_cb (GtkApplication *app,
                       GtkWindow      *window)
{
  g_signal_handlers_disconnect_by_func (app, bench_window_added_cb, NULL);
  g_signal_connect (window, "realize", G_CALLBACK (bench_realize_cb), NULL);
}

/* Dropping files on any window opens them, as the start page and Open do
 * (app.open-uri): a scenario in the editor, a saved game in play, a file
 * already open brought forward.  Other files are named in one dialog. */

static gboolean
is_acies_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && (g_str_has_suffix (name, ".acies") || g_str_has_suffix (name, ".acies-game"));
}

static gboolean
window_drop_cb (GtkDropTarget *target,
                const GValue  *value,
                double         x,
                double         y,
                gpointer       user_data)
{
  AciesApplication *self = ACIES_APPLICATION (user_data);
  g_autoptr(GString) refused = g_string_new (NULL);
  guint n_refused = 0;
  gboolean opened = FALSE;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  for (GSList *l = g_value_get_boxed (value); l != NULL; l = l->next)
    {
      GFile *file = l->data;

      if (is_acies_file (file))
        {
          g_autofree char *uri = g_file_get_uri (file);

          g_action_group_activate_action (G_ACTION_GROUP (self), "open-uri", g_variant_new_string (uri));
          opened = TRUE;
        }
      else
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *display = g_filename_display_name (name != NULL ? name : "?");

          g_string_append_printf (refused, "%s“%s”", n_refused > 0 ? ", " : "", display);
          n_refused++;
        }
    }

  if (n_refused > 0)
    {
      g_autofree char *body = NULL;

      /* Translators: %s is a list of quoted file names. */
      body = g_strdup_printf (ngettext ("Acies opens scenarios (.acies) and saved games (.acies-game); %s is neither.",
                                        "Acies opens scenarios (.acies) and saved games (.acies-game); %s are neither.",
                                        n_refused),
                              refused->str);
      GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));

      acies_application_show_error_on (self, GTK_WINDOW (gtk_widget_get_root (widget)),
                                       ngettext ("Could Not Open the Dropped File",
                                                 "Could Not Open the Dropped Files", n_refused),
                                       body);
    }

  return opened;
}

static void
add_drop_target (AciesApplication *self,
                 GtkWindow        *window)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  /* Bubbling: a widget inside that takes drops of its own (the editor's
   * board takes counters) keeps them. */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (target), GTK_PHASE_BUBBLE);
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (target), "acies-open-dropped-files");
  g_signal_connect_object (target, "drop", G_CALLBACK (window_drop_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (window), GTK_EVENT_CONTROLLER (target));
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  g_autoptr(GSimpleAction) play = NULL;

  if (is_document_window (window))
    add_drop_target (ACIES_APPLICATION (app), window);

  if (!ACIES_IS_WINDOW (window) || g_action_map_lookup_action (G_ACTION_MAP (window), "play") != NULL)
    return;

  play = g_simple_action_new ("play", NULL);
  g_signal_connect_object (play, "activate", G_CALLBACK (window_play_action_cb), window, 0);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (play));
}

/* Help (F1, the main menus): the Mallard pages installed with the
 * application (help/), shown by the desktop's help viewer.  When none can
 * start, a dialog says so and where the pages are. */

static void
help_launched_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(AciesApplication) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    acies_application_show_help_error (self, error);
}

/**
 * acies_application_show_help_error:
 * @self: the application
 * @error: why no help viewer started
 *
 * The fallback of Help: a dialog that says that no help viewer could
 * start, why, and where the help pages are installed.
 */
void
acies_application_show_help_error (AciesApplication *self,
                                   const GError     *error)
{
  g_autofree char *body = NULL;

  g_return_if_fail (ACIES_IS_APPLICATION (self));

  g_debug ("Cannot show %s: %s", ACIES_HELP_URI, error != NULL ? error->message : "?");
  /* Translators: the dialog when Help cannot be shown; %s is the folder of
   * the help pages, %s then the reason the system gave. */
  body = g_strdup_printf (_("No help viewer could be started. Install GNOME Help (Yelp) to read the "
                            "Acies help, whose pages are in %s.\n\n%s"),
                          ACIES_HELPDIR, error != NULL ? error->message : "");
  acies_application_show_error (self, _("Help Is Not Available"), body);
}

/* The help page about what @window shows: a game, the editor, or (the
 * start page) the help's front page. */
static const char *
help_page_for (GtkWindow *window)
{
  if (ACIES_IS_GAME_WINDOW (window))
    return "play-game";
  if (ACIES_IS_WINDOW (window) && acies_window_get_scenario (ACIES_WINDOW (window)) != NULL)
    return "editor";
  return "";
}

/* app.help (F1, the main menus): the page about the active window;
 * app.help-page: the page named. */
static void
help_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  AciesApplication *self = ACIES_APPLICATION (user_data);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  const char *page = parameter != NULL ? g_variant_get_string (parameter, NULL) : help_page_for (window);
  g_autoptr(GAppLaunchContext) context = NULL;
  g_autofree char *uri = NULL;

  uri = page[0] != '\0' ? g_strconcat (ACIES_HELP_URI, "/", page, NULL) : g_strdup (ACIES_HELP_URI);
  if (window != NULL)
    context = G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (window))));
  g_app_info_launch_default_for_uri_async (uri, context, NULL, help_launched_cb, g_object_ref (self));
}

static const GActionEntry app_entries[] = {
  { "help", help_action_cb },
  { "help-page", help_action_cb, "s" },
  { "play-uri", play_uri_action_cb, "s" },
  { "resume-game", resume_game_action_cb, "s" },
  { "discard-game", discard_game_action_cb, "s" },
  { "add-recent", add_recent_action_cb, "s" },
  { "quit", quit_action_cb },
  { "about", about_action_cb },
  { "open", open_action_cb },
  { "open-uri", open_uri_action_cb, "s" },
  { "new-window", new_window_action_cb },
  { "new-scenario", new_scenario_action_cb },
};

/* GApplication. */

static void
acies_application_startup (GApplication *app)
{
  AciesApplication *self = ACIES_APPLICATION (app);
  GSettingsSchemaSource *source;
  g_autoptr(GSettingsSchema) schema = NULL;
  struct {
    const char *action;
    const char *accels[4];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.open", { "<Control>o", NULL } },
    { "app.new-window", { "<Control>n", NULL } },
    { "win.close", { "<Control>w", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "app.help", { "F1", NULL } },
    /* Redo answers both the GNOME (Ctrl+Shift+Z) and the Windows (Ctrl+Y) key. */
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.zoom-in", { "<Control>plus", "<Control>equal", "<Control>KP_Add", NULL } },
    { "win.zoom-out", { "<Control>minus", "<Control>KP_Subtract", NULL } },
    { "win.zoom-reset", { "<Control>0", "<Control>KP_0", NULL } },
    /* Ctrl+P is win.print (acies-window.ui); Play is F5, as "run" elsewhere. */
    { "win.play", { "F5", "<Control><Shift>p", NULL } },
  };
  GAction *new_scenario;

  G_APPLICATION_CLASS (acies_application_parent_class)->startup (app);
  acies_accessible_fix_mnemonic_names ();

  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   app_entries, G_N_ELEMENTS (app_entries),
                                   self);
  new_scenario = g_action_map_lookup_action (G_ACTION_MAP (self), "new-scenario");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (new_scenario), TRUE);

  g_signal_connect (self, "window-added", G_CALLBACK (window_added_cb), NULL);
  if (g_getenv ("ACIES_BENCH_FIRST_FRAME") != NULL)
    {
      const char *t0 = g_getenv ("BENCH_T0_US");

      bench_t0_us = t0 != NULL ? g_ascii_strtoll (t0, NULL, 10) : g_get_monotonic_time ();
      g_signal_connect (self, "window-added", G_CALLBACK (bench_window_added_cb), NULL);
    }

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                           accels[i].action, accels[i].accels);

  /* Running uninstalled without GSETTINGS_SCHEMA_DIR: no saved state. */
  source = g_settings_schema_source_get_default ();
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema != NULL)
    self->settings = g_settings_new (APP_ID);
  else
    g_debug ("GSettings schema %s is not installed; window state is not kept", APP_ID);
}

static void
acies_application_activate (GApplication *app)
{
  AciesApplication *self = ACIES_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (acies_window_new (self));

  gtk_window_present (window);
}

static void
acies_application_open (GApplication  *app,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  AciesApplication *self = ACIES_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    acies_application_open_file (self, files[i]);
}

static void
acies_application_dispose (GObject *object)
{
  AciesApplication *self = ACIES_APPLICATION (object);

  quit_stop (self);
  preload_clear (self);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (acies_application_parent_class)->dispose (object);
}

static void
acies_application_class_init (AciesApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  acies_gui_ensure_resources ();

  object_class->dispose = acies_application_dispose;

  app_class->startup = acies_application_startup;
  app_class->activate = acies_application_activate;
  app_class->open = acies_application_open;
  app_class->local_command_line = acies_application_local_command_line;
  app_class->handle_local_options = acies_application_handle_local_options;
}

static const GOptionEntry option_entries[] = {
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and exit"), NULL },
  { "new-window", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Open a new window"), NULL },
  { NULL }
};

static void
acies_application_init (AciesApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Design, play and print tactical board wargames of the ancient world."));
}

/**
 * acies_application_new:
 *
 * Returns: (transfer full): the application, with the id APP_ID, opening
 *   the files given on the command line
 */
AciesApplication *
acies_application_new (void)
{
  return g_object_new (ACIES_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}

/**
 * acies_application_get_settings:
 * @self: the application
 *
 * Returns: (transfer none) (nullable): the application's settings, or
 *   %NULL when the schema is not installed (running uninstalled)
 */
GSettings *
acies_application_get_settings (AciesApplication *self)
{
  g_return_val_if_fail (ACIES_IS_APPLICATION (self), NULL);

  return self->settings;
}
