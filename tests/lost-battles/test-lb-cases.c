/* test-lb-cases.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-lb"

#include "config.h"

#include <glib.h>

#include <string.h>

#include "io/acies-scenario-io.h"
#include "rulesets/lost-battles/acies-lb-private.h"

#include "lb-test-common.h"

/*
 * One test per rule case of shared/rules/checklists/lost-battles.md, the
 * path naming the case id; the worked examples of its section 4 (LB-Txx).
 * Dice are forced through a scripted source.
 */

/*
 * Rule cases of the checklist not covered by test-lb-rules.c, one test
 * each, the GTest path naming the case id.
 */

#define G1(a) (G_GUINT64_CONSTANT (1) << (a))

/* 1 Troops */

static void
test_1_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  static const char *types[] = { "HI", "LI", "HC", "LC", "EL", "CH" };
  static const char *cls[] = { "A", "A", "A", "A", "I", "A" };
  g_autoptr(AciesLbState) s = NULL;

  for (gint t = 0; t < 6; t++)
    scn_unit (scn, 0, types[t], cls[t], NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (s->units[0].type, ==, LB_HI);
  g_assert_cmpint (s->units[1].type, ==, LB_LI);
  g_assert_cmpint (s->units[2].type, ==, LB_HC);
  g_assert_cmpint (s->units[3].type, ==, LB_LC);
  g_assert_cmpint (s->units[4].type, ==, LB_EL);
  g_assert_cmpint (s->units[5].type, ==, LB_CH);
  {
    g_autoptr(AciesScenario) bad = scn_new ();
    g_autoptr(GError) error = NULL;

    scn_unit (bad, 0, "XX", "A", NULL);
    g_assert_null (acies_lb_state_from_scenario (bad, NULL, &error));
    g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
  }
}

static void
test_1_2_a (void)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "lost-battles",
                                            "cannae.acies", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scn = acies_scenario_load_path (path, &error);
  gint m;
  AciesLbState *s;

  g_assert_no_error (error);
  m = (gint) json_object_get_int_member (scn->params, "multiplier");
  g_assert_cmpint (m, >=, 1);                                   /* 1.2: M from 1 to 8 */
  g_assert_cmpint (m, <=, 8);
  s = acies_lb_state_from_scenario (scn, NULL, &error);
  g_assert_no_error (error);
  /* Display only: FV and Orders do not depend on M. */
  json_object_set_int_member (scn->params, "multiplier", 1);
  {
    AciesLbState *t = acies_lb_state_from_scenario (scn, NULL, &error);

    g_assert_cmpint (t->sides[0].start_fv, ==, s->sides[0].start_fv);
    g_assert_cmpint (acies_lb_orders_fv (t, 1), ==, acies_lb_orders_fv (s, 1));
    state_free (t);
  }
  state_free (s);
}

static void
test_1_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(GError) error = NULL;
  AciesLbState *s;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  scn_leader (scn, 0, FALSE, "P", FALSE, -1);
  scn_leader (scn, 0, FALSE, "I", FALSE, -1);
  s = acies_lb_state_from_scenario (scn, NULL, &error);   /* 2: fine */
  g_assert_no_error (error);
  g_assert_cmpint (s->cmdrs[0].rating, ==, LB_RATING_P);
  g_assert_cmpint (s->cmdrs[1].rating, ==, LB_RATING_I);
  state_free (s);
  scn_leader (scn, 0, FALSE, "B", FALSE, -1);                   /* a third: no */
  s = acies_lb_state_from_scenario (scn, NULL, &error);
  g_assert_null (s);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "LB 1.3"));
}

static void
test_1_3_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HC", "V", NULL), h, c;
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  h = scn_leader (scn, 0, TRUE, "A", TRUE, u);
  c = scn_leader (scn, 1, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  g_assert_true (s->cmdrs[h].hero);
  g_assert_true (s->cmdrs[h].timid);
  g_assert_cmpint (s->cmdrs[h].bodyguard, ==, u);
  g_assert_cmpint (s->units[u].hero, ==, h);
  g_assert_false (s->cmdrs[c].hero);
  g_assert_false (s->cmdrs[c].timid);
  g_assert_cmpint (s->cmdrs[c].zone, ==, LB_OFF);               /* moves alone, starts off the field */
  put (s, u, Z (0, 2), S);
  g_assert_cmpint (acies_lb_cmdr_zone (s, h), ==, Z (0, 2));          /* the Hero is where his unit is */
}

static void
test_1_5_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a1 = scn_unit (scn, 0, "HC", "A", NULL), a2 = scn_unit (scn, 0, "HC", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (s->units[d].status, ==, LB_FRESH);          /* everyone starts Fresh */
  put (s, a2, Z (1, 2), S);
  setup_attack (s, dice, a1, d);
  push (dice, 4, 5);                                            /* 9 + 1 (m01) = 10 vs 9: margin 1 */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a1, 0, 0, -1));
  g_assert_cmpint (s->units[d].status, ==, LB_DISORDERED);
  push (dice, 5, 5);                                            /* 10 vs 9: one more hit */
  acies_dice_push (dice, 6);                                    /* morale */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a2, 0, 0, -1));
  g_assert_cmpint (s->units[d].status, ==, LB_SHATTERED);
  g_assert_false (acies_lb_present (&s->units[d]));
  g_assert_cmpint (s->sides[1].shattered, ==, 1);
}

static void
test_1_5_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint fresh;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, u, Z (0, 2), S);
  fresh = acies_lb_unit_morale (s, u, 0, Z (1, 2));
  s->units[u].status = LB_DISORDERED;
  g_assert_cmpint (acies_lb_unit_morale (s, u, 0, Z (1, 2)), ==, fresh - 1);   /* morale penalty */
  activate (s, dice, LB_ACT_STD, -1, u, -1);                             /* otherwise acts as Fresh */
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[u].zone, ==, Z (1, 2));
}

/* 2 The Battlefield */

static void
test_2_1_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  for (gint z = 0; z < LB_ZONES; z++)
    {
      const char *name = acies_lb_zone_name (s, z, 0);

      g_assert_nonnull (name);
      g_assert_false (g_hash_table_contains (names, name));    /* 20 distinct zones */
      g_hash_table_add (names, (gpointer) name);
      g_assert_cmpint (acies_lb_half_of (z), ==, z < 10 ? 0 : 1);    /* two rows per army */
    }
  g_assert_cmpuint (g_hash_table_size (names), ==, 20);
  g_assert_cmpint (acies_lb_neighbour (Z (3, 4), S), ==, LB_NONE);   /* 5 by 4 */
}

static void
test_2_1_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(GError) error = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  activate (s, dice, LB_ACT_STD, -1, u, -1);
  g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 2), S, -1, -1));
  g_assert_cmpint (s->units[u].zone, ==, Z (0, 2));
  g_assert_cmpint (acies_lb_zone_load (s, Z (0, 2), 0), ==, 1);
  g_assert_true (acies_lb_check_invariants (s, &error));
}

static void
test_2_1_2_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, u, Z (1, 2), S);
  activate (s, dice, LB_ACT_STD, -1, u, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));   /* into the enemy's half */
  g_assert_cmpint (s->units[u].zone, ==, Z (2, 2));
}

static void
test_2_2_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  acies_map_add_cell_feature (&scn->map, Z (1, 1), "hill");
  acies_map_add_cell_feature (&scn->map, Z (1, 1), "stream");
  acies_map_add_cell_feature (&scn->map, Z (2, 2), "stream");   /* diagonal course */
  acies_map_add_cell_feature (&scn->map, Z (2, 3), "forest");
  acies_map_add_cell_feature (&scn->map, Z (2, 4), "marsh");
  acies_map_add_cell_feature (&scn->map, Z (3, 4), "river");
  acies_map_add_cell_feature (&scn->map, Z (3, 0), "coast");
  s = state_new (scn);
  g_assert_cmpint (s->terrain[Z (1, 1)], ==, LB_T_HILL | LB_T_STREAM);
  g_assert_cmpint (s->terrain[Z (2, 2)], ==, LB_T_STREAM);
  g_assert_cmpint (s->terrain[Z (1, 2)], ==, 0);               /* not the zones at the corner */
  g_assert_cmpint (s->terrain[Z (2, 1)], ==, 0);
  g_assert_cmpint (s->terrain[Z (2, 3)], ==, LB_T_FOREST);
  g_assert_cmpint (s->terrain[Z (2, 4)], ==, LB_T_MARSH);
  g_assert_cmpint (s->terrain[Z (3, 4)], ==, LB_T_RIVER);
  g_assert_cmpint (s->terrain[Z (3, 0)], ==, LB_T_COAST);
}

static void
test_2_2_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  acies_map_add_cell_feature (&scn->map, Z (0, 2), "settlement");
  s = state_new (scn);
  g_assert_cmpint (s->terrain[Z (0, 2)], ==, 0);                  /* no effect */
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (0, 2), FALSE), ==, 1);
  g_assert_cmpint (acies_lb_zone_capacity (s, Z (0, 2)), ==, 12);
}

static void
test_2_2_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;
  gint one, two;

  s = state_new (scn);
  put (s, hc, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  s->terrain[Z (2, 2)] = LB_T_HILL;
  one = acies_lb_modifiers (s, hc, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL);
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (2, 2), FALSE), ==, 2);
  s->terrain[Z (2, 2)] = LB_T_HILL | LB_T_FOREST | LB_T_MARSH;
  two = acies_lb_modifiers (s, hc, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL);
  g_assert_cmpint (one, ==, two);                               /* negative effects don't stack */
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (2, 2), FALSE), ==, 2);   /* not 4 */
  s->terrain[Z (2, 2)] = LB_T_FOREST | LB_T_RIVER;
  g_assert_cmpint (acies_lb_zone_capacity (s, Z (2, 2)), ==, 8);
}

static void
test_2_2_5_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;
  gint clear;

  s = state_new (scn);
  put (s, hc, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  clear = acies_lb_modifiers (s, hc, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL);
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (2, 2), FALSE), ==, 1);
  g_assert_cmpint (acies_lb_zone_capacity (s, Z (2, 2)), ==, 12);
  s->terrain[Z (2, 2)] = LB_T_FOREST;
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (2, 2), FALSE), ==, 2);          /* movement (5.4) */
  g_assert_cmpint (acies_lb_zone_capacity (s, Z (2, 2)), ==, 8);                 /* stacking (5.5) */
  g_assert_cmpint (acies_lb_modifiers (s, hc, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL),
                   ==, clear - 1);                                          /* combat (6.5) */
}

static AciesArea *
area_new (AciesScenario *scn,
          const char    *kind,
          gint           side,
          gint           zone)
{
  g_autofree char *id = g_strdup_printf ("%s%u", kind, scn->areas->len);
  AciesArea *area = acies_area_new (id, kind);
  AciesCell cell = zone;

  area->side = g_strdup (side == 0 ? "a" : "b");
  g_array_append_val (area->cells, cell);
  g_ptr_array_add (scn->areas, area);
  return area;
}

static void
test_2_3_1_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesScenario) bad = scn_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  area_new (scn, "camp", 0, Z (0, 3));
  json_object_set_boolean_member (area_new (scn, "camp", 1, Z (3, 1))->params, "fortified", TRUE);
  s = state_new (scn);
  g_assert_cmpint (s->camp_of[Z (0, 3)], ==, 0);
  g_assert_true (s->terrain[Z (0, 3)] & LB_T_CAMP_U);
  g_assert_true (s->terrain[Z (3, 1)] & LB_T_CAMP_F);
  scn_unit (bad, 0, "HI", "A", NULL);
  area_new (bad, "camp", 0, Z (1, 2));                           /* not a rear zone */
  g_assert_null (acies_lb_state_from_scenario (bad, NULL, &error));
  g_assert_nonnull (strstr (error->message, "LB 2.3.1"));
}

static void
test_2_3_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint before;

  scn_unit (scn, 1, "HI", "A", NULL);
  area_new (scn, "camp", 1, Z (3, 1));
  s = state_new (scn);
  put (s, a, Z (2, 1), S);
  put (s, e, Z (2, 4), N);
  before = acies_lb_army_morale (s, 1, 6);
  activate (s, dice, LB_ACT_STD, -1, a, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_true (s->sides[1].camp_captured);
  g_assert_cmpint (acies_lb_army_morale (s, 1, 6), ==, before - 1);    /* morale (7.1) */
  g_assert_cmpint (s->units[2].status, ==, LB_WITHDRAWN);        /* undeployed (3.4.6) */
}

/* 3 Sequence of play */

static void
test_3_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  while (!s->base.finished)
    {
      g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
      if (s->phase == LB_PH_ROLL)
        {
          acies_dice_push (dice, 3);
          g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
        }
    }
  g_assert_cmpint (s->base.turn, ==, 10);
  g_assert_cmpint (s->pt, ==, 20);                               /* 20 player-turns played */
}

static void
test_3_2_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (s->base.active_side, ==, 0);                   /* listed first */
  next_player_turn (s, dice, 1);
  g_assert_cmpint (s->base.active_side, ==, 1);
  g_assert_cmpint (s->base.turn, ==, 1);
  next_player_turn (s, dice, 1);
  g_assert_cmpint (s->base.active_side, ==, 0);
  g_assert_cmpint (s->base.turn, ==, 2);
}

static void
test_3_2_1_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_ROLL);                     /* the roll opens the player-turn */
  g_assert_false (has_action (s, LB_A_SELECT, -2, -2));
  acies_dice_push (dice, 4);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  g_assert_cmpint (s->sides[1].orders, ==, 4);                    /* FV 3: + 0 */
}

static void
test_3_2_1_c (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u1 = scn_unit (scn, 0, "HI", "A", NULL), u2 = scn_unit (scn, 0, "HI", "A", NULL);
  gint u3 = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, u1, Z (0, 1), S);
  put (s, u2, Z (0, 2), S);
  put (s, u3, Z (0, 3), S);
  s->sides[0].orders = 2;
  activate (s, dice, LB_ACT_STD, -1, u3, -1);                     /* any order */
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  activate (s, dice, LB_ACT_STD, -1, u1, -1);
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  g_assert_cmpint (s->sides[0].orders, ==, 0);
  g_assert_false (has_action (s, LB_A_SELECT, u2, -2));           /* out of Orders */
  g_assert_true (has_action (s, LB_A_END_TURN, -2, -2));
}

static void
test_3_2_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "P", NULL);
  gint r = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, r, Z (0, 2), S);
  setup_attack (s, dice, a, d);
  push (dice, 6, 6);
  acies_dice_push (dice, 6);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_true (act (s, dice, LB_A_PURSUE, a, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_MAIN);
  /* A later group exploits the result: through the emptied zone to
   * reinforce the unit that attacked. */
  activate (s, dice, LB_ACT_STD, -1, r, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[r].zone, ==, Z (2, 2));
}

static void
test_3_2_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u1 = scn_unit (scn, 0, "HI", "A", NULL), u2 = scn_unit (scn, 0, "HI", "A", NULL);
  gint u3 = scn_unit (scn, 0, "LI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, u1, Z (0, 1), S);
  put (s, u2, Z (0, 1), S);
  put (s, u3, Z (0, 3), S);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_LEADS);
  g_assert_true (s->units[u3].lead);                              /* single unit: automatic */
  g_assert_true (has_action (s, LB_A_LEAD, u1, -2));
  g_assert_true (has_action (s, LB_A_LEAD, u2, -2));
  g_assert_true (act (s, dice, LB_A_LEAD, u2, -1, -1, -1));
  g_assert_true (s->units[u2].lead);
  g_assert_cmpint (s->phase, ==, LB_PH_ROLL);
}

static void
test_3_3_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;

  for (gint i = 0; i < 4; i++)
    scn_unit (scn, i % 2, "HI", "A", NULL);
  scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  g_assert_cmpint (s->base.turn, ==, 1);
  for (gint i = 0; i < 4; i++)
    g_assert_cmpint (s->units[i].zone, ==, LB_OFF);
  g_assert_cmpint (s->cmdrs[0].zone, ==, LB_OFF);
  for (gint z = 0; z < LB_ZONES; z++)
    g_assert_cmpint (acies_lb_zone_load (s, z, -1), ==, 0);
}

static void
test_3_3_2_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), ch = scn_unit (scn, 0, "CH", "A", NULL);
  gint hi = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  s->sides[0].orders = 6;
  g_assert_true (act (s, dice, LB_A_SELECT, hc, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_SELECT, hi, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (0, 1), W));      /* mixed: forward only */
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  s->units[hc].activated = 0;
  activate (s, dice, LB_ACT_STD, -1, hc, ch, -1);                 /* all mounted */
  g_assert_true (has_action (s, LB_A_DEPLOY, Z (0, 1), W));
  g_assert_true (has_action (s, LB_A_DEPLOY, Z (0, 3), E));
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (0, 1), E));      /* only toward its wing */
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (0, 2), W));
}

static void
test_3_3_2_c (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint lc = scn_unit (scn, 0, "LC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  activate (s, dice, LB_ACT_STD, -1, lc, -1);
  g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 1), S, -1, -1));
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));        /* leftover movement: turn */
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));       /* and move on */
  g_assert_cmpint (s->units[lc].zone, ==, Z (0, 2));
}

static void
test_3_3_3_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;
  AciesUnit *su;

  scn_unit (scn, 1, "HI", "A", NULL);
  su = g_ptr_array_index (scn->units, u);
  su->cell = Z (1, 2);                                        /* a historical position */
  s = state_new (scn);
  g_assert_cmpint (s->units[u].zone, ==, LB_OFF);                /* 3.3.1 still applies */
}

static void
test_3_4_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  activate (s, dice, LB_ACT_DOUBLE, -1, hc, -1);
  g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 1), S, -1, -1));
  g_assert_cmpint (s->act.mv[hc], ==, 3);                         /* 4 movements, 1 to enter */
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[hc].zone, ==, Z (1, 1));
}

static void
test_3_4_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL), e = scn_unit (scn, 1, "LC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, e, Z (0, 1), N);
  activate (s, dice, LB_ACT_STD, -1, u, -1);
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (0, 1), S));
  g_assert_true (has_action (s, LB_A_DEPLOY, Z (0, 3), S));
}

static void
test_3_4_5_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), f = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  for (gint i = 0; i < 5; i++)
    scn_unit (scn, 0, "HI", "P", NULL);
  scn_unit (scn, 0, "LI", "A", NULL);
  s = state_new (scn);
  put (s, f, Z (0, 2), S);
  activate (s, dice, LB_ACT_STD, -1, hc, -1);
  g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 2), S, -1, -1));
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));             /* must stop there */
  g_assert_false (has_action (s, LB_A_TURN, -2, -2));
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  /* 2 + 5 × 2 = 12: the zone is full. */
  for (gint i = 3; i < 8; i++)
    put (s, i, Z (0, 2), S);
  s->sides[0].orders = 5;
  activate (s, dice, LB_ACT_STD, -1, 8, -1);
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (0, 2), S));
}

static void
test_3_4_6_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  for (gint i = 0; i < 6; i++)
    scn_unit (scn, 0, "HC", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  s->sides[0].orders = 20;
  for (gint i = 0; i < 6; i++)
    {
      activate (s, dice, LB_ACT_STD, -1, i, -1);
      g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 1 + i % 3), S, -1, -1));
      g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
    }
  for (gint i = 0; i < 6; i++)
    g_assert_cmpint (s->units[i].zone, >=, 0);
  /* Keeping units off the field has no cost: they are still there next turn. */
  g_assert_cmpint (s->units[6].zone, ==, LB_OFF);
  g_assert_cmpint (s->units[6].status, ==, LB_FRESH);
}

/* 4 Command */

static void
test_4_1_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (s->sides[0].orders, ==, 6);                    /* none spent */
  next_player_turn (s, dice, 1);
  next_player_turn (s, dice, 2);
  g_assert_cmpint (s->sides[0].orders, ==, 2);                    /* not 6 + 2 */
}

static void
test_4_2_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, u, Z (0, 2), S);
  activate (s, dice, LB_ACT_STD, -1, u, -1);
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_SELECT, u, -2));            /* once per turn */
  next_player_turn (s, dice, 6);
  next_player_turn (s, dice, 6);
  g_assert_true (has_action (s, LB_A_SELECT, u, -2));             /* again next turn */
}

static void
test_4_2_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), b = scn_unit (scn, 0, "HI", "A", NULL);
  gint c = scn_unit (scn, 0, "HI", "A", NULL), off = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, a, Z (0, 1), S);
  put (s, b, Z (0, 1), S);
  put (s, c, Z (0, 2), S);
  g_assert_true (act (s, dice, LB_A_SELECT, a, -1, -1, -1));
  g_assert_true (has_action (s, LB_A_SELECT, b, -2));
  g_assert_false (has_action (s, LB_A_SELECT, c, -2));            /* another zone */
  g_assert_false (has_action (s, LB_A_SELECT, off, -2));          /* undeployed */
  g_assert_true (act (s, dice, LB_A_CANCEL, -1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_SELECT, off, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_SELECT, a, -2));
}

static void
test_4_2_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "LI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, a, Z (0, 2), S);
  put (s, b, Z (0, 2), S);
  activate (s, dice, LB_ACT_STD, -1, a, b, -1);
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));
  g_assert_cmpint (s->units[a].facing, ==, E);                    /* identical turns */
  g_assert_cmpint (s->units[b].facing, ==, E);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[a].zone, ==, Z (0, 3));               /* and moves */
  g_assert_cmpint (s->units[b].zone, ==, Z (0, 3));
}

static void
test_4_2_5_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), b = scn_unit (scn, 0, "HI", "A", NULL);
  gint c = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint orders;

  s = state_new (scn);
  put (s, a, Z (1, 2), E);
  put (s, b, Z (1, 2), E);
  put (s, c, Z (1, 2), E);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  orders = s->sides[0].orders;
  activate (s, dice, LB_ACT_TURN_ONLY, -1, a, b, c, -1);
  g_assert_cmpint (s->sides[0].orders, ==, orders - 1);           /* 1 Order */
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));
  g_assert_true (act (s, dice, LB_A_TURN, S, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));             /* only change facing */
  g_assert_cmpint (s->act.attack_cap, ==, 1);
  /* Not for entering the field. */
  {
    g_autoptr(AciesScenario) scn2 = scn_new ();
    g_autoptr(AciesLbState) t = NULL;

    scn_unit (scn2, 0, "HI", "A", NULL);
    scn_unit (scn2, 0, "HI", "A", NULL);
    scn_unit (scn2, 1, "HI", "A", NULL);
    t = state_new (scn2);
    g_assert_true (act (t, dice, LB_A_SELECT, 0, -1, -1, -1));
    g_assert_true (act (t, dice, LB_A_SELECT, 1, -1, -1, -1));
    g_assert_false (has_action (t, LB_A_ACTIVATE, LB_ACT_TURN_ONLY, -2));
  }
}

static void
test_4_3_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, a, Z (0, 2), S);
  put (s, b, Z (0, 2), S);
  activate (s, dice, LB_ACT_STD, -1, a, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  activate (s, dice, LB_ACT_STD, -1, b, -1);
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[a].zone, ==, Z (1, 2));               /* one way */
  g_assert_cmpint (s->units[b].zone, ==, Z (0, 3));               /* another */
}

static void
test_4_3_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), b = scn_unit (scn, 0, "HI", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, a, Z (0, 2), S);
  put (s, b, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  activate (s, dice, LB_ACT_STD, -1, a, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));        /* joins b */
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  activate (s, dice, LB_ACT_STD, -1, b, -1);
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));           /* nor those already there */
}

static void
test_4_3_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, a, Z (0, 2), S);
  put (s, b, Z (0, 2), S);
  activate (s, dice, LB_ACT_STD, -1, a, -1);
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));
  g_assert_cmpint (s->units[b].facing, ==, S);                    /* unactivated: unmoved */
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[b].zone, ==, Z (0, 2));
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_true (s->units[b].lead);                                /* but it may lead */
}

static void
test_4_4_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint orders;

  s = state_new (scn);
  put (s, hc, Z (0, 2), S);
  put (s, d, Z (2, 2), N);
  orders = s->sides[0].orders;
  activate (s, dice, LB_ACT_DOUBLE, -1, hc, -1);
  g_assert_cmpint (s->sides[0].orders, ==, orders - 2);           /* Average: 2 Orders */
  g_assert_cmpint (s->act.mv[hc], ==, 4);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));           /* never attacks */
}

static void
test_4_4_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "V", NULL), b = scn_unit (scn, 0, "HC", "V", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, a, Z (0, 2), S);
  put (s, b, Z (0, 2), S);
  g_assert_true (act (s, dice, LB_A_SELECT, a, -1, -1, -1));
  g_assert_true (has_action (s, LB_A_ACTIVATE, LB_ACT_DOUBLE, -2));
  g_assert_true (act (s, dice, LB_A_SELECT, b, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_ACTIVATE, LB_ACT_DOUBLE, -2));   /* individually only */
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (a), LB_ACT_DOUBLE)
                   + acies_lb_activation_cost (s, G1 (b), LB_ACT_DOUBLE), ==, 2);   /* no discount */
}

static void
test_4_4_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint li = scn_unit (scn, 0, "LI", "A", NULL), el = scn_unit (scn, 0, "EL", "Af", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (el), LB_ACT_DOUBLE), ==, 1);
  activate (s, dice, LB_ACT_DOUBLE, -1, li, -1);
  g_assert_cmpint (s->act.free_turns[li], ==, 0);                 /* loses its free turn */
  g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 2), S, -1, -1));
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));        /* costs its last movement */
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));
}

/* 5 Movement */

static void
test_5_1_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "LC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, u, Z (0, 0), S);
  activate (s, dice, LB_ACT_STD, -1, u, -1);
  for (gint d = 0; d < 4; d++)
    g_assert_true (has_action (s, LB_A_TURN, d, -2) == (d != S));
  g_assert_false (has_action (s, LB_A_TURN, 4, -2));
  g_assert_true (act (s, dice, LB_A_TURN, W, -1, -1, -1));
  g_assert_cmpint (acies_lb_neighbour (Z (0, 0), s->units[u].facing), ==, LB_NONE);   /* off the field */
}

static void
test_5_1_1_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), hi = scn_unit (scn, 0, "HI", "A", NULL);
  gint f = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(GError) error = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, hc, Z (0, 1), E);
  put (s, hi, Z (0, 3), W);
  put (s, f, Z (0, 2), S);
  activate (s, dice, LB_ACT_STD, -1, hc, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[hc].facing, ==, S);                   /* turned to match (1 movement) */
  g_assert_cmpint (s->act.mv[hc], ==, 0);
  g_assert_true (acies_lb_check_invariants (s, &error));
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  activate (s, dice, LB_ACT_STD, -1, hi, -1);
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));             /* HI can't also turn */
}

static void
test_5_1_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, a, Z (0, 2), S);
  put (s, b, Z (0, 2), S);
  activate (s, dice, LB_ACT_STD, -1, a, -1);
  g_assert_true (has_action (s, LB_A_TURN, E, -2));
  g_assert_false (has_action (s, LB_A_TURN, N, -2));              /* can't leave that way */
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));
  g_assert_true (s->act.must_leave);
  g_assert_false (has_action (s, LB_A_TURN, -2, -2));
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[a].zone, ==, Z (0, 3));
}

static void
test_5_2_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), lc = scn_unit (scn, 0, "LC", "A", NULL);
  gint ch = scn_unit (scn, 0, "CH", "A", NULL), hi = scn_unit (scn, 0, "HI", "A", NULL);
  gint li = scn_unit (scn, 0, "LI", "A", NULL), el = scn_unit (scn, 0, "EL", "I", NULL);
  gint ca = scn_unit (scn, 0, "HC", "A", "CA");
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_base_movements (&s->units[hc], LB_ACT_STD), ==, 2);
  g_assert_cmpint (acies_lb_base_movements (&s->units[lc], LB_ACT_STD), ==, 2);
  g_assert_cmpint (acies_lb_base_movements (&s->units[ch], LB_ACT_STD), ==, 2);
  g_assert_cmpint (acies_lb_base_movements (&s->units[hi], LB_ACT_STD), ==, 1);
  g_assert_cmpint (acies_lb_base_movements (&s->units[li], LB_ACT_STD), ==, 1);
  g_assert_cmpint (acies_lb_base_movements (&s->units[el], LB_ACT_STD), ==, 1);
  g_assert_cmpint (acies_lb_base_movements (&s->units[ca], LB_ACT_STD), ==, 1);
}

static void
test_5_2_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, hc, Z (0, 2), S);
  activate (s, dice, LB_ACT_STD, -1, hc, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->act.mv[hc], ==, 1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->act.mv[hc], ==, 0);
  g_assert_cmpint (s->units[hc].zone, ==, Z (2, 2));
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));
}

static void
test_5_2_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hi = scn_unit (scn, 0, "HI", "A", NULL), e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, hi, Z (0, 2), S);
  put (s, e, Z (0, 3), W);                                        /* no free 180 */
  activate (s, dice, LB_ACT_STD, -1, hi, -1);
  g_assert_true (act (s, dice, LB_A_TURN, W, -1, -1, -1));
  g_assert_cmpint (s->act.mv[hi], ==, 0);                         /* the turn cost 1 */
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));
}

static void
test_5_3_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hi = scn_unit (scn, 0, "HI", "A", NULL), e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, hi, Z (1, 2), S);                                       /* facing an empty zone */
  put (s, e, Z (1, 3), W);
  s->units[e].lead = 1;
  g_assert_true (acies_lb_free_attack_turn (s, hi));
  activate (s, dice, LB_ACT_STD, -1, hi, -1);
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));
  g_assert_cmpint (s->act.mv[hi], ==, 1);                         /* free */
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));             /* the turn is to attack */
  g_assert_true (has_action (s, LB_A_ATTACK, -2, -2));
  put (s, e, Z (2, 2), N);
  g_assert_false (acies_lb_free_attack_turn (s, hi) && s->units[hi].facing == S);
}

static void
test_5_3_d (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, hc, Z (0, 1), S);
  put (s, e, Z (3, 4), N);
  activate (s, dice, LB_ACT_STD, -1, hc, -1);
  g_assert_true (s->act.free180[hc]);                             /* assessed now */
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_TURN, N, -1, -1, -1));        /* out of the start zone: costs 1 */
  g_assert_cmpint (s->act.mv[hc], ==, 0);
}

static void
test_5_4_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), hi = scn_unit (scn, 0, "HI", "A", NULL);
  gint el = scn_unit (scn, 0, "EL", "I", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  s->terrain[Z (1, 2)] = LB_T_STREAM | LB_T_RIVER | LB_T_COAST;
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (1, 2), FALSE), ==, 1);
  s->terrain[Z (1, 2)] = LB_T_HILL | LB_T_FOREST | LB_T_MARSH;
  g_assert_cmpint (acies_lb_enter_cost (s, hi, Z (1, 2), FALSE), ==, 1);
  g_assert_cmpint (acies_lb_enter_cost (s, el, Z (1, 2), FALSE), ==, 1);
}

static void
test_5_4_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  area_new (scn, "camp", 0, Z (0, 3));
  s = state_new (scn);
  put (s, hc, Z (0, 2), E);
  put (s, e, Z (1, 3), N);
  activate (s, dice, LB_ACT_STD, -1, hc, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));             /* can't leave */
  g_assert_false (has_action (s, LB_A_TURN, -2, -2) && has_action (s, LB_A_ATTACK, -2, -2));
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));
}

static void
test_5_5_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), e = scn_unit (scn, 1, "LI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, hc, Z (1, 2), S);
  put (s, e, Z (2, 2), N);
  activate (s, dice, LB_ACT_STD, -1, hc, -1);
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));
  g_assert_true (has_action (s, LB_A_ATTACK, -2, -2));
}

static void
test_5_5_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), f = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, hc, Z (0, 2), S);
  put (s, f, Z (1, 2), S);
  activate (s, dice, LB_ACT_STD, -1, hc, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->act.mv[hc], ==, 1);
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));             /* stays for the turn */
  g_assert_false (has_action (s, LB_A_TURN, -2, -2));
}

/* 5.5.2: deployed into a friendly zone facing another way, the group
 * turns to match at once (it used to be refused). */
static void
deploy_turns_to_match (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), hi = scn_unit (scn, 0, "HI", "A", NULL);
  gint li = scn_unit (scn, 0, "LI", "A", NULL), f = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(GError) error = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  s->sides[0].orders = 6;
  put (s, f, Z (0, 2), E);
  activate (s, dice, LB_ACT_STD, -1, hi, -1);
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (0, 2), S));     /* 1 movement: can't also turn */
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  activate (s, dice, LB_ACT_STD, -1, li, -1);
  g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 2), S, -1, -1)); /* LI: its free turn */
  g_assert_cmpint (s->units[li].facing, ==, E);
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  activate (s, dice, LB_ACT_STD, -1, hc, -1);
  g_assert_true (act (s, dice, LB_A_DEPLOY, Z (0, 2), S, -1, -1));
  g_assert_cmpint (s->units[hc].facing, ==, E);                   /* entry 1 + turn 1 */
  g_assert_cmpint (s->act.mv[hc], ==, 0);
  g_assert_true (acies_lb_check_invariants (s, &error));
}

static void
test_5_6_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), li = scn_unit (scn, 0, "LI", "A", NULL);
  gint e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, hc, Z (0, 2), S);
  put (s, li, Z (0, 2), S);
  put (s, e, Z (3, 0), N);
  activate (s, dice, LB_ACT_STD, -1, hc, li, -1);
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));        /* the book's example */
  g_assert_cmpint (s->act.mv[hc], ==, 1);
  g_assert_cmpint (s->act.mv[li], ==, 1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->act.mv[hc], ==, 0);
  g_assert_cmpint (s->act.mv[li], ==, 0);
}

static void
test_5_6_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), hi = scn_unit (scn, 0, "HI", "A", NULL);
  gint e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, hc, Z (0, 2), S);
  put (s, hi, Z (0, 2), S);
  put (s, e, Z (0, 4), W);                                        /* no free 180 anywhere */
  activate (s, dice, LB_ACT_STD, -1, hc, hi, -1);
  g_assert_true (act (s, dice, LB_A_TURN, W, -1, -1, -1));
  g_assert_cmpint (s->act.mv[hc], ==, 1);                         /* the HC could move on */
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));             /* but the HI can't */
}

/* 6 Combat */

static void
test_6_1_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, hc, Z (0, 2), S);
  put (s, d, Z (2, 2), N);
  put (s, 2, Z (2, 2), N);
  s->units[d].lead = 1;
  activate (s, dice, LB_ACT_STD, -1, hc, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_true (has_action (s, LB_A_ATTACK, -2, -2));            /* 1 movement left, cost 1 */
  s->terrain[Z (2, 2)] = LB_T_HILL;
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));           /* cost 2 on a hill */
  s->terrain[Z (2, 2)] = 0;
  g_assert_true (act (s, dice, LB_A_ATTACK, -1, -1, -1, -1));
  g_assert_cmpint (s->act.mv[hc], ==, 0);
}

static void
test_6_1_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;
  gint still;

  s = state_new (scn);
  put (s, hc, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  still = acies_lb_modifiers (s, hc, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL);
  g_assert_cmpint (acies_lb_modifiers (s, hc, Z (1, 2), Z (2, 2), FALSE, TRUE, FALSE, 0, -1, NULL), ==, still - 1);
}

static void
test_6_1_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "LC", "A", NULL), b = scn_unit (scn, 0, "LC", "A", NULL);
  gint e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, a, Z (2, 4), W);                    /* A2 Left Flank, facing A2 Left Centre */
  put (s, b, Z (1, 3), E);                    /* A1 Right Centre */
  put (s, e, Z (2, 3), N);
  s->units[e].lead = 1;
  activate (s, dice, LB_ACT_STD, -1, a, -1);
  g_assert_true (has_action (s, LB_A_ATTACK, -2, -2));            /* no turn: legal */
  g_assert_true (act (s, dice, LB_A_TURN, N, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_TURN, W, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));           /* turned this turn */
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  activate (s, dice, LB_ACT_STD, -1, b, -1);
  g_assert_true (act (s, dice, LB_A_TURN, S, -1, -1, -1));
  g_assert_true (has_action (s, LB_A_ATTACK, -2, -2));            /* not a flank or rear zone */
}

static void
test_6_1_4_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), lc = scn_unit (scn, 0, "LC", "A", NULL);
  gint el = scn_unit (scn, 1, "EL", "I", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, hc, Z (1, 2), E);
  put (s, lc, Z (1, 2), E);
  put (s, el, Z (1, 3), W);
  s->units[el].lead = 1;
  activate (s, dice, LB_ACT_STD, -1, hc, lc, -1);
  g_assert_true (has_action (s, LB_A_ATTACK, -2, -2));            /* both have 2 for the elephants */
  g_assert_true (act (s, dice, LB_A_TURN, S, -1, -1, -1));        /* HC pays 1, LC nothing */
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));        /* free turn for the attack? no: LC 2nd free */
  g_assert_cmpint (s->act.mv[lc], ==, 2);
  g_assert_cmpint (s->act.mv[hc], <, 2);
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));           /* the HC can't pay 2 */
}

static void
test_6_1_4_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  put (s, e, Z (2, 2), N);
  s->units[e].lead = 1;
  /* Second of two player-turns in a row: not from a zone attacked from. */
  s->prev_side = 0;
  s->sides[0].attacked_from_prev = 1u << Z (1, 2);
  activate (s, dice, LB_ACT_STD, -1, a, -1);
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));
  s->sides[0].attacked_from_prev = 1u << Z (1, 3);
  g_assert_true (has_action (s, LB_A_ATTACK, -2, -2));
  s->prev_side = 1;
  g_assert_true (has_action (s, LB_A_ATTACK, -2, -2));
  s->act.kind = LB_ACT_DOUBLE;                                    /* double move */
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));
}

static void
test_6_1_5_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  setup_attack (s, dice, a, d);
  push (dice, 1, 1);                                              /* a miss */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_MAIN);                     /* no move or turn after it */
  g_assert_false (has_action (s, LB_A_TURN, -2, -2));
  g_assert_false (has_action (s, LB_A_SELECT, a, -2));
}

static void
test_6_2_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL), c;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint orders;

  scn_unit (scn, 1, "HI", "A", NULL);
  c = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  s->cmdrs[c].zone = Z (1, 2);
  put (s, 2, Z (2, 2), N);
  orders = s->sides[0].orders;
  g_assert_true (act (s, dice, LB_A_STRATEGIST, c, Z (0, 2), -1, -1));   /* alone, 0 Orders */
  g_assert_cmpint (s->sides[0].orders, ==, orders);
  setup_attack (s, dice, a, d);                                    /* attacks without him */
  g_assert_cmpint (s->act.cmdr, ==, LB_NONE);
}

static void
test_6_3_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, b, Z (1, 2), S);
  setup_attack (s, dice, a, d);
  push (dice, 1, 1);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_ATTACK);                    /* b still to roll */
  push (dice, 1, 2);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, b, 0, 0, -1));
  g_assert_cmpint (s->atk.n_attacks, ==, 2);
  g_assert_cmpint (s->atk.total - acies_lb_modifiers (s, b, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL), ==, 3);
}

static void
test_6_3_4_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  s->attack_limit = 3;
  put (s, b, Z (1, 2), S);
  setup_attack (s, dice, a, d);
  push (dice, 1, 1);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));   /* 2 of 3 */
  g_assert_false (has_action (s, LB_A_ATTACK_WITH, b, 0));
  g_assert_true (has_action (s, LB_A_ATTACK_WITH, b, 1));          /* at half size */
  g_assert_cmpint (acies_lb_modifiers (s, b, Z (1, 2), Z (2, 2), FALSE, FALSE, TRUE, 0, -1, NULL), ==,
                   acies_lb_modifiers (s, b, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL) - 1);
}

static void
test_6_3_5_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "V", NULL), b = scn_unit (scn, 0, "HI", "V", NULL);
  gint c = scn_unit (scn, 0, "HI", "V", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  for (gint u = a; u <= c; u++)
    put (s, u, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  activate (s, dice, LB_ACT_TURN_ONLY, -1, a, b, c, -1);
  g_assert_true (act (s, dice, LB_A_ATTACK, -1, -1, -1, -1));
  push (dice, 1, 1);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, b, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_MAIN);                       /* only one attacks */
  g_assert_false (s->units[a].attacked || s->units[c].attacked);
}

static void
test_6_4_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, b, Z (1, 2), S);
  setup_attack (s, dice, a, d);
  g_assert_true (has_action (s, LB_A_ATTACK_WITH, a, -2));         /* free choice of the first */
  g_assert_true (has_action (s, LB_A_ATTACK_WITH, b, -2));
  push (dice, 1, 1);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, b, 0, 0, -1));
  g_assert_true (s->units[b].lead);                                /* first attacker leads */
  g_assert_false (s->units[a].lead);
}

static void
test_6_4_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  s->attack_limit = 3;
  put (s, b, Z (1, 2), S);
  put (s, 3, Z (2, 2), N);
  setup_attack (s, dice, a, d);
  push (dice, 4, 4);                                               /* 8 + 1 = 9: margin 0 */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_DECISIVE);
  g_assert_true (act (s, dice, LB_A_DECISIVE, 1, -1, -1, -1));
  g_assert_false (s->units[a].lead);                              /* lost lead status */
  g_assert_cmpint (s->units[a].status, ==, LB_DISORDERED);
  while (s->phase == LB_PH_NEW_LEAD || s->phase == LB_PH_SECOND_HIT)
    g_assert_true (act (s, dice, s->phase == LB_PH_NEW_LEAD ? LB_A_LEAD : LB_A_SECOND_HIT, 3, -1, -1, -1));
  while (s->phase == LB_PH_ATTACK)
    {
      push (dice, 1, 1);
      g_assert_true (act (s, dice, LB_A_ATTACK_WITH, b, 1, 0, -1));
    }
  /* The zone had no lead left: the next attacker from it took the role. */
  g_assert_false (s->units[a].lead);
  g_assert_true (s->units[b].lead);
}

static void
test_6_4_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, a, Z (0, 2), S);
  put (s, e, Z (3, 2), N);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_true (s->units[a].lead);
  acies_dice_push (dice, 1);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  g_assert_true (s->units[a].lead);                                /* still, in the enemy's turn */
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_cmpint (s->base.active_side, ==, 0);
  g_assert_false (s->units[a].lead);                               /* cleared at its own start */
  g_assert_true (s->units[a].was_lead);                            /* LB-G07 */
}

static void
test_6_4_4_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d1 = scn_unit (scn, 1, "HI", "A", NULL);
  gint d2 = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, d1, Z (2, 2), N);
  setup_attack (s, dice, a, d2);                                   /* d2 leads */
  push (dice, 5, 5);                                               /* 1 hit */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[d2].status, ==, LB_DISORDERED);
  g_assert_cmpint (s->units[d1].status, ==, LB_FRESH);
}

static void
test_6_4_5_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d1 = scn_unit (scn, 1, "HI", "A", NULL);
  gint d2 = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, d1, Z (2, 2), N);
  setup_attack (s, dice, a, d2);
  push (dice, 5, 5);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_NEW_LEAD);                  /* at once, by the defender */
  g_assert_cmpint (s->base.deciding_side, ==, 1);
  g_assert_true (has_action (s, LB_A_LEAD, d2, -2));               /* may keep the Disordered one */
  g_assert_true (has_action (s, LB_A_LEAD, d1, -2));
  g_assert_true (act (s, dice, LB_A_LEAD, d1, -1, -1, -1));
  g_assert_true (s->units[d1].lead);
  g_assert_false (s->units[d2].lead);
}

/* 6.4.5: the new lead is chosen at once, between the two hits of one
 * attack (it used to wait until the whole attack was resolved). */
static void
relead_between_hits (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d1 = scn_unit (scn, 1, "HI", "A", NULL);
  gint d2 = scn_unit (scn, 1, "HI", "A", NULL), d3 = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, d1, Z (2, 2), N);
  put (s, d3, Z (2, 2), N);
  setup_attack (s, dice, a, d2);
  push (dice, 6, 6);                                               /* margin 4: 2 hits */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[d2].status, ==, LB_DISORDERED);
  g_assert_cmpint (s->phase, ==, LB_PH_NEW_LEAD);                  /* before the second hit */
  g_assert_cmpint (s->base.deciding_side, ==, 1);
  g_assert_true (act (s, dice, LB_A_LEAD, d1, -1, -1, -1));
  g_assert_true (s->units[d1].lead);
  g_assert_cmpint (s->phase, ==, LB_PH_SECOND_HIT);
  g_assert_true (act (s, dice, LB_A_SECOND_HIT, d3, -1, -1, -1));  /* not the lead: no new choice */
  g_assert_cmpint (s->units[d3].status, ==, LB_DISORDERED);
  g_assert_true (s->units[d1].lead);
  g_assert_cmpint (s->phase, ==, LB_PH_MAIN);
}

static void
test_6_8_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint li = scn_unit (scn, 1, "LI", "A", NULL), hi = scn_unit (scn, 1, "HI", "A", NULL);
  gint e = scn_unit (scn, 0, "HC", "A", NULL), x = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, li, Z (2, 2), N);
  put (s, hi, Z (2, 2), N);
  put (s, x, Z (0, 0), S);
  s->units[li].status = LB_DISORDERED;
  s->units[hi].lead = 1;
  setup_attack (s, dice, e, hi);
  push (dice, 5, 5);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, e, 0, 0, -1));
  /* One other choice: the Disordered LI can't lead, so no prompt. */
  g_assert_cmpint (s->phase, !=, LB_PH_NEW_LEAD);
  g_assert_true (s->units[hi].lead);
  /* An enemy behind the zone and facing it forces the Disordered LI. */
  s->units[hi].lead = 0;
  put (s, x, Z (3, 2), N);
  s->relead = 1u << Z (2, 2);
  s->phase = LB_PH_NEW_LEAD;
  g_assert_true (has_action (s, LB_A_LEAD, li, -2));
  g_assert_false (has_action (s, LB_A_LEAD, hi, -2));
}

static void
test_6_9_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "V", NULL), b = scn_unit (scn, 0, "HI", "V", NULL);
  gint c = scn_unit (scn, 0, "HI", "V", NULL), d = scn_unit (scn, 1, "HI", "P", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  for (gint u = a; u <= c; u++)
    put (s, u, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  activate (s, dice, LB_ACT_TURN_ONLY, -1, a, b, c, -1);
  g_assert_true (act (s, dice, LB_A_ATTACK, -1, -1, -1, -1));
  push (dice, 6, 6);
  acies_dice_push (dice, 6);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, b, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_PURSUIT);
  g_assert_true (has_action (s, LB_A_PURSUE, b, -2));
  g_assert_false (has_action (s, LB_A_PURSUE, a, -2));              /* only the one that attacked */
  g_assert_true (act (s, dice, LB_A_PURSUE, b, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_MAIN);
}

static void
test_6_9_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "P", NULL);
  gint p = scn_unit (scn, 1, "LI", "P", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  scn_unit (scn, 0, "HI", "A", NULL);
  s = state_new (scn);
  put (s, p, Z (2, 2), N);
  put (s, 3, Z (3, 4), N);
  put (s, 4, Z (0, 0), S);                                         /* no 2:1 (7.1-m1/m4) */
  setup_attack (s, dice, a, d);
  push (dice, 6, 6);                                               /* d Shattered */
  acies_dice_push (dice, 1);                                       /* morale 1: the Poor LI at 0 goes */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[p].status, ==, LB_WITHDRAWN);
  g_assert_cmpint (s->phase, ==, LB_PH_PURSUIT);                   /* the zone emptied by morale */
}

static void
test_6_9_4_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "P", NULL);
  gint e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, e, Z (3, 2), N);
  setup_attack (s, dice, a, d);
  push (dice, 6, 6);
  acies_dice_push (dice, 6);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_true (act (s, dice, LB_A_PURSUE, a, -1, -1, -1));
  g_assert_cmpint (s->units[a].zone, ==, Z (2, 2));
  g_assert_true (s->units[a].pursued);
  g_assert_false (has_action (s, LB_A_SELECT, a, -2));            /* no further attack this turn */
}

static void
test_6_9_5_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "P", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, b, Z (1, 2), S);
  put (s, 3, Z (3, 4), N);
  setup_attack (s, dice, a, d);
  push (dice, 6, 6);
  acies_dice_push (dice, 6);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_true (act (s, dice, LB_A_PURSUE, b, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_PURSUE, a, -1, -1, -1));
  g_assert_true (s->units[a].lead);                                /* the lead attacker stays lead */
  g_assert_false (s->units[b].lead);
  g_assert_cmpint (s->units[a].zone, ==, Z (2, 2));
  /* Unless it made a decisive attack. */
  {
    g_autoptr(AciesLbState) t = state_new (scn);

    put (t, b, Z (1, 2), S);
    put (t, 3, Z (3, 4), N);
    t->units[d].cls = LB_AVERAGE;
    setup_attack (t, dice, a, d);
    push (dice, 4, 4);                                             /* 8 + 1 = 9: margin 0 */
    g_assert_true (act (t, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
    acies_dice_push (dice, 6);
    g_assert_true (act (t, dice, LB_A_DECISIVE, 1, -1, -1, -1));   /* 2 hits: Shattered */
    g_assert_cmpint (t->phase, ==, LB_PH_PURSUIT);
    g_assert_true (act (t, dice, LB_A_PURSUE, a, -1, -1, -1));
    g_assert_false (t->units[a].lead);
  }
}

static void
test_6_11 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint vhi = scn_unit (scn, 0, "HI", "V", NULL), vca = scn_unit (scn, 0, "HC", "V", "CA");
  gint ahi = scn_unit (scn, 0, "HI", "P", NULL), vhc = scn_unit (scn, 0, "HC", "V", NULL);
  gint vlc = scn_unit (scn, 0, "LC", "V", NULL), aca = scn_unit (scn, 0, "HC", "A", "CA");
  gint vli = scn_unit (scn, 0, "LI", "V", NULL), ali = scn_unit (scn, 0, "LI", "A", NULL);
  gint el = scn_unit (scn, 0, "EL", "Af", NULL), ahc = scn_unit (scn, 0, "HC", "A", NULL);
  gint ch = scn_unit (scn, 0, "CH", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_size2 (s, vhi, TRUE), ==, 1);                 /* 0.5 */
  g_assert_cmpint (acies_lb_size2 (s, vca, TRUE), ==, 1);
  g_assert_cmpint (acies_lb_size2 (s, ahi, TRUE), ==, 2);                 /* 1 */
  g_assert_cmpint (acies_lb_size2 (s, vhc, TRUE), ==, 2);
  g_assert_cmpint (acies_lb_size2 (s, vlc, TRUE), ==, 2);
  g_assert_cmpint (acies_lb_size2 (s, aca, TRUE), ==, 2);
  g_assert_cmpint (acies_lb_size2 (s, vli, TRUE), ==, 2);
  g_assert_cmpint (acies_lb_size2 (s, ali, TRUE), ==, 4);                 /* 2 */
  s->units[ali].was_lead = 1;
  g_assert_cmpint (acies_lb_size2 (s, ali, TRUE), ==, 2);                 /* Fresh lead LI */
  g_assert_cmpint (acies_lb_size2 (s, el, TRUE), ==, 4);
  s->units[el].was_lead = 1;
  g_assert_cmpint (acies_lb_size2 (s, el, TRUE), ==, 2);                  /* lead elephant */
  g_assert_cmpint (acies_lb_size2 (s, ahc, TRUE), ==, 4);
  g_assert_cmpint (acies_lb_size2 (s, ch, TRUE), ==, 4);
}

static void
test_6_12 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), v1 = scn_unit (scn, 0, "HI", "V", NULL);
  gint v2 = scn_unit (scn, 0, "HI", "V", NULL), le = scn_unit (scn, 0, "HI", "V", "LE");
  gint li = scn_unit (scn, 0, "LI", "A", NULL), lc = scn_unit (scn, 0, "LC", "P", NULL);
  gint el = scn_unit (scn, 0, "EL", "I", NULL), c;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint orders;

  scn_unit (scn, 1, "HI", "A", NULL);
  c = scn_leader (scn, 0, FALSE, "P", FALSE, -1);
  s = state_new (scn);
  /* 0: a Strategist alone. */
  s->cmdrs[c].zone = Z (0, 2);
  put (s, a, Z (0, 2), S);
  orders = s->sides[0].orders;
  g_assert_true (act (s, dice, LB_A_STRATEGIST, c, Z (0, 1), -1, -1));
  g_assert_cmpint (s->sides[0].orders, ==, orders);
  /* 1 */
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (a), LB_ACT_STD), ==, 1);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (v1) | G1 (v2), LB_ACT_STD), ==, 1);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (a) | G1 (v1) | G1 (v2), LB_ACT_TURN_ONLY), ==, 1);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (v1), LB_ACT_DOUBLE), ==, 1);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (li), LB_ACT_DOUBLE), ==, 1);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (el), LB_ACT_DOUBLE), ==, 1);
  g_assert_cmpint (acies_lb_bonus_cost (s, lc, FALSE), ==, 1);
  g_assert_cmpint (acies_lb_bonus_cost (s, v1, TRUE), ==, 1);
  g_assert_cmpint (acies_lb_bonus_cost (s, el, FALSE), ==, 1);
  /* 2 */
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (a) | G1 (v1), LB_ACT_STD), ==, 2);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (a), LB_ACT_DOUBLE), ==, 2);
  g_assert_cmpint (acies_lb_activation_cost (s, G1 (le), LB_ACT_TRIPLE), ==, 2);
  g_assert_cmpint (acies_lb_bonus_cost (s, a, TRUE), ==, 2);
}

static void
test_6_13 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), ch = scn_unit (scn, 0, "CH", "A", NULL);
  gint ca = scn_unit (scn, 0, "HC", "A", "CA"), hi = scn_unit (scn, 0, "HI", "A", NULL);
  gint el = scn_unit (scn, 1, "EL", "I", NULL);
  g_autoptr(AciesLbState) s = NULL;

  area_new (scn, "camp", 0, Z (0, 2));
  s = state_new (scn);
  g_assert_cmpint (acies_lb_enter_cost (s, hi, Z (0, 2), TRUE), ==, 0);    /* deploying into an unfortified camp */
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (0, 1), TRUE), ==, 1);
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (1, 1), FALSE), ==, 1);
  s->terrain[Z (1, 1)] = LB_T_MARSH;
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (1, 1), FALSE), ==, 2);
  g_assert_cmpint (acies_lb_enter_cost (s, ch, Z (1, 1), FALSE), ==, 2);
  g_assert_cmpint (acies_lb_enter_cost (s, ca, Z (1, 1), FALSE), ==, 1);
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (1, 1), TRUE), ==, 1);    /* the zone of entry */
  put (s, el, Z (1, 3), N);
  g_assert_cmpint (acies_lb_enter_cost (s, hc, Z (1, 3), FALSE), ==, 2);   /* enemy elephants */
  g_assert_cmpint (acies_lb_enter_cost (s, hi, Z (1, 3), FALSE), ==, 1);
}

/* 7 Morale */

static void
test_7_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  gint o = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  s = state_new (scn);
  put (s, o, Z (2, 2), N);
  put (s, 3, Z (0, 0), S);
  setup_attack (s, dice, a, d);
  push (dice, 6, 6);                                               /* 2 hits */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_NEW_LEAD);                  /* no check yet */
  g_assert_true (act (s, dice, LB_A_LEAD, d, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_SECOND_HIT);
  acies_dice_push (dice, 6);                                       /* one morale die, after both hits */
  g_assert_true (act (s, dice, LB_A_SECOND_HIT, d, -1, -1, -1));
  g_assert_cmpint (s->units[d].status, ==, LB_SHATTERED);
  g_assert_false (acies_dice_failed (dice));
  g_assert_cmpint (s->units[o].status, ==, LB_FRESH);
}

static void
test_7_3_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), li = scn_unit (scn, 1, "LI", "P", NULL);
  gint lc = scn_unit (scn, 1, "LC", "P", NULL), li2 = scn_unit (scn, 1, "LI", "P", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 0, "HI", "A", NULL);
  s = state_new (scn);
  put (s, lc, Z (2, 2), N);
  put (s, li2, Z (2, 2), N);
  put (s, 4, Z (0, 0), S);
  put (s, 5, Z (0, 0), S);
  setup_attack (s, dice, a, li);
  push (dice, 6, 6);                                               /* Fresh Poor lead: Shattered */
  acies_dice_push (dice, 1);                                       /* army morale 1 */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[li].status, ==, LB_SHATTERED);
  g_assert_cmpint (s->units[lc].status, ==, LB_FRESH);             /* one LI: the LC at 0 stays */
  g_assert_cmpint (s->units[li2].status, ==, LB_WITHDRAWN);        /* other LI at 0 go */
}

static void
test_7_3_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), bg = scn_unit (scn, 1, "HI", "A", NULL);
  gint lc = scn_unit (scn, 1, "LC", "A", NULL), h;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  h = scn_leader (scn, 1, TRUE, "A", FALSE, bg);
  s = state_new (scn);
  put (s, lc, Z (2, 2), N);
  put (s, 3, Z (0, 0), S);
  setup_attack (s, dice, a, bg);
  push (dice, 4, 4);                                               /* 1 hit */
  push (dice, 1, 1);                                               /* mandatory attempt: killed */
  acies_dice_push (dice, 1);                                       /* army morale 1 − 1 = 0 */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->cmdrs[h].status, ==, LB_CMDR_KILLED);
  g_assert_false (acies_dice_failed (dice));
  g_assert_cmpint (acies_lb_unit_morale (s, lc, acies_lb_army_morale (s, 1, 1), Z (2, 2)), ==, 0);
  g_assert_cmpint (s->units[lc].status, ==, LB_FRESH);             /* a death removes no one at 0 */
}

/* 8 Commanders */

static void
test_8_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint bg = scn_unit (scn, 0, "HC", "A", NULL), o = scn_unit (scn, 0, "HC", "A", NULL), h;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint orders;

  scn_unit (scn, 1, "HI", "A", NULL);
  h = scn_leader (scn, 0, TRUE, "A", FALSE, bg);
  s = state_new (scn);
  put (s, bg, Z (0, 2), S);
  put (s, o, Z (0, 2), S);
  orders = s->sides[0].orders;
  g_assert_true (act (s, dice, LB_A_SELECT, bg, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_cmpint (s->act.cmdr, ==, h);                            /* activated with his unit */
  g_assert_cmpint (s->sides[0].orders, ==, orders);               /* from his pool */
  acies_lb_remove_unit (s, bg, LB_SHATTERED, NULL, "test");
  g_assert_cmpint (s->cmdrs[h].status, ==, LB_CMDR_LOST);
}

static void
test_8_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL), e = scn_unit (scn, 1, "HC", "A", NULL), c;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  c = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  put (s, u, Z (1, 2), S);
  s->cmdrs[c].zone = Z (1, 2);
  g_assert_cmpint (acies_lb_zone_load (s, Z (1, 2), 0), ==, 1);          /* not counted for stacking */
  s->cmdrs[c].zone = Z (1, 1);
  put (s, e, Z (2, 1), N);
  /* He never blocks: the enemy may enter his zone (then he is alone: lost at the end). */
  s->base.active_side = 1;
  s->sides[1].orders = 5;
  s->phase = LB_PH_MAIN;
  s->base.deciding_side = 1;
  activate (s, dice, LB_ACT_STD, -1, e, -1);
  g_assert_true (has_action (s, LB_A_MOVE, -2, -2));
}

static void
test_8_2_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HC", "A", NULL), v = scn_unit (scn, 0, "HC", "A", NULL), c;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  c = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  put (s, u, Z (0, 2), S);
  put (s, v, Z (0, 3), S);
  s->cmdrs[c].zone = Z (0, 2);
  activate (s, dice, LB_ACT_STD, c, u, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->cmdrs[c].zone, ==, Z (1, 2));                /* moves with the group */
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_STRATEGIST, c, -2));         /* once per turn */
  next_player_turn (s, dice, 6);
  next_player_turn (s, dice, 6);
  g_assert_true (has_action (s, LB_A_STRATEGIST, c, Z (0, 3)));    /* anywhere free of the enemy */
  g_assert_true (has_action (s, LB_A_STRATEGIST, c, -1));          /* or off the field */
  put (s, 2, Z (2, 0), N);
  g_assert_false (has_action (s, LB_A_STRATEGIST, c, Z (2, 0)));
}

/* 8.2: a Strategist who went with the attacking group may advance with it
 * (a choice once a unit has advanced; he used to follow only when his
 * zone emptied). */
static void
strategist_advances (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "P", NULL), c;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  c = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  put (s, b, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  put (s, 3, Z (3, 4), N);
  s->units[d].lead = 1;
  s->cmdrs[c].zone = Z (1, 2);
  activate (s, dice, LB_ACT_STD, c, a, b, -1);
  g_assert_true (act (s, dice, LB_A_ATTACK, -1, -1, -1, -1));
  push (dice, 6, 6);
  acies_dice_push (dice, 6);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_PURSUIT);
  g_assert_false (has_action (s, LB_A_STRATEGIST, c, Z (2, 2)));    /* no unit has advanced yet */
  g_assert_true (act (s, dice, LB_A_PURSUE, a, -1, -1, -1));
  g_assert_true (has_action (s, LB_A_STRATEGIST, c, Z (2, 2)));     /* he may follow … */
  g_assert_true (has_action (s, LB_A_PURSUE_DONE, -2, -2));         /* … or stay with b */
  g_assert_true (act (s, dice, LB_A_STRATEGIST, c, Z (2, 2), -1, -1));
  g_assert_cmpint (s->cmdrs[c].zone, ==, Z (2, 2));
  g_assert_cmpint (s->units[b].zone, ==, Z (1, 2));
  g_assert_true (has_action (s, LB_A_PURSUE, b, -2));               /* b may still advance */
  g_assert_true (act (s, dice, LB_A_PURSUE_DONE, -1, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_MAIN);
}

static void
test_8_2_c (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL), v = scn_unit (scn, 0, "HI", "A", NULL), c1, c2;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  c1 = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  c2 = scn_leader (scn, 0, FALSE, "P", FALSE, -1);
  s = state_new (scn);
  put (s, u, Z (0, 1), S);
  put (s, v, Z (0, 3), S);
  s->cmdrs[c1].zone = Z (0, 1);
  acies_lb_remove_unit (s, u, LB_WITHDRAWN, NULL, "test");
  g_assert_cmpint (s->cmdrs[c1].status, ==, LB_CMDR_LOST);         /* his last unit left */
  g_assert_cmpint (s->cmdrs[c2].zone, ==, LB_OFF);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_cmpint (s->cmdrs[c2].status, ==, LB_CMDR_LOST);         /* no unit left undeployed */
}

static void
test_8_3_1_a (void)
{
  {
    g_autoptr(AciesScenario) scn = scn_new ();
    gint u = scn_unit (scn, 0, "HI", "A", NULL), w = scn_unit (scn, 0, "HI", "A", NULL), c;
    g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
    g_autoptr(AciesLbState) s = NULL;
    gint orders;

    scn_unit (scn, 1, "HI", "A", NULL);
    c = scn_leader (scn, 0, FALSE, "P", FALSE, -1);
    s = state_new (scn);
    g_assert_cmpint (acies_lb_cmdr_pool (LB_RATING_P), ==, 1);
    g_assert_cmpint (acies_lb_cmdr_pool (LB_RATING_A), ==, 2);
    g_assert_cmpint (acies_lb_cmdr_pool (LB_RATING_I), ==, 4);
    g_assert_cmpint (acies_lb_cmdr_pool (LB_RATING_B), ==, 4);
    put (s, u, Z (0, 2), S);
    put (s, w, Z (0, 1), S);
    s->cmdrs[c].zone = Z (0, 2);
    orders = s->sides[0].orders;
    activate (s, dice, LB_ACT_STD, -1, w, -1);                      /* not in his zone */
    g_assert_cmpint (s->sides[0].orders, ==, orders - 1);
    g_assert_cmpint (s->cmdrs[c].act_pool, ==, 1);
  }
}

static void
test_8_3_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL), c;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint orders;

  scn_unit (scn, 1, "HI", "A", NULL);
  c = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  orders = s->sides[0].orders;
  activate (s, dice, LB_ACT_STD, -1, u, -1);
  g_assert_cmpint (s->sides[0].orders, ==, orders);                /* paid by the undeployed commander */
  g_assert_cmpint (s->cmdrs[c].act_pool, ==, 1);
}

static void
test_8_4_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL), c;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint orders;

  scn_unit (scn, 1, "HI", "A", NULL);
  c = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  put (s, b, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  put (s, 3, Z (2, 2), N);
  s->units[d].lead = 1;
  s->cmdrs[c].zone = Z (1, 2);
  activate (s, dice, LB_ACT_STD, c, a, b, -1);                      /* 2 from the activation pool */
  g_assert_cmpint (s->cmdrs[c].act_pool, ==, 0);
  g_assert_cmpint (s->cmdrs[c].bonus_pool, ==, 2);                  /* a separate pool */
  g_assert_true (act (s, dice, LB_A_ATTACK, -1, -1, -1, -1));
  orders = s->sides[0].orders;
  push (dice, 1, 1);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 1, -1));    /* bonus for 2 (HC lead) */
  g_assert_cmpint (s->cmdrs[c].bonus_pool, ==, 0);
  g_assert_cmpint (s->sides[0].orders, ==, orders);
}

static void
test_8_4_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL), c;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  c = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  put (s, b, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  put (s, 3, Z (2, 2), N);
  s->units[d].lead = 1;
  s->cmdrs[c].zone = Z (1, 2);
  activate (s, dice, LB_ACT_STD, c, a, b, -1);
  g_assert_true (act (s, dice, LB_A_ATTACK, -1, -1, -1, -1));
  push (dice, 1, 1);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));    /* no bonus for the first */
  g_assert_cmpint (s->cmdrs[c].bonus_pool, ==, 0);                  /* can't be saved */
}

static void
test_8_4_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL), c;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  c = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  s->cmdrs[c].zone = Z (1, 2);
  g_assert_true (act (s, dice, LB_A_STRATEGIST, c, Z (1, 1), -1, -1));   /* sent elsewhere */
  s->sides[0].orders = 1;
  setup_attack (s, dice, a, d);
  g_assert_true (has_action (s, LB_A_ATTACK_WITH, a, 0));
  g_assert_cmpint (s->act.cmdr, ==, LB_NONE);
  g_assert_cmpint (s->sides[0].orders, ==, 0);
  /* No bonus from his pool: only an unaffordable one remains. */
  {
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

    acies_lb_legal_actions (s, legal);
    for (guint i = 0; i < legal->len; i++)
      g_assert_cmpint (g_array_index (legal, AciesAction, i).args[2], ==, 0);
  }
}

static void
test_8_5_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint bg = scn_unit (scn, 0, "HI", "V", NULL), d = scn_unit (scn, 1, "HI", "A", NULL), h;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint mods;

  h = scn_leader (scn, 0, TRUE, "A", FALSE, bg);
  s = state_new (scn);
  setup_attack (s, dice, bg, d);
  g_assert_cmpint (s->act.cmdr, ==, h);
  g_assert_true (has_action (s, LB_A_ATTACK_WITH, bg, -2));
  {
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

    acies_lb_legal_actions (s, legal);
    for (guint i = 0; i < legal->len; i++)
      g_assert_cmpint (g_array_index (legal, AciesAction, i).args[2], ==, 2);   /* forced: 2 bonuses */
  }
  mods = acies_lb_modifiers (s, bg, Z (1, 2), Z (2, 2), TRUE, FALSE, FALSE, 2, -1, NULL);
  g_assert_cmpint (mods, ==, acies_lb_modifiers (s, bg, Z (1, 2), Z (2, 2), TRUE, FALSE, FALSE, 0, -1, NULL) + 2);
  push (dice, 1, 1);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, bg, 0, 2, -1));
  g_assert_cmpint (s->cmdrs[h].bonus_pool, ==, 0);
}

/* A hit on @def's lead by an Average HC with dice (a, b); @def Fresh. */
static AciesLbState *
hit_setup (AciesScenario *scn,
           AciesDice     *dice,
           gint           att,
           gint           def)
{
  AciesLbState *s = state_new (scn);

  setup_attack (s, dice, att, def);
  return s;
}

static void
test_8_6_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), li = scn_unit (scn, 1, "LI", "A", NULL);
  gint bg = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_leader (scn, 1, TRUE, "A", FALSE, bg);
  s = hit_setup (scn, dice, a, li);
  put (s, bg, Z (2, 2), N);
  push (dice, 3, 3);                                               /* 6 + 1 = 7 vs 7: a hit on the LI */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  if (s->phase == LB_PH_DECISIVE)
    g_assert_true (act (s, dice, LB_A_DECISIVE, 0, -1, -1, -1));
  g_assert_cmpint (s->phase, !=, LB_PH_RECOVERY);                  /* LI: no attempt */
  g_assert_cmpint (s->units[li].status, ==, LB_DISORDERED);
  g_assert_false (acies_dice_failed (dice));
}

static void
test_8_6_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), o = scn_unit (scn, 1, "HI", "A", NULL);
  gint bg = scn_unit (scn, 1, "HI", "A", NULL), h;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  h = scn_leader (scn, 1, TRUE, "A", TRUE, bg);                    /* Timid */
  s = hit_setup (scn, dice, a, o);
  put (s, bg, Z (2, 2), N);
  push (dice, 5, 5);                                               /* a hit on o */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, !=, LB_PH_RECOVERY);                  /* Timid: only his bodyguard */
  g_assert_cmpint (s->units[o].status, ==, LB_DISORDERED);
  /* A hit on his bodyguard: he must try, no prompt (9 saves it). */
  {
    g_autoptr(AciesLbState) t = hit_setup (scn, dice, a, bg);

    put (t, o, Z (2, 2), N);
    push (dice, 5, 5);
    push (dice, 4, 5);
    g_assert_true (act (t, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
    g_assert_cmpint (t->phase, !=, LB_PH_RECOVERY);
    g_assert_cmpint (t->units[bg].status, ==, LB_FRESH);
    g_assert_cmpint (t->cmdrs[h].status, ==, LB_CMDR_PRESENT);
    g_assert_false (acies_dice_failed (dice));
  }
}

static void
test_8_6_4_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), bg = scn_unit (scn, 1, "HI", "A", NULL);
  gint o = scn_unit (scn, 1, "HI", "A", NULL), h;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  h = scn_leader (scn, 1, TRUE, "A", FALSE, bg);
  s = hit_setup (scn, dice, a, bg);
  put (s, o, Z (2, 2), N);
  put (s, 3, Z (0, 0), S);
  push (dice, 6, 6);                                               /* 2 hits */
  push (dice, 5, 4);                                               /* first removed (9) */
  push (dice, 4, 4);                                               /* second on the lead again: 8 stands */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, !=, LB_PH_SECOND_HIT);                /* no choice: the lead takes it */
  g_assert_cmpint (s->units[bg].status, ==, LB_DISORDERED);
  g_assert_cmpint (s->units[o].status, ==, LB_FRESH);
  g_assert_cmpint (s->cmdrs[h].status, ==, LB_CMDR_PRESENT);
  g_assert_false (acies_dice_failed (dice));
}

static void
test_8_6_5_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), bg = scn_unit (scn, 1, "HI", "A", NULL), h;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  h = scn_leader (scn, 1, TRUE, "B", FALSE, bg);
  s = hit_setup (scn, dice, a, bg);
  put (s, 2, Z (2, 2), N);
  push (dice, 4, 4);                                               /* margin 0 */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_DECISIVE);
  push (dice, 6, 6);                                               /* both hits removed */
  push (dice, 6, 6);
  g_assert_true (act (s, dice, LB_A_DECISIVE, 1, -1, -1, -1));
  g_assert_cmpint (s->units[bg].status, ==, LB_FRESH);
  g_assert_cmpint (s->units[a].status, ==, LB_DISORDERED);        /* the attacker's hit stays */
  g_assert_cmpint (s->cmdrs[h].status, ==, LB_CMDR_PRESENT);
}

static void
test_8_7_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HC", "V", NULL), c;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  scn_unit (scn, 0, "HI", "A", NULL);
  c = scn_leader (scn, 1, FALSE, "A", FALSE, -1);
  s = hit_setup (scn, dice, a, d);
  put (s, 2, Z (2, 2), N);
  put (s, 3, Z (0, 0), S);
  s->cmdrs[c].zone = Z (2, 2);
  push (dice, 4, 4);                                               /* 8 + 1 vs 7: margin 2, 1 hit */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, !=, LB_PH_RECOVERY);                  /* Fresh: no Strategist attempt */
  g_assert_cmpint (s->units[d].status, ==, LB_DISORDERED);
  /* Disordered, it would be Shattered: optional attempt; 4 kills an Average Strategist. */
  g_assert_cmpint (acies_lb_killed_max (LB_RATING_A, FALSE), ==, 4);
  g_assert_cmpint (acies_lb_killed_max (LB_RATING_I, FALSE), ==, 3);
  g_assert_cmpint (acies_lb_killed_max (LB_RATING_A, TRUE), ==, 3);
}

static void
test_8_8_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HC", "A", NULL), v = scn_unit (scn, 0, "HC", "A", NULL), c1, c2;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  c1 = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  c2 = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  put (s, u, Z (0, 1), S);
  put (s, v, Z (1, 1), S);
  s->cmdrs[c1].zone = Z (0, 1);
  s->cmdrs[c2].zone = Z (1, 1);
  g_assert_false (has_action (s, LB_A_STRATEGIST, c1, Z (1, 1)));
  activate (s, dice, LB_ACT_STD, c1, u, -1);
  g_assert_false (has_action (s, LB_A_MOVE, -2, -2));              /* not into c2's zone with c1 */
}

static void
test_8_8_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u1 = scn_unit (scn, 0, "HI", "A", NULL), u2 = scn_unit (scn, 0, "HI", "A", NULL);
  gint u3 = scn_unit (scn, 0, "HI", "A", NULL), c1, c2;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint orders;

  scn_unit (scn, 1, "HI", "A", NULL);
  c1 = scn_leader (scn, 0, FALSE, "P", FALSE, -1);
  c2 = scn_leader (scn, 0, FALSE, "P", FALSE, -1);
  s = state_new (scn);
  orders = s->sides[0].orders;
  activate (s, dice, LB_ACT_STD, -1, u1, u2, u3, -1);              /* 2 Orders: 1 + 1 from both */
  g_assert_cmpint (s->sides[0].orders, ==, orders);
  g_assert_cmpint (s->cmdrs[c1].act_pool + s->cmdrs[c2].act_pool, ==, 0);
}

static void
test_8_8_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL), v = scn_unit (scn, 0, "HI", "A", NULL), c1, c2;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  c1 = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  c2 = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  s = state_new (scn);
  put (s, u, Z (0, 1), S);
  put (s, v, Z (0, 2), S);
  s->cmdrs[c1].zone = Z (0, 1);
  s->cmdrs[c2].zone = Z (0, 2);
  next_player_turn (s, dice, 3);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_CMDR_CHOICE);
  g_assert_true (act (s, dice, LB_A_CHOOSE_CMDR, c2, -1, -1, -1));
  g_assert_false (acies_lb_cmdr_can_use (s, c1));
  g_assert_true (acies_lb_cmdr_can_use (s, c2));
  g_assert_cmpint (s->phase, ==, LB_PH_ROLL);
}

static AciesScenario *
brilliant_scn (void)
{
  AciesScenario *scn = scn_new ();

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  scn_leader (scn, 0, FALSE, "B", FALSE, -1);
  json_object_set_string_member (scn->params, "weather", "overcast");
  return scn;
}

static void
test_8_9_2_a (void)
{
  g_autoptr(AciesScenario) scn = brilliant_scn ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = state_new (scn);                          /* B (side 1) moves first */

  g_assert_cmpint (s->base.active_side, ==, 1);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  acies_dice_push (dice, 3);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_SWAP);                      /* turn 2: before any roll */
  g_assert_cmpint (s->base.active_side, ==, 0);
  acies_dice_push (dice, 2);                                       /* weather, after the decision */
  g_assert_true (act (s, dice, LB_A_SWAP, 1, -1, -1, -1));
  g_assert_cmpint (s->order[0], ==, 0);
  g_assert_cmpint (s->phase, ==, LB_PH_ROLL);
  g_assert_false (acies_dice_failed (dice));
}

static void
test_8_9_3_a (void)
{
  g_autoptr(AciesScenario) scn = brilliant_scn ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_leader (scn, 1, FALSE, "B", FALSE, -1);                      /* both Brilliant */
  s = state_new (scn);
  g_assert_cmpint (s->base.active_side, ==, 0);                    /* listed order */
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  acies_dice_push (dice, 3);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  acies_dice_push (dice, 2);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_cmpint (s->phase, !=, LB_PH_SWAP);                      /* no swap */
  {
    g_autoptr(AciesScenario) scn2 = brilliant_scn ();
    g_autoptr(AciesLbState) t = NULL;

    json_object_set_boolean_member (scn2->params, "dust", TRUE);
    json_object_set_string_member (scn2->params, "weather", "none");
    t = state_new (scn2);
    g_assert_true (act (t, dice, LB_A_END_TURN, -1, -1, -1, -1));
    acies_dice_push (dice, 3);
    g_assert_true (act (t, dice, LB_A_ROLL, -1, -1, -1, -1));
    acies_dice_push (dice, 1);                                     /* dust order roll */
    g_assert_true (act (t, dice, LB_A_END_TURN, -1, -1, -1, -1));
    g_assert_cmpint (t->phase, !=, LB_PH_SWAP);                    /* no swap in dust */
  }
  {
    g_autoptr(AciesScenario) scn3 = brilliant_scn ();
    g_autoptr(AciesLbState) t = state_new (scn3);

    t->cmdrs[0].status = LB_CMDR_KILLED;
    g_assert_true (act (t, dice, LB_A_END_TURN, -1, -1, -1, -1));
    acies_dice_push (dice, 3);
    g_assert_true (act (t, dice, LB_A_ROLL, -1, -1, -1, -1));
    acies_dice_push (dice, 2);
    g_assert_true (act (t, dice, LB_A_END_TURN, -1, -1, -1, -1));
    g_assert_cmpint (t->phase, !=, LB_PH_SWAP);                    /* no swap once he is dead */
  }
}

/* 9 Special troop types */

static void
test_9_1_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint ho = scn_unit (scn, 0, "HI", "A", "HO"), ar = scn_unit (scn, 0, "HI", "A", "AR");
  gint ca = scn_unit (scn, 0, "HC", "A", "CA"), sch = scn_unit (scn, 0, "CH", "A", "SCH");
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (s->units[ho].type, ==, LB_HI);                /* base type rules */
  g_assert_cmpint (s->units[ho].sub, ==, LB_SUB_HO);
  g_assert_cmpint (s->units[ca].type, ==, LB_HC);
  g_assert_cmpint (s->units[sch].type, ==, LB_CH);
  g_assert_cmpint (acies_lb_crt_need (s->units[ho].type, s->units[ca].type), ==, 8);   /* HI vs HC */
  g_assert_cmpint (acies_lb_crt_need (s->units[ar].type, LB_LI), ==, 9);
  g_assert_cmpint (acies_lb_size2 (s, ar, TRUE), ==, acies_lb_size2 (s, ho, TRUE));
}

static void
test_9_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint ho = scn_unit (scn, 0, "HI", "A", "HO"), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, 2, Z (2, 2), N);
  setup_attack (s, dice, ho, d);
  push (dice, 4, 3);                                               /* 7 + 1 (m01) + 1 (m07) = 9: margin 0 */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, ho, 0, 0, -1));
  g_assert_cmpint (s->phase, !=, LB_PH_DECISIVE);                  /* no choice */
  g_assert_cmpint (s->units[ho].status, ==, LB_DISORDERED);        /* decisive, forced */
  g_assert_cmpint (s->atk.n_hits, ==, 2);
}

static void
test_9_2_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint ho = scn_unit (scn, 0, "HI", "A", "HO"), ph = scn_unit (scn, 0, "HI", "A", "PH");
  gint e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, ho, Z (1, 1), S);
  put (s, ph, Z (1, 3), S);
  put (s, e, Z (3, 2), N);
  g_assert_false (acies_lb_free_180 (s, ho));
  g_assert_true (acies_lb_free_180 (s, ph));                             /* phalangites do */
}

static void
test_9_2_c (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint ho = scn_unit (scn, 0, "HI", "V", "HO"), hi = scn_unit (scn, 0, "HI", "V", NULL);
  gint d = scn_unit (scn, 1, "HI", "P", NULL), e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, hi, Z (1, 2), S);
  put (s, e, Z (2, 3), W);                                         /* enemy HI next to the emptied zone */
  setup_attack (s, dice, ho, d);
  push (dice, 6, 6);
  acies_dice_push (dice, 6);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, ho, 0, 0, -1));
  while (s->phase == LB_PH_ATTACK)
    {
      push (dice, 1, 1);
      g_assert_true (act (s, dice, LB_A_ATTACK_WITH, hi, 0, 0, -1));
    }
  g_assert_cmpint (s->phase, ==, LB_PH_PURSUIT);
  g_assert_false (has_action (s, LB_A_PURSUE, ho, -2));
  g_assert_true (has_action (s, LB_A_PURSUE, hi, -2));
}

static void
test_9_2_d (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), bg = scn_unit (scn, 1, "HI", "A", "HO");
  gint ho = scn_unit (scn, 1, "HI", "A", "HO"), h;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  h = scn_leader (scn, 1, TRUE, "A", FALSE, bg);
  s = hit_setup (scn, dice, a, ho);
  put (s, bg, Z (2, 2), N);
  push (dice, 4, 4);                                               /* a hit on the other hoplites */
  push (dice, 5, 4);                                               /* his attempt is compulsory: saved */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, !=, LB_PH_RECOVERY);
  g_assert_cmpint (s->units[ho].status, ==, LB_FRESH);
  g_assert_cmpint (s->cmdrs[h].status, ==, LB_CMDR_PRESENT);
  g_assert_false (acies_dice_failed (dice));
}

static void
test_9_2_e (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint ho = scn_unit (scn, 0, "HI", "A", "HO"), e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;
  gint with_hi;

  s = state_new (scn);
  put (s, ho, Z (1, 1), S);
  put (s, e, Z (2, 1), N);
  with_hi = acies_lb_unit_morale (s, ho, 0, Z (3, 3));
  s->units[e].sub = LB_SUB_HO;                                     /* now enemy hoplites */
  g_assert_cmpint (acies_lb_unit_morale (s, ho, 0, Z (3, 3)), ==, with_hi - 1);
}

static void
test_9_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint le = scn_unit (scn, 0, "HI", "V", "LE"), ale = scn_unit (scn, 0, "HI", "A", "LE");
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint orders;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, le, Z (0, 2), S);
  put (s, ale, Z (0, 1), S);
  g_assert_true (act (s, dice, LB_A_SELECT, ale, -1, -1, -1));
  g_assert_false (has_action (s, LB_A_ACTIVATE, LB_ACT_TRIPLE, -2));    /* Veterans only */
  g_assert_true (act (s, dice, LB_A_CANCEL, -1, -1, -1, -1));
  orders = s->sides[0].orders;
  activate (s, dice, LB_ACT_TRIPLE, -1, le, -1);
  g_assert_cmpint (s->sides[0].orders, ==, orders - 2);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[le].zone, ==, Z (3, 2));
}

static void
test_9_3_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint le = scn_unit (scn, 0, "HI", "V", "LE"), vhi = scn_unit (scn, 0, "HI", "V", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_size2 (s, le, FALSE), ==, 2);                /* 1, not 1/2 */
  g_assert_cmpint (acies_lb_size2 (s, vhi, FALSE), ==, 1);
}

static void
test_9_3_c (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint ale = scn_unit (scn, 0, "HI", "A", "LE"), ahi = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, ale, Z (0, 1), S);
  put (s, ahi, Z (0, 1), S);
  g_assert_cmpint (acies_lb_unit_morale (s, ale, 0, Z (1, 1)), ==, acies_lb_unit_morale (s, ahi, 0, Z (1, 1)) + 1);
  g_assert_cmpint (acies_lb_undeployed_morale (s, ale, 0), ==, 2);       /* 7.4 too */
}

static void
test_9_3_d (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint ale = scn_unit (scn, 1, "HI", "A", "LE");
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_orders_fv (s, 1), ==, 4);                    /* every purpose … */
  g_assert_cmpint (s->sides[1].start_fv, ==, 4);
  s->units[ale].status = LB_WITHDRAWN;
  /* … except the enemy's VP: 3 (+ 2 × (4 − 3) for the lower start FV). */
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, 3 + 2);
}

static void
test_9_4_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint ca = scn_unit (scn, 0, "HC", "A", "CA");
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_base_movements (&s->units[ca], LB_ACT_STD), ==, 1);
  g_assert_cmpint (acies_lb_base_movements (&s->units[ca], LB_ACT_DOUBLE), ==, 2);
  s->terrain[Z (1, 1)] = LB_T_HILL | LB_T_FOREST | LB_T_MARSH | LB_T_CAMP_F;
  g_assert_cmpint (acies_lb_enter_cost (s, ca, Z (1, 1), FALSE), ==, 1);
}

static void
test_9_4_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint vca = scn_unit (scn, 0, "HC", "V", "CA"), aca = scn_unit (scn, 0, "HC", "A", "CA");
  gint pca = scn_unit (scn, 0, "HC", "P", "CA");
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_size2 (s, vca, FALSE), ==, 1);
  g_assert_cmpint (acies_lb_size2 (s, aca, FALSE), ==, 2);
  g_assert_cmpint (acies_lb_size2 (s, pca, FALSE), ==, 2);
}

static void
test_9_4_c (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), ca = scn_unit (scn, 1, "HC", "A", "CA");
  g_autoptr(AciesLbState) s = NULL;
  gint facing;

  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  put (s, ca, Z (2, 2), N);
  s->units[ca].lead = 1;
  facing = acies_lb_modifiers (s, a, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL);
  s->units[ca].facing = E;                                         /* not facing the attacker */
  g_assert_cmpint (acies_lb_modifiers (s, a, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL), ==, facing + 1);
}

static void
test_9_5_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "CH", "A", "SCH");
  scn_unit (scn, 0, "CH", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (acies_lb_unit_fv (&s->units[0], FALSE), ==, 1);
  g_assert_cmpint (s->sides[0].start_fv, ==, 4);
}

static void
test_9_5_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint sch = scn_unit (scn, 0, "CH", "A", "SCH"), hc = scn_unit (scn, 0, "HC", "A", NULL);
  gint sch2 = scn_unit (scn, 0, "CH", "A", "SCH"), f = scn_unit (scn, 0, "HI", "A", NULL);
  gint e = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, sch, Z (0, 1), S);
  put (s, hc, Z (0, 1), S);
  put (s, sch2, Z (0, 3), W);
  put (s, f, Z (0, 2), E);
  put (s, e, Z (3, 4), N);
  activate (s, dice, LB_ACT_STD, -1, sch, hc, -1);
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));          /* changes facing */
  g_assert_cmpint (s->units[sch].status, ==, LB_WITHDRAWN);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));          /* the HC goes on */
  g_assert_cmpint (s->units[hc].zone, ==, Z (0, 2));
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  activate (s, dice, LB_ACT_STD, -1, sch2, -1);
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));          /* into a friendly zone */
  g_assert_cmpint (s->units[sch2].status, ==, LB_WITHDRAWN);
}

static void
test_9_5_d (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), sch = scn_unit (scn, 1, "CH", "A", "SCH");
  gint p = scn_unit (scn, 1, "LC", "P", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  s = state_new (scn);
  put (s, p, Z (2, 2), N);
  setup_attack (s, dice, a, sch);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));     /* no dice at all */
  g_assert_cmpint (s->units[sch].status, ==, LB_FLED);
  g_assert_cmpint (s->units[p].status, ==, LB_FRESH);               /* no morale check */
  g_assert_false (acies_dice_failed (dice));
  g_assert_cmpuint (acies_dice_get_rolls (dice)->len, ==, 0);
}

static void
test_9_5_e (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint sch = scn_unit (scn, 0, "CH", "A", "SCH"), hi = scn_unit (scn, 0, "HI", "V", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, sch, Z (0, 2), S);
  put (s, hi, Z (0, 2), S);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_true (s->units[sch].lead);                              /* no choice offered */
  g_assert_false (s->units[hi].lead);
}

static void
test_9_5_f (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint sch = scn_unit (scn, 0, "CH", "A", "SCH"), ch = scn_unit (scn, 0, "CH", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, 3, Z (2, 2), N);
  put (s, ch, Z (0, 0), S);
  put (s, sch, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  /* No +1 as lead (6.5-m01), which an ordinary chariot gets. */
  g_assert_cmpint (acies_lb_modifiers (s, sch, Z (1, 2), Z (2, 2), TRUE, FALSE, FALSE, 0, -1, NULL), ==,
                   acies_lb_modifiers (s, sch, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL));
  put (s, ch, Z (1, 2), S);
  g_assert_cmpint (acies_lb_modifiers (s, ch, Z (1, 2), Z (2, 2), TRUE, FALSE, FALSE, 0, -1, NULL), ==,
                   acies_lb_modifiers (s, ch, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL) + 1);
  put (s, ch, Z (0, 0), S);
  /* Bonuses yes, decisive attacks never. */
  setup_attack (s, dice, sch, d);
  g_assert_true (has_action (s, LB_A_ATTACK_WITH, sch, -2));
  g_assert_false (acies_lb_decisive_allowed (s, sch, d, Z (2, 2), 0));
  g_assert_false (acies_lb_decisive_allowed (s, sch, d, Z (2, 2), 3));
  {
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
    gboolean bonus = FALSE;

    acies_lb_legal_actions (s, legal);
    for (guint i = 0; i < legal->len; i++)
      bonus |= g_array_index (legal, AciesAction, i).args[2] == 1;
    g_assert_true (bonus);
  }
}

static void
test_9_5_g (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint sch = scn_unit (scn, 0, "CH", "A", "SCH"), ch = scn_unit (scn, 0, "CH", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, sch, Z (0, 1), S);
  put (s, ch, Z (0, 3), S);
  g_assert_cmpint (acies_lb_unit_morale (s, sch, 1, Z (1, 2)), ==, acies_lb_unit_morale (s, ch, 1, Z (1, 2)) - 1);
}

/* 10 Scenario conditions */

static void
test_10_1_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), hi = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  side_param (scn, 0, "surprise");
  s = state_new (scn);
  s->base.turn = 2;
  s->sides[0].orders = 5;
  activate (s, dice, LB_ACT_STD, -1, hc, -1);
  g_assert_true (has_action (s, LB_A_DEPLOY, Z (0, 1), S));          /* any turn-1 zone */
  g_assert_true (has_action (s, LB_A_DEPLOY, Z (0, 3), E));          /* and facing */
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  activate (s, dice, LB_ACT_STD, -1, hi, -1);
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (0, 1), W));         /* 3.3.2 still applies */
  g_assert_false (has_action (s, LB_A_DEPLOY, Z (1, 1), S));
}

static void
test_10_1_c (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "V", NULL), c;
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "V", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  c = scn_leader (scn, 0, FALSE, "I", FALSE, -1);
  side_param (scn, 0, "surprise");
  s = state_new (scn);
  g_assert_cmpint (acies_lb_orders_fv (s, 0), ==, 0);
  g_assert_cmpint (acies_lb_orders_fv (s, 1), ==, 3);                    /* not surprised: counted */
  put (s, u, Z (0, 2), S);
  s->cmdrs[c].zone = Z (0, 2);
  g_assert_cmpint (acies_lb_orders_fv (s, 0), ==, 4 + 12);
}

static void
test_10_1_d (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL), c;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint orders;

  scn_unit (scn, 1, "HI", "A", NULL);
  c = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  side_param (scn, 0, "surprise");
  s = state_new (scn);
  orders = s->sides[0].orders;
  activate (s, dice, LB_ACT_STD, -1, u, -1);
  g_assert_cmpint (s->sides[0].orders, ==, orders);                /* his own pool */
  g_assert_cmpint (s->cmdrs[c].act_pool, ==, 1);
}

static void
test_10_1_e (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;
  gint vp;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  vp = acies_lb_victory_points (s, 0, NULL);
  s->sides[0].surprised = TRUE;
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, vp + 30);
  g_assert_cmpint (acies_lb_victory_points (s, 1, NULL), ==, acies_lb_victory_points (s, 1, NULL));
}

static void
test_10_2_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;
  gint base, vp;

  side_param (scn, 0, "fatigue");
  s = state_new (scn);
  g_assert_true (s->sides[0].fatigued);
  put (s, a, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  base = acies_lb_modifiers (s, a, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL);
  s->units[a].status = LB_DISORDERED;
  g_assert_cmpint (acies_lb_modifiers (s, a, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL), ==, base - 1);
  s->sides[0].fatigued = FALSE;
  vp = acies_lb_victory_points (s, 0, NULL);
  g_assert_cmpint (acies_lb_modifiers (s, a, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL), ==, base);
  s->sides[0].fatigued = TRUE;
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, vp + 20);
}

static void
test_10_3_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  json_object_set_boolean_member (scn->params, "dust", TRUE);
  s = state_new (scn);
  g_assert_true (s->dust);
  g_assert_cmpint (s->sides[0].orders, ==, 3);                     /* the 6 rolled in state_new, halved */
  for (gint d = 1; d <= 6; d++)
    g_assert_cmpint (acies_lb_orders_for_roll (s, 0, d), ==, (d + 1) / 2);
}

static void
test_10_3_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  json_object_set_boolean_member (scn->params, "dust", TRUE);
  s = state_new (scn);
  next_player_turn (s, dice, 1);
  acies_dice_push (dice, 4);                                       /* turn 2: 4 → reversed */
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_cmpint (s->base.turn, ==, 2);
  g_assert_cmpint (s->base.active_side, ==, 1);
  g_assert_cmpint (s->order[0], ==, 1);
  acies_dice_push (dice, 1);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  acies_dice_push (dice, 1);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  acies_dice_push (dice, 3);                                       /* turn 3: 3 → normal */
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  acies_dice_push (dice, 1);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  g_assert_cmpint (s->base.turn, ==, 3);
  g_assert_cmpint (s->base.active_side, ==, 0);
}

static void
test_10_3_c (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 1, "HC", "A", NULL), d = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  json_object_set_boolean_member (scn->params, "dust", TRUE);
  s = state_new (scn);
  put (s, a, Z (2, 2), N);
  put (s, d, Z (1, 2), S);
  put (s, 2, Z (1, 2), S);
  next_player_turn (s, dice, 6);                                   /* Army 2, turn 1 */
  s->sides[1].orders = 3;
  activate (s, dice, LB_ACT_STD, -1, a, -1);
  g_assert_true (act (s, dice, LB_A_ATTACK, -1, -1, -1, -1));
  push (dice, 1, 1);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  while (s->phase == LB_PH_NEW_LEAD)
    g_assert_true (act (s, dice, LB_A_LEAD, d, -1, -1, -1));
  acies_dice_push (dice, 6);                                       /* dust, turn 2: reversed */
  acies_dice_push (dice, 6);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_cmpint (s->base.turn, ==, 2);
  g_assert_cmpint (s->base.active_side, ==, 1);                    /* two player-turns in a row */
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  activate (s, dice, LB_ACT_STD, -1, a, -1);
  g_assert_false (has_action (s, LB_A_ATTACK, -2, -2));            /* not from the same zone */
  g_assert_true (act (s, dice, LB_A_TURN, E, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_MOVE, -1, -1, -1, -1));
  g_assert_cmpint (s->units[a].zone, ==, Z (2, 3));
}

static void
test_10_4_a (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  json_object_set_string_member (scn->params, "weather", "overcast");
  s = state_new (scn);                                             /* no roll on turn 1 */
  g_assert_cmpint (s->weather, ==, 1);
  next_player_turn (s, dice, 1);
  acies_dice_push (dice, 6);                                       /* turn 2: 6 → wet */
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  acies_dice_push (dice, 1);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  g_assert_cmpint (s->weather, ==, 2);
  next_player_turn (s, dice, 1);
  acies_dice_push (dice, 3);                                       /* turn 3: still wet */
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  acies_dice_push (dice, 1);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  g_assert_cmpint (s->weather, ==, 2);
  next_player_turn (s, dice, 1);
  acies_dice_push (dice, 6);                                       /* turn 4: back to overcast */
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  acies_dice_push (dice, 1);
  g_assert_true (act (s, dice, LB_A_ROLL, -1, -1, -1, -1));
  g_assert_cmpint (s->weather, ==, 1);
  g_assert_false (acies_dice_failed (dice));
}

static void
test_10_4_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  json_object_set_string_member (scn->params, "weather", "overcast");
  s = state_new (scn);
  g_assert_cmpint (acies_lb_orders_for_roll (s, 0, 5), ==, 5);           /* overcast: no effect */
  s->weather = 2;
  g_assert_cmpint (acies_lb_orders_for_roll (s, 0, 5), ==, 3);
}

static void
test_10_4_c (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint lc = scn_unit (scn, 0, "LC", "A", NULL), hi = scn_unit (scn, 0, "HI", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;
  gint dry_lc, dry_hi;

  s = state_new (scn);
  put (s, lc, Z (1, 2), S);
  put (s, hi, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  s->weather = 1;
  dry_lc = acies_lb_modifiers (s, lc, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL);
  dry_hi = acies_lb_modifiers (s, hi, Z (1, 2), Z (2, 2), TRUE, FALSE, FALSE, 0, -1, NULL);
  s->weather = 2;
  g_assert_cmpint (acies_lb_modifiers (s, lc, Z (1, 2), Z (2, 2), FALSE, FALSE, FALSE, 0, -1, NULL), ==, dry_lc - 1);
  g_assert_cmpint (acies_lb_modifiers (s, hi, Z (1, 2), Z (2, 2), TRUE, FALSE, FALSE, 0, -1, NULL), ==, dry_hi);
  s->terrain[Z (1, 2)] = LB_T_STREAM;                              /* a lead in a stream */
  g_assert_cmpint (acies_lb_modifiers (s, hi, Z (1, 2), Z (2, 2), TRUE, FALSE, FALSE, 0, -1, NULL), ==, dry_hi - 1);
}

/* 11 Victory */

static void
test_11_1_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  for (gint pt = 0; pt < 19; pt++)
    next_player_turn (s, dice, 1);
  g_assert_false (s->base.finished);
  g_assert_cmpint (s->base.turn, ==, 10);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_true (s->base.finished);
  g_assert_nonnull (strstr (s->base.end_reason, "after the last turn"));
}

static AciesLbState *
vp_state (AciesScenario *scn)
{
  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "P", NULL);
  return state_new (scn);
}

static void
test_11_2_b (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = vp_state (scn);
  gint vp = acies_lb_victory_points (s, 0, NULL);

  s->units[1].status = LB_WITHDRAWN;
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, vp + 3);
  s->units[1].status = LB_FLED;
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, vp + 3 + 1);
}

static void
test_11_2_c (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint c;
  AciesLbState *s;
  gint vp;

  scn_leader (scn, 1, FALSE, "I", FALSE, -1);
  c = 0;
  s = vp_state (scn);
  vp = acies_lb_victory_points (s, 0, NULL);
  s->units[2].status = LB_SHATTERED;
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, vp + 2 * 2);
  s->cmdrs[c].status = LB_CMDR_KILLED;
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, vp + 4 + 2 * 12);
  s->cmdrs[c].status = LB_CMDR_LOST;
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, vp + 4 + 12);
  state_free (s);
}

static void
test_11_2_d (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = vp_state (scn);
  gint vp = acies_lb_victory_points (s, 0, NULL);

  s->sides[1].camp_captured = 1;
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, vp + 5);
  s->units[1].status = LB_WITHDRAWN;                               /* no enemy left: no +5 */
  s->units[2].status = LB_WITHDRAWN;
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, vp + 3 + 2);
}

static void
test_11_2_e (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;

  side_param (scn, 1, "fatigue");
  s = vp_state (scn);
  g_assert_cmpint (acies_lb_victory_points (s, 1, NULL), ==, 20);        /* start FV 5 vs 3: no difference bonus */
}

static void
test_11_2_f (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = NULL;

  side_param (scn, 1, "surprise");
  s = vp_state (scn);
  g_assert_cmpint (acies_lb_victory_points (s, 1, NULL), ==, 30);
}

static void
test_11_2_g (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = vp_state (scn);

  g_assert_cmpint (s->sides[0].start_fv, ==, 3);
  g_assert_cmpint (s->sides[1].start_fv, ==, 5);
  g_assert_cmpint (acies_lb_victory_points (s, 0, NULL), ==, 2 * (5 - 3));   /* the weaker army */
  g_assert_cmpint (acies_lb_victory_points (s, 1, NULL), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/lost-battles/1.1-a/case", test_1_1_a);
  g_test_add_func ("/acies/lost-battles/1.2-a/case", test_1_2_a);
  g_test_add_func ("/acies/lost-battles/1.3-a/case", test_1_3_a);
  g_test_add_func ("/acies/lost-battles/1.3-b/case", test_1_3_b);
  g_test_add_func ("/acies/lost-battles/1.5-a/case", test_1_5_a);
  g_test_add_func ("/acies/lost-battles/1.5-b/case", test_1_5_b);
  g_test_add_func ("/acies/lost-battles/2.1.1-a/case", test_2_1_1_a);
  g_test_add_func ("/acies/lost-battles/2.1.2-a/case", test_2_1_2_a);
  g_test_add_func ("/acies/lost-battles/2.1.2-b/case", test_2_1_2_b);
  g_test_add_func ("/acies/lost-battles/2.2.1-a/case", test_2_2_1_a);
  g_test_add_func ("/acies/lost-battles/2.2.2-a/case", test_2_2_2_a);
  g_test_add_func ("/acies/lost-battles/2.2.3-a/case", test_2_2_3_a);
  g_test_add_func ("/acies/lost-battles/2.2.5-a/case", test_2_2_5_a);
  g_test_add_func ("/acies/lost-battles/2.3.1-b/case", test_2_3_1_b);
  g_test_add_func ("/acies/lost-battles/2.3.2-a/case", test_2_3_2_a);
  g_test_add_func ("/acies/lost-battles/3.1-a/case", test_3_1_a);
  g_test_add_func ("/acies/lost-battles/3.2.1-a/case", test_3_2_1_a);
  g_test_add_func ("/acies/lost-battles/3.2.1-b/case", test_3_2_1_b);
  g_test_add_func ("/acies/lost-battles/3.2.1-c/case", test_3_2_1_c);
  g_test_add_func ("/acies/lost-battles/3.2.2-a/case", test_3_2_2_a);
  g_test_add_func ("/acies/lost-battles/3.2.3-a/case", test_3_2_3_a);
  g_test_add_func ("/acies/lost-battles/3.3.1-a/case", test_3_3_1_a);
  g_test_add_func ("/acies/lost-battles/3.3.2-b/case", test_3_3_2_b);
  g_test_add_func ("/acies/lost-battles/3.3.2-c/case", test_3_3_2_c);
  g_test_add_func ("/acies/lost-battles/3.3.3-b/case", test_3_3_3_b);
  g_test_add_func ("/acies/lost-battles/3.4.1-a/case", test_3_4_1_a);
  g_test_add_func ("/acies/lost-battles/3.4.3-a/case", test_3_4_3_a);
  g_test_add_func ("/acies/lost-battles/3.4.5-a/case", test_3_4_5_a);
  g_test_add_func ("/acies/lost-battles/3.4.6-a/case", test_3_4_6_a);
  g_test_add_func ("/acies/lost-battles/4.1.2-a/case", test_4_1_2_a);
  g_test_add_func ("/acies/lost-battles/4.2.1-a/case", test_4_2_1_a);
  g_test_add_func ("/acies/lost-battles/4.2.2-a/case", test_4_2_2_a);
  g_test_add_func ("/acies/lost-battles/4.2.3-a/case", test_4_2_3_a);
  g_test_add_func ("/acies/lost-battles/4.2.5-a/case", test_4_2_5_a);
  g_test_add_func ("/acies/lost-battles/4.3.1-a/case", test_4_3_1_a);
  g_test_add_func ("/acies/lost-battles/4.3.2-a/case", test_4_3_2_a);
  g_test_add_func ("/acies/lost-battles/4.3.3-a/case", test_4_3_3_a);
  g_test_add_func ("/acies/lost-battles/4.4.1-a/case", test_4_4_1_a);
  g_test_add_func ("/acies/lost-battles/4.4.2-a/case", test_4_4_2_a);
  g_test_add_func ("/acies/lost-battles/4.4.3-a/case", test_4_4_3_a);
  g_test_add_func ("/acies/lost-battles/5.1.1-a/case", test_5_1_1_a);
  g_test_add_func ("/acies/lost-battles/5.1.1-b/case", test_5_1_1_b);
  g_test_add_func ("/acies/lost-battles/5.1.2-a/case", test_5_1_2_a);
  g_test_add_func ("/acies/lost-battles/5.2.1-a/case", test_5_2_1_a);
  g_test_add_func ("/acies/lost-battles/5.2.2-a/case", test_5_2_2_a);
  g_test_add_func ("/acies/lost-battles/5.2.3-a/case", test_5_2_3_a);
  g_test_add_func ("/acies/lost-battles/5.3-b/case", test_5_3_b);
  g_test_add_func ("/acies/lost-battles/5.3-d/case", test_5_3_d);
  g_test_add_func ("/acies/lost-battles/5.4.2-a/case", test_5_4_2_a);
  g_test_add_func ("/acies/lost-battles/5.4.3-a/case", test_5_4_3_a);
  g_test_add_func ("/acies/lost-battles/5.5.1-a/case", test_5_5_1_a);
  g_test_add_func ("/acies/lost-battles/5.5.2-a/case", test_5_5_2_a);
  g_test_add_func ("/acies/lost-battles/5.5.2-a/deploy-turns-to-match", deploy_turns_to_match);
  g_test_add_func ("/acies/lost-battles/5.6.1-a/case", test_5_6_1_a);
  g_test_add_func ("/acies/lost-battles/5.6.2-a/case", test_5_6_2_a);
  g_test_add_func ("/acies/lost-battles/6.1.1-a/case", test_6_1_1_a);
  g_test_add_func ("/acies/lost-battles/6.1.2-a/case", test_6_1_2_a);
  g_test_add_func ("/acies/lost-battles/6.1.3-a/case", test_6_1_3_a);
  g_test_add_func ("/acies/lost-battles/6.1.4-a/case", test_6_1_4_a);
  g_test_add_func ("/acies/lost-battles/6.1.4-b/case", test_6_1_4_b);
  g_test_add_func ("/acies/lost-battles/6.1.5-a/case", test_6_1_5_a);
  g_test_add_func ("/acies/lost-battles/6.2.3-a/case", test_6_2_3_a);
  g_test_add_func ("/acies/lost-battles/6.3.1-a/case", test_6_3_1_a);
  g_test_add_func ("/acies/lost-battles/6.3.4-a/case", test_6_3_4_a);
  g_test_add_func ("/acies/lost-battles/6.3.5-a/case", test_6_3_5_a);
  g_test_add_func ("/acies/lost-battles/6.4.1-a/case", test_6_4_1_a);
  g_test_add_func ("/acies/lost-battles/6.4.2-a/case", test_6_4_2_a);
  g_test_add_func ("/acies/lost-battles/6.4.3-a/case", test_6_4_3_a);
  g_test_add_func ("/acies/lost-battles/6.4.4-a/case", test_6_4_4_a);
  g_test_add_func ("/acies/lost-battles/6.4.5-a/case", test_6_4_5_a);
  g_test_add_func ("/acies/lost-battles/6.4.5-a/between-hits", relead_between_hits);
  g_test_add_func ("/acies/lost-battles/6.8.3-a/case", test_6_8_3_a);
  g_test_add_func ("/acies/lost-battles/6.9.2-a/case", test_6_9_2_a);
  g_test_add_func ("/acies/lost-battles/6.9.3-a/case", test_6_9_3_a);
  g_test_add_func ("/acies/lost-battles/6.9.4-a/case", test_6_9_4_a);
  g_test_add_func ("/acies/lost-battles/6.9.5-a/case", test_6_9_5_a);
  g_test_add_func ("/acies/lost-battles/6.11/case", test_6_11);
  g_test_add_func ("/acies/lost-battles/6.12/case", test_6_12);
  g_test_add_func ("/acies/lost-battles/6.13/case", test_6_13);
  g_test_add_func ("/acies/lost-battles/7.1-a/case", test_7_1_a);
  g_test_add_func ("/acies/lost-battles/7.3.2-a/case", test_7_3_2_a);
  g_test_add_func ("/acies/lost-battles/7.3.3-a/case", test_7_3_3_a);
  g_test_add_func ("/acies/lost-battles/8.1-a/case", test_8_1_a);
  g_test_add_func ("/acies/lost-battles/8.2-a/case", test_8_2_a);
  g_test_add_func ("/acies/lost-battles/8.2-b/case", test_8_2_b);
  g_test_add_func ("/acies/lost-battles/8.2-b/strategist-advances", strategist_advances);
  g_test_add_func ("/acies/lost-battles/8.2-c/case", test_8_2_c);
  g_test_add_func ("/acies/lost-battles/8.3.1-a/case", test_8_3_1_a);
  g_test_add_func ("/acies/lost-battles/8.3.3-a/case", test_8_3_3_a);
  g_test_add_func ("/acies/lost-battles/8.4.1-a/case", test_8_4_1_a);
  g_test_add_func ("/acies/lost-battles/8.4.2-a/case", test_8_4_2_a);
  g_test_add_func ("/acies/lost-battles/8.4.3-a/case", test_8_4_3_a);
  g_test_add_func ("/acies/lost-battles/8.5-a/case", test_8_5_a);
  g_test_add_func ("/acies/lost-battles/8.6.1-a/case", test_8_6_1_a);
  g_test_add_func ("/acies/lost-battles/8.6.2-a/case", test_8_6_2_a);
  g_test_add_func ("/acies/lost-battles/8.6.4-a/case", test_8_6_4_a);
  g_test_add_func ("/acies/lost-battles/8.6.5-a/case", test_8_6_5_a);
  g_test_add_func ("/acies/lost-battles/8.7-a/case", test_8_7_a);
  g_test_add_func ("/acies/lost-battles/8.8.1-a/case", test_8_8_1_a);
  g_test_add_func ("/acies/lost-battles/8.8.2-a/case", test_8_8_2_a);
  g_test_add_func ("/acies/lost-battles/8.8.3-a/case", test_8_8_3_a);
  g_test_add_func ("/acies/lost-battles/8.9.2-a/case", test_8_9_2_a);
  g_test_add_func ("/acies/lost-battles/8.9.3-a/case", test_8_9_3_a);
  g_test_add_func ("/acies/lost-battles/9.1-a/case", test_9_1_a);
  g_test_add_func ("/acies/lost-battles/9.2-a/case", test_9_2_a);
  g_test_add_func ("/acies/lost-battles/9.2-b/case", test_9_2_b);
  g_test_add_func ("/acies/lost-battles/9.2-c/case", test_9_2_c);
  g_test_add_func ("/acies/lost-battles/9.2-d/case", test_9_2_d);
  g_test_add_func ("/acies/lost-battles/9.2-e/case", test_9_2_e);
  g_test_add_func ("/acies/lost-battles/9.3-a/case", test_9_3_a);
  g_test_add_func ("/acies/lost-battles/9.3-b/case", test_9_3_b);
  g_test_add_func ("/acies/lost-battles/9.3-c/case", test_9_3_c);
  g_test_add_func ("/acies/lost-battles/9.3-d/case", test_9_3_d);
  g_test_add_func ("/acies/lost-battles/9.4-a/case", test_9_4_a);
  g_test_add_func ("/acies/lost-battles/9.4-b/case", test_9_4_b);
  g_test_add_func ("/acies/lost-battles/9.4-c/case", test_9_4_c);
  g_test_add_func ("/acies/lost-battles/9.5-a/case", test_9_5_a);
  g_test_add_func ("/acies/lost-battles/9.5-b/case", test_9_5_b);
  g_test_add_func ("/acies/lost-battles/9.5-d/case", test_9_5_d);
  g_test_add_func ("/acies/lost-battles/9.5-e/case", test_9_5_e);
  g_test_add_func ("/acies/lost-battles/9.5-f/case", test_9_5_f);
  g_test_add_func ("/acies/lost-battles/9.5-g/case", test_9_5_g);
  g_test_add_func ("/acies/lost-battles/10.1-b/case", test_10_1_b);
  g_test_add_func ("/acies/lost-battles/10.1-c/case", test_10_1_c);
  g_test_add_func ("/acies/lost-battles/10.1-d/case", test_10_1_d);
  g_test_add_func ("/acies/lost-battles/10.1-e/case", test_10_1_e);
  g_test_add_func ("/acies/lost-battles/10.2-a/case", test_10_2_a);
  g_test_add_func ("/acies/lost-battles/10.3-a/case", test_10_3_a);
  g_test_add_func ("/acies/lost-battles/10.3-b/case", test_10_3_b);
  g_test_add_func ("/acies/lost-battles/10.3-c/case", test_10_3_c);
  g_test_add_func ("/acies/lost-battles/10.4-a/case", test_10_4_a);
  g_test_add_func ("/acies/lost-battles/10.4-b/case", test_10_4_b);
  g_test_add_func ("/acies/lost-battles/10.4-c/case", test_10_4_c);
  g_test_add_func ("/acies/lost-battles/11.1-b/case", test_11_1_b);
  g_test_add_func ("/acies/lost-battles/11.2-b/case", test_11_2_b);
  g_test_add_func ("/acies/lost-battles/11.2-c/case", test_11_2_c);
  g_test_add_func ("/acies/lost-battles/11.2-d/case", test_11_2_d);
  g_test_add_func ("/acies/lost-battles/11.2-e/case", test_11_2_e);
  g_test_add_func ("/acies/lost-battles/11.2-f/case", test_11_2_f);
  g_test_add_func ("/acies/lost-battles/11.2-g/case", test_11_2_g);
  return g_test_run ();
}
