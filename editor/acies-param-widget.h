/* acies-param-widget.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "model/acies-scenario.h"
#include "rulesets/acies-catalogue.h"

G_BEGIN_DECLS

/**
 * AciesParamChangedFunc:
 * @spec: the parameter's spec
 * @value: (transfer none) (nullable): the new value, already checked
 *   against @spec; %NULL to remove the value
 * @user_data: closure data
 *
 * Called when the user changes a value in a parameter widget.
 */
typedef void (*AciesParamChangedFunc) (const AciesParamSpec *spec,
                                       JsonNode             *value,
                                       gpointer              user_data);

GtkWidget *acies_param_widget_new      (const AciesParamSpec  *spec,
                                        JsonNode              *current,
                                        const AciesScenario   *scenario,
                                        AciesParamChangedFunc  func,
                                        gpointer               user_data,
                                        GDestroyNotify         destroy);
GtkWidget *acies_param_widget_new_for_side (const AciesParamSpec  *spec,
                                            JsonNode              *current,
                                            const AciesScenario   *scenario,
                                            const char            *side,
                                            AciesParamChangedFunc  func,
                                            gpointer               user_data,
                                            GDestroyNotify         destroy);
GtkWidget *acies_param_form_new_for_side (GPtrArray             *specs,
                                          JsonObject            *values,
                                          const AciesScenario   *scenario,
                                          const char            *side,
                                          AciesParamChangedFunc  func,
                                          gpointer               user_data,
                                          GDestroyNotify         destroy);
GtkWidget *acies_param_form_new        (GPtrArray             *specs,
                                        JsonObject            *values,
                                        const AciesScenario   *scenario,
                                        AciesParamChangedFunc  func,
                                        gpointer               user_data,
                                        GDestroyNotify         destroy);

char      *acies_param_help_split      (const char            *help,
                                        char                 **ruling);

void       acies_spin_button_guard     (GtkSpinButton         *spin,
                                        GtkLabel              *error_label);
void       acies_widget_pass_scroll    (GtkWidget             *widget);
void       acies_drop_down_ellipsize   (GtkDropDown           *dropdown);
GtkWidget *acies_drop_down_new_ellipsized (const char * const *labels);

G_END_DECLS
