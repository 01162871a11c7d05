/* test-render.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-render"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "io/acies-scenario-io.h"
#include "render/acies-palette.h"
#include "render/acies-render.h"
#include "render/acies-render-private.h"

#include "acies-test-render.h"

static char *
samples_dir (void)
{
  const char *src = g_getenv ("ACIES_SOURCE_DIR");

  return g_build_filename (src ? src : ACIES_SOURCE_DIR, "data", "scenarios", "samples", NULL);
}

static GPtrArray *
sample_paths (void)
{
  g_autofree char *dir = samples_dir ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".acies"))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
  g_assert_cmpuint (paths->len, >, 0);
  return paths;
}




/* Fraction of pixels that differ from the background. */
static double
drawn_fraction (cairo_surface_t *surface)
{
  const AciesRgba *bg = acies_palette_get (ACIES_PALETTE_BACKGROUND);
  guint drawn = 0;

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        int r, g, b;

        acies_test_pixel (surface, x, y, &r, &g, &b);
        if (!acies_test_near_colour (r, g, b, bg, 3))
          drawn++;
      }
  return (double) drawn / (W * H);
}

static gboolean
cell_is_plain (const AciesScenario  *scenario,
               const AciesCatalogue *catalogue,
               AciesCell             cell)
{
  const AciesMap *map = &scenario->map;
  const AciesTerrainType *type = acies_catalogue_find_terrain (catalogue, map->terrain[cell]);
  guint n_dirs = acies_board_get_n_directions (map->board);

  if (type == NULL || g_strcmp0 (type->pattern, "none") != 0 || type->colour == NULL)
    return FALSE;
  if ((map->elevation && map->elevation[cell] != 0)
      || (map->cell_features && map->cell_features[cell] && map->cell_features[cell]->len > 0))
    return FALSE;
  for (guint d = 0; d < n_dirs; d++)
    {
      AciesEdge e = acies_board_edge_of (map->board, cell, d);

      if (e != ACIES_EDGE_NONE && map->edge_features && map->edge_features[e] && map->edge_features[e]->len > 0)
        return FALSE;
    }
  for (guint i = 0; i < scenario->areas->len; i++)
    if (acies_area_contains (g_ptr_array_index (scenario->areas, i), cell))
      return FALSE;
  for (guint i = 0; i < scenario->units->len; i++)
    {
      const AciesUnit *u = g_ptr_array_index (scenario->units, i);

      if (u->cell == cell || u->cell2 == cell)
        return FALSE;
    }
  for (guint i = 0; i < scenario->leaders->len; i++)
    if (((const AciesLeader *) g_ptr_array_index (scenario->leaders, i))->cell == cell)
      return FALSE;
  return TRUE;
}

/* Counts pixels of @colour within @radius of (cx, cy). */
static guint
count_colour_near (cairo_surface_t *surface,
                   double           cx,
                   double           cy,
                   double           radius,
                   const AciesRgba *colour)
{
  guint n = 0;

  for (int y = (int) (cy - radius); y <= (int) (cy + radius); y++)
    for (int x = (int) (cx - radius); x <= (int) (cx + radius); x++)
      {
        int r, g, b;

        if (x < 0 || y < 0 || x >= W || y >= H || hypot (x - cx, y - cy) > radius)
          continue;
        acies_test_pixel (surface, x, y, &r, &g, &b);
        if (acies_test_near_colour (r, g, b, colour, 4))
          n++;
      }
  return n;
}

static void
unit_expected_colour (const AciesScenario *scenario,
                      const AciesUnit     *unit,
                      AciesRgba           *rgba)
{
  AciesFormation *f = unit->formation ? acies_scenario_find_formation (scenario, unit->formation) : NULL;
  AciesSide *side = acies_scenario_find_side (scenario, unit->side);

  if (f != NULL && f->colour != NULL)
    g_assert_true (acies_palette_parse (f->colour, rgba));
  else
    g_assert_true (side != NULL && acies_palette_parse (side->colour, rgba));
}

static void
check_sample (const char *path)
{
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRenderCache) cache = acies_render_cache_new ();
  const AciesCatalogue *catalogue;
  AciesRenderOptions options;
  cairo_surface_t *surface, *no_units;
  gboolean checked_terrain = FALSE, checked_unit = FALSE;
  double cell_size;

  g_test_message ("sample %s", path);
  scenario = acies_scenario_load_path (path, &error);
  g_assert_no_error (error);
  catalogue = acies_catalogue_get_bundled (scenario->ruleset);
  g_assert_nonnull (catalogue);

  acies_render_options_init (&options);
  options.cache = cache;
  surface = acies_test_render (scenario, catalogue, &options);
  g_assert_cmpfloat (drawn_fraction (surface), >, 0.5);

  acies_render_fit (scenario, W, H, &cell_size, NULL, NULL);
  g_assert_cmpfloat (cell_size, >, 0);

  /* Terrain colour at the centre of a plain cell. */
  for (guint c = 0; c < acies_board_get_n_cells (scenario->map.board) && !checked_terrain; c++)
    {
      double x, y;
      int r, g, b;
      AciesRgba colour;

      if (acies_board_get_kind (scenario->map.board) == ACIES_BOARD_ZONES || !cell_is_plain (scenario, catalogue, c))
        continue;
      g_assert_true (acies_render_cell_center (scenario, W, H, &options, c, &x, &y));
      g_assert_cmpint (acies_render_cell_at_point (scenario, W, H, &options, x, y), ==, c);
      g_assert_true (acies_palette_parse (acies_catalogue_find_terrain (catalogue, scenario->map.terrain[c])->colour, &colour));
      acies_test_pixel (surface, (int) x, (int) y, &r, &g, &b);
      g_assert_true (acies_test_near_colour (r, g, b, &colour, 3));
      checked_terrain = TRUE;
    }
  if (acies_board_get_kind (scenario->map.board) != ACIES_BOARD_ZONES)
    g_assert_true (checked_terrain);

  /* A unit's colour appears at its cell, and not without the units. */
  options.show_units = FALSE;
  no_units = acies_test_render (scenario, catalogue, &options);
  for (guint i = 0; i < scenario->units->len && !checked_unit; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (scenario->units, i);
      AciesRgba colour;
      double x, y, radius;

      if (unit->cell == ACIES_CELL_NONE)
        continue;
      unit_expected_colour (scenario, unit, &colour);
      g_assert_true (acies_render_cell_center (scenario, W, H, &options, unit->cell, &x, &y));
      radius = acies_board_get_kind (scenario->map.board) == ACIES_BOARD_ZONES ? cell_size * 0.45 : cell_size * 0.45;
      g_assert_cmpuint (count_colour_near (surface, x, y, radius, &colour), >, 20);
      g_assert_cmpuint (count_colour_near (no_units, x, y, radius, &colour), <, 5);
      checked_unit = TRUE;
    }
  g_assert_true (checked_unit);

  cairo_surface_destroy (no_units);
  cairo_surface_destroy (surface);
}

static void
test_samples (void)
{
  g_autoptr(GPtrArray) paths = sample_paths ();

  for (guint i = 0; i < paths->len; i++)
    check_sample (g_ptr_array_index (paths, i));
}

static gboolean
is_grey (cairo_surface_t *surface)
{
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        int r, g, b;

        acies_test_pixel (surface, x, y, &r, &g, &b);
        if (abs (r - g) > 1 || abs (g - b) > 1)
          return FALSE;
      }
  return TRUE;
}

static void
test_monochrome (void)
{
  g_autoptr(GPtrArray) paths = sample_paths ();

  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr(AciesScenario) scenario = acies_scenario_load_path (g_ptr_array_index (paths, i), NULL);
      const AciesCatalogue *catalogue;
      AciesRenderOptions options;
      cairo_surface_t *surface;

      g_assert_nonnull (scenario);
      catalogue = acies_catalogue_get_bundled (scenario->ruleset);

      acies_render_options_init (&options);
      surface = acies_test_render (scenario, catalogue, &options);
      g_assert_false (is_grey (surface));
      cairo_surface_destroy (surface);

      options.monochrome = TRUE;
      options.no_cache = TRUE;
      surface = acies_test_render (scenario, catalogue, &options);
      g_assert_true (is_grey (surface));
      g_assert_cmpfloat (drawn_fraction (surface), >, 0.3);
      cairo_surface_destroy (surface);
    }
}

static AciesScenario *
hex_scenario (AciesHexOrientation orientation)
{
  g_autoptr(AciesBoard) board = acies_board_new_hex (12, 9, orientation, ACIES_HEX_OFFSET_ODD);
  AciesScenario *scenario = acies_scenario_new ("four-battles", board, "clear");
  AciesSide *side = acies_side_new ("red", "Red");
  AciesUnit *unit = acies_unit_new ("u1", "red", "infantry");

  side->colour = g_strdup ("#c01c28");
  g_ptr_array_add (scenario->sides, side);
  unit->cell = acies_board_cell_at (board, 5, 4);
  g_ptr_array_add (scenario->units, unit);
  acies_map_set_terrain (&scenario->map, acies_board_cell_at (board, 2, 2), "woods");
  acies_map_add_edge_feature (&scenario->map,
                              acies_board_edge_of (board, acies_board_cell_at (board, 3, 3), 0), "river");
  return scenario;
}

static void
test_hex_orientations (void)
{
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("four-battles");
  cairo_surface_t *surfaces[2];
  AciesRgba clear, red;
  guint differ = 0;

  g_assert_nonnull (catalogue);
  g_assert_true (acies_palette_parse (acies_catalogue_find_terrain (catalogue, "clear")->colour, &clear));
  g_assert_true (acies_palette_parse ("#c01c28", &red));

  for (guint o = 0; o < 2; o++)
    {
      g_autoptr(AciesScenario) scenario = hex_scenario (o == 0 ? ACIES_HEX_FLAT_TOP : ACIES_HEX_POINTY_TOP);
      AciesBoard *board = scenario->map.board;
      AciesRenderOptions options;
      double x, y, size;
      int r, g, b;

      acies_render_options_init (&options);
      options.no_cache = TRUE;
      surfaces[o] = acies_test_render (scenario, catalogue, &options);
      g_assert_cmpfloat (drawn_fraction (surfaces[o]), >, 0.4);
      acies_render_fit (scenario, W, H, &size, NULL, NULL);

      /* Every cell's centre maps back to the cell. */
      for (guint c = 0; c < acies_board_get_n_cells (board); c++)
        {
          g_assert_true (acies_render_cell_center (scenario, W, H, &options, c, &x, &y));
          g_assert_cmpint (acies_render_cell_at_point (scenario, W, H, &options, x, y), ==, c);
        }

      g_assert_true (acies_render_cell_center (scenario, W, H, &options, acies_board_cell_at (board, 9, 7), &x, &y));
      acies_test_pixel (surfaces[o], (int) x, (int) y, &r, &g, &b);
      g_assert_true (acies_test_near_colour (r, g, b, &clear, 3));

      g_assert_true (acies_render_cell_center (scenario, W, H, &options, acies_board_cell_at (board, 5, 4), &x, &y));
      g_assert_cmpuint (count_colour_near (surfaces[o], x, y, size * 0.5, &red), >, 20);
    }

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        int r1, g1, b1, r2, g2, b2;

        acies_test_pixel (surfaces[0], x, y, &r1, &g1, &b1);
        acies_test_pixel (surfaces[1], x, y, &r2, &g2, &b2);
        if (r1 != r2 || g1 != g2 || b1 != b2)
          differ++;
      }
  g_assert_cmpuint (differ, >, W * H / 20);

  cairo_surface_destroy (surfaces[0]);
  cairo_surface_destroy (surfaces[1]);
}

static void
test_cache (void)
{
  g_autoptr(AciesScenario) scenario = hex_scenario (ACIES_HEX_FLAT_TOP);
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("four-battles");
  g_autoptr(AciesRenderCache) cache = acies_render_cache_new ();
  AciesRenderOptions options;
  cairo_surface_t *direct, *cached, *again, *changed;
  AciesCell cell = acies_board_cell_at (scenario->map.board, 9, 7);
  AciesRgba lake;
  double x, y;
  guint differ = 0;

  acies_render_options_init (&options);
  options.no_cache = TRUE;
  direct = acies_test_render (scenario, catalogue, &options);
  options.no_cache = FALSE;
  options.cache = cache;
  cached = acies_test_render (scenario, catalogue, &options);
  again = acies_test_render (scenario, catalogue, &options);

  /* Cached and direct drawing agree but for antialiasing at counters. */
  for (int py = 0; py < H; py++)
    for (int px = 0; px < W; px++)
      {
        int r1, g1, b1, r2, g2, b2;

        acies_test_pixel (direct, px, py, &r1, &g1, &b1);
        acies_test_pixel (cached, px, py, &r2, &g2, &b2);
        if (abs (r1 - r2) > 8 || abs (g1 - g2) > 8 || abs (b1 - b2) > 8)
          differ++;
        acies_test_pixel (again, px, py, &r1, &g1, &b1);
        g_assert_true (r1 == r2 && g1 == g2 && b1 == b2);
      }
  g_assert_cmpuint (differ, <, W * H / 200);

  /* An edit reaches the screen through the same cache. */
  acies_map_set_terrain (&scenario->map, cell, "lake");
  changed = acies_test_render (scenario, catalogue, &options);
  g_assert_true (acies_palette_parse (acies_catalogue_find_terrain (catalogue, "lake")->colour, &lake));
  g_assert_true (acies_render_cell_center (scenario, W, H, &options, cell, &x, &y));
  g_assert_cmpuint (count_colour_near (changed, x, y, 10, &lake), >, 30);
  g_assert_cmpuint (count_colour_near (cached, x, y, 10, &lake), <, 5);

  cairo_surface_destroy (direct);
  cairo_surface_destroy (cached);
  cairo_surface_destroy (again);
  cairo_surface_destroy (changed);
}

static void
test_hidden_values (void)
{
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");
  g_autoptr(AciesBoard) board = acies_board_new_square (8, 6);
  g_autoptr(AciesScenario) scenario = acies_scenario_new ("grass-crown", board, "clear");
  AciesUnit *unit = acies_unit_new ("u1", "blue", "L");
  AciesCounterLook look;

  g_ptr_array_add (scenario->sides, acies_side_new ("blue", "Blue"));
  json_object_set_string_member (unit->attrs, "cc", "A");
  json_object_set_int_member (unit->attrs, "morale", 3);
  unit->hidden = json_object_new ();
  json_object_set_string_member (unit->hidden, "back", "brittle");
  json_object_set_int_member (unit->hidden, "vp", 7);
  json_object_set_int_member (unit->hidden, "morale", 9);
  unit->cell = 3;
  g_ptr_array_add (scenario->units, unit);

  acies_counter_look_init (&look, scenario, catalogue, unit, FALSE);
  g_assert_cmpstr (look.symbol, ==, "light-infantry");
  g_assert_cmpstr (look.values, ==, "A-3");
  acies_counter_look_clear (&look);
}

static void
test_zones_and_squares (void)
{
  for (guint kind = 0; kind < 2; kind++)
    {
      g_autoptr(AciesBoard) board = kind == 0 ? acies_board_new_zones () : acies_board_new_square (16, 12);
      const char *ruleset = kind == 0 ? "lost-battles" : "grass-crown";
      const AciesCatalogue *catalogue = acies_catalogue_get_bundled (ruleset);
      g_autoptr(AciesScenario) scenario = acies_scenario_new (ruleset, board, kind == 0 ? "open" : "clear");
      AciesRenderOptions options;
      cairo_surface_t *surface;

      acies_render_options_init (&options);
      options.no_cache = TRUE;
      options.selected_cell = 0;
      options.focus_cell = 1;
      options.highlight_cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
      g_array_append_val (options.highlight_cells, options.focus_cell);
      surface = acies_test_render (scenario, catalogue, &options);
      g_assert_cmpfloat (drawn_fraction (surface), >, 0.4);
      g_array_unref (options.highlight_cells);
      cairo_surface_destroy (surface);
    }
}


/* A leaders override (AciesRenderOptions.leaders) draws a leader standing
 * alone in a cell even with a units override (a game's Strategist in a
 * zone of his own), and only where the override puts him; without it the
 * scenario's set-up leaders are not drawn over a game's units.  One more
 * leader alone in a zone with units stands beside them, where
 * acies_render_place_leaders() says. */
static void
test_leaders_override (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_zones ();
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("lost-battles");
  g_autoptr(AciesScenario) scenario = acies_scenario_new ("lost-battles", board, "open");
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  g_autoptr(GPtrArray) leaders = g_ptr_array_new ();
  g_autoptr(GArray) places = NULL;
  AciesLeader *set_up = acies_leader_new ("hannibal", "b", "strategist");
  AciesLeader now;
  AciesUnit *unit = acies_unit_new ("u1", "a", "HI");
  const AciesRgba *ring = acies_palette_get (ACIES_PALETTE_LEADER_RING);
  AciesRenderOptions options;
  cairo_surface_t *without, *with;
  double cell_size, ox, oy, x, y;
  AciesCell lone = 7, crowded = 12;

  g_ptr_array_add (scenario->sides, acies_side_new ("a", "Romans"));
  g_ptr_array_add (scenario->sides, acies_side_new ("b", "Carthage"));
  ((AciesSide *) g_ptr_array_index (scenario->sides, 0))->colour = g_strdup ("#c03030");
  ((AciesSide *) g_ptr_array_index (scenario->sides, 1))->colour = g_strdup ("#3050c0");
  set_up->name = g_strdup ("Hannibal Barca");
  set_up->cell = 2;                    /* where the scenario sets him up */
  g_ptr_array_add (scenario->leaders, set_up);
  unit->cell = crowded;
  g_ptr_array_add (scenario->units, unit);
  g_ptr_array_add (units, unit);

  acies_render_options_init (&options);
  options.no_cache = TRUE;
  options.show_labels = FALSE;
  options.units = units;
  acies_render_fit (scenario, W, H, &cell_size, &ox, &oy);
  options.cell_size = cell_size;
  options.offset_x = ox;
  options.offset_y = oy;
  without = acies_test_render (scenario, catalogue, &options);

  /* The leader now stands alone in zone 7. */
  now = *set_up;
  now.cell = lone;
  g_ptr_array_add (leaders, &now);
  options.leaders = leaders;
  with = acies_test_render (scenario, catalogue, &options);

  g_assert_true (acies_render_cell_center (scenario, W, H, &options, lone, &x, &y));
  g_assert_cmpuint (count_colour_near (without, x, y, cell_size * 0.4, ring), <, 3);
  g_assert_cmpuint (count_colour_near (with, x, y, cell_size * 0.4, ring), >, 20);
  /* Not where the scenario set him up. */
  g_assert_true (acies_render_cell_center (scenario, W, H, &options, set_up->cell, &x, &y));
  g_assert_cmpuint (count_colour_near (with, x, y, cell_size * 0.4, ring), <, 3);

  places = acies_render_place_leaders (board, units, leaders, cell_size, ox, oy);
  g_assert_cmpuint (places->len, ==, 1);
  g_assert_true (g_array_index (places, AciesUnitPlace, 0).shown);
  g_assert_true (acies_render_cell_center (scenario, W, H, &options, lone, &x, &y));
  g_assert_cmpfloat (fabs (g_array_index (places, AciesUnitPlace, 0).x - x), <, 1.0);
  cairo_surface_destroy (with);
  g_clear_pointer (&places, g_array_unref);

  /* In a zone with a unit: beside its counter, not on it. */
  now.cell = crowded;
  with = acies_test_render (scenario, catalogue, &options);
  places = acies_render_place_leaders (board, units, leaders, cell_size, ox, oy);
  {
    const AciesUnitPlace *at = &g_array_index (places, AciesUnitPlace, 0);
    g_autoptr(GArray) unit_places = acies_render_place_units (board, units, cell_size, ox, oy);
    const AciesUnitPlace *u = &g_array_index (unit_places, AciesUnitPlace, 0);

    g_assert_true (at->shown);
    g_assert_cmpfloat (fabs (at->x - u->x), >=, (u->size + at->size) / 2 - 1.0);
    g_assert_cmpuint (count_colour_near (with, at->x, at->y, at->size / 2, ring), >, 10);
    g_assert_cmpuint (count_colour_near (without, at->x, at->y, at->size / 2, ring), <, 3);
  }
  cairo_surface_destroy (with);

  /* Off the map: not drawn. */
  now.cell = ACIES_CELL_NONE;
  g_clear_pointer (&places, g_array_unref);
  places = acies_render_place_leaders (board, units, leaders, cell_size, ox, oy);
  g_assert_false (g_array_index (places, AciesUnitPlace, 0).shown);
  cairo_surface_destroy (without);
}

/* WCAG 2 relative luminance and contrast ratio of two opaque colours. */
static double
luminance (const AciesRgba *c)
{
  double v[3] = { c->r, c->g, c->b };

  for (guint i = 0; i < 3; i++)
    v[i] = v[i] <= 0.03928 ? v[i] / 12.92 : pow ((v[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

static double
contrast_ratio (const AciesRgba *a,
                const AciesRgba *b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* Pixels of @colour in the whole drawing. */
static guint
count_colour (cairo_surface_t *surface,
              const AciesRgba *colour)
{
  return count_colour_near (surface, W / 2.0, H / 2.0, hypot (W, H), colour);
}

/* The high-contrast style (issue 19.2): cell and zone labels in opaque
 * ink on a white halo, at least 4.5:1 (WCAG 1.4.3) whatever the terrain
 * under them, computed from the palette's colours; opaque grid lines;
 * the lit cells hatched in ink as well as tinted, so that colour alone
 * does not say which they are.  The normal style's lit cells have no
 * hatching. */
static void
test_high_contrast (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (16, 12);
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");
  g_autoptr(AciesScenario) scenario = acies_scenario_new ("grass-crown", board, "clear");
  const AciesRgba *ink = acies_palette_get (ACIES_PALETTE_INK_DARK);
  const AciesRgba *halo = acies_palette_get (ACIES_PALETTE_FOCUS_HALO);
  guint ink_px[2][2];

  g_assert_cmpfloat (ink->a, ==, 1.0);
  g_assert_cmpfloat (halo->a, ==, 1.0);
  g_test_message ("label ink on its halo: %.1f:1", contrast_ratio (ink, halo));
  g_assert_cmpfloat (contrast_ratio (ink, halo), >=, 4.5);

  for (guint hc = 0; hc < 2; hc++)
    for (guint lit = 0; lit < 2; lit++)
      {
        AciesRenderOptions options;
        cairo_surface_t *surface;

        acies_render_options_init (&options);
        options.no_cache = TRUE;
        options.high_contrast = hc;
        if (lit)
          {
            options.highlight_cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
            for (AciesCell c = 20; c < 60; c++)
              g_array_append_val (options.highlight_cells, c);
          }
        surface = acies_test_render (scenario, catalogue, &options);
        ink_px[hc][lit] = count_colour (surface, ink);
        g_clear_pointer (&options.highlight_cells, g_array_unref);
        cairo_surface_destroy (surface);
      }
  g_test_message ("ink pixels: normal %u (lit %u), high contrast %u (lit %u)",
                  ink_px[0][0], ink_px[0][1], ink_px[1][0], ink_px[1][1]);
  /* Opaque labels and grid: far more ink than the translucent greys. */
  g_assert_cmpuint (ink_px[1][0], >, 2 * ink_px[0][0] + 1000);
  /* The hatching: 40 lit cells add ink in high contrast only. */
  g_assert_cmpuint (ink_px[1][1], >, ink_px[1][0] + 40 * 20);
  g_assert_cmpuint (ink_px[0][1], <=, ink_px[0][0] + 40);
}

/* Counts the pixels within @radius of (cx, cy) where @a and @b differ by
 * more than a rounding error. */
static guint
count_differing_near (cairo_surface_t *a,
                      cairo_surface_t *b,
                      double           cx,
                      double           cy,
                      double           radius)
{
  guint n = 0;

  for (int y = (int) (cy - radius); y <= (int) (cy + radius); y++)
    for (int x = (int) (cx - radius); x <= (int) (cx + radius); x++)
      {
        int r1, g1, b1, r2, g2, b2;

        if (x < 0 || y < 0 || x >= W || y >= H || hypot (x - cx, y - cy) > radius)
          continue;
        acies_test_pixel (a, x, y, &r1, &g1, &b1);
        acies_test_pixel (b, x, y, &r2, &g2, &b2);
        if (abs (r1 - r2) + abs (g1 - g2) + abs (b1 - b2) > 24)
          n++;
      }
  return n;
}

/* The Four Battles sample drawn whole (the fitted zoom the play mode
 * opens at): its ford hexside (with a trail across it) reads as water, as
 * a river hexside does, and differs from a river by its stepping stones (issue 17.9: the ford was four dots of
 * 1.2 px, lost at this zoom). */
static void
test_ford_visible (void)
{
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("four-battles");
  g_autofree char *path = g_build_filename (g_getenv ("ACIES_SOURCE_DIR") ? g_getenv ("ACIES_SOURCE_DIR") : ACIES_SOURCE_DIR,
                                            "data", "scenarios", "samples", "four-battles-sample.acies", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (path, &error);
  const char *variants[] = { "ford", "river", NULL };
  cairo_surface_t *surfaces[3];
  AciesRenderOptions options;
  AciesEdge ford = ACIES_EDGE_NONE;
  AciesCell a = ACIES_CELL_NONE, b = ACIES_CELL_NONE;
  double ax, ay, bx, by, size, mx, my;
  AciesRgba water;
  AciesMap *map;

  g_assert_no_error (error);
  g_assert_nonnull (catalogue);
  map = &scenario->map;
  for (guint e = 0; e < acies_board_get_n_edges (map->board) && ford == ACIES_EDGE_NONE; e++)
    if (map->edge_features[e] != NULL
        && g_ptr_array_find_with_equal_func (map->edge_features[e], "ford", g_str_equal, NULL))
      ford = e;
  g_assert_cmpint (ford, !=, ACIES_EDGE_NONE);
  acies_board_edge_cells (map->board, ford, &a, &b);
  g_assert_cmpint (a, !=, ACIES_CELL_NONE);
  g_assert_cmpint (b, !=, ACIES_CELL_NONE);

  acies_render_options_init (&options);
  options.no_cache = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      acies_map_remove_edge_feature (map, ford, "ford");
      acies_map_remove_edge_feature (map, ford, "river");
      if (variants[i] != NULL)
        acies_map_add_edge_feature (map, ford, variants[i]);
      surfaces[i] = acies_test_render (scenario, catalogue, &options);
    }

  acies_render_fit (scenario, W, H, &size, NULL, NULL);
  g_assert_true (acies_render_cell_center (scenario, W, H, &options, a, &ax, &ay));
  g_assert_true (acies_render_cell_center (scenario, W, H, &options, b, &bx, &by));
  mx = (ax + bx) / 2;
  my = (ay + by) / 2;
  g_test_message ("hex circumradius %.1f px", size);

  /* Water along the side, in the ford's own colour: a 1.5 px band along
   * half of it at least. */
  g_assert_true (acies_palette_parse (acies_catalogue_find_edge_feature (catalogue, "ford")->colour, &water));
  g_assert_cmpuint (count_colour_near (surfaces[0], mx, my, size * 0.5, &water), >=, (guint) (size * 0.5 * 1.5));
  /* Against the bare hexside: at least a 3 px band along half the side. */
  g_assert_cmpuint (count_differing_near (surfaces[0], surfaces[2], mx, my, size * 0.5), >=, (guint) (size * 0.5 * 3));
  /* Against a river: the stones, several pixels each. */
  g_assert_cmpuint (count_differing_near (surfaces[0], surfaces[1], mx, my, size * 0.5), >=, 15);

  for (guint i = 0; i < G_N_ELEMENTS (surfaces); i++)
    cairo_surface_destroy (surfaces[i]);
}

/* Renders @scenario twice, with its first area named @name and unnamed,
 * into @named and @bare. */
static void
render_named_and_bare (AciesScenario        *scenario,
                       const AciesCatalogue *catalogue,
                       const char           *name,
                       cairo_surface_t     **named,
                       cairo_surface_t     **bare)
{
  AciesArea *area = g_ptr_array_index (scenario->areas, 0);
  AciesRenderOptions options;

  acies_render_options_init (&options);
  options.no_cache = TRUE;
  g_free (area->name);
  area->name = g_strdup (name);
  *named = acies_test_render (scenario, catalogue, &options);
  g_clear_pointer (&area->name, g_free);
  *bare = acies_test_render (scenario, catalogue, &options);
}

/* A zone's name is drawn over the counters in it and is moved inside the
 * board when its cell is by the edge (issue 17.9). */
static void
test_area_names (void)
{
  const AciesCatalogue *catalogue = acies_catalogue_get_bundled ("four-battles");
  g_autoptr(AciesScenario) scenario = hex_scenario (ACIES_HEX_FLAT_TOP);
  AciesBoard *board = scenario->map.board;
  AciesArea *area = acies_area_new ("zone", "setup");
  AciesCell cell = acies_board_cell_at (board, 5, 4);
  cairo_surface_t *named, *bare;
  const AciesRgba *bg = acies_palette_get (ACIES_PALETTE_BACKGROUND);
  AciesRgba red;
  guint over_counter = 0, outside = 0;

  g_assert_true (acies_palette_parse ("#c01c28", &red));
  /* Above the counters: a one-cell zone holding the unit, so the name has
   * nowhere else to go; some of the counter's red turns to the name. */
  g_array_append_val (area->cells, cell);
  g_ptr_array_add (scenario->areas, area);
  render_named_and_bare (scenario, catalogue, "Left wing of the army", &named, &bare);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        int r1, g1, b1, r2, g2, b2;

        acies_test_pixel (bare, x, y, &r1, &g1, &b1);
        acies_test_pixel (named, x, y, &r2, &g2, &b2);
        if (acies_test_near_colour (r1, g1, b1, &red, 4) && !acies_test_near_colour (r2, g2, b2, &red, 24))
          over_counter++;
      }
  g_test_message ("%u pixels of the counter under the name", over_counter);
  g_assert_cmpuint (over_counter, >, 30);
  cairo_surface_destroy (named);
  cairo_surface_destroy (bare);

  /* Inside the board: a long name on a corner cell leaves the background
   * beyond the board untouched. */
  g_array_set_size (area->cells, 0);
  cell = acies_board_cell_at (board, 0, 0);
  g_array_append_val (area->cells, cell);
  render_named_and_bare (scenario, catalogue, "The camp of the Carthaginian allies", &named, &bare);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        int r1, g1, b1, r2, g2, b2;

        acies_test_pixel (bare, x, y, &r1, &g1, &b1);
        acies_test_pixel (named, x, y, &r2, &g2, &b2);
        if (acies_test_near_colour (r1, g1, b1, bg, 3) && !acies_test_near_colour (r2, g2, b2, bg, 3))
          outside++;
      }
  g_assert_cmpuint (outside, ==, 0);
  cairo_surface_destroy (named);
  cairo_surface_destroy (bare);
}

/* The x-range of the pixels that differ between @a and @b. */
static void
ink_x_range (cairo_surface_t *a,
             cairo_surface_t *b,
             int             *x0,
             int             *x1)
{
  *x0 = G_MAXINT;
  *x1 = -1;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        int r1, g1, b1, r2, g2, b2;

        acies_test_pixel (a, x, y, &r1, &g1, &b1);
        acies_test_pixel (b, x, y, &r2, &g2, &b2);
        if (r1 != r2 || g1 != g2 || b1 != b2)
          {
            *x0 = MIN (*x0, x);
            *x1 = MAX (*x1, x);
          }
      }
}

/* Issue 17.9 (trial): two set-up zones side by side with long names
 * (Heraclea's Purple and Blue, 12 Phalanx each) have their names each in
 * its own zone's width, not running into each other. */
static void
test_area_names_side_by_side (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ACIES_SOURCE_DIR") ? g_getenv ("ACIES_SOURCE_DIR") : ACIES_SOURCE_DIR,
                                            "data", "scenarios", "grass-crown", "heraclea.acies", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (path, &error);
  const AciesCatalogue *catalogue;
  AciesRenderOptions options;
  cairo_surface_t *both, *no_purple, *no_blue;
  AciesArea *purple = NULL, *blue = NULL;
  char *name;
  int p0, p1, b0, b1;

  g_assert_no_error (error);
  catalogue = acies_catalogue_get_bundled (scenario->ruleset);
  for (guint i = 0; i < scenario->areas->len; i++)
    {
      AciesArea *area = g_ptr_array_index (scenario->areas, i);

      if (area->name != NULL && g_str_has_prefix (area->name, "Purple set-up"))
        purple = area;
      if (area->name != NULL && g_str_has_prefix (area->name, "Blue set-up"))
        blue = area;
    }
  g_assert_nonnull (purple);
  g_assert_nonnull (blue);
  acies_render_options_init (&options);
  options.no_cache = TRUE;
  options.show_units = FALSE;
  both = acies_test_render (scenario, catalogue, &options);
  name = g_steal_pointer (&purple->name);
  no_purple = acies_test_render (scenario, catalogue, &options);
  purple->name = name;
  name = g_steal_pointer (&blue->name);
  no_blue = acies_test_render (scenario, catalogue, &options);
  blue->name = name;
  ink_x_range (both, no_purple, &p0, &p1);
  ink_x_range (both, no_blue, &b0, &b1);
  g_test_message ("Purple's name: x %d…%d; Blue's: x %d…%d", p0, p1, b0, b1);
  g_assert_cmpint (p1, >=, 0);
  g_assert_cmpint (b1, >=, 0);
  g_assert_cmpint (p1, <, b0);
  cairo_surface_destroy (both);
  cairo_surface_destroy (no_purple);
  cairo_surface_destroy (no_blue);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/render/samples", test_samples);
  g_test_add_func ("/acies/render/monochrome", test_monochrome);
  g_test_add_func ("/acies/render/hex-orientations", test_hex_orientations);
  g_test_add_func ("/acies/render/cache", test_cache);
  g_test_add_func ("/acies/render/hidden-values", test_hidden_values);
  g_test_add_func ("/acies/render/zones-and-squares", test_zones_and_squares);
  g_test_add_func ("/acies/render/leaders-override", test_leaders_override);
  g_test_add_func ("/acies/render/high-contrast", test_high_contrast);
  g_test_add_func ("/acies/render/ford-visible", test_ford_visible);
  g_test_add_func ("/acies/render/area-names", test_area_names);
  g_test_add_func ("/acies/render/area-names-side-by-side", test_area_names_side_by_side);

  return g_test_run ();
}
