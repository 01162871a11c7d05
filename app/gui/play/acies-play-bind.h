/* acies-play-bind.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void acies_play_bind_label (GBindingGroup *bindings,
                            const char    *property,
                            GtkWidget     *label);
void acies_play_bind_shown (GBindingGroup *bindings,
                            const char    *property,
                            GtkWidget     *widget);

G_END_DECLS
