/* test-fb-morale.c
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
 * Four Battles rally (14.0-14.8, FB-T21, FB-T22), army morale (15.0-15.4,
 * FB-T16) and victory points and levels (16.0-16.2, FB-T17-T20).
 *
 * Map: 10 × 10 clear; 0505's neighbours are 0504 (N), 0604 (NE), 0605
 * (SE), 0506 (S), 0405 (SW), 0404 (NW).
 */

/* Ends phases until the game is over. */
static void
play_out (FbState   *s,
          AciesDice *dice)
{
  for (gint guard = 0; guard < 200 && !s->base.finished; guard++)
    g_assert_true (fb_act (s, dice, NULL, FB_A_END_PHASE, -1, -1, -1));
  g_assert_true (s->base.finished);
}

/* The Granicus case of FB-T21: Macedonians (A) rally on 1-3; Alexander
 * (l0, additive 3, the elite leader: 14.1 never applies to him) at 0505
 * next to a Persian unit; Parmenion (l1, additive 1) at 0208, next to a
 * Persian unit when @parmenion_in_zoc; an eliminated two-step phalanx. */
static FbState *
granicus (gboolean parmenion_in_zoc)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  FbState *s;
  gint phalanx;

  fb_side_int (scn, 0, "rally", 3);
  fb_leader (scn, 0, "leader", 3, 9, "0505");
  fb_leader (scn, 0, "leader", 1, 9, "0208");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_unit (scn, 1, "infantry", 4, 4, parmenion_in_zoc ? "0207" : "0901");
  phalanx = fb_unit (scn, 0, "phalanx", 9, 3, "0101");
  fb_attr_int (scn, phalanx, "sp_reduced", 4);
  fb_rule (scn, "elite-leader", 0, "{\"leader\": \"l0\"}");
  fb_rule (scn, "two-step-units", 0, "{\"unit_types\": \"phalanx\"}");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, phalanx, NULL, "test", FALSE);
  return s;
}

/* FB-T21 (a), 14.1: a leader in an enemy ZOC adds one: 3 + 1 fails. */
static void
test_t21_zoc (void)
{
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = granicus (TRUE);
  gint parmenion = fb_lpiece (s, 1);

  fb_goto (s, dice, FB_PH_RALLY, 0);
  g_assert_true (fb_has (s, FB_A_RALLY, parmenion, -2));
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RALLY, parmenion, -1, -1));
  g_assert_cmpint (s->p[2].where, ==, FB_AT_ELIMINATED);
}

/* FB-T21 (b), 14.2, GRA 3.1, GRA 3.2, 14.6: Alexander, primary, who did
 * not move or attack, takes one off even in an enemy ZOC: 4 - 1 = 3
 * succeeds; the phalanx comes back reduced next to him, out of enemy ZOC;
 * 14.7: its VP are no longer the enemy's, but its reduction's are. */
static void
test_t21_alexander (void)
{
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = granicus (FALSE);
  gint alexander = fb_lpiece (s, 0);

  g_assert_cmpint (s->elim_h[1], ==, 2 * 9);
  fb_goto (s, dice, FB_PH_RALLY, 0);
  fb_push (dice, "4", "0", NULL);              /* the die, the draw among one unit */
  g_assert_true (fb_act (s, dice, NULL, FB_A_RALLY, alexander, -1, -1));
  if (s->step == FB_ST_RALLY_PLACE)
    {
      g_assert_false (fb_has (s, FB_A_PLACE_RALLIED, fb_cell (s, "0404"), -2));   /* in the ZOC */
      g_assert_true (fb_has (s, FB_A_PLACE_RALLIED, fb_cell (s, "0506"), -2));
      g_assert_true (fb_act (s, dice, NULL, FB_A_PLACE_RALLIED, fb_cell (s, "0506"), -1, -1));
    }
  g_assert_cmpint (s->p[2].where, ==, FB_AT_MAP);
  g_assert_true (acies_fb_adjacent (s->st, s->p[2].cell, fb_cell (s, "0505")));
  g_assert_true (s->p[2].reduced);
  g_assert_cmpint (acies_fb_sp (s, 2), ==, 4);
  g_assert_cmpint (s->elim_h[1], ==, 2 * 5);
  g_assert_cmpint (s->lost_h[0], ==, 2 * 5);
}

/* FB-T21 (c): a leader who is not primary, not in a ZOC: 4 fails. */
static void
test_t21_other (void)
{
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = granicus (FALSE);

  fb_goto (s, dice, FB_PH_RALLY, 0);
  acies_dice_push (dice, 4);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RALLY, fb_lpiece (s, 1), -1, -1));
  g_assert_cmpint (s->p[2].where, ==, FB_AT_ELIMINATED);
  /* 14.4: one attempt a phase; the phase waits for the player to end his
   * player turn, with no second attempt, and it never carries over. */
  g_assert_cmpint (s->phase, ==, FB_PH_RALLY);
  g_assert_false (fb_has (s, FB_A_RALLY, -2, -2));
  g_assert_true (fb_has (s, FB_A_END_PHASE, -2, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_END_PHASE, -1, -1, -1));
  g_assert_cmpint (s->phase, !=, FB_PH_RALLY);
  g_assert_cmpint (s->base.active_side, ==, 1);
}

/* FB-T22, 14.3: a leader whose every neighbouring hex is occupied or in an
 * enemy ZOC may not rally: no roll. */
static void
test_t22 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint lost;

  fb_leader (scn, 0, "leader", 2, 9, "0101");
  fb_unit (scn, 0, "infantry", 4, 4, "0102");
  fb_unit (scn, 1, "infantry", 4, 4, "0301");     /* its ZOC covers 0201 */
  lost = fb_unit (scn, 0, "infantry", 4, 4, "0909");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, lost, NULL, "test", FALSE);
  g_assert_false (fb_has (s, FB_A_RALLY, -2, -2));
  fb_goto (s, dice, FB_PH_MOVE, 1);               /* no rally phase for A */
}

/* FB 14.8, 14.4, 14.5: elephants and leaders never rally; with nothing
 * else eliminated there is no rally; legionaries come back with their
 * pila spent. */
static void
test_pool (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint elephant, legion;

  fb_leader (scn, 0, "leader", 2, 9, "0505");
  fb_leader (scn, 0, "leader", 1, 9, "0808");
  fb_unit (scn, 1, "infantry", 4, 4, "0101");
  elephant = fb_unit (scn, 0, "elephant", 4, 4, "0909");
  legion = fb_unit (scn, 0, "legion", 6, 4, "0910");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, elephant, NULL, "test", FALSE);
  acies_fb_eliminate (s, fb_lpiece (s, 1), NULL, "test", FALSE);
  g_assert_false (fb_has (s, FB_A_RALLY, -2, -2));
  fb_goto (s, dice, FB_PH_MOVE, 1);
  g_clear_pointer (&s, fb_state_free);

  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, elephant, NULL, "test", FALSE);
  acies_fb_eliminate (s, legion, NULL, "test", FALSE);
  fb_goto (s, dice, FB_PH_RALLY, 0);
  fb_push (dice, "1", "0", NULL);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RALLY, fb_lpiece (s, 0), -1, -1));
  if (s->step == FB_ST_RALLY_PLACE)
    g_assert_true (fb_act (s, dice, NULL, FB_A_PLACE_RALLIED, fb_cell (s, "0506"), -1, -1));
  g_assert_cmpint (s->p[legion].where, ==, FB_AT_MAP);
  g_assert_cmpint (s->p[elephant].where, ==, FB_AT_ELIMINATED);
  g_assert_true (s->p[legion].missile_spent);
}

/* FB 15.1: demoralized the instant the VP lost reach the level, for the
 * rest of the game; 15.2: disintegrating ends the game; FB-T16: both at
 * once in an exchange is a draw. */
static void
test_t16 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(FbState) s = NULL;

  for (gint side = 0; side < 2; side++)
    {
      fb_side_int (scn, side, "demoralization", 3);
      fb_side_int (scn, side, "disintegration", 4);
    }
  fb_unit (scn, 0, "infantry", 4, 4, "0504");
  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_crt_all (scn, "EX");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
  acies_dice_push (dice, 4);
  g_assert_true (fb_act (s, dice, events, FB_A_RESOLVE, -1, -1, -1));
  /* The attacker may try to turn the EX into an AR (8.6): he declines. */
  while (!s->base.finished)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      const AciesAction *a;

      acies_fb_legal_actions (s, legal);
      g_assert_cmpuint (legal->len, >, 0);
      a = &g_array_index (legal, AciesAction, 0);
      if (a->type == FB_A_EX_SUB)
        g_assert_true (fb_act (s, dice, events, FB_A_EX_SUB, 0, -1, -1));
      else
        g_assert_true (fb_act (s, dice, events, a->type, a->args[0], a->args[1], a->args[2]));
    }
  g_assert_true (s->disintegrated[0] && s->disintegrated[1]);
  g_assert_cmpint (s->base.winner, ==, -1);
}

/* FB 15.2: one side disintegrating gives the other an automatic decisive
 * victory at once. */
static void
test_disintegration (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint victim;

  fb_side_int (scn, 1, "demoralization", 3);
  fb_side_int (scn, 1, "disintegration", 4);
  victim = fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_unit (scn, 0, "infantry", 4, 4, "0101");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, victim, NULL, "test", FALSE);
  acies_fb_check_morale (s, NULL);
  g_assert_true (s->base.finished);
  g_assert_cmpint (s->base.winner, ==, 0);
  g_assert_nonnull (strstr (s->base.end_reason, "decisive"));
}

/* A finished game with @vp0 and @vp1 VP from eliminations (set on the
 * ledger), over one turn; returns the state. */
static FbState *
finish_with (AciesScenario *scn,
             gint           vp0,
             gint           vp1)
{
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  FbState *s;

  scn->turn_limit = 1;
  s = fb_state (scn, NULL);
  s->elim_h[0] = 2 * vp0;
  s->elim_h[1] = 2 * vp1;
  play_out (s, dice);
  return s;
}

/* FB-T17, 16.2, ruling A26: 31:30 marginal, 45:30 substantial, 60:30
 * decisive, 30:30 a draw, 12:0 decisive. */
static void
test_t17 (void)
{
  static const struct { gint a, b, winner; const char *level; } rows[] = {
    { 31, 30, 0, "marginal" }, { 45, 30, 0, "substantial" }, { 60, 30, 0, "decisive" },
    { 30, 30, -1, "draw" }, { 12, 0, 0, "decisive" }, { 30, 45, 1, "substantial" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(FbState) s = NULL;

      fb_unit (scn, 0, "infantry", 4, 4, "0101");
      fb_unit (scn, 1, "infantry", 4, 4, "0909");
      s = finish_with (scn, rows[i].a, rows[i].b);
      g_assert_cmpint (s->base.winner, ==, rows[i].winner);
      g_assert_nonnull (strstr (s->base.end_reason, rows[i].level));
    }
}

/* FB-T19, CAN 5.0: the winner must reach 100 VP: 95 to 60 is a draw. */
static void
test_t19 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0101");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_victory (scn, "vp-threshold", -1, "{\"min_vp\": 100}");
  s = finish_with (scn, 95, 60);
  g_assert_cmpint (s->base.winner, ==, -1);
}

/* FB-T18, ARB 4.3, ruling C9: 80:45 substantial (1.78); 70:40 a draw (the
 * winner below 75); both below 50: a marginal Persian (B) victory; 75:75 a
 * draw. */
static void
test_t18 (void)
{
  static const struct { gint a, b, winner; const char *level; } rows[] = {
    { 80, 45, 0, "substantial" }, { 70, 40, -1, "draw" }, { 48, 30, 1, "marginal" }, { 75, 75, -1, "draw" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(FbState) s = NULL;

      fb_unit (scn, 0, "infantry", 4, 4, "0101");
      fb_unit (scn, 1, "infantry", 4, 4, "0909");
      fb_victory (scn, "vp-threshold", -1, "{\"min_vp\": 75, \"fallback_vp\": 50, \"fallback_side\": \"b\"}");
      s = finish_with (scn, rows[i].a, rows[i].b);
      g_assert_cmpint (s->base.winner, ==, rows[i].winner);
      g_assert_nonnull (strstr (s->base.end_reason, rows[i].level));
    }
}

/* FB-T20, 16.12, 2.3-VP: an enemy leader of additive 2 eliminated is worth 10 VP;
 * 16.11: one VP per SP of an enemy unit. */
static void
test_t20 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;
  gint unit;

  fb_leader (scn, 1, "leader", 2, 9, "0909");
  unit = fb_unit (scn, 1, "infantry", 7, 4, "0808");
  fb_unit (scn, 0, "infantry", 4, 4, "0101");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, fb_lpiece (s, 0), NULL, "test", FALSE);
  g_assert_cmpint (s->elim_h[0], ==, 2 * 10);
  acies_fb_eliminate (s, unit, NULL, "test", FALSE);
  g_assert_cmpint (s->elim_h[0], ==, 2 * 17);
  g_assert_cmpint (acies_fb_vp_h (s, 0, NULL), ==, 2 * 17);
  g_assert_cmpint (s->lost_h[1], ==, 2 * 17);
}

/* FB 15.4: VP awarded at the end (objectives held) never count toward
 * morale. */
static void
test_end_awards (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_area (scn, "hill", "objective", -1, "0505", NULL);
  fb_victory (scn, "occupy", 0, "{\"area\": \"hill\", \"vp\": 10, \"timing\": \"end\"}");
  scn->turn_limit = 1;
  s = fb_state (scn, NULL);
  play_out (s, dice);
  g_assert_cmpint (acies_fb_vp_h (s, 0, NULL), ==, 2 * 10);
  g_assert_cmpint (s->lost_h[1], ==, 0);
  g_assert_cmpint (s->base.winner, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/14.1/t21a-leader-in-zoc", test_t21_zoc);
  g_test_add_func ("/acies/four-battles/14.2/t21b-primary-leader", test_t21_alexander);
  g_test_add_func ("/acies/four-battles/14.0/t21c-other-leader", test_t21_other);
  g_test_add_func ("/acies/four-battles/14.3/t22-no-room-no-roll", test_t22);
  g_test_add_func ("/acies/four-battles/14.8/who-rallies", test_pool);
  g_test_add_func ("/acies/four-battles/15.2/t16-both-disintegrate", test_t16);
  g_test_add_func ("/acies/four-battles/15.2/disintegration-ends-the-game", test_disintegration);
  g_test_add_func ("/acies/four-battles/16.2/t17-levels", test_t17);
  g_test_add_func ("/acies/four-battles/CAN-5.0/t19-below-100-a-draw", test_t19);
  g_test_add_func ("/acies/four-battles/ARB-4.3/t18-thresholds", test_t18);
  g_test_add_func ("/acies/four-battles/16.12/t20-leader-vp", test_t20);
  g_test_add_func ("/acies/four-battles/15.4/end-awards-not-morale", test_end_awards);
  return g_test_run ();
}
