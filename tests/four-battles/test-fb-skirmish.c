/* test-fb-skirmish.c
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
 * Four Battles skirmishers and leaders in melee: retreat before combat
 * (11.3-11.36, FB-EX5, FB-EX6, FB-T24-T26) and the lone leader attacked
 * (13.6), with forced dice.  A scripted die that is not pushed aborts the
 * test, so "no roll" is checked by pushing none.
 *
 * Map: 10 × 10 clear; 0505's neighbours are 0504 (N), 0604 (NE), 0605
 * (SE), 0506 (S), 0405 (SW), 0404 (NW).
 */

/* Picks the first two-hex destination offered. */
static gint
first_two_hex (FbState *s)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_fb_legal_actions (s, legal);
  for (guint i = 0; i < legal->len; i++)
    if (g_array_index (legal, AciesAction, i).type == FB_A_RETREAT_TWO)
      return g_array_index (legal, AciesAction, i).args[0];
  g_assert_not_reached ();
  return -1;
}

/* FB-EX5, 11.32, 11.33, 11.34: a cavalry skirmisher (MA 6, no stand)
 * attacked by cavalry of MA 5 falls back two hexes without a roll; one
 * attacker may advance into the first hex it left; the attackers may not
 * attack again this phase. */
static void
test_ex5 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint to;

  fb_unit (scn, 1, "cavalry", 2, 6, "0505");
  fb_attr_bool (scn, 0, "dot", TRUE);
  fb_unit (scn, 0, "cavalry", 4, 5, "0504");
  fb_unit (scn, 1, "infantry", 2, 4, "0502");    /* near, to be attacked later */
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  /* 11.31: the defender's choice comes after the odds, before the roll. */
  g_assert_cmpint (s->step, ==, FB_ST_DEFEND);
  g_assert_cmpint (s->base.deciding_side, ==, 1);
  g_assert_true (fb_has (s, FB_A_RBC, 0, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_RBC, 0, -1, -1));
  g_assert_cmpint (s->step, ==, FB_ST_TWO_HEX);
  /* 11.32: the hexes offered are a retreat before combat, cited so, not
   * the fall-back from a brush aside (11.13). */
  g_assert_false (fb_has (s, FB_A_TWO_HEX, -2, -2));
  {
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

    acies_fb_legal_actions (s, legal);
    g_assert_cmpuint (legal->len, >, 0);
    g_assert_cmpstr (acies_fb_action_specs[g_array_index (legal, AciesAction, 0).type].rule, ==, "FB 11.32");
  }
  to = first_two_hex (s);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RETREAT_TWO, to, -1, -1));
  g_assert_cmpint (acies_fb_distance (s->st, fb_cell (s, "0505"), s->p[0].cell), ==, 2);
  /* 11.33: into the first hex vacated. */
  g_assert_cmpint (s->step, ==, FB_ST_ADVANCE);
  g_assert_true (fb_has (s, FB_A_ADVANCE, 1, fb_cell (s, "0505")));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADVANCE, 1, fb_cell (s, "0505"), -1));
  g_assert_cmpint (s->p[1].cell, ==, fb_cell (s, "0505"));
  /* 11.34 */
  g_assert_false (fb_has (s, FB_A_ATTACK, 1, -2));
}

/* The "must attack" marker the state gives piece @i. */
static gboolean
must_attack_shown (const FbState *s,
                   gint           i)
{
  g_autoptr(JsonNode) json = acies_fb_state_to_json (s);
  JsonArray *units = json_object_get_array_member (json_node_get_object (json), "units");
  JsonObject *u = json_array_get_object_element (units, i);

  return json_object_has_member (u, "must attack") && json_object_get_boolean_member (u, "must attack");
}

/* FB 8.12, 11.32 (trial 6a finding 13): a unit that had to attack the
 * skirmisher next to it has nothing left to attack once the skirmisher
 * has retreated before another unit's attack: no "must attack" marker
 * stays, and the phase may end. */
static void
test_must_attack_gone (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(FbState) s = NULL;
  gint to = -1;

  fb_unit (scn, 1, "cavalry", 2, 6, "0505");
  fb_attr_bool (scn, 0, "dot", TRUE);
  fb_unit (scn, 0, "cavalry", 4, 5, "0504");
  fb_unit (scn, 0, "infantry", 4, 4, "0404");    /* next to the skirmisher too */
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (s->p[2].must_attack);
  g_assert_true (acies_fb_obliged_open (s, 2));
  g_assert_true (must_attack_shown (s, 2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_RBC, 0, -1, -1));
  /* A hex two away out of the infantry's reach. */
  acies_fb_legal_actions (s, legal);
  for (guint i = 0; i < legal->len && to < 0; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (a->type == FB_A_RETREAT_TWO && acies_fb_distance (s->st, a->args[0], fb_cell (s, "0404")) > 1)
        to = a->args[0];
    }
  g_assert_cmpint (to, >=, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RETREAT_TWO, to, -1, -1));
  if (s->step == FB_ST_ADVANCE)
    g_assert_true (fb_act (s, dice, NULL, FB_A_NO_ADVANCE, -1, -1, -1));
  g_assert_cmpint (s->step, ==, FB_ST_NONE);
  g_assert_false (acies_fb_obliged_open (s, 2));
  g_assert_false (must_attack_shown (s, 2));
  g_assert_true (fb_has (s, FB_A_END_PHASE, -2, -2));
}

/* FB-EX6, 11.32b, 11.17: the same skirmisher stood once in this player
 * turn's movement phase: it rolls, one off per stand; 1 or 2 eliminated,
 * 3 retreats. */
static void
test_ex6 (void)
{
  static const struct { guint die; gboolean dies; } rows[] = { { 1, TRUE }, { 2, TRUE }, { 3, FALSE } };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
      g_autoptr(FbState) s = NULL;

      fb_unit (scn, 1, "cavalry", 2, 6, "0505");
      fb_attr_bool (scn, 0, "dot", TRUE);
      fb_unit (scn, 0, "cavalry", 4, 5, "0504");
      fb_unit (scn, 0, "infantry", 6, 4, "0703");
      s = fb_state (scn, NULL);
      fb_move (s, dice, 2, "0604", FALSE);
      g_assert_true (fb_act (s, dice, NULL, FB_A_BRUSH, 2, 0, -1));
      g_assert_true (fb_act (s, dice, NULL, FB_A_STAND, 1, -1, -1));
      g_assert_cmpint (s->p[0].stands, ==, 1);
      fb_goto (s, dice, FB_PH_COMBAT, 0);
      g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
      g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_ATTACKER, 2, -1, -1));
      g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
      acies_dice_push (dice, rows[i].die);
      g_assert_true (fb_act (s, dice, events, FB_A_RBC, 0, -1, -1));
      g_assert_true (fb_events_say (events, "for standing"));
      if (rows[i].dies)
        {
          g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
          /* The attacker may advance into the emptied hex. */
          g_assert_true (fb_has (s, FB_A_ADVANCE, -2, fb_cell (s, "0505")));
        }
      else
        g_assert_cmpint (s->step, ==, FB_ST_TWO_HEX);
    }
}

/* FB-T24, 11.3, 12.1: an elephant's doubled charging MA does not count: a
 * skirmisher of MA 5 is faster than the charging elephant (MA 4) and falls
 * back without a roll; the charging elephant must advance (9.7). */
static void
test_t24 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint to;

  fb_unit (scn, 1, "infantry", 2, 5, "0505");
  fb_attr_bool (scn, 0, "dot", TRUE);
  fb_unit (scn, 0, "elephant", 4, 4, "0501");
  s = fb_state (scn, NULL);
  g_assert_cmpint (acies_fb_ma (s, 1, TRUE), ==, 8);
  fb_move (s, dice, 1, "0504", TRUE);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_RBC, 0, -1, -1));      /* no die */
  to = first_two_hex (s);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RETREAT_TWO, to, -1, -1));
  g_assert_cmpint (s->c.forced_adv, ==, 1);
  g_assert_false (fb_has (s, FB_A_NO_ADVANCE, -2, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADVANCE, 1, fb_cell (s, "0505"), -1));
}

/* FB-T25, 11.32: MA 5 against attackers of MA 5 and 4 is not faster than
 * all: it rolls; 1 eliminated, 4 falls back two hexes. */
static void
test_t25 (void)
{
  for (guint die = 1; die <= 4; die += 3)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;

      fb_unit (scn, 1, "infantry", 2, 5, "0505");
      fb_attr_bool (scn, 0, "dot", TRUE);
      fb_unit (scn, 0, "infantry", 4, 5, "0504");
      fb_unit (scn, 0, "infantry", 4, 4, "0604");
      s = fb_state (scn, NULL);
      fb_goto (s, dice, FB_PH_COMBAT, 0);
      g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
      g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_ATTACKER, 2, -1, -1));
      g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
      g_assert_true (acies_fb_rbc_eligible (s, &s->c, 0));
      acies_dice_push (dice, die);
      g_assert_true (fb_act (s, dice, NULL, FB_A_RBC, 0, -1, -1));
      if (die == 1)
        g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
      else
        g_assert_cmpint (s->step, ==, FB_ST_TWO_HEX);
    }
}

/* FB 11.3: a skirmisher slower than one attacker may not retreat before
 * combat. */
static void
test_slower (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 2, 4, "0505");
  fb_attr_bool (scn, 0, "dot", TRUE);
  fb_unit (scn, 0, "cavalry", 4, 6, "0504");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  g_assert_false (acies_fb_rbc_eligible (s, &s->c, 0));
  acies_dice_push (dice, 4);
  /* No defender choice: the resolve rolls at once. */
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_true (s->c.rolled || !s->c.active);
}

/* FB-T26, 11.36: a disrupted skirmisher is not offered the retreat. */
static void
test_t26 (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 2, 6, "0505");
  fb_attr_bool (scn, 0, "dot", TRUE);
  fb_unit (scn, 0, "infantry", 4, 4, "0504");
  fb_unit (scn, 0, "archer", 2, 4, "0507");
  for (gint d = 1; d <= 6; d++)
    {
      char col[2] = { (char) ('0' + d), 0 };

      fb_table_cell (scn, "mft", "bow 2", col, "D");
    }
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_MISSILE, 0);
  acies_dice_push (dice, 3);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 2, 0, -1));
  g_assert_true (s->p[0].disrupted);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  g_assert_false (acies_fb_rbc_eligible (s, &s->c, 0));
  acies_dice_push (dice, 4);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_false (fb_has (s, FB_A_RBC, -2, -2));
}

/* FB 11.35: no retreat before combat when no two-hex retreat exists. */
static void
test_no_room (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint cells[36], n;

  fb_unit (scn, 1, "infantry", 2, 6, "0101");
  fb_attr_bool (scn, 0, "dot", TRUE);
  fb_unit (scn, 0, "infantry", 4, 4, "0102");
  fb_unit (scn, 0, "infantry", 4, 4, "0201");
  s = fb_state (scn, NULL);
  g_assert_false (acies_fb_two_hex_targets (s, 0, cells, &n));
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  g_assert_false (acies_fb_rbc_eligible (s, &s->c, 0));
}

/* FB 13.6, 8.21-note: a lone leader attacked withdraws two hexes before
 * combat without a roll, and the attacker may advance; a lone leader never
 * attacks. */
static void
test_lone_leader_attacked (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint l;

  fb_unit (scn, 0, "infantry", 4, 4, "0504");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_leader (scn, 1, "leader", 2, 9, "0505");
  fb_leader (scn, 0, "leader", 2, 9, "0808");     /* next to the enemy unit */
  s = fb_state (scn, NULL);
  l = fb_lpiece (s, 0);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_false (fb_has (s, FB_A_ATTACK, fb_lpiece (s, 1), -2));
  g_assert_true (fb_has (s, FB_A_ATTACK, 0, l));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, l, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  if (s->step == FB_ST_TWO_HEX)
    g_assert_true (fb_act (s, dice, NULL, FB_A_RETREAT_TWO, first_two_hex (s), -1, -1));
  g_assert_cmpint (s->p[l].where, ==, FB_AT_MAP);
  g_assert_cmpint (acies_fb_distance (s->st, fb_cell (s, "0505"), s->p[l].cell), ==, 2);
  g_assert_true (fb_has (s, FB_A_ADVANCE, 0, fb_cell (s, "0505")));
}

/* FB 13.8, 13.0, 11.2: a leader leaves an enemy ZOC by disengaging, when
 * its MA is at least that of every adjacent enemy; 6.3: leaders exert no
 * ZOC. */
static void
test_leader_disengages (void)
{
  for (gint fast = 0; fast < 2; fast++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(FbState) s = NULL;
      gint l;

      fb_unit (scn, 1, "cavalry", 4, fast ? 12 : 6, "0504");
      fb_leader (scn, 0, "leader", 2, 9, "0505");
      s = fb_state (scn, NULL);
      l = fb_lpiece (s, 0);
      g_assert_true (acies_fb_in_enemy_zoc (s, 0, fb_cell (s, "0505")));
      g_assert_cmpint (fb_has (s, FB_A_MOVE, l, fb_cell (s, "0507")), ==, !fast);
      g_assert_false (acies_fb_in_enemy_zoc (s, 1, fb_cell (s, "0504")));    /* 6.3 */
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/11.32/ex5-faster-skirmisher-falls-back", test_ex5);
  g_test_add_func ("/acies/four-battles/8.12/must-attack-marker-after-retreat-before-combat", test_must_attack_gone);
  g_test_add_func ("/acies/four-battles/11.32b/ex6-one-off-per-stand", test_ex6);
  g_test_add_func ("/acies/four-battles/12.1/t24-charging-elephant-ma-ignored", test_t24);
  g_test_add_func ("/acies/four-battles/11.3/t25-not-faster-rolls", test_t25);
  g_test_add_func ("/acies/four-battles/11.3/slower-may-not", test_slower);
  g_test_add_func ("/acies/four-battles/11.36/t26-disrupted-may-not", test_t26);
  g_test_add_func ("/acies/four-battles/11.35/no-two-hex-retreat", test_no_room);
  g_test_add_func ("/acies/four-battles/13.6/lone-leader-withdraws", test_lone_leader_attacked);
  g_test_add_func ("/acies/four-battles/13.8/leader-leaves-a-zoc", test_leader_disengages);
  return g_test_run ();
}
