/* test-sg-move.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-sg"

#include "config.h"

#include <string.h>

#include "sg-test-common.h"

/*
 * One test per checklist case of SG 5.x (movement, two-hex units,
 * stacking), 6.x (facing, reaction facing, ZOC), 10.3 (Double Depth) and
 * 11.2 (Column).  Positions are given by hex labels; the comments name
 * the neighbours that matter (odd-numbered rows are shifted left).
 */

static JsonObject *
opt_bool (const char *id,
          gboolean    value)
{
  JsonObject *o = json_object_new ();

  json_object_set_boolean_member (o, id, value);
  return o;
}

/* The label @n hexes from @label in direction @dir. */
static const char *
along (AciesScenario *sc,
       const char    *label,
       gint           dir,
       gint           n)
{
  for (gint i = 0; i < n; i++)
    label = nb_label (sc, label, dir);
  return label;
}

/* A hostes Formation Commander in the north-east corner: the hostes
 * units are In Command. */
static void
hostes_fc (AciesScenario *sc,
           guint          w)
{
  g_autofree char *corner = g_strdup_printf ("%02u01", w);

  scn_leader (sc, "dfc", 1, "d", 3, 12, 0, -1, corner);
}

/* ---- 5.1 Movement ---- */

static void
test_5_11_ma (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0712", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* Up to its MA of 5 Clear hexes, not 6. */
  for (gint n = 1; n <= 5; n++)
    g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, along (sc, "0712", D_NW, n))));
  g_assert_false (fx_has (&fx, SG_A_STEP, u, C (&fx, along (sc, "0712", D_NW, 6))));
  /* Two hexes now leave three. */
  fx_step (&fx, u, along (sc, "0712", D_NW, 2));
  g_assert_cmpuint (fx.s->units[u].mp, ==, 2);
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, along (sc, "0712", D_NW, 5))));
  g_assert_false (fx_has (&fx, SG_A_STEP, u, C (&fx, along (sc, "0712", D_NW, 6))));
  fx_end (&fx);

  /* Spending nothing is allowed. */
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0712", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_end_move (&fx);
  g_assert_cmpint (fx.s->units[u].cell, ==, C (&fx, "0712"));
  g_assert_cmpuint (fx.s->units[u].hits, ==, 0);
  fx_end (&fx);
}

static void
test_5_12_one_at_a_time (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, w, t, b;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0512", NORTH);
  w = scn_unit (sc, "w", "a", "HI", 5, 4, 5, NULL, "0912", NORTH);
  t = scn_unit (sc, "t", "a", "LG", 5, 3, 5, NULL, "1212", NORTH);
  b = scn_unit (sc, "b", "a", "LG", 5, 3, 5, NULL, "1212", NORTH);
  scn_attr_string (sc, t, "legion", "I");
  scn_attr_string (sc, b, "legion", "I");
  scn_attr_string (sc, t, "class", "H");
  scn_attr_string (sc, b, "class", "H");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0511");
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, "0510")));
  /* Once another unit moves, the first is finished. */
  fx_step (&fx, w, "0911");
  g_assert_false (fx_has (&fx, SG_A_STEP, u, G_MININT));
  g_assert_true (fx.s->units[u].f & SG_UF_DONE);
  /* A stack moves together (its top unit acts). */
  g_assert_cmpint (sg_top (fx.s, C (&fx, "1212")), ==, t);
  g_assert_false (fx_has (&fx, SG_A_STEP, b, G_MININT));
  fx_act (&fx, SG_A_STEP, t, C (&fx, "1211"), -1, -1);
  g_assert_cmpint (fx.s->units[t].cell, ==, C (&fx, "1211"));
  g_assert_cmpint (fx.s->units[b].cell, ==, C (&fx, "1211"));
  fx_end (&fx);
}

static void
test_5_13_front_hexes (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* Facing north: only the north-west and north-east hexes. */
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (sc, "0710", D_NW))));
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (sc, "0710", D_NE))));
  for (gint d = D_E; d <= D_W; d++)
    g_assert_false (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (sc, "0710", d))));
  /* To go east it first turns (vertex 1: east and south-east ahead). */
  ACT2 (&fx, SG_A_TURN, u, 1);
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (sc, "0710", D_E))));
  g_assert_false (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (sc, "0710", D_NW))));
  fx_end (&fx);
}

static void
test_5_14_costs (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, w, f;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  w = scn_unit (sc, "w", "a", "HI", 5, 4, 5, NULL, "1010", NORTH);
  /* A friend of another kind one hex ahead of w: passing costs 1 more. */
  f = scn_unit (sc, "f", "a", "LI", 4, 2, 6, NULL, nb_label (sc, "1010", D_NW), NORTH);
  scn_terrain (sc, nb_label (sc, "0710", D_NW), "rough");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* Rough costs infantry 2 (TEC). */
  g_assert_cmpint (sg_enter_cost (fx.s, u, C (&fx, "0710"), C (&fx, nb_label (sc, "0710", D_NW)), NULL), ==, 2);
  fx_act (&fx, SG_A_STEP, u, C (&fx, nb_label (sc, "0710", D_NW)), -1, -1);
  g_assert_cmpuint (fx.s->units[u].mp, ==, 2);
  /* A facing change costs 1 MP a vertex for heavy infantry (6.12). */
  ACT2 (&fx, SG_A_TURN, u, 0);
  g_assert_cmpuint (fx.s->units[u].mp, ==, 3);
  /* Through a friendly-occupied hex: 1 + 1, then the next hex 1. */
  fx_step (&fx, w, along (sc, "1010", D_NW, 2));
  g_assert_cmpuint (fx.s->units[w].mp, ==, 3);
  g_assert_cmpint (fx.s->units[f].cell, ==, C (&fx, nb_label (sc, "1010", D_NW)));
  fx_end (&fx);
}

static void
test_5_15_impassable (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, w;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 2, NULL, "0710", NORTH);
  w = scn_unit (sc, "w", "a", "HI", 5, 4, 5, NULL, "1010", NORTH);
  scn_terrain (sc, nb_label (sc, "0710", D_NW), "marsh");
  scn_terrain (sc, nb_label (sc, "1010", D_NW), "sea");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* Marsh costs 3: an MA of 2 is not enough.  The sea is prohibited. */
  g_assert_false (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (sc, "0710", D_NW))));
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (sc, "0710", D_NE))));
  g_assert_false (fx_has (&fx, SG_A_STEP, w, C (&fx, nb_label (sc, "1010", D_NW))));
  g_assert_cmpint (sg_enter_cost (fx.s, w, C (&fx, "1010"), C (&fx, nb_label (sc, "1010", D_NW)), NULL), ==,
                   SG_MP_PROHIBITED);
  fx_end (&fx);
}

static void
test_5_16_enemy_hexes (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  /* An enemy in u's front hex, turned away (u is in its rear). */
  v = scn_unit (sc, "v", "d", "LI", 3, 2, 6, NULL, nb_label (sc, "0710", D_NE), NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_STEP, u, fx.s->units[v].cell));
  fx_end (&fx);
}

static void
test_5_17_terrain_hits (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, w, t, b;
  const char *rough;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0410", NORTH);
  w = scn_unit (sc, "w", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  t = scn_unit (sc, "t", "a", "LG", 5, 3, 5, NULL, "1010", NORTH);
  b = scn_unit (sc, "b", "a", "LG", 5, 3, 5, NULL, "1010", NORTH);
  scn_attr_string (sc, t, "legion", "I");
  scn_attr_string (sc, b, "legion", "I");
  scn_terrain (sc, nb_label (sc, "0410", D_NE), "woods");
  rough = nb_label (sc, "0710", D_NE);
  scn_terrain (sc, rough, "rough");
  scn_terrain (sc, nb_label (sc, "1010", D_NE), "woods");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* Woods: "h", a Hit whatever is paid. */
  fx_step (&fx, u, nb_label (sc, "0410", D_NE));
  g_assert_cmpuint (fx.s->units[u].hits, ==, 1);
  /* Rough: "(h)", avoided by paying 1 MP more. */
  g_assert_true (fx_has4 (&fx, SG_A_STEP, w, C (&fx, rough), 1, -1));
  fx_act (&fx, SG_A_STEP, w, C (&fx, rough), 1, -1);
  g_assert_cmpuint (fx.s->units[w].hits, ==, 0);
  g_assert_cmpuint (fx.s->units[w].mp, ==, 3);
  /* A moving stack: both units take the Hit. */
  fx_step (&fx, t, nb_label (sc, "1010", D_NE));
  g_assert_cmpuint (fx.s->units[t].hits, ==, 1);
  g_assert_cmpuint (fx.s->units[b].hits, ==, 1);
  fx_end (&fx);

  /* Without paying, the Hit. */
  sc = scn_basic (14, 14);
  w = scn_unit (sc, "w", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  scn_terrain (sc, nb_label (sc, "0710", D_NE), "rough");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, w, nb_label (sc, "0710", D_NE));
  g_assert_cmpuint (fx.s->units[w].hits, ==, 1);
  g_assert_cmpuint (fx.s->units[w].mp, ==, 2);
  fx_end (&fx);
}

/* ---- 5.2 Two-hex units ---- */

static void
test_5_21_phalanx_ma (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint p;

  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0712", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  /* Printed 5, played 4. */
  g_assert_cmpint (sg_ma (fx.s, p), ==, 4);
  fx_activate (&fx, "a");
  g_assert_true (fx_has (&fx, SG_A_STEP, p, C (&fx, along (sc, "0712", D_NE, 4))));
  g_assert_false (fx_has (&fx, SG_A_STEP, p, C (&fx, along (sc, "0712", D_NE, 5))));
  fx_end (&fx);
}

static void
test_5_22_two_terrains (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint p;
  const char *a, *b;

  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0712", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  /* Stepping north-east, half A enters a Clear hex and half B a Rough
   * one: the Rough cost (3 for two-hex units) and its "(h)". */
  a = nb_label (sc, "0712", D_NE);
  b = nb_label (sc, nb_label (sc, "0712", D_W), D_NE);
  scn_terrain (sc, b, "rough");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_act (&fx, SG_A_STEP, p, C (&fx, a), -1, -1);
  g_assert_cmpint (fx.s->units[p].cell2, ==, C (&fx, b));
  g_assert_cmpuint (fx.s->units[p].mp, ==, 3);
  g_assert_cmpuint (fx.s->units[p].hits, ==, 1);
  fx_end (&fx);
}

static void
test_5_23_pivot (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint p, stay, c;

  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0712", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* Straight ahead: both halves forward. */
  g_assert_true (fx_has (&fx, SG_A_STEP, p, C (&fx, nb_label (sc, "0712", D_NW))));
  /* Pivots both ways: one half stays, the other comes into the Front hex
   * both share (the hex north-west of 0712). */
  c = C (&fx, nb_label (sc, "0712", D_NW));
  g_assert_true (fx_has4 (&fx, SG_A_PIVOT, p, c, 0, -1));
  g_assert_true (fx_has4 (&fx, SG_A_PIVOT, p, c, 1, -1));
  stay = sg_pivot_half (fx.s, p, 1);
  fx_act (&fx, SG_A_PIVOT, p, c, 1, -1);
  g_assert_true ((fx.s->units[p].cell == stay && fx.s->units[p].cell2 == c)
                 || (fx.s->units[p].cell == c && fx.s->units[p].cell2 == stay));
  g_assert_true (sg_two_hex_ok (fx.s->st, fx.s->units[p].cell, fx.s->units[p].cell2, fx.s->units[p].facing));
  g_assert_cmpint (fx.s->units[p].facing, !=, NORTH);
  g_assert_cmpuint (fx.s->units[p].mp, ==, 1);
  fx_end (&fx);
}

static void
test_5_24_half_advance (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint p;

  /* The Phalanx at 0710–0610 facing north steps north-east to 0809–0709:
   * 0809 lies in the ZOC of the enemy at 0808 (facing south), 0709 does
   * not. */
  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0808", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_cmpint (fx.s->units[p].cell2, ==, C (&fx, "0610"));
  fx_step (&fx, p, "0809");
  fx_no_reactions (&fx);
  g_assert_true (fx.s->units[p].f & SG_UF_STOPPED);
  g_assert_false (fx_has (&fx, SG_A_STEP, p, G_MININT));
  /* The free half (0709) comes up into 0708 for 2 MP. */
  g_assert_true (fx_has4 (&fx, SG_A_PIVOT, p, C (&fx, "0708"), 1, -1));
  fx_act (&fx, SG_A_PIVOT, p, C (&fx, "0708"), 1, -1);
  fx_no_reactions (&fx);
  g_assert_cmpuint (fx.s->units[p].mp, ==, 3);
  g_assert_true ((fx.s->units[p].cell == C (&fx, "0809") && fx.s->units[p].cell2 == C (&fx, "0708"))
                 || (fx.s->units[p].cell2 == C (&fx, "0809") && fx.s->units[p].cell == C (&fx, "0708")));
  /* Once. */
  g_assert_false (fx_has (&fx, SG_A_PIVOT, p, G_MININT));
  fx_end (&fx);

  /* Not out of Clear terrain. */
  sc = scn_basic (14, 14);
  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0808", SOUTH);
  scn_terrain (sc, "0708", "rough");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, p, "0809");
  fx_no_reactions (&fx);
  g_assert_false (fx_has (&fx, SG_A_PIVOT, p, G_MININT));
  fx_end (&fx);
}

/* ---- 5.3 Stacking ---- */

static void
test_5_31_stacking_limit (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint t, b, x;

  t = scn_unit (sc, "t", "a", "LG", 5, 3, 5, NULL, "0709", NORTH);
  b = scn_unit (sc, "b", "a", "LG", 5, 3, 5, NULL, "0709", NORTH);
  x = scn_unit (sc, "x", "a", "LG", 5, 3, 5, NULL, nb_label (sc, "0709", D_SE), NORTH);
  for (gint i = 0; i < 3; i++)
    scn_attr_string (sc, (gint[]) { t, b, x }[i], "legion", "I");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* A full hex takes no third unit, even in passing. */
  g_assert_false (fx_has (&fx, SG_A_STEP, x, C (&fx, "0709")));
  g_assert_false (fx_has (&fx, SG_A_STEP, x, C (&fx, nb_label (sc, "0709", D_NW))));
  fx_end (&fx);

  /* A scenario that puts three in one hex is refused. */
  sc = scn_basic (14, 14);
  for (gint i = 0; i < 3; i++)
    scn_attr_string (sc, scn_unit (sc, (const char *[]) { "t", "b", "x" }[i], "a", "LG", 5, 3, 5, NULL, "0709", NORTH),
                     "legion", "I");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  {
    g_autoptr(AciesRuleset) rs = acies_simple_gboh_ruleset_new ();
    g_autoptr(GError) error = NULL;

    g_assert_null (acies_ruleset_new_state (rs, sc, NULL, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "5.3"));
  }
  acies_scenario_unref (sc);
}

static void
test_5_32_pairs (void)
{
  AciesScenario *sc = scn_basic (16, 14);
  Fx fx;
  gint h1, h2, h3, p1, co1, co2, ce, hi1, hi2, hi3, art, li, lc1, lc2;

  h1 = scn_unit (sc, "h1", "a", "LG", 5, 3, 5, NULL, "0210", NORTH);
  h2 = scn_unit (sc, "h2", "a", "LG", 5, 3, 5, NULL, "0310", NORTH);
  h3 = scn_unit (sc, "h3", "a", "LG", 5, 3, 5, NULL, "0410", NORTH);
  p1 = scn_unit (sc, "p1", "a", "LG", 5, 3, 5, NULL, "0510", NORTH);
  co1 = scn_unit (sc, "co1", "a", "CO", 6, 4, 5, NULL, "0610", NORTH);
  co2 = scn_unit (sc, "co2", "a", "CO", 6, 4, 5, NULL, "0710", NORTH);
  ce = scn_unit (sc, "ce", "a", "LG", 6, 4, 5, NULL, "0810", NORTH);
  hi1 = scn_unit (sc, "hi1", "a", "HI", 5, 4, 5, NULL, "0910", NORTH);
  hi2 = scn_unit (sc, "hi2", "a", "HI", 5, 4, 5, NULL, "1010", NORTH);
  hi3 = scn_unit (sc, "hi3", "a", "HI", 5, 4, 5, NULL, "1110", NORTH);
  art = scn_unit (sc, "art", "a", "ART", 4, 1, 0, NULL, "1210", NORTH);
  li = scn_unit (sc, "li", "a", "LI", 4, 2, 6, NULL, "1310", NORTH);
  lc1 = scn_unit (sc, "lc1", "a", "LC", 5, 3, 8, NULL, "1410", NORTH);
  lc2 = scn_unit (sc, "lc2", "a", "LC", 5, 3, 8, NULL, "1510", NORTH);
  for (gint i = 0; i < 10; i++)
    scn_attr_string (sc, (gint[]) { h1, h2, p1, co1, co2, ce, hi1, hi2, lc1, lc2 }[i], "legion", "I");
  scn_attr_string (sc, h3, "legion", "II");
  scn_attr_string (sc, hi3, "legion", "II");
  scn_attr_string (sc, h1, "class", "H");
  scn_attr_string (sc, h2, "class", "H");
  scn_attr_string (sc, h3, "class", "H");
  scn_attr_string (sc, p1, "class", "P");
  scn_attr_string (sc, ce, "class", "CE");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1601", SOUTH);
  fx_start (&fx, sc, NULL);
  /* LG of one class and legion; not another legion or class. */
  g_assert_true (sg_may_stack (fx.s, h1, h2));
  g_assert_false (sg_may_stack (fx.s, h1, h3));
  g_assert_false (sg_may_stack (fx.s, h1, p1));
  /* Cohorts of one legion, CE counting as CO. */
  g_assert_true (sg_may_stack (fx.s, co1, co2));
  g_assert_true (sg_may_stack (fx.s, co1, ce));
  g_assert_false (sg_may_stack (fx.s, co1, h1));
  /* Heavy infantry of one legion. */
  g_assert_true (sg_may_stack (fx.s, hi1, hi2));
  g_assert_false (sg_may_stack (fx.s, hi1, hi3));
  /* Artillery with any infantry; cavalry never. */
  g_assert_true (sg_may_stack (fx.s, art, li));
  g_assert_true (sg_may_stack (fx.s, art, hi3));
  g_assert_false (sg_may_stack (fx.s, art, lc1));
  g_assert_false (sg_may_stack (fx.s, lc1, lc2));
  fx_end (&fx);
}

static void
test_5_33_swap (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint t, b, x;

  t = scn_unit (sc, "t", "a", "LG", 5, 3, 5, NULL, "0709", NORTH);
  b = scn_unit (sc, "b", "a", "LG", 5, 3, 5, NULL, "0709", NORTH);
  x = scn_unit (sc, "x", "a", "LG", 5, 3, 5, NULL, "1010", NORTH);
  for (gint i = 0; i < 3; i++)
    scn_attr_string (sc, (gint[]) { t, b, x }[i], "legion", "I");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_cmpint (sg_top (fx.s, C (&fx, "0709")), ==, t);
  /* Only the top unit acts alone; the swap costs 2 MP. */
  g_assert_true (fx_has4 (&fx, SG_A_STEP, t, C (&fx, nb_label (sc, "0709", D_NE)), -1, 1));
  g_assert_false (fx_has (&fx, SG_A_STEP, b, G_MININT));
  ACT1 (&fx, SG_A_SWAP, t);
  g_assert_cmpint (sg_top (fx.s, C (&fx, "0709")), ==, b);
  g_assert_cmpuint (fx.s->units[b].mp, ==, 2);
  g_assert_cmpuint (fx.s->units[t].mp, ==, 2);
  fx_end (&fx);

  /* A unit moving in goes under. */
  sc = scn_basic (14, 14);
  t = scn_unit (sc, "t", "a", "LG", 5, 3, 5, NULL, "0709", NORTH);
  x = scn_unit (sc, "x", "a", "LG", 5, 3, 5, NULL, nb_label (sc, "0709", D_SW), NORTH);
  scn_attr_string (sc, t, "legion", "I");
  scn_attr_string (sc, x, "legion", "I");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, x, "0709");
  g_assert_cmpint (sg_top (fx.s, C (&fx, "0709")), ==, t);
  g_assert_cmpint (sg_bottom (fx.s, C (&fx, "0709")), ==, x);
  fx_end (&fx);
}

/* acies_ruleset_next_in_stack()'s filter for the tests: every piece but
 * the one in @user_data. */
static gboolean
all_but (const AciesPiece *piece,
         gpointer          user_data)
{
  const AciesPiece *refused = user_data;

  return refused == NULL || piece->is_leader != refused->is_leader || piece->index != refused->index;
}

/* The piece a click on @label reaches after @after (NULL: the first),
 * every piece but @refused accepted. */
static AciesPiece
next_piece (Fx               *fx,
            const char       *label,
            const AciesPiece *after,
            const AciesPiece *refused)
{
  AciesPiece next = { FALSE, -1 };

  g_assert_true (acies_ruleset_next_in_stack (fx->ruleset, &fx->s->base, 0, C (fx, label), after, all_but,
                                              (gpointer) refused, &next));
  return next;
}

#define ASSERT_PIECE(p, leader, i) G_STMT_START { \
  g_assert_cmpint ((p).is_leader, ==, (leader)); \
  g_assert_cmpint ((p).index, ==, (i)); \
} G_STMT_END

/* SG 5.33, 4.31: a hex's pieces in the order a player's clicks reach them
 * (the ruleset's list_stack): the top combat unit, the bottom one, then
 * the leader stacked with them; after a swap the other unit is first.
 * Clicks go round, skip what the play mode refuses (the bottom unit,
 * which never acts alone), and reach the leader under two units. */
static void
test_5_33_click_order (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (AciesPiece));
  AciesPiece first, second, third, bottom;
  Fx fx;
  gint t, b, l;

  t = scn_unit (sc, "t", "a", "LG", 5, 3, 5, NULL, "0709", NORTH);
  b = scn_unit (sc, "b", "a", "LG", 5, 3, 5, NULL, "0709", NORTH);
  scn_attr_string (sc, t, "legion", "I");
  scn_attr_string (sc, b, "legion", "I");
  l = scn_leader (sc, "legate", 0, NULL, 4, 4, 0, t, NULL);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");

  acies_ruleset_list_stack (fx.ruleset, &fx.s->base, 0, C (&fx, "0709"), stack);
  g_assert_cmpuint (stack->len, ==, 3);
  ASSERT_PIECE (g_array_index (stack, AciesPiece, 0), FALSE, t);
  ASSERT_PIECE (g_array_index (stack, AciesPiece, 1), FALSE, b);
  ASSERT_PIECE (g_array_index (stack, AciesPiece, 2), TRUE, l);

  /* Round: top, bottom, leader, top. */
  first = next_piece (&fx, "0709", NULL, NULL);
  second = next_piece (&fx, "0709", &first, NULL);
  third = next_piece (&fx, "0709", &second, NULL);
  ASSERT_PIECE (first, FALSE, t);
  ASSERT_PIECE (second, FALSE, b);
  ASSERT_PIECE (third, TRUE, l);
  ASSERT_PIECE (next_piece (&fx, "0709", &third, NULL), FALSE, t);
  /* The bottom unit refused: the second click reaches the leader. */
  bottom = second;
  ASSERT_PIECE (next_piece (&fx, "0709", &first, &bottom), TRUE, l);
  /* The only piece accepted: itself again; none: FALSE. */
  g_array_set_size (stack, 0);
  acies_ruleset_list_stack (fx.ruleset, &fx.s->base, 0, C (&fx, "1401"), stack);
  g_assert_cmpuint (stack->len, ==, 1);
  ASSERT_PIECE (next_piece (&fx, "1401", &g_array_index (stack, AciesPiece, 0), NULL), FALSE,
                g_array_index (stack, AciesPiece, 0).index);
  g_assert_false (acies_ruleset_next_in_stack (fx.ruleset, &fx.s->base, 0, C (&fx, "1401"), NULL, all_but,
                                               &g_array_index (stack, AciesPiece, 0), &first));
  /* An empty hex: nothing. */
  g_array_set_size (stack, 0);
  acies_ruleset_list_stack (fx.ruleset, &fx.s->base, 0, C (&fx, "0305"), stack);
  g_assert_cmpuint (stack->len, ==, 0);

  /* 5.33: after the swap the bottom unit is on top, and first. */
  ACT1 (&fx, SG_A_SWAP, t);
  ASSERT_PIECE (next_piece (&fx, "0709", NULL, NULL), FALSE, b);
  ASSERT_PIECE (next_piece (&fx, "0709", &(AciesPiece) { FALSE, b }, NULL), FALSE, t);
  fx_end (&fx);
}

static void
test_5_34_alignment (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint t, x;

  /* t faces north-east (vertex 0); x comes from the south facing north
   * and pays 1 MP to take t's facing. */
  t = scn_unit (sc, "t", "a", "LG", 5, 3, 5, NULL, "0709", 0);
  x = scn_unit (sc, "x", "a", "LG", 5, 3, 5, NULL, nb_label (sc, "0709", D_SW), NORTH);
  scn_attr_string (sc, t, "legion", "I");
  scn_attr_string (sc, x, "legion", "I");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, x, "0709");
  g_assert_cmpint (fx.s->units[x].facing, ==, 0);
  /* 1 for the hex, 1 for the friendly-occupied hex, 1 for the vertex. */
  g_assert_cmpuint (fx.s->units[x].mp, ==, 3);
  fx_end (&fx);
}

static void
test_5_34_blocked_pass_through (void)
{
  AciesScenario *sc = scn_new (14, 14);
  Fx fx;
  gint t, b, e, f;

  /* The enemy (Out of Command: no Commander) goes south-west from 0707
   * through its friend at 0608 to 0609; a Roman stack at 0710 steps aside
   * into 0610 as it passes (5.36): 0609 is now next to it, and 0709 was
   * already.  It may neither stay with that friend nor go on: it falls
   * back to 0707. */
  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  scn_leader (sc, "fc", 0, "a", 3, 12, 0, -1, "0114");
  t = scn_unit (sc, "t", "a", "LG", 5, 3, 5, NULL, "0710", NORTH);
  b = scn_unit (sc, "b", "a", "LG", 5, 3, 5, NULL, "0710", NORTH);
  scn_attr_string (sc, t, "legion", "I");
  scn_attr_string (sc, b, "legion", "I");
  e = scn_unit (sc, "e", "d", "HI", 5, 4, 5, NULL, "0707", SOUTH);
  f = scn_unit (sc, "f", "d", "LI", 4, 2, 6, NULL, "0608", 0);
  fx_start (&fx, sc, NULL);
  fx_pass_to (&fx, 1);
  fx_activate (&fx, "d");
  g_assert_false (sg_may_stack (fx.s, e, f));
  g_assert_false (fx.s->units[e].f & SG_UF_IN_COMMAND);
  fx_step (&fx, e, "0609");
  g_assert_cmpint (fx.s->units[e].cell, ==, C (&fx, "0608"));
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  ACT2 (&fx, SG_A_SIDESTEP, t, C (&fx, "0610"));
  fx_no_reactions (&fx);
  g_assert_cmpint (fx.s->units[e].cell, ==, C (&fx, "0707"));
  g_assert_nonnull (fx_event (&fx, "move-back"));
  g_assert_true (fx.s->units[e].f & SG_UF_DONE);
  fx_end (&fx);
}

static void
test_5_35_stack_as_one (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint t, b;

  t = scn_unit (sc, "t", "a", "LG", 6, 3, 5, NULL, "0709", NORTH);
  b = scn_unit (sc, "b", "a", "LG", 4, 4, 5, NULL, "0709", NORTH);
  scn_attr_string (sc, t, "legion", "I");
  scn_attr_string (sc, b, "legion", "I");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  /* Sizes add; the top unit's TQ. */
  g_assert_cmpint (sg_piece (fx.s, b), ==, t);
  g_assert_cmpint (sg_piece_size (fx.s, t), ==, 7);
  g_assert_cmpint (sg_tq (fx.s, sg_piece (fx.s, b)), ==, 6);
  /* Hits split evenly, the odd one on top. */
  sg_hit_piece (fx.s, b, 3, SG_NONE, fx.dice, fx.events, "test");
  g_assert_cmpuint (fx.s->units[t].hits, ==, 2);
  g_assert_cmpuint (fx.s->units[b].hits, ==, 1);
  fx_end (&fx);
}

static void
test_5_36_sidestep (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint t, b, e;

  /* A Roman stack at 0710 facing north, both flank hexes (0610, 0810)
   * vacant and Clear; the enemy comes from 0907 to 0808, two hexes away. */
  t = scn_unit (sc, "t", "a", "LG", 5, 3, 5, NULL, "0710", NORTH);
  b = scn_unit (sc, "b", "a", "LG", 5, 3, 5, NULL, "0710", NORTH);
  scn_attr_string (sc, t, "legion", "I");
  scn_attr_string (sc, b, "legion", "I");
  e = scn_unit (sc, "e", "d", "HI", 5, 4, 5, NULL, "0907", SOUTH);
  hostes_fc (sc, 14);
  fx_start (&fx, sc, NULL);
  fx_pass_to (&fx, 1);
  fx_activate (&fx, "d");
  fx_step (&fx, e, "0808");
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  g_assert_true (fx_has (&fx, SG_A_SIDESTEP, t, C (&fx, "0610")));
  g_assert_true (fx_has (&fx, SG_A_SIDESTEP, t, C (&fx, "0810")));
  g_assert_false (fx_has (&fx, SG_A_SIDESTEP, b, G_MININT));
  ACT2 (&fx, SG_A_SIDESTEP, t, C (&fx, "0810"));
  /* The top unit slides, no MP, keeping its facing; the bottom stays. */
  g_assert_cmpint (fx.s->units[t].cell, ==, C (&fx, "0810"));
  g_assert_cmpint (fx.s->units[t].facing, ==, NORTH);
  g_assert_cmpint (fx.s->units[b].cell, ==, C (&fx, "0710"));
  g_assert_cmpint (sg_top (fx.s, C (&fx, "0710")), ==, b);
  fx_end (&fx);

  /* Not for non-Roman stacks (no legion). */
  sc = scn_basic (14, 14);
  t = scn_unit (sc, "t", "a", "HI", 5, 3, 5, NULL, "0710", NORTH);
  e = scn_unit (sc, "e", "d", "HI", 5, 4, 5, NULL, "0907", SOUTH);
  hostes_fc (sc, 14);
  fx_start (&fx, sc, NULL);
  fx_pass_to (&fx, 1);
  fx_activate (&fx, "d");
  fx_step (&fx, e, "0808");
  g_assert_false (fx_has (&fx, SG_A_SIDESTEP, t, G_MININT));
  fx_end (&fx);
}

static void
test_5_4_tec (void)
{
  AciesCatalogue *cat = acies_catalogue_get_bundled ("simple-gboh");
  const AciesTable *tec = acies_catalogue_find_table (cat, "tec");
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;
  guint checked = 0;

  g_assert_nonnull (tec);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1001", SOUTH);
  fx_start (&fx, sc, NULL);
  /* Every numeric movement cost and Shock DRM of the terrain rows is the
   * chart's (the engine reads no number of its own). */
  for (guint r = 0; r < fx.s->st->n_terrain; r++)
    for (guint c = 0; c <= SG_N_MV; c++)
      {
        const AciesTableCell *cell = acies_table_get (tec, r, c == SG_N_MV ? 7 : c);

        if (json_node_get_value_type (cell->value) != G_TYPE_INT64)
          continue;
        if (c == SG_N_MV)
          g_assert_cmpint (fx.s->st->shock_drm[r], ==, json_node_get_int (cell->value));
        else
          g_assert_cmpint (fx.s->st->mv_cost[r][c], ==, json_node_get_int (cell->value));
        checked++;
      }
  g_assert_cmpuint (checked, >=, 20);
  /* "P": prohibited. */
  g_assert_cmpint (fx.s->st->mv_cost[acies_table_row_index (tec, "sea")][SG_MV_INFANTRY], ==, SG_MP_PROHIBITED);
  fx_end (&fx);
}

/* ---- 6 Facing and ZOC ---- */

static void
test_6_11_vertex_facing (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, p, cells[4];

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "1110", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  /* Two front hexes, two flank, two rear. */
  g_assert_cmpuint (sg_front_cells (fx.s, u, cells), ==, 2);
  g_assert_cmpint (sg_relation (fx.s, u, C (&fx, nb_label (sc, "0710", D_NW))), ==, 0);
  g_assert_cmpint (sg_relation (fx.s, u, C (&fx, nb_label (sc, "0710", D_NE))), ==, 0);
  g_assert_cmpint (sg_relation (fx.s, u, C (&fx, nb_label (sc, "0710", D_E))), ==, 1);
  g_assert_cmpint (sg_relation (fx.s, u, C (&fx, nb_label (sc, "0710", D_W))), ==, 1);
  g_assert_cmpint (sg_relation (fx.s, u, C (&fx, nb_label (sc, "0710", D_SE))), ==, 2);
  g_assert_cmpint (sg_relation (fx.s, u, C (&fx, nb_label (sc, "0710", D_SW))), ==, 2);
  g_assert_cmpint (sg_relation (fx.s, u, C (&fx, "0712")), ==, -1);
  /* A two-hex unit: three front hexes. */
  g_assert_cmpuint (sg_front_cells (fx.s, p, cells), ==, 3);
  fx_end (&fx);
}

static void
test_6_12_facing_costs (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint hi, li, hc;

  hi = scn_unit (sc, "hi", "a", "HI", 5, 4, 5, NULL, "0310", NORTH);
  li = scn_unit (sc, "li", "a", "LI", 4, 2, 6, NULL, "0710", NORTH);
  hc = scn_unit (sc, "hc", "a", "HC", 5, 4, 8, NULL, "1110", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  /* Per vertex, free, or 1 for any change (TEC). */
  g_assert_cmpint (sg_facing_cost (fx.s, hi, NORTH, 1), ==, 2);
  g_assert_cmpint (sg_facing_cost (fx.s, hi, NORTH, SOUTH), ==, 3);
  g_assert_cmpint (sg_facing_cost (fx.s, li, NORTH, SOUTH), ==, 0);
  g_assert_cmpint (sg_facing_cost (fx.s, hc, NORTH, SOUTH), ==, 1);
  fx_activate (&fx, "a");
  ACT2 (&fx, SG_A_TURN, hi, SOUTH);
  g_assert_cmpuint (fx.s->units[hi].mp, ==, 3);
  ACT2 (&fx, SG_A_TURN, hc, SOUTH);
  g_assert_cmpuint (fx.s->units[hc].mp, ==, 1);
  fx_end (&fx);
}

static void
test_6_13_two_hex_about_face (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint p;

  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0712", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  /* About face only, 3 MP. */
  g_assert_true (fx_has (&fx, SG_A_TURN, p, SOUTH));
  for (gint f = 0; f < 6; f++)
    if (f != SOUTH)
      g_assert_false (fx_has (&fx, SG_A_TURN, p, f));
  ACT2 (&fx, SG_A_TURN, p, SOUTH);
  g_assert_cmpuint (fx.s->units[p].mp, ==, 3);
  g_assert_true (sg_two_hex_ok (fx.s->st, fx.s->units[p].cell, fx.s->units[p].cell2, SOUTH));
  fx_end (&fx);

  /* Not with an enemy in its ZOC. */
  sc = scn_basic (14, 14);
  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0712", NORTH);
  scn_unit (sc, "v", "d", "LI", 3, 2, 6, NULL, nb_label (sc, "0712", D_NE), NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_TURN, p, G_MININT));
  fx_end (&fx);
}

static void
test_6_14_no_turn_in_zoc (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u;

  /* u steps into the ZOC of the enemy at 0808 (facing south: 0809, 0909). */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0808", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0809");
  fx_no_reactions (&fx);
  g_assert_false (fx_has (&fx, SG_A_TURN, u, G_MININT));
  fx_end (&fx);

  /* Starting in an enemy ZOC with the enemy in its own: it turns only to
   * leave the hex (SG-A13). */
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0809", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (fx.s->units[u].f & SG_UF_ZOC_PHASE);
  /* Vertex 3 looks at 0711 and 0610, neither next to the enemy. */
  g_assert_true (fx_has (&fx, SG_A_TURN, u, 3));
  /* Vertex 0 looks at the enemy and at 0810 next to it: no way out. */
  g_assert_false (fx_has (&fx, SG_A_TURN, u, 0));
  ACT2 (&fx, SG_A_TURN, u, 3);
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, "0610")));
  fx_end (&fx);
}

static void
test_6_15_reaction_facing (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, e;

  /* The enemy at 0910 (facing vertex 3) steps west into 0810, on u's
   * east flank. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  e = scn_unit (sc, "e", "d", "HI", 5, 4, 5, NULL, "0910", 3);
  hostes_fc (sc, 14);
  fx_start (&fx, sc, NULL);
  fx_pass_to (&fx, 1);
  fx_activate (&fx, "d");
  fx_step (&fx, e, "0810");
  /* Before it arrives: one vertex either way. */
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  g_assert_true (fx_has (&fx, SG_A_REACT_FACE, u, 0));
  g_assert_true (fx_has (&fx, SG_A_REACT_FACE, u, 4));
  g_assert_false (fx_has (&fx, SG_A_REACT_FACE, u, 1));
  /* d10 5 against TQ 5: it turns, no Hit. */
  fx_push (&fx, 1, 5);
  ACT2 (&fx, SG_A_REACT_FACE, u, 0);
  g_assert_cmpint (fx.s->units[u].facing, ==, 0);
  g_assert_cmpuint (fx.s->units[u].hits, ==, 0);
  fx_no_reactions (&fx);
  g_assert_cmpint (fx.s->units[e].cell, ==, C (&fx, "0810"));
  /* The enemy now stands in u's front. */
  g_assert_cmpint (sg_relation (fx.s, u, C (&fx, "0810")), ==, 0);
  /* Once per phase. */
  g_assert_true (fx.s->units[u].f & SG_UF_RFACED);
  fx_end (&fx);
}

static void
test_6_16_reverse_face (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint p, e;

  /* The Phalanx at 0710–0610 facing north; the enemy steps from 0712 into
   * 0711, its rear. */
  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0710", NORTH);
  e = scn_unit (sc, "e", "d", "HI", 5, 4, 5, NULL, "0712", NORTH);
  hostes_fc (sc, 14);
  fx_start (&fx, sc, NULL);
  fx_pass_to (&fx, 1);
  fx_activate (&fx, "d");
  fx_step (&fx, e, "0711");
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  g_assert_true (fx_has (&fx, SG_A_REACT_FACE, p, SOUTH));
  /* d10 4 against TQ 7: an about face in place. */
  fx_push (&fx, 1, 4);
  ACT2 (&fx, SG_A_REACT_FACE, p, SOUTH);
  g_assert_cmpint (fx.s->units[p].facing, ==, SOUTH);
  g_assert_cmpuint (fx.s->units[p].hits, ==, 0);
  g_assert_cmpint (fx.s->units[p].cell, ==, C (&fx, "0710"));
  g_assert_cmpint (fx.s->units[p].cell2, ==, C (&fx, "0610"));
  fx_no_reactions (&fx);
  g_assert_cmpint (sg_relation (fx.s, p, C (&fx, "0711")), ==, 0);
  fx_end (&fx);
}

static void
test_6_21_zoc (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, sk, cells[12];

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0310", NORTH);
  sk = scn_unit (sc, "sk", "a", "SK", 5, 2, 7, NULL, "0710", NORTH);
  scn_terrain (sc, nb_label (sc, "0310", D_NE), "sea");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  /* The front hexes, less one it could never enter. */
  g_assert_cmpuint (sg_zoc_cells (fx.s, u, cells), ==, 1);
  g_assert_cmpint (cells[0], ==, C (&fx, nb_label (sc, "0310", D_NW)));
  /* Skirmishers: the flank hexes too. */
  g_assert_cmpuint (sg_zoc_cells (fx.s, sk, cells), ==, 4);
  g_assert_true (sg_cell_in_zoc_of (fx.s, sk, C (&fx, nb_label (sc, "0710", D_E))));
  g_assert_false (sg_cell_in_zoc_of (fx.s, sk, C (&fx, nb_label (sc, "0710", D_SE))));
  fx_end (&fx);
}

static void
test_6_22_zoc_stops (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, w;

  /* u (facing vertex 0: north-east and east) goes east along 0810,
   * 0910, 1010…; the enemy at 1009 (facing vertex 3: 0910 and 0909)
   * holds 0910 in its ZOC. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", 0);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1009", 3);
  w = scn_unit (sc, "w", "a", "HI", 5, 4, 5, NULL, "0313", NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (sg_cell_in_zoc_of (fx.s, 1, C (&fx, "0910")));
  /* The move ends at 0910, the first hex in the enemy's ZOC. */
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, "0810")));
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, "0910")));
  g_assert_false (fx_has (&fx, SG_A_STEP, u, C (&fx, "1010")));
  fx_end (&fx);

  /* Starting in the enemy's ZOC, an In Command unit may leave, but not to
   * a hex next to an enemy. */
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0809", 3);
  w = scn_unit (sc, "w", "a", "HI", 5, 4, 5, NULL, "0313", NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (fx.s->units[u].f & SG_UF_ZOC_PHASE);
  /* 0709 lies next to the enemy at 0809. */
  g_assert_false (fx_has (&fx, SG_A_STEP, u, C (&fx, "0709")));
  (void) w;
  fx_end (&fx);
}

static void
test_6_23_must_shock (void)
{
  AciesScenario *sc = scn_new (14, 14);
  Fx fx;
  gint u, v;

  /* Out of Command (no Commander at all), still obliged. */
  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0809", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx.s->units[u].f & SG_UF_IN_COMMAND);
  fx_end_move (&fx);
  g_assert_cmpint (fx.s->step, ==, SG_ST_DESIGNATE);
  g_assert_false (fx_has (&fx, SG_A_END_DESIGNATION, -1, -1));
  g_assert_true (fx_has (&fx, SG_A_DESIGNATE, u, v));
  ACT2 (&fx, SG_A_DESIGNATE, u, v);
  g_assert_true (fx_has (&fx, SG_A_END_DESIGNATION, -1, -1));
  fx_end (&fx);
}

/* ---- 10.3 Double Depth ---- */

static void
test_10_3_double_depth (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint f, r;

  /* Two Phalanxes, one directly behind the other. */
  f = scn_unit (sc, "f", "a", "PH", 7, 10, 5, NULL, "0710", NORTH);
  r = scn_unit (sc, "r", "a", "PH", 7, 10, 5, NULL, nb_label (sc, "0710", D_SW), NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  scn_rule (sc, "double-depth", 0, NULL, NULL);
  fx_start (&fx, sc, NULL);
  g_assert_true (fx.s->st->sides[0].double_depth);
  g_assert_true (sg_double_depth_ok (fx.s, f, r));
  fx_activate (&fx, "a");
  ACT2 (&fx, SG_A_DOUBLE_DEPTH, f, r);
  /* One unit: the front counter, the rear as its marker; Sizes add. */
  g_assert_true (fx.s->units[f].f & SG_UF_DOUBLE);
  g_assert_cmpint (fx.s->units[r].status, ==, SG_U_MERGED);
  g_assert_cmpint (sg_piece_size (fx.s, f), ==, 20);
  /* Rout Points twice: 2 × (2 × 7). */
  g_assert_cmpint (sg_unit_rp (fx.s, f), ==, 28);
  /* No about face at Double Depth (6.13). */
  g_assert_false (fx_has (&fx, SG_A_TURN, f, SOUTH));
  fx_end (&fx);

  /* Not without the scenario's leave. */
  sc = scn_basic (14, 14);
  f = scn_unit (sc, "f", "a", "PH", 7, 10, 5, NULL, "0710", NORTH);
  r = scn_unit (sc, "r", "a", "PH", 7, 10, 5, NULL, nb_label (sc, "0710", D_SW), NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_DOUBLE_DEPTH, f, r));
  fx_end (&fx);
}

/* ---- 11.2 Column ---- */

static Fx *
column_fx (Fx         *fx,
           const char *type,
           gint       *u)
{
  AciesScenario *sc = scn_basic (14, 14);

  *u = scn_unit (sc, "u", "a", type, 6, 4, 5, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  {
    g_autoptr(JsonObject) o = opt_bool ("column_movement", TRUE);

    fx_start (fx, sc, o);
  }
  fx_activate (fx, "a");
  return fx;
}

/* 11.21: Column movement needs a phase begun In Column: on to Rome's
 * next activation. */
static void
column_next (Fx *fx)
{
  fx_end_move (fx);
  fx_pass_to (fx, 1);
  fx_pass_to (fx, 0);
  fx_activate (fx, "a");
}

static void
test_11_21_into_column (void)
{
  Fx fx;
  gint u;

  /* Off by default (optional rule). */
  {
    AciesScenario *sc = scn_basic (14, 14);

    u = scn_unit (sc, "u", "a", "HI", 6, 4, 5, NULL, "0710", NORTH);
    scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
    fx_start (&fx, sc, NULL);
    fx_activate (&fx, "a");
    g_assert_false (fx_has (&fx, SG_A_COLUMN, u, G_MININT));
    fx_end (&fx);
  }
  column_fx (&fx, "HI", &u);
  g_assert_true (fx_has (&fx, SG_A_COLUMN, u, 0));
  ACT2 (&fx, SG_A_COLUMN, u, 0);
  g_assert_true (fx.s->units[u].f & SG_UF_COLUMN);
  g_assert_cmpuint (fx.s->units[u].mp, ==, 1);
  fx_end (&fx);

  /* Cavalry may not (TEC). */
  column_fx (&fx, "HC", &u);
  g_assert_false (fx_has (&fx, SG_A_COLUMN, u, G_MININT));
  fx_end (&fx);
}

static void
test_11_22_column_ma (void)
{
  Fx fx;
  gint u;

  column_fx (&fx, "HI", &u);
  g_assert_cmpint (sg_ma (fx.s, u), ==, 5);
  ACT2 (&fx, SG_A_COLUMN, u, 0);
  g_assert_cmpint (sg_ma (fx.s, u), ==, 6);
  fx_end (&fx);
}

static void
test_11_23_column_facing (void)
{
  Fx fx;
  gint u, cells[4];

  column_fx (&fx, "HI", &u);
  ACT2 (&fx, SG_A_COLUMN, u, 0);
  /* It faces a hexside: one front hex. */
  g_assert_cmpint (fx.s->units[u].facing, ==, 0);
  g_assert_cmpuint (sg_front_cells (fx.s, u, cells), ==, 1);
  g_assert_cmpint (cells[0], ==, C (&fx, nb_label (fx.scenario, "0710", D_NE)));
  fx_end (&fx);
}

static void
test_11_24_column_moves (void)
{
  Fx fx;
  gint u;

  column_fx (&fx, "HI", &u);
  ACT2 (&fx, SG_A_COLUMN, u, 0);
  /* It changed at the end of its move. */
  g_assert_false (fx_has (&fx, SG_A_STEP, u, G_MININT));
  column_next (&fx);
  /* Ahead, or into a front-flank hex with a free turn. */
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (fx.scenario, "0710", D_NE))));
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (fx.scenario, "0710", D_NW))));
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (fx.scenario, "0710", D_E))));
  g_assert_false (fx_has (&fx, SG_A_STEP, u, C (&fx, nb_label (fx.scenario, "0710", D_SE))));
  fx_step (&fx, u, nb_label (fx.scenario, "0710", D_E));
  g_assert_cmpint (fx.s->units[u].facing, ==, D_E);
  g_assert_cmpuint (fx.s->units[u].mp, ==, 1);
  fx_end (&fx);
}

static void
test_11_25_column_limits (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, w;

  u = scn_unit (sc, "u", "a", "LI", 6, 2, 5, "S", "0710", NORTH);
  w = scn_unit (sc, "w", "a", "LI", 6, 2, 5, "S", "0313", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0806", SOUTH);
  {
    g_autoptr(JsonObject) o = opt_bool ("column_movement", TRUE);

    fx_start (&fx, sc, o);
  }
  fx_activate (&fx, "a");
  ACT2 (&fx, SG_A_COLUMN, u, D_NE);
  /* TQ − 2. */
  g_assert_cmpint (sg_tq (fx.s, u), ==, 4);
  column_next (&fx);
  /* Never next to an enemy: along the line 0809, 0808, 0907, the last
   * lies next to the enemy at 0806. */
  g_assert_true (fx_has (&fx, SG_A_STEP, u, C (&fx, "0808")));
  g_assert_false (fx_has (&fx, SG_A_STEP, u, C (&fx, "0907")));
  /* It starts no combat: no fire from Column (its twin may). */
  g_assert_false (sg_may_fire_active (fx.s, u));
  g_assert_true (sg_may_fire_active (fx.s, w));
  fx_end (&fx);
}

static void
test_11_26_column_no_stack (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, t;

  u = scn_unit (sc, "u", "a", "LG", 6, 4, 5, NULL, "0710", NORTH);
  t = scn_unit (sc, "t", "a", "LG", 6, 4, 5, NULL, "0809", NORTH);
  scn_attr_string (sc, u, "legion", "I");
  scn_attr_string (sc, t, "legion", "I");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  {
    g_autoptr(JsonObject) o = opt_bool ("column_movement", TRUE);

    fx_start (&fx, sc, o);
  }
  fx_activate (&fx, "a");
  g_assert_true (sg_may_stack (fx.s, u, t));
  ACT2 (&fx, SG_A_COLUMN, u, 0);
  g_assert_false (sg_may_stack (fx.s, u, t));
  column_next (&fx);
  g_assert_false (fx_has (&fx, SG_A_STEP, u, C (&fx, "0809")));
  fx_end (&fx);
}

static void
test_11_27_column_reaction_facing (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, e;

  /* u In Column (facing north-east) at 0710; the enemy steps into 0810. */
  u = scn_unit (sc, "u", "a", "LI", 6, 2, 6, NULL, "0710", NORTH);
  e = scn_unit (sc, "e", "d", "HI", 5, 4, 5, NULL, "0910", 3);
  hostes_fc (sc, 14);
  {
    g_autoptr(JsonObject) o = opt_bool ("column_movement", TRUE);

    fx_start (&fx, sc, o);
  }
  fx_activate (&fx, "a");
  ACT2 (&fx, SG_A_COLUMN, u, D_NW);
  fx_end_move (&fx);
  fx_pass_to (&fx, 1);
  fx_activate (&fx, "d");
  fx_step (&fx, e, "0810");
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  g_assert_true (fx_has (&fx, SG_A_REACT_FACE, u, G_MININT));
  {
    AciesAction a = fx_first (&fx, SG_A_REACT_FACE);

    /* d10 4 ≤ TQ 6 − 2: out of Column, facing a vertex. */
    fx_push (&fx, 1, 4);
    fx_act (&fx, SG_A_REACT_FACE, u, a.args[1], -1, -1);
  }
  g_assert_false (fx.s->units[u].f & SG_UF_COLUMN);
  g_assert_cmpuint (fx.s->units[u].hits, ==, 0);
  /* It may not Retreat Before Shock in this Player Turn. */
  g_assert_true (fx.s->units[u].f & SG_UF_NO_RBS);
  fx_end (&fx);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/simple-gboh/5.11/movement-allowance", test_5_11_ma);
  g_test_add_func ("/acies/simple-gboh/5.12/one-unit-at-a-time", test_5_12_one_at_a_time);
  g_test_add_func ("/acies/simple-gboh/5.13/front-hexes-only", test_5_13_front_hexes);
  g_test_add_func ("/acies/simple-gboh/5.14/terrain-and-facing-costs", test_5_14_costs);
  g_test_add_func ("/acies/simple-gboh/5.15/impassable", test_5_15_impassable);
  g_test_add_func ("/acies/simple-gboh/5.16/no-enemy-hexes", test_5_16_enemy_hexes);
  g_test_add_func ("/acies/simple-gboh/5.17/terrain-hits", test_5_17_terrain_hits);
  g_test_add_func ("/acies/simple-gboh/5.21/phalanx-ma-4", test_5_21_phalanx_ma);
  g_test_add_func ("/acies/simple-gboh/5.22/two-terrains", test_5_22_two_terrains);
  g_test_add_func ("/acies/simple-gboh/5.23/pivot", test_5_23_pivot);
  g_test_add_func ("/acies/simple-gboh/5.24/half-advance", test_5_24_half_advance);
  g_test_add_func ("/acies/simple-gboh/5.31/stacking-limit", test_5_31_stacking_limit);
  g_test_add_func ("/acies/simple-gboh/5.32/stackable-pairs", test_5_32_pairs);
  g_test_add_func ("/acies/simple-gboh/5.33/stack-order", test_5_33_swap);
  g_test_add_func ("/acies/simple-gboh/5.33/click-order", test_5_33_click_order);
  g_test_add_func ("/acies/simple-gboh/5.34/alignment", test_5_34_alignment);
  g_test_add_func ("/acies/simple-gboh/5.34/blocked-pass-through", test_5_34_blocked_pass_through);
  g_test_add_func ("/acies/simple-gboh/5.35/stack-as-one", test_5_35_stack_as_one);
  g_test_add_func ("/acies/simple-gboh/5.36/sidestep", test_5_36_sidestep);
  g_test_add_func ("/acies/simple-gboh/5.4/terrain-effects-chart", test_5_4_tec);
  g_test_add_func ("/acies/simple-gboh/6.11/vertex-facing", test_6_11_vertex_facing);
  g_test_add_func ("/acies/simple-gboh/6.12/facing-costs", test_6_12_facing_costs);
  g_test_add_func ("/acies/simple-gboh/6.13/two-hex-about-face", test_6_13_two_hex_about_face);
  g_test_add_func ("/acies/simple-gboh/6.14/no-turn-in-zoc", test_6_14_no_turn_in_zoc);
  g_test_add_func ("/acies/simple-gboh/6.15/reaction-facing", test_6_15_reaction_facing);
  g_test_add_func ("/acies/simple-gboh/6.16/reverse-face", test_6_16_reverse_face);
  g_test_add_func ("/acies/simple-gboh/6.21/zoc", test_6_21_zoc);
  g_test_add_func ("/acies/simple-gboh/6.22/zoc-stops", test_6_22_zoc_stops);
  g_test_add_func ("/acies/simple-gboh/6.23/must-shock", test_6_23_must_shock);
  g_test_add_func ("/acies/simple-gboh/10.3/double-depth", test_10_3_double_depth);
  g_test_add_func ("/acies/simple-gboh/11.21/into-column", test_11_21_into_column);
  g_test_add_func ("/acies/simple-gboh/11.22/column-ma", test_11_22_column_ma);
  g_test_add_func ("/acies/simple-gboh/11.23/column-faces-hexside", test_11_23_column_facing);
  g_test_add_func ("/acies/simple-gboh/11.24/column-moves", test_11_24_column_moves);
  g_test_add_func ("/acies/simple-gboh/11.25/column-limits", test_11_25_column_limits);
  g_test_add_func ("/acies/simple-gboh/11.26/column-no-stack", test_11_26_column_no_stack);
  g_test_add_func ("/acies/simple-gboh/11.27/column-reaction-facing", test_11_27_column_reaction_facing);
  return g_test_run ();
}
