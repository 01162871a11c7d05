/* acies-play-session-moves.c
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

/* Moves by destination and composed gestures.  Where the rules allow one
 * square (or zone) per action, a click on any cell the mover can reach
 * this phase moves it there along the cheapest legal path: the session
 * searches the states the engine's own actions lead to (copy_state and
 * apply through the ruleset interface, nothing known of a rule system),
 * and applies the actions of the path in order.  Such a series, and any
 * other gesture the session composes from several engine actions, is one
 * step for Take Back. */

/* The search stops there: a series longer than this is no gesture. */
#define MAX_NODES 600

/* A route to a destination: the actions, in order, and where they pass. */
struct _AciesPlayRoute
{
  GArray *actions;  /* AciesAction */
  GArray *cells;    /* AciesCell, from the mover's cell to the destination */
  gint    cost;     /* in the ruleset's movement units */
};

void
_acies_play_route_free (AciesPlayRoute *route)
{
  if (route == NULL)
    return;
  g_array_unref (route->actions);
  g_array_unref (route->cells);
  g_free (route);
}

static AciesPlayRoute *
route_new (void)
{
  AciesPlayRoute *route = g_new0 (AciesPlayRoute, 1);

  route->actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  route->cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  return route;
}

const GArray *
_acies_play_route_get_actions (const AciesPlayRoute *route)
{
  return route->actions;
}

const GArray *
_acies_play_route_get_cells (const AciesPlayRoute *route)
{
  return route->cells;
}

gint
_acies_play_route_get_cost (const AciesPlayRoute *route)
{
  return route->cost;
}

/* A state the search reached. */
typedef struct
{
  AciesState     *state;
  AciesPlayRoute *route;   /* how it was reached */
  guint           type;    /* the action type of the series */
} Node;

/* Whether @action, legal in @state, is a step of @mover's (its first
 * unit argument, or -1 for the actions of no unit: a group's) that goes
 * somewhere rather than strikes: a cell it goes to, no odds. */
static AciesCell
step_destination (AciesPlaySession  *self,
                  const AciesState  *state,
                  const AciesAction *action,
                  gint               mover,
                  gint               player)
{
  AciesRuleset *ruleset = ruleset_of (self);
  const AciesActionSpec *specs;
  guint n_specs = 0;
  g_autoptr(GArray) cells = NULL;
  g_autoptr(AciesOdds) odds = NULL;
  gint first = -1;

  specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
  if (action->type >= n_specs || action->player != player)
    return ACIES_CELL_NONE;
  if (specs[action->type].n_args > 0 && specs[action->type].args[0].kind == ACIES_ARG_UNIT)
    first = action->args[0];
  if (first != mover)
    return ACIES_CELL_NONE;

  /* Its cell argument, else where the ruleset's path for it ends. */
  for (guint a = mover >= 0 ? 1 : 0; a < specs[action->type].n_args; a++)
    {
      if (action->args[a] < 0)
        continue;
      if (specs[action->type].args[a].kind == ACIES_ARG_UNIT)
        return ACIES_CELL_NONE;   /* an attack, a charge: not a step */
      if (specs[action->type].args[a].kind == ACIES_ARG_CELL)
        {
          odds = acies_ruleset_get_odds (ruleset, state, action);
          return odds == NULL ? (AciesCell) action->args[a] : ACIES_CELL_NONE;
        }
    }
  cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  if (!acies_ruleset_get_action_path (ruleset, state, action, cells, NULL) || cells->len < 2)
    return ACIES_CELL_NONE;
  odds = acies_ruleset_get_odds (ruleset, state, action);
  if (odds != NULL)
    return ACIES_CELL_NONE;

  return g_array_index (cells, AciesCell, cells->len - 1);
}

/* Appends @action's path to @route, from @from when the ruleset gives no
 * path; returns its cost (1 when the ruleset gives none). */
static gint
extend_route (AciesPlaySession  *self,
              const AciesState  *state,
              AciesPlayRoute    *route,
              const AciesAction *action,
              AciesCell          from,
              AciesCell          to)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  gint cost = 0;

  if (!acies_ruleset_get_action_path (ruleset_of (self), state, action, cells, &cost) || cells->len == 0)
    {
      g_array_set_size (cells, 0);
      g_array_append_val (cells, from);
      g_array_append_val (cells, to);
      cost = 1;
    }
  for (guint i = 0; i < cells->len; i++)
    {
      AciesCell cell = g_array_index (cells, AciesCell, i);

      if (route->cells->len > 0 && g_array_index (route->cells, AciesCell, route->cells->len - 1) == cell)
        continue;
      g_array_append_val (route->cells, cell);
    }
  g_array_append_val (route->actions, *action);
  route->cost += cost;

  return cost;
}

static AciesPlayRoute *
route_copy (const AciesPlayRoute *route)
{
  AciesPlayRoute *copy = route_new ();

  g_array_append_vals (copy->actions, route->actions->data, route->actions->len);
  g_array_append_vals (copy->cells, route->cells->data, route->cells->len);
  copy->cost = route->cost;
  return copy;
}

/* Keeps @route as the way to @cell unless a cheaper (or as cheap and
 * shorter) one is known. */
static void
offer_route (GHashTable     *best,
             AciesCell       cell,
             AciesPlayRoute *route)
{
  AciesPlayRoute *known = g_hash_table_lookup (best, GINT_TO_POINTER (cell + 1));

  if (known != NULL
      && (known->cost < route->cost
          || (known->cost == route->cost && known->actions->len <= route->actions->len)))
    return;
  g_hash_table_insert (best, GINT_TO_POINTER (cell + 1), route_copy (route));
}

/* Whether the player who decided @player's step still decides in @state,
 * and nobody else is asked first (an interception, GC 8.5). */
static gboolean
still_deciding (AciesPlaySession *self,
                const AciesState *state,
                gint              player)
{
  g_autoptr(AciesPrompt) prompt = NULL;

  if (state->finished || state->deciding_side != player)
    return FALSE;
  prompt = acies_ruleset_get_prompt (ruleset_of (self), state);
  return prompt == NULL || prompt->player < 0 || prompt->player == player;
}

/**
 * _acies_play_session_plan_routes:
 * @self: a play session
 * @mover: the selected unit, or -1 for the actions of no unit (a
 *   group's)
 *
 * The cheapest series of the mover's steps to every cell it can reach
 * this phase with two or more of them: a search over the states the
 * engine's legal actions lead to, each series of one action type (a
 * square at a time, a zone at a time), by the same player, stopping where
 * another decides (an interception) or where the dice roll (what follows
 * is not known yet).  Ties go to the fewer actions, then to the order of
 * the legal actions.
 *
 * Returns: (transfer full) (element-type gint AciesPlayRoute): the routes
 *   by destination cell + 1
 */
GHashTable *
_acies_play_session_plan_routes (AciesPlaySession *self,
                                 gint              mover)
{
  AciesRuleset *ruleset = ruleset_of (self);
  const AciesState *state = state_of (self);
  GHashTable *best = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) _acies_play_route_free);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) open = g_ptr_array_new ();
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  gint player = state->deciding_side;
  guint n_nodes = 0;
  Node *root;

  if (state->finished || player < 0 || !still_deciding (self, state, player))
    return best;

  root = g_new0 (Node, 1);
  root->state = acies_ruleset_copy_state (ruleset, state);
  root->route = route_new ();
  root->type = G_MAXUINT;
  g_ptr_array_add (open, root);
  g_ptr_array_add (all, root);
  g_hash_table_add (seen, acies_ruleset_dup_digest (ruleset, state));

  while (open->len > 0 && n_nodes < MAX_NODES)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      Node *node;
      guint pick = 0;
      AciesCell here;

      /* The cheapest open state first (Dijkstra), then the shortest. */
      for (guint i = 1; i < open->len; i++)
        {
          Node *a = g_ptr_array_index (open, i), *b = g_ptr_array_index (open, pick);

          if (a->route->cost < b->route->cost
              || (a->route->cost == b->route->cost && a->route->actions->len < b->route->actions->len))
            pick = i;
        }
      node = g_ptr_array_steal_index (open, pick);
      n_nodes++;
      here = node->route->cells->len > 0
             ? g_array_index (node->route->cells, AciesCell, node->route->cells->len - 1)
             : (mover >= 0 ? _acies_play_session_cell_of_unit (self, mover) : ACIES_CELL_NONE);

      acies_ruleset_legal_actions (ruleset, node->state, legal);
      for (guint i = 0; i < legal->len; i++)
        {
          const AciesAction *action = &g_array_index (legal, AciesAction, i);
          AciesCell to = step_destination (self, node->state, action, mover, player);
          g_autoptr(AciesDice) dice = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *digest = NULL;
          AciesPlayRoute *route;
          AciesState *next;
          gboolean rolled;
          Node *child;

          if (to == ACIES_CELL_NONE || (node->type != G_MAXUINT && action->type != node->type))
            continue;
          next = acies_ruleset_copy_state (ruleset, node->state);
          dice = acies_dice_new_scripted ();
          if (!acies_ruleset_apply (ruleset, next, action, dice, NULL, &error))
            {
              acies_ruleset_free_state (ruleset, next);
              continue;
            }
          /* The dice rolled: what follows is not known before they do. */
          rolled = acies_dice_failed (dice) || acies_dice_get_rolls (dice)->len > 0;
          route = route_copy (node->route);
          extend_route (self, node->state, route, action, here, to);
          if (route->actions->len >= 2)
            offer_route (best, to, route);

          digest = acies_ruleset_dup_digest (ruleset, next);
          if (rolled || !still_deciding (self, next, player) || g_hash_table_contains (seen, digest))
            {
              acies_ruleset_free_state (ruleset, next);
              _acies_play_route_free (route);
              continue;
            }
          g_hash_table_add (seen, g_steal_pointer (&digest));
          child = g_new0 (Node, 1);
          child->state = next;
          child->route = route;
          child->type = action->type;
          g_ptr_array_add (open, child);
          g_ptr_array_add (all, child);
        }
    }

  for (guint i = 0; i < all->len; i++)
    {
      Node *node = g_ptr_array_index (all, i);

      acies_ruleset_free_state (ruleset, node->state);
      _acies_play_route_free (node->route);
      g_free (node);
    }

  return best;
}

/* Composed gestures and Take Back. */

typedef struct
{
  guint  start;   /* the first action of the gesture in the game's log */
  guint  end;     /* one past its last */
  char  *words;   /* what it did, for Take Back's question and note */
} Compound;

static void
compound_clear (gpointer data)
{
  g_free (((Compound *) data)->words);
}

GArray *
_acies_play_session_compounds_new (void)
{
  GArray *compounds = g_array_new (FALSE, FALSE, sizeof (Compound));

  g_array_set_clear_func (compounds, compound_clear);
  return compounds;
}

/* Forgets the gestures the log no longer holds whole (after a take-back,
 * or an undo from elsewhere). */
void
_acies_play_session_trim_compounds (AciesPlaySession *self)
{
  guint n = acies_game_get_n_actions (self->game);

  while (self->compounds->len > 0
         && g_array_index (self->compounds, Compound, self->compounds->len - 1).end > n)
    g_array_remove_index (self->compounds, self->compounds->len - 1);
}

/**
 * _acies_play_session_last_compound:
 * @self: a play session
 * @start: (out) (optional): its first action
 * @words: (out) (optional) (transfer none): what it did
 *
 * Returns: whether the last actions of the log are one gesture of
 *   several actions (Take Back takes them back together)
 */
gboolean
_acies_play_session_last_compound (AciesPlaySession  *self,
                                   guint             *start,
                                   const char       **words)
{
  const Compound *last;

  if (self->compounds->len == 0)
    return FALSE;
  last = &g_array_index (self->compounds, Compound, self->compounds->len - 1);
  if (last->end != acies_game_get_n_actions (self->game) || last->end - last->start < 2)
    return FALSE;
  if (start != NULL)
    *start = last->start;
  if (words != NULL)
    *words = last->words;
  return TRUE;
}

/* Takes @actions in order as one gesture: the game changes once for the
 * window (the session refreshes at the end), and Take Back takes the
 * series back whole.  Stops at the first action refused (its reason in
 * "message"); an action that needs a physical roll asks for it, and the
 * gesture ends with it.  @words say what the gesture did.  Returns how
 * many were taken. */
guint
_acies_play_session_run_series (AciesPlaySession *self,
                                const GArray     *actions,
                                const char       *words)
{
  guint start = acies_game_get_n_actions (self->game);
  guint taken = 0;

  self->has_pending = FALSE;
  self->batch = TRUE;
  g_free (self->done_words);
  self->done_words = g_strdup (words);
  for (guint i = 0; i < actions->len; i++)
    {
      g_autoptr(GError) error = NULL;
      AciesAction copy = g_array_index (actions, AciesAction, i);

      if (acies_game_apply (self->game, &copy, &error))
        {
          taken++;
          continue;
        }
      if (g_error_matches (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_NEED_ROLL)
          && acies_game_get_dice_mode (self->game) == ACIES_DICE_MODE_PHYSICAL)
        {
          self->roll_action = copy;
          self->has_roll_action = TRUE;
          self->roll_extends = taken > 0;
          _acies_play_session_emit (self, "roll-needed", error->message);
        }
      else
        _acies_play_session_emit (self, "message", error->message);
      break;
    }
  self->batch = FALSE;

  if (taken >= 2)
    {
      Compound compound = { start, start + taken, g_strdup (words) };

      _acies_play_session_trim_compounds (self);
      g_array_append_val (self->compounds, compound);
    }
  _acies_play_session_game_changed (self);

  return taken;
}

/* The physical roll a series' last action waited for was entered and the
 * action taken: it belongs to the gesture. */
void
_acies_play_session_extend_compound (AciesPlaySession *self)
{
  Compound *last;
  guint n = acies_game_get_n_actions (self->game);

  if (self->compounds->len == 0)
    return;
  last = &g_array_index (self->compounds, Compound, self->compounds->len - 1);
  if (last->end + 1 == n)
    last->end = n;
}

/**
 * _acies_play_session_route_words:
 * @self: a play session
 * @route: a route of the selected unit or group
 *
 * Returns: (transfer full): what taking @route does: the ruleset's words
 *   for its last step in the state before it, and how many steps
 *   ("Move Phalanx A to E6 — 3 steps")
 */
char *
_acies_play_session_route_words (AciesPlaySession     *self,
                                 const AciesPlayRoute *route)
{
  AciesRuleset *ruleset = ruleset_of (self);
  AciesState *state = acies_ruleset_copy_state (ruleset, state_of (self));
  g_autofree char *last = NULL;
  guint n = route->actions->len;

  /* The state before the last step describes it as the player sees it. */
  for (guint i = 0; i + 1 < n; i++)
    {
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();

      if (!acies_ruleset_apply (ruleset, state, &g_array_index (route->actions, AciesAction, i), dice, NULL, NULL))
        break;
    }
  last = acies_ruleset_describe_action (ruleset, state, &g_array_index (route->actions, AciesAction, n - 1));
  acies_ruleset_free_state (ruleset, state);
  if (last == NULL || *last == '\0')
    {
      g_free (last);
      last = g_strdup (_("Move"));
    }

  /* Translators: a move by its destination: the last step's words and how many steps it took. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s — %u step", "%s — %u steps", n), last, n);
}

/**
 * _acies_play_session_describe_last:
 * @self: a play session
 *
 * The ruleset's words for the last action of the log in the state before
 * it, as the player chose it ("End the phase (Move phase)": the phase it
 * ended, not the one it began): the game is replayed to that state.
 *
 * Returns: (transfer full): the words, or "?" when there is no action
 */
char *
_acies_play_session_describe_last (AciesPlaySession *self)
{
  guint n = acies_game_get_n_actions (self->game);
  g_autoptr(JsonNode) json = NULL;
  g_autoptr(AciesGame) before = NULL;
  g_autoptr(GError) error = NULL;
  char *words = NULL;

  if (n == 0)
    return g_strdup ("?");
  json = acies_game_to_json (self->game);
  before = acies_game_from_json (json, NULL, &error);
  if (before != NULL && acies_game_truncate (before, n - 1, &error))
    words = acies_ruleset_describe_action (ruleset_of (self), acies_game_get_state (before),
                                           acies_game_get_action (self->game, n - 1));
  else
    g_debug ("The game before its last action could not be replayed: %s", error->message);
  if (words == NULL)
    words = acies_ruleset_describe_action (ruleset_of (self), state_of (self),
                                           acies_game_get_action (self->game, n - 1));

  return words != NULL ? words : g_strdup ("?");
}
