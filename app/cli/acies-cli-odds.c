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

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/grass-crown/acies-gc-combat.h"
#include "acies-cli-private.h"

/*
 * acies-cli odds: the exact distribution of an attack's results.
 *
 * Without a file, from the Grass Crown tables (GC 9.1–9.3):
 *   acies-cli odds --cc B --drm -2
 *   acies-cli odds --cc B --attacker L --defender P --support 1 [--aquila]
 *                  [--exhausted] [--flanked] [--uphill|--downhill] [--river] [--broken]
 * With a scenario (its units as set up) or a saved game (its current state):
 *   acies-cli odds GAME.acies-game --attack PRIMARY --target TARGET [--support N] [--aquila]
 *   acies-cli odds FILE --action '{"type": "attack", "player": "SIDE", "primary": "…", "target": "…"}'
 * The second form asks the file's ruleset (any ruleset with odds).
 */

int acies_cli_odds (const AciesCliCommandInfo *info, int argc, char **argv);

static char *opt_cc;
static int opt_drm = G_MININT;
static char *opt_attacker;
static char *opt_defender;
static int opt_support;
static gboolean opt_aquila;
static gboolean opt_exhausted;
static gboolean opt_flanked;
static gboolean opt_uphill;
static gboolean opt_downhill;
static gboolean opt_river;
static gboolean opt_broken;
static char *opt_attack;
static char *opt_target;
static char *opt_action;
static gboolean opt_json;

static const GOptionEntry entries[] = {
  { "cc", 0, 0, G_OPTION_ARG_STRING, &opt_cc, N_("Grass Crown: the Primary's printed Combat Class (A, B, C, D, ★ or *)"), "CC" },
  { "drm", 0, 0, G_OPTION_ARG_INT, &opt_drm, N_("Grass Crown: the final die-roll modifier (then --cc is the modified class)"), "N" },
  { "attacker", 0, 0, G_OPTION_ARG_STRING, &opt_attacker, N_("Grass Crown: the Primary's unit type (L, H, P)"), "TYPE" },
  { "defender", 0, 0, G_OPTION_ARG_STRING, &opt_defender, N_("Grass Crown: the Defender's unit type (L, H, P, C, E)"), "TYPE" },
  { "support", 0, 0, G_OPTION_ARG_INT, &opt_support, N_("Number of Supporting units (−1 each, GC 9.2)"), "N" },
  { "aquila", 0, 0, G_OPTION_ARG_NONE, &opt_aquila, N_("Aquila plus Combat (−1, GC 9.2)"), NULL },
  { "exhausted", 0, 0, G_OPTION_ARG_NONE, &opt_exhausted, N_("The Defender is Exhausted (+1 CC, GC 9.1)"), NULL },
  { "flanked", 0, 0, G_OPTION_ARG_NONE, &opt_flanked, N_("Flanking Bonus (+1 CC, GC 9.1)"), NULL },
  { "uphill", 0, 0, G_OPTION_ARG_NONE, &opt_uphill, N_("Attacking uphill (−1 CC, GC 9.1)"), NULL },
  { "downhill", 0, 0, G_OPTION_ARG_NONE, &opt_downhill, N_("Attacking downhill (+1 CC, GC 9.1)"), NULL },
  { "river", 0, 0, G_OPTION_ARG_NONE, &opt_river, N_("Attacking into or out of a River (−1 CC, GC 9.1)"), NULL },
  { "broken", 0, 0, G_OPTION_ARG_NONE, &opt_broken, N_("Attacking into Broken Ground (−1 CC, GC 9.1)"), NULL },
  { "attack", 0, 0, G_OPTION_ARG_STRING, &opt_attack, N_("With a Grass Crown FILE: the Primary's unit id"), "UNIT" },
  { "target", 0, 0, G_OPTION_ARG_STRING, &opt_target, N_("With a Grass Crown FILE: the Defender's unit id"), "UNIT" },
  { "action", 0, 0, G_OPTION_ARG_STRING, &opt_action, N_("With a FILE of any ruleset: the attack action as JSON"), "JSON" },
  { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json, N_("Print the odds as JSON"), NULL },
  { NULL }
};

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

          g_print ("  %-52s %+3d  %s\n", m->label, m->value, m->rule != NULL ? m->rule : "");
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

/* Grass Crown, from the tables alone. */
static int
odds_from_tables (const AciesCliCommandInfo *info)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesOdds) odds = NULL;
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");
  AciesGcTables tables;
  AciesGcAttackCalc calc;
  AciesGcCc cc;

  if (!acies_gc_cc_from_string (opt_cc, &cc))
    {
      g_printerr (_("acies-cli %s: --cc must be A, B, C, D or ★ (“*”), not “%s”\n"), info->name, opt_cc);
      return ACIES_CLI_EXIT_USAGE;
    }
  if (catalogue == NULL || !acies_gc_tables_from_catalogue (catalogue, &tables, &error))
    {
      g_printerr ("acies-cli %s: %s\n", info->name, error != NULL ? error->message : "no grass-crown catalogue");
      return ACIES_CLI_EXIT_FAILED;
    }

  if (opt_drm != G_MININT)
    {
      /* The modified class and the final DRM given directly. */
      memset (&calc, 0, sizeof calc);
      calc.cc = cc;
      calc.drm = opt_drm;
      calc.n_modifiers = 1;
      calc.modifiers[0].label = "Final DRM as given";
      calc.modifiers[0].value = opt_drm;
      calc.modifiers[0].rule = "GC 9.2";
    }
  else
    {
      AciesGcAttackSpec spec;

      memset (&spec, 0, sizeof spec);
      spec.printed_cc = cc;
      if (!acies_gc_kind_from_string (opt_attacker != NULL ? opt_attacker : "", &spec.attacker_kind)
          || spec.attacker_kind > ACIES_GC_KIND_P
          || !acies_gc_kind_from_string (opt_defender != NULL ? opt_defender : "", &spec.defender_kind))
        {
          g_printerr (_("acies-cli %s: give --drm, or --attacker (L, H, P) and --defender (L, H, P, C, E)\n"),
                      info->name);
          return ACIES_CLI_EXIT_USAGE;
        }
      if (opt_support < 0 || (opt_uphill && opt_downhill))
        {
          g_printerr (_("acies-cli %s: --support must be 0 or more; --uphill and --downhill exclude each other\n"),
                      info->name);
          return ACIES_CLI_EXIT_USAGE;
        }
      spec.n_supporters = opt_support;
      spec.aquila = opt_aquila;
      spec.defender_exhausted = opt_exhausted;
      spec.flanked = opt_flanked;
      spec.defender_elevation = opt_uphill ? 1 : opt_downhill ? -1 : 0;
      spec.river = opt_river;
      spec.defender_broken = opt_broken;
      acies_gc_attack_compute (&tables, &spec, &calc);
    }

  odds = acies_gc_odds_from_calc (&tables, &calc);
  print_odds (odds);
  return ACIES_CLI_EXIT_OK;
}

/* A scenario (a new game's first state) or a saved game (its last state). */
static AciesGame *
load_game (const char  *path,
           GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;

  if (g_str_has_suffix (path, ".acies-game"))
    return acies_game_load_file (file, error);

  scenario = acies_scenario_load_file (file, error);
  if (scenario == NULL)
    return NULL;
  ruleset = acies_ruleset_lookup (scenario->ruleset, error);
  if (ruleset == NULL)
    return NULL;
  return acies_game_new (scenario, ruleset, 0, ACIES_DICE_MODE_SEEDED, NULL, error);
}

static int
odds_from_file (const AciesCliCommandInfo *info,
                const char                *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = load_game (path, &error);
  g_autoptr(AciesOdds) odds = NULL;
  AciesRuleset *ruleset;
  const AciesState *state;

  if (game == NULL)
    {
      acies_cli_print_error (path, error);
      return ACIES_CLI_EXIT_FAILED;
    }
  ruleset = acies_game_get_ruleset (game);
  state = acies_game_get_state (game);

  if (opt_action != NULL)
    {
      g_autoptr(JsonNode) node = json_from_string (opt_action, &error);
      AciesAction action;

      if (node == NULL || !acies_ruleset_action_from_json (ruleset, state, node, &action, &error))
        {
          g_printerr ("acies-cli %s: --action: %s\n", info->name, error != NULL ? error->message : "not JSON");
          return ACIES_CLI_EXIT_USAGE;
        }
      odds = acies_ruleset_get_odds (ruleset, state, &action);
    }
  else if (opt_attack != NULL && opt_target != NULL)
    {
      gint primary = acies_ruleset_unit_index (ruleset, state, opt_attack);
      gint target = acies_ruleset_unit_index (ruleset, state, opt_target);

      if (g_strcmp0 (acies_ruleset_get_id (ruleset), "grass-crown") != 0)
        {
          g_printerr (_("acies-cli %s: --attack/--target are for Grass Crown files; use --action\n"), info->name);
          return ACIES_CLI_EXIT_USAGE;
        }
      if (primary < 0 || target < 0)
        {
          g_printerr (_("acies-cli %s: %s: no unit “%s”\n"), info->name, path, primary < 0 ? opt_attack : opt_target);
          return ACIES_CLI_EXIT_USAGE;
        }
      if (opt_support < 0)
        {
          g_printerr (_("acies-cli %s: --support must be 0 or more\n"), info->name);
          return ACIES_CLI_EXIT_USAGE;
        }
      odds = acies_gc_state_attack_odds ((const AciesGcState *) state, primary, target, opt_support, opt_aquila);
    }
  else
    {
      g_printerr (_("acies-cli %s: with a FILE, give --attack and --target, or --action\n"), info->name);
      return ACIES_CLI_EXIT_USAGE;
    }

  if (odds == NULL)
    {
      g_printerr (_("acies-cli %s: %s: no odds for this attack now (are both units on the board?)\n"),
                  info->name, path);
      return ACIES_CLI_EXIT_FAILED;
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
 * provisional table cells are marked.
 *
 * Returns: an exit status
 */
int
acies_cli_odds (const AciesCliCommandInfo *info,
                int                        argc,
                char                     **argv)
{
  g_autoptr(GOptionContext) context = acies_cli_option_context (info, entries);

  g_option_context_set_description (context,
    _("Without FILE, Grass Crown odds from the tables: --cc with --drm (the modified class and\n"
      "the final DRM), or --cc with --attacker, --defender and the modifiers (GC 9.1-9.3).\n"
      "With a scenario or a saved game (.acies-game: its current state): --attack and --target\n"
      "unit ids (Grass Crown), or --action with the attack action as JSON (any ruleset).\n\n"
      "Examples:\n"
      "  acies-cli odds --cc A --drm -2\n"
      "  acies-cli odds --cc B --attacker L --defender P --support 1\n"
      "  acies-cli odds game.acies-game --attack pink-3 --target blue-4 --support 2\n"
      "  acies-cli odds game.acies-game --action '{\"type\": \"attack\", \"player\": \"pyrrhus\",\n"
      "                                             \"primary\": \"blue-1\", \"target\": \"pink-2\"}'"));
  if (!acies_cli_parse (info, context, &argc, &argv))
    return ACIES_CLI_EXIT_USAGE;

  if (argc > 2)
    {
      g_printerr (_("acies-cli %s: one FILE at most\n"), info->name);
      return ACIES_CLI_EXIT_USAGE;
    }
  if (argc == 2)
    return odds_from_file (info, argv[1]);
  if (opt_cc == NULL)
    {
      g_printerr (_("acies-cli %s: give a FILE, or --cc (see --help)\n"), info->name);
      return ACIES_CLI_EXIT_USAGE;
    }
  return odds_from_tables (info);
}
