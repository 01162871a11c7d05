/* acies-split-view.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ACIES_TYPE_SPLIT_VIEW (acies_split_view_get_type ())
G_DECLARE_FINAL_TYPE (AciesSplitView, acies_split_view, ACIES, SPLIT_VIEW, GtkWidget)

void        acies_split_view_set_show_sidebar   (AciesSplitView *self,
                                                 gboolean        show);
gboolean    acies_split_view_get_show_sidebar   (AciesSplitView *self);
gboolean    acies_split_view_get_collapsed      (AciesSplitView *self);

G_END_DECLS
