/* acies-reliability-common.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Helpers shared by the reliability tests. */

void    acies_reliability_remove_tree (const char *dir);
char  **acies_reliability_child_env   (const char *work_dir);

G_END_DECLS
