/* acies-gc-playout.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/* Random playouts are part of the ruleset contract, for every ruleset:
 * rulesets/acies-playout.h.  This header only keeps code written against
 * the old path building while branches merge. */
#include "rulesets/acies-playout.h"
