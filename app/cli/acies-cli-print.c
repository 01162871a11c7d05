/* acies-cli-print.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cli"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "io/acies-scenario-io.h"
#include "render/acies-render-print.h"
#include "acies-cli-private.h"

/* acies-cli print FILE -o setup.pdf [--paper a4|letter] [--scale MM|fit]
 * [--pages map,oob,rules,tables] [--mono] [--start]: the printed set-up,
 * headless, through cairo's PDF surface (the same pages as the GUI's
 * Print).  FILE is a scenario, or a saved game whose map shows the
 * counters where they stand now (its scenario's set-up with --start). */

int acies_cli_print (const AciesCliCommandInfo *info,
                     int                        argc,
                     char                     **argv);

static char *opt_output;
static char *opt_paper;
static char *opt_scale;
static char *opt_pages;
/* NAN: not given. */
static double opt_overlap = NAN;
static double opt_margin = NAN;
static gboolean opt_mono;
static gboolean opt_landscape;
static gboolean opt_portrait;
static gboolean opt_start;

static const GOptionEntry entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output, N_("Write the PDF to FILE"), N_("FILE") },
  { "paper", 'p', 0, G_OPTION_ARG_STRING, &opt_paper, N_("Paper size: a4 (default), a3, letter or legal"), N_("PAPER") },
  { "landscape", 0, 0, G_OPTION_ARG_NONE, &opt_landscape, N_("Turn the paper sideways"), NULL },
  { "portrait", 0, 0, G_OPTION_ARG_NONE, &opt_portrait, N_("Keep the paper upright (by default a fitted map turns it to fit)"), NULL },
  { "scale", 's', 0, G_OPTION_ARG_STRING, &opt_scale, N_("Map scale: a square’s side or a hex across its flats in millimetres (tiled over pages), or “fit” (default)"), N_("MM|fit") },
  { "overlap", 0, 0, G_OPTION_ARG_DOUBLE, &opt_overlap, N_("Overlap of map tiles in millimetres (default 10)"), N_("MM") },
  { "margin", 0, 0, G_OPTION_ARG_DOUBLE, &opt_margin, N_("Page margin in millimetres (default 10)"), N_("MM") },
  { "pages", 0, 0, G_OPTION_ARG_STRING, &opt_pages, N_("Parts to print: map, oob, rules, tables, all (default all)"), N_("LIST") },
  { "mono", 'm', 0, G_OPTION_ARG_NONE, &opt_mono, N_("Black and white, terrain as patterns"), NULL },
  { "start", 0, 0, G_OPTION_ARG_NONE, &opt_start, N_("For a saved game, print its scenario’s set-up instead of the position as it stands"), NULL },
  { NULL }
};

int
acies_cli_print (const AciesCliCommandInfo *info,
                 int                        argc,
                 char                     **argv)
{
  g_autoptr(GOptionContext) context = acies_cli_option_context (info, entries);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) leaders = NULL;
  g_autofree char *positions = NULL;
  g_autoptr(GError) error = NULL;
  AciesPrintOptions options;
  gboolean saved_game;
  guint n_pages = 0;

  acies_cli_set_description (context,
                             _("Writes the printed set-up of the scenario FILE to a PDF: the map (fitted to a\n"
                               "page, or tiled over pages at --scale with overlap and assembly marks), the\n"
                               "order of battle, the scenario’s rules and the ruleset’s tables — the same\n"
                               "pages as the application’s Print.\n\n"
                               "FILE may be a saved game (.acies-game): its log is replayed and the map shows\n"
                               "the counters where they stand now, its header saying the turn and the phase;\n"
                               "--start prints its scenario’s set-up instead.\n\n"
                               "Examples:\n"
                               "  acies-cli print heraclea.acies -o heraclea.pdf --paper letter --scale 16\n"
                               "  acies-cli print game.acies-game -o position.pdf"));
  if (!acies_cli_parse (info, context, &argc, &argv))
    return ACIES_CLI_EXIT_USAGE;
  if (argc != 2)
    return acies_cli_usage_error (info, argc < 2 ? _("no scenario file given") : _("give exactly one scenario file"));
  saved_game = acies_cli_is_saved_game (argv[1]);
  if (opt_start && !saved_game)
    return acies_cli_usage_error (info, _("--start is for a saved game: a scenario prints its set-up already"));
  if (opt_output == NULL)
    return acies_cli_usage_error (info, _("no output file; use -o FILE.pdf"));

  acies_print_options_init (&options);
  if (opt_paper != NULL
      && !acies_print_paper_size (opt_paper, &options.page_width, &options.page_height))
    return acies_cli_usage_error (info, _("--paper “%s”: expected a4, a3, letter or legal"), opt_paper);
  if (opt_landscape)
    {
      double w = options.page_width;

      options.page_width = options.page_height;
      options.page_height = w;
    }
  if (opt_scale != NULL && g_ascii_strcasecmp (opt_scale, "fit") != 0)
    {
      char *end = NULL;
      double mm = g_ascii_strtod (opt_scale, &end);

      if (end == opt_scale || *end != '\0' || !(mm >= 3 && mm <= 200))
        return acies_cli_usage_error (info, _("--scale “%s”: expected “fit” or a cell size from 3 to 200 mm, such as 16"),
                      opt_scale);
      options.cell_mm = mm;
    }
  if (!isnan (opt_overlap))
    {
      if (!(opt_overlap >= 0 && opt_overlap <= 50))
        return acies_cli_usage_error (info, _("--overlap %g: expected 0 to 50 mm"), opt_overlap);
      options.overlap_mm = opt_overlap;
    }
  if (!isnan (opt_margin))
    {
      if (!(opt_margin >= 0 && opt_margin <= 40))
        return acies_cli_usage_error (info, _("--margin %g: expected 0 to 40 mm"), opt_margin);
      options.margin = opt_margin * ACIES_PRINT_MM;
    }
  if (opt_pages != NULL && !acies_print_pages_parse (opt_pages, &options.pages, &error))
    {
      return acies_cli_usage_error (info, "--pages: %s", error->message);
    }
  options.monochrome = opt_mono;
  if (opt_landscape && opt_portrait)
    return acies_cli_usage_error (info, _("give --landscape or --portrait, not both"));

  if (saved_game)
    {
      /* The position as it stands: the counters of the replayed state as
       * an onlooker sees them (nothing hidden from a player is shown). */
      game = acies_cli_load_game (argv[1]);
      if (game == NULL)
        return ACIES_CLI_EXIT_FAILED;
      scenario = acies_scenario_ref (acies_game_get_scenario (game));
      if (!opt_start)
        {
          acies_game_dup_positions (game, -1, &units, &leaders);
          positions = acies_game_positions_text (game);
          options.units = units;
          options.leaders = leaders;
          options.positions = positions;
        }
    }
  else
    {
      scenario = acies_scenario_load_path (argv[1], &error);
      if (scenario == NULL)
        {
          acies_cli_print_error (argv[1], error);
          return ACIES_CLI_EXIT_FAILED;
        }
    }
  acies_cli_warn_if_invalid (argv[1], scenario);

  /* A fitted map uses the page: the paper turns to the board's shape
   * unless the command line says how to hold it. */
  if (!opt_landscape && !opt_portrait)
    acies_print_options_orient_to_fit (&options, scenario);
  if (!acies_print_to_pdf (scenario, acies_cli_catalogue_for (scenario), &options,
                           opt_output, &n_pages, &error))
    {
      acies_cli_print_error (opt_output, error);
      return ACIES_CLI_EXIT_FAILED;
    }

  /* Translators: "setup.pdf: 7 pages" */
  g_print (g_dngettext (GETTEXT_PACKAGE, "%s: %u page\n", "%s: %u pages\n", n_pages), opt_output, n_pages);
  return ACIES_CLI_EXIT_OK;
}
