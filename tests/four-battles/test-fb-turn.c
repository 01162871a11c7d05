/* test-fb-turn.c
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
#include "model/acies-catalogue.h"

/*
 * Four Battles: the map and its aids (2.1, 2.2), set-up (3.0), the turn
 * sequence (4.0), the close of movement (5.16), and the melee cases the
 * other files leave: attacks from every side, low odds, retreats that
 * meet, chargers with others, missile units in melee, the berserk
 * elephant's path, and the army morale levels (15.0, 15.3).
 *
 * Map: 10 × 10 clear; 0505's neighbours are 0504 (N), 0604 (NE), 0605
 * (SE), 0506 (S), 0405 (SW), 0404 (NW).
 */

static void
resolve_plain (FbState   *s,
               AciesDice *dice,
               guint      die)
{
  acies_dice_push (dice, die);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  if (s->step == FB_ST_DEFEND)
    g_assert_true (fb_act (s, dice, NULL, FB_A_DEFEND, -1, -1, -1));
}

/* FB 2.1, 5.21: terrain the TEC prohibits (a lake) is never entered, nor
 * is a unit set up there. */
static void
test_prohibited (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0505");
  fb_terrain (scn, "0504", "lake");
  s = fb_state (scn, NULL);
  g_assert_true (acies_fb_cell_prohibited (s, 0, fb_cell (s, "0504")));
  g_assert_false (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0504")));
  g_assert_true (fb_has (s, FB_A_MOVE, 0, fb_cell (s, "0503")));      /* round it */
}

/* FB 2.2, 7.16, 15.3: the aids are in the catalogue: the TEC, the CRT,
 * the Missile Fire Table and the army morale levels; what is printed is
 * marked with its case, what is not is provisional. */
static void
test_aids (void)
{
  g_autoptr(AciesRuleset) ruleset = acies_four_battles_ruleset_new ();
  AciesCatalogue *cat = acies_ruleset_get_catalogue (ruleset);
  static const char *ids[] = { "tec", "crt", "mft", "army-morale" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_nonnull (acies_catalogue_find_table (cat, ids[i]));
  /* The CRT is not printed (checklist 2.1): every cell provisional. */
  {
    g_autoptr(AciesScenario) scn = fb_scn_new (4, 4);
    g_autoptr(FbState) s = NULL;

    fb_unit (scn, 0, "infantry", 4, 4, "0101");
    s = fb_state (scn, NULL);
    for (gint c = 0; c < s->st->crt.n_cols; c++)
      for (gint d = 0; d < 6; d++)
        g_assert_true (s->st->crt.provisional[c][d]);
    /* 11.32's die is printed. */
    g_assert_cmpint (s->st->rbc_elim_max, ==, 1);
  }
}

/* FB 3.0: with a sequenced set-up the named side places all its units
 * first, each in its set-up area; then the first player's turn 1. */
static void
test_setup (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, NULL);
  fb_unit (scn, 1, "infantry", 4, 4, NULL);
  fb_area (scn, "west", "setup", 0, "0102", "0103", NULL);
  fb_area (scn, "east", "setup", 1, "0902", "0903", NULL);
  json_object_set_string_member (scn->params, "setup", "sequenced");
  json_object_set_string_member (scn->params, "setup_first", "b");
  s = fb_state (scn, NULL);
  g_assert_cmpint (s->phase, ==, FB_PH_SETUP);
  g_assert_cmpint (s->base.deciding_side, ==, 1);
  g_assert_false (fb_has (s, FB_A_PLACE, 0, -2));
  g_assert_false (fb_has (s, FB_A_PLACE, 1, fb_cell (s, "0102")));
  g_assert_true (fb_act (s, dice, NULL, FB_A_PLACE, 1, fb_cell (s, "0903"), -1));
  g_assert_cmpint (s->base.deciding_side, ==, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_PLACE, 0, fb_cell (s, "0102"), -1));
  g_assert_cmpint (s->phase, ==, FB_PH_MOVE);
  g_assert_cmpint (s->base.turn, ==, 1);
  g_assert_cmpint (s->base.active_side, ==, 0);           /* the scenario's first player */
}

/* FB 4.0, 4.0-B, 4.0-C, 4.0-D, 4.0-interphase: each player turn is
 * movement, missile fire, combat and rally, the first player's then the
 * second's; then the turn marker advances; after the last turn the game
 * ends. */
static void
test_sequence (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint lost;
  static const FbPhase order[] = { FB_PH_MOVE, FB_PH_MISSILE, FB_PH_COMBAT, FB_PH_RALLY };

  fb_unit (scn, 0, "archer", 2, 4, "0505");
  fb_unit (scn, 1, "archer", 2, 4, "0503");
  fb_leader (scn, 0, "leader", 1, 9, "0101");
  fb_leader (scn, 1, "leader", 1, 9, "0909");
  lost = fb_unit (scn, 0, "infantry", 4, 4, "0102");
  fb_unit (scn, 1, "infantry", 4, 4, "0902");
  scn->turn_limit = 2;
  for (gint d = 1; d <= 6; d++)
    {
      char col[2] = { (char) ('0' + d), 0 };

      fb_table_cell (scn, "mft", "bow 2", col, "-");
    }
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, lost, NULL, "test", FALSE);
  acies_fb_eliminate (s, lost + 1, NULL, "test", FALSE);
  for (gint turn = 1; turn <= 2; turn++)
    for (gint side = 0; side < 2; side++)
      for (guint k = 0; k < G_N_ELEMENTS (order); k++)
        {
          g_assert_cmpint (s->base.turn, ==, turn);
          g_assert_cmpint (s->base.active_side, ==, side);
          g_assert_cmpint (s->phase, ==, order[k]);
          if (order[k] == FB_PH_MISSILE)
            g_assert_true (fb_has (s, FB_A_FIRE, side == 0 ? 0 : 1, -2));      /* 4.0-B */
          if (order[k] == FB_PH_RALLY)
            {
              /* 4.0-D: one roll; it fails on 6. */
              acies_dice_push (dice, 6);
              g_assert_true (fb_act (s, dice, NULL, FB_A_RALLY, fb_lpiece (s, side), -1, -1));
              /* 14.4: the player ends his player turn himself. */
              g_assert_cmpint (s->phase, ==, FB_PH_RALLY);
            }
          {
            g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
            const AciesEvent *begins = NULL;

            gboolean first = turn == 1 && side == 0 && k == 0;

            g_assert_true (fb_act (s, dice, events, FB_A_END_PHASE, -1, -1, -1));
            /* 4.0: the game's first action first says which phase the
             * game began in (nothing moved the game into it). */
            if (first)
              {
                const AciesEvent *opening = events->len > 0 ? events->pdata[0] : NULL;

                g_assert_nonnull (opening);
                g_assert_cmpstr (opening->type, ==, "phase");
                g_assert_cmpint (opening->player, ==, 0);
                g_assert_cmpstr (opening->text, ==, "Movement Phase, Game Turn 1");
                g_ptr_array_remove_index (events, 0);
              }
            /* 4.0: the log says which phase begins, in which Game Turn,
             * and whose it is; nothing once the game is over. */
            for (guint i = 0; i < events->len; i++)
              if (g_str_equal (((AciesEvent *) events->pdata[i])->type, "phase"))
                {
                  g_assert_null (begins);
                  begins = events->pdata[i];
                }
            if (s->base.finished)
              g_assert_null (begins);
            else
              {
                g_autofree char *turn_words = g_strdup_printf (", Game Turn %u", s->base.turn);

                g_assert_nonnull (begins);
                g_assert_cmpstr (begins->rule, ==, "FB 4.0");
                g_assert_cmpint (begins->player, ==, s->base.active_side);
                /* The side is the line's player, named once before it. */
                g_assert_true (g_str_has_suffix (begins->text, turn_words));
                g_assert_true (g_str_has_prefix (begins->text, acies_fb_phase_name (s->phase)));
                g_assert_null (strstr (begins->text, acies_fb_side_name (s, s->base.active_side)));
              }
          }
        }
  g_assert_true (s->base.finished);
  g_assert_cmpint (s->base.turn, ==, 2);
}

/* FB 5.16, 5.19: once the movement phase is over, no unit moves and no
 * move is changed. */
static void
test_movement_closed (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "infantry", 4, 4, "0202");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  s = fb_state (scn, NULL);
  fb_move (s, dice, 0, "0203", FALSE);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_false (fb_has (s, FB_A_MOVE, -2, -2));
  g_assert_false (fb_has (s, FB_A_CHANGE_MOVE, -2, -2));
}

/* FB 5.18, 5.0: a move's path goes hex to adjacent hex, each paid. */
static void
test_adjacent_steps (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (gint));
  gint cost = 0;

  fb_unit (scn, 0, "infantry", 4, 6, "0202");
  fb_terrain (scn, "0304", "woods");
  s = fb_state (scn, NULL);
  g_assert_true (acies_fb_move_path (s, 0, fb_cell (s, "0606"), FALSE, cells, &cost));
  g_assert_cmpint (g_array_index (cells, gint, 0), ==, fb_cell (s, "0202"));
  for (guint i = 1; i < cells->len; i++)
    g_assert_true (acies_fb_adjacent (s->st, g_array_index (cells, gint, i - 1), g_array_index (cells, gint, i)));
  g_assert_cmpint (cost, ==, (gint) cells->len - 1);        /* all clear: the path avoids the woods */
}

/* FB 6.6: the ZOCs of both sides lie in the same hex; two of one side add
 * nothing (a unit entering either stops the same). */
static void
test_zoc_overlap (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_unit (scn, 1, "infantry", 4, 4, "0506");
  fb_unit (scn, 0, "infantry", 4, 4, "0305");
  fb_unit (scn, 0, "infantry", 4, 4, "0705");
  s = fb_state (scn, NULL);
  g_assert_true (acies_fb_in_enemy_zoc (s, 0, fb_cell (s, "0505")));
  g_assert_true (acies_fb_in_enemy_zoc (s, 1, fb_cell (s, "0405")));
  g_assert_true (acies_fb_in_enemy_zoc (s, 0, fb_cell (s, "0405")));
  g_assert_cmpint (s->zoc[1][0][fb_cell (s, "0505")], ==, 2);
  /* Entering the doubly covered hex ends the move like any other. */
  g_assert_true (fb_has (s, FB_A_MOVE, 2, fb_cell (s, "0405")));
  g_assert_false (fb_has (s, FB_A_MOVE, 2, fb_cell (s, "0605")));    /* not through 0505 */
}

/* FB 7.32, 7.42, 7.13: a missile unit in an enemy ZOC must melee with its
 * SP after firing, and suffers the result like any unit. */
static void
test_missile_in_melee (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 0, "archer", 3, 4, "0505");
  fb_unit (scn, 1, "infantry", 4, 4, "0504");
  fb_crt_all (scn, "AL");
  for (gint d = 1; d <= 6; d++)
    {
      char col[2] = { (char) ('0' + d), 0 };

      fb_table_cell (scn, "mft", "bow 1", col, "-");
    }
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_MISSILE, 0);
  acies_dice_push (dice, 6);
  g_assert_true (fb_act (s, dice, NULL, FB_A_FIRE, 0, 1, -1));
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (s->p[0].must_attack);
  g_assert_false (fb_has (s, FB_A_END_PHASE, -2, -2));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 0, 1, -1));
  resolve_plain (s, dice, 3);
  g_assert_cmpint (s->p[0].where, ==, FB_AT_ELIMINATED);
}

/* FB 8.14: one hex attacked from all six of its neighbours in one melee. */
static void
test_six_sides (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  static const char *around[] = { "0504", "0604", "0605", "0506", "0405", "0404" };
  FbOdds o;

  fb_unit (scn, 1, "infantry", 6, 4, "0505");
  for (guint i = 0; i < G_N_ELEMENTS (around); i++)
    fb_unit (scn, 0, "infantry", 1, 4, around[i]);
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  for (gint i = 2; i <= 6; i++)
    g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_ATTACKER, i, -1, -1));
  fb_odds (s, &o);
  g_assert_cmpint (s->c.n_att, ==, 6);
  g_assert_cmpint (o.att_q, ==, 6 * 4);
}

/* FB 8.23, ruling A27: several attackers against several defenders only
 * when some attacker is in the ZOC of all of them; FB 8.3, 8.15: a unit
 * that fought does not fight again in the phase. */
static void
test_unavoidable (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 2, 4, "0504");
  fb_unit (scn, 1, "infantry", 2, 4, "0508");
  fb_unit (scn, 0, "infantry", 8, 4, "0503");      /* next to 0504 only */
  fb_unit (scn, 0, "infantry", 8, 4, "0509");      /* next to 0508 only */
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 0, -1));
  g_assert_false (fb_has (s, FB_A_ADD_DEFENDER, 1, -2));
  g_assert_false (fb_has (s, FB_A_ADD_ATTACKER, 3, -2));
  resolve_plain (s, dice, 3);
  g_assert_false (fb_has (s, FB_A_ATTACK, 2, -2));
  g_assert_false (fb_has (s, FB_A_ADD_ATTACKER, 2, -2));
}

/* FB 8.51, 8.52: a voluntary attack at poor odds (1:3) is legal. */
static void
test_low_odds (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 1, "infantry", 9, 4, "0505");
  fb_unit (scn, 0, "infantry", 3, 4, "0504");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.level, ==, -2);
  g_assert_true (fb_has (s, FB_A_RESOLVE, -2, -2));
}

/* FB 8.74: two units retreating from one melee do not share a hex. */
static void
test_retreats_meet (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint first, second;

  /* Two B units at 0505 and 0605 attacked together by A at 0604 (next to
   * both); 0506 is open to either. */
  fb_unit (scn, 1, "infantry", 2, 4, "0505");
  fb_unit (scn, 1, "infantry", 2, 4, "0605");
  fb_unit (scn, 0, "infantry", 12, 4, "0604");
  fb_crt_all (scn, "DR");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 0, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_DEFENDER, 1, -1, -1));
  resolve_plain (s, dice, 3);
  g_assert_cmpint (s->step, ==, FB_ST_RETREAT);
  /* The first to go takes 0506; the second may not go there too. */
  g_assert_true (fb_has (s, FB_A_RETREAT, 0, fb_cell (s, "0506")));
  g_assert_true (fb_act (s, dice, NULL, FB_A_RETREAT, 0, fb_cell (s, "0506"), -1));
  first = 0;
  second = 1;
  if (s->step == FB_ST_RETREAT)
    {
      g_assert_false (fb_has (s, FB_A_RETREAT, second, fb_cell (s, "0506")));
      g_assert_true (fb_act (s, dice, NULL, FB_A_RETREAT, second, fb_cell (s, "0606"), -1));
    }
  g_assert_cmpint (s->p[first].cell, ==, fb_cell (s, "0506"));
  g_assert_cmpint (s->p[second].cell, !=, fb_cell (s, "0506"));
}

/* FB 8.86: a retreating unit never displaces one that has retreated:
 * B's unit at 0605, hemmed in by A's ZOC, finds its only way out (0506)
 * taken by the other retreater and is eliminated. */
static void
test_no_displacing_retreaters (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  fb_unit (scn, 1, "infantry", 2, 4, "0505");
  fb_unit (scn, 1, "infantry", 2, 4, "0605");
  fb_unit (scn, 0, "infantry", 12, 4, "0604");
  fb_unit (scn, 0, "infantry", 4, 4, "0706");      /* its ZOC closes 0705 and 0606 */
  fb_crt_all (scn, "DR");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 2, 0, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_DEFENDER, 1, -1, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_ATTACKER, 3, -1, -1));
  resolve_plain (s, dice, 3);
  g_assert_cmpint (s->step, ==, FB_ST_RETREAT);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RETREAT, 0, fb_cell (s, "0506"), -1));
  g_assert_cmpint (s->p[0].cell, ==, fb_cell (s, "0506"));
  g_assert_false (fb_has (s, FB_A_RETREAT, 1, fb_cell (s, "0506")));
  g_assert_cmpint (s->p[1].where, ==, FB_AT_ELIMINATED);
}

/* FB 9.6, 9.9: chargers and others attack together, only the charger
 * doubled; the bonus ends with that melee. */
static void
test_mixed_charge (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  FbOdds o;

  fb_unit (scn, 1, "infantry", 8, 4, "0505");
  fb_unit (scn, 0, "cavalry", 4, 6, "0502");
  fb_unit (scn, 0, "infantry", 3, 4, "0506");
  fb_crt_all (scn, "-");
  s = fb_state (scn, NULL);
  fb_move (s, dice, 1, "0504", TRUE);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  g_assert_true (fb_act (s, dice, NULL, FB_A_ADD_ATTACKER, 2, -1, -1));
  fb_odds (s, &o);
  g_assert_cmpint (o.att_q, ==, (8 + 3) * 4);
  resolve_plain (s, dice, 3);
  g_assert_false (s->p[1].charging);
}

/* FB 12.7b, 12.7c, 12.0: the berserk elephant goes its way ignoring enemy
 * ZOC, and attacks a combat unit in its way, foe as well as friend. */
static void
test_berserk_path (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;

  ((AciesSide *) g_ptr_array_index (scn->sides, 1))->home_edge = ACIES_MAP_EDGE_NORTH;
  fb_unit (scn, 1, "elephant", 4, 4, "0506");
  fb_unit (scn, 0, "infantry", 8, 4, "0507");     /* the attacker, south */
  fb_unit (scn, 0, "infantry", 2, 4, "0503");     /* a foe two hexes north */
  fb_unit (scn, 0, "infantry", 2, 4, "0404");     /* its ZOC covers 0505 */
  fb_crt_all (scn, "DR");
  s = fb_state (scn, NULL);
  fb_goto (s, dice, FB_PH_COMBAT, 0);
  g_assert_true (fb_act (s, dice, NULL, FB_A_ATTACK, 1, 0, -1));
  /* Melee 3 (DR); direction 1 twice: north to 0505 (in A's ZOC, which
   * it ignores), then 0504; the end roll 1: it calms down. */
  fb_push (dice, "3", "1", "1", "1", NULL);
  g_assert_true (fb_act (s, dice, NULL, FB_A_RESOLVE, -1, -1, -1));
  g_assert_cmpint (s->p[0].cell, ==, fb_cell (s, "0504"));
  /* Next time it meets the foe: 1 (north into 0503), attack 1: the foe
   * dies. */
  acies_fb_go_berserk (s, 0, NULL);
  fb_push (dice, "1", "1", NULL);
  acies_fb_run_berserk (s, dice, NULL);
  g_assert_cmpint (s->p[2].where, ==, FB_AT_ELIMINATED);
  g_assert_cmpint (s->p[0].where, ==, FB_AT_MAP);
}

/* FB 13.9, 14.0: only leaders rally: with no leader on the map there is
 * no rally phase to play. */
static void
test_leaders_rally (void)
{
  g_autoptr(AciesScenario) scn = fb_scn_new (10, 10);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(FbState) s = NULL;
  gint lost;

  fb_unit (scn, 0, "infantry", 4, 4, "0202");
  lost = fb_unit (scn, 0, "infantry", 4, 4, "0204");
  fb_unit (scn, 1, "infantry", 4, 4, "0909");
  s = fb_state (scn, NULL);
  acies_fb_eliminate (s, lost, NULL, "test", FALSE);
  fb_goto (s, dice, FB_PH_MOVE, 1);
  g_assert_false (fb_has (s, FB_A_RALLY, -2, -2));
}

/* FB 15.0, 15.3: each side's demoralization and disintegration levels and
 * rally number come from the scenario (Granicus's printed 60, 75, 1-3). */
static void
test_levels (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("ACIES_SOURCE_DIR") != NULL ? g_getenv ("ACIES_SOURCE_DIR") : ".",
                                            "data", "scenarios", "four-battles", "granicus.acies", NULL);
  g_autoptr(AciesScenario) scn = acies_scenario_load_path (path, &error);
  g_autoptr(FbState) s = NULL;
  gint mac;

  g_assert_no_error (error);
  s = fb_state (scn, NULL);
  mac = acies_scenario_side_index (scn, "macedonians");
  g_assert_cmpint (mac, >=, 0);
  g_assert_cmpint (s->st->demoralization[mac], ==, 60);
  g_assert_cmpint (s->st->disintegration[mac], ==, 75);
  g_assert_cmpint (s->st->rally[mac], ==, 3);
  g_assert_cmpint (s->st->rally[1 - mac], ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/four-battles/2.1/prohibited-terrain", test_prohibited);
  g_test_add_func ("/acies/four-battles/2.2/aids-in-the-catalogue", test_aids);
  g_test_add_func ("/acies/four-battles/3.0/sequenced-set-up", test_setup);
  g_test_add_func ("/acies/four-battles/4.0/turn-sequence", test_sequence);
  g_test_add_func ("/acies/four-battles/5.16/movement-closed", test_movement_closed);
  g_test_add_func ("/acies/four-battles/5.18/hex-to-hex", test_adjacent_steps);
  g_test_add_func ("/acies/four-battles/6.6/zocs-overlap", test_zoc_overlap);
  g_test_add_func ("/acies/four-battles/7.32/missile-units-melee", test_missile_in_melee);
  g_test_add_func ("/acies/four-battles/8.14/six-sides", test_six_sides);
  g_test_add_func ("/acies/four-battles/8.23/only-when-unavoidable", test_unavoidable);
  g_test_add_func ("/acies/four-battles/8.51/low-odds-legal", test_low_odds);
  g_test_add_func ("/acies/four-battles/8.74/retreats-do-not-share", test_retreats_meet);
  g_test_add_func ("/acies/four-battles/8.86/no-displacing-retreaters", test_no_displacing_retreaters);
  g_test_add_func ("/acies/four-battles/9.6/chargers-with-others", test_mixed_charge);
  g_test_add_func ("/acies/four-battles/12.7b/berserk-path", test_berserk_path);
  g_test_add_func ("/acies/four-battles/13.9/leaders-rally", test_leaders_rally);
  g_test_add_func ("/acies/four-battles/15.3/levels-from-the-scenario", test_levels);
  return g_test_run ();
}
