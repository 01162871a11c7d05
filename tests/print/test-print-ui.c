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
#include <unistd.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <adwaita.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"

#include "rulesets/acies-catalogue.h"

#include "acies-application.h"
#include "acies-compat.h"
#include "acies-dialogs.h"
#include "acies-print-operation.h"
#include "acies-print-setup.h"
#include "acies-test-widgets.h"
#include "acies-window.h"
#include "play/acies-game-window.h"

/*
 * The print operation under a real display: Heraclea opened in a window,
 * printed through win.export-pdf: the "Print Set-up" dialog (Acies's own,
 * the choices the print portal would drop), then GtkPrintOperation's
 * export action to a PDF, which pdfinfo, pdftotext and pdftoppm read back.
 * Skips without a display or a session bus.
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

/* The Print Set-up dialog's content on show (in a window of its own, or
 * in an AdwDialog over the document's window), or NULL. */
static AciesPrintSetup *
find_setup (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);
      GtkWidget *setup;

      if (!gtk_widget_get_visible (GTK_WIDGET (window)))
        continue;
      setup = acies_test_find_type (GTK_WIDGET (window), ACIES_TYPE_PRINT_SETUP);
      if (setup != NULL && gtk_widget_get_mapped (setup))
        return ACIES_PRINT_SETUP (setup);
    }
  return NULL;
}

static gboolean
setup_shown (gpointer data)
{
  return find_setup () != NULL;
}

static gboolean
setup_gone_and_written (gpointer data)
{
  const char *pdf = data;

  return find_setup () == NULL && g_file_test (pdf, G_FILE_TEST_IS_REGULAR);
}

/* win.export-pdf to @pdf: the Print Set-up dialog comes up; @choose (if
 * any) sets its choices as the user would; Export writes the PDF. */
static void
export_through_setup (AciesWindow  *window,
                      const char   *pdf,
                      void        (*choose) (AciesPrintSetup *setup))
{
  AciesPrintSetup *setup;

  g_unlink (pdf);
  g_action_group_activate_action (G_ACTION_GROUP (window), "export-pdf", g_variant_new_string (pdf));
  /* Nothing is written before the set-up is answered. */
  g_assert_true (acies_test_wait_until (setup_shown, NULL, 5000));
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  setup = find_setup ();
  if (choose != NULL)
    choose (setup);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (setup), "print-setup.accept", NULL));
  g_assert_true (acies_test_wait_until (setup_gone_and_written, (gpointer) pdf, 20000));
}

/* Pixels of the first page, rendered small, whose channels differ by more
 * than a grey's antialiasing would: 0 for black and white. */
static guint
coloured_pixels (const char *pdf)
{
  g_autofree char *prefix = g_strconcat (pdf, "-page", NULL);
  g_autofree char *png = g_strconcat (prefix, ".png", NULL);
  const char *argv[] = { "pdftoppm", "-r", "24", "-f", "1", "-l", "1", "-singlefile", "-png", pdf, prefix, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  int status = -1;
  guint coloured = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  pixbuf = gdk_pixbuf_new_from_file (png, &error);
  g_assert_no_error (error);
  for (int y = 0; y < gdk_pixbuf_get_height (pixbuf); y++)
    {
      const guchar *row = gdk_pixbuf_get_pixels (pixbuf) + y * gdk_pixbuf_get_rowstride (pixbuf);

      for (int x = 0; x < gdk_pixbuf_get_width (pixbuf); x++)
        {
          const guchar *p = row + x * gdk_pixbuf_get_n_channels (pixbuf);
          int hi = MAX (p[0], MAX (p[1], p[2])), lo = MIN (p[0], MIN (p[1], p[2]));

          if (hi - lo > 24)
            coloured++;
        }
    }
  g_unlink (png);
  return coloured;
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

  /* The defaults: everything, the map fitted, in colour. */
  export_through_setup (window, pdf, NULL);

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
                                                 acies_application_get_settings (app), NULL, pdf2, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (pdf_pages (pdf2), ==, pdf_pages (pdf));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
choose_true_scale (AciesPrintSetup *setup)
{
  GtkWidget *spin;

  /* As the user does: the map alone, not fitted, 30 mm a hex, tiles
   * overlapping by 12 mm, black and white.  The rows are bound to these
   * properties: the cell size shows in its spin button. */
  g_object_set (setup,
                "print-oob", FALSE, "print-rules", FALSE, "print-tables", FALSE,
                "fit-page", FALSE, NULL);
  g_object_set (setup, "cell-mm", 30.0, "overlap-mm", 12.0, "monochrome", TRUE, NULL);
  spin = acies_test_find_type (GTK_WIDGET (setup), GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (spin);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 30.0);
  g_assert_true (gtk_widget_is_sensitive (spin));
}

/* The expected page count of the map alone at 30 mm with a 12 mm overlap:
 * the render library's tiling of the page GtkPrintOperation exports to
 * (the settings' A4 with GTK's default margins, Acies's 6 mm inside). */
static guint
expected_tiles (AciesScenario *scenario,
                guint         *columns,
                guint         *rows)
{
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  g_autoptr(AciesPrintJob) job = NULL;
  AciesPrintOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  guint n;

  gtk_page_setup_set_paper_size_and_default_margins (setup, paper);
  acies_print_options_init (&options);
  options.page_width = gtk_page_setup_get_page_width (setup, GTK_UNIT_POINTS);
  options.page_height = gtk_page_setup_get_page_height (setup, GTK_UNIT_POINTS);
  options.margin = 6 * ACIES_PRINT_MM;
  options.cell_mm = 30;
  options.overlap_mm = 12;
  options.pages = ACIES_PRINT_PAGES_MAP;
  options.monochrome = TRUE;
  job = acies_print_job_new (scenario, acies_catalogue_get_bundled (scenario->ruleset), &options);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  acies_print_job_paginate (job, cr);
  n = acies_print_job_get_n_pages (job);
  acies_print_job_get_tiles (job, columns, rows);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return n;
}

static void
test_setup_true_scale_overlap (void)
{
  g_autofree char *path = scenario_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *pdf = g_build_filename (tmpdir, "true-scale.pdf", NULL);
  g_autofree char *fitted = g_build_filename (tmpdir, "fitted.pdf", NULL);
  g_autofree char *tool = g_find_program_in_path ("pdftoppm");
  g_autofree char *text = NULL;
  g_autofree char *header = NULL;
  GFile *files[1] = { file };
  AciesWindow *window;
  AciesScenario *scenario;
  guint columns = 0, rows = 0, expected;

  if (tool == NULL)
    {
      g_test_skip ("poppler-utils not installed");
      return;
    }
  g_application_open (G_APPLICATION (app), files, 1, "");
  window = acies_application_find_window (app, file);
  g_assert_nonnull (window);
  scenario = acies_window_get_scenario (window);
  gtk_window_present (GTK_WINDOW (window));

  export_through_setup (window, pdf, choose_true_scale);

  /* The choices reached the PDF: the tiles of a 30 mm hex map with a
   * 12 mm overlap, as many pages as the render library lays out, each
   * tile saying so, in black and white. */
  expected = expected_tiles (scenario, &columns, &rows);
  g_test_message ("true scale: %u pages expected (%u × %u), %u in the PDF", expected, columns, rows, pdf_pages (pdf));
  g_assert_cmpuint (columns * rows, ==, expected);
  g_assert_cmpuint (expected, >=, 2);
  g_assert_cmpuint (pdf_pages (pdf), ==, expected);
  text = run_tool ("pdftotext", pdf);
  header = g_strdup_printf ("Map at 30 mm a cell, %u pages (%u × %u), overlap 12 mm", expected, columns, rows);
  g_assert_nonnull (strstr (text, header));
  g_assert_null (strstr (text, "Order of battle and set-up"));
  g_assert_cmpuint (coloured_pixels (pdf), ==, 0);

  /* The dialog offers the window's last choices again; fitting the map
   * in colour gives one page, with colours. */
  {
    AciesPrintSetup *setup;
    gboolean fit = TRUE, mono = FALSE;
    double overlap = 0;

    g_action_group_activate_action (G_ACTION_GROUP (window), "export-pdf", g_variant_new_string (fitted));
    g_assert_true (acies_test_wait_until (setup_shown, NULL, 5000));
    setup = find_setup ();
    g_object_get (setup, "fit-page", &fit, "monochrome", &mono, "overlap-mm", &overlap, NULL);
    g_assert_false (fit);
    g_assert_true (mono);
    g_assert_cmpfloat (overlap, ==, 12.0);
    g_object_set (setup, "fit-page", TRUE, "monochrome", FALSE, NULL);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (setup), "print-setup.accept", NULL));
    g_assert_true (acies_test_wait_until (setup_gone_and_written, fitted, 20000));
    g_assert_cmpuint (pdf_pages (fitted), ==, 1);
    g_assert_cmpuint (coloured_pixels (fitted), >, 0);
  }

  /* Cancel writes nothing. */
  {
    g_autofree char *cancelled = g_build_filename (tmpdir, "cancelled.pdf", NULL);
    AciesPrintSetup *setup;

    g_action_group_activate_action (G_ACTION_GROUP (window), "export-pdf", g_variant_new_string (cancelled));
    g_assert_true (acies_test_wait_until (setup_shown, NULL, 5000));
    setup = find_setup ();
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (setup), "print-setup.cancel", NULL));
    acies_test_spin (200);
    g_assert_null (find_setup ());
    g_assert_false (g_file_test (cancelled, G_FILE_TEST_EXISTS));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The main menu's Export item asks for the file: its target is the empty
 * path, not the two characters "" (which once named the PDF). */
static gboolean
menu_export_target (GMenuModel  *menu,
                    char       **target_out)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autoptr(GMenuModel) submenu = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SUBMENU);

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action)
          && g_str_equal (action, "win.export-pdf"))
        {
          g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET,
                                                                              G_VARIANT_TYPE_STRING);

          *target_out = target ? g_variant_dup_string (target, NULL) : NULL;
          return TRUE;
        }
      if ((section != NULL && menu_export_target (section, target_out))
          || (submenu != NULL && menu_export_target (submenu, target_out)))
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_primary_menu_button (GtkWidget     *widget,
                        gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

static void
test_export_menu_target (void)
{
  g_autofree char *path = scenario_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *target = NULL;
  GFile *files[1] = { file };
  AciesWindow *window;
  GtkWidget *button;

  g_application_open (G_APPLICATION (app), files, 1, "");
  window = acies_application_find_window (app, file);
  g_assert_nonnull (window);
  gtk_window_present (GTK_WINDOW (window));
  button = acies_test_find_widget (GTK_WIDGET (window), is_primary_menu_button, NULL);
  g_assert_nonnull (button);
  /* The menu is made when first opened, as F10 or a click opens it. */
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  acies_test_spin (100);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  g_assert_true (menu_export_target (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), &target));
  g_assert_cmpstr (target, ==, "");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Print preview with no viewer (issue 17.9): no preview command on the
 * PATH and no application for PDF files; the preview says so and offers
 * Export as PDF, which opens the Print Set-up dialog. */
static void
test_preview_no_viewer (void)
{
  g_autofree char *path = scenario_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *empty = g_build_filename (tmpdir, "no-applications", NULL);
  g_autoptr(AciesPrintOperation) op = NULL;
  g_autoptr(GError) error = NULL;
  GFile *files[1] = { file };
  AciesWindow *window;
  GtkWidget *alert;

  /* In a Flatpak the portal opens the preview: there is always a viewer
   * (acies_print_operation_can_preview()). */
  if (g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the portal shows the preview in a Flatpak sandbox");
      return;
    }
  /* GIO reads the application folders once: a fresh process without any. */
  if (!g_test_subprocess ())
    {
      g_autofree char *mime = g_build_filename (empty, "mime", NULL);

      /* The MIME database stays (GTK reads its icons by type); no
       * applications. */
      g_assert_cmpint (g_mkdir_with_parents (empty, 0700), ==, 0);
      if (!g_file_test (mime, G_FILE_TEST_EXISTS))
        g_assert_cmpint (symlink ("/usr/share/mime", mime), ==, 0);
      g_setenv ("XDG_DATA_HOME", empty, TRUE);
      g_setenv ("XDG_DATA_DIRS", empty, TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  g_object_set (gtk_settings_get_default (), "gtk-print-preview-command", "acies-no-such-viewer %f", NULL);
  if (acies_print_operation_can_preview ())
    {
      g_test_skip ("a PDF viewer is still found (a sandbox)");
      return;
    }

  g_application_open (G_APPLICATION (app), files, 1, "");
  window = acies_application_find_window (app, file);
  g_assert_nonnull (window);
  gtk_window_present (GTK_WINDOW (window));
  op = acies_print_operation_new (acies_window_get_scenario (window), NULL, NULL);
  gtk_print_operation_run (GTK_PRINT_OPERATION (op), GTK_PRINT_OPERATION_ACTION_PREVIEW,
                           GTK_WINDOW (window), &error);
  g_assert_no_error (error);
  acies_test_spin (100);

  alert = acies_alert_find (GTK_WIDGET (window));
  g_assert_nonnull (alert);
  g_assert_cmpstr (acies_alert_get_heading (alert), ==, "No PDF Viewer Installed");
  g_assert_true (acies_alert_has_response (alert, "export"));
  acies_alert_respond (alert, "export");
  g_assert_true (acies_test_wait_until (setup_shown, NULL, 5000));
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (find_setup ()))));
  acies_test_spin (50);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Issue 17 item 10: the print dialog starts with the paper turned the way
 * the fitted map uses it (Heraclea's board is wider than tall: landscape),
 * as `acies-cli print` does; a map tiled at a scale keeps the paper
 * upright. */
static void
test_dialog_orientation (void)
{
  g_autofree char *path = scenario_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (path, &error);
  g_autoptr(AciesPrintOperation) op = NULL;
  AciesPrintOptions options;
  GtkPageSetup *setup;

  g_assert_no_error (error);
  op = acies_print_operation_new (scenario, NULL, NULL);
  setup = gtk_print_operation_get_default_page_setup (GTK_PRINT_OPERATION (op));
  g_assert_nonnull (setup);
  g_assert_cmpint (gtk_page_setup_get_orientation (setup), ==, GTK_PAGE_ORIENTATION_LANDSCAPE);

  acies_print_options_init (&options);
  options.cell_mm = 20;
  acies_print_operation_set_options (op, &options);
  setup = gtk_print_operation_get_default_page_setup (GTK_PRINT_OPERATION (op));
  g_assert_cmpint (gtk_page_setup_get_orientation (setup), ==, GTK_PAGE_ORIENTATION_PORTRAIT);

  options.cell_mm = 0;
  acies_print_operation_set_options (op, &options);
  setup = gtk_print_operation_get_default_page_setup (GTK_PRINT_OPERATION (op));
  g_assert_cmpint (gtk_page_setup_get_orientation (setup), ==, GTK_PAGE_ORIENTATION_LANDSCAPE);
}

/* Issue 17's trial (print both games after playing): the game window's
 * Print Position… (play.print, Ctrl+P) asks the Print Set-up questions
 * and prints the game as it stands; the position's counters are copies
 * of their own, so the PDF is right after the game is gone; the window's
 * remembered choices do not keep the position. */
static void
test_game_position (void)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "tests", "reliability", "fixtures",
                                            "cannae-v1.acies-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *pdf = g_build_filename (tmpdir, "position.pdf", NULL);
  g_autofree char *tool = g_find_program_in_path ("pdftotext");
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  AciesGame *game;
  AciesGameWindow *window;
  AciesPrintSetup *setup;
  AciesPrintOptions options;

  game = acies_game_load_file (file, &error);
  g_assert_no_error (error);
  window = acies_game_window_new (GTK_APPLICATION (app), game, NULL, NULL);
  gtk_window_present (GTK_WINDOW (window));

  /* Print Position… comes to the Print Set-up dialog (accepting it runs
   * GTK's print dialog, which a test cannot answer: cancel). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "play.print", NULL));
  g_assert_true (acies_test_wait_until (setup_shown, NULL, 5000));
  setup = find_setup ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (setup), "print-setup.cancel", NULL));
  acies_test_spin (100);
  g_assert_null (find_setup ());

  /* What play.print hands the print operation, exported to a PDF once the
   * game is gone. */
  acies_print_options_init (&options);
  options.pages = ACIES_PRINT_PAGES_MAP;
  acies_game_dup_positions (game, -1, &options.units, &options.leaders);
  options.positions = acies_game_positions_text (game);
  scenario = acies_scenario_ref (acies_game_get_scenario (game));
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (game);
  acies_test_spin (50);
  g_assert_true (acies_print_operation_export (NULL, scenario, acies_application_get_settings (app),
                                               &options, pdf, &error));
  g_assert_no_error (error);
  g_ptr_array_unref (options.units);
  g_ptr_array_unref (options.leaders);
  g_free ((char *) options.positions);
  if (tool == NULL)
    {
      g_test_skip ("pdftotext not installed");
      return;
    }
  {
    g_autofree char *text = run_tool ("pdftotext", pdf);

    g_assert_nonnull (strstr (text, "The counters show the game as it stands: Turn 2, Activation, after 60 actions."));
  }
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
  g_test_add_func ("/acies/print/ui/set-up-true-scale-overlap", test_setup_true_scale_overlap);
  g_test_add_func ("/acies/print/ui/export-menu-target", test_export_menu_target);
  g_test_add_func ("/acies/print/ui/preview-no-viewer", test_preview_no_viewer);
  g_test_add_func ("/acies/print/ui/dialog-orientation", test_dialog_orientation);
  g_test_add_func ("/acies/print/ui/17-trial/game-position", test_game_position);

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
