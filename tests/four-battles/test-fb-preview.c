/* test-fb-preview.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-fb"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "acies-test-cli.h"
#include "fb-test-common.h"
#include "game/acies-game.h"
#include "io/acies-scenario-io.h"

/*
 * The attack preview (the ruleset contract, acies-ruleset.c): every action
 * marked ACIES_ACTION_FLAG_ATTACK has odds that keep the contract
 * (acies_odds_check(): probabilities summing to 1, every modifier citing
 * its rule), and the odds are the engine's own: for each die 1-6 the
 * action is applied to a copy of the state with that die scripted, and the
 * result the rules engine reports is counted against the preview's
 * outcome of the same name.  States come from random games of bundled
 * battles; acies-cli odds prints the same odds from a saved game.
 */

typedef struct
{
  guint checked[FB_N_ACTIONS];  /* actions whose odds were checked */
  guint rolled[FB_N_ACTIONS];   /* … and replayed die by die */
  gboolean saved;               /* a game saved at a melee roll */
} Tally;

static AciesRuleset *
ruleset (void)
{
  static AciesRuleset *fb;

  if (fb == NULL)
    fb = acies_ruleset_lookup ("four-battles", NULL);
  g_assert_nonnull (fb);
  return fb;
}

/* An outcome's key: its result up to a parenthesis ("AR (a charger
 * lost, FB 9.3)" → "AR"). */
static char *
outcome_key (const char *result)
{
  const char *paren = strstr (result, " (");

  return paren != NULL ? g_strndup (result, paren - result) : g_strdup (result);
}

/* The last event's text after its last ": " (a roll's result). */
static char *
rolled_result (GPtrArray *events)
{
  for (guint i = events->len; i > 0; i--)
    {
      AciesEvent *e = g_ptr_array_index (events, i - 1);
      const char *colon;
      const char *paren;

      if (g_strcmp0 (e->type, "roll") != 0 || (g_strcmp0 (e->rule, "FB 8.0") != 0 && g_strcmp0 (e->rule, "FB 8.53") != 0))
        continue;
      colon = g_strrstr (e->text, ": ");
      g_assert_nonnull (colon);
      paren = strstr (colon, " (");
      return paren != NULL ? g_strndup (colon + 2, paren - colon - 2) : g_strdup (colon + 2);
    }
  return NULL;
}

/* What the rules engine did with die @die for @action in @state, as the
 * preview's outcome key; NULL when the action rolled nothing. */
static char *
engine_result (const AciesState  *state,
               const AciesAction *action,
               guint              die)
{
  FbState *copy = (FbState *) acies_ruleset_copy_state (ruleset (), state);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(GError) error = NULL;
  char *key = NULL;

  acies_dice_push (dice, die);
  for (gint i = 0; i < 40; i++)
    acies_dice_push (dice, 6);                    /* later rolls: not counted */
  g_assert_true (acies_ruleset_apply (ruleset (), &copy->base, action, dice, events, &error));
  g_assert_no_error (error);
  switch (action->type)
    {
    case FB_A_RESOLVE:
    case FB_A_DEFEND:
      key = rolled_result (events);
      if (key == NULL && fb_events_say (events, "an automatic AL"))
        key = g_strdup ("AL");
      break;
    case FB_A_FIRE:
      key = g_strdup (fb_events_say (events, "is eliminated") ? "eliminated"
                      : fb_events_say (events, "No effect") ? "no effect"
                      : copy->st->pieces[action->args[1]].cls == FB_ELEPHANT ? "berserk" : "disrupted");
      break;
    case FB_A_RBC:
      key = g_strdup (fb_events_say (events, "caught and eliminated") ? "caught and eliminated" : "gets away");
      break;
    case FB_A_EX_SUB:
      key = g_strdup (fb_events_say (events, "the result is AR") ? "AR" : "EX");
      break;
    default:
      break;
    }
  acies_ruleset_free_state (ruleset (), &copy->base);
  return key;
}

/* Checks the odds of @action against the contract and, for an action that
 * rolls, against the engine die by die. */
static void
check_action (const AciesState  *state,
              const AciesAction *action,
              Tally             *tally)
{
  g_autoptr(AciesOdds) odds = acies_ruleset_get_odds (ruleset (), state, action);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) counts = NULL;
  gboolean rolls = FALSE;

  g_assert_nonnull (odds);
  if (!acies_odds_check (odds, &error))
    {
      g_autofree char *what = acies_ruleset_describe_action (ruleset (), state, action);

      g_error ("%s: %s", what, error->message);
    }
  g_assert_nonnull (odds->summary);
  tally->checked[action->type]++;
  if (action->type != FB_A_RESOLVE && action->type != FB_A_DEFEND && action->type != FB_A_FIRE
      && action->type != FB_A_RBC && action->type != FB_A_EX_SUB)
    return;

  counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint die = 1; die <= 6; die++)
    {
      char *key = engine_result (state, action, die);

      if (key == NULL)
        return;                                   /* resolve handed the defender his replies */
      rolls = TRUE;
      g_hash_table_insert (counts, key, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, key)) + 1));
    }
  for (guint i = 0; i < odds->outcomes->len; i++)
    {
      const AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);
      g_autofree char *key = outcome_key (o->result);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, key));

      if (fabs (o->probability - n / 6.0) > 1e-9)
        {
          g_autofree char *what = acies_ruleset_describe_action (ruleset (), state, action);

          g_error ("%s: the preview gives “%s” %.4f, the engine %u in 6 (%s)", what, o->result,
                   o->probability, n, odds->summary);
        }
      g_hash_table_remove (counts, key);
    }
  g_assert_cmpuint (g_hash_table_size (counts), ==, 0);  /* no result the preview left out */
  if (rolls)
    tally->rolled[action->type]++;
}

/* acies-cli odds on a game saved at @state's melee roll prints the
 * preview's distribution. */
static void
check_cli (AciesGame         *game,
           const AciesAction *action)
{
  g_autoptr(AciesOdds) odds = acies_ruleset_get_odds (ruleset (), acies_game_get_state (game), action);
  g_autoptr(JsonNode) action_json = acies_ruleset_action_to_json (ruleset (), acies_game_get_state (game), action);
  g_autofree char *action_text = json_to_string (action_json, FALSE);
  g_autofree char *dir = g_dir_make_tmp ("acies-fb-preview-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "melee.acies-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) printed = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  JsonArray *outcomes;

  g_assert_true (acies_game_save_file (game, file, &error));
  g_assert_no_error (error);
  ACIES_TEST_CLI_RUN (0, &out, &err, "odds", path, "--action", action_text, "--json");
  printed = json_from_string (out, &error);
  g_assert_no_error (error);
  outcomes = json_object_get_array_member (json_node_get_object (printed), "outcomes");
  g_assert_cmpuint (json_array_get_length (outcomes), ==, odds->outcomes->len);
  for (guint i = 0; i < odds->outcomes->len; i++)
    {
      const AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);
      JsonObject *p = json_array_get_object_element (outcomes, i);

      g_assert_cmpstr (json_object_get_string_member (p, "result"), ==, o->result);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (p, "probability"), o->probability, 1e-9);
    }
  g_unlink (path);
  g_rmdir (dir);
}

/* Random games of @battle (seeds 1 … @games): every legal attack action
 * of every state checked. */
static void
play_and_check (const char *battle,
                guint       games,
                Tally      *tally)
{
  g_autofree char *name = g_strconcat (battle, ".acies", NULL);
  g_autofree char *path = acies_test_source_path ("data", "scenarios", "four-battles", name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  for (guint seed = 1; seed <= games; seed++)
    {
      g_autoptr(AciesGame) game = acies_game_new (scenario, ruleset (), seed, ACIES_DICE_MODE_SEEDED, NULL, &error);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      GRand *rand = g_rand_new_with_seed (seed);

      g_assert_no_error (error);
      for (guint n = 0; n < 4000 && !acies_game_get_state (game)->finished; n++)
        {
          const AciesState *state = acies_game_get_state (game);
          AciesAction next;

          g_array_set_size (legal, 0);
          acies_ruleset_legal_actions (ruleset (), state, legal);
          for (guint i = 0; i < legal->len; i++)
            {
              const AciesAction *a = &g_array_index (legal, AciesAction, i);

              if (!acies_ruleset_is_attack (ruleset (), a))
                continue;
              check_action (state, a, tally);
              if (!tally->saved && a->type == FB_A_RESOLVE)
                {
                  check_cli (game, a);
                  tally->saved = TRUE;
                }
            }
          g_assert_true (acies_ruleset_random_action (ruleset (), state, rand, &next));
          g_assert_true (acies_game_apply (game, &next, &error));
          g_assert_no_error (error);
        }
      g_rand_free (rand);
    }
}

/* 8.0-proc, 8.52, 8.53, 8.6, 9.3, 13.6, TEU 4.3: the preview of a melee
 * (its declaration, each attacker, defender, leader and shift added, the
 * roll and the defender's answer) is the distribution the engine rolls. */
static void
test_melee_preview (void)
{
  Tally tally = { { 0 } };

  /* Enough games that an EX is rolled and its AR tried (the legal
   * actions' order decides the random paths). */
  play_and_check ("granicus", 4, &tally);
  play_and_check ("teutoburg-relief", 1, &tally);
  g_test_message ("melee: %u declarations, %u resolutions checked (%u rolled die by die), %u defences (%u rolled)",
                  tally.checked[FB_A_ATTACK], tally.checked[FB_A_RESOLVE], tally.rolled[FB_A_RESOLVE],
                  tally.checked[FB_A_DEFEND], tally.rolled[FB_A_DEFEND]);
  g_assert_cmpuint (tally.checked[FB_A_ATTACK], >, 0);
  g_assert_cmpuint (tally.checked[FB_A_ADD_ATTACKER], >, 0);
  g_assert_cmpuint (tally.rolled[FB_A_RESOLVE], >, 0);
  g_assert_cmpuint (tally.rolled[FB_A_EX_SUB], >, 0);
  g_assert_true (tally.saved);
}

/* 7.1, 11.32, 11.32b: a shot's and a retreat before combat's previews
 * are the engine's rolls. */
static void
test_fire_and_rbc_preview (void)
{
  Tally tally = { { 0 } };

  play_and_check ("cannae", 1, &tally);
  play_and_check ("marathon", 2, &tally);
  g_test_message ("%u shots, %u retreats before combat rolled die by die",
                  tally.rolled[FB_A_FIRE], tally.rolled[FB_A_RBC]);
  g_assert_cmpuint (tally.rolled[FB_A_FIRE], >, 0);
}

/* 11.32b: each stand takes one from the retreat-before-combat roll, so a
 * skirmisher caught on a 1 is caught on 1-2 after one stand. */
static void
test_rbc_stands (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;
  g_autoptr(AciesOdds) plain = NULL;
  g_autoptr(AciesOdds) stood = NULL;
  gint skirmisher;

  fb_unit (scn, 0, "infantry", 4, 4, "0505");
  skirmisher = fb_unit (scn, 1, "infantry", 1, 4, "0504");
  fb_attr_bool (scn, skirmisher, "dot", TRUE);
  s = fb_state (scn, NULL);
  s->c.active = TRUE;
  s->c.att[s->c.n_att++] = 0;
  s->c.def[s->c.n_def++] = (gint16) skirmisher;
  s->step = FB_ST_DEFEND;
  plain = acies_fb_rbc_odds (s, skirmisher);     /* as fast as the attacker: a roll */
  g_assert_cmpfloat_with_epsilon (((AciesOddsOutcome *) g_ptr_array_index (plain->outcomes, 0))->probability,
                                  s->st->rbc_elim_max / 6.0, 1e-9);
  s->p[skirmisher].stands = 1;
  stood = acies_fb_rbc_odds (s, skirmisher);
  g_assert_cmpfloat_with_epsilon (((AciesOddsOutcome *) g_ptr_array_index (stood->outcomes, 0))->probability,
                                  (s->st->rbc_elim_max + 1) / 6.0, 1e-9);
  g_assert_cmpuint (stood->modifiers->len, ==, 1);
  g_assert_cmpstr (((AciesOddsModifier *) g_ptr_array_index (stood->modifiers, 0))->rule, ==, "FB 11.32b");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/8.0-proc/preview-is-the-roll", test_melee_preview);
  g_test_add_func ("/acies/four-battles/7.1/preview-fire-and-rbc", test_fire_and_rbc_preview);
  g_test_add_func ("/acies/four-battles/11.32b/preview-rbc-stands", test_rbc_stands);
  return g_test_run ();
}
