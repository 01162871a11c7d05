/* test-sg-command.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-sg"

#include "config.h"

#include <string.h>

#include "sg-test-common.h"

/*
 * One test per checklist case of SG 2.x, 3.x, 4.x, 11.3 and 12.1: the
 * pieces, the Player Turn, command and leaders, Turn Seizure.  Dice are
 * scripted.
 */

/* ---- 1 Introduction ---- */

static void
test_1_0_edition (void)
{
  AciesCatalogue *cat = acies_catalogue_get_bundled ("simple-gboh");
  g_autoptr(AciesRuleset) rs = acies_simple_gboh_ruleset_new ();

  /* One rule system for the GBoH volumes, this edition's. */
  g_assert_cmpstr (acies_ruleset_get_id (rs), ==, "simple-gboh");
  g_assert_true (acies_ruleset_get_catalogue (rs) == cat);
  g_assert_nonnull (strstr (cat->book, "Simple GBoH"));
  g_assert_cmpuint (cat->version, >=, 1);
}

/* ---- 2 Basic information ---- */

static void
test_2_0_d10 (void)
{
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  AciesCatalogue *cat = acies_catalogue_get_bundled ("simple-gboh");

  /* One d10 read 0–9, 0 the lowest. */
  g_assert_cmpuint (cat->die_faces, ==, 10);
  g_assert_cmpuint (cat->die_first, ==, 0);
  acies_dice_push (dice, 0);
  g_assert_cmpuint (sg_roll (dice, "test"), ==, 0);
  g_assert_false (acies_dice_failed (dice));
  acies_dice_push (dice, 10);
  sg_roll (dice, "test");
  g_assert_true (acies_dice_failed (dice));
}

static void
test_2_1_hex_map (void)
{
  g_autoptr(AciesBoard) board = acies_board_new_square (8, 8);
  g_autoptr(AciesScenario) sc = acies_scenario_new ("simple-gboh", board, "clear");
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) rs = acies_simple_gboh_ruleset_new ();

  /* The GBoH maps are hexes. */
  g_assert_null (acies_ruleset_new_state (rs, sc, NULL, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "SG 2.1"));
}

static void
test_2_2_pieces (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;

  /* Combat units, leaders, and the markers as state (2.25). */
  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  fx_start (&fx, sc, NULL);
  g_assert_cmpuint (fx.s->n_units, ==, 1);
  g_assert_cmpuint (fx.s->n_leaders, ==, 1);
  g_assert_cmpint (fx.s->units[0].hits, ==, 0);
  fx_end (&fx);
}

static void
test_2_21_unit_record (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;
  gint u, v;

  u = scn_unit (sc, "u", "a", "LI", 4, 2, 6, "S", "0508", NORTH);
  scn_attr_int (sc, u, "hits", 1);
  v = scn_unit (sc, "v", "d", "HI", 6, 5, 5, NULL, "0502", SOUTH);
  fx_start (&fx, sc, NULL);
  g_assert_cmpint (fx.s->st->units[u].tq, ==, 4);
  g_assert_cmpint (fx.s->st->units[u].size, ==, 2);
  g_assert_cmpint (fx.s->st->units[u].ma, ==, 6);
  g_assert_cmpint (fx.s->st->units[u].missile, ==, SG_M_S);
  g_assert_cmpint (fx.s->units[u].hits, ==, 1);
  g_assert_cmpint (fx.s->st->units[v].missile, ==, SG_M_NONE);
  fx_end (&fx);

  /* A game without Size (the counter note): no Size DRM. */
  sc = scn_basic (10, 10);
  u = scn_unit (sc, "u", "a", "HI", 5, 9, 5, NULL, "0506", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 2, 5, NULL, "0505", SOUTH);
  json_object_set_boolean_member (((AciesSide *) g_ptr_array_index (sc->sides, 0))->params, "size_used", FALSE);
  json_object_set_boolean_member (((AciesSide *) g_ptr_array_index (sc->sides, 1))->params, "size_used", FALSE);
  fx_start (&fx, sc, NULL);
  fx.s->n_attacks = 1;
  memset (&fx.s->attacks[0], 0, sizeof fx.s->attacks[0]);
  fx.s->attacks[0].att[0] = u;
  fx.s->attacks[0].def[0] = v;
  fx.s->attacks[0].n_att = fx.s->attacks[0].n_def = 1;
  g_assert_cmpint (sg_size_drm (fx.s, 0, NULL), ==, 0);
  fx_end (&fx);
}

static void
test_2_22_types (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) rs = acies_simple_gboh_ruleset_new ();
  AciesState *state;
  gint u;

  /* Types index the matrix; an unknown type is refused. */
  u = scn_unit (sc, "u", "a", "LG", 5, 3, 5, NULL, "0508", NORTH);
  g_assert_cmpint (sg_type_from_id ("LG"), ==, SG_T_LG);
  g_assert_cmpint (sg_type_from_id ("SK*"), ==, SG_T_SKS);
  g_assert_cmpint (sg_type_from_id ("XX"), ==, SG_N_TYPES);
  g_free (((AciesUnit *) g_ptr_array_index (sc->units, u))->type);
  ((AciesUnit *) g_ptr_array_index (sc->units, u))->type = g_strdup ("XX");
  state = acies_ruleset_new_state (rs, sc, NULL, &error);
  g_assert_null (state);
  g_assert_nonnull (strstr (error->message, "SG 2.22"));
  acies_scenario_unref (sc);
}

static void
test_2_23_counter_fields (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;
  AciesUnit view;
  gint u;

  u = scn_unit (sc, "u", "a", "SK", 5, 1, 7, "J", "0508", NORTH);
  fx_start (&fx, sc, NULL);
  /* The view shows the counter's values: Size, MA, TQ, Missile. */
  g_assert_true (acies_ruleset_unit_view (fx.ruleset, &fx.s->base, u, -1, &view));
  g_assert_cmpint (json_object_get_int_member (view.attrs, "tq"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (view.attrs, "ma"), ==, 7);
  g_assert_cmpstr (json_object_get_string_member (view.attrs, "missile"), ==, "J");
  fx_end (&fx);
}

static void
test_2_24_leader_ratings (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;
  gint l;

  l = scn_leader (sc, "hero", 0, NULL, 6, 5, 3, -1, "0909");
  scn_leader_bool (sc, l, "heroic", TRUE);
  fx_start (&fx, sc, NULL);
  g_assert_cmpint (fx.s->st->leaders[l].initiative, ==, 6);
  g_assert_cmpint (fx.s->st->leaders[l].range, ==, 5);
  g_assert_true (fx.s->st->leaders[l].heroic);
  g_assert_cmpint (fx.s->leaders[l].seizures, ==, 3);
  g_assert_cmpint (sg_leader_ma (fx.s, l), ==, 9);      /* 4.21: nine for all */
  fx_end (&fx);
}

static void
test_2_25_markers (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;
  AciesUnit view;
  gint u;

  u = scn_unit (sc, "u", "a", "HI", 6, 4, 5, NULL, "0508", NORTH);
  fx_start (&fx, sc, NULL);
  /* Hit markers are marker words on the counter's view. */
  fx.s->units[u].hits = 2;
  g_assert_true (acies_ruleset_unit_view (fx.ruleset, &fx.s->base, u, -1, &view));
  g_assert_true (json_object_get_boolean_member (view.attrs, "2 Hits"));
  fx_end (&fx);
}

static void
test_2_3_own_charts (void)
{
  AciesCatalogue *cat = acies_catalogue_get_bundled ("simple-gboh");

  /* Simple GBoH has its own charts (7.8, 5.4, 11.16). */
  g_assert_nonnull (acies_catalogue_find_table (cat, "shock"));
  g_assert_nonnull (acies_catalogue_find_table (cat, "weapons-front"));
  g_assert_nonnull (acies_catalogue_find_table (cat, "weapons-flank"));
  g_assert_nonnull (acies_catalogue_find_table (cat, "missile"));
  g_assert_nonnull (acies_catalogue_find_table (cat, "tec"));
  g_assert_nonnull (acies_catalogue_find_table (cat, "fec"));
  g_assert_nonnull (acies_catalogue_find_table (cat, "die-roll-summary"));
}

/* ---- 3 Sequence of play ---- */

static void
test_3_0_alternation (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  fx_start (&fx, sc, NULL);
  g_assert_cmpint (fx.s->pt, ==, 1);
  g_assert_cmpint (fx.s->base.active_side, ==, 0);
  fx_clear_events (&fx);
  ACT0 (&fx, SG_A_PASS);
  g_assert_cmpint (fx.s->pt, ==, 2);
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  /* The log prefixes the side ("Persians: "): the line names it no
   * more ("Persians: Player Turn 2", not "…: Player Turn 2: Persians"). */
  g_assert_nonnull (fx_event (&fx, "player-turn"));
  g_assert_cmpint (fx_event (&fx, "player-turn")->player, ==, 1);
  g_assert_cmpstr (fx_event (&fx, "player-turn")->text, ==, "Player Turn 2");
  ACT0 (&fx, SG_A_PASS);
  g_assert_cmpint (fx.s->base.active_side, ==, 0);
  /* No turn limit: the game goes on. */
  g_assert_false (fx.s->base.finished);
  fx_end (&fx);
}

static void
test_3_1_first_player (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;

  g_clear_pointer (&sc->first_side, g_free);
  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  fx_start (&fx, sc, NULL);
  g_assert_cmpint (fx.s->step, ==, SG_ST_FIRST);
  /* A tie (4, 4) is rolled again; then 2 against 7: Hostes go first. */
  fx_push (&fx, 4, 4, 4, 2, 7);
  ACT0 (&fx, SG_A_ROLL_FIRST);
  g_assert_cmpuint (fx_count_events (&fx, "first-roll"), ==, 2);
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  g_assert_cmpint (fx.s->step, ==, SG_ST_ACTIVATE);
  fx_end (&fx);
}

static void
test_3_2_a_activation_choices (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  scn_leader (sc, "oc", 0, NULL, 4, 5, 0, -1, "0909");
  scn_oc (sc, 0, "oc");
  fx_start (&fx, sc, NULL);
  g_assert_true (fx_has (&fx, SG_A_ACTIVATE, 0, 0));
  g_assert_true (fx_has (&fx, SG_A_MOVE_OC, -1, -1));
  g_assert_true (fx_has (&fx, SG_A_PASS, -1, -1));
  /* Moving the OC: MA 30, no Formation activates, no Shock Phase. */
  ACT0 (&fx, SG_A_MOVE_OC);
  g_assert_cmpint (sg_leader_ma (fx.s, fx_leader (&fx, "oc")), ==, 30);
  g_assert_false (fx.s->units[0].f & SG_UF_ACTIVATED);
  ACT0 (&fx, SG_A_END_MOVE);
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  /* A pass skips B, C and D. */
  ACT0 (&fx, SG_A_PASS);
  g_assert_cmpint (fx.s->base.active_side, ==, 0);
  fx_end (&fx);
}

static void
test_3_2_b_move_phase (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;
  gint u, w;

  scn_formation (sc, "b", 0, FALSE);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  w = scn_unit (sc, "w", "b", "HI", 5, 4, 5, NULL, "0808", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_cmpint (fx.s->step, ==, SG_ST_MOVE);
  g_assert_true (fx_has (&fx, SG_A_STEP, u, G_MININT));
  g_assert_false (fx_has (&fx, SG_A_STEP, w, G_MININT));
  fx_end (&fx);
}

static void
test_3_2_c_shock_mandatory (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;
  gint u, v;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0506", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0505", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_end_move (&fx);
  g_assert_cmpint (fx.s->step, ==, SG_ST_DESIGNATE);
  g_assert_false (fx_has (&fx, SG_A_END_DESIGNATION, -1, -1));
  g_assert_true (fx_has (&fx, SG_A_DESIGNATE, u, v));
  fx_end (&fx);
}

static void
test_3_2_d_withdrawal_check (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  scn_side_int (sc, 1, "withdrawal_level", 5);
  fx_start (&fx, sc, NULL);
  /* Hostes' losses reach their level: checked at the end of the Player
   * Turn, even a passed one (SG-C3). */
  fx.s->units[1].hits = 4;
  sg_add_hits (fx.s, 1, 1, SG_NONE, fx.dice, fx.events, "test");
  g_assert_false (fx.s->base.finished);
  ACT0 (&fx, SG_A_PASS);
  g_assert_true (fx.s->base.finished);
  g_assert_cmpint (fx.s->base.winner, ==, 0);
  fx_end (&fx);
}

/* ---- 4 Leaders and command ---- */

static void
test_4_1_several_fcs (void)
{
  AciesScenario *sc = scn_basic (12, 10);
  Fx fx;
  gint l2;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  l2 = scn_leader (sc, "fc2", 0, "a", 2, 4, 0, -1, "1010");
  fx_start (&fx, sc, NULL);
  /* Two Formation Commanders: the player activates one of them. */
  g_assert_true (fx_has (&fx, SG_A_ACTIVATE, 0, 0));
  g_assert_true (fx_has (&fx, SG_A_ACTIVATE, 0, l2));
  g_assert_false (fx_has (&fx, SG_A_ACTIVATE, 0, -1));
  fx_act (&fx, SG_A_ACTIVATE, 0, l2, -1, -1);
  g_assert_true (fx.s->leaders[l2].f & SG_LF_ACTIVATED);
  g_assert_false (fx.s->leaders[0].f & SG_LF_ACTIVATED);
  fx_end (&fx);
}

static void
test_4_16_formation_chart (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) rs = acies_simple_gboh_ruleset_new ();
  gint u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);

  /* Every unit belongs to a Formation of the chart. */
  g_clear_pointer (&((AciesUnit *) g_ptr_array_index (sc->units, u))->formation, g_free);
  g_assert_null (acies_ruleset_new_state (rs, sc, NULL, &error));
  g_assert_nonnull (strstr (error->message, "SG 4.1"));
  acies_scenario_unref (sc);
}

static void
test_4_1_note_no_commander (void)
{
  AciesScenario *sc = scn_new (10, 10);
  Fx fx;
  gint u;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  fx_start (&fx, sc, NULL);
  /* No Commander: it still activates, nobody In Command. */
  fx_act (&fx, SG_A_ACTIVATE, 0, -1, -1, -1);
  g_assert_true (fx.s->units[u].f & SG_UF_ACTIVATED);
  g_assert_false (fx.s->units[u].f & SG_UF_IN_COMMAND);
  fx_end (&fx);
}

static void
test_4_11_chain_same_formation (void)
{
  AciesScenario *sc = scn_new (20, 10);
  Fx fx;
  gint x, y, z;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "b", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  x = scn_unit (sc, "x", "a", "HI", 5, 4, 5, NULL, "0506", NORTH);
  y = scn_unit (sc, "y", "b", "HI", 5, 4, 5, NULL, "0606", NORTH);
  z = scn_unit (sc, "z", "a", "HI", 5, 4, 5, NULL, "0706", NORTH);
  scn_unit (sc, "e", "d", "HI", 5, 4, 5, NULL, "1501", SOUTH);
  scn_leader (sc, "fc", 0, "a", 3, 3, 0, -1, "0206");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* X in range; Z next only to Y of another Formation: out (SG-A12). */
  g_assert_true (fx.s->units[x].f & SG_UF_IN_COMMAND);
  g_assert_false (fx.s->units[y].f & SG_UF_ACTIVATED);
  g_assert_false (fx.s->units[z].f & SG_UF_IN_COMMAND);
  fx_end (&fx);
}

static void
test_4_12_out_of_command (void)
{
  AciesScenario *sc = scn_new (16, 12);
  Fx fx;
  gint u, v;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  /* Out of range of its Commander. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0506", SOUTH);
  scn_leader (sc, "fc", 0, "a", 3, 1, 0, -1, "1612");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx.s->units[u].f & SG_UF_IN_COMMAND);
  /* It may not move next to the enemy (0507 lies next to the HI). */
  g_assert_cmpint (sg_cell_unit_dist (fx.s, C (&fx, nb_label (sc, "0508", D_NW)), v), ==, 1);
  g_assert_false (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (sc, "0508", D_NW))));
  fx_end (&fx);

  /* Next to an enemy already: it may not leave the hex. */
  sc = scn_new (16, 12);
  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", 0);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0408", 0);
  scn_leader (sc, "fc", 0, "a", 3, 1, 0, -1, "1612");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_STEP, u, G_MININT));
  fx_end (&fx);
}

static void
test_4_13_auxiliaries (void)
{
  AciesScenario *sc = scn_new (20, 12);
  Fx fx;
  gint u, art;

  scn_formation (sc, "aux", 0, TRUE);
  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  u = scn_unit (sc, "u", "aux", "SK", 5, 1, 7, "J", "0508", NORTH);
  art = scn_unit (sc, "art", "a", "ART", 4, 1, 0, NULL, "1210", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  scn_leader (sc, "fc", 0, "a", 3, 1, 0, -1, "2012");
  fx_start (&fx, sc, NULL);
  fx_act (&fx, SG_A_ACTIVATE, 0, -1, -1, -1);
  g_assert_true (fx.s->units[u].f & SG_UF_IN_COMMAND);
  fx_pass_to (&fx, 0);
  fx_act (&fx, SG_A_ACTIVATE, 1, fx_leader (&fx, "fc"), -1, -1);
  g_assert_true (fx.s->units[art].f & SG_UF_IN_COMMAND);
  fx_end (&fx);
}

static void
test_4_14_multiple (void)
{
  AciesScenario *sc = scn_new (20, 12);
  Fx fx;
  gint a, b, en, fb;
  AciesRuleEntry *e;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "b", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  a = scn_unit (sc, "ua", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  b = scn_unit (sc, "ub", "b", "HI", 5, 4, 5, NULL, "0908", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  en = scn_leader (sc, "en", 0, "a", 5, 6, 0, a, NULL);
  fb = scn_leader (sc, "fb", 0, "b", 3, 4, 0, b, NULL);
  e = acies_rule_entry_new ("multiple-activation");
  e->side = g_strdup ("rome");
  json_object_set_string_member (e->params, "leader", "en");
  json_object_set_string_member (e->params, "formations", "a,b");
  g_ptr_array_add (sc->special_rules, e);
  fx_start (&fx, sc, NULL);
  g_assert_true (sg_mfa_ok (fx.s, 0));
  ACT1 (&fx, SG_A_ACTIVATE_MULTI, 0);
  /* Both activate, and the enabling leader; they move together. */
  g_assert_true (fx.s->units[a].f & SG_UF_ACTIVATED);
  g_assert_true (fx.s->units[b].f & SG_UF_ACTIVATED);
  g_assert_true (fx.s->leaders[en].f & SG_LF_ACTIVATED);
  g_assert_true (fx_has (&fx, SG_A_STEP, a, G_MININT));
  g_assert_true (fx_has (&fx, SG_A_STEP, b, G_MININT));
  fx_end (&fx);

  /* An FC out of the enabling leader's range: not eligible. */
  sc = scn_new (30, 12);
  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "b", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  a = scn_unit (sc, "ua", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  b = scn_unit (sc, "ub", "b", "HI", 5, 4, 5, NULL, "2508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  scn_leader (sc, "en", 0, "a", 5, 6, 0, a, NULL);
  fb = scn_leader (sc, "fb", 0, "b", 3, 4, 0, b, NULL);
  e = acies_rule_entry_new ("multiple-activation");
  json_object_set_string_member (e->params, "leader", "en");
  json_object_set_string_member (e->params, "formations", "a,b");
  g_ptr_array_add (sc->special_rules, e);
  fx_start (&fx, sc, NULL);
  g_assert_false (sg_mfa_ok (fx.s, 0));
  /* A returning FC may not take part on his arrival. */
  fx.s->units[b].cell = fx.s->units[b].cell;
  fx.s->leaders[fb].f |= SG_LF_RETURNED;
  g_assert_false (sg_mfa_ok (fx.s, 0));
  fx_end (&fx);
}

static void
test_4_1_note2_together (void)
{
  AciesScenario *sc = scn_new (20, 12);
  Fx fx;
  gint a, b;
  AciesRuleEntry *e;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "b", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  a = scn_unit (sc, "ua", "a", "HI", 5, 4, 5, NULL, "0506", NORTH);
  b = scn_unit (sc, "ub", "b", "HI", 5, 4, 5, NULL, "0906", NORTH);
  scn_unit (sc, "v1", "d", "HI", 5, 4, 5, NULL, "0505", SOUTH);
  scn_unit (sc, "v2", "d", "HI", 5, 4, 5, NULL, "0905", SOUTH);
  scn_leader (sc, "en", 0, "a", 5, 6, 0, a, NULL);
  scn_leader (sc, "fb", 0, "b", 3, 4, 0, b, NULL);
  e = acies_rule_entry_new ("multiple-activation");
  json_object_set_string_member (e->params, "leader", "en");
  json_object_set_string_member (e->params, "formations", "a,b");
  g_ptr_array_add (sc->special_rules, e);
  fx_start (&fx, sc, NULL);
  ACT1 (&fx, SG_A_ACTIVATE_MULTI, 0);
  fx_end_move (&fx);
  /* One Shock Phase for both Formations. */
  g_assert_true (fx_has (&fx, SG_A_DESIGNATE, a, G_MININT));
  g_assert_true (fx_has (&fx, SG_A_DESIGNATE, b, G_MININT));
  fx_end (&fx);
}

static void
test_4_21_command_path (void)
{
  AciesScenario *sc = scn_new (20, 12);
  Fx fx;
  gint l;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  scn_unit (sc, "x", "a", "HI", 5, 4, 5, NULL, "0806", NORTH);
  /* An enemy in the straight way, and its ZOC around it. */
  scn_unit (sc, "e", "d", "HI", 5, 4, 5, NULL, "0506", 1);
  l = scn_leader (sc, "fc", 0, "a", 3, 6, 0, -1, "0206");
  fx_start (&fx, sc, NULL);
  /* Straight east is 6 hexes; the enemy and the empty hexes of its ZOC
   * push the path round. */
  g_assert_cmpint (sg_dist (fx.s->st, C (&fx, "0206"), C (&fx, "0806")), ==, 6);
  g_assert_cmpint (sg_command_distance (fx.s, l, C (&fx, "0806"), 6), ==, -1);
  g_assert_cmpint (sg_command_distance (fx.s, l, C (&fx, "0806"), 8), >, 6);
  fx_end (&fx);
}

static void
test_4_22_overall_commander (void)
{
  AciesScenario *sc = scn_basic (12, 10);
  Fx fx;
  gint oc;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  oc = scn_leader (sc, "oc", 0, NULL, 5, 5, 2, -1, "1010");
  scn_oc (sc, 0, "oc");
  fx_start (&fx, sc, NULL);
  g_assert_true (fx.s->st->leaders[oc].is_oc);
  ACT0 (&fx, SG_A_PASS);
  /* The OC's Initiative and Seizures. */
  g_assert_cmpint (fx.s->step, ==, SG_ST_SEIZE);
  g_assert_true (fx_has (&fx, SG_A_SEIZE, oc, -1));
  fx_end (&fx);
}

static void
test_4_15_same_formation (void)
{
  AciesScenario *sc = scn_basic (12, 10);
  Fx fx;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_end_move (&fx);
  fx_pass_to (&fx, 0);
  /* Again, without a roll (12.1 is optional and off). */
  fx_clear_events (&fx);
  fx_activate (&fx, "a");
  g_assert_null (fx_event (&fx, "activation-roll"));
  g_assert_cmpint (fx.s->step, ==, SG_ST_MOVE);
  fx_end (&fx);
}

static void
test_4_31_leader_moves (void)
{
  AciesScenario *sc = scn_new (14, 12);
  Fx fx;
  gint u, l;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0510", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1201", SOUTH);
  l = scn_leader (sc, "fc", 0, "a", 3, 6, 0, u, NULL);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* With his unit: he goes where it goes. */
  fx_step (&fx, u, nb_label (sc, "0510", D_NE));
  fx_no_reactions (&fx);
  g_assert_cmpint (fx.s->leaders[l].cell, ==, fx.s->units[u].cell);
  /* Having gone with it, he does not move again on his own. */
  g_assert_false (fx_has (&fx, SG_A_LEADER_STEP, l, G_MININT));
  fx_end (&fx);

  /* Or alone, before his unit moves. */
  sc = scn_new (14, 12);
  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0510", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1201", SOUTH);
  l = scn_leader (sc, "fc", 0, "a", 3, 6, 0, u, NULL);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_act (&fx, SG_A_LEADER_STEP, l, C (&fx, "0910"), -1, -1);
  g_assert_cmpint (fx.s->leaders[l].cell, ==, C (&fx, "0910"));
  g_assert_cmpint (fx.s->leaders[l].unit, ==, SG_NONE);
  g_assert_cmpint (fx.s->leaders[l].mp, ==, 4);
  fx_end (&fx);
}

static void
test_4_32_inactive_rides (void)
{
  AciesScenario *sc = scn_basic (14, 12);
  Fx fx;
  gint u, l;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0510", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1201", SOUTH);
  /* A leader of another Formation (not activated) stacked with it. */
  l = scn_leader (sc, "other", 0, NULL, 2, 3, 0, u, NULL);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx.s->leaders[l].f & SG_LF_ACTIVATED);
  fx_step (&fx, u, nb_label (sc, "0510", D_NE));
  fx_no_reactions (&fx);
  g_assert_cmpint (fx.s->leaders[l].cell, ==, fx.s->units[u].cell);
  fx_end (&fx);
}

static void
test_4_33_oc_ma (void)
{
  AciesScenario *sc = scn_new (14, 12);
  Fx fx;
  gint oc;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0510", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1201", SOUTH);
  oc = scn_leader (sc, "oc", 0, "a", 4, 6, 0, 0, NULL);
  scn_oc (sc, 0, "oc");
  fx_start (&fx, sc, NULL);
  /* With his Formation: MA 9. */
  fx_activate (&fx, "a");
  g_assert_cmpint (sg_leader_ma (fx.s, oc), ==, 9);
  fx_pass_to (&fx, 0);
  ACT0 (&fx, SG_A_MOVE_OC);
  g_assert_cmpint (sg_leader_ma (fx.s, oc), ==, 30);
  fx_end (&fx);
}

static void
test_4_34_leader_near_enemy (void)
{
  AciesScenario *sc = scn_new (14, 12);
  Fx fx;
  gint l;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0810", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0505", SOUTH);
  l = scn_leader (sc, "fc", 0, "a", 3, 8, 0, -1, "0508");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* 0506 lies next to the enemy and holds no friend. */
  g_assert_true (sg_cell_adjacent_enemy (fx.s, C (&fx, "0506"), 0));
  g_assert_false (fx_has (&fx, SG_A_LEADER_STEP, l, C (&fx, "0506")));
  fx_end (&fx);
}

static void
test_4_35_lone_leader (void)
{
  AciesScenario *sc = scn_basic (14, 12);
  Fx fx;
  gint u, l;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1201", SOUTH);
  l = scn_leader (sc, "lone", 1, NULL, 3, 4, 0, -1, "0506");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* The enemy moves next to him: he must escape or be lost. */
  fx_step (&fx, u, nb_label (sc, "0508", D_NW));
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  g_assert_false (fx_has (&fx, SG_A_NO_REACTION, -1, -1));
  g_assert_true (fx_has (&fx, SG_A_LEADER_RETREAT, l, -1));
  {
    AciesAction a = fx_first (&fx, SG_A_LEADER_RETREAT);

    g_assert_cmpint (sg_dist (fx.s->st, C (&fx, "0506"), a.args[1]), <=, 3);
    fx_act (&fx, SG_A_LEADER_RETREAT, l, a.args[1], -1, -1);
  }
  g_assert_cmpint (fx.s->leaders[l].status, ==, SG_L_MAP);
  fx_end (&fx);
}

static void
test_4_36_removed_returns (void)
{
  AciesScenario *sc = scn_new (14, 12);
  Fx fx;
  gint u, w, l;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0510", NORTH);
  w = scn_unit (sc, "w", "a", "HI", 5, 4, 5, NULL, "0910", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1201", SOUTH);
  l = scn_leader (sc, "fc", 0, "a", 3, 6, 0, u, NULL);
  fx_start (&fx, sc, NULL);
  sg_eliminate (fx.s, u, fx.events, "test");
  /* Removed, not eliminated: no Rout Points for him. */
  g_assert_cmpint (fx.s->leaders[l].status, ==, SG_L_AWAY);
  g_assert_cmpint (fx.s->rp[0], ==, 5);
  /* He returns when his Formation activates, with one of its units,
   * before command. */
  fx_act (&fx, SG_A_ACTIVATE, 0, l, -1, -1);
  g_assert_cmpint (fx.s->step, ==, SG_ST_PLACE_LEADER);
  ACT2 (&fx, SG_A_PLACE_LEADER, l, w);
  g_assert_cmpint (fx.s->leaders[l].status, ==, SG_L_MAP);
  g_assert_true (fx.s->units[w].f & SG_UF_IN_COMMAND);
  fx_end (&fx);
}

static void
test_4_37_replacement (void)
{
  AciesScenario *sc = scn_new (14, 12);
  Fx fx;
  gint l, r;
  AciesLeader *rl;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0510", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1201", SOUTH);
  l = scn_leader (sc, "fc", 0, "a", 3, 6, 0, 0, NULL);
  r = scn_leader (sc, "rep", 0, NULL, 2, 4, 0, -1, NULL);
  rl = g_ptr_array_index (sc->leaders, r);
  g_free (rl->kind);
  rl->kind = g_strdup ("replacement");
  fx_start (&fx, sc, NULL);
  g_assert_cmpint (fx.s->leaders[r].status, ==, SG_L_RESERVE);
  sg_eliminate_leader (fx.s, l, fx.events, "test");
  /* The Replacement takes his Formation and arrives at its next
   * activation. */
  g_assert_cmpint (fx.s->leaders[r].status, ==, SG_L_AWAY);
  g_assert_cmpint (fx.s->leaders[r].formation, ==, 0);
  g_assert_cmpint (fx.s->rp[0], ==, 15);
  fx_act (&fx, SG_A_ACTIVATE, 0, r, -1, -1);
  g_assert_cmpint (fx.s->step, ==, SG_ST_PLACE_LEADER);
  ACT2 (&fx, SG_A_PLACE_LEADER, r, 0);
  g_assert_cmpint (fx.s->leaders[r].status, ==, SG_L_MAP);
  fx_end (&fx);

  /* A re-used Tribune comes back himself. */
  sc = scn_new (14, 12);
  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0510", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1201", SOUTH);
  l = scn_leader (sc, "tribune", 0, "a", 3, 6, 0, 0, NULL);
  scn_leader_bool (sc, l, "reusable", TRUE);
  fx_start (&fx, sc, NULL);
  sg_eliminate_leader (fx.s, l, fx.events, "test");
  g_assert_cmpint (fx.s->leaders[l].status, ==, SG_L_AWAY);
  g_assert_cmpint (fx.s->leaders[l].deaths, ==, 1);
  fx_end (&fx);
}

static void
test_4_38_leader_drm (void)
{
  AciesScenario *sc = scn_new (12, 10);
  Fx fx;
  gint a, d;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  a = scn_unit (sc, "att", "a", "HI", 5, 5, 5, NULL, "0506", NORTH);
  d = scn_unit (sc, "def", "d", "HI", 5, 5, 5, NULL, "0505", SOUTH);
  scn_leader (sc, "la", 0, "a", 3, 6, 0, a, NULL);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_end_move (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, a, d);
  /* +1 with the attacker. */
  g_assert_cmpint (sg_shock_drm (fx.s, 0, a, d, NULL), ==, 1);
  fx_end (&fx);
}

static void
test_4_42_oc_seizure (void)
{
  AciesScenario *sc = scn_new (30, 12);
  Fx fx;
  gint oc;

  scn_formation (sc, "own", 0, FALSE);
  scn_formation (sc, "near", 0, FALSE);
  scn_formation (sc, "far", 0, FALSE);
  scn_formation (sc, "aux", 0, TRUE);
  scn_formation (sc, "d", 1, FALSE);
  scn_unit (sc, "u1", "own", "HI", 5, 4, 5, NULL, "0510", NORTH);
  scn_unit (sc, "u2", "near", "HI", 5, 4, 5, NULL, "0810", NORTH);
  scn_unit (sc, "u3", "far", "HI", 5, 4, 5, NULL, "2810", NORTH);
  scn_unit (sc, "u4", "aux", "SK", 5, 1, 7, "J", "1510", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1201", SOUTH);
  oc = scn_leader (sc, "oc", 0, "own", 6, 5, 2, 0, NULL);
  scn_oc (sc, 0, "oc");
  scn_leader (sc, "fn", 0, "near", 3, 4, 0, 1, NULL);
  scn_leader (sc, "ff", 0, "far", 3, 4, 0, 2, NULL);
  fx_start (&fx, sc, NULL);
  ACT0 (&fx, SG_A_PASS);
  fx_push (&fx, 1, 2);
  ACT1 (&fx, SG_A_SEIZE, oc);
  g_assert_cmpint (fx.s->seized_by, ==, 0);
  /* His own, the Auxiliaries, one whose FC is within his range; not the
   * far one. */
  g_assert_true (fx_has (&fx, SG_A_ACTIVATE, fx_formation (&fx, "own"), G_MININT));
  g_assert_true (fx_has (&fx, SG_A_ACTIVATE, fx_formation (&fx, "near"), G_MININT));
  g_assert_true (fx_has (&fx, SG_A_ACTIVATE, fx_formation (&fx, "aux"), G_MININT));
  g_assert_false (fx_has (&fx, SG_A_ACTIVATE, fx_formation (&fx, "far"), G_MININT));
  g_assert_false (fx_has (&fx, SG_A_MOVE_OC, -1, -1));
  fx_end (&fx);
}

static void
test_4_43_fc_seizure (void)
{
  AciesScenario *sc = scn_new (20, 12);
  Fx fx;
  gint fa;

  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "b", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  scn_unit (sc, "u1", "a", "HI", 5, 4, 5, NULL, "0510", NORTH);
  scn_unit (sc, "u2", "b", "HI", 5, 4, 5, NULL, "0810", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1201", SOUTH);
  fa = scn_leader (sc, "fa", 0, "a", 4, 4, 1, 0, NULL);
  scn_leader (sc, "fb", 0, "b", 3, 4, 0, 1, NULL);
  fx_start (&fx, sc, NULL);
  ACT0 (&fx, SG_A_PASS);
  fx_push (&fx, 1, 1);
  ACT1 (&fx, SG_A_SEIZE, fa);
  /* Only his own Formation. */
  g_assert_true (fx_has (&fx, SG_A_ACTIVATE, 0, fa));
  g_assert_false (fx_has (&fx, SG_A_ACTIVATE, 1, G_MININT));
  fx_end (&fx);
}

static void
test_4_44_limits (void)
{
  AciesScenario *sc = scn_basic (12, 10);
  Fx fx;
  gint l;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  l = scn_leader (sc, "s", 0, NULL, 5, 4, 1, -1, "1010");
  fx_start (&fx, sc, NULL);
  ACT0 (&fx, SG_A_PASS);
  fx_push (&fx, 1, 9);
  ACT1 (&fx, SG_A_SEIZE, l);
  /* Its one attempt spent: no more. */
  g_assert_cmpuint (fx.s->leaders[l].seizures, ==, 0);
  ACT0 (&fx, SG_A_PASS);
  ACT0 (&fx, SG_A_PASS);
  g_assert_cmpint (fx.s->step, ==, SG_ST_ACTIVATE);
  g_assert_false (sg_leader_may_seize (fx.s, l));
  fx_end (&fx);
}

static void
test_4_45_no_seize_back (void)
{
  AciesScenario *sc = scn_basic (12, 10);
  Fx fx;
  gint a, b;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  a = scn_leader (sc, "sa", 0, NULL, 9, 4, 2, -1, "1010");
  b = scn_leader (sc, "sb", 1, NULL, 9, 4, 2, -1, "1001");
  fx_start (&fx, sc, NULL);
  ACT0 (&fx, SG_A_PASS);
  {
    /* Before the seizure, the prompt says nothing of 4.45; the rule is cited in prompt->rule, never in its text. */
    g_autoptr(AciesPrompt) before = acies_ruleset_get_prompt (fx.ruleset, &fx.s->base);

    g_assert_null (strstr (before->text, "may not seize"));
  }
  fx_push (&fx, 1, 0);
  ACT1 (&fx, SG_A_SEIZE, a);
  /* Hostes may not seize the seized Player Turn back. */
  g_assert_cmpint (fx.s->step, ==, SG_ST_ACTIVATE);
  g_assert_false (sg_may_seize (fx.s, 1));
  /* The prompt says why the hostes are offered no seizure (4.45). */
  {
    g_autoptr(AciesPrompt) prompt = acies_ruleset_get_prompt (fx.ruleset, &fx.s->base);
    g_autofree char *why = g_strdup_printf ("%s may not seize this Player Turn back",
                                            sg_side_name (fx.s, 1));

    g_assert_nonnull (strstr (prompt->text, why));
  }
  (void) b;
  fx_end (&fx);
}

static void
test_4_41_seizure (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint l;
  g_autoptr(AciesPrompt) prompt = NULL;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0712", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0702", SOUTH);
  l = scn_leader (sc, "oc", 0, NULL, 4, 6, 2, -1, "0713");
  scn_oc (sc, 0, "oc");
  scn_leader (sc, "dfc", 1, "d", 3, 12, 0, -1, "1401");
  fx_start (&fx, sc, NULL);
  ACT0 (&fx, SG_A_PASS);
  /* At the start of the hostes' Activation Phase, before they choose:
   * Rome may try, with a leader. */
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  g_assert_cmpint (fx.s->step, ==, SG_ST_SEIZE);
  prompt = acies_ruleset_get_prompt (fx.ruleset, &fx.s->base);
  g_assert_cmpint (prompt->player, ==, 0);
  g_assert_false (fx_has (&fx, SG_A_ACTIVATE, G_MININT, G_MININT));
  /* d10 ≤ Initiative 4: the hostes' Player Turn is cancelled; Rome plays
   * one now. */
  fx_push (&fx, 1, 4);
  ACT1 (&fx, SG_A_SEIZE, l);
  g_assert_cmpint (fx.s->base.active_side, ==, 0);
  g_assert_cmpint (fx.s->seized_by, ==, 0);
  g_assert_cmpint (fx.s->step, ==, SG_ST_ACTIVATE);
  ACT0 (&fx, SG_A_PASS);
  /* Then the hostes play theirs. */
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  fx_end (&fx);
}

static void
test_4_46_seize_move (void)
{
  AciesScenario *sc = scn_basic (14, 12);
  Fx fx;
  gint l;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  l = scn_leader (sc, "s", 0, NULL, 2, 4, 2, -1, "1010");
  fx_start (&fx, sc, NULL);
  ACT0 (&fx, SG_A_PASS);
  /* No roll; it costs an attempt; he moves; nothing activates. */
  ACT1 (&fx, SG_A_SEIZE_MOVE, l);
  g_assert_cmpuint (fx.s->leaders[l].seizures, ==, 1);
  g_assert_cmpint (fx.s->base.active_side, ==, 0);
  g_assert_cmpint (fx.s->step, ==, SG_ST_MOVE);
  g_assert_true (fx_has (&fx, SG_A_LEADER_STEP, l, G_MININT));
  g_assert_false (fx_has (&fx, SG_A_STEP, G_MININT, G_MININT));
  ACT0 (&fx, SG_A_END_MOVE);
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  fx_end (&fx);
}

/* 11.3: the Triarii may not move next to the enemy before half the
 * Withdrawal Level is lost. */
static void
test_11_3_triarii_close (void)
{
  AciesScenario *sc = scn_basic (20, 20);
  Fx fx;
  gint tr;

  scn_rule (sc, "triarii", 0, NULL, NULL);
  scn_side_int (sc, 0, "withdrawal_level", 50);
  tr = scn_unit (sc, "tr", "a", "HI", 7, 3, 5, NULL, "1015", NORTH);
  scn_unit (sc, "e", "d", "HI", 5, 5, 5, NULL, "1012", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (fx.s->units[tr].f & SG_UF_ACTIVATED);
  g_assert_false (fx_has (&fx, SG_A_STEP, tr, C (&fx, "1013")));
  fx.s->rp[0] = 25;
  g_assert_true (fx_has (&fx, SG_A_STEP, tr, G_MININT));
  fx.s->rp[0] = 0;
  fx_end (&fx);
}

/* 12.1: not needed after a seizure nor for Auxiliaries. */
static void
test_12_1_exemptions (void)
{
  AciesScenario *sc = scn_new (20, 12);
  Fx fx;
  g_autoptr(JsonObject) options = json_object_new ();
  gint fc;

  json_object_set_boolean_member (options, "formation_activation", TRUE);
  scn_formation (sc, "aux", 0, TRUE);
  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  scn_unit (sc, "x", "aux", "SK", 5, 1, 7, "J", "0510", NORTH);
  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0810", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1201", SOUTH);
  fc = scn_leader (sc, "fc", 0, "a", 3, 6, 2, 1, NULL);
  fx_start (&fx, sc, options);
  /* The Auxiliaries twice running: no roll. */
  fx_act (&fx, SG_A_ACTIVATE, 0, -1, -1, -1);
  fx_end_move (&fx);
  fx_pass_to (&fx, 0);
  fx_clear_events (&fx);
  fx_act (&fx, SG_A_ACTIVATE, 0, -1, -1, -1);
  g_assert_null (fx_event (&fx, "activation-roll"));
  fx_end_move (&fx);
  fx_pass_to (&fx, 0);
  /* Formation a, then again in a seized Player Turn: no roll. */
  fx_act (&fx, SG_A_ACTIVATE, 1, fc, -1, -1);
  fx_end_move (&fx);
  g_assert_cmpint (fx.s->step, ==, SG_ST_SEIZE);
  fx_push (&fx, 1, 0);
  ACT1 (&fx, SG_A_SEIZE, fc);
  g_assert_cmpint (fx.s->seized_by, ==, 0);
  fx_clear_events (&fx);
  fx_act (&fx, SG_A_ACTIVATE, 1, fc, -1, -1);
  g_assert_null (fx_event (&fx, "activation-roll"));
  g_assert_cmpint (fx.s->step, ==, SG_ST_MOVE);
  fx_end (&fx);
}

/* SG 3.2-A: a pass in the log is a whole sentence; a side's name is its
 * people in the plural ("The Persians pass"), in Issus as bundled. */
static void
test_3_2_a_pass_sentence (void)
{
  g_autoptr(AciesScenario) sc = fx_battle ("issus.acies");
  g_autoptr(AciesRuleset) rs = acies_simple_gboh_ruleset_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (3);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(GError) error = NULL;
  AciesState *state = acies_ruleset_new_state (rs, sc, NULL, &error);
  gboolean passed = FALSE;
  guint n_pass = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < 20 && !passed; i++)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      AciesAction pick;

      acies_ruleset_legal_actions (rs, state, legal);
      g_assert_cmpuint (legal->len, >, 0);
      pick = g_array_index (legal, AciesAction, legal->len - 1);
      for (guint k = 0; k < legal->len; k++)
        if (g_array_index (legal, AciesAction, k).type == SG_A_PASS)
          pick = g_array_index (legal, AciesAction, k);
      passed = pick.type == SG_A_PASS;
      g_assert_true (acies_ruleset_apply (rs, state, &pick, dice, events, &error));
      g_assert_no_error (error);
    }
  g_assert_true (passed);
  for (guint i = 0; i < events->len; i++)
    {
      const AciesEvent *e = g_ptr_array_index (events, i);

      if (g_str_equal (e->type, "pass") && ++n_pass)
        g_assert_true (g_str_equal (e->text, "The Macedonians pass: no Formation activates")
                       || g_str_equal (e->text, "The Persians pass: no Formation activates"));
    }
  g_assert_cmpuint (n_pass, ==, 1);
  acies_ruleset_free_state (rs, state);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/simple-gboh/1.0/edition", test_1_0_edition);
  g_test_add_func ("/acies/simple-gboh/2.0/d10-zero-to-nine", test_2_0_d10);
  g_test_add_func ("/acies/simple-gboh/2.1/hex-map", test_2_1_hex_map);
  g_test_add_func ("/acies/simple-gboh/2.2/pieces", test_2_2_pieces);
  g_test_add_func ("/acies/simple-gboh/2.21/unit-record", test_2_21_unit_record);
  g_test_add_func ("/acies/simple-gboh/2.22/types", test_2_22_types);
  g_test_add_func ("/acies/simple-gboh/2.23/counter-fields", test_2_23_counter_fields);
  g_test_add_func ("/acies/simple-gboh/2.24/leader-ratings", test_2_24_leader_ratings);
  g_test_add_func ("/acies/simple-gboh/2.25/markers", test_2_25_markers);
  g_test_add_func ("/acies/simple-gboh/2.3/own-charts", test_2_3_own_charts);
  g_test_add_func ("/acies/simple-gboh/3.0/alternation", test_3_0_alternation);
  g_test_add_func ("/acies/simple-gboh/3.1/first-player-roll", test_3_1_first_player);
  g_test_add_func ("/acies/simple-gboh/3.2-A/activation-choices", test_3_2_a_activation_choices);
  g_test_add_func ("/acies/simple-gboh/3.2-B/move-phase", test_3_2_b_move_phase);
  g_test_add_func ("/acies/simple-gboh/3.2-C/shock-mandatory", test_3_2_c_shock_mandatory);
  g_test_add_func ("/acies/simple-gboh/3.2-D/withdrawal-check", test_3_2_d_withdrawal_check);
  g_test_add_func ("/acies/simple-gboh/3.2-A/pass-sentence", test_3_2_a_pass_sentence);
  g_test_add_func ("/acies/simple-gboh/4.1/several-commanders", test_4_1_several_fcs);
  g_test_add_func ("/acies/simple-gboh/4.16/formation-chart", test_4_16_formation_chart);
  g_test_add_func ("/acies/simple-gboh/4.1-note/no-commander", test_4_1_note_no_commander);
  g_test_add_func ("/acies/simple-gboh/4.11/chain-same-formation", test_4_11_chain_same_formation);
  g_test_add_func ("/acies/simple-gboh/4.12/out-of-command", test_4_12_out_of_command);
  g_test_add_func ("/acies/simple-gboh/4.13/auxiliaries-and-artillery", test_4_13_auxiliaries);
  g_test_add_func ("/acies/simple-gboh/4.14/multiple-formations", test_4_14_multiple);
  g_test_add_func ("/acies/simple-gboh/4.1-note2/together", test_4_1_note2_together);
  g_test_add_func ("/acies/simple-gboh/4.21/command-path", test_4_21_command_path);
  g_test_add_func ("/acies/simple-gboh/4.22/overall-commander", test_4_22_overall_commander);
  g_test_add_func ("/acies/simple-gboh/4.15/same-formation-again", test_4_15_same_formation);
  g_test_add_func ("/acies/simple-gboh/4.31/leader-moves", test_4_31_leader_moves);
  g_test_add_func ("/acies/simple-gboh/4.32/inactive-leader-rides", test_4_32_inactive_rides);
  g_test_add_func ("/acies/simple-gboh/4.33/oc-ma", test_4_33_oc_ma);
  g_test_add_func ("/acies/simple-gboh/4.34/leader-near-enemy", test_4_34_leader_near_enemy);
  g_test_add_func ("/acies/simple-gboh/4.35/lone-leader-escapes", test_4_35_lone_leader);
  g_test_add_func ("/acies/simple-gboh/4.36/removed-and-returns", test_4_36_removed_returns);
  g_test_add_func ("/acies/simple-gboh/4.37/replacement", test_4_37_replacement);
  g_test_add_func ("/acies/simple-gboh/4.38/leader-drm", test_4_38_leader_drm);
  g_test_add_func ("/acies/simple-gboh/4.41/seizure", test_4_41_seizure);
  g_test_add_func ("/acies/simple-gboh/4.42/oc-seizure-activation", test_4_42_oc_seizure);
  g_test_add_func ("/acies/simple-gboh/4.43/fc-seizure-activation", test_4_43_fc_seizure);
  g_test_add_func ("/acies/simple-gboh/4.44/attempts-limited", test_4_44_limits);
  g_test_add_func ("/acies/simple-gboh/4.45/no-seize-back", test_4_45_no_seize_back);
  g_test_add_func ("/acies/simple-gboh/4.46/seize-to-move", test_4_46_seize_move);
  g_test_add_func ("/acies/simple-gboh/11.3/triarii-close", test_11_3_triarii_close);
  g_test_add_func ("/acies/simple-gboh/12.1/exemptions", test_12_1_exemptions);
  return g_test_run ();
}
