/* acies-state.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "model/acies-scenario.h"

G_BEGIN_DECLS

/**
 * AciesState:
 * @scenario: the scenario the game is played on (a reference)
 * @turn: game turn, from 1
 * @phase: the name of the current phase, a static translatable string
 * @active_side: the side whose turn it is (index into scenario->sides)
 * @deciding_side: the side that must act or answer now, or -1 when the game is over
 * @finished: the game is over
 * @winner: the winning side, or -1 for a draw
 * @end_reason: a sentence, with its rule, saying why the game ended, or NULL
 *
 * The part of every ruleset's game state that the play mode reads without
 * knowing the ruleset.  A ruleset's own state struct starts with it.
 */
typedef struct _AciesState AciesState;

struct _AciesState
{
  AciesScenario *scenario;
  guint          turn;
  const char    *phase;
  gint           active_side;
  gint           deciding_side;
  gboolean       finished;
  gint           winner;
  char          *end_reason;
};

G_END_DECLS
