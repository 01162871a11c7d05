/* test-fb-cli.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-fb"

#include "config.h"

#include <string.h>

#include "acies-test-cli.h"

/*
 * The checklist's rulings (section 2.4) are the ruleset's options: acies-cli
 * play sets them by name, checked against the catalogue (the same options
 * New Game offers); a bundled battle plays to its end under them.
 */

static void
test_options (void)
{
  g_autofree char *marathon = acies_test_source_path ("data", "scenarios", "four-battles", "marathon.acies", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  {
    const char *args[] = { "play", marathon, "--random", "1", "--option", "stacking_during_move=never",
                           "--option", "lone_leader_escape=toward", NULL };

    g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "\"finished\": true"));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *args[] = { "play", marathon, "--option", "stacking_during_move=sometimes", NULL };

    g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "moves-next"));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *args[] = { "play", marathon, "--option", "no_such_ruling=1", NULL };

    g_assert_cmpint (acies_test_cli_run (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "odds_below_one"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/2.4/options-from-the-cli", test_options);
  return g_test_run ();
}
