/* acies-widget-helpers.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void       acies_spin_button_guard        (GtkSpinButton      *spin,
                                           GtkLabel           *error_label);
void       acies_widget_pass_scroll       (GtkWidget          *widget);
void       acies_drop_down_ellipsize      (GtkDropDown        *dropdown);
GtkWidget *acies_drop_down_new_ellipsized (const char * const *labels);
void       acies_names_add                (GPtrArray          *items,
                                           GStrvBuilder       *values,
                                           GStrvBuilder       *labels);
void       acies_drop_down_set_names      (GtkDropDown        *dropdown,
                                           GPtrArray          *items);
GtkWidget *acies_dim_label_new            (const char         *text);
GtkWidget *acies_heading_new              (const char         *text);
void       acies_breakpoint_add_setter    (GObject            *breakpoint,
                                           gpointer            object,
                                           const char         *property,
                                           ...);

G_END_DECLS
