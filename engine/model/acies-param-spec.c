/* acies-param-spec.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-catalogue"

#include "config.h"

#include <string.h>

#include "geometry/acies-board.h"
#include "model/acies-catalogue-private.h"

/*
 * Values against their specs (AciesParamSpec): whether a unit's attribute,
 * a side's parameter or a ruling holds a value of the right type and
 * range, what is expected when it does not, and the names of enum values
 * for people.
 */

static gboolean
node_is (JsonNode *node,
         GType     type)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == type;
}

/* ------------------------------------------------------------------ */
/* Checking values.                                                    */

static char *
describe_value (JsonNode *value)
{
  if (value == NULL || JSON_NODE_HOLDS_NULL (value))
    return g_strdup ("nothing");
  if (JSON_NODE_HOLDS_VALUE (value))
    {
      g_autoptr(JsonGenerator) generator = json_generator_new ();

      json_generator_set_root (generator, value);
      return json_generator_to_data (generator, NULL);
    }

  return g_strdup (acies_json_type_name (value));
}

static char *
describe_ids (GPtrArray *items)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; items != NULL && i < items->len; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, *(char **) g_ptr_array_index (items, i));
    }

  return g_string_free (text, FALSE);
}

static char *
describe_expected (const AciesParamSpec *spec,
                   const AciesScenario  *scenario)
{
  switch (spec->type)
    {
    case ACIES_VALUE_INT:
      if (spec->min != G_MININT64 && spec->max != G_MAXINT64)
        return g_strdup_printf ("an integer from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT,
                                spec->min, spec->max);
      if (spec->min != G_MININT64)
        return g_strdup_printf ("an integer of at least %" G_GINT64_FORMAT, spec->min);
      if (spec->max != G_MAXINT64)
        return g_strdup_printf ("an integer of at most %" G_GINT64_FORMAT, spec->max);
      return g_strdup ("an integer");
    case ACIES_VALUE_ENUM:
      {
        g_autofree char *list = g_strjoinv (", ", spec->values);
        return g_strdup_printf ("one of %s", list);
      }
    case ACIES_VALUE_BOOL:
      return g_strdup ("true or false");
    case ACIES_VALUE_STRING:
      return g_strdup ("a string");
    case ACIES_VALUE_NUMBER:
      return g_strdup ("a number");
    case ACIES_VALUE_CELL:
      if (scenario != NULL && scenario->map.board != NULL)
        {
          const AciesBoard *board = scenario->map.board;
          guint n = acies_board_get_n_cells (board);

          return g_strdup_printf ("a cell label of the %u × %u board (%s to %s)",
                                  acies_board_get_width (board),
                                  acies_board_get_height (board),
                                  acies_board_cell_label (board, 0),
                                  acies_board_cell_label (board, n - 1));
        }
      return g_strdup ("a cell label");
    case ACIES_VALUE_SIDE:
      if (scenario != NULL)
        {
          g_autofree char *ids = describe_ids (scenario->sides);
          return g_strdup_printf ("a side id of the scenario (%s)", ids);
        }
      return g_strdup ("a side id");
    case ACIES_VALUE_FORMATION:
      if (scenario != NULL)
        {
          g_autofree char *ids = describe_ids (scenario->formations);
          return g_strdup_printf ("a formation id of the scenario (%s)", ids);
        }
      return g_strdup ("a formation id");
    case ACIES_VALUE_AREA:
      if (scenario != NULL)
        {
          g_autofree char *ids = describe_ids (scenario->areas);
          return g_strdup_printf ("an area id of the scenario (%s)", ids);
        }
      return g_strdup ("an area id");
    case ACIES_VALUE_UNIT_TYPE:
      if (scenario != NULL && scenario->ruleset != NULL)
        {
          AciesCatalogue *catalogue = acies_catalogue_get_bundled (scenario->ruleset);

          if (catalogue != NULL)
            {
              g_autofree char *ids = describe_ids (catalogue->unit_types);
              return g_strdup_printf ("a unit type of %s (%s)", catalogue->name, ids);
            }
        }
      return g_strdup ("a unit type id");
    default:
      g_return_val_if_reached (g_strdup ("a value"));
    }
}

static gboolean
id_in (GPtrArray  *items,
       const char *id)
{
  return acies_catalogue_find_item (items, id) != NULL;
}

/* Whether @value is right for @spec; FALSE for a wrong type or value. */
static gboolean
value_ok (const AciesParamSpec *spec,
          JsonNode             *value,
          const AciesScenario  *scenario)
{
  const char *text;

  switch (spec->type)
    {
    case ACIES_VALUE_INT:
      {
        gint64 n;

        if (!node_is (value, G_TYPE_INT64))
          return FALSE;
        n = json_node_get_int (value);
        return n >= spec->min && n <= spec->max;
      }
    case ACIES_VALUE_BOOL:
      return node_is (value, G_TYPE_BOOLEAN);
    case ACIES_VALUE_NUMBER:
      return node_is (value, G_TYPE_INT64) || node_is (value, G_TYPE_DOUBLE);
    default:
      break;
    }

  /* The rest are strings. */
  if (!node_is (value, G_TYPE_STRING))
    return FALSE;
  text = json_node_get_string (value);

  switch (spec->type)
    {
    case ACIES_VALUE_ENUM:
      return g_strv_contains ((const char * const *) spec->values, text);
    case ACIES_VALUE_STRING:
      return TRUE;
    case ACIES_VALUE_CELL:
      if (scenario == NULL || scenario->map.board == NULL)
        return *text != '\0';
      return acies_board_cell_from_label (scenario->map.board, text) != ACIES_CELL_NONE;
    case ACIES_VALUE_SIDE:
      return scenario == NULL ? *text != '\0' : id_in (scenario->sides, text);
    case ACIES_VALUE_FORMATION:
      return scenario == NULL ? *text != '\0' : id_in (scenario->formations, text);
    case ACIES_VALUE_AREA:
      return scenario == NULL ? *text != '\0' : id_in (scenario->areas, text);
    case ACIES_VALUE_UNIT_TYPE:
      {
        AciesCatalogue *catalogue = NULL;

        if (scenario != NULL && scenario->ruleset != NULL)
          catalogue = acies_catalogue_get_bundled (scenario->ruleset);
        if (catalogue == NULL)
          return *text != '\0';
        return acies_catalogue_find_unit_type (catalogue, text) != NULL;
      }
    default:
      return FALSE;
    }
}

/**
 * acies_param_spec_check:
 * @spec: a parameter spec from a catalogue
 * @value: (nullable): the value, or %NULL (or a JSON null) when absent
 * @scenario: (nullable): the scenario the value belongs to; with it, cell
 *   labels are checked on its board (acies_board_cell_from_label()), side,
 *   formation and area ids against its lists, and unit types against the
 *   bundled catalogue of its ruleset.  Without it only the value's shape is
 *   checked.
 * @message: (out) (optional) (transfer full): on failure, what was
 *   expected and what was found ("expected an integer from 0 to 2, got 5")
 *
 * Checks one value against its spec.  An absent value is fine unless the
 * spec is required.
 *
 * Returns: %TRUE if @value is acceptable
 */
gboolean
acies_param_spec_check (const AciesParamSpec  *spec,
                        JsonNode              *value,
                        const AciesScenario   *scenario,
                        char                 **message)
{
  g_autofree char *expected = NULL;
  g_autofree char *found = NULL;

  g_return_val_if_fail (spec != NULL, FALSE);

  if (message != NULL)
    *message = NULL;

  if (value == NULL || JSON_NODE_HOLDS_NULL (value))
    {
      if (!spec->required)
        return TRUE;
    }
  else if (value_ok (spec, value, scenario))
    return TRUE;

  if (message != NULL)
    {
      expected = describe_expected (spec, scenario);
      found = describe_value (value);
      *message = g_strdup_printf ("expected %s, got %s", expected, found);
    }

  return FALSE;
}

/**
 * acies_param_spec_parse:
 * @spec: a parameter spec
 * @text: a value as a person types it: "true", "no", "3", "as-printed"
 * @scenario: (nullable): the scenario the value belongs to, for
 *   acies_param_spec_check()
 * @message: (out) (optional) (transfer full): on failure, what was
 *   expected ("expected true or false, got \"maybe\"")
 *
 * Reads @text as a value of @spec's type (a bool from true/false, yes/no
 * or 1/0; an int; a number; anything else as a string) and checks it with
 * acies_param_spec_check(): what `acies-cli play --option NAME=VALUE`
 * reads.
 *
 * Returns: (transfer full) (nullable): the value, or %NULL when @text is
 *   not one
 */
JsonNode *
acies_param_spec_parse (const AciesParamSpec  *spec,
                        const char            *text,
                        const AciesScenario   *scenario,
                        char                 **message)
{
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *folded = NULL;
  char *end = NULL;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);

  if (message != NULL)
    *message = NULL;
  folded = g_ascii_strdown (text, -1);
  switch (spec->type)
    {
    case ACIES_VALUE_BOOL:
      if (g_strv_contains ((const char * const[]) { "true", "yes", "on", "1", NULL }, folded))
        node = json_node_init_boolean (json_node_alloc (), TRUE);
      else if (g_strv_contains ((const char * const[]) { "false", "no", "off", "0", NULL }, folded))
        node = json_node_init_boolean (json_node_alloc (), FALSE);
      break;
    case ACIES_VALUE_INT:
      {
        gint64 value = g_ascii_strtoll (text, &end, 10);

        if (*text != '\0' && end != NULL && *end == '\0')
          node = json_node_init_int (json_node_alloc (), value);
      }
      break;
    case ACIES_VALUE_NUMBER:
      {
        double value = g_ascii_strtod (text, &end);

        if (*text != '\0' && end != NULL && *end == '\0')
          node = json_node_init_double (json_node_alloc (), value);
      }
      break;
    default:
      node = json_node_init_string (json_node_alloc (), text);
      break;
    }

  if (node == NULL)
    {
      g_autoptr(JsonNode) shown = json_node_init_string (json_node_alloc (), text);

      /* The type is wrong: let the check say what it expects. */
      acies_param_spec_check (spec, shown, scenario, message);
      return NULL;
    }
  if (!acies_param_spec_check (spec, node, scenario, message))
    return NULL;
  return g_steal_pointer (&node);
}

/**
 * acies_param_spec_value_label:
 * @spec: an enum parameter spec
 * @index: the index of a value in @spec's values
 *
 * The name of an enum value for people: the catalogue's "value_labels"
 * entry for it, or else the value itself with '-' and '_' read as spaces
 * and a capital first letter ("as-printed" → "As printed").
 *
 * Returns: (transfer full) (nullable): the label, or %NULL when @index is
 *   not a value of @spec
 */
char *
acies_param_spec_value_label (const AciesParamSpec *spec,
                              guint                 index)
{
  char *label;

  g_return_val_if_fail (spec != NULL, NULL);

  if (spec->values == NULL || index >= g_strv_length (spec->values))
    return NULL;
  if (spec->value_labels != NULL && index < g_strv_length (spec->value_labels))
    return g_strdup (spec->value_labels[index]);

  label = g_strdup (spec->values[index]);
  g_strdelimit (label, "-_", ' ');
  if (label[0] != '\0')
    {
      gunichar c = g_utf8_get_char (label);
      g_autofree char *rest = g_strdup (g_utf8_next_char (label));
      char buf[8] = { 0 };

      g_unichar_to_utf8 (g_unichar_totitle (c), buf);
      g_free (label);
      label = g_strconcat (buf, rest, NULL);
    }

  return label;
}
/**
 * acies_param_spec_label_of:
 * @spec: (nullable): a parameter's spec
 * @value: (nullable): a value of it, as stored ("as-printed")
 *
 * The label a reader sees for enum value @value ("As printed", translated
 * when the catalogue was read): for the printed sheets, the tooltips,
 * anywhere a stored value is shown.
 *
 * Returns: (transfer none) (nullable): the label, or @value when @spec is
 *   not an enum or @value is not one of its values
 */
const char *
acies_param_spec_label_of (const AciesParamSpec *spec,
                           const char           *value)
{
  if (spec == NULL || spec->values == NULL || spec->value_labels == NULL || value == NULL)
    return value;
  for (guint i = 0; spec->values[i] != NULL && spec->value_labels[i] != NULL; i++)
    if (g_str_equal (spec->values[i], value))
      return spec->value_labels[i];
  return value;
}

/**
 * acies_param_specs_fill_defaults:
 * @values: the parameter object of a new part (a side's, a unit's
 *   attributes…), changed in place
 * @specs: (nullable) (element-type AciesParamSpec): the catalogue's specs
 *   for that part
 *
 * Gives @values every parameter it does not hold yet that a new part
 * starts with: the spec's default where it has one, else for a required
 * parameter the least value it allows (a whole number's minimum, or 1 when
 * that is in range), the first value of an enum, or false.  Optional
 * parameters without a default stay unset.  What the editor puts in a part
 * it adds, so that a new part starts valid where the catalogue allows.
 */
void
acies_param_specs_fill_defaults (JsonObject *values,
                                 GPtrArray  *specs)
{
  g_return_if_fail (values != NULL);

  for (guint i = 0; specs != NULL && i < specs->len; i++)
    {
      const AciesParamSpec *spec = g_ptr_array_index (specs, i);

      if (json_object_has_member (values, spec->id))
        continue;
      if (spec->default_value != NULL)
        json_object_set_member (values, spec->id, acies_json_node_copy_deep (spec->default_value));
      else if (spec->required && spec->type == ACIES_VALUE_INT)
        json_object_set_int_member (values, spec->id, MAX (spec->min, 0 < spec->max ? MIN (1, spec->max) : spec->min));
      else if (spec->required && spec->type == ACIES_VALUE_ENUM && spec->values && spec->values[0])
        json_object_set_string_member (values, spec->id, spec->values[0]);
      else if (spec->required && spec->type == ACIES_VALUE_BOOL)
        json_object_set_boolean_member (values, spec->id, FALSE);
    }
}
