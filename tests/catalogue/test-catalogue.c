/* test-catalogue.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-catalogue"

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "acies-error.h"
#include "geometry/acies-board.h"
#include "model/acies-scenario.h"
#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-table.h"

static AciesCatalogue *
load_source_catalogue (const char  *id,
                       GError     **error)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "rulesets", id, NULL);
  g_autofree char *file_name = g_strconcat (path, ".json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (file_name);

  return acies_catalogue_load (file, error);
}

/* Every bundled catalogue loads, from the source tree and from the
 * GResource, and the bundled cache hands out one object per id. */
static void
test_bundled_load (void)
{
  const char * const *ids = acies_catalogue_list_bundled ();

  g_assert_cmpuint (g_strv_length ((char **) ids), ==, 5);
  g_assert_true (g_strv_contains (ids, "grass-crown"));
  g_assert_true (g_strv_contains (ids, "lost-battles"));

  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AciesCatalogue) catalogue = load_source_catalogue (ids[i], &error);
      AciesCatalogue *bundled;

      g_test_message ("catalogue %s", ids[i]);
      g_assert_no_error (error);
      g_assert_nonnull (catalogue);
      g_assert_cmpstr (catalogue->id, ==, ids[i]);
      g_assert_cmpuint (catalogue->terrain->len, >, 0);
      g_assert_cmpuint (catalogue->unit_types->len, >, 0);
      g_assert_nonnull (acies_catalogue_find_terrain (catalogue, catalogue->default_terrain));

      bundled = acies_catalogue_get_bundled (ids[i]);
      g_assert_nonnull (bundled);
      g_assert_true (bundled == acies_catalogue_get_bundled (ids[i]));
      g_assert_cmpstr (bundled->id, ==, ids[i]);
      g_assert_cmpuint (bundled->tables->len, ==, catalogue->tables->len);
    }

  g_assert_null (acies_catalogue_get_bundled ("no-such-ruleset"));
}

/* Every table cell of every catalogue has a source; rulebook cells have a
 * section. */
static void
test_table_sources (void)
{
  const char * const *ids = acies_catalogue_list_bundled ();

  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AciesCatalogue) catalogue = load_source_catalogue (ids[i], &error);

      g_assert_no_error (error);

      for (guint t = 0; t < catalogue->tables->len; t++)
        {
          const AciesTable *table = g_ptr_array_index (catalogue->tables, t);

          for (guint r = 0; r < table->rows->len; r++)
            for (guint c = 0; c < table->columns->len; c++)
              {
                const AciesTableCell *cell = acies_table_get (table, r, c);

                g_assert_nonnull (cell);
                g_assert_nonnull (cell->value);
                g_assert_true (cell->source == ACIES_SOURCE_RULEBOOK ||
                               cell->source == ACIES_SOURCE_DERIVED ||
                               cell->source == ACIES_SOURCE_PROVISIONAL ||
                               cell->source == ACIES_SOURCE_PUBLISHED);
                if (cell->source == ACIES_SOURCE_RULEBOOK)
                  {
                    if (cell->section == NULL || *cell->section == '\0')
                      g_error ("%s: table %s cell %s/%s is rulebook without a section",
                               ids[i], table->id,
                               (char *) g_ptr_array_index (table->rows, r),
                               (char *) g_ptr_array_index (table->columns, c));
                  }
                if (cell->source == ACIES_SOURCE_DERIVED || cell->source == ACIES_SOURCE_PUBLISHED)
                  g_assert_nonnull (cell->section);
              }
        }
    }
}

static const char *
cell_string (const AciesTable *table,
             const char       *row,
             const char       *column)
{
  const AciesTableCell *cell = acies_table_lookup (table, row, column);

  g_assert_nonnull (cell);
  return json_node_get_string (cell->value);
}

/* GC 9.3: the printed rows of the Combat Results Table.  Typed from the
 * book, grass-crown.txt, 9.3 ("Combat Class -2 -1 0 1 2 3 4 5 6 7 8+"):
 *   ★  DE DE DE DX DX DX DX EX EX EX AX
 *   A  DE DE DX DX DX DX EX              (columns 5..8+ not printed) */
static void
test_gc_crt_printed (void)
{
  static const char * const columns[] = { "-2", "-1", "0", "1", "2", "3", "4", "5", "6", "7", "8+" };
  static const char * const star[] = { "DE", "DE", "DE", "DX", "DX", "DX", "DX", "EX", "EX", "EX", "AX" };
  static const char * const a[] = { "DE", "DE", "DX", "DX", "DX", "DX", "EX" };
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");
  const AciesTable *crt;

  g_assert_nonnull (catalogue);
  crt = acies_catalogue_find_table (catalogue, "crt");
  g_assert_nonnull (crt);
  g_assert_cmpuint (crt->columns->len, ==, G_N_ELEMENTS (columns));

  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      const AciesTableCell *cell = acies_table_lookup (crt, "*", columns[c]);

      g_assert_nonnull (cell);
      g_assert_cmpstr (json_node_get_string (cell->value), ==, star[c]);
      g_assert_cmpint (cell->source, ==, ACIES_SOURCE_RULEBOOK);
      g_assert_cmpstr (cell->section, ==, "9.3");
    }

  for (guint c = 0; c < G_N_ELEMENTS (a); c++)
    {
      const AciesTableCell *cell = acies_table_lookup (crt, "A", columns[c]);

      g_assert_cmpstr (json_node_get_string (cell->value), ==, a[c]);
      g_assert_cmpint (cell->source, ==, ACIES_SOURCE_RULEBOOK);
    }

  /* Not printed: A 5..8+ and rows B, C, D are derived or provisional. */
  for (guint c = G_N_ELEMENTS (a); c < G_N_ELEMENTS (columns); c++)
    g_assert_cmpint (acies_table_lookup (crt, "A", columns[c])->source, !=, ACIES_SOURCE_RULEBOOK);
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      g_assert_cmpint (acies_table_lookup (crt, "B", columns[c])->source, !=, ACIES_SOURCE_RULEBOOK);
      g_assert_cmpint (acies_table_lookup (crt, "D", columns[c])->source, !=, ACIES_SOURCE_RULEBOOK);
    }

  /* Heraclea, Laevinus turn 7: "The final roll on the 'B' row is '3': EX." */
  g_assert_cmpstr (cell_string (crt, "B", "3"), ==, "EX");
  g_assert_cmpint (acies_table_lookup (crt, "B", "3")->source, ==, ACIES_SOURCE_DERIVED);
  /* Heraclea, Pyrrhus turn 5: A/3 = DX and A/4 = EX, printed cells. */
  g_assert_cmpstr (cell_string (crt, "A", "3"), ==, "DX");
  g_assert_cmpstr (cell_string (crt, "A", "4"), ==, "EX");
}

static gint
gc_result_rank (const char *result)
{
  /* Best for the attacker first. */
  static const char * const order[] = { "DE", "DX", "EX", "AX", "AA" };

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (g_strcmp0 (order[i], result) == 0)
      return i;

  g_error ("unknown Grass Crown combat result %s", result);
  return -1;
}

/* GC 9.3: the whole table, provisional cells included, keeps the book's
 * direction: never worse with a lower roll or a better class. */
static void
test_gc_crt_direction (void)
{
  const AciesTable *crt = acies_catalogue_find_table (acies_catalogue_get_bundled ("grass-crown"), "crt");

  g_assert_cmpuint (crt->rows->len, ==, 5);
  for (guint r = 0; r < crt->rows->len; r++)
    for (guint c = 0; c < crt->columns->len; c++)
      {
        gint here = gc_result_rank (json_node_get_string (acies_table_get (crt, r, c)->value));

        if (c > 0)
          g_assert_cmpint (gc_result_rank (json_node_get_string (acies_table_get (crt, r, c - 1)->value)), <=, here);
        if (r > 0)
          g_assert_cmpint (gc_result_rank (json_node_get_string (acies_table_get (crt, r - 1, c)->value)), <=, here);
      }
}

/* GC 9.2: the Unit Type Modifier Matrix as printed. */
static void
test_gc_matrix (void)
{
  static const char * const defenders[] = { "L", "H", "P", "C", "E" };
  static const struct { const char *attacker; gint drm[5]; } printed[] = {
    { "L", { 1, 2, 2, 1, 2 } },
    { "H", { -1, 0, 1, 1, 1 } },
    { "P", { -1, 1, 0, 1, 1 } },
  };
  const AciesTable *matrix = acies_catalogue_find_table (acies_catalogue_get_bundled ("grass-crown"),
                                                         "unit-type-matrix");

  g_assert_nonnull (matrix);
  for (guint r = 0; r < G_N_ELEMENTS (printed); r++)
    for (guint c = 0; c < G_N_ELEMENTS (defenders); c++)
      {
        const AciesTableCell *cell = acies_table_lookup (matrix, printed[r].attacker, defenders[c]);

        g_assert_nonnull (cell);
        g_assert_cmpint (json_node_get_int (cell->value), ==, printed[r].drm[c]);
        g_assert_cmpint (cell->source, ==, ACIES_SOURCE_RULEBOOK);
      }
}

/* LB 6.10: the Combat Results Table as printed. */
static void
test_lb_crt (void)
{
  static const char * const types[] = { "HI", "LI", "HC", "LC", "EL", "CH" };
  static const gint need[6][6] = {
    { 9, 9, 8, 9, 9, 8 },
    { 9, 9, 8, 8, 8, 8 },
    { 9, 7, 7, 8, 9, 8 },
    { 10, 9, 9, 9, 9, 9 },
    { 8, 8, 7, 8, 8, 7 },
    { 9, 8, 7, 9, 9, 8 },
  };
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("lost-battles");
  const AciesTable *crt = acies_catalogue_find_table (catalogue, "crt");

  g_assert_nonnull (crt);
  g_assert_cmpuint (catalogue->die_faces, ==, 6);
  g_assert_cmpuint (catalogue->die_count, ==, 2);
  g_assert_cmpuint (catalogue->stack_limit, ==, 12);

  for (guint r = 0; r < 6; r++)
    for (guint c = 0; c < 6; c++)
      {
        const AciesTableCell *cell = acies_table_lookup (crt, types[r], types[c]);

        g_assert_cmpint (json_node_get_int (cell->value), ==, need[r][c]);
        g_assert_cmpint (cell->source, ==, ACIES_SOURCE_RULEBOOK);
        g_assert_cmpstr (cell->section, ==, "6.10");
      }
}

static JsonObject *
parse_object (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);

  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* Overrides change exactly the named cell and reject unknown rows and
 * columns without changing anything. */
static void
test_table_override (void)
{
  const AciesTable *crt = acies_catalogue_find_table (acies_catalogue_get_bundled ("grass-crown"), "crt");
  AciesTable *copy = acies_table_copy (crt);
  g_autoptr(JsonObject) good = parse_object ("{\"cells\": [{\"row\": \"A\", \"column\": \"5\", "
                                             "\"value\": \"DX\", \"source\": \"rulebook\", \"section\": \"9.3\"}]}");
  g_autoptr(JsonObject) bad_row = parse_object ("{\"cells\": [{\"row\": \"A\", \"column\": \"6\", \"value\": \"DE\"},"
                                                " {\"row\": \"Z\", \"column\": \"3\", \"value\": \"DE\"}]}");
  g_autoptr(JsonObject) bad_column = parse_object ("{\"cells\": [{\"row\": \"B\", \"column\": \"9\", \"value\": \"DE\"}]}");
  g_autoptr(JsonObject) bad_member = parse_object ("{\"cells\": [{\"row\": \"B\", \"column\": \"1\", \"value\": \"DE\", \"colour\": 1}]}");
  g_autoptr(GError) error = NULL;
  gint changed_r, changed_c;

  g_assert_cmpstr (cell_string (copy, "A", "5"), !=, "DX");

  g_assert_true (acies_table_apply_override (copy, good, "test.acies: $.table_overrides.crt", &error));
  g_assert_no_error (error);

  changed_r = acies_table_row_index (copy, "A");
  changed_c = acies_table_column_index (copy, "5");
  for (guint r = 0; r < copy->rows->len; r++)
    for (guint c = 0; c < copy->columns->len; c++)
      {
        const AciesTableCell *now = acies_table_get (copy, r, c);
        const AciesTableCell *was = acies_table_get (crt, r, c);

        if ((gint) r == changed_r && (gint) c == changed_c)
          {
            g_assert_cmpstr (json_node_get_string (now->value), ==, "DX");
            g_assert_cmpint (now->source, ==, ACIES_SOURCE_RULEBOOK);
            g_assert_cmpstr (now->section, ==, "9.3");
          }
        else
          {
            g_assert_true (json_node_equal (now->value, was->value));
            g_assert_cmpint (now->source, ==, was->source);
          }
      }

  /* An unknown row: an error naming it, and the valid first entry is not
   * applied either. */
  g_assert_false (acies_table_apply_override (copy, bad_row, "test.acies: $.table_overrides.crt", &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "$.table_overrides.crt.cells[1]"));
  g_assert_nonnull (strstr (error->message, "unknown row \"Z\""));
  g_assert_true (json_node_equal (acies_table_lookup (copy, "A", "6")->value,
                                  acies_table_lookup (crt, "A", "6")->value));
  g_clear_error (&error);

  g_assert_false (acies_table_apply_override (copy, bad_column, "x", &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "unknown column \"9\""));
  g_clear_error (&error);

  g_assert_false (acies_table_apply_override (copy, bad_member, "x", &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "unknown member \"colour\""));
  g_clear_error (&error);

  /* Round trip through JSON keeps every cell. */
  {
    g_autoptr(JsonNode) node = acies_table_to_json (copy);
    AciesTable *again = acies_table_from_json (node, "round-trip", &error);

    g_assert_no_error (error);
    g_assert_cmpstr (cell_string (again, "A", "5"), ==, "DX");
    g_assert_cmpint (acies_table_lookup (again, "B", "3")->source, ==, ACIES_SOURCE_DERIVED);
    acies_table_free (again);
  }

  acies_table_free (copy);
}

static gboolean
check_json (const AciesParamSpec *spec,
            const char           *json,
            const AciesScenario  *scenario,
            char                **message)
{
  g_autoptr(JsonNode) node = json != NULL ? json_from_string (json, NULL) : NULL;

  if (json != NULL)
    g_assert_nonnull (node);

  return acies_param_spec_check (spec, node, scenario, message);
}

#define ASSERT_REJECTS(spec, json, scenario, expected) \
  G_STMT_START { \
    g_autofree char *msg_ = NULL; \
    g_assert_false (check_json ((spec), (json), (scenario), &msg_)); \
    g_assert_cmpstr (msg_, ==, (expected)); \
  } G_STMT_END

#define ASSERT_ACCEPTS(spec, json, scenario) \
  G_STMT_START { \
    g_autofree char *msg_ = NULL; \
    g_assert_true (check_json ((spec), (json), (scenario), &msg_)); \
    g_assert_null (msg_); \
  } G_STMT_END

/* Parameter specs reject out-of-range values and wrong types, saying what
 * was expected. */
static void
test_param_spec_check (void)
{
  AciesCatalogue *gc = acies_catalogue_get_bundled ("grass-crown");
  const AciesUnitType *cavalry = acies_catalogue_find_unit_type (gc, "C");
  const AciesUnitType *light = acies_catalogue_find_unit_type (gc, "L");
  const AciesParamSpec *diamonds, *cc, *back, *rally, *first_turn, *unit_type;
  const AciesKind *setup;
  g_autoptr(AciesBoard) board = acies_board_new_square (12, 10);
  g_autoptr(AciesScenario) scenario = NULL;
  AciesParamSpec cell_spec = { .id = (char *) "at", .label = (char *) "At", .type = ACIES_VALUE_CELL,
                               .min = G_MININT64, .max = G_MAXINT64 };
  AciesParamSpec side_spec = { .id = (char *) "side", .label = (char *) "Side", .type = ACIES_VALUE_SIDE,
                               .min = G_MININT64, .max = G_MAXINT64, .required = TRUE };

  g_assert_nonnull (cavalry);
  g_assert_nonnull (light);
  diamonds = acies_catalogue_find_param (cavalry->attributes, "diamonds");
  cc = acies_catalogue_find_param (light->attributes, "cc");
  back = acies_catalogue_find_param (light->hidden, "back");
  rally = acies_catalogue_find_param (gc->side_params, "rally_limit");
  first_turn = acies_catalogue_find_param (gc->side_params, "first_turn");
  setup = acies_catalogue_find_kind (gc->area_kinds, "setup");
  g_assert_nonnull (setup);
  unit_type = acies_catalogue_find_param (setup->params, "unit_type");
  g_assert_nonnull (diamonds);
  g_assert_nonnull (cc);
  g_assert_nonnull (back);
  g_assert_nonnull (rally);
  g_assert_nonnull (first_turn);
  g_assert_nonnull (unit_type);

  /* GC 2.2: Cavalry have 0, 1 or 2 diamonds. */
  ASSERT_ACCEPTS (diamonds, "2", NULL);
  ASSERT_REJECTS (diamonds, "3", NULL, "expected an integer from 0 to 2, got 3");
  ASSERT_REJECTS (diamonds, "-1", NULL, "expected an integer from 0 to 2, got -1");
  ASSERT_REJECTS (diamonds, "\"1\"", NULL, "expected an integer from 0 to 2, got \"1\"");
  ASSERT_REJECTS (diamonds, "1.5", NULL, "expected an integer from 0 to 2, got 1.5");
  ASSERT_REJECTS (diamonds, NULL, NULL, "expected an integer from 0 to 2, got nothing");

  /* GC 3.1: Rally Limit 4 at most. */
  ASSERT_ACCEPTS (rally, "4", NULL);
  ASSERT_ACCEPTS (rally, NULL, NULL);   /* optional, defaults to 4 */
  ASSERT_REJECTS (rally, "5", NULL, "expected an integer from 0 to 4, got 5");

  ASSERT_ACCEPTS (cc, "\"C\"", NULL);
  ASSERT_REJECTS (cc, "\"D\"", NULL, "expected one of A, B, C, got \"D\"");
  ASSERT_REJECTS (cc, "2", NULL, "expected one of A, B, C, got 2");
  ASSERT_REJECTS (back, "\"heroic\"", NULL, "expected one of exhausted, hero, brittle, got \"heroic\"");

  ASSERT_ACCEPTS (first_turn, "true", NULL);
  ASSERT_REJECTS (first_turn, "1", NULL, "expected true or false, got 1");
  ASSERT_REJECTS (first_turn, "\"yes\"", NULL, "expected true or false, got \"yes\"");

  /* References: checked against the scenario when one is given. */
  scenario = acies_scenario_new ("grass-crown", board, "clear");
  g_ptr_array_add (scenario->sides, acies_side_new ("laevinus", "Laevinus"));
  g_ptr_array_add (scenario->sides, acies_side_new ("pyrrhus", "Pyrrhus"));

  ASSERT_ACCEPTS (&cell_spec, "\"A1\"", scenario);
  ASSERT_ACCEPTS (&cell_spec, "\"L10\"", scenario);
  ASSERT_REJECTS (&cell_spec, "\"M1\"", scenario,
                  "expected a cell label of the 12 × 10 board (A1 to L10), got \"M1\"");
  ASSERT_REJECTS (&cell_spec, "7", scenario,
                  "expected a cell label of the 12 × 10 board (A1 to L10), got 7");

  ASSERT_ACCEPTS (&side_spec, "\"pyrrhus\"", scenario);
  ASSERT_REJECTS (&side_spec, "\"hannibal\"", scenario,
                  "expected a side id of the scenario (laevinus, pyrrhus), got \"hannibal\"");
  ASSERT_REJECTS (&side_spec, "null", scenario,
                  "expected a side id of the scenario (laevinus, pyrrhus), got nothing");

  ASSERT_ACCEPTS (unit_type, "\"E\"", scenario);
  ASSERT_REJECTS (unit_type, "\"HI\"", scenario,
                  "expected a unit type of The Grass Crown (L, H, P, C, E, W), got \"HI\"");
}

static void
assert_load_fails (const char      *text,
                   gint             code,
                   const char      *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesCatalogue) catalogue = acies_catalogue_load_data (text, -1, "bad.json", &error);

  g_assert_null (catalogue);
  g_assert_error (error, ACIES_ENGINE_ERROR, code);
  g_test_message ("%s", error->message);
  if (strstr (error->message, fragment) == NULL)
    g_error ("expected \"%s\" in \"%s\"", fragment, error->message);
  /* The one JSON reader of the engine: file, line and column first. */
  g_assert_true (g_str_has_prefix (error->message, "bad.json:1:"));
}

/* Issue 17 item 5, LB 3.3: which positions a scenario's map shows, from
 * the catalogue's "positions": Lost Battles' map is the historical
 * deployment at the end of the first turn, and a game starts off the
 * field (3.3.1) unless the option "start" says otherwise; the other
 * systems' maps show the start of the game, with no choice.  A
 * "start_option" that is no enum option is refused where it is. */
static void
test_lb_3_3_positions (void)
{
  AciesCatalogue *lb = acies_catalogue_get_bundled ("lost-battles");
  AciesCatalogue *gc = acies_catalogue_get_bundled ("grass-crown");
  g_autoptr(JsonObject) options = json_object_new ();
  g_autofree char *lb_positions = acies_catalogue_positions_text (lb);
  g_autofree char *gc_positions = acies_catalogue_positions_text (gc);
  g_autofree char *start = acies_catalogue_start_text (lb, NULL);
  g_autofree char *historical = NULL;
  g_autofree char *gc_start = acies_catalogue_start_text (gc, NULL);
  static const char *bad =
    "{\"format\": \"acies-ruleset\", \"version\": 1, \"id\": \"t\", \"name\": \"T\","
    " \"board\": {\"kind\": \"square\", \"default_size\": [4, 4], \"default_terrain\": \"clear\"},"
    " \"dice\": {\"faces\": 6},"
    " \"terrain\": [{\"id\": \"clear\", \"name\": \"Clear\", \"colour\": \"#ffffff\"}],"
    " \"unit_types\": [{\"id\": \"I\", \"name\": \"Inf\", \"category\": \"foot\", \"symbol\": \"infantry\"}],"
    " \"positions\": {\"shows\": \"the deployment\", \"start_option\": \"nowhere\"}}";

  g_assert_nonnull (lb);
  g_assert_nonnull (gc);
  g_assert_cmpstr (lb_positions, ==,
                   "The counters show the historical deployment at the end of the first turn (LB 3.3), "
                   "not the start of the game.");
  g_assert_cmpstr (gc_positions, ==, "The counters show the start of the game.");
  g_assert_cmpstr (start, ==, "Start off the field (LB 3.3.1)");
  json_object_set_string_member (options, "start", "historical");
  historical = acies_catalogue_start_text (lb, options);
  g_assert_cmpstr (historical, ==, "Start from the historical deployment");
  g_assert_null (gc_start);
  assert_load_fails (bad, ACIES_ENGINE_ERROR_FORMAT, "$.positions.start_option");
}

/* Strict reading: errors name the file, the JSON path and what was
 * expected. */
static void
test_strict_errors (void)
{
  static const char *head =
    "{\"format\": \"acies-ruleset\", \"version\": 1, \"id\": \"t\", \"name\": \"T\","
    " \"board\": {\"kind\": \"square\", \"default_size\": [4, 4], \"default_terrain\": \"clear\"},"
    " \"dice\": {\"faces\": 6},"
    " \"terrain\": [{\"id\": \"clear\", \"name\": \"Clear\", \"colour\": \"#ffffff\"}],";
  g_autofree char *good = g_strconcat (head, "\"unit_types\": [{\"id\": \"I\", \"name\": \"Inf\", "
                                       "\"category\": \"foot\", \"symbol\": \"infantry\"}]}", NULL);
  g_autofree char *bad_type = g_strconcat (head, "\"unit_types\": [{\"id\": \"I\", \"name\": \"Inf\", "
                                           "\"category\": \"foot\", \"symbol\": \"infantry\", \"attributes\": "
                                           "[{\"id\": \"m\", \"label\": \"M\", \"type\": \"integer\"}]}]}", NULL);
  g_autofree char *bad_default = g_strconcat (head, "\"unit_types\": [{\"id\": \"I\", \"name\": \"Inf\", "
                                              "\"category\": \"foot\", \"symbol\": \"infantry\", \"attributes\": "
                                              "[{\"id\": \"m\", \"label\": \"M\", \"type\": \"int\", \"min\": 0, "
                                              "\"max\": 3, \"default\": 9}]}]}", NULL);
  g_autofree char *unknown = g_strconcat (head, "\"unit_types\": [{\"id\": \"I\", \"name\": \"Inf\", "
                                          "\"category\": \"foot\", \"symbol\": \"infantry\", \"colour\": 3}]}", NULL);
  g_autofree char *twice = g_strconcat (head, "\"unit_types\": [{\"id\": \"I\", \"name\": \"A\", \"category\": \"foot\","
                                        " \"symbol\": \"infantry\"}, {\"id\": \"I\", \"name\": \"B\", "
                                        "\"category\": \"foot\", \"symbol\": \"infantry\"}]}", NULL);
  g_autofree char *bad_cells = g_strconcat (head, "\"unit_types\": [{\"id\": \"I\", \"name\": \"Inf\", "
                                            "\"category\": \"foot\", \"symbol\": \"infantry\"}], \"tables\": "
                                            "[{\"id\": \"t\", \"name\": \"T\", \"rows\": [\"a\"], \"columns\": [\"1\", \"2\"], "
                                            "\"default_source\": \"rulebook\", \"cells\": [[1]]}]}", NULL);
  g_autofree char *no_section = g_strconcat (head, "\"unit_types\": [{\"id\": \"I\", \"name\": \"Inf\", "
                                             "\"category\": \"foot\", \"symbol\": \"infantry\"}], \"tables\": "
                                             "[{\"id\": \"t\", \"name\": \"T\", \"rows\": [\"a\"], \"columns\": [\"1\"], "
                                             "\"cells\": [[{\"value\": 1, \"source\": \"rulebook\"}]]}]}", NULL);
  g_autofree char *published_bare = g_strconcat (head, "\"unit_types\": [{\"id\": \"I\", \"name\": \"Inf\", "
                                                 "\"category\": \"foot\", \"symbol\": \"infantry\"}], \"tables\": "
                                                 "[{\"id\": \"t\", \"name\": \"T\", \"rows\": [\"a\"], \"columns\": [\"1\"], "
                                                 "\"cells\": [[{\"value\": 1, \"source\": \"published\"}]]}]}", NULL);
  g_autofree char *published = g_strconcat (head, "\"unit_types\": [{\"id\": \"I\", \"name\": \"Inf\", "
                                            "\"category\": \"foot\", \"symbol\": \"infantry\"}], \"tables\": "
                                            "[{\"id\": \"t\", \"name\": \"T\", \"rows\": [\"a\"], \"columns\": [\"1\"], "
                                            "\"cells\": [[{\"value\": 1, \"source\": \"published\", "
                                            "\"section\": \"base game rule book\"}]]}]}", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesCatalogue) catalogue = acies_catalogue_load_data (good, -1, "good.json", &error);
  g_autoptr(AciesCatalogue) with_published = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (catalogue);
  g_assert_cmpuint (catalogue->die_count, ==, 1);

  /* A published value (DESIGN.md, Rule tables) names its reference. */
  with_published = acies_catalogue_load_data (published, -1, "good.json", &error);
  g_assert_no_error (error);
  g_assert_cmpint (acies_table_get (g_ptr_array_index (with_published->tables, 0), 0, 0)->source, ==,
                   ACIES_SOURCE_PUBLISHED);
  g_assert_cmpstr (acies_source_to_string (ACIES_SOURCE_PUBLISHED), ==, "published");
  assert_load_fails (published_bare, ACIES_ENGINE_ERROR_FORMAT,
                     "a published cell needs a \"section\" naming the reference");
  g_assert_cmpuint (catalogue->stack_limit, ==, 1);

  assert_load_fails ("{\"format\": \"acies-ruleset\",", ACIES_ENGINE_ERROR_PARSE, "bad.json");
  assert_load_fails ("{\"format\": \"acies-scenario\"}", ACIES_ENGINE_ERROR_FORMAT,
                     ": $.format: expected \"acies-ruleset\"");
  assert_load_fails ("{\"format\": \"acies-ruleset\", \"version\": 2}", ACIES_ENGINE_ERROR_VERSION,
                     "newer");
  assert_load_fails (bad_type, ACIES_ENGINE_ERROR_FORMAT,
                     "$.unit_types[0].attributes[0].type: expected one of \"int\", \"enum\",");
  assert_load_fails (bad_default, ACIES_ENGINE_ERROR_FORMAT,
                     "$.unit_types[0].attributes[0].default: expected an integer from 0 to 3, got 9");
  assert_load_fails (unknown, ACIES_ENGINE_ERROR_FORMAT,
                     "$.unit_types[0].colour: unknown member \"colour\"");
  assert_load_fails (twice, ACIES_ENGINE_ERROR_FORMAT,
                     "$.unit_types[1]: id \"I\" is used twice");
  assert_load_fails (bad_cells, ACIES_ENGINE_ERROR_FORMAT,
                     "$.tables[0].cells[0]: row \"a\": expected 2 cells (one per column), got 1");
  assert_load_fails (no_section, ACIES_ENGINE_ERROR_FORMAT,
                     "a rulebook cell needs a \"section\"");
}

/* Each catalogue names its book's short form, and sources cite it
 * ("GC 9.3"); Lost Battles' zone names are its data (LB 2.1.1), the zone
 * board takes them, and only a zone board has them. */
static void
test_book_prefix_and_zone_names (void)
{
  static const struct { const char *id; const char *prefix; } books[] = {
    { "grass-crown", "GC" }, { "four-battles", "FB" }, { "simple-gboh", "SG" },
    { "cca", "CCA" }, { "lost-battles", "LB" },
  };
  static const char *zones_head =
    "{\"format\": \"acies-ruleset\", \"version\": 1, \"id\": \"t\", \"name\": \"T\","
    " \"dice\": {\"faces\": 6},"
    " \"terrain\": [{\"id\": \"clear\", \"name\": \"Clear\", \"colour\": \"#ffffff\"}],"
    " \"unit_types\": [{\"id\": \"I\", \"name\": \"Inf\", \"category\": \"foot\", \"symbol\": \"infantry\"}],";
  AciesCatalogue *lb = acies_catalogue_get_bundled ("lost-battles");
  g_autoptr(AciesBoard) board = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (books); i++)
    {
      AciesCatalogue *catalogue = acies_catalogue_get_bundled (books[i].id);
      g_autofree char *start = g_strconcat (books[i].prefix, " ", NULL);

      g_assert_nonnull (catalogue);
      g_assert_cmpstr (catalogue->book_prefix, ==, books[i].prefix);
      g_assert_true (g_str_has_prefix (((AciesUnitType *) g_ptr_array_index (catalogue->unit_types, 0))->source, start));
      if (catalogue->board_kind != ACIES_BOARD_ZONES)
        g_assert_null (catalogue->zone_names);
    }

  g_assert_cmpuint (g_strv_length (lb->zone_names), ==, 10);
  board = acies_board_new_zones_named ((const char * const *) lb->zone_names);
  g_assert_cmpstr (acies_board_cell_label (board, acies_board_cell_at (board, 1, 1)), ==, "A1 Left Centre");
  g_assert_cmpstr (acies_board_cell_label (board, acies_board_cell_at (board, 1, 2)), ==, "A2 Right Centre");
  g_assert_cmpstr (acies_board_zone_name (board, acies_board_cell_at (board, 2, 3), 1), ==, "enemy Rear");

  {
    g_autofree char *square = g_strconcat (zones_head, "\"board\": {\"kind\": \"square\", \"default_size\": [4, 4], "
                                           "\"default_terrain\": \"clear\", \"zone_names\": []}}", NULL);
    g_autofree char *one_row = g_strconcat (zones_head, "\"board\": {\"kind\": \"zones\", \"default_terrain\": \"clear\", "
                                            "\"zone_names\": [[\"a\", \"b\", \"c\", \"d\", \"e\"]]}}", NULL);
    g_autofree char *twice = g_strconcat (zones_head, "\"board\": {\"kind\": \"zones\", \"default_terrain\": \"clear\", "
                                          "\"zone_names\": [[\"a\", \"b\", \"c\", \"d\", \"e\"], "
                                          "[\"f\", \"g\", \"A\", \"h\", \"i\"]]}}", NULL);

    assert_load_fails (square, ACIES_ENGINE_ERROR_FORMAT, "only a zone board names its zones");
    assert_load_fails (one_row, ACIES_ENGINE_ERROR_FORMAT, "expected two rows");
    assert_load_fails (twice, ACIES_ENGINE_ERROR_FORMAT, "\"A\" names two zones");
  }
}

/* ------------------------------------------------------------------ */
/* The bundled samples against their catalogues.                       */

static void
check_values (GString             *problems,
              const char          *path,
              GPtrArray           *specs,
              JsonObject          *values,
              const AciesScenario *scenario)
{
  g_autoptr(GList) members = values != NULL ? json_object_get_members (values) : NULL;

  for (const GList *l = members; l != NULL; l = l->next)
    if (acies_catalogue_find_param (specs, l->data) == NULL)
      g_string_append_printf (problems, "%s.%s: not a parameter of the catalogue\n", path, (char *) l->data);

  for (guint i = 0; specs != NULL && i < specs->len; i++)
    {
      const AciesParamSpec *spec = g_ptr_array_index (specs, i);
      JsonNode *node = values != NULL ? json_object_get_member (values, spec->id) : NULL;
      g_autofree char *message = NULL;

      if (!acies_param_spec_check (spec, node, scenario, &message))
        g_string_append_printf (problems, "%s.%s: %s\n", path, spec->id, message);
    }
}

static JsonObject *
member_object (JsonObject *object,
               const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static void
check_cell (GString          *problems,
            const char       *path,
            const AciesBoard *board,
            const char       *label)
{
  if (acies_board_cell_from_label (board, label) == ACIES_CELL_NONE)
    g_string_append_printf (problems, "%s: \"%s\" is not a cell of the board\n", path, label);
}

static void
check_sample (const char *ruleset,
              const char *file_name)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "samples", file_name, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autoptr(AciesScenario) scenario = NULL;
  g_autoptr(AciesBoard) board = NULL;
  g_autoptr(GError) error = NULL;
  AciesCatalogue *catalogue = acies_catalogue_get_bundled (ruleset);
  JsonObject *root, *board_object, *map;
  g_autoptr(GList) labels = NULL;
  JsonArray *array;

  g_assert_nonnull (catalogue);
  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "acies-scenario");
  g_assert_cmpstr (json_object_get_string_member (root, "ruleset"), ==, ruleset);
  g_assert_cmpstr (json_object_get_string_member (member_object (root, "metadata"), "notes"), !=, "");

  board_object = member_object (root, "board");
  if (catalogue->board_kind == ACIES_BOARD_ZONES)
    {
      g_assert_cmpstr (json_object_get_string_member (board_object, "kind"), ==, "zones");
      board = acies_board_new_zones_named ((const char * const *) catalogue->zone_names);
    }
  else
    {
      g_assert_cmpstr (json_object_get_string_member (board_object, "kind"), ==, "square");
      board = acies_board_new_square (json_object_get_int_member (board_object, "width"),
                                      json_object_get_int_member (board_object, "height"));
      acies_board_set_label_scheme (board, catalogue->labels);
    }

  scenario = acies_scenario_new (ruleset, board, catalogue->default_terrain);

  /* References first, so the param checks can see them. */
  array = json_object_get_array_member (root, "sides");
  for (guint i = 0; i < json_array_get_length (array); i++)
    g_ptr_array_add (scenario->sides, acies_side_new (json_object_get_string_member (json_array_get_object_element (array, i), "id"), NULL));
  array = json_object_get_array_member (root, "formations");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *f = json_array_get_object_element (array, i);
      g_ptr_array_add (scenario->formations,
                       acies_formation_new (json_object_get_string_member (f, "id"),
                                            json_object_get_string_member (f, "side"),
                                            json_object_get_string_member (f, "kind")));
    }
  array = json_object_get_array_member (root, "areas");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *a = json_array_get_object_element (array, i);
      g_ptr_array_add (scenario->areas,
                       acies_area_new (json_object_get_string_member (a, "id"),
                                       json_object_get_string_member (a, "kind")));
    }

  /* Map. */
  map = member_object (root, "map");
  labels = json_object_get_members (member_object (map, "terrain"));
  for (const GList *l = labels; l != NULL; l = l->next)
    {
      check_cell (problems, "map.terrain", board, l->data);
      if (acies_catalogue_find_terrain (catalogue, json_object_get_string_member (member_object (map, "terrain"), l->data)) == NULL)
        g_string_append_printf (problems, "map.terrain.%s: unknown terrain\n", (char *) l->data);
    }
  g_clear_pointer (&labels, g_list_free);
  labels = json_object_get_members (member_object (map, "cell_features"));
  for (const GList *l = labels; l != NULL; l = l->next)
    {
      JsonArray *ids = json_object_get_array_member (member_object (map, "cell_features"), l->data);

      check_cell (problems, "map.cell_features", board, l->data);
      for (guint i = 0; i < json_array_get_length (ids); i++)
        if (acies_catalogue_find_cell_feature (catalogue, json_array_get_string_element (ids, i)) == NULL)
          g_string_append_printf (problems, "map.cell_features.%s: unknown feature %s\n",
                                  (char *) l->data, json_array_get_string_element (ids, i));
    }

  /* Sides, formations, areas. */
  array = json_object_get_array_member (root, "sides");
  for (guint i = 0; i < json_array_get_length (array); i++)
    check_values (problems, "sides.params", catalogue->side_params,
                  member_object (json_array_get_object_element (array, i), "params"), scenario);

  array = json_object_get_array_member (root, "formations");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *f = json_array_get_object_element (array, i);
      const AciesKind *kind = acies_catalogue_find_kind (catalogue->formation_kinds, json_object_get_string_member (f, "kind"));

      if (kind == NULL)
        g_string_append_printf (problems, "formations[%u]: unknown kind\n", i);
      else
        check_values (problems, "formations.params", kind->params, member_object (f, "params"), scenario);
    }

  array = json_object_get_array_member (root, "areas");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *a = json_array_get_object_element (array, i);
      const AciesKind *kind = acies_catalogue_find_kind (catalogue->area_kinds, json_object_get_string_member (a, "kind"));
      JsonArray *cells = json_object_get_array_member (a, "cells");

      for (guint c = 0; c < json_array_get_length (cells); c++)
        check_cell (problems, "areas.cells", board, json_array_get_string_element (cells, c));
      if (kind == NULL)
        g_string_append_printf (problems, "areas[%u]: unknown kind\n", i);
      else
        check_values (problems, "areas.params", kind->params, member_object (a, "params"), scenario);
    }

  /* Units, leaders and pool entries. */
  array = json_object_get_array_member (root, "units");
  g_assert_cmpuint (json_array_get_length (array), >, 0);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *u = json_array_get_object_element (array, i);
      const AciesUnitType *type = acies_catalogue_find_unit_type (catalogue, json_object_get_string_member (u, "type"));

      check_cell (problems, "units.cell", board, json_object_get_string_member (u, "cell"));
      if (type == NULL)
        {
          g_string_append_printf (problems, "units[%u]: unknown type\n", i);
          continue;
        }
      check_values (problems, json_object_get_string_member (u, "id"), type->attributes, member_object (u, "attrs"), scenario);
      if (type->hidden->len > 0 || member_object (u, "hidden") != NULL)
        check_values (problems, json_object_get_string_member (u, "id"), type->hidden, member_object (u, "hidden"), scenario);
    }

  array = json_object_get_array_member (root, "leaders");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *l = json_array_get_object_element (array, i);
      const AciesUnitType *kind = acies_catalogue_find_leader_kind (catalogue, json_object_get_string_member (l, "kind"));

      if (kind == NULL)
        g_string_append_printf (problems, "leaders[%u]: unknown kind\n", i);
      else
        check_values (problems, "leaders.attrs", kind->attributes, member_object (l, "attrs"), scenario);
    }

  array = json_object_get_array_member (root, "pools");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonArray *entries = json_object_get_array_member (json_array_get_object_element (array, i), "entries");

      for (guint e = 0; e < json_array_get_length (entries); e++)
        {
          JsonObject *entry = json_array_get_object_element (entries, e);
          const AciesUnitType *type = acies_catalogue_find_unit_type (catalogue, json_object_get_string_member (entry, "type"));

          if (type == NULL)
            {
              g_string_append_printf (problems, "pools[%u].entries[%u]: unknown type\n", i, e);
              continue;
            }
          check_values (problems, "pools.entries.attrs", type->attributes, member_object (entry, "attrs"), scenario);
          check_values (problems, "pools.entries.hidden", type->hidden, member_object (entry, "hidden"), scenario);
        }
    }

  /* Rules, victory, scenario parameters. */
  array = json_object_get_array_member (root, "special_rules");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *r = json_array_get_object_element (array, i);
      const AciesKind *kind = acies_catalogue_find_kind (catalogue->special_rules, json_object_get_string_member (r, "kind"));

      if (kind == NULL)
        g_string_append_printf (problems, "special_rules[%u]: unknown kind\n", i);
      else
        check_values (problems, "special_rules.params", kind->params, member_object (r, "params"), scenario);
    }
  array = json_object_get_array_member (root, "victory");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *r = json_array_get_object_element (array, i);
      const AciesKind *kind = acies_catalogue_find_kind (catalogue->victory_kinds, json_object_get_string_member (r, "kind"));

      if (kind == NULL)
        g_string_append_printf (problems, "victory[%u]: unknown kind\n", i);
      else
        check_values (problems, "victory.params", kind->params, member_object (r, "params"), scenario);
    }
  check_values (problems, "params", catalogue->scenario_params, member_object (root, "params"), scenario);

  g_assert_cmpstr (problems->str, ==, "");
}

static void
test_sample_grass_crown (void)
{
  check_sample ("grass-crown", "grass-crown-sample.acies");
}

static void
test_sample_lost_battles (void)
{
  check_sample ("lost-battles", "lost-battles-sample.acies");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/data/catalogue/bundled-load", test_bundled_load);
  g_test_add_func ("/acies/data/catalogue/table-sources", test_table_sources);
  g_test_add_func ("/acies/data/catalogue/strict-errors", test_strict_errors);
  g_test_add_func ("/acies/data/catalogue/table-override", test_table_override);
  g_test_add_func ("/acies/data/catalogue/param-spec-check", test_param_spec_check);
  g_test_add_func ("/acies/lost-battles/2.1.1/zone-names-are-data", test_book_prefix_and_zone_names);
  g_test_add_func ("/acies/grass-crown/9.3/crt-printed", test_gc_crt_printed);
  g_test_add_func ("/acies/grass-crown/9.3/crt-direction", test_gc_crt_direction);
  g_test_add_func ("/acies/grass-crown/9.2/unit-type-matrix", test_gc_matrix);
  g_test_add_func ("/acies/lost-battles/6.10/crt", test_lb_crt);
  g_test_add_func ("/acies/lost-battles/3.3/positions", test_lb_3_3_positions);
  g_test_add_func ("/acies/data/samples/grass-crown", test_sample_grass_crown);
  g_test_add_func ("/acies/data/samples/lost-battles", test_sample_lost_battles);

  return g_test_run ();
}
