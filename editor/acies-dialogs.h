/* acies-dialogs.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "acies-compat.h"

G_BEGIN_DECLS

/* Dialogs on acies-compat.h's: finding one on show, alerts' headings,
 * bodies and responses, About dialogs, the keyboard shortcuts. */

GtkWidget  *acies_dialog_find         (GType        type,
                                       GtkWidget   *parent);

void        acies_alert_add_responses (GtkWidget   *alert,
                                       const char  *first_id,
                                       ...) G_GNUC_NULL_TERMINATED;
const char *acies_alert_get_heading   (GtkWidget   *alert);
const char *acies_alert_get_body      (GtkWidget   *alert);
void        acies_alert_respond       (GtkWidget   *alert,
                                       const char  *response);
GtkWidget  *acies_alert_find          (GtkWidget   *parent);

GtkWidget  *acies_about_new           (const char  *first_property_name,
                                       ...) G_GNUC_NULL_TERMINATED;

void        acies_shortcuts_present   (GtkApplicationWindow *window,
                                       const char           *resource_path);
GtkWidget  *acies_shortcuts_find      (GtkWidget            *window);

G_END_DECLS
