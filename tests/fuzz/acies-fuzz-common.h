/* acies-fuzz-common.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The readers under fuzzing, shared by the libFuzzer targets
 * (fuzz-*.c, built with -Dfuzzing=true) and by the regression test
 * (test-fuzz-regressions.c, built always), so a fixture replays exactly
 * what the fuzzer ran.
 *
 * Each function feeds @data to one reader and checks the reader's
 * contract: it returns a result or a clear ACIES_ENGINE_ERROR (non-empty
 * message), never both and never neither; a result survives a write and
 * a read back.  A broken contract aborts (the fuzzer reports it as a
 * crash).  Returns TRUE when the input was accepted; FALSE with @error
 * set when it was refused.
 */

typedef gboolean (*AciesFuzzReader) (const guint8  *data,
                                     gsize          size,
                                     GError       **error);

void     acies_fuzz_setup        (void);
gboolean acies_fuzz_is_alias     (const char    *id);

gboolean acies_fuzz_scenario     (const guint8  *data,
                                  gsize          size,
                                  GError       **error);
gboolean acies_fuzz_game         (const guint8  *data,
                                  gsize          size,
                                  GError       **error);
gboolean acies_fuzz_table        (const guint8  *data,
                                  gsize          size,
                                  GError       **error);
gboolean acies_fuzz_pipeline     (const guint8  *data,
                                  gsize          size,
                                  GError       **error);
gboolean acies_fuzz_pipeline_full (const guint8 *data,
                                  gsize          size,
                                  GError       **error);

AciesFuzzReader acies_fuzz_reader_for (const char *target);

G_END_DECLS
