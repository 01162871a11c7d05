/* test-fb-missile.c
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
 * Four Battles missile fire (7.0-7.4): ranges, the nearest target, line of
 * sight, fire from an enemy ZOC, disruption and its marker, elephants,
 * leaders, one-shot pila; the exclusive rules' chariots (FB-EX12) and the
 * Parthian table (FB-EX11).  The Missile Fire Table is not printed: every
 * test fixes the cells it needs.
 *
 * Map: 10 × 10 clear; 0505's neighbours are 0504 (N), 0604 (NE), 0605
 * (SE), 0506 (S), 0405 (SW), 0404 (NW); 0503 is two hexes north (through
 * 0504), 0705 two hexes east along the hexside of 0604 and 0605.
 */

static FbState *
to_missile (AciesScenario *scn,
            AciesDice     *dice)
{
  FbState *s = fb_state (scn, NULL);

  fb_goto (s, dice, FB_PH_MISSILE, 0);
  return s;
}

/* Every cell of one Missile Fire Table row. */
static void
mft_row (AciesScenario *scn,
         const char    *row,
         const char    *values)
{
  for (gint d = 0; d < 6; d++)
    {
      char col[2] = { (char) ('1' + d), 0 };
      char v[2] = { values[d], 0 };

      fb_table_cell (scn, "mft", row, col, v);
    }
}

/* FB 7.0, 7.14, 2.3-missile: bows and slings reach two hexes, javelins and pila one;
 * range counts the target's hex, not the firer's. */
static void
test_ranges (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint bow, jav;

  bow = fb_unit (scn, 0, "archer", 2, 4, "0505");
  jav = fb_unit (scn, 0, "infantry", 2, 4, "0805");
  fb_attr_string (scn, jav, "missile", "javelin");
  fb_unit (scn, 1, "infantry", 4, 4, "0503");     /* 2 hexes from the archer */
  fb_unit (scn, 1, "infantry", 4, 4, "0803");     /* 2 hexes from the javelins */
  s = to_missile (scn, dice);
  g_assert_cmpint (acies_fb_missile_range (s, bow), ==, 2);
  g_assert_cmpint (acies_fb_missile_range (s, jav), ==, 1);
  g_assert_cmpint (acies_fb_distance (s->st, fb_cell (s, "0505"), fb_cell (s, "0503")), ==, 2);
  g_assert_true (fb_has (s, FB_A_FIRE, bow, 2));
  g_assert_false (fb_has (s, FB_A_FIRE, jav, -2));
}

/* FB 7.0-intro, 14.5: Roman legionaries throw their pila once a game. */
static void
test_pila (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "legion", 6, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  /* Parenthesised: nobody is obliged to melee (8.18, ruling A28). */
  fb_attr_bool (scn, 0, "paren", TRUE);
  fb_attr_bool (scn, 1, "paren", TRUE);
  mft_row (scn, "pila 1", "------");
  s = to_missile (scn, dice);
  g_assert_cmpint (acies_fb_missile_range (s, 0), ==, 1);
  acies_dice_push (dice, 6);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 0, 1, -1));
  g_assert_true (s->p[0].missile_spent);
  g_assert_cmpint (acies_fb_missile_range (s, 0), ==, 0);
  /* Next turn: nothing left to throw. */
  fb_goto (s, dice, FB_PH_MOVE, 1);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_cmpint (s->base.turn, ==, 2);
  fb_goto (s, dice, FB_PH_COMBAT, 0);             /* no missile phase: nobody can fire */
}

/* MET 3.32: velites' javelins are not thrown once only: without the
 * one-shot attribute they fire every turn. */
static void
test_unlimited_javelins (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "legion", 4, 4, "0505");
  fb_attr_string (scn, 0, "missile", "javelin");
  fb_attr_bool (scn, 0, "one_shot", FALSE);
  fb_attr_bool (scn, 0, "paren", TRUE);
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_attr_bool (scn, 1, "paren", TRUE);
  mft_row (scn, "javelin 1", "------");
  s = to_missile (scn, dice);
  acies_dice_push (dice, 6);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 0, 1, -1));
  g_assert_false (s->p[0].missile_spent);
  fb_goto (s, dice, FB_PH_MOVE, 1);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  fb_goto (s, dice, FB_PH_MISSILE, 0);
  g_assert_true (fb_has (s, FB_A_FIRE, 0, 1));
}

/* FB 7.1, ruling A7: fire goes at the nearest enemy unit; among equally
 * near ones the firer picks. */
static void
test_nearest (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "archer", 2, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0503");     /* 2 */
  fb_unit (scn, 1, "infantry", 4, 4, "0507");     /* 2 */
  fb_unit (scn, 1, "infantry", 4, 4, "0208");     /* beyond range */
  s = to_missile (scn, dice);
  g_assert_true (fb_has (s, FB_A_FIRE, 0, 1));
  g_assert_true (fb_has (s, FB_A_FIRE, 0, 2));
  g_assert_false (fb_has (s, FB_A_FIRE, 0, 3));
  g_clear_pointer (&s, fb_state_free);
  /* A nearer enemy takes the shot. */
  fb_unit (scn, 1, "infantry", 4, 4, "0605");     /* next to the archer */
  s = to_missile (scn, dice);
  g_assert_false (fb_has (s, FB_A_FIRE, 0, 1));
  g_assert_false (fb_has (s, FB_A_FIRE, 0, 2));
}

/* FB 7.11, 7.12, 7.15: no pre-designation, the same target may be fired
 * on again; fire is optional; the firer is never hurt. */
static void
test_repeat_optional (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "archer", 2, 4, "0505");
  fb_unit (scn, 0, "slinger", 2, 4, "0305");
  fb_unit (scn, 1, "infantry", 4, 4, "0404");
  mft_row (scn, "bow 1", "------");
  mft_row (scn, "sling 1", "------");
  s = to_missile (scn, dice);
  g_assert_true (fb_has (s, FB_A_END_PHASE, -2, -2));      /* 7.12 */
  acies_dice_push (dice, 4);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 0, 2, -1));
  g_assert_true (fb_has (s, FB_A_FIRE, 1, 2));              /* 7.11 */
  acies_dice_push (dice, 4);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 1, 2, -1));
  /* 7.1: once each. */
  g_assert_false (fb_has (s, FB_A_FIRE, 0, -2));
  g_assert_cmpint (s->p[0].where, ==, FB_AT_MAP);
  g_assert_false (s->p[0].disrupted);
}

/* FB 7.1-D, 7.1: a disrupted unit defends at half in the next combat
 * phase, still exerts its ZOC, and the marker goes after that phase; a
 * second disruption adds nothing; 7.13: the firer may melee too. */
static void
test_disruption (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "archer", 4, 4, "0505");
  fb_unit (scn, 0, "slinger", 2, 4, "0204");
  fb_unit (scn, 1, "infantry", 4, 4, "0404");
  mft_row (scn, "bow 1", "DDDDDD");
  mft_row (scn, "sling 2", "DDDDDD");
  fb_crt_all (scn, "-");
  s = to_missile (scn, dice);
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 0, 2, -1));
  g_assert_true (s->p[2].disrupted);
  g_assert_true (acies_fb_zoc_from (s, 2, fb_cell (s, "0505"), FALSE));
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, events, FB_A_FIRE, 1, 2, -1));
  g_assert_false (fb_events_say (events, "is disrupted"));   /* nothing more */
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 2, -1));       /* 7.13 */
  fb_odds (s, &o);
  g_assert_cmpint (o.def_q, ==, 2 * 4);
  g_assert_cmpint (o.att_q, ==, 4 * 4);
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_true (s->p[2].disrupted);
  fb_goto (s, dice, FB_PH_MOVE, 1);
  g_assert_false (s->p[2].disrupted);
}

/* FB 7.17, 13.7: a lone leader is never a target; the unit a leader
 * stacks with is. */
static void
test_leaders_immune (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "archer", 2, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0503");
  fb_leader (scn, 1, "leader", 2, 9, "0504");     /* alone, nearer */
  fb_leader (scn, 1, "leader", 1, 9, "0503");     /* with the unit */
  s = to_missile (scn, dice);
  g_assert_false (fb_has (s, FB_A_FIRE, 0, fb_lpiece (s, 0)));
  g_assert_false (fb_has (s, FB_A_FIRE, 0, fb_lpiece (s, 1)));
  g_assert_true (fb_has (s, FB_A_FIRE, 0, 1));
}

/* FB 7.19, 12.6: an elephant is never disrupted: it goes berserk. */
static void
test_elephant_berserk (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "archer", 2, 4, "0305");
  fb_unit (scn, 1, "elephant", 4, 4, "0505");
  mft_row (scn, "bow 2", "DDDDDD");
  s = to_missile (scn, dice);
  /* Fire die, then the berserk procedure: direction 1 (toward its own
   * edge, two empty hexes), 1 again, calm on 1. */
  fb_push (dice, "2", "1", "1", "1", NULL);
  g_assert_true (fb_act (s, dice, events, FB_A_FIRE, 0, 1, -1));
  g_assert_false (s->p[1].disrupted);
  g_assert_true (fb_events_say (events, "goes berserk"));
  g_assert_cmpint (s->n_berserk, ==, 0);
  g_assert_cmpint (s->p[1].where, ==, FB_AT_MAP);
  g_assert_cmpint (s->p[1].cell, !=, fb_cell (s, "0505"));
}

/* FB 7.21, 7.24, 7.25, 2.3-LOS: at two hexes the hex between must not block
 * (woods); the firer's and target's own terrain and units never block. */
static void
test_los_blocking (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "archer", 2, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0503");
  fb_terrain (scn, "0504", "woods");
  fb_terrain (scn, "0505", "woods");
  fb_terrain (scn, "0507", "woods");
  s = fb_state (scn, NULL);
  g_assert_false (acies_fb_has_los (s, fb_cell (s, "0505"), fb_cell (s, "0503")));
  g_assert_true (acies_fb_has_los (s, fb_cell (s, "0505"), fb_cell (s, "0507")));   /* 7.24 */
  g_assert_false (acies_fb_missile_target_ok (s, 0, 1));
  g_clear_pointer (&s, fb_state_free);
  /* 7.25: a unit in the hex between blocks nothing. */
  fb_terrain (scn, "0504", "clear");
  fb_unit (scn, 0, "infantry", 4, 4, "0504");
  fb_attr_bool (scn, 2, "dot", TRUE);
  s = to_missile (scn, dice);
  g_assert_true (acies_fb_has_los (s, fb_cell (s, "0505"), fb_cell (s, "0503")));
  g_assert_true (fb_has (s, FB_A_FIRE, 0, 1));
}

/* FB 7.22: along a hexside, blocked only when both hexes beside it block. */
static void
test_los_hexside (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "archer", 2, 4, "0505");
  fb_terrain (scn, "0604", "woods");
  s = fb_state (scn, NULL);
  g_assert_true (acies_fb_has_los (s, fb_cell (s, "0505"), fb_cell (s, "0705")));
  g_clear_pointer (&s, fb_state_free);
  fb_terrain (scn, "0605", "woods");
  s = fb_state (scn, NULL);
  g_assert_false (acies_fb_has_los (s, fb_cell (s, "0505"), fb_cell (s, "0705")));
}

/* FB 7.23: a slope hex between is clear unless a ridge lies between firer
 * and target. */
static void
test_los_slope (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "archer", 2, 4, "0505");
  fb_terrain (scn, "0504", "slope");
  s = fb_state (scn, NULL);
  g_assert_true (acies_fb_has_los (s, fb_cell (s, "0505"), fb_cell (s, "0503")));
  g_clear_pointer (&s, fb_state_free);
  fb_edge (scn, "0504", "0503", "ridge");
  s = fb_state (scn, NULL);
  g_assert_false (acies_fb_has_los (s, fb_cell (s, "0505"), fb_cell (s, "0503")));
}

/* FB 7.31: a missile unit in an enemy ZOC fires only at an adjacent enemy;
 * 7.32: and it must then melee (8.12). */
static void
test_in_zoc (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "archer", 2, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_unit (scn, 1, "infantry", 4, 4, "0507");
  mft_row (scn, "bow 1", "------");
  s = to_missile (scn, dice);
  g_assert_true (fb_has (s, FB_A_FIRE, 0, 1));
  g_assert_false (fb_has (s, FB_A_FIRE, 0, 2));
  acies_dice_push (dice, 6);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 0, 1, -1));
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (s->p[0].must_attack);
}

/* FB 7.41, 8.16: no fire in the enemy's missile phase nor in a combat
 * phase. */
static void
test_no_defensive_fire (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "archer", 2, 4, "0505");
  fb_unit (scn, 0, "infantry", 4, 4, "0503");
  s = fb_state (scn, NULL);
  g_assert_false (fb_has (s, FB_A_FIRE, 0, -2));
  fb_goto (s, dice, FB_PH_COMBAT, 0);             /* A has no missile phase to play */
  g_assert_false (fb_has (s, FB_A_FIRE, -2, -2));
  fb_goto (s, dice, FB_PH_MISSILE, 1);
  g_assert_true (fb_has (s, FB_A_FIRE, 0, 1));
}

/* FB-EX12, MEG 3.1c, QAD 3.1, BOU 3.2: a chariot (a skirmisher) firing at
 * eliminates on a 1 (other rolls from the table). */
static void
test_ex12_chariot (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "chariot", 2, 8, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_rule (scn, "chariots", 0, "{\"range\": 1, \"eliminate_on_one\": true}");
  mft_row (scn, "bow 1", "------");
  s = to_missile (scn, dice);
  g_assert_cmpint (acies_fb_missile_range (s, 0), ==, 1);
  acies_dice_push (dice, 1);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 0, 1, -1));
  g_assert_cmpint (s->p[1].where, ==, FB_AT_ELIMINATED);
  g_clear_pointer (&s, fb_state_free);
  s = to_missile (scn, dice);
  acies_dice_push (dice, 2);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 0, 1, -1));
  g_assert_cmpint (s->p[1].where, ==, FB_AT_MAP);
  g_assert_false (s->p[1].disrupted);
}

/* FB-EX11, CAR 3.14: the Parthians fire on their own table: 1 eliminated,
 * 2-3 disrupted, 4-6 no effect (printed). */
static void
test_ex11_parthian (void)
{
  static const struct { guint die; gboolean elim, disrupted; } rows[] = {
    { 1, TRUE, FALSE }, { 2, FALSE, TRUE }, { 3, FALSE, TRUE }, { 4, FALSE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;

      fb_unit (scn, 0, "archer", 2, 4, "0505");
      fb_unit (scn, 1, "infantry", 4, 4, "0503");
      fb_rule (scn, "side-missile-table", 0, "{\"table\": \"mft-carrhae\"}");
      mft_row (scn, "bow 2", "------");            /* the standard table says nothing */
      s = to_missile (scn, dice);
      acies_dice_push (dice, rows[i].die);
      g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 0, 1, -1));
      g_assert_cmpint (s->p[1].where == FB_AT_ELIMINATED, ==, rows[i].elim);
      g_assert_cmpint (s->p[1].disrupted, ==, rows[i].disrupted);
    }
}

/* FB 7.18, MEG 3.1d: chariots attacking across a slope hexside are
 * disrupted: they attack at half. */
static void
test_chariot_terrain (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "chariot", 4, 8, "0504");
  fb_attr_bool (scn, 0, "paren", FALSE);
  fb_attr_bool (scn, 0, "dot", FALSE);
  fb_unit (scn, 1, "infantry", 4, 4, "0503");
  fb_unit (scn, 1, "infantry", 4, 4, "0604");
  fb_edge (scn, "0504", "0503", "slope");
  fb_rule (scn, "chariots", 0, "{\"range\": 1, \"slope_disruption\": true}");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 2 * 4);
  g_assert_true (fb_act (s, dice, NULL, FB_A_CANCEL, -1, -1, -1));
  /* Not across the slope: full strength. */
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 2, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 4 * 4);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/7.0-intro/ranges", test_ranges);
  g_test_add_func ("/acies/four-battles/7.0-intro/pila-once", test_pila);
  g_test_add_func ("/acies/four-battles/MET-3.32/unlimited-javelins", test_unlimited_javelins);
  g_test_add_func ("/acies/four-battles/7.1/nearest-target", test_nearest);
  g_test_add_func ("/acies/four-battles/7.11/repeat-and-optional", test_repeat_optional);
  g_test_add_func ("/acies/four-battles/7.1-D/disrupted-defends-at-half", test_disruption);
  g_test_add_func ("/acies/four-battles/7.17/lone-leader-not-a-target", test_leaders_immune);
  g_test_add_func ("/acies/four-battles/7.19/elephant-goes-berserk", test_elephant_berserk);
  g_test_add_func ("/acies/four-battles/7.21/woods-block", test_los_blocking);
  g_test_add_func ("/acies/four-battles/7.22/along-a-hexside", test_los_hexside);
  g_test_add_func ("/acies/four-battles/7.23/slope-and-ridge", test_los_slope);
  g_test_add_func ("/acies/four-battles/7.31/in-zoc-adjacent-only", test_in_zoc);
  g_test_add_func ("/acies/four-battles/7.41/no-defensive-fire", test_no_defensive_fire);
  g_test_add_func ("/acies/four-battles/MEG-3.1c/ex12-chariot-eliminates-on-one", test_ex12_chariot);
  g_test_add_func ("/acies/four-battles/CAR-3.14/ex11-parthian-table", test_ex11_parthian);
  g_test_add_func ("/acies/four-battles/7.18/chariot-disrupted-by-terrain", test_chariot_terrain);
  return g_test_run ();
}
