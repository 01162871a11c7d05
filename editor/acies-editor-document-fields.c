/* acies-editor-document-fields.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor-document"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "geometry/acies-board.h"

#include "acies-editor-document-private.h"

/*
 * A part's fields (a name, a kind, a colour, a unit's facing…) and its
 * catalogue parameters, read and written by the panels' fields.  Objects
 * are named as the "editor.set-field" and "editor.set-param" actions name
 * them: "scenario" (or "" or %NULL), a part's id, "special:N" or
 * "victory:N" for a rule, "pool:ID:N" for entry N of a pool.
 */

static gboolean
is_rule (const char *object)
{
  return g_str_has_prefix (object, "special:") || g_str_has_prefix (object, "victory:");
}

/* The rule "special:N" or "victory:N", or %NULL. */
static AciesRuleEntry *
rule_of (AciesScenario *s,
         const char    *object)
{
  GPtrArray *list = g_str_has_prefix (object, "special:") ? s->special_rules : s->victory;
  guint64 index = g_ascii_strtoull (strchr (object, ':') + 1, NULL, 10);

  return index < list->len ? g_ptr_array_index (list, index) : NULL;
}

/* Looks up the parameter object of @object (@which: "attrs", "hidden" or
 * %NULL), or %NULL; with @journal, makes it when the part has none. */
static JsonObject *
params_for (AciesScenario *s,
            const char    *object,
            const char    *which,
            AciesJournal  *journal)
{
  JsonObject **slot = NULL;
  AciesSide *side;
  AciesFormation *formation;
  AciesUnit *unit;
  AciesLeader *leader;
  AciesArea *area;
  AciesPool *pool;
  gboolean hidden = g_strcmp0 (which, "hidden") == 0;

  if (object == NULL || *object == '\0' || g_str_equal (object, "scenario"))
    slot = &s->params;
  else if (g_str_has_prefix (object, "pool:"))
    {
      /* "pool:ID:N": entry N of a pool, front ("attrs") or back ("hidden"). */
      const char *colon = strrchr (object, ':');
      g_autofree char *pool_id = g_strndup (object + strlen ("pool:"), colon - object - strlen ("pool:"));
      guint64 index = g_ascii_strtoull (colon + 1, NULL, 10);

      pool = acies_scenario_find_pool (s, pool_id);
      if (pool == NULL || index >= pool->entries->len)
        return NULL;
      slot = hidden ? &((AciesPoolEntry *) g_ptr_array_index (pool->entries, index))->hidden
                    : &((AciesPoolEntry *) g_ptr_array_index (pool->entries, index))->attrs;
    }
  else if (is_rule (object))
    {
      AciesRuleEntry *rule = rule_of (s, object);

      if (rule == NULL)
        return NULL;
      slot = &rule->params;
    }
  else if ((side = acies_scenario_find_side (s, object)))
    slot = &side->params;
  else if ((formation = acies_scenario_find_formation (s, object)))
    slot = &formation->params;
  else if ((unit = acies_scenario_find_unit (s, object)))
    slot = hidden ? &unit->hidden : &unit->attrs;
  else if ((leader = acies_scenario_find_leader (s, object)))
    slot = &leader->attrs;
  else if ((area = acies_scenario_find_area (s, object)))
    slot = &area->params;
  else if ((pool = acies_scenario_find_pool (s, object)))
    slot = &pool->params;
  else
    return NULL;

  if (*slot == NULL && journal != NULL)
    _acies_journal_set_object (journal, slot, json_object_new ());
  return *slot;
}

/**
 * acies_editor_document_pool_param_declared:
 * @self: a document
 * @param: a parameter id
 *
 * Tells whether the catalogue declares the pool parameter @param (GC 3.1
 * "formation" and "draw"): the pool's "params" then hold it, not its own
 * member of that name.
 *
 * Returns: %TRUE if it does
 */
gboolean
acies_editor_document_pool_param_declared (AciesEditorDocument *self,
                                           const char          *param)
{
  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  return self->catalogue != NULL && self->catalogue->pool_params != NULL &&
         acies_catalogue_find_param (self->catalogue->pool_params, param) != NULL;
}

/* A value in @params (NULL: none) that differs from @value (NULL: none). */
static gboolean
member_differs (JsonObject *params,
                const char *member,
                JsonNode   *value)
{
  gboolean has = params != NULL && json_object_has_member (params, member);

  if (value == NULL)
    return has;
  return !has || !json_node_equal (json_object_get_member (params, member), value);
}

/**
 * acies_editor_document_set_param:
 * @self: a document
 * @object: whose parameter ("scenario", a part's id, "special:N",
 *   "victory:N", "pool:ID:N")
 * @which: (nullable): "attrs" (a counter's front, the default) or
 *   "hidden" (its back) for units and pool entries
 * @param: the parameter's id
 * @value: (nullable): the new value, already checked against its spec;
 *   %NULL removes it
 * @merge: join the previous change of this parameter (typing in its field)
 *
 * Sets one catalogue parameter.  A pool's Wing ("formation") or draw set
 * here replaces the pool's own member of that name that an older file may
 * hold: the file then stores, and the rules read, the parameter alone.
 *
 * Returns: %TRUE if it changed
 */
gboolean
acies_editor_document_set_param (AciesEditorDocument *self,
                                 const char          *object,
                                 const char          *which,
                                 const char          *param,
                                 JsonNode            *value,
                                 gboolean             merge)
{
  AciesScenario *s;
  AciesPool *pool;
  JsonObject *params;
  gboolean old_member;
  g_autofree char *key = NULL;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);
  g_return_val_if_fail (param != NULL, FALSE);

  s = self->scenario;
  if (g_strcmp0 (which, "attrs") == 0)
    which = NULL;
  pool = which == NULL && object != NULL ? acies_scenario_find_pool (s, object) : NULL;
  old_member = pool != NULL && ((g_str_equal (param, "formation") && pool->formation != NULL) ||
                                (g_str_equal (param, "draw") && pool->draw > 0));
  params = params_for (s, object, which, NULL);
  if (!old_member && !member_differs (params, param, value))
    return FALSE;

  key = merge ? g_strdup_printf ("param:%s:%s:%s", object ? object : "", which ? which : "", param) : NULL;
  _acies_journal_begin (&journal, self, _("Change Parameter"), key, 0);
  params = params_for (s, object, which, &journal);
  if (params == NULL)
    {
      _acies_journal_commit (&journal);
      return FALSE;
    }
  if (old_member && g_str_equal (param, "formation"))
    _acies_journal_set_string (&journal, &pool->formation, NULL);
  else if (old_member)
    _acies_journal_set_uint (&journal, &pool->draw, 0);
  _acies_journal_set_member (&journal, params, param, value ? acies_json_node_copy_deep (value) : NULL);
  return _acies_journal_commit (&journal);
}

/**
 * acies_editor_document_get_param:
 * @self: a document
 * @object: whose parameter (as for acies_editor_document_set_param())
 * @which: (nullable): "attrs" or "hidden"
 * @param: the parameter's id
 *
 * The value a parameter's field shows.  A pool's Wing and draw come from
 * its own members where a scenario written before the catalogue declared
 * them keeps them there (the rules read either, the parameter first).
 *
 * Returns: (transfer full) (nullable): the value, or %NULL when unset
 */
JsonNode *
acies_editor_document_get_param (AciesEditorDocument *self,
                                 const char          *object,
                                 const char          *which,
                                 const char          *param)
{
  AciesScenario *s;
  JsonObject *params;
  AciesPool *pool;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);
  g_return_val_if_fail (param != NULL, NULL);

  s = self->scenario;
  if (g_strcmp0 (which, "attrs") == 0)
    which = NULL;
  params = params_for (s, object, which, NULL);
  pool = which == NULL && object != NULL ? acies_scenario_find_pool (s, object) : NULL;
  if (pool != NULL && g_str_equal (param, "formation") && pool->formation != NULL &&
      (params == NULL || !json_object_has_member (params, "formation")))
    return json_node_init_string (json_node_alloc (), pool->formation);
  if (pool != NULL && g_str_equal (param, "draw") && pool->draw > 0 &&
      acies_params_get_int (params, "draw", 0) <= 0)
    return json_node_init_int (json_node_alloc (), pool->draw);
  if (params == NULL || !json_object_has_member (params, param))
    return NULL;
  return acies_json_node_copy_deep (json_object_get_member (params, param));
}

/* Fields of parts that are not catalogue parameters. */

static char **
field_slot (AciesScenario *s,
            const char    *object,
            const char    *field)
{
  AciesSide *side;
  AciesFormation *formation;
  AciesUnit *unit;
  AciesLeader *leader;
  AciesArea *area;
  AciesPool *pool;

  if (object == NULL || *object == '\0' || g_str_equal (object, "scenario"))
    {
      if (g_str_equal (field, "title")) return &s->meta.title;
      if (g_str_equal (field, "date")) return &s->meta.date;
      if (g_str_equal (field, "place")) return &s->meta.place;
      if (g_str_equal (field, "description")) return &s->meta.description;
      if (g_str_equal (field, "designer")) return &s->meta.designer;
      if (g_str_equal (field, "notes")) return &s->meta.notes;
      if (g_str_equal (field, "first_side")) return &s->first_side;
      return NULL;
    }
  if (is_rule (object))
    {
      AciesRuleEntry *rule = rule_of (s, object);

      return rule != NULL && g_str_equal (field, "side") ? &rule->side : NULL;
    }
  if ((side = acies_scenario_find_side (s, object)))
    {
      if (g_str_equal (field, "name")) return &side->name;
      if (g_str_equal (field, "colour")) return &side->colour;
      return NULL;
    }
  if ((formation = acies_scenario_find_formation (s, object)))
    {
      if (g_str_equal (field, "name")) return &formation->name;
      if (g_str_equal (field, "kind")) return &formation->kind;
      if (g_str_equal (field, "colour")) return &formation->colour;
      return NULL;
    }
  if ((unit = acies_scenario_find_unit (s, object)))
    {
      if (g_str_equal (field, "name")) return &unit->name;
      if (g_str_equal (field, "type")) return &unit->type;
      return NULL;
    }
  if ((leader = acies_scenario_find_leader (s, object)))
    {
      if (g_str_equal (field, "name")) return &leader->name;
      if (g_str_equal (field, "kind")) return &leader->kind;
      if (g_str_equal (field, "attached_to")) return &leader->attached_to;
      return NULL;
    }
  if ((pool = acies_scenario_find_pool (s, object)))
    {
      if (g_str_equal (field, "formation")) return &pool->formation;
      if (g_str_equal (field, "area")) return &pool->area;
      return NULL;
    }
  if ((area = acies_scenario_find_area (s, object)))
    {
      if (g_str_equal (field, "name")) return &area->name;
      if (g_str_equal (field, "kind")) return &area->kind;
      if (g_str_equal (field, "side")) return &area->side;
      if (g_str_equal (field, "formation")) return &area->formation;
      return NULL;
    }
  return NULL;
}

static gboolean
is_scenario (const char *object)
{
  return object == NULL || *object == '\0' || g_str_equal (object, "scenario");
}

/* The fields that are numbers, cells or lists rather than strings. */
static void
set_special_field (AciesJournal        *journal,
                   AciesEditorDocument *self,
                   const char          *object,
                   const char          *field,
                   const char          *value,
                   gboolean            *handled)
{
  AciesScenario *s = self->scenario;
  AciesSide *side;
  AciesUnit *unit;
  AciesPool *pool;

  *handled = TRUE;
  if (is_scenario (object) && g_str_equal (field, "turn_limit"))
    _acies_journal_set_uint (journal, &s->turn_limit, value ? (guint) g_ascii_strtoull (value, NULL, 10) : 0);
  else if (is_scenario (object) && g_str_equal (field, "sources"))
    {
      g_auto(GStrv) lines = g_strsplit (value ? value : "", "\n", -1);
      GPtrArray *sources = g_ptr_array_new_with_free_func (g_free);
      gboolean same;

      for (guint i = 0; lines[i] != NULL; i++)
        if (*g_strstrip (lines[i]) != '\0')
          g_ptr_array_add (sources, g_strdup (lines[i]));
      same = sources->len == s->meta.sources->len;
      for (guint i = 0; same && i < sources->len; i++)
        same = g_str_equal (g_ptr_array_index (sources, i), g_ptr_array_index (s->meta.sources, i));
      if (same)
        g_ptr_array_unref (sources);
      else
        _acies_journal_set_strings (journal, &s->meta.sources, sources);
    }
  else if (g_str_equal (field, "home_edge"))
    {
      if ((side = acies_scenario_find_side (s, object)) != NULL)
        _acies_journal_set_int (journal, (gint *) &side->home_edge, value ? atoi (value) : -1);
    }
  else if (g_str_equal (field, "draw") && (pool = acies_scenario_find_pool (s, object)) != NULL)
    {
      guint draw = value ? (guint) g_ascii_strtoull (value, NULL, 10) : 0;

      if (acies_editor_document_pool_param_declared (self, "draw"))
        {
          /* The catalogue's "draw" parameter is what the rules read. */
          if (pool->draw == 0 && pool->params != NULL && json_object_has_member (pool->params, "draw") &&
              acies_params_get_int (pool->params, "draw", 0) == draw)
            return;
          if (pool->params == NULL)
            _acies_journal_set_object (journal, &pool->params, json_object_new ());
          _acies_journal_set_member (journal, pool->params, "draw", json_node_init_int (json_node_alloc (), draw));
          _acies_journal_set_uint (journal, &pool->draw, 0);
        }
      else
        _acies_journal_set_uint (journal, &pool->draw, draw);
    }
  else if (g_str_equal (field, "facing") && (unit = acies_scenario_find_unit (s, object)) != NULL)
    {
      gint facing = value ? atoi (value) : -1;

      if (facing >= (gint) _acies_editor_document_n_facings (self))
        return;
      _acies_journal_set_int (journal, &unit->facing, facing);
      if (unit->cell2 != ACIES_CELL_NONE)
        _acies_journal_set_int (journal, &unit->cell2, _acies_editor_document_second_cell (self, unit->cell, facing));
    }
  else if (g_str_equal (field, "cell2") && (unit = acies_scenario_find_unit (s, object)) != NULL)
    _acies_journal_set_int (journal, &unit->cell2,
                            value ? acies_board_cell_from_label (s->map.board, value) : ACIES_CELL_NONE);
  else if (g_str_equal (field, "formation") && acies_editor_document_pool_param_declared (self, "formation") &&
           (pool = acies_scenario_find_pool (s, object)) != NULL)
    {
      const char *now = pool->params ? acies_params_get_string (pool->params, "formation", NULL) : NULL;

      /* A pool's Wing is the catalogue's "formation" parameter (GC 3.1). */
      if (g_strcmp0 (now, value) == 0 && pool->formation == NULL)
        return;
      if (pool->params == NULL)
        _acies_journal_set_object (journal, &pool->params, json_object_new ());
      _acies_journal_set_member (journal, pool->params, "formation",
                                 value ? json_node_init_string (json_node_alloc (), value) : NULL);
      _acies_journal_set_string (journal, &pool->formation, NULL);
    }
  else
    *handled = FALSE;
}

/**
 * acies_editor_document_set_field:
 * @self: a document
 * @object: whose field ("scenario" or a part's id)
 * @field: the field: "title", "date", "place", "description", "designer",
 *   "notes", "sources" (one per line), "turn_limit", "first_side" of the
 *   scenario; "name", "colour", "home_edge" of a side; "name", "kind",
 *   "colour" of a formation; "name", "type", "facing", "cell2" of a unit;
 *   "name", "kind", "attached_to" of a leader; "formation", "area", "draw"
 *   of a pool; "name", "kind", "side", "formation" of an area; "side" of
 *   a rule ("special:N", "victory:N")
 * @value: (nullable): the new value as text; %NULL or "" clears it
 * @merge: join the previous change of this field (typing in it)
 *
 * Returns: %TRUE if it changed
 */
gboolean
acies_editor_document_set_field (AciesEditorDocument *self,
                                 const char          *object,
                                 const char          *field,
                                 const char          *value,
                                 gboolean             merge)
{
  g_autofree char *key = NULL;
  gboolean handled = FALSE;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  if (value != NULL && *value == '\0')
    value = NULL;
  key = merge ? g_strdup_printf ("field:%s:%s", object ? object : "", field) : NULL;
  _acies_journal_begin (&journal, self, _("Change Field"), key, 0);
  set_special_field (&journal, self, object, field, value, &handled);
  if (!handled)
    {
      char **slot = field_slot (self->scenario, object, field);

      if (slot != NULL)
        _acies_journal_set_string (&journal, slot, value);
    }
  return _acies_journal_commit (&journal);
}

/**
 * acies_editor_document_get_field:
 * @self: a document
 * @object: whose field
 * @field: a field, as for acies_editor_document_set_field()
 *
 * Returns: (transfer full) (nullable): the field as text (a number in
 *   digits, a cell by its label, the sources one per line), or %NULL when
 *   unset or unknown
 */
char *
acies_editor_document_get_field (AciesEditorDocument *self,
                                 const char          *object,
                                 const char          *field)
{
  AciesScenario *s;
  AciesSide *side;
  AciesUnit *unit;
  AciesPool *pool;
  char **slot;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  s = self->scenario;
  if (is_scenario (object) && g_str_equal (field, "turn_limit"))
    return g_strdup_printf ("%u", s->turn_limit);
  if (is_scenario (object) && g_str_equal (field, "sources"))
    {
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; i < s->meta.sources->len; i++)
        g_string_append_printf (text, "%s%s", i ? "\n" : "", (char *) g_ptr_array_index (s->meta.sources, i));
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  if (g_str_equal (field, "home_edge") && (side = acies_scenario_find_side (s, object)) != NULL)
    return g_strdup_printf ("%d", side->home_edge);
  if (g_str_equal (field, "draw") && (pool = acies_scenario_find_pool (s, object)) != NULL)
    return g_strdup_printf ("%u", pool->draw);
  if ((unit = acies_scenario_find_unit (s, object)) != NULL)
    {
      if (g_str_equal (field, "facing"))
        return unit->facing >= 0 ? g_strdup_printf ("%d", unit->facing) : NULL;
      if (g_str_equal (field, "cell2"))
        return unit->cell2 != ACIES_CELL_NONE ? g_strdup (acies_board_cell_label (s->map.board, unit->cell2)) : NULL;
    }
  slot = field_slot (s, object, field);
  return slot != NULL ? g_strdup (*slot) : NULL;
}
