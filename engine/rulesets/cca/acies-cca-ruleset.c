/* acies-cca-ruleset.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cca"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-cca-private.h"

/*
 * The "cca" AciesRuleset: the interface glue.  The state is built in
 * acies-cca-setup.c; the rules are in the other files by concern.  Hidden
 * information: the hands of Command cards.  A hand is seen by its owner
 * only (the Supreme Commander's, in an Epic battle, by him alone): the
 * state views give the other players its size, the events of a draw name
 * the card only in a private event, and the legal actions that name cards
 * are the deciding player's own.
 */

struct _AciesCcaRuleset
{
  GObject         parent_instance;
  AciesCatalogue *catalogue;
};

#define ACIES_TYPE_CCA_RULESET (acies_cca_ruleset_get_type ())
G_DECLARE_FINAL_TYPE (AciesCcaRuleset, acies_cca_ruleset, ACIES, CCA_RULESET, GObject)

static void acies_cca_ruleset_iface_init (AciesRulesetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AciesCcaRuleset, acies_cca_ruleset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ACIES_TYPE_RULESET, acies_cca_ruleset_iface_init))

static void
acies_cca_ruleset_finalize (GObject *object)
{
  AciesCcaRuleset *self = ACIES_CCA_RULESET (object);

  g_clear_pointer (&self->catalogue, acies_catalogue_unref);
  G_OBJECT_CLASS (acies_cca_ruleset_parent_class)->finalize (object);
}

static void
acies_cca_ruleset_class_init (AciesCcaRulesetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acies_cca_ruleset_finalize;
}

static void
acies_cca_ruleset_init (AciesCcaRuleset *self)
{
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("cca");

  self->catalogue = catalogue != NULL ? acies_catalogue_ref (catalogue) : NULL;
}

static const char *
get_id (AciesRuleset *self)
{
  return "cca";
}

static AciesCatalogue *
get_catalogue (AciesRuleset *self)
{
  return ACIES_CCA_RULESET (self)->catalogue;
}

static const AciesActionSpec *
get_action_specs (AciesRuleset *self,
                  guint        *n_specs)
{
  *n_specs = ACIES_CCA_N_ACTIONS;
  return acies_cca_action_specs;
}

static void
validate (AciesRuleset        *self,
          const AciesScenario *scenario,
          GPtrArray           *problems)
{
  AciesCatalogue *catalogue = ACIES_CCA_RULESET (self)->catalogue;

  if (catalogue != NULL)
    acies_cca_validate (catalogue, scenario, problems);
}

static AciesState *
new_state (AciesRuleset   *self,
           AciesScenario  *scenario,
           JsonObject     *options,
           GError        **error)
{
  AciesCatalogue *catalogue = ACIES_CCA_RULESET (self)->catalogue;
  AciesCcaState *s;

  if (catalogue == NULL)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID, "the cca catalogue is missing");
      return NULL;
    }
  s = acies_cca_state_new (catalogue, scenario, options, error);
  return s != NULL ? &s->base : NULL;
}

static AciesState *
copy_state (AciesRuleset     *self,
            const AciesState *state)
{
  AciesCcaState *to = g_new (AciesCcaState, 1);

  memcpy (to, state, sizeof (AciesCcaState));
  acies_scenario_ref (to->base.scenario);
  to->base.end_reason = g_strdup (state->end_reason);
  g_atomic_int_inc (&to->st->ref_count);
  return &to->base;
}

static void
free_state (AciesRuleset *self,
            AciesState   *state)
{
  AciesCcaState *s = ACIES_CCA (state);

  g_free (state->end_reason);
  acies_scenario_unref (state->scenario);
  acies_cca_static_unref (s->st);
  g_free (s);
}

static void
legal_actions (AciesRuleset     *self,
               const AciesState *state,
               GArray           *out)
{
  acies_cca_legal_actions (ACIES_CCA_C (state), out);
}

static gboolean
apply (AciesRuleset       *self,
       AciesState         *state,
       const AciesAction  *action,
       AciesDice          *dice,
       GPtrArray          *events,
       GError            **error)
{
  return acies_cca_apply (ACIES_CCA (state), action, dice, events, error);
}

static AciesPrompt *
get_prompt (AciesRuleset     *self,
            const AciesState *state)
{
  const AciesCcaState *s = ACIES_CCA_C (state);
  AciesPrompt *prompt;

  if (state->finished)
    return NULL;
  prompt = g_new0 (AciesPrompt, 1);
  prompt->player = state->deciding_side;
  prompt->text = acies_cca_prompt_text (s, &prompt->rule);
  prompt->actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  acies_cca_legal_actions (s, prompt->actions);
  return prompt;
}

static AciesOdds *
get_odds (AciesRuleset      *self,
          const AciesState  *state,
          const AciesAction *action)
{
  return acies_cca_odds (ACIES_CCA_C (state), action);
}

/* Nothing on a unit is hidden: blocks are seen by both (S2).  The hands
 * are not attached to units (state_view_to_json). */
static gboolean
may_see (AciesRuleset     *self,
         const AciesState *state,
         gint              player,
         guint             unit,
         const char       *attribute)
{
  return TRUE;
}

/* S4: the flags, by what gave them. */
static GPtrArray *
get_score (AciesRuleset     *self,
           const AciesState *state,
           gint              side)
{
  const AciesCcaState *s = ACIES_CCA_C (state);
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_score_line_free);
  gint objectives;

  if (side < 0 || side > 1)
    return lines;
  objectives = s->flags[side] - s->eliminated_flags[side];
  g_ptr_array_add (lines, acies_score_line_new (_("Enemy units and commanders eliminated"),
                                                s->eliminated_flags[side], "CCA S4.2"));
  if (objectives > 0 || s->st->n_objectives > 0)
    g_ptr_array_add (lines, acies_score_line_new (_("Objectives taken"), objectives, "CCA S4.3"));
  if (s->held[side] > 0)
    g_ptr_array_add (lines, acies_score_line_new (_("Objectives held now"), s->held[side], "CCA ruling: objective flags"));
  {
    g_autofree char *label = g_strdup_printf (_("Flags needed to win: %d"), s->st->flags_to_win[side]);

    g_ptr_array_add (lines, acies_score_line_new (label, 0, "CCA S4.1"));
  }
  return lines;
}

static void
digest (AciesRuleset     *self,
        const AciesState *state,
        GChecksum        *checksum)
{
  const AciesCcaState *s = ACIES_CCA_C (state);
  AciesCcaState *tmp = g_new (AciesCcaState, 1);

  memcpy (tmp, s, sizeof *tmp);
  tmp->base.scenario = NULL;
  tmp->base.phase = NULL;
  tmp->base.end_reason = NULL;
  tmp->st = NULL;
  g_checksum_update (checksum, (const guchar *) tmp, sizeof *tmp);
  g_free (tmp);
}

static guint
get_n_units (AciesRuleset     *self,
             const AciesState *state)
{
  const AciesCcaState *s = ACIES_CCA_C (state);

  return s->st->n_units + s->st->n_leaders;
}

static const char *
unit_id (AciesRuleset     *self,
         const AciesState *state,
         guint             unit)
{
  const AciesCcaState *s = ACIES_CCA_C (state);

  if (unit < s->st->n_units)
    return s->st->units[unit].id;
  if (unit < s->st->n_units + s->st->n_leaders)
    return s->st->leaders[unit - s->st->n_units].id;
  return NULL;
}

/* The attrs of a unit's view: its blocks (S2), and "ordered" while it has
 * an order this turn.  Shared by the copies of a state (the static data
 * keeps them). */
G_LOCK_DEFINE_STATIC (view_attrs);

static JsonObject *
view_attrs (const AciesCcaState *s,
            gint                 u)
{
  guint key = (guint) CLAMP (s->units[u].blocks, 0, 7) * 2 + (s->units[u].ordered ? 1 : 0);
  JsonObject *attrs;

  G_LOCK (view_attrs);
  attrs = s->st->view_attrs[key];
  if (attrs == NULL)
    {
      attrs = json_object_new ();
      json_object_set_int_member (attrs, "blocks", s->units[u].blocks);
      if (s->units[u].ordered)
        json_object_set_boolean_member (attrs, "ordered", TRUE);
      s->st->view_attrs[key] = attrs;
    }
  G_UNLOCK (view_attrs);
  return attrs;
}

/* The unit_view vfunc: units on the board (and reinforcements not yet in,
 * off the map); a leader alone in a hex is a unit of the views (his own
 * counter), one with a unit is drawn on its counter (leader_view). */
static gboolean
unit_view (AciesRuleset     *self,
           const AciesState *state,
           guint             unit,
           gint              viewer,
           AciesUnit        *view)
{
  const AciesCcaState *s = ACIES_CCA_C (state);

  memset (view, 0, sizeof *view);
  view->cell2 = ACIES_CELL_NONE;
  view->facing = -1;
  if (unit < s->st->n_units)
    {
      const AciesUnit *u = g_ptr_array_index (state->scenario->units, unit);

      if (s->units[unit].status != ACIES_CCA_ON && s->units[unit].status != ACIES_CCA_OFF)
        return FALSE;
      view->id = u->id;
      view->side = u->side;
      view->formation = u->formation;
      view->type = u->type;
      view->name = u->name;
      view->attrs = view_attrs (s, unit);
      view->cell = s->units[unit].status == ACIES_CCA_ON ? s->units[unit].cell : ACIES_CELL_NONE;
      return TRUE;
    }
  if (unit < s->st->n_units + s->st->n_leaders)
    {
      guint l = unit - s->st->n_units;
      const AciesLeader *leader = g_ptr_array_index (state->scenario->leaders, l);

      if ((s->leaders[l].status != ACIES_CCA_ON && s->leaders[l].status != ACIES_CCA_OFF)
          || s->leaders[l].unit >= 0)
        return FALSE;
      view->id = leader->id;
      view->side = leader->side;
      view->formation = leader->formation;
      view->type = leader->kind;
      view->name = leader->name;
      view->attrs = leader->attrs;
      view->cell = s->leaders[l].status == ACIES_CCA_ON ? s->leaders[l].cell : ACIES_CELL_NONE;
      return TRUE;
    }
  return FALSE;
}

/* The leader_view vfunc: a leader with a unit, drawn on its counter.  A
 * lone leader is in the unit views (his own counter), so he is not here. */
static gboolean
leader_view (AciesRuleset     *self,
             const AciesState *state,
             guint             leader,
             gint              viewer,
             AciesLeader      *view)
{
  const AciesCcaState *s = ACIES_CCA_C (state);
  const AciesLeader *l;

  if (leader >= s->st->n_leaders || s->leaders[leader].status != ACIES_CCA_ON || s->leaders[leader].unit < 0)
    return FALSE;
  l = g_ptr_array_index (state->scenario->leaders, leader);
  *view = *l;
  view->cell = s->leaders[leader].cell;
  view->attached_to = (char *) s->st->units[s->leaders[leader].unit].id;
  return TRUE;
}

static char *
describe_unit (AciesRuleset     *self,
               const AciesState *state,
               guint             unit,
               gint              viewer)
{
  const AciesCcaState *s = ACIES_CCA_C (state);

  if (unit >= s->st->n_units + s->st->n_leaders)
    return NULL;
  return acies_cca_thing_words (s, unit);
}

static char *
describe_action (AciesRuleset      *self,
                 const AciesState  *state,
                 const AciesAction *action)
{
  return acies_cca_describe_action (ACIES_CCA_C (state), action);
}

static char *
describe_turn (AciesRuleset     *self,
               const AciesState *state)
{
  return acies_cca_describe_turn (ACIES_CCA_C (state));
}

static gboolean
get_action_path (AciesRuleset      *self,
                 const AciesState  *state,
                 const AciesAction *action,
                 GArray            *cells,
                 gint              *cost)
{
  guint len = cells->len;

  if (!acies_cca_action_path (ACIES_CCA_C (state), action, cells, cost))
    {
      g_array_set_size (cells, len);
      return FALSE;
    }
  return TRUE;
}


/* The rule citations with words that the rules record (events, prompts,
 * action specs, odds), for translators: acies_rule_citation_shown()
 * translates them with the context "rule citation" wherever they are
 * shown.  The engine keeps them in English (ids in saved games and in
 * acies-cli's JSON).  A citation that is only a section number ("CCA
 * S5.2") needs no entry.  A citation with words missing here shows in
 * the pseudo-locale test (tests/ui/test-pseudo-locale.c) as a word that
 * did not go through gettext. */
static const char * const rule_citations[] G_GNUC_UNUSED = {
  /* TRANSLATORS: a citation of the Commands & Colors: Ancients rules,
   * shown after a log line in brackets ("[CCA base game: movement]") or
   * after a choice in parentheses.  Keep "CCA" and the numbers; translate
   * the words ("base game", "ref", "ruling", "scenario rule", "section")
   * as the French or your language's edition of the rule book says them. */
  NC_("rule citation", "CCA 6, Caesar"), NC_("rule citation", "CCA 7, fortified camp"),
  NC_("rule citation", "CCA 7, marsh"), NC_("rule citation", "CCA 7, scalable walls"),
  NC_("rule citation", "CCA Example C"), NC_("rule citation", "CCA base game: battle back"),
  NC_("rule citation", "CCA base game: close combat"), NC_("rule citation", "CCA base game: command deck"),
  NC_("rule citation", "CCA base game: evade"), NC_("rule citation", "CCA base game: hits"),
  NC_("rule citation", "CCA base game: hits, retreat"), NC_("rule citation", "CCA base game: momentum advance"),
  NC_("rule citation", "CCA base game: movement"), NC_("rule citation", "CCA base game: ranged combat"),
  NC_("rule citation", "CCA base game: retreat"), NC_("rule citation", "CCA base game: support"),
  NC_("rule citation", "CCA ref 1.2"), NC_("rule citation", "CCA ref 1.2 (provisional)"),
  NC_("rule citation", "CCA ref 1.5"), NC_("rule citation", "CCA ref 1.8"),
  NC_("rule citation", "CCA ref 1.9"), NC_("rule citation", "CCA ref 1.11"),
  NC_("rule citation", "CCA ruling: Ilerda camps"), NC_("rule citation", "CCA ruling: Initiative flag"),
  NC_("rule citation", "CCA ruling: card dice and terrain"), NC_("rule citation", "CCA ruling: exit flags"),
  NC_("rule citation", "CCA ruling: objective flags"), NC_("rule citation", "CCA scenario rule"),
  NC_("rule citation", "CCA scenario rule, Gergovia"), NC_("rule citation", "CCA scenario rule, Utica 1"),
  NC_("rule citation", "CCA section 7"), NC_("rule citation", "CCA section 7, ref 1.2"),
};

/* The labels the play window's Status block shows for the members of the
 * state ("victory_points" → "Victory points"), for translators: the play
 * mode translates them with the context "state member"
 * (app/gui/play/acies-play-session-words.c). */
static const char * const state_member_labels[] G_GNUC_UNUSED = {
  /* Translators: labels of Commands & Colors: Ancients's state in the play window's Status block,
   * each followed by a colon and its value ("Victory points: Rome 3 · Carthage 2"). */
  NC_("state member", "Battled"), NC_("state member", "Blocks"),
  NC_("state member", "Card played"), NC_("state member", "Cards in hand"),
  NC_("state member", "Cell"), NC_("state member", "Cells"),
  NC_("state member", "Copies"), NC_("state member", "Deck"),
  NC_("state member", "Dice to use"), NC_("state member", "Discards"),
  NC_("state member", "Draw pile"), NC_("state member", "Effect"),
  NC_("state member", "Flags"), NC_("state member", "Flags to win"),
  NC_("state member", "For"), NC_("state member", "Group"),
  NC_("state member", "Hand"), NC_("state member", "Hexes taken"), NC_("state member", "Label"),
  NC_("state member", "Moved"), NC_("state member", "Normal cards counted"),
  NC_("state member", "Objectives"), NC_("state member", "Ordered"),
};

static JsonNode *
state_to_json (AciesRuleset     *self,
               const AciesState *state)
{
  return acies_cca_state_to_json (ACIES_CCA_C (state), -1);
}

static JsonNode *
state_view_to_json (AciesRuleset     *self,
                    const AciesState *state,
                    gint              viewer)
{
  return acies_cca_state_to_json (ACIES_CCA_C (state), viewer < 0 ? -2 : viewer);
}

static gboolean
check_invariants (AciesRuleset      *self,
                  const AciesState  *state,
                  GError           **error)
{
  return acies_cca_check_invariants (ACIES_CCA_C (state), error);
}

/* Seats (EP-PL): in an Epic battle each side has a Supreme Commander
 * and three Generals. */
static guint
get_n_seats (AciesRuleset     *self,
             const AciesState *state)
{
  return ACIES_CCA_C (state)->st->epic ? 8 : 2;
}

static char *
describe_seat (AciesRuleset     *self,
               const AciesState *state,
               gint              seat)
{
  return acies_cca_seat_name (ACIES_CCA_C (state), seat);
}

static gint
get_deciding_seat (AciesRuleset     *self,
                   const AciesState *state)
{
  const AciesCcaState *s = ACIES_CCA_C (state);

  return state->finished ? -1 : s->seat;
}

/* S3.6: a card's whole text for the row that plays it. */
static char *
explain_action (AciesRuleset      *self,
                const AciesState  *state,
                const AciesAction *action)
{
  return acies_cca_explain_action (ACIES_CCA_C (state), action);
}

/* S3.6: the hands are dealt and drawn face down from a shuffled deck. */
static gboolean
has_hidden_draws (AciesRuleset *self)
{
  return TRUE;
}

/* S3.6, S5.2: a draw is a Command card drawn face down (what it is stays
 * its owner's). */
static char *
describe_draws (AciesRuleset     *self,
                const AciesState *state,
                guint             n_draws)
{
  /* TRANSLATORS: what taking back an action undoes (CCA S5.2); the card is not named. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "the Command card drawn",
                                       "the %u Command cards drawn", n_draws), n_draws);
}

/* B1: every die of the game is a battle die, whose six faces show
 * symbols, not numbers (the scenario says which face shows which): the
 * log shows the symbol, drawn and named ("■ red square"). */
static char *
describe_die_face (AciesRuleset     *self,
                   const AciesState *state,
                   const AciesRoll  *roll)
{
  const AciesCcaState *s = ACIES_CCA_C (state);
  AciesCcaSymbol sym;

  if (roll->faces != 6 || roll->first != 1 || roll->value < 1 || roll->value > 6)
    return NULL;
  sym = acies_cca_face_symbol (s, roll->value);
  /* TRANSLATORS: a battle die's face in the game log (CCA B1): %s: its
   * symbol drawn ("■"); %s: its name ("red square"). */
  return g_strdup_printf (C_("die face", "%s %s"), acies_cca_symbol_glyph (sym), acies_cca_symbol_name (sym));
}

/* EP-1.2: a file saved before "give" was an action of its own wrote a
 * Normal card given to a General as a "play" in the Epic card play: it is
 * read as the "give" it means (an Army card stays a "play", EP-1.15). */
static void
upgrade_action (AciesRuleset     *self,
                const AciesState *state,
                AciesAction      *action)
{
  const AciesCcaState *s = ACIES_CCA_C (state);
  gint card = action->args[0];

  if (action->type == ACIES_CCA_A_PLAY && s->step == ACIES_CCA_STEP_EPIC_CARDS
      && card >= 0 && card < ACIES_CCA_N_CARDS && s->st->cards[card].epic == ACIES_CCA_EPIC_NORMAL)
    action->type = ACIES_CCA_A_GIVE;
}

static void
acies_cca_ruleset_iface_init (AciesRulesetInterface *iface)
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
  iface->may_see = may_see;
  iface->get_score = get_score;
  iface->digest = digest;
  iface->state_to_json = state_to_json;
  iface->get_n_units = get_n_units;
  iface->unit_id = unit_id;
  iface->unit_view = unit_view;
  iface->check_invariants = check_invariants;
  iface->state_view_to_json = state_view_to_json;
  iface->get_action_path = get_action_path;
  iface->describe_action = describe_action;
  iface->describe_unit = describe_unit;
  iface->leader_view = leader_view;
  iface->describe_turn = describe_turn;
  iface->get_n_seats = get_n_seats;
  iface->describe_seat = describe_seat;
  iface->get_deciding_seat = get_deciding_seat;
  iface->upgrade_action = upgrade_action;
  iface->explain_action = explain_action;
  iface->has_hidden_draws = has_hidden_draws;
  iface->describe_draws = describe_draws;
  iface->describe_die_face = describe_die_face;
}

/**
 * acies_cca_ruleset_new:
 *
 * Returns: (transfer full): the Commands & Colors: Ancients ruleset
 */
AciesRuleset *
acies_cca_ruleset_new (void)
{
  return g_object_new (ACIES_TYPE_CCA_RULESET, NULL);
}

/**
 * acies_cca_register:
 *
 * Registers the ruleset as "cca".
 */
void
acies_cca_register (void)
{
  acies_ruleset_register ("cca", acies_cca_ruleset_new);
}

/* The state as JSON ------------------------------------------------------ */

/* Whether @viewer may see @side's hand: its own player (seat 0 or 1, the
 * Supreme Commander in an Epic battle), or everybody (-1). */
static gboolean
sees_hand (gint viewer,
           gint side)
{
  return viewer == -1 || viewer == side;
}

/* A card of a hand: its id, title, and what it does in a few words (the
 * catalogue's effect is the whole text); a card held twice shows twice. */
static void
add_card (const AciesCcaState *s,
          JsonBuilder         *b,
          gint                 card)
{
  g_autofree char *summary = acies_cca_card_summary (s, card);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, acies_cca_card_id (card));
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, acies_cca_card_title (s, card));
  if (summary != NULL)
    {
      json_builder_set_member_name (b, "effect");
      json_builder_add_string_value (b, summary);
    }
  json_builder_end_object (b);
}

/* S5.2, EP-2: while a card that orders by troop type, a leader's group,
 * a line or one unit of choice gives its orders, the hexes of the units
 * and leaders it may still order, lit on the board (the state view's
 * "lit"); nothing when it may order nobody more. */
static void
orderable_lit (const AciesCcaState *s,
               JsonBuilder         *b)
{
  gint16 may[ACIES_CCA_MAX_UNITS + ACIES_CCA_MAX_LEADERS];
  guint n = acies_cca_orderable (s, may);
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (gint));

  for (guint k = 0; k < n; k++)
    {
      gint i = may[k];
      gint cell = (guint) i < s->st->n_units ? s->units[i].cell : s->leaders[i - (gint) s->st->n_units].cell;
      gboolean seen = FALSE;

      for (guint m = 0; m < cells->len && !seen; m++)
        seen = g_array_index (cells, gint, m) == cell;
      if (cell >= 0 && !seen)
        g_array_append_val (cells, cell);
    }
  if (cells->len == 0)
    return;
  json_builder_set_member_name (b, "lit");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "label");
  /* Translators: the lit hexes, after "Lit: " in the board's legend. */
  json_builder_add_string_value (b, _("the units the card may still order (CCA S5.2)"));
  json_builder_set_member_name (b, "cells");
  json_builder_begin_array (b);
  for (guint m = 0; m < cells->len; m++)
    json_builder_add_int_value (b, g_array_index (cells, gint, m));
  json_builder_end_array (b);
  json_builder_end_object (b);
}

/**
 * acies_cca_state_to_json:
 * @s: a state
 * @viewer: -1 for everything (the CLI, tests, the saved game's checks),
 *   -2 for an onlooker, or the seat looking
 *
 * What @viewer may see: the flags, the hands' sizes, the card in play,
 * the deck's and the discards' sizes, the dice waiting, the units' blocks
 * and orders; a hand's cards only to its owner (and to -1).
 *
 * Returns: (transfer full): the JSON
 */
JsonNode *
acies_cca_state_to_json (const AciesCcaState *s,
                         gint                 viewer)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "turn");
  json_builder_add_int_value (b, s->base.turn);
  json_builder_set_member_name (b, "phase");
  json_builder_add_string_value (b, s->base.phase);
  json_builder_set_member_name (b, "active_side");
  json_builder_add_int_value (b, s->base.active_side);
  json_builder_set_member_name (b, "deciding_side");
  json_builder_add_int_value (b, s->base.deciding_side);
  json_builder_set_member_name (b, "finished");
  json_builder_add_boolean_value (b, s->base.finished);
  json_builder_set_member_name (b, "winner");
  json_builder_add_int_value (b, s->base.winner);

  json_builder_set_member_name (b, "flags");
  json_builder_begin_array (b);
  for (gint i = 0; i < 2; i++)
    json_builder_add_int_value (b, acies_cca_total_flags (s, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "flags_to_win");
  json_builder_begin_array (b);
  for (gint i = 0; i < 2; i++)
    json_builder_add_int_value (b, s->st->flags_to_win[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "cards_in_hand");
  json_builder_begin_array (b);
  for (gint i = 0; i < 2; i++)
    json_builder_add_int_value (b, s->hand_len[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "deck");
  json_builder_add_int_value (b, acies_cca_deck_size (s));
  {
    guint n = 0;

    for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
      n += s->discard[i];
    json_builder_set_member_name (b, "discards");
    json_builder_add_int_value (b, n);
  }
  if (s->play.card >= 0 && !s->st->epic)
    {
      json_builder_set_member_name (b, "card_played");
      json_builder_add_string_value (b, acies_cca_card_title (s, s->play.card));
    }
  /* S3.2, S5.2: the sections a section card orders, lit on the board
   * (the state view's "lit", acies-ruleset.c); a hex on a line belongs to
   * both sections.  In an Epic battle while a General orders with his
   * card, which he plays openly (EP-1.3).  A card that orders by troop
   * type, a leader's group or a line lights no section, which would be
   * the whole board (the Zela trial): see orderable_lit(). */
  if (s->play.card >= 0 && s->play.sections != 0 && !s->base.finished
      && s->play.mode == ACIES_CCA_OM_SECTIONS
      && (!s->st->epic || s->step == ACIES_CCA_STEP_ORDER))
    {
      static const char *names[] = { N_("left"), N_("centre"), N_("right") };
      static const guint8 bits[] = { ACIES_CCA_LEFT, ACIES_CCA_CENTRE, ACIES_CCA_RIGHT };
      g_autoptr(GString) which = g_string_new (NULL);

      for (guint k = 0; k < 3; k++)
        if (s->play.sections & bits[k])
          g_string_append_printf (which, "%s%s", which->len > 0 ? ", " : "", _(names[k]));
      json_builder_set_member_name (b, "lit");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "label");
      {
        /* Translators: the lit hexes, after "Lit: " in the board's legend:
         * the sections the card orders ("left, centre"). */
        g_autofree char *label = g_strdup_printf (_("the sections the card orders — %s (CCA S3.2)"), which->str);

        json_builder_add_string_value (b, label);
      }
      json_builder_set_member_name (b, "cells");
      json_builder_begin_array (b);
      for (guint c = 0; c < s->st->n_cells; c++)
        if (acies_cca_sections_of (s, (gint) c, s->base.active_side) & s->play.sections)
          json_builder_add_int_value (b, c);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  else if (s->step == ACIES_CCA_STEP_ORDER && !s->base.finished)
    orderable_lit (s, b);
  if (s->n_pending > 0)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; i < s->n_pending; i++)
        g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", acies_cca_symbol_name (s->pending[i]));
      json_builder_set_member_name (b, "dice_to_use");
      json_builder_add_string_value (b, text->str);
    }
  if (s->st->epic)
    {
      json_builder_set_member_name (b, "normal_cards_counted");
      json_builder_add_int_value (b, s->epic_weight);
    }

  /* S3.6: the hand, for its owner. */
  for (gint side = 0; side < 2; side++)
    {
      if (!sees_hand (viewer, side))
        continue;
      json_builder_set_member_name (b, viewer == -1 ? (side == 0 ? "hand_0" : "hand_1") : "hand");
      json_builder_begin_array (b);
      for (guint i = 0; i < s->hand_len[side]; i++)
        add_card (s, b, s->hand[side][i]);
      json_builder_end_array (b);
    }
  if (viewer == -1)
    {
      json_builder_set_member_name (b, "draw_pile");
      json_builder_begin_array (b);
      for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
        json_builder_add_int_value (b, s->deck[i]);
      json_builder_end_array (b);
    }

  json_builder_set_member_name (b, "units");
  json_builder_begin_array (b);
  for (guint u = 0; u < s->st->n_units; u++)
    {
      if (s->units[u].status != ACIES_CCA_ON && viewer != -1)
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, s->st->units[u].id);
      if (viewer == -1)
        {
          json_builder_set_member_name (b, "cell");
          json_builder_add_string_value (b, s->units[u].cell >= 0 ? acies_cca_cell_label (s, s->units[u].cell) : "");
          json_builder_set_member_name (b, "blocks");
          json_builder_add_int_value (b, s->units[u].blocks);
        }
      if (s->units[u].ordered)
        {
          /* The play window outlines a unit whose record says "group". */
          json_builder_set_member_name (b, "group");
          json_builder_add_boolean_value (b, TRUE);
        }
      if (s->units[u].flags & ACIES_CCA_UF_MOVED)
        {
          json_builder_set_member_name (b, "moved");
          json_builder_add_boolean_value (b, TRUE);
        }
      if (s->units[u].flags & ACIES_CCA_UF_BATTLED)
        {
          json_builder_set_member_name (b, "battled");
          json_builder_add_boolean_value (b, TRUE);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  if (s->st->n_objectives > 0)
    {
      json_builder_set_member_name (b, "objectives");
      json_builder_begin_array (b);
      for (guint o = 0; o < s->st->n_objectives; o++)
        {
          const AciesCcaObjective *obj = &s->st->objectives[o];

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "name");
          json_builder_add_string_value (b, obj->name);
          json_builder_set_member_name (b, "for");
          json_builder_add_string_value (b, acies_cca_side_name (s, obj->side));
          json_builder_set_member_name (b, "flags");
          json_builder_add_int_value (b, s->obj_flag[o]);
          if (obj->kind == ACIES_CCA_OBJ_CAMP || obj->kind == ACIES_CCA_OBJ_OCCUPY)
            {
              guint n = 0;

              for (guint i = 0; i < obj->n_cells; i++)
                n += (s->obj_taken[o] >> i) & 1;
              json_builder_set_member_name (b, "hexes_taken");
              json_builder_add_int_value (b, n);
            }
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* Invariants ------------------------------------------------------------- */

static gboolean
bad (GError    **error,
     const char *format,
     ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad (GError    **error,
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

/**
 * acies_cca_check_invariants:
 * @s: a state
 * @error: return location for an error
 *
 * Blocks within their limits (S2), the board's records agreeing with the
 * units and leaders, hands no larger than the Council of War's (S3.6),
 * every card of the deck in the draw pile, a hand, the discards or play
 * (B13), and the flags equal to the eliminations and objectives (S4).
 *
 * Returns: %TRUE if they hold
 */
gboolean
acies_cca_check_invariants (const AciesCcaState *s,
                            GError             **error)
{
  guint elim[2] = { 0, 0 };

  for (guint u = 0; u < s->st->n_units; u++)
    {
      const AciesCcaUnit *unit = &s->units[u];
      guint max = s->st->prof[s->st->units[u].type].blocks;

      if (unit->status == ACIES_CCA_ON)
        {
          if (unit->blocks < 1 || (guint) unit->blocks > max)
            return bad (error, "unit %s has %d blocks (1-%u)", s->st->units[u].id, unit->blocks, max);
          if (unit->cell < 0 || s->unit_at[unit->cell] != (gint) u)
            return bad (error, "unit %s is not where the board says", s->st->units[u].id);
        }
      else if (unit->cell >= 0)
        return bad (error, "unit %s is off the board but has a hex", s->st->units[u].id);
      if (unit->status == ACIES_CCA_ELIMINATED)
        elim[1 - s->st->units[u].side]++;
    }
  for (guint c = 0; c < s->st->n_cells; c++)
    {
      gint u = s->unit_at[c], l = s->leader_at[c];

      if (u >= 0 && s->units[u].cell != (gint) c)
        return bad (error, "hex %s names a unit elsewhere", acies_cca_cell_label (s, c));
      if (l >= 0 && s->leaders[l].cell != (gint) c)
        return bad (error, "hex %s names a leader elsewhere", acies_cca_cell_label (s, c));
      if (l >= 0 && s->leaders[l].unit >= 0 && s->leaders[l].unit != u)
        return bad (error, "the leader in %s is attached to a unit elsewhere", acies_cca_cell_label (s, c));
      if (l >= 0 && u >= 0 && s->st->leaders[l].side == s->st->units[u].side && s->leaders[l].unit != u)
        return bad (error, "the leader in %s is not attached to the friendly unit there", acies_cca_cell_label (s, c));
      if (l >= 0 && u >= 0 && s->st->leaders[l].side != s->st->units[u].side)
        return bad (error, "a leader shares %s with an enemy unit", acies_cca_cell_label (s, c));
    }
  for (guint l = 0; l < s->st->n_leaders; l++)
    {
      if (s->leaders[l].status == ACIES_CCA_ON && (s->leaders[l].cell < 0 || s->leader_at[s->leaders[l].cell] != (gint) l))
        return bad (error, "leader %s is not where the board says", s->st->leaders[l].id);
      if (s->leaders[l].status == ACIES_CCA_ELIMINATED)
        elim[1 - s->st->leaders[l].side]++;
    }
  for (gint side = 0; side < 2; side++)
    {
      guint limit = s->st->dice_orders[side] ? 0 : s->st->hand[side];
      guint from_objectives = 0;

      if (s->hand_len[side] > limit)
        return bad (error, "side %d holds %u cards (at most %u)", side, s->hand_len[side], limit);
      for (guint i = 1; i < s->hand_len[side]; i++)
        if (s->hand[side][i - 1] > s->hand[side][i])
          return bad (error, "side %d's hand is not kept sorted", side);
      for (guint o = 0; o < s->st->n_objectives; o++)
        if (s->st->objectives[o].side == side)
          from_objectives += s->obj_flag[o];
      if (s->eliminated_flags[side] != elim[side])
        return bad (error, "side %d has %u flags for eliminations, %u enemies are eliminated", side,
                    s->eliminated_flags[side], elim[side]);
      if (s->flags[side] != s->eliminated_flags[side] + from_objectives)
        return bad (error, "side %d has %u flags: %u eliminations and %u objectives", side, s->flags[side],
                    s->eliminated_flags[side], from_objectives);
    }
  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    {
      guint n = s->deck[i] + s->discard[i] + s->in_play[i];

      for (gint side = 0; side < 2; side++)
        for (guint k = 0; k < s->hand_len[side]; k++)
          n += s->hand[side][k] == i;
      if (n != acies_cca_cards_total (s, i) && s->step != ACIES_CCA_STEP_DEAL)
        return bad (error, "%u cards of %s are accounted for, the deck has %u", n, acies_cca_card_id (i),
                    acies_cca_cards_total (s, i));
    }
  return TRUE;
}
