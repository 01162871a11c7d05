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
int   acies_test_cli_run_on_terminal (const char * const  *args,
                                      char               **err);

/* Runs acies-cli with the arguments after @err and checks its exit
 * status; *@out and *@err are replaced by what it printed. */
#define ACIES_TEST_CLI_RUN(status, out, err, ...) \
  G_STMT_START { \
    const char *args_[] = { __VA_ARGS__, NULL }; \
    g_clear_pointer (out, g_free); \
    g_clear_pointer (err, g_free); \
    g_assert_cmpint (acies_test_cli_run (args_, (out), (err)), ==, (status)); \
  } G_STMT_END

G_END_DECLS
