/* test-cca-epic.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cca"

#include "config.h"

#include <string.h>

#include "game/acies-game.h"
#include "rulesets/acies-playout.h"
#include "cca-test-common.h"

/*
 * Epic battles (EP-): a 26 x 9 battlefield, a Supreme Commander holding
 * the cards and three Generals a side (seats), up to three Normal cards
 * given to Generals or one Army card, the Inspired General play, the
 * Generals' Initiative, First Strike cancelling a card, Counter Attack,
 * the draw of two (CC-EP1, CC-EP2, CC-T16, CC-T18, CC-T19, Q27-Q32).
 *
 * The south side (1) plays; from its view the left section is the west,
 * columns A-H, the centre I-R, the right S-Z.
 */

static AciesScenario *
epic_scenario (void)
{
  AciesScenario *scn = cca_scn_new (26, 9, 1);

  json_object_set_string_member (scn->params, "mode", "epic");
  cca_scn_side_int (scn, 0, "hand_size", 8);
  cca_scn_side_int (scn, 1, "hand_size", 8);
  cca_scn_side_int (scn, 0, "flags", 4);
  cca_scn_side_int (scn, 1, "flags", 3);
  /* South: a unit of each class in each section. */
  cca_scn_unit (scn, 1, "light-infantry", "B7", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "C7", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "D7", 0);
  cca_scn_unit (scn, 1, "light-infantry", "K7", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "L7", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "M7", 0);
  cca_scn_unit (scn, 1, "light-cavalry", "U7", 0);
  cca_scn_unit (scn, 1, "medium-cavalry", "V7", 0);
  cca_scn_unit (scn, 1, "heavy-cavalry", "W7", 0);
  cca_scn_leader (scn, 1, "consul", "L7");
  /* North. */
  cca_scn_unit (scn, 0, "medium-infantry", "C3", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "L3", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "V3", 0);
  cca_scn_leader (scn, 0, "general", "L3");
  return scn;
}

/* EP-BF, EP-PL: 26 x 9; eight seats: the Supreme Commanders 0 and 1,
 * the Generals 2 + 2 g + side; each names who sits there. */
static void
test_seats (void)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();
  g_autoptr(AciesCcaState) s = cca_state_new (scn, NULL);
  g_autofree char *sc = NULL, *gen = NULL;

  g_assert_cmpuint (acies_ruleset_get_n_seats (cca_ruleset (), &s->base), ==, 8);
  g_assert_cmpint (acies_cca_general_seat (1, 0), ==, 3);
  g_assert_cmpint (acies_ruleset_seat_side (cca_ruleset (), &s->base, 3), ==, 1);
  sc = acies_ruleset_describe_seat (cca_ruleset (), &s->base, 1);
  gen = acies_ruleset_describe_seat (cca_ruleset (), &s->base, acies_cca_general_seat (1, 2));
  g_assert_nonnull (strstr (sc, "Supreme Commander"));
  g_assert_nonnull (strstr (gen, "General of the right"));
  g_assert_cmpint (acies_cca_sections_of (s, cca_cell (s, "H7"), 1), ==, ACIES_CCA_LEFT);
  g_assert_cmpint (acies_cca_sections_of (s, cca_cell (s, "S7"), 1), ==, ACIES_CCA_RIGHT);
}

/* EP-SU, EP-T1, EP-T2, EP-1.2, EP-1.3: the Supreme Commander gives Normal cards
 * to the Generals, each section card to its own General; the General
 * orders its units; the other Generals may try Initiative (EP-1.14). */
static void
test_normal_cards (void)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();
  g_autoptr(AciesCcaState) s = cca_state_new (scn, NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  static const gint south[] = { ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_THREE_CENTRE, ACIES_CCA_CARD_TWO_RIGHT,
                                ACIES_CCA_CARD_LINE_COMMAND, ACIES_CCA_CARD_LIGHT, ACIES_CCA_CARD_RALLY,
                                ACIES_CCA_CARD_COORDINATED, ACIES_CCA_CARD_FOUR_RIGHT, -1 };
  static const gint north[] = { -1 };
  gint left = acies_cca_general_seat (1, 0), right = acies_cca_general_seat (1, 2);

  cca_deal (s, north, south);
  /* The Supreme Commander decides (seat 1). */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_EPIC_CARDS);
  g_assert_cmpint (acies_ruleset_get_deciding_seat (cca_ruleset (), &s->base), ==, 1);
  /* A section card goes to its own General only (0: left). */
  g_assert_true (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_LEFT, 0));
  g_assert_false (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_LEFT, 1));
  /* An Army card only before any Normal card. */
  g_assert_true (cca_legal (s, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_LIGHT, -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_LEFT, 0, -1));
  g_assert_false (cca_legal (s, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_LIGHT, -2));
  /* EP-1.7: Coordinated Attack counts three: not after another card. */
  g_assert_false (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_COORDINATED, -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_RIGHT, 2, -1));
  g_assert_cmpint (s->epic_weight, ==, 2);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CARDS_DONE, -1, -1, -1));
  /* EP-1.14: the centre General has no card: he may try Initiative. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_INITIATIVE);
  g_assert_cmpint (acies_ruleset_get_deciding_seat (cca_ruleset (), &s->base), ==, acies_cca_general_seat (1, 1));
  /* CC-T16: a red square orders a heavy unit of his section. */
  cca_push (dice, "S");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_INITIATIVE, -1, -1, -1));
  g_assert_true (cca_legal (s, ACIES_CCA_A_USE_DIE, cca_unit (s, "heavy-infantry-M7"), -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_USE_DIE, cca_unit (s, "heavy-infantry-D7"), -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_USE_DIE, cca_unit (s, "heavy-infantry-M7"), -1, -1));
  /* The left General orders with his card. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ORDER);
  g_assert_cmpint (s->seat, ==, left);
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "light-infantry-K7"), -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "light-infantry-B7"), -1, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-C7"), -1, -1));
  /* Then the right General. */
  g_assert_cmpint (s->seat, ==, right);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "light-cavalry-U7"), -1, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER_DONE, -1, -1, -1));
  /* EP-T2: each General moves his own units. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);
  g_assert_cmpint (s->seat, ==, left);
  g_assert_false (cca_legal (s, ACIES_CCA_A_MOVE, cca_unit (s, "light-cavalry-U7"), -2));
  g_assert_true (cca_legal (s, ACIES_CCA_A_MOVE, cca_unit (s, "light-infantry-B7"), -2));
}

/* EP-1.2, EP-1.4: a card given to a General: every seat reads in the log
 * that the left General got a card (and the card weight counted), only
 * the Supreme Commander which card (a private event of his side); no
 * other seat's state view names it; his own hand shows each card once,
 * with a few words of what it does and not the catalogue's whole text. */
static void
test_card_given_unseen (void)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();
  g_autoptr(AciesCcaState) s = cca_state_new (scn, NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  static const gint south[] = { ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_THREE_CENTRE, ACIES_CCA_CARD_TWO_RIGHT,
                                ACIES_CCA_CARD_LINE_COMMAND, ACIES_CCA_CARD_LIGHT, ACIES_CCA_CARD_RALLY,
                                ACIES_CCA_CARD_COORDINATED, ACIES_CCA_CARD_FOUR_RIGHT, -1 };
  static const gint north[] = { -1 };
  const char *title = NULL;
  guint n_public = 0, n_private = 0;

  cca_deal (s, north, south);
  title = acies_cca_card_title (s, ACIES_CCA_CARD_LINE_COMMAND);
  g_assert_true (cca_act (s, dice, events, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_LINE_COMMAND, 0, -1));
  for (guint i = 0; i < events->len; i++)
    {
      AciesEvent *e = g_ptr_array_index (events, i);
      gboolean private = e->data != NULL && json_object_get_boolean_member_with_default (e->data, "private", FALSE);

      g_test_message ("%s: %s", private ? "private" : "public", e->text);
      if (private)
        {
          /* The Supreme Commander's (a private event is its side's first seat's). */
          g_assert_cmpint (e->player, ==, 1);
          g_assert_nonnull (strstr (e->text, title));
          g_assert_nonnull (strstr (e->text, "General of the left"));
          n_private++;
        }
      else
        {
          g_assert_null (strstr (e->text, title));
          if (strstr (e->text, "General of the left") != NULL)
            n_public++;
        }
    }
  g_assert_cmpuint (n_public, ==, 1);
  g_assert_cmpuint (n_private, ==, 1);
  /* Every other seat's view: the weight counted, not the card. */
  for (gint seat = -2; seat < 8; seat++)
    {
      g_autoptr(JsonNode) node = NULL;
      g_autofree char *text = NULL;

      if (seat == 1 || seat == -1)
        continue;
      node = acies_ruleset_state_view_to_json (cca_ruleset (), &s->base, seat);
      text = json_to_string (node, FALSE);
      g_assert_null (strstr (text, title));
      g_assert_null (strstr (text, acies_cca_card_id (ACIES_CCA_CARD_LINE_COMMAND)));
      g_assert_cmpint (json_object_get_int_member (json_node_get_object (node), "normal_cards_counted"), ==, 1);
    }
  /* The Supreme Commander's hand: a line a card, its words short. */
  {
    g_autoptr(JsonNode) node = acies_ruleset_state_view_to_json (cca_ruleset (), &s->base, 1);
    JsonArray *hand = json_object_get_array_member (json_node_get_object (node), "hand");

    g_assert_cmpuint (json_array_get_length (hand), ==, s->hand_len[1]);
    for (guint i = 0; i < json_array_get_length (hand); i++)
      {
        JsonObject *card = json_array_get_object_element (hand, i);
        gint id = acies_cca_card_from_id (json_object_get_string_member (card, "id"));
        const char *effect = json_object_get_string_member_with_default (card, "effect", NULL);

        g_assert_cmpstr (json_object_get_string_member (card, "name"), ==, acies_cca_card_title (s, id));
        /* A section card's title says what it does. */
        if (id >= ACIES_CCA_CARD_TWO_LEFT && id <= ACIES_CCA_CARD_FOUR_RIGHT)
          g_assert_null (effect);
        else
          {
            g_assert_nonnull (effect);
            g_assert_cmpstr (effect, !=, s->st->card_effect[id]);
            g_assert_cmpuint (g_utf8_strlen (effect, -1), <=, 100);
          }
        /* EP-1.1: an Army card says so. */
        if (id == ACIES_CCA_CARD_LIGHT)
          g_assert_true (g_str_has_prefix (effect, "Army card"));
      }
  }
}

/* EP-1.13, CC-EP2, E7: two identical section cards to one General: the
 * Inspired General play orders twice the units and counts two. */
static void
test_inspired_general (void)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  static const gint south[] = { ACIES_CCA_CARD_TWO_CENTRE, ACIES_CCA_CARD_TWO_CENTRE, ACIES_CCA_CARD_TWO_LEFT,
                                ACIES_CCA_CARD_TWO_RIGHT, ACIES_CCA_CARD_THREE_LEFT, ACIES_CCA_CARD_THREE_RIGHT,
                                ACIES_CCA_CARD_FOUR_LEFT, ACIES_CCA_CARD_FOUR_RIGHT, -1 };
  static const gint north[] = { -1 };

  cca_scn_unit (scn, 1, "medium-infantry", "N7", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "O7", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, south);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_CENTRE, 1, -1));
  /* The second identical card to the same General. */
  g_assert_true (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_CENTRE, 1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_CENTRE, 1, -1));
  g_assert_cmpint (s->epic_weight, ==, 2);
  /* One more Normal card at most. */
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_LEFT, 0, -1));
  g_assert_cmpint (s->epic_weight, ==, 3);
  /* The right General has none: Initiative (refused). */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_INITIATIVE);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_NO_INITIATIVE, -1, -1, -1));
  /* The centre General orders up to four. */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ORDER);
  g_assert_cmpint (s->seat, ==, acies_cca_general_seat (1, 1));
  g_assert_cmpint (s->play.limit, ==, 4);
}

/* EP-1.15, CC-EP1, Q30: an Army card orders as many units as the
 * Supreme Commander's hand with the card; EP-4: he draws two unless that
 * passes his first hand. */
static void
test_army_card (void)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  static const gint south[] = { ACIES_CCA_CARD_LIGHT, ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_TWO_RIGHT,
                                ACIES_CCA_CARD_THREE_LEFT, -1 };
  static const gint north[] = { -1 };

  cca_scn_side_int (scn, 1, "hand_size", 4);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, south);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_LIGHT, 5, -1));
  /* The command: 3 cards left + the card played = 4; two light units. */
  g_assert_cmpint (s->play.limit, ==, 4);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ORDER);
  /* The Supreme Commander orders, anywhere. */
  g_assert_cmpint (s->seat, ==, 1);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "light-infantry-B7"), -1, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "light-cavalry-U7"), -1, -1));
  /* Each unit is carried out by its section's General. */
  g_assert_cmpint (s->units[cca_unit (s, "light-cavalry-U7")].seat, ==, acies_cca_general_seat (1, 2));
}

/* EP-1.12, CC-T19: Line Command counts one per section reached; two Line
 * Commands may not share a section. */
static void
test_line_commands (void)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  static const gint south[] = { ACIES_CCA_CARD_LINE_COMMAND, ACIES_CCA_CARD_LINE_COMMAND, ACIES_CCA_CARD_TWO_LEFT,
                                ACIES_CCA_CARD_TWO_RIGHT, -1 };
  static const gint north[] = { -1 };

  cca_scn_side_int (scn, 1, "hand_size", 4);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, south);
  g_assert_cmpint (acies_cca_epic_weight (s, ACIES_CCA_CARD_LINE_COMMAND, ACIES_CCA_LEFT | ACIES_CCA_CENTRE
                                                                           | ACIES_CCA_RIGHT), ==, 3);
  /* Left (1) and centre-right (2): legal; then no other card. */
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_LINE_COMMAND, 0, -1));
  g_assert_false (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_LINE_COMMAND, 3));
  g_assert_true (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_LINE_COMMAND, 4));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_LINE_COMMAND, 4, -1));
  g_assert_cmpint (s->epic_weight, ==, 3);
  /* Three counted: the orders begin (the left General first). */
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ORDER);
}

/* EP-1.17, Q32: the other Supreme Commander may cancel a card with First
 * Strike; the cancelled card still counts (option). */
static void
test_first_strike_cancel (void)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  static const gint south[] = { ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_TWO_RIGHT, -1 };
  static const gint north[] = { ACIES_CCA_CARD_FIRST_STRIKE, -1 };

  s = cca_state_new (scn, NULL);
  cca_deal (s, north, south);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_LEFT, 0, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_EPIC_CANCEL);
  g_assert_cmpint (acies_ruleset_get_deciding_seat (cca_ruleset (), &s->base), ==, 0);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CANCEL, -1, -1, -1));
  g_assert_false (acies_cca_hand_has (s, 0, ACIES_CCA_CARD_FIRST_STRIKE));
  g_assert_cmpint (s->epic_weight, ==, 1);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_EPIC_CARDS);
}

/* More Epic cases, one each ---------------------------------------------- */

static AciesCcaState *
epic_dealt (const gint *south,
            const gint *north)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();
  AciesCcaState *s = cca_state_new (scn, NULL);

  cca_deal (s, north, south);
  return s;
}

/* EP-T1d: the Supreme Commander plays at least one card a turn. */
static void
test_at_least_one_card (void)
{
  static const gint south[] = { ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_TWO_RIGHT, -1 };
  static const gint north[] = { -1 };
  g_autoptr(AciesCcaState) s = epic_dealt (south, north);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_EPIC_CARDS);
  g_assert_false (cca_legal (s, ACIES_CCA_A_CARDS_DONE, -2, -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_LEFT, 0, -1));
  g_assert_true (cca_legal (s, ACIES_CCA_A_CARDS_DONE, -2, -2));
}

/* EP-T1c: no Normal card given, the Supreme Commander may play one Army
 * card instead, and then no other card: the orders begin at once, his. */
static void
test_army_card_alone (void)
{
  static const gint south[] = { ACIES_CCA_CARD_HEAVY, ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_TWO_RIGHT, -1 };
  static const gint north[] = { -1 };
  g_autoptr(AciesCcaState) s = epic_dealt (south, north);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  g_assert_true (cca_legal (s, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_HEAVY, 5));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_HEAVY, 5, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ORDER);
  g_assert_cmpint (s->seat, ==, 1);
  g_assert_true (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "heavy-cavalry-W7"), -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "light-cavalry-U7"), -2));
}

/* EP-T1b: after an Army card no General tries Initiative. */
static void
test_no_initiative_after_army (void)
{
  static const gint south[] = { ACIES_CCA_CARD_MEDIUM, ACIES_CCA_CARD_TWO_LEFT, -1 };
  static const gint north[] = { -1 };
  g_autoptr(AciesCcaState) s = epic_dealt (south, north);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_MEDIUM, 5, -1));
  g_assert_cmpint (s->step, !=, ACIES_CCA_STEP_INITIATIVE);
  while (s->step == ACIES_CCA_STEP_ORDER && cca_legal (s, ACIES_CCA_A_ORDER, -2, -2))
    g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER_DONE, -1, -1, -1));
  g_assert_cmpint (s->step, !=, ACIES_CCA_STEP_INITIATIVE);
}

/* EP-2, EP-T1a: a unit is ordered once a turn: a unit on the dotted line
 * between the left and the centre, ordered by the left General's card,
 * is not the centre General's to order again. */
static void
test_one_order_per_unit (void)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  static const gint south[] = { ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_TWO_CENTRE, ACIES_CCA_CARD_TWO_RIGHT, -1 };
  static const gint north[] = { -1 };
  gint line;

  cca_scn_unit (scn, 1, "medium-infantry", "H8", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, south);
  line = cca_unit (s, "medium-infantry-H8");
  g_assert_cmpint (acies_cca_sections_of (s, cca_cell (s, "H8"), 1), ==, ACIES_CCA_LEFT | ACIES_CCA_CENTRE);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_LEFT, 0, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_CENTRE, 1, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CARDS_DONE, -1, -1, -1));
  /* The right General has no card: he does not try. */
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_NO_INITIATIVE, -1, -1, -1));
  g_assert_cmpint (s->seat, ==, acies_cca_general_seat (1, 0));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, line, -1, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER_DONE, -1, -1, -1));
  g_assert_cmpint (s->seat, ==, acies_cca_general_seat (1, 1));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, line, -2));
  g_assert_true (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-L7"), -2));
}

/* EP-T4, EP-4, E6, K4: the Supreme Commander draws two cards unless that
 * would pass his first hand, then one; CC-EP1: with 8 cards, four turns
 * of three cards leave 4 in hand, the command of an Army card played then. */
static void
test_epic_draws (void)
{
  static const gint south[] = { -1 };
  static const gint north[] = { -1 };
  g_autoptr(AciesCcaState) s = epic_dealt (south, north);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  g_assert_cmpint (s->hand_len[1], ==, 8);
  for (guint turn = 0; turn < 4; turn++)
    {
      for (guint k = 0; k < 3; k++)
        acies_cca_hand_remove (s, 1, s->hand[1][0]);
      acies_cca_end_turn (s, dice, NULL);
    }
  g_assert_cmpint (s->hand_len[1], ==, 4);
  g_assert_cmpint (acies_cca_command (s, 1), ==, 5);
  /* Playing one card: 3 + 2 would be 5, then 4 + 1... one card played
   * from 8: 7, and one drawn. */
  while (s->hand_len[1] < 8)
    acies_cca_draw (s, 1, dice, NULL);
  acies_cca_hand_remove (s, 1, s->hand[1][0]);
  acies_cca_end_turn (s, dice, NULL);
  g_assert_cmpint (s->hand_len[1], ==, 8);
}

/* EP-1.1: one deck of Normal and Army cards (the special Army cards First
 * Strike and Counter Attack among them), 60 cards. */
static void
test_epic_deck (void)
{
  static const gint south[] = { -1 };
  static const gint north[] = { -1 };
  g_autoptr(AciesCcaState) s = epic_dealt (south, north);
  guint normal = 0, army = 0, special = 0;

  for (guint c = 0; c < ACIES_CCA_N_CARDS; c++)
    {
      guint n = acies_cca_cards_total (s, c);

      if (s->st->cards[c].epic == ACIES_CCA_EPIC_NORMAL)
        normal += n;
      else if (s->st->cards[c].epic == ACIES_CCA_EPIC_ARMY)
        army += n;
      else
        special += n;
    }
  g_assert_cmpuint (normal, >, 0);
  g_assert_cmpuint (army, >, 0);
  g_assert_cmpuint (special, ==, 3);
  g_assert_cmpuint (normal + army + special, ==, 60);
}

/* EP-1.2, EP-1.9: card weights: a section card 1, Outflanked 2,
 * Coordinated Attack 3, a Leadership card 1 in one section and 2 split
 * over the centre and a wing. */
static void
test_weights (void)
{
  static const gint south[] = { -1 };
  static const gint north[] = { -1 };
  g_autoptr(AciesCcaState) s = epic_dealt (south, north);

  g_assert_cmpint (acies_cca_epic_weight (s, ACIES_CCA_CARD_THREE_CENTRE, ACIES_CCA_CENTRE), ==, 1);
  g_assert_cmpint (acies_cca_epic_weight (s, ACIES_CCA_CARD_OUTFLANKED, ACIES_CCA_LEFT | ACIES_CCA_RIGHT), ==, 2);
  g_assert_cmpint (acies_cca_epic_weight (s, ACIES_CCA_CARD_COORDINATED, 0), ==, 3);
  g_assert_cmpint (acies_cca_epic_weight (s, ACIES_CCA_CARD_LEADERSHIP, ACIES_CCA_LEFT), ==, 1);
  g_assert_cmpint (acies_cca_epic_weight (s, ACIES_CCA_CARD_LEADERSHIP, ACIES_CCA_LEFT | ACIES_CCA_CENTRE), ==, 2);
}

/* EP-1.9: a Leadership card goes to one General or to the centre and a
 * wing (never both wings without the centre); with two other Normal cards
 * given it goes to one section only. */
static void
test_leadership_split (void)
{
  static const gint south[] = { ACIES_CCA_CARD_LEADERSHIP, ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_TWO_RIGHT, -1 };
  static const gint north[] = { -1 };
  g_autoptr(AciesCcaState) s = epic_dealt (south, north);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  g_assert_true (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_LEADERSHIP, 3));
  g_assert_true (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_LEADERSHIP, 4));
  g_assert_false (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_LEADERSHIP, 6));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_LEFT, 0, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_RIGHT, 2, -1));
  g_assert_false (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_LEADERSHIP, 4));
  g_assert_true (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_LEADERSHIP, 1));
}

/* EP-1.5: a section card given to its General orders that many units of
 * his section. */
static void
test_section_card (void)
{
  static const gint south[] = { ACIES_CCA_CARD_THREE_LEFT, ACIES_CCA_CARD_TWO_RIGHT, -1 };
  static const gint north[] = { -1 };
  g_autoptr(AciesCcaState) s = epic_dealt (south, north);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_THREE_LEFT, 0, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CARDS_DONE, -1, -1, -1));
  /* The centre and right Generals decline Initiative. */
  while (s->step == ACIES_CCA_STEP_INITIATIVE)
    g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_NO_INITIATIVE, -1, -1, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ORDER);
  g_assert_cmpint (s->play.limit, ==, 3);
  g_assert_true (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "heavy-infantry-D7"), -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "heavy-infantry-M7"), -2));
}

/* EP-1.7, CC-T18, Q27: Coordinated Attack counts three: each General
 * orders one unit of his section, and nobody tries Initiative. */
static void
test_coordinated (void)
{
  static const gint south[] = { ACIES_CCA_CARD_COORDINATED, ACIES_CCA_CARD_TWO_LEFT, -1 };
  static const gint north[] = { -1 };
  g_autoptr(AciesCcaState) s = epic_dealt (south, north);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_COORDINATED, 5, -1));
  g_assert_cmpint (s->epic_weight, ==, 3);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ORDER);
  for (gint g = 0; g < 3; g++)
    {
      static const char *unit[] = { "light-infantry-B7", "medium-infantry-L7", "heavy-cavalry-W7" };

      g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ORDER);
      g_assert_cmpint (s->seat, ==, acies_cca_general_seat (1, g));
      /* One unit only: his orders end with it. */
      g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, cca_unit (s, unit[g]), -1, -1));
      g_assert_cmpint (s->seat, !=, acies_cca_general_seat (1, g));
    }
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);
}

/* EP-1.8, Q28: Outflanked counts two and goes to the Generals of the left
 * and right, who order two units each; a third Normal card may go to the
 * centre. */
static void
test_outflanked (void)
{
  static const gint south[] = { ACIES_CCA_CARD_OUTFLANKED, ACIES_CCA_CARD_TWO_CENTRE, -1 };
  static const gint north[] = { -1 };
  g_autoptr(AciesCcaState) s = epic_dealt (south, north);
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  g_assert_false (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_OUTFLANKED, 1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_OUTFLANKED, 6, -1));
  g_assert_cmpint (s->epic_weight, ==, 2);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_CENTRE, 1, -1));
  g_assert_cmpint (s->epic_weight, ==, 3);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ORDER);
  g_assert_cmpint (s->seat, ==, acies_cca_general_seat (1, 0));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "light-cavalry-U7"), -2));
  /* Two units of the left, and his orders end. */
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "light-infantry-B7"), -1, -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-C7"), -1, -1));
  g_assert_cmpint (s->seat, !=, acies_cca_general_seat (1, 0));
}

/* EP-1.14, CC-T16, Q29: a General's Initiative die: a red square orders a
 * heavy unit of his section; a flag makes a unit of his retreat its full
 * move and it may not battle; swords take a block from one; a symbol with
 * no unit of that class, nothing. */
static void
test_initiative_results (void)
{
  static const char *faces = "SFXT";

  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(AciesScenario) scn = epic_scenario ();
      g_autoptr(AciesCcaState) s = NULL;
      g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
      static const gint south[] = { ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_TWO_CENTRE, -1 };
      static const gint north[] = { -1 };
      char face[2] = { faces[i], '\0' };
      gint hc = -1;

      /* The right section holds no medium unit this time. */
      for (guint u = 0; u < scn->units->len; u++)
        if (g_str_equal (((AciesUnit *) g_ptr_array_index (scn->units, u))->id, "medium-cavalry-V7"))
          g_ptr_array_remove_index (scn->units, u);
      s = cca_state_new (scn, NULL);
      cca_deal (s, north, south);
      hc = cca_unit (s, "heavy-cavalry-W7");
      g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_LEFT, 0, -1));
      g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_CENTRE, 1, -1));
      g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CARDS_DONE, -1, -1, -1));
      g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_INITIATIVE);
      cca_push (dice, face);
      g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_INITIATIVE, -1, -1, -1));
      switch (face[0])
        {
        case 'S':
          g_assert_true (cca_legal (s, ACIES_CCA_A_USE_DIE, hc, -2));
          g_assert_false (cca_legal (s, ACIES_CCA_A_USE_DIE, cca_unit (s, "light-cavalry-U7"), -2));
          g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_USE_DIE, hc, -1, -1));
          g_assert_cmpint (s->units[hc].ordered, !=, 0);
          break;
        case 'F':
          g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_USE_DIE, hc, -1, -1));
          /* Its full move back: 2 hexes for heavy cavalry, W7 to row 9. */
          while (s->step == ACIES_CCA_STEP_RETREAT)
            {
              GArray *legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

              acies_cca_legal_actions (s, legal);
              g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_RETREAT,
                                      g_array_index (legal, AciesAction, 0).args[0], -1, -1));
              g_array_unref (legal);
            }
          g_assert_cmpint (s->units[hc].cell / 26, ==, 8);
          g_assert_true (s->units[hc].flags & ACIES_CCA_UF_NO_BATTLE);
          break;
        case 'X':
          g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_USE_DIE, hc, -1, -1));
          g_assert_cmpint (s->units[hc].blocks, ==, 2);
          g_assert_cmpint (s->units[hc].ordered, ==, 0);
          break;
        default:
          /* No medium unit on the right: nothing to do with the die. */
          g_assert_false (cca_legal (s, ACIES_CCA_A_USE_DIE, hc, -2));
          break;
        }
    }
}

/* Q31: I Am Spartacus rolls as many dice as the command (the hand with
 * the card); each unit symbol orders a unit of that class. */
static void
test_spartacus_dice (void)
{
  static const gint south[] = { ACIES_CCA_CARD_SPARTACUS, ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_TWO_RIGHT, -1 };
  static const gint north[] = { -1 };
  g_autoptr(AciesScenario) scn = epic_scenario ();
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  cca_scn_side_int (scn, 1, "hand_size", 3);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, south);
  cca_push (dice, "CTS");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_SPARTACUS, 5, -1));
  g_assert_cmpint (acies_dice_pending (dice), ==, 0);
  g_assert_cmpint (s->n_pending, ==, 3);
}

/* Complete random Epic games: the invariants hold, every game ends. */
static void
test_random (void)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();

  for (guint64 seed = 1; seed <= 40; seed++)
    {
      g_autoptr(GError) error = NULL;
      AciesPlayout out;

      if (!acies_playout_random (cca_ruleset (), scn, NULL, seed, 100000, TRUE, TRUE, &out, &error))
        g_error ("seed %" G_GUINT64_FORMAT ": %s", seed, error->message);
      if (!out.finished)
        {
          AciesCcaState *st = ACIES_CCA (acies_ruleset_new_state (cca_ruleset (), scn, NULL, &error));
          g_autoptr(AciesDice) dice = acies_dice_new_seeded (seed);

          for (guint i = 0; i < out.log->len; i++)
            {
              AciesAction *a = &g_array_index (out.log, AciesAction, i);

              if (i + 30 > out.log->len)
                {
                  g_autofree char *text = acies_ruleset_describe_action (cca_ruleset (), &st->base, a);
                  g_test_message ("%u step %d top %d seat %d: %s", i, st->step, st->top, st->seat, text);
                }
              acies_ruleset_apply (cca_ruleset (), &st->base, a, dice, NULL, NULL);
            }
        }
      g_assert_true (out.finished);
      acies_playout_clear (&out);
    }
}

/* EP-1.2: giving a Normal card to a General is an action of its own,
 * "give", citing EP-1.2; an Army card is still played (EP-1.15). */
static void
test_give_action (void)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();
  g_autoptr(AciesCcaState) s = cca_state_new (scn, NULL);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  static const gint south[] = { ACIES_CCA_CARD_TWO_LEFT, ACIES_CCA_CARD_LIGHT, -1 };
  static const gint north[] = { -1 };
  const AciesActionSpec *spec;
  guint type = 0;
  guint n_give = 0, n_play = 0;

  spec = acies_ruleset_find_action_spec (cca_ruleset (), "give", &type);
  g_assert_nonnull (spec);
  g_assert_cmpuint (type, ==, ACIES_CCA_A_GIVE);
  g_assert_cmpstr (spec->rule, ==, "CCA EP-1.2");
  cca_deal (s, north, south);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_EPIC_CARDS);
  acies_ruleset_legal_actions (cca_ruleset (), &s->base, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (a->type == ACIES_CCA_A_GIVE)
        {
          g_autofree char *text = acies_ruleset_describe_action (cca_ruleset (), &s->base, a);

          g_assert_cmpint (s->st->cards[a->args[0]].epic, ==, ACIES_CCA_EPIC_NORMAL);
          g_assert_true (g_str_has_prefix (text, "Give "));
          n_give++;
        }
      if (a->type == ACIES_CCA_A_PLAY)
        {
          g_assert_cmpint (s->st->cards[a->args[0]].epic, ==, ACIES_CCA_EPIC_ARMY);
          n_play++;
        }
    }
  g_assert_cmpuint (n_give, >=, 1);
  g_assert_cmpuint (n_play, >=, 1);
  g_assert_true (cca_legal (s, ACIES_CCA_A_GIVE, ACIES_CCA_CARD_TWO_LEFT, 0));
  g_assert_true (cca_legal (s, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_LIGHT, -2));
  /* The old words are not offered any more. */
  g_assert_false (cca_legal (s, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_TWO_LEFT, 0));
}

/* EP-1.2: a game saved before "give" existed (made on main with the Epic
 * gives written as "play") still loads: each such "play" replays as the
 * give it meant, to the stored digest, and is written back as "give". */
static void
test_give_old_save (void)
{
  g_autofree char *path = g_build_filename (TEST_SRCDIR, "cca", "fixtures",
                                            "cannae-epic-give-as-play.acies-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesGame) game = acies_game_load_file (file, &error);
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  guint n_give = 0, n_army = 0;

  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 400);
  for (guint i = 0; i < acies_game_get_n_actions (game); i++)
    {
      const AciesAction *a = acies_game_get_action (game, i);

      n_give += a->type == ACIES_CCA_A_GIVE;
      n_army += a->type == ACIES_CCA_A_PLAY;
    }
  g_assert_cmpuint (n_give, >, 0);
  g_assert_cmpuint (n_army, >, 0);
  root = acies_game_to_json (game);
  text = json_to_string (root, FALSE);
  g_assert_nonnull (strstr (text, "\"type\":\"give\""));
}

/* EP-1.5, S3.6: the row that gives a card carries the card's whole text,
 * the catalogue's "effect" and, in an Epic battle, its "epic effect". */
static void
test_card_full_text (void)
{
  g_autoptr(AciesScenario) scn = epic_scenario ();
  g_autoptr(AciesCcaState) s = cca_state_new (scn, NULL);
  AciesAction give, move;
  g_autofree char *text = NULL;
  g_autofree char *none = NULL;

  acies_cca_set_action (&give, ACIES_CCA_A_GIVE, 1, ACIES_CCA_CARD_TWO_LEFT, 0, -1);
  text = acies_ruleset_explain_action (cca_ruleset (), &s->base, &give);
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, s->st->card_effect[ACIES_CCA_CARD_TWO_LEFT]));
  g_assert_nonnull (s->st->card_epic_effect[ACIES_CCA_CARD_TWO_LEFT]);
  g_assert_nonnull (strstr (text, s->st->card_epic_effect[ACIES_CCA_CARD_TWO_LEFT]));
  /* An action that plays no card has no more to say. */
  acies_cca_set_action (&move, ACIES_CCA_A_CARDS_DONE, 1, -1, -1, -1);
  none = acies_ruleset_explain_action (cca_ruleset (), &s->base, &move);
  g_assert_null (none);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/cca/EP-PL/seats", test_seats);
  g_test_add_func ("/acies/cca/EP-1.2/give-action", test_give_action);
  g_test_add_func ("/acies/cca/EP-1.2/give-saved-as-play", test_give_old_save);
  g_test_add_func ("/acies/cca/EP-1.5/card-full-text", test_card_full_text);
  g_test_add_func ("/acies/cca/EP-1.3/normal-cards-to-generals", test_normal_cards);
  g_test_add_func ("/acies/cca/EP-1.4/card-given-unseen", test_card_given_unseen);
  g_test_add_func ("/acies/cca/EP-1.13/inspired-general", test_inspired_general);
  g_test_add_func ("/acies/cca/EP-1.15/army-card-command", test_army_card);
  g_test_add_func ("/acies/cca/CC-T19/two-line-commands", test_line_commands);
  g_test_add_func ("/acies/cca/EP-1.17/first-strike-cancels", test_first_strike_cancel);
  g_test_add_func ("/acies/cca/EP-T1d/at-least-one-card", test_at_least_one_card);
  g_test_add_func ("/acies/cca/EP-T1c/army-card-alone", test_army_card_alone);
  g_test_add_func ("/acies/cca/EP-T1b/no-initiative-after-army", test_no_initiative_after_army);
  g_test_add_func ("/acies/cca/EP-2/one-order-per-unit", test_one_order_per_unit);
  g_test_add_func ("/acies/cca/EP-4/draws", test_epic_draws);
  g_test_add_func ("/acies/cca/EP-1.1/deck", test_epic_deck);
  g_test_add_func ("/acies/cca/EP-1.2/weights", test_weights);
  g_test_add_func ("/acies/cca/EP-1.9/leadership-split", test_leadership_split);
  g_test_add_func ("/acies/cca/EP-1.5/section-card", test_section_card);
  g_test_add_func ("/acies/cca/EP-1.7/coordinated-attack", test_coordinated);
  g_test_add_func ("/acies/cca/EP-1.8/outflanked", test_outflanked);
  g_test_add_func ("/acies/cca/EP-1.14/initiative-results", test_initiative_results);
  g_test_add_func ("/acies/cca/Q31/spartacus-dice", test_spartacus_dice);
  g_test_add_func ("/acies/cca/EP-V/random-games", test_random);
  return g_test_run ();
}
