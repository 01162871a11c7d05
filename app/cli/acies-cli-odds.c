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
#include "geometry/acies-board.h"
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
  { "support", 0, 0, G_OPTION_ARG_INT, &opt_support, N_("Number of Supporting units, 0 to 6 (−1 each, GC 9.2)"), "N" },
  { "aquila", 0, 0, G_OPTION_ARG_NONE, &opt_aquila, N_("Aquila plus Combat (−1, GC 9.2); with a FILE, only in such a phase"), NULL },
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

  /* The units by id, as the command line named them; the summary names
   * them in the rules' words. */
  if (opt_attack != NULL && opt_target != NULL)
    /* Translators: two unit ids, "pink-3 attacks purple-10". */
    g_print (_("%s attacks %s\n"), opt_attack, opt_target);
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

/* GC 9.0: Supporters are Fresh units of the acting wing next to the Primary
 * or the Defender; on the square grid (GC 2.1, four neighbours) that is at
 * most three next to each, six in all. */
#define GC_MAX_SUPPORTERS 6

/* The final DRMs a Grass Crown attack can have (GC 9.2): the Unit Type
 * Modifier Matrix for the attackers that may attack (foot, GC 9.0), minus
 * one per Supporter and one for Aquila plus Combat.  With the printed
 * matrix: −8 … +2. */
static void
gc_drm_range (const AciesGcTables *tables,
              gint                *lowest,
              gint                *highest,
              gint                *utm_lowest,
              gint                *utm_highest)
{
  gint lo = G_MAXINT, hi = G_MININT;

  for (guint a = ACIES_GC_KIND_L; a <= ACIES_GC_KIND_P; a++)
    for (guint d = 0; d < ACIES_GC_N_KINDS; d++)
      if (tables->utm_known[a][d])
        {
          lo = MIN (lo, tables->utm[a][d]);
          hi = MAX (hi, tables->utm[a][d]);
        }
  if (lo > hi)
    lo = hi = 0;
  *utm_lowest = lo;
  *utm_highest = hi;
  *lowest = lo - GC_MAX_SUPPORTERS - 1;
  *highest = hi;
}

static gboolean
table_options_given (void)
{
  return opt_cc != NULL || opt_drm != G_MININT || opt_attacker != NULL || opt_defender != NULL
         || opt_exhausted || opt_flanked || opt_uphill || opt_downhill || opt_river || opt_broken;
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

  if (opt_attack != NULL || opt_target != NULL || opt_action != NULL)
    return acies_cli_usage_error (info, _("--attack, --target and --action need a FILE"));
  if (opt_cc == NULL)
    return acies_cli_usage_error (info, _("give a FILE, or --cc with --drm or with --attacker and --defender"));
  if (!acies_gc_cc_from_string (opt_cc, &cc))
    return acies_cli_usage_error (info, _("--cc “%s”: expected A, B, C, D or ★ (“*”)"), opt_cc);
  if (opt_support < 0 || opt_support > GC_MAX_SUPPORTERS)
    return acies_cli_usage_error (info, _("--support %d: an attack has 0 to %d Supporters (GC 9.0)"),
                                  opt_support, GC_MAX_SUPPORTERS);
  if (catalogue == NULL || !acies_gc_tables_from_catalogue (catalogue, &tables, &error))
    {
      g_printerr ("acies-cli %s: %s\n", info->name, error != NULL ? error->message : "no grass-crown catalogue");
      return ACIES_CLI_EXIT_FAILED;
    }

  if (opt_drm != G_MININT)
    {
      gint lowest, highest, utm_lowest, utm_highest;

      /* The final DRM already holds the matrix, the Supporters and Aquila,
       * and --cc is the modified class: the other modifiers would count twice. */
      if (opt_attacker != NULL || opt_defender != NULL || opt_support != 0 || opt_aquila || opt_exhausted
          || opt_flanked || opt_uphill || opt_downhill || opt_river || opt_broken)
        return acies_cli_usage_error (info, _("--drm is the final DRM and --cc then the modified class: "
                                              "give no other modifier with them"));
      gc_drm_range (&tables, &lowest, &highest, &utm_lowest, &utm_highest);
      if (opt_drm < lowest || opt_drm > highest)
        return acies_cli_usage_error (info, _("--drm %+d: a Grass Crown attack’s final DRM is from %+d to %+d "
                                              "(matrix %+d to %+d, up to %d Supporters −1 each, Aquila −1; GC 9.2)"),
                                      opt_drm, lowest, highest, utm_lowest, utm_highest, GC_MAX_SUPPORTERS);

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
      if (opt_attacker == NULL || opt_defender == NULL)
        return acies_cli_usage_error (info, _("with --cc, give --drm, or --attacker and --defender"));
      if (!acies_gc_kind_from_string (opt_attacker, &spec.attacker_kind) || spec.attacker_kind > ACIES_GC_KIND_P)
        return acies_cli_usage_error (info, _("--attacker “%s”: expected L, H or P (mounted units do not attack, GC 9.0)"),
                                      opt_attacker);
      if (!acies_gc_kind_from_string (opt_defender, &spec.defender_kind) || spec.defender_kind > ACIES_GC_KIND_E)
        return acies_cli_usage_error (info, _("--defender “%s”: expected L, H, P, C or E"), opt_defender);
      if (opt_uphill && opt_downhill)
        return acies_cli_usage_error (info, _("--uphill and --downhill exclude each other"));
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

/* The unit ids of @units (indices), "a, b, c", for messages. */
static char *
unit_list (AciesRuleset     *ruleset,
           const AciesState *state,
           GArray           *units)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < units->len; i++)
    {
      gint u = g_array_index (units, gint, i);
      gboolean seen = FALSE;

      for (guint j = 0; j < i; j++)
        seen |= g_array_index (units, gint, j) == u;
      if (seen)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, acies_ruleset_unit_id (ruleset, state, u));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* What @state waits for, for a refusal: "turn 3, Combat Phase: Pyrrhus:
 * declare an attack…", from the ruleset's prompt, or the first legal
 * actions when the ruleset gives no prompt. */
static char *
describe_now (AciesRuleset     *ruleset,
              const AciesState *state)
{
  g_autoptr(AciesPrompt) prompt = NULL;
  g_autoptr(GArray) legal = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_printf (text, _("turn %u, %s"), state->turn, state->phase != NULL ? state->phase : "-");
  if (state->finished)
    {
      g_string_append (text, _(": the game is over"));
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  prompt = acies_ruleset_get_prompt (ruleset, state);
  if (prompt != NULL && prompt->text != NULL)
    {
      g_string_append_printf (text, ": %s", prompt->text);
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  acies_ruleset_legal_actions (ruleset, state, legal);
  g_string_append (text, _(": legal now: "));
  for (guint i = 0; i < legal->len && i < 5; i++)
    {
      g_autofree char *action = acies_ruleset_describe_action (ruleset, state, &g_array_index (legal, AciesAction, i));

      g_string_append_printf (text, "%s“%s”", i > 0 ? ", " : "", action);
    }
  if (legal->len > 5)
    g_string_append_printf (text, _(" and %u more"), legal->len - 5);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Says why the Grass Crown attack of @primary on @target is not among the
 * legal actions of @state: the units as the ruleset shows them (on the
 * board, side, cell), then what the legal actions allow now. */
static int
refuse_gc_attack (const char       *path,
                  AciesRuleset     *ruleset,
                  const AciesState *state,
                  GArray           *legal,
                  gint              primary,
                  gint              target)
{
  const char *primary_id = acies_ruleset_unit_id (ruleset, state, primary);
  const char *target_id = acies_ruleset_unit_id (ruleset, state, target);
  const AciesBoard *board = state->scenario->map.board;
  g_autoptr(GArray) attackers = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (gint));
  AciesUnit pv, tv;

  if (primary == target)
    return acies_cli_file_error (path, _("%s cannot attack itself"), primary_id);
  if (!acies_ruleset_unit_view (ruleset, state, primary, -1, &pv))
    return acies_cli_file_error (path, _("%s is not on the board (not placed yet, or eliminated): it cannot attack"), primary_id);
  if (!acies_ruleset_unit_view (ruleset, state, target, -1, &tv))
    return acies_cli_file_error (path, _("%s is not on the board (not placed yet, or eliminated): it cannot be attacked"), target_id);
  if (g_strcmp0 (pv.side, tv.side) == 0)
    {
      const AciesSide *side = acies_scenario_find_side (state->scenario, pv.side);

      return acies_cli_file_error (path, _("%s and %s are both units of %s: an attack is on an enemy unit (GC 9.0)"),
                                   primary_id, target_id, side != NULL && side->name != NULL ? side->name : pv.side);
    }
  if (board != NULL && pv.cell != ACIES_CELL_NONE && tv.cell != ACIES_CELL_NONE
      && !acies_board_adjacent (board, pv.cell, tv.cell, ACIES_ADJ_ORTHOGONAL))
    return acies_cli_file_error (path, _("%s (%s) is not next to %s (%s): the Defender must be adjacent to the Primary (GC 9.0)"),
                                 primary_id, acies_board_cell_label (board, pv.cell),
                                 target_id, acies_board_cell_label (board, tv.cell));
  if (state->finished)
    return acies_cli_file_error (path, _("the game is over: no attack can be made"));

  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (a->type != ACIES_GC_ACTION_ATTACK)
        continue;
      g_array_append_val (attackers, a->args[0]);
      if (a->args[0] == primary)
        g_array_append_val (targets, a->args[1]);
    }

  if (attackers->len == 0)
    {
      g_autofree char *now = describe_now (ruleset, state);

      return acies_cli_file_error (path, _("no attack can be declared now (%s)"), now);
    }
  if (targets->len == 0)
    {
      g_autofree char *list = unit_list (ruleset, state, attackers);

      return acies_cli_file_error (path, _("%s cannot attack now: the Primary is a Fresh unit of the acting wing next to the enemy, "
                                           "in one attack a phase (GC 9.0); units that can attack now: %s"),
                                   primary_id, list);
    }
  {
    g_autofree char *list = unit_list (ruleset, state, targets);

    return acies_cli_file_error (path, _("%s cannot attack %s now: each enemy unit is the target of one attack a phase (GC 9.0); "
                                         "%s can attack %s"),
                                 primary_id, target_id, primary_id, list);
  }
}

/* The first legal action of @type in @game's state, or FALSE. */
static gboolean
find_legal (AciesGame   *game,
            guint        type,
            AciesAction *out)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_ruleset_legal_actions (acies_game_get_ruleset (game), acies_game_get_state (game), legal);
  for (guint i = 0; i < legal->len; i++)
    if (g_array_index (legal, AciesAction, i).type == type)
      {
        *out = g_array_index (legal, AciesAction, i);
        return TRUE;
      }
  return FALSE;
}

/* Grass Crown: @primary attacks @target with opt_support Supporters, played
 * out on @game with the ruleset's legal actions (the attack declared, then
 * the Supporters chosen among the legal SUPPORT actions), then the odds of
 * rolling that attack (GC 9.1–9.3).  An attack already declared in a saved
 * game counts; opt_support then adds Supporters to those chosen.  @player
 * is the side that attacks, as the action names it, or -1. */
static int
gc_attack_odds (const char *path,
                AciesGame  *game,
                gint        player,
                gint        primary,
                gint        target)
{
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(AciesOdds) odds = NULL;
  g_autoptr(GError) error = NULL;
  const AciesGcState *s = (const AciesGcState *) acies_game_get_state (game);
  AciesAction attack, resolve;
  gboolean found = FALSE, declared;

  acies_ruleset_legal_actions (ruleset, &s->base, legal);
  for (guint i = 0; i < legal->len && !found; i++)
    {
      attack = g_array_index (legal, AciesAction, i);
      found = attack.type == ACIES_GC_ACTION_ATTACK && attack.args[0] == primary && attack.args[1] == target;
    }
  /* Declared already: the legal actions are its Supporters and its roll. */
  declared = !found && s->step == ACIES_GC_STEP_COMBAT && s->combat.primary == primary
             && s->combat.target == target
             && (find_legal (game, ACIES_GC_ACTION_SUPPORT, &resolve) || find_legal (game, ACIES_GC_ACTION_RESOLVE, &resolve));
  if (!found && !declared)
    return refuse_gc_attack (path, ruleset, &s->base, legal, primary, target);
  if (player >= 0 && player != s->acting)
    return acies_cli_file_error (path, _("--action: player: the attack is %s’s to make, not %s’s"),
                                 acies_gc_side_name (s, s->acting), acies_gc_side_name (s, player));

  if (opt_aquila && !s->combat.aquila)
    return acies_cli_file_error (path, _("--aquila: this Combat Phase is not an Aquila plus Combat one (GC 5.0, 9.2)"));

  if (found && !acies_game_apply (game, &attack, &error))
    {
      acies_cli_print_error (path, error);
      return ACIES_CLI_EXIT_FAILED;
    }
  for (gint k = 0; k < opt_support; k++)
    {
      AciesAction support;

      if (!find_legal (game, ACIES_GC_ACTION_SUPPORT, &support))
        return acies_cli_file_error (path, g_dngettext (GETTEXT_PACKAGE,
                                                        "--support %d: only %d unit can Support %s’s attack on %s now "
                                                        "(Fresh units of the acting wing next to the Primary or the Defender, GC 9.0)",
                                                        "--support %d: only %d units can Support %s’s attack on %s now "
                                                        "(Fresh units of the acting wing next to the Primary or the Defender, GC 9.0)",
                                                        k),
                                     opt_support, k, acies_ruleset_unit_id (ruleset, acies_game_get_state (game), primary),
                                     acies_ruleset_unit_id (ruleset, acies_game_get_state (game), target));
      if (!acies_game_apply (game, &support, &error))
        {
          acies_cli_print_error (path, error);
          return ACIES_CLI_EXIT_FAILED;
        }
    }

  s = (const AciesGcState *) acies_game_get_state (game);
  acies_action_init (&resolve, ACIES_GC_ACTION_RESOLVE, s->acting);
  odds = acies_gc_combat_odds (s, &resolve);
  if (odds == NULL)
    return acies_cli_file_error (path, _("the rules give no odds for this attack"));
  print_odds (odds);
  return ACIES_CLI_EXIT_OK;
}

static int
odds_from_file (const AciesCliCommandInfo *info,
                const char                *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(AciesOdds) odds = NULL;
  g_autoptr(JsonNode) node = NULL;
  AciesRuleset *ruleset;
  const AciesState *state;
  gboolean gc;

  /* What can be checked before the file is read. */
  if (table_options_given ())
    return acies_cli_usage_error (info, _("--cc, --drm, --attacker, --defender and the terrain and flank options "
                                          "are for odds without a FILE; with a FILE the board gives them"));
  if ((opt_attack != NULL) != (opt_target != NULL))
    return acies_cli_usage_error (info, _("give both --attack and --target"));
  if ((opt_attack != NULL) == (opt_action != NULL))
    return acies_cli_usage_error (info, _("with a FILE, give --attack and --target, or --action"));
  if (opt_support < 0 || opt_support > GC_MAX_SUPPORTERS)
    return acies_cli_usage_error (info, _("--support %d: an attack has 0 to %d Supporters (GC 9.0)"),
                                  opt_support, GC_MAX_SUPPORTERS);
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
  gc = g_strcmp0 (acies_ruleset_get_id (ruleset), "grass-crown") == 0;

  if (opt_attack != NULL)
    {
      gint primary = acies_ruleset_unit_index (ruleset, state, opt_attack);
      gint target = acies_ruleset_unit_index (ruleset, state, opt_target);

      if (!gc)
        return acies_cli_usage_error (info, _("--attack and --target are for Grass Crown files; use --action"));
      if (primary < 0)
        return acies_cli_file_error (path, _("--attack: there is no unit “%s”"), opt_attack);
      if (target < 0)
        return acies_cli_file_error (path, _("--target: there is no unit “%s”"), opt_target);
      return gc_attack_odds (path, game, -1, primary, target);
    }

  {
    AciesAction action;
    g_autofree char *text = NULL;

    if (!acies_ruleset_action_from_json (ruleset, state, node, &action, &error))
      return acies_cli_file_error (path, _("--action: %s"), error->message);
    if (gc && action.type == ACIES_GC_ACTION_ATTACK)
      {
        return gc_attack_odds (path, game, action.player, action.args[0], action.args[1]);
      }
    text = acies_ruleset_describe_action (ruleset, state, &action);
    if (!acies_ruleset_is_legal (ruleset, state, &action))
      {
        g_autofree char *now = describe_now (ruleset, state);

        return acies_cli_file_error (path, _("--action: “%s” is not a legal action now (%s)"), text, now);
      }
    odds = acies_ruleset_get_odds (ruleset, state, &action);
    if (odds == NULL)
      return acies_cli_file_error (path, _("--action: the %s rules give no odds for “%s”"), acies_ruleset_get_id (ruleset), text);
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

  acies_cli_set_description (context,
    _("Without FILE, Grass Crown odds from the tables: --cc with --drm (the modified class and\n"
      "the final DRM, from −8 to +2: the matrix −1…+2, up to 6 Supporters −1 each, Aquila −1),\n"
      "or --cc with --attacker, --defender and the modifiers (GC 9.1-9.3); --support 0 to 6.\n\n"
      "With a scenario (its first state; it must pass “acies-cli validate”) or a saved game\n"
      "(.acies-game: its current state): --attack and --target unit ids (Grass Crown), or\n"
      "--action with the action as JSON (any ruleset that gives odds).  The attack must be\n"
      "legal now under the file's rules (adjacent enemy units, the acting wing, the right\n"
      "phase); --support N chooses N of the legal Supporters, and Aquila plus Combat is\n"
      "counted when the phase has it.  Otherwise one line says which unit and why.\n\n"
      "Examples:\n"
      "  acies-cli odds --cc A --drm -2\n"
      "  acies-cli odds --cc B --attacker L --defender P --support 1\n"
      "  acies-cli odds game.acies-game --attack pink-3 --target blue-4 --support 2\n"
      "  acies-cli odds game.acies-game --action '{\"type\": \"attack\", \"player\": \"pyrrhus\",\n"
      "                                             \"primary\": \"blue-1\", \"target\": \"pink-2\"}'"));
  if (!acies_cli_parse (info, context, &argc, &argv))
    return ACIES_CLI_EXIT_USAGE;

  if (argc > 2)
    return acies_cli_usage_error (info, _("one FILE at most"));
  if (argc == 2)
    return odds_from_file (info, argv[1]);
  return odds_from_tables (info);
}
