/* test-lb-play.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-lb"

#include "config.h"

#include <glib.h>

#include "game/acies-game.h"
#include "io/acies-scenario-io.h"
#include "model/acies-problem.h"
#include "rulesets/acies-playout.h"
#include "rulesets/lost-battles/acies-lb-private.h"
#include "acies-test-games.h"

/* Complete random games of both battles (issue 6 checks): every game ends
 * by LB 11.1 or after 10 turns, the invariants hold after every action
 * (zone capacity, no unit in an enemy zone, one facing per zone), and a
 * replay gives the same digest.  The throughput on one core is printed. */

#define N_GAMES 1000

static AciesScenario *
load_battle (const char *name)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "lost-battles",
                                            name, NULL);
  g_autoptr(GError) error = NULL;
  AciesScenario *scenario = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  return scenario;
}

/* Plays one random game on the ruleset directly; returns the actions. */
static guint
play_random (AciesRuleset  *ruleset,
             AciesScenario *scenario,
             guint64        seed,
             gboolean       check,
             gboolean      *by_collapse)
{
  g_autoptr(GError) error = NULL;
  AciesState *state = acies_ruleset_new_state (ruleset, scenario, NULL, &error);
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (seed);
  GRand *rand = g_rand_new_with_seed ((guint32) seed ^ 0x5bd1e995u);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  guint steps = 0;

  g_assert_no_error (error);
  while (!state->finished)
    {
      AciesAction a;

      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (ruleset, state, legal);
      g_assert_cmpuint (legal->len, >, 0);
      a = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
      if (!acies_ruleset_apply (ruleset, state, &a, dice, NULL, &error))
        g_error ("seed %" G_GUINT64_FORMAT " step %u: %s", seed, steps, error->message);
      g_assert_false (acies_dice_failed (dice));
      if (check && !acies_ruleset_check_invariants (ruleset, state, &error))
        g_error ("seed %" G_GUINT64_FORMAT " step %u: %s", seed, steps, error->message);
      g_assert_cmpuint (++steps, <, 200000);
    }
  g_assert_cmpint (state->turn, <=, 10);
  g_assert_nonnull (state->end_reason);
  g_assert_true (strstr (state->end_reason, "LB 11.1") != NULL);
  *by_collapse = strstr (state->end_reason, "fewer than") != NULL;
  if (!*by_collapse)
    g_assert_cmpint (state->turn, ==, 10);
  acies_ruleset_free_state (ruleset, state);
  g_rand_free (rand);
  return steps;
}

static void
test_random_games (gconstpointer data)
{
  const char *name = data;
  g_autoptr(AciesScenario) scenario = load_battle (name);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  guint n_games = acies_test_games (N_GAMES), n_fast = acies_test_games (300);
  guint collapses = 0;
  guint64 steps = 0;
  gint64 start = g_get_monotonic_time ();
  double secs;

  for (guint g = 0; g < n_games; g++)
    {
      gboolean collapse;

      steps += play_random (ruleset, scenario, g + 1, TRUE, &collapse);
      collapses += collapse;
    }
  secs = (g_get_monotonic_time () - start) / 1e6;
  g_test_message ("%s: %u games, %u ended by LB 11.1 collapse, %.0f actions a game, "
                  "%.0f games/s with invariant checks",
                  name, n_games, collapses, (double) steps / n_games, n_games / secs);

  /* Throughput without the invariant checks (the bench figure). */
  start = g_get_monotonic_time ();
  for (guint g = 0; g < n_fast; g++)
    {
      gboolean collapse;

      play_random (ruleset, scenario, 100000 + g, FALSE, &collapse);
    }
  secs = (g_get_monotonic_time () - start) / 1e6;
  g_test_message ("%s: %.0f complete random games/s on one core", name, n_fast / secs);
}

static void
test_replay (gconstpointer data)
{
  const char *name = data;
  g_autoptr(AciesScenario) scenario = load_battle (name);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();

  for (guint64 seed = 1; seed <= 5; seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AciesGame) game = acies_game_new (scenario, ruleset, seed, ACIES_DICE_MODE_SEEDED, NULL, &error);
      g_autoptr(AciesGame) loaded = NULL;
      g_autoptr(JsonNode) json = NULL;
      g_autofree char *digest = NULL, *digest2 = NULL;
      GRand *rand = g_rand_new_with_seed ((guint32) seed);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      g_assert_no_error (error);
      while (!acies_game_get_state (game)->finished)
        {
          AciesAction a;

          g_array_set_size (legal, 0);
          acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
          if (legal->len == 0)
            g_error ("no legal action in phase %d (%s)", ((const AciesLbState *) acies_game_get_state (game))->phase,
                     acies_game_get_state (game)->phase);
          a = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
          if (!acies_game_apply (game, &a, &error))
            g_error ("game apply: %s", error->message);
        }
      g_rand_free (rand);
      digest = acies_game_digest (game);
      json = acies_game_to_json (game);
      loaded = acies_game_from_json (json, "replay", &error);
      g_assert_no_error (error);
      digest2 = acies_game_digest (loaded);
      g_assert_cmpstr (digest, ==, digest2);
      g_assert_cmpuint (acies_game_get_n_actions (loaded), ==, acies_game_get_n_actions (game));
    }
}

static void
test_validate (gconstpointer data)
{
  g_autoptr(AciesScenario) scenario = load_battle (data);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  g_autoptr(GPtrArray) problems = g_ptr_array_new ();

  acies_ruleset_validate (ruleset, scenario, problems);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpstr (scenario->ruleset, ==, "lost-battles");
  g_assert_nonnull (scenario->meta.notes);
  g_assert_true (strstr (scenario->meta.notes, "Sources") != NULL);
}

/* LB 3.3.1, the default: turn 1 with both armies off the field, whatever
 * the scenario's map shows. */
static void
test_start_off_field (gconstpointer data)
{
  g_autoptr(AciesScenario) scenario = load_battle (data);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) options = json_object_new ();
  AciesState *state;
  const AciesLbState *s;
  const AciesParamSpec *spec = acies_catalogue_find_param (acies_ruleset_get_catalogue (ruleset)->options, "start");

  /* The choice New Game offers, with the book's words. */
  g_assert_nonnull (spec);
  g_assert_cmpstr (json_node_get_string (spec->default_value), ==, "off-field");
  g_assert_cmpstr (spec->value_labels[0], ==, "Start off the field (LB 3.3.1)");
  g_assert_cmpstr (spec->value_labels[1], ==, "Start from the historical deployment");

  json_object_set_string_member (options, "start", "off-field");
  state = acies_ruleset_new_state (ruleset, scenario, options, &error);
  g_assert_no_error (error);
  s = (const AciesLbState *) state;
  g_assert_cmpuint (state->turn, ==, 1);
  for (gint i = 0; i < s->n_units; i++)
    g_assert_cmpint (s->units[i].zone, ==, LB_OFF);
  acies_ruleset_free_state (ruleset, state);
}

/* LB 3.3: "the map for each scenario shows the historical deployment at the
 * end of the first turn": with the option, turn 2 starts with every unit
 * and Strategist where the map puts them, facing as placed, and plays on
 * (checked random games, replayed to the same digest). */
static void
test_start_historical (gconstpointer data)
{
  g_autoptr(AciesScenario) scenario = load_battle (data);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) options = json_object_new ();
  AciesState *state;
  const AciesLbState *s;
  guint placed = 0;

  json_object_set_string_member (options, "start", "historical");
  state = acies_ruleset_new_state (ruleset, scenario, options, &error);
  g_assert_no_error (error);
  s = (const AciesLbState *) state;
  g_assert_cmpuint (state->turn, ==, 2);
  for (gint i = 0; i < s->n_units; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (scenario->units, i);
      AciesUnit view;

      g_assert_cmpint (s->units[i].zone, ==, unit->cell != ACIES_CELL_NONE ? unit->cell : LB_OFF);
      if (unit->cell == ACIES_CELL_NONE)
        continue;
      placed++;
      g_assert_cmpint (s->units[i].facing, ==, unit->facing);
      g_assert_true (acies_ruleset_unit_view (ruleset, state, i, -1, &view));
      g_assert_cmpint (view.cell, ==, unit->cell);
    }
  g_assert_cmpuint (placed, >, 0);
  for (gint c = 0; c < s->n_cmdrs; c++)
    {
      const AciesLeader *leader = g_ptr_array_index (scenario->leaders, c);

      if (!s->cmdrs[c].hero && leader->cell != ACIES_CELL_NONE)
        g_assert_cmpint (acies_lb_cmdr_zone (s, c), ==, leader->cell);
    }
  acies_ruleset_free_state (ruleset, state);

  for (guint64 seed = 1; seed <= 20; seed++)
    {
      AciesPlayout p;
      g_autofree char *replayed = NULL;

      g_assert_true (acies_ruleset_playout (ruleset, scenario, options, seed, 200000,
                                            ACIES_PLAYOUT_CHECK | ACIES_PLAYOUT_KEEP_LOG, &p, &error));
      g_assert_no_error (error);
      g_assert_true (p.finished);
      replayed = acies_playout_replay (ruleset, scenario, options, seed, p.log, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (replayed, ==, p.digest);
      acies_playout_clear (&p);
    }
}

/* LB 10.3, 10.4 with the historical start: a turn after the first opens
 * with the dust and weather rolls, so the first action rolls them. */
static void
test_start_historical_weather (void)
{
  g_autoptr(AciesScenario) scenario = load_battle ("cannae.acies");
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) options = json_object_new ();
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  AciesState *state;
  gboolean weather = FALSE;

  json_object_set_string_member (scenario->params, "weather", "wet");
  json_object_set_string_member (options, "start", "historical");
  state = acies_ruleset_new_state (ruleset, scenario, options, &error);
  g_assert_no_error (error);
  acies_ruleset_legal_actions (ruleset, state, legal);
  g_assert_cmpuint (legal->len, ==, 1);
  g_assert_cmpuint (g_array_index (legal, AciesAction, 0).type, ==, LB_A_BEGIN_TURN);
  if (((const AciesLbState *) state)->dust)
    acies_dice_push (dice, 1);                  /* 10.3: the dust roll comes first */
  acies_dice_push (dice, 6);
  g_assert_true (acies_ruleset_apply (ruleset, state, &g_array_index (legal, AciesAction, 0), dice, events, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < events->len; i++)
    weather |= g_str_equal (((AciesEvent *) g_ptr_array_index (events, i))->type, "weather");
  g_assert_true (weather);
  g_assert_cmpint (((const AciesLbState *) state)->weather, ==, 1);   /* a 6 turns wet to overcast */
  g_assert_cmpint (((const AciesLbState *) state)->phase, ==, LB_PH_ROLL);
  acies_ruleset_free_state (ruleset, state);
}

/* Issue 20 item 7: the map's deployment (what the historical start plays
 * from, and what the editor and the print show) is refused by validate
 * where LB's rules forbid it.  Each fixture is Cannae with one fault. */
typedef struct
{
  const char *file;
  const char *path;     /* the problem's JSON path */
  const char *rule;     /* cited in the message */
} DeploymentCase;

static void
test_validate_deployment (gconstpointer data)
{
  const DeploymentCase *c = data;
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "tests", "lost-battles", "fixtures", c->file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (path, &error);
  g_autoptr(GPtrArray) problems = acies_problems_new ();
  gboolean found = FALSE;

  g_assert_no_error (error);
  g_assert_true (acies_scenario_validate (scenario, problems, &error));
  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *p = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", p->path, p->message);
      if (p->severity == ACIES_PROBLEM_ERROR && g_str_equal (p->path, c->path) && strstr (p->message, c->rule) != NULL)
        found = TRUE;
    }
  g_assert_true (found);
  g_assert_true (acies_problems_has_errors (problems));
}

static void
test_registry (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) ruleset = NULL;

  acies_lost_battles_register ();
  ruleset = acies_ruleset_lookup ("lost-battles", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (acies_ruleset_get_id (ruleset), ==, "lost-battles");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  acies_lost_battles_register ();
  g_test_add_func ("/acies/lost-battles/registry", test_registry);
  g_test_add_data_func ("/acies/lost-battles/battles/cannae/validate", "cannae.acies", test_validate);
  g_test_add_data_func ("/acies/lost-battles/battles/gaugamela/validate", "gaugamela.acies", test_validate);
  g_test_add_data_func ("/acies/lost-battles/battles/cannae/replay", "cannae.acies", test_replay);
  g_test_add_data_func ("/acies/lost-battles/battles/gaugamela/replay", "gaugamela.acies", test_replay);
  g_test_add_data_func ("/acies/lost-battles/battles/cannae/random-games", "cannae.acies", test_random_games);
  g_test_add_data_func ("/acies/lost-battles/battles/gaugamela/random-games", "gaugamela.acies", test_random_games);
  g_test_add_data_func ("/acies/lost-battles/3.3.1/start-off-field", "cannae.acies", test_start_off_field);
  g_test_add_data_func ("/acies/lost-battles/3.3/start-historical/cannae", "cannae.acies", test_start_historical);
  g_test_add_data_func ("/acies/lost-battles/3.3/start-historical/gaugamela", "gaugamela.acies", test_start_historical);
  g_test_add_func ("/acies/lost-battles/10.4/start-historical-weather", test_start_historical_weather);
  {
    static const DeploymentCase cases[] = {
      { "both-armies-one-zone.acies", "$.units[19].cell", "(LB 5.5.1)" },
      { "over-capacity.acies", "$.units[0].cell", "LB 5.5.3" },
      { "mixed-facing.acies", "$.units[5].facing", "(LB 5.1.1)" },
      { "hero-away.acies", "$.leaders[0].cell", "(LB 8.1)" },
      { "impassable.acies", "$.units[4].cell", "(LB 2.2.4)" },
      { "strategist-among-enemy.acies", "$.leaders[2].cell", "(LB 8.2)" },
    };
    static const char * const names[] = {
      "5.5.1/validate-both-armies-one-zone", "5.5.3/validate-over-capacity", "5.1.1/validate-mixed-facing",
      "8.1/validate-hero-away", "2.2.4/validate-impassable", "8.2/validate-strategist-among-enemy",
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *name = g_strconcat ("/acies/lost-battles/", names[i], NULL);

        g_test_add_data_func (name, &cases[i], test_validate_deployment);
      }
  }
  return g_test_run ();
}
