/* acies-editor-document-setup.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-editor-document"

#include "config.h"

#include <glib/gi18n.h>

#include "rulesets/acies-table.h"

#include "acies-editor-document-private.h"

/*
 * The scenario's set-up around the order of battle: areas and their
 * cells, victory conditions and special rules, unit pools, the
 * reinforcement schedule and the scenario's overrides of the rule
 * system's tables.  Each edit is one undoable command whose journal keeps
 * only what it changed.
 */

static const char *
area_name (gconstpointer item)
{
  return ((const AciesArea *) item)->name;
}

/* Areas. */

/**
 * acies_editor_document_add_area:
 * @self: a document
 * @kind: an area kind of the catalogue
 * @name: (nullable): its name; %NULL or "" for the kind's name, numbered
 *   when taken ("Set-up zone 2")
 * @side: (nullable): the side it belongs to, or %NULL or ""
 *
 * Adds an area without cells.
 *
 * Returns: (transfer full) (nullable): the new area's id, or %NULL when
 *   the catalogue has no such kind
 */
char *
acies_editor_document_add_area (AciesEditorDocument *self,
                                const char          *kind,
                                const char          *name,
                                const char          *side)
{
  AciesScenario *s;
  const AciesKind *k;
  g_autofree char *id = NULL;
  AciesArea *area;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), NULL);
  g_return_val_if_fail (kind != NULL, NULL);

  s = self->scenario;
  k = self->catalogue ? acies_catalogue_find_kind (self->catalogue->area_kinds, kind) : NULL;
  if (self->catalogue != NULL && k == NULL)
    return NULL;

  id = acies_editor_document_new_id (self, "area");
  area = acies_area_new (id, kind);
  area->name = name && *name ? g_strdup (name)
                             : _acies_editor_document_unique_name (s->areas, area_name, k && k->name ? k->name : kind, FALSE);
  if (side && *side)
    area->side = g_strdup (side);
  if (k != NULL)
    acies_param_specs_fill_defaults (area->params, k->params);

  _acies_journal_begin (&journal, self, _("Add Area"), NULL, 0);
  _acies_journal_insert (&journal, s->areas, s->areas->len, area, FREE_AREA);
  _acies_journal_commit (&journal);
  return g_steal_pointer (&id);
}

/**
 * acies_editor_document_paint_area:
 * @self: a document
 * @id: an area
 * @cells: (array length=n_cells): cells
 * @n_cells: how many
 * @add: add the cells to the area (%TRUE) or take them out
 * @merge: join the previous painting of this area in this stroke
 *
 * Returns: how many cells joined or left the area
 */
guint
acies_editor_document_paint_area (AciesEditorDocument *self,
                                  const char          *id,
                                  const AciesCell     *cells,
                                  guint                n_cells,
                                  gboolean             add,
                                  gboolean             merge)
{
  AciesArea *area;
  g_autofree char *key = NULL;
  AciesJournal journal;
  guint changed = 0;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), 0);

  area = id ? acies_scenario_find_area (self->scenario, id) : NULL;
  if (area == NULL)
    return 0;
  for (guint k = 0; k < n_cells; k++)
    changed += acies_area_contains (area, cells[k]) != add;
  if (changed == 0)
    return 0;

  changed = 0;
  key = merge ? g_strdup_printf ("area-stroke:%s", id) : NULL;
  _acies_journal_begin (&journal, self, _("Paint Area"), key, 0);
  _acies_journal_keep_cells (&journal, &area->cells);
  for (guint k = 0; k < n_cells; k++)
    {
      AciesCell c = cells[k];
      guint i = 0;

      while (i < area->cells->len && g_array_index (area->cells, AciesCell, i) < c)
        i++;
      if (add && (i == area->cells->len || g_array_index (area->cells, AciesCell, i) != c))
        {
          g_array_insert_val (area->cells, i, c);
          changed++;
        }
      else if (!add && i < area->cells->len && g_array_index (area->cells, AciesCell, i) == c)
        {
          g_array_remove_index (area->cells, i);
          changed++;
        }
    }
  _acies_journal_commit (&journal);
  return changed;
}

/* Rules. */

static GPtrArray *
rule_list (AciesScenario *s,
           const char    *list)
{
  return g_strcmp0 (list, "victory") == 0 ? s->victory : s->special_rules;
}

/**
 * acies_editor_document_add_rule:
 * @self: a document
 * @list: "victory" (a victory condition) or "special" (a special rule)
 * @kind: a kind of the catalogue's victory conditions or special rules
 *
 * Adds a rule for both sides, with its parameters' defaults.
 *
 * Returns: %TRUE if the catalogue has @kind
 */
gboolean
acies_editor_document_add_rule (AciesEditorDocument *self,
                                const char          *list,
                                const char          *kind)
{
  gboolean victory;
  GPtrArray *kinds;
  const AciesKind *k;
  AciesRuleEntry *entry;
  GPtrArray *entries;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  victory = g_strcmp0 (list, "victory") == 0;
  kinds = self->catalogue ? (victory ? self->catalogue->victory_kinds : self->catalogue->special_rules) : NULL;
  k = kinds && kind ? acies_catalogue_find_kind (kinds, kind) : NULL;
  if (k == NULL)
    return FALSE;
  entry = acies_rule_entry_new (k->id);
  acies_param_specs_fill_defaults (entry->params, k->params);
  entries = rule_list (self->scenario, list);

  _acies_journal_begin (&journal, self, _("Add Rule"), NULL, 0);
  _acies_journal_insert (&journal, entries, entries->len, entry, FREE_RULE);
  return _acies_journal_commit (&journal);
}

/**
 * acies_editor_document_remove_rule:
 * @self: a document
 * @list: "victory" or "special"
 * @index: the rule's place in its list
 *
 * Returns: %TRUE if there was such a rule
 */
gboolean
acies_editor_document_remove_rule (AciesEditorDocument *self,
                                   const char          *list,
                                   guint                index)
{
  GPtrArray *entries;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  entries = rule_list (self->scenario, list);
  if (index >= entries->len)
    return FALSE;
  _acies_journal_begin (&journal, self, _("Remove Rule"), NULL, 0);
  _acies_journal_remove (&journal, entries, index, FREE_RULE);
  return _acies_journal_commit (&journal);
}

/**
 * acies_editor_document_set_rule_side:
 * @self: a document
 * @list: "victory" or "special"
 * @index: the rule's place in its list
 * @side: (nullable): the side it applies to; %NULL or "" for both
 *
 * Returns: %TRUE if it changed
 */
gboolean
acies_editor_document_set_rule_side (AciesEditorDocument *self,
                                     const char          *list,
                                     guint                index,
                                     const char          *side)
{
  GPtrArray *entries;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  entries = rule_list (self->scenario, list);
  if (index >= entries->len)
    return FALSE;
  _acies_journal_begin (&journal, self, _("Change Rule Side"), NULL, 0);
  _acies_journal_set_string (&journal, &((AciesRuleEntry *) g_ptr_array_index (entries, index))->side,
                             side && *side ? side : NULL);
  return _acies_journal_commit (&journal);
}

/* Pools and reinforcements. */

/**
 * acies_editor_document_reinforcement_turn:
 * @self: a document
 * @unit: a unit id
 *
 * Returns: the turn @unit arrives on as a reinforcement, or 0 when it is
 *   set up at the start
 */
guint
acies_editor_document_reinforcement_turn (AciesEditorDocument *self,
                                          const char          *unit)
{
  AciesScenario *s;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), 0);

  s = self->scenario;
  for (guint i = 0; unit != NULL && i < s->reinforcements->len; i++)
    {
      AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);

      for (guint j = 0; j < r->units->len; j++)
        if (g_str_equal (g_ptr_array_index (r->units, j), unit))
          return r->turn;
    }
  return 0;
}


/**
 * acies_editor_document_pool_add:
 * @self: a document
 * @side: a side
 * @type: a unit type of the catalogue
 * @count: how many counters to add (at least one is)
 *
 * Adds counters of @type to the side's unit pool (made when the side has
 * none), as a new entry with the type's attribute defaults or on the
 * entry the type already has.
 *
 * Returns: %TRUE if @side and @type exist
 */
gboolean
acies_editor_document_pool_add (AciesEditorDocument *self,
                                const char          *side,
                                const char          *type,
                                guint                count)
{
  AciesScenario *s;
  AciesSide *owner;
  const AciesUnitType *t;
  AciesPool *pool = NULL;
  AciesPoolEntry *entry = NULL;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  s = self->scenario;
  owner = side ? acies_scenario_find_side (s, side) : NULL;
  t = self->catalogue && type ? acies_catalogue_find_unit_type (self->catalogue, type) : NULL;
  if (owner == NULL || t == NULL)
    return FALSE;
  count = MAX (count, 1);

  for (guint i = 0; i < s->pools->len; i++)
    if (g_strcmp0 (((AciesPool *) g_ptr_array_index (s->pools, i))->side, owner->id) == 0)
      pool = g_ptr_array_index (s->pools, i);
  for (guint i = 0; pool != NULL && i < pool->entries->len; i++)
    if (g_strcmp0 (((AciesPoolEntry *) g_ptr_array_index (pool->entries, i))->type, t->id) == 0)
      entry = g_ptr_array_index (pool->entries, i);

  _acies_journal_begin (&journal, self, _("Add to Pool"), NULL, 0);
  if (entry != NULL)
    _acies_journal_set_uint (&journal, &entry->count, entry->count + count);
  else
    {
      entry = acies_pool_entry_new (t->id, count);
      acies_param_specs_fill_defaults (entry->attrs, t->attributes);
      if (pool != NULL)
        _acies_journal_insert (&journal, pool->entries, pool->entries->len, entry, FREE_POOL_ENTRY);
      else
        {
          g_autofree char *id = acies_editor_document_new_id (self, "pool");

          pool = acies_pool_new (id, owner->id);
          g_ptr_array_add (pool->entries, entry);
          _acies_journal_insert (&journal, s->pools, s->pools->len, pool, FREE_POOL);
        }
    }
  return _acies_journal_commit (&journal);
}

/**
 * acies_editor_document_pool_set_count:
 * @self: a document
 * @pool: a pool
 * @index: an entry of it
 * @count: its counters; 0 takes the entry out of the pool
 *
 * Returns: %TRUE if it changed
 */
gboolean
acies_editor_document_pool_set_count (AciesEditorDocument *self,
                                      const char          *pool,
                                      guint                index,
                                      guint                count)
{
  AciesPool *p;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  p = pool ? acies_scenario_find_pool (self->scenario, pool) : NULL;
  if (p == NULL || index >= p->entries->len)
    return FALSE;
  _acies_journal_begin (&journal, self, _("Change Pool"), NULL, 0);
  if (count == 0)
    _acies_journal_remove (&journal, p->entries, index, FREE_POOL_ENTRY);
  else
    _acies_journal_set_uint (&journal, &((AciesPoolEntry *) g_ptr_array_index (p->entries, index))->count, count);
  return _acies_journal_commit (&journal);
}

/**
 * acies_editor_document_reinforce:
 * @self: a document
 * @unit: a unit
 * @turn: the turn it arrives on, or 0 to set it up at the start
 *
 * Schedules a unit as a reinforcement of its side (off the map until it
 * arrives), or takes it off the schedule.  Reinforcements left with no
 * unit go.
 *
 * Returns: %TRUE if the schedule changed
 */
gboolean
acies_editor_document_reinforce (AciesEditorDocument *self,
                                 const char          *unit,
                                 guint                turn)
{
  AciesScenario *s;
  AciesUnit *u;
  AciesReinforcement *target = NULL;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  s = self->scenario;
  u = unit ? acies_scenario_find_unit (s, unit) : NULL;
  if (u == NULL)
    return FALSE;

  _acies_journal_begin (&journal, self, _("Schedule Reinforcement"), NULL, 0);
  _acies_editor_document_forget_unit (&journal, s, u->id);
  for (guint i = s->reinforcements->len; i-- > 0;)
    {
      AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);

      if (r->units->len == 0)
        _acies_journal_remove (&journal, s->reinforcements, i, FREE_REINFORCEMENT);
    }
  if (turn > 0)
    {
      for (guint i = 0; i < s->reinforcements->len; i++)
        {
          AciesReinforcement *r = g_ptr_array_index (s->reinforcements, i);

          if (g_strcmp0 (r->side, u->side) == 0 && r->turn == turn)
            target = r;
        }
      if (target != NULL)
        _acies_journal_insert (&journal, target->units, target->units->len, g_strdup (u->id), g_free);
      else
        {
          g_autofree char *id = acies_editor_document_new_id (self, "reinforcement");

          target = acies_reinforcement_new (id, u->side, turn);
          g_ptr_array_add (target->units, g_strdup (u->id));
          _acies_journal_insert (&journal, s->reinforcements, s->reinforcements->len, target, FREE_REINFORCEMENT);
        }
      _acies_journal_set_int (&journal, &u->cell, ACIES_CELL_NONE);
      _acies_journal_set_int (&journal, &u->cell2, ACIES_CELL_NONE);
    }
  return _acies_journal_commit (&journal);
}

/* Tables. */

/**
 * acies_editor_document_set_table_cell:
 * @self: a document
 * @table: a table of the catalogue
 * @row: one of its rows
 * @column: one of its columns
 * @value: (nullable): the value as the rulebook prints it; %NULL drops
 *   the scenario's override of the cell
 *
 * Overrides one cell of a table for this scenario with a printed value
 * (source "rulebook", cited by the table's section).
 *
 * Returns: %TRUE if the overrides changed; %FALSE also when the table has
 *   no such cell (an override of it would make the scenario unreadable)
 */
gboolean
acies_editor_document_set_table_cell (AciesEditorDocument *self,
                                      const char          *table,
                                      const char          *row,
                                      const char          *column,
                                      JsonNode            *value)
{
  AciesScenario *s;
  const AciesTable *t;
  JsonObject *overrides, *override, *cell;
  JsonArray *cells;
  AciesJournal journal;

  g_return_val_if_fail (ACIES_IS_EDITOR_DOCUMENT (self), FALSE);

  s = self->scenario;
  t = self->catalogue && table ? acies_catalogue_find_table (self->catalogue, table) : NULL;
  if (t == NULL || row == NULL || column == NULL ||
      acies_table_row_index (t, row) < 0 || acies_table_column_index (t, column) < 0)
    return FALSE;

  overrides = s->table_overrides ? acies_json_object_copy (s->table_overrides) : json_object_new ();
  if (!json_object_has_member (overrides, table))
    json_object_set_object_member (overrides, table, json_object_new ());
  override = json_object_get_object_member (overrides, table);
  if (!json_object_has_member (override, "cells"))
    json_object_set_array_member (override, "cells", json_array_new ());
  cells = json_object_get_array_member (override, "cells");

  /* Replace an earlier override of the same cell. */
  for (guint i = json_array_get_length (cells); i-- > 0;)
    {
      JsonObject *old = json_array_get_object_element (cells, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (old, "row", ""), row) == 0 &&
          g_strcmp0 (json_object_get_string_member_with_default (old, "column", ""), column) == 0)
        json_array_remove_element (cells, i);
    }
  if (value != NULL)
    {
      cell = json_object_new ();
      json_object_set_string_member (cell, "row", row);
      json_object_set_string_member (cell, "column", column);
      json_object_set_member (cell, "value", acies_json_node_copy_deep (value));
      json_object_set_string_member (cell, "source", "rulebook");
      /* A printed value cites where it is printed: the table's section. */
      json_object_set_string_member (cell, "section", t->section ? t->section : "printed chart");
      json_array_add_object_element (cells, cell);
    }
  if (json_array_get_length (cells) == 0)
    json_object_remove_member (overrides, table);
  if (json_object_get_size (overrides) == 0)
    g_clear_pointer (&overrides, json_object_unref);

  if (overrides != NULL && s->table_overrides != NULL && acies_json_object_equal (overrides, s->table_overrides))
    {
      g_autoptr(JsonNode) a = json_node_init_object (json_node_alloc (), overrides);
      g_autoptr(JsonNode) b = json_node_init_object (json_node_alloc (), s->table_overrides);
      g_autofree char *ta = json_to_string (a, FALSE);
      g_autofree char *tb = json_to_string (b, FALSE);

      /* The same cells in the same order: nothing to do. */
      if (g_str_equal (ta, tb))
        {
          json_object_unref (overrides);
          return FALSE;
        }
    }
  if (overrides == NULL && s->table_overrides == NULL)
    return FALSE;

  _acies_journal_begin (&journal, self, _("Change Table Cell"), NULL, 0);
  _acies_journal_set_object (&journal, &s->table_overrides, overrides);
  return _acies_journal_commit (&journal);
}
