/* acies-ruleset.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-ruleset"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/acies-ruleset-private.h"
#include "rulesets/acies-playout.h"

/*
 * The ruleset interface.  One implementation per rule system; the game and
 * the UI know nothing else about a ruleset.
 *
 * Required vfuncs:
 *   get_id            the ruleset's id ("grass-crown"), a static string.
 *   get_action_specs  the action kinds, indexed by AciesAction.type; static.
 *   new_state         the state at the start of a game of @scenario; the
 *                     state holds a reference to the scenario.  Sets an
 *                     error (ACIES_ENGINE_ERROR_INVALID) when the scenario
 *                     cannot be played.
 *   copy_state, free_state
 *                     deep copy and free of a state made by new_state.
 *   legal_actions     appends every legal AciesAction of the deciding side
 *                     to @out (nothing when the game is over).  The order
 *                     is deterministic.
 *   apply             applies a legal action to @state in place, drawing
 *                     every random number from @dice and appending
 *                     AciesEvent to @events (which may be NULL).  On FALSE
 *                     (or when @dice failed) the caller throws @state away:
 *                     apply works on a copy, so it may leave it half-done.
 *
 * Optional vfuncs (and what the wrapper does without them):
 *   get_catalogue     the ruleset's catalogue (NULL).
 *   validate          appends AciesProblem to @problems (nothing): whatever
 *                     the rules' set-up forbids, each problem citing its
 *                     rule, so that a scenario that validates can be played.
 *   get_prompt        the decision pending now, if the rules give a player
 *                     a choice; the prompt's actions are the legal answers
 *                     (NULL: no prompt, the deciding side plays freely).
 *   get_odds          the attack preview (below) of a legal action (NULL:
 *                     the action has no random outcome).
 *   may_see           whether @player (a side index, or -1 for an onlooker)
 *                     may see @attribute of @unit (TRUE).
 *   get_score         AciesScoreLine of @side now (an empty array).
 *   digest            feeds everything that makes the state to @checksum;
 *                     two states with the same digest play the same (the
 *                     state's JSON from state_to_json).  The wrapper feeds
 *                     the common AciesState fields first.
 *   state_to_json     a JSON view of the state for the CLI and tests (the
 *                     common fields only).
 *   state_view_to_json
 *                     the state as a player may see it (below; the default
 *                     is state_to_json).
 *   get_n_units, unit_id
 *                     units of the state, indexed as ACIES_ARG_UNIT
 *                     arguments are (0, NULL).
 *   unit_view         fills @view with @unit as @viewer sees it now:
 *                     strings and objects are borrowed from the state and
 *                     its scenario and live as long as @state; hidden
 *                     values @viewer may not see are NULL.  FALSE when the
 *                     unit is not in play (FALSE).  TRUE with @view->cell
 *                     ACIES_CELL_NONE for a unit in play but off the map
 *                     (not yet deployed, in reserve): the play window
 *                     shows it in its off-map box.  A two-hex unit fills
 *                     @view->cell2.  With vertex facing on hexes,
 *                     @view->facing 6 + d means the unit faces hexside
 *                     (direction) d instead of a vertex (a Column).
 *   leader_view       fills @view with leader @leader (an index into the
 *                     scenario's leaders) as @viewer sees it now, borrowed
 *                     like unit_view; @view->cell is where it stands, or
 *                     ACIES_CELL_NONE off the map.  FALSE when the leader
 *                     is out of play (the scenario's leader as set up).
 *   describe_turn     the turn as the rulebook names it ("Pyrrhus Turn 2"),
 *                     newly allocated (NULL: the UI says "Turn N").
 *   sort_placements   sorts a unit's legal set-up placements into the order
 *                     in which a player fills a set-up zone (the order
 *                     given).
 *   check_invariants  consistency checks of a state, for tests (TRUE).
 *   check_action      a ruleset's own checks of an action its
 *                     legal_actions offered, run by checked playouts before
 *                     the action is applied (TRUE).
 *   playout           one random game, seeded (acies_playout_generic():
 *                     uniformly random legal actions, rulesets/acies-playout.h).
 *   get_odds_query, query_odds
 *                     odds asked for by parameters rather than by an action
 *                     (`acies-cli odds`; NULL: none, only --action).
 *   random_action     draws one legal action of the deciding side with
 *                     @rand, for random playouts and benchmarks, where
 *                     listing every legal action would cost too much
 *                     (Four Battles: a unit counts once, then one of its
 *                     hexes); every action it draws is legal, never a
 *                     concession while another action is.  Without it:
 *                     uniformly among acies_ruleset_legal_actions().
 *   get_n_seats, describe_seat, get_deciding_seat
 *                     seats: the players when several play one side (an
 *                     Epic Commands & Colors battle: a Supreme Commander
 *                     and three Generals a side).  Seat s plays side
 *                     s % n_sides; seats 0 … n_sides − 1 are the sides'
 *                     principal players.  A viewer passed to may_see,
 *                     unit_view, leader_view, describe_unit and
 *                     state_view_to_json may be any seat; a private event
 *                     (data "private": true) is its player's side's
 *                     principal seat's.  Without them: one seat per side,
 *                     named as the side, the deciding seat the deciding
 *                     side.  The hotseat curtain falls whenever the
 *                     deciding seat changes and the seats see differently.
 *   list_stack        appends to @out (AciesPiece) the pieces @viewer sees
 *                     in @cell, in the order a player's repeated clicks on
 *                     the cell reach them: the top counter first (SG 5.33:
 *                     the top unit of a stack, then the bottom, then the
 *                     leaders with them, SG 4.31).  Without it: the units
 *                     there (either hex of a two-hex unit) by index, then
 *                     the leaders there by index (Four Battles' leaders are
 *                     units numbered after the combat units, so a leader
 *                     under a unit comes second, FB 13.2).
 *   upgrade_action    turns an action read from a file into the action
 *                     that means the same today, when the ruleset renamed
 *                     or split an action kind (an alias: a saved Epic CCA
 *                     "play" of a card given to a General is a "give"
 *                     since EP-1.2 has an action of its own); run by
 *                     acies_ruleset_action_from_json() after the action is
 *                     read, before its legality is checked.  Without it,
 *                     actions are read as they are written.
 *   explain_action    a longer text about an action than describe_action's
 *                     sentence, for the tooltip and the accessible
 *                     description of the row that takes it (a Commands &
 *                     Colors card's whole text); NULL when there is none.
 *   has_hidden_draws  TRUE when the game's draws are secret from a player
 *                     (hidden hands of cards dealt and drawn by the
 *                     program): the seed then gives them away, so the play
 *                     mode draws it secretly and does not show it while the
 *                     game goes on.  Without it, FALSE.
 *   describe_draws    the draws (acies_dice_random_int()) an action made,
 *                     in a player's words without what was drawn ("the
 *                     Command card drawn"), for the take-back question.
 *                     Without it, a generic "its random draw".
 *   describe_die_face the face a die roll showed, in the ruleset's words,
 *                     for the log and the take-back question, when its
 *                     number means nothing to a player: a Commands &
 *                     Colors battle die's symbol ("■ red square").  NULL
 *                     (or without it) the face's number is shown.
 *
 * The attack preview (DESIGN.md: "an attack preview showing the exact
 * probability of each result before committing").  Every action whose
 * roll decides an uncertain result is marked ACIES_ACTION_FLAG_ATTACK in
 * its spec (acies_ruleset_is_attack()): declaring an attack when the
 * declaration already fixes it, adding a supporter, rolling.  For every
 * legal action so marked, get_odds returns an AciesOdds whose
 *   outcomes    are the exact distribution of the results, from the dice
 *               the action rolls and the state as it stands, probabilities
 *               in 0 … 1 that sum to 1 (acies_odds_check() allows 1e-9),
 *               each result in a player's words ("1 hit", "DX", "no
 *               effect"), with @provisional set when the table cell behind
 *               it is a provisional one;
 *   modifiers   every modifier that applies, with its value and the rule
 *               it comes from ("LB 6.5-m13"), so that the result can be
 *               checked against the book;
 *   summary     one line: who attacks what, at what odds.
 * get_odds returns NULL for every other action.  The play mode shows the
 * odds and commits only when asked (Preview → Commit); `acies-cli odds
 * FILE --action` prints the same odds; a checked playout
 * (ACIES_PLAYOUT_CHECK) fails on an attack without valid odds.  A choice
 * the rules leave to a player after the roll (Lost Battles' decisive
 * attack, LB 6.7) is named in the result ("1 hit, or 2 if decisive").
 *
 * The state view (state_view_to_json, what the play window reads; every
 * member is optional):
 *   "turn", "phase", "active_side", "deciding_side", "finished", "winner",
 *   "end_reason"
 *               the common AciesState fields; the window shows them in
 *               its own places, not in the state panel.
 *   "units"     an array of records, one per unit in play, matched to the
 *               units by "id" (acies_ruleset_unit_id()).  Drawn on the
 *               board rather than written: "group": true (selected
 *               together: an outline) and "lead": true (the group's or
 *               the zone's lead unit: a star).  Written on the counter as
 *               marker words: every other boolean member that is true
 *               ("shaken"), and every string member whose value differs
 *               from the one most units have ("disordered" among
 *               "fresh").  "zone" and "cell" name places and are never
 *               markers.
 *   "lit"       optional: {"cells": [cell indices], "label": "…"}, the
 *               hexes or squares the rules light now for the viewer (the
 *               sections a Commands & Colors section card orders, the
 *               units a troop card may order); the board highlights them
 *               (acies_play_session_get_lit_cells()) and its legend says
 *               "Lit: <label>." (a phrase: "the sections the card orders
 *               — left (CCA S3.2)").
 *   any other member
 *               shown in the state panel under its name ("rally_limit" as
 *               "Rally limit"): a scalar as "Label: value"; an array with
 *               one scalar per side as "Label: Rome 5 · Carthage 3"; an
 *               array of records one line each, titled by the record's
 *               "name", else by its "id" (a scenario leader's name, or
 *               the unit as describe_unit words it), with its scalar
 *               fields after it ("status", "state" and "condition"
 *               values without their key).  Nulls are left out.
 */

G_DEFINE_INTERFACE (AciesRuleset, acies_ruleset, G_TYPE_OBJECT)

static void
acies_ruleset_default_init (AciesRulesetInterface *iface)
{
}

/* Wrappers. */

/**
 * acies_ruleset_get_id:
 * @self: a ruleset
 *
 * Returns: (transfer none): the ruleset's id, "grass-crown"
 */
const char *
acies_ruleset_get_id (AciesRuleset *self)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (GET_IFACE (self)->get_id != NULL, NULL);

  return GET_IFACE (self)->get_id (self);
}

/**
 * acies_ruleset_get_catalogue:
 * @self: a ruleset
 *
 * Returns: (transfer none) (nullable): the ruleset's catalogue
 */
AciesCatalogue *
acies_ruleset_get_catalogue (AciesRuleset *self)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);

  if (GET_IFACE (self)->get_catalogue == NULL)
    return NULL;

  return GET_IFACE (self)->get_catalogue (self);
}

/**
 * acies_ruleset_get_action_specs:
 * @self: a ruleset
 * @n_specs: (out): the number of specs
 *
 * Returns: (transfer none) (array length=n_specs): the action specs,
 *   indexed by AciesAction.type
 */
const AciesActionSpec *
acies_ruleset_get_action_specs (AciesRuleset *self,
                                guint        *n_specs)
{
  guint dummy;

  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (GET_IFACE (self)->get_action_specs != NULL, NULL);

  return GET_IFACE (self)->get_action_specs (self, n_specs != NULL ? n_specs : &dummy);
}

/* The spec of action type @type, or NULL. */
const AciesActionSpec *
acies_ruleset_get_spec (AciesRuleset *self,
                        guint         type)
{
  guint n_specs = 0;
  const AciesActionSpec *specs = acies_ruleset_get_action_specs (self, &n_specs);

  if (specs == NULL || type >= n_specs)
    return NULL;

  return &specs[type];
}

/**
 * acies_ruleset_find_action_spec:
 * @self: a ruleset
 * @name: an action name ("move")
 * @type: (out) (optional): its index
 *
 * Returns: (transfer none) (nullable): the spec called @name
 */
const AciesActionSpec *
acies_ruleset_find_action_spec (AciesRuleset *self,
                                const char   *name,
                                guint        *type)
{
  guint n_specs = 0;
  const AciesActionSpec *specs;

  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  specs = acies_ruleset_get_action_specs (self, &n_specs);
  for (guint i = 0; i < n_specs; i++)
    {
      if (g_strcmp0 (specs[i].name, name) == 0)
        {
          if (type != NULL)
            *type = i;
          return &specs[i];
        }
    }

  return NULL;
}

/**
 * acies_ruleset_validate:
 * @self: a ruleset
 * @scenario: a scenario
 * @problems: an array of AciesProblem to append to
 *
 * Checks @scenario against the ruleset's own rules (beyond the catalogue).
 */
void
acies_ruleset_validate (AciesRuleset        *self,
                        const AciesScenario *scenario,
                        GPtrArray           *problems)
{
  g_return_if_fail (IS_RULESET (self));
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (problems != NULL);

  if (GET_IFACE (self)->validate != NULL)
    GET_IFACE (self)->validate (self, scenario, problems);
}

/**
 * acies_ruleset_new_state:
 * @self: a ruleset
 * @scenario: the scenario to play
 * @options: (nullable): rulings and house options (catalogue "options")
 * @error: return location for an error
 *
 * Returns: (transfer full): the state at the start of a game, or %NULL with
 *   @error set; free with acies_ruleset_free_state()
 */
AciesState *
acies_ruleset_new_state (AciesRuleset   *self,
                         AciesScenario  *scenario,
                         JsonObject     *options,
                         GError        **error)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (GET_IFACE (self)->new_state != NULL, NULL);
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return GET_IFACE (self)->new_state (self, scenario, options, error);
}

/**
 * acies_ruleset_copy_state:
 * @self: a ruleset
 * @state: a state of this ruleset
 *
 * Returns: (transfer full): a deep copy of @state
 */
AciesState *
acies_ruleset_copy_state (AciesRuleset     *self,
                          const AciesState *state)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (GET_IFACE (self)->copy_state != NULL, NULL);
  g_return_val_if_fail (state != NULL, NULL);

  return GET_IFACE (self)->copy_state (self, state);
}

/**
 * acies_ruleset_free_state:
 * @self: a ruleset
 * @state: (nullable): a state of this ruleset
 */
void
acies_ruleset_free_state (AciesRuleset *self,
                          AciesState   *state)
{
  g_return_if_fail (IS_RULESET (self));
  g_return_if_fail (GET_IFACE (self)->free_state != NULL);

  if (state != NULL)
    GET_IFACE (self)->free_state (self, state);
}

/**
 * acies_ruleset_legal_actions:
 * @self: a ruleset
 * @state: a state
 * @out: an array of AciesAction to append to
 *
 * Appends the legal actions of the deciding side, in a fixed order.
 */
void
acies_ruleset_legal_actions (AciesRuleset     *self,
                             const AciesState *state,
                             GArray           *out)
{
  g_return_if_fail (IS_RULESET (self));
  g_return_if_fail (GET_IFACE (self)->legal_actions != NULL);
  g_return_if_fail (state != NULL);
  g_return_if_fail (out != NULL);
  g_return_if_fail (g_array_get_element_size (out) == sizeof (AciesAction));

  GET_IFACE (self)->legal_actions (self, state, out);
}

/**
 * acies_ruleset_is_legal:
 * @self: a ruleset
 * @state: a state
 * @action: an action
 *
 * Returns: %TRUE if @action is one of the legal actions in @state
 */
gboolean
acies_ruleset_is_legal (AciesRuleset      *self,
                        const AciesState  *state,
                        const AciesAction *action)
{
  g_autoptr(GArray) legal = NULL;

  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (state->finished)
    return FALSE;

  legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  acies_ruleset_legal_actions (self, state, legal);
  for (guint i = 0; i < legal->len; i++)
    if (acies_action_equal (&g_array_index (legal, AciesAction, i), action))
      return TRUE;

  return FALSE;
}

/**
 * acies_ruleset_apply:
 * @self: a ruleset
 * @state: a state, changed in place
 * @action: a legal action
 * @dice: the dice to roll
 * @events: (nullable): an array of AciesEvent to append to
 * @error: return location for an error
 *
 * Applies @action.  The caller checks legality first, and throws @state
 * away on failure or when acies_dice_failed() (see AciesGame).
 *
 * Returns: %TRUE on success
 */
gboolean
acies_ruleset_apply (AciesRuleset       *self,
                     AciesState         *state,
                     const AciesAction  *action,
                     AciesDice          *dice,
                     GPtrArray          *events,
                     GError            **error)
{
  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (GET_IFACE (self)->apply != NULL, FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (dice != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return GET_IFACE (self)->apply (self, state, action, dice, events, error);
}

/**
 * acies_ruleset_get_prompt:
 * @self: a ruleset
 * @state: a state
 *
 * Returns: (transfer full) (nullable): the decision pending now; free with
 *   acies_prompt_free()
 */
AciesPrompt *
acies_ruleset_get_prompt (AciesRuleset     *self,
                          const AciesState *state)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  if (GET_IFACE (self)->get_prompt == NULL)
    return NULL;

  return GET_IFACE (self)->get_prompt (self, state);
}

/**
 * acies_ruleset_get_odds:
 * @self: a ruleset
 * @state: a state
 * @action: a legal action
 *
 * Returns: (transfer full) (nullable): the exact odds of @action's outcomes,
 *   or %NULL when it has no random outcome; free with acies_odds_free()
 */
AciesOdds *
acies_ruleset_get_odds (AciesRuleset      *self,
                        const AciesState  *state,
                        const AciesAction *action)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (action != NULL, NULL);

  if (GET_IFACE (self)->get_odds == NULL)
    return NULL;

  return GET_IFACE (self)->get_odds (self, state, action);
}

/**
 * acies_ruleset_may_see:
 * @self: a ruleset
 * @state: a state
 * @player: the viewing side, or -1 for an onlooker
 * @unit: a unit index
 * @attribute: the attribute ("back", "morale")
 *
 * Returns: %TRUE if @player may see @attribute of @unit now
 */
gboolean
acies_ruleset_may_see (AciesRuleset     *self,
                       const AciesState *state,
                       gint              player,
                       guint             unit,
                       const char       *attribute)
{
  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (attribute != NULL, FALSE);

  if (GET_IFACE (self)->may_see == NULL)
    return TRUE;

  return GET_IFACE (self)->may_see (self, state, player, unit, attribute);
}

/**
 * acies_ruleset_get_score:
 * @self: a ruleset
 * @state: a state
 * @side: a side index
 *
 * Returns: (transfer container): AciesScoreLine of @side now; the array
 *   frees its lines
 */
GPtrArray *
acies_ruleset_get_score (AciesRuleset     *self,
                         const AciesState *state,
                         gint              side)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  if (GET_IFACE (self)->get_score == NULL)
    return g_ptr_array_new_with_free_func ((GDestroyNotify) acies_score_line_free);

  return GET_IFACE (self)->get_score (self, state, side);
}

static void
checksum_int (GChecksum *checksum,
              gint64     value)
{
  guchar bytes[8];

  for (guint i = 0; i < 8; i++)
    bytes[i] = (guchar) (((guint64) value >> (8 * i)) & 0xff);
  g_checksum_update (checksum, bytes, sizeof bytes);
}

static void
checksum_string (GChecksum  *checksum,
                 const char *text)
{
  if (text == NULL)
    {
      checksum_int (checksum, -1);
      return;
    }
  checksum_int (checksum, strlen (text));
  g_checksum_update (checksum, (const guchar *) text, strlen (text));
}

/**
 * acies_ruleset_digest:
 * @self: a ruleset
 * @state: a state
 * @checksum: a checksum to feed
 *
 * Feeds the common AciesState fields, then the ruleset's own digest of the
 * state (or, without one, its JSON) to @checksum.
 */
void
acies_ruleset_digest (AciesRuleset     *self,
                      const AciesState *state,
                      GChecksum        *checksum)
{
  g_return_if_fail (IS_RULESET (self));
  g_return_if_fail (state != NULL);
  g_return_if_fail (checksum != NULL);

  checksum_string (checksum, acies_ruleset_get_id (self));
  checksum_int (checksum, state->turn);
  checksum_string (checksum, state->phase);
  checksum_int (checksum, state->active_side);
  checksum_int (checksum, state->deciding_side);
  checksum_int (checksum, state->finished);
  checksum_int (checksum, state->winner);
  checksum_string (checksum, state->end_reason);

  if (GET_IFACE (self)->digest != NULL)
    {
      GET_IFACE (self)->digest (self, state, checksum);
    }
  else if (GET_IFACE (self)->state_to_json != NULL)
    {
      g_autoptr(JsonNode) node = GET_IFACE (self)->state_to_json (self, state);
      g_autofree char *text = json_to_string (node, FALSE);

      checksum_string (checksum, text);
    }
}

/**
 * acies_ruleset_dup_digest:
 * @self: a ruleset
 * @state: a state
 *
 * The state's digest (acies_ruleset_digest()) as SHA-256: what a replay
 * compares, the saved game's "digest", how the play mode knows two
 * states for the same.
 *
 * Returns: (transfer full): the SHA-256 in lower-case hex
 */
char *
acies_ruleset_dup_digest (AciesRuleset     *self,
                          const AciesState *state)
{
  g_autoptr(GChecksum) checksum = NULL;

  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  acies_ruleset_digest (self, state, checksum);
  return g_strdup (g_checksum_get_string (checksum));
}

/**
 * acies_ruleset_state_view_to_json:
 * @self: a ruleset
 * @state: a state
 * @viewer: the side index of the player who looks, or -1 for everything
 *
 * What player @viewer may see of the whole state: hidden information that
 * is not attached to a unit (a hand of cards, a drawn pool, a face-down
 * marker) is left out or replaced by its count.  Unit backs are answered
 * per unit by may_see() and unit_view().  A ruleset with any hidden
 * information must implement the vfunc; the default, for rulesets without
 * hidden information, is state_to_json() (DESIGN.md, Visibility).
 *
 * Returns: (transfer full): a JSON view of @state for @viewer
 */
JsonNode *
acies_ruleset_state_view_to_json (AciesRuleset     *self,
                                  const AciesState *state,
                                  gint              viewer)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  if (GET_IFACE (self)->state_view_to_json != NULL)
    return GET_IFACE (self)->state_view_to_json (self, state, viewer);

  return acies_ruleset_state_to_json (self, state);
}

/**
 * acies_ruleset_get_action_path:
 * @self: a ruleset
 * @state: a state
 * @action: a legal action that moves a unit
 * @cells: (out caller-allocates): an array of #AciesCell the path passes
 *   through, from the unit's cell to its destination, both included
 * @cost: (out) (optional): what the move costs, in the ruleset's movement
 *   units (movement points for hex systems, squares for Grass Crown), or
 *   -1 for a move that spends none (a retreat, an advance after combat):
 *   the play mode then shows no cost
 *
 * Where an action moves a unit, the path it takes and its cost, for the
 * play mode's destination costs and path preview.  Rulesets without the
 * vfunc, and actions that move nothing, give %FALSE.
 *
 * Returns: %TRUE if @action moves a unit and @cells holds its path
 */
gboolean
acies_ruleset_get_action_path (AciesRuleset      *self,
                               const AciesState  *state,
                               const AciesAction *action,
                               GArray            *cells,
                               gint              *cost)
{
  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (cells != NULL, FALSE);

  if (cost != NULL)
    *cost = 0;
  if (GET_IFACE (self)->get_action_path == NULL)
    return FALSE;

  return GET_IFACE (self)->get_action_path (self, state, action, cells, cost);
}

/**
 * acies_ruleset_state_to_json:
 * @self: a ruleset
 * @state: a state
 *
 * Returns: (transfer full): a JSON view of @state (for the CLI and tests);
 *   without the ruleset's own, an object of the common fields
 */
JsonNode *
acies_ruleset_state_to_json (AciesRuleset     *self,
                             const AciesState *state)
{
  g_autoptr(JsonBuilder) builder = NULL;

  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  if (GET_IFACE (self)->state_to_json != NULL)
    return GET_IFACE (self)->state_to_json (self, state);

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "turn");
  json_builder_add_int_value (builder, state->turn);
  json_builder_set_member_name (builder, "phase");
  json_builder_add_string_value (builder, state->phase);
  json_builder_set_member_name (builder, "active_side");
  json_builder_add_int_value (builder, state->active_side);
  json_builder_set_member_name (builder, "deciding_side");
  json_builder_add_int_value (builder, state->deciding_side);
  json_builder_set_member_name (builder, "finished");
  json_builder_add_boolean_value (builder, state->finished);
  json_builder_set_member_name (builder, "winner");
  json_builder_add_int_value (builder, state->winner);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

/**
 * acies_ruleset_get_n_units:
 * @self: a ruleset
 * @state: a state
 *
 * Returns: the number of units in @state (ACIES_ARG_UNIT indices)
 */
guint
acies_ruleset_get_n_units (AciesRuleset     *self,
                           const AciesState *state)
{
  g_return_val_if_fail (IS_RULESET (self), 0);
  g_return_val_if_fail (state != NULL, 0);

  if (GET_IFACE (self)->get_n_units == NULL)
    return 0;

  return GET_IFACE (self)->get_n_units (self, state);
}

/**
 * acies_ruleset_unit_id:
 * @self: a ruleset
 * @state: a state
 * @unit: a unit index
 *
 * Returns: (transfer none) (nullable): the unit's id, as in the scenario
 */
const char *
acies_ruleset_unit_id (AciesRuleset     *self,
                       const AciesState *state,
                       guint             unit)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  if (GET_IFACE (self)->unit_id == NULL)
    return NULL;

  return GET_IFACE (self)->unit_id (self, state, unit);
}

/**
 * acies_ruleset_describe_unit:
 * @self: a ruleset
 * @state: a state
 * @unit: a unit index
 * @viewer: the side looking (what it may see), or -1 for what every
 *   player sees
 *
 * The unit as a player names it, for lists, prompts and the log: the
 * ruleset's own words when it has them ("Light Infantry B at G11"), else
 * the unit's name in the scenario, else its id.
 *
 * Returns: (transfer full) (nullable): the name, or %NULL for no such unit
 */
char *
acies_ruleset_describe_unit (AciesRuleset     *self,
                             const AciesState *state,
                             guint             unit,
                             gint              viewer)
{
  const char *id;

  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  if (GET_IFACE (self)->describe_unit != NULL)
    {
      char *own = GET_IFACE (self)->describe_unit (self, state, unit, viewer);

      if (own != NULL)
        return own;
    }
  id = acies_ruleset_unit_id (self, state, unit);
  if (id == NULL)
    return NULL;
  if (state->scenario != NULL)
    {
      const AciesUnit *u = acies_scenario_find_unit (state->scenario, id);

      if (u != NULL && u->name != NULL && *u->name != '\0')
        return g_strdup (u->name);
    }
  return g_strdup (id);
}

/**
 * acies_ruleset_unit_index:
 * @self: a ruleset
 * @state: a state
 * @id: a unit id
 *
 * Returns: the index of the unit called @id, or -1
 */
gint
acies_ruleset_unit_index (AciesRuleset     *self,
                          const AciesState *state,
                          const char       *id)
{
  guint n_units;

  g_return_val_if_fail (IS_RULESET (self), -1);
  g_return_val_if_fail (state != NULL, -1);
  g_return_val_if_fail (id != NULL, -1);

  n_units = acies_ruleset_get_n_units (self, state);
  for (guint i = 0; i < n_units && i <= G_MAXINT32; i++)
    if (g_strcmp0 (acies_ruleset_unit_id (self, state, i), id) == 0)
      return (gint) i;

  return -1;
}

/**
 * acies_ruleset_unit_view:
 * @self: a ruleset
 * @state: a state
 * @unit: a unit index
 * @viewer: the viewing side, or -1 for an onlooker
 * @view: (out caller-allocates): the unit as @viewer sees it (borrowed
 *   strings, valid as long as @state)
 *
 * Returns: %TRUE if the unit is on the board and @view was filled
 */
gboolean
acies_ruleset_unit_view (AciesRuleset     *self,
                         const AciesState *state,
                         guint             unit,
                         gint              viewer,
                         AciesUnit        *view)
{
  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  if (GET_IFACE (self)->unit_view == NULL)
    return FALSE;

  return GET_IFACE (self)->unit_view (self, state, unit, viewer, view);
}

/**
 * acies_ruleset_leader_view:
 * @self: a ruleset
 * @state: a state
 * @leader: an index into the scenario's leaders
 * @viewer: the side looking, or -1 for an onlooker
 * @view: (out caller-allocates): the leader as @viewer sees it; its strings
 *   and objects are borrowed and live as long as @state
 *
 * Where a leader (a commander, a Hero, a Strategist) stands now.  Without
 * the vfunc, the scenario's leader as set up.
 *
 * Returns: %TRUE when the leader is in play (@view->cell is its cell, or
 *   ACIES_CELL_NONE when it is in play off the map); %FALSE when it is out
 *   of play or there is no such leader
 */
gboolean
acies_ruleset_leader_view (AciesRuleset     *self,
                           const AciesState *state,
                           guint             leader,
                           gint              viewer,
                           AciesLeader      *view)
{
  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  if (GET_IFACE (self)->leader_view != NULL)
    return GET_IFACE (self)->leader_view (self, state, leader, viewer, view);
  if (state->scenario == NULL || state->scenario->leaders == NULL
      || leader >= state->scenario->leaders->len)
    return FALSE;
  *view = *(AciesLeader *) g_ptr_array_index (state->scenario->leaders, leader);
  return TRUE;
}

/**
 * acies_ruleset_describe_turn:
 * @self: a ruleset
 * @state: a state
 *
 * The turn as the rulebook names it, for the play window's header and
 * title ("Pyrrhus Turn 2" in Grass Crown, whose players count their own
 * turns, GC 4.0).
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when the ruleset
 *   has no words of its own (the caller says "Turn N" from @state->turn)
 */
char *
acies_ruleset_describe_turn (AciesRuleset     *self,
                             const AciesState *state)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  if (GET_IFACE (self)->describe_turn == NULL)
    return NULL;
  return GET_IFACE (self)->describe_turn (self, state);
}

/**
 * acies_ruleset_sort_placements:
 * @self: a ruleset
 * @state: a state in a set-up
 * @actions: (element-type AciesAction) (inout): legal actions of @state
 *   that place one unit, each on another cell
 *
 * Sorts @actions into the order in which a player fills a set-up zone,
 * first the cell he would take first: the play mode's "Place the rest of
 * this wing" places each unit left in turn on the first of its legal
 * placements in that order.  The order is the ruleset's (Grass Crown: the
 * front rank first, GC 3.1); without the vfunc @actions keep their order.
 */
void
acies_ruleset_sort_placements (AciesRuleset     *self,
                               const AciesState *state,
                               GArray           *actions)
{
  g_return_if_fail (IS_RULESET (self));
  g_return_if_fail (state != NULL);
  g_return_if_fail (actions != NULL);

  if (GET_IFACE (self)->sort_placements != NULL && actions->len > 1)
    GET_IFACE (self)->sort_placements (self, state, actions);
}

/**
 * acies_ruleset_check_invariants:
 * @self: a ruleset
 * @state: a state
 * @error: return location for an error
 *
 * Returns: %TRUE if @state is consistent; otherwise %FALSE with
 *   ACIES_ENGINE_ERROR_INVALID saying what is wrong
 */
gboolean
acies_ruleset_check_invariants (AciesRuleset      *self,
                                const AciesState  *state,
                                GError           **error)
{
  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (GET_IFACE (self)->check_invariants == NULL)
    return TRUE;

  return GET_IFACE (self)->check_invariants (self, state, error);
}

/**
 * acies_ruleset_describe_now:
 * @self: a ruleset
 * @state: a state
 *
 * What @state waits for, for a message that refuses an action: "turn 3,
 * Combat Phase: Pyrrhus: declare an attack…", from the ruleset's prompt,
 * or the first legal actions when the ruleset gives no prompt.
 *
 * Returns: (transfer full): a phrase in a player's words
 */
char *
acies_ruleset_describe_now (AciesRuleset     *self,
                            const AciesState *state)
{
  g_autoptr(AciesPrompt) prompt = NULL;
  g_autoptr(GArray) legal = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  g_string_printf (text, _("turn %u, %s"), state->turn, state->phase != NULL ? state->phase : "-");
  if (state->finished)
    {
      g_string_append (text, _(": the game is over"));
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  prompt = acies_ruleset_get_prompt (self, state);
  if (prompt != NULL && prompt->text != NULL)
    {
      g_string_append_printf (text, ": %s", prompt->text);
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  acies_ruleset_legal_actions (self, state, legal);
  g_string_append (text, _(": legal now: "));
  for (guint i = 0; i < legal->len && i < 5; i++)
    {
      g_autofree char *action = acies_ruleset_describe_action (self, state, &g_array_index (legal, AciesAction, i));

      g_string_append_printf (text, "%s“%s”", i > 0 ? ", " : "", action);
    }
  if (legal->len > 5)
    g_string_append_printf (text, _(" and %u more"), legal->len - 5);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * acies_ruleset_is_attack:
 * @self: a ruleset
 * @action: an action of @self
 *
 * Returns: whether @action's spec is marked %ACIES_ACTION_FLAG_ATTACK: the
 *   play mode previews its odds (acies_ruleset_get_odds()) before it is
 *   committed
 */
gboolean
acies_ruleset_is_attack (AciesRuleset      *self,
                         const AciesAction *action)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  specs = acies_ruleset_get_action_specs (self, &n_specs);
  return action->type < n_specs && (specs[action->type].flags & ACIES_ACTION_FLAG_ATTACK) != 0;
}

/**
 * acies_ruleset_check_action:
 * @self: a ruleset
 * @state: a state
 * @action: an action legal in @state
 * @error: return location for an error
 *
 * The ruleset's own checks of an action its legal_actions offered (the
 * check_action vfunc), run by checked playouts before applying it.
 *
 * Returns: %TRUE without the vfunc, or when the checks pass
 */
gboolean
acies_ruleset_check_action (AciesRuleset      *self,
                            const AciesState  *state,
                            const AciesAction *action,
                            GError           **error)
{
  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (GET_IFACE (self)->check_action == NULL)
    return TRUE;

  return GET_IFACE (self)->check_action (self, state, action, error);
}

/**
 * acies_ruleset_playout:
 * @self: a ruleset
 * @scenario: a scenario that validates for @self
 * @options: (nullable): rulings and house options for new_state
 * @seed: the seed of the dice and of the random choices
 * @max_actions: the most actions to apply
 * @flags: what to check and keep
 * @out: (out caller-allocates): what happened; clear it with
 *   acies_playout_clear() whatever is returned
 * @error: return location for an error
 *
 * One random complete game (or @max_actions), the same for the same
 * @seed: the ruleset's playout vfunc, or acies_playout_generic()
 * (rulesets/acies-playout.h).
 *
 * Returns: %FALSE with @error when the game cannot be played out
 */
gboolean
acies_ruleset_playout (AciesRuleset      *self,
                       AciesScenario     *scenario,
                       JsonObject        *options,
                       guint64            seed,
                       guint              max_actions,
                       AciesPlayoutFlags  flags,
                       AciesPlayout      *out,
                       GError           **error)
{
  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (GET_IFACE (self)->playout != NULL)
    return GET_IFACE (self)->playout (self, scenario, options, seed, max_actions, flags, out, error);

  return acies_playout_generic (self, scenario, options, seed, max_actions, flags, out, error);
}

/**
 * acies_ruleset_get_odds_query:
 * @self: a ruleset
 *
 * The parameters acies_ruleset_query_odds() reads, as #AciesParamSpec
 * ("cc", "drm", "attack"…; each spec's help says when it applies), for
 * `acies-cli odds` to offer as options.
 *
 * Returns: (transfer none) (nullable) (element-type AciesParamSpec): the
 *   specs, owned by @self, or %NULL when the ruleset answers no query
 */
GPtrArray *
acies_ruleset_get_odds_query (AciesRuleset *self)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);

  if (GET_IFACE (self)->get_odds_query == NULL)
    return NULL;

  return GET_IFACE (self)->get_odds_query (self);
}

/**
 * acies_ruleset_query_odds:
 * @self: a ruleset
 * @state: (nullable): a state, or %NULL for odds from the tables alone
 * @query: values keyed by the ids of acies_ruleset_get_odds_query(), and
 *   "action" (an action as acies_ruleset_action_to_json() writes it)
 * @error: return location for an error
 *
 * Odds asked for by parameters: from the tables alone (a Combat Class and
 * a modifier), or of an attack in @state named by its units.  The odds
 * keep the contract of get_odds.
 *
 * Returns: (transfer full) (nullable): the odds; %NULL with
 *   %G_OPTION_ERROR_BAD_VALUE when a value is out of its range or the
 *   values do not go together, or with %ACIES_ENGINE_ERROR_INVALID when
 *   the attack cannot be made in @state (the message says why), or
 *   %G_OPTION_ERROR_BAD_VALUE when @self answers no query
 */
AciesOdds *
acies_ruleset_query_odds (AciesRuleset      *self,
                          const AciesState  *state,
                          JsonObject        *query,
                          GError           **error)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (query != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (GET_IFACE (self)->query_odds == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("the %s rules answer no odds query: give an action (--action)"),
                   acies_ruleset_get_id (self));
      return NULL;
    }

  return GET_IFACE (self)->query_odds (self, state, query, error);
}

/**
 * acies_ruleset_random_action:
 * @self: a ruleset
 * @state: a state, not finished
 * @rand: the random source
 * @out: (out caller-allocates): the action drawn
 *
 * A legal action of the deciding side drawn at random, for random
 * playouts and benchmarks: the ruleset's own draw when it has one (not
 * necessarily uniform over the actions), else uniformly among the legal
 * actions.
 *
 * Returns: %FALSE when there is no legal action
 */
gboolean
acies_ruleset_random_action (AciesRuleset     *self,
                             const AciesState *state,
                             GRand            *rand,
                             AciesAction      *out)
{
  g_autoptr(GArray) legal = NULL;

  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (rand != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (GET_IFACE (self)->random_action != NULL)
    return GET_IFACE (self)->random_action (self, state, rand, out);
  legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  acies_ruleset_legal_actions (self, state, legal);
  if (legal->len == 0)
    return FALSE;
  *out = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
  return TRUE;
}

/* Seats. */

/**
 * acies_ruleset_get_n_seats:
 * @self: a ruleset
 * @state: a state
 *
 * Returns: the number of seats (players) of the game: the sides, unless
 *   several players share a side (see the seats in the vfunc list)
 */
guint
acies_ruleset_get_n_seats (AciesRuleset     *self,
                           const AciesState *state)
{
  g_return_val_if_fail (IS_RULESET (self), 0);
  g_return_val_if_fail (state != NULL, 0);

  if (GET_IFACE (self)->get_n_seats != NULL)
    return GET_IFACE (self)->get_n_seats (self, state);
  return state->scenario != NULL ? state->scenario->sides->len : 2;
}

/**
 * acies_ruleset_describe_seat:
 * @self: a ruleset
 * @state: a state
 * @seat: a seat
 *
 * Returns: (transfer full): who sits there ("Romans: General of the
 *   left"), for the curtain and the prompts; without the vfunc the name
 *   of the seat's side
 */
char *
acies_ruleset_describe_seat (AciesRuleset     *self,
                             const AciesState *state,
                             gint              seat)
{
  const AciesSide *side;
  gint index;

  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  if (GET_IFACE (self)->describe_seat != NULL)
    return GET_IFACE (self)->describe_seat (self, state, seat);
  index = acies_ruleset_seat_side (self, state, seat);
  if (index < 0 || state->scenario == NULL || (guint) index >= state->scenario->sides->len)
    return NULL;
  side = g_ptr_array_index (state->scenario->sides, index);
  return g_strdup (side->name != NULL ? side->name : side->id);
}

/**
 * acies_ruleset_explain_action:
 * @self: a ruleset
 * @state: the state the action is taken in
 * @action: an action
 *
 * What a player may want to read before taking @action beyond
 * acies_ruleset_describe_action()'s sentence: the whole text of the card
 * it plays, for instance (the explain_action vfunc).
 *
 * Returns: (transfer full) (nullable): the text, translated; %NULL
 *   without the vfunc or when the ruleset has nothing more to say
 */
char *
acies_ruleset_explain_action (AciesRuleset      *self,
                              const AciesState  *state,
                              const AciesAction *action)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (action != NULL, NULL);

  if (GET_IFACE (self)->explain_action == NULL)
    return NULL;
  return GET_IFACE (self)->explain_action (self, state, action);
}

/**
 * acies_ruleset_has_hidden_draws:
 * @self: a ruleset
 *
 * Whether the ruleset's draws are hidden from a player (the has_hidden_draws
 * vfunc): then whoever knows the seed knows the hidden hands and the draw
 * pile, and the seed must stay secret while the game goes on.
 *
 * Returns: %TRUE when the seed gives hidden information away
 */
gboolean
acies_ruleset_has_hidden_draws (AciesRuleset *self)
{
  g_return_val_if_fail (IS_RULESET (self), FALSE);

  if (GET_IFACE (self)->has_hidden_draws == NULL)
    return FALSE;
  return GET_IFACE (self)->has_hidden_draws (self);
}

/**
 * acies_ruleset_describe_draws:
 * @self: a ruleset
 * @state: the state after the draws
 * @n_draws: how many draws an action made (at least 1)
 *
 * The draws an action made, named by their purpose and never by what they
 * drew (the describe_draws vfunc): "the Command card drawn".
 *
 * Returns: (transfer full): the words, translated
 */
char *
acies_ruleset_describe_draws (AciesRuleset     *self,
                              const AciesState *state,
                              guint             n_draws)
{
  char *words = NULL;

  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  if (GET_IFACE (self)->describe_draws != NULL)
    words = GET_IFACE (self)->describe_draws (self, state, n_draws);
  if (words == NULL)
    /* Translators: what taking back an action undoes: its random draws, unnamed. */
    words = g_strdup (g_dngettext (GETTEXT_PACKAGE, "its random draw", "its random draws", n_draws));
  return words;
}

/**
 * acies_ruleset_get_deciding_seat:
 * @self: a ruleset
 * @state: a state
 *
 * Returns: the seat that must act or answer now (the deciding side
 *   without seats), or -1 when the game is over
 */
gint
acies_ruleset_get_deciding_seat (AciesRuleset     *self,
                                 const AciesState *state)
{
  g_return_val_if_fail (IS_RULESET (self), -1);
  g_return_val_if_fail (state != NULL, -1);

  if (GET_IFACE (self)->get_deciding_seat != NULL)
    return GET_IFACE (self)->get_deciding_seat (self, state);
  return state->finished ? -1 : state->deciding_side;
}

/**
 * acies_ruleset_seat_side:
 * @self: a ruleset
 * @state: a state
 * @seat: a seat, or -1
 *
 * Returns: the side @seat plays (seat modulo the number of sides), or -1
 */
gint
acies_ruleset_seat_side (AciesRuleset     *self,
                         const AciesState *state,
                         gint              seat)
{
  guint n_sides;

  g_return_val_if_fail (IS_RULESET (self), -1);
  g_return_val_if_fail (state != NULL, -1);

  n_sides = state->scenario != NULL ? state->scenario->sides->len : 2;
  if (seat < 0 || n_sides == 0)
    return -1;
  return seat % (gint) n_sides;
}

/**
 * acies_ruleset_list_stack:
 * @self: a ruleset
 * @state: a state
 * @viewer: the seat that looks (as for acies_ruleset_unit_view())
 * @cell: a cell of the board
 * @out: (element-type AciesPiece) (inout): where the pieces are appended
 *
 * Appends the pieces @viewer sees in @cell, units and leaders, in the
 * order in which repeated clicks on the cell reach them, the top counter
 * first (the list_stack vfunc; by default the units there by index, then
 * the leaders there by index).  Off-map pieces are never in a cell.
 */
void
acies_ruleset_list_stack (AciesRuleset     *self,
                          const AciesState *state,
                          gint              viewer,
                          AciesCell         cell,
                          GArray           *out)
{
  guint n_units, n_leaders;

  g_return_if_fail (IS_RULESET (self));
  g_return_if_fail (state != NULL);
  g_return_if_fail (out != NULL);

  if (cell == ACIES_CELL_NONE)
    return;
  if (GET_IFACE (self)->list_stack != NULL)
    {
      GET_IFACE (self)->list_stack (self, state, viewer, cell, out);
      return;
    }

  n_units = acies_ruleset_get_n_units (self, state);
  for (guint u = 0; u < n_units; u++)
    {
      AciesUnit view = { .cell = ACIES_CELL_NONE, .cell2 = ACIES_CELL_NONE, };
      AciesPiece piece = { FALSE, (gint) u };

      if (acies_ruleset_unit_view (self, state, u, viewer, &view)
          && (view.cell == cell || (view.cell2 != ACIES_CELL_NONE && view.cell2 == cell)))
        g_array_append_val (out, piece);
    }
  n_leaders = state->scenario != NULL && state->scenario->leaders != NULL ? state->scenario->leaders->len : 0;
  for (guint l = 0; l < n_leaders; l++)
    {
      AciesLeader view = { .cell = ACIES_CELL_NONE, };
      AciesPiece piece = { TRUE, (gint) l };

      if (acies_ruleset_leader_view (self, state, l, viewer, &view) && view.cell == cell)
        g_array_append_val (out, piece);
    }
}

/**
 * acies_ruleset_next_in_stack:
 * @self: a ruleset
 * @state: a state
 * @viewer: the seat that looks
 * @cell: a cell of the board
 * @after: (nullable): the piece selected now, or %NULL
 * @filter: (scope call): which pieces may be reached (those that may act now)
 * @user_data: data for @filter
 * @next: (out caller-allocates): the piece reached
 *
 * The piece a click on @cell reaches (FB 13.2, SG 4.31): the first after
 * @after in acies_ruleset_list_stack()'s order that @filter accepts, round
 * to the top again and up to @after itself; with @after %NULL or not in
 * @cell, the first accepted.  The play mode's one mechanism for clicking
 * through a stack, whatever the ruleset.
 *
 * Returns: %TRUE with @next set; %FALSE when @filter accepts no piece there
 */
gboolean
acies_ruleset_next_in_stack (AciesRuleset     *self,
                             const AciesState *state,
                             gint              viewer,
                             AciesCell         cell,
                             const AciesPiece *after,
                             AciesPieceFilter  filter,
                             gpointer          user_data,
                             AciesPiece       *next)
{
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (AciesPiece));
  guint start = 0;

  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (filter != NULL, FALSE);
  g_return_val_if_fail (next != NULL, FALSE);

  acies_ruleset_list_stack (self, state, viewer, cell, stack);
  for (guint i = 0; after != NULL && i < stack->len; i++)
    {
      const AciesPiece *piece = &g_array_index (stack, AciesPiece, i);

      if (piece->is_leader == after->is_leader && piece->index == after->index)
        {
          start = i + 1;
          break;
        }
    }
  for (guint k = 0; k < stack->len; k++)
    {
      const AciesPiece *piece = &g_array_index (stack, AciesPiece, (start + k) % stack->len);

      if (filter (piece, user_data))
        {
          *next = *piece;
          return TRUE;
        }
    }
  return FALSE;
}

/**
 * acies_ruleset_describe_die_face:
 * @self: a ruleset
 * @state: a state of the game (the scenario's dice)
 * @roll: a die roll (acies_dice_get_rolls(), or a "roll" event's data)
 *
 * The face @roll showed in the ruleset's words (the describe_die_face
 * vfunc), when the number on it means nothing to a player: a Commands &
 * Colors battle die shows a symbol ("■ red square").  The play mode's log
 * and take-back question show these words in place of the number.
 *
 * Returns: (transfer full) (nullable): the words, translated; %NULL
 *   without the vfunc or when the face is best said as its number
 */
char *
acies_ruleset_describe_die_face (AciesRuleset     *self,
                                 const AciesState *state,
                                 const AciesRoll  *roll)
{
  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (roll != NULL, NULL);

  if (GET_IFACE (self)->describe_die_face == NULL)
    return NULL;
  return GET_IFACE (self)->describe_die_face (self, state, roll);
}
