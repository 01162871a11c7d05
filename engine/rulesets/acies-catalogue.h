/* acies-catalogue.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/* Moved to model/acies-catalogue.h (the catalogue and its tables are data below
 * io/, rulesets/ and game/: DESIGN.md, "Layers").  This header only keeps
 * code written against the old path building while branches merge; include
 * "model/acies-catalogue.h" instead. */
#include "model/acies-catalogue.h"
