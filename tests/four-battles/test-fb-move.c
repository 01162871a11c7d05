/* test-fb-move.c
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
 * Four Battles movement (FB 5.0), zones of control (6.0), brush aside
 * and disengagement (11.1, 11.2), lone leaders (13.1), the consent to
 * change a move (5.19), exits and arrivals (5.26, 10.0).
 *
 * Map: 10 × 10 clear unless a test says otherwise; 0505's neighbours are
 * 0504 (N), 0604 (NE), 0605 (SE), 0506 (S), 0405 (SW), 0404 (NW).
 */

static gint
path_cost (FbState    *s,
           gint        piece,
           const char *to)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (gint));
  gint cost = -1;

  if (!acies_fb_move_path (s, piece, fb_cell (s, to), FALSE, cells, &cost))
    return -1;
  return cost;
}

/* FB 5.2-intro, 5.21, 5.23, 5.24, 5.25, 5.17, 2.3-MA, FB-EX4: the TEC's
 * costs, spent MP never beyond the MA: clear 1 MP, a river hex 3, a stream hexside
 * +1 (stream into woods is 4), a ridge hexside +2. */
static void
test_costs (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 14);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 6, "0505");
  fb_unit (scn, 0, "infantry", 4, 6, "0202");
  fb_terrain (scn, "0504", "woods");
  fb_edge (scn, "0505", "0504", "stream");
  fb_terrain (scn, "0506", "river");
  fb_edge (scn, "0505", "0405", "ridge");
  s = fb_state (scn, NULL);
  g_assert_cmpint (path_cost (s, 0, "0604"), ==, 1);           /* 5.21 */
  g_assert_cmpint (path_cost (s, 0, "0504"), ==, 4);           /* 5.24, FB-EX4 */
  g_assert_cmpint (path_cost (s, 0, "0506"), ==, 3);           /* 5.23 */
  /* 5.25: 1 + 2 across the ridge (the cheapest path goes round it). */
  g_assert_cmpint (acies_fb_enter_cost (s, 0, fb_cell (s, "0505"), 4), ==, 3);
  g_assert_cmpint (path_cost (s, 0, "0405"), ==, 2);
  /* 5.23: nothing more to leave a river hex. */
  g_assert_cmpint (acies_fb_enter_cost (s, 0, fb_cell (s, "0506"), 3), ==, 1);
  /* 5.17: no further than the MA. */
  g_assert_cmpint (path_cost (s, 1, "0208"), ==, 6);
  g_assert_cmpint (path_cost (s, 1, "0209"), ==, -1);
}

/* FB 5.22, TEU 6.1: trail to trail through a trail hexside is one MP
 * whatever the ground; an obstacle keeps its cost. */
static void
test_trail (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0505");
  fb_terrain (scn, "0504", "woods");
  fb_terrain (scn, "0503", "woods");
  fb_edge (scn, "0505", "0504", "trail");
  fb_edge (scn, "0504", "0503", "trail");
  fb_edge (scn, "0504", "0503", "obstacle");
  s = fb_state (scn, NULL);
  g_assert_cmpint (path_cost (s, 0, "0504"), ==, 1);
  g_assert_cmpint (path_cost (s, 0, "0503"), ==, 1 + 1 + s->st->hs_add[5]);
}

/* FB 5.14, 6.0, 6.4, 6.5, 5.15, 5.34: no entering an enemy; entering an enemy
 * ZOC ends the move at no extra cost; a unit that starts in an enemy ZOC
 * may not leave it by moving; FB-T40. */
static void
test_zoc (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 4, 4, "0502");
  fb_unit (scn, 0, "infantry", 4, 4, "0506");   /* starts in the enemy's ZOC */
  s = fb_state (scn, NULL);
  g_assert_false (fb_has (s, FB_A_MOVE, 1, fb_cell (s, "0505")));           /* 5.14 */
  g_assert_cmpint (path_cost (s, 1, "0504"), ==, 2);                         /* 6.4 */
  g_assert_cmpint (path_cost (s, 1, "0604"), ==, 3);       /* round the ZOC, not through 0504 */
  g_assert_false (fb_has (s, FB_A_MOVE, 2, -2));                             /* 5.15 */
  fb_move (s, dice, 1, "0504", FALSE);
  /* Once in an enemy ZOC it goes no further (6.0). */
  g_assert_false (fb_has (s, FB_A_MOVE, 1, -2));
  g_assert_true (acies_fb_check_invariants (s, NULL));
}

/* FB 6.1, 6.2, 6.3, 6.7, 2.3-ZOC, 11.0, 6.5b: every non-dot unit exerts a ZOC always, a dot unit not
 * in a combat phase, a leader never, and none into prohibited terrain. */
static void
test_zoc_who (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint l;

  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 1, "infantry", 2, 5, "0808");
  fb_attr_bool (scn, 1, "dot", TRUE);
  fb_leader (scn, 1, "leader", 1, 9, "0202");
  fb_terrain (scn, "0504", "swamp");
  fb_unit (scn, 0, "infantry", 4, 4, "0902");
  s = fb_state (scn, NULL);
  l = fb_lpiece (s, 0);
  g_assert_true (acies_fb_in_enemy_zoc (s, 0, fb_cell (s, "0506")));
  g_assert_false (acies_fb_in_enemy_zoc (s, 0, fb_cell (s, "0504")));       /* 6.7 */
  g_assert_true (acies_fb_in_enemy_zoc (s, 0, fb_cell (s, "0807")));        /* a dot in movement */
  g_assert_false (acies_fb_in_enemy_zoc (s, 0, fb_cell (s, "0203")));       /* 6.3 */
  g_assert_false (acies_fb_exerts_zoc (s, l));
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_false (acies_fb_in_enemy_zoc (s, 0, fb_cell (s, "0807")));       /* 6.2 */
  g_assert_true (acies_fb_in_enemy_zoc (s, 0, fb_cell (s, "0506")));        /* 6.1 */
}

/* FB 5.31, 5.32, 5.33: through friends freely; ending on a friend only if
 * that friend moves away next (the stacking ruling), so the phase ends
 * with one unit a hex. */
static void
test_stacking (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 4, 4, "0504");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  s = fb_state (scn, NULL);
  g_assert_cmpint (path_cost (s, 0, "0503"), ==, 2);                         /* 5.31 */
  g_assert_true (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0504")));
  fb_move (s, dice, 0, "0504", FALSE);
  g_assert_cmpint (s->must_move, ==, 1);
  g_assert_false (fb_has (s, FB_A_END_PHASE, -2, -2));                      /* 5.32 */
  g_assert_false (fb_has (s, FB_A_MOVE, 0, -2));
  fb_move (s, dice, 1, "0503", FALSE);
  g_assert_true (fb_has (s, FB_A_END_PHASE, -2, -2));
  {
    g_autoptr(AciesScenario) scn2 = fb_scn_new (10, 10);
    g_autoptr(FbState) s2 = NULL;

    fb_unit (scn2, 0, "infantry", 4, 4, "0505");
    fb_unit (scn2, 0, "infantry", 4, 4, "0504");
    fb_unit (scn2, 1, "infantry", 4, 4, "0909");
    s2 = fb_state (scn2, "{\"stacking_during_move\": \"never\"}");
    g_assert_false (fb_has (s2, FB_A_MOVE, 0, fb_cell (s2, "0504")));
  }
}

/* FB 5.19: once another unit moves, the first may not move on; changing
 * its move needs the opponent's consent, asked once. */
static void
test_consent (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "infantry", 4, 4, "0303");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_unit (scn, 0, "infantry", 4, 4, "0707");
  s = fb_state (scn, NULL);
  fb_move (s, dice, 0, "0504", FALSE);
  g_assert_true (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0503")));            /* may go on */
  fb_move (s, dice, 1, "0302", FALSE);
  g_assert_false (fb_has (s, FB_A_MOVE, 0, -2));
  g_assert_true (fb_has (s, FB_A_CHANGE_MOVE, 0, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_CHANGE_MOVE, 0, -1, -1));
  g_assert_cmpint (s->base.deciding_side, ==, 1);
  g_assert_true (fb_has (s, FB_A_CONSENT, 1, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_CONSENT, 1, -1, -1));
  g_assert_cmpint (s->p[0].cell, ==, fb_cell (s, "0505"));
  g_assert_true (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0503")));
  fb_move (s, dice, 0, "0506", FALSE);
  fb_move (s, dice, 3, "0708", FALSE);
  g_assert_false (fb_has (s, FB_A_CHANGE_MOVE, 0, -2));                     /* asked once */
}

/* FB 11.1, 11.11, 11.12, 11.13, 11.14, 11.15, 11.16, 11.17: brush aside: the skirmisher's owner decides; if it
 * stands the mover stops; if not it falls back two hexes and the mover
 * enters and goes on; one attempt a unit; stands are counted. */
static void
test_brush (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 2, 5, "0505");
  fb_attr_bool (scn, 0, "dot", TRUE);
  fb_unit (scn, 0, "infantry", 6, 4, "0503");
  fb_unit (scn, 0, "infantry", 6, 4, "0707");
  s = fb_state (scn, NULL);
  fb_move (s, dice, 1, "0504", FALSE);
  g_assert_true (fb_has (s, FB_A_BRUSH, 1, 0));
  g_assert_true (fb_act (s, dice, NULL, FB_A_BRUSH, 1, 0, -1));
  g_assert_cmpint (s->base.deciding_side, ==, 1);                           /* 11.12 */
  g_assert_true (fb_act (s, dice, NULL, FB_A_STAND, 1, -1, -1));
  g_assert_cmpint (s->p[0].stands, ==, 1);                                  /* 11.17 */
  g_assert_false (fb_has (s, FB_A_MOVE, 1, -2));                            /* stopped */
  /* 11.16: another unit may try again; this time the skirmisher falls
   * back two hexes and the mover enters its hex (11.13, 11.14). */
  fb_move (s, dice, 2, "0605", FALSE);
  g_assert_true (fb_act (s, dice, NULL, FB_A_BRUSH, 2, 0, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_STAND, 0, -1, -1));
  g_assert_cmpint (s->step, ==, FB_ST_TWO_HEX);
  {
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
    gint to;

    acies_fb_legal_actions (s, legal);
    g_assert_cmpuint (legal->len, >, 0);
    to = g_array_index (legal, AciesAction, 0).args[0];
    g_assert_cmpint (g_array_index (legal, AciesAction, 0).type, ==, FB_A_TWO_HEX);
    g_assert_cmpstr (acies_fb_action_specs[FB_A_TWO_HEX].rule, ==, "FB 11.13");
    g_assert_cmpint (acies_fb_distance (s->st, fb_cell (s, "0505"), to), ==, 2);
    g_assert_true (fb_act (s, dice, NULL, FB_A_TWO_HEX, to, -1, -1));
  }
  g_assert_cmpint (s->p[2].cell, ==, fb_cell (s, "0505"));
  g_assert_false (fb_has (s, FB_A_BRUSH, 2, -2));                           /* 11.15 */
  g_assert_true (acies_fb_check_invariants (s, NULL));
}

/* FB 11.2, 11.21, 11.22: a skirmisher whose MA is at least that of every
 * adjacent enemy may leave the ZOC, the first hex free of enemy ZOC; no
 * charge while disengaging. */
static void
test_disengage (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 4, 4, "0505");
  fb_unit (scn, 0, "cavalry", 2, 6, "0504");
  fb_attr_bool (scn, 1, "dot", TRUE);
  fb_unit (scn, 0, "infantry", 2, 3, "0506");
  fb_attr_bool (scn, 2, "dot", TRUE);
  s = fb_state (scn, NULL);
  g_assert_true (acies_fb_can_disengage (s, 1));
  g_assert_true (fb_has (s, FB_A_MOVE, 1, fb_cell (s, "0503")));
  {
    /* 11.21: not straight into another ZOC hex; round by a free hex. */
    g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (gint));

    g_assert_true (acies_fb_move_path (s, 1, fb_cell (s, "0604"), FALSE, cells, NULL));
    g_assert_cmpuint (cells->len, >, 2);
    g_assert_false (acies_fb_in_enemy_zoc (s, 0, g_array_index (cells, gint, 1)));
  }
  g_assert_false (acies_fb_can_disengage (s, 2));                           /* MA 3 < 4 */
  {
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

    acies_fb_legal_actions (s, legal);
    for (guint i = 0; i < legal->len; i++)
      {
        const AciesAction *a = &g_array_index (legal, AciesAction, i);

        g_assert_false (a->type == FB_A_MOVE && a->args[0] == 1 && a->args[2] == 1);   /* 11.22 */
      }
  }
}

/* FB 13.1, FB-T29: an enemy entering a lone leader's hex: leader 2 + 9 =
 * 11 against 5 + 6 = 11, the leader wins ties and joins the nearest friend;
 * 1 + 9 against 5 + 6 loses: eliminated, 5 VP per additive point. */
static void
test_t29 (void)
{
  for (gint lose = 0; lose < 2; lose++)
    {
      g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;
      gint l;

      fb_unit (scn, 0, "cavalry", 4, 6, "0502");
      fb_unit (scn, 1, "infantry", 4, 4, "0908");
      fb_leader (scn, 1, "leader", 2, 9, "0505");
      s = fb_state (scn, NULL);
      l = fb_lpiece (s, 0);
      g_assert_true (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0505")));
      acies_dice_push (dice, lose ? 1 : 2);
      acies_dice_push (dice, 5);
      fb_move (s, dice, 0, "0505", FALSE);
      if (lose)
        {
          g_assert_cmpint (s->p[l].where, ==, FB_AT_ELIMINATED);
          g_assert_cmpint (s->elim_h[0], ==, 2 * 10);             /* 16.12 */
        }
      else
        {
          g_assert_cmpint (s->p[l].where, ==, FB_AT_MAP);
          g_assert_cmpint (s->p[l].cell, ==, fb_cell (s, "0908"));
          /* The enemy unit may go on moving. */
          g_assert_true (fb_has (s, FB_A_MOVE, 0, -2));
        }
    }
}

/* FB 5.26, 10.0: exits where the scenario allows (1 MP); reinforcements
 * enter on their turn in their area. */
static void
test_exit_enter (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  AciesReinforcement *re;

  fb_unit (scn, 0, "infantry", 4, 4, "0105");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  fb_unit (scn, 0, "infantry", 4, 4, NULL);
  fb_area (scn, "exit-west", "exit", 0, "0105", "0106", NULL);
  fb_area (scn, "entry", "entry", 0, "0101", "0102", NULL);
  re = acies_reinforcement_new ("r", "a", 2);
  re->area = g_strdup ("entry");
  g_ptr_array_add (re->units, g_strdup ("u2"));
  g_ptr_array_add (scn->reinforcements, re);
  s = fb_state (scn, NULL);
  g_assert_cmpint (s->p[2].where, ==, FB_AT_WAITING);
  g_assert_false (fb_has (s, FB_A_ENTER, 2, -2));
  g_assert_true (fb_has (s, FB_A_EXIT, 0, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_EXIT, 0, -1, -1));
  g_assert_cmpint (s->p[0].where, ==, FB_AT_ESCAPED);
  g_assert_cmpint (s->p[0].exit_cell, ==, fb_cell (s, "0105"));
  fb_goto (s, dice, FB_PH_MOVE, 1);
  fb_goto (s, dice, FB_PH_MOVE, 0);
  g_assert_cmpint (s->base.turn, ==, 2);
  g_assert_true (fb_has (s, FB_A_ENTER, 2, fb_cell (s, "0101")));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ENTER, 2, fb_cell (s, "0101"), -1));
  g_assert_cmpint (s->p[2].where, ==, FB_AT_MAP);
  g_assert_true (fb_has (s, FB_A_MOVE, 2, -2));
}

/* FB 5.11, 5.13, 4.0-A: only the phasing player moves. */
static void
test_phasing_only (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0205");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  s = fb_state (scn, NULL);
  g_assert_true (fb_has (s, FB_A_MOVE, 0, -2));
  g_assert_false (fb_has (s, FB_A_MOVE, 1, -2));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/5.24/ex4-costs", test_costs);
  g_test_add_func ("/acies/four-battles/5.22/trail-and-obstacle", test_trail);
  g_test_add_func ("/acies/four-battles/6.0/t40-zoc-stops-and-locks", test_zoc);
  g_test_add_func ("/acies/four-battles/6.2/who-exerts-a-zoc", test_zoc_who);
  g_test_add_func ("/acies/four-battles/5.32/stacking-cleared-by-the-next-move", test_stacking);
  g_test_add_func ("/acies/four-battles/5.19/consent-to-change-a-move", test_consent);
  g_test_add_func ("/acies/four-battles/11.1/brush-aside", test_brush);
  g_test_add_func ("/acies/four-battles/11.2/disengagement", test_disengage);
  g_test_add_func ("/acies/four-battles/13.1/t29-lone-leader-entered", test_t29);
  g_test_add_func ("/acies/four-battles/5.26/exit-and-reinforcement", test_exit_enter);
  g_test_add_func ("/acies/four-battles/5.11/only-the-phasing-player-moves", test_phasing_only);
  return g_test_run ();
}
