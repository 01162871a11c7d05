/* test-game.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-game"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "acies-error.h"
#include "io/acies-scenario-io.h"
#include "game/acies-game.h"
#include "acies-test-ruleset.h"
#include "acies-test-games.h"

/* Whether acies_scenario_from_json() reads a scenario of a ruleset that is
 * registered but not bundled (the test ruleset): saved games of the test
 * ruleset can only be loaded then. */
static gboolean scenario_io_ok;
static char *scenario_io_error;

static gboolean
need_scenario_io (void)
{
  if (scenario_io_ok)
    return TRUE;
  g_test_skip_printf ("acies_scenario_from_json() cannot read a test-race scenario: %s",
                      scenario_io_error);
  return FALSE;
}

/* Helpers. */

static AciesGame *
new_game (guint64       seed,
          AciesDiceMode mode,
          guint         turn_limit)
{
  g_autoptr(AciesScenario) scenario = acies_test_scenario_new (turn_limit);
  g_autoptr(AciesRuleset) ruleset = acies_test_ruleset_new ();
  g_autoptr(GError) error = NULL;
  AciesGame *game;

  game = acies_game_new (scenario, ruleset, seed, mode, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);

  return game;
}

static gint
unit (AciesGame  *game,
      const char *id)
{
  gint index = acies_ruleset_unit_index (acies_game_get_ruleset (game),
                                         acies_game_get_state (game), id);

  g_assert_cmpint (index, >=, 0);
  return index;
}

static AciesCell
cell (AciesGame  *game,
      const char *label)
{
  AciesCell c = acies_board_cell_from_label (acies_game_get_scenario (game)->map.board, label);

  g_assert_cmpint (c, !=, ACIES_CELL_NONE);
  return c;
}

static AciesAction
make_action (guint type,
             gint  player,
             gint  a0,
             gint  a1)
{
  AciesAction action;

  acies_action_init (&action, type, player);
  action.args[0] = a0;
  action.args[1] = a1;
  return action;
}

static void
apply_ok (AciesGame         *game,
          const AciesAction *action)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (acies_game_apply (game, action, &error));
  g_assert_no_error (error);
}

static char *
events_text (AciesGame *game)
{
  GPtrArray *events = acies_game_get_events (game);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < events->len; i++)
    {
      g_autoptr(JsonNode) node = acies_event_to_json (g_ptr_array_index (events, i));
      g_autofree char *line = json_to_string (node, FALSE);

      g_string_append (text, line);
      g_string_append_c (text, '\n');
    }

  return g_string_free (text, FALSE);
}

static char *
game_to_string (AciesGame *game)
{
  g_autoptr(JsonNode) root = acies_game_to_json (game);

  return json_to_string (root, TRUE);
}

static AciesGame *
game_from_string (const char  *text,
                  GError     **error)
{
  g_autoptr(JsonNode) root = json_from_string (text, NULL);

  g_assert_nonnull (root);
  return acies_game_from_json (root, "test.acies-game", error);
}

static void
assert_same_game (AciesGame *a,
                  AciesGame *b)
{
  g_autofree char *da = acies_game_digest (a);
  g_autofree char *db = acies_game_digest (b);
  g_autofree char *ea = events_text (a);
  g_autofree char *eb = events_text (b);

  g_assert_cmpuint (acies_game_get_n_actions (a), ==, acies_game_get_n_actions (b));
  g_assert_cmpstr (da, ==, db);
  g_assert_cmpstr (ea, ==, eb);
  for (guint i = 0; i < acies_game_get_n_actions (a); i++)
    g_assert_cmpuint (acies_game_get_n_events_of_action (a, i), ==,
                      acies_game_get_n_events_of_action (b, i));
}

/* Plays uniformly random legal actions until the game ends or @max_actions;
 * fills @digests with the digest before the first action and after each. */
static void
play_random (AciesGame *game,
             GRand     *rand,
             guint      max_actions,
             GPtrArray *digests)
{
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  g_ptr_array_add (digests, acies_game_digest (game));
  for (guint n = 0; n < max_actions && !acies_game_get_state (game)->finished; n++)
    {
      const AciesState *state = acies_game_get_state (game);
      g_autoptr(AciesPrompt) prompt = NULL;
      AciesAction action;

      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (ruleset, state, legal);
      g_assert_cmpuint (legal->len, >, 0);

      /* A prompt's answers are the legal actions, and its player decides. */
      prompt = acies_ruleset_get_prompt (ruleset, state);
      if (prompt != NULL)
        {
          g_assert_cmpint (prompt->player, ==, state->deciding_side);
          g_assert_cmpuint (prompt->actions->len, ==, legal->len);
          g_assert_cmpmem (prompt->actions->data, legal->len * sizeof (AciesAction),
                           legal->data, legal->len * sizeof (AciesAction));
        }

      action = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
      g_assert_cmpint (action.player, ==, state->deciding_side);
      apply_ok (game, &action);
      g_ptr_array_add (digests, acies_game_digest (game));
    }
}

/* Tests. */

static void
test_dice (void)
{
  g_autoptr(AciesDice) a = acies_dice_new_seeded (42);
  g_autoptr(AciesDice) b = acies_dice_new_seeded (42);
  g_autoptr(AciesDice) c = acies_dice_new_seeded (42 | (G_GUINT64_CONSTANT (1) << 40));
  g_autoptr(AciesDice) s = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  guint counts[6] = { 0, };
  gboolean differ = FALSE;
  gboolean bad_value = FALSE;
  AciesRoll wanted;
  guint value = 0;

  g_assert_false (acies_dice_is_scripted (a));
  for (guint i = 0; i < 600; i++)
    {
      guint va = 0, vb = 0, vc = 0;

      g_assert_true (acies_dice_roll (a, 6, 1, "combat", &va));
      g_assert_true (acies_dice_roll (b, 6, 1, "combat", &vb));
      g_assert_true (acies_dice_roll (c, 6, 1, "combat", &vc));
      g_assert_cmpuint (va, ==, vb);
      g_assert_cmpuint (va, >=, 1);
      g_assert_cmpuint (va, <=, 6);
      counts[va - 1]++;
      differ |= va != vc;
    }
  /* The high half of the seed matters. */
  g_assert_true (differ);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpuint (counts[i], >, 50);
  g_assert_cmpuint (acies_dice_get_rolls (a)->len, ==, 600);
  g_assert_false (acies_dice_failed (a));

  /* A 0–9 d10 and draws stay in range and are recorded. */
  for (guint i = 0; i < 100; i++)
    {
      guint v = acies_dice_roll_or_abort (a, 10, 0, "shock");
      guint32 d = acies_dice_random_int (a, 3, 8);

      g_assert_cmpuint (v, <=, 9);
      g_assert_cmpuint (d, >=, 3);
      g_assert_cmpuint (d, <, 8);
    }
  g_assert_cmpuint (acies_dice_get_rolls (a)->len, ==, 800);
  g_assert_cmpstr (g_array_index (acies_dice_get_rolls (a), AciesRoll, 601).purpose, ==, "draw");
  g_assert_cmpuint (g_array_index (acies_dice_get_rolls (a), AciesRoll, 601).faces, ==, 5);
  g_assert_cmpuint (g_array_index (acies_dice_get_rolls (a), AciesRoll, 601).first, ==, 3);
  acies_dice_clear_rolls (a);
  g_assert_cmpuint (acies_dice_get_rolls (a)->len, ==, 0);

  /* Scripted: values in order, with roll events, then failure. */
  g_assert_true (acies_dice_is_scripted (s));
  acies_dice_set_events (s, events);
  acies_dice_push (s, 4);
  acies_dice_push (s, 2);
  acies_dice_push (s, 7);
  g_assert_cmpuint (acies_dice_pending (s), ==, 3);
  g_assert_cmpuint (acies_dice_roll_or_abort (s, 6, 1, "combat"), ==, 4);
  g_assert_cmpuint (acies_dice_random_int (s, 0, 5), ==, 2);
  /* The die roll makes a "roll" event; the draw is recorded without one. */
  g_assert_cmpuint (events->len, ==, 1);
  g_assert_cmpstr (((AciesEvent *) g_ptr_array_index (events, 0))->type, ==, "roll");
  g_assert_cmpint (json_object_get_int_member (((AciesEvent *) g_ptr_array_index (events, 0))->data, "value"), ==, 4);
  g_assert_cmpstr (g_array_index (acies_dice_get_rolls (s), AciesRoll, 1).purpose, ==, "draw");

  /* 7 is no face of a d6: the roll fails and reports the bad value. */
  g_assert_false (acies_dice_roll (s, 6, 1, "rally", &value));
  g_assert_cmpuint (value, ==, 1);
  g_assert_true (acies_dice_failed (s));
  g_assert_true (acies_dice_get_failure (s, &wanted, &bad_value, &value));
  g_assert_true (bad_value);
  g_assert_cmpuint (value, ==, 7);
  g_assert_cmpstr (wanted.purpose, ==, "rally");
  g_assert_cmpuint (wanted.faces, ==, 6);
  /* Once failed, every roll fails and returns the lowest face. */
  g_assert_cmpuint (acies_dice_roll_or_abort (s, 10, 0, "shock"), ==, 0);
  g_assert_cmpuint (acies_dice_get_rolls (s)->len, ==, 2);
  g_assert_cmpuint (events->len, ==, 1);
  acies_dice_set_events (s, NULL);

  /* Physical: draws come from the seed, die rolls only from the players. */
  {
    g_autoptr(AciesDice) p1 = acies_dice_new_physical (77);
    g_autoptr(AciesDice) p2 = acies_dice_new_physical (77);
    g_autoptr(AciesDice) seeded = acies_dice_new_seeded (77);
    guint32 d1 = acies_dice_random_int (p1, 0, 1000);

    g_assert_cmpuint (d1, ==, acies_dice_random_int (p2, 0, 1000));
    g_assert_cmpuint (d1, ==, acies_dice_random_int (seeded, 0, 1000));
    g_assert_false (acies_dice_failed (p1));
    acies_dice_push (p1, 3);
    g_assert_cmpuint (acies_dice_roll_or_abort (p1, 6, 1, "combat"), ==, 3);
    g_assert_cmpuint (acies_dice_pending (p1), ==, 0);
    g_assert_cmpuint (acies_dice_get_rolls (p1)->len, ==, 2);
    g_assert_false (acies_dice_roll (p1, 6, 1, "combat", &value));
    g_assert_true (acies_dice_get_failure (p1, &wanted, &bad_value, NULL));
    g_assert_false (bad_value);
    g_assert_cmpstr (wanted.purpose, ==, "combat");
  }

  /* Running dry. */
  {
    g_autoptr(AciesDice) dry = acies_dice_new_scripted ();

    g_assert_false (acies_dice_failed (dry));
    g_assert_cmpuint (acies_dice_roll_or_abort (dry, 8, 1, "rout"), ==, 1);
    g_assert_true (acies_dice_get_failure (dry, &wanted, &bad_value, NULL));
    g_assert_false (bad_value);
    g_assert_cmpuint (wanted.faces, ==, 8);
    g_assert_cmpstr (wanted.purpose, ==, "rout");
  }
}

static void
test_registry (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;
  const char * const *ids = acies_ruleset_list ();

  g_assert_true (g_strv_contains (ids, "test-race"));

  ruleset = acies_ruleset_lookup ("test-race", &error);
  g_assert_no_error (error);
  g_assert_true (ACIES_IS_RULESET (ruleset));
  g_assert_cmpstr (acies_ruleset_get_id (ruleset), ==, "test-race");

  /* A scenario for other rules is refused; one for an id the same rules
   * are registered under is played, and saved under that id. */
  {
    g_autoptr(AciesScenario) scenario = acies_test_scenario_new (4);
    g_autoptr(AciesGame) game = NULL;
    g_autoptr(JsonNode) json = NULL;

    g_free (scenario->ruleset);
    scenario->ruleset = g_strdup ("test-alias");
    game = acies_game_new (scenario, ruleset, 1, ACIES_DICE_MODE_SEEDED, NULL, &error);
    g_assert_null (game);
    g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "test-alias"));
    g_clear_error (&error);

    acies_ruleset_register ("test-alias", acies_test_ruleset_new);
    game = acies_game_new (scenario, ruleset, 1, ACIES_DICE_MODE_SEEDED, NULL, &error);
    g_assert_no_error (error);
    json = acies_game_to_json (game);
    g_assert_cmpstr (json_object_get_string_member (json_node_get_object (json), "ruleset"), ==, "test-alias");
  }

  g_assert_null (acies_ruleset_lookup ("no-such-rules", &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_UNKNOWN_RULESET);
  g_assert_nonnull (strstr (error->message, "no-such-rules"));
  g_assert_nonnull (strstr (error->message, "test-race"));
}

static void
test_action_json (void)
{
  g_autoptr(AciesGame) game = new_game (1, ACIES_DICE_MODE_SEEDED, 6);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  const AciesState *state = acies_game_get_state (game);
  const AciesBoard *board = acies_game_get_scenario (game)->map.board;
  AciesEdge edge = acies_board_edge_between (board, cell (game, "B4"), cell (game, "B3"));
  AciesAction actions[7];
  const char *expected[] = {
    "{\"type\":\"move\",\"player\":\"red\",\"unit\":\"red-1\",\"to\":\"B5\"}",
    "{\"type\":\"attack\",\"player\":\"red\",\"unit\":\"red-1\",\"target\":\"blue-1\"}",
    "{\"type\":\"respond\",\"player\":\"blue\",\"choice\":\"stand\"}",
    NULL, /* fortify: the edge label comes from the board */
    NULL,
    NULL,
    "{\"type\":\"end-turn\",\"player\":\"red\",\"next\":\"blue\"}",
  };
  guint n_specs = 0;
  gboolean kinds[ACIES_ARG_EDGE + 1] = { FALSE, };

  actions[0] = make_action (TR_MOVE, 0, unit (game, "red-1"), cell (game, "B5"));
  actions[1] = make_action (TR_ATTACK, 0, unit (game, "red-1"), unit (game, "blue-1"));
  actions[2] = make_action (TR_RESPOND, 1, TR_STAND, -1);
  for (guint i = 3; i < 6; i++)
    {
      actions[i] = make_action (TR_FORTIFY, 0, unit (game, "red-1"), edge);
      actions[i].args[2] = 2;
      actions[i].args[3] = (gint) i - 4;   /* absent, false, true */
    }
  actions[6] = make_action (TR_END_TURN, 0, 1, -1);

  /* Every argument kind is covered. */
  acies_ruleset_get_action_specs (ruleset, &n_specs);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      const AciesActionSpec *spec = &acies_ruleset_get_action_specs (ruleset, &n_specs)[actions[i].type];

      for (guint a = 0; a < spec->n_args; a++)
        kinds[spec->args[a].kind] = TRUE;
    }
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    g_assert_true (kinds[k]);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autoptr(JsonNode) node = acies_ruleset_action_to_json (ruleset, state, &actions[i]);
      g_autofree char *text = json_to_string (node, FALSE);
      g_autoptr(GError) error = NULL;
      AciesAction back;

      if (expected[i] != NULL)
        g_assert_cmpstr (text, ==, expected[i]);

      g_assert_true (acies_ruleset_action_from_json (ruleset, state, node, &back, &error));
      g_assert_no_error (error);
      g_assert_true (acies_action_equal (&back, &actions[i]));
    }

  /* The fortify forms: the edge by label, ints as numbers, the optional
   * bool left out when absent. */
  {
    g_autoptr(JsonNode) absent = acies_ruleset_action_to_json (ruleset, state, &actions[3]);
    g_autoptr(JsonNode) yes = acies_ruleset_action_to_json (ruleset, state, &actions[5]);
    JsonObject *o = json_node_get_object (yes);

    g_assert_false (json_object_has_member (json_node_get_object (absent), "shout"));
    g_assert_true (json_object_get_boolean_member (o, "shout"));
    g_assert_cmpint (json_object_get_int_member (o, "level"), ==, 2);
    g_assert_cmpstr (json_object_get_string_member (o, "edge"), ==, acies_board_edge_label (board, edge));
    g_assert_cmpint (acies_board_edge_from_label (board, json_object_get_string_member (o, "edge")), ==, edge);
  }

  /* Descriptions. */
  {
    g_autofree char *move = acies_ruleset_describe_action (ruleset, state, &actions[0]);
    g_autofree char *attack = acies_ruleset_describe_action (ruleset, state, &actions[1]);

    g_assert_cmpstr (move, ==, "Move red-1 to B5");
    g_assert_cmpstr (attack, ==, "Attack red-1 target blue-1");
  }

  /* Errors name the member and what was expected. */
  {
    struct {
      const char *json;
      const char *member;
      const char *what;
    } bad[] = {
      { "{\"type\":\"mvoe\",\"unit\":\"red-1\",\"to\":\"B5\"}", "type", "move, attack" },
      { "{\"unit\":\"red-1\"}", "type", "name of an action" },
      { "{\"type\":\"move\",\"unit\":\"red-1\"}", "to", "cell label" },
      { "{\"type\":\"move\",\"unit\":\"red-1\",\"to\":\"Z99\"}", "to", "Z99" },
      { "{\"type\":\"move\",\"unit\":\"red-1\",\"to\":12}", "to", "cell label" },
      { "{\"type\":\"move\",\"unit\":\"red-9\",\"to\":\"B5\"}", "unit", "red-9" },
      { "{\"type\":\"move\",\"unit\":\"red-1\",\"to\":\"B5\",\"speed\":2}", "speed", "unknown" },
      { "{\"type\":\"move\",\"player\":\"green\",\"unit\":\"red-1\",\"to\":\"B5\"}", "player", "side id" },
      { "{\"type\":\"respond\",\"choice\":\"flee\"}", "choice", "retreat, stand" },
      { "{\"type\":\"end-turn\",\"next\":\"green\"}", "next", "green" },
      { "{\"type\":\"fortify\",\"unit\":\"red-1\",\"edge\":\"B4/B3/B2\",\"level\":1}", "edge", "edge label" },
      { "{\"type\":\"fortify\",\"unit\":\"red-1\",\"edge\":\"B4/B3\",\"level\":\"high\"}", "level", "integer" },
      { "{\"type\":\"fortify\",\"unit\":\"red-1\",\"edge\":\"B4/B3\",\"level\":1,\"shout\":1}", "shout", "true or false" },
      { "[1, 2]", "", "action object" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(JsonNode) node = json_from_string (bad[i].json, NULL);
        g_autoptr(GError) error = NULL;
        AciesAction action;

        g_assert_nonnull (node);
        g_assert_false (acies_ruleset_action_from_json (ruleset, state, node, &action, &error));
        g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
        g_test_message ("%s → %s", bad[i].json, error->message);
        g_assert_true (g_str_has_prefix (error->message, bad[i].member));
        g_assert_nonnull (strstr (error->message, bad[i].what));
      }
  }
}

static void
count_cb (gpointer  instance,
          guint    *count)
{
  (*count)++;
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
test_illegal (void)
{
  g_autoptr(AciesGame) game = new_game (7, ACIES_DICE_MODE_SEEDED, 6);
  g_autofree char *before = acies_game_digest (game);
  AciesAction bad[] = {
    /* onto an occupied square */
    make_action (TR_MOVE, 0, unit (game, "red-1"), cell (game, "B3")),
    /* not adjacent */
    make_action (TR_MOVE, 0, unit (game, "red-1"), cell (game, "D6")),
    /* the other side's unit */
    make_action (TR_MOVE, 0, unit (game, "blue-1"), cell (game, "B2")),
    /* the wrong player */
    make_action (TR_MOVE, 1, unit (game, "red-1"), cell (game, "B5")),
    /* no attack pending */
    make_action (TR_RESPOND, 1, TR_STAND, -1),
    /* an unknown type */
    make_action (99, 0, -1, -1),
  };
  AciesAction good = make_action (TR_MOVE, 0, unit (game, "red-1"), cell (game, "B5"));
  guint changed = 0;

  g_signal_connect (game, "changed", G_CALLBACK (count_cb), &changed);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *after = NULL;

      g_assert_false (acies_game_apply (game, &bad[i], &error));
      g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION);
      g_assert_nonnull (strstr (error->message, "not legal"));
      after = acies_game_digest (game);
      g_assert_cmpstr (after, ==, before);
      g_assert_cmpuint (acies_game_get_n_actions (game), ==, 0);
      g_assert_cmpuint (acies_game_get_events (game)->len, ==, 0);
    }
  g_assert_cmpuint (changed, ==, 0);

  /* The same action is legal from the right unit, and then no longer. */
  apply_ok (game, &good);
  g_assert_cmpuint (changed, ==, 1);
  {
    g_autoptr(GError) error = NULL;
    AciesAction again = make_action (TR_MOVE, 0, unit (game, "red-1"), cell (game, "B6"));

    g_assert_false (acies_game_apply (game, &again, &error));
    g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION);
    g_assert_nonnull (strstr (error->message, "Move red-1 to B6"));
  }
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 1);
}

static void
test_undo (void)
{
  g_autoptr(AciesGame) game = new_game (11, ACIES_DICE_MODE_SEEDED, 6);
  g_autoptr(GPtrArray) digests = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(GError) error = NULL;
  guint changed = 0, notified = 0;
  guint n;

  play_random (game, rand, 60, digests);
  n = acies_game_get_n_actions (game);
  g_assert_cmpuint (n, >, 10);

  g_signal_connect (game, "changed", G_CALLBACK (count_cb), &changed);
  g_signal_connect (game, "notify::n-actions", G_CALLBACK (count_notify_cb), &notified);

  /* Each undo restores exactly the digest before the undone action. */
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *digest = NULL;

      g_assert_true (acies_game_undo (game, &error));
      g_assert_no_error (error);
      digest = acies_game_digest (game);
      g_assert_cmpuint (acies_game_get_n_actions (game), ==, n - i - 1);
      g_assert_cmpstr (digest, ==, g_ptr_array_index (digests, n - i - 1));
    }
  g_assert_cmpuint (changed, ==, 5);
  g_assert_cmpuint (notified, ==, 5);

  /* The events shrink to those of the remaining actions. */
  {
    guint total = 0;

    for (guint i = 0; i < acies_game_get_n_actions (game); i++)
      total += acies_game_get_n_events_of_action (game, i);
    g_assert_cmpuint (acies_game_get_events (game)->len, ==, total);
  }

  g_assert_true (acies_game_truncate (game, 3, &error));
  g_assert_no_error (error);
  {
    g_autofree char *digest = acies_game_digest (game);

    g_assert_cmpstr (digest, ==, g_ptr_array_index (digests, 3));
  }

  g_assert_false (acies_game_truncate (game, 4, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION);
  g_clear_error (&error);

  g_assert_true (acies_game_truncate (game, 0, &error));
  g_assert_no_error (error);
  {
    g_autofree char *digest = acies_game_digest (game);

    g_assert_cmpstr (digest, ==, g_ptr_array_index (digests, 0));
  }
  g_assert_false (acies_game_undo (game, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION);
}

/* Undoing a roll and taking the action again gives the same roll: the
 * dice of action N depend on the seed and N only. */
static void
test_no_reroll_by_undo (void)
{
  guint distinct = 0;

  for (guint64 seed = 1; seed <= 40; seed++)
    {
      g_autoptr(AciesGame) game = new_game (seed, ACIES_DICE_MODE_SEEDED, 6);
      AciesAction attack = make_action (TR_ATTACK, 0, unit (game, "red-1"), unit (game, "blue-1"));
      AciesAction stand = make_action (TR_RESPOND, 1, TR_STAND, -1);
      g_autoptr(GError) error = NULL;
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;
      guint roll1, roll2;

      apply_ok (game, &attack);
      apply_ok (game, &stand);
      g_assert_true (acies_game_last_action_rolled (game));
      roll1 = g_array_index (acies_game_get_rolls_of_action (game, 1), guint, 0);
      first = acies_game_digest (game);

      g_assert_true (acies_game_undo (game, &error));
      g_assert_no_error (error);
      g_assert_false (acies_game_last_action_rolled (game));
      apply_ok (game, &stand);
      roll2 = g_array_index (acies_game_get_rolls_of_action (game, 1), guint, 0);
      second = acies_game_digest (game);

      g_assert_cmpuint (roll1, ==, roll2);
      g_assert_cmpstr (first, ==, second);
      distinct |= 1u << roll1;
    }
  /* …and the seed does change the rolls. */
  g_assert_cmpuint (__builtin_popcount (distinct), >=, 4);
}

static void
test_determinism (gconstpointer data)
{
  gboolean with_json = GPOINTER_TO_INT (data);
  guint n_games = acies_test_games (g_test_slow () ? 3000 : 1000);
  g_autoptr(GHashTable) finals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint total_actions = 0, finished = 0, rolled = 0;

  if (with_json && !need_scenario_io ())
    return;

  for (guint g = 0; g < n_games; g++)
    {
      guint64 seed = ((guint64) g << 35) ^ (G_GUINT64_CONSTANT (0x5eed) * (g + 1));
      g_autoptr(AciesGame) game = new_game (seed, ACIES_DICE_MODE_SEEDED, 1 + g % 8);
      g_autoptr(AciesGame) again = new_game (seed, ACIES_DICE_MODE_SEEDED, 1 + g % 8);
      g_autoptr(AciesGame) loaded = NULL;
      g_autoptr(GPtrArray) digests = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GRand) rand = g_rand_new_with_seed (g);
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      g_autofree char *final = NULL;
      guint n;

      play_random (game, rand, 300, digests);
      n = acies_game_get_n_actions (game);
      total_actions += n;
      finished += acies_game_get_state (game)->finished;
      final = acies_game_digest (game);
      g_assert_cmpstr (final, ==, g_ptr_array_index (digests, n));
      g_hash_table_add (finals, g_strdup (final));

      /* The same actions in a new game with the same seed. */
      for (guint i = 0; i < n; i++)
        {
          apply_ok (again, acies_game_get_action (game, i));
          rolled += acies_game_last_action_rolled (again);
        }
      assert_same_game (game, again);

      /* Through JSON text and back. */
      if (with_json)
        {
          g_autofree char *text2 = NULL;

          text = game_to_string (game);
          loaded = game_from_string (text, &error);
          g_assert_no_error (error);
          g_assert_nonnull (loaded);
          assert_same_game (game, loaded);
          g_assert_cmpuint (acies_game_get_seed (loaded), ==, seed);
          text2 = game_to_string (loaded);
          g_assert_cmpstr (text, ==, text2);
        }

      /* With physical dice: the die rolls (the "roll" events) typed from
       * the log; the draws are the program's, the same as seeded ones. */
      if (g % 10 == 0)
        {
          g_autoptr(AciesGame) physical = new_game (seed, ACIES_DICE_MODE_PHYSICAL, 1 + g % 8);
          GPtrArray *events = acies_game_get_events (game);
          guint first_event = events->len;

          for (guint i = 0; i < n; i++)
            first_event -= acies_game_get_n_events_of_action (game, i);
          for (guint i = 0; i < n; i++)
            {
              guint n_events = acies_game_get_n_events_of_action (game, i);

              for (guint e = first_event; e < first_event + n_events; e++)
                {
                  AciesEvent *event = g_ptr_array_index (events, e);

                  if (g_str_equal (event->type, "roll"))
                    acies_game_push_roll (physical, json_object_get_int_member (event->data, "value"));
                }
              first_event += n_events;
              apply_ok (physical, acies_game_get_action (game, i));
              g_assert_cmpuint (acies_game_get_n_pending_rolls (physical), ==, 0);
            }
          assert_same_game (game, physical);
        }

      /* Undo to a random point restores that point's digest. */
      if (g % 25 == 0 && n > 0)
        {
          guint k = g_rand_int_range (rand, 0, n);
          g_autofree char *digest = NULL;

          g_assert_true (acies_game_truncate (game, k, &error));
          g_assert_no_error (error);
          digest = acies_game_digest (game);
          g_assert_cmpstr (digest, ==, g_ptr_array_index (digests, k));
        }
    }

  g_test_message ("%u games, %u actions, %u finished, %u actions rolled, %u distinct final states",
                  n_games, total_actions, finished, rolled, g_hash_table_size (finals));
  /* The games are real games: they end, roll and differ. */
  g_assert_cmpuint (finished, >, n_games / 2);
  g_assert_cmpuint (rolled, >, n_games);
  g_assert_cmpuint (g_hash_table_size (finals), >, n_games / 2);
}

static void
test_physical_dice (void)
{
  g_autoptr(AciesGame) game = new_game (5, ACIES_DICE_MODE_PHYSICAL, 6);
  AciesAction attack = make_action (TR_ATTACK, 0, unit (game, "red-1"), unit (game, "blue-1"));
  AciesAction stand = make_action (TR_RESPOND, 1, TR_STAND, -1);
  AciesAction red_end = make_action (TR_END_TURN, 0, 1, -1);
  AciesAction blue_end = make_action (TR_END_TURN, 1, 0, -1);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  g_autoptr(AciesGame) loaded = NULL;
  guint changed = 0;

  g_assert_cmpint (acies_game_get_dice_mode (game), ==, ACIES_DICE_MODE_PHYSICAL);
  apply_ok (game, &attack);
  before = acies_game_digest (game);
  g_signal_connect (game, "changed", G_CALLBACK (count_cb), &changed);

  /* No roll typed: the game asks for one, naming the die. */
  g_assert_false (acies_game_apply (game, &stand, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_NEED_ROLL);
  g_assert_nonnull (strstr (error->message, "combat"));
  g_assert_nonnull (strstr (error->message, "6"));
  g_clear_error (&error);
  after = acies_game_digest (game);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (acies_game_get_n_actions (game), ==, 1);
  g_assert_cmpuint (changed, ==, 0);

  /* A value that is no face of a d6 is refused and dropped. */
  acies_game_push_roll (game, 9);
  g_assert_false (acies_game_apply (game, &stand, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_NEED_ROLL);
  g_assert_nonnull (strstr (error->message, "9"));
  g_clear_error (&error);
  g_assert_cmpuint (acies_game_get_n_pending_rolls (game), ==, 0);

  /* Typed: the action goes through with that roll. */
  acies_game_push_roll (game, 5);
  apply_ok (game, &stand);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (acies_game_get_n_pending_rolls (game), ==, 0);
  g_assert_cmpuint (acies_game_get_rolls_of_action (game, 1)->len, ==, 1);
  g_assert_cmpuint (g_array_index (acies_game_get_rolls_of_action (game, 1), guint, 0), ==, 5);
  {
    GPtrArray *events = acies_game_get_events (game);
    guint n = acies_game_get_n_events_of_action (game, 1);
    AciesEvent *roll = g_ptr_array_index (events, events->len - n);
    AciesEvent *last = g_ptr_array_index (events, events->len - 1);

    g_assert_cmpuint (n, ==, 2);
    g_assert_cmpstr (roll->type, ==, "roll");
    g_assert_cmpint (json_object_get_int_member (roll->data, "value"), ==, 5);
    g_assert_cmpstr (json_object_get_string_member (roll->data, "purpose"), ==, "combat");
    g_assert_cmpstr (last->type, ==, "eliminated");
  }

  /* A draw (the wind at the end of the turn) is no die roll: the program
   * makes it, seeded, records it, and leaves the typed rolls queued. */
  apply_ok (game, &red_end);
  acies_game_push_roll (game, 3);   /* one ahead: stays queued */
  apply_ok (game, &blue_end);
  g_assert_cmpuint (acies_game_get_n_pending_rolls (game), ==, 1);
  g_assert_cmpuint (acies_game_get_rolls_of_action (game, 3)->len, ==, 1);
  g_assert_cmpuint (g_array_index (acies_game_get_rolls_of_action (game, 3), guint, 0), <, 4);
  acies_game_clear_pending_rolls (game);
  g_assert_cmpuint (acies_game_get_state (game)->turn, ==, 2);

  /* The log replays, saved and loaded. */
  text = game_to_string (game);
  g_assert_nonnull (strstr (text, "\"physical\""));
  if (scenario_io_ok)
    {
      loaded = game_from_string (text, &error);
      g_assert_no_error (error);
      assert_same_game (game, loaded);
      g_assert_cmpint (acies_game_get_dice_mode (loaded), ==, ACIES_DICE_MODE_PHYSICAL);
    }

  /* Undo in physical mode replays the typed rolls. */
  g_assert_true (acies_game_undo (game, &error));
  g_assert_no_error (error);
  g_assert_true (acies_game_last_action_rolled (game) == FALSE);
  g_assert_true (acies_game_undo (game, &error));
  g_assert_no_error (error);
  g_assert_true (acies_game_last_action_rolled (game));
}

static void
test_interface (void)
{
  g_autoptr(AciesGame) game = new_game (9, ACIES_DICE_MODE_SEEDED, 6);
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  AciesAction attack = make_action (TR_ATTACK, 0, unit (game, "red-2"), unit (game, "blue-2"));
  g_autoptr(AciesPrompt) none = acies_ruleset_get_prompt (ruleset, acies_game_get_state (game));
  g_autoptr(AciesOdds) odds = acies_ruleset_get_odds (ruleset, acies_game_get_state (game), &attack);
  g_autoptr(AciesPrompt) prompt = NULL;
  g_autoptr(GPtrArray) score = NULL;
  g_autoptr(GError) error = NULL;
  gint blue2 = unit (game, "blue-2");
  const AciesState *state;
  AciesUnit view;
  double sum = 0;

  g_assert_null (none);
  g_assert_nonnull (odds);
  for (guint i = 0; i < odds->outcomes->len; i++)
    sum += ((AciesOddsOutcome *) g_ptr_array_index (odds->outcomes, i))->probability;
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (((AciesOddsOutcome *) g_ptr_array_index (odds->outcomes, 0))->probability,
                                  0.5, 1e-12);

  apply_ok (game, &attack);
  state = acies_game_get_state (game);
  g_assert_cmpint (state->deciding_side, ==, 1);
  g_assert_cmpint (state->active_side, ==, 0);

  /* The inactive player answers; blue-2 is shaken so it must retreat. */
  prompt = acies_ruleset_get_prompt (ruleset, state);
  g_assert_nonnull (prompt);
  g_assert_cmpint (prompt->player, ==, 1);
  g_assert_cmpstr (prompt->rule, ==, "TR 2.2");
  g_assert_cmpuint (prompt->actions->len, ==, 1);
  g_assert_cmpint (g_array_index (prompt->actions, AciesAction, 0).args[0], ==, TR_RETREAT);

  /* Morale is hidden from the enemy. */
  g_assert_true (acies_ruleset_may_see (ruleset, state, 1, blue2, "morale"));
  g_assert_false (acies_ruleset_may_see (ruleset, state, 0, blue2, "morale"));
  g_assert_false (acies_ruleset_may_see (ruleset, state, -1, blue2, "morale"));
  g_assert_true (acies_ruleset_may_see (ruleset, state, 0, blue2, "strength"));
  g_assert_true (acies_ruleset_unit_view (ruleset, state, blue2, 0, &view));
  g_assert_null (view.hidden);
  g_assert_cmpstr (view.id, ==, "blue-2");
  g_assert_true (acies_ruleset_unit_view (ruleset, state, blue2, 1, &view));
  g_assert_nonnull (view.hidden);
  g_assert_cmpstr (json_object_get_string_member (view.hidden, "morale"), ==, "shaken");

  score = acies_ruleset_get_score (ruleset, state, 0);
  g_assert_cmpuint (score->len, ==, 1);
  g_assert_cmpint (((AciesScoreLine *) g_ptr_array_index (score, 0))->points, ==, 0);
  g_assert_true (acies_ruleset_check_invariants (ruleset, state, &error));
  g_assert_no_error (error);

  /* The defaults of a ruleset without the optional vfuncs. */
  {
    g_autoptr(AciesRuleset) minimal = acies_test_minimal_ruleset_new ();
    g_autoptr(GPtrArray) empty = acies_ruleset_get_score (minimal, state, 0);
    g_autoptr(JsonNode) json = acies_ruleset_state_to_json (minimal, state);
    g_autoptr(GChecksum) c1 = g_checksum_new (G_CHECKSUM_SHA256);
    g_autoptr(GChecksum) c2 = g_checksum_new (G_CHECKSUM_SHA256);

    g_assert_null (acies_ruleset_get_catalogue (minimal));
    g_assert_null (acies_ruleset_get_prompt (minimal, state));
    g_assert_null (acies_ruleset_get_odds (minimal, state, &attack));
    g_assert_true (acies_ruleset_may_see (minimal, state, 0, blue2, "morale"));
    g_assert_cmpuint (empty->len, ==, 0);
    g_assert_true (acies_ruleset_check_invariants (minimal, state, &error));
    g_assert_cmpuint (acies_ruleset_get_n_units (minimal, state), ==, 0);
    g_assert_cmpint (acies_ruleset_unit_index (minimal, state, "blue-2"), ==, -1);
    g_assert_false (acies_ruleset_unit_view (minimal, state, blue2, 0, &view));
    g_assert_true (acies_ruleset_is_legal (minimal, state, &g_array_index (prompt->actions, AciesAction, 0)));
    g_assert_cmpint (json_object_get_int_member (json_node_get_object (json), "deciding_side"), ==, 1);
    acies_ruleset_digest (minimal, state, c1);
    acies_ruleset_digest (ruleset, state, c2);
    g_assert_cmpstr (g_checksum_get_string (c1), !=, g_checksum_get_string (c2));
  }
}

/* A saved game: a few actions with rolls. */
static char *
saved_game_text (void)
{
  g_autoptr(AciesGame) game = new_game (77, ACIES_DICE_MODE_SEEDED, 6);
  AciesAction move = make_action (TR_MOVE, 0, unit (game, "red-3"), cell (game, "D5"));
  AciesAction attack = make_action (TR_ATTACK, 0, unit (game, "red-1"), unit (game, "blue-1"));
  AciesAction stand = make_action (TR_RESPOND, 1, TR_STAND, -1);

  apply_ok (game, &move);
  apply_ok (game, &attack);
  apply_ok (game, &stand);

  return game_to_string (game);
}

static void
test_corrupt (gconstpointer data)
{
  gboolean log_cases = GPOINTER_TO_INT (data);
  g_autofree char *good = saved_game_text ();
  struct {
    gboolean    log;  /* needs the embedded scenario read */
    const char *from;
    const char *to;
    gint        code;
    const char *what[3];
  } cases[] = {
    /* a bad value in an action */
    { TRUE, "\"to\" : \"D5\"", "\"to\" : \"Z99\"", ACIES_ENGINE_ERROR_FORMAT,
      { "$.log[0].action.to", "Z99", "cell label" } },
    /* an action the rules refuse */
    { TRUE, "\"to\" : \"D5\"", "\"to\" : \"C4\"", ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
      { "$.log[0]", "action 1", "Move red-3 to C4" } },
    /* the digest does not match the replay */
    { TRUE, "\"digest\" : \"", "\"digest\" : \"00", ACIES_ENGINE_ERROR_INVALID,
      { "$.digest", "3 actions", NULL } },
    /* a newer format */
    { FALSE, "\"version\" : " G_STRINGIFY (ACIES_GAME_VERSION), "\"version\" : 7", ACIES_ENGINE_ERROR_VERSION,
      { "$.version", "newer", "7" } },
    /* an unknown ruleset */
    { FALSE, "\"ruleset\" : \"test-race\",\n  \"seed\"", "\"ruleset\" : \"test-rave\",\n  \"seed\"",
      ACIES_ENGINE_ERROR_UNKNOWN_RULESET, { "$.ruleset", "test-rave", "test-race" } },
    /* an unknown member */
    { FALSE, "\"options\"", "\"optoins\"", ACIES_ENGINE_ERROR_FORMAT, { "$", "optoins", NULL } },
    /* a scenario, not a game */
    { FALSE, "\"acies-game\"", "\"acies-scenario\"", ACIES_ENGINE_ERROR_FORMAT, { "$.format", "scenario", NULL } },
    /* a bad seed */
    { FALSE, "\"seed\" : 77", "\"seed\" : -3", ACIES_ENGINE_ERROR_FORMAT, { "$.seed", "-3", NULL } },
  };

  if (log_cases && !need_scenario_io ())
    return;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AciesGame) game = NULL;
      g_autofree char *text = NULL;
      char *at = strstr (good, cases[i].from);

      if (cases[i].log != log_cases)
        continue;

      g_assert_nonnull (at);
      text = g_strdup_printf ("%.*s%s%s", (int) (at - good), good, cases[i].to, at + strlen (cases[i].from));
      game = game_from_string (text, &error);
      g_assert_null (game);
      g_assert_nonnull (error);
      g_test_message ("case %u: %s", i, error->message);
      g_assert_error (error, ACIES_ENGINE_ERROR, cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, "test.acies-game: "));
      for (guint w = 0; w < G_N_ELEMENTS (cases[i].what) && cases[i].what[w] != NULL; w++)
        g_assert_nonnull (strstr (error->message, cases[i].what[w]));
    }

  if (!log_cases)
    {
      g_autoptr(JsonNode) root = json_from_string (good, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(AciesGame) game = NULL;

      /* The embedded scenario must be an object. */
      json_object_set_int_member (json_node_get_object (root), "scenario", 5);
      game = acies_game_from_json (root, "y.acies-game", &error);
      g_assert_null (game);
      g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
      g_assert_true (g_str_has_prefix (error->message, "y.acies-game: $.scenario: "));
      return;
    }

  /* Rolls that do not match: one too many, or one too few. */
  {
    g_autoptr(JsonNode) root = json_from_string (good, NULL);
    JsonArray *log = json_object_get_array_member (json_node_get_object (root), "log");
    JsonArray *rolls = json_object_get_array_member (json_array_get_object_element (log, 2), "rolls");
    g_autoptr(GError) error = NULL;
    g_autoptr(AciesGame) game = NULL;

    g_assert_cmpuint (json_array_get_length (rolls), ==, 1);
    json_array_add_int_element (rolls, 3);
    game = acies_game_from_json (root, "x.acies-game", &error);
    g_assert_null (game);
    g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "$.log[2]"));
    /* $.log[2] is the third action: messages count actions from 1. */
    g_assert_nonnull (strstr (error->message, "action 3"));
    g_clear_error (&error);

    json_array_remove_element (rolls, 1);
    json_array_remove_element (rolls, 0);
    game = acies_game_from_json (root, "x.acies-game", &error);
    g_assert_null (game);
    g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "action 3"));
    g_assert_nonnull (strstr (error->message, "combat"));
    g_clear_error (&error);

    json_array_add_string_element (rolls, "six");
    game = acies_game_from_json (root, "x.acies-game", &error);
    g_assert_null (game);
    g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
    g_assert_nonnull (strstr (error->message, "$.log[2].rolls[0]"));
  }

  /* The unchanged text loads. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AciesGame) game = game_from_string (good, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (acies_game_get_n_actions (game), ==, 3);
  }
}

static void
test_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acies-game-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *bad_path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) bad_file = NULL;
  g_autoptr(AciesGame) game = new_game (123, ACIES_DICE_MODE_SEEDED, 3);
  g_autoptr(AciesGame) loaded = NULL;
  g_autoptr(GPtrArray) digests = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (123);
  g_autofree char *good = NULL;
  char *at;

  if (!need_scenario_io ())
    return;
  g_assert_no_error (error);
  path = g_build_filename (dir, "battle.acies-game", NULL);
  file = g_file_new_for_path (path);

  play_random (game, rand, 40, digests);
  g_assert_true (acies_game_save_file (game, file, &error));
  g_assert_no_error (error);
  loaded = acies_game_load_file (file, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  assert_same_game (game, loaded);

  /* A damaged file names itself and the place. */
  g_assert_true (g_file_get_contents (path, &good, NULL, NULL));
  at = strstr (good, "\"version\" : " G_STRINGIFY (ACIES_GAME_VERSION));
  g_assert_nonnull (at);
  at[strlen ("\"version\" : ")] = '9';
  bad_path = g_build_filename (dir, "newer.acies-game", NULL);
  g_assert_true (g_file_set_contents (bad_path, good, -1, NULL));
  at[strlen ("\"version\" : ")] = '0' + ACIES_GAME_VERSION;
  bad_file = g_file_new_for_path (bad_path);
  g_assert_null (acies_game_load_file (bad_file, &error));
  g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_VERSION);
  g_test_message ("%s", error->message);
  /* File, line and column, path, what. */
  g_assert_true (g_regex_match_simple ("newer\\.acies-game:[0-9]+:[0-9]+: \\$\\.version: .*newer",
                                       error->message, 0, 0));
  g_clear_error (&error);

  /* A bad action in the log, with its line. */
  {
    g_autofree char *bad = g_strdup (good);
    char *to = strstr (bad, "\"next\" : \"");

    g_assert_nonnull (to);
    memcpy (to + strlen ("\"next\" : \""), "grey", 4);
    g_assert_true (g_file_set_contents (bad_path, bad, -1, NULL));
    g_assert_null (acies_game_load_file (bad_file, &error));
    g_test_message ("%s", error->message);
    g_assert_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_FORMAT);
    g_assert_true (g_regex_match_simple ("newer\\.acies-game:[0-9]+:[0-9]+: \\$\\.log\\[[0-9]+\\]\\.action\\.next: .*side id",
                                         error->message, 0, 0));
    g_clear_error (&error);
  }

  g_assert_true (g_file_set_contents (bad_path, "{\"format\": \"acies-game\",", -1, NULL));
  g_assert_null (acies_game_load_file (bad_file, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "newer.acies-game"));
  g_clear_error (&error);

  /* Clean up whatever the writer left (the backup too). */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *p = g_build_filename (dir, name, NULL);

        g_unlink (p);
      }
  }
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);

  acies_ruleset_register ("test-race", acies_test_ruleset_new);

  {
    g_autoptr(AciesScenario) scenario = acies_test_scenario_new (6);
    g_autoptr(JsonNode) json = acies_scenario_to_json (scenario);
    g_autoptr(AciesScenario) back = NULL;
    g_autoptr(GError) error = NULL;

    back = acies_scenario_from_json (json, "test-race scenario", &error);
    scenario_io_ok = back != NULL;
    if (error != NULL)
      scenario_io_error = g_strdup (error->message);
  }

  g_test_add_func ("/acies/game/dice", test_dice);
  g_test_add_func ("/acies/game/registry", test_registry);
  g_test_add_func ("/acies/game/action-json", test_action_json);
  g_test_add_func ("/acies/game/illegal-action", test_illegal);
  g_test_add_func ("/acies/game/undo", test_undo);
  g_test_add_func ("/acies/game/no-reroll-by-undo", test_no_reroll_by_undo);
  g_test_add_func ("/acies/game/interface", test_interface);
  g_test_add_func ("/acies/game/physical-dice", test_physical_dice);
  g_test_add_data_func ("/acies/game/corrupt-save/header", GINT_TO_POINTER (FALSE), test_corrupt);
  g_test_add_data_func ("/acies/game/corrupt-save/log", GINT_TO_POINTER (TRUE), test_corrupt);
  g_test_add_func ("/acies/game/files", test_files);
  g_test_add_data_func ("/acies/game/determinism/replay", GINT_TO_POINTER (FALSE), test_determinism);
  g_test_add_data_func ("/acies/game/determinism/save-load", GINT_TO_POINTER (TRUE), test_determinism);

  ret = g_test_run ();
  g_free (scenario_io_error);

  return ret;
}
