/* acies-problem-item.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "model/acies-problem.h"

G_BEGIN_DECLS

#define ACIES_TYPE_PROBLEM_ITEM (acies_problem_item_get_type ())

G_DECLARE_FINAL_TYPE (AciesProblemItem, acies_problem_item, ACIES, PROBLEM_ITEM, GObject)

AciesProblemItem   *acies_problem_item_new           (const AciesProblem *problem,
                                                      const char         *place);
const AciesProblem *acies_problem_item_get_problem   (AciesProblemItem   *self);
const char         *acies_problem_item_get_message   (AciesProblemItem   *self);
const char         *acies_problem_item_get_place     (AciesProblemItem   *self);
const char         *acies_problem_item_get_path      (AciesProblemItem   *self);
const char         *acies_problem_item_get_icon_name (AciesProblemItem   *self);
gboolean            acies_problem_item_get_is_error  (AciesProblemItem   *self);
gboolean            acies_problem_item_equal         (AciesProblemItem   *a,
                                                      AciesProblemItem   *b);

G_END_DECLS
