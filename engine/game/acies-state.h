/* acies-state.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/* Moved to rulesets/acies-state.h: actions, dice and state are the values of
 * the ruleset contract, below AciesGame (DESIGN.md, "Layers").  This header
 * only keeps code written against the old path building while branches
 * merge; include "rulesets/acies-state.h" instead. */
#include "rulesets/acies-state.h"
