/* acies-floor-breakpoint.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ACIES_TYPE_FLOOR_BREAKPOINT (acies_floor_breakpoint_get_type ())
G_DECLARE_FINAL_TYPE (AciesFloorBreakpoint, acies_floor_breakpoint, ACIES, FLOOR_BREAKPOINT, GObject)

AciesFloorBreakpoint *acies_floor_breakpoint_new        (GtkWindow            *window,
                                                         int                   max_width);
void                  acies_floor_breakpoint_add_setter (AciesFloorBreakpoint *self,
                                                         GObject              *object,
                                                         const char           *property,
                                                         const GValue         *value);

G_END_DECLS
