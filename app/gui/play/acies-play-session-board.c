/* acies-play-session-board.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "acies-play-session-private.h"

/* The play session's board: what the viewer may see of the units and
 * leaders (acies_ruleset_unit_view(), acies_ruleset_leader_view()), the
 * marks and markers from the state view's "units" records, the selected
 * unit's destinations and targets, and the path preview. */

/* The kind of @action's first argument, or -1 when it has none. */
static gint
first_arg_kind (AciesPlaySession  *self,
                const AciesAction *action)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type >= n_specs || specs[action->type].n_args == 0)
    return -1;
  return specs[action->type].args[0].kind;
}

/* The unit an action is of: its first argument when that is a unit. */
gint
_acies_play_session_first_unit_arg (AciesPlaySession  *self,
                                    const AciesAction *action)
{
  return first_arg_kind (self, action) == ACIES_ARG_UNIT ? action->args[0] : -1;
}

/* Is @action a piece's that the window cannot select (its first argument
 * a number naming it, such as a leader's move, SG 4.31), rather than a
 * group's or a placement's?  Such a move is taken from the actions list,
 * or by a click on an empty cell: a click on a counter selects the
 * counter's unit, and a unit's cell is never lit for it. */
gboolean
_acies_play_session_action_of_piece (AciesPlaySession  *self,
                                     const AciesAction *action)
{
  return first_arg_kind (self, action) == ACIES_ARG_INT;
}

/* The leader @action is of: its first argument a number named "leader",
 * an index into the scenario's leaders (a leader's move, SG 4.31), or -1. */
gint
_acies_play_session_action_leader (AciesPlaySession  *self,
                                   const AciesAction *action)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  if (first_arg_kind (self, action) != ACIES_ARG_INT)
    return -1;
  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  return g_strcmp0 (specs[action->type].args[0].name, "leader") == 0 ? action->args[0] : -1;
}

/* Is @action the selection's: the selected unit's, or the selected
 * leader's? */
gboolean
_acies_play_session_action_of_selection (AciesPlaySession  *self,
                                         const AciesAction *action)
{
  if (self->selected_unit >= 0)
    return _acies_play_session_first_unit_arg (self, action) == self->selected_unit;
  return self->selected_leader >= 0 && _acies_play_session_action_leader (self, action) == self->selected_leader;
}

/* Whether leader @l (an index into the scenario's leaders) has a legal
 * action of his own now, one that names a cell (a move): he can be
 * selected. */
gboolean
_acies_play_session_leader_may_act (AciesPlaySession *self,
                                    gint              l)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  for (guint i = 0; l >= 0 && i < self->legal->len; i++)
    {
      const AciesAction *action = &g_array_index (self->legal, AciesAction, i);

      if (_acies_play_session_action_leader (self, action) != l)
        continue;
      for (guint a = 1; a < specs[action->type].n_args; a++)
        if (specs[action->type].args[a].kind == ACIES_ARG_CELL && action->args[a] >= 0)
          return TRUE;
    }
  return FALSE;
}

/* Where the viewer sees @unit, or ACIES_CELL_NONE (off the map, hidden). */
AciesCell
_acies_play_session_cell_of_unit (AciesPlaySession *self,
                                  gint              unit)
{
  for (guint i = 0; i < self->views->len; i++)
    if (g_array_index (self->view_index, gint, i) == unit)
      return ((AciesUnit *) g_ptr_array_index (self->views, i))->cell;

  return ACIES_CELL_NONE;
}

/* The unit the viewer sees in @cell, or -1. */
gint
_acies_play_session_unit_at_cell (AciesPlaySession *self,
                                  AciesCell         cell)
{
  for (guint i = 0; i < self->views->len; i++)
    {
      AciesUnit *view = g_ptr_array_index (self->views, i);

      /* Off the map (the off-map box) or a leader: not a unit in @cell. */
      if (view->cell == ACIES_CELL_NONE || g_array_index (self->view_index, gint, i) < 0)
        continue;
      if (view->cell == cell || (view->cell2 != ACIES_CELL_NONE && view->cell2 == cell))
        return g_array_index (self->view_index, gint, i);
    }

  return -1;
}

/* acies_ruleset_next_in_stack()'s filter: a piece the player may select. */
static gboolean
piece_may_act (const AciesPiece *piece,
               gpointer          user_data)
{
  AciesPlaySession *self = user_data;

  return piece->is_leader ? _acies_play_session_leader_may_act (self, piece->index)
                          : acies_play_session_unit_may_act (self, piece->index);
}

/* The piece a click on @cell selects (FB 13.2, SG 4.31), in the order the
 * ruleset stacks them (acies_ruleset_next_in_stack()): with the selected
 * unit or leader there (*@own_stack TRUE), the next one there that may
 * act, round to the first, or itself when it is the only one; otherwise
 * the first there that may act.  FALSE when none there may act. */
gboolean
_acies_play_session_piece_to_select (AciesPlaySession *self,
                                     AciesCell         cell,
                                     gboolean         *own_stack,
                                     AciesPiece       *piece)
{
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (AciesPiece));
  AciesPiece selected = { self->selected_leader >= 0, self->selected_leader >= 0 ? self->selected_leader
                                                                                 : self->selected_unit };

  *own_stack = FALSE;
  acies_ruleset_list_stack (ruleset_of (self), state_of (self), self->seat, cell, stack);
  for (guint i = 0; selected.index >= 0 && i < stack->len; i++)
    {
      const AciesPiece *here = &g_array_index (stack, AciesPiece, i);

      if (here->is_leader == selected.is_leader && here->index == selected.index)
        *own_stack = TRUE;
    }
  return acies_ruleset_next_in_stack (ruleset_of (self), state_of (self), self->seat, cell,
                                      *own_stack ? &selected : NULL, piece_may_act, self, piece);
}

/* Does argument @i of @action point at @cell (a cell, or a unit there)? */
gboolean
_acies_play_session_action_touches_cell (AciesPlaySession  *self,
                                         const AciesAction *action,
                                         guint              first,
                                         AciesCell          cell)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type >= n_specs)
    return FALSE;

  for (guint i = first; i < specs[action->type].n_args; i++)
    {
      if (action->args[i] < 0)
        continue;
      if (specs[action->type].args[i].kind == ACIES_ARG_CELL && action->args[i] == cell)
        return TRUE;
      if (specs[action->type].args[i].kind == ACIES_ARG_UNIT
          && _acies_play_session_cell_of_unit (self, action->args[i]) == cell)
        return TRUE;
    }

  return FALSE;
}

/* Is one of @action's cell arguments (by the spec) @cell? */
gboolean
_acies_play_session_action_has_cell_arg (AciesPlaySession  *self,
                                         const AciesAction *action,
                                         AciesCell          cell)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type >= n_specs)
    return FALSE;
  for (guint i = 0; i < specs[action->type].n_args; i++)
    if (specs[action->type].args[i].kind == ACIES_ARG_CELL && action->args[i] >= 0
        && (AciesCell) action->args[i] == cell)
      return TRUE;

  return FALSE;
}

/* Where @action goes, for the board: its first cell argument from
 * argument @first on, else the cell of a unit it points at (a target),
 * else the last cell of the ruleset's path for it (acies_ruleset_get_action_path():
 * a group's move or attack with no argument, LB 5.2.2, 6.1).  @is_target
 * says whether the cell is an attack's (a unit argument, or an action with
 * odds) rather than a destination. */
AciesCell
_acies_play_session_action_target_cell (AciesPlaySession  *self,
                                        const AciesAction *action,
                                        guint              first,
                                        gboolean          *is_target)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;
  g_autoptr(GArray) path = NULL;

  *is_target = FALSE;
  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type >= n_specs)
    return ACIES_CELL_NONE;
  for (guint i = first; i < specs[action->type].n_args; i++)
    if (specs[action->type].args[i].kind == ACIES_ARG_CELL && action->args[i] >= 0)
      return action->args[i];
  for (guint i = first; i < specs[action->type].n_args; i++)
    if (specs[action->type].args[i].kind == ACIES_ARG_UNIT && action->args[i] >= 0)
      {
        *is_target = TRUE;
        return _acies_play_session_cell_of_unit (self, action->args[i]);
      }
  path = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  if (!acies_ruleset_get_action_path (ruleset_of (self), state_of (self), action, path, NULL) || path->len == 0)
    return ACIES_CELL_NONE;
  {
    g_autoptr(AciesOdds) odds = acies_ruleset_get_odds (ruleset_of (self), state_of (self), action);

    *is_target = odds != NULL;
  }
  return g_array_index (path, AciesCell, path->len - 1);
}

/* Members of a state view's unit record that the board draws instead of
 * writing them: "group" (selected together: an outline) and "lead" (the
 * group's lead: a star).  A convention of the state views, any ruleset's. */
static gboolean
unit_member_is_drawn (const char *name)
{
  return g_str_equal (name, "group") || g_str_equal (name, "lead");
}

/* The AciesPlaySessionMark flags of the record of unit @id. */
static guint
unit_state_marks (JsonArray  *units,
                  const char *id)
{
  guint marks = ACIES_PLAY_SESSION_MARK_NONE;

  for (guint i = 0; units != NULL && id != NULL && i < json_array_get_length (units); i++)
    {
      JsonNode *element = json_array_get_element (units, i);
      JsonObject *record;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;
      record = json_node_get_object (element);
      if (g_strcmp0 (json_object_get_string_member_with_default (record, "id", NULL), id) != 0)
        continue;
      if (json_object_get_boolean_member_with_default (record, "group", FALSE))
        marks |= ACIES_PLAY_SESSION_MARK_GROUP;
      if (json_object_get_boolean_member_with_default (record, "lead", FALSE))
        marks |= ACIES_PLAY_SESSION_MARK_LEAD;
      break;
    }

  return marks;
}

/* @word ("ordered"), in the words of the Status block: the label of the
 * state member it names, translated with the context "state member"
 * ("Ordered": French "Ordonnée"), in lower case; @word itself when there
 * is no translation. */
static void
append_marker_word (GString    *text,
                    const char *word)
{
  g_autofree char *label = g_strdup (word);
  const char *translated;

  g_strdelimit (label, "_-", ' ');
  label[0] = g_ascii_toupper (label[0]);
  translated = g_dpgettext2 (GETTEXT_PACKAGE, "state member", label);
  if (translated == label || g_str_equal (translated, label))
    g_string_append (text, word);
  else
    {
      g_autofree char *lower = g_utf8_strdown (translated, -1);

      g_string_append (text, lower);
    }
}

/* Between two marker words: a comma, so that words of several words
 * stay apart ("must attack, attacking", not "must attack attacking"). */
static void
append_marker_separator (GString *text)
{
  /* Translators: between two markers under a counter ("disordered, must attack"). */
  g_string_append (text, C_("markers", ", "));
}

/* Per-unit state from the state view's "units" records (matched by "id"):
 * every true flag, and every string that differs from what most units
 * have ("disordered" among "fresh"), as marker words on the counter. */
char *
_acies_play_session_unit_state_markers (JsonArray  *units,
                                        GHashTable *usual,
                                        const char *id)
{
  GString *text = NULL;

  for (guint i = 0; units != NULL && i < json_array_get_length (units); i++)
    {
      JsonNode *element = json_array_get_element (units, i);
      JsonObject *record;
      g_autoptr(GList) fields = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;
      record = json_node_get_object (element);
      if (g_strcmp0 (json_object_get_string_member_with_default (record, "id", NULL), id) != 0)
        continue;
      fields = json_object_get_members (record);
      for (GList *f = fields; f != NULL; f = f->next)
        {
          JsonNode *field = json_object_get_member (record, f->data);
          const char *word = NULL;

          if (!JSON_NODE_HOLDS_VALUE (field) || g_str_equal (f->data, "id")
              || unit_member_is_drawn (f->data))
            continue;
          if (json_node_get_value_type (field) == G_TYPE_BOOLEAN && json_node_get_boolean (field))
            word = f->data;
          else if (json_node_get_value_type (field) == G_TYPE_STRING
                   && g_hash_table_contains (usual, f->data)
                   && g_strcmp0 (g_hash_table_lookup (usual, f->data), json_node_get_string (field)) != 0)
            word = json_node_get_string (field);
          if (word == NULL)
            continue;
          if (text == NULL)
            text = g_string_new (NULL);
          else
            append_marker_separator (text);
          append_marker_word (text, word);
        }
      break;
    }

  return text != NULL ? g_string_free (text, FALSE) : NULL;
}

/* For each string member of the unit records, the value most units have;
 * members that name a place ("zone", "cell") or hold a different value
 * for nearly every unit are left out. */
GHashTable *
_acies_play_session_usual_unit_values (JsonArray *units)
{
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTable *usual = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) best = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = units != NULL ? json_array_get_length (units) : 0;
  GHashTableIter iter;
  gpointer key, value;

  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (units, i);
      g_autoptr(GList) fields = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;
      fields = json_object_get_members (json_node_get_object (element));
      for (GList *f = fields; f != NULL; f = f->next)
        {
          JsonNode *field = json_object_get_member (json_node_get_object (element), f->data);
          g_autofree char *count_key = NULL;
          guint *count;

          if (!JSON_NODE_HOLDS_VALUE (field) || json_node_get_value_type (field) != G_TYPE_STRING
              || g_str_equal (f->data, "id") || g_str_equal (f->data, "zone") || g_str_equal (f->data, "cell"))
            continue;
          count_key = g_strdup_printf ("%s\n%s", (char *) f->data, json_node_get_string (field));
          count = g_hash_table_lookup (counts, count_key);
          if (count == NULL)
            {
              count = g_new0 (guint, 1);
              g_hash_table_insert (counts, g_steal_pointer (&count_key), count);
            }
          (*count)++;
        }
    }

  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *nl = strchr (key, '\n');
      g_autofree char *member = g_strndup (key, nl - (const char *) key);
      const char *best_key = g_hash_table_lookup (best, member);

      if (best_key == NULL || *(guint *) g_hash_table_lookup (counts, best_key) < *(guint *) value)
        g_hash_table_insert (best, g_strdup (member), key);
    }
  g_hash_table_iter_init (&iter, best);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint count = *(guint *) g_hash_table_lookup (counts, value);

      /* A member whose commonest value covers under half the units is a
       * name or a place, not a state. */
      if (count * 2 >= n)
        g_hash_table_insert (usual, g_strdup (key), g_strdup (strchr (value, '\n') + 1));
    }
  return usual;
}

/* A view of leader @l standing alone in its cell, or off the map, as a
 * counter of its leader kind (the renderer draws a leader kind's counter
 * with a star), borrowing from @leader. */
static AciesUnit *
lone_leader_view (const AciesLeader *leader)
{
  AciesUnit *view = g_new0 (AciesUnit, 1);

  view->id = leader->id;
  view->side = leader->side;
  view->formation = leader->formation;
  view->type = leader->kind;
  view->name = leader->name;
  view->attrs = leader->attrs;
  view->cell = leader->cell;
  view->cell2 = ACIES_CELL_NONE;
  view->facing = -1;
  return view;
}

/* An attack's target cell, once. */
static void
add_target (AciesPlaySession *self,
            AciesCell         cell)
{
  for (guint i = 0; i < self->targets->len; i++)
    if (g_array_index (self->targets, AciesCell, i) == cell)
      return;
  g_array_append_val (self->targets, cell);
}

/* The index of @cell among the destinations, or -1. */
static gint
destination_index (AciesPlaySession *self,
                   AciesCell         cell)
{
  for (guint i = 0; i < self->destinations->len; i++)
    if (g_array_index (self->destinations, AciesCell, i) == cell)
      return i;

  return -1;
}

/* A legal destination of the selected unit: its cost and path from the
 * ruleset (acies_ruleset_get_action_path), when it gives them.  A cell
 * several actions reach keeps the cheapest. */
static void
add_destination (AciesPlaySession  *self,
                 const AciesAction *action,
                 AciesCell          cell)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  gint cost = 0;
  gboolean has_path;
  gint i;

  has_path = acies_ruleset_get_action_path (ruleset_of (self), state_of (self), action, cells, &cost)
             && cells->len > 0;

  i = destination_index (self, cell);
  if (i < 0)
    {
      i = self->destinations->len;
      g_array_append_val (self->destinations, cell);
      g_ptr_array_add (self->costs, g_strdup (""));
      g_ptr_array_add (self->paths, NULL);
      g_ptr_array_add (self->routes, NULL);
    }
  if (!has_path)
    return;
  if (g_ptr_array_index (self->paths, i) != NULL
      && atoi (g_ptr_array_index (self->costs, i)) <= cost)
    return;

  g_free (self->costs->pdata[i]);
  self->costs->pdata[i] = cost >= 0 ? g_strdup_printf ("%d", cost) : g_strdup ("");  /* -1: no cost */
  if (self->paths->pdata[i] != NULL)
    g_array_unref (self->paths->pdata[i]);
  self->paths->pdata[i] = g_steal_pointer (&cells);
}

static gint
compare_cells (gconstpointer a,
               gconstpointer b)
{
  return *(const gint *) a - *(const gint *) b;
}

/* Moves by destination: the cells @mover (a unit, or -1 for a group) can
 * reach this phase only through several of its actions, each with the
 * cheapest route's cost and path (acies-play-session-moves.c).  The plan
 * is kept until the game or the mover changes. */
static void
add_routes (AciesPlaySession *self,
            gint              mover)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (gint));
  GHashTableIter iter;
  gpointer key;

  if (self->route_plan == NULL || self->plan_generation != self->generation || self->plan_mover != mover)
    {
      g_clear_pointer (&self->route_plan, g_hash_table_unref);
      self->route_plan = _acies_play_session_plan_routes (self, mover);
      self->plan_generation = self->generation;
      self->plan_mover = mover;
    }
  g_hash_table_iter_init (&iter, self->route_plan);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      gint cell = GPOINTER_TO_INT (key) - 1;

      g_array_append_val (cells, cell);
    }
  g_array_sort (cells, compare_cells);
  for (guint i = 0; i < cells->len; i++)
    {
      AciesCell cell = g_array_index (cells, gint, i);
      AciesPlayRoute *route = g_hash_table_lookup (self->route_plan, GINT_TO_POINTER (cell + 1));

      /* One action there already: it is taken as it is.  A leader's
       * moves onto a unit's cell are not lit, as his one move there is
       * not (see _acies_play_session_action_of_piece). */
      if (destination_index (self, cell) >= 0
          || (mover < 0 && _acies_play_session_unit_at_cell (self, cell) >= 0
              && _acies_play_session_action_of_piece (self, &g_array_index (_acies_play_route_get_actions (route),
                                                                            AciesAction, 0))))
        continue;
      g_array_append_val (self->destinations, cell);
      g_ptr_array_add (self->costs, g_strdup_printf ("%d", _acies_play_route_get_cost (route)));
      g_ptr_array_add (self->paths, g_array_ref ((GArray *) _acies_play_route_get_cells (route)));
      g_ptr_array_add (self->routes, route);
    }
}

/**
 * _acies_play_session_route_to:
 * @self: a play session
 * @cell: a destination
 *
 * Returns: (nullable) (transfer none): the route of several actions that
 *   takes the selected unit (or the group) to @cell, or %NULL when one
 *   action does or none can
 */
AciesPlayRoute *
_acies_play_session_route_to (AciesPlaySession *self,
                              AciesCell         cell)
{
  gint i = destination_index (self, cell);

  return i >= 0 ? g_ptr_array_index (self->routes, i) : NULL;
}

/* The destinations and targets of @unit's legal actions (-1: the
 * selected leader's). */
static void
add_unit_destinations (AciesPlaySession *self,
                       gint              unit)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  for (guint i = 0; i < self->legal->len; i++)
    {
      const AciesAction *action = &g_array_index (self->legal, AciesAction, i);
      gboolean any = FALSE, is_target;
      AciesCell cell;

      if (action->type >= n_specs
          || (unit >= 0 ? _acies_play_session_first_unit_arg (self, action) != unit
              : !_acies_play_session_action_of_selection (self, action)))
        continue;
      for (guint a = 1; a < specs[action->type].n_args; a++)
        {
          if (action->args[a] < 0)
            continue;
          if (specs[action->type].args[a].kind == ACIES_ARG_CELL)
            {
              add_destination (self, action, action->args[a]);
              any = TRUE;
            }
          else if (specs[action->type].args[a].kind == ACIES_ARG_UNIT
                   && (cell = _acies_play_session_cell_of_unit (self, action->args[a])) != ACIES_CELL_NONE)
            {
              add_target (self, cell);
              any = TRUE;
            }
        }
      /* A unit's action with nothing to point at (a pursuit, LB
       * 6.9.1): where the ruleset's path for it ends. */
      if (!any && (cell = _acies_play_session_action_target_cell (self, action, 1, &is_target)) != ACIES_CELL_NONE)
        {
          if (is_target)
            add_target (self, cell);
          else
            add_destination (self, action, cell);
        }
    }
}

/* The one unit all the legal actions of a unit belong to (the unit a
 * set-up places now, GC 3.1), or -1. */
static gint
sole_acting_unit (AciesPlaySession *self)
{
  gint sole = -1;

  for (guint i = 0; i < self->legal->len; i++)
    {
      gint unit = _acies_play_session_first_unit_arg (self, &g_array_index (self->legal, AciesAction, i));

      if (unit < 0)
        continue;
      if (sole >= 0 && unit != sole)
        return -1;
      sole = unit;
    }
  return sole;
}

/* The spec labels, with their rules, of the legal actions of @mover (a
 * unit, or -1 for those of no unit) that lead to a destination (or, with
 * @targets, to a target): "Move (GC 8.0)", "Deploy (LB 3.3.2)". */
static char *
lit_kinds (AciesPlaySession *self,
           gint              mover,
           gboolean          targets)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;
  g_autoptr(GString) kinds = g_string_new (NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  for (guint i = 0; i < self->legal->len; i++)
    {
      const AciesAction *action = &g_array_index (self->legal, AciesAction, i);
      gboolean is_target = FALSE;
      AciesCell cell;

      if (action->type >= n_specs || _acies_play_session_first_unit_arg (self, action) != mover
          || g_hash_table_contains (seen, GUINT_TO_POINTER (action->type + 1)))
        continue;
      cell = _acies_play_session_action_target_cell (self, action, mover >= 0 ? 1 : 0, &is_target);
      if (cell == ACIES_CELL_NONE || is_target != targets)
        continue;
      g_hash_table_add (seen, GUINT_TO_POINTER (action->type + 1));
      {
        const char *label = specs[action->type].label != NULL ? _(specs[action->type].label) : specs[action->type].name;
        g_autofree char *kind = specs[action->type].rule != NULL
          /* Translators: a kind of action and the rule that allows it, in
           * a list of what a cell allows: "Move (GC 8.0)". */
          ? g_strdup_printf (C_("action kind", "%s (%s)"), label, acies_rule_citation_shown (specs[action->type].rule))
          : g_strdup (label);

        if (kinds->len > 0)
          /* Translators: the separator between the kinds of action a cell
           * allows, "Move (GC 8.0), Attack (GC 9.0)". */
          g_string_append (kinds, C_("action kinds", ", "));
        g_string_append (kinds, kind);
      }
    }
  return kinds->len > 0 ? g_string_free (g_steal_pointer (&kinds), FALSE) : NULL;
}

/* The state view's "lit" member (acies-ruleset.c): the cells the rules
 * light now for everyone, such as the sections a card orders, and what
 * they are.  Nothing under the curtain. */
static void
read_lit (AciesPlaySession *self,
          JsonObject       *view)
{
  JsonObject *lit = view != NULL && json_object_has_member (view, "lit")
                    && JSON_NODE_HOLDS_OBJECT (json_object_get_member (view, "lit"))
                    ? json_object_get_object_member (view, "lit") : NULL;
  JsonArray *cells = lit != NULL && json_object_has_member (lit, "cells")
                     && JSON_NODE_HOLDS_ARRAY (json_object_get_member (lit, "cells"))
                     ? json_object_get_array_member (lit, "cells") : NULL;
  const AciesBoard *board = state_of (self)->scenario->map.board;

  g_array_set_size (self->lit_cells, 0);
  g_clear_pointer (&self->lit_label, g_free);
  if (cells == NULL)
    return;
  for (guint i = 0; i < json_array_get_length (cells); i++)
    {
      AciesCell cell = (AciesCell) json_array_get_int_element (cells, i);

      if (acies_board_contains (board, cell))
        g_array_append_val (self->lit_cells, cell);
    }
  self->lit_label = g_strdup (json_object_get_string_member_with_default (lit, "label", NULL));
}

/**
 * acies_play_session_get_lit_cells:
 * @self: a play session
 * @label: (out) (optional) (transfer none): what the cells are ("Ordered:
 *   the left section"), or %NULL
 *
 * The cells the rules light now for the viewer (the state view's "lit":
 * the sections a card orders); empty behind the curtain.
 *
 * Returns: (transfer none) (element-type AciesCell): the cells
 */
GArray *
acies_play_session_get_lit_cells (AciesPlaySession  *self,
                                  const char       **label)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  if (label != NULL)
    *label = self->lit_label;
  return self->lit_cells;
}

/* The legend of the lit cells: what they are, for whom, by which rule,
 * and what the numbers on them mean. */
static char *
legend (AciesPlaySession *self)
{
  gint mover = self->selected_unit;
  g_autofree char *who = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *strikes = NULL;
  gboolean costs = FALSE, lit = FALSE;
  GString *text;

  if (self->curtain)
    return NULL;
  /* Nothing to go to: the cells the rules light (the state view's "lit"),
   * which the board draws only then (destinations replace them). */
  if (self->destinations->len == 0)
    lit = self->lit_cells->len > 0 && self->lit_label != NULL;
  if (self->destinations->len == 0 && self->targets->len == 0 && !lit)
    return NULL;
  /* Nothing selected: the actions of no unit (a group's), else those of
   * the one unit that may act (the unit to place). */
  if (mover < 0 && (moves = lit_kinds (self, -1, FALSE)) == NULL)
    mover = sole_acting_unit (self);
  if (mover >= 0)
    {
      moves = lit_kinds (self, mover, FALSE);
      who = acies_ruleset_describe_unit (ruleset_of (self), state_of (self), mover, self->seat);
    }
  else if (self->selected_leader >= 0)
    who = _acies_play_session_selected_leader_name (self);
  strikes = lit_kinds (self, mover, TRUE);
  for (guint i = 0; i < self->costs->len && !costs; i++)
    costs = *(const char *) g_ptr_array_index (self->costs, i) != '\0';

  text = g_string_new (NULL);
  if (self->destinations->len > 0)
    {
      if (who != NULL)
        /* Translators: the legend of the lit squares: the unit and the kinds of action ("Move (GC 8.0)"). */
        g_string_append_printf (text, _("Lit: where %s may go — %s."), who, moves != NULL ? moves : "?");
      else
        /* Translators: the legend of the lit squares when no unit is selected: the kinds of action ("Deploy (LB 3.3.2)"). */
        g_string_append_printf (text, _("Lit: the destinations of %s."), moves != NULL ? moves : "?");
      if (costs)
        /* Translators: the legend of the numbers on the lit squares. */
        g_string_append (text, _(" The number on each is what going there costs, the cheapest way (0: it costs nothing)."));
    }
  if (self->targets->len > 0)
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      /* The board rings the targets (a red ring; a black sight in high
       * contrast): "framed" was the selected unit's cell outline, which
       * is not there while nothing is selected (the Four Battles trial). */
      /* Translators: the legend of the targets, which the board circles
       * with a ring ("Attack (GC 9.0)"). */
      g_string_append_printf (text, _("Circled: what may be attacked — %s."), strikes != NULL ? strikes : "?");
    }
  if (lit)
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      /* Translators: the legend of the cells the rules light: "Lit: the
       * sections the card orders — left (CCA S3.2)." */
      g_string_append_printf (text, _("Lit: %s."), self->lit_label);
    }
  return g_string_free (text, FALSE);
}

/* The board as the viewer may see it now: the units' and leaders' views,
 * their marker words and marks, and the selected unit's destinations
 * (with costs and paths) and targets, or those of the actions of no unit;
 * then the path preview.  The window shows them on "board-changed". */
void
_acies_play_session_update_board (AciesPlaySession *self)
{
  AciesRuleset *ruleset = ruleset_of (self);
  const AciesState *state = state_of (self);
  g_autoptr(GPtrArray) unit_texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) unit_marks = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GHashTable) usual = NULL;
  JsonArray *state_units = NULL;
  g_autoptr(GPtrArray) on_counters = NULL;
  GPtrArray *views;
  guint n_units;

  /* New views: the old ones borrow from a state that may be gone. */
  views = g_ptr_array_new_with_free_func (g_free);
  g_array_set_size (self->view_index, 0);
  n_units = acies_ruleset_get_n_units (ruleset, state);
  if (!self->curtain)
    for (guint u = 0; u < n_units; u++)
      {
        AciesUnit *view = g_new0 (AciesUnit, 1);
        gint index = u;

        view->cell = view->cell2 = ACIES_CELL_NONE;
        view->facing = -1;
        /* A unit in play off the map (cell NONE) is in the views too: the
         * board leaves it out, the off-map box shows it. */
        if (!acies_ruleset_unit_view (ruleset, state, u, self->seat, view))
          {
            g_free (view);
            continue;
          }
        /* A counter shows its unit's name, never its id ("purple-7"): a
         * drawn counter with no name shows none, as the one on the table. */
        if (view->name == NULL)
          view->name = (char *) "";
        g_ptr_array_add (views, view);
        g_array_append_val (self->view_index, index);
      }

  /* Leaders where they stand now: one with a unit in play is drawn on its
   * counter; one alone (or whose unit is not in play) as a counter of its
   * own, on the board or in the off-map box. */
  g_ptr_array_set_size (self->leader_views, 0);
  on_counters = g_ptr_array_new ();
  if (!self->curtain && state->scenario->leaders != NULL)
    for (guint l = 0; l < state->scenario->leaders->len; l++)
      {
        AciesLeader *leader = g_new0 (AciesLeader, 1);
        gboolean with_unit = FALSE;
        gint index = LEADER_VIEW (l);

        leader->cell = ACIES_CELL_NONE;
        if (!acies_ruleset_leader_view (ruleset, state, l, self->seat, leader))
          {
            g_clear_pointer (&leader, g_free);
            g_ptr_array_add (self->leader_views, NULL);
            continue;
          }
        g_ptr_array_add (self->leader_views, leader);
        for (guint i = 0; leader->attached_to != NULL && i < views->len && !with_unit; i++)
          with_unit = g_array_index (self->view_index, gint, i) >= 0
                      && g_strcmp0 (((AciesUnit *) g_ptr_array_index (views, i))->id, leader->attached_to) == 0;
        if (with_unit)
          {
            g_ptr_array_add (on_counters, leader);
            continue;
          }
        g_ptr_array_add (views, lone_leader_view (leader));
        g_array_append_val (self->view_index, index);
      }
  g_clear_pointer (&self->views, g_ptr_array_unref);
  self->views = views;
  /* The board draws a leader with a unit on its counter; one killed or
   * lost is in no array, so it leaves the board. */
  g_clear_pointer (&self->counter_leaders, g_ptr_array_unref);
  self->counter_leaders = g_steal_pointer (&on_counters);

  /* Markers: the ruleset's flags on a unit ("engaged": true…), from its
   * view and from the state view's unit records. */
  if (!self->curtain)
    {
      JsonNode *root = acies_ruleset_state_view_to_json (ruleset, state, self->seat);
      JsonObject *object = root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
      JsonNode *units = object != NULL ? json_object_get_member (object, "units") : NULL;

      g_clear_pointer (&self->state_json, json_node_unref);
      self->state_json = root;
      read_lit (self, object);
      state_units = units != NULL && JSON_NODE_HOLDS_ARRAY (units) ? json_node_get_array (units) : NULL;
      usual = _acies_play_session_usual_unit_values (state_units);
    }
  for (guint i = 0; i < self->views->len; i++)
    {
      AciesUnit *view = g_ptr_array_index (self->views, i);
      gint unit = g_array_index (self->view_index, gint, i);
      const char *id = unit >= 0 ? acies_ruleset_unit_id (ruleset, state, unit) : NULL;
      g_autoptr(GList) members = NULL;
      g_autofree char *from_state = NULL;
      GString *text = NULL;
      guint marks = ACIES_PLAY_SESSION_MARK_NONE;

      if (unit < 0)
        {
          /* A leader alone: its own counter, no unit markers. */
          if (self->selected_leader >= 0 && unit == LEADER_VIEW (self->selected_leader))
            marks |= ACIES_PLAY_SESSION_MARK_SELECTED;
          g_array_append_val (unit_marks, marks);
          g_ptr_array_add (unit_texts, g_strdup (""));
          continue;
        }
      if (state_units != NULL)
        {
          from_state = _acies_play_session_unit_state_markers (state_units, usual, id);
          marks = unit_state_marks (state_units, id);
        }
      if (unit == self->selected_unit)
        marks |= ACIES_PLAY_SESSION_MARK_SELECTED;
      /* Picked to act together: outlined as a group is. */
      for (guint k = 0; k < self->picks->len; k++)
        if (g_array_index (self->picks, gint, k) == unit)
          marks |= ACIES_PLAY_SESSION_MARK_GROUP;
      g_array_append_val (unit_marks, marks);
      if (from_state != NULL)
        text = g_string_new (from_state);
      if (view->attrs != NULL)
        members = json_object_get_members (view->attrs);
      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *node = json_object_get_member (view->attrs, l->data);

          if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN
              && json_node_get_boolean (node) && !unit_member_is_drawn (l->data))
            {
              if (text == NULL)
                text = g_string_new (NULL);
              else
                append_marker_separator (text);
              append_marker_word (text, l->data);
            }
        }
      g_ptr_array_add (unit_texts, text != NULL ? g_string_free (text, FALSE) : g_strdup (""));
    }
  /* Each unit's markers on its own counter, wherever it is drawn (a
   * stack, a zone's grid, the off-map box): not per cell. */
  g_ptr_array_set_size (self->view_texts, 0);
  g_ptr_array_extend_and_steal (self->view_texts, g_steal_pointer (&unit_texts));
  if (self->curtain)
    read_lit (self, NULL);
  g_array_set_size (self->view_marks, 0);
  g_array_append_vals (self->view_marks, unit_marks->data, unit_marks->len);

  /* Destinations (with the cost and path of each, where the ruleset
   * gives them) and targets of the selected unit. */
  g_array_set_size (self->destinations, 0);
  g_array_set_size (self->targets, 0);
  g_ptr_array_set_size (self->costs, 0);
  g_ptr_array_set_size (self->paths, 0);
  g_ptr_array_set_size (self->routes, 0);
  if (self->selected_unit >= 0 && !self->curtain)
    {
      add_unit_destinations (self, self->selected_unit);
      add_routes (self, self->selected_unit);
    }
  else if (self->selected_leader >= 0 && !self->curtain)
    add_unit_destinations (self, -1);
  else if (!self->curtain)
    {
      /* Nothing selected: where the actions of no unit go (a group's move
       * or attack, a deployment, a set-up placement), from their cell
       * argument or the ruleset's path.  Not a leader's: he is selected
       * on the board as a unit is, and his moves light then (SG 4.31; every
       * leader's moves lit at once said nothing, issue 17's trial). */
      for (guint i = 0; i < self->legal->len; i++)
        {
          const AciesAction *action = &g_array_index (self->legal, AciesAction, i);
          gboolean is_target;
          AciesCell cell;

          if (_acies_play_session_first_unit_arg (self, action) >= 0
              || _acies_play_session_action_leader (self, action) >= 0
              || (cell = _acies_play_session_action_target_cell (self, action, 0, &is_target)) == ACIES_CELL_NONE)
            continue;
          /* A leader's move onto a unit's cell is not lit: a click there
           * selects the unit (see _acies_play_session_action_of_piece). */
          if (!is_target && _acies_play_session_action_of_piece (self, action)
              && _acies_play_session_unit_at_cell (self, cell) >= 0)
            continue;
          if (is_target)
            add_target (self, cell);
          else
            add_destination (self, action, cell);
        }
      /* A group's move by its destination (LB 5.2: two zones ahead). */
      if (self->destinations->len > 0)
        add_routes (self, -1);
      /* The one unit that may act (the unit to place, GC 3.1): where it
       * may go is lit before it is selected; a click there takes it. */
      {
        gint sole = sole_acting_unit (self);

        if (sole >= 0)
          add_unit_destinations (self, sole);
      }
    }

  _acies_play_session_set_legend (self, legend (self));
  _acies_play_session_update_path (self);
}

/* The path preview: the previewed action's path, else the path to the
 * destination under the pointer or the keyboard focus.  Returns whether
 * it changed. */
gboolean
_acies_play_session_update_path (AciesPlaySession *self)
{
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (AciesCell));

  if (self->has_pending && !self->curtain)
    {
      gint unit = _acies_play_session_first_unit_arg (self, &self->pending);
      AciesCell from = unit >= 0 ? _acies_play_session_cell_of_unit (self, unit) : ACIES_CELL_NONE;

      if (!acies_ruleset_get_action_path (ruleset_of (self), state_of (self), &self->pending, path, NULL)
          && from != ACIES_CELL_NONE)
        {
          /* Without the ruleset's path: a line to what the action points at. */
          const AciesActionSpec *specs;
          guint n_specs = 0;

          g_array_set_size (path, 0);
          specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
          g_array_append_val (path, from);
          for (guint a = 1; self->pending.type < n_specs && a < specs[self->pending.type].n_args; a++)
            {
              AciesCell cell = ACIES_CELL_NONE;

              if (self->pending.args[a] < 0)
                continue;
              if (specs[self->pending.type].args[a].kind == ACIES_ARG_CELL)
                cell = self->pending.args[a];
              else if (specs[self->pending.type].args[a].kind == ACIES_ARG_UNIT)
                cell = _acies_play_session_cell_of_unit (self, self->pending.args[a]);
              if (cell != ACIES_CELL_NONE)
                {
                  g_array_append_val (path, cell);
                  break;
                }
            }
        }
    }
  else
    {
      AciesCell pointed = self->hover_cell != ACIES_CELL_NONE
                          ? self->hover_cell : self->focus_cell;

      for (guint i = 0; i < self->destinations->len; i++)
        if (g_array_index (self->destinations, AciesCell, i) == pointed)
          {
            GArray *cells = g_ptr_array_index (self->paths, i);

            if (cells != NULL && cells->len > 1)
              g_array_append_vals (path, cells->data, cells->len);
            break;
          }
    }

  if (path->len == self->path->len
      && (path->len == 0 || memcmp (path->data, self->path->data, path->len * sizeof (AciesCell)) == 0))
    return FALSE;
  g_array_set_size (self->path, 0);
  g_array_append_vals (self->path, path->data, path->len);

  return TRUE;
}

/* The units that acted in this phase: the unit of each action taken since
 * the turn, side or phase last changed (for why a unit has no action
 * left).  An action taken back leaves the list; a change of phase empties
 * it. */
void
_acies_play_session_track_acted (AciesPlaySession *self)
{
  const AciesState *state = state_of (self);
  guint n = acies_game_get_n_actions (self->game);
  g_autofree char *phase = g_strdup_printf ("%u/%d/%s", state->turn, state->active_side,
                                            state->phase != NULL ? state->phase : "");

  if (self->acted == NULL)
    self->acted = g_array_new (FALSE, FALSE, sizeof (gint));
  /* The action that began the phase is not one of its own. */
  if (g_strcmp0 (phase, self->acted_phase) != 0)
    {
      g_free (self->acted_phase);
      self->acted_phase = g_steal_pointer (&phase);
      self->acted_from = n;
    }
  self->acted_from = MIN (self->acted_from, n);
  g_array_set_size (self->acted, 0);
  for (guint i = self->acted_from; i < n; i++)
    {
      gint unit = _acies_play_session_first_unit_arg (self, acies_game_get_action (self->game, i));

      if (unit >= 0)
        g_array_append_val (self->acted, unit);
    }
}

gboolean
_acies_play_session_unit_acted (AciesPlaySession *self,
                                gint              unit)
{
  for (guint i = 0; self->acted != NULL && i < self->acted->len; i++)
    if (g_array_index (self->acted, gint, i) == unit)
      return TRUE;
  return FALSE;
}

/**
 * acies_play_session_get_views:
 * @self: a play session
 *
 * The counters the viewer sees: a view per unit in play (on the map, or
 * off it with cell %ACIES_CELL_NONE: the off-map box shows those), then
 * a view per leader standing alone, drawn as a counter of its own.  None
 * behind the curtain.  The views borrow from the game's state: they hold
 * until the next "board-changed".
 *
 * Returns: (transfer none) (element-type AciesUnit): the views
 */
GPtrArray *
acies_play_session_get_views (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);
  return self->views;
}

/**
 * acies_play_session_get_view_unit:
 * @self: a play session
 * @view: an index of acies_play_session_get_views()
 *
 * Returns: the unit index of the state the view shows, or -1 (a leader
 *   standing alone, or no such view)
 */
gint
acies_play_session_get_view_unit (AciesPlaySession *self,
                                  guint             view)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), -1);

  if (view >= self->view_index->len)
    return -1;
  return MAX (g_array_index (self->view_index, gint, view), -1);
}

/**
 * acies_play_session_get_view_of_unit:
 * @self: a play session
 * @unit: a unit index of the state
 *
 * Returns: the index in acies_play_session_get_views() of @unit's view,
 *   or -1 when the viewer does not see it
 */
gint
acies_play_session_get_view_of_unit (AciesPlaySession *self,
                                     gint              unit)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), -1);

  for (guint i = 0; unit >= 0 && i < self->view_index->len; i++)
    if (g_array_index (self->view_index, gint, i) == unit)
      return i;

  return -1;
}

/**
 * acies_play_session_get_view_at_cell:
 * @self: a play session
 * @cell: a cell
 *
 * Returns: the index in acies_play_session_get_views() of the unit the
 *   viewer sees in @cell, or -1
 */
gint
acies_play_session_get_view_at_cell (AciesPlaySession *self,
                                     AciesCell         cell)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), -1);

  return acies_play_session_get_view_of_unit (self, _acies_play_session_unit_at_cell (self, cell));
}

/**
 * acies_play_session_get_view_markers:
 * @self: a play session
 * @view: an index of acies_play_session_get_views()
 *
 * Returns: (nullable): the words drawn under the view's counter, the
 *   ruleset's flags and unusual states ("engaged, disordered"), "" for
 *   none; %NULL when there is no such view
 */
const char *
acies_play_session_get_view_markers (AciesPlaySession *self,
                                     guint             view)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  return view < self->view_texts->len ? g_ptr_array_index (self->view_texts, view) : NULL;
}

/**
 * acies_play_session_get_view_marks:
 * @self: a play session
 * @view: an index of acies_play_session_get_views()
 *
 * Returns: the #AciesPlaySessionMark flags of the view's counter
 */
guint
acies_play_session_get_view_marks (AciesPlaySession *self,
                                   guint             view)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), 0);

  return view < self->view_marks->len ? g_array_index (self->view_marks, guint, view) : 0;
}

/**
 * acies_play_session_get_counter_leaders:
 * @self: a play session
 *
 * Returns: (transfer none) (element-type AciesLeader): the leaders in
 *   play riding with a unit in play, drawn on its counter (their
 *   attached_to names it); views borrowed like those of
 *   acies_play_session_get_views()
 */
GPtrArray *
acies_play_session_get_counter_leaders (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);
  return self->counter_leaders;
}

/**
 * acies_play_session_get_destinations:
 * @self: a play session
 *
 * Returns: (transfer none) (element-type AciesCell): where the selected
 *   unit may go now, or, with nothing selected, where the actions of no
 *   unit go (a group's move, a deployment, a set-up placement)
 */
const GArray *
acies_play_session_get_destinations (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);
  return self->destinations;
}

/**
 * acies_play_session_get_destination_cost:
 * @self: a play session
 * @cell: a cell
 *
 * Returns: (nullable): the cost shown in @cell when it is a destination
 *   ("" when the ruleset gives no cost), or %NULL when it is not one
 */
const char *
acies_play_session_get_destination_cost (AciesPlaySession *self,
                                         AciesCell         cell)
{
  gint i;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  i = destination_index (self, cell);
  return i >= 0 ? g_ptr_array_index (self->costs, i) : NULL;
}

/**
 * acies_play_session_get_destination_path:
 * @self: a play session
 * @cell: a destination
 *
 * Returns: (transfer none) (nullable) (element-type AciesCell): the path
 *   the path preview draws to @cell, or %NULL without one
 */
const GArray *
acies_play_session_get_destination_path (AciesPlaySession *self,
                                         AciesCell         cell)
{
  gint i;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  i = destination_index (self, cell);
  return i >= 0 ? g_ptr_array_index (self->paths, i) : NULL;
}

/**
 * acies_play_session_get_targets:
 * @self: a play session
 *
 * Returns: (transfer none) (element-type AciesCell): the cells of the
 *   units the selected unit may attack
 */
const GArray *
acies_play_session_get_targets (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);
  return self->targets;
}

/**
 * acies_play_session_get_path:
 * @self: a play session
 *
 * The path preview: the previewed attack's path, else the path to the
 * destination under the pointer (#AciesPlaySession:hover-cell) or the
 * board's keyboard focus (#AciesPlaySession:focus-cell).  It changes with
 * "path-changed".
 *
 * Returns: (transfer none) (element-type AciesCell): the cells, in order
 *   (empty for none)
 */
const GArray *
acies_play_session_get_path (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);
  return self->path;
}
