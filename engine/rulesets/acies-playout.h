/* acies-playout.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

/*
 * Random playouts, for every ruleset (acies-cli play --random, acies-cli
 * bench, the tests, the fuzzers): from a scenario's first state, every
 * decision is chosen uniformly among the legal actions with a GRand seeded
 * from the seed, the dice are a seeded AciesDice of the same seed, and the
 * game is played to its end or to a number of actions.  A ruleset may give
 * a playout of its own (the "playout" vfunc); acies_ruleset_playout() falls
 * back on acies_playout_generic().
 */

/**
 * AciesPlayout:
 * @n_actions: actions applied
 * @finished: the game reached its end
 * @winner: the winning side index, or -1
 * @end_reason: (nullable): why the game ended (owned)
 * @digest: SHA-256 of the final state, acies_ruleset_digest() (owned)
 * @log: (element-type AciesAction) (nullable): the actions, with
 *   %ACIES_PLAYOUT_KEEP_LOG (owned)
 *
 * What a playout did.  Clear it with acies_playout_clear().
 */
struct _AciesPlayout
{
  guint     n_actions;
  gboolean  finished;
  gint      winner;
  char     *end_reason;
  char     *digest;
  GArray   *log;
};

void      acies_playout_clear    (AciesPlayout      *playout);

gboolean  acies_playout_generic  (AciesRuleset      *ruleset,
                                  AciesScenario     *scenario,
                                  JsonObject        *options,
                                  guint64            seed,
                                  guint              max_actions,
                                  AciesPlayoutFlags  flags,
                                  AciesPlayout      *out,
                                  GError           **error);

/* acies_ruleset_playout() with %ACIES_PLAYOUT_CHECK when @check and
 * %ACIES_PLAYOUT_KEEP_LOG when @keep_log. */
gboolean  acies_playout_random   (AciesRuleset      *ruleset,
                                  AciesScenario     *scenario,
                                  JsonObject        *options,
                                  guint64            seed,
                                  guint              max_actions,
                                  gboolean           check,
                                  gboolean           keep_log,
                                  AciesPlayout      *out,
                                  GError           **error);

char     *acies_playout_replay   (AciesRuleset      *ruleset,
                                  AciesScenario     *scenario,
                                  JsonObject        *options,
                                  guint64            seed,
                                  GArray            *log,
                                  GError           **error);

G_END_DECLS
