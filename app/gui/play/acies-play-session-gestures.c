/* acies-play-session-gestures.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <glib/gi18n.h>

#include "acies-play-quick.h"
#include "acies-play-session-private.h"

/* The play session's gestures of several actions, and its stable keys:
 * - "Place the rest": where the rules place one unit per action (a
 *   set-up, GC 3.1), the rest of the unit's formation, each unit on the
 *   first of its legal placements in the ruleset's order
 *   (acies_ruleset_sort_placements());
 * - picks: units shift-clicked or caught in a rubber band, whose one
 *   action each (Lost Battles' "Add to group", LB 4.2) is taken together
 *   with what follows it ("Activate the group"), one row, one gesture;
 * - the quick actions: the frequent commands of the phase, each with the
 *   key its action spec gives it (Alt+letter, the same in every phase).
 * Each gesture is one step for Take Back (acies-play-session-moves.c). */

/* A gesture the actions list offers as one row. */
typedef struct
{
  GArray *actions;  /* AciesAction, in order */
  char   *words;
  guint   last_type; /* the action type of its last action */
} Series;

static void
series_free (gpointer data)
{
  Series *series = data;

  g_array_unref (series->actions);
  g_free (series->words);
  g_free (series);
}

GPtrArray *
_acies_play_session_series_new (void)
{
  return g_ptr_array_new_with_free_func (series_free);
}

/* The spec of @type, or NULL. */
static const AciesActionSpec *
spec_of (AciesPlaySession *self,
         guint             type)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  return type < n_specs ? &specs[type] : NULL;
}

/* Applies @actions to a copy of the state; NULL when one is refused or
 * rolls dice (a gesture's state before its end must be known). */
static AciesState *
state_after (AciesPlaySession *self,
             const GArray     *actions)
{
  AciesRuleset *ruleset = ruleset_of (self);
  AciesState *state = acies_ruleset_copy_state (ruleset, state_of (self));

  for (guint i = 0; i < actions->len; i++)
    {
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();

      if (!acies_ruleset_apply (ruleset, state, &g_array_index (actions, AciesAction, i), dice, NULL, NULL)
          || acies_dice_failed (dice) || acies_dice_get_rolls (dice)->len > 0)
        {
          acies_ruleset_free_state (ruleset, state);
          return NULL;
        }
    }
  return state;
}

/* The formation @unit belongs to as @viewer sees it, or NULL. */
static const char *
formation_of (AciesPlaySession *self,
              const AciesState *state,
              gint              unit,
              gint              viewer)
{
  AciesUnit view = { 0, };

  if (unit < 0 || !acies_ruleset_unit_view (ruleset_of (self), state, unit, viewer, &view))
    return NULL;
  return view.formation;
}

/* Place the rest. */

/* Whether @unit is off the map in @state (not yet deployed): only then
 * do its actions with a cell place it; on the map they move it. */
static gboolean
off_the_map (AciesPlaySession *self,
             const AciesState *state,
             gint              unit)
{
  AciesUnit view = { 0, };

  return acies_ruleset_unit_view (ruleset_of (self), state, unit, state->deciding_side, &view)
         && view.cell == ACIES_CELL_NONE;
}

/* Whether the legal actions @legal all place one unit (one type, the
 * unit its first argument, a cell each): the unit, or -1. */
static gint
placing_unit_of (AciesPlaySession *self,
                 const GArray     *legal,
                 guint            *type)
{
  const AciesActionSpec *spec;
  gint unit = -1;

  if (legal->len == 0)
    return -1;
  *type = g_array_index (legal, AciesAction, 0).type;
  spec = spec_of (self, *type);
  if (spec == NULL || spec->n_args < 2 || spec->args[0].kind != ACIES_ARG_UNIT)
    return -1;
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *action = &g_array_index (legal, AciesAction, i);
      gboolean has_cell = FALSE;

      if (action->type != *type || (unit >= 0 && action->args[0] != unit))
        return -1;
      unit = action->args[0];
      for (guint a = 1; a < spec->n_args; a++)
        has_cell |= spec->args[a].kind == ACIES_ARG_CELL && action->args[a] >= 0;
      if (!has_cell)
        return -1;
    }
  return unit;
}

/* The unit of placing_unit_of() if it is off the map: a unit on the map
 * is not placed but moved (Four Battles' FB 5.32: the one unit another
 * ended its move on moves next), and gives -1. */
static gint
placing_unit (AciesPlaySession *self,
              const AciesState *state,
              const GArray     *legal,
              guint            *type)
{
  gint unit = placing_unit_of (self, legal, type);

  return unit >= 0 && off_the_map (self, state, unit) ? unit : -1;
}

/* The series "Place the rest" takes now, and its words; FALSE when it
 * would take fewer than two actions. */
static gboolean
plan_place_rest (AciesPlaySession *self,
                 GArray           *out,
                 char            **words)
{
  AciesRuleset *ruleset = ruleset_of (self);
  const AciesState *now = state_of (self);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  const AciesFormation *formation;
  const AciesActionSpec *spec;
  const char *wing;
  AciesState *state;
  gint player = now->deciding_side, unit;
  guint type = 0;

  if (now->finished || self->curtain)
    return FALSE;
  unit = placing_unit (self, now, self->legal, &type);
  wing = formation_of (self, now, unit, player);
  if (unit < 0 || wing == NULL)
    return FALSE;

  state = acies_ruleset_copy_state (ruleset, now);
  g_array_append_vals (legal, self->legal->data, self->legal->len);
  for (guint n = 0; n < 5000; n++)
    {
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      AciesAction action;
      guint next_type = 0;
      gint next = placing_unit (self, state, legal, &next_type);

      if (next < 0 || next_type != type || state->deciding_side != player
          || g_strcmp0 (formation_of (self, state, next, player), wing) != 0)
        break;
      acies_ruleset_sort_placements (ruleset, state, legal);
      action = g_array_index (legal, AciesAction, 0);
      if (!acies_ruleset_apply (ruleset, state, &action, dice, NULL, NULL)
          || acies_dice_failed (dice) || acies_dice_get_rolls (dice)->len > 0)
        break;
      g_array_append_val (out, action);
      g_array_set_size (legal, 0);
      if (!state->finished)
        acies_ruleset_legal_actions (ruleset, state, legal);
    }
  acies_ruleset_free_state (ruleset, state);
  if (out->len < 2)
    return FALSE;

  spec = spec_of (self, type);
  formation = acies_scenario_find_formation (now->scenario, wing);
  /* Translators: "Place the rest of Purple (phalanx): 12 units (GC 3.1)";
   * the action's name, the formation, how many, the rule. */
  *words = g_strdup_printf (_("%s the rest of %s: %u units (%s)"),
                            spec->label != NULL ? _(spec->label) : spec->name,
                            formation != NULL && formation->name != NULL ? formation->name : wing,
                            out->len, spec->rule != NULL ? acies_rule_citation_shown (spec->rule) : "?");
  return TRUE;
}

/**
 * acies_play_session_place_rest:
 * @self: a play session
 *
 * Where the rules place one unit per action (a set-up, GC 3.1), places
 * the unit asked for and the rest of its formation (play.place-rest),
 * each on the first of its legal placements in the ruleset's order (Grass
 * Crown: the front rank first, see acies_ruleset_sort_placements()), as
 * one gesture: one Take Back undoes it.  Nothing happens when
 * #AciesPlaySession:place-rest-text is %NULL.
 *
 * Returns: how many units were placed
 */
guint
acies_play_session_place_rest (AciesPlaySession *self)
{
  g_autoptr(GArray) actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autofree char *words = NULL;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), 0);

  if (!plan_place_rest (self, actions, &words))
    return 0;
  return _acies_play_session_run_series (self, actions, words);
}

/**
 * _acies_play_session_place_rest_words:
 * @self: a play session
 *
 * Returns: (transfer full) (nullable): what "Place the rest" would do now,
 *   or %NULL when it cannot
 */
char *
_acies_play_session_place_rest_words (AciesPlaySession *self)
{
  g_autoptr(GArray) actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  char *words = NULL;

  if (!plan_place_rest (self, actions, &words))
    return NULL;
  return words;
}

/* Picks. */

/* The legal action of @unit in @legal that a pick takes: its one action
 * with the unit as its only argument, of @type when @type is not
 * G_MAXUINT. */
static gboolean
pick_action (AciesPlaySession *self,
             const GArray     *legal,
             gint              unit,
             guint             type,
             AciesAction      *out)
{
  gboolean found = FALSE;

  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *action = &g_array_index (legal, AciesAction, i);
      const AciesActionSpec *spec = spec_of (self, action->type);

      if (spec == NULL || spec->n_args != 1 || spec->args[0].kind != ACIES_ARG_UNIT
          || action->args[0] != unit || (type != G_MAXUINT && action->type != type))
        continue;
      if (found && out->type != action->type)
        return FALSE;   /* two kinds: no telling which the pick means */
      *out = *action;
      found = TRUE;
    }
  return found;
}

/* The picks' actions in order, or NULL when they no longer all are legal
 * one after the other. */
static GArray *
pick_actions (AciesPlaySession *self,
              const GArray     *units)
{
  AciesRuleset *ruleset = ruleset_of (self);
  g_autoptr(GArray) actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  AciesState *state = acies_ruleset_copy_state (ruleset, state_of (self));
  guint type = G_MAXUINT;
  gboolean ok = TRUE;

  g_array_append_vals (legal, self->legal->data, self->legal->len);
  for (guint i = 0; i < units->len && ok; i++)
    {
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      AciesAction action;

      ok = pick_action (self, legal, g_array_index (units, gint, i), type, &action)
           && acies_ruleset_apply (ruleset, state, &action, dice, NULL, NULL)
           && !acies_dice_failed (dice) && acies_dice_get_rolls (dice)->len == 0
           && state->deciding_side == state_of (self)->deciding_side;
      if (!ok)
        break;
      type = action.type;
      g_array_append_val (actions, action);
      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (ruleset, state, legal);
    }
  acies_ruleset_free_state (ruleset, state);

  return ok ? g_steal_pointer (&actions) : NULL;
}

/* Whether the actions legal in @state are those legal now (an action
 * that leads there undoes the picks). */
static gboolean
same_legal (AciesPlaySession *self,
            const AciesState *state)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_ruleset_legal_actions (ruleset_of (self), state, legal);
  if (legal->len != self->legal->len)
    return FALSE;
  for (guint i = 0; i < legal->len; i++)
    if (!acies_ruleset_is_legal (ruleset_of (self), state_of (self), &g_array_index (legal, AciesAction, i)))
      return FALSE;
  return TRUE;
}

/* The rows the picks lead to: the picks' actions, then each legal action
 * of no unit that follows them ("Activate the group: standard
 * activation"), unless it undoes them ("Cancel group": the state is the
 * one before the picks again). */
void
_acies_play_session_update_series (AciesPlaySession *self)
{
  AciesRuleset *ruleset = ruleset_of (self);
  g_autoptr(GArray) picks = NULL;
  g_autoptr(GArray) legal = NULL;
  g_autofree char *now = NULL;
  AciesState *state;

  g_ptr_array_set_size (self->series, 0);
  if (self->picks->len == 0 || self->curtain || state_of (self)->finished)
    return;
  picks = pick_actions (self, self->picks);
  if (picks == NULL || (state = state_after (self, picks)) == NULL)
    {
      g_array_set_size (self->picks, 0);
      return;
    }

  now = acies_ruleset_dup_digest (ruleset, state_of (self));
  legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  acies_ruleset_legal_actions (ruleset, state, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *action = &g_array_index (legal, AciesAction, i);
      const AciesActionSpec *spec = spec_of (self, action->type);
      AciesState *after;
      gboolean undoes;
      Series *series;

      if (spec == NULL || action->type == g_array_index (picks, AciesAction, 0).type
          || action->player != state_of (self)->deciding_side
          || (spec->n_args > 0 && spec->args[0].kind == ACIES_ARG_UNIT))
        continue;
      after = acies_ruleset_copy_state (ruleset, state);
      {
        g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
        g_autofree char *sum = NULL;

        /* A roll here is the gesture's end: it counts as not undoing. */
        if (!acies_ruleset_apply (ruleset, after, action, dice, NULL, NULL))
          {
            acies_ruleset_free_state (ruleset, after);
            continue;
          }
        sum = acies_ruleset_dup_digest (ruleset, after);
        undoes = !acies_dice_failed (dice)
                 && (g_str_equal (sum, now) || same_legal (self, after));
      }
      acies_ruleset_free_state (ruleset, after);
      if (undoes)
        continue;

      series = g_new0 (Series, 1);
      series->actions = g_array_copy (picks);
      g_array_append_val (series->actions, *action);
      series->words = acies_ruleset_describe_action (ruleset, state, action);
      if (series->words == NULL)
        series->words = g_strdup (spec->label != NULL ? _(spec->label) : spec->name);
      series->last_type = action->type;
      g_ptr_array_add (self->series, series);
    }
  acies_ruleset_free_state (ruleset, state);
}

/**
 * _acies_play_session_series_words:
 * @self: a play session
 * @index: a row of the picks' gestures
 *
 * Returns: (nullable): the row's words
 */
const char *
_acies_play_session_series_words (AciesPlaySession *self,
                                  guint             index)
{
  return index < self->series->len ? ((Series *) g_ptr_array_index (self->series, index))->words : NULL;
}

/**
 * _acies_play_session_run_picked:
 * @self: a play session
 * @index: a row of the picks' gestures
 *
 * Takes the picks' actions and the row's, as one gesture; the picks go.
 */
void
_acies_play_session_run_picked (AciesPlaySession *self,
                                guint             index)
{
  g_autoptr(GArray) actions = NULL;
  g_autofree char *words = NULL;
  Series *series;

  if (index >= self->series->len)
    return;
  series = g_ptr_array_index (self->series, index);
  actions = g_array_copy (series->actions);
  words = g_strdup (series->words);
  g_array_set_size (self->picks, 0);
  _acies_play_session_run_series (self, actions, words);
}

/* Whether @unit may join the picks: its pick action is legal after
 * theirs. */
static gboolean
may_pick (AciesPlaySession *self,
          gint              unit)
{
  g_autoptr(GArray) units = g_array_copy (self->picks);
  g_autoptr(GArray) actions = NULL;

  g_array_append_val (units, unit);
  actions = pick_actions (self, units);
  return actions != NULL;
}

/**
 * acies_play_session_toggle_pick:
 * @self: a play session
 * @unit: a unit index of the state
 *
 * A shift-click on a unit (play.pick): it joins the units picked to act
 * together, or leaves them.  The unit selected by a plain click before
 * the first shift-click joins first, as a selection extends in a file
 * manager.  A unit joins when its one action with
 * itself as the only argument (Lost Battles' "Add to group", LB 4.2) is
 * legal after those of the units picked before it; the actions list then
 * offers, first, what follows them ("Activate the group"), each as one
 * gesture.  A unit that may not join says why in
 * #AciesPlaySession:hint-text.
 *
 * Returns: whether @unit is picked now
 */
gboolean
acies_play_session_toggle_pick (AciesPlaySession *self,
                                gint              unit)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), FALSE);

  if (self->curtain || state_of (self)->finished || unit < 0)
    return FALSE;
  _acies_play_session_set_hint (self, NULL);
  g_array_set_size (self->candidates, 0);
  /* A click then shift-clicks, as in a file manager: the unit selected
   * by the click is the group's first, when it may be picked. */
  if (self->picks->len == 0 && self->selected_unit >= 0 && self->selected_unit != unit
      && may_pick (self, self->selected_unit))
    g_array_append_val (self->picks, self->selected_unit);
  for (guint i = 0; i < self->picks->len; i++)
    if (g_array_index (self->picks, gint, i) == unit)
      {
        g_array_remove_index (self->picks, i);
        _acies_play_session_refresh (self);
        return FALSE;
      }
  if (!may_pick (self, unit))
    {
      g_autofree char *name = acies_ruleset_describe_unit (ruleset_of (self), state_of (self), unit, self->seat);

      /* Translators: a shift-click on a unit that cannot act with the units picked. */
      _acies_play_session_set_hint (self, g_strdup_printf (_("%s cannot act together with the units picked: "
                                                             "it has no such action now"),
                                                           name != NULL ? name : "?"));
      _acies_play_session_refresh (self);
      return FALSE;
    }
  g_array_append_val (self->picks, unit);
  self->has_pending = FALSE;
  _acies_play_session_select_unit (self, -1);
  _acies_play_session_refresh (self);
  return TRUE;
}

/**
 * acies_play_session_pick_units:
 * @self: a play session
 * @units: (array length=n_units): unit indexes, in the order to try them
 * @n_units: how many
 *
 * A rubber band drawn over counters (play.pick with Shift and a drag):
 * each unit that may join the picks joins them, in order; the others are
 * left out without a word.
 *
 * Returns: how many joined
 */
guint
acies_play_session_pick_units (AciesPlaySession *self,
                               const gint       *units,
                               guint             n_units)
{
  guint joined = 0;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), 0);

  if (self->curtain || state_of (self)->finished)
    return 0;
  for (guint i = 0; i < n_units; i++)
    {
      gboolean picked = FALSE;

      for (guint k = 0; k < self->picks->len && !picked; k++)
        picked = g_array_index (self->picks, gint, k) == units[i];
      if (!picked && may_pick (self, units[i]))
        {
          g_array_append_val (self->picks, units[i]);
          joined++;
        }
    }
  if (joined > 0)
    {
      self->has_pending = FALSE;
      _acies_play_session_select_unit (self, -1);
      g_array_set_size (self->candidates, 0);
      _acies_play_session_set_hint (self, NULL);
    }
  _acies_play_session_refresh (self);
  return joined;
}

/**
 * acies_play_session_get_picks:
 * @self: a play session
 *
 * Returns: (transfer none) (element-type gint): the units picked to act
 *   together, in the order picked
 */
const GArray *
acies_play_session_get_picks (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);
  return self->picks;
}

/* Stable keys. */

/* Whether spec @type has the key @letter (several specs may share one,
 * never legal together: each step's End). */
static gboolean
spec_has_key (const AciesActionSpec *specs,
              guint                  n_specs,
              guint                  type,
              const char            *letter)
{
  return type < n_specs && specs[type].key != NULL && letter != NULL
         && g_ascii_strcasecmp (specs[type].key, letter) == 0;
}

/* The first spec whose key is @letter, or G_MAXUINT; @n_out: how many
 * specs have it. */
static guint
spec_of_key (AciesPlaySession *self,
             const char       *letter,
             guint            *n_out)
{
  const AciesActionSpec *specs;
  guint n_specs = 0, first = G_MAXUINT, n = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  for (guint i = 0; i < n_specs; i++)
    if (spec_has_key (specs, n_specs, i, letter))
      {
        if (first == G_MAXUINT)
          first = i;
        n++;
      }
  if (n_out != NULL)
    *n_out = n;
  return first;
}

/* What the key @letter would take now: the legal actions of the specs
 * with that key, and the picks' gestures that end with one. */
static void
keyed_actions (AciesPlaySession *self,
               const char       *letter,
               GArray           *out)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  for (guint i = 0; i < self->series->len; i++)
    if (spec_has_key (specs, n_specs, ((Series *) g_ptr_array_index (self->series, i))->last_type, letter))
      {
        AciesAction row = { SERIES_ROW, -1, { (gint32) i, -1, -1, -1, -1, -1, -1, -1 } };

        g_array_append_val (out, row);
      }
  for (guint i = 0; i < self->legal->len; i++)
    if (spec_has_key (specs, n_specs, g_array_index (self->legal, AciesAction, i).type, letter))
      g_array_append_val (out, g_array_index (self->legal, AciesAction, i));
}

/* The spec of @action, a legal action or a picks' gesture. */
static const AciesActionSpec *
spec_of_found (AciesPlaySession  *self,
               const AciesAction *action)
{
  guint type = action->type == SERIES_ROW
               ? ((Series *) g_ptr_array_index (self->series, action->args[0]))->last_type
               : action->type;

  return spec_of (self, type);
}

static char *
spec_words (const AciesActionSpec *spec)
{
  return g_strdup (spec->label != NULL ? _(spec->label) : spec->name);
}

/**
 * acies_play_session_choose_spec_key:
 * @self: a play session
 * @letter: a key of the ruleset's action specs ("e")
 *
 * Alt+letter (play.key): the kind of action whose spec has that key, the
 * same in every phase ("End activation", "Activate group"; "e" ends each
 * step, whatever its spec).  One such action now is taken (or previewed);
 * several are listed first in the actions list to pick from (with the
 * picked units, their gestures).
 *
 * Returns: whether the key does anything now
 */
gboolean
acies_play_session_choose_spec_key (AciesPlaySession *self,
                                    const char       *letter)
{
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint type, n_keyed = 0;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), FALSE);

  type = spec_of_key (self, letter, &n_keyed);
  if (self->curtain || state_of (self)->finished || type == G_MAXUINT)
    return FALSE;
  keyed_actions (self, letter, found);
  if (found->len == 0)
    {
      const AciesActionSpec *spec = spec_of (self, type);
      /* Translators: the key of a kind of action, Alt and a letter ("Alt+G"). */
      g_autofree char *accel = g_strdup_printf (_("Alt+%c"), g_ascii_toupper (spec->key[0]));
      g_autofree char *words = spec_words (spec);

      if (n_keyed > 1)
        /* Translators: a key shared by several kinds of action (each step's End), none allowed now;
         * %s is the key ("Alt+E"). */
        _acies_play_session_set_hint (self, g_strdup_printf (_("%s has nothing to do now"), accel));
      else
        /* Translators: a key whose kind of action the rules do not allow now ("Activate group (Alt+G)");
         * the second %s is the key ("Alt+G"). */
        _acies_play_session_set_hint (self, g_strdup_printf (_("%s (%s) is not possible now"), words, accel));
      _acies_play_session_refresh (self);
      return FALSE;
    }
  g_free (self->candidates_title);
  self->candidates_title = spec_words (spec_of_found (self, &g_array_index (found, AciesAction, 0)));
  _acies_play_session_take_or_list (self, found);
  return TRUE;
}

/* The quick actions: "Place the rest" when it can, then each key that
 * has something to do now, in the specs' order, named by the first spec
 * it would take. */
void
_acies_play_session_update_quick (AciesPlaySession *self)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  const AciesActionSpec *specs;
  guint n_specs = 0, n_old;
  gboolean same;

  if (!self->curtain && !state_of (self)->finished)
    {
      g_autofree char *rest = _acies_play_session_place_rest_words (self);

      if (rest != NULL)
        {
          /* Translators: the key of a kind of action, Alt and a letter ("Alt+G"). */
          g_autofree char *accel = g_strdup_printf (_("Alt+%c"), 'W');

          g_ptr_array_add (items, acies_play_quick_new (_("Place the Rest"), accel, rest,
                                                        "play.place-rest", NULL));
        }
      specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
      for (guint t = 0; t < n_specs; t++)
        {
          g_autoptr(GArray) found = NULL;
          g_autofree char *accel = NULL;
          g_autofree char *tooltip = NULL;
          g_autofree char *words = NULL;

          /* Each key once, at its first spec. */
          if (specs[t].key == NULL || spec_of_key (self, specs[t].key, NULL) != t)
            continue;
          found = g_array_new (FALSE, FALSE, sizeof (AciesAction));
          keyed_actions (self, specs[t].key, found);
          if (found->len == 0)
            continue;
          /* Translators: the key of a kind of action, Alt and a letter ("Alt+G"). */
          accel = g_strdup_printf (_("Alt+%c"), g_ascii_toupper (specs[t].key[0]));
          if (found->len == 1 && g_array_index (found, AciesAction, 0).type == SERIES_ROW)
            tooltip = g_strdup (_acies_play_session_series_words (self, g_array_index (found, AciesAction, 0).args[0]));
          else if (found->len == 1)
            tooltip = _acies_play_session_describe (self, &g_array_index (found, AciesAction, 0));
          else
            /* Translators: a quick action with several variants now. */
            tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u choice: listed first to pick from",
                                                    "%u choices: listed first to pick from", found->len),
                                       found->len);
          words = spec_words (spec_of_found (self, &g_array_index (found, AciesAction, 0)));
          g_ptr_array_add (items, acies_play_quick_new (words, accel, tooltip, "play.key",
                                                        g_variant_new_string (specs[t].key)));
        }
    }

  n_old = g_list_model_get_n_items (G_LIST_MODEL (self->quick));
  same = n_old == items->len;
  for (guint i = 0; i < items->len && same; i++)
    {
      g_autoptr(AciesPlayQuick) old = g_list_model_get_item (G_LIST_MODEL (self->quick), i);

      same = acies_play_quick_equal (old, g_ptr_array_index (items, i));
    }
  if (!same)
    g_list_store_splice (self->quick, 0, n_old, items->pdata, items->len);
}

/**
 * acies_play_session_get_quick_actions:
 * @self: a play session
 *
 * The frequent commands of the phase, for buttons always in view: "Place
 * the rest" in a set-up, and each kind of action whose spec gives it a
 * key (Alt+letter) and that the rules allow now.
 *
 * Returns: (transfer none): the quick actions (#AciesPlayQuick)
 */
GListModel *
acies_play_session_get_quick_actions (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);
  return G_LIST_MODEL (self->quick);
}
