/* acies-test-ruleset.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-ruleset"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "acies-test-ruleset.h"

typedef struct
{
  gint        side;
  AciesCell   cell;
  gboolean    alive;
  gboolean    moved;
  gboolean    attacked;
  gboolean    shaken;
  JsonObject *hidden;   /* {"morale": …}; replaced, never changed in place */
} TrUnit;

typedef struct
{
  AciesEdge edge;
  gint      level;
} TrFort;

typedef struct
{
  AciesState  base;
  guint       n_units;
  TrUnit     *units;
  gint        attacker;   /* unit index while a defender must answer, or -1 */
  gint        target;
  gint        wind;       /* 0 N, 1 E, 2 S, 3 W */
  gboolean    fortify_used[2];
  GArray     *forts;      /* TrFort */
  guint       turn_limit;
} TrState;

struct _AciesTestRuleset
{
  GObject         parent_instance;
  AciesCatalogue *catalogue;
};

/* The rules as data: board, terrain, the unit type with its hidden back. */
static const char catalogue_json[] =
  "{ \"format\": \"acies-ruleset\", \"version\": 1, \"id\": \"test-race\","
  "  \"name\": \"Test race\", \"book\": \"acies-test-ruleset.h\","
  "  \"board\": { \"kind\": \"square\", \"adjacency\": \"orthogonal\", \"facing\": \"none\","
  "             \"labels\": \"alnum\", \"default_size\": [5, 6], \"default_terrain\": \"clear\" },"
  "  \"dice\": { \"faces\": 6, \"first\": 1 },"
  "  \"terrain\": [ { \"id\": \"clear\", \"name\": \"Clear\", \"colour\": \"#d9d3a3\","
  "                 \"pattern\": \"none\", \"effects\": {} } ],"
  "  \"unit_types\": [ { \"id\": \"foot\", \"name\": \"Foot\", \"category\": \"foot\","
  "      \"symbol\": \"infantry\","
  "      \"attributes\": [ { \"id\": \"strength\", \"label\": \"Strength\", \"type\": \"int\","
  "                        \"min\": 1, \"max\": 3, \"default\": 1 } ],"
  "      \"hidden\": [ { \"id\": \"morale\", \"label\": \"Morale\", \"type\": \"enum\","
  "                    \"values\": [\"steady\", \"shaken\"], \"default\": \"steady\" } ],"
  "      \"shown\": [\"strength\"] } ] }";

static void acies_test_ruleset_iface_init (AciesRulesetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AciesTestRuleset, acies_test_ruleset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ACIES_TYPE_RULESET,
                                                      acies_test_ruleset_iface_init))

static const char * const respond_choices[] = { "retreat", "stand", NULL };

static const AciesActionSpec specs[] = {
  [TR_MOVE] = { "move", "Move", "TR 2", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [TR_ATTACK] = { "attack", "Attack", "TR 2", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "target", ACIES_ARG_UNIT, NULL, FALSE } } },
  [TR_RESPOND] = { "respond", "Respond", "TR 2.2", 1, {
    { "choice", ACIES_ARG_CHOICE, respond_choices, FALSE } } },
  [TR_FORTIFY] = { "fortify", "Fortify", "TR 2.3", 4, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "edge", ACIES_ARG_EDGE, NULL, FALSE },
    { "level", ACIES_ARG_INT, NULL, FALSE },
    { "shout", ACIES_ARG_BOOL, NULL, TRUE } } },
  [TR_END_TURN] = { "end-turn", "End turn", "TR 1", 1, {
    { "next", ACIES_ARG_SIDE, NULL, FALSE } } },
};

static void
acies_test_ruleset_finalize (GObject *object)
{
  AciesTestRuleset *self = (AciesTestRuleset *) object;

  g_clear_pointer (&self->catalogue, acies_catalogue_unref);

  G_OBJECT_CLASS (acies_test_ruleset_parent_class)->finalize (object);
}

static void
acies_test_ruleset_class_init (AciesTestRulesetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acies_test_ruleset_finalize;
}

static void
acies_test_ruleset_init (AciesTestRuleset *self)
{
  g_autoptr(GError) error = NULL;

  self->catalogue = acies_catalogue_load_data (catalogue_json, -1, "test-race.json", &error);
  g_assert_no_error (error);
}

static AciesCatalogue *
get_catalogue (AciesRuleset *self)
{
  return ACIES_TEST_RULESET (self)->catalogue;
}

AciesRuleset *
acies_test_ruleset_new (void)
{
  return g_object_new (ACIES_TYPE_TEST_RULESET, NULL);
}

/* A 5 × 6 board, red (south) against blue (north), three units each. */
AciesScenario *
acies_test_scenario_new (guint turn_limit)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (5, 6);
  AciesScenario *scenario;
  const char *sides[] = { "red", "blue" };

  acies_board_set_label_scheme (board, ACIES_LABEL_ALNUM);
  scenario = acies_scenario_new ("test-race", board, "clear");
  scenario->meta.title = g_strdup ("Test race");
  scenario->turn_limit = turn_limit;
  scenario->first_side = g_strdup ("red");

  for (guint s = 0; s < 2; s++)
    {
      AciesSide *side = acies_side_new (sides[s], s == 0 ? "Red" : "Blue");

      side->colour = g_strdup (s == 0 ? "#c01c28" : "#1c71d8");
      side->home_edge = s == 0 ? ACIES_MAP_EDGE_SOUTH : ACIES_MAP_EDGE_NORTH;
      g_ptr_array_add (scenario->sides, side);
    }

  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < 3; i++)
      {
        g_autofree char *id = g_strdup_printf ("%s-%u", sides[s], i + 1);
        AciesUnit *unit = acies_unit_new (id, sides[s], "foot");

        unit->cell = acies_board_cell_at (board, 1 + i, s == 0 ? 3 : 2);
        unit->hidden = json_object_new ();
        json_object_set_string_member (unit->hidden, "morale", i == 1 ? "shaken" : "steady");
        json_object_set_int_member (unit->attrs, "strength", 1);
        g_ptr_array_add (scenario->units, unit);
      }

  return scenario;
}

#define TR(state) ((TrState *) (state))
#define CTR(state) ((const TrState *) (state))

static const char *
get_id (AciesRuleset *self)
{
  return "test-race";
}

static const AciesActionSpec *
get_action_specs (AciesRuleset *self,
                  guint        *n_specs)
{
  *n_specs = G_N_ELEMENTS (specs);
  return specs;
}

static const AciesBoard *
board_of (const AciesState *state)
{
  return state->scenario->map.board;
}

static JsonObject *
morale_object (gboolean shaken)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "morale", shaken ? "shaken" : "steady");
  return object;
}

static void
set_shaken (TrUnit   *unit,
            gboolean  shaken)
{
  unit->shaken = shaken;
  g_clear_pointer (&unit->hidden, json_object_unref);
  unit->hidden = morale_object (shaken);
}

static AciesState *
new_state (AciesRuleset   *self,
           AciesScenario  *scenario,
           JsonObject     *options,
           GError        **error)
{
  TrState *state;

  if (scenario->sides->len != 2 || scenario->map.board == NULL
      || acies_board_get_kind (scenario->map.board) != ACIES_BOARD_SQUARE)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   "TR 1: a test-race scenario has two sides on a square board");
      return NULL;
    }

  state = g_new0 (TrState, 1);
  state->base.scenario = acies_scenario_ref (scenario);
  state->base.turn = 1;
  state->base.phase = "move";
  state->base.active_side = scenario->first_side != NULL
                            ? MAX (0, acies_scenario_side_index (scenario, scenario->first_side)) : 0;
  state->base.deciding_side = state->base.active_side;
  state->base.winner = -1;
  state->attacker = state->target = -1;
  state->forts = g_array_new (FALSE, FALSE, sizeof (TrFort));
  state->turn_limit = scenario->turn_limit > 0 ? scenario->turn_limit : 8;
  if (options != NULL)
    state->turn_limit = acies_params_get_int (options, "turn_limit", state->turn_limit);

  state->n_units = scenario->units->len;
  state->units = g_new0 (TrUnit, state->n_units);
  for (guint i = 0; i < state->n_units; i++)
    {
      AciesUnit *unit = g_ptr_array_index (scenario->units, i);
      TrUnit *u = &state->units[i];
      const char *morale = unit->hidden != NULL
                           ? acies_params_get_string (unit->hidden, "morale", "steady") : "steady";

      u->side = acies_scenario_side_index (scenario, unit->side);
      u->cell = unit->cell;
      u->alive = TRUE;
      u->shaken = g_strcmp0 (morale, "shaken") == 0;
      u->hidden = morale_object (u->shaken);
      if (u->side < 0 || !acies_board_contains (scenario->map.board, u->cell))
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "TR 1: unit %s needs a side and a cell on the board", unit->id);
          acies_ruleset_free_state (self, &state->base);
          return NULL;
        }
    }

  return &state->base;
}

static AciesState *
copy_state (AciesRuleset     *self,
            const AciesState *state)
{
  const TrState *from = CTR (state);
  TrState *to = g_new0 (TrState, 1);

  *to = *from;
  to->base.scenario = acies_scenario_ref (from->base.scenario);
  to->base.end_reason = g_strdup (from->base.end_reason);
  to->units = g_memdup2 (from->units, sizeof (TrUnit) * from->n_units);
  for (guint i = 0; i < to->n_units; i++)
    if (to->units[i].hidden != NULL)
      json_object_ref (to->units[i].hidden);
  to->forts = g_array_copy (from->forts);

  return &to->base;
}

static void
free_state (AciesRuleset *self,
            AciesState   *state)
{
  TrState *s = TR (state);

  for (guint i = 0; i < s->n_units; i++)
    g_clear_pointer (&s->units[i].hidden, json_object_unref);
  g_free (s->units);
  g_clear_pointer (&s->forts, g_array_unref);
  g_free (s->base.end_reason);
  acies_scenario_unref (s->base.scenario);
  g_free (s);
}

static gint
unit_at (const TrState *state,
         AciesCell      cell)
{
  for (guint i = 0; i < state->n_units; i++)
    if (state->units[i].alive && state->units[i].cell == cell)
      return i;
  return -1;
}

static gint
fort_level (const TrState *state,
            AciesEdge      edge)
{
  for (guint i = 0; i < state->forts->len; i++)
    if (g_array_index (state->forts, TrFort, i).edge == edge)
      return g_array_index (state->forts, TrFort, i).level;
  return 0;
}

/* TR 2.2: the square the target retreats to, or ACIES_CELL_NONE. */
static AciesCell
retreat_cell (const TrState *state)
{
  const AciesBoard *board = board_of (&state->base);
  const TrUnit *a = &state->units[state->attacker];
  const TrUnit *t = &state->units[state->target];
  gint dir = acies_board_direction_to (board, a->cell, t->cell);
  AciesCell to;

  if (dir < 0)
    return ACIES_CELL_NONE;
  to = acies_board_neighbour (board, t->cell, dir);
  if (to == ACIES_CELL_NONE || unit_at (state, to) >= 0)
    return ACIES_CELL_NONE;
  return to;
}

static gint
front_direction (gint side)
{
  return side == 0 ? 0 : 4;
}

static void
legal_actions (AciesRuleset     *self,
               const AciesState *state,
               GArray           *out)
{
  const TrState *s = CTR (state);
  const AciesBoard *board = board_of (state);
  gint side = state->active_side;
  AciesAction action;

  if (state->finished)
    return;

  if (s->attacker >= 0)
    {
      gint defender = s->units[s->target].side;
      gboolean can_retreat = retreat_cell (s) != ACIES_CELL_NONE;

      if (can_retreat)
        {
          acies_action_init (&action, TR_RESPOND, defender);
          action.args[0] = TR_RETREAT;
          g_array_append_val (out, action);
        }
      if (!s->units[s->target].shaken || !can_retreat)
        {
          acies_action_init (&action, TR_RESPOND, defender);
          action.args[0] = TR_STAND;
          g_array_append_val (out, action);
        }
      return;
    }

  for (guint i = 0; i < s->n_units; i++)
    {
      const TrUnit *u = &s->units[i];

      if (!u->alive || u->side != side)
        continue;

      for (guint dir = 0; !u->moved && dir < 8; dir += 2)
        {
          AciesCell to = acies_board_neighbour (board, u->cell, dir);

          /* TR 1: no move toward the wind. */
          if ((gint) dir == s->wind * 2 || to == ACIES_CELL_NONE || unit_at (s, to) >= 0)
            continue;
          acies_action_init (&action, TR_MOVE, side);
          action.args[0] = i;
          action.args[1] = to;
          g_array_append_val (out, action);
        }

      for (guint dir = 0; !u->attacked && dir < 8; dir += 2)
        {
          AciesCell to = acies_board_neighbour (board, u->cell, dir);
          gint target = to != ACIES_CELL_NONE ? unit_at (s, to) : -1;

          if (target < 0 || s->units[target].side == side)
            continue;
          acies_action_init (&action, TR_ATTACK, side);
          action.args[0] = i;
          action.args[1] = target;
          g_array_append_val (out, action);
        }

      if (!s->fortify_used[side] && !u->moved)
        {
          AciesEdge edge = acies_board_edge_of (board, u->cell, front_direction (side));

          if (edge == ACIES_EDGE_NONE || fort_level (s, edge) > 0)
            continue;
          for (gint level = 1; level <= 2; level++)
            for (gint shout = -1; shout <= 1; shout += 2)
              {
                acies_action_init (&action, TR_FORTIFY, side);
                action.args[0] = i;
                action.args[1] = edge;
                action.args[2] = level;
                action.args[3] = shout;
                g_array_append_val (out, action);
              }
        }
    }

  acies_action_init (&action, TR_END_TURN, side);
  action.args[0] = 1 - side;
  g_array_append_val (out, action);
}

static const char *
uid (const AciesState *state,
     guint             unit)
{
  return ((AciesUnit *) g_ptr_array_index (state->scenario->units, unit))->id;
}

static const char *
label (const AciesState *state,
       AciesCell         cell)
{
  return acies_board_cell_label (board_of (state), cell);
}

static void
check_end (TrState   *s,
           GPtrArray *events)
{
  guint alive[2] = { 0, 0 };

  for (guint i = 0; i < s->n_units; i++)
    if (s->units[i].alive)
      alive[s->units[i].side]++;

  for (gint side = 0; side < 2; side++)
    {
      if (alive[side] == 0)
        {
          s->base.finished = TRUE;
          s->base.winner = 1 - side;
          s->base.deciding_side = -1;
          s->base.end_reason = g_strdup ("TR 3: a side has no units left");
          acies_events_add (events, "victory", "TR 3", 1 - side, "%s wins: the enemy has no units left",
                            ((AciesSide *) g_ptr_array_index (s->base.scenario->sides, 1 - side))->name);
          return;
        }
    }

  if (s->base.turn > s->turn_limit)
    {
      s->base.finished = TRUE;
      s->base.winner = alive[0] > alive[1] ? 0 : alive[1] > alive[0] ? 1 : -1;
      s->base.deciding_side = -1;
      s->base.end_reason = g_strdup ("TR 3: the turn limit is reached");
      acies_events_add (events, "game-over", "TR 3", s->base.winner, "The turn limit is reached");
    }
}

static gboolean
apply (AciesRuleset       *self,
       AciesState         *state,
       const AciesAction  *action,
       AciesDice          *dice,
       GPtrArray          *events,
       GError            **error)
{
  TrState *s = TR (state);
  const AciesBoard *board = board_of (state);

  switch (action->type)
    {
    case TR_MOVE:
      {
        TrUnit *u = &s->units[action->args[0]];

        acies_events_add (events, "move", "TR 2", u->side, "%s moves from %s to %s",
                          uid (state, action->args[0]), label (state, u->cell),
                          label (state, action->args[1]));
        u->cell = action->args[1];
        u->moved = TRUE;
      }
      break;

    case TR_ATTACK:
      s->attacker = action->args[0];
      s->target = action->args[1];
      s->units[s->attacker].attacked = TRUE;
      state->deciding_side = s->units[s->target].side;
      state->phase = "response";
      acies_events_add (events, "attack", "TR 2", action->player, "%s attacks %s",
                        uid (state, s->attacker), uid (state, s->target));
      break;

    case TR_RESPOND:
      {
        TrUnit *a = &s->units[s->attacker];
        TrUnit *t = &s->units[s->target];
        const char *tid = uid (state, s->target);

        if (action->args[0] == TR_RETREAT)
          {
            AciesCell to = retreat_cell (s);

            if (acies_dice_roll_or_abort (dice, 6, 1, "pursuit") == 6)
              {
                t->alive = FALSE;
                acies_events_add (events, "eliminated", "TR 2.2", t->side,
                                  "%s is caught retreating and eliminated", tid);
              }
            else
              {
                acies_events_add (events, "retreat", "TR 2.2", t->side, "%s retreats to %s",
                                  tid, label (state, to));
                t->cell = to;
                set_shaken (t, TRUE);
              }
          }
        else
          {
            gint need = 4 + fort_level (s, acies_board_edge_between (board, a->cell, t->cell));
            guint roll = acies_dice_roll_or_abort (dice, 6, 1, "combat");

            if ((gint) roll >= need)
              {
                t->alive = FALSE;
                acies_events_add (events, "eliminated", "TR 2.2", t->side,
                                  "%s stands and is eliminated (%u, needed %d)", tid, roll, need);
              }
            else
              {
                set_shaken (t, FALSE);
                acies_events_add (events, "miss", "TR 2.2", t->side,
                                  "%s stands; the attack misses (%u, needed %d)", tid, roll, need);
              }
          }
        s->attacker = s->target = -1;
        state->deciding_side = state->active_side;
        state->phase = "move";
        check_end (s, events);
      }
      break;

    case TR_FORTIFY:
      {
        TrFort fort = { action->args[1], action->args[2] };

        g_array_append_val (s->forts, fort);
        s->fortify_used[action->player] = TRUE;
        s->units[action->args[0]].moved = TRUE;
        acies_events_add (events, "fortify", "TR 2.3", action->player, "%s fortifies %s (level %d)",
                          uid (state, action->args[0]),
                          acies_board_edge_label (board, action->args[1]), action->args[2]);
        if (action->args[3] == 1)
          acies_events_add (events, "shout", NULL, action->player, "%s shouts", uid (state, action->args[0]));
      }
      break;

    case TR_END_TURN:
      for (guint i = 0; i < s->n_units; i++)
        s->units[i].moved = s->units[i].attacked = FALSE;
      if (state->active_side == 1)
        {
          state->turn++;
          s->wind = acies_dice_random_int (dice, 0, 4);
          acies_events_add (events, "wind", "TR 1", -1, "Turn %u; the wind blows from %s",
                            state->turn,
                            acies_board_direction_name (board, s->wind * 2));
        }
      state->active_side = action->args[0];
      state->deciding_side = state->active_side;
      check_end (s, events);
      break;

    default:
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                   "unknown action type %u", action->type);
      return FALSE;
    }

  return TRUE;
}

static AciesPrompt *
get_prompt (AciesRuleset     *self,
            const AciesState *state)
{
  const TrState *s = CTR (state);
  AciesPrompt *prompt;

  if (s->attacker < 0 || state->finished)
    return NULL;

  prompt = g_new0 (AciesPrompt, 1);
  prompt->player = s->units[s->target].side;
  prompt->text = g_strdup_printf ("%s attacks %s: retreat or stand?",
                                  uid (state, s->attacker), uid (state, s->target));
  prompt->rule = g_strdup ("TR 2.2");
  prompt->actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  legal_actions (self, state, prompt->actions);

  return prompt;
}

static AciesOdds *
get_odds (AciesRuleset      *self,
          const AciesState  *state,
          const AciesAction *action)
{
  const TrState *s = CTR (state);
  AciesCell from, to;
  AciesOdds *odds;
  gint level;

  if (action->type == TR_ATTACK)
    {
      from = s->units[action->args[0]].cell;
      to = s->units[action->args[1]].cell;
    }
  else if (action->type == TR_RESPOND && s->attacker >= 0)
    {
      from = s->units[s->attacker].cell;
      to = s->units[s->target].cell;
    }
  else
    return NULL;

  odds = acies_odds_new ();
  if (action->type == TR_RESPOND && action->args[0] == TR_RETREAT)
    {
      odds->summary = g_strdup ("Retreat: caught on a 6");
      acies_odds_add_outcome (odds, "eliminated", 1.0 / 6.0, FALSE);
      acies_odds_add_outcome (odds, "retreat", 5.0 / 6.0, FALSE);
      return odds;
    }

  level = fort_level (s, acies_board_edge_between (board_of (state), from, to));
  odds->summary = g_strdup_printf ("Eliminates on %d or more", 4 + level);
  if (level > 0)
    acies_odds_add_modifier (odds, "Fortified edge", level, "TR 2.3");
  acies_odds_add_outcome (odds, "eliminated", (3.0 - level) / 6.0, FALSE);
  acies_odds_add_outcome (odds, "miss", (3.0 + level) / 6.0, level == 2);

  return odds;
}

static gboolean
may_see (AciesRuleset     *self,
         const AciesState *state,
         gint              player,
         guint             unit,
         const char       *attribute)
{
  const TrState *s = CTR (state);

  if (unit >= s->n_units)
    return FALSE;
  if (g_str_equal (attribute, "morale"))
    return player == s->units[unit].side || !s->units[unit].alive;
  return TRUE;
}

static GPtrArray *
get_score (AciesRuleset     *self,
           const AciesState *state,
           gint              side)
{
  const TrState *s = CTR (state);
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_score_line_free);
  gint eliminated = 0;

  for (guint i = 0; i < s->n_units; i++)
    if (!s->units[i].alive && s->units[i].side != side)
      eliminated++;
  g_ptr_array_add (lines, acies_score_line_new ("Enemy units eliminated", eliminated, "TR 3"));

  return lines;
}

static void
digest_int (GChecksum *checksum,
            gint64     value)
{
  g_checksum_update (checksum, (const guchar *) &value, sizeof value);
}

static void
digest (AciesRuleset     *self,
        const AciesState *state,
        GChecksum        *checksum)
{
  const TrState *s = CTR (state);

  digest_int (checksum, s->n_units);
  for (guint i = 0; i < s->n_units; i++)
    {
      const TrUnit *u = &s->units[i];

      digest_int (checksum, u->side);
      digest_int (checksum, u->cell);
      digest_int (checksum, u->alive);
      digest_int (checksum, u->moved);
      digest_int (checksum, u->attacked);
      digest_int (checksum, u->shaken);
    }
  digest_int (checksum, s->attacker);
  digest_int (checksum, s->target);
  digest_int (checksum, s->wind);
  digest_int (checksum, s->fortify_used[0]);
  digest_int (checksum, s->fortify_used[1]);
  digest_int (checksum, s->turn_limit);
  digest_int (checksum, s->forts->len);
  for (guint i = 0; i < s->forts->len; i++)
    {
      digest_int (checksum, g_array_index (s->forts, TrFort, i).edge);
      digest_int (checksum, g_array_index (s->forts, TrFort, i).level);
    }
}

static JsonNode *
state_to_json (AciesRuleset     *self,
               const AciesState *state)
{
  const TrState *s = CTR (state);
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "turn");
  json_builder_add_int_value (builder, state->turn);
  json_builder_set_member_name (builder, "active_side");
  json_builder_add_int_value (builder, state->active_side);
  json_builder_set_member_name (builder, "wind");
  json_builder_add_int_value (builder, s->wind);
  json_builder_set_member_name (builder, "units");
  json_builder_begin_array (builder);
  for (guint i = 0; i < s->n_units; i++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, uid (state, i));
      json_builder_set_member_name (builder, "cell");
      json_builder_add_string_value (builder, label (state, s->units[i].cell));
      json_builder_set_member_name (builder, "alive");
      json_builder_add_boolean_value (builder, s->units[i].alive);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static guint
get_n_units (AciesRuleset     *self,
             const AciesState *state)
{
  return CTR (state)->n_units;
}

static const char *
unit_id (AciesRuleset     *self,
         const AciesState *state,
         guint             unit)
{
  if (unit >= CTR (state)->n_units)
    return NULL;
  return uid (state, unit);
}

static gboolean
unit_view (AciesRuleset     *self,
           const AciesState *state,
           guint             unit,
           gint              viewer,
           AciesUnit        *view)
{
  const TrState *s = CTR (state);

  if (unit >= s->n_units || !s->units[unit].alive)
    return FALSE;

  *view = *(AciesUnit *) g_ptr_array_index (state->scenario->units, unit);
  view->cell = s->units[unit].cell;
  view->hidden = may_see (self, state, viewer, unit, "morale") ? s->units[unit].hidden : NULL;

  return TRUE;
}

static gboolean
check_invariants (AciesRuleset      *self,
                  const AciesState  *state,
                  GError           **error)
{
  const TrState *s = CTR (state);

  for (guint i = 0; i < s->n_units; i++)
    {
      if (!s->units[i].alive)
        continue;
      if (!acies_board_contains (board_of (state), s->units[i].cell))
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "%s is off the board", uid (state, i));
          return FALSE;
        }
      for (guint j = i + 1; j < s->n_units; j++)
        if (s->units[j].alive && s->units[j].cell == s->units[i].cell)
          {
            g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                         "%s and %s share %s", uid (state, i), uid (state, j),
                         label (state, s->units[i].cell));
            return FALSE;
          }
    }
  if (!state->finished && s->attacker >= 0 && state->deciding_side != s->units[s->target].side)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   "the defender must decide");
      return FALSE;
    }
  if (state->finished != (state->deciding_side == -1))
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   "deciding side %d while finished is %d", state->deciding_side, state->finished);
      return FALSE;
    }

  return TRUE;
}

static void
acies_test_ruleset_iface_init (AciesRulesetInterface *iface)
{
  iface->get_id = get_id;
  iface->get_catalogue = get_catalogue;
  iface->get_action_specs = get_action_specs;
  iface->new_state = new_state;
  iface->copy_state = copy_state;
  iface->free_state = free_state;
  iface->legal_actions = legal_actions;
  iface->apply = apply;
  iface->get_prompt = get_prompt;
  iface->get_odds = get_odds;
  iface->may_see = may_see;
  iface->get_score = get_score;
  iface->digest = digest;
  iface->state_to_json = state_to_json;
  iface->get_n_units = get_n_units;
  iface->unit_id = unit_id;
  iface->unit_view = unit_view;
  iface->check_invariants = check_invariants;
}

/* A ruleset with only the required vfuncs, to test the wrappers' defaults. */

struct _AciesTestMinimalRuleset
{
  GObject parent_instance;
};

static void acies_test_minimal_ruleset_iface_init (AciesRulesetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AciesTestMinimalRuleset, acies_test_minimal_ruleset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ACIES_TYPE_RULESET,
                                                      acies_test_minimal_ruleset_iface_init))

static void
acies_test_minimal_ruleset_class_init (AciesTestMinimalRulesetClass *klass)
{
}

static void
acies_test_minimal_ruleset_init (AciesTestMinimalRuleset *self)
{
}

AciesRuleset *
acies_test_minimal_ruleset_new (void)
{
  return g_object_new (ACIES_TYPE_TEST_MINIMAL_RULESET, NULL);
}

static void
acies_test_minimal_ruleset_iface_init (AciesRulesetInterface *iface)
{
  iface->get_id = get_id;
  iface->get_action_specs = get_action_specs;
  iface->new_state = new_state;
  iface->copy_state = copy_state;
  iface->free_state = free_state;
  iface->legal_actions = legal_actions;
  iface->apply = apply;
}
