/* test-gc-heraclea.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-gc-heraclea"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "acies-error.h"
#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/grass-crown/acies-gc-private.h"
#include "rulesets/grass-crown/acies-gc-turn.h"

#include "gc-test-common.h"

/*
 * The Heraclea Example of Play (checklist section 4.2) on the shipped
 * scenario data/scenarios/grass-crown/heraclea.acies: the movement steps
 * (HER-05, HER-09, HER-13) on the distances its metadata.notes give (Pink
 * row 13, river row 14, Red row 15, Orange row 16, Phalanx rows 3–4 with
 * zones rows 5–7) and the final score after the Line Change (HER-22).
 * Set-up is played with a seeded die; earlier turns are reached by placing
 * units where the example has them.
 */

/* Loads Heraclea and plays the set-up with the first legal actions. */
static void
heraclea_start (Fixture *fx)
{
  fixture_start (fx, heraclea_load ());
  acies_dice_free (fx->dice);
  fx->dice = acies_dice_new_seeded (8);
  play_setup (fx, NULL, NULL);
  g_assert_cmpint (fx->s->base.active_side, ==, 0);
  acies_dice_free (fx->dice);
  fx->dice = acies_dice_new_scripted ();
}

/* The cell of @label (must be on the board). */
static AciesCell
square (Fixture    *fx,
        const char *label)
{
  AciesCell c = cell (fx, label);

  g_assert_cmpint (c, >=, 0);
  return c;
}

/* The unit on @label (must be one). */
static gint
at (Fixture    *fx,
    const char *label)
{
  gint u = acies_gc_unit_at (fx->s, square (fx, label));

  g_assert_cmpint (u, >=, 0);
  return u;
}

/* Steps the unit on @from to @to; returns the unit. */
static gint
step (Fixture    *fx,
      gint        u,
      const char *to)
{
  act (fx, ACIES_GC_ACTION_STEP, u, square (fx, to), -1, -1, -1);
  return u;
}

static gboolean
can_step (Fixture    *fx,
          gint        u,
          const char *to)
{
  return has_action (fx, ACIES_GC_ACTION_STEP, u, to != NULL ? square (fx, to) : G_MININT);
}

/* Moves the whole row of @wing's units standing on row @from to row
 * @to, shifting @dcol columns (the example's earlier moves, no rule checks). */
static void
shift_wing (Fixture    *fx,
            const char *wing,
            gint        from,
            gint        to,
            gint        dcol)
{
  gint w = wing_index (fx, wing);
  AciesBoard *board = fx->scenario->map.board;
  g_autoptr(GArray) moving = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint u = 0; u < fx->s->n_units; u++)
    {
      if (fx->s->units[u].wing != w || fx->s->units[u].cell == ACIES_CELL_NONE)
        continue;
      if (atoi (acies_board_cell_label (board, fx->s->units[u].cell) + 1) == from)
        g_array_append_val (moving, u);
    }
  g_assert_cmpuint (moving->len, >, 0);
  /* Leftward shifts: leftmost first, so no square is taken twice. */
  for (guint i = 0; i < moving->len; i++)
    {
      guint u = g_array_index (moving, guint, i);
      g_autofree char *l = g_strdup (acies_board_cell_label (board, fx->s->units[u].cell));
      g_autofree char *dest = g_strdup_printf ("%c%d", l[0] + dcol, to);

      g_assert_cmpint (acies_gc_unit_at (fx->s, square (fx, dest)), <, 0);
      acies_gc_place (fx->s, u, square (fx, dest));
    }
}

/* HER-05, Laevinus turn 2: Rally + Move to Pink; the Move is the second
 * action phase (allowance 2).  Pink advances 2 squares; Red and Orange
 * follow, the river square costing Red 2. */
static void
test_her_05_pink_advance (void)
{
  Fixture fx;
  gint pink, red, orange, p, r, o;

  heraclea_start (&fx);
  pink = wing_index (&fx, "pink");
  red = wing_index (&fx, "red");
  orange = wing_index (&fx, "orange");
  command (&fx, "pink", RALLY, MOVE, ACIES_GC_AQUILA_NONE);
  if (fx.s->phase == ACIES_GC_PHASE_RALLY)
    ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_cmpint (fx.s->wing_limit[pink], ==, 2);
  g_assert_true (fx.s->follow_wings & (1u << red));
  g_assert_true (fx.s->follow_wings & (1u << orange));

  p = step (&fx, at (&fx, "H13"), "H12");
  step (&fx, p, "H11");
  g_assert_cmpint (fx.s->units[p].moved, ==, 2);
  g_assert_false (can_step (&fx, p, NULL));

  r = step (&fx, at (&fx, "H15"), "H14");   /* the river: 2 */
  g_assert_cmpint (fx.s->units[r].moved, ==, 2);
  g_assert_false (can_step (&fx, r, NULL));

  o = step (&fx, at (&fx, "H16"), "H15");
  g_assert_cmpint (fx.s->units[o].moved, ==, 1);
  g_assert_false (can_step (&fx, o, "H14"));   /* Red stands there */
  fixture_end (&fx);
}

/* HER-09, Laevinus turn 4: Aquila + Move to Pink, standing in row 9 after
 * turns 2 and 3.  Phase 1 (4 squares): a sidestep left, then two squares
 * forward into the Phalanx zones (row 7), where Pink stops; Red follows a
 * full 4 (GC-G25).  Bonus Move Phase: Pink starts in a zone, so 1 square,
 * and Red and Orange are held to 1 as well. */
static void
test_her_09_aquila_move (void)
{
  Fixture fx;
  gint pink, red, orange, p, r;

  heraclea_start (&fx);
  pink = wing_index (&fx, "pink");
  red = wing_index (&fx, "red");
  orange = wing_index (&fx, "orange");
  shift_wing (&fx, "pink", 13, 9, 0);
  g_assert_false (acies_gc_in_zone_of (fx.s, square (&fx, "F8"), 1));
  g_assert_true (acies_gc_in_zone_of (fx.s, square (&fx, "F7"), 1));

  command (&fx, "pink", MOVE, NONE, ACIES_GC_AQUILA_PLUS);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_cmpint (fx.s->wing_limit[pink], ==, 4);

  p = step (&fx, at (&fx, "F9"), "E9");     /* the sidestep to the left */
  step (&fx, p, "E8");
  step (&fx, p, "E7");                      /* enters the zones: stops */
  g_assert_cmpint (fx.s->units[p].moved, ==, 3);
  g_assert_false (can_step (&fx, p, NULL));

  r = step (&fx, at (&fx, "F15"), "F14");   /* river: 2 */
  step (&fx, r, "F13");
  step (&fx, r, "F12");
  g_assert_cmpint (fx.s->units[r].moved, ==, 4);
  g_assert_false (can_step (&fx, r, NULL));

  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_BONUS_MOVE);
  g_assert_cmpint (fx.s->wing_limit[pink], ==, 1);
  g_assert_cmpint (fx.s->wing_limit[red], ==, 1);
  g_assert_cmpint (fx.s->wing_limit[orange], ==, 1);
  step (&fx, p, "E6");
  g_assert_false (can_step (&fx, p, NULL));
  step (&fx, r, "F11");
  g_assert_false (can_step (&fx, r, NULL));
  fixture_end (&fx);
}

/* HER-13, Laevinus turn 6: Pink, one square from the Phalanx front (row
 * 6), moves into contact with Purple and Blue; the Skirmish Zones of both
 * sides' Foot wings vanish (6.0-c, GC-G24: the zones of the two wings in
 * contact, so Blue's goes when Pink touches Blue). */
static void
test_her_13_contact (void)
{
  Fixture fx;
  gint pink, purple, blue, p;

  heraclea_start (&fx);
  pink = wing_index (&fx, "pink");
  purple = wing_index (&fx, "purple");
  blue = wing_index (&fx, "blue");
  shift_wing (&fx, "pink", 13, 6, -1);
  g_assert_true (fx.s->zone_alive & (1u << pink));
  g_assert_true (fx.s->zone_alive & (1u << purple));
  g_assert_true (fx.s->zone_alive & (1u << blue));

  command (&fx, "pink", MOVE, NONE, ACIES_GC_AQUILA_NONE);
  p = step (&fx, at (&fx, "E6"), "E5");     /* face to face with Purple E4 */
  g_assert_cmpint (fx.s->units[p].cell, ==, square (&fx, "E5"));
  g_assert_false (fx.s->zone_alive & (1u << pink));
  g_assert_false (fx.s->zone_alive & (1u << purple));
  g_assert_true (fx.s->zone_alive & (1u << blue));     /* not yet touched */
  step (&fx, at (&fx, "K6"), "K5");                    /* face to face with Blue K4 */
  g_assert_false (fx.s->zone_alive & (1u << blue));
  fixture_end (&fx);
}

/* HER-22, Laevinus turn 8: with the example's losses before it (five
 * Pink units, 1 VP each, for Pyrrhus; two Brittle and two other Blue
 * Phalanx for Laevinus) and three of the five remaining Pink units
 * Exhausted, the Line Change removes Pink: 3 VP for the Exhausted units,
 * none for the Fresh, +4 for the wing.  Score L 6, P 12; Rally Limit 3;
 * Red active with a 4-square Move. */
static void
test_her_22_final_score (void)
{
  Fixture fx;
  gint pink, blue, red;
  guint n_brittle = 0, n_plain = 0, n_pink = 0;
  g_autoptr(GArray) pink_units = g_array_new (FALSE, FALSE, sizeof (guint));

  heraclea_start (&fx);
  pink = wing_index (&fx, "pink");
  blue = wing_index (&fx, "blue");
  red = wing_index (&fx, "red");

  for (guint u = 0; u < fx.s->n_units; u++)
    {
      const AciesGcCounter *c = acies_gc_counter (fx.s, u);

      if (fx.s->units[u].cell == ACIES_CELL_NONE || c == NULL)
        continue;
      if (fx.s->units[u].wing == blue)
        {
          if (c->back == ACIES_GC_BACK_BRITTLE && n_brittle < 2)
            {
              acies_gc_eliminate (fx.s, u, ACIES_GC_CAUSE_ROUT, fx.events);
              n_brittle++;
            }
          else if (c->back == ACIES_GC_BACK_EXHAUSTED && n_plain < 2)
            {
              acies_gc_eliminate (fx.s, u, ACIES_GC_CAUSE_ROUT, fx.events);
              n_plain++;
            }
        }
      else if (fx.s->units[u].wing == pink)
        {
          n_pink++;
          g_array_append_val (pink_units, u);
        }
    }
  g_assert_cmpuint (n_brittle, ==, 2);
  g_assert_cmpuint (n_plain, ==, 2);
  g_assert_cmpuint (n_pink, ==, 10);
  g_assert_cmpint (fx.s->vp[0], ==, 6);

  for (guint i = 0; i < 5; i++)
    acies_gc_eliminate (fx.s, g_array_index (pink_units, guint, i), ACIES_GC_CAUSE_COMBAT, fx.events);
  g_assert_cmpint (fx.s->vp[1], ==, 5);
  for (guint i = 5; i < 8; i++)
    fx.s->units[g_array_index (pink_units, guint, i)].status = ACIES_GC_UNIT_EXHAUSTED;

  command (&fx, NULL, MOVE, NONE, ACIES_GC_AQUILA_ALL);
  for (guint i = 0; i < 10; i++)
    g_assert_cmpint (fx.s->units[g_array_index (pink_units, guint, i)].status, ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (fx.s->vp[0], ==, 6);
  g_assert_cmpint (fx.s->vp[1], ==, 12);
  g_assert_cmpint (fx.s->rally_limit[0], ==, 3);
  g_assert_cmpint (fx.s->active_wing[0], ==, red);
  g_assert_cmpint (fx.s->phase, ==, ACIES_GC_PHASE_MOVE);
  g_assert_cmpint (fx.s->wing_limit[red], ==, 4);
  g_assert_false (fx.s->base.finished);
  fixture_end (&fx);
}

/* Plays @n actions of Heraclea (the first legal action each time) in a
 * game with physical dice, typing a 4 whenever a die roll is asked for;
 * returns the number of rolls asked.  Drawing counters from the cup is no
 * die roll (GC 3.1): the program draws, so no ask may be for a draw. */
static guint
play_physical (AciesGame *game,
               guint      n)
{
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  guint asked = 0;

  for (guint i = 0; i < n && !acies_game_get_state (game)->finished; i++)
    {
      g_autoptr(GArray) l = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      g_autoptr(GError) error = NULL;

      acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), l);
      g_assert_cmpuint (l->len, >, 0);
      while (!acies_game_apply (game, &g_array_index (l, AciesAction, 0), &error))
        {
          g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_NEED_ROLL);
          g_assert_null (strstr (error->message, "draw"));
          g_assert_nonnull (strstr (error->message, "-sided die"));
          g_clear_error (&error);
          acies_game_push_roll (game, 4);
          asked++;
          g_assert_cmpuint (asked, <, 1000);
        }
    }

  return asked;
}

/* Physical dice ask the players for die rolls only: the set-up's cup draws
 * are made by the program from the seed and recorded, so the log replays
 * to the same game. */
static void
test_physical_dice_draws (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("grass-crown", &error);
  g_autoptr(AciesScenario) sc = heraclea_load ();
  g_autoptr(AciesGame) game = acies_game_new (sc, ruleset, 31, ACIES_DICE_MODE_PHYSICAL, NULL, &error);
  g_autoptr(AciesGame) again = acies_game_new (sc, ruleset, 31, ACIES_DICE_MODE_PHYSICAL, NULL, &error);
  g_autoptr(AciesGame) loaded = NULL;
  g_autoptr(JsonNode) json = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *digest_again = NULL;
  g_autofree char *digest_loaded = NULL;
  guint draws = 0;

  g_assert_no_error (error);
  play_physical (game, 150);
  play_physical (again, 150);

  /* The set-up is over and its draws were recorded as rolls. */
  g_assert_cmpint (ACIES_GC_STATE (acies_game_get_state (game))->step, !=, ACIES_GC_STEP_DRAW);
  g_assert_cmpint (ACIES_GC_STATE (acies_game_get_state (game))->step, !=, ACIES_GC_STEP_PLACE);
  for (guint i = 0; i < acies_game_get_n_actions (game); i++)
    draws += acies_game_get_rolls_of_action (game, i)->len;
  g_assert_cmpuint (draws, >, 20);
  g_assert_cmpuint (acies_game_get_n_pending_rolls (game), ==, 0);

  /* Same seed, same draws; saved and loaded, the same game. */
  digest = acies_game_digest (game);
  digest_again = acies_game_digest (again);
  g_assert_cmpstr (digest, ==, digest_again);
  json = acies_game_to_json (game);
  loaded = acies_game_from_json (json, "heraclea", &error);
  g_assert_no_error (error);
  g_assert_cmpint (acies_game_get_dice_mode (loaded), ==, ACIES_DICE_MODE_PHYSICAL);
  digest_loaded = acies_game_digest (loaded);
  g_assert_cmpstr (digest, ==, digest_loaded);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/grass-crown/HER-05/pink-advance", test_her_05_pink_advance);
  g_test_add_func ("/acies/grass-crown/HER-09/aquila-move-zone-stop", test_her_09_aquila_move);
  g_test_add_func ("/acies/grass-crown/HER-13/contact-zones-vanish", test_her_13_contact);
  g_test_add_func ("/acies/grass-crown/HER-22/final-score", test_her_22_final_score);
  g_test_add_func ("/acies/grass-crown/3.1/physical-dice-draws", test_physical_dice_draws);

  return g_test_run ();
}
