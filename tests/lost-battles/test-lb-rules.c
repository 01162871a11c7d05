/* test-lb-rules.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-lb"

#include "config.h"

#include <glib.h>

#include "rulesets/lost-battles/acies-lb-private.h"

#include "lb-test-common.h"

/*
 * One test per rule case of shared/rules/checklists/lost-battles.md, the
 * path naming the case id; the worked examples of its section 4 (LB-Txx).
 * Dice are forced through a scripted source.
 */

/* 1 Troops */

static void
test_types_classes (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(GError) error = NULL;
  AciesLbState *s;

  scn_unit (scn, 0, "EL", "V", NULL);    /* elephants are I or Af (1.1) */
  s = acies_lb_state_from_scenario (scn, NULL, &error);
  g_assert_null (s);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
  g_assert_true (strstr (error->message, "LB 1.1") != NULL);
}

static void
test_subtypes (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(GError) error = NULL;
  AciesLbState *s;

  scn_unit (scn, 0, "HC", "A", "LE");    /* legionaries are heavy infantry (9.1) */
  s = acies_lb_state_from_scenario (scn, NULL, &error);
  g_assert_null (s);
  g_assert_true (strstr (error->message, "LB 9.1") != NULL);
}

static void
test_fv_units (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint p = scn_unit (scn, 0, "HI", "P", NULL), a = scn_unit (scn, 0, "HI", "A", NULL);
  gint v = scn_unit (scn, 0, "HC", "V", NULL), af = scn_unit (scn, 0, "EL", "Af", NULL);
  gint in = scn_unit (scn, 0, "EL", "I", NULL), le = scn_unit (scn, 0, "HI", "A", "LE");
  gint sch = scn_unit (scn, 1, "CH", "A", "SCH"), ch = scn_unit (scn, 1, "CH", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_leader (scn, 1, FALSE, "B", FALSE, -1);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_unit_fv (&s->units[p], FALSE), ==, 2);
  g_assert_cmpint (acies_lb_unit_fv (&s->units[a], FALSE), ==, 3);
  g_assert_cmpint (acies_lb_unit_fv (&s->units[v], FALSE), ==, 4);
  g_assert_cmpint (acies_lb_unit_fv (&s->units[af], FALSE), ==, 3);
  g_assert_cmpint (acies_lb_unit_fv (&s->units[in], FALSE), ==, 4);
  g_assert_cmpint (acies_lb_unit_fv (&s->units[le], FALSE), ==, 4);     /* 9.3 */
  g_assert_cmpint (acies_lb_unit_fv (&s->units[le], TRUE), ==, 3);      /* 9.3, 11.2 */
  g_assert_cmpint (acies_lb_unit_fv (&s->units[sch], FALSE), ==, 1);    /* 9.5 */
  g_assert_cmpint (acies_lb_unit_fv (&s->units[ch], FALSE), ==, 3);
  /* Starting FV with the legionary exception: 2+3+4+3+4+4 = 20; 1+3+18 = 22. */
  g_assert_cmpint (s->sides[0].start_fv, ==, 20);
  g_assert_cmpint (s->sides[1].start_fv, ==, 22);
}

static void
test_fv_commanders (void)
{
  g_assert_cmpint (acies_lb_cmdr_fv (LB_RATING_P), ==, 3);
  g_assert_cmpint (acies_lb_cmdr_fv (LB_RATING_A), ==, 6);
  g_assert_cmpint (acies_lb_cmdr_fv (LB_RATING_I), ==, 12);
  g_assert_cmpint (acies_lb_cmdr_fv (LB_RATING_B), ==, 18);
}

/* 2 The Battlefield */

static void
test_zones (void)
{
  g_assert_cmpint (acies_lb_neighbour (Z (1, 2), S), ==, Z (2, 2));
  g_assert_cmpint (acies_lb_neighbour (Z (0, 0), N), ==, LB_NONE);
  g_assert_cmpint (acies_lb_neighbour (Z (0, 4), E), ==, LB_NONE);
  g_assert_cmpint (acies_lb_distance (Z (1, 1), Z (2, 2)), ==, 2);   /* diagonal = 2 */
  g_assert_cmpint (acies_lb_dir_to (Z (1, 1), Z (2, 2)), ==, LB_NONE);
  g_assert_true (acies_lb_is_central (Z (1, 2), 0));
  g_assert_true (acies_lb_is_central (Z (2, 1), 1));
  g_assert_true (acies_lb_is_rear (Z (3, 3), 1));
  g_assert_false (acies_lb_is_rear (Z (3, 4), 1));
  g_assert_cmpint (acies_lb_central_rear (0), ==, Z (0, 2));
}

static void
test_key_zone (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(GError) error = NULL;
  AciesArea *area = acies_area_new ("key", "key");
  AciesCell cell = Z (0, 2);
  AciesLbState *s;

  area->side = g_strdup ("a");
  g_array_append_val (area->cells, cell);
  g_ptr_array_add (scn->areas, area);
  scn_unit (scn, 0, "HI", "A", NULL);
  s = acies_lb_state_from_scenario (scn, NULL, &error);
  g_assert_null (s);
  g_assert_true (strstr (error->message, "LB 2.3.1") != NULL);
}

static void
test_impassable (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  acies_map_add_cell_feature (&scn->map, Z (0, 1), "impassable");
  s = state_new (scn);
  g_assert_true (act (s, dice, LB_A_SELECT, u, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (0, 1), -2));
  g_assert_true (has_action (s, LB_A_DEPLOY, Z (0, 2), S));
}

/* 3 Sequence of play: deployment (LB-T31) */

static void
test_deploy_turn1 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hi = scn_unit (scn, 0, "HI", "A", NULL), hc = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (s->units[hi].zone, ==, LB_OFF);            /* 3.3.1 */
  g_assert_true (act (s, dice, LB_A_SELECT, hi, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  for (gint k = 1; k <= 3; k++)
    g_assert_true (has_action (s, LB_A_DEPLOY, Z (0, k), S));
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (0, 1), W));  /* not all mounted */
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (1, 2), S));
  g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 2), S, -1, -1));
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));           /* 1 movement spent */
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  /* An all-mounted group may enter the left rear facing its wing (3.3.2-b). */
  g_assert_true (act (s, dice, LB_A_SELECT, hc, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_true (has_action (s, LB_A_DEPLOY, Z (0, 1), W));
  g_assert_true (has_action (s, LB_A_DEPLOY, Z (0, 3), E));
  g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 3), S, -1, -1));
  g_assert_true (has_action (s, LB_A_MOVE, -2, -2));            /* 3.3.2-c */
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[hc].zone, ==, Z (1, 3));
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));           /* 3.4.4: not into the enemy half */
}

static void
test_deploy_later (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  s->base.turn = 2;
  g_assert_true (act (s, dice, LB_A_SELECT, hc, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_true (has_action (s, LB_A_DEPLOY, Z (0, 2), S));     /* 3.4.2 */
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (0, 1), S));
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (0, 1), W));
}

static void
test_deploy_no_attack (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "LC", "A", NULL), e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, e, Z (1, 2), N);
  g_assert_true (act (s, dice, LB_A_SELECT, hc, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 2), S, -1, -1));
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));         /* 3.4.4 */
}

/* 4 Command */

static void
test_orders (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;

  /* FV 47: 11 Veteran units (44) + 1 Average (3). */
  for (gint i = 0; i < 11; i++)
    scn_unit (scn, 0, "HI", "V", NULL);
  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_orders_fv (s, 0), ==, 47);                /* LB-G04: undeployed counted */
  g_assert_cmpint (acies_lb_orders_for_roll (s, 0, 3), ==, 7);        /* LB-T21 */
  s->units[11].cls = LB_VETERAN;
  g_assert_cmpint (acies_lb_orders_for_roll (s, 0, 3), ==, 7);        /* FV 48: full tens only */
  s->units[10].cls = LB_POOR;
  s->units[9].cls = LB_POOR;
  g_assert_cmpint (acies_lb_orders_fv (s, 0), ==, 44);
  s->units[10].cls = LB_VETERAN;
  s->units[9].cls = LB_VETERAN;
  s->dust = TRUE;                                               /* 10.3-a */
  s->units[11].cls = LB_AVERAGE;
  g_assert_cmpint (acies_lb_orders_for_roll (s, 0, 5), ==, 7);
  g_assert_cmpint (acies_lb_orders_for_roll (s, 0, 6), ==, 7);
  s->dust = FALSE;
  s->weather = 2;                                               /* 10.4-b */
  g_assert_cmpint (acies_lb_orders_for_roll (s, 0, 1), ==, 5);
  s->weather = 1;
  g_assert_cmpint (acies_lb_orders_for_roll (s, 0, 1), ==, 5);
  s->sides[0].surprised = TRUE;                                 /* 10.1-c */
  g_assert_cmpint (acies_lb_orders_fv (s, 0), ==, 0);
  put (s, 0, Z (0, 2), S);
  g_assert_cmpint (acies_lb_orders_fv (s, 0), ==, 4);
}

static void
test_activation_costs (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint ahi = scn_unit (scn, 0, "HI", "A", NULL), v1 = scn_unit (scn, 0, "HI", "V", NULL);
  gint v2 = scn_unit (scn, 0, "HI", "V", NULL), v3 = scn_unit (scn, 0, "HI", "V", NULL);
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), le = scn_unit (scn, 0, "HI", "V", "LE");
  gint li = scn_unit (scn, 0, "LI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
#define G1(a) (G_GUINT64_CONSTANT (1) << (a))
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (ahi), LB_ACT_STD), ==, 1);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (v1) | G1 (v2), LB_ACT_STD), ==, 1);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (v1) | G1 (ahi), LB_ACT_STD), ==, 2);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (v1) | G1 (v2) | G1 (v3), LB_ACT_STD), ==, 2);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (v1) | G1 (v2) | G1 (v3) | G1 (ahi) | G1 (hc),
                                             LB_ACT_TURN_ONLY), ==, 1);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (hc), LB_ACT_DOUBLE), ==, 2);
  g_assert_cmpint (acies_lb_base_movements (&s->units[hc], LB_ACT_DOUBLE), ==, 4);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (v1), LB_ACT_DOUBLE), ==, 1);
  g_assert_cmpint (acies_lb_base_movements (&s->units[v1], LB_ACT_DOUBLE), ==, 2);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (le), LB_ACT_TRIPLE), ==, 2);
  g_assert_cmpint (acies_lb_base_movements (&s->units[le], LB_ACT_TRIPLE), ==, 3);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (li), LB_ACT_DOUBLE), ==, 1);   /* entering, 4.4.3 */
  put (s, li, Z (0, 2), S);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (li), LB_ACT_DOUBLE), ==, 2);
#undef G1
}

static void
test_bonus_costs (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint lc = scn_unit (scn, 0, "LC", "A", NULL), v = scn_unit (scn, 0, "HI", "V", NULL);
  gint in = scn_unit (scn, 0, "EL", "I", NULL), af = scn_unit (scn, 0, "EL", "Af", NULL);
  gint a = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_bonus_cost (s, lc, FALSE), ==, 1);
  g_assert_cmpint (acies_lb_bonus_cost (s, v, TRUE), ==, 1);
  g_assert_cmpint (acies_lb_bonus_cost (s, in, FALSE), ==, 1);
  g_assert_cmpint (acies_lb_bonus_cost (s, v, FALSE), ==, 2);
  g_assert_cmpint (acies_lb_bonus_cost (s, a, TRUE), ==, 2);
  g_assert_cmpint (acies_lb_bonus_cost (s, af, TRUE), ==, 2);
  s->units[v].status = LB_DISORDERED;
  g_assert_cmpint (acies_lb_bonus_cost (s, v, TRUE), ==, 2);           /* cheap_bonus_requires_fresh */
  s->opt.cheap_bonus_requires_fresh = FALSE;
  g_assert_cmpint (acies_lb_bonus_cost (s, v, TRUE), ==, 1);
}

static void
test_commander_pool (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u1 = scn_unit (scn, 0, "HI", "A", NULL), u2 = scn_unit (scn, 0, "HI", "A", NULL);
  gint u3 = scn_unit (scn, 0, "HI", "A", NULL), u4 = scn_unit (scn, 0, "HI", "A", NULL);
  gint c = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint orders;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  for (gint u = u1; u <= u4; u++)
    put (s, u, Z (1, 2), S);
  s->cmdrs[c].zone = Z (1, 2);
  orders = s->sides[0].orders;
  g_assert_cmpint (s->cmdrs[c].act_pool, ==, 2);                /* 8.3.1 */
  g_assert_true (act (s, dice, LB_A_SELECT, u1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_cmpint (s->cmdrs[c].act_pool, ==, 1);                /* LB-T25 */
  g_assert_cmpint (s->sides[0].orders, ==, orders);
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_SELECT, u2, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_SELECT, u3, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, c, -1, -1));
  g_assert_cmpint (s->cmdrs[c].act_pool, ==, 0);                /* 8.3.2 */
  g_assert_cmpint (s->sides[0].orders, ==, orders - 1);
  g_assert_cmpint (s->cmdrs[c].bonus_pool, ==, 2);              /* 8.4.1: separate */
}

/* 5 Movement */

static void
test_free_180 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hi = scn_unit (scn, 0, "HI", "A", NULL), ho = scn_unit (scn, 0, "HI", "A", "HO");
  gint e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, hi, Z (1, 2), S);
  put (s, ho, Z (1, 1), S);
  put (s, e, Z (2, 2), N);                                      /* in front only */
  g_assert_true (acies_lb_free_180 (s, hi));                          /* 5.3-a */
  g_assert_false (acies_lb_free_180 (s, ho));                         /* 9.2-b */
  put (s, e, Z (1, 3), W);                                      /* on its flank */
  g_assert_false (acies_lb_free_180 (s, hi));
  put (s, e, Z (0, 3), W);                                      /* next to the zone behind */
  g_assert_false (acies_lb_free_180 (s, hi));
  put (s, e, Z (2, 4), N);
  g_assert_true (acies_lb_free_180 (s, hi));
}

static void
test_turn_costs (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), lc = scn_unit (scn, 0, "LC", "A", NULL);
  gint e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, hc, Z (0, 1), S);
  put (s, lc, Z (0, 3), S);
  put (s, e, Z (3, 0), N);
  /* LB-T28: HC turn (1) + move (1), then no more turning. */
  g_assert_true (act (s, dice, LB_A_SELECT, hc, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));      /* 90°: not the free 180 */
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[hc].zone, ==, Z (0, 2));
  g_assert_false (has_action (s, LB_A_TURN, -2, -2));
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  /* LC: free turn, move, free turn, move (5.3 third bullet). */
  g_assert_true (act (s, dice, LB_A_SELECT, lc, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_TURN, S, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[lc].zone, ==, Z (1, 4));
}

static void
test_terrain_costs (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), ca = scn_unit (scn, 0, "HC", "A", "CA");
  gint hi = scn_unit (scn, 0, "HI", "A", NULL), el = scn_unit (scn, 1, "EL", "I", NULL);
  g_autoptr(AciesLbState) s = NULL;

  acies_map_add_cell_feature (&scn->map, Z (2, 1), "hill");
  acies_map_add_cell_feature (&scn->map, Z (0, 1), "forest");
  s = state_new (scn);
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (2, 1), FALSE), ==, 2);   /* 5.4.1 */
  g_assert_cmpint (acies_lb_enter_cost (s, ca, Z (2, 1), FALSE), ==, 1);   /* 9.4 */
  g_assert_cmpint (acies_lb_enter_cost (s, hi, Z (2, 1), FALSE), ==, 1);   /* 5.4.2 */
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (0, 1), TRUE), ==, 1);    /* entry zone */
  put (s, el, Z (2, 3), N);
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (2, 3), FALSE), ==, 2);   /* enemy elephants */
  g_assert_cmpint (acies_lb_base_movements (&s->units[ca], LB_ACT_STD), ==, 1);
}

static void
test_stacking (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;
  gint p[4], a[4];

  for (gint i = 0; i < 4; i++)
    {
      p[i] = scn_unit (scn, 0, "HI", "P", NULL);
      a[i] = scn_unit (scn, 0, "HI", "A", NULL);
    }
  scn_unit (scn, 1, "HI", "A", NULL);
  acies_map_add_cell_feature (&scn->map, Z (1, 1), "forest");
  s = state_new (scn);
  for (gint i = 0; i < 4; i++)
    {
      put (s, p[i], Z (1, 2), S);
      put (s, a[i], Z (1, 2), S);
    }
  g_assert_cmpint (acies_lb_zone_load (s, Z (1, 2), 0), ==, 12);      /* LB-T29 */
  g_assert_cmpint (acies_lb_zone_capacity (s, Z (1, 2)), ==, 12);
  g_assert_cmpint (acies_lb_zone_capacity (s, Z (1, 1)), ==, 8);
}

static void
test_camp_stop (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  AciesArea *area = acies_area_new ("camp", "camp");
  AciesCell cell = Z (0, 2);
  g_autoptr(AciesLbState) s = NULL;

  area->side = g_strdup ("a");
  g_array_append_val (area->cells, cell);
  g_ptr_array_add (scn->areas, area);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_true (s->terrain[Z (0, 2)] & LB_T_CAMP_U);
  g_assert_true (act (s, dice, LB_A_SELECT, hc, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 2), S, -1, -1));
  g_assert_cmpint (s->act.mv[hc], ==, 2);                        /* 3.3.3: 0 movements */
  g_assert_true (has_action (s, LB_A_MOVE, -2, -2));             /* need not stop */
}

/* 6 Combat */

static void
test_crt (void)
{
  static const gint table[6][6] = { { 9, 9, 8, 9, 9, 8 }, { 9, 9, 8, 8, 8, 8 }, { 9, 7, 7, 8, 9, 8 },
                                    { 10, 9, 9, 9, 9, 9 }, { 8, 8, 7, 8, 8, 7 }, { 9, 8, 7, 9, 9, 8 } };

  for (gint a = 0; a < 6; a++)
    for (gint d = 0; d < 6; d++)
      g_assert_cmpint (acies_lb_crt_need (a, d), ==, table[a][d]);     /* LB-T01 */
}

static void
test_limit (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), e1 = scn_unit (scn, 1, "HI", "A", NULL);
  gint e2 = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  put (s, e1, Z (2, 2), N);
  g_assert_cmpint (acies_lb_attacker_limit2 (s, Z (1, 2), Z (2, 2), 0), ==, 8);
  put (s, e2, Z (1, 3), W);                                      /* a right angle: +1 */
  g_assert_cmpint (acies_lb_attacker_limit2 (s, Z (1, 2), Z (2, 2), 0), ==, 10);
  put (s, e2, Z (0, 2), S);                                      /* sandwiched: no bonus */
  g_assert_cmpint (acies_lb_attacker_limit2 (s, Z (1, 2), Z (2, 2), 0), ==, 8);
  s->terrain[Z (1, 2)] = LB_T_STREAM;
  s->terrain[Z (2, 2)] = LB_T_RIVER;
  g_assert_cmpint (acies_lb_attacker_limit2 (s, Z (1, 2), Z (2, 2), 0), ==, 4);   /* halved */
  s->attack_limit = 5;
  g_assert_cmpint (acies_lb_attacker_limit2 (s, Z (1, 2), Z (2, 2), 0), ==, 6);   /* rounding up */
}

static void
test_sizes (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint vhi = scn_unit (scn, 0, "HI", "V", NULL), vle = scn_unit (scn, 0, "HI", "V", "LE");
  gint ahi = scn_unit (scn, 0, "HI", "A", NULL), vca = scn_unit (scn, 0, "HC", "V", "CA");
  gint aca = scn_unit (scn, 0, "HC", "A", "CA"), vhc = scn_unit (scn, 0, "HC", "V", NULL);
  gint ahc = scn_unit (scn, 0, "HC", "A", NULL), ali = scn_unit (scn, 0, "LI", "A", NULL);
  gint el = scn_unit (scn, 0, "EL", "Af", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_size2 (s, vhi, FALSE), ==, 1);
  g_assert_cmpint (acies_lb_size2 (s, vle, FALSE), ==, 2);             /* 9.3-b */
  g_assert_cmpint (acies_lb_size2 (s, ahi, FALSE), ==, 2);
  g_assert_cmpint (acies_lb_size2 (s, vca, FALSE), ==, 1);             /* 9.4-b */
  g_assert_cmpint (acies_lb_size2 (s, aca, FALSE), ==, 2);
  g_assert_cmpint (acies_lb_size2 (s, vhc, FALSE), ==, 2);
  g_assert_cmpint (acies_lb_size2 (s, ahc, FALSE), ==, 4);
  g_assert_cmpint (acies_lb_size2 (s, ali, TRUE), ==, 4);
  s->units[ali].was_lead = 1;
  s->units[el].was_lead = 1;
  g_assert_cmpint (acies_lb_size2 (s, ali, TRUE), ==, 2);              /* 6.8.1 */
  g_assert_cmpint (acies_lb_size2 (s, ali, FALSE), ==, 4);
  g_assert_cmpint (acies_lb_size2 (s, el, TRUE), ==, 2);
}

/* LB-T19: limit 3, two African elephants; the first was lead. */
static void
test_screen_size (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint e1 = scn_unit (scn, 0, "EL", "Af", NULL), e2 = scn_unit (scn, 0, "EL", "Af", NULL);
  gint d1 = scn_unit (scn, 1, "HI", "A", NULL), d2 = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  s->attack_limit = 3;
  s->units[e1].was_lead = 1;
  put (s, e2, Z (1, 2), S);
  put (s, d2, Z (2, 2), N);
  setup_attack (s, dice, e1, d1);
  g_assert_true (has_action (s, LB_A_ATTACK_WITH, e1, 0));        /* size 1 */
  push (dice, 1, 1);                                              /* a miss */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, e1, 0, 0, -1));
  g_assert_cmpint (s->atk.used2, ==, 4);                          /* 1 unit (quarters) */
  g_assert_true (has_action (s, LB_A_ATTACK_WITH, e2, 0));        /* 1 + 2 = 3: full size */
  g_assert_false (has_action (s, LB_A_ATTACK_WITH, e2, 1));
}

static gint
mods (AciesLbState *s,
      gint          att,
      gint          from,
      gint          to,
      gboolean      lead,
      gboolean      moved)
{
  return acies_lb_modifiers (s, att, from, to, lead, moved, FALSE, 0, -1, NULL);
}

static void
test_modifiers (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), lc = scn_unit (scn, 0, "LC", "V", NULL);
  gint d = scn_unit (scn, 1, "HI", "P", NULL), af = scn_unit (scn, 0, "EL", "Af", NULL);
  gint in = scn_unit (scn, 1, "EL", "I", NULL), ca = scn_unit (scn, 1, "HC", "A", "CA");
  gint hi = scn_unit (scn, 0, "HI", "A", NULL), ph = scn_unit (scn, 1, "HI", "A", "PH");
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  /* m04 (+1 vs Poor); interior zones, HI alone: no m09. */
  g_assert_cmpint (mods (s, a, Z (1, 2), Z (2, 2), FALSE, FALSE), ==, 1);
  /* m01 lead not outflanked +1; m13 moved -1. */
  g_assert_cmpint (mods (s, a, Z (1, 2), Z (2, 2), TRUE, TRUE), ==, 1);
  /* m09: the HI's rear faces the lead attacker. */
  s->units[d].facing = S;
  g_assert_cmpint (mods (s, a, Z (1, 2), Z (2, 2), TRUE, FALSE), ==, 3);
  s->units[d].facing = N;
  /* m14: mounted attacking into a hill zone -1. */
  s->terrain[Z (2, 2)] = LB_T_HILL;
  g_assert_cmpint (mods (s, a, Z (1, 2), Z (2, 2), FALSE, FALSE), ==, 0);
  s->terrain[Z (2, 2)] = 0;
  /* m18: Disordered attacker of a fatigued army. */
  s->sides[0].fatigued = TRUE;
  s->units[a].status = LB_DISORDERED;
  g_assert_cmpint (mods (s, a, Z (1, 2), Z (2, 2), FALSE, FALSE), ==, 0);
  s->units[a].status = LB_FRESH;
  s->sides[0].fatigued = FALSE;
  /* m19 (reading 2): light cavalry in wet weather anywhere. */
  put (s, a, LB_OFF, S);
  put (s, lc, Z (1, 2), S);
  s->weather = 2;
  g_assert_cmpint (mods (s, lc, Z (1, 2), Z (2, 2), FALSE, FALSE), ==, 0);
  s->weather = 0;
  /* m16: attacking cataphracts facing the attack. */
  put (s, d, LB_OFF, N);
  put (s, ca, Z (2, 2), N);
  s->units[ca].lead = 1;
  g_assert_cmpint (mods (s, lc, Z (1, 2), Z (2, 2), FALSE, FALSE), ==, -1);
  s->units[ca].facing = E;
  g_assert_cmpint (mods (s, lc, Z (1, 2), Z (2, 2), FALSE, FALSE), ==, 0);
  /* m17: African elephants against Indian elephants (LB-T06). */
  put (s, ca, LB_OFF, N);
  put (s, lc, LB_OFF, S);
  put (s, af, Z (1, 2), S);
  put (s, in, Z (2, 2), N);
  s->units[in].lead = 1;
  g_assert_cmpint (mods (s, af, Z (1, 2), Z (2, 2), FALSE, FALSE), ==, -1);
  /* m05: HI against phalangites not facing the attack. */
  put (s, af, LB_OFF, S);
  put (s, in, LB_OFF, N);
  put (s, hi, Z (1, 2), S);
  put (s, ph, Z (2, 2), E);
  s->units[ph].lead = 1;
  g_assert_cmpint (mods (s, hi, Z (1, 2), Z (2, 2), FALSE, FALSE), ==, 1);
}

/* LB-T02, LB-T03: a miss at margin -1, a hit at 0 with the decisive offer. */
static void
test_miss_and_hit (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  gint d2 = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, d2, Z (2, 2), N);
  s->units[d].was_lead = 0;
  setup_attack (s, dice, a, d);
  /* The attacker is lead and not outflanked: +1; dice (3,4) = 7 + 1 = 8 < 9. */
  push (dice, 3, 4);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[d].status, ==, LB_FRESH);             /* 6.6.1 */
}

static void
test_exact_hit_decisive (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  gint d2 = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, d2, Z (2, 2), N);
  setup_attack (s, dice, a, d);
  push (dice, 4, 4);                                              /* 8 + 1 = 9: margin 0 */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_DECISIVE);                 /* 6.7 */
  g_assert_true (act (s, dice, LB_A_DECISIVE, 1, -1, -1, -1));
  g_assert_cmpint (s->units[a].status, ==, LB_DISORDERED);
  g_assert_cmpint (s->units[d].status, ==, LB_DISORDERED);
  g_assert_cmpint (s->phase, ==, LB_PH_NEW_LEAD);                 /* 6.4.5: at once, before the next hit */
  g_assert_true (act (s, dice, LB_A_LEAD, d, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_SECOND_HIT);               /* 6.6.2: defender chooses */
  g_assert_cmpint (s->base.deciding_side, ==, 1);
  g_assert_true (act (s, dice, LB_A_SECOND_HIT, d2, -1, -1, -1));
  g_assert_cmpint (s->units[d2].status, ==, LB_DISORDERED);
}

static void
test_decisive_eligibility (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  gint lc = scn_unit (scn, 1, "LC", "A", NULL), li = scn_unit (scn, 0, "LI", "A", NULL);
  gint el = scn_unit (scn, 1, "EL", "I", NULL);
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  g_assert_true (acies_lb_decisive_allowed (s, a, d, Z (2, 2), 0));     /* exactly equal */
  g_assert_false (acies_lb_decisive_allowed (s, a, d, Z (2, 2), 1));
  g_assert_false (acies_lb_decisive_allowed (s, a, d, Z (2, 2), 2));
  g_assert_true (acies_lb_decisive_allowed (s, a, d, Z (2, 2), 3));     /* exactly +3 */
  g_assert_false (acies_lb_decisive_allowed (s, a, d, Z (2, 2), 4));
  s->units[a].status = LB_DISORDERED;
  g_assert_false (acies_lb_decisive_allowed (s, a, d, Z (2, 2), 0));    /* not Fresh */
  /* LB-T11: only LI or LC against LC. */
  s->units[a].status = LB_FRESH;
  put (s, d, LB_OFF, N);
  put (s, lc, Z (2, 2), N);
  s->units[lc].lead = 1;
  g_assert_false (acies_lb_decisive_allowed (s, a, lc, Z (2, 2), 0));
  g_assert_true (acies_lb_decisive_allowed (s, li, lc, Z (2, 2), 3));
  /* LB-T05: +3 against elephants is already 2 hits; no decisive (LB-G11a). */
  put (s, lc, LB_OFF, N);
  put (s, el, Z (2, 2), N);
  s->units[el].lead = 1;
  g_assert_cmpint (acies_lb_hits_for (s, 3, FALSE, el, Z (2, 2)), ==, 2);
  g_assert_false (acies_lb_decisive_allowed (s, a, el, Z (2, 2), 3));
}

static void
test_hits_by_margin (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint d = scn_unit (scn, 1, "HI", "A", NULL), el = scn_unit (scn, 1, "EL", "Af", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  s = state_new (scn);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  g_assert_cmpint (acies_lb_hits_for (s, -1, FALSE, d, Z (2, 2)), ==, 0);
  g_assert_cmpint (acies_lb_hits_for (s, 0, FALSE, d, Z (2, 2)), ==, 1);
  g_assert_cmpint (acies_lb_hits_for (s, 3, FALSE, d, Z (2, 2)), ==, 1);
  g_assert_cmpint (acies_lb_hits_for (s, 4, FALSE, d, Z (2, 2)), ==, 2);  /* ≥4 */
  g_assert_cmpint (acies_lb_hits_for (s, 0, TRUE, d, Z (2, 2)), ==, 2);
  put (s, el, Z (2, 1), N);
  s->units[el].lead = 1;
  g_assert_cmpint (acies_lb_hits_for (s, 2, FALSE, el, Z (2, 1)), ==, 1);
  g_assert_cmpint (acies_lb_hits_for (s, 3, FALSE, el, Z (2, 1)), ==, 2);  /* ≥3 vs elephants */
}

/* LB-T09: margin 4 against a Fresh Poor lead Shatters it; 1-die morale. */
static void
test_fresh_poor_shattered (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "P", NULL);
  gint d2 = scn_unit (scn, 1, "HI", "V", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, d2, Z (2, 2), N);
  setup_attack (s, dice, a, d);
  /* need 9; +1 lead, +1 vs Poor; (5,6) = 11 + 2 = 13: margin 4. */
  push (dice, 5, 6);
  acies_dice_push (dice, 6);                                       /* morale die */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[d].status, ==, LB_SHATTERED);         /* 6.6.2 */
  g_assert_cmpint (s->sides[1].shattered, ==, 1);
  g_assert_cmpuint (acies_dice_pending (dice), ==, 0);             /* one morale die (7.1-b) */
}

/* LB-T10: LI screened by HI: only 1 hit. */
static void
test_screening (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint li = scn_unit (scn, 1, "LI", "A", NULL), hi = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HC", "A", NULL);
  s = state_new (scn);
  put (s, li, Z (2, 2), N);
  put (s, hi, Z (2, 2), N);
  s->units[li].lead = 1;
  g_assert_true (acies_lb_screened (s, Z (2, 2)));
  g_assert_cmpint (acies_lb_hits_for (s, 5, FALSE, li, Z (2, 2)), ==, 1);
  s->units[hi].status = LB_DISORDERED;
  g_assert_cmpint (acies_lb_hits_for (s, 5, FALSE, li, Z (2, 2)), ==, 2);
}

/* LB-T35: a zone attacked once per side. */
static void
test_once_per_side (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), b = scn_unit (scn, 0, "HI", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL), d2 = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, d2, Z (2, 2), N);
  setup_attack (s, dice, a, d);
  push (dice, 1, 1);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_MAIN);
  put (s, b, Z (1, 2), S);                                         /* another group, same side */
  s->units[a].zone = Z (0, 2);
  acies_lb_recount (s);
  g_assert_true (act (s, dice, LB_A_SELECT, b, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));            /* 6.2.2 */
}

/* LB-T36: the whole zone must attack. */
static void
test_whole_zone (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), b = scn_unit (scn, 0, "HI", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  put (s, b, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  g_assert_true (act (s, dice, LB_A_SELECT, a, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));            /* 6.2.1 */
}

/* LB-T16: scythed chariots flee when attacked, no roll, no morale. */
static void
test_scythed_flee (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), sch = scn_unit (scn, 1, "CH", "A", "SCH");
  gint d2 = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, d2, Z (2, 2), N);
  setup_attack (s, dice, a, sch);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[sch].status, ==, LB_FLED);
  g_assert_cmpint (s->units[d2].status, ==, LB_FRESH);
  g_assert_true (s->units[d2].lead);                               /* new lead */
}

/* LB-T13: a mandatory Hero recovery for his bodyguard. */
static void
test_hero_recovery (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  gint d2 = scn_unit (scn, 1, "HI", "A", NULL);
  gint hero;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  hero = scn_leader (scn, 1, TRUE, "A", FALSE, d);
  s = state_new (scn);
  put (s, d2, Z (2, 2), N);
  setup_attack (s, dice, a, d);
  push (dice, 4, 5);                                              /* 9 + 1: margin 1, one hit */
  push (dice, 4, 5);                                              /* recovery 9: removed */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[d].status, ==, LB_FRESH);
  g_assert_cmpint (s->cmdrs[hero].status, ==, LB_CMDR_PRESENT);
  g_assert_cmpuint (acies_dice_pending (dice), ==, 0);
  g_assert_cmpint (acies_lb_recovery_need (LB_RATING_P), ==, 10);
  g_assert_cmpint (acies_lb_recovery_need (LB_RATING_B), ==, 8);
  g_assert_cmpint (acies_lb_killed_max (LB_RATING_I, TRUE), ==, 2);
  g_assert_cmpint (acies_lb_killed_max (LB_RATING_A, FALSE), ==, 4);     /* 8.7 */
}

static void
test_hero_killed (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  gint d2 = scn_unit (scn, 1, "HI", "A", NULL);
  gint hero;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  hero = scn_leader (scn, 1, TRUE, "A", FALSE, d);
  s = state_new (scn);
  put (s, d2, Z (2, 2), N);
  setup_attack (s, dice, a, d);
  push (dice, 4, 5);
  push (dice, 1, 2);                                              /* 3: killed */
  acies_dice_push (dice, 5);                                      /* morale die for the commander */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->cmdrs[hero].status, ==, LB_CMDR_KILLED);
  g_assert_cmpint (s->units[d].status, ==, LB_DISORDERED);
  g_assert_cmpint (s->sides[1].cmdr_loss_other, ==, 1);
  g_assert_cmpuint (acies_dice_pending (dice), ==, 0);             /* 7.1: a check for the death */
}

/* 7 Morale */

static void
test_army_morale (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;
  static const gint expect[7] = { 0, 1, 1, 2, 2, 3, 3 };

  for (gint i = 0; i < 4; i++)
    scn_unit (scn, 0, "HI", "A", NULL);
  for (gint i = 0; i < 2; i++)
    scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  for (gint d = 1; d <= 6; d++)
    g_assert_cmpint (acies_lb_army_morale (s, 0, d), ==, expect[d]);    /* 7.1-b, LB-T39 */
  for (gint i = 0; i < 4; i++)
    put (s, i, Z (1, i), S);
  put (s, 4, Z (2, 0), N);
  put (s, 5, Z (2, 4), N);
  g_assert_cmpint (acies_lb_army_morale (s, 0, 6), ==, 4);              /* 7.1-m1 */
  g_assert_cmpint (acies_lb_army_morale (s, 1, 6), ==, 2);              /* 7.1-m4 */
  s->sides[1].shattered = 4;
  g_assert_cmpint (acies_lb_army_morale (s, 1, 6), ==, 1);              /* 7.1-m2 */
  s->sides[1].cmdr_loss_poor = 1;
  g_assert_cmpint (acies_lb_army_morale (s, 1, 6), ==, 1);
  s->sides[1].cmdr_loss_poor = 2;
  g_assert_cmpint (acies_lb_army_morale (s, 1, 6), ==, 0);              /* 7.1-m3 */
  s->sides[1].cmdr_loss_poor = 0;
  s->sides[1].camp_captured = 1;
  g_assert_cmpint (acies_lb_army_morale (s, 1, 6), ==, 0);              /* 7.1-m5 */
}

static void
test_central_zones_morale (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a1 = scn_unit (scn, 1, "HI", "A", NULL), a2 = scn_unit (scn, 1, "HI", "A", NULL);
  gint x = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  s = state_new (scn);
  s->key_of[Z (1, 2)] = 0;
  /* LB-T40: the enemy holds X's Left Centre (1) and key zone (2) = 3; X
   * holds one ordinary enemy central zone = 1: -1. */
  put (s, a1, Z (1, 1), N);
  put (s, a2, Z (1, 2), N);
  put (s, x, Z (2, 3), S);
  put (s, 3, Z (0, 0), S);
  g_assert_cmpint (acies_lb_army_morale (s, 0, 6), ==, 2);
  s->terrain[Z (1, 2)] = LB_T_RIVER;                               /* ½: 1.5 vs 1 */
  g_assert_cmpint (acies_lb_army_morale (s, 0, 6), ==, 3);
}

static void
test_unit_morale (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint v = scn_unit (scn, 0, "HI", "V", NULL), le = scn_unit (scn, 0, "HI", "A", "LE");
  gint p = scn_unit (scn, 0, "LI", "P", NULL), ho = scn_unit (scn, 0, "HI", "A", "HO");
  gint eho = scn_unit (scn, 1, "HI", "A", "HO"), c;
  g_autoptr(AciesLbState) s = NULL;

  c = scn_leader (scn, 0, FALSE, "I", FALSE, -1);
  s = state_new (scn);
  put (s, v, Z (1, 0), S);
  put (s, le, Z (1, 0), S);
  put (s, p, Z (1, 0), S);
  put (s, ho, Z (1, 3), S);
  put (s, eho, Z (2, 3), N);
  g_assert_cmpint (acies_lb_unit_morale (s, v, 0, Z (1, 1)), ==, 2);     /* m1 + m2 */
  g_assert_cmpint (acies_lb_unit_morale (s, le, 0, Z (1, 1)), ==, 2);    /* 9.3-c */
  g_assert_cmpint (acies_lb_unit_morale (s, p, 0, Z (1, 1)), ==, -1);    /* m5 */
  g_assert_cmpint (acies_lb_unit_morale (s, p, 0, Z (2, 2)), ==, 0);     /* m3: 3 zones away */
  g_assert_cmpint (acies_lb_unit_morale (s, ho, 0, Z (1, 3)), ==, 0);    /* 9.2-e */
  s->units[v].status = LB_DISORDERED;
  g_assert_cmpint (acies_lb_unit_morale (s, v, 0, Z (1, 1)), ==, 1);     /* m6 */
  s->cmdrs[c].zone = Z (1, 0);
  g_assert_cmpint (acies_lb_unit_morale (s, v, 0, Z (1, 1)), ==, 2);     /* m4 */
  put (s, eho, Z (2, 0), N);
  s->units[eho].zone = Z (2, 0);
  {
    gint back = scn->units->len;  /* no unit; put one behind via an enemy copy */

    (void) back;
  }
  s->cmdrs[c].zone = LB_OFF;
  /* m7: enemy in front and behind. */
  put (s, eho, Z (2, 0), N);
  s->units[ho].zone = LB_OFF;
  acies_lb_recount (s);
  g_assert_cmpint (acies_lb_unit_morale (s, v, 0, Z (1, 1)), ==, 1);
}

static void
test_undeployed_morale (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint pli = scn_unit (scn, 0, "LI", "P", NULL), alc = scn_unit (scn, 0, "LC", "A", NULL);
  gint ch = scn_unit (scn, 0, "CH", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_undeployed_morale (s, pli, 0), ==, -1);       /* LB-T42 */
  g_assert_cmpint (acies_lb_undeployed_morale (s, alc, 0), ==, 0);
  g_assert_cmpint (acies_lb_undeployed_morale (s, ch, 0), ==, -1);
}

/* 7.3.1: a Shattered unit takes the morale-0 units of its zone with it. */
static void
test_removal_cascade (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "P", NULL);
  gint z0 = scn_unit (scn, 1, "LC", "P", NULL), far = scn_unit (scn, 1, "LC", "P", NULL);
  gint x = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, x, Z (0, 0), S);
  put (s, z0, Z (2, 2), N);
  put (s, far, Z (3, 4), N);
  setup_attack (s, dice, a, d);
  push (dice, 6, 6);                                               /* margin ≥4: Poor Shattered */
  acies_dice_push (dice, 1);                                       /* morale die 1: army morale 1 */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[d].status, ==, LB_SHATTERED);
  /* Poor LC at 0 in the Shattered unit's zone → withdrawn; 3 zones away (+1) it stays. */
  g_assert_cmpint (s->units[z0].status, ==, LB_WITHDRAWN);
  g_assert_cmpint (s->units[far].status, ==, LB_FRESH);
}

/* 8 Commanders */

static void
test_brilliant_order (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  scn_leader (scn, 0, FALSE, "B", FALSE, -1);
  s = state_new (scn);
  g_assert_cmpint (s->base_first, ==, 1);                          /* LB-G17 */
  g_assert_cmpint (s->base.active_side, ==, 1);
}


/* 6.9.1-a, 6.9.5-a: the emptied zone may be entered; the lead stays lead. */
static void
test_pursuit (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "P", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  setup_attack (s, dice, a, d);
  push (dice, 6, 6);
  acies_dice_push (dice, 6);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_PURSUIT);
  g_assert_true (act (s, dice, LB_A_PURSUE, a, -1, -1, -1));
  g_assert_cmpint (s->units[a].zone, ==, Z (2, 2));
  g_assert_cmpint (s->units[a].facing, ==, S);
  g_assert_true (s->units[a].lead);
  g_assert_cmpint (s->phase, ==, LB_PH_MAIN);
}

/* 5.7-a: facing off the field, not on a coast: withdrawn if Fresh. */
static void
test_leave_field (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), li = scn_unit (scn, 0, "LI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, hc, Z (0, 0), N);
  put (s, li, Z (0, 4), N);
  s->terrain[Z (0, 4)] = LB_T_COAST;
  g_assert_true (act (s, dice, LB_A_SELECT, hc, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_LEAVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[hc].status, ==, LB_WITHDRAWN);
  g_assert_true (act (s, dice, LB_A_SELECT, li, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_LEAVE, -2, -2));              /* coast */
}

/* 3.4.6-b: the enemy in the central rear withdraws the undeployed units. */
static void
test_undeployed_withdrawn (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), on = scn_unit (scn, 1, "HI", "A", NULL);
  gint off = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, a, Z (2, 2), S);
  put (s, on, Z (2, 0), N);
  g_assert_true (act (s, dice, LB_A_SELECT, a, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[off].status, ==, LB_WITHDRAWN);
  g_assert_cmpint (s->units[on].status, ==, LB_FRESH);
}

/* 10.1-a, LB-T32: a surprised army deploys at most 4 units a turn, heavy
 * infantry and elephants counting 2 on turn 1. */
static void
test_surprise_cap (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hi = scn_unit (scn, 0, "HI", "A", NULL), el = scn_unit (scn, 0, "EL", "I", NULL);
  gint lc = scn_unit (scn, 0, "LC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  json_object_set_boolean_member (((AciesSide *) g_ptr_array_index (scn->sides, 0))->params, "surprise", TRUE);
  s = state_new (scn);
  s->sides[0].orders = 10;
  g_assert_true (act (s, dice, LB_A_SELECT, hi, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_SELECT, el, -1, -1, -1));
  g_assert_true (has_action (s, LB_A_ACTIVATE, LB_ACT_STD, -2));
  g_assert_true (act (s, dice, LB_A_SELECT, lc, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_ACTIVATE, LB_ACT_STD, -2));   /* 2 + 2 + 1 > 4 */
}

/* 11 Victory */

static void
test_end_count (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 0, "LC", "V", NULL);
  scn_unit (scn, 0, "LI", "P", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  scn_unit (scn, 1, "CH", "A", "SCH");
  scn_unit (scn, 1, "HI", "P", NULL);
  g_ptr_array_set_size (scn->victory, 0);
  s = state_new (scn);
  g_assert_cmpfloat (acies_lb_end_count (s, 0), ==, 2.5);                /* LB-T44 */
  g_assert_cmpfloat (acies_lb_end_count (s, 1), ==, 3.0);
  acies_lb_check_end (s, NULL);
  g_assert_true (s->base.finished);
  g_assert_cmpint (s->units[0].status, ==, LB_WITHDRAWN);
  g_assert_cmpint (s->units[3].status, ==, LB_FRESH);
}

static void
test_victory_points (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint le = scn_unit (scn, 1, "HI", "A", "LE"), v = scn_unit (scn, 1, "HI", "V", NULL);
  gint p = scn_unit (scn, 1, "HI", "P", NULL), a = scn_unit (scn, 1, "HI", "A", NULL);
  gint c;
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  c = scn_leader (scn, 1, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  s->units[le].status = LB_DISORDERED;    /* 3 (9.3) */
  s->units[v].status = LB_SHATTERED;      /* 2 × 4 */
  s->units[p].status = LB_FLED;           /* 2 + 1 */
  s->units[a].status = LB_WITHDRAWN;      /* 3 */
  s->cmdrs[c].status = LB_CMDR_KILLED;    /* 2 × 6 */
  s->sides[1].camp_captured = 1;          /* +5: the enemy still has units */
  /* Start FV: army 1 = 3, army 2 = 4+4+2+3+6 = 19 → +32. */
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, 3 + 8 + 3 + 3 + 12 + 5 + 32);
  s->sides[0].fatigued = TRUE;
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, 66 + 20);
}

static void
test_victory_levels (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpstr (acies_lb_victory_level (s, 91 - 40), ==, "Major Victory");
  g_assert_cmpstr (acies_lb_victory_level (s, 60 - 35), ==, "Clear Victory");
  g_assert_cmpstr (acies_lb_victory_level (s, 50 - 26), ==, "Pyrrhic Victory");
  g_assert_cmpstr (acies_lb_victory_level (s, 175 - 75), ==, "Overwhelming Victory");
  g_assert_cmpstr (acies_lb_victory_level (s, 80 - 5), ==, "Strategic Victory");   /* LB-G20 */
  g_assert_cmpstr (acies_lb_victory_level (s, 124 - 25), ==, "Strategic Victory");
  g_assert_cmpstr (acies_lb_victory_level (s, 74 - 25), ==, "Clear Victory");
  g_assert_cmpstr (acies_lb_victory_level (s, 0), ==, "Draw");
  s->opt.band75_strategic = FALSE;
  g_assert_cmpstr (acies_lb_victory_level (s, 75), ==, "Major Victory");
  g_assert_cmpstr (acies_lb_victory_level (s, 76), ==, "Strategic Victory");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/lost-battles/1.1-b/elephant-class", test_types_classes);
  g_test_add_func ("/acies/lost-battles/1.1-c/subtype-of-type", test_subtypes);
  g_test_add_func ("/acies/lost-battles/1.4-a/unit-fv-and-legionaries", test_fv_units);
  g_test_add_func ("/acies/lost-battles/1.4-b/commander-fv", test_fv_commanders);
  g_test_add_func ("/acies/lost-battles/2.1.3-a/orthogonal-zones", test_zones);
  g_test_add_func ("/acies/lost-battles/2.3.1-a/key-zone-central", test_key_zone);
  g_test_add_func ("/acies/lost-battles/2.2.4-a/impassable", test_impassable);
  g_test_add_func ("/acies/lost-battles/3.3.2-a/deploy-turn-1", test_deploy_turn1);
  g_test_add_func ("/acies/lost-battles/3.4.2-a/deploy-central-rear", test_deploy_later);
  g_test_add_func ("/acies/lost-battles/3.4.4-a/no-attack-when-deployed", test_deploy_no_attack);
  g_test_add_func ("/acies/lost-battles/3.3.3-a/unfortified-camp", test_camp_stop);
  g_test_add_func ("/acies/lost-battles/4.1.1-a/orders", test_orders);
  g_test_add_func ("/acies/lost-battles/4.2.4-a/activation-costs", test_activation_costs);
  g_test_add_func ("/acies/lost-battles/4.4.4-a/bonus-costs", test_bonus_costs);
  g_test_add_func ("/acies/lost-battles/8.3.2-a/commander-pools", test_commander_pool);
  g_test_add_func ("/acies/lost-battles/5.3-a/free-180", test_free_180);
  g_test_add_func ("/acies/lost-battles/5.3-c/turn-costs", test_turn_costs);
  g_test_add_func ("/acies/lost-battles/5.4.1-a/terrain-costs", test_terrain_costs);
  g_test_add_func ("/acies/lost-battles/5.5.3-a/stacking", test_stacking);
  g_test_add_func ("/acies/lost-battles/6.10/crt", test_crt);
  g_test_add_func ("/acies/lost-battles/6.3.2-a/attacker-limit", test_limit);
  g_test_add_func ("/acies/lost-battles/6.3.3-a/sizes", test_sizes);
  g_test_add_func ("/acies/lost-battles/6.8.1-a/screen-size", test_screen_size);
  g_test_add_func ("/acies/lost-battles/6.5/modifiers", test_modifiers);
  g_test_add_func ("/acies/lost-battles/6.6.1-a/miss", test_miss_and_hit);
  g_test_add_func ("/acies/lost-battles/6.7-a/exact-hit-decisive", test_exact_hit_decisive);
  g_test_add_func ("/acies/lost-battles/6.7-a/eligibility", test_decisive_eligibility);
  g_test_add_func ("/acies/lost-battles/6.6.2-a/hits-by-margin", test_hits_by_margin);
  g_test_add_func ("/acies/lost-battles/6.6.2-a/fresh-poor-shattered", test_fresh_poor_shattered);
  g_test_add_func ("/acies/lost-battles/6.8.2-a/screening", test_screening);
  g_test_add_func ("/acies/lost-battles/6.2.2-a/once-per-side", test_once_per_side);
  g_test_add_func ("/acies/lost-battles/6.2.1-a/whole-zone", test_whole_zone);
  g_test_add_func ("/acies/lost-battles/9.5-c/scythed-chariots-flee", test_scythed_flee);
  g_test_add_func ("/acies/lost-battles/8.6.3-a/hero-recovery", test_hero_recovery);
  g_test_add_func ("/acies/lost-battles/8.6.3-a/hero-killed", test_hero_killed);
  g_test_add_func ("/acies/lost-battles/7.1-b/army-morale", test_army_morale);
  g_test_add_func ("/acies/lost-battles/7.1-m5/central-zones", test_central_zones_morale);
  g_test_add_func ("/acies/lost-battles/7.2-a/unit-morale", test_unit_morale);
  g_test_add_func ("/acies/lost-battles/7.4-a/undeployed-morale", test_undeployed_morale);
  g_test_add_func ("/acies/lost-battles/7.3.1-a/removal-cascade", test_removal_cascade);
  g_test_add_func ("/acies/lost-battles/8.9.1-a/brilliant-moves-second", test_brilliant_order);
  g_test_add_func ("/acies/lost-battles/6.9.1-a/pursuit", test_pursuit);
  g_test_add_func ("/acies/lost-battles/5.7-a/leave-field", test_leave_field);
  g_test_add_func ("/acies/lost-battles/3.4.6-b/undeployed-withdrawn", test_undeployed_withdrawn);
  g_test_add_func ("/acies/lost-battles/10.1-a/surprise-cap", test_surprise_cap);
  g_test_add_func ("/acies/lost-battles/11.1-a/end-count", test_end_count);
  g_test_add_func ("/acies/lost-battles/11.2-a/victory-points", test_victory_points);
  g_test_add_func ("/acies/lost-battles/11.3-a/victory-levels", test_victory_levels);
  return g_test_run ();
}
