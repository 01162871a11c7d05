/* test-fb-melee.c
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
 * Four Battles melee: which units must attack (8.1-8.2), the results and
 * what they ask (8.6, 9.3), retreats, displacement and advances (8.7-8.8),
 * charges (9.0-9.9), forced advances (9.7, 9.8, FB-EX15), with forced dice
 * and fixed CRT cells (the CRT itself is not printed).
 *
 * Map: 10 × 10 clear; 0505's neighbours are 0504 (N), 0604 (NE), 0605
 * (SE), 0506 (S), 0405 (SW), 0404 (NW).
 */

static FbState *
duel (AciesScenario *scn,
      AciesDice     *dice,
      const char    *result)
{
  FbState *s;

  if (result != NULL)
    fb_crt_all (scn, result);
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  return s;
}

/* FB 8.11, 8.12, 8.13, 8.15: units in an enemy ZOC must attack and enemy units
 * in a friendly ZOC must be attacked before the phase ends. */
static void
test_obligations (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  g_autoptr(GString) why = g_string_new (NULL);

  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 8, 4, "0504");
  s = duel (scn, dice, "-");
  g_assert_true (s->p[1].must_attack);
  g_assert_true (s->p[0].must_defend);
  g_assert_false (acies_fb_obligations_met (s, why));
  g_assert_nonnull (strstr (why->str, "8.12"));
  g_assert_false (fb_has (s, FB_A_END_PHASE, -2, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_true (fb_has (s, FB_A_END_PHASE, -2, -2));
  /* 8.15: once a phase. */
  g_assert_false (fb_has (s, FB_A_ATTACK, 1, -2));
}

/* FB 8.17, 6.2: skirmishers adjacent only to skirmishers need not attack;
 * 8.18: parenthesised units are never obliged, but the enemy in their ZOC
 * is not obliged to be attacked either (ruling A28). */
static void
test_not_obliged (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 2, 5, "0505");
  fb_attr_bool (scn, 0, "dot", TRUE);
  fb_unit (scn, 0, "infantry", 2, 5, "0504");
  fb_attr_bool (scn, 1, "dot", TRUE);
  fb_unit (scn, 1, "infantry", 4, 4, "0808");
  fb_unit (scn, 0, "archer", 3, 4, "0807");
  fb_attr_bool (scn, 3, "paren", TRUE);
  s = duel (scn, dice, "-");
  g_assert_false (s->p[1].must_attack);
  g_assert_false (s->p[3].must_attack);
  g_assert_true (fb_has (s, FB_A_END_PHASE, -2, -2));
  /* They may still attack voluntarily (8.17, 8.18). */
  g_assert_true (fb_has (s, FB_A_ATTACK, 1, 0));
  g_assert_true (fb_has (s, FB_A_ATTACK, 3, 2));
}

/* FB 8.21, 8.22: one unit in the ZOC of two enemies attacks both at once, their
 * SP totalled; 8.22: attackers from two hexes combine on one. */
static void
test_multi (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "infantry", 9, 4, "0505");
  fb_unit (scn, 1, "infantry", 2, 4, "0504");
  fb_unit (scn, 1, "infantry", 1, 4, "0506");
  fb_unit (scn, 0, "infantry", 3, 4, "0404");   /* next to 0504 only */
  s = duel (scn, dice, "-");
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
  g_assert_true (fb_has (s, FB_A_ADD_DEFENDER, 2, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_DEFENDER, 2, -1, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.def_q, ==, 3 * 4);
  /* 8.22: a unit next to one of the defenders may join (ruling A27: one
   * attacker is next to both). */
  g_assert_true (fb_has (s, FB_A_ADD_ATTACKER, 3, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_ATTACKER, 3, -1, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 12 * 4);
  g_assert_cmpint (o.raw_level, ==, 3);
}

/* FB 8.21, 8.11, ruling A27 (trial 6a finding 9): a unit next to two enemy
 * units in its ZOC attacks one; the other has no other attacker next to
 * it, so it must be a defender in this combat: Resolve waits until it is
 * added.  With another unit able to attack it, the first may attack alone. */
static void
test_second_defender (void)
{
  for (gint helper = 0; helper < 2; helper++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;
      g_autoptr(GError) error = NULL;
      AciesAction a;

      fb_unit (scn, 0, "infantry", 9, 4, "0505");       /* Gauls 3 */
      fb_unit (scn, 1, "infantry", 2, 4, "0504");       /* Legion I-3 */
      fb_unit (scn, 1, "infantry", 2, 4, "0605");       /* Allied foot 4 */
      if (helper)
        fb_unit (scn, 0, "infantry", 4, 4, "0706");     /* next to 0605 only */
      s = duel (scn, dice, "-");
      g_assert_true (s->p[1].must_defend && s->p[2].must_defend);
      g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
      g_assert_true (fb_has (s, FB_A_ADD_DEFENDER, 2, -2));
      if (helper)
        {
          g_assert_cmpint (acies_fb_left_alone (s, &s->c), ==, -1);
          g_assert_true (fb_has (s, FB_A_RESOLVE, -2, -2));
          continue;
        }
      g_assert_cmpint (acies_fb_left_alone (s, &s->c), ==, 2);
      g_assert_false (fb_has (s, FB_A_RESOLVE, -2, -2));
      acies_action_init (&a, FB_A_RESOLVE, 0);
      g_assert_false (acies_fb_combat_apply (s, &a, dice, NULL, &error));
      g_assert_nonnull (strstr (error->message, "8.21"));
      g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_DEFENDER, 2, -1, -1));
      g_assert_true (fb_has (s, FB_A_RESOLVE, -2, -2));
      acies_dice_push (dice, 3);
      g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
      g_assert_true (s->p[1].defended && s->p[2].defended);
      g_assert_true (fb_has (s, FB_A_END_PHASE, -2, -2));
    }
}

/* FB 8.6, 8.71, 8.72, 5.12: every attacker retreats one hex out of enemy ZOC; the
 * owner picks the hex when there is a choice. */
static void
test_ar (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 8, 4, "0504");
  s = duel (scn, dice, "AR");
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_cmpint (s->step, ==, FB_ST_RETREAT);
  g_assert_cmpint (s->base.deciding_side, ==, 0);
  /* 8.72: not into the defender's ZOC: 0503, 0403 or 0603. */
  g_assert_true (fb_has (s, FB_A_RETREAT, 1, fb_cell (s, "0503")));
  g_assert_false (fb_has (s, FB_A_RETREAT, 1, fb_cell (s, "0404")));
  g_assert_true (fb_act (s, dice, NULL, FB_A_RETREAT, 1, fb_cell (s, "0503"), -1));
  /* A9: the defender may advance into the vacated hex. */
  g_assert_cmpint (s->step, ==, FB_ST_ADVANCE);
  g_assert_cmpint (s->base.deciding_side, ==, 1);
  g_assert_true (fb_act (s, dice, NULL, FB_A_NO_ADVANCE, -1, -1, -1));
  g_assert_cmpint (s->p[1].cell, ==, fb_cell (s, "0503"));
}

/* FB 8.6 DR, 8.75, 8.76: the defenders retreat, one victorious unit may
 * advance into one vacated hex and attacks no more this phase. */
static void
test_dr_advance (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 8, 4, "0504");
  fb_unit (scn, 0, "infantry", 8, 4, "0405");
  s = duel (scn, dice, "DR");
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_ATTACKER, 2, -1, -1));
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  if (s->step == FB_ST_RETREAT)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      g_assert_cmpint (s->base.deciding_side, ==, 1);
      acies_fb_legal_actions (s, legal);
      g_assert_true (fb_act (s, dice, NULL, FB_A_RETREAT, 0, g_array_index (legal, AciesAction, 0).args[1], -1));
    }
  /* 8.71: out of the attackers' ZOC. */
  g_assert_false (acies_fb_adjacent (s->st, s->p[0].cell, s->p[1].cell));
  g_assert_false (acies_fb_adjacent (s->st, s->p[0].cell, s->p[2].cell));
  g_assert_cmpint (s->step, ==, FB_ST_ADVANCE);
  g_assert_true (fb_has (s, FB_A_ADVANCE, 1, fb_cell (s, "0505")));
  g_assert_true (fb_has (s, FB_A_ADVANCE, 2, fb_cell (s, "0505")));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADVANCE, 2, fb_cell (s, "0505"), -1));
  g_assert_cmpint (s->step, ==, FB_ST_NONE);
  g_assert_true (s->p[2].no_more_attack);
  g_assert_cmpint (s->p[1].cell, ==, fb_cell (s, "0504"));   /* 8.76 */
}

/* FB 8.6 AL, DL: the owner chooses which involved unit is lost. */
static void
test_al_dl (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 8, 4, "0504");
  fb_unit (scn, 0, "infantry", 3, 4, "0405");
  s = duel (scn, dice, "AL");
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_ATTACKER, 2, -1, -1));
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_cmpint (s->step, ==, FB_ST_LOSS);
  g_assert_true (fb_has (s, FB_A_LOSE, 1, -2));
  g_assert_true (fb_has (s, FB_A_LOSE, 2, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_LOSE, 2, -1, -1));
  g_assert_cmpint (s->p[2].where, ==, FB_AT_ELIMINATED);
  g_assert_cmpint (s->elim_h[1], ==, 2 * 3);                 /* 16.11 */
}

/* FB 8.6 EX, FB-T9: the attacker tries for AR, rolls 5: the EX stands,
 * each side loses a unit. */
static void
test_t9 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 8, 4, "0504");
  s = duel (scn, dice, "EX");
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_cmpint (s->step, ==, FB_ST_EX_SUB);
  acies_dice_push (dice, 5);
  g_assert_true (fb_act (s, dice, NULL, FB_A_EX_SUB, 1, -1, -1));
  g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
  g_assert_cmpint (s->p[1].where, ==, FB_AT_ELIMINATED);
}

/* FB 9.3, 9.1, 9.2, FB-T8: a charge's EX turned into AR (die 2) becomes an AL: a
 * charger dies, nobody retreats, the defender loses nothing. */
static void
test_t8 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "cavalry", 4, 6, "0502");
  fb_crt_all (scn, "EX");
  s = fb_state (scn, NULL);
  /* 9.0: not starting next to an enemy, it charges into 0504. */
  g_assert_true (fb_has (s, FB_A_MOVE, 1, fb_cell (s, "0504")));
  fb_move (s, dice, 1, "0504", TRUE);
  g_assert_true (s->p[1].charging);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (s->p[1].must_attack);                       /* A10 */
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  g_assert_cmpint (acies_fb_unit_attack_q (s, &s->c, 0, NULL), ==, 8 * 4);   /* 9.2 */
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  acies_dice_push (dice, 2);
  g_assert_true (fb_act (s, dice, NULL, FB_A_EX_SUB, 1, -1, -1));
  g_assert_cmpint (s->p[1].where, ==, FB_AT_ELIMINATED);
  g_assert_cmpint (s->p[0].where, ==, FB_AT_MAP);
  g_assert_cmpint (s->p[0].cell, ==, fb_cell (s, "0505"));
  g_assert_cmpint (s->step, ==, FB_ST_ADVANCE);              /* the defender may advance */
}

/* FB 9.0, 9.5, 12.3: no charge starting next to an enemy, none for a
 * parenthesised unit, none through woods; no doubling against an elephant
 * for cavalry, nor across a stream. */
static void
test_charge_limits (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "cavalry", 4, 6, "0604");   /* next to the enemy */
  fb_unit (scn, 0, "cavalry", 4, 6, "0208");
  fb_attr_bool (scn, 2, "paren", TRUE);
  fb_unit (scn, 0, "cavalry", 4, 6, "0802");
  fb_terrain (scn, "0703", "woods");
  fb_terrain (scn, "0803", "woods");
  fb_terrain (scn, "0903", "woods");
  fb_terrain (scn, "0902", "woods");
  fb_terrain (scn, "0702", "woods");
  s = fb_state (scn, NULL);
  g_assert_false (fb_has (s, FB_A_MOVE, 1, -2) && fb_has (s, FB_A_MOVE, 1, fb_cell (s, "0605")) == FALSE);
  {
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
    gboolean charge1 = FALSE, charge2 = FALSE, charge3_woods = FALSE;

    acies_fb_legal_actions (s, legal);
    for (guint i = 0; i < legal->len; i++)
      {
        const AciesAction *a = &g_array_index (legal, AciesAction, i);

        if (a->type != FB_A_MOVE || a->args[2] != 1)
          continue;
        charge1 |= a->args[0] == 1;
        charge2 |= a->args[0] == 2;
        charge3_woods |= a->args[0] == 3 && (s->st->cell_bits[a->args[1]] & FB_C_CHARGE) == 0;
      }
    g_assert_false (charge1);                                 /* 9.0 */
    g_assert_false (charge2);                                 /* 2.3, 9.0 */
    g_assert_false (charge3_woods);                           /* 9.5a */
  }
}

/* FB 8.73: a unit with nowhere to retreat is eliminated; GRA 3.2: a full
 * two-step unit flips instead. */
static void
test_no_retreat (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  /* The defender at 0101 (a corner): its free hexes are in the ZOC of
   * the attackers. */
  fb_unit (scn, 1, "infantry", 4, 4, "0101");
  fb_unit (scn, 0, "infantry", 8, 4, "0201");
  fb_unit (scn, 0, "infantry", 8, 4, "0102");
  s = duel (scn, dice, "DR");
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
  {
    g_autoptr(AciesScenario) scn2 = fb_scn_new (10, 10);
    g_autoptr(FbState) s2 = NULL;

    fb_unit (scn2, 1, "phalanx", 9, 3, "0101");
    fb_attr_int (scn2, 0, "sp_reduced", 4);
    fb_unit (scn2, 0, "infantry", 8, 4, "0201");
    fb_unit (scn2, 0, "infantry", 8, 4, "0102");
    fb_rule (scn2, "two-step-units", 1, "{\"unit_types\": \"phalanx\"}");
    s2 = duel (scn2, dice, "DR");
    g_assert_true (fb_act (s2, dice, NULL, FB_A_ATTACK, 1, 0, -1));
    acies_dice_push (dice, 3);
    g_assert_true (fb_act (s2, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
    g_assert_cmpint (s2->p[0].where, ==, FB_AT_MAP);
    g_assert_true (s2->p[0].reduced);
    g_assert_cmpint (s2->elim_h[0], ==, 2 * 5);               /* GRA 3.2: 5 SP lost */
  }
}

/* FB 8.82, 8.83, 8.84, 8.85: displacement when the only retreat hex
 * holds an uninvolved friend; none next to an enemy; none when the
 * scenario denies it (8.81). */
static void
test_displacement (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint cells[6], costs[6], n;

  /* Defender at 0102 on the west edge; attackers at 0202 and 0103 (ZOC on
   * 0203... ), its only hex out of ZOC is 0101, held by a friend whose own
   * retreat hex 0201... */
  fb_unit (scn, 1, "infantry", 4, 4, "0103");
  fb_unit (scn, 0, "infantry", 8, 4, "0104");
  fb_unit (scn, 0, "infantry", 8, 4, "0204");
  fb_unit (scn, 1, "infantry", 4, 4, "0102");   /* the friend in the way */
  s = duel (scn, dice, "DR");
  n = acies_fb_retreat_options (s, 0, cells, costs, 6);
  g_test_message ("options: %d", n);
  for (gint i = 0; i < n; i++)
    g_test_message ("  %s (%d displacements)", acies_fb_cell_label (s, cells[i]), costs[i]);
  g_assert_cmpint (n, >, 0);
  {
    gboolean through_friend = FALSE;

    for (gint i = 0; i < n; i++)
      through_friend |= cells[i] == fb_cell (s, "0102") && costs[i] == 1;
    /* 0203 is vacant: with a vacant hex no displacement is offered. */
    if (!through_friend)
      for (gint i = 0; i < n; i++)
        g_assert_cmpint (costs[i], ==, 0);
  }
}

/* FB 8.82, 8.83: with every vacant hex closed, a friend is pushed out and
 * the retreater takes its hex (one displacement, the owner choosing among
 * equal ones); 8.81: a side denied displacement loses the unit instead. */
static void
test_displacement_forced (void)
{
  for (gint allowed = 0; allowed < 2; allowed++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;
      gint cells[6], costs[6], n;

      /* The defender at 0505 attacked from 0504: 0604 and 0404 are in
       * the attacker's ZOC, 0605, 0506 and 0405 hold friends. */
      fb_unit (scn, 1, "infantry", 4, 4, "0505");
      fb_unit (scn, 0, "infantry", 8, 4, "0504");
      fb_unit (scn, 1, "infantry", 4, 4, "0605");
      fb_unit (scn, 1, "infantry", 4, 4, "0506");
      fb_unit (scn, 1, "infantry", 4, 4, "0405");
      fb_side_bool (scn, 1, "displacement", allowed);
      s = duel (scn, dice, "DR");
      n = acies_fb_retreat_options (s, 0, cells, costs, 6);
      g_assert_cmpint (n, ==, allowed ? 3 : 0);
      for (gint i = 0; i < n; i++)
        g_assert_cmpint (costs[i], ==, 1);
      g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
      acies_dice_push (dice, 3);
      g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
      if (!allowed)
        {
          g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
          continue;
        }
      g_assert_cmpint (s->step, ==, FB_ST_RETREAT);
      g_assert_true (fb_has (s, FB_A_RETREAT, 0, fb_cell (s, "0506")));
      g_assert_true (fb_act (s, dice, NULL, FB_A_RETREAT, 0, fb_cell (s, "0506"), -1));
      /* The displaced unit retreats in its turn, to a vacant hex. */
      while (s->step == FB_ST_RETREAT)
        {
          g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

          acies_fb_legal_actions (s, legal);
          g_assert_cmpuint (legal->len, >, 0);
          g_assert_cmpint (g_array_index (legal, AciesAction, 0).args[0], ==, 3);
          g_assert_true (fb_act (s, dice, NULL, FB_A_RETREAT, 3, g_array_index (legal, AciesAction, 0).args[1], -1));
        }
      g_assert_cmpint (s->p[0].cell, ==, fb_cell (s, "0506"));
      g_assert_cmpint (s->p[3].where, ==, FB_AT_MAP);
      g_assert_cmpint (s->p[3].cell, !=, fb_cell (s, "0506"));
      g_assert_cmpint (s->occ[fb_cell (s, "0506")], ==, 0);
    }
}

/* FB 8.85: no displacement into a hex next to an enemy, even out of its
 * ZOC (a skirmisher exerts none in the combat phase), FB-T31. */
static void
test_t31 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint cells[6], costs[6], n;

  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 8, 4, "0504");
  fb_unit (scn, 1, "infantry", 4, 4, "0605");
  fb_unit (scn, 1, "infantry", 4, 4, "0506");
  fb_unit (scn, 1, "infantry", 4, 4, "0405");
  fb_unit (scn, 0, "infantry", 2, 5, "0507");   /* a skirmisher next to 0506 */
  fb_attr_bool (scn, 5, "dot", TRUE);
  s = duel (scn, dice, "DR");
  n = acies_fb_retreat_options (s, 0, cells, costs, 6);
  for (gint i = 0; i < n; i++)
    g_assert_cmpint (cells[i], !=, fb_cell (s, "0506"));
  g_assert_cmpint (n, ==, 2);
}

/* FB 9.8, FB-EX15: a hex vacated after two charging cavalry attacked: the
 * non-skirmisher rolls 5 (not forced), the skirmisher 2 (forced). */
static void
test_ex15 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 2, 4, "0505");
  fb_unit (scn, 0, "cavalry", 6, 6, "0502");
  fb_unit (scn, 0, "cavalry", 4, 8, "0207");
  fb_attr_bool (scn, 2, "dot", TRUE);
  fb_crt_all (scn, "DL");
  s = fb_state (scn, NULL);
  fb_move (s, dice, 1, "0504", TRUE);
  fb_move (s, dice, 2, "0405", TRUE);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_ATTACKER, 2, -1, -1));
  acies_dice_push (dice, 4);       /* the melee: DL */
  acies_dice_push (dice, 5);       /* unit 1: not forced (5 > 4) */
  acies_dice_push (dice, 2);       /* unit 2, a skirmisher: forced (2 <= 2) */
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
  g_assert_cmpint (s->step, ==, FB_ST_ADVANCE);
  g_assert_cmpint (s->c.forced_adv, ==, 2);
  g_assert_false (fb_has (s, FB_A_NO_ADVANCE, -2, -2));
  g_assert_false (fb_has (s, FB_A_ADVANCE, 1, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADVANCE, 2, fb_cell (s, "0505"), -1));
  g_assert_cmpuint (acies_dice_pending (dice), ==, 0);
  /* 9.9: the charge is over. */
  g_assert_false (s->p[1].charging);
}

/* FB 9.7: a charging elephant must advance into the vacated hex. */
static void
test_elephant_advance (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 2, 4, "0505");
  fb_unit (scn, 0, "elephant", 4, 4, "0502");
  fb_crt_all (scn, "DL");
  s = fb_state (scn, NULL);
  /* 12.1: charging, an elephant's MA doubles. */
  g_assert_cmpint (acies_fb_ma (s, 1, TRUE), ==, 8);
  fb_move (s, dice, 1, "0504", TRUE);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  acies_dice_push (dice, 4);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_cmpint (s->step, ==, FB_ST_ADVANCE);
  g_assert_cmpint (s->c.forced_adv, ==, 1);
  g_assert_false (fb_has (s, FB_A_NO_ADVANCE, -2, -2));
}

/* FB 8.77: a leader stacked with the advancing unit goes with it. */
static void
test_leader_advances (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint l;

  fb_unit (scn, 1, "infantry", 2, 4, "0505");
  fb_unit (scn, 0, "infantry", 8, 4, "0504");
  fb_leader (scn, 0, "leader", 1, 9, "0504");
  s = duel (scn, dice, "DL");
  l = fb_lpiece (s, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  acies_dice_push (dice, 4);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADVANCE, 1, fb_cell (s, "0505"), -1));
  g_assert_cmpint (s->p[l].cell, ==, fb_cell (s, "0505"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/8.11/must-attack-and-be-attacked", test_obligations);
  g_test_add_func ("/acies/four-battles/8.17/skirmishers-and-parenthesised-not-obliged", test_not_obliged);
  g_test_add_func ("/acies/four-battles/8.21/two-defenders-and-two-attackers", test_multi);
  g_test_add_func ("/acies/four-battles/8.21/A27-second-defender-not-left-alone", test_second_defender);
  g_test_add_func ("/acies/four-battles/8.6/ar-retreat-out-of-zoc", test_ar);
  g_test_add_func ("/acies/four-battles/8.75/dr-then-one-advance", test_dr_advance);
  g_test_add_func ("/acies/four-battles/8.6/al-owner-chooses", test_al_dl);
  g_test_add_func ("/acies/four-battles/8.6/t9-exchange-stands", test_t9);
  g_test_add_func ("/acies/four-battles/9.3/t8-charge-ar-becomes-al", test_t8);
  g_test_add_func ("/acies/four-battles/9.0-proc/who-may-charge", test_charge_limits);
  g_test_add_func ("/acies/four-battles/8.73/no-retreat-eliminated-or-flipped", test_no_retreat);
  g_test_add_func ("/acies/four-battles/8.83/fewest-displacements", test_displacement);
  g_test_add_func ("/acies/four-battles/8.82/displaced-or-denied", test_displacement_forced);
  g_test_add_func ("/acies/four-battles/8.85/t31-not-next-to-an-enemy", test_t31);
  g_test_add_func ("/acies/four-battles/9.8/ex15-forced-advance-rolls", test_ex15);
  g_test_add_func ("/acies/four-battles/9.7/elephant-must-advance", test_elephant_advance);
  g_test_add_func ("/acies/four-battles/8.77/leader-advances-with-unit", test_leader_advances);
  return g_test_run ();
}
