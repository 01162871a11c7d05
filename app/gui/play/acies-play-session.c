/* acies-play-session.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-log-line.h"
#include "acies-play-action.h"
#include "acies-play-group.h"
#include "acies-play-quick.h"
#include "acies-play-session-private.h"

/**
 * AciesPlaySession:
 *
 * A hotseat game as the play window shows it, without the window (the
 * part gnome-chess's ChessScene plays between its game and its view): who
 * looks at the screen and the hand-over curtain between the players, the
 * actions the rules allow now and how the actions list groups them, the
 * selected unit with its destinations and targets, the attack waiting in
 * the preview with its odds, the prompt, the turn and phase in words, why
 * the last click did nothing, and the event log as the viewer may read
 * it.  Everything comes from the ruleset interface (action specs,
 * prompts, odds, events, the state view); nothing here knows a particular
 * rule system, and nothing here needs GTK: the widgets bind to its
 * properties and list models, and its commands are the play.* actions of
 * #AciesGameWindow.
 *
 * The state view's members it reads: "units" (records matched by "id";
 * a true "group" or "lead" is drawn as a mark, other true flags and
 * unusual strings as words under the counter), and the members the side
 * panel shows elsewhere ("turn", "phase", "active_side", "deciding_side",
 * "finished", "winner", "end_reason"); every other member goes into the
 * status block as it is.
 */

G_DEFINE_FINAL_TYPE (AciesPlaySession, acies_play_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_VIEWER,
  PROP_SELECTED_UNIT,
  PROP_CURTAIN_SHOWN,
  PROP_CURTAIN_TEXT,
  PROP_N_CURTAINS,
  PROP_CURTAIN_SUMMARY,
  PROP_TURN_TEXT,
  PROP_PHASE_TEXT,
  PROP_SIDE_TEXT,
  PROP_SUBTITLE,
  PROP_PROMPT_TEXT,
  PROP_STATE_TEXT,
  PROP_END_TEXT,
  PROP_END_TOOLTIP,
  PROP_UNIT_TEXT,
  PROP_HINT_TEXT,
  PROP_LEGEND_TEXT,
  PROP_ODDS_TITLE,
  PROP_ODDS_TEXT,
  PROP_FINISHED,
  PROP_VICTORY_SHOWN,
  PROP_VICTORY_TITLE,
  PROP_VICTORY_TEXT,
  PROP_N_ACTIONS,
  PROP_CAN_UNDO,
  PROP_CAN_END_PHASE,
  PROP_CAN_COMMIT,
  PROP_CAN_CANCEL,
  PROP_FOCUS_CELL,
  PROP_HOVER_CELL,
  PROP_ACTIONS,
  PROP_ACTION_GROUPS,
  PROP_QUICK_ACTIONS,
  PROP_LOG,
  N_PROPS
};

enum {
  SIGNAL_BOARD_CHANGED,
  SIGNAL_PATH_CHANGED,
  SIGNAL_MESSAGE,
  SIGNAL_ROLL_NEEDED,
  SIGNAL_KEY_REFUSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Properties change only when their value does. */

static void
set_text (AciesPlaySession  *self,
          char             **field,
          char              *text,
          guint              prop)
{
  if (g_strcmp0 (*field, text) == 0)
    {
      g_free (text);
      return;
    }
  g_free (*field);
  *field = text;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_flag (AciesPlaySession *self,
          gboolean         *field,
          gboolean          value,
          guint             prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_number (AciesPlaySession *self,
            gint             *field,
            gint              value,
            guint             prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* The selection: the unit, the action waiting in the preview. */
void
_acies_play_session_select_unit (AciesPlaySession *self,
                                 gint              unit)
{
  self->selected_leader = -1;
  set_number (self, &self->selected_unit, unit, PROP_SELECTED_UNIT);
}

/* Selects leader @l (an index into the scenario's leaders) instead of a
 * unit: his actions are the selection's (SG 4.31). */
void
_acies_play_session_select_leader (AciesPlaySession *self,
                                   gint              l)
{
  set_number (self, &self->selected_unit, -1, PROP_SELECTED_UNIT);
  self->selected_leader = l;
}

/* The selected leader's name, newly allocated, or NULL. */
char *
_acies_play_session_selected_leader_name (AciesPlaySession *self)
{
  const AciesLeader *leader;

  if (self->selected_leader < 0 || (guint) self->selected_leader >= self->leader_views->len
      || (leader = g_ptr_array_index (self->leader_views, self->selected_leader)) == NULL)
    return NULL;
  return g_strdup (leader->name != NULL ? leader->name : leader->id);
}

/* Emits @signal ("message", "roll-needed") with @text. */
void
_acies_play_session_emit (AciesPlaySession *self,
                          const char       *signal,
                          const char       *text)
{
  g_signal_emit_by_name (self, signal, text);
}

void
_acies_play_session_set_hint (AciesPlaySession *self,
                              char             *text)
{
  set_text (self, &self->hint_text, text, PROP_HINT_TEXT);
}

void
_acies_play_session_set_legend (AciesPlaySession *self,
                                char             *text)
{
  set_text (self, &self->legend_text, text, PROP_LEGEND_TEXT);
}

/* The curtain. */

/* Hidden information exists when two seats would see the game
 * differently: a unit's back, anything in the per-seat views, or a
 * private event in the log (a player's look at his own counters, which
 * the other may not read).  The same test for the set-up and the rest of
 * the game: while it holds, the curtain hands the screen over whenever the
 * seat that must decide changes. */
static gboolean
has_hidden_information (AciesPlaySession *self)
{
  AciesRuleset *ruleset = ruleset_of (self);
  const AciesState *state = state_of (self);
  guint n_seats = acies_ruleset_get_n_seats (ruleset, state);
  guint n_units = acies_ruleset_get_n_units (ruleset, state);
  GPtrArray *events = acies_game_get_events (self->game);
  g_autofree char *first = NULL;

  for (guint i = 0; i < events->len; i++)
    {
      const AciesEvent *event = g_ptr_array_index (events, i);

      if (_acies_play_session_event_is_private (event) && event->player >= 0)
        return TRUE;
    }

  for (guint u = 0; u < n_units; u++)
    {
      gboolean seen_any = FALSE, hidden_any = FALSE;

      for (guint seat = 0; seat < n_seats; seat++)
        {
          AciesUnit view = { 0, };

          if (!acies_ruleset_unit_view (ruleset, state, u, seat, &view))
            continue;
          if (view.hidden != NULL)
            seen_any = TRUE;
          else
            hidden_any = TRUE;
        }
      if (seen_any && hidden_any)
        return TRUE;
    }

  for (guint seat = 0; seat < n_seats; seat++)
    {
      g_autoptr(JsonNode) node = acies_ruleset_state_view_to_json (ruleset, state, seat);
      g_autofree char *text = node != NULL ? json_to_string (node, FALSE) : g_strdup ("");

      if (first == NULL)
        first = g_steal_pointer (&text);
      else if (g_strcmp0 (first, text) != 0)
        return TRUE;
    }

  return FALSE;
}

/* The hand-over curtain: whenever the seat at the screen changes and
 * something is hidden from one of them.  It names the seat that must
 * decide now (after an undo too). */
static void
update_curtain (AciesPlaySession *self,
                gint              decider)
{
  gboolean curtain = self->curtain;

  if (decider < 0)
    curtain = FALSE;
  else if (decider != self->seat)
    {
      if (!_acies_play_session_same_person (self, decider, self->seat) && has_hidden_information (self))
        {
          if (!self->curtain)
            {
              /* What the incoming player missed, said on the curtain. */
              set_text (self, &self->curtain_summary,
                        _acies_play_session_handover_summary (self, self->seat, decider),
                        PROP_CURTAIN_SUMMARY);
              self->n_curtains++;
              g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CURTAINS]);
            }
          curtain = TRUE;
          /* The board under the curtain keeps no selection (nor its box). */
          _acies_play_session_select_unit (self, -1);
          self->has_pending = FALSE;
          g_array_set_size (self->candidates, 0);
        }
      else
        {
          curtain = FALSE;
          self->seat = decider;
        }
    }
  if (curtain)
    {
      g_autofree char *who = acies_play_session_dup_seat_label (self, decider);

      /* Translators: the hand-over curtain; the player who must take the seat. */
      set_text (self, &self->curtain_text, g_strdup_printf (_("Pass to %s"), who), PROP_CURTAIN_TEXT);
    }
  self->curtain = curtain;
}

/* End Phase says what it would do now: the ruleset's description of the
 * ending action ("End the player-turn: 8 Orders unspent are lost (LB
 * 4.1.2)") on its tooltip and under the prompt. */
static void
update_end_phase (AciesPlaySession *self)
{
  AciesAction end;
  const AciesActionSpec *specs;
  guint n_specs = 0;
  g_autofree char *text = NULL;
  const char *label;

  if (self->curtain || state_of (self)->finished || !_acies_play_session_find_end_phase (self, &end))
    {
      set_text (self, &self->end_text, NULL, PROP_END_TEXT);
      set_text (self, &self->end_tooltip, g_strdup (_("End the phase (Ctrl+E)")), PROP_END_TOOLTIP);
      return;
    }
  text = acies_ruleset_describe_action (ruleset_of (self), state_of (self), &end);
  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  label = end.type < n_specs && specs[end.type].label != NULL ? _(specs[end.type].label) : NULL;
  if (text == NULL || *text == '\0')
    {
      g_free (text);
      text = g_strdup (label != NULL ? label : _("End the phase"));
    }
  /* Translators: End Phase's tooltip: what it does now, and its key. */
  set_text (self, &self->end_tooltip, g_strdup_printf (_("%s (Ctrl+E)"), text), PROP_END_TOOLTIP);
  /* Under the prompt when it says more than the action's name. */
  if (label != NULL && g_ascii_strcasecmp (text, label) == 0)
    set_text (self, &self->end_text, NULL, PROP_END_TEXT);
  else
    /* Translators: under the prompt, what the End Phase button would do now. */
    set_text (self, &self->end_text, g_strdup_printf (_("End Phase — %s"), text), PROP_END_TEXT);
}

/* The attack card: the preview of a chosen action with odds (and what
 * Commit leads to), or, while a declared attack waits for its supporters
 * and choices, its odds as it now stands. */
static void
update_odds (AciesPlaySession *self)
{
  AciesAction declared;

  if (self->curtain || state_of (self)->finished
      || (!self->has_pending && !_acies_play_session_find_declared (self, &declared)))
    {
      set_text (self, &self->odds_title, NULL, PROP_ODDS_TITLE);
      set_text (self, &self->odds_text, NULL, PROP_ODDS_TEXT);
      return;
    }
  set_text (self, &self->odds_title,
            g_strdup (self->has_pending ? _("Attack Preview") : _("Declared Attack")), PROP_ODDS_TITLE);
  set_text (self, &self->odds_text,
            _acies_play_session_odds_text (self, self->has_pending ? &self->pending : &declared,
                                           self->has_pending),
            PROP_ODDS_TEXT);
}

/* The end: who won, and why. */
static void
update_victory (AciesPlaySession *self)
{
  const AciesState *state = state_of (self);
  char *title = NULL;

  if (state->finished && state->winner >= 0)
    {
      g_autofree char *who = acies_play_session_dup_player_label (self, state->winner);

      /* Translators: the winner. */
      title = g_strdup_printf (_("%s Wins"), who);
    }
  else if (state->finished)
    title = g_strdup (_("Draw"));
  set_text (self, &self->victory_title, title, PROP_VICTORY_TITLE);
  set_text (self, &self->victory_text, state->finished ? g_strdup (state->end_reason) : NULL,
            PROP_VICTORY_TEXT);
  set_flag (self, &self->finished, state->finished, PROP_FINISHED);
}

/* The turn, the phase, whose decision, and the prompt. */
static void
update_words (AciesPlaySession  *self,
              const AciesPrompt *prompt,
              gint               decider)
{
  const AciesState *state = state_of (self);
  g_autofree char *phase = _acies_play_session_phase_name (state->phase);
  /* The header names the player who must decide now (the prompt's
   * player), not the side whose turn it is. */
  gint to_play = decider >= 0 ? decider : state->active_side;
  char *prompt_text = NULL;

  set_text (self, &self->turn_text, _acies_play_session_turn_words (self), PROP_TURN_TEXT);
  /* A turn named by its phase ("Set-up", GC 3.0) is not said twice. */
  if (phase != NULL && g_strcmp0 (phase, self->turn_text) == 0)
    g_clear_pointer (&phase, g_free);
  if (phase != NULL)
    /* Translators: the window's subtitle, the turn and the phase,
     * "Turn 3 · Orders", "Pyrrhus Turn 2 · Command". */
    set_text (self, &self->subtitle, g_strdup_printf (_("%s · %s"), self->turn_text, phase), PROP_SUBTITLE);
  else
    set_text (self, &self->subtitle, g_strdup (self->turn_text), PROP_SUBTITLE);
  set_text (self, &self->phase_text, g_steal_pointer (&phase), PROP_PHASE_TEXT);

  /* "Romans to play": right for any side's name, unlike a possessive. */
  if (state->finished || to_play < 0)
    set_text (self, &self->side_text, NULL, PROP_SIDE_TEXT);
  else
    {
      g_autofree char *active = acies_play_session_dup_seat_label (self, to_play);

      /* Translators: the player whose turn it is, "Varro (Romans) to play". */
      set_text (self, &self->side_text, g_strdup_printf (_("%s to play"), active), PROP_SIDE_TEXT);
    }

  if (state->finished)
    prompt_text = g_strdup (state->end_reason != NULL ? state->end_reason : _("The game is over"));
  else if (self->curtain && decider >= 0)
    {
      g_autofree char *deciding = acies_play_session_dup_seat_label (self, decider);

      /* The ruleset's prompt is the deciding player's (it may name a
       * card only he may see, EP-1.2): behind the curtain, only who. */
      /* Translators: the prompt behind the hand-over curtain: the player who decides next. */
      prompt_text = g_strdup_printf (_("%s decides next, after taking the seat"), deciding);
    }
  else if (prompt != NULL)
    prompt_text = _acies_play_session_prompt_sentence (self, state, prompt);
  else if (decider >= 0)
    {
      g_autofree char *deciding = acies_play_session_dup_seat_label (self, decider);

      prompt_text = g_strdup_printf (_("%s to act: select a unit on the board or an action below"), deciding);
    }
  set_text (self, &self->prompt_text, prompt_text, PROP_PROMPT_TEXT);
}

/* The log as the viewer may read it (behind the curtain, nobody's
 * private lines). */
static void
update_log (AciesPlaySession *self)
{
  g_autoptr(GPtrArray) lines = _acies_play_session_log_lines (self, self->curtain ? -1 : self->seat, FALSE);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->log));
  gboolean same = n_old == lines->len;

  for (guint i = 0; i < lines->len && same; i++)
    {
      g_autoptr(AciesLogLine) line = g_list_model_get_item (G_LIST_MODEL (self->log), i);

      same = g_str_equal (acies_log_line_get_text (line), lines->pdata[i]);
    }
  if (same)
    return;
  for (guint i = 0; i < lines->len; i++)
    g_ptr_array_add (items, acies_log_line_new (lines->pdata[i]));
  g_list_store_splice (self->log, 0, n_old, items->pdata, items->len);
}

/* Brings everything the session shows up to the game's state, the
 * selection and the curtain.  The properties notify once, at the end. */
void
_acies_play_session_refresh (AciesPlaySession *self)
{
  AciesRuleset *ruleset = ruleset_of (self);
  const AciesState *state = state_of (self);
  g_autoptr(AciesPrompt) prompt = NULL;
  AciesAction end, declared;
  gboolean was_curtain = self->curtain;
  gint seat = self->seat;
  gint decider;

  g_object_freeze_notify (G_OBJECT (self));

  g_array_set_size (self->legal, 0);
  if (!state->finished)
    {
      acies_ruleset_legal_actions (ruleset, state, self->legal);
      prompt = acies_ruleset_get_prompt (ruleset, state);
    }
  decider = _acies_play_session_deciding_seat (self, prompt);
  update_curtain (self, decider);
  if (self->curtain)
    g_array_set_size (self->picks, 0);
  /* What the picked units lead to (it forgets picks no longer legal). */
  _acies_play_session_update_series (self);

  /* A selection, preview or list of candidates that is no longer legal
   * goes. */
  if (self->has_pending && !acies_ruleset_is_legal (ruleset, state, &self->pending))
    self->has_pending = FALSE;
  for (guint i = self->candidates->len; i > 0; i--)
    {
      const AciesAction *candidate = &g_array_index (self->candidates, AciesAction, i - 1);

      if (self->curtain || state->finished
          || (candidate->type == SERIES_ROW ? (guint) candidate->args[0] >= self->series->len
              : !acies_ruleset_is_legal (ruleset, state, candidate)))
        g_array_remove_index (self->candidates, i - 1);
    }
  if (self->candidates->len == 0)
    g_clear_pointer (&self->candidates_title, g_free);
  if (self->selected_unit >= 0 || self->selected_leader >= 0)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < self->legal->len && !any; i++)
        any = _acies_play_session_action_of_selection (self, &g_array_index (self->legal, AciesAction, i));
      if (!any)
        _acies_play_session_select_unit (self, -1);
    }
  if (self->curtain)
    _acies_play_session_set_hint (self, NULL);

  update_words (self, prompt, decider);
  update_victory (self);
  set_flag (self, &self->victory_shown, !self->curtain && state->finished && self->show_victory,
            PROP_VICTORY_SHOWN);

  _acies_play_session_update_board (self);
  set_text (self, &self->state_text,
            self->curtain ? NULL : _acies_play_session_state_text (self, self->state_json), PROP_STATE_TEXT);
  update_end_phase (self);
  update_odds (self);
  _acies_play_session_update_actions (self, prompt);
  _acies_play_session_update_quick (self);
  update_log (self);

  /* The selected unit's group names it: no "Selected: …" line above too. */
  {
    g_autoptr(AciesPlayGroup) first = g_list_model_get_item (G_LIST_MODEL (self->groups), 0);
    char *unit_text = NULL;

    if ((self->selected_unit >= 0 || self->selected_leader >= 0)
        && (first == NULL || !g_str_equal (acies_play_group_get_id (first), ":selected")))
      {
        g_autofree char *name = self->selected_unit >= 0
                                ? acies_ruleset_describe_unit (ruleset, state, self->selected_unit, self->seat)
                                : _acies_play_session_selected_leader_name (self);

        unit_text = g_strdup_printf (_("Selected: %s"), name != NULL ? name : "?");
      }
    set_text (self, &self->unit_text, unit_text, PROP_UNIT_TEXT);
  }

  if (self->n_actions != acies_game_get_n_actions (self->game))
    {
      self->n_actions = acies_game_get_n_actions (self->game);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ACTIONS]);
    }
  set_flag (self, &self->can_undo, self->n_actions > 0, PROP_CAN_UNDO);
  set_flag (self, &self->can_end_phase, !self->curtain && _acies_play_session_find_end_phase (self, &end),
            PROP_CAN_END_PHASE);
  set_flag (self, &self->can_commit,
            !self->curtain && (self->has_pending || _acies_play_session_find_declared (self, &declared)),
            PROP_CAN_COMMIT);
  set_flag (self, &self->can_cancel,
            self->has_pending || self->selected_unit >= 0 || self->selected_leader >= 0 || self->picks->len > 0,
            PROP_CAN_CANCEL);
  if (was_curtain != self->curtain)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURTAIN_SHOWN]);
  if (was_curtain != self->curtain || seat != self->seat)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);

  g_signal_emit (self, signals[SIGNAL_BOARD_CHANGED], 0);
  g_object_thaw_notify (G_OBJECT (self));
}

/* The game changed (an action taken or taken back): the session follows
 * it, once per composed gesture (see _acies_play_session_run_series()). */
void
_acies_play_session_game_changed (AciesPlaySession *self)
{
  const AciesState *state = state_of (self);

  /* At the end the victory page shows; after an undo the board again. */
  if (state->finished && !self->show_victory)
    self->show_victory = TRUE;
  else if (!state->finished)
    self->show_victory = FALSE;

  self->generation++;
  _acies_play_session_track_acted (self);
  g_array_set_size (self->candidates, 0);
  g_array_set_size (self->picks, 0);
  _acies_play_session_trim_compounds (self);
  _acies_play_session_set_hint (self, NULL);
  _acies_play_session_refresh (self);
}

static void
game_changed_cb (AciesPlaySession *self)
{
  if (!self->batch)
    _acies_play_session_game_changed (self);
}

/**
 * acies_play_session_reveal:
 * @self: a play session
 *
 * The player named on the curtain has taken the seat (play.reveal): the
 * board shows what that player may see.
 */
void
acies_play_session_reveal (AciesPlaySession *self)
{
  g_autoptr(AciesPrompt) prompt = NULL;

  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  if (!self->curtain)
    return;
  self->curtain = FALSE;
  self->lifted_at = g_get_monotonic_time ();
  if (!state_of (self)->finished)
    prompt = acies_ruleset_get_prompt (ruleset_of (self), state_of (self));
  self->seat = _acies_play_session_deciding_seat (self, prompt);
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURTAIN_SHOWN]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
  _acies_play_session_refresh (self);
  g_object_thaw_notify (G_OBJECT (self));
}

/* A key of the actions list refused (AciesPlaySession::key-refused). */
void
_acies_play_session_refuse_key (AciesPlaySession *self)
{
  g_signal_emit (self, signals[SIGNAL_KEY_REFUSED], 0);
}

/* The path preview follows the pointer and the keyboard focus. */

/**
 * acies_play_session_set_hover_cell:
 * @self: a play session
 * @cell: the cell under the pointer, or %ACIES_CELL_NONE
 *
 * The path preview follows the pointer: over a destination with a path,
 * "path-changed".
 */
void
acies_play_session_set_hover_cell (AciesPlaySession *self,
                                   AciesCell         cell)
{
  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  if (self->hover_cell == cell)
    return;
  self->hover_cell = cell;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER_CELL]);
  if (self->destinations->len > 0 && !self->has_pending && _acies_play_session_update_path (self))
    g_signal_emit (self, signals[SIGNAL_PATH_CHANGED], 0);
}

/**
 * acies_play_session_get_hover_cell:
 * @self: a play session
 *
 * Returns: the cell under the pointer, or %ACIES_CELL_NONE
 */
AciesCell
acies_play_session_get_hover_cell (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), ACIES_CELL_NONE);
  return self->hover_cell;
}

/**
 * acies_play_session_set_focus_cell:
 * @self: a play session
 * @cell: the board's keyboard focus cell
 *
 * The path preview follows the keyboard focus while the pointer is off
 * the board; the session moves it to an attack's target in the preview.
 */
void
acies_play_session_set_focus_cell (AciesPlaySession *self,
                                   AciesCell         cell)
{
  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  if (self->focus_cell == cell)
    return;
  self->focus_cell = cell;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOCUS_CELL]);
  if (self->destinations->len > 0 && !self->has_pending && self->hover_cell == ACIES_CELL_NONE
      && _acies_play_session_update_path (self))
    g_signal_emit (self, signals[SIGNAL_PATH_CHANGED], 0);
}

/**
 * acies_play_session_get_focus_cell:
 * @self: a play session
 *
 * Returns: the board's keyboard focus cell, or %ACIES_CELL_NONE
 */
AciesCell
acies_play_session_get_focus_cell (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), ACIES_CELL_NONE);
  return self->focus_cell;
}

/* Players. */

/**
 * acies_play_session_set_player_names:
 * @self: a play session
 * @names: (nullable) (array zero-terminated=1): the players' names, one
 *   per side ("" for the side's name)
 *
 * Names the players (kept by the game, so the saved file has them); the
 * words that name them follow.
 */
void
acies_play_session_set_player_names (AciesPlaySession   *self,
                                     const char * const *names)
{
  g_return_if_fail (ACIES_IS_PLAY_SESSION (self));

  acies_game_set_player_names (self->game, names);
  _acies_play_session_refresh (self);
}

/* GObject. */

static void
acies_play_session_constructed (GObject *object)
{
  AciesPlaySession *self = ACIES_PLAY_SESSION (object);

  G_OBJECT_CLASS (acies_play_session_parent_class)->constructed (object);

  g_assert (ACIES_IS_GAME (self->game));
  self->show_victory = state_of (self)->finished;
  g_signal_connect_object (self->game, "changed", G_CALLBACK (game_changed_cb), self, G_CONNECT_SWAPPED);
  _acies_play_session_track_acted (self);
  _acies_play_session_refresh (self);
}

static void
acies_play_session_finalize (GObject *object)
{
  AciesPlaySession *self = ACIES_PLAY_SESSION (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->legal, g_array_unref);
  g_clear_pointer (&self->shown, g_array_unref);
  g_clear_pointer (&self->candidates, g_array_unref);
  g_clear_pointer (&self->candidates_title, g_free);
  g_clear_pointer (&self->picks, g_array_unref);
  g_clear_pointer (&self->acted, g_array_unref);
  g_clear_pointer (&self->acted_phase, g_free);
  g_clear_pointer (&self->series, g_ptr_array_unref);
  g_clear_object (&self->quick);
  g_clear_pointer (&self->group_open, g_hash_table_unref);
  g_clear_object (&self->actions);
  g_clear_object (&self->groups);
  g_clear_object (&self->log);
  g_clear_pointer (&self->views, g_ptr_array_unref);
  g_clear_pointer (&self->view_index, g_array_unref);
  g_clear_pointer (&self->view_texts, g_ptr_array_unref);
  g_clear_pointer (&self->view_marks, g_array_unref);
  g_clear_pointer (&self->counter_leaders, g_ptr_array_unref);
  g_clear_pointer (&self->leader_views, g_ptr_array_unref);
  g_clear_pointer (&self->destinations, g_array_unref);
  g_clear_pointer (&self->costs, g_ptr_array_unref);
  g_clear_pointer (&self->paths, g_ptr_array_unref);
  g_clear_pointer (&self->routes, g_ptr_array_unref);
  g_clear_pointer (&self->route_plan, g_hash_table_unref);
  g_clear_pointer (&self->compounds, g_array_unref);
  g_clear_pointer (&self->targets, g_array_unref);
  g_clear_pointer (&self->done_words, g_free);
  g_clear_pointer (&self->path, g_array_unref);
  g_clear_pointer (&self->state_json, json_node_unref);
  g_clear_pointer (&self->lit_cells, g_array_unref);
  g_clear_pointer (&self->lit_label, g_free);
  g_free (self->curtain_text);
  g_free (self->curtain_summary);
  g_clear_pointer (&self->seen_lines, g_array_unref);
  g_free (self->turn_text);
  g_free (self->phase_text);
  g_free (self->side_text);
  g_free (self->subtitle);
  g_free (self->prompt_text);
  g_free (self->state_text);
  g_free (self->end_text);
  g_free (self->end_tooltip);
  g_free (self->unit_text);
  g_free (self->hint_text);
  g_free (self->legend_text);
  g_free (self->odds_title);
  g_free (self->odds_text);
  g_free (self->victory_title);
  g_free (self->victory_text);

  G_OBJECT_CLASS (acies_play_session_parent_class)->finalize (object);
}

static void
acies_play_session_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  AciesPlaySession *self = ACIES_PLAY_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_VIEWER:
      g_value_set_int (value, acies_play_session_get_viewer (self));
      break;
    case PROP_SELECTED_UNIT:
      g_value_set_int (value, self->selected_unit);
      break;
    case PROP_CURTAIN_SHOWN:
      g_value_set_boolean (value, self->curtain);
      break;
    case PROP_CURTAIN_TEXT:
      g_value_set_string (value, self->curtain_text);
      break;
    case PROP_CURTAIN_SUMMARY:
      g_value_set_string (value, self->curtain_summary);
      break;
    case PROP_N_CURTAINS:
      g_value_set_uint (value, self->n_curtains);
      break;
    case PROP_TURN_TEXT:
      g_value_set_string (value, self->turn_text);
      break;
    case PROP_PHASE_TEXT:
      g_value_set_string (value, self->phase_text);
      break;
    case PROP_SIDE_TEXT:
      g_value_set_string (value, self->side_text);
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;
    case PROP_PROMPT_TEXT:
      g_value_set_string (value, self->prompt_text);
      break;
    case PROP_STATE_TEXT:
      g_value_set_string (value, self->state_text);
      break;
    case PROP_END_TEXT:
      g_value_set_string (value, self->end_text);
      break;
    case PROP_END_TOOLTIP:
      g_value_set_string (value, self->end_tooltip);
      break;
    case PROP_UNIT_TEXT:
      g_value_set_string (value, self->unit_text);
      break;
    case PROP_HINT_TEXT:
      g_value_set_string (value, self->hint_text);
      break;
    case PROP_LEGEND_TEXT:
      g_value_set_string (value, self->legend_text);
      break;
    case PROP_ODDS_TITLE:
      g_value_set_string (value, self->odds_title);
      break;
    case PROP_ODDS_TEXT:
      g_value_set_string (value, self->odds_text);
      break;
    case PROP_FINISHED:
      g_value_set_boolean (value, self->finished);
      break;
    case PROP_VICTORY_SHOWN:
      g_value_set_boolean (value, self->victory_shown);
      break;
    case PROP_VICTORY_TITLE:
      g_value_set_string (value, self->victory_title);
      break;
    case PROP_VICTORY_TEXT:
      g_value_set_string (value, self->victory_text);
      break;
    case PROP_N_ACTIONS:
      g_value_set_uint (value, self->n_actions);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_END_PHASE:
      g_value_set_boolean (value, self->can_end_phase);
      break;
    case PROP_CAN_COMMIT:
      g_value_set_boolean (value, self->can_commit);
      break;
    case PROP_CAN_CANCEL:
      g_value_set_boolean (value, self->can_cancel);
      break;
    case PROP_FOCUS_CELL:
      g_value_set_int (value, self->focus_cell);
      break;
    case PROP_HOVER_CELL:
      g_value_set_int (value, self->hover_cell);
      break;
    case PROP_ACTIONS:
      g_value_set_object (value, self->actions);
      break;
    case PROP_ACTION_GROUPS:
      g_value_set_object (value, self->groups);
      break;
    case PROP_QUICK_ACTIONS:
      g_value_set_object (value, self->quick);
      break;
    case PROP_LOG:
      g_value_set_object (value, self->log);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_play_session_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  AciesPlaySession *self = ACIES_PLAY_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;
    case PROP_FOCUS_CELL:
      acies_play_session_set_focus_cell (self, g_value_get_int (value));
      break;
    case PROP_HOVER_CELL:
      acies_play_session_set_hover_cell (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
text_property (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
}

static GParamSpec *
flag_property (const char *name)
{
  return g_param_spec_boolean (name, NULL, NULL, FALSE,
                               (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
}

static GParamSpec *
model_property (const char *name)
{
  return g_param_spec_object (name, NULL, NULL, G_TYPE_LIST_MODEL,
                              (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
}

static void
acies_play_session_class_init (AciesPlaySessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = acies_play_session_constructed;
  object_class->finalize = acies_play_session_finalize;
  object_class->get_property = acies_play_session_get_property;
  object_class->set_property = acies_play_session_set_property;

  /**
   * AciesPlaySession:game:
   *
   * The game played.
   */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, ACIES_TYPE_GAME,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlaySession:viewer:
   *
   * The side whose view the board shows (the player at the screen), or
   * -1: nobody yet, or behind the curtain.
   */
  properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL, -1, G_MAXINT, -1,
                      (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlaySession:selected-unit:
   *
   * The unit index of the selected unit, or -1.
   */
  properties[PROP_SELECTED_UNIT] =
    g_param_spec_int ("selected-unit", NULL, NULL, -1, G_MAXINT, -1,
                      (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlaySession:curtain-shown:
   *
   * Whether the hand-over curtain hides the game: the player who must
   * decide changed while something is hidden from one of the players.
   */
  properties[PROP_CURTAIN_SHOWN] = flag_property ("curtain-shown");

  /**
   * AciesPlaySession:curtain-text:
   *
   * The curtain's words: "Pass to Pyrrhus (Epirus)".
   */
  properties[PROP_CURTAIN_TEXT] = text_property ("curtain-text");

  /**
   * AciesPlaySession:curtain-summary:
   *
   * What the player named on the curtain did not see: the public log
   * lines since that player last had the screen ("Since Pyrrhus last
   * played: …"), set when the curtain comes down.
   */
  properties[PROP_CURTAIN_SUMMARY] = text_property ("curtain-summary");

  /**
   * AciesPlaySession:n-curtains:
   *
   * How many times the curtain came down since the session began.
   */
  properties[PROP_N_CURTAINS] =
    g_param_spec_uint ("n-curtains", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlaySession:turn-text:
   *
   * The turn as the rulebook names it ("Pyrrhus Turn 2"), or "Turn 3".
   */
  properties[PROP_TURN_TEXT] = text_property ("turn-text");

  /**
   * AciesPlaySession:phase-text:
   *
   * The phase in words ("Orders phase"), or %NULL when there is none or
   * the turn's words say it already.
   */
  properties[PROP_PHASE_TEXT] = text_property ("phase-text");

  /**
   * AciesPlaySession:side-text:
   *
   * The player who decides now, "Varro (Romans) to play", or %NULL at
   * the end.
   */
  properties[PROP_SIDE_TEXT] = text_property ("side-text");

  /**
   * AciesPlaySession:subtitle:
   *
   * The window's subtitle: the turn and the phase, "Turn 3 · Orders".
   */
  properties[PROP_SUBTITLE] = text_property ("subtitle");

  /**
   * AciesPlaySession:prompt-text:
   *
   * What the rules ask now, naming the player who decides once; at the
   * end, why it ended.
   */
  properties[PROP_PROMPT_TEXT] = text_property ("prompt-text");

  /**
   * AciesPlaySession:state-text:
   *
   * The ruleset's own state as the viewer may see it (orders, pools,
   * victory points…) in lines a player reads, or %NULL behind the
   * curtain.
   */
  properties[PROP_STATE_TEXT] = text_property ("state-text");

  /**
   * AciesPlaySession:end-text:
   *
   * What End Phase would do now, when it says more than the action's
   * name ("End Phase — End the player-turn: 8 Orders unspent are lost"),
   * or %NULL.
   */
  properties[PROP_END_TEXT] = text_property ("end-text");

  /**
   * AciesPlaySession:end-tooltip:
   *
   * End Phase's tooltip: what it does now, and its key.
   */
  properties[PROP_END_TOOLTIP] = text_property ("end-tooltip");

  /**
   * AciesPlaySession:unit-text:
   *
   * "Selected: …" when a unit is selected and the actions list does not
   * name it already, else %NULL.
   */
  properties[PROP_UNIT_TEXT] = text_property ("unit-text");

  /**
   * AciesPlaySession:hint-text:
   *
   * Why the last click on the board did nothing ("G15 is not a legal
   * destination for…"), or %NULL.
   */
  properties[PROP_HINT_TEXT] = text_property ("hint-text");

  /**
   * AciesPlaySession:legend-text:
   *
   * What the lit cells on the board are: for whom, by which kind of
   * action and rule, what the numbers on them mean, and what the circled
   * ones are ("Lit: where Phalanx A may go — Move (GC 8.0). The number on
   * each is what going there costs…"), or %NULL when nothing is lit.
   */
  properties[PROP_LEGEND_TEXT] = text_property ("legend-text");

  /**
   * AciesPlaySession:odds-title:
   *
   * The attack card's heading, "Attack Preview" or "Declared Attack", or
   * %NULL when there is no card.
   */
  properties[PROP_ODDS_TITLE] = text_property ("odds-title");

  /**
   * AciesPlaySession:odds-text:
   *
   * The attack card: the action, its odds from the ruleset and what
   * Commit leads to; or %NULL when no attack waits.
   */
  properties[PROP_ODDS_TEXT] = text_property ("odds-text");

  /**
   * AciesPlaySession:finished:
   *
   * Whether the game is over.
   */
  properties[PROP_FINISHED] = flag_property ("finished");

  /**
   * AciesPlaySession:victory-shown:
   *
   * Whether the victory page, not the board, shows (at the end, until
   * play.show-board).
   */
  properties[PROP_VICTORY_SHOWN] = flag_property ("victory-shown");

  /**
   * AciesPlaySession:victory-title:
   *
   * At the end, "Pyrrhus (Epirus) Wins" or "Draw"; else %NULL.
   */
  properties[PROP_VICTORY_TITLE] = text_property ("victory-title");

  /**
   * AciesPlaySession:victory-text:
   *
   * At the end, why it ended, in the ruleset's words.
   */
  properties[PROP_VICTORY_TEXT] = text_property ("victory-text");

  /**
   * AciesPlaySession:n-actions:
   *
   * How many actions the game's log holds.
   */
  properties[PROP_N_ACTIONS] =
    g_param_spec_uint ("n-actions", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlaySession:can-undo:
   *
   * Whether there is an action to take back (play.undo).
   */
  properties[PROP_CAN_UNDO] = flag_property ("can-undo");

  /**
   * AciesPlaySession:can-end-phase:
   *
   * Whether End Phase has an action to take (play.end-phase).
   */
  properties[PROP_CAN_END_PHASE] = flag_property ("can-end-phase");

  /**
   * AciesPlaySession:can-commit:
   *
   * Whether an attack waits to be committed (play.commit).
   */
  properties[PROP_CAN_COMMIT] = flag_property ("can-commit");

  /**
   * AciesPlaySession:can-cancel:
   *
   * Whether there is a selection or preview to cancel (play.cancel).
   */
  properties[PROP_CAN_CANCEL] = flag_property ("can-cancel");

  /**
   * AciesPlaySession:focus-cell:
   *
   * The board's keyboard focus cell: the path preview follows it; an
   * attack in the preview moves it to the target.
   */
  properties[PROP_FOCUS_CELL] =
    g_param_spec_int ("focus-cell", NULL, NULL, -1, G_MAXINT, ACIES_CELL_NONE,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlaySession:hover-cell:
   *
   * The cell under the pointer, or %ACIES_CELL_NONE: the path preview
   * follows it.
   */
  properties[PROP_HOVER_CELL] =
    g_param_spec_int ("hover-cell", NULL, NULL, -1, G_MAXINT, ACIES_CELL_NONE,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesPlaySession:actions:
   *
   * The rows of the actions list (#AciesPlayAction).
   */
  properties[PROP_ACTIONS] = model_property ("actions");

  /**
   * AciesPlaySession:action-groups:
   *
   * The groups of the actions list (#AciesPlayGroup).
   */
  properties[PROP_ACTION_GROUPS] = model_property ("action-groups");

  /**
   * AciesPlaySession:quick-actions:
   *
   * The frequent commands of the phase with their stable keys
   * (#AciesPlayQuick), see acies_play_session_get_quick_actions().
   */
  properties[PROP_QUICK_ACTIONS] = model_property ("quick-actions");

  /**
   * AciesPlaySession:log:
   *
   * The event log as the viewer may read it (#AciesLogLine).
   */
  properties[PROP_LOG] = model_property ("log");

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AciesPlaySession::board-changed:
   * @self: the play session
   *
   * The views, their marks and markers, the destinations, targets and
   * path changed: the board and the off-map box draw them again.
   */
  signals[SIGNAL_BOARD_CHANGED] =
    g_signal_new ("board-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * AciesPlaySession::path-changed:
   * @self: the play session
   *
   * The path preview alone changed (acies_play_session_get_path()).
   */
  signals[SIGNAL_PATH_CHANGED] =
    g_signal_new ("path-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * AciesPlaySession::message:
   * @self: the play session
   * @text: what to say
   *
   * Something to tell the player in passing (a refused action).
   */
  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * AciesPlaySession::roll-needed:
   * @self: the play session
   * @text: the ruleset's words for the roll needed
   *
   * With physical dice, an action needs a roll from the table: answer
   * with acies_play_session_enter_roll() or
   * acies_play_session_cancel_roll().
   */
  signals[SIGNAL_ROLL_NEEDED] =
    g_signal_new ("roll-needed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * AciesPlaySession::key-refused:
   * @self: the play session
   *
   * A key of the actions list (Alt+1 … Alt+9) was pressed while the
   * player could not read the list: behind the hand-over curtain, or
   * just after it lifted (acies_play_session_choose_key()).  Nothing was
   * done; the window rings the bell.
   */
  signals[SIGNAL_KEY_REFUSED] =
    g_signal_new ("key-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
free_path (gpointer data)
{
  if (data != NULL)
    g_array_unref (data);
}

static void
acies_play_session_init (AciesPlaySession *self)
{
  self->seat = -1;
  self->lit_cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  self->selected_unit = -1;
  self->selected_leader = -1;
  self->hover_cell = ACIES_CELL_NONE;
  self->focus_cell = ACIES_CELL_NONE;
  self->legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  self->shown = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  self->candidates = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  self->seen_lines = g_array_new (FALSE, TRUE, sizeof (guint));
  self->picks = g_array_new (FALSE, FALSE, sizeof (gint));
  self->series = _acies_play_session_series_new ();
  self->quick = g_list_store_new (ACIES_TYPE_PLAY_QUICK);
  self->group_open = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->actions = g_list_store_new (ACIES_TYPE_PLAY_ACTION);
  self->groups = g_list_store_new (ACIES_TYPE_PLAY_GROUP);
  self->log = g_list_store_new (ACIES_TYPE_LOG_LINE);
  self->views = g_ptr_array_new_with_free_func (g_free);
  self->view_index = g_array_new (FALSE, FALSE, sizeof (gint));
  self->view_texts = g_ptr_array_new_with_free_func (g_free);
  self->view_marks = g_array_new (FALSE, FALSE, sizeof (guint));
  self->leader_views = g_ptr_array_new_with_free_func (g_free);
  self->counter_leaders = g_ptr_array_new ();
  self->destinations = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  self->costs = g_ptr_array_new_with_free_func (g_free);
  self->paths = g_ptr_array_new_with_free_func (free_path);
  self->routes = g_ptr_array_new ();
  self->compounds = _acies_play_session_compounds_new ();
  self->plan_mover = -2;
  self->targets = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  self->path = g_array_new (FALSE, FALSE, sizeof (AciesCell));
}

/**
 * acies_play_session_new:
 * @game: the game to play
 *
 * A session begins with nobody at the screen: when something is hidden
 * from one of the players, the curtain names the player who decides
 * first.
 *
 * Returns: (transfer full): a new session following @game
 */
AciesPlaySession *
acies_play_session_new (AciesGame *game)
{
  g_return_val_if_fail (ACIES_IS_GAME (game), NULL);

  return g_object_new (ACIES_TYPE_PLAY_SESSION, "game", game, NULL);
}
