/* test-cli-commands.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cli"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "game/acies-game.h"
#include "geometry/acies-board.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"

#include "acies-test-cli.h"

/*
 * acies-cli run as a user runs it (a subprocess), checked against what the
 * engine says about the same files: odds refuse attacks the ruleset does
 * not allow and modifiers out of range; info and validate understand saved
 * games; play and odds refuse scenarios that validate rejects; usage errors
 * are one line with exit status 2.
 */

static char *tmpdir;

#define RUN ACIES_TEST_CLI_RUN

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p != '\0'; p++)
    if (*p == '\n')
      n++;
  return n;
}

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static AciesScenario *
load_sample (const char *name)
{
  g_autofree char *path = acies_test_source_path ("data", "scenarios", "samples", name, NULL);
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  return scenario;
}

static guint
action_type (AciesRuleset *ruleset,
             const char   *name)
{
  guint type = G_MAXUINT;

  g_assert_nonnull (acies_ruleset_find_action_spec (ruleset, name, &type));
  return type;
}

/* Plays uniformly random legal actions (seeded) on a new game of @sample
 * until @stop says so, @max_actions (if not 0) are taken or the game
 * ends; returns the game, or NULL if @stop never said so. */
typedef gboolean (*StopFunc) (AciesRuleset *ruleset, const AciesState *state, GArray *legal);

static AciesGame *
play_until (const char *sample,
            guint64     seed,
            StopFunc    stop,
            guint       max_actions)
{
  g_autoptr(AciesScenario) scenario = load_sample (sample);
  g_autoptr(AciesRuleset) ruleset = NULL;
  g_autoptr(AciesGame) game = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  g_autoptr(GError) error = NULL;

  ruleset = acies_ruleset_lookup (scenario->ruleset, &error);
  g_assert_no_error (error);
  game = acies_game_new (scenario, ruleset, seed, ACIES_DICE_MODE_SEEDED, NULL, &error);
  g_assert_no_error (error);

  for (guint step = 0; step < 20000; step++)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      const AciesState *state = acies_game_get_state (game);

      acies_ruleset_legal_actions (ruleset, state, legal);
      if ((stop != NULL && stop (ruleset, state, legal))
          || (max_actions > 0 && acies_game_get_n_actions (game) >= max_actions))
        return g_steal_pointer (&game);
      if (state->finished || legal->len == 0)
        break;
      acies_game_apply (game,
                        &g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, (gint32) legal->len)),
                        &error);
      g_assert_no_error (error);
    }
  if (stop != NULL)
    return NULL;
  return g_steal_pointer (&game);
}

static gboolean
attack_is_legal (AciesRuleset     *ruleset,
                 const AciesState *state,
                 GArray           *legal)
{
  guint attack = action_type (ruleset, "attack");

  for (guint i = 0; i < legal->len; i++)
    if (g_array_index (legal, AciesAction, i).type == attack)
      return TRUE;
  return FALSE;
}

static char *
save_game (AciesGame  *game,
           const char *name)
{
  g_autofree char *path = tmp_path (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  acies_game_save_file (game, file, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&path);
}

/* A Grass Crown game stopped where an attack can be declared. */
static AciesGame *
gc_game_at_attack (void)
{
  for (guint64 seed = 1; seed < 40; seed++)
    {
      AciesGame *game = play_until ("grass-crown-sample.acies", seed, attack_is_legal, 0);

      if (game != NULL)
        return game;
    }
  g_assert_not_reached ();
  return NULL;
}

static void
test_odds_range (void)
{
  g_autofree char *out = NULL, *err = NULL;

  /* The final DRMs a Grass Crown attack can have: −8 … +2 (GC 9.2). */
  RUN (2, &out, &err, "odds", "--cc", "B", "--drm", "+99");
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_nonnull (strstr (err, "--drm +99"));
  g_assert_nonnull (strstr (err, "-8 to +2"));
  RUN (2, &out, &err, "odds", "--cc", "B", "--drm", "3");
  RUN (2, &out, &err, "odds", "--cc", "B", "--drm", "-9");
  RUN (0, &out, &err, "odds", "--cc", "B", "--drm", "-8");
  g_assert_nonnull (strstr (out, "Results:"));
  RUN (0, &out, &err, "odds", "--cc", "B", "--drm", "+2");

  /* Supporters: 0 to 6; the final DRM is not combined with modifiers. */
  RUN (2, &out, &err, "odds", "--cc", "B", "--attacker", "L", "--defender", "P", "--support", "7");
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_nonnull (strstr (err, "--support 7"));
  RUN (0, &out, &err, "odds", "--cc", "B", "--attacker", "L", "--defender", "P", "--support", "6");
  RUN (2, &out, &err, "odds", "--cc", "B", "--drm", "-1", "--support", "1");
  g_assert_cmpuint (count_lines (err), ==, 1);
  RUN (2, &out, &err, "odds", "--cc", "B", "--attacker", "C", "--defender", "P");
  g_assert_nonnull (strstr (err, "--attacker"));
  RUN (2, &out, &err, "odds", "--cc", "Q", "--drm", "0");
  RUN (2, &out, &err, "odds", "--attack", "x", "--target", "y");
}

/* Two units of @state: on the board, of different sides or the same,
 * adjacent or not.  Returns FALSE if there are none such. */
static gboolean
find_pair (AciesRuleset     *ruleset,
           const AciesState *state,
           gboolean          enemies,
           gboolean          adjacent,
           gint             *a,
           gint             *b)
{
  guint n = acies_ruleset_get_n_units (ruleset, state);
  const AciesBoard *board = state->scenario->map.board;

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        AciesUnit vi, vj;

        if (i == j
            || !acies_ruleset_unit_view (ruleset, state, i, -1, &vi)
            || !acies_ruleset_unit_view (ruleset, state, j, -1, &vj)
            || vi.cell == ACIES_CELL_NONE || vj.cell == ACIES_CELL_NONE)
          continue;
        if ((g_strcmp0 (vi.side, vj.side) != 0) == enemies
            && acies_board_adjacent (board, vi.cell, vj.cell, ACIES_ADJ_ORTHOGONAL) == adjacent)
          {
            *a = i;
            *b = j;
            return TRUE;
          }
      }
  return FALSE;
}

static void
test_odds_illegal_attack (void)
{
  g_autoptr(AciesGame) game = gc_game_at_attack ();
  g_autofree char *path = save_game (game, "attack.acies-game");
  g_autofree char *scenario_path = acies_test_source_path ("data", "scenarios", "samples", "grass-crown-sample.acies", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  AciesRuleset *ruleset = acies_game_get_ruleset (game);
  const AciesState *state = acies_game_get_state (game);
  guint attack = action_type (ruleset, "attack");
  guint support = action_type (ruleset, "support");
  const AciesAction *legal_attack = NULL;
  const char *primary, *target;
  guint n_supporters = 0;
  gint a, b;

  acies_ruleset_legal_actions (ruleset, state, legal);
  for (guint i = 0; i < legal->len && legal_attack == NULL; i++)
    if (g_array_index (legal, AciesAction, i).type == attack)
      legal_attack = &g_array_index (legal, AciesAction, i);
  g_assert_nonnull (legal_attack);
  primary = acies_ruleset_unit_id (ruleset, state, legal_attack->args[0]);
  target = acies_ruleset_unit_id (ruleset, state, legal_attack->args[1]);

  /* The legal attack gives odds, as the ruleset's own get_odds does. */
  RUN (0, &out, &err, "odds", path, "--attack", primary, "--target", target, "--json");
  {
    g_autoptr(AciesOdds) expected = acies_ruleset_get_odds (ruleset, state, legal_attack);
    g_autoptr(JsonNode) root = json_from_string (out, NULL);
    JsonArray *outcomes;
    double total = 0;

    g_assert_nonnull (expected);
    g_assert_nonnull (root);
    outcomes = json_object_get_array_member (json_node_get_object (root), "outcomes");
    g_assert_cmpuint (json_array_get_length (outcomes), ==, expected->outcomes->len);
    for (guint i = 0; i < expected->outcomes->len; i++)
      {
        const AciesOddsOutcome *o = g_ptr_array_index (expected->outcomes, i);
        JsonObject *got = json_array_get_object_element (outcomes, i);

        g_assert_cmpstr (json_object_get_string_member (got, "result"), ==, o->result);
        g_assert_cmpfloat_with_epsilon (json_object_get_double_member (got, "probability"), o->probability, 1e-9);
        total += o->probability;
      }
    g_assert_cmpfloat_with_epsilon (total, 1.0, 1e-9);
  }

  /* The same through --action, and by the wrong player. */
  {
    g_autoptr(JsonNode) node = acies_ruleset_action_to_json (ruleset, state, legal_attack);
    g_autofree char *json = json_to_string (node, FALSE);
    JsonObject *object = json_node_get_object (node);
    const AciesSide *other = g_ptr_array_index (state->scenario->sides, legal_attack->player == 0 ? 1 : 0);
    g_autofree char *wrong = NULL;

    RUN (0, &out, &err, "odds", path, "--action", json);
    g_assert_nonnull (strstr (out, "Results:"));
    json_object_set_string_member (object, "player", other->id);
    wrong = json_to_string (node, FALSE);
    RUN (1, &out, &err, "odds", path, "--action", wrong);
    g_assert_cmpuint (count_lines (err), ==, 1);
    g_assert_true (g_str_has_prefix (err, path));
  }

  /* A unit that does not exist. */
  RUN (1, &out, &err, "odds", path, "--attack", "no-such-unit", "--target", target);
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_nonnull (strstr (err, "no-such-unit"));
  RUN (1, &out, &err, "odds", path, "--attack", primary, "--target", "nobody-here");
  g_assert_nonnull (strstr (err, "nobody-here"));

  /* Two units of the same side. */
  g_assert_true (find_pair (ruleset, state, FALSE, TRUE, &a, &b) || find_pair (ruleset, state, FALSE, FALSE, &a, &b));
  RUN (1, &out, &err, "odds", path, "--attack", acies_ruleset_unit_id (ruleset, state, a),
       "--target", acies_ruleset_unit_id (ruleset, state, b));
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_nonnull (strstr (err, "both units of"));
  g_assert_nonnull (strstr (err, acies_ruleset_unit_id (ruleset, state, a)));

  /* Enemies that are not adjacent. */
  g_assert_true (find_pair (ruleset, state, TRUE, FALSE, &a, &b));
  RUN (1, &out, &err, "odds", path, "--attack", acies_ruleset_unit_id (ruleset, state, a),
       "--target", acies_ruleset_unit_id (ruleset, state, b));
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_nonnull (strstr (err, "is not next to"));

  /* Adjacent enemies whose attack is not among the legal actions. */
  {
    guint n = acies_ruleset_get_n_units (ruleset, state);
    gboolean checked = FALSE;

    for (guint i = 0; i < n && !checked; i++)
      for (guint j = 0; j < n && !checked; j++)
        {
          AciesAction action;
          AciesUnit vi, vj;

          if (i == j || !acies_ruleset_unit_view (ruleset, state, i, -1, &vi)
              || !acies_ruleset_unit_view (ruleset, state, j, -1, &vj)
              || g_strcmp0 (vi.side, vj.side) == 0
              || !acies_board_adjacent (state->scenario->map.board, vi.cell, vj.cell, ACIES_ADJ_ORTHOGONAL))
            continue;
          acies_action_init (&action, attack, legal_attack->player);
          action.args[0] = i;
          action.args[1] = j;
          if (acies_ruleset_is_legal (ruleset, state, &action))
            continue;
          RUN (1, &out, &err, "odds", path, "--attack", acies_ruleset_unit_id (ruleset, state, i),
               "--target", acies_ruleset_unit_id (ruleset, state, j));
          g_assert_cmpuint (count_lines (err), ==, 1);
          g_assert_nonnull (strstr (err, acies_ruleset_unit_id (ruleset, state, i)));
          g_assert_nonnull (strstr (err, "GC 9.0"));
          checked = TRUE;
        }
  }

  /* Supporters: as many as the legal SUPPORT actions allow, one by one. */
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(AciesGame) copy = acies_game_load_file (file, NULL);
    g_autofree char *too_many = NULL;
    AciesAction next;

    g_assert_nonnull (copy);
    g_assert_true (acies_game_apply (copy, legal_attack, NULL));

    /* Once declared (a game saved while choosing Supporters) the same
     * attack still gives odds, and another one is refused. */
    {
      g_autofree char *declared = save_game (copy, "declared.acies-game");

      RUN (0, &out, &err, "odds", declared, "--attack", primary, "--target", target);
      g_assert_nonnull (strstr (out, "Results:"));
      g_assert_nonnull (strstr (out, primary));
      g_unlink (declared);
    }
    for (;;)
      {
        g_autoptr(GArray) now = g_array_new (FALSE, FALSE, sizeof (AciesAction));
        gboolean found = FALSE;

        acies_ruleset_legal_actions (ruleset, acies_game_get_state (copy), now);
        for (guint i = 0; i < now->len && !found; i++)
          if (g_array_index (now, AciesAction, i).type == support)
            {
              next = g_array_index (now, AciesAction, i);
              found = TRUE;
            }
        if (!found)
          break;
        g_assert_true (acies_game_apply (copy, &next, NULL));
        n_supporters++;
      }
    too_many = g_strdup_printf ("%u", n_supporters + 1);
    if (n_supporters + 1 <= 6)
      {
        RUN (1, &out, &err, "odds", path, "--attack", primary, "--target", target, "--support", too_many);
        g_assert_cmpuint (count_lines (err), ==, 1);
        g_assert_nonnull (strstr (err, "can Support"));
      }
    if (n_supporters > 0)
      {
        g_autofree char *count = g_strdup_printf ("%u", n_supporters);

        RUN (0, &out, &err, "odds", path, "--attack", primary, "--target", target, "--support", count);
        g_assert_nonnull (strstr (out, count));
      }
  }
  RUN (2, &out, &err, "odds", path, "--attack", primary, "--target", target, "--support", "99");
  g_assert_cmpuint (count_lines (err), ==, 1);
  RUN (2, &out, &err, "odds", path, "--attack", primary, "--target", target, "--drm", "1");

  /* At the set-up these units cannot attack: the scenario's first state. */
  RUN (1, &out, &err, "odds", scenario_path, "--attack", primary, "--target", target);
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_nonnull (strstr (err, primary));

  g_unlink (path);
}

/* A ruleset without odds (Lost Battles): --action is checked for legality
 * by the ruleset, then refused for want of odds. */
static void
test_odds_other_ruleset (void)
{
  g_autofree char *path = acies_test_source_path ("data", "scenarios", "samples", "lost-battles-sample.acies", NULL);
  g_autoptr(AciesScenario) scenario = load_sample ("lost-battles-sample.acies");
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup (scenario->ruleset, NULL);
  g_autoptr(AciesGame) game = acies_game_new (scenario, ruleset, 0, ACIES_DICE_MODE_SEEDED, NULL, NULL);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *json = NULL, *illegal_json = NULL;
  g_autoptr(JsonNode) node = NULL;
  AciesAction illegal;
  const AciesState *state;

  g_assert_nonnull (game);
  state = acies_game_get_state (game);
  acies_ruleset_legal_actions (ruleset, state, legal);
  g_assert_cmpuint (legal->len, >, 0);
  g_assert_null (acies_ruleset_get_odds (ruleset, state, &g_array_index (legal, AciesAction, 0)));
  node = acies_ruleset_action_to_json (ruleset, state, &g_array_index (legal, AciesAction, 0));
  json = json_to_string (node, FALSE);
  RUN (1, &out, &err, "odds", path, "--action", json);
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_nonnull (strstr (err, "no odds"));

  acies_action_init (&illegal, action_type (ruleset, "attack"), 0);
  g_assert_false (acies_ruleset_is_legal (ruleset, state, &illegal));
  json_node_unref (node);
  node = acies_ruleset_action_to_json (ruleset, state, &illegal);
  illegal_json = json_to_string (node, FALSE);
  RUN (1, &out, &err, "odds", path, "--action", illegal_json);
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_nonnull (strstr (err, "not a legal action now"));
  g_assert_nonnull (strstr (err, state->phase));

  RUN (2, &out, &err, "odds", path, "--action", "{not json");
  g_assert_cmpuint (count_lines (err), ==, 1);
  RUN (2, &out, &err, "odds", path, "--attack", "rom-le1", "--target", "x");
}

static gboolean
enemies_adjacent_no_attack (AciesRuleset     *ruleset,
                            const AciesState *state,
                            GArray           *legal)
{
  gint a, b;

  return !state->finished && !attack_is_legal (ruleset, state, legal)
         && find_pair (ruleset, state, TRUE, TRUE, &a, &b);
}

static void
test_odds_wrong_phase (void)
{
  g_autoptr(AciesGame) game = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL, *err = NULL;
  AciesRuleset *ruleset;
  const AciesState *state;
  gint a, b;

  for (guint64 seed = 1; seed < 40 && game == NULL; seed++)
    game = play_until ("grass-crown-sample.acies", seed, enemies_adjacent_no_attack, 0);
  g_assert_nonnull (game);
  path = save_game (game, "no-attack.acies-game");
  ruleset = acies_game_get_ruleset (game);
  state = acies_game_get_state (game);
  g_assert_true (find_pair (ruleset, state, TRUE, TRUE, &a, &b));

  /* Adjacent enemies, but no attack is among the legal actions now. */
  RUN (1, &out, &err, "odds", path, "--attack", acies_ruleset_unit_id (ruleset, state, a),
       "--target", acies_ruleset_unit_id (ruleset, state, b));
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_nonnull (strstr (err, "no attack can be declared now"));
  g_assert_nonnull (strstr (err, state->phase));

  g_unlink (path);
}

static void
test_info_game (void)
{
  g_autoptr(AciesGame) game = play_until ("grass-crown-sample.acies", 3, NULL, 40);
  g_autoptr(AciesGame) finished = play_until ("lost-battles-sample.acies", 5, NULL, 0);
  const char *names[] = { "Anna", "Bruno", NULL };
  g_autofree char *path = NULL, *finished_path = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *turn = NULL, *actions = NULL, *line = NULL;
  const AciesState *state;
  AciesScenario *scenario;

  g_assert_nonnull (game);
  acies_game_set_player_names (game, names);
  path = save_game (game, "info.acies-game");
  state = acies_game_get_state (game);
  scenario = acies_game_get_scenario (game);

  RUN (0, &out, &err, "info", path);
  g_assert_nonnull (strstr (out, scenario->meta.title));
  g_assert_nonnull (strstr (out, "grass-crown"));
  g_assert_nonnull (strstr (out, "Anna"));
  g_assert_nonnull (strstr (out, "Bruno"));
  {
    /* The turn in the book's words, with the count of turns. */
    g_autofree char *words = acies_ruleset_describe_turn (acies_game_get_ruleset (game), state);

    g_assert_nonnull (words);
    turn = g_strdup_printf ("Turn:        %s (turn %u), %s\n", words, state->turn, state->phase);
  }
  g_assert_nonnull (strstr (out, turn));
  actions = g_strdup_printf ("Actions:     %u\n", acies_game_get_n_actions (game));
  g_assert_nonnull (strstr (out, actions));
  g_assert_nonnull (strstr (out, "seeded, seed 3"));
  g_assert_nonnull (strstr (out, "Game over:   no"));
  g_assert_cmpstr (err, ==, "");

  /* A finished game says who won and why. */
  g_assert_nonnull (finished);
  state = acies_game_get_state (finished);
  g_assert_true (state->finished);
  finished_path = save_game (finished, "finished.acies-game");
  RUN (0, &out, &err, "info", finished_path);
  g_assert_nonnull (strstr (out, "Game over:   yes"));
  if (state->end_reason != NULL)
    g_assert_nonnull (strstr (out, state->end_reason));
  if (state->winner >= 0)
    {
      const AciesSide *side = g_ptr_array_index (acies_game_get_scenario (finished)->sides, state->winner);

      line = g_strdup_printf ("won by %s", side->name != NULL ? side->name : side->id);
      g_assert_nonnull (strstr (out, line));
    }

  g_unlink (path);
  g_unlink (finished_path);
}

static JsonNode *
read_json (const char *path)
{
  g_autofree char *text = NULL;
  JsonNode *root;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  root = json_from_string (text, NULL);
  g_assert_nonnull (root);
  return root;
}

static void
write_json (JsonNode   *root,
            const char *path)
{
  g_autofree char *text = json_to_string (root, TRUE);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

static void
test_validate_game (void)
{
  g_autoptr(AciesGame) game = play_until ("grass-crown-sample.acies", 11, NULL, 40);
  g_autofree char *path = save_game (game, "valid.acies-game");
  g_autofree char *bad_digest = tmp_path ("bad-digest.acies-game");
  g_autofree char *bad_log = tmp_path ("bad-log.acies-game");
  g_autofree char *no_digest = tmp_path ("no-digest.json");
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *replayed = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;
  JsonArray *log;
  guint n = acies_game_get_n_actions (game);

  g_assert_cmpuint (n, >, 2);
  RUN (0, &out, &err, "validate", path);
  replayed = g_strdup_printf ("%s: valid saved game: %u actions replayed, digest matches\n", path, n);
  g_assert_cmpstr (out, ==, replayed);

  /* A digest that does not match the replayed state. */
  root = read_json (path);
  object = json_node_get_object (root);
  json_object_set_string_member (object, "digest", "0000");
  write_json (root, bad_digest);
  RUN (1, &out, &err, "validate", bad_digest);
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_true (g_str_has_prefix (err, bad_digest));
  g_assert_nonnull (strstr (err, "$.digest"));
  RUN (1, &out, &err, "info", bad_digest);
  g_assert_cmpuint (count_lines (err), ==, 1);

  /* The first action again as the second: the rules refuse it there. */
  json_node_unref (root);
  root = read_json (path);
  object = json_node_get_object (root);
  log = json_object_get_array_member (object, "log");
  {
    g_autoptr(JsonArray) copy = json_array_new ();

    for (guint i = 0; i < json_array_get_length (log); i++)
      {
        json_array_add_element (copy, json_node_copy (json_array_get_element (log, i)));
        if (i == 0)
          json_array_add_element (copy, json_node_copy (json_array_get_element (log, 0)));
      }
    json_object_set_array_member (object, "log", json_array_ref (copy));
  }
  write_json (root, bad_log);
  RUN (1, &out, &err, "validate", bad_log);
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_true (g_str_has_prefix (err, bad_log));
  g_assert_nonnull (strstr (err, ": action 2: "));

  /* No digest: a warning; found a saved game by its content. */
  json_node_unref (root);
  root = read_json (path);
  json_object_remove_member (json_node_get_object (root), "digest");
  write_json (root, no_digest);
  RUN (0, &out, &err, "validate", no_digest);
  g_assert_nonnull (strstr (err, "warning"));
  g_assert_nonnull (strstr (out, "valid saved game"));
  RUN (1, &out, &err, "validate", "--warnings-as-errors", no_digest);
  RUN (0, &out, &err, "info", no_digest);
  g_assert_nonnull (strstr (out, "Actions:"));

  g_unlink (path);
  g_unlink (bad_digest);
  g_unlink (bad_log);
  g_unlink (no_digest);
}

static void
test_play_refuses_invalid (void)
{
  g_autofree char *sample = acies_test_source_path ("data", "scenarios", "samples", "grass-crown-sample.acies", NULL);
  g_autofree char *invalid = tmp_path ("lava.acies");
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *validate_err = NULL;
  g_autoptr(JsonNode) root = read_json (sample);
  JsonObject *map = json_object_get_object_member (json_node_get_object (root), "map");
  g_auto(GStrv) lines = NULL;

  /* An unknown terrain: the reader loads it, validate refuses it. */
  json_object_set_string_member (json_object_get_object_member (map, "terrain"), "A6", "lava");
  write_json (root, invalid);

  RUN (1, &out, &err, "validate", invalid);
  validate_err = g_strdup (err);
  g_assert_nonnull (strstr (validate_err, "lava"));

  RUN (1, &out, &err, "play", invalid, "--seed", "1");
  g_assert_cmpstr (out, ==, "");
  /* The same messages as validate, then one line saying it is not run. */
  g_assert_true (g_str_has_prefix (err, validate_err));
  lines = g_strsplit (err + strlen (validate_err), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  g_assert_nonnull (strstr (lines[0], "not run"));

  RUN (1, &out, &err, "play", invalid, "--random", "1");
  g_assert_true (g_str_has_prefix (err, validate_err));
  RUN (1, &out, &err, "odds", invalid, "--attack", "red-1", "--target", "red-2");
  g_assert_true (g_str_has_prefix (err, validate_err));

  /* Render and print draw a draft as it stands, saying on standard error
   * that it does not validate (trial 6b, F4: they used to say nothing). */
  {
    g_autofree char *png = tmp_path ("lava.png");
    g_autofree char *pdf = tmp_path ("lava.pdf");

    RUN (0, &out, &err, "render", invalid, "-o", png);
    g_assert_true (g_str_has_prefix (err, validate_err));
    g_assert_nonnull (strstr (err, "drawn as it stands"));
    g_assert_true (g_file_test (png, G_FILE_TEST_EXISTS));
    RUN (0, &out, &err, "print", invalid, "-o", pdf);
    g_assert_true (g_str_has_prefix (err, validate_err));
    g_assert_nonnull (strstr (err, "drawn as it stands"));
    g_assert_true (g_file_test (pdf, G_FILE_TEST_EXISTS));
    RUN (0, &out, &err, "render", sample, "-o", png);
    g_assert_cmpstr (err, ==, "");
    g_unlink (png);
    g_unlink (pdf);
  }

  /* The valid sample plays. */
  RUN (0, &out, &err, "play", sample, "--seed", "1");
  g_assert_nonnull (strstr (out, "\"digest\""));

  g_unlink (invalid);
}

/* Trial 6a: `play` printed its prompt line by hand, so a name holding a
 * quote or a backslash made it invalid JSON; and without a pending prompt
 * it printed no legal actions.  Every line now parses, and the last one
 * lists the deciding side's legal actions. */
static void
test_play_json_lines (void)
{
  g_autofree char *sample = acies_test_source_path ("data", "scenarios", "samples", "grass-crown-sample.acies", NULL);
  g_autofree char *quoted = tmp_path ("quoted.acies");
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonNode) root = read_json (sample);
  JsonArray *sides = json_object_get_array_member (json_node_get_object (root), "sides");
  g_auto(GStrv) lines = NULL;
  guint n = 0;
  JsonObject *last = NULL;
  g_autoptr(JsonNode) last_node = NULL;

  json_object_set_string_member (json_array_get_object_element (sides, 0), "name", "The \"Red\" \\ army");
  write_json (root, quoted);
  RUN (0, &out, &err, "play", quoted, "--seed", "1");
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = NULL;

      if (lines[i][0] == '\0')
        continue;
      node = json_from_string (lines[i], &error);
      g_assert_no_error (error);
      g_clear_pointer (&last_node, json_node_unref);
      last_node = g_steal_pointer (&node);
      n++;
    }
  g_assert_cmpuint (n, >=, 3);
  last = json_node_get_object (last_node);
  g_assert_true (json_object_has_member (last, "prompt"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (last, "legal")), >, 0);
  g_unlink (quoted);
}

static void
test_usage (void)
{
  const char *commands[] = { "validate", "info", "render", "bench", "print", "odds", "play" };
  const char *need_file[] = { "validate", "info", "render", "print", "play" };
  g_autofree char *out = NULL, *err = NULL;

  RUN (2, &out, &err, "no-such-command");
  g_assert_cmpuint (count_lines (err), ==, 1);
  g_assert_nonnull (strstr (err, "no-such-command"));
  g_assert_cmpstr (out, ==, "");

  RUN (0, &out, &err, "--help");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_assert_nonnull (strstr (out, commands[i]));
  g_assert_nonnull (strstr (out, "Exit status"));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *usage = g_strdup_printf ("acies-cli %s [OPTION", commands[i]);

      RUN (0, &out, &err, commands[i], "--help");
      g_assert_nonnull (strstr (out, usage));
      g_assert_nonnull (strstr (out, "Exit status"));

      RUN (2, &out, &err, commands[i], "--no-such-option");
      g_assert_cmpuint (count_lines (err), ==, 1);
      g_assert_nonnull (strstr (err, "--no-such-option"));
    }

  /* No file given: a usage error, one line. */
  for (guint i = 0; i < G_N_ELEMENTS (need_file); i++)
    {
      RUN (2, &out, &err, need_file[i]);
      g_assert_cmpuint (count_lines (err), ==, 1);
      g_assert_true (g_str_has_prefix (err, "acies-cli "));
    }
  RUN (2, &out, &err, "odds");
  g_assert_cmpuint (count_lines (err), ==, 1);

  /* A file that is not there: one line naming it, exit status 1. */
  {
    g_autofree char *missing = tmp_path ("missing.acies");
    g_autofree char *missing_game = tmp_path ("missing.acies-game");
    g_autofree char *png = tmp_path ("x.png");
    g_autofree char *pdf = tmp_path ("x.pdf");

    RUN (1, &out, &err, "validate", missing);
    g_assert_cmpuint (count_lines (err), ==, 1);
    g_assert_true (g_str_has_prefix (err, missing));
    RUN (1, &out, &err, "validate", missing_game);
    g_assert_cmpuint (count_lines (err), ==, 1);
    g_assert_true (g_str_has_prefix (err, missing_game));
    RUN (1, &out, &err, "info", missing);
    g_assert_cmpuint (count_lines (err), ==, 1);
    RUN (1, &out, &err, "info", missing_game);
    g_assert_cmpuint (count_lines (err), ==, 1);
    RUN (1, &out, &err, "render", missing, "-o", png);
    g_assert_cmpuint (count_lines (err), ==, 1);
    RUN (1, &out, &err, "print", missing, "-o", pdf);
    g_assert_cmpuint (count_lines (err), ==, 1);
    RUN (1, &out, &err, "play", missing);
    g_assert_cmpuint (count_lines (err), ==, 1);
    RUN (1, &out, &err, "odds", missing, "--attack", "a", "--target", "b");
    g_assert_cmpuint (count_lines (err), ==, 1);
  }
}

/* `validate --json`: one document, the same verdicts and messages as the
 * text form, each problem with its path or position. */
static JsonObject *
json_file_entry (JsonNode *root,
                 guint     index)
{
  JsonArray *files = json_object_get_array_member (json_node_get_object (root), "files");

  g_assert_cmpuint (json_array_get_length (files), >, index);
  return json_array_get_object_element (files, index);
}

static JsonObject *
json_first_problem (JsonObject *entry)
{
  JsonArray *problems = json_object_get_array_member (entry, "problems");

  g_assert_cmpuint (json_array_get_length (problems), >=, 1);
  return json_array_get_object_element (problems, 0);
}

static void
test_validate_json (void)
{
  g_autofree char *sample = acies_test_source_path ("data", "scenarios", "samples", "grass-crown-sample.acies", NULL);
  g_autofree char *invalid = tmp_path ("json-lava.acies");
  g_autofree char *broken = tmp_path ("json-broken.acies");
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonNode) root = read_json (sample);
  g_autoptr(JsonNode) result = NULL;
  JsonObject *map = json_object_get_object_member (json_node_get_object (root), "map");
  JsonObject *entry, *problem;

  /* A valid scenario. */
  RUN (0, &out, &err, "validate", "--json", sample);
  g_assert_cmpstr (err, ==, "");
  result = json_from_string (out, NULL);
  g_assert_nonnull (result);
  g_assert_true (json_object_get_boolean_member (json_node_get_object (result), "valid"));
  entry = json_file_entry (result, 0);
  g_assert_cmpstr (json_object_get_string_member (entry, "file"), ==, sample);
  g_assert_cmpstr (json_object_get_string_member (entry, "kind"), ==, "scenario");
  g_assert_true (json_object_get_boolean_member (entry, "valid"));
  g_assert_cmpint (json_object_get_int_member (entry, "errors"), ==, 0);

  /* A problem validation finds: its JSON path and the text form's message. */
  json_object_set_string_member (json_object_get_object_member (map, "terrain"), "A6", "lava");
  write_json (root, invalid);
  RUN (1, &out, &err, "validate", invalid);
  g_assert_nonnull (strstr (err, "lava"));
  {
    g_autofree char *text_form = g_strdup (err);

    RUN (1, &out, &err, "validate", "-j", sample, invalid);
    g_assert_cmpstr (err, ==, "");
    g_clear_pointer (&result, json_node_unref);
    result = json_from_string (out, NULL);
    g_assert_false (json_object_get_boolean_member (json_node_get_object (result), "valid"));
    g_assert_true (json_object_get_boolean_member (json_file_entry (result, 0), "valid"));
    entry = json_file_entry (result, 1);
    g_assert_false (json_object_get_boolean_member (entry, "valid"));
    g_assert_cmpint (json_object_get_int_member (entry, "errors"), ==, 1);
    problem = json_first_problem (entry);
    g_assert_cmpstr (json_object_get_string_member (problem, "severity"), ==, "error");
    g_assert_true (g_str_has_prefix (json_object_get_string_member (problem, "path"), "$.map.terrain"));
    /* "FILE: error: PATH: MESSAGE" in the text form. */
    g_assert_nonnull (strstr (text_form, json_object_get_string_member (problem, "message")));
    g_assert_nonnull (strstr (text_form, json_object_get_string_member (problem, "path")));
  }

  /* A file the reader refuses: line, column and path from its message. */
  g_assert_true (g_file_set_contents (broken, "{\"format\": \"acies-scenario\", \"version\": 1,\n \"ruleset\": 3}", -1, NULL));
  RUN (1, &out, &err, "validate", "--json", broken);
  g_assert_cmpstr (err, ==, "");
  g_clear_pointer (&result, json_node_unref);
  result = json_from_string (out, NULL);
  problem = json_first_problem (json_file_entry (result, 0));
  g_assert_cmpint (json_object_get_int_member (problem, "line"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (problem, "column"), >, 0);
  g_assert_cmpstr (json_object_get_string_member (problem, "path"), ==, "$.ruleset");

  g_unlink (invalid);
  g_unlink (broken);
}

/* `validate --json` of saved games: the action a log fails at, the digest. */
static void
test_validate_game_json (void)
{
  g_autoptr(AciesGame) game = play_until ("grass-crown-sample.acies", 11, NULL, 40);
  g_autofree char *path = save_game (game, "json-valid.acies-game");
  g_autofree char *bad_log = tmp_path ("json-bad-log.acies-game");
  g_autofree char *no_digest = tmp_path ("json-no-digest.acies-game");
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonNode) root = read_json (path);
  g_autoptr(JsonNode) result = NULL;
  JsonObject *entry, *problem;
  JsonArray *log = json_object_get_array_member (json_node_get_object (root), "log");
  g_autoptr(JsonArray) copy = json_array_new ();

  RUN (0, &out, &err, "validate", "--json", path);
  result = json_from_string (out, NULL);
  entry = json_file_entry (result, 0);
  g_assert_cmpstr (json_object_get_string_member (entry, "kind"), ==, "game");
  g_assert_cmpint (json_object_get_int_member (entry, "actions"), ==, acies_game_get_n_actions (game));
  g_assert_cmpstr (json_object_get_string_member (entry, "digest"), ==, "matches");

  /* The first action again as the second: "action": 2. */
  for (guint i = 0; i < json_array_get_length (log); i++)
    {
      json_array_add_element (copy, json_node_copy (json_array_get_element (log, i)));
      if (i == 0)
        json_array_add_element (copy, json_node_copy (json_array_get_element (log, 0)));
    }
  json_object_set_array_member (json_node_get_object (root), "log", json_array_ref (copy));
  write_json (root, bad_log);
  RUN (1, &out, &err, "validate", "--json", bad_log);
  g_assert_cmpstr (err, ==, "");
  g_clear_pointer (&result, json_node_unref);
  result = json_from_string (out, NULL);
  problem = json_first_problem (json_file_entry (result, 0));
  g_assert_cmpint (json_object_get_int_member (problem, "action"), ==, 2);
  g_assert_true (json_object_has_member (problem, "line"));

  /* No digest: a warning at $.digest; an error with --warnings-as-errors. */
  json_node_unref (root);
  root = read_json (path);
  json_object_remove_member (json_node_get_object (root), "digest");
  write_json (root, no_digest);
  RUN (0, &out, &err, "validate", "--json", no_digest);
  g_clear_pointer (&result, json_node_unref);
  result = json_from_string (out, NULL);
  entry = json_file_entry (result, 0);
  g_assert_cmpstr (json_object_get_string_member (entry, "digest"), ==, "absent");
  g_assert_cmpint (json_object_get_int_member (entry, "warnings"), ==, 1);
  problem = json_first_problem (entry);
  g_assert_cmpstr (json_object_get_string_member (problem, "severity"), ==, "warning");
  g_assert_cmpstr (json_object_get_string_member (problem, "path"), ==, "$.digest");
  RUN (1, &out, &err, "validate", "--json", "--warnings-as-errors", no_digest);

  g_unlink (path);
  g_unlink (bad_log);
  g_unlink (no_digest);
}

/* `info --json` says what the engine reads in the same files. */
static void
test_info_json (void)
{
  g_autofree char *sample = acies_test_source_path ("data", "scenarios", "lost-battles", "cannae.acies", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (sample, &error);
  g_autoptr(AciesGame) game = play_until ("grass-crown-sample.acies", 3, NULL, 40);
  const char *names[] = { "Anna", "", NULL };
  g_autofree char *game_path = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *words = NULL, *digest = NULL;
  g_autoptr(JsonNode) result = NULL;
  JsonObject *object, *turn;
  JsonArray *sides, *players;

  g_assert_no_error (error);
  RUN (0, &out, &err, "info", "--json", sample);
  g_assert_cmpstr (err, ==, "");
  result = json_from_string (out, NULL);
  g_assert_nonnull (result);
  object = json_node_get_object (result);
  g_assert_cmpstr (json_object_get_string_member (object, "kind"), ==, "scenario");
  g_assert_cmpstr (json_object_get_string_member (object, "title"), ==, scenario->meta.title);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (object, "ruleset"), "id"), ==,
                   scenario->ruleset);
  g_assert_cmpint (json_object_get_int_member (object, "units"), ==, scenario->units->len);
  g_assert_cmpint (json_object_get_int_member (object, "leaders"), ==, scenario->leaders->len);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (object, "board"), "cells"), ==,
                   acies_board_get_n_cells (scenario->map.board));
  sides = json_object_get_array_member (object, "sides");
  g_assert_cmpuint (json_array_get_length (sides), ==, scenario->sides->len);
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (scenario->sides, i);
      JsonObject *entry = json_array_get_object_element (sides, i);

      g_assert_cmpstr (json_object_get_string_member (entry, "id"), ==, side->id);
      g_assert_cmpint (json_object_get_boolean_member (entry, "first"), ==,
                       g_strcmp0 (scenario->first_side, side->id) == 0);
    }

  /* A saved game: players, the turn in the book's words, the digest. */
  acies_game_set_player_names (game, names);
  game_path = save_game (game, "json-info.acies-game");
  RUN (0, &out, &err, "info", "--json", game_path);
  g_clear_pointer (&result, json_node_unref);
  result = json_from_string (out, NULL);
  object = json_node_get_object (result);
  g_assert_cmpstr (json_object_get_string_member (object, "kind"), ==, "game");
  players = json_object_get_array_member (object, "players");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (players, 0), "player"), ==, "Anna");
  g_assert_true (json_object_get_null_member (json_array_get_object_element (players, 1), "player"));
  g_assert_cmpint (json_object_get_int_member (object, "actions"), ==, acies_game_get_n_actions (game));
  turn = json_object_get_object_member (object, "turn");
  words = acies_ruleset_describe_turn (acies_game_get_ruleset (game), acies_game_get_state (game));
  g_assert_cmpstr (json_object_get_string_member (turn, "words"), ==, words);
  g_assert_cmpint (json_object_get_int_member (turn, "number"), ==, acies_game_get_state (game)->turn);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (object, "dice"), "seed"), ==, "3");
  g_assert_false (json_object_get_boolean_member (object, "finished"));
  g_assert_nonnull (json_object_get_string_member (object, "to_act"));
  digest = acies_game_digest (game);
  g_assert_cmpstr (json_object_get_string_member (object, "digest"), ==, digest);

  g_unlink (game_path);
}

/* bench shows where it is on a terminal, and only there. */
static void
test_bench_progress (void)
{
  g_autofree char *sample = acies_test_source_path ("data", "scenarios", "samples", "lost-battles-sample.acies", NULL);
  const char *args[] = { "bench", "--json", "--runs", "1", sample, NULL };
  g_autofree char *out = NULL, *err = NULL;

  /* Piped: standard error holds nothing but errors. */
  RUN (0, &out, &err, "bench", "--json", "--runs", "1", sample);
  g_assert_null (strchr (err, '\r'));
  g_assert_nonnull (strstr (out, "\"width\""));

  /* On a terminal: a line rewritten in place, cleared at the end. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (acies_test_cli_run_on_terminal (args, &err), ==, 0);
  g_assert_nonnull (strstr (err, "\r\033[Kbench: scenario 1 of 1: lost-battles-sample.acies"));
  g_assert_nonnull (strstr (err, "random games, 1 of"));
  g_assert_true (g_str_has_suffix (err, "\r\033[K"));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  tmpdir = g_dir_make_tmp ("acies-test-cli-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/acies/cli/odds/range", test_odds_range);
  g_test_add_func ("/acies/cli/odds/illegal-attack", test_odds_illegal_attack);
  g_test_add_func ("/acies/cli/odds/wrong-phase", test_odds_wrong_phase);
  g_test_add_func ("/acies/cli/odds/other-ruleset", test_odds_other_ruleset);
  g_test_add_func ("/acies/cli/game/info", test_info_game);
  g_test_add_func ("/acies/cli/game/validate", test_validate_game);
  g_test_add_func ("/acies/cli/play/refuses-invalid", test_play_refuses_invalid);
  g_test_add_func ("/acies/cli/play/json-lines", test_play_json_lines);
  g_test_add_func ("/acies/cli/validate/json", test_validate_json);
  g_test_add_func ("/acies/cli/validate/json-game", test_validate_game_json);
  g_test_add_func ("/acies/cli/info/json", test_info_json);
  g_test_add_func ("/acies/cli/bench/progress", test_bench_progress);
  g_test_add_func ("/acies/cli/usage", test_usage);

  status = g_test_run ();

  /* Saving keeps a backup ("FILE~") beside each saved game. */
  {
    g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (tmpdir, name, NULL);

        g_unlink (path);
      }
  }
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
