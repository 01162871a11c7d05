/* acies-problem.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "acies-types.h"

G_BEGIN_DECLS

typedef enum
{
  ACIES_PROBLEM_ERROR,
  ACIES_PROBLEM_WARNING,
} AciesProblemSeverity;

/**
 * AciesProblem:
 * @severity: error (the scenario cannot be played) or warning
 * @path: the JSON path of the offending value, e.g. "$.units[3].cell"
 * @object_id: the id of the unit, formation, area… or NULL
 * @cell: the offending cell, or %ACIES_CELL_NONE
 * @message: one translated sentence saying what is wrong
 *
 * One problem found by validation; the editor's validation panel selects
 * @object_id or @cell on a click.
 */
typedef struct
{
  AciesProblemSeverity severity;
  char     *path;
  char     *object_id;
  AciesCell cell;
  char     *message;
} AciesProblem;

AciesProblem *acies_problem_new  (AciesProblemSeverity severity,
                                  const char          *path,
                                  const char          *object_id,
                                  AciesCell            cell,
                                  const char          *format,
                                  ...) G_GNUC_PRINTF (5, 6);
void          acies_problem_free (AciesProblem        *problem);

/* An array of problems (owning) and whether any is an error. */
GPtrArray    *acies_problems_new        (void);
gboolean      acies_problems_has_errors (GPtrArray *problems);

G_END_DECLS
