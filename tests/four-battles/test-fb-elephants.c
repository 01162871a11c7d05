/* test-fb-elephants.c
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
 * Four Battles elephants (12.0-12.9): no charge against them, no
 * displacement, berserk on a retreat result, the berserk procedure with
 * its direction, attack and end rolls (FB-T27, FB-T28), and a second
 * elephant going berserk (12.8).
 *
 * Map: 10 × 10 clear; 0505's neighbours are 0504 (N), 0604 (NE), 0605
 * (SE), 0506 (S), 0405 (SW), 0404 (NW).  Side B's friendly edge is set to
 * the north, so the direction die's 1 points north (12.7a).
 */

static AciesScenario *
elephant_scn (void)
{
  AciesScenario *scn = fb_scn_new (10, 10);

  ((AciesSide *) g_ptr_array_index (scn->sides, 1))->home_edge = ACIES_MAP_EDGE_NORTH;
  return scn;
}

/* Whether a move of @piece to @cell with charge flag @charge is legal. */
static gboolean
has_move (const FbState *s,
          gint           piece,
          gint           cell,
          gboolean       charge)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_fb_legal_actions (s, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (a->type == FB_A_MOVE && a->args[0] == piece && a->args[1] == cell && (a->args[2] == 1) == charge)
        return TRUE;
    }
  return FALSE;
}

/* FB 12.3, 12.2, 9.0-proc: cavalry may not charge elephants: a charging
 * cavalry unit that attacks an elephant gets no doubling, and is halved;
 * against infantry the same charge doubles. */
static void
test_no_charge_on_elephants (void)
{
  g_autoptr(AciesScenario) scn = elephant_scn ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 0, "cavalry", 4, 6, "0501");
  fb_unit (scn, 1, "elephant", 4, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0604");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  g_assert_true (has_move (s, 0, fb_cell (s, "0504"), TRUE));
  fb_move (s, dice, 0, "0504", TRUE);
  g_assert_true (s->p[0].charging);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 2 * 4);
  g_assert_true (fb_act (s, dice, NULL, FB_A_CANCEL, -1, -1, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 2, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, 8 * 4);
}

/* FB 12.6a: a retreat result sends an elephant berserk instead; FB-T27,
 * 12.7a-c: direction 1 points at its friendly edge, where a friendly
 * infantry unit stands: the elephant attacks it, 3 is an exchange, both
 * die and their side loses both for morale (15.1). */
static void
test_t27 (void)
{
  g_autoptr(AciesScenario) scn = elephant_scn ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "elephant", 4, 4, "0505");
  fb_unit (scn, 1, "infantry", 3, 4, "0504");
  fb_unit (scn, 0, "infantry", 8, 4, "0506");
  fb_crt_all (scn, "DR");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 0, -1));
  fb_push (dice, "4", "1", "3", NULL);          /* melee, direction, berserk attack */
  g_assert_true (fb_act (s, dice, events, FB_A_RESOLVE, -1, -1, -1));
  g_assert_true (fb_events_say (events, "goes berserk"));
  g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
  g_assert_cmpint (s->p[1].where, ==, FB_AT_ELIMINATED);
  g_assert_false (s->p[0].amok);
  g_assert_cmpint (s->lost_h[1], ==, 2 * (4 + 3));
  g_assert_cmpint (s->elim_h[0], ==, 2 * (4 + 3));
  /* The attacker may take the emptied hex. */
  g_assert_true (fb_has (s, FB_A_ADVANCE, 2, fb_cell (s, "0505")));
}

/* FB-T28, 12.7d-e: two empty hexes, then 5: it runs amok and dies, the
 * opponent earning half a VP per SP (ruling C7); 2: it calms down where it
 * is. */
static void
test_t28 (void)
{
  for (gint calm = 0; calm < 2; calm++)
    {
      g_autoptr(AciesScenario) scn = elephant_scn ();
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;

      fb_unit (scn, 1, "elephant", 4, 4, "0505");
      fb_unit (scn, 0, "infantry", 8, 4, "0506");
      fb_crt_all (scn, "DR");
      s = fb_state (scn, NULL);
      fb_goto (s, dice, FB_PH_COMBAT, 0);
      g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
      /* Direction 2: one hexside clockwise of north (NE), then 5: four
       * clockwise (SW): 0604, then back to 0505 (empty now). */
      acies_dice_push (dice, 4);
      acies_dice_push (dice, 2);
      acies_dice_push (dice, 5);
      acies_dice_push (dice, calm ? 2 : 5);
      g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
      if (calm)
        {
          g_assert_cmpint (s->p[0].where, ==, FB_AT_MAP);
          g_assert_cmpint (s->p[0].cell, ==, fb_cell (s, "0505"));
          g_assert_cmpint (s->elim_h[0], ==, 0);
        }
      else
        {
          g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
          g_assert_true (s->p[0].amok);
          g_assert_cmpint (s->elim_h[0], ==, 4);          /* 2 VP, in half VP */
        }
    }
}

/* FB 12.8: an elephant the berserk elephant attacks and spares may go
 * berserk in turn, once the first is done; 12.9: in either player turn. */
static void
test_second_berserk (void)
{
  g_autoptr(AciesScenario) scn = elephant_scn ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "elephant", 4, 4, "0505");
  fb_unit (scn, 1, "elephant", 4, 4, "0504");
  fb_unit (scn, 0, "infantry", 8, 4, "0506");
  fb_crt_all (scn, "DR");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 0, -1));
  /* Melee 4 (DR); the first goes north into the second: 5 (AL), the first
   * dies, the second goes berserk: north (1) to 0503, north (1) to 0502,
   * then 1: calm. */
  fb_push (dice, "4", "1", "5", "1", "1", "1", NULL);
  g_assert_true (fb_act (s, dice, events, FB_A_RESOLVE, -1, -1, -1));
  g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
  g_assert_cmpint (s->p[1].cell, ==, fb_cell (s, "0502"));
  g_assert_cmpint (s->n_berserk, ==, 0);
}

/* FB 12.5: an elephant is never displaced (nor displaces). */
static void
test_no_displacement (void)
{
  for (gint elephant = 0; elephant < 2; elephant++)
    {
      g_autoptr(AciesScenario) scn = elephant_scn ();
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(FbState) s = NULL;

      /* B's infantry at 0505 must fall back; the only hex out of A's ZOC
       * (0504) holds a friend. */
      fb_unit (scn, 1, "infantry", 2, 4, "0505");
      fb_unit (scn, 1, elephant ? "elephant" : "infantry", 4, 4, "0504");
      fb_unit (scn, 0, "infantry", 8, 4, "0506");
      fb_unit (scn, 0, "infantry", 4, 4, "0304");    /* covers 0404 */
      fb_unit (scn, 0, "infantry", 4, 4, "0704");    /* covers 0604 */
      fb_crt_all (scn, "DR");
      s = fb_state (scn, NULL);
      fb_goto (s, dice, FB_PH_COMBAT, 0);
      g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 0, -1));
      acies_dice_push (dice, 4);
      g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
      while (s->step == FB_ST_RETREAT)
        {
          g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
          const AciesAction *a;

          acies_fb_legal_actions (s, legal);
          a = &g_array_index (legal, AciesAction, 0);
          g_assert_true (fb_act (s, dice, NULL, a->type, a->args[0], a->args[1], a->args[2]));
        }
      if (elephant)
        {
          /* Not displacing the elephant: eliminated. */
          g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
          g_assert_cmpint (s->p[1].cell, ==, fb_cell (s, "0504"));
        }
      else
        {
          /* 8.82: the infantry is pushed out and the retreater takes its place. */
          g_assert_cmpint (s->p[0].cell, ==, fb_cell (s, "0504"));
          g_assert_cmpint (s->p[1].cell, !=, fb_cell (s, "0504"));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/12.3/no-charge-on-elephants", test_no_charge_on_elephants);
  g_test_add_func ("/acies/four-battles/12.6/t27-berserk-attacks-a-friend", test_t27);
  g_test_add_func ("/acies/four-battles/12.7e/t28-amok-or-calm", test_t28);
  g_test_add_func ("/acies/four-battles/12.8/second-elephant-berserk", test_second_berserk);
  g_test_add_func ("/acies/four-battles/12.5/never-displaced", test_no_displacement);
  return g_test_run ();
}
