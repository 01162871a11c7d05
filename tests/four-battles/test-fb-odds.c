/* test-fb-odds.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-fb"

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "fb-test-common.h"

/*
 * Four Battles melee strengths and odds (FB 8.0, 8.4, 8.5, 9.2, 13.2-13.4,
 * 15.1 and the exclusive rules' shifts): the printed examples (checklist
 * 4.1 FB-EX1, EX2, EX3, EX7) and the constructed vectors (4.2 FB-T1, T2,
 * T3, T5, T6, T10, T12, T13, T14, T32, T39), with forced dice.
 *
 * The melee is set up on a 10 × 10 clear map: the defender at 0505, the
 * attackers on its neighbours 0504 (N), 0604 (NE), 0605 (SE), 0506 (S),
 * 0405 (SW), 0404 (NW).
 */

static const char *around[] = { "0504", "0604", "0605", "0506", "0405", "0404" };

/* A scenario with a defender of @def_sp at 0505 and attackers of the
 * given SP around it (0-terminated list). */
static AciesScenario *
melee_scn (gint def_sp,
           ...)
{
  AciesScenario *scn = fb_scn_new (10, 10);
  va_list args;
  gint sp, k = 0;

  fb_unit (scn, 1, "infantry", def_sp, 4, "0505");
  va_start (args, def_sp);
  while ((sp = va_arg (args, gint)) > 0)
    fb_unit (scn, 0, "infantry", sp, 4, around[k++]);
  va_end (args);
  return scn;
}

/* Side 0's combat phase, the melee of every attacker against unit 0. */
static void
declare_all (FbState   *s,
             AciesDice *dice)
{
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  for (gint u = 2; u < s->st->n_combat; u++)
    if (s->st->pieces[u].side == 0 && fb_has (s, FB_A_ADD_ATTACKER, u, -2))
      g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_ATTACKER, u, -1, -1));
}

/* FB 8.0, FB-EX1: 13 SP against 4 is 3.25:1, rounded down to 3:1. */
static void
test_ex1 (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (4, 8, 5, 0);
  g_autoptr(FbState) s = fb_state (scn, NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  FbOdds o;
  g_autofree char *name = NULL;

  declare_all (s, dice);
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 13 * 4);
  g_assert_cmpint (o.def_q, ==, 4 * 4);
  g_assert_cmpint (o.raw_level, ==, 2);
  name = acies_fb_level_name (o.level);
  g_assert_cmpstr (name, ==, "3:1");
}

/* FB 8.0, FB-T1: 7 against 3 is 2.33:1, so 2:1. */
static void
test_t1 (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (3, 7, 0);
  g_autoptr(FbState) s = fb_state (scn, NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  FbOdds o;

  declare_all (s, dice);
  fb_odds (s, &o);
  g_assert_cmpint (o.raw_level, ==, 1);
}

/* FB 8.0, ruling A1, FB-T2: below 1:1 the defender's SP over the
 * attacker's rounds up: 5 against 8 is 1:2, 3 against 11 is 1:4; the
 * option rounds down (5 against 8 is 1:1). */
static void
test_t2 (void)
{
  g_assert_cmpint (acies_fb_level_of (5 * 4, 8 * 4, TRUE), ==, -1);
  g_assert_cmpint (acies_fb_level_of (3 * 4, 11 * 4, TRUE), ==, -3);
  g_assert_cmpint (acies_fb_level_of (5 * 4, 8 * 4, FALSE), ==, 0);
  g_assert_cmpint (acies_fb_level_of (4 * 4, 4 * 4, TRUE), ==, 0);
  {
    g_autoptr(AciesScenario) scn = melee_scn (8, 5, 0);
    g_autoptr(FbState) s = fb_state (scn, "{\"odds_below_one\": \"round-down\"}");
    g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
    FbOdds o;

    declare_all (s, dice);
    fb_odds (s, &o);
    g_assert_cmpint (o.raw_level, ==, 0);
  }
}

/* FB 8.52, FB-T3: 2 against 9 (1:5) may not be declared voluntarily; an
 * obliged unit at those odds is eliminated without a roll. */
static void
test_t3 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  FbOdds o;

  fb_unit (scn, 1, "infantry", 9, 4, "0505");
  fb_unit (scn, 0, "infantry", 2, 4, "0504");
  fb_attr_bool (scn, 1, "paren", TRUE);        /* parenthesised: not obliged (8.18) */
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  fb_odds (s, &o);
  g_assert_true (o.below_floor);
  g_assert_false (fb_has (s, FB_A_RESOLVE, -2, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_CANCEL, -1, -1, -1));

  /* Obliged (not parenthesised): the attack is an automatic AL. */
  {
    g_autoptr(AciesScenario) scn2 = fb_scn_new (10, 10);
    g_autoptr(FbState) s2 = NULL;

    fb_unit (scn2, 1, "infantry", 9, 4, "0505");
    fb_unit (scn2, 0, "infantry", 2, 4, "0504");
    s2 = fb_state (scn2, NULL);
    fb_goto (s2, dice, FB_PH_COMBAT, 0);
    g_assert_true (s2->p[1].must_attack);
    g_assert_false (fb_has (s2, FB_A_END_PHASE, -2, -2));
    g_assert_true (fb_act (s2, dice, NULL, FB_A_ATTACK, 1, 0, -1));
    g_assert_true (fb_has (s2, FB_A_RESOLVE, -2, -2));
    g_assert_true (fb_act (s2, dice, events, FB_A_RESOLVE, -1, -1, -1));
    g_assert_cmpuint (acies_dice_pending (dice), ==, 0);
    g_assert_cmpint (s2->p[1].where, ==, FB_AT_ELIMINATED);
    g_assert_cmpint (s2->p[0].where, ==, FB_AT_MAP);
    g_assert_true (fb_events_say (events, "automatic AL"));
  }
}

/* FB 8.53, FB-EX2, FB-T10: beyond 4:1 each ratio is −1 on the 4:1 column;
 * a die taken below 1 reads row 1 (ruling A3). */
static void
test_ex2_t10 (void)
{
  {
    g_autoptr(AciesScenario) scn = melee_scn (1, 6, 0);
    g_autoptr(FbState) s = fb_state (scn, NULL);
    g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
    FbOdds o;

    declare_all (s, dice);
    fb_odds (s, &o);
    g_assert_cmpint (o.raw_level, ==, 5);
    g_assert_cmpint (s->st->crt.level[o.col], ==, 3);
    g_assert_cmpint (o.drm, ==, -2);
  }
  {
    g_autoptr(AciesScenario) scn = melee_scn (1, 7, 0);
    g_autoptr(FbState) s = NULL;
    g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
    FbOdds o;

    /* The 4:1 column reads DL on a 1, DR on a 2 (a fixture). */
    fb_crt_cell (scn, "1", "4:1", "DL");
    fb_crt_cell (scn, "2", "4:1", "DR");
    s = fb_state (scn, NULL);
    declare_all (s, dice);
    fb_odds (s, &o);
    g_assert_cmpint (o.drm, ==, -3);
    acies_dice_push (dice, 2);
    g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
    g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);   /* row 1: DL */
  }
}

/* FB 15.1, FB-EX3, FB-T14, ruling A49: a demoralized side attacks one
 * column left; both demoralized, it cancels. */
static void
test_ex3_t14 (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (4, 8, 0);
  g_autoptr(FbState) s = fb_state (scn, NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  FbOdds o;

  declare_all (s, dice);
  s->demoralized[0] = TRUE;
  fb_odds (s, &o);
  g_assert_cmpint (o.raw_level, ==, 1);
  g_assert_cmpint (o.level, ==, 0);                         /* 2:1 → 1:1 */
  s->demoralized[1] = TRUE;
  fb_odds (s, &o);
  g_assert_cmpint (o.level, ==, 1);                         /* cancels */
}

/* FB 2.3, 8.18, FB-EX7: a parenthesised (3)-4 archer attacking
 * voluntarily adds 1.5 SP. */
static void
test_ex7 (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (2, 4, 3, 0);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  FbOdds o;

  fb_attr_bool (scn, 2, "paren", TRUE);
  s = fb_state (scn, NULL);
  declare_all (s, dice);
  g_assert_cmpint (acies_fb_unit_attack_q (s, &s->c, 1, NULL), ==, 6);
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 4 * 4 + 6);
  g_assert_false (s->p[2].must_attack);                     /* 8.18 */
}

/* FB 8.42, 8.43, FB-T5: of two 6 SP attackers only the one across a
 * stream is halved: 3 + 6 = 9 against 4 is 2:1. */
static void
test_t5 (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (4, 6, 6, 0);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  FbOdds o;

  fb_edge (scn, "0504", "0505", "stream");
  s = fb_state (scn, NULL);
  declare_all (s, dice);
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 9 * 4);
  g_assert_cmpint (o.raw_level, ==, 1);
}

/* FB 8.44, 12.2, FB-T6: cavalry attacking an elephant across a stream is
 * halved once: 6 → 3, not 1.5. */
static void
test_t6 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();

  fb_unit (scn, 1, "elephant", 4, 4, "0505");
  fb_unit (scn, 0, "cavalry", 6, 5, "0504");
  fb_edge (scn, "0504", "0505", "stream");
  s = fb_state (scn, NULL);
  declare_all (s, dice);
  g_assert_cmpint (acies_fb_unit_attack_q (s, &s->c, 0, NULL), ==, 3 * 4);
}

/* FB 8.41, 8.4: a defender in woods (DD on the TEC) is doubled; a disrupted
 * one halved (7.1), both apply (ruling A4); the TEC's L1 shifts left. */
static void
test_terrain (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (4, 8, 0);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  FbOdds o;

  fb_terrain (scn, "0505", "woods");
  s = fb_state (scn, NULL);
  declare_all (s, dice);
  g_assert_cmpint (acies_fb_unit_defence_q (s, &s->c, 0, NULL), ==, 8 * 4);
  s->p[0].disrupted = TRUE;
  g_assert_cmpint (acies_fb_unit_defence_q (s, &s->c, 0, NULL), ==, 4 * 4);
  s->p[0].disrupted = FALSE;
  fb_odds (s, &o);
  g_assert_cmpint (o.raw_level, ==, 0);
  {
    g_autoptr(AciesScenario) scn2 = melee_scn (4, 8, 0);
    g_autoptr(FbState) s2 = NULL;

    fb_terrain (scn2, "0505", "woods");
    s2 = fb_state (scn2, "{\"disruption_with_terrain\": false}");
    declare_all (s2, dice);
    s2->p[0].disrupted = TRUE;
    g_assert_cmpint (acies_fb_unit_defence_q (s2, &s2->c, 0, NULL), ==, 2 * 4);
  }
  {
    g_autoptr(AciesScenario) scn3 = melee_scn (4, 8, 0);
    g_autoptr(FbState) s3 = NULL;

    fb_terrain (scn3, "0505", "woods");
    fb_table_cell (scn3, "tec", "woods", "combat", "L1");
    s3 = fb_state (scn3, NULL);
    declare_all (s3, dice);
    fb_odds (s3, &o);
    g_assert_cmpint (o.def_q, ==, 4 * 4);
    g_assert_cmpint (o.level, ==, o.raw_level - 1);
  }
}

/* FB 8.45: a defender on a slope is doubled only if every attacker is
 * farther from the ridge than it. */
static void
test_slope (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (4, 8, 8, 0);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();

  /* A ridge along the north of 0505 (with the hexes above it): the
   * defender touches it, the attacker from 0506 below is farther. */
  fb_terrain (scn, "0505", "slope");
  fb_edge (scn, "0505", "0504", "ridge");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  /* Attacker 2 (0604) alone: 0604 touches no ridge but is next to the
   * hexes that do; 0505 touches it: the attacker is farther. */
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 0, -1));
  g_assert_cmpint (acies_fb_unit_defence_q (s, &s->c, 0, NULL), ==, 8 * 4);
  /* With the attacker across the ridge (0504, same distance): not doubled. */
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_ATTACKER, 1, -1, -1));
  g_assert_cmpint (acies_fb_unit_defence_q (s, &s->c, 0, NULL), ==, 4 * 4);
}

/* FB 13.2, 13.3, 9.4, 2.3-additive: a leader adds his additive unmodified, once a
 * combat phase; a charge doubles the unit, not the additive. */
static void
test_additive (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (4, 6, 0);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  gint l;

  fb_leader (scn, 0, "leader", 2, 9, "0504");
  s = fb_state (scn, NULL);
  l = fb_lpiece (s, 0);
  declare_all (s, dice);
  g_assert_true (fb_has (s, FB_A_ADDITIVE, l, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADDITIVE, l, -1, -1));
  g_assert_false (fb_has (s, FB_A_ADDITIVE, l, -2));
  g_assert_cmpint (acies_fb_unit_attack_q (s, &s->c, 0, NULL), ==, (6 + 2) * 4);
  s->p[1].charging = TRUE;
  g_assert_cmpint (acies_fb_unit_attack_q (s, &s->c, 0, NULL), ==, (12 + 2) * 4);
}

/* FB 13.4, 13.5, GRA 3.1, ISS 3.1, ARB 3.1, PHA 3.1, MUN 3.1, FB-T12: Alexander (additive 3, budget 6) makes
 * two shifts in one combat; a third is refused; the budget drops by two. */
static void
test_t12 (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (4, 8, 0);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  FbOdds o;
  gint l;

  fb_leader (scn, 0, "leader", 3, 9, "0504");
  fb_rule (scn, "elite-leader", 0, "{\"leader\": \"l0\", \"budget_multiplier\": 2, \"shifts_per_combat\": 2}");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  l = fb_lpiece (s, 0);
  g_assert_cmpint (s->st->pieces[l].shift_budget, ==, 6);
  declare_all (s, dice);
  g_assert_true (fb_act (s, dice, NULL, FB_A_SHIFT, l, -1, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_SHIFT, l, -1, -1));
  g_assert_false (fb_has (s, FB_A_SHIFT, l, -2));
  fb_odds (s, &o);
  g_assert_cmpint (o.raw_level, ==, 1);
  g_assert_cmpint (o.level, ==, 3);                          /* 2:1 → 4:1 */
  acies_dice_push (dice, 4);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_cmpint (s->st->pieces[l].shift_budget - s->p[l].shifts_used, ==, 4);
}

/* FB 12.4, FB-T13: no leader shift in a combat with an elephant. */
static void
test_t13 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  gint l;

  fb_unit (scn, 1, "elephant", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 8, 4, "0504");
  fb_leader (scn, 0, "leader", 2, 9, "0504");
  s = fb_state (scn, NULL);
  l = fb_lpiece (s, 0);
  declare_all (s, dice);
  g_assert_false (fb_has (s, FB_A_SHIFT, l, -2));
  g_assert_true (fb_has (s, FB_A_ADDITIVE, l, -2));
  g_assert_cmpint (s->p[l].shifts_used, ==, 0);
}

/* FB 13.4: the defender's leader answers with a shift one column left. */
static void
test_shift_reply (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (4, 8, 0);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  FbOdds o;
  gint la, ld;

  fb_leader (scn, 0, "leader", 1, 9, "0504");
  fb_leader (scn, 1, "leader", 1, 9, "0505");
  s = fb_state (scn, NULL);
  la = fb_lpiece (s, 0);
  ld = fb_lpiece (s, 1);
  declare_all (s, dice);
  g_assert_true (fb_act (s, dice, NULL, FB_A_SHIFT, la, -1, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_cmpint (s->step, ==, FB_ST_DEFEND);
  g_assert_cmpint (s->base.deciding_side, ==, 1);
  g_assert_true (fb_has (s, FB_A_SHIFT, ld, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_SHIFT, ld, -1, -1));
  g_assert_false (fb_has (s, FB_A_SHIFT, ld, -2));           /* one a side */
  fb_odds (s, &o);
  g_assert_cmpint (o.level, ==, o.raw_level);
}

/* FB 8.52 vs ruling A2, FB-T39: a demoralized side may attack at raw
 * 1:4; shifted below it resolves on 1:4, or with the option is an AL. */
static void
test_t39 (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (12, 3, 0);
  g_autoptr(FbState) s = fb_state (scn, NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  FbOdds o;

  declare_all (s, dice);
  s->demoralized[0] = TRUE;
  fb_odds (s, &o);
  g_assert_cmpint (o.raw_level, ==, -3);
  g_assert_false (o.below_floor);
  g_assert_false (o.auto_al);
  g_assert_cmpint (s->st->crt.level[o.col], ==, -3);
  g_assert_true (fb_has (s, FB_A_RESOLVE, -2, -2));
  {
    g_autoptr(AciesScenario) scn2 = melee_scn (12, 3, 0);
    g_autoptr(FbState) s2 = fb_state (scn2, "{\"shift_below_floor\": \"auto-al\"}");

    declare_all (s2, dice);
    s2->demoralized[0] = TRUE;
    fb_odds (s2, &o);
    g_assert_true (o.auto_al);
  }
}

/* PHA 3.3, MUN 3.3, 15.1, FB-T32: two X Legion units and another at 2:1 raw,
 * Caesareans demoralized: 2:1 +2 −1 = 3:1. */
static void
test_t32 (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (10, 8, 8, 4, 0);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  FbOdds o;

  fb_attr_string (scn, 1, "stripe", "orange");
  fb_attr_string (scn, 2, "stripe", "orange");
  fb_rule (scn, "x-legion", 0, "{\"stripe\": \"orange\", \"shift\": 1}");
  s = fb_state (scn, NULL);
  declare_all (s, dice);
  s->demoralized[0] = TRUE;
  fb_odds (s, &o);
  g_assert_cmpint (o.raw_level, ==, 1);
  g_assert_cmpint (o.level, ==, 2);
}

/* FB 8.0-proc: the odds preview gives every result with its exact chance
 * and the rules of every modifier. */
static void
test_preview (void)
{
  g_autoptr(AciesScenario) scn = melee_scn (1, 6, 0);
  g_autoptr(FbState) s = fb_state (scn, NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesOdds) odds = NULL;
  double total = 0;
  gboolean drm = FALSE;

  declare_all (s, dice);
  odds = acies_fb_combat_odds (s, &s->c);
  g_assert_nonnull (strstr (odds->summary, "6:1"));
  g_assert_nonnull (strstr (odds->summary, "4:1 column"));
  for (guint i = 0; i < odds->outcomes->len; i++)
    total += ((AciesOddsOutcome *) g_ptr_array_index (odds->outcomes, i))->probability;
  g_assert_cmpfloat_with_epsilon (total, 1.0, 1e-9);
  for (guint i = 0; i < odds->modifiers->len; i++)
    {
      AciesOddsModifier *m = g_ptr_array_index (odds->modifiers, i);

      drm |= m->value == -2 && g_strcmp0 (m->rule, "FB 8.53") == 0;
    }
  g_assert_true (drm);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/8.0-proc/ex1-13-against-4-is-3-to-1", test_ex1);
  g_test_add_func ("/acies/four-battles/8.0-proc/t1-7-against-3-is-2-to-1", test_t1);
  g_test_add_func ("/acies/four-battles/8.0-proc/t2-below-1-to-1-rounds-up", test_t2);
  g_test_add_func ("/acies/four-battles/8.52/t3-below-1-to-4", test_t3);
  g_test_add_func ("/acies/four-battles/8.53/ex2-t10-beyond-4-to-1-is-a-drm", test_ex2_t10);
  g_test_add_func ("/acies/four-battles/15.1/ex3-t14-demoralized-shift", test_ex3_t14);
  g_test_add_func ("/acies/four-battles/2.3-SP/ex7-parenthesised-attacks-at-half", test_ex7);
  g_test_add_func ("/acies/four-battles/8.42/t5-halved-across-the-stream-only", test_t5);
  g_test_add_func ("/acies/four-battles/8.44/t6-halved-once", test_t6);
  g_test_add_func ("/acies/four-battles/8.41/terrain-effects", test_terrain);
  g_test_add_func ("/acies/four-battles/8.45/slope-doubles-when-attackers-are-farther", test_slope);
  g_test_add_func ("/acies/four-battles/13.2/additive-once-unmodified", test_additive);
  g_test_add_func ("/acies/four-battles/GRA-3.1/t12-alexander-two-shifts", test_t12);
  g_test_add_func ("/acies/four-battles/12.4/t13-no-shift-with-elephants", test_t13);
  g_test_add_func ("/acies/four-battles/13.4/defender-replies", test_shift_reply);
  g_test_add_func ("/acies/four-battles/8.52/t39-demoralized-at-1-to-4", test_t39);
  g_test_add_func ("/acies/four-battles/PHA-3.3/t32-x-legion-and-demoralized", test_t32);
  g_test_add_func ("/acies/four-battles/8.0-proc/preview-distribution", test_preview);
  return g_test_run ();
}
