/* test-cca-combat.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cca"

#include "config.h"

#include <string.h>

#include "cca-test-common.h"

/*
 * Battles (BASE-CC, BASE-BB, BASE-RANGED, BASE-SUPPORT, BASE-RETREAT,
 * BASE-EVADE, BASE-MOMENTUM, BASE-LEADER, BASE-ELEPHANT, BASE-CHARIOT,
 * BASE-WARRIOR, BASE-AUX; ML-, JL-, JC-; B3-B10; CC-T vectors), with
 * forced dice.  The south side (1) attacks from row 6 the north side (0)
 * in row 5: F6 is next to F5 and G5.
 */

static AciesCcaState *
duel (const char *att_type,
      const char *def_type,
      gint        def_blocks)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  AciesCcaState *s;

  cca_scn_unit (scn, 1, att_type, "F6", 0);
  cca_scn_unit (scn, 0, def_type, "F5", def_blocks);
  s = cca_state_new (scn, NULL);
  return s;
}

static gint
U (const AciesCcaState *s,
   const char          *type,
   const char          *cell)
{
  g_autofree char *id = g_strdup_printf ("%s-%s", type, cell);

  return cca_unit (s, id);
}

/* BASE-CC, B3, ref 1.2: heavy infantry rolls 5 dice; against medium
 * infantry the blue triangle and the swords hit, a flag makes it retreat
 * its one hex, the red square and the green circle miss; no helmet hits
 * without a leader. */
static void
test_hits (void)
{
  g_autoptr(AciesCcaState) s = duel ("heavy-infantry", "medium-infantry", 0);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att = U (s, "heavy-infantry", "F6"), def = U (s, "medium-infantry", "F5");
  AciesCcaDice d;

  cca_force_orders (s, dice, -1, "heavy-infantry-F6", NULL);
  cca_end_moves (s, dice);
  acies_cca_battle_dice (s, att, def, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 5);
  g_assert_true (d.swords);
  g_assert_false (d.helmets);
  /* The defender holds (flag: it cannot be supported here, no leader). */
  cca_push (dice, "TXHSF");
  cca_push (dice, "");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  /* 2 hits (triangle, swords); the flag: retreat 1 hex north, to E4 or F4. */
  g_assert_cmpint (s->units[def].blocks, ==, 2);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_RETREAT);
  g_assert_cmpint (s->base.deciding_side, ==, 0);
  g_assert_true (cca_legal (s, ACIES_CCA_A_RETREAT, cca_cell (s, "E4"), -2));
  g_assert_true (cca_legal (s, ACIES_CCA_A_RETREAT, cca_cell (s, "F4"), -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_RETREAT, cca_cell (s, "F4"), -1, -1));
  g_assert_cmpint (s->units[def].cell, ==, cca_cell (s, "F4"));
  /* BASE-MOMENTUM: the hex it left may be taken (no bonus combat for
   * infantry without a leader, ref 1.7). */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ADVANCE);
  /* The turn ends: the draw (the first card of the pile). */
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ADVANCE, cca_cell (s, "F5"), -1, -1));
  g_assert_cmpint (s->units[att].cell, ==, cca_cell (s, "F5"));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_CARD);
  g_assert_cmpint (s->base.active_side, ==, 0);
}

/* Ref 1.9, Example B: helmets hit for a unit with a leader in its hex or
 * in a hex next to it; never for an elephant (Example C). */
static void
test_helmets (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  gint hi, el, def;
  AciesCcaDice d;

  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_unit (scn, 1, "elephant", "G6", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_leader (scn, 1, "legate", "G7");
  s = cca_state_new (scn, NULL);
  hi = U (s, "heavy-infantry", "F6");
  el = U (s, "elephant", "G6");
  def = U (s, "medium-infantry", "F5");
  acies_cca_battle_dice (s, hi, def, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_true (d.helmets);
  acies_cca_battle_dice (s, el, def, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_false (d.helmets);
  /* Far from the leader: no helmet. */
  acies_cca_place_leader (s, cca_leader (s, "legate"), cca_cell (s, "L9"));
  acies_cca_battle_dice (s, hi, def, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_false (d.helmets);
}

/* B3, ref 1.2: light units' swords do not score in close combat; swords
 * never score in ranged combat. */
static void
test_light_swords (void)
{
  g_autoptr(AciesCcaState) s = duel ("light-infantry", "medium-infantry", 0);
  AciesCcaDice d;
  AciesCcaSymbol syms[] = { ACIES_CCA_SYM_SWORDS, ACIES_CCA_SYM_MEDIUM, ACIES_CCA_SYM_SWORDS };
  gint hits, flags;

  acies_cca_battle_dice (s, U (s, "light-infantry", "F6"), U (s, "medium-infantry", "F5"), ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_false (d.swords);
  g_assert_cmpint (d.dice, ==, 2);
  acies_cca_score (&d, syms, 2, FALSE, &hits, &flags);
  g_assert_cmpint (hits, ==, 1);
}

/* BASE-ELEPHANT, B10, ref 1.8, Example C: an elephant rolls as many dice as
 * its target would (5 against heavy infantry, 2 against archers), 3
 * against warriors, 1 against a lone leader; swords never hit it; its
 * own swords score and are rolled again. */
static void
test_elephant (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  gint el, hi, ar, wa, hc;
  AciesCcaDice d;

  cca_scn_unit (scn, 1, "elephant", "F6", 0);
  cca_scn_unit (scn, 0, "heavy-infantry", "F5", 0);
  cca_scn_unit (scn, 0, "archer", "G5", 0);
  cca_scn_unit (scn, 0, "warrior", "E6", 0);
  cca_scn_unit (scn, 0, "heavy-cavalry", "G6", 0);
  s = cca_state_new (scn, NULL);
  el = U (s, "elephant", "F6");
  hi = U (s, "heavy-infantry", "F5");
  ar = U (s, "archer", "G5");
  wa = U (s, "warrior", "E6");
  hc = U (s, "heavy-cavalry", "G6");
  acies_cca_battle_dice (s, el, hi, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 5);
  g_assert_true (d.elephant_reroll);
  acies_cca_battle_dice (s, el, ar, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 2);
  acies_cca_battle_dice (s, el, wa, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 3);
  /* Swords never hit an elephant (Example C); heavy cavalry may ignore a
   * red square against it (ref 1.8). */
  acies_cca_battle_dice (s, hi, el, ACIES_CCA_BM_CLOSE, TRUE, &d);
  g_assert_false (d.swords);
  acies_cca_battle_dice (s, hc, el, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_false (d.swords);
  g_assert_true (d.ignore_heavy);
  {
    AciesCcaSymbol syms[] = { ACIES_CCA_SYM_HEAVY, ACIES_CCA_SYM_HEAVY, ACIES_CCA_SYM_SWORDS };
    gint hits, flags;

    acies_cca_score (&d, syms, 3, FALSE, &hits, &flags);
    g_assert_cmpint (hits, ==, 1);
  }
}

/* BASE-BB, B7, ref 1.6, Example C: a defender that stays battles back with
 * its normal dice whatever its losses; a heavy chariot with 3 (ref 1.2). */
static void
test_battle_back (void)
{
  g_autoptr(AciesCcaState) s = duel ("medium-infantry", "heavy-infantry", 1);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att = U (s, "medium-infantry", "F6"), def = U (s, "heavy-infantry", "F5");
  AciesCcaDice d;

  cca_force_orders (s, dice, -1, "medium-infantry-F6", NULL);
  cca_end_moves (s, dice);
  acies_cca_battle_dice (s, def, att, ACIES_CCA_BM_CLOSE, TRUE, &d);
  g_assert_cmpint (d.dice, ==, 5);
  /* The attack misses (4 dice), the defender answers with 5: two
   * triangles, a sword: 3 hits, and a flag. */
  cca_push (dice, "CCCC");
  cca_push (dice, "TTXFC");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  g_assert_cmpint (s->units[att].blocks, ==, 1);
  g_assert_cmpint (s->units[def].blocks, ==, 1);
  /* The attacker retreats a hex south. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_RETREAT);
  g_assert_cmpint (s->base.deciding_side, ==, 1);
}

/* BASE-SUPPORT, B5, ref 1.4, Example C: a unit with two friendly units
 * next to it may ignore one flag; an attached leader one more; a heavy
 * chariot cannot be supported (Example E). */
static void
test_support (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att, def;

  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "E5", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "G5", 0);
  cca_scn_leader (scn, 0, "legate", "F5");
  s = cca_state_new (scn, NULL);
  att = U (s, "heavy-infantry", "F6");
  def = U (s, "medium-infantry", "F5");
  g_assert_cmpint (acies_cca_ignorable_flags (s, def, att, ACIES_CCA_BM_CLOSE), ==, 2);
  cca_force_orders (s, dice, -1, "heavy-infantry-F6", NULL);
  cca_end_moves (s, dice);
  cca_push (dice, "FFFCC");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  /* Three flags, two may be ignored: the owner decides. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_FLAGS);
  g_assert_cmpint (s->base.deciding_side, ==, 0);
  g_assert_true (cca_legal (s, ACIES_CCA_A_IGNORE_FLAGS, 2, -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_IGNORE_FLAGS, 3, -2));
  /* It ignores two and retreats one hex; the leader goes with it. */
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_IGNORE_FLAGS, 2, -1, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_RETREAT, cca_cell (s, "F4"), -1, -1));
  g_assert_cmpint (s->leaders[cca_leader (s, "legate")].cell, ==, cca_cell (s, "F4"));
}

/* BASE-RETREAT, ref 1.3, B4, CC-T21: each flag moves a unit its retreat
 * distance toward its edge; a hex it cannot retreat costs a block. */
static void
test_retreat_blocked (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att, def;

  /* Light cavalry (retreat 4 a flag) on the north edge row 1. */
  cca_scn_unit (scn, 1, "heavy-infantry", "F2", 0);
  cca_scn_unit (scn, 0, "light-cavalry", "F1", 0);
  s = cca_state_new (scn, NULL);
  att = U (s, "heavy-infantry", "F2");
  def = U (s, "light-cavalry", "F1");
  cca_force_orders (s, dice, -1, "heavy-infantry-F2", NULL);
  cca_end_moves (s, dice);
  /* On its edge it cannot evade (no hex behind, ref 1.5), so nobody is
   * asked; one flag: 4 hexes off the map, and it has 3 blocks:
   * eliminated, a flag for the south. */
  g_assert_false (acies_cca_may_evade (s, def, att));
  cca_push (dice, "FTTTT");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  g_assert_cmpint (s->units[def].status, ==, ACIES_CCA_ELIMINATED);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ADVANCE);
  g_assert_cmpint (acies_cca_total_flags (s, 1), ==, 1);
}

/* BASE-EVADE, ref 1.5: light units evade; the attacker's dice hit on
 * their symbol only; they go two hexes back; no battle back and no
 * momentum. */
static void
test_evade (void)
{
  g_autoptr(AciesCcaState) s = duel ("heavy-infantry", "light-infantry", 0);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att = U (s, "heavy-infantry", "F6"), def = U (s, "light-infantry", "F5");

  cca_force_orders (s, dice, -1, "heavy-infantry-F6", NULL);
  cca_end_moves (s, dice);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_REACT);
  g_assert_cmpint (s->base.deciding_side, ==, 0);
  /* Two hexes back: F3 (from F5 via E4 or F4). */
  g_assert_true (cca_legal (s, ACIES_CCA_A_EVADE, cca_cell (s, "F3"), -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_EVADE, cca_cell (s, "F4"), -2));
  cca_push (dice, "CXXFH");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_EVADE, cca_cell (s, "F3"), -1, -1));
  /* One green circle: one hit; the swords, flag and helmet miss. */
  g_assert_cmpint (s->units[def].blocks, ==, 3);
  g_assert_cmpint (s->units[def].cell, ==, cca_cell (s, "F3"));
  g_assert_cmpint (s->units[att].cell, ==, cca_cell (s, "F6"));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_CARD);
  /* Medium cavalry evades foot and heavy mounted units, not light ones. */
  {
    g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
    g_autoptr(AciesCcaState) t = NULL;

    cca_scn_unit (scn, 1, "light-cavalry", "F6", 0);
    cca_scn_unit (scn, 1, "heavy-cavalry", "G6", 0);
    cca_scn_unit (scn, 0, "medium-cavalry", "F5", 0);
    t = cca_state_new (scn, NULL);
    g_assert_false (acies_cca_may_evade (t, U (t, "medium-cavalry", "F5"), U (t, "light-cavalry", "F6")));
    g_assert_true (acies_cca_may_evade (t, U (t, "medium-cavalry", "F5"), U (t, "heavy-cavalry", "G6")));
  }
}

/* BASE-MOMENTUM, B8, ref 1.7: cavalry advance, may go a hex more and battle
 * again; warriors advance and battle again. */
static void
test_momentum_cavalry (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att, def, other;

  cca_scn_unit (scn, 1, "heavy-cavalry", "F6", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 1);
  cca_scn_unit (scn, 0, "medium-infantry", "F3", 0);
  s = cca_state_new (scn, NULL);
  att = U (s, "heavy-cavalry", "F6");
  def = U (s, "medium-infantry", "F5");
  other = U (s, "medium-infantry", "F3");
  cca_force_orders (s, dice, -1, "heavy-cavalry-F6", NULL);
  cca_end_moves (s, dice);
  cca_push (dice, "TCCC");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  g_assert_cmpint (s->units[def].status, ==, ACIES_CCA_ELIMINATED);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ADVANCE);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ADVANCE, cca_cell (s, "F5"), -1, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ADVANCE_MORE);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ADVANCE, cca_cell (s, "F4"), -1, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_BONUS);
  g_assert_true (cca_legal (s, ACIES_CCA_A_CLOSE_COMBAT, att, other));
  cca_push (dice, "CCCC");
  cca_push (dice, "CCCC");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, other, -1));
  /* One bonus combat a turn: no other battle is left, the turn ends. */
  g_assert_cmpint (s->base.active_side, ==, 0);
  g_assert_cmpint (s->units[att].cell, ==, cca_cell (s, "F4"));
}

/* BASE-LEADER, B9, ref 1.9: a unit hit that survives: 2 dice, two helmets
 * kill its leader; a unit eliminated: 1 die, a helmet kills him, else he
 * escapes toward his side. */
static void
test_leader_check (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att, att2, def, l;

  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "E6", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 2);
  cca_scn_leader (scn, 0, "legate", "F5");
  s = cca_state_new (scn, NULL);
  att = U (s, "heavy-infantry", "F6");
  att2 = U (s, "heavy-infantry", "E6");
  def = U (s, "medium-infantry", "F5");
  l = cca_leader (s, "legate");
  cca_force_orders (s, dice, -1, "heavy-infantry-F6", "heavy-infantry-E6", NULL);
  cca_end_moves (s, dice);
  /* One hit; the check: helmet and triangle: he lives.  Then the battle
   * back (4 dice, misses). */
  cca_push (dice, "TCCCC");
  cca_push (dice, "HT");
  cca_push (dice, "CCCC");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  g_assert_cmpint (s->leaders[l].status, ==, ACIES_CCA_ON);
  g_assert_cmpint (s->units[def].blocks, ==, 1);
  g_assert_cmpint (acies_cca_total_flags (s, 1), ==, 0);
  /* The unit eliminated; a helmet on one die kills him: two flags. */
  cca_push (dice, "TCCCC");
  cca_push (dice, "H");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att2, def, -1));
  g_assert_cmpint (s->leaders[l].status, ==, ACIES_CCA_ELIMINATED);
  g_assert_cmpint (acies_cca_total_flags (s, 1), ==, 2);
}

/* Ref 1.9: the leader of an eliminated unit who survives his check must
 * escape 1 to 3 hexes toward his side; his owner chooses where. */
static void
test_leader_escape (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att, def, l;

  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 1);
  cca_scn_leader (scn, 0, "legate", "F5");
  s = cca_state_new (scn, NULL);
  att = U (s, "heavy-infantry", "F6");
  def = U (s, "medium-infantry", "F5");
  l = cca_leader (s, "legate");
  cca_force_orders (s, dice, -1, "heavy-infantry-F6", NULL);
  cca_end_moves (s, dice);
  cca_push (dice, "TCCCC");
  cca_push (dice, "T");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_LEADER_ESCAPE);
  g_assert_cmpint (s->base.deciding_side, ==, 0);
  g_assert_true (cca_legal (s, ACIES_CCA_A_ESCAPE, cca_cell (s, "F2"), -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ESCAPE, cca_cell (s, "F2"), -1, -1));
  g_assert_cmpint (s->leaders[l].cell, ==, cca_cell (s, "F2"));
  /* The hex is free: the attacker may advance. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ADVANCE);
}

/* Ref 1.9: a lone leader attacked falls on a helmet; if not hit he must
 * escape. */
static void
test_lone_leader (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att, l;

  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_leader (scn, 0, "legate", "F5");
  s = cca_state_new (scn, NULL);
  att = U (s, "heavy-infantry", "F6");
  l = cca_leader (s, "legate");
  cca_force_orders (s, dice, -1, "heavy-infantry-F6", NULL);
  cca_end_moves (s, dice);
  cca_push (dice, "SSSXH");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, (gint) s->st->n_units + l, -1));
  g_assert_cmpint (s->leaders[l].status, ==, ACIES_CCA_ELIMINATED);
  g_assert_cmpint (acies_cca_total_flags (s, 1), ==, 1);
}

/* BASE-WARRIOR, ref 1.2, Example B: warriors roll 4 dice at full
 * strength, 3 after their first loss; they may move two hexes only to
 * close-combat. */
static void
test_warriors (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint war, def;
  AciesCcaDice d;

  cca_scn_unit (scn, 1, "warrior", "F8", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  s = cca_state_new (scn, NULL);
  war = U (s, "warrior", "F8");
  def = U (s, "medium-infantry", "F5");
  cca_force_orders (s, dice, -1, "warrior-F8", NULL);
  /* Two hexes only where it can then close-combat: F6 is next to F5. */
  g_assert_true (cca_legal (s, ACIES_CCA_A_MOVE, war, cca_cell (s, "F6")));
  g_assert_false (cca_legal (s, ACIES_CCA_A_MOVE, war, cca_cell (s, "D6")));
  g_assert_true (cca_legal (s, ACIES_CCA_A_MOVE, war, cca_cell (s, "F7")));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, war, cca_cell (s, "F6"), -1));
  g_assert_true (s->units[war].flags & ACIES_CCA_UF_MUST_CC);
  acies_cca_battle_dice (s, war, def, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 4);
  s->units[war].lost_any = TRUE;
  acies_cca_battle_dice (s, war, def, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 3);
}

/* BASE-AUX, Example A: auxilia that moved two hexes may not battle; one
 * hex and they fire with one die. */
static void
test_auxilia (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint aux, def;
  AciesCcaDice d;

  cca_scn_unit (scn, 1, "auxilia", "F8", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  s = cca_state_new (scn, NULL);
  aux = U (s, "auxilia", "F8");
  def = U (s, "medium-infantry", "F5");
  cca_force_orders (s, dice, -1, "auxilia-F8", NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, aux, cca_cell (s, "F7"), -1));
  /* F7 is two hexes from F5: fire with one die. */
  g_assert_true (acies_cca_can_battle (s, aux, TRUE));
  acies_cca_battle_dice (s, aux, def, ACIES_CCA_BM_RANGED, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 1);
  /* Two hexes: no battle. */
  s->units[aux].moved = 2;
  s->units[aux].flags |= ACIES_CCA_UF_NO_BATTLE;
  g_assert_false (acies_cca_can_battle (s, aux, TRUE));
  g_assert_false (acies_cca_can_battle (s, aux, FALSE));
}

/* BASE-RANGED, ref 1.2: within range and line of sight, never next to
 * an enemy; a unit in between blocks the line (B12). */
static void
test_ranged (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint sl, def, far;

  cca_scn_unit (scn, 1, "slinger", "F7", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F3", 0);
  s = cca_state_new (scn, NULL);
  sl = U (s, "slinger", "F7");
  def = U (s, "medium-infantry", "F5");
  far = U (s, "medium-infantry", "F3");
  cca_force_orders (s, dice, -1, "slinger-F7", NULL);
  g_assert_true (acies_cca_fire_target_ok (s, sl, def));
  /* F3 is 4 hexes away: out of the slingers' range 3. */
  g_assert_false (acies_cca_fire_target_ok (s, sl, far));
  /* Against F3 from F6, F5 is in the line. */
  cca_put (s, "slinger-F7", "F6");
  g_assert_false (acies_cca_fire_target_ok (s, sl, far));
  /* Next to an enemy: no ranged combat. */
  g_assert_false (acies_cca_can_battle (s, sl, TRUE));
}

/* ML-1, ML-2, ML-3, CC-T3: a Marian legion fires at range 2 with one die
 * when it stayed or moved one hex, and battles once. */
static void
test_marian (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint hi, def;
  AciesCcaDice d;

  cca_scn_unit (scn, 1, "heavy-infantry", "F8", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  /* Another fight keeps the battle phase open. */
  cca_scn_unit (scn, 1, "light-cavalry", "B6", 0);
  cca_scn_unit (scn, 0, "light-cavalry", "B5", 0);
  cca_scn_rule (scn, "marian-legions", -1);
  s = cca_state_new (scn, NULL);
  hi = U (s, "heavy-infantry", "F8");
  def = U (s, "medium-infantry", "F5");
  cca_force_orders (s, dice, -1, "heavy-infantry-F8", "light-cavalry-B6", NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, hi, cca_cell (s, "F7"), -1));
  cca_end_moves (s, dice);
  g_assert_true (cca_legal (s, ACIES_CCA_A_FIRE, hi, def));
  acies_cca_battle_dice (s, hi, def, ACIES_CCA_BM_RANGED, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 1);
  cca_push (dice, "T");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_FIRE, hi, def, -1));
  g_assert_cmpint (s->units[def].blocks, ==, 3);
  /* ML-3: no close combat after firing (it battled). */
  g_assert_false (acies_cca_can_battle (s, hi, FALSE));
}

/* JL-2, Q6, CC-T4: a Julian legion moving two hexes may not battle at
 * all; JC-2, Q5: with Caesar it may close-combat, not fire. */
static void
test_julian (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  AciesRuleEntry *caesar;
  gint mi, mi2, def;

  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "H8", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "H5", 0);
  cca_scn_leader (scn, 1, "caesar", "H8");
  cca_scn_rule (scn, "julian-legions", -1);
  caesar = cca_scn_rule (scn, "caesar", 1);
  json_object_set_string_member (caesar->params, "leader", "caesar");
  s = cca_state_new (scn, NULL);
  mi = U (s, "medium-infantry", "F8");
  mi2 = U (s, "medium-infantry", "H8");
  def = U (s, "medium-infantry", "F5");
  cca_force_orders (s, dice, -1, "medium-infantry-F8", "medium-infantry-H8", NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, mi, cca_cell (s, "F6"), -1));
  g_assert_false (acies_cca_can_battle (s, mi, FALSE));
  g_assert_false (acies_cca_can_battle (s, mi, TRUE));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, mi2, cca_cell (s, "H6"), -1));
  g_assert_true (acies_cca_can_battle (s, mi2, FALSE));
  g_assert_false (acies_cca_can_battle (s, mi2, TRUE));
  (void) def;
}

/* JC-1, CC-T1, CC-T2: Caesar's extra die comes after the terrain's cap:
 * heavy infantry against a forest min(5, 2) + 1 = 3; medium infantry
 * uphill min(4, 2) + 1 = 3. */
static void
test_caesar_die (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  AciesRuleEntry *caesar;
  gint hi, mi, forest, hill;
  AciesCcaDice d;

  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "I6", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "I5", 0);
  cca_scn_terrain (scn, "F5", "forest");
  cca_scn_terrain (scn, "I5", "hill");
  cca_scn_leader (scn, 1, "caesar", "F6");
  caesar = cca_scn_rule (scn, "caesar", 1);
  json_object_set_string_member (caesar->params, "leader", "caesar");
  s = cca_state_new (scn, NULL);
  hi = U (s, "heavy-infantry", "F6");
  mi = U (s, "medium-infantry", "I6");
  forest = U (s, "medium-infantry", "F5");
  hill = U (s, "medium-infantry", "I5");
  acies_cca_battle_dice (s, hi, forest, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 3);
  g_assert_cmpint (d.caesar, ==, 1);
  /* Caesar moves to the medium infantry. */
  acies_cca_place_leader (s, cca_leader (s, "caesar"), cca_cell (s, "I6"));
  acies_cca_battle_dice (s, mi, hill, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 3);
  /* Q4: his die counts battling back too. */
  acies_cca_battle_dice (s, mi, hill, ACIES_CCA_BM_CLOSE, TRUE, &d);
  g_assert_cmpint (d.caesar, ==, 1);
}

/* BASE-CHARIOT, ref 1.2, Example E: heavy chariots battle back with 3
 * dice and ignore one sword. */
static void
test_heavy_chariot (void)
{
  g_autoptr(AciesCcaState) s = duel ("heavy-chariot", "heavy-chariot", 0);
  gint att = U (s, "heavy-chariot", "F6"), def = U (s, "heavy-chariot", "F5");
  AciesCcaDice d;

  acies_cca_battle_dice (s, att, def, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 4);
  g_assert_cmpint (d.ignore_swords, ==, 1);
  acies_cca_battle_dice (s, def, att, ACIES_CCA_BM_CLOSE, TRUE, &d);
  g_assert_cmpint (d.dice, ==, 3);
  g_assert_cmpint (acies_cca_ignorable_flags (s, def, att, ACIES_CCA_BM_CLOSE), ==, 0);
}

/* S4.2, CC-T21: a unit with one block that loses two is eliminated, the
 * extra loss wasted, and the enemy gains one flag. */
static void
test_elimination (void)
{
  g_autoptr(AciesCcaState) s = duel ("heavy-infantry", "medium-infantry", 1);
  gint def = U (s, "medium-infantry", "F5");

  g_assert_true (acies_cca_lose_blocks (s, def, 2, NULL, "test"));
  g_assert_cmpint (s->units[def].status, ==, ACIES_CCA_ELIMINATED);
  g_assert_cmpint (s->flags[1], ==, 1);
  g_assert_cmpint (s->eliminated_flags[1], ==, 1);
}

/* BASE-RETREAT, ref 1.2, 1.3: the attack preview says how far each flag
 * makes the defender retreat, by its type (medium infantry 1 hex, medium
 * cavalry 3), never "+0". */
static const char *
preview_flag_line (const AciesCcaState *s,
                   AciesDice           *dice,
                   const char          *def_type)
{
  static char line[256];
  gint att = U (s, "heavy-infantry", "F6"), def = U (s, def_type, "F5");
  g_autoptr(AciesOdds) odds = NULL;
  AciesAction a;

  acies_action_init (&a, ACIES_CCA_A_CLOSE_COMBAT, 1);
  a.args[0] = att;
  a.args[1] = def;
  odds = acies_ruleset_get_odds (cca_ruleset (), &s->base, &a);
  g_assert_nonnull (odds);
  line[0] = '\0';
  for (guint i = 0; i < odds->modifiers->len; i++)
    {
      AciesOddsModifier *m = g_ptr_array_index (odds->modifiers, i);

      if (strstr (m->label, "each flag") != NULL)
        g_strlcpy (line, m->label, sizeof line);
    }
  g_test_message ("%s: %s", def_type, line);
  return line;
}

static void
test_preview_retreat_hexes (void)
{
  const struct { const char *type; const char *words; } cases[] = {
    { "medium-infantry", "each flag makes the medium infantry retreat 1 hex" },
    { "medium-cavalry", "each flag makes the medium cavalry retreat 3 hexes" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AciesCcaState) s = duel ("heavy-infantry", cases[i].type, 0);
      g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

      cca_force_orders (s, dice, -1, "heavy-infantry-F6", NULL);
      cca_end_moves (s, dice);
      g_assert_nonnull (strstr (preview_flag_line (s, dice, cases[i].type), cases[i].words));
    }
}

/* The exact odds (get_odds): one die against medium infantry: one hit
 * on a triangle or swords (2 in 6), a flag 1 in 6. */
static void
test_odds (void)
{
  g_autoptr(AciesCcaState) s = duel ("heavy-infantry", "medium-infantry", 0);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att = U (s, "heavy-infantry", "F6"), def = U (s, "medium-infantry", "F5");
  AciesAction a;
  g_autoptr(AciesOdds) odds = NULL;
  double total = 0, none = 0;

  cca_force_orders (s, dice, -1, "heavy-infantry-F6", NULL);
  cca_end_moves (s, dice);
  acies_action_init (&a, ACIES_CCA_A_CLOSE_COMBAT, 1);
  a.args[0] = att;
  a.args[1] = def;
  odds = acies_ruleset_get_odds (cca_ruleset (), &s->base, &a);
  g_assert_nonnull (odds);
  for (guint i = 0; i < odds->outcomes->len; i++)
    {
      AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);

      total += o->probability;
      if (g_str_equal (o->result, "0 hits, no flag"))
        none = o->probability;
    }
  g_assert_cmpfloat_with_epsilon (total, 1.0, 1e-9);
  /* Five dice, each missing with 3 faces in 6 (circle, square, helmet). */
  g_assert_cmpfloat_with_epsilon (none, 1.0 / 32.0, 1e-9);

  /* Every result against all 6^5 throws counted one by one: per die two
   * faces hit (triangle, swords), one is a flag, three do nothing. */
  {
    gint blocks = s->units[def].blocks;
    double expect[8][3] = { { 0 } }, eliminated = 0;

    for (guint throw = 0; throw < 7776; throw++)
      {
        gint hits = 0, flags = 0;

        for (guint k = 0, t = throw; k < 5; k++, t /= 6)
          {
            hits += t % 6 < 2;
            flags += t % 6 == 2;
          }
        if (hits >= blocks)
          eliminated += 1.0 / 7776;
        else
          expect[hits][MIN (flags, 2)] += 1.0 / 7776;
      }
    for (guint i = 0; i < odds->outcomes->len; i++)
      {
        AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);
        gint k = -1, f = -1;

        if (g_str_equal (o->result, "Eliminated"))
          {
            g_assert_cmpfloat_with_epsilon (o->probability, eliminated, 1e-12);
            continue;
          }
        k = (gint) g_ascii_strtoll (o->result, NULL, 10);
        f = strstr (o->result, "no flag") ? 0 : strstr (o->result, "1 flag") ? 1 : 2;
        g_assert_cmpint (k, <, blocks);
        g_assert_cmpfloat_with_epsilon (o->probability, expect[k][f], 1e-12);
        expect[k][f] = -1;  /* each result once */
      }
    for (gint k = 0; k < blocks; k++)
      for (gint f = 0; f < 3; f++)
        g_assert_true (expect[k][f] <= 0);
  }
}

/* More cases, one each -------------------------------------------------- */

/* BASE-DICE, B1: the battle die has one face of each of the six symbols
 * (the catalogue's battle-die table). */
static void
test_die_faces (void)
{
  g_autoptr(AciesCcaState) s = duel ("medium-infantry", "medium-infantry", 0);
  guint seen = 0;

  for (guint f = 0; f < 6; f++)
    {
      g_assert_cmpint (s->st->face_symbol[f], >=, ACIES_CCA_SYM_LIGHT);
      g_assert_cmpint (s->st->face_symbol[f], <=, ACIES_CCA_SYM_SWORDS);
      seen |= 1u << s->st->face_symbol[f];
    }
  g_assert_cmpuint (seen, ==, (1u << ACIES_CCA_SYM_LIGHT) | (1u << ACIES_CCA_SYM_MEDIUM) | (1u << ACIES_CCA_SYM_HEAVY)
                              | (1u << ACIES_CCA_SYM_HELMET) | (1u << ACIES_CCA_SYM_FLAG) | (1u << ACIES_CCA_SYM_SWORDS));
}

/* B2: the unit profiles are the catalogue's table, and a battle may
 * change a cell (table_overrides): the figures the text prints hold
 * (heavy infantry 5 dice, heavy cavalry 4, warriors 4, heavy chariots 4,
 * auxilia moving 2) and an override replaces one. */
static void
test_profiles_from_table (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesCcaState) t = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();

  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  s = cca_state_new (scn, NULL);
  g_assert_cmpint (s->st->prof[ACIES_CCA_HI].cc, ==, 5);
  g_assert_cmpint (s->st->prof[ACIES_CCA_HC].cc, ==, 4);
  g_assert_cmpint (s->st->prof[ACIES_CCA_WAR].cc, ==, 4);
  g_assert_cmpint (s->st->prof[ACIES_CCA_HCH].cc, ==, 4);
  g_assert_cmpint (s->st->prof[ACIES_CCA_AUX].move, ==, 2);
  g_assert_true (json_parser_load_from_data (parser,
                                             "{\"unit-profile\": {\"cells\": [{\"row\": \"heavy-infantry\", "
                                             "\"column\": \"close combat\", \"value\": 6}]}}", -1, NULL));
  scn->table_overrides = json_object_ref (json_node_get_object (json_parser_get_root (parser)));
  t = cca_state_new (scn, NULL);
  g_assert_cmpint (t->st->prof[ACIES_CCA_HI].cc, ==, 6);
  g_assert_true (t->st->prof[ACIES_CCA_HI].provisional != 0);
}

/* BASE-MOVE: each type's move (light infantry 2, medium infantry 1, light
 * cavalry 4, heavy cavalry 2); never through another unit. */
static void
test_movement (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint16 dest[ACIES_CCA_MAX_CELLS];
  guint8 dist[ACIES_CCA_MAX_CELLS];
  gint li, mi, lc, hc, far = 0;
  guint n;

  cca_scn_unit (scn, 1, "light-infantry", "F8", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "B8", 0);
  cca_scn_unit (scn, 1, "light-cavalry", "J8", 0);
  cca_scn_unit (scn, 1, "heavy-cavalry", "L8", 0);
  /* The two hexes in front of the light infantry are taken. */
  cca_scn_unit (scn, 1, "medium-infantry", "F7", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "G7", 0);
  s = cca_state_new (scn, NULL);
  li = U (s, "light-infantry", "F8");
  mi = U (s, "medium-infantry", "B8");
  lc = U (s, "light-cavalry", "J8");
  hc = U (s, "heavy-cavalry", "L8");
  cca_force_orders (s, dice, -1, "light-infantry-F8", "medium-infantry-B8", "light-cavalry-J8", "heavy-cavalry-L8", NULL);
  g_assert_cmpuint (acies_cca_move_allowance (s, li), ==, 2);
  g_assert_cmpuint (acies_cca_move_allowance (s, mi), ==, 1);
  g_assert_cmpuint (acies_cca_move_allowance (s, lc), ==, 4);
  g_assert_cmpuint (acies_cca_move_allowance (s, hc), ==, 2);
  n = acies_cca_destinations (s, lc, dest, dist);
  for (guint i = 0; i < n; i++)
    far = MAX (far, dist[i]);
  g_assert_cmpint (far, ==, 4);
  /* F6 is two hexes ahead, but only through F7 or G7: not this turn;
   * sideways it goes (E8, then E7). */
  n = acies_cca_destinations (s, li, dest, dist);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (dest[i], !=, cca_cell (s, "F6"));
      g_assert_cmpint (dest[i], !=, cca_cell (s, "F7"));
    }
  g_assert_true (cca_legal (s, ACIES_CCA_A_MOVE, li, cca_cell (s, "E7")));
}

/* BASE-WM: war machines move one hex; a heavy war machine may not fire
 * after moving, a light one fires with one die. */
static void
test_war_machines (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint lwm, hwm, target;

  cca_scn_unit (scn, 1, "light-war-machine", "C8", 0);
  cca_scn_unit (scn, 1, "heavy-war-machine", "H8", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "E5", 0);
  s = cca_state_new (scn, NULL);
  lwm = U (s, "light-war-machine", "C8");
  hwm = U (s, "heavy-war-machine", "H8");
  target = U (s, "medium-infantry", "E5");
  cca_force_orders (s, dice, -1, "light-war-machine-C8", "heavy-war-machine-H8", NULL);
  g_assert_cmpuint (acies_cca_move_allowance (s, lwm), ==, 1);
  g_assert_cmpuint (acies_cca_move_allowance (s, hwm), ==, 1);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, lwm, cca_cell (s, "D7"), -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, hwm, cca_cell (s, "H7"), -1));
  cca_end_moves (s, dice);
  g_assert_true (acies_cca_can_battle (s, lwm, TRUE));
  g_assert_false (acies_cca_can_battle (s, hwm, TRUE));
  {
    AciesCcaDice d;

    acies_cca_battle_dice (s, lwm, target, ACIES_CCA_BM_RANGED, FALSE, &d);
    g_assert_cmpint (d.dice, ==, 1);
  }
}

/* S4.2, BASE-FLAGS: the last block of an enemy unit, or an enemy
 * commander, eliminated gives one flag. */
static void
test_flags_for_eliminations (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;

  cca_scn_unit (scn, 0, "medium-infantry", "F5", 1);
  cca_scn_unit (scn, 1, "medium-infantry", "F6", 0);
  cca_scn_leader (scn, 0, "legate", "B2");
  s = cca_state_new (scn, NULL);
  g_assert_cmpint (acies_cca_total_flags (s, 1), ==, 0);
  acies_cca_lose_blocks (s, U (s, "medium-infantry", "F5"), 1, NULL, "CCA S4.2");
  g_assert_cmpint (acies_cca_total_flags (s, 1), ==, 1);
  acies_cca_kill_leader (s, cca_leader (s, "legate"), TRUE, NULL, "CCA S4.2");
  g_assert_cmpint (acies_cca_total_flags (s, 1), ==, 2);
  g_assert_cmpint (acies_cca_total_flags (s, 0), ==, 0);
  g_assert_true (acies_cca_check_invariants (s, NULL));
}

/* S2-cmdr: a commander is one block and not a unit: no hex of units, no
 * blocks to lose; his unit battles as before. */
static void
test_commander_not_a_unit (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  gint l;

  cca_scn_leader (scn, 1, "legate", "C7");
  cca_scn_unit (scn, 1, "medium-infantry", "F6", 0);
  s = cca_state_new (scn, NULL);
  l = cca_leader (s, "legate");
  g_assert_cmpint (s->unit_at[cca_cell (s, "C7")], <, 0);
  g_assert_cmpint (s->leader_at[cca_cell (s, "C7")], ==, l);
  g_assert_cmpuint (s->st->n_units, ==, 1);
  g_assert_cmpuint (s->st->n_leaders, ==, 1);
}

/* S5.1: the sides take turns until one has its flags; there is no turn
 * limit in the book (option turn_limit 0). */
static void
test_alternate_turns (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (5);

  cca_scn_unit (scn, 0, "medium-infantry", "F3", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F7", 0);
  s = cca_state_new (scn, NULL);
  g_assert_cmpuint (s->st->opt.turn_limit, ==, 0);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_DEAL, -1, -1, -1));
  for (gint i = 0; i < 40; i++)
    {
      gint side = s->base.active_side;

      g_assert_cmpint (side, ==, i % 2);
      g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, s->hand[side][0], -2, -2));
      while (s->base.active_side == side)
        {
          gint end = s->step == ACIES_CCA_STEP_ORDER ? ACIES_CCA_A_ORDER_DONE
                   : s->step == ACIES_CCA_STEP_MOVE ? ACIES_CCA_A_MOVE_DONE
                   : s->step == ACIES_CCA_STEP_BATTLE ? ACIES_CCA_A_BATTLE_DONE : ACIES_CCA_A_USE_DIE;

          g_assert_true (cca_act (s, dice, NULL, end, -2, -2, -2));
        }
    }
  g_assert_false (s->base.finished);
}

/* S5.2: a turn is the card, the orders, the movement, the battles and the
 * draw, in that order. */
static void
test_turn_sequence (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  static const gint south[] = { ACIES_CCA_CARD_TWO_CENTRE, ACIES_CCA_CARD_TWO_CENTRE, ACIES_CCA_CARD_THREE_CENTRE,
                                ACIES_CCA_CARD_THREE_CENTRE, ACIES_CCA_CARD_FOUR_CENTRE, ACIES_CCA_CARD_LINE_COMMAND, -1 };
  static const gint north[] = { ACIES_CCA_CARD_TWO_LEFT, -1 };
  gint mi;

  cca_scn_unit (scn, 1, "medium-infantry", "F7", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, south);
  mi = U (s, "medium-infantry", "F7");
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_CARD);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_TWO_CENTRE, -1, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ORDER);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, mi, -1, -1));
  /* Nobody else to order: the movement follows at once. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, mi, cca_cell (s, "F6"), -1));
  /* Nobody else to move, but the player ends the movement himself: the
   * key press he means for it never ends the battles (S5.2). */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);
  g_assert_false (cca_legal (s, ACIES_CCA_A_BATTLE_DONE, -2, -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE_DONE, -1, -1, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_BATTLE);
  cca_push_draw (dice, s, ACIES_CCA_CARD_RALLY);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_BATTLE_DONE, -1, -1, -1));
  /* The draw refilled the hand to five; the north's turn. */
  g_assert_cmpint (s->hand_len[1], ==, 5);
  g_assert_true (acies_cca_hand_has (s, 1, ACIES_CCA_CARD_RALLY));
  g_assert_cmpint (s->base.active_side, ==, 0);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_CARD);
}

/* JL-1: with the Julian Legions rule Roman medium and heavy infantry fire
 * as Marian legions do: range 2, one die. */
static void
test_julian_fire (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  gint mi, target;
  AciesCcaDice d;

  cca_scn_unit (scn, 1, "medium-infantry", "F7", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_rule (scn, "julian-legions", -1);
  s = cca_state_new (scn, NULL);
  mi = U (s, "medium-infantry", "F7");
  target = U (s, "medium-infantry", "F5");
  g_assert_true (acies_cca_fire_target_ok (s, mi, target));
  acies_cca_battle_dice (s, mi, target, ACIES_CCA_BM_RANGED, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 1);
  /* Three hexes: out of range. */
  acies_cca_place_unit (s, target, cca_cell (s, "F4"));
  g_assert_false (acies_cca_fire_target_ok (s, mi, target));
}

/* JC-2: infantry with Caesar may move two hexes and still close-combat. */
static void
test_caesar_move (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  AciesRuleEntry *caesar;
  gint mi;

  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_leader (scn, 1, "caesar", "F8");
  caesar = cca_scn_rule (scn, "caesar", 1);
  json_object_set_string_member (caesar->params, "leader", "caesar");
  s = cca_state_new (scn, NULL);
  mi = U (s, "medium-infantry", "F8");
  cca_force_orders (s, dice, -1, "medium-infantry-F8", NULL);
  g_assert_cmpuint (acies_cca_move_allowance (s, mi), ==, 2);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, mi, cca_cell (s, "F6"), -1));
  cca_end_moves (s, dice);
  g_assert_true (cca_legal (s, ACIES_CCA_A_CLOSE_COMBAT, mi, U (s, "medium-infantry", "F5")));
}

/* B4: the hexes a flag costs: light foot 2, auxilia 1, warriors 2,
 * legions 1, light cavalry 4, elephants 1; an auxilia with one flag goes
 * back one hex. */
static void
test_retreat_distances (void)
{
  g_autoptr(AciesCcaState) s = duel ("heavy-infantry", "auxilia", 0);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att = U (s, "heavy-infantry", "F6"), def = U (s, "auxilia", "F5");

  g_assert_cmpint (s->st->prof[ACIES_CCA_LI].retreat, ==, 2);
  g_assert_cmpint (s->st->prof[ACIES_CCA_AUX].retreat, ==, 1);
  g_assert_cmpint (s->st->prof[ACIES_CCA_WAR].retreat, ==, 2);
  g_assert_cmpint (s->st->prof[ACIES_CCA_MI].retreat, ==, 1);
  g_assert_cmpint (s->st->prof[ACIES_CCA_LC].retreat, ==, 4);
  g_assert_cmpint (s->st->prof[ACIES_CCA_EL].retreat, ==, 1);
  cca_force_orders (s, dice, -1, "heavy-infantry-F6", NULL);
  cca_end_moves (s, dice);
  /* Auxilia never evade: the defender stands; one flag and four blue
   * triangles, which miss a light unit. */
  cca_push (dice, "FTTTT");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_RETREAT);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_RETREAT, cca_cell (s, "F4"), -1, -1));
  g_assert_cmpint (s->units[def].cell, ==, cca_cell (s, "F4"));
  g_assert_cmpint (s->step, !=, ACIES_CCA_STEP_RETREAT);
}

/* B6: who may evade whom: light foot always; medium cavalry from foot and
 * heavy mounted units, not from light cavalry; legions never. */
static void
test_who_evades (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  gint li, mc, mi, hi, lc, hc;

  cca_scn_unit (scn, 0, "light-infantry", "C5", 0);
  cca_scn_unit (scn, 0, "medium-cavalry", "F5", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "J5", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "C6", 0);
  cca_scn_unit (scn, 1, "light-cavalry", "F6", 0);
  cca_scn_unit (scn, 1, "heavy-cavalry", "E6", 0);
  s = cca_state_new (scn, NULL);
  li = U (s, "light-infantry", "C5");
  mc = U (s, "medium-cavalry", "F5");
  mi = U (s, "medium-infantry", "J5");
  hi = U (s, "heavy-infantry", "C6");
  lc = U (s, "light-cavalry", "F6");
  hc = U (s, "heavy-cavalry", "E6");
  g_assert_true (acies_cca_may_evade (s, li, hi));
  g_assert_true (acies_cca_may_evade (s, mc, hc));
  g_assert_true (acies_cca_may_evade (s, mc, hi));
  g_assert_false (acies_cca_may_evade (s, mc, lc));
  g_assert_false (acies_cca_may_evade (s, mi, hi));
}

/* B11: light and heavy chariots cannot be supported; barbarian light
 * chariots ignore one more flag at full strength. */
static void
test_chariots_support (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  gint ch, bch, att;

  cca_scn_unit (scn, 0, "light-chariot", "F5", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "E5", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "G5", 0);
  cca_scn_unit (scn, 0, "barbarian-light-chariot", "J5", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  s = cca_state_new (scn, NULL);
  ch = U (s, "light-chariot", "F5");
  bch = U (s, "barbarian-light-chariot", "J5");
  att = U (s, "heavy-infantry", "F6");
  g_assert_cmpuint (acies_cca_adjacent_friends (s, ch), >=, 2);
  s->battle.active = TRUE;
  s->battle.attacker = att;
  s->battle.mode = ACIES_CCA_BM_CLOSE;
  s->battle.target = ch;
  g_assert_cmpint (acies_cca_ignorable_flags (s, ch, att, ACIES_CCA_BM_CLOSE), ==, 0);
  s->battle.target = bch;
  g_assert_cmpint (acies_cca_ignorable_flags (s, bch, att, ACIES_CCA_BM_CLOSE), ==, 1);
}

/* Q3: a unit leaving a marsh moves one hex only when ordered; a retreat
 * out of a marsh goes its full distance. */
static void
test_marsh_retreat_full (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint li;

  cca_scn_unit (scn, 0, "light-infantry", "F5", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_terrain (scn, "F5", "marsh");
  s = cca_state_new (scn, NULL);
  li = U (s, "light-infantry", "F5");
  acies_cca_force_retreat (s, li, 2, dice, NULL);
  acies_cca_resume (s, dice, NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_RETREAT, cca_cell (s, "F4"), -1, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_RETREAT);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_RETREAT, cca_cell (s, "F3"), -1, -1));
  g_assert_cmpint (s->units[li].cell, ==, cca_cell (s, "F3"));
  /* With the option marsh_exit_on_retreat, one hex only, and no loss. */
  {
    g_autoptr(JsonObject) one = json_object_new ();
    g_autoptr(AciesCcaState) t = NULL;

    json_object_set_boolean_member (one, "marsh_exit_on_retreat", TRUE);
    t = cca_state_new (scn, one);
    acies_cca_force_retreat (t, li, 2, dice, NULL);
    acies_cca_resume (t, dice, NULL);
    g_assert_true (cca_act (t, dice, NULL, ACIES_CCA_A_RETREAT, cca_cell (t, "F4"), -1, -1));
    g_assert_cmpint (t->step, !=, ACIES_CCA_STEP_RETREAT);
    g_assert_cmpint (t->units[li].cell, ==, cca_cell (t, "F4"));
    g_assert_cmpint (t->units[li].blocks, ==, 4);
  }
}

/* Q4: Caesar's extra die counts when his unit battles back (option
 * caesar_battle_back, default on). */
static void
test_caesar_battle_back (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesCcaState) t = NULL;
  g_autoptr(JsonObject) off = json_object_new ();
  AciesRuleEntry *caesar;
  AciesCcaDice d;

  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F6", 0);
  cca_scn_leader (scn, 0, "caesar", "F5");
  caesar = cca_scn_rule (scn, "caesar", 0);
  json_object_set_string_member (caesar->params, "leader", "caesar");
  s = cca_state_new (scn, NULL);
  acies_cca_battle_dice (s, U (s, "medium-infantry", "F5"), U (s, "medium-infantry", "F6"), ACIES_CCA_BM_CLOSE, TRUE, &d);
  g_assert_cmpint (d.dice, ==, 5);
  json_object_set_boolean_member (off, "caesar_battle_back", FALSE);
  t = cca_state_new (scn, off);
  acies_cca_battle_dice (t, U (t, "medium-infantry", "F5"), U (t, "medium-infantry", "F6"), ACIES_CCA_BM_CLOSE, TRUE, &d);
  g_assert_cmpint (d.dice, ==, 4);
}

/* K3, B14: a unit-class card orders as many units as the "command": the
 * scenario's hand size in a standard battle, the hand with the card played
 * in an Epic battle. */
static void
test_command_value (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;

  cca_scn_unit (scn, 1, "medium-infantry", "F7", 0);
  cca_scn_side_int (scn, 1, "hand_size", 5);
  s = cca_state_new (scn, NULL);
  s->hand_len[1] = 2;
  g_assert_cmpint (acies_cca_command (s, 1), ==, 5);
  s->st->epic = TRUE;
  g_assert_cmpint (acies_cca_command (s, 1), ==, 3);
  s->st->epic = FALSE;
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/cca/BASE-CC/hits-triangle-swords-flag", test_hits);
  g_test_add_func ("/acies/cca/BASE-LEADER/helmets-near-a-leader", test_helmets);
  g_test_add_func ("/acies/cca/B3/light-swords-miss", test_light_swords);
  g_test_add_func ("/acies/cca/BASE-ELEPHANT/dice-swords-red-square", test_elephant);
  g_test_add_func ("/acies/cca/BASE-BB/full-dice-after-losses", test_battle_back);
  g_test_add_func ("/acies/cca/BASE-SUPPORT/support-and-leader", test_support);
  g_test_add_func ("/acies/cca/BASE-RETREAT/map-edge-losses", test_retreat_blocked);
  g_test_add_func ("/acies/cca/BASE-EVADE/own-symbol-two-hexes", test_evade);
  g_test_add_func ("/acies/cca/BASE-MOMENTUM/cavalry-extra-hex-bonus", test_momentum_cavalry);
  g_test_add_func ("/acies/cca/BASE-LEADER/casualty-checks", test_leader_check);
  g_test_add_func ("/acies/cca/BASE-LEADER/escape", test_leader_escape);
  g_test_add_func ("/acies/cca/BASE-LEADER/lone-leader-attacked", test_lone_leader);
  g_test_add_func ("/acies/cca/BASE-WARRIOR/charge-and-dice", test_warriors);
  g_test_add_func ("/acies/cca/BASE-AUX/move-one-fire-one", test_auxilia);
  g_test_add_func ("/acies/cca/BASE-RANGED/range-los-adjacent", test_ranged);
  g_test_add_func ("/acies/cca/ML-2/pilum-one-die", test_marian);
  g_test_add_func ("/acies/cca/JL-2/two-hexes-no-battle", test_julian);
  g_test_add_func ("/acies/cca/JC-1/die-above-cap", test_caesar_die);
  g_test_add_func ("/acies/cca/BASE-CHARIOT/battle-back-three", test_heavy_chariot);
  g_test_add_func ("/acies/cca/S4.2/elimination-flag", test_elimination);
  g_test_add_func ("/acies/cca/BASE-CC/odds", test_odds);
  g_test_add_func ("/acies/cca/BASE-RETREAT/preview-hexes-per-flag", test_preview_retreat_hexes);
  g_test_add_func ("/acies/cca/BASE-DICE/six-symbols", test_die_faces);
  g_test_add_func ("/acies/cca/B2/profiles-from-the-table", test_profiles_from_table);
  g_test_add_func ("/acies/cca/BASE-MOVE/allowances", test_movement);
  g_test_add_func ("/acies/cca/BASE-WM/move-and-fire", test_war_machines);
  g_test_add_func ("/acies/cca/BASE-FLAGS/units-and-commanders", test_flags_for_eliminations);
  g_test_add_func ("/acies/cca/S2-cmdr/not-a-unit", test_commander_not_a_unit);
  g_test_add_func ("/acies/cca/S5.1/alternate-turns", test_alternate_turns);
  g_test_add_func ("/acies/cca/S5.2/turn-sequence", test_turn_sequence);
  g_test_add_func ("/acies/cca/JL-1/range-two-one-die", test_julian_fire);
  g_test_add_func ("/acies/cca/JC-2/two-hexes-and-battle", test_caesar_move);
  g_test_add_func ("/acies/cca/B4/retreat-distances", test_retreat_distances);
  g_test_add_func ("/acies/cca/B6/who-evades", test_who_evades);
  g_test_add_func ("/acies/cca/B11/chariots-support", test_chariots_support);
  g_test_add_func ("/acies/cca/Q3/marsh-retreat-full", test_marsh_retreat_full);
  g_test_add_func ("/acies/cca/Q4/caesar-battle-back", test_caesar_battle_back);
  g_test_add_func ("/acies/cca/K3/command-value", test_command_value);
  return g_test_run ();
}
