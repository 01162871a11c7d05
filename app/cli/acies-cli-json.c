/* acies-cli-json.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cli"

#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "acies-cli-private.h"

/*
 * The --json forms of `validate` and `info` (docs/cli-json.md): one JSON
 * document on standard output, built with json-glib.  Problems are objects
 * { "severity", "message", and when known "path", "line", "column",
 * "action", "member" }; member names and enumerations are English ids,
 * messages are the same (translated) sentences as the text form.
 */

/**
 * acies_cli_json_print:
 * @builder: a builder holding one complete value
 *
 * Prints the value on standard output, indented, with a final newline.
 */
void
acies_cli_json_print (JsonBuilder *builder)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
}

/**
 * acies_cli_json_member_string:
 * @builder: a builder inside an object
 * @member: the member's name
 * @value: (nullable): its value; %NULL writes null
 */
void
acies_cli_json_member_string (JsonBuilder *builder,
                              const char  *member,
                              const char  *value)
{
  json_builder_set_member_name (builder, member);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

/**
 * acies_cli_json_member_int:
 * @builder: a builder inside an object
 * @member: the member's name
 * @value: its value
 */
void
acies_cli_json_member_int (JsonBuilder *builder,
                           const char  *member,
                           gint64       value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_int_value (builder, value);
}

/**
 * acies_cli_json_begin_file:
 * @builder: a builder inside the "files" array of `validate --json`
 * @path: the file as the command line names it
 * @kind: "scenario" or "game"
 *
 * Opens the file's object (docs/cli-json.md) and its "problems" array,
 * which acies_cli_json_end_file() closes.
 */
void
acies_cli_json_begin_file (JsonBuilder *builder,
                           const char  *path,
                           const char  *kind)
{
  json_builder_begin_object (builder);
  acies_cli_json_member_string (builder, "file", path);
  acies_cli_json_member_string (builder, "kind", kind);
  json_builder_set_member_name (builder, "problems");
  json_builder_begin_array (builder);
}

/**
 * acies_cli_json_end_file:
 * @builder: a builder inside a file's "problems" array
 * @valid: whether the file is valid
 * @n_errors: the errors found
 * @n_warnings: the warnings found
 *
 * Closes the "problems" array and adds the file's verdict and counts; the
 * file's object stays open for members of its kind.
 */
void
acies_cli_json_end_file (JsonBuilder *builder,
                         gboolean     valid,
                         guint        n_errors,
                         guint        n_warnings)
{
  json_builder_end_array (builder);
  acies_cli_json_member_bool (builder, "valid", valid);
  acies_cli_json_member_int (builder, "errors", n_errors);
  acies_cli_json_member_int (builder, "warnings", n_warnings);
}

/**
 * acies_cli_json_member_bool:
 * @builder: a builder inside an object
 * @member: the member's name
 * @value: its value
 */
void
acies_cli_json_member_bool (JsonBuilder *builder,
                            const char  *member,
                            gboolean     value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_boolean_value (builder, value);
}

/**
 * acies_cli_json_add_problem:
 * @builder: a builder inside the "problems" array
 * @is_error: an error, else a warning
 * @path: (nullable): the JSON path in the file ("$.units[3].cell")
 * @message: what is wrong
 *
 * Adds { "severity", "path", "message" }.
 */
void
acies_cli_json_add_problem (JsonBuilder *builder,
                            gboolean     is_error,
                            const char  *path,
                            const char  *message)
{
  json_builder_begin_object (builder);
  acies_cli_json_member_string (builder, "severity", is_error ? "error" : "warning");
  if (path != NULL)
    acies_cli_json_member_string (builder, "path", path);
  acies_cli_json_member_string (builder, "message", message != NULL ? message : "");
  json_builder_end_object (builder);
}

/* "$.units[3].cell: rest" → "$.units[3].cell" and "rest". */
static char *
split_path (const char  *text,
            const char **rest)
{
  const char *colon;

  *rest = text;
  if (text[0] != '$')
    return NULL;
  colon = strstr (text, ": ");
  if (colon == NULL || memchr (text, ' ', colon - text) != NULL)
    return NULL;
  *rest = colon + 2;
  return g_strndup (text, colon - text);
}

/**
 * acies_cli_json_add_error:
 * @builder: a builder inside the "problems" array
 * @file: the file the error is about
 * @error: why it could not be read
 *
 * Adds @error as an error problem: the position and JSON path the message
 * names become "line", "column" and "path", and "message" is the rest.
 */
void
acies_cli_json_add_error (JsonBuilder  *builder,
                          const char   *file,
                          const GError *error)
{
  int line = 0, column = 0;
  g_autofree char *text = acies_cli_split_error (file, error, &line, &column);
  const char *rest = NULL;
  g_autofree char *path = split_path (text, &rest);

  json_builder_begin_object (builder);
  acies_cli_json_member_string (builder, "severity", "error");
  if (line > 0)
    {
      acies_cli_json_member_int (builder, "line", line);
      acies_cli_json_member_int (builder, "column", column);
    }
  if (path != NULL)
    acies_cli_json_member_string (builder, "path", path);
  acies_cli_json_member_string (builder, "message", rest);
  json_builder_end_object (builder);
}
