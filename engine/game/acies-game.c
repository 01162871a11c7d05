/* acies-game.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-game"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "acies-json-private.h"
#include "io/acies-scenario-io.h"
#include "acies-text.h"
#include "game/acies-game.h"

/*
 * Where the randomness comes from.  With seeded dice, action number i
 * draws from a generator seeded with a mix of the game's seed and i, so the
 * future rolls of a game are a function of (seed, number of actions) alone:
 * nothing but the log needs restoring on undo or load, and undoing an
 * attack and making it again gives the same roll (no re-rolling by undo).
 * Every roll is recorded with its action; replays (undo, truncate, load)
 * use the recorded values through a scripted source, so a log replays the
 * same with seeded and with physical dice.
 */

typedef struct
{
  AciesAction  action;
  JsonNode    *json;      /* the action as written, named in the state before it */
  GArray      *rolls;     /* guint: the values it consumed, in order */
  guint        n_events;  /* events it caused, including its "roll" events */
} LogEntry;

struct _AciesGame
{
  GObject        parent_instance;

  AciesScenario *scenario;
  AciesRuleset  *ruleset;
  guint64        seed;
  AciesDiceMode  dice_mode;
  JsonObject    *options;

  AciesState    *initial;
  AciesState    *state;
  GArray        *log;      /* LogEntry */
  GPtrArray     *events;   /* AciesEvent of every action, in order */
  GArray        *pending;  /* guint: physical rolls typed ahead */
  GStrv          players;  /* the players' names, one per side, or NULL */
  GPtrArray     *notes;    /* char *: notes for the log (take-backs) */
};

G_DEFINE_FINAL_TYPE (AciesGame, acies_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SCENARIO,
  PROP_RULESET,
  PROP_SEED,
  PROP_DICE_MODE,
  PROP_N_ACTIONS,
  PROP_STATE,
  N_PROPS
};

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

GType
acies_dice_mode_get_type (void)
{
  static gsize type_id = 0;

  if (g_once_init_enter (&type_id))
    {
      static const GEnumValue values[] = {
        { ACIES_DICE_MODE_SEEDED, "ACIES_DICE_MODE_SEEDED", "seeded" },
        { ACIES_DICE_MODE_PHYSICAL, "ACIES_DICE_MODE_PHYSICAL", "physical" },
        { 0, NULL, NULL }
      };
      GType type = g_enum_register_static (g_intern_static_string ("AciesDiceMode"), values);

      g_once_init_leave (&type_id, type);
    }

  return type_id;
}

static void
log_entry_clear (gpointer data)
{
  LogEntry *entry = data;

  g_clear_pointer (&entry->json, json_node_unref);
  g_clear_pointer (&entry->rolls, g_array_unref);
}

static void
acies_game_finalize (GObject *object)
{
  AciesGame *self = (AciesGame *) object;

  if (self->ruleset != NULL)
    {
      acies_ruleset_free_state (self->ruleset, self->state);
      acies_ruleset_free_state (self->ruleset, self->initial);
    }
  g_clear_object (&self->ruleset);
  g_clear_pointer (&self->scenario, acies_scenario_unref);
  g_clear_pointer (&self->options, json_object_unref);
  g_clear_pointer (&self->players, g_strfreev);
  g_clear_pointer (&self->notes, g_ptr_array_unref);
  g_clear_pointer (&self->log, g_array_unref);
  g_clear_pointer (&self->events, g_ptr_array_unref);
  g_clear_pointer (&self->pending, g_array_unref);

  G_OBJECT_CLASS (acies_game_parent_class)->finalize (object);
}

static void
acies_game_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  AciesGame *self = ACIES_GAME (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      g_value_set_boxed (value, self->scenario);
      break;
    case PROP_RULESET:
      g_value_set_object (value, self->ruleset);
      break;
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    case PROP_DICE_MODE:
      g_value_set_enum (value, self->dice_mode);
      break;
    case PROP_N_ACTIONS:
      g_value_set_uint (value, self->log->len);
      break;
    case PROP_STATE:
      g_value_set_pointer (value, self->state);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_game_class_init (AciesGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = acies_game_finalize;
  object_class->get_property = acies_game_get_property;

  /**
   * AciesGame:scenario:
   * The scenario played.
   */
  properties[PROP_SCENARIO] =
    g_param_spec_boxed ("scenario", NULL, NULL, ACIES_TYPE_SCENARIO,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RULESET] =
    g_param_spec_object ("ruleset", NULL, NULL, ACIES_TYPE_RULESET,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SEED] =
    g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DICE_MODE] =
    g_param_spec_enum ("dice-mode", NULL, NULL, ACIES_TYPE_DICE_MODE,
                       ACIES_DICE_MODE_SEEDED,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * AciesGame:n-actions:
   * The length of the action log.
   */
  properties[PROP_N_ACTIONS] =
    g_param_spec_uint ("n-actions", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * AciesGame:state:
   * The current AciesState (a pointer owned by the game).
   */
  properties[PROP_STATE] =
    g_param_spec_pointer ("state", NULL, NULL,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AciesGame::changed:
   * The state changed: an action was applied, undone, or the log truncated.
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
acies_game_init (AciesGame *self)
{
  self->log = g_array_new (FALSE, TRUE, sizeof (LogEntry));
  g_array_set_clear_func (self->log, log_entry_clear);
  self->events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  self->pending = g_array_new (FALSE, FALSE, sizeof (guint));
}

static void
emit_changed (AciesGame *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ACTIONS]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* Whether @ruleset's rules are registered under @id too (an alias: the
 * registry's factory for @id makes rulesets of the same type). */
static gboolean
registered_as (AciesRuleset *ruleset,
               const char   *id)
{
  g_autoptr(AciesRuleset) other = NULL;

  if (id == NULL || !g_strv_contains (acies_ruleset_list (), id))
    return FALSE;
  other = acies_ruleset_lookup (id, NULL);

  return other != NULL && G_OBJECT_TYPE (other) == G_OBJECT_TYPE (ruleset);
}

/**
 * acies_game_new:
 * @scenario: the scenario to play
 * @ruleset: its ruleset
 * @seed: the seed of the game's dice
 * @dice_mode: seeded (the computer rolls) or physical (players type rolls)
 * @options: (nullable): rulings and house options, as the catalogue names them
 * @error: return location for an error
 *
 * Starts a game.  Fails with ACIES_ENGINE_ERROR_INVALID when @scenario is
 * for another ruleset (neither @ruleset's id nor an id under which the
 * registry makes rulesets of @ruleset's type), or with the ruleset's error
 * when it cannot start.
 *
 * Returns: (transfer full): a new game, or %NULL
 */
AciesGame *
acies_game_new (AciesScenario  *scenario,
                AciesRuleset   *ruleset,
                guint64         seed,
                AciesDiceMode   dice_mode,
                JsonObject     *options,
                GError        **error)
{
  g_autoptr(AciesGame) self = NULL;
  const char *id;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (ACIES_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (dice_mode == ACIES_DICE_MODE_SEEDED ||
                        dice_mode == ACIES_DICE_MODE_PHYSICAL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  id = acies_ruleset_get_id (ruleset);
  if (g_strcmp0 (scenario->ruleset, id) != 0 && !registered_as (ruleset, scenario->ruleset))
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   _("The scenario is for the “%s” rules, not “%s”"),
                   scenario->ruleset != NULL ? scenario->ruleset : "", id);
      return NULL;
    }

  self = g_object_new (ACIES_TYPE_GAME, NULL);
  self->scenario = acies_scenario_ref (scenario);
  self->ruleset = g_object_ref (ruleset);
  self->seed = seed;
  self->dice_mode = dice_mode;
  self->options = options != NULL ? json_object_ref (options) : NULL;

  self->initial = acies_ruleset_new_state (ruleset, scenario, options, error);
  if (self->initial == NULL)
    return NULL;
  self->state = acies_ruleset_copy_state (ruleset, self->initial);

  return g_steal_pointer (&self);
}

/**
 * acies_game_get_scenario:
 * @self: a game
 *
 * Returns: (transfer none): the scenario
 */
AciesScenario *
acies_game_get_scenario (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);

  return self->scenario;
}

/**
 * acies_game_get_ruleset:
 * @self: a game
 *
 * Returns: (transfer none): the ruleset
 */
AciesRuleset *
acies_game_get_ruleset (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);

  return self->ruleset;
}

/**
 * acies_game_get_options:
 * @self: a game
 *
 * Returns: (transfer none) (nullable): the rulings and house options the
 *   game was started with (New Game's, acies-cli play --option), or %NULL
 *   when it keeps every default
 */
JsonObject *
acies_game_get_options (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);

  return self->options;
}

/**
 * acies_game_get_seed:
 * @self: a game
 *
 * Returns: the dice seed
 */
guint64
acies_game_get_seed (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), 0);

  return self->seed;
}

/**
 * acies_game_get_dice_mode:
 * @self: a game
 *
 * Returns: seeded or physical dice
 */
AciesDiceMode
acies_game_get_dice_mode (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), ACIES_DICE_MODE_SEEDED);

  return self->dice_mode;
}

/**
 * acies_game_get_state:
 * @self: a game
 *
 * Returns: (transfer none): the current state; valid until the next
 *   apply, undo or truncate
 */
const AciesState *
acies_game_get_state (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);

  return self->state;
}

/**
 * acies_game_dup_positions:
 * @self: a game
 * @viewer: the seat that looks, or -1 for an onlooker (nothing hidden
 *   from every player is shown)
 * @units: (out) (transfer full) (element-type AciesUnit): the units on
 *   the board now, as @viewer sees them (acies_ruleset_unit_view()); a
 *   unit in play off the map is left out
 * @leaders: (out) (transfer full) (element-type AciesLeader): the
 *   leaders in play now (acies_ruleset_leader_view()), a leader in play
 *   off the map with %ACIES_CELL_NONE
 *
 * Where the counters stand in the current state, ready for the
 * renderer's units and leaders (AciesRenderOptions) or a printed
 * position (AciesPrintOptions).  The arrays own copies of the views
 * (freed with acies_unit_free() and acies_leader_free()): they stay
 * valid whatever becomes of @self.  As on the play board, a counter
 * shows its unit's name, never its id: a unit with no name gets an empty
 * one.
 */
void
acies_game_dup_positions (AciesGame  *self,
                          gint        viewer,
                          GPtrArray **units,
                          GPtrArray **leaders)
{
  guint n_units;

  g_return_if_fail (ACIES_IS_GAME (self));
  g_return_if_fail (units != NULL && leaders != NULL);

  *units = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_unit_free);
  *leaders = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_leader_free);
  n_units = acies_ruleset_get_n_units (self->ruleset, self->state);
  for (guint u = 0; u < n_units; u++)
    {
      AciesUnit view = { 0 };
      AciesUnit *copy;

      view.cell = view.cell2 = ACIES_CELL_NONE;
      view.facing = -1;
      if (!acies_ruleset_unit_view (self->ruleset, self->state, u, viewer, &view)
          || view.cell == ACIES_CELL_NONE)
        continue;
      copy = acies_unit_copy (&view);
      if (copy->name == NULL)
        copy->name = g_strdup ("");
      g_ptr_array_add (*units, copy);
    }
  for (guint l = 0; self->scenario->leaders != NULL && l < self->scenario->leaders->len; l++)
    {
      AciesLeader view = { 0 };

      view.cell = ACIES_CELL_NONE;
      if (acies_ruleset_leader_view (self->ruleset, self->state, l, viewer, &view))
        g_ptr_array_add (*leaders, acies_leader_copy (&view));
    }
}

/**
 * acies_game_positions_text:
 * @self: a game
 *
 * Says which positions a print of the game's current state shows, for
 * the printed map's header (AciesPrintOptions.positions), naming the
 * turn and the phase as the play window's header does: "The counters
 * show the game as it stands: Pyrrhus Turn 2, Movement, after 60
 * actions."  A turn named by its phase ("Set-up", GC 3.0) is not said
 * twice; a finished game says "the end of the game".
 *
 * Returns: (transfer full): one translated sentence
 */
char *
acies_game_positions_text (AciesGame *self)
{
  g_autofree char *turn = NULL;
  g_autofree char *phase = NULL;
  g_autofree char *when = NULL;
  guint n;

  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);

  turn = acies_ruleset_describe_turn (self->ruleset, self->state);
  if (turn == NULL || *turn == '\0')
    {
      g_free (turn);
      /* Translators: the turn, when the rules have no name of their own for it. */
      turn = g_strdup_printf (_("Turn %u"), self->state->turn);
    }
  phase = acies_text_phase_name (self->state->phase);
  if (phase != NULL && g_strcmp0 (phase, turn) != 0)
    /* Translators: the turn and the phase in a printed game's header,
     * "Pyrrhus Turn 2, Movement". */
    when = g_strdup_printf (_("%s, %s"), turn, phase);
  else
    when = g_steal_pointer (&turn);
  n = self->log->len;
  if (self->state->finished)
    /* Translators: the printed map's header for a finished game: "The
     * counters show the end of the game: Turn 9, after 212 actions." */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "The counters show the end of the game: %s, after %u action.",
                                         "The counters show the end of the game: %s, after %u actions.", n),
                            when, n);
  /* Translators: the printed map's header for a saved game: "The counters
   * show the game as it stands: Pyrrhus Turn 2, Movement, after 60 actions." */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "The counters show the game as it stands: %s, after %u action.",
                                       "The counters show the game as it stands: %s, after %u actions.", n),
                          when, n);
}

/**
 * acies_game_get_n_actions:
 * @self: a game
 *
 * Returns: the number of actions in the log
 */
guint
acies_game_get_n_actions (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), 0);

  return self->log->len;
}

/**
 * acies_game_get_action:
 * @self: a game
 * @index: an index into the log
 *
 * Returns: (transfer none): the action
 */
const AciesAction *
acies_game_get_action (AciesGame *self,
                       guint      index)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->log->len, NULL);

  return &g_array_index (self->log, LogEntry, index).action;
}

/**
 * acies_game_get_rolls_of_action:
 * @self: a game
 * @index: an index into the log
 *
 * Returns: (transfer none): the values (guint) the action's rolls gave, in order
 */
const GArray *
acies_game_get_rolls_of_action (AciesGame *self,
                                guint      index)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->log->len, NULL);

  return g_array_index (self->log, LogEntry, index).rolls;
}

/**
 * acies_game_get_events:
 * @self: a game
 *
 * Returns: (transfer none) (element-type AciesEvent): the events of every
 *   action in the log, in order; acies_game_get_n_events_of_action() tells
 *   which belong to which action
 */
GPtrArray *
acies_game_get_events (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);

  return self->events;
}

/**
 * acies_game_get_n_events_of_action:
 * @self: a game
 * @index: an index into the log
 *
 * Returns: the number of events the action caused
 */
guint
acies_game_get_n_events_of_action (AciesGame *self,
                                   guint      index)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), 0);
  g_return_val_if_fail (index < self->log->len, 0);

  return g_array_index (self->log, LogEntry, index).n_events;
}

static guint64
splitmix64 (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* The seed of action @index's dice: see the comment at the top. */
static guint64
action_seed (guint64 seed,
             guint   index)
{
  return splitmix64 (seed ^ splitmix64 (index));
}

static void
set_need_roll_error (AciesDice  *dice,
                     GError    **error)
{
  AciesRoll wanted = { 0, };
  gboolean bad_value = FALSE;
  guint value = 0;
  guint last;

  acies_dice_get_failure (dice, &wanted, &bad_value, &value);
  last = wanted.first + wanted.faces - 1;

  if (bad_value)
    g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_NEED_ROLL,
                 _("%u is not a possible roll for %s (a %u-sided die, %u to %u); enter the roll again"),
                 value, wanted.purpose, wanted.faces, wanted.first, last);
  else if (g_strcmp0 (wanted.purpose, "draw") == 0)
    g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_NEED_ROLL,
                 _("A draw is needed: a number from %u to %u"),
                 wanted.first, last);
  else
    g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_NEED_ROLL,
                 _("A roll is needed for %s: a %u-sided die, %u to %u"),
                 wanted.purpose, wanted.faces, wanted.first, last);
}

/* Applies @action to a copy of @state.  On success returns the new state;
 * on failure returns NULL and @state is untouched. */
static AciesState *
run_action (AciesRuleset       *ruleset,
            const AciesState   *state,
            const AciesAction  *action,
            AciesDice          *dice,
            GPtrArray          *events,
            GError            **error)
{
  g_autoptr(GError) local_error = NULL;
  AciesState *copy;
  gboolean ok;

  if (state->finished)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                   _("The game is over: no action is legal"));
      return NULL;
    }
  if (!acies_ruleset_is_legal (ruleset, state, action))
    {
      g_autofree char *text = acies_ruleset_describe_action (ruleset, state, action);

      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                   _("“%s” is not legal now (turn %u, %s)"),
                   text, state->turn, state->phase != NULL ? state->phase : "");
      return NULL;
    }

  copy = acies_ruleset_copy_state (ruleset, state);
  acies_dice_set_events (dice, events);
  ok = acies_ruleset_apply (ruleset, copy, action, dice, events, &local_error);
  acies_dice_set_events (dice, NULL);

  if (acies_dice_failed (dice))
    {
      acies_ruleset_free_state (ruleset, copy);
      set_need_roll_error (dice, error);
      return NULL;
    }
  if (!ok)
    {
      acies_ruleset_free_state (ruleset, copy);
      if (local_error != NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                     _("The %s rules refused the action"), acies_ruleset_get_id (ruleset));
      return NULL;
    }
  if (!acies_ruleset_check_invariants (ruleset, copy, &local_error))
    {
      g_autofree char *text = acies_ruleset_describe_action (ruleset, state, action);

      acies_ruleset_free_state (ruleset, copy);
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   _("After “%s” the state is inconsistent: %s"),
                   text, local_error->message);
      return NULL;
    }

  return copy;
}

static GArray *
roll_values (AciesDice *dice)
{
  const GArray *rolls = acies_dice_get_rolls (dice);
  GArray *values = g_array_sized_new (FALSE, FALSE, sizeof (guint), rolls->len);

  for (guint i = 0; i < rolls->len; i++)
    g_array_append_val (values, g_array_index (rolls, AciesRoll, i).value);

  return values;
}

/* Applies @action with @dice and, on success, appends it to the log. */
static gboolean
game_apply (AciesGame          *self,
            const AciesAction  *action,
            AciesDice          *dice,
            GError            **error)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  AciesState *next;
  LogEntry entry = { 0, };

  next = run_action (self->ruleset, self->state, action, dice, events, error);
  if (next == NULL)
    return FALSE;

  entry.action = *action;
  entry.json = acies_ruleset_action_to_json (self->ruleset, self->state, action);
  entry.rolls = roll_values (dice);
  entry.n_events = events->len;
  g_array_append_val (self->log, entry);

  for (guint i = 0; i < events->len; i++)
    g_ptr_array_add (self->events, g_steal_pointer (&g_ptr_array_index (events, i)));
  g_ptr_array_set_free_func (events, NULL);

  acies_ruleset_free_state (self->ruleset, self->state);
  self->state = next;

  return TRUE;
}

/**
 * acies_game_apply:
 * @self: a game
 * @action: an action
 * @error: return location for an error
 *
 * Applies @action to the current state and appends it, with the rolls it
 * consumed and the events it caused (one "roll" event per die, where it
 * happened), to the log.  On failure the state is unchanged:
 * ACIES_ENGINE_ERROR_ILLEGAL_ACTION when @action is not among the legal
 * actions; ACIES_ENGINE_ERROR_NEED_ROLL with physical dice when the die
 * rolls typed so far do not suffice (draws, such as counters drawn from a
 * cup, are never asked for: the program makes them, seeded) (the message names the die and what it is
 * for: push the roll with acies_game_push_roll() and apply again) or one
 * is not a face of its die (it is dropped with the ones typed after it).
 * Emits "changed" and notifies "n-actions" and "state".
 *
 * Returns: %TRUE on success
 */
gboolean
acies_game_apply (AciesGame          *self,
                  const AciesAction  *action,
                  GError            **error)
{
  g_autoptr(AciesDice) dice = NULL;

  g_return_val_if_fail (ACIES_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->dice_mode == ACIES_DICE_MODE_SEEDED)
    {
      dice = acies_dice_new_seeded (action_seed (self->seed, self->log->len));
    }
  else
    {
      /* The players roll the dice; the program draws counters from the
       * cup (a draw is no die roll), with the seeded dice's generator. */
      dice = acies_dice_new_physical (action_seed (self->seed, self->log->len));
      for (guint i = 0; i < self->pending->len; i++)
        acies_dice_push (dice, g_array_index (self->pending, guint, i));
    }

  if (!game_apply (self, action, dice, error))
    {
      gboolean bad_value = FALSE;

      /* A typed value that is no face of its die is dropped, with the
       * values typed after it, so the player can type it again. */
      if (self->dice_mode == ACIES_DICE_MODE_PHYSICAL
          && acies_dice_get_failure (dice, NULL, &bad_value, NULL)
          && bad_value)
        g_array_set_size (self->pending, self->pending->len - acies_dice_pending (dice));
      return FALSE;
    }

  /* Only the typed values used go: the draws were never typed. */
  if (self->dice_mode == ACIES_DICE_MODE_PHYSICAL)
    g_array_remove_range (self->pending, 0, self->pending->len - acies_dice_pending (dice));

  emit_changed (self);

  return TRUE;
}

/**
 * acies_game_push_roll:
 * @self: a game with physical dice
 * @value: the face a player rolled (draws are made by the program)
 *
 * Queues a physical roll for the next acies_game_apply().  Rolls the next
 * action does not use stay queued for the ones after.
 */
void
acies_game_push_roll (AciesGame *self,
                      guint      value)
{
  g_return_if_fail (ACIES_IS_GAME (self));
  g_return_if_fail (self->dice_mode == ACIES_DICE_MODE_PHYSICAL);

  g_array_append_val (self->pending, value);
}

/**
 * acies_game_get_n_pending_rolls:
 * @self: a game
 *
 * Returns: the physical rolls queued and not used yet
 */
guint
acies_game_get_n_pending_rolls (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), 0);

  return self->pending->len;
}

/**
 * acies_game_clear_pending_rolls:
 * @self: a game
 *
 * Forgets the queued physical rolls (the player cancelled the action).
 */
void
acies_game_clear_pending_rolls (AciesGame *self)
{
  g_return_if_fail (ACIES_IS_GAME (self));

  g_array_set_size (self->pending, 0);
}

/**
 * acies_game_last_action_rolled:
 * @self: a game
 *
 * Returns: %TRUE if the last action in the log rolled dice (so taking it
 *   back reveals a roll: the UI may ask first)
 */
gboolean
acies_game_last_action_rolled (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), FALSE);

  if (self->log->len == 0)
    return FALSE;

  return g_array_index (self->log, LogEntry, self->log->len - 1).rolls->len > 0;
}

/* Applies a recorded log entry with its recorded rolls, to @state, and
 * requires every recorded roll to be used.  @index counts from 0; errors
 * number actions from 1, as the play window's log does. */
static AciesState *
replay_entry (AciesRuleset       *ruleset,
              const AciesState   *state,
              const AciesAction  *action,
              const GArray       *rolls,
              guint               index,
              GPtrArray          *events,
              GError            **error)
{
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GError) local_error = NULL;
  AciesState *next;

  for (guint i = 0; i < rolls->len; i++)
    acies_dice_push (dice, g_array_index (rolls, guint, i));

  next = run_action (ruleset, state, action, dice, events, &local_error);
  if (next == NULL)
    {
      if (g_error_matches (local_error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_NEED_ROLL))
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                     _("action %u: the recorded rolls do not match the rules: %s"),
                     index + 1, local_error->message);
      else
        g_set_error (error, local_error->domain, local_error->code,
                     _("action %u: %s"), index + 1, local_error->message);
      return NULL;
    }
  if (acies_dice_pending (dice) > 0)
    {
      acies_ruleset_free_state (ruleset, next);
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   _("action %u: %u of its %u recorded rolls were not used; the log does not match the rules"),
                   index + 1, acies_dice_pending (dice), rolls->len);
      return NULL;
    }

  return next;
}

/**
 * acies_game_truncate:
 * @self: a game
 * @n_actions: the number of actions to keep, at most the log's length
 * @error: return location for an error
 *
 * Keeps the first @n_actions actions: replays them from the initial state
 * with their recorded rolls.  On failure (a ruleset that does not replay
 * its own log) the game is unchanged.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_game_truncate (AciesGame  *self,
                     guint       n_actions,
                     GError    **error)
{
  g_autoptr(GPtrArray) events = NULL;
  AciesState *state;

  g_return_val_if_fail (ACIES_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (n_actions > self->log->len)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                   _("Cannot keep %u actions: the game has %u"), n_actions, self->log->len);
      return FALSE;
    }
  if (n_actions == self->log->len)
    return TRUE;

  events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  state = acies_ruleset_copy_state (self->ruleset, self->initial);
  for (guint i = 0; i < n_actions; i++)
    {
      LogEntry *entry = &g_array_index (self->log, LogEntry, i);
      AciesState *next;

      next = replay_entry (self->ruleset, state, &entry->action, entry->rolls, i, events, error);
      acies_ruleset_free_state (self->ruleset, state);
      if (next == NULL)
        return FALSE;
      state = next;
    }

  acies_ruleset_free_state (self->ruleset, self->state);
  self->state = state;
  g_array_set_size (self->log, n_actions);
  /* The same array, so a caller's pointer to it stays valid. */
  g_ptr_array_set_size (self->events, 0);
  for (guint i = 0; i < events->len; i++)
    g_ptr_array_add (self->events, g_steal_pointer (&g_ptr_array_index (events, i)));
  g_ptr_array_set_free_func (events, NULL);

  emit_changed (self);

  return TRUE;
}

/**
 * acies_game_undo:
 * @self: a game
 * @error: return location for an error
 *
 * Takes back the last action (acies_game_truncate() to one less).  Fails
 * with ACIES_ENGINE_ERROR_ILLEGAL_ACTION when the log is empty.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_game_undo (AciesGame  *self,
                 GError    **error)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->log->len == 0)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                   _("There is no action to take back"));
      return FALSE;
    }

  return acies_game_truncate (self, self->log->len - 1, error);
}

/**
 * acies_game_digest:
 * @self: a game
 *
 * Returns: (transfer full): the SHA-256 of the current state (the ruleset's
 *   digest), in lower-case hex
 */
char *
acies_game_digest (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);
  return acies_ruleset_dup_digest (self->ruleset, self->state);
}

/* Saved games. */

/* Format 2 (issue 20.4): "digests" guards what the replay cannot check by
 * itself.  The log replays with its recorded rolls, so an edited seed
 * still reached the same final state (and "digest") while every roll to
 * come changed; an edited scenario or option could do the same.  Each
 * part is the SHA-256 of its JSON as json-glib writes it without
 * indentation (the same text for the tree written and the tree read
 * back); the seed's is of "SEED DICE" ("42 seeded"). */

typedef enum
{
  PART_SCENARIO,
  PART_SEED,
  PART_OPTIONS,
  PART_LOG,
  N_PARTS
} Part;

static const char * const part_names[N_PARTS] = { "scenario", "seed", "options", "log" };
static const char * const part_names_nul[N_PARTS + 1] = { "scenario", "seed", "options", "log", NULL };

static char *
json_digest (JsonNode *node)
{
  g_autofree char *text = node != NULL ? json_to_string (node, FALSE) : g_strdup ("null");

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}

static char *
seed_digest (guint64       seed,
             AciesDiceMode dice_mode)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT " %s", seed,
                                           dice_mode == ACIES_DICE_MODE_PHYSICAL ? "physical" : "seeded");

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}


/* JSON readers elsewhere lose integers above 2^53, so bigger seeds are
 * written as decimal strings; both forms are read. */
#define MAX_EXACT_DOUBLE_INT (G_GUINT64_CONSTANT (1) << 53)


/**
 * acies_game_to_json:
 * @self: a game
 *
 * Serialises the game as a .acies-game document (see acies-game.h and
 * docs/file-format.md): the scenario embedded, the seed, the dice mode,
 * the options, the log with each action's rolls, the digest of the final
 * state, and the digests of the scenario, the seed, the options and the
 * log (format 2).
 *
 * Returns: (transfer full): the document's root
 */
JsonNode *
acies_game_to_json (AciesGame *self)
{
  g_autoptr(JsonBuilder) builder = NULL;
  g_autofree char *digest = NULL;
  char *parts[N_PARTS] = { NULL, };
  JsonNode *node;

  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, ACIES_GAME_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, ACIES_GAME_VERSION);
  /* The id the scenario names, which is the ruleset's own id or one it is
   * registered under (see acies_game_new()). */
  json_builder_set_member_name (builder, "ruleset");
  json_builder_add_string_value (builder, self->scenario->ruleset);
  json_builder_set_member_name (builder, "seed");
  if (self->seed <= MAX_EXACT_DOUBLE_INT)
    {
      json_builder_add_int_value (builder, (gint64) self->seed);
    }
  else
    {
      g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);

      json_builder_add_string_value (builder, text);
    }
  json_builder_set_member_name (builder, "dice");
  json_builder_add_string_value (builder,
                                 self->dice_mode == ACIES_DICE_MODE_PHYSICAL ? "physical" : "seeded");

  json_builder_set_member_name (builder, "options");
  node = json_node_new (JSON_NODE_OBJECT);
  if (self->options != NULL)
    json_node_set_object (node, self->options);
  else
    json_node_take_object (node, json_object_new ());
  parts[PART_OPTIONS] = json_digest (node);
  json_builder_add_value (builder, node);

  /* Optional: who played, and the play mode's notes (take-backs). */
  if (self->players != NULL)
    {
      json_builder_set_member_name (builder, "players");
      json_builder_begin_array (builder);
      for (guint i = 0; self->players[i] != NULL; i++)
        json_builder_add_string_value (builder, self->players[i]);
      json_builder_end_array (builder);
    }
  if (self->notes != NULL && self->notes->len > 0)
    {
      json_builder_set_member_name (builder, "notes");
      json_builder_begin_array (builder);
      for (guint i = 0; i < self->notes->len; i++)
        json_builder_add_string_value (builder, g_ptr_array_index (self->notes, i));
      json_builder_end_array (builder);
    }

  json_builder_set_member_name (builder, "scenario");
  node = acies_scenario_to_json (self->scenario);
  parts[PART_SCENARIO] = json_digest (node);
  json_builder_add_value (builder, node);

  json_builder_set_member_name (builder, "log");
  {
    g_autoptr(JsonBuilder) log = json_builder_new ();

    json_builder_begin_array (log);
    for (guint i = 0; i < self->log->len; i++)
      {
        LogEntry *entry = &g_array_index (self->log, LogEntry, i);

        json_builder_begin_object (log);
        json_builder_set_member_name (log, "action");
        json_builder_add_value (log, json_node_copy (entry->json));
        json_builder_set_member_name (log, "rolls");
        json_builder_begin_array (log);
        for (guint r = 0; r < entry->rolls->len; r++)
          json_builder_add_int_value (log, g_array_index (entry->rolls, guint, r));
        json_builder_end_array (log);
        json_builder_end_object (log);
      }
    json_builder_end_array (log);
    node = json_builder_get_root (log);
    parts[PART_LOG] = json_digest (node);
    json_builder_add_value (builder, node);
  }

  digest = acies_game_digest (self);
  json_builder_set_member_name (builder, "digest");
  json_builder_add_string_value (builder, digest);

  parts[PART_SEED] = seed_digest (self->seed, self->dice_mode);
  json_builder_set_member_name (builder, "digests");
  json_builder_begin_object (builder);
  for (guint p = 0; p < N_PARTS; p++)
    {
      json_builder_set_member_name (builder, part_names[p]);
      json_builder_add_string_value (builder, parts[p]);
    }
  json_builder_end_object (builder);
  json_builder_end_object (builder);

  for (guint p = 0; p < N_PARTS; p++)
    g_free (parts[p]);
  return json_builder_get_root (builder);
}

/* Where a reader is: the file's name and, when read from text, the line
 * and column of each node (engine/io/acies-json-private.h). */
typedef struct
{
  const char *display_name;
  GHashTable *positions;   /* or NULL */
} ReadCtx;

static void set_read_error (GError        **error,
                            gint            code,
                            const ReadCtx  *ctx,
                            JsonNode       *near,
                            const char     *path,
                            const char     *format,
                            ...) G_GNUC_PRINTF (6, 7);

/* Sets "FILE:LINE:COLUMN: PATH: MESSAGE", or "FILE: PATH: MESSAGE" when the
 * position of @near is not known. */
static void
set_read_error (GError        **error,
                gint            code,
                const ReadCtx  *ctx,
                JsonNode       *near,
                const char     *path,
                const char     *format,
                ...)
{
  g_autofree char *message = NULL;
  guint line = 0, column = 0;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (ctx->positions != NULL && near != NULL
      && acies_json_doc_position (ctx->positions, near, &line, &column))
    g_set_error (error, ACIES_ENGINE_ERROR, code, "%s:%u:%u: %s: %s",
                 ctx->display_name, line, column, path, message);
  else
    g_set_error (error, ACIES_ENGINE_ERROR, code, "%s: %s: %s",
                 ctx->display_name, path, message);
}

static char *
node_text (JsonNode *node)
{
  g_autofree char *text = json_to_string (node, FALSE);

  if (strlen (text) > 40)
    return g_strdup_printf ("%.37s…", text);

  return g_steal_pointer (&text);
}

static gboolean
node_is_int (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_INT64;
}

static gboolean
node_is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
check_members (JsonObject          *object,
               JsonNode            *node,
               const char * const  *known,
               const ReadCtx       *ctx,
               const char          *path,
               GError             **error)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (const GList *l = members; l != NULL; l = l->next)
    {
      if (!g_strv_contains (known, l->data))
        {
          g_autofree char *names = g_strjoinv (", ", (char **) known);

          set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, node, path,
                          _("unknown member “%s” (expected %s)"),
                          (const char *) l->data, names);
          return FALSE;
        }
    }

  return TRUE;
}

/* A saved game's "options" are the ruleset's declared rulings and house
 * options (the catalogue's "options", as New Game and `acies-cli play
 * --option` offer them), each with a value its spec accepts: a file
 * naming another is refused, not played with the option ignored. */
static gboolean
check_options (JsonObject     *options,
               AciesRuleset   *ruleset,
               AciesScenario  *scenario,
               const ReadCtx  *ctx,
               GError        **error)
{
  AciesCatalogue *catalogue = acies_ruleset_get_catalogue (ruleset);
  g_autoptr(GList) names = json_object_get_members (options);

  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *value = json_object_get_member (options, name);
      const AciesParamSpec *spec = acies_catalogue_find_param (catalogue != NULL ? catalogue->options : NULL, name);
      g_autofree char *path = g_strdup_printf ("$.options.%s", name);
      g_autofree char *message = NULL;

      if (spec == NULL)
        {
          set_read_error (error, ACIES_ENGINE_ERROR_INVALID, ctx, value, path,
                          _("the “%s” rules have no option “%s”"), acies_ruleset_get_id (ruleset), name);
          return FALSE;
        }
      if (!acies_param_spec_check (spec, value, scenario, &message))
        {
          set_read_error (error, ACIES_ENGINE_ERROR_INVALID, ctx, value, path, "%s", message);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
read_log_entry (AciesGame   *self,
                JsonNode    *node,
                guint          index,
                const ReadCtx *ctx,
                GError       **error)
{
  static const char * const entry_members[] = { "action", "rolls", NULL };
  g_autofree char *path = g_strdup_printf ("$.log[%u]", index);
  g_autoptr(GArray) rolls = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) local_error = NULL;
  g_autoptr(AciesDice) dice = NULL;
  AciesAction action;
  JsonObject *object;
  JsonNode *member;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *got = node_text (node);

      set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, node, path,
                      _("expected an object {\"action\": {…}, \"rolls\": […]}, got %s"), got);
      return FALSE;
    }
  object = json_node_get_object (node);
  if (!check_members (object, node, entry_members, ctx, path, error))
    return FALSE;

  member = json_object_get_member (object, "action");
  if (member == NULL)
    {
      set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, node, path,
                      _("missing member “action”"));
      return FALSE;
    }
  if (!acies_ruleset_action_from_json (self->ruleset, self->state, member, &action, &local_error))
    {
      /* The message starts with the member's name ("to: expected…"):
       * it goes into the path, and the position is that member's. */
      const char *message = local_error->message;
      const char *colon = strstr (message, ": ");
      g_autofree char *action_path = NULL;
      JsonNode *near = member;

      if (colon != NULL && colon > message && memchr (message, ' ', colon - message) == NULL)
        {
          g_autofree char *name = g_strndup (message, colon - message);

          action_path = g_strdup_printf ("%s.action.%s", path, name);
          if (JSON_NODE_HOLDS_OBJECT (member)
              && json_object_get_member (json_node_get_object (member), name) != NULL)
            near = json_object_get_member (json_node_get_object (member), name);
          message = colon + 2;
        }
      else
        {
          action_path = g_strdup_printf ("%s.action", path);
        }
      set_read_error (error, local_error->code, ctx, near, action_path, "%s", message);
      return FALSE;
    }

  member = json_object_get_member (object, "rolls");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
    {
      JsonArray *array;

      if (!JSON_NODE_HOLDS_ARRAY (member))
        {
          g_autofree char *got = node_text (member);

          set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, path,
                          _("rolls: expected an array of die faces, got %s"), got);
          return FALSE;
        }
      array = json_node_get_array (member);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *roll = json_array_get_element (array, i);
          gint64 value;

          if (!node_is_int (roll) || (value = json_node_get_int (roll)) < 0 || value > G_MAXINT32)
            {
              g_autofree char *got = node_text (roll);
              g_autofree char *roll_path = g_strdup_printf ("%s.rolls[%u]", path, i);

              set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, roll, roll_path,
                              _("expected a die face (an integer from 0), got %s"), got);
              return FALSE;
            }
          g_array_append_val (rolls, (guint) { value });
        }
    }

  dice = acies_dice_new_scripted ();
  for (guint i = 0; i < rolls->len; i++)
    acies_dice_push (dice, g_array_index (rolls, guint, i));
  if (!game_apply (self, &action, dice, &local_error))
    {
      g_autofree char *text = acies_ruleset_describe_action (self->ruleset, self->state, &action);

      if (g_error_matches (local_error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_NEED_ROLL))
        set_read_error (error, ACIES_ENGINE_ERROR_INVALID, ctx, node, path,
                        _("the replay diverged at action %u (“%s”): its recorded rolls do not match: %s"),
                        index + 1, text, local_error->message);
      else if (text != NULL && strstr (local_error->message, text) != NULL)
        /* The reason quotes the action already ("“…” is not legal now"). */
        set_read_error (error, local_error->code, ctx, node, path,
                        _("the replay diverged at action %u: %s"),
                        index + 1, local_error->message);
      else
        set_read_error (error, local_error->code, ctx, node, path,
                        _("the replay diverged at action %u (“%s”): %s"),
                        index + 1, text, local_error->message);
      return FALSE;
    }
  if (acies_dice_pending (dice) > 0)
    {
      g_autofree char *text = NULL;
      LogEntry *entry = &g_array_index (self->log, LogEntry, self->log->len - 1);

      text = acies_ruleset_describe_action (self->ruleset, self->state, &entry->action);
      set_read_error (error, ACIES_ENGINE_ERROR_INVALID, ctx, node, path,
                      _("the replay diverged at action %u (“%s”): it used %u of its %u recorded rolls"),
                      index + 1, text, rolls->len - acies_dice_pending (dice), rolls->len);
      return FALSE;
    }

  return TRUE;
}

/* Format 2 (issue 20.4): the parts of the file from @first to @last
 * against their digests, so that an edited seed, scenario, option or log
 * is named as such: the scenario, the seed and the options before the
 * replay (an edited seed replays without a hitch), the log after it (the
 * replay says at which action an edited log goes wrong).  A file without
 * "digests" (format 1, or written by hand) has nothing to check. */
static gboolean
check_digests (JsonObject     *object,
               guint64         seed,
               AciesDiceMode   dice_mode,
               Part            first,
               Part            last,
               const ReadCtx  *ctx,
               GError        **error)
{
  static const char * const what[N_PARTS] = {
    N_("the scenario"), N_("the seed or the dice"), N_("the rule options"), N_("the action log"),
  };
  JsonNode *member = json_object_get_member (object, "digests");
  JsonObject *digests;

  if (member == NULL || JSON_NODE_HOLDS_NULL (member))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (member))
    {
      set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, "$.digests",
                      _("expected an object of SHA-256 digests (scenario, seed, options, log)"));
      return FALSE;
    }
  digests = json_node_get_object (member);
  if (!check_members (digests, member, part_names_nul, ctx, "$.digests", error))
    return FALSE;

  for (guint p = first; p <= last; p++)
    {
      JsonNode *stored = json_object_get_member (digests, part_names[p]);
      g_autofree char *path = g_strdup_printf ("$.digests.%s", part_names[p]);
      g_autofree char *digest = NULL;

      if (stored == NULL)
        continue;
      if (!node_is_string (stored))
        {
          set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, stored, path,
                          _("expected a SHA-256 digest as hex"));
          return FALSE;
        }
      digest = p == PART_SEED ? seed_digest (seed, dice_mode) : json_digest (json_object_get_member (object, part_names[p]));
      if (g_ascii_strcasecmp (json_node_get_string (stored), digest) != 0)
        {
          /* Translators: "the seed or the dice changed after the game was saved (…)" */
          set_read_error (error, ACIES_ENGINE_ERROR_INVALID, ctx, stored, path,
                          _("%s changed after the game was saved (the digest saved with the game is %.12s…, "
                            "the file now gives %.12s…)"),
                          _(what[p]), json_node_get_string (stored), digest);
          return FALSE;
        }
    }
  return TRUE;
}

static AciesGame *
read_game (JsonNode       *root,
           const ReadCtx  *ctx,
           GError        **error)
{
  static const char * const game_members[] = {
    "format", "version", "ruleset", "seed", "dice", "options", "players", "notes", "scenario", "log",
    "digest", "digests", NULL
  };
  g_autoptr(AciesGame) self = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(GError) local_error = NULL;
  JsonObject *object;
  JsonObject *options = NULL;
  JsonNode *member;
  const char *ruleset_id;
  guint64 seed = 0;
  AciesDiceMode dice_mode;
  gint64 version;

  g_autofree char *scenario_name = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, root, "$",
                      _("expected a saved game object {\"format\": \"acies-game\", …}"));
      return NULL;
    }
  object = json_node_get_object (root);

  member = json_object_get_member (object, "format");
  if (!node_is_string (member) || !g_str_equal (json_node_get_string (member), ACIES_GAME_FORMAT))
    {
      if (node_is_string (member) && g_str_equal (json_node_get_string (member), "acies-scenario"))
        set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, "$.format",
                        _("this is a scenario, not a saved game: open it to start a new game"));
      else
        set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, "$.format",
                        _("expected \"%s\""), ACIES_GAME_FORMAT);
      return NULL;
    }

  member = json_object_get_member (object, "version");
  if (!node_is_int (member) || (version = json_node_get_int (member)) < 1)
    {
      set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, "$.version",
                      _("expected a format version, an integer from 1"));
      return NULL;
    }
  if (version > ACIES_GAME_VERSION)
    {
      set_read_error (error, ACIES_ENGINE_ERROR_VERSION, ctx, member, "$.version",
                      _("the game was saved by a newer Acies (format version %lld; this version reads up to %d)"),
                      (long long) version, ACIES_GAME_VERSION);
      return NULL;
    }

  if (!check_members (object, root, game_members, ctx, "$", error))
    return NULL;

  member = json_object_get_member (object, "ruleset");
  if (!node_is_string (member))
    {
      set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, "$.ruleset",
                      _("expected a ruleset id such as \"grass-crown\""));
      return NULL;
    }
  ruleset_id = json_node_get_string (member);
  ruleset = acies_ruleset_lookup (ruleset_id, &local_error);
  if (ruleset == NULL)
    {
      set_read_error (error, local_error->code, ctx, member, "$.ruleset", "%s", local_error->message);
      return NULL;
    }

  member = json_object_get_member (object, "seed");
  if (node_is_int (member) && json_node_get_int (member) >= 0)
    {
      seed = (guint64) json_node_get_int (member);
    }
  else if (!node_is_string (member)
           || !g_ascii_string_to_unsigned (json_node_get_string (member), 10, 0, G_MAXUINT64,
                                           &seed, NULL))
    {
      g_autofree char *got = member != NULL ? node_text (member) : g_strdup (_("nothing"));

      set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, "$.seed",
                      _("expected the dice seed, an integer from 0, got %s"), got);
      return NULL;
    }

  member = json_object_get_member (object, "dice");
  if (member == NULL || JSON_NODE_HOLDS_NULL (member))
    dice_mode = ACIES_DICE_MODE_SEEDED;
  else if (node_is_string (member) && g_str_equal (json_node_get_string (member), "seeded"))
    dice_mode = ACIES_DICE_MODE_SEEDED;
  else if (node_is_string (member) && g_str_equal (json_node_get_string (member), "physical"))
    dice_mode = ACIES_DICE_MODE_PHYSICAL;
  else
    {
      g_autofree char *got = node_text (member);

      set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, "$.dice",
                      _("expected \"seeded\" or \"physical\", got %s"), got);
      return NULL;
    }

  member = json_object_get_member (object, "options");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
    {
      if (!JSON_NODE_HOLDS_OBJECT (member))
        {
          g_autofree char *got = node_text (member);

          set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, "$.options",
                          _("expected an object of rule options, got %s"), got);
          return NULL;
        }
      options = json_node_get_object (member);
    }

  member = json_object_get_member (object, "scenario");
  if (member == NULL || !JSON_NODE_HOLDS_OBJECT (member))
    {
      set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, "$.scenario",
                      _("expected the embedded scenario object"));
      return NULL;
    }
  if (!check_digests (object, seed, dice_mode, PART_SCENARIO, PART_OPTIONS, ctx, error))
    return NULL;
  /* The scenario reader's messages start with the name it is given. */
  scenario_name = g_strdup_printf ("%s: $.scenario", ctx->display_name);
  scenario = acies_scenario_from_json (member, scenario_name, error);
  if (scenario == NULL)
    return NULL;
  if (g_strcmp0 (scenario->ruleset, ruleset_id) != 0)
    {
      set_read_error (error, ACIES_ENGINE_ERROR_INVALID, ctx, member, "$.scenario.ruleset",
                      _("the scenario is for the “%s” rules but the game for “%s”"),
                      scenario->ruleset != NULL ? scenario->ruleset : "", ruleset_id);
      return NULL;
    }

  if (options != NULL && !check_options (options, ruleset, scenario, ctx, error))
    return NULL;

  self = acies_game_new (scenario, ruleset, seed, dice_mode, options, &local_error);
  if (self == NULL)
    {
      set_read_error (error, local_error->code, ctx, member, "$.scenario",
                      _("the game cannot start: %s"), local_error->message);
      return NULL;
    }

  /* Optional since the play mode saved them; older files have neither. */
  for (guint m = 0; m < 2; m++)
    {
      const char *name = m == 0 ? "players" : "notes";
      g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
      JsonArray *array;

      member = json_object_get_member (object, name);
      if (member == NULL || JSON_NODE_HOLDS_NULL (member))
        continue;
      if (!JSON_NODE_HOLDS_ARRAY (member))
        {
          g_autofree char *got = node_text (member);
          g_autofree char *path = g_strdup_printf ("$.%s", name);

          set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, path,
                          m == 0 ? _("expected the players' names, an array of strings, got %s")
                                 : _("expected the notes, an array of strings, got %s"), got);
          return NULL;
        }
      array = json_node_get_array (member);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (!node_is_string (element))
            {
              g_autofree char *got = node_text (element);
              g_autofree char *path = g_strdup_printf ("$.%s[%u]", name, i);

              set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, element, path,
                              _("expected a string, got %s"), got);
              return NULL;
            }
          if (m == 0 && g_utf8_strlen (json_node_get_string (element), -1) > ACIES_GAME_PLAYER_NAME_MAX)
            {
              g_autofree char *path = g_strdup_printf ("$.players[%u]", i);

              set_read_error (error, ACIES_ENGINE_ERROR_INVALID, ctx, element, path,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "the name is too long (more than %d character)",
                                           "the name is too long (more than %d characters)",
                                           ACIES_GAME_PLAYER_NAME_MAX),
                              ACIES_GAME_PLAYER_NAME_MAX);
              return NULL;
            }
          g_ptr_array_add (strings, g_strdup (json_node_get_string (element)));
        }
      if (m == 0 && strings->len > acies_ruleset_get_n_seats (ruleset, self->initial))
        {
          guint n_seats = acies_ruleset_get_n_seats (ruleset, self->initial);

          set_read_error (error, ACIES_ENGINE_ERROR_INVALID, ctx, member, "$.players",
                          g_dngettext (GETTEXT_PACKAGE,
                                       "%u players are named but the game has %u seat",
                                       "%u players are named but the game has %u seats", n_seats),
                          strings->len, n_seats);
          return NULL;
        }
      if (m == 0)
        {
          g_ptr_array_add (strings, NULL);
          self->players = (GStrv) g_ptr_array_free (g_steal_pointer (&strings), FALSE);
        }
      else
        for (guint i = 0; i < strings->len; i++)
          acies_game_add_note (self, g_ptr_array_index (strings, i));
    }

  member = json_object_get_member (object, "log");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
    {
      JsonArray *log;

      if (!JSON_NODE_HOLDS_ARRAY (member))
        {
          g_autofree char *got = node_text (member);

          set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, "$.log",
                          _("expected the array of actions, got %s"), got);
          return NULL;
        }
      log = json_node_get_array (member);
      for (guint i = 0; i < json_array_get_length (log); i++)
        if (!read_log_entry (self, json_array_get_element (log, i), i, ctx, error))
          return NULL;
    }

  if (!check_digests (object, seed, dice_mode, PART_LOG, PART_LOG, ctx, error))
    return NULL;

  member = json_object_get_member (object, "digest");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
    {
      g_autofree char *digest = acies_game_digest (self);

      if (!node_is_string (member))
        {
          set_read_error (error, ACIES_ENGINE_ERROR_FORMAT, ctx, member, "$.digest",
                          _("expected the SHA-256 of the final state as hex"));
          return NULL;
        }
      if (g_ascii_strcasecmp (json_node_get_string (member), digest) != 0)
        {
          set_read_error (error, ACIES_ENGINE_ERROR_INVALID, ctx, member, "$.digest",
                          _("after replaying the %u actions the state's digest is %s, not the stored %s: "
                            "the log or the rules changed since the game was saved"),
                          self->log->len, digest, json_node_get_string (member));
          return NULL;
        }
    }

  return g_steal_pointer (&self);
}

/**
 * acies_game_set_player_names:
 * @self: a game
 * @names: (nullable) (array zero-terminated=1): the players' names, one
 *   per seat: one per side in the scenario's order, then, when several
 *   players share a side, the further seats in the ruleset's order
 *   (acies_ruleset_get_n_seats()); "" for a player without a name; or
 *   %NULL for none
 *
 * Keeps who plays which side (seat); saved in the file's optional "players"
 * member.  The names play no part in the rules or the digest.
 */
void
acies_game_set_player_names (AciesGame          *self,
                             const char * const *names)
{
  g_return_if_fail (ACIES_IS_GAME (self));

  g_clear_pointer (&self->players, g_strfreev);
  self->players = g_strdupv ((char **) names);
}

/**
 * acies_game_get_player_names:
 * @self: a game
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the
 *   players' names, one per seat (the sides' first), or %NULL
 */
const char * const *
acies_game_get_player_names (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);
  return (const char * const *) self->players;
}

/**
 * acies_game_add_note:
 * @self: a game
 * @text: a sentence for the log ("Action 12 and its dice were taken back
 *   with the consent of Pyrrhus")
 *
 * Records a note that is not an action (a take-back agreed by the other
 * player); saved in the file's optional "notes" member, in order.  Notes
 * play no part in the rules or the digest.
 */
void
acies_game_add_note (AciesGame  *self,
                     const char *text)
{
  g_return_if_fail (ACIES_IS_GAME (self));
  g_return_if_fail (text != NULL);

  if (self->notes == NULL)
    self->notes = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->notes, g_strdup (text));
}

/**
 * acies_game_get_n_notes:
 * @self: a game
 *
 * Returns: the number of notes
 */
guint
acies_game_get_n_notes (AciesGame *self)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), 0);
  return self->notes != NULL ? self->notes->len : 0;
}

/**
 * acies_game_get_note:
 * @self: a game
 * @index: a note's index, below acies_game_get_n_notes()
 *
 * Returns: (transfer none): the note
 */
const char *
acies_game_get_note (AciesGame *self,
                     guint      index)
{
  g_return_val_if_fail (ACIES_IS_GAME (self), NULL);
  g_return_val_if_fail (index < acies_game_get_n_notes (self), NULL);
  return g_ptr_array_index (self->notes, index);
}

/**
 * acies_game_from_json:
 * @root: a .acies-game document
 * @display_name: (nullable): the file's name, for messages
 * @error: return location for an error
 *
 * Reads a saved game: checks the format and version, looks the ruleset
 * up in the registry, reads the embedded scenario, then replays the log
 * with its recorded rolls, each action checked for legality, and compares
 * the digest of the final state with the stored one (when present).
 * Errors are ACIES_ENGINE_ERROR and name the file, the JSON path and what
 * was expected, or the action where the replay diverged: PARSE/FORMAT for
 * bad values, VERSION for a newer format, UNKNOWN_RULESET, ILLEGAL_ACTION
 * for an action the rules refuse, INVALID for rolls or a digest that do
 * not match.  Nothing is returned on error.
 *
 * Returns: (transfer full): the game, or %NULL
 */
AciesGame *
acies_game_from_json (JsonNode    *root,
                      const char  *display_name,
                      GError     **error)
{
  ReadCtx ctx = { display_name != NULL ? display_name : _("saved game"), NULL };

  g_return_val_if_fail (root != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return read_game (root, &ctx, error);
}

/**
 * acies_game_save_file:
 * @self: a game
 * @file: where to write
 * @error: return location for an error
 *
 * Writes the game as JSON, atomically (acies_file_replace_contents()):
 * on error the file is as it was and nothing is left beside it.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_game_save_file (AciesGame  *self,
                      GFile      *file,
                      GError    **error)
{
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (ACIES_IS_GAME (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  root = acies_game_to_json (self);
  generator = json_generator_new ();
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, root);
  data = json_generator_to_data (generator, &length);

  return acies_file_replace_contents (file, data, length, error);
}

/**
 * acies_game_load_file:
 * @file: a .acies-game file
 * @error: return location for an error
 *
 * Reads and replays a saved game; see acies_game_from_json().
 *
 * Returns: (transfer full): the game, or %NULL
 */
AciesGame *
acies_game_load_file (GFile   *file,
                      GError **error)
{
  g_autofree char *display_name = NULL;
  g_autofree char *data = NULL;
  g_autoptr(AciesJsonDoc) doc = NULL;
  ReadCtx ctx = { NULL, NULL };
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display_name = g_file_get_parse_name (file);
  data = acies_file_read_text (file, &length, error);
  if (data == NULL)
    return NULL;
  doc = acies_json_doc_parse (data, length, display_name, error);
  if (doc == NULL)
    return NULL;

  ctx.display_name = display_name;
  ctx.positions = doc->positions;

  return read_game (doc->root, &ctx, error);
}
