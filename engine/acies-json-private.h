/* acies-json-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * JSON documents that remember where each node was in the text, and a
 * small checked reader over them whose errors read
 *   "FILE:LINE:COLUMN: $.units[3].cell: expected …, got …".
 * The engine's one reader of JSON: the scenario reader, the saved-game
 * reader, and the catalogue and table readers all use it.
 */

typedef struct
{
  JsonNode   *root;
  GHashTable *positions;     /* JsonNode* / JsonObject* / JsonArray* -> packed line and column */
  char       *display_name;
} AciesJsonDoc;

AciesJsonDoc *acies_json_doc_parse    (const char          *data,
                                       gssize               length,
                                       const char          *display_name,
                                       GError             **error);
void          acies_json_doc_free     (AciesJsonDoc        *doc);
gboolean      acies_json_doc_position (GHashTable          *positions,
                                       JsonNode            *node,
                                       guint               *line,
                                       guint               *column);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesJsonDoc, acies_json_doc_free)

typedef struct
{
  const char *display_name;
  GHashTable *positions;     /* or NULL */
  GError     *error;         /* the first error */
} AciesJsonReader;

void        acies_json_reader_init     (AciesJsonReader *reader,
                                        GHashTable      *positions,
                                        const char      *display_name);
gboolean    acies_json_reader_fail     (AciesJsonReader *reader,
                                        JsonNode        *near,
                                        const char      *path,
                                        gint             code,
                                        const char      *format,
                                        ...) G_GNUC_PRINTF (5, 6);
char       *acies_json_describe        (JsonNode        *node);
const char *acies_json_type_name       (JsonNode        *node);
char       *acies_json_path_member     (const char      *path,
                                        const char      *name);
char       *acies_json_path_index      (const char      *path,
                                        guint            index);

JsonNode   *acies_json_member          (JsonNode        *object_node,
                                        const char      *name);
JsonObject *acies_json_reader_object   (AciesJsonReader *reader,
                                        JsonNode        *node,
                                        const char      *path);
JsonArray  *acies_json_reader_array    (AciesJsonReader *reader,
                                        JsonNode        *node,
                                        const char      *path,
                                        guint            max_length);
gboolean    acies_json_reader_members  (AciesJsonReader *reader,
                                        JsonNode        *object_node,
                                        const char      *path,
                                        const char * const *allowed);
gboolean    acies_json_reader_string   (AciesJsonReader *reader,
                                        JsonNode        *node,
                                        const char      *path,
                                        char           **out);
gboolean    acies_json_reader_int      (AciesJsonReader *reader,
                                        JsonNode        *node,
                                        const char      *path,
                                        gint64           min,
                                        gint64           max,
                                        gint64          *out);
gboolean    acies_json_reader_get_string (AciesJsonReader *reader,
                                          JsonNode        *object_node,
                                          const char      *path,
                                          const char      *name,
                                          gboolean         required,
                                          char           **out);
gboolean    acies_json_reader_get_int  (AciesJsonReader *reader,
                                        JsonNode        *object_node,
                                        const char      *path,
                                        const char      *name,
                                        gboolean         required,
                                        gint64           min,
                                        gint64           max,
                                        gint64          *out);

gboolean    acies_json_reader_get_object (AciesJsonReader *reader,
                                          JsonNode        *object_node,
                                          const char      *path,
                                          const char      *name,
                                          gboolean         required,
                                          JsonNode       **out);
gboolean    acies_json_reader_get_array (AciesJsonReader  *reader,
                                         JsonNode         *object_node,
                                         const char       *path,
                                         const char       *name,
                                         gboolean          required,
                                         guint             max_length,
                                         JsonArray       **out);
gboolean    acies_json_reader_bool     (AciesJsonReader *reader,
                                        JsonNode        *node,
                                        const char      *path,
                                        gboolean        *out);
gboolean    acies_json_reader_get_bool (AciesJsonReader *reader,
                                        JsonNode        *object_node,
                                        const char      *path,
                                        const char      *name,
                                        gboolean        *out);
gboolean    acies_json_reader_choice   (AciesJsonReader    *reader,
                                        JsonNode           *node,
                                        const char         *path,
                                        const char * const *values,
                                        gint               *out);
gboolean    acies_json_reader_get_choice (AciesJsonReader    *reader,
                                          JsonNode           *object_node,
                                          const char         *path,
                                          const char         *name,
                                          gboolean            required,
                                          const char * const *values,
                                          gint               *out);
gboolean    acies_json_reader_get_strv (AciesJsonReader  *reader,
                                        JsonNode         *object_node,
                                        const char       *path,
                                        const char       *name,
                                        gboolean          unique,
                                        GStrv            *out);
gboolean    acies_json_is_colour       (const char       *text);
gboolean    acies_json_reader_get_colour (AciesJsonReader  *reader,
                                          JsonNode         *object_node,
                                          const char       *path,
                                          const char       *name,
                                          gboolean          required,
                                          char           **out);

G_END_DECLS
