/* test-resume.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A resume that fails offers to discard the autosave instead of failing
 * again (issue 20.1): an autosave that cannot be read, and one whose last
 * resume never finished (Acies stopped while replaying or drawing it: the
 * ".resuming" mark is still there), each bring a dialog whose "Discard
 * Game" deletes it.  A resume that works clears its mark once the window
 * has been shown.  Runs in the ui suite (a display and a session bus).
 */

#define G_LOG_DOMAIN "test-reliability"

#include "config.h"

#include <stdio.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "acies-application.h"
#include "acies-compat.h"
#include "acies-dialogs.h"
#include "play/acies-game-window.h"
#include "play/acies-play-autosave.h"
#include "acies-test-widgets.h"

static AciesApplication *app;

static GFile *
install_autosave (const char *fixture,
                  const char *name)
{
  g_autofree char *source = g_build_filename (TEST_SRCDIR, "reliability", "fixtures", fixture, NULL);
  g_autoptr(GFile) dir = acies_play_autosave_dir ();
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  GFile *file;

  g_assert_true (g_file_get_contents (source, &contents, &length, &error));
  g_assert_no_error (error);
  g_file_make_directory_with_parents (dir, NULL, NULL);
  file = g_file_get_child (dir, name);
  g_assert_true (g_file_replace_contents (file, contents, length, NULL, FALSE, G_FILE_CREATE_NONE,
                                          NULL, NULL, &error));
  g_assert_no_error (error);
  return file;
}

static void
resume (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  g_action_group_activate_action (G_ACTION_GROUP (app), "resume-game", g_variant_new_string (uri));
  acies_test_spin (100);
}

/* The question on show: an alert (acies-compat.c's: AdwAlertDialog or
 * AdwMessageDialog). */
static GtkWidget *
shown_dialog (void)
{
  GtkWidget *dialog = acies_alert_find (NULL);

  g_assert_nonnull (dialog);
  g_test_message ("dialog: %s — %s", acies_alert_get_heading (dialog), acies_alert_get_body (dialog));
  return dialog;
}

static gboolean
no_game_window (void)
{
  return acies_test_find_toplevel (ACIES_TYPE_GAME_WINDOW, FALSE) == NULL;
}

/* As a click on its button: the alert closes and responds. */
static void
answer (GtkWidget  *dialog,
        const char *response)
{
  g_assert_true (acies_alert_has_response (dialog, response));
  acies_alert_respond (dialog, response);
  acies_test_spin (100);
}

static char *
mark_path (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  return g_strconcat (path, ".resuming", NULL);
}

/* A game that cannot be read (its seed edited: refused, 20.4). */
static void
test_unreadable (void)
{
  g_autoptr(GFile) file = install_autosave ("heraclea-seed-edited.acies-game", "game-20260101-100000.acies-game");
  g_autofree char *mark = mark_path (file);
  GtkWidget *dialog;

  resume (file);
  g_assert_true (no_game_window ());
  dialog = shown_dialog ();
  g_assert_nonnull (strstr (acies_alert_get_body (dialog), "$.digests.seed"));
  /* Nothing marks it as being resumed: it never opened. */
  g_assert_false (g_file_test (mark, G_FILE_TEST_EXISTS));
  answer (dialog, "discard");
  g_assert_false (g_file_query_exists (file, NULL));
}

/* "Keep" keeps it. */
static void
test_unreadable_keep (void)
{
  g_autoptr(GFile) file = install_autosave ("heraclea-seed-edited.acies-game", "game-20260101-110000.acies-game");

  resume (file);
  answer (shown_dialog (), "keep");
  g_assert_true (g_file_query_exists (file, NULL));
  acies_play_autosave_remove (file);
}

/* The last resume never finished: asked first, then discarded. */
static void
test_crashed_before_discard (void)
{
  g_autoptr(GFile) file = install_autosave ("heraclea-v1.acies-game", "game-20260101-120000.acies-game");
  g_autofree char *mark = mark_path (file);

  acies_play_autosave_begin_resume (file);
  g_assert_true (acies_play_autosave_resume_failed (file));
  resume (file);
  g_assert_true (no_game_window ());
  answer (shown_dialog (), "discard");
  g_assert_false (g_file_query_exists (file, NULL));
  g_assert_false (g_file_test (mark, G_FILE_TEST_EXISTS));
}

static gboolean
mark_gone (gpointer data)
{
  return !g_file_test (data, G_FILE_TEST_EXISTS);
}

/* The last resume never finished: asked, resumed again, and this time
 * the window shows and the mark is cleared once it has been shown. */
static void
test_crashed_before_resume (void)
{
  g_autoptr(GFile) file = install_autosave ("heraclea-v1.acies-game", "game-20260101-130000.acies-game");
  g_autofree char *mark = mark_path (file);
  GtkWindow *window;

  acies_play_autosave_begin_resume (file);
  resume (file);
  answer (shown_dialog (), "resume");
  window = acies_test_find_toplevel (ACIES_TYPE_GAME_WINDOW, FALSE);
  g_assert_nonnull (window);
  g_assert_true (g_file_test (mark, G_FILE_TEST_EXISTS));
  /* Cleared a few seconds after (a whole-second timeout at low priority:
   * waited for, within a bound, so that a loaded machine does not fail). */
  g_assert_true (acies_test_wait_until (mark_gone, mark, 15000));

  gtk_window_destroy (window);
  acies_test_spin (100);
  acies_play_autosave_remove (file);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  g_autoptr(GError) error = NULL;
  int ret;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      printf ("1..0 # SKIP no display\n");
      return 0;
    }
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      printf ("1..0 # SKIP no session bus (run under dbus-run-session)\n");
      return 0;
    }

  /* Autosaves go to a folder of this run. */
  data_home = g_dir_make_tmp ("acies-test-resume-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSETTINGS_SCHEMA_DIR", ACIES_SCHEMA_DIR, TRUE);
  if (g_getenv ("GSETTINGS_BACKEND") == NULL)
    g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  gtk_test_init (&argc, &argv, NULL);

  app = acies_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/acies/reliability/resume/unreadable-offers-discard", test_unreadable);
  g_test_add_func ("/acies/reliability/resume/unreadable-keep", test_unreadable_keep);
  g_test_add_func ("/acies/reliability/resume/stopped-before-offers-discard", test_crashed_before_discard);
  g_test_add_func ("/acies/reliability/resume/stopped-before-resume-again", test_crashed_before_resume);

  ret = g_test_run ();

  g_object_unref (app);
  return ret;
}
