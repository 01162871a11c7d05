/* test-gc-move.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-gc-move"

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "acies-error.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/grass-crown/acies-gc-combat.h"
#include "rulesets/grass-crown/acies-gc-private.h"
#include "rulesets/grass-crown/acies-gc-playout.h"

#include "gc-test-common.h"
#include "acies-test-games.h"

/*
 * The Grass Crown Move Phase (GC 8.0–8.10) and the Wagons (15.0), one test
 * per checklist case (shared/rules/checklists/grass-crown.md), with dice
 * forced through the scripted source.  Boards are small and synthetic:
 * red (side 0) holds the south edge and moves north (toward row 1), blue
 * (side 1) holds the north edge.  Squares are labelled column letter, row
 * number ("C8").
 */

/* The wing @id (in colour @id) of @side. */
static void
put_wing (AciesScenario *sc,
          const char    *id,
          const char    *side,
          gboolean       mounted,
          const char    *ta_role)
{
  add_wing (sc, id, side, id, mounted, ta_role);
}

/* A Foot unit (type L, H or P) with a back, or a Mounted unit (C, E, W)
 * with @diamonds (cavalry) and its VP on the front. */
static void
put_unit (AciesScenario *sc,
          const char    *id,
          const char    *wing,
          const char    *type,
          gint           diamonds,
          const char    *cell)
{
  add_piece (sc, id, wing, type, "exhausted", diamonds, cell);
}

static void
set_terrain (AciesScenario *sc,
             const char    *cell,
             const char    *terrain)
{
  acies_map_set_terrain (&sc->map, acies_board_cell_from_label (sc->map.board, cell), terrain);
}

static gboolean
can_step (Fixture    *fx,
          const char *unit,
          const char *to)
{
  return has_action (fx, ACIES_GC_ACTION_STEP, uid (fx, unit), to != NULL ? cell (fx, to) : G_MININT);
}

/* Pushes the dice (ended by 0). */
static void
dice (Fixture *fx,
      ...)
{
  va_list ap;
  guint v;

  va_start (ap, fx);
  while ((v = va_arg (ap, guint)) != 0)
    acies_dice_push (fx->dice, v);
  va_end (ap);
}

/* W1 charges T1 (8.6) on the scripted dice @d1 and @d2 (0: one die only). */
static void
charge_roll (Fixture *fx,
             guint    d1,
             guint    d2)
{
  acies_dice_push (fx->dice, d1);
  if (d2 != 0)
    acies_dice_push (fx->dice, d2);
  act (fx, ACIES_GC_ACTION_CHARGE, uid (fx, "w1"), uid (fx, "t1"), -1, -1, -1);
}

static void
step (Fixture    *fx,
      const char *unit,
      const char *to)
{
  act (fx, ACIES_GC_ACTION_STEP, uid (fx, unit), cell (fx, to), -1, -1, -1);
}

static AciesCell
at (Fixture    *fx,
    const char *unit)
{
  return fx->s->units[uid (fx, unit)].cell;
}

/* Two mounted wings (red white, blue gold) and one Foot unit per side in a
 * corner, so both sides have a Foot Wing (8 × 10). */
static AciesScenario *
mounted_new (void)
{
  AciesScenario *sc = board_new (8, 10);

  put_wing (sc, "pink", "red", FALSE, "none");
  put_wing (sc, "purple", "blue", FALSE, "none");
  put_wing (sc, "white", "red", TRUE, "none");
  put_wing (sc, "gold", "blue", TRUE, "none");
  put_unit (sc, "p0", "pink", "L", -1, "A10");
  put_unit (sc, "q0", "purple", "L", -1, "H1");
  return sc;
}

/* ---- 8.0 ---- */

/* GC 8.0-a: four squares as the first action phase, two as the second. */
static void
test_8_0_a_allowance (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new_plain ());
  fx.s->zone_alive = 0;
  command_move (&fx, "pink", -1);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "pink")], ==, 4);
  step (&fx, "p1", "B8");
  step (&fx, "p1", "B7");
  step (&fx, "p1", "B6");
  g_assert_true (can_step (&fx, "p1", "B5"));
  step (&fx, "p1", "B5");
  g_assert_cmpint (fx.s->units[uid (&fx, "p1")].moved, ==, 4);
  g_assert_false (can_step (&fx, "p1", NULL));
  fixture_end (&fx);

  /* Rally then Move: the Move is the second action phase. */
  fixture_start (&fx, lines_new_plain ());
  fx.s->zone_alive = 0;
  fx.s->units[uid (&fx, "p3")].status = ACIES_GC_UNIT_EXHAUSTED;
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), RALLY, MOVE, ACIES_GC_AQUILA_NONE, -1);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "pink")], ==, 2);
  step (&fx, "p1", "C7");
  step (&fx, "p1", "C6");
  g_assert_false (can_step (&fx, "p1", NULL));
  fixture_end (&fx);
}

/* GC 8.0-b: Exhausted units never move. */
static void
test_8_0_b_exhausted (void)
{
  Fixture fx;
  gint p2;

  fixture_start (&fx, lines_new_plain ());
  p2 = uid (&fx, "p2");
  fx.s->units[p2].status = ACIES_GC_UNIT_EXHAUSTED;
  command_move (&fx, "pink", -1);
  g_assert_false (can_step (&fx, "p2", NULL));
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_STEP, p2, cell (&fx, "D7"), -1, -1, -1));
  g_assert_true (can_step (&fx, "p1", "C7"));
  fixture_end (&fx);
}

/* GC 8.0-c: one square at a time into a neighbouring empty square; no
 * entering or passing occupied squares (but elephants through friendly
 * Foot, 8.5-k). */
static void
test_8_0_c_one_square (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new_plain ());
  fx.s->zone_alive = 0;
  command_move (&fx, "pink", -1);
  g_assert_false (can_step (&fx, "p2", "C8"));
  g_assert_false (can_step (&fx, "p2", "E8"));
  g_assert_false (can_step (&fx, "p2", "D6"));   /* two squares away */
  g_assert_true (can_step (&fx, "p2", "D7"));
  step (&fx, "p2", "D7");
  g_assert_cmpint (at (&fx, "p2"), ==, cell (&fx, "D7"));
  g_assert_cmpint (fx.s->units[uid (&fx, "p2")].moved, ==, 1);
  fixture_end (&fx);

  /* Cavalry may not pass an occupied square either. */
  {
    AciesScenario *sc = mounted_new ();

    put_unit (sc, "w1", "white", "C", 1, "D8");
    put_unit (sc, "w2", "white", "C", 1, "D7");
    fixture_start (&fx, sc);
    fx.s->zone_alive = 0;
    command_move (&fx, "white", ACIES_GC_GROUP_CAVALRY);
    g_assert_false (can_step (&fx, "w1", "D7"));
    g_assert_false (can_step (&fx, "w1", "D6"));
    g_assert_true (can_step (&fx, "w1", "C7"));
    fixture_end (&fx);
  }
}

/* GC 8.0-d: Foot step orthogonally only, never diagonally. */
static void
test_8_0_d_foot_orthogonal (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new_plain ());
  fx.s->zone_alive = 0;
  command_move (&fx, "pink", -1);
  g_assert_true (can_step (&fx, "p1", "C7"));
  g_assert_true (can_step (&fx, "p1", "B8"));
  g_assert_false (can_step (&fx, "p1", "B7"));
  g_assert_false (can_step (&fx, "p1", "D7"));
  g_assert_false (can_step (&fx, "p1", "B9"));
  g_assert_cmpuint (count_actions (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "p1"), G_MININT), ==, 2);
  fixture_end (&fx);
}

/* GC 8.0-e: cavalry step in eight directions but never next to Elephantry. */
static void
test_8_0_e_cavalry (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "w1", "white", "C", 1, "D6");
  put_unit (sc, "ge", "gold", "E", -1, "F5");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_CAVALRY);
  g_assert_true (can_step (&fx, "w1", "C5"));   /* diagonal */
  g_assert_true (can_step (&fx, "w1", "C7"));
  g_assert_true (can_step (&fx, "w1", "D7"));   /* toward its own edge */
  g_assert_true (can_step (&fx, "w1", "D5"));
  g_assert_false (can_step (&fx, "w1", "E5"));  /* O-adjacent to the elephant */
  g_assert_true (can_step (&fx, "w1", "E6"));   /* diagonal to the elephant only */
  fixture_end (&fx);
}

/* GC 8.0-f: Elephantry move orthogonally, in one straight direction. */
static void
test_8_0_f_elephant_straight (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "e1", "white", "E", -1, "D8");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  g_assert_false (can_step (&fx, "e1", "C7"));
  g_assert_false (can_step (&fx, "e1", "E7"));
  step (&fx, "e1", "D7");
  g_assert_true (can_step (&fx, "e1", "D6"));
  g_assert_false (can_step (&fx, "e1", "C7"));
  g_assert_false (can_step (&fx, "e1", "E7"));
  g_assert_cmpuint (count_actions (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "e1"), G_MININT), ==, 1);
  fixture_end (&fx);
}

/* ---- 8.1 ---- */

/* GC 8.1-a: Foot face the enemy edge: red forward is north, blue forward
 * is south, and neither can turn. */
static void
test_8_1_a_facing (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new_plain ());
  fx.s->zone_alive = 0;
  blue_acts (&fx);
  command_move (&fx, "purple", -1);
  g_assert_true (can_step (&fx, "q1", "C4"));
  g_assert_false (can_step (&fx, "q1", "C2"));
  g_assert_true (can_step (&fx, "q1", "B3"));
  fixture_end (&fx);

  fixture_start (&fx, lines_new_plain ());
  fx.s->zone_alive = 0;
  command_move (&fx, "pink", -1);
  g_assert_true (can_step (&fx, "p1", "C7"));
  g_assert_false (can_step (&fx, "p1", "C9"));
  fixture_end (&fx);
}

/* GC 8.1-c, GC-G34: no forward step unless some enemy unit, of any kind,
 * stands in a row beyond. */
static void
test_8_1_c_no_deep_advance (void)
{
  for (guint with_cav = 0; with_cav < 2; with_cav++)
    {
      Fixture fx;
      AciesScenario *sc = board_new (8, 10);

      put_wing (sc, "pink", "red", FALSE, "none");
      put_wing (sc, "purple", "blue", FALSE, "none");
      put_wing (sc, "gold", "blue", TRUE, "none");
      put_unit (sc, "p1", "pink", "L", -1, "C5");
      put_unit (sc, "q1", "purple", "L", -1, "F5");   /* level with p1 */
      put_unit (sc, "q2", "purple", "L", -1, "F8");   /* behind it */
      if (with_cav)
        put_unit (sc, "g1", "gold", "C", 0, "H2");
      fixture_start (&fx, sc);
      fx.s->zone_alive = 0;
      command_move (&fx, "pink", -1);
      g_assert_true (can_step (&fx, "p1", "C4") == (with_cav == 1));
      g_assert_true (can_step (&fx, "p1", "B5"));
      g_assert_true (can_step (&fx, "p1", "D5"));
      fixture_end (&fx);
    }
}

/* GC 8.1-e: an enemy to the side does not Engage. */
static void
test_8_1_e_side_contact (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new_plain ();

  put_unit (sc, "q4", "purple", "L", -1, "B8");   /* left of p1 */
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "pink", -1);
  g_assert_true (can_step (&fx, "p1", "C7"));
  step (&fx, "p1", "C7");
  /* Its move goes on: it was never Engaged. */
  g_assert_true (can_step (&fx, "p1", "C6"));
  fixture_end (&fx);
}

/* GC 8.1-f: Mounted are Engaged only O-adjacent to enemy Mounted; Foot
 * next to Mounted are never Engaged. */
static void
test_8_1_f_mounted_engagement (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "w1", "white", "C", 1, "D6");
  put_unit (sc, "w2", "white", "C", 1, "F6");
  put_unit (sc, "g1", "gold", "C", 1, "D5");   /* O-adjacent to w1 */
  put_unit (sc, "g2", "gold", "C", 1, "G5");   /* diagonal to w2 */
  put_unit (sc, "g3", "gold", "C", 1, "B10");  /* next to the red foot p0 */
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_CAVALRY);
  g_assert_false (can_step (&fx, "w1", NULL));
  g_assert_true (can_step (&fx, "w2", "F7"));
  fixture_end (&fx);

  sc = mounted_new ();
  put_unit (sc, "g3", "gold", "C", 1, "B10");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "pink", -1);
  g_assert_true (can_step (&fx, "p0", "A9"));
  fixture_end (&fx);
}

/* ---- 8.2 ---- */

/* GC 8.2-a: entering an enemy zone stops the unit at once. */
static void
test_8_2_a_zone_stop (void)
{
  Fixture fx;
  gint p1;

  fixture_start (&fx, lines_new_plain ());
  p1 = uid (&fx, "p1");
  command_move (&fx, "pink", -1);
  step (&fx, "p1", "C7");
  g_assert_true (can_step (&fx, "p1", "C6"));
  step (&fx, "p1", "C6");   /* three squares ahead of q1: in its zone */
  g_assert_true (acies_gc_in_zone_of (fx.s, cell (&fx, "C6"), 1));
  g_assert_cmpint (fx.s->units[p1].moved, ==, 2);
  g_assert_true (fx.s->units[p1].flags & ACIES_GC_UF_DONE);
  g_assert_false (can_step (&fx, "p1", NULL));
  /* The log says why it stops, and where, with the rule. */
  g_assert_nonnull (find_event (&fx, "zone-stop"));
  g_assert_nonnull (strstr (find_event (&fx, "zone-stop")->text,
                            "Light Infantry B at C6 enters an enemy Skirmish Zone and must stop there, 2 squares unused (GC 8.2)"));
  fixture_end (&fx);
}

/* GC 8.2-b: a wing with a unit in an enemy zone at the start moves one
 * square, all its units; the zone vanishing does not raise the limit. */
static void
test_8_2_b_zone_start (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new_plain ();

  ((AciesUnit *) g_ptr_array_index (sc->units, 0))->cell = acies_board_cell_from_label (sc->map.board, "C6");
  fixture_start (&fx, sc);
  command_move (&fx, "pink", -1);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "pink")], ==, 1);
  fx.s->zone_alive = 0;
  step (&fx, "p3", "E7");
  g_assert_false (can_step (&fx, "p3", NULL));
  step (&fx, "p2", "D7");
  g_assert_false (can_step (&fx, "p2", NULL));
  fixture_end (&fx);
}

/* GC 8.2-c, GC-T14: a unit stopped on entering a zone moves one more square
 * in the Bonus Move Phase. */
static void
test_8_2_c_zone_then_bonus (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new_plain ());
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), MOVE, NONE, ACIES_GC_AQUILA_PLUS, -1);
  step (&fx, "p1", "C7");
  step (&fx, "p1", "C6");
  g_assert_false (can_step (&fx, "p1", NULL));
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_BONUS_MOVE);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "pink")], ==, 1);
  step (&fx, "p1", "C5");
  g_assert_false (can_step (&fx, "p1", NULL));
  g_assert_cmpint (at (&fx, "p1"), ==, cell (&fx, "C5"));
  fixture_end (&fx);
}

/* ---- 8.3, 8.4 ---- */

/* GC 8.3-a: Aquila plus Move gives a Bonus Move Phase of two squares. */
static void
test_8_3_a_bonus_move (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new_plain ());
  fx.s->zone_alive = 0;
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), MOVE, NONE, ACIES_GC_AQUILA_PLUS, -1);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "pink")], ==, 4);
  step (&fx, "p1", "C7");
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_BONUS_MOVE);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_MOVE);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "pink")], ==, 2);
  step (&fx, "p1", "C6");
  step (&fx, "p1", "C5");
  g_assert_false (can_step (&fx, "p1", NULL));
  fixture_end (&fx);
}

/* A Triplex Acies army: pink (hastati) row 7, red (principes) row 8,
 * orange (triarii) row 9; blue purple Phalanx at row 2 (8 × 10). */
static AciesScenario *
triplex_new (void)
{
  AciesScenario *sc = board_new (8, 10);

  add_rule (sc, "triplex-acies", "red");
  put_wing (sc, "pink", "red", FALSE, "hastati");
  put_wing (sc, "redw", "red", FALSE, "principes");
  put_wing (sc, "orange", "red", FALSE, "triarii");
  put_wing (sc, "purple", "blue", FALSE, "none");
  put_unit (sc, "p1", "pink", "L", -1, "C7");
  put_unit (sc, "p2", "pink", "L", -1, "D7");
  put_unit (sc, "r1", "redw", "H", -1, "C8");
  put_unit (sc, "o1", "orange", "H", -1, "C9");
  put_unit (sc, "q1", "purple", "P", -1, "C2");
  put_unit (sc, "q2", "purple", "P", -1, "F2");
  return sc;
}

/* GC 8.4-a: red and orange may follow pink's Move (each unit's steps are
 * optional), until a pink unit touches an enemy. */
static void
test_8_4_a_follow (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  fx.s->zone_alive = 0;
  command_move (&fx, "pink", -1);
  g_assert_true (can_step (&fx, "r1", "B8"));
  g_assert_true (can_step (&fx, "o1", "B9"));
  {
    /* The choice and the log say a follower follows, citing 8.4 (the
     * new-user trial read a red unit's move as the wrong wing moving);
     * the commanded line's own moves cite 8.0. */
    AciesAction a = { ACIES_GC_ACTION_STEP, 0, { 0 } };
    g_autofree char *words = NULL;

    a.player = fx.s->acting;
    a.args[0] = uid (&fx, "r1");
    a.args[1] = cell (&fx, "B8");
    for (guint i = 2; i < ACIES_ACTION_MAX_ARGS; i++)
      a.args[i] = -1;
    words = acies_gc_describe_action (fx.s, &a);
    g_assert_true (acies_gc_is_follower (fx.s, uid (&fx, "r1")));
    g_assert_false (acies_gc_is_follower (fx.s, uid (&fx, "p1")));
    g_assert_nonnull (strstr (words, "following the first line (Triplex Acies, GC 8.4)"));
  }
  g_ptr_array_set_size (fx.events, 0);
  step (&fx, "r1", "B8");
  g_assert_cmpstr (find_event (&fx, "move")->rule, ==, "GC 8.4");
  g_assert_nonnull (strstr (find_event (&fx, "move")->text, "following the first line (Triplex Acies)"));
  g_ptr_array_set_size (fx.events, 0);
  step (&fx, "p1", "C6");
  g_assert_cmpstr (find_event (&fx, "move")->rule, ==, "GC 8.0");
  step (&fx, "p1", "C5");
  step (&fx, "p1", "C4");
  g_assert_true (can_step (&fx, "o1", "B9"));
  step (&fx, "p2", "D6");
  step (&fx, "p2", "D5");
  step (&fx, "p2", "D4");
  step (&fx, "p2", "D3");   /* diagonal to q1 (C2): no contact */
  g_assert_false (fx.s->ta_follow_lost[0]);
  fixture_end (&fx);

  fixture_start (&fx, triplex_new ());
  fx.s->zone_alive = 0;
  command_move (&fx, "pink", -1);
  step (&fx, "p1", "C6");
  step (&fx, "p1", "C5");
  step (&fx, "p1", "C4");
  step (&fx, "p1", "C3");   /* face to face with q1 */
  g_assert_true (fx.s->ta_follow_lost[0]);
  g_assert_false (can_step (&fx, "r1", NULL));
  g_assert_false (can_step (&fx, "o1", NULL));
  g_assert_true (can_step (&fx, "p2", "D6"));
  fixture_end (&fx);
}

/* GC 8.4-b: following neither activates red or orange nor is a Line Change. */
static void
test_8_4_b_not_active (void)
{
  Fixture fx;
  gint pink;

  fixture_start (&fx, triplex_new ());
  fx.s->zone_alive = 0;
  pink = wing_index (&fx, "pink");
  g_assert_cmpint (fx.s->active_wing[0], ==, pink);
  command_move (&fx, "pink", -1);
  step (&fx, "r1", "B8");
  step (&fx, "o1", "B9");
  g_assert_cmpint (fx.s->active_wing[0], ==, pink);
  g_assert_cmpint (fx.s->rally_limit[0], ==, 4);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->active_wing[0], ==, pink);
  g_assert_cmpint (fx.s->rally_limit[0], ==, 4);
  g_assert_cmpint (status (&fx, "p1"), ==, ACIES_GC_UNIT_FRESH);
  fixture_end (&fx);
}

/* GC 8.4-c, GC-G25: the followers share pink's phase-start one-square
 * limit; by default they are not stopped when pink enters a zone
 * mid-phase, and with the option ta_followers_stop_in_zone they are. */
static void
test_8_4_c_follow_zone (void)
{
  Fixture fx;
  AciesScenario *sc = triplex_new ();

  /* q1 at C2: its zone is C3–C5; p1 at C5 starts in it. */
  ((AciesUnit *) g_ptr_array_index (sc->units, 0))->cell = acies_board_cell_from_label (sc->map.board, "C5");
  fixture_start (&fx, sc);
  command_move (&fx, "pink", -1);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "redw")], ==, 1);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "orange")], ==, 1);
  step (&fx, "r1", "B8");
  g_assert_false (can_step (&fx, "r1", NULL));
  fixture_end (&fx);

  for (guint opt = 0; opt < 2; opt++)
    {
      g_autoptr(JsonObject) options = json_object_new ();

      json_object_set_boolean_member (options, "ta_followers_stop_in_zone", opt == 1);
      fixture_start_opts (&fx, triplex_new (), options);
      command_move (&fx, "pink", -1);
      g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "redw")], ==, 4);
      step (&fx, "p1", "C6");
      step (&fx, "p1", "C5");   /* enters q1's zone */
      g_assert_true (acies_gc_in_zone_of (fx.s, cell (&fx, "C5"), 1));
      g_assert_true (can_step (&fx, "r1", "B8") == (opt == 0));
      g_assert_true (can_step (&fx, "o1", "B9") == (opt == 0));
      fixture_end (&fx);
    }
}

/* GC 8.4-d, GC-G55: the follow ability is lost for good. */
static void
test_8_4_d_follow_lost (void)
{
  Fixture fx;

  fixture_start (&fx, triplex_new ());
  fx.s->zone_alive = 0;
  command_move (&fx, "pink", -1);
  step (&fx, "p1", "C6");
  step (&fx, "p1", "C5");
  step (&fx, "p1", "C4");
  step (&fx, "p1", "C3");
  g_assert_true (fx.s->ta_follow_lost[0]);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  /* Blue's turn, then red's again. */
  while (!(fx.s->step == ACIES_GC_STEP_COMMAND && fx.s->acting == 0))
    {
      if (fx.s->step == ACIES_GC_STEP_INITIATIVE)
        ACT1 (&fx, ACIES_GC_ACTION_INITIATIVE, FALSE);
      else
        ACT0 (&fx, ACIES_GC_ACTION_PASS);
    }
  /* The enemy has gone: no pink unit touches one any more. */
  acies_gc_place (fx.s, uid (&fx, "q1"), cell (&fx, "A1"));
  command_move (&fx, "pink", -1);
  g_assert_true (fx.s->ta_follow_lost[0]);
  g_assert_cmpuint (fx.s->follow_wings, ==, 0);
  g_assert_false (can_step (&fx, "r1", NULL));
  g_assert_true (can_step (&fx, "p2", "D6"));
  fixture_end (&fx);
}

/* ---- 8.5 ---- */

/* GC 8.5-a: a Mounted Wing takes one Move Command, never with Aquila. */
static void
test_8_5_a_mounted_command (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();
  gint white;

  put_unit (sc, "w1", "white", "C", 1, "D8");
  fixture_start (&fx, sc);
  white = wing_index (&fx, "white");
  g_assert_true (is_legal (&fx, ACIES_GC_ACTION_COMMAND, white, MOVE, NONE, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY));
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, white, MOVE, NONE, ACIES_GC_AQUILA_PLUS, ACIES_GC_GROUP_CAVALRY));
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, white, MOVE, SKIRMISH, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY));
  g_assert_false (is_legal (&fx, ACIES_GC_ACTION_COMMAND, white, MOVE, MOVE, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY));
  command_move (&fx, "white", ACIES_GC_GROUP_CAVALRY);
  g_assert_cmpuint (fx.s->n_slots, ==, 1);
  fixture_end (&fx);
}

/* GC 8.5-b, GC-G38a: Cavalry or Elephantry (with the Wagons), not both. */
static void
test_8_5_b_one_group (void)
{
  for (gint group = ACIES_GC_GROUP_CAVALRY; group <= ACIES_GC_GROUP_ELEPHANTRY; group++)
    {
      Fixture fx;
      AciesScenario *sc = mounted_new ();

      put_unit (sc, "w1", "white", "C", 1, "B6");
      put_unit (sc, "e1", "white", "E", -1, "E8");
      put_unit (sc, "v1", "white", "W", -1, "G8");
      fixture_start (&fx, sc);
      fx.s->zone_alive = 0;
      command_move (&fx, "white", group);
      g_assert_true (can_step (&fx, "w1", NULL) == (group == ACIES_GC_GROUP_CAVALRY));
      g_assert_true (can_step (&fx, "e1", NULL) == (group == ACIES_GC_GROUP_ELEPHANTRY));
      g_assert_true (can_step (&fx, "v1", NULL) == (group == ACIES_GC_GROUP_ELEPHANTRY));
      /* No Foot Wing acts this turn. */
      g_assert_false (can_step (&fx, "p0", NULL));
      g_assert_cmpuint (fx.s->n_slots, ==, 1);
      fixture_end (&fx);
    }
}

/* GC 8.5-c, 11.4: Combined Arms: the free Move moves both groups. */
static void
test_8_5_c_combined_arms (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  add_rule (sc, "combined-arms", "red");
  put_unit (sc, "w1", "white", "C", 1, "B6");
  put_unit (sc, "e1", "white", "E", -1, "E8");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), MOVE, NONE, ACIES_GC_AQUILA_NONE, -1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_CA_WING);
  act (&fx, ACIES_GC_ACTION_CA_WING, wing_index (&fx, "white"), TRUE, -1, -1, -1);
  g_assert_cmpint (fx.s->slots[fx.s->slot].wing, ==, wing_index (&fx, "white"));
  g_assert_true (can_step (&fx, "w1", NULL));
  g_assert_true (can_step (&fx, "e1", NULL));
  step (&fx, "w1", "B5");
  step (&fx, "e1", "E7");
  g_assert_cmpint (at (&fx, "e1"), ==, cell (&fx, "E7"));
  fixture_end (&fx);
}

/* GC 8.5-d: Mounted units have four squares. */
static void
test_8_5_d_mounted_four (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "w1", "white", "C", 1, "D9");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_CAVALRY);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "white")], ==, 4);
  step (&fx, "w1", "D8");
  step (&fx, "w1", "E7");
  step (&fx, "w1", "E6");
  step (&fx, "w1", "D5");
  g_assert_false (can_step (&fx, "w1", NULL));
  fixture_end (&fx);
}

/* GC 8.5-f: no step next to enemy Foot while an enemy cavalry unit is within
 * four squares of that Foot or of the moving cavalry. */
static void
test_8_5_f_screen (void)
{
  for (guint with = 0; with < 2; with++)
    {
      Fixture fx;
      AciesScenario *sc = mounted_new ();

      put_unit (sc, "q4", "purple", "L", -1, "B3");
      put_unit (sc, "w1", "white", "C", 1, "D4");
      /* G6 is five squares from B3 but four from C3 (Chebyshev, GC-G29). */
      put_unit (sc, "g1", "gold", "C", 1, with ? "G6" : "H10");
      fixture_start (&fx, sc);
      fx.s->zone_alive = 0;
      command_move (&fx, "white", ACIES_GC_GROUP_CAVALRY);
      g_assert_true (can_step (&fx, "w1", "C3") == !with);
      g_assert_true (can_step (&fx, "w1", "D3"));
      fixture_end (&fx);
    }
}

/* GC 8.5-g, GC-G28: never next to Elephantry, friendly ones too by default. */
static void
test_8_5_g_elephants (void)
{
  for (guint opt = 0; opt < 2; opt++)
    {
      Fixture fx;
      AciesScenario *sc = mounted_new ();
      g_autoptr(JsonObject) options = json_object_new ();

      json_object_set_boolean_member (options, "cav_fears_friendly_elephants", opt == 0);
      put_unit (sc, "w1", "white", "C", 1, "D6");
      put_unit (sc, "e1", "white", "E", -1, "F5");   /* friendly */
      put_unit (sc, "ge", "gold", "E", -1, "B5");    /* enemy */
      fixture_start_opts (&fx, sc, options);
      fx.s->zone_alive = 0;
      command_move (&fx, "white", ACIES_GC_GROUP_CAVALRY);
      g_assert_true (can_step (&fx, "w1", "E5") == (opt == 1));
      g_assert_false (can_step (&fx, "w1", "C5"));   /* O-adjacent to the enemy elephant */
      fixture_end (&fx);
    }
}

/* GC 8.5-h, GC-G65: cavalry next to a moving elephant flee to a square not
 * next to any Elephantry; the owner chooses; the elephant's move goes on;
 * with no such square the cavalry is eliminated. */
static void
test_8_5_h_flight (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "e1", "white", "E", -1, "D8");
  put_unit (sc, "e2", "white", "E", -1, "G4");
  put_unit (sc, "b1", "gold", "C", 1, "D6");
  put_unit (sc, "q4", "purple", "L", -1, "D4");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  step (&fx, "e1", "D7");
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_FLEE);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  /* C6, E6, C7 and E7 are K-adjacent to e1; C5, D5 and E5 are clear of
   * both elephants (e2 at G4 is two columns away). */
  g_assert_cmpuint (count_actions (&fx, ACIES_GC_ACTION_FLEE, G_MININT, G_MININT), ==, 3);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_FLEE, cell (&fx, "C5"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_FLEE, cell (&fx, "C6"), G_MININT));
  ACT1 (&fx, ACIES_GC_ACTION_FLEE, cell (&fx, "C5"));
  g_assert_cmpint (at (&fx, "b1"), ==, cell (&fx, "C5"));
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_MOVE);
  g_assert_true (can_step (&fx, "e1", "D6"));
  fixture_end (&fx);

  /* Hemmed in: eliminated, VP scored. */
  sc = mounted_new ();
  put_unit (sc, "e1", "white", "E", -1, "D8");
  put_unit (sc, "b1", "gold", "C", 1, "D6");
  put_unit (sc, "x1", "purple", "L", -1, "C5");
  put_unit (sc, "x2", "purple", "L", -1, "D5");
  put_unit (sc, "x3", "purple", "L", -1, "E5");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  step (&fx, "e1", "D7");
  g_assert_cmpint (status (&fx, "b1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->units[uid (&fx, "b1")].cause, ==, ACIES_GC_CAUSE_FLIGHT);
  g_assert_cmpint (fx.s->units[uid (&fx, "b1")].vp_scored, ==, 3);
  fixture_end (&fx);
}

/* The interception set-up (8.5 caption, GC-T19): red A moves from D8; red
 * B at G4 is next to blue C at G3, so only blue D (A5) may intercept. */
static AciesScenario *
interception_new (void)
{
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "ra", "white", "C", 1, "D8");
  put_unit (sc, "rb", "white", "C", 1, "G4");
  put_unit (sc, "bc", "gold", "C", 1, "G3");
  put_unit (sc, "bd", "gold", "C", 1, "A5");
  return sc;
}

/* GC 8.5-i: the non-acting player is asked; the interceptor comes next to
 * the mover, which stops at once. */
static void
test_8_5_i_interception (void)
{
  Fixture fx;
  gint ra, bc, bd;

  fixture_start (&fx, interception_new ());
  fx.s->zone_alive = 0;
  ra = uid (&fx, "ra");
  bc = uid (&fx, "bc");
  bd = uid (&fx, "bd");
  command_move (&fx, "white", ACIES_GC_GROUP_CAVALRY);
  step (&fx, "ra", "D7");
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_INTERCEPT);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_NO_INTERCEPT, G_MININT, G_MININT));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_INTERCEPT, bd, cell (&fx, "C7")));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_INTERCEPT, bc, G_MININT));
  act (&fx, ACIES_GC_ACTION_INTERCEPT, bd, cell (&fx, "C7"), -1, -1, -1);
  g_assert_cmpint (at (&fx, "bd"), ==, cell (&fx, "C7"));
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_MOVE);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 0);
  g_assert_false (can_step (&fx, "ra", NULL));
  g_assert_cmpint (fx.s->units[ra].moved, ==, 1);
  fixture_end (&fx);

  /* Declined: the mover goes on. */
  fixture_start (&fx, interception_new ());
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_CAVALRY);
  step (&fx, "ra", "D7");
  ACT0 (&fx, ACIES_GC_ACTION_NO_INTERCEPT);
  g_assert_true (can_step (&fx, "ra", "D6"));
  fixture_end (&fx);
}

/* GC 8.5-j: an elephant moves forward, left or right, never back, and
 * keeps its direction. */
static void
test_8_5_j_elephant_direction (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "e1", "white", "E", -1, "D8");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  g_assert_true (can_step (&fx, "e1", "D7"));
  g_assert_true (can_step (&fx, "e1", "C8"));
  g_assert_true (can_step (&fx, "e1", "E8"));
  g_assert_false (can_step (&fx, "e1", "D9"));
  step (&fx, "e1", "C8");
  g_assert_true (can_step (&fx, "e1", "B8"));
  g_assert_false (can_step (&fx, "e1", "C7"));
  g_assert_false (can_step (&fx, "e1", "D8"));
  fixture_end (&fx);
}

/* GC 8.5-k, GC-G32(f): through friendly Foot to an empty square beyond,
 * one square of allowance per square crossed. */
static void
test_8_5_k_pass_through (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "e1", "white", "E", -1, "D9");
  put_unit (sc, "f1", "pink", "L", -1, "D8");
  put_unit (sc, "f2", "pink", "L", -1, "D7");
  put_unit (sc, "f3", "pink", "L", -1, "C9");
  put_unit (sc, "x1", "purple", "L", -1, "B9");   /* enemy beyond f3 */
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  g_assert_false (can_step (&fx, "e1", "D8"));
  g_assert_true (can_step (&fx, "e1", "D6"));
  g_assert_false (can_step (&fx, "e1", "A9"));
  g_assert_false (can_step (&fx, "e1", "B9"));
  step (&fx, "e1", "D6");
  g_assert_cmpint (fx.s->units[uid (&fx, "e1")].moved, ==, 3);
  g_assert_cmpint (at (&fx, "f1"), ==, cell (&fx, "D8"));
  g_assert_cmpint (at (&fx, "f2"), ==, cell (&fx, "D7"));
  fixture_end (&fx);
}

/* GC 8.5-l, 9.0-f: Mounted Wings only Move; their attacks come with it. */
static void
test_8_5_l_move_only (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();
  gint white;

  put_unit (sc, "w1", "white", "C", 1, "D8");
  fixture_start (&fx, sc);
  white = wing_index (&fx, "white");
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_COMMAND, white, COMBAT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_COMMAND, white, SKIRMISH));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_COMMAND, white, RALLY));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_COMMAND, white, MOVE));
  fixture_end (&fx);
}

/* ---- 8.6 Charges ---- */

/* A red cavalry unit w1 (@diamonds) at D5 and the blue target at @target
 * (type @type). */
static AciesScenario *
charge_new (gint        diamonds,
            const char *type,
            gint        target_diamonds,
            const char *target)
{
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "w1", "white", "C", diamonds, "D5");
  if (strchr ("LHP", type[0]) != NULL)
    put_unit (sc, "t1", "purple", type, -1, target);
  else
    put_unit (sc, "t1", "gold", type, target_diamonds, target);
  return sc;
}

static void
charge_start (Fixture       *fx,
              AciesScenario *sc)
{
  fixture_start (fx, sc);
  fx->s->zone_alive = 0;
  command_move (fx, "white", ACIES_GC_GROUP_CAVALRY);
  ACT0 (fx, ACIES_GC_ACTION_END_PHASE);
}

/* GC 8.6-a, GC-G30a: at the end of the phase, cavalry next to an enemy
 * (diagonals too) must charge, even without having moved. */
static void
test_8_6_a_must_charge (void)
{
  Fixture fx;

  charge_start (&fx, charge_new (1, "L", -1, "E4"));
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_CHARGE);
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_END_PHASE, G_MININT, G_MININT));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_CHARGE, uid (&fx, "w1"), uid (&fx, "t1")));
  fixture_end (&fx);

  /* Nobody next to it: the phase ends. */
  charge_start (&fx, charge_new (1, "L", -1, "F3"));
  g_assert_cmpint (fx.s->step, !=, ACIES_GC_STEP_CHARGE);
  g_assert_cmpint (fx.s->phase, !=, ACIES_GC_PHASE_MOVE);
  fixture_end (&fx);
}

/* GC 8.6-b: one die per diamond; zero-diamond cavalry roll one die, and
 * only against cavalry. */
static void
test_8_6_b_dice (void)
{
  Fixture fx;

  charge_start (&fx, charge_new (2, "L", -1, "E4"));
  charge_roll (&fx, 3, 4);
  g_assert_cmpuint (fx.s->roll.n_dice, ==, 2);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "t1"), ==, ACIES_GC_UNIT_FRESH);
  fixture_end (&fx);

  charge_start (&fx, charge_new (0, "L", -1, "E4"));
  g_assert_cmpint (fx.s->step, !=, ACIES_GC_STEP_CHARGE);
  fixture_end (&fx);

  charge_start (&fx, charge_new (0, "C", 0, "E4"));
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_CHARGE);
  charge_roll (&fx, 3, 0);
  g_assert_cmpuint (fx.s->roll.n_dice, ==, 1);
  no_fortuna (&fx);
  fixture_end (&fx);
}

/* GC 8.6-c, GC-G31: no charge from the row in front of a Phalanx (blue P
 * faces south); from its side, yes. */
static void
test_8_6_c_phalanx_front (void)
{
  Fixture fx;

  charge_start (&fx, charge_new (1, "P", -1, "E4"));   /* D5 is in E4's front row */
  g_assert_cmpint (fx.s->step, !=, ACIES_GC_STEP_CHARGE);
  fixture_end (&fx);

  charge_start (&fx, charge_new (1, "P", -1, "C5"));   /* level: its flank */
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_CHARGE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_CHARGE, uid (&fx, "w1"), uid (&fx, "t1")));
  fixture_end (&fx);

  charge_start (&fx, charge_new (1, "P", -1, "D6"));   /* behind it (rear) */
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_CHARGE);
  fixture_end (&fx);
}

/* GC 8.6-d: +2 for more diamonds than the target cavalry, +2 against an
 * Exhausted Foot unit. */
static void
test_8_6_d_modifiers (void)
{
  struct { gint d; const char *type; gint td; gboolean exhausted; gint mod; } cases[] = {
    { 2, "C", 1, FALSE, 2 },
    { 1, "C", 1, FALSE, 0 },
    { 1, "C", 2, FALSE, 0 },
    { 1, "L", -1, FALSE, 0 },
    { 1, "L", -1, TRUE, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Fixture fx;

      charge_start (&fx, charge_new (cases[i].d, cases[i].type, cases[i].td, "E4"));
      if (cases[i].exhausted)
        fx.s->units[uid (&fx, "t1")].status = ACIES_GC_UNIT_EXHAUSTED;
      charge_roll (&fx, 6, 6);
      g_assert_cmpint (fx.s->roll.ctx[2], ==, cases[i].mod);
      no_fortuna (&fx);
      /* 6 + 2 = 8 hits; 6 alone misses. */
      /* An Exhausted Foot target hit is eliminated; the two-die charger
       * hits twice and eliminates the cavalry (8.6-h). */
      if (cases[i].mod == 2)
        g_assert_cmpint (status (&fx, "t1"), ==, ACIES_GC_UNIT_ELIMINATED);
      else
        {
          g_assert_cmpint (status (&fx, "t1"), ==, ACIES_GC_UNIT_FRESH);
          g_assert_cmpint (at (&fx, "t1"), ==, cell (&fx, "E4"));
        }
      fixture_end (&fx);
    }
}

/* GC 8.6-e: a hit on Foot exhausts that very unit: no choice passes it on. */
static void
test_8_6_e_foot_hit (void)
{
  Fixture fx;
  AciesScenario *sc = charge_new (1, "L", -1, "E4");

  put_unit (sc, "t2", "purple", "L", -1, "F4");
  charge_start (&fx, sc);
  charge_roll (&fx, 8, 0);
  no_fortuna (&fx);
  g_assert_cmpint (fx.s->step, !=, ACIES_GC_STEP_ABSORB);
  g_assert_cmpint (status (&fx, "t1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (&fx, "t2"), ==, ACIES_GC_UNIT_FRESH);
  fixture_end (&fx);
}

/* GC 8.6-f, GC-G30d: a hit on cavalry: it retreats (its owner chooses) to
 * a square not next to an enemy, or is eliminated without one. */
static void
test_8_6_f_retreat (void)
{
  Fixture fx;
  AciesScenario *sc = charge_new (1, "C", 1, "E4");

  charge_start (&fx, sc);
  charge_roll (&fx, 8, 0);
  no_fortuna (&fx);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_RETREAT);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  /* E5 and D4 are O-adjacent to w1 (D5): refused; F3 is fine. */
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_RETREAT, cell (&fx, "E5"), G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_RETREAT, cell (&fx, "D4"), G_MININT));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_RETREAT, cell (&fx, "F3"), G_MININT));
  ACT1 (&fx, ACIES_GC_ACTION_RETREAT, cell (&fx, "F3"));
  g_assert_cmpint (at (&fx, "t1"), ==, cell (&fx, "F3"));
  g_assert_cmpint (status (&fx, "t1"), ==, ACIES_GC_UNIT_FRESH);
  fixture_end (&fx);

  /* In the corner, both empty squares touch the charger: eliminated. */
  sc = mounted_new ();
  put_unit (sc, "w1", "white", "C", 1, "B2");
  put_unit (sc, "t1", "gold", "C", 1, "A1");
  charge_start (&fx, sc);
  charge_roll (&fx, 8, 0);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "t1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->units[uid (&fx, "t1")].vp_scored, ==, 3);
  fixture_end (&fx);
}

/* GC 8.6-g: a natural 1 eliminates the charger. */
static void
test_8_6_g_natural_one (void)
{
  Fixture fx;

  charge_start (&fx, charge_new (1, "L", -1, "E4"));
  fx.s->units[uid (&fx, "t1")].status = ACIES_GC_UNIT_EXHAUSTED;
  charge_roll (&fx, 1, 0);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "w1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->units[uid (&fx, "w1")].cause, ==, ACIES_GC_CAUSE_CHARGE);
  /* 1 + 2 = 3: no hit. */
  g_assert_cmpint (status (&fx, "t1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (fx.s->units[uid (&fx, "w1")].vp_scored, ==, 3);
  fixture_end (&fx);
}

/* GC 8.6-h: two hits: one Exhaustion on Foot; Cavalry eliminated. */
static void
test_8_6_h_two_hits (void)
{
  Fixture fx;

  charge_start (&fx, charge_new (2, "L", -1, "E4"));
  charge_roll (&fx, 8, 8);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "t1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  fixture_end (&fx);

  charge_start (&fx, charge_new (2, "C", 2, "E4"));
  charge_roll (&fx, 8, 8);
  no_fortuna (&fx);
  g_assert_cmpint (fx.s->step, !=, ACIES_GC_STEP_RETREAT);
  g_assert_cmpint (status (&fx, "t1"), ==, ACIES_GC_UNIT_ELIMINATED);
  fixture_end (&fx);
}

/* GC 8.6-i: an 8 and a natural 1: the hit lands and the charger dies. */
static void
test_8_6_i_hit_and_botch (void)
{
  Fixture fx;

  charge_start (&fx, charge_new (2, "L", -1, "E4"));
  charge_roll (&fx, 8, 1);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "t1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (&fx, "w1"), ==, ACIES_GC_UNIT_ELIMINATED);
  fixture_end (&fx);

  charge_start (&fx, charge_new (2, "C", 2, "E4"));
  charge_roll (&fx, 1, 8);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "w1"), ==, ACIES_GC_UNIT_ELIMINATED);
  /* With the charger gone, every empty neighbour is safe: a retreat. */
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_RETREAT);
  ACT1 (&fx, ACIES_GC_ACTION_RETREAT, cell (&fx, "F3"));
  g_assert_cmpint (at (&fx, "t1"), ==, cell (&fx, "F3"));
  fixture_end (&fx);
}

/* GC 8.6-j, 12.0: Fortuna re-rolls both dice of a two-die charge. */
static void
test_8_6_j_fortuna_both (void)
{
  Fixture fx;

  charge_start (&fx, charge_new (2, "L", -1, "E4"));
  charge_roll (&fx, 1, 1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_FORTUNA);
  dice (&fx, 8, 7, 0);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, TRUE);
  g_assert_cmpuint (fx.s->roll.values[0], ==, 8);
  g_assert_cmpuint (fx.s->roll.values[1], ==, 7);
  g_assert_cmpuint (acies_dice_pending (fx.dice), ==, 0);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "w1"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (status (&fx, "t1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  fixture_end (&fx);
}

/* An Elephantry target (diagonal contact): the GC-G30c Mounted-without-
 * diamonds ruling (+2, a hit retreats it, two eliminate it). */
static void
test_8_6_a_elephant_target (void)
{
  Fixture fx;

  charge_start (&fx, charge_new (1, "E", -1, "E4"));
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_CHARGE);
  charge_roll (&fx, 6, 0);
  g_assert_cmpint (fx.s->roll.ctx[2], ==, 2);
  no_fortuna (&fx);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_RETREAT);
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_RETREAT, cell (&fx, "E5"), G_MININT));
  ACT1 (&fx, ACIES_GC_ACTION_RETREAT, cell (&fx, "F3"));
  g_assert_cmpint (at (&fx, "t1"), ==, cell (&fx, "F3"));
  fixture_end (&fx);
}

/* ---- 8.7 Trampling ---- */

/* A red elephant e1 at D8 (white wing) facing blue Foot. */
static AciesScenario *
trample_new (void)
{
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "e1", "white", "E", -1, "D8");
  return sc;
}

static void
trample_start (Fixture       *fx,
               AciesScenario *sc)
{
  fixture_start (fx, sc);
  fx->s->zone_alive = 0;
  command_move (fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
}

/* GC 8.7-a: coming next to enemy Foot, the elephant must trample; the unit
 * straight ahead is the target; with several to the sides the player picks. */
static void
test_8_7_a_trigger (void)
{
  Fixture fx;
  AciesScenario *sc = trample_new ();

  put_unit (sc, "ahead", "purple", "L", -1, "D6");
  put_unit (sc, "side", "purple", "L", -1, "C7");
  trample_start (&fx, sc);
  dice (&fx, 5, 0);
  step (&fx, "e1", "D7");
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_TRAMPLE_CHECK);
  g_assert_cmpint (fx.s->roll.roller, ==, 0);
  g_assert_cmpint (fx.s->trample_target, ==, uid (&fx, "ahead"));
  fixture_end (&fx);

  sc = trample_new ();
  put_unit (sc, "left", "purple", "L", -1, "C7");
  put_unit (sc, "right", "purple", "L", -1, "E7");
  trample_start (&fx, sc);
  step (&fx, "e1", "D7");
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_TRAMPLE_TARGET);
  g_assert_cmpuint (count_actions (&fx, ACIES_GC_ACTION_TRAMPLE, G_MININT, G_MININT), ==, 2);
  dice (&fx, 5, 0);
  ACT1 (&fx, ACIES_GC_ACTION_TRAMPLE, uid (&fx, "right"));
  g_assert_cmpint (fx.s->roll.ctx[1], ==, uid (&fx, "right"));
  fixture_end (&fx);
}

/* GC 8.7-b: the owner's check roll: a 1 starts a Rampage. */
static void
test_8_7_b_check (void)
{
  Fixture fx;
  AciesScenario *sc = trample_new ();

  put_unit (sc, "ahead", "purple", "L", -1, "D6");
  trample_start (&fx, sc);
  dice (&fx, 1, 0);
  step (&fx, "e1", "D7");
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_TRAMPLE_CHECK);
  dice (&fx, 5, 0);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);   /* the 1 stands: a direction roll follows */
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_RAMPAGE_DIRECTION);
  g_assert_true (fx.s->rampaging);
  g_assert_cmpint (status (&fx, "ahead"), ==, ACIES_GC_UNIT_FRESH);
  fixture_end (&fx);
}

/* GC 8.7-c, GC-G63: Exhausted or Phalanx targets cannot avoid; others roll
 * d8 + their own Rally Limit, 8+ avoids. */
static void
test_8_7_c_avoidance (void)
{
  Fixture fx;
  AciesScenario *sc;

  for (guint k = 0; k < 2; k++)
    {
      sc = trample_new ();
      put_unit (sc, "ahead", "purple", k == 0 ? "P" : "L", -1, "D6");
      trample_start (&fx, sc);
      if (k == 1)
        fx.s->units[uid (&fx, "ahead")].status = ACIES_GC_UNIT_EXHAUSTED;
      dice (&fx, 5, 0);
      step (&fx, "e1", "D7");
      no_fortuna (&fx);
      g_assert_cmpuint (acies_dice_pending (fx.dice), ==, 0);
      g_assert_cmpint (status (&fx, "ahead"), ==, ACIES_GC_UNIT_ELIMINATED);
      g_assert_cmpint (fx.s->units[uid (&fx, "ahead")].cause, ==, ACIES_GC_CAUSE_TRAMPLE);
      fixture_end (&fx);
    }

  for (guint roll = 3; roll <= 4; roll++)
    {
      sc = trample_new ();
      put_unit (sc, "ahead", "purple", "L", -1, "D6");
      trample_start (&fx, sc);
      dice (&fx, 5, roll, 0);
      step (&fx, "e1", "D7");
      ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
      /* The target's owner rolls (the Fortuna holder is asked first). */
      g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_TRAMPLE_AVOID);
      g_assert_cmpint (fx.s->roll.roller, ==, 1);
      no_fortuna (&fx);
      /* Rally Limit 4: 4 + 4 = 8 avoids, 3 + 4 = 7 does not. */
      g_assert_cmpint (status (&fx, "ahead"), ==, roll == 4 ? ACIES_GC_UNIT_FRESH : ACIES_GC_UNIT_ELIMINATED);
      fixture_end (&fx);
    }

  /* A lower Rally Limit makes it harder. */
  sc = trample_new ();
  put_unit (sc, "ahead", "purple", "L", -1, "D6");
  trample_start (&fx, sc);
  fx.s->rally_limit[1] = 3;
  dice (&fx, 5, 4, 0);
  step (&fx, "e1", "D7");
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "ahead"), ==, ACIES_GC_UNIT_ELIMINATED);
  fixture_end (&fx);
}

/* GC 8.7-d: avoided: through to the empty square beyond and stop, or stay
 * and stop if it is occupied. */
static void
test_8_7_d_avoided (void)
{
  Fixture fx;
  AciesScenario *sc = trample_new ();

  put_unit (sc, "ahead", "purple", "L", -1, "D6");
  trample_start (&fx, sc);
  dice (&fx, 5, 8, 0);
  step (&fx, "e1", "D7");
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "ahead"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (at (&fx, "e1"), ==, cell (&fx, "D5"));
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_MOVE);
  g_assert_false (can_step (&fx, "e1", NULL));
  fixture_end (&fx);

  sc = trample_new ();
  put_unit (sc, "ahead", "purple", "L", -1, "D6");
  put_unit (sc, "behind", "purple", "L", -1, "D5");
  trample_start (&fx, sc);
  dice (&fx, 5, 8, 0);
  step (&fx, "e1", "D7");
  no_fortuna (&fx);
  g_assert_cmpint (at (&fx, "e1"), ==, cell (&fx, "D7"));
  g_assert_false (can_step (&fx, "e1", NULL));
  fixture_end (&fx);
}

/* GC 8.7-e: trampled: eliminated, the elephant moves in and tramples the
 * next unit straight ahead while it has squares; afterwards it may go on
 * with the squares left (8.7 caption: "it keeps moving"). */
static void
test_8_7_e_chain (void)
{
  Fixture fx;
  AciesScenario *sc = trample_new ();
  gint e1;

  put_unit (sc, "x1", "purple", "P", -1, "D6");
  put_unit (sc, "x2", "purple", "P", -1, "D5");
  trample_start (&fx, sc);
  e1 = uid (&fx, "e1");
  dice (&fx, 5, 6, 0);
  step (&fx, "e1", "D7");
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (status (&fx, "x1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (at (&fx, "e1"), ==, cell (&fx, "D6"));
  /* x2 is straight ahead: the next check roll is made at once. */
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_TRAMPLE_CHECK);
  g_assert_cmpint (fx.s->roll.ctx[1], ==, uid (&fx, "x2"));
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "x2"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (at (&fx, "e1"), ==, cell (&fx, "D5"));
  g_assert_cmpint (fx.s->units[e1].moved, ==, 3);
  g_assert_cmpint (fx.s->vp[0], ==, 4);
  /* One square left, nothing ahead: it keeps moving. */
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_MOVE);
  g_assert_true (can_step (&fx, "e1", "D4"));
  g_assert_false (can_step (&fx, "e1", "C5"));
  step (&fx, "e1", "D4");
  g_assert_false (can_step (&fx, "e1", NULL));
  fixture_end (&fx);
}

/* GC 8.7-f: the elephant's trampling is settled before anything else
 * moves: no other step is offered while it lasts. */
static void
test_8_7_f_atomic (void)
{
  Fixture fx;
  AciesScenario *sc = trample_new ();

  put_unit (sc, "e2", "white", "E", -1, "G8");
  put_unit (sc, "x1", "purple", "L", -1, "D6");
  trample_start (&fx, sc);
  dice (&fx, 5, 0);
  step (&fx, "e1", "D7");
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_STEP, G_MININT, G_MININT));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_END_PHASE, G_MININT, G_MININT));
  dice (&fx, 2, 0);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_TRAMPLE_AVOID);
  g_assert_false (can_step (&fx, "e2", NULL));
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "x1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_true (can_step (&fx, "e2", "G7"));
  fixture_end (&fx);
}

/* ---- 8.8 Rampage, 8.10 ---- */

/* A rampage test board: e1 at D8 steps to D7, a blue L at D6. */
static AciesScenario *
rampage_new (void)
{
  AciesScenario *sc = trample_new ();

  put_unit (sc, "x1", "purple", "L", -1, "D6");
  return sc;
}

/* GC 8.8-a: a 1 on the check interrupts the Move Phase for the Rampage;
 * the phase resumes after it. */
static void
test_8_8_a_interrupt (void)
{
  Fixture fx;

  trample_start (&fx, rampage_new ());
  dice (&fx, 1, 8, 0);   /* check 1, direction 8: euthanised */
  step (&fx, "e1", "D7");
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_true (fx.s->rampaging);
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_RAMPAGE_DIRECTION);
  no_fortuna (&fx);
  g_assert_false (fx.s->rampaging);
  g_assert_cmpint (status (&fx, "e1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_MOVE);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_END_PHASE, G_MININT, G_MININT));
  fixture_end (&fx);
}

/* GC 8.8-b: the Rampage Table: 1 backward, 2–3 left, 4–5 forward, 6–7
 * right, 8 euthanised; then the distance roll. */
static void
test_8_8_b_table (void)
{
  struct { guint dir; const char *to; } cases[] = {
    { 1, "D9" }, { 2, "B7" }, { 3, "B7" }, { 6, "F7" }, { 7, "F7" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Fixture fx;

      trample_start (&fx, rampage_new ());
      dice (&fx, 1, cases[i].dir, 2, 8, 0);
      step (&fx, "e1", "D7");
      ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);   /* check */
      ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);   /* direction */
      ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);   /* distance: the leg is run */
      g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_RAMPAGE_DIRECTION);
      g_assert_cmpint (at (&fx, "e1"), ==, cell (&fx, cases[i].to));
      no_fortuna (&fx);
      g_assert_cmpint (fx.s->units[uid (&fx, "e1")].cause, ==, ACIES_GC_CAUSE_EUTHANISED);
      fixture_end (&fx);
    }

  /* 4 or 5: forward, into the Foot unit at D6 (trample procedure, 8.8-c). */
  {
    Fixture fx;

    trample_start (&fx, rampage_new ());
    dice (&fx, 1, 4, 2, 5, 0);
    step (&fx, "e1", "D7");
    for (guint i = 0; i < 3; i++)
      ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
    g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_TRAMPLE_CHECK);
    g_assert_cmpint (fx.s->roll.ctx[1], ==, uid (&fx, "x1"));
    fixture_end (&fx);
  }
}

/* GC 8.8-c: Foot in the path, friend or foe, go through the trample
 * procedure; a 1 on the check eliminates the rampager. */
static void
test_8_8_c_path_foot (void)
{
  Fixture fx;
  AciesScenario *sc = rampage_new ();

  put_unit (sc, "f1", "pink", "L", -1, "D9");   /* friendly, behind */
  trample_start (&fx, sc);
  /* check 1; direction 1 (backward); distance 2; check 4; avoid 2 (+4 = 6:
   * trampled); the next direction 8. */
  dice (&fx, 1, 1, 2, 4, 2, 8, 0);
  step (&fx, "e1", "D7");
  for (guint i = 0; i < 4; i++)
    ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_TRAMPLE_AVOID);
  g_assert_cmpint (fx.s->roll.roller, ==, 0);   /* the friendly unit's owner */
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (status (&fx, "f1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (at (&fx, "e1"), ==, cell (&fx, "D9"));
  g_assert_cmpint (fx.s->vp[1], ==, 2);   /* GC-G32(d): it scores for blue */
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_RAMPAGE_DIRECTION);
  no_fortuna (&fx);
  fixture_end (&fx);

  sc = rampage_new ();
  put_unit (sc, "f1", "pink", "L", -1, "D9");
  trample_start (&fx, sc);
  dice (&fx, 1, 1, 3, 1, 0);
  step (&fx, "e1", "D7");
  for (guint i = 0; i < 4; i++)
    ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (status (&fx, "e1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->units[uid (&fx, "e1")].cause, ==, ACIES_GC_CAUSE_RAMPAGE);
  g_assert_cmpint (status (&fx, "f1"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (fx.s->units[uid (&fx, "e1")].vp_scored, ==, 3);
  g_assert_false (fx.s->rampaging);
  fixture_end (&fx);
}

/* GC 8.8-d: another elephant in the path: the rampager is eliminated and
 * the other elephant rampages. */
static void
test_8_8_d_other_elephant (void)
{
  Fixture fx;
  AciesScenario *sc = rampage_new ();

  put_unit (sc, "ge", "gold", "E", -1, "B7");
  trample_start (&fx, sc);
  dice (&fx, 1, 2, 3, 5, 0);   /* check 1; left; three squares; ge's direction */
  step (&fx, "e1", "D7");
  for (guint i = 0; i < 3; i++)
    ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (status (&fx, "e1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_true (fx.s->rampaging);
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_RAMPAGE_DIRECTION);
  g_assert_cmpint (fx.s->roll.ctx[0], ==, uid (&fx, "ge"));
  g_assert_cmpint (fx.s->roll.roller, ==, 1);
  fixture_end (&fx);
}

/* GC 8.8: the Rampage's path is in the log: its direction and distance,
 * each square it enters, and how it ends. */
static void
test_8_8_rampage_logged (void)
{
  Fixture fx;
  GPtrArray *steps = g_ptr_array_new ();
  const AciesEvent *e;

  trample_start (&fx, rampage_new ());
  /* check 1; right 1 square; right 1 square; euthanised. */
  dice (&fx, 1, 6, 1, 6, 1, 8, 0);
  step (&fx, "e1", "D7");
  g_ptr_array_set_size (fx.events, 0);
  for (guint i = 0; i < 5; i++)
    ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "e1"), ==, ACIES_GC_UNIT_ELIMINATED);
  for (guint i = 0; i < fx.events->len; i++)
    {
      e = g_ptr_array_index (fx.events, i);
      g_test_message ("%s: %s", e->type, e->text);
      if (g_str_equal (e->type, "rampage-step"))
        g_ptr_array_add (steps, e->text);
    }
  e = find_event (&fx, "rampage-direction");
  g_assert_nonnull (e);
  /* The roll in the event it decided, the unit in the board's words. */
  g_assert_cmpstr (e->text, ==, "Rampage direction roll 6: Elephantry at D7 rampages to its right (east)");
  g_assert_nonnull (find_event (&fx, "rampage-distance"));
  g_assert_cmpstr (find_event (&fx, "rampage-distance")->text, ==,
                   "Rampage distance roll 1: Elephantry at D7 rampages 1 square");
  g_assert_cmpuint (steps->len, ==, 2);
  g_assert_cmpstr (steps->pdata[0], ==, "Elephantry at D7 rampages into E7 (0 squares left)");
  g_assert_cmpstr (steps->pdata[1], ==, "Elephantry at E7 rampages into F7 (0 squares left)");
  g_assert_nonnull (find_event (&fx, "euthanised"));
  g_assert_cmpstr (find_event (&fx, "euthanised")->text, ==,
                   "Rampage direction roll 8: Elephantry at F7's rider puts it down");
  /* No event names a counter by its id, nor repeats a roll on its own. */
  for (guint i = 0; i < fx.events->len; i++)
    {
      e = g_ptr_array_index (fx.events, i);
      g_assert_null (strstr (e->text, "e1"));
      g_assert_cmpstr (e->type, !=, "roll");
    }
  g_ptr_array_unref (steps);
  fixture_end (&fx);
}

/* GC 8.8-e: after each leg the rampager rolls again, until it is gone. */
static void
test_8_8_e_loop (void)
{
  Fixture fx;

  trample_start (&fx, rampage_new ());
  /* check 1; right 1 square; right 1 square; euthanised. */
  dice (&fx, 1, 6, 1, 6, 1, 8, 0);
  step (&fx, "e1", "D7");
  for (guint i = 0; i < 3; i++)
    ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (at (&fx, "e1"), ==, cell (&fx, "E7"));
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_RAMPAGE_DIRECTION);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (at (&fx, "e1"), ==, cell (&fx, "F7"));
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_RAMPAGE_DIRECTION);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "e1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_false (fx.s->rampaging);
  fixture_end (&fx);
}

/* GC 8.8-f: a euthanised elephant scores nothing; one driven off the map
 * scores its VP (8.10-a). */
static void
test_8_8_f_euthanised (void)
{
  Fixture fx;

  trample_start (&fx, rampage_new ());
  dice (&fx, 1, 8, 0);
  step (&fx, "e1", "D7");
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "e1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->units[uid (&fx, "e1")].cause, ==, ACIES_GC_CAUSE_EUTHANISED);
  g_assert_cmpint (fx.s->units[uid (&fx, "e1")].vp_scored, ==, 0);
  fixture_end (&fx);

  trample_start (&fx, rampage_new ());
  dice (&fx, 1, 1, 8, 0);   /* backward eight squares: off the south edge */
  step (&fx, "e1", "D7");
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "e1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->units[uid (&fx, "e1")].vp_scored, ==, 3);
  fixture_end (&fx);
}

/* GC 8.10-a: a unit forced off the map is eliminated and scores. */
static void
test_8_10_a_edge (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "e1", "white", "E", -1, "A3");
  put_unit (sc, "x1", "purple", "L", -1, "A1");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  dice (&fx, 1, 2, 2, 0);   /* check 1; left (west): off the map at once */
  step (&fx, "e1", "A2");
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "e1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->units[uid (&fx, "e1")].cause, ==, ACIES_GC_CAUSE_RAMPAGE);
  g_assert_cmpint (fx.s->units[uid (&fx, "e1")].cell, ==, ACIES_CELL_NONE);
  g_assert_cmpint (fx.s->units[uid (&fx, "e1")].vp_scored, ==, 3);
  /* No ordinary move leaves the map: the elephant at the edge has no
   * step westward. */
  fixture_end (&fx);

  sc = mounted_new ();
  put_unit (sc, "e1", "white", "E", -1, "A5");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  g_assert_cmpuint (count_actions (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "e1"), G_MININT), ==, 2);
  fixture_end (&fx);
}

/* ---- 8.9 Terrain ---- */

/* GC 8.9-b: no River for Elephantry; no Broken Ground for Mounted. */
static void
test_8_9_b_closed (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  set_terrain (sc, "D7", "river");
  set_terrain (sc, "F7", "broken");
  set_terrain (sc, "B9", "broken");
  put_unit (sc, "e1", "white", "E", -1, "D8");
  put_unit (sc, "w1", "white", "C", 1, "F8");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  g_assert_false (can_step (&fx, "e1", "D7"));
  g_assert_true (can_step (&fx, "e1", "C8"));
  fixture_end (&fx);

  sc = mounted_new ();
  set_terrain (sc, "D7", "river");
  set_terrain (sc, "F7", "broken");
  set_terrain (sc, "A9", "broken");
  put_unit (sc, "w1", "white", "C", 1, "F8");
  put_unit (sc, "w2", "white", "C", 1, "D8");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_CAVALRY);
  g_assert_false (can_step (&fx, "w1", "F7"));
  g_assert_true (can_step (&fx, "w2", "D7"));   /* cavalry may ford the river */
  fixture_end (&fx);

  /* Foot may enter Broken Ground. */
  sc = mounted_new ();
  set_terrain (sc, "A9", "broken");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "pink", -1);
  g_assert_true (can_step (&fx, "p0", "A9"));
  fixture_end (&fx);
}

/* GC 8.9-c, GC-G35b: climbing onto higher ground costs two, going down one. */
static void
test_8_9_c_slope (void)
{
  Fixture fx;
  AciesScenario *sc = board_new (8, 10);
  gint p1, p2;

  put_wing (sc, "pink", "red", FALSE, "none");
  put_wing (sc, "purple", "blue", FALSE, "none");
  set_terrain (sc, "C7", "slope");
  set_terrain (sc, "C6", "high");
  set_terrain (sc, "E5", "high");
  set_terrain (sc, "E4", "slope");
  put_unit (sc, "p1", "pink", "L", -1, "C8");
  put_unit (sc, "p2", "pink", "L", -1, "E5");
  put_unit (sc, "q1", "purple", "L", -1, "H1");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  p1 = uid (&fx, "p1");
  p2 = uid (&fx, "p2");
  command_move (&fx, "pink", -1);
  step (&fx, "p1", "C7");
  g_assert_cmpint (fx.s->units[p1].moved, ==, 2);
  step (&fx, "p1", "C6");
  g_assert_cmpint (fx.s->units[p1].moved, ==, 4);
  step (&fx, "p2", "E4");   /* downhill: 1 */
  g_assert_cmpint (fx.s->units[p2].moved, ==, 1);
  step (&fx, "p2", "E3");   /* off the slope to clear: 1 */
  g_assert_cmpint (fx.s->units[p2].moved, ==, 2);
  fixture_end (&fx);
}

/* GC 8.9-d, 9.1: terrain's combat effects reach the attack: into Broken
 * Ground −1 CC, out of a River −1 CC. */
static void
test_8_9_d_combat (void)
{
  const char *terrain[] = { NULL, "broken", "river" };
  guint n_mods[3];

  for (guint i = 0; i < 3; i++)
    {
      Fixture fx;
      AciesScenario *sc = lines_new_plain ();
      AciesOdds *odds;
      gint cc_mod = 0;

      if (terrain[i] != NULL)
        set_terrain (sc, i == 1 ? "C3" : "C4", terrain[i]);
      ((AciesUnit *) g_ptr_array_index (sc->units, 0))->cell = acies_board_cell_from_label (sc->map.board, "C4");
      fixture_start (&fx, sc);
      odds = acies_gc_state_attack_odds (fx.s, uid (&fx, "p1"), uid (&fx, "q1"), 0, FALSE);
      g_assert_nonnull (odds);
      n_mods[i] = odds->modifiers->len;
      for (guint m = 0; m < odds->modifiers->len; m++)
        {
          const AciesOddsModifier *mod = g_ptr_array_index (odds->modifiers, m);

          if (mod->value == -1 && mod->rule != NULL && strstr (mod->rule, "9.1") != NULL)
            cc_mod++;
        }
      g_assert_cmpint (cc_mod, ==, i == 0 ? 0 : 1);
      acies_odds_free (odds);
      fixture_end (&fx);
    }
  g_assert_cmpuint (n_mods[1], ==, n_mods[0] + 1);
  g_assert_cmpuint (n_mods[2], ==, n_mods[0] + 1);
}

/* ---- 15.0 Wagons ---- */

/* GC 15.0-a, GC-G38b: wagons move like elephants: one direction (never
 * back), through friendly Foot, no River. */
static void
test_15_0_a_wagon_move (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  set_terrain (sc, "E9", "river");
  put_unit (sc, "v1", "white", "W", -1, "D9");
  put_unit (sc, "f1", "pink", "L", -1, "D8");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  g_assert_false (can_step (&fx, "v1", "D8"));
  g_assert_true (can_step (&fx, "v1", "D7"));
  g_assert_false (can_step (&fx, "v1", "D10"));
  g_assert_true (can_step (&fx, "v1", "C9"));
  g_assert_false (can_step (&fx, "v1", "E9"));
  step (&fx, "v1", "D7");
  g_assert_cmpint (fx.s->units[uid (&fx, "v1")].moved, ==, 2);
  g_assert_true (can_step (&fx, "v1", "D6"));
  g_assert_false (can_step (&fx, "v1", "C7"));
  fixture_end (&fx);
}

/* GC 15.0-b, GC-G38c: the wagon's move ends next to an enemy elephant
 * (Engaged, 8.1-f) and it attacks; with two elephants next to it the
 * acting player picks; it never attacks other units. */
static void
test_15_0_b_wagon_attack (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();
  gint v1;

  put_unit (sc, "v1", "white", "W", -1, "D8");
  put_unit (sc, "ge", "gold", "E", -1, "C6");
  put_unit (sc, "gf", "gold", "E", -1, "E6");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  v1 = uid (&fx, "v1");
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  step (&fx, "v1", "D7");
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_MOVE);   /* nothing next to it yet */
  step (&fx, "v1", "D6");
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_WAGON_TARGET);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 0);
  g_assert_cmpuint (count_actions (&fx, ACIES_GC_ACTION_CHARGE, v1, G_MININT), ==, 2);
  dice (&fx, 7, 0);
  act (&fx, ACIES_GC_ACTION_CHARGE, v1, uid (&fx, "gf"), -1, -1, -1);
  g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_WAGON);
  no_fortuna (&fx);
  g_assert_cmpint (status (&fx, "gf"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (status (&fx, "ge"), ==, ACIES_GC_UNIT_FRESH);
  fixture_end (&fx);

  /* Next to enemy cavalry only: it stops (Engaged) but does not attack. */
  sc = mounted_new ();
  put_unit (sc, "v1", "white", "W", -1, "D8");
  put_unit (sc, "gc", "gold", "C", 1, "C6");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  step (&fx, "v1", "D7");
  step (&fx, "v1", "D6");
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_MOVE);
  g_assert_false (fx.s->roll.active);
  g_assert_false (can_step (&fx, "v1", NULL));
  g_assert_cmpint (status (&fx, "v1"), ==, ACIES_GC_UNIT_FRESH);
  fixture_end (&fx);
}

/* GC 15.0-c: d8 + the wagons in play (the attacker included); 8+ kills the
 * elephant; the wagon is removed either way, for no VP. */
static void
test_15_0_c_wagon_roll (void)
{
  for (guint roll = 5; roll <= 6; roll++)
    {
      Fixture fx;
      AciesScenario *sc = mounted_new ();

      put_unit (sc, "v1", "white", "W", -1, "D8");
      put_unit (sc, "v2", "white", "W", -1, "G9");
      put_unit (sc, "ge", "gold", "E", -1, "C7");
      fixture_start (&fx, sc);
      fx.s->zone_alive = 0;
      command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
      dice (&fx, roll, 0);
      step (&fx, "v1", "D7");
      g_assert_cmpint (fx.s->roll.purpose, ==, ACIES_GC_ROLL_WAGON);
      g_assert_cmpint (fx.s->roll.ctx[2], ==, 2);
      no_fortuna (&fx);
      /* 6 + 2 = 8 eliminates; 5 + 2 = 7 does not. */
      g_assert_cmpint (status (&fx, "ge"), ==, roll == 6 ? ACIES_GC_UNIT_ELIMINATED : ACIES_GC_UNIT_FRESH);
      g_assert_cmpint (fx.s->units[uid (&fx, "ge")].vp_scored, ==, roll == 6 ? 3 : 0);
      g_assert_cmpint (status (&fx, "v1"), ==, ACIES_GC_UNIT_ELIMINATED);
      g_assert_cmpint (fx.s->units[uid (&fx, "v1")].cause, ==, ACIES_GC_CAUSE_WAGON);
      g_assert_cmpint (fx.s->vp[1], ==, 0);
      g_assert_cmpint (fx.s->units[uid (&fx, "v1")].vp_scored, ==, 0);
      g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_MOVE);
      g_assert_true (can_step (&fx, "v2", NULL));
      fixture_end (&fx);
    }
}

/* GC 15.0-d, GC-G38d: a wagon next to enemy Foot is destroyed for no VP,
 * whoever moved. */
static void
test_15_0_d_foot_destroys (void)
{
  Fixture fx;
  AciesScenario *sc = mounted_new ();

  put_unit (sc, "v1", "white", "W", -1, "D8");
  put_unit (sc, "x1", "purple", "L", -1, "D5");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  blue_acts (&fx);
  command_move (&fx, "purple", -1);
  step (&fx, "x1", "D6");
  g_assert_cmpint (status (&fx, "v1"), ==, ACIES_GC_UNIT_FRESH);
  step (&fx, "x1", "D7");
  g_assert_cmpint (status (&fx, "v1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->units[uid (&fx, "v1")].cause, ==, ACIES_GC_CAUSE_WAGON);
  g_assert_cmpint (fx.s->units[uid (&fx, "v1")].vp_scored, ==, 0);
  fixture_end (&fx);

  sc = mounted_new ();
  put_unit (sc, "v1", "white", "W", -1, "D8");
  put_unit (sc, "x1", "purple", "L", -1, "C6");
  fixture_start (&fx, sc);
  fx.s->zone_alive = 0;
  command_move (&fx, "white", ACIES_GC_GROUP_ELEPHANTRY);
  step (&fx, "v1", "D7");
  g_assert_cmpint (status (&fx, "v1"), ==, ACIES_GC_UNIT_FRESH);
  step (&fx, "v1", "D6");
  g_assert_cmpint (status (&fx, "v1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->units[uid (&fx, "v1")].vp_scored, ==, 0);
  fixture_end (&fx);
}

/* 15.0, 8.5–8.8 together: random games on a small board where Cavalry,
 * Elephantry and Wagons of both sides meet Foot, with the invariants
 * checked after every action and each log replayed to the same digest. */
static void
test_15_0_random_mounted (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) options = json_object_new ();
  g_autoptr(AciesRuleset) rs = acies_ruleset_lookup ("grass-crown", &error);
  AciesScenario *sc = board_new (8, 10);
  guint mounted_decisions = 0, finished = 0;
  guint n_games = acies_test_games (300);

  g_assert_no_error (error);
  add_rule (sc, "combined-arms", "red");
  put_wing (sc, "pink", "red", FALSE, "none");
  put_wing (sc, "purple", "blue", FALSE, "none");
  put_wing (sc, "white", "red", TRUE, "none");
  put_wing (sc, "gold", "blue", TRUE, "none");
  put_unit (sc, "p1", "pink", "L", -1, "B8");
  put_unit (sc, "p2", "pink", "H", -1, "C8");
  put_unit (sc, "p3", "pink", "L", -1, "D8");
  put_unit (sc, "q1", "purple", "P", -1, "E3");
  put_unit (sc, "q2", "purple", "L", -1, "F3");
  put_unit (sc, "q3", "purple", "P", -1, "G3");
  put_unit (sc, "w1", "white", "C", 2, "F9");
  put_unit (sc, "w2", "white", "C", 0, "G9");
  put_unit (sc, "v1", "white", "W", -1, "E9");
  put_unit (sc, "v2", "white", "W", -1, "A9");
  put_unit (sc, "g1", "gold", "C", 1, "B2");
  put_unit (sc, "ge", "gold", "E", -1, "C2");
  put_unit (sc, "gf", "gold", "E", -1, "D2");
  json_object_set_int_member (options, "max_turns", 60);
  for (guint g = 0; g < n_games; g++)
    {
      AciesPlayout p;
      g_autofree char *replayed = NULL;

      g_assert_true (acies_playout_random (rs, sc, options, g + 1, 200000, TRUE, TRUE, &p, &error));
      g_assert_no_error (error);
      g_assert_true (p.finished);
      finished++;
      for (guint i = 0; i < p.log->len; i++)
        {
          const AciesAction *a = &g_array_index (p.log, AciesAction, i);

          if (a->type == ACIES_GC_ACTION_CHARGE || a->type == ACIES_GC_ACTION_FLEE
              || a->type == ACIES_GC_ACTION_TRAMPLE || a->type == ACIES_GC_ACTION_INTERCEPT)
            mounted_decisions++;
        }
      replayed = acies_playout_replay (rs, sc, options, g + 1, p.log, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (replayed, ==, p.digest);
      acies_playout_clear (&p);
    }
  g_assert_cmpuint (finished, ==, n_games);
  /* The mounted procedures were reached (charges, flights, tramples). */
  g_test_message ("%u charge, flight, trample and interception decisions in %u games", mounted_decisions, n_games);
  g_assert_cmpuint (mounted_decisions, >, 0);
  acies_scenario_unref (sc);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/grass-crown/8.0-a/allowance-four-then-two", test_8_0_a_allowance);
  g_test_add_func ("/acies/grass-crown/8.0-b/exhausted-never-move", test_8_0_b_exhausted);
  g_test_add_func ("/acies/grass-crown/8.0-c/one-square-no-entering", test_8_0_c_one_square);
  g_test_add_func ("/acies/grass-crown/8.0-d/foot-orthogonal", test_8_0_d_foot_orthogonal);
  g_test_add_func ("/acies/grass-crown/8.0-e/cavalry-eight-ways", test_8_0_e_cavalry);
  g_test_add_func ("/acies/grass-crown/8.0-f/elephant-straight", test_8_0_f_elephant_straight);
  g_test_add_func ("/acies/grass-crown/8.1-a/fixed-facing", test_8_1_a_facing);
  g_test_add_func ("/acies/grass-crown/8.1-c/no-deep-advance", test_8_1_c_no_deep_advance);
  g_test_add_func ("/acies/grass-crown/8.1-e/side-contact", test_8_1_e_side_contact);
  g_test_add_func ("/acies/grass-crown/8.1-f/mounted-engagement", test_8_1_f_mounted_engagement);
  g_test_add_func ("/acies/grass-crown/8.2-a/zone-stop", test_8_2_a_zone_stop);
  g_test_add_func ("/acies/grass-crown/8.2-b/zone-start-one-square", test_8_2_b_zone_start);
  g_test_add_func ("/acies/grass-crown/8.2-c/zone-then-bonus", test_8_2_c_zone_then_bonus);
  g_test_add_func ("/acies/grass-crown/8.3-a/bonus-move-two", test_8_3_a_bonus_move);
  g_test_add_func ("/acies/grass-crown/8.4-a/follow", test_8_4_a_follow);
  g_test_add_func ("/acies/grass-crown/8.4-b/not-activated", test_8_4_b_not_active);
  g_test_add_func ("/acies/grass-crown/8.4-c/follow-zone", test_8_4_c_follow_zone);
  g_test_add_func ("/acies/grass-crown/8.4-d/follow-lost", test_8_4_d_follow_lost);
  g_test_add_func ("/acies/grass-crown/8.5-a/mounted-one-move", test_8_5_a_mounted_command);
  g_test_add_func ("/acies/grass-crown/8.5-b/one-group", test_8_5_b_one_group);
  g_test_add_func ("/acies/grass-crown/8.5-c/combined-arms-both", test_8_5_c_combined_arms);
  g_test_add_func ("/acies/grass-crown/8.5-d/mounted-four", test_8_5_d_mounted_four);
  g_test_add_func ("/acies/grass-crown/8.5-f/cavalry-screen", test_8_5_f_screen);
  g_test_add_func ("/acies/grass-crown/8.5-g/never-next-to-elephants", test_8_5_g_elephants);
  g_test_add_func ("/acies/grass-crown/8.5-h/flight", test_8_5_h_flight);
  g_test_add_func ("/acies/grass-crown/8.5-i/interception-prompt", test_8_5_i_interception);
  g_test_add_func ("/acies/grass-crown/8.5-j/elephant-direction", test_8_5_j_elephant_direction);
  g_test_add_func ("/acies/grass-crown/8.5-k/through-friendly-foot", test_8_5_k_pass_through);
  g_test_add_func ("/acies/grass-crown/8.5-l/mounted-move-only", test_8_5_l_move_only);
  g_test_add_func ("/acies/grass-crown/8.6-a/must-charge", test_8_6_a_must_charge);
  g_test_add_func ("/acies/grass-crown/8.6-a/elephant-target", test_8_6_a_elephant_target);
  g_test_add_func ("/acies/grass-crown/8.6-b/dice", test_8_6_b_dice);
  g_test_add_func ("/acies/grass-crown/8.6-c/phalanx-front", test_8_6_c_phalanx_front);
  g_test_add_func ("/acies/grass-crown/8.6-d/modifiers", test_8_6_d_modifiers);
  g_test_add_func ("/acies/grass-crown/8.6-e/foot-target-exhausted", test_8_6_e_foot_hit);
  g_test_add_func ("/acies/grass-crown/8.6-f/cavalry-retreat", test_8_6_f_retreat);
  g_test_add_func ("/acies/grass-crown/8.6-g/natural-one", test_8_6_g_natural_one);
  g_test_add_func ("/acies/grass-crown/8.6-h/two-hits", test_8_6_h_two_hits);
  g_test_add_func ("/acies/grass-crown/8.6-i/hit-and-botch", test_8_6_i_hit_and_botch);
  g_test_add_func ("/acies/grass-crown/8.6-j/fortuna-both-dice", test_8_6_j_fortuna_both);
  g_test_add_func ("/acies/grass-crown/8.7-a/trample-trigger", test_8_7_a_trigger);
  g_test_add_func ("/acies/grass-crown/8.7-b/rampage-check", test_8_7_b_check);
  g_test_add_func ("/acies/grass-crown/8.7-c/avoidance", test_8_7_c_avoidance);
  g_test_add_func ("/acies/grass-crown/8.7-d/avoided", test_8_7_d_avoided);
  g_test_add_func ("/acies/grass-crown/8.7-e/chain-then-move-on", test_8_7_e_chain);
  g_test_add_func ("/acies/grass-crown/8.7-f/settled-first", test_8_7_f_atomic);
  g_test_add_func ("/acies/grass-crown/8.8-a/interrupt", test_8_8_a_interrupt);
  g_test_add_func ("/acies/grass-crown/8.8-b/rampage-table", test_8_8_b_table);
  g_test_add_func ("/acies/grass-crown/8.8-c/foot-in-path", test_8_8_c_path_foot);
  g_test_add_func ("/acies/grass-crown/8.8-d/other-elephant", test_8_8_d_other_elephant);
  g_test_add_func ("/acies/grass-crown/8.8-e/roll-again", test_8_8_e_loop);
  g_test_add_func ("/acies/grass-crown/8.8/rampage-logged", test_8_8_rampage_logged);
  g_test_add_func ("/acies/grass-crown/8.8-f/euthanised-no-vp", test_8_8_f_euthanised);
  g_test_add_func ("/acies/grass-crown/8.9-b/closed-terrain", test_8_9_b_closed);
  g_test_add_func ("/acies/grass-crown/8.9-c/slope", test_8_9_c_slope);
  g_test_add_func ("/acies/grass-crown/8.9-d/combat-terrain", test_8_9_d_combat);
  g_test_add_func ("/acies/grass-crown/8.10-a/off-the-map", test_8_10_a_edge);
  g_test_add_func ("/acies/grass-crown/15.0-a/wagon-move", test_15_0_a_wagon_move);
  g_test_add_func ("/acies/grass-crown/15.0-b/wagon-attack", test_15_0_b_wagon_attack);
  g_test_add_func ("/acies/grass-crown/15.0-c/wagon-roll", test_15_0_c_wagon_roll);
  g_test_add_func ("/acies/grass-crown/15.0-d/foot-destroys-wagon", test_15_0_d_foot_destroys);
  g_test_add_func ("/acies/grass-crown/15.0/random-mounted-games", test_15_0_random_mounted);

  return g_test_run ();
}
