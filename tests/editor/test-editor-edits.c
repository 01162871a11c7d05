/* test-editor-edits.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The editor document's scenario edits without a display: each one does
 * what the panels ask of it, is one command, undoes to the exact previous
 * scenario and redoes to the exact next one (compared as serialised
 * JSON); long random runs of edits on Heraclea, Cannae and a Four Battles
 * board undo and redo step by step; an undo record keeps what changed
 * (a unit's move is the same few bytes whatever the size of the army);
 * the words the panels show; the live problem list.
 */

#define G_LOG_DOMAIN "acies-test-editor-edits"

#include "config.h"

#include <malloc.h>
#include <string.h>

#include "geometry/acies-board.h"
#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "rulesets/acies-table.h"

#include "acies-editor-document.h"
#include "acies-editor-words.h"
#include "acies-problem-list.h"

static char *
data_of (AciesEditorDocument *doc)
{
  return acies_scenario_to_data (acies_editor_document_get_scenario (doc), NULL);
}

static AciesScenario *
load (const char *relative)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", relative, NULL);
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

static AciesScenario *
new_hex_scenario (guint width,
                  guint height)
{
  g_autoptr(AciesBoard) board = acies_board_new_hex (width, height, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);

  acies_board_set_label_scheme (board, ACIES_LABEL_XXYY);
  return acies_scenario_new ("four-battles", board, "clear");
}

static AciesCell
cell (AciesEditorDocument *doc,
      const char          *label)
{
  AciesCell c = acies_board_cell_from_label (acies_editor_document_get_scenario (doc)->map.board, label);

  g_assert_cmpint (c, !=, ACIES_CELL_NONE);
  return c;
}

/* One edit through the document: it changes the scenario as one command,
 * undo gives back the exact scenario before it, redo the exact one after.
 * Returns the edit's result. */
typedef gboolean (*EditFunc) (AciesEditorDocument *doc,
                              gpointer             data);

static void
check_edit (AciesEditorDocument *doc,
            EditFunc             edit,
            gpointer             data)
{
  g_autofree char *before = data_of (doc);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  guint depth = acies_editor_document_get_undo_depth (doc);

  if (!edit (doc, data))
    g_error ("the edit “%s” changed nothing", (const char *) data);
  after = data_of (doc);
  g_assert_cmpstr (before, !=, after);
  g_assert_cmpuint (acies_editor_document_get_undo_depth (doc), ==, depth + 1);
  g_assert_true (acies_editor_document_undo (doc));
  undone = data_of (doc);
  if (g_strcmp0 (undone, before) != 0)
    g_error ("undo of “%s” did not restore the scenario", (const char *) data);
  g_assert_true (acies_editor_document_redo (doc));
  redone = data_of (doc);
  if (g_strcmp0 (redone, after) != 0)
    g_error ("redo of “%s” did not give the same scenario", (const char *) data);
}

/* Each edit of the panels, on a Four Battles board built from nothing. */

static gboolean
edit_add (AciesEditorDocument *doc,
          gpointer             data)
{
  const char *what = data;
  g_autofree char *id = NULL;

  if (g_str_equal (what, "side"))
    id = acies_editor_document_add_side (doc, "");
  else if (g_str_equal (what, "formation"))
    id = acies_editor_document_add_formation (doc, "side-1", NULL);
  else if (g_str_equal (what, "sub-formation"))
    id = acies_editor_document_add_formation (doc, "formation-1", NULL);
  else if (g_str_equal (what, "unit"))
    id = acies_editor_document_add_unit (doc, "formation-1", "legion");
  else if (g_str_equal (what, "unit-2"))
    id = acies_editor_document_add_unit (doc, "side-2", "elephant");
  else if (g_str_equal (what, "leader"))
    id = acies_editor_document_add_leader (doc, "formation-1", NULL);
  else if (g_str_equal (what, "area"))
    id = acies_editor_document_add_area (doc, "objective", "", "side-1");
  return id != NULL;
}

static gboolean
edit_call (AciesEditorDocument *doc,
           gpointer             data)
{
  const char *what = data;
  AciesScenario *s = acies_editor_document_get_scenario (doc);

  if (g_str_equal (what, "place"))
    return acies_editor_document_place (doc, "unit-1", cell (doc, "0202"));
  if (g_str_equal (what, "move-unit"))
    return acies_editor_document_place (doc, "unit-1", cell (doc, "0203"));
  if (g_str_equal (what, "place-leader"))
    return acies_editor_document_place (doc, "leader-1", cell (doc, "0505"));
  if (g_str_equal (what, "off-map"))
    return acies_editor_document_place (doc, "leader-1", ACIES_CELL_NONE);
  if (g_str_equal (what, "rotate"))
    return acies_editor_document_rotate (doc, "unit-1", -1);
  if (g_str_equal (what, "duplicate"))
    {
      g_autofree char *id = acies_editor_document_duplicate (doc, "unit-1");

      return id != NULL;
    }
  if (g_str_equal (what, "duplicate-formation"))
    {
      g_autofree char *id = acies_editor_document_duplicate (doc, "formation-1");

      return id != NULL;
    }
  if (g_str_equal (what, "move-down"))
    return acies_editor_document_move (doc, "unit-1", 1);
  if (g_str_equal (what, "reparent"))
    return acies_editor_document_reparent (doc, "unit-3", "formation-1");
  if (g_str_equal (what, "reparent-formation"))
    return acies_editor_document_reparent (doc, "formation-2", "side-2");
  if (g_str_equal (what, "paint-area"))
    {
      AciesCell cells[] = { cell (doc, "0606"), cell (doc, "0607"), cell (doc, "0505") };

      return acies_editor_document_paint_area (doc, "area-1", cells, 3, TRUE, FALSE) == 3;
    }
  if (g_str_equal (what, "erase-area"))
    {
      AciesCell c = cell (doc, "0607");

      return acies_editor_document_paint_area (doc, "area-1", &c, 1, FALSE, FALSE) == 1;
    }
  if (g_str_equal (what, "param"))
    {
      g_autoptr(JsonNode) value = json_from_string ("5", NULL);

      return acies_editor_document_set_param (doc, "unit-1", NULL, "sp", value, FALSE);
    }
  if (g_str_equal (what, "side-param"))
    {
      g_autoptr(JsonNode) value = json_from_string ("20", NULL);

      return acies_editor_document_set_param (doc, "side-1", NULL, "demoralization", value, FALSE);
    }
  if (g_str_equal (what, "clear-param"))
    return acies_editor_document_set_param (doc, "unit-1", NULL, "sp", NULL, FALSE);
  if (g_str_equal (what, "field"))
    return acies_editor_document_set_field (doc, "side-1", "name", "Roma", FALSE);
  if (g_str_equal (what, "colour"))
    return acies_editor_document_set_field (doc, "side-1", "colour", "#2a7fff", FALSE);
  if (g_str_equal (what, "home-edge"))
    return acies_editor_document_set_field (doc, "side-1", "home_edge", "1", FALSE);
  if (g_str_equal (what, "title"))
    return acies_editor_document_set_field (doc, "scenario", "title", "Zama", FALSE);
  if (g_str_equal (what, "sources"))
    return acies_editor_document_set_field (doc, "scenario", "sources", "Livy 30\n\nPolybius 15\n", FALSE);
  if (g_str_equal (what, "turn-limit"))
    return acies_editor_document_set_field (doc, "scenario", "turn_limit", "12", FALSE);
  if (g_str_equal (what, "first-side"))
    return acies_editor_document_set_field (doc, "scenario", "first_side", "side-2", FALSE);
  if (g_str_equal (what, "unit-type"))
    return acies_editor_document_set_field (doc, "unit-2", "type", "cavalry", FALSE);
  if (g_str_equal (what, "add-rule"))
    return acies_editor_document_add_rule (doc, "special", "chariots");
  if (g_str_equal (what, "add-victory"))
    return acies_editor_document_add_rule (doc, "victory", "vp-ratio");
  if (g_str_equal (what, "rule-side"))
    return acies_editor_document_set_rule_side (doc, "victory", 0, "side-2");
  if (g_str_equal (what, "remove-rule"))
    return acies_editor_document_remove_rule (doc, "special", 0);
  if (g_str_equal (what, "pool-add"))
    return acies_editor_document_pool_add (doc, "side-2", "infantry", 3);
  if (g_str_equal (what, "pool-more"))
    return acies_editor_document_pool_add (doc, "side-2", "infantry", 2);
  if (g_str_equal (what, "pool-count"))
    return acies_editor_document_pool_set_count (doc, ((AciesPool *) g_ptr_array_index (s->pools, 0))->id, 0, 1);
  if (g_str_equal (what, "pool-drop"))
    return acies_editor_document_pool_set_count (doc, ((AciesPool *) g_ptr_array_index (s->pools, 0))->id, 0, 0);
  if (g_str_equal (what, "reinforce"))
    return acies_editor_document_reinforce (doc, "unit-1", 4);
  if (g_str_equal (what, "reinforce-again"))
    return acies_editor_document_reinforce (doc, "unit-2", 4);
  if (g_str_equal (what, "unreinforce"))
    return acies_editor_document_reinforce (doc, "unit-1", 0);
  if (g_str_equal (what, "table-cell"))
    {
      g_autoptr(JsonNode) value = json_from_string ("\"EX\"", NULL);

      return acies_editor_document_set_table_cell (doc, "crt", "3", "1:1", value);
    }
  if (g_str_equal (what, "table-drop"))
    return acies_editor_document_set_table_cell (doc, "crt", "3", "1:1", NULL);
  if (g_str_equal (what, "remove-unit"))
    return acies_editor_document_remove (doc, "unit-2");
  if (g_str_equal (what, "remove-area"))
    return acies_editor_document_remove (doc, "area-1");
  if (g_str_equal (what, "remove-formation"))
    return acies_editor_document_remove (doc, "formation-1");
  if (g_str_equal (what, "remove-side"))
    return acies_editor_document_remove (doc, "side-2");
  if (g_str_equal (what, "resize"))
    return acies_editor_document_resize (doc, 8, 7);
  g_assert_not_reached ();
}

static void
test_every_edit (void)
{
  g_autoptr(AciesScenario) scenario = new_hex_scenario (10, 8);
  g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
  AciesScenario *s = acies_editor_document_get_scenario (doc);
  const char *adds[] = { "side", "side", "formation", "sub-formation", "unit", "unit", "unit-2", "leader", "area" };
  const char *calls[] = {
    "place", "move-unit", "place-leader", "off-map", "duplicate", "duplicate-formation", "move-down",
    "reparent", "reparent-formation", "paint-area", "erase-area", "param", "side-param", "clear-param", "field",
    "colour", "home-edge", "title", "sources", "turn-limit", "first-side", "unit-type", "add-rule", "add-victory",
    "rule-side", "remove-rule", "pool-add", "pool-more", "pool-count", "reinforce", "reinforce-again",
    "unreinforce", "table-cell", "table-drop", "pool-drop", "remove-unit", "remove-area", "remove-formation",
    "remove-side", "resize",
  };
  g_autofree char *start = data_of (doc);
  g_autofree char *end = NULL;
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (adds); i++, n++)
    check_edit (doc, edit_add, (gpointer) adds[i]);
  g_assert_cmpuint (s->sides->len, ==, 2);
  g_assert_cmpstr (acies_scenario_find_formation (s, "formation-2")->parent, ==, "formation-1");
  g_assert_cmpstr (acies_scenario_find_unit (s, "unit-1")->name, ==, "Legion 1");
  g_assert_cmpint (acies_scenario_find_unit (s, "unit-1")->facing, ==, -1);
  for (guint i = 0; i < G_N_ELEMENTS (calls); i++, n++)
    check_edit (doc, edit_call, (gpointer) calls[i]);
  g_assert_cmpuint (acies_editor_document_get_undo_depth (doc), ==, n);
  g_assert_null (acies_scenario_find_side (s, "side-2"));
  g_assert_cmpuint (acies_board_get_width (s->map.board), ==, 8);

  /* All the way back and forward again. */
  end = data_of (doc);
  while (acies_editor_document_undo (doc))
    ;
  {
    g_autofree char *back = data_of (doc);

    g_assert_cmpstr (back, ==, start);
  }
  while (acies_editor_document_redo (doc))
    ;
  {
    g_autofree char *forward = data_of (doc);

    g_assert_cmpstr (forward, ==, end);
  }
}

/* What the edits do to the order of battle. */
static void
test_order_of_battle (void)
{
  g_autoptr(AciesScenario) scenario = new_hex_scenario (10, 8);
  g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
  AciesScenario *s = acies_editor_document_get_scenario (doc);
  g_autofree char *side = acies_editor_document_add_side (doc, NULL);
  g_autofree char *other = acies_editor_document_add_side (doc, "Carthage");
  g_autofree char *wing = acies_editor_document_add_formation (doc, side, NULL);
  g_autofree char *sub = acies_editor_document_add_formation (doc, wing, NULL);
  g_autofree char *u1 = acies_editor_document_add_unit (doc, sub, "legion");
  g_autofree char *u2 = acies_editor_document_add_unit (doc, wing, "nonsense");
  g_autofree char *leader = acies_editor_document_add_leader (doc, wing, "");
  g_autofree char *copy = NULL;
  guint n_units = 0, n_leaders = 0;

  /* Defaults: names in words, colours and edges from the catalogue. */
  g_assert_cmpstr (acies_scenario_find_side (s, side)->name, ==, "Side 1");
  g_assert_cmpstr (acies_scenario_find_side (s, other)->name, ==, "Carthage");
  g_assert_cmpint (acies_scenario_find_side (s, side)->home_edge, !=, acies_scenario_find_side (s, other)->home_edge);
  g_assert_nonnull (u2);
  g_assert_cmpstr (acies_scenario_find_unit (s, u2)->type, ==,
                   ((AciesUnitType *) g_ptr_array_index (acies_editor_document_get_catalogue (doc)->unit_types, 0))->id);
  g_assert_null (acies_editor_document_add_unit (doc, "nowhere", "legion"));
  g_assert_cmpstr (acies_editor_document_kind_of (doc, sub), ==, "formation");
  g_assert_cmpstr (acies_editor_document_container_of (doc, u1), ==, sub);
  g_assert_cmpstr (acies_editor_document_side_of (doc, u1), ==, side);

  /* A formation cannot go under its own sub-formation; to another side it
   * takes its units along. */
  g_assert_false (acies_editor_document_reparent (doc, wing, sub));
  g_assert_true (acies_editor_document_reparent (doc, wing, other));
  g_assert_cmpstr (acies_scenario_find_unit (s, u1)->side, ==, other);
  g_assert_cmpstr (acies_scenario_find_formation (s, sub)->side, ==, other);
  g_assert_true (acies_editor_document_undo (doc));
  g_assert_cmpstr (acies_scenario_find_unit (s, u1)->side, ==, side);

  /* Duplicates go after the original, off the map. */
  g_assert_true (acies_editor_document_place (doc, u1, cell (doc, "0303")));
  copy = acies_editor_document_duplicate (doc, u1);
  g_assert_cmpint (acies_scenario_find_unit (s, copy)->cell, ==, ACIES_CELL_NONE);
  g_assert_true (g_ptr_array_index (s->units, 1) == acies_scenario_find_unit (s, copy));
  g_assert_null (acies_editor_document_duplicate (doc, side));

  /* Removing the wing: its sub-formation, units and leader go. */
  g_assert_cmpuint (acies_editor_document_count_removal (doc, wing, &n_units, &n_leaders), ==, 4);
  g_assert_cmpuint (n_units, ==, 3);
  g_assert_cmpuint (n_leaders, ==, 1);
  g_assert_cmpuint (acies_editor_document_count_removal (doc, other, NULL, NULL), ==, 0);
  g_assert_true (acies_editor_document_remove (doc, wing));
  g_assert_cmpuint (s->units->len, ==, 0);
  g_assert_cmpuint (s->leaders->len, ==, 0);
  g_assert_cmpuint (s->formations->len, ==, 0);
  g_assert_false (acies_editor_document_remove (doc, wing));
  g_assert_null (acies_editor_document_kind_of (doc, leader));
}

/* Facings: the four sides on Grass Crown squares (GC 2.1); rotating steps
 * clockwise among them; a unit's facing in words. */
static void
test_facings (void)
{
  g_autoptr(AciesScenario) scenario = load ("grass-crown/heraclea.acies");
  g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
  g_autoptr(GArray) facings = acies_editor_document_get_facings (doc);
  AciesScenario *s = acies_editor_document_get_scenario (doc);
  g_autofree char *unit = NULL;
  g_autofree char *north = NULL;
  g_autofree char *none = NULL;

  g_assert_cmpuint (facings->len, ==, 4);
  g_assert_cmpint (g_array_index (facings, gint, 1), ==, 2);
  unit = acies_editor_document_add_unit (doc, "laevinus", "H");
  g_assert_nonnull (unit);
  g_assert_true (acies_editor_document_rotate (doc, unit, -1));
  g_assert_cmpint (acies_scenario_find_unit (s, unit)->facing, ==, 0);
  g_assert_true (acies_editor_document_rotate (doc, unit, -1));
  g_assert_cmpint (acies_scenario_find_unit (s, unit)->facing, ==, 2);
  g_assert_true (acies_editor_document_set_field (doc, unit, "facing", "", FALSE));
  g_assert_cmpint (acies_scenario_find_unit (s, unit)->facing, ==, -1);
  g_assert_false (acies_editor_document_set_field (doc, unit, "facing", "9", FALSE));
  north = acies_editor_describe_facing (doc, 0);
  none = acies_editor_describe_facing (doc, -1);
  g_assert_cmpstr (north, ==, "North");
  g_assert_cmpstr (none, ==, "As the rules set it at the start");
}

/* Grass Crown pools (GC 3.1): a pool's Wing and draw are catalogue
 * parameters; an older file's members of those names give way to them;
 * the pool's summary in words. */
static void
test_pools (void)
{
  g_autoptr(AciesScenario) scenario = load ("grass-crown/heraclea.acies");
  g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
  AciesScenario *s = acies_editor_document_get_scenario (doc);
  AciesPool *pool = g_ptr_array_index (s->pools, 0);
  g_autofree char *before = NULL;
  g_autofree char *summary = NULL;
  g_autoptr(JsonNode) shown = NULL;
  gboolean short_of = TRUE;

  g_assert_true (acies_editor_document_pool_param_declared (doc, "formation"));
  g_assert_true (acies_editor_document_pool_param_declared (doc, "draw"));

  /* An older file keeps the Wing as the pool's member: the field shows it,
   * and setting it moves it into the parameters. */
  {
    char *wing = g_strdup (acies_editor_pool_formation (pool));

    g_free (pool->formation);
    pool->formation = wing;
  }
  if (pool->params != NULL && json_object_has_member (pool->params, "formation"))
    json_object_remove_member (pool->params, "formation");
  shown = acies_editor_document_get_param (doc, pool->id, NULL, "formation");
  g_assert_nonnull (shown);
  g_assert_cmpstr (json_node_get_string (shown), ==, pool->formation);
  g_assert_true (acies_editor_document_set_field (doc, pool->id, "formation",
                                                  json_node_get_string (shown), FALSE));
  g_assert_null (pool->formation);
  g_assert_cmpstr (acies_params_get_string (pool->params, "formation", NULL), ==, json_node_get_string (shown));
  g_assert_true (acies_editor_document_undo (doc));
  g_assert_nonnull (pool->formation);
  before = data_of (doc);

  /* Draw, through the field: into the parameters. */
  g_assert_true (acies_editor_document_set_field (doc, pool->id, "draw", "999", FALSE));
  g_assert_cmpint (acies_params_get_int (pool->params, "draw", 0), ==, 999);
  summary = acies_editor_pool_summary (s, pool, &short_of);
  g_test_message ("%s", summary);
  g_assert_true (short_of);
  g_assert_nonnull (strstr (summary, "but 999 are drawn"));
  g_assert_false (acies_editor_document_set_field (doc, pool->id, "draw", "999", FALSE));
  g_assert_true (acies_editor_document_undo (doc));
  {
    g_autofree char *after = data_of (doc);

    g_assert_cmpstr (after, ==, before);
  }
}

/* A parameter removed from the middle of its object comes back in its
 * place: the file undone is the file before, byte for byte. */
static void
test_param_order (void)
{
  g_autoptr(AciesScenario) scenario = load ("lost-battles/cannae.acies");
  g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
  AciesScenario *s = acies_editor_document_get_scenario (doc);
  g_autoptr(GList) names = json_object_get_members (s->params);
  g_autofree char *before = data_of (doc);
  g_autofree char *first = NULL;

  g_assert_cmpuint (g_list_length (names), >=, 2);
  first = g_strdup (names->data);
  g_assert_true (acies_editor_document_set_param (doc, "scenario", NULL, first, NULL, FALSE));
  g_assert_false (json_object_has_member (s->params, first));
  g_assert_true (acies_editor_document_undo (doc));
  {
    g_autofree char *undone = data_of (doc);
    g_autoptr(GList) again = json_object_get_members (s->params);

    g_assert_cmpstr (again->data, ==, first);
    g_assert_cmpstr (undone, ==, before);
  }
}

/* Typing in a field is one command; a save ends it. */
static void
test_merging (void)
{
  g_autoptr(AciesScenario) scenario = new_hex_scenario (6, 6);
  g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
  g_autofree char *start = data_of (doc);
  const char *typed[] = { "Z", "Za", "Zam", "Zama" };
  g_autofree char *area = NULL;
  AciesCell a = cell (doc, "0101"), b = cell (doc, "0102");

  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    g_assert_true (acies_editor_document_set_field (doc, "scenario", "title", typed[i], TRUE));
  g_assert_cmpuint (acies_editor_document_get_undo_depth (doc), ==, 1);
  g_assert_cmpstr (acies_editor_document_get_scenario (doc)->meta.title, ==, "Zama");
  g_assert_true (acies_editor_document_undo (doc));
  {
    g_autofree char *now = data_of (doc);

    g_assert_cmpstr (now, ==, start);
  }
  g_assert_true (acies_editor_document_redo (doc));
  g_assert_cmpstr (acies_editor_document_get_scenario (doc)->meta.title, ==, "Zama");

  /* An area painted in one stroke is one command. */
  area = acies_editor_document_add_area (doc, "objective", NULL, NULL);
  acies_editor_document_break_merge (doc);
  g_assert_cmpuint (acies_editor_document_paint_area (doc, area, &a, 1, TRUE, TRUE), ==, 1);
  g_assert_cmpuint (acies_editor_document_paint_area (doc, area, &a, 1, TRUE, TRUE), ==, 0);
  g_assert_cmpuint (acies_editor_document_paint_area (doc, area, &b, 1, TRUE, TRUE), ==, 1);
  g_assert_cmpuint (acies_editor_document_get_undo_depth (doc), ==, 3);
  acies_editor_document_undo (doc);
  g_assert_cmpuint (acies_scenario_find_area (acies_editor_document_get_scenario (doc), area)->cells->len, ==, 0);
  g_assert_null (acies_editor_document_add_area (doc, "no-such-kind", NULL, NULL));
}

/* Random edits, each undone and redone step by step. */

typedef struct
{
  AciesEditorDocument *doc;
  GRand               *rand;
} Run;

static const char *
random_part (Run        *run,
             GPtrArray  *array)
{
  if (array->len == 0)
    return NULL;
  return *(char **) g_ptr_array_index (array, g_rand_int_range (run->rand, 0, array->len));
}

static AciesCell
random_cell (Run *run)
{
  const AciesBoard *board = acies_editor_document_get_scenario (run->doc)->map.board;

  return g_rand_int_range (run->rand, 0, acies_board_get_n_cells (board));
}

static const char *
random_of (Run                *run,
           const char * const *choices)
{
  return choices[g_rand_int_range (run->rand, 0, g_strv_length ((char **) choices))];
}

static JsonNode *
random_value (Run *run)
{
  switch (g_rand_int_range (run->rand, 0, 4))
    {
    case 0:
      return json_node_init_int (json_node_alloc (), g_rand_int_range (run->rand, 0, 20));
    case 1:
      return json_node_init_string (json_node_alloc (), "value");
    case 2:
      return json_node_init_boolean (json_node_alloc (), TRUE);
    default:
      return NULL;
    }
}

/* A random parameter of @specs, or a made-up one. */
static const char *
random_param (Run       *run,
              GPtrArray *specs)
{
  if (specs == NULL || specs->len == 0 || g_rand_int_range (run->rand, 0, 5) == 0)
    return "made_up";
  return ((AciesParamSpec *) g_ptr_array_index (specs, g_rand_int_range (run->rand, 0, specs->len)))->id;
}

static void
random_edit (Run *run)
{
  AciesEditorDocument *doc = run->doc;
  AciesScenario *s = acies_editor_document_get_scenario (doc);
  AciesCatalogue *cat = acies_editor_document_get_catalogue (doc);
  const char *containers[3] = { random_part (run, s->sides), random_part (run, s->formations), NULL };
  const char *container = containers[g_rand_int_range (run->rand, 0, 2)];
  const char *unit = random_part (run, s->units);
  const char *any_unit = unit ? unit : random_part (run, s->leaders);
  g_autofree char *made = NULL;

  if (container == NULL)
    container = containers[0];

  switch (g_rand_int_range (run->rand, 0, 28))
    {
    case 0:
      made = acies_editor_document_add_side (doc, NULL);
      break;
    case 1:
      made = acies_editor_document_add_formation (doc, container, NULL);
      break;
    case 2:
    case 3:
      made = acies_editor_document_add_unit (doc, container, random_part (run, cat->unit_types));
      break;
    case 4:
      made = acies_editor_document_add_leader (doc, container, NULL);
      break;
    case 5:
      {
        GPtrArray *lists[] = { s->sides, s->formations, s->units, s->units, s->leaders, s->areas, s->pools };

        acies_editor_document_remove (doc, random_part (run, lists[g_rand_int_range (run->rand, 0, G_N_ELEMENTS (lists))]));
      }
      break;
    case 6:
      made = acies_editor_document_duplicate (doc, g_rand_boolean (run->rand) ? unit : random_part (run, s->formations));
      break;
    case 7:
      {
        GPtrArray *lists[] = { s->sides, s->formations, s->units, s->leaders, s->areas };

        acies_editor_document_move (doc, random_part (run, lists[g_rand_int_range (run->rand, 0, G_N_ELEMENTS (lists))]),
                                    g_rand_boolean (run->rand) ? 1 : -1);
      }
      break;
    case 8:
      acies_editor_document_reparent (doc, g_rand_boolean (run->rand) ? any_unit : random_part (run, s->formations),
                                      container);
      break;
    case 9:
    case 10:
      acies_editor_document_place (doc, any_unit, g_rand_int_range (run->rand, 0, 6) ? random_cell (run) : ACIES_CELL_NONE);
      break;
    case 11:
      acies_editor_document_rotate (doc, unit, g_rand_boolean (run->rand) ? -1 : g_rand_int_range (run->rand, 0, 8));
      break;
    case 12:
      if (cat->area_kinds->len > 0)
        made = acies_editor_document_add_area (doc, random_part (run, cat->area_kinds), NULL,
                                               g_rand_boolean (run->rand) ? containers[0] : NULL);
      break;
    case 13:
      {
        AciesCell cells[3] = { random_cell (run), random_cell (run), random_cell (run) };

        acies_editor_document_paint_area (doc, random_part (run, s->areas), cells, 3, g_rand_int_range (run->rand, 0, 4) != 0,
                                          g_rand_boolean (run->rand));
      }
      break;
    case 14:
      {
        gboolean victory = g_rand_boolean (run->rand);

        acies_editor_document_add_rule (doc, victory ? "victory" : "special",
                                        random_part (run, victory ? cat->victory_kinds : cat->special_rules));
      }
      break;
    case 15:
      acies_editor_document_remove_rule (doc, g_rand_boolean (run->rand) ? "victory" : "special",
                                         g_rand_int_range (run->rand, 0, 4));
      break;
    case 16:
      acies_editor_document_set_rule_side (doc, g_rand_boolean (run->rand) ? "victory" : "special",
                                           g_rand_int_range (run->rand, 0, 4), g_rand_boolean (run->rand) ? containers[0] : "");
      break;
    case 17:
      acies_editor_document_pool_add (doc, containers[0], random_part (run, cat->unit_types),
                                      g_rand_int_range (run->rand, 0, 4));
      break;
    case 18:
      {
        const char *pool = random_part (run, s->pools);

        acies_editor_document_pool_set_count (doc, pool, g_rand_int_range (run->rand, 0, 3),
                                              g_rand_int_range (run->rand, 0, 4));
      }
      break;
    case 19:
      acies_editor_document_reinforce (doc, unit, g_rand_int_range (run->rand, 0, 4));
      break;
    case 20:
      if (cat->tables->len > 0)
        {
          const AciesTable *table = g_ptr_array_index (cat->tables, g_rand_int_range (run->rand, 0, cat->tables->len));
          g_autoptr(JsonNode) value = g_rand_boolean (run->rand) ? json_from_string ("\"EX\"", NULL) : NULL;

          acies_editor_document_set_table_cell (doc, table->id,
                                                g_ptr_array_index (table->rows, g_rand_int_range (run->rand, 0, table->rows->len)),
                                                g_ptr_array_index (table->columns, g_rand_int_range (run->rand, 0, table->columns->len)),
                                                value);
        }
      break;
    case 21:
    case 22:
      {
        const char *scenario_fields[] = { "title", "date", "place", "description", "designer", "notes", "sources",
                                          "turn_limit", "first_side", NULL };
        const char *part_fields[] = { "name", "colour", "home_edge", "kind", "type", "facing", "cell2",
                                      "attached_to", "formation", "area", "draw", "side", NULL };
        const char *values[] = { "", "A new name", "1", "3", "#2a7fff", "0404", NULL };
        GPtrArray *lists[] = { s->sides, s->formations, s->units, s->leaders, s->areas, s->pools };
        const char *object = random_part (run, lists[g_rand_int_range (run->rand, 0, G_N_ELEMENTS (lists))]);
        const char *value = random_of (run, values);

        if (g_rand_int_range (run->rand, 0, 3) == 0)
          acies_editor_document_set_field (doc, "scenario", random_of (run, scenario_fields), value, g_rand_boolean (run->rand));
        else if (object != NULL)
          acies_editor_document_set_field (doc, object, random_of (run, part_fields), value, g_rand_boolean (run->rand));
      }
      break;
    case 23:
    case 24:
      {
        g_autoptr(JsonNode) value = random_value (run);
        const char *object = NULL;
        const char *which = NULL;
        GPtrArray *specs = NULL;

        switch (g_rand_int_range (run->rand, 0, 6))
          {
          case 0:
            object = "scenario";
            specs = cat->scenario_params;
            break;
          case 1:
            object = containers[0];
            specs = cat->side_params;
            break;
          case 2:
            object = unit;
            which = g_rand_boolean (run->rand) ? "hidden" : NULL;
            break;
          case 3:
            object = random_part (run, s->pools);
            specs = cat->pool_params;
            break;
          case 4:
            object = random_part (run, s->areas);
            break;
          default:
            if (s->pools->len > 0)
              made = g_strdup_printf ("pool:%s:0", random_part (run, s->pools));
            object = made;
            break;
          }
        if (object != NULL)
          acies_editor_document_set_param (doc, object, which, random_param (run, specs), value, g_rand_boolean (run->rand));
      }
      break;
    case 25:
      {
        AciesCell c = random_cell (run);

        acies_editor_document_paint_terrain (doc, &c, 1, random_part (run, cat->terrain), FALSE);
      }
      break;
    case 26:
      if (cat->cell_features->len > 0)
        {
          AciesCell c = random_cell (run);

          acies_editor_document_set_cell_feature (doc, &c, 1, random_part (run, cat->cell_features),
                                                  g_rand_boolean (run->rand), FALSE);
        }
      break;
    default:
      if (acies_board_get_kind (s->map.board) != ACIES_BOARD_ZONES && g_rand_int_range (run->rand, 0, 4) == 0)
        acies_editor_document_resize (doc, acies_board_get_width (s->map.board) + g_rand_int_range (run->rand, -2, 3),
                                      acies_board_get_height (s->map.board) + g_rand_int_range (run->rand, -2, 3));
      break;
    }
  if (g_rand_int_range (run->rand, 0, 3) == 0)
    acies_editor_document_break_merge (doc);
}

static void
random_run (AciesScenario *scenario,
            guint32        seed,
            guint          n_edits)
{
  g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  Run run = { doc, g_rand_new_with_seed (seed) };
  guint commands;

  /* states[k]: the scenario after k commands. */
  g_ptr_array_add (states, data_of (doc));
  for (guint i = 0; i < n_edits; i++)
    {
      guint depth = acies_editor_document_get_undo_depth (doc);

      random_edit (&run);
      if (acies_editor_document_get_undo_depth (doc) > depth)
        g_ptr_array_add (states, data_of (doc));
      else
        {
          /* Nothing changed, or the change joined the command on top. */
          g_free (g_ptr_array_index (states, states->len - 1));
          g_ptr_array_index (states, states->len - 1) = data_of (doc);
        }
    }
  commands = acies_editor_document_get_undo_depth (doc);
  g_assert_cmpuint (commands + 1, ==, states->len);
  g_test_message ("seed %u: %u edits, %u commands", seed, n_edits, commands);

  for (guint k = commands; k-- > 0;)
    {
      g_autofree char *now = NULL;

      g_assert_true (acies_editor_document_undo (doc));
      now = data_of (doc);
      if (g_strcmp0 (now, g_ptr_array_index (states, k)) != 0)
        g_error ("seed %u: undo to command %u did not restore the scenario", seed, k);
    }
  for (guint k = 1; k <= commands; k++)
    {
      g_autofree char *now = NULL;

      g_assert_true (acies_editor_document_redo (doc));
      now = data_of (doc);
      if (g_strcmp0 (now, g_ptr_array_index (states, k)) != 0)
        g_error ("seed %u: redo to command %u did not give the same scenario", seed, k);
    }
  /* And a new edit after undoing part of the way drops the rest. */
  for (guint k = 0; k < commands / 2; k++)
    acies_editor_document_undo (doc);
  random_edit (&run);
  g_rand_free (run.rand);
}

static void
test_random_runs (void)
{
  const char *files[] = { "grass-crown/heraclea.acies", "lost-battles/cannae.acies",
                          "samples/four-battles-sample.acies", "lost-battles/gaugamela.acies" };
  guint n_edits = g_test_slow () ? 2000 : 300;

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    for (guint32 seed = 1; seed <= 3; seed++)
      {
        g_autoptr(AciesScenario) scenario = load (files[f]);

        g_test_message ("%s", files[f]);
        random_run (scenario, seed * 7919 + f, n_edits);
      }
}

/* Bench: a unit's move keeps its cells, not the scenario: the undo record
 * is as large with 5,000 units as with 50, and memory stays flat over
 * 100 moves. */
static AciesScenario *
army (guint n_units)
{
  g_autoptr(AciesBoard) board = acies_board_new_hex (120, 80, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  AciesScenario *s;

  acies_board_set_label_scheme (board, ACIES_LABEL_XXYY);
  s = acies_scenario_new ("four-battles", board, "clear");
  g_ptr_array_add (s->sides, acies_side_new ("a", "A"));
  for (guint i = 0; i < n_units; i++)
    {
      g_autofree char *id = g_strdup_printf ("u-%u", i);
      AciesUnit *u = acies_unit_new (id, "a", "legion");

      u->name = g_strdup_printf ("Legion %u", i);
      json_object_set_int_member (u->attrs, "sp", 6);
      u->cell = i % (120 * 80);
      g_ptr_array_add (s->units, u);
    }
  return s;
}

static void
test_bench_unit_moves (void)
{
  guint sizes[] = { 50, 5000 };
  gsize per_move[2] = { 0, 0 };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      g_autoptr(AciesScenario) scenario = army (sizes[k]);
      g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
      struct mallinfo2 before, after;
      gint64 start, elapsed;
      guint n_commands = 0;
      gsize history;

      before = mallinfo2 ();
      start = g_get_monotonic_time ();
      for (guint i = 0; i < 100; i++)
        {
          g_autofree char *id = g_strdup_printf ("u-%u", (i * 37) % sizes[k]);

          g_assert_true (acies_editor_document_place (doc, id, (i * 7919 + 1) % (120 * 80)));
        }
      elapsed = g_get_monotonic_time () - start;
      after = mallinfo2 ();
      history = acies_editor_document_get_history_size (doc, &n_commands);
      g_assert_cmpuint (n_commands, ==, 100);
      per_move[k] = history / n_commands;
      g_printerr ("# bench unit moves, %u units on 120x80 hex: %zu bytes per undo record (history), "
                  "%+.0f bytes per move (heap), %.3f ms per move\n",
                  sizes[k], per_move[k], ((double) after.uordblks - before.uordblks) / 100, elapsed / 1000.0 / 100);
      /* Memory flat over 100 moves: not a copy of the army per move. */
      g_assert_cmpfloat (((double) after.uordblks - before.uordblks) / 100, <, 4096);
    }
  g_assert_cmpuint (per_move[0], ==, per_move[1]);
  g_assert_cmpuint (per_move[1], <, 512);
}

/* The live problem list: items, counts, the summary; a new validation
 * keeps the items that did not change. */
static void
test_problem_list (void)
{
  g_autoptr(AciesScenario) scenario = load ("lost-battles/cannae.acies");
  g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
  g_autoptr(AciesProblemList) list = acies_problem_list_new ();
  AciesScenario *s = acies_editor_document_get_scenario (doc);
  g_autoptr(AciesProblemItem) first = NULL;
  guint n;

  acies_problem_list_set_document (list, doc);
  g_assert_cmpuint (acies_problem_list_get_n_errors (list), ==, 0);
  g_assert_cmpstr (acies_problem_list_get_summary (list), ==, "No problems: the scenario can be played.");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==,
                    acies_problem_list_get_problems (list)->len);

  /* Two units in one place of the same side's… an attribute out of range
   * instead: an error that names the unit in words. */
  {
    AciesUnit *u = g_ptr_array_index (s->units, 0);
    g_autoptr(JsonNode) bad = json_from_string ("-5", NULL);
    g_autoptr(GList) names = json_object_get_members (u->attrs);
    const char *attr = names ? names->data : "sp";

    g_assert_true (acies_editor_document_set_param (doc, u->id, NULL, attr, bad, FALSE));
    acies_problem_list_validate (list);
    n = g_list_model_get_n_items (G_LIST_MODEL (list));
    g_assert_cmpuint (n, >, 0);
    g_assert_cmpuint (acies_problem_list_get_n_errors (list), >, 0);
    first = g_list_model_get_item (G_LIST_MODEL (list), 0);
    g_test_message ("%s: %s", acies_problem_item_get_place (first), acies_problem_item_get_message (first));
    g_assert_false (g_str_has_prefix (acies_problem_item_get_place (first), "$."));
    g_assert_nonnull (strstr (acies_problem_item_get_place (first), u->name));
    g_assert_true (acies_problem_item_get_is_error (first));
    /* "1 error", "2 errors": the count in the right number. */
    {
      guint errors = acies_problem_list_get_n_errors (list);
      g_autofree char *count = g_strdup_printf (errors == 1 ? "%u error" : "%u errors", errors);
      const char *summary = acies_problem_list_get_summary (list);

      g_assert_true (g_str_has_prefix (summary, count));
      g_assert_false (g_str_has_prefix (summary, "1 errors"));
    }
  }

  /* Validating the same scenario again keeps the same items. */
  acies_problem_list_validate (list);
  {
    g_autoptr(AciesProblemItem) again = g_list_model_get_item (G_LIST_MODEL (list), 0);

    g_assert_true (again == first);
  }
  g_assert_true (acies_editor_document_undo (doc));
  acies_problem_list_validate (list);
  g_assert_cmpuint (acies_problem_list_get_n_errors (list), ==, 0);
}

static void
test_words (void)
{
  g_autofree char *both = acies_editor_describe_losses (7, 2);
  g_autofree char *one = acies_editor_describe_losses (1, 0);
  g_autofree char *leaders = acies_editor_describe_losses (0, 2);
  g_autofree char *fb = acies_editor_describe_unplayable ("four-battles");
  g_autofree char *none = acies_editor_describe_unplayable (NULL);
  g_autofree char *gc = acies_editor_describe_unplayable ("grass-crown");
  g_autoptr(AciesScenario) scenario = load ("grass-crown/heraclea.acies");
  g_autoptr(AciesEditorDocument) doc = acies_editor_document_new (scenario, NULL);
  g_autofree char *area = NULL;
  g_autofree char *unknown = NULL;
  g_autofree char *param = NULL;

  g_assert_cmpstr (both, ==, "7 units and 2 leaders");
  g_assert_cmpstr (one, ==, "1 unit");
  g_assert_cmpstr (leaders, ==, "2 leaders");
  g_assert_nonnull (strstr (fb, "cannot play"));
  g_assert_nonnull (none);
  g_assert_null (gc);

  area = acies_editor_describe_problem_path (doc, "$.areas[0].cells");
  g_test_message ("%s", area);
  g_assert_nonnull (area);
  g_assert_true (g_str_has_suffix (area, "› Cells"));
  g_assert_nonnull (strstr (area, ((AciesArea *) g_ptr_array_index (scenario->areas, 0))->name));
  unknown = acies_editor_describe_problem_path (doc, "$.nowhere");
  g_assert_null (unknown);
  param = acies_editor_describe_problem_path (doc, "$.pools[0].params.draw");
  g_test_message ("%s", param);
  g_assert_nonnull (strstr (param, "pool"));

  /* Issue 17 item 9: a problem about a whole part is placed by the
   * editor's page, never by its JSON path; "1 error", not "1 errors". */
  {
    g_autofree char *sides = acies_editor_describe_problem_path (doc, "$.sides");
    g_autofree char *terrain = acies_editor_describe_problem_path (doc, "$.map.terrain");
    g_autofree char *whole = acies_editor_describe_problem_path (doc, "$");
    g_autofree char *sidesx = acies_editor_describe_problem_path (doc, "$.sidesx");
    g_autofree char *one = acies_editor_describe_problems (doc, 1, 0);
    g_autofree char *mixed = acies_editor_describe_problems (doc, 2, 1);
    g_autofree char *warned = acies_editor_describe_problems (doc, 0, 3);

    g_assert_cmpstr (sides, ==, "Sides");
    g_assert_cmpstr (terrain, ==, "Map › Terrain");
    g_assert_cmpstr (whole, ==, "Scenario");
    g_assert_null (sidesx);
    g_assert_cmpstr (one, ==, "1 error. Click a problem to show it.");
    g_assert_cmpstr (mixed, ==, "2 errors, 1 warning. Click a problem to show it.");
    g_assert_cmpstr (warned, ==, "3 warnings. Click a problem to show it.");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("acies-editor-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/editor/edits/every-edit", test_every_edit);
  g_test_add_func ("/acies/editor/edits/order-of-battle", test_order_of_battle);
  g_test_add_func ("/acies/editor/edits/facings", test_facings);
  g_test_add_func ("/acies/editor/edits/pools", test_pools);
  g_test_add_func ("/acies/editor/edits/param-order", test_param_order);
  g_test_add_func ("/acies/editor/edits/merging", test_merging);
  g_test_add_func ("/acies/editor/edits/random-runs", test_random_runs);
  g_test_add_func ("/acies/editor/edits/bench-unit-moves", test_bench_unit_moves);
  g_test_add_func ("/acies/editor/edits/problem-list", test_problem_list);
  g_test_add_func ("/acies/editor/edits/words", test_words);

  return g_test_run ();
}
