/* test-desktop.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-ui"

#include "config.h"

#include <stdio.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <adwaita.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"

#include "acies-application.h"
#include "acies-compat.h"
#include "acies-dialogs.h"
#include "acies-editor.h"
#include "acies-window.h"
#include "play/acies-game-window.h"
#include "acies-test-widgets.h"

/*
 * The GNOME conveniences of issue 19: files dropped on any window open
 * as the start page opens them; recent files reach GtkRecentManager; Help
 * (F1, the menus) falls back to a dialog when no viewer can start; logout
 * is inhibited while a scenario has unsaved changes (checked against a
 * session manager this test runs on the session bus); About has the issue
 * URL; the editor's shortcuts window lists every key the window handles;
 * its side panel shows all its pages; the desktop file's New Window
 * action is an option the application takes.  Driven through actions and
 * the window's own controllers, as a user's input reaches them.
 */

#define WAIT_TIMEOUT_MS 10000

static AciesApplication *app;
static char *tmpdir;

static gboolean
wait_until (AciesTestCondition cond,
            gpointer           data)
{
  return acies_test_wait_until (cond, data, WAIT_TIMEOUT_MS);
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

static char *
sample_path (const char *name)
{
  return g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "samples", name, NULL);
}

/* A copy of a sample in the test's folder (a file of the user's). */
static GFile *
copy_sample (const char *name)
{
  g_autofree char *source = sample_path (name);
  g_autofree char *target = g_build_filename (tmpdir, name, NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (target, contents, length, NULL));
  return g_file_new_for_path (target);
}

/* A saved game of the Lost Battles sample, a few random actions in. */
static GFile *
saved_game (const char *name)
{
  g_autofree char *source = sample_path ("lost-battles-sample.acies");
  g_autofree char *target = g_build_filename (tmpdir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (source, &error);
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(AciesGame) game = NULL;
  GFile *file = g_file_new_for_path (target);

  g_assert_no_error (error);
  ruleset = acies_ruleset_lookup (scenario->ruleset, &error);
  g_assert_no_error (error);
  game = acies_game_new (scenario, ruleset, 7, ACIES_DICE_MODE_SEEDED, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
      if (legal->len == 0)
        break;
      acies_game_apply (game, &g_array_index (legal, AciesAction, 0), &error);
      g_assert_no_error (error);
    }
  acies_game_save_file (game, file, &error);
  g_assert_no_error (error);
  return file;
}

/* The alert on show (acies-compat.c's: AdwAlertDialog or AdwMessageDialog). */
static GtkWidget *
find_message_dialog (void)
{
  return acies_alert_find (NULL);
}

static gboolean
message_dialog_shown (gpointer data)
{
  GtkWidget *dialog = find_message_dialog ();

  *(GtkWidget **) data = dialog;
  return dialog != NULL;
}

static AciesWindow *
present_new_window (void)
{
  AciesWindow *window = acies_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

/* The controller that opens dropped files on @window. */
static GtkDropTarget *
find_drop_target (GtkWidget *window)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (window);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller)
          && g_strcmp0 (gtk_event_controller_get_name (controller), "acies-open-dropped-files") == 0)
        return GTK_DROP_TARGET (controller);
    }
  return NULL;
}

/* Drops @files on @window's drop target, as a file manager's drag ends. */
static gboolean
drop_files (GtkWidget *window,
            GFile     *first,
            ...)
{
  GtkDropTarget *target = find_drop_target (window);
  g_auto(GValue) value = G_VALUE_INIT;
  GSList *list = NULL;
  gboolean accepted = FALSE;
  va_list args;

  g_assert_nonnull (target);
  va_start (args, first);
  for (GFile *file = first; file != NULL; file = va_arg (args, GFile *))
    list = g_slist_append (list, g_object_ref (file));
  va_end (args);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, list);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  return accepted;
}

static guint
count_windows (GType type)
{
  guint n = 0;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type))
      n++;
  return n;
}

/* Dropping a scenario and a saved game on a window opens both (the
 * scenario in the empty window, the game in a game window); dropping them
 * again presents the windows already showing them; a file that is
 * neither is named in one dialog. */
static void
test_drop_files (void)
{
  g_autoptr(GFile) scenario = copy_sample ("grass-crown-sample.acies");
  g_autoptr(GFile) game = saved_game ("dropped.acies-game");
  g_autofree char *text_path = g_build_filename (tmpdir, "notes.txt", NULL);
  g_autoptr(GFile) text = g_file_new_for_path (text_path);
  GtkWidget *dialog = NULL;
  AciesWindow *window;

  destroy_all_windows ();
  g_assert_true (g_file_set_contents (text_path, "not a battle", -1, NULL));
  window = present_new_window ();

  g_assert_true (drop_files (GTK_WIDGET (window), scenario, game, NULL));
  acies_test_spin (50);
  g_assert_true (acies_application_find_window (app, scenario) == window);
  g_assert_cmpuint (count_windows (ACIES_TYPE_GAME_WINDOW), ==, 1);
  g_assert_null (find_message_dialog ());

  /* Again, on the game window this time: nothing opens twice. */
  {
    GtkWidget *game_window = NULL;

    for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
      if (ACIES_IS_GAME_WINDOW (l->data))
        game_window = l->data;
    g_assert_nonnull (find_drop_target (game_window));
    g_assert_true (drop_files (game_window, scenario, game, NULL));
  }
  acies_test_spin (50);
  g_assert_cmpuint (count_windows (ACIES_TYPE_WINDOW), ==, 1);
  g_assert_cmpuint (count_windows (ACIES_TYPE_GAME_WINDOW), ==, 1);

  /* Not a scenario: refused, and said so. */
  g_assert_false (drop_files (GTK_WIDGET (window), text, NULL));
  g_assert_true (wait_until (message_dialog_shown, &dialog));
  g_assert_nonnull (strstr (acies_alert_get_body (dialog), "notes.txt"));

  destroy_all_windows ();
  g_unlink (text_path);
}

/* What is opened goes to the desktop's recent files too, with its type. */
static void
test_recent_manager (void)
{
  g_autoptr(GFile) scenario = copy_sample ("lost-battles-sample.acies");
  g_autofree char *uri = g_file_get_uri (scenario);
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  g_autoptr(GtkRecentInfo) info = NULL;

  destroy_all_windows ();
  gtk_recent_manager_remove_item (manager, uri, NULL);
  g_assert_nonnull (acies_application_open_file (app, scenario));
  g_assert_true (gtk_recent_manager_has_item (manager, uri));
  info = gtk_recent_manager_lookup_item (manager, uri, NULL);
  g_assert_nonnull (info);
  g_assert_cmpstr (gtk_recent_info_get_mime_type (info), ==, "application/x-acies-scenario");
  destroy_all_windows ();
}

/* Help with no help viewer: a dialog says so and where the pages are. */
static void
test_help_fallback (void)
{
  g_autoptr(GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");
  GtkWidget *dialog = NULL;
  AciesWindow *window;

  if (viewer != NULL)
    {
      g_test_skip ("a help viewer is installed: it would open");
      return;
    }
  /* In a Flatpak sandbox Help goes through the OpenURI portal, which a real
   * session always has; without it (the build sandbox), GLib 2.84 aborts
   * in gopenuriportal.c when the call fails. */
  if (g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("in a Flatpak sandbox, Help goes through the OpenURI portal");
      return;
    }

  destroy_all_windows ();
  window = present_new_window ();
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "help"));
  g_assert_cmpstr (gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.help")[0], ==, "F1");
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  g_assert_true (wait_until (message_dialog_shown, &dialog));
  g_assert_cmpstr (acies_alert_get_heading (dialog), ==, "Help Is Not Available");
  g_assert_nonnull (strstr (acies_alert_get_body (dialog), ACIES_HELPDIR));
  g_assert_true (acies_alert_find (GTK_WIDGET (window)) == dialog);
  acies_dialog_close (dialog);

  /* A page of the help: the same fallback. */
  dialog = NULL;
  g_action_group_activate_action (G_ACTION_GROUP (app), "help-page", g_variant_new_string ("rules-grass-crown"));
  g_assert_true (wait_until (message_dialog_shown, &dialog));
  destroy_all_windows ();
}

/* A help viewer of the test's own (x-scheme-handler/help in the test's
 * XDG_DATA_HOME) that writes down each URI it is started with. */
static char *help_record;

static gboolean
help_viewer_found (gpointer data)
{
  g_autoptr(GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");

  return viewer != NULL && g_strcmp0 (g_app_info_get_id (viewer), "acies-test-help.desktop") == 0;
}

typedef struct
{
  guint  n_lines;
  char  *last;
} HelpRecord;

static gboolean
help_recorded (gpointer data)
{
  HelpRecord *record = data;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (help_record, &contents, NULL, NULL))
    return FALSE;
  lines = g_strsplit (g_strchomp (contents), "\n", -1);
  if (g_strv_length (lines) < record->n_lines)
    return FALSE;
  g_free (record->last);
  record->last = g_strdup (lines[record->n_lines - 1]);
  return TRUE;
}

/* F1 opens the page about what the window shows: the editor's page, the
 * game's, the front page from the start page; app.help-page opens the page
 * named (a rule system's quick reference). */
static void
test_help_page_per_window (void)
{
  g_autoptr(GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");
  g_autoptr(GFile) scenario = copy_sample ("grass-crown-sample.acies");
  g_autoptr(GFile) game = saved_game ("help.acies-game");
  g_autofree char *apps = g_build_filename (tmpdir, "applications", NULL);
  g_autofree char *script = g_build_filename (tmpdir, "record-help", NULL);
  g_autofree char *desktop = g_build_filename (apps, "acies-test-help.desktop", NULL);
  g_autofree char *cache = g_build_filename (apps, "mimeinfo.cache", NULL);
  g_autofree char *script_text = NULL;
  g_autofree char *desktop_text = NULL;
  HelpRecord record = { 0, NULL };
  const char *expected[] = { "help:acies/editor", "help:acies/play-game", "help:acies", "help:acies/rules-cca" };

  if (viewer != NULL)
    {
      g_test_skip ("a help viewer is installed: the test would start it");
      return;
    }

  destroy_all_windows ();
  help_record = g_build_filename (tmpdir, "help-uris", NULL);
  script_text = g_strdup_printf ("#!/bin/sh\necho \"$1\" >> '%s'\n", help_record);
  g_assert_true (g_file_set_contents (script, script_text, -1, NULL));
  g_assert_cmpint (g_chmod (script, 0755), ==, 0);
  desktop_text = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Test Help\nExec=%s %%u\n"
                                  "MimeType=x-scheme-handler/help;\nNoDisplay=true\n", script);
  g_assert_true (g_file_set_contents (desktop, desktop_text, -1, NULL));
  /* GIO finds handlers of a type in the folder's index, as
   * update-desktop-database writes it. */
  g_assert_true (g_file_set_contents (cache, "[MIME Cache]\nx-scheme-handler/help=acies-test-help.desktop;\n", -1, NULL));
  g_assert_true (wait_until (help_viewer_found, NULL));

  /* The editor. */
  g_assert_nonnull (acies_application_open_file (app, scenario));
  g_assert_cmpstr (gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.help")[0], ==, "F1");
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  record.n_lines = 1;
  g_assert_true (wait_until (help_recorded, &record));
  g_assert_cmpstr (record.last, ==, expected[0]);

  /* A game. */
  g_assert_nonnull (acies_application_open_game (app, game, NULL));
  g_assert_true (ACIES_IS_GAME_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app))));
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  record.n_lines = 2;
  g_assert_true (wait_until (help_recorded, &record));
  g_assert_cmpstr (record.last, ==, expected[1]);

  /* The start page. */
  present_new_window ();
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  record.n_lines = 3;
  g_assert_true (wait_until (help_recorded, &record));
  g_assert_cmpstr (record.last, ==, expected[2]);

  /* A page by name. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "help-page", g_variant_new_string ("rules-cca"));
  record.n_lines = 4;
  g_assert_true (wait_until (help_recorded, &record));
  g_assert_cmpstr (record.last, ==, expected[3]);
  g_assert_null (find_message_dialog ());

  g_unlink (cache);
  g_unlink (desktop);
  g_free (record.last);
  g_clear_pointer (&help_record, g_free);
  destroy_all_windows ();
}

/* A session manager on the session bus (org.gnome.SessionManager), in a
 * thread of its own so that GTK's synchronous calls find it answering:
 * it records what is inhibited. */

static const char session_manager_xml[] =
  "<node>"
  "  <interface name='org.gnome.SessionManager'>"
  "    <method name='Inhibit'>"
  "      <arg type='s' name='app_id' direction='in'/>"
  "      <arg type='u' name='toplevel_xid' direction='in'/>"
  "      <arg type='s' name='reason' direction='in'/>"
  "      <arg type='u' name='flags' direction='in'/>"
  "      <arg type='u' name='cookie' direction='out'/>"
  "    </method>"
  "    <method name='Uninhibit'>"
  "      <arg type='u' name='cookie' direction='in'/>"
  "    </method>"
  "    <method name='IsInhibited'>"
  "      <arg type='u' name='flags' direction='in'/>"
  "      <arg type='b' name='is_inhibited' direction='out'/>"
  "    </method>"
  "  </interface>"
  "</node>";

typedef struct
{
  GMutex        lock;
  GCond         cond;
  gboolean      ready;
  gboolean      owned;
  GHashTable   *inhibitors;   /* cookie -> flags */
  guint         next_cookie;
  char         *last_reason;
} SessionManager;

static SessionManager session_manager;

static void
session_manager_method_cb (GDBusConnection       *connection,
                           const char            *sender,
                           const char            *object_path,
                           const char            *interface_name,
                           const char            *method_name,
                           GVariant              *parameters,
                           GDBusMethodInvocation *invocation,
                           gpointer               user_data)
{
  SessionManager *sm = user_data;

  g_mutex_lock (&sm->lock);
  if (g_str_equal (method_name, "Inhibit"))
    {
      const char *app_id, *reason;
      guint32 xid, flags, cookie = ++sm->next_cookie;

      g_variant_get (parameters, "(&su&su)", &app_id, &xid, &reason, &flags);
      g_hash_table_insert (sm->inhibitors, GUINT_TO_POINTER (cookie), GUINT_TO_POINTER (flags));
      g_free (sm->last_reason);
      sm->last_reason = g_strdup (reason);
      g_dbus_method_invocation_return_value (invocation, g_variant_new ("(u)", cookie));
    }
  else if (g_str_equal (method_name, "Uninhibit"))
    {
      guint32 cookie;

      g_variant_get (parameters, "(u)", &cookie);
      g_hash_table_remove (sm->inhibitors, GUINT_TO_POINTER (cookie));
      g_dbus_method_invocation_return_value (invocation, NULL);
    }
  else
    g_dbus_method_invocation_return_value (invocation,
                                           g_variant_new ("(b)", g_hash_table_size (sm->inhibitors) > 0));
  g_mutex_unlock (&sm->lock);
}

static gpointer
session_manager_thread (gpointer data)
{
  SessionManager *sm = data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (context, FALSE);
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GDBusNodeInfo) node = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autofree char *address = NULL;
  const GDBusInterfaceVTable vtable = { session_manager_method_cb, NULL, NULL, { 0 } };
  guint32 result = 0;

  g_main_context_push_thread_default (context);
  address = g_dbus_address_get_for_bus_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  if (address != NULL)
    bus = g_dbus_connection_new_for_address_sync (address,
                                                  G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
                                                  | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                  NULL, NULL, NULL);
  if (bus != NULL)
    {
      node = g_dbus_node_info_new_for_xml (session_manager_xml, NULL);
      g_dbus_connection_register_object (bus, "/org/gnome/SessionManager", node->interfaces[0],
                                         &vtable, sm, NULL, NULL);
      /* DBUS_NAME_FLAG_DO_NOT_QUEUE; 1 = became the primary owner. */
      reply = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                           "org.freedesktop.DBus", "RequestName",
                                           g_variant_new ("(su)", "org.gnome.SessionManager", 4),
                                           G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL);
      if (reply != NULL)
        g_variant_get (reply, "(u)", &result);
    }

  g_mutex_lock (&sm->lock);
  sm->owned = result == 1;
  sm->ready = TRUE;
  g_cond_signal (&sm->cond);
  g_mutex_unlock (&sm->lock);

  if (sm->owned)
    g_main_loop_run (loop);  /* until the process ends */
  g_main_context_pop_thread_default (context);
  return NULL;
}

static void
session_manager_start (void)
{
  g_mutex_init (&session_manager.lock);
  g_cond_init (&session_manager.cond);
  session_manager.inhibitors = g_hash_table_new (NULL, NULL);
  g_thread_unref (g_thread_new ("fake-session-manager", session_manager_thread, &session_manager));
  g_mutex_lock (&session_manager.lock);
  while (!session_manager.ready)
    g_cond_wait (&session_manager.cond, &session_manager.lock);
  g_mutex_unlock (&session_manager.lock);
}

static guint
logout_inhibitors (void)
{
  GHashTableIter iter;
  gpointer flags;
  guint n = 0;

  g_mutex_lock (&session_manager.lock);
  g_hash_table_iter_init (&iter, session_manager.inhibitors);
  while (g_hash_table_iter_next (&iter, NULL, &flags))
    if (GPOINTER_TO_UINT (flags) & GTK_APPLICATION_INHIBIT_LOGOUT)
      n++;
  g_mutex_unlock (&session_manager.lock);
  return n;
}

static void change_cell (AciesEditorDocument *doc,
                         AciesCell            cell);

/* GTK lifts an inhibitor without waiting for the answer. */
static gboolean
no_logout_inhibitors (gpointer data)
{
  return logout_inhibitors () == 0;
}

/* Unsaved changes inhibit logout, with a reason; saving, or closing the
 * window without saving, lifts it. */
static void
test_inhibit_logout (void)
{
  g_autoptr(GFile) scenario = copy_sample ("grass-crown-sample.acies");
  g_autofree char *saved = g_build_filename (tmpdir, "inhibit-saved.acies", NULL);
  AciesWindow *window;
  AciesEditorDocument *doc;

  if (!session_manager.owned)
    {
      g_test_skip ("org.gnome.SessionManager is already on this bus");
      return;
    }
  /* In a Flatpak sandbox GTK asks the Inhibit portal, not the session
   * manager this test stands in for. */
  if (g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("inside a Flatpak sandbox, inhibiting goes through the portal");
      return;
    }

  destroy_all_windows ();
  window = acies_application_open_file (app, scenario);
  g_assert_nonnull (window);
  doc = acies_window_get_document (window);
  g_assert_cmpuint (logout_inhibitors (), ==, 0);

  change_cell (doc, 0);
  g_assert_true (acies_editor_document_get_dirty (doc));
  g_assert_cmpuint (logout_inhibitors (), ==, 1);
  g_mutex_lock (&session_manager.lock);
  g_assert_cmpstr (session_manager.last_reason, ==, "A scenario has unsaved changes");
  g_mutex_unlock (&session_manager.lock);

  /* Another edit keeps the one inhibitor. */
  change_cell (doc, 1);
  g_assert_cmpuint (logout_inhibitors (), ==, 1);

  /* Saved: logging out loses nothing. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "save-to", g_variant_new_string (saved));
  g_assert_false (acies_editor_document_get_dirty (doc));
  g_assert_true (wait_until (no_logout_inhibitors, NULL));

  /* Changed again, then the window goes without saving. */
  change_cell (doc, 2);
  g_assert_cmpuint (logout_inhibitors (), ==, 1);
  destroy_all_windows ();
  g_assert_true (wait_until (no_logout_inhibitors, NULL));
  g_unlink (saved);
}

/* Paints @cell with a terrain other than its own: one undoable edit. */
static void
change_cell (AciesEditorDocument *doc,
             AciesCell            cell)
{
  AciesScenario *scenario = acies_editor_document_get_scenario (doc);
  const char *terrain = g_strcmp0 (scenario->map.terrain[cell], "broken") == 0 ? "clear" : "broken";

  g_assert_cmpuint (acies_editor_document_paint_terrain (doc, &cell, 1, terrain, FALSE), ==, 1);
}

static gboolean
about_shown (gpointer data)
{
  GtkWidget *about = acies_dialog_find (ACIES_TYPE_ABOUT, NULL);

  *(GtkWidget **) data = about;
  return about != NULL;
}

static void
test_about_issue_url (void)
{
  GtkWidget *about = NULL;
  g_autofree char *issue_url = NULL;

  destroy_all_windows ();
  present_new_window ();
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  g_assert_true (wait_until (about_shown, &about));
  g_object_get (about, "issue-url", &issue_url, NULL);
  g_assert_cmpstr (issue_url, ==, ACIES_ISSUE_URL);
  g_assert_true (g_str_has_prefix (issue_url, "https://"));
  destroy_all_windows ();
}

/* Keys: what a window handles, and what its shortcuts window lists. */

typedef struct
{
  guint           keyval;
  GdkModifierType mods;
} Key;

/* The main-keyboard key for a keypad key (both are handled; one is listed). */
static Key
normalize (guint           keyval,
           GdkModifierType mods)
{
  static const struct { guint from, to; } keypad[] = {
    { GDK_KEY_KP_Up, GDK_KEY_Up }, { GDK_KEY_KP_Down, GDK_KEY_Down },
    { GDK_KEY_KP_Left, GDK_KEY_Left }, { GDK_KEY_KP_Right, GDK_KEY_Right },
    { GDK_KEY_KP_Enter, GDK_KEY_Return }, { GDK_KEY_KP_Space, GDK_KEY_space },
    { GDK_KEY_KP_Add, GDK_KEY_plus }, { GDK_KEY_KP_Subtract, GDK_KEY_minus },
    { GDK_KEY_KP_0, GDK_KEY_0 },
  };
  Key key = { gdk_keyval_to_lower (keyval), mods & gtk_accelerator_get_default_mod_mask () };

  for (guint i = 0; i < G_N_ELEMENTS (keypad); i++)
    if (key.keyval == keypad[i].from)
      key.keyval = keypad[i].to;
  return key;
}

static void
add_key (GArray          *keys,
         guint            keyval,
         GdkModifierType  mods)
{
  Key key = normalize (keyval, mods);

  for (guint i = 0; i < keys->len; i++)
    if (g_array_index (keys, Key, i).keyval == key.keyval && g_array_index (keys, Key, i).mods == key.mods)
      return;
  g_array_append_val (keys, key);
}

static void
add_accelerators (GArray     *keys,
                  const char *accelerators)
{
  g_auto(GStrv) parts = g_strsplit (accelerators, " ", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint keyval = 0;
      GdkModifierType mods = 0;

      if (parts[i][0] == '\0' || !gtk_accelerator_parse (parts[i], &keyval, &mods))
        continue;
      add_key (keys, keyval, mods);
    }
}

static void
add_trigger (GArray             *keys,
             GtkShortcutTrigger *trigger)
{
  if (GTK_IS_KEYVAL_TRIGGER (trigger))
    add_key (keys, gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)),
             gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)));
  else if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    {
      add_trigger (keys, gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)));
      add_trigger (keys, gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)));
    }
}

/* The keys of @widget's shortcut controllers; with @class_keys FALSE,
 * not those its class (GtkWindow's own bindings) installs. */
static void
add_controller_keys (GArray    *keys,
                     GtkWidget *widget,
                     gboolean   class_keys)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      gboolean is_class = g_strcmp0 (gtk_event_controller_get_name (controller), "gtk-widget-class-shortcuts") == 0;

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) || is_class != class_keys)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          add_trigger (keys, gtk_shortcut_get_trigger (shortcut));
        }
    }
}

static gboolean
window_can_activate (GtkWindow  *window,
                     const char *detailed)
{
  g_autofree char *name = NULL;
  g_autoptr(GVariant) target = NULL;

  if (!g_action_parse_detailed_name (detailed, &name, &target, NULL))
    return FALSE;
  if (g_str_has_prefix (name, "app."))
    return g_action_group_has_action (G_ACTION_GROUP (app), name + 4);
  if (g_str_has_prefix (name, "win."))
    return g_action_group_has_action (G_ACTION_GROUP (window), name + 4);
  return FALSE;
}

static void
collect_listed (GtkWidget *widget,
                GArray    *keys)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accelerator = NULL;
      g_autofree char *action = NULL;

      g_object_get (widget, "accelerator", &accelerator, "action-name", &action, NULL);
      if (accelerator != NULL)
        add_accelerators (keys, accelerator);
      if (action != NULL)
        {
          g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), action);

          for (guint i = 0; accels[i] != NULL; i++)
            add_accelerators (keys, accels[i]);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_listed (child, keys);
}

/* Every key the scenario window handles — the application's accelerators
 * for its actions, the window's shortcuts, the editor's tool keys and the
 * board's — is in its shortcuts window (Ctrl+?). */
static void
test_shortcuts_list_every_key (void)
{
  g_autoptr(GFile) scenario = copy_sample ("grass-crown-sample.acies");
  g_autoptr(GArray) handled = g_array_new (FALSE, FALSE, sizeof (Key));
  g_autoptr(GArray) listed = g_array_new (FALSE, FALSE, sizeof (Key));
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  AciesWindow *window;
  GtkWidget *overlay;
  AciesEditor *editor;
  guint missing = 0;

  destroy_all_windows ();
  window = acies_application_open_file (app, scenario);
  g_assert_nonnull (window);
  editor = acies_window_get_editor (window);

  for (guint i = 0; actions[i] != NULL; i++)
    if (window_can_activate (GTK_WINDOW (window), actions[i]))
      {
        g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), actions[i]);

        for (guint j = 0; accels[j] != NULL; j++)
          add_accelerators (handled, accels[j]);
      }
  add_controller_keys (handled, GTK_WIDGET (window), FALSE);
  /* libadwaita's own developer key on every window, like GTK's inspector:
   * Ctrl+Shift+M toggles the adaptive preview. */
  if (acies_compat_has_adaptive_preview ())
    {
      Key preview = normalize (GDK_KEY_M, GDK_CONTROL_MASK | GDK_SHIFT_MASK);

      for (guint i = handled->len; i > 0; i--)
        if (g_array_index (handled, Key, i - 1).keyval == preview.keyval
            && g_array_index (handled, Key, i - 1).mods == preview.mods)
          g_array_remove_index (handled, i - 1);
    }
  add_controller_keys (handled, GTK_WIDGET (editor), TRUE);
  add_controller_keys (handled, GTK_WIDGET (acies_window_get_board_view (window)), TRUE);
  /* Save, Save As, Undo, Redo, nine tools, turn, delete, the board's keys. */
  g_assert_cmpuint (handled->len, >=, 20);

  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  overlay = acies_shortcuts_find (GTK_WIDGET (window));
  g_assert_nonnull (overlay);
  collect_listed (GTK_WIDGET (overlay), listed);

  for (guint i = 0; i < handled->len; i++)
    {
      const Key *key = &g_array_index (handled, Key, i);
      gboolean found = FALSE;

      for (guint j = 0; j < listed->len && !found; j++)
        found = g_array_index (listed, Key, j).keyval == key->keyval && g_array_index (listed, Key, j).mods == key->mods;
      if (!found)
        {
          g_autofree char *name = gtk_accelerator_name (key->keyval, key->mods);

          g_test_message ("handled but not in acies-shortcuts.ui: %s", name);
          missing++;
        }
    }
  g_assert_cmpuint (missing, ==, 0);
  destroy_all_windows ();
}

/* The side panel's seven pages are all on show, within the panel, and
 * editor.show-page switches between them. */
static void
test_side_panel_pages (void)
{
  g_autoptr(GFile) scenario = copy_sample ("grass-crown-sample.acies");
  const char *pages[] = { "army", "inspector", "sides", "rules", "scenario", "tables", "problems" };
  AciesWindow *window;
  AciesEditor *editor;
  GtkWidget *switcher, *stack;
  guint n_buttons = 0;
  graphene_rect_t bounds, panel;

  destroy_all_windows ();
  window = acies_application_open_file (app, scenario);
  g_assert_nonnull (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  editor = acies_window_get_editor (window);
  switcher = acies_test_find_type (GTK_WIDGET (editor), GTK_TYPE_STACK_SWITCHER);
  g_assert_nonnull (switcher);
  stack = GTK_WIDGET (gtk_stack_switcher_get_stack (GTK_STACK_SWITCHER (switcher)));
  /* The side panel as it shows: its scrolled window (which never scrolls). */
  g_assert_true (gtk_widget_compute_bounds (gtk_widget_get_ancestor (switcher, GTK_TYPE_SCROLLED_WINDOW),
                                            GTK_WIDGET (window), &panel));

  for (GtkWidget *button = gtk_widget_get_first_child (switcher); button != NULL;
       button = gtk_widget_get_next_sibling (button))
    {
      g_assert_true (gtk_widget_get_visible (button));
      g_assert_nonnull (gtk_widget_get_tooltip_text (button));
      /* Inside the panel: nothing scrolled out of sight. */
      g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (window), &bounds));
      g_assert_cmpfloat (bounds.origin.x, >=, panel.origin.x);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, panel.origin.x + panel.size.width);
      n_buttons++;
    }
  g_assert_cmpuint (n_buttons, ==, G_N_ELEMENTS (pages));

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (editor), "editor.show-page",
                                                       g_variant_new_string (pages[i])));
      g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, pages[i]);
      /* The page is built when first shown. */
      g_assert_nonnull (gtk_widget_get_first_child (gtk_stack_get_visible_child (GTK_STACK (stack))));
    }
  destroy_all_windows ();
}

/* The desktop file's New Window action runs an option the application
 * takes, and app.new-window opens a window. */
static void
test_new_window_action (void)
{
  g_autofree char *desktop = g_build_filename (ACIES_SOURCE_DIR, "data", "desktop", APP_ID ".desktop.in", NULL);
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) actions = NULL;
  g_autofree char *exec = NULL;
  g_autofree char *help = NULL;
  const char *argv[] = { ACIES_GUI, "--help", NULL };
  guint before;

  g_key_file_load_from_file (keys, desktop, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  actions = g_key_file_get_string_list (keys, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_ACTIONS, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_strv_contains ((const char * const *) actions, "new-window"));
  exec = g_key_file_get_string (keys, "Desktop Action new-window", G_KEY_FILE_DESKTOP_KEY_EXEC, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (exec, ==, "acies --new-window");

  /* The options in --help (the man-pages test checks them too); not in
   * the Flatpak build sandbox, where the built program is not run. */
  if (!g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    {
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &help, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (strstr (help, "--new-window"));
      g_assert_nonnull (strstr (help, "--version"));
    }

  destroy_all_windows ();
  before = count_windows (ACIES_TYPE_WINDOW);
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-window", NULL);
  g_assert_cmpuint (count_windows (ACIES_TYPE_WINDOW), ==, before + 1);
  destroy_all_windows ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      printf ("1..0 # SKIP no display\n");
      return 0;  /* TAP: the "1..0 # SKIP" plan is the skip */
    }
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      printf ("1..0 # SKIP no session bus (run under dbus-run-session)\n");
      return 0;
    }

  /* The user's files (recent files, autosaves) in a folder of the test's. */
  tmpdir = g_dir_make_tmp ("acies-test-desktop-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  /* Where help-page-per-window puts its help viewer (watched from the start). */
  {
    g_autofree char *apps = g_build_filename (tmpdir, "applications", NULL);

    g_assert_cmpint (g_mkdir_with_parents (apps, 0700), ==, 0);
  }
  g_setenv ("GSETTINGS_SCHEMA_DIR", ACIES_SCHEMA_DIR, TRUE);
  if (g_getenv ("GSETTINGS_BACKEND") == NULL)
    g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  /* Before GTK connects to the session manager at startup. */
  session_manager_start ();

  gtk_test_init (&argc, &argv, NULL);

  app = acies_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/acies/ui/desktop/drop-files", test_drop_files);
  g_test_add_func ("/acies/ui/desktop/recent-manager", test_recent_manager);
  g_test_add_func ("/acies/ui/desktop/help-fallback", test_help_fallback);
  g_test_add_func ("/acies/ui/desktop/help-page-per-window", test_help_page_per_window);
  g_test_add_func ("/acies/ui/desktop/inhibit-logout", test_inhibit_logout);
  g_test_add_func ("/acies/ui/desktop/about-issue-url", test_about_issue_url);
  g_test_add_func ("/acies/ui/desktop/shortcuts-list-every-key", test_shortcuts_list_every_key);
  g_test_add_func ("/acies/ui/desktop/side-panel-pages", test_side_panel_pages);
  g_test_add_func ("/acies/ui/desktop/new-window-action", test_new_window_action);

  status = g_test_run ();

  destroy_all_windows ();
  g_clear_object (&app);
  return status;
}
