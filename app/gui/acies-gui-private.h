/* acies-gui-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "acies-gui-resources.h"

G_BEGIN_DECLS

/* The application's resources live in a static library, where a
 * constructor-registered resource would be dropped by the linker; each
 * class that needs them registers them once.  Defined once, in
 * acies-application.c: a static inline here would keep one "registered"
 * flag per file and register the resource once per file, which GLib 2.84
 * rejects. */
void acies_gui_ensure_resources (void);

G_END_DECLS
