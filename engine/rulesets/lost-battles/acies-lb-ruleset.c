/* acies-lb-ruleset.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-lost-battles"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "model/acies-problem.h"
#include "acies-lb-private.h"

/*
 * The AciesRuleset glue of Lost Battles: the scenario read into an AciesLbState
 * (units, commanders, zone terrain, camps, key zones, conditions), copies,
 * actions, prompts, scores, digests, views and validation.
 */

#define ACIES_TYPE_LB_RULESET (acies_lb_ruleset_get_type ())
G_DECLARE_FINAL_TYPE (AciesLbRuleset, acies_lb_ruleset, ACIES, LB_RULESET, GObject)

struct _AciesLbRuleset
{
  GObject         parent_instance;
  AciesCatalogue *catalogue;
};

static void acies_lb_ruleset_iface_init (AciesRulesetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AciesLbRuleset, acies_lb_ruleset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ACIES_TYPE_RULESET, acies_lb_ruleset_iface_init))

static const char * const kinds[] = { "standard", "turn-only", "double", "triple", NULL };
static const char * const facings[] = { "N", "E", "S", "W", NULL };

static const AciesActionSpec specs[LB_N_ACTIONS] = {
  [LB_A_SWAP] = { "swap", N_("Swap turn order"), "LB 8.9", 1, {
    { "swap", ACIES_ARG_BOOL, NULL, FALSE } }, ACIES_ACTION_FLAG_NONE, "t" },
  [LB_A_CHOOSE_CMDR] = { "choose-commander", N_("Choose commander"), "LB 8.8.3", 1, {
    { "leader", ACIES_ARG_INT, NULL, FALSE } } },
  [LB_A_SELECT] = { "select", N_("Add to group"), "LB 4.2", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [LB_A_ACTIVATE] = { "activate", N_("Activate group"), "LB 4.2.4", 2, {
    { "kind", ACIES_ARG_CHOICE, kinds, FALSE },
    { "strategist", ACIES_ARG_INT, NULL, TRUE } }, ACIES_ACTION_FLAG_NONE, "g" },
  [LB_A_CANCEL] = { "cancel", N_("Cancel group"), "LB 4.2", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "c" },
  [LB_A_STRATEGIST] = { "strategist", N_("Move Strategist"), "LB 8.2", 2, {
    { "leader", ACIES_ARG_INT, NULL, FALSE },
    { "zone", ACIES_ARG_CELL, NULL, TRUE } } },
  [LB_A_END_TURN] = { "end-turn", N_("End player-turn"), "LB 3.2.3", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "p" },
  [LB_A_DEPLOY] = { "deploy", N_("Deploy"), "LB 3.3.2", 2, {
    { "zone", ACIES_ARG_CELL, NULL, FALSE },
    { "facing", ACIES_ARG_CHOICE, facings, FALSE } } },
  [LB_A_TURN] = { "turn", N_("Change facing"), "LB 5.2.3", 1, {
    { "facing", ACIES_ARG_CHOICE, facings, FALSE } }, ACIES_ACTION_FLAG_NONE, "f" },
  [LB_A_MOVE] = { "move", N_("Move forward"), "LB 5.2.2", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "m" },
  [LB_A_LEAVE] = { "leave-field", N_("Leave the battlefield"), "LB 5.7", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "l" },
  [LB_A_ATTACK] = { "attack", N_("Attack"), "LB 6.1", 0, { { NULL } }, ACIES_ACTION_FLAG_ATTACK, "a" },
  [LB_A_END_ACTIVATION] = { "end-activation", N_("End activation"), "LB 3.2.1", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "e" },
  [LB_A_ATTACK_WITH] = { "attack-with", N_("Attack with unit"), "LB 6.4.1", 4, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "half", ACIES_ARG_BOOL, NULL, FALSE },
    { "bonus", ACIES_ARG_INT, NULL, FALSE },
    { "supporter", ACIES_ARG_UNIT, NULL, TRUE } }, ACIES_ACTION_FLAG_ATTACK },
  [LB_A_DECISIVE] = { "decisive", N_("Decisive attack"), "LB 6.7", 1, {
    { "decisive", ACIES_ARG_BOOL, NULL, FALSE } }, ACIES_ACTION_FLAG_NONE, "d" },
  [LB_A_SECOND_HIT] = { "second-hit", N_("Take the second hit"), "LB 6.6.2", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [LB_A_RECOVER] = { "recover", N_("Recovery attempt"), "LB 8.6", 1, {
    { "leader", ACIES_ARG_INT, NULL, TRUE } } },
  [LB_A_LEAD] = { "lead", N_("Lead unit"), "LB 6.4", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [LB_A_PURSUE] = { "pursue", N_("Pursue"), "LB 6.9", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [LB_A_PURSUE_DONE] = { "pursue-done", N_("Stop pursuit"), "LB 6.9", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "s" },
  [LB_A_ROLL] = { "roll-orders", N_("Roll for Orders"), "LB 4.1.1", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "o" },
  [LB_A_BEGIN_TURN] = { "begin-turn", N_("Begin the turn"), "LB 3.1", 0, { { NULL } }, ACIES_ACTION_FLAG_NONE, "b" },
};

static void
acies_lb_ruleset_finalize (GObject *object)
{
  AciesLbRuleset *self = ACIES_LB_RULESET (object);

  g_clear_pointer (&self->catalogue, acies_catalogue_unref);
  G_OBJECT_CLASS (acies_lb_ruleset_parent_class)->finalize (object);
}

static void
acies_lb_ruleset_class_init (AciesLbRulesetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acies_lb_ruleset_finalize;
}

static void
acies_lb_ruleset_init (AciesLbRuleset *self)
{
  /* A reference of our own: finalize drops it. */
  self->catalogue = acies_catalogue_ref (acies_catalogue_get_bundled ("lost-battles"));
  g_assert (self->catalogue != NULL);
  acies_lb_tables_init (self->catalogue);
}

static const char *
get_id (AciesRuleset *self)
{
  return "lost-battles";
}

static AciesCatalogue *
get_catalogue (AciesRuleset *self)
{
  return ACIES_LB_RULESET (self)->catalogue;
}

static const AciesActionSpec *
get_action_specs (AciesRuleset *self,
                  guint        *n_specs)
{
  *n_specs = LB_N_ACTIONS;
  return specs;
}

static gint
index_of (const char * const *names,
          const char         *name)
{
  for (gint i = 0; names[i] != NULL; i++)
    if (g_strcmp0 (names[i], name) == 0)
      return i;
  return -1;
}

static gboolean
invalid (GError    **error,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static gboolean
invalid (GError    **error,
         const char *format,
         ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID, message);
  return FALSE;
}

static const char * const type_ids[] = { "HI", "LI", "HC", "LC", "EL", "CH", NULL };
static const char * const sub_ids[] = { "none", "AR", "HO", "PH", "LE", "CA", "SCH", NULL };
static const char * const class_ids[] = { "V", "A", "P", "I", "Af", NULL };
static const char * const rating_ids[] = { "P", "A", "I", "B", NULL };

static guint16
feature_bits (const AciesMap *map,
              gint            zone)
{
  static const struct { const char *id; guint16 bit; } table[] = {
    { "hill", LB_T_HILL }, { "forest", LB_T_FOREST }, { "marsh", LB_T_MARSH },
    { "stream", LB_T_STREAM }, { "river", LB_T_RIVER }, { "coast", LB_T_COAST },
    { "impassable", LB_T_IMPASSABLE }, { "camp-unfortified", LB_T_CAMP_U },
    { "camp-fortified", LB_T_CAMP_F },
  };
  guint16 bits = 0;

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (acies_map_cell_has_feature (map, zone, table[i].id))
      bits |= table[i].bit;
  return bits;
}

/* Reads @scenario into a state at the start of turn 1 (LB 3.3.1), or
 * with the map's deployment when @historical (LB 3.3). */
static gboolean
read_scenario (AciesLbState   *s,
               AciesScenario  *scenario,
               gboolean        historical,
               GError        **error)
{
  gint first;

  if (scenario->map.board == NULL || acies_board_get_kind (scenario->map.board) != ACIES_BOARD_ZONES)
    return invalid (error, "LB 2.1: a Lost Battles scenario is played on the 20-zone board");
  if (scenario->sides->len != 2)
    return invalid (error, "LB 1.1: a Lost Battles scenario has two armies, not %u", scenario->sides->len);
  if (scenario->units->len > LB_MAX_UNITS)
    return invalid (error, "LB 1.1: at most %d units (the scenario has %u)", LB_MAX_UNITS, scenario->units->len);
  if (scenario->leaders->len > LB_MAX_CMDRS)
    return invalid (error, "LB 1.3: at most %d commanders (the scenario has %u)", LB_MAX_CMDRS,
                    scenario->leaders->len);

  s->n_units = scenario->units->len;
  for (gint i = 0; i < s->n_units; i++)
    {
      AciesUnit *unit = g_ptr_array_index (scenario->units, i);
      AciesLbUnit *u = &s->units[i];
      gint type = index_of (type_ids, unit->type);
      gint sub = index_of (sub_ids, acies_params_get_string (unit->attrs, "subtype", "none"));
      gint cls = index_of (class_ids, acies_params_get_string (unit->attrs, "class", "A"));

      u->side = acies_scenario_side_index (scenario, unit->side);
      if (u->side < 0 || type < 0 || sub < 0 || cls < 0)
        return invalid (error, "LB 1.1: unit %s needs an army, a type (HI, LI, HC, LC, EL, CH), "
                        "a class and a known subtype", unit->id);
      if ((type == LB_EL) != (cls == LB_INDIAN || cls == LB_AFRICAN))
        return invalid (error, "LB 1.1: unit %s: elephants are Indian (I) or African (Af), "
                        "other troops V, A or P", unit->id);
      if (type == LB_CH && cls != LB_AVERAGE)
        return invalid (error, "LB 1.1: unit %s: chariots always count as Average", unit->id);
      if (sub != LB_SUB_NONE
          && !((type == LB_HI && sub >= LB_SUB_AR && sub <= LB_SUB_LE)
               || (type == LB_HC && sub == LB_SUB_CA) || (type == LB_CH && sub == LB_SUB_SCH)))
        return invalid (error, "LB 9.1: unit %s: subtype %s does not belong to type %s", unit->id,
                        sub_ids[sub], type_ids[type]);
      u->type = type;
      u->sub = sub;
      u->cls = cls;
      u->hero = -1;
      u->status = LB_FRESH;
      u->zone = LB_OFF;                          /* 3.3.1 */
      u->facing = acies_lb_forward (u->side);
      u->entered_pt = -1;
    }

  s->n_cmdrs = scenario->leaders->len;
  for (gint c = 0; c < s->n_cmdrs; c++)
    {
      AciesLeader *leader = g_ptr_array_index (scenario->leaders, c);
      AciesLbCmdr *k = &s->cmdrs[c];
      gint rating = index_of (rating_ids, acies_params_get_string (leader->attrs, "rating", "A"));

      k->side = acies_scenario_side_index (scenario, leader->side);
      k->hero = g_strcmp0 (leader->kind, "hero") == 0;
      if (k->side < 0 || rating < 0 || (!k->hero && g_strcmp0 (leader->kind, "strategist") != 0))
        return invalid (error, "LB 1.3: commander %s needs an army, a kind (hero or strategist) "
                        "and a rating (P, A, I, B)", leader->id);
      k->rating = rating;
      k->timid = acies_params_get_bool (leader->attrs, "timid", FALSE);
      k->bodyguard = -1;
      k->zone = LB_OFF;
      k->narrow_pt = -1;
      k->status = LB_CMDR_PRESENT;
      if (k->hero)
        {
          AciesUnit *bg = leader->attached_to != NULL
                          ? acies_scenario_find_unit (scenario, leader->attached_to) : NULL;
          gint bi = -1;

          for (gint i = 0; bg != NULL && i < s->n_units; i++)
            if (g_ptr_array_index (scenario->units, i) == bg)
              bi = i;
          if (bi < 0 || s->units[bi].side != k->side || s->units[bi].hero >= 0)
            return invalid (error, "LB 8.1: Hero %s must ride with one unit of his own army (attached_to)",
                            leader->id);
          k->bodyguard = bi;
          s->units[bi].hero = c;
        }
    }

  for (gint side = 0; side < 2; side++)
    {
      gint n = 0;

      for (gint c = 0; c < s->n_cmdrs; c++)
        n += s->cmdrs[c].side == side;
      if (n > 2)
        return invalid (error, "LB 1.3: an army has 0, 1 or 2 commanders (army %s has %d)",
                        ((AciesSide *) g_ptr_array_index (scenario->sides, side))->id, n);
    }
  for (gint z = 0; z < LB_ZONES; z++)
    {
      s->terrain[z] = feature_bits (&scenario->map, z);
      s->camp_of[z] = s->key_of[z] = -1;
    }
  for (guint a = 0; a < scenario->areas->len; a++)
    {
      AciesArea *area = g_ptr_array_index (scenario->areas, a);
      gint side = area->side != NULL ? acies_scenario_side_index (scenario, area->side) : -1;
      gboolean camp = g_strcmp0 (area->kind, "camp") == 0, key = g_strcmp0 (area->kind, "key") == 0;

      if (!camp && !key)
        continue;
      if (side < 0 || area->cells->len != 1)
        return invalid (error, "LB 2.3.1: the %s area %s needs an army and exactly one zone",
                        camp ? "camp" : "key", area->id);
      {
        gint z = g_array_index (area->cells, AciesCell, 0);

        if (camp)
          {
            if (!acies_lb_is_rear (z, side))
              return invalid (error, "LB 2.3.1: camp %s must lie in one of its army's three rear zones", area->id);
            s->camp_of[z] = side;
            if (!(s->terrain[z] & (LB_T_CAMP_F | LB_T_CAMP_U)))
              s->terrain[z] |= acies_params_get_bool (area->params, "fortified", FALSE) ? LB_T_CAMP_F : LB_T_CAMP_U;
          }
        else
          {
            if (!acies_lb_is_central (z, side))
              return invalid (error, "LB 2.3.1: key zone %s must be one of its army's three central zones",
                              area->id);
            s->key_of[z] = side;
          }
      }
    }

  s->attack_limit = (gint) acies_params_get_int (scenario->params, "attacker_limit", 4);
  if (s->attack_limit < 3 || s->attack_limit > 5)
    return invalid (error, "LB 6.3.2: the attacker limit is 3, 4 or 5, not %d", s->attack_limit);
  s->dust = acies_params_get_bool (scenario->params, "dust", FALSE);
  {
    const char *w = acies_params_get_string (scenario->params, "weather", "none");

    s->weather = g_strcmp0 (w, "wet") == 0 ? 2 : g_strcmp0 (w, "overcast") == 0 ? 1 : 0;
  }
  s->turn_limit = scenario->turn_limit > 0 ? (gint) MIN (scenario->turn_limit, 10) : 10;
  s->min_units = 3;
  for (guint i = 0; i < scenario->victory->len; i++)
    {
      AciesRuleEntry *e = g_ptr_array_index (scenario->victory, i);

      if (g_strcmp0 (e->kind, "turn-limit") == 0)
        s->turn_limit = (gint) acies_params_get_int (e->params, "turns", s->turn_limit);
      if (g_strcmp0 (e->kind, "army-collapse") == 0 && e->params != NULL
          && json_object_has_member (e->params, "min_units"))
        s->min_units = (gint) json_node_get_double (json_object_get_member (e->params, "min_units"));
    }

  for (gint side = 0; side < 2; side++)
    {
      AciesSide *sd = g_ptr_array_index (scenario->sides, side);
      AciesLbSide *x = &s->sides[side];

      x->surprised = acies_params_get_bool (sd->params, "surprise", FALSE);
      x->fatigued = acies_params_get_bool (sd->params, "fatigue", FALSE);
      x->pt_of_last = -10;
      for (gint i = 0; i < s->n_units; i++)
        if (s->units[i].side == side)
          x->start_fv += acies_lb_unit_fv (&s->units[i], FALSE);    /* 1.4, LB-G37 */
      for (gint c = 0; c < s->n_cmdrs; c++)
        if (s->cmdrs[c].side == side)
          {
            x->start_fv += acies_lb_cmdr_fv (s->cmdrs[c].rating);
            if (s->cmdrs[c].rating == LB_RATING_B)
              x->brilliant = 1;
          }
    }

  if (historical)
    {
      /* LB 3.3: the map's deployment, as at the end of the first turn.
       * A unit the map leaves off the field stays there; a facing the map
       * does not give is the army's forward (3.3.2). */
      for (gint i = 0; i < s->n_units; i++)
        {
          AciesUnit *unit = g_ptr_array_index (scenario->units, i);

          if (unit->cell == ACIES_CELL_NONE)
            continue;
          s->units[i].zone = unit->cell;
          if (unit->facing >= 0 && unit->facing < 4)
            s->units[i].facing = unit->facing;
        }
      for (gint c = 0; c < s->n_cmdrs; c++)
        {
          AciesLeader *leader = g_ptr_array_index (scenario->leaders, c);

          if (!s->cmdrs[c].hero && leader->cell != ACIES_CELL_NONE)
            s->cmdrs[c].zone = leader->cell;
        }
    }

  first = scenario->first_side != NULL ? acies_scenario_side_index (scenario, scenario->first_side) : 0;
  s->base_first = MAX (first, 0);                /* 3.2.1 */
  if (s->sides[0].brilliant != s->sides[1].brilliant)
    s->base_first = s->sides[0].brilliant ? 1 : 0;   /* 8.9.1, LB-G17 */
  s->prev_side = -1;
  acies_lb_recount (s);
  s->act.cmdr = s->act.zone = LB_NONE;
  s->atk.attacker = s->atk.recipient = LB_NONE;
  return TRUE;
}

/**
 * acies_lb_state_from_scenario:
 * @scenario: a Lost Battles scenario
 * @options: (nullable): rulings overriding the catalogue's defaults
 * @error: return location for an error
 *
 * Returns: (transfer full): the state at the start of turn 1, every unit
 *   off the field (LB 3.3.1), or with the option "start" "historical" at
 *   the start of turn 2 with the map's deployment (LB 3.3); %NULL with
 *   ACIES_ENGINE_ERROR_INVALID
 */
AciesLbState *
acies_lb_state_from_scenario (AciesScenario  *scenario,
                              JsonObject     *options,
                              GError        **error)
{
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("lost-battles");
  AciesLbState *s = g_new0 (AciesLbState, 1);
  gboolean historical;

  acies_lb_tables_init (catalogue);
  s->base.scenario = acies_scenario_ref (scenario);
  s->base.winner = -1;
  s->base.phase = N_("Set-up");
  acies_lb_options_read (&s->opt, catalogue, options);
  historical = acies_lb_option_historical_start (catalogue, options);
  if (!read_scenario (s, scenario, historical, error))
    {
      acies_scenario_unref (s->base.scenario);
      g_free (s);
      return NULL;
    }
  if (historical)
    acies_lb_start_from_deployment (s);
  else
    acies_lb_start_battle (s, NULL, NULL);
  return s;
}

static AciesState *
new_state (AciesRuleset   *self,
           AciesScenario  *scenario,
           JsonObject     *options,
           GError        **error)
{
  AciesLbState *s = acies_lb_state_from_scenario (scenario, options, error);

  return s != NULL ? &s->base : NULL;
}

static AciesState *
copy_state (AciesRuleset     *self,
            const AciesState *state)
{
  AciesLbState *to = g_new (AciesLbState, 1);

  memcpy (to, state, sizeof (AciesLbState));
  acies_scenario_ref (to->base.scenario);
  to->base.end_reason = g_strdup (state->end_reason);
  return &to->base;
}

static void
free_state (AciesRuleset *self,
            AciesState   *state)
{
  g_free (state->end_reason);
  acies_scenario_unref (state->scenario);
  g_free (state);
}

/* The attack preview (the ruleset contract): LB 6.1 declarations and
 * LB 6.4.1 attacks, the roll's results over 2d6 with every 6.5 modifier. */
static AciesOdds *
get_odds (AciesRuleset      *self,
          const AciesState  *state,
          const AciesAction *action)
{
  return acies_lb_attack_odds (CLB (state), action);
}

static void
legal_actions (AciesRuleset     *self,
               const AciesState *state,
               GArray           *out)
{
  acies_lb_legal_actions (CLB (state), out);
}

static gboolean
apply (AciesRuleset       *self,
       AciesState         *state,
       const AciesAction  *action,
       AciesDice          *dice,
       GPtrArray          *events,
       GError            **error)
{
  return acies_lb_apply (LB (state), action, dice, events, error);
}

static AciesPrompt *
get_prompt (AciesRuleset     *self,
            const AciesState *state)
{
  const AciesLbState *s = CLB (state);
  char *rule = NULL;
  g_autofree char *text = acies_lb_prompt_text (s, &rule);
  AciesPrompt *prompt;

  if (text == NULL || state->finished)
    {
      g_free (rule);
      return NULL;
    }
  prompt = g_new0 (AciesPrompt, 1);
  prompt->player = state->deciding_side;
  prompt->text = g_strdup_printf ("%s: %s", acies_lb_side_name (s, state->deciding_side), text);
  prompt->rule = rule;
  prompt->actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  acies_lb_legal_actions (s, prompt->actions);
  return prompt;
}

/* The describe_unit vfunc: the unit's name, one of its own whatever the
 * scenario calls it (units that share a name are numbered in scenario
 * order, "Numidians (2)": acies_lb_unit_name()), the words every action, prompt
 * and event uses for it; the same for every @viewer (nothing is hidden). */
static char *
describe_unit (AciesRuleset     *self,
               const AciesState *state,
               guint             unit,
               gint              viewer)
{
  const AciesLbState *s = CLB (state);

  if ((gint) unit >= s->n_units)
    return NULL;
  return g_strdup (acies_lb_unit_name (s, unit));
}

static char *
describe_action (AciesRuleset      *self,
                 const AciesState  *state,
                 const AciesAction *action)
{
  return acies_lb_describe_action (CLB (state), action);
}

/* The get_action_path vfunc (acies_lb_action_path()): the zones of a move,
 * attack, deployment, pursuit or Strategist's move, the destination or
 * target last, and the movements it spends. */
static gboolean
get_action_path (AciesRuleset      *self,
                 const AciesState  *state,
                 const AciesAction *action,
                 GArray            *cells,
                 gint              *cost)
{
  guint len = cells->len;

  if (!acies_lb_action_path (CLB (state), action, cells, cost))
    {
      g_array_set_size (cells, len);
      return FALSE;
    }
  return TRUE;
}

static GPtrArray *
get_score (AciesRuleset     *self,
           const AciesState *state,
           gint              side)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_score_line_free);

  if (side == 0 || side == 1)
    acies_lb_victory_points (CLB (state), side, lines);
  return lines;
}

static void
digest (AciesRuleset     *self,
        const AciesState *state,
        GChecksum        *checksum)
{
  const AciesLbState *s = CLB (state);
  const guchar *start = (const guchar *) &s->opt;

  g_checksum_update (checksum, start, sizeof (AciesLbState) - (start - (const guchar *) s));
}


/* The labels the play window's Status block shows for the members of the
 * state ("victory_points" → "Victory points"), for translators: the play
 * mode translates them with the context "state member"
 * (app/gui/play/acies-play-session-words.c). */
static const char * const state_member_labels[] G_GNUC_UNUSED = {
  /* Translators: labels of Lost Battles's state in the play window's Status block,
   * each followed by a colon and its value ("Victory points: Rome 3 · Carthage 2"). */
  NC_("state member", "Activation pool"), NC_("state member", "Attacking"),
  NC_("state member", "Bonus pool"), NC_("state member", "Commanders"),
  NC_("state member", "Dust"), NC_("state member", "Facing"),
  NC_("state member", "Fatigued"), NC_("state member", "Group"),
  NC_("state member", "Lead"), NC_("state member", "Orders"),
  NC_("state member", "Reverse"), NC_("state member", "Status"),
  NC_("state member", "Stripes"), NC_("state member", "Surprised"),
  NC_("state member", "Target"), NC_("state member", "Victory points"),
  NC_("state member", "Weather"), NC_("state member", "Zone"),
};

/* The play window shows every true boolean of a unit record as a marker
 * word on its counter (issue 6, item 5): "lead" while it is its zone's lead
 * unit (LB 6.4; the first attacker of a group becomes lead, 6.4.1),
 * "group" while it belongs to the group being chosen or activated (4.2),
 * "attacking" for the unit whose attack is being resolved and "target" for
 * the defending lead it strikes (6.4.4).  "status" shows where it differs
 * from most units (Disordered among Fresh, 1.5); the facing is the view's
 * facing notch (5.1). */
static JsonNode *
state_to_json (AciesRuleset     *self,
               const AciesState *state)
{
  const AciesLbState *s = CLB (state);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  static const char *status[] = { "fresh", "disordered", "shattered", "withdrawn", "fled" };

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "turn");
  json_builder_add_int_value (b, state->turn);
  json_builder_set_member_name (b, "active_side");
  json_builder_add_int_value (b, state->active_side);
  json_builder_set_member_name (b, "phase");
  json_builder_add_string_value (b, state->phase);
  /* LB 10.4: overcast or wet weather; 10.3: dust halves every Orders roll
   * and may reverse the turn order; 10.2, 10.1: fatigue and surprise, per
   * army.  Null when the battle has none, so the play window leaves them
   * out rather than show "none" beside the dust that halves the Orders. */
  json_builder_set_member_name (b, "weather");
  if (s->weather == 0)
    json_builder_add_null_value (b);
  else
    json_builder_add_string_value (b, s->weather == 2 ? NC_("state value", "wet") : NC_("state value", "overcast"));
  json_builder_set_member_name (b, "dust");
  if (s->dust)
    json_builder_add_string_value (b, NC_("state value", "Orders rolls halved, turn order rolled each turn (LB 10.3)"));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "fatigued");
  if (s->sides[0].fatigued || s->sides[1].fatigued)
    {
      json_builder_begin_array (b);
      json_builder_add_boolean_value (b, s->sides[0].fatigued);
      json_builder_add_boolean_value (b, s->sides[1].fatigued);
      json_builder_end_array (b);
    }
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "surprised");
  if (s->sides[0].surprised || s->sides[1].surprised)
    {
      json_builder_begin_array (b);
      json_builder_add_boolean_value (b, s->sides[0].surprised);
      json_builder_add_boolean_value (b, s->sides[1].surprised);
      json_builder_end_array (b);
    }
  else
    json_builder_add_null_value (b);
  /* LB 4.1: only the army whose player-turn it is holds Orders, from its
   * roll on; the other's were lost when its player-turn ended (4.1.2). */
  json_builder_set_member_name (b, "orders");
  json_builder_begin_array (b);
  for (gint side = 0; side < 2; side++)
    json_builder_add_int_value (b, side == state->active_side && s->phase != LB_PH_ROLL
                                   && s->phase != LB_PH_SWAP && s->phase != LB_PH_CMDR_CHOICE
                                   ? s->sides[side].orders : 0);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "victory_points");
  json_builder_begin_array (b);
  json_builder_add_int_value (b, acies_lb_victory_points (s, 0, NULL));
  json_builder_add_int_value (b, acies_lb_victory_points (s, 1, NULL));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "units");
  json_builder_begin_array (b);
  for (gint i = 0; i < s->n_units; i++)
    {
      const AciesLbUnit *u = &s->units[i];
      const AciesUnit *su = g_ptr_array_index (state->scenario->units, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, su->id);
      json_builder_set_member_name (b, "zone");
      if (u->zone >= 0 && acies_lb_present (u))
        json_builder_add_string_value (b, acies_lb_zone_name (s, u->zone, u->side));
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "status");
      json_builder_add_string_value (b, status[u->status]);
      json_builder_set_member_name (b, "facing");
      json_builder_add_int_value (b, u->facing);
      json_builder_set_member_name (b, "lead");
      json_builder_add_boolean_value (b, u->lead && acies_lb_present (u));
      json_builder_set_member_name (b, "group");
      json_builder_add_boolean_value (b, acies_lb_in_current_group (s, i));
      json_builder_set_member_name (b, "attacking");
      json_builder_add_boolean_value (b, acies_lb_attack_step (s) && s->atk.attacker == i);
      json_builder_set_member_name (b, "target");
      json_builder_add_boolean_value (b, acies_lb_attack_step (s) && s->atk.lead_unit == i && acies_lb_present (u));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "commanders");
  json_builder_begin_array (b);
  for (gint c = 0; c < s->n_cmdrs; c++)
    {
      const AciesLbCmdr *k = &s->cmdrs[c];
      const AciesLeader *l = g_ptr_array_index (state->scenario->leaders, c);
      gint z = acies_lb_cmdr_zone (s, c);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, l->id);
      json_builder_set_member_name (b, "status");
      /* The play window translates these with the context "state value". */
      json_builder_add_string_value (b, k->status == LB_CMDR_PRESENT ? NC_("state value", "present")
                                     : k->status == LB_CMDR_KILLED ? NC_("state value", "killed")
                                     : NC_("state value", "lost"));
      json_builder_set_member_name (b, "zone");
      if (z >= 0)
        json_builder_add_string_value (b, acies_lb_zone_name (s, z, k->side));
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "activation_pool");
      json_builder_add_int_value (b, k->act_pool);
      json_builder_set_member_name (b, "bonus_pool");
      json_builder_add_int_value (b, k->bonus_pool);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static guint
get_n_units (AciesRuleset     *self,
             const AciesState *state)
{
  return CLB (state)->n_units;
}

static const char *
unit_id (AciesRuleset     *self,
         const AciesState *state,
         guint             unit)
{
  if (unit >= (guint) CLB (state)->n_units)
    return NULL;
  return ((AciesUnit *) g_ptr_array_index (state->scenario->units, unit))->id;
}

/* The attrs of a Disordered unit's view (LB 1.5): its front's values and
 * a "reverse" object, which the counter renderer draws instead of the
 * front: one white stripe and the same values, as a flipped counter
 * shows it.  Every state shares the objects: one per distinct front
 * (a handful of type, class and subtype combinations), kept for the
 * life of the process in a table keyed by the front's JSON text, so a
 * view may borrow them however long its state lives. */
G_LOCK_DEFINE_STATIC (disordered_attrs);

static JsonObject *
disordered_attrs (JsonObject *front)
{
  static GHashTable *table = NULL;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *key = NULL;
  JsonObject *attrs;

  if (front != NULL)
    json_node_set_object (node, front);
  else
    json_node_take_object (node, json_object_new ());
  key = json_to_string (node, FALSE);

  G_LOCK (disordered_attrs);
  if (table == NULL)
    table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) json_object_unref);
  attrs = g_hash_table_lookup (table, key);
  if (attrs == NULL)
    {
      JsonObject *reverse = json_object_new ();
      g_autoptr(GList) members = front != NULL ? json_object_get_members (front) : NULL;

      attrs = json_object_new ();
      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *value = json_object_get_member (front, l->data);

          json_object_set_member (attrs, l->data, json_node_copy (value));
          json_object_set_member (reverse, l->data, json_node_copy (value));
        }
      json_object_set_int_member (reverse, "stripes", 1);
      json_object_set_object_member (attrs, "reverse", reverse);
      g_hash_table_insert (table, g_steal_pointer (&key), attrs);
    }
  G_UNLOCK (disordered_attrs);
  return attrs;
}

/* The unit_view vfunc: a unit on the field in its zone, facing as it
 * faces (LB 5.1); a unit not yet deployed (3.3.1) in play off the map
 * (cell ACIES_CELL_NONE); a Shattered, withdrawn or fled unit (1.5, 7.3)
 * not at all.  A Disordered unit shows its reverse (1.5). */
static gboolean
unit_view (AciesRuleset     *self,
           const AciesState *state,
           guint             unit,
           gint              viewer,
           AciesUnit        *view)
{
  const AciesLbState *s = CLB (state);
  const AciesLbUnit *u;

  if (unit >= (guint) s->n_units)
    return FALSE;
  u = &s->units[unit];
  if (!acies_lb_present (u))
    return FALSE;
  *view = *(AciesUnit *) g_ptr_array_index (state->scenario->units, unit);
  view->cell = acies_lb_on_field (u) ? u->zone : ACIES_CELL_NONE;
  view->cell2 = ACIES_CELL_NONE;
  view->facing = acies_lb_on_field (u) ? u->facing : -1;
  if (u->status == LB_DISORDERED)
    view->attrs = disordered_attrs (view->attrs);
  return TRUE;
}

/* The leader_view vfunc: a commander where he stands now (LB 8.1, 8.2):
 * a Hero in his bodyguard's zone, a Strategist in his own; off the map
 * (ACIES_CELL_NONE) while off the field; not at all once killed or lost
 * (8.2-c, 8.6). */
static gboolean
leader_view (AciesRuleset     *self,
             const AciesState *state,
             guint             leader,
             gint              viewer,
             AciesLeader      *view)
{
  const AciesLbState *s = CLB (state);
  gint zone;

  if (leader >= (guint) s->n_cmdrs || leader >= state->scenario->leaders->len
      || s->cmdrs[leader].status != LB_CMDR_PRESENT)
    return FALSE;
  zone = acies_lb_cmdr_zone (s, leader);
  *view = *(AciesLeader *) g_ptr_array_index (state->scenario->leaders, leader);
  view->cell = zone >= 0 ? zone : ACIES_CELL_NONE;
  return TRUE;
}

static gboolean
check_invariants (AciesRuleset      *self,
                  const AciesState  *state,
                  GError           **error)
{
  return acies_lb_check_invariants (CLB (state), error);
}

/* LB 5.1.1: the four facings, toward the zone board's directions. */
static const char *
acies_lb_direction_name (gint facing)
{
  static const char * const names[] = { N_("north"), N_("east"), N_("south"), N_("west") };

  return facing >= 0 && facing < 4 ? _(names[facing]) : "?";
}

/* A commander as the scenario names him. */
static const char *
cmdr_label (const AciesScenario *scenario,
            gint                 c)
{
  const AciesLeader *leader = g_ptr_array_index (scenario->leaders, c);

  return leader->name != NULL && *leader->name != '\0' ? leader->name : leader->id;
}

/* A problem with a unit of the map's deployment, at its cell. */
static void
unit_problem (GPtrArray           *problems,
              const AciesScenario *scenario,
              gint                 unit,
              const char          *member,
              const char          *format,
              ...) G_GNUC_PRINTF (5, 6);

static void
unit_problem (GPtrArray           *problems,
              const AciesScenario *scenario,
              gint                 unit,
              const char          *member,
              const char          *format,
              ...)
{
  const AciesUnit *u = g_ptr_array_index (scenario->units, unit);
  g_autofree char *path = g_strdup_printf ("$.units[%d].%s", unit, member);
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (problems, acies_problem_new (ACIES_PROBLEM_ERROR, path, u->id, u->cell, "%s", message));
}

/* The scenario map's deployment, which the option "start" plays from and
 * the editor, the board and the print show (LB 3.3: the armies "at the
 * end of the first turn"), against what the rules let a turn end with:
 * no unit in an impassable zone (2.2.4); never both armies in one zone
 * (5.5.1); at most 12 units a zone, 8 with rivers, coastlines, marshes or
 * forests, Poor units counting 2 (5.5.3); one facing a zone (5.1.1);
 * after the first turn no unit yet in the enemy's half (3.4.4); a Hero
 * with his bodyguard (8.1); a Strategist in no zone of the enemy's (8.2).
 * @h is the state with that deployment.  Appends one problem a fault. */
static void
validate_deployment (const AciesLbState  *h,
                     const AciesScenario *scenario,
                     GPtrArray           *problems)
{
  for (gint z = 0; z < LB_ZONES; z++)
    {
      gint first[2] = { -1, -1 }, facing = -1;

      for (gint i = 0; i < h->n_units; i++)
        {
          if (h->units[i].zone != z)
            continue;
          if (first[h->units[i].side] < 0)
            first[h->units[i].side] = i;
          if (h->terrain[z] & LB_T_IMPASSABLE)
            unit_problem (problems, scenario, i, "cell",
                          _("%s stands in %s, an impassable zone: no unit may be deployed into it (LB 2.2.4)."),
                          acies_lb_unit_name (h, i), acies_lb_zone_name (h, z, 0));
          if (facing >= 0 && h->units[i].facing != facing)
            unit_problem (problems, scenario, i, "facing",
                          _("%s faces %s, other units in %s face %s: all the units in a zone face the same way (LB 5.1.1)."),
                          acies_lb_unit_name (h, i), acies_lb_direction_name (h->units[i].facing), acies_lb_zone_name (h, z, 0),
                          acies_lb_direction_name (facing));
          else
            facing = h->units[i].facing;
          if (acies_lb_half_of (z) != h->units[i].side)
            unit_problem (problems, scenario, i, "cell",
                          _("%s stands in %s, in the enemy's half: the map shows the armies at the end of the first "
                            "turn (LB 3.3), and no unit enters the enemy's half in the turn it is deployed (LB 3.4.4)."),
                          acies_lb_unit_name (h, i), acies_lb_zone_name (h, z, 0));
        }
      if (first[0] >= 0 && first[1] >= 0)
        unit_problem (problems, scenario, first[1], "cell",
                      _("%s holds units of both armies (%s and %s): units never enter a zone the enemy occupies (LB 5.5.1)."),
                      acies_lb_zone_name (h, z, 0), acies_lb_unit_name (h, first[0]), acies_lb_unit_name (h, first[1]));
      if (acies_lb_zone_load (h, z, -1) > acies_lb_zone_capacity (h, z))
        unit_problem (problems, scenario, first[0] >= 0 ? first[0] : first[1], "cell",
                      _("%s holds %d units, more than the %d it can (Poor units count 2; 8 in rivers, coastlines, "
                        "marshes and forests; LB 5.5.3)."),
                      acies_lb_zone_name (h, z, 0), acies_lb_zone_load (h, z, -1), acies_lb_zone_capacity (h, z));
    }

  for (gint c = 0; c < h->n_cmdrs; c++)
    {
      const AciesLeader *leader = g_ptr_array_index (scenario->leaders, c);
      const AciesLbCmdr *k = &h->cmdrs[c];
      g_autofree char *path = g_strdup_printf ("$.leaders[%d].cell", c);
      g_autofree char *message = NULL;

      if (leader->cell == ACIES_CELL_NONE)
        continue;
      if (k->hero && h->units[k->bodyguard].zone != leader->cell)
        message = g_strdup_printf (_("%s stands in %s, away from his bodyguard %s: a Hero never leaves it (LB 8.1)."),
                                   cmdr_label (scenario, c), acies_lb_zone_name (h, leader->cell, 0),
                                   acies_lb_unit_name (h, k->bodyguard));
      else if (!k->hero && acies_lb_enemy_in (h, leader->cell, k->side))
        message = g_strdup_printf (_("%s stands in %s among enemy units: a Strategist is placed in a zone with no "
                                     "enemy units (LB 8.2)."),
                                   cmdr_label (scenario, c), acies_lb_zone_name (h, leader->cell, 0));
      if (message != NULL)
        g_ptr_array_add (problems, acies_problem_new (ACIES_PROBLEM_ERROR, path, leader->id, leader->cell,
                                                      "%s", message));
    }
}

static void
validate (AciesRuleset        *self,
          const AciesScenario *scenario,
          GPtrArray           *problems)
{
  g_autoptr(GError) error = NULL;
  AciesLbState *s = g_new0 (AciesLbState, 1);

  s->base.scenario = (AciesScenario *) scenario;
  acies_lb_options_read (&s->opt, ACIES_LB_RULESET (self)->catalogue, NULL);
  /* read_scenario() is what new_state() runs: whatever it refuses is an
   * error here, so the editor blocks Play.  The path points at the part
   * read_scenario() checks first. */
  if (!read_scenario (s, (AciesScenario *) scenario, FALSE, &error))
    {
      const char *path = "$";

      if (scenario->map.board == NULL || acies_board_get_kind (scenario->map.board) != ACIES_BOARD_ZONES)
        path = "$.map";
      else if (scenario->sides->len != 2)
        path = "$.sides";
      g_ptr_array_add (problems, acies_problem_new (ACIES_PROBLEM_ERROR, path, NULL, ACIES_CELL_NONE,
                                                    "%s", error->message));
    }
  else
    {
      AciesLbState *h = g_new0 (AciesLbState, 1);

      h->base.scenario = (AciesScenario *) scenario;
      h->opt = s->opt;
      if (read_scenario (h, (AciesScenario *) scenario, TRUE, NULL))
        validate_deployment (h, scenario, problems);
      g_free (h);
    }
  g_free (s);
}

static void
acies_lb_ruleset_iface_init (AciesRulesetInterface *iface)
{
  iface->get_id = get_id;
  iface->get_catalogue = get_catalogue;
  iface->get_action_specs = get_action_specs;
  iface->validate = validate;
  iface->new_state = new_state;
  iface->copy_state = copy_state;
  iface->free_state = free_state;
  iface->legal_actions = legal_actions;
  iface->apply = apply;
  iface->get_prompt = get_prompt;
  iface->get_odds = get_odds;
  iface->get_score = get_score;
  iface->digest = digest;
  iface->state_to_json = state_to_json;
  iface->get_n_units = get_n_units;
  iface->unit_id = unit_id;
  iface->unit_view = unit_view;
  iface->leader_view = leader_view;
  iface->check_invariants = check_invariants;
  iface->describe_action = describe_action;
  iface->describe_unit = describe_unit;
  iface->get_action_path = get_action_path;
}

/**
 * acies_lost_battles_ruleset_new:
 *
 * Returns: (transfer full): the Lost Battles ruleset
 */
AciesRuleset *
acies_lost_battles_ruleset_new (void)
{
  return g_object_new (ACIES_TYPE_LB_RULESET, NULL);
}

/**
 * acies_lost_battles_register:
 *
 * Registers "lost-battles" with acies_ruleset_register().
 */
void
acies_lost_battles_register (void)
{
  acies_ruleset_register ("lost-battles", acies_lost_battles_ruleset_new);
}
