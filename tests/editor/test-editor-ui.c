/* test-editor-ui.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The scenario editor in a real window under Xvfb, driven through its
 * actions as a user's clicks drive it: a scenario built from nothing (new
 * hex board, terrain, a river along hexsides, two sides, a formation,
 * units placed on the map, saved), reopened and compared, validated;
 * undo/redo of every tool back to the exact previous scenario; and the
 * paint-stroke frame bench on a 60 × 40 hex map.  With
 * ACIES_SCREENSHOT_DIR set, PNGs of the window are written there.
 * Skips (exit 77) without a display or a session bus.
 */

#define G_LOG_DOMAIN "acies-test-editor-ui"

#include "config.h"

#include <string.h>

#include <math.h>
#include <stdio.h>
#include <time.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <adwaita.h>

#include "geometry/acies-board.h"
#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "model/acies-problem.h"
#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-table.h"

#include "acies-application.h"
#include "acies-board-view-private.h"
#include "acies-editor.h"
#include "acies-new-scenario-dialog.h"
#include "acies-param-widget.h"
#include "acies-window.h"

#define WAIT_TIMEOUT_MS 10000

static AciesApplication *app;
static char *work_dir;

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;
  guint wake = g_timeout_add (10, wake_cb, NULL);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake);
}

static gboolean
wait_drawn (AciesBoardView *view,
            guint           count)
{
  gint64 end = g_get_monotonic_time () + WAIT_TIMEOUT_MS * G_TIME_SPAN_MILLISECOND;
  guint wake = g_timeout_add (5, wake_cb, NULL);
  gboolean ok;

  while (!(ok = acies_board_view_get_draw_count (view) > count) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake);
  return ok;
}

static void
act (AciesWindow *window,
     const char  *action,
     GVariant    *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), action, parameter));
}

static char *
data_of (AciesWindow *window)
{
  return acies_scenario_to_data (acies_window_get_scenario (window), NULL);
}

static AciesCell
cell (AciesWindow *window,
      const char  *label)
{
  AciesCell c = acies_board_cell_from_label (acies_window_get_scenario (window)->map.board, label);

  g_assert_cmpint (c, !=, ACIES_CELL_NONE);
  return c;
}

static void
screenshot (GtkWidget  *widget,
            const char *name)
{
  const char *dir = g_getenv ("ACIES_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GskRenderer *renderer;
  int width, height;

  if (dir == NULL)
    return;

  spin (800);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_mkdir_with_parents (dir, 0755);
  path = g_build_filename (dir, name, NULL);
  gdk_texture_save_to_png (texture, path);
  g_printerr ("# screenshot %s\n", path);
}

static gboolean find_dialog (gpointer data);

/* Waits up to @ms for a message dialog (the editor's question before a
 * destructive edit). */
static AdwMessageDialog *
wait_dialog (guint ms)
{
  AdwMessageDialog *dialog = NULL;
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (!find_dialog (&dialog) && g_get_monotonic_time () < end)
    spin (10);
  return dialog;
}

/* Answers the open question and lets the dialog close. */
static void
answer (AdwMessageDialog *dialog,
        const char       *response)
{
  g_assert_nonnull (dialog);
  g_assert_true (adw_message_dialog_has_response (dialog, response));
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  adw_message_dialog_response (dialog, response);
  /* A click on a button closes the dialog too; the call only responds. */
  gtk_window_close (GTK_WINDOW (dialog));
  for (guint i = 0; dialog != NULL && i < 200; i++)
    spin (10);
  if (dialog != NULL)
    {
      /* Closed but kept alive by someone: out of the way all the same. */
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
    }
}

static AciesWindow *
new_editor_window (const char *ruleset,
                   guint       width,
                   guint       height,
                   int         win_w,
                   int         win_h)
{
  AciesWindow *window = acies_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), win_w, win_h);
  gtk_window_present (GTK_WINDOW (window));
  act (window, "win.create-scenario", g_variant_new ("(suuss)", ruleset, width, height, "", ""));
  g_assert_nonnull (acies_window_get_scenario (window));
  g_assert_true (wait_drawn (acies_window_get_board_view (window), 0));
  return window;
}

/* Builds a small scenario from nothing through actions, saves it,
 * reopens and compares, validates. */
static void
test_build_from_nothing (void)
{
  AciesWindow *window = new_editor_window ("four-battles", 12, 10, 1366, 768);
  AciesScenario *s = acies_window_get_scenario (window);
  AciesEditor *editor = acies_window_get_editor (window);
  AciesEditorDocument *doc = acies_window_get_document (window);
  g_autofree char *path = g_build_filename (work_dir, "built.acies", NULL);
  g_autoptr(AciesScenario) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  g_autofree char *saved = NULL;
  g_autofree char *reread = NULL;
  const char *strip[] = { "0303", "0403", "0503", "0603" };
  GVariantBuilder edges;
  AciesEdge river_edge;

  /* New hex board of the ruleset's default terrain, XXYY numbers. */
  g_assert_cmpint (acies_board_get_kind (s->map.board), ==, ACIES_BOARD_HEX);
  g_assert_cmpuint (acies_board_get_width (s->map.board), ==, 12);
  g_assert_cmpstr (acies_board_cell_label (s->map.board, 0), ==, "0101");
  g_assert_cmpstr (acies_map_get_terrain (&s->map, cell (window, "0707")), ==, "clear");
  g_assert_true (acies_editor_document_get_dirty (doc));

  /* Paint terrain: one stroke is one undo step. */
  act (window, "editor.tool", g_variant_new_string ("terrain"));
  act (window, "editor.brush", g_variant_new_string ("woods"));
  act (window, "editor.paint", g_variant_new_strv (strip, G_N_ELEMENTS (strip)));
  for (guint i = 0; i < G_N_ELEMENTS (strip); i++)
    g_assert_cmpstr (acies_map_get_terrain (&s->map, cell (window, strip[i])), ==, "woods");
  g_assert_cmpuint (acies_editor_document_get_undo_depth (doc), ==, 1);
  act (window, "editor.brush-size", g_variant_new_int32 (2));
  act (window, "editor.brush", g_variant_new_string ("hill"));
  act (window, "editor.paint", g_variant_new_strv ((const char *[]) { "0909" }, 1));
  g_assert_cmpstr (acies_map_get_terrain (&s->map, cell (window, "0909")), ==, "hill");
  g_assert_cmpstr (acies_map_get_terrain (&s->map, cell (window, "0908")), ==, "hill");
  act (window, "editor.brush-size", g_variant_new_int32 (1));

  /* A river along hexsides. */
  act (window, "editor.tool", g_variant_new_string ("edge"));
  act (window, "editor.brush", g_variant_new_string ("river"));
  g_variant_builder_init (&edges, G_VARIANT_TYPE ("a(ss)"));
  g_variant_builder_add (&edges, "(ss)", "0105", "0106");
  g_variant_builder_add (&edges, "(ss)", "0205", "0206");
  g_variant_builder_add (&edges, "(ss)", "0306", "0206");
  g_variant_builder_add (&edges, "(ss)", "0306", "0307");
  act (window, "editor.draw-edges", g_variant_builder_end (&edges));
  river_edge = acies_board_edge_between (s->map.board, cell (window, "0205"), cell (window, "0206"));
  g_assert_true (acies_map_edge_has_feature (&s->map, river_edge, "river"));

  /* Two sides, a formation, units. */
  act (window, "editor.add-side", g_variant_new_string ("Rome"));
  act (window, "editor.add-side", g_variant_new_string ("Carthage"));
  g_assert_cmpuint (s->sides->len, ==, 2);
  act (window, "editor.add-formation", g_variant_new_string ("side-1"));
  g_assert_nonnull (acies_scenario_find_formation (s, "formation-1"));
  act (window, "editor.set-field", g_variant_new ("(sss)", "formation-1", "name", "Legio I"));
  act (window, "editor.add-unit", g_variant_new ("(ss)", "formation-1", "legion"));
  act (window, "editor.add-unit", g_variant_new ("(ss)", "formation-1", "cavalry"));
  act (window, "editor.add-unit", g_variant_new ("(ss)", "side-2", "infantry"));
  act (window, "editor.add-leader", g_variant_new ("(ss)", "side-2", "leader"));
  g_assert_cmpuint (s->units->len, ==, 3);
  g_assert_cmpuint (s->leaders->len, ==, 1);
  g_assert_cmpstr (acies_editor_get_selected_id (editor), ==, "leader-1");

  /* The inspector's values, typed by the catalogue. */
  act (window, "editor.set-param", g_variant_new ("(sss)", "unit-1", "sp", "8"));
  act (window, "editor.set-param", g_variant_new ("(sss)", "unit-1", "ma", "4"));
  g_assert_cmpint (json_object_get_int_member (acies_scenario_find_unit (s, "unit-1")->attrs, "sp"), ==, 8);

  /* Place them on the map, move, take back. */
  act (window, "editor.place", g_variant_new ("(ss)", "unit-1", "0402"));
  act (window, "editor.place", g_variant_new ("(ss)", "unit-2", "0502"));
  act (window, "editor.place", g_variant_new ("(ss)", "unit-3", "0409"));
  act (window, "editor.place", g_variant_new ("(ss)", "leader-1", "0409"));
  g_assert_cmpint (acies_scenario_find_unit (s, "unit-1")->cell, ==, cell (window, "0402"));

  /* Areas, victory and metadata. */
  act (window, "editor.add-area", g_variant_new ("(sss)", "setup", "Roman set-up", "side-1"));
  act (window, "editor.paint", g_variant_new_strv ((const char *[]) { "0401", "0402", "0501", "0502" }, 4));
  g_assert_cmpuint (acies_scenario_find_area (s, "area-1")->cells->len, ==, 4);
  act (window, "editor.add-rule", g_variant_new ("(ss)", "victory", "vp-ratio"));
  g_assert_cmpuint (s->victory->len, ==, 1);
  act (window, "editor.set-field", g_variant_new ("(sss)", "scenario", "title", "Test Battle"));
  act (window, "editor.set-field", g_variant_new ("(sss)", "scenario", "turn_limit", "8"));

  /* A provisional table cell replaced by a printed value. */
  act (window, "editor.set-table-cell", g_variant_new ("(ssss)", "crt", "3", "1:1", "\"EX\""));
  {
    AciesCatalogue *cat = acies_editor_document_get_catalogue (doc);
    AciesTable *table = acies_table_copy (acies_catalogue_find_table (cat, "crt"));
    const AciesTableCell *c;

    g_assert_nonnull (s->table_overrides);
    g_assert_true (acies_table_apply_override (table, json_object_get_object_member (s->table_overrides, "crt"),
                                               "$.table_overrides.crt", &error));
    g_assert_no_error (error);
    c = acies_table_lookup (table, "3", "1:1");
    g_assert_cmpint (c->source, ==, ACIES_SOURCE_RULEBOOK);
    g_assert_cmpstr (json_node_get_string (c->value), ==, "EX");
    acies_table_free (table);
  }

  /* An attribute out of its range: an error that names the unit; Play is
   * blocked with the reason; a click on it selects the unit and its cell. */
  act (window, "editor.set-param", g_variant_new ("(sss)", "unit-1", "sp", "99"));
  acies_editor_validate_now (editor);
  g_assert_cmpuint (acies_editor_get_n_errors (editor), >, 0);
  g_assert_nonnull (acies_window_get_play_blocked_reason (window));
  {
    GPtrArray *found = acies_editor_get_problems (editor);
    gint index = -1;

    for (guint i = 0; i < found->len; i++)
      if (g_strcmp0 (((AciesProblem *) g_ptr_array_index (found, i))->object_id, "unit-1") == 0)
        index = i;
    g_assert_cmpint (index, >=, 0);
    act (window, "editor.select", g_variant_new_string ("unit-3"));
    acies_editor_locate_problem (editor, index);
    g_assert_cmpstr (acies_editor_get_selected_id (editor), ==, "unit-1");
    g_assert_cmpint (acies_board_view_get_selected_cell (acies_window_get_board_view (window)), ==,
                     cell (window, "0402"));
    screenshot (GTK_WIDGET (window), "editor-problem-located.png");
  }
  act (window, "win.undo", NULL);
  g_assert_cmpint (json_object_get_int_member (acies_scenario_find_unit (s, "unit-1")->attrs, "sp"), ==, 8);

  /* Validation, live; Play is blocked with a reason while errors remain. */
  acies_editor_validate_now (editor);
  for (guint i = 0; acies_editor_get_problems (editor) && i < acies_editor_get_problems (editor)->len; i++)
    {
      AciesProblem *p = g_ptr_array_index (acies_editor_get_problems (editor), i);

      g_printerr ("# problem: %s %s %s\n", p->severity == ACIES_PROBLEM_ERROR ? "error" : "warning",
                  p->path, p->message);
    }
  /* Four Battles has no rules engine yet: Play stays blocked with a reason
   * that says so, whatever the problems. */
  g_assert_nonnull (acies_window_get_play_blocked_reason (window));
  if (acies_editor_get_n_errors (editor) == 0)
    g_assert_nonnull (strstr (acies_window_get_play_blocked_reason (window), "cannot play"));

  screenshot (GTK_WIDGET (window), "editor-built.png");
  act (window, "editor.show-page", g_variant_new_string ("inspector"));
  act (window, "editor.select", g_variant_new_string ("unit-1"));
  screenshot (GTK_WIDGET (window), "editor-inspector.png");
  act (window, "editor.show-page", g_variant_new_string ("problems"));
  screenshot (GTK_WIDGET (window), "editor-problems.png");
  act (window, "editor.show-page", g_variant_new_string ("tables"));
  screenshot (GTK_WIDGET (window), "editor-tables.png");
  act (window, "editor.show-page", g_variant_new_string ("rules"));
  screenshot (GTK_WIDGET (window), "editor-rules.png");

  /* Save, then read the file back: the same scenario. */
  act (window, "win.save-to", g_variant_new_string (path));
  g_assert_false (acies_editor_document_get_dirty (doc));
  loaded = acies_scenario_load_path (path, &error);
  g_assert_no_error (error);
  g_assert_true (acies_scenario_equal (loaded, s));
  saved = acies_scenario_to_data (s, NULL);
  reread = acies_scenario_to_data (loaded, NULL);
  g_assert_cmpstr (saved, ==, reread);
  g_assert_true (acies_scenario_validate (loaded, problems, &error));
  g_assert_no_error (error);

  /* Reopened in the application: the same again. */
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);
    AciesWindow *reopened;
    g_autofree char *shown = NULL;

    gtk_window_destroy (GTK_WINDOW (window));
    reopened = acies_application_open_file (app, file);
    g_assert_nonnull (reopened);
    shown = data_of (reopened);
    g_assert_cmpstr (shown, ==, saved);
    gtk_window_destroy (GTK_WINDOW (reopened));
  }
}

/* Every tool through its action: undo gives back the exact scenario
 * before, redo the exact one after. */
typedef struct
{
  const char *action;
  GVariant   *parameter;
} Step;

static void
test_undo_every_tool (void)
{
  AciesWindow *window = new_editor_window ("four-battles", 10, 8, 1200, 800);
  Step steps[] = {
    { "editor.add-side", g_variant_new_string ("A") },
    { "editor.add-side", g_variant_new_string ("B") },
    { "editor.tool", g_variant_new_string ("terrain") },
    { "editor.brush", g_variant_new_string ("swamp") },
    { "editor.paint", g_variant_new_strv ((const char *[]) { "0101", "0201", "0301" }, 3) },
    { "editor.fill", g_variant_new_string ("0505") },
    { "editor.tool", g_variant_new_string ("edge") },
    { "editor.brush", g_variant_new_string ("stream") },
    { "editor.draw-edges", g_variant_new_parsed ("[('0303', '0304'), ('0303', '0403')]") },
    { "editor.erase", g_variant_new_boolean (TRUE) },
    { "editor.draw-edges", g_variant_new_parsed ("[('0303', '0304')]") },
    { "editor.erase", g_variant_new_boolean (FALSE) },
    { "editor.tool", g_variant_new_string ("feature") },
    { "editor.brush", g_variant_new_string ("camp") },
    { "editor.paint", g_variant_new_strv ((const char *[]) { "0707" }, 1) },
    { "editor.tool", g_variant_new_string ("elevation") },
    { "editor.level", g_variant_new_int32 (2) },
    { "editor.paint", g_variant_new_strv ((const char *[]) { "0606", "0607" }, 2) },
    { "editor.add-area", g_variant_new ("(sss)", "objective", "Hill", "") },
    { "editor.paint", g_variant_new_strv ((const char *[]) { "0606", "0607" }, 2) },
    { "editor.add-formation", g_variant_new_string ("side-1") },
    { "editor.add-unit", g_variant_new ("(ss)", "formation-1", "legion") },
    { "editor.add-unit", g_variant_new ("(ss)", "side-2", "elephant") },
    { "editor.duplicate", g_variant_new_string ("unit-1") },
    { "editor.move-down", g_variant_new_string ("unit-1") },
    { "editor.reparent", g_variant_new ("(ss)", "unit-2", "formation-1") },
    { "editor.place", g_variant_new ("(ss)", "unit-1", "0202") },
    { "editor.place", g_variant_new ("(ss)", "unit-1", "0203") },
    { "editor.set-param", g_variant_new ("(sss)", "unit-1", "sp", "5") },
    { "editor.set-param", g_variant_new ("(sss)", "side-1", "demoralization", "20") },
    { "editor.set-field", g_variant_new ("(sss)", "side-1", "name", "Rome") },
    { "editor.set-field", g_variant_new ("(sss)", "scenario", "place", "Zama") },
    { "editor.add-rule", g_variant_new ("(ss)", "special", "chariots") },
    { "editor.add-rule", g_variant_new ("(ss)", "victory", "vp-ratio") },
    { "editor.remove-rule", g_variant_new ("(su)", "special", 0) },
    { "editor.pool-add", g_variant_new ("(ssi)", "side-2", "infantry", 3) },
    { "editor.reinforce", g_variant_new ("(su)", "unit-3", 4) },
    { "editor.set-table-cell", g_variant_new ("(ssss)", "crt", "3", "1:1", "\"EX\"") },
    { "editor.remove", g_variant_new_string ("formation-1") },
    { "editor.resize", g_variant_new ("(uu)", 14, 12) },
    { "editor.resize", g_variant_new ("(uu)", 6, 5) },
  };
  AciesEditorDocument *doc = acies_window_get_document (window);
  guint checked = 0;

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autofree char *before = data_of (window);
      g_autofree char *after = NULL;
      guint depth = acies_editor_document_get_undo_depth (doc);

      act (window, steps[i].action, steps[i].parameter);
      {
        /* Removing a formation with units asks first. */
        AdwMessageDialog *dialog = NULL;

        if (find_dialog (&dialog))
          answer (dialog, adw_message_dialog_has_response (dialog, "remove") ? "remove" : "resize");
      }
      if (acies_editor_document_get_undo_depth (doc) == depth)
        {
          /* Tool state only (tool, brush, erase, level): no edit. */
          after = data_of (window);
          g_assert_cmpstr (after, ==, before);
          continue;
        }

      g_assert_cmpuint (acies_editor_document_get_undo_depth (doc), ==, depth + 1);
      after = data_of (window);
      g_assert_cmpstr (after, !=, before);
      act (window, "win.undo", NULL);
      {
        g_autofree char *undone = data_of (window);

        if (g_strcmp0 (undone, before) != 0)
          g_error ("undo of %s did not restore the scenario", steps[i].action);
      }
      act (window, "win.redo", NULL);
      {
        g_autofree char *redone = data_of (window);

        if (g_strcmp0 (redone, after) != 0)
          g_error ("redo of %s did not give the same scenario", steps[i].action);
      }
      checked++;
    }
  g_test_message ("%u edits undone and redone exactly", checked);
  g_assert_cmpuint (checked, >=, 28);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double d = *(const double *) a - *(const double *) b;

  return d < 0 ? -1 : d > 0;
}

/* Bench: a brush stroke across a 60 × 40 hex map; each frame is the
 * edit plus the board's snapshot and its rendering. */
static void
test_bench_paint (void)
{
  AciesWindow *window = new_editor_window ("four-battles", 60, 40, 1366, 768);
  AciesBoardView *view = acies_window_get_board_view (window);
  GtkWidget *widget = GTK_WIDGET (view);
  GskRenderer *renderer;
  double width, height, worst = 0, total = 0;
  guint frames = 0;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_times = g_array_new (FALSE, FALSE, sizeof (double));

  act (window, "editor.tool", g_variant_new_string ("terrain"));
  act (window, "editor.brush", g_variant_new_string ("woods"));
  act (window, "editor.brush-size", g_variant_new_int32 (2));
  /* The board as wide as the window: the most pixels per frame. */
  acies_editor_set_sidebars_visible (acies_window_get_editor (window), FALSE);
  spin (500);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_assert_nonnull (renderer);

  g_signal_emit_by_name (view, "stroke-begin", 2.0, height / 2);
  for (double x = 2; x < width - 2; x += width / 120.0)
    {
      gint64 start = g_get_monotonic_time ();
      gint64 cpu_start = thread_cpu_us ();
      double cpu_ms;
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      double ms;

      gint64 t1, t2;

      g_signal_emit_by_name (view, "stroke-update", x, height / 2 + 20 * sin (x / 40.0));
      t1 = g_get_monotonic_time ();
      GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      t2 = g_get_monotonic_time ();
      if (node != NULL)
        texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
      ms = (g_get_monotonic_time () - start) / 1000.0;
      cpu_ms = (thread_cpu_us () - cpu_start) / 1000.0;
      g_array_append_val (cpu_times, cpu_ms);
      if (g_getenv ("ACIES_BENCH_VERBOSE"))
        g_printerr ("# frame at x=%.0f: edit %.2f ms, snapshot %.2f ms, render %.2f ms\n", x,
                    (t1 - start) / 1000.0, (t2 - t1) / 1000.0, (g_get_monotonic_time () - t2) / 1000.0);
      g_array_append_val (times, ms);
      total += ms;
      worst = MAX (worst, ms);
      frames++;
    }
  g_signal_emit_by_name (view, "stroke-end", width - 2, height / 2);

  /* After the stroke, one full drawing of the changed map. */
  {
    gint64 start = g_get_monotonic_time ();
    g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
    g_autoptr(GskRenderNode) node = NULL;
    g_autoptr(GdkTexture) texture = NULL;

    GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
    node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
    texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
    g_printerr ("# bench paint: the full redraw after the stroke took %.2f ms\n",
                (g_get_monotonic_time () - start) / 1000.0);
  }

  /* One stroke, one command. */
  g_assert_cmpuint (acies_editor_document_get_undo_depth (acies_window_get_document (window)), ==, 1);

  g_array_sort (times, compare_doubles);
  g_array_sort (cpu_times, compare_doubles);
  double load[1] = { 0 };
  {
    g_autofree char *loadavg = NULL;

    if (g_file_get_contents ("/proc/loadavg", &loadavg, NULL, NULL))
      load[0] = g_ascii_strtod (loadavg, NULL);
    g_printerr ("# bench paint stroke on 60x40 hex, %dx%d board view, load average %.1f: %u frames; "
                "wall mean %.2f ms, median %.2f ms, p95 %.2f ms, worst %.2f ms; "
                "CPU median %.2f ms, p95 %.2f ms, worst %.2f ms\n",
                (int) width, (int) height, load[0], frames, total / frames,
                g_array_index (times, double, frames / 2),
                g_array_index (times, double, frames * 95 / 100), worst,
                g_array_index (cpu_times, double, frames / 2),
                g_array_index (cpu_times, double, frames * 95 / 100),
                g_array_index (cpu_times, double, frames - 1));
  }
  screenshot (GTK_WIDGET (window), "editor-60x40-stroke.png");

  /* Undo in the window (the editor's handlers included), 10,000 edits
   * one by one. */
  {
    AciesEditorDocument *doc = acies_window_get_document (window);
    AciesScenario *s = acies_window_get_scenario (window);
    const char *terrain[] = { "woods", "hill", "swamp", "clear" };
    guint n = 10000, n_cells = acies_board_get_n_cells (s->map.board);
    gint64 total_us = 0, worst_us = 0;

    for (guint i = 0; i < n; i++)
      {
        AciesCell c = (i * 7919) % n_cells;
        const char *paint = terrain[i % 4];

        if (g_str_equal (acies_map_get_terrain (&s->map, c), paint))
          paint = terrain[(i + 1) % 4];
        acies_editor_document_break_merge (doc);
        g_assert_cmpuint (acies_editor_document_paint_terrain (doc, &c, 1, paint, FALSE), ==, 1);
      }
    for (guint i = 0; i < n; i++)
      {
        gint64 start = g_get_monotonic_time (), t;

        act (window, "win.undo", NULL);
        t = g_get_monotonic_time () - start;
        total_us += t;
        worst_us = MAX (worst_us, t);
      }
    g_printerr ("# bench undo in the window: %u steps, mean %.4f ms, worst %.3f ms\n",
                n, total_us / 1000.0 / n, worst_us / 1000.0);
    g_assert_cmpfloat (total_us / 1000.0 / n, <, 1.0);
  }

  /* The work of a frame (CPU time, which waiting for a shared processor
   * does not stretch) stays within a 60 Hz frame.  On a machine shared
   * with more work than it has cores, caches are shared too: the median
   * is checked there, the 95th percentile and the wall time when the
   * machine is free enough to measure them. */
  g_assert_cmpfloat (g_array_index (cpu_times, double, frames / 2), <=, 16.0);
  if (load[0] < g_get_num_processors ())
    {
      g_assert_cmpfloat (g_array_index (cpu_times, double, frames * 95 / 100), <=, 16.0);
      g_assert_cmpfloat (g_array_index (times, double, frames / 2), <=, 16.0);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Widget pixels of a board point, from the view's own mapping. */
static void
board_to_widget (AciesBoardView *view,
                 double          bx,
                 double          by,
                 double         *x,
                 double         *y)
{
  double b0x, b0y, b1x, b1y, size;

  g_assert_true (acies_board_view_point_to_board (view, 0, 0, &b0x, &b0y));
  g_assert_true (acies_board_view_point_to_board (view, 100, 100, &b1x, &b1y));
  size = 100.0 / (b1x - b0x);
  *x = (bx - b0x) * size;
  *y = (by - b0y) * size;
}

static void
edge_midpoint (AciesWindow *window,
               const char  *a,
               const char  *b,
               double      *x,
               double      *y)
{
  const AciesBoard *board = acies_window_get_scenario (window)->map.board;
  AciesEdge edge = acies_board_edge_between (board, cell (window, a), cell (window, b));
  double x1, y1, x2, y2;

  acies_board_edge_segment (board, edge, &x1, &y1, &x2, &y2);
  /* A little inside @a: the pointer is over a cell, nearest this side. */
  {
    double cx, cy;

    acies_board_cell_center (board, cell (window, a), &cx, &cy);
    board_to_widget (acies_window_get_board_view (window),
                     0.85 * (x1 + x2) / 2 + 0.15 * cx, 0.85 * (y1 + y2) / 2 + 0.15 * cy, x, y);
  }
}

/* The tools as the pointer and the keyboard use them: strokes on the board
 * view, the nearest hexside under the pointer, a dragged counter, Enter
 * on the focus cell. */
static void
test_pointer_tools (void)
{
  AciesWindow *window = new_editor_window ("four-battles", 10, 8, 1366, 768);
  AciesBoardView *view = acies_window_get_board_view (window);
  AciesScenario *s = acies_window_get_scenario (window);
  const AciesBoard *board = s->map.board;
  AciesEditorDocument *doc = acies_window_get_document (window);
  double x, y, cx, cy;
  guint depth;

  spin (300);

  /* A river drawn along two hexsides in one stroke. */
  act (window, "editor.tool", g_variant_new_string ("edge"));
  act (window, "editor.brush", g_variant_new_string ("river"));
  edge_midpoint (window, "0404", "0405", &x, &y);
  g_signal_emit_by_name (view, "stroke-begin", x, y);
  edge_midpoint (window, "0505", "0405", &x, &y);
  g_signal_emit_by_name (view, "stroke-update", x, y);
  g_signal_emit_by_name (view, "stroke-end", x, y);
  g_assert_true (acies_map_edge_has_feature (&s->map, acies_board_edge_between (board, cell (window, "0404"), cell (window, "0405")), "river"));
  g_assert_true (acies_map_edge_has_feature (&s->map, acies_board_edge_between (board, cell (window, "0505"), cell (window, "0405")), "river"));
  g_assert_cmpuint (acies_editor_document_get_undo_depth (doc), ==, 1);

  /* A unit dragged with the select tool. */
  act (window, "editor.add-side", g_variant_new_string ("A"));
  act (window, "editor.add-unit", g_variant_new ("(ss)", "side-1", "legion"));
  act (window, "editor.place", g_variant_new ("(ss)", "unit-1", "0202"));
  act (window, "editor.tool", g_variant_new_string ("select"));
  acies_board_cell_center (board, cell (window, "0202"), &cx, &cy);
  board_to_widget (view, cx, cy, &x, &y);
  g_signal_emit_by_name (view, "stroke-begin", x, y);
  g_assert_cmpstr (acies_editor_get_selected_id (acies_window_get_editor (window)), ==, "unit-1");
  acies_board_cell_center (board, cell (window, "0606"), &cx, &cy);
  board_to_widget (view, cx, cy, &x, &y);
  g_signal_emit_by_name (view, "stroke-update", x, y);
  g_signal_emit_by_name (view, "stroke-end", x, y);
  g_assert_cmpint (acies_scenario_find_unit (s, "unit-1")->cell, ==, cell (window, "0606"));

  /* A click on an empty cell selects the cell: the inspector shows it. */
  acies_board_cell_center (board, cell (window, "0303"), &cx, &cy);
  board_to_widget (view, cx, cy, &x, &y);
  g_signal_emit_by_name (view, "stroke-begin", x, y);
  g_signal_emit_by_name (view, "stroke-end", x, y);
  g_assert_null (acies_editor_get_selected_id (acies_window_get_editor (window)));
  g_assert_cmpint (acies_board_view_get_selected_cell (view), ==, cell (window, "0303"));
  act (window, "editor.show-page", g_variant_new_string ("inspector"));
  screenshot (GTK_WIDGET (window), "editor-cell-inspector.png");

  /* Enter on the focus cell paints it. */
  act (window, "editor.tool", g_variant_new_string ("terrain"));
  act (window, "editor.brush", g_variant_new_string ("forest"));
  depth = acies_editor_document_get_undo_depth (doc);
  g_signal_emit_by_name (view, "cell-activated", cell (window, "0808"));
  g_assert_cmpstr (acies_map_get_terrain (&s->map, cell (window, "0808")), ==, "forest");
  g_assert_cmpuint (acies_editor_document_get_undo_depth (doc), ==, depth + 1);

  /* The eyedropper picks it up again. */
  act (window, "editor.brush", g_variant_new_string ("clear"));
  act (window, "editor.tool", g_variant_new_string ("eyedropper"));
  g_signal_emit_by_name (view, "cell-activated", cell (window, "0808"));
  {
    g_autoptr(GVariant) brush = g_action_group_get_action_state (acies_editor_get_action_group (acies_window_get_editor (window)),
                                                                 "brush");

    g_assert_cmpstr (g_variant_get_string (brush, NULL), ==, "forest");
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
find_dialog (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        {
          *(AdwMessageDialog **) data = ADW_MESSAGE_DIALOG (w);
          return TRUE;
        }
    }
  return FALSE;
}

/* After a crash: the autosave left behind is offered, and recovered as an
 * unsaved document of the original file. */
static void
test_recovery (void)
{
  g_autoptr(AciesScenario) lost = NULL;
  g_autofree char *dir = acies_editor_autosave_dir ();
  g_autofree char *path = g_build_filename (dir, "crashed.acies", NULL);
  g_autofree char *origin = g_strconcat (path, ".origin", NULL);
  g_autofree char *original = g_build_filename (work_dir, "original.acies", NULL);
  g_autofree char *original_uri = g_filename_to_uri (original, NULL, NULL);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog = NULL;
  AciesWindow *window;
  gint64 end;

  lost = acies_new_scenario_create ("grass-crown", 0, 0, NULL, NULL, &error);
  g_assert_no_error (error);
  g_free (lost->meta.title);
  lost->meta.title = g_strdup ("Lost in a crash");
  data = acies_scenario_to_data (lost, NULL);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, data, -1, &error));
  g_assert_true (g_file_set_contents (origin, original_uri, -1, &error));

  window = acies_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (acies_window_offer_recovery (window));
  end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (!find_dialog (&dialog) && g_get_monotonic_time () < end)
    spin (20);
  g_assert_nonnull (dialog);
  screenshot (GTK_WIDGET (dialog), "recovery-dialog.png");
  adw_message_dialog_response (dialog, "recover");

  g_assert_nonnull (acies_window_get_scenario (window));
  g_assert_cmpstr (acies_window_get_scenario (window)->meta.title, ==, "Lost in a crash");
  g_assert_true (acies_editor_document_get_dirty (acies_window_get_document (window)));
  g_assert_nonnull (acies_window_get_file (window));
  g_assert_true (g_str_has_suffix (g_file_peek_path (acies_window_get_file (window)), "original.acies"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_new_scenario_dialog (void)
{
  AciesWindow *window = acies_window_new (app);
  GtkWindow *dialog;

  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 768);
  gtk_window_present (GTK_WINDOW (window));
  spin (100);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (app), "new-scenario"));
  dialog = acies_new_scenario_dialog_new (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  spin (300);
  screenshot (GTK_WIDGET (dialog), "new-scenario-dialog.png");
  gtk_window_destroy (dialog);

  /* Each ruleset gives its own board kind. */
  {
    const char *ids[] = { "grass-crown", "lost-battles", "simple-gboh" };
    AciesBoardKind kinds[] = { ACIES_BOARD_SQUARE, ACIES_BOARD_ZONES, ACIES_BOARD_HEX };

    for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(AciesScenario) s = acies_new_scenario_create (ids[i], 0, 0, NULL, NULL, &error);

        g_assert_no_error (error);
        g_assert_cmpint (acies_board_get_kind (s->map.board), ==, kinds[i]);
      }
  }

  /* Lost Battles' zone board in the editor, with its cell features. */
  act (window, "win.create-scenario", g_variant_new ("(suuss)", "lost-battles", 0, 0, "", ""));
  act (window, "editor.tool", g_variant_new_string ("feature"));
  act (window, "editor.brush", g_variant_new_string ("hill"));
  act (window, "editor.paint", g_variant_new_strv ((const char *[]) { "A1 Left Wing" }, 1));
  g_assert_true (acies_map_cell_has_feature (&acies_window_get_scenario (window)->map, 0, "hill"));
  screenshot (GTK_WIDGET (window), "editor-zones.png");
  gtk_window_destroy (GTK_WINDOW (window));
}


/* Issue 5, item 1: a resize or a removal that loses units asks first
 * (Cancel keeps everything); none is asked when nothing is lost; Undo
 * restores all. */
static void
test_confirm_losses (void)
{
  AciesWindow *window = new_editor_window ("four-battles", 10, 8, 1366, 768);
  AciesScenario *s = acies_window_get_scenario (window);
  AciesEditorDocument *doc = acies_window_get_document (window);
  AdwMessageDialog *dialog;
  g_autofree char *before = NULL;
  g_autofree char *body = NULL;
  guint depth;

  act (window, "editor.add-side", g_variant_new_string ("A"));
  act (window, "editor.add-formation", g_variant_new_string ("side-1"));
  act (window, "editor.add-formation", g_variant_new_string ("side-1"));
  act (window, "editor.add-unit", g_variant_new ("(ss)", "formation-1", "legion"));
  act (window, "editor.add-unit", g_variant_new ("(ss)", "formation-1", "legion"));
  act (window, "editor.add-leader", g_variant_new ("(ss)", "formation-1", ""));
  act (window, "editor.place", g_variant_new ("(ss)", "unit-1", "0808"));
  act (window, "editor.place", g_variant_new ("(ss)", "unit-2", "0907"));
  g_assert_nonnull (acies_scenario_find_leader (s, "leader-1"));
  act (window, "editor.place", g_variant_new ("(ss)", "leader-1", "0706"));
  act (window, "editor.place", g_variant_new ("(ss)", "unit-2", "0202"));
  act (window, "editor.place", g_variant_new ("(ss)", "unit-2", "0907"));
  g_assert_null (wait_dialog (0));
  before = data_of (window);
  depth = acies_editor_document_get_undo_depth (doc);

  /* Smaller: the question, and Cancel changes nothing. */
  act (window, "editor.resize", g_variant_new ("(uu)", 6, 5));
  dialog = wait_dialog (2000);
  g_assert_nonnull (dialog);
  g_object_get (dialog, "body", &body, NULL);
  g_test_message ("resize question: %s", body);
  g_assert_nonnull (strstr (body, "2 units and 1 leader"));
  screenshot (GTK_WIDGET (dialog), "editor-resize-question.png");
  answer (dialog, "cancel");
  g_assert_cmpuint (acies_board_get_width (s->map.board), ==, 10);
  {
    g_autofree char *now = data_of (window);

    g_assert_cmpstr (now, ==, before);
  }
  g_assert_cmpuint (acies_editor_document_get_undo_depth (doc), ==, depth);

  /* Resize: done; the units go off the map; Undo puts them back. */
  act (window, "editor.resize", g_variant_new ("(uu)", 6, 5));
  answer (wait_dialog (2000), "resize");
  g_assert_cmpuint (acies_board_get_width (s->map.board), ==, 6);
  g_assert_cmpint (acies_scenario_find_unit (s, "unit-1")->cell, ==, ACIES_CELL_NONE);
  act (window, "win.undo", NULL);
  {
    g_autofree char *now = data_of (window);

    g_assert_cmpstr (now, ==, before);
  }

  /* Larger, or smaller without units beyond: no question. */
  act (window, "editor.resize", g_variant_new ("(uu)", 12, 9));
  g_assert_null (wait_dialog (300));
  g_assert_cmpuint (acies_board_get_width (s->map.board), ==, 12);
  act (window, "editor.resize", g_variant_new ("(uu)", 11, 9));
  g_assert_null (wait_dialog (300));
  g_assert_cmpuint (acies_board_get_width (s->map.board), ==, 11);
  act (window, "win.undo", NULL);
  act (window, "win.undo", NULL);

  /* A formation with units: asked; Cancel keeps it. */
  act (window, "editor.remove", g_variant_new_string ("formation-1"));
  dialog = wait_dialog (2000);
  g_assert_nonnull (dialog);
  g_clear_pointer (&body, g_free);
  g_object_get (dialog, "body", &body, NULL);
  g_assert_nonnull (strstr (body, "2 units and 1 leader"));
  answer (dialog, "cancel");
  g_assert_nonnull (acies_scenario_find_formation (s, "formation-1"));
  g_assert_nonnull (acies_scenario_find_unit (s, "unit-1"));
  act (window, "editor.remove", g_variant_new_string ("formation-1"));
  answer (wait_dialog (2000), "remove");
  g_assert_null (acies_scenario_find_formation (s, "formation-1"));
  g_assert_null (acies_scenario_find_unit (s, "unit-1"));
  g_assert_null (acies_scenario_find_leader (s, "leader-1"));
  act (window, "win.undo", NULL);
  {
    g_autofree char *now = data_of (window);

    g_assert_cmpstr (now, ==, before);
  }

  /* An empty formation goes without a question; a side with units asks. */
  act (window, "editor.remove", g_variant_new_string ("formation-2"));
  g_assert_null (wait_dialog (300));
  g_assert_null (acies_scenario_find_formation (s, "formation-2"));
  act (window, "editor.remove", g_variant_new_string ("side-1"));
  dialog = wait_dialog (2000);
  g_assert_nonnull (dialog);
  answer (dialog, "remove");
  g_assert_cmpuint (s->sides->len, ==, 0);
  act (window, "win.undo", NULL);
  act (window, "win.undo", NULL);
  {
    g_autofree char *now = data_of (window);

    g_assert_cmpstr (now, ==, before);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Issue 5, item 2: after an edit the army list keeps its scroll position
 * and its selected row. */
static void
test_army_list_keeps_place (void)
{
  AciesWindow *window = new_editor_window ("four-battles", 10, 8, 1366, 768);
  AciesEditor *editor = acies_window_get_editor (window);
  GtkListView *list;
  GtkAdjustment *adjustment;
  GtkSingleSelection *selection;
  double value;
  guint selected;

  act (window, "editor.add-side", g_variant_new_string ("A"));
  for (guint i = 0; i < 60; i++)
    act (window, "editor.add-unit", g_variant_new ("(ss)", "side-1", "legion"));
  acies_editor_show_page (editor, "army");
  spin (300);
  list = GTK_LIST_VIEW (find_widget (GTK_WIDGET (editor), GTK_TYPE_LIST_VIEW));
  g_assert_nonnull (list);
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list));
  selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (list));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment) + 200);

  /* Down the list, a unit near the end selected. */
  acies_editor_select (editor, "unit-55");
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment));
  spin (200);
  value = gtk_adjustment_get_value (adjustment);
  selected = gtk_single_selection_get_selected (selection);
  g_assert_cmpfloat (value, >, 200);
  g_assert_cmpuint (selected, !=, GTK_INVALID_LIST_POSITION);

  /* An edit of the selected unit rebuilds the tree. */
  act (window, "editor.set-field", g_variant_new ("(sss)", "unit-55", "name", "Legio XV"));
  spin (300);
  g_assert_cmpstr (acies_editor_get_selected_id (editor), ==, "unit-55");
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, selected);
  g_assert_cmpfloat (fabs (gtk_adjustment_get_value (adjustment) - value), <, 1.0);

  /* A structural edit elsewhere (a unit added at the end) too. */
  act (window, "editor.add-unit", g_variant_new ("(ss)", "side-1", "legion"));
  acies_editor_select (editor, "unit-55");
  spin (300);
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, selected);
  g_assert_cmpfloat (fabs (gtk_adjustment_get_value (adjustment) - value), <, 1.0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A point in the widget a little inside @a from the middle of side @dir. */
static void
side_point (AciesWindow *window,
            const char  *a,
            guint        dir,
            double      *x,
            double      *y)
{
  const AciesBoard *board = acies_window_get_scenario (window)->map.board;
  AciesEdge edge = acies_board_edge_of (board, cell (window, a), dir);
  double x1, y1, x2, y2, cx, cy;

  g_assert_cmpint (edge, !=, ACIES_EDGE_NONE);
  acies_board_edge_segment (board, edge, &x1, &y1, &x2, &y2);
  acies_board_cell_center (board, cell (window, a), &cx, &cy);
  board_to_widget (acies_window_get_board_view (window),
                   0.85 * (x1 + x2) / 2 + 0.15 * cx, 0.85 * (y1 + y2) / 2 + 0.15 * cy, x, y);
}

/* Issue 5, items 3 and 6: a fast drag draws every hexside it passes; the
 * pen does not draw on the map border; a click off the board with the
 * select tool clears the selection. */
static void
test_fast_drag_and_border (void)
{
  AciesWindow *window = new_editor_window ("four-battles", 10, 8, 1366, 768);
  AciesBoardView *view = acies_window_get_board_view (window);
  AciesScenario *s = acies_window_get_scenario (window);
  const AciesBoard *board = s->map.board;
  AciesCell centre = cell (window, "0504");
  double x, y;
  guint n_drawn = 0;

  spin (300);
  act (window, "editor.tool", g_variant_new_string ("edge"));
  act (window, "editor.brush", g_variant_new_string ("river"));

  /* From the middle of side 0 to the middle of side 2 of one hex in a
   * single motion event: side 1 lies between them. */
  side_point (window, "0504", 0, &x, &y);
  g_signal_emit_by_name (view, "stroke-begin", x, y);
  side_point (window, "0504", 2, &x, &y);
  g_signal_emit_by_name (view, "stroke-update", x, y);
  g_signal_emit_by_name (view, "stroke-end", x, y);
  for (guint d = 0; d < 3; d++)
    {
      AciesEdge edge = acies_board_edge_of (board, centre, d);

      if (!acies_map_edge_has_feature (&s->map, edge, "river"))
        g_error ("side %u of 0504 (%s) was skipped", d, acies_board_edge_label (board, edge));
    }
  for (guint e = 0; e < acies_board_get_n_edges (board); e++)
    n_drawn += acies_map_edge_has_feature (&s->map, e, "river");
  g_assert_cmpuint (n_drawn, <=, 5);

  /* Along the bottom of the map and out past the border: only sides
   * between two cells are drawn. */
  {
    AciesCell bottom = cell (window, "0508");
    double cx, cy;

    acies_board_cell_center (board, bottom, &cx, &cy);
    board_to_widget (view, cx, cy, &x, &y);
    g_signal_emit_by_name (view, "stroke-begin", x, y);
    for (guint i = 1; i <= 20; i++)
      g_signal_emit_by_name (view, "stroke-update", x + i * 3.0, y + i * 4.0);
    g_signal_emit_by_name (view, "stroke-end", x + 60.0, y + 80.0);
    for (guint e = 0; e < acies_board_get_n_edges (board); e++)
      if (acies_map_edge_has_feature (&s->map, e, "river"))
        {
          AciesCell a = ACIES_CELL_NONE, b = ACIES_CELL_NONE;

          acies_board_edge_cells (board, e, &a, &b);
          if (a == ACIES_CELL_NONE || b == ACIES_CELL_NONE)
            g_error ("a river on the border side %s", acies_board_edge_label (board, e));
        }
  }

  /* Select a unit, then click off the board: nothing selected. */
  act (window, "editor.add-side", g_variant_new_string ("A"));
  act (window, "editor.add-unit", g_variant_new ("(ss)", "side-1", "legion"));
  act (window, "editor.place", g_variant_new ("(ss)", "unit-1", "0303"));
  act (window, "editor.tool", g_variant_new_string ("select"));
  acies_editor_select (acies_window_get_editor (window), "unit-1");
  acies_board_view_set_selected_cell (view, cell (window, "0303"));
  g_assert_cmpstr (acies_editor_get_selected_id (acies_window_get_editor (window)), ==, "unit-1");
  x = 2;
  y = 2;
  g_assert_cmpint (acies_board_view_cell_at_point (view, x, y), ==, ACIES_CELL_NONE);
  g_signal_emit_by_name (view, "stroke-begin", x, y);
  g_signal_emit_by_name (view, "stroke-end", x, y);
  g_assert_null (acies_editor_get_selected_id (acies_window_get_editor (window)));
  g_assert_cmpint (acies_board_view_get_selected_cell (view), ==, ACIES_CELL_NONE);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
collect_palette_labels (GtkWidget *widget,
                        GPtrArray *labels)
{
  if (GTK_IS_LIST_BOX_ROW (widget) && g_object_get_data (G_OBJECT (widget), "brush") != NULL)
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (widget));

      for (GtkWidget *child = gtk_widget_get_first_child (box); child; child = gtk_widget_get_next_sibling (child))
        if (GTK_IS_LABEL (child))
          g_ptr_array_add (labels, child);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_palette_labels (child, labels);
}

/* Issue 5, item 7: the palette shows full names at 1366 × 768 and
 * 1920 × 1080 (no ellipsis; long ones wrap). */
static void
test_palette_full_names (void)
{
  const struct { int w, h; } sizes[] = { { 1366, 768 }, { 1920, 1080 } };
  const char *tools[] = { "terrain", "edge", "feature" };
  const char *rulesets[] = { "four-battles", "simple-gboh", "grass-crown" };

  for (guint r = 0; r < G_N_ELEMENTS (rulesets); r++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        AciesWindow *window = new_editor_window (rulesets[r], 0, 0, sizes[z].w, sizes[z].h);
        guint checked = 0;

        for (guint t = 0; t < G_N_ELEMENTS (tools); t++)
          {
            g_autoptr(GPtrArray) labels = g_ptr_array_new ();

            act (window, "editor.tool", g_variant_new_string (tools[t]));
            spin (200);
            collect_palette_labels (GTK_WIDGET (acies_window_get_editor (window)), labels);
            for (guint i = 0; i < labels->len; i++)
              {
                GtkLabel *label = g_ptr_array_index (labels, i);
                PangoLayout *layout = gtk_label_get_layout (label);
                int width, height;

                if (!gtk_widget_get_mapped (GTK_WIDGET (label)))
                  continue;
                pango_layout_get_pixel_size (layout, &width, &height);
                if (pango_layout_is_ellipsized (layout) || width > gtk_widget_get_width (GTK_WIDGET (label)) + 1)
                  g_error ("%s, %d × %d, %s tool: “%s” is cut (%d px in %d px)", rulesets[r], sizes[z].w, sizes[z].h,
                           tools[t], gtk_label_get_text (label), width, gtk_widget_get_width (GTK_WIDGET (label)));
                g_assert_nonnull (gtk_widget_get_tooltip_text (gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (label)))));
                checked++;
              }
            if (z == 0 && t == 0)
              {
                g_autofree char *name = g_strdup_printf ("editor-palette-%s-%dx%d.png", rulesets[r], sizes[z].w, sizes[z].h);

                screenshot (GTK_WIDGET (window), name);
              }
          }
        g_assert_cmpuint (checked, >, 3);
        gtk_window_destroy (GTK_WINDOW (window));
      }
}

/* Typed numbers (issue 5: "number fields silently clamp letters"): a
 * parameter's field says what is wrong with letters or a number out of
 * its range, keeps its value, and takes a good number. */
static void
typed_value_cb (const AciesParamSpec *spec,
                JsonNode             *value,
                gpointer              user_data)
{
  gint64 *last = user_data;

  *last = value != NULL ? json_node_get_int (value) : -1;
}

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_error_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "error"))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_error_label (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_typed_number_errors (void)
{
  AciesParamSpec spec = { .id = (char *) "rally", .label = (char *) "Rally Limit",
                          .type = ACIES_VALUE_INT, .min = 1, .max = 12 };
  g_autoptr(JsonNode) current = json_node_new (JSON_NODE_VALUE);
  gint64 last = 0;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *field, *label, *typed;
  GtkSpinButton *spin;

  json_node_set_int (current, 5);
  field = acies_param_widget_new (&spec, current, NULL, typed_value_cb, &last, NULL);
  gtk_window_set_child (GTK_WINDOW (window), field);
  gtk_window_present (GTK_WINDOW (window));
  spin = GTK_SPIN_BUTTON (find_descendant (field, GTK_TYPE_SPIN_BUTTON));
  label = find_error_label (field);
  g_assert_nonnull (spin);
  g_assert_nonnull (label);
  g_assert_false (gtk_widget_get_visible (label));
  /* Keys go to the spin button's GtkText. */
  typed = find_descendant (GTK_WIDGET (spin), GTK_TYPE_TEXT);
  g_assert_nonnull (typed);

  /* Letters: said while typed, and again when entered; the value stays. */
  gtk_editable_set_text (GTK_EDITABLE (typed), "abc");
  g_assert_true (gtk_widget_get_visible (label));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "“abc” is not a whole number from 1 to 12"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (spin), "error"));
  gtk_spin_button_update (spin);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 5);
  g_assert_true (gtk_widget_get_visible (label));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "it stays 5"));
  g_assert_cmpint (last, ==, 0);

  /* Out of range: not clamped to 12. */
  gtk_editable_set_text (GTK_EDITABLE (typed), "99");
  g_assert_true (gtk_widget_get_visible (label));
  gtk_spin_button_update (spin);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 5);
  g_assert_cmpint (last, ==, 0);

  /* A good number: taken, the message goes. */
  gtk_editable_set_text (GTK_EDITABLE (typed), "7");
  g_assert_false (gtk_widget_get_visible (label));
  gtk_spin_button_update (spin);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 7);
  g_assert_cmpint (last, ==, 7);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (spin), "error"));

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

  work_dir = g_dir_make_tmp ("acies-editor-ui-XXXXXX", NULL);
  {
    g_autofree char *data = g_build_filename (work_dir, "data", NULL);

    /* Autosaves go to a throw-away folder, never the user's. */
    g_setenv ("XDG_DATA_HOME", data, TRUE);
  }
  g_setenv ("GSETTINGS_SCHEMA_DIR", ACIES_SCHEMA_DIR, TRUE);
  if (g_getenv ("GSETTINGS_BACKEND") == NULL)
    g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  gtk_test_init (&argc, &argv, NULL);

  app = acies_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/acies/editor/ui/build-from-nothing", test_build_from_nothing);
  g_test_add_func ("/acies/editor/ui/undo-every-tool", test_undo_every_tool);
  g_test_add_func ("/acies/editor/ui/new-scenario", test_new_scenario_dialog);
  g_test_add_func ("/acies/editor/ui/recovery", test_recovery);
  g_test_add_func ("/acies/editor/ui/pointer-tools", test_pointer_tools);
  g_test_add_func ("/acies/editor/ui/confirm-losses", test_confirm_losses);
  g_test_add_func ("/acies/editor/ui/army-list-keeps-place", test_army_list_keeps_place);
  g_test_add_func ("/acies/editor/ui/fast-drag-and-border", test_fast_drag_and_border);
  g_test_add_func ("/acies/editor/ui/palette-full-names", test_palette_full_names);
  g_test_add_func ("/acies/editor/ui/typed-number-errors", test_typed_number_errors);
  g_test_add_func ("/acies/editor/ui/bench-paint", test_bench_paint);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
