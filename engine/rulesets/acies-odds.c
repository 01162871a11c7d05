/* acies-odds.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-ruleset"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/acies-ruleset-private.h"

/*
 * The values the ruleset contract returns: a prompt (the decision
 * pending), the odds of an attack (the attack preview, with
 * acies_odds_check() for the contract) and the lines of a score.
 */

/**
 * acies_prompt_free:
 * @prompt: (nullable): a prompt
 */
void
acies_prompt_free (AciesPrompt *prompt)
{
  if (prompt == NULL)
    return;

  g_free (prompt->text);
  g_free (prompt->rule);
  g_clear_pointer (&prompt->actions, g_array_unref);
  g_free (prompt);
}

static void
odds_outcome_free (gpointer data)
{
  AciesOddsOutcome *outcome = data;

  g_free (outcome->result);
  g_free (outcome);
}

static void
odds_modifier_free (gpointer data)
{
  AciesOddsModifier *modifier = data;

  g_free (modifier->label);
  g_free (modifier->rule);
  g_free (modifier);
}

/**
 * acies_odds_new:
 *
 * Returns: (transfer full): empty odds; free with acies_odds_free()
 */
AciesOdds *
acies_odds_new (void)
{
  AciesOdds *odds = g_new0 (AciesOdds, 1);

  odds->outcomes = g_ptr_array_new_with_free_func (odds_outcome_free);
  odds->modifiers = g_ptr_array_new_with_free_func (odds_modifier_free);

  return odds;
}

/**
 * acies_odds_add_outcome:
 * @odds: odds
 * @result: the result's name ("DX", "no effect")
 * @p: its exact probability, 0 … 1
 * @provisional: the table cell behind it is provisional
 */
void
acies_odds_add_outcome (AciesOdds  *odds,
                        const char *result,
                        double      p,
                        gboolean    provisional)
{
  AciesOddsOutcome *outcome;

  g_return_if_fail (odds != NULL);
  g_return_if_fail (result != NULL);
  g_return_if_fail (p >= 0.0 && p <= 1.0);

  outcome = g_new0 (AciesOddsOutcome, 1);
  outcome->result = g_strdup (result);
  outcome->probability = p;
  outcome->provisional = provisional;
  g_ptr_array_add (odds->outcomes, outcome);
}

/**
 * acies_odds_add_modifier:
 * @odds: odds
 * @label: what the modifier is ("Flanked")
 * @value: the DRM or column shift
 * @rule: (nullable): the rule ("GC 9.2")
 */
void
acies_odds_add_modifier (AciesOdds  *odds,
                         const char *label,
                         gint        value,
                         const char *rule)
{
  AciesOddsModifier *modifier;

  g_return_if_fail (odds != NULL);
  g_return_if_fail (label != NULL);

  modifier = g_new0 (AciesOddsModifier, 1);
  modifier->label = g_strdup (label);
  modifier->value = value;
  modifier->rule = g_strdup (rule);
  g_ptr_array_add (odds->modifiers, modifier);
}

/**
 * acies_odds_free:
 * @odds: (nullable): odds
 */
void
acies_odds_free (AciesOdds *odds)
{
  if (odds == NULL)
    return;

  g_free (odds->summary);
  g_ptr_array_unref (odds->outcomes);
  g_ptr_array_unref (odds->modifiers);
  g_free (odds);
}

/**
 * acies_odds_check:
 * @odds: the odds of an attack
 * @error: return location for an error
 *
 * Checks @odds against the ruleset contract (the attack preview, in this
 * file's first comment): at least one outcome, each with a result and a
 * probability from 0 to 1, the probabilities summing to 1 within 1e-9,
 * and every modifier naming its rule.
 *
 * Returns: %TRUE if @odds keeps the contract; else %FALSE with
 *   %ACIES_ENGINE_ERROR_INVALID saying what is wrong
 */
gboolean
acies_odds_check (const AciesOdds  *odds,
                  GError          **error)
{
  double sum = 0;

  g_return_val_if_fail (odds != NULL, FALSE);

  if (odds->outcomes == NULL || odds->outcomes->len == 0)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID, "the odds have no outcome");
      return FALSE;
    }
  for (guint i = 0; i < odds->outcomes->len; i++)
    {
      const AciesOddsOutcome *outcome = g_ptr_array_index (odds->outcomes, i);

      if (outcome->result == NULL || *outcome->result == '\0'
          || !(outcome->probability >= 0 && outcome->probability <= 1))
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "outcome %u (“%s”) has the probability %g", i,
                       outcome->result != NULL ? outcome->result : "", outcome->probability);
          return FALSE;
        }
      sum += outcome->probability;
    }
  if (fabs (sum - 1) > 1e-9)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   "the outcomes' probabilities sum to %.12g, not 1", sum);
      return FALSE;
    }
  for (guint i = 0; odds->modifiers != NULL && i < odds->modifiers->len; i++)
    {
      const AciesOddsModifier *modifier = g_ptr_array_index (odds->modifiers, i);

      if (modifier->rule == NULL || *modifier->rule == '\0')
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "the modifier “%s” cites no rule", modifier->label != NULL ? modifier->label : "");
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * acies_score_line_new:
 * @label: what the points are for ("Units eliminated")
 * @points: the points
 * @rule: (nullable): the rule ("GC 13.0")
 *
 * Returns: (transfer full): a new score line; free with acies_score_line_free()
 */
AciesScoreLine *
acies_score_line_new (const char *label,
                      gint        points,
                      const char *rule)
{
  AciesScoreLine *line;

  g_return_val_if_fail (label != NULL, NULL);

  line = g_new0 (AciesScoreLine, 1);
  line->label = g_strdup (label);
  line->points = points;
  line->rule = g_strdup (rule);

  return line;
}

/**
 * acies_score_line_free:
 * @line: (nullable): a score line
 */
void
acies_score_line_free (AciesScoreLine *line)
{
  if (line == NULL)
    return;

  g_free (line->label);
  g_free (line->rule);
  g_free (line);
}
