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
 *   validate          appends AciesProblem to @problems (nothing).
 *   get_prompt        the decision pending now, if the rules give a player
 *                     a choice; the prompt's actions are the legal answers
 *                     (NULL: no prompt, the deciding side plays freely).
 *   get_odds          exact outcome probabilities of an action before it is
 *                     taken (NULL: no preview).
 *   may_see           whether @player (a side index, or -1 for an onlooker)
 *                     may see @attribute of @unit (TRUE).
 *   get_score         AciesScoreLine of @side now (an empty array).
 *   digest            feeds everything that makes the state to @checksum;
 *                     two states with the same digest play the same (the
 *                     state's JSON from state_to_json).  The wrapper feeds
 *                     the common AciesState fields first.
 *   state_to_json     a JSON view of the state for the CLI and tests (the
 *                     common fields only).
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
 *                     shows it in its off-map box.
 *   leader_view       fills @view with leader @leader (an index into the
 *                     scenario's leaders) as @viewer sees it now, borrowed
 *                     like unit_view; @view->cell is where it stands, or
 *                     ACIES_CELL_NONE off the map.  FALSE when the leader
 *                     is out of play (the scenario's leader as set up).
 *   describe_turn     the turn as the rulebook names it ("Pyrrhus Turn 2"),
 *                     newly allocated (NULL: the UI says "Turn N").
 *   check_invariants  consistency checks of a state, for tests (TRUE).
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
 */

G_DEFINE_INTERFACE (AciesRuleset, acies_ruleset, G_TYPE_OBJECT)

static void
acies_ruleset_default_init (AciesRulesetInterface *iface)
{
}

/* The interface of @self, or NULL when @self is not a ruleset.  Random
 * playouts call the wrappers millions of times, and GLib's interface
 * lookup and instance check were a tenth of a Lost Battles playout: the
 * last class seen by this thread is remembered.  Ruleset classes are
 * static types, never unloaded, so a class pointer seen once stays valid. */
static inline AciesRulesetInterface *
iface_of (gpointer self)
{
  static __thread gpointer last_class = NULL;
  static __thread AciesRulesetInterface *last_iface = NULL;
  gpointer klass;

  if (G_UNLIKELY (self == NULL))
    return NULL;
  klass = ((GTypeInstance *) self)->g_class;
  if (G_LIKELY (klass != NULL && klass == last_class))
    return last_iface;
  if (!ACIES_IS_RULESET (self))
    return NULL;
  last_iface = ACIES_RULESET_GET_IFACE (self);
  last_class = klass;
  return last_iface;
}

#define GET_IFACE(self) iface_of (self)
#define IS_RULESET(self) (iface_of (self) != NULL)

/* Prompts, odds and scores. */

/**
 * acies_prompt_free:
 * @prompt: (nullable): a prompt
 */
void
acies_prompt_free (AciesPrompt *prompt)
{
  if (prompt == NULL)
    return;

  g_free (prompt->text);
  g_free (prompt->rule);
  g_clear_pointer (&prompt->actions, g_array_unref);
  g_free (prompt);
}

static void
odds_outcome_free (gpointer data)
{
  AciesOddsOutcome *outcome = data;

  g_free (outcome->result);
  g_free (outcome);
}

static void
odds_modifier_free (gpointer data)
{
  AciesOddsModifier *modifier = data;

  g_free (modifier->label);
  g_free (modifier->rule);
  g_free (modifier);
}

/**
 * acies_odds_new:
 *
 * Returns: (transfer full): empty odds; free with acies_odds_free()
 */
AciesOdds *
acies_odds_new (void)
{
  AciesOdds *odds = g_new0 (AciesOdds, 1);

  odds->outcomes = g_ptr_array_new_with_free_func (odds_outcome_free);
  odds->modifiers = g_ptr_array_new_with_free_func (odds_modifier_free);

  return odds;
}

/**
 * acies_odds_add_outcome:
 * @odds: odds
 * @result: the result's name ("DX", "no effect")
 * @p: its exact probability, 0 … 1
 * @provisional: the table cell behind it is provisional
 */
void
acies_odds_add_outcome (AciesOdds  *odds,
                        const char *result,
                        double      p,
                        gboolean    provisional)
{
  AciesOddsOutcome *outcome;

  g_return_if_fail (odds != NULL);
  g_return_if_fail (result != NULL);
  g_return_if_fail (p >= 0.0 && p <= 1.0);

  outcome = g_new0 (AciesOddsOutcome, 1);
  outcome->result = g_strdup (result);
  outcome->probability = p;
  outcome->provisional = provisional;
  g_ptr_array_add (odds->outcomes, outcome);
}

/**
 * acies_odds_add_modifier:
 * @odds: odds
 * @label: what the modifier is ("Flanked")
 * @value: the DRM or column shift
 * @rule: (nullable): the rule ("GC 9.2")
 */
void
acies_odds_add_modifier (AciesOdds  *odds,
                         const char *label,
                         gint        value,
                         const char *rule)
{
  AciesOddsModifier *modifier;

  g_return_if_fail (odds != NULL);
  g_return_if_fail (label != NULL);

  modifier = g_new0 (AciesOddsModifier, 1);
  modifier->label = g_strdup (label);
  modifier->value = value;
  modifier->rule = g_strdup (rule);
  g_ptr_array_add (odds->modifiers, modifier);
}

/**
 * acies_odds_free:
 * @odds: (nullable): odds
 */
void
acies_odds_free (AciesOdds *odds)
{
  if (odds == NULL)
    return;

  g_free (odds->summary);
  g_ptr_array_unref (odds->outcomes);
  g_ptr_array_unref (odds->modifiers);
  g_free (odds);
}

/**
 * acies_score_line_new:
 * @label: what the points are for ("Units eliminated")
 * @points: the points
 * @rule: (nullable): the rule ("GC 13.0")
 *
 * Returns: (transfer full): a new score line; free with acies_score_line_free()
 */
AciesScoreLine *
acies_score_line_new (const char *label,
                      gint        points,
                      const char *rule)
{
  AciesScoreLine *line;

  g_return_val_if_fail (label != NULL, NULL);

  line = g_new0 (AciesScoreLine, 1);
  line->label = g_strdup (label);
  line->points = points;
  line->rule = g_strdup (rule);

  return line;
}

/**
 * acies_score_line_free:
 * @line: (nullable): a score line
 */
void
acies_score_line_free (AciesScoreLine *line)
{
  if (line == NULL)
    return;

  g_free (line->label);
  g_free (line->rule);
  g_free (line);
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

static const AciesActionSpec *
get_spec (AciesRuleset *self,
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
 *   units (movement points for hex systems, squares for Grass Crown)
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

/* Generic action JSON. */

static const char *
arg_kind_expectation (const AciesArgSpec *arg)
{
  switch (arg->kind)
    {
    case ACIES_ARG_INT:
      return _("an integer");
    case ACIES_ARG_UNIT:
      return _("a unit id");
    case ACIES_ARG_CELL:
      return _("a cell label of the board");
    case ACIES_ARG_SIDE:
      return _("a side id");
    case ACIES_ARG_CHOICE:
      return _("one of the choices");
    case ACIES_ARG_BOOL:
      return _("true or false");
    case ACIES_ARG_EDGE:
      return _("an edge label of the board such as “C4/C5”");
    default:
      g_assert_not_reached ();
    }
}

static const AciesBoard *
state_board (const AciesState *state)
{
  return state->scenario != NULL ? state->scenario->map.board : NULL;
}

static const char *
side_id (const AciesState *state,
         gint              side)
{
  if (state->scenario == NULL || side < 0 || (guint) side >= state->scenario->sides->len)
    return NULL;

  return ((AciesSide *) g_ptr_array_index (state->scenario->sides, side))->id;
}

static guint
n_choices (const AciesArgSpec *arg)
{
  return arg->choices != NULL ? g_strv_length ((char **) arg->choices) : 0;
}

/* The text of an argument's value, for JSON and descriptions; NULL when it
 * cannot be named (an index out of range). */
static char *
arg_to_string (AciesRuleset       *self,
               const AciesState   *state,
               const AciesArgSpec *arg,
               gint32              value)
{
  const AciesBoard *board = state_board (state);
  const char *text = NULL;

  switch (arg->kind)
    {
    case ACIES_ARG_INT:
      return g_strdup_printf ("%d", value);
    case ACIES_ARG_BOOL:
      return g_strdup (value ? "true" : "false");
    case ACIES_ARG_UNIT:
      if (value >= 0)
        text = acies_ruleset_unit_id (self, state, value);
      break;
    case ACIES_ARG_CELL:
      if (board != NULL && acies_board_contains (board, value))
        text = acies_board_cell_label (board, value);
      break;
    case ACIES_ARG_SIDE:
      text = side_id (state, value);
      break;
    case ACIES_ARG_CHOICE:
      if (value >= 0 && (guint) value < n_choices (arg))
        text = arg->choices[value];
      break;
    case ACIES_ARG_EDGE:
      if (board != NULL && value >= 0 && (guint) value < acies_board_get_n_edges (board))
        text = acies_board_edge_label (board, value);
      break;
    default:
      g_assert_not_reached ();
    }

  return g_strdup (text);
}

/**
 * acies_ruleset_action_to_json:
 * @self: a ruleset
 * @state: the state the action is taken in (unit ids, the board)
 * @action: an action
 *
 * Serialises @action through its spec:
 * `{"type": "move", "player": "laevinus", "unit": "pink-3", "to": "C4"}`.
 * Units are written by id, cells and edges by label, sides by id, choices
 * as the string, booleans as true/false, integers as numbers; absent (-1)
 * optional arguments are left out, and "player" is left out when -1.  A
 * value that cannot be named (out of range) is written as a bare number,
 * which acies_ruleset_action_from_json() refuses.
 *
 * Returns: (transfer full): a JSON object node
 */
JsonNode *
acies_ruleset_action_to_json (AciesRuleset      *self,
                              const AciesState  *state,
                              const AciesAction *action)
{
  g_autoptr(JsonBuilder) builder = NULL;
  const AciesActionSpec *spec;

  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (action != NULL, NULL);

  spec = get_spec (self, action->type);
  g_return_val_if_fail (spec != NULL, NULL);

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, spec->name);

  if (action->player >= 0)
    {
      const char *id = side_id (state, action->player);

      json_builder_set_member_name (builder, "player");
      if (id != NULL)
        json_builder_add_string_value (builder, id);
      else
        json_builder_add_int_value (builder, action->player);
    }

  for (guint i = 0; i < spec->n_args && i < ACIES_ACTION_MAX_ARGS; i++)
    {
      const AciesArgSpec *arg = &spec->args[i];
      gint32 value = action->args[i];
      g_autofree char *text = NULL;

      if (value == -1 && arg->optional)
        continue;

      json_builder_set_member_name (builder, arg->name);
      switch (arg->kind)
        {
        case ACIES_ARG_INT:
          json_builder_add_int_value (builder, value);
          break;
        case ACIES_ARG_BOOL:
          json_builder_add_boolean_value (builder, value != 0);
          break;
        default:
          text = arg_to_string (self, state, arg, value);
          if (text != NULL)
            json_builder_add_string_value (builder, text);
          else
            json_builder_add_int_value (builder, value);
          break;
        }
    }
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static char *
describe_node (JsonNode *node)
{
  g_autofree char *text = json_to_string (node, FALSE);

  if (strlen (text) > 40)
    return g_strdup_printf ("%.37s…", text);

  return g_steal_pointer (&text);
}

static char *
join_choices (const AciesArgSpec *arg)
{
  return g_strjoinv (", ", (char **) arg->choices);
}

static gboolean
arg_from_json (AciesRuleset        *self,
               const AciesState    *state,
               const AciesArgSpec  *arg,
               JsonNode            *node,
               gint32              *value,
               GError             **error)
{
  const AciesBoard *board = state_board (state);
  g_autofree char *got = describe_node (node);
  const char *text = NULL;

  if (arg->kind == ACIES_ARG_INT)
    {
      gint64 v;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
        goto wrong;
      v = json_node_get_int (node);
      if (v < G_MININT32 || v > G_MAXINT32)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("%s: expected an integer from %d to %d, got %s"),
                       arg->name, G_MININT32, G_MAXINT32, got);
          return FALSE;
        }
      *value = (gint32) v;
      return TRUE;
    }

  if (arg->kind == ACIES_ARG_BOOL)
    {
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        goto wrong;
      *value = json_node_get_boolean (node) ? 1 : 0;
      return TRUE;
    }

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    goto wrong;
  text = json_node_get_string (node);

  switch (arg->kind)
    {
    case ACIES_ARG_UNIT:
      *value = acies_ruleset_unit_index (self, state, text);
      if (*value < 0)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("%s: expected a unit id, got “%s”, which is not a unit of this game"),
                       arg->name, text);
          return FALSE;
        }
      return TRUE;

    case ACIES_ARG_CELL:
      *value = board != NULL ? acies_board_cell_from_label (board, text) : ACIES_CELL_NONE;
      if (*value == ACIES_CELL_NONE)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("%s: expected a cell label of the board such as “%s”, got “%s”"),
                       arg->name,
                       board != NULL ? acies_board_cell_label (board, 0) : "C4",
                       text);
          return FALSE;
        }
      return TRUE;

    case ACIES_ARG_EDGE:
      *value = board != NULL ? acies_board_edge_from_label (board, text) : ACIES_EDGE_NONE;
      if (*value == ACIES_EDGE_NONE)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("%s: expected an edge label of the board such as “C4/C5”, got “%s”"),
                       arg->name, text);
          return FALSE;
        }
      return TRUE;

    case ACIES_ARG_SIDE:
      *value = state->scenario != NULL ? acies_scenario_side_index (state->scenario, text) : -1;
      if (*value < 0)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("%s: expected a side id of the scenario, got “%s”"),
                       arg->name, text);
          return FALSE;
        }
      return TRUE;

    case ACIES_ARG_CHOICE:
      for (guint i = 0; i < n_choices (arg); i++)
        {
          if (g_str_equal (arg->choices[i], text))
            {
              *value = i;
              return TRUE;
            }
        }
      {
        g_autofree char *choices = join_choices (arg);

        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                     _("%s: expected one of %s, got “%s”"),
                     arg->name, choices, text);
      }
      return FALSE;

    case ACIES_ARG_INT:
    case ACIES_ARG_BOOL:
    default:
      g_assert_not_reached ();
    }

wrong:
  if (arg->kind == ACIES_ARG_CHOICE)
    {
      g_autofree char *choices = join_choices (arg);

      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                   _("%s: expected one of %s, got %s"), arg->name, choices, got);
    }
  else
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                   _("%s: expected %s, got %s"), arg->name, arg_kind_expectation (arg), got);
    }
  return FALSE;
}

/**
 * acies_ruleset_action_from_json:
 * @self: a ruleset
 * @state: the state the action is taken in (unit ids, the board)
 * @node: a JSON object written by acies_ruleset_action_to_json()
 * @action: (out caller-allocates): the action read
 * @error: return location for an error
 *
 * Reads an action.  Errors are ACIES_ENGINE_ERROR_FORMAT with a message
 * that starts with the member's name and says what was expected
 * ("to: expected a cell label of the board such as “A1”, got “Z99”");
 * callers prefix the file and the JSON path.  Unknown members are refused.
 * The action is not checked for legality.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_ruleset_action_from_json (AciesRuleset      *self,
                                const AciesState  *state,
                                JsonNode          *node,
                                AciesAction       *action,
                                GError           **error)
{
  const AciesActionSpec *spec;
  JsonObject *object;
  JsonNode *member;
  const char *type_name;
  guint type = 0;
  g_autoptr(GList) members = NULL;

  g_return_val_if_fail (IS_RULESET (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (node != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *got = describe_node (node);

      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                   _("expected an action object such as {\"type\": \"…\"}, got %s"), got);
      return FALSE;
    }
  object = json_node_get_object (node);

  member = json_object_get_member (object, "type");
  if (member == NULL || !JSON_NODE_HOLDS_VALUE (member)
      || json_node_get_value_type (member) != G_TYPE_STRING)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                   _("type: expected the name of an action of the %s rules"),
                   acies_ruleset_get_id (self));
      return FALSE;
    }
  type_name = json_node_get_string (member);
  spec = acies_ruleset_find_action_spec (self, type_name, &type);
  if (spec == NULL)
    {
      g_autoptr(GString) names = g_string_new (NULL);
      guint n_specs = 0;
      const AciesActionSpec *specs = acies_ruleset_get_action_specs (self, &n_specs);

      for (guint i = 0; i < n_specs; i++)
        g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", specs[i].name);
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                   _("type: expected one of %s, got “%s”"), names->str, type_name);
      return FALSE;
    }

  acies_action_init (action, type, -1);

  member = json_object_get_member (object, "player");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
    {
      gint player = -1;

      if (JSON_NODE_HOLDS_VALUE (member) && json_node_get_value_type (member) == G_TYPE_STRING
          && state->scenario != NULL)
        player = acies_scenario_side_index (state->scenario, json_node_get_string (member));
      if (player < 0)
        {
          g_autofree char *got = describe_node (member);

          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("player: expected a side id of the scenario, got %s"), got);
          return FALSE;
        }
      action->player = player;
    }

  members = json_object_get_members (object);
  for (const GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      gboolean known = g_str_equal (name, "type") || g_str_equal (name, "player");

      for (guint i = 0; !known && i < spec->n_args; i++)
        known = g_str_equal (name, spec->args[i].name);
      if (!known)
        {
          g_autoptr(GString) names = g_string_new ("type, player");

          for (guint i = 0; i < spec->n_args; i++)
            g_string_append_printf (names, ", %s", spec->args[i].name);
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("%s: unknown member of a “%s” action (expected %s)"),
                       name, spec->name, names->str);
          return FALSE;
        }
    }

  for (guint i = 0; i < spec->n_args && i < ACIES_ACTION_MAX_ARGS; i++)
    {
      const AciesArgSpec *arg = &spec->args[i];

      member = json_object_get_member (object, arg->name);
      if (member == NULL || JSON_NODE_HOLDS_NULL (member))
        {
          if (arg->optional)
            continue;
          if (arg->kind == ACIES_ARG_CHOICE)
            {
              g_autofree char *choices = join_choices (arg);

              g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                           _("%s: missing; a “%s” action needs one of %s"),
                           arg->name, spec->name, choices);
            }
          else
            {
              g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                           _("%s: missing; a “%s” action needs %s"),
                           arg->name, spec->name, arg_kind_expectation (arg));
            }
          return FALSE;
        }
      if (!arg_from_json (self, state, arg, member, &action->args[i], error))
        return FALSE;
    }

  return TRUE;
}

/**
 * acies_ruleset_describe_action:
 * @self: a ruleset
 * @state: the state the action is taken in
 * @action: an action
 *
 * A sentence for buttons, the log and messages.  The spec's label comes
 * first, then a leading unit argument bare and the other units, cells,
 * sides and edges as "name value" ("Move pink-3 to C4"); choices,
 * numbers and booleans follow a dash as "name: Value" with the spec's
 * argument names ("Command — first: Move, second: Combat").  Arguments
 * that say nothing are left out: an optional argument at -1, a choice
 * whose value is "none", and a side argument naming @action's own player
 * (the caller shows the player already).  The player is never written.
 *
 * A ruleset may say it in its own words instead: its optional
 * describe_action vfunc is asked first ("Command Legio I: Move first"),
 * and this generic sentence is used when it returns %NULL.
 *
 * Returns: (transfer full): the description
 */
char *
acies_ruleset_describe_action (AciesRuleset      *self,
                               const AciesState  *state,
                               const AciesAction *action)
{
  const AciesActionSpec *spec;
  GString *text;
  g_autoptr(GString) details = g_string_new (NULL);

  g_return_val_if_fail (IS_RULESET (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (action != NULL, NULL);

  spec = get_spec (self, action->type);
  if (spec == NULL)
    return g_strdup_printf (_("Unknown action %u"), action->type);
  if (GET_IFACE (self)->describe_action != NULL)
    {
      char *own = GET_IFACE (self)->describe_action (self, state, action);

      if (own != NULL)
        return own;
    }

  text = g_string_new (spec->label != NULL ? g_dgettext (GETTEXT_PACKAGE, spec->label) : spec->name);
  for (guint i = 0; i < spec->n_args && i < ACIES_ACTION_MAX_ARGS; i++)
    {
      const AciesArgSpec *arg = &spec->args[i];
      gint32 value = action->args[i];
      g_autofree char *value_text = NULL;

      if (value == -1 && arg->optional)
        continue;
      if (arg->kind == ACIES_ARG_CHOICE && value >= 0 && (guint) value < n_choices (arg)
          && g_strcmp0 (arg->choices[value], "none") == 0)
        continue;
      if (arg->kind == ACIES_ARG_SIDE && action->player >= 0 && value == action->player)
        continue;

      if (arg->kind == ACIES_ARG_BOOL)
        value_text = g_strdup (value ? _("yes") : _("no"));
      else if (arg->kind == ACIES_ARG_UNIT && value >= 0)
        value_text = acies_ruleset_describe_unit (self, state, (guint) value, -1);
      else
        value_text = arg_to_string (self, state, arg, value);
      if (value_text == NULL)
        value_text = g_strdup_printf ("#%d", value);

      switch (arg->kind)
        {
        case ACIES_ARG_CHOICE:
          /* "move" → "Move": a choice reads as a word of the sentence. */
          if (g_ascii_islower (value_text[0]))
            value_text[0] = g_ascii_toupper (value_text[0]);
          G_GNUC_FALLTHROUGH;
        case ACIES_ARG_INT:
        case ACIES_ARG_BOOL:
          /* Translators: an action's argument and its value, "first: Move". */
          g_string_append_printf (details, _("%s%s: %s"), details->len > 0 ? ", " : "",
                                  arg->name, value_text);
          break;
        default:
          if (i == 0 && arg->kind == ACIES_ARG_UNIT)
            g_string_append_printf (text, " %s", value_text);
          else
            g_string_append_printf (text, " %s %s", arg->name, value_text);
          break;
        }
    }
  if (details->len > 0)
    g_string_append_printf (text, " — %s", details->str);

  return g_string_free (text, FALSE);
}

/* The registry. */

static GMutex registry_lock;
static GHashTable *registry;      /* interned id → AciesRulesetFactory */
static const char **registry_ids; /* sorted, NULL-terminated, interned */
static GPtrArray *retired_ids;    /* earlier lists, still readable */

/**
 * acies_ruleset_register:
 * @id: a ruleset id ("grass-crown")
 * @factory: a function returning a new reference to a ruleset
 *
 * Registers a ruleset; registering an id again replaces its factory.
 * Thread-safe.
 */
void
acies_ruleset_register (const char          *id,
                        AciesRulesetFactory  factory)
{
  GList *keys;
  guint n, i = 0;

  g_return_if_fail (id != NULL && *id != '\0');
  g_return_if_fail (factory != NULL);

  g_mutex_lock (&registry_lock);
  if (registry == NULL)
    registry = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (registry, (gpointer) g_intern_string (id), factory);

  /* The previous list stays allocated (kept in retired_ids): callers of
   * acies_ruleset_list() on other threads may still read it, and there are
   * only a handful of registrations in a process's life. */
  if (registry_ids != NULL)
    {
      if (retired_ids == NULL)
        retired_ids = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (retired_ids, registry_ids);
    }
  n = g_hash_table_size (registry);
  keys = g_list_sort (g_hash_table_get_keys (registry), (GCompareFunc) g_strcmp0);
  registry_ids = g_new0 (const char *, n + 1);
  for (GList *l = keys; l != NULL; l = l->next)
    registry_ids[i++] = l->data;
  g_list_free (keys);
  g_mutex_unlock (&registry_lock);
}

/* Built-in rulesets.  The engine is a static library: calling their
 * registration functions here keeps them linked into every program, so
 * acies_ruleset_lookup() finds them without the caller doing anything. */
void acies_grass_crown_register (void);
void acies_lost_battles_register (void);
void acies_cca_register (void);

static void
ensure_builtin (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      acies_grass_crown_register ();
      acies_lost_battles_register ();
      acies_cca_register ();
      g_once_init_leave (&done, 1);
    }
}

/**
 * acies_ruleset_lookup:
 * @id: a ruleset id
 * @error: return location for an error
 *
 * Returns: (transfer full): a ruleset from @id's factory, or %NULL with
 *   ACIES_ENGINE_ERROR_UNKNOWN_RULESET naming @id and the known ids
 */
AciesRuleset *
acies_ruleset_lookup (const char  *id,
                      GError     **error)
{
  AciesRulesetFactory factory = NULL;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ensure_builtin ();
  g_mutex_lock (&registry_lock);
  if (registry != NULL)
    factory = g_hash_table_lookup (registry, id);
  g_mutex_unlock (&registry_lock);

  if (factory == NULL)
    {
      const char * const *ids = acies_ruleset_list ();
      g_autofree char *known = g_strjoinv (", ", (char **) ids);

      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_UNKNOWN_RULESET,
                   _("Unknown ruleset “%s” (known rulesets: %s)"),
                   id, *known != '\0' ? known : _("none"));
      return NULL;
    }

  return factory ();
}

/**
 * acies_ruleset_list:
 *
 * Returns: (transfer none): the registered ids, sorted, %NULL-terminated;
 *   the array stays valid for the life of the process
 */
const char * const *
acies_ruleset_list (void)
{
  static const char *empty[] = { NULL };
  const char * const *ids;

  ensure_builtin ();
  g_mutex_lock (&registry_lock);
  ids = registry_ids != NULL ? registry_ids : empty;
  g_mutex_unlock (&registry_lock);

  return ids;
}

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
