/* test-play-seats.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-play"

#include "config.h"

#include <string.h>

#include "acies-play-test.h"

/* The play session follows the deciding seat, not the side (docs/engine.md,
 * "Seats"): in an Epic Commands & Colors battle the Supreme Commander
 * holds the cards and three Generals a side order, move and fight; the
 * curtain falls between any two of them and names the seat, and a General
 * never sees his Supreme Commander's hand.  With one seat per side the
 * session is as before.  No display: the session is GLib-only. */

/* Whether every seat sees the same state (nothing hidden). */
static gboolean
all_see_alike (AciesRuleset     *ruleset,
               const AciesState *state)
{
  g_autofree char *first = NULL;
  guint n_seats = acies_ruleset_get_n_seats (ruleset, state);

  for (guint seat = 0; seat < n_seats; seat++)
    {
      g_autoptr(JsonNode) view = acies_ruleset_state_view_to_json (ruleset, state, seat);
      g_autofree char *text = json_to_string (view, FALSE);

      if (first == NULL)
        first = g_steal_pointer (&text);
      else if (!g_str_equal (first, text))
        return FALSE;
    }
  return TRUE;
}

/* Whether New Game gave seats @a and @b of one side one name. */
static gboolean
one_person (AciesPlaySession *session,
            gint              a,
            gint              b)
{
  AciesGame *game = acies_play_session_get_game (session);
  const char * const *names = acies_game_get_player_names (game);
  guint n_sides = acies_game_get_scenario (game)->sides->len;

  return names != NULL && a % n_sides == b % n_sides && (guint) MAX (a, b) < g_strv_length ((char **) names)
         && names[a][0] != '\0' && g_str_equal (names[a], names[b]);
}

/* Plays @n_actions random legal actions of a game of @name (cca) through
 * @session's game; at every step the curtain and the view are checked.
 * Returns the number of curtains that named a General. */
static guint
play_and_check (AciesPlaySession *session,
                guint             n_actions,
                guint64           seed)
{
  AciesGame *game = acies_play_session_get_game (session);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint n_sides = acies_game_get_scenario (game)->sides->len;
  guint generals = 0, n_lit = 0;
  gint last_viewer = -1;

  for (guint step = 0; step < n_actions; step++)
    {
      const AciesState *state = acies_game_get_state (game);
      g_autoptr(AciesPrompt) prompt = NULL;
      g_autoptr(GError) error = NULL;
      gint seat, side, viewer;

      if (state->finished)
        break;
      prompt = acies_ruleset_get_prompt (ruleset, state);
      side = prompt != NULL && prompt->player >= 0 ? prompt->player : state->deciding_side;
      seat = acies_ruleset_get_deciding_seat (ruleset, state);
      g_assert_cmpint (acies_ruleset_seat_side (ruleset, state, seat), ==, side);

      /* A change of deciding seat brings the curtain down, naming the
       * seat, unless one person holds both (one name for two seats of a
       * side). */
      if (seat != last_viewer && last_viewer >= 0 && one_person (session, seat, last_viewer))
        g_assert_false (acies_play_session_get_curtain_shown (session));
      else if (seat != last_viewer && !acies_play_session_get_curtain_shown (session))
        /* Nothing hidden yet (before the deal): no curtain is needed. */
        g_assert_true (all_see_alike (ruleset, state));
      else if (seat != last_viewer)
        {
          g_autofree char *label = acies_play_session_dup_seat_label (session, seat);
          g_autofree char *words = g_strdup_printf ("Pass to %s", label);
          g_autofree char *described = acies_ruleset_describe_seat (ruleset, state, seat);

          g_assert_true (acies_play_session_get_curtain_shown (session));
          g_assert_cmpint (acies_play_session_get_viewer (session), ==, -1);
          g_assert_null (acies_play_session_get_state_text (session));
          g_assert_cmpstr (acies_play_session_get_curtain_text (session), ==, words);
          g_assert_nonnull (strstr (words, described));
          if ((guint) seat >= n_sides)
            generals++;
          acies_play_session_reveal (session);
        }
      g_assert_false (acies_play_session_get_curtain_shown (session));
      viewer = acies_play_session_get_viewer (session);
      g_assert_cmpint (viewer, ==, seat);
      last_viewer = viewer;

      /* The seat's view: a Supreme Commander (a principal seat) reads his
       * hand, a General never, nor the other side's. */
      {
        const char *text = acies_play_session_get_state_text (session);
        g_autoptr(JsonNode) view = acies_ruleset_state_view_to_json (ruleset, state, viewer);

        g_assert_nonnull (text);
        /* The prompt names the seat once ("Roman army: General of the
         * centre: you have no card…", never "…centre: General of the centre:"). */
        {
          const char *prompt_text = acies_play_session_get_prompt_text (session);
          g_autofree char *seat_words = acies_ruleset_describe_seat (ruleset, state, viewer);
          const char *tail = seat_words != NULL ? strrchr (seat_words, ':') : NULL;

          if (prompt_text != NULL && tail != NULL && strstr (prompt_text, tail + 1) != NULL)
            g_assert_null (strstr (strstr (prompt_text, tail + 1) + 1, tail + 1));
        }
        g_assert_cmpint (json_object_has_member (json_node_get_object (view), "hand"), ==, (guint) viewer < n_sides);
        /* EP-1.2, EP-1.4: which card went to a General, only its Supreme
         * Commander reads in the log ("You give …"); the other seats read
         * that a card was given. */
        if ((guint) viewer >= n_sides)
          {
            const char *line;

            g_assert_false (acies_play_test_log_contains (session, "You give"));
            for (guint i = 0; (line = acies_play_test_log_line (session, i)) != NULL; i++)
              if (strstr (line, " gives ") != NULL)
                g_assert_nonnull (strstr (line, " gives a Command card to "));
          }
        /* S3.6: the hand shows each card once, its words short, never
         * "Title — effect Title…" (the catalogue's whole text). */
        g_assert_null (strstr (text, "— effect "));
        g_assert_null (strstr (text, "copies"));
        /* S3.2: the sections a card orders are lit on the board. */
        {
          const char *label = NULL;
          GArray *lit = acies_play_session_get_lit_cells (session, &label);
          JsonObject *object = json_node_get_object (view);

          if (json_object_has_member (object, "lit"))
            {
              JsonArray *cells = json_object_get_array_member (json_object_get_object_member (object, "lit"), "cells");

              g_assert_cmpuint (lit->len, ==, json_array_get_length (cells));
              g_assert_cmpuint (lit->len, >, 0);
              g_assert_nonnull (label);
              n_lit++;
            }
          else
            g_assert_cmpuint (lit->len, ==, 0);
        }
        if (g_test_verbose () && step < 40)
          g_test_message ("seat %d: %s", viewer, text);
      }

      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (ruleset, state, legal);
      g_assert_cmpuint (legal->len, >, 0);
      g_assert_true (acies_game_apply (game, &g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len)),
                                       &error));
      g_assert_no_error (error);
    }

  /* A standard battle orders by section: its sections were lit. */
  if (acies_ruleset_get_n_seats (ruleset, acies_game_get_state (game)) == n_sides)
    g_assert_cmpuint (n_lit, >, 0);
  return generals;
}

/* EP-PL: Cannae (Epic), eight seats (0 Carthaginians', 1 Romans'
 * Supreme Commander; 2 + 2 g + side the Generals), some named. */
static void
test_epic_seats (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("cca", "cannae-epic.acies");
  g_autoptr(AciesGame) game = acies_play_test_new_game (scenario, 7);
  g_autoptr(AciesPlaySession) session = acies_play_session_new (game);
  const char * const names[] = { "Hannibal", "Varro", "Hasdrubal", "", "", "Paullus", "", "", NULL };
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autofree char *label = NULL;
  g_autofree char *left = NULL;
  g_autofree char *named = NULL;

  g_assert_cmpuint (acies_ruleset_get_n_seats (ruleset, acies_game_get_state (game)), ==, 8);
  acies_play_session_set_player_names (session, names);
  /* A named General: his name and his seat; an unnamed one: the seat. */
  left = acies_ruleset_describe_seat (ruleset, acies_game_get_state (game), 2);
  g_assert_true (g_str_has_suffix (left, "General of the left"));
  named = g_strdup_printf ("Hasdrubal (%s)", left);
  label = acies_play_session_dup_seat_label (session, 2);
  g_assert_cmpstr (label, ==, named);
  g_clear_pointer (&label, g_free);
  g_clear_pointer (&left, g_free);
  left = acies_ruleset_describe_seat (ruleset, acies_game_get_state (game), 3);
  label = acies_play_session_dup_seat_label (session, 3);
  g_assert_cmpstr (label, ==, left);
  g_assert_cmpuint (play_and_check (session, 600, 7), >, 0);
}

/* EP-PL: four players: each Supreme Commander also holds his Generals'
 * seats (one name for the side's four seats): no curtain between them,
 * but between the sides; each seat's view is still its own. */
static void
test_epic_one_person_a_side (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("cca", "cannae-epic.acies");
  g_autoptr(AciesGame) game = acies_play_test_new_game (scenario, 11);
  g_autoptr(AciesPlaySession) session = acies_play_session_new (game);
  const char * const names[] = { "Hannibal", "Varro", "Hannibal", "Varro", "Hannibal", "Varro", "Hannibal", "Varro",
                                 NULL };
  guint curtains;

  acies_play_session_set_player_names (session, names);
  play_and_check (session, 300, 11);
  curtains = acies_play_session_get_n_curtains (session);
  g_assert_cmpuint (curtains, >, 1);
}

/* One seat per side (a standard battle): the curtain names the side's
 * player, the viewer is the side, as in every other rule system. */
static void
test_standard_seats (void)
{
  g_autoptr(AciesScenario) scenario = acies_play_test_load_bundled ("cca", "pharsalus.acies");
  g_autoptr(AciesGame) game = acies_play_test_new_game (scenario, 5);
  g_autoptr(AciesPlaySession) session = acies_play_session_new (game);
  const char * const names[] = { "Alice", "Bob", NULL };
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autofree char *label = NULL, *player_label = NULL;

  g_assert_cmpuint (acies_ruleset_get_n_seats (ruleset, acies_game_get_state (game)), ==, 2);
  acies_play_session_set_player_names (session, names);
  label = acies_play_session_dup_seat_label (session, 1);
  player_label = acies_play_session_dup_player_label (session, 1);
  g_assert_cmpstr (label, ==, player_label);
  g_assert_true (g_str_has_prefix (label, "Bob ("));
  g_assert_cmpuint (play_and_check (session, 300, 5), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/play-session/cca/EP-PL/epic-seats", test_epic_seats);
  g_test_add_func ("/acies/play-session/cca/EP-PL/one-person-a-side", test_epic_one_person_a_side);
  g_test_add_func ("/acies/play-session/cca/standard-seats", test_standard_seats);

  return g_test_run ();
}
