/* test-sg-rulings.c
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
 * The rulings of checklist SG section 2 (contradictions C1–C6,
 * ambiguities A1–A31): each ruling that is a named option is played with
 * its default and with the other reading; the others are checked as the
 * checklist states them.  (C1 is in test-sg-shock.c; A5, A8, A13, A17,
 * A25, A26, A30 in the case tests named in README.md.)
 */

static JsonObject *
opt_string (const char *id,
            const char *value)
{
  JsonObject *o = json_object_new ();

  json_object_set_string_member (o, id, value);
  return o;
}

static JsonObject *
opt_bool (const char *id,
          gboolean    value)
{
  JsonObject *o = json_object_new ();

  json_object_set_boolean_member (o, id, value);
  return o;
}

static void
to_designation (Fx *fx)
{
  fx_activate (fx, "a");
  fx_end_move (fx);
  g_assert_cmpint (fx->s->step, ==, SG_ST_DESIGNATE);
}

/* A one-on-one attack of Rome's @asize-Size HI at 0710 on the enemy's
 * @dsize-Size HI at 0709, with @options. */
static void
size_fx (Fx         *fx,
         gint        asize,
         gint        dsize,
         const char *atype,
         const char *dtype,
         JsonObject *options)
{
  AciesScenario *sc = scn_basic (14, 14);

  scn_unit (sc, "u", "a", atype, 5, asize, 5, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", dtype, 5, dsize, 5, NULL, "0709", SOUTH);
  fx_start (fx, sc, options);
  to_designation (fx);
  ACT2 (fx, SG_A_DESIGNATE, 0, 1);
}

static void
test_a1_size_double (void)
{
  const gint cases[][3] = { { 2, 1, 0 }, { 4, 2, 2 }, { 5, 3, 1 }, { 6, 3, 2 }, { 3, 5, -1 }, { 3, 6, -2 } };
  g_autoptr(JsonObject) alt = opt_bool ("size_double_needs_two_points", FALSE);
  Fx fx;

  /* Default: the 2-point difference first, ±2 when also double. */
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      size_fx (&fx, cases[i][0], cases[i][1], "HI", "HI", NULL);
      g_assert_cmpint (sg_size_drm (fx.s, 0, NULL), ==, cases[i][2]);
      fx_end (&fx);
    }
  /* The other reading: double is enough (2 against 1: +2). */
  size_fx (&fx, 2, 1, "HI", "HI", alt);
  g_assert_cmpint (sg_size_drm (fx.s, 0, NULL), ==, 2);
  fx_end (&fx);
}

static void
test_a2_ignored_sizes (void)
{
  g_autoptr(JsonObject) alt = opt_string ("size_all_ignored", "count-zero");
  Fx fx;

  /* Size 4 heavy infantry against skirmishers (their Size ignored in a
   * mixed combat): no Size DRM at all... */
  size_fx (&fx, 4, 2, "HI", "SK", NULL);
  g_assert_cmpint (sg_size_drm (fx.s, 0, NULL), ==, 0);
  fx_end (&fx);
  /* ...or 4 against 0: +2. */
  size_fx (&fx, 4, 2, "HI", "SK", alt);
  g_assert_cmpint (sg_size_drm (fx.s, 0, NULL), ==, 2);
  fx_end (&fx);
}

static void
test_a3_column_tq (void)
{
  g_autoptr(JsonObject) dflt = opt_bool ("column_movement", TRUE);
  g_autoptr(JsonObject) alt = opt_bool ("column_movement", TRUE);

  json_object_set_string_member (alt, "column_tq", "combat-only");
  for (gint mode = 0; mode < 2; mode++)
    {
      AciesScenario *sc = scn_basic (14, 14);
      Fx fx;
      gint u;

      /* TQ 6 In Column with 3 Hits takes a fourth: at TQ − 2 it routs
       * (default); with the TQ of combat only, it stays. */
      u = scn_unit (sc, "u", "a", "HI", 6, 4, 5, NULL, "0710", NORTH);
      scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
      scn_attr_int (sc, u, "hits", 3);
      fx_start (&fx, sc, mode == 0 ? dflt : alt);
      fx_activate (&fx, "a");
      ACT2 (&fx, SG_A_COLUMN, u, 0);
      g_assert_cmpint (sg_tq (fx.s, u), ==, 4);
      sg_add_hits (fx.s, u, 1, SG_NONE, fx.dice, fx.events, "test");
      g_assert_cmpint (fx.s->units[u].status, ==, mode == 0 ? SG_U_ELIMINATED : SG_U_MAP);
      fx_end (&fx);
    }
}

static void
test_a4_adjustment_order (void)
{
  g_autoptr(JsonObject) alt = opt_string ("hits_adjustment_order", "halve-then-minus");

  for (gint mode = 0; mode < 2; mode++)
    {
      AciesScenario *sc = scn_basic (14, 14);
      Fx fx;
      gint p, v, m, drm;

      /* A Phalanx attacks light infantry archers (not Shock capable) in
       * contact since the Player Turn began: the attacker's 2H is 2 − 1 =
       * 1, halved up: 1 (default); or halved: 1, less 1: 0. */
      p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0710", NORTH);
      v = scn_unit (sc, "v", "d", "LI", 9, 2, 6, "A", "0709", SOUTH);
      fx_start (&fx, sc, mode == 0 ? NULL : alt);
      to_designation (&fx);
      ACT2 (&fx, SG_A_DESIGNATE, p, v);
      drm = sg_shock_drm (fx.s, 0, p, v, NULL);
      for (m = -3; m <= 12; m++)
        if (sg_shock_result (fx.s, m, TRUE, NULL).hits == 2 && sg_shock_result (fx.s, m, TRUE, NULL).kind == SG_R_NONE
            && m - drm >= 0 && m - drm <= 9)
          break;
      g_assert_cmpint (m, <=, 12);
      fx_push (&fx, 1, m - drm);
      ACT0 (&fx, SG_A_END_DESIGNATION);
      g_assert_cmpuint (fx.s->units[p].hits, ==, mode == 0 ? 1 : 0);
      fx_end (&fx);
    }
}

static void
test_a6_pursuit_return (void)
{
  g_autoptr(JsonObject) alt = opt_string ("pursuit_return_mode", "modified");

  for (gint mode = 0; mode < 2; mode++)
    {
      AciesScenario *sc = scn_new (12, 12);
      Fx fx;
      gint a, d, fc;

      /* The pursuers ride off with their Commander; back at their next
       * activation a natural 9 (9 − 2 = 7): never return (default), or
       * nothing happens. */
      scn_formation (sc, "horse", 0, FALSE);
      scn_formation (sc, "enemy", 1, FALSE);
      a = scn_unit (sc, "rc", "horse", "RC", 6, 2, 8, NULL, "0506", NORTH);
      d = scn_unit (sc, "lc", "enemy", "LC", 3, 1, 8, NULL, "0505", SOUTH);
      scn_unit (sc, "w", "horse", "HI", 5, 4, 5, NULL, "1111", NORTH);
      fc = scn_leader (sc, "fc", 0, "horse", 3, 6, 0, a, NULL);
      fx_start (&fx, sc, mode == 0 ? NULL : alt);
      fx_activate (&fx, "horse");
      fx_end_move (&fx);
      fx.s->units[d].f |= SG_UF_ZOC_START;
      fx.s->units[d].hits = 2;
      ACT2 (&fx, SG_A_DESIGNATE, a, d);
      fx_push (&fx, 3, 1, 9, 7);             /* leader safe, Shock 9 (Rout), pursuit 7 */
      ACT0 (&fx, SG_A_END_DESIGNATION);
      g_assert_cmpint (fx.s->units[a].status, ==, SG_U_PURSUIT);
      g_assert_cmpint (fx.s->leaders[fc].status, ==, SG_L_PURSUIT);
      fx_pass_to (&fx, 1);
      fx_pass_to (&fx, 0);
      fx_push (&fx, 1, 9);
      fx_act (&fx, SG_A_ACTIVATE, fx_formation (&fx, "horse"), -1, -1, -1);
      g_assert_cmpint (fx.s->units[a].status, ==, mode == 0 ? SG_U_LOST : SG_U_PURSUIT);
      fx_end (&fx);
    }
}

static void
test_a7_edge (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, p;

  /* A two-hex unit with one half on the map's edge hex is "adjacent to
   * the map edge" (8.3): with no retreat hex it is eliminated. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0510", NORTH);
  p = scn_unit (sc, "p", "d", "PH", 7, 10, 5, NULL, "0201", SOUTH);
  fx_start (&fx, sc, NULL);
  g_assert_true (sg_on_edge (fx.s, p));
  g_assert_false (sg_on_edge (fx.s, u));
  sg_retreat_blocked (fx.s, p, SG_NONE, fx.dice, fx.events);
  g_assert_cmpint (fx.s->units[p].status, ==, SG_U_ELIMINATED);
  sg_retreat_blocked (fx.s, u, SG_NONE, fx.dice, fx.events);
  g_assert_cmpint (fx.s->units[u].status, ==, SG_U_MAP);
  g_assert_cmpuint (fx.s->units[u].hits, ==, 2);
  fx_end (&fx);
}

static void
test_a9_rampage_end (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint el, a, b;

  /* An 8 on the first check: its Hits (8 − 5) apply, then the rampage
   * ends and the elephant is gone. */
  el = scn_unit (sc, "el", "d", "EL", 5, 4, 5, NULL, "0709", SOUTH);
  a = scn_unit (sc, "a1", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  b = scn_unit (sc, "b1", "d", "HI", 4, 4, 5, NULL, "0609", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_push (&fx, 1, 8);
  sg_rout (fx.s, el, a, fx.dice, fx.events, "test");
  g_assert_cmpuint (fx.s->units[a].hits, ==, 3);
  g_assert_cmpuint (fx.s->units[b].hits, ==, 0);
  g_assert_cmpuint (fx_count_events (&fx, "rampage-check"), ==, 1);
  g_assert_cmpint (fx.s->units[el].status, ==, SG_U_ELIMINATED);
  fx_end (&fx);
}

static void
test_a10_keeper (void)
{
  g_autoptr(JsonObject) alt = opt_string ("all_rout_keeper", "any-unit");

  for (gint mode = 0; mode < 2; mode++)
    {
      AciesScenario *sc = scn_basic (14, 14);
      Fx fx;
      gint u, v, m, drm;

      u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
      v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
      scn_attr_int (sc, u, "hits", 4);
      scn_attr_int (sc, v, "hits", 4);
      fx_start (&fx, sc, mode == 0 ? NULL : alt);
      to_designation (&fx);
      ACT2 (&fx, SG_A_DESIGNATE, u, v);
      drm = sg_shock_drm (fx.s, 0, u, v, NULL);
      for (m = -3; m <= 12; m++)
        if (sg_shock_result (fx.s, m, TRUE, NULL).hits > 0 && sg_shock_result (fx.s, m, FALSE, NULL).hits > 0)
          break;
      fx_push (&fx, 1, m - drm);
      ACT0 (&fx, SG_A_END_DESIGNATION);
      g_assert_cmpint (fx.s->step, ==, SG_ST_KEEP);
      g_assert_true (fx_has (&fx, SG_A_KEEP, u, -1));
      g_assert_cmpint (fx_has (&fx, SG_A_KEEP, v, -1), ==, mode == 1);
      fx_end (&fx);
    }
}

static void
test_a11_command_path (void)
{
  Fx fx;

  /* The path counts the unit's hex, not the leader's: 0711 → 0709 is 2. */
  for (gint k = 0; k < 3; k++)
    {
      AciesScenario *sc = scn_new (14, 14);
      gint l;

      scn_formation (sc, "a", 0, FALSE);
      scn_formation (sc, "d", 1, FALSE);
      scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0709", NORTH);
      if (k >= 1)
        {
          /* Enemies whose ZOCs cover 0710 (from 0810) and 0610 (from
           * 0510): empty hexes in an enemy ZOC obstruct the path... */
          scn_unit (sc, "z1", "d", "HI", 5, 4, 5, NULL, "0810", 3);
          scn_unit (sc, "z2", "d", "HI", 5, 4, 5, NULL, "0510", 1);
        }
      if (k == 2)
        scn_unit (sc, "f", "a", "LI", 4, 2, 6, NULL, "0710", NORTH);  /* ...friendly-occupied ones do not */
      l = scn_leader (sc, "fc", 0, "a", 3, 2, 0, -1, "0711");
      fx_start (&fx, sc, NULL);
      if (k >= 1)
        {
          g_assert_true (sg_in_enemy_zoc (fx.s, C (&fx, "0710"), 0));
          g_assert_true (sg_in_enemy_zoc (fx.s, C (&fx, "0610"), 0));
        }
      g_assert_cmpint (sg_command_distance (fx.s, l, C (&fx, "0709"), 2), ==, k == 1 ? -1 : 2);
      fx_end (&fx);
    }
}

static void
test_a14_fire_after_moving (void)
{
  g_autoptr(JsonObject) alt = opt_string ("fire_after_moving", "not-farther");

  for (gint mode = 0; mode < 2; mode++)
    {
      AciesScenario *sc = scn_basic (14, 14);
      Fx fx;
      gint s, v;

      /* Skirmisher archers step away (0711) and back (0710): one step took
       * them farther (no fire, default); they end no farther than they
       * started (fire). */
      s = scn_unit (sc, "s", "a", "SK", 4, 2, 7, "A", "0710", NORTH);
      v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
      fx_start (&fx, sc, mode == 0 ? NULL : alt);
      fx_activate (&fx, "a");
      ACT2 (&fx, SG_A_TURN, s, 3);
      fx_step (&fx, s, "0711");
      ACT2 (&fx, SG_A_TURN, s, 0);
      fx_step (&fx, s, "0710");
      ACT2 (&fx, SG_A_TURN, s, NORTH);
      g_assert_cmpint (fx_has (&fx, SG_A_FIRE, s, v), ==, mode == 1);
      fx_end (&fx);
    }
}

static void
test_a15_representatives (void)
{
  g_autoptr(JsonObject) alt = opt_bool ("defender_chooses_representative", FALSE);

  for (gint mode = 0; mode < 2; mode++)
    {
      AciesScenario *sc = scn_basic (14, 14);
      Fx fx;
      gint u, v1, v2;

      u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
      v1 = scn_unit (sc, "v1", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
      v2 = scn_unit (sc, "v2", "d", "HI", 5, 4, 5, NULL, "0809", SOUTH);
      fx_start (&fx, sc, mode == 0 ? NULL : alt);
      to_designation (&fx);
      ACT2 (&fx, SG_A_DESIGNATE, u, v1);
      ACT2 (&fx, SG_A_DESIGNATE, u, v2);
      ACT0 (&fx, SG_A_END_DESIGNATION);
      g_assert_cmpint (fx.s->step, ==, SG_ST_REP_DEF);
      g_assert_cmpint (fx.s->base.deciding_side, ==, mode == 0 ? 1 : 0);
      fx_end (&fx);
    }
}

static void
test_a16_leaders (void)
{
  g_autoptr(JsonObject) alt = opt_bool ("leader_drm_cumulative", TRUE);

  for (gint mode = 0; mode < 2; mode++)
    {
      AciesScenario *sc = scn_basic (14, 14);
      Fx fx;
      gint u, v;

      /* Two leaders with the attacking unit: +1 once, or +2. */
      u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
      v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
      scn_leader (sc, "l1", 0, NULL, 2, 4, 0, u, NULL);
      scn_leader (sc, "l2", 0, NULL, 2, 4, 0, u, NULL);
      fx_start (&fx, sc, mode == 0 ? NULL : alt);
      to_designation (&fx);
      ACT2 (&fx, SG_A_DESIGNATE, u, v);
      g_assert_cmpint (sg_shock_drm (fx.s, 0, u, v, NULL), ==, mode == 0 ? 1 : 2);
      fx_end (&fx);
    }
}

static void
test_a18_simultaneous (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint s, m;

  /* Both slingers have 1 Hit left: each shot is rolled, then both apply
   * (the one routed by the other still gets its Hit in). */
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  m = scn_unit (sc, "m", "d", "LI", 4, 2, 6, "S", "0708", SOUTH);
  scn_attr_int (sc, s, "hits", 3);
  scn_attr_int (sc, m, "hits", 3);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  ACT2 (&fx, SG_A_FIRE, s, m);
  fx_push (&fx, 2, 1, 1);
  ACT2 (&fx, SG_A_REACT_FIRE, m, s);
  g_assert_cmpint (fx.s->units[s].status, ==, SG_U_ELIMINATED);
  g_assert_cmpint (fx.s->units[m].status, ==, SG_U_ELIMINATED);
  fx_end (&fx);
}

static void
test_a19_reaction_before_move (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, m;

  /* Fired at as it starts to leave the ZOC: it routs, and does not move. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  m = scn_unit (sc, "m", "d", "SK", 4, 2, 7, "S", "0810", NORTH);
  scn_attr_int (sc, u, "hits", 4);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0709");
  fx_push (&fx, 1, 0);
  ACT2 (&fx, SG_A_REACT_FIRE, m, u);
  fx_no_reactions (&fx);
  g_assert_cmpint (fx.s->units[u].status, ==, SG_U_ELIMINATED);
  g_assert_cmpint (sg_top (fx.s, C (&fx, "0709")), ==, SG_NONE);
  fx_end (&fx);
}

static void
test_a20_rbs_snapshot (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint lc, u;

  /* The snapshot is taken when the Player Turn actually played begins:
   * the light cavalry is eligible when that turn starts with it free of
   * ZOCs. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0711", NORTH);
  lc = scn_unit (sc, "lc", "d", "LC", 5, 3, 8, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx.s->units[lc].f & SG_UF_ZOC_START);
  fx_step (&fx, u, "0710");
  fx_end_move (&fx);
  g_assert_false (fx.s->units[lc].f & SG_UF_ZOC_START);
  ACT2 (&fx, SG_A_DESIGNATE, u, lc);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_true (fx_has (&fx, SG_A_RBS, lc, 1));
  fx_end (&fx);
}

static void
test_a21_rbs_away (void)
{
  g_autoptr(JsonObject) alt = opt_string ("rbs_away", "first-attacker");

  for (gint mode = 0; mode < 2; mode++)
    {
      AciesScenario *sc = scn_basic (14, 14);
      Fx fx;
      gint u1, u2, lc;

      /* u1 comes up to 0710, u2 to 0608 (facing south): every hex around
       * 0709 lies next to one of them: no retreat (default); away from
       * the first attacker only, 0708 and 0609 will do. */
      u1 = scn_unit (sc, "u1", "a", "HI", 5, 4, 5, NULL, "0711", NORTH);
      u2 = scn_unit (sc, "u2", "a", "HI", 5, 4, 5, NULL, "0607", SOUTH);
      lc = scn_unit (sc, "lc", "d", "LC", 5, 3, 8, NULL, "0709", SOUTH);
      fx_start (&fx, sc, mode == 0 ? NULL : alt);
      fx_activate (&fx, "a");
      fx_step (&fx, u1, "0710");
      fx_no_reactions (&fx);
      fx_step (&fx, u2, "0608");
      fx_end_move (&fx);
      ACT2 (&fx, SG_A_DESIGNATE, u1, lc);
      ACT2 (&fx, SG_A_DESIGNATE, u2, lc);
      ACT0 (&fx, SG_A_END_DESIGNATION);
      g_assert_cmpint (fx_has (&fx, SG_A_RBS, lc, 1), ==, mode == 1);
      fx_end (&fx);
    }
}

/* Rome has an Overall Commander with Seizure points; hostes one too. */
static AciesScenario *
seizure_scenario (void)
{
  AciesScenario *sc = scn_basic (14, 14);

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0712", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0702", SOUTH);
  scn_leader (sc, "oc", 0, NULL, 4, 6, 2, -1, "0713");
  scn_oc (sc, 0, "oc");
  scn_leader (sc, "doc", 1, NULL, 4, 6, 2, -1, "0701");
  scn_oc (sc, 1, "doc");
  return sc;
}

static void
test_a22_first_turn (void)
{
  g_autoptr(JsonObject) alt = opt_string ("seizure_first_turn", "both-first-turns");

  for (gint mode = 0; mode < 2; mode++)
    {
      Fx fx;

      /* After Rome's first Player Turn, Rome may try to seize the
       * hostes' first (default), or not until both have played. */
      fx_start (&fx, seizure_scenario (), mode == 0 ? NULL : alt);
      g_assert_cmpint (fx.s->step, ==, SG_ST_ACTIVATE);
      ACT0 (&fx, SG_A_PASS);
      g_assert_cmpint (fx.s->base.active_side, ==, 1);
      g_assert_cmpint (fx.s->step, ==, mode == 0 ? SG_ST_SEIZE : SG_ST_ACTIVATE);
      fx_end (&fx);
    }
}

static void
test_a23_seizure_move (void)
{
  g_autoptr(JsonObject) alt = opt_bool ("seizure_move_limits", FALSE);

  for (gint mode = 0; mode < 2; mode++)
    {
      Fx fx;

      /* On the first Player Turn: no seizure to move either (default), or
       * the move alone is allowed. */
      fx_start (&fx, seizure_scenario (), mode == 0 ? NULL : alt);
      if (mode == 0)
        g_assert_cmpint (fx.s->step, ==, SG_ST_ACTIVATE);
      else
        {
          g_assert_cmpint (fx.s->step, ==, SG_ST_SEIZE);
          g_assert_true (fx_has (&fx, SG_A_SEIZE_MOVE, fx_leader (&fx, "doc"), -1));
          g_assert_false (fx_has (&fx, SG_A_SEIZE, fx_leader (&fx, "doc"), -1));
        }
      fx_end (&fx);
    }
}

static void
test_a24_several_formations (void)
{
  AciesScenario *sc = scn_new (20, 12);
  Fx fx;
  gint a, b, en, fb;
  AciesRuleEntry *e;
  g_autoptr(JsonObject) opt = opt_bool ("formation_activation", TRUE);

  /* 12.1 with a Multiple Formation Activation last time: activating one
   * of those Formations again needs the roll. */
  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "b", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  a = scn_unit (sc, "ua", "a", "HI", 5, 4, 5, NULL, "0508", NORTH);
  b = scn_unit (sc, "ub", "b", "HI", 5, 4, 5, NULL, "0908", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0502", SOUTH);
  en = scn_leader (sc, "en", 0, "a", 5, 6, 0, a, NULL);
  fb = scn_leader (sc, "fb", 0, "b", 3, 4, 0, b, NULL);
  e = acies_rule_entry_new ("multiple-activation");
  e->side = g_strdup ("rome");
  json_object_set_string_member (e->params, "leader", "en");
  json_object_set_string_member (e->params, "formations", "a,b");
  g_ptr_array_add (sc->special_rules, e);
  fx_start (&fx, sc, opt);
  ACT1 (&fx, SG_A_ACTIVATE_MULTI, 0);
  fx_end_move (&fx);
  fx_pass_to (&fx, 0);
  fx_push (&fx, 1, 7);
  fx_act (&fx, SG_A_ACTIVATE, fx_formation (&fx, "b"), fb, -1, -1);
  g_assert_nonnull (fx_event (&fx, "activation-roll"));
  g_assert_cmpint (fx.s->base.active_side, ==, 1);
  (void) en;
  fx_end (&fx);
}

static void
test_a27_facing_before_fire (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, m;

  /* The slinger at 0608 faces west (vertex 4) when u comes to 0709: it
   * turns first (toward u), then u is in its ZOC and it fires. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  m = scn_unit (sc, "m", "d", "LI", 4, 2, 6, "S", "0608", 3);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0709");
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  g_assert_true (fx_has (&fx, SG_A_REACT_FACE, m, SOUTH));
  g_assert_false (fx_has (&fx, SG_A_REACT_FIRE, m, u));
  fx_push (&fx, 1, 0);
  ACT2 (&fx, SG_A_REACT_FACE, m, SOUTH);
  if (fx.s->step == SG_ST_REACT && fx.s->units[u].cell == C (&fx, "0710"))
    ACT0 (&fx, SG_A_NO_REACTION);
  g_assert_cmpint (fx.s->units[u].cell, ==, C (&fx, "0709"));
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  g_assert_true (fx_has (&fx, SG_A_REACT_FIRE, m, u));
  fx_end (&fx);
}

static void
test_a28_sidestep_vacant (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint t, b, e;

  /* The flank hex 0810 holds a friend: only 0610. */
  t = scn_unit (sc, "t", "a", "LG", 5, 3, 5, NULL, "0710", NORTH);
  b = scn_unit (sc, "b", "a", "LG", 5, 3, 5, NULL, "0710", NORTH);
  scn_attr_string (sc, t, "legion", "I");
  scn_attr_string (sc, b, "legion", "I");
  scn_unit (sc, "f", "a", "LI", 4, 2, 6, NULL, "0810", NORTH);
  e = scn_unit (sc, "e", "d", "HI", 5, 4, 5, NULL, "0907", SOUTH);
  scn_leader (sc, "dfc", 1, "d", 3, 12, 0, -1, "1401");
  fx_start (&fx, sc, NULL);
  fx_pass_to (&fx, 1);
  fx_activate (&fx, "d");
  fx_step (&fx, e, "0808");
  g_assert_true (fx_has (&fx, SG_A_SIDESTEP, t, C (&fx, "0610")));
  g_assert_false (fx_has (&fx, SG_A_SIDESTEP, t, C (&fx, "0810")));
  fx_end (&fx);
}

static void
test_a31_rampage_rout_points (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint el, a;

  /* A Roman unit routed by the rampage counts its Rout Points. */
  el = scn_unit (sc, "el", "d", "EL", 5, 4, 5, NULL, "0709", SOUTH);
  a = scn_unit (sc, "a1", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  scn_attr_int (sc, a, "hits", 3);
  fx_start (&fx, sc, NULL);
  fx_push (&fx, 1, 7);
  sg_rout (fx.s, el, a, fx.dice, fx.events, "test");
  g_assert_cmpint (fx.s->units[a].status, ==, SG_U_ELIMINATED);
  g_assert_cmpint (fx.s->rp[0], ==, 5);
  g_assert_cmpint (fx.s->rp[1], ==, 2);
  fx_end (&fx);
}

static void
test_c2_same_or_higher (void)
{
  /* Exactly the level: withdrawn; one short: not. */
  for (gint wl = 5; wl <= 6; wl++)
    {
      AciesScenario *sc = scn_basic (14, 14);
      Fx fx;
      gint v;

      scn_side_int (sc, 1, "withdrawal_level", wl);
      scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0712", NORTH);
      v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0702", SOUTH);
      scn_unit (sc, "w", "d", "HI", 5, 4, 5, NULL, "1402", SOUTH);
      fx_start (&fx, sc, NULL);
      fx_activate (&fx, "a");
      sg_eliminate (fx.s, v, fx.events, "test");
      fx_end_move (&fx);
      g_assert_cmpint (fx.s->base.finished, ==, wl == 5);
      fx_end (&fx);
    }
}

static void
test_c3_check_every_turn (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint v;

  /* A Player Turn with no activation still ends with the check. */
  scn_side_int (sc, 1, "withdrawal_level", 5);
  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0712", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0702", SOUTH);
  scn_unit (sc, "w", "d", "HI", 5, 4, 5, NULL, "1402", SOUTH);
  fx_start (&fx, sc, NULL);
  sg_eliminate (fx.s, v, fx.events, "test");
  g_assert_false (fx.s->base.finished);
  ACT0 (&fx, SG_A_PASS);
  g_assert_nonnull (fx_event (&fx, "game-over"));
  g_assert_cmpint (fx.s->base.winner, ==, 0);
  fx_end (&fx);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/simple-gboh/A1/size-double", test_a1_size_double);
  g_test_add_func ("/acies/simple-gboh/A2/ignored-sizes", test_a2_ignored_sizes);
  g_test_add_func ("/acies/simple-gboh/A3/column-tq", test_a3_column_tq);
  g_test_add_func ("/acies/simple-gboh/A4/adjustment-order", test_a4_adjustment_order);
  g_test_add_func ("/acies/simple-gboh/A6/pursuit-return", test_a6_pursuit_return);
  g_test_add_func ("/acies/simple-gboh/A7/map-edge", test_a7_edge);
  g_test_add_func ("/acies/simple-gboh/A9/rampage-end", test_a9_rampage_end);
  g_test_add_func ("/acies/simple-gboh/A10/keeper", test_a10_keeper);
  g_test_add_func ("/acies/simple-gboh/A11/command-path", test_a11_command_path);
  g_test_add_func ("/acies/simple-gboh/A14/fire-after-moving", test_a14_fire_after_moving);
  g_test_add_func ("/acies/simple-gboh/A15/representatives", test_a15_representatives);
  g_test_add_func ("/acies/simple-gboh/A16/leaders", test_a16_leaders);
  g_test_add_func ("/acies/simple-gboh/A18/simultaneous-fire", test_a18_simultaneous);
  g_test_add_func ("/acies/simple-gboh/A19/reaction-before-move", test_a19_reaction_before_move);
  g_test_add_func ("/acies/simple-gboh/A20/rbs-snapshot", test_a20_rbs_snapshot);
  g_test_add_func ("/acies/simple-gboh/A21/rbs-away", test_a21_rbs_away);
  g_test_add_func ("/acies/simple-gboh/A22/first-turn", test_a22_first_turn);
  g_test_add_func ("/acies/simple-gboh/A23/seizure-move", test_a23_seizure_move);
  g_test_add_func ("/acies/simple-gboh/A24/several-formations", test_a24_several_formations);
  g_test_add_func ("/acies/simple-gboh/A27/facing-before-fire", test_a27_facing_before_fire);
  g_test_add_func ("/acies/simple-gboh/A28/sidestep-vacant", test_a28_sidestep_vacant);
  g_test_add_func ("/acies/simple-gboh/A31/rampage-rout-points", test_a31_rampage_rout_points);
  g_test_add_func ("/acies/simple-gboh/C2/same-or-higher", test_c2_same_or_higher);
  g_test_add_func ("/acies/simple-gboh/C3/check-every-turn", test_c3_check_every_turn);
  return g_test_run ();
}
