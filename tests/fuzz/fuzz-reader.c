/* fuzz-reader.c — a libFuzzer target for one reader
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built once per reader with -DACIES_FUZZ_TARGET="scenario" (or "game",
 * "table") when Meson is set up with -Dfuzzing=true and CC=clang; see
 * tests/fuzz/README.md.
 */

#define G_LOG_DOMAIN "acies-fuzz"

#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include <glib.h>

#include "acies-fuzz-common.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static AciesFuzzReader reader;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  reader = acies_fuzz_reader_for (ACIES_FUZZ_TARGET);
  if (reader == NULL)
    abort ();
  acies_fuzz_setup ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;

  /* The reader aborts on a broken contract; crashes, leaks and sanitizer
   * reports are the fuzzer's to find. */
  reader (data, size, &error);
  return 0;
}
