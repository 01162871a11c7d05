/* acies-test-games.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "acies-test-games.h"

/**
 * acies_test_games:
 * @default_count: how many random games a test plays by default
 *
 * The number of random games a test plays: @default_count, or fewer when
 * the environment variable ACIES_TEST_GAMES says so (the valgrind test
 * setup, tests/reliability/meson.build, plays 20).  A value that is not a
 * number from 1 to @default_count is ignored.
 *
 * Returns: the number of games
 */
guint
acies_test_games (guint default_count)
{
  const char *env = g_getenv ("ACIES_TEST_GAMES");
  guint64 n;

  if (env != NULL && g_ascii_string_to_unsigned (env, 10, 1, default_count, &n, NULL))
    return (guint) n;
  return default_count;
}
