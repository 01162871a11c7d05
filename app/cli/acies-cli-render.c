/* acies-cli-render.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "io/acies-scenario-io.h"
#include "render/acies-render-output.h"
#include "render/acies-render.h"
#include "acies-cli-private.h"

/* acies-cli render FILE -o board.png [--size WxH]: the board with the
 * set-up, headless (PNG, or PDF when the output ends in .pdf). */

static char *opt_output;
static char *opt_size;
static gboolean opt_mono;
static gboolean opt_no_labels;
static gboolean opt_no_units;

static const GOptionEntry entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output, N_("Write the image to FILE (.png or .pdf)"), N_("FILE") },
  { "size", 's', 0, G_OPTION_ARG_STRING, &opt_size, N_("Image size in pixels (PDF: points), default 1920x1080"), N_("WxH") },
  { "monochrome", 'm', 0, G_OPTION_ARG_NONE, &opt_mono, N_("Black and white, patterns only (for printing)"), NULL },
  { "no-labels", 0, 0, G_OPTION_ARG_NONE, &opt_no_labels, N_("Leave out cell labels"), NULL },
  { "no-units", 0, 0, G_OPTION_ARG_NONE, &opt_no_units, N_("Leave out the counters"), NULL },
  { NULL }
};

typedef struct
{
  const AciesScenario      *scenario;
  const AciesCatalogue     *catalogue;
  int                       width;
  int                       height;
  const AciesRenderOptions *options;
} PdfPage;

static guint
draw_pdf_page (cairo_t  *cr,
               gpointer  user_data)
{
  const PdfPage *page = user_data;

  acies_render_board (cr, page->scenario, page->catalogue, page->width, page->height, page->options);
  cairo_show_page (cr);
  return 1;
}

/* One page, written atomically (acies-render-output.c). */
static gboolean
render_pdf (const AciesScenario      *scenario,
            const AciesCatalogue     *catalogue,
            int                       width,
            int                       height,
            const AciesRenderOptions *options,
            const char               *path,
            GError                  **error)
{
  PdfPage page = { scenario, catalogue, width, height, options };
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return acies_render_write_pdf (file, width, height, scenario->meta.title, draw_pdf_page, &page, NULL, error);
}

int
acies_cli_render (const AciesCliCommandInfo *info,
                  int                        argc,
                  char                     **argv)
{
  g_autoptr(GOptionContext) context = acies_cli_option_context (info, entries);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  AciesRenderOptions options;
  int width = 1920, height = 1080;
  gboolean ok;

  acies_cli_set_description (context,
                             _("Draws the board of the scenario FILE with its set-up, as the editor shows it,\n"
                               "into a PNG image, or a PDF page when the output’s name ends in .pdf.\n\n"
                               "Example:\n"
                               "  acies-cli render heraclea.acies -o heraclea.png --size 1600x1200"));
  if (!acies_cli_parse (info, context, &argc, &argv))
    return ACIES_CLI_EXIT_USAGE;
  if (argc != 2)
    return acies_cli_usage_error (info, argc < 2 ? _("no file given") : _("give exactly one file"));
  if (opt_output == NULL)
    return acies_cli_usage_error (info, _("no output file; use -o FILE.png or -o FILE.pdf"));
  if (opt_size != NULL && !acies_cli_parse_size (opt_size, &width, &height))
    return acies_cli_usage_error (info, _("--size “%s”: expected WIDTHxHEIGHT, 1 to 16384 each, such as 1920x1080"),
                                  opt_size);

  scenario = acies_scenario_load_path (argv[1], &error);
  if (scenario == NULL)
    {
      acies_cli_print_error (argv[1], error);
      return ACIES_CLI_EXIT_FAILED;
    }
  acies_cli_warn_if_invalid (argv[1], scenario);

  acies_render_options_init (&options);
  options.monochrome = opt_mono;
  options.show_labels = !opt_no_labels;
  options.show_units = !opt_no_units;
  options.no_cache = TRUE;

  if (g_str_has_suffix (opt_output, ".pdf") || g_str_has_suffix (opt_output, ".PDF"))
    ok = render_pdf (scenario, acies_cli_catalogue_for (scenario), width, height, &options, opt_output, &error);
  else
    ok = acies_render_to_png_full (scenario, acies_cli_catalogue_for (scenario), width, height,
                                   &options, opt_output, &error);

  if (!ok)
    {
      acies_cli_print_error (opt_output, error);
      return ACIES_CLI_EXIT_FAILED;
    }

  return ACIES_CLI_EXIT_OK;
}
