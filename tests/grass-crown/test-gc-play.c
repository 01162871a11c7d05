/* test-gc-play.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-gc-play"

#include "config.h"

#include <string.h>

#include "acies-error.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/grass-crown/acies-gc-private.h"

#include "gc-test-common.h"

/*
 * What the play window shows of a Grass Crown game, as two players read
 * it: the actions' sentences (describe_action), the victory screen's score
 * lines, the counters' views, the Fortuna prompt and the log.
 */

/* Plays Heraclea with random legal actions (seeded) until it ends. */
static Fixture
random_game (guint64 seed)
{
  Fixture fx;
  g_autoptr(JsonObject) options = json_object_new ();
  GRand *rand = g_rand_new_with_seed ((guint32) seed);
  guint n = 0;

  json_object_set_int_member (options, "max_turns", 200);
  fixture_start_opts (&fx, heraclea_load (), options);
  acies_dice_free (fx.dice);
  fx.dice = acies_dice_new_seeded (seed);
  while (!fx.s->base.finished && n++ < 200000)
    {
      g_autoptr(GArray) l = legal (&fx);
      g_autoptr(GError) error = NULL;

      /* Nobody concedes: the game is played out. */
      for (guint i = l->len; i-- > 0;)
        if (g_array_index (l, AciesAction, i).type == ACIES_GC_ACTION_CONCEDE)
          g_array_remove_index (l, i);
      g_assert_cmpuint (l->len, >, 0);
      g_assert_true (acies_ruleset_apply (fx.ruleset, &fx.s->base,
                                          &g_array_index (l, AciesAction, g_rand_int_range (rand, 0, l->len)),
                                          fx.dice, fx.events, &error));
      g_assert_no_error (error);
      g_ptr_array_set_size (fx.events, 0);
    }
  g_rand_free (rand);
  g_assert_true (fx.s->base.finished);
  return fx;
}

/* GC 13.0: the victory screen totals a side's score lines; they add up to
 * the side's VP, and the Rally Limit is said without points. */
static void
test_13_0_score_lines_sum (void)
{
  gint scored = 0;

  for (guint64 seed = 1; seed <= 4; seed++)
    {
      Fixture fx = random_game (seed);

      scored += fx.s->vp[0] + fx.s->vp[1];
      g_test_message ("seed %" G_GUINT64_FORMAT ": VP %d–%d, Rally Limits %d–%d, turn %u: %s", seed, fx.s->vp[0], fx.s->vp[1],
                      fx.s->rally_limit[0], fx.s->rally_limit[1], fx.s->player_turn, fx.s->base.end_reason);

      for (gint side = 0; side < 2; side++)
        {
          g_autoptr(GPtrArray) lines = acies_ruleset_get_score (fx.ruleset, &fx.s->base, side);
          g_autofree char *rl = g_strdup_printf ("Rally Limit left: %d", fx.s->rally_limit[side]);
          gint total = 0;
          gboolean said = FALSE;

          for (guint i = 0; i < lines->len; i++)
            {
              const AciesScoreLine *line = g_ptr_array_index (lines, i);

              total += line->points;
              if (g_str_has_prefix (line->label, rl))
                {
                  said = TRUE;
                  g_assert_cmpint (line->points, ==, 0);
                }
            }
          g_assert_cmpint (total, ==, fx.s->vp[side]);
          g_assert_true (said);
        }
      fixture_end (&fx);
    }
  /* The games did score. */
  g_assert_cmpint (scored, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/acies/grass-crown/13.0/score-lines-sum", test_13_0_score_lines_sum);

  return g_test_run ();
}
