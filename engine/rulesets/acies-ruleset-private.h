/* acies-ruleset-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

/* Generated from the builtin_rulesets list of engine/rulesets/meson.build
 * (acies-rulesets-builtin.c.in): registers every built-in ruleset. */
void acies_rulesets_register_builtin (void);

G_END_DECLS
