/* test-sg-shock.c
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
 * One test per checklist case of SG 7.3–7.8 (Shock), 8.x (Hits, Retreat,
 * Rout, Rampage), 9.0 (Rout Points and withdrawal), 10.x (artillery,
 * elephants, German cavalry, chariots) and 11.1 (fortifications).
 *
 * The Shock Results Table is provisional: a test never types a row of
 * it.  It asks the engine for the roll that gives the result it needs
 * with the net DRM (roll_with).  The usual layout:
 * the Roman attacker at 0710 facing north (front 0709 and 0809), enemies
 * at 0709 or 0809 facing south (0710 in their front).
 */

static JsonObject *
opt_string (const char *id,
            const char *value)
{
  JsonObject *o = json_object_new ();

  json_object_set_string_member (o, id, value);
  return o;
}

static void
to_designation (Fx *fx)
{
  fx_activate (fx, "a");
  fx_end_move (fx);
  g_assert_cmpint (fx->s->step, ==, SG_ST_DESIGNATE);
}

/* Rome's unit @u moves up to @cell (it was not in contact when the
 * Player Turn began: 7.41), then the Shock Combat Phase begins. */
static void
close_in (Fx         *fx,
          gint        u,
          const char *cell)
{
  fx_activate (fx, "a");
  fx_step (fx, u, cell);
  fx_end_move (fx);
  g_assert_cmpint (fx->s->step, ==, SG_ST_DESIGNATE);
}

/* The die roll that gives the attacker's (or defender's) result of
 * @kind with at least @hits Hits for attack @k: the first row of the
 * table that a roll of 0–9 reaches with the net DRM. */
static gint
roll_with (Fx          *fx,
           gint         k,
           gint         ra,
           gint         rd,
           gboolean     attacker,
           SgResultKind kind,
           gint         hits)
{
  gint drm = sg_shock_drm (fx->s, k, ra, rd, NULL);

  for (gint m = -3; m <= 12; m++)
    {
      SgResult r = sg_shock_result (fx->s, m, attacker, NULL);

      if (r.kind == kind && r.hits >= hits && m - drm >= 0 && m - drm <= 9)
        return m - drm;
    }
  g_error ("no roll gives that result with a DRM of %d", drm);
}

/* Answers the decisions left in this shock with the first choice offered
 * (retreat hexes, advances, facings, no reaction). */
static void
settle (Fx *fx)
{
  for (guint i = 0; i < 40; i++)
    {
      guint t;

      switch (fx->s->step)
        {
        case SG_ST_RETREAT:
          t = SG_A_RETREAT;
          break;
        case SG_ST_ADVANCE:
          t = SG_A_ADVANCE;
          break;
        case SG_ST_ADVANCE_FACE:
          t = SG_A_ADVANCE_FACE;
          break;
        case SG_ST_REACT:
          t = SG_A_NO_REACTION;
          break;
        default:
          return;
        }
      {
        AciesAction a = fx_first (fx, t);

        fx_act (fx, t, a.args[0], a.args[1], a.args[2], a.args[3]);
      }
    }
}

/* ---- 7.3 Designation ---- */

static void
test_7_3_intro_declare_first (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u1, u2, v1, v2;

  u1 = scn_unit (sc, "u1", "a", "HI", 5, 4, 5, NULL, "0410", NORTH);
  u2 = scn_unit (sc, "u2", "a", "HI", 5, 4, 5, NULL, "0910", NORTH);
  v1 = scn_unit (sc, "v1", "d", "HI", 5, 4, 5, NULL, "0409", SOUTH);
  v2 = scn_unit (sc, "v2", "d", "HI", 5, 4, 5, NULL, "0909", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u1, v1);
  /* Nothing is rolled until every attack is declared. */
  g_assert_cmpint (fx.s->step, ==, SG_ST_DESIGNATE);
  g_assert_null (fx_event (&fx, "shock"));
  ACT2 (&fx, SG_A_DESIGNATE, u2, v2);
  g_assert_cmpint (fx.s->n_attacks, ==, 2);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  /* Two attacks: the attacker picks the order. */
  g_assert_cmpint (fx.s->step, ==, SG_ST_RESOLVE);
  g_assert_true (fx_has (&fx, SG_A_RESOLVE, v1, -1));
  g_assert_true (fx_has (&fx, SG_A_RESOLVE, v2, -1));
  /* (both rolls: the second attack follows by itself) */
  fx_push (&fx, 2, roll_with (&fx, 1, u2, v2, FALSE, SG_R_NONE, 1), roll_with (&fx, 0, u1, v1, FALSE, SG_R_NONE, 1));
  ACT1 (&fx, SG_A_RESOLVE, v2);
  settle (&fx);
  g_assert_cmpuint (fx_count_events (&fx, "shock"), ==, 2);
  fx_end (&fx);
}

static void
test_7_31_obligations (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v1, v2, sk, li, ch;

  /* Every enemy in the ZOC must be attacked. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v1 = scn_unit (sc, "v1", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  v2 = scn_unit (sc, "v2", "d", "HI", 5, 4, 5, NULL, "0809", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, v1);
  g_assert_false (fx_has (&fx, SG_A_END_DESIGNATION, -1, -1));
  ACT2 (&fx, SG_A_DESIGNATE, u, v2);
  g_assert_true (fx_has (&fx, SG_A_END_DESIGNATION, -1, -1));
  g_assert_cmpint (fx.s->attacks[0].n_def, ==, 2);
  fx_end (&fx);

  /* Skirmishers and light infantry archers never shock, except
   * skirmishers against chariots. */
  sc = scn_basic (14, 14);
  sk = scn_unit (sc, "sk", "a", "SK", 5, 2, 7, "J", "0410", NORTH);
  li = scn_unit (sc, "li", "a", "LI", 5, 2, 6, "A", "0910", NORTH);
  scn_unit (sc, "v1", "d", "HI", 5, 4, 5, NULL, "0409", SOUTH);
  scn_unit (sc, "v2", "d", "HI", 5, 4, 5, NULL, "0909", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_end_move (&fx);
  /* Nobody may attack: the phase ends at once. */
  g_assert_cmpint (fx.s->step, !=, SG_ST_DESIGNATE);
  g_assert_false (fx.s->units[sk].f & SG_UF_ATTACKER);
  g_assert_false (fx.s->units[li].f & SG_UF_ATTACKER);
  fx_end (&fx);
  sc = scn_basic (14, 14);
  sk = scn_unit (sc, "sk", "a", "SK", 5, 2, 7, "J", "0410", NORTH);
  ch = scn_unit (sc, "ch", "d", "CH", 5, 3, 8, NULL, "0409", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  g_assert_true (fx_has (&fx, SG_A_DESIGNATE, sk, ch));
  g_assert_true (fx_has (&fx, SG_A_END_DESIGNATION, -1, -1));
  fx_end (&fx);
}

static void
test_7_33_command_irrelevant (void)
{
  AciesScenario *sc = scn_new (14, 14);
  Fx fx;
  gint in, out, v1, v2;

  /* The Commander (range 1) stands with "in"; "out" is far away. */
  scn_formation (sc, "a", 0, FALSE);
  scn_formation (sc, "d", 1, FALSE);
  in = scn_unit (sc, "in", "a", "HI", 5, 4, 5, NULL, "0310", NORTH);
  out = scn_unit (sc, "out", "a", "HI", 5, 4, 5, NULL, "1110", NORTH);
  v1 = scn_unit (sc, "v1", "d", "HI", 5, 4, 5, NULL, "0309", SOUTH);
  v2 = scn_unit (sc, "v2", "d", "HI", 5, 4, 5, NULL, "1109", SOUTH);
  scn_leader (sc, "fc", 0, "a", 3, 1, 0, in, NULL);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  g_assert_true (fx.s->units[in].f & SG_UF_IN_COMMAND);
  g_assert_false (fx.s->units[out].f & SG_UF_IN_COMMAND);
  ACT2 (&fx, SG_A_DESIGNATE, in, v1);
  g_assert_false (fx_has (&fx, SG_A_END_DESIGNATION, -1, -1));
  ACT2 (&fx, SG_A_DESIGNATE, out, v2);
  g_assert_true (fx_has (&fx, SG_A_END_DESIGNATION, -1, -1));
  fx_end (&fx);
}

static void
test_7_34_once (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u1, u2, v, w;

  /* u1 (0710) and u2 (0810) both reach v (0809); u2 also reaches w
   * (0909). */
  u1 = scn_unit (sc, "u1", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  u2 = scn_unit (sc, "u2", "a", "HI", 5, 4, 5, NULL, "0810", 5);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0809", SOUTH);
  w = scn_unit (sc, "w", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u2, v);
  ACT2 (&fx, SG_A_DESIGNATE, u1, w);
  /* v is attacked by u2 and w by u1: u1 may not attack v too (two
   * attacks on v, or u1 in two attacks). */
  g_assert_false (fx_has (&fx, SG_A_DESIGNATE, u1, v));
  g_assert_cmpint (fx.s->n_attacks, ==, 2);
  fx_end (&fx);
}

static void
test_7_35_combined (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u1, u2, v1, v2;

  /* Two attackers, at 0710 facing north and at 0708 facing south, on
   * two defenders at 0709 and 0809: each in both attackers' ZOC. */
  u1 = scn_unit (sc, "u1", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  u2 = scn_unit (sc, "u2", "a", "HI", 5, 3, 5, NULL, "0708", SOUTH);
  v1 = scn_unit (sc, "v1", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  v2 = scn_unit (sc, "v2", "d", "HI", 5, 5, 5, NULL, "0809", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  g_assert_true (sg_cell_in_zoc_of (fx.s, u2, C (&fx, "0709")));
  g_assert_true (sg_cell_in_zoc_of (fx.s, u2, C (&fx, "0809")));
  ACT2 (&fx, SG_A_DESIGNATE, u1, v1);
  ACT2 (&fx, SG_A_DESIGNATE, u1, v2);
  ACT2 (&fx, SG_A_DESIGNATE, u2, v1);
  g_assert_cmpint (fx.s->n_attacks, ==, 1);
  g_assert_cmpint (fx.s->attacks[0].n_att, ==, 2);
  g_assert_cmpint (fx.s->attacks[0].n_def, ==, 2);
  /* Sizes total: 7 against 9, −1. */
  g_assert_cmpint (sg_size_drm (fx.s, 0, NULL), ==, -1);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  /* The attacker declares his unit first, then the defender. */
  g_assert_cmpint (fx.s->step, ==, SG_ST_REP_ATT);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 0);
  ACT1 (&fx, SG_A_REPRESENTATIVE, u2);
  g_assert_cmpint (fx.s->step, ==, SG_ST_REP_DEF);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  fx_push (&fx, 1, roll_with (&fx, 0, u2, v2, FALSE, SG_R_NONE, 1));
  ACT1 (&fx, SG_A_REPRESENTATIVE, v2);
  g_assert_cmpint (fx.s->attacks[0].rep_att, ==, u2);
  g_assert_cmpint (fx.s->attacks[0].rep_def, ==, v2);
  fx_end (&fx);

  /* All defenders must be in every attacker's ZOC. */
  sc = scn_basic (14, 14);
  u1 = scn_unit (sc, "u1", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  u2 = scn_unit (sc, "u2", "a", "HI", 5, 4, 5, NULL, "0610", NORTH);
  v1 = scn_unit (sc, "v1", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  v2 = scn_unit (sc, "v2", "d", "HI", 5, 4, 5, NULL, "0809", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  g_assert_true (sg_cell_in_zoc_of (fx.s, u2, C (&fx, "0709")));
  g_assert_false (sg_cell_in_zoc_of (fx.s, u2, C (&fx, "0809")));
  ACT2 (&fx, SG_A_DESIGNATE, u1, v2);
  ACT2 (&fx, SG_A_DESIGNATE, u1, v1);
  g_assert_false (fx_has (&fx, SG_A_DESIGNATE, u2, v1));
  fx_end (&fx);
}

static void
test_7_36_angle (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v, p, w;

  /* v at 0809 faces vertex 4 (west, north-west): u at 0710 is on its
   * flank. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0809", 4);
  fx_start (&fx, sc, NULL);
  g_assert_false (sg_attack_is_front (fx.s, u, v));
  fx_end (&fx);

  /* ...unless u is in the ZOC of a Shock capable enemy in its own flank
   * (w at 0610, facing east). */
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0809", 4);
  w = scn_unit (sc, "w", "d", "HI", 5, 4, 5, NULL, "0610", 1);
  fx_start (&fx, sc, NULL);
  g_assert_true (sg_cell_in_zoc_of (fx.s, w, C (&fx, "0710")));
  g_assert_true (sg_attack_is_front (fx.s, u, v));
  fx_end (&fx);

  /* A two-hex attacker touching the defender's front (0710) and flank
   * (0809): front.  A single-hex one on the flank hex alone: flank. */
  sc = scn_basic (14, 14);
  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0710", 4);
  ((AciesUnit *) g_ptr_array_index (sc->units, p))->cell2 = acies_board_cell_from_label (sc->map.board, "0809");
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  g_assert_cmpint (sg_relation (fx.s, v, C (&fx, "0710")), ==, 0);
  g_assert_cmpint (sg_relation (fx.s, v, C (&fx, "0809")), ==, 1);
  g_assert_true (sg_attack_is_front (fx.s, p, v));
  fx_end (&fx);
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0809", 4);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  g_assert_false (sg_attack_is_front (fx.s, u, v));
  fx_end (&fx);
}

static void
test_7_37_lone_artillery (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint art;

  scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  art = scn_unit (sc, "art", "d", "ART", 4, 1, 0, NULL, "0709", NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_end_move (&fx);
  /* Eliminated outright: no attack to resolve. */
  g_assert_cmpint (fx.s->units[art].status, ==, SG_U_ELIMINATED);
  g_assert_cmpint (fx.s->n_attacks, ==, 0);
  g_assert_nonnull (fx_event (&fx, "eliminated"));
  fx_end (&fx);
}

/* ---- 7.4 Retreat Before Shock ---- */

static void
test_7_4_intro_steps (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, lc;

  /* The defender retreats before shock: no leader casualty roll for the
   * leader with the attacker, no Shock roll. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0711", NORTH);
  lc = scn_unit (sc, "lc", "d", "LC", 5, 3, 8, NULL, "0709", SOUTH);
  scn_leader (sc, "tribune", 0, NULL, 2, 4, 0, u, NULL);
  fx_start (&fx, sc, NULL);
  close_in (&fx, u, "0710");
  ACT2 (&fx, SG_A_DESIGNATE, u, lc);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->step, ==, SG_ST_RBS);
  ACT2 (&fx, SG_A_RBS, lc, 1);
  while (fx.s->step == SG_ST_RBS_MOVE)
    {
      AciesAction a = fx_first (&fx, SG_A_RBS_STEP);

      fx_act (&fx, SG_A_RBS_STEP, a.args[0], a.args[1], a.args[2], -1);
    }
  if (fx.s->step == SG_ST_RBS_ADVANCE)
    ACT0 (&fx, SG_A_STOP);
  g_assert_null (fx_event (&fx, "shock"));
  g_assert_cmpuint (fx.s->units[lc].hits, ==, 0);
  g_assert_cmpint (fx.s->step, !=, SG_ST_REP_ATT);
  fx_end (&fx);
}

static void
test_7_41_rbs_eligibility (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, lc, sk, hi;

  /* Cavalry faster than every attacker: may. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0711", NORTH);
  lc = scn_unit (sc, "lc", "d", "LC", 5, 3, 8, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  close_in (&fx, u, "0710");
  ACT2 (&fx, SG_A_DESIGNATE, u, lc);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->step, ==, SG_ST_RBS);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  g_assert_true (fx_has (&fx, SG_A_RBS, lc, 1));
  g_assert_true (fx_has (&fx, SG_A_RBS, lc, 0));
  fx_end (&fx);

  /* Not when it was already in an enemy ZOC at the start of the Player
   * Turn; not heavy infantry. */
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  lc = scn_unit (sc, "lc", "d", "LC", 5, 3, 8, NULL, "0809", SOUTH);
  hi = scn_unit (sc, "hi", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, lc);
  ACT2 (&fx, SG_A_DESIGNATE, u, hi);
  g_assert_true (fx.s->units[lc].f & SG_UF_ZOC_START);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->step, ==, SG_ST_REP_DEF);
  fx_end (&fx);

  /* Skirmishers against infantry whatever the MAs. */
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 9, NULL, "0711", NORTH);
  sk = scn_unit (sc, "sk", "d", "SK", 4, 2, 5, "J", "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0710");
  fx_end_move (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, sk);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_true (fx_has (&fx, SG_A_RBS, sk, 1));
  fx_end (&fx);
}

static void
test_7_42_off_the_map (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, lc;

  /* The light cavalry at 0701, on the north edge, attacked from 0702
   * (u comes up from 0703); 0601 holds a friend, 0602 and 0801 are no
   * farther: away lies off the map only. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0703", NORTH);
  lc = scn_unit (sc, "lc", "d", "LC", 5, 3, 8, NULL, "0701", SOUTH);
  scn_unit (sc, "b1", "d", "HI", 5, 4, 5, NULL, "0601", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_step (&fx, u, "0702");
  fx_end_move (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, lc);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  ACT2 (&fx, SG_A_RBS, lc, 1);
  g_assert_cmpint (fx.s->step, ==, SG_ST_RBS_MOVE);
  {
    AciesAction a = fx_first (&fx, SG_A_RBS_STEP);

    g_assert_cmpint (a.args[1], ==, -1);
    g_assert_false (fx_has4 (&fx, SG_A_RBS_STEP, lc, C (&fx, "0602"), -1, -1));
    fx_act (&fx, SG_A_RBS_STEP, lc, -1, a.args[2], -1);
  }
  g_assert_cmpint (fx.s->units[lc].status, ==, SG_U_ELIMINATED);
  g_assert_nonnull (fx_event (&fx, "rbs-off-map"));
  g_assert_cmpint (fx.s->rp[1], ==, 5);
  fx_end (&fx);
}

static void
test_7_43_keeps_facing (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, lc;

  /* The light cavalry (MA 8: 4 MP) falls back from 0709 keeping its
   * facing; a Roman unit at 0807 (facing vertex 3) holds 0708 in its ZOC:
   * entering it ends the retreat with MP left. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0711", NORTH);
  lc = scn_unit (sc, "lc", "d", "LC", 5, 3, 8, NULL, "0709", SOUTH);
  scn_unit (sc, "x", "a", "HI", 5, 4, 5, NULL, "0807", 3);
  fx_start (&fx, sc, NULL);
  close_in (&fx, u, "0710");
  ACT2 (&fx, SG_A_DESIGNATE, u, lc);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  ACT2 (&fx, SG_A_RBS, lc, 1);
  g_assert_cmpint (fx.s->sh.rbs_mp, ==, 4);
  /* Only hexes farther from the attacker (0610 is not). */
  g_assert_false (fx_has (&fx, SG_A_RBS_STEP, lc, C (&fx, "0610")));
  g_assert_true (fx_has (&fx, SG_A_RBS_STEP, lc, C (&fx, "0609")));
  fx_act (&fx, SG_A_RBS_STEP, lc, C (&fx, "0708"), -1, -1);
  g_assert_cmpint (fx.s->units[lc].facing, ==, SOUTH);
  g_assert_cmpint (fx.s->units[lc].cell, ==, C (&fx, "0708"));
  g_assert_cmpint (fx.s->step, !=, SG_ST_RBS_MOVE);
  fx_end (&fx);

  /* Out of any ZOC it must go on while it has MP. */
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0711", NORTH);
  lc = scn_unit (sc, "lc", "d", "LC", 5, 3, 8, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  close_in (&fx, u, "0710");
  ACT2 (&fx, SG_A_DESIGNATE, u, lc);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  ACT2 (&fx, SG_A_RBS, lc, 1);
  fx_act (&fx, SG_A_RBS_STEP, lc, C (&fx, "0708"), -1, -1);
  g_assert_cmpint (fx.s->step, ==, SG_ST_RBS_MOVE);
  g_assert_cmpuint (fx.s->sh.rbs_mp, ==, 3);
  fx_end (&fx);
}

static void
test_7_44_advance (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, lc;

  u = scn_unit (sc, "u", "a", "LC", 5, 3, 8, NULL, "0711", NORTH);
  lc = scn_unit (sc, "lc", "d", "LC", 5, 3, 9, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  close_in (&fx, u, "0710");
  ACT2 (&fx, SG_A_DESIGNATE, u, lc);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  ACT2 (&fx, SG_A_RBS, lc, 1);
  /* 5 MP: 0708, 0707, 0706, 0705, 0704. */
  while (fx.s->step == SG_ST_RBS_MOVE)
    {
      gint c = fx.s->units[lc].cell, n = sg_nb (fx.s->st, c, D_NE);

      if (!fx_has (&fx, SG_A_RBS_STEP, lc, n))
        n = sg_nb (fx.s->st, c, D_NW);
      fx_act (&fx, SG_A_RBS_STEP, lc, n, -1, -1);
    }
  /* One attacker may advance (up to half its MA, 4), or not. */
  g_assert_cmpint (fx.s->step, ==, SG_ST_RBS_ADVANCE);
  g_assert_true (fx_has (&fx, SG_A_STOP, -1, -1));
  g_assert_true (fx_has (&fx, SG_A_ADVANCE_STEP, u, C (&fx, "0709")));
  fx_act (&fx, SG_A_ADVANCE_STEP, u, C (&fx, "0709"), -1, -1);
  g_assert_cmpuint (fx.s->sh.adv_mp, ==, 3);
  ACT0 (&fx, SG_A_STOP);
  g_assert_cmpint (fx.s->units[u].cell, ==, C (&fx, "0709"));
  fx_end (&fx);
}

static void
test_7_45_light_infantry_roll (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, lc;

  /* Cavalry rolls nothing after its retreat (only LI/LP do, SG-T15). */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0711", NORTH);
  lc = scn_unit (sc, "lc", "d", "LC", 2, 3, 8, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  close_in (&fx, u, "0710");
  ACT2 (&fx, SG_A_DESIGNATE, u, lc);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  ACT2 (&fx, SG_A_RBS, lc, 1);
  while (fx.s->step == SG_ST_RBS_MOVE)
    {
      AciesAction a = fx_first (&fx, SG_A_RBS_STEP);

      fx_act (&fx, SG_A_RBS_STEP, a.args[0], a.args[1], a.args[2], -1);
    }
  g_assert_null (fx_event (&fx, "rbs-roll"));
  g_assert_cmpuint (fx.s->units[lc].hits, ==, 0);
  fx_end (&fx);
}

static void
test_7_46_leader_casualty (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v, l;

  /* 0 then 1: the leader is killed in step 2 and gives no modifier. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  l = scn_leader (sc, "tribune", 0, NULL, 2, 4, 0, u, NULL);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, v);
  g_assert_cmpint (sg_shock_drm (fx.s, 0, u, v, NULL), ==, 1);
  fx_push (&fx, 2, 0, 1);
  /* (with the leader gone, a roll of 1 more gives that row) */
  fx_push (&fx, 1, roll_with (&fx, 0, u, v, FALSE, SG_R_NONE, 1) + 1);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->leaders[l].status, ==, SG_L_DEAD);
  g_assert_cmpint (fx.s->sh.drm, ==, 0);
  fx_end (&fx);

  /* A first roll other than 0: safe, no second roll. */
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  l = scn_leader (sc, "tribune", 0, NULL, 2, 4, 0, u, NULL);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, v);
  fx_push (&fx, 1, 1);
  fx_push (&fx, 1, roll_with (&fx, 0, u, v, FALSE, SG_R_NONE, 1));
  ACT0 (&fx, SG_A_END_DESIGNATION);
  settle (&fx);
  g_assert_cmpint (fx.s->leaders[l].status, ==, SG_L_MAP);
  g_assert_cmpint (fx.s->sh.drm, ==, 1);
  fx_end (&fx);
}

/* ---- 7.5 Resolution ---- */

static void
test_7_51_one_roll (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v;

  u = scn_unit (sc, "u", "a", "HI", 6, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, v);
  fx_push (&fx, 1, 3);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  /* The roll plus the DRM (TQ +1) gives both sides' results. */
  g_assert_cmpint (fx.s->sh.dr, ==, 3);
  g_assert_cmpint (fx.s->sh.mod_dr, ==, 4);
  g_assert_cmpint (fx.s->sh.res[0].hits, ==, sg_shock_result (fx.s, 4, TRUE, NULL).hits);
  g_assert_cmpint (fx.s->sh.res[1].hits, ==, sg_shock_result (fx.s, 4, FALSE, NULL).hits);
  fx_end (&fx);
}

static void
test_7_52_modifiers (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v1, v2;

  /* Terrain: of two defenders, the hex most favourable to the defender
   * (woods −1, town −2). */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v1 = scn_unit (sc, "v1", "d", "HI", 5, 2, 5, NULL, "0709", SOUTH);
  v2 = scn_unit (sc, "v2", "d", "HI", 5, 2, 5, NULL, "0809", SOUTH);
  scn_terrain (sc, "0709", "woods");
  scn_terrain (sc, "0809", "town");
  scn_leader (sc, "tribune", 1, NULL, 2, 4, 0, v2, NULL);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, v1);
  ACT2 (&fx, SG_A_DESIGNATE, u, v2);
  g_assert_cmpint (sg_terrain_drm (fx.s, 0), ==, fx.s->st->shock_drm[fx.s->st->terrain[C (&fx, "0809")]]);
  g_assert_cmpint (sg_terrain_drm (fx.s, 0), <, fx.s->st->shock_drm[fx.s->st->terrain[C (&fx, "0709")]]);
  /* Weapons 0, TQ 0, Size 4 against 4, defending leader −1, town. */
  g_assert_cmpint (sg_shock_drm (fx.s, 0, u, v1, NULL), ==, -1 + sg_terrain_drm (fx.s, 0));
  fx_end (&fx);
}

static void
test_7_53_results (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint p, v, t, b;

  /* A two-hex defender against a single-hex attacker only: its #H
   * halved, rounded down (2 → 1). */
  v = scn_unit (sc, "v", "a", "HI", 8, 6, 5, NULL, "0710", NORTH);
  p = scn_unit (sc, "p", "d", "PH", 7, 10, 5, NULL, "0809", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, v, p);
  fx_push (&fx, 1, roll_with (&fx, 0, v, p, FALSE, SG_R_NONE, 2));
  ACT0 (&fx, SG_A_END_DESIGNATION);
  settle (&fx);
  g_assert_cmpint (fx.s->sh.res[1].hits, ==, 2);
  g_assert_cmpuint (fx.s->units[p].hits, ==, 1);
  fx_end (&fx);

  /* DR Rout on a stack: its Hits split, then the top unit routs on a
   * roll above its TQ and the bottom one retreats. */
  sc = scn_basic (14, 14);
  t = scn_unit (sc, "t", "a", "LG", 5, 3, 5, NULL, "0710", NORTH);
  b = scn_unit (sc, "b", "a", "LG", 5, 3, 5, NULL, "0710", NORTH);
  scn_attr_string (sc, t, "legion", "I");
  scn_attr_string (sc, b, "legion", "I");
  v = scn_unit (sc, "v", "d", "HI", 5, 6, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, t, v);
  fx_push (&fx, 1, roll_with (&fx, 0, t, v, TRUE, SG_R_DR_ROUT, 2));
  fx_push (&fx, 1, 9);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  settle (&fx);
  g_assert_cmpint (fx.s->units[t].status, ==, SG_U_ELIMINATED);
  g_assert_cmpint (fx.s->units[b].status, ==, SG_U_MAP);
  g_assert_cmpuint (fx.s->units[b].hits, ==, 1);
  g_assert_cmpint (fx.s->units[b].cell, !=, C (&fx, "0710"));
  fx_end (&fx);
}

static void
test_7_54_attacker_advances (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v;

  /* The defender routs: the attacker must move into its hex. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 2, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, v);
  fx_push (&fx, 1, roll_with (&fx, 0, u, v, FALSE, SG_R_ROUT, 0));
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->units[v].status, ==, SG_U_ELIMINATED);
  g_assert_cmpint (fx.s->units[u].cell, ==, C (&fx, "0709"));
  /* One vertex either way, or none. */
  g_assert_cmpint (fx.s->step, ==, SG_ST_ADVANCE_FACE);
  g_assert_true (fx_has (&fx, SG_A_ADVANCE_FACE, u, 4));
  g_assert_true (fx_has (&fx, SG_A_ADVANCE_FACE, u, 5));
  g_assert_true (fx_has (&fx, SG_A_ADVANCE_FACE, u, 0));
  g_assert_false (fx_has (&fx, SG_A_ADVANCE_FACE, u, 1));
  fx_end (&fx);
}

/* ---- 7.6 Cavalry Pursuit ---- */

static void
test_7_61_all_cavalry (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint hc, hi, v;

  /* An infantry unit in the combat: no pursuit, the cavalry just
   * advances. */
  hc = scn_unit (sc, "hc", "a", "HC", 6, 4, 8, NULL, "0710", NORTH);
  hi = scn_unit (sc, "hi", "a", "HI", 6, 4, 5, NULL, "0808", SOUTH);
  v = scn_unit (sc, "v", "d", "HC", 2, 4, 8, NULL, "0809", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  g_assert_true (sg_cell_in_zoc_of (fx.s, hi, C (&fx, "0809")));
  ACT2 (&fx, SG_A_DESIGNATE, hc, v);
  ACT2 (&fx, SG_A_DESIGNATE, hi, v);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->step, ==, SG_ST_REP_ATT);
  fx_push (&fx, 1, roll_with (&fx, 0, hc, v, FALSE, SG_R_ROUT, 0));
  ACT1 (&fx, SG_A_REPRESENTATIVE, hc);
  settle (&fx);
  g_assert_cmpint (fx.s->units[v].status, ==, SG_U_ELIMINATED);
  g_assert_null (fx_event (&fx, "pursuit-check"));
  g_assert_cmpint (fx.s->units[hc].status, ==, SG_U_MAP);
  fx_end (&fx);
}

static void
test_7_62_pursuit_check (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint hc, v;

  /* Check ≤ TQ: it only advances into the vacated hex. */
  hc = scn_unit (sc, "hc", "a", "HC", 6, 4, 8, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HC", 2, 4, 8, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, hc, v);
  fx_push (&fx, 1, roll_with (&fx, 0, hc, v, FALSE, SG_R_ROUT, 0));
  fx_push (&fx, 1, 6 - fx.s->st->pursuit_drm);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  settle (&fx);
  g_assert_nonnull (fx_event (&fx, "pursuit-check"));
  g_assert_cmpint (fx.s->units[hc].status, ==, SG_U_MAP);
  g_assert_cmpint (fx.s->units[hc].cell, ==, C (&fx, "0709"));
  fx_end (&fx);
}

static void
test_7_63_return_nothing (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint hc, v;

  hc = scn_unit (sc, "hc", "a", "HC", 6, 4, 8, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HC", 2, 4, 8, NULL, "0709", SOUTH);
  scn_unit (sc, "w", "d", "HI", 5, 4, 5, NULL, "1402", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, hc, v);
  fx_push (&fx, 1, roll_with (&fx, 0, hc, v, FALSE, SG_R_ROUT, 0));
  fx_push (&fx, 1, 9);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  settle (&fx);
  g_assert_cmpint (fx.s->units[hc].status, ==, SG_U_PURSUIT);
  /* Off the map it counts no Rout Points. */
  g_assert_cmpint (fx.s->rp[0], ==, 0);
  fx_pass_to (&fx, 0);
  /* 2–8: nothing happens. */
  fx_push (&fx, 1, 5);
  fx_activate (&fx, "a");
  g_assert_cmpint (fx.s->units[hc].status, ==, SG_U_PURSUIT);
  fx_end (&fx);
}

/* ---- 7.7 Advance after Shock ---- */

static void
test_7_71_advance_choice (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v1, v2;

  /* Two defenders rout, one attacker: it chooses which hex. */
  u = scn_unit (sc, "u", "a", "HI", 6, 6, 5, NULL, "0710", NORTH);
  v1 = scn_unit (sc, "v1", "d", "HI", 2, 1, 5, NULL, "0709", SOUTH);
  v2 = scn_unit (sc, "v2", "d", "HI", 2, 1, 5, NULL, "0809", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, v1);
  ACT2 (&fx, SG_A_DESIGNATE, u, v2);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->step, ==, SG_ST_REP_DEF);
  fx_push (&fx, 1, roll_with (&fx, 0, u, v1, FALSE, SG_R_ROUT, 0));
  ACT1 (&fx, SG_A_REPRESENTATIVE, v1);
  g_assert_cmpint (fx.s->step, ==, SG_ST_ADVANCE);
  g_assert_true (fx_has4 (&fx, SG_A_ADVANCE, u, C (&fx, "0709"), -1, -1));
  g_assert_true (fx_has4 (&fx, SG_A_ADVANCE, u, C (&fx, "0809"), -1, -1));
  fx_act (&fx, SG_A_ADVANCE, u, C (&fx, "0809"), -1, -1);
  g_assert_cmpint (fx.s->units[u].cell, ==, C (&fx, "0809"));
  fx_end (&fx);
}

static void
test_7_72_two_hex_no_turn (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint p, v;

  /* A Phalanx at 0710–0610 advances after its defender routs: no facing
   * change after it. */
  p = scn_unit (sc, "p", "a", "PH", 7, 10, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 2, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, p, v);
  fx_push (&fx, 1, roll_with (&fx, 0, p, v, FALSE, SG_R_ROUT, 0));
  ACT0 (&fx, SG_A_END_DESIGNATION);
  if (fx.s->step == SG_ST_ADVANCE)
    {
      AciesAction a = fx_first (&fx, SG_A_ADVANCE);

      fx_act (&fx, SG_A_ADVANCE, p, a.args[1], a.args[2], -1);
    }
  g_assert_true (fx.s->units[p].cell == C (&fx, "0709") || fx.s->units[p].cell2 == C (&fx, "0709"));
  g_assert_cmpint (fx.s->step, !=, SG_ST_ADVANCE_FACE);
  fx_end (&fx);
}

static void
test_7_73_no_defender_advance (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint s, v;

  /* No advance after Missile Fire: the target routs, the firer stays. */
  s = scn_unit (sc, "s", "a", "LI", 4, 2, 6, "S", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  scn_attr_int (sc, v, "hits", 4);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_push (&fx, 1, 0);
  ACT2 (&fx, SG_A_FIRE, s, v);
  g_assert_cmpint (fx.s->units[v].status, ==, SG_U_ELIMINATED);
  g_assert_cmpint (fx.s->units[s].cell, ==, C (&fx, "0710"));
  g_assert_null (fx_event (&fx, "advance"));
  fx_end (&fx);

  /* The attacker routs: the defender stays. */
  sc = scn_basic (14, 14);
  s = scn_unit (sc, "u", "a", "HI", 2, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, s, v);
  fx_push (&fx, 1, roll_with (&fx, 0, s, v, TRUE, SG_R_ROUT, 0));
  ACT0 (&fx, SG_A_END_DESIGNATION);
  settle (&fx);
  g_assert_cmpint (fx.s->units[s].status, ==, SG_U_ELIMINATED);
  g_assert_cmpint (fx.s->units[v].cell, ==, C (&fx, "0709"));
  fx_end (&fx);
}

static void
test_7_74_advance_reactions (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v, m;

  /* Advancing into 0709 (woods, "h") brings u into the ZOC of the
   * slinger at 0608 (facing south): reaction fire at range one; and the
   * advancing unit takes the woods' Hit. */
  u = scn_unit (sc, "u", "a", "HI", 6, 8, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 2, 4, 5, NULL, "0709", SOUTH);
  m = scn_unit (sc, "m", "d", "LI", 4, 2, 6, "S", "0608", SOUTH);
  scn_terrain (sc, "0709", "woods");
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, v);
  fx_push (&fx, 1, roll_with (&fx, 0, u, v, FALSE, SG_R_ROUT, 0));
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->units[u].cell, ==, C (&fx, "0709"));
  g_assert_cmpuint (fx.s->units[u].hits, ==, sg_shock_result (fx.s, fx.s->sh.mod_dr, TRUE, NULL).hits + 1);
  ACT2 (&fx, SG_A_ADVANCE_FACE, u, NORTH);
  g_assert_cmpint (fx.s->step, ==, SG_ST_REACT);
  g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
  g_assert_true (fx_has (&fx, SG_A_REACT_FIRE, m, u));
  fx_end (&fx);
}

static void
test_7_82_weapons_matrix (void)
{
  AciesCatalogue *cat = acies_catalogue_get_bundled ("simple-gboh");
  const AciesTable *front = acies_catalogue_find_table (cat, "weapons-front");
  const AciesTable *flank = acies_catalogue_find_table (cat, "weapons-flank");
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;

  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1001", SOUTH);
  fx_start (&fx, sc, NULL);
  /* Every cell of both parts is the catalogue's. */
  for (guint r = 0; r < SG_N_MATRIX; r++)
    for (guint c = 0; c < SG_N_MATRIX; c++)
      {
        g_assert_cmpint (fx.s->st->weapons[0][r][c], ==, json_node_get_int (acies_table_get (front, r, c)->value));
        g_assert_cmpint (fx.s->st->weapons[1][r][c], ==, json_node_get_int (acies_table_get (flank, r, c)->value));
      }
  /* The cells the printed examples fix are marked derived. */
  g_assert_cmpint (acies_table_lookup (front, "LG", "HI")->source, ==, ACIES_SOURCE_DERIVED);
  g_assert_cmpint (acies_table_lookup (front, "LG", "PH")->source, ==, ACIES_SOURCE_DERIVED);
  g_assert_cmpint (fx.s->st->moved_to_attack, ==, 1);
  fx_end (&fx);
}

static void
test_7_83_results_table (void)
{
  AciesCatalogue *cat = acies_catalogue_get_bundled ("simple-gboh");
  const AciesTable *t = acies_catalogue_find_table (cat, "shock");
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;

  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1001", SOUTH);
  fx_start (&fx, sc, NULL);
  /* One roll, both results: the engine's results are the table's words
   * (its rows run from "-3 or less" to "12 or more"). */
  for (gint m = -5; m <= 14; m++)
    for (gint side = 0; side < 2; side++)
      {
        gint row = CLAMP (m, -3, 12) + 3;
        const AciesTableCell *cell = acies_table_get (t, row, side);
        char buf[48];
        SgResult r = sg_shock_result (fx.s, m, side == 0, NULL);

        const char *want = json_node_get_string (cell->value);

        g_assert_cmpstr (sg_result_text (r, buf, sizeof buf), ==, g_str_equal (want, "-") ? "no effect" : want);
      }
  /* The rows Examples #1 and #2 fix are derived. */
  g_assert_cmpint (acies_table_lookup (t, "2", "attacker")->source, ==, ACIES_SOURCE_DERIVED);
  g_assert_cmpint (acies_table_lookup (t, "7", "defender")->source, ==, ACIES_SOURCE_DERIVED);
  g_assert_cmpint (acies_table_lookup (t, "1", "attacker")->source, ==, ACIES_SOURCE_DERIVED);
  fx_end (&fx);
}

/* ---- 8 Effects of combat ---- */

static void
test_8_1_hits_to_tq (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;
  gint u;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0505", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1001", SOUTH);
  fx_start (&fx, sc, NULL);
  /* TQ − 1 Hits: still there; the TQ-th: routed. */
  g_assert_false (sg_add_hits (fx.s, u, 4, SG_NONE, fx.dice, fx.events, "test"));
  g_assert_cmpint (fx.s->units[u].status, ==, SG_U_MAP);
  g_assert_true (sg_add_hits (fx.s, u, 1, SG_NONE, fx.dice, fx.events, "test"));
  g_assert_cmpint (fx.s->units[u].status, ==, SG_U_ELIMINATED);
  fx_end (&fx);
}

static void
test_8_3_retreat (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v, x, cells[6];
  guint n;
  gint16 from[1];

  /* v at 0709 retreats from u at 0710: not 0610 nor 0809 (next to the
   * attacker), not 0708 (in x's ZOC): 0609 or 0608. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  x = scn_unit (sc, "x", "a", "HI", 5, 4, 5, NULL, "0807", 3);
  scn_terrain (sc, "0608", "woods");
  fx_start (&fx, sc, NULL);
  from[0] = u;
  n = sg_retreat_cells (fx.s, v, from, 1, cells);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (sg_cell_unit_dist (fx.s, cells[i], u), >, 1);
      g_assert_false (sg_in_enemy_zoc (fx.s, cells[i], 1));
    }
  g_assert_true (sg_cell_in_zoc_of (fx.s, x, C (&fx, "0708")));
  g_assert_cmpuint (n, ==, 2);
  /* Facing kept; no terrain Hit for retreating into the woods. */
  sg_retreat_to (fx.s, v, C (&fx, "0608"), fx.dice, fx.events);
  g_assert_cmpint (fx.s->units[v].facing, ==, SOUTH);
  g_assert_cmpuint (fx.s->units[v].hits, ==, 0);
  fx_end (&fx);

  /* A two-hex unit retreats whole, straight. */
  sc = scn_basic (14, 14);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "p", "d", "PH", 7, 10, 5, NULL, "0809", SOUTH);
  fx_start (&fx, sc, NULL);
  from[0] = u;
  n = sg_retreat_cells (fx.s, v, from, 1, cells);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (sg_dist (fx.s->st, cells[i], fx.s->units[v].cell), ==, 1);
  sg_retreat_to (fx.s, v, cells[0], fx.dice, fx.events);
  g_assert_true (sg_two_hex_ok (fx.s->st, fx.s->units[v].cell, fx.s->units[v].cell2, SOUTH));
  fx_end (&fx);
}

static void
test_8_4_keeper (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v;

  /* Both sides rout: the attacker may keep his unit with TQ − 1 Hits. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  scn_attr_int (sc, u, "hits", 4);
  scn_attr_int (sc, v, "hits", 4);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, v);
  /* A roll where both take Hits. */
  {
    gint m;

    for (m = -3; m <= 12; m++)
      if (sg_shock_result (fx.s, m, TRUE, NULL).hits > 0 && sg_shock_result (fx.s, m, FALSE, NULL).hits > 0)
        break;
    fx_push (&fx, 1, m - sg_shock_drm (fx.s, 0, u, v, NULL));
  }
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->step, ==, SG_ST_KEEP);
  g_assert_true (fx_has (&fx, SG_A_KEEP, u, -1));
  g_assert_false (fx_has (&fx, SG_A_KEEP, v, -1));
  ACT1 (&fx, SG_A_KEEP, u);
  g_assert_cmpint (fx.s->units[u].status, ==, SG_U_MAP);
  g_assert_cmpuint (fx.s->units[u].hits, ==, 4);
  g_assert_cmpint (fx.s->units[v].status, ==, SG_U_ELIMINATED);
  g_assert_cmpint (fx.s->rp[0], ==, 0);
  fx_end (&fx);
}

static void
test_8_5_rampage (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint el, a, b, c;

  /* The elephant at 0709 routs; units within two hexes roll in turn,
   * the adjacent ring first: a roll above the TQ gives the difference in
   * Hits; a 0, 1, 8 or 9 ends it. */
  el = scn_unit (sc, "el", "d", "EL", 5, 4, 5, NULL, "0709", SOUTH);
  a = scn_unit (sc, "a1", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  b = scn_unit (sc, "b1", "d", "HI", 4, 4, 5, NULL, "0609", SOUTH);
  c = scn_unit (sc, "c1", "a", "HI", 5, 4, 5, NULL, "0711", NORTH);
  fx_start (&fx, sc, NULL);
  fx_push (&fx, 3, 7, 6, 9);
  sg_rout (fx.s, el, a, fx.dice, fx.events, "test");
  /* From the inflicting unit a1 (TQ 5): 7 → 2 Hits; then b1 (TQ 4): 6 →
   * 2; then c1, two hexes: 9 → 4 Hits and the end. */
  g_assert_cmpuint (fx.s->units[a].hits, ==, 2);
  g_assert_cmpuint (fx.s->units[b].hits, ==, 2);
  g_assert_cmpuint (fx.s->units[c].hits, ==, 4);
  g_assert_cmpint (fx.s->units[el].status, ==, SG_U_ELIMINATED);
  g_assert_cmpuint (fx_count_events (&fx, "rampage-check"), ==, 3);
  fx_end (&fx);

  /* A 1 stops it at once. */
  sc = scn_basic (14, 14);
  el = scn_unit (sc, "el", "d", "EL", 5, 4, 5, NULL, "0709", SOUTH);
  a = scn_unit (sc, "a1", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  b = scn_unit (sc, "b1", "d", "HI", 4, 4, 5, NULL, "0609", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_push (&fx, 1, 1);
  sg_rout (fx.s, el, a, fx.dice, fx.events, "test");
  g_assert_cmpuint (fx_count_events (&fx, "rampage-check"), ==, 1);
  g_assert_cmpuint (fx.s->units[b].hits, ==, 0);
  fx_end (&fx);
}

/* ---- 9.0 Rout Points ---- */

static void
test_9_0_withdrawal (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v;

  /* The hostes' level is 2: an HI of TQ 2 eliminated reaches it (the
   * same or higher): they withdraw at the end of the Player Turn. */
  scn_side_int (sc, 1, "withdrawal_level", 2);
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 2, 4, 5, NULL, "0709", SOUTH);
  scn_unit (sc, "w", "d", "HI", 5, 4, 5, NULL, "1402", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, v);
  fx_push (&fx, 1, roll_with (&fx, 0, u, v, FALSE, SG_R_ROUT, 0));
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_false (fx.s->base.finished);
  settle (&fx);
  g_assert_true (fx.s->base.finished);
  g_assert_cmpint (fx.s->base.winner, ==, 0);
  g_assert_cmpint (sg_count_rp (fx.s, 1), ==, 2);
  fx_end (&fx);
}

/* ---- 10 Special units ---- */

static void
test_10_11_unrated_artillery (void)
{
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;
  AciesUnit *a;
  gint art;

  art = scn_unit (sc, "art", "a", "ART", 4, 1, 0, NULL, "0505", NORTH);
  a = g_ptr_array_index (sc->units, art);
  json_object_remove_member (a->attrs, "tq");
  json_object_remove_member (a->attrs, "ma");
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1001", SOUTH);
  fx_start (&fx, sc, NULL);
  /* Treated as LI with TQ 4 and MA 0; no Rout Points. */
  g_assert_cmpint (sg_def (fx.s, art)->tq, ==, 4);
  g_assert_cmpint (sg_ma (fx.s, art), ==, 0);
  g_assert_cmpint (sg_unit_rp (fx.s, art), ==, 0);
  fx_end (&fx);
}

static void
test_10_12_artillery_all_round (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint art, v;
  AciesEdge e;

  art = scn_unit (sc, "art", "a", "ART", 4, 1, 0, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0712", NORTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_cmpint (fx.s->units[art].facing, ==, SG_NONE);
  g_assert_true (fx_has (&fx, SG_A_FIRE, art, v));
  fx_end (&fx);

  /* Not across a wall of its hex. */
  sc = scn_basic (14, 14);
  art = scn_unit (sc, "art", "a", "ART", 4, 1, 0, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0712", NORTH);
  e = acies_board_edge_between (sc->map.board, acies_board_cell_from_label (sc->map.board, "0710"),
                                acies_board_cell_from_label (sc->map.board, "0711"));
  acies_map_add_edge_feature (&sc->map, e, "wall");
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_FIRE, art, v));
  fx_end (&fx);
}

static void
test_10_13_artillery_stack (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint art, li, u;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  li = scn_unit (sc, "li", "d", "LI", 4, 2, 6, NULL, "0709", SOUTH);
  art = scn_unit (sc, "art", "d", "ART", 4, 1, 0, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  /* Hits go to the infantry; the artillery's Size is ignored; it dies
   * with the infantry. */
  g_assert_cmpint (sg_piece_size (fx.s, li), ==, 2);
  sg_hit_piece (fx.s, art, 2, SG_NONE, fx.dice, fx.events, "test");
  g_assert_cmpuint (fx.s->units[li].hits, ==, 2);
  g_assert_cmpuint (fx.s->units[art].hits, ==, 0);
  sg_hit_piece (fx.s, li, 2, SG_NONE, fx.dice, fx.events, "test");
  g_assert_cmpint (fx.s->units[li].status, ==, SG_U_ELIMINATED);
  g_assert_cmpint (fx.s->units[art].status, ==, SG_U_ELIMINATED);
  (void) u;
  fx_end (&fx);
}

static void
test_10_14_active_artillery_alone (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint art;

  art = scn_unit (sc, "art", "a", "ART", 4, 1, 0, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  fx_end_move (&fx);
  g_assert_cmpint (fx.s->units[art].status, ==, SG_U_ELIMINATED);
  fx_end (&fx);
}

static void
test_10_22_rampage_no_chain (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint el, el2, a;

  /* An elephant routed by a rampage is eliminated without rampaging. */
  el = scn_unit (sc, "el", "d", "EL", 5, 4, 5, NULL, "0709", SOUTH);
  el2 = scn_unit (sc, "el2", "d", "EL", 2, 4, 5, NULL, "0609", SOUTH);
  a = scn_unit (sc, "a1", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  fx_start (&fx, sc, NULL);
  fx_push (&fx, 2, 5, 7);
  sg_rout (fx.s, el, a, fx.dice, fx.events, "test");
  g_assert_cmpint (fx.s->units[el2].status, ==, SG_U_ELIMINATED);
  g_assert_cmpuint (fx_count_events (&fx, "rampage"), ==, 1);
  fx_end (&fx);
}

static void
test_10_23_cavalry_shuns_elephants (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint hc, hi;

  /* Cavalry never moves into an enemy elephant's ZOC (0709 and 0809 for
   * the elephant at 0708); infantry may (1109 for the one at 1108). */
  hc = scn_unit (sc, "hc", "a", "HC", 5, 4, 8, NULL, "0710", NORTH);
  hi = scn_unit (sc, "hi", "a", "HI", 5, 4, 5, NULL, "1110", NORTH);
  scn_unit (sc, "el", "d", "EL", 5, 4, 5, NULL, "0708", SOUTH);
  scn_unit (sc, "el2", "d", "EL", 5, 4, 5, NULL, "1108", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (fx_has (&fx, SG_A_STEP, hc, C (&fx, "0709")));
  g_assert_false (fx_has (&fx, SG_A_STEP, hc, C (&fx, "0809")));
  g_assert_true (fx_has (&fx, SG_A_STEP, hi, C (&fx, "1109")));
  fx_end (&fx);
}

static void
test_10_25_elephant_dr_rout (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, el, m;

  /* A DR Rout the elephant survives: 2 Hits instead of retreating. */
  u = scn_unit (sc, "u", "a", "HI", 6, 4, 5, NULL, "0710", NORTH);
  el = scn_unit (sc, "el", "d", "EL", 6, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, el);
  m = roll_with (&fx, 0, u, el, FALSE, SG_R_DR_ROUT, 1);
  fx_push (&fx, 1, m);
  m += sg_shock_drm (fx.s, 0, u, el, NULL);
  fx_push (&fx, 1, 0);
  ACT0 (&fx, SG_A_END_DESIGNATION);
  settle (&fx);
  g_assert_cmpint (fx.s->units[el].cell, ==, C (&fx, "0709"));
  g_assert_cmpuint (fx.s->units[el].hits, ==, sg_shock_result (fx.s, m, FALSE, NULL).hits + 2);
  fx_end (&fx);
}

static void
test_10_4_german_cavalry (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint gc, li, v;

  gc = scn_unit (sc, "gc", "a", "GC", 5, 5, 7, "J", "0710", NORTH);
  li = scn_unit (sc, "li", "a", "LI", 5, 2, 6, NULL, "0310", NORTH);
  v = scn_unit (sc, "v", "d", "LI", 5, 2, 6, NULL, "0709", SOUTH);
  {
    AciesUnit *x = g_ptr_array_index (sc->units, gc);

    json_object_remove_member (x->attrs, "size");
  }
  fx_start (&fx, sc, NULL);
  /* Size 5 by default; the better of the GC and LI lines; moves as
   * cavalry. */
  g_assert_cmpint (sg_def (fx.s, gc)->size, ==, 5);
  g_assert_cmpint (sg_weapons_drm (fx.s, 0, gc, v, NULL, NULL), ==,
                   MAX (fx.s->st->weapons[0][SG_T_GC][SG_T_LI], fx.s->st->weapons[0][SG_T_LI][SG_T_LI]));
  g_assert_cmpint (sg_def (fx.s, gc)->mv, ==, SG_MV_CAVALRY);
  (void) li;
  fx_end (&fx);

  /* Hit and Run as light infantry: two hexes off, the hex between
   * vacant. */
  sc = scn_basic (14, 14);
  gc = scn_unit (sc, "gc", "a", "GC", 5, 5, 7, "J", "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_true (fx_has (&fx, SG_A_HIT_AND_RUN, gc, v));
  fx_end (&fx);
}

static void
test_10_52_chariots_shock_no_fire (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint ch;

  ch = scn_unit (sc, "ch", "a", "CH", 5, 3, 8, "A", "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  fx_activate (&fx, "a");
  g_assert_false (sg_may_fire_active (fx.s, ch));
  fx_end (&fx);
}

static void
test_10_53_chariots_vs_skirmishers (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint ch, sk;

  ch = scn_unit (sc, "ch", "a", "CH", 5, 3, 8, NULL, "0710", NORTH);
  sk = scn_unit (sc, "sk", "d", "SK", 9, 2, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, ch, sk);
  fx_push (&fx, 1, roll_with (&fx, 0, ch, sk, FALSE, SG_R_NONE, 1));
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->step, !=, SG_ST_RBS);
  settle (&fx);
  /* The skirmishers stand, not routed: the chariots survive all the same. */
  g_assert_cmpint (fx.s->units[sk].status, ==, SG_U_MAP);
  g_assert_cmpint (fx.s->units[ch].status, ==, SG_U_MAP);
  fx_end (&fx);
}

static void
test_10_55_chariots_take_the_hit (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint el, ch;

  /* An elephant attacks chariots: they cannot retreat before shock and
   * take 1 Hit before the roll. */
  scn_unit (sc, "x", "a", "HI", 5, 4, 5, NULL, "1414", NORTH);
  el = scn_unit (sc, "el", "d", "EL", 5, 4, 5, NULL, "0709", SOUTH);
  ch = scn_unit (sc, "ch", "a", "CH", 5, 3, 8, NULL, "0710", 4);
  scn_leader (sc, "dfc", 1, "d", 3, 12, 0, -1, "1401");
  fx_start (&fx, sc, NULL);
  fx_pass_to (&fx, 1);
  fx_activate (&fx, "d");
  fx_end_move (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, el, ch);
  fx_push (&fx, 1, roll_with (&fx, 0, el, ch, FALSE, SG_R_NONE, 1));
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->step, !=, SG_ST_RBS);
  g_assert_nonnull (fx_event (&fx, "hits"));
  g_assert_cmpstr (fx_event (&fx, "hits")->rule, ==, "SG 10.55");
  fx_end (&fx);
}

/* ---- 11.1 Fortifications ---- */

static AciesScenario *
fort_scenario (const char *feature)
{
  AciesScenario *sc = scn_basic (14, 14);
  AciesEdge e = acies_board_edge_between (sc->map.board, acies_board_cell_from_label (sc->map.board, "0710"),
                                          acies_board_cell_from_label (sc->map.board, "0709"));

  acies_map_add_edge_feature (&sc->map, e, feature);
  return sc;
}

static void
test_11_11_fortifications (void)
{
  AciesCatalogue *cat = acies_catalogue_get_bundled ("simple-gboh");
  const AciesTable *fec = acies_catalogue_find_table (cat, "fec");
  AciesScenario *sc = fort_scenario ("wall");
  Fx fx;
  gint u;

  u = scn_unit (sc, "u", "a", "HI", 5, 4, 9, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  /* Crossing a wall costs the chart's MP on top of the hex. */
  g_assert_cmpint (sg_enter_cost (fx.s, u, C (&fx, "0710"), C (&fx, "0709"), NULL), ==,
                   1 + (gint) g_ascii_strtoll (json_node_get_string (acies_table_lookup (fec, "wall", "Infantry")->value),
                                               NULL, 10));
  fx_end (&fx);
}

static void
test_11_12_from_inside (void)
{
  AciesScenario *sc = fort_scenario ("rampart");
  Fx fx;
  gint u;

  acies_map_add_cell_feature (&sc->map, acies_board_cell_from_label (sc->map.board, "0710"), "camp");
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 9, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  /* Out of the camp is easier than in. */
  g_assert_cmpint (sg_enter_cost (fx.s, u, C (&fx, "0710"), C (&fx, "0709"), NULL), <,
                   sg_enter_cost (fx.s, u, C (&fx, "0709"), C (&fx, "0710"), NULL));
  fx_end (&fx);
}

static void
test_11_13_fortification_limits (void)
{
  AciesScenario *sc = fort_scenario ("wall");
  Fx fx;
  gint u, el, hc, w, cells[6];
  gint16 from[1];
  guint n;

  /* A wall between 0710 and 0709, a camp at 0709. */
  acies_map_add_cell_feature (&sc->map, acies_board_cell_from_label (sc->map.board, "0709"), "camp");
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 9, NULL, "0711", NORTH);
  w = scn_unit (sc, "w", "d", "HI", 5, 4, 5, NULL, "0710", SOUTH);
  el = scn_unit (sc, "el", "d", "EL", 5, 4, 9, NULL, "0310", NORTH);
  hc = scn_unit (sc, "hc", "d", "HC", 5, 4, 9, NULL, "1110", NORTH);
  fx_start (&fx, sc, NULL);
  /* Elephants never into a camp; cavalry not across a wall. */
  g_assert_cmpint (sg_enter_cost (fx.s, el, C (&fx, "0710"), C (&fx, "0709"), NULL), ==, SG_MP_PROHIBITED);
  g_assert_cmpint (sg_enter_cost (fx.s, hc, C (&fx, "0710"), C (&fx, "0709"), NULL), ==, SG_MP_PROHIBITED);
  /* No retreat across it: w, attacked from 0711, may go to 0809 or 0810,
   * not 0709. */
  from[0] = u;
  n = sg_retreat_cells (fx.s, w, from, 1, cells);
  g_assert_cmpuint (n, ==, 2);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (cells[i], !=, C (&fx, "0709"));
  fx_end (&fx);

  /* Cavalry through a gate. */
  sc = fort_scenario ("gate");
  hc = scn_unit (sc, "hc", "a", "HC", 5, 4, 9, NULL, "0710", NORTH);
  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1401", SOUTH);
  fx_start (&fx, sc, NULL);
  g_assert_cmpint (sg_enter_cost (fx.s, hc, C (&fx, "0710"), C (&fx, "0709"), NULL), <, SG_MP_PROHIBITED);
  fx_end (&fx);
}

static void
test_11_14_voluntary_shock (void)
{
  AciesScenario *sc = fort_scenario ("rampart");
  Fx fx;
  gint u, v;

  /* Across the rampart the shock is voluntary, at the chart's DRM. */
  u = scn_unit (sc, "u", "a", "HI", 5, 4, 5, NULL, "0710", NORTH);
  v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0709", SOUTH);
  fx_start (&fx, sc, NULL);
  to_designation (&fx);
  g_assert_true (fx_has (&fx, SG_A_DESIGNATE, u, v));
  g_assert_true (fx_has (&fx, SG_A_END_DESIGNATION, -1, -1));
  ACT2 (&fx, SG_A_DESIGNATE, u, v);
  g_assert_cmpint (sg_terrain_drm (fx.s, 0), ==,
                   json_node_get_int (acies_table_lookup (acies_catalogue_find_table (
                                        acies_catalogue_get_bundled ("simple-gboh"), "fec"), "rampart", "Shock DRM")->value));
  g_assert_cmpint (sg_terrain_drm (fx.s, 0), <, 0);
  fx_end (&fx);
}

static void
test_11_16_fec (void)
{
  AciesCatalogue *cat = acies_catalogue_get_bundled ("simple-gboh");
  const AciesTable *fec = acies_catalogue_find_table (cat, "fec");
  AciesScenario *sc = scn_basic (10, 10);
  Fx fx;
  guint checked = 0;

  scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "1001", SOUTH);
  fx_start (&fx, sc, NULL);
  /* The Fortification Effects Chart's Shock and Missile DRMs are what the
   * engine applies for each fortified hexside. */
  for (guint e = 0; e < cat->edge_features->len; e++)
    {
      const AciesTerrainType *f = g_ptr_array_index (cat->edge_features, e);
      gint r = acies_table_row_index (fec, f->id);

      if (r < 0)
        continue;
      g_assert_true (fx.s->st->edge_fortified[e]);
      g_assert_cmpint (fx.s->st->edge_shock[e], ==, json_node_get_int (acies_table_lookup (fec, f->id, "Shock DRM")->value));
      g_assert_cmpint (fx.s->st->edge_missile[e], ==,
                       json_node_get_int (acies_table_lookup (fec, f->id, "Missile DRM")->value));
      checked++;
    }
  g_assert_cmpuint (checked, ==, fec->rows->len);
  fx_end (&fx);
}

static void
test_11_25_column_shocked (void)
{
  AciesScenario *sc = scn_basic (14, 14);
  Fx fx;
  gint u, v;
  g_autoptr(JsonObject) o = json_object_new ();

  json_object_set_boolean_member (o, "column_movement", TRUE);
  /* Rome's light infantry forms Column at 0710; the enemy comes from
   * 0708 to 0709 and attacks it: no Retreat Before Shock, and its normal
   * formation back after the combat. */
  v = scn_unit (sc, "v", "a", "LI", 6, 2, 6, NULL, "0710", NORTH);
  u = scn_unit (sc, "u", "d", "HI", 5, 4, 5, NULL, "0708", SOUTH);
  scn_leader (sc, "dfc", 1, "d", 3, 12, 0, -1, "1401");
  fx_start (&fx, sc, o);
  fx_activate (&fx, "a");
  ACT2 (&fx, SG_A_COLUMN, v, 5);
  fx_end_move (&fx);
  fx_pass_to (&fx, 1);
  fx_activate (&fx, "d");
  fx_step (&fx, u, "0709");
  fx_end_move (&fx);
  ACT2 (&fx, SG_A_DESIGNATE, u, v);
  fx_push (&fx, 1, roll_with (&fx, 0, u, v, FALSE, SG_R_NONE, 1));
  ACT0 (&fx, SG_A_END_DESIGNATION);
  g_assert_cmpint (fx.s->step, !=, SG_ST_RBS);
  settle (&fx);
  g_assert_false (fx.s->units[v].f & SG_UF_COLUMN);
  g_assert_nonnull (fx_event (&fx, "column-broken"));
  fx_end (&fx);
}

static void
test_c1_hits_mode (void)
{
  /* SG-C1: each stack takes #H (the default, as Example #2) or the
   * inflicting player spreads #H in all. */
  for (gint mode = 0; mode < 2; mode++)
    {
      AciesScenario *sc = scn_basic (14, 14);
      Fx fx;
      gint u1, u2, v, m;
      g_autoptr(JsonObject) alt = opt_string ("hits_mode", "total-distributed");

      u1 = scn_unit (sc, "u1", "a", "HI", 5, 2, 5, NULL, "0710", NORTH);
      u2 = scn_unit (sc, "u2", "a", "HI", 5, 2, 5, NULL, "0810", 4);
      v = scn_unit (sc, "v", "d", "HI", 5, 4, 5, NULL, "0809", SOUTH);

      fx_start (&fx, sc, mode == 0 ? NULL : alt);
      to_designation (&fx);
      ACT2 (&fx, SG_A_DESIGNATE, u1, v);
      ACT2 (&fx, SG_A_DESIGNATE, u2, v);
      for (m = -3; m <= 12; m++)
        if (sg_shock_result (fx.s, m, TRUE, NULL).hits == 2 && sg_shock_result (fx.s, m, TRUE, NULL).kind == SG_R_NONE)
          break;
      ACT0 (&fx, SG_A_END_DESIGNATION);
      fx_push (&fx, 1, m - sg_shock_drm (fx.s, 0, u1, v, NULL));
      ACT1 (&fx, SG_A_REPRESENTATIVE, u1);
      if (mode == 0)
        {
          g_assert_cmpuint (fx.s->units[u1].hits, ==, 2);
          g_assert_cmpuint (fx.s->units[u2].hits, ==, 2);
        }
      else
        {
          /* The defender spreads 2: one each before any gets two. */
          g_assert_cmpint (fx.s->step, ==, SG_ST_ASSIGN);
          g_assert_cmpint (fx.s->base.deciding_side, ==, 1);
          ACT1 (&fx, SG_A_ASSIGN_HIT, u1);
          g_assert_false (fx_has (&fx, SG_A_ASSIGN_HIT, u1, -1));
          ACT1 (&fx, SG_A_ASSIGN_HIT, u2);
          g_assert_cmpuint (fx.s->units[u1].hits, ==, 1);
          g_assert_cmpuint (fx.s->units[u2].hits, ==, 1);
        }
      fx_end (&fx);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/simple-gboh/7.3-intro/declare-all-first", test_7_3_intro_declare_first);
  g_test_add_func ("/acies/simple-gboh/7.31/obligations", test_7_31_obligations);
  g_test_add_func ("/acies/simple-gboh/7.33/command-irrelevant", test_7_33_command_irrelevant);
  g_test_add_func ("/acies/simple-gboh/7.34/once-a-phase", test_7_34_once);
  g_test_add_func ("/acies/simple-gboh/7.35/combined-attacks", test_7_35_combined);
  g_test_add_func ("/acies/simple-gboh/7.36/angle-of-attack", test_7_36_angle);
  g_test_add_func ("/acies/simple-gboh/7.37/lone-artillery", test_7_37_lone_artillery);
  g_test_add_func ("/acies/simple-gboh/7.4-intro/steps", test_7_4_intro_steps);
  g_test_add_func ("/acies/simple-gboh/7.41/eligibility", test_7_41_rbs_eligibility);
  g_test_add_func ("/acies/simple-gboh/7.42/off-the-map", test_7_42_off_the_map);
  g_test_add_func ("/acies/simple-gboh/7.43/keeps-facing", test_7_43_keeps_facing);
  g_test_add_func ("/acies/simple-gboh/7.44/advance", test_7_44_advance);
  g_test_add_func ("/acies/simple-gboh/7.45/only-light-infantry", test_7_45_light_infantry_roll);
  g_test_add_func ("/acies/simple-gboh/7.46/leader-casualty", test_7_46_leader_casualty);
  g_test_add_func ("/acies/simple-gboh/7.51/one-roll", test_7_51_one_roll);
  g_test_add_func ("/acies/simple-gboh/7.52/modifiers", test_7_52_modifiers);
  g_test_add_func ("/acies/simple-gboh/7.53/results", test_7_53_results);
  g_test_add_func ("/acies/simple-gboh/7.54/attacker-advances", test_7_54_attacker_advances);
  g_test_add_func ("/acies/simple-gboh/7.61/all-cavalry", test_7_61_all_cavalry);
  g_test_add_func ("/acies/simple-gboh/7.62/pursuit-check", test_7_62_pursuit_check);
  g_test_add_func ("/acies/simple-gboh/7.63/return-nothing", test_7_63_return_nothing);
  g_test_add_func ("/acies/simple-gboh/7.71/advance-choice", test_7_71_advance_choice);
  g_test_add_func ("/acies/simple-gboh/7.72/two-hex-no-turn", test_7_72_two_hex_no_turn);
  g_test_add_func ("/acies/simple-gboh/7.73/no-defender-advance", test_7_73_no_defender_advance);
  g_test_add_func ("/acies/simple-gboh/7.74/advance-reactions", test_7_74_advance_reactions);
  g_test_add_func ("/acies/simple-gboh/7.82/weapons-matrix", test_7_82_weapons_matrix);
  g_test_add_func ("/acies/simple-gboh/7.83/results-table", test_7_83_results_table);
  g_test_add_func ("/acies/simple-gboh/8.1/hits-to-tq", test_8_1_hits_to_tq);
  g_test_add_func ("/acies/simple-gboh/8.3/retreat", test_8_3_retreat);
  g_test_add_func ("/acies/simple-gboh/8.4/keeper", test_8_4_keeper);
  g_test_add_func ("/acies/simple-gboh/8.5/rampage", test_8_5_rampage);
  g_test_add_func ("/acies/simple-gboh/9.0/withdrawal", test_9_0_withdrawal);
  g_test_add_func ("/acies/simple-gboh/10.11/unrated-artillery", test_10_11_unrated_artillery);
  g_test_add_func ("/acies/simple-gboh/10.12/artillery-all-round", test_10_12_artillery_all_round);
  g_test_add_func ("/acies/simple-gboh/10.13/artillery-stack", test_10_13_artillery_stack);
  g_test_add_func ("/acies/simple-gboh/10.14/active-artillery-alone", test_10_14_active_artillery_alone);
  g_test_add_func ("/acies/simple-gboh/10.22/no-chain-rampage", test_10_22_rampage_no_chain);
  g_test_add_func ("/acies/simple-gboh/10.23/cavalry-shuns-elephants", test_10_23_cavalry_shuns_elephants);
  g_test_add_func ("/acies/simple-gboh/10.25/elephant-dr-rout", test_10_25_elephant_dr_rout);
  g_test_add_func ("/acies/simple-gboh/10.4/german-cavalry", test_10_4_german_cavalry);
  g_test_add_func ("/acies/simple-gboh/10.52/chariots-shock-no-fire", test_10_52_chariots_shock_no_fire);
  g_test_add_func ("/acies/simple-gboh/10.53/chariots-vs-skirmishers", test_10_53_chariots_vs_skirmishers);
  g_test_add_func ("/acies/simple-gboh/10.55/chariots-take-the-hit", test_10_55_chariots_take_the_hit);
  g_test_add_func ("/acies/simple-gboh/11.11/fortifications", test_11_11_fortifications);
  g_test_add_func ("/acies/simple-gboh/11.12/from-inside", test_11_12_from_inside);
  g_test_add_func ("/acies/simple-gboh/11.13/fortification-limits", test_11_13_fortification_limits);
  g_test_add_func ("/acies/simple-gboh/11.14/voluntary-shock", test_11_14_voluntary_shock);
  g_test_add_func ("/acies/simple-gboh/11.16/fortification-effects-chart", test_11_16_fec);
  g_test_add_func ("/acies/simple-gboh/11.25/column-shocked", test_11_25_column_shocked);
  g_test_add_func ("/acies/simple-gboh/C1/hits-mode", test_c1_hits_mode);
  return g_test_run ();
}
