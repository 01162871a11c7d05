/* test-lb-odds.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-lb"

#include "config.h"

#include <string.h>

#include "io/acies-scenario-io.h"
#include "rulesets/acies-playout.h"
#include "lb-test-common.h"

/*
 * The attack preview of Lost Battles (the ruleset contract's get_odds):
 * for every attack its odds are checked against the rules engine itself,
 * by rolling each of the 36 throws of 2d6 on a copy of the state and
 * reading what the attack did; the probabilities sum to 1; every modifier
 * cites its LB 6.5 case.
 */

typedef struct
{
  char  *result;
  guint  ways;     /* throws of 36 */
} Tally;

/* What @s's attack with @action did after its roll: "no effect", "1 hit",
 * "2 hits", or, when the attacker may choose a decisive attack (LB 6.7),
 * the result either way ("1 hit, or 2 if decisive …" when it adds a hit). */
static char *
roll_result (const AciesLbState *start,
             const AciesAction  *action,
             guint               a,
             guint               b)
{
  AciesLbState *s = g_memdup2 (start, sizeof *start);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  char *result = NULL;
  gint hits = 0;
  gboolean decisive_phase = FALSE;

  s->base.end_reason = NULL;
  push (dice, a, b);
  for (guint k = 0; k < 8; k++)
    push (dice, 6, 6);                           /* recovery and morale rolls after the hits */
  g_assert_true (act_events (s, dice, events, action->type, action->args[0], action->args[1],
                             action->args[2], action->args[3]));
  decisive_phase = s->phase == LB_PH_DECISIVE;
  for (guint i = 0; i < events->len; i++)
    {
      const AciesEvent *e = g_ptr_array_index (events, i);

      if (g_str_equal (e->type, "hits"))
        hits = atoi (e->text);
      if (result == NULL && strstr (e->text, "which flee") != NULL)
        result = g_strdup ("the scythed chariots flee");
    }

  if (decisive_phase)
    {
      /* Both choices, each on its own copy. */
      gint with[2] = { 0, 0 };

      for (gint declare = 0; declare < 2; declare++)
        {
          AciesLbState *c = g_memdup2 (s, sizeof *s);
          g_autoptr(GPtrArray) more = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);

          g_assert_true (act_events (c, dice, more, LB_A_DECISIVE, declare, -1, -1, -1));
          for (guint i = 0; i < more->len; i++)
            if (g_str_equal (((AciesEvent *) g_ptr_array_index (more, i))->type, "hits"))
              with[declare] = atoi (((AciesEvent *) g_ptr_array_index (more, i))->text);
          g_free (c->base.end_reason);
          g_free (c);
        }
      if (with[1] > with[0])
        result = g_strdup (with[0] == 0 ? "no effect, or 1 hit if decisive (the attacker becomes Disordered)"
                                        : "1 hit, or 2 if decisive (the attacker becomes Disordered)");
      else
        hits = with[0];
    }
  if (result == NULL)
    result = g_strdup (hits == 0 ? "no effect" : hits == 1 ? "1 hit" : "2 hits");
  g_free (s->base.end_reason);
  g_free (s);
  return result;
}

/* Checks the preview of @action in @s against the 36 throws. */
static void
check_preview (const AciesLbState *s,
               const AciesAction  *action)
{
  g_autoptr(AciesOdds) odds = acies_lb_attack_odds (s, action);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) tallies = g_array_new (FALSE, TRUE, sizeof (Tally));

  g_assert_nonnull (odds);
  g_test_message ("%s", odds->summary);
  g_assert_true (acies_odds_check (odds, &error));
  g_assert_no_error (error);

  for (guint a = 1; a <= 6; a++)
    for (guint b = 1; b <= 6; b++)
      {
        g_autofree char *result = roll_result (s, action, a, b);
        guint k;

        for (k = 0; k < tallies->len; k++)
          if (g_str_equal (g_array_index (tallies, Tally, k).result, result))
            break;
        if (k == tallies->len)
          {
            Tally t = { g_steal_pointer (&result), 0 };

            g_array_append_val (tallies, t);
          }
        g_array_index (tallies, Tally, k).ways++;
      }

  for (guint i = 0; i < odds->outcomes->len; i++)
    g_test_message ("  preview: %s %g", ((AciesOddsOutcome *) g_ptr_array_index (odds->outcomes, i))->result,
                    36 * ((AciesOddsOutcome *) g_ptr_array_index (odds->outcomes, i))->probability);
  g_assert_cmpuint (tallies->len, ==, odds->outcomes->len);
  for (guint k = 0; k < tallies->len; k++)
    {
      Tally *t = &g_array_index (tallies, Tally, k);
      gboolean found = FALSE;

      for (guint i = 0; i < odds->outcomes->len; i++)
        {
          const AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);

          if (g_str_equal (o->result, t->result))
            {
              g_test_message ("  %-70s %2u/36", t->result, t->ways);
              g_assert_cmpfloat_with_epsilon (o->probability, t->ways / 36.0, 1e-12);
              found = TRUE;
            }
        }
      g_assert_true (found);
      g_free (t->result);
    }
  for (guint i = 0; i < odds->modifiers->len; i++)
    g_assert_true (g_str_has_prefix (((AciesOddsModifier *) g_ptr_array_index (odds->modifiers, i))->rule, "LB 6.5-m"));
}

static AciesAction
attack_with (const AciesLbState *s,
             gint                unit,
             gboolean            half,
             gint                bonus)
{
  g_assert_true (has_action (s, LB_A_ATTACK_WITH, unit, half));
  return lb_action (s, LB_A_ATTACK_WITH, unit, half, bonus, -1);
}

/* LB 6.6.1, 6.6.2, 6.7, LB-T02/T03: Average heavy infantry on Average heavy
 * infantry, with and without an attack bonus: misses, single hits, the
 * decisive choices at margins 0 and 3, two hits from margin 4. */
static void
test_preview_hi_on_hi (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  gint d2 = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  AciesAction plain, bonus;

  s = state_new (scn);
  put (s, d2, Z (2, 2), N);
  setup_attack (s, dice, a, d);
  plain = attack_with (s, a, FALSE, 0);
  check_preview (s, &plain);
  if (has_action (s, LB_A_ATTACK_WITH, a, FALSE))
    {
      bonus = plain;
      bonus.args[2] = 1;
      check_preview (s, &bonus);
    }
}

/* LB-T10 (6.8.2): heavy cavalry on light infantry screened by Fresh heavy
 * infantry: never more than 1 hit, no decisive attack at margin 3. */
static void
test_preview_screened (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), li = scn_unit (scn, 1, "LI", "A", NULL);
  gint hi = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(AciesOdds) odds = NULL;
  AciesAction action;

  s = state_new (scn);
  put (s, hi, Z (2, 2), N);
  setup_attack (s, dice, hc, li);
  g_assert_true (acies_lb_screened (s, Z (2, 2)));
  action = attack_with (s, hc, FALSE, 0);
  check_preview (s, &action);
  odds = acies_lb_attack_odds (s, &action);
  for (guint i = 0; i < odds->outcomes->len; i++)
    g_assert_null (strstr (((AciesOddsOutcome *) g_ptr_array_index (odds->outcomes, i))->result, "2"));
  g_assert_nonnull (strstr (odds->summary, "LB 6.8.2"));
}

/* LB 6.6.2 with elephants (LB-T05), hoplites' forced decisive attack
 * (9.2-a) and scythed chariots that flee unrolled (9.5-c). */
static void
test_preview_special_units (void)
{
  struct { const char *att, *att_sub, *def, *def_cls, *def_sub; } cases[] = {
    { "HI", NULL, "EL", "I", NULL },
    { "HI", "HO", "HI", "A", NULL },
    { "HI", NULL, "CH", "A", "SCH" },
    { "LC", NULL, "LC", "A", NULL },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(AciesScenario) scn = scn_new ();
      gint a = scn_unit (scn, 0, cases[c].att, "A", cases[c].att_sub);
      gint d = scn_unit (scn, 1, cases[c].def, cases[c].def_cls, cases[c].def_sub);
      g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
      g_autoptr(AciesLbState) s = NULL;
      AciesAction action;

      g_test_message ("%s%s%s against %s%s%s", cases[c].att, cases[c].att_sub ? "/" : "",
                      cases[c].att_sub ? cases[c].att_sub : "", cases[c].def, cases[c].def_sub ? "/" : "",
                      cases[c].def_sub ? cases[c].def_sub : "");
      s = state_new (scn);
      setup_attack (s, dice, a, d);
      action = attack_with (s, a, FALSE, 0);
      check_preview (s, &action);
    }
}

/* LB 6.1: the declaration is previewed too, as its first attack by the
 * lead unit without a bonus would roll. */
static void
test_preview_declaration (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(AciesOdds) declared = NULL;
  g_autoptr(AciesOdds) first = NULL;
  g_autoptr(GError) error = NULL;
  AciesAction attack, with;

  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  g_assert_true (act (s, dice, LB_A_SELECT, a, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_true (has_action (s, LB_A_ATTACK, -2, -2));
  attack = lb_action (s, LB_A_ATTACK, -1, -1, -1, -1);
  declared = acies_lb_attack_odds (s, &attack);
  g_assert_nonnull (declared);
  g_assert_true (acies_odds_check (declared, &error));
  g_assert_true (g_str_has_prefix (declared->summary, "If "));

  g_assert_true (act (s, dice, LB_A_ATTACK, -1, -1, -1, -1));
  with = attack_with (s, a, FALSE, 0);
  first = acies_lb_attack_odds (s, &with);
  g_assert_cmpuint (first->outcomes->len, ==, declared->outcomes->len);
  for (guint i = 0; i < first->outcomes->len; i++)
    g_assert_cmpfloat_with_epsilon (((AciesOddsOutcome *) g_ptr_array_index (first->outcomes, i))->probability,
                                    ((AciesOddsOutcome *) g_ptr_array_index (declared->outcomes, i))->probability,
                                    1e-12);
}

/* Issue 17 item 11: LB 6.8.2 forbids a decisive attack at margin 3 against
 * screened light infantry "whatever the ruling"; the house option
 * decisive_when_screened (LB-G11b) only opens margin 0. */
static void
test_screened_margin_three_with_option (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint hc = scn_unit (scn, 0, "HC", "A", NULL), li = scn_unit (scn, 1, "LI", "A", NULL);
  gint hi = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint need;

  s = state_new (scn);
  s->opt.decisive_when_screened = TRUE;
  put (s, hi, Z (2, 2), N);
  setup_attack (s, dice, hc, li);
  g_assert_true (acies_lb_screened (s, Z (2, 2)));
  g_assert_false (acies_lb_decisive_allowed (s, hc, li, Z (2, 2), 3));
  g_assert_true (acies_lb_decisive_allowed (s, hc, li, Z (2, 2), 0));
  s->opt.decisive_when_screened = FALSE;
  g_assert_false (acies_lb_decisive_allowed (s, hc, li, Z (2, 2), 0));
  s->opt.decisive_when_screened = TRUE;

  /* Rolled: margin 3 hits once and asks nothing. */
  need = acies_lb_crt_need (LB_HC, LB_LI) - acies_lb_modifiers (s, hc, Z (1, 2), Z (2, 2), TRUE, FALSE, FALSE, 0, -1, NULL);
  g_assert_cmpint (need + 3, >=, 2);
  g_assert_cmpint (need + 3, <=, 12);
  push (dice, (need + 3) / 2, (need + 3) - (need + 3) / 2);
  push (dice, 6, 6);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, hc, 0, 0, -1));
  g_assert_cmpint (s->atk.margin, ==, 3);
  g_assert_cmpint (s->phase, !=, LB_PH_DECISIVE);
  g_assert_cmpint (s->units[hc].status, ==, LB_FRESH);
  g_assert_cmpint (s->units[li].status, ==, LB_DISORDERED);
}

/* The contract on whole games: along random Cannae games every legal
 * action the specs mark as an attack has odds that keep the contract, and
 * no other action has odds. */
static void
test_contract_cannae (void)
{
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "lost-battles", "cannae.acies", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesScenario) scenario = acies_scenario_load_path (path, &error);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  guint attacks = 0;

  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= 12; seed++)
    {
      AciesState *state = acies_ruleset_new_state (ruleset, scenario, NULL, &error);
      g_autoptr(AciesDice) dice = acies_dice_new_seeded (seed);
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

      g_assert_no_error (error);
      while (!state->finished)
        {
          AciesAction next;

          g_array_set_size (legal, 0);
          acies_ruleset_legal_actions (ruleset, state, legal);
          g_assert_cmpuint (legal->len, >, 0);
          for (guint i = 0; i < legal->len; i++)
            {
              const AciesAction *a = &g_array_index (legal, AciesAction, i);
              g_autoptr(AciesOdds) odds = acies_ruleset_get_odds (ruleset, state, a);

              if (acies_ruleset_is_attack (ruleset, a))
                {
                  g_assert_nonnull (odds);
                  g_assert_true (acies_odds_check (odds, &error));
                  g_assert_no_error (error);
                  attacks++;
                }
              else
                g_assert_null (odds);
            }
          next = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
          g_assert_true (acies_ruleset_apply (ruleset, state, &next, dice, NULL, &error));
        }
      acies_ruleset_free_state (ruleset, state);
    }
  g_test_message ("%u attacks previewed", attacks);
  g_assert_cmpuint (attacks, >=, 10);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/lost-battles/6.6.1/preview-hi-on-hi", test_preview_hi_on_hi);
  g_test_add_func ("/acies/lost-battles/6.8.2/LB-T10-preview-screened", test_preview_screened);
  g_test_add_func ("/acies/lost-battles/6.6.2/preview-elephants-hoplites-chariots", test_preview_special_units);
  g_test_add_func ("/acies/lost-battles/6.1/preview-declaration", test_preview_declaration);
  g_test_add_func ("/acies/lost-battles/6.8.2/no-decisive-at-margin-3-with-option", test_screened_margin_three_with_option);
  g_test_add_func ("/acies/lost-battles/6.5/odds-contract-cannae", test_contract_cannae);

  return g_test_run ();
}
