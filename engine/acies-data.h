/* acies-data.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The bundled data (rule catalogues, tables, scenarios) lives in a GResource
 * under this prefix. */
#define ACIES_DATA_PREFIX "/io/github/acies/Acies/"

void acies_data_ensure_registered (void);

G_END_DECLS
