/* acies-cli-game.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cli"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "model/acies-problem.h"
#include "acies-cli-private.h"

/*
 * What the subcommands share about running scenarios and saved games:
 * the validation a scenario must pass before it is played (the same
 * messages as `acies-cli validate`), telling a saved game (.acies-game) from
 * a scenario, loading a saved game through the engine's loader (which
 * replays the log and checks the digest) and saying where its log went
 * wrong, and the info and validate forms of a saved game.
 */

#define ACIES_GAME_SUFFIX ".acies-game"

/**
 * acies_cli_warn_if_invalid:
 * @path: the file, for messages
 * @scenario: its scenario
 *
 * For `render` and `print`, which draw a draft as it stands: validates
 * @scenario and, when it has errors, prints them on standard error
 * (acies_cli_check_scenario()) and a line saying the output shows a
 * scenario that does not validate.  The command goes on either way.
 */
void
acies_cli_warn_if_invalid (const char          *path,
                           const AciesScenario *scenario)
{
  guint n_errors = 0;

  if (acies_cli_check_scenario (path, scenario, NULL, FALSE, &n_errors, NULL, NULL))
    return;
  g_printerr (g_dngettext (GETTEXT_PACKAGE,
                           "%s: warning: the scenario has %u error (acies-cli validate); it is drawn as it stands\n",
                           "%s: warning: the scenario has %u errors (acies-cli validate); it is drawn as it stands\n",
                           n_errors),
              path, n_errors);
}

/**
 * acies_cli_check_scenario:
 * @path: the file, for messages
 * @scenario: its scenario
 * @json_prefix: (nullable): put before each problem's JSON path
 *   ("$.scenario" for the scenario inside a saved game), or %NULL
 * @show_warnings: print warnings too, not only errors
 * @n_errors: (out) (optional): the number of errors
 * @n_warnings: (out) (optional): the number of warnings
 * @json: (nullable): a builder inside a "problems" array, or %NULL
 *
 * Validates @scenario as `acies-cli validate` does (acies_scenario_validate():
 * the catalogue's checks and the ruleset's own) and prints one line per
 * problem on standard error, "FILE: error: $.json.path: message"; with
 * @json, adds each problem to it instead (acies_cli_json_add_problem()).
 * A scenario of an unknown ruleset is one error.
 *
 * Returns: %TRUE if there is no error
 */
gboolean
acies_cli_check_scenario (const char          *path,
                          const AciesScenario *scenario,
                          const char          *json_prefix,
                          gboolean             show_warnings,
                          guint               *n_errors,
                          guint               *n_warnings,
                          JsonBuilder         *json)
{
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  g_autoptr(GError) error = NULL;
  guint errors = 0, warnings = 0;

  if (!acies_scenario_validate (scenario, problems, &error))
    {
      if (json != NULL)
        acies_cli_json_add_error (json, path, error);
      else
        acies_cli_print_error (path, error);
      errors++;
    }

  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);
      gboolean is_error = problem->severity == ACIES_PROBLEM_ERROR;
      g_autofree char *where = NULL;

      if (is_error)
        errors++;
      else
        warnings++;
      if (!is_error && !show_warnings)
        continue;

      /* "$.units[3].cell" inside a saved game is "$.scenario.units[3].cell". */
      if (problem->path != NULL && json_prefix != NULL)
        where = g_strdup_printf ("%s%s", json_prefix,
                                 g_str_has_prefix (problem->path, "$") ? problem->path + 1 : problem->path);
      else if (problem->path != NULL)
        where = g_strdup (problem->path);

      if (json != NULL)
        acies_cli_json_add_problem (json, is_error, where, problem->message);
      else
        g_printerr ("%s: %s: %s%s%s\n", path, is_error ? _("error") : _("warning"),
                    where != NULL ? where : "", where != NULL ? ": " : "",
                    problem->message != NULL ? problem->message : "");
    }

  if (n_errors != NULL)
    *n_errors = errors;
  if (n_warnings != NULL)
    *n_warnings = warnings;
  return errors == 0;
}

/**
 * acies_cli_load_playable:
 * @path: a scenario file
 * @ruleset: (out) (transfer full): its ruleset
 *
 * Loads a scenario that is about to be run (play, odds): it must pass
 * `acies-cli validate` (errors are printed with the same messages, then
 * one line saying the scenario is not run) and its ruleset must have a
 * rules engine.
 *
 * Returns: (transfer full) (nullable): the scenario, or %NULL after
 *   printing why not
 */
AciesScenario *
acies_cli_load_playable (const char    *path,
                         AciesRuleset **ruleset)
{
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  guint n_errors = 0;

  *ruleset = NULL;
  scenario = acies_scenario_load_path (path, &error);
  if (scenario == NULL)
    {
      acies_cli_print_error (path, error);
      return NULL;
    }
  if (!acies_cli_check_scenario (path, scenario, NULL, FALSE, &n_errors, NULL, NULL))
    {
      g_printerr (g_dngettext (GETTEXT_PACKAGE,
                               "%s: error: not run: the scenario has %u error (above; “acies-cli validate” checks a scenario)\n",
                               "%s: error: not run: the scenario has %u errors (above; “acies-cli validate” checks a scenario)\n",
                               n_errors),
                  path, n_errors);
      return NULL;
    }
  *ruleset = acies_ruleset_lookup (scenario->ruleset, &error);
  if (*ruleset == NULL)
    {
      acies_cli_print_error (path, error);
      return NULL;
    }
  return g_steal_pointer (&scenario);
}

/* The file's JSON root, or NULL (the readers report the reason later). */
static JsonNode *
read_root (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autofree char *data = NULL;
  gsize length = 0;

  data = acies_file_read_text (file, &length, NULL);
  if (data == NULL)
    return NULL;
  return acies_json_parse (data, length, path, NULL);
}

/**
 * acies_cli_is_saved_game:
 * @path: a file
 *
 * A file is a saved game if its name ends in ".acies-game", or, unless it
 * ends in ".acies", if it is a JSON object whose "format" is "acies-game".
 *
 * Returns: %TRUE for a saved game
 */
gboolean
acies_cli_is_saved_game (const char *path)
{
  g_autoptr(JsonNode) root = NULL;
  JsonNode *format;

  if (g_str_has_suffix (path, ACIES_GAME_SUFFIX))
    return TRUE;
  if (g_str_has_suffix (path, ".acies"))
    return FALSE;

  root = read_root (path);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  format = json_object_get_member (json_node_get_object (root), "format");
  return format != NULL && JSON_NODE_HOLDS_VALUE (format)
         && json_node_get_value_type (format) == G_TYPE_STRING
         && g_strcmp0 (json_node_get_string (format), ACIES_GAME_FORMAT) == 0;
}

/* A saved game's error about its log, "$.log[N]…": the action (counted
 * from 1, as the play window does), the member of it at fault and the rest. */
typedef struct
{
  char  *position;   /* "LINE:COLUMN", or NULL */
  guint  action;
  char  *member;     /* "to", "rolls[2]", or "" for the whole action */
  char  *text;
} GameError;

static void
game_error_clear (GameError *e)
{
  g_clear_pointer (&e->position, g_free);
  g_clear_pointer (&e->member, g_free);
  g_clear_pointer (&e->text, g_free);
}

/* The loader's errors about the log name the JSON path "$.log[N]…": say
 * "action N+1" and keep the member.  FALSE for an error that is not about
 * one action of the log. */
static gboolean
parse_game_error (const GError *error,
                  GameError    *out)
{
  const char *message = error->message;
  const char *log = strstr (message, ": $.log[");
  g_autofree char *head = NULL;
  const char *rest;
  const char *colon;
  char *end = NULL;
  guint64 index;

  memset (out, 0, sizeof *out);
  if (log == NULL)
    return FALSE;

  index = g_ascii_strtoull (log + strlen (": $.log["), &end, 10);
  if (end == NULL || *end != ']')
    return FALSE;
  rest = end + 1;
  colon = strstr (rest, ": ");
  if (colon == NULL)
    return FALSE;

  /* "DISPLAY-NAME" or "DISPLAY-NAME:LINE:COLUMN" before the path. */
  head = g_strndup (message, log - message);
  {
    g_autoptr(GRegex) regex = g_regex_new (":([0-9]+:[0-9]+)$", 0, 0, NULL);
    g_autoptr(GMatchInfo) match = NULL;

    if (g_regex_match (regex, head, 0, &match))
      out->position = g_match_info_fetch (match, 1);
  }

  out->action = (guint) (index + 1);
  out->member = g_strndup (rest, colon - rest);
  out->text = g_strdup (colon + 2);

  /* ".action.to" → "to", ".rolls[2]" → "rolls[2]", ".action" → "". */
  {
    const char *name = out->member;

    if (g_str_has_prefix (name, ".action"))
      name += strlen (".action");
    if (*name == '.')
      name++;
    if (name != out->member)
      {
        char *stripped = g_strdup (name);

        g_free (out->member);
        out->member = stripped;
      }
  }

  /* The engine numbers actions from 0 in its own sentence ("the replay
   * diverged at action 11 (…)"); the number is already in front. */
  {
    g_autoptr(GRegex) regex = g_regex_new ("^(the replay diverged) at action [0-9]+ ", 0, 0, NULL);
    char *replaced = g_regex_replace (regex, out->text, -1, 0, "\\1 ", 0, NULL);

    if (replaced != NULL)
      {
        g_free (out->text);
        out->text = replaced;
      }
  }
  return TRUE;
}

static void
print_game_error (const char   *path,
                  const GError *error)
{
  GameError e;

  if (!parse_game_error (error, &e))
    {
      acies_cli_print_error (path, error);
      return;
    }

  g_printerr (_("%s%s%s: error: action %u: %s%s%s\n"),
              path, e.position != NULL ? ":" : "", e.position != NULL ? e.position : "",
              e.action, e.member, *e.member != '\0' ? ": " : "", e.text);
  game_error_clear (&e);
}

/* The same as a problem of --json: { "severity", "line", "column",
 * "action", "member", "message" }. */
static void
add_game_error_json (JsonBuilder  *json,
                     const char   *path,
                     const GError *error)
{
  GameError e;

  if (!parse_game_error (error, &e))
    {
      acies_cli_json_add_error (json, path, error);
      return;
    }

  json_builder_begin_object (json);
  acies_cli_json_member_string (json, "severity", "error");
  if (e.position != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (e.position, ":", 2);

      acies_cli_json_member_int (json, "line", g_ascii_strtoll (parts[0], NULL, 10));
      acies_cli_json_member_int (json, "column", g_ascii_strtoll (parts[1], NULL, 10));
    }
  acies_cli_json_member_int (json, "action", e.action);
  if (*e.member != '\0')
    acies_cli_json_member_string (json, "member", e.member);
  acies_cli_json_member_string (json, "message", e.text);
  json_builder_end_object (json);
  game_error_clear (&e);
}

/* Loads a saved game; on failure reports why on standard error, or into
 * @json (a builder inside a "problems" array) when given. */
static AciesGame *
load_game (const char  *path,
           JsonBuilder *json)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  AciesGame *game;

  game = acies_game_load_file (file, &error);
  if (game == NULL && json != NULL)
    add_game_error_json (json, path, error);
  else if (game == NULL)
    print_game_error (path, error);
  return game;
}

/**
 * acies_cli_load_game:
 * @path: a saved game (.acies-game)
 *
 * Loads a saved game with the engine's loader (acies_game_load_file():
 * format, embedded scenario, the log replayed with its recorded rolls,
 * each action checked for legality, the digest compared).  On failure
 * prints one line, "FILE:LINE:COLUMN: error: action 12: …" when the log is at
 * fault.
 *
 * Returns: (transfer full) (nullable): the game, or %NULL
 */
AciesGame *
acies_cli_load_game (const char *path)
{
  return load_game (path, NULL);
}

/**
 * acies_cli_validate_game:
 * @path: a saved game
 * @quiet: print problems only
 * @warnings_as_errors: fail on warnings too
 * @json: (nullable): a builder inside the "files" array of `validate
 *   --json`, or %NULL for the text form
 *
 * `acies-cli validate` of a saved game: loads it (which checks the
 * digests of the scenario, the seed, the options and the log, naming the
 * part that changed, then replays the log and compares the digest of the
 * final state), then validates the embedded scenario (paths under
 * "$.scenario").  A file without a digest, or without the parts' digests
 * (format 1), is a warning: what they guard was not compared.  With
 * @json, adds the file's object (docs/cli-json.md) instead of printing.
 *
 * Returns: %TRUE if the game is valid
 */
gboolean
acies_cli_validate_game (const char  *path,
                         gboolean     quiet,
                         gboolean     warnings_as_errors,
                         JsonBuilder *json)
{
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(JsonNode) root = NULL;
  guint n_errors = 0, n_warnings = 0, n_actions = 0;
  gboolean has_digest = FALSE, has_digests = FALSE;
  gboolean valid;

  if (json != NULL)
    acies_cli_json_begin_file (json, path, "game");

  game = load_game (path, json);
  if (game != NULL)
    {
      acies_cli_check_scenario (path, acies_game_get_scenario (game), "$.scenario", TRUE,
                                &n_errors, &n_warnings, json);
      n_actions = acies_game_get_n_actions (game);

      root = read_root (path);
      if (root != NULL && JSON_NODE_HOLDS_OBJECT (root))
        {
          JsonNode *digest = json_object_get_member (json_node_get_object (root), "digest");
          JsonNode *digests = json_object_get_member (json_node_get_object (root), "digests");

          has_digest = digest != NULL && !JSON_NODE_HOLDS_NULL (digest);
          has_digests = digests != NULL && !JSON_NODE_HOLDS_NULL (digests);
        }
      if (!has_digest)
        {
          const char *message = _("no digest stored, so the replayed state is not compared with the saved one");

          if (json != NULL)
            acies_cli_json_add_problem (json, FALSE, "$.digest", message);
          else
            g_printerr (_("%s: warning: $.digest: %s\n"), path, message);
          n_warnings++;
        }
      /* Format 1 (before issue 20.4): an edited seed went unnoticed. */
      if (!has_digests)
        {
          const char *message = _("the scenario, the seed, the options and the log are not guarded by digests "
                                  "(a game saved by an older Acies), so a change to them is not noticed");

          if (json != NULL)
            acies_cli_json_add_problem (json, FALSE, "$.digests", message);
          else
            g_printerr (_("%s: warning: $.digests: %s\n"), path, message);
          n_warnings++;
        }
    }
  else
    n_errors++;

  valid = n_errors == 0 && !(warnings_as_errors && n_warnings > 0);

  if (json != NULL)
    {
      acies_cli_json_end_file (json, valid, n_errors, n_warnings);
      if (game != NULL)
        {
          acies_cli_json_member_int (json, "actions", n_actions);
          acies_cli_json_member_string (json, "digest", has_digest ? "matches" : "absent");
        }
      json_builder_end_object (json);
      return valid;
    }

  if (!valid || quiet)
    return valid;

  g_print (g_dngettext (GETTEXT_PACKAGE, "%s: valid saved game: %u action replayed", "%s: valid saved game: %u actions replayed",
                        n_actions),
           path, n_actions);
  if (has_digest)
    g_print (_(", digest matches"));
  if (n_warnings > 0)
    g_print (g_dngettext (GETTEXT_PACKAGE, " (%u warning)", " (%u warnings)", n_warnings), n_warnings);
  g_print ("\n");
  return TRUE;
}

static const char *
side_name (const AciesScenario *scenario,
           gint                 index)
{
  const AciesSide *side;

  if (index < 0 || (guint) index >= scenario->sides->len)
    return "?";
  side = g_ptr_array_index (scenario->sides, index);
  return side->name != NULL ? side->name : side->id;
}

/**
 * acies_cli_info_game:
 * @game: a loaded saved game
 * @path: its file
 *
 * `acies-cli info` of a saved game: the scenario's title, the ruleset, the
 * players of each side, the turn and phase, the number of actions, the
 * dice mode and seed, and whether the game is over (winner and reason) or
 * who must act.
 */
void
acies_cli_info_game (AciesGame  *game,
                     const char *path)
{
  AciesScenario *scenario = acies_game_get_scenario (game);
  const AciesState *state = acies_game_get_state (game);
  const char * const *players = acies_game_get_player_names (game);
  const AciesCatalogue *catalogue = acies_cli_catalogue_for (scenario);
  g_autofree char *digest = acies_game_digest (game);
  guint n_players = players != NULL ? g_strv_length ((char **) players) : 0;

  acies_cli_print_field ("", 12, _("Saved game:"), "%s", path);
  acies_cli_print_heading (scenario, acies_ruleset_get_id (acies_game_get_ruleset (game)), catalogue);

  g_print ("%s\n", _("Players:"));
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (scenario->sides, i);
      const char *player = i < n_players && players[i][0] != '\0' ? players[i] : NULL;

      acies_cli_print_field ("  ", 10, side->id, "%s: %s", side->name ? side->name : side->id,
               player != NULL ? player : _("(no name given)"));
    }

  {
    /* The turn as the rulebook names it ("Laevinus Turn 9"), with the
     * game's count of turns beside it. */
    g_autofree char *words = acies_ruleset_describe_turn (acies_game_get_ruleset (game), state);

    if (words != NULL)
      acies_cli_print_field ("", 12, _("Turn:"), /* Translators: acies-cli info of a saved game: the turn in the
                               * rules' words, its number and the phase. */
                              _("%s (turn %u), %s"), words, state->turn,
               state->phase != NULL ? state->phase : _("(no phase)"));
    else
      acies_cli_print_field ("", 12, _("Turn:"), "%u, %s", state->turn, state->phase != NULL ? state->phase : _("(no phase)"));
  }
  acies_cli_print_field ("", 12, _("Actions:"), "%u", acies_game_get_n_actions (game));
  {
    g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, acies_game_get_seed (game));

    /* Translators: acies-cli info of a saved game: how dice are rolled, then
     * the seed of the rolls ("seeded, seed 1234"). */
    acies_cli_print_field ("", 12, _("Dice:"), _("%s, seed %s"),
                           acies_game_get_dice_mode (game) == ACIES_DICE_MODE_PHYSICAL
                           ? _("physical (rolls typed in)") : _("seeded"),
                           seed);
  }
  acies_cli_print_field ("", 12, _("Notes:"), "%u", acies_game_get_n_notes (game));

  if (state->finished)
    {
      g_autofree char *result = state->winner >= 0
                                ? g_strdup_printf (_("won by %s"), side_name (scenario, state->winner))
                                : g_strdup (_("a draw"));

      acies_cli_print_field ("", 12, _("Game over:"), "%s: %s%s%s", _("yes"), result,
               state->end_reason != NULL ? " — " : "", state->end_reason != NULL ? state->end_reason : "");
    }
  else
    {
      acies_cli_print_field ("", 12, _("Game over:"), "%s, %s %s", _("no"),
               side_name (scenario, state->deciding_side), _("to act"));
    }
  acies_cli_print_field ("", 12, _("Digest:"), "%s", digest);
}
