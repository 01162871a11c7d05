/* test-cca-scenario.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cca"

#include "config.h"

#include <string.h>

#include "io/acies-scenario-io.h"
#include "model/acies-problem.h"
#include "cca-test-common.h"

/*
 * The battles' own rules as catalogue kinds (S4.3, SCN-, Q11-Q26,
 * CC-T13 to CC-T15), the set-up (S2, S3) and validation.
 */

/* Plays out the active side's turn doing nothing. */
static void
pass_turn (AciesCcaState *s,
           AciesDice     *dice)
{
  gint side = s->base.active_side;

  if (s->step == ACIES_CCA_STEP_CARD)
    g_assert_true (cca_act (s, dice, NULL, s->st->dice_orders[side] ? ACIES_CCA_A_ROLL_ORDERS : ACIES_CCA_A_PLAY,
                            s->st->dice_orders[side] ? -1 : s->hand[side][0], -2, -2));
  while (!s->base.finished && s->base.active_side == side)
    {
      gint end = s->step == ACIES_CCA_STEP_ORDER ? ACIES_CCA_A_ORDER_DONE
               : s->step == ACIES_CCA_STEP_MOVE ? ACIES_CCA_A_MOVE_DONE
               : s->step == ACIES_CCA_STEP_BATTLE ? ACIES_CCA_A_BATTLE_DONE
               : s->step == ACIES_CCA_STEP_DICE_ORDER ? ACIES_CCA_A_USE_DIE : -1;

      g_assert_cmpint (end, >=, 0);
      g_assert_true (cca_act (s, dice, NULL, end, -2, -2, -2));
    }
}

/* S2-blocks, S2-cmdr, S2-class: blocks per unit type, from the catalogue;
 * symbol classes; a commander is one block and no unit. */
static void
test_blocks (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const struct { const char *type; gint blocks; gint cls; } cases[] = {
    { "light-infantry", 4, ACIES_CCA_LIGHT }, { "auxilia", 4, ACIES_CCA_LIGHT }, { "warrior", 4, ACIES_CCA_MEDIUM },
    { "heavy-infantry", 4, ACIES_CCA_HEAVY }, { "light-war-machine", 2, ACIES_CCA_LIGHT },
    { "heavy-war-machine", 2, ACIES_CCA_HEAVY }, { "medium-cavalry", 3, ACIES_CCA_MEDIUM },
    { "camel", 3, ACIES_CCA_MEDIUM }, { "elephant", 2, ACIES_CCA_HEAVY }, { "heavy-chariot", 2, ACIES_CCA_HEAVY },
    { "barbarian-light-chariot", 3, ACIES_CCA_LIGHT },
  };
  static const char *cells[] = { "A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1", "J1", "K1" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    cca_scn_unit (scn, 0, cases[i].type, cells[i], 0);
  cca_scn_leader (scn, 0, "legate", "A1");
  s = cca_state_new (scn, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gint u = s->unit_at[cca_cell (s, cells[i])];

      g_assert_cmpint (s->units[u].blocks, ==, cases[i].blocks);
      g_assert_cmpint (acies_cca_prof (s, u)->cls, ==, cases[i].cls);
    }
  /* The commander is not one of the units. */
  g_assert_cmpuint (s->st->n_units, ==, G_N_ELEMENTS (cases));
  g_assert_cmpint (s->leaders[0].unit, ==, s->unit_at[cca_cell (s, "A1")]);
}

/* S3.2, B15, EP-BF, S1-epic: three sections, a hex cut by a dotted line in both;
 * 4 hexes of flank on 13, 8 on the 26-hex Epic map. */
static void
test_sections (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesScenario) epic = cca_scn_new (26, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesCcaState) e = NULL;

  cca_scn_unit (scn, 0, "medium-infantry", "A1", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "A9", 0);
  cca_scn_unit (epic, 0, "medium-infantry", "A1", 0);
  cca_scn_unit (epic, 1, "medium-infantry", "A9", 0);
  s = cca_state_new (scn, NULL);
  e = cca_state_new (epic, NULL);
  /* South view: D1 (col 4) left... the long rows: A-D left, E-I centre,
   * J-M right; the short rows: D and I on the lines. */
  g_assert_cmpint (acies_cca_sections_of (s, cca_cell (s, "D1"), 1), ==, ACIES_CCA_LEFT);
  g_assert_cmpint (acies_cca_sections_of (s, cca_cell (s, "E1"), 1), ==, ACIES_CCA_CENTRE);
  g_assert_cmpint (acies_cca_sections_of (s, cca_cell (s, "J1"), 1), ==, ACIES_CCA_RIGHT);
  g_assert_cmpint (acies_cca_sections_of (s, cca_cell (s, "D2"), 1), ==, ACIES_CCA_LEFT | ACIES_CCA_CENTRE);
  g_assert_cmpint (acies_cca_sections_of (s, cca_cell (s, "I2"), 1), ==, ACIES_CCA_CENTRE | ACIES_CCA_RIGHT);
  /* The north sees it turned round. */
  g_assert_cmpint (acies_cca_sections_of (s, cca_cell (s, "D1"), 0), ==, ACIES_CCA_RIGHT);
  /* Epic: 8 hexes a flank. */
  g_assert_cmpint (acies_cca_sections_of (e, cca_cell (e, "H1"), 1), ==, ACIES_CCA_LEFT);
  g_assert_cmpint (acies_cca_sections_of (e, cca_cell (e, "I1"), 1), ==, ACIES_CCA_CENTRE);
  g_assert_cmpint (acies_cca_sections_of (e, cca_cell (e, "S1"), 1), ==, ACIES_CCA_RIGHT);
}

/* S3.9, S5.1: the first player moves first; turns alternate. */
static void
test_first_player (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (1);

  cca_scn_unit (scn, 0, "medium-infantry", "A1", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "A9", 0);
  s = cca_state_new (scn, NULL);
  g_assert_cmpint (s->base.deciding_side, ==, 1);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_DEAL, -1, -1, -1));
  g_assert_cmpint (s->base.active_side, ==, 1);
  pass_turn (s, dice);
  g_assert_cmpint (s->base.active_side, ==, 0);
  g_assert_cmpuint (s->base.turn, ==, 1);
  pass_turn (s, dice);
  g_assert_cmpuint (s->base.turn, ==, 2);
}

/* S4.1: the first side to its flags wins at once. */
static void
test_win (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;

  cca_scn_unit (scn, 0, "medium-infantry", "F5", 1);
  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_side_int (scn, 1, "flags", 1);
  s = cca_state_new (scn, NULL);
  acies_cca_lose_blocks (s, cca_unit (s, "medium-infantry-F5"), 1, NULL, "test");
  acies_cca_check_win (s, NULL);
  g_assert_true (s->base.finished);
  g_assert_cmpint (s->base.winner, ==, 1);
  g_assert_nonnull (strstr (s->base.end_reason, "S4.1"));
}

/* SCN Hill Gate, CC-T14, Q11: a unit on an enemy camp hex at the start of
 * its side's turn takes it before the card: a flag that stays. */
static void
test_camp_capture (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (2);
  AciesRuleEntry *camp;

  cca_scn_unit (scn, 0, "medium-infantry", "A1", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F2", 0);
  cca_scn_terrain (scn, "F2", "camp");
  cca_scn_area (scn, "samnite-camp", "camp", 0, "F2 G2");
  camp = cca_scn_victory (scn, "camp-capture", 1);
  json_object_set_string_member (camp->params, "area", "samnite-camp");
  s = cca_state_new (scn, NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_DEAL, -1, -1, -1));
  /* The north's turn first: nothing taken. */
  g_assert_cmpint (acies_cca_total_flags (s, 1), ==, 0);
  pass_turn (s, dice);
  /* The south's turn begins: F2 is taken, a flag that stays. */
  g_assert_cmpint (s->base.active_side, ==, 1);
  g_assert_cmpint (s->flags[1], ==, 1);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_CARD);
  /* The unit leaves: the flag stays; the hex gives no second flag. */
  acies_cca_place_unit (s, cca_unit (s, "medium-infantry-F2"), cca_cell (s, "F3"));
  acies_cca_place_unit (s, cca_unit (s, "medium-infantry-F2"), cca_cell (s, "F2"));
  pass_turn (s, dice);
  pass_turn (s, dice);
  g_assert_cmpint (s->flags[1], ==, 1);
  g_assert_true (acies_cca_check_invariants (s, NULL));
}

/* SCN Gergovia, CC-T13: the first camp hex taken gives no flag, the
 * second and third one each; a unit on a wall hex holds a flag while it
 * stays (Q33). */
static void
test_gergovia_objectives (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (2);
  AciesRuleEntry *camp, *hold;

  cca_scn_unit (scn, 0, "medium-infantry", "A1", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "E2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "G2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "J5", 0);
  cca_scn_area (scn, "gallic-camp", "camp", 0, "E2 G2 I2");
  cca_scn_area (scn, "walls", "objective", 0, "J4 K4");
  camp = cca_scn_victory (scn, "camp-capture", 1);
  json_object_set_string_member (camp->params, "area", "gallic-camp");
  json_object_set_int_member (camp->params, "first_flag", 2);
  hold = cca_scn_victory (scn, "hold", 1);
  json_object_set_string_member (hold->params, "area", "walls");
  s = cca_state_new (scn, NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_DEAL, -1, -1, -1));
  pass_turn (s, dice);
  /* Two camp hexes at the start of the south's turn: the first gives no
   * flag, the second one. */
  g_assert_cmpint (s->flags[1], ==, 1);
  /* The walls: a flag while held. */
  acies_cca_place_unit (s, cca_unit (s, "medium-infantry-J5"), cca_cell (s, "J4"));
  acies_cca_update_held (s, NULL);
  g_assert_cmpint (acies_cca_total_flags (s, 1), ==, 2);
  acies_cca_place_unit (s, cca_unit (s, "medium-infantry-J5"), cca_cell (s, "J5"));
  acies_cca_update_held (s, NULL);
  g_assert_cmpint (acies_cca_total_flags (s, 1), ==, 1);
}

/* SCN Ilerda, Q15, Q16: both camp hexes taken give one flag; two units on
 * the hill at the start of the turn hold a flag until fewer remain. */
static void
test_ilerda_objectives (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (2);
  AciesRuleEntry *camp, *hill;

  cca_scn_unit (scn, 0, "medium-infantry", "A1", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "E2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "G5", 0);
  cca_scn_area (scn, "camp", "camp", 0, "E2 F2");
  cca_scn_area (scn, "hill", "objective", -1, "F5 G5 H5");
  camp = cca_scn_victory (scn, "camp-capture", 1);
  json_object_set_string_member (camp->params, "area", "camp");
  json_object_set_boolean_member (camp->params, "all_hexes", TRUE);
  hill = cca_scn_victory (scn, "hold", 1);
  json_object_set_string_member (hill->params, "area", "hill");
  json_object_set_int_member (hill->params, "units", 2);
  json_object_set_boolean_member (hill->params, "at_start", TRUE);
  s = cca_state_new (scn, NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_DEAL, -1, -1, -1));
  pass_turn (s, dice);
  /* One camp hex only: no flag yet; the hill held: one. */
  g_assert_cmpint (s->flags[1], ==, 0);
  g_assert_cmpint (s->held[1], ==, 1);
  acies_cca_place_unit (s, cca_unit (s, "medium-infantry-E2"), cca_cell (s, "F2"));
  acies_cca_place_unit (s, cca_unit (s, "medium-infantry-F5"), cca_cell (s, "F6"));
  acies_cca_update_held (s, NULL);
  g_assert_cmpint (s->held[1], ==, 0);
  pass_turn (s, dice);
  pass_turn (s, dice);
  /* Both camp hexes taken now: one flag. */
  g_assert_cmpint (s->flags[1], ==, 1);
}

/* SCN Brindisi, Q22, K1: ship blocks: a unit on such a coast hex at the
 * start of its turn gains a flag that stays, once per hex. */
static void
test_occupy (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (2);
  AciesRuleEntry *ships, *ford;

  cca_scn_unit (scn, 0, "medium-infantry", "A1", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F2", 0);
  cca_scn_terrain (scn, "F2", "coast");
  cca_scn_area (scn, "ships", "objective", -1, "F2");
  ships = cca_scn_victory (scn, "occupy", 1);
  json_object_set_string_member (ships->params, "area", "ships");
  ford = cca_scn_rule (scn, "fordable", -1);
  json_object_set_string_member (ford->params, "terrain", "coast");
  s = cca_state_new (scn, NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_DEAL, -1, -1, -1));
  pass_turn (s, dice);
  g_assert_cmpint (s->flags[1], ==, 1);
  pass_turn (s, dice);
  pass_turn (s, dice);
  g_assert_cmpint (s->flags[1], ==, 1);
}

/* SCN Utica 2, Dyrrhachium, Ruspina, Q19, Q21: a unit leaving by the exit
 * hexes gains its side a flag and is out of the battle; Utica: mounted
 * only; Ruspina: commanders too. */
static void
test_exit (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  AciesRuleEntry *exit;
  gint lc, mi;

  cca_scn_unit (scn, 1, "light-cavalry", "B3", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "A2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "M1", 0);
  cca_scn_area (scn, "exit", "exit", 1, "A1 B1");
  exit = cca_scn_victory (scn, "exit", 1);
  json_object_set_string_member (exit->params, "area", "exit");
  json_object_set_string_member (exit->params, "unit_class", "mounted");
  s = cca_state_new (scn, NULL);
  lc = cca_unit (s, "light-cavalry-B3");
  mi = cca_unit (s, "medium-infantry-A2");
  cca_force_orders (s, dice, -1, "light-cavalry-B3", "medium-infantry-A2", NULL);
  g_assert_true (cca_legal (s, ACIES_CCA_A_EXIT, lc, -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_EXIT, mi, -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_EXIT, lc, -1, -1));
  g_assert_cmpint (s->units[lc].status, ==, ACIES_CCA_EXITED);
  g_assert_cmpint (s->flags[1], ==, 1);
  g_assert_cmpint (s->flags[0], ==, 0);
}

/* SCN Valentia, Q25: a card orders the units of one command only. */
static void
test_one_command (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_FOUR_CENTRE, -1 };
  static const gint none[] = { -1 };
  AciesFormation *herennius = acies_formation_new ("herennius", "north", "command");
  AciesFormation *perpenna = acies_formation_new ("perpenna", "north", "command");
  AciesUnit *u;

  g_ptr_array_add (scn->formations, herennius);
  g_ptr_array_add (scn->formations, perpenna);
  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "G2", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "H2", 0);
  u = g_ptr_array_index (scn->units, 0);
  u->formation = g_strdup ("herennius");
  u = g_ptr_array_index (scn->units, 1);
  u->formation = g_strdup ("perpenna");
  u = g_ptr_array_index (scn->units, 2);
  u->formation = g_strdup ("herennius");
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  cca_scn_rule (scn, "one-command-per-card", 0);
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_FOUR_CENTRE, -2, -1));
  g_assert_true (cca_act (s, NULL, NULL, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-F2"), -1, -1));
  g_assert_false (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-G2"), -2));
  g_assert_true (cca_legal (s, ACIES_CCA_A_ORDER, cca_unit (s, "medium-infantry-H2"), -2));
}

/* SCN Bibracte, Q26: the recruits may not move out of their hexes but may
 * fight; they retreat when forced (option). */
static void
test_hold_position (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  AciesRuleEntry *hold;
  gint aux;

  cca_scn_unit (scn, 1, "auxilia", "F8", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "A1", 0);
  cca_scn_area (scn, "roman-camp", "restricted", 1, "F8 G8");
  hold = cca_scn_rule (scn, "hold-position", 1);
  json_object_set_string_member (hold->params, "area", "roman-camp");
  s = cca_state_new (scn, NULL);
  aux = cca_unit (s, "auxilia-F8");
  cca_force_orders (s, dice, -1, "auxilia-F8", NULL);
  g_assert_true (cca_legal (s, ACIES_CCA_A_MOVE, aux, cca_cell (s, "G8")));
  g_assert_false (cca_legal (s, ACIES_CCA_A_MOVE, aux, cca_cell (s, "F7")));
}

/* SCN Lauron, Brindisi, Q24: a unit with its own retreat edge retreats
 * toward it. */
static void
test_retreat_edge (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  AciesUnit *unit;
  gint16 cells[2];
  gint u;

  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  unit = g_ptr_array_index (scn->units, 0);
  json_object_set_string_member (unit->attrs, "retreat_edge", "south");
  cca_scn_unit (scn, 1, "medium-infantry", "A9", 0);
  s = cca_state_new (scn, NULL);
  u = cca_unit (s, "medium-infantry-F5");
  g_assert_cmpuint (acies_cca_retreat_cells (s, u, cells), ==, 2);
  /* South: F6 and E6 (the row below). */
  g_assert_true ((cells[0] == cca_cell (s, "E6") && cells[1] == cca_cell (s, "F6"))
                 || (cells[0] == cca_cell (s, "F6") && cells[1] == cca_cell (s, "E6")));
}

/* SCN Utica 1, CC-T15, Q17: the Numidian rolls two dice instead of a
 * card: a green circle orders a light unit of his choice; crossed swords
 * take a block from a unit of his (option: an enemy's); a helmet orders
 * the commander and his unit; a flag makes a unit retreat its full
 * distance. */
static void
test_dice_orders (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  AciesRuleEntry *rule;
  gint lc, mc;

  cca_scn_unit (scn, 0, "light-cavalry", "F2", 0);
  cca_scn_unit (scn, 0, "medium-cavalry", "H2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  rule = cca_scn_rule (scn, "dice-orders", 0);
  json_object_set_int_member (rule->params, "dice", 2);
  s = cca_state_new (scn, NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_DEAL, -1, -1, -1));
  g_assert_cmpuint (s->hand_len[0], ==, 0);
  lc = cca_unit (s, "light-cavalry-F2");
  mc = cca_unit (s, "medium-cavalry-H2");
  cca_push (dice, "CX");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ROLL_ORDERS, -1, -1, -1));
  g_assert_true (cca_legal (s, ACIES_CCA_A_USE_DIE, lc, -2));
  g_assert_false (cca_legal (s, ACIES_CCA_A_USE_DIE, mc, -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_USE_DIE, lc, -1, -1));
  /* The swords: a Numidian unit loses a block; it may not be left. */
  g_assert_false (cca_legal (s, ACIES_CCA_A_USE_DIE, -1, -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_USE_DIE, mc, -1, -1));
  g_assert_cmpint (s->units[mc].blocks, ==, 2);
  g_assert_cmpint (s->units[lc].ordered, ==, 1);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_MOVE);
}

/* SCN Gergovia, Q12, Q13: a Commander (Leadership) card may bring the
 * reinforcements onto their hexes, the commander with one of them; they
 * may not move that turn; before his next turn the enemy places his own. */
static void
test_reinforcements (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  static const gint north[] = { ACIES_CCA_CARD_LEADERSHIP, -1 };
  static const gint none[] = { -1 };
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  AciesRuleEntry *rule;
  gint a, b, r, l;

  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_unit (scn, 0, "warrior", NULL, 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", NULL, 0);
  cca_scn_leader (scn, 0, "vercingetorix", NULL);
  cca_scn_area (scn, "gallic-entry", "reinforcement", 0, "A3 A4 A5");
  cca_scn_area (scn, "roman-left", "reinforcement", 1, "A8 A9");
  rule = cca_scn_rule (scn, "reinforcements-by-card", 0);
  json_object_set_string_member (rule->params, "area", "gallic-entry");
  json_object_set_string_member (rule->params, "enemy_area", "roman-left");
  s = cca_state_new (scn, NULL);
  cca_deal (s, north, none);
  a = cca_unit (s, "warrior-off");
  r = cca_unit (s, "heavy-infantry-off");
  l = cca_leader (s, "vercingetorix");
  g_assert_cmpint (s->units[a].status, ==, ACIES_CCA_OFF);
  g_assert_true (cca_legal (s, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_LEADERSHIP, -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLAY, ACIES_CCA_CARD_LEADERSHIP, -1, 1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_PLACE);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLACE, a, cca_cell (s, "A4"), -1));
  g_assert_cmpint (s->units[a].ordered, ==, 1);
  g_assert_cmpuint (acies_cca_move_allowance (s, a), ==, 0);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLACE, (gint) s->st->n_units + l, cca_cell (s, "A4"), -1));
  g_assert_cmpint (s->leaders[l].unit, ==, a);
  /* Nothing moves or battles: the turn ends; the Romans answer before
   * their card. */
  g_assert_cmpint (s->base.active_side, ==, 1);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_PLACE);
  g_assert_cmpint (s->base.deciding_side, ==, 1);
  b = cca_cell (s, "A9");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_PLACE, r, b, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_CARD);
}

/* SCN Gergovia, Q14: hill hexes next to a forest cannot be climbed from
 * the forest; going down is allowed; no close combat between them. */
static void
test_steep_hills (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint li;

  cca_scn_unit (scn, 1, "medium-infantry", "F6", 0);
  cca_scn_unit (scn, 0, "light-infantry", "G5", 0);
  cca_scn_terrain (scn, "F6", "forest");
  cca_scn_terrain (scn, "F5", "hill");
  cca_scn_terrain (scn, "G5", "hill");
  cca_scn_rule (scn, "steep-hills", -1);
  s = cca_state_new (scn, NULL);
  li = cca_unit (s, "medium-infantry-F6");
  g_assert_true (s->st->steep[cca_cell (s, "F5")]);
  cca_force_orders (s, dice, -1, "medium-infantry-F6", NULL);
  /* Out of the forest onto open ground, yes; up the hill, no. */
  g_assert_true (cca_legal (s, ACIES_CCA_A_MOVE, li, cca_cell (s, "E6")));
  g_assert_false (cca_legal (s, ACIES_CCA_A_MOVE, li, cca_cell (s, "F5")));
  g_assert_false (acies_cca_close_target_ok (s, li, cca_unit (s, "light-infantry-G5"), FALSE));
}

/* Validation names what cannot be played: an unknown unit type, two units
 * in a hex, a Caesar rule without Caesar, a unit off the map no rule
 * brings. */
static void
test_validation (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_problem_free);
  g_autoptr(GError) error = NULL;
  AciesRuleEntry *caesar;
  AciesState *state;
  gboolean off = FALSE, julius = FALSE;

  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", NULL, 0);
  caesar = cca_scn_rule (scn, "caesar", 1);
  json_object_set_string_member (caesar->params, "leader", "julius");
  acies_ruleset_validate (cca_ruleset (), scn, problems);
  for (guint i = 0; i < problems->len; i++)
    {
      AciesProblem *p = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", p->path, p->message);
      off |= strstr (p->message, "off the map") != NULL;
      julius |= strstr (p->message, "julius") != NULL;
    }
  g_assert_true (off);
  g_assert_true (julius);
  state = acies_ruleset_new_state (cca_ruleset (), scn, NULL, &error);
  g_assert_null (state);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
}

/* S4.1: a scenario that names no victory condition validates with a
 * warning at $.victory (it plays: the flags still win), not silently. */
static void
test_no_victory (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_problem_free);
  g_autoptr(AciesCcaState) s = NULL;
  AciesProblem *p;

  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  g_ptr_array_set_size (scn->victory, 0);
  acies_ruleset_validate (cca_ruleset (), scn, problems);
  g_assert_cmpuint (problems->len, ==, 1);
  p = g_ptr_array_index (problems, 0);
  g_assert_cmpint (p->severity, ==, ACIES_PROBLEM_WARNING);
  g_assert_cmpstr (p->path, ==, "$.victory");
  g_assert_nonnull (strstr (p->message, "S4.1"));
  g_ptr_array_add (scn->victory, acies_rule_entry_new ("flags"));
  g_ptr_array_set_size (problems, 0);
  acies_ruleset_validate (cca_ruleset (), scn, problems);
  g_assert_cmpuint (problems->len, ==, 0);
  s = cca_state_new (scn, NULL);
  g_assert_cmpint (s->st->flags_to_win[0], ==, 6);
}

/* S3.6, S5.2: a battle that validates can be played: a side dealt no
 * Command card (and not ordering by dice), a deck smaller than the two
 * hands, or a card count that is no whole number are refused by
 * validation with the place and the reason, and by new_state. */
static gboolean
problem_at (GPtrArray  *problems,
            const char *path,
            const char *words)
{
  for (guint i = 0; i < problems->len; i++)
    {
      AciesProblem *p = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", p->path, p->message);
      if (p->severity == ACIES_PROBLEM_ERROR && g_str_has_prefix (p->path, path)
          && strstr (p->message, words) != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
check_refused (AciesScenario *scn,
               const char    *path,
               const char    *words)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_problem_free);
  g_autoptr(GError) error = NULL;
  AciesState *state;

  acies_ruleset_validate (cca_ruleset (), scn, problems);
  g_assert_true (problem_at (problems, path, words));
  state = acies_ruleset_new_state (cca_ruleset (), scn, NULL, &error);
  g_assert_null (state);
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
}

static void
set_overrides (AciesScenario *scn,
               const char    *json)
{
  g_autoptr(JsonNode) node = json_from_string (json, NULL);

  g_assert_nonnull (node);
  g_clear_pointer (&scn->table_overrides, json_object_unref);
  scn->table_overrides = json_object_ref (json_node_get_object (node));
}

static void
test_unplayable_deck (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 0);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(GString) zero = g_string_new ("{\"cards\": {\"cells\": [");
  AciesCatalogue *cat = acies_ruleset_get_catalogue (cca_ruleset ());
  const AciesTable *cards = NULL;

  cca_scn_unit (scn, 0, "medium-infantry", "F2", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  cca_scn_side_int (scn, 0, "hand_size", 4);
  cca_scn_side_int (scn, 1, "hand_size", 6);

  /* A hand of 0: the army can never take a turn. */
  cca_scn_side_int (scn, 0, "hand_size", 0);
  check_refused (scn, "$.sides[0].params.hand_size", "expected an integer from 1 to");
  cca_scn_side_int (scn, 0, "hand_size", 4);

  /* A count that is no whole number, or negative. */
  set_overrides (scn, "{\"cards\": {\"cells\": [{\"row\": \"Order two units left\", \"column\": \"count\", \"value\": \"lots\"}]}}");
  check_refused (scn, "$.table_overrides", "expected an integer from 0 to 60");
  set_overrides (scn, "{\"cards\": {\"cells\": [{\"row\": \"Order two units left\", \"column\": \"count\", \"value\": -5}]}}");
  check_refused (scn, "$.table_overrides", "expected an integer from 0 to 60");

  /* An empty deck, then 9 cards for hands of 4 + 6. */
  for (guint i = 0; i < cat->tables->len && cards == NULL; i++)
    if (g_strcmp0 (((AciesTable *) g_ptr_array_index (cat->tables, i))->id, "cards") == 0)
      cards = g_ptr_array_index (cat->tables, i);
  g_assert_nonnull (cards);
  for (guint r = 0; r < cards->rows->len; r++)
    g_string_append_printf (zero, "%s{\"row\": \"%s\", \"column\": \"count\", \"value\": %d}",
                            r > 0 ? ", " : "", (const char *) g_ptr_array_index (cards->rows, r), r == 0 ? 9 : 0);
  g_string_append (zero, "]}}");
  set_overrides (scn, zero->str);
  check_refused (scn, "$.table_overrides.cards", "fewer than the 10");
  cca_scn_side_int (scn, 1, "hand_size", 5);
  s = cca_state_new (scn, NULL);
  g_assert_cmpint (s->st->hand_start[1], ==, 5);
}

/* The bundled battles ---------------------------------------------------- */

/* What the book's Council of War and special rules say of a battle. */
typedef struct
{
  const char *file;
  gint        first;          /* the side that moves first */
  gint        hand[2];        /* Command cards */
  gint        flags;          /* victory flags, both sides */
  const char *rules;          /* special rule kinds, space-separated */
  const char *objectives;     /* victory kinds beside flags */
  guint       width;
} Council;

/* S3.1, S3.3, S3.4, S3.9, S4.1, S4.3, S2-armies, B16, B17, battles 1, 2, 6, 15, 16, 18, 19
 * and E4: a bundled battle loads with the book's Council of War (who moves
 * first, the cards of each side, the flags), its special rules and
 * objectives, its terrain and units on the map, and its army colours. */
static void
test_council (gconstpointer data)
{
  const Council *c = data;
  g_autoptr(AciesScenario) scn = cca_load_bundled (c->file);
  g_autoptr(AciesCcaState) s = cca_state_new (scn, NULL);
  g_auto(GStrv) rules = g_strsplit (c->rules, " ", -1);
  g_auto(GStrv) objectives = g_strsplit (c->objectives, " ", -1);
  guint n_terrain = 0;

  g_assert_cmpint (s->st->first_side, ==, c->first);
  g_assert_cmpuint (s->st->width, ==, c->width);
  g_assert_cmpint (s->st->epic, ==, c->width == 26);
  for (gint side = 0; side < 2; side++)
    {
      const AciesSide *sd = g_ptr_array_index (scn->sides, side);

      g_assert_cmpint (s->st->hand[side], ==, c->hand[side]);
      g_assert_cmpint (s->st->flags_to_win[side], ==, c->flags);
      g_assert_nonnull (acies_params_get_string (sd->params, "army_colour", NULL));
      g_assert_nonnull (acies_params_get_string (sd->params, "commander", NULL));
    }
  for (guint i = 0; rules[i] != NULL && *rules[i]; i++)
    {
      gboolean found = FALSE;

      for (guint k = 0; k < scn->special_rules->len; k++)
        found |= g_str_equal (((AciesRuleEntry *) g_ptr_array_index (scn->special_rules, k))->kind, rules[i]);
      g_assert_true (found);
    }
  for (guint i = 0; objectives[i] != NULL && *objectives[i]; i++)
    {
      gboolean found = FALSE;

      for (guint k = 0; k < scn->victory->len; k++)
        found |= g_str_equal (((AciesRuleEntry *) g_ptr_array_index (scn->victory, k))->kind, objectives[i]);
      g_assert_true (found);
    }
  /* S3.3, S3.4: the map has terrain, each side its units and commanders. */
  for (guint cell = 0; cell < s->st->n_cells; cell++)
    n_terrain += s->st->terrain[cell] != ACIES_CCA_TER_CLEAR;
  g_assert_cmpuint (n_terrain, >, 0);
  for (gint side = 0; side < 2; side++)
    {
      guint units = 0, leaders = 0;

      for (guint u = 0; u < s->st->n_units; u++)
        units += s->st->units[u].side == side && acies_cca_on_board (s, u);
      for (guint l = 0; l < s->st->n_leaders; l++)
        leaders += s->st->leaders[l].side == side;
      g_assert_cmpuint (units, >=, 8);
      g_assert_cmpuint (leaders, >=, 2);
    }
  g_assert_true (acies_cca_check_invariants (s, NULL));
  /* The scenario's notes are for players: no file paths, no case ids. */
  g_assert_null (strstr (scn->meta.notes, "checklist"));
  g_assert_null (strstr (scn->meta.notes, "/"));
  g_assert_true (strlen (scn->meta.notes) > 500);
}

static const Council councils[] = {
  /* 1 The Hill Gate: Samnites (Pontius) 5 cards, first; Sulla 6; 5 flags. */
  { "hill-gate.acies", 0, { 5, 6 }, 5, "marian-legions impassable", "camp-capture", 13 },
  /* 2 Baetis River: Sertorius 5, first; Fufidius 4; 6 flags. */
  { "baetis-river.acies", 0, { 5, 4 }, 6, "marian-legions fordable", "", 13 },
  /* 6 Bibracte: Helvetii 4, first; Caesar 6; 7 flags. */
  { "bibracte.acies", 0, { 4, 6 }, 7, "julian-legions caesar hold-position", "camp-capture", 13 },
  /* 15 Pharsalus: Pompey 4, first; Caesar 6; 7 flags. */
  { "pharsalus.acies", 0, { 4, 6 }, 7, "julian-legions caesar impassable", "", 13 },
  /* 16 Zela: Pharnaces 4, first; Caesar 6; 7 flags. */
  { "zela.acies", 0, { 4, 6 }, 7, "julian-legions caesar", "camp-capture", 13 },
  /* 18 Thapsus: Scipio 5, first; Caesar 6; 7 flags. */
  { "thapsus.acies", 0, { 5, 6 }, 7, "julian-legions caesar", "", 13 },
  /* 19 Munda: Gnaeus Pompey 4; Caesar 6, first; 8 flags. */
  { "munda.acies", 1, { 4, 6 }, 8, "julian-legions caesar", "", 13 },
  /* E4 Cannae: Hannibal 9; Varro 6, first; 12 flags; the Aufidus and the
   * hills impassable. */
  { "cannae-epic.acies", 1, { 9, 6 }, 12, "impassable", "", 26 },
};

/* Q11: at Bibracte only the Romans take the enemy's camp (the Helvetian
 * wagon laager) for a flag that stays. */
static void
test_bibracte_camp (void)
{
  g_autoptr(AciesScenario) scn = cca_load_bundled ("bibracte.acies");
  g_autoptr(AciesCcaState) s = cca_state_new (scn, NULL);

  g_assert_cmpuint (s->st->n_objectives, ==, 1);
  g_assert_cmpint (s->st->objectives[0].kind, ==, ACIES_CCA_OBJ_CAMP);
  g_assert_cmpint (s->st->objectives[0].side, ==, 1);
}

/* Q1: the marsh check on entry by default; with marsh_check_timing =
 * battle-phase, when the battles begin. */
static void
test_marsh_timing (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(JsonObject) later = json_object_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint mi;

  cca_scn_unit (scn, 1, "medium-infantry", "F7", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "B8", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "A1", 0);
  cca_scn_terrain (scn, "F6", "marsh");
  json_object_set_string_member (later, "marsh_check_timing", "battle-phase");
  s = cca_state_new (scn, later);
  mi = s->unit_at[cca_cell (s, "F7")];
  cca_force_orders (s, dice, -1, "medium-infantry-F7", "medium-infantry-B8", NULL);
  /* No die on entry. */
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, mi, cca_cell (s, "F6"), -1));
  g_assert_cmpint (s->units[mi].blocks, ==, 4);
  /* The battles begin: the check, a blue triangle, its own symbol. */
  cca_push (dice, "T");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE_DONE, -1, -1, -1));
  g_assert_cmpint (s->units[mi].blocks, ==, 3);
  g_assert_cmpuint (acies_dice_pending (dice), ==, 0);
}

/* E4: Cannae's special rules (book, "Cannae - 216 BC"): "The river Aufidus
 * is impassable. Hill hexes are impassable."  Every river and hill hex of
 * the battle admits no unit and no commander; clear hexes still do. */
static void
test_cannae_impassable (void)
{
  g_autoptr(AciesScenario) scn = cca_load_bundled ("cannae-epic.acies");
  g_autoptr(AciesCcaState) s = cca_state_new (scn, NULL);
  guint hills = 0, rivers = 0;

  for (guint cell = 0; cell < s->st->n_cells; cell++)
    {
      gint t = s->st->terrain[cell];

      if (t != ACIES_CCA_TER_HILL && t != ACIES_CCA_TER_RIVER)
        continue;
      hills += t == ACIES_CCA_TER_HILL;
      rivers += t == ACIES_CCA_TER_RIVER;
      g_assert_true (s->st->impassable[cell]);
      g_assert_cmpuint (acies_cca_passable_types (s->st, (gint) cell), ==, 0);
      g_assert_false (acies_cca_leader_passable (s, (gint) cell));
    }
  g_assert_cmpuint (hills, >, 0);
  g_assert_cmpuint (rivers, >, 0);
  g_assert_cmpuint (acies_cca_passable_types (s->st, cca_cell (s, "M5")), !=, 0);
}

/* Q20: an exit objective may count commanders too (Ruspina): a lone
 * commander leaving by those hexes gives his army a flag. */
static void
test_exit_commander (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  AciesRuleEntry *exit;
  gint l;

  cca_scn_unit (scn, 0, "medium-infantry", "M1", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "M9", 0);
  cca_scn_leader (scn, 1, "legate", "F2");
  cca_scn_area (scn, "north-edge", "exit", 1, "E1 F1 G1");
  exit = cca_scn_victory (scn, "exit", 1);
  json_object_set_string_member (exit->params, "area", "north-edge");
  json_object_set_boolean_member (exit->params, "leaders", TRUE);
  s = cca_state_new (scn, NULL);
  l = cca_leader (s, "legate");
  cca_force_orders (s, dice, -1, "legate", NULL);
  g_assert_true (cca_legal (s, ACIES_CCA_A_EXIT, (gint) s->st->n_units + l, -2));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_EXIT, (gint) s->st->n_units + l, -1, -1));
  g_assert_cmpint (acies_cca_total_flags (s, 1), ==, 1);
  g_assert_cmpint (acies_cca_total_flags (s, 0), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/cca/S2-blocks/blocks-and-classes", test_blocks);
  g_test_add_func ("/acies/cca/S3.2/sections", test_sections);
  g_test_add_func ("/acies/cca/S3.9/first-player", test_first_player);
  g_test_add_func ("/acies/cca/S4.1/first-to-its-flags", test_win);
  g_test_add_func ("/acies/cca/CC-T14/camp-capture", test_camp_capture);
  g_test_add_func ("/acies/cca/CC-T13/gergovia-camps-and-walls", test_gergovia_objectives);
  g_test_add_func ("/acies/cca/Q15/ilerda-hill-and-camps", test_ilerda_objectives);
  g_test_add_func ("/acies/cca/Q22/brindisi-ships", test_occupy);
  g_test_add_func ("/acies/cca/Q19/exit-for-a-flag", test_exit);
  g_test_add_func ("/acies/cca/Q25/one-command-per-card", test_one_command);
  g_test_add_func ("/acies/cca/Q26/hold-position", test_hold_position);
  g_test_add_func ("/acies/cca/Q24/retreat-edge", test_retreat_edge);
  g_test_add_func ("/acies/cca/CC-T15/orders-by-dice", test_dice_orders);
  g_test_add_func ("/acies/cca/Q13/reinforcements-by-card", test_reinforcements);
  g_test_add_func ("/acies/cca/Q14/steep-hills", test_steep_hills);
  g_test_add_func ("/acies/cca/S3.8/validation", test_validation);
  g_test_add_func ("/acies/cca/S4.1/no-victory-condition-warns", test_no_victory);
  g_test_add_func ("/acies/cca/S3.6/unplayable-hand-or-deck-refused", test_unplayable_deck);
  g_test_add_func ("/acies/cca/Q11/bibracte-roman-camp", test_bibracte_camp);
  g_test_add_func ("/acies/cca/Q1/marsh-check-timing", test_marsh_timing);
  g_test_add_func ("/acies/cca/Q20/exit-commander", test_exit_commander);
  g_test_add_func ("/acies/cca/E4/cannae-hills-impassable", test_cannae_impassable);
  {
    static const char *ids[] = { "1", "2", "6", "15", "16", "18", "19", "E4" };

    for (guint i = 0; i < G_N_ELEMENTS (councils); i++)
      {
        g_autofree char *path = g_strdup_printf ("/acies/cca/%s/council-of-war", ids[i]);

        g_test_add_data_func (path, &councils[i], test_council);
      }
  }
  return g_test_run ();
}
