/* acies-action-json.c
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
#include "geometry/acies-board.h"

/*
 * Actions as JSON and in words, for every ruleset, through its action
 * specs: {"type": "move", "player": "pyrrhus", "unit": "pink-3", "to":
 * "C4"} and back, with errors that say which argument and what was
 * expected; and the description of an action when the ruleset gives none.
 */

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

  spec = acies_ruleset_get_spec (self, action->type);
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

/* A string of a (perhaps hostile) file as an error quotes it: at most 40
 * characters, whole UTF-8 characters, "…" where it was cut. */
static char *
excerpt (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);

  if (g_utf8_strlen (valid, -1) > 40)
    {
      g_autofree char *start = g_utf8_substring (valid, 0, 37);

      return g_strconcat (start, "…", NULL);
    }
  return g_steal_pointer (&valid);
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
  g_autofree char *shown = NULL;
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
          shown = excerpt (text);
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("%s: expected a unit id, got “%s”, which is not a unit of this game"),
                       arg->name, shown);
          return FALSE;
        }
      return TRUE;

    case ACIES_ARG_CELL:
      *value = board != NULL ? acies_board_cell_from_label (board, text) : ACIES_CELL_NONE;
      if (*value == ACIES_CELL_NONE)
        {
          shown = excerpt (text);
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("%s: expected a cell label of the board such as “%s”, got “%s”"),
                       arg->name,
                       board != NULL ? acies_board_cell_label (board, 0) : "C4",
                       shown);
          return FALSE;
        }
      return TRUE;

    case ACIES_ARG_EDGE:
      *value = board != NULL ? acies_board_edge_from_label (board, text) : ACIES_EDGE_NONE;
      if (*value == ACIES_EDGE_NONE)
        {
          shown = excerpt (text);
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("%s: expected an edge label of the board such as “C4/C5”, got “%s”"),
                       arg->name, shown);
          return FALSE;
        }
      return TRUE;

    case ACIES_ARG_SIDE:
      *value = state->scenario != NULL ? acies_scenario_side_index (state->scenario, text) : -1;
      if (*value < 0)
        {
          shown = excerpt (text);
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("%s: expected a side id of the scenario, got “%s”"),
                       arg->name, shown);
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

        shown = excerpt (text);
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                     _("%s: expected one of %s, got “%s”"),
                     arg->name, choices, shown);
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
 * The action is not checked for legality; the ruleset's upgrade_action
 * reads an older file's action kind as today's (acies-ruleset.c).
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
      g_autofree char *shown = excerpt (type_name);

      for (guint i = 0; i < n_specs; i++)
        g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", specs[i].name);
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                   _("type: expected one of %s, got “%s”"), names->str, shown);
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
          g_autofree char *shown = excerpt (name);

          for (guint i = 0; i < spec->n_args; i++)
            g_string_append_printf (names, ", %s", spec->args[i].name);
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                       _("%s: unknown member of the action “%s” (expected %s)"),
                       shown, spec->name, names->str);
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
                           _("%s: missing; the action “%s” needs one of %s"),
                           arg->name, spec->name, choices);
            }
          else
            {
              g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT,
                           _("%s: missing; the action “%s” needs %s"),
                           arg->name, spec->name, arg_kind_expectation (arg));
            }
          return FALSE;
        }
      if (!arg_from_json (self, state, arg, member, &action->args[i], error))
        return FALSE;
    }

  /* An older file's words for today's action (the upgrade_action vfunc). */
  if (GET_IFACE (self)->upgrade_action != NULL)
    GET_IFACE (self)->upgrade_action (self, state, action);

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

  spec = acies_ruleset_get_spec (self, action->type);
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
