/* acies-editor-words.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acies-editor-document.h"

G_BEGIN_DECLS

char        *acies_editor_describe_unplayable   (const char          *ruleset);
char        *acies_editor_describe_losses       (guint                n_units,
                                                 guint                n_leaders);
char        *acies_editor_describe_facing       (AciesEditorDocument *document,
                                                 gint                 facing);
char        *acies_editor_describe_unit         (AciesEditorDocument *document,
                                                 const AciesUnit     *unit);
char        *acies_editor_describe_problem_path (AciesEditorDocument *document,
                                                 const char          *path);
char        *acies_editor_describe_problems     (AciesEditorDocument *document,
                                                 guint                n_errors,
                                                 guint                n_warnings);
char        *acies_param_help_split             (const char          *help,
                                                 char               **ruling);

const char  *acies_editor_pool_formation        (const AciesPool     *pool);
guint        acies_editor_pool_draw             (const AciesPool     *pool);
char        *acies_editor_pool_title            (const AciesScenario *scenario,
                                                 const AciesPool     *pool);
char        *acies_editor_pool_summary          (const AciesScenario *scenario,
                                                 const AciesPool     *pool,
                                                 gboolean            *short_of);

G_END_DECLS
