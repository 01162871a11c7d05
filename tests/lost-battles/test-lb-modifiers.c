/* test-lb-modifiers.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-test-lb"

#include "config.h"

#include <glib.h>

#include <string.h>

#include "rulesets/lost-battles/acies-lb-private.h"

#include "lb-test-common.h"

/*
 * One test per modifier of the checklist (shared/rules/checklists/
 * lost-battles.md): the combat modifiers 6.5-m01…m19, the army morale
 * modifiers 7.1-m1…m5 and the unit morale modifiers 7.2-m1…m7, the GTest
 * path naming the id.  Each test builds a baseline position, changes the
 * one thing the modifier depends on, and checks the total moves by the
 * rulebook's amount and that the engine names the modifier in its
 * explanation (the text the log shows), and not in the baseline.
 *
 * Unless a test says otherwise the attacker stands in A1 Centre (1,2)
 * facing south and the defending lead in A2 Centre (2,2) facing north,
 * toward it; both zones are inside the field (no edge) and open.
 */

#define FROM Z (1, 2)
#define TO   Z (2, 2)

/* LB 6.5: the attacker's total modifier from @from into @to; asserts the
 * explanation names (or, if !@applies, does not name) modifier @id. */
static gint
mods_at (const AciesLbState *s,
         gint                att,
         gint                from,
         gint                to,
         gboolean            lead,
         gboolean            moved,
         gboolean            half,
         gint                bonus,
         gint                supporter,
         const char         *id,
         gboolean            applies)
{
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree char *tag = g_strdup_printf ("(LB %s)", id);
  gint total = acies_lb_modifiers (s, att, from, to, lead, moved, half, bonus, supporter, why);

  g_test_message ("%s %s: %+d (%s)", id, applies ? "applies" : "baseline", total, why->str);
  if (applies)
    g_assert_nonnull (strstr (why->str, tag));
  else
    g_assert_null (strstr (why->str, tag));
  return total;
}

/* mods_at() from FROM into TO, no bonus, no supporter. */
static gint
mods (const AciesLbState *s,
      gint                att,
      gboolean            lead,
      const char         *id,
      gboolean            applies)
{
  return mods_at (s, att, FROM, TO, lead, FALSE, FALSE, 0, -1, id, applies);
}

/* Attacker @att in FROM facing S, defender @def lead in TO facing N. */
static void
duel (AciesLbState *s,
      gint          att,
      gint          def)
{
  put (s, att, FROM, S);
  put (s, def, TO, N);
  s->units[def].lead = 1;
}

/* LB 7.2: @unit's morale with army morale 1 against an attack on
 * @attacked; asserts the explanation names (or not) modifier @id. */
static gint
unit_morale (const AciesLbState *s,
             gint                unit,
             gint                attacked,
             const char         *id,
             gboolean            applies)
{
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree char *tag = g_strdup_printf ("(LB %s", id);
  gint m = acies_lb_unit_morale_why (s, unit, 1, attacked, why);

  g_test_message ("%s %s: %d (%s)", id, applies ? "applies" : "baseline", m, why->str);
  g_assert_cmpint (m, ==, acies_lb_unit_morale (s, unit, 1, attacked));
  if (applies)
    g_assert_nonnull (strstr (why->str, tag));
  else
    g_assert_null (strstr (why->str, tag));
  return m;
}

/* LB 7.1: army morale of @side with the lowest die 6 (halved: 3); asserts
 * the steps name (or not) modifier @id. */
static gint
army_morale (const AciesLbState *s,
             gint                side,
             const char         *id,
             gboolean            applies)
{
  g_autoptr(GPtrArray) steps = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *tag = g_strdup_printf ("(LB %s)", id);
  gboolean named = FALSE;
  gint m = acies_lb_army_morale_steps (s, side, 6, steps);

  g_assert_cmpint (m, ==, acies_lb_army_morale (s, side, 6));
  for (guint i = 0; i < steps->len; i++)
    {
      g_test_message ("%s: %s", id, (const char *) g_ptr_array_index (steps, i));
      if (strstr (g_ptr_array_index (steps, i), tag) != NULL)
        named = TRUE;
    }
  g_assert_true (named == applies);
  return m;
}

/* 6.5 Combat modifiers */

/* A modifier that one argument of acies_lb_modifiers() brings in (@moved,
 * @half, @bonus), for Average HI against Average HI: the baseline without
 * it, then the total with it, which moves by @change. */
static void
check_argument (gboolean    moved,
                gboolean    half,
                gint        bonus,
                const char *id,
                gint        change)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  base = mods_at (s, a, FROM, TO, FALSE, FALSE, FALSE, 0, -1, id, FALSE);
  g_assert_cmpint (mods_at (s, a, FROM, TO, FALSE, moved, half, bonus, -1, id, TRUE), ==, base + change);
}

/* 6.5-m01: +1 to a lead unit that is not outflanked (not scythed chariots). */
static void
test_m01 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  gint l = scn_unit (scn, 1, "LI", "A", NULL), r = scn_unit (scn, 1, "LI", "A", NULL);
  gint sch = scn_unit (scn, 0, "CH", "A", "SCH");
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  base = mods (s, a, FALSE, "6.5-m01", FALSE);
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m01", TRUE), ==, base + 1);
  /* Enemies on both its left and right: outflanked, no +1 (LB-G06). */
  put (s, l, Z (1, 1), E);
  put (s, r, Z (1, 3), W);
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m01", FALSE), ==, base);
  put (s, l, LB_OFF, E);
  put (s, r, LB_OFF, W);
  /* Scythed chariots never get it (9.5-f). */
  put (s, a, LB_OFF, S);
  put (s, sch, FROM, S);
  g_assert_cmpint (mods (s, sch, TRUE, "6.5-m01", FALSE), ==, mods (s, sch, FALSE, "6.5-m01", FALSE));
}

/* 6.5-m02: +1 if an attack bonus was bought (4.4.4). */
static void
test_m02 (void)
{
  check_argument (FALSE, FALSE, 1, "6.5-m02", +1);
}

/* 6.5-m03: +1 more for a Hero's bodyguard with a second bonus (8.5). */
static void
test_m03 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "V", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = NULL;
  gint one;

  scn_leader (scn, 0, TRUE, "A", FALSE, a);
  s = state_new (scn);
  duel (s, a, d);
  one = mods_at (s, a, FROM, TO, TRUE, FALSE, FALSE, 1, -1, "6.5-m03", FALSE);
  g_assert_cmpint (mods_at (s, a, FROM, TO, TRUE, FALSE, FALSE, 2, -1, "6.5-m03", TRUE), ==, one + 1);
  /* Through apply: the Veteran bodyguard of an Average Hero attacking
   * first must take the two bonuses (8.5), so only bonus 2 is offered. */
  setup_attack (s, dice, a, d);
  g_assert_true (has_action (s, LB_A_ATTACK_WITH, a, -2));
  {
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

    acies_lb_legal_actions (s, legal);
    for (guint i = 0; i < legal->len; i++)
      if (g_array_index (legal, AciesAction, i).type == LB_A_ATTACK_WITH)
        g_assert_cmpint (g_array_index (legal, AciesAction, i).args[2], ==, 2);
  }
}

/* 6.5-m04: +1 for an Average or Veteran attacker against a Poor defender. */
static void
test_m04 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), p = scn_unit (scn, 0, "HI", "P", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  base = mods (s, a, FALSE, "6.5-m04", FALSE);
  s->units[d].cls = LB_POOR;
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m04", TRUE), ==, base + 1);
  /* A Poor attacker gets nothing against Poor. */
  put (s, a, LB_OFF, S);
  put (s, p, FROM, S);
  g_assert_cmpint (mods (s, p, FALSE, "6.5-m04", FALSE), ==, base);
}

/* 6.5-m05: +1 for HI against hoplites, phalangites or archers not facing
 * the attack. */
static void
test_m05 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", "PH");
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  base = mods (s, a, FALSE, "6.5-m05", FALSE);         /* facing the attack */
  s->units[d].facing = E;
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m05", TRUE), ==, base + 1);
  s->units[d].sub = LB_SUB_AR;
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m05", TRUE), ==, base + 1);
  s->units[d].sub = LB_SUB_LE;                          /* not a subtype it names */
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m05", FALSE), ==, base);
}

/* 6.5-m06: +1 for hoplites attacking a zone with enemy hoplites, unless all
 * of them entered it in their own most recent player-turn. */
static void
test_m06 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", "HO"), d = scn_unit (scn, 1, "HI", "A", "HO");
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  s->sides[1].pt_of_last = 5;
  s->units[d].entered_pt = 5;                           /* just arrived */
  base = mods (s, a, FALSE, "6.5-m06", FALSE);
  s->units[d].entered_pt = 3;                           /* settled there before */
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m06", TRUE), ==, base + 1);
}

/* 6.5-m07: +1 to a Fresh hoplite or phalangite lead attacking HI; not for
 * phalangites with an enemy on a side they don't face, or attacking from
 * or into terrain (LB-G12b: the exceptions name phalangites only). */
static void
test_m07 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", "PH"), d = scn_unit (scn, 1, "HI", "A", NULL);
  gint side = scn_unit (scn, 1, "LI", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  s->units[a].status = LB_DISORDERED;
  base = mods (s, a, TRUE, "6.5-m07", FALSE);
  s->units[a].status = LB_FRESH;
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m07", TRUE), ==, base + 1);
  /* A stream in its zone (no other modifier): phalangites lose it,
   * hoplites keep it. */
  s->terrain[FROM] = LB_T_STREAM;
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m07", FALSE), ==, base);
  s->units[a].sub = LB_SUB_HO;
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m07", TRUE), ==, base + 1);
  s->units[a].sub = LB_SUB_PH;
  s->terrain[FROM] = 0;
  /* An enemy on its unfaced side. */
  put (s, side, Z (1, 1), E);
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m07", FALSE), ==, base);
}

/* 6.5-m08: +1 to a non-lead Average hoplite or phalangite attacking HI
 * with a Fresh Average unit of its subtype supporting it. */
static void
test_m08 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", "PH"), sup = scn_unit (scn, 0, "HI", "A", "PH");
  gint lead = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesDice) dice = acies_dice_new_scripted ();
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  put (s, sup, FROM, S);
  put (s, lead, FROM, S);
  base = mods_at (s, a, FROM, TO, FALSE, FALSE, FALSE, 0, -1, "6.5-m08", FALSE);
  g_assert_cmpint (mods_at (s, a, FROM, TO, FALSE, FALSE, FALSE, 0, sup, "6.5-m08", TRUE), ==, base + 1);
  /* Through apply: once the lead has attacked, the phalangite is offered
   * with its supporter. */
  setup_attack (s, dice, lead, d);
  push (dice, 1, 1);                                     /* the lead misses */
  g_assert_true (act (s, dice, LB_A_ATTACK_WITH, lead, 0, 0, -1));
  {
    g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
    gboolean offered = FALSE;

    acies_lb_legal_actions (s, legal);
    for (guint i = 0; i < legal->len; i++)
      {
        AciesAction *x = &g_array_index (legal, AciesAction, i);

        if (x->type == LB_A_ATTACK_WITH && x->args[0] == a && x->args[3] == sup)
          offered = TRUE;
      }
    g_assert_true (offered);
  }
}

/* 6.5-m09: +1 for cavalry or chariots attacking HI when both zones are on
 * the edge, or the HI has Fresh cavalry, chariots or LI with it, or the
 * attacker is lead and the HI's rear faces it (LB-G12a: as printed). */
static void
test_m09 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  gint li = scn_unit (scn, 1, "LI", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  base = mods (s, a, TRUE, "6.5-m09", FALSE);
  /* The HI's rear faces the lead attacker. */
  s->units[d].facing = S;
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m09", TRUE), ==, base + 1);
  s->units[d].facing = N;
  /* Fresh light infantry with the HI. */
  put (s, li, TO, N);
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m09", TRUE), ==, base + 1);
  s->units[li].status = LB_DISORDERED;
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m09", FALSE), ==, base);
  put (s, li, LB_OFF, N);
  /* Both zones on the edge of the field (LB-G25). */
  put (s, a, Z (1, 0), S);
  put (s, d, Z (2, 0), N);
  g_assert_cmpint (mods_at (s, a, Z (1, 0), Z (2, 0), TRUE, FALSE, FALSE, 0, -1, "6.5-m09", TRUE), ==, base + 1);
}

/* 6.5-m10: +1 when a lead infantry unit on a hill strikes down into a zone
 * without one. */
static void
test_m10 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "LI", "A", NULL), d = scn_unit (scn, 1, "LI", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base, other;

  duel (s, a, d);
  base = mods (s, a, TRUE, "6.5-m10", FALSE);
  other = mods (s, a, FALSE, "6.5-m10", FALSE);
  s->terrain[FROM] = LB_T_HILL;
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m10", TRUE), ==, base + 1);
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m10", FALSE), ==, other);     /* lead units only */
  s->terrain[TO] = LB_T_HILL;                            /* hill to hill: no */
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m10", FALSE), ==, base);
}

/* 6.5-m11: +1 when a lead unit strikes from a zone with no river into one
 * with a river. */
static void
test_m11 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  base = mods (s, a, TRUE, "6.5-m11", FALSE);
  s->terrain[TO] = LB_T_RIVER;
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m11", TRUE), ==, base + 1);
  s->terrain[FROM] = LB_T_RIVER;                         /* river to river: no */
  g_assert_cmpint (mods (s, a, TRUE, "6.5-m11", FALSE), ==, base);
}

/* 6.5-m12: +1 for archers attacking LI or LC. */
static void
test_m12 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "LI", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  base = mods (s, a, FALSE, "6.5-m12", FALSE);
  s->units[a].sub = LB_SUB_AR;
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m12", TRUE), ==, base + 1);
}

/* 6.5-m13: -1 if the attacker moved or turned before attacking (6.1.2). */
static void
test_m13 (void)
{
  check_argument (TRUE, FALSE, 0, "6.5-m13", -1);
}

/* 6.5-m14: -1 when either zone has forest, marsh, hill or a fortified
 * camp, if the attacker is not infantry, or is a lead HI not in its own
 * camp. */
static void
test_m14 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HC", "A", NULL), hi = scn_unit (scn, 0, "HI", "A", NULL);
  gint d = scn_unit (scn, 1, "LI", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base, hbase, other;

  duel (s, a, d);
  base = mods (s, a, FALSE, "6.5-m14", FALSE);
  s->terrain[TO] = LB_T_FOREST;
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m14", TRUE), ==, base - 1);
  s->terrain[TO] = LB_T_FOREST | LB_T_MARSH;             /* not twice (2.2.3) */
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m14", TRUE), ==, base - 1);
  s->terrain[TO] = 0;
  /* Heavy infantry: only as lead, and not from its own camp. */
  put (s, a, LB_OFF, S);
  put (s, hi, FROM, S);
  hbase = mods (s, hi, TRUE, "6.5-m14", FALSE);
  other = mods (s, hi, FALSE, "6.5-m14", FALSE);
  s->terrain[FROM] = LB_T_CAMP_F;
  g_assert_cmpint (mods (s, hi, TRUE, "6.5-m14", TRUE), ==, hbase - 1);
  g_assert_cmpint (mods (s, hi, FALSE, "6.5-m14", FALSE), ==, other);    /* not lead: none */
  s->camp_of[FROM] = 0;
  g_assert_cmpint (mods (s, hi, TRUE, "6.5-m14", FALSE), ==, hbase);
}

/* 6.5-m15: -1 for a last attacker counted at half size (6.3.4). */
static void
test_m15 (void)
{
  check_argument (FALSE, TRUE, 0, "6.5-m15", -1);
}

/* 6.5-m16: -1 against cataphracts, for a lead mounted unit against
 * elephants, or a lead infantry unit against Fresh legionaries; none when
 * the defender doesn't face the attacker. */
static void
test_m16 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HC", "A", NULL);
  gint hc = scn_unit (scn, 0, "HC", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  base = mods (s, a, FALSE, "6.5-m16", FALSE);
  s->units[d].sub = LB_SUB_CA;                           /* cataphracts facing the attack */
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m16", TRUE), ==, base - 1);
  s->units[d].facing = E;
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m16", FALSE), ==, base);
  s->units[d].facing = N;
  /* Fresh legionaries facing the attack: lead infantry only. */
  s->units[d].type = LB_HI;
  s->units[d].sub = LB_SUB_LE;
  base = mods (s, a, FALSE, "6.5-m16", FALSE);
  {
    gint fresh = mods (s, a, TRUE, "6.5-m16", TRUE);

    s->units[d].status = LB_DISORDERED;
    g_assert_cmpint (mods (s, a, TRUE, "6.5-m16", FALSE), ==, fresh + 1);
    g_assert_cmpint (mods (s, a, FALSE, "6.5-m16", FALSE), ==, base);
  }
  /* Elephants facing the attack: lead mounted only. */
  put (s, a, LB_OFF, S);
  put (s, hc, FROM, S);
  s->units[d].type = LB_EL;
  s->units[d].sub = LB_SUB_NONE;
  s->units[d].cls = LB_AFRICAN;
  s->units[d].status = LB_FRESH;
  {
    gint facing = mods (s, hc, TRUE, "6.5-m16", TRUE);

    s->units[d].facing = E;
    g_assert_cmpint (mods (s, hc, TRUE, "6.5-m16", FALSE), ==, facing + 1);
  }
}

/* 6.5-m17: -1 for African elephants attacking a zone with Indian ones. */
static void
test_m17 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "EL", "Af", NULL), d = scn_unit (scn, 1, "EL", "Af", NULL);
  gint ind = scn_unit (scn, 1, "EL", "I", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  base = mods (s, a, FALSE, "6.5-m17", FALSE);
  put (s, ind, TO, N);                                   /* not the lead: any in the zone */
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m17", TRUE), ==, base - 1);
  s->units[a].cls = LB_INDIAN;                              /* Indian attackers: no */
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m17", FALSE), ==, base);
}

/* 6.5-m18: -1 for a Disordered attacker from a fatigued army (10.2). */
static void
test_m18 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "HI", "A", NULL), d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  duel (s, a, d);
  s->units[a].status = LB_DISORDERED;
  base = mods (s, a, FALSE, "6.5-m18", FALSE);
  s->sides[0].fatigued = TRUE;
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m18", TRUE), ==, base - 1);
  s->units[a].status = LB_FRESH;
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m18", FALSE), ==, base);
}

/* 6.5-m19: wet weather -1 for chariots, archers, Disordered LI and LC
 * anywhere, and for lead units in a stream or river zone (LB-G19,
 * reading 2). */
static void
test_m19 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint a = scn_unit (scn, 0, "LC", "A", NULL), hi = scn_unit (scn, 0, "HI", "A", NULL);
  gint d = scn_unit (scn, 1, "HI", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base, hbase;

  duel (s, a, d);
  base = mods (s, a, FALSE, "6.5-m19", FALSE);
  s->weather = 2;
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m19", TRUE), ==, base - 1);
  s->weather = 1;                                        /* overcast: nothing */
  g_assert_cmpint (mods (s, a, FALSE, "6.5-m19", FALSE), ==, base);
  /* A lead HI: only in a stream or river zone. */
  put (s, a, LB_OFF, S);
  put (s, hi, FROM, S);
  s->terrain[FROM] = LB_T_STREAM;
  hbase = mods (s, hi, TRUE, "6.5-m19", FALSE);
  s->weather = 2;
  g_assert_cmpint (mods (s, hi, TRUE, "6.5-m19", TRUE), ==, hbase - 1);
  s->terrain[FROM] = 0;
  g_assert_cmpint (mods (s, hi, TRUE, "6.5-m19", FALSE), ==, hbase);
}

/* 7.1 Army morale modifiers (lowest die 6: 3 before modifiers) */

/* Side 0 with @n0 units on the field, side 1 with @n1, the rest off. */
static AciesLbState *
armies (AciesScenario *scn,
        gint           n0,
        gint           n1)
{
  AciesLbState *s;
  gint k0 = 0, k1 = 0;

  for (gint i = 0; i < 4; i++)
    scn_unit (scn, 0, "HI", "A", NULL);
  for (gint i = 0; i < 4; i++)
    scn_unit (scn, 1, "HI", "A", NULL);
  s = state_new (scn);
  for (gint i = 0; i < 8; i++)
    {
      if (i < 4 && k0 < n0)
        put (s, i, Z (0, k0++), S);
      else if (i >= 4 && k1 < n1)
        put (s, i, Z (3, k1++), N);
    }
  return s;
}

/* 7.1-m1: +1 with at least twice as many units on the field as the enemy. */
static void
test_71_m1 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = armies (scn, 4, 3);
  gint base = army_morale (s, 0, "7.1-m1", FALSE);

  g_assert_cmpint (base, ==, 3);
  put (s, 6, LB_OFF, N);                                 /* 4 against 2 */
  g_assert_cmpint (army_morale (s, 0, "7.1-m1", TRUE), ==, base + 1);
}

/* 7.1-m2: -1 for each full 4 units Shattered so far. */
static void
test_71_m2 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = armies (scn, 3, 3);
  gint base;

  s->sides[0].shattered = 3;
  base = army_morale (s, 0, "7.1-m2", FALSE);
  s->sides[0].shattered = 4;
  g_assert_cmpint (army_morale (s, 0, "7.1-m2", TRUE), ==, base - 1);
  s->sides[0].shattered = 8;
  g_assert_cmpint (army_morale (s, 0, "7.1-m2", TRUE), ==, base - 2);
}

/* 7.1-m3: -1 once 2 Poor commanders, or 1 Average or better, are lost. */
static void
test_71_m3 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = armies (scn, 3, 3);
  gint base;

  s->sides[0].cmdr_loss_poor = 1;
  base = army_morale (s, 0, "7.1-m3", FALSE);
  s->sides[0].cmdr_loss_poor = 2;
  g_assert_cmpint (army_morale (s, 0, "7.1-m3", TRUE), ==, base - 1);
  s->sides[0].cmdr_loss_poor = 0;
  s->sides[0].cmdr_loss_other = 1;
  g_assert_cmpint (army_morale (s, 0, "7.1-m3", TRUE), ==, base - 1);
}

/* 7.1-m4: -1 if the enemy has at least twice as many units on the field. */
static void
test_71_m4 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = armies (scn, 2, 3);
  gint base = army_morale (s, 0, "7.1-m4", FALSE);

  put (s, 7, Z (3, 4), N);                               /* 4 against 2 */
  g_assert_cmpint (army_morale (s, 0, "7.1-m4", TRUE), ==, base - 1);
}

/* 7.1-m5: -1 if the enemy holds 2 more of our central zones than we hold
 * of theirs (a key zone 2, or ½ with a river), or our camp has ever been
 * captured; one -1 in all. */
static void
test_71_m5 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  g_autoptr(AciesLbState) s = armies (scn, 3, 3);
  gint base;

  put (s, 4, Z (1, 1), N);                               /* one of our central zones */
  base = army_morale (s, 0, "7.1-m5", FALSE);
  put (s, 5, Z (1, 3), N);                               /* two: the same counts */
  g_assert_cmpint (army_morale (s, 0, "7.1-m5", TRUE), ==, base - 1);
  put (s, 5, Z (3, 1), N);
  s->key_of[Z (1, 1)] = 0;                               /* the key zone counts 2 */
  g_assert_cmpint (army_morale (s, 0, "7.1-m5", TRUE), ==, base - 1);
  s->terrain[Z (1, 1)] = LB_T_RIVER;                     /* … or ½ with a river */
  g_assert_cmpint (army_morale (s, 0, "7.1-m5", FALSE), ==, base);
  s->sides[0].camp_captured = 1;
  g_assert_cmpint (army_morale (s, 0, "7.1-m5", TRUE), ==, base - 1);
  s->terrain[Z (1, 1)] = 0;                              /* both: still one -1 */
  g_assert_cmpint (army_morale (s, 0, "7.1-m5", TRUE), ==, base - 1);
}

/* 7.2 Unit morale modifiers (army morale 1) */

/* 7.2-m1: +1 for Veterans, Average legionaries and Indian elephants. */
static void
test_72_m1 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "LI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;
  gint base;

  scn_unit (scn, 1, "LI", "A", NULL);
  s = state_new (scn);
  put (s, u, Z (1, 2), S);
  base = unit_morale (s, u, Z (1, 2), "7.2-m1", FALSE);
  s->units[u].cls = LB_VETERAN;
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m1", TRUE), ==, base + 1);
  s->units[u].type = LB_EL;
  s->units[u].cls = LB_INDIAN;
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m1", TRUE), ==, base + 1);
  s->units[u].cls = LB_AFRICAN;
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m1", FALSE), ==, base);
}

/* 7.2-m2: +1 for HI, except hoplites next to enemy hoplites (9.2-e). */
static void
test_72_m2 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "LI", "A", NULL), e = scn_unit (scn, 1, "HI", "A", "HO");
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  put (s, u, Z (1, 2), S);
  put (s, e, Z (3, 0), N);
  base = unit_morale (s, u, Z (1, 2), "7.2-m2", FALSE);
  s->units[u].type = LB_HI;
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m2", TRUE), ==, base + 1);
  s->units[u].sub = LB_SUB_HO;
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m2", TRUE), ==, base + 1);
  put (s, e, Z (2, 2), N);                               /* in contact */
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m2", FALSE), ==, base);
}

/* 7.2-m3: +1 three or more zones from the attacked zone (orthogonal). */
static void
test_72_m3 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "LI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;
  gint base;

  scn_unit (scn, 1, "LI", "A", NULL);
  s = state_new (scn);
  put (s, u, Z (1, 2), S);
  base = unit_morale (s, u, Z (2, 3), "7.2-m3", FALSE);   /* diagonal: 2 away */
  g_assert_cmpint (unit_morale (s, u, Z (2, 4), "7.2-m3", TRUE), ==, base + 1);
}

/* 7.2-m4: +1 for non-elephants with an Inspired or Brilliant commander in
 * their zone, or a Brilliant one next to it; not under a narrow escape. */
static void
test_72_m4 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "LI", "A", NULL), c;
  g_autoptr(AciesLbState) s = NULL;
  gint base;

  scn_unit (scn, 1, "LI", "A", NULL);
  c = scn_leader (scn, 0, FALSE, "I", FALSE, -1);
  s = state_new (scn);
  put (s, u, Z (1, 2), S);
  s->cmdrs[c].zone = Z (1, 1);                            /* Inspired, next door */
  base = unit_morale (s, u, Z (1, 2), "7.2-m4", FALSE);
  s->cmdrs[c].zone = Z (1, 2);
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m4", TRUE), ==, base + 1);
  s->cmdrs[c].zone = Z (1, 1);
  s->cmdrs[c].rating = LB_RATING_B;                       /* Brilliant, next door */
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m4", TRUE), ==, base + 1);
  s->units[u].type = LB_EL;
  s->units[u].cls = LB_AFRICAN;
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m4", FALSE), ==, base);
}

/* 7.2-m5: -1 for Poor units, scythed chariots and a Timid commander's
 * bodyguard. */
static void
test_72_m5 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "LI", "A", NULL), g = scn_unit (scn, 0, "LI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;
  gint base;

  scn_unit (scn, 1, "LI", "A", NULL);
  scn_leader (scn, 0, TRUE, "A", TRUE, g);
  s = state_new (scn);
  put (s, u, Z (1, 2), S);
  put (s, g, Z (1, 2), S);
  base = unit_morale (s, u, Z (1, 2), "7.2-m5", FALSE);
  g_assert_cmpint (unit_morale (s, g, Z (1, 2), "7.2-m5", TRUE), ==, base - 1);
  s->units[u].cls = LB_POOR;
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m5", TRUE), ==, base - 1);
  s->units[u].cls = LB_AVERAGE;
  s->units[u].type = LB_CH;
  s->units[u].sub = LB_SUB_SCH;
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m5", TRUE), ==, base - 1);
}

/* 7.2-m6: -1 for Disordered units. */
static void
test_72_m6 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "LI", "A", NULL);
  g_autoptr(AciesLbState) s = NULL;
  gint base;

  scn_unit (scn, 1, "LI", "A", NULL);
  s = state_new (scn);
  put (s, u, Z (1, 2), S);
  base = unit_morale (s, u, Z (1, 2), "7.2-m6", FALSE);
  s->units[u].status = LB_DISORDERED;
  g_assert_cmpint (unit_morale (s, u, Z (1, 2), "7.2-m6", TRUE), ==, base - 1);
}

/* 7.2-m7: -1 with enemies both in front and behind, and/or on both flanks. */
static void
test_72_m7 (void)
{
  g_autoptr(AciesScenario) scn = scn_new ();
  gint u = scn_unit (scn, 0, "LI", "A", NULL);
  gint f = scn_unit (scn, 1, "LI", "A", NULL), b = scn_unit (scn, 1, "LI", "A", NULL);
  g_autoptr(AciesLbState) s = state_new (scn);
  gint base;

  put (s, u, Z (1, 2), S);
  put (s, f, Z (2, 2), N);
  put (s, b, Z (1, 3), W);                                /* front and flank: no */
  base = unit_morale (s, u, Z (2, 2), "7.2-m7", FALSE);
  put (s, b, Z (0, 2), S);                                /* front and rear */
  g_assert_cmpint (unit_morale (s, u, Z (2, 2), "7.2-m7", TRUE), ==, base - 1);
  put (s, f, Z (1, 1), E);
  put (s, b, Z (1, 3), W);                                /* both flanks */
  g_assert_cmpint (unit_morale (s, u, Z (2, 2), "7.2-m7", TRUE), ==, base - 1);
}

int
main (int   argc,
      char *argv[])
{
  static const struct { const char *path; GTestFunc func; } tests[] = {
    { "/acies/lost-battles/6.5-m01/lead-not-outflanked", test_m01 },
    { "/acies/lost-battles/6.5-m02/attack-bonus", test_m02 },
    { "/acies/lost-battles/6.5-m03/bodyguard-second-bonus", test_m03 },
    { "/acies/lost-battles/6.5-m04/against-poor", test_m04 },
    { "/acies/lost-battles/6.5-m05/heavy-infantry-against-unfaced-phalanx", test_m05 },
    { "/acies/lost-battles/6.5-m06/hoplites-against-settled-hoplites", test_m06 },
    { "/acies/lost-battles/6.5-m07/fresh-phalanx-lead", test_m07 },
    { "/acies/lost-battles/6.5-m08/supported-phalanx", test_m08 },
    { "/acies/lost-battles/6.5-m09/mounted-against-heavy-infantry", test_m09 },
    { "/acies/lost-battles/6.5-m10/down-a-hill", test_m10 },
    { "/acies/lost-battles/6.5-m11/into-a-river", test_m11 },
    { "/acies/lost-battles/6.5-m12/archers-against-light-troops", test_m12 },
    { "/acies/lost-battles/6.5-m13/moved-before-attacking", test_m13 },
    { "/acies/lost-battles/6.5-m14/rough-ground", test_m14 },
    { "/acies/lost-battles/6.5-m15/half-size", test_m15 },
    { "/acies/lost-battles/6.5-m16/cataphracts-elephants-legionaries", test_m16 },
    { "/acies/lost-battles/6.5-m17/african-against-indian", test_m17 },
    { "/acies/lost-battles/6.5-m18/disordered-and-fatigued", test_m18 },
    { "/acies/lost-battles/6.5-m19/wet-weather", test_m19 },
    { "/acies/lost-battles/7.1-m1/outnumber-the-enemy", test_71_m1 },
    { "/acies/lost-battles/7.1-m2/every-four-shattered", test_71_m2 },
    { "/acies/lost-battles/7.1-m3/commanders-lost", test_71_m3 },
    { "/acies/lost-battles/7.1-m4/outnumbered", test_71_m4 },
    { "/acies/lost-battles/7.1-m5/central-zones-or-camp", test_71_m5 },
    { "/acies/lost-battles/7.2-m1/veterans", test_72_m1 },
    { "/acies/lost-battles/7.2-m2/heavy-infantry", test_72_m2 },
    { "/acies/lost-battles/7.2-m3/far-from-the-attack", test_72_m3 },
    { "/acies/lost-battles/7.2-m4/inspiring-commander", test_72_m4 },
    { "/acies/lost-battles/7.2-m5/poor-scythed-timid", test_72_m5 },
    { "/acies/lost-battles/7.2-m6/disordered", test_72_m6 },
    { "/acies/lost-battles/7.2-m7/enemies-on-opposite-sides", test_72_m7 },
  };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    g_test_add_func (tests[i].path, tests[i].func);
  return g_test_run ();
}
