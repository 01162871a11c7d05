/* test-play-trial.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-play"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "acies-play-test.h"

/* Issue 17's trial replayed as a new user plays it, counting the user's
 * gestures (a click on the board, a row or a button, a key): Heraclea's
 * set-up and two turns of each player, Cannae's first two turns.  The
 * same work is played twice: once with the gestures the play mode had
 * before issue 17 (a click per square, a click per placement, two per
 * unit added to a group), once with the gestures it has now (a move by
 * its destination, "Place the rest of this wing", a group built by
 * shift-clicks).  Set ACIES_TRIAL_TRACE=1 to see each gesture. */

typedef struct
{
  AciesPlaySession *session;
  gboolean          now;       /* the gestures of today's play mode */
  guint             gestures;
  gboolean          trace;
} Trial;

static AciesGame *
game_of (Trial *trial)
{
  return acies_play_session_get_game (trial->session);
}

static const AciesState *
state_of (Trial *trial)
{
  return acies_game_get_state (game_of (trial));
}

static AciesRuleset *
ruleset_of (Trial *trial)
{
  return acies_game_get_ruleset (game_of (trial));
}

static void
count (Trial      *trial,
       const char *format,
       ...) G_GNUC_PRINTF (2, 3);

static void
count (Trial      *trial,
       const char *format,
       ...)
{
  trial->gestures++;
  if (trial->trace)
    {
      va_list args;
      g_autofree char *text = NULL;

      va_start (args, format);
      text = g_strdup_vprintf (format, args);
      va_end (args);
      g_printerr ("%4u %s\n", trial->gestures, text);
    }
}

/* The gestures. */

static void
reveal (Trial *trial)
{
  count (trial, "Ready (the curtain)");
  acies_play_session_reveal (trial->session);
}

static void
choose (Trial *trial,
        gint   index)
{
  g_assert_cmpint (index, >=, 0);
  count (trial, "row: %s", acies_play_test_label (trial->session, index));
  acies_play_session_choose (trial->session, index);
  /* An action with odds waits in the preview: Commit. */
  if (acies_play_session_get_odds_title (trial->session) != NULL
      && acies_play_session_get_can_commit (trial->session)
      && g_strcmp0 (acies_play_session_get_odds_title (trial->session), "Attack Preview") == 0)
    {
      count (trial, "Commit");
      acies_play_session_commit (trial->session);
    }
}

static void
click_cell (Trial     *trial,
            AciesCell  cell)
{
  count (trial, "click %s", acies_board_cell_label (state_of (trial)->scenario->map.board, cell));
  acies_play_session_activate_cell (trial->session, cell);
}

static void
shift_click_unit (Trial *trial,
                  gint   unit)
{
  count (trial, "shift-click unit %s", acies_ruleset_unit_id (ruleset_of (trial), state_of (trial), unit));
  g_assert_true (acies_play_session_toggle_pick (trial->session, unit));
}

static void
click_unit (Trial *trial,
            gint   unit)
{
  count (trial, "click unit %s", acies_ruleset_unit_id (ruleset_of (trial), state_of (trial), unit));
  acies_play_session_activate_unit (trial->session, unit);
}

static void
end_phase (Trial *trial)
{
  count (trial, "End Phase");
  acies_play_session_end_phase (trial->session);
}

/* The legal actions of type @name now. */
static GArray *
legal_of (Trial      *trial,
          const char *name)
{
  GArray *legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint type;

  if (acies_ruleset_find_action_spec (ruleset_of (trial), name, &type) == NULL)
    return legal;
  acies_ruleset_legal_actions (ruleset_of (trial), state_of (trial), all);
  for (guint i = 0; i < all->len; i++)
    if (g_array_index (all, AciesAction, i).type == type)
      g_array_append_val (legal, g_array_index (all, AciesAction, i));

  return legal;
}

static gint
cell_row (Trial     *trial,
          AciesCell  cell)
{
  gint col = 0, row = 0;

  acies_board_cell_coords (state_of (trial)->scenario->map.board, cell, &col, &row);
  return row;
}

/* Grass Crown: which way is forward for @side (toward the other side's
 * units): -1 (up the rows) or +1. */
static gint
forward_of (Trial *trial,
            gint   side)
{
  gint64 mine = 0, theirs = 0;
  guint n_mine = 0, n_theirs = 0;

  for (guint u = 0; u < acies_ruleset_get_n_units (ruleset_of (trial), state_of (trial)); u++)
    {
      AciesUnit view = { 0, };

      if (!acies_ruleset_unit_view (ruleset_of (trial), state_of (trial), u, -1, &view)
          || view.cell == ACIES_CELL_NONE)
        continue;
      if (g_strcmp0 (view.side, ((AciesSide *) g_ptr_array_index (state_of (trial)->scenario->sides, side))->id) == 0)
        mine += cell_row (trial, view.cell), n_mine++;
      else
        theirs += cell_row (trial, view.cell), n_theirs++;
    }
  g_assert_cmpuint (n_mine, >, 0);
  g_assert_cmpuint (n_theirs, >, 0);

  return theirs * (gint64) n_mine < mine * (gint64) n_theirs ? -1 : 1;
}

/* Grass Crown's Move phase, one unit: as far forward as it may go this
 * phase.  Before: the unit, then a square at a time (the forward step
 * each time, else stop); now: the unit, then its farthest destination
 * forward (the session composes the steps). */
static gboolean
move_one_unit (Trial    *trial,
               GHashTable *done)
{
  g_autoptr(GArray) steps = legal_of (trial, "step");
  gint side = state_of (trial)->deciding_side;
  gint forward = forward_of (trial, side);
  gint unit = -1;

  for (guint i = 0; i < steps->len && unit < 0; i++)
    if (!g_hash_table_contains (done, GINT_TO_POINTER (g_array_index (steps, AciesAction, i).args[0] + 1)))
      unit = g_array_index (steps, AciesAction, i).args[0];
  if (unit < 0)
    return FALSE;
  g_hash_table_add (done, GINT_TO_POINTER (unit + 1));

  {
    AciesUnit view = { 0, };
    AciesCell from;

    g_assert_true (acies_ruleset_unit_view (ruleset_of (trial), state_of (trial), unit, side, &view));
    from = view.cell;
    if (acies_play_session_get_selected_unit (trial->session) != unit)
      click_cell (trial, from);
    g_assert_cmpint (acies_play_session_get_selected_unit (trial->session), ==, unit);

    if (trial->now)
      {
        const GArray *destinations = acies_play_session_get_destinations (trial->session);
        AciesCell best = ACIES_CELL_NONE;
        gint best_gain = 0;

        for (guint i = 0; i < destinations->len; i++)
          {
            AciesCell cell = g_array_index (destinations, AciesCell, i);
            gint gain = (cell_row (trial, cell) - cell_row (trial, from)) * forward;

            if (gain > best_gain)
              best = cell, best_gain = gain;
          }
        if (best != ACIES_CELL_NONE)
          click_cell (trial, best);
        return TRUE;
      }

    /* A square at a time, while the unit may step forward. */
    for (;;)
      {
        g_autoptr(GArray) now = legal_of (trial, "step");
        AciesCell here = ACIES_CELL_NONE, next = ACIES_CELL_NONE;
        guint n = acies_game_get_n_actions (game_of (trial));

        if (!acies_ruleset_unit_view (ruleset_of (trial), state_of (trial), unit, side, &view))
          break;
        here = view.cell;
        for (guint i = 0; i < now->len; i++)
          {
            const AciesAction *a = &g_array_index (now, AciesAction, i);

            if (a->args[0] == unit && (cell_row (trial, a->args[1]) - cell_row (trial, here)) * forward > 0)
              next = a->args[1];
          }
        if (next == ACIES_CELL_NONE || state_of (trial)->deciding_side != side
            || acies_play_session_get_curtain_shown (trial->session))
          break;
        if (acies_play_session_get_selected_unit (trial->session) != unit)
          click_cell (trial, here);
        click_cell (trial, next);
        if (acies_game_get_n_actions (game_of (trial)) == n)
          break;
      }
  }
  return TRUE;
}

/* Heraclea: the set-up of both sides, then two turns of each player; in
 * each turn the player commands a Move to his first Foot wing, moves
 * every unit that may move as far forward as it may, and ends the
 * phases; any other question gets its first answer. */
static guint
play_heraclea (gboolean now,
               guint   *setup)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("grass-crown", "heraclea.acies");
  g_autoptr(AciesGame) game = acies_play_test_new_game (scenario, 17);
  g_autoptr(AciesPlaySession) session = acies_play_session_new (game);
  g_autoptr(GHashTable) done = g_hash_table_new (NULL, NULL);
  Trial trial = { session, now, 0, g_getenv ("ACIES_TRIAL_TRACE") != NULL };
  const char *phase = NULL;
  guint turn = 0;

  *setup = 0;
  for (guint step = 0; step < 2000; step++)
    {
      const AciesState *state = acies_game_get_state (game);
      gint index;

      if (state->finished || state->turn > 4)
        break;
      if (*setup == 0 && state->turn >= 1 && g_strcmp0 (state->phase, "Set-up") != 0)
        *setup = trial.gestures;
      /* A new phase or turn: the units move again. */
      if (state->turn != turn || g_strcmp0 (state->phase, phase) != 0)
        {
          g_hash_table_remove_all (done);
          turn = state->turn;
          phase = state->phase;
        }
      if (acies_play_session_get_curtain_shown (session))
        {
          reveal (&trial);
          continue;
        }
      if ((index = acies_play_test_find_shown (session, "Draw")) >= 0)
        {
          choose (&trial, index);
          continue;
        }
      {
        g_autoptr(GArray) places = legal_of (&trial, "place");

        if (places->len > 0 && now)
          {
            guint n = acies_game_get_n_actions (game);

            count (&trial, "Place the Rest");
            g_assert_cmpuint (acies_play_session_place_rest (session), >=, 2);
            g_assert_cmpuint (acies_game_get_n_actions (game), >=, n + 2);
            continue;
          }
        if (places->len > 0)
          {
            click_cell (&trial, g_array_index (places, AciesAction, 0).args[1]);
            continue;
          }
      }
      if ((index = acies_play_test_find_shown_containing (session, "Command", "Move")) >= 0)
        {
          choose (&trial, index);
          continue;
        }
      if (move_one_unit (&trial, done))
        continue;
      if (acies_play_session_get_can_end_phase (session))
        {
          end_phase (&trial);
          continue;
        }
      g_assert_cmpuint (g_list_model_get_n_items (acies_play_session_get_actions (session)), >, 0);
      choose (&trial, 0);
    }
  g_assert_cmpuint (acies_game_get_state (game)->turn, ==, 5);

  return trial.gestures;
}

static void
test_heraclea (void)
{
  guint before_setup, now_setup;
  guint before = play_heraclea (FALSE, &before_setup);

  guint now = play_heraclea (TRUE, &now_setup);

  g_test_message ("Heraclea set-up and two turns: %u gestures (set-up %u) with a click per square and per placement",
                  before, before_setup);
  g_test_message ("Heraclea set-up and two turns: %u gestures (set-up %u) now", now, now_setup);
  g_assert_cmpuint (now, <, before);
}

/* The "select" actions of units that may join the picks (all of them
 * when nothing is picked). */
static GArray *
picks_allow (Trial  *trial,
             GArray *selects)
{
  const GArray *picks = acies_play_session_get_picks (trial->session);
  GArray *out;
  AciesState *state;

  if (!trial->now || picks->len == 0)
    return selects;
  out = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  state = acies_ruleset_copy_state (ruleset_of (trial), state_of (trial));
  for (guint i = 0; i < picks->len; i++)
    for (guint j = 0; j < selects->len; j++)
      if (g_array_index (selects, AciesAction, j).args[0] == g_array_index (picks, gint, i))
        {
          g_autoptr(AciesDice) dice = acies_dice_new_scripted ();

          g_assert_true (acies_ruleset_apply (ruleset_of (trial), state, &g_array_index (selects, AciesAction, j),
                                              dice, NULL, NULL));
        }
  {
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
    guint type;

    g_assert_nonnull (acies_ruleset_find_action_spec (ruleset_of (trial), "select", &type));
    acies_ruleset_legal_actions (ruleset_of (trial), state, legal);
    for (guint i = 0; i < legal->len; i++)
      if (g_array_index (legal, AciesAction, i).type == type)
        g_array_append_val (out, g_array_index (legal, AciesAction, i));
  }
  acies_ruleset_free_state (ruleset_of (trial), state);
  g_array_unref (selects);
  return out;
}

/* Lost Battles: a group of up to four units from the legal "select"
 * actions now.  Before: each unit clicked, then its "Add … to the group"
 * row; now: each unit shift-clicked, then Activate. */
static guint
build_group (Trial *trial)
{
  guint n = 0;

  for (guint k = 0; k < 4; k++)
    {
      g_autoptr(GArray) selects = picks_allow (trial, legal_of (trial, "select"));
      gint unit = -1, index;

      if (selects->len == 0)
        break;
      /* Units on the field first: they move toward the enemy. */
      for (guint i = 0; i < selects->len && unit < 0; i++)
        {
          AciesUnit view = { 0, };
          gint u = g_array_index (selects, AciesAction, i).args[0];

          if (acies_ruleset_unit_view (ruleset_of (trial), state_of (trial), u, -1, &view)
              && view.cell != ACIES_CELL_NONE)
            unit = u;
        }
      if (unit < 0)
        unit = g_array_index (selects, AciesAction, 0).args[0];
      if (trial->now)
        {
          /* Picked; nothing taken until the group acts. */
          shift_click_unit (trial, unit);
          n++;
          if (acies_play_session_get_picks (trial->session)->len == 4)
            break;
          continue;
        }
      click_unit (trial, unit);
      index = acies_play_test_find_shown_containing (trial->session, "Add ", " to the group");
      if (index < 0)
        break;
      choose (trial, index);
      n++;
    }
  return n;
}

/* Cannae: two turns from the historical deployment (New Game's "Start
 * from the historical deployment", LB 3.3), so that the armies meet and
 * attack in the second turn (from off the field, LB 3.3.1, two turns end
 * before they meet).  In each player-turn the player rolls for Orders,
 * activates up to two groups of up to four units (standard activation),
 * deploys each into the zone the first deployment names (or moves it
 * forward as far as it may go), attacks when it may on turn 2 (each
 * attack previewed, then committed), and ends the player-turn; any other
 * question gets its first answer. */
static guint
play_cannae (gboolean now,
             guint   *attacks)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("lost-battles", "cannae.acies");
  g_autoptr(AciesGame) game = acies_play_test_new_game_with (scenario, 17, "start", "historical");
  g_autoptr(AciesPlaySession) session = acies_play_session_new (game);
  Trial trial = { session, now, 0, g_getenv ("ACIES_TRIAL_TRACE") != NULL };
  guint groups = 0, moved = 0, turn = 0;
  gint side = -1;

  *attacks = 0;
  for (guint step = 0; step < 2000; step++)
    {
      const AciesState *state = acies_game_get_state (game);
      gint index;

      if (state->finished || state->turn > 2)
        break;
      if (state->active_side != side || state->turn != turn)
        {
          side = state->active_side;
          turn = state->turn;
          groups = 0;
        }
      if (acies_play_session_get_curtain_shown (session))
        {
          reveal (&trial);
          continue;
        }
      if ((index = acies_play_test_find_shown (session, "Roll for Orders")) >= 0)
        {
          choose (&trial, index);
          continue;
        }
      {
        g_autoptr(GArray) deploys = legal_of (&trial, "deploy");
        g_autoptr(GArray) moves = legal_of (&trial, "move");
        g_autoptr(GArray) attack = legal_of (&trial, "attack");
        g_autoptr(GArray) selects = legal_of (&trial, "select");
        g_autoptr(GArray) activates = legal_of (&trial, "activate");

        if (deploys->len > 0)
          {
            guint n = acies_game_get_n_actions (game);

            click_cell (&trial, acies_play_test_lb_action_cell (ruleset_of (&trial), state, "deploy"));
            /* Several facings there: the first. */
            if (acies_game_get_n_actions (game) == n)
              choose (&trial, 0);
            moved = 0;
            continue;
          }
        if (attack->len > 0 && state->turn == 2)
          {
            index = acies_play_test_find_shown (session, "Attack");
            choose (&trial, index);
            (*attacks)++;
            continue;
          }
        if (moves->len > 0 && moved < 2)
          {
            click_cell (&trial, acies_play_test_lb_action_cell (ruleset_of (&trial), state, "move"));
            moved++;
            continue;
          }
        if (activates->len > 0)
          {
            choose (&trial, acies_play_test_find_shown (session, "Activate"));
            groups++;
            moved = 0;
            continue;
          }
        if (now && acies_play_session_get_picks (session)->len > 0)
          {
            /* The picked group's activation, one row. */
            choose (&trial, acies_play_test_find_shown_containing (session, "Activate", "standard"));
            groups++;
            moved = 0;
            continue;
          }
        if (selects->len > 0 && groups < 2 && build_group (&trial) > 0)
          continue;
      }
      if ((index = acies_play_test_find_shown (session, "End activation")) >= 0
          || (index = acies_play_test_find_shown (session, "End the player-turn")) >= 0)
        {
          choose (&trial, index);
          continue;
        }
      g_assert_cmpuint (g_list_model_get_n_items (acies_play_session_get_actions (session)), >, 0);
      choose (&trial, 0);
    }
  g_assert_cmpuint (acies_game_get_state (game)->turn, ==, 3);

  return trial.gestures;
}

static void
test_cannae (void)
{
  guint attacks = 0, attacks_now = 0;
  guint before = play_cannae (FALSE, &attacks);
  guint now = play_cannae (TRUE, &attacks_now);

  g_test_message ("Cannae two turns: %u gestures (%u attacks) with two gestures per unit added to a group",
                  before, attacks);
  g_test_message ("Cannae two turns: %u gestures (%u attacks) now", now, attacks_now);
  /* The same work both times, attacks included (each previewed, then
   * committed: LB 6.1, issue 17.4). */
  g_assert_cmpuint (attacks, >, 0);
  g_assert_cmpuint (attacks_now, ==, attacks);
  g_assert_cmpuint (now, <, before);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/play-trial/grass-crown/8.0/heraclea-two-turns", test_heraclea);
  g_test_add_func ("/acies/play-trial/lost-battles/4.2/cannae-two-turns", test_cannae);

  return g_test_run ();
}
