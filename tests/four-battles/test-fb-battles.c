/* test-fb-battles.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-fb"

#include "config.h"

#include <string.h>

#include "fb-test-common.h"
#include "io/acies-scenario-io.h"

/*
 * The printed figures of the bundled battles' exclusive rules, read back
 * through the engine: who moves first, how many turns, the army morale
 * levels and rally numbers, displacement, the counters the rules change
 * (MAR 5.2, GRA 5.2) and the set-up order (ZAM 2.1, TEU 2.3).  Maps and
 * orders of battle beyond these are reconstructions (the scenarios'
 * notes say from what).
 */

static FbState *
battle (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_strconcat (name, ".acies", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("ACIES_SOURCE_DIR") != NULL ? g_getenv ("ACIES_SOURCE_DIR") : ".",
                                            "data", "scenarios", "four-battles", file, NULL);
  g_autoptr(AciesScenario) scn = acies_scenario_load_path (path, &error);

  g_assert_no_error (error);
  return fb_state (scn, NULL);
}

static gint
side_of (const FbState *s,
         const char    *id)
{
  gint side = acies_scenario_side_index (s->st->scenario, id);

  g_assert_cmpint (side, >=, 0);
  return side;
}

static void
assert_morale (const FbState *s,
               const char    *side_id,
               gint           demoralization,
               gint           disintegration,
               gint           rally)
{
  gint side = side_of (s, side_id);

  g_assert_cmpint (s->st->demoralization[side], ==, demoralization);
  g_assert_cmpint (s->st->disintegration[side], ==, disintegration);
  g_assert_cmpint (s->st->rally[side], ==, rally);
}

/* MAR 2.2, MAR 2.4, MAR 3.4, MAR 5.1-5.2: Persians first, 10 turns,
 * 60/75 and rally on 1 for both, no displacement, the Persian cavalry
 * parenthesised, swamp prohibited. */
static void
test_marathon (void)
{
  g_autoptr(FbState) s = battle ("marathon");
  gint persians = side_of (s, "persians");
  gint cavalry = 0, swamp = 0;

  g_assert_cmpint (s->st->first_side, ==, persians);
  g_assert_cmpint (s->st->turn_limit, ==, 10);
  assert_morale (s, "greeks", 60, 75, 1);
  assert_morale (s, "persians", 60, 75, 1);
  g_assert_false (s->st->displacement[0] || s->st->displacement[1]);
  for (gint i = 0; i < s->st->n_combat; i++)
    if (s->st->pieces[i].side == persians && s->st->pieces[i].cls == FB_CAVALRY)
      {
        g_assert_true (s->st->pieces[i].paren);
        cavalry++;
      }
  g_assert_cmpint (cavalry, >, 0);
  for (gint c = 0; c < s->st->n_cells; c++)
    if (g_strcmp0 (s->st->terrain_id[c], "swamp") == 0)
      {
        g_assert_cmpint (s->st->terrain_mp[c], ==, FB_INF_COST);
        swamp++;
      }
  g_assert_cmpint (swamp, >, 0);
}

/* GRA 2.2, GRA 2.4, GRA 3.4, GRA 5.2: Macedonians first, 10 turns,
 * 60/75 with rally 1-3 and 1, no displacement; the extra Companion
 * counter 7-5 (reverse 3-5) at 5925. */
static void
test_granicus (void)
{
  g_autoptr(FbState) s = battle ("granicus");
  gint mac = side_of (s, "macedonians");
  gboolean extra = FALSE;

  g_assert_cmpint (s->st->first_side, ==, mac);
  g_assert_cmpint (s->st->turn_limit, ==, 10);
  assert_morale (s, "macedonians", 60, 75, 3);
  assert_morale (s, "persians", 60, 75, 1);
  g_assert_false (s->st->displacement[0] || s->st->displacement[1]);
  for (gint i = 0; i < s->st->n_combat; i++)
    if (s->p[i].cell == fb_cell (s, "5925"))
      extra = s->st->pieces[i].sp == 7 && s->st->pieces[i].sp_reduced == 3 && s->st->pieces[i].ma == 5
              && s->st->pieces[i].two_step;
  g_assert_true (extra);
}

/* ZAM 2.1, ZAM 2.2: the Carthaginians set up first and move first, 10
 * turns; ZAM 3.4: no displacement for them. */
static void
test_zama (void)
{
  g_autoptr(FbState) s = battle ("zama");
  gint carthage = side_of (s, "carthaginians");

  g_assert_cmpint (s->st->setup_first, ==, carthage);
  g_assert_cmpint (s->st->first_side, ==, carthage);
  g_assert_cmpint (s->st->turn_limit, ==, 10);
  g_assert_false (s->st->displacement[carthage]);
}

/* TEU 2.3: Germans first and 6 turns in the historical battle, Romans
 * first and 12 turns in the relief; TEU 2.1: the eagles on their legions'
 * designated hexes (historical 1811, 2309, 2807). */
static void
test_teutoburg (void)
{
  g_autoptr(FbState) h = battle ("teutoburg-historical");
  g_autoptr(FbState) r = battle ("teutoburg-relief");
  static const char *eagles[] = { "1811", "2309", "2807" };

  g_assert_cmpint (h->st->first_side, ==, side_of (h, "germans"));
  g_assert_cmpint (h->st->turn_limit, ==, 6);
  g_assert_cmpint (r->st->first_side, ==, side_of (r, "romans"));
  g_assert_cmpint (r->st->turn_limit, ==, 12);
  for (guint k = 0; k < G_N_ELEMENTS (eagles); k++)
    {
      gboolean found = FALSE;

      for (gint i = h->st->n_combat; i < h->st->n_pieces; i++)
        found |= h->st->pieces[i].cls == FB_EAGLE && h->p[i].cell == fb_cell (h, eagles[k]);
      g_assert_true (found);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/MAR-2.2/marathon-data", test_marathon);
  g_test_add_func ("/acies/four-battles/GRA-2.4/granicus-data", test_granicus);
  g_test_add_func ("/acies/four-battles/ZAM-2.1/zama-data", test_zama);
  g_test_add_func ("/acies/four-battles/TEU-2.3/teutoburg-data", test_teutoburg);
  return g_test_run ();
}
