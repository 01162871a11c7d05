/* test-cca-example.c
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
 * The book's Close Combat Example (checklist 4.1, EX-A..E, CC-EX-*),
 * step by step with forced dice and forced draws.  The Romans (south)
 * play the card the example calls "Inspired Command", which orders five
 * units: the Inspired Centre Leadership (ruling E10: a commander's hex and
 * four linked hexes).  Their units, side by side in row 8 with the
 * commander on the warriors, move up to the Carthaginians in row 5; the
 * defenders that could evade stand, as in the example.
 *
 *   Romans, row 8:        D8 auxilia, E8 warriors + commander,
 *                         F8 elephant, G8 light cavalry, H8 heavy chariot
 *   Carthaginians, row 5: E5 heavy cavalry, F5 heavy infantry,
 *                         G5 heavy infantry, H5 archers, I5 heavy chariot
 */

typedef struct
{
  AciesCcaState *s;
  AciesDice     *dice;
  GPtrArray     *events;
  gint aux, war, el, lc, hch;     /* Romans */
  gint hc, hi1, hi2, ar, chc;     /* Carthaginians */
} Example;

static void
example_setup (Example *x)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  static const gint romans[] = { ACIES_CCA_CARD_INSPIRED_CENTRE, ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_TWO_RIGHT,
                                 ACIES_CCA_CARD_THREE_LEFT, ACIES_CCA_CARD_THREE_RIGHT, -1 };
  static const gint carthage[] = { -1 };

  cca_scn_unit (scn, 1, "auxilia", "D8", 0);
  cca_scn_unit (scn, 1, "warrior", "E8", 0);
  cca_scn_unit (scn, 1, "elephant", "F8", 0);
  cca_scn_unit (scn, 1, "light-cavalry", "G8", 0);
  cca_scn_unit (scn, 1, "heavy-chariot", "H8", 0);
  cca_scn_leader (scn, 1, "roman-commander", "E8");
  cca_scn_unit (scn, 0, "heavy-cavalry", "E5", 0);
  cca_scn_unit (scn, 0, "heavy-infantry", "F5", 0);
  cca_scn_unit (scn, 0, "heavy-infantry", "G5", 0);
  cca_scn_unit (scn, 0, "archer", "H5", 0);
  cca_scn_unit (scn, 0, "heavy-chariot", "I5", 0);
  x->s = cca_state_new (scn, NULL);
  x->dice = acies_dice_new_scripted ();
  x->events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  cca_deal (x->s, carthage, romans);
  x->aux = cca_unit (x->s, "auxilia-D8");
  x->war = cca_unit (x->s, "warrior-E8");
  x->el = cca_unit (x->s, "elephant-F8");
  x->lc = cca_unit (x->s, "light-cavalry-G8");
  x->hch = cca_unit (x->s, "heavy-chariot-H8");
  x->hc = cca_unit (x->s, "heavy-cavalry-E5");
  x->hi1 = cca_unit (x->s, "heavy-infantry-F5");
  x->hi2 = cca_unit (x->s, "heavy-infantry-G5");
  x->ar = cca_unit (x->s, "archer-H5");
  x->chc = cca_unit (x->s, "heavy-chariot-I5");
}

static void
example_clear (Example *x)
{
  cca_state_free (x->s);
  acies_dice_free (x->dice);
  g_ptr_array_unref (x->events);
}

#define ACT(x, type, a0, a1, a2) g_assert_true (cca_act ((x)->s, (x)->dice, (x)->events, (type), (a0), (a1), (a2)))
#define CELL(x, label) cca_cell ((x)->s, (label))

/* The card, the five orders and the moves (the light cavalry first, as
 * the example's routes require). */
static void
example_orders_and_moves (Example *x)
{
  gint commander = (gint) x->s->st->n_units + cca_leader (x->s, "roman-commander");

  /* The hands were dealt from the seed's draws: the Romans hold the card. */
  g_assert_true (acies_cca_hand_has (x->s, 1, ACIES_CCA_CARD_INSPIRED_CENTRE));
  g_assert_cmpint (x->s->step, ==, ACIES_CCA_STEP_CARD);
  g_assert_cmpint (x->s->base.deciding_side, ==, 1);
  ACT (x, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_INSPIRED_CENTRE, -1, -1);
  /* EP-1.10: the commander first (his warriors with him). */
  ACT (x, ACIES_CCA_A_ORDER, commander, -1, -1);
  g_assert_cmpint (x->s->units[x->war].ordered, ==, 1);
  /* Four more in linked hexes: the auxilia and the elephant next to the
   * warriors, then the light cavalry and the chariot along the line. */
  g_assert_false (cca_legal (x->s, ACIES_CCA_A_ORDER, x->lc, -2));
  ACT (x, ACIES_CCA_A_ORDER, x->aux, -1, -1);
  ACT (x, ACIES_CCA_A_ORDER, x->el, -1, -1);
  ACT (x, ACIES_CCA_A_ORDER, x->lc, -1, -1);
  ACT (x, ACIES_CCA_A_ORDER, x->hch, -1, -1);
  /* Five units: the card is spent; the movement begins. */
  g_assert_cmpint (x->s->step, ==, ACIES_CCA_STEP_MOVE);

  ACT (x, ACIES_CCA_A_MOVE, x->lc, CELL (x, "H6"), -1);
  ACT (x, ACIES_CCA_A_MOVE, x->hch, CELL (x, "I6"), -1);
  ACT (x, ACIES_CCA_A_MOVE, x->el, CELL (x, "G6"), -1);
  /* Ref 1.2: warriors move two hexes only to close-combat. */
  ACT (x, ACIES_CCA_A_MOVE, x->war, CELL (x, "E6"), -1);
  ACT (x, ACIES_CCA_A_MOVE, x->aux, CELL (x, "D6"), -1);
  g_assert_cmpint (x->s->units[x->war].cell, ==, CELL (x, "E6"));
  g_assert_cmpint (x->s->leaders[cca_leader (x->s, "roman-commander")].cell, ==, CELL (x, "E6"));
  /* S5.2: the player ends the movement; then the battles. */
  g_assert_cmpint (x->s->step, ==, ACIES_CCA_STEP_MOVE);
  ACT (x, ACIES_CCA_A_MOVE_DONE, -1, -1, -1);
  g_assert_cmpint (x->s->step, ==, ACIES_CCA_STEP_BATTLE);
}

/* EX-A, CC-EX-A: the auxilia moved two hexes: no close combat, no fire. */
static void
test_a_auxilia (void)
{
  Example x;

  example_setup (&x);
  example_orders_and_moves (&x);
  g_assert_false (acies_cca_can_battle (x.s, x.aux, FALSE));
  g_assert_false (acies_cca_can_battle (x.s, x.aux, TRUE));
  g_assert_false (cca_legal (x.s, ACIES_CCA_A_CLOSE_COMBAT, x.aux, -2));
  g_assert_false (cca_legal (x.s, ACIES_CCA_A_FIRE, x.aux, -2));
  example_clear (&x);
}

/* EX-B, CC-EX-B1, CC-EX-B2: the warriors (full strength, commander) must
 * fight the heavy cavalry or the heavy infantry; 4 dice hitting on the
 * red square, swords and helmet: S, X, -, - is two hits, no flag; the
 * cavalry, one block left and not retreated, battles back with 4 dice
 * hitting on the blue triangle and swords: T, X, F, -: two blocks and a
 * flag, which the warriors may ignore with their commander. */
static void
test_b_warriors (void)
{
  Example x;
  AciesCcaDice d;

  example_setup (&x);
  example_orders_and_moves (&x);
  g_assert_true (x.s->units[x.war].flags & ACIES_CCA_UF_MUST_CC);
  g_assert_true (cca_legal (x.s, ACIES_CCA_A_CLOSE_COMBAT, x.war, x.hc));
  g_assert_true (cca_legal (x.s, ACIES_CCA_A_CLOSE_COMBAT, x.war, x.hi1));
  g_assert_false (cca_legal (x.s, ACIES_CCA_A_FIRE, x.war, -2));
  acies_cca_battle_dice (x.s, x.war, x.hc, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 4);
  g_assert_true (d.helmets);
  g_assert_true (d.swords);
  g_assert_cmpint (d.target_class, ==, ACIES_CCA_HEAVY);

  ACT (&x, ACIES_CCA_A_CLOSE_COMBAT, x.war, x.hc, -1);
  /* The heavy cavalry could evade foot: it stands. */
  g_assert_cmpint (x.s->step, ==, ACIES_CCA_STEP_REACT);
  g_assert_cmpint (x.s->base.deciding_side, ==, 0);
  cca_push (x.dice, "SX--");
  /* Battle back: 4 dice. */
  cca_push (x.dice, "TXFC");
  ACT (&x, ACIES_CCA_A_STAND, -1, -1, -1);
  g_assert_cmpint (x.s->units[x.hc].blocks, ==, 1);
  g_assert_cmpint (x.s->units[x.war].blocks, ==, 2);
  /* The flag: the commander lets the warriors ignore it (no longer at full
   * strength, they have no second). */
  g_assert_cmpint (x.s->step, ==, ACIES_CCA_STEP_FLAGS);
  g_assert_cmpint (x.s->base.deciding_side, ==, 1);
  g_assert_cmpint (x.s->retreat.ignorable, ==, 1);
  /* Then the commander's check: two dice, no helmet pair. */
  cca_push (x.dice, "CT");
  ACT (&x, ACIES_CCA_A_IGNORE_FLAGS, 1, -1, -1);
  g_assert_cmpint (x.s->units[x.war].cell, ==, CELL (&x, "E6"));
  g_assert_cmpint (x.s->leaders[cca_leader (x.s, "roman-commander")].status, ==, ACIES_CCA_ON);
  g_assert_cmpint (x.s->step, ==, ACIES_CCA_STEP_BATTLE);
  example_clear (&x);
}

/* EX-C, CC-EX-C1, CC-EX-C2: the elephant may attack the heavy infantry
 * with 5 dice or the archers with 2; against the infantry: S, X, X, F, -:
 * the two swords are rolled again (-, -): 3 hits; the flag is ignored
 * (two friends next to it); it battles back with 5 dice with one block
 * left, hitting the elephant only with the red square. */
static void
test_c_elephant (void)
{
  Example x;
  AciesCcaDice d;

  example_setup (&x);
  example_orders_and_moves (&x);
  acies_cca_battle_dice (x.s, x.el, x.hi2, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 5);
  g_assert_false (d.helmets);
  acies_cca_battle_dice (x.s, x.el, x.ar, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 2);

  cca_push (x.dice, "SXXF-");
  cca_push (x.dice, "--");
  ACT (&x, ACIES_CCA_A_CLOSE_COMBAT, x.el, x.hi2, -1);
  g_assert_cmpint (x.s->units[x.hi2].blocks, ==, 1);
  g_assert_cmpint (x.s->step, ==, ACIES_CCA_STEP_FLAGS);
  g_assert_cmpint (x.s->base.deciding_side, ==, 0);
  g_assert_cmpint (acies_cca_adjacent_friends (x.s, x.hi2), >=, 2);
  acies_cca_battle_dice (x.s, x.hi2, x.el, ACIES_CCA_BM_CLOSE, TRUE, &d);
  g_assert_cmpint (d.dice, ==, 5);
  g_assert_false (d.swords);
  /* Battle back: S, X, -, -, -: one hit, the sword nothing. */
  cca_push (x.dice, "SX---");
  ACT (&x, ACIES_CCA_A_IGNORE_FLAGS, 1, -1, -1);
  g_assert_cmpint (x.s->units[x.hi2].cell, ==, CELL (&x, "G5"));
  g_assert_cmpint (x.s->units[x.el].blocks, ==, 1);
  example_clear (&x);
}

/* EX-D, CC-EX-D: the light cavalry hits the archers only with the green
 * circle (its swords do not score); the archers, supported, ignore one
 * flag and battle back with 2 dice on the green circle. */
static void
test_d_light_cavalry (void)
{
  Example x;
  AciesCcaDice d;

  example_setup (&x);
  example_orders_and_moves (&x);
  acies_cca_battle_dice (x.s, x.lc, x.ar, ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_false (d.swords);
  g_assert_cmpint (d.target_class, ==, ACIES_CCA_LIGHT);
  ACT (&x, ACIES_CCA_A_CLOSE_COMBAT, x.lc, x.ar, -1);
  /* The archers could evade: they stand. */
  g_assert_cmpint (x.s->step, ==, ACIES_CCA_STEP_REACT);
  cca_push (x.dice, "CF");
  ACT (&x, ACIES_CCA_A_STAND, -1, -1, -1);
  g_assert_cmpint (x.s->units[x.ar].blocks, ==, 3);
  g_assert_cmpint (x.s->step, ==, ACIES_CCA_STEP_FLAGS);
  cca_push (x.dice, "C-");
  ACT (&x, ACIES_CCA_A_IGNORE_FLAGS, 1, -1, -1);
  g_assert_cmpint (x.s->units[x.lc].blocks, ==, 2);
  example_clear (&x);
}

/* EX-E, CC-EX-E: heavy chariot against heavy chariot, 4 dice on the red
 * square and swords: S, X, X, -: 1 + 2 - 1 ignored sword = 2 hits: the
 * defender (2 blocks) is eliminated, a Roman flag. */
static void
test_e_chariots (void)
{
  Example x;

  example_setup (&x);
  example_orders_and_moves (&x);
  g_assert_cmpint (acies_cca_ignorable_flags (x.s, x.chc, x.hch, ACIES_CCA_BM_CLOSE), ==, 0);
  cca_push (x.dice, "SXX-");
  ACT (&x, ACIES_CCA_A_CLOSE_COMBAT, x.hch, x.chc, -1);
  g_assert_cmpint (x.s->units[x.chc].status, ==, ACIES_CCA_ELIMINATED);
  g_assert_cmpint (acies_cca_total_flags (x.s, 1), ==, 1);
  example_clear (&x);
}

/* The whole example in the book's order, A to E, then the end of the
 * turn with its draw: the log tells it in players' words (E10: the
 * "Inspired Command" is the Inspired Centre Leadership; EP-3: each combat
 * is resolved before the next). */
static void
test_whole_turn (void)
{
  Example x;
  guint battles = 0;

  example_setup (&x);
  example_orders_and_moves (&x);
  ACT (&x, ACIES_CCA_A_CLOSE_COMBAT, x.war, x.hc, -1);
  cca_push (x.dice, "SX--TXFC");
  ACT (&x, ACIES_CCA_A_STAND, -1, -1, -1);
  cca_push (x.dice, "CT");
  ACT (&x, ACIES_CCA_A_IGNORE_FLAGS, 1, -1, -1);
  cca_push (x.dice, "SXXF---SX---");
  ACT (&x, ACIES_CCA_A_CLOSE_COMBAT, x.el, x.hi2, -1);
  ACT (&x, ACIES_CCA_A_IGNORE_FLAGS, 1, -1, -1);
  ACT (&x, ACIES_CCA_A_CLOSE_COMBAT, x.lc, x.ar, -1);
  cca_push (x.dice, "CFC-");
  ACT (&x, ACIES_CCA_A_STAND, -1, -1, -1);
  ACT (&x, ACIES_CCA_A_IGNORE_FLAGS, 1, -1, -1);
  cca_push (x.dice, "SXX-");
  ACT (&x, ACIES_CCA_A_CLOSE_COMBAT, x.hch, x.chc, -1);
  /* The chariot may advance into the hex (provisional momentum): it stays.
   * The turn ends; the Romans draw (forced: Line Command). */
  g_assert_cmpint (x.s->step, ==, ACIES_CCA_STEP_ADVANCE);
  cca_push_draw (x.dice, x.s, ACIES_CCA_CARD_LINE_COMMAND);
  ACT (&x, ACIES_CCA_A_NO_ADVANCE, -1, -1, -1);
  g_assert_cmpint (x.s->base.active_side, ==, 0);
  g_assert_true (acies_cca_hand_has (x.s, 1, ACIES_CCA_CARD_LINE_COMMAND));
  g_assert_cmpuint (acies_dice_pending (x.dice), ==, 0);
  for (guint i = 0; i < x.events->len; i++)
    {
      AciesEvent *e = g_ptr_array_index (x.events, i);

      if (g_strcmp0 (e->type, "battle") == 0)
        battles++;
      g_test_message ("%s", e->text);
    }
  /* Four attacks and three battles back. */
  g_assert_cmpuint (battles, ==, 7);
  example_clear (&x);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/cca/CC-EX-A/auxilia-moved-two", test_a_auxilia);
  g_test_add_func ("/acies/cca/CC-EX-B1/warriors-and-battle-back", test_b_warriors);
  g_test_add_func ("/acies/cca/CC-EX-C1/elephant-reroll-support", test_c_elephant);
  g_test_add_func ("/acies/cca/CC-EX-D/light-cavalry-archers", test_d_light_cavalry);
  g_test_add_func ("/acies/cca/CC-EX-E/chariots", test_e_chariots);
  g_test_add_func ("/acies/cca/EX-A..E/whole-turn", test_whole_turn);
  return g_test_run ();
}
