/* acies-cli-bench-scale.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cli"

#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <cairo-pdf.h>

#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "model/acies-problem.h"
#include "render/acies-render.h"
#include "render/acies-render-print.h"
#include "acies-cli-bench-scale.h"
#include "acies-cli-private.h"

/*
 * acies-cli bench at scale (issue 21.6): generated Four Battles hex boards
 * of 20×15, 60×40, 120×80 and 200×200 hexes with 50, 500 and 5,000 units,
 * each measured the same way, so that the growth of every figure can be
 * read from one table.
 *
 * A generated board has terrain in blobs (woods, hills at level 1,
 * swamps, lakes), rivers, streams and roads along hexsides, a few camps,
 * two set-up areas and an objective with their names, two sides, and its
 * units spread over the two set-up thirds of the board (stacks where the
 * units outnumber the cells), every unit with its own name, and one
 * leader for every 250 units on a unit's counter.  The generator is
 * seeded by the board's size, so every run draws the same boards.
 *
 * Figures (medians of the runs, milliseconds):
 *   load_validate  the generated file read and validated;
 *   first          the first draw at the image size from an empty cache;
 *   redraw         a redraw from a warm cache (a window's frame);
 *   edit           the redraw after the terrain of one cell near the
 *                  centre changed (the cache told which cell);
 *   move           the redraw after one unit near the centre moved to the
 *                  next hex (the cache told which cells);
 *   print          the whole printed set-up to PDF (map fitted, order of
 *                  battle, rules, tables), as acies-cli print does;
 *   print_map      the map page alone, fitted;
 *   print_tiled    the map alone at 16 mm a hex, tiled over A4 pages.
 * One-time start-up (fontconfig, the first fonts, cairo's PDF machinery)
 * is paid by acies_cli_bench_warm_up() before any figure is taken.
 */

#define TILED_CELL_MM 16.0

typedef struct
{
  guint   width;
  guint   height;
  guint   n_units;
  guint   cells;
  double  load_ms;
  double  first_ms;
  double  cached_ms;
  double  edit_ms;
  double  move_ms;
  double  print_ms;
  guint   print_pages;
  double  print_map_ms;
  double  print_tiled_ms;
  guint   tiled_pages;
} ScaleResult;

static gboolean use_cpu_clock;

/* Microseconds of wall-clock time, or of the process's CPU time with
 * --cpu-time (not stretched by waiting for a shared processor). */
static gint64
now_us (void)
{
  struct timespec ts;

  if (use_cpu_clock && clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) == 0)
    return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
  return g_get_monotonic_time ();
}

/**
 * acies_cli_bench_scale_set_cpu_clock:
 * @cpu: %TRUE to time with the process's CPU time instead of the wall clock
 */
void
acies_cli_bench_scale_set_cpu_clock (gboolean cpu)
{
  use_cpu_clock = cpu;
}

static const guint scale_sizes[][2] = { { 20, 15 }, { 60, 40 }, { 120, 80 }, { 200, 200 } };
static const guint scale_units[] = { 50, 500, 5000 };

/* The generator. */

static AciesCell
random_cell_in (GRand      *rand,
                AciesBoard *board,
                guint       col0,
                guint       col1)
{
  guint h = acies_board_get_height (board);

  return acies_board_cell_at (board, g_rand_int_range (rand, col0, MAX (col0 + 1, col1)),
                              g_rand_int_range (rand, 0, h));
}

/* A blob of @terrain around @centre, @radius hexes. */
static void
paint_blob (AciesScenario *scenario,
            AciesCell      centre,
            guint          radius,
            const char    *terrain,
            gint           level)
{
  AciesBoard *board = scenario->map.board;
  int col, row;

  acies_board_cell_coords (board, centre, &col, &row);
  for (int dc = -(int) radius; dc <= (int) radius; dc++)
    for (int dr = -(int) radius; dr <= (int) radius; dr++)
      {
        AciesCell c = acies_board_cell_at (board, col + dc, row + dr);

        if (c == ACIES_CELL_NONE || acies_board_distance (board, centre, c) > radius)
          continue;
        acies_map_set_terrain (&scenario->map, c, terrain);
        scenario->map.elevation[c] = level;
      }
}

/* A line of @feature along hexsides: a walk from @start that keeps to a
 * general @heading (a direction), turning now and then. */
static void
draw_line (AciesScenario *scenario,
           GRand         *rand,
           AciesCell      start,
           guint          heading,
           guint          length,
           const char    *feature)
{
  AciesBoard *board = scenario->map.board;
  guint n_dirs = acies_board_get_n_directions (board);
  AciesCell cell = start;

  for (guint i = 0; i < length && cell != ACIES_CELL_NONE; i++)
    {
      guint side = (heading + 1 + g_rand_int_range (rand, 0, 2) * (n_dirs - 2)) % n_dirs;
      AciesEdge edge = acies_board_edge_of (board, cell, side);

      if (edge != ACIES_EDGE_NONE && !acies_map_edge_has_feature (&scenario->map, edge, feature))
        acies_map_add_edge_feature (&scenario->map, edge, feature);
      cell = acies_board_neighbour (board, cell, g_rand_int_range (rand, 0, 4) == 0
                                                 ? (heading + n_dirs - 1) % n_dirs : heading);
    }
}

static AciesArea *
area_of_columns (AciesBoard *board,
                 const char *id,
                 const char *name,
                 const char *side,
                 guint       col0,
                 guint       col1)
{
  AciesArea *area = acies_area_new (id, "setup");

  area->name = g_strdup (name);
  area->side = g_strdup (side);
  for (guint c = 0; c < acies_board_get_n_cells (board); c++)
    {
      int col, row;

      acies_board_cell_coords (board, c, &col, &row);
      if ((guint) col >= col0 && (guint) col < col1)
        {
          AciesCell cell = c;

          g_array_append_val (area->cells, cell);
        }
    }
  return area;
}

/**
 * acies_cli_bench_scale_scenario:
 * @width: hexes per row
 * @height: hexes per column
 * @n_units: units to place
 *
 * Generates the benchmark's Four Battles board of @width × @height hexes
 * with @n_units units (see the comment at the top of this file); the
 * same board for the same arguments.
 *
 * Returns: (transfer full): the scenario
 */
AciesScenario *
acies_cli_bench_scale_scenario (guint width,
                                guint height,
                                guint n_units)
{
  static const char *blobs[] = { "woods", "woods", "hill", "swamp", "lake", "forest" };
  static const char *types[] = { "infantry", "legion", "cavalry", "archer", "slinger", "elephant" };
  static const char *missiles[] = { "none", "pila", "none", "bow", "sling", "none" };
  g_autoptr(AciesBoard) board = acies_board_new_hex (width, height, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  g_autoptr(GRand) rand = g_rand_new_with_seed (width * 1000 + height);
  AciesScenario *scenario;
  AciesSide *side;
  AciesArea *area;
  g_autoptr(GHashTable) taken = g_hash_table_new (NULL, NULL);
  guint n_cells = width * height, third = MAX (1u, width / 3), n_leaders = n_units / 250;

  acies_board_set_label_scheme (board, width <= 99 && height <= 99 ? ACIES_LABEL_XXYY : ACIES_LABEL_ALNUM);
  scenario = acies_scenario_new ("four-battles", board, "clear");
  g_free (scenario->meta.title);
  scenario->meta.title = g_strdup_printf ("Scale %u×%u, %u units", width, height, n_units);

  for (guint i = 0; i < 2; i++)
    {
      side = acies_side_new (i ? "carthaginians" : "romans", i ? "Carthaginians" : "Romans");
      side->colour = g_strdup (i ? "#1c71d8" : "#c01c28");
      json_object_set_int_member (side->params, "demoralization", MIN (999u, 6 * n_units / 10 + 10));
      json_object_set_int_member (side->params, "disintegration", MIN (999u, 9 * n_units / 10 + 15));
      g_ptr_array_add (scenario->sides, side);
    }

  /* Terrain: one blob for about every 30 hexes, of 1 to 3 hexes' radius. */
  for (guint i = 0; i < MAX (1u, n_cells / 30); i++)
    {
      const char *terrain = blobs[g_rand_int_range (rand, 0, G_N_ELEMENTS (blobs))];

      paint_blob (scenario, random_cell_in (rand, board, 0, width), g_rand_int_range (rand, 0, 3),
                  terrain, g_str_equal (terrain, "hill") ? 1 : 0);
    }
  for (guint i = 0; i < MAX (1u, n_cells / 400); i++)
    acies_map_add_cell_feature (&scenario->map, random_cell_in (rand, board, 0, width), "camp");

  /* Hexside lines: a river for every 40 columns, north to south; streams
   * and roads across. */
  for (guint i = 0; i < MAX (1u, width / 40); i++)
    draw_line (scenario, rand, acies_board_cell_at (board, g_rand_int_range (rand, third, MAX (third + 1, 2 * third)), 0),
               3, height * 2, "river");
  for (guint i = 0; i < MAX (1u, height / 10); i++)
    draw_line (scenario, rand, random_cell_in (rand, board, 0, width), g_rand_int_range (rand, 1, 3), width / 2,
               i % 2 ? "stream" : "road");

  /* Areas: each side's set-up third, an objective in the middle. */
  g_ptr_array_add (scenario->areas, area_of_columns (board, "roman-setup", "Roman set-up", "romans", 0, third));
  g_ptr_array_add (scenario->areas, area_of_columns (board, "punic-setup", "Carthaginian set-up", "carthaginians",
                                                     width - third, width));
  area = area_of_columns (board, "ford", "The ford", NULL, width / 2, width / 2 + 1);
  g_free (area->kind);
  area->kind = g_strdup ("objective");
  g_ptr_array_add (scenario->areas, area);

  /* Units: alternately Roman (west third) and Carthaginian (east third),
   * one a hex while the third has room (Four Battles stacks one unit, FB
   * 13.2), stacked beyond; the leaders count among the units. */
  for (guint i = 0; i < n_units - n_leaders; i++)
    {
      guint t = g_rand_int_range (rand, 0, G_N_ELEMENTS (types));
      g_autofree char *id = g_strdup_printf ("u%u", i + 1);
      AciesUnit *unit = acies_unit_new (id, i % 2 ? "carthaginians" : "romans", types[t]);

      unit->name = g_strdup_printf ("%s %u", i % 2 ? "Libyans" : "Legio", i / 2 + 1);
      json_object_set_int_member (unit->attrs, "sp", g_rand_int_range (rand, 2, 9));
      json_object_set_int_member (unit->attrs, "ma", g_rand_int_range (rand, 3, 9));
      json_object_set_string_member (unit->attrs, "missile", missiles[t]);
      for (guint tries = 0; tries < 40; tries++)
        {
          unit->cell = i % 2 ? random_cell_in (rand, board, width - third, width) : random_cell_in (rand, board, 0, third);
          if (!g_hash_table_contains (taken, GINT_TO_POINTER (unit->cell + 1)))
            break;
        }
      g_hash_table_add (taken, GINT_TO_POINTER (unit->cell + 1));
      g_ptr_array_add (scenario->units, unit);
    }
  for (guint i = 0; i < n_leaders; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (scenario->units, i * 250);
      g_autofree char *id = g_strdup_printf ("l%u", i + 1);
      AciesLeader *leader = acies_leader_new (id, unit->side, "leader");

      leader->name = g_strdup_printf ("Dux %u", i + 1);
      json_object_set_int_member (leader->attrs, "additive", 1 + i % 3);
      leader->cell = unit->cell;
      leader->attached_to = g_strdup (unit->id);
      g_ptr_array_add (scenario->leaders, leader);
    }

  return scenario;
}

/* Measurements. */

/**
 * acies_cli_bench_load_and_validate:
 * @file: a scenario file
 * @error: return location for an error
 *
 * What bench times as "load+val": the file read (acies_scenario_load_file())
 * and validated (acies_scenario_validate()); problems found are not
 * errors.
 *
 * Returns: (transfer full) (nullable): the scenario
 */
AciesScenario *
acies_cli_bench_load_and_validate (GFile   *file,
                                   GError **error)
{
  g_autoptr(AciesScenario) scenario = acies_scenario_load_file (file, error);
  g_autoptr(GPtrArray) problems = NULL;

  if (scenario == NULL)
    return NULL;
  problems = acies_problems_new ();
  if (!acies_scenario_validate (scenario, problems, error))
    return NULL;
  return g_steal_pointer (&scenario);
}

/**
 * acies_cli_bench_draw_once:
 * @surface: an image surface of @width × @height
 * @scenario: the scenario drawn
 * @catalogue: (nullable): its catalogue
 * @width: the image's width
 * @height: the image's height
 * @options: the drawing's options
 *
 * Returns: the time acies_render_board() took, microseconds (the wall
 *   clock, or the CPU's with --cpu-time)
 */
gint64
acies_cli_bench_draw_once (cairo_surface_t          *surface,
                           const AciesScenario      *scenario,
                           const AciesCatalogue     *catalogue,
                           int                       width,
                           int                       height,
                           const AciesRenderOptions *options)
{
  cairo_t *cr = cairo_create (surface);
  gint64 start = now_us ();

  acies_render_board (cr, scenario, catalogue, width, height, options);
  cairo_surface_flush (surface);
  start = now_us () - start;
  cairo_destroy (cr);
  return start;
}

static cairo_status_t
discard_write (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  return CAIRO_STATUS_SUCCESS;
}

/* The median time of acies_print_to_pdf() into a temporary file. */
static gboolean
time_print (const AciesScenario     *scenario,
            const AciesCatalogue    *catalogue,
            const AciesPrintOptions *options,
            int                      runs,
            double                  *ms,
            guint                   *pages,
            GError                 **error)
{
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *pdf = NULL;
  int fd = g_file_open_tmp ("acies-bench-XXXXXX.pdf", &pdf, error);

  if (fd < 0)
    return FALSE;
  close (fd);
  for (int i = 0; i < runs; i++)
    {
      gint64 t = now_us ();

      if (!acies_print_to_pdf (scenario, catalogue, options, pdf, pages, error))
        {
          g_unlink (pdf);
          return FALSE;
        }
      t = now_us () - t;
      g_array_append_val (times, t);
    }
  g_unlink (pdf);
  *ms = acies_cli_median_ms (times);
  return TRUE;
}

/* The unit standing nearest the centre of the board. */
static AciesUnit *
central_unit (const AciesScenario *scenario)
{
  AciesBoard *board = scenario->map.board;
  AciesCell centre = acies_board_cell_at (board, acies_board_get_width (board) / 2, acies_board_get_height (board) / 2);
  AciesUnit *best = NULL;
  guint best_d = G_MAXUINT;

  for (guint i = 0; i < scenario->units->len; i++)
    {
      AciesUnit *unit = g_ptr_array_index (scenario->units, i);
      guint d;

      if (unit->cell == ACIES_CELL_NONE)
        continue;
      d = acies_board_distance (board, centre, unit->cell);
      if (d < best_d)
        {
          best_d = d;
          best = unit;
        }
    }
  return best;
}

static gboolean
bench_scale_one (guint         width,
                 guint         height,
                 guint         n_units,
                 int           image_w,
                 int           image_h,
                 int           runs,
                 ScaleResult  *r,
                 GError      **error)
{
  g_autoptr(AciesScenario) generated = acies_cli_bench_scale_scenario (width, height, n_units);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(AciesRenderCache) cache = NULL;
  const AciesCatalogue *catalogue;
  cairo_surface_t *surface;
  AciesRenderOptions options;
  AciesPrintOptions print_options;
  AciesBoard *board;
  AciesCell cell;
  AciesUnit *unit;
  int fd;

  memset (r, 0, sizeof *r);
  r->width = width;
  r->height = height;
  r->n_units = n_units;
  r->cells = width * height;

  fd = g_file_open_tmp ("acies-bench-XXXXXX.acies", &path, error);
  if (fd < 0)
    return FALSE;
  close (fd);
  file = g_file_new_for_path (path);
  if (!acies_scenario_save_file (generated, file, error))
    {
      g_unlink (path);
      return FALSE;
    }

  for (int i = 0; i < runs; i++)
    {
      g_autoptr(AciesScenario) s = NULL;
      gint64 t = now_us ();

      s = acies_cli_bench_load_and_validate (file, error);
      t = now_us () - t;
      if (s == NULL)
        {
          g_unlink (path);
          return FALSE;
        }
      g_array_append_val (times, t);
      if (scenario == NULL)
        scenario = g_steal_pointer (&s);
    }
  g_unlink (path);
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);

    g_unlink (backup);
  }
  r->load_ms = acies_cli_median_ms (times);

  catalogue = acies_cli_catalogue_for (scenario);
  board = scenario->map.board;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, image_w, image_h);

  /* First draw: a fresh cache each run. */
  g_array_set_size (times, 0);
  for (int i = 0; i < runs; i++)
    {
      g_autoptr(AciesRenderCache) fresh = acies_render_cache_new ();
      gint64 t;

      acies_render_options_init (&options);
      options.cache = fresh;
      t = acies_cli_bench_draw_once (surface, scenario, catalogue, image_w, image_h, &options);
      g_array_append_val (times, t);
    }
  r->first_ms = acies_cli_median_ms (times);

  /* Redraws from a warm cache. */
  cache = acies_render_cache_new ();
  acies_render_options_init (&options);
  options.cache = cache;
  acies_cli_bench_draw_once (surface, scenario, catalogue, image_w, image_h, &options);
  g_array_set_size (times, 0);
  for (int i = 0; i < runs; i++)
    {
      gint64 t = acies_cli_bench_draw_once (surface, scenario, catalogue, image_w, image_h, &options);

      g_array_append_val (times, t);
    }
  r->cached_ms = acies_cli_median_ms (times);

  /* One cell's terrain changed near the centre, back and forth. */
  cell = acies_board_cell_at (board, width / 2 + 1, height / 2 + 1);
  g_array_set_size (times, 0);
  for (int i = 0; i < runs; i++)
    {
      const char *was = acies_map_get_terrain (&scenario->map, cell);
      gint64 t;

      acies_map_set_terrain (&scenario->map, cell, g_str_equal (was, "woods") ? "clear" : "woods");
      /* As the editor tells its board view (acies_board_view_cells_changed()). */
      acies_render_cache_invalidate_cells (cache, &cell, 1);
      t = acies_cli_bench_draw_once (surface, scenario, catalogue, image_w, image_h, &options);
      g_array_append_val (times, t);
    }
  r->edit_ms = acies_cli_median_ms (times);

  /* One unit near the centre moved to the next hex, back and forth. */
  unit = central_unit (scenario);
  g_array_set_size (times, 0);
  for (int i = 0; unit != NULL && i < runs; i++)
    {
      AciesCell from = unit->cell, to = acies_board_neighbour (board, from, i % 2 ? 3 : 0);
      gint64 t;

      if (to == ACIES_CELL_NONE)
        to = acies_board_neighbour (board, from, i % 2 ? 0 : 3);
      unit->cell = to;
      {
        AciesCell touched[2] = { from, to };

        acies_render_cache_invalidate_cells (cache, touched, 2);
      }
      t = acies_cli_bench_draw_once (surface, scenario, catalogue, image_w, image_h, &options);
      g_array_append_val (times, t);
    }
  r->move_ms = acies_cli_median_ms (times);
  cairo_surface_destroy (surface);

  /* Printing. */
  acies_print_options_init (&print_options);
  if (!time_print (scenario, catalogue, &print_options, runs, &r->print_ms, &r->print_pages, error))
    return FALSE;
  print_options.pages = ACIES_PRINT_PAGES_MAP;
  if (!time_print (scenario, catalogue, &print_options, runs, &r->print_map_ms, NULL, error))
    return FALSE;
  print_options.cell_mm = TILED_CELL_MM;
  if (!time_print (scenario, catalogue, &print_options, runs, &r->print_tiled_ms, &r->tiled_pages, error))
    return FALSE;

  return TRUE;
}

/**
 * acies_cli_bench_warm_up:
 *
 * Pays the process's one-time start-up costs before any figure is taken:
 * fontconfig and the first fonts (a small board with counters and labels
 * drawn once), and cairo's PDF machinery (one printed page).
 */
void
acies_cli_bench_warm_up (void)
{
  g_autoptr(AciesScenario) scenario = acies_cli_bench_scale_scenario (12, 9, 20);
  const AciesCatalogue *catalogue = acies_cli_catalogue_for (scenario);
  g_autoptr(AciesPrintJob) job = NULL;
  AciesPrintOptions print_options;
  AciesRenderOptions options;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 480);
  cairo_t *cr = cairo_create (surface);

  acies_render_options_init (&options);
  options.no_cache = TRUE;
  acies_render_board (cr, scenario, catalogue, 640, 480, &options);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  acies_print_options_init (&print_options);
  print_options.pages = ACIES_PRINT_PAGES_MAP | ACIES_PRINT_PAGES_OOB;
  surface = cairo_pdf_surface_create_for_stream (discard_write, NULL, print_options.page_width,
                                                 print_options.page_height);
  cr = cairo_create (surface);
  job = acies_print_job_new (scenario, catalogue, &print_options);
  acies_print_job_paginate (job, cr);
  for (guint i = 0; i < acies_print_job_get_n_pages (job); i++)
    {
      acies_print_job_draw_page (job, cr, i);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
}

/* The goals of issue 21 on the 200×200 board with 5,000 units. */
typedef struct
{
  const char *name;
  gsize       offset;
  double      goal;
} Goal;

static const Goal goals[] = {
  { "load_validate_ms", G_STRUCT_OFFSET (ScaleResult, load_ms), 150 },
  { "render_first_ms", G_STRUCT_OFFSET (ScaleResult, first_ms), 500 },
  { "render_cached_ms", G_STRUCT_OFFSET (ScaleResult, cached_ms), 8 },
  { "render_edit_ms", G_STRUCT_OFFSET (ScaleResult, edit_ms), 16 },
  { "render_move_ms", G_STRUCT_OFFSET (ScaleResult, move_ms), 16 },
  { "print_pdf_ms", G_STRUCT_OFFSET (ScaleResult, print_ms), 2000 },
};

#define FIGURE(r, goal) (G_STRUCT_MEMBER (double, (r), (goal)->offset))

static void
add_result_json (JsonBuilder       *builder,
                 const ScaleResult *r)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "board");
  json_builder_add_string_value (builder, "hex");
  json_builder_set_member_name (builder, "width");
  json_builder_add_int_value (builder, r->width);
  json_builder_set_member_name (builder, "height");
  json_builder_add_int_value (builder, r->height);
  json_builder_set_member_name (builder, "cells");
  json_builder_add_int_value (builder, r->cells);
  json_builder_set_member_name (builder, "units");
  json_builder_add_int_value (builder, r->n_units);
  json_builder_set_member_name (builder, "load_validate_ms");
  json_builder_add_double_value (builder, r->load_ms);
  json_builder_set_member_name (builder, "render_first_ms");
  json_builder_add_double_value (builder, r->first_ms);
  json_builder_set_member_name (builder, "render_cached_ms");
  json_builder_add_double_value (builder, r->cached_ms);
  json_builder_set_member_name (builder, "render_edit_ms");
  json_builder_add_double_value (builder, r->edit_ms);
  json_builder_set_member_name (builder, "render_move_ms");
  json_builder_add_double_value (builder, r->move_ms);
  json_builder_set_member_name (builder, "print_pdf_ms");
  json_builder_add_double_value (builder, r->print_ms);
  json_builder_set_member_name (builder, "print_pages");
  json_builder_add_int_value (builder, r->print_pages);
  json_builder_set_member_name (builder, "print_map_ms");
  json_builder_add_double_value (builder, r->print_map_ms);
  json_builder_set_member_name (builder, "print_tiled_ms");
  json_builder_add_double_value (builder, r->print_tiled_ms);
  json_builder_set_member_name (builder, "print_tiled_pages");
  json_builder_add_int_value (builder, r->tiled_pages);
  json_builder_end_object (builder);
}

static gboolean
parse_list (const char  *text,
            gboolean     sizes,
            GArray      *out)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint v[2] = { 0, 0 };

      if (sizes)
        {
          int w, h;

          if (!acies_cli_parse_size (g_strstrip (parts[i]), &w, &h) || w > 200 || h > 200)
            return FALSE;
          v[0] = w;
          v[1] = h;
        }
      else
        {
          guint64 n;

          if (!g_ascii_string_to_unsigned (g_strstrip (parts[i]), 10, 1, 5000, &n, NULL))
            return FALSE;
          v[0] = n;
        }
      g_array_append_vals (out, v, 1);
    }
  return out->len > 0;
}

struct _AciesCliScale
{
  GArray *results;   /* ScaleResult */
  int     image_w;
  int     image_h;
  int     runs;
};

void
acies_cli_scale_free (AciesCliScale *scale)
{
  if (scale == NULL)
    return;
  g_array_unref (scale->results);
  g_free (scale);
}

/**
 * acies_cli_bench_scale_parse:
 * @sizes: (nullable): "WxH,WxH…" boards to measure, or %NULL for all four
 * @units: (nullable): "N,N…" unit counts, or %NULL for 50, 500 and 5000
 * @size_list: (out): the boards, two guint each
 * @unit_list: (out): the unit counts
 *
 * Returns: %FALSE when @sizes or @units is not understood
 */
gboolean
acies_cli_bench_scale_parse (const char  *sizes,
                             const char  *units,
                             GArray     **size_list,
                             GArray     **unit_list)
{
  *size_list = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
  *unit_list = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
  if (sizes != NULL)
    {
      if (!parse_list (sizes, TRUE, *size_list))
        return FALSE;
    }
  else
    g_array_append_vals (*size_list, scale_sizes, G_N_ELEMENTS (scale_sizes));
  if (units != NULL)
    return parse_list (units, FALSE, *unit_list);
  for (guint i = 0; i < G_N_ELEMENTS (scale_units); i++)
    {
      guint v[2] = { scale_units[i], 0 };

      g_array_append_vals (*unit_list, v, 1);
    }
  return TRUE;
}

/**
 * acies_cli_bench_scale_run:
 * @size_list: the boards (from acies_cli_bench_scale_parse())
 * @unit_list: the unit counts
 * @image_w: the board image's width, pixels
 * @image_h: the board image's height, pixels
 * @runs: runs per figure (the median is reported)
 * @table: print each board's line as soon as it is measured
 * @ok: (inout): set to %FALSE when a board could not be measured
 *
 * Measures every generated board (see the top of this file); a board
 * that cannot be measured is reported on standard error and left out.
 *
 * Returns: (transfer full): the results
 */
AciesCliScale *
acies_cli_bench_scale_run (GArray   *size_list,
                           GArray   *unit_list,
                           int       image_w,
                           int       image_h,
                           int       runs,
                           gboolean  table,
                           gboolean *ok)
{
  AciesCliScale *scale = g_new0 (AciesCliScale, 1);

  scale->results = g_array_new (FALSE, TRUE, sizeof (ScaleResult));
  scale->image_w = image_w;
  scale->image_h = image_h;
  scale->runs = runs;

  if (table)
    {
      g_print (_("Generated hex boards: median of %d runs, milliseconds; board drawn at %d×%d\n"), runs, image_w, image_h);
      g_print ("%-9s %6s %6s %9s %8s %7s %7s %7s %8s %5s %8s %9s %5s\n", _("board"), _("cells"), _("units"),
               _("load+val"), _("first"), _("redraw"), _("edit"), _("move"), _("pdf"), _("pages"),
               _("map pdf"), _("tiled pdf"), _("pages"));
    }

  for (guint s = 0; s < size_list->len; s++)
    for (guint u = 0; u < unit_list->len; u++)
      {
        const guint *size = &g_array_index (size_list, guint, 2 * s);
        guint n = g_array_index (unit_list, guint, 2 * u);
        g_autoptr(GError) error = NULL;
        ScaleResult r;

        if (!bench_scale_one (size[0], size[1], n, image_w, image_h, runs, &r, &error))
          {
            g_autofree char *name = g_strdup_printf ("%u×%u, %u units", size[0], size[1], n);

            acies_cli_print_error (name, error);
            *ok = FALSE;
            continue;
          }
        g_array_append_val (scale->results, r);
        if (table)
          {
            g_autofree char *board = g_strdup_printf ("%u×%u", r.width, r.height);

            g_print ("%-9s %6u %6u %9.2f %8.2f %7.2f %7.2f %7.2f %8.1f %5u %8.1f %9.1f %5u\n", board, r.cells,
                     r.n_units, r.load_ms, r.first_ms, r.cached_ms, r.edit_ms, r.move_ms, r.print_ms,
                     r.print_pages, r.print_map_ms, r.print_tiled_ms, r.tiled_pages);
          }
      }
  return scale;
}

static const ScaleResult *
goal_board (AciesCliScale *scale)
{
  for (guint i = 0; i < scale->results->len; i++)
    {
      const ScaleResult *r = &g_array_index (scale->results, ScaleResult, i);

      if (r->width == 200 && r->height == 200 && r->n_units == 5000)
        return r;
    }
  return NULL;
}

/**
 * acies_cli_bench_scale_print_goals:
 * @scale: results
 *
 * Prints the goals of issue 21 against the 200×200 board with 5,000
 * units, when it was measured.
 *
 * Returns: %FALSE when a goal was missed
 */
gboolean
acies_cli_bench_scale_print_goals (AciesCliScale *scale)
{
  const ScaleResult *r = goal_board (scale);
  gboolean met = TRUE;

  if (r == NULL)
    return TRUE;
  g_print (_("Goals on 200×200 hexes with 5,000 units at %d×%d (issue 21):\n"), scale->image_w, scale->image_h);
  for (guint i = 0; i < G_N_ELEMENTS (goals); i++)
    {
      gboolean ok = FIGURE (r, &goals[i]) <= goals[i].goal;

      g_print ("  %-18s %9.2f ms  goal ≤ %6.0f ms  %s\n", goals[i].name, FIGURE (r, &goals[i]),
               goals[i].goal, ok ? _("met") : _("MISSED"));
      met = met && ok;
    }
  return met;
}

/**
 * acies_cli_bench_scale_add_json:
 * @scale: results
 * @builder: a builder inside an object
 *
 * Adds the members "scale" (one object per board) and "scale_goals"
 * (each goal of issue 21 with its figure on the 200×200 board with 5,000
 * units, or null when that board was not measured).
 */
void
acies_cli_bench_scale_add_json (AciesCliScale *scale,
                                JsonBuilder   *builder)
{
  const ScaleResult *r = goal_board (scale);

  json_builder_set_member_name (builder, "scale");
  json_builder_begin_array (builder);
  for (guint i = 0; i < scale->results->len; i++)
    add_result_json (builder, &g_array_index (scale->results, ScaleResult, i));
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "scale_goals");
  if (r == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_begin_object (builder);
  for (guint i = 0; i < G_N_ELEMENTS (goals); i++)
    {
      json_builder_set_member_name (builder, goals[i].name);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "ms");
      json_builder_add_double_value (builder, FIGURE (r, &goals[i]));
      json_builder_set_member_name (builder, "goal_ms");
      json_builder_add_double_value (builder, goals[i].goal);
      json_builder_set_member_name (builder, "met");
      json_builder_add_boolean_value (builder, FIGURE (r, &goals[i]) <= goals[i].goal);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
}

/**
 * acies_cli_bench_scale_print_json:
 * @scale: results
 * @width: the board image's width
 * @height: the board image's height
 *
 * Prints the results of --scale as one JSON object: the image size, the
 * runs, "scale" and "scale_goals" (acies_cli_bench_scale_add_json()).
 */
void
acies_cli_bench_scale_print_json (AciesCliScale *scale,
                                  int            width,
                                  int            height)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "width");
  json_builder_add_int_value (builder, width);
  json_builder_set_member_name (builder, "height");
  json_builder_add_int_value (builder, height);
  json_builder_set_member_name (builder, "runs");
  json_builder_add_int_value (builder, scale->runs);
  acies_cli_bench_scale_add_json (scale, builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
}

/**
 * acies_cli_bench_scale_write:
 * @dir: a folder
 * @error: return location for an error
 *
 * Writes the twelve generated boards to @dir as
 * scale-WxH-N.acies (for tests/bench/launch-bench.sh and the board view
 * bench).
 *
 * Returns: %TRUE when all were written
 */
gboolean
acies_cli_bench_scale_write (const char  *dir,
                             GError     **error)
{
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", dir, g_strerror (errno));
      return FALSE;
    }
  for (guint s = 0; s < G_N_ELEMENTS (scale_sizes); s++)
    for (guint u = 0; u < G_N_ELEMENTS (scale_units); u++)
      {
        g_autoptr(AciesScenario) scenario = acies_cli_bench_scale_scenario (scale_sizes[s][0], scale_sizes[s][1],
                                                                            scale_units[u]);
        g_autofree char *name = g_strdup_printf ("scale-%ux%u-%u.acies", scale_sizes[s][0], scale_sizes[s][1],
                                                 scale_units[u]);
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_autoptr(GFile) file = g_file_new_for_path (path);

        if (!acies_scenario_save_file (scenario, file, error))
          return FALSE;
      }
  return TRUE;
}
