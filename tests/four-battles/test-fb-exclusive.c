/* test-fb-exclusive.c
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
 * The exclusive rules' special-rule kinds, each on a small scenario built
 * here with the kind's parameters (the catalogue's special_rules), named
 * by the battle's case that first prints it.  Victory kinds are in
 * test-fb-victory.c.
 *
 * Map: 10 × 10 clear unless said; 0505's neighbours are 0504 (N), 0604
 * (NE), 0605 (SE), 0506 (S), 0405 (SW), 0404 (NW).  Side A (index 0) is
 * home on the west edge and moves first; side B on the east.
 */

static gboolean
has_move (const FbState *s,
          gint           piece)
{
  return fb_has (s, FB_A_MOVE, piece, -2);
}

/* Applies the first legal action of @type (any when -1); FALSE if none. */
static gboolean
act_first (FbState   *s,
           AciesDice *dice,
           gint       type)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_fb_legal_actions (s, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (type < 0 || a->type == type)
        return fb_act (s, dice, NULL, a->type, a->args[0], a->args[1], a->args[2]);
    }
  return FALSE;
}

/* Resolves the melee composed now with die @die, taking the first choice
 * whenever one is asked, until it is over. */
static void
resolve (FbState   *s,
         AciesDice *dice,
         guint      die)
{
  acies_dice_push (dice, die);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  if (s->step == FB_ST_DEFEND)
    g_assert_true (fb_act (s, dice, NULL, FB_A_DEFEND, -1, -1, -1));
  /* Nobody advances unless obliged. */
  for (gint guard = 0; guard < 20 && s->c.active; guard++)
    if (!fb_has (s, FB_A_NO_ADVANCE, -2, -2) || !fb_act (s, dice, NULL, FB_A_NO_ADVANCE, -1, -1, -1))
      g_assert_true (act_first (s, dice, -1));
}

/* MEG 3.2, QAD 3.3, MAR 3.4, GRA 3.4, ISS 3.4, ARB 3.5, CAN 4.2, ZAM 3.4,
 * CAR 3.3, TEU 4.6, IDI 3.4, BOU 3.4: no-displacement; TRA 3.2: a side's
 * "displacement" parameter.  The retreater whose only way out is
 * through a friend dies instead. */
static void
test_no_displacement (void)
{
  for (gint how = 0; how < 3; how++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;

      fb_unit (scn, 1, "infantry", 2, 4, "0505");
      fb_unit (scn, 1, "infantry", 4, 4, "0504");
      fb_unit (scn, 0, "infantry", 8, 4, "0506");
      fb_unit (scn, 0, "infantry", 4, 4, "0304");
      fb_unit (scn, 0, "infantry", 4, 4, "0704");
      fb_crt_all (scn, "DR");
      if (how == 1)
        fb_rule (scn, "no-displacement", -1, "{}");
      if (how == 2)
        fb_side_bool (scn, 1, "displacement", FALSE);
      s = fb_state (scn, NULL);
      fb_goto (s, dice, FB_PH_COMBAT, 0);
      g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 0, -1));
      resolve (s, dice, 4);
      if (how == 0)
        g_assert_cmpint (s->p[0].cell, ==, fb_cell (s, "0504"));
      else
        g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
    }
}

/* GRA 3.2, ISS 3.2, ARB 3.2, FB-EX8: a full two-step 9-3 phalanx taking a DL flips to 4-3;
 * its enemy earns 5 VP and its side loses 5 for morale; a second DL kills
 * the reduced unit (4 more). */
static void
test_two_step (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "phalanx", 9, 3, "0505");
  fb_attr_int (scn, 0, "sp_reduced", 4);
  fb_unit (scn, 1, "infantry", 8, 4, "0504");
  fb_unit (scn, 1, "infantry", 8, 4, "0506");
  fb_rule (scn, "two-step-units", 0, "{\"unit_types\": \"phalanx\"}");
  fb_crt_all (scn, "DL");
  g_free (scn->first_side);
  scn->first_side = g_strdup ("b");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 1);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  resolve (s, dice, 3);
  g_assert_cmpint (s->p[0].where, ==, FB_AT_MAP);
  g_assert_true (s->p[0].reduced);
  g_assert_cmpint (acies_fb_sp (s, 0), ==, 4);
  g_assert_cmpint (s->elim_h[1], ==, 2 * 5);
  g_assert_cmpint (s->lost_h[0], ==, 2 * 5);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 0, -1));
  resolve (s, dice, 3);
  g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
  g_assert_cmpint (s->elim_h[1], ==, 2 * 9);
}

/* FB 1.0, GRA 3.3 (IDI 3.1, TEU 4.1, BOU 3.1): an exclusive rule adds to
 * the standard ones: turn-column-shift: the side's
 * attacks on the given turn shift one column right. */
static void
test_turn_shift (void)
{
  for (gint turn = 1; turn <= 2; turn++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;
      g_autofree char *params = g_strdup_printf ("{\"turn\": %d, \"shift\": 1}", turn);
      FbOdds o;

      fb_unit (scn, 0, "infantry", 4, 4, "0505");
      fb_unit (scn, 1, "infantry", 4, 4, "0504");
      fb_rule (scn, "turn-column-shift", 0, params);
      s = fb_state (scn, NULL);
      fb_goto (s, dice, FB_PH_COMBAT, 0);
      g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
      fb_odds (s, &o);
      g_assert_cmpint (o.raw_level, ==, 0);
      g_assert_cmpint (o.level, ==, turn == 1 ? 1 : 0);
    }
}

/* MAR 3.1, QAD 2.2: movement-lock by unit type until a turn: Persian (B)
 * cavalry frozen until turn 4; ZAM 2.2: on turn 1 only the elephants move
 * (except_unit_type). */
static void
test_lock_type (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "cavalry", 4, 6, "0202");
  fb_unit (scn, 0, "infantry", 4, 4, "0204");
  fb_unit (scn, 0, "elephant", 4, 4, "0206");
  fb_rule (scn, "movement-lock", 0, "{\"unit_type\": \"cavalry\", \"until_turn\": 2}");
  s = fb_state (scn, NULL);
  g_assert_false (has_move (s, 0));
  g_assert_true (has_move (s, 1));
  fb_goto (s, dice, FB_PH_MOVE, 1);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_true (has_move (s, 0));
  g_clear_pointer (&s, fb_state_free);
  g_ptr_array_set_size (scn->special_rules, 0);
  fb_rule (scn, "movement-lock", 0, "{\"until_turn\": 2, \"except_unit_type\": \"elephant\"}");
  s = fb_state (scn, NULL);
  g_assert_false (has_move (s, 0));
  g_assert_false (has_move (s, 1));
  g_assert_true (has_move (s, 2));
}

/* QAD 2.2: movement-lock of an area: units set up there are frozen. */
static void
test_lock_area (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0202");
  fb_unit (scn, 0, "infantry", 4, 4, "0208");
  fb_area (scn, "east-bank", "region", -1, "0201", "0202", "0203", NULL);
  fb_rule (scn, "movement-lock", 0, "{\"area\": \"east-bank\", \"until_turn\": 4}");
  s = fb_state (scn, NULL);
  g_assert_false (has_move (s, 0));
  g_assert_true (has_move (s, 1));
}

/* MET 3.1 (PHA 3.2): a lock released when any of its units is attacked
 * (fire included), for all of them. */
static void
test_lock_release (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 4, 4, "0503");     /* a Gaul */
  fb_unit (scn, 1, "infantry", 4, 4, "0808");     /* another Gaul */
  fb_unit (scn, 0, "archer", 2, 4, "0505");
  fb_rule (scn, "movement-lock", 1, "{\"until_turn\": 6, \"released_when_attacked\": true}");
  for (gint d = 1; d <= 6; d++)
    {
      char col[2] = { (char) ('0' + d), 0 };

      fb_table_cell (scn, "mft", "bow 2", col, "-");
    }
  s = fb_state (scn, NULL);
  g_assert_true (acies_fb_locked (s, 1));
  fb_goto (s, dice, FB_PH_MISSILE, 0);
  acies_dice_push (dice, 6);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 2, 0, -1));
  g_assert_false (acies_fb_locked (s, 1));
}

/* CAN 4.12: the mandatory movement is lifted by an attack "during any
 * Combat Phase"; fire in the Missile Fire Phase (FB 4.0 B) does not lift it. */
static void
test_mandatory_fire (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 2, "0305");
  fb_unit (scn, 1, "archer", 2, 4, "0307");
  fb_area (scn, "zone", "movement-zone", 0, "0305", "0405", "0505", "0605", NULL);
  fb_rule (scn, "mandatory-movement", 0, "{\"area\": \"zone\", \"until_turn\": 5}");
  for (gint d = 1; d <= 6; d++)
    {
      char col[2] = { (char) ('0' + d), 0 };

      fb_table_cell (scn, "mft", "bow 1", col, "-");
      fb_table_cell (scn, "mft", "bow 2", col, "-");
    }
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_MISSILE, 1);
  acies_dice_push (dice, 6);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 1, 0, -1));
  g_assert_cmpuint (s->released, ==, 0);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_true (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0405")));
  g_assert_false (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0306")));     /* still held to the zone */
}

/* ZAM 4.12: a lock released when the enemy enters the release area. */
static void
test_lock_release_area (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_unit (scn, 0, "infantry", 4, 4, "0205");
  fb_area (scn, "row", "region", -1, "0405", NULL);
  fb_rule (scn, "movement-lock", 1, "{\"until_turn\": 7, \"release_area\": \"row\"}");
  s = fb_state (scn, NULL);
  g_assert_true (acies_fb_locked (s, 0));
  fb_move (s, dice, 1, "0405", FALSE);
  g_assert_false (acies_fb_locked (s, 0));
}

/* TRA 3.1, FB-T34: turn-multipliers: on turn 1 the side's SP and MA are
 * doubled (6-4 infantry: 12 SP, MA 8; 4-6 cavalry: 8 SP, MA 12) and its
 * cavalry gets no charge bonus. */
static void
test_t34 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (12, 12);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "infantry", 6, 4, "0505");
  fb_unit (scn, 0, "cavalry", 4, 6, "0201");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_unit (scn, 1, "infantry", 4, 4, "0208");
  fb_rule (scn, "turn-multipliers", 0,
           "{\"from_turn\": 1, \"to_turn\": 1, \"sp_multiplier\": 2, \"ma_multiplier\": 2, \"no_charge_bonus\": true}");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  g_assert_cmpint (acies_fb_ma (s, 0, FALSE), ==, 8);
  g_assert_cmpint (acies_fb_ma (s, 1, FALSE), ==, 12);
  fb_move (s, dice, 1, "0207", FALSE);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 2, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 12 * 4);
  g_assert_true (fb_act (s, dice, NULL, FB_A_CANCEL, -1, -1, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 3, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 8 * 4);
}

/* MAR 3.2: the Greeks' MA is 9 on turn 1 (ma_set). */
static void
test_ma_set (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "phalanx", 6, 4, "0505");
  fb_rule (scn, "turn-multipliers", 0, "{\"from_turn\": 1, \"to_turn\": 1, \"ma_set\": 9}");
  s = fb_state (scn, NULL);
  g_assert_cmpint (acies_fb_ma (s, 0, FALSE), ==, 9);
}

/* ADR 4.1, FB-T36, ruling A39: all MA halved on turns 2-3 (5 → 2). */
static void
test_t36 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 5, "0202");
  fb_unit (scn, 1, "infantry", 4, 5, "0909");
  fb_rule (scn, "turn-multipliers", -1, "{\"from_turn\": 2, \"to_turn\": 3, \"ma_multiplier\": 0.5}");
  s = fb_state (scn, NULL);
  g_assert_cmpint (acies_fb_ma (s, 0, FALSE), ==, 5);
  fb_goto (s, dice, FB_PH_MOVE, 1);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_cmpint (acies_fb_ma (s, 0, FALSE), ==, 2);
  for (gint t = 0; t < 2; t++)
    {
      fb_goto (s, dice, FB_PH_MOVE, 1);
      fb_goto (s, dice, FB_PH_MOVE, 0);
    }
  g_assert_cmpint (s->base.turn, ==, 4);
  g_assert_cmpint (acies_fb_ma (s, 0, FALSE), ==, 5);
}

/* MAR 3.1: turn-vulnerability: Persian cavalry defends at half on turns
 * 1-3 and is eliminated when made to retreat. */
static void
test_vulnerability (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 1, "cavalry", 4, 6, "0505");
  fb_unit (scn, 0, "infantry", 4, 4, "0504");
  fb_rule (scn, "turn-vulnerability", 1, "{\"unit_type\": \"cavalry\", \"until_turn\": 3}");
  fb_crt_all (scn, "DR");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.def_q, ==, 2 * 4);
  resolve (s, dice, 4);
  g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
}

/* ARB 3.4, FB-T37: scythed chariots entering an enemy ZOC must charge;
 * charging, their SP is tripled; a survivor is disordered (attacks and
 * defends at half) until the end of the next enemy combat phase. */
static void
test_t37 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;
  gint to;

  fb_unit (scn, 0, "scythed-chariot", 2, 8, "0501");
  fb_unit (scn, 1, "infantry", 8, 4, "0505");
  fb_rule (scn, "scythed-chariots", 0, "{\"charge_multiplier\": 3}");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  to = fb_cell (s, "0504");
  {
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
    gboolean plain = FALSE, charge = FALSE;

    acies_fb_legal_actions (s, legal);
    for (guint i = 0; i < legal->len; i++)
      {
        const AciesAction *a = &g_array_index (legal, AciesAction, i);

        if (a->type == FB_A_MOVE && a->args[0] == 0 && a->args[1] == to)
          {
            plain |= a->args[2] != 1;
            charge |= a->args[2] == 1;
          }
      }
    g_assert_false (plain);
    g_assert_true (charge);
  }
  fb_move (s, dice, 0, "0504", TRUE);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 6 * 4);
  resolve (s, dice, 3);
  g_assert_true (s->p[0].disordered);
  /* Still disordered through the enemy's combat phase; gone after it. */
  fb_goto (s, dice, FB_PH_COMBAT, 1);
  g_assert_true (s->p[0].disordered);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.def_q, ==, 1 * 4);
  resolve (s, dice, 3);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_false (s->p[0].disordered);
}

/* ARB 3.3: leader-leash: Darius may not move more than two hexes from his
 * hex; move-quota: on turn 1 only so many Persian units may move. */
static void
test_leash_quota (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint darius;

  fb_unit (scn, 0, "infantry", 4, 4, "0202");
  fb_unit (scn, 0, "infantry", 4, 4, "0204");
  fb_unit (scn, 0, "infantry", 4, 4, "0206");
  fb_leader (scn, 0, "leader", 3, 9, "0505");
  fb_rule (scn, "leader-leash", 0, "{\"leader\": \"l0\", \"cell\": \"0505\", \"range\": 2}");
  fb_rule (scn, "move-quota", 0, "{\"turn\": 1, \"units\": 2}");
  s = fb_state (scn, NULL);
  darius = fb_lpiece (s, 0);
  g_assert_true (fb_has (s, FB_A_MOVE, darius, fb_cell (s, "0503")));
  g_assert_false (fb_has (s, FB_A_MOVE, darius, fb_cell (s, "0502")));
  fb_move (s, dice, 0, "0302", FALSE);
  fb_move (s, dice, 1, "0304", FALSE);
  g_assert_false (has_move (s, 2));
  /* Leaders do not count (ruling A50). */
  g_assert_true (has_move (s, darius));
}

/* IDI 3.2: the Guard (gold stripe) shifts one column right attacking and
 * one left when attacked. */
static void
test_guard (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "legion", 4, 4, "0505");
  fb_attr_string (scn, 0, "stripe", "gold");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_rule (scn, "guard", 0, "{\"stripe\": \"gold\"}");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.level, ==, 1);
  resolve (s, dice, 3);
  fb_goto (s, dice, FB_PH_COMBAT, 1);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.level, ==, -1);
}

/* TEU 4.3, FB-T38: a declared fighting withdrawal turns DL and EX into
 * AR (the defender unaffected); AL stays AL. */
static void
test_t38 (void)
{
  static const struct { const char *crt; gboolean retreats, lost; } rows[] = {
    { "DL", TRUE, FALSE }, { "EX", TRUE, FALSE }, { "AL", FALSE, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;

      fb_unit (scn, 0, "legion", 4, 4, "0505");
      fb_unit (scn, 1, "infantry", 4, 4, "0504");
      fb_rule (scn, "fighting-withdrawal", 0, "{}");
      fb_crt_all (scn, rows[i].crt);
      s = fb_state (scn, NULL);
      fb_goto (s, dice, FB_PH_COMBAT, 0);
      g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
      g_assert_true (fb_act (s, dice, NULL, FB_A_WITHDRAWAL, -1, -1, -1));
      resolve (s, dice, 3);
      g_assert_cmpint (s->p[1].where, ==, FB_AT_MAP);
      g_assert_cmpint (s->p[1].cell, ==, fb_cell (s, "0504"));
      if (rows[i].lost)
        g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
      else
        g_assert_cmpint (s->p[0].cell, !=, fb_cell (s, "0505"));
    }
}

/* TEU 4.2: eagles are leaders of additive 2 for their own legion only; a
 * lone eagle entered by the enemy is captured. */
static void
test_eagles (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  AciesFormation *legio;

  legio = acies_formation_new ("xvii", "b", "legion");
  g_ptr_array_add (scn->formations, legio);
  fb_unit (scn, 1, "legion", 4, 4, "0505");
  ((AciesUnit *) g_ptr_array_index (scn->units, 0))->formation = g_strdup ("xvii");
  fb_unit (scn, 1, "legion", 4, 4, "0808");
  fb_unit (scn, 0, "infantry", 4, 4, "0504");
  fb_unit (scn, 0, "cavalry", 4, 6, "0601");
  fb_leader (scn, 1, "eagle", 2, 4, "0505");
  ((AciesLeader *) g_ptr_array_index (scn->leaders, 0))->formation = g_strdup ("xvii");
  fb_leader (scn, 1, "eagle", 2, 4, "0303");      /* alone */
  fb_rule (scn, "eagles", 1, "{}");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  /* A lone eagle entered is captured, without a roll. */
  fb_move (s, dice, 3, "0303", FALSE);
  g_assert_cmpint (s->p[fb_lpiece (s, 1)].where, ==, FB_AT_ELIMINATED);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 0, -1));
  resolve (s, dice, 3);
  fb_goto (s, dice, FB_PH_COMBAT, 1);
  /* Its own legion's attack may take the eagle's additive. */
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 2, -1));
  g_assert_true (fb_has (s, FB_A_ADDITIVE, fb_lpiece (s, 0), -2));
}

/* TEU 4.4, ADR 4.2, FB-EX9: baggage stacks free of the stacking limit (one per
 * hex): a combat unit, its leader, eagles and one baggage unit; it adds
 * its SP to the unit's attack and defence. */
static void
test_ex9_baggage (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "legion", 4, 4, "0505");
  fb_unit (scn, 0, "baggage", 2, 2, "0505");
  fb_unit (scn, 0, "baggage", 2, 2, "0506");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_leader (scn, 0, "leader", 2, 9, "0505");
  fb_leader (scn, 0, "eagle", 2, 4, "0505");
  fb_leader (scn, 0, "eagle", 2, 4, "0505");
  fb_leader (scn, 0, "eagle", 2, 4, "0505");
  fb_rule (scn, "baggage", 0, "{\"adds_to_attack\": true}");
  fb_rule (scn, "eagles", 0, "{}");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  g_assert_true (acies_fb_check_invariants (s, NULL));
  /* A second baggage unit may pass but not stay. */
  g_assert_false (fb_has (s, FB_A_MOVE, 2, fb_cell (s, "0505")));
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 3, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, (4 + 2) * 4);
}

/* ARB 4.22: the Macedonian baggage never attacks nor retreats, dies if
 * made to retreat, adds 1 SP to a unit's defence; a DL on the stack kills
 * both. */
static void
test_arb_baggage (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "baggage", 1, 0, "0505");
  fb_unit (scn, 1, "infantry", 8, 4, "0504");
  fb_rule (scn, "baggage", 0, "{\"adds_to_attack\": false, \"may_retreat\": false}");
  fb_crt_all (scn, "DL");
  g_free (scn->first_side);
  scn->first_side = g_strdup ("b");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 1);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 0, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.def_q, ==, (4 + 1) * 4);
  resolve (s, dice, 3);
  g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
  g_assert_cmpint (s->p[1].where, ==, FB_AT_ELIMINATED);
}

/* CAR 3.11: edge-exit: Parthian cavalry may leave by any edge (1 MP) and
 * come back on the next turn on that edge, out of enemy ZOC. */
static void
test_edge_exit (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "cavalry", 4, 8, "0105");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_unit (scn, 1, "infantry", 4, 4, "0202");
  fb_rule (scn, "edge-exit", 0, "{\"unit_type\": \"cavalry\"}");
  s = fb_state (scn, NULL);
  g_assert_true (fb_has (s, FB_A_EXIT, 0, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_EXIT, 0, -1, -1));
  g_assert_cmpint (s->p[0].where, ==, FB_AT_OFFMAP);
  g_assert_false (fb_has (s, FB_A_ENTER, 0, -2));
  fb_goto (s, dice, FB_PH_MOVE, 1);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_true (fb_has (s, FB_A_ENTER, 0, fb_cell (s, "0108")));
  g_assert_false (fb_has (s, FB_A_ENTER, 0, fb_cell (s, "0908")));       /* another edge */
  g_assert_false (fb_has (s, FB_A_ENTER, 0, fb_cell (s, "0102")));       /* in the ZOC */
}

/* CAR 3.12: skirmish-capability: cavalry that are no skirmishers may
 * disengage and retreat before combat; MET 3.31: 3-6 cavalry may not
 * charge, disengage or retreat before combat. */
static void
test_skirmish_capability (void)
{
  for (gint can = 0; can < 2; can++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;

      fb_unit (scn, 0, "cavalry", 4, 8, "0505");
      fb_unit (scn, 1, "infantry", 4, 4, "0504");
      fb_unit (scn, 0, "cavalry", 4, 8, "0201");
      fb_unit (scn, 1, "infantry", 4, 4, "0208");
      fb_rule (scn, "skirmish-capability", 0,
               can ? "{\"unit_type\": \"cavalry\"}"
                   : "{\"unit_type\": \"cavalry\", \"can_charge\": false, \"can_disengage\": false, \"can_rbc\": false}");
      s = fb_state (scn, NULL);
      g_assert_cmpint (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0507")), ==, can);
      {
        g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
        gboolean charge = FALSE;

        acies_fb_legal_actions (s, legal);
        for (guint i = 0; i < legal->len; i++)
          charge |= g_array_index (legal, AciesAction, i).type == FB_A_MOVE
                    && g_array_index (legal, AciesAction, i).args[0] == 2
                    && g_array_index (legal, AciesAction, i).args[2] == 1;
        g_assert_cmpint (charge, ==, can);
      }
    }
}

/* CAR 3.13: move-fire-move: a 4-8 may stop in its move, fire, and go on. */
static void
test_move_fire_move (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "cavalry", 4, 8, "0201");
  fb_attr_string (scn, 0, "missile", "bow");
  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_rule (scn, "move-fire-move", 0, "{\"unit_type\": \"cavalry\"}");
  for (gint d = 1; d <= 6; d++)
    {
      char col[2] = { (char) ('0' + d), 0 };

      fb_table_cell (scn, "mft", "bow 2", col, "-");
    }
  s = fb_state (scn, NULL);
  fb_move (s, dice, 0, "0503", FALSE);
  g_assert_true (fb_has (s, FB_A_FIRE, 0, 1));
  acies_dice_push (dice, 6);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 0, 1, -1));
  g_assert_true (has_move (s, 0));
  g_assert_false (fb_has (s, FB_A_FIRE, 0, -2));
}

/* CAR 3.2: ignore-hexside-cost: the camel train pays nothing for slope
 * hexsides. */
static void
test_ignore_hexside (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "camel-train", 2, 1, "0505");
  fb_unit (scn, 0, "infantry", 2, 1, "0305");
  fb_edge (scn, "0505", "0504", "ridge");
  fb_edge (scn, "0305", "0304", "ridge");
  fb_rule (scn, "ignore-hexside-cost", 0, "{\"unit_type\": \"camel-train\", \"feature\": \"ridge\"}");
  s = fb_state (scn, NULL);
  g_assert_true (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0504")));
  g_assert_false (fb_has (s, FB_A_MOVE, 1, fb_cell (s, "0304")));
}

/* MET 3.2: off-map-march: on turn 1 the formation's units may leave the
 * map; from turn 3 they enter on the entry hexes paying 1 MP, even in an
 * enemy ZOC. */
static void
test_off_map_march (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  AciesFormation *nero = acies_formation_new ("nero", "a", "command");

  g_ptr_array_add (scn->formations, nero);
  fb_unit (scn, 0, "infantry", 8, 3, "0105");
  ((AciesUnit *) g_ptr_array_index (scn->units, 0))->formation = g_strdup ("nero");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_unit (scn, 1, "infantry", 4, 4, "0808");
  fb_area (scn, "east", "entry", 0, "1009", "1010", NULL);
  fb_rule (scn, "off-map-march", 0, "{\"formation\": \"nero\", \"leave_turn\": 1, \"enter_turn\": 3, \"entry\": \"east\"}");
  s = fb_state (scn, NULL);
  g_assert_true (fb_act (s, dice, NULL, FB_A_EXIT, 0, -1, -1));
  g_assert_cmpint (s->p[0].where, ==, FB_AT_OFFMAP);
  fb_goto (s, dice, FB_PH_MOVE, 1);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_false (fb_has (s, FB_A_ENTER, 0, -2));
  fb_goto (s, dice, FB_PH_MOVE, 1);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_cmpint (s->base.turn, ==, 3);
  g_assert_true (fb_has (s, FB_A_ENTER, 0, fb_cell (s, "1009")));     /* in the ZOC of 0909 */
}

/* MUN 3.4, FB-EX14: from turn 4, at the start of the Caesarean turn, a die
 * of 1-3 makes one flanking unit eligible to come back (4-6: none). */
static void
test_ex14 (void)
{
  for (gint lucky = 0; lucky < 2; lucky++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;

      for (gint i = 0; i < 3; i++)
        fb_unit (scn, 0, "cavalry", 3, 6, i == 0 ? "0102" : i == 1 ? "0104" : "0106");
      fb_unit (scn, 1, "infantry", 4, 4, "0909");
      fb_area (scn, "edges", "entry", 0, "0101", "0110", "1001", NULL);
      fb_rule (scn, "off-map-march", 0,
               "{\"unit_type\": \"cavalry\", \"leave_turn\": 1, \"enter_turn\": 2, \"entry\": \"edges\", "
               "\"eligibility_roll\": 3, \"max_units\": 3, \"may_enter_zoc\": false}");
      s = fb_state (scn, NULL);
      for (gint i = 0; i < 3; i++)
        g_assert_true (fb_act (s, dice, NULL, FB_A_EXIT, i, -1, -1));
      fb_goto (s, dice, FB_PH_MOVE, 1);
      acies_dice_push (dice, lucky ? 2 : 5);
      fb_goto (s, dice, FB_PH_MOVE, 0);
      g_assert_cmpint (s->p[0].eligible + s->p[1].eligible + s->p[2].eligible, ==, lucky ? 1 : 0);
      g_assert_cmpint (fb_has (s, FB_A_ENTER, -2, -2), ==, lucky);
    }
}

/* CAN 3.0: scheduled-placement: a unit placed on the given turn on any
 * hex of the area. */
static void
test_scheduled_placement (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint numidians;

  fb_unit (scn, 0, "infantry", 4, 4, "0202");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  numidians = fb_unit (scn, 0, "cavalry", 4, 8, NULL);
  fb_area (scn, "col-70", "entry", 0, "0701", "0702", "0703", NULL);
  fb_rule (scn, "scheduled-placement", 0, "{\"turn\": 2, \"area\": \"col-70\", \"unit\": \"u2\"}");
  s = fb_state (scn, NULL);
  g_assert_cmpint (s->p[numidians].where, ==, FB_AT_WAITING);
  g_assert_false (fb_has (s, FB_A_ENTER, numidians, -2));
  fb_goto (s, dice, FB_PH_MOVE, 1);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_true (fb_has (s, FB_A_ENTER, numidians, fb_cell (s, "0702")));
  g_assert_false (fb_has (s, FB_A_ENTER, numidians, fb_cell (s, "0704")));
}

/* CAN 4.11, ruling A35: mandatory-movement: the side's infantry must end
 * its moves in the zone, never falling back; CAN 4.12: an attack on its
 * infantry frees it. */
static void
test_mandatory (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 2, "0305");
  fb_unit (scn, 0, "cavalry", 4, 6, "0309");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_area (scn, "zone", "movement-zone", 0, "0305", "0405", "0505", "0605", NULL);
  fb_rule (scn, "mandatory-movement", 0, "{\"area\": \"zone\", \"until_turn\": 5}");
  s = fb_state (scn, NULL);
  g_assert_true (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0505")));
  g_assert_false (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0306")));     /* out of the zone */
  g_assert_false (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0205")));     /* back */
  g_assert_true (fb_has (s, FB_A_MOVE, 1, fb_cell (s, "0209")));      /* cavalry free */
}

/* CAN 4.11, ruling A35: the side's infantry that may still step nearer the
 * enemy's edge inside the zone keeps the movement phase from ending: the
 * end asks the opponent's consent, naming the units; refused, the phase
 * ends only once they have advanced; the cavalry is free. */
static void
test_mandatory_end (void)
{
  for (gint agree = 0; agree < 2; agree++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
      g_autoptr(FbState) s = NULL;
      gint units[4];

      fb_unit (scn, 0, "infantry", 4, 2, "0305");
      fb_unit (scn, 0, "cavalry", 4, 6, "0309");
      fb_unit (scn, 1, "infantry", 4, 4, "0909");
      fb_area (scn, "zone", "movement-zone", 0, "0305", "0405", "0505", "0605", NULL);
      fb_rule (scn, "mandatory-movement", 0, "{\"area\": \"zone\", \"until_turn\": 5}");
      s = fb_state (scn, NULL);
      g_assert_cmpint (acies_fb_mandatory_short (s, units, 4), ==, 1);
      g_assert_cmpint (units[0], ==, 0);
      /* The end is a request to the other side. */
      g_assert_true (fb_has (s, FB_A_END_PHASE, -2, -2));
      g_assert_true (fb_act (s, dice, events, FB_A_END_PHASE, -1, -1, -1));
      g_assert_cmpint (s->phase, ==, FB_PH_MOVE);
      g_assert_cmpint (s->step, ==, FB_ST_CONSENT);
      g_assert_cmpint (s->base.deciding_side, ==, 1);
      g_assert_true (fb_events_say (events, "short of their mandatory advance"));
      g_assert_true (fb_has (s, FB_A_CONSENT, 1, -2));
      g_assert_true (fb_has (s, FB_A_CONSENT, 0, -2));
      if (agree)
        {
          g_assert_true (fb_act (s, dice, NULL, FB_A_CONSENT, 1, -1, -1));
          g_assert_cmpint (s->phase, >, FB_PH_MOVE);           /* the phase is over */
          continue;
        }
      {
        /* The request's prompt names the units; its rows cite CAN 4.11. */
        char *rule = NULL;
        g_autofree char *text = acies_fb_prompt_text (s, &rule);
        g_autofree char *row = NULL;
        AciesAction a;

        g_assert_nonnull (strstr (text, acies_fb_name (s, 0)));
        g_assert_cmpstr (rule, ==, "CAN 4.11");
        g_free (rule);
        acies_action_init (&a, FB_A_CONSENT, 1);
        a.args[0] = 0;
        row = acies_fb_describe_action (s, &a);
        g_assert_nonnull (strstr (row, "(CAN 4.11)"));
      }
      g_assert_true (fb_act (s, dice, NULL, FB_A_CONSENT, 0, -1, -1));
      g_assert_cmpint (s->step, ==, FB_ST_NONE);
      g_assert_cmpint (s->base.deciding_side, ==, 0);
      {
        /* Refused: the phasing player's prompt says why the phase goes on. */
        char *rule = NULL;
        g_autofree char *text = acies_fb_prompt_text (s, &rule);

        g_assert_nonnull (text);
        g_assert_nonnull (strstr (text, "refused"));
        g_assert_nonnull (strstr (text, acies_fb_name (s, 0)));
        g_assert_cmpstr (rule, ==, "CAN 4.11");
        g_free (rule);
      }
      /* Refused: no second request, no end while the unit may advance. */
      g_assert_false (fb_has (s, FB_A_END_PHASE, -2, -2));
      g_assert_false (fb_act (s, dice, NULL, FB_A_END_PHASE, -1, -1, -1));
      fb_move (s, dice, 0, "0405", FALSE);
      g_assert_cmpint (acies_fb_mandatory_short (s, NULL, 0), ==, 1);   /* 1 MP left */
      g_assert_false (fb_has (s, FB_A_END_PHASE, -2, -2));
      fb_move (s, dice, 0, "0505", FALSE);
      g_assert_cmpint (acies_fb_mandatory_short (s, NULL, 0), ==, 0);   /* its full MA */
      {
        char *rule = NULL;
        g_autofree char *text = acies_fb_prompt_text (s, &rule);

        g_assert_null (text);                  /* advanced: nothing left to explain */
        g_assert_null (rule);
      }
      g_assert_true (fb_has (s, FB_A_END_PHASE, -2, -2));
      g_assert_true (fb_act (s, dice, NULL, FB_A_END_PHASE, -1, -1, -1));
      g_assert_cmpint (s->phase, >, FB_PH_MOVE);           /* the phase is over */
    }
}

/* CAN 4.11: "unless blocked by another unit or stopped by enemy ZOC": a
 * unit with no legal step nearer the enemy's edge inside the zone is not
 * short, and after the rule's last turn nothing is asked. */
static void
test_mandatory_blocked (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 2, "0305");
  fb_unit (scn, 1, "infantry", 4, 4, "0505");          /* its ZOC covers 0405 */
  fb_area (scn, "zone", "movement-zone", 0, "0305", "0405", "0505", "0605", NULL);
  fb_rule (scn, "mandatory-movement", 0, "{\"area\": \"zone\", \"until_turn\": 2}");
  s = fb_state (scn, NULL);
  g_assert_cmpint (acies_fb_mandatory_short (s, NULL, 0), ==, 1);
  fb_move (s, dice, 0, "0405", FALSE);                   /* stopped by the ZOC */
  g_assert_cmpint (acies_fb_mandatory_short (s, NULL, 0), ==, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_END_PHASE, -1, -1, -1));
  g_assert_cmpint (s->phase, >, FB_PH_MOVE);           /* the phase is over */
}

/* MUN 3.2: forced-defenders: on turn 1 every enemy unit in the area must
 * be attacked before the combat phase ends. */
static void
test_forced_defenders (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0503");
  fb_area (scn, "row-20", "region", -1, "0503", NULL);
  fb_rule (scn, "forced-defenders", 0, "{\"turn\": 1, \"area\": \"row-20\"}");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  fb_move (s, dice, 0, "0504", FALSE);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_false (fb_has (s, FB_A_END_PHASE, -2, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
  resolve (s, dice, 3);
  g_assert_true (fb_has (s, FB_A_END_PHASE, -2, -2));
}

/* TRA 5.2, FB-EX10: from turn 6 the Roman rolls at the start of his turn:
 * 1-3 (2): the earthquake, once a game; each side rolls 2d6 (Romans 7,
 * Carthaginians 9) and removes its own units of at least that many SP,
 * its choice; the losses count for morale.  5: nothing, again next turn. */
static void
test_ex10 (void)
{
  for (gint quake = 0; quake < 2; quake++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;

      /* A: Carthaginians, B: Romans. */
      for (gint i = 0; i < 3; i++)
        fb_unit (scn, 0, "infantry", 5, 4, i == 0 ? "0102" : i == 1 ? "0104" : "0106");
      for (gint i = 0; i < 3; i++)
        fb_unit (scn, 1, "infantry", 4, 4, i == 0 ? "0902" : i == 1 ? "0904" : "0906");
      fb_rule (scn, "earthquake", 1, "{\"from_turn\": 1, \"roll\": 3}");
      s = fb_state (scn, NULL);
      if (!quake)
        {
          acies_dice_push (dice, 5);
          fb_goto (s, dice, FB_PH_MOVE, 1);
          g_assert_false (s->earthquake_done);
          acies_dice_push (dice, 6);
          fb_goto (s, dice, FB_PH_MOVE, 0);
          fb_goto (s, dice, FB_PH_MOVE, 1);                /* rolled again: 6 */
          continue;
        }
      fb_push (dice, "2", "4", "5", "3", "4", NULL);   /* the roll; A 4 + 5; B 3 + 4 */
      fb_goto (s, dice, FB_PH_MOVE, 0);
      g_assert_true (fb_act (s, dice, NULL, FB_A_END_PHASE, -1, -1, -1));
      while (s->phase != FB_PH_MOVE || s->base.active_side != 1)
        g_assert_true (fb_act (s, dice, NULL, FB_A_END_PHASE, -1, -1, -1));
      g_assert_true (s->earthquake_done);
      g_assert_cmpint (s->step, ==, FB_ST_EARTHQUAKE);
      g_assert_cmpint (s->earthquake_loss[1], ==, 7);
      g_assert_cmpint (s->earthquake_loss[0], ==, 9);
      /* Romans (4 SP each): two units. */
      g_assert_cmpint (s->base.deciding_side, ==, 1);
      g_assert_true (fb_act (s, dice, NULL, FB_A_LOSE, 3, -1, -1));
      g_assert_cmpint (s->base.deciding_side, ==, 1);
      g_assert_true (fb_act (s, dice, NULL, FB_A_LOSE, 4, -1, -1));
      /* Carthaginians (5 SP each): two units. */
      g_assert_cmpint (s->base.deciding_side, ==, 0);
      g_assert_true (fb_act (s, dice, NULL, FB_A_LOSE, 0, -1, -1));
      g_assert_true (fb_act (s, dice, NULL, FB_A_LOSE, 1, -1, -1));
      g_assert_cmpint (s->step, ==, FB_ST_NONE);
      g_assert_cmpint (s->lost_h[1], ==, 2 * 8);
      g_assert_cmpint (s->lost_h[0], ==, 2 * 10);
      /* Never again. */
      fb_goto (s, dice, FB_PH_MOVE, 0);
      fb_goto (s, dice, FB_PH_MOVE, 1);
    }
}

/* TRA 4.1: desperation: a side reaching disintegration has lost, but
 * fights on with a two-column adverse shift. */
static void
test_desperation (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;
  gint victim;

  fb_side_int (scn, 0, "demoralization", 3);
  fb_side_int (scn, 0, "disintegration", 4);
  victim = fb_unit (scn, 0, "infantry", 4, 4, "0101");
  fb_unit (scn, 0, "infantry", 8, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_rule (scn, "desperation", 0, "{\"shift\": 2}");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, victim, NULL, "test", FALSE);
  acies_fb_check_morale (s, NULL);
  g_assert_false (s->base.finished);
  g_assert_true (s->desperate[0]);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 2, -1));
  fb_odds (s, &o);
  /* 2:1 raw, demoralized (-1) and desperate (-2). */
  g_assert_cmpint (o.raw_level, ==, 1);
  g_assert_cmpint (o.level, ==, 1 - 1 - 2);
}

/* IDI 3.3: leader-demoralization: losing Arminius demoralizes at once. */
static void
test_leader_demoralization (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0101");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_leader (scn, 1, "leader", 3, 9, "0808");
  fb_rule (scn, "leader-demoralization", 1, "{\"leader\": \"l0\"}");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, fb_lpiece (s, 0), NULL, "test", FALSE);
  g_assert_true (s->demoralized[1]);
}

/* BOU 3.3: shrinking-map: from the end of turn 3 the east edge moves a row
 * west each turn; Britons caught there leave, a Roman there wins. */
static void
test_shrinking (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0205");     /* Romans */
  fb_unit (scn, 1, "infantry", 4, 4, "1005");     /* Britons */
  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_rule (scn, "shrinking-map", 1, "{\"from_turn\": 1, \"edge\": \"east\"}");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_MOVE, 1);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_cmpint (s->shrink, ==, 1);
  g_assert_cmpint (s->p[1].where, ==, FB_AT_ESCAPED);
  g_assert_cmpint (s->p[2].where, ==, FB_AT_MAP);
  g_assert_false (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "1005")));
}

/* ADR 3.0: reinforcement-boxes: groups enter from their box's hexes, the
 * box's 2 MP spent for the unnumbered hexes; never into enemy ZOC. */
static void
test_boxes (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  AciesReinforcement *re;
  gint goth;

  fb_unit (scn, 1, "infantry", 4, 4, "0202");
  goth = fb_unit (scn, 0, "cavalry", 4, 3, NULL);
  fb_area (scn, "box-north", "box", 0, "0501", NULL);
  re = acies_reinforcement_new ("saphrax", "a", 1);
  re->area = g_strdup ("box-north");
  g_ptr_array_add (re->units, g_strdup ("u1"));
  g_ptr_array_add (scn->reinforcements, re);
  fb_rule (scn, "reinforcement-boxes", 0, "{\"box\": \"box-north\", \"from_turn\": 1, \"mp_cost\": 2}");
  s = fb_state (scn, NULL);
  g_assert_true (fb_has (s, FB_A_ENTER, goth, fb_cell (s, "0501")));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ENTER, goth, fb_cell (s, "0501"), -1));
  /* 3 MA - 2 for the box: one hex left. */
  g_assert_true (fb_has (s, FB_A_MOVE, goth, fb_cell (s, "0502")));
  g_assert_false (fb_has (s, FB_A_MOVE, goth, fb_cell (s, "0503")));
}

/* ISS 3.3: attack-out-of-river: attacking from a river or ford hex halves
 * the attacker. */
static void
test_out_of_river (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "infantry", 8, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_terrain (scn, "0505", "river");
  fb_rule (scn, "attack-out-of-river", -1, "{\"multiplier\": 0.5}");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 4 * 4);
}

/* ZAM 3.3: untrained-elephants: no doubling when charging; their SP are
 * worth half a VP when eliminated. */
static void
test_untrained (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "elephant", 4, 4, "0501");
  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "elephant", 6, 4, "0909");
  fb_rule (scn, "untrained-elephants", 0, "{}");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  fb_move (s, dice, 0, "0504", TRUE);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 4 * 4);
  resolve (s, dice, 3);
  acies_fb_eliminate (s, 2, NULL, "test", FALSE);
  g_assert_cmpint (s->elim_h[1], ==, 6);          /* 3 VP, in half VP */
}

/* ZAM 4.11: elephants-must-engage: every elephant of the side must end
 * turn 1's movement in an enemy ZOC or is eliminated. */
static void
test_must_engage (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "elephant", 4, 4, "0501");
  fb_unit (scn, 0, "elephant", 4, 4, "0301");
  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_rule (scn, "elephants-must-engage", 0, "{}");
  s = fb_state (scn, NULL);
  fb_move (s, dice, 0, "0504", FALSE);
  for (gint guard = 0; guard < 5 && s->phase == FB_PH_MOVE; guard++)
    g_assert_true (act_first (s, dice, FB_A_END_PHASE));
  g_assert_cmpint (s->p[0].where, ==, FB_AT_MAP);
  g_assert_cmpint (s->p[1].where, ==, FB_AT_ELIMINATED);
}

/* TEU 3.2: region-ban: the side may not enter the area until a turn. */
static void
test_region_ban (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0305");
  fb_area (scn, "west-rows", "region", -1, "0105", "0205", "0204", "0206", NULL);
  fb_rule (scn, "region-ban", 0, "{\"area\": \"west-rows\", \"until_turn\": 3}");
  s = fb_state (scn, NULL);
  g_assert_false (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0205")));
  g_assert_true (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0405")));
}

/* MET 3.4, MEG 5.1: terrain-override: river hexes prohibited (for a unit
 * type or everyone). */
static void
test_terrain_override (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "chariot", 4, 8, "0505");
  fb_unit (scn, 0, "infantry", 4, 4, "0305");
  fb_terrain (scn, "0504", "river");
  fb_terrain (scn, "0304", "river");
  fb_rule (scn, "terrain-override", -1, "{\"feature\": \"river\", \"as\": \"prohibited\", \"unit_type\": \"chariot\"}");
  s = fb_state (scn, NULL);
  g_assert_false (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0504")));
  g_assert_true (fb_has (s, FB_A_MOVE, 1, fb_cell (s, "0304")));
}

/* MUN 3.5: occupation-shift: from a turn, a unit of the side in the area
 * at the start of an enemy combat phase shifts the enemy's attacks. */
static void
test_occupation_shift (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "infantry", 4, 4, "0202");      /* Caesareans */
  fb_unit (scn, 1, "infantry", 4, 4, "0505");      /* Pompeians */
  fb_unit (scn, 0, "infantry", 4, 4, "0504");
  fb_area (scn, "town", "region", -1, "0202", NULL);
  /* The rule is the Pompeians' (B): their attacks shift. */
  fb_rule (scn, "occupation-shift", 1, "{\"area\": \"town\", \"from_turn\": 1, \"shift\": -1}");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 1, -1));
  resolve (s, dice, 3);
  fb_goto (s, dice, FB_PH_COMBAT, 1);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 2, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.level, ==, o.raw_level - 1);
}

/* MUN 3.6: gentle-slopes: an attack wholly from one level up to the next
 * shifts one column left, and the defender is not doubled. */
static void
test_gentle_slopes (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "infantry", 8, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_terrain (scn, "0504", "slope");
  fb_edge (scn, "0504", "0503", "ridge");
  scn->map.elevation[fb_cell_of (scn, "0504")] = 1;
  fb_rule (scn, "gentle-slopes", -1, "{\"shift\": -1}");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.def_q, ==, 4 * 4);
  g_assert_cmpint (o.level, ==, o.raw_level - 1);
}

/* QAD 3.2: rally-placement: a rallied unit appears anywhere in the camp
 * (else on the north edge), 14.1 and 14.2 ignored. */
static void
test_rally_placement (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint lost;

  fb_leader (scn, 0, "leader", 2, 9, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");     /* the leader is in its ZOC */
  lost = fb_unit (scn, 0, "infantry", 4, 4, "0909");
  fb_area (scn, "camp", "camp", 0, "0208", "0209", NULL);
  fb_rule (scn, "rally-placement", 0, "{\"area\": \"camp\", \"fallback_edge\": \"north\"}");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, lost, NULL, "test", FALSE);
  fb_goto (s, dice, FB_PH_RALLY, 0);
  fb_push (dice, "1", "0", NULL);                 /* 1 + 1 for the ZOC would fail: ignored */
  g_assert_true (fb_act (s, dice, NULL, FB_A_RALLY, fb_lpiece (s, 0), -1, -1));
  g_assert_true (fb_has (s, FB_A_PLACE_RALLIED, fb_cell (s, "0209"), -2));
  g_assert_false (fb_has (s, FB_A_PLACE_RALLIED, fb_cell (s, "0506"), -2));
}

/* MAR 3.3: rally-exemption: 14.1 never applies to the named leader. */
static void
test_rally_exemption (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint lost;

  fb_leader (scn, 0, "leader", 2, 9, "0505");
  fb_leader (scn, 0, "leader", 3, 9, "0909");     /* the primary leader elsewhere */
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  lost = fb_unit (scn, 0, "infantry", 4, 4, "0101");
  fb_side_int (scn, 0, "rally", 2);
  fb_rule (scn, "rally-exemption", 0, "{\"leader\": \"l0\"}");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, lost, NULL, "test", FALSE);
  fb_goto (s, dice, FB_PH_RALLY, 0);
  fb_push (dice, "2", "0", NULL);                 /* 2 succeeds: no +1 for the ZOC */
  g_assert_true (fb_act (s, dice, NULL, FB_A_RALLY, fb_lpiece (s, 0), -1, -1));
  g_assert_true (s->rally_unit == lost || s->p[lost].where == FB_AT_MAP);
}

/* TEU 4.51-4.52: retreat-off-map: units retreating off the west edge
 * within the area escape. */
static void
test_retreat_off_map (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "legion", 4, 4, "0105");
  fb_unit (scn, 0, "infantry", 8, 4, "0205");
  fb_unit (scn, 0, "infantry", 4, 4, "0103");
  fb_unit (scn, 0, "infantry", 4, 4, "0107");
  fb_area (scn, "west", "exit", 1, "0104", "0105", "0106", NULL);
  fb_rule (scn, "retreat-off-map", 1, "{\"area\": \"west\", \"edge\": \"west\", \"outcome\": \"escape\"}");
  fb_crt_all (scn, "DR");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  resolve (s, dice, 3);
  g_assert_cmpint (s->p[0].where, ==, FB_AT_ESCAPED);
}

/* TEU 4.1: leader-stack-bonus: on turn 1 units stacked with a leader get
 * 2 more MP. */
static void
test_leader_stack_bonus (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 4, 4, "0305");
  fb_leader (scn, 0, "leader", 2, 9, "0505");
  fb_rule (scn, "leader-stack-bonus", 0, "{\"turn\": 1, \"mp\": 2}");
  s = fb_state (scn, NULL);
  g_assert_cmpint (acies_fb_ma (s, 0, FALSE), ==, 6);
  g_assert_cmpint (acies_fb_ma (s, 1, FALSE), ==, 4);
}

/* PHA 5.2, FB-EX13: random-first-player: 1-3 the side named moves first,
 * 4-6 the other. */
static void
test_ex13 (void)
{
  for (guint die = 3; die <= 4; die++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;

      fb_unit (scn, 0, "infantry", 4, 4, "0202");
      fb_unit (scn, 1, "infantry", 4, 4, "0909");
      fb_rule (scn, "random-first-player", -1, "{\"side\": \"b\", \"roll\": 3}");
      s = fb_state (scn, NULL);
      g_assert_cmpint (s->phase, ==, FB_PH_FIRST);
      acies_dice_push (dice, die);
      g_assert_true (act_first (s, dice, FB_A_ROLL_FIRST));
      g_assert_cmpint (s->phase, ==, FB_PH_MOVE);
      g_assert_cmpint (s->base.active_side, ==, die <= 3 ? 1 : 0);
    }
}

/* BOU 2.2: setup-restriction: on turn 1 the side may only move between
 * its own starting hexes. */
static void
test_setup_restriction (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 4, 4, "0507");
  fb_rule (scn, "setup-restriction", 0, "{\"turn\": 1}");
  s = fb_state (scn, NULL);
  g_assert_false (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0506")));
  g_assert_true (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0507")));     /* onto a starting hex (5.32) */
}

/* BOU 4.2: no-morale: neither side is demoralized nor disintegrates. */
static void
test_no_morale (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;
  gint victim;

  fb_side_int (scn, 1, "demoralization", 3);
  fb_side_int (scn, 1, "disintegration", 4);
  victim = fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_unit (scn, 0, "infantry", 4, 4, "0101");
  fb_rule (scn, "no-morale", -1, "{}");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, victim, NULL, "test", FALSE);
  acies_fb_check_morale (s, NULL);
  g_assert_false (s->base.finished);
  g_assert_false (s->demoralized[1]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/MEG-3.2/no-displacement", test_no_displacement);
  g_test_add_func ("/acies/four-battles/GRA-3.2/ex8-two-step", test_two_step);
  g_test_add_func ("/acies/four-battles/GRA-3.3/turn-column-shift", test_turn_shift);
  g_test_add_func ("/acies/four-battles/MAR-3.1/movement-lock-by-type", test_lock_type);
  g_test_add_func ("/acies/four-battles/QAD-2.2/movement-lock-by-area", test_lock_area);
  g_test_add_func ("/acies/four-battles/MET-3.1/lock-released-when-attacked", test_lock_release);
  g_test_add_func ("/acies/four-battles/ZAM-4.12/lock-released-by-penetration", test_lock_release_area);
  g_test_add_func ("/acies/four-battles/TRA-3.1/t34-turn-multipliers", test_t34);
  g_test_add_func ("/acies/four-battles/MAR-3.2/ma-set", test_ma_set);
  g_test_add_func ("/acies/four-battles/ADR-4.1/t36-ma-halved", test_t36);
  g_test_add_func ("/acies/four-battles/MAR-3.1/turn-vulnerability", test_vulnerability);
  g_test_add_func ("/acies/four-battles/ARB-3.4/t37-scythed-chariots", test_t37);
  g_test_add_func ("/acies/four-battles/ARB-3.3/leash-and-quota", test_leash_quota);
  g_test_add_func ("/acies/four-battles/IDI-3.2/guard", test_guard);
  g_test_add_func ("/acies/four-battles/TEU-4.3/t38-fighting-withdrawal", test_t38);
  g_test_add_func ("/acies/four-battles/TEU-4.2/eagles", test_eagles);
  g_test_add_func ("/acies/four-battles/TEU-4.4/ex9-baggage-stacking", test_ex9_baggage);
  g_test_add_func ("/acies/four-battles/ARB-4.22/baggage", test_arb_baggage);
  g_test_add_func ("/acies/four-battles/CAR-3.11/edge-exit", test_edge_exit);
  g_test_add_func ("/acies/four-battles/CAR-3.12/skirmish-capability", test_skirmish_capability);
  g_test_add_func ("/acies/four-battles/CAR-3.13/move-fire-move", test_move_fire_move);
  g_test_add_func ("/acies/four-battles/CAR-3.2/ignore-hexside-cost", test_ignore_hexside);
  g_test_add_func ("/acies/four-battles/MET-3.2/off-map-march", test_off_map_march);
  g_test_add_func ("/acies/four-battles/MUN-3.4/ex14-flank-march", test_ex14);
  g_test_add_func ("/acies/four-battles/CAN-3.0/scheduled-placement", test_scheduled_placement);
  g_test_add_func ("/acies/four-battles/CAN-4.11/mandatory-movement", test_mandatory);
  g_test_add_func ("/acies/four-battles/CAN-4.11/end-phase-consent", test_mandatory_end);
  g_test_add_func ("/acies/four-battles/CAN-4.11/blocked-or-zoc", test_mandatory_blocked);
  g_test_add_func ("/acies/four-battles/CAN-4.12/fire-does-not-release", test_mandatory_fire);
  g_test_add_func ("/acies/four-battles/MUN-3.2/forced-defenders", test_forced_defenders);
  g_test_add_func ("/acies/four-battles/TRA-5.2/ex10-earthquake", test_ex10);
  g_test_add_func ("/acies/four-battles/TRA-4.1/desperation", test_desperation);
  g_test_add_func ("/acies/four-battles/IDI-3.3/leader-demoralization", test_leader_demoralization);
  g_test_add_func ("/acies/four-battles/BOU-3.3/shrinking-map", test_shrinking);
  g_test_add_func ("/acies/four-battles/ADR-3.0/reinforcement-boxes", test_boxes);
  g_test_add_func ("/acies/four-battles/ISS-3.3/attack-out-of-river", test_out_of_river);
  g_test_add_func ("/acies/four-battles/ZAM-3.3/untrained-elephants", test_untrained);
  g_test_add_func ("/acies/four-battles/ZAM-4.11/elephants-must-engage", test_must_engage);
  g_test_add_func ("/acies/four-battles/TEU-3.2/region-ban", test_region_ban);
  g_test_add_func ("/acies/four-battles/MET-3.4/terrain-override", test_terrain_override);
  g_test_add_func ("/acies/four-battles/MUN-3.5/occupation-shift", test_occupation_shift);
  g_test_add_func ("/acies/four-battles/MUN-3.6/gentle-slopes", test_gentle_slopes);
  g_test_add_func ("/acies/four-battles/QAD-3.2/rally-placement", test_rally_placement);
  g_test_add_func ("/acies/four-battles/MAR-3.3/rally-exemption", test_rally_exemption);
  g_test_add_func ("/acies/four-battles/TEU-4.51/retreat-off-map", test_retreat_off_map);
  g_test_add_func ("/acies/four-battles/TEU-4.1/leader-stack-bonus", test_leader_stack_bonus);
  g_test_add_func ("/acies/four-battles/PHA-5.2/ex13-random-first-player", test_ex13);
  g_test_add_func ("/acies/four-battles/BOU-2.2/setup-restriction", test_setup_restriction);
  g_test_add_func ("/acies/four-battles/BOU-4.2/no-morale", test_no_morale);
  return g_test_run ();
}
