/* acies-start-page.h
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

#include <adwaita.h>

G_BEGIN_DECLS

#define ACIES_SAMPLES_RESOURCE_PATH "/io/github/acies/Acies/scenarios/samples/"

#define ACIES_TYPE_START_PAGE (acies_start_page_get_type ())

G_DECLARE_FINAL_TYPE (AciesStartPage, acies_start_page, ACIES, START_PAGE, AdwBin)

GtkWidget  *acies_start_page_new         (void);
GListModel *acies_start_page_get_samples (AciesStartPage *self);
GListModel *acies_start_page_get_recent  (AciesStartPage *self);
void        acies_start_page_set_recent  (AciesStartPage     *self,
                                          const char * const *uris);
void        acies_start_page_reload_unfinished (AciesStartPage *self);
GListModel *acies_start_page_get_unfinished    (AciesStartPage *self);

G_END_DECLS
