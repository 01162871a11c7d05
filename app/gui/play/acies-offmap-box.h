/* acies-offmap-box.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "acies-play-session.h"

G_BEGIN_DECLS

#define ACIES_TYPE_OFFMAP_BOX (acies_offmap_box_get_type ())

G_DECLARE_FINAL_TYPE (AciesOffmapBox, acies_offmap_box, ACIES, OFFMAP_BOX, GtkWidget)

AciesPlaySession *acies_offmap_box_get_session (AciesOffmapBox   *self);
void              acies_offmap_box_set_session (AciesOffmapBox   *self,
                                                AciesPlaySession *session);
gboolean          acies_offmap_box_get_empty   (AciesOffmapBox   *self);
gboolean          acies_offmap_box_get_unit_place (AciesOffmapBox *self,
                                                gint              unit,
                                                double           *x,
                                                double           *y);

G_END_DECLS
