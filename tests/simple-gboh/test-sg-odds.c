/* test-sg-odds.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-sg"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "game/acies-game.h"

#include "acies-test-cli.h"
#include "sg-test-common.h"

/*
 * The attack preview of the ruleset contract (engine/rulesets/acies-ruleset.c):
 * the odds of a Missile Fire (7.14, 7.15) and of a Shock (7.51-7.53) are
 * the distribution the rules engine gives when it rolls each face of the
 * die in turn; every fire and shock action is marked as an attack and
 * has odds that keep acies_odds_check(); `acies-cli odds` prints the same
 * odds as the play window's preview; `acies-cli play --option` sets the
 * rulings of checklist section 2.4.
 */

static char *tmpdir;

static double
odds_of (const AciesOdds *odds,
         const char      *result)
{
  for (guint i = 0; i < odds->outcomes->len; i++)
    {
      const AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);

      if (g_str_equal (o->result, result))
        return o->probability;
    }
  return 0;
}

/* Each outcome of @odds has the probability @seen gives it, and @seen
 * names no other (result -> probability, as double *). */
static void
assert_same_distribution (const AciesOdds *odds,
                          GHashTable      *seen)
{
  GHashTableIter iter;
  gpointer key, value;
  double total = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (acies_odds_check (odds, &error));
  g_assert_no_error (error);
  g_hash_table_iter_init (&iter, seen);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_test_message ("%s: %.4f (preview %.4f)", (const char *) key, *(double *) value, odds_of (odds, key));
      g_assert_cmpfloat_with_epsilon (odds_of (odds, key), *(double *) value, 1e-9);
    }
  for (guint i = 0; i < odds->outcomes->len; i++)
    {
      const AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);

      g_assert_true (g_hash_table_contains (seen, o->result));
      total += o->probability;
    }
  g_assert_cmpfloat_with_epsilon (total, 1.0, 1e-9);
  for (guint i = 0; i < odds->modifiers->len; i++)
    g_assert_true (g_str_has_prefix (((AciesOddsModifier *) g_ptr_array_index (odds->modifiers, i))->rule, "SG "));
}

static void
tally (GHashTable *seen,
       const char *result,
       double      p)
{
  double *v = g_hash_table_lookup (seen, result);

  if (v == NULL)
    {
      v = g_new0 (double, 1);
      g_hash_table_insert (seen, g_strdup (result), v);
    }
  *v += p;
}

/* The result words after "— " in the last event of @type. */
static const char *
event_result (Fx         *fx,
              const char *type)
{
  const AciesEvent *e = fx_event (fx, type);
  const char *dash;

  g_assert_nonnull (e);
  dash = strstr (e->text, "— ");
  g_assert_nonnull (dash);
  return dash + strlen ("— ");
}

/* A slinger fires at an HI in woods with two leaders in its hex: the
 * first at the state's start, then @dr (and, on a 0, @second for each
 * leader) rolled by the engine. */
static void
fire_setup (Fx     *fx,
            gint   *slinger,
            gint   *target)
{
  AciesScenario *sc = scn_basic (14, 14);

  *slinger = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  *target = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  scn_terrain (sc, "0708", "woods");
  scn_leader (sc, "l1", 1, NULL, 2, 4, 0, *target, NULL);
  scn_leader (sc, "l2", 1, NULL, 2, 4, 0, *target, NULL);
  fx_start (fx, sc, NULL);
  fx_activate (fx, "a");
}

/* SG 7.14, 7.15: the preview of a Missile Fire against the engine
 * rolling every face, and every second roll of each leader on a 0. */
static void
test_fire_every_roll (void)
{
  Fx fx;
  gint s, v;
  AciesAction fire;
  g_autoptr(AciesOdds) odds = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  fire_setup (&fx, &s, &v);
  fire = fx_first (&fx, SG_A_FIRE);
  g_assert_true (acies_ruleset_is_attack (fx.ruleset, &fire));
  odds = acies_ruleset_get_odds (fx.ruleset, &fx.s->base, &fire);
  g_assert_nonnull (odds);
  g_assert_nonnull (strstr (odds->summary, "SG 7.14"));
  fx_end (&fx);

  for (guint dr = 0; dr < 10; dr++)
    for (guint l1 = 0; l1 < (dr == 0 ? 10 : 1); l1++)
      for (guint l2 = 0; l2 < (dr == 0 ? 10 : 1); l2++)
        {
          g_autofree char *result = NULL;

          fire_setup (&fx, &s, &v);
          if (dr == 0)
            fx_push (&fx, 3, dr, l1, l2);
          else
            fx_push (&fx, 1, dr);
          fx_act (&fx, SG_A_FIRE, fire.args[0], fire.args[1], fire.args[2], fire.args[3]);
          result = fx_count_events (&fx, "leader-eliminated") > 0
                     ? g_strdup_printf ("%s, leader killed", event_result (&fx, "fire"))
                     : g_strdup (event_result (&fx, "fire"));
          tally (seen, result, dr == 0 ? 0.001 : 0.1);
          fx_end (&fx);
        }
  assert_same_distribution (odds, seen);
  /* Two leaders: one or both killed is 1 − 0.9² of the tenth of a 0. */
  g_assert_cmpfloat_with_epsilon (odds_of (odds, "no effect, leader killed") + odds_of (odds, "1 Hit, leader killed"),
                                  0.1 * (1 - 0.81), 1e-9);
}

/* 7.5 Example #1's attack (the Roman LG/CO moved to the attack on an
 * Aetolian HI): designated, the odds read before the designation; the
 * tribune apart (as in the book) or @stacked with the LG/CO. */
static AciesOdds *
shock_setup (Fx       *fx,
             gboolean  stacked)
{
  AciesScenario *sc = scn_new (12, 10);
  AciesAction designate;
  AciesOdds *odds;
  gint lg;

  scn_formation (sc, "legio", 0, FALSE);
  scn_formation (sc, "aetolians", 1, FALSE);
  lg = scn_unit (sc, "lgco", "legio", "LG", 6, 3, 5, NULL, "0507", NORTH);
  scn_unit (sc, "hi", "aetolians", "HI", 5, 5, 5, NULL, "0505", SOUTH);
  if (stacked)
    scn_leader (sc, "tribune", 0, "legio", 3, 6, 0, lg, NULL);
  else
    scn_leader (sc, "tribune", 0, "legio", 3, 6, 0, -1, "0709");
  fx_start (fx, sc, NULL);
  fx_activate (fx, "legio");
  fx_step (fx, fx_unit (fx, "lgco"), "0506");
  fx_end_move (fx);
  designate = fx_first (fx, SG_A_DESIGNATE);
  g_assert_true (acies_ruleset_is_attack (fx->ruleset, &designate));
  odds = acies_ruleset_get_odds (fx->ruleset, &fx->s->base, &designate);
  ACT2 (fx, SG_A_DESIGNATE, fx_unit (fx, "lgco"), fx_unit (fx, "hi"));
  return odds;
}

/* SG 7.51, 7.52, 7.53: the preview of a Shock against the engine rolling
 * every face (the one attack resolves when designation ends).  With the
 * tribune stacked with the attacker, step 2 checks him first (7.46: a 0,
 * then a 0 or 1 kills him), and his +1 (7.52) goes with him. */
static void
test_shock_every_roll (gconstpointer data)
{
  gboolean stacked = GPOINTER_TO_INT (data);
  Fx fx;
  g_autoptr(AciesOdds) odds = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint d1 = 0; d1 < (stacked ? 10 : 1); d1++)
    for (guint d2 = 0; d2 < (stacked && d1 == 0 ? 10 : 1); d2++)
      for (guint dr = 0; dr < 10; dr++)
        {
          g_autoptr(AciesOdds) these = shock_setup (&fx, stacked);
          g_auto(GStrv) parts = NULL;
          g_autofree char *result = NULL;
          double p = 0.1;

          g_assert_nonnull (these);
          if (odds == NULL)
            odds = g_steal_pointer (&these);
          if (stacked)
            {
              acies_dice_push (fx.dice, d1);
              if (d1 == 0)
                acies_dice_push (fx.dice, d2);
              p *= d1 == 0 ? 0.01 : 0.1;
            }
          /* The Shock roll, then rout checks the result may call for
           * (8.2), which do not change the result rolled. */
          fx_push (&fx, 5, dr, 0, 0, 0, 0);
          ACT0 (&fx, SG_A_END_DESIGNATION);
          /* "attacker 2H Retreat, defender 1H" in the event, as the
           * preview words it: "attacker 2H Retreat · defender 1H". */
          parts = g_strsplit (event_result (&fx, "shock"), ", defender ", 2);
          g_assert_nonnull (parts[1]);
          result = g_strdup_printf ("%s · defender %s", parts[0], parts[1]);
          tally (seen, result, p);
          fx_end (&fx);
        }
  assert_same_distribution (odds, seen);
  if (!stacked)
    {
      /* Example #1: the roll 0, modified 2. */
      g_assert_cmpfloat_with_epsilon (odds_of (odds, "attacker 2H Retreat · defender 1H"), 0.1, 1e-9);
    }
  else
    g_assert_nonnull (strstr (odds->summary, "SG 7.46"));
}

/* SG 7.3, 7.4: "Done designating" commits the attacks, so it is an
 * attack with a preview (the ruleset contract): the odds of the one
 * attack designated, the same as at its designation; a single attack
 * with one unit a side assumes no representatives, and an HI defender
 * cannot Retreat Before Shock (7.41), so the summary assumes neither;
 * a light cavalry defender may, and the summary says the odds assume it
 * stands. */
static void
test_done_designating_preview (void)
{
  Fx fx;
  g_autoptr(AciesOdds) at_designation = shock_setup (&fx, FALSE);
  g_autoptr(AciesOdds) at_done = NULL;
  g_autoptr(GError) error = NULL;
  AciesAction done = fx_first (&fx, SG_A_END_DESIGNATION);
  AciesScenario *sc;

  g_assert_true (acies_ruleset_is_attack (fx.ruleset, &done));
  at_done = acies_ruleset_get_odds (fx.ruleset, &fx.s->base, &done);
  g_assert_nonnull (at_done);
  g_assert_true (acies_odds_check (at_done, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (at_done->outcomes->len, ==, at_designation->outcomes->len);
  for (guint i = 0; i < at_done->outcomes->len; i++)
    {
      const AciesOddsOutcome *o = g_ptr_array_index (at_done->outcomes, i);

      g_assert_cmpfloat_with_epsilon (odds_of (at_designation, o->result), o->probability, 1e-9);
    }
  g_assert_null (strstr (at_done->summary, "Retreat Before Shock"));
  g_assert_null (strstr (at_done->summary, "representatives"));
  fx_end (&fx);

  /* A light cavalry defender, faster than the legionaries (7.41). */
  sc = scn_new (12, 10);
  scn_formation (sc, "legio", 0, FALSE);
  scn_formation (sc, "equites", 1, FALSE);
  scn_unit (sc, "lgco", "legio", "LG", 6, 3, 5, NULL, "0507", NORTH);
  scn_unit (sc, "lc", "equites", "LC", 5, 3, 8, NULL, "0505", SOUTH);
  scn_leader (sc, "tribune", 0, "legio", 3, 6, 0, -1, "0709");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "legio");
  fx_step (&fx, fx_unit (&fx, "lgco"), "0506");
  fx_end_move (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, fx_unit (&fx, "lgco"), fx_unit (&fx, "lc"));
  done = fx_first (&fx, SG_A_END_DESIGNATION);
  g_clear_pointer (&at_done, acies_odds_free);
  at_done = acies_ruleset_get_odds (fx.ruleset, &fx.s->base, &done);
  g_assert_nonnull (at_done);
  g_assert_nonnull (strstr (at_done->summary, "Retreat Before Shock"));
  g_assert_nonnull (strstr (at_done->summary, "SG 7.41"));
  fx_end (&fx);
}

/* Missile Fire, a designation and a reaction fire were checked. */
static gboolean
all_seen (const gboolean *checked)
{
  return checked[SG_A_FIRE] && checked[SG_A_DESIGNATE] && checked[SG_A_REACT_FIRE];
}

/* Random Zama games until an attack of each kind is legal: `acies-cli
 * odds SAVED-GAME --action` prints the preview's odds (the ruleset
 * contract); every attack's odds keep acies_odds_check(). */
static void
test_cli_odds_match_preview (void)
{
  g_autoptr(AciesScenario) scenario = fx_battle ("zama.acies");
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("simple-gboh", NULL);
  gboolean checked[SG_N_ACTIONS] = { FALSE };
  guint n_checked = 0;

  for (guint64 seed = 1; seed <= 20 && !all_seen (checked); seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AciesGame) game = acies_game_new (scenario, ruleset, seed, ACIES_DICE_MODE_SEEDED, NULL, &error);
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      g_assert_no_error (error);
      for (guint n = 0; n < 3000 && !acies_game_get_state (game)->finished && !all_seen (checked); n++)
        {
          guint pick;

          g_array_set_size (legal, 0);
          acies_ruleset_legal_actions (ruleset, acies_game_get_state (game), legal);
          g_assert_cmpuint (legal->len, >, 0);
          pick = g_rand_int_range (rand, 0, legal->len);
          for (guint i = 0; i < legal->len; i++)
            {
              const AciesAction *a = &g_array_index (legal, AciesAction, i);
              g_autoptr(AciesOdds) expected = acies_ruleset_get_odds (ruleset, acies_game_get_state (game), a);
              g_autoptr(JsonNode) node = NULL, root = NULL;
              g_autofree char *json = NULL, *out = NULL, *err = NULL, *path = NULL;
              g_autoptr(GFile) file = NULL;
              JsonArray *outcomes, *modifiers;

              g_assert_true (acies_ruleset_is_attack (ruleset, a) == (expected != NULL));
              if (expected == NULL)
                continue;
              g_assert_true (acies_odds_check (expected, &error));
              g_assert_no_error (error);
              /* A player who attacks whenever he may. */
              pick = i;
              if (checked[a->type])
                continue;
              checked[a->type] = TRUE;
              n_checked++;
              node = acies_ruleset_action_to_json (ruleset, acies_game_get_state (game), a);
              json = json_to_string (node, FALSE);
              path = g_build_filename (tmpdir, "zama.acies-game", NULL);
              file = g_file_new_for_path (path);
              g_assert_true (acies_game_save_file (game, file, &error));
              g_assert_no_error (error);
              g_test_message ("%s", json);
              ACIES_TEST_CLI_RUN (0, &out, &err, "odds", path, "--action", json, "--json");
              root = json_from_string (out, &error);
              g_assert_no_error (error);
              g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "summary"), ==,
                               expected->summary);
              outcomes = json_object_get_array_member (json_node_get_object (root), "outcomes");
              modifiers = json_object_get_array_member (json_node_get_object (root), "modifiers");
              g_assert_cmpuint (json_array_get_length (outcomes), ==, expected->outcomes->len);
              for (guint k = 0; k < expected->outcomes->len; k++)
                {
                  const AciesOddsOutcome *o = g_ptr_array_index (expected->outcomes, k);
                  JsonObject *got = json_array_get_object_element (outcomes, k);

                  g_assert_cmpstr (json_object_get_string_member (got, "result"), ==, o->result);
                  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (got, "probability"), o->probability,
                                                  1e-9);
                }
              g_assert_cmpuint (json_array_get_length (modifiers), ==, expected->modifiers->len);
              for (guint k = 0; k < expected->modifiers->len; k++)
                g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (modifiers, k), "rule"), ==,
                                 ((AciesOddsModifier *) g_ptr_array_index (expected->modifiers, k))->rule);
              g_unlink (path);
            }
          g_assert_true (acies_game_apply (game, &g_array_index (legal, AciesAction, pick), &error));
          g_assert_no_error (error);
        }
    }
  g_assert_true (all_seen (checked));
  g_assert_cmpuint (n_checked, >=, 3);
}

/* Checklist section 2.4's rulings are options `acies-cli play --option`
 * sets, checked against the catalogue's spec (SG-C1 hits_mode, 11.21
 * Column). */
static void
test_cli_play_option (void)
{
  g_autofree char *zama = acies_test_source_path ("data", "scenarios", "simple-gboh", "zama.acies", NULL);
  g_autofree char *out = NULL, *err = NULL;

  ACIES_TEST_CLI_RUN (0, &out, &err, "play", zama, "--random", "1", "--option", "max_turns=20", "--option",
                      "hits_mode=total-distributed");
  g_assert_nonnull (strstr (out, "\"turn_guard\": 1"));
  ACIES_TEST_CLI_RUN (2, &out, &err, "play", zama, "--option", "hits_mode=both");
  g_assert_nonnull (strstr (err, "each-unit"));
  ACIES_TEST_CLI_RUN (2, &out, &err, "play", zama, "--option", "no_such_rule=1");
  g_assert_nonnull (strstr (err, "hits_mode"));
  ACIES_TEST_CLI_RUN (2, &out, &err, "play", zama, "--option", "column_movement=maybe");
  g_assert_nonnull (strstr (err, "true or false"));
  ACIES_TEST_CLI_RUN (0, &out, &err, "play", zama, "--seed", "2", "--option", "column_movement=true");
  g_assert_nonnull (strstr (out, "\"prompt\""));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("acies-sg-odds-XXXXXX", NULL);
  g_test_add_func ("/acies/simple-gboh/7.15/odds-every-roll", test_fire_every_roll);
  g_test_add_data_func ("/acies/simple-gboh/7.51/odds-every-roll", GINT_TO_POINTER (FALSE), test_shock_every_roll);
  g_test_add_data_func ("/acies/simple-gboh/7.46/odds-leader-casualty", GINT_TO_POINTER (TRUE), test_shock_every_roll);
  g_test_add_func ("/acies/simple-gboh/7.52/cli-odds-match-preview", test_cli_odds_match_preview);
  g_test_add_func ("/acies/simple-gboh/7.3/done-designating-preview", test_done_designating_preview);
  g_test_add_func ("/acies/simple-gboh/C1/cli-play-option", test_cli_play_option);
  status = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
