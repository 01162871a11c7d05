/* acies-check.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "model/acies-problem.h"
#include "model/acies-scenario.h"
#include "model/acies-catalogue.h"

G_BEGIN_DECLS

/*
 * Checks that need no catalogue: ids present and unique within each kind,
 * every reference (side, formation, parent, area, unit, attached leader,
 * first side) resolves, a unit's formation belongs to its side, formations
 * form no cycle, cells lie on the board.  The file reader refuses a file
 * with any of these errors.  Appends AciesProblem to @problems.
 */
void      acies_scenario_check_structure (const AciesScenario *scenario,
                                          GPtrArray           *problems);

/*
 * Validation common to every ruleset, from the catalogue: ids unique,
 * references resolve, units on the board, stacking limit, terrain and
 * features known, attributes and parameters of the right type and range,
 * pools consistent.  @playable: the ruleset has game logic, so a side
 * without units is an error (else a warning).  Appends AciesProblem to
 * @problems.  acies_scenario_check() is the same with @playable TRUE.
 * The full validation, with the ruleset's own, is acies_scenario_validate()
 * in rulesets/acies-ruleset.h (the layer that knows the rulesets).
 */
void      acies_scenario_check_full   (const AciesScenario  *scenario,
                                       const AciesCatalogue *catalogue,
                                       gboolean              playable,
                                       GPtrArray            *problems);
void      acies_scenario_check        (const AciesScenario  *scenario,
                                       const AciesCatalogue *catalogue,
                                       GPtrArray            *problems);

char     *acies_printed_text_internal (const char *text);
char     *acies_printed_text_strip    (const char *text);

G_END_DECLS
