/* acies-problem-list.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "acies-editor-document.h"
#include "acies-problem-item.h"

G_BEGIN_DECLS

#define ACIES_TYPE_PROBLEM_LIST (acies_problem_list_get_type ())

G_DECLARE_FINAL_TYPE (AciesProblemList, acies_problem_list, ACIES, PROBLEM_LIST, GObject)

AciesProblemList    *acies_problem_list_new           (void);
AciesEditorDocument *acies_problem_list_get_document  (AciesProblemList    *self);
void                 acies_problem_list_set_document  (AciesProblemList    *self,
                                                       AciesEditorDocument *document);
void                 acies_problem_list_validate      (AciesProblemList    *self);
guint                acies_problem_list_get_n_errors  (AciesProblemList    *self);
guint                acies_problem_list_get_n_warnings (AciesProblemList   *self);
const char          *acies_problem_list_get_summary   (AciesProblemList    *self);
GPtrArray           *acies_problem_list_get_problems  (AciesProblemList    *self);

G_END_DECLS
