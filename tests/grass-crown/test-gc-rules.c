/* test-gc-rules.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-gc-rules"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/grass-crown/acies-gc-private.h"
#include "rulesets/grass-crown/acies-gc-playout.h"

#include "gc-test-common.h"
#include "acies-test-games.h"

/*
 * The Grass Crown rules other than combat, one test per checklist case
 * (shared/rules/checklists/grass-crown.md), with dice forced through the
 * scripted source.  Positions are small synthetic boards (the book's
 * diagrams are missing, GC-G07): red (Laevinus-like) holds the south edge,
 * blue the north edge.
 */

static void
test_registry (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) rs = acies_ruleset_lookup ("grass-crown", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (acies_ruleset_get_id (rs), ==, "grass-crown");
  g_assert_nonnull (acies_ruleset_get_catalogue (rs));
}

/* GC 3.1-h, 3.2: Rally Limit 4, Fortuna two-die side, first turn. */
static void
test_3_1_h_rally_limit (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  g_assert_cmpint (fx.s->rally_limit[0], ==, 4);
  g_assert_cmpint (fx.s->rally_limit[1], ==, 4);
  g_assert_cmpint (fx.s->fortuna, ==, 0);
  g_assert_cmpint (fx.s->fortuna_face, ==, 2);
  g_assert_cmpint (fx.s->base.active_side, ==, 0);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_COMMAND);
  fixture_end (&fx);
}

/* GC 3.1-c/d/g, HER-01: the sample's pools: Heroes set aside, the draw
 * without replacement, blue places first, backs hidden from both. */
static void
test_3_1_c_draw (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "samples",
                                            "grass-crown-sample.acies", NULL);
  Fixture fx = { 0, };
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  guint placed = 0, heroes = 0, seen = 0;
  gboolean look = FALSE;
  gint pink = -1;

  fx.scenario = acies_scenario_load_path (path, &error);
  g_assert_no_error (error);
  fx.ruleset = acies_ruleset_lookup ("grass-crown", &error);
  fx.s = ACIES_GC_STATE (acies_ruleset_new_state (fx.ruleset, fx.scenario, NULL, &error));
  g_assert_no_error (error);
  fx.dice = acies_dice_new_seeded (7);

  /* GC 3.1-g: the blue side (Pyrrhus) draws and places first. */
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_DRAW);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  {
    AciesAction a;
    acies_action_init (&a, ACIES_GC_ACTION_DRAW, 1);
    g_assert_true (acies_ruleset_apply (fx.ruleset, &fx.s->base, &a, fx.dice, events, &error));
  }
  while (fx.s->step == ACIES_GC_STEP_PLACE || fx.s->step == ACIES_GC_STEP_DRAW)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      acies_ruleset_legal_actions (fx.ruleset, &fx.s->base, legal);
      g_assert_cmpuint (legal->len, >, 0);
      g_assert_true (acies_ruleset_apply (fx.ruleset, &fx.s->base, &g_array_index (legal, AciesAction, 0),
                                          fx.dice, events, &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; i < events->len; i++)
    if (g_str_equal (((AciesEvent *) g_ptr_array_index (events, i))->type, "private-look"))
      look = TRUE;
  g_assert_true (look);

  for (guint w = 0; w < fx.s->st->wings->len; w++)
    if (g_str_equal (acies_gc_wing (fx.s, w)->id, "pink"))
      pink = w;
  for (guint u = 0; u < fx.s->n_units; u++)
    if (fx.s->units[u].wing == pink && acies_gc_on_board (fx.s, u))
      {
        AciesUnit view;

        placed++;
        if (acies_gc_counter (fx.s, u)->back == ACIES_GC_BACK_HERO)
          heroes++;
        /* GC 3.1-e: nobody sees an unflipped back. */
        g_assert_true (acies_ruleset_unit_view (fx.ruleset, &fx.s->base, u, 0, &view));
        if (view.hidden != NULL)
          seen++;
      }
  /* 5 drawn of 8 non-Heroes, plus the zone's Hero (3.1-a). */
  g_assert_cmpuint (placed, ==, 6);
  g_assert_cmpuint (heroes, ==, 1);
  g_assert_cmpuint (seen, ==, 0);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_COMMAND);
  fixture_end (&fx);
}

/* GC 5.0-b, GC-T41: legal and illegal command pairs. */
static void
test_5_0_b_command_pairs (void)
{
  Fixture fx;
  gint pink;
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  gboolean move_combat = FALSE, skirmish_rally = FALSE, move_skirmish = FALSE;

  fixture_start (&fx, lines_new ());
  pink = wing_index (&fx, "pink");
  acies_ruleset_legal_actions (fx.ruleset, &fx.s->base, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *a = &g_array_index (legal, AciesAction, i);

      if (a->type != ACIES_GC_ACTION_COMMAND || a->args[0] != pink)
        continue;
      if ((a->args[1] == MOVE && a->args[2] == COMBAT) || (a->args[1] == COMBAT && a->args[2] == MOVE))
        move_combat = TRUE;
      if ((a->args[1] == SKIRMISH && a->args[2] == RALLY) || (a->args[1] == RALLY && a->args[2] == SKIRMISH))
        skirmish_rally = TRUE;
      if (a->args[1] == SKIRMISH && a->args[2] == MOVE)
        move_skirmish = TRUE;
    }
  g_assert_false (move_combat);
  g_assert_false (skirmish_rally);
  g_assert_true (move_skirmish);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_PASS, G_MININT, G_MININT));
  fixture_end (&fx);
}

/* GC 5.0-g, GC-T40: Aquila to all Foot Wings costs a Rally Limit point. */
static void
test_5_0_g_aquila_all (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  act (&fx, ACIES_GC_ACTION_COMMAND, -1, RALLY, NONE, ACIES_GC_AQUILA_ALL, -1);
  g_assert_cmpint (fx.s->rally_limit[0], ==, 3);
  fixture_end (&fx);
}

/* GC 6.0-h, HER-03: Aquila plus Skirmish, 5+3 and 4+3 against 8: one hit,
 * absorbed by the owner (no Rout Check); Fortuna declined twice. */
static void
test_6_0_h_skirmish_one_hit (void)
{
  Fixture fx;
  gint purple, pink;

  fixture_start (&fx, lines_new ());
  fx.s->acting = 1;   /* Pyrrhus's turn */
  fx.s->fortuna = 1;
  acies_gc_sync_base (fx.s);
  purple = wing_index (&fx, "purple");
  pink = wing_index (&fx, "pink");
  act (&fx, ACIES_GC_ACTION_COMMAND, purple, SKIRMISH, NONE, ACIES_GC_AQUILA_PLUS, -1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_SKIRMISH_TARGET);
  acies_dice_push (fx.dice, 5);
  act (&fx, ACIES_GC_ACTION_SKIRMISH, pink, -1, -1, -1, -1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_FORTUNA);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  /* 5 + 3 = 8: one Exhaustion (Pink is not in Purple's zone). */
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_ABSORB);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 0);
  g_assert_cmpint (fx.s->absorb_left, ==, 1);
  ACT1 (&fx, ACIES_GC_ACTION_ABSORB, uid (&fx, "p1"));
  g_assert_cmpint (fx.s->units[uid (&fx, "p1")].status, ==, ACIES_GC_UNIT_EXHAUSTED);
  /* The second phase targets the same wing: 4 + 3 = 7 misses. */
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_SKIRMISH_TARGET);
  acies_dice_push (fx.dice, 4);
  act (&fx, ACIES_GC_ACTION_SKIRMISH, pink, -1, -1, -1, -1);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (fx.s->units[uid (&fx, "p2")].status, ==, ACIES_GC_UNIT_FRESH);
  /* The log says the roll, the factor and what was needed, with the rule. */
  g_assert_nonnull (find_event (&fx, "miss"));
  g_assert_nonnull (strstr (find_event (&fx, "miss")->text,
                            "Skirmish against the pink wing: Pyrrhus rolled 4 + Skirmish Factor 3 = 7, 8 or more needed: a miss"));
  /* The roll is said once, in the event it decided: no line of its own. */
  for (guint i = 0; i < fx.events->len; i++)
    g_assert_cmpstr (((AciesEvent *) g_ptr_array_index (fx.events, i))->type, !=, "roll");
  /* Pyrrhus does not hold the Initiative: Laevinus's turn begins. */
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_COMMAND);
  g_assert_cmpint (fx.s->base.active_side, ==, 0);
  fixture_end (&fx);
}

/* GC 6.0-h (zone), 6.0-i: in the zone two Exhaustions; a Brittle flip
 * eliminates without a Rout Check and scores VP. */
static void
test_6_0_h_skirmish_in_zone (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();
  gint pink;

  /* Move the purple line to row 6: pink (row 8) is 2 squares ahead of it. */
  for (guint i = 3; i < 6; i++)
    {
      AciesUnit *u = g_ptr_array_index (sc->units, i);
      u->cell += 3 * 8;
    }
  fixture_start (&fx, sc);
  fx.s->acting = 1;
  fx.s->fortuna = 0;
  fx.s->fortuna_face = 2;
  acies_gc_sync_base (fx.s);
  pink = wing_index (&fx, "pink");
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "purple"), SKIRMISH, NONE, ACIES_GC_AQUILA_NONE, -1);
  acies_dice_push (fx.dice, 6);
  act (&fx, ACIES_GC_ACTION_SKIRMISH, pink, -1, -1, -1, -1);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (fx.s->absorb_left, ==, 2);
  ACT1 (&fx, ACIES_GC_ACTION_ABSORB, uid (&fx, "p3"));
  g_assert_cmpint (fx.s->units[uid (&fx, "p3")].status, ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->vp[1], ==, 2);
  ACT1 (&fx, ACIES_GC_ACTION_ABSORB, uid (&fx, "p1"));
  g_assert_cmpint (fx.s->units[uid (&fx, "p1")].status, ==, ACIES_GC_UNIT_EXHAUSTED);
  fixture_end (&fx);
}

/* GC 7.0-b, HER-04, 12.0-b: +2 for two Fresh neighbours, 5 + 2 = 7 fails;
 * Fortuna (face 2 → 1), a natural 8 rallies. */
static void
test_7_0_b_rally_fortuna (void)
{
  Fixture fx;
  gint p2;

  fixture_start (&fx, lines_new ());
  p2 = uid (&fx, "p2");
  fx.s->units[p2].status = ACIES_GC_UNIT_EXHAUSTED;
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), RALLY, MOVE, ACIES_GC_AQUILA_NONE, -1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_RALLY);
  acies_dice_push (fx.dice, 5);
  act (&fx, ACIES_GC_ACTION_RALLY, p2, -1, -1, -1, -1);
  g_assert_cmpint (fx.s->roll.ctx[1], ==, 2);
  acies_dice_push (fx.dice, 8);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, TRUE);
  g_assert_cmpint (fx.s->fortuna_face, ==, 1);
  g_assert_cmpint (fx.s->fortuna, ==, 0);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpint (fx.s->units[p2].status, ==, ACIES_GC_UNIT_FRESH);
  /* The Move that follows is the second action phase: 2 squares (8.0-a). */
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "pink")], ==, 2);
  fixture_end (&fx);
}

/* GC 12.0-a: the Fortuna prompt gives the modified total and its result,
 * and what a re-roll could give (a Rally: 5 + 2 = 7 fails; 6–8 rally, a 1
 * eliminates). */
static void
test_12_0_a_fortuna_prompt_rally (void)
{
  Fixture fx;
  gint p2;
  g_autoptr(AciesPrompt) prompt = NULL;

  fixture_start (&fx, lines_new ());
  p2 = uid (&fx, "p2");
  fx.s->units[p2].status = ACIES_GC_UNIT_EXHAUSTED;
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), RALLY, MOVE, ACIES_GC_AQUILA_NONE, -1);
  acies_dice_push (fx.dice, 5);
  act (&fx, ACIES_GC_ACTION_RALLY, p2, -1, -1, -1, -1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_FORTUNA);
  prompt = acies_ruleset_get_prompt (fx.ruleset, &fx.s->base);
  g_test_message ("%s", prompt->text);
  g_assert_nonnull (strstr (prompt->text, "your rally roll is 5 + 2 = 7: it does not rally."));
  g_assert_nonnull (strstr (prompt->text, "A re-roll gives a natural 1: the unit is eliminated on a die roll of 1, "
                                          "it does not rally on a die roll of 2–5, it rallies on a die roll of 6–8."));
  g_assert_nonnull (strstr (prompt->text, "one-die side"));
  g_assert_cmpstr (prompt->rule, ==, "GC 12.0");
  fixture_end (&fx);
}

/* GC 12.0-a, 9.3: for a Combat roll the prompt gives the DRM, the row and
 * the CRT result that the roll then really gets, and the re-roll's
 * results over 1–8. */
static void
test_12_0_a_fortuna_prompt_combat (void)
{
  AciesScenario *sc = lines_new ();
  Fixture fx;
  g_autoptr(AciesPrompt) prompt = NULL;
  const AciesEvent *e;
  const char *result;
  g_autofree char *said = NULL;

  /* q1 stands in front of p1. */
  ((AciesUnit *) g_ptr_array_index (sc->units, 3))->cell = acies_board_cell_from_label (sc->map.board, "C7");
  fixture_start (&fx, sc);
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), COMBAT, NONE, ACIES_GC_AQUILA_NONE, -1);
  act (&fx, ACIES_GC_ACTION_ATTACK, uid (&fx, "p1"), uid (&fx, "q1"), -1, -1, -1);
  acies_dice_push (fx.dice, 6);
  act (&fx, ACIES_GC_ACTION_RESOLVE, -1, -1, -1, -1, -1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_FORTUNA);
  prompt = acies_ruleset_get_prompt (fx.ruleset, &fx.s->base);
  g_test_message ("%s", prompt->text);
  g_assert_nonnull (strstr (prompt->text, "your combat roll is 6"));
  g_assert_nonnull (strstr (prompt->text, " on the B row: "));
  g_assert_nonnull (strstr (prompt->text, "A re-roll gives "));
  g_assert_true (strstr (prompt->text, "–8.") != NULL || strstr (prompt->text, "die roll of 8.") != NULL);
  /* Each result says what it does (GC 9.3). */
  g_assert_nonnull (strstr (prompt->text, " (the "));

  /* The result it names is the one the roll gets when it stands. */
  g_ptr_array_set_size (fx.events, 0);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  e = find_event (&fx, "combat-result");
  g_assert_nonnull (e);
  g_test_message ("%s", e->text);
  result = strstr (e->text, " row: ");
  g_assert_nonnull (result);
  result += strlen (" row: ");
  said = g_strdup_printf (": %.2s (", result);
  g_assert_nonnull (strstr (prompt->text, said));
  fixture_end (&fx);
}

/* GC 7.0-f, HER-11(b), 12.0-e: a natural 1 eliminates; the player who just
 * received Fortuna may not re-roll that result. */
static void
test_7_0_f_natural_one (void)
{
  Fixture fx;
  gint p2;

  fixture_start (&fx, lines_new ());
  p2 = uid (&fx, "p2");
  fx.s->units[p2].status = ACIES_GC_UNIT_EXHAUSTED;
  fx.s->fortuna = 1;   /* Pyrrhus holds it, one use left */
  fx.s->fortuna_face = 1;
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), RALLY, NONE, ACIES_GC_AQUILA_PLUS, -1);
  acies_dice_push (fx.dice, 7);
  act (&fx, ACIES_GC_ACTION_RALLY, p2, -1, -1, -1, -1);
  /* +3 (two neighbours and Aquila): 7 + 3 would rally; Pyrrhus re-rolls. */
  g_assert_cmpint (fx.s->roll.ctx[1], ==, 3);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  acies_dice_push (fx.dice, 1);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, TRUE);
  /* The marker went to Laevinus, who may not re-roll this 1. */
  g_assert_cmpint (fx.s->fortuna, ==, 0);
  g_assert_cmpint (fx.s->fortuna_face, ==, 2);
  g_assert_cmpint (fx.s->units[p2].status, ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->vp[1], ==, 2);
  fixture_end (&fx);
}

/* GC 7.0-c: a unit rallied first counts as a Fresh neighbour later. */
static void
test_7_0_c_recomputed (void)
{
  Fixture fx;
  gint p1, p2;

  fixture_start (&fx, lines_new ());
  p1 = uid (&fx, "p1");
  p2 = uid (&fx, "p2");
  fx.s->units[p1].status = ACIES_GC_UNIT_EXHAUSTED;
  fx.s->units[p2].status = ACIES_GC_UNIT_EXHAUSTED;
  fx.s->fortuna = 1;
  fx.s->fortuna_face = 2;
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), RALLY, NONE, ACIES_GC_AQUILA_NONE, -1);
  acies_dice_push (fx.dice, 8);
  act (&fx, ACIES_GC_ACTION_RALLY, p2, -1, -1, -1, -1);
  g_assert_cmpint (fx.s->roll.ctx[1], ==, 1);   /* only p3 is Fresh */
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  acies_dice_push (fx.dice, 2);
  act (&fx, ACIES_GC_ACTION_RALLY, p1, -1, -1, -1, -1);
  g_assert_cmpint (fx.s->roll.ctx[1], ==, 1);   /* p2 now Fresh */
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  fixture_end (&fx);
}

static void
begin_move (Fixture *fx,
            gint     cmd2,
            gint     aquila)
{
  act (fx, ACIES_GC_ACTION_COMMAND, wing_index (fx, "pink"), MOVE, cmd2, aquila, -1);
}

/* GC 8.0-a, 8.1-b, 8.1-c: four squares, no backward step, and no forward
 * step past the last enemy row. */
static void
test_8_1_b_facing (void)
{
  Fixture fx;
  gint p1;

  fixture_start (&fx, lines_new ());
  p1 = uid (&fx, "p1");
  begin_move (&fx, NONE, ACIES_GC_AQUILA_NONE);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "pink")], ==, 4);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, p1, cell (&fx, "C7")));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, p1, cell (&fx, "B8")));
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_STEP, p1, cell (&fx, "C9")));
  fixture_end (&fx);

  /* Enemies only level with or behind: no forward step. */
  {
    AciesScenario *sc = lines_new ();

    for (guint i = 3; i < 6; i++)
      ((AciesUnit *) g_ptr_array_index (sc->units, i))->cell += 6 * 8;   /* row 9 */
    fixture_start (&fx, sc);
    p1 = uid (&fx, "p1");
    begin_move (&fx, NONE, ACIES_GC_AQUILA_NONE);
    g_assert_false (has_action (&fx, ACIES_GC_ACTION_STEP, p1, cell (&fx, "C7")));
    g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, p1, cell (&fx, "B8")));
    fixture_end (&fx);
  }
}

/* GC 8.1-d: Foot face to face are Engaged and cannot move. */
static void
test_8_1_d_engaged (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();

  ((AciesUnit *) g_ptr_array_index (sc->units, 3))->cell = acies_board_cell_from_label (sc->map.board, "C7");
  fixture_start (&fx, sc);
  begin_move (&fx, NONE, ACIES_GC_AQUILA_NONE);
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "p1"), G_MININT));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, uid (&fx, "p2"), G_MININT));
  fixture_end (&fx);
}

/* GC 8.3-b: Phalanx only forward in the Bonus Move Phase. */
static void
test_8_3_b_phalanx_bonus (void)
{
  Fixture fx;
  gint q1;

  fixture_start (&fx, lines_new ());
  fx.s->acting = 1;
  fx.s->fortuna = 0;
  acies_gc_sync_base (fx.s);
  q1 = uid (&fx, "q1");
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "purple"), MOVE, NONE, ACIES_GC_AQUILA_PLUS, -1);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, q1, cell (&fx, "B3")));
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_BONUS_MOVE);
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_STEP, q1, cell (&fx, "B3")));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, q1, cell (&fx, "C4")));
  fixture_end (&fx);
}

/* GC 8.5-e, 8.5-f: cavalry moves diagonally; it may not come next to enemy
 * Foot screened by enemy cavalry within four squares. */
static void
test_8_5_e_cavalry (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();
  gint c1;

  add_wing (sc, "white", "red", "white", TRUE, "none");
  add_wing (sc, "gold", "blue", "gold", TRUE, "none");
  add_unit (sc, "w1", "white", "C", NULL, NULL, 1, "G6");
  fixture_start (&fx, sc);
  c1 = uid (&fx, "w1");
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "white"), MOVE, NONE, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY);
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, c1, cell (&fx, "F5")));
  g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, c1, cell (&fx, "H7")));
  fixture_end (&fx);

  /* GC 8.5-f: E4 touches the Phalanx at E3; enemy cavalry at H1 is within
   * four squares of it, so the step is refused; without it, allowed. */
  for (guint with = 0; with < 2; with++)
    {
      sc = lines_new ();
      add_wing (sc, "white", "red", "white", TRUE, "none");
      add_wing (sc, "gold", "blue", "gold", TRUE, "none");
      add_unit (sc, "w1", "white", "C", NULL, NULL, 1, "F5");
      if (with)
        add_unit (sc, "g1", "gold", "C", NULL, NULL, 2, "H1");
      else
        add_unit (sc, "g1", "gold", "C", NULL, NULL, 2, "A10");
      fixture_start (&fx, sc);
      c1 = uid (&fx, "w1");
      act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "white"), MOVE, NONE, ACIES_GC_AQUILA_NONE, ACIES_GC_GROUP_CAVALRY);
      g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, c1, cell (&fx, "F4")));
      g_assert_true (has_action (&fx, ACIES_GC_ACTION_STEP, c1, cell (&fx, "E4")) == !with);
      fixture_end (&fx);
    }
}

/* GC 8.9-a: a River square costs two; a unit held to one square may still
 * enter it. */
static void
test_8_9_a_river (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();
  gint p1;

  acies_map_set_terrain (&sc->map, acies_board_cell_from_label (sc->map.board, "C7"), "river");
  fixture_start (&fx, sc);
  p1 = uid (&fx, "p1");
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), RALLY, MOVE, ACIES_GC_AQUILA_NONE, -1);
  /* Nothing to rally: straight to the Move (2 squares). */
  act (&fx, ACIES_GC_ACTION_STEP, p1, cell (&fx, "C7"), -1, -1, -1);
  g_assert_cmpint (fx.s->units[p1].moved, ==, 2);
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_STEP, p1, G_MININT));
  fixture_end (&fx);
}

/* GC 11.2, 13.0-c/d: the Line Change removes the active wing (Exhausted
 * units score, Fresh do not, +4 for the wing), Rally Limit −1, the next
 * line becomes active and moves. */
static void
test_11_2_c_line_change (void)
{
  Fixture fx;
  AciesScenario *sc = lines_new ();
  AciesRuleEntry *e = acies_rule_entry_new ("triplex-acies");

  e->side = g_strdup ("red");
  g_ptr_array_add (sc->special_rules, e);
  json_object_set_string_member (((AciesFormation *) g_ptr_array_index (sc->formations, 0))->params,
                                 "ta_role", "hastati");
  add_wing (sc, "redw", "red", "red", FALSE, "principes");
  add_unit (sc, "r1", "redw", "H", "A", "exhausted", -1, "C9");
  fixture_start (&fx, sc);
  fx.s->units[uid (&fx, "p1")].status = ACIES_GC_UNIT_EXHAUSTED;
  /* GC 5.0-d: the inactive principes take no Commands. */
  g_assert_false (has_action (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "redw"), G_MININT));
  act (&fx, ACIES_GC_ACTION_COMMAND, -1, MOVE, NONE, ACIES_GC_AQUILA_ALL, -1);
  g_assert_cmpint (fx.s->units[uid (&fx, "p1")].status, ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->units[uid (&fx, "p2")].status, ==, ACIES_GC_UNIT_ELIMINATED);
  /* 2 VP for the Exhausted p1, none for the Fresh ones, +4 for the wing. */
  g_assert_cmpint (fx.s->vp[1], ==, 6);
  g_assert_cmpint (fx.s->rally_limit[0], ==, 3);
  g_assert_cmpint (fx.s->active_wing[0], ==, wing_index (&fx, "redw"));
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_cmpint (fx.s->wing_limit[wing_index (&fx, "redw")], ==, 4);
  fixture_end (&fx);
}

/* GC 12.0-c, GC-T33: two uses in a row hand the marker over. */
static void
test_12_0_c_twice (void)
{
  Fixture fx;
  gint p2;

  fixture_start (&fx, lines_new ());
  p2 = uid (&fx, "p2");
  fx.s->units[p2].status = ACIES_GC_UNIT_EXHAUSTED;
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "pink"), RALLY, NONE, ACIES_GC_AQUILA_NONE, -1);
  acies_dice_push (fx.dice, 1);
  act (&fx, ACIES_GC_ACTION_RALLY, p2, -1, -1, -1, -1);
  acies_dice_push (fx.dice, 1);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, TRUE);
  g_assert_cmpint (fx.s->fortuna_face, ==, 1);
  acies_dice_push (fx.dice, 3);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, TRUE);
  g_assert_cmpint (fx.s->fortuna, ==, 1);
  /* The latest result (3 + 2 = 5) stands: not rallied, not eliminated. */
  g_assert_cmpint (fx.s->units[p2].status, ==, ACIES_GC_UNIT_EXHAUSTED);
  fixture_end (&fx);
}

/* GC 13.0-g: Rally Limit zero ends the game at once. */
static void
test_13_0_g_rally_limit_zero (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  fx.s->rally_limit[0] = 1;
  act (&fx, ACIES_GC_ACTION_COMMAND, -1, MOVE, NONE, ACIES_GC_AQUILA_ALL, -1);
  g_assert_true (fx.s->base.finished);
  g_assert_cmpint (fx.s->base.winner, ==, 1);
  fixture_end (&fx);
}

/* GC 13.0-a, 14.0-a: only the non-acting player wins in the Victory Phase;
 * the Initiative holder may take a second turn. */
static void
test_14_0_a_initiative (void)
{
  Fixture fx;

  fixture_start (&fx, lines_new ());
  fx.s->st->sides[0].final_vp = 0;   /* the acting side reached it: no win now */
  ACT0 (&fx, ACIES_GC_ACTION_PASS);
  g_assert_false (fx.s->base.finished);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_INITIATIVE);
  ACT1 (&fx, ACIES_GC_ACTION_INITIATIVE, TRUE);
  g_assert_cmpint (fx.s->initiative, ==, 1);
  g_assert_cmpint (fx.s->base.active_side, ==, 0);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_COMMAND);
  fx.s->st->sides[1].final_vp = 0;   /* the non-acting side checks and wins */
  ACT0 (&fx, ACIES_GC_ACTION_PASS);
  g_assert_true (fx.s->base.finished);
  g_assert_cmpint (fx.s->base.winner, ==, 1);
  fixture_end (&fx);
}

/* 1,000 complete random Heraclea games: each ends by 13.0 (or the turn
 * guard, option max_turns = 400 player turns), the invariants hold after
 * every action, and each replay gives the same digest. */
static void
test_random_heraclea (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown",
                                            "heraclea.acies", NULL);
  g_autoptr(AciesScenario) sc = NULL;
  g_autoptr(AciesRuleset) rs = acies_ruleset_lookup ("grass-crown", &error);
  g_autoptr(JsonObject) options = json_object_new ();

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_free (path);
      path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "samples", "grass-crown-sample.acies", NULL);
    }
  sc = acies_scenario_load_path (path, &error);
  g_assert_no_error (error);
  json_object_set_int_member (options, "max_turns", 400);
  for (guint g = 0; g < acies_test_games (1000); g++)
    {
      AciesPlayout p;
      g_autofree char *replayed = NULL;

      g_assert_true (acies_playout_random (rs, sc, options, g + 1, 2000000, TRUE, TRUE, &p, &error));
      g_assert_no_error (error);
      g_assert_true (p.finished);
      g_assert_nonnull (strstr (p.end_reason, "13.0") != NULL ? p.end_reason : strstr (p.end_reason, "max_turns"));
      replayed = acies_playout_replay (rs, sc, options, g + 1, p.log, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (replayed, ==, p.digest);
      acies_playout_clear (&p);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/grass-crown/registry", test_registry);
  g_test_add_func ("/acies/grass-crown/3.1-h/rally-limit-four", test_3_1_h_rally_limit);
  g_test_add_func ("/acies/grass-crown/3.1-c/draw-heroes-aside", test_3_1_c_draw);
  g_test_add_func ("/acies/grass-crown/5.0-b/command-pairs", test_5_0_b_command_pairs);
  g_test_add_func ("/acies/grass-crown/5.0-g/aquila-all-wings", test_5_0_g_aquila_all);
  g_test_add_func ("/acies/grass-crown/6.0-h/skirmish-one-hit", test_6_0_h_skirmish_one_hit);
  g_test_add_func ("/acies/grass-crown/6.0-h/skirmish-in-zone", test_6_0_h_skirmish_in_zone);
  g_test_add_func ("/acies/grass-crown/7.0-b/rally-fortuna", test_7_0_b_rally_fortuna);
  g_test_add_func ("/acies/grass-crown/7.0-f/natural-one", test_7_0_f_natural_one);
  g_test_add_func ("/acies/grass-crown/7.0-c/recomputed", test_7_0_c_recomputed);
  g_test_add_func ("/acies/grass-crown/8.1-b/facing", test_8_1_b_facing);
  g_test_add_func ("/acies/grass-crown/8.1-d/engaged", test_8_1_d_engaged);
  g_test_add_func ("/acies/grass-crown/8.3-b/phalanx-bonus-forward", test_8_3_b_phalanx_bonus);
  g_test_add_func ("/acies/grass-crown/8.5-e/cavalry-diagonal", test_8_5_e_cavalry);
  g_test_add_func ("/acies/grass-crown/8.9-a/river", test_8_9_a_river);
  g_test_add_func ("/acies/grass-crown/11.2-c/line-change", test_11_2_c_line_change);
  g_test_add_func ("/acies/grass-crown/12.0-c/fortuna-twice", test_12_0_c_twice);
  g_test_add_func ("/acies/grass-crown/12.0-a/fortuna-prompt-rally", test_12_0_a_fortuna_prompt_rally);
  g_test_add_func ("/acies/grass-crown/12.0-a/fortuna-prompt-combat", test_12_0_a_fortuna_prompt_combat);
  g_test_add_func ("/acies/grass-crown/13.0-g/rally-limit-zero", test_13_0_g_rally_limit_zero);
  g_test_add_func ("/acies/grass-crown/14.0-a/initiative", test_14_0_a_initiative);
  g_test_add_func ("/acies/grass-crown/random/heraclea-1000", test_random_heraclea);

  return g_test_run ();
}
