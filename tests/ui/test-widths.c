/* test-widths.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-widths"

#include "config.h"

#include "acies-play-ui.h"
#include "acies-test-widgets.h"
#include "acies-window.h"

/* Issue 18.2: the windows at the width of a phone, which the store entry
 * claims (<requires><display_length compare="ge">360</display_length>
 * in the metainfo).  Each window is given a default size of 360 × 720
 * and shown; then the minimum width its content asks for, with every
 * breakpoint that applies at that size, must fit: 360 px for the start
 * page, the editor (its header bar without the title, Open and the
 * problems, its tool bar in two rows) and a game (the side panel under
 * the board, at the window's width), and the window is no wider.  With
 * libadwaita 1.4 and later these are AdwBreakpoints, and libadwaita's
 * warning that the content exceeds the window fails the test too; on
 * the 1.2 floor, acies-compat.c's stand-in applies the same setters
 * once the window is that narrow.  When a window is too wide, the
 * widgets that ask for more than 360 px are listed. */

#define PHONE_WIDTH  360
#define PHONE_HEIGHT 720

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

/* Names the widgets that ask for more than @width, widest first down the
 * tree, so that a failure says what is too wide. */
static void
report_wide (GtkWidget *widget,
             int        width,
             int        depth)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int min = 0;

      if (!gtk_widget_get_visible (child) || !gtk_widget_get_child_visible (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      if (min <= width)
        continue;
      g_test_message ("%*s%s%s%s: minimum width %d px", depth * 2, "",
                      G_OBJECT_TYPE_NAME (child),
                      gtk_widget_get_name (child)[0] != '\0' ? " " : "",
                      gtk_widget_get_name (child), min);
      report_wide (child, width, depth + 1);
    }
}

/* Shows @window at the phone's size and returns the minimum width its
 * content asks for once it is laid out (breakpoints applied). */
static int
content_min_width (GtkWindow *window)
{
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  int min = 0, nat = 0;

  gtk_window_set_default_size (window, PHONE_WIDTH, PHONE_HEIGHT);
  gtk_window_present (window);
  g_assert_true (acies_test_wait_until (is_mapped, window, ACIES_PLAY_UI_WAIT_MS));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  acies_test_spin (200);
  /* A window shown wide first (a game) became narrow at the width its
   * wide layout allowed; asked again, it takes the phone's width. */
  gtk_window_set_default_size (window, PHONE_WIDTH, PHONE_HEIGHT);
  acies_test_spin (300);

  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_test_message ("%s: content minimum width %d px, window %d px wide",
                  G_OBJECT_TYPE_NAME (window), min, gtk_widget_get_width (GTK_WIDGET (window)));
  report_wide (content, PHONE_WIDTH, 1);
  return min;
}

static void
test_start_page (void)
{
  GtkWindow *window;

  g_application_activate (G_APPLICATION (acies_play_ui_app));
  window = gtk_application_get_active_window (GTK_APPLICATION (acies_play_ui_app));
  g_assert_true (ACIES_IS_WINDOW (window));
  g_assert_true (acies_window_is_empty (ACIES_WINDOW (window)));

  g_assert_cmpint (content_min_width (window), <=, PHONE_WIDTH);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, PHONE_WIDTH);
  acies_play_ui_destroy_all_windows ();
}

static void
test_editor (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("grass-crown", "heraclea.acies");
  AciesWindow *window = acies_window_new (acies_play_ui_app);

  acies_window_set_scenario (window, scenario, NULL);
  g_assert_false (acies_window_is_empty (window));

  g_assert_cmpint (content_min_width (GTK_WINDOW (window)), <=, PHONE_WIDTH);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, PHONE_WIDTH);
  acies_play_ui_destroy_all_windows ();
}

static void
test_game (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("grass-crown", "heraclea.acies");
  AciesGameWindow *window;

  acies_play_ui_clear_autosaves ();
  window = acies_play_ui_start_game (scenario, 4, "Laevinus", "Pyrrhus");

  g_assert_cmpint (content_min_width (GTK_WINDOW (window)), <=, PHONE_WIDTH);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, PHONE_WIDTH);
  acies_play_ui_close (window);
  acies_play_ui_clear_autosaves ();
}

int
main (int   argc,
      char *argv[])
{
  if (!acies_play_ui_init (&argc, &argv, FALSE))
    return 0;
  /* The title bar's buttons as GNOME has them (org.gnome.desktop.wm.
   * preferences button-layout, "appmenu:close"), not GTK's fallback
   * without a desktop (minimize, maximize and close: 74 px more). */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);

  g_test_add_func ("/acies/ui/widths/start-page", test_start_page);
  g_test_add_func ("/acies/ui/widths/editor", test_editor);
  g_test_add_func ("/acies/ui/widths/game", test_game);

  return acies_play_ui_run ();
}
