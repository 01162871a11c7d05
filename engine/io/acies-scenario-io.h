/* acies-scenario-io.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "acies-json.h"
#include "model/acies-scenario.h"

G_BEGIN_DECLS

/*
 * Reading and writing .acies files (versioned JSON).
 *
 * Every read error is ACIES_ENGINE_ERROR with a message of the form
 *   "FILE:LINE:COLUMN: $.units[3].cell: expected a cell label such as "0215", got 12"
 * and nothing is returned on failure (no half-loaded scenario).
 */

AciesScenario *acies_scenario_load_file    (GFile               *file,
                                            GError             **error);
AciesScenario *acies_scenario_load_path    (const char          *path,
                                            GError             **error);
AciesScenario *acies_scenario_load_data    (const char          *data,
                                            gssize               length,
                                            const char          *display_name,
                                            GError             **error);
AciesScenario *acies_scenario_from_json    (JsonNode            *root,
                                            const char          *display_name,
                                            GError             **error);

JsonNode      *acies_scenario_to_json      (const AciesScenario *scenario);
char          *acies_scenario_to_data      (const AciesScenario *scenario,
                                            gsize               *length);
gboolean       acies_scenario_save_file    (const AciesScenario *scenario,
                                            GFile               *file,
                                            GError             **error);

G_END_DECLS
