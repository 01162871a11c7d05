/* acies-table.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * A rule table (CRT, modifier matrix, terrain effects…) with a source per
 * cell.  Rows and columns are labelled; cells hold any JSON value.
 *
 * File form (inside data/rulesets/<id>.json "tables"):
 *   { "id": "crt", "name": "Combat Results Table", "section": "9.3",
 *     "row_title": "CC", "col_title": "die roll",
 *     "rows": ["*", "A", …], "columns": ["1", "2", …],
 *     "cells": [[ {"value": "DX", "source": "rulebook", "section": "9.3"}, … ], …] }
 * A cell may also be a bare value, which takes the table's "default_source".
 *
 * A scenario override:
 *   "table_overrides": { "crt": { "cells": [ {"row": "A", "column": "3",
 *        "value": "EX", "source": "rulebook", "section": "9.3"} ] } }
 */

typedef enum
{
  ACIES_SOURCE_RULEBOOK,
  ACIES_SOURCE_DERIVED,
  ACIES_SOURCE_PROVISIONAL,
  ACIES_SOURCE_PUBLISHED,   /* not in the book, in a published reference it relies on (the base game of an expansion); the section names the reference */
} AciesSource;

typedef struct
{
  JsonNode   *value;
  AciesSource source;
  char       *section;   /* "9.3", "Heraclea, Pyrrhus turn 2", the reference of a published cell, or NULL */
  char       *note;      /* or NULL */
} AciesTableCell;

typedef struct
{
  char           *id;
  char           *name;
  char           *section;
  char           *row_title;
  char           *col_title;
  GPtrArray      *rows;      /* char * */
  GPtrArray      *columns;   /* char * */
  AciesTableCell *cells;     /* rows->len * columns->len, row-major */
} AciesTable;

AciesTable           *acies_table_from_json     (JsonNode         *node,
                                                 const char       *path,
                                                 GError          **error);
JsonNode             *acies_table_to_json       (const AciesTable *table);
AciesTable           *acies_table_copy          (const AciesTable *table);
void                  acies_table_free          (AciesTable       *table);
gboolean              acies_table_apply_override (AciesTable      *table,
                                                 JsonObject       *override,
                                                 const char       *path,
                                                 GError          **error);
gint                  acies_table_row_index     (const AciesTable *table,
                                                 const char       *row);
gint                  acies_table_column_index  (const AciesTable *table,
                                                 const char       *column);
const AciesTableCell *acies_table_get           (const AciesTable *table,
                                                 guint             row,
                                                 guint             column);
const AciesTableCell *acies_table_lookup        (const AciesTable *table,
                                                 const char       *row,
                                                 const char       *column);
const char           *acies_source_to_string    (AciesSource       source);
gboolean              acies_source_from_string  (const char       *text,
                                                 AciesSource      *source);

G_END_DECLS
