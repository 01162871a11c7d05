/* acies-json.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-io"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "acies-json.h"
#include "acies-json-private.h"

/* The longest integer literal that surely fits in a gint64.  json-glib
 * wraps longer ones around silently, so they are refused before parsing. */
#define MAX_INT_DIGITS 18

/* json-glib parses recursively: a file of a million "[" would exhaust the
 * stack, so nesting is limited before parsing. */
#define MAX_DEPTH 64

/* json-glib builds a node of about 80 bytes for every value, at about
 * 2.4 µs each: one array of millions of elements in a file under the size
 * limit would take half a minute to refuse.  The pre-scan counts values
 * first (ACIES_MAX_JSON_VALUES, acies-error.h). */

/* Quotes longer than this (in characters) are cut with "…". */
#define MAX_QUOTE_CHARS 40

/* Text checks */

static void
offset_to_line_column (const char *data,
                       gsize       offset,
                       guint      *line,
                       guint      *column)
{
  guint l = 1, c = 1;

  for (gsize i = 0; i < offset; i++)
    {
      if (data[i] == '\n')
        {
          l++;
          c = 1;
        }
      else if (((guchar) data[i] & 0xC0) != 0x80)
        c++;
    }

  *line = l;
  *column = c;
}

static gboolean
check_utf8 (const char  *data,
            gsize        length,
            const char  *display_name,
            GError     **error)
{
  const char *end = NULL;

  if (!g_utf8_validate (data, length, &end))
    {
      gsize offset = end - data;
      guint line, column;

      offset_to_line_column (data, offset, &line, &column);
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE,
                   _("%s:%u:%u: the file is not valid UTF-8 text (invalid byte 0x%02x at byte offset %lu)"),
                   display_name, line, column, (guint) (guchar) data[offset], (unsigned long) offset);
      return FALSE;
    }

  return TRUE;
}

/* The value of the four hex digits at @p (of @avail bytes), or -1. */
static gint
read_hex4 (const char *p,
           gsize       avail)
{
  gint value = 0;

  if (avail < 4)
    return -1;

  for (guint k = 0; k < 4; k++)
    {
      gint digit = g_ascii_xdigit_value (p[k]);

      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }

  return value;
}

typedef struct
{
  gboolean empty;
  gboolean incomplete;  /* an unclosed string, object or array at the end */
  guint    end_line;
  guint    end_column;
  guint64  members;     /* ':' outside strings: object members read */
} ScanResult;

static inline gboolean
is_blank (char ch)
{
  return ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r';
}

/* A character of a number or a literal ("true", "-1.5e+3"). */
static inline gboolean
is_word (char ch)
{
  return g_ascii_isalnum (ch) || ch == '-' || ch == '+' || ch == '.';
}

/* A light pass over the text before json-glib sees it: finds an empty
 * file, nesting too deep, too many values, integer literals too long for
 * 64 bits, \u escapes of lone UTF-16 surrogates (json-glib decodes them
 * into invalid UTF-8) and of NUL (json-glib cuts the string there), text
 * after the end of the document (json-glib reads the first document and
 * drops the rest), and where an unfinished document ends.  It counts the
 * members read (each ':' outside strings) and copies the text to @compact
 * (@length + 1 bytes) without the blanks between tokens (one space is kept
 * between two characters of numbers or literals, so no two tokens run
 * together): json-glib's scanner looks at every blank of an indented file
 * one by one.  Positions are counted only for a message. */
static gboolean
prescan (const char  *data,
         gsize        length,
         const char  *display_name,
         ScanResult  *result,
         char        *compact,
         gsize       *compact_length,
         GError     **error)
{
  gint depth = 0;
  gboolean in_string = FALSE, empty = TRUE;
  /* The top-level value has begun, and has ended: anything but blanks
   * after its end is a second document. */
  gboolean top_begun = FALSE, top_ended = FALSE;
  gsize i = 0, n = 0;
  guint64 values = 0;
  guint line, column;

  /* A UTF-8 byte order mark is not JSON; json-glib refuses it too. */
  while (i < length)
    {
      char ch = data[i];

      if (is_blank (ch))
        {
          gsize j = i + 1;

          while (j < length && is_blank (data[j]))
            j++;
          /* The end of a top-level true, false or null. */
          if (depth == 0 && top_begun)
            top_ended = TRUE;
          if (n > 0 && j < length && is_word (compact[n - 1]) && is_word (data[j]))
            compact[n++] = ' ';
          i = j;
          continue;
        }

      /* Values: objects, arrays, strings (member names too), numbers and
       * literals, counted where they start. */
      if ((ch == '"' || ch == '{' || ch == '[' || ch == '-' || g_ascii_isdigit (ch) ||
           (g_ascii_isalpha (ch) && (i == 0 || !g_ascii_isalpha (data[i - 1])))) &&
          ++values > ACIES_MAX_JSON_VALUES)
        {
          offset_to_line_column (data, i, &line, &column);
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                       _("%s:%u:%u: too many JSON values (more than %d objects, arrays, strings, numbers and names in one file)"),
                       display_name, line, column, ACIES_MAX_JSON_VALUES);
          return FALSE;
        }

      if (top_ended)
        {
          offset_to_line_column (data, i, &line, &column);
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE,
                       _("%s:%u:%u: not valid JSON: more text after the end of the document (a file holds one JSON value)"),
                       display_name, line, column);
          return FALSE;
        }
      top_begun = TRUE;

      if (ch == '"')
        {
          gsize start = i++;

          empty = FALSE;
          in_string = TRUE;
          while (i < length)
            {
              if (data[i] == '"')
                {
                  in_string = FALSE;
                  i++;
                  break;
                }
              if (data[i] != '\\')
                {
                  i++;
                  continue;
                }
              if (i + 1 < length && data[i + 1] == 'u')
                {
                  gint unit = read_hex4 (data + i + 2, length - i - 2);

                  if (unit >= 0xD800 && unit <= 0xDBFF && i + 11 < length &&
                      data[i + 6] == '\\' && data[i + 7] == 'u')
                    {
                      gint low = read_hex4 (data + i + 8, length - i - 8);

                      if (low >= 0xDC00 && low <= 0xDFFF)
                        {
                          /* A surrogate pair: "\u", 4 digits, "\u", 4 digits. */
                          i += 12;
                          continue;
                        }
                    }
                  if (unit >= 0xD800 && unit <= 0xDFFF)
                    {
                      offset_to_line_column (data, i, &line, &column);
                      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE,
                                   _("%s:%u:%u: not valid JSON: invalid \\u escape \\u%.4s (a lone surrogate: a UTF-16 surrogate must come in a pair)"),
                                   display_name, line, column, data + i + 2);
                      return FALSE;
                    }
                  if (unit == 0)
                    {
                      offset_to_line_column (data, i, &line, &column);
                      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE,
                                   _("%s:%u:%u: a string holds the escape \\u0000, a NUL character, which Acies does not accept in text"),
                                   display_name, line, column);
                      return FALSE;
                    }
                }
              i += 2;
            }
          i = MIN (i, length);
          memcpy (compact + n, data + start, i - start);
          n += i - start;
          top_ended = depth == 0;
          continue;
        }

      if (ch == '{' || ch == '[')
        {
          depth++;
          empty = FALSE;
          if (depth > MAX_DEPTH)
            {
              offset_to_line_column (data, i, &line, &column);
              g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                           _("%s:%u:%u: objects and arrays are nested too deeply (more than %d levels)"),
                           display_name, line, column, MAX_DEPTH);
              return FALSE;
            }
        }
      else if (ch == '}' || ch == ']')
        {
          depth--;
          empty = FALSE;
          top_ended = depth == 0;
        }
      else if (ch == ':')
        result->members++;
      else if (ch == '-' || g_ascii_isdigit (ch))
        {
          gsize start = i, digits = 0;
          gboolean real = FALSE;

          empty = FALSE;
          if (ch == '-')
            i++;
          while (i < length && g_ascii_isdigit (data[i]))
            {
              i++;
              digits++;
            }
          while (i < length && (data[i] == '.' || data[i] == 'e' || data[i] == 'E' ||
                                data[i] == '+' || data[i] == '-' || g_ascii_isdigit (data[i])))
            {
              real = TRUE;
              i++;
            }
          top_ended = depth == 0;

          if (!real && digits > MAX_INT_DIGITS)
            {
              offset_to_line_column (data, start, &line, &column);
              g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                           _("%s:%u:%u: the number %.*s%s is too large (at most %d digits)"),
                           display_name, line, column,
                           (int) MIN (i - start, 24), data + start,
                           i - start > 24 ? "…" : "", MAX_INT_DIGITS);
              return FALSE;
            }
          memcpy (compact + n, data + start, i - start);
          n += i - start;
          continue;
        }
      else if (!g_ascii_isspace (ch))
        empty = FALSE;

      compact[n++] = ch;
      i++;
    }

  compact[n] = '\0';
  *compact_length = n;
  result->empty = empty;
  result->incomplete = in_string || depth > 0;
  if (result->incomplete)
    offset_to_line_column (data, length, &result->end_line, &result->end_column);

  return TRUE;
}

/* Parsing with positions */

typedef struct
{
  guint line;
  guint column;
} Position;

typedef struct
{
  AciesJsonDoc *doc;
  GArray       *starts;      /* Position stack of open objects and arrays */
  GHashTable   *seen;        /* JsonObject* -> members read into it */
  char         *problem;     /* the first problem found during parsing */
  Position      problem_at;
} ParseData;

static void
remember (ParseData     *pd,
          gconstpointer  key,
          guint          line,
          guint          column)
{
  Position *pos = g_new (Position, 1);

  pos->line = line;
  pos->column = column;
  g_hash_table_insert (pd->doc->positions, (gpointer) key, pos);
}

static void
container_start_cb (JsonParser *parser,
                    ParseData  *pd)
{
  Position pos = { json_parser_get_current_line (parser), json_parser_get_current_pos (parser) };

  g_array_append_val (pd->starts, pos);
}

static void
container_end (ParseData     *pd,
               gconstpointer  container)
{
  Position pos;

  if (pd->starts->len == 0)
    return;

  pos = g_array_index (pd->starts, Position, pd->starts->len - 1);
  g_array_set_size (pd->starts, pd->starts->len - 1);
  remember (pd, container, pos.line, pos.column);
}

static void
object_end_cb (JsonParser *parser,
               JsonObject *object,
               ParseData  *pd)
{
  container_end (pd, object);
}

static void
array_end_cb (JsonParser *parser,
              JsonArray  *array,
              ParseData  *pd)
{
  container_end (pd, array);
}

static void
check_value (JsonParser *parser,
             ParseData  *pd,
             JsonNode   *node)
{
  if (pd->problem != NULL || node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return;

  if (json_node_get_value_type (node) == G_TYPE_DOUBLE && !isfinite (json_node_get_double (node)))
    {
      pd->problem = g_strdup (_("the number is too large"));
      pd->problem_at.line = json_parser_get_current_line (parser);
      pd->problem_at.column = json_parser_get_current_pos (parser);
    }
}

static void
object_member_cb (JsonParser *parser,
                  JsonObject *object,
                  const char *name,
                  ParseData  *pd)
{
  JsonNode *node = json_object_get_member (object, name);
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (pd->seen, object)) + 1;

  /* json-glib replaces a member given twice, so the object then has fewer
   * members than were read into it. */
  g_hash_table_insert (pd->seen, object, GUINT_TO_POINTER (count));
  if (json_object_get_size (object) < count && pd->problem == NULL)
    {
      pd->problem = g_strdup_printf (_("the member \"%s\" appears twice in one object"), name);
      pd->problem_at.line = json_parser_get_current_line (parser);
      pd->problem_at.column = json_parser_get_current_pos (parser);
    }

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node))
    remember (pd, node, json_parser_get_current_line (parser), json_parser_get_current_pos (parser));
  check_value (parser, pd, node);
}

static void
array_element_cb (JsonParser *parser,
                  JsonArray  *array,
                  gint        index_,
                  ParseData  *pd)
{
  JsonNode *node = json_array_get_element (array, index_);

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node))
    remember (pd, node, json_parser_get_current_line (parser), json_parser_get_current_pos (parser));
  check_value (parser, pd, node);
}

/**
 * acies_json_doc_free:
 * @doc: (nullable): a parsed document
 *
 * Frees the tree and the positions.
 */
void
acies_json_doc_free (AciesJsonDoc *doc)
{
  if (doc == NULL)
    return;

  g_clear_pointer (&doc->root, json_node_unref);
  g_clear_pointer (&doc->positions, g_hash_table_unref);
  g_free (doc->display_name);
  g_free (doc);
}

static char *
rewrite_parse_message (const char *message)
{
  const char *p;

  /* json-glib says "<data>:LINE:COLUMN: Parse error: WHAT".  WHAT may
   * quote the text json-glib decoded: made valid UTF-8 in case it is not
   * (the pre-scan refuses the lone surrogates that would make it so). */
  p = strstr (message, "Parse error: ");
  if (p != NULL)
    p += strlen ("Parse error: ");
  else
    p = message;

  return g_utf8_make_valid (p, -1);
}

static gboolean
parse_message_position (const char *message,
                        guint      *line,
                        guint      *column)
{
  const char *p = strchr (message, ':');
  char *end;
  guint64 l, c;

  if (p == NULL)
    return FALSE;

  l = g_ascii_strtoull (p + 1, &end, 10);
  if (end == p + 1 || *end != ':')
    return FALSE;
  c = g_ascii_strtoull (end + 1, &end, 10);
  if (*end != ':')
    return FALSE;

  *line = (guint) l;
  *column = (guint) c;

  return TRUE;
}

static GHashTable *positions_new (void);

/* Parses @data with json-glib, noting where every node is (the parser's
 * signals) and catching what json-glib lets through (a member given twice,
 * a real that overflows).  The text has passed check_utf8() and prescan()
 * (@scan).  Slow: one signal emission per value; acies_json_doc_parse()
 * takes this path only for a document it must refuse or when a message
 * needs a position (fill_positions()). */
static AciesJsonDoc *
parse_tracked (const char        *data,
               gsize              length,
               const char        *display_name,
               const ScanResult  *scan_result,
               GError           **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(AciesJsonDoc) doc = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GArray) starts = NULL;
  g_autoptr(GHashTable) seen = NULL;
  ParseData pd = { 0 };
  ScanResult scan = *scan_result;

  doc = g_new0 (AciesJsonDoc, 1);
  doc->display_name = g_strdup (display_name);
  doc->positions = positions_new ();
  starts = g_array_new (FALSE, FALSE, sizeof (Position));
  seen = g_hash_table_new (NULL, NULL);

  pd.doc = doc;
  pd.starts = starts;
  pd.seen = seen;

  parser = json_parser_new ();

  g_signal_connect (parser, "object-start", G_CALLBACK (container_start_cb), &pd);
  g_signal_connect (parser, "array-start", G_CALLBACK (container_start_cb), &pd);
  g_signal_connect (parser, "object-end", G_CALLBACK (object_end_cb), &pd);
  g_signal_connect (parser, "array-end", G_CALLBACK (array_end_cb), &pd);
  g_signal_connect (parser, "object-member", G_CALLBACK (object_member_cb), &pd);
  g_signal_connect (parser, "array-element", G_CALLBACK (array_element_cb), &pd);

  if (!json_parser_load_from_data (parser, data, length, &local_error))
    {
      g_autofree char *what = rewrite_parse_message (local_error->message);
      guint line = 0, column = 0;

      g_free (pd.problem);
      if (scan.incomplete)
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE,
                     _("%s:%u:%u: not valid JSON: the file ends before the document is complete (is it truncated?)"),
                     display_name, scan.end_line, scan.end_column);
      else if (parse_message_position (local_error->message, &line, &column))
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE,
                     _("%s:%u:%u: not valid JSON: %s"),
                     display_name, line, column, what);
      else
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE,
                     _("%s: not valid JSON: %s"), display_name, what);
      return NULL;
    }

  if (pd.problem != NULL)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE,
                   "%s:%u:%u: %s", display_name, pd.problem_at.line, pd.problem_at.column, pd.problem);
      g_free (pd.problem);
      return NULL;
    }

  if (json_parser_get_root (parser) == NULL)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE,
                   _("%s:1:1: the file is empty: expected a JSON object"),
                   display_name);
      return NULL;
    }

  doc->root = json_node_ref (json_parser_get_root (parser));

  return g_steal_pointer (&doc);
}

/* Positions, found late.  doc->positions maps each object, array and
 * plain value to its Position; after the fast parse it holds one entry,
 * under &lazy_positions_key, with what it takes to fill it when a message
 * first needs a position: the text, parsed again with parse_tracked(),
 * whose tree has the same shape, walked in step with the first. */

static const char lazy_positions_key = 0;

typedef struct
{
  JsonNode   *root;       /* borrowed: the document's tree */
  ScanResult  scan;
  gsize       length;
  char        text[];
} LazyPositions;

static GHashTable *
positions_new (void)
{
  return g_hash_table_new_full (NULL, NULL, NULL, g_free);
}

static LazyPositions *
lazy_positions_new (const char       *data,
                    gsize             length,
                    JsonNode         *root,
                    const ScanResult *scan)
{
  LazyPositions *lazy = g_malloc (sizeof (LazyPositions) + length + 1);

  lazy->root = root;
  lazy->scan = *scan;
  lazy->length = length;
  memcpy (lazy->text, data, length);
  lazy->text[length] = '\0';
  return lazy;
}

/* Counts the members of every object under @node; FALSE at a real that
 * is not finite (parse_tracked() says where). */
static gboolean
count_members (JsonNode *node,
               guint64  *members)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      JsonNode *member;

      *members += json_object_get_size (json_node_get_object (node));
      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, NULL, &member))
        if (!count_members (member, members))
          return FALSE;
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        if (!count_members (json_array_get_element (array, i), members))
          return FALSE;
    }
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_DOUBLE)
    return isfinite (json_node_get_double (node));

  return TRUE;
}

static gconstpointer
position_key (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    return json_node_get_object (node);
  if (JSON_NODE_HOLDS_ARRAY (node))
    return json_node_get_array (node);
  return node;
}

/* Copies the positions of @twin's tree (@twin_positions) to the nodes of
 * @node's, which has the same shape (the same text parsed twice). */
static void
copy_positions (GHashTable *positions,
                JsonNode   *node,
                GHashTable *twin_positions,
                JsonNode   *twin)
{
  const Position *pos;

  if (JSON_NODE_TYPE (node) != JSON_NODE_TYPE (twin))
    return;
  if ((pos = g_hash_table_lookup (twin_positions, position_key (twin))) != NULL)
    g_hash_table_insert (positions, (gpointer) position_key (node), g_memdup2 (pos, sizeof *pos));

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      JsonObject *twin_object = json_node_get_object (twin);
      JsonObjectIter iter;
      const char *name;
      JsonNode *member, *twin_member;

      json_object_iter_init (&iter, object);
      while (json_object_iter_next (&iter, &name, &member))
        if ((twin_member = json_object_get_member (twin_object, name)) != NULL)
          copy_positions (positions, member, twin_positions, twin_member);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      JsonArray *twin_array = json_node_get_array (twin);

      for (guint i = 0; i < MIN (json_array_get_length (array), json_array_get_length (twin_array)); i++)
        copy_positions (positions, json_array_get_element (array, i),
                        twin_positions, json_array_get_element (twin_array, i));
    }
}

static void
fill_positions (GHashTable *positions)
{
  LazyPositions *lazy = g_hash_table_lookup (positions, &lazy_positions_key);
  g_autoptr(AciesJsonDoc) twin = NULL;

  if (lazy == NULL)
    return;
  twin = parse_tracked (lazy->text, lazy->length, "", &lazy->scan, NULL);
  if (twin != NULL)
    copy_positions (positions, lazy->root, twin->positions, twin->root);
  g_hash_table_remove (positions, &lazy_positions_key);
}

/**
 * acies_json_doc_position:
 * @positions: (nullable): the positions of a parsed document
 * @node: (nullable): a node of that document
 * @line: (out): the line, from 1
 * @column: (out): the column, from 1
 *
 * Finds where @node was in the text: an object or array where it opens,
 * a plain value where it ends.
 *
 * Returns: %TRUE if the position of @node is known
 */
gboolean
acies_json_doc_position (GHashTable *positions,
                         JsonNode   *node,
                         guint      *line,
                         guint      *column)
{
  gconstpointer key;
  const Position *pos;

  if (positions == NULL || node == NULL)
    return FALSE;

  fill_positions (positions);
  key = position_key (node);
  pos = g_hash_table_lookup (positions, key);
  if (pos == NULL)
    return FALSE;

  *line = pos->line;
  *column = pos->column;

  return TRUE;
}

/* The fast reader (issue 21).  json-glib's parser reads every character
 * through its scanner: three quarters of the time taken to load a big
 * scenario.  This reader builds the same json-glib tree from the compact
 * text of prescan() for plain, strict JSON (RFC 8259), and gives up (NULL)
 * at anything else: bad JSON, a member given twice, a real out of range,
 * a raw control character in a string, an empty member name.  The caller
 * then parses with json-glib as before, which accepts or refuses the text
 * and says why: json-glib stays the reference, and this reader only ever
 * accepts what json-glib reads to the same tree. */

typedef struct
{
  const char *p;
  const char *end;
  GString    *text;   /* the decoded string being read */
} FastReader;

static JsonNode *fast_value (FastReader *fr);

/* Reads a string at fr->p (at its opening quote) into fr->text. */
static gboolean
fast_string (FastReader *fr)
{
  const char *p = fr->p + 1;

  g_string_truncate (fr->text, 0);
  for (;;)
    {
      const char *run = p;
      gint unit;

      while (p < fr->end && *p != '"' && *p != '\\' && (guchar) *p >= 0x20)
        p++;
      g_string_append_len (fr->text, run, p - run);
      if (p >= fr->end || (guchar) *p < 0x20)
        return FALSE;
      if (*p == '"')
        break;

      /* An escape; prescan() refused lone surrogates and \u0000. */
      if (p + 1 >= fr->end)
        return FALSE;
      switch (p[1])
        {
        case '"': g_string_append_c (fr->text, '"'); p += 2; continue;
        case '\\': g_string_append_c (fr->text, '\\'); p += 2; continue;
        case '/': g_string_append_c (fr->text, '/'); p += 2; continue;
        case 'b': g_string_append_c (fr->text, '\b'); p += 2; continue;
        case 'f': g_string_append_c (fr->text, '\f'); p += 2; continue;
        case 'n': g_string_append_c (fr->text, '\n'); p += 2; continue;
        case 'r': g_string_append_c (fr->text, '\r'); p += 2; continue;
        case 't': g_string_append_c (fr->text, '\t'); p += 2; continue;
        case 'u': break;
        default: return FALSE;
        }
      unit = read_hex4 (p + 2, fr->end - p - 2);
      if (unit <= 0)
        return FALSE;
      p += 6;
      if (unit >= 0xD800 && unit <= 0xDBFF)
        {
          gint low = p + 1 < fr->end && p[0] == '\\' && p[1] == 'u'
                     ? read_hex4 (p + 2, fr->end - p - 2) : -1;

          if (low < 0xDC00 || low > 0xDFFF)
            return FALSE;
          unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
          p += 6;
        }
      else if (unit >= 0xDC00 && unit <= 0xDFFF)
        return FALSE;
      g_string_append_unichar (fr->text, (gunichar) unit);
    }

  fr->p = p + 1;
  return TRUE;
}

/* A number as RFC 8259 writes it: an integer (a gint64, as json-glib
 * reads it) or a finite real (a double). */
static JsonNode *
fast_number (FastReader *fr)
{
  const char *p = fr->p, *start = fr->p;
  gboolean negative = FALSE, real = FALSE;
  guint64 value = 0;
  guint digits = 0;
  JsonNode *node;

  if (*p == '-')
    {
      negative = TRUE;
      p++;
    }
  if (p >= fr->end || !g_ascii_isdigit (*p) || (*p == '0' && p + 1 < fr->end && g_ascii_isdigit (p[1])))
    return NULL;
  for (; p < fr->end && g_ascii_isdigit (*p); p++, digits++)
    value = value * 10 + (guint64) (*p - '0');
  if (p < fr->end && *p == '.')
    {
      real = TRUE;
      if (++p >= fr->end || !g_ascii_isdigit (*p))
        return NULL;
      while (p < fr->end && g_ascii_isdigit (*p))
        p++;
    }
  if (p < fr->end && (*p == 'e' || *p == 'E'))
    {
      real = TRUE;
      if (++p < fr->end && (*p == '+' || *p == '-'))
        p++;
      if (p >= fr->end || !g_ascii_isdigit (*p))
        return NULL;
      while (p < fr->end && g_ascii_isdigit (*p))
        p++;
    }

  if (real)
    {
      double d = g_ascii_strtod (start, NULL);

      if (!isfinite (d))
        return NULL;
      node = json_node_init_double (json_node_alloc (), d);
    }
  else
    {
      /* prescan() refused integers of more than MAX_INT_DIGITS digits. */
      if (digits > MAX_INT_DIGITS)
        return NULL;
      node = json_node_init_int (json_node_alloc (), negative ? -(gint64) value : (gint64) value);
    }
  fr->p = p;

  return node;
}

static gboolean
fast_literal (FastReader *fr,
              const char *word)
{
  gsize n = strlen (word);

  if ((gsize) (fr->end - fr->p) < n || memcmp (fr->p, word, n) != 0)
    return FALSE;
  fr->p += n;
  return TRUE;
}

static JsonNode *
fast_object (FastReader *fr)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *object = json_object_new ();

  json_node_take_object (node, object);
  fr->p++;
  if (fr->p < fr->end && *fr->p == '}')
    {
      fr->p++;
      return g_steal_pointer (&node);
    }
  for (;;)
    {
      g_autofree char *name = NULL;
      JsonNode *member;

      if (fr->p >= fr->end || *fr->p != '"' || !fast_string (fr) || fr->text->len == 0)
        return NULL;
      if (fr->p >= fr->end || *fr->p != ':')
        return NULL;
      fr->p++;
      name = g_strndup (fr->text->str, fr->text->len);
      if (strlen (name) != fr->text->len || json_object_has_member (object, name) ||
          (member = fast_value (fr)) == NULL)
        return NULL;
      json_node_set_parent (member, node);
      json_object_set_member (object, name, member);
      if (fr->p < fr->end && *fr->p == ',')
        {
          fr->p++;
          continue;
        }
      if (fr->p < fr->end && *fr->p == '}')
        break;
      return NULL;
    }
  fr->p++;

  return g_steal_pointer (&node);
}

static JsonNode *
fast_array (FastReader *fr)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);
  JsonArray *array = json_array_new ();

  json_node_take_array (node, array);
  fr->p++;
  if (fr->p < fr->end && *fr->p == ']')
    {
      fr->p++;
      return g_steal_pointer (&node);
    }
  for (;;)
    {
      JsonNode *element = fast_value (fr);

      if (element == NULL)
        return NULL;
      json_node_set_parent (element, node);
      json_array_add_element (array, element);
      if (fr->p < fr->end && *fr->p == ',')
        {
          fr->p++;
          continue;
        }
      if (fr->p < fr->end && *fr->p == ']')
        break;
      return NULL;
    }
  fr->p++;

  return g_steal_pointer (&node);
}

static JsonNode *
fast_value (FastReader *fr)
{
  if (fr->p >= fr->end)
    return NULL;

  switch (*fr->p)
    {
    case '{':
      return fast_object (fr);
    case '[':
      return fast_array (fr);
    case '"':
      if (!fast_string (fr) || strlen (fr->text->str) != fr->text->len)
        return NULL;
      return json_node_init_string (json_node_alloc (), fr->text->str);
    case 't':
      return fast_literal (fr, "true") ? json_node_init_boolean (json_node_alloc (), TRUE) : NULL;
    case 'f':
      return fast_literal (fr, "false") ? json_node_init_boolean (json_node_alloc (), FALSE) : NULL;
    case 'n':
      return fast_literal (fr, "null") ? json_node_init_null (json_node_alloc ()) : NULL;
    default:
      return fast_number (fr);
    }
}

/* The tree of @compact (prescan()'s copy, blanks out), or NULL when the
 * text is not plain strict JSON: then json-glib reads it. */
static JsonNode *
fast_parse (const char *compact,
            gsize       length)
{
  g_autoptr(GString) text = g_string_sized_new (64);
  FastReader fr = { compact, compact + length, text };
  JsonNode *root = fast_value (&fr);

  if (root != NULL && fr.p != fr.end)
    g_clear_pointer (&root, json_node_unref);

  return root;
}

/**
 * acies_json_doc_parse:
 * @data: JSON text
 * @length: its length in bytes, or -1 if NUL-terminated
 * @display_name: the file name used in messages
 * @error: return location for an error
 *
 * Parses @data, refusing what json-glib would let through: invalid UTF-8,
 * an empty document, a member given twice in one object, numbers that
 * do not fit (integers of more than 18 digits, reals that overflow), and
 * \u escapes of lone UTF-16 surrogates ("\ud800" alone).  Objects and
 * arrays nested more than 64 deep and more than %ACIES_MAX_JSON_VALUES
 * values are refused before json-glib sees the text.  Every error is
 * %ACIES_ENGINE_ERROR_PARSE (or _TOO_LARGE for numbers, nesting and the
 * value count) with a message "FILE:LINE:COLUMN: what".
 *
 * Returns: (transfer full) (nullable): the document with node positions
 */
AciesJsonDoc *
acies_json_doc_parse (const char  *data,
                      gssize       length,
                      const char  *display_name,
                      GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *compact = NULL;
  gsize compact_length = 0;
  AciesJsonDoc *doc;
  JsonNode *root;
  ScanResult scan = { 0 };
  guint64 members = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (display_name == NULL)
    display_name = "<data>";
  if (data == NULL)
    data = "";
  if (length < 0)
    length = strlen (data);

  if (!check_utf8 (data, length, display_name, error))
    return NULL;

  compact = g_malloc (length + 1);
  if (!prescan (data, length, display_name, &scan, compact, &compact_length, error))
    return NULL;

  if (scan.empty)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_PARSE,
                   _("%s:1:1: the file is empty: expected a JSON object"),
                   display_name);
      return NULL;
    }

  /* The fast paths (issue 21): fast_parse() for plain strict JSON, else
   * json-glib alone, without a signal per value.  Whatever json-glib must
   * refuse (bad JSON, a member given twice: fewer members in the tree than
   * the text holds, a real that overflows) is parsed again by
   * parse_tracked(), which says where; positions are found only when a
   * message asks for one (fill_positions()). */
  root = fast_parse (compact, compact_length);
  if (root == NULL)
    {
      parser = json_parser_new ();
      if (!json_parser_load_from_data (parser, compact, compact_length, NULL)
          || json_parser_get_root (parser) == NULL
          || !count_members (json_parser_get_root (parser), &members)
          || members != scan.members)
        return parse_tracked (data, length, display_name, &scan, error);
      root = json_node_ref (json_parser_get_root (parser));
    }

  doc = g_new0 (AciesJsonDoc, 1);
  doc->display_name = g_strdup (display_name);
  doc->root = root;
  doc->positions = positions_new ();
  g_hash_table_insert (doc->positions, (gpointer) &lazy_positions_key,
                       lazy_positions_new (data, length, doc->root, &scan));

  return doc;
}

/**
 * acies_json_parse:
 * @data: JSON text
 * @length: its length in bytes, or -1 if NUL-terminated
 * @display_name: (nullable): the file name used in messages
 * @error: return location for an error
 *
 * Parses JSON text with the checks of every Acies reader (UTF-8, empty
 * file, duplicate members, numbers out of range); errors are
 * %ACIES_ENGINE_ERROR_PARSE with "FILE:LINE:COLUMN: what".
 *
 * Returns: (transfer full) (nullable): the root node
 */
JsonNode *
acies_json_parse (const char  *data,
                  gssize       length,
                  const char  *display_name,
                  GError     **error)
{
  g_autoptr(AciesJsonDoc) doc = acies_json_doc_parse (data, length, display_name, error);

  if (doc == NULL)
    return NULL;

  return g_steal_pointer (&doc->root);
}

/* Files */

static char *
format_size (guint64 size)
{
  return g_format_size_full (size, G_FORMAT_SIZE_DEFAULT);
}

/**
 * acies_file_read_text:
 * @file: a file
 * @length: (out) (optional): the length in bytes
 * @error: return location for an error
 *
 * Reads a whole file for a reader of Acies files.  Anything but a regular
 * file (a folder, a pipe, a device, a socket) is refused before it is
 * opened, so reading never waits for a writer.  A file larger than
 * %ACIES_MAX_FILE_SIZE is refused (%ACIES_ENGINE_ERROR_TOO_LARGE) before
 * it is read, and reading stops at the limit in case the file grows.
 * The text is not checked here: acies_json_doc_parse() and
 * acies_json_parse(), which every reader goes through, refuse text that
 * is not UTF-8 (%ACIES_ENGINE_ERROR_PARSE, with the line, column and byte
 * offset).  I/O failures are %ACIES_ENGINE_ERROR_IO.
 *
 * Returns: (transfer full) (nullable): the NUL-terminated contents
 */
char *
acies_file_read_text (GFile   *file,
                      gsize   *length,
                      GError **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GByteArray) bytes = NULL;
  g_autofree char *name = NULL;
  guint8 buffer[65536];

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = g_file_get_parse_name (file);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                            G_FILE_ATTRIBUTE_STANDARD_SYMLINK_TARGET,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      /* GIO's own message names the file again ("Error when getting
       * information for file …"): the common causes in words of ours. */
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                     /* TRANSLATORS: %s: a file's name. */
                     _("%s: cannot read the file: there is no such file"), name);
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                     /* TRANSLATORS: %s: a file's name. */
                     _("%s: cannot read the file: permission denied"), name);
      else
        g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                     _("%s: cannot read the file: %s"), name, local_error->message);
      return NULL;
    }

  switch (g_file_info_get_file_type (info))
    {
    case G_FILE_TYPE_DIRECTORY:
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                   _("%s: cannot read the file: it is a folder"), name);
      return NULL;
    case G_FILE_TYPE_REGULAR:
    case G_FILE_TYPE_UNKNOWN:   /* some GIO back-ends say no more */
      break;
    case G_FILE_TYPE_SYMBOLIC_LINK:
      /* GIO follows links: a link still reported as one points nowhere,
       * or into a loop of links (a.acies → b.acies → a.acies), which
       * opening it tells (ELOOP). */
      {
        g_autoptr(GError) open_error = NULL;
        g_autoptr(GFileInputStream) opened = g_file_read (file, NULL, &open_error);

        /* GIO says ELOOP as G_IO_ERROR_TOO_MANY_LINKS. */
        if (g_error_matches (open_error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS))
          {
            g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                         /* TRANSLATORS: %s: a file's name; %s: where its link points. */
                         _("%s: cannot read the file: it is a link to %s, in a loop of links that never reaches a file"),
                         name,
                         g_file_info_get_symlink_target (info) != NULL ? g_file_info_get_symlink_target (info) : "?");
            return NULL;
          }
      }
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                   /* TRANSLATORS: %s: a file's name; %s: where its link points. */
                   _("%s: cannot read the file: it is a link to %s, which does not exist"), name,
                   g_file_info_get_symlink_target (info) != NULL ? g_file_info_get_symlink_target (info) : "?");
      return NULL;
    default:
      /* A pipe, a device or a socket: opening a FIFO waits for a writer
       * forever, and a device never ends (issue 20). */
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                   _("%s: cannot read the file: it is not a regular file (a pipe, a device or a socket)"), name);
      return NULL;
    }

  if (g_file_info_get_size (info) > ACIES_MAX_FILE_SIZE)
    {
      g_autofree char *size = format_size (g_file_info_get_size (info));
      g_autofree char *limit = format_size (ACIES_MAX_FILE_SIZE);

      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                   _("%s: the file is too large (%s); Acies reads files of up to %s"),
                   name, size, limit);
      return NULL;
    }

  stream = g_file_read (file, NULL, &local_error);
  if (stream == NULL)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                   _("%s: cannot read the file: %s"), name, local_error->message);
      return NULL;
    }

  bytes = g_byte_array_sized_new (MIN (g_file_info_get_size (info), ACIES_MAX_FILE_SIZE) + 1);
  for (;;)
    {
      gssize n = g_input_stream_read (G_INPUT_STREAM (stream), buffer, sizeof buffer, NULL, &local_error);

      if (n < 0)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_IO,
                       _("%s: cannot read the file: %s"), name, local_error->message);
          return NULL;
        }
      if (n == 0)
        break;

      g_byte_array_append (bytes, buffer, n);
      if (bytes->len > ACIES_MAX_FILE_SIZE)
        {
          g_autofree char *limit = format_size (ACIES_MAX_FILE_SIZE);

          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_TOO_LARGE,
                       _("%s: the file is too large (more than %s); Acies reads files of up to %s"),
                       name, limit, limit);
          return NULL;
        }
    }

  /* Not checked for UTF-8 here: every reader parses the text with
   * acies_json_doc_parse(), which refuses what is not UTF-8 with the
   * line and column; one pass over 16 MiB is enough (issue 21). */
  if (length != NULL)
    *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);

  return (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
}

/* The checked reader */

/**
 * acies_json_reader_init:
 * @reader: a reader to set up
 * @positions: (nullable): the positions of the document read
 * @display_name: the file name used in messages
 *
 * Prepares @reader; its first error is kept in @reader->error.  A %NULL
 * @display_name is "<data>"; an empty one leaves the file out of the
 * errors, for callers whose paths name the file already
 * ("grass-crown.json: $.tables[1]").
 */
void
acies_json_reader_init (AciesJsonReader *reader,
                        GHashTable      *positions,
                        const char      *display_name)
{
  reader->display_name = display_name != NULL ? display_name : "<data>";
  reader->positions = positions;
  reader->error = NULL;
}

/**
 * acies_json_reader_fail:
 * @reader: a reader
 * @near: (nullable): the offending node, or the nearest one known
 * @path: the JSON path of the offending value
 * @code: an #AciesEngineError code
 * @format: what is wrong
 * @...: arguments for @format
 *
 * Records an error "FILE:LINE:COLUMN: PATH: what" unless one is recorded
 * already.
 *
 * Returns: %FALSE, always, to return from the caller
 */
gboolean
acies_json_reader_fail (AciesJsonReader *reader,
                        JsonNode        *near,
                        const char      *path,
                        gint             code,
                        const char      *format,
                        ...)
{
  g_autofree char *what = NULL;
  guint line, column;
  va_list args;

  if (reader->error != NULL)
    return FALSE;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);

  if (*reader->display_name == '\0')
    reader->error = g_error_new (ACIES_ENGINE_ERROR, code, "%s: %s", path, what);
  else if (acies_json_doc_position (reader->positions, near, &line, &column))
    reader->error = g_error_new (ACIES_ENGINE_ERROR, code, "%s:%u:%u: %s: %s",
                                 reader->display_name, line, column, path, what);
  else
    reader->error = g_error_new (ACIES_ENGINE_ERROR, code, "%s: %s: %s",
                                 reader->display_name, path, what);

  return FALSE;
}

/**
 * acies_json_type_name:
 * @node: (nullable): a JSON node
 *
 * Returns: the kind of value @node holds, as a message names it after
 *   "got": "nothing" (absent), "null", "an object", "an array", "a string",
 *   "a boolean", "an integer", "a number"
 */
const char *
acies_json_type_name (JsonNode *node)
{
  if (node == NULL)
    return "nothing";
  if (JSON_NODE_HOLDS_NULL (node))
    return "null";
  if (JSON_NODE_HOLDS_OBJECT (node))
    return "an object";
  if (JSON_NODE_HOLDS_ARRAY (node))
    return "an array";

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return "a string";
    case G_TYPE_BOOLEAN:
      return "a boolean";
    case G_TYPE_INT64:
      return "an integer";
    case G_TYPE_DOUBLE:
      return "a number";
    default:
      return "a value";
    }
}

/* @text, or its first MAX_QUOTE_CHARS characters and "…" (without
 * measuring all of a text that may be megabytes long). */
static char *
quote_head (const char *text)
{
  const char *p = text;
  g_autofree char *head = NULL;

  for (guint n = 0; n < MAX_QUOTE_CHARS && *p != '\0'; n++)
    p = g_utf8_next_char (p);
  if (*p == '\0')
    return g_strdup (text);

  head = g_strndup (text, p - text);
  return g_strconcat (head, "…", NULL);
}

/**
 * acies_json_describe:
 * @node: (nullable): a JSON node
 *
 * Returns: (transfer full): @node as a message shows it after "got":
 *   12, "abc", true, null, an object, an array
 */
char *
acies_json_describe (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return g_strdup ("null");
  if (JSON_NODE_HOLDS_OBJECT (node))
    return g_strdup (_("an object"));
  if (JSON_NODE_HOLDS_ARRAY (node))
    return g_strdup (_("an array"));

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
    case G_TYPE_DOUBLE:
      return g_strdup_printf ("%g", json_node_get_double (node));
    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (node) ? "true" : "false");
    case G_TYPE_STRING:
      {
        g_autofree char *shown = quote_head (json_node_get_string (node));

        return g_strdup_printf ("\"%s\"", shown);
      }
    default:
      return g_strdup (_("a value"));
    }
}

static gboolean
is_identifier (const char *name)
{
  if (name[0] == '\0' || !(g_ascii_isalpha (name[0]) || name[0] == '_'))
    return FALSE;

  for (const char *p = name; *p != '\0'; p++)
    if (!(g_ascii_isalnum (*p) || *p == '_'))
      return FALSE;

  return TRUE;
}

/**
 * acies_json_path_member:
 * @path: a JSON path ("$.units[3]")
 * @name: a member name
 *
 * Returns: (transfer full): "$.units[3].name", or "$.map.terrain['0215']"
 *   when @name is not an identifier
 */
char *
acies_json_path_member (const char *path,
                        const char *name)
{
  GString *out;

  if (is_identifier (name))
    return g_strconcat (path, ".", name, NULL);

  out = g_string_new (path);
  g_string_append (out, "['");
  for (const char *p = name; *p != '\0'; p++)
    {
      if (*p == '\'' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  g_string_append (out, "']");

  return g_string_free (out, FALSE);
}

/**
 * acies_json_path_index:
 * @path: a JSON path
 * @index: an array index
 *
 * Returns: (transfer full): "PATH[INDEX]"
 */
char *
acies_json_path_index (const char *path,
                       guint       index)
{
  char digits[16];
  char *p = digits + sizeof digits - 1;

  /* Without printf: one per element of every array read (issue 21). */
  *p = '\0';
  do
    *--p = (char) ('0' + index % 10);
  while ((index /= 10) > 0);

  return g_strconcat (path, "[", p, "]", NULL);
}

/**
 * acies_json_member:
 * @object_node: a node holding an object
 * @name: a member name
 *
 * Returns: (transfer none) (nullable): the member, or %NULL when it is
 *   absent or null (the file format treats both the same)
 */
JsonNode *
acies_json_member (JsonNode   *object_node,
                   const char *name)
{
  JsonNode *member;

  if (object_node == NULL || !JSON_NODE_HOLDS_OBJECT (object_node))
    return NULL;

  member = json_object_get_member (json_node_get_object (object_node), name);
  if (member == NULL || JSON_NODE_HOLDS_NULL (member))
    return NULL;

  return member;
}

JsonObject *
acies_json_reader_object (AciesJsonReader *reader,
                          JsonNode        *node,
                          const char      *path)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *got = acies_json_describe (node);

      acies_json_reader_fail (reader, node, path, ACIES_ENGINE_ERROR_FORMAT,
                              _("expected an object, got %s"), got);
      return NULL;
    }

  return json_node_get_object (node);
}

JsonArray *
acies_json_reader_array (AciesJsonReader *reader,
                         JsonNode        *node,
                         const char      *path,
                         guint            max_length)
{
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_autofree char *got = acies_json_describe (node);

      acies_json_reader_fail (reader, node, path, ACIES_ENGINE_ERROR_FORMAT,
                              _("expected an array, got %s"), got);
      return NULL;
    }

  array = json_node_get_array (node);
  if (json_array_get_length (array) > max_length)
    {
      acies_json_reader_fail (reader, node, path, ACIES_ENGINE_ERROR_TOO_LARGE,
                              _("too many elements: %u, at most %u are allowed"),
                              json_array_get_length (array), max_length);
      return NULL;
    }

  return array;
}

/**
 * acies_json_reader_members:
 * @reader: a reader
 * @object_node: a node holding an object
 * @path: its path
 * @allowed: the member names allowed, %NULL-terminated
 *
 * Refuses members that are not in @allowed, so that a typo is not lost.
 *
 * Returns: %FALSE on an unknown member
 */
gboolean
acies_json_reader_members (AciesJsonReader    *reader,
                           JsonNode           *object_node,
                           const char         *path,
                           const char * const *allowed)
{
  JsonObject *object = acies_json_reader_object (reader, object_node, path);
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;
  guint known = 0;

  if (object == NULL)
    return FALSE;

  /* As many members as allowed names found: none is unknown (a lookup per
   * allowed name, not a scan of the names per member: issue 21). */
  for (guint i = 0; allowed[i] != NULL; i++)
    known += json_object_has_member (object, allowed[i]);
  if (known == json_object_get_size (object))
    return TRUE;

  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    {
      if (!g_strv_contains (allowed, name))
        {
          /* A name can be megabytes long: the message quotes its start. */
          g_autofree char *shown = quote_head (name);
          g_autofree char *member_path = acies_json_path_member (path, shown);
          g_autofree char *expected = g_strjoinv (", ", (char **) allowed);

          return acies_json_reader_fail (reader, member, member_path, ACIES_ENGINE_ERROR_FORMAT,
                                         _("unknown member \"%s\" (expected one of: %s)"),
                                         shown, expected);
        }
    }

  return TRUE;
}

gboolean
acies_json_reader_string (AciesJsonReader  *reader,
                          JsonNode         *node,
                          const char       *path,
                          char            **out)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_autofree char *got = acies_json_describe (node);

      return acies_json_reader_fail (reader, node, path, ACIES_ENGINE_ERROR_FORMAT,
                                     _("expected a string, got %s"), got);
    }

  g_free (*out);
  *out = g_strdup (json_node_get_string (node));

  return TRUE;
}

gboolean
acies_json_reader_int (AciesJsonReader *reader,
                       JsonNode        *node,
                       const char      *path,
                       gint64           min,
                       gint64           max,
                       gint64          *out)
{
  gint64 value;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_autofree char *got = acies_json_describe (node);

      return acies_json_reader_fail (reader, node, path, ACIES_ENGINE_ERROR_FORMAT,
                                     _("expected an integer from %lld to %lld, got %s"),
                                     (long long) min, (long long) max, got);
    }

  value = json_node_get_int (node);
  if (value < min || value > max)
    return acies_json_reader_fail (reader, node, path, ACIES_ENGINE_ERROR_FORMAT,
                                   _("expected an integer from %lld to %lld, got %lld"),
                                   (long long) min, (long long) max, (long long) value);

  *out = value;

  return TRUE;
}

/**
 * acies_json_reader_get_string:
 * @reader: a reader
 * @object_node: a node holding an object
 * @path: the object's path
 * @name: the member
 * @required: whether a missing (or null) member is an error
 * @out: (inout): replaced by a copy of the string when the member is there
 *
 * Returns: %FALSE on error
 */
gboolean
acies_json_reader_get_string (AciesJsonReader  *reader,
                              JsonNode         *object_node,
                              const char       *path,
                              const char       *name,
                              gboolean          required,
                              char            **out)
{
  JsonNode *member = acies_json_member (object_node, name);
  g_autofree char *member_path = NULL;

  /* The path is made only for a message (issue 21). */
  if (member != NULL && JSON_NODE_HOLDS_VALUE (member) && json_node_get_value_type (member) == G_TYPE_STRING)
    {
      g_free (*out);
      *out = g_strdup (json_node_get_string (member));
      return TRUE;
    }

  member_path = acies_json_path_member (path, name);
  if (member == NULL)
    {
      if (required)
        return acies_json_reader_fail (reader, object_node, member_path, ACIES_ENGINE_ERROR_FORMAT,
                                       _("missing: expected a string"));
      return TRUE;
    }

  return acies_json_reader_string (reader, member, member_path, out);
}

/**
 * acies_json_reader_get_int:
 * @reader: a reader
 * @object_node: a node holding an object
 * @path: the object's path
 * @name: the member
 * @required: whether a missing (or null) member is an error
 * @min: the smallest value allowed
 * @max: the largest value allowed
 * @out: (inout): set when the member is there
 *
 * Returns: %FALSE on error
 */
gboolean
acies_json_reader_get_int (AciesJsonReader *reader,
                           JsonNode        *object_node,
                           const char      *path,
                           const char      *name,
                           gboolean         required,
                           gint64           min,
                           gint64           max,
                           gint64          *out)
{
  JsonNode *member = acies_json_member (object_node, name);
  g_autofree char *member_path = NULL;

  /* The path is made only for a message (issue 21). */
  if (member == NULL && !required)
    return TRUE;
  if (member != NULL && JSON_NODE_HOLDS_VALUE (member) && json_node_get_value_type (member) == G_TYPE_INT64 &&
      json_node_get_int (member) >= min && json_node_get_int (member) <= max)
    {
      *out = json_node_get_int (member);
      return TRUE;
    }

  member_path = acies_json_path_member (path, name);
  if (member == NULL)
    return acies_json_reader_fail (reader, object_node, member_path, ACIES_ENGINE_ERROR_FORMAT,
                                   _("missing: expected an integer from %lld to %lld"),
                                   (long long) min, (long long) max);

  return acies_json_reader_int (reader, member, member_path, min, max, out);
}

static JsonNode *
missing_or (AciesJsonReader *reader,
            JsonNode        *object_node,
            const char      *path,
            const char      *name,
            gboolean         required,
            const char      *what,
            char           **member_path)
{
  JsonNode *member = acies_json_member (object_node, name);

  *member_path = acies_json_path_member (path, name);
  if (member == NULL && required)
    acies_json_reader_fail (reader, object_node, *member_path, ACIES_ENGINE_ERROR_FORMAT,
                            _("missing: expected %s"), what);
  return member;
}

/**
 * acies_json_reader_get_object:
 * @reader: a reader
 * @object_node: a node holding an object
 * @path: the object's path
 * @name: the member
 * @required: whether a missing (or null) member is an error
 * @out: (out) (transfer none): the member's node, or %NULL when absent
 *
 * Returns: %FALSE on error
 */
gboolean
acies_json_reader_get_object (AciesJsonReader  *reader,
                              JsonNode         *object_node,
                              const char       *path,
                              const char       *name,
                              gboolean          required,
                              JsonNode        **out)
{
  g_autofree char *member_path = NULL;
  JsonNode *member = missing_or (reader, object_node, path, name, required, _("an object"), &member_path);

  *out = NULL;
  if (member == NULL)
    return !required;
  if (acies_json_reader_object (reader, member, member_path) == NULL)
    return FALSE;
  *out = member;
  return TRUE;
}

/**
 * acies_json_reader_get_array:
 * @reader: a reader
 * @object_node: a node holding an object
 * @path: the object's path
 * @name: the member
 * @required: whether a missing (or null) member is an error
 * @max_length: the most elements allowed
 * @out: (out) (transfer none): the array, or %NULL when absent
 *
 * Returns: %FALSE on error
 */
gboolean
acies_json_reader_get_array (AciesJsonReader  *reader,
                             JsonNode         *object_node,
                             const char       *path,
                             const char       *name,
                             gboolean          required,
                             guint             max_length,
                             JsonArray       **out)
{
  g_autofree char *member_path = NULL;
  JsonNode *member = missing_or (reader, object_node, path, name, required, _("an array"), &member_path);

  *out = NULL;
  if (member == NULL)
    return !required;
  *out = acies_json_reader_array (reader, member, member_path, max_length);
  return *out != NULL;
}

/**
 * acies_json_reader_bool:
 * @reader: a reader
 * @node: a node
 * @path: its path
 * @out: (out): the value
 *
 * Returns: %FALSE when @node is not true or false
 */
gboolean
acies_json_reader_bool (AciesJsonReader *reader,
                        JsonNode        *node,
                        const char      *path,
                        gboolean        *out)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      g_autofree char *got = acies_json_describe (node);

      return acies_json_reader_fail (reader, node, path, ACIES_ENGINE_ERROR_FORMAT,
                                     _("expected true or false, got %s"), got);
    }

  *out = json_node_get_boolean (node);
  return TRUE;
}

/**
 * acies_json_reader_get_bool:
 * @reader: a reader
 * @object_node: a node holding an object
 * @path: the object's path
 * @name: the member, optional
 * @out: (inout): set when the member is there
 *
 * Returns: %FALSE on error
 */
gboolean
acies_json_reader_get_bool (AciesJsonReader *reader,
                            JsonNode        *object_node,
                            const char      *path,
                            const char      *name,
                            gboolean        *out)
{
  g_autofree char *member_path = NULL;
  JsonNode *member = missing_or (reader, object_node, path, name, FALSE, NULL, &member_path);

  return member == NULL || acies_json_reader_bool (reader, member, member_path, out);
}

/**
 * acies_json_reader_choice:
 * @reader: a reader
 * @node: a node
 * @path: its path
 * @values: the strings allowed, %NULL-terminated
 * @out: (out): the index in @values of @node's string
 *
 * Returns: %FALSE when @node is not one of @values
 */
gboolean
acies_json_reader_choice (AciesJsonReader    *reader,
                          JsonNode           *node,
                          const char         *path,
                          const char * const *values,
                          gint               *out)
{
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;

  if (!acies_json_reader_string (reader, node, path, &text))
    return FALSE;

  for (gint i = 0; values[i] != NULL; i++)
    if (g_str_equal (values[i], text))
      {
        *out = i;
        return TRUE;
      }

  expected = g_strjoinv ("\", \"", (char **) values);
  got = acies_json_describe (node);

  return acies_json_reader_fail (reader, node, path, ACIES_ENGINE_ERROR_FORMAT,
                                 _("expected one of \"%s\", got %s"), expected, got);
}

/**
 * acies_json_reader_get_choice:
 * @reader: a reader
 * @object_node: a node holding an object
 * @path: the object's path
 * @name: the member
 * @required: whether a missing (or null) member is an error
 * @values: the strings allowed, %NULL-terminated
 * @out: (inout): the index in @values, set when the member is there
 *
 * Returns: %FALSE on error
 */
gboolean
acies_json_reader_get_choice (AciesJsonReader    *reader,
                              JsonNode           *object_node,
                              const char         *path,
                              const char         *name,
                              gboolean            required,
                              const char * const *values,
                              gint               *out)
{
  g_autofree char *member_path = NULL;
  g_autofree char *list = g_strjoinv ("\", \"", (char **) values);
  g_autofree char *what = g_strdup_printf (_("one of \"%s\""), list);
  JsonNode *member = missing_or (reader, object_node, path, name, required, what, &member_path);

  if (member == NULL)
    return !required;
  return acies_json_reader_choice (reader, member, member_path, values, out);
}

/**
 * acies_json_reader_get_strv:
 * @reader: a reader
 * @object_node: a node holding an object
 * @path: the object's path
 * @name: the member, an optional array of strings
 * @unique: whether a string may appear only once
 * @out: (out) (transfer full): the strings, or %NULL when absent
 *
 * Returns: %FALSE on error
 */
gboolean
acies_json_reader_get_strv (AciesJsonReader  *reader,
                            JsonNode         *object_node,
                            const char       *path,
                            const char       *name,
                            gboolean          unique,
                            GStrv            *out)
{
  g_autofree char *member_path = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();
  JsonNode *member = missing_or (reader, object_node, path, name, FALSE, NULL, &member_path);
  JsonArray *array;

  *out = NULL;
  if (member == NULL)
    return TRUE;
  if ((array = acies_json_reader_array (reader, member, member_path, G_MAXUINT)) == NULL)
    return FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *element_path = acies_json_path_index (member_path, i);
      g_autofree char *text = NULL;

      if (!acies_json_reader_string (reader, element, element_path, &text))
        return FALSE;
      if (unique && g_ptr_array_find_with_equal_func (seen, text, g_str_equal, NULL))
        return acies_json_reader_fail (reader, element, element_path, ACIES_ENGINE_ERROR_FORMAT,
                                       _("\"%s\" appears twice"), text);
      g_ptr_array_add (seen, (gpointer) json_node_get_string (element));
      g_strv_builder_add (builder, text);
    }

  *out = g_strv_builder_end (builder);
  return TRUE;
}

/**
 * acies_json_is_colour:
 * @text: a string
 *
 * Returns: whether @text is a colour "#rrggbb"
 */
gboolean
acies_json_is_colour (const char *text)
{
  if (text == NULL || strlen (text) != 7 || text[0] != '#')
    return FALSE;

  for (guint i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;

  return TRUE;
}

/**
 * acies_json_reader_get_colour:
 * @reader: a reader
 * @object_node: a node holding an object
 * @path: the object's path
 * @name: the member
 * @required: whether a missing (or null) member is an error
 * @out: (inout): replaced by the colour when the member is there
 *
 * Returns: %FALSE on error, or when the member is not "#rrggbb"
 */
gboolean
acies_json_reader_get_colour (AciesJsonReader  *reader,
                              JsonNode         *object_node,
                              const char       *path,
                              const char       *name,
                              gboolean          required,
                              char            **out)
{
  g_autofree char *member_path = NULL;
  JsonNode *member = missing_or (reader, object_node, path, name, required, _("a colour \"#rrggbb\""), &member_path);

  if (member == NULL)
    return !required;
  if (!acies_json_reader_string (reader, member, member_path, out))
    return FALSE;
  if (!acies_json_is_colour (*out))
    {
      g_autofree char *got = acies_json_describe (member);

      return acies_json_reader_fail (reader, member, member_path, ACIES_ENGINE_ERROR_FORMAT,
                                     _("expected a colour \"#rrggbb\", got %s"), got);
    }
  return TRUE;
}
