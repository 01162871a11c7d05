/* empty-window.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The baseline of launch-bench.sh: an empty GTK 4 + libadwaita window,
 * started the way acies is.  Prints "first-frame <ms>" (since process
 * start) when the first frame is drawn, and stays open.
 */

#include <adwaita.h>
#include <stdio.h>

static gint64 start_us;

static gboolean
quit_cb (GApplication *app)
{
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                GApplication  *app)
{
  printf ("first-frame %.1f\n", (g_get_monotonic_time () - start_us) / 1000.0);
  fflush (stdout);
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, app);
  /* As acies with ACIES_BENCH_FIRST_FRAME: quit after the first frame. */
  g_idle_add_full (G_PRIORITY_LOW, (GSourceFunc) quit_cb, app, NULL);
}

static void
realize_cb (GtkWidget    *window,
            GApplication *app)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (after_paint_cb), app);
}

static void
activate_cb (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 720);
  g_signal_connect (window, "realize", G_CALLBACK (realize_cb), app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = NULL;
  const char *t0 = g_getenv ("BENCH_T0_US");

  start_us = t0 != NULL ? g_ascii_strtoll (t0, NULL, 10) : g_get_monotonic_time ();
  app = adw_application_new ("io.github.acies.EmptyBench", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
