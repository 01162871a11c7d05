/* test-render-tiles.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The renderer at scale (issue 21): drawing through the tile cache gives
 * the picture a direct drawing gives, at every zoom and pan; an edit, a
 * unit's move or a counter changed in place redraws only the tiles it
 * touches, and the picture is the one a fresh cache gives; the level of
 * detail leaves out what is too small to see and changes nothing at the
 * sizes the editor and the play window show boards at; counter images
 * are shared by counters that look the same.
 */

#define G_LOG_DOMAIN "acies-test-render"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/acies-scenario-io.h"
#include "render/acies-palette.h"
#include "render/acies-render.h"
#include "render/acies-render-private.h"

#include "acies-test-render.h"

/* A 30 × 20 hex board with every kind of thing the static layer draws
 * (terrain with textures and symbols, a camp, hills with contours, a
 * river, a road and a ridge, two set-up areas with names) and counters:
 * single, stacked two and six deep, a leader on a counter, a unit with a
 * facing. */
static AciesScenario *
rich_scenario (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_hex (30, 20, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  AciesScenario *scenario = acies_scenario_new ("four-battles", board, "clear");
  static const char *terrain[] = { "woods", "hill", "swamp", "lake", "forest" };
  AciesArea *west = acies_area_new ("west", "setup"), *east = acies_area_new ("east", "setup");
  AciesLeader *leader;

  for (guint i = 0; i < 2; i++)
    {
      AciesSide *side = acies_side_new (i ? "blue" : "red", i ? "Blue" : "Red");

      side->colour = g_strdup (i ? "#1c71d8" : "#c01c28");
      g_ptr_array_add (scenario->sides, side);
    }
  for (guint c = 0; c < acies_board_get_n_cells (board); c++)
    {
      int col, row;

      acies_board_cell_coords (board, c, &col, &row);
      if ((col * 7 + row * 3) % 11 == 0)
        acies_map_set_terrain (&scenario->map, c, terrain[(col + row) % G_N_ELEMENTS (terrain)]);
      if (g_str_equal (acies_map_get_terrain (&scenario->map, c), "hill"))
        scenario->map.elevation[c] = 1;
      if (col < 8)
        g_array_append_val (west->cells, c);
      else if (col >= 22)
        g_array_append_val (east->cells, c);
    }
  acies_map_add_cell_feature (&scenario->map, acies_board_cell_at (board, 14, 10), "camp");
  for (guint row = 0; row < 20; row++)
    {
      acies_map_add_edge_feature (&scenario->map,
                                  acies_board_edge_of (board, acies_board_cell_at (board, 15, row), 2), "river");
      if (row < 10)
        acies_map_add_edge_feature (&scenario->map,
                                    acies_board_edge_of (board, acies_board_cell_at (board, 10, row), 3), "ridge");
    }
  for (guint col = 2; col < 28; col++)
    acies_map_add_edge_feature (&scenario->map, acies_board_edge_of (board, acies_board_cell_at (board, col, 12), 2),
                                "road");
  west->name = g_strdup ("Red set-up");
  west->side = g_strdup ("red");
  east->name = g_strdup ("Blue set-up");
  east->side = g_strdup ("blue");
  g_ptr_array_add (scenario->areas, west);
  g_ptr_array_add (scenario->areas, east);

  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i);
      AciesUnit *unit = acies_unit_new (id, i % 2 ? "blue" : "red", i % 3 ? "infantry" : "cavalry");
      guint col = i % 2 ? 23 + (i / 2) % 6 : 1 + (i / 2) % 6;

      unit->name = g_strdup_printf ("Cohors %u", i);
      json_object_set_int_member (unit->attrs, "sp", 2 + i % 7);
      json_object_set_int_member (unit->attrs, "ma", 4);
      /* Six deep in one hex, two deep in another, one each elsewhere. */
      unit->cell = i < 12 ? acies_board_cell_at (board, i % 2 ? 24 : 4, 5)
                   : i < 16 ? acies_board_cell_at (board, i % 2 ? 25 : 5, 9)
                   : acies_board_cell_at (board, col, 2 + (i / 12) * 4);
      if (i == 20)
        unit->facing = 2;
      g_ptr_array_add (scenario->units, unit);
    }
  leader = acies_leader_new ("dux", "red", "leader");
  leader->name = g_strdup ("Marcus Claudius");
  leader->attached_to = g_strdup ("u16");
  leader->cell = ((AciesUnit *) g_ptr_array_index (scenario->units, 16))->cell;
  g_ptr_array_add (scenario->leaders, leader);
  return scenario;
}



/* Pixels differing by more than @tolerance in a channel. */
static guint
count_differences (cairo_surface_t *a,
                   cairo_surface_t *b,
                   int              tolerance)
{
  guint n = 0;

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        int r1, g1, b1, r2, g2, b2;

        acies_test_pixel (a, x, y, &r1, &g1, &b1);
        acies_test_pixel (b, x, y, &r2, &g2, &b2);
        if (abs (r1 - r2) > tolerance || abs (g1 - g2) > tolerance || abs (b1 - b2) > tolerance)
          n++;
      }
  return n;
}

static void
stats (AciesRenderCache      *cache,
       AciesRenderCacheStats *out)
{
  acies_render_cache_get_stats (cache, out);
}

/* Asserts that @surface is the picture a fresh cache draws. */
static void
assert_as_fresh (cairo_surface_t          *surface,
                 const AciesScenario      *scenario,
                 const AciesCatalogue     *catalogue,
                 const AciesRenderOptions *options)
{
  g_autoptr(AciesRenderCache) other = acies_render_cache_new ();
  AciesRenderOptions o2 = *options;
  cairo_surface_t *fresh;

  o2.cache = other;
  fresh = acies_test_render (scenario, catalogue, &o2);
  g_assert_cmpuint (count_differences (surface, fresh, 0), ==, 0);
  cairo_surface_destroy (fresh);
}

/* The options for a view at @cell_size with the board origin at (@ox, @oy). */
static void
view_options (AciesRenderOptions *options,
              AciesRenderCache   *cache,
              double              cell_size,
              double              ox,
              double              oy)
{
  acies_render_options_init (options);
  options->cache = cache;
  options->no_cache = cache == NULL;
  options->cell_size = cell_size;
  options->offset_x = ox;
  options->offset_y = oy;
}

/* Through the tiles or directly, the picture is the same at every zoom
 * and pan (but for the antialiasing of counters, which the tiles draw
 * from images placed on whole pixels), and tiles leave no seams. */
static void
test_every_zoom (void)
{
  g_autoptr(AciesScenario) scenario = rich_scenario ();
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("four-battles");
  static const double sizes[] = { 2.5, 6, 14, 33, 70 };
  double fit, fx, fy;

  acies_render_fit (scenario, W, H, &fit, &fx, &fy);
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (guint pan = 0; pan < 4; pan++)
      {
        g_autoptr(AciesRenderCache) cache = acies_render_cache_new ();
        AciesRenderOptions options;
        cairo_surface_t *direct, *tiled;
        /* Zoomed around the board's middle, then panned. */
        double s = sizes[k];
        double ox = W / 2.0 - s * (fit > 0 ? (W / 2.0 - fx) / fit : 0) + (pan / 2) * 123.4;
        double oy = H / 2.0 - s * (fit > 0 ? (H / 2.0 - fy) / fit : 0) - (pan / 2) * 57.7;
        gboolean units = pan % 2;
        guint differ;

        view_options (&options, NULL, s, ox, oy);
        options.show_units = units;
        direct = acies_test_render (scenario, catalogue, &options);
        view_options (&options, cache, s, ox, oy);
        options.show_units = units;
        tiled = acies_test_render (scenario, catalogue, &options);
        differ = count_differences (direct, tiled, 8);
        if (g_getenv ("ACIES_TEST_DUMP"))
          {
            g_autofree char *a = g_strdup_printf ("/tmp/perf/zoom-%.1f-%u-direct.png", s, pan);
            g_autofree char *b = g_strdup_printf ("/tmp/perf/zoom-%.1f-%u-tiled.png", s, pan);

            cairo_surface_write_to_png (direct, a);
            cairo_surface_write_to_png (tiled, b);
          }
        g_test_message ("cell size %.1f, pan %u, units %d: %u pixels differ", s, pan / 2, units, differ);
        /* Without counters, the same picture but for rounding; with them,
         * the counters' edges. */
        g_assert_cmpuint (differ, <, units ? W * H / 100 : W * H / 2000);
        cairo_surface_destroy (direct);
        cairo_surface_destroy (tiled);
      }
}

/* One cell's terrain changed: the tiles around it are drawn again, no
 * other; a unit that moved redraws the counters of the tiles it left and
 * entered, no static layer; nothing changed, nothing drawn; the picture
 * is the one a fresh cache draws. */
static void
test_partial_invalidation (void)
{
  g_autoptr(AciesScenario) scenario = rich_scenario ();
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("four-battles");
  g_autoptr(AciesRenderCache) cache = acies_render_cache_new ();
  AciesBoard *board = scenario->map.board;
  AciesRenderCacheStats before, after;
  AciesRenderOptions options;
  cairo_surface_t *surface, *fresh;
  AciesCell cell = acies_board_cell_at (board, 12, 8);
  AciesUnit *unit = g_ptr_array_index (scenario->units, 30);
  double fit, ox, oy;

  acies_render_fit (scenario, W, H, &fit, &ox, &oy);
  view_options (&options, cache, fit * 1.5, ox - 100, oy - 60);
  cairo_surface_destroy (acies_test_render (scenario, catalogue, &options));

  /* Nothing changed. */
  stats (cache, &before);
  surface = acies_test_render (scenario, catalogue, &options);
  stats (cache, &after);
  g_assert_cmpuint (after.base_drawn, ==, before.base_drawn);
  g_assert_cmpuint (after.full_drawn, ==, before.full_drawn);
  cairo_surface_destroy (surface);

  /* One cell's terrain. */
  acies_map_set_terrain (&scenario->map, cell, "lake");
  stats (cache, &before);
  surface = acies_test_render (scenario, catalogue, &options);
  stats (cache, &after);
  g_assert_cmpuint (after.base_drawn - before.base_drawn, >=, 1);
  g_assert_cmpuint (after.base_drawn - before.base_drawn, <=, 4);
  g_assert_cmpuint (after.base_drawn - before.base_drawn, <, after.tiles / 2);
  assert_as_fresh (surface, scenario, catalogue, &options);
  cairo_surface_destroy (surface);

  /* A unit moves to the next hex, and back. */
  for (guint step = 0; step < 2; step++)
    {
      unit->cell = acies_board_neighbour (board, unit->cell, step == 0 ? 3 : 0);
      stats (cache, &before);
      surface = acies_test_render (scenario, catalogue, &options);
      stats (cache, &after);
      g_assert_cmpuint (after.base_drawn, ==, before.base_drawn);
      g_assert_cmpuint (after.full_drawn - before.full_drawn, >=, 1);
      g_assert_cmpuint (after.full_drawn - before.full_drawn, <=, 4);
      assert_as_fresh (surface, scenario, catalogue, &options);
      cairo_surface_destroy (surface);
    }

  /* A counter's values edited in place: the cache cannot see it until
   * told which cell. */
  {
    g_autoptr(AciesRenderCache) other = acies_render_cache_new ();
    AciesRenderOptions o2 = options;
    cairo_surface_t *stale;

    stale = acies_test_render (scenario, catalogue, &options);
    json_object_set_int_member (unit->attrs, "sp", 9);
    acies_render_cache_invalidate_cells (cache, &unit->cell, 1);
    stats (cache, &before);
    surface = acies_test_render (scenario, catalogue, &options);
    stats (cache, &after);
    g_assert_cmpuint (after.base_drawn, ==, before.base_drawn);
    g_assert_cmpuint (after.full_drawn - before.full_drawn, >=, 1);
    g_assert_cmpuint (after.full_drawn - before.full_drawn, <=, 4);
    o2.cache = other;
    fresh = acies_test_render (scenario, catalogue, &o2);
    g_assert_cmpuint (count_differences (surface, fresh, 0), ==, 0);
    g_assert_cmpuint (count_differences (stale, fresh, 0), >, 0);
    cairo_surface_destroy (stale);
    cairo_surface_destroy (fresh);
    cairo_surface_destroy (surface);
  }

  /* A highlight redraws the counters' layer of its tiles only. */
  options.highlight_cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_array_append_val (options.highlight_cells, cell);
  stats (cache, &before);
  surface = acies_test_render (scenario, catalogue, &options);
  stats (cache, &after);
  g_assert_cmpuint (after.base_drawn, ==, before.base_drawn);
  g_assert_cmpuint (after.full_drawn - before.full_drawn, >=, 1);
  g_assert_cmpuint (after.full_drawn - before.full_drawn, <=, 4);
  cairo_surface_destroy (surface);
  g_array_unref (options.highlight_cells);
  options.highlight_cells = NULL;

  /* Panning by whole pixels keeps the tiles: only those coming into view
   * are drawn. */
  options.offset_x += 37;
  options.offset_y -= 11;
  stats (cache, &before);
  surface = acies_test_render (scenario, catalogue, &options);
  stats (cache, &after);
  g_assert_cmpuint (after.base_drawn - before.base_drawn, <, after.tiles / 2);
  assert_as_fresh (surface, scenario, catalogue, &options);
  cairo_surface_destroy (surface);

  /* An area renamed: its name's tiles. */
  g_free (((AciesArea *) g_ptr_array_index (scenario->areas, 0))->name);
  ((AciesArea *) g_ptr_array_index (scenario->areas, 0))->name = g_strdup ("Rome");
  stats (cache, &before);
  surface = acies_test_render (scenario, catalogue, &options);
  stats (cache, &after);
  g_assert_cmpuint (after.base_drawn - before.base_drawn, >=, 1);
  g_assert_cmpuint (after.base_drawn - before.base_drawn, <, after.tiles / 2);
  assert_as_fresh (surface, scenario, catalogue, &options);
  cairo_surface_destroy (surface);
}

/* At the sizes boards are shown at (fitted in the tests' image and in
 * the editor's window, and zoomed in), the level of detail leaves nothing
 * out: the pictures with and without it are the same. */
static void
test_lod_normal_zoom (void)
{
  const char *src = g_getenv ("ACIES_SOURCE_DIR");
  g_autofree char *dir = g_build_filename (src ? src : ACIES_SOURCE_DIR, "data", "scenarios", NULL);
  static const char *files[] = {
    "samples/four-battles-sample.acies", "samples/grass-crown-sample.acies", "samples/lost-battles-sample.acies",
    "grass-crown/heraclea.acies", "lost-battles/cannae.acies", "lost-battles/gaugamela.acies",
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    for (guint zoom = 1; zoom <= 2; zoom++)
      {
        g_autofree char *path = g_build_filename (dir, files[i], NULL);
        g_autoptr(AciesScenario) scenario = acies_scenario_load_path (path, NULL);
        const AciesCatalogue *catalogue;
        AciesRenderOptions options;
        cairo_surface_t *with, *without;
        double fit, ox, oy;

        g_assert_nonnull (scenario);
        catalogue = acies_catalogue_get_bundled (scenario->ruleset);
        acies_render_fit (scenario, W, H, &fit, &ox, &oy);
        view_options (&options, NULL, fit * zoom, ox, oy);
        acies_render_set_lod (FALSE);
        without = acies_test_render (scenario, catalogue, &options);
        acies_render_set_lod (TRUE);
        with = acies_test_render (scenario, catalogue, &options);
        g_test_message ("%s at %.1f pixels a cell", files[i], fit * zoom);
        g_assert_cmpuint (count_differences (with, without, 0), ==, 0);
        cairo_surface_destroy (with);
        cairo_surface_destroy (without);
      }
}


/* Below the thresholds: no grid between cells too small to tell apart,
 * no trees in them, counters as squares of their colour without symbol
 * or text, no name on a counter too small to show it; above them, all of
 * it. */
static void
test_lod_thresholds (void)
{
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("four-battles");
  g_autoptr(AciesBoard) board = acies_board_new_hex (40, 30, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  g_autoptr(AciesScenario) scenario = acies_scenario_new ("four-battles", board, "clear");
  AciesSide *side = acies_side_new ("red", "Red");
  AciesUnit *unit = acies_unit_new ("u1", "red", "infantry");
  AciesRgba clear, red;
  AciesCounterLook look;
  AciesRenderOptions options;
  double cx, cy;

  side->colour = g_strdup ("#c01c28");
  g_ptr_array_add (scenario->sides, side);
  unit->name = g_strdup ("Legio X");
  json_object_set_int_member (unit->attrs, "sp", 6);
  json_object_set_int_member (unit->attrs, "ma", 4);
  unit->cell = acies_board_cell_at (board, 20, 15);
  g_ptr_array_add (scenario->units, unit);
  g_assert_true (acies_palette_parse (acies_catalogue_find_terrain (catalogue, "clear")->colour, &clear));
  g_assert_true (acies_palette_parse ("#c01c28", &red));

  /* Grid: cells of 2.5 pixels' inradius (a 200 × 200 map fitted on a
   * screen) are plain, with and without the level of detail. */
  for (guint lod = 0; lod < 2; lod++)
    {
      cairo_surface_t *surface;
      guint off = 0, total = 0;

      acies_render_set_lod (lod);
      acies_render_options_init (&options);
      options.no_cache = TRUE;
      options.show_units = FALSE;
      options.show_labels = FALSE;
      options.cell_size = 2.5 / (sqrt (3.0) / 2);
      options.offset_x = 10;
      options.offset_y = 10;
      surface = acies_test_render (scenario, catalogue, &options);
      /* The inside of the board, away from its frame. */
      for (int y = 40; y < 100; y++)
        for (int x = 40; x < 150; x++)
          {
            int r, g, b;

            acies_test_pixel (surface, x, y, &r, &g, &b);
            total++;
            if (!acies_test_near_colour (r, g, b, &clear, 2))
              off++;
          }
      if (lod)
        g_assert_cmpuint (off, ==, 0);
      else
        g_assert_cmpuint (off, >, total / 4);
      cairo_surface_destroy (surface);
    }

  /* A counter of 4 pixels is a square of its side's colour; with the
   * level of detail off, its symbol's ink crosses its centre. */
  options.show_units = TRUE;
  options.cell_size = 4;
  for (guint lod = 0; lod < 2; lod++)
    {
      cairo_surface_t *surface;
      int r, g, b;

      acies_render_set_lod (lod);
      surface = acies_test_render (scenario, catalogue, &options);
      g_assert_true (acies_render_cell_center (scenario, W, H, &options, unit->cell, &cx, &cy));
      acies_test_pixel (surface, (int) floor (cx), (int) floor (cy), &r, &g, &b);
      if (lod)
        g_assert_true (acies_test_near_colour (r, g, b, &red, 2));
      else
        g_assert_false (acies_test_near_colour (r, g, b, &red, 2));
      cairo_surface_destroy (surface);
    }
  acies_render_set_lod (TRUE);

  /* The key of a counter's image has its name only where the name is
   * drawn, its values only where they can be read. */
  acies_counter_look_init (&look, scenario, catalogue, unit, FALSE);
  {
    g_autofree char *tiny = acies_counter_look_key (&look, 12, 12);
    g_autofree char *small = acies_counter_look_key (&look, 30, 30);
    g_autofree char *large = acies_counter_look_key (&look, 48, 48);

    g_assert_null (strstr (tiny, "Legio X"));
    g_assert_null (strstr (tiny, "6-4"));
    g_assert_null (strstr (small, "Legio X"));
    g_assert_nonnull (strstr (small, "6-4"));
    g_assert_nonnull (strstr (large, "Legio X"));
    g_assert_nonnull (strstr (large, "6-4"));
  }
  acies_counter_look_clear (&look);
}

/* 2,000 units, each with its own name, at a size that does not show
 * names: a handful of counter images, kept from one frame to the next
 * (the cache never empties itself in the middle of a view). */
static void
test_counter_images (void)
{
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("four-battles");
  g_autoptr(AciesBoard) board = acies_board_new_hex (60, 40, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  g_autoptr(AciesScenario) scenario = acies_scenario_new ("four-battles", board, "clear");
  g_autoptr(AciesRenderCache) cache = acies_render_cache_new ();
  AciesRenderCacheStats first, second;
  AciesRenderOptions options;
  AciesSide *side = acies_side_new ("red", "Red");

  side->colour = g_strdup ("#c01c28");
  g_ptr_array_add (scenario->sides, side);
  for (guint i = 0; i < 2000; i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i);
      AciesUnit *unit = acies_unit_new (id, "red", i % 2 ? "infantry" : "cavalry");

      unit->name = g_strdup_printf ("Cohors %u", i);
      json_object_set_int_member (unit->attrs, "sp", 2 + i % 3);
      json_object_set_int_member (unit->attrs, "ma", 4);
      unit->cell = i;
      g_ptr_array_add (scenario->units, unit);
    }

  acies_render_options_init (&options);
  options.cache = cache;
  cairo_surface_destroy (acies_test_render (scenario, catalogue, &options));
  stats (cache, &first);
  g_assert_cmpuint (first.sprites, >, 0);
  g_assert_cmpuint (first.sprites, <=, 6);
  acies_render_cache_invalidate_units (cache);
  cairo_surface_destroy (acies_test_render (scenario, catalogue, &options));
  stats (cache, &second);
  g_assert_cmpuint (second.sprites, ==, first.sprites);
  g_assert_cmpuint (second.full_drawn, ==, first.full_drawn);
}

/* The drawing geometry's sides: each side with a neighbour across it is
 * the side the two cells share (its middle halfway between their
 * centres), on hex boards of both orientations and square boards. */
static void
test_geometry_sides (void)
{
  for (guint kind = 0; kind < 3; kind++)
    {
      g_autoptr(AciesBoard) board = kind == 2 ? acies_board_new_square (9, 7)
                                    : acies_board_new_hex (9, 7, kind ? ACIES_HEX_POINTY_TOP : ACIES_HEX_FLAT_TOP,
                                                           ACIES_HEX_OFFSET_EVEN);
      AciesBoardGeom *g = acies_board_geom_new (board);
      guint with_neighbour = 0;

      for (guint c = 0; c < g->n_cells; c++)
        {
          guint start = g->poly_start[c], n = g->poly_start[c + 1] - start;

          for (guint i = 0; i < n; i++)
            {
              AciesCell nb = g->side_nb[start + i];
              guint j = start + (i + 1) % n;
              double mx, my;

              if (nb == ACIES_CELL_NONE)
                continue;
              g_assert_true (acies_board_adjacent (board, c, nb, ACIES_ADJ_ORTHOGONAL));
              g_assert_cmpint (g->side_edge[start + i], ==, acies_board_edge_between (board, c, nb));
              mx = (g->poly[2 * (start + i)] + g->poly[2 * j]) / 2;
              my = (g->poly[2 * (start + i) + 1] + g->poly[2 * j + 1]) / 2;
              g_assert_cmpfloat (fabs (mx - (g->centre[2 * c] + g->centre[2 * nb]) / 2), <, 1e-9);
              g_assert_cmpfloat (fabs (my - (g->centre[2 * c + 1] + g->centre[2 * nb + 1]) / 2), <, 1e-9);
              with_neighbour++;
            }
        }
      /* Every side between two cells, seen from both. */
      {
        guint inner = 0;

        for (guint e = 0; e < acies_board_get_n_edges (board); e++)
          {
            AciesCell a = ACIES_CELL_NONE, b = ACIES_CELL_NONE;

            acies_board_edge_cells (board, e, &a, &b);
            if (a != ACIES_CELL_NONE && b != ACIES_CELL_NONE)
              inner++;
          }
        g_assert_cmpuint (with_neighbour, ==, 2 * inner);
      }
      acies_board_geom_free (g);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/render/tiles/every-zoom", test_every_zoom);
  g_test_add_func ("/acies/render/tiles/partial-invalidation", test_partial_invalidation);
  g_test_add_func ("/acies/render/tiles/counter-images", test_counter_images);
  g_test_add_func ("/acies/render/lod/normal-zoom", test_lod_normal_zoom);
  g_test_add_func ("/acies/render/lod/thresholds", test_lod_thresholds);
  g_test_add_func ("/acies/render/geometry/sides", test_geometry_sides);

  return g_test_run ();
}
