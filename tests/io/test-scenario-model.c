/* test-scenario-model.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "model/acies-check.h"
#include "rulesets/acies-ruleset.h"
#include "io/acies-scenario-io.h"

/* The scenario value object: deep copies, field-by-field equality, map
 * access with interned ids, board resizing, parameter helpers, and a
 * scenario built in code surviving a write and a read. */

static AciesCell
cell (AciesScenario *scenario,
      const char    *label)
{
  AciesCell c = acies_board_cell_from_label (scenario->map.board, label);

  g_assert_cmpint (c, !=, ACIES_CELL_NONE);

  return c;
}

/* A grass-crown scenario with one of everything. */
static AciesScenario *
build (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (8, 6);
  AciesScenario *scenario = acies_scenario_new ("grass-crown", board, "clear");
  AciesSide *side;
  AciesFormation *formation;
  AciesUnit *unit;
  AciesLeader *leader;
  AciesPool *pool;
  AciesPoolEntry *entry;
  AciesArea *area;
  AciesReinforcement *reinforcement;
  AciesRuleEntry *rule;
  AciesCell a;

  scenario->meta.title = g_strdup ("Built");
  g_ptr_array_add (scenario->meta.sources, g_strdup ("test"));

  side = acies_side_new ("red", "Red");
  side->colour = g_strdup ("#c01c28");
  side->home_edge = ACIES_MAP_EDGE_SOUTH;
  json_object_set_int_member (side->params, "vp_plus5", 8);
  json_object_set_int_member (side->params, "final_vp", 12);
  g_ptr_array_add (scenario->sides, side);
  side = acies_side_new ("blue", "Blue");
  side->home_edge = ACIES_MAP_EDGE_NORTH;
  json_object_set_int_member (side->params, "vp_plus5", 8);
  json_object_set_int_member (side->params, "final_vp", 12);
  g_ptr_array_add (scenario->sides, side);

  formation = acies_formation_new ("pink", "red", "wing");
  json_object_set_string_member (formation->params, "colour", "pink");
  g_ptr_array_add (scenario->formations, formation);

  unit = acies_unit_new ("u1", "red", "L");
  unit->formation = g_strdup ("pink");
  json_object_set_string_member (unit->attrs, "cc", "B");
  unit->hidden = json_object_new ();
  json_object_set_string_member (unit->hidden, "back", "brittle");
  unit->cell = cell (scenario, "C4");
  unit->facing = 0;
  g_ptr_array_add (scenario->units, unit);

  unit = acies_unit_new ("u2", "blue", "L");
  json_object_set_string_member (unit->attrs, "cc", "A");
  unit->cell = cell (scenario, "B2");
  unit->facing = 4;
  g_ptr_array_add (scenario->units, unit);

  unit = acies_unit_new ("u3", "blue", "L");
  json_object_set_string_member (unit->attrs, "cc", "C");
  g_ptr_array_add (scenario->units, unit);

  leader = acies_leader_new ("boss", "red", "general");
  leader->cell = cell (scenario, "C4");
  leader->attached_to = g_strdup ("u1");
  g_ptr_array_add (scenario->leaders, leader);

  area = acies_area_new ("red-setup", "setup");
  area->side = g_strdup ("red");
  json_object_set_string_member (area->params, "unit_type", "L");
  json_object_set_int_member (area->params, "count", 2);
  a = cell (scenario, "A5");
  g_array_append_val (area->cells, a);
  a = cell (scenario, "H6");
  g_array_append_val (area->cells, a);
  g_ptr_array_add (scenario->areas, area);

  pool = acies_pool_new ("pool", "red");
  pool->area = g_strdup ("red-setup");
  pool->draw = 2;
  entry = acies_pool_entry_new ("L", 3);
  json_object_set_string_member (entry->attrs, "cc", "B");
  g_ptr_array_add (pool->entries, entry);
  g_ptr_array_add (scenario->pools, pool);

  reinforcement = acies_reinforcement_new ("late", "blue", 3);
  g_ptr_array_add (reinforcement->units, g_strdup ("u3"));
  g_ptr_array_add (scenario->reinforcements, reinforcement);

  rule = acies_rule_entry_new ("triplex-acies");
  rule->side = g_strdup ("red");
  g_ptr_array_add (scenario->special_rules, rule);

  acies_map_set_terrain (&scenario->map, cell (scenario, "D4"), "broken");
  acies_map_add_edge_feature (&scenario->map,
                              acies_board_edge_between (board, cell (scenario, "D4"), cell (scenario, "D5")),
                              "river");
  scenario->map.elevation[cell (scenario, "E5")] = 2;
  scenario->turn_limit = 10;
  scenario->first_side = g_strdup ("red");

  return scenario;
}

static void
test_copy_equal (void)
{
  g_autoptr(AciesScenario) scenario = build ();
  AciesScenario *copy;
  AciesUnit *unit;

  copy = acies_scenario_copy (scenario);
  g_assert_true (acies_scenario_equal (scenario, copy));
  g_assert_true (acies_scenario_equal (copy, scenario));

  /* The copy is deep: changing its JSON leaves the original alone. */
  unit = g_ptr_array_index (copy->units, 0);
  json_object_set_string_member (unit->attrs, "cc", "C");
  g_assert_false (acies_scenario_equal (scenario, copy));
  unit = g_ptr_array_index (scenario->units, 0);
  g_assert_cmpstr (acies_params_get_string (unit->attrs, "cc", NULL), ==, "B");
  acies_scenario_unref (copy);

  copy = acies_scenario_copy (scenario);
  acies_map_set_terrain (&copy->map, 0, "broken");
  g_assert_false (acies_scenario_equal (scenario, copy));
  acies_scenario_unref (copy);

  copy = acies_scenario_copy (scenario);
  copy->map.elevation[3] = 1;
  g_assert_false (acies_scenario_equal (scenario, copy));
  acies_scenario_unref (copy);

  copy = acies_scenario_copy (scenario);
  acies_map_add_edge_feature (&copy->map, 0, "stream");
  g_assert_false (acies_scenario_equal (scenario, copy));
  acies_scenario_unref (copy);

  copy = acies_scenario_copy (scenario);
  ((AciesUnit *) g_ptr_array_index (copy->units, 1))->facing = 2;
  g_assert_false (acies_scenario_equal (scenario, copy));
  acies_scenario_unref (copy);

  copy = acies_scenario_copy (scenario);
  ((AciesPoolEntry *) g_ptr_array_index (((AciesPool *) g_ptr_array_index (copy->pools, 0))->entries, 0))->count = 4;
  g_assert_false (acies_scenario_equal (scenario, copy));
  acies_scenario_unref (copy);

  copy = acies_scenario_copy (scenario);
  g_array_set_size (((AciesArea *) g_ptr_array_index (copy->areas, 0))->cells, 1);
  g_assert_false (acies_scenario_equal (scenario, copy));
  acies_scenario_unref (copy);

  copy = acies_scenario_copy (scenario);
  json_object_set_int_member (copy->params, "x", 1);
  g_assert_false (acies_scenario_equal (scenario, copy));
  acies_scenario_unref (copy);

  copy = acies_scenario_copy (scenario);
  g_free (copy->meta.title);
  copy->meta.title = g_strdup ("Other");
  g_assert_false (acies_scenario_equal (scenario, copy));
  acies_scenario_unref (copy);

  /* A missing parameter object equals an empty one. */
  copy = acies_scenario_copy (scenario);
  g_assert_null (copy->table_overrides);
  copy->table_overrides = json_object_new ();
  g_assert_true (acies_scenario_equal (scenario, copy));
  acies_scenario_unref (copy);
}

static void
test_boxed (void)
{
  g_autoptr(AciesScenario) scenario = build ();
  AciesScenario *copy = g_boxed_copy (ACIES_TYPE_SCENARIO, scenario);

  /* Boxed copy is a new reference to the same value object. */
  g_assert_true (copy == scenario);
  g_assert_cmpint (scenario->ref_count, ==, 2);
  g_boxed_free (ACIES_TYPE_SCENARIO, copy);
  g_assert_cmpint (scenario->ref_count, ==, 1);
}

static void
test_map_access (void)
{
  g_autoptr(AciesScenario) scenario = build ();
  AciesMap *map = &scenario->map;
  char name[] = "hill";
  AciesCell c = cell (scenario, "A1");
  AciesEdge edge = acies_board_edge_of (map->board, c, 2);

  /* Ids are interned: rules compare them by pointer. */
  g_assert_true (acies_map_get_terrain (map, cell (scenario, "D4")) == g_intern_string ("broken"));
  g_assert_true (acies_map_get_terrain (map, c) == g_intern_string ("clear"));
  g_assert_null (acies_map_get_terrain (map, 999));

  g_assert_false (acies_map_cell_has_feature (map, c, "hill"));
  acies_map_add_cell_feature (map, c, name);
  acies_map_add_cell_feature (map, c, "hill");
  g_assert_true (acies_map_cell_has_feature (map, c, "hill"));
  g_assert_cmpuint (map->cell_features[c]->len, ==, 1);
  g_assert_true (g_ptr_array_index (map->cell_features[c], 0) == g_intern_string ("hill"));
  acies_map_remove_cell_feature (map, c, "hill");
  g_assert_false (acies_map_cell_has_feature (map, c, "hill"));
  g_assert_null (map->cell_features[c]);

  g_assert_cmpint (edge, !=, ACIES_EDGE_NONE);
  acies_map_add_edge_feature (map, edge, "stream");
  g_assert_true (acies_map_edge_has_feature (map, edge, "stream"));
  g_assert_false (acies_map_edge_has_feature (map, edge, "river"));
  acies_map_remove_edge_feature (map, edge, "stream");
  g_assert_false (acies_map_edge_has_feature (map, edge, "stream"));
}

static void
test_find (void)
{
  g_autoptr(AciesScenario) scenario = build ();
  AciesArea *area;

  g_assert_cmpstr (acies_scenario_find_side (scenario, "blue")->name, ==, "Blue");
  g_assert_null (acies_scenario_find_side (scenario, "green"));
  g_assert_cmpint (acies_scenario_side_index (scenario, "blue"), ==, 1);
  g_assert_cmpint (acies_scenario_side_index (scenario, "green"), ==, -1);
  g_assert_cmpstr (acies_scenario_find_formation (scenario, "pink")->side, ==, "red");
  g_assert_cmpstr (acies_scenario_find_unit (scenario, "u2")->side, ==, "blue");
  g_assert_cmpstr (acies_scenario_find_leader (scenario, "boss")->attached_to, ==, "u1");
  g_assert_cmpuint (acies_scenario_find_pool (scenario, "pool")->draw, ==, 2);
  g_assert_null (acies_scenario_find_unit (scenario, NULL));

  area = acies_scenario_find_area (scenario, "red-setup");
  g_assert_true (acies_area_contains (area, cell (scenario, "A5")));
  g_assert_true (acies_area_contains (area, cell (scenario, "H6")));
  g_assert_false (acies_area_contains (area, cell (scenario, "A4")));
}

static void
test_params (void)
{
  g_autoptr(JsonObject) params = json_object_new ();

  json_object_set_int_member (params, "n", 7);
  json_object_set_double_member (params, "x", 2.5);
  json_object_set_string_member (params, "s", "text");
  json_object_set_boolean_member (params, "b", TRUE);

  g_assert_cmpint (acies_params_get_int (params, "n", -1), ==, 7);
  g_assert_cmpint (acies_params_get_int (params, "x", -1), ==, 2);
  g_assert_cmpint (acies_params_get_int (params, "s", -1), ==, -1);
  g_assert_cmpint (acies_params_get_int (params, "missing", 5), ==, 5);
  g_assert_cmpint (acies_params_get_int (NULL, "n", 5), ==, 5);
  g_assert_cmpstr (acies_params_get_string (params, "s", NULL), ==, "text");
  g_assert_cmpstr (acies_params_get_string (params, "n", "fallback"), ==, "fallback");
  g_assert_true (acies_params_get_bool (params, "b", FALSE));
  g_assert_false (acies_params_get_bool (params, "n", FALSE));
}

static void
test_resize (void)
{
  g_autoptr(AciesScenario) scenario = build ();
  g_autoptr(AciesBoard) smaller = acies_board_new_square (10, 4);
  g_autoptr(AciesBoard) hex = acies_board_new_hex (5, 5, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  AciesUnit *u1 = g_ptr_array_index (scenario->units, 0);
  AciesUnit *u2 = g_ptr_array_index (scenario->units, 1);
  AciesArea *area = g_ptr_array_index (scenario->areas, 0);
  AciesCell d4, d3;

  acies_scenario_set_board (scenario, smaller, "clear");

  g_assert_cmpuint (acies_board_get_n_cells (scenario->map.board), ==, 40);
  /* B2 is still on the board, C4 too; A5 and H6 are not. */
  g_assert_cmpstr (acies_board_cell_label (scenario->map.board, u2->cell), ==, "B2");
  g_assert_cmpstr (acies_board_cell_label (scenario->map.board, u1->cell), ==, "C4");
  g_assert_cmpuint (area->cells->len, ==, 0);

  d4 = cell (scenario, "D4");
  d3 = cell (scenario, "D3");
  g_assert_true (acies_map_get_terrain (&scenario->map, d4) == g_intern_string ("broken"));
  g_assert_true (acies_map_get_terrain (&scenario->map, cell (scenario, "J1")) == g_intern_string ("clear"));
  /* The river between D4 and D5 is now on the map border south of D4. */
  g_assert_true (acies_map_edge_has_feature (&scenario->map, acies_board_edge_of (scenario->map.board, d4, 4), "river"));
  g_assert_false (acies_map_edge_has_feature (&scenario->map, acies_board_edge_between (scenario->map.board, d3, d4), "river"));

  /* Another kind of board resets the map and takes every unit off. */
  acies_scenario_set_board (scenario, hex, "clear");
  g_assert_cmpint (u1->cell, ==, ACIES_CELL_NONE);
  g_assert_cmpint (u2->cell, ==, ACIES_CELL_NONE);
  for (guint i = 0; i < acies_board_get_n_cells (hex); i++)
    g_assert_true (scenario->map.terrain[i] == g_intern_string ("clear"));
}

/* A scenario built in code is written and read back equal, and checks
 * clean against its catalogue. */
static void
test_built_round_trip (void)
{
  g_autoptr(AciesScenario) scenario = build ();
  g_autoptr(AciesScenario) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  g_autofree char *text = acies_scenario_to_data (scenario, NULL);
  g_autofree char *text2 = NULL;

  g_test_message ("%s", text);
  again = acies_scenario_load_data (text, -1, "built.acies", &error);
  g_assert_no_error (error);
  g_assert_true (acies_scenario_equal (scenario, again));
  text2 = acies_scenario_to_data (again, NULL);
  g_assert_cmpstr (text, ==, text2);

  g_assert_nonnull (strstr (text, "\"broken\""));
  g_assert_null (strstr (text, "null"));
}

/* Generic checks on problems built in code, with the path, id and cell. */
static void
test_check_problems (void)
{
  g_autoptr(AciesScenario) scenario = build ();
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");
  AciesUnit *unit;
  AciesPool *pool;
  gboolean stacking = FALSE, draw = FALSE, terrain = FALSE, type = FALSE, facing = FALSE, unknown_attr = FALSE;

  g_assert_nonnull (catalogue);

  /* Grass Crown has no leader counters and no edge features. */
  g_ptr_array_set_size (scenario->leaders, 0);
  acies_map_remove_edge_feature (&scenario->map,
                                 acies_board_edge_between (scenario->map.board, cell (scenario, "D4"), cell (scenario, "D5")),
                                 "river");

  acies_scenario_check (scenario, catalogue, problems);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("clean? %s: %s", ((AciesProblem *) g_ptr_array_index (problems, i))->path,
                    ((AciesProblem *) g_ptr_array_index (problems, i))->message);
  g_assert_false (acies_problems_has_errors (problems));
  g_ptr_array_set_size (problems, 0);

  unit = g_ptr_array_index (scenario->units, 1);
  unit->cell = cell (scenario, "C4");           /* stacks with u1 */
  unit->facing = 9;                             /* a square has 8 directions */
  json_object_set_int_member (unit->attrs, "colour", 3);
  unit = g_ptr_array_index (scenario->units, 2);
  g_free (unit->type);
  unit->type = g_strdup ("Z");
  pool = g_ptr_array_index (scenario->pools, 0);
  pool->draw = 4;                               /* holds 3 */
  acies_map_set_terrain (&scenario->map, cell (scenario, "H1"), "lava");

  acies_scenario_check (scenario, catalogue, problems);
  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", problem->path, problem->message);
      if (g_str_equal (problem->path, "$.units[1].cell") && problem->cell == cell (scenario, "C4") &&
          g_strcmp0 (problem->object_id, "u2") == 0)
        stacking = TRUE;
      if (g_str_equal (problem->path, "$.pools[0].draw") && g_strcmp0 (problem->object_id, "pool") == 0)
        draw = TRUE;
      if (g_str_equal (problem->path, "$.map.terrain.H1") && problem->cell == cell (scenario, "H1"))
        terrain = TRUE;
      if (g_str_equal (problem->path, "$.units[2].type") && g_strcmp0 (problem->object_id, "u3") == 0)
        type = TRUE;
      if (g_str_equal (problem->path, "$.units[1].facing"))
        facing = TRUE;
      if (g_str_equal (problem->path, "$.units[1].attrs.colour"))
        unknown_attr = TRUE;
    }
  g_assert_true (stacking);
  g_assert_true (draw);
  g_assert_true (terrain);
  g_assert_true (type);
  g_assert_true (facing);
  g_assert_true (unknown_attr);
}

/* The structure check finds dangling references. */
static void
test_check_structure (void)
{
  g_autoptr(AciesScenario) scenario = build ();
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  AciesLeader *leader = g_ptr_array_index (scenario->leaders, 0);
  AciesFormation *formation = g_ptr_array_index (scenario->formations, 0);
  gboolean attached = FALSE, loop = FALSE, first = FALSE;

  acies_scenario_check_structure (scenario, problems);
  g_assert_cmpuint (problems->len, ==, 0);

  g_free (leader->attached_to);
  leader->attached_to = g_strdup ("ghost");
  formation->parent = g_strdup ("pink");
  g_free (scenario->first_side);
  scenario->first_side = g_strdup ("green");

  acies_scenario_check_structure (scenario, problems);
  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", problem->path, problem->message);
      attached |= g_str_equal (problem->path, "$.leaders[0].attached_to");
      loop |= g_str_equal (problem->path, "$.formations[0].parent");
      first |= g_str_equal (problem->path, "$.first_side");
    }
  g_assert_true (attached);
  g_assert_true (loop);
  g_assert_true (first);
}

/* Counts the problems of @severity at @path, optionally naming @object_id
 * and containing @text. */
static guint
count_problems (GPtrArray            *problems,
                AciesProblemSeverity  severity,
                const char           *path,
                const char           *object_id,
                const char           *text)
{
  guint n = 0;

  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", problem->path, problem->message);
      if (problem->severity == severity && g_strcmp0 (problem->path, path) == 0
          && (object_id == NULL || g_strcmp0 (problem->object_id, object_id) == 0)
          && (text == NULL || strstr (problem->message, text) != NULL))
        n++;
    }

  return n;
}

/* Every known ruleset is two-player: zero or three sides is an error. */
static void
test_check_two_sides (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (8, 6);
  g_autoptr(AciesScenario) empty = acies_scenario_new ("grass-crown", board, "clear");
  g_autoptr(AciesScenario) scenario = build ();
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");

  acies_scenario_check (empty, catalogue, problems);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides", NULL, "has 0"), ==, 1);
  g_assert_true (acies_problems_has_errors (problems));
  g_ptr_array_set_size (problems, 0);

  acies_scenario_check (scenario, catalogue, problems);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides", NULL, NULL), ==, 0);
  g_ptr_array_set_size (problems, 0);

  g_ptr_array_add (scenario->sides, acies_side_new ("green", "Green"));
  acies_scenario_check (scenario, catalogue, problems);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides", NULL, "has 3"), ==, 1);
  /* The third side has nothing to fight with: an error, as Grass Crown plays. */
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides[2]", "green", "“Green” has no units"), ==, 1);
}

/* A side with no unit on the map, in a pool or in reinforcements is an
 * error for a ruleset that plays (Grass Crown): Play would start an empty
 * game.  Each of the three counts. */
static void
test_check_empty_side (void)
{
  g_autoptr(AciesScenario) scenario = build ();
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");
  AciesUnit *u1 = g_ptr_array_index (scenario->units, 0);
  AciesUnit *u2 = g_ptr_array_index (scenario->units, 1);

  /* Blue: u2 on the map and u3 in reinforcements; red: u1 and a pool. */
  acies_scenario_check (scenario, catalogue, problems);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides[0]", NULL, NULL), ==, 0);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides[1]", NULL, NULL), ==, 0);
  g_ptr_array_set_size (problems, 0);

  /* Blue keeps only its reinforcement; red only its pool. */
  u2->cell = ACIES_CELL_NONE;
  u1->cell = ACIES_CELL_NONE;
  g_clear_pointer (&((AciesLeader *) g_ptr_array_index (scenario->leaders, 0))->attached_to, g_free);
  acies_scenario_check (scenario, catalogue, problems);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides[0]", NULL, NULL), ==, 0);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides[1]", NULL, NULL), ==, 0);
  g_ptr_array_set_size (problems, 0);

  /* Neither: both sides are errors, by name. */
  g_ptr_array_set_size (scenario->reinforcements, 0);
  g_ptr_array_set_size (scenario->pools, 0);
  acies_scenario_check (scenario, catalogue, problems);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides[0]", "red", "Red"), ==, 1);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides[1]", "blue", "Blue"), ==, 1);
}

/* The rulesets' validate reports what their new_state would refuse. */
static void
test_validate_ruleset_refusals (void)
{
  g_autoptr(AciesBoard) square = acies_board_new_square (8, 6);
  g_autoptr(AciesBoard) zones = acies_board_new_zones_named ((const char * const *) acies_catalogue_get_bundled ("lost-battles")->zone_names);
  g_autoptr(AciesScenario) gc_empty = acies_scenario_new ("grass-crown", square, "clear");
  g_autoptr(AciesScenario) gc = build ();
  g_autoptr(AciesScenario) lb = acies_scenario_new ("lost-battles", zones, "clear");
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  g_autoptr(GError) error = NULL;

  /* No sides: the common check says so once; the ruleset adds nothing. */
  g_assert_true (acies_scenario_validate (gc_empty, problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides", NULL, "has 0"), ==, 1);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides", NULL, NULL), ==, 1);
  g_ptr_array_set_size (problems, 0);

  /* build()'s u2 belongs to no wing: GC 2.2 refuses it at New Game; the
   * problem points at the unit and asks for its Wing. */
  g_assert_true (acies_scenario_validate (gc, problems, &error));
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.units[1]", "u2", "choose its Wing (GC 2.2)"), ==, 1);
  g_ptr_array_set_size (problems, 0);
  g_ptr_array_add (gc->formations, acies_formation_new ("gold", "blue", "wing"));
  for (guint i = 1; i < 3; i++)
    ((AciesUnit *) g_ptr_array_index (gc->units, i))->formation = g_strdup ("gold");
  g_assert_true (acies_scenario_validate (gc, problems, &error));
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$", NULL, "GC"), ==, 0);
  g_ptr_array_set_size (problems, 0);

  g_ptr_array_add (lb->sides, acies_side_new ("rome", "Rome"));
  g_assert_true (acies_scenario_validate (lb, problems, &error));
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides", NULL, "has 1"), ==, 1);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides", NULL, NULL), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/model/copy-equal", test_copy_equal);
  g_test_add_func ("/acies/model/boxed", test_boxed);
  g_test_add_func ("/acies/model/map-access", test_map_access);
  g_test_add_func ("/acies/model/find", test_find);
  g_test_add_func ("/acies/model/params", test_params);
  g_test_add_func ("/acies/model/resize", test_resize);
  g_test_add_func ("/acies/model/built-round-trip", test_built_round_trip);
  g_test_add_func ("/acies/model/check-problems", test_check_problems);
  g_test_add_func ("/acies/model/check-structure", test_check_structure);
  g_test_add_func ("/acies/model/check/two-sides", test_check_two_sides);
  g_test_add_func ("/acies/model/check/empty-side", test_check_empty_side);
  g_test_add_func ("/acies/model/validate/ruleset-refusals", test_validate_ruleset_refusals);

  return g_test_run ();
}
