/* acies-gc-playout.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

/*
 * Random playouts for any ruleset (used for Grass Crown by acies-cli play
 * --random, acies-cli bench and the tests): every decision is chosen
 * uniformly among the legal actions with a GRand seeded from @seed, the
 * dice are a seeded AciesDice of @seed, and the state is changed in place.
 */

typedef struct
{
  guint     n_actions;
  gboolean  finished;
  gint      winner;
  char     *end_reason;   /* owned */
  char     *digest;       /* owned: SHA-256 of the final state (acies_ruleset_digest) */
  GArray   *log;          /* AciesAction, owned, or NULL when not kept */
} AciesPlayout;

void      acies_playout_clear   (AciesPlayout *playout);

/* Plays one game to its end (or @max_actions).  With @check, after every
 * action: acies_ruleset_check_invariants(), and a "step" action must move
 * a Fresh-like unit (GC 8.0).  FALSE with @error when a check fails. */
gboolean  acies_playout_random  (AciesRuleset  *ruleset,
                                 AciesScenario *scenario,
                                 JsonObject    *options,
                                 guint64        seed,
                                 guint          max_actions,
                                 gboolean       check,
                                 gboolean       keep_log,
                                 AciesPlayout  *out,
                                 GError       **error);

/* Replays @log from a fresh state with the same seed; returns the digest
 * of the final state (owned), or NULL with @error. */
char     *acies_playout_replay  (AciesRuleset  *ruleset,
                                 AciesScenario *scenario,
                                 JsonObject    *options,
                                 guint64        seed,
                                 GArray        *log,
                                 GError       **error);

G_END_DECLS
