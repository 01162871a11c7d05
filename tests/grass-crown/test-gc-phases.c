/* test-gc-phases.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-gc-phases"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/grass-crown/acies-gc-private.h"
#include "rulesets/grass-crown/acies-gc-turn.h"

#include "gc-test-common.h"

/*
 * The Grass Crown rules outside movement and combat: components (2.x),
 * set-up and Info Blocks (3.x), the sequence of play (4.0), commands (5.0),
 * skirmish (6.0), rally (7.0), the special rules (11.x), Fortuna (12.0),
 * victory (13.0) and wagons (15.0); one test per checklist case
 * (shared/rules/checklists/grass-crown.md), its path naming the case id,
 * with the dice forced through the scripted source.  Synthetic boards: the
 * red side (Laevinus-like) holds the south edge and moves north, the blue
 * side the north edge.  Columns A…H, rows 1 (north) … 10.
 */

static AciesSide *
side_of (AciesScenario *sc,
         guint          i)
{
  return g_ptr_array_index (sc->sides, i);
}

/* Hands the side flag @param (first_turn, initiative, fortuna) from red to
 * blue. */
static void
give_blue (AciesScenario *sc,
           const char    *param)
{
  json_object_set_boolean_member (side_of (sc, 0)->params, param, FALSE);
  json_object_set_boolean_member (side_of (sc, 1)->params, param, TRUE);
}

static void
set_status (Fixture    *fx,
            const char *id,
            guint8      st)
{
  fx->s->units[uid (fx, id)].status = st;
}

static void
push (Fixture *fx,
      guint    value)
{
  acies_dice_push (fx->dice, value);
}

/* lines_new() with red under Triplex Acies: pink hastati in row 8, red
 * principes (r1, r2) in row 9, orange triarii (o1) in row 10. */
static AciesScenario *
triplex_new (void)
{
  AciesScenario *sc = lines_new ();

  add_rule (sc, "triplex-acies", "red");
  json_object_set_string_member (((AciesFormation *) g_ptr_array_index (sc->formations, 0))->params,
                                 "ta_role", "hastati");
  add_wing (sc, "redw", "red", "red", FALSE, "principes");
  add_wing (sc, "orange", "red", "orange", FALSE, "triarii");
  add_unit (sc, "r1", "redw", "H", "A", "exhausted", -1, "C9");
  add_unit (sc, "r2", "redw", "H", "A", "exhausted", -1, "G9");
  add_unit (sc, "o1", "orange", "P", "A", "exhausted", -1, "C10");
  return sc;
}

/* ---- 2.0 Components ---- */

/* GC 2.0-a: every roll is one eight-sided die (faces 1–8). */
static void
test_2_0_a_d8 (void)
{
  Fixture fx;
  const GArray *rolls;

  fixture_start (&fx, lines_new ());
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (11);
  set_status (&fx, "p1", ACIES_GC_UNIT_EXHAUSTED);
  set_status (&fx, "p2", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, "pink", RALLY, NONE, ACIES_GC_AQUILA_NONE);
  ACT2 (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p2"), -1);
  rolls = acies_dice_get_rolls (fx.dice);
  g_assert_cmpuint (rolls->len, ==, 1);
  g_assert_cmpuint (g_array_index (rolls, AciesRoll, 0).faces, ==, 8);
  g_assert_cmpuint (g_array_index (rolls, AciesRoll, 0).first, ==, 1);
  g_assert_cmpuint (fx.s->roll.values[0], >=, 1);
  g_assert_cmpuint (fx.s->roll.values[0], <=, 8);
  fixture_end (&fx);
}

/* GC 2.1-a: a square grid with a per-square terrain layer; a hex map is
 * refused. */
static void
test_2_1_a_square_grid (void)
{
  Fixture fx;
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) rs = acies_ruleset_lookup ("grass-crown", &error);
  g_autoptr(AciesBoard) hex = acies_board_new_hex (6, 6, ACIES_HEX_FLAT_TOP, ACIES_HEX_OFFSET_ODD);
  g_autoptr(AciesScenario) hsc = acies_scenario_new ("grass-crown", hex, "clear");
  AciesScenario *sc = lines_new ();

  for (guint i = 0; i < 2; i++)
    g_ptr_array_add (hsc->sides, acies_side_new (i == 0 ? "red" : "blue", NULL));
  g_assert_null (acies_ruleset_new_state (rs, hsc, NULL, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);

  acies_map_set_terrain (&sc->map, acies_board_cell_from_label (sc->map.board, "F6"), "river");
  fixture_start (&fx, sc);
  g_assert_cmpuint (fx.s->st->width, ==, 8);
  g_assert_cmpuint (fx.s->st->height, ==, 10);
  g_assert_cmpuint (acies_gc_terrain (fx.s, cell (&fx, "F6")), ==, ACIES_GC_TERRAIN_RIVER);
  g_assert_cmpuint (acies_gc_terrain (fx.s, cell (&fx, "F5")), ==, ACIES_GC_TERRAIN_CLEAR);
  fixture_end (&fx);
}

/* GC 2.1-b: squares touch edge to edge; a diagonal neighbour gives no
 * Rally bonus (7.0). */
static void
test_2_1_b_orthogonal (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_unit (sc, "p4", "pink", "L", "B", "exhausted", -1, "E7");
  fixture_start (&fx, sc);
  g_assert_true (acies_gc_adjacent (fx.s, cell (&fx, "D8"), cell (&fx, "E8")));
  g_assert_false (acies_gc_adjacent (fx.s, cell (&fx, "D8"), cell (&fx, "E7")));
  g_assert_true (acies_gc_adjacent8 (fx.s, cell (&fx, "D8"), cell (&fx, "E7")));
  set_status (&fx, "p2", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, "pink", RALLY, NONE, ACIES_GC_AQUILA_NONE);
  push (&fx, 3);
  ACT2 (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p2"), -1);
  /* p1 and p3 touch D8; p4 at E7 only at a corner. */
  g_assert_cmpint (fx.s->roll.ctx[1], ==, 2);
  fixture_end (&fx);
}

static void
check_own_half (Fixture           *fx,
                const AciesAction *a,
                gpointer           data)
{
  gint side = fx->s->units[a->args[0]].side;
  gint row = acies_gc_row (fx->s, a->args[1]);
  gint half = fx->s->st->height / 2;
  guint *n = data;

  /* Laevinus holds the south edge, Pyrrhus the north. */
  if (side == 0)
    g_assert_cmpint (row, >=, half);
  else
    g_assert_cmpint (row, <, half);
  (*n)++;
}

/* GC 2.1-c: the centre line: every set-up square offered lies in the
 * placing side's half of the Heraclea map. */
static void
test_2_1_c_centre_line (void)
{
  Fixture fx;
  guint n = 0;

  fixture_start (&fx, heraclea_load ());
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (5);
  play_setup (&fx, check_own_half, &n);
  g_assert_cmpuint (n, >, 100);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_COMMAND);
  fixture_end (&fx);
}

/* GC 2.1-d: each side's edge: forward is toward the enemy's edge; each side
 * has its own Rally Limit. */
static void
test_2_1_d_edges (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  g_assert_cmpint (acies_gc_forward_dir (fx.s, 0), ==, 0);   /* red: north */
  g_assert_cmpint (acies_gc_forward_dir (fx.s, 1), ==, 2);   /* blue: south */
  acies_gc_lower_rally_limit (fx.s, 0, 1, "test", NULL);
  g_assert_cmpint (fx.s->rally_limit[0], ==, 3);
  g_assert_cmpint (fx.s->rally_limit[1], ==, 4);
  fixture_end (&fx);
}

/* GC 2.2-a: a Command goes to a wing: only its units act. */
static void
test_2_2_a_wings (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_wing (sc, "green", "red", "orange", FALSE, "none");
  add_unit (sc, "g1", "green", "L", "B", "exhausted", -1, "G8");
  fixture_start (&fx, sc);
  command (&fx, "pink", MOVE, NONE, ACIES_GC_AQUILA_NONE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "p1"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "g1"), G_MININT));
  g_assert_cmpint (fx.s->units[uid (&fx, "g1")].wing, ==, wing_index (&fx, "green"));
  fixture_end (&fx);
}

/* GC 2.2-b: the kinds L, H, P (Foot), C, E, W (Mounted); no other. */
static void
test_2_2_b_kinds (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();
  const char *ids[] = { "k1", "k2", "k3", "k4", "k5", "k6" };
  const char *types[] = { "L", "H", "P", "C", "E", "W" };
  const char *cells[] = { "A10", "B10", "C10", "D10", "E10", "F10" };
  g_autoptr(GError) error = NULL;

  add_wing (sc, "white", "red", "white", TRUE, "none");
  for (guint i = 0; i < 6; i++)
    add_unit (sc, ids[i], i < 3 ? "pink" : "white", types[i], i < 3 ? "B" : NULL,
              i < 3 ? "exhausted" : NULL, -1, cells[i]);
  fixture_start (&fx, sc);
  for (guint i = 0; i < 6; i++)
    {
      gint u = uid (&fx, ids[i]);

      g_assert_cmpint (fx.s->units[u].kind, ==, ACIES_GC_KIND_L + i);
      g_assert_true (acies_gc_is_foot (fx.s, u) == (i < 3));
      g_assert_true (acies_gc_is_mounted (fx.s, u) == (i >= 3));
    }
  fixture_end (&fx);

  sc = lines_new ();
  add_unit (sc, "x1", "pink", "X", "B", "exhausted", -1, "A10");
  {
    g_autoptr(AciesRuleset) rs = acies_ruleset_lookup ("grass-crown", NULL);

    g_assert_null (acies_ruleset_new_state (rs, sc, NULL, &error));
    g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
  }
  acies_scenario_unref (sc);
}

/* GC 2.2-d: a printed Morale only matters under the Veteran rule: a lone
 * Fresh unit with Morale 3 fails its Rout Check without a roll. */
static void
test_2_2_d_morale (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();
  AciesUnit *m = add_unit (sc, "m1", "pink", "L", "B", "exhausted", -1, "A5");

  json_object_set_int_member (m->attrs, "morale", 3);
  fixture_start (&fx, sc);
  g_assert_cmpint (acies_gc_counter (fx.s, uid (&fx, "m1"))->morale, ==, 3);
  g_assert_cmpint (acies_gc_counter (fx.s, uid (&fx, "p1"))->morale, ==, 0);
  push (&fx, 8);
  acies_gc_rout_check (fx.s, 0, fx.dice, fx.events);
  g_assert_cmpint (status (&fx, "m1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (status (&fx, "p1"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpuint (acies_dice_pending (fx.dice), ==, 1);   /* no morale roll */
  fixture_end (&fx);
}

/* GC 2.2-e: Mounted units have no CC; Cavalry print 0, 1 or 2 diamonds. */
static void
test_2_2_e_diamonds (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_wing (sc, "white", "red", "white", TRUE, "none");
  add_unit (sc, "c0", "white", "C", NULL, NULL, 0, "A10");
  add_unit (sc, "c2", "white", "C", NULL, NULL, 2, "B10");
  fixture_start (&fx, sc);
  g_assert_cmpint (acies_gc_counter (fx.s, uid (&fx, "c0"))->diamonds, ==, 0);
  g_assert_cmpint (acies_gc_counter (fx.s, uid (&fx, "c2"))->diamonds, ==, 2);
  g_assert_cmpint (acies_gc_counter (fx.s, uid (&fx, "c2"))->back, ==, ACIES_GC_BACK_NONE);
  g_assert_cmpint (acies_gc_printed_cc (fx.s, uid (&fx, "c2")), ==, ACIES_GC_CC_D);
  g_assert_cmpint (acies_gc_printed_cc (fx.s, uid (&fx, "p1")), ==, ACIES_GC_CC_B);
  fixture_end (&fx);
}

/* GC 2.2-f: the three backs: Exhausted, Hero (★), Brittle (eliminated). */
static void
test_2_2_f_backs (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  g_assert_false (acies_gc_exhaust (fx.s, uid (&fx, "q1"), ACIES_GC_CAUSE_SKIRMISH, fx.events));
  g_assert_cmpint (status (&fx, "q1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_false (acies_gc_exhaust (fx.s, uid (&fx, "q3"), ACIES_GC_CAUSE_SKIRMISH, fx.events));
  g_assert_cmpint (status (&fx, "q3"), ==, ACIES_GC_UNIT_HERO);
  g_assert_cmpint (acies_gc_printed_cc (fx.s, uid (&fx, "q3")), ==, ACIES_GC_CC_STAR);
  g_assert_true (acies_gc_exhaust (fx.s, uid (&fx, "p3"), ACIES_GC_CAUSE_SKIRMISH, fx.events));
  g_assert_cmpint (status (&fx, "p3"), ==, ACIES_GC_UNIT_ELIMINATED);
  fixture_end (&fx);
}

/* GC 2.2-g: VP printed on the back (Foot) or the front (Mounted). */
static void
test_2_2_g_vp (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_wing (sc, "gold", "blue", "gold", TRUE, "none");
  add_unit_vp (sc, "f3", "purple", "P", "A", "exhausted", -1, "G3", 3);
  add_unit_vp (sc, "m5", "gold", "C", NULL, NULL, 1, "A1", 5);
  fixture_start (&fx, sc);
  acies_gc_eliminate (fx.s, uid (&fx, "f3"), ACIES_GC_CAUSE_SKIRMISH, fx.events);
  g_assert_cmpint (fx.s->vp[0], ==, 3);
  acies_gc_eliminate (fx.s, uid (&fx, "m5"), ACIES_GC_CAUSE_SKIRMISH, fx.events);
  g_assert_cmpint (fx.s->vp[0], ==, 3 + 5 + 4);   /* + the whole gold wing (13.0) */
  fixture_end (&fx);
}

/* GC 2.2-h: one Exhaustion eliminates a Mounted unit. */
static void
test_2_2_h_mounted_exhaust (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_wing (sc, "gold", "blue", "gold", TRUE, "none");
  add_unit (sc, "m1", "gold", "C", NULL, NULL, 2, "A1");
  add_unit (sc, "m2", "gold", "E", NULL, NULL, -1, "B1");
  fixture_start (&fx, sc);
  g_assert_true (acies_gc_exhaust (fx.s, uid (&fx, "m1"), ACIES_GC_CAUSE_CHARGE, fx.events));
  g_assert_cmpint (status (&fx, "m1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->vp[0], ==, 2);
  g_assert_true (acies_gc_exhaust (fx.s, uid (&fx, "m2"), ACIES_GC_CAUSE_SKIRMISH, fx.events));
  g_assert_cmpint (status (&fx, "m2"), ==, ACIES_GC_UNIT_ELIMINATED);
  fixture_end (&fx);
}

/* GC 2.2-note: Wagons are a Mounted kind with no back; battles without
 * them need nothing of them. */
static void
test_2_2_note_wagons (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_wing (sc, "white", "red", "white", TRUE, "none");
  add_unit (sc, "w1", "white", "W", NULL, NULL, -1, "A9");
  add_unit (sc, "w2", "white", "W", NULL, NULL, -1, "B9");
  fixture_start (&fx, sc);
  g_assert_true (acies_gc_is_mounted (fx.s, uid (&fx, "w1")));
  g_assert_cmpint (acies_gc_counter (fx.s, uid (&fx, "w1"))->back, ==, ACIES_GC_BACK_NONE);
  /* A Move to the mounted wing moves the Wagons with the Elephantry group. */
  g_assert_true (is_legal (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "white"), MOVE, NONE,
                           ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_ELEPHANTRY));
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "white"), MOVE, NONE,
                            ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY));
  g_assert_true (acies_gc_exhaust (fx.s, uid (&fx, "w1"), ACIES_GC_CAUSE_SKIRMISH, fx.events));
  fixture_end (&fx);

  fixture_start (&fx, lines_new ());
  for (guint u = 0; u < fx.s->n_units; u++)
    g_assert_cmpint (fx.s->units[u].kind, !=, ACIES_GC_KIND_W);
  fixture_end (&fx);
}

/* GC 2.3-a: the two faces of one marker are never played together. */
static void
test_2_3_a_marker_faces (void)
{
  Fixture fx;
  gint pink;

  fixture_start (&fx, lines_new ());
  pink = wing_index (&fx, "pink");
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, pink, MOVE, COMBAT, ACIES_GC_AQUILA_NONE, -1));
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, pink, SKIRMISH, RALLY, ACIES_GC_AQUILA_NONE, -1));
  /* The Aquila marker pairs with one Command only. */
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, pink, SKIRMISH, MOVE, ACIES_GC_AQUILA_PLUS, -1));
  g_assert_true (is_legal (&fx, ACIES_GC_ACTION_COMMAND, pink, RALLY, COMBAT, ACIES_GC_AQUILA_NONE, -1));
  g_assert_true (is_legal (&fx, ACIES_GC_ACTION_COMMAND, pink, SKIRMISH, MOVE, ACIES_GC_AQUILA_NONE, -1));
  fixture_end (&fx);
}

/* GC 2.3-b: a Rally Limit per side, one Initiative and one Fortuna marker,
 * shown in the state. */
static void
test_2_3_b_markers (void)
{
  Fixture fx;
  g_autoptr(JsonNode) node = NULL;
  JsonArray *sides;

  fixture_start (&fx, lines_new ());
  node = acies_ruleset_state_to_json (fx.ruleset, &fx.s->base);
  sides = json_object_get_array_member (json_node_get_object (node), "sides");
  g_assert_cmpuint (json_array_get_length (sides), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *o = json_array_get_object_element (sides, i);

      g_assert_cmpint (json_object_get_int_member (o, "rally_limit"), ==, 4);
      g_assert_true (json_object_get_boolean_member (o, "initiative") == (i == 0));
      g_assert_cmpint (json_object_get_int_member (o, "fortuna"), ==, i == 0 ? 2 : 0);
    }
  fixture_end (&fx);
}

/* GC 2.4-a: River, Broken Ground, Slope and High Ground pieces. */
static void
test_2_4_a_terrain (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();
  const char *labels[] = { "A5", "B5", "C5", "D5", "E5" };
  const char *kinds[] = { "river", "broken", "slope", "high", "clear" };
  const guint want[] = { ACIES_GC_TERRAIN_RIVER, ACIES_GC_TERRAIN_BROKEN, ACIES_GC_TERRAIN_SLOPE,
                         ACIES_GC_TERRAIN_HIGH, ACIES_GC_TERRAIN_CLEAR };
  const gint elev[] = { 0, 0, 1, 2, 0 };

  for (guint i = 0; i < 5; i++)
    acies_map_set_terrain (&sc->map, acies_board_cell_from_label (sc->map.board, labels[i]), kinds[i]);
  fixture_start (&fx, sc);
  for (guint i = 0; i < 5; i++)
    {
      g_assert_cmpuint (acies_gc_terrain (fx.s, cell (&fx, labels[i])), ==, want[i]);
      g_assert_cmpint (acies_gc_elevation (fx.s, cell (&fx, labels[i])), ==, elev[i]);
    }
  fixture_end (&fx);
}

/* ---- 3.0 Battle basics, 3.1 Set-Up, 3.2 Info Blocks ---- */

/* A set-up zone for @wing over @labels (in increasing order). */
static void
add_area (AciesScenario *sc,
          const char    *id,
          const char    *wing,
          const char    *type,
          guint          count,
          guint          heroes,
          const char   **labels)
{
  AciesArea *a = acies_area_new (id, "setup");
  AciesFormation *f = acies_scenario_find_formation (sc, wing);

  a->side = g_strdup (f->side);
  a->formation = g_strdup (wing);
  for (guint i = 0; labels[i] != NULL; i++)
    {
      AciesCell c = acies_board_cell_from_label (sc->map.board, labels[i]);

      g_array_append_val (a->cells, c);
    }
  if (type != NULL)
    json_object_set_string_member (a->params, "unit_type", type);
  json_object_set_int_member (a->params, "count", count);
  json_object_set_int_member (a->params, "heroes", heroes);
  g_ptr_array_add (sc->areas, a);
}

static AciesPool *
add_pool (AciesScenario *sc,
          const char    *id,
          const char    *wing,
          guint          draw)
{
  AciesFormation *f = acies_scenario_find_formation (sc, wing);
  AciesPool *p = acies_pool_new (id, f->side);

  p->formation = g_strdup (wing);
  p->draw = draw;
  g_ptr_array_add (sc->pools, p);
  return p;
}

static void
add_entry (AciesPool  *p,
           const char *type,
           const char *cc,
           const char *back,
           guint       count)
{
  AciesPoolEntry *e = acies_pool_entry_new (type, count);

  if (cc != NULL)
    json_object_set_string_member (e->attrs, "cc", cc);
  if (back != NULL)
    {
      e->hidden = json_object_new ();
      json_object_set_string_member (e->hidden, "back", back);
      json_object_set_int_member (e->hidden, "vp", 1);
    }
  else
    json_object_set_int_member (e->attrs, "vp", 1);
  g_ptr_array_add (p->entries, e);
}

/* GC 3.0-a: a battle gives forces, deployment, victory and special rules:
 * the Heraclea scenario file. */
static void
test_3_0_a_battle (void)
{
  Fixture fx;

  fixture_start (&fx, heraclea_load ());
  g_assert_cmpuint (fx.s->st->wings->len, ==, 7);
  g_assert_cmpuint (fx.s->st->pools->len, ==, 8);
  g_assert_cmpint (fx.s->st->sides[0].skirmish_factor, ==, 2);
  g_assert_cmpint (fx.s->st->sides[1].skirmish_factor, ==, 3);
  g_assert_cmpint (fx.s->st->sides[1].final_vp, ==, 25);
  g_assert_cmpint (fx.s->st->sides[1].vp_plus5, ==, 15);
  g_assert_cmpuint (fx.s->st->sides[0].rules, ==, ACIES_GC_RULE_TRIPLEX);
  g_assert_cmpuint (fx.s->st->sides[1].rules, ==, 0);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_DRAW);
  fixture_end (&fx);
}

static void
check_zone_type (Fixture           *fx,
                 const AciesAction *a,
                 gpointer           data)
{
  const AciesGcUnit *u = &fx->s->units[a->args[0]];
  const char *label = acies_board_cell_label (fx->scenario->map.board, a->args[1]);
  guint *seen = data;

  if (u->wing != wing_index (fx, "gold"))
    return;
  if (u->kind == ACIES_GC_KIND_E)
    {
      g_assert_true (g_str_equal (label, "Q2") || g_str_equal (label, "R2")
                     || g_str_equal (label, "Q3") || g_str_equal (label, "R3"));
      seen[0]++;
    }
  else
    {
      g_assert_cmpint (acies_gc_row (fx->s, a->args[1]), <=, 1);   /* rows 1–2 */
      g_assert_cmpint (acies_gc_col (fx->s, a->args[1]), <=, 3);   /* A–D */
      seen[1]++;
    }
}

/* GC 3.1-a: a set-up zone holds its unit type and count: Heraclea's Gold
 * wing has an Elephantry zone and a Cavalry zone. */
static void
test_3_1_a_zone_type (void)
{
  Fixture fx;
  guint seen[2] = { 0, 0 };
  guint in_zone[2] = { 0, 0 };

  fixture_start (&fx, heraclea_load ());
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (21);
  play_setup (&fx, check_zone_type, seen);
  g_assert_cmpuint (seen[0], >, 0);
  g_assert_cmpuint (seen[1], >, 0);
  for (guint u = 0; u < fx.s->n_units; u++)
    if (fx.s->units[u].wing == wing_index (&fx, "gold") && acies_gc_on_board (fx.s, u))
      in_zone[fx.s->units[u].kind == ACIES_GC_KIND_E ? 0 : 1]++;
  g_assert_cmpuint (in_zone[0], ==, 2);
  g_assert_cmpuint (in_zone[1], ==, 8);
  fixture_end (&fx);
}

/* A red wing "green" over two zones from one pool of 6 + 2 Heroes, one
 * Hero per zone; the blue side has no pools. */
static AciesScenario *
two_zones_new (void)
{
  AciesScenario *sc = lines_new ();
  const char *west[] = { "A9", "B9", "C9", NULL };
  const char *east[] = { "F9", "G9", "H9", NULL };
  AciesPool *p;

  add_wing (sc, "green", "red", "pink", FALSE, "none");
  add_area (sc, "green-west", "green", "L", 3, 1, west);
  add_area (sc, "green-east", "green", "L", 3, 1, east);
  p = add_pool (sc, "green-pool", "green", 0);
  add_entry (p, "L", "B", "exhausted", 4);
  add_entry (p, "L", "C", "brittle", 2);
  add_entry (p, "L", "B", "hero", 2);
  return sc;
}

/* GC 3.1-b: a wing over two zones draws from one pool; each zone keeps
 * one Hero back. */
static void
test_3_1_b_two_zones (void)
{
  Fixture fx;
  const AciesGcPoolDef *pd;
  guint placed = 0, heroes = 0, west = 0;

  fixture_start (&fx, two_zones_new ());
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (3);
  g_assert_cmpuint (fx.s->st->pools->len, ==, 1);
  pd = &g_array_index (fx.s->st->pools, AciesGcPoolDef, 0);
  g_assert_cmpuint (pd->n_heroes, ==, 2);
  g_assert_cmpuint (pd->n_draw, ==, 4);   /* 3 + 3 squares, less 2 Heroes */
  g_assert_cmpuint (pd->counters->len, ==, 6);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_DRAW);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 0);
  play_setup (&fx, NULL, NULL);
  for (guint u = 0; u < fx.s->n_units; u++)
    if (fx.s->units[u].wing == wing_index (&fx, "green") && acies_gc_on_board (fx.s, u))
      {
        placed++;
        heroes += acies_gc_counter (fx.s, u)->back == ACIES_GC_BACK_HERO;
        west += acies_gc_row (fx.s, fx.s->units[u].cell) == 8 && acies_gc_col (fx.s, fx.s->units[u].cell) <= 2;
      }
  g_assert_cmpuint (placed, ==, 6);
  g_assert_cmpuint (heroes, ==, 2);
  g_assert_cmpuint (west, ==, 3);
  fixture_end (&fx);
}

/* GC 3.1-d: the owner's private look at the drawn backs (an event for the
 * owner); the backs stay hidden on the board, even from the owner. */
static void
test_3_1_d_private_look (void)
{
  Fixture fx;
  const AciesEvent *look;

  fixture_start (&fx, two_zones_new ());
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (3);
  ACT0 (&fx, ACIES_GC_ACTION_DRAW);
  look = find_event (&fx, "private-look");
  g_assert_nonnull (look);
  g_assert_cmpint (look->player, ==, 0);
  g_assert_nonnull (strstr (look->text, "Brittle"));
  play_setup (&fx, NULL, NULL);
  for (guint u = 0; u < fx.s->n_units; u++)
    if (fx.s->units[u].wing == wing_index (&fx, "green") && acies_gc_on_board (fx.s, u))
      {
        AciesUnit view;

        for (gint viewer = 0; viewer < 2; viewer++)
          {
            g_assert_true (acies_ruleset_unit_view (fx.ruleset, &fx.s->base, u, viewer, &view));
            g_assert_null (view.hidden);
          }
      }
  fixture_end (&fx);
}

/* GC 3.1-e: a back is seen only once it is flipped (or eliminated). */
static void
test_3_1_e_backs_hidden (void)
{
  Fixture fx;
  AciesUnit view;
  gint q1;

  fixture_start (&fx, lines_new ());
  q1 = uid (&fx, "q1");
  for (gint viewer = 0; viewer < 2; viewer++)
    {
      g_assert_true (acies_ruleset_unit_view (fx.ruleset, &fx.s->base, q1, viewer, &view));
      g_assert_null (view.hidden);
      g_assert_false (acies_ruleset_may_see (fx.ruleset, &fx.s->base, viewer, q1, "back"));
    }
  acies_gc_exhaust (fx.s, q1, ACIES_GC_CAUSE_SKIRMISH, NULL);
  for (gint viewer = 0; viewer < 2; viewer++)
    {
      g_assert_true (acies_ruleset_unit_view (fx.ruleset, &fx.s->base, q1, viewer, &view));
      g_assert_nonnull (view.hidden);
      g_assert_true (acies_ruleset_may_see (fx.ruleset, &fx.s->base, viewer, q1, "back"));
    }
  fixture_end (&fx);
}

/* GC 3.1-f: a mixed mounted wing draws Wagons, then Elephantry, then
 * Cavalry, whatever the order of its pools. */
static void
test_3_1_f_draw_order (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();
  const char *cav[] = { "A1", "B1", "C1", NULL };
  const char *eph[] = { "F1", "G1", NULL };
  const char *wag[] = { "H1", NULL };
  const char *want[] = { "draws 1 ", "draws 2 ", "draws 3 " };
  guint k = 0;
  AciesPool *p;

  add_wing (sc, "gold", "blue", "gold", TRUE, "none");
  add_area (sc, "gold-c", "gold", "C", 3, 0, cav);
  add_area (sc, "gold-e", "gold", "E", 2, 0, eph);
  add_area (sc, "gold-w", "gold", "W", 1, 0, wag);
  p = add_pool (sc, "gold-cav", "gold", 3);
  add_entry (p, "C", NULL, NULL, 4);
  p = add_pool (sc, "gold-eph", "gold", 2);
  add_entry (p, "E", NULL, NULL, 2);
  p = add_pool (sc, "gold-wag", "gold", 1);
  add_entry (p, "W", NULL, NULL, 1);
  fixture_start (&fx, sc);
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (9);
  ACT0 (&fx, ACIES_GC_ACTION_DRAW);
  for (guint i = 0; i < fx.events->len; i++)
    {
      const AciesEvent *e = g_ptr_array_index (fx.events, i);

      if (g_str_equal (e->type, "draw"))
        {
          g_assert_cmpuint (k, <, 3);
          g_assert_nonnull (strstr (e->text, want[k]));
          k++;
        }
    }
  g_assert_cmpuint (k, ==, 3);
  play_setup (&fx, NULL, NULL);
  g_assert_cmpint (fx.s->units[fx.s->occ[cell (&fx, "H1")]].kind, ==, ACIES_GC_KIND_W);
  fixture_end (&fx);
}

/* GC 3.1-g, GC-G20: the blue side sets up first; option setup_first =
 * "red" follows the Heraclea example instead. */
static void
test_3_1_g_blue_first (void)
{
  Fixture fx;
  g_autoptr(JsonObject) opt = json_object_new ();

  fixture_start (&fx, heraclea_load ());
  g_assert_true (fx.s->st->sides[1].blue);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (4);
  ACT0 (&fx, ACIES_GC_ACTION_DRAW);
  /* Blue places all its counters before red draws. */
  while (fx.s->step == ACIES_GC_STEP_PLACE)
    {
      g_autoptr(GArray) l = legal (&fx);

      g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
      act (&fx, ACIES_GC_ACTION_PLACE, g_array_index (l, AciesAction, 0).args[0],
           g_array_index (l, AciesAction, 0).args[1], -1, -1, -1);
    }
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_DRAW);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 0);
  fixture_end (&fx);

  json_object_set_string_member (opt, "setup_first", "red");
  fixture_start_opts (&fx, heraclea_load (), opt);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 0);
  fixture_end (&fx);
}

/* GC 3.1-i: colours tell the sides: Blue, Green, Purple, Peach, Gold are
 * the blue side; Red, Pink, Orange, White the red side; Silver joins
 * either. */
static void
test_3_1_i_colours (void)
{
  Fixture fx;
  AciesScenario *sc;

  fixture_start (&fx, lines_new ());
  g_assert_false (fx.s->st->sides[0].blue);
  g_assert_true (fx.s->st->sides[1].blue);
  fixture_end (&fx);

  /* The first side fields Green and Silver, the second Orange. */
  sc = board_new (8, 10);
  add_wing (sc, "g", "red", "green", FALSE, "none");
  add_wing (sc, "s", "red", "silver", TRUE, "none");
  add_wing (sc, "o", "blue", "orange", FALSE, "none");
  add_unit (sc, "g1", "g", "L", "B", "exhausted", -1, "C3");
  add_unit (sc, "s1", "s", "C", NULL, NULL, 1, "A3");
  add_unit (sc, "o1", "o", "L", "B", "exhausted", -1, "C8");
  fixture_start (&fx, sc);
  g_assert_true (fx.s->st->sides[0].blue);
  g_assert_false (fx.s->st->sides[1].blue);
  g_assert_cmpint (acies_gc_wing (fx.s, wing_index (&fx, "s"))->side, ==, 0);
  fixture_end (&fx);
}

/* GC 3.2-a: First Turn. */
static void
test_3_2_a_first_turn (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  g_free (sc->first_side);
  sc->first_side = g_strdup ("blue");
  fixture_start (&fx, sc);
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_COMMAND);
  fixture_end (&fx);

  sc = lines_new ();
  g_clear_pointer (&sc->first_side, g_free);
  give_blue (sc, "first_turn");
  fixture_start (&fx, sc);
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  fixture_end (&fx);
}

/* GC 3.2-b: the Initiative holder at the start; only the holder is asked
 * in its Initiative Phase. */
static void
test_3_2_b_initiative (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  give_blue (sc, "initiative");
  fixture_start (&fx, sc);
  g_assert_cmpint (fx.s->initiative, ==, 1);
  ACT0 (&fx, ACIES_GC_ACTION_PASS);
  /* Red does not hold it: blue's turn begins at once. */
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_COMMAND);
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  ACT0 (&fx, ACIES_GC_ACTION_PASS);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_INITIATIVE);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  fixture_end (&fx);
}

/* GC 3.2-c: the Fortuna holder at the start, two-die side up: it is asked
 * after the other side's roll. */
static void
test_3_2_c_fortuna (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  give_blue (sc, "fortuna");
  fixture_start (&fx, sc);
  g_assert_cmpint (fx.s->fortuna, ==, 1);
  g_assert_cmpint (fx.s->fortuna_face, ==, 2);
  set_status (&fx, "p2", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, "pink", RALLY, NONE, ACIES_GC_AQUILA_NONE);
  push (&fx, 4);
  ACT2 (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p2"), -1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_FORTUNA);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  fixture_end (&fx);
}

/* GC 3.2-d: the Skirmish Factor is added to the Skirmish roll. */
static void
test_3_2_d_skirmish_factor (void)
{
  for (gint sf = 3; sf <= 4; sf++)
    {
      Fixture fx;
      AciesScenario *sc = lines_new ();

      json_object_set_int_member (side_of (sc, 0)->params, "skirmish_factor", sf);
      fixture_start (&fx, sc);
      command (&fx, "pink", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
      push (&fx, 4);
      ACT2 (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "purple"), -1);
      g_assert_cmpint (fx.s->roll.ctx[2], ==, sf);
      no_fortuna (&fx);
      /* 4 + 3 = 7 misses; 4 + 4 = 8 hits. */
      g_assert_cmpint (fx.s->step, ==, sf == 4 ? ACIES_GC_STEP_ABSORB : ACIES_GC_STEP_INITIATIVE);
      fixture_end (&fx);
    }
}

/* Ends red's turn with a PASS: blue (non-acting) checks victory. */
static void
red_passes (Fixture *fx)
{
  g_autoptr(GError) error = NULL;
  AciesAction a;

  /* VP are set by hand here: no invariant check (VP against losses). */
  acies_action_init (&a, ACIES_GC_ACTION_PASS, fx->s->base.deciding_side);
  g_assert_true (acies_ruleset_apply (fx->ruleset, &fx->s->base, &a, fx->dice, fx->events, &error));
  g_assert_no_error (error);
}

/* GC 3.2-e, GC-G54, GC-T35: VP + 5: at least the threshold and five more
 * than the opponent. */
static void
test_3_2_e_vp_plus5 (void)
{
  const gint blue_vp[] = { 16, 17 };

  for (guint i = 0; i < 2; i++)
    {
      Fixture fx;

      fixture_start (&fx, lines_new ());
      fx.s->st->sides[1].vp_plus5 = 15;
      fx.s->vp[1] = blue_vp[i];
      fx.s->vp[0] = 12;
      red_passes (&fx);
      g_assert_true (fx.s->base.finished == (i == 1));
      if (i == 1)
        g_assert_cmpint (fx.s->base.winner, ==, 1);
      fixture_end (&fx);
    }
}

/* GC 3.2-f: Final VP wins even when the opponent has more. */
static void
test_3_2_f_final_vp (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  fx.s->st->sides[1].final_vp = 20;
  fx.s->vp[1] = 20;
  fx.s->vp[0] = 35;
  red_passes (&fx);
  g_assert_true (fx.s->base.finished);
  g_assert_cmpint (fx.s->base.winner, ==, 1);
  fixture_end (&fx);

  fixture_start (&fx, lines_new ());
  fx.s->st->sides[1].final_vp = 20;
  fx.s->vp[1] = 19;
  red_passes (&fx);
  g_assert_false (fx.s->base.finished);
  fixture_end (&fx);
}

/* GC 3.2-g: the special rules T, V, C, M per side, in any combination. */
static void
test_3_2_g_special_rules (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_rule (sc, "veteran", "red");
  add_rule (sc, "marian", "red");
  add_rule (sc, "combined-arms", "blue");
  add_rule (sc, "triplex-acies", "blue");
  fixture_start (&fx, sc);
  g_assert_cmpuint (fx.s->st->sides[0].rules, ==, ACIES_GC_RULE_VETERAN | ACIES_GC_RULE_MARIAN);
  g_assert_cmpuint (fx.s->st->sides[1].rules, ==, ACIES_GC_RULE_COMBINED | ACIES_GC_RULE_TRIPLEX);
  fixture_end (&fx);
}

/* ---- 4.0 Sequence of Play, 5.0 Command Phase ---- */

/* GC 4.0-a, GC-G02: turns alternate until the Victory Phase ends the game;
 * no turn limit by default. */
static void
test_4_0_a_alternate (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  g_assert_cmpuint (fx.s->st->opt.max_turns, ==, 0);
  for (guint t = 0; t < 6; t++)
    {
      g_assert_cmpint (fx.s->base.active_side, ==, (gint) (t % 2));
      g_assert_cmpuint (fx.s->player_turn, ==, t + 1);
      ACT0 (&fx, ACIES_GC_ACTION_PASS);
      if (fx.s->step == ACIES_GC_STEP_INITIATIVE)
        ACT1 (&fx, ACIES_GC_ACTION_INITIATIVE, FALSE);
    }
  g_assert_false (fx.s->base.finished);
  fixture_end (&fx);
}

/* GC 4.0-b: the action phases come in the fixed order Skirmish, Rally,
 * Move, Combat, Move worth 2 after a Skirmish. */
static void
test_4_0_b_phase_order (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  command (&fx, "pink", SKIRMISH, MOVE, ACIES_GC_AQUILA_NONE);
  g_assert_cmpuint (fx.s->n_slots, ==, 2);
  g_assert_cmpint (fx.s->slots[0].phase, ==, ACIES_GC_PHASE_SKIRMISH);
  g_assert_cmpint (fx.s->slots[1].phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_cmpint (fx.s->slots[1].allowance, ==, 2);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_SKIRMISH);
  fixture_end (&fx);

  fixture_start (&fx, lines_new ());
  command (&fx, "pink", RALLY, COMBAT, ACIES_GC_AQUILA_NONE);
  g_assert_cmpint (fx.s->slots[0].phase, ==, ACIES_GC_PHASE_RALLY);
  g_assert_cmpint (fx.s->slots[1].phase, ==, ACIES_GC_PHASE_COMBAT);
  fixture_end (&fx);
}

/* A red side with two Foot Wings (pink, green) and a mounted wing (white:
 * a cavalry and an elephant). */
static AciesScenario *
army_new (void)
{
  AciesScenario *sc = lines_new ();

  add_wing (sc, "green", "red", "orange", FALSE, "none");
  add_wing (sc, "white", "red", "white", TRUE, "none");
  add_unit (sc, "g1", "green", "L", "B", "exhausted", -1, "G8");
  add_unit (sc, "g2", "green", "L", "B", "exhausted", -1, "H8");
  add_unit (sc, "c1", "white", "C", NULL, NULL, 1, "A9");
  add_unit (sc, "e1", "white", "E", NULL, NULL, -1, "A7");
  return sc;
}

/* GC 5.0-a: one Foot Wing with up to two Commands, or one Mounted Wing
 * with a single Move (no Aquila, no second Command). */
static void
test_5_0_a_activation (void)
{
  Fixture fx;
  gint white;

  fixture_start (&fx, army_new ());
  white = wing_index (&fx, "white");
  g_assert_true (is_legal (&fx, ACIES_GC_ACTION_COMMAND, white, MOVE, NONE, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY));
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, white, MOVE, NONE, ACIES_GC_AQUILA_PLUS, ACIES_GC_GROUP_CAVALRY));
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, white, SKIRMISH, MOVE, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY));
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, white, COMBAT, NONE, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_PASS, G_MININT, G_MININT));
  /* The mounted Move uses the turn: no Foot Wing acts. */
  act (&fx, ACIES_GC_ACTION_COMMAND, white, MOVE, NONE, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY);
  g_assert_cmpuint (fx.s->n_slots, ==, 1);
  g_assert_cmpint (fx.s->slots[0].wing, ==, white);
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "p1"), G_MININT));
  fixture_end (&fx);
}

/* GC 5.0-c: the player chooses which wing gets the Commands. */
static void
test_5_0_c_wing_choice (void)
{
  Fixture fx;

  fixture_start (&fx, army_new ());
  g_assert_cmpuint (count_actions (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), G_MININT), ==, 12);
  g_assert_cmpuint (count_actions (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "green"), G_MININT), ==, 12);
  command (&fx, "green", MOVE, NONE, ACIES_GC_AQUILA_NONE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "g1"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "p1"), G_MININT));
  fixture_end (&fx);
}

/* GC 5.0-d: a Triplex Acies side commands only its active Foot Wing. */
static void
test_5_0_d_triplex_inactive (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "redw"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "orange"), G_MININT));
  fixture_end (&fx);
}

/* GC 5.0-e, 11.4-a, GC-G46: Combined Arms: two Commands to a Foot Wing and
 * a free Move to a Mounted Wing of the player's choice, before or after the
 * Foot Wing's Move. */
static void
test_5_0_e_combined_arms (void)
{
  for (gint before = 0; before < 2; before++)
    {
      Fixture fx;
      AciesScenario *sc = army_new ();
      gint white;

      add_rule (sc, "combined-arms", "red");
      fixture_start (&fx, sc);
      white = wing_index (&fx, "white");
      command (&fx, "pink", SKIRMISH, MOVE, ACIES_GC_AQUILA_NONE);
      g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_CA_WING);
      g_assert_true (has_action (&fx, ACIES_GC_ACTION_CA_WING, white, FALSE));
      g_assert_true (has_action (&fx, ACIES_GC_ACTION_CA_WING, white, TRUE));
      ACT2 (&fx, ACIES_GC_ACTION_CA_WING, white, before);
      g_assert_cmpuint (fx.s->n_slots, ==, 3);
      g_assert_cmpint (fx.s->slots[0].phase, ==, ACIES_GC_PHASE_SKIRMISH);
      g_assert_cmpint (fx.s->slots[before ? 1 : 2].wing, ==, white);
      g_assert_cmpint (fx.s->slots[before ? 2 : 1].wing, ==, wing_index (&fx, "pink"));
      g_assert_cmpint (fx.s->slots[before ? 1 : 2].allowance, ==, 4);
      g_assert_cmpint (fx.s->slots[before ? 1 : 2].group, ==, ACIES_GC_GROUP_BOTH);
      fixture_end (&fx);
    }

  /* Without a Move for the Foot Wing: one place, before the Combat. */
  {
    Fixture fx;
    AciesScenario *sc = army_new ();

    add_rule (sc, "combined-arms", "red");
    fixture_start (&fx, sc);
    command (&fx, "pink", RALLY, COMBAT, ACIES_GC_AQUILA_NONE);
    g_assert_cmpuint (count_actions (&fx, ACIES_GC_ACTION_CA_WING, G_MININT, G_MININT), ==, 1);
    ACT2 (&fx, ACIES_GC_ACTION_CA_WING, wing_index (&fx, "white"), -1);
    g_assert_cmpint (fx.s->slots[1].phase, ==, ACIES_GC_PHASE_MOVE);
    g_assert_cmpint (fx.s->slots[2].phase, ==, ACIES_GC_PHASE_COMBAT);
    fixture_end (&fx);
  }
}

/* GC 11.4-a: without Combined Arms, no free Move. */
static void
test_11_4_a_combined_arms_only (void)
{
  Fixture fx;

  fixture_start (&fx, army_new ());
  command (&fx, "pink", SKIRMISH, MOVE, ACIES_GC_AQUILA_NONE);
  g_assert_cmpint (fx.s->step, !=, ACIES_GC_STEP_CA_WING);
  g_assert_cmpuint (fx.s->n_slots, ==, 2);
  fixture_end (&fx);
}

/* GC 11.4-b: the Combined Arms Move moves both Cavalry and Elephantry;
 * a plain mounted Move only one of them. */
static void
test_11_4_b_both_groups (void)
{
  Fixture fx;
  AciesScenario *sc = army_new ();

  add_rule (sc, "combined-arms", "red");
  fixture_start (&fx, sc);
  command (&fx, "pink", RALLY, NONE, ACIES_GC_AQUILA_NONE);
  ACT2 (&fx, ACIES_GC_ACTION_CA_WING, wing_index (&fx, "white"), -1);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "c1"), G_MININT));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "e1"), G_MININT));
  fixture_end (&fx);

  fixture_start (&fx, army_new ());
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "white"), MOVE, NONE, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "c1"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "e1"), G_MININT));
  fixture_end (&fx);
}

/* GC 5.0-f: Aquila plus X: one wing, X stronger. */
static void
test_5_0_f_aquila_plus (void)
{
  Fixture fx;

  fixture_start (&fx, army_new ());
  command (&fx, "pink", MOVE, NONE, ACIES_GC_AQUILA_PLUS);
  g_assert_cmpint (fx.s->aquila, ==, ACIES_GC_AQUILA_PLUS);
  g_assert_cmpuint (fx.s->n_slots, ==, 2);
  for (guint i = 0; i < fx.s->n_slots; i++)
    g_assert_cmpint (fx.s->slots[i].wing, ==, wing_index (&fx, "pink"));
  g_assert_cmpint (fx.s->rally_limit[0], ==, 4);   /* no Rally Limit cost */
  fixture_end (&fx);
}

/* GC 5.0-g, GC-G47: Aquila with X to all Foot Wings: each wing performs X
 * in turn, in the order the player chooses. */
static void
test_5_0_g_wing_order (void)
{
  for (gint green_first = 0; green_first < 2; green_first++)
    {
      Fixture fx;

      fixture_start (&fx, army_new ());
      command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
      g_assert_cmpint (fx.s->rally_limit[0], ==, 3);
      g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_WING_ORDER);
      g_assert_cmpuint (count_actions (&fx, ACIES_GC_ACTION_NEXT_WING, G_MININT, G_MININT), ==, 2);
      ACT1 (&fx, ACIES_GC_ACTION_NEXT_WING, wing_index (&fx, green_first ? "green" : "pink"));
      g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
      g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "g1"), G_MININT) == green_first);
      g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "p1"), G_MININT) == !green_first);
      g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, green_first ? "green" : "pink")], ==, 4);
      ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
      /* The last wing follows without a question. */
      g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
      g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "p1"), G_MININT) == green_first);
      ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
      g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_INITIATIVE);
      fixture_end (&fx);
    }
}

/* GC 5.0-h, 11.2-b: under Triplex Acies the all-wings option exists only
 * with Move, and it is the Line Change. */
static void
test_5_0_h_triplex_all_move_only (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  g_assert_true (is_legal (&fx, ACIES_GC_ACTION_COMMAND, -1, MOVE, NONE, ACIES_GC_AQUILA_ALL, -1));
  for (gint c = COMBAT; c <= RALLY; c++)
    g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, -1, c, NONE, ACIES_GC_AQUILA_ALL, -1));
  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  g_assert_nonnull (find_event (&fx, "line-change"));
  fixture_end (&fx);
}

/* GC 5.0-i, 6.0-j: Aquila plus Skirmish: two Skirmish Phases. */
static void
test_5_0_i_two_skirmishes (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  command (&fx, "pink", SKIRMISH, NONE, ACIES_GC_AQUILA_PLUS);
  g_assert_cmpuint (fx.s->n_slots, ==, 2);
  g_assert_cmpint (fx.s->slots[0].phase, ==, ACIES_GC_PHASE_SKIRMISH);
  g_assert_cmpint (fx.s->slots[1].phase, ==, ACIES_GC_PHASE_SKIRMISH);
  push (&fx, 2);
  ACT2 (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "purple"), -1);
  no_fortuna (&fx);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_SKIRMISH_TARGET);
  push (&fx, 2);
  ACT2 (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "purple"), -1);
  no_fortuna (&fx);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_INITIATIVE);
  fixture_end (&fx);
}

/* GC 5.0-j, 11.1-a: +1 for Aquila plus Rally, +1 for a Veteran side. */
static void
test_5_0_j_aquila_rally (void)
{
  for (guint veteran = 0; veteran < 2; veteran++)
    for (guint aquila = 0; aquila < 2; aquila++)
      {
        Fixture fx;
        AciesScenario *sc = lines_new ();

        if (veteran)
          add_rule (sc, "veteran", "red");
        fixture_start (&fx, sc);
        set_status (&fx, "p1", ACIES_GC_UNIT_EXHAUSTED);
        command (&fx, "pink", RALLY, NONE, aquila ? ACIES_GC_AQUILA_PLUS : ACIES_GC_AQUILA_NONE);
        push (&fx, 6);
        ACT2 (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p1"), -1);
        /* p2 is its one Fresh neighbour. */
        g_assert_cmpint (fx.s->roll.ctx[1], ==, 1 + veteran + aquila);
        no_fortuna (&fx);
        /* 6 + 1 fails; 6 + 2 rallies. */
        g_assert_cmpint (status (&fx, "p1"), ==,
                         veteran + aquila > 0 ? ACIES_GC_UNIT_FRESH : ACIES_GC_UNIT_EXHAUSTED);
        fixture_end (&fx);
      }
}

/* GC 11.1-a: the Veteran +1 on Rally. */
static void
test_11_1_a_veteran_rally (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_rule (sc, "veteran", "blue");
  fixture_start (&fx, sc);
  blue_acts (&fx);
  set_status (&fx, "q1", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, "purple", RALLY, NONE, ACIES_GC_AQUILA_NONE);
  push (&fx, 6);
  ACT2 (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "q1"), -1);
  g_assert_cmpint (fx.s->roll.ctx[1], ==, 2);   /* q2, Veteran */
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "q1"), ==, ACIES_GC_UNIT_FRESH);
  fixture_end (&fx);
}

/* GC 5.0-k, 8.3-a: Aquila plus Move: a Bonus Move Phase of 2 after the
 * first. */
static void
test_5_0_k_bonus_move (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  command (&fx, "pink", MOVE, NONE, ACIES_GC_AQUILA_PLUS);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "pink")], ==, 4);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_BONUS_MOVE);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "pink")], ==, 2);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_INITIATIVE);
  fixture_end (&fx);
}

/* GC 5.0-l, 9.2-b: Aquila plus Combat: −1 on every Combat roll. */
static void
test_5_0_l_aquila_combat (void)
{
  for (guint aquila = 0; aquila < 2; aquila++)
    {
      Fixture fx;
      AciesScenario *sc = lines_new ();
      g_autoptr(AciesOdds) odds = NULL;
      AciesAction a;
      gint sum = 0;
      gboolean found = FALSE;

      ((AciesUnit *) g_ptr_array_index (sc->units, 3))->cell = acies_board_cell_from_label (sc->map.board, "C7");
      fixture_start (&fx, sc);
      command (&fx, "pink", COMBAT, NONE, aquila ? ACIES_GC_AQUILA_PLUS : ACIES_GC_AQUILA_NONE);
      g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_COMBAT);
      acies_action_init (&a, ACIES_GC_ACTION_ATTACK, 0);
      a.args[0] = uid (&fx, "p1");
      a.args[1] = uid (&fx, "q1");
      odds = acies_ruleset_get_odds (fx.ruleset, &fx.s->base, &a);
      g_assert_nonnull (odds);
      for (guint i = 0; i < odds->modifiers->len; i++)
        {
          const AciesOddsModifier *m = g_ptr_array_index (odds->modifiers, i);

          if (strstr (m->label, "Aquila") != NULL)
            {
              found = TRUE;
              sum += m->value;
            }
        }
      g_assert_true (found == (aquila != 0));
      g_assert_cmpint (sum, ==, aquila ? -1 : 0);
      fixture_end (&fx);
    }
}

/* GC 5.0-m: the all-wings use is not "Aquila plus X": no +1 on Rally, no
 * Bonus Move Phase. */
static void
test_5_0_m_all_is_not_plus (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  set_status (&fx, "p1", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, NULL, RALLY, NONE, ACIES_GC_AQUILA_ALL);
  push (&fx, 6);
  ACT2 (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p1"), -1);
  g_assert_cmpint (fx.s->roll.ctx[1], ==, 1);
  fixture_end (&fx);

  fixture_start (&fx, lines_new ());
  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->phase, !=, ACIES_GC_PHASE_BONUS_MOVE);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_INITIATIVE);
  fixture_end (&fx);
}

/* ---- 6.0 Skirmish Phase ---- */

/* GC 6.0-a, GC-G22: the zone: three squares straight ahead of each unit. */
static void
test_6_0_a_zone (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  for (guint r = 5; r <= 7; r++)
    {
      g_autofree char *c = g_strdup_printf ("C%u", r);
      g_autofree char *q = g_strdup_printf ("D%u", r - 1);

      g_assert_true (acies_gc_in_zone_of (fx.s, cell (&fx, c), 0));
      g_assert_true (acies_gc_in_zone_of (fx.s, cell (&fx, q), 1));
    }
  g_assert_false (acies_gc_in_zone_of (fx.s, cell (&fx, "C4"), 0));
  g_assert_false (acies_gc_in_zone_of (fx.s, cell (&fx, "F7"), 0));   /* no unit in column F */
  g_assert_false (acies_gc_in_zone_of (fx.s, cell (&fx, "C7"), 1));
  fixture_end (&fx);
}

/* GC 6.0-b, 11.2-i: under Triplex Acies only the hastati have a zone, and
 * after a Line Change nobody does (no Skirmish Command). */
static void
test_6_0_b_triplex_zone (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  g_assert_true (fx.s->zone_alive & (1u << wing_index (&fx, "pink")));
  g_assert_false (fx.s->zone_alive & (1u << wing_index (&fx, "redw")));
  g_assert_false (fx.s->zone_alive & (1u << wing_index (&fx, "orange")));
  g_assert_true (fx.s->zone_alive & (1u << wing_index (&fx, "purple")));
  fixture_end (&fx);
}

static void
test_11_2_i_no_zone_after_change (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  ACT1 (&fx, ACIES_GC_ACTION_INITIATIVE, FALSE);
  ACT0 (&fx, ACIES_GC_ACTION_PASS);
  g_assert_cmpint (fx.s->base.active_side, ==, 0);
  g_assert_cmpint (fx.s->active_wing[0], ==, wing_index (&fx, "redw"));
  g_assert_false (fx.s->zone_alive & (1u << wing_index (&fx, "redw")));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "redw"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "redw"), SKIRMISH));
  fixture_end (&fx);
}

/* GC 6.0-c, GC-G24: a zone vanishes for good when enemy Foot moves next to
 * the wing (both wings' zones by default; only the touched wing's with
 * zone_loss = "literal-enemy-mover"). */
static void
test_6_0_c_zone_vanishes (void)
{
  for (guint literal = 0; literal < 2; literal++)
    {
      Fixture fx;
      AciesScenario *sc = lines_new ();
      g_autoptr(JsonObject) opt = json_object_new ();
      gint pink, purple;

      if (literal)
        json_object_set_string_member (opt, "zone_loss", "literal-enemy-mover");
      /* Purple's q1 stands two squares before p1. */
      ((AciesUnit *) g_ptr_array_index (sc->units, 3))->cell = acies_board_cell_from_label (sc->map.board, "B7");
      fixture_start_opts (&fx, sc, opt);
      pink = wing_index (&fx, "pink");
      purple = wing_index (&fx, "purple");
      blue_acts (&fx);
      command (&fx, "purple", MOVE, NONE, ACIES_GC_AQUILA_NONE);
      g_assert_true (fx.s->zone_alive & (1u << pink));
      /* q1 steps from B7 to B8, beside p1 at C8. */
      act (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "q1"), cell (&fx, "B8"), -1, -1, -1);
      g_assert_false (fx.s->zone_alive & (1u << pink));
      g_assert_true (((fx.s->zone_alive >> purple) & 1) == literal);
      fixture_end (&fx);
    }
}

/* GC 6.0-c, GC-G24: the lost zones are logged once, for the side that
 * moved, naming the Wings. */
static void
test_6_0_c_zone_gone_logged (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();
  guint n = 0;
  const AciesEvent *gone;

  ((AciesUnit *) g_ptr_array_index (sc->units, 3))->cell = acies_board_cell_from_label (sc->map.board, "B7");
  fixture_start (&fx, sc);
  blue_acts (&fx);
  command (&fx, "purple", MOVE, NONE, ACIES_GC_AQUILA_NONE);
  g_ptr_array_set_size (fx.events, 0);
  act (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "q1"), cell (&fx, "B8"), -1, -1, -1);
  for (guint i = 0; i < fx.events->len; i++)
    if (g_str_equal (((AciesEvent *) g_ptr_array_index (fx.events, i))->type, "zone-gone"))
      n++;
  g_assert_cmpuint (n, ==, 1);
  gone = find_event (&fx, "zone-gone");
  g_assert_cmpint (gone->player, ==, 1);   /* blue moved */
  g_assert_cmpstr (gone->text, ==, "The purple wing touches enemy Foot: the Skirmish Zones of pink and purple vanish for good");
  fixture_end (&fx);
}

/* GC 6.0-d: a Skirmish Command needs a zone and a Skirmish Factor of 1+. */
static void
test_6_0_d_skirmish_legal (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  fixture_start (&fx, lines_new ());
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), SKIRMISH));
  fx.s->zone_alive &= ~(1u << wing_index (&fx, "pink"));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), SKIRMISH));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), RALLY));
  fixture_end (&fx);

  json_object_set_int_member (side_of (sc, 0)->params, "skirmish_factor", 0);
  fixture_start (&fx, sc);
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), SKIRMISH));
  fixture_end (&fx);
}

/* lines_new() with a blue Green wing at G3 and H3. */
static AciesScenario *
two_targets_new (void)
{
  AciesScenario *sc = lines_new ();

  add_wing (sc, "green", "blue", "green", FALSE, "none");
  add_unit (sc, "n1", "green", "L", "B", "exhausted", -1, "G3");
  add_unit (sc, "n2", "green", "L", "B", "exhausted", -1, "H3");
  return sc;
}

/* GC 6.0-e, GC-G61: a target wing must be seen straight ahead, the first
 * unit in the column. */
static void
test_6_0_e_line_of_sight (void)
{
  Fixture fx;
  AciesScenario *sc;

  fixture_start (&fx, two_targets_new ());
  command (&fx, "pink", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "purple"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "green"), G_MININT));
  fixture_end (&fx);

  /* A pink unit in column G sees Green; a unit between hides it. */
  for (guint blocked = 0; blocked < 2; blocked++)
    {
      sc = two_targets_new ();
      add_unit (sc, "p4", "pink", "L", "B", "exhausted", -1, "G8");
      if (blocked)
        add_unit (sc, "q4", "purple", "P", "A", "exhausted", -1, "G5");
      fixture_start (&fx, sc);
      command (&fx, "pink", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
      g_assert_true (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "green"), G_MININT) == !blocked);
      fixture_end (&fx);
    }
}

/* GC 6.0-f, GC-G23: a target outside the zone may be fired at (one
 * Exhaustion, not two). */
static void
test_6_0_f_target_outside_zone (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  g_assert_false (acies_gc_wing_in_zone (fx.s, wing_index (&fx, "purple"), wing_index (&fx, "pink")));
  command (&fx, "pink", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
  push (&fx, 6);
  ACT2 (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "purple"), -1);
  no_fortuna (&fx);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_ABSORB);
  g_assert_cmpint (fx.s->absorb_left, ==, 1);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  fixture_end (&fx);
}

/* GC 6.0-g, 11.2-j, HER-10: only a Triplex Acies side's active wing can be
 * targeted, even when an inactive one is in sight. */
static void
test_6_0_g_only_active (void)
{
  Fixture fx;
  AciesScenario *sc = triplex_new ();

  add_unit (sc, "q4", "purple", "P", "A", "exhausted", -1, "G3");
  fixture_start (&fx, sc);
  blue_acts (&fx);
  command (&fx, "purple", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
  /* q4 sees r2 (principes) at G9 through the gap. */
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "pink"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "redw"), G_MININT));
  fixture_end (&fx);
}

/* GC 11.2-j: after a Line Change the principes are the target. */
static void
test_11_2_j_new_active_targeted (void)
{
  Fixture fx;
  AciesScenario *sc = triplex_new ();

  add_unit (sc, "q4", "purple", "P", "A", "exhausted", -1, "G3");
  fixture_start (&fx, sc);
  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  ACT1 (&fx, ACIES_GC_ACTION_INITIATIVE, FALSE);
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  command (&fx, "purple", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "redw"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "orange"), G_MININT));
  fixture_end (&fx);
}

/* GC 6.0-i, HER-06: a Skirmish elimination triggers no Rout Check: a lone
 * unit stays. */
static void
test_6_0_i_no_rout (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_unit (sc, "p5", "pink", "L", "B", "exhausted", -1, "H10");
  fixture_start (&fx, sc);
  blue_acts (&fx);
  command (&fx, "purple", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
  push (&fx, 7);
  ACT2 (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "pink"), -1);
  no_fortuna (&fx);
  ACT1 (&fx, ACIES_GC_ACTION_ABSORB, uid (&fx, "p3"));
  g_assert_cmpint (status (&fx, "p3"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->vp[1], ==, 2);
  g_assert_cmpint (status (&fx, "p5"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpuint (acies_dice_pending (fx.dice), ==, 0);
  fixture_end (&fx);
}

/* GC 6.0-j: the second Aquila Skirmish targets the same wing. */
static void
test_6_0_j_same_target (void)
{
  Fixture fx;
  AciesScenario *sc = two_targets_new ();

  add_unit (sc, "p4", "pink", "L", "B", "exhausted", -1, "G8");
  fixture_start (&fx, sc);
  command (&fx, "pink", SKIRMISH, NONE, ACIES_GC_AQUILA_PLUS);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "purple"), G_MININT));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "green"), G_MININT));
  push (&fx, 1);
  ACT2 (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "green"), -1);
  no_fortuna (&fx);
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "purple"), G_MININT));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "green"), G_MININT));
  fixture_end (&fx);
}

/* lines_new() with a blue Gold wing: elephant x1 at F3, cavalry x2 at G3;
 * pink units in columns F and G see them. */
static AciesScenario *
mounted_targets_new (void)
{
  AciesScenario *sc = lines_new ();

  add_wing (sc, "gold", "blue", "gold", TRUE, "none");
  add_unit_vp (sc, "x1", "gold", "E", NULL, NULL, -1, "F3", 3);
  add_unit (sc, "x2", "gold", "C", NULL, NULL, 1, "G3");
  add_unit (sc, "p4", "pink", "L", "B", "exhausted", -1, "F8");
  add_unit (sc, "p5", "pink", "L", "B", "exhausted", -1, "G8");
  return sc;
}

/* GC 6.0-k: a wing with Elephantry is fired at one Mounted unit in sight. */
static void
test_6_0_k_unit_target (void)
{
  Fixture fx;
  gint gold;

  fixture_start (&fx, mounted_targets_new ());
  gold = wing_index (&fx, "gold");
  command (&fx, "pink", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, gold, uid (&fx, "x1")));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, gold, uid (&fx, "x2")));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_SKIRMISH, gold, -1));
  fixture_end (&fx);
}

/* GC 6.0-l, GC-G63, 8.8-a: against Elephantry +1, then the owner's screen
 * roll plus its Rally Limit: 7 or less eliminates, 8+ holds, a natural 1
 * sends it on a Rampage (here euthanised: no VP). */
static void
test_6_0_l_elephant (void)
{
  const guint screen[] = { 3, 4, 1 };

  for (guint i = 0; i < 3; i++)
    {
      Fixture fx;
      gint x1;

      fixture_start (&fx, mounted_targets_new ());
      x1 = uid (&fx, "x1");
      command (&fx, "pink", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
      push (&fx, 4);
      ACT2 (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "gold"), x1);
      g_assert_cmpint (fx.s->roll.ctx[2], ==, 3 + 1);   /* 4 + 3 + 1 = 8: a hit */
      push (&fx, screen[i]);
      ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
      g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_SCREEN);
      g_assert_cmpint (fx.s->roll.roller, ==, 1);
      if (i == 2)
        push (&fx, 8);   /* rampage direction: euthanised */
      no_fortuna (&fx);
      g_assert_cmpuint (acies_dice_pending (fx.dice), ==, 0);
      g_assert_cmpint (status (&fx, "x1"), ==, i == 1 ? ACIES_GC_UNIT_FRESH : ACIES_GC_UNIT_ELIMINATED);
      g_assert_cmpint (fx.s->vp[0], ==, i == 0 ? 3 : 0);
      if (i == 2)
        g_assert_cmpint (fx.s->units[x1].cause, ==, ACIES_GC_CAUSE_EUTHANISED);
      fixture_end (&fx);
    }
}

/* GC 6.0-m, GC-G26(a): a singled-out Cavalry: no +1, a hit eliminates. */
static void
test_6_0_m_cavalry (void)
{
  Fixture fx;

  fixture_start (&fx, mounted_targets_new ());
  command (&fx, "pink", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
  push (&fx, 5);
  ACT2 (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "gold"), uid (&fx, "x2"));
  g_assert_cmpint (fx.s->roll.ctx[2], ==, 3);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "x2"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->vp[0], ==, 2);
  g_assert_cmpuint (acies_dice_pending (fx.dice), ==, 0);
  fixture_end (&fx);
}

/* ---- 7.0 Rally, 11.x special rules ---- */

/* GC 7.0-a: attempts up to the Rally Limit, each unit once per phase. */
static void
test_7_0_a_limit (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  fx.s->rally_limit[0] = 2;
  set_status (&fx, "p1", ACIES_GC_UNIT_EXHAUSTED);
  set_status (&fx, "p2", ACIES_GC_UNIT_EXHAUSTED);
  set_status (&fx, "p3", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, "pink", RALLY, NONE, ACIES_GC_AQUILA_NONE);
  push (&fx, 2);
  ACT2 (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p1"), -1);
  no_fortuna (&fx);
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p1"), G_MININT));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p2"), G_MININT));
  push (&fx, 2);
  ACT2 (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p2"), -1);
  no_fortuna (&fx);
  /* Two attempts used: the phase is over with p3 untried. */
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_INITIATIVE);
  g_assert_cmpint (status (&fx, "p3"), ==, ACIES_GC_UNIT_EXHAUSTED);
  fixture_end (&fx);
}

/* GC 7.0-d, 11.3-a, GC-G56: Marian: swap with an adjacent Fresh wing-mate
 * before the attempt (only under the Marian rule). */
static void
test_7_0_d_marian_swap (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();
  gint p2, p4;

  add_rule (sc, "marian", "red");
  add_unit (sc, "p4", "pink", "L", "B", "exhausted", -1, "D9");
  fixture_start (&fx, sc);
  p2 = uid (&fx, "p2");
  p4 = uid (&fx, "p4");
  set_status (&fx, "p2", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, "pink", RALLY, NONE, ACIES_GC_AQUILA_NONE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_RALLY, p2, p4));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_RALLY, p2, uid (&fx, "p1")));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_RALLY, p2, -1));
  push (&fx, 7);
  ACT2 (&fx, ACIES_GC_ACTION_RALLY, p2, p4);
  g_assert_cmpint (fx.s->units[p2].cell, ==, cell (&fx, "D9"));
  g_assert_cmpint (fx.s->units[p4].cell, ==, cell (&fx, "D8"));
  /* At D9 only p4 (now at D8) touches it: +1. */
  g_assert_cmpint (fx.s->roll.ctx[1], ==, 1);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "p2"), ==, ACIES_GC_UNIT_FRESH);
  fixture_end (&fx);
}

static void
test_11_3_a_marian_only (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  set_status (&fx, "p2", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, "pink", RALLY, NONE, ACIES_GC_AQUILA_NONE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p2"), -1));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p2"), uid (&fx, "p1")));
  fixture_end (&fx);
}

/* GC 7.0-e: a total of 8+ rallies; 7 does not. */
static void
test_7_0_e_eight (void)
{
  for (guint die = 6; die <= 7; die++)
    {
      Fixture fx;

      fixture_start (&fx, lines_new ());
      set_status (&fx, "p2", ACIES_GC_UNIT_EXHAUSTED);
      command (&fx, "pink", RALLY, NONE, ACIES_GC_AQUILA_NONE);
      push (&fx, die);
      ACT2 (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p2"), -1);
      no_fortuna (&fx);
      g_assert_cmpint (status (&fx, "p2"), ==, die + 2 >= 8 ? ACIES_GC_UNIT_FRESH : ACIES_GC_UNIT_EXHAUSTED);
      fixture_end (&fx);
    }
}

/* GC 7.0-g: Heroes and Mounted units are never rallied. */
static void
test_7_0_g_not_rallied (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_wing (sc, "white", "red", "white", TRUE, "none");
  add_unit (sc, "c1", "white", "C", NULL, NULL, 1, "A9");
  fixture_start (&fx, sc);
  set_status (&fx, "p1", ACIES_GC_UNIT_HERO);
  set_status (&fx, "p2", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, "pink", RALLY, NONE, ACIES_GC_AQUILA_NONE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p2"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "p1"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "c1"), G_MININT));
  /* A mounted wing is never given a Rally. */
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "white"), RALLY, NONE,
                            ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY));
  fixture_end (&fx);
}

/* GC 11.1-b, 9.5-h: a Veteran Fresh unit with a Morale that fails the
 * Rout conditions rolls, and stays on a roll greater than its Morale. */
static void
test_11_1_b_veteran_morale (void)
{
  for (guint die = 3; die <= 4; die++)
    {
      Fixture fx;
      AciesScenario *sc = lines_new ();
      AciesUnit *m = add_unit (sc, "m1", "pink", "L", "B", "exhausted", -1, "A5");

      json_object_set_int_member (m->attrs, "morale", 3);
      add_rule (sc, "veteran", "red");
      fixture_start (&fx, sc);
      fx.s->fortuna = 1;
      fx.s->fortuna_face = 2;
      push (&fx, die);
      acies_gc_rout_check (fx.s, 0, fx.dice, fx.events);
      g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_MORALE);
      g_assert_cmpuint (acies_dice_pending (fx.dice), ==, 0);
      if (fx.s->step == ACIES_GC_STEP_FORTUNA)
        ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
      g_assert_cmpint (status (&fx, "m1"), ==, die > 3 ? ACIES_GC_UNIT_FRESH : ACIES_GC_UNIT_ELIMINATED);
      fixture_end (&fx);
    }
}

/* GC 11.2-a: at the start only the hastati are active; the other lines may
 * follow their Move (8.4). */
static void
test_11_2_a_hastati_active (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  g_assert_cmpint (fx.s->active_wing[0], ==, wing_index (&fx, "pink"));
  g_assert_true (acies_gc_wing_inactive (fx.s, wing_index (&fx, "redw")));
  g_assert_false (acies_gc_wing_inactive (fx.s, wing_index (&fx, "pink")));
  command (&fx, "pink", MOVE, NONE, ACIES_GC_AQUILA_NONE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "p1"), G_MININT));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "r2"), G_MININT));
  fixture_end (&fx);
}

/* GC 11.2-b, 11.2-g, HER-22: the Line Change is Aquila + Move to all Foot
 * Wings; the new active wing then moves (4 squares). */
static void
test_11_2_b_line_change (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  g_assert_cmpint (status (&fx, "p1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->active_wing[0], ==, wing_index (&fx, "redw"));
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_cmpint (fx.s->slots[fx.s->slot].wing, ==, wing_index (&fx, "redw"));
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "redw")], ==, 4);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "r1"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "o1"), G_MININT));
  fixture_end (&fx);
}

static void
test_11_2_g_moves_after (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  act (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "r1"), cell (&fx, "C8"), -1, -1, -1);
  act (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "r1"), cell (&fx, "C7"), -1, -1, -1);
  g_assert_cmpint (fx.s->units[uid (&fx, "r1")].moved, ==, 2);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_INITIATIVE);
  fixture_end (&fx);
}

/* GC 11.2-d, 10.0-d: a Hero removed by a Line Change costs no Rally Limit
 * beyond the Line Change's own point and scores nothing. */
static void
test_11_2_d_hero (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  set_status (&fx, "p1", ACIES_GC_UNIT_HERO);
  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  g_assert_cmpint (fx.s->units[uid (&fx, "p1")].vp_scored, ==, 0);
  g_assert_cmpint (fx.s->rally_limit[0], ==, 3);
  g_assert_cmpint (fx.s->vp[1], ==, 4);   /* only the whole wing */
  fixture_end (&fx);
}

/* GC 11.2-e, GC-G44: the Line Change costs one Rally Limit point in all
 * (option line_change_rally_cost = 2 for the double reading). */
static void
test_11_2_e_rally_cost (void)
{
  for (gint cost = 1; cost <= 2; cost++)
    {
      Fixture fx;
      g_autoptr(JsonObject) opt = json_object_new ();

      json_object_set_int_member (opt, "line_change_rally_cost", cost);
      fixture_start_opts (&fx, triplex_new (), opt);
      command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
      g_assert_cmpint (fx.s->rally_limit[0], ==, 4 - cost);
      g_assert_cmpint (fx.s->rally_limit[1], ==, 4);
      fixture_end (&fx);
    }
}

/* GC 11.2-f: pink → red → orange; the triarii are never removed. */
static void
test_11_2_f_order (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  ACT1 (&fx, ACIES_GC_ACTION_INITIATIVE, TRUE);
  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  g_assert_cmpint (fx.s->active_wing[0], ==, wing_index (&fx, "orange"));
  g_assert_cmpint (status (&fx, "r1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->rally_limit[0], ==, 2);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  ACT0 (&fx, ACIES_GC_ACTION_PASS);
  ACT1 (&fx, ACIES_GC_ACTION_INITIATIVE, FALSE);   /* blue holds it now */
  g_assert_cmpint (fx.s->base.active_side, ==, 0);
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, -1, MOVE, NONE, ACIES_GC_AQUILA_ALL, -1));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "orange"), G_MININT));
  fixture_end (&fx);
}

/* GC 11.2-h: besides the Line Change, a Triplex Acies side uses the Aquila
 * only as "Aquila plus X" on its active wing. */
static void
test_11_2_h_aquila_plus_only (void)
{
  Fixture fx;
  g_autoptr(GArray) l = NULL;

  fixture_start (&fx, triplex_new ());
  l = legal (&fx);
  for (guint i = 0; i < l->len; i++)
    {
      const AciesAction *a = &g_array_index (l, AciesAction, i);

      if (a->type != ACIES_GC_ACTION_COMMAND || a->args[3] == ACIES_GC_AQUILA_NONE)
        continue;
      if (a->args[3] == ACIES_GC_AQUILA_ALL)
        g_assert_cmpint (a->args[1], ==, MOVE);
      else
        g_assert_cmpint (a->args[0], ==, wing_index (&fx, "pink"));
    }
  g_assert_true (is_legal (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), RALLY, NONE, ACIES_GC_AQUILA_PLUS, -1));
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "redw"), RALLY, NONE, ACIES_GC_AQUILA_PLUS, -1));
  fixture_end (&fx);
}

/* GC 11.2-k, 13.0-e, GC-T38: a unit of a non-active wing scores double. */
static void
test_11_2_k_double (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  acies_gc_eliminate (fx.s, uid (&fx, "r2"), ACIES_GC_CAUSE_TRAMPLE, fx.events);
  g_assert_cmpint (fx.s->units[uid (&fx, "r2")].vp_scored, ==, 4);
  acies_gc_eliminate (fx.s, uid (&fx, "p2"), ACIES_GC_CAUSE_TRAMPLE, fx.events);
  g_assert_cmpint (fx.s->units[uid (&fx, "p2")].vp_scored, ==, 2);
  g_assert_cmpint (fx.s->vp[1], ==, 6);
  fixture_end (&fx);
}

static void
test_13_0_e_double_skirmish (void)
{
  Fixture fx;
  AciesScenario *sc = triplex_new ();

  add_unit (sc, "q4", "purple", "P", "A", "exhausted", -1, "G3");
  fixture_start (&fx, sc);
  /* The principes are hit after the Line Change made them active: single
   * VP; before it, a Rout or Trample of theirs scores double. */
  acies_gc_eliminate (fx.s, uid (&fx, "o1"), ACIES_GC_CAUSE_RAMPAGE, fx.events);
  /* 2 × 2, and the whole orange wing +4, never doubled (GC-G45). */
  g_assert_cmpint (fx.s->units[uid (&fx, "o1")].vp_scored, ==, 4);
  g_assert_cmpint (fx.s->vp[1], ==, 8);
  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  acies_gc_eliminate (fx.s, uid (&fx, "r2"), ACIES_GC_CAUSE_TRAMPLE, fx.events);
  g_assert_cmpint (fx.s->units[uid (&fx, "r2")].vp_scored, ==, 2);
  fixture_end (&fx);
}

/* ---- 12.0 Fortuna, 13.0 Victory, 15.0 Wagons ---- */

/* Red's rally of p2 (+2) with a scripted first die. */
static void
rally_p2 (Fixture *fx,
          guint    die)
{
  set_status (fx, "p2", ACIES_GC_UNIT_EXHAUSTED);
  command (fx, "pink", RALLY, NONE, ACIES_GC_AQUILA_NONE);
  push (fx, die);
  ACT2 (fx, ACIES_GC_ACTION_RALLY, uid (fx, "p2"), -1);
}

/* GC 12.0-b: the first use turns the marker to one die; the second hands
 * it to the opponent two-die side up. */
static void
test_12_0_b_faces (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  rally_p2 (&fx, 2);
  push (&fx, 3);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, TRUE);
  g_assert_cmpint (fx.s->fortuna, ==, 0);
  g_assert_cmpint (fx.s->fortuna_face, ==, 1);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  ACT1 (&fx, ACIES_GC_ACTION_INITIATIVE, FALSE);
  /* Blue's turn: red uses it again on blue's rally and hands it over. */
  set_status (&fx, "q2", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, "purple", RALLY, NONE, ACIES_GC_AQUILA_NONE);
  push (&fx, 8);
  ACT2 (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "q2"), -1);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 0);
  push (&fx, 2);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, TRUE);
  g_assert_cmpint (fx.s->fortuna, ==, 1);
  g_assert_cmpint (fx.s->fortuna_face, ==, 2);
  fixture_end (&fx);
}

/* GC 12.0-d: the newest result stands, even if worse. */
static void
test_12_0_d_latest_stands (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  rally_p2 (&fx, 6);   /* 6 + 2 = 8 would rally */
  push (&fx, 2);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, TRUE);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (status (&fx, "p2"), ==, ACIES_GC_UNIT_EXHAUSTED);
  fixture_end (&fx);
}

/* GC 12.0-e, HER-06: the player who receives the marker may not re-roll
 * that result, but may re-roll the next one. */
static void
test_12_0_e_locked (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  fx.s->fortuna_face = 1;
  blue_acts (&fx);
  command (&fx, "purple", SKIRMISH, NONE, ACIES_GC_AQUILA_PLUS);
  push (&fx, 5);
  ACT2 (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "pink"), -1);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 0);
  /* Red re-rolls the 5 + 3 hit: the marker goes to blue; 7 + 3 = 10. */
  push (&fx, 7);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, TRUE);
  g_assert_cmpint (fx.s->fortuna, ==, 1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_ABSORB);   /* no offer to blue */
  ACT1 (&fx, ACIES_GC_ACTION_ABSORB, uid (&fx, "p3"));
  g_assert_cmpint (status (&fx, "p3"), ==, ACIES_GC_UNIT_ELIMINATED);   /* Brittle C */
  g_assert_cmpint (fx.s->vp[1], ==, 2);
  /* The next roll may be re-rolled by blue. */
  push (&fx, 2);
  ACT2 (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "pink"), -1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_FORTUNA);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  fixture_end (&fx);
}

/* GC 12.0-f, 8.6-j: Fortuna against a two-die Charge re-rolls both dice. */
static void
test_12_0_f_two_dice (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_wing (sc, "white", "red", "white", TRUE, "none");
  add_wing (sc, "green", "blue", "green", FALSE, "none");
  add_unit (sc, "c2", "white", "C", NULL, NULL, 2, "F4");
  add_unit (sc, "n1", "green", "L", "B", "exhausted", -1, "G3");
  fixture_start (&fx, sc);
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "white"), MOVE, NONE, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_CHARGE);
  push (&fx, 2);
  push (&fx, 3);
  ACT2 (&fx, ACIES_GC_ACTION_CHARGE, uid (&fx, "c2"), uid (&fx, "n1"));
  g_assert_cmpuint (fx.s->roll.n_dice, ==, 2);
  g_assert_cmpuint (fx.s->roll.values[0], ==, 2);
  g_assert_cmpuint (fx.s->roll.values[1], ==, 3);
  push (&fx, 8);
  push (&fx, 5);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, TRUE);
  g_assert_cmpuint (fx.s->roll.values[0], ==, 8);
  g_assert_cmpuint (fx.s->roll.values[1], ==, 5);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (status (&fx, "n1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  fixture_end (&fx);
}

/* GC 13.0-a: only the non-acting player checks victory. */
static void
test_13_0_a_non_acting (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  fx.s->st->sides[0].final_vp = 1;
  fx.s->vp[0] = 5;
  red_passes (&fx);
  g_assert_false (fx.s->base.finished);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_INITIATIVE);
  fixture_end (&fx);
}

/* GC 13.0-b: each eliminated enemy unit scores its printed VP. */
static void
test_13_0_b_unit_vp (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_unit_vp (sc, "q4", "purple", "P", "A", "brittle", -1, "G3", 1);
  fixture_start (&fx, sc);
  command (&fx, "pink", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
  acies_gc_exhaust (fx.s, uid (&fx, "q4"), ACIES_GC_CAUSE_SKIRMISH, fx.events);
  acies_gc_exhaust (fx.s, uid (&fx, "q1"), ACIES_GC_CAUSE_SKIRMISH, fx.events);
  acies_gc_exhaust (fx.s, uid (&fx, "q1"), ACIES_GC_CAUSE_SKIRMISH, fx.events);
  g_assert_cmpint (fx.s->vp[0], ==, 1 + 2);
  g_assert_cmpint (fx.s->vp[1], ==, 0);
  fixture_end (&fx);
}

/* GC 13.0-c: +4 once for a whole enemy wing. */
static void
test_13_0_c_wing_bonus (void)
{
  Fixture fx;
  const char *ids[] = { "q1", "q2", "q3" };

  fixture_start (&fx, lines_new ());
  for (guint i = 0; i < 3; i++)
    {
      acies_gc_eliminate (fx.s, uid (&fx, ids[i]), ACIES_GC_CAUSE_RAMPAGE, fx.events);
      g_assert_cmpint (fx.s->vp[0], ==, 2 * (gint) (i + 1) + (i == 2 ? 4 : 0));
    }
  g_assert_true (fx.s->wing_wiped & (1u << wing_index (&fx, "purple")));
  fixture_end (&fx);
}

/* GC 13.0-d, 11.2-c: a Line Change scores only the Exhausted units. */
static void
test_13_0_d_line_change_exhausted (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  set_status (&fx, "p1", ACIES_GC_UNIT_EXHAUSTED);
  set_status (&fx, "p3", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  g_assert_cmpint (fx.s->units[uid (&fx, "p1")].vp_scored, ==, 2);
  g_assert_cmpint (fx.s->units[uid (&fx, "p2")].vp_scored, ==, 0);
  g_assert_cmpint (fx.s->units[uid (&fx, "p3")].vp_scored, ==, 2);
  g_assert_cmpint (fx.s->vp[1], ==, 2 + 2 + 4);
  fixture_end (&fx);
}

/* GC 13.0-f: a battle's own VP rules: the whole-wing bonus is read from
 * the scenario's victory entries. */
static void
test_13_0_f_battle_vp (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();
  AciesRuleEntry *e = acies_rule_entry_new ("whole-wing-bonus");

  json_object_set_int_member (e->params, "vp", 6);
  g_ptr_array_add (sc->victory, e);
  fixture_start (&fx, sc);
  acies_gc_eliminate (fx.s, uid (&fx, "q1"), ACIES_GC_CAUSE_RAMPAGE, fx.events);
  acies_gc_eliminate (fx.s, uid (&fx, "q2"), ACIES_GC_CAUSE_RAMPAGE, fx.events);
  acies_gc_eliminate (fx.s, uid (&fx, "q3"), ACIES_GC_CAUSE_RAMPAGE, fx.events);
  g_assert_cmpint (fx.s->vp[0], ==, 6 + 6);
  fixture_end (&fx);
}

/* GC 13.0-h: a player may concede; random players never do. */
static void
test_13_0_h_concede (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_CONCEDE, G_MININT, G_MININT));
  ACT0 (&fx, ACIES_GC_ACTION_CONCEDE);
  g_assert_true (fx.s->base.finished);
  g_assert_cmpint (fx.s->base.winner, ==, 1);
  g_assert_nonnull (strstr (fx.s->base.end_reason, "concedes"));
  fixture_end (&fx);
}

/* Red wagons w1 (F6) and w2 (A10), a blue elephant at F3. */
static AciesScenario *
wagons_new (void)
{
  AciesScenario *sc = lines_new ();

  add_wing (sc, "white", "red", "white", TRUE, "none");
  add_wing (sc, "gold", "blue", "gold", TRUE, "none");
  add_unit (sc, "w1", "white", "W", NULL, NULL, -1, "F6");
  add_unit (sc, "w2", "white", "W", NULL, NULL, -1, "A10");
  add_unit_vp (sc, "x1", "gold", "E", NULL, NULL, -1, "F3", 3);
  add_unit (sc, "x2", "gold", "C", NULL, NULL, 1, "H1");
  return sc;
}

/* GC 15.0-b/c: a wagon that ends its move next to an enemy elephant
 * attacks: d8 + wagons in play, 8+ eliminates; the wagon is removed either
 * way (no VP for it). */
static void
test_15_0_c_wagon_attack (void)
{
  for (guint die = 5; die <= 6; die++)
    {
      Fixture fx;

      fixture_start (&fx, wagons_new ());
      act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "white"), MOVE, NONE, ACIES_GC_AQUILA_NONE,
           ACIES_GC_GROUP_ELEPHANTRY);
      act (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "w1"), cell (&fx, "F5"), -1, -1, -1);
      push (&fx, die);
      act (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "w1"), cell (&fx, "F4"), -1, -1, -1);
      g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_WAGON);
      g_assert_cmpint (fx.s->roll.ctx[2], ==, 2);
      no_fortuna (&fx);
      /* 5 + 2 = 7 fails, 6 + 2 = 8 eliminates. */
      g_assert_cmpint (status (&fx, "x1"), ==, die == 6 ? ACIES_GC_UNIT_ELIMINATED : ACIES_GC_UNIT_FRESH);
      g_assert_cmpint (status (&fx, "w1"), ==, ACIES_GC_UNIT_ELIMINATED);
      g_assert_cmpint (fx.s->units[uid (&fx, "w1")].vp_scored, ==, 0);
      g_assert_cmpint (fx.s->vp[0], ==, die == 6 ? 3 : 0);
      fixture_end (&fx);
    }
}

/* GC 15.0-b: wagons attack only Elephantry. */
static void
test_15_0_b_only_elephants (void)
{
  Fixture fx;
  AciesScenario *sc = wagons_new ();

  add_unit (sc, "x3", "gold", "C", NULL, NULL, 1, "G4");
  fixture_start (&fx, sc);
  acies_gc_eliminate (fx.s, uid (&fx, "x1"), ACIES_GC_CAUSE_RAMPAGE, fx.events);
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "white"), MOVE, NONE, ACIES_GC_AQUILA_NONE,
       ACIES_GC_GROUP_ELEPHANTRY);
  act (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "w1"), cell (&fx, "F5"), -1, -1, -1);
  act (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "w1"), cell (&fx, "F4"), -1, -1, -1);
  /* Next to the cavalry at G4: no attack, no roll, the wagon stays. */
  g_assert_cmpuint (acies_dice_pending (fx.dice), ==, 0);
  g_assert_cmpint (status (&fx, "w1"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (status (&fx, "x3"), ==, ACIES_GC_UNIT_FRESH);
  fixture_end (&fx);
}

/* GC 15.0-d: enemy Foot next to a wagon destroys it, for no VP. */
static void
test_15_0_d_foot_destroys (void)
{
  Fixture fx;
  AciesScenario *sc = wagons_new ();

  ((AciesUnit *) g_ptr_array_index (sc->units, 6))->cell = acies_board_cell_from_label (sc->map.board, "B4");
  fixture_start (&fx, sc);
  blue_acts (&fx);
  command (&fx, "purple", MOVE, NONE, ACIES_GC_AQUILA_NONE);
  act (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "q1"), cell (&fx, "C4"), -1, -1, -1);
  g_assert_cmpint (status (&fx, "w1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->vp[1], ==, 0);
  fixture_end (&fx);
}

/* HER-08: Aquila plus Rally with three Fresh neighbours: +4, a 4 rallies. */
static void
test_her_08_rally_plus_four (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  add_unit (sc, "q4", "purple", "P", "A", "exhausted", -1, "D2");
  fixture_start (&fx, sc);
  blue_acts (&fx);
  set_status (&fx, "q2", ACIES_GC_UNIT_EXHAUSTED);
  command (&fx, "purple", RALLY, NONE, ACIES_GC_AQUILA_PLUS);
  push (&fx, 4);
  ACT2 (&fx, ACIES_GC_ACTION_RALLY, uid (&fx, "q2"), -1);
  g_assert_cmpint (fx.s->roll.ctx[1], ==, 4);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "q2"), ==, ACIES_GC_UNIT_FRESH);
  fixture_end (&fx);
}

/* HER-02: Laevinus turn 1: a Move to the White (mounted) wing, 4 squares. */
static void
test_her_02_white_move (void)
{
  Fixture fx;

  fixture_start (&fx, heraclea_load ());
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (8);
  play_setup (&fx, NULL, NULL);
  g_assert_cmpint (fx.s->base.active_side, ==, 0);
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "white"), MOVE, NONE, ACIES_GC_AQUILA_NONE,
       ACIES_GC_GROUP_CAVALRY);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "white")], ==, 4);
  fixture_end (&fx);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/grass-crown/2.0-a/d8", test_2_0_a_d8);
  g_test_add_func ("/acies/grass-crown/2.1-a/square-grid-terrain", test_2_1_a_square_grid);
  g_test_add_func ("/acies/grass-crown/2.1-b/orthogonal-adjacency", test_2_1_b_orthogonal);
  g_test_add_func ("/acies/grass-crown/2.1-c/centre-line-halves", test_2_1_c_centre_line);
  g_test_add_func ("/acies/grass-crown/2.1-d/edges-and-rally-limits", test_2_1_d_edges);
  g_test_add_func ("/acies/grass-crown/2.2-a/commands-address-wings", test_2_2_a_wings);
  g_test_add_func ("/acies/grass-crown/2.2-b/unit-kinds", test_2_2_b_kinds);
  g_test_add_func ("/acies/grass-crown/2.2-d/morale-only-veteran", test_2_2_d_morale);
  g_test_add_func ("/acies/grass-crown/2.2-e/diamonds-no-cc", test_2_2_e_diamonds);
  g_test_add_func ("/acies/grass-crown/2.2-f/three-backs", test_2_2_f_backs);
  g_test_add_func ("/acies/grass-crown/2.2-g/vp-back-or-front", test_2_2_g_vp);
  g_test_add_func ("/acies/grass-crown/2.2-h/mounted-single-exhaustion", test_2_2_h_mounted_exhaust);
  g_test_add_func ("/acies/grass-crown/2.2-note/wagons-mounted", test_2_2_note_wagons);
  g_test_add_func ("/acies/grass-crown/2.3-a/marker-faces", test_2_3_a_marker_faces);
  g_test_add_func ("/acies/grass-crown/2.3-b/markers", test_2_3_b_markers);
  g_test_add_func ("/acies/grass-crown/2.4-a/terrain-pieces", test_2_4_a_terrain);
  g_test_add_func ("/acies/grass-crown/3.0-a/battle-scenario", test_3_0_a_battle);
  g_test_add_func ("/acies/grass-crown/3.1-a/zone-unit-type", test_3_1_a_zone_type);
  g_test_add_func ("/acies/grass-crown/3.1-b/two-zones-one-pool", test_3_1_b_two_zones);
  g_test_add_func ("/acies/grass-crown/3.1-d/private-look", test_3_1_d_private_look);
  g_test_add_func ("/acies/grass-crown/3.1-e/backs-hidden-until-flipped", test_3_1_e_backs_hidden);
  g_test_add_func ("/acies/grass-crown/3.1-f/draw-wagons-elephants-cavalry", test_3_1_f_draw_order);
  g_test_add_func ("/acies/grass-crown/3.1-g/blue-sets-up-first", test_3_1_g_blue_first);
  g_test_add_func ("/acies/grass-crown/3.1-i/wing-colours", test_3_1_i_colours);
  g_test_add_func ("/acies/grass-crown/3.2-a/first-turn", test_3_2_a_first_turn);
  g_test_add_func ("/acies/grass-crown/3.2-b/initiative-holder", test_3_2_b_initiative);
  g_test_add_func ("/acies/grass-crown/3.2-c/fortuna-holder", test_3_2_c_fortuna);
  g_test_add_func ("/acies/grass-crown/3.2-d/skirmish-factor", test_3_2_d_skirmish_factor);
  g_test_add_func ("/acies/grass-crown/3.2-e/vp-plus-five", test_3_2_e_vp_plus5);
  g_test_add_func ("/acies/grass-crown/3.2-f/final-vp", test_3_2_f_final_vp);
  g_test_add_func ("/acies/grass-crown/3.2-g/special-rules", test_3_2_g_special_rules);
  g_test_add_func ("/acies/grass-crown/4.0-a/turns-alternate", test_4_0_a_alternate);
  g_test_add_func ("/acies/grass-crown/4.0-b/phase-order", test_4_0_b_phase_order);
  g_test_add_func ("/acies/grass-crown/5.0-a/foot-or-mounted", test_5_0_a_activation);
  g_test_add_func ("/acies/grass-crown/5.0-c/wing-choice", test_5_0_c_wing_choice);
  g_test_add_func ("/acies/grass-crown/5.0-d/triplex-inactive-no-commands", test_5_0_d_triplex_inactive);
  g_test_add_func ("/acies/grass-crown/5.0-e/combined-arms-before-or-after", test_5_0_e_combined_arms);
  g_test_add_func ("/acies/grass-crown/5.0-f/aquila-plus-one-wing", test_5_0_f_aquila_plus);
  g_test_add_func ("/acies/grass-crown/5.0-g/all-wings-order", test_5_0_g_wing_order);
  g_test_add_func ("/acies/grass-crown/5.0-h/triplex-all-is-line-change", test_5_0_h_triplex_all_move_only);
  g_test_add_func ("/acies/grass-crown/5.0-i/aquila-plus-skirmish", test_5_0_i_two_skirmishes);
  g_test_add_func ("/acies/grass-crown/5.0-j/aquila-plus-rally", test_5_0_j_aquila_rally);
  g_test_add_func ("/acies/grass-crown/5.0-k/aquila-plus-move", test_5_0_k_bonus_move);
  g_test_add_func ("/acies/grass-crown/5.0-l/aquila-plus-combat", test_5_0_l_aquila_combat);
  g_test_add_func ("/acies/grass-crown/5.0-m/all-wings-not-plus", test_5_0_m_all_is_not_plus);
  g_test_add_func ("/acies/grass-crown/11.1-a/veteran-rally", test_11_1_a_veteran_rally);
  g_test_add_func ("/acies/grass-crown/11.4-a/combined-arms-only-with-rule", test_11_4_a_combined_arms_only);
  g_test_add_func ("/acies/grass-crown/11.4-b/cavalry-and-elephantry", test_11_4_b_both_groups);
  g_test_add_func ("/acies/grass-crown/6.0-a/zone-three-ahead", test_6_0_a_zone);
  g_test_add_func ("/acies/grass-crown/6.0-b/triplex-only-hastati-zone", test_6_0_b_triplex_zone);
  g_test_add_func ("/acies/grass-crown/6.0-c/zone-vanishes-on-contact", test_6_0_c_zone_vanishes);
  g_test_add_func ("/acies/grass-crown/6.0-c/zone-gone-logged-once", test_6_0_c_zone_gone_logged);
  g_test_add_func ("/acies/grass-crown/6.0-d/skirmish-needs-zone-and-factor", test_6_0_d_skirmish_legal);
  g_test_add_func ("/acies/grass-crown/6.0-e/straight-line-of-sight", test_6_0_e_line_of_sight);
  g_test_add_func ("/acies/grass-crown/6.0-f/target-outside-zone", test_6_0_f_target_outside_zone);
  g_test_add_func ("/acies/grass-crown/6.0-g/triplex-only-active-targeted", test_6_0_g_only_active);
  g_test_add_func ("/acies/grass-crown/6.0-i/no-rout-check", test_6_0_i_no_rout);
  g_test_add_func ("/acies/grass-crown/6.0-j/second-skirmish-same-wing", test_6_0_j_same_target);
  g_test_add_func ("/acies/grass-crown/6.0-k/elephant-wing-unit-target", test_6_0_k_unit_target);
  g_test_add_func ("/acies/grass-crown/6.0-l/elephant-screen-roll", test_6_0_l_elephant);
  g_test_add_func ("/acies/grass-crown/6.0-m/cavalry-singled-out", test_6_0_m_cavalry);
  g_test_add_func ("/acies/grass-crown/11.2-i/no-zone-after-line-change", test_11_2_i_no_zone_after_change);
  g_test_add_func ("/acies/grass-crown/11.2-j/new-active-wing-targeted", test_11_2_j_new_active_targeted);
  g_test_add_func ("/acies/grass-crown/7.0-a/attempts-up-to-rally-limit", test_7_0_a_limit);
  g_test_add_func ("/acies/grass-crown/7.0-d/marian-swap", test_7_0_d_marian_swap);
  g_test_add_func ("/acies/grass-crown/7.0-e/eight-rallies", test_7_0_e_eight);
  g_test_add_func ("/acies/grass-crown/7.0-g/heroes-mounted-never-rallied", test_7_0_g_not_rallied);
  g_test_add_func ("/acies/grass-crown/11.1-b/veteran-morale-roll", test_11_1_b_veteran_morale);
  g_test_add_func ("/acies/grass-crown/11.2-a/hastati-active", test_11_2_a_hastati_active);
  g_test_add_func ("/acies/grass-crown/11.2-b/line-change-command", test_11_2_b_line_change);
  g_test_add_func ("/acies/grass-crown/11.2-d/line-change-hero", test_11_2_d_hero);
  g_test_add_func ("/acies/grass-crown/11.2-e/line-change-rally-cost", test_11_2_e_rally_cost);
  g_test_add_func ("/acies/grass-crown/11.2-f/pink-red-orange", test_11_2_f_order);
  g_test_add_func ("/acies/grass-crown/11.2-g/new-wing-moves", test_11_2_g_moves_after);
  g_test_add_func ("/acies/grass-crown/11.2-h/aquila-plus-only-active", test_11_2_h_aquila_plus_only);
  g_test_add_func ("/acies/grass-crown/11.2-k/inactive-double-vp", test_11_2_k_double);
  g_test_add_func ("/acies/grass-crown/11.3-a/swap-only-marian", test_11_3_a_marian_only);
  g_test_add_func ("/acies/grass-crown/13.0-e/double-until-active", test_13_0_e_double_skirmish);
  g_test_add_func ("/acies/grass-crown/12.0-b/fortuna-faces", test_12_0_b_faces);
  g_test_add_func ("/acies/grass-crown/12.0-d/latest-result-stands", test_12_0_d_latest_stands);
  g_test_add_func ("/acies/grass-crown/12.0-e/no-reroll-after-handover", test_12_0_e_locked);
  g_test_add_func ("/acies/grass-crown/12.0-f/two-die-charge-both", test_12_0_f_two_dice);
  g_test_add_func ("/acies/grass-crown/13.0-a/non-acting-checks", test_13_0_a_non_acting);
  g_test_add_func ("/acies/grass-crown/13.0-b/printed-vp", test_13_0_b_unit_vp);
  g_test_add_func ("/acies/grass-crown/13.0-c/whole-wing-bonus", test_13_0_c_wing_bonus);
  g_test_add_func ("/acies/grass-crown/13.0-d/line-change-exhausted-only", test_13_0_d_line_change_exhausted);
  g_test_add_func ("/acies/grass-crown/13.0-f/battle-vp-rules", test_13_0_f_battle_vp);
  g_test_add_func ("/acies/grass-crown/13.0-h/concede", test_13_0_h_concede);
  g_test_add_func ("/acies/grass-crown/15.0-b/wagons-attack-only-elephants", test_15_0_b_only_elephants);
  g_test_add_func ("/acies/grass-crown/15.0-c/wagon-attack-roll", test_15_0_c_wagon_attack);
  g_test_add_func ("/acies/grass-crown/15.0-d/foot-destroys-wagon", test_15_0_d_foot_destroys);
  g_test_add_func ("/acies/grass-crown/HER-02/white-wing-move", test_her_02_white_move);
  g_test_add_func ("/acies/grass-crown/HER-08/aquila-rally-plus-four", test_her_08_rally_plus_four);

  return g_test_run ();
}
