/* test-board-view.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * AciesBoardView at scale (issue 21): nothing is drawn again while nothing
 * changes (setters given what is shown already queue no frame); an edit
 * told with acies_board_view_cells_changed() reaches the screen; the
 * picture is the renderer's, by tiles, for the cairo renderer and for
 * others.
 */

#define G_LOG_DOMAIN "acies-test-board-view"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <gtk/gtk.h>

#include "render/acies-palette.h"
#include "render/acies-render.h"

#include "acies-board-view-private.h"

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
drawn_since (AciesBoardView *view,
             guint           count,
             guint           ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    {
      if (acies_board_view_get_draw_count (view) > count)
        return TRUE;
      g_main_context_iteration (NULL, FALSE);
    }
  return acies_board_view_get_draw_count (view) > count;
}

static AciesScenario *
scenario_new (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_hex (24, 16, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  AciesScenario *scenario = acies_scenario_new ("four-battles", board, "clear");
  AciesSide *side = acies_side_new ("red", "Red");

  side->colour = g_strdup ("#c01c28");
  g_ptr_array_add (scenario->sides, side);
  for (guint i = 0; i < 12; i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i);
      AciesUnit *unit = acies_unit_new (id, "red", "infantry");

      json_object_set_int_member (unit->attrs, "sp", 4);
      json_object_set_int_member (unit->attrs, "ma", 4);
      unit->cell = acies_board_cell_at (board, 2 + i, 3);
      g_ptr_array_add (scenario->units, unit);
    }
  return scenario;
}

/* The view's picture through @renderer. */
static GdkTexture *
picture (GtkWidget   *widget,
         GskRenderer *renderer)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

static void
colour_at (GdkTexture *texture,
           int         x,
           int         y,
           int        *r,
           int        *g,
           int        *b)
{
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guchar *pixels = g_malloc ((gsize) width * height * 4);
  const guchar *p;

  gdk_texture_download (texture, pixels, width * 4);
  p = pixels + ((gsize) y * width + x) * 4;
  *b = p[0];
  *g = p[1];
  *r = p[2];
}

/* Setters given what is already shown draw nothing; with nothing
 * changing, no frame is drawn at all. */
static void
test_idle (void)
{
  g_autoptr(AciesScenario) scenario = scenario_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = acies_board_view_new ();
  AciesBoardView *view = ACIES_BOARD_VIEW (board);
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  g_autoptr(GPtrArray) again = g_ptr_array_new ();
  const char *costs[] = { "1", "2", NULL };
  const char *texts[] = { "engaged", NULL };
  guint marks[] = { 0, ACIES_PLAY_MARK_SELECTED };
  guint count;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), board);
  acies_board_view_set_scenario (view, scenario);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (drawn_since (view, 0, 5000));

  /* Idle: no frame. */
  spin (300);
  count = acies_board_view_get_draw_count (view);
  spin (300);
  g_assert_cmpuint (acies_board_view_get_draw_count (view), ==, count);

  /* A highlight: one frame; the same cells again: none. */
  for (guint i = 0; i < 2; i++)
    {
      AciesCell c = acies_board_cell_at (scenario->map.board, 5 + i, 8);

      g_array_append_val (cells, c);
    }
  acies_board_view_set_highlight (view, cells);
  g_assert_true (drawn_since (view, count, 2000));
  spin (200);
  count = acies_board_view_get_draw_count (view);
  acies_board_view_set_highlight (view, cells);
  spin (300);
  g_assert_cmpuint (acies_board_view_get_draw_count (view), ==, count);

  /* Play units: a new array of the same views shows the same; a moved
   * unit is drawn. */
  for (guint i = 0; i < scenario->units->len; i++)
    {
      g_ptr_array_add (units, g_ptr_array_index (scenario->units, i));
      g_ptr_array_add (again, g_ptr_array_index (scenario->units, i));
    }
  acies_board_view_set_play_units (view, units);
  g_assert_true (drawn_since (view, count, 2000));
  spin (200);
  count = acies_board_view_get_draw_count (view);
  acies_board_view_set_play_units (view, again);
  acies_board_view_set_play_cells (view, cells, costs, NULL, NULL);
  g_assert_true (drawn_since (view, count, 2000));
  spin (200);
  count = acies_board_view_get_draw_count (view);
  acies_board_view_set_play_units (view, units);
  acies_board_view_set_play_cells (view, cells, costs, NULL, NULL);
  acies_board_view_set_play_markers (view, NULL, NULL);
  acies_board_view_set_play_unit_marks (view, NULL, NULL, 0);
  spin (300);
  g_assert_cmpuint (acies_board_view_get_draw_count (view), ==, count);
  acies_board_view_set_play_unit_marks (view, texts, marks, G_N_ELEMENTS (marks));
  g_assert_true (drawn_since (view, count, 2000));
  spin (200);
  count = acies_board_view_get_draw_count (view);
  acies_board_view_set_play_unit_marks (view, texts, marks, G_N_ELEMENTS (marks));
  spin (300);
  g_assert_cmpuint (acies_board_view_get_draw_count (view), ==, count);

  /* A unit moved in place (the same views): drawn. */
  ((AciesUnit *) g_ptr_array_index (scenario->units, 0))->cell = acies_board_cell_at (scenario->map.board, 2, 10);
  acies_board_view_set_play_units (view, units);
  g_assert_true (drawn_since (view, count, 2000));

  acies_board_view_set_play_units (view, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  spin (50);
}

/* An edit told with acies_board_view_cells_changed() reaches the
 * picture, through the cairo renderer and through the tiles as textures
 * (which any renderer other than cairo gets: drawn here through the
 * cairo renderer as well, so the test needs no GL). */
static void
test_cells_changed (void)
{
  g_autoptr(AciesScenario) scenario = scenario_new ();
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("four-battles");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = acies_board_view_new ();
  AciesBoardView *view = ACIES_BOARD_VIEW (board);
  g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
  AciesCell cell = acies_board_cell_at (scenario->map.board, 12, 12);
  AciesRgba lake;
  guint count;
  double x, y;
  int r, g, b;

  g_assert_true (acies_palette_parse (acies_catalogue_find_terrain (catalogue, "lake")->colour, &lake));
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), board);
  acies_board_view_set_scenario (view, scenario);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (drawn_since (view, 0, 5000));
  g_assert_true (gsk_renderer_realize (renderer, NULL, NULL));
  spin (200);

  {
    double bx0, by0, bx1, by1, cx, cy, size;

    /* The cell's centre in the widget, from two points' board places. */
    g_assert_true (acies_board_view_point_to_board (view, 0, 0, &bx0, &by0));
    g_assert_true (acies_board_view_point_to_board (view, 100, 100, &bx1, &by1));
    size = 100 / (bx1 - bx0);
    acies_board_cell_center (scenario->map.board, cell, &cx, &cy);
    x = (cx - bx0) * size;
    y = (cy - by0) * size;
  }

  acies_map_set_terrain (&scenario->map, cell, "lake");
  count = acies_board_view_get_draw_count (view);
  acies_board_view_cells_changed (view, &cell, 1);
  g_assert_true (drawn_since (view, count, 2000));

  /* Through one cairo node (the window's cairo renderer), then through
   * textures. */
  for (guint textures = 0; textures < 2; textures++)
    {
      g_autoptr(GdkTexture) texture = NULL;

      count = acies_board_view_get_draw_count (view);
      acies_board_view_set_textures (view, textures);
      g_assert_true (drawn_since (view, count, 2000));
      texture = picture (board, renderer);
      colour_at (texture, (int) x, (int) y, &r, &g, &b);
      g_assert_cmpint (abs (r - (int) lround (lake.r * 255)), <=, 16);
      g_assert_cmpint (abs (g - (int) lround (lake.g * 255)), <=, 16);
      g_assert_cmpint (abs (b - (int) lround (lake.b * 255)), <=, 16);
    }

  /* Back to clear, without saying where: found all the same. */
  acies_map_set_terrain (&scenario->map, cell, "clear");
  count = acies_board_view_get_draw_count (view);
  acies_board_view_scenario_changed (view);
  g_assert_true (drawn_since (view, count, 2000));
  {
    g_autoptr(GdkTexture) texture = picture (board, renderer);

    colour_at (texture, (int) x, (int) y, &r, &g, &b);
    g_assert_false (abs (r - (int) lround (lake.r * 255)) <= 16 && abs (g - (int) lround (lake.g * 255)) <= 16
                    && abs (b - (int) lround (lake.b * 255)) <= 16);
  }

  gsk_renderer_unrealize (renderer);
  gtk_window_destroy (GTK_WINDOW (window));
  spin (50);
}

/* Pixels of @texture near white (each channel 235 or more). */
static guint
count_white (GdkTexture *texture)
{
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guchar *pixels = g_malloc ((gsize) width * height * 4);
  guint n = 0;

  gdk_texture_download (texture, pixels, width * 4);
  for (gsize i = 0; i < (gsize) width * height; i++)
    if (pixels[i * 4] >= 235 && pixels[i * 4 + 1] >= 235 && pixels[i * 4 + 2] >= 235)
      n++;
  return n;
}

/* An attack target on a red side's counter (the ring is red): the ring
 * is drawn on a white casing, so that it is seen red on red; the legend
 * says "Circled: what may be attacked" (issue 19.2, trial31). */
static void
test_target_on_red_counter (void)
{
  g_autoptr(AciesScenario) scenario = scenario_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = acies_board_view_new ();
  AciesBoardView *view = ACIES_BOARD_VIEW (board);
  g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autoptr(GdkTexture) without = NULL;
  g_autoptr(GdkTexture) with = NULL;
  guint count;

  for (guint i = 0; i < scenario->units->len; i++)
    g_ptr_array_add (units, g_ptr_array_index (scenario->units, i));
  g_array_append_val (targets, ((AciesUnit *) g_ptr_array_index (scenario->units, 3))->cell);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), board);
  acies_board_view_set_scenario (view, scenario);
  acies_board_view_set_play_units (view, units);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (drawn_since (view, 0, 5000));
  g_assert_true (gsk_renderer_realize (renderer, NULL, NULL));
  spin (200);
  without = picture (board, renderer);

  count = acies_board_view_get_draw_count (view);
  acies_board_view_set_play_cells (view, NULL, NULL, targets, NULL);
  g_assert_true (drawn_since (view, count, 2000));
  spin (200);
  with = picture (board, renderer);
  g_test_message ("near-white pixels: %u without the target, %u with it", count_white (without), count_white (with));
  g_assert_cmpuint (count_white (with), >, count_white (without) + 40);

  gsk_renderer_unrealize (renderer);
  acies_board_view_set_play_units (view, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  spin (50);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/board-view/idle", test_idle);
  g_test_add_func ("/acies/board-view/cells-changed", test_cells_changed);
  g_test_add_func ("/acies/board-view/19.2/target-on-red-counter", test_target_on_red_counter);

  return g_test_run ();
}
