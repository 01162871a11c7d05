/* acies-cli-bench.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cli"

#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "acies-data.h"
#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "model/acies-problem.h"
#include "render/acies-render.h"
#include "render/acies-render-print.h"
#include "rulesets/acies-playout.h"
#include "rulesets/acies-ruleset.h"
#include "acies-cli-private.h"
#include "acies-cli-bench-scale.h"

/* acies-cli bench [--json] [FILE…]: for each scenario (default: every
 * bundled sample), the median over N runs of
 *   load + validate;
 *   the first draw of the board at 1920×1080 (a fresh cache: geometry,
 *     static layer, counter images);
 *   a redraw from the cache (what a window does on every frame);
 *   a direct draw without any cache (what printing does);
 *   the printed set-up written to a temporary PDF (acies_print_to_pdf());
 *   for a registered ruleset, the time of one acies_ruleset_legal_actions()
 *     call in microseconds, over the states of a few random games.
 * With --json the random-game rate of each ruleset (games per CPU second on
 * one core) is added, from a small number of games unless --runs is given.
 * Times come from g_get_monotonic_time(), legal actions from CLOCK_MONOTONIC. */


#define SCENARIOS_PATH ACIES_DATA_PREFIX "scenarios"
#define LEGAL_GAMES 3          /* random games per scenario for legal-action timing */
#define LEGAL_MAX_ACTIONS 4000 /* per game: a guard for rulesets without an end */
#define JSON_GAMES 100         /* random games per battle with --json */
#define TABLE_GAMES 500        /* random games per battle in the table form */

static gboolean opt_json;
static int opt_runs = -1;
static char *opt_size;
static gboolean opt_scale;
static char *opt_scale_sizes;
static char *opt_scale_units;
static char *opt_write_scale;
static gboolean opt_cpu_time;

static const GOptionEntry entries[] = {
  { "json", 'j', 0, G_OPTION_ARG_NONE, &opt_json, N_("Print JSON instead of a table"), NULL },
  { "runs", 'n', 0, G_OPTION_ARG_INT, &opt_runs, N_("Runs per measurement (default 21, 5 with --json); with --json also the random games per ruleset (default 100)"), N_("N") },
  { "size", 's', 0, G_OPTION_ARG_STRING, &opt_size, N_("Board image size, default 1920x1080"), N_("WxH") },
  { "scale", 0, 0, G_OPTION_ARG_NONE, &opt_scale, N_("Measure generated hex boards of every size instead (acies-cli-bench-scale.c)"), NULL },
  { "scale-sizes", 0, 0, G_OPTION_ARG_STRING, &opt_scale_sizes, N_("With --scale, the boards (default 20x15,60x40,120x80,200x200)"), N_("WxH,…") },
  { "scale-units", 0, 0, G_OPTION_ARG_STRING, &opt_scale_units, N_("With --scale, the unit counts (default 50,500,5000)"), N_("N,…") },
  { "cpu-time", 0, 0, G_OPTION_ARG_NONE, &opt_cpu_time, N_("Time the generated boards with the process's CPU time, not the wall clock"), NULL },
  { "write-scale", 0, 0, G_OPTION_ARG_FILENAME, &opt_write_scale, N_("Write the generated boards to DIR and stop"), N_("DIR") },
  { NULL }
};

typedef struct
{
  char   *file;
  char   *title;
  char   *board;
  guint   cells;
  guint   units;
  double  load_ms;
  double  first_ms;
  double  cached_ms;
  double  direct_ms;
  double  print_ms;
  guint   print_pages;
  char   *ruleset;        /* NULL when not registered */
  double  legal_us;       /* median per call */
  guint   legal_calls;
  guint   legal_games;
} Result;

/* Progress on a terminal: one line of standard error, "bench: 3 of 12,
 * heraclea.acies", rewritten in place and cleared before the results are
 * printed; nothing when standard error is not a terminal (a pipe, a file,
 * a CI log), so that what scripts read is unchanged. */
static gboolean progress_shown;

static void
progress (const char *format,
          ...) G_GNUC_PRINTF (1, 2);

static void
progress (const char *format,
          ...)
{
  g_autofree char *text = NULL;
  va_list args;

  if (!isatty (STDERR_FILENO))
    return;
  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  /* Carriage return and "erase to the end of the line". */
  g_printerr ("\r\033[K%s %s", _("bench:"), text);
  progress_shown = TRUE;
}

static void
progress_clear (void)
{
  if (!progress_shown)
    return;
  g_printerr ("\r\033[K");
  progress_shown = FALSE;
}

static void
result_free (Result *r)
{
  g_free (r->file);
  g_free (r->title);
  g_free (r->board);
  g_free (r->ruleset);
  g_free (r);
}

static int
cmp_int64 (gconstpointer a,
           gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* The median of @times (microseconds, sorted in place), in milliseconds. */
double
acies_cli_median_ms (GArray *times)
{
  g_array_sort (times, cmp_int64);
  if (times->len == 0)
    return 0;
  if (times->len % 2 == 1)
    return g_array_index (times, gint64, times->len / 2) / 1000.0;
  return (g_array_index (times, gint64, times->len / 2 - 1)
          + g_array_index (times, gint64, times->len / 2)) / 2000.0;
}

static gint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

static double
cpu_seconds (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time () / 1e6;
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Plays LEGAL_GAMES random games (to their end or LEGAL_MAX_ACTIONS) and
 * times every acies_ruleset_legal_actions() call; the median in µs. */
static gboolean
bench_legal (AciesRuleset  *ruleset,
             AciesScenario *scenario,
             Result        *r,
             GError       **error)
{
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  for (guint g = 0; g < LEGAL_GAMES; g++)
    {
      AciesState *state = acies_ruleset_new_state (ruleset, scenario, NULL, error);
      g_autoptr(AciesDice) dice = acies_dice_new_seeded (g + 1);
      g_autoptr(GRand) rand = g_rand_new_with_seed (g + 1);
      gboolean ok = state != NULL;

      for (guint n = 0; ok && !state->finished && n < LEGAL_MAX_ACTIONS; n++)
        {
          AciesAction a;
          gint64 t;

          g_array_set_size (legal, 0);
          t = now_ns ();
          acies_ruleset_legal_actions (ruleset, state, legal);
          t = now_ns () - t;
          g_array_append_val (times, t);
          if (legal->len == 0)
            break;
          a = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
          ok = acies_ruleset_apply (ruleset, state, &a, dice, NULL, error);
        }
      if (state != NULL)
        acies_ruleset_free_state (ruleset, state);
      if (!ok)
        return FALSE;
    }
  r->legal_calls = times->len;
  r->legal_games = LEGAL_GAMES;
  /* median_ms() divides by 1000: nanoseconds give microseconds. */
  r->legal_us = acies_cli_median_ms (times);
  return TRUE;
}

static Result *
bench_one (GFile   *file,
           int      width,
           int      height,
           GError **error)
{
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  const AciesCatalogue *catalogue;
  cairo_surface_t *surface;
  AciesRenderOptions options;
  Result *r;

  for (int i = 0; i < opt_runs; i++)
    {
      g_autoptr(AciesScenario) s = NULL;
      gint64 start = g_get_monotonic_time (), t;

      s = acies_cli_bench_load_and_validate (file, error);
      t = g_get_monotonic_time () - start;
      if (s == NULL)
        return NULL;
      g_array_append_val (times, t);
      if (scenario == NULL)
        scenario = g_steal_pointer (&s);
    }

  r = g_new0 (Result, 1);
  r->file = g_file_get_uri (file);
  if (g_str_has_prefix (r->file, "file://"))
    {
      g_free (r->file);
      r->file = g_file_get_path (file);
    }
  r->title = g_strdup (scenario->meta.title ? scenario->meta.title : "");
  r->load_ms = acies_cli_median_ms (times);
  r->units = scenario->units->len;
  if (scenario->map.board != NULL)
    {
      const AciesBoard *b = scenario->map.board;
      const char *kind = acies_board_get_kind (b) == ACIES_BOARD_HEX ? "hex"
                         : acies_board_get_kind (b) == ACIES_BOARD_SQUARE ? "square" : "zones";

      r->cells = acies_board_get_n_cells (b);
      r->board = g_strdup_printf ("%s %u×%u", kind, acies_board_get_width (b), acies_board_get_height (b));
    }
  else
    r->board = g_strdup ("-");

  catalogue = acies_cli_catalogue_for (scenario);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

  /* First draw: a fresh cache each run. */
  g_array_set_size (times, 0);
  for (int i = 0; i < opt_runs; i++)
    {
      g_autoptr(AciesRenderCache) cache = acies_render_cache_new ();
      gint64 t;

      acies_render_options_init (&options);
      options.cache = cache;
      t = acies_cli_bench_draw_once (surface, scenario, catalogue, width, height, &options);
      g_array_append_val (times, t);
    }
  r->first_ms = acies_cli_median_ms (times);

  /* Redraw from a warm cache. */
  {
    g_autoptr(AciesRenderCache) cache = acies_render_cache_new ();

    acies_render_options_init (&options);
    options.cache = cache;
    acies_cli_bench_draw_once (surface, scenario, catalogue, width, height, &options);
    g_array_set_size (times, 0);
    for (int i = 0; i < opt_runs; i++)
      {
        gint64 t = acies_cli_bench_draw_once (surface, scenario, catalogue, width, height, &options);

        g_array_append_val (times, t);
      }
    r->cached_ms = acies_cli_median_ms (times);
  }

  /* Direct drawing, no cache at all. */
  acies_render_options_init (&options);
  options.no_cache = TRUE;
  g_array_set_size (times, 0);
  for (int i = 0; i < opt_runs; i++)
    {
      gint64 t = acies_cli_bench_draw_once (surface, scenario, catalogue, width, height, &options);

      g_array_append_val (times, t);
    }
  r->direct_ms = acies_cli_median_ms (times);
  cairo_surface_destroy (surface);

  /* The printed set-up to a temporary PDF, as acies-cli print does. */
  {
    g_autofree char *pdf = NULL;
    AciesPrintOptions print_options;
    int fd = g_file_open_tmp ("acies-bench-XXXXXX.pdf", &pdf, error);

    if (fd < 0)
      {
        result_free (r);
        return NULL;
      }
    close (fd);
    acies_print_options_init (&print_options);
    g_array_set_size (times, 0);
    for (int i = 0; i < opt_runs; i++)
      {
        gint64 start = g_get_monotonic_time (), t;
        gboolean ok = acies_print_to_pdf (scenario, catalogue, &print_options, pdf, &r->print_pages, error);

        t = g_get_monotonic_time () - start;
        if (!ok)
          {
            g_unlink (pdf);
            result_free (r);
            return NULL;
          }
        g_array_append_val (times, t);
      }
    g_unlink (pdf);
    r->print_ms = acies_cli_median_ms (times);
  }

  /* Legal-action generation, when the ruleset is registered. */
  {
    g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup (scenario->ruleset, NULL);

    if (ruleset != NULL)
      {
        r->ruleset = g_strdup (scenario->ruleset);
        if (!bench_legal (ruleset, scenario, r, error))
          {
            result_free (r);
            return NULL;
          }
      }
  }

  return r;
}

/* Every .acies under @path in the bundled resources, recursively. */
static gboolean
add_bundled (const char  *path,
             GPtrArray   *files,
             GError     **error)
{
  g_auto(GStrv) names = g_resources_enumerate_children (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);

  if (names == NULL)
    return FALSE;
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *child = g_strconcat (path, "/", names[i], NULL);

      if (g_str_has_suffix (names[i], "/"))
        {
          child[strlen (child) - 1] = '\0';
          if (!add_bundled (child, files, error))
            return FALSE;
        }
      else if (g_str_has_suffix (names[i], ".acies"))
        {
          g_autofree char *uri = g_strconcat ("resource://", child, NULL);

          g_ptr_array_add (files, g_file_new_for_uri (uri));
        }
    }
  return TRUE;
}

static GPtrArray *
bundled_scenarios (GError **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  acies_data_ensure_registered ();
  if (!add_bundled (SCENARIOS_PATH, files, error))
    return NULL;
  return g_steal_pointer (&files);
}

static int
cmp_files (gconstpointer a,
           gconstpointer b)
{
  g_autofree char *x = g_file_get_uri (*(GFile **) a);
  g_autofree char *y = g_file_get_uri (*(GFile **) b);

  return g_strcmp0 (x, y);
}

typedef struct
{
  char       *ruleset;
  char       *ruleset_name;
  char       *scenario;
  char       *title;
  guint       games;
  double      cpu_rate;
  double      wall_rate;
} Rate;

static void
rate_clear (gpointer data)
{
  Rate *rate = data;

  g_free (rate->ruleset);
  g_free (rate->ruleset_name);
  g_free (rate->scenario);
  g_free (rate->title);
}

/* The bundled battles (the .acies files of scenarios/<ruleset>, not the samples)
 * whose ruleset plays, sorted. */
static GPtrArray *
bundled_battles (GError **error)
{
  g_autoptr(GPtrArray) files = bundled_scenarios (error);
  GPtrArray *battles = g_ptr_array_new_with_free_func (g_object_unref);

  if (files == NULL)
    {
      g_ptr_array_unref (battles);
      return NULL;
    }
  g_ptr_array_sort (files, cmp_files);
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *uri = g_file_get_uri (g_ptr_array_index (files, i));

      if (strstr (uri, "/scenarios/samples/") == NULL)
        g_ptr_array_add (battles, g_object_ref (g_ptr_array_index (files, i)));
    }
  return battles;
}

/* @n_games complete random games of @file (acies_ruleset_playout(), seeds
 * 1 … @n_games, without checks), with a guard of 400 player turns for a
 * ruleset that has a max_turns option.  FALSE with @error when the
 * scenario cannot be played; TRUE with @rate->games 0 when its ruleset has
 * no rules engine. */
static gboolean
bench_rate (GFile   *file,
            guint    n_games,
            Rate    *rate,
            GError **error)
{
  g_autoptr(AciesScenario) scenario = acies_scenario_load_file (file, error);
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(JsonObject) options = json_object_new ();
  AciesCatalogue *catalogue;
  g_autofree char *base = NULL;
  gint64 start;
  double cpu;

  if (scenario == NULL)
    return FALSE;
  ruleset = acies_ruleset_lookup (scenario->ruleset, NULL);
  if (ruleset == NULL)
    return TRUE;
  catalogue = acies_ruleset_get_catalogue (ruleset);
  if (catalogue != NULL && acies_catalogue_find_param (catalogue->options, "max_turns") != NULL)
    json_object_set_int_member (options, "max_turns", 400);

  base = g_file_get_basename (file);
  rate->ruleset = g_strdup (acies_ruleset_get_id (ruleset));
  rate->ruleset_name = g_strdup (catalogue != NULL && catalogue->name != NULL ? catalogue->name : rate->ruleset);
  rate->scenario = g_strndup (base, g_str_has_suffix (base, ".acies") ? strlen (base) - strlen (".acies") : strlen (base));
  rate->title = g_strdup (scenario->meta.title != NULL ? scenario->meta.title : rate->scenario);
  rate->games = n_games;
  start = g_get_monotonic_time ();
  cpu = cpu_seconds ();
  for (guint g = 0; g < n_games; g++)
    {
      AciesPlayout p;
      gboolean ok = acies_ruleset_playout (ruleset, scenario, options, g + 1, 2000000, 0, &p, error);

      acies_playout_clear (&p);
      if (!ok)
        return FALSE;
    }
  /* CPU time of this process: the rate on one core even when other
   * processes share the machine; the wall-clock rate beside it. */
  rate->cpu_rate = n_games / MAX (1e-9, cpu_seconds () - cpu);
  rate->wall_rate = n_games / MAX (1e-9, (g_get_monotonic_time () - start) / 1e6);
  return TRUE;
}

/* Random complete games per second for each bundled battle whose ruleset
 * plays (tests/bench/README.md). */
static GArray *
bench_rates (guint    n_games,
             GError **error)
{
  g_autoptr(GArray) rates = g_array_new (FALSE, TRUE, sizeof (Rate));
  g_autoptr(GPtrArray) battles = bundled_battles (error);

  g_array_set_clear_func (rates, rate_clear);
  if (battles == NULL)
    return NULL;
  for (guint i = 0; i < battles->len; i++)
    {
      Rate rate = { NULL };
      g_autoptr(GError) local = NULL;
      g_autofree char *base = g_file_get_basename (g_ptr_array_index (battles, i));

      /* Translators: progress of acies-cli bench: "random games, 2 of 3: cannae.acies". */
      progress (_("random games, %u of %u: %s"), i + 1, battles->len, base);
      if (!bench_rate (g_ptr_array_index (battles, i), n_games, &rate, &local))
        {
          g_autofree char *name = g_file_get_basename (g_ptr_array_index (battles, i));

          rate_clear (&rate);
          g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", name);
          return NULL;
        }
      if (rate.games > 0)
        g_array_append_val (rates, rate);
    }
  return g_steal_pointer (&rates);
}

static void
print_json (GPtrArray     *results,
            GArray        *rates,
            int            width,
            int            height,
            const Result  *largest,
            AciesCliScale *scale)
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
  json_builder_add_int_value (builder, opt_runs);
  json_builder_set_member_name (builder, "statistic");
  json_builder_add_string_value (builder, "median");
  json_builder_set_member_name (builder, "results");
  json_builder_begin_array (builder);
  for (guint i = 0; i < results->len; i++)
    {
      const Result *r = g_ptr_array_index (results, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "file");
      json_builder_add_string_value (builder, r->file);
      json_builder_set_member_name (builder, "title");
      json_builder_add_string_value (builder, r->title);
      json_builder_set_member_name (builder, "board");
      json_builder_add_string_value (builder, r->board);
      json_builder_set_member_name (builder, "cells");
      json_builder_add_int_value (builder, r->cells);
      json_builder_set_member_name (builder, "units");
      json_builder_add_int_value (builder, r->units);
      json_builder_set_member_name (builder, "load_validate_ms");
      json_builder_add_double_value (builder, r->load_ms);
      json_builder_set_member_name (builder, "render_first_ms");
      json_builder_add_double_value (builder, r->first_ms);
      json_builder_set_member_name (builder, "render_cached_ms");
      json_builder_add_double_value (builder, r->cached_ms);
      json_builder_set_member_name (builder, "render_direct_ms");
      json_builder_add_double_value (builder, r->direct_ms);
      json_builder_set_member_name (builder, "print_pdf_ms");
      json_builder_add_double_value (builder, r->print_ms);
      json_builder_set_member_name (builder, "print_pages");
      json_builder_add_int_value (builder, r->print_pages);
      json_builder_set_member_name (builder, "ruleset");
      if (r->ruleset != NULL)
        json_builder_add_string_value (builder, r->ruleset);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "legal_actions_us");
      if (r->ruleset != NULL)
        json_builder_add_double_value (builder, r->legal_us);
      else
        json_builder_add_null_value (builder);
      if (r->ruleset != NULL)
        {
          json_builder_set_member_name (builder, "legal_actions_calls");
          json_builder_add_int_value (builder, r->legal_calls);
          json_builder_set_member_name (builder, "legal_actions_games");
          json_builder_add_int_value (builder, r->legal_games);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "random_games");
  json_builder_begin_array (builder);
  for (guint i = 0; rates != NULL && i < rates->len; i++)
    {
      const Rate *rate = &g_array_index (rates, Rate, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "ruleset");
      json_builder_add_string_value (builder, rate->ruleset);
      json_builder_set_member_name (builder, "scenario");
      json_builder_add_string_value (builder, rate->scenario);
      json_builder_set_member_name (builder, "games");
      json_builder_add_int_value (builder, rate->games);
      json_builder_set_member_name (builder, "games_per_cpu_second");
      json_builder_add_double_value (builder, rate->cpu_rate);
      json_builder_set_member_name (builder, "games_per_wall_second");
      json_builder_add_double_value (builder, rate->wall_rate);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  if (scale != NULL)
    acies_cli_bench_scale_add_json (scale, builder);
  json_builder_set_member_name (builder, "largest");
  if (largest != NULL)
    json_builder_add_string_value (builder, largest->file);
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
}

/* The table form's random-game rates: TABLE_GAMES games of each bundled
 * battle whose ruleset plays. */
static gboolean
print_rates (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) rates = bench_rates (TABLE_GAMES, &error);

  progress_clear ();
  if (rates == NULL)
    {
      acies_cli_print_error ("random games", error);
      return FALSE;
    }
  for (guint i = 0; i < rates->len; i++)
    {
      const Rate *rate = &g_array_index (rates, Rate, i);

      /* Translators: "Lost Battles: 4007 complete random Cannae games per
       * second on one core (500 games; 976 per wall-clock second)". */
      g_print (_("%s: %.0f complete random %s games per second on one core (%u games; %.0f per wall-clock second)\n"),
               rate->ruleset_name, rate->cpu_rate, rate->title, rate->games, rate->wall_rate);
    }
  return TRUE;
}

int
acies_cli_bench (const AciesCliCommandInfo *info,
                 int                        argc,
                 char                     **argv)
{
  g_autoptr(GOptionContext) context = acies_cli_option_context (info, entries);
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) result_free);
  g_autoptr(GError) error = NULL;
  const Result *largest = NULL;
  int width = 1920, height = 1080;
  guint n_games;
  gboolean ok = TRUE;
  g_autoptr(AciesCliScale) scale = NULL;
  g_autoptr(GArray) scale_sizes = NULL;
  g_autoptr(GArray) scale_units = NULL;
  int scale_runs = opt_runs;

  acies_cli_set_description (context,
                             _("Without FILE, every bundled scenario.  Times are medians in milliseconds:\n"
                               "“load+val” reads and validates the file, “first” draws the board from an\n"
                               "empty cache, “redraw” repaints from a warm cache (a window’s frames),\n"
                               "“direct” draws without a cache, “pdf” prints the set-up to PDF, “legal µs”\n"
                               "is one legal-action call.  Then random complete games per second for each\n"
                               "ruleset.  Without FILE, the goals are also measured on a generated 200×200 hex\n"
                               "board with 5,000 units; --scale measures generated boards of every size instead.\n"
                               "tests/bench/README.md describes every figure and the goals.\n"
                               "When standard error is a terminal, a line there shows the progress."));
  if (!acies_cli_parse (info, context, &argc, &argv))
    return ACIES_CLI_EXIT_USAGE;
  scale_runs = opt_runs == -1 ? 5 : opt_runs;
  if (opt_runs == -1)
    {
      /* The game count with --json: small unless --runs gives it. */
      n_games = JSON_GAMES;
      opt_runs = opt_json ? 5 : 21;
    }
  else
    n_games = opt_runs;
  if (opt_runs < 1 || opt_runs > 10000)
    {
      return acies_cli_usage_error (info, _("--runs %d: expected 1 to 10000"), opt_runs);
    }
  if (opt_size != NULL && !acies_cli_parse_size (opt_size, &width, &height))
    {
      return acies_cli_usage_error (info, _("--size “%s”: expected WIDTHxHEIGHT, 1 to 16384 each, such as 1920x1080"),
                                    opt_size);
    }

  if (!acies_cli_bench_scale_parse (opt_scale_sizes, opt_scale_units, &scale_sizes, &scale_units))
    return acies_cli_usage_error (info, _("--scale-sizes “%s”, --scale-units “%s”: expected boards such as "
                                          "60x40,200x200 (up to 200 a side) and unit counts such as 50,5000 (1 to 5000)"),
                                  opt_scale_sizes ? opt_scale_sizes : "", opt_scale_units ? opt_scale_units : "");
  if (opt_write_scale != NULL)
    {
      if (!acies_cli_bench_scale_write (opt_write_scale, &error))
        {
          acies_cli_print_error (opt_write_scale, error);
          return ACIES_CLI_EXIT_FAILED;
        }
      return ACIES_CLI_EXIT_OK;
    }

  /* Fontconfig, the first fonts and cairo's PDF set-up, paid once here
   * rather than by the first figure taken. */
  acies_cli_bench_warm_up ();
  acies_cli_bench_scale_set_cpu_clock (opt_cpu_time);
  if (opt_scale)
    {
      /* Translators: progress of acies-cli bench --scale --json (the table shows its own). */
      if (opt_json)
        progress (_("generated hex boards of every size"));
      scale = acies_cli_bench_scale_run (scale_sizes, scale_units, width, height, scale_runs, !opt_json, &ok);
      progress_clear ();
      if (opt_json)
        acies_cli_bench_scale_print_json (scale, width, height);
      else
        acies_cli_bench_scale_print_goals (scale);
      return ok ? ACIES_CLI_EXIT_OK : ACIES_CLI_EXIT_FAILED;
    }

  if (argc > 1)
    {
      files = g_ptr_array_new_with_free_func (g_object_unref);
      for (int i = 1; i < argc; i++)
        g_ptr_array_add (files, g_file_new_for_commandline_arg (argv[i]));
    }
  else
    {
      files = bundled_scenarios (&error);
      if (files == NULL)
        {
          g_printerr (_("acies-cli bench: no bundled scenarios: %s\n"), error->message);
          return ACIES_CLI_EXIT_FAILED;
        }
      g_ptr_array_sort (files, cmp_files);
    }

  for (guint i = 0; i < files->len; i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      g_autofree char *base = g_file_get_basename (file);
      Result *r;

      /* Translators: progress of acies-cli bench: "scenario 3 of 12: heraclea.acies". */
      progress (_("scenario %u of %u: %s"), i + 1, files->len, base);
      g_clear_error (&error);
      r = bench_one (file, width, height, &error);
      if (r == NULL)
        {
          g_autofree char *name = g_file_get_parse_name (file);

          progress_clear ();
          acies_cli_print_error (name, error);
          ok = FALSE;
          continue;
        }
      g_ptr_array_add (results, r);
      if (largest == NULL || r->cells * 4 + r->units > largest->cells * 4 + largest->units)
        largest = r;
    }

  if (opt_json)
    {
      g_autoptr(GArray) rates = NULL;

      g_clear_error (&error);
      rates = bench_rates (n_games, &error);
      progress_clear ();
      if (rates == NULL)
        {
          acies_cli_print_error ("random games", error);
          ok = FALSE;
        }
      /* The render goals on a board with counters (issue 21). */
      if (argc <= 1)
        {
          g_autoptr(GArray) goal_size = NULL;
          g_autoptr(GArray) goal_units = NULL;

          acies_cli_bench_scale_parse ("200x200", "5000", &goal_size, &goal_units);
          /* Translators: progress of acies-cli bench. */
          progress (_("a generated 200×200 hex board with 5,000 units"));
          scale = acies_cli_bench_scale_run (goal_size, goal_units, width, height, scale_runs, FALSE, &ok);
          progress_clear ();
        }
      print_json (results, rates, width, height, largest, scale);
    }
  else
    {
      progress_clear ();
      g_print (_("Median of %d runs, milliseconds; board drawn at %d×%d\n"), opt_runs, width, height);
      g_print ("%-32s %-14s %6s %6s %10s %10s %10s %10s %10s %10s\n", _("scenario"), _("board"), _("cells"), _("units"),
               _("load+val"), _("first"), _("redraw"), _("direct"), _("pdf"), _("legal µs"));
      for (guint i = 0; i < results->len; i++)
        {
          const Result *r = g_ptr_array_index (results, i);
          g_autofree char *base = g_path_get_basename (r->file);

          g_autofree char *legal = r->ruleset ? g_strdup_printf ("%.2f", r->legal_us) : g_strdup ("-");

          g_print ("%-32s %-14s %6u %6u %10.2f %10.2f %10.2f %10.2f %10.2f %10s\n", base, r->board, r->cells, r->units,
                   r->load_ms, r->first_ms, r->cached_ms, r->direct_ms, r->print_ms, legal);
        }
      if (largest != NULL)
        {
          g_autofree char *base = g_path_get_basename (largest->file);

          g_print (_("Largest: %s — load+validate %.2f ms, first draw %.2f ms, redraw %.2f ms, direct %.2f ms\n"),
                   base, largest->load_ms, largest->first_ms, largest->cached_ms, largest->direct_ms);
        }
      /* The render goals on a board with counters (issue 21). */
      if (argc <= 1)
        {
          g_autoptr(GArray) goal_size = NULL;
          g_autoptr(GArray) goal_units = NULL;

          g_print ("\n");
          acies_cli_bench_scale_parse ("200x200", "5000", &goal_size, &goal_units);
          scale = acies_cli_bench_scale_run (goal_size, goal_units, width, height, scale_runs, TRUE, &ok);
          acies_cli_bench_scale_print_goals (scale);
          g_print ("\n");
        }
      ok = print_rates () && ok;
    }

  return ok ? ACIES_CLI_EXIT_OK : ACIES_CLI_EXIT_FAILED;
}
