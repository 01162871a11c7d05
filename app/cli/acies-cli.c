/* acies-cli.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cli"

#include "config.h"

#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "acies-cli-private.h"

int acies_cli_play (const AciesCliCommandInfo *info, int argc, char **argv);   /* acies-cli-play.c */
int acies_cli_print (const AciesCliCommandInfo *info, int argc, char **argv);  /* acies-cli-print.c */
int acies_cli_odds (const AciesCliCommandInfo *info, int argc, char **argv);   /* acies-cli-odds.c */

/* The subcommands, in the order `acies-cli --help` lists them. */
static const AciesCliCommand commands[] = {
  { { "validate", N_("FILE…"), N_("Check scenarios, and saved games by replaying their log") }, acies_cli_validate },
  { { "info", N_("FILE"), N_("Describe a scenario or a saved game") }, acies_cli_info },
  { { "render", N_("FILE"), N_("Draw a scenario’s board with its set-up to PNG or PDF") }, acies_cli_render },
  { { "bench", N_("[FILE…]"), N_("Time loading, drawing, printing and random games") }, acies_cli_bench },
  { { "print", N_("FILE"), N_("Print a scenario’s set-up (map, order of battle, rules, tables), or a saved game’s position, to PDF") }, acies_cli_print },
  { { "odds", N_("[FILE]"), N_("Print the exact distribution of an attack’s results") }, acies_cli_odds },
  { { "play", N_("SCENARIO"), N_("Play a scenario from JSON-line actions, or random games with checks") }, acies_cli_play },
};

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: acies-cli COMMAND [OPTION…] [ARGUMENT…]"));
  fprintf (out, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-10s %s\n", commands[i].info.name, _(commands[i].info.summary));
  fprintf (out, "\n%s\n", _("Options:"));
  fprintf (out, "  %-10s %s\n", "--help", _("Show this list"));
  fprintf (out, "  %-10s %s\n", "--version", _("Show the version"));
  fprintf (out, "\n%s\n", _("Run “acies-cli COMMAND --help” for a command’s options and arguments."));
  fprintf (out, "%s\n", _("Exit status: 0 on success, 1 when a file cannot be read or is refused, 2 for a wrong command line."));
}

/**
 * acies_cli_option_context:
 * @info: the subcommand
 * @entries: (nullable): its options
 *
 * Returns: (transfer full): an option context with the command's summary
 */
GOptionContext *
acies_cli_option_context (const AciesCliCommandInfo *info,
                          const GOptionEntry        *entries)
{
  GOptionContext *context = g_option_context_new (_(info->parameters));

  g_option_context_set_summary (context, _(info->summary));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  acies_cli_set_description (context, NULL);
  if (entries != NULL)
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  return context;
}

/**
 * acies_cli_set_description:
 * @context: a subcommand's option context
 * @text: (nullable): what the command prints and examples, or %NULL
 *
 * Sets the text after the options in `--help`: @text, then the exit
 * statuses every subcommand shares.
 */
void
acies_cli_set_description (GOptionContext *context,
                           const char     *text)
{
  g_autofree char *description = NULL;

  description = g_strdup_printf ("%s%s%s", text != NULL ? text : "", text != NULL ? "\n\n" : "",
                                 _("Exit status: 0 on success, 1 when a file cannot be read or is refused\n"
                                   "(invalid, illegal), 2 for a wrong command line."));
  g_option_context_set_description (context, description);
}

/**
 * acies_cli_usage_error:
 * @info: the subcommand
 * @format: printf format of the message
 * @...: its arguments
 *
 * Prints one line on standard error, "acies-cli COMMAND: MESSAGE (see
 * “acies-cli COMMAND --help”)".
 *
 * Returns: %ACIES_CLI_EXIT_USAGE, for `return acies_cli_usage_error (…)`
 */
int
acies_cli_usage_error (const AciesCliCommandInfo *info,
                       const char                *format,
                       ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr (_("acies-cli %s: %s (see “acies-cli %s --help”)\n"), info->name, message, info->name);
  return ACIES_CLI_EXIT_USAGE;
}

/**
 * acies_cli_parse:
 * @info: the subcommand
 * @context: its option context
 * @argc: (inout): argument count
 * @argv: (inout): arguments, argv[0] the command
 *
 * Parses the options, printing a one-line usage error on failure.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_cli_parse (const AciesCliCommandInfo *info,
                 GOptionContext            *context,
                 int                       *argc,
                 char                    ***argv)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      acies_cli_usage_error (info, "%s", error->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * acies_cli_split_error:
 * @file: the file the error is about
 * @error: the error
 * @line: (out) (optional): the line the message names, or 0
 * @column: (out) (optional): its column, or 0
 *
 * The message of @error without the file's name in front (the engine's
 * messages start "NAME:" or "NAME:LINE:COLUMN:") and without the line and
 * column, which go to @line and @column.
 *
 * Returns: (transfer full): the rest of the message
 */
char *
acies_cli_split_error (const char   *file,
                       const GError *error,
                       int          *line,
                       int          *column)
{
  const char *message = error->message;
  g_autofree char *base = g_path_get_basename (file);
  g_autofree char *absolute = g_canonicalize_filename (file, NULL);
  const char *prefixes[] = { absolute, file, base };
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;

  if (line != NULL)
    *line = 0;
  if (column != NULL)
    *column = 0;

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    {
      gsize len = strlen (prefixes[i]);

      if (len > 0 && strncmp (message, prefixes[i], len) == 0 && message[len] == ':')
        {
          message += len + 1;
          while (*message == ' ')
            message++;
          break;
        }
    }

  /* "LINE:COLUMN: rest", as compilers print it. */
  regex = g_regex_new ("^([0-9]+):([0-9]+):\\s*(.*)$", G_REGEX_DOTALL, 0, NULL);
  if (g_regex_match (regex, message, 0, &match))
    {
      g_autofree char *line_text = g_match_info_fetch (match, 1);
      g_autofree char *column_text = g_match_info_fetch (match, 2);

      if (line != NULL)
        *line = (int) g_ascii_strtoll (line_text, NULL, 10);
      if (column != NULL)
        *column = (int) g_ascii_strtoll (column_text, NULL, 10);
      return g_match_info_fetch (match, 3);
    }

  return g_strdup (message);
}

/**
 * acies_cli_print_error:
 * @file: the file the error is about
 * @error: the error
 *
 * Prints "FILE: error: MESSAGE" on standard error, without repeating the
 * file name when the message already starts with it, and
 * "FILE:LINE:COLUMN: error: MESSAGE" when the message names a position.
 */
void
acies_cli_print_error (const char   *file,
                       const GError *error)
{
  int line = 0, column = 0;
  g_autofree char *rest = acies_cli_split_error (file, error, &line, &column);

  if (line > 0)
    g_printerr ("%s:%d:%d: %s: %s\n", file, line, column, _("error"), rest);
  else
    g_printerr ("%s: %s: %s\n", file, _("error"), rest);
}

/**
 * acies_cli_file_error:
 * @file: the file the error is about
 * @format: printf() format of the message
 * @...: its arguments
 *
 * Prints one line on standard error, "FILE: error: MESSAGE", as
 * acies_cli_print_error() does for a #GError.
 *
 * Returns: %ACIES_CLI_EXIT_FAILED, for `return acies_cli_file_error (…)`
 */
int
acies_cli_file_error (const char *file,
                      const char *format,
                      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("%s: %s: %s\n", file, _("error"), message);
  return ACIES_CLI_EXIT_FAILED;
}

/**
 * acies_cli_print_heading:
 * @scenario: the scenario (or a saved game's)
 * @ruleset_id: the id of its ruleset
 * @catalogue: (nullable): the ruleset's catalogue, %NULL when it is unknown
 *
 * Prints the "Title:", "Battle:" (when the scenario has a date or a place)
 * and "Ruleset:" lines of `acies-cli info`.
 */
void
acies_cli_print_heading (const AciesScenario  *scenario,
                         const char           *ruleset_id,
                         const AciesCatalogue *catalogue)
{
  acies_cli_print_field ("", 12, _("Title:"), "%s", scenario->meta.title ? scenario->meta.title : _("(untitled)"));
  if (scenario->meta.date || scenario->meta.place)
    acies_cli_print_field ("", 12, _("Battle:"), "%s%s%s",
             scenario->meta.date ? scenario->meta.date : "",
             scenario->meta.date && scenario->meta.place ? ", " : "",
             scenario->meta.place ? scenario->meta.place : "");
  acies_cli_print_field ("", 12, _("Ruleset:"), /* Translators: acies-cli info: the rule system's id, its
                          * name and the version of its rules. */
                         _("%s%s%s%s (version %u)"), ruleset_id,
           catalogue ? " — " : "", catalogue ? catalogue->name : "",
           catalogue ? "" : _(" (unknown)"), scenario->ruleset_version);
}

/**
 * acies_cli_print_field:
 * @indent: printed first ("" or "  ")
 * @width: the width of the label's column, in characters
 * @label: the label ("Sides:", a side's id), translated
 * @format: printf() format of the rest of the line
 * @...: its arguments
 *
 * Prints one "Label:      value" line of `acies-cli info` and ends it.
 * The label is padded by its width on screen, not by its bytes, so that
 * accented labels ("Règles spéciales :") keep the column straight.
 */
void
acies_cli_print_field (const char *indent,
                       guint       width,
                       const char *label,
                       const char *format,
                       ...)
{
  g_autofree char *rest = NULL;
  glong shown = g_utf8_strlen (label, -1);
  va_list args;

  va_start (args, format);
  rest = g_strdup_vprintf (format, args);
  va_end (args);
  g_print ("%s%s%*s %s\n", indent, label, (int) (shown < (glong) width ? width - shown : 0), "", rest);
}

/**
 * acies_cli_parse_size:
 * @text: "WIDTHxHEIGHT"
 * @width: (out): width
 * @height: (out): height
 *
 * Returns: %TRUE if @text is two positive integers up to 16384
 */
gboolean
acies_cli_parse_size (const char *text,
                      int        *width,
                      int        *height)
{
  g_auto(GStrv) parts = NULL;
  guint64 w, h;

  if (text == NULL)
    return FALSE;

  parts = g_strsplit_set (text, "xX", 3);
  if (g_strv_length (parts) != 2
      || !g_ascii_string_to_unsigned (parts[0], 10, 1, 16384, &w, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 1, 16384, &h, NULL))
    return FALSE;

  *width = (int) w;
  *height = (int) h;
  return TRUE;
}

/**
 * acies_cli_catalogue_for:
 * @scenario: a scenario
 *
 * Returns: (transfer none) (nullable): the bundled catalogue of its ruleset
 */
AciesCatalogue *
acies_cli_catalogue_for (const AciesScenario *scenario)
{
  if (scenario->ruleset == NULL)
    return NULL;
  return acies_catalogue_get_bundled (scenario->ruleset);
}

int
main (int   argc,
      char *argv[])
{
  const char *name;

  setlocale (LC_ALL, "");
  /* Messages in the user's language, numbers always as "C" writes them
   * ("0.25", never "0,25"): scripts read the output, the JSON above all,
   * whatever the locale. */
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("acies-cli");
  /* A file size limit (ulimit -f) makes a write fail with EFBIG, which the
   * writers report and clean up after (no partial file), instead of
   * killing the process halfway (issue 20.3). */
  signal (SIGXFSZ, SIG_IGN);

  if (argc < 2)
    {
      print_usage (stderr);
      return ACIES_CLI_EXIT_USAGE;
    }

  name = argv[1];
  if (strcmp (name, "--help") == 0 || strcmp (name, "-h") == 0 || strcmp (name, "help") == 0)
    {
      print_usage (stdout);
      return ACIES_CLI_EXIT_OK;
    }
  if (strcmp (name, "--version") == 0)
    {
      g_print ("acies-cli %s\n", PACKAGE_VERSION);
      return ACIES_CLI_EXIT_OK;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (commands[i].info.name, name) == 0)
      {
        g_autofree char *prgname = g_strdup_printf ("acies-cli %s", name);

        g_set_prgname (prgname);
        return commands[i].run (&commands[i].info, argc - 1, argv + 1);
      }

  g_printerr (_("acies-cli: unknown command “%s” (see “acies-cli --help” for the commands)\n"), name);
  return ACIES_CLI_EXIT_USAGE;
}
