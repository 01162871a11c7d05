/* test-print-ui.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-print-ui"

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <adwaita.h>

#include "io/acies-scenario-io.h"

#include "acies-application.h"
#include "acies-print-operation.h"
#include "acies-window.h"

/*
 * The print operation under a real display: Heraclea opened in a window,
 * printed through win.export-pdf (GtkPrintOperation, export action) to a
 * PDF, which pdfinfo and pdftotext read back.  Skips (exit 77) without a
 * display or a session bus.
 */

static AciesApplication *app;
static char *tmpdir;

static char *
scenario_path (void)
{
  char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown", "heraclea.acies", NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_free (path);
      path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "samples", "grass-crown-sample.acies", NULL);
    }
  return path;
}

static char *
run_tool (const char *tool,
          const char *pdf)
{
  const char *argv[] = { tool, pdf, "-", NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = -1;

  if (strcmp (tool, "pdfinfo") == 0)
    argv[2] = NULL;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  return out;
}

static guint
pdf_pages (const char *pdf)
{
  g_autofree char *out = run_tool ("pdfinfo", pdf);
  const char *p = strstr (out, "Pages:");

  g_assert_nonnull (p);
  return (guint) g_ascii_strtoull (p + strlen ("Pages:"), NULL, 10);
}

static void
test_export (void)
{
  g_autofree char *path = scenario_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *pdf = g_build_filename (tmpdir, "export.pdf", NULL);
  g_autofree char *text = NULL;
  g_autofree char *tool = g_find_program_in_path ("pdfinfo");
  GFile *files[1] = { file };
  AciesWindow *window;
  AciesScenario *scenario;
  GAction *print;

  g_application_open (G_APPLICATION (app), files, 1, "");
  window = acies_application_find_window (app, file);
  g_assert_nonnull (window);
  scenario = acies_window_get_scenario (window);
  g_assert_nonnull (scenario);
  gtk_window_present (GTK_WINDOW (window));

  /* Print is there and enabled with a scenario (Ctrl+P in the window). */
  print = g_action_map_lookup_action (G_ACTION_MAP (window), "print");
  g_assert_nonnull (print);
  g_assert_true (g_action_get_enabled (print));

  g_action_group_activate_action (G_ACTION_GROUP (window), "export-pdf", g_variant_new_string (pdf));
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));

  if (tool == NULL)
    {
      g_test_skip ("pdfinfo not installed");
      return;
    }

  /* Map, order of battle, rules and tables: four parts, a page each at
   * least; every page has its footer. */
  {
    guint n = pdf_pages (pdf);

    g_test_message ("exported %u pages", n);
    g_assert_cmpuint (n, >=, 4);
    text = run_tool ("pdftotext", pdf);
    g_assert_nonnull (strstr (text, scenario->meta.title));
    g_assert_nonnull (strstr (text, "Order of battle and set-up"));
    g_assert_nonnull (strstr (text, "Victory conditions"));
    {
      g_autofree char *last = g_strdup_printf ("Page %u of %u", n, n);

      g_assert_nonnull (strstr (text, last));
    }
  }

  /* The operation on its own, the way the dialog runs it. */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *pdf2 = g_build_filename (tmpdir, "direct.pdf", NULL);

    g_assert_true (acies_print_operation_export (GTK_WINDOW (window), scenario,
                                                 acies_application_get_settings (app), pdf2, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (pdf_pages (pdf2), ==, pdf_pages (pdf));
  }

  gtk_window_destroy (GTK_WINDOW (window));
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
      return 0;  /* TAP: the "1..0 # SKIP" plan is the skip; meson reads exit 77 as an error */
    }
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      printf ("1..0 # SKIP no session bus (run under dbus-run-session)\n");
      return 0;  /* TAP: the "1..0 # SKIP" plan is the skip; meson reads exit 77 as an error */
    }

  g_setenv ("GSETTINGS_SCHEMA_DIR", ACIES_SCHEMA_DIR, TRUE);
  if (g_getenv ("GSETTINGS_BACKEND") == NULL)
    g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  gtk_test_init (&argc, &argv, NULL);

  tmpdir = g_dir_make_tmp ("acies-print-ui-XXXXXX", &error);
  g_assert_no_error (error);

  app = acies_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/acies/print/ui/export", test_export);

  status = g_test_run ();

  {
    g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *p = g_build_filename (tmpdir, name, NULL);

        g_unlink (p);
      }
    g_rmdir (tmpdir);
  }
  g_clear_object (&app);
  return status;
}
