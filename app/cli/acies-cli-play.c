/* acies-cli-play.c
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

#include "acies-error.h"
#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-playout.h"
#include "rulesets/acies-ruleset.h"
#include "acies-cli-private.h"

/*
 * acies-cli play SCENARIO --seed N [--actions FILE|-] [--random N]
 *                [--option NAME=VALUE…]
 *
 * With --actions (JSON lines, one action each, as acies_ruleset_action_to_json
 * writes them) the actions are applied in order; each event is printed as a
 * JSON line, then the final state, its digest and the pending prompt.
 * With --random N, N complete games are played choosing uniformly among the
 * legal actions, the invariants are checked after every action, and each
 * log is replayed and must give the same final digest.  --option sets one
 * of the ruleset's declared rulings or house options (the catalogue's
 * "options"); --max-turns sets its "max_turns" option, when it has one.
 * Nothing here names a ruleset.
 */

static gint64 opt_seed = 1;
static char *opt_actions;
static int opt_random;
static int opt_max_turns = 400;
static char **opt_options;

static const GOptionEntry entries[] = {
  { "seed", 0, 0, G_OPTION_ARG_INT64, &opt_seed, N_("The dice seed"), "N" },
  { "actions", 0, 0, G_OPTION_ARG_FILENAME, &opt_actions, N_("Actions as JSON lines (- for standard input)"), "FILE" },
  { "random", 0, 0, G_OPTION_ARG_INT, &opt_random, N_("Play N random games and check them"), "N" },
  { "max-turns", 0, 0, G_OPTION_ARG_INT, &opt_max_turns, N_("Turn guard for --random (player turns, 0 = none), for a ruleset with a max_turns option"), "T" },
  { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opt_options, N_("A ruling or house option of the ruleset (repeatable)"), "NAME=VALUE" },
  { NULL }
};

static void
print_json (JsonNode *node)
{
  g_autofree char *text = json_to_string (node, FALSE);

  printf ("%s\n", text);
}

/* The options of a new game: --max-turns for --random, when the ruleset
 * has a "max_turns" option, then each --option NAME=VALUE, read and checked
 * against the ruleset's declared option of that name.  NULL after a usage
 * error has been printed. */
static JsonObject *
game_options (const AciesCliCommandInfo *info,
              AciesRuleset              *ruleset,
              AciesScenario             *scenario)
{
  AciesCatalogue *catalogue = acies_ruleset_get_catalogue (ruleset);
  GPtrArray *specs = catalogue != NULL ? catalogue->options : NULL;
  g_autoptr(JsonObject) options = json_object_new ();

  if (opt_random > 0 && opt_max_turns > 0 && acies_catalogue_find_param (specs, "max_turns") != NULL)
    json_object_set_int_member (options, "max_turns", opt_max_turns);

  for (guint i = 0; opt_options != NULL && opt_options[i] != NULL; i++)
    {
      const char *arg = opt_options[i];
      const char *equals = strchr (arg, '=');
      g_autofree char *name = equals != NULL ? g_strndup (arg, equals - arg) : g_strdup (arg);
      g_autofree char *message = NULL;
      const AciesParamSpec *spec = acies_catalogue_find_param (specs, name);
      JsonNode *value;

      if (equals == NULL)
        {
          acies_cli_usage_error (info, _("--option “%s”: expected NAME=VALUE"), arg);
          return NULL;
        }
      if (spec == NULL)
        {
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint k = 0; specs != NULL && k < specs->len; k++)
            g_string_append_printf (known, "%s%s", k > 0 ? ", " : "", ((AciesParamSpec *) g_ptr_array_index (specs, k))->id);
          acies_cli_usage_error (info, _("--option %s: the %s rules have no such option (they have: %s)"),
                                 name, acies_ruleset_get_id (ruleset), known->len > 0 ? known->str : _("none"));
          return NULL;
        }
      value = acies_param_spec_parse (spec, equals + 1, scenario, &message);
      if (value == NULL)
        {
          acies_cli_usage_error (info, _("--option %s: %s"), arg, message);
          return NULL;
        }
      json_object_set_member (options, name, value);
    }

  return g_steal_pointer (&options);
}

static int
play_random (AciesRuleset  *ruleset,
             AciesScenario *scenario,
             JsonObject    *options)
{
  guint finished = 0, guarded = 0;
  guint64 total_actions = 0;
  gint64 start = g_get_monotonic_time ();

  for (int g = 0; g < opt_random; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *replayed = NULL;
      AciesPlayout p;
      guint64 seed = (guint64) opt_seed + g;

      if (!acies_playout_random (ruleset, scenario, options, seed, 2000000, TRUE, TRUE, &p, &error))
        {
          g_printerr ("game %d (seed %" G_GUINT64_FORMAT "): %s\n", g, seed, error->message);
          acies_playout_clear (&p);
          return ACIES_CLI_EXIT_FAILED;
        }
      replayed = acies_playout_replay (ruleset, scenario, options, seed, p.log, &error);
      if (replayed == NULL || g_strcmp0 (replayed, p.digest) != 0)
        {
          g_printerr ("game %d (seed %" G_GUINT64_FORMAT "): the replay gives %s, not %s%s%s\n", g, seed,
                      replayed != NULL ? replayed : "an error", p.digest,
                      error != NULL ? ": " : "", error != NULL ? error->message : "");
          acies_playout_clear (&p);
          return ACIES_CLI_EXIT_FAILED;
        }
      total_actions += p.n_actions;
      if (p.finished)
        finished++;
      if (p.end_reason != NULL && strstr (p.end_reason, "max_turns") != NULL)
        guarded++;
      printf ("{\"game\": %d, \"seed\": %" G_GUINT64_FORMAT ", \"actions\": %u, \"finished\": %s, "
              "\"winner\": %d, \"digest\": \"%s\"}\n",
              g, seed, p.n_actions, p.finished ? "true" : "false", p.winner, p.digest);
      acies_playout_clear (&p);
    }
  printf ("{\"games\": %d, \"finished\": %u, \"turn_guard\": %u, \"actions\": %" G_GUINT64_FORMAT
          ", \"seconds\": %.3f}\n", opt_random, finished, guarded, total_actions,
          (g_get_monotonic_time () - start) / 1e6);
  return finished == (guint) opt_random ? ACIES_CLI_EXIT_OK : ACIES_CLI_EXIT_FAILED;
}

static int
play_actions (const char    *path,
              AciesRuleset  *ruleset,
              AciesScenario *scenario,
              JsonObject    *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = acies_game_new (scenario, ruleset, opt_seed, ACIES_DICE_MODE_SEEDED,
                                              json_object_get_size (options) > 0 ? options : NULL, &error);
  g_autoptr(GIOChannel) channel = NULL;
  g_autofree char *digest = NULL;
  g_autoptr(JsonNode) state = NULL;
  AciesPrompt *prompt;
  guint printed = 0;
  char *line = NULL;
  gsize length;
  guint lineno = 0;

  if (game == NULL)
    {
      acies_cli_print_error (path, error);
      return ACIES_CLI_EXIT_FAILED;
    }
  if (opt_actions != NULL)
    {
      channel = g_strcmp0 (opt_actions, "-") == 0 ? g_io_channel_unix_new (0)
                : g_io_channel_new_file (opt_actions, "r", &error);
      if (channel == NULL)
        {
          acies_cli_print_error (opt_actions, error);
          return ACIES_CLI_EXIT_FAILED;
        }
      while (g_io_channel_read_line (channel, &line, &length, NULL, NULL) == G_IO_STATUS_NORMAL)
        {
          g_autoptr(JsonParser) parser = json_parser_new ();
          AciesAction action;
          GPtrArray *events;

          lineno++;
          g_strstrip (line);
          if (*line == '\0' || *line == '#')
            {
              g_free (line);
              continue;
            }
          if (!json_parser_load_from_data (parser, line, -1, &error))
            {
              /* TRANSLATORS: acies-cli play; %s: the actions file, %u: the line, %s: json-glib's message. */
              g_printerr (_("%s:%u: the line is not one JSON action (is it cut short?): %s\n"), opt_actions,
                          lineno, error->message);
              g_free (line);
              return ACIES_CLI_EXIT_FAILED;
            }
          if (!acies_ruleset_action_from_json (ruleset, acies_game_get_state (game),
                                                  json_parser_get_root (parser), &action, &error)
              || !acies_game_apply (game, &action, &error))
            {
              g_printerr ("%s:%u: %s\n", opt_actions, lineno, error->message);
              g_free (line);
              return ACIES_CLI_EXIT_FAILED;
            }
          g_free (line);
          events = acies_game_get_events (game);
          for (; printed < events->len; printed++)
            {
              g_autoptr(JsonNode) node = acies_event_to_json (g_ptr_array_index (events, printed));

              print_json (node);
            }
        }
    }

  state = acies_ruleset_state_to_json (ruleset, acies_game_get_state (game));
  print_json (state);
  digest = acies_game_digest (game);
  printf ("{\"digest\": \"%s\"}\n", digest);
  prompt = acies_ruleset_get_prompt (ruleset, acies_game_get_state (game));
  if (prompt != NULL || !acies_game_get_state (game)->finished)
    {
      /* One JSON object, escaped by json-glib (a name may hold quotes):
       * the pending prompt, or without one the deciding side's legal
       * actions; at most 200, with their number when there are more. */
      const AciesState *now = acies_game_get_state (game);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) line = NULL;
      GArray *actions = legal;

      if (prompt != NULL)
        actions = prompt->actions;
      else
        acies_ruleset_legal_actions (ruleset, now, legal);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "prompt");
      json_builder_add_string_value (builder, prompt != NULL && prompt->text != NULL ? prompt->text : "");
      json_builder_set_member_name (builder, "player");
      json_builder_add_int_value (builder, prompt != NULL ? prompt->player : now->deciding_side);
      json_builder_set_member_name (builder, "legal");
      json_builder_begin_array (builder);
      for (guint i = 0; i < actions->len && i < 200; i++)
        json_builder_add_value (builder,
                                acies_ruleset_action_to_json (ruleset, now, &g_array_index (actions, AciesAction, i)));
      json_builder_end_array (builder);
      if (actions->len > 200)
        {
          json_builder_set_member_name (builder, "legal_count");
          json_builder_add_int_value (builder, actions->len);
        }
      json_builder_end_object (builder);
      line = json_builder_get_root (builder);
      print_json (line);
      g_clear_pointer (&prompt, acies_prompt_free);
    }
  return ACIES_CLI_EXIT_OK;
}

/**
 * acies_cli_play:
 * @info: the subcommand
 * @argc: argument count
 * @argv: arguments
 *
 * Plays a scenario under its ruleset: `acies-cli play SCENARIO --seed N
 * [--actions FILE|-] [--random N]`.
 *
 * Returns: an exit status
 */
int
acies_cli_play (const AciesCliCommandInfo *info,
                int                        argc,
                char                     **argv)
{
  g_autoptr(GOptionContext) context = acies_cli_option_context (info, entries);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(JsonObject) options = NULL;

  acies_cli_set_description (context,
                             _("SCENARIO must pass “acies-cli validate”: a scenario with errors is not played\n"
                               "(its errors are printed as validate prints them).\n\n"
                               "With --actions, each line is one action as JSON ({\"type\": \"move\", \"player\":\n"
                               "\"pyrrhus\", …}); the events are printed as JSON lines, then the final state,\n"
                               "its digest and the pending prompt with its legal actions.  Without\n"
                               "--actions, the first state is printed.  With --random N, N complete games\n"
                               "are played with uniformly random legal actions, the invariants checked\n"
                               "after each action and each log replayed to the same digest.\n\n"
                               "--option NAME=VALUE sets one of the ruleset's rulings or house options (its\n"
                               "catalogue's \"options\", as New Game offers them); repeat it for several.\n\n"
                               "Examples:\n"
                               "  acies-cli play heraclea.acies --seed 7 --actions moves.jsonl\n"
                               "  acies-cli play cannae.acies --random 100\n"
                               "  acies-cli play cannae.acies --random 10 --option decisive_when_screened=true"));
  if (!acies_cli_parse (info, context, &argc, &argv))
    return ACIES_CLI_EXIT_USAGE;
  if (argc != 2)
    return acies_cli_usage_error (info, argc < 2 ? _("no scenario file given") : _("give one scenario file"));
  if (opt_seed < 0)
    return acies_cli_usage_error (info, _("--seed: expected 0 or more"));
  if (opt_random < 0 || opt_max_turns < 0)
    return acies_cli_usage_error (info, _("--random and --max-turns take 0 or more"));
  if (opt_random > 0 && opt_actions != NULL)
    return acies_cli_usage_error (info, _("give --actions or --random, not both"));

  scenario = acies_cli_load_playable (argv[1], &ruleset);
  if (scenario == NULL)
    return ACIES_CLI_EXIT_FAILED;
  options = game_options (info, ruleset, scenario);
  if (options == NULL)
    return ACIES_CLI_EXIT_USAGE;
  if (opt_random > 0)
    return play_random (ruleset, scenario, options);
  return play_actions (argv[1], ruleset, scenario, options);
}
