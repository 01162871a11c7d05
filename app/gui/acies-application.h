/* acies-application.h
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

typedef struct _AciesWindow AciesWindow;
typedef struct _AciesGameWindow AciesGameWindow;
typedef struct _AciesNewGameDialog AciesNewGameDialog;
typedef struct _AciesScenario AciesScenario;

#define ACIES_TYPE_APPLICATION (acies_application_get_type ())

G_DECLARE_FINAL_TYPE (AciesApplication, acies_application, ACIES, APPLICATION, AdwApplication)

AciesApplication *acies_application_new          (void);
GSettings        *acies_application_get_settings (AciesApplication *self);
AciesWindow      *acies_application_open_file    (AciesApplication *self,
                                                  GFile            *file);
AciesWindow      *acies_application_find_window  (AciesApplication *self,
                                                  GFile            *file);
void              acies_application_add_recent   (AciesApplication *self,
                                                  GFile            *file);
gboolean          acies_application_is_game_file (GFile            *file);
AciesGameWindow  *acies_application_open_game    (AciesApplication *self,
                                                  GFile            *file,
                                                  GFile            *autosave);
AciesNewGameDialog *acies_application_new_game   (AciesApplication *self,
                                                  GtkWindow        *parent,
                                                  AciesScenario    *scenario);
void              acies_application_show_help_error (AciesApplication *self,
                                                     const GError     *error);

G_END_DECLS
