/* test-fb-victory.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-fb"

#include "config.h"

#include <string.h>

#include "fb-test-common.h"

/*
 * The exclusive rules' victory-condition kinds (the catalogue's
 * victory_conditions), each on a small scenario: instant objectives,
 * per-turn and end-of-game points, exits, encirclement, open-ended games
 * and the battles' own victory levels.  16.2's ratio and vp-threshold are
 * in test-fb-morale.c.
 *
 * Map: 10 × 10 clear; side A (index 0) home west, B east.
 */

static void
play_out (FbState   *s,
          AciesDice *dice)
{
  for (gint guard = 0; guard < 400 && !s->base.finished; guard++)
    g_assert_true (fb_act (s, dice, NULL, FB_A_END_PHASE, -1, -1, -1));
  g_assert_true (s->base.finished);
}

/* FB 16.13, MEG 4.1 (QAD 4.1, GRA 4.1, PHA 4.13, MUN 4.1): a scenario's
 * victory rule: leader-loss: losing a
 * primary leader is an automatic decisive defeat. */
static void
test_leader_loss (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0101");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_leader (scn, 1, "leader", 3, 9, "0808");
  fb_leader (scn, 1, "leader", 1, 9, "0707");
  fb_victory (scn, "leader-loss", 1, "{}");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, fb_lpiece (s, 1), NULL, "test", FALSE);
  acies_fb_after_step (s, dice, NULL);
  g_assert_false (s->base.finished);                     /* not the primary one */
  acies_fb_eliminate (s, fb_lpiece (s, 0), NULL, "test", FALSE);
  acies_fb_after_step (s, dice, NULL);
  g_assert_true (s->base.finished);
  g_assert_cmpint (s->base.winner, ==, 0);
}

/* MEG 4.2 (QAD 4.2, MAR 4.1): camp-visit: each camp hex an enemy unit ever
 * passed through is worth VP at the end. */
static void
test_camp_visit (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "cavalry", 4, 6, "0202");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_area (scn, "camp", "camp", 1, "0302", "0402", "0502", "0702", NULL);
  fb_victory (scn, "camp-visit", 0, "{\"area\": \"camp\", \"vp\": 25}");
  scn->turn_limit = 1;
  s = fb_state (scn, NULL);
  fb_move (s, dice, 0, "0302", FALSE);                   /* one hex at a time (5.19) */
  fb_move (s, dice, 0, "0402", FALSE);
  fb_move (s, dice, 0, "0502", FALSE);
  g_assert_cmpint (acies_fb_vp_h (s, 0, NULL), ==, 2 * 75);
  play_out (s, dice);
  g_assert_cmpint (s->base.winner, ==, 0);
}

/* ARB 4.21 (CAN 5.11): occupy, immediate and once: reaching the hex gives
 * the VP at once, never twice. */
static void
test_occupy_once (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0202");
  fb_unit (scn, 0, "infantry", 4, 4, "0206");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_area (scn, "darius", "objective", -1, "0204", NULL);
  fb_victory (scn, "occupy", 0, "{\"area\": \"darius\", \"vp\": 10, \"timing\": \"immediate\"}");
  s = fb_state (scn, NULL);
  fb_move (s, dice, 0, "0204", FALSE);
  g_assert_cmpint (s->objective_h[0], ==, 2 * 10);
  fb_move (s, dice, 0, "0203", FALSE);
  fb_move (s, dice, 1, "0204", FALSE);
  g_assert_cmpint (s->objective_h[0], ==, 2 * 10);
}

/* CAR 4.11: occupy, each turn: VP for every game turn the side holds it. */
static void
test_occupy_each_turn (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_area (scn, "well", "objective", -1, "0505", NULL);
  fb_victory (scn, "occupy", 0, "{\"area\": \"well\", \"vp\": 10, \"timing\": \"each-turn\"}");
  scn->turn_limit = 3;
  s = fb_state (scn, NULL);
  play_out (s, dice);
  g_assert_cmpint (acies_fb_vp_h (s, 0, NULL), ==, 2 * 30);
}

/* ARB 4.22, CAR 4.12: eliminate-unit, immediate: the named unit's death
 * gives VP at once; ADR 5.1: at the end. */
static void
test_eliminate_unit (void)
{
  for (gint at_end = 0; at_end < 2; at_end++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;
      gint baggage;

      fb_unit (scn, 0, "infantry", 4, 4, "0101");
      baggage = fb_unit (scn, 1, "baggage", 1, 0, "0909");
      fb_unit (scn, 1, "infantry", 4, 4, "0808");
      fb_victory (scn, "eliminate-unit", 0,
                  at_end ? "{\"unit\": \"u1\", \"vp\": 20, \"timing\": \"end\"}" : "{\"unit\": \"u1\", \"vp\": 20}");
      s = fb_state (scn, NULL);
      acies_fb_eliminate (s, baggage, NULL, "test", FALSE);
      g_assert_cmpint (s->objective_h[0], ==, at_end ? 0 : 2 * 20);
      g_assert_cmpint (acies_fb_vp_h (s, 0, NULL), ==, 2 * (20 + 1));
    }
}

/* ISS 4.11 (MET 4.1): region-sp: half a VP per SP of the side's units in
 * the region at the end, one formation excepted. */
static void
test_region_sp (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;
  AciesFormation *gauls = acies_formation_new ("gauls", "a", "command");

  g_ptr_array_add (scn->formations, gauls);
  fb_unit (scn, 0, "infantry", 6, 4, "0202");
  fb_unit (scn, 0, "infantry", 4, 4, "0203");
  fb_unit (scn, 0, "infantry", 8, 4, "0204");
  ((AciesUnit *) g_ptr_array_index (scn->units, 2))->formation = g_strdup ("gauls");
  fb_unit (scn, 0, "infantry", 8, 4, "0808");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_area (scn, "north-bank", "region", -1, "0202", "0203", "0204", NULL);
  fb_victory (scn, "region-sp", 0, "{\"area\": \"north-bank\", \"vp_per_sp\": 0.5, \"exclude_formation\": \"gauls\"}");
  s = fb_state (scn, NULL);
  g_assert_cmpint (acies_fb_vp_h (s, 0, NULL), ==, 6 + 4);   /* (6 + 4) / 2 VP, in half VP */
}

/* IDI 4.1, FB-T35: exit-vp, capped: half a VP per SP exited, no more than
 * the VP earned from enemy SP: 30 SP exited, 12 earned: 12. */
static void
test_t35 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint victim;

  for (gint i = 0; i < 3; i++)
    fb_unit (scn, 0, "infantry", 10, 4, i == 0 ? "1003" : i == 1 ? "1005" : "1007");
  victim = fb_unit (scn, 1, "infantry", 12, 4, "0101");
  fb_unit (scn, 1, "infantry", 4, 4, "0109");
  fb_area (scn, "east", "exit", 0, "1003", "1005", "1007", NULL);
  fb_victory (scn, "exit-vp", 0, "{\"area\": \"east\", \"vp_per_sp\": 0.5, \"capped\": true}");
  s = fb_state (scn, NULL);
  for (gint i = 0; i < 3; i++)
    g_assert_true (fb_act (s, dice, NULL, FB_A_EXIT, i, -1, -1));
  g_assert_cmpint (acies_fb_vp_h (s, 0, NULL), ==, 0);   /* nothing earned yet: capped at 0 */
  acies_fb_eliminate (s, victim, NULL, "test", FALSE);
  g_assert_cmpint (acies_fb_vp_h (s, 0, NULL), ==, 2 * (12 + 12));
}

/* CAN 5.12, ruling A36: path-cut: the instant no enemy unit can trace a
 * path clear of this side's units and ZOC to the named edges, the side
 * earns the VP (once). */
static void
test_path_cut (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (6, 6);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  /* B's unit in the west corner 0101; A holds 0301, its ZOC covering the
   * way out but for 0103. */
  fb_unit (scn, 1, "infantry", 4, 4, "0101");
  fb_unit (scn, 0, "infantry", 4, 4, "0301");
  fb_unit (scn, 0, "infantry", 4, 6, "0305");
  fb_victory (scn, "path-cut", 0, "{\"vp\": 20, \"edges\": \"south,east\"}");
  s = fb_state (scn, NULL);
  g_assert_cmpint (s->objective_h[0], ==, 0);
  fb_move (s, dice, 2, "0203", FALSE);
  g_assert_cmpint (s->objective_h[0], ==, 2 * 20);
}

/* TEU 5.1, BOU 4.2: survive: at the end, any unit of the side left wins it
 * the named level; none left, the enemy wins; every unit gone ends the
 * game at once. */
static void
test_survive (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0101");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_victory (scn, "survive", 0, "{\"level\": \"marginal\"}");
  scn->turn_limit = 1;
  s = fb_state (scn, NULL);
  play_out (s, dice);
  g_assert_cmpint (s->base.winner, ==, 0);
  g_assert_nonnull (strstr (s->base.end_reason, "marginal"));
  g_clear_pointer (&s, fb_state_free);
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, 0, NULL, "test", FALSE);
  acies_fb_after_step (s, dice, NULL);
  g_assert_true (s->base.finished);
  g_assert_cmpint (s->base.winner, ==, 1);
}

/* BOU 4.1, TEU 5.1: exit-wins: a unit off the named edge wins at once. */
static void
test_exit_wins (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "1005");
  fb_unit (scn, 1, "infantry", 4, 4, "0101");
  fb_area (scn, "east", "exit", 0, "1001", "1002", "1003", "1004", "1005", NULL);
  fb_victory (scn, "exit-wins", 0, "{\"area\": \"east\"}");
  s = fb_state (scn, NULL);
  g_assert_true (fb_act (s, dice, NULL, FB_A_EXIT, 0, -1, -1));
  g_assert_true (s->base.finished);
  g_assert_cmpint (s->base.winner, ==, 0);
}

/* ARB 4.1: open-ended: past the last turn the game goes on until a whole
 * player turn passes without melee. */
static void
test_open_ended (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0101");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_victory (scn, "open-ended", -1, "{\"after_turn\": 1}");
  scn->turn_limit = 1;
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  fb_goto (s, dice, FB_PH_MOVE, 1);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_cmpint (s->base.turn, ==, 2);                 /* past turn 1 */
  play_out (s, dice);
  g_assert_cmpint (s->base.turn, ==, 2);
}

/* MUN 4.2: must-win-decisive: anything short of a decisive victory for
 * the side is its defeat. */
static void
test_must_win_decisive (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0101");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_victory (scn, "must-win-decisive", 0, "{}");
  scn->turn_limit = 1;
  s = fb_state (scn, NULL);
  s->elim_h[0] = 2 * 45;
  s->elim_h[1] = 2 * 30;
  play_out (s, dice);
  g_assert_cmpint (s->base.winner, ==, 1);
}

/* TEU 5.21: vp-schedule: the side's VP for eliminations follow the
 * scenario's schedule (per SP, per eagle, leader and baggage). */
static void
test_vp_schedule (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "legion", 6, 4, "0909");
  fb_unit (scn, 1, "baggage", 2, 2, "0808");
  fb_unit (scn, 0, "infantry", 4, 4, "0101");
  fb_leader (scn, 1, "eagle", 2, 4, "0707");
  fb_leader (scn, 1, "leader", 3, 9, "0606");
  fb_victory (scn, "vp-schedule", 0,
              "{\"per_sp\": 1, \"per_eagle\": 10, \"per_leader\": 10, \"per_baggage\": 5}");
  s = fb_state (scn, NULL);
  for (gint i = 0; i < 2; i++)
    acies_fb_eliminate (s, i, NULL, "test", FALSE);
  acies_fb_eliminate (s, fb_lpiece (s, 0), NULL, "test", FALSE);
  acies_fb_eliminate (s, fb_lpiece (s, 1), NULL, "test", FALSE);
  g_assert_cmpint (acies_fb_vp_h (s, 0, NULL), ==, 2 * (6 + 5 + 10 + 10));
}

/* BOU 4.2: no-elimination-vp: eliminations earn no VP. */
static void
test_no_elimination_vp (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 6, 4, "0909");
  fb_unit (scn, 0, "infantry", 4, 4, "0101");
  fb_victory (scn, "no-elimination-vp", -1, "{}");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, 0, NULL, "test", FALSE);
  g_assert_cmpint (acies_fb_vp_h (s, 0, NULL), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/MEG-4.1/leader-loss", test_leader_loss);
  g_test_add_func ("/acies/four-battles/MEG-4.2/camp-visit", test_camp_visit);
  g_test_add_func ("/acies/four-battles/ARB-4.21/occupy-once", test_occupy_once);
  g_test_add_func ("/acies/four-battles/CAR-4.11/occupy-each-turn", test_occupy_each_turn);
  g_test_add_func ("/acies/four-battles/ARB-4.22/eliminate-unit", test_eliminate_unit);
  g_test_add_func ("/acies/four-battles/ISS-4.11/region-sp", test_region_sp);
  g_test_add_func ("/acies/four-battles/IDI-4.1/t35-exit-vp-capped", test_t35);
  g_test_add_func ("/acies/four-battles/CAN-5.12/path-cut", test_path_cut);
  g_test_add_func ("/acies/four-battles/TEU-5.1/survive", test_survive);
  g_test_add_func ("/acies/four-battles/BOU-4.1/exit-wins", test_exit_wins);
  g_test_add_func ("/acies/four-battles/ARB-4.1/open-ended", test_open_ended);
  g_test_add_func ("/acies/four-battles/MUN-4.2/must-win-decisive", test_must_win_decisive);
  g_test_add_func ("/acies/four-battles/TEU-5.21/vp-schedule", test_vp_schedule);
  g_test_add_func ("/acies/four-battles/BOU-4.2/no-elimination-vp", test_no_elimination_vp);
  return g_test_run ();
}
