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

/* ---- The log in the players' words (GC 4.0, 6.0-h, 12.0) ---- */

/* The turn as the rulebook names it now. */
static char *
turn_words (Fixture *fx)
{
  return acies_ruleset_describe_turn (fx->ruleset, &fx->s->base);
}

static void
assert_turn (Fixture    *fx,
             const char *expected)
{
  g_autofree char *words = turn_words (fx);

  g_assert_cmpstr (words, ==, expected);
}

/* The text of the last event of @type since @from (must be one). */
static const char *
last_text (Fixture    *fx,
           guint       from,
           const char *type)
{
  const char *text = NULL;

  for (guint i = from; i < fx->events->len; i++)
    {
      const AciesEvent *e = g_ptr_array_index (fx->events, i);

      if (g_str_equal (e->type, type))
        text = e->text;
    }
  g_assert_nonnull (text);
  return text;
}

/* The acting player ends the turn: no Initiative declared (14.0). */
static void
end_turn (Fixture  *fx,
          gboolean  declare)
{
  if (fx->s->step == ACIES_GC_STEP_INITIATIVE)
    ACT1 (fx, ACIES_GC_ACTION_INITIATIVE, declare);
  else
    g_assert_false (declare);
}

/* GC 4.0 and the Example of Play ("Laevinus Turn 5", "Laevinus Turn 6",
 * "Pyrrhus Turn 5"): each player counts his own turns, Initiative
 * included (14.0); the "turn" event and describe_turn say it so, and
 * state->turn still counts the player turns. */
static void
test_4_0_a_turn_named_by_player (void)
{
  /* From Laevinus Turn 2: whether the turn declares Initiative, and the
   * turn that follows. */
  static const struct { gboolean declare; const char *next; } turns[] = {
    { TRUE,  "Laevinus Turn 3" },   /* Laevinus holds it at the start (3.2) */
    { FALSE, "Pyrrhus Turn 2" },
    { TRUE,  "Pyrrhus Turn 3" },    /* Pyrrhus holds it now */
    { FALSE, "Laevinus Turn 4" },
    { TRUE,  "Laevinus Turn 5" },   /* back with Laevinus */
    { FALSE, "Pyrrhus Turn 4" },
  };
  Fixture fx;

  fixture_start (&fx, heraclea_load ());
  /* GC 3.1: the set-up comes before the first player turn. */
  assert_turn (&fx, "Set-up");
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (8);
  play_setup (&fx, NULL, NULL);
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_scripted ();

  assert_turn (&fx, "Laevinus Turn 1");
  g_assert_cmpstr (find_event (&fx, "turn")->text, ==, "Laevinus Turn 1");
  ACT0 (&fx, ACIES_GC_ACTION_PASS);
  end_turn (&fx, FALSE);
  assert_turn (&fx, "Pyrrhus Turn 1");
  ACT0 (&fx, ACIES_GC_ACTION_PASS);
  end_turn (&fx, FALSE);
  assert_turn (&fx, "Laevinus Turn 2");
  for (guint i = 0; i < G_N_ELEMENTS (turns); i++)
    {
      guint from = fx.events->len;

      ACT0 (&fx, ACIES_GC_ACTION_PASS);
      end_turn (&fx, turns[i].declare);
      assert_turn (&fx, turns[i].next);
      g_assert_cmpstr (last_text (&fx, from, "turn"), ==, turns[i].next);
    }
  /* state->turn still counts the player turns: 5 + 4. */
  g_assert_cmpuint (fx.s->base.turn, ==, 9);
  g_assert_cmpuint (fx.s->player_turn, ==, 9);
  /* A copy says the same: the count is derived from the state's fields. */
  {
    AciesState *copy = acies_ruleset_copy_state (fx.ruleset, &fx.s->base);
    g_autofree char *words = NULL;

    g_assert_nonnull (copy);
    words = acies_ruleset_describe_turn (fx.ruleset, copy);
    g_assert_cmpstr (words, ==, "Pyrrhus Turn 4");
    acies_ruleset_free_state (fx.ruleset, copy);
  }
  fixture_end (&fx);
}

/* Whether @text names a counter by its id ("purple-7", "pink-pool-3"). */
static void
assert_no_counter_id (Fixture    *fx,
                      const char *text)
{
  static GRegex *id_pattern = NULL;

  if (id_pattern == NULL)
    id_pattern = g_regex_new ("\\b[a-z]+(-[a-z]+)*-[0-9]+\\b", 0, 0, NULL);
  if (g_regex_match (id_pattern, text, 0, NULL))
    g_error ("an event names a counter by its id: %s", text);
  for (guint u = 0; u < fx->s->n_units; u++)
    g_assert_null (strstr (text, g_ptr_array_index (fx->s->st->unit_ids, u)));
}

/* HER-02 to HER-04 with the example's dice: every event of the set-up
 * and the opening names units as the board shows them, never by counter
 * id; the rolls are said in the events they decide (6.0-h, 7.0, 12.0). */
static void
test_her_04_log_names_units (void)
{
  Fixture fx;
  gint pink, exhausted = -1;
  guint from;
  g_autoptr(GArray) actions = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *name = NULL;

  fixture_start (&fx, heraclea_load ());
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (8);
  play_setup (&fx, NULL, NULL);
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_scripted ();
  pink = wing_index (&fx, "pink");

  /* HER-02, Laevinus Turn 1: a Move to the White Wing. */
  act (&fx, ACIES_GC_ACTION_COMMAND, wing_index (&fx, "white"), MOVE, NONE, ACIES_GC_AQUILA_NONE,
       ACIES_GC_GROUP_CAVALRY);
  actions = legal (&fx);
  for (guint i = 0; i < actions->len; i++)
    if (g_array_index (actions, AciesAction, i).type == ACIES_GC_ACTION_STEP)
      {
        AciesAction a = g_array_index (actions, AciesAction, i);

        name = acies_gc_describe_unit (fx.s, a.args[0]);
        expected = g_strdup_printf ("%s moves to %s", name,
                                    acies_board_cell_label (fx.scenario->map.board, a.args[1]));
        from = fx.events->len;
        act_action (&fx, &a);
        g_assert_cmpstr (last_text (&fx, from, "move"), ==, expected);
        break;
      }
  g_assert_nonnull (expected);
  ACT0 (&fx, ACIES_GC_ACTION_END_PHASE);
  end_turn (&fx, FALSE);
  assert_turn (&fx, "Pyrrhus Turn 1");

  /* HER-03, Pyrrhus Turn 1: Aquila plus Skirmish; 5 + 3 = 8 hits. */
  command (&fx, "purple", SKIRMISH, NONE, ACIES_GC_AQUILA_PLUS);
  from = fx.events->len;
  acies_dice_push (fx.dice, 5);
  act (&fx, ACIES_GC_ACTION_SKIRMISH, pink, -1, -1, -1, -1);
  g_assert_cmpstr (last_text (&fx, from, "skirmish"), ==,
                   "The Purple (phalanx) wing skirmishes against the Pink (hastati) wing");
  /* Laevinus holds Fortuna: the roll stands in the log, with what it does. */
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_FORTUNA);
  g_assert_cmpstr (last_text (&fx, from, "fortuna-offer"), ==,
                   "Pyrrhus's skirmish roll: 5 + 3 = 8: a hit, unless Laevinus re-rolls it with Fortuna");
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, FALSE);
  g_assert_cmpstr (last_text (&fx, from, "hit"), ==,
                   "Skirmish against the Pink (hastati) wing: Pyrrhus rolled 5 + Skirmish Factor 3 = 8, "
                   "8 or more needed: a hit; Laevinus must Exhaust 1 unit of that wing");
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_ABSORB);
  /* Laevinus flips a unit (the example: a "B"). */
  for (guint u = 0; u < fx.s->n_units && exhausted < 0; u++)
    if (fx.s->units[u].wing == pink && acies_gc_on_board (fx.s, u)
        && acies_gc_counter (fx.s, u)->cc == ACIES_GC_CC_B
        && acies_gc_counter (fx.s, u)->back == ACIES_GC_BACK_EXHAUSTED)
      exhausted = u;
  g_assert_cmpint (exhausted, >=, 0);
  g_clear_pointer (&name, g_free);
  g_clear_pointer (&expected, g_free);
  name = acies_gc_describe_unit (fx.s, exhausted);
  expected = g_strdup_printf ("%s is flipped: it is now Exhausted Light Infantry", name);
  g_assert_true (g_str_has_prefix (name, "Light Infantry B at "));
  from = fx.events->len;
  ACT1 (&fx, ACIES_GC_ACTION_ABSORB, exhausted);
  g_assert_cmpstr (last_text (&fx, from, "exhausted"), ==, expected);
  /* The second Skirmish: 4 + 3 = 7 misses. */
  from = fx.events->len;
  acies_dice_push (fx.dice, 4);
  act (&fx, ACIES_GC_ACTION_SKIRMISH, pink, -1, -1, -1, -1);
  no_fortuna (&fx);
  g_assert_cmpstr (last_text (&fx, from, "miss"), ==,
                   "Skirmish against the Pink (hastati) wing: Pyrrhus rolled 4 + Skirmish Factor 3 = 7, "
                   "8 or more needed: a miss");
  end_turn (&fx, FALSE);
  assert_turn (&fx, "Laevinus Turn 2");

  /* HER-04, Laevinus Turn 2: Rally, 5 + 2 fails, Fortuna, 8 rallies. */
  command (&fx, "pink", RALLY, MOVE, ACIES_GC_AQUILA_NONE);
  g_clear_pointer (&name, g_free);
  name = acies_gc_describe_unit (fx.s, exhausted);
  g_assert_true (g_str_has_prefix (name, "Exhausted Light Infantry at "));
  from = fx.events->len;
  acies_dice_push (fx.dice, 5);
  acies_dice_push (fx.dice, 8);
  ACT2 (&fx, ACIES_GC_ACTION_RALLY, exhausted, -1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_FORTUNA);
  ACT1 (&fx, ACIES_GC_ACTION_FORTUNA, TRUE);
  g_assert_cmpstr (last_text (&fx, from, "fortuna"), ==,
                   "Laevinus uses Fortuna to re-roll the rally roll of 5 (one use left)");
  no_fortuna (&fx);
  g_assert_cmpint (fx.s->units[exhausted].status, ==, ACIES_GC_UNIT_FRESH);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Rally of %s: 8 + %d = %d, 8 or more needed: it rallies", name,
                              fx.s->roll.ctx[1], 8 + fx.s->roll.ctx[1]);
  g_assert_cmpstr (last_text (&fx, from, "rallied"), ==, expected);
  /* No rally result line before the re-roll: the 5 was only offered. */
  for (guint i = from; i < fx.events->len; i++)
    {
      const AciesEvent *e = g_ptr_array_index (fx.events, i);

      g_assert_cmpstr (e->type, !=, "not-rallied");
    }

  /* Nothing in the whole log names a counter by id or rolls on its own. */
  g_assert_cmpuint (fx.events->len, >, 30);
  for (guint i = 0; i < fx.events->len; i++)
    {
      const AciesEvent *e = g_ptr_array_index (fx.events, i);

      g_test_message ("%s: %s", e->type, e->text);
      assert_no_counter_id (&fx, e->text);
      g_assert_cmpstr (e->type, !=, "roll");
      g_assert_null (strstr (e->text, " rolls 5 ("));
    }
  fixture_end (&fx);
}

/* GC 6.0-h: a Skirmish with nobody to re-roll it makes one event that
 * says the roll, what it needed and what it did; no line of its own for
 * the die. */
static void
test_6_0_h_skirmish_roll_in_one_event (void)
{
  Fixture fx;
  guint from, carrying = 0;

  heraclea_start (&fx);
  ACT0 (&fx, ACIES_GC_ACTION_PASS);
  end_turn (&fx, FALSE);
  /* Nobody holds Fortuna (12.0): the roll is resolved at once. */
  fx.s->fortuna = -1;
  command (&fx, "purple", SKIRMISH, NONE, ACIES_GC_AQUILA_NONE);
  from = fx.events->len;
  acies_dice_push (fx.dice, 6);
  act (&fx, ACIES_GC_ACTION_SKIRMISH, wing_index (&fx, "pink"), -1, -1, -1, -1);
  g_assert_cmpint (fx.s->step, ==, ACIES_GC_STEP_ABSORB);
  g_assert_cmpuint (fx.events->len - from, ==, 2);
  g_assert_cmpstr (((AciesEvent *) g_ptr_array_index (fx.events, from))->type, ==, "skirmish");
  g_assert_cmpstr (((AciesEvent *) g_ptr_array_index (fx.events, from + 1))->type, ==, "hit");
  for (guint i = from; i < fx.events->len; i++)
    if (strstr (((AciesEvent *) g_ptr_array_index (fx.events, i))->text, "6") != NULL)
      carrying++;
  g_assert_cmpuint (carrying, ==, 1);
  g_assert_cmpstr (last_text (&fx, from, "hit"), ==,
                   "Skirmish against the Pink (hastati) wing: Pyrrhus rolled 6 + Skirmish Factor 3 = 9, "
                   "8 or more needed: a hit; Laevinus must Exhaust 1 unit of that wing");
  fixture_end (&fx);
}

/* 3.1-a/3.1-c, issue 17 item 10: Heraclea's set-up zones, their printed
 * names, the pools and what the game sets up agree.  A zone's number
 * counts its Heroes (3.1: the zone's "12" is the Wing's size, its stars
 * the Heroes among them); the cup gives count − heroes (3.1-c: Heroes
 * set aside, the needed number of non-Hero Units drawn); the name says
 * both ("12 Phalanx, 11 drawn and 1 Hero"). */
static void
test_3_1_zone_counts_agree (void)
{
  Fixture fx = { 0, };
  g_autoptr(GRegex) numbers = g_regex_new ("([0-9]+) [A-Z][a-z]+(?: [A-Z][a-z]+)?(?:, ([0-9]+) drawn and ([0-9]+) Hero)?\\)", 0, 0, NULL);
  guint checked = 0;

  heraclea_start (&fx);
  for (guint a = 0; a < fx.scenario->areas->len; a++)
    {
      const AciesArea *area = g_ptr_array_index (fx.scenario->areas, a);
      g_autoptr(GMatchInfo) match = NULL;
      guint zone_count, zone_heroes;
      g_autofree char *count = NULL, *drawn = NULL, *heroes = NULL;
      guint placed = 0;

      if (!acies_gc_area_is_setup (area))
        continue;
      zone_count = acies_gc_area_count (area);
      zone_heroes = acies_gc_area_heroes (area);
      g_test_message ("%s", area->name);
      g_assert_true (g_regex_match (numbers, area->name, 0, &match));
      count = g_match_info_fetch (match, 1);
      drawn = g_match_info_fetch (match, 2);
      heroes = g_match_info_fetch (match, 3);
      g_assert_cmpuint (g_ascii_strtoull (count, NULL, 10), ==, zone_count);
      if (zone_heroes > 0)
        {
          g_assert_cmpuint (g_ascii_strtoull (heroes, NULL, 10), ==, zone_heroes);
          g_assert_cmpuint (g_ascii_strtoull (drawn, NULL, 10), ==, zone_count - zone_heroes);
        }
      else
        g_assert_true (drawn == NULL || *drawn == '\0');
      for (guint c = 0; c < area->cells->len; c++)
        placed += acies_gc_unit_at (fx.s, g_array_index (area->cells, AciesCell, c)) >= 0;
      g_assert_cmpuint (placed, ==, zone_count);
      checked++;
    }
  g_assert_cmpuint (checked, ==, 8);
  fixture_end (&fx);
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
  g_test_add_func ("/acies/grass-crown/4.0-a/turn-named-by-player", test_4_0_a_turn_named_by_player);
  g_test_add_func ("/acies/grass-crown/HER-04/log-names-units", test_her_04_log_names_units);
  g_test_add_func ("/acies/grass-crown/6.0-h/skirmish-roll-in-one-event", test_6_0_h_skirmish_roll_in_one_event);
  g_test_add_func ("/acies/grass-crown/3.1-c/zone-counts-agree", test_3_1_zone_counts_agree);

  return g_test_run ();
}
