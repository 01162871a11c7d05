/* acies-playout.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-ruleset"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "rulesets/acies-playout.h"

/**
 * acies_playout_clear:
 * @playout: a playout's result
 *
 * Frees what @playout holds (not @playout itself).
 */
void
acies_playout_clear (AciesPlayout *playout)
{
  g_clear_pointer (&playout->end_reason, g_free);
  g_clear_pointer (&playout->digest, g_free);
  g_clear_pointer (&playout->log, g_array_unref);
}

/* A checked playout's test of the action it is about to apply: the
 * ruleset's own check_action, and the odds an attack must have
 * (acies_odds_check()). */
static gboolean
check_action (AciesRuleset      *ruleset,
              const AciesState  *state,
              const AciesAction *action,
              GError           **error)
{
  if (!acies_ruleset_check_action (ruleset, state, action, error))
    return FALSE;
  if (acies_ruleset_is_attack (ruleset, action))
    {
      g_autoptr(AciesOdds) odds = acies_ruleset_get_odds (ruleset, state, action);
      g_autofree char *text = NULL;

      if (odds != NULL)
        return acies_odds_check (odds, error);
      text = acies_ruleset_describe_action (ruleset, state, action);
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   "the attack “%s” has no odds (the ruleset contract: get_odds)", text);
      return FALSE;
    }
  return TRUE;
}

/**
 * acies_playout_generic:
 * @ruleset: a ruleset
 * @scenario: a scenario that validates for @ruleset
 * @options: (nullable): rulings and house options for acies_ruleset_new_state()
 * @seed: the seed of the dice and of the choices
 * @max_actions: the most actions to apply
 * @flags: what to check and keep
 * @out: (out caller-allocates): what happened; clear it with
 *   acies_playout_clear() whatever is returned
 * @error: return location for an error
 *
 * Plays one game from @scenario's first state: each decision is drawn
 * uniformly among the legal actions with a GRand seeded from @seed (or by
 * the ruleset's random_action with it, when it has one), the
 * dice are acies_dice_new_seeded() of @seed.  A random player never
 * concedes (%ACIES_ACTION_FLAG_CONCEDE) while another action is legal.
 * With %ACIES_PLAYOUT_CHECK, before each action the ruleset's
 * check_action and, for an attack, its odds (acies_odds_check()), and
 * after it acies_ruleset_check_invariants().
 *
 * Returns: %FALSE with @error when the state cannot be made, no action is
 *   legal before the end, an action is refused or a check fails
 */
gboolean
acies_playout_generic (AciesRuleset      *ruleset,
                       AciesScenario     *scenario,
                       JsonObject        *options,
                       guint64            seed,
                       guint              max_actions,
                       AciesPlayoutFlags  flags,
                       AciesPlayout      *out,
                       GError           **error)
{
  AciesState *state;
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (seed);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  GRand *rand = g_rand_new_with_seed ((guint32) (seed * 2654435761u) ^ 0x5bd1e995u);
  const AciesActionSpec *specs;
  guint n_specs = 0;
  gboolean check = (flags & ACIES_PLAYOUT_CHECK) != 0;
  gboolean has_concede = FALSE;
  gboolean own_draw = ACIES_RULESET_GET_IFACE (ruleset)->random_action != NULL;
  gboolean ok = TRUE;

  memset (out, 0, sizeof *out);
  out->winner = -1;
  if (flags & ACIES_PLAYOUT_KEEP_LOG)
    out->log = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  state = acies_ruleset_new_state (ruleset, scenario, options, error);
  if (state == NULL)
    {
      g_rand_free (rand);
      return FALSE;
    }
  specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
  for (guint t = 0; t < n_specs; t++)
    has_concede |= (specs[t].flags & ACIES_ACTION_FLAG_CONCEDE) != 0;

  while (!state->finished && out->n_actions < max_actions)
    {
      AciesAction action;
      gboolean drawn = FALSE;

      if (own_draw)
        {
          /* The ruleset's own draw (random_action), cheaper than listing;
           * the draw among that one action below is still made, so that
           * the random stream stays the same. */
          drawn = acies_ruleset_random_action (ruleset, state, rand, &action);
        }
      else
        {
          g_array_set_size (legal, 0);
          acies_ruleset_legal_actions (ruleset, state, legal);
        }
      if (drawn)
        g_rand_int_range (rand, 0, 1);
      else if (legal->len == 0)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "no legal action in phase %s of turn %u (deciding side %d)",
                       state->phase, state->turn, state->deciding_side);
          ok = FALSE;
          break;
        }
      else
        {
          for (guint i = legal->len; has_concede && i > 0 && legal->len > 1; i--)
            {
              guint type = g_array_index (legal, AciesAction, i - 1).type;

              if (type < n_specs && (specs[type].flags & ACIES_ACTION_FLAG_CONCEDE))
                g_array_remove_index (legal, i - 1);
            }
          action = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
        }
      if (check && !check_action (ruleset, state, &action, error))
        {
          g_prefix_error (error, "before action %u (turn %u, %s): ", out->n_actions + 1, state->turn, state->phase);
          ok = FALSE;
          break;
        }
      if (!acies_ruleset_apply (ruleset, state, &action, dice, NULL, error))
        {
          ok = FALSE;
          break;
        }
      out->n_actions++;
      if (out->log != NULL)
        g_array_append_val (out->log, action);
      if (check && !acies_ruleset_check_invariants (ruleset, state, error))
        {
          g_prefix_error (error, "after action %u (turn %u, %s): ", out->n_actions, state->turn, state->phase);
          ok = FALSE;
          break;
        }
    }

  out->finished = state->finished;
  out->winner = state->winner;
  out->end_reason = g_strdup (state->end_reason);
  out->digest = acies_ruleset_dup_digest (ruleset, state);
  acies_ruleset_free_state (ruleset, state);
  g_rand_free (rand);
  return ok;
}

/**
 * acies_playout_random:
 * @ruleset: a ruleset
 * @scenario: a scenario that validates for @ruleset
 * @options: (nullable): rulings and house options
 * @seed: the seed of the dice and of the choices
 * @max_actions: the most actions to apply
 * @check: check each action and the invariants after it
 * @keep_log: keep the actions in @out->log
 * @out: (out caller-allocates): what happened
 * @error: return location for an error
 *
 * acies_ruleset_playout() with the flags the booleans name.
 *
 * Returns: %FALSE with @error as acies_playout_generic() says
 */
gboolean
acies_playout_random (AciesRuleset  *ruleset,
                      AciesScenario *scenario,
                      JsonObject    *options,
                      guint64        seed,
                      guint          max_actions,
                      gboolean       check,
                      gboolean       keep_log,
                      AciesPlayout  *out,
                      GError       **error)
{
  return acies_ruleset_playout (ruleset, scenario, options, seed, max_actions,
                                (check ? ACIES_PLAYOUT_CHECK : 0) | (keep_log ? ACIES_PLAYOUT_KEEP_LOG : 0),
                                out, error);
}

/**
 * acies_playout_replay:
 * @ruleset: a ruleset
 * @scenario: the scenario the log was played from
 * @options: (nullable): the same options
 * @seed: the same seed
 * @log: (element-type AciesAction): the actions of a playout
 * @error: return location for an error
 *
 * Replays @log from a fresh state with the same seed.
 *
 * Returns: (transfer full): the digest of the final state, or %NULL with
 *   @error when an action is refused
 */
char *
acies_playout_replay (AciesRuleset  *ruleset,
                      AciesScenario *scenario,
                      JsonObject    *options,
                      guint64        seed,
                      GArray        *log,
                      GError       **error)
{
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (seed);
  AciesState *state = acies_ruleset_new_state (ruleset, scenario, options, error);
  char *digest;

  if (state == NULL)
    return NULL;
  for (guint i = 0; i < log->len; i++)
    if (!acies_ruleset_apply (ruleset, state, &g_array_index (log, AciesAction, i), dice, NULL, error))
      {
        acies_ruleset_free_state (ruleset, state);
        return NULL;
      }
  digest = acies_ruleset_dup_digest (ruleset, state);
  acies_ruleset_free_state (ruleset, state);
  return digest;
}
