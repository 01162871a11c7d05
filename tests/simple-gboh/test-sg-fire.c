/* test-sg-fire.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-sg"

#include "config.h"

#include <string.h>

#include "sg-test-common.h"

/*
 * One test per checklist case of SG 7.1 (Missile Fire), 7.2 (Reaction
 * Fire: the inactive player's interrupts), 7.81, 10.21, 10.54 and 11.15.
 * The hit numbers are the catalogue's Missile Range and Results Table
 * (provisional values), read through the engine, never typed here.
 */

/* ---- 7.1 Missile Fire ---- */

static void
test_7_1_intro_indicators (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint f, x, hij, lij, v;

  f = scn_unit (sc, "f", "a", "HI", 5, 4, 5, "F", "0310", NORTH);
  x = scn_unit (sc, "x", "a", "HI", 5, 4, 5, "X", "0510", NORTH);
  hij = scn_unit (sc, "hij", "a", "HI", 5, 4, 5, "J", "1110", NORTH);
  lij = scn_unit (sc, "lij", "a", "LI", 4, 2, 6, "J", "0709", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0707", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* F and X never fire; heavy infantry with J neither. */
  g_assert_false (sg_def (fx.s, f)->may_fire);
  g_assert_false (sg_def (fx.s, x)->may_fire);
  g_assert_cmpint (sg_hit_number (fx.s, hij, 1), <, 0);
  g_assert_false (sg_may_fire_active (fx.s, hij));
  /* Light infantry with J: by Hit and Run only. */
  g_assert_false (sg_may_fire_active (fx.s, lij));
  g_assert_false (fx_has (&fx, SG_A_FIRE, lij, v));
  g_assert_true (fx_has (&fx, SG_A_HIT_AND_RUN, lij, v));
  fx_end (&fx);
}

static void
test_7_11_once (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint s, v;

  /* Slingers fire, then move. */
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_push (&fx, 1, 9);
  ACT2 (&fx, SG_A_FIRE, s, v);
  g_assert_true (fx.s->units[s].f & SG_UF_FIRED);
  g_assert_false (fx_has (&fx, SG_A_FIRE, s, G_MININT));
  g_assert_true (fx_has (&fx, SG_A_STEP, s, G_MININT));
  fx_end (&fx);

  /* Infantry archers (not skirmishers) move or fire, not both. */
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "A", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_push (&fx, 1, 9);
  ACT2 (&fx, SG_A_FIRE, s, v);
  g_assert_false (fx_has (&fx, SG_A_STEP, s, G_MININT));
  fx_end (&fx);
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "A", "0711", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0707", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, s, "0710");
  g_assert_false (sg_may_fire_active (fx.s, s));
  g_assert_false (fx_has (&fx, SG_A_FIRE, s, v));
  fx_end (&fx);

  /* Skirmisher archers move, fire and move, but never fire after moving
   * away from the target (SG-A14). */
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "SK", 4, 2, 7, "A", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  ACT2 (&fx, SG_A_TURN, s, 3);
  fx_step (&fx, s, "0711");
  ACT2 (&fx, SG_A_TURN, s, NORTH);
  g_assert_cmpint (sg_hit_number (fx.s, s, sg_unit_dist (fx.s, s, v)), >=, 0);
  g_assert_true (sg_in_arc (fx.s, s, C (&fx, "0708")));
  g_assert_false (fx_has (&fx, SG_A_FIRE, s, v));
  fx_end (&fx);
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "SK", 4, 2, 7, "A", "0711", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0707", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, s, "0710");
  fx_push (&fx, 1, 9);
  ACT2 (&fx, SG_A_FIRE, s, v);
  g_assert_true (fx_has (&fx, SG_A_STEP, s, G_MININT));
  fx_end (&fx);
}

static void
test_7_12_targets (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint s, ahead, behind, adj;

  /* Range from the Front and Flank hexes, not the Rear. */
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  ahead = scn_unit (sc, "ahead", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  behind = scn_unit (sc, "behind", "d", "HI", 5, 4, 5, NULL, "0712", NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (fx_has (&fx, SG_A_FIRE, s, ahead));
  g_assert_false (fx_has (&fx, SG_A_FIRE, s, behind));
  g_assert_cmpint (sg_hit_number (fx.s, s, 2), >=, 0);
  fx_end (&fx);

  /* An adjacent enemy in range and LOS must be the target. */
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  ahead = scn_unit (sc, "ahead", "d", "HI", 5, 4, 5, NULL, "0608", SOUTH);
  adj = scn_unit (sc, "adj", "d", "LI", 4, 2, 6, NULL, "0809", 0);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* (ahead is in range and sight) */
  g_assert_true (sg_los (fx.s, C (&fx, "0710"), C (&fx, "0608"), SG_T_LI));
  g_assert_true (sg_in_arc (fx.s, s, C (&fx, "0608")));
  g_assert_true (fx_has (&fx, SG_A_FIRE, s, adj));
  g_assert_false (fx_has (&fx, SG_A_FIRE, s, ahead));
  fx_end (&fx);
}

static void
test_7_13_los (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint s, v;

  /* Slingers at 0710 facing vertex 0 (north-east and east), the target
   * three hexes east at 1010; a friend at 0810, next to the firer. */
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", 0);
  scn_unit (sc, "f", "a", "HI", 5, 4, 5, NULL, "0810", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1010", 4);
  scn_terrain (sc, "0912", "woods");
  fx_start (&fx, sc, NULL);
  /* A combat unit between blocks the slingers... */
  g_assert_false (sg_los (fx.s, C (&fx, "0710"), C (&fx, "1010"), SG_T_LI));
  /* ...not archers when it is nearer to them; halfway (0810 between 0610
   * and 1010) still blocks. */
  g_assert_true (sg_los (fx.s, C (&fx, "0710"), C (&fx, "1010"), SG_T_ART));
  g_assert_false (sg_los (fx.s, C (&fx, "0610"), C (&fx, "1010"), SG_T_ART));
  /* Woods block; adjacent hexes are always seen. */
  g_assert_false (sg_los (fx.s, C (&fx, "0712"), C (&fx, "1012"), SG_T_LI));
  g_assert_true (sg_los (fx.s, C (&fx, "0812"), C (&fx, "0912"), SG_T_LI));
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_FIRE, s, v));
  fx_end (&fx);

  /* Higher ground between blocks. */
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", 0);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0910", 4);
  sc->map.elevation[acies_board_cell_from_label (sc->map.board, "0810")] = 1;
  fx_start (&fx, sc, NULL);
  g_assert_false (sg_los (fx.s, C (&fx, "0710"), C (&fx, "0910"), SG_T_LI));
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_FIRE, s, v));
  fx_end (&fx);
}

static void
test_7_14_hits (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint s, v, el, hit;

  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  hit = sg_hit_number (fx.s, s, 2);
  /* At the hit number: 1 Hit. */
  fx_push (&fx, 1, hit);
  ACT2 (&fx, SG_A_FIRE, s, v);
  g_assert_cmpuint (fx.s->units[v].hits, ==, 1);
  fx_end (&fx);

  /* One above: nothing. */
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_push (&fx, 1, hit + 1);
  ACT2 (&fx, SG_A_FIRE, s, v);
  g_assert_cmpuint (fx.s->units[v].hits, ==, 0);
  fx_end (&fx);

  /* Elephants take 2; the top unit of a stack takes the Hit. */
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  el = scn_unit (sc, "el", "d", "EL", 5, 4, 5, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_push (&fx, 1, 0);
  ACT2 (&fx, SG_A_FIRE, s, el);
  g_assert_cmpuint (fx.s->units[el].hits, ==, 2);
  fx_end (&fx);
}

static void
test_7_15_lone_leader (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint s, l;

  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  l = scn_leader (sc, "lone", 1, NULL, 3, 4, 0, -1, "0708");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* A lone leader is a target; only the 0-then-0 touches him. */
  g_assert_true (fx_has4 (&fx, SG_A_FIRE, s, -1, C (&fx, "0708"), -1));
  fx_push (&fx, 2, 0, 3);
  fx_act (&fx, SG_A_FIRE, s, -1, C (&fx, "0708"), -1);
  g_assert_cmpint (fx.s->leaders[l].status, ==, SG_L_MAP);
  fx_end (&fx);

  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  l = scn_leader (sc, "lone", 1, NULL, 3, 4, 0, -1, "0708");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_push (&fx, 2, 0, 0);
  fx_act (&fx, SG_A_FIRE, s, -1, C (&fx, "0708"), -1);
  g_assert_cmpint (fx.s->leaders[l].status, ==, SG_L_DEAD);
  g_assert_cmpint (fx.s->rp[1], ==, 15);
  fx_end (&fx);
}

static void
test_7_16_hit_and_run (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint s, v;

  /* A javelin skirmisher two hexes from a heavy infantry unit, the hex
   * between vacant: it fires as at range 1 and its MA is spent. */
  s = scn_unit (sc, "s", "a", "SK", 4, 2, 7, "J", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (fx_has (&fx, SG_A_HIT_AND_RUN, s, v));
  fx_push (&fx, 1, sg_hit_number (fx.s, s, 1));
  ACT2 (&fx, SG_A_HIT_AND_RUN, s, v);
  g_assert_cmpuint (fx.s->units[v].hits, ==, 1);
  g_assert_false (fx_has (&fx, SG_A_STEP, s, G_MININT));
  g_assert_cmpint (fx.s->units[s].cell, ==, C (&fx, "0710"));
  fx_end (&fx);

  /* Not against cavalry; not with the hexes between occupied; not
   * adjacent to an enemy. */
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "SK", 4, 2, 7, "J", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "LC", 5, 3, 8, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_HIT_AND_RUN, s, v));
  fx_end (&fx);
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "SK", 4, 2, 7, "J", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  scn_unit (sc, "f1", "a", "HI", 5, 4, 5, NULL, "0709", NORTH);
  scn_unit (sc, "f2", "a", "HI", 5, 4, 5, NULL, "0809", NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_HIT_AND_RUN, s, v));
  fx_end (&fx);
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "SK", 4, 2, 7, "J", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  scn_unit (sc, "w", "d", "LI", 4, 2, 6, NULL, "0610", 0);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_HIT_AND_RUN, s, v));
  fx_end (&fx);
}

static void
test_7_17_far_hit_and_run (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint lc, v, el;

  /* Light cavalry with missiles four hexes away, a clear path. */
  lc = scn_unit (sc, "lc", "a", "LC", 5, 3, 8, "J", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0706", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_cmpint (sg_unit_dist (fx.s, lc, v), ==, 4);
  g_assert_true (fx_has (&fx, SG_A_HIT_AND_RUN, lc, v));
  fx_end (&fx);

  /* Five is too far. */
  sc = scn_basic (14, 14);
  lc = scn_unit (sc, "lc", "a", "LC", 5, 3, 8, "J", "0711", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0706", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_HIT_AND_RUN, lc, v));
  fx_end (&fx);

  /* The shortest paths from 0712 to 0708 cross 0610, 0710 or 0810:
   * enemies stand on 0610 and 0810; facing away they let 0710 free,
   * facing east the one at 0610 holds 0710 (and 0711) in its ZOC. */
  for (gint facing = 4; facing >= 1; facing -= 3)
    {
      sc = scn_basic (14, 14);
      lc = scn_unit (sc, "lc", "a", "LC", 5, 3, 8, "J", "0712", NORTH);
      v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
      scn_unit (sc, "b1", "d", "HI", 5, 4, 5, NULL, "0610", facing);
      scn_unit (sc, "b2", "d", "HI", 5, 4, 5, NULL, "0810", 0);
      fx_start (&fx, sc, NULL);
      fx_activate (&fx, "a");
      g_assert_cmpint (fx_has (&fx, SG_A_HIT_AND_RUN, lc, v), ==, facing == 4);
      fx_end (&fx);
    }

  /* Archers too (a skirmisher archer three hexes away). */
  sc = scn_basic (14, 14);
  lc = scn_unit (sc, "ska", "a", "SK", 4, 2, 7, "A", "0711", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (fx_has (&fx, SG_A_HIT_AND_RUN, lc, v));
  fx_end (&fx);

  /* Not through an elephant target's front hexes. */
  sc = scn_basic (14, 14);
  lc = scn_unit (sc, "lc", "a", "LC", 5, 3, 8, "J", "0710", NORTH);
  el = scn_unit (sc, "el", "d", "EL", 5, 4, 5, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* Both hexes between (0709 and 0809) are the elephant's front. */
  g_assert_false (fx_has (&fx, SG_A_HIT_AND_RUN, lc, el));
  fx_end (&fx);
}

/* ---- 7.2 Reaction Fire ---- */

static void
test_7_2_intro_once (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, w, m;

  /* Two Roman units enter the ZOC of a slinger (0608, facing south:
   * 0709 and 0609) in turn; it fires at the first only. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  w = scn_unit (sc, "w", "a", "HI", 5, 4, 5, NULL, "0610", NORTH);
  m = scn_unit (sc, "m", "d", "LI", 4, 2, 6, "S", "0608", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0709");
  while (fx.s->step == SG_ST_REACT && !fx_has (&fx, SG_A_REACT_FIRE, m, u))
    ACT0 (&fx, SG_A_NO_REACTION);
  g_assert_true (fx_has (&fx, SG_A_REACT_FIRE, m, u));
  fx_push (&fx, 1, 9);
  ACT2 (&fx, SG_A_REACT_FIRE, m, u);
  fx_no_reactions (&fx);
  fx_step (&fx, w, "0609");
  g_assert_false (fx_has (&fx, SG_A_REACT_FIRE, m, w));
  fx_end (&fx);
}

static void
test_7_21_leaving_zoc (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, m;

  /* u at 0710 lies in the flank ZOC of a slinger skirmisher at 0810
   * (facing north); stepping to 0709 it leaves it. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  m = scn_unit (sc, "m", "d", "SK", 4, 2, 7, "S", "0810", NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (sg_cell_in_zoc_of (fx.s, m, C (&fx, "0710")));
  fx_step (&fx, u, "0709");
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  g_assert_true (fx_has (&fx, SG_A_REACT_FIRE, m, u));
  /* At range two, before the move. */
  fx_push (&fx, 1, sg_hit_number (fx.s, m, 2));
  ACT2 (&fx, SG_A_REACT_FIRE, m, u);
  g_assert_cmpuint (fx.s->units[u].hits, ==, 1);
  fx_no_reactions (&fx);
  g_assert_cmpint (fx.s->units[u].cell, ==, C (&fx, "0709"));
  fx_end (&fx);
}

static void
test_7_22_entering_zoc (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, m;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  m = scn_unit (sc, "m", "d", "LI", 4, 2, 6, "S", "0608", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0709");
  while (fx.s->step == SG_ST_REACT && !fx_has (&fx, SG_A_REACT_FIRE, m, u))
    ACT0 (&fx, SG_A_NO_REACTION);
  g_assert_cmpint (fx.s->units[u].cell, ==, C (&fx, "0709"));
  /* At range one. */
  fx_push (&fx, 1, sg_hit_number (fx.s, m, 1));
  ACT2 (&fx, SG_A_REACT_FIRE, m, u);
  g_assert_cmpuint (fx.s->units[u].hits, ==, 1);
  /* It may no longer Retreat Before Shock. */
  g_assert_true (fx.s->units[m].f & SG_UF_NO_RBS);
  fx_end (&fx);

  /* Not while another enemy holds it in its ZOC. */
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  m = scn_unit (sc, "m", "d", "LI", 4, 2, 6, "S", "0608", SOUTH);
  scn_unit (sc, "w", "a", "HI", 5, 4, 5, NULL, "0609", 0);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0709");
  g_assert_false (fx_has (&fx, SG_A_REACT_FIRE, m, u));
  fx_end (&fx);
}

static void
test_7_23_return_fire (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint s, m;

  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  m = scn_unit (sc, "m", "d", "LI", 4, 2, 6, "S", "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  ACT2 (&fx, SG_A_FIRE, s, m);
  /* The target answers before anything is applied. */
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  g_assert_true (fx_has (&fx, SG_A_REACT_FIRE, m, s));
  fx_push (&fx, 2, sg_hit_number (fx.s, s, 2), sg_hit_number (fx.s, m, 2));
  ACT2 (&fx, SG_A_REACT_FIRE, m, s);
  g_assert_cmpuint (fx.s->units[m].hits, ==, 1);
  g_assert_cmpuint (fx.s->units[s].hits, ==, 1);
  fx_end (&fx);

  /* With an enemy in its ZOC, not at a firer outside it. */
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  m = scn_unit (sc, "m", "d", "LI", 4, 2, 6, "S", "0708", SOUTH);
  scn_unit (sc, "w", "a", "HI", 5, 4, 5, NULL, "0809", NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (sg_enemy_in_zoc (fx.s, m));
  fx_push (&fx, 1, 9);
  ACT2 (&fx, SG_A_FIRE, s, m);
  g_assert_cmpint (fx.s->step, ==, SG_ST_MOVE);
  fx_end (&fx);
}

static void
test_7_24_artillery (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, art;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0712", NORTH);
  art = scn_unit (sc, "art", "d", "ART", 4, 1, 0, NULL, "0706", NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* At any activated unit in range, at any moment, once a phase. */
  fx_step (&fx, u, "0711");
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  g_assert_true (fx_has (&fx, SG_A_REACT_FIRE, art, u));
  fx_push (&fx, 1, 9);
  ACT2 (&fx, SG_A_REACT_FIRE, art, u);
  g_assert_true (fx.s->units[art].f & SG_UF_ARTFIRED);
  fx_no_reactions (&fx);
  fx_step (&fx, u, "0710");
  g_assert_false (fx_has (&fx, SG_A_REACT_FIRE, art, u));
  fx_end (&fx);
}

static void
test_7_81_missile_table (void)
{
  AciesCatalogue *cat = acies_catalogue_get_bundled ("simple-gboh");
  const AciesTable *t = acies_catalogue_find_table (cat, "missile");
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint s;

  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  /* The hit numbers are the table's; "-" out of range. */
  for (gint r = 1; r <= 6; r++)
    {
      g_autofree char *col = g_strdup_printf ("%d", r);
      const AciesTableCell *c = acies_table_lookup (t, "S", col);

      if (json_node_get_value_type (c->value) == G_TYPE_INT64)
        g_assert_cmpint (sg_hit_number (fx.s, s, r), ==, json_node_get_int (c->value));
      else
        g_assert_cmpint (sg_hit_number (fx.s, s, r), <, 0);
    }
  /* Woods give the target +1 (TEC). */
  g_assert_cmpint (fx.s->st->missile_drm[acies_table_row_index (acies_catalogue_find_table (cat, "tec"), "woods")],
                   ==, 1);
  fx_end (&fx);
}

static void
test_10_21_elephant_screens (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint el, v, u, m;

  el = scn_unit (sc, "el", "a", "EL", 5, 4, 5, "a", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* Never when active. */
  g_assert_false (sg_may_fire_active (fx.s, el));
  g_assert_false (fx_has (&fx, SG_A_FIRE, el, v));
  fx_end (&fx);

  /* Reaction fire, yes. */
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  m = scn_unit (sc, "m", "d", "EL", 5, 4, 5, "a", "0608", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0709");
  while (fx.s->step == SG_ST_REACT && !fx_has (&fx, SG_A_REACT_FIRE, m, u))
    ACT0 (&fx, SG_A_NO_REACTION);
  g_assert_true (fx_has (&fx, SG_A_REACT_FIRE, m, u));
  fx_end (&fx);
}

static void
test_10_54_chariots_all_round (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint ch, behind;

  ch = scn_unit (sc, "ch", "a", "CH", 5, 3, 8, "A", "0710", NORTH);
  behind = scn_unit (sc, "behind", "d", "HI", 5, 4, 5, NULL, "0712", NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (sg_in_arc (fx.s, ch, C (&fx, "0712")));
  g_assert_true (fx_has (&fx, SG_A_FIRE, ch, behind));
  fx_end (&fx);
}

static void
test_11_15_rampart (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint hi, v;
  AciesEdge e;

  /* Heavy infantry without missiles behind a rampart fires into the
   * adjacent hex across it with the Slinger row, +1. */
  hi = scn_unit (sc, "hi", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", 0);
  e = acies_board_edge_between (sc->map.board, acies_board_cell_from_label (sc->map.board, "0710"),
                                acies_board_cell_from_label (sc->map.board, "0709"));
  acies_map_add_edge_feature (&sc->map, e, "rampart");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (sg_on_rampart (fx.s, hi));
  g_assert_true (fx_has (&fx, SG_A_FIRE, hi, v));
  g_assert_cmpint (sg_missile_drm (fx.s, hi, C (&fx, "0709"), NULL), ==, 1);
  /* The Slinger row at range 1 (stored as hit number + 1), less the +1. */
  g_assert_cmpint (sg_hit_number (fx.s, hi, 1), <, 0);
  fx_push (&fx, 1, (gint) fx.s->st->missile[SG_M_S][0] - 2);
  ACT2 (&fx, SG_A_FIRE, hi, v);
  g_assert_cmpuint (fx.s->units[v].hits, ==, 1);
  fx_end (&fx);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/simple-gboh/7.1-intro/missile-indicators", test_7_1_intro_indicators);
  g_test_add_func ("/acies/simple-gboh/7.11/once-and-when", test_7_11_once);
  g_test_add_func ("/acies/simple-gboh/7.12/range-arc-adjacent", test_7_12_targets);
  g_test_add_func ("/acies/simple-gboh/7.13/line-of-sight", test_7_13_los);
  g_test_add_func ("/acies/simple-gboh/7.14/hit-number", test_7_14_hits);
  g_test_add_func ("/acies/simple-gboh/7.15/lone-leader", test_7_15_lone_leader);
  g_test_add_func ("/acies/simple-gboh/7.16/hit-and-run", test_7_16_hit_and_run);
  g_test_add_func ("/acies/simple-gboh/7.17/far-hit-and-run", test_7_17_far_hit_and_run);
  g_test_add_func ("/acies/simple-gboh/7.2-intro/once-per-player-turn", test_7_2_intro_once);
  g_test_add_func ("/acies/simple-gboh/7.21/leaving-zoc", test_7_21_leaving_zoc);
  g_test_add_func ("/acies/simple-gboh/7.22/entering-zoc", test_7_22_entering_zoc);
  g_test_add_func ("/acies/simple-gboh/7.23/return-fire", test_7_23_return_fire);
  g_test_add_func ("/acies/simple-gboh/7.24/artillery", test_7_24_artillery);
  g_test_add_func ("/acies/simple-gboh/7.81/missile-table", test_7_81_missile_table);
  g_test_add_func ("/acies/simple-gboh/10.21/elephant-screens", test_10_21_elephant_screens);
  g_test_add_func ("/acies/simple-gboh/10.54/chariots-fire-all-round", test_10_54_chariots_all_round);
  g_test_add_func ("/acies/simple-gboh/11.15/rampart", test_11_15_rampart);
  return g_test_run ();
}
