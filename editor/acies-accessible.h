/* acies-accessible.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void acies_accessible_fix_mnemonic_names (void);

G_END_DECLS
