/* acies-play-session-commands.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-error.h"

#include "acies-play-session-private.h"

/* The play session's commands, the game window's play.* actions: rows of
 * the actions list taken, clicks and drops on the board, the attack
 * preview committed or cancelled, physical rolls, take-backs. */

/* Running actions, physical dice. */

static void
run (AciesPlaySession  *self,
     const AciesAction *action)
{
  g_autoptr(GError) error = NULL;
  AciesAction copy = *action;

  self->has_pending = FALSE;
  g_free (self->done_words);
  self->done_words = _acies_play_session_describe (self, action);
  if (acies_game_apply (self->game, &copy, &error))
    return;

  if (g_error_matches (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_NEED_ROLL)
      && acies_game_get_dice_mode (self->game) == ACIES_DICE_MODE_PHYSICAL)
    {
      self->roll_action = copy;
      self->has_roll_action = TRUE;
      _acies_play_session_emit (self, "roll-needed", error->message);
      return;
    }

  _acies_play_session_emit (self, "message", error->message);
  _acies_play_session_refresh (self);
}

/**
 * acies_play_session_enter_roll:
 * @self: a play session
 * @value: the value the player rolled on the table
 *
 * With physical dice: the roll "roll-needed" asked for; the action that
 * needed it is taken (and may ask for another).
 */
void
acies_play_session_enter_roll (AciesPlaySession *self,
                               guint             value)
{
  AciesAction action;

  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  acies_game_push_roll (self->game, value);
  if (!self->has_roll_action)
    return;
  action = self->roll_action;
  self->has_roll_action = FALSE;
  if (self->roll_extends)
    {
      guint n = acies_game_get_n_actions (self->game);

      self->roll_extends = FALSE;
      run (self, &action);
      if (acies_game_get_n_actions (self->game) == n + 1)
        _acies_play_session_extend_compound (self);
      return;
    }
  run (self, &action);
}

/**
 * acies_play_session_cancel_roll:
 * @self: a play session
 *
 * With physical dice: the player did not roll; the action that asked is
 * not taken, and the rolls entered for it are forgotten.
 */
void
acies_play_session_cancel_roll (AciesPlaySession *self)
{
  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  self->has_roll_action = FALSE;
  self->roll_extends = FALSE;
  acies_game_clear_pending_rolls (self->game);
}

/* A row of the actions list, a click's single action: a unit's row
 * selects it; an action with an outcome distribution waits in the
 * preview; any other is taken. */
static void
choose_action (AciesPlaySession  *self,
               const AciesAction *action)
{
  g_autoptr(AciesOdds) odds = NULL;
  gint unit;

  if (action->type == SERIES_ROW)
    {
      _acies_play_session_run_picked (self, action->args[0]);
      return;
    }
  if (action->type == SELECT_UNIT_ROW)
    {
      g_array_set_size (self->picks, 0);
      _acies_play_session_select_unit (self, action->args[0]);
      self->has_pending = FALSE;
      _acies_play_session_refresh (self);
      return;
    }

  /* An action with an outcome distribution is previewed first. */
  if (!(self->has_pending && acies_action_equal (&self->pending, action)))
    odds = acies_ruleset_get_odds (ruleset_of (self), state_of (self), action);
  if (odds != NULL)
    {
      gboolean is_target;
      AciesCell target;

      self->pending = *action;
      self->has_pending = TRUE;
      unit = _acies_play_session_first_unit_arg (self, action);
      if (unit >= 0)
        _acies_play_session_select_unit (self, unit);
      /* The board's keyboard focus goes to the target, so Return there
       * commits as a click on it does; a hint from before is stale. */
      target = _acies_play_session_action_target_cell (self, action, unit >= 0 ? 1 : 0, &is_target);
      if (target != ACIES_CELL_NONE)
        acies_play_session_set_focus_cell (self, target);
      _acies_play_session_set_hint (self, NULL);
      _acies_play_session_refresh (self);
      return;
    }

  run (self, action);
}

/**
 * acies_play_session_choose:
 * @self: a play session
 * @index: an index of #AciesPlaySession:actions
 *
 * What taking a row of the actions list does (play.choose): a unit's row
 * selects the unit; an action with odds waits in the attack preview (the
 * board's focus cell on its target); any other action is taken.
 */
void
acies_play_session_choose (AciesPlaySession *self,
                           guint             index)
{
  AciesAction action;

  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  if (index >= self->shown->len)
    return;
  action = g_array_index (self->shown, AciesAction, index);
  choose_action (self, &action);
}

/**
 * acies_play_session_apply_json:
 * @self: a play session
 * @json: an action as JSON (as `acies-cli play --actions` reads it)
 * @error: where to say why it was not taken
 *
 * Takes the action (play.apply), without the attack preview.
 *
 * Returns: %FALSE when @json is not an action of the ruleset; an illegal
 *   action is refused with "message"
 */
gboolean
acies_play_session_apply_json (AciesPlaySession  *self,
                               const char        *json,
                               GError           **error)
{
  g_autoptr(JsonNode) node = NULL;
  AciesAction action;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), FALSE);
  g_return_val_if_fail (json != NULL, FALSE);

  node = json_from_string (json, error);
  if (node == NULL
      || !acies_ruleset_action_from_json (ruleset_of (self), state_of (self), node, &action, error))
    return FALSE;
  run (self, &action);

  return TRUE;
}

/**
 * acies_play_session_get_preview_action:
 * @self: a play session
 * @action: (out caller-allocates): the action the attack card shows
 *
 * The attack card's action: the attack waiting in the preview (nothing
 * rolled until play.commit), else the declared attack's roll.
 *
 * Returns: whether there is a card
 */
gboolean
acies_play_session_get_preview_action (AciesPlaySession *self,
                                       AciesAction      *action)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (self->curtain || state_of (self)->finished)
    return FALSE;
  if (self->has_pending)
    {
      *action = self->pending;
      return TRUE;
    }
  return _acies_play_session_find_declared (self, action);
}

/**
 * acies_play_session_dup_preview_odds:
 * @self: a play session
 *
 * Returns: (transfer full) (nullable): the odds the attack card shows
 *   (acies_ruleset_get_odds() of acies_play_session_get_preview_action():
 *   every result with its exact probability, every modifier with its
 *   rule), or %NULL without a card
 */
AciesOdds *
acies_play_session_dup_preview_odds (AciesPlaySession *self)
{
  AciesAction action;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  if (!acies_play_session_get_preview_action (self, &action))
    return NULL;
  return acies_ruleset_get_odds (ruleset_of (self), state_of (self), &action);
}

/**
 * acies_play_session_commit:
 * @self: a play session
 *
 * Takes the attack in the preview, or rolls a declared attack
 * (play.commit).
 */
void
acies_play_session_commit (AciesPlaySession *self)
{
  AciesAction action;

  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  action = self->pending;
  if (self->curtain)
    return;
  if (!self->has_pending && !_acies_play_session_find_declared (self, &action))
    return;
  run (self, &action);
}

/**
 * acies_play_session_cancel:
 * @self: a play session
 *
 * Forgets the attack in the preview, the selection and the picked units
 * (play.cancel).
 */
void
acies_play_session_cancel (AciesPlaySession *self)
{
  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  self->has_pending = FALSE;
  g_array_set_size (self->picks, 0);
  _acies_play_session_select_unit (self, -1);
  _acies_play_session_refresh (self);
}

/**
 * acies_play_session_end_phase:
 * @self: a play session
 *
 * Takes the action that ends the phase now (play.end-phase): the first
 * legal action whose spec's name starts with "end" or is "pass".
 */
void
acies_play_session_end_phase (AciesPlaySession *self)
{
  AciesAction action;

  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  if (!self->curtain && _acies_play_session_find_end_phase (self, &action))
    run (self, &action);
}

/**
 * acies_play_session_toggle_victory:
 * @self: a play session
 *
 * At the end, shows the board instead of the victory page, or the victory
 * page again (play.show-board).
 */
void
acies_play_session_toggle_victory (AciesPlaySession *self)
{
  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  self->show_victory = !self->show_victory;
  _acies_play_session_refresh (self);
}

/* What a click that points at @found does: one action is taken (or
 * previewed), several are listed first for the player to pick from.
 * Returns FALSE when there is none. */
gboolean
_acies_play_session_take_or_list (AciesPlaySession *self,
                                  GArray           *found)
{
  if (found->len == 1)
    {
      AciesAction action = g_array_index (found, AciesAction, 0);

      choose_action (self, &action);
      return TRUE;
    }
  if (found->len > 1)
    {
      g_array_append_vals (self->candidates, found->data, found->len);
      _acies_play_session_refresh (self);
      return TRUE;
    }

  return FALSE;
}

/* A move by its destination: the route's actions, one gesture.  Returns
 * FALSE when no route of several actions goes to @cell. */
static gboolean
take_route (AciesPlaySession *self,
            AciesCell         cell)
{
  AciesPlayRoute *route = _acies_play_session_route_to (self, cell);
  g_autoptr(GArray) actions = NULL;
  g_autofree char *words = NULL;

  if (route == NULL)
    return FALSE;
  /* The plan goes with the game's change: keep what is taken. */
  actions = g_array_copy ((GArray *) _acies_play_route_get_actions (route));
  words = _acies_play_session_route_words (self, route);
  _acies_play_session_run_series (self, actions, words);
  return TRUE;
}

/* The board. */

/**
 * _acies_play_session_cell_candidates:
 * @self: a play session
 * @cell: a cell of the board
 *
 * The legal actions a click or Return on @cell takes or lists (see
 * acies_play_session_activate_cell()): with a unit selected, its actions
 * that touch @cell or aim at it; with none selected and no unit of the
 * player's to select in @cell, the actions with @cell as a cell argument
 * or as the target of an action of no unit (a set-up placement).  The
 * cell's description for a screen reader says the same.
 *
 * Returns: (transfer full) (element-type AciesAction): the actions, in
 *   the legal list's order; maybe empty
 */
GArray *
_acies_play_session_cell_candidates (AciesPlaySession *self,
                                     AciesCell         cell)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  gint unit = _acies_play_session_unit_at_cell (self, cell);

  for (guint i = 0; i < self->legal->len; i++)
    {
      const AciesAction *action = &g_array_index (self->legal, AciesAction, i);
      gboolean is_target;

      if (self->selected_unit >= 0 || self->selected_leader >= 0)
        {
          if (_acies_play_session_action_of_selection (self, action)
              && (_acies_play_session_action_touches_cell (self, action, 1, cell)
                  || _acies_play_session_action_target_cell (self, action, 1, &is_target) == cell))
            g_array_append_val (found, *action);
        }
      /* Nothing selected: not a leader's move, which is not lit then
       * (SG 4.31: select the leader first). */
      else if (!acies_play_session_unit_may_act (self, unit)
               && !(unit >= 0 && _acies_play_session_action_of_piece (self, action))
               && _acies_play_session_action_leader (self, action) < 0
               && (_acies_play_session_action_has_cell_arg (self, action, cell)
                   || (_acies_play_session_first_unit_arg (self, action) < 0
                       && _acies_play_session_action_target_cell (self, action, 0, &is_target) == cell)))
        g_array_append_val (found, *action);
    }

  return found;
}

/* Selects @piece, a unit or a leader (a click on a stack,
 * _acies_play_session_piece_to_select()). */
static void
select_piece (AciesPlaySession *self,
              const AciesPiece *piece)
{
  self->has_pending = FALSE;
  g_array_set_size (self->picks, 0);
  if (piece->is_leader)
    _acies_play_session_select_leader (self, piece->index);
  else
    _acies_play_session_select_unit (self, piece->index);
  _acies_play_session_refresh (self);
}

/**
 * acies_play_session_activate_cell:
 * @self: a play session
 * @cell: the cell the player clicked or chose with the keyboard
 *
 * Selects the unit in @cell, or takes the selected unit's action that
 * points at @cell (a move there, an attack on the unit there).  When
 * several actions point at @cell, the actions list shows them first.  A
 * destination farther than one action goes (a square at a time, GC 8.0;
 * a zone at a time, LB 5.2) is reached by the cheapest series of the
 * unit's (or the group's) actions, taken as one gesture (one step for
 * Take Back).
 * With no unit selected and none to select in @cell, the only legal
 * action with @cell as a cell argument (a set-up placement) is taken.
 * A click on a stack selects its first piece that may act, in the
 * ruleset's order (acies_ruleset_next_in_stack(): the top counter first);
 * each further click on it the next, units and leaders alike, round to
 * the first again (a leader under a unit, FB 13.2, SG 4.31); a selected
 * leader's click elsewhere takes his move.  A cell the selected unit
 * cannot reach keeps the selection, and #AciesPlaySession:hint-text says
 * why.
 */
void
acies_play_session_activate_cell (AciesPlaySession *self,
                                  AciesCell         cell)
{
  gboolean selectable, has_piece, own_stack;
  AciesPiece piece;
  gint unit;

  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  if (self->curtain || state_of (self)->finished)
    return;

  _acies_play_session_set_hint (self, NULL);
  g_array_set_size (self->candidates, 0);
  g_clear_pointer (&self->candidates_title, g_free);

  unit = _acies_play_session_unit_at_cell (self, cell);
  selectable = acies_play_session_unit_may_act (self, unit);
  has_piece = _acies_play_session_piece_to_select (self, cell, &own_stack, &piece);

  if (self->selected_unit >= 0 || self->selected_leader >= 0)
    {
      g_autoptr(GArray) candidates = _acies_play_session_cell_candidates (self, cell);

      /* Several: listed first for the player to pick from. */
      if (_acies_play_session_take_or_list (self, candidates))
        return;
      /* A click on the selected piece's own stack selects the next piece
       * there that may act, in the ruleset's order, and round: the top
       * counter is not the only one a click reaches (FB 13.2, SG 4.31). */
      if (own_stack && has_piece)
        {
          select_piece (self, &piece);
          return;
        }
      /* Farther than one action goes: the cheapest series of them. */
      if (self->selected_unit >= 0 && !own_stack && take_route (self, cell))
        return;

      /* Nothing of the selected piece points there: another piece of the
       * player is selected instead; an empty or closed square keeps the
       * selection and says why. */
      if (!has_piece)
        {
          self->has_pending = FALSE;
          _acies_play_session_set_hint (self, _acies_play_session_explain_unreachable (self, cell));
          _acies_play_session_refresh (self);
          return;
        }
    }

  /* With nothing selected and no unit to select there, the one legal
   * action whose cell argument is @cell (a set-up placement…) is taken. */
  if (self->selected_unit < 0 && self->selected_leader < 0 && !selectable)
    {
      g_autoptr(GArray) here = _acies_play_session_cell_candidates (self, cell);

      /* Several (a deployment's facings): listed first to pick from. */
      if (_acies_play_session_take_or_list (self, here))
        return;
      /* A group's move farther than one action goes. */
      if (unit < 0 && take_route (self, cell))
        return;
      if (!has_piece && unit >= 0)
        _acies_play_session_set_hint (self, _acies_play_session_explain_unselectable (self, unit));
    }

  /* The stack's first piece that may act (a leader alone, or under a
   * unit that cannot act), or nothing. */
  if (has_piece)
    {
      select_piece (self, &piece);
      return;
    }
  self->has_pending = FALSE;
  _acies_play_session_select_unit (self, -1);
  _acies_play_session_refresh (self);
}

/**
 * acies_play_session_activate_unit:
 * @self: a play session
 * @unit: a unit index of the state (one in the off-map box)
 *
 * Selects @unit, or takes the selected unit's action that points at it,
 * as a click on a counter on the board does (see
 * acies_play_session_activate_cell()): a unit with a legal action of its
 * own is selected and the actions list shows its actions; one without
 * keeps nothing selected and #AciesPlaySession:hint-text says why.
 */
void
acies_play_session_activate_unit (AciesPlaySession *self,
                                  gint              unit)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;
  gboolean selectable;

  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  if (self->curtain || state_of (self)->finished || unit < 0)
    return;
  _acies_play_session_set_hint (self, NULL);
  g_array_set_size (self->candidates, 0);
  g_clear_pointer (&self->candidates_title, g_free);
  selectable = acies_play_session_unit_may_act (self, unit);

  /* The selected unit's actions on this one (a unit argument after the
   * first), as a click on a unit on the board takes them. */
  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (self->selected_unit >= 0 && unit != self->selected_unit)
    {
      g_autoptr(GArray) candidates = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      for (guint i = 0; i < self->legal->len; i++)
        {
          const AciesAction *action = &g_array_index (self->legal, AciesAction, i);

          if (_acies_play_session_first_unit_arg (self, action) != self->selected_unit || action->type >= n_specs)
            continue;
          for (guint a = 1; a < specs[action->type].n_args; a++)
            if (specs[action->type].args[a].kind == ACIES_ARG_UNIT && action->args[a] == unit)
              {
                g_array_append_val (candidates, *action);
                break;
              }
        }
      if (_acies_play_session_take_or_list (self, candidates))
        return;
    }

  if (!selectable)
    _acies_play_session_set_hint (self, _acies_play_session_explain_unselectable (self, unit));
  else
    g_array_set_size (self->picks, 0);
  self->has_pending = FALSE;
  _acies_play_session_select_unit (self, selectable ? unit : -1);
  _acies_play_session_refresh (self);
}

/**
 * acies_play_session_unit_may_act:
 * @self: a play session
 * @unit: a unit index of the state, or -1
 *
 * Returns: whether one of the legal actions now is @unit's own (its
 *   first argument): the unit can be selected, and its counter dragged
 */
gboolean
acies_play_session_unit_may_act (AciesPlaySession *self,
                                 gint              unit)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), FALSE);

  for (guint i = 0; unit >= 0 && i < self->legal->len; i++)
    if (_acies_play_session_first_unit_arg (self, &g_array_index (self->legal, AciesAction, i)) == unit)
      return TRUE;

  return FALSE;
}

/**
 * acies_play_session_drag_unit:
 * @self: a play session
 * @unit: a unit index of the state, one that may act now
 * @cell: the square the counter was dropped on, or %ACIES_CELL_NONE
 *
 * What dropping @unit's dragged counter on @cell does: the same as
 * clicking the unit, then the square (a move there, an attack on the unit
 * there; a square it cannot reach keeps it selected and says why).
 */
void
acies_play_session_drag_unit (AciesPlaySession *self,
                              gint              unit,
                              AciesCell         cell)
{
  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  if (self->curtain || !acies_play_session_unit_may_act (self, unit))
    return;
  if (self->selected_unit != unit)
    {
      _acies_play_session_select_unit (self, unit);
      self->has_pending = FALSE;
      g_array_set_size (self->candidates, 0);
      _acies_play_session_refresh (self);
    }
  if (cell != ACIES_CELL_NONE && cell != _acies_play_session_cell_of_unit (self, unit))
    acies_play_session_activate_cell (self, cell);
}

/* Undo and take-back. */

/**
 * acies_play_session_get_take_back_consent:
 * @self: a play session
 * @dice: (out) (optional): whether the last action rolled dice (a draw
 *   alone is no die roll: the question names it without what it drew)
 * @question: (out) (optional) (transfer full): the question for the
 *   player whose consent is needed, or %NULL
 *
 * Taking back the last action (play.undo) needs the other player's
 * consent when it rolled dice (its own rolls, not an earlier action's), or
 * when it was another player's decision than that of the player who
 * decides now (the one the curtain names while it is down).
 *
 * Returns: the side whose player must agree, or -1 when no consent is
 *   needed (or there is nothing to take back)
 */
gint
acies_play_session_get_take_back_consent (AciesPlaySession  *self,
                                          gboolean          *dice,
                                          char             **question)
{
  guint n, first;
  const AciesAction *last;
  g_autoptr(GPtrArray) rolls = NULL;
  const char *words = NULL;
  g_autofree char *what = NULL;
  g_autofree char *other = NULL;
  gint asker = -1, other_side;
  guint n_random = 0, n_draws;
  gboolean rolled, others, compound;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), -1);

  if (dice != NULL)
    *dice = FALSE;
  if (question != NULL)
    *question = NULL;
  n = acies_game_get_n_actions (self->game);
  if (n == 0)
    return -1;

  /* The actions taken back are the last in the log (a gesture's several
   * together): their own rolls decide (a roll the rules made while
   * applying one counts, one of an earlier action does not). */
  first = n - 1;
  compound = _acies_play_session_last_compound (self, &first, &words);
  last = acies_game_get_action (self->game, n - 1);
  rolls = g_ptr_array_new_with_free_func (g_free);
  for (guint i = first; i < n; i++)
    {
      const GArray *own = acies_game_get_rolls_of_action (self->game, i);

      if (own != NULL)
        n_random += own->len;
    }
  /* The die rolls are those with a "roll" event (acies_dice_set_events());
   * the others are draws, whose values (a hidden card's index in the
   * pile) are not for a player's eyes. */
  {
    GPtrArray *events = acies_game_get_events (self->game);
    guint e = 0;

    for (guint i = 0; i < n; i++)
      {
        guint k = acies_game_get_n_events_of_action (self->game, i);

        for (guint j = 0; i >= first && j < k && e + j < events->len; j++)
          {
            AciesEvent *event = g_ptr_array_index (events, e + j);

            if (g_strcmp0 (event->type, "roll") == 0 && event->data != NULL)
              {
                /* A face the ruleset names ("■ red square", CCA B1)
                 * is said in its words, not as its number. */
                char *face = _acies_play_session_die_face_words (self, event);

                if (face == NULL)
                  face = g_strdup_printf ("%" G_GINT64_FORMAT,
                                          json_object_get_int_member_with_default (event->data, "value", 0));
                g_ptr_array_add (rolls, face);
              }
          }
        e += k;
      }
  }
  n_draws = n_random > rolls->len ? n_random - rolls->len : 0;
  rolled = n_random > 0;

  /* Who asks now: the player who decides now.  Another player's decision
   * is his to give back. */
  if (!state_of (self)->finished)
    {
      g_autoptr(AciesPrompt) prompt = acies_ruleset_get_prompt (ruleset_of (self), state_of (self));

      asker = _acies_play_session_deciding_player (self, prompt);
    }
  others = !rolled && last->player >= 0 && asker >= 0 && last->player != asker;
  if (!rolled && !others)
    return -1;

  /* The consent is the other player's: the owner of the action when
   * another player asks to take it back, else the actor's opponent. */
  if (others)
    other_side = last->player;
  else
    {
      gint actor = last->player >= 0 ? last->player : state_of (self)->active_side;

      other_side = asker >= 0 && asker != actor ? actor : actor == 0 ? 1 : 0;
    }
  if (dice != NULL)
    *dice = rolls->len > 0;
  if (question == NULL)
    return other_side;

  other = acies_play_session_dup_player_label (self, other_side);
  what = compound ? g_strdup (words) : _acies_play_session_describe_last (self);
  if (rolled && rolls->len > 0)
    {
      g_autoptr(GString) values = g_string_new (NULL);

      for (guint i = 0; i < rolls->len; i++)
        g_string_append_printf (values, "%s%s", i > 0 ? ", " : "", (const char *) g_ptr_array_index (rolls, i));
      if (n_draws > 0)
        {
          g_autofree char *draws = acies_ruleset_describe_draws (ruleset_of (self), state_of (self), n_draws);

          /* Translators: the action to take back, its rolls ("4, 2"), its draws unnamed ("the Command card drawn"), and the other player. */
          *question = g_strdup_printf (_("Taking back “%s” undoes its dice (rolled %s) and %s. It needs the consent of %s; "
                                         "the log will record it."),
                                       what, values->str, draws, other);
        }
      else
        /* Translators: the action to take back, its rolls ("4, 2"), and the other player. */
        *question = g_strdup_printf (_("Taking back “%s” undoes its dice (rolled %s). It needs the consent of %s; "
                                       "the log will record it."),
                                     what, values->str, other);
    }
  else if (rolled)
    {
      g_autofree char *draws = acies_ruleset_describe_draws (ruleset_of (self), state_of (self), n_draws);

      /* Translators: the action to take back, its draws unnamed ("the Command card drawn"), and the other player. */
      *question = g_strdup_printf (_("Taking back “%s” undoes %s. It needs the consent of %s; "
                                     "the log will record it."),
                                   what, draws, other);
    }
  else
    /* Translators: the other player's decision to take back, and that player. */
    *question = g_strdup_printf (_("“%s” was decided by %s. Taking it back needs the consent of %s; "
                                   "the log will record it."),
                                 what, other, other);

  return other_side;
}

/**
 * acies_play_session_take_back:
 * @self: a play session
 * @consent: the side whose player agreed (see
 *   acies_play_session_get_take_back_consent()), or -1
 * @dice: whether the action taken back rolled dice
 *
 * Takes back the last action (play.undo, once agreed), or the last
 * gesture when it took several (a move by its destination).  With @consent,
 * the game keeps a note of it, "Action N: … with the consent of …", saved
 * with the file and shown in the log where the take-back happened.
 */
void
acies_play_session_take_back (AciesPlaySession *self,
                              gint              consent,
                              gboolean          dice)
{
  g_autoptr(GError) error = NULL;
  const char *words = NULL;
  gboolean compound;
  guint n, start = 0;

  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  n = acies_game_get_n_actions (self->game);
  if (n == 0)
    return;
  compound = _acies_play_session_last_compound (self, &start, &words);
  if (consent >= 0 && n > 0)
    {
      g_autofree char *who = acies_play_session_dup_player_label (self, consent);
      g_autofree char *what = compound ? g_strdup (words) : _acies_play_session_describe_last (self);
      /* Translators: a note in the event log: the action taken back, and who agreed. */
      g_autofree char *text = dice ? g_strdup_printf (_("“%s” and its dice were taken back with the consent of %s"),
                                                      what, who)
                                   /* Translators: a note in the event log: another player's decision taken back, and who agreed. */
                                   : g_strdup_printf (_("“%s” was taken back with the consent of %s"),
                                                      what, who);
      g_autofree char *note = g_strdup_printf ("Action %u: %s", n, text);

      /* Kept by the game, so the saved file records the consent. */
      acies_game_add_note (self->game, note);
    }

  self->has_pending = FALSE;
  _acies_play_session_select_unit (self, -1);
  self->show_victory = FALSE;
  /* A gesture of several actions goes back whole. */
  if (!acies_game_truncate (self->game, compound ? start : n - 1, &error))
    _acies_play_session_emit (self, "message", error->message);
}
