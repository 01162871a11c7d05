/* acies-problem.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-model"

#include "config.h"

#include "model/acies-problem.h"

/**
 * acies_problem_new:
 * @severity: error or warning
 * @path: (nullable): the JSON path of the offending value ("$.units[3].cell")
 * @object_id: (nullable): the id of the offending unit, formation, area…
 * @cell: the offending cell, or %ACIES_CELL_NONE
 * @format: printf-style format of the message (one sentence)
 * @...: arguments for @format
 *
 * Creates one validation problem.
 *
 * Returns: (transfer full): a new #AciesProblem; free with acies_problem_free()
 */
AciesProblem *
acies_problem_new (AciesProblemSeverity  severity,
                   const char           *path,
                   const char           *object_id,
                   AciesCell             cell,
                   const char           *format,
                   ...)
{
  AciesProblem *problem;
  va_list args;

  g_return_val_if_fail (format != NULL, NULL);

  problem = g_new0 (AciesProblem, 1);
  problem->severity = severity;
  problem->path = g_strdup (path);
  problem->object_id = g_strdup (object_id);
  problem->cell = cell;

  va_start (args, format);
  problem->message = g_strdup_vprintf (format, args);
  va_end (args);

  return problem;
}

/**
 * acies_problem_free:
 * @problem: (nullable): a problem
 *
 * Frees @problem and its strings.
 */
void
acies_problem_free (AciesProblem *problem)
{
  if (problem == NULL)
    return;

  g_free (problem->path);
  g_free (problem->object_id);
  g_free (problem->message);
  g_free (problem);
}

/**
 * acies_problems_new:
 *
 * Returns: (transfer full) (element-type AciesProblem): an empty array that
 *   frees its problems with acies_problem_free()
 */
GPtrArray *
acies_problems_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) acies_problem_free);
}

/**
 * acies_problems_has_errors:
 * @problems: (element-type AciesProblem): problems
 *
 * Returns: %TRUE if any problem in @problems is an error (not a warning)
 */
gboolean
acies_problems_has_errors (GPtrArray *problems)
{
  g_return_val_if_fail (problems != NULL, FALSE);

  for (guint i = 0; i < problems->len; i++)
    {
      const AciesProblem *problem = g_ptr_array_index (problems, i);

      if (problem->severity == ACIES_PROBLEM_ERROR)
        return TRUE;
    }

  return FALSE;
}
