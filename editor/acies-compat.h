/* acies-compat.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* API newer than the GTK 4.8 / libadwaita 1.2 floor, used where it is
 * there (STYLE.md): each function here is the one place that checks the
 * version. */

GtkWidget *acies_colour_button_new (const char    *title,
                                    const GdkRGBA *rgba);

G_END_DECLS
