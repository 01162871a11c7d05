/* bench-editor.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The editor bench (issue 21.6): opens each scenario in the editor's
 * window, as a designer would, and times what a designer waits for:
 *
 *   open       from setting the scenario on the window to its board's
 *              first frame on the screen;
 *   frame      a frame of the board when nothing changed;
 *   edit       one cell's terrain painted through the document (the
 *              command and the editor's handlers), then "edit: redraw",
 *              the board's next frame (the board view's snapshot and its
 *              rendering);
 *   undo       undoing it (win.undo), then the next frame;
 *   move       one unit moved to the next hex through the document, then
 *              the next frame;
 *   move-undo  undoing the move, then the next frame.
 *
 * Each figure is the median of RUNS, in milliseconds of wall-clock time
 * and of this thread's CPU time (which a busy shared machine does not
 * stretch).  A frame is the board view's snapshot rendered by the
 * window's own renderer (GSK_RENDERER chooses it) into a texture.
 *
 * usage: bench-editor [--runs N] [--size WxH] SCENARIO…
 * Run it under a display and a D-Bus session (launch-bench.sh does).
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <adwaita.h>

#include "acies-application.h"
#include "acies-board-view-private.h"
#include "acies-editor-document.h"
#include "acies-window.h"
#include "io/acies-scenario-io.h"

typedef struct
{
  GArray *wall;
  GArray *cpu;
} Figure;

/* An action and the redraw that follows it. */
typedef struct
{
  Figure  action;
  Figure  redraw;
  gint64  wall;
  gint64  cpu;
} Step;

static gint64
cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (GArray *values)
{
  if (values->len == 0)
    return 0;
  g_array_sort (values, cmp_double);
  if (values->len % 2)
    return g_array_index (values, double, values->len / 2);
  return (g_array_index (values, double, values->len / 2 - 1) + g_array_index (values, double, values->len / 2)) / 2;
}

static void
figure_init (Figure *f)
{
  f->wall = g_array_new (FALSE, FALSE, sizeof (double));
  f->cpu = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
figure_add (Figure *f,
            gint64  wall_start,
            gint64  cpu_start)
{
  double wall = (g_get_monotonic_time () - wall_start) / 1000.0;
  double cpu = (cpu_us () - cpu_start) / 1000.0;

  g_array_append_val (f->wall, wall);
  g_array_append_val (f->cpu, cpu);
}

static void
figure_print (const char *name,
              Figure     *f)
{
  printf ("  %-16s %9.2f ms wall %9.2f ms CPU\n", name, median (f->wall), median (f->cpu));
  g_array_unref (f->wall);
  g_array_unref (f->cpu);
}

static void
step_init (Step *step)
{
  figure_init (&step->action);
  figure_init (&step->redraw);
}

static void
step_start (Step *step)
{
  step->wall = g_get_monotonic_time ();
  step->cpu = cpu_us ();
}

/* The action is done: the redraw starts. */
static void
step_acted (Step *step)
{
  figure_add (&step->action, step->wall, step->cpu);
  step_start (step);
}

static void
step_drawn (Step *step)
{
  figure_add (&step->redraw, step->wall, step->cpu);
}

static void
step_print (const char *name,
            Step       *step)
{
  g_autofree char *redraw = g_strdup_printf ("%s: redraw", name);

  figure_print (name, &step->action);
  figure_print (redraw, &step->redraw);
}

/* The board view's next frame: its snapshot, rendered by the window's
 * renderer. */
static void
frame (AciesBoardView *view)
{
  GtkWidget *widget = GTK_WIDGET (view);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node != NULL)
    texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

static void
activate_action (AciesWindow *window,
                 const char  *name)
{
  gtk_widget_activate_action (GTK_WIDGET (window), name, NULL);
}

static gboolean
bench_one (AciesApplication *app,
           const char       *path,
           int               width,
           int               height,
           int               runs)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (path, &error);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AciesWindow *window;
  AciesBoardView *view;
  AciesEditorDocument *doc;
  AciesScenario *s;
  Figure open, idle;
  Step edit, undo, move, move_undo;
  AciesBoard *board;
  AciesCell cell;
  guint unit_index = 0, count;
  gint64 wall, cpu;

  if (scenario == NULL)
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      return FALSE;
    }
  figure_init (&open);
  figure_init (&idle);
  step_init (&edit);
  step_init (&undo);
  step_init (&move);
  step_init (&move_undo);

  window = acies_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  spin (300);

  /* Opening: the scenario set on the window, then its board's first frame
   * on the screen. */
  view = acies_window_get_board_view (window);
  count = acies_board_view_get_draw_count (view);
  wall = g_get_monotonic_time ();
  cpu = cpu_us ();
  acies_window_set_scenario (window, scenario, file);
  while (acies_board_view_get_draw_count (view) == count && g_get_monotonic_time () - wall < 30 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  figure_add (&open, wall, cpu);
  spin (500);
  s = acies_window_get_scenario (window);
  doc = acies_window_get_document (window);
  board = s->map.board;
  cell = acies_board_cell_at (board, acies_board_get_width (board) / 2 + 1, acies_board_get_height (board) / 2 + 1);
  for (guint i = 0; i < s->units->len; i++)
    if (((AciesUnit *) g_ptr_array_index (s->units, i))->cell != ACIES_CELL_NONE)
      {
        unit_index = i;
        break;
      }

  for (int r = 0; r < runs; r++)
    {
      const char *was = acies_map_get_terrain (&s->map, cell);
      AciesUnit *unit = unit_index < s->units->len ? g_ptr_array_index (s->units, unit_index) : NULL;

      wall = g_get_monotonic_time ();
      cpu = cpu_us ();
      frame (view);
      figure_add (&idle, wall, cpu);

      acies_editor_document_break_merge (doc);
      step_start (&edit);
      acies_editor_document_paint_terrain (doc, &cell, 1, g_str_equal (was, "woods") ? "clear" : "woods", FALSE);
      step_acted (&edit);
      frame (view);
      step_drawn (&edit);
      spin (20);

      step_start (&undo);
      activate_action (window, "win.undo");
      step_acted (&undo);
      frame (view);
      step_drawn (&undo);
      spin (20);

      if (unit != NULL && unit->cell != ACIES_CELL_NONE)
        {
          AciesCell to = acies_board_neighbour (board, unit->cell, 3);

          if (to == ACIES_CELL_NONE)
            to = acies_board_neighbour (board, unit->cell, 0);
          acies_editor_document_break_merge (doc);
          step_start (&move);
          acies_editor_document_place (doc, unit->id, to);
          step_acted (&move);
          frame (view);
          step_drawn (&move);
          spin (20);

          step_start (&move_undo);
          activate_action (window, "win.undo");
          step_acted (&move_undo);
          frame (view);
          step_drawn (&move_undo);
          spin (20);
        }
    }

  printf ("%s: %u×%u, %u units, board view %d×%d, median of %d\n", path,
          acies_board_get_width (board), acies_board_get_height (board), s->units->len,
          gtk_widget_get_width (GTK_WIDGET (view)), gtk_widget_get_height (GTK_WIDGET (view)), runs);
  figure_print ("open", &open);
  figure_print ("frame", &idle);
  step_print ("edit", &edit);
  step_print ("undo", &undo);
  step_print ("move", &move);
  step_print ("move-undo", &move_undo);
  fflush (stdout);

  /* Destroyed, not closed: the edits are dropped without a question. */
  gtk_window_destroy (GTK_WINDOW (window));
  spin (100);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AciesApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *size = NULL;
  g_autofree char *work = NULL;
  g_autofree char *data = NULL;
  int runs = 9, width = 1920, height = 1080;
  gboolean ok = TRUE;
  GOptionEntry entries[] = {
    { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, "Runs per figure (default 9)", "N" },
    { "size", 's', 0, G_OPTION_ARG_STRING, &size, "The window's size (default 1920x1080)", "WxH" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("SCENARIO… — the editor bench");

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 2)
    {
      fprintf (stderr, "%s\n", error ? error->message : "usage: bench-editor [--runs N] [--size WxH] SCENARIO…");
      return 2;
    }
  if (size != NULL && sscanf (size, "%dx%d", &width, &height) != 2)
    {
      fprintf (stderr, "--size %s: expected WIDTHxHEIGHT\n", size);
      return 2;
    }
  runs = CLAMP (runs, 1, 1000);

  /* Autosaves go to a throw-away folder. */
  work = g_dir_make_tmp ("acies-bench-editor-XXXXXX", NULL);
  data = g_build_filename (work, "data", NULL);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  if (g_getenv ("GSETTINGS_SCHEMA_DIR") == NULL)
    g_setenv ("GSETTINGS_SCHEMA_DIR", ACIES_SCHEMA_DIR, TRUE);
  if (g_getenv ("GSETTINGS_BACKEND") == NULL)
    g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  gtk_init ();
  adw_init ();
  app = acies_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  for (int i = 1; i < argc; i++)
    ok = bench_one (app, argv[i], width, height, runs) && ok;
  return ok ? 0 : 1;
}
