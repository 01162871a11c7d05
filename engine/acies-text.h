/* acies-text.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *acies_text_join_list (const char * const *items,
                            gsize               n);
char *acies_text_join_units (const char * const *items,
                             gsize               n,
                             gsize               max_named);

char *acies_text_phase_name (const char *phase);
const char *acies_rule_citation_shown (const char *rule);

G_END_DECLS
