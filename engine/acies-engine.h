/* acies-engine.h — the whole public API of libacies-engine.
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/* Every layer, bottom to top (docs/engine.md, "Layers"). */
#include "acies-types.h"
#include "acies-error.h"
#include "acies-data.h"
#include "acies-json.h"
#include "geometry/acies-board.h"
#include "model/acies-scenario.h"
#include "model/acies-problem.h"
#include "model/acies-table.h"
#include "model/acies-catalogue.h"
#include "model/acies-check.h"
#include "io/acies-scenario-io.h"
#include "rulesets/acies-action.h"
#include "rulesets/acies-dice.h"
#include "rulesets/acies-state.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/acies-playout.h"
#include "game/acies-game.h"
