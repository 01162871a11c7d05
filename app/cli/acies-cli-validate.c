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
#include "acies-cli-private.h"

/* acies-cli validate FILE…: one line per problem,
 *   FILE: error: $.units[3].cell: …
 *   FILE:LINE:COLUMN: error: action 12: … (a saved game whose log does not replay)
 * exit 1 if any file fails to load or has an error.  With --json, one
 * document on standard output instead (docs/cli-json.md). */

static gboolean opt_quiet;
static gboolean opt_werror;
static gboolean opt_json;

static const GOptionEntry entries[] = {
  { "quiet", 'q', 0, G_OPTION_ARG_NONE, &opt_quiet, N_("Print problems only, not the files that pass"), NULL },
  { "warnings-as-errors", 0, 0, G_OPTION_ARG_NONE, &opt_werror, N_("Fail on warnings too"), NULL },
  { "json", 'j', 0, G_OPTION_ARG_NONE, &opt_json, N_("Print one JSON document on standard output instead of lines"), NULL },
  { NULL }
};

/* One scenario: its problems, printed or added to @json (a builder inside
 * the "files" array) as { "file", "kind", "problems", "valid", "errors",
 * "warnings" }. */
static gboolean
validate_scenario (const char  *path,
                   JsonBuilder *json)
{
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  guint n_errors = 0, n_warnings = 0;
  gboolean valid;

  if (json != NULL)
    acies_cli_json_begin_file (json, path, "scenario");

  scenario = acies_scenario_load_path (path, &error);
  if (scenario == NULL)
    {
      n_errors = 1;
      if (json != NULL)
        acies_cli_json_add_error (json, path, error);
      else
        acies_cli_print_error (path, error);
    }
  else
    acies_cli_check_scenario (path, scenario, NULL, TRUE, &n_errors, &n_warnings, json);

  valid = n_errors == 0 && !(opt_werror && n_warnings > 0);

  if (json != NULL)
    {
      acies_cli_json_end_file (json, valid, n_errors, n_warnings);
      json_builder_end_object (json);
      return valid;
    }

  if (valid && !opt_quiet)
    {
      if (n_warnings > 0)
        g_print (g_dngettext (GETTEXT_PACKAGE, "%s: valid (%u warning)\n", "%s: valid (%u warnings)\n", n_warnings),
                 path, n_warnings);
      else
        g_print (_("%s: valid\n"), path);
    }

  return valid;
}

static gboolean
validate_one (const char  *path,
              JsonBuilder *json)
{
  if (acies_cli_is_saved_game (path))
    return acies_cli_validate_game (path, opt_quiet, opt_werror, json);
  return validate_scenario (path, json);
}

int
acies_cli_validate (const AciesCliCommandInfo *info,
                    int                        argc,
                    char                     **argv)
{
  g_autoptr(GOptionContext) context = acies_cli_option_context (info, entries);
  g_autoptr(JsonBuilder) json = NULL;
  gboolean ok = TRUE;

  acies_cli_set_description (context,
                             _("FILE is a scenario (.acies) or a saved game (.acies-game).  A saved game is\n"
                               "loaded as the play window loads it: its log is replayed with the recorded\n"
                               "rolls, each action checked against the rules, and the final state's digest\n"
                               "compared with the stored one; its scenario is validated too.\n\n"
                               "Prints one line per problem, “FILE: error: $.json.path: message”, or\n"
                               "“FILE:LINE:COLUMN: error: action 12: message” for a saved game's log (actions\n"
                               "counted from 1), and “FILE: valid” for each file that passes.\n\n"
                               "With --json, prints one JSON object instead: {\"valid\", \"files\": [{\"file\",\n"
                               "\"kind\" (scenario or game), \"valid\", \"errors\", \"warnings\", \"problems\":\n"
                               "[{\"severity\", \"message\", and when known \"path\", \"line\", \"column\",\n"
                               "\"action\", \"member\"}], for a game \"actions\" and \"digest\"}]}."));
  if (!acies_cli_parse (info, context, &argc, &argv))
    return ACIES_CLI_EXIT_USAGE;

  if (argc < 2)
    {
      return acies_cli_usage_error (info, _("no file given"));
    }

  if (opt_json)
    {
      json = json_builder_new ();
      json_builder_begin_object (json);
      json_builder_set_member_name (json, "files");
      json_builder_begin_array (json);
    }

  for (int i = 1; i < argc; i++)
    if (!validate_one (argv[i], json))
      ok = FALSE;

  if (json != NULL)
    {
      json_builder_end_array (json);
      acies_cli_json_member_bool (json, "valid", ok);
      json_builder_end_object (json);
      acies_cli_json_print (json);
    }

  return ok ? ACIES_CLI_EXIT_OK : ACIES_CLI_EXIT_FAILED;
}
