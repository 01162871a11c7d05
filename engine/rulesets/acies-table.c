/* acies-table.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-table"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "io/acies-json-private.h"
#include "rulesets/acies-catalogue-private.h"
#include "rulesets/acies-table.h"

/* Every error names the JSON path (which the caller prefixes with the file
 * name) and says what was expected. */
static gboolean
node_is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING;
}

/* Reads an optional string member; absent or null leaves *out NULL. */
static gboolean
get_string (JsonObject  *object,
            const char  *path,
            const char  *member,
            gboolean     required,
            char       **out,
            GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);

  *out = NULL;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (required)
        {
          acies_catalogue_set_error (error, path, "missing member \"%s\" (a string)", member);
          return FALSE;
        }
      return TRUE;
    }

  if (!node_is_string (node))
    {
      acies_catalogue_set_error (error, path, "\"%s\": expected a string, got %s",
                                 member, acies_json_type_name (node));
      return FALSE;
    }

  *out = g_strdup (json_node_get_string (node));
  return TRUE;
}

static GPtrArray *
get_labels (JsonObject  *object,
            const char  *path,
            const char  *member,
            GError     **error)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  JsonNode *node = json_object_get_member (object, member);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      acies_catalogue_set_error (error, path, "\"%s\": expected a non-empty array of strings, got %s",
                                 member, acies_json_type_name (node));
      return NULL;
    }

  array = json_node_get_array (node);
  if (json_array_get_length (array) == 0)
    {
      acies_catalogue_set_error (error, path, "\"%s\": expected a non-empty array of strings, got an empty array",
                                 member);
      return NULL;
    }

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      const char *label;

      if (!node_is_string (item))
        {
          acies_catalogue_set_error (error, path, "\"%s\"[%u]: expected a string, got %s",
                                     member, i, acies_json_type_name (item));
          return NULL;
        }

      label = json_node_get_string (item);
      for (guint j = 0; j < labels->len; j++)
        {
          if (g_strcmp0 (g_ptr_array_index (labels, j), label) == 0)
            {
              acies_catalogue_set_error (error, path, "\"%s\"[%u]: \"%s\" appears twice",
                                         member, i, label);
              return NULL;
            }
        }

      g_ptr_array_add (labels, g_strdup (label));
    }

  return g_steal_pointer (&labels);
}

static void
cell_clear (AciesTableCell *cell)
{
  g_clear_pointer (&cell->value, json_node_unref);
  g_clear_pointer (&cell->section, g_free);
  g_clear_pointer (&cell->note, g_free);
}

/* Reads one cell: a bare value (takes @default_source) or an object
 * { "value", "source", "section", "note" }.  A cell without its own section
 * takes the table's.  A rulebook cell must end up with a section. */
static gboolean
read_cell (JsonNode        *node,
           const char      *path,
           gboolean         have_default,
           AciesSource      default_source,
           const char      *table_section,
           AciesTableCell  *cell,
           GError         **error)
{
  static const char * const cell_members[] = { "value", "source", "section", "note", NULL };

  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autofree char *source = NULL;

      if (!json_object_has_member (object, "value"))
        {
          acies_catalogue_set_error (error, path,
                                     "expected a bare value or an object with \"value\" and \"source\", "
                                     "got an object without \"value\"");
          return FALSE;
        }

      if (!acies_catalogue_check_members (object, path, cell_members, error))
        return FALSE;

      if (!get_string (object, path, "source", !have_default, &source, error) ||
          !get_string (object, path, "section", FALSE, &cell->section, error) ||
          !get_string (object, path, "note", FALSE, &cell->note, error))
        return FALSE;

      if (source == NULL)
        cell->source = default_source;
      else if (!acies_source_from_string (source, &cell->source))
        {
          acies_catalogue_set_error (error, path,
                                     "\"source\": expected one of rulebook, derived, provisional, published, got \"%s\"",
                                     source);
          return FALSE;
        }

      cell->value = json_node_copy (json_object_get_member (object, "value"));
    }
  else
    {
      if (!have_default)
        {
          acies_catalogue_set_error (error, path,
                                     "a bare value needs the table's \"default_source\" "
                                     "(or write {\"value\": …, \"source\": …})");
          return FALSE;
        }

      cell->value = node != NULL ? json_node_copy (node) : json_node_new (JSON_NODE_NULL);
      cell->source = default_source;
    }

  if (cell->section == NULL && table_section != NULL)
    cell->section = g_strdup (table_section);

  if (cell->source == ACIES_SOURCE_RULEBOOK && cell->section == NULL)
    {
      acies_catalogue_set_error (error, path, "a rulebook cell needs a \"section\" (on the cell or the table)");
      return FALSE;
    }
  if (cell->source == ACIES_SOURCE_PUBLISHED && cell->section == NULL)
    {
      acies_catalogue_set_error (error, path, "a published cell needs a \"section\" naming the reference");
      return FALSE;
    }

  return TRUE;
}

/**
 * acies_table_from_json:
 * @node: the table's JSON object (see the file form in acies-table.h)
 * @path: where @node is, for error messages ("grass-crown.json: $.tables[1]")
 * @error: return location for an error
 *
 * Reads a table strictly: unknown members, a cell count that does not match
 * the rows and columns, duplicate labels, an unknown source or a rulebook
 * cell without a section are %ACIES_ENGINE_ERROR_FORMAT errors that name
 * the path and what was expected.
 *
 * Returns: (transfer full): a new table, or %NULL with @error set
 */
AciesTable *
acies_table_from_json (JsonNode    *node,
                       const char  *path,
                       GError     **error)
{
  static const char * const table_members[] = {
    "id", "name", "section", "row_title", "col_title", "rows", "columns",
    "cells", "default_source", NULL
  };
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) columns = NULL;
  g_autofree char *default_source = NULL;
  g_autofree char *cells_path = NULL;
  AciesSource source = ACIES_SOURCE_PROVISIONAL;
  AciesTable *table;
  JsonObject *object;
  JsonNode *cells_node;
  JsonArray *cells;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      acies_catalogue_set_error (error, path, "expected a table object, got %s", acies_json_type_name (node));
      return NULL;
    }

  object = json_node_get_object (node);
  if (!acies_catalogue_check_members (object, path, table_members, error))
    return NULL;

  if (!get_string (object, path, "default_source", FALSE, &default_source, error))
    return NULL;
  if (default_source != NULL && !acies_source_from_string (default_source, &source))
    {
      acies_catalogue_set_error (error, path,
                                 "\"default_source\": expected one of rulebook, derived, provisional, published, got \"%s\"",
                                 default_source);
      return NULL;
    }

  if (!(rows = get_labels (object, path, "rows", error)) ||
      !(columns = get_labels (object, path, "columns", error)))
    return NULL;

  table = g_new0 (AciesTable, 1);
  table->rows = g_steal_pointer (&rows);
  table->columns = g_steal_pointer (&columns);
  table->cells = g_new0 (AciesTableCell, table->rows->len * table->columns->len);

  if (!get_string (object, path, "id", TRUE, &table->id, error) ||
      !get_string (object, path, "name", TRUE, &table->name, error) ||
      !get_string (object, path, "section", FALSE, &table->section, error) ||
      !get_string (object, path, "row_title", FALSE, &table->row_title, error) ||
      !get_string (object, path, "col_title", FALSE, &table->col_title, error))
    goto fail;

  cells_path = g_strdup_printf ("%s.cells", path);
  cells_node = json_object_get_member (object, "cells");
  if (cells_node == NULL || !JSON_NODE_HOLDS_ARRAY (cells_node))
    {
      acies_catalogue_set_error (error, cells_path, "expected an array of %u rows, got %s",
                                 table->rows->len, acies_json_type_name (cells_node));
      goto fail;
    }

  cells = json_node_get_array (cells_node);
  if (json_array_get_length (cells) != table->rows->len)
    {
      acies_catalogue_set_error (error, cells_path, "expected %u rows (one per entry of \"rows\"), got %u",
                                 table->rows->len, json_array_get_length (cells));
      goto fail;
    }

  for (guint r = 0; r < table->rows->len; r++)
    {
      JsonNode *row_node = json_array_get_element (cells, r);
      g_autofree char *row_path = g_strdup_printf ("%s[%u]", cells_path, r);
      JsonArray *row;

      if (!JSON_NODE_HOLDS_ARRAY (row_node))
        {
          acies_catalogue_set_error (error, row_path, "expected row \"%s\" as an array of %u cells, got %s",
                                     (const char *) g_ptr_array_index (table->rows, r),
                                     table->columns->len, acies_json_type_name (row_node));
          goto fail;
        }

      row = json_node_get_array (row_node);
      if (json_array_get_length (row) != table->columns->len)
        {
          acies_catalogue_set_error (error, row_path, "row \"%s\": expected %u cells (one per column), got %u",
                                     (const char *) g_ptr_array_index (table->rows, r),
                                     table->columns->len, json_array_get_length (row));
          goto fail;
        }

      for (guint c = 0; c < table->columns->len; c++)
        {
          g_autofree char *cell_path = g_strdup_printf ("%s[%u] (row \"%s\", column \"%s\")",
                                                        row_path, c,
                                                        (const char *) g_ptr_array_index (table->rows, r),
                                                        (const char *) g_ptr_array_index (table->columns, c));

          if (!read_cell (json_array_get_element (row, c), cell_path,
                          default_source != NULL, source, table->section,
                          &table->cells[r * table->columns->len + c], error))
            goto fail;
        }
    }

  return table;

fail:
  acies_table_free (table);
  return NULL;
}

/**
 * acies_table_to_json:
 * @table: a table
 *
 * Writes @table in its full form: every cell as an object with its value,
 * source, and section and note when set.
 *
 * Returns: (transfer full): a new JSON object node
 */
JsonNode *
acies_table_to_json (const AciesTable *table)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (table != NULL, NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, table->id);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, table->name);
  if (table->section != NULL)
    {
      json_builder_set_member_name (builder, "section");
      json_builder_add_string_value (builder, table->section);
    }
  if (table->row_title != NULL)
    {
      json_builder_set_member_name (builder, "row_title");
      json_builder_add_string_value (builder, table->row_title);
    }
  if (table->col_title != NULL)
    {
      json_builder_set_member_name (builder, "col_title");
      json_builder_add_string_value (builder, table->col_title);
    }

  json_builder_set_member_name (builder, "rows");
  json_builder_begin_array (builder);
  for (guint r = 0; r < table->rows->len; r++)
    json_builder_add_string_value (builder, g_ptr_array_index (table->rows, r));
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "columns");
  json_builder_begin_array (builder);
  for (guint c = 0; c < table->columns->len; c++)
    json_builder_add_string_value (builder, g_ptr_array_index (table->columns, c));
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "cells");
  json_builder_begin_array (builder);
  for (guint r = 0; r < table->rows->len; r++)
    {
      json_builder_begin_array (builder);
      for (guint c = 0; c < table->columns->len; c++)
        {
          const AciesTableCell *cell = acies_table_get (table, r, c);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "value");
          json_builder_add_value (builder, json_node_copy (cell->value));
          json_builder_set_member_name (builder, "source");
          json_builder_add_string_value (builder, acies_source_to_string (cell->source));
          if (cell->section != NULL)
            {
              json_builder_set_member_name (builder, "section");
              json_builder_add_string_value (builder, cell->section);
            }
          if (cell->note != NULL)
            {
              json_builder_set_member_name (builder, "note");
              json_builder_add_string_value (builder, cell->note);
            }
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static GPtrArray *
copy_labels (GPtrArray *labels)
{
  GPtrArray *copy = g_ptr_array_new_full (labels->len, g_free);

  for (guint i = 0; i < labels->len; i++)
    g_ptr_array_add (copy, g_strdup (g_ptr_array_index (labels, i)));

  return copy;
}

/**
 * acies_table_copy:
 * @table: a table
 *
 * Returns: (transfer full): a deep copy of @table (for a scenario's overrides)
 */
AciesTable *
acies_table_copy (const AciesTable *table)
{
  AciesTable *copy;
  guint n;

  g_return_val_if_fail (table != NULL, NULL);

  copy = g_new0 (AciesTable, 1);
  copy->id = g_strdup (table->id);
  copy->name = g_strdup (table->name);
  copy->section = g_strdup (table->section);
  copy->row_title = g_strdup (table->row_title);
  copy->col_title = g_strdup (table->col_title);
  copy->rows = copy_labels (table->rows);
  copy->columns = copy_labels (table->columns);

  n = table->rows->len * table->columns->len;
  copy->cells = g_new0 (AciesTableCell, n);
  for (guint i = 0; i < n; i++)
    {
      copy->cells[i].value = json_node_copy (table->cells[i].value);
      copy->cells[i].source = table->cells[i].source;
      copy->cells[i].section = g_strdup (table->cells[i].section);
      copy->cells[i].note = g_strdup (table->cells[i].note);
    }

  return copy;
}

/**
 * acies_table_free:
 * @table: (nullable): a table
 *
 * Frees @table and its cells.
 */
void
acies_table_free (AciesTable *table)
{
  if (table == NULL)
    return;

  if (table->cells != NULL)
    {
      guint n = (table->rows ? table->rows->len : 0) *
                (table->columns ? table->columns->len : 0);

      for (guint i = 0; i < n; i++)
        cell_clear (&table->cells[i]);
      g_free (table->cells);
    }

  g_clear_pointer (&table->rows, g_ptr_array_unref);
  g_clear_pointer (&table->columns, g_ptr_array_unref);
  g_free (table->id);
  g_free (table->name);
  g_free (table->section);
  g_free (table->row_title);
  g_free (table->col_title);
  g_free (table);
}

static char *
join_labels (GPtrArray *labels)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < labels->len; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, g_ptr_array_index (labels, i));
    }

  return g_string_free (text, FALSE);
}

/**
 * acies_table_apply_override:
 * @table: the table to change (a scenario's copy)
 * @override: the override object, `{ "cells": [ {"row", "column", "value",
 *   "source", "section", "note"}, … ] }`
 * @path: where @override is, for error messages
 *   ("heraclea.acies: $.table_overrides.crt")
 * @error: return location for an error
 *
 * Replaces the named cells.  An override cell without "source" is
 * provisional; a rulebook one needs a section.  Nothing is changed unless
 * every entry is valid: an unknown row or column is an
 * %ACIES_ENGINE_ERROR_FORMAT error naming the entry and the table's labels.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_table_apply_override (AciesTable  *table,
                            JsonObject  *override,
                            const char  *path,
                            GError     **error)
{
  static const char * const override_members[] = { "cells", NULL };
  static const char * const entry_members[] = {
    "row", "column", "value", "source", "section", "note", NULL
  };
  g_autofree AciesTableCell *cells = NULL;
  g_autofree guint *index = NULL;
  JsonNode *cells_node;
  JsonArray *entries;
  guint n;

  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (override != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!acies_catalogue_check_members (override, path, override_members, error))
    return FALSE;

  cells_node = json_object_get_member (override, "cells");
  if (cells_node == NULL || !JSON_NODE_HOLDS_ARRAY (cells_node))
    {
      acies_catalogue_set_error (error, path, "\"cells\": expected an array of {row, column, value}, got %s",
                                 acies_json_type_name (cells_node));
      return FALSE;
    }

  entries = json_node_get_array (cells_node);
  n = json_array_get_length (entries);
  cells = g_new0 (AciesTableCell, n);
  index = g_new0 (guint, n);

  for (guint i = 0; i < n; i++)
    {
      JsonNode *entry_node = json_array_get_element (entries, i);
      g_autofree char *entry_path = g_strdup_printf ("%s.cells[%u]", path, i);
      g_autofree char *row = NULL;
      g_autofree char *column = NULL;
      g_autofree char *source = NULL;
      JsonObject *entry;
      gint r, c;

      if (!JSON_NODE_HOLDS_OBJECT (entry_node))
        {
          acies_catalogue_set_error (error, entry_path, "expected an object {row, column, value}, got %s",
                                     acies_json_type_name (entry_node));
          goto fail;
        }

      entry = json_node_get_object (entry_node);
      if (!acies_catalogue_check_members (entry, entry_path, entry_members, error) ||
          !get_string (entry, entry_path, "row", TRUE, &row, error) ||
          !get_string (entry, entry_path, "column", TRUE, &column, error) ||
          !get_string (entry, entry_path, "source", FALSE, &source, error) ||
          !get_string (entry, entry_path, "section", FALSE, &cells[i].section, error) ||
          !get_string (entry, entry_path, "note", FALSE, &cells[i].note, error))
        goto fail;

      if (!json_object_has_member (entry, "value"))
        {
          acies_catalogue_set_error (error, entry_path, "missing member \"value\"");
          goto fail;
        }

      r = acies_table_row_index (table, row);
      if (r < 0)
        {
          g_autofree char *labels = join_labels (table->rows);

          acies_catalogue_set_error (error, entry_path, "unknown row \"%s\" in table \"%s\" (rows: %s)",
                                     row, table->id, labels);
          goto fail;
        }

      c = acies_table_column_index (table, column);
      if (c < 0)
        {
          g_autofree char *labels = join_labels (table->columns);

          acies_catalogue_set_error (error, entry_path, "unknown column \"%s\" in table \"%s\" (columns: %s)",
                                     column, table->id, labels);
          goto fail;
        }

      cells[i].source = ACIES_SOURCE_PROVISIONAL;
      if (source != NULL && !acies_source_from_string (source, &cells[i].source))
        {
          acies_catalogue_set_error (error, entry_path,
                                     "\"source\": expected one of rulebook, derived, provisional, published, got \"%s\"",
                                     source);
          goto fail;
        }

      if (cells[i].source == ACIES_SOURCE_RULEBOOK && cells[i].section == NULL)
        {
          acies_catalogue_set_error (error, entry_path, "a rulebook cell needs a \"section\"");
          goto fail;
        }
      if (cells[i].source == ACIES_SOURCE_PUBLISHED && cells[i].section == NULL)
        {
          acies_catalogue_set_error (error, entry_path, "a published cell needs a \"section\" naming the reference");
          goto fail;
        }

      cells[i].value = json_node_copy (json_object_get_member (entry, "value"));
      index[i] = r * table->columns->len + c;
    }

  for (guint i = 0; i < n; i++)
    {
      cell_clear (&table->cells[index[i]]);
      table->cells[index[i]] = cells[i];
      memset (&cells[i], 0, sizeof cells[i]);
    }

  return TRUE;

fail:
  for (guint i = 0; i < n; i++)
    cell_clear (&cells[i]);
  return FALSE;
}

static gint
label_index (GPtrArray  *labels,
             const char *label)
{
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (g_ptr_array_index (labels, i), label) == 0)
      return i;

  return -1;
}

/**
 * acies_table_row_index:
 * @table: a table
 * @row: a row label ("A")
 *
 * Returns: the row's index, or -1 if @table has no such row
 */
gint
acies_table_row_index (const AciesTable *table,
                       const char       *row)
{
  g_return_val_if_fail (table != NULL, -1);

  return label_index (table->rows, row);
}

/**
 * acies_table_column_index:
 * @table: a table
 * @column: a column label ("3")
 *
 * Returns: the column's index, or -1 if @table has no such column
 */
gint
acies_table_column_index (const AciesTable *table,
                          const char       *column)
{
  g_return_val_if_fail (table != NULL, -1);

  return label_index (table->columns, column);
}

/**
 * acies_table_get:
 * @table: a table
 * @row: a row index
 * @column: a column index
 *
 * Returns: (transfer none) (nullable): the cell, or %NULL when out of range
 */
const AciesTableCell *
acies_table_get (const AciesTable *table,
                 guint             row,
                 guint             column)
{
  g_return_val_if_fail (table != NULL, NULL);

  if (row >= table->rows->len || column >= table->columns->len)
    return NULL;

  return &table->cells[row * table->columns->len + column];
}

/**
 * acies_table_lookup:
 * @table: a table
 * @row: a row label
 * @column: a column label
 *
 * Returns: (transfer none) (nullable): the cell, or %NULL for an unknown
 *   row or column
 */
const AciesTableCell *
acies_table_lookup (const AciesTable *table,
                    const char       *row,
                    const char       *column)
{
  gint r, c;

  g_return_val_if_fail (table != NULL, NULL);

  r = acies_table_row_index (table, row);
  c = acies_table_column_index (table, column);
  if (r < 0 || c < 0)
    return NULL;

  return acies_table_get (table, r, c);
}

/**
 * acies_source_to_string:
 * @source: a cell source
 *
 * Returns: "rulebook", "derived", "provisional" or "published"
 */
const char *
acies_source_to_string (AciesSource source)
{
  switch (source)
    {
    case ACIES_SOURCE_RULEBOOK:
      return "rulebook";
    case ACIES_SOURCE_DERIVED:
      return "derived";
    case ACIES_SOURCE_PROVISIONAL:
      return "provisional";
    case ACIES_SOURCE_PUBLISHED:
      return "published";
    default:
      g_return_val_if_reached ("provisional");
    }
}

/**
 * acies_source_from_string:
 * @text: "rulebook", "derived", "provisional" or "published"
 * @source: (out): the source
 *
 * Returns: %TRUE if @text names a source
 */
gboolean
acies_source_from_string (const char  *text,
                          AciesSource *source)
{
  static const char * const names[] = { "rulebook", "derived", "provisional", "published" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (g_strcmp0 (text, names[i]) == 0)
        {
          if (source != NULL)
            *source = (AciesSource) i;
          return TRUE;
        }
    }

  return FALSE;
}
