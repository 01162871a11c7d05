/* test-gc-editor-built.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "model/acies-check.h"
#include "model/acies-problem.h"

#include "gc-test-common.h"

/*
 * A Grass Crown battle made in the editor from nothing ("Fords of Aous":
 * 14 × 10 squares, Romans and Macedonians, one Wing each, a set-up zone
 * per side, a unit pool per side), built with the parts the editor makes:
 * each part created with the catalogue's defaults filled in
 * (acies_param_specs_fill_defaults(), as the editor does), then the
 * inspector's fields set.  It goes through the file writer and reader, as
 * a saved scenario would.
 */

static AciesCatalogue *
catalogue (void)
{
  return acies_catalogue_get_bundled ("grass-crown");
}

static AciesSide *
new_side (AciesScenario  *sc,
          const char     *id,
          const char     *name,
          AciesMapEdge    edge)
{
  AciesSide *side = acies_side_new (id, name);

  side->home_edge = edge;
  acies_param_specs_fill_defaults (side->params, catalogue ()->side_params);
  g_ptr_array_add (sc->sides, side);
  return side;
}

static void
new_wing (AciesScenario *sc,
          const char    *id,
          const char    *side,
          const char    *name)
{
  AciesFormation *f = acies_formation_new (id, side, "wing");

  f->name = g_strdup (name);
  if (f->params == NULL)
    f->params = json_object_new ();
  acies_param_specs_fill_defaults (f->params, catalogue ()->formation_params);
  acies_param_specs_fill_defaults (f->params, acies_catalogue_find_kind (catalogue ()->formation_kinds, "wing")->params);
  g_ptr_array_add (sc->formations, f);
}

/* A set-up zone as the editor's Areas tool makes it (kind, name, side,
 * defaults), its squares marked from @first along the row, then its
 * inspector's Unit class and Units set. */
static AciesArea *
new_zone (AciesScenario *sc,
          const char    *id,
          const char    *name,
          const char    *side,
          const char    *first,
          guint          n_cells,
          const char    *unit_type,
          gint           count)
{
  AciesArea *area = acies_area_new (id, "setup");
  AciesCell c = acies_board_cell_from_label (sc->map.board, first);

  area->name = g_strdup (name);
  area->side = g_strdup (side);
  if (area->params == NULL)
    area->params = json_object_new ();
  acies_param_specs_fill_defaults (area->params, acies_catalogue_find_kind (catalogue ()->area_kinds, "setup")->params);
  for (guint i = 0; i < n_cells; i++)
    {
      AciesCell cell = c + i;

      g_array_append_val (area->cells, cell);
    }
  if (unit_type != NULL)
    json_object_set_string_member (area->params, "unit_type", unit_type);
  if (count > 0)
    json_object_set_int_member (area->params, "count", count);
  g_ptr_array_add (sc->areas, area);
  return area;
}

/* The side page's "Add to Pool" (pool_add_func): one pool per side, an
 * entry per unit type with the type's attribute defaults. */
static AciesPool *
add_to_pool (AciesScenario *sc,
             const char    *side,
             const char    *type,
             guint          n)
{
  AciesPool *pool = NULL;
  AciesPoolEntry *entry = NULL;

  for (guint i = 0; i < sc->pools->len; i++)
    if (g_strcmp0 (((AciesPool *) g_ptr_array_index (sc->pools, i))->side, side) == 0)
      pool = g_ptr_array_index (sc->pools, i);
  if (pool == NULL)
    {
      g_autofree char *id = g_strdup_printf ("pool-%u", sc->pools->len + 1);

      pool = acies_pool_new (id, side);
      g_ptr_array_add (sc->pools, pool);
    }
  for (guint i = 0; i < pool->entries->len; i++)
    if (g_strcmp0 (((AciesPoolEntry *) g_ptr_array_index (pool->entries, i))->type, type) == 0)
      entry = g_ptr_array_index (pool->entries, i);
  if (entry == NULL)
    {
      entry = acies_pool_entry_new (type, 0);
      if (entry->attrs == NULL)
        entry->attrs = json_object_new ();
      acies_param_specs_fill_defaults (entry->attrs, acies_catalogue_find_unit_type (catalogue (), type)->attributes);
      g_ptr_array_add (pool->entries, entry);
    }
  entry->count += n;
  return pool;
}

/* Through the file writer and reader, as Save and Open do. */
static AciesScenario *
round_trip (AciesScenario *sc)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = acies_scenario_to_data (sc, NULL);
  AciesScenario *back;

  back = acies_scenario_load_data (data, -1, "fords-of-aous.acies", &error);
  g_assert_no_error (error);
  acies_scenario_unref (sc);
  return back;
}

/* "Fords of Aous" as the user built it: a zone of 4 Phalanx per side, a
 * pool of 6 per side, nothing linked by hand. */
static AciesScenario *
fords_of_aous (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (14, 10);
  AciesScenario *sc;

  acies_board_set_label_scheme (board, ACIES_LABEL_ALNUM);
  sc = acies_scenario_new ("grass-crown", board, "clear");
  sc->meta.title = g_strdup ("Fords of Aous");
  new_side (sc, "romans", "Romans", ACIES_MAP_EDGE_SOUTH);
  new_side (sc, "macedonians", "Macedonians", ACIES_MAP_EDGE_NORTH);
  new_wing (sc, "legio-i", "romans", "Legio I");
  new_wing (sc, "phalangites", "macedonians", "Phalangites");
  new_zone (sc, "setup-1", "Roman left", "romans", "D8", 4, "P", 4);
  new_zone (sc, "setup-2", "Macedonian line", "macedonians", "D3", 4, "P", 4);
  add_to_pool (sc, "romans", "P", 6);
  add_to_pool (sc, "macedonians", "P", 6);
  return round_trip (sc);
}

static guint
count_problems (GPtrArray            *problems,
                AciesProblemSeverity  severity,
                const char           *path,
                const char           *text)
{
  guint n = 0;

  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *p = g_ptr_array_index (problems, i);

      g_test_message ("%s %s: %s", p->severity == ACIES_PROBLEM_ERROR ? "error" : "warning", p->path, p->message);
      if (p->severity == severity && (path == NULL || g_strcmp0 (p->path, path) == 0)
          && (text == NULL || strstr (p->message, text) != NULL))
        n++;
    }
  return n;
}

static GPtrArray *
validate (AciesScenario *sc)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *problems = acies_problems_new ();

  g_assert_true (acies_scenario_validate (sc, problems, &error));
  g_assert_no_error (error);
  return problems;
}

/* The catalogue declares what the set-up needs, with labels a player
 * reads: the zone's Wing (optional: one Wing needs no choice), its Unit
 * class (required) and its Units. */
static void
test_catalogue_declares_setup (void)
{
  const AciesKind *setup = acies_catalogue_find_kind (catalogue ()->area_kinds, "setup");
  const AciesParamSpec *wing = acies_catalogue_find_param (setup->params, "formation");
  const AciesParamSpec *type = acies_catalogue_find_param (setup->params, "unit_type");

  g_assert_nonnull (wing);
  g_assert_cmpint (wing->type, ==, ACIES_VALUE_FORMATION);
  g_assert_cmpstr (wing->label, ==, "Wing");
  g_assert_false (wing->required);
  g_assert_nonnull (type);
  g_assert_cmpstr (type->label, ==, "Unit class");
  g_assert_true (type->required);
}

/* GC 3.1-a/c: the editor-built battle validates clean, starts in the
 * Set-up phase, draws 4 of each side's 6 Phalanx (the zone's number, the
 * pool's draw left at 0) and places them in the zone. */
static void
test_setup_happens (void)
{
  g_autoptr(AciesScenario) sc = fords_of_aous ();
  g_autoptr(GPtrArray) problems = validate (sc);
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("grass-crown", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = NULL;
  const AciesArea *zones[2] = { g_ptr_array_index (sc->areas, 0), g_ptr_array_index (sc->areas, 1) };
  guint placed[2] = { 0, 0 }, draws = 0, guard = 0;

  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, NULL, NULL), ==, 0);
  g_assert_cmpuint (((AciesPool *) g_ptr_array_index (sc->pools, 0))->draw, ==, 0);

  game = acies_game_new (sc, ruleset, 7, ACIES_DICE_MODE_SEEDED, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (acies_game_get_state (game)->phase, ==, "Set-up");

  while (g_strcmp0 (acies_game_get_state (game)->phase, "Set-up") == 0 && guard++ < 100)
    {
      const AciesState *state = acies_game_get_state (game);
      g_autoptr(GArray) actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      const AciesActionSpec *specs = acies_ruleset_get_action_specs (ruleset, NULL);
      AciesAction a;

      acies_ruleset_legal_actions (ruleset, state, actions);
      g_assert_cmpuint (actions->len, >, 0);
      a = g_array_index (actions, AciesAction, 0);
      if (g_str_equal (specs[a.type].name, "draw"))
        draws++;
      else
        {
          g_assert_cmpstr (specs[a.type].name, ==, "place");
          /* Every square offered is in the side's own zone. */
          for (guint i = 0; i < actions->len; i++)
            {
              const AciesAction *b = &g_array_index (actions, AciesAction, i);

              g_assert_true (acies_area_contains (zones[b->player], b->args[1]));
            }
          placed[a.player]++;
        }
      g_assert_true (acies_game_apply (game, &a, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (draws, ==, 2);
  g_assert_cmpuint (placed[0], ==, 4);
  g_assert_cmpuint (placed[1], ==, 4);
  g_assert_cmpstr (acies_game_get_state (game)->phase, !=, "Set-up");

  /* GC 3.2, 12.0: the side summary reads as a player says it. */
  {
    g_autoptr(JsonNode) view = acies_ruleset_state_view_to_json (ruleset, acies_game_get_state (game), 0);
    JsonObject *o = json_node_get_object (view);

    g_assert_false (json_object_has_member (o, "sides"));
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "victory_points")), ==, 2);
    g_assert_cmpstr (json_object_get_string_member (o, "fortuna"), ==, "Romans, two-die side up (2 re-rolls before it passes)");
    g_assert_cmpstr (json_object_get_string_member (o, "initiative"), ==, "Romans");
  }

  /* On the board: four units in each zone, nobody else. */
  for (guint side = 0; side < 2; side++)
    {
      guint on = 0;

      for (guint u = 0; u < acies_ruleset_get_n_units (ruleset, acies_game_get_state (game)); u++)
        {
          AciesUnit view = { 0, };

          if (acies_ruleset_unit_view (ruleset, acies_game_get_state (game), u, -1, &view)
              && view.cell != ACIES_CELL_NONE && g_strcmp0 (view.side, ((AciesSide *) g_ptr_array_index (sc->sides, side))->id) == 0)
            {
              g_assert_true (acies_area_contains (zones[side], view.cell));
              on++;
            }
        }
      g_assert_cmpuint (on, ==, 4);
    }
}

/* GC 3.1-b: a side with two Wings and the editor's one pool per side: the
 * zones name their Wings and Unit classes, and each Wing draws its class. */
static void
test_two_wings_one_pool (void)
{
  g_autoptr(AciesScenario) sc = fords_of_aous ();
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("grass-crown", NULL);
  g_autoptr(GError) error = NULL;
  AciesState *state;
  AciesGcState *s;
  AciesArea *horse;

  new_wing (sc, "equites", "romans", "Equites");
  /* The Roman zone now needs its Wing: two Wings, no choice made. */
  horse = new_zone (sc, "setup-3", "Roman horse", "romans", "J8", 3, "C", 3);
  add_to_pool (sc, "romans", "C", 3);
  problems = validate (sc);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.areas[0]", "Set-up zone “Roman left”: choose its Wing"), ==, 1);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.areas[2]", "choose its Wing"), ==, 1);
  /* Said once, at the zones: the pool is not blamed for it. */
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, NULL, NULL), ==, 2);
  g_ptr_array_set_size (problems, 0);

  /* The inspector's Wing field. */
  json_object_set_string_member (((AciesArea *) g_ptr_array_index (sc->areas, 0))->params, "formation", "legio-i");
  json_object_set_string_member (horse->params, "formation", "equites");
  sc = round_trip (g_steal_pointer (&sc));
  g_clear_pointer (&problems, g_ptr_array_unref);
  problems = validate (sc);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, NULL, NULL), ==, 0);

  state = acies_ruleset_new_state (ruleset, sc, NULL, &error);
  g_assert_no_error (error);
  s = (AciesGcState *) state;
  /* Romans: 4 Phalanx slots for Legio I, 3 Cavalry slots for the Equites. */
  {
    guint slots[3] = { 0, 0, 0 };

    for (guint u = 0; u < s->n_units; u++)
      if (s->units[u].status == ACIES_GC_UNIT_BOX)
        slots[s->units[u].wing]++;
    g_assert_cmpuint (slots[0], ==, 4);   /* legio-i */
    g_assert_cmpuint (slots[2], ==, 3);   /* equites */
  }
  acies_ruleset_free_state (ruleset, state);
}

/* GC 3.1: the catalogue declares a pool's own parameters (its Wing and
 * the counters drawn, 0 = as the rules say) so the editor shows them with
 * labels; the values the editor stores in the pool's "params" survive a
 * save and decide the draw. */
static void
test_pool_params (void)
{
  g_autoptr(AciesScenario) sc = fords_of_aous ();
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("grass-crown", NULL);
  g_autoptr(GError) error = NULL;
  const AciesParamSpec *wing = acies_catalogue_find_param (catalogue ()->pool_params, "formation");
  const AciesParamSpec *draw = acies_catalogue_find_param (catalogue ()->pool_params, "draw");
  AciesPool *pool;
  AciesState *state;
  AciesGcState *s;
  guint slots[2] = { 0, 0 };

  g_assert_nonnull (wing);
  g_assert_cmpint (wing->type, ==, ACIES_VALUE_FORMATION);
  g_assert_cmpstr (wing->label, ==, "Wing");
  g_assert_false (wing->required);
  g_assert_nonnull (wing->help);
  g_assert_nonnull (draw);
  g_assert_cmpint (draw->type, ==, ACIES_VALUE_INT);
  g_assert_cmpstr (draw->label, ==, "Counters drawn");
  g_assert_cmpint (draw->min, ==, 0);
  g_assert_cmpint (json_node_get_int (draw->default_value), ==, 0);
  g_assert_nonnull (strstr (draw->help, "0 = as the rules say"));

  /* The editor's new pool: defaults filled, then the inspector's fields. */
  pool = g_ptr_array_index (sc->pools, 0);
  if (pool->params == NULL)
    pool->params = json_object_new ();
  acies_param_specs_fill_defaults (pool->params, catalogue ()->pool_params);
  g_assert_cmpint (json_object_get_int_member (pool->params, "draw"), ==, 0);
  json_object_set_string_member (pool->params, "formation", "legio-i");
  json_object_set_int_member (pool->params, "draw", 3);
  sc = round_trip (g_steal_pointer (&sc));
  pool = g_ptr_array_index (sc->pools, 0);
  g_assert_cmpstr (json_object_get_string_member (pool->params, "formation"), ==, "legio-i");

  state = acies_ruleset_new_state (ruleset, sc, NULL, &error);
  g_assert_no_error (error);
  s = (AciesGcState *) state;
  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].status == ACIES_GC_UNIT_BOX)
      slots[s->units[u].side]++;
  g_assert_cmpuint (slots[0], ==, 3);   /* the pool's "Counters drawn" */
  g_assert_cmpuint (slots[1], ==, 4);   /* 0: the zone's number */
  acies_ruleset_free_state (ruleset, state);
}

/* Item 2: what cannot play is an error, named in the editor's words at the
 * part's path. */
static void
test_validation_errors (void)
{
  g_autoptr(AciesScenario) sc = fords_of_aous ();
  g_autoptr(GPtrArray) problems = NULL;
  AciesPool *pool;

  /* A zone for 4 Phalanx with a pool holding 1 Phalanx. */
  pool = g_ptr_array_index (sc->pools, 0);
  ((AciesPoolEntry *) g_ptr_array_index (pool->entries, 0))->count = 1;
  problems = validate (sc);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.areas[0]",
                                    "Set-up zone “Roman left” needs 4 Phalanx, but the unit pools of Romans hold 1 Phalanx"), ==, 1);
  g_ptr_array_set_size (problems, 0);
  ((AciesPoolEntry *) g_ptr_array_index (pool->entries, 0))->count = 6;

  /* A zone without its Unit class: the label, at the zone's path. */
  json_object_remove_member (((AciesArea *) g_ptr_array_index (sc->areas, 1))->params, "unit_type");
  g_clear_pointer (&problems, g_ptr_array_unref);
  problems = validate (sc);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.areas[1]",
                                    "Set-up zone “Macedonian line”: choose its Unit class."), ==, 1);
  json_object_set_string_member (((AciesArea *) g_ptr_array_index (sc->areas, 1))->params, "unit_type", "P");

  /* The Romans' only Wing deleted. */
  g_ptr_array_remove_index (sc->formations, 0);
  g_clear_pointer (&problems, g_ptr_array_unref);
  problems = validate (sc);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides[0]", "Romans: no Wing"), ==, 1);
  g_assert_true (acies_problems_has_errors (problems));

  /* A side with no unit at all: an error for a ruleset that plays. */
  g_ptr_array_set_size (sc->pools, 1);
  g_clear_pointer (&problems, g_ptr_array_unref);
  problems = validate (sc);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides[1]", "“Macedonians” has no units"), ==, 1);
}

/* A new scenario has no sides: one error says so, not two. */
static void
test_no_sides_once (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (14, 10);
  g_autoptr(AciesScenario) sc = acies_scenario_new ("grass-crown", board, "clear");
  g_autoptr(GPtrArray) problems = validate (sc);

  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, NULL, NULL), ==, 1);
  g_assert_cmpuint (count_problems (problems, ACIES_PROBLEM_ERROR, "$.sides", "has 0"), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/grass-crown/3.1-a/editor-built/catalogue-declares-setup", test_catalogue_declares_setup);
  g_test_add_func ("/acies/grass-crown/3.1-c/editor-built/setup-happens", test_setup_happens);
  g_test_add_func ("/acies/grass-crown/3.1-b/editor-built/two-wings-one-pool", test_two_wings_one_pool);
  g_test_add_func ("/acies/grass-crown/3.1-c/editor-built/pool-params", test_pool_params);
  g_test_add_func ("/acies/grass-crown/editor-built/validation-errors", test_validation_errors);
  g_test_add_func ("/acies/grass-crown/editor-built/no-sides-once", test_no_sides_once);

  return g_test_run ();
}
