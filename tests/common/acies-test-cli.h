/* acies-test-cli.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *acies_test_source_path (const char         *first,
                              ...) G_GNUC_NULL_TERMINATED G_GNUC_MALLOC;
int   acies_test_cli_run     (const char * const *args,
                              char              **out,
                              char              **err);

G_END_DECLS
