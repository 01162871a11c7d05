/* test-lb-rules.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-lb"

#include "config.h"

#include <glib.h>

#include "rulesets/lost-battles/acies-lb-private.h"

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  return g_test_run ();
}
