/* acies-test-widgets.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Whether @widget is the one looked for; @data is the caller's. */
typedef gboolean (*AciesTestWidgetMatch) (GtkWidget     *widget,
                                          gconstpointer  data);

GtkWidget    *acies_test_find_widget (GtkWidget            *root,
                                      AciesTestWidgetMatch  match,
                                      gconstpointer         data);
GtkWidget    *acies_test_find_type   (GtkWidget            *root,
                                      GType                 type);
void          acies_test_collect_shortcuts (GtkWidget     *widget,
                                            GString       *accels,
                                            GString       *titles);
AdwActionRow *acies_test_find_row    (GtkWidget            *root,
                                      const char           *title,
                                      const char           *subtitle);

/* Whether the state waited for is reached; @data is the caller's. */
typedef gboolean (*AciesTestCondition) (gpointer data);

void          acies_test_spin          (guint               ms);
gboolean      acies_test_wait_until    (AciesTestCondition  cond,
                                        gpointer            data,
                                        guint               ms);
GtkWindow    *acies_test_find_toplevel (GType               type,
                                        gboolean            mapped);
gboolean      acies_test_shown_whole   (GtkWidget          *widget,
                                        GtkWidget          *window);

G_END_DECLS
