/* acies-cli-odds.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "acies-text.h"
#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"
#include "acies-cli-private.h"

/*
 * acies-cli odds: the exact distribution of an attack's results, from the
 * ruleset contract alone (engine/rulesets/acies-ruleset.c, "The attack
 * preview"); no ruleset is named here.
 *   acies-cli odds FILE --action '{"type": …}'    any ruleset: the action's odds
 *   acies-cli odds FILE [QUERY OPTIONS]            a ruleset's query of a game's units
 *   acies-cli odds [--ruleset ID] QUERY OPTIONS    a ruleset's query of its tables
 * The query options are those the registered rulesets declare
 * (acies_ruleset_get_odds_query()); FILE is a scenario (its first state) or
 * a saved game (its current state).
 */

int acies_cli_odds (const AciesCliCommandInfo *info, int argc, char **argv);

static char *opt_ruleset;
static char *opt_action;
static gboolean opt_json;

static const GOptionEntry entries[] = {
  { "ruleset", 0, 0, G_OPTION_ARG_STRING, &opt_ruleset, N_("Without FILE: the ruleset whose tables are asked"), "ID" },
  { "action", 0, 0, G_OPTION_ARG_STRING, &opt_action, N_("With a FILE of any ruleset: the attack action as JSON"), "JSON" },
  { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json, N_("Print the odds as JSON"), NULL },
  { NULL }
};

/* One query option: a parameter some registered ruleset declares. */
typedef struct
{
  const AciesParamSpec *spec;
  char                 *text;     /* string values */
  gint                  number;   /* G_OPTION_ARG_INT, G_MININT when not given */
  gboolean              flag;
  GPtrArray            *rulesets; /* the rulesets that declare it */
  char                 *arg_name; /* "CC" */
} QueryOption;

static void
query_option_free (QueryOption *option)
{
  g_free (option->text);
  g_ptr_array_unref (option->rulesets);
  g_free (option->arg_name);
  g_free (option);
}

static gboolean
query_option_given (const QueryOption *option)
{
  switch (option->spec->type)
    {
    case ACIES_VALUE_INT:
      return option->number != G_MININT;
    case ACIES_VALUE_BOOL:
      return option->flag;
    default:
      return option->text != NULL;
    }
}

/* Every registered ruleset's query parameters, each once (the first
 * declaration's type and description win), with the option entries that
 * read them. */
static GPtrArray *
collect_query_options (GArray *query_entries)
{
  GPtrArray *options = g_ptr_array_new_with_free_func ((GDestroyNotify) query_option_free);
  const char * const *ids = acies_ruleset_list ();

  for (guint r = 0; ids[r] != NULL; r++)
    {
      g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup (ids[r], NULL);
      GPtrArray *specs = ruleset != NULL ? acies_ruleset_get_odds_query (ruleset) : NULL;

      for (guint i = 0; specs != NULL && i < specs->len; i++)
        {
          const AciesParamSpec *spec = g_ptr_array_index (specs, i);
          QueryOption *option = NULL;

          for (guint k = 0; k < options->len && option == NULL; k++)
            if (g_str_equal (((QueryOption *) g_ptr_array_index (options, k))->spec->id, spec->id))
              option = g_ptr_array_index (options, k);
          if (option == NULL)
            {
              option = g_new0 (QueryOption, 1);
              option->spec = spec;
              option->number = G_MININT;
              option->rulesets = g_ptr_array_new ();
              option->arg_name = g_ascii_strup (spec->id, -1);
              g_ptr_array_add (options, option);
            }
          g_ptr_array_add (option->rulesets, (gpointer) ids[r]);
        }
    }

  for (guint k = 0; k < options->len; k++)
    {
      QueryOption *option = g_ptr_array_index (options, k);
      GOptionEntry entry = { option->spec->id, 0, 0, G_OPTION_ARG_STRING, &option->text,
                             option->spec->label, option->arg_name };

      if (option->spec->type == ACIES_VALUE_INT)
        {
          entry.arg = G_OPTION_ARG_INT;
          entry.arg_data = &option->number;
          entry.arg_description = "N";
        }
      else if (option->spec->type == ACIES_VALUE_BOOL)
        {
          entry.arg = G_OPTION_ARG_NONE;
          entry.arg_data = &option->flag;
          entry.arg_description = NULL;
        }
      g_array_append_val (query_entries, entry);
    }
  g_array_append_vals (query_entries, &(GOptionEntry) { NULL }, 1);

  return options;
}

static void
print_odds (const AciesOdds *odds)
{
  if (opt_json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "summary");
      json_builder_add_string_value (b, odds->summary != NULL ? odds->summary : "");
      json_builder_set_member_name (b, "outcomes");
      json_builder_begin_array (b);
      for (guint i = 0; i < odds->outcomes->len; i++)
        {
          const AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "result");
          json_builder_add_string_value (b, o->result);
          json_builder_set_member_name (b, "probability");
          json_builder_add_double_value (b, o->probability);
          json_builder_set_member_name (b, "provisional");
          json_builder_add_boolean_value (b, o->provisional);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "modifiers");
      json_builder_begin_array (b);
      for (guint i = 0; i < odds->modifiers->len; i++)
        {
          const AciesOddsModifier *m = g_ptr_array_index (odds->modifiers, i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "label");
          json_builder_add_string_value (b, m->label);
          json_builder_set_member_name (b, "value");
          json_builder_add_int_value (b, m->value);
          json_builder_set_member_name (b, "rule");
          if (m->rule != NULL)
            json_builder_add_string_value (b, m->rule);
          else
            json_builder_add_null_value (b);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      json_generator_set_root (gen, root);
      json_generator_set_pretty (gen, TRUE);
      text = json_generator_to_data (gen, NULL);
      g_print ("%s\n", text);
      return;
    }

  g_print ("%s\n", odds->summary != NULL ? odds->summary : "");
  if (odds->modifiers->len > 0)
    {
      g_print ("%s\n", _("Modifiers:"));
      for (guint i = 0; i < odds->modifiers->len; i++)
        {
          const AciesOddsModifier *m = g_ptr_array_index (odds->modifiers, i);

          g_print ("  %-52s %+3d  %s\n", m->label, m->value, m->rule != NULL ? acies_rule_citation_shown (m->rule) : "");
        }
    }
  g_print ("%s\n", _("Results:"));
  for (guint i = 0; i < odds->outcomes->len; i++)
    {
      const AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);

      g_print ("  %-10s %8.4f  %6.2f%%%s\n", o->result, o->probability, 100.0 * o->probability,
               o->provisional ? _("  (provisional table cell)") : "");
    }
}

/* The query options given, as the query's members. */
static JsonObject *
query_of (GPtrArray *options)
{
  JsonObject *query = json_object_new ();

  for (guint k = 0; k < options->len; k++)
    {
      const QueryOption *option = g_ptr_array_index (options, k);

      if (!query_option_given (option))
        continue;
      if (option->spec->type == ACIES_VALUE_INT)
        json_object_set_int_member (query, option->spec->id, option->number);
      else if (option->spec->type == ACIES_VALUE_BOOL)
        json_object_set_boolean_member (query, option->spec->id, TRUE);
      else
        json_object_set_string_member (query, option->spec->id, option->text);
    }
  return query;
}

/* Prints a query's refusal: a usage error (exit status 2) for a value out
 * of its range, else an error about @path (or the command). */
static int
query_failed (const AciesCliCommandInfo *info,
              const char                *path,
              const GError              *error)
{
  if (error->domain == G_OPTION_ERROR)
    return acies_cli_usage_error (info, "%s", error->message);
  if (path != NULL)
    return acies_cli_file_error (path, "%s", error->message);
  g_printerr ("acies-cli %s: %s\n", info->name, error->message);
  return ACIES_CLI_EXIT_FAILED;
}

/* A scenario (a new game's first state; it must pass validation) or a
 * saved game (its last state, the log replayed).  Prints why not. */
static AciesGame *
load_game (const char *path)
{
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  AciesGame *game;

  if (acies_cli_is_saved_game (path))
    return acies_cli_load_game (path);

  scenario = acies_cli_load_playable (path, &ruleset);
  if (scenario == NULL)
    return NULL;
  game = acies_game_new (scenario, ruleset, 0, ACIES_DICE_MODE_SEEDED, NULL, &error);
  if (game == NULL)
    acies_cli_print_error (path, error);
  return game;
}

/* Whether @ruleset declares the query option @option. */
static gboolean
declares (const QueryOption *option,
          const char        *ruleset)
{
  for (guint i = 0; i < option->rulesets->len; i++)
    if (g_str_equal (g_ptr_array_index (option->rulesets, i), ruleset))
      return TRUE;
  return FALSE;
}

/* The query options given that @ruleset does not declare, or NULL. */
static const QueryOption *
foreign_option (GPtrArray  *options,
                const char *ruleset)
{
  for (guint k = 0; k < options->len; k++)
    {
      const QueryOption *option = g_ptr_array_index (options, k);

      if (query_option_given (option) && !declares (option, ruleset))
        return option;
    }
  return NULL;
}

static int
odds_from_file (const AciesCliCommandInfo *info,
                const char                *path,
                GPtrArray                 *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(AciesOdds) odds = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonObject) query = query_of (options);
  const QueryOption *foreign;
  AciesRuleset *ruleset;
  const AciesState *state;
  AciesAction action;
  g_autofree char *text = NULL;

  if (opt_ruleset != NULL)
    return acies_cli_usage_error (info, _("--ruleset is for odds without a FILE; a FILE has its ruleset"));
  if (opt_action != NULL)
    {
      node = json_from_string (opt_action, &error);
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        return acies_cli_usage_error (info, _("--action: expected a JSON object such as "
                                              "{\"type\": \"attack\", \"player\": \"SIDE\", …}%s%s"),
                                      error != NULL ? ": " : "", error != NULL ? error->message : "");
    }

  game = load_game (path);
  if (game == NULL)
    return ACIES_CLI_EXIT_FAILED;
  ruleset = acies_game_get_ruleset (game);
  state = acies_game_get_state (game);
  if ((foreign = foreign_option (options, acies_ruleset_get_id (ruleset))) != NULL)
    return acies_cli_usage_error (info, _("--%s is not an odds query of the %s rules; give the attack with --action"),
                                  foreign->spec->id, acies_ruleset_get_id (ruleset));

  /* The ruleset's own query first: it may name the attack by its units,
   * or add to an action (supporters); NULL without an error leaves the
   * action to get_odds. */
  if (acies_ruleset_get_odds_query (ruleset) != NULL)
    {
      if (node != NULL)
        json_object_set_member (query, "action", json_node_ref (node));
      odds = acies_ruleset_query_odds (ruleset, state, query, &error);
      if (odds == NULL && error != NULL)
        return query_failed (info, path, error);
    }

  if (odds == NULL)
    {
      if (node == NULL)
        return acies_cli_usage_error (info, _("with a FILE, give the attack as JSON with --action"));
      if (!acies_ruleset_action_from_json (ruleset, state, node, &action, &error))
        return acies_cli_file_error (path, _("--action: %s"), error->message);
      text = acies_ruleset_describe_action (ruleset, state, &action);
      if (!acies_ruleset_is_legal (ruleset, state, &action))
        {
          g_autofree char *now = acies_ruleset_describe_now (ruleset, state);

          return acies_cli_file_error (path, _("--action: “%s” is not a legal action now (%s)"), text, now);
        }
      odds = acies_ruleset_get_odds (ruleset, state, &action);
      if (odds == NULL)
        return acies_cli_file_error (path, _("--action: the %s rules give no odds for “%s”"),
                                     acies_ruleset_get_id (ruleset), text);
    }

  print_odds (odds);
  return ACIES_CLI_EXIT_OK;
}

/* Odds from a ruleset's tables: the ruleset --ruleset names, else the one
 * that declares every query option given (the only one that answers
 * queries, when none is given). */
static int
odds_from_tables (const AciesCliCommandInfo *info,
                  GPtrArray                 *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesOdds) odds = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(JsonObject) query = query_of (options);
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();
  const char * const *ids = acies_ruleset_list ();

  if (opt_action != NULL)
    return acies_cli_usage_error (info, _("--action needs a FILE"));
  if (opt_ruleset != NULL)
    {
      const QueryOption *foreign;

      ruleset = acies_ruleset_lookup (opt_ruleset, &error);
      if (ruleset == NULL)
        return acies_cli_usage_error (info, "--ruleset: %s", error->message);
      if ((foreign = foreign_option (options, opt_ruleset)) != NULL)
        return acies_cli_usage_error (info, _("--%s is not an odds query of the %s rules"),
                                      foreign->spec->id, opt_ruleset);
    }
  else
    {
      for (guint r = 0; ids[r] != NULL; r++)
        {
          g_autoptr(AciesRuleset) candidate = acies_ruleset_lookup (ids[r], NULL);

          if (candidate != NULL && acies_ruleset_get_odds_query (candidate) != NULL
              && foreign_option (options, ids[r]) == NULL)
            g_ptr_array_add (candidates, (gpointer) ids[r]);
        }
      if (candidates->len == 0)
        return acies_cli_usage_error (info, _("give a FILE, or the query options of one ruleset"));
      if (candidates->len > 1)
        {
          g_ptr_array_add (candidates, NULL);
          {
            g_autofree char *list = g_strjoinv (", ", (char **) candidates->pdata);

            return acies_cli_usage_error (info, _("give --ruleset: these options fit the rules of %s"), list);
          }
        }
      ruleset = acies_ruleset_lookup (g_ptr_array_index (candidates, 0), NULL);
    }

  odds = acies_ruleset_query_odds (ruleset, NULL, query, &error);
  if (odds == NULL)
    {
      if (error == NULL)
        g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("give a FILE"));
      return query_failed (info, NULL, error);
    }
  print_odds (odds);
  return ACIES_CLI_EXIT_OK;
}

/**
 * acies_cli_odds:
 * @info: the subcommand
 * @argc: argument count
 * @argv: arguments (argv[0] is "odds")
 *
 * `acies-cli odds`: prints the exact distribution of an attack's results
 * and the modifiers that produce it, each with its rule; results read from
 * provisional table cells are marked.  An attack from a file must be a
 * legal action of its ruleset in the file's state; otherwise one line
 * says which unit and why, and the exit status is 1.  Options out of their
 * documented range are usage errors (exit status 2).
 *
 * Returns: an exit status
 */
int
acies_cli_odds (const AciesCliCommandInfo *info,
                int                        argc,
                char                     **argv)
{
  g_autoptr(GOptionContext) context = acies_cli_option_context (info, entries);
  g_autoptr(GArray) query_entries = g_array_new (FALSE, TRUE, sizeof (GOptionEntry));
  g_autoptr(GPtrArray) options = collect_query_options (query_entries);

  g_option_context_add_main_entries (context, (const GOptionEntry *) query_entries->data, GETTEXT_PACKAGE);
  acies_cli_set_description (context,
    _("With a scenario (its first state; it must pass “acies-cli validate”) or a saved game\n"
      "(.acies-game: its current state), the odds of an attack that is legal now under the\n"
      "file's rules: --action with the action as JSON (any ruleset), or a ruleset's query\n"
      "options that name the attack (Grass Crown: --attack and --target unit ids, --support N\n"
      "of the legal Supporters).  Otherwise one line says which unit and why.\n\n"
      "Without FILE, odds from a ruleset's tables with its query options (above; each says\n"
      "its ruleset); --ruleset names the ruleset when the options fit several.\n"
      "Grass Crown: --cc with --drm (the modified class and the final DRM, from −8 to +2), or\n"
      "--cc with --attacker, --defender and the modifiers (GC 9.1-9.3); --support 0 to 6.\n\n"
      "Examples:\n"
      "  acies-cli odds --cc A --drm -2\n"
      "  acies-cli odds --cc B --attacker L --defender P --support 1\n"
      "  acies-cli odds game.acies-game --attack pink-3 --target blue-4 --support 2\n"
      "  acies-cli odds cannae.acies-game --action '{\"type\": \"attack-with\", \"player\": \"rome\",\n"
      "                                              \"unit\": \"rom-le1\", \"half\": false, \"bonus\": 0}'"));
  if (!acies_cli_parse (info, context, &argc, &argv))
    return ACIES_CLI_EXIT_USAGE;

  if (argc > 2)
    return acies_cli_usage_error (info, _("one FILE at most"));
  if (argc == 2)
    return odds_from_file (info, argv[1], options);
  return odds_from_tables (info, options);
}
