/* test-lb-view.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-lb"

#include "config.h"

#include <glib.h>

#include <string.h>

#include "rulesets/acies-ruleset.h"
#include "rulesets/lost-battles/acies-lb-private.h"

#include "lb-test-common.h"

/*
 * What the play window shows of a Lost Battles game (issue 6, item 5):
 * readable phase names, the marker flags of the state view's unit records
 * (group, lead, attacking, target), facing and status, and a morale check
 * told step by step in the log (LB 7.1–7.3).
 */

/* The boolean member @name of unit @u's record in the state view. */
static gboolean
flag (AciesRuleset       *ruleset,
      const AciesLbState *s,
      gint                u,
      const char         *name)
{
  g_autoptr(JsonNode) root = acies_ruleset_state_view_to_json (ruleset, &s->base, 0);
  JsonArray *units = json_object_get_array_member (json_node_get_object (root), "units");
  JsonObject *record = json_array_get_object_element (units, u);
  const AciesUnit *su = g_ptr_array_index (s->base.scenario->units, u);

  g_assert_cmpstr (json_object_get_string_member (record, "id"), ==, su->id);
  g_assert_true (json_object_has_member (record, name));
  return json_object_get_boolean_member (record, name);
}

/* The string member @name of unit @u's record in the state view. */
static char *
member (AciesRuleset       *ruleset,
        const AciesLbState *s,
        gint                u,
        const char         *name)
{
  g_autoptr(JsonNode) root = acies_ruleset_state_view_to_json (ruleset, &s->base, 0);
  JsonArray *units = json_object_get_array_member (json_node_get_object (root), "units");

  return g_strdup (json_object_get_string_member (json_array_get_object_element (units, u), name));
}

/* AciesState.phase: a readable static name for every phase, kept with the
 * internal phase the rules dispatch on. */
static void
test_phase_names (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  static const char *old_ids[] = { "roll", "orders", "swap", "over", "attack", "leads", "group" };

  for (gint p = 0; p <= LB_PH_OVER; p++)
    {
      const char *name = acies_lb_phase_name (p);

      g_assert_nonnull (name);
      g_assert_true (g_ascii_isupper (name[0]));        /* a label, not an id */
      g_assert_false (g_hash_table_contains (seen, name));
      g_hash_table_add (seen, (gpointer) name);
      for (guint i = 0; i < G_N_ELEMENTS (old_ids); i++)
        g_assert_cmpstr (name, !=, old_ids[i]);
    }
  g_assert_cmpstr (acies_lb_phase_name (LB_PH_ROLL), ==, "Orders roll");
  g_assert_cmpstr (acies_lb_phase_name (LB_PH_MAIN), ==, "Orders");
  g_assert_cmpstr (acies_lb_phase_name (LB_PH_SWAP), ==, "Turn swap");
  g_assert_cmpstr (acies_lb_phase_name (LB_PH_OVER), ==, "Battle over");

  scn_unit (scn, 0, "HI", "A", NULL);
  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  g_assert_cmpint (s->phase, ==, LB_PH_MAIN);
  g_assert_true (s->base.phase == acies_lb_phase_name (LB_PH_MAIN));
  /* Through a player-turn: every state the rules reach names its phase. */
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_ROLL);
  g_assert_true (s->base.phase == acies_lb_phase_name (LB_PH_ROLL));
}

/* "group" while a unit is in the group being chosen or activated; "lead"
 * for the lead units (the first attacker becomes lead, LB 6.4.1);
 * "attacking" and "target" while one attack is resolved. */
static void
test_markers (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  gint o = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = state_new (scn);

  put (s, a, Z (1, 2), S);
  put (s, b, Z (1, 2), S);
  put (s, o, Z (0, 0), S);
  put (s, d, Z (2, 2), N);
  s->units[d].lead = 1;
  g_assert_false (flag (ruleset, s, a, "group"));
  g_assert_true (act (s, dice, LB_A_SELECT, a, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_SELECT);
  g_assert_true (flag (ruleset, s, a, "group"));
  g_assert_false (flag (ruleset, s, b, "group"));
  g_assert_true (act (s, dice, LB_A_SELECT, b, -1, -1, -1));
  g_assert_true (flag (ruleset, s, b, "group"));
  g_assert_true (act (s, dice, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_ACT);
  g_assert_true (flag (ruleset, s, a, "group"));
  g_assert_false (flag (ruleset, s, o, "group"));
  g_assert_false (flag (ruleset, s, d, "group"));
  g_assert_true (act (s, dice, LB_A_ATTACK, -1, -1, -1, -1));
  g_assert_true (flag (ruleset, s, b, "group"));
  g_assert_false (flag (ruleset, s, a, "lead"));
  g_assert_true (flag (ruleset, s, d, "lead"));
  g_assert_false (flag (ruleset, s, a, "attacking"));
  g_assert_false (flag (ruleset, s, d, "target"));
  /* 4 + 4 + 1 (lead, 6.5-m01) = 9 against 9: margin 0, decisive offered. */
  push (dice, 4, 4);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_DECISIVE);
  g_assert_true (flag (ruleset, s, a, "lead"));             /* 6.4.1 */
  g_assert_false (flag (ruleset, s, b, "lead"));
  g_assert_true (flag (ruleset, s, a, "attacking"));
  g_assert_false (flag (ruleset, s, b, "attacking"));
  g_assert_true (flag (ruleset, s, d, "target"));
  g_assert_false (flag (ruleset, s, a, "target"));
  g_assert_true (act (s, dice, LB_A_DECISIVE, FALSE, -1, -1, -1));
  g_assert_cmpint (s->units[d].status, ==, LB_DISORDERED);
  g_assert_false (flag (ruleset, s, a, "attacking"));
  g_assert_false (flag (ruleset, s, d, "target"));
  {
    g_autofree char *status = member (ruleset, s, d, "status");

    g_assert_cmpstr (status, ==, "disordered");
  }
  /* The activation ends: no group any more. */
  while (s->phase == LB_PH_ATTACK && has_action (s, LB_A_ATTACK_WITH, b, -2))
    {
      push (dice, 1, 1);
      g_assert_true (act (s, dice, LB_A_ATTACK_WITH, b, 0, 0, -1));
    }
  while (s->phase != LB_PH_MAIN && has_action (s, LB_A_PURSUE_DONE, -2, -2))
    g_assert_true (act (s, dice, LB_A_PURSUE_DONE, -1, -1, -1, -1));
  if (s->phase != LB_PH_MAIN)
    g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));
  g_assert_cmpint (s->phase, ==, LB_PH_MAIN);
  g_assert_false (flag (ruleset, s, a, "group"));
  g_assert_false (flag (ruleset, s, b, "group"));
}

/* The counter's facing notch and its status word: the unit view carries
 * the unit's facing (LB 5.1.1), the state view its status (1.5). */
static void
test_facing_and_status (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  g_autoptr(AciesLbState) s = state_new (scn);
  AciesUnit view;

  put (s, a, Z (1, 2), E);
  put (s, d, Z (2, 2), N);
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, a, 0, &view));
  g_assert_cmpint (view.cell, ==, Z (1, 2));
  g_assert_cmpint (view.facing, ==, E);
  put (s, a, Z (1, 2), W);
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, a, 1, &view));
  g_assert_cmpint (view.facing, ==, W);
  s->units[d].status = LB_DISORDERED;
  {
    g_autofree char *sa = member (ruleset, s, a, "status");
    g_autofree char *sd = member (ruleset, s, d, "status");

    g_assert_cmpstr (sa, ==, "fresh");
    g_assert_cmpstr (sd, ==, "disordered");
  }
  /* Off the field (not yet deployed): in play, off the map (3.3.1). */
  put (s, a, LB_OFF, S);
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, a, 0, &view));
  g_assert_cmpint (view.cell, ==, ACIES_CELL_NONE);
}

/* LB 3.3.1-a: both armies start off the field; each undeployed unit is in
 * play off the map (the play window's off-map box), and on the map once
 * it deploys. */
static void
test_3_3_1_a_off_field_in_view (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "LC", "V", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  g_autoptr(AciesLbState) s = state_new (scn);
  AciesUnit view;

  for (gint u = 0; u < s->n_units; u++)
    {
      const AciesUnit *su = g_ptr_array_index (scn->units, u);

      memset (&view, 0x5a, sizeof view);
      g_assert_cmpint (s->units[u].zone, ==, LB_OFF);
      g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, u, s->units[u].side, &view));
      g_assert_cmpint (view.cell, ==, ACIES_CELL_NONE);
      g_assert_cmpint (view.cell2, ==, ACIES_CELL_NONE);
      g_assert_cmpstr (view.id, ==, su->id);
      g_assert_cmpstr (view.side, ==, su->side);
      g_assert_cmpstr (view.type, ==, su->type);
      /* Either player sees it so (no hidden information in LB). */
      g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, u, 1 - s->units[u].side, &view));
      g_assert_cmpint (view.cell, ==, ACIES_CELL_NONE);
    }
  put (s, a, Z (0, 2), S);
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, a, 0, &view));
  g_assert_cmpint (view.cell, ==, Z (0, 2));
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, d, 0, &view));
  g_assert_cmpint (view.cell, ==, ACIES_CELL_NONE);
  g_assert_false (acies_ruleset_unit_view (ruleset, &s->base, s->n_units, 0, &view));
}

/* LB 1.5-a: a Shattered unit is removed from play, and so are withdrawn
 * and fled ones (7.3): no view at all, on the map or off it. */
static void
test_1_5_a_shattered_out_of_view (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "P", NULL);
  gint x = scn_unit (scn, 0, "HI", "A", NULL), y = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = state_new (scn);
  AciesUnit view;

  put (s, x, Z (0, 0), S);
  put (s, y, Z (3, 0), N);
  setup_attack (s, dice, a, d);
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, d, 0, &view));
  g_assert_cmpint (view.cell, ==, Z (2, 2));
  /* Two hits on a Fresh Poor lead Shatter it (6.6.2); a morale die. */
  push (dice, 6, 6);
  push (dice, 4, 4);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[d].status, ==, LB_SHATTERED);
  g_assert_false (acies_ruleset_unit_view (ruleset, &s->base, d, 0, &view));
  g_assert_false (acies_ruleset_unit_view (ruleset, &s->base, d, 1, &view));
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, a, 0, &view));

  /* Withdrawn or fled, whether it had deployed or not. */
  s->units[x].status = LB_WITHDRAWN;
  g_assert_false (acies_ruleset_unit_view (ruleset, &s->base, x, 0, &view));
  put (s, y, LB_OFF, N);
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, y, 1, &view));
  s->units[y].status = LB_FLED;
  g_assert_false (acies_ruleset_unit_view (ruleset, &s->base, y, 1, &view));
}

/* LB 1.5-a: a Disordered unit's counter shows its reverse: the view's
 * attrs carry a "reverse" object with one stripe and the front's values,
 * which the counter renderer draws; a Fresh one shows its front.  The
 * attrs are borrowed (shared by every unit with the same front), so two
 * views of the same kind of unit get the same object. */
static void
test_1_5_a_disordered_reverse (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "V", "HO"), b = scn_unit (scn, 0, "HI", "V", "HO");
  gint c = scn_unit (scn, 0, "LC", "P", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  g_autoptr(AciesLbState) s = NULL;
  AciesUnit fresh, va, vb, vc;
  JsonObject *reverse;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  put (s, b, Z (1, 1), S);
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, a, 0, &fresh));
  g_assert_true (fresh.attrs == ((AciesUnit *) g_ptr_array_index (scn->units, a))->attrs);
  g_assert_false (json_object_has_member (fresh.attrs, "reverse"));

  s->units[a].status = LB_DISORDERED;
  s->units[b].status = LB_DISORDERED;
  s->units[c].status = LB_DISORDERED;         /* off the field too */
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, a, 1, &va));
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, b, 0, &vb));
  g_assert_true (acies_ruleset_unit_view (ruleset, &s->base, c, 0, &vc));
  g_assert_cmpint (va.cell, ==, Z (1, 2));
  g_assert_cmpint (vc.cell, ==, ACIES_CELL_NONE);
  g_assert_true (json_object_has_member (va.attrs, "reverse"));
  reverse = json_object_get_object_member (va.attrs, "reverse");
  g_assert_cmpint (json_object_get_int_member (reverse, "stripes"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (reverse, "class"), ==, "V");
  g_assert_cmpstr (json_object_get_string_member (reverse, "subtype"), ==, "HO");
  /* The front's values stay readable (the tooltip, the type's "shown"). */
  g_assert_cmpstr (json_object_get_string_member (va.attrs, "class"), ==, "V");
  g_assert_true (va.attrs == vb.attrs);
  g_assert_true (va.attrs != vc.attrs);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (vc.attrs, "reverse"),
                                                  "class"), ==, "P");
  /* The scenario's own front is untouched. */
  g_assert_false (json_object_has_member (((AciesUnit *) g_ptr_array_index (scn->units, a))->attrs,
                                          "reverse"));
  /* And the status word stays in the state view (the tooltip's "Disordered"). */
  {
    g_autofree char *status = member (ruleset, s, a, "status");

    g_assert_cmpstr (status, ==, "disordered");
  }
}

/* LB 8.2-a: a Strategist is off the field or in a zone; 8.1-a: a Hero
 * stands where his bodyguard is.  The leader view follows the commander's
 * zone and is gone once he is lost (8.2-c) or killed. */
static void
test_8_2_a_leader_view (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "P", NULL);
  gint x = scn_unit (scn, 0, "HI", "A", NULL), y = scn_unit (scn, 1, "HI", "A", NULL);
  gint hero, strat;
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  AciesLeader view;

  hero = scn_leader (scn, 0, TRUE, "A", FALSE, x);
  strat = scn_leader (scn, 1, FALSE, "I", FALSE, -1);
  s = state_new (scn);

  /* Everybody off the field at the start (3.3.1). */
  g_assert_true (acies_ruleset_leader_view (ruleset, &s->base, hero, 0, &view));
  g_assert_cmpint (view.cell, ==, ACIES_CELL_NONE);
  g_assert_cmpstr (view.id, ==, ((AciesLeader *) g_ptr_array_index (scn->leaders, hero))->id);
  g_assert_cmpstr (view.kind, ==, "hero");
  g_assert_cmpstr (view.attached_to, ==, ((AciesUnit *) g_ptr_array_index (scn->units, x))->id);
  g_assert_true (acies_ruleset_leader_view (ruleset, &s->base, strat, 1, &view));
  g_assert_cmpint (view.cell, ==, ACIES_CELL_NONE);
  g_assert_cmpstr (view.kind, ==, "strategist");

  /* The Hero with his bodyguard, wherever it goes. */
  put (s, x, Z (0, 0), S);
  g_assert_true (acies_ruleset_leader_view (ruleset, &s->base, hero, 0, &view));
  g_assert_cmpint (view.cell, ==, Z (0, 0));
  put (s, x, Z (1, 0), S);
  g_assert_true (acies_ruleset_leader_view (ruleset, &s->base, hero, 1, &view));
  g_assert_cmpint (view.cell, ==, Z (1, 0));

  /* The Strategist in his own zone, with the defending lead. */
  put (s, y, Z (3, 0), N);
  s->cmdrs[strat].zone = Z (2, 2);
  s->cmdrs[strat].deployed = 1;
  setup_attack (s, dice, a, d);
  g_assert_true (acies_ruleset_leader_view (ruleset, &s->base, strat, 0, &view));
  g_assert_cmpint (view.cell, ==, Z (2, 2));
  /* The last friendly unit of his zone is Shattered: he is lost (8.2-c). */
  push (dice, 6, 6);
  push (dice, 4, 4);
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[d].status, ==, LB_SHATTERED);
  g_assert_cmpint (s->cmdrs[strat].status, !=, LB_CMDR_PRESENT);
  g_assert_false (acies_ruleset_leader_view (ruleset, &s->base, strat, 0, &view));
  g_assert_false (acies_ruleset_leader_view (ruleset, &s->base, strat, 1, &view));

  /* A killed Hero (8.6) is gone too. */
  g_assert_true (acies_ruleset_leader_view (ruleset, &s->base, hero, 0, &view));
  s->cmdrs[hero].status = LB_CMDR_KILLED;
  g_assert_false (acies_ruleset_leader_view (ruleset, &s->base, hero, 0, &view));
  g_assert_false (acies_ruleset_leader_view (ruleset, &s->base, s->n_cmdrs, 0, &view));
}

/* LB 7.1–7.3: the morale check in the log, step by step: the dice, the
 * lowest halved and rounded up, each army modifier with its rule, the army
 * morale, each unit's modifiers with their rules and its result. */
static void
test_morale_events (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "P", NULL);
  gint v = scn_unit (scn, 1, "HI", "V", NULL), p = scn_unit (scn, 1, "LC", "P", NULL);
  gint x1 = scn_unit (scn, 0, "HI", "A", NULL), x2 = scn_unit (scn, 0, "HI", "A", NULL);
  gint x3 = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  g_autoptr(AciesLbState) s = state_new (scn);
  static const char *expect[] = {
    "Army 2: morale check with 1 die, one for each unit Shattered or commander killed by this attack: rolled 4",
    "Lowest die 4, halved and rounded up: 2",
    "-1 the enemy has at least twice as many units on the field (LB 7.1)",
    "Army morale of Army 2: 1",
    "u2: army morale 1, +1 Veteran (LB 7.2), +1 heavy infantry (LB 7.2), -1 Disordered (LB 7.2) = 2: stays",
    "u3: army morale 1, -1 Poor (LB 7.2) = 0: leaves if a unit of its zone is Shattered or leaves (LB 7.3.1)",
    "u3 is withdrawn",
  };

  put (s, x1, Z (0, 0), S);
  put (s, x2, Z (0, 4), S);
  put (s, x3, Z (0, 1), S);                                /* 4 against 2 after the attack */
  put (s, v, Z (2, 2), N);
  put (s, p, Z (2, 2), N);
  s->units[v].status = LB_DISORDERED;
  setup_attack (s, dice, a, d);
  /* 6 + 6 + 3 (lead 6.5-m01, against Poor 6.5-m04, HI with Fresh cavalry
   * 6.5-m09) = 15 against 9: two hits, the Fresh Poor lead is Shattered
   * (6.6.2); one morale die, a 4. */
  push (dice, 6, 6);
  acies_dice_push (dice, 4);
  g_assert_true (act_events (s, dice, events, LB_A_ATTACK_WITH, a, 0, 0, -1));
  g_assert_cmpint (s->units[d].status, ==, LB_SHATTERED);
  g_assert_cmpuint (acies_dice_pending (dice), ==, 0);
  for (guint i = 0; i < events->len; i++)
    {
      AciesEvent *e = g_ptr_array_index (events, i);

      if (g_str_equal (e->type, "morale") || g_str_equal (e->type, "unit-morale")
          || (texts->len > 0 && g_str_equal (e->type, "removed")))
        g_ptr_array_add (texts, e->text);
    }
  g_assert_cmpuint (texts->len, ==, G_N_ELEMENTS (expect));
  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    g_assert_cmpstr (g_ptr_array_index (texts, i), ==, expect[i]);
  /* The results match the log: v stays, p (0 in the Shattered unit's
   * zone, 7.3.1) is withdrawn. */
  g_assert_cmpint (s->units[v].status, ==, LB_DISORDERED);
  g_assert_cmpint (s->units[p].status, ==, LB_WITHDRAWN);
}

/* Actions in players' words (the ruleset's describe_action): names for
 * units and commanders, the activation's kind and cost, and never the
 * generic "name: value" list. */
static void
test_action_words (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), b = scn_unit (scn, 0, "HC", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesRuleset) ruleset = acies_lost_battles_ruleset_new ();
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autofree char *add = NULL;
  g_autofree char *expected = NULL;
  gboolean saw_activate = FALSE;

  ((AciesUnit *) g_ptr_array_index (scn->units, a))->name = g_strdup ("Companions");
  s = state_new (scn);
  put (s, a, Z (1, 2), S);
  put (s, b, Z (1, 2), S);
  put (s, d, Z (2, 2), N);

  add = acies_ruleset_describe_action (ruleset, &s->base,
                                       &(AciesAction) { .type = LB_A_SELECT, .player = 0, .args = { a, -1, -1, -1 } });
  g_assert_cmpstr (add, ==, "Add Companions to the group");
  g_assert_true (act (s, dice, LB_A_SELECT, a, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_SELECT, b, -1, -1, -1));

  /* Every legal answer now: own words, the cost as the rules count it. */
  acies_lb_legal_actions (s, legal);
  g_assert_cmpuint (legal->len, >, 0);
  for (guint i = 0; i < legal->len; i++)
    {
      const AciesAction *act_i = &g_array_index (legal, AciesAction, i);
      g_autofree char *text = acies_ruleset_describe_action (ruleset, &s->base, act_i);

      g_test_message ("%s", text);
      g_assert_null (strstr (text, " — "));   /* the generic "— name: value" tail */
      g_assert_null (strstr (text, "#"));
      if (act_i->type == LB_A_ACTIVATE && act_i->args[0] == LB_ACT_STD && act_i->args[1] < 0)
        {
          expected = g_strdup_printf ("Activate the group: standard activation, %d Orders",
                                      acies_lb_activation_cost (s, s->selection, LB_ACT_STD));
          g_assert_cmpstr (text, ==, expected);
          saw_activate = TRUE;
        }
    }
  g_assert_true (saw_activate);
}

/* The player's words for an activation: the pool pays first whichever is
 * chosen (LB 8.3.2, LB-T25), so each choice says what it spends, and the
 * log names the pool; "1 Order"; no "(0 from a commander's pool)". */
static void
test_8_3_2_a_payment_texts (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL), w = scn_unit (scn, 0, "HI", "A", NULL), x = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(AciesLbState) s = NULL;
  AciesAction plain = { LB_A_ACTIVATE, 0, { LB_ACT_STD, -1, -1, -1 } };
  AciesAction with = { LB_A_ACTIVATE, 0, { LB_ACT_STD, -1, -1, -1 } };
  AciesAction end = { LB_A_END_TURN, 0, { -1, -1, -1, -1 } };
  const AciesEvent *last;
  gint c, orders;
  char *text;

  scn_unit (scn, 1, "HI", "A", NULL);
  c = scn_leader (scn, 0, FALSE, "A", FALSE, -1);
  with.args[1] = c;
  s = state_new (scn);
  put (s, u, Z (0, 2), S);
  put (s, w, Z (0, 1), S);
  put (s, x, Z (0, 1), S);
  s->cmdrs[c].zone = Z (0, 2);
  orders = s->sides[0].orders;

  g_assert_true (act (s, dice, LB_A_SELECT, u, -1, -1, -1));
  text = acies_lb_describe_action (s, &plain);
  g_assert_cmpstr (text, ==, "Activate the group: standard activation, 1 Order (from c0’s pool)");
  g_free (text);
  text = acies_lb_describe_action (s, &with);
  g_assert_cmpstr (text, ==, "Activate the group: standard activation, 1 Order (from c0’s pool); c0 goes with it (LB 8.2)");
  g_free (text);
  g_assert_true (act_events (s, dice, events, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  last = g_ptr_array_index (events, events->len - 1);
  g_assert_nonnull (strstr (last->text, "activated for 1 Order (from c0’s pool)"));
  g_assert_cmpint (s->sides[0].orders, ==, orders);
  g_assert_cmpint (s->cmdrs[c].act_pool, ==, 1);
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));

  /* No pool in the zone: nothing said of pools. */
  g_assert_true (act (s, dice, LB_A_SELECT, w, -1, -1, -1));
  g_assert_true (act (s, dice, LB_A_SELECT, x, -1, -1, -1));
  text = acies_lb_describe_action (s, &plain);
  g_assert_null (strstr (text, "pool"));
  g_free (text);
  g_ptr_array_set_size (events, 0);
  g_assert_true (act_events (s, dice, events, LB_A_ACTIVATE, LB_ACT_STD, -1, -1, -1));
  last = g_ptr_array_index (events, events->len - 1);
  g_assert_null (strstr (last->text, "pool"));
  g_assert_null (strstr (last->text, "1 Orders"));
  g_assert_true (act (s, dice, LB_A_END_ACTIVATION, -1, -1, -1, -1));

  /* LB 4.1.2: ending the player-turn says what is lost. */
  end.player = s->base.active_side;
  text = acies_lb_describe_action (s, &end);
  if (s->sides[0].orders > 1)
    {
      g_autofree char *want = g_strdup_printf ("End the player-turn: %d Orders unspent are lost (LB 4.1.2)",
                                               s->sides[0].orders);
      g_assert_cmpstr (text, ==, want);
    }
  g_free (text);
  s->sides[0].orders = 0;
  text = acies_lb_describe_action (s, &end);
  g_assert_cmpstr (text, ==, "End the player-turn");
  g_free (text);
}

/* LB 10.3: in dust the Orders die is halved, and the log shows it. */
static void
test_10_3_halved_orders_text (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(AciesLbState) s = NULL;
  const AciesEvent *orders = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  put (s, u, Z (0, 2), S);
  g_assert_true (act (s, dice, LB_A_END_TURN, -1, -1, -1, -1));
  while (s->phase == LB_PH_LEADS)
    {
      g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      acies_lb_legal_actions (s, legal);
      g_assert_true (act (s, dice, LB_A_LEAD, g_array_index (legal, AciesAction, 0).args[0], -1, -1, -1));
    }
  g_assert_cmpint (s->phase, ==, LB_PH_ROLL);
  s->dust = TRUE;
  acies_dice_push (dice, 3);
  g_assert_true (act_events (s, dice, events, LB_A_ROLL, -1, -1, -1, -1));
  for (guint i = 0; i < events->len; i++)
    if (g_str_equal (((AciesEvent *) g_ptr_array_index (events, i))->type, "orders"))
      orders = g_ptr_array_index (events, i);
  g_assert_nonnull (orders);
  g_assert_nonnull (strstr (orders->text, "Orders roll 3 halved to 2 + "));
  /* LB 4.1.1 in words: what the number added is (trial31 read "+ 7 for
   * Fighting Value 73" as a puzzle). */
  g_assert_nonnull (strstr (orders->text, " (1 for every full 10 of Fighting Value "));
  g_assert_null (strstr (orders->text, "(halved)"));
}

/* describe_unit: the unit's name, numbered in scenario order when other
 * units share it (wherever they stand), as every text names it. */
static void
test_describe_unit (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "HI", "A", NULL), w = scn_unit (scn, 0, "HI", "A", NULL);
  gint x = scn_unit (scn, 0, "HI", "A", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AciesRuleset) ruleset = acies_ruleset_lookup ("lost-battles", &error);
  g_autoptr(AciesLbState) s = NULL;
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  scn_unit (scn, 1, "HI", "A", NULL);
  for (gint i = u; i <= w; i++)
    {
      AciesUnit *su = g_ptr_array_index (scn->units, i);

      g_free (su->name);
      su->name = g_strdup ("Libyans");
    }
  s = state_new (scn);
  put (s, u, Z (0, 2), S);
  a = acies_ruleset_describe_unit (ruleset, &s->base, u, 0);
  b = acies_ruleset_describe_unit (ruleset, &s->base, w, 0);
  c = acies_ruleset_describe_unit (ruleset, &s->base, x, 0);
  g_assert_cmpstr (a, ==, "Libyans (1)");
  g_assert_cmpstr (b, ==, "Libyans (2)");
  g_assert_cmpstr (c, ==, "u2");                  /* no name: its id */
  g_assert_cmpstr (acies_lb_unit_name (s, u), ==, a);
  g_assert_cmpstr (acies_lb_unit_name (s, w), ==, b);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/acies/lost-battles/view/phase-names", test_phase_names);
  g_test_add_func ("/acies/lost-battles/4.2.4/action-words", test_action_words);
  g_test_add_func ("/acies/lost-battles/view/group-lead-attack-markers", test_markers);
  g_test_add_func ("/acies/lost-battles/view/facing-and-status", test_facing_and_status);
  g_test_add_func ("/acies/lost-battles/7.1-b/morale-check-in-the-log", test_morale_events);
  g_test_add_func ("/acies/lost-battles/8.3.2-a/payment-texts", test_8_3_2_a_payment_texts);
  g_test_add_func ("/acies/lost-battles/10.3/halved-orders-text", test_10_3_halved_orders_text);
  g_test_add_func ("/acies/lost-battles/view/describe-unit", test_describe_unit);
  g_test_add_func ("/acies/lost-battles/3.3.1-a/off-field-in-view", test_3_3_1_a_off_field_in_view);
  g_test_add_func ("/acies/lost-battles/1.5-a/shattered-out-of-view", test_1_5_a_shattered_out_of_view);
  g_test_add_func ("/acies/lost-battles/1.5-a/disordered-reverse", test_1_5_a_disordered_reverse);
  g_test_add_func ("/acies/lost-battles/8.2-a/leader-view", test_8_2_a_leader_view);
  return g_test_run ();
}
