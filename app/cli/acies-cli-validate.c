/* acies-cli-validate.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "model/acies-problem.h"
#include "acies-cli-private.h"

/* acies-cli validate FILE…: one line per problem,
 *   FILE: error: $.units[3].cell: …
 * exit 1 if any file fails to load or has an error. */

static gboolean opt_quiet;
static gboolean opt_werror;

static const GOptionEntry entries[] = {
  { "quiet", 'q', 0, G_OPTION_ARG_NONE, &opt_quiet, N_("Print problems only, not the files that pass"), NULL },
  { "warnings-as-errors", 0, 0, G_OPTION_ARG_NONE, &opt_werror, N_("Fail on warnings too"), NULL },
  { NULL }
};

static gboolean
validate_one (const char *path)
{
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  guint n_errors = 0, n_warnings = 0;

  scenario = acies_scenario_load_path (path, &error);
  if (scenario == NULL)
    {
      acies_cli_print_error (path, error);
      return FALSE;
    }

  problems = acies_problems_new ();
  if (!acies_scenario_validate (scenario, problems, &error))
    {
      acies_cli_print_error (path, error);
      return FALSE;
    }

  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);
      gboolean is_error = problem->severity == ACIES_PROBLEM_ERROR;

      if (is_error)
        n_errors++;
      else
        n_warnings++;
      g_printerr ("%s: %s: %s%s%s\n", path,
                  is_error ? _("error") : _("warning"),
                  problem->path ? problem->path : "",
                  problem->path ? ": " : "",
                  problem->message ? problem->message : "");
    }

  if (n_errors > 0 || (opt_werror && n_warnings > 0))
    return FALSE;

  if (!opt_quiet)
    {
      if (n_warnings > 0)
        g_print (g_dngettext (GETTEXT_PACKAGE, "%s: valid (%u warning)\n", "%s: valid (%u warnings)\n", n_warnings),
                 path, n_warnings);
      else
        g_print (_("%s: valid\n"), path);
    }

  return TRUE;
}

int
acies_cli_validate (const AciesCliCommandInfo *info,
                    int                        argc,
                    char                     **argv)
{
  g_autoptr(GOptionContext) context = acies_cli_option_context (info, entries);
  gboolean ok = TRUE;

  g_option_context_set_description (context,
                                    _("Prints one line per problem, “FILE: error: $.json.path: message”.\n"
                                      "Exits with 1 if any file cannot be loaded or has an error, 0 otherwise."));
  if (!acies_cli_parse (info, context, &argc, &argv))
    return ACIES_CLI_EXIT_USAGE;

  if (argc < 2)
    {
      g_printerr (_("acies-cli validate: no file given\n"));
      return ACIES_CLI_EXIT_USAGE;
    }

  for (int i = 1; i < argc; i++)
    if (!validate_one (argv[i]))
      ok = FALSE;

  return ok ? ACIES_CLI_EXIT_OK : ACIES_CLI_EXIT_FAILED;
}
