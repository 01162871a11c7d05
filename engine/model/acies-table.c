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
#include "acies-json-private.h"
#include "model/acies-catalogue-private.h"
#include "model/acies-table.h"

/* The names of AciesSource, in its order, as files write them. */
static const char * const source_names[] = {
  [ACIES_SOURCE_RULEBOOK] = "rulebook",
  [ACIES_SOURCE_DERIVED] = "derived",
  [ACIES_SOURCE_PROVISIONAL] = "provisional",
  [ACIES_SOURCE_PUBLISHED] = "published",
  NULL
};

#define FAIL(r, near, path, ...) \
  acies_json_reader_fail ((r), (near), (path), ACIES_ENGINE_ERROR_FORMAT, __VA_ARGS__)

/* A non-empty array of distinct labels. */
static GPtrArray *
read_labels (AciesJsonReader *r,
             JsonNode        *object_node,
             const char      *path,
             const char      *member)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *member_path = acies_json_path_member (path, member);
  g_auto(GStrv) strings = NULL;

  if (!acies_json_reader_get_strv (r, object_node, path, member, TRUE, &strings))
    return NULL;
  if (strings == NULL || strings[0] == NULL)
    {
      FAIL (r, object_node, member_path, "expected a non-empty array of strings, got %s",
            strings == NULL ? "nothing" : "an empty array");
      return NULL;
    }
  for (guint i = 0; strings[i] != NULL; i++)
    g_ptr_array_add (labels, g_strdup (strings[i]));

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
read_cell (AciesJsonReader *r,
           JsonNode        *node,
           const char      *path,
           gboolean         have_default,
           AciesSource      default_source,
           const char      *table_section,
           AciesTableCell  *cell)
{
  static const char * const cell_members[] = { "value", "source", "section", "note", NULL };

  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      gint source = default_source;

      if (!json_object_has_member (json_node_get_object (node), "value"))
        return FAIL (r, node, path,
                     "expected a bare value or an object with \"value\" and \"source\", "
                     "got an object without \"value\"");

      if (!acies_json_reader_members (r, node, path, cell_members) ||
          !acies_json_reader_get_choice (r, node, path, "source", !have_default, source_names, &source) ||
          !acies_json_reader_get_string (r, node, path, "section", FALSE, &cell->section) ||
          !acies_json_reader_get_string (r, node, path, "note", FALSE, &cell->note))
        return FALSE;

      cell->source = source;
      cell->value = json_node_copy (json_object_get_member (json_node_get_object (node), "value"));
    }
  else
    {
      if (!have_default)
        return FAIL (r, node, path,
                     "a bare value needs the table's \"default_source\" "
                     "(or write {\"value\": …, \"source\": …})");

      cell->value = node != NULL ? json_node_copy (node) : json_node_new (JSON_NODE_NULL);
      cell->source = default_source;
    }

  if (cell->section == NULL && table_section != NULL)
    cell->section = g_strdup (table_section);

  if (cell->source == ACIES_SOURCE_RULEBOOK && cell->section == NULL)
    return FAIL (r, node, path, "a rulebook cell needs a \"section\" (on the cell or the table)");
  if (cell->source == ACIES_SOURCE_PUBLISHED && cell->section == NULL)
    return FAIL (r, node, path, "a published cell needs a \"section\" naming the reference");

  return TRUE;
}

/**
 * acies_table_read: (skip)
 * @r: the reader of the file the table is in
 * @node: the table's JSON object (see the file form in acies-table.h)
 * @path: its JSON path ("$.tables[1]")
 *
 * acies_table_from_json() within a file's reader (the catalogue's), so
 * that errors carry the line and column.
 *
 * Returns: (transfer full): a new table, or %NULL with @r's error set
 */
AciesTable *
acies_table_read (AciesJsonReader *r,
                  JsonNode        *node,
                  const char      *path)
{
  static const char * const table_members[] = {
    "id", "name", "section", "row_title", "col_title", "rows", "columns",
    "cells", "default_source", NULL
  };
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) columns = NULL;
  g_autofree char *cells_path = acies_json_path_member (path, "cells");
  gint source = ACIES_SOURCE_PROVISIONAL;
  gboolean have_default;
  AciesTable *table;
  JsonNode *cells_node;
  JsonArray *cells;

  if (acies_json_reader_object (r, node, path) == NULL ||
      !acies_json_reader_members (r, node, path, table_members) ||
      !acies_json_reader_get_choice (r, node, path, "default_source", FALSE, source_names, &source))
    return NULL;
  have_default = acies_json_member (node, "default_source") != NULL;

  if (!(rows = read_labels (r, node, path, "rows")) ||
      !(columns = read_labels (r, node, path, "columns")))
    return NULL;

  table = g_new0 (AciesTable, 1);
  table->rows = g_steal_pointer (&rows);
  table->columns = g_steal_pointer (&columns);
  table->cells = g_new0 (AciesTableCell, table->rows->len * table->columns->len);

  if (!acies_json_reader_get_string (r, node, path, "id", TRUE, &table->id) ||
      !acies_json_reader_get_string (r, node, path, "name", TRUE, &table->name) ||
      !acies_json_reader_get_string (r, node, path, "section", FALSE, &table->section) ||
      !acies_json_reader_get_string (r, node, path, "row_title", FALSE, &table->row_title) ||
      !acies_json_reader_get_string (r, node, path, "col_title", FALSE, &table->col_title))
    goto fail;

  cells_node = acies_json_member (node, "cells");
  if (cells_node == NULL || !JSON_NODE_HOLDS_ARRAY (cells_node))
    {
      g_autofree char *got = acies_json_describe (cells_node);

      FAIL (r, cells_node != NULL ? cells_node : node, cells_path, "expected an array of %u rows, got %s",
            table->rows->len, cells_node != NULL ? got : "nothing");
      goto fail;
    }

  cells = json_node_get_array (cells_node);
  if (json_array_get_length (cells) != table->rows->len)
    {
      FAIL (r, cells_node, cells_path, "expected %u rows (one per entry of \"rows\"), got %u",
            table->rows->len, json_array_get_length (cells));
      goto fail;
    }

  for (guint row = 0; row < table->rows->len; row++)
    {
      JsonNode *row_node = json_array_get_element (cells, row);
      g_autofree char *row_path = acies_json_path_index (cells_path, row);
      JsonArray *row_cells;

      if (!JSON_NODE_HOLDS_ARRAY (row_node))
        {
          g_autofree char *got = acies_json_describe (row_node);

          FAIL (r, row_node, row_path, "expected row \"%s\" as an array of %u cells, got %s",
                (const char *) g_ptr_array_index (table->rows, row), table->columns->len, got);
          goto fail;
        }

      row_cells = json_node_get_array (row_node);
      if (json_array_get_length (row_cells) != table->columns->len)
        {
          FAIL (r, row_node, row_path, "row \"%s\": expected %u cells (one per column), got %u",
                (const char *) g_ptr_array_index (table->rows, row),
                table->columns->len, json_array_get_length (row_cells));
          goto fail;
        }

      for (guint c = 0; c < table->columns->len; c++)
        {
          g_autofree char *cell_path = g_strdup_printf ("%s[%u] (row \"%s\", column \"%s\")",
                                                        row_path, c,
                                                        (const char *) g_ptr_array_index (table->rows, row),
                                                        (const char *) g_ptr_array_index (table->columns, c));

          if (!read_cell (r, json_array_get_element (row_cells, c), cell_path,
                          have_default, source, table->section,
                          &table->cells[row * table->columns->len + c]))
            goto fail;
        }
    }

  return table;

fail:
  acies_table_free (table);
  return NULL;
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
  AciesJsonReader r;
  AciesTable *table;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* @path names the file: the errors need no file name of their own. */
  acies_json_reader_init (&r, NULL, "");
  table = acies_table_read (&r, node, path);
  if (table == NULL)
    g_propagate_error (error, r.error);
  else
    g_clear_error (&r.error);
  return table;
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
  g_autoptr(JsonNode) node = NULL;
  g_autofree AciesTableCell *cells = NULL;
  g_autofree guint *index = NULL;
  g_autofree char *cells_path = NULL;
  AciesJsonReader r;
  JsonArray *entries;
  guint n = 0;

  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (override != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* @path names the file: the errors need no file name of their own. */
  acies_json_reader_init (&r, NULL, "");
  node = json_node_init_object (json_node_alloc (), override);
  cells_path = acies_json_path_member (path, "cells");
  if (!acies_json_reader_members (&r, node, path, override_members))
    goto fail;
  if (acies_json_member (node, "cells") == NULL || !JSON_NODE_HOLDS_ARRAY (acies_json_member (node, "cells")))
    {
      g_autofree char *got = acies_json_describe (acies_json_member (node, "cells"));

      FAIL (&r, node, cells_path, "expected an array of {row, column, value}, got %s",
            acies_json_member (node, "cells") != NULL ? got : "nothing");
      goto fail;
    }

  entries = json_node_get_array (acies_json_member (node, "cells"));
  n = json_array_get_length (entries);
  cells = g_new0 (AciesTableCell, n);
  index = g_new0 (guint, n);

  for (guint i = 0; i < n; i++)
    {
      JsonNode *entry = json_array_get_element (entries, i);
      g_autofree char *entry_path = acies_json_path_index (cells_path, i);
      g_autofree char *row = NULL;
      g_autofree char *column = NULL;
      gint source = ACIES_SOURCE_PROVISIONAL;
      gint rr, c;

      if (acies_json_reader_object (&r, entry, entry_path) == NULL ||
          !acies_json_reader_members (&r, entry, entry_path, entry_members) ||
          !acies_json_reader_get_string (&r, entry, entry_path, "row", TRUE, &row) ||
          !acies_json_reader_get_string (&r, entry, entry_path, "column", TRUE, &column) ||
          !acies_json_reader_get_choice (&r, entry, entry_path, "source", FALSE, source_names, &source) ||
          !acies_json_reader_get_string (&r, entry, entry_path, "section", FALSE, &cells[i].section) ||
          !acies_json_reader_get_string (&r, entry, entry_path, "note", FALSE, &cells[i].note))
        goto fail;
      cells[i].source = source;

      if (!json_object_has_member (json_node_get_object (entry), "value"))
        {
          g_autofree char *value_path = acies_json_path_member (entry_path, "value");

          FAIL (&r, entry, value_path, "missing: expected the cell's value");
          goto fail;
        }

      rr = acies_table_row_index (table, row);
      if (rr < 0)
        {
          g_autofree char *labels = join_labels (table->rows);

          FAIL (&r, entry, entry_path, "unknown row \"%s\" in table \"%s\" (rows: %s)", row, table->id, labels);
          goto fail;
        }

      c = acies_table_column_index (table, column);
      if (c < 0)
        {
          g_autofree char *labels = join_labels (table->columns);

          FAIL (&r, entry, entry_path, "unknown column \"%s\" in table \"%s\" (columns: %s)",
                column, table->id, labels);
          goto fail;
        }

      if (cells[i].source == ACIES_SOURCE_RULEBOOK && cells[i].section == NULL)
        {
          FAIL (&r, entry, entry_path, "a rulebook cell needs a \"section\"");
          goto fail;
        }
      if (cells[i].source == ACIES_SOURCE_PUBLISHED && cells[i].section == NULL)
        {
          FAIL (&r, entry, entry_path, "a published cell needs a \"section\" naming the reference");
          goto fail;
        }

      cells[i].value = json_node_copy (json_object_get_member (json_node_get_object (entry), "value"));
      index[i] = rr * table->columns->len + c;
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
  g_propagate_error (error, r.error);
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
  g_return_val_if_fail ((guint) source < G_N_ELEMENTS (source_names) - 1, "provisional");

  return source_names[source];
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
  for (guint i = 0; source_names[i] != NULL; i++)
    {
      if (g_strcmp0 (text, source_names[i]) == 0)
        {
          if (source != NULL)
            *source = (AciesSource) i;
          return TRUE;
        }
    }

  return FALSE;
}
