/* acies-error.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-engine"

#include "config.h"

#include "acies-error.h"

G_DEFINE_QUARK (acies-engine-error-quark, acies_engine_error)
