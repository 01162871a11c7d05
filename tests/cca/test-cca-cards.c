/* test-cca-cards.c
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
 * The Command cards (S3.6, S5.2, B13, B14, BASE-ORDER, BASE-CARDS; the
 * base deck of reference 1.11), with forced draws and forced dice.  The
 * north side (0) moves first; from its view its left section is the east
 * (columns J-M on the 13-hex board), from the south side's view the west.
 */

/* B13, ref 1.11: the deck is the catalogue's 60 cards; S3.6: each side is
 * dealt its hand from the game's seed; every card is in the pile, a hand
 * or play. */
static void
test_deck (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (7);
  guint total = 0;

  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  cca_scn_side_int (scn, 1, "hand_size", 6);
  s = cca_state_new (scn, NULL);
  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    total += s->deck[i];
  g_assert_cmpuint (total, ==, 60);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_DEAL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_DEAL, -1, -1, -1));
  g_assert_cmpuint (s->hand_len[0], ==, 5);
  g_assert_cmpuint (s->hand_len[1], ==, 6);
  g_assert_cmpuint (acies_cca_deck_size (s), ==, 49);
  g_assert_true (acies_cca_check_invariants (s, NULL));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_CARD);
  g_assert_cmpint (s->base.deciding_side, ==, 0);
}

/* S3.6, DESIGN Visibility: a hand is seen by its owner only: the state
 * view gives the other side its size; the deal's private event names the
 * cards to the owner only. */
static void
test_hidden_hand (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  static const gint north[] = { ACIES_CCA_CARD_LINE_COMMAND, ACIES_CCA_CARD_RALLY, ACIES_CCA_CARD_TWO_LEFT,
                                ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_FIRST_STRIKE, -1 };
  static const gint south[] = { ACIES_CCA_CARD_DOUBLE_TIME, ACIES_CCA_CARD_SPARTACUS, ACIES_CCA_CARD_FOUR_RIGHT,
                                ACIES_CCA_CARD_HEAVY, ACIES_CCA_CARD_MOUNTED_CHARGE, -1 };
  g_autofree char *v0 = NULL, *v1 = NULL, *v2 = NULL;

  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, south);
  v0 = cca_view_text (s, 0);
  v1 = cca_view_text (s, 1);
  v2 = cca_view_text (s, -1);
  g_assert_nonnull (strstr (v0, "line-command"));
  g_assert_nonnull (strstr (v0, "first-strike"));
  g_assert_null (strstr (v0, "double-time"));
  g_assert_null (strstr (v0, "i-am-spartacus"));
  g_assert_nonnull (strstr (v1, "double-time"));
  g_assert_null (strstr (v1, "line-command"));
  g_assert_null (strstr (v1, "first-strike"));
  /* An onlooker sees no hand. */
  g_assert_null (strstr (v2, "line-command"));
  g_assert_null (strstr (v2, "double-time"));
  g_assert_nonnull (strstr (v2, "\"cards_in_hand\":[5,5]"));
}

/* S5.2 (draw), Q23, CC-BR1: a growing hand: 2 at the start, it plays one
 * and draws two a turn until it holds 5, then draws one. */
static void
test_hand_ramp (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (3);
  AciesRuleEntry *ramp;
  guint expected[] = { 3, 4, 5, 5, 5 };

  cca_scn_unit (scn, 0, "medium-infantry", "A1", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "M9", 0);
  ramp = cca_scn_rule (scn, "hand-ramp", 1);
  json_object_set_int_member (ramp->params, "start", 2);
  json_object_set_int_member (ramp->params, "full", 5);
  s = cca_state_new (scn, NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_DEAL, -1, -1, -1));
  g_assert_cmpuint (s->hand_len[1], ==, 2);
  for (guint turn = 0; turn < G_N_ELEMENTS (expected); turn++)
    {
      /* The south plays its first card and does nothing with it. */
      g_assert_cmpint (s->base.active_side, ==, 1);
      g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, s->hand[1][0], -2, -1));
      while (s->base.active_side == 1)
        {
          gint end = s->step == ACIES_CCA_STEP_ORDER ? ACIES_CCA_A_ORDER_DONE
                   : s->step == ACIES_CCA_STEP_MOVE ? ACIES_CCA_A_MOVE_DONE
                   : s->step == ACIES_CCA_STEP_BATTLE ? ACIES_CCA_A_BATTLE_DONE
                   : s->step == ACIES_CCA_STEP_DICE_ORDER ? ACIES_CCA_A_USE_DIE : -1;

          g_assert_cmpint (end, >=, 0);
          g_assert_true (cca_act (s, dice, NULL, end, -1, -1, -1));
        }
      g_assert_cmpuint (s->hand_len[1], ==, expected[turn]);
      /* The north passes its turn the same way. */
      g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, s->hand[0][0], -2, -1));
      while (s->base.active_side == 0)
        {
          gint end = s->step == ACIES_CCA_STEP_ORDER ? ACIES_CCA_A_ORDER_DONE
                   : s->step == ACIES_CCA_STEP_MOVE ? ACIES_CCA_A_MOVE_DONE
                   : s->step == ACIES_CCA_STEP_BATTLE ? ACIES_CCA_A_BATTLE_DONE
                   : s->step == ACIES_CCA_STEP_DICE_ORDER ? ACIES_CCA_A_USE_DIE : -1;

          g_assert_cmpint (end, >=, 0);
          g_assert_true (cca_act (s, dice, NULL, end, -1, -1, -1));
        }
      g_assert_cmpuint (s->hand_len[0], ==, 5);
    }
}

/* B13 (ruling): an empty draw pile takes the discards shuffled. */
static void
test_reshuffle (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (5);
  guint n;

  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  s = cca_state_new (scn, NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_DEAL, -1, -1, -1));
  /* Everything left in the pile is discarded. */
  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    {
      s->discard[i] += s->deck[i];
      s->deck[i] = 0;
    }
  n = 0;
  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    n += s->discard[i];
  g_assert_cmpint (acies_cca_draw (s, 0, dice, NULL), >=, 0);
  g_assert_cmpuint (acies_cca_deck_size (s), ==, n - 1);
}

/* BASE-ORDER, EP-1.5, B15: "order two units left" orders units in the
 * player's left section (the east for the north side); a hex on the dotted
 * line counts for either section. */
static void
test_section_card (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_TWO_LEFT, -1 };
  static const gint none[] = { -1 };
  gint east, west, line, centre;

  cca_scn_unit (scn, 0, "medium-infantry", "L2", 0);   /* the north's left */
  cca_scn_unit (scn, 0, "medium-infantry", "B2", 0);   /* the north's right */
  cca_scn_unit (scn, 0, "medium-infantry", "I2", 0);   /* shifted row: on the line, centre and left */
  cca_scn_unit (scn, 0, "medium-infantry", "G2", 0);   /* centre */
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  east = cca_unit (s, "medium-infantry-L2");
  west = cca_unit (s, "medium-infantry-B2");
  line = cca_unit (s, "medium-infantry-I2");
  centre = cca_unit (s, "medium-infantry-G2");
  g_assert_cmpint (acies_cca_sections_of (s, cca_cell (s, "I2"), 0), ==, ACIES_CCA_LEFT | ACIES_CCA_CENTRE);
  g_assert_cmpint (acies_cca_sections_of (s, cca_cell (s, "I2"), 1), ==, ACIES_CCA_RIGHT | ACIES_CCA_CENTRE);
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_TWO_LEFT, -2, -1));
  g_assert_true (cca_legal (s, ACIES_CCA_A_ORDER, east, -2));
  g_assert_true (cca_legal (s, ACIES_CCA_A_ORDER, line, -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, west, -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, centre, -2));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, east, -1, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, line, -1, -1));
  /* Two ordered: the card is spent. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);
}

/* EP-1.7, ref 1.11 Coordinated Attack: one unit in each section; a unit
 * on a dotted line counts for the section that still needs one. */
static void
test_coordinated (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_COORDINATED, -1 };
  static const gint none[] = { -1 };
  gint line, left2;

  cca_scn_unit (scn, 0, "medium-infantry", "I2", 0);   /* left and centre */
  cca_scn_unit (scn, 0, "medium-infantry", "L2", 0);   /* left */
  cca_scn_unit (scn, 0, "medium-infantry", "K2", 0);   /* left */
  cca_scn_unit (scn, 0, "medium-infantry", "B2", 0);   /* right */
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  line = cca_unit (s, "medium-infantry-I2");
  left2 = cca_unit (s, "medium-infantry-K2");
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_COORDINATED, -2, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-L2"), -1, -1));
  /* The line unit now counts for the centre. */
  g_assert_true (cca_legal (s, ACIES_CCA_A_ORDER, line, -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, left2, -2));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, line, -1, -1));
  g_assert_true (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-B2"), -2));
}

/* B14, EP-1.16: a troop card orders as many units of its class as the
 * command (the cards the scenario deals); with none of the class, one
 * unit of choice. */
static void
test_troop_cards (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_LIGHT, ACIES_CCA_CARD_HEAVY, -1 };
  static const gint none[] = { -1 };

  for (guint i = 0; i < 6; i++)
    {
      static const char *cells[] = { "A2", "C2", "E2", "G2", "I2", "K2" };

      cca_scn_unit (scn, 0, "light-infantry", cells[i], 0);
    }
  cca_scn_unit (scn, 0, "medium-infantry", "F1", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  cca_scn_side_int (scn, 0, "hand_size", 4);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  g_assert_cmpint (acies_cca_command (s, 0), ==, 4);
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_LIGHT, -2, -1));
  g_assert_cmpint (s->play.limit, ==, 4);
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-F1"), -2));
  for (guint i = 0; i < 4; i++)
    {
      static const char *ids[] = { "light-infantry-A2", "light-infantry-C2", "light-infantry-E2", "light-infantry-G2" };

      g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, ids[i]), -1, -1));
    }
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);

  /* Order Heavy Troops with no heavy unit: one unit of choice. */
  {
    g_autoptr(AciesCcaState) t = cca_state_new (scn, NULL);

    cca_deal (t, north, none);
    g_assert_true (cca_act (t, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_HEAVY, -2, -1));
    g_assert_cmpint (t->play.mode, ==, ACIES_CCA_OM_ANY_ONE);
    g_assert_true (cca_legal (t, ACIES_CCA_A_ORDER, cca_unit (t, "medium-infantry-F1"), -2));
    g_assert_true (cca_act (t, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (t, "medium-infantry-F1"), -1, -1));
    g_assert_cmpint (t->step, ==, ACIES_CCA_STEP_MOVE);
  }
}

/* EP-1.10, ref 1.9: Leadership Any Section: a commander, the unit in his
 * hex and up to three more in linked hexes; the commander does not leave
 * his unit on this card. */
static void
test_leadership (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_LEADERSHIP, -1 };
  static const gint none[] = { -1 };
  gint l;

  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "G2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "H2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "I2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "J2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "B2", 0);
  cca_scn_leader (scn, 0, "legate", "F2");
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  l = (gint) s->st->n_units + cca_leader (s, "legate");
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_LEADERSHIP, -2, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, l, -1, -1));
  g_assert_cmpint (s->units[cca_unit (s, "medium-infantry-F2")].ordered, ==, 1);
  /* Linked: G2 next to F2, then H2 next to G2; B2 is not linked. */
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-H2"), -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-B2"), -2));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-G2"), -1, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-H2"), -1, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-I2"), -1, -1));
  /* Four units: the commander's and three linked. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);
  /* He moves with his unit; he has no order of his own. */
  g_assert_cmpint (s->leaders[cca_leader (s, "legate")].ordered, ==, 0);
}

/* Ref 1.9, S1 84-07: on a section card a commander with a unit may be
 * ordered on his own (it costs an order) and leaves it. */
static void
test_detach (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_TWO_CENTRE, -1 };
  static const gint none[] = { -1 };
  gint l, u;

  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_leader (scn, 0, "legate", "F2");
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  l = cca_leader (s, "legate");
  u = cca_unit (s, "medium-infantry-F2");
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_TWO_CENTRE, -2, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, (gint) s->st->n_units + l, -1, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, u, -1, -1));
  /* The unit moves without him. */
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_MOVE, u, cca_cell (s, "F3"), -1));
  g_assert_cmpint (s->leaders[l].cell, ==, cca_cell (s, "F2"));
  g_assert_cmpint (s->leaders[l].unit, ==, -1);
  /* He moves three hexes on his own, through friendly units. */
  g_assert_true (cca_legal (s, ACIES_CCA_A_MOVE, (gint) s->st->n_units + l, cca_cell (s, "F5")));
}

/* EP-1.12: Line Command: a group of foot units side by side, each moving
 * one hex; they may battle. */
static void
test_line_command (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_LINE_COMMAND, -1 };
  static const gint none[] = { -1 };

  cca_scn_unit (scn, 0, "light-infantry", "E2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "G2", 0);
  cca_scn_unit (scn, 0, "medium-cavalry", "H2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "J2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_LINE_COMMAND, -2, -1));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-cavalry-H2"), -2));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-F2"), -1, -1));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-J2"), -2));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "light-infantry-E2"), -1, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-G2"), -1, -1));
  /* No other foot unit is linked to the group: the orders are over. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);
  /* One hex, even for light infantry. */
  g_assert_cmpuint (acies_cca_move_allowance (s, cca_unit (s, "light-infantry-E2")), ==, 1);
}

/* EP-1.11: Double Time: up to four foot units side by side move two hexes
 * and may close-combat, not fire; warriors three; light foot no more. */
static void
test_double_time (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_DOUBLE_TIME, -1 };
  static const gint none[] = { -1 };

  cca_scn_unit (scn, 0, "light-infantry", "E2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_unit (scn, 0, "warrior", "G2", 0);
  cca_scn_unit (scn, 0, "auxilia", "H2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "I2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_DOUBLE_TIME, -2, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "light-infantry-E2"), -1, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-F2"), -1, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "warrior-G2"), -1, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "auxilia-H2"), -1, -1));
  /* Four: the card is spent. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);
  g_assert_cmpuint (acies_cca_move_allowance (s, cca_unit (s, "medium-infantry-F2")), ==, 2);
  g_assert_cmpuint (acies_cca_move_allowance (s, cca_unit (s, "warrior-G2")), ==, 3);
  g_assert_cmpuint (acies_cca_move_allowance (s, cca_unit (s, "light-infantry-E2")), ==, 2);
  g_assert_true (s->units[cca_unit (s, "auxilia-H2")].flags & ACIES_CCA_UF_NO_FIRE);
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_MOVE, cca_unit (s, "auxilia-H2"), cca_cell (s, "H4"), -1));
  /* Auxilia moved two hexes and may still close-combat. */
  g_assert_false (s->units[cca_unit (s, "auxilia-H2")].flags & ACIES_CCA_UF_NO_BATTLE);
}

/* Ref 1.11 Counter Attack: it repeats the card the opponent played last,
 * its left and right swapped. */
static void
test_counter_attack (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_TWO_LEFT, -1 };
  static const gint south[] = { ACIES_CCA_CARD_COUNTER_ATTACK, -1 };
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  cca_scn_unit (scn, 0, "medium-infantry", "L2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "L8", 0);   /* the south's right */
  cca_scn_unit (scn, 1, "medium-infantry", "B8", 0);   /* the south's left */
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, south);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_TWO_LEFT, -2, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER_DONE, -1, -1, -1));
  cca_end_moves (s, dice);
  while (s->base.active_side == 0)
    g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_BATTLE_DONE, -1, -1, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_COUNTER_ATTACK, -2, -1));
  g_assert_cmpint (s->play.effect, ==, ACIES_CCA_CARD_TWO_LEFT);
  /* The north's left, swapped: the south's right. */
  g_assert_true (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-L8"), -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-B8"), -2));
}

/* Ref 1.11 Rally: dice equal to the command; each unit symbol gives a
 * block back to a unit of that class in or next to a commander's hex,
 * which is ordered. */
static void
test_rally (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_RALLY, -1 };
  static const gint none[] = { -1 };
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint mi, far;

  cca_scn_unit (scn, 0, "medium-infantry", "F2", 2);
  cca_scn_unit (scn, 0, "medium-infantry", "K2", 2);
  cca_scn_leader (scn, 0, "legate", "G2");
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  cca_scn_side_int (scn, 0, "hand_size", 3);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  mi = cca_unit (s, "medium-infantry-F2");
  far = cca_unit (s, "medium-infantry-K2");
  /* Three dice: a blue triangle, a flag (nothing), a helmet. */
  cca_push (dice, "TFH");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_RALLY, -2, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_DICE_ORDER);
  g_assert_cmpuint (s->n_pending, ==, 2);
  g_assert_true (cca_legal (s, ACIES_CCA_A_USE_DIE, mi, -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_USE_DIE, far, -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_USE_DIE, mi, -1, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_USE_DIE, mi, -1, -1));
  g_assert_cmpint (s->units[mi].blocks, ==, 4);
  g_assert_cmpint (s->units[mi].ordered, ==, 1);
}

/* EP-1.16, ref 1.11 I Am Spartacus: command dice; each unit symbol orders
 * a unit of that class, a helmet a commander; they battle with a die
 * more; the discards go back into the deck at the end of the turn. */
static void
test_spartacus (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_SPARTACUS, -1 };
  static const gint none[] = { -1 };
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint li, mi;

  cca_scn_unit (scn, 0, "light-infantry", "F2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "K2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  cca_scn_side_int (scn, 0, "hand_size", 2);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  li = cca_unit (s, "light-infantry-F2");
  mi = cca_unit (s, "medium-infantry-K2");
  cca_push (dice, "CX");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_SPARTACUS, -2, -1));
  g_assert_cmpuint (s->n_pending, ==, 1);
  g_assert_false (cca_legal (s, ACIES_CCA_A_USE_DIE, mi, -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_USE_DIE, li, -1, -1));
  g_assert_cmpint (s->units[li].bonus_dice, ==, 1);
  g_assert_true (s->reshuffle);
}

/* Ref 1.11 Mounted Charge: mounted units battle with one die more. */
static void
test_mounted_charge (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_MOUNTED_CHARGE, -1 };
  static const gint none[] = { -1 };
  AciesCcaDice d;
  gint hc;

  cca_scn_unit (scn, 0, "heavy-cavalry", "F5", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F6", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  hc = cca_unit (s, "heavy-cavalry-F5");
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_MOUNTED_CHARGE, -2, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, hc, -1, -1));
  acies_cca_battle_dice (s, hc, cca_unit (s, "medium-infantry-F6"), ACIES_CCA_BM_CLOSE, FALSE, &d);
  g_assert_cmpint (d.dice, ==, 5);
}

/* Ref 1.11 Clash of Shields: every unit next to an enemy is ordered at
 * once; they do not move and may not fire. */
static void
test_clash_of_shields (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_CLASH_OF_SHIELDS, -1 };
  static const gint none[] = { -1 };

  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 0, "slinger", "G5", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "B2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F6", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_CLASH_OF_SHIELDS, -2, -1));
  g_assert_cmpint (s->units[cca_unit (s, "medium-infantry-F5")].ordered, ==, 1);
  g_assert_cmpint (s->units[cca_unit (s, "slinger-G5")].ordered, ==, 1);
  g_assert_cmpint (s->units[cca_unit (s, "medium-infantry-B2")].ordered, ==, 0);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_BATTLE);
  g_assert_false (acies_cca_can_battle (s, cca_unit (s, "slinger-G5"), TRUE));
}

/* Ref 1.11 Darken the Sky: every unit able to fire and next to no enemy
 * is ordered; each fires twice. */
static void
test_darken_the_sky (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_DARKEN_THE_SKY, -1 };
  static const gint none[] = { -1 };
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint ar, def;

  cca_scn_unit (scn, 0, "archer", "F4", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "B2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F6", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "M9", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  ar = cca_unit (s, "archer-F4");
  def = cca_unit (s, "medium-infantry-F6");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_DARKEN_THE_SKY, -2, -1));
  g_assert_cmpint (s->units[ar].ordered, ==, 1);
  g_assert_cmpint (s->units[cca_unit (s, "medium-infantry-B2")].ordered, ==, 0);
  cca_push (dice, "CC");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_FIRE, ar, def, -1));
  g_assert_true (cca_legal (s, ACIES_CCA_A_FIRE, ar, def));
}

/* Ref 1.11 First Strike (base game): the defender plays it when attacked
 * in close combat: it battles first; the attacker, if it holds, attacks;
 * no battle back; the defender draws at once. */
static void
test_first_strike (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_FIRST_STRIKE, -1 };
  static const gint south[] = { ACIES_CCA_CARD_TWO_CENTRE, -1 };
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att, def;

  cca_scn_unit (scn, 1, "medium-infantry", "F6", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "B9", 0);
  cca_scn_unit (scn, 0, "heavy-infantry", "F5", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, south);
  att = cca_unit (s, "medium-infantry-F6");
  def = cca_unit (s, "heavy-infantry-F5");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_TWO_CENTRE, -2, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, att, -1, -1));
  cca_end_moves (s, dice);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  /* The north is asked: it holds First Strike. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_REACT);
  g_assert_cmpint (s->base.deciding_side, ==, 0);
  g_assert_true (cca_legal (s, ACIES_CCA_A_REACT_CARD, ACIES_CCA_CARD_FIRST_STRIKE, -2));
  /* The defender's 5 dice: two triangles; the attacker's 4: one square. */
  cca_push (dice, "TTCCC");
  cca_push (dice, "SCCC");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_REACT_CARD, ACIES_CCA_CARD_FIRST_STRIKE, -1, -1));
  g_assert_cmpint (s->units[att].blocks, ==, 2);
  g_assert_cmpint (s->units[def].blocks, ==, 3);
  g_assert_false (acies_cca_hand_has (s, 0, ACIES_CCA_CARD_FIRST_STRIKE));
  g_assert_cmpuint (s->hand_len[0], ==, 5);
  g_assert_cmpuint (s->discard[ACIES_CCA_CARD_FIRST_STRIKE], ==, 1);
}

/* EP-1.16 Move-Fire-Move: light missile units move, fire, and move
 * again; no close combat. */
static void
test_move_fire_move (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_MOVE_FIRE_MOVE, -1 };
  static const gint none[] = { -1 };
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint lc, def;

  cca_scn_unit (scn, 0, "light-cavalry", "F2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "B2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F7", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  lc = cca_unit (s, "light-cavalry-F2");
  def = cca_unit (s, "medium-infantry-F7");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_MOVE_FIRE_MOVE, -2, -1));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-B2"), -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, lc, -1, -1));
  /* Its only light missile unit is ordered. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, lc, cca_cell (s, "F5"), -1));
  cca_end_moves (s, dice);
  g_assert_false (acies_cca_can_battle (s, lc, FALSE));
  cca_push (dice, "C");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_FIRE, lc, def, -1));
  /* The second move, after firing. */
  g_assert_true (cca_legal (s, ACIES_CCA_A_MOVE, lc, cca_cell (s, "F2")));
}

/* The "lit" member of @s's view for side 0: its cells (sorted), or NULL
 * when there is none; its label into @label. */
static GArray *
lit_of (AciesCcaState *s,
        char         **label)
{
  g_autofree char *text = cca_view_text (s, 0);
  g_autoptr(JsonNode) node = json_from_string (text, NULL);
  JsonObject *lit;
  JsonArray *cells;
  GArray *out;

  g_assert_nonnull (node);
  *label = NULL;
  if (!json_object_has_member (json_node_get_object (node), "lit"))
    return NULL;
  lit = json_object_get_object_member (json_node_get_object (node), "lit");
  *label = g_strdup (json_object_get_string_member (lit, "label"));
  cells = json_object_get_array_member (lit, "cells");
  out = g_array_new (FALSE, FALSE, sizeof (gint));
  for (guint i = 0; i < json_array_get_length (cells); i++)
    {
      gint c = (gint) json_array_get_int_element (cells, i);

      g_array_append_val (out, c);
    }
  return out;
}

static gboolean
has_cell (GArray *cells,
          gint    cell)
{
  for (guint i = 0; i < cells->len; i++)
    if (g_array_index (cells, gint, i) == cell)
      return TRUE;
  return FALSE;
}

/* B14, S5.2 (the Zela trial: Order Medium Troops lit the whole board):
 * a troop card lights the hexes of the units it may still order, not
 * its sections (all three), and says so; nothing once the orders are
 * given.  A section card still lights its sections. */
static void
test_troop_card_lit (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_MEDIUM, ACIES_CCA_CARD_TWO_LEFT, -1 };
  static const gint none[] = { -1 };
  static const char *mediums[] = { "B2", "E2", "G2", "L2" };
  g_autoptr(GArray) cells = NULL;
  g_autofree char *label = NULL;
  g_autofree char *prompt = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (mediums); i++)
    cca_scn_unit (scn, 0, "medium-infantry", mediums[i], 0);
  cca_scn_unit (scn, 0, "light-infantry", "C2", 0);
  cca_scn_unit (scn, 0, "heavy-infantry", "K2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_MEDIUM, -2, -1));
  g_assert_cmpint (s->play.mode, ==, ACIES_CCA_OM_CLASS);
  cells = lit_of (s, &label);
  g_assert_nonnull (cells);
  g_assert_nonnull (label);
  g_assert_nonnull (strstr (label, "S5.2"));
  g_assert_cmpuint (cells->len, ==, G_N_ELEMENTS (mediums));
  for (guint i = 0; i < G_N_ELEMENTS (mediums); i++)
    g_assert_true (has_cell (cells, cca_cell (s, mediums[i])));
  g_assert_false (has_cell (cells, cca_cell (s, "C2")));
  g_assert_false (has_cell (cells, cca_cell (s, "F5")));
  /* The prompt names the class as the counters do: they draw no blue
   * triangle (the battle dice's symbol). */
  {
    g_autofree char *rule = NULL;

    prompt = acies_cca_prompt_text (s, &rule);
  }
  g_test_message ("%s", prompt);
  g_assert_null (strstr (prompt, "triangle"));
  g_assert_nonnull (strstr (prompt, "medium units"));
  /* One ordered: three are lit. */
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-B2"), -1, -1));
  g_clear_pointer (&cells, g_array_unref);
  g_clear_pointer (&label, g_free);
  cells = lit_of (s, &label);
  g_assert_nonnull (cells);
  g_assert_cmpuint (cells->len, ==, 3);
  g_assert_false (has_cell (cells, cca_cell (s, "B2")));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER_DONE, -1, -1, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);
  g_clear_pointer (&cells, g_array_unref);
  g_clear_pointer (&label, g_free);
  /* The movement: nothing is lit. */
  cells = lit_of (s, &label);
  g_assert_null (cells);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/cca/B13/deck-and-deal", test_deck);
  g_test_add_func ("/acies/cca/S3.6/hands-hidden", test_hidden_hand);
  g_test_add_func ("/acies/cca/Q23/growing-hand", test_hand_ramp);
  g_test_add_func ("/acies/cca/B13/reshuffle", test_reshuffle);
  g_test_add_func ("/acies/cca/BASE-ORDER/section-card", test_section_card);
  g_test_add_func ("/acies/cca/BASE-CARDS/coordinated-attack", test_coordinated);
  g_test_add_func ("/acies/cca/B14/troop-cards-command", test_troop_cards);
  g_test_add_func ("/acies/cca/B14/troop-card-lights-its-units", test_troop_card_lit);
  g_test_add_func ("/acies/cca/EP-1.10/leadership", test_leadership);
  g_test_add_func ("/acies/cca/BASE-LEADER/detach-on-section-card", test_detach);
  g_test_add_func ("/acies/cca/EP-1.12/line-command", test_line_command);
  g_test_add_func ("/acies/cca/EP-1.11/double-time", test_double_time);
  g_test_add_func ("/acies/cca/BASE-CARDS/counter-attack", test_counter_attack);
  g_test_add_func ("/acies/cca/BASE-CARDS/rally", test_rally);
  g_test_add_func ("/acies/cca/EP-1.16/i-am-spartacus", test_spartacus);
  g_test_add_func ("/acies/cca/BASE-CARDS/mounted-charge", test_mounted_charge);
  g_test_add_func ("/acies/cca/EP-1.6/clash-of-shields", test_clash_of_shields);
  g_test_add_func ("/acies/cca/BASE-CARDS/darken-the-sky", test_darken_the_sky);
  g_test_add_func ("/acies/cca/K2/first-strike-base-game", test_first_strike);
  g_test_add_func ("/acies/cca/EP-1.16/move-fire-move", test_move_fire_move);
  return g_test_run ();
}
