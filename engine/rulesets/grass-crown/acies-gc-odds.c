/* acies-gc-odds.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-grass-crown"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "geometry/acies-board.h"
#include "rulesets/grass-crown/acies-gc-combat.h"

/*
 * Grass Crown's odds queries (the ruleset contract's get_odds_query and
 * query_odds, read by `acies-cli odds`): the exact distribution of an
 * attack's results from the tables alone (a Combat Class with the final
 * DRM, or with the unit types and the 9.1 and 9.2 modifiers), or of an
 * attack between two units of a game, declared and supported as the legal
 * actions allow (GC 9.0–9.3).  A query value out of range is a
 * G_OPTION_ERROR_BAD_VALUE error; an attack the state does not allow is an
 * ACIES_ENGINE_ERROR_INVALID error that says which unit and why.
 */

/* GC 9.0: Supporters are Fresh units of the acting wing next to the Primary
 * or the Defender; on the square grid (GC 2.1, four neighbours) that is at
 * most three next to each, six in all. */
#define GC_MAX_SUPPORTERS 6

static AciesParamSpec *
query_spec (const char     *id,
            AciesValueType  type,
            const char     *label)
{
  AciesParamSpec *spec = g_new0 (AciesParamSpec, 1);

  spec->id = g_strdup (id);
  spec->type = type;
  spec->label = g_strdup (label);
  spec->min = G_MININT64;
  spec->max = G_MAXINT64;
  return spec;
}

/**
 * acies_gc_odds_query:
 *
 * The parameters of a Grass Crown odds query, for `acies-cli odds`
 * options: with no game, the Primary's Combat Class and the final DRM or
 * the unit types and modifiers; with a game, the two units.
 *
 * Returns: (transfer none) (element-type AciesParamSpec): the specs,
 *   static
 */
GPtrArray *
acies_gc_odds_query (void)
{
  static GPtrArray *specs;

  if (g_once_init_enter (&specs))
    {
      GPtrArray *list = g_ptr_array_new ();

      g_ptr_array_add (list, query_spec ("cc", ACIES_VALUE_STRING, N_("Grass Crown: the Primary's printed Combat Class (A, B, C, D, ★ or *)")));
      g_ptr_array_add (list, query_spec ("drm", ACIES_VALUE_INT, N_("Grass Crown: the final die-roll modifier (then --cc is the modified class)")));
      g_ptr_array_add (list, query_spec ("attacker", ACIES_VALUE_STRING, N_("Grass Crown: the Primary's unit type (L, H, P)")));
      g_ptr_array_add (list, query_spec ("defender", ACIES_VALUE_STRING, N_("Grass Crown: the Defender's unit type (L, H, P, C, E)")));
      g_ptr_array_add (list, query_spec ("support", ACIES_VALUE_INT, N_("Number of Supporting units, 0 to 6 (−1 each, GC 9.2)")));
      g_ptr_array_add (list, query_spec ("aquila", ACIES_VALUE_BOOL, N_("Aquila plus Combat (−1, GC 9.2); with a FILE, only in such a phase")));
      g_ptr_array_add (list, query_spec ("exhausted", ACIES_VALUE_BOOL, N_("The Defender is Exhausted (+1 CC, GC 9.1)")));
      g_ptr_array_add (list, query_spec ("flanked", ACIES_VALUE_BOOL, N_("Flanking Bonus (+1 CC, GC 9.1)")));
      g_ptr_array_add (list, query_spec ("uphill", ACIES_VALUE_BOOL, N_("Attacking uphill (−1 CC, GC 9.1)")));
      g_ptr_array_add (list, query_spec ("downhill", ACIES_VALUE_BOOL, N_("Attacking downhill (+1 CC, GC 9.1)")));
      g_ptr_array_add (list, query_spec ("river", ACIES_VALUE_BOOL, N_("Attacking into or out of a River (−1 CC, GC 9.1)")));
      g_ptr_array_add (list, query_spec ("broken", ACIES_VALUE_BOOL, N_("Attacking into Broken Ground (−1 CC, GC 9.1)")));
      g_ptr_array_add (list, query_spec ("attack", ACIES_VALUE_STRING, N_("With a Grass Crown FILE: the Primary's unit id")));
      g_ptr_array_add (list, query_spec ("target", ACIES_VALUE_STRING, N_("With a Grass Crown FILE: the Defender's unit id")));
      g_once_init_leave (&specs, list);
    }

  return specs;
}

static gboolean
fail (GError    **error,
      GQuark      domain,
      gint        code,
      const char *format,
      ...) G_GNUC_PRINTF (4, 5);

/* Sets @error from a printf format; FALSE, to return at once. */
static gboolean
fail (GError    **error,
      GQuark      domain,
      gint        code,
      const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, domain, code, message);
  return FALSE;
}

/* A query value out of its range, or values that do not go together: the
 * caller's usage error. */
#define usage(error, ...) fail ((error), G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, __VA_ARGS__)
/* An attack the state does not allow, and why. */
#define refuse(error, ...) fail ((error), ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID, __VA_ARGS__)

static const char *
query_string (JsonObject *query,
              const char *name)
{
  JsonNode *node = json_object_get_member (query, name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
         ? json_node_get_string (node) : NULL;
}

static gboolean
query_flag (JsonObject *query,
            const char *name)
{
  JsonNode *node = json_object_get_member (query, name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN
         && json_node_get_boolean (node);
}

static gboolean
query_int (JsonObject *query,
           const char *name,
           gint64     *out)
{
  JsonNode *node = json_object_get_member (query, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (node);
  return TRUE;
}

/* The final DRMs a Grass Crown attack can have (GC 9.2): the Unit Type
 * Modifier Matrix for the attackers that may attack (foot, GC 9.0), minus
 * one per Supporter and one for Aquila plus Combat.  With the printed
 * matrix: −8 … +2. */
static void
drm_range (const AciesGcTables *tables,
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
table_values_given (JsonObject *query)
{
  static const char * const names[] = {
    "cc", "drm", "attacker", "defender", "exhausted", "flanked", "uphill", "downhill", "river", "broken", NULL
  };

  for (guint i = 0; names[i] != NULL; i++)
    if (json_object_has_member (query, names[i]))
      return TRUE;
  return FALSE;
}

/* GC 9.1–9.3 from the tables alone. */
static AciesOdds *
odds_from_tables (const AciesCatalogue *catalogue,
                  JsonObject           *query,
                  GError              **error)
{
  const char *cc_text = query_string (query, "cc");
  const char *attacker = query_string (query, "attacker");
  const char *defender = query_string (query, "defender");
  gint64 drm = 0, support = 0;
  gboolean has_drm = query_int (query, "drm", &drm);
  gboolean aquila = query_flag (query, "aquila"), exhausted = query_flag (query, "exhausted");
  gboolean flanked = query_flag (query, "flanked"), uphill = query_flag (query, "uphill");
  gboolean downhill = query_flag (query, "downhill"), river = query_flag (query, "river");
  gboolean broken = query_flag (query, "broken");
  AciesGcTables tables;
  AciesGcAttackCalc calc;
  AciesGcCc cc;

  query_int (query, "support", &support);
  if (json_object_has_member (query, "attack") || json_object_has_member (query, "target")
      || json_object_has_member (query, "action"))
    return usage (error, _("--attack, --target and --action need a FILE")), NULL;
  if (cc_text == NULL)
    return usage (error, _("give a FILE, or --cc with --drm or with --attacker and --defender")), NULL;
  if (!acies_gc_cc_from_string (cc_text, &cc))
    return usage (error, _("--cc “%s”: expected A, B, C, D or ★ (“*”)"), cc_text), NULL;
  if (support < 0 || support > GC_MAX_SUPPORTERS)
    return usage (error, _("--support %d: an attack has 0 to %d Supporters (GC 9.0)"),
                  (gint) support, GC_MAX_SUPPORTERS), NULL;
  if (catalogue == NULL || !acies_gc_tables_from_catalogue (catalogue, &tables, error))
    {
      if (error != NULL && *error == NULL)
        refuse (error, "no grass-crown catalogue");
      return NULL;
    }

  if (has_drm)
    {
      gint lowest, highest, utm_lowest, utm_highest;

      /* The final DRM already holds the matrix, the Supporters and Aquila,
       * and --cc is the modified class: the other modifiers would count twice. */
      if (attacker != NULL || defender != NULL || support != 0 || aquila || exhausted
          || flanked || uphill || downhill || river || broken)
        return usage (error, _("--drm is the final DRM and --cc then the modified class: "
                               "give no other modifier with them")), NULL;
      drm_range (&tables, &lowest, &highest, &utm_lowest, &utm_highest);
      if (drm < lowest || drm > highest)
        return usage (error, _("--drm %+d: a Grass Crown attack’s final DRM is from %+d to %+d "
                               "(matrix %+d to %+d, up to %d Supporters −1 each, Aquila −1; GC 9.2)"),
                      (gint) drm, lowest, highest, utm_lowest, utm_highest, GC_MAX_SUPPORTERS), NULL;

      memset (&calc, 0, sizeof calc);
      calc.cc = cc;
      calc.drm = drm;
      calc.n_modifiers = 1;
      calc.modifiers[0].label = "Final DRM as given";
      calc.modifiers[0].value = drm;
      calc.modifiers[0].rule = "GC 9.2";
    }
  else
    {
      AciesGcAttackSpec spec;

      memset (&spec, 0, sizeof spec);
      spec.printed_cc = cc;
      if (attacker == NULL || defender == NULL)
        return usage (error, _("with --cc, give --drm, or --attacker and --defender")), NULL;
      if (!acies_gc_kind_from_string (attacker, &spec.attacker_kind) || spec.attacker_kind > ACIES_GC_KIND_P)
        return usage (error, _("--attacker “%s”: expected L, H or P (mounted units do not attack, GC 9.0)"),
                      attacker), NULL;
      if (!acies_gc_kind_from_string (defender, &spec.defender_kind) || spec.defender_kind > ACIES_GC_KIND_E)
        return usage (error, _("--defender “%s”: expected L, H, P, C or E"), defender), NULL;
      if (uphill && downhill)
        return usage (error, _("--uphill and --downhill exclude each other")), NULL;
      spec.n_supporters = support;
      spec.aquila = aquila;
      spec.defender_exhausted = exhausted;
      spec.flanked = flanked;
      spec.defender_elevation = uphill ? 1 : downhill ? -1 : 0;
      spec.river = river;
      spec.defender_broken = broken;
      acies_gc_attack_compute (&tables, &spec, &calc);
    }

  return acies_gc_odds_from_calc (&tables, &calc);
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

/* Says why the attack of @primary on @target is not among the legal
 * actions of @state (GC 9.0): the units as the ruleset shows them (on the
 * board, side, cell), then what the legal actions allow now. */
static gboolean
refuse_attack (AciesRuleset     *ruleset,
               const AciesState *state,
               GArray           *legal,
               gint              primary,
               gint              target,
               GError          **error)
{
  const char *primary_id = acies_ruleset_unit_id (ruleset, state, primary);
  const char *target_id = acies_ruleset_unit_id (ruleset, state, target);
  const AciesBoard *board = state->scenario->map.board;
  g_autoptr(GArray) attackers = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (gint));
  AciesUnit pv, tv;

  if (primary == target)
    return refuse (error, _("%s cannot attack itself"), primary_id);
  if (!acies_ruleset_unit_view (ruleset, state, primary, -1, &pv))
    return refuse (error, _("%s is not on the board (not placed yet, or eliminated): it cannot attack"), primary_id);
  if (!acies_ruleset_unit_view (ruleset, state, target, -1, &tv))
    return refuse (error, _("%s is not on the board (not placed yet, or eliminated): it cannot be attacked"), target_id);
  if (g_strcmp0 (pv.side, tv.side) == 0)
    {
      const AciesSide *side = acies_scenario_find_side (state->scenario, pv.side);

      return refuse (error, _("%s and %s are both units of %s: an attack is on an enemy unit (GC 9.0)"),
                     primary_id, target_id, side != NULL && side->name != NULL ? side->name : pv.side);
    }
  if (board != NULL && pv.cell != ACIES_CELL_NONE && tv.cell != ACIES_CELL_NONE
      && !acies_board_adjacent (board, pv.cell, tv.cell, ACIES_ADJ_ORTHOGONAL))
    return refuse (error, _("%s (%s) is not next to %s (%s): the Defender must be adjacent to the Primary (GC 9.0)"),
                   primary_id, acies_board_cell_label (board, pv.cell),
                   target_id, acies_board_cell_label (board, tv.cell));
  if (state->finished)
    return refuse (error, _("the game is over: no attack can be made"));

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
      g_autofree char *now = acies_ruleset_describe_now (ruleset, state);

      return refuse (error, _("no attack can be declared now (%s)"), now);
    }
  if (targets->len == 0)
    {
      g_autofree char *list = unit_list (ruleset, state, attackers);

      return refuse (error, _("%s cannot attack now: the Primary is a Fresh unit of the acting wing next to the enemy, "
                              "in one attack a phase (GC 9.0); units that can attack now: %s"),
                     primary_id, list);
    }
  {
    g_autofree char *list = unit_list (ruleset, state, targets);

    return refuse (error, _("%s cannot attack %s now: each enemy unit is the target of one attack a phase (GC 9.0); "
                            "%s can attack %s"),
                   primary_id, target_id, primary_id, list);
  }
}

/* The first legal action of @type in @state, or FALSE. */
static gboolean
find_legal (AciesRuleset     *ruleset,
            const AciesState *state,
            guint             type,
            AciesAction      *out)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_ruleset_legal_actions (ruleset, state, legal);
  for (guint i = 0; i < legal->len; i++)
    if (g_array_index (legal, AciesAction, i).type == type)
      {
        *out = g_array_index (legal, AciesAction, i);
        return TRUE;
      }
  return FALSE;
}

/* @primary attacks @target with @support Supporters, played out on a copy
 * of @state with the ruleset's legal actions (the attack declared, then
 * the Supporters chosen among the legal SUPPORT actions), then the odds of
 * rolling that attack (GC 9.1–9.3).  An attack already declared counts;
 * @support then adds Supporters to those chosen.  @player is the side that
 * attacks, as the action names it, or -1. */
static AciesOdds *
attack_odds (AciesRuleset     *ruleset,
             const AciesState *state,
             gint              player,
             gint              primary,
             gint              target,
             gint              support,
             gboolean          aquila,
             GError          **error)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  const AciesGcState *s = ACIES_GC_CSTATE (state);
  AciesState *copy = NULL;
  AciesOdds *odds = NULL;
  AciesAction attack, resolve;
  gboolean found = FALSE, declared;

  acies_ruleset_legal_actions (ruleset, state, legal);
  for (guint i = 0; i < legal->len && !found; i++)
    {
      attack = g_array_index (legal, AciesAction, i);
      found = attack.type == ACIES_GC_ACTION_ATTACK && attack.args[0] == primary && attack.args[1] == target;
    }
  /* Declared already: the legal actions are its Supporters and its roll. */
  declared = !found && s->step == ACIES_GC_STEP_COMBAT && s->combat.primary == primary
             && s->combat.target == target
             && (find_legal (ruleset, state, ACIES_GC_ACTION_SUPPORT, &resolve)
                 || find_legal (ruleset, state, ACIES_GC_ACTION_RESOLVE, &resolve));
  if (!found && !declared)
    return refuse_attack (ruleset, state, legal, primary, target, error), NULL;
  if (player >= 0 && player != s->acting)
    return refuse (error, _("--action: player: the attack is %s’s to make, not %s’s"),
                   acies_gc_side_name (s, s->acting), acies_gc_side_name (s, player)), NULL;
  if (aquila && !s->combat.aquila)
    return refuse (error, _("--aquila: this Combat Phase is not an Aquila plus Combat one (GC 5.0, 9.2)")), NULL;

  copy = acies_ruleset_copy_state (ruleset, state);
  if (found && !acies_ruleset_apply (ruleset, copy, &attack, dice, NULL, error))
    goto out;
  for (gint k = 0; k < support; k++)
    {
      AciesAction supporter;

      if (!find_legal (ruleset, copy, ACIES_GC_ACTION_SUPPORT, &supporter))
        {
          refuse (error, g_dngettext (GETTEXT_PACKAGE,
                                      "--support %d: only %d unit can Support %s’s attack on %s now "
                                      "(Fresh units of the acting wing next to the Primary or the Defender, GC 9.0)",
                                      "--support %d: only %d units can Support %s’s attack on %s now "
                                      "(Fresh units of the acting wing next to the Primary or the Defender, GC 9.0)",
                                      k),
                  support, k, acies_ruleset_unit_id (ruleset, copy, primary),
                  acies_ruleset_unit_id (ruleset, copy, target));
          goto out;
        }
      if (!acies_ruleset_apply (ruleset, copy, &supporter, dice, NULL, error))
        goto out;
    }

  s = ACIES_GC_CSTATE (copy);
  acies_action_init (&resolve, ACIES_GC_ACTION_RESOLVE, s->acting);
  odds = acies_gc_combat_odds (s, &resolve);
  if (odds == NULL)
    refuse (error, _("the rules give no odds for this attack"));

out:
  acies_ruleset_free_state (ruleset, copy);
  return odds;
}

/* An attack in @state named by its units, or by an attack action. */
static AciesOdds *
odds_in_state (AciesRuleset     *ruleset,
               const AciesState *state,
               JsonObject       *query,
               GError          **error)
{
  const char *attack = query_string (query, "attack");
  const char *target = query_string (query, "target");
  JsonNode *action_node = json_object_get_member (query, "action");
  gint64 support = 0;
  gboolean aquila = query_flag (query, "aquila");
  AciesOdds *odds;
  char *summary;
  gint primary, defender;

  query_int (query, "support", &support);
  if (table_values_given (query))
    return usage (error, _("--cc, --drm, --attacker, --defender and the terrain and flank options "
                           "are for odds without a FILE; with a FILE the board gives them")), NULL;
  if ((attack != NULL) != (target != NULL))
    return usage (error, _("give both --attack and --target")), NULL;
  if ((attack != NULL) == (action_node != NULL))
    return usage (error, _("with a FILE, give --attack and --target, or --action")), NULL;
  if (support < 0 || support > GC_MAX_SUPPORTERS)
    return usage (error, _("--support %d: an attack has 0 to %d Supporters (GC 9.0)"),
                  (gint) support, GC_MAX_SUPPORTERS), NULL;

  if (action_node != NULL)
    {
      AciesAction action;

      if (!acies_ruleset_action_from_json (ruleset, state, action_node, &action, error))
        return NULL;
      /* Another action than an attack's declaration: the generic
       * get_odds answers it (the contract of query_odds). */
      if (action.type != ACIES_GC_ACTION_ATTACK)
        return NULL;
      return attack_odds (ruleset, state, action.player, action.args[0], action.args[1], support, aquila, error);
    }

  primary = acies_ruleset_unit_index (ruleset, state, attack);
  defender = acies_ruleset_unit_index (ruleset, state, target);
  if (primary < 0)
    return refuse (error, _("--attack: there is no unit “%s”"), attack), NULL;
  if (defender < 0)
    return refuse (error, _("--target: there is no unit “%s”"), target), NULL;
  odds = attack_odds (ruleset, state, -1, primary, defender, support, aquila, error);
  if (odds == NULL)
    return NULL;
  /* The units by id, as the query named them; the summary names them in
   * the rules' words. */
  summary = g_strdup_printf (_("%s attacks %s: %s"), attack, target, odds->summary != NULL ? odds->summary : "");
  g_free (odds->summary);
  odds->summary = summary;
  return odds;
}

/**
 * acies_gc_query_odds:
 * @ruleset: the Grass Crown ruleset
 * @state: (nullable): a state, or %NULL for odds from the tables
 * @query: the values of acies_gc_odds_query(), and "action"
 * @error: return location for an error
 *
 * The query_odds of the ruleset contract (acies_ruleset_query_odds()).
 *
 * Returns: (transfer full) (nullable): the odds; %NULL without an error
 *   when @query is an action other than an attack's declaration (its
 *   get_odds answers it)
 */
AciesOdds *
acies_gc_query_odds (AciesRuleset     *ruleset,
                     const AciesState *state,
                     JsonObject       *query,
                     GError          **error)
{
  if (state == NULL)
    return odds_from_tables (acies_ruleset_get_catalogue (ruleset), query, error);
  return odds_in_state (ruleset, state, query, error);
}
