/* acies-gc-playout.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-grass-crown"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "acies-gc-playout.h"

void
acies_playout_clear (AciesPlayout *playout)
{
  g_clear_pointer (&playout->end_reason, g_free);
  g_clear_pointer (&playout->digest, g_free);
  g_clear_pointer (&playout->log, g_array_unref);
}

static char *
state_digest (AciesRuleset     *ruleset,
              const AciesState *state)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  acies_ruleset_digest (ruleset, state, checksum);
  return g_strdup (g_checksum_get_string (checksum));
}

static gboolean
is_concede (AciesRuleset      *ruleset,
            const AciesAction *action)
{
  return g_strcmp0 (acies_ruleset_get_action_specs (ruleset, NULL)[action->type].name, "concede") == 0;
}

static gboolean
unit_may_step (AciesRuleset     *ruleset,
               const AciesState *state,
               const AciesAction *action,
               GError          **error)
{
  const AciesActionSpec *spec = acies_ruleset_get_action_specs (ruleset, NULL) + action->type;
  AciesUnit view;

  if (g_strcmp0 (spec->name, "step") != 0)
    return TRUE;
  /* GC 8.0: Exhausted units never move. */
  if (!acies_ruleset_unit_view (ruleset, state, action->args[0], state->active_side, &view))
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   "a unit not on the board was moved");
      return FALSE;
    }
  return TRUE;
}

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
  AciesState *state;
  g_autoptr(AciesDice) dice = acies_dice_new_seeded (seed);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  GRand *rand = g_rand_new_with_seed ((guint32) (seed * 2654435761u) ^ 0x5bd1e995u);
  gboolean ok = TRUE;

  memset (out, 0, sizeof *out);
  if (keep_log)
    out->log = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  state = acies_ruleset_new_state (ruleset, scenario, options, error);
  if (state == NULL)
    {
      g_rand_free (rand);
      return FALSE;
    }

  while (!state->finished && out->n_actions < max_actions)
    {
      AciesAction action;

      g_array_set_size (legal, 0);
      acies_ruleset_legal_actions (ruleset, state, legal);
      if (legal->len == 0)
        {
          g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                       "no legal action in phase %s of turn %u (deciding side %d)",
                       state->phase, state->turn, state->deciding_side);
          ok = FALSE;
          break;
        }
      /* A random player never concedes (GC 13.0 footnote): the game is
       * played out to a rule of 13.0. */
      for (guint i = legal->len; i > 0 && legal->len > 1; i--)
        if (is_concede (ruleset, &g_array_index (legal, AciesAction, i - 1)))
          g_array_remove_index (legal, i - 1);
      action = g_array_index (legal, AciesAction, g_rand_int_range (rand, 0, legal->len));
      if (check && !unit_may_step (ruleset, state, &action, error))
        {
          ok = FALSE;
          break;
        }
      if (!acies_ruleset_apply (ruleset, state, &action, dice, NULL, error))
        {
          ok = FALSE;
          break;
        }
      out->n_actions++;
      if (keep_log)
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
  out->digest = state_digest (ruleset, state);
  acies_ruleset_free_state (ruleset, state);
  g_rand_free (rand);
  return ok;
}

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
  digest = state_digest (ruleset, state);
  acies_ruleset_free_state (ruleset, state);
  return digest;
}
