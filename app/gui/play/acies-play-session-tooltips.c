/* acies-play-session-tooltips.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "rulesets/acies-catalogue.h"

#include "acies-play-session-private.h"

/* The scenario and the counters in words: the scenario's rules and
 * victory conditions (acies_play_session_describe_scenario()), a
 * counter's and a leader's tooltip, from the ruleset interface and the
 * catalogue.  Generic: no ruleset is named here. */

/* A parameter's value in words: an enum by its label, a side, area or
 * formation by its name, a flag as yes/no. */
/* The unit types' classes the catalogues use ("category"), for
 * translators: the tooltip translates them with the context "unit
 * category"; a class not listed here is shown as the catalogue writes it. */
static const char * const unit_categories[] G_GNUC_UNUSED = {
  /* Translators: a unit type's class in a counter's tooltip, "Type: Phalanx (foot)". */
  NC_("unit category", "foot"), NC_("unit category", "mounted"), NC_("unit category", "elephant"),
  NC_("unit category", "chariot"), NC_("unit category", "artillery"), NC_("unit category", "baggage"),
  NC_("unit category", "leader"),
};

static char *
param_value_words (const AciesScenario  *scenario,
                   const AciesParamSpec *spec,
                   JsonNode             *node)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return g_strdup ("—");
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *one = param_value_words (scenario, spec, json_array_get_element (array, i));

          g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", one);
        }
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  if (!JSON_NODE_HOLDS_VALUE (node))
    return json_to_string (node, FALSE);

  if (json_node_get_value_type (node) == G_TYPE_STRING && spec != NULL)
    {
      const char *value = json_node_get_string (node);

      if (spec->type == ACIES_VALUE_ENUM)
        return g_strdup (acies_param_spec_label_of (spec, value));
      if (spec->type == ACIES_VALUE_SIDE)
        {
          AciesSide *side = acies_scenario_find_side (scenario, value);

          if (side != NULL && side->name != NULL)
            return g_strdup (side->name);
        }
      if (spec->type == ACIES_VALUE_AREA)
        {
          AciesArea *area = acies_scenario_find_area (scenario, value);

          if (area != NULL && area->name != NULL)
            return g_strdup (area->name);
        }
      if (spec->type == ACIES_VALUE_FORMATION)
        {
          AciesFormation *formation = acies_scenario_find_formation (scenario, value);

          if (formation != NULL && formation->name != NULL)
            return g_strdup (formation->name);
        }
    }
  _acies_play_session_append_scalar (text, node);

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* One victory condition or special rule: its name, for whom, its
 * parameters by their labels (defaults marked), and what it means. */
static void
append_rule_entry (AciesPlaySession     *self,
                   GString              *text,
                   GPtrArray            *kinds,
                   const AciesRuleEntry *entry)
{
  const AciesScenario *scenario = state_of (self)->scenario;
  const AciesKind *kind = kinds != NULL ? acies_catalogue_find_kind (kinds, entry->kind) : NULL;
  const char *name = kind != NULL && kind->name != NULL ? kind->name : entry->kind;
  g_autoptr(GString) params = g_string_new (NULL);
  g_autofree char *head = NULL;

  if (entry->side != NULL)
    {
      AciesSide *side = acies_scenario_find_side (scenario, entry->side);
      g_autofree char *who = NULL;

      for (guint i = 0; i < scenario->sides->len && who == NULL; i++)
        if (g_ptr_array_index (scenario->sides, i) == side)
          who = acies_play_session_dup_player_label (self, i);
      /* Translators: a victory condition and its side, "VP + 5 — for Laevinus (Rome)". */
      head = g_strdup_printf (_("%s — for %s"), name, who != NULL ? who : entry->side);
    }
  else
    /* Translators: a victory condition that counts for both sides, "Army Withdrawal — for both sides". */
    head = g_strdup_printf (_("%s — for both sides"), name);

  /* Every parameter of the kind, given or by default, then any other. */
  for (guint i = 0; kind != NULL && kind->params != NULL && i < kind->params->len; i++)
    {
      const AciesParamSpec *spec = g_ptr_array_index (kind->params, i);
      JsonNode *node = entry->params != NULL ? json_object_get_member (entry->params, spec->id) : NULL;
      g_autofree char *value = NULL;

      if (node == NULL && spec->default_value == NULL)
        continue;
      value = param_value_words (scenario, spec, node != NULL ? node : spec->default_value);
      if (params->len > 0)
        g_string_append (params, ", ");
      if (node == NULL)
        /* Translators: a parameter the scenario leaves at its default, "Turns 8 (default)". */
        g_string_append_printf (params, _("%s %s (default)"), spec->label != NULL ? spec->label : spec->id, value);
      else
        g_string_append_printf (params, "%s %s", spec->label != NULL ? spec->label : spec->id, value);
    }
  if (entry->params != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (entry->params);

      for (GList *l = members; l != NULL; l = l->next)
        {
          g_autofree char *value = NULL;

          if (kind != NULL && acies_catalogue_find_param (kind->params, l->data) != NULL)
            continue;
          value = param_value_words (scenario, NULL, json_object_get_member (entry->params, l->data));
          g_string_append_printf (params, "%s%s %s", params->len > 0 ? ", " : "", (char *) l->data, value);
        }
    }
  g_string_append (text, "• ");
  if (params->len > 0)
    /* Translators: a victory condition and its parameters, "VP + 5 — for Rome: Points 5 (default)". */
    g_string_append_printf (text, _("%s: %s"), head, params->str);
  else
    g_string_append (text, head);
  g_string_append_c (text, '\n');
  if (kind != NULL && kind->description != NULL)
    g_string_append_printf (text, "  %s%s%s%s\n", kind->description,
                            kind->source != NULL ? " (" : "", kind->source != NULL ? kind->source : "",
                            kind->source != NULL ? ")" : "");
}

/**
 * acies_play_session_describe_scenario:
 * @self: a play session
 *
 * What the game menu's "Scenario" shows: the title, date and place, the
 * description and notes, the turn limit, and the victory conditions and
 * special rules of the scenario's rules with their parameters in words
 * (labels and values from the ruleset's catalogue).
 *
 * Returns: (transfer full): the text
 */
char *
acies_play_session_describe_scenario (AciesPlaySession *self)
{
  const AciesScenario *scenario;
  AciesCatalogue *catalogue;
  GString *text;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  scenario = state_of (self)->scenario;
  catalogue = acies_ruleset_get_catalogue (ruleset_of (self));
  text = g_string_new (NULL);
  g_string_append_printf (text, "%s\n", scenario->meta.title != NULL ? scenario->meta.title : _("Untitled Scenario"));
  {
    g_autofree char *when = NULL;

    if (scenario->meta.date != NULL && scenario->meta.place != NULL)
      when = g_strdup_printf (_("%s · %s"), scenario->meta.date, scenario->meta.place);
    else
      when = g_strdup (scenario->meta.date != NULL ? scenario->meta.date : scenario->meta.place);
    if (when != NULL)
      g_string_append_printf (text, "%s\n", when);
  }
  if (catalogue != NULL && catalogue->name != NULL)
    /* Translators: the rule system a scenario is played with. */
    g_string_append_printf (text, _("Rules: %s\n"), catalogue->name);
  if (scenario->meta.description != NULL && *scenario->meta.description != '\0')
    g_string_append_printf (text, "\n%s\n", scenario->meta.description);
  if (scenario->meta.notes != NULL && *scenario->meta.notes != '\0')
    g_string_append_printf (text, "\n%s\n%s\n", _("Notes"), scenario->meta.notes);

  g_string_append_printf (text, "\n%s\n", _("Victory Conditions"));
  if (scenario->turn_limit > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "• The game lasts %u turn.\n",
                                               "• The game lasts %u turns.\n", scenario->turn_limit),
                            scenario->turn_limit);
  for (guint i = 0; scenario->victory != NULL && i < scenario->victory->len; i++)
    append_rule_entry (self, text, catalogue != NULL ? catalogue->victory_kinds : NULL,
                       g_ptr_array_index (scenario->victory, i));
  if (scenario->victory == NULL || scenario->victory->len == 0)
    g_string_append_printf (text, "%s\n", _("• The scenario names none: the rules' own end of the game decides."));

  if (scenario->special_rules != NULL && scenario->special_rules->len > 0)
    {
      g_string_append_printf (text, "\n%s\n", _("Special Rules"));
      for (guint i = 0; i < scenario->special_rules->len; i++)
        append_rule_entry (self, text, catalogue != NULL ? catalogue->special_rules : NULL,
                           g_ptr_array_index (scenario->special_rules, i));
    }
  if (text->len > 0 && text->str[text->len - 1] == '\n')
    g_string_truncate (text, text->len - 1);

  return g_string_free (text, FALSE);
}

static char *
scalar_words (JsonNode *node)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;
  _acies_play_session_append_scalar (text, node);

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A counter's value in words: an enum value by its label from the
 * catalogue ("none" → "None", translated when the catalogue was read),
 * anything else as it is. */
/* A value on a counter in words (param_value_words()), or %NULL when
 * there is none to show. */
static char *
counter_value_words (const AciesScenario  *scenario,
                     const AciesParamSpec *spec,
                     JsonNode             *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;
  return param_value_words (scenario, spec, node);
}

/**
 * acies_play_session_describe_counter:
 * @self: a play session
 * @unit: a unit index of the state
 *
 * The tooltip of @unit's counter on the board: its name (the ruleset's
 * words; the counter id only when it has none), its type
 * (name and class from the catalogue), the values printed on the counter
 * ("2-3") each with its label from the catalogue, its back when the viewer
 * may see it, and the markers on it.  Only what the viewer sees.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when the unit is
 *   not shown
 */
char *
acies_play_session_describe_counter (AciesPlaySession *self,
                                     gint              unit)
{
  AciesCatalogue *catalogue;
  const AciesUnitType *type = NULL;
  AciesUnit *view = NULL;
  g_autoptr(GString) printed = g_string_new (NULL);
  g_autoptr(GString) meaning = g_string_new (NULL);
  GString *text;
  const char *id;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  if (self->curtain)
    return NULL;
  for (guint i = 0; i < self->views->len; i++)
    if (g_array_index (self->view_index, gint, i) == unit)
      view = g_ptr_array_index (self->views, i);
  if (view == NULL)
    return NULL;

  id = acies_ruleset_unit_id (ruleset_of (self), state_of (self), unit);
  catalogue = acies_ruleset_get_catalogue (ruleset_of (self));
  if (catalogue != NULL && view->type != NULL)
    {
      type = acies_catalogue_find_unit_type (catalogue, view->type);
      if (type == NULL)
        type = acies_catalogue_find_leader_kind (catalogue, view->type);
    }

  text = g_string_new (NULL);
  {
    g_autofree char *name = acies_ruleset_describe_unit (ruleset_of (self), state_of (self), unit, self->seat);

    /* The ruleset's words for the unit (a player needs no counter id;
     * the id only when the ruleset has no words). */
    if (name != NULL && *name != '\0')
      g_string_append (text, name);
    else
      g_string_append (text, id);
  }
  if (view->side != NULL)
    {
      AciesSide *side = acies_scenario_find_side (state_of (self)->scenario, view->side);

      g_string_append_printf (text, " — %s", side != NULL && side->name != NULL ? side->name : view->side);
    }
  if (type != NULL)
    {
      /* Translators: a unit's type and its class, "Type: Heavy Infantry (foot)". */
      g_string_append_printf (text, _("\nType: %s"), type->name != NULL ? type->name : type->id);
      if (type->category != NULL)
        g_string_append_printf (text, " (%s)", g_dpgettext2 (GETTEXT_PACKAGE, "unit category", type->category));
    }
  else if (view->type != NULL)
    g_string_append_printf (text, _("\nType: %s"), view->type);

  /* The printed values, in the counter's order, and what each is. */
  for (guint i = 0; type != NULL && type->shown != NULL && type->shown[i] != NULL; i++)
    {
      const AciesParamSpec *spec = acies_catalogue_find_param (type->attributes, type->shown[i]);
      JsonNode *node = view->attrs != NULL ? json_object_get_member (view->attrs, type->shown[i]) : NULL;
      g_autofree char *value = NULL;

      if (node == NULL && spec != NULL)
        node = spec->default_value;
      value = counter_value_words (state_of (self)->scenario, spec, node);
      if (value == NULL)
        continue;
      g_string_append_printf (printed, "%s%s", printed->len > 0 ? "-" : "", value);
      g_string_append_printf (meaning, "%s%s %s", meaning->len > 0 ? ", " : "",
                              spec != NULL && spec->label != NULL ? spec->label : type->shown[i], value);
    }
  if (printed->len > 0)
    /* Translators: what the numbers on a counter mean: "The counter shows “2-3”: Combat Class 2, Movement 3". */
    g_string_append_printf (text, _("\nThe counter shows “%s”: %s"), printed->str, meaning->str);

  /* Other values of the front that the counter does not print. */
  if (view->attrs != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (view->attrs);

      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *node = json_object_get_member (view->attrs, l->data);
          const AciesParamSpec *spec = type != NULL ? acies_catalogue_find_param (type->attributes, l->data) : NULL;
          g_autofree char *value = NULL;

          if (type != NULL && type->shown != NULL && g_strv_contains ((const char * const *) type->shown, l->data))
            continue;
          if (spec == NULL || json_node_get_value_type (node) == G_TYPE_BOOLEAN)
            continue;
          value = counter_value_words (state_of (self)->scenario, spec, node);
          if (value != NULL)
            /* Translators: a counter attribute and its value, "Morale: hero". */
            g_string_append_printf (text, _("\n%s: %s"), spec->label != NULL ? spec->label : spec->id, value);
        }
    }

  /* The back, when the viewer may see it. */
  if (view->hidden != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (view->hidden);

      for (GList *l = members; l != NULL; l = l->next)
        {
          const AciesParamSpec *spec = type != NULL ? acies_catalogue_find_param (type->hidden, l->data) : NULL;
          g_autofree char *value = counter_value_words (state_of (self)->scenario, spec,
                                                        json_object_get_member (view->hidden, l->data));

          if (value != NULL)
            /* Translators: a value on the back of a counter, "Back — Morale: hero". */
            g_string_append_printf (text, _("\nBack — %s: %s"),
                                    spec != NULL && spec->label != NULL ? spec->label : (char *) l->data, value);
        }
    }

  /* The markers drawn under it. */
  {
    g_autofree char *markers = NULL;

    if (self->state_json != NULL && JSON_NODE_HOLDS_OBJECT (self->state_json))
      {
        JsonNode *units = json_object_get_member (json_node_get_object (self->state_json), "units");
        g_autoptr(GHashTable) usual = NULL;

        if (units != NULL && JSON_NODE_HOLDS_ARRAY (units))
          {
            usual = _acies_play_session_usual_unit_values (json_node_get_array (units));
            markers = _acies_play_session_unit_state_markers (json_node_get_array (units), usual, id);
          }
      }
    else if (markers != NULL && *markers != '\0')
      /* Translators: the words under a counter ("engaged, disordered"). */
      g_string_append_printf (text, _("\nMarkers: %s"), markers);
  }

  return g_string_free (text, FALSE);
}

/* The tooltip of leader @l (an index into the scenario's leaders) as the
 * viewer sees it now: name, kind and printed values (its rating), where
 * it stands, and its record in the state view (pools…).  NULL when it is
 * not in play. */
static char *
describe_leader (AciesPlaySession *self,
                 guint             l)
{
  const AciesState *state = state_of (self);
  AciesCatalogue *catalogue = acies_ruleset_get_catalogue (ruleset_of (self));
  const AciesLeader *leader;
  const AciesUnitType *kind = NULL;
  AciesSide *side;
  GString *text;

  if (self->curtain || l >= self->leader_views->len
      || (leader = g_ptr_array_index (self->leader_views, l)) == NULL)
    return NULL;
  if (catalogue != NULL && leader->kind != NULL)
    kind = acies_catalogue_find_leader_kind (catalogue, leader->kind);
  side = leader->side != NULL ? acies_scenario_find_side (state->scenario, leader->side) : NULL;

  text = g_string_new (leader->name != NULL ? leader->name : leader->id);
  if (side != NULL)
    g_string_append_printf (text, " — %s", side->name != NULL ? side->name : side->id);
  g_string_append_c (text, '\n');
  g_string_append (text, kind != NULL && kind->name != NULL ? kind->name : leader->kind != NULL ? leader->kind : "");

  /* Its values: the printed ones first ("rating B"), then true flags. */
  for (guint pass = 0; kind != NULL && leader->attrs != NULL && pass < 2; pass++)
    {
      g_autoptr(GList) members = json_object_get_members (leader->attrs);

      for (GList *m = members; m != NULL; m = m->next)
        {
          JsonNode *node = json_object_get_member (leader->attrs, m->data);
          const AciesParamSpec *spec = acies_catalogue_find_param (kind->attributes, m->data);
          const char *label = spec != NULL && spec->label != NULL ? spec->label : m->data;
          gboolean shown = kind->shown != NULL && g_strv_contains ((const char * const *) kind->shown, m->data);

          if (!JSON_NODE_HOLDS_VALUE (node) || shown != (pass == 0))
            continue;
          if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
            {
              if (json_node_get_boolean (node))
                g_string_append_printf (text, ", %s", label);
            }
          else
            {
              g_autofree char *value = scalar_words (node);

              g_string_append_printf (text, ", %s %s", label, value != NULL ? value : "");
            }
        }
    }

  /* Where. */
  if (leader->attached_to != NULL)
    {
      for (guint i = 0; i < self->views->len; i++)
        {
          gint unit = g_array_index (self->view_index, gint, i);

          if (unit >= 0 && g_strcmp0 (((AciesUnit *) g_ptr_array_index (self->views, i))->id,
                                      leader->attached_to) == 0)
            {
              g_autofree char *name = acies_ruleset_describe_unit (ruleset_of (self), state, unit, self->seat);

              /* Translators: a leader riding with a unit, "With Equites". */
              g_string_append_printf (text, _("\nWith %s"), name != NULL ? name : leader->attached_to);
            }
        }
    }
  else if (leader->cell == ACIES_CELL_NONE)
    g_string_append (text, _("\nOff the map"));
  else if (state->scenario->map.board != NULL)
    /* Translators: where a leader stands, "In A1 Centre". */
    g_string_append_printf (text, _("\nIn %s"), acies_board_cell_label (state->scenario->map.board, leader->cell));

  /* Its record in the state view, in any list of records with ids
   * ("commanders": activation pool 2, bonus pool 1). */
  if (self->state_json != NULL && JSON_NODE_HOLDS_OBJECT (self->state_json))
    {
      JsonObject *root = json_node_get_object (self->state_json);
      g_autoptr(GList) lists = json_object_get_members (root);

      for (GList *k = lists; k != NULL; k = k->next)
        {
          JsonNode *list = json_object_get_member (root, k->data);
          JsonArray *records;

          if (g_str_equal (k->data, "units") || !JSON_NODE_HOLDS_ARRAY (list))
            continue;
          records = json_node_get_array (list);
          for (guint r = 0; r < json_array_get_length (records); r++)
            {
              JsonNode *element = json_array_get_element (records, r);
              JsonObject *record;
              g_autoptr(GList) fields = NULL;

              if (!JSON_NODE_HOLDS_OBJECT (element))
                continue;
              record = json_node_get_object (element);
              if (g_strcmp0 (json_object_get_string_member_with_default (record, "id", NULL), leader->id) != 0)
                continue;
              fields = json_object_get_members (record);
              for (GList *f = fields; f != NULL; f = f->next)
                {
                  JsonNode *field = json_object_get_member (record, f->data);
                  g_autofree char *label = NULL;
                  g_autofree char *value = NULL;

                  if (g_str_equal (f->data, "id") || g_str_equal (f->data, "zone") || g_str_equal (f->data, "cell")
                      || (value = scalar_words (field)) == NULL)
                    continue;
                  label = _acies_play_session_member_label (f->data);
                  /* Translators: a field of a record and its value, "Status: fresh". */
                  g_string_append_printf (text, _("\n%s: %s"), label, value);
                }
            }
        }
    }

  return g_string_free (text, FALSE);
}

/* The tooltip of the counter of view index @unit (a unit index, or
 * LEADER_VIEW () of a leader alone): the counter's description and the
 * leaders riding with it. */
static char *
counter_tooltip (AciesPlaySession *self,
                 gint              unit)
{
  GString *text;
  const char *id;
  char *counter;

  if (unit <= LEADER_VIEW (0))
    return describe_leader (self, VIEW_LEADER (unit));
  if (unit < 0 || (counter = acies_play_session_describe_counter (self, unit)) == NULL)
    return NULL;
  text = g_string_new (counter);
  g_free (counter);
  id = acies_ruleset_unit_id (ruleset_of (self), state_of (self), unit);
  for (guint l = 0; id != NULL && l < self->leader_views->len; l++)
    {
      const AciesLeader *leader = g_ptr_array_index (self->leader_views, l);
      g_autofree char *about = NULL;

      if (leader == NULL || g_strcmp0 (leader->attached_to, id) != 0
          || (about = describe_leader (self, l)) == NULL)
        continue;
      /* Translators: a leader riding with the unit, then what he is. */
      g_string_append_printf (text, _("\n\nWith it: %s"), about);
    }
  return g_string_free (text, FALSE);
}

/**
 * acies_play_session_dup_view_tooltip:
 * @self: a play session
 * @view: an index of acies_play_session_get_views()
 *
 * The tooltip of a counter on the board or in the off-map box: the unit
 * (acies_play_session_describe_counter()) and the leaders riding with it,
 * or a leader standing alone.  Only what the viewer sees.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL
 */
char *
acies_play_session_dup_view_tooltip (AciesPlaySession *self,
                                     guint             view)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  if (view >= self->view_index->len)
    return NULL;
  return counter_tooltip (self, g_array_index (self->view_index, gint, view));
}
