/* acies-play-session-accessors.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include "acies-play-session-private.h"

/* The session's state as its widgets read it: the game, the viewer, the
 * selection, the curtain, the texts and flags the panels bind to, the
 * actions and the log.  Each getter reads a field the session keeps up to
 * date (acies-play-session.c); none computes. */

/**
 * acies_play_session_get_game:
 * @self: a play session
 *
 * Returns: (transfer none): the game played
 */
AciesGame *
acies_play_session_get_game (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);
  return self->game;
}

/**
 * acies_play_session_get_viewer:
 * @self: a play session
 *
 * Returns: the seat whose view the board shows (with one seat per side,
 *   the side; see acies_ruleset_get_n_seats()), or -1 (nobody yet, or
 *   behind the curtain)
 */
gint
acies_play_session_get_viewer (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), -1);
  return self->curtain ? -1 : self->seat;
}

/**
 * acies_play_session_get_selected_unit:
 * @self: a play session
 *
 * Returns: the unit index of the selected unit, or -1
 */
gint
acies_play_session_get_selected_unit (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), -1);
  return self->selected_unit;
}

/**
 * acies_play_session_get_selected_leader:
 * @self: a play session
 *
 * A leader selected instead of a unit (a second click on the cell of the
 * unit he is stacked with, or a click on him alone; SG 4.31): the board
 * lights where he may go and a click there moves him.
 *
 * Returns: the index into the scenario's leaders of the selected leader,
 *   or -1
 */
gint
acies_play_session_get_selected_leader (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), -1);
  return self->selected_leader;
}

/**
 * acies_play_session_get_curtain_shown:
 * @self: a play session
 *
 * Returns: whether the hand-over curtain hides the game
 */
gboolean
acies_play_session_get_curtain_shown (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), FALSE);
  return self->curtain;
}

/* The getters of the text and flag properties, each documented as its
 * property is (#AciesPlaySession:turn-text…): acies_play_session_get_turn_text()
 * and the like return the property's value, %NULL for no text. */
#define TEXT_GETTER(name)                                        \
  const char *                                                   \
  acies_play_session_get_##name (AciesPlaySession *self)         \
  {                                                              \
    g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);   \
    return self->name;                                           \
  }

TEXT_GETTER (curtain_text)
TEXT_GETTER (curtain_summary)
TEXT_GETTER (turn_text)
TEXT_GETTER (phase_text)
TEXT_GETTER (side_text)
TEXT_GETTER (subtitle)
TEXT_GETTER (prompt_text)
TEXT_GETTER (state_text)
TEXT_GETTER (end_text)
TEXT_GETTER (end_tooltip)
TEXT_GETTER (unit_text)
TEXT_GETTER (hint_text)
TEXT_GETTER (legend_text)
TEXT_GETTER (odds_title)
TEXT_GETTER (odds_text)
TEXT_GETTER (victory_title)
TEXT_GETTER (victory_text)

#define FLAG_GETTER(name)                                        \
  gboolean                                                       \
  acies_play_session_get_##name (AciesPlaySession *self)         \
  {                                                              \
    g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), FALSE);  \
    return self->name;                                           \
  }

FLAG_GETTER (finished)
FLAG_GETTER (can_undo)
FLAG_GETTER (can_end_phase)
FLAG_GETTER (can_commit)
FLAG_GETTER (can_cancel)

/**
 * acies_play_session_get_n_curtains:
 * @self: a play session
 *
 * Returns: how many times the curtain came down since the session began
 */
guint
acies_play_session_get_n_curtains (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), 0);
  return self->n_curtains;
}

/**
 * acies_play_session_get_victory_shown:
 * @self: a play session
 *
 * Returns: whether the victory page shows instead of the board
 */
gboolean
acies_play_session_get_victory_shown (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), FALSE);
  return self->victory_shown;
}

/**
 * acies_play_session_get_n_actions:
 * @self: a play session
 *
 * Returns: how many actions the game's log holds
 */
guint
acies_play_session_get_n_actions (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), 0);
  return self->n_actions;
}

/**
 * acies_play_session_get_actions:
 * @self: a play session
 *
 * Returns: (transfer none): the rows of the actions list
 *   (#AciesPlayAction), in the order of play.choose's index
 */
GListModel *
acies_play_session_get_actions (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);
  return G_LIST_MODEL (self->actions);
}

/**
 * acies_play_session_get_action_groups:
 * @self: a play session
 *
 * The actions list is grouped: what the last click pointed at, the
 * selected unit's actions, then a group per kind of action headed by the
 * action spec's label in the ruleset's words ("Command", "Move", "End the
 * phase"), and the rows that select a unit.
 *
 * Returns: (transfer none): the groups (#AciesPlayGroup), in order
 */
GListModel *
acies_play_session_get_action_groups (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);
  return G_LIST_MODEL (self->groups);
}

/**
 * acies_play_session_get_log:
 * @self: a play session
 *
 * Returns: (transfer none): the event log as the viewer may read it, an
 *   #AciesLogLine per line
 */
GListModel *
acies_play_session_get_log (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);
  return G_LIST_MODEL (self->log);
}

