/* test-cca-terrain.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-cca"

#include "config.h"

#include "cca-test-common.h"

/*
 * Section 7, terrain in detail: each clause of the marsh, bastion, walls,
 * broken ground, forest, hill, coast, river, ford and fortified camp, with
 * forced dice (T-* ids of the checklist; CC-T6 to CC-T12).  The south side
 * (1) stands in row 6, the north side (0) in row 5; F6 is next to F5.
 */

static AciesCcaState *
pair (const char *att_type,
      const char *att_terrain,
      const char *def_type,
      const char *def_terrain,
      AciesScenario **out)
{
  AciesScenario *scn = cca_scn_new (13, 9, 1);

  cca_scn_unit (scn, 1, att_type, "F6", 0);
  cca_scn_unit (scn, 0, def_type, "F5", 0);
  if (att_terrain != NULL)
    cca_scn_terrain (scn, "F6", att_terrain);
  if (def_terrain != NULL)
    cca_scn_terrain (scn, "F5", def_terrain);
  if (out != NULL)
    {
      *out = scn;
      return NULL;
    }
  {
    AciesCcaState *s = cca_state_new (scn, NULL);

    acies_scenario_unref (scn);
    return s;
  }
}

static gint
att_of (const AciesCcaState *s)
{
  return s->unit_at[cca_cell (s, "F6")];
}

static gint
def_of (const AciesCcaState *s)
{
  return s->unit_at[cca_cell (s, "F5")];
}

static gint
dice_of (const AciesCcaState *s,
         gint                 u,
         gint                 target,
         gint                 mode,
         gboolean             back)
{
  AciesCcaDice d;

  acies_cca_battle_dice (s, u, target, mode, back, &d);
  return d.dice;
}

static gboolean
can_reach (const AciesCcaState *s,
           gint                 u,
           const char          *cell)
{
  gint16 dest[ACIES_CCA_MAX_CELLS];
  guint8 dist[ACIES_CCA_MAX_CELLS];
  guint n = acies_cca_destinations (s, u, dest, dist);

  for (guint i = 0; i < n; i++)
    if (dest[i] == cca_cell (s, cell))
      return TRUE;
  return FALSE;
}

/* Marsh ------------------------------------------------------------------ */

/* T-MARSH-1, T-MARSH-7: a unit entering a marsh stops there, and may
 * battle that turn. */
static void
test_marsh_stop (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint lc;

  cca_scn_unit (scn, 1, "light-cavalry", "F8", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_terrain (scn, "F7", "marsh");
  s = cca_state_new (scn, NULL);
  lc = s->unit_at[cca_cell (s, "F8")];
  cca_force_orders (s, dice, -1, "light-cavalry-F8", NULL);
  g_assert_true (can_reach (s, lc, "F7"));
  /* F6 lies beyond the marsh through F7 only via other hexes (G7). */
  g_assert_true (can_reach (s, lc, "F6"));
  cca_push (dice, "T");   /* Q1: the marsh check on entry, a blue triangle: no loss */
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, lc, cca_cell (s, "F7"), -1));
  g_assert_cmpint (s->units[lc].blocks, ==, 3);
  /* Stopped: it may not move again; T-MARSH-7: it may battle. */
  g_assert_false (cca_legal (s, ACIES_CCA_A_MOVE, lc, -2));
  g_assert_false (s->units[lc].flags & ACIES_CCA_UF_NO_BATTLE);
}

/* T-MARSH-2, Q1, CC-T9: the check loses a block on the unit's symbol; a
 * unit of one block is then eliminated, a flag for the enemy. */
static void
test_marsh_check (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint mi, mi1;

  cca_scn_unit (scn, 1, "medium-infantry", "F8", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "H8", 1);
  cca_scn_terrain (scn, "F7", "marsh");
  cca_scn_terrain (scn, "H7", "marsh");
  s = cca_state_new (scn, NULL);
  mi = s->unit_at[cca_cell (s, "F8")];
  mi1 = s->unit_at[cca_cell (s, "H8")];
  cca_force_orders (s, dice, -1, "medium-infantry-F8", "medium-infantry-H8", NULL);
  cca_push (dice, "T");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, mi, cca_cell (s, "F7"), -1));
  g_assert_cmpint (s->units[mi].blocks, ==, 3);
  cca_push (dice, "T");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, mi1, cca_cell (s, "H7"), -1));
  g_assert_cmpint (s->units[mi1].status, ==, ACIES_CCA_ELIMINATED);
  g_assert_cmpint (acies_cca_total_flags (s, 0), ==, 1);
}

/* T-MARSH-3, CC-T10: a unit retreating through a marsh does not stop but
 * checks there, before any loss for hexes it cannot retreat. */
static void
test_marsh_retreat (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att, li;

  /* Light infantry (retreat 2 a flag) in F5 with one block; behind it
   * E4 and F4 are marsh; behind them, the units of its own side. */
  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_unit (scn, 0, "light-infantry", "F5", 2);
  cca_scn_unit (scn, 0, "medium-infantry", "E3", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F3", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "G3", 0);
  cca_scn_terrain (scn, "E4", "marsh");
  cca_scn_terrain (scn, "F4", "marsh");
  s = cca_state_new (scn, NULL);
  att = att_of (s);
  li = def_of (s);
  cca_force_orders (s, dice, -1, "heavy-infantry-F6", NULL);
  cca_end_moves (s, dice);
  /* It stands (it could evade a hex).  A flag (it is not supported: no
   * friend next to it).  Retreat 2: F4 (the marsh: the check, a
   * triangle, nothing), then blocked: a block lost. */
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, li, -1));
  cca_push (dice, "FSSSS");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_STAND, -1, -1, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_RETREAT);
  cca_push (dice, "T");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_RETREAT, cca_cell (s, "F4"), -1, -1));
  g_assert_cmpint (s->units[li].blocks, ==, 1);
  g_assert_cmpint (s->units[li].cell, ==, cca_cell (s, "F4"));
}

/* T-MARSH-4, Q2: a lone commander entering a marsh checks too: a helmet
 * kills him. */
static void
test_marsh_commander (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint l;

  cca_scn_leader (scn, 1, "legate", "F8");
  cca_scn_unit (scn, 1, "medium-infantry", "A9", 0);
  cca_scn_terrain (scn, "F7", "marsh");
  s = cca_state_new (scn, NULL);
  l = cca_leader (s, "legate");
  cca_force_orders (s, dice, -1, "legate", "medium-infantry-A9", NULL);
  cca_push (dice, "H");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, (gint) s->st->n_units + l, cca_cell (s, "F7"), -1));
  g_assert_cmpint (s->leaders[l].status, ==, ACIES_CCA_ELIMINATED);
  g_assert_cmpint (acies_cca_total_flags (s, 0), ==, 1);
}

/* T-MARSH-5, T-MARSH-6: leaving a marsh, one hex only; war machines never
 * enter. */
static void
test_marsh_leave (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint lc, wm;

  cca_scn_unit (scn, 1, "light-cavalry", "F7", 0);
  cca_scn_unit (scn, 1, "light-war-machine", "H8", 0);
  cca_scn_terrain (scn, "F7", "marsh");
  cca_scn_terrain (scn, "H7", "marsh");
  s = cca_state_new (scn, NULL);
  lc = s->unit_at[cca_cell (s, "F7")];
  wm = s->unit_at[cca_cell (s, "H8")];
  cca_force_orders (s, dice, -1, "light-cavalry-F7", "light-war-machine-H8", NULL);
  g_assert_cmpuint (acies_cca_move_allowance (s, lc), ==, 1);
  g_assert_true (can_reach (s, lc, "F6"));
  g_assert_false (can_reach (s, lc, "F5"));
  g_assert_false (can_reach (s, wm, "H7"));
}

/* T-MARSH-8, T-MARSH-10, T-MARSH-12, Q10: close combat against or out of
 * a marsh: at most 2 dice; ranged combat out of it 1 die; a card's die
 * raises the limit. */
static void
test_marsh_caps (void)
{
  g_autoptr(AciesCcaState) s = pair ("heavy-infantry", NULL, "heavy-infantry", "marsh", NULL);
  g_autoptr(AciesCcaState) t = pair ("heavy-infantry", "marsh", "heavy-infantry", NULL, NULL);
  g_autoptr(AciesCcaState) u = pair ("slinger", "marsh", "medium-infantry", NULL, NULL);

  g_assert_cmpint (dice_of (s, att_of (s), def_of (s), ACIES_CCA_BM_CLOSE, FALSE), ==, 2);
  g_assert_cmpint (dice_of (t, att_of (t), def_of (t), ACIES_CCA_BM_CLOSE, FALSE), ==, 2);
  /* The defender in the marsh battles back with 2 too. */
  g_assert_cmpint (dice_of (s, def_of (s), att_of (s), ACIES_CCA_BM_CLOSE, TRUE), ==, 2);
  /* A slinger in a marsh fires 1 die (at range 2: F6 to F4). */
  acies_cca_place_unit (u, def_of (u), cca_cell (u, "F4"));
  g_assert_cmpint (dice_of (u, att_of (u), u->unit_at[cca_cell (u, "F4")], ACIES_CCA_BM_RANGED, FALSE), ==, 1);
  /* Q10: a card's extra die raises the limit to 3. */
  s->units[att_of (s)].bonus_dice = 1;
  g_assert_cmpint (dice_of (s, att_of (s), def_of (s), ACIES_CCA_BM_CLOSE, FALSE), ==, 3);
}

/* T-MARSH-9, T-MARSH-11: a unit advancing into a marsh checks; advancing
 * out of one is allowed. */
static void
test_marsh_advance (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att, def;

  cca_scn_unit (scn, 1, "medium-infantry", "F6", 0);
  cca_scn_unit (scn, 0, "light-infantry", "F5", 1);
  cca_scn_terrain (scn, "F6", "marsh");
  cca_scn_terrain (scn, "F5", "marsh");
  s = cca_state_new (scn, NULL);
  att = att_of (s);
  def = def_of (s);
  cca_force_orders (s, dice, -1, "medium-infantry-F6", NULL);
  cca_end_moves (s, dice);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  /* It stands; 2 dice (the marsh): a green circle eliminates it. */
  cca_push (dice, "CT");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_STAND, -1, -1, -1));
  g_assert_cmpint (s->units[def].status, ==, ACIES_CCA_ELIMINATED);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ADVANCE);
  /* The advance into the marsh: its check (a blue triangle: a block). */
  cca_push (dice, "T");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ADVANCE, cca_cell (s, "F5"), -1, -1));
  g_assert_cmpint (s->units[att].cell, ==, cca_cell (s, "F5"));
  g_assert_cmpint (s->units[att].blocks, ==, 3);
}

/* T-MARSH-13, T-BAST-7, T-COAST-2, T-RIV-1, T-FORD-5, T-BRK-5: these do
 * not block the line of sight; E1 forest, T-SCW-10, T-FCW-3, E2 camp do. */
static void
test_los (void)
{
  static const struct { const char *terrain; gboolean blocks; } cases[] = {
    { "marsh", FALSE }, { "coast", FALSE }, { "river", FALSE }, { "ford", FALSE }, { "broken", FALSE },
    { "forest", TRUE }, { "scalable-walls", TRUE }, { "fortified-walls", TRUE }, { "camp", TRUE }, { "city", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
      g_autoptr(AciesCcaState) s = NULL;

      cca_scn_unit (scn, 1, "slinger", "F7", 0);
      cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
      /* The line F7-F5 runs along the hexside of E6 and F6. */
      cca_scn_terrain (scn, "E6", cases[i].terrain);
      cca_scn_terrain (scn, "F6", cases[i].terrain);
      s = cca_state_new (scn, NULL);
      g_test_message ("%s", cases[i].terrain);
      g_assert_cmpint (acies_cca_has_los (s, cca_cell (s, "F7"), cca_cell (s, "F5")), ==, !cases[i].blocks);
    }
}

/* Bastion ------------------------------------------------------------- */

/* T-BAST-1..6, Q7, CC-T7: through a bastion hexside the defender ignores
 * one sword and one flag in close combat (one flag against missiles);
 * through another hexside nothing; a mounted defender never. */
static void
test_bastion (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  AciesCcaSymbol xxf[] = { ACIES_CCA_SYM_SWORDS, ACIES_CCA_SYM_SWORDS, ACIES_CCA_SYM_FLAG };
  gint front, flank, def, hc;
  AciesCcaDice d;
  gint hits, flags;

  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);   /* through the bastion F5/F6 */
  cca_scn_unit (scn, 1, "heavy-infantry", "G5", 0);   /* through the east hexside */
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 0, "heavy-cavalry", "I5", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "I6", 0);
  cca_scn_bastion (scn, "F5", "F6");
  cca_scn_bastion (scn, "I5", "I6");
  s = cca_state_new (scn, NULL);
  front = s->unit_at[cca_cell (s, "F6")];
  flank = s->unit_at[cca_cell (s, "G5")];
  def = s->unit_at[cca_cell (s, "F5")];
  hc = s->unit_at[cca_cell (s, "I5")];

  acies_cca_battle_dice (s, front, def, ACIES_CCA_BM_CLOSE, FALSE, &d);
  acies_cca_score (&d, xxf, 3, FALSE, &hits, &flags);
  g_assert_cmpint (hits, ==, 1);
  s->battle.active = TRUE;
  s->battle.target = def;
  s->battle.attacker = front;
  s->battle.mode = ACIES_CCA_BM_CLOSE;
  g_assert_cmpint (acies_cca_ignorable_flags (s, def, front, ACIES_CCA_BM_CLOSE), ==, 1);
  acies_cca_battle_dice (s, flank, def, ACIES_CCA_BM_CLOSE, FALSE, &d);
  acies_cca_score (&d, xxf, 3, FALSE, &hits, &flags);
  g_assert_cmpint (hits, ==, 2);
  g_assert_cmpint (acies_cca_ignorable_flags (s, def, flank, ACIES_CCA_BM_CLOSE), ==, 0);
  /* T-BAST-6: mounted get nothing. */
  acies_cca_battle_dice (s, s->unit_at[cca_cell (s, "I6")], hc, ACIES_CCA_BM_CLOSE, FALSE, &d);
  acies_cca_score (&d, xxf, 3, FALSE, &hits, &flags);
  g_assert_cmpint (hits, ==, 2);
  /* T-BAST-5: against missiles through the bastion, one flag. */
  s->battle.mode = ACIES_CCA_BM_RANGED;
  g_assert_cmpint (acies_cca_ignorable_flags (s, def, front, ACIES_CCA_BM_RANGED), ==, 1);
  s->battle.active = FALSE;
  /* T-BAST-1: no effect on movement. */
  cca_force_orders (s, dice, -1, "heavy-infantry-F6", NULL);
  (void) dice;
}

/* Scalable walls -------------------------------------------------------- */

/* T-SCW-1, T-SCW-2, T-SCW-3, T-SCW-4: foot units enter a wall hex only
 * from the hex next to it and stop; they leave it one hex; mounted units
 * and war machines never enter. */
static void
test_walls_move (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint li, li2, lc, on;

  cca_scn_unit (scn, 1, "light-infantry", "F7", 0);
  cca_scn_unit (scn, 1, "light-infantry", "F8", 0);
  cca_scn_unit (scn, 1, "light-cavalry", "H7", 0);
  cca_scn_unit (scn, 1, "light-infantry", "K6", 0);
  cca_scn_terrain (scn, "E6", "scalable-walls");
  cca_scn_terrain (scn, "F6", "scalable-walls");
  cca_scn_terrain (scn, "G6", "scalable-walls");
  cca_scn_terrain (scn, "K6", "scalable-walls");
  s = cca_state_new (scn, NULL);
  li = s->unit_at[cca_cell (s, "F7")];
  li2 = s->unit_at[cca_cell (s, "F8")];
  lc = s->unit_at[cca_cell (s, "H7")];
  on = s->unit_at[cca_cell (s, "K6")];
  cca_force_orders (s, dice, -1, "light-infantry-F7", "light-infantry-F8", "light-cavalry-H7", "light-infantry-K6", NULL);
  g_assert_true (can_reach (s, li, "F6"));
  g_assert_false (can_reach (s, li, "F5"));
  /* From two hexes away: not this turn. */
  g_assert_false (can_reach (s, li2, "G6"));
  g_assert_false (can_reach (s, lc, "G6"));
  /* Leaving: one hex. */
  g_assert_cmpuint (acies_cca_move_allowance (s, on), ==, 1);
}

/* T-SCW-5, T-SCW-6, T-SCW-7, Q8, CC-T8: against a wall defender, 2 dice
 * either way; it ignores a sword and may ignore a flag; standing, it
 * strikes first unless the attacker is on a wall too. */
static void
test_walls_battle (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att, def;

  cca_scn_unit (scn, 1, "medium-infantry", "F6", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_terrain (scn, "F5", "scalable-walls");
  s = cca_state_new (scn, NULL);
  att = att_of (s);
  def = def_of (s);
  g_assert_cmpint (dice_of (s, att, def, ACIES_CCA_BM_CLOSE, FALSE), ==, 2);
  g_assert_cmpint (dice_of (s, def, att, ACIES_CCA_BM_CLOSE, TRUE), ==, 2);
  cca_force_orders (s, dice, -1, "medium-infantry-F6", NULL);
  cca_end_moves (s, dice);
  /* The defender first: T, X = 2 hits on the attacker.  Then the
   * attacker: X (ignored), F (ignorable: the owner ignores it). */
  cca_push (dice, "TX");
  cca_push (dice, "XF");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  g_assert_cmpint (s->units[att].blocks, ==, 2);
  g_assert_cmpint (s->units[def].blocks, ==, 4);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_FLAGS);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_IGNORE_FLAGS, 1, -1, -1));
  g_assert_cmpint (s->units[def].cell, ==, cca_cell (s, "F5"));
  /* No battle back after a first strike: the turn is over. */
  g_assert_cmpint (s->base.active_side, ==, 0);
}

/* T-SCW-7, Q8: an attacker on an adjacent wall hex strikes first. */
static void
test_walls_both (void)
{
  g_autoptr(AciesScenario) scn = NULL;
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  pair ("medium-infantry", "scalable-walls", "medium-infantry", "scalable-walls", &scn);
  s = cca_state_new (scn, NULL);
  cca_force_orders (s, dice, -1, "medium-infantry-F6", NULL);
  cca_end_moves (s, dice);
  /* The attacker's two dice come first (then the battle back). */
  cca_push (dice, "TT");
  cca_push (dice, "CC");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att_of (s), def_of (s), -1));
  g_assert_cmpint (s->units[def_of (s)].blocks, ==, 2);
}

/* T-SCW-4: mounted units close-combat a unit on a wall only if they
 * began the turn next to it. */
static void
test_walls_mounted (void)
{
  g_autoptr(AciesScenario) scn = NULL;
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  pair ("medium-cavalry", NULL, "medium-infantry", "scalable-walls", &scn);
  s = cca_state_new (scn, NULL);
  g_assert_true (acies_cca_close_target_ok (s, att_of (s), def_of (s), FALSE));
  s->units[att_of (s)].moved = 1;
  g_assert_false (acies_cca_close_target_ok (s, att_of (s), def_of (s), FALSE));
  (void) dice;
}

/* T-FCW-1, T-FCW-2, B18: fortified walls are impassable and no combat reaches
 * over them, unless the siege rule makes them scalable. */
static void
test_fortified_walls (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesCcaState) t = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  cca_scn_unit (scn, 1, "light-infantry", "F7", 0);
  cca_scn_terrain (scn, "F6", "fortified-walls");
  s = cca_state_new (scn, NULL);
  cca_force_orders (s, dice, -1, "light-infantry-F7", NULL);
  g_assert_false (can_reach (s, s->unit_at[cca_cell (s, "F7")], "F6"));
  cca_scn_rule (scn, "siege", -1);
  t = cca_state_new (scn, NULL);
  g_assert_cmpint (t->st->terrain[cca_cell (t, "F6")], ==, ACIES_CCA_TER_WALLS);
}

/* Broken ground ------------------------------------------------------- */

/* T-BRK-1..4: foot move freely (not war machines), mounted stop and may
 * not battle; close combat in or out: 2 dice. */
static void
test_broken (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint li, lc, wm;

  cca_scn_unit (scn, 1, "light-infantry", "F8", 0);
  cca_scn_unit (scn, 1, "light-cavalry", "H8", 0);
  cca_scn_unit (scn, 1, "light-war-machine", "J8", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_terrain (scn, "F7", "broken");
  cca_scn_terrain (scn, "H7", "broken");
  cca_scn_terrain (scn, "J7", "broken");
  s = cca_state_new (scn, NULL);
  li = s->unit_at[cca_cell (s, "F8")];
  lc = s->unit_at[cca_cell (s, "H8")];
  wm = s->unit_at[cca_cell (s, "J8")];
  cca_force_orders (s, dice, -1, "light-infantry-F8", "light-cavalry-H8", "light-war-machine-J8", NULL);
  /* Through the broken ground: F6 lies beyond F7 (or via G7). */
  g_assert_true (can_reach (s, li, "F6"));
  g_assert_false (can_reach (s, wm, "J7"));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, lc, cca_cell (s, "H7"), -1));
  g_assert_false (cca_legal (s, ACIES_CCA_A_MOVE, lc, -2));
  g_assert_true (s->units[lc].flags & ACIES_CCA_UF_NO_BATTLE);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, li, cca_cell (s, "F7"), -1));
  g_assert_false (s->units[li].flags & ACIES_CCA_UF_NO_BATTLE);
  {
    g_autoptr(AciesCcaState) t = pair ("heavy-infantry", NULL, "heavy-infantry", "broken", NULL);

    g_assert_cmpint (dice_of (t, att_of (t), def_of (t), ACIES_CCA_BM_CLOSE, FALSE), ==, 2);
  }
}

/* Forest -------------------------------------------------------------- */

/* T-FOR-1, T-FOR-2: a unit stops on entering a forest and may not battle
 * that turn, except light infantry, slingers, auxilia and warriors. */
static void
test_forest_entry (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint li, mi;

  cca_scn_unit (scn, 1, "light-infantry", "F8", 0);
  cca_scn_unit (scn, 1, "medium-infantry", "H8", 0);
  /* Enemies next to the forest keep the battle phase open. */
  cca_scn_unit (scn, 0, "medium-infantry", "F6", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "H6", 0);
  cca_scn_terrain (scn, "F7", "forest");
  cca_scn_terrain (scn, "H7", "forest");
  s = cca_state_new (scn, NULL);
  li = s->unit_at[cca_cell (s, "F8")];
  mi = s->unit_at[cca_cell (s, "H8")];
  cca_force_orders (s, dice, -1, "light-infantry-F8", "medium-infantry-H8", NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, li, cca_cell (s, "F7"), -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, mi, cca_cell (s, "H7"), -1));
  g_assert_false (s->units[li].flags & ACIES_CCA_UF_NO_BATTLE);
  g_assert_true (s->units[mi].flags & ACIES_CCA_UF_NO_BATTLE);
}

/* T-FOR-3, T-FOR-4, T-FOR-6: close combat in or out of a forest 2 dice;
 * ranged combat into it 1 die. */
static void
test_forest_dice (void)
{
  g_autoptr(AciesCcaState) s = pair ("heavy-infantry", NULL, "heavy-infantry", "forest", NULL);
  g_autoptr(AciesCcaState) t = pair ("heavy-infantry", "forest", "heavy-infantry", NULL, NULL);
  g_autoptr(AciesCcaState) u = pair ("archer", NULL, "medium-infantry", NULL, NULL);

  g_assert_cmpint (dice_of (s, att_of (s), def_of (s), ACIES_CCA_BM_CLOSE, FALSE), ==, 2);
  g_assert_cmpint (dice_of (t, att_of (t), def_of (t), ACIES_CCA_BM_CLOSE, FALSE), ==, 2);
  acies_cca_place_unit (u, def_of (u), cca_cell (u, "F4"));
  u->st->terrain[cca_cell (u, "F4")] = ACIES_CCA_TER_FOREST;
  g_assert_cmpint (dice_of (u, att_of (u), u->unit_at[cca_cell (u, "F4")], ACIES_CCA_BM_RANGED, FALSE), ==, 1);
}

/* T-FOR-5: advancing into a forest is allowed (not for war machines);
 * the bonus combat after it only for infantry with a commander. */
static void
test_forest_momentum (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint att, def;

  cca_scn_unit (scn, 1, "medium-cavalry", "F6", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 1);
  cca_scn_unit (scn, 0, "medium-infantry", "F4", 0);
  cca_scn_terrain (scn, "F5", "forest");
  s = cca_state_new (scn, NULL);
  att = att_of (s);
  def = def_of (s);
  cca_force_orders (s, dice, -1, "medium-cavalry-F6", NULL);
  cca_end_moves (s, dice);
  cca_push (dice, "TC");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att, def, -1));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_ADVANCE);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_ADVANCE, cca_cell (s, "F5"), -1, -1));
  /* In the forest the cavalry stops (no extra hex) and has no bonus: the
   * turn ends. */
  g_assert_cmpint (s->units[att].cell, ==, cca_cell (s, "F5"));
  g_assert_cmpint (s->base.active_side, ==, 0);
}

/* Hill ------------------------------------------------------------------- */

/* T-HILL-1..5, K5: uphill at most 2 dice; infantry down or hill to hill
 * at most 3, mounted 2. */
static void
test_hill_dice (void)
{
  g_autoptr(AciesCcaState) up = pair ("heavy-infantry", NULL, "heavy-infantry", "hill", NULL);
  g_autoptr(AciesCcaState) down = pair ("heavy-infantry", "hill", "heavy-infantry", NULL, NULL);
  g_autoptr(AciesCcaState) both = pair ("heavy-infantry", "hill", "heavy-infantry", "hill", NULL);
  g_autoptr(AciesCcaState) horse = pair ("heavy-cavalry", "hill", "heavy-infantry", NULL, NULL);

  g_assert_cmpint (dice_of (up, att_of (up), def_of (up), ACIES_CCA_BM_CLOSE, FALSE), ==, 2);
  g_assert_cmpint (dice_of (down, att_of (down), def_of (down), ACIES_CCA_BM_CLOSE, FALSE), ==, 3);
  g_assert_cmpint (dice_of (both, att_of (both), def_of (both), ACIES_CCA_BM_CLOSE, FALSE), ==, 3);
  g_assert_cmpint (dice_of (horse, att_of (horse), def_of (horse), ACIES_CCA_BM_CLOSE, FALSE), ==, 2);
}

/* T-HILL-6: a hill hex blocks the line of sight past it; units on the
 * same hill see each other over its hexes. */
static void
test_hill_los (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;

  cca_scn_terrain (scn, "E6", "hill");
  cca_scn_terrain (scn, "F6", "hill");
  s = cca_state_new (scn, NULL);
  g_assert_false (acies_cca_has_los (s, cca_cell (s, "F7"), cca_cell (s, "F5")));
  /* To the first hill hex and back: adjacent hexes always see. */
  g_assert_true (acies_cca_has_los (s, cca_cell (s, "F7"), cca_cell (s, "F6")));
  {
    g_autoptr(AciesScenario) scn2 = cca_scn_new (13, 9, 1);
    g_autoptr(AciesCcaState) t = NULL;

    cca_scn_terrain (scn2, "F7", "hill");
    cca_scn_terrain (scn2, "E6", "hill");
    cca_scn_terrain (scn2, "F6", "hill");
    cca_scn_terrain (scn2, "F5", "hill");
    t = cca_state_new (scn2, NULL);
    g_assert_true (acies_cca_has_los (t, cca_cell (t, "F7"), cca_cell (t, "F5")));
  }
}

/* Coast, river, ford ------------------------------------------------------ */

/* T-COAST-1, T-RIV-1, K1: coast and rivers are impassable; the scenario
 * may make them fordable. */
static void
test_coast_river (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesCcaState) t = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  AciesRuleEntry *ford;

  cca_scn_unit (scn, 1, "light-cavalry", "F8", 0);
  cca_scn_terrain (scn, "F7", "coast");
  cca_scn_terrain (scn, "G7", "river");
  s = cca_state_new (scn, NULL);
  cca_force_orders (s, dice, -1, "light-cavalry-F8", NULL);
  g_assert_false (can_reach (s, s->unit_at[cca_cell (s, "F8")], "F7"));
  g_assert_false (can_reach (s, s->unit_at[cca_cell (s, "F8")], "G7"));
  ford = cca_scn_rule (scn, "fordable", -1);
  json_object_set_string_member (ford->params, "terrain", "coast");
  t = cca_state_new (scn, NULL);
  g_assert_cmpint (t->st->terrain[cca_cell (t, "F7")], ==, ACIES_CCA_TER_FORD);
}

/* T-FORD-1..4, CC-T12: a ford stops a unit, which may battle; 2 dice
 * against or from it, 1 ranged die from it. */
static void
test_ford (void)
{
  g_autoptr(AciesCcaState) s = pair ("heavy-infantry", NULL, "heavy-infantry", "ford", NULL);
  g_autoptr(AciesCcaState) t = pair ("light-infantry", "ford", "medium-infantry", NULL, NULL);

  g_assert_cmpint (dice_of (s, att_of (s), def_of (s), ACIES_CCA_BM_CLOSE, FALSE), ==, 2);
  g_assert_true (s->st->terr[ACIES_CCA_TER_FORD].stop);
  g_assert_false (s->st->terr[ACIES_CCA_TER_FORD].no_battle_entry);
  acies_cca_place_unit (t, def_of (t), cca_cell (t, "F4"));
  g_assert_cmpint (dice_of (t, att_of (t), t->unit_at[cca_cell (t, "F4")], ACIES_CCA_BM_RANGED, FALSE), ==, 1);
}

/* Fortified camp -------------------------------------------------------- */

/* T-CAMP-1..5, K6, Q9, CC-T6: the defender in a camp ignores a sword and
 * any flag in close combat, one flag against missiles; mounted units get
 * nothing; a unit in a camp rolls a die fewer. */
static void
test_camp (void)
{
  g_autoptr(AciesCcaState) s = pair ("heavy-infantry", NULL, "medium-infantry", "camp", NULL);
  g_autoptr(AciesCcaState) h = pair ("heavy-infantry", NULL, "heavy-cavalry", "camp", NULL);
  AciesCcaSymbol sxf[] = { ACIES_CCA_SYM_HEAVY, ACIES_CCA_SYM_SWORDS, ACIES_CCA_SYM_FLAG };
  AciesCcaDice d;
  gint hits, flags;

  acies_cca_battle_dice (s, att_of (s), def_of (s), ACIES_CCA_BM_CLOSE, FALSE, &d);
  acies_cca_score (&d, sxf, 3, FALSE, &hits, &flags);
  g_assert_cmpint (hits, ==, 0);
  s->battle.active = TRUE;
  s->battle.target = def_of (s);
  s->battle.attacker = att_of (s);
  g_assert_cmpint (acies_cca_ignorable_flags (s, def_of (s), att_of (s), ACIES_CCA_BM_CLOSE), ==, ACIES_CCA_ALL);
  g_assert_cmpint (acies_cca_ignorable_flags (s, def_of (s), att_of (s), ACIES_CCA_BM_RANGED), ==, 1);
  /* T-CAMP-5: it battles back with 4 - 1 = 3 dice. */
  g_assert_cmpint (dice_of (s, def_of (s), att_of (s), ACIES_CCA_BM_CLOSE, TRUE), ==, 3);
  /* CC-T6: heavy cavalry in the camp: no protection (2 hits of S, X); it
   * rolls 4 - 1 = 3 dice back. */
  acies_cca_battle_dice (h, att_of (h), def_of (h), ACIES_CCA_BM_CLOSE, FALSE, &d);
  acies_cca_score (&d, sxf, 3, FALSE, &hits, &flags);
  g_assert_cmpint (hits, ==, 2);
  g_assert_cmpint (flags, ==, 1);
  g_assert_cmpint (dice_of (h, def_of (h), att_of (h), ACIES_CCA_BM_CLOSE, TRUE), ==, 3);
}

/* T-CAMP-4: the camp protects from every side. */
static void
test_camp_all_sides (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  AciesCcaSymbol x[] = { ACIES_CCA_SYM_SWORDS };

  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_terrain (scn, "F5", "camp");
  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "G5", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "F4", 0);
  s = cca_state_new (scn, NULL);
  for (guint i = 0; i < 3; i++)
    {
      static const char *from[] = { "F6", "G5", "F4" };
      AciesCcaDice d;
      gint hits, flags;

      acies_cca_battle_dice (s, s->unit_at[cca_cell (s, from[i])], def_of (s), ACIES_CCA_BM_CLOSE, FALSE, &d);
      acies_cca_score (&d, x, 1, FALSE, &hits, &flags);
      g_assert_cmpint (hits, ==, 0);
    }
}

/* More clauses, one case each ------------------------------------------- */

/* Dice of @att_type on @att_terrain against @def_type on @def_terrain,
 * with @card dice from a card (ref 1.11: Mounted Charge, I Am Spartacus). */
static gint
card_dice (const char *att_type,
           const char *att_terrain,
           const char *def_type,
           const char *def_terrain,
           gint        card)
{
  g_autoptr(AciesCcaState) s = pair (att_type, att_terrain, def_type, def_terrain, NULL);

  s->units[att_of (s)].bonus_dice = card;
  return dice_of (s, att_of (s), def_of (s), ACIES_CCA_BM_CLOSE, FALSE);
}

/* T-MARSH-6: war machines neither enter a marsh nor retreat into one. */
static void
test_marsh_war_machines (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint16 back[2];
  gint wm, wm2;

  cca_scn_unit (scn, 1, "light-war-machine", "F8", 0);
  cca_scn_unit (scn, 1, "heavy-war-machine", "F6", 0);
  cca_scn_terrain (scn, "F7", "marsh");
  cca_scn_terrain (scn, "G7", "marsh");
  s = cca_state_new (scn, NULL);
  wm = s->unit_at[cca_cell (s, "F8")];
  wm2 = s->unit_at[cca_cell (s, "F6")];
  cca_force_orders (s, dice, -1, "light-war-machine-F8", NULL);
  g_assert_false (can_reach (s, wm, "F7"));
  /* The two hexes behind F6 are marsh: no retreat. */
  g_assert_cmpuint (acies_cca_retreat_cells (s, wm2, back), ==, 0);
}

/* T-MARSH-7: a unit that entered a marsh may battle that turn. */
static void
test_marsh_battle_on_entry (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint mi;

  cca_scn_unit (scn, 1, "medium-infantry", "F7", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_terrain (scn, "F6", "marsh");
  s = cca_state_new (scn, NULL);
  mi = s->unit_at[cca_cell (s, "F7")];
  cca_force_orders (s, dice, -1, "medium-infantry-F7", NULL);
  cca_push (dice, "C");   /* the check: a green circle, no loss */
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, mi, cca_cell (s, "F6"), -1));
  cca_end_moves (s, dice);
  g_assert_true (cca_legal (s, ACIES_CCA_A_CLOSE_COMBAT, mi, def_of (s)));
}

/* T-MARSH-10: a unit in a marsh fights out of it with at most 2 dice in
 * close combat and 1 in ranged combat. */
static void
test_marsh_from (void)
{
  g_autoptr(AciesCcaState) s = pair ("archer", "marsh", "medium-infantry", NULL, NULL);

  g_assert_cmpint (card_dice ("heavy-infantry", "marsh", "heavy-infantry", NULL, 0), ==, 2);
  acies_cca_place_unit (s, def_of (s), cca_cell (s, "F4"));
  g_assert_cmpint (dice_of (s, att_of (s), s->unit_at[cca_cell (s, "F4")], ACIES_CCA_BM_RANGED, FALSE), ==, 1);
}

/* After a won close combat the attacker standing in @terrain advances
 * into the hex the enemy left: two dice (the cap), a flag and a miss; the
 * defender retreats to F4. */
static void
advance_out_of (const char *terrain)
{
  g_autoptr(AciesScenario) scn = NULL;
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  pair ("heavy-infantry", terrain, "medium-infantry", NULL, &scn);
  s = cca_state_new (scn, NULL);
  cca_force_orders (s, dice, -1, "heavy-infantry-F6", NULL);
  cca_end_moves (s, dice);
  cca_push (dice, "FC");
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_CLOSE_COMBAT, att_of (s), def_of (s), -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_RETREAT, cca_cell (s, "F4"), -1, -1));
  g_assert_true (cca_legal (s, ACIES_CCA_A_ADVANCE, cca_cell (s, "F5"), -2));
}

/* T-MARSH-11: a momentum advance out of a marsh is allowed. */
static void
test_marsh_advance_out (void)
{
  advance_out_of ("marsh");
}

/* T-MARSH-12, T-SCW-9, T-BRK-4, T-FOR-6, T-HILL-5, T-FORD-5, Q10: the
 * card's extra dice raise the terrain's cap by as many (option
 * card_raises_cap, default on). */
static void
test_card_raises_caps (void)
{
  g_autoptr(JsonObject) off = json_object_new ();
  static const char *terrains[] = { "marsh", "scalable-walls", "broken", "forest", "hill", "ford" };

  for (guint i = 0; i < G_N_ELEMENTS (terrains); i++)
    g_assert_cmpint (card_dice ("heavy-infantry", NULL, "heavy-infantry", terrains[i], 1), ==, 3);
  /* With the option off the cap holds. */
  json_object_set_boolean_member (off, "card_raises_cap", FALSE);
  {
    g_autoptr(AciesScenario) scn = NULL;
    g_autoptr(AciesCcaState) s = NULL;

    pair ("heavy-infantry", NULL, "heavy-infantry", "forest", &scn);
    s = cca_state_new (scn, off);
    s->units[att_of (s)].bonus_dice = 1;
    g_assert_cmpint (dice_of (s, att_of (s), def_of (s), ACIES_CCA_BM_CLOSE, FALSE), ==, 2);
  }
}

/* T-BAST-1: a bastion does not hinder movement. */
static void
test_bastion_movement (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  cca_scn_unit (scn, 1, "light-infantry", "F7", 0);
  cca_scn_bastion (scn, "F5", "F6");
  s = cca_state_new (scn, NULL);
  cca_force_orders (s, dice, -1, "light-infantry-F7", NULL);
  /* Two hexes, through the bastion hexside F6/F5. */
  g_assert_true (can_reach (s, s->unit_at[cca_cell (s, "F7")], "F5"));
}

/* T-BAST-2, Q7: a bastion protects only along the hexsides the map gives
 * it (two or three front hexsides); T-BAST-4: no benefit from any other. */
static void
test_bastion_hexsides (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  gint def;

  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "E6", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "G5", 0);
  cca_scn_bastion (scn, "F5", "F6");
  cca_scn_bastion (scn, "F5", "E6");
  s = cca_state_new (scn, NULL);
  def = def_of (s);
  g_assert_true (acies_cca_bastion_between (s, cca_cell (s, "F5"), cca_cell (s, "F6")));
  g_assert_true (acies_cca_bastion_between (s, cca_cell (s, "F5"), cca_cell (s, "E6")));
  g_assert_false (acies_cca_bastion_between (s, cca_cell (s, "F5"), cca_cell (s, "G5")));
  s->battle.active = TRUE;
  s->battle.target = def;
  s->battle.mode = ACIES_CCA_BM_CLOSE;
  s->battle.attacker = s->unit_at[cca_cell (s, "E6")];
  g_assert_cmpint (acies_cca_ignorable_flags (s, def, s->battle.attacker, ACIES_CCA_BM_CLOSE), ==, 1);
  s->battle.attacker = s->unit_at[cca_cell (s, "G5")];
  g_assert_cmpint (acies_cca_ignorable_flags (s, def, s->battle.attacker, ACIES_CCA_BM_CLOSE), ==, 0);
}

/* T-BAST-5: against ranged combat across a bastion hexside the defender
 * may ignore one flag (and no sword, which misses at range anyway). */
static void
test_bastion_ranged (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  gint def, arch;

  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 1, "archer", "F7", 0);
  cca_scn_unit (scn, 1, "archer", "C5", 0);
  cca_scn_bastion (scn, "F5", "F6");
  s = cca_state_new (scn, NULL);
  def = def_of (s);
  arch = s->unit_at[cca_cell (s, "F7")];
  s->battle.active = TRUE;
  s->battle.target = def;
  s->battle.attacker = arch;
  s->battle.mode = ACIES_CCA_BM_RANGED;
  g_assert_cmpint (acies_cca_ignorable_flags (s, def, arch, ACIES_CCA_BM_RANGED), ==, 1);
  /* From the west, not across the bastion: nothing. */
  s->battle.attacker = s->unit_at[cca_cell (s, "C5")];
  g_assert_cmpint (acies_cca_ignorable_flags (s, def, s->battle.attacker, ACIES_CCA_BM_RANGED), ==, 0);
}

/* T-BAST-6: a mounted defender gets no bastion benefit. */
static void
test_bastion_mounted (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  AciesCcaSymbol xxf[] = { ACIES_CCA_SYM_SWORDS, ACIES_CCA_SYM_SWORDS, ACIES_CCA_SYM_FLAG };
  AciesCcaDice d;
  gint hits, flags;

  cca_scn_unit (scn, 0, "heavy-cavalry", "F5", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "F6", 0);
  cca_scn_bastion (scn, "F5", "F6");
  s = cca_state_new (scn, NULL);
  acies_cca_battle_dice (s, att_of (s), def_of (s), ACIES_CCA_BM_CLOSE, FALSE, &d);
  acies_cca_score (&d, xxf, 3, FALSE, &hits, &flags);
  g_assert_cmpint (hits, ==, 2);
  s->battle.active = TRUE;
  s->battle.target = def_of (s);
  s->battle.attacker = att_of (s);
  s->battle.mode = ACIES_CCA_BM_CLOSE;
  g_assert_cmpint (acies_cca_ignorable_flags (s, def_of (s), att_of (s), ACIES_CCA_BM_CLOSE), ==, 0);
}

/* T-BAST-7, T-BRK-5, T-COAST-2, T-RIV-1, T-FORD-5, T-MARSH-13: bastions,
 * broken ground, coast, rivers and fords do not block the line of sight. */
static void
test_open_sight (void)
{
  static const char *terrains[] = { "broken", "coast", "river", "ford", "marsh" };

  for (guint i = 0; i < G_N_ELEMENTS (terrains); i++)
    {
      g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
      g_autoptr(AciesCcaState) s = NULL;

      cca_scn_terrain (scn, "F6", terrains[i]);
      cca_scn_terrain (scn, "E6", terrains[i]);
      s = cca_state_new (scn, NULL);
      g_assert_true (acies_cca_has_los (s, cca_cell (s, "F7"), cca_cell (s, "F5")));
    }
  {
    g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
    g_autoptr(AciesCcaState) s = NULL;

    cca_scn_bastion (scn, "F6", "F5");
    cca_scn_bastion (scn, "E6", "F5");
    s = cca_state_new (scn, NULL);
    g_assert_true (acies_cca_has_los (s, cca_cell (s, "F7"), cca_cell (s, "F5")));
  }
}

/* T-SCW-10, T-FCW-3, T-FOR-7, E1, T-CAMP-6, E2: walls, fortified walls,
 * forest and fortified camps block the line of sight (forest and camp by
 * the rulings forest_blocks_los and camp_blocks_los, on by default). */
static void
test_blocking_sight (void)
{
  static const char *terrains[] = { "scalable-walls", "fortified-walls", "forest", "camp" };
  g_autoptr(JsonObject) open = json_object_new ();

  json_object_set_boolean_member (open, "forest_blocks_los", FALSE);
  json_object_set_boolean_member (open, "camp_blocks_los", FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (terrains); i++)
    {
      g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
      g_autoptr(AciesCcaState) s = NULL;
      g_autoptr(AciesCcaState) t = NULL;

      cca_scn_terrain (scn, "F6", terrains[i]);
      cca_scn_terrain (scn, "E6", terrains[i]);
      s = cca_state_new (scn, NULL);
      g_assert_false (acies_cca_has_los (s, cca_cell (s, "F7"), cca_cell (s, "F5")));
      /* Into the blocking hex itself: seen. */
      g_assert_true (acies_cca_has_los (s, cca_cell (s, "F7"), cca_cell (s, "F6")));
      t = cca_state_new (scn, open);
      g_assert_cmpint (acies_cca_has_los (t, cca_cell (t, "F7"), cca_cell (t, "F5")), ==,
                       i < 2 ? FALSE : TRUE);
    }
}

/* T-SCW-2: a unit leaving a wall hex moves to a hex next to it and stops
 * there; T-SCW-3: retreating foot units do not stop on a wall. */
static void
test_walls_leave_and_retreat (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint li, def;

  cca_scn_unit (scn, 1, "light-infantry", "F6", 0);
  cca_scn_terrain (scn, "F6", "scalable-walls");
  cca_scn_unit (scn, 0, "light-infantry", "J4", 0);
  cca_scn_unit (scn, 1, "heavy-infantry", "J5", 0);
  cca_scn_terrain (scn, "J3", "scalable-walls");
  cca_scn_terrain (scn, "I3", "scalable-walls");
  s = cca_state_new (scn, NULL);
  li = s->unit_at[cca_cell (s, "F6")];
  def = s->unit_at[cca_cell (s, "J4")];
  cca_force_orders (s, dice, -1, "light-infantry-F6", NULL);
  g_assert_true (can_reach (s, li, "F7"));
  g_assert_false (can_reach (s, li, "F8"));
  /* A flag makes the light infantry in J4 retreat 2 hexes through the wall
   * hexes behind it (it does not stop there). */
  acies_cca_force_retreat (s, def, 2, dice, NULL);
  acies_cca_resume (s, dice, NULL);
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_RETREAT);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_RETREAT, cca_cell (s, "J3"), -1, -1));
  /* On the wall, the retreat goes on: a second hex beyond it. */
  g_assert_cmpint (s->units[def].cell, ==, cca_cell (s, "J3"));
  g_assert_cmpint (s->step, ==, ACIES_CCA_STEP_RETREAT);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_RETREAT, cca_cell (s, "J2"), -1, -1));
  g_assert_cmpint (s->units[def].cell, ==, cca_cell (s, "J2"));
}

/* T-SCW-8: ranged combat against a unit on a wall: it may ignore one flag;
 * the line of sight is the normal one; no fire when next to an enemy. */
static void
test_walls_ranged (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  gint def, arch;

  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_terrain (scn, "F5", "scalable-walls");
  cca_scn_unit (scn, 1, "archer", "F7", 0);
  s = cca_state_new (scn, NULL);
  def = def_of (s);
  arch = s->unit_at[cca_cell (s, "F7")];
  s->battle.active = TRUE;
  s->battle.target = def;
  s->battle.attacker = arch;
  s->battle.mode = ACIES_CCA_BM_RANGED;
  g_assert_cmpint (acies_cca_ignorable_flags (s, def, arch, ACIES_CCA_BM_RANGED), ==, 1);
  s->battle.active = FALSE;
  g_assert_true (acies_cca_fire_target_ok (s, arch, def));
  /* Next to an enemy: no ranged combat. */
  acies_cca_place_unit (s, arch, cca_cell (s, "F6"));
  g_assert_false (acies_cca_can_battle (s, arch, TRUE));
}

/* T-FCW-2: no combat with fortified walls between, unless siege rules
 * apply: nobody stands on them and nobody shoots over them. */
static void
test_fortified_no_combat (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  gint arch, def;

  cca_scn_unit (scn, 1, "archer", "F7", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_terrain (scn, "F6", "fortified-walls");
  cca_scn_terrain (scn, "E6", "fortified-walls");
  s = cca_state_new (scn, NULL);
  arch = s->unit_at[cca_cell (s, "F7")];
  def = def_of (s);
  g_assert_false (acies_cca_fire_target_ok (s, arch, def));
  g_assert_false (acies_cca_passable (s, cca_cell (s, "F6"), ACIES_CCA_LI));
}

/* T-BRK-2: infantry may battle on the turn it enters broken ground,
 * mounted units may not; T-BRK-3: close combat in or out, 2 dice. */
static void
test_broken_battle (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint mi, mc;

  cca_scn_unit (scn, 1, "medium-infantry", "F7", 0);
  cca_scn_unit (scn, 1, "medium-cavalry", "H7", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "H5", 0);
  cca_scn_terrain (scn, "F6", "broken");
  cca_scn_terrain (scn, "H6", "broken");
  s = cca_state_new (scn, NULL);
  mi = s->unit_at[cca_cell (s, "F7")];
  mc = s->unit_at[cca_cell (s, "H7")];
  cca_force_orders (s, dice, -1, "medium-infantry-F7", "medium-cavalry-H7", NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, mi, cca_cell (s, "F6"), -1));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, mc, cca_cell (s, "H6"), -1));
  cca_end_moves (s, dice);
  g_assert_true (cca_legal (s, ACIES_CCA_A_CLOSE_COMBAT, mi, s->unit_at[cca_cell (s, "F5")]));
  g_assert_false (cca_legal (s, ACIES_CCA_A_CLOSE_COMBAT, mc, -2));
  g_assert_cmpint (card_dice ("heavy-infantry", "broken", "heavy-infantry", NULL, 0), ==, 2);
}

/* T-FOR-1: a unit entering a forest stops there. */
static void
test_forest_stop (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint lc;

  cca_scn_unit (scn, 1, "light-cavalry", "F8", 0);
  cca_scn_terrain (scn, "F7", "forest");
  cca_scn_terrain (scn, "G7", "forest");
  cca_scn_terrain (scn, "E7", "forest");
  s = cca_state_new (scn, NULL);
  lc = s->unit_at[cca_cell (s, "F8")];
  cca_force_orders (s, dice, -1, "light-cavalry-F8", NULL);
  g_assert_true (can_reach (s, lc, "F7"));
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, lc, cca_cell (s, "F7"), -1));
  g_assert_false (cca_legal (s, ACIES_CCA_A_MOVE, lc, -2));
}

/* T-FOR-4: ranged combat against a unit in a forest, 1 die. */
static void
test_forest_ranged (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;

  cca_scn_unit (scn, 1, "archer", "F7", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_terrain (scn, "F5", "forest");
  s = cca_state_new (scn, NULL);
  g_assert_cmpint (dice_of (s, s->unit_at[cca_cell (s, "F7")], def_of (s), ACIES_CCA_BM_RANGED, FALSE), ==, 1);
}

/* T-HILL-1: a hill does not hinder movement. */
static void
test_hill_movement (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  cca_scn_unit (scn, 1, "light-cavalry", "F8", 0);
  cca_scn_terrain (scn, "F7", "hill");
  cca_scn_terrain (scn, "F6", "hill");
  cca_scn_terrain (scn, "G7", "hill");
  s = cca_state_new (scn, NULL);
  cca_force_orders (s, dice, -1, "light-cavalry-F8", NULL);
  g_assert_true (can_reach (s, s->unit_at[cca_cell (s, "F8")], "F4"));
}

/* T-HILL-3: infantry fighting down from a hill or hill to hill, at most
 * 3 dice; T-HILL-4: mounted units 2; K5: the base game's rule (option
 * hill_rule = base) drops these downhill caps. */
static void
test_hill_down (void)
{
  g_autoptr(JsonObject) base = json_object_new ();
  g_autoptr(AciesScenario) scn = NULL;
  g_autoptr(AciesCcaState) s = NULL;

  g_assert_cmpint (card_dice ("heavy-infantry", "hill", "medium-infantry", NULL, 0), ==, 3);
  g_assert_cmpint (card_dice ("heavy-infantry", "hill", "medium-infantry", "hill", 0), ==, 3);
  g_assert_cmpint (card_dice ("heavy-cavalry", "hill", "medium-infantry", NULL, 0), ==, 2);
  g_assert_cmpint (card_dice ("heavy-cavalry", "hill", "medium-infantry", "hill", 0), ==, 2);
  json_object_set_string_member (base, "hill_rule", "base");
  pair ("heavy-infantry", "hill", "medium-infantry", NULL, &scn);
  s = cca_state_new (scn, base);
  g_assert_cmpint (dice_of (s, att_of (s), def_of (s), ACIES_CCA_BM_CLOSE, FALSE), ==, 5);
}

/* T-FORD-1: a unit entering a ford stops; T-FORD-2: it may battle. */
static void
test_ford_entry (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);
  gint lc;

  cca_scn_unit (scn, 1, "light-cavalry", "F7", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_terrain (scn, "F6", "ford");
  s = cca_state_new (scn, NULL);
  lc = s->unit_at[cca_cell (s, "F7")];
  cca_force_orders (s, dice, -1, "light-cavalry-F7", NULL);
  g_assert_true (cca_act (s, dice, NULL, ACIES_CCA_A_MOVE, lc, cca_cell (s, "F6"), -1));
  g_assert_false (cca_legal (s, ACIES_CCA_A_MOVE, lc, -2));
  cca_end_moves (s, dice);
  g_assert_true (cca_legal (s, ACIES_CCA_A_CLOSE_COMBAT, lc, def_of (s)));
}

/* T-FORD-4: after a won close combat a unit in a ford may still advance. */
static void
test_ford_advance (void)
{
  advance_out_of ("ford");
}

/* T-CAMP-2, K6: against ranged combat the camp's defender ignores one flag;
 * T-CAMP-3: a mounted defender, none. */
static void
test_camp_ranged_and_mounted (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  gint mi, hc, arch;

  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 0, "heavy-cavalry", "H5", 0);
  cca_scn_terrain (scn, "F5", "camp");
  cca_scn_terrain (scn, "H5", "camp");
  cca_scn_unit (scn, 1, "archer", "G7", 0);
  s = cca_state_new (scn, NULL);
  mi = def_of (s);
  hc = s->unit_at[cca_cell (s, "H5")];
  arch = s->unit_at[cca_cell (s, "G7")];
  s->battle.active = TRUE;
  s->battle.attacker = arch;
  s->battle.mode = ACIES_CCA_BM_RANGED;
  s->battle.target = mi;
  g_assert_cmpint (acies_cca_ignorable_flags (s, mi, arch, ACIES_CCA_BM_RANGED), ==, 1);
  s->battle.target = hc;
  g_assert_cmpint (acies_cca_ignorable_flags (s, hc, arch, ACIES_CCA_BM_RANGED), ==, 0);
}

/* T-CAMP-5, Q9: a unit in a camp rolls one die fewer, in close and ranged
 * combat (option camp_die_loss), never fewer than one. */
static void
test_camp_die (void)
{
  g_autoptr(JsonObject) close_only = json_object_new ();
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesCcaState) t = NULL;
  gint arch, li;

  cca_scn_unit (scn, 1, "archer", "F7", 0);
  cca_scn_unit (scn, 1, "light-infantry", "H6", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "F5", 0);
  cca_scn_unit (scn, 0, "medium-infantry", "H5", 0);
  cca_scn_terrain (scn, "F7", "camp");
  cca_scn_terrain (scn, "H6", "camp");
  s = cca_state_new (scn, NULL);
  arch = s->unit_at[cca_cell (s, "F7")];
  li = s->unit_at[cca_cell (s, "H6")];
  /* Archers fire 2 at range 2: 1 from the camp. */
  g_assert_cmpint (dice_of (s, arch, def_of (s), ACIES_CCA_BM_RANGED, FALSE), ==, 1);
  /* Light infantry's 2 close-combat dice: 1. */
  g_assert_cmpint (dice_of (s, li, s->unit_at[cca_cell (s, "H5")], ACIES_CCA_BM_CLOSE, FALSE), ==, 1);
  json_object_set_string_member (close_only, "camp_die_loss", "close-combat");
  t = cca_state_new (scn, close_only);
  g_assert_cmpint (dice_of (t, arch, def_of (t), ACIES_CCA_BM_RANGED, FALSE), ==, 2);
}

/* B19: the book gives the fortified camp no movement entry: by default a
 * unit passes through it; with camp_movement = stop it stops there. */
static void
test_camp_movement (void)
{
  g_autoptr(AciesScenario) scn = cca_scn_new (13, 9, 1);
  g_autoptr(AciesCcaState) s = NULL;
  g_autoptr(AciesCcaState) t = NULL;
  g_autoptr(JsonObject) stop = json_object_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_physical (1);

  cca_scn_unit (scn, 1, "light-infantry", "F8", 0);
  cca_scn_terrain (scn, "F7", "camp");
  cca_scn_terrain (scn, "G7", "camp");
  s = cca_state_new (scn, NULL);
  cca_force_orders (s, dice, -1, "light-infantry-F8", NULL);
  g_assert_true (can_reach (s, s->unit_at[cca_cell (s, "F8")], "F6"));
  json_object_set_string_member (stop, "camp_movement", "stop");
  t = cca_state_new (scn, stop);
  cca_force_orders (t, dice, -1, "light-infantry-F8", NULL);
  g_assert_true (can_reach (t, t->unit_at[cca_cell (t, "F8")], "F7"));
  g_assert_false (can_reach (t, t->unit_at[cca_cell (t, "F8")], "F6"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/cca/T-MARSH-1/stop-on-entry", test_marsh_stop);
  g_test_add_func ("/acies/cca/T-MARSH-2/block-check", test_marsh_check);
  g_test_add_func ("/acies/cca/T-MARSH-3/retreat-through", test_marsh_retreat);
  g_test_add_func ("/acies/cca/T-MARSH-4/lone-commander", test_marsh_commander);
  g_test_add_func ("/acies/cca/T-MARSH-5/leave-one-hex", test_marsh_leave);
  g_test_add_func ("/acies/cca/T-MARSH-8/dice-limits", test_marsh_caps);
  g_test_add_func ("/acies/cca/T-MARSH-9/advance-check", test_marsh_advance);
  g_test_add_func ("/acies/cca/T-MARSH-13/line-of-sight", test_los);
  g_test_add_func ("/acies/cca/T-BAST-3/hexside-protection", test_bastion);
  g_test_add_func ("/acies/cca/T-SCW-1/movement", test_walls_move);
  g_test_add_func ("/acies/cca/T-SCW-7/first-strike", test_walls_battle);
  g_test_add_func ("/acies/cca/T-SCW-7/both-on-walls", test_walls_both);
  g_test_add_func ("/acies/cca/T-SCW-4/mounted-began-adjacent", test_walls_mounted);
  g_test_add_func ("/acies/cca/T-FCW-1/impassable-unless-siege", test_fortified_walls);
  g_test_add_func ("/acies/cca/T-BRK-1/movement-and-dice", test_broken);
  g_test_add_func ("/acies/cca/T-FOR-2/no-battle-on-entry", test_forest_entry);
  g_test_add_func ("/acies/cca/T-FOR-3/dice-limits", test_forest_dice);
  g_test_add_func ("/acies/cca/T-FOR-5/momentum", test_forest_momentum);
  g_test_add_func ("/acies/cca/T-HILL-2/dice-limits", test_hill_dice);
  g_test_add_func ("/acies/cca/T-HILL-6/line-of-sight", test_hill_los);
  g_test_add_func ("/acies/cca/T-COAST-1/impassable-or-fordable", test_coast_river);
  g_test_add_func ("/acies/cca/T-FORD-3/dice-limits", test_ford);
  g_test_add_func ("/acies/cca/T-CAMP-1/protection-and-die", test_camp);
  g_test_add_func ("/acies/cca/T-CAMP-4/all-sides", test_camp_all_sides);
  g_test_add_func ("/acies/cca/T-MARSH-6/war-machines", test_marsh_war_machines);
  g_test_add_func ("/acies/cca/T-MARSH-7/battle-on-entry", test_marsh_battle_on_entry);
  g_test_add_func ("/acies/cca/T-MARSH-10/dice-out-of-marsh", test_marsh_from);
  g_test_add_func ("/acies/cca/T-MARSH-11/advance-out", test_marsh_advance_out);
  g_test_add_func ("/acies/cca/T-MARSH-12/card-raises-caps", test_card_raises_caps);
  g_test_add_func ("/acies/cca/T-BAST-1/movement", test_bastion_movement);
  g_test_add_func ("/acies/cca/T-BAST-2/front-hexsides", test_bastion_hexsides);
  g_test_add_func ("/acies/cca/T-BAST-5/ranged", test_bastion_ranged);
  g_test_add_func ("/acies/cca/T-BAST-6/mounted", test_bastion_mounted);
  g_test_add_func ("/acies/cca/T-BAST-7/open-sight", test_open_sight);
  g_test_add_func ("/acies/cca/T-SCW-10/blocking-sight", test_blocking_sight);
  g_test_add_func ("/acies/cca/T-SCW-2/leave-and-retreat", test_walls_leave_and_retreat);
  g_test_add_func ("/acies/cca/T-SCW-8/ranged", test_walls_ranged);
  g_test_add_func ("/acies/cca/T-FCW-2/no-combat", test_fortified_no_combat);
  g_test_add_func ("/acies/cca/T-BRK-2/battle-on-entry", test_broken_battle);
  g_test_add_func ("/acies/cca/T-FOR-1/stop", test_forest_stop);
  g_test_add_func ("/acies/cca/T-FOR-4/ranged-one-die", test_forest_ranged);
  g_test_add_func ("/acies/cca/T-HILL-1/movement", test_hill_movement);
  g_test_add_func ("/acies/cca/T-HILL-3/downhill", test_hill_down);
  g_test_add_func ("/acies/cca/T-FORD-1/stop-and-battle", test_ford_entry);
  g_test_add_func ("/acies/cca/T-FORD-4/advance", test_ford_advance);
  g_test_add_func ("/acies/cca/T-CAMP-2/ranged-and-mounted", test_camp_ranged_and_mounted);
  g_test_add_func ("/acies/cca/T-CAMP-5/one-die-fewer", test_camp_die);
  g_test_add_func ("/acies/cca/B19/camp-movement", test_camp_movement);
  return g_test_run ();
}
