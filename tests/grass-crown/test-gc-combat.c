/* test-gc-combat.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "io/acies-scenario-io.h"
#include "rulesets/acies-catalogue.h"
#include "rulesets/acies-ruleset.h"
#include "rulesets/grass-crown/acies-gc-combat.h"

/*
 * The Grass Crown combat rules (GC 9.0–9.6, 10.0), one test per rule case
 * of shared/rules/checklists/grass-crown.md, the combat captions of 9.0/9.1
 * and the computable combat steps of the Heraclea example of play.
 */

static AciesGcTables tables;

static void
load_tables (void)
{
  g_autoptr(GError) error = NULL;
  AciesCatalogue *catalogue = acies_catalogue_get_bundled ("grass-crown");

  g_assert_nonnull (catalogue);
  g_assert_true (acies_gc_tables_from_catalogue (catalogue, &tables, &error));
  g_assert_no_error (error);
}

/* An attack spec with no modifier: printed @cc, @att against @def. */
static AciesGcAttackSpec
plain_attack (AciesGcCc   cc,
              AciesGcKind att,
              AciesGcKind def)
{
  AciesGcAttackSpec spec;

  memset (&spec, 0, sizeof spec);
  spec.printed_cc = cc;
  spec.attacker_kind = att;
  spec.defender_kind = def;
  return spec;
}

/* The CRT result of natural roll @nat at @cc and @drm. */
static AciesGcResult
crt (AciesGcCc cc,
     gint      nat,
     gint      drm)
{
  return acies_gc_tables_crt (&tables, cc, nat + drm, NULL);
}

/* ---- 2.2 / 9.1 the ladder ---- */

static void
test_cc_ladder (void)
{
  AciesGcCc cc;

  /* GC 2.2: A (very good) to C (very bad), up to ★, down to D. */
  g_assert_cmpint (acies_gc_cc_shift (ACIES_GC_CC_B, 1), ==, ACIES_GC_CC_A);
  g_assert_cmpint (acies_gc_cc_shift (ACIES_GC_CC_B, -1), ==, ACIES_GC_CC_C);
  g_assert_cmpint (acies_gc_cc_shift (ACIES_GC_CC_A, 1), ==, ACIES_GC_CC_STAR);
  g_assert_cmpint (acies_gc_cc_shift (ACIES_GC_CC_C, -1), ==, ACIES_GC_CC_D);
  g_assert_true (acies_gc_cc_from_string ("★", &cc));
  g_assert_cmpint (cc, ==, ACIES_GC_CC_STAR);
  g_assert_true (acies_gc_cc_from_string ("b", &cc));
  g_assert_cmpint (cc, ==, ACIES_GC_CC_B);
  g_assert_false (acies_gc_cc_from_string ("E", &cc));
}

/* 9.1-h, GC-T02/T03: net first, then clamp at ★ and D. */
static void
test_9_1_h_net_then_clamp (void)
{
  AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_STAR, ACIES_GC_KIND_H, ACIES_GC_KIND_H);
  AciesGcAttackCalc calc;

  /* ★ with +2 (exhausted, flanked) and −1 (uphill): net +1 → ★ (not A,
   * which clamping each step would give). */
  spec.defender_exhausted = TRUE;
  spec.flanked = TRUE;
  spec.defender_elevation = 1;
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.cc_net, ==, 1);
  g_assert_cmpint (calc.cc, ==, ACIES_GC_CC_STAR);

  /* GC-T03: printed C, into Broken Ground and out of a River: D. */
  spec = plain_attack (ACIES_GC_CC_C, ACIES_GC_KIND_L, ACIES_GC_KIND_L);
  spec.defender_broken = TRUE;
  spec.river = TRUE;
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.cc_net, ==, -2);
  g_assert_cmpint (calc.cc, ==, ACIES_GC_CC_D);
}

/* 9.1 caption (GC-T01): B → A (Exhausted) → ★ (Flanking) → A (uphill);
 * two Supporters: −2; with Aquila −3. */
static void
test_9_1_caption (void)
{
  AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_B, ACIES_GC_KIND_H, ACIES_GC_KIND_H);
  AciesGcAttackCalc calc;

  spec.defender_exhausted = TRUE;
  spec.flanked = TRUE;
  spec.primary_elevation = 0;
  spec.defender_elevation = 1;
  spec.n_supporters = 2;
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (acies_gc_cc_shift (ACIES_GC_CC_B, 1), ==, ACIES_GC_CC_A);
  g_assert_cmpint (acies_gc_cc_shift (ACIES_GC_CC_B, 2), ==, ACIES_GC_CC_STAR);
  g_assert_cmpint (calc.cc, ==, ACIES_GC_CC_A);
  g_assert_cmpint (calc.drm, ==, -2);

  spec.aquila = TRUE;
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.cc, ==, ACIES_GC_CC_A);
  g_assert_cmpint (calc.drm, ==, -3);
}

/* One 9.1 modifier at a time, from a printed B. */
static AciesGcCc
cc_with (void (*set) (AciesGcAttackSpec *spec))
{
  AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_B, ACIES_GC_KIND_L, ACIES_GC_KIND_L);
  AciesGcAttackCalc calc;

  set (&spec);
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.n_modifiers, >=, 2);   /* the modifier and the matrix */
  g_assert_nonnull (strstr (calc.modifiers[0].rule, "9.1"));
  return calc.cc;
}

static void set_exhausted (AciesGcAttackSpec *s) { s->defender_exhausted = TRUE; }
static void set_flanked (AciesGcAttackSpec *s) { s->flanked = TRUE; }
static void set_downhill (AciesGcAttackSpec *s) { s->primary_elevation = 2; s->defender_elevation = 1; }
static void set_river (AciesGcAttackSpec *s) { s->river = TRUE; }
static void set_broken (AciesGcAttackSpec *s) { s->defender_broken = TRUE; }
static void set_uphill (AciesGcAttackSpec *s) { s->primary_elevation = 1; s->defender_elevation = 2; }

static void test_9_1_b (void) { g_assert_cmpint (cc_with (set_exhausted), ==, ACIES_GC_CC_A); }
static void test_9_1_c (void) { g_assert_cmpint (cc_with (set_flanked), ==, ACIES_GC_CC_A); }
static void test_9_1_d (void) { g_assert_cmpint (cc_with (set_downhill), ==, ACIES_GC_CC_A); }
static void test_9_1_e (void) { g_assert_cmpint (cc_with (set_river), ==, ACIES_GC_CC_C); }
static void test_9_1_f (void) { g_assert_cmpint (cc_with (set_broken), ==, ACIES_GC_CC_C); }
static void test_9_1_g (void) { g_assert_cmpint (cc_with (set_uphill), ==, ACIES_GC_CC_C); }

/* 9.1-a: a Revealed Hero attacks at ★ (its printed CC is taken as ★). */
static void
test_9_1_a_hero_star (void)
{
  AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_STAR, ACIES_GC_KIND_L, ACIES_GC_KIND_P);
  AciesGcAttackCalc calc;

  spec.river = TRUE;
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.cc, ==, ACIES_GC_CC_A);
}

/* 9.2-a, GC-T06: the printed matrix. */
static void
test_9_2_a_matrix (void)
{
  static const gint expected[3][5] = {
    { 1, 2, 2, 1, 2 },
    { -1, 0, 1, 1, 1 },
    { -1, 1, 0, 1, 1 },
  };

  for (guint a = ACIES_GC_KIND_L; a <= ACIES_GC_KIND_P; a++)
    for (guint d = ACIES_GC_KIND_L; d <= ACIES_GC_KIND_E; d++)
      {
        AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_B, a, d);
        AciesGcAttackCalc calc;

        acies_gc_attack_compute (&tables, &spec, &calc);
        g_assert_true (calc.utm_known);
        g_assert_cmpint (calc.utm, ==, expected[a][d]);
        g_assert_cmpint (calc.drm, ==, expected[a][d]);
      }
  /* Mounted never attack: no such row (GC-G04). */
  g_assert_false (tables.utm_known[ACIES_GC_KIND_C][ACIES_GC_KIND_L]);
}

/* 9.2-b, GC-T06: −1 per Supporter, −1 with Aquila plus Combat. */
static void
test_9_2_b_support_aquila (void)
{
  AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_A, ACIES_GC_KIND_P, ACIES_GC_KIND_L);
  AciesGcAttackCalc calc;

  spec.n_supporters = 3;
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.drm, ==, -4);

  spec = plain_attack (ACIES_GC_CC_B, ACIES_GC_KIND_L, ACIES_GC_KIND_P);
  spec.n_supporters = 1;
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.drm, ==, 1);

  spec = plain_attack (ACIES_GC_CC_B, ACIES_GC_KIND_H, ACIES_GC_KIND_C);
  spec.n_supporters = 2;
  spec.aquila = TRUE;
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.drm, ==, -2);
}

/* 9.6-a, GC-G43: Aquila plus Combat is −1 on each roll, nothing more. */
static void
test_9_6_a_aquila (void)
{
  AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_B, ACIES_GC_KIND_H, ACIES_GC_KIND_H);
  AciesGcAttackCalc without, with;

  acies_gc_attack_compute (&tables, &spec, &without);
  spec.aquila = TRUE;
  acies_gc_attack_compute (&tables, &spec, &with);
  g_assert_cmpint (with.drm, ==, without.drm - 1);
  g_assert_cmpint (with.cc, ==, without.cc);
}

/* 9.3-a, GC-T04/T05: the printed cells and the clamp to −2 … 8. */
static void
test_9_3_a_crt (void)
{
  static const char *star[] = { "DE", "DE", "DE", "DX", "DX", "DX", "DX", "EX", "EX", "EX", "AX" };
  static const char *a_row[] = { "DE", "DE", "DX", "DX", "DX", "DX", "EX" };
  gboolean provisional;

  for (gint c = -2; c <= 8; c++)
    {
      g_assert_cmpstr (acies_gc_result_name (acies_gc_tables_crt (&tables, ACIES_GC_CC_STAR, c, &provisional)), ==, star[c + 2]);
      g_assert_false (provisional);
    }
  for (gint c = -2; c <= 4; c++)
    {
      g_assert_cmpstr (acies_gc_result_name (acies_gc_tables_crt (&tables, ACIES_GC_CC_A, c, &provisional)), ==, a_row[c + 2]);
      g_assert_false (provisional);
    }
  /* GC-T04: ★ nat 1 −3 → −2 DE; nat 4 +0 DX; nat 5 EX; nat 8 +2 → 8 AX; nat 2 −6 → −2 DE. */
  g_assert_cmpint (crt (ACIES_GC_CC_STAR, 1, -3), ==, ACIES_GC_RESULT_DE);
  g_assert_cmpint (crt (ACIES_GC_CC_STAR, 4, 0), ==, ACIES_GC_RESULT_DX);
  g_assert_cmpint (crt (ACIES_GC_CC_STAR, 5, 0), ==, ACIES_GC_RESULT_EX);
  g_assert_cmpint (crt (ACIES_GC_CC_STAR, 8, 2), ==, ACIES_GC_RESULT_AX);
  g_assert_cmpint (crt (ACIES_GC_CC_STAR, 2, -6), ==, ACIES_GC_RESULT_DE);
  g_assert_cmpint (acies_gc_crt_clamp (10), ==, 8);
  g_assert_cmpint (acies_gc_crt_clamp (-4), ==, -2);
  g_assert_cmpint (acies_gc_crt_clamp (3), ==, 3);
  /* Cells not printed are marked (GC-G03). */
  acies_gc_tables_crt (&tables, ACIES_GC_CC_A, 5, &provisional);
  g_assert_true (provisional);
  acies_gc_tables_crt (&tables, ACIES_GC_CC_D, 0, &provisional);
  g_assert_true (provisional);
  /* B/3 is derived from Heraclea (Laevinus turn 7), not provisional. */
  g_assert_cmpint (acies_gc_tables_crt (&tables, ACIES_GC_CC_B, 3, &provisional), ==, ACIES_GC_RESULT_EX);
  g_assert_false (provisional);
}

/* 9.3: results get no better with a worse class or a higher roll (the
 * fill's consistency with the printed rows, GC-G03). */
static void
test_9_3_monotone (void)
{
  /* Goodness for the attacker: DE best … AA worst. */
  static const gint rank[] = { [ACIES_GC_RESULT_DE] = 0, [ACIES_GC_RESULT_DX] = 1, [ACIES_GC_RESULT_EX] = 2,
                               [ACIES_GC_RESULT_AX] = 3, [ACIES_GC_RESULT_AA] = 4 };

  for (gint cc = ACIES_GC_CC_D; cc <= ACIES_GC_CC_STAR; cc++)
    for (gint c = -2; c <= 8; c++)
      {
        gint r = rank[acies_gc_tables_crt (&tables, cc, c, NULL)];

        if (c < 8)
          g_assert_cmpint (r, <=, rank[acies_gc_tables_crt (&tables, cc, c + 1, NULL)]);
        if (cc < ACIES_GC_CC_STAR)
          g_assert_cmpint (r, >=, rank[acies_gc_tables_crt (&tables, cc + 1, c, NULL)]);
      }
}

/* The exact distribution (odds): ★ at +0 is DX 4/8, EX 3/8, AX 1/8. */
static void
test_9_3_odds (void)
{
  AciesGcDistribution dist;
  AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_A, ACIES_GC_KIND_P, ACIES_GC_KIND_L);
  AciesGcAttackCalc calc;
  g_autoptr(AciesOdds) odds = NULL;
  double total = 0;
  gboolean matrix_cited = FALSE;

  acies_gc_distribution (&tables, ACIES_GC_CC_STAR, 0, &dist);
  g_assert_cmpuint (dist.count[ACIES_GC_RESULT_DE], ==, 0);
  g_assert_cmpuint (dist.count[ACIES_GC_RESULT_DX], ==, 4);
  g_assert_cmpuint (dist.count[ACIES_GC_RESULT_EX], ==, 3);
  g_assert_cmpuint (dist.count[ACIES_GC_RESULT_AX], ==, 1);
  g_assert_false (dist.provisional[ACIES_GC_RESULT_DX]);

  /* Heraclea, Pyrrhus turn 5: A Phalanx against L with one Supporter: −2:
   * faces 1 … 8 → −1 … 6: DE 1/8, DX 4/8 (0 … 3), EX 3/8 (4 … 6, of which
   * 5 and 6 are provisional cells). */
  spec.n_supporters = 1;
  acies_gc_attack_compute (&tables, &spec, &calc);
  odds = acies_gc_odds_from_calc (&tables, &calc);
  g_assert_cmpuint (odds->outcomes->len, ==, 3);
  for (guint i = 0; i < odds->outcomes->len; i++)
    {
      AciesOddsOutcome *o = g_ptr_array_index (odds->outcomes, i);

      total += o->probability;
      if (g_str_equal (o->result, "DE"))
        g_assert_cmpfloat (o->probability, ==, 1.0 / 8);
      else if (g_str_equal (o->result, "DX"))
        {
          g_assert_cmpfloat (o->probability, ==, 4.0 / 8);
          g_assert_false (o->provisional);
        }
      else
        {
          g_assert_cmpstr (o->result, ==, "EX");
          g_assert_cmpfloat (o->probability, ==, 3.0 / 8);
          g_assert_true (o->provisional);
        }
    }
  g_assert_cmpfloat (total, ==, 1.0);
  for (guint i = 0; i < odds->modifiers->len; i++)
    {
      AciesOddsModifier *m = g_ptr_array_index (odds->modifiers, i);

      g_assert_nonnull (m->rule);
      if (strstr (m->label, "Matrix") != NULL)
        {
          matrix_cited = TRUE;
          g_assert_cmpint (m->value, ==, -1);
        }
    }
  g_assert_true (matrix_cited);
}

/* ---- Small boards ---- */

static AciesGcPiece
piece (gint col, gint row, gint side, gint wing, AciesGcKind kind, AciesGcStatus status)
{
  AciesGcPiece p = { col, row, side, wing, kind, status, FALSE, 0 };

  return p;
}

#define FRESH ACIES_GC_UNIT_FRESH
#define EXH ACIES_GC_UNIT_EXHAUSTED
#define HERO ACIES_GC_UNIT_HERO
#define GONE ACIES_GC_UNIT_ELIMINATED

static gboolean
contains (const gint *list,
          guint       n,
          gint        value)
{
  for (guint i = 0; i < n; i++)
    if (list[i] == value)
      return TRUE;
  return FALSE;
}

/* 9.0-d, GC-T07, the 9.0 caption: with A as Primary only B may Support;
 * with B, A (next to the target) and C (next to B); D is Exhausted. */
static void
test_9_0_d_support (void)
{
  AciesGcPiece p[] = {
    piece (1, 0, 1, 9, ACIES_GC_KIND_P, FRESH),   /* 0 T, the target */
    piece (0, 0, 0, 1, ACIES_GC_KIND_H, FRESH),   /* 1 A: left of T */
    piece (1, 1, 0, 1, ACIES_GC_KIND_H, FRESH),   /* 2 B: below T */
    piece (1, 2, 0, 1, ACIES_GC_KIND_H, FRESH),   /* 3 C: below B */
    piece (2, 0, 0, 1, ACIES_GC_KIND_H, EXH),     /* 4 D: right of T, Exhausted */
  };
  gint out[G_N_ELEMENTS (p)];
  guint n;

  n = acies_gc_pieces_supporters (p, G_N_ELEMENTS (p), 1, 0, NULL, out);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (out[0], ==, 2);

  n = acies_gc_pieces_supporters (p, G_N_ELEMENTS (p), 2, 0, NULL, out);
  g_assert_cmpuint (n, ==, 2);
  g_assert_true (contains (out, n, 1));
  g_assert_true (contains (out, n, 3));
  g_assert_false (contains (out, n, 4));
}

/* 9.0-e: a Phalanx on Broken Ground neither supports nor is supported
 * across the edge of the Broken Ground. */
static void
test_9_0_e_broken_phalanx (void)
{
  AciesGcPiece p[] = {
    piece (1, 0, 1, 9, ACIES_GC_KIND_L, FRESH),   /* 0 target */
    piece (1, 1, 0, 1, ACIES_GC_KIND_P, FRESH),   /* 1 Primary, Phalanx */
    piece (2, 1, 0, 1, ACIES_GC_KIND_P, FRESH),   /* 2 beside it */
  };
  gint out[3];

  g_assert_cmpuint (acies_gc_pieces_supporters (p, 3, 1, 0, NULL, out), ==, 1);
  p[2].broken = TRUE;
  g_assert_cmpuint (acies_gc_pieces_supporters (p, 3, 1, 0, NULL, out), ==, 0);
  p[1].broken = TRUE;
  g_assert_cmpuint (acies_gc_pieces_supporters (p, 3, 1, 0, NULL, out), ==, 1);
  /* A non-Phalanx Primary off Broken Ground, the Phalanx on it: cut too. */
  p[1].kind = ACIES_GC_KIND_H;
  p[1].broken = FALSE;
  g_assert_cmpuint (acies_gc_pieces_supporters (p, 3, 1, 0, NULL, out), ==, 0);
}

/* 9.0-f: Mounted units cannot Support; 9.0-b: a unit takes part once. */
static void
test_9_0_f_mounted_no_support (void)
{
  AciesGcPiece p[] = {
    piece (1, 0, 1, 9, ACIES_GC_KIND_L, FRESH),   /* 0 target */
    piece (1, 1, 0, 1, ACIES_GC_KIND_H, FRESH),   /* 1 Primary */
    piece (0, 0, 0, 1, ACIES_GC_KIND_C, FRESH),   /* 2 cavalry of the same wing */
    piece (2, 0, 0, 1, ACIES_GC_KIND_H, FRESH),   /* 3 */
  };
  gboolean excluded[4] = { FALSE, FALSE, FALSE, TRUE };
  gint out[4];

  g_assert_cmpuint (acies_gc_pieces_supporters (p, 4, 1, 0, NULL, out), ==, 1);
  g_assert_cmpint (out[0], ==, 3);
  g_assert_cmpuint (acies_gc_pieces_supporters (p, 4, 1, 0, excluded, out), ==, 0);
  /* …but the cavalry gives the Flanking Bonus (9.1-c, "this includes Mounted Units"). */
  g_assert_true (acies_gc_pieces_flanked (p, 4, 1, 0));
}

/* 9.1-c, GC-G40: Flanking needs a Fresh friendly unit other than the Primary. */
static void
test_9_1_c_flanked_pieces (void)
{
  AciesGcPiece p[] = {
    piece (1, 0, 1, 9, ACIES_GC_KIND_L, FRESH),   /* 0 target */
    piece (1, 1, 0, 1, ACIES_GC_KIND_H, FRESH),   /* 1 Primary */
    piece (0, 0, 0, 2, ACIES_GC_KIND_H, EXH),     /* 2 another wing, Exhausted */
    piece (2, 0, 1, 9, ACIES_GC_KIND_L, FRESH),   /* 3 the target's friend */
  };

  g_assert_false (acies_gc_pieces_flanked (p, 4, 1, 0));
  p[2].status = FRESH;
  g_assert_true (acies_gc_pieces_flanked (p, 4, 1, 0));
  p[2].status = HERO;
  g_assert_true (acies_gc_pieces_flanked (p, 4, 1, 0));
}

/* 9.4-d, 9.4 caption: the target or a Fresh wing-mate next to it. */
static void
test_9_4_d_defender_choice (void)
{
  AciesGcPiece p[] = {
    piece (1, 1, 1, 9, ACIES_GC_KIND_P, FRESH),   /* 0 target */
    piece (0, 1, 1, 9, ACIES_GC_KIND_P, FRESH),   /* 1 wing-mate next to it */
    piece (1, 0, 1, 9, ACIES_GC_KIND_P, EXH),     /* 2 Exhausted wing-mate */
    piece (2, 1, 1, 8, ACIES_GC_KIND_P, FRESH),   /* 3 other wing */
    piece (3, 3, 1, 9, ACIES_GC_KIND_P, FRESH),   /* 4 far */
    piece (1, 2, 0, 1, ACIES_GC_KIND_H, FRESH),   /* 5 the Primary */
  };
  gint out[6];
  guint n = acies_gc_pieces_defender_losses (p, 6, 0, FALSE, out);

  g_assert_cmpuint (n, ==, 2);
  g_assert_true (contains (out, n, 0));
  g_assert_true (contains (out, n, 1));

  /* Second caption: no Fresh wing-mate next to it: the target only. */
  p[1].status = EXH;
  n = acies_gc_pieces_defender_losses (p, 6, 0, FALSE, out);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (out[0], ==, 0);
}

/* 9.4-e: an Exhausted target: an adjacent Fresh wing-mate (not a Revealed
 * Hero) must take it; none: the target. */
static void
test_9_4_e_target_exhausted (void)
{
  AciesGcPiece p[] = {
    piece (1, 1, 1, 9, ACIES_GC_KIND_P, EXH),     /* 0 target */
    piece (0, 1, 1, 9, ACIES_GC_KIND_P, FRESH),   /* 1 */
    piece (2, 1, 1, 9, ACIES_GC_KIND_P, HERO),    /* 2 Revealed Hero */
    piece (1, 2, 0, 1, ACIES_GC_KIND_H, FRESH),   /* 3 the Primary */
  };
  gint out[4];
  guint n = acies_gc_pieces_defender_losses (p, 4, 0, FALSE, out);

  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (out[0], ==, 1);
  p[1].status = GONE;
  n = acies_gc_pieces_defender_losses (p, 4, 0, FALSE, out);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (out[0], ==, 0);   /* the Hero may not: the target dies */
  /* GC-G42a: with a Fresh target, the Revealed Hero may take it. */
  p[0].status = FRESH;
  n = acies_gc_pieces_defender_losses (p, 4, 0, FALSE, out);
  g_assert_cmpuint (n, ==, 2);
  g_assert_true (contains (out, n, 2));
}

/* 9.4-f: Flanked when resolving: the target must take it. */
static void
test_9_4_f_defender_flanked (void)
{
  AciesGcPiece p[] = {
    piece (1, 1, 1, 9, ACIES_GC_KIND_P, FRESH),   /* 0 target */
    piece (1, 0, 1, 9, ACIES_GC_KIND_P, FRESH),   /* 1 wing-mate behind it */
    piece (1, 2, 0, 1, ACIES_GC_KIND_H, FRESH),   /* 2 Primary */
    piece (2, 1, 0, 1, ACIES_GC_KIND_H, FRESH),   /* 3 flanker */
  };
  gint out[4];
  guint n;

  g_assert_true (acies_gc_pieces_flanked (p, 4, 2, 0));
  n = acies_gc_pieces_defender_losses (p, 4, 0, acies_gc_pieces_flanked (p, 4, 2, 0), out);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (out[0], ==, 0);
  /* The 9.5 caption: the attacker's loss removed the flanker first, so the
   * check at the moment of applying gives the defender the choice again. */
  p[3].status = GONE;
  n = acies_gc_pieces_defender_losses (p, 4, 0, acies_gc_pieces_flanked (p, 4, 2, 0), out);
  g_assert_cmpuint (n, ==, 2);
}

/* 9.4-b, 9.4-c, 10.0-a, 2.2-h: what an Exhaustion does to a counter. */
static void
test_9_4_b_exhaust_outcome (void)
{
  g_assert_cmpint (acies_gc_exhaust_outcome (FRESH, ACIES_GC_KIND_L, ACIES_GC_BACK_EXHAUSTED), ==, ACIES_GC_FLIP_EXHAUSTED);
  g_assert_cmpint (acies_gc_exhaust_outcome (EXH, ACIES_GC_KIND_L, ACIES_GC_BACK_EXHAUSTED), ==, ACIES_GC_FLIP_ELIMINATED);
  g_assert_cmpint (acies_gc_exhaust_outcome (HERO, ACIES_GC_KIND_H, ACIES_GC_BACK_HERO), ==, ACIES_GC_FLIP_ELIMINATED);
  g_assert_cmpint (acies_gc_exhaust_outcome (FRESH, ACIES_GC_KIND_C, ACIES_GC_BACK_NONE), ==, ACIES_GC_FLIP_ELIMINATED);
}

static void
test_9_4_c_brittle (void)
{
  g_assert_cmpint (acies_gc_exhaust_outcome (FRESH, ACIES_GC_KIND_L, ACIES_GC_BACK_BRITTLE), ==, ACIES_GC_FLIP_BRITTLE);
  g_assert_true (acies_gc_triggers_rout (ACIES_GC_KIND_L, FALSE, ACIES_GC_CAUSE_COMBAT, FALSE));
}

static void
test_10_0_a_hero_revealed (void)
{
  g_assert_cmpint (acies_gc_exhaust_outcome (FRESH, ACIES_GC_KIND_P, ACIES_GC_BACK_HERO), ==, ACIES_GC_FLIP_HERO);
}

/* 10.0-c/d, 9.5-b, GC-G48: the Rally Limit cost of a lost Hero. */
static void
test_10_0_c_hero_loss (void)
{
  g_assert_true (acies_gc_hero_loss_costs_rally (TRUE, ACIES_GC_CAUSE_COMBAT, FALSE));
  g_assert_true (acies_gc_hero_loss_costs_rally (FALSE, ACIES_GC_CAUSE_ROUT, TRUE));
  g_assert_false (acies_gc_hero_loss_costs_rally (FALSE, ACIES_GC_CAUSE_ROUT, FALSE));
}

static void
test_10_0_d_line_change (void)
{
  g_assert_false (acies_gc_hero_loss_costs_rally (TRUE, ACIES_GC_CAUSE_LINE_CHANGE, TRUE));
  g_assert_false (acies_gc_hero_loss_costs_rally (FALSE, ACIES_GC_CAUSE_LINE_CHANGE, TRUE));
}

/* 9.5-c/d, GC-G41: which eliminations make a Rout Check. */
static void
test_9_5_d_triggers (void)
{
  g_assert_true (acies_gc_triggers_rout (ACIES_GC_KIND_P, FALSE, ACIES_GC_CAUSE_COMBAT, FALSE));
  g_assert_true (acies_gc_triggers_rout (ACIES_GC_KIND_H, TRUE, ACIES_GC_CAUSE_COMBAT, FALSE));
  g_assert_false (acies_gc_triggers_rout (ACIES_GC_KIND_L, FALSE, ACIES_GC_CAUSE_SKIRMISH, FALSE));
  g_assert_false (acies_gc_triggers_rout (ACIES_GC_KIND_L, FALSE, ACIES_GC_CAUSE_RALLY, FALSE));
  g_assert_false (acies_gc_triggers_rout (ACIES_GC_KIND_L, FALSE, ACIES_GC_CAUSE_TRAMPLE, FALSE));
  g_assert_false (acies_gc_triggers_rout (ACIES_GC_KIND_L, FALSE, ACIES_GC_CAUSE_ROUT, FALSE));
  g_assert_false (acies_gc_triggers_rout (ACIES_GC_KIND_C, FALSE, ACIES_GC_CAUSE_COMBAT, FALSE));
  g_assert_true (acies_gc_triggers_rout (ACIES_GC_KIND_C, FALSE, ACIES_GC_CAUSE_COMBAT, TRUE));
}

/* Rout verdicts on a board of units of side 0, wing 1, from a picture:
 * 'L' light infantry, 'P' phalanx, 'B' phalanx on Broken Ground, 'x' an
 * Exhausted light infantry, 'V' a Fresh light infantry with Morale 4. */
static guint
board_from (const char * const *rows,
            AciesGcPiece       *p)
{
  guint n = 0;

  for (guint r = 0; rows[r] != NULL; r++)
    for (guint c = 0; rows[r][c] != '\0'; c++)
      {
        char ch = rows[r][c];

        if (ch == '.')
          continue;
        p[n] = piece (c, r, 0, 1, ch == 'P' || ch == 'B' ? ACIES_GC_KIND_P : ACIES_GC_KIND_L,
                      ch == 'x' ? EXH : FRESH);
        p[n].broken = ch == 'B';
        p[n].morale = ch == 'V' ? 4 : 0;
        n++;
      }
  return n;
}

/* 9.5-e, GC-T26, the 9.5 caption: within two spaces, three conditions. */
static void
test_9_5_e_rout_chain (void)
{
  /* Two units two apart and a third two beyond: (1) for the middle one,
   * (2) for the ends; a lone unit three squares away fails. */
  static const char * const rows[] = { "L.L.L..L", NULL };
  AciesGcPiece p[16];
  AciesGcRoutVerdict v[16];
  guint n = board_from (rows, p);

  acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
  g_assert_cmpint (v[0], ==, ACIES_GC_ROUT_PASS);
  g_assert_cmpint (v[1], ==, ACIES_GC_ROUT_PASS);
  g_assert_cmpint (v[2], ==, ACIES_GC_ROUT_PASS);
  g_assert_cmpint (v[3], ==, ACIES_GC_ROUT_FAIL);   /* three squares from the nearest */

  /* Two units alone: each has one wing-mate, who has one only. */
  {
    static const char * const pair[] = { "L.L", NULL };

    n = board_from (pair, p);
    acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
    g_assert_cmpint (v[0], ==, ACIES_GC_ROUT_FAIL);   /* one mate only, who has one only */
    g_assert_cmpint (v[1], ==, ACIES_GC_ROUT_FAIL);
  }
}

/* 9.5-g: distances are orthogonal: a diagonal neighbour is two away, a
 * knight's move three. */
static void
test_9_5_g_orthogonal (void)
{
  static const char * const diag[] = { "L..", ".L.", "..L", NULL };
  static const char * const knight[] = { "L..", "..L", "....L", NULL };
  AciesGcPiece p[8];
  AciesGcRoutVerdict v[8];
  guint n = board_from (diag, p);

  acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (v[i], ==, ACIES_GC_ROUT_PASS);
  n = board_from (knight, p);
  acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
  g_assert_cmpint (v[0], ==, ACIES_GC_ROUT_FAIL);
}

/* 9.5-f, 9.5 caption: Phalanx: adjacent to two, or to one that is; on
 * Broken Ground only units on Broken Ground count. */
static void
test_9_5_f_phalanx (void)
{
  static const char * const rows[] = {
    "PPP.P.P",
    "...PP..",
    NULL,
  };
  AciesGcPiece p[16];
  AciesGcRoutVerdict v[16];
  guint n = board_from (rows, p);

  /* Pieces in reading order: 0 1 2 on the first row, 3 (4,0), 4 (6,0), then
   * 5 (3,1) and 6 (4,1).  0 1 2: the middle one has two, the ends one that
   * has two.  6 is adjacent to 3 and 5, so meets (1); 3 and 5 meet (2).  4
   * is two squares from 3: a Phalanx needs adjacency, it fails. */
  acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (v[i], ==, i == 4 ? ACIES_GC_ROUT_FAIL : ACIES_GC_ROUT_PASS);
  /* As Light Infantry, 4 is within two of 3 (which meets (1)): it passes. */
  for (guint i = 0; i < n; i++)
    p[i].kind = ACIES_GC_KIND_L;
  acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
  g_assert_cmpint (v[4], ==, ACIES_GC_ROUT_PASS);

  {
    static const char * const bg[] = { "PBP", NULL };

    n = board_from (bg, p);
    acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
    /* The middle one on Broken Ground is adjacent to nobody: all fail. */
    for (guint i = 0; i < n; i++)
      g_assert_cmpint (v[i], ==, ACIES_GC_ROUT_FAIL);
  }
  {
    static const char * const bg[] = { "BBB", NULL };

    n = board_from (bg, p);
    acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
    for (guint i = 0; i < n; i++)
      g_assert_cmpint (v[i], ==, ACIES_GC_ROUT_PASS);
  }
}

/* 9.5-h, GC-T29, GC-G49: Veteran morale roll, greater than the Morale. */
static void
test_9_5_h_veteran (void)
{
  static const char * const rows[] = { "LLL...V..x", NULL };
  AciesGcPiece p[8];
  AciesGcRoutVerdict v[8];
  guint n = board_from (rows, p);

  acies_gc_pieces_rout_check (p, n, 0, TRUE, v);
  g_assert_cmpint (v[3], ==, ACIES_GC_ROUT_MORALE);   /* Fresh with Morale 4 */
  g_assert_cmpint (v[4], ==, ACIES_GC_ROUT_FAIL);     /* Exhausted: no roll */
  acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
  g_assert_cmpint (v[3], ==, ACIES_GC_ROUT_FAIL);     /* not Veteran */
  g_assert_false (acies_gc_morale_passes (4, 3));
  g_assert_false (acies_gc_morale_passes (4, 4));
  g_assert_true (acies_gc_morale_passes (4, 5));
}

/* 9.5-i: one snapshot; removing the failures would not make others fail. */
static void
test_9_5_i_no_cascade (void)
{
  /* 0,1,2 pass; 3 is within two of 2 only, and 2 meets (1): 3 passes by
   * (2) whatever else fails; 4 far away fails. */
  static const char * const rows[] = { "L.L.L.L....L", NULL };
  AciesGcPiece p[8];
  AciesGcRoutVerdict v[8];
  guint n = board_from (rows, p);

  acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
  g_assert_cmpint (v[3], ==, ACIES_GC_ROUT_PASS);
  g_assert_cmpint (v[4], ==, ACIES_GC_ROUT_FAIL);
  /* Units of the other side and Mounted are not checked. */
  p[0].side = 1;
  acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
  g_assert_cmpint (v[0], ==, ACIES_GC_ROUT_NONE);
}

/* Property (GC-G66): for one wing of Light Infantry, passing is being in a
 * group of at least three linked by "within two". */
static void
test_9_5_e_component_property (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint trial = 0; trial < 300; trial++)
    {
      AciesGcPiece p[12];
      AciesGcRoutVerdict v[12];
      guint comp[12];
      guint n = g_rand_int_range (rand, 1, 12);

      for (guint i = 0; i < n; i++)
        p[i] = piece (g_rand_int_range (rand, 0, 10), g_rand_int_range (rand, 0, 6), 0, 1, ACIES_GC_KIND_L, FRESH);
      acies_gc_pieces_rout_check (p, n, 0, FALSE, v);
      /* Components by union-find. */
      for (guint i = 0; i < n; i++)
        comp[i] = i;
      for (gboolean changed = TRUE; changed;)
        {
          changed = FALSE;
          for (guint i = 0; i < n; i++)
            for (guint j = 0; j < n; j++)
              if (i != j && acies_gc_piece_distance (&p[i], &p[j]) <= 2 && comp[j] < comp[i])
                {
                  comp[i] = comp[j];
                  changed = TRUE;
                }
        }
      for (guint i = 0; i < n; i++)
        {
          guint size = 0;

          for (guint j = 0; j < n; j++)
            size += comp[j] == comp[i];
          g_assert_cmpint (v[i] == ACIES_GC_ROUT_PASS, ==, size >= 3);
        }
    }
}

/* ---- Heraclea, the combats of the example of play ---- */

/* HER-15, Pyrrhus turn 5, first attack: A Phalanx on a Pink L with one
 * Supporter: matrix −1, Support −1 = −2; a 5 → 3 on the A row: DX. */
static void
test_heraclea_pyrrhus5_attack1 (void)
{
  AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_A, ACIES_GC_KIND_P, ACIES_GC_KIND_L);
  AciesGcAttackCalc calc;

  spec.n_supporters = 1;
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.cc, ==, ACIES_GC_CC_A);
  g_assert_cmpint (calc.utm, ==, -1);
  g_assert_cmpint (calc.drm, ==, -2);
  g_assert_cmpint (5 + calc.drm, ==, 3);
  g_assert_cmpint (crt (calc.cc, 5, calc.drm), ==, ACIES_GC_RESULT_DX);
}

/* HER-16, second attack: −4 (matrix −1, three Supporters); the worst face
 * 8 → 4: EX. */
static void
test_heraclea_pyrrhus5_attack2 (void)
{
  AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_A, ACIES_GC_KIND_P, ACIES_GC_KIND_L);
  AciesGcAttackCalc calc;
  AciesGcDistribution dist;

  spec.n_supporters = 3;
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.drm, ==, -4);
  g_assert_cmpint (crt (calc.cc, 8, calc.drm), ==, ACIES_GC_RESULT_EX);
  /* "the worst possible result": no face does worse than EX. */
  acies_gc_distribution (&tables, calc.cc, calc.drm, &dist);
  g_assert_cmpuint (dist.count[ACIES_GC_RESULT_AX] + dist.count[ACIES_GC_RESULT_AA], ==, 0);
  g_assert_cmpuint (dist.count[ACIES_GC_RESULT_EX], ==, 1);
}

/* HER-19, Laevinus turn 7, first attack: a Pink B against a Phalanx: +2,
 * one Supporter −1 = +1; a 2 → 3 on the B row: EX. */
static void
test_heraclea_laevinus7_attack1 (void)
{
  AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_B, ACIES_GC_KIND_L, ACIES_GC_KIND_P);
  AciesGcAttackCalc calc;

  spec.n_supporters = 1;
  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.utm, ==, 2);
  g_assert_cmpint (calc.drm, ==, 1);
  g_assert_cmpint (crt (calc.cc, 2, calc.drm), ==, ACIES_GC_RESULT_EX);
}

/* HER-20, second attack: +2 with no Supporter; a natural 1 → 3: EX
 * (GC-G59; B/3 derived, C/3 in the fill). */
static void
test_heraclea_laevinus7_attack2 (void)
{
  AciesGcAttackSpec spec = plain_attack (ACIES_GC_CC_B, ACIES_GC_KIND_L, ACIES_GC_KIND_P);
  AciesGcAttackCalc calc;

  acies_gc_attack_compute (&tables, &spec, &calc);
  g_assert_cmpint (calc.drm, ==, 2);
  g_assert_cmpint (crt (ACIES_GC_CC_B, 1, calc.drm), ==, ACIES_GC_RESULT_EX);
  g_assert_cmpint (crt (ACIES_GC_CC_C, 1, calc.drm), ==, ACIES_GC_RESULT_EX);
}

/* HER-15: the target is not Flanked, so Laevinus may let the Fresh C next
 * to it take the DX. */
static void
test_heraclea_pyrrhus5_choice (void)
{
  AciesGcPiece p[] = {
    piece (3, 1, 0, 1, ACIES_GC_KIND_L, FRESH),   /* 0 the "B" bridge (target) */
    piece (4, 1, 0, 1, ACIES_GC_KIND_L, FRESH),   /* 1 the "C" next to it */
    piece (3, 0, 1, 2, ACIES_GC_KIND_P, FRESH),   /* 2 Blue Primary in front */
    piece (3, -1, 1, 2, ACIES_GC_KIND_P, FRESH),  /* 3 rear Supporter */
  };
  gint out[4];
  gboolean flanked = acies_gc_pieces_flanked (p, 4, 2, 0);
  guint n = acies_gc_pieces_defender_losses (p, 4, 0, flanked, out);

  g_assert_false (flanked);
  g_assert_cmpuint (n, ==, 2);
  g_assert_true (contains (out, n, 1));
}

/* ---- The Combat Phase on a game state ---- */

typedef struct
{
  const char *id;
  const char *side;       /* "red" (Laevinus, south) or "blue" (Pyrrhus, north) */
  const char *wing;       /* red, red2, white / blue, blue2, gold */
  const char *type;       /* L H P C E */
  const char *cc;         /* foot: A B C */
  const char *back;       /* foot: exhausted hero brittle */
  gint        vp;
  const char *cell;       /* "C4": column letter, row from 1 at the north */
  gint        morale;
  gint        diamonds;
} UnitDef;

typedef struct
{
  AciesRuleset  *rs;
  AciesScenario *scenario;
  AciesState    *state;
  AciesDice     *dice;
  GPtrArray     *events;
} Game;

static void
game_free (Game *g)
{
  acies_ruleset_free_state (g->rs, g->state);
  acies_scenario_unref (g->scenario);
  g_object_unref (g->rs);
  acies_dice_free (g->dice);
  g_ptr_array_unref (g->events);
  g_free (g);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Game, game_free)

/* A 8 × 8 board, red (side 0, Laevinus) at the south facing north, blue
 * (side 1, Pyrrhus) at the north; @terrain like {"C4": "broken"} or NULL;
 * @special like "veteran" for blue, or NULL.  The game starts at red's
 * Command Phase (no pools); Fortuna is held by nobody unless a test says. */
static Game *
game_new (const UnitDef *units,
          guint          n_units,
          const char    *terrain,
          const char    *elevation,
          const char    *blue_special)
{
  g_autoptr(GError) error = NULL;
  GString *json = g_string_new (NULL);
  Game *g = g_new0 (Game, 1);

  g_string_append_printf (json,
    "{\"format\": \"acies-scenario\", \"version\": 1, \"ruleset\": \"grass-crown\", \"ruleset_version\": 1,"
    " \"metadata\": {\"title\": \"combat test\"},"
    " \"board\": {\"kind\": \"square\", \"width\": 8, \"height\": 8, \"labels\": \"alnum\"},"
    " \"map\": {\"default_terrain\": \"clear\", \"terrain\": %s, \"elevation\": %s},"
    " \"sides\": ["
    "  {\"id\": \"laevinus\", \"name\": \"Laevinus\", \"home_edge\": \"south\","
    "   \"params\": {\"first_turn\": true, \"skirmish_factor\": 0, \"vp_plus5\": 90, \"final_vp\": 99}},"
    "  {\"id\": \"pyrrhus\", \"name\": \"Pyrrhus\", \"home_edge\": \"north\","
    "   \"params\": {\"skirmish_factor\": 0, \"vp_plus5\": 90, \"final_vp\": 99}}],"
    " \"formations\": ["
    "  {\"id\": \"red\", \"side\": \"laevinus\", \"kind\": \"wing\", \"name\": \"Red\", \"params\": {\"colour\": \"red\"}},"
    "  {\"id\": \"red2\", \"side\": \"laevinus\", \"kind\": \"wing\", \"name\": \"Pink\", \"params\": {\"colour\": \"pink\"}},"
    "  {\"id\": \"white\", \"side\": \"laevinus\", \"kind\": \"wing\", \"name\": \"White\", \"params\": {\"colour\": \"white\", \"mounted\": true}},"
    "  {\"id\": \"blue\", \"side\": \"pyrrhus\", \"kind\": \"wing\", \"name\": \"Blue\", \"params\": {\"colour\": \"blue\"}},"
    "  {\"id\": \"blue2\", \"side\": \"pyrrhus\", \"kind\": \"wing\", \"name\": \"Purple\", \"params\": {\"colour\": \"purple\"}},"
    "  {\"id\": \"gold\", \"side\": \"pyrrhus\", \"kind\": \"wing\", \"name\": \"Gold\", \"params\": {\"colour\": \"gold\", \"mounted\": true}}],"
    " \"special_rules\": [%s],"
    " \"units\": [",
    terrain != NULL ? terrain : "{}", elevation != NULL ? elevation : "{}",
    blue_special != NULL ? blue_special : "");
  for (guint i = 0; i < n_units; i++)
    {
      const UnitDef *u = &units[i];
      gboolean foot = strchr ("LHP", u->type[0]) != NULL;

      if (i > 0)
        g_string_append (json, ",");
      g_string_append_printf (json, "{\"id\": \"%s\", \"side\": \"%s\", \"formation\": \"%s\", \"type\": \"%s\", \"cell\": \"%s\", ",
                              u->id, g_str_equal (u->side, "red") ? "laevinus" : "pyrrhus", u->wing, u->type, u->cell);
      if (foot)
        g_string_append_printf (json, "\"attrs\": {\"cc\": \"%s\", \"morale\": %d}, \"hidden\": {\"back\": \"%s\", \"vp\": %d}}",
                                u->cc, u->morale, u->back, u->vp);
      else if (u->type[0] == 'C')
        g_string_append_printf (json, "\"attrs\": {\"diamonds\": %d, \"vp\": %d}}", u->diamonds, u->vp);
      else
        g_string_append_printf (json, "\"attrs\": {\"vp\": %d}}", u->vp);
    }
  g_string_append (json, "]}");

  g->scenario = acies_scenario_load_data (json->str, json->len, "combat-test.acies", &error);
  g_assert_no_error (error);
  g_string_free (json, TRUE);
  g->rs = acies_ruleset_lookup ("grass-crown", &error);
  g_assert_no_error (error);
  g->state = acies_ruleset_new_state (g->rs, g->scenario, NULL, &error);
  g_assert_no_error (error);
  g->dice = acies_dice_new_scripted ();
  g->events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  ACIES_GC_STATE (g->state)->fortuna = -1;
  return g;
}

static gint
unit (Game       *g,
      const char *id)
{
  gint u = acies_ruleset_unit_index (g->rs, g->state, id);

  g_assert_cmpint (u, >=, 0);
  return u;
}

/* Puts @side's @wing in its Combat Phase (9.0), with Aquila plus Combat if @aquila. */
static void
begin_combat (Game       *g,
              gint        side,
              const char *wing,
              gboolean    aquila)
{
  AciesGcState *s = ACIES_GC_STATE (g->state);
  gint w = -1;

  for (guint i = 0; i < s->st->wings->len; i++)
    if (g_str_equal (acies_gc_wing (s, i)->id, wing))
      w = i;
  g_assert_cmpint (w, >=, 0);
  s->acting = side;
  s->cmds = ACIES_GC_CMD_COMBAT;
  s->cmd_wing = w;
  s->aquila = aquila ? ACIES_GC_AQUILA_PLUS : ACIES_GC_AQUILA_NONE;
  s->n_slots = 1;
  s->slot = 0;
  s->slots[0].phase = ACIES_GC_PHASE_COMBAT;
  s->slots[0].wing = w;
  s->phase = ACIES_GC_PHASE_COMBAT;
  s->step = ACIES_GC_STEP_COMBAT;
  acies_gc_combat_begin (s, g->dice, g->events);
  acies_gc_sync_base (s);
}

static GArray *
legal (Game *g)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_ruleset_legal_actions (g->rs, g->state, out);
  return out;
}

static gboolean
has_action (Game *g,
            guint type,
            gint  a0,
            gint  a1)
{
  g_autoptr(GArray) out = legal (g);

  for (guint i = 0; i < out->len; i++)
    {
      AciesAction *a = &g_array_index (out, AciesAction, i);

      if (a->type == type && (a0 < -1 || a->args[0] == a0) && (a1 < -1 || a->args[1] == a1))
        return TRUE;
    }
  return FALSE;
}

static guint
count_actions (Game *g,
               guint type)
{
  g_autoptr(GArray) out = legal (g);
  guint n = 0;

  for (guint i = 0; i < out->len; i++)
    n += g_array_index (out, AciesAction, i).type == type;
  return n;
}

static void
act (Game *g,
     guint type,
     gint  a0,
     gint  a1)
{
  g_autoptr(GError) error = NULL;
  AciesAction a;

  acies_action_init (&a, type, g->state->deciding_side);
  a.args[0] = a0;
  a.args[1] = a1;
  g_assert_true (acies_ruleset_apply (g->rs, g->state, &a, g->dice, g->events, &error));
  g_assert_no_error (error);
  g_assert_false (acies_dice_failed (g->dice));
}

static void
attack (Game       *g,
        const char *primary,
        const char *target,
        const char * const *supporters,
        guint       roll)
{
  act (g, ACIES_GC_ACTION_ATTACK, unit (g, primary), unit (g, target));
  for (guint i = 0; supporters != NULL && supporters[i] != NULL; i++)
    act (g, ACIES_GC_ACTION_SUPPORT, unit (g, supporters[i]), -1);
  acies_dice_push (g->dice, roll);
  act (g, ACIES_GC_ACTION_RESOLVE, -1, -1);
}

/* A game on @units (game_new() with no terrain) in which @wing of @side
 * begins its Combat Phase and @primary attacks @target with @supporters
 * (nullable) on the roll @roll. */
static Game *
attack_game (const UnitDef      *units,
             guint               n_units,
             gint                side,
             const char         *wing,
             const char         *primary,
             const char         *target,
             const char * const *supporters,
             guint               roll)
{
  Game *g = game_new (units, n_units, NULL, NULL, NULL);

  begin_combat (g, side, wing, FALSE);
  attack (g, primary, target, supporters, roll);
  return g;
}

static guint8
status (Game       *g,
        const char *id)
{
  return ACIES_GC_STATE (g->state)->units[unit (g, id)].status;
}

static const AciesEvent *
find_event (Game       *g,
            const char *type)
{
  for (guint i = 0; i < g->events->len; i++)
    {
      const AciesEvent *e = g_ptr_array_index (g->events, i);

      if (g_str_equal (e->type, type))
        return e;
    }
  return NULL;
}

static gint
combat_step (Game *g)
{
  return ACIES_GC_STATE (g->state)->combat.step;
}

#define RED(id, wing, type, cc, back, cell) { id, "red", wing, type, cc, back, 1, cell, 0, 0 }
#define BLUE(id, wing, type, cc, back, cell) { id, "blue", wing, type, cc, back, 2, cell, 0, 0 }

/* 9.0-a: a Fresh unit of the acting wing next to the enemy must attack:
 * no END_PHASE while an attack is possible. */
static void
test_9_0_a_mandatory (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "B", "exhausted", "C5"),
    RED ("r2", "red", "H", "B", "exhausted", "F6"),     /* not in contact */
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
    BLUE ("b2", "blue", "P", "A", "exhausted", "B4"),
    BLUE ("b3", "blue", "P", "A", "exhausted", "D4"),
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);

  begin_combat (g, 0, "red", FALSE);
  g_assert_cmpint (g->state->deciding_side, ==, 0);
  g_assert_cmpuint (count_actions (g, ACIES_GC_ACTION_ATTACK), ==, 1);
  g_assert_true (has_action (g, ACIES_GC_ACTION_ATTACK, unit (g, "r1"), unit (g, "b1")));
  g_assert_false (has_action (g, ACIES_GC_ACTION_END_PHASE, -2, -2));
  /* B, H against P +1: an 8 → 9, read as 8 on the B row: AA (provisional),
   * taken by the Primary alone. */
  attack (g, "r1", "b1", NULL, 8);
  g_assert_cmpint (status (g, "r1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_true (has_action (g, ACIES_GC_ACTION_END_PHASE, -2, -2));
}

/* 9.0-b/c: one attack per unit and per target; the target is an adjacent enemy. */
static void
test_9_0_b_once (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "A", "exhausted", "C5"),
    RED ("r2", "red", "H", "A", "exhausted", "D5"),
    RED ("w1", "white", "C", NULL, NULL, "E5"),
    BLUE ("b1", "blue", "L", "C", "exhausted", "C4"),
    BLUE ("b2", "blue", "L", "C", "exhausted", "D4"),
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);

  begin_combat (g, 0, "red", FALSE);
  /* r1-b1, r2-b2, and r2-… no: r1 touches b1 only, r2 touches b2 only. */
  g_assert_cmpuint (count_actions (g, ACIES_GC_ACTION_ATTACK), ==, 2);
  g_assert_false (has_action (g, ACIES_GC_ACTION_ATTACK, unit (g, "w1"), -2));   /* 9.0-f: Mounted */
  act (g, ACIES_GC_ACTION_ATTACK, unit (g, "r1"), unit (g, "b1"));
  /* r2 is next to r1 (the Primary): it may support; RESOLVE is offered since
   * r2 still has b2 to attack. */
  g_assert_true (has_action (g, ACIES_GC_ACTION_SUPPORT, unit (g, "r2"), -2));
  g_assert_true (has_action (g, ACIES_GC_ACTION_RESOLVE, -2, -2));
  /* A, H vs L −1: an 8 → 7 on the A row: AX (provisional), r1 takes it. */
  acies_dice_push (g->dice, 8);
  act (g, ACIES_GC_ACTION_RESOLVE, -1, -1);
  g_assert_cmpint (status (g, "r1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  /* After it: r1 and b1 are done. */
  g_assert_false (has_action (g, ACIES_GC_ACTION_ATTACK, unit (g, "r1"), -2));
  g_assert_false (has_action (g, ACIES_GC_ACTION_ATTACK, -2, unit (g, "b1")));
  g_assert_true (has_action (g, ACIES_GC_ACTION_ATTACK, unit (g, "r2"), unit (g, "b2")));
}

/* 9.0-d (GC-G39): a unit whose every adjacent enemy is targeted must
 * Support now or never take part: RESOLVE waits for it. */
static void
test_9_0_d_forced_support (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "A", "exhausted", "C5"),
    RED ("r2", "red", "H", "A", "exhausted", "B4"),     /* left of the target */
    BLUE ("b1", "blue", "L", "C", "exhausted", "C4"),
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);

  begin_combat (g, 0, "red", FALSE);
  act (g, ACIES_GC_ACTION_ATTACK, unit (g, "r1"), unit (g, "b1"));
  g_assert_true (has_action (g, ACIES_GC_ACTION_SUPPORT, unit (g, "r2"), -2));
  g_assert_false (has_action (g, ACIES_GC_ACTION_RESOLVE, -2, -2));
  act (g, ACIES_GC_ACTION_SUPPORT, unit (g, "r2"), -1);
  g_assert_true (has_action (g, ACIES_GC_ACTION_RESOLVE, -2, -2));
}

/* 9.2-b: while Supporters are chosen, the odds of the declared attack
 * follow them — a SUPPORT's odds count that Supporter (−1 more), and
 * RESOLVE's are the attack as it stands (what the play window shows). */
static void
test_9_2_b_declared_attack_odds (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "A", "exhausted", "C5"),
    RED ("r2", "red", "H", "A", "exhausted", "B4"),
    BLUE ("b1", "blue", "L", "C", "exhausted", "C4"),
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);
  g_autoptr(AciesOdds) before = NULL;
  g_autoptr(AciesOdds) with_one = NULL;
  g_autoptr(AciesOdds) after = NULL;
  AciesAction a;

  begin_combat (g, 0, "red", FALSE);
  acies_action_init (&a, ACIES_GC_ACTION_ATTACK, 0);
  a.args[0] = unit (g, "r1");
  a.args[1] = unit (g, "b1");
  before = acies_ruleset_get_odds (g->rs, g->state, &a);
  g_assert_nonnull (before);
  /* The preview names the units as the board and the log do (their
   * class and square), never by counter id. */
  {
    g_autofree char *attacker = acies_ruleset_describe_unit (g->rs, g->state, unit (g, "r1"), -1);
    g_autofree char *defender = acies_ruleset_describe_unit (g->rs, g->state, unit (g, "b1"), -1);
    g_autofree char *expected = g_strdup_printf ("%s attacks %s with 0 Supporters: ", attacker, defender);

    g_assert_true (g_str_has_prefix (before->summary, expected));
    g_assert_null (strstr (before->summary, "r1"));
    g_assert_null (strstr (before->summary, "b1"));
  }
  act (g, ACIES_GC_ACTION_ATTACK, unit (g, "r1"), unit (g, "b1"));

  acies_action_init (&a, ACIES_GC_ACTION_SUPPORT, 0);
  a.args[0] = unit (g, "r2");
  with_one = acies_ruleset_get_odds (g->rs, g->state, &a);
  g_assert_nonnull (with_one);
  /* One Supporter: one DRM step more than the attack alone. */
  g_assert_cmpstr (with_one->summary, !=, before->summary);

  act (g, ACIES_GC_ACTION_SUPPORT, unit (g, "r2"), -1);
  acies_action_init (&a, ACIES_GC_ACTION_RESOLVE, 0);
  after = acies_ruleset_get_odds (g->rs, g->state, &a);
  g_assert_nonnull (after);
  g_assert_cmpstr (after->summary, ==, with_one->summary);
  g_assert_cmpuint (after->outcomes->len, ==, with_one->outcomes->len);
  for (guint i = 0; i < after->outcomes->len; i++)
    g_assert_cmpfloat (((AciesOddsOutcome *) g_ptr_array_index (after->outcomes, i))->probability, ==,
                       ((AciesOddsOutcome *) g_ptr_array_index (with_one->outcomes, i))->probability);
}

/* 9.3-b: DE eliminates the target; its side checks Rout (9.5-c). */
static void
test_9_3_b_de (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "A", "exhausted", "C5"),
    RED ("r2", "red", "H", "A", "exhausted", "B5"),
    RED ("r3", "red", "H", "A", "exhausted", "D5"),
    BLUE ("b1", "blue", "L", "C", "exhausted", "C4"),
    BLUE ("b2", "blue", "L", "C", "exhausted", "C3"),   /* left with one mate within two: routs */
    BLUE ("b3", "blue", "L", "C", "exhausted", "A1"),   /* alone: routs */
    BLUE ("b4", "blue", "L", "C", "exhausted", "F3"),   /* a group of three: stays */
    BLUE ("b5", "blue", "L", "C", "exhausted", "G3"),
    BLUE ("b6", "blue", "L", "C", "exhausted", "H3"),
  };
  static const char * const sup[] = { "r2", "r3", NULL };
  /* A (H vs L −1, two Supporters −2: −3) + Flanking? r2/r3 are not next to b1.
   * A 1 − 3 = −2: DE. */
  g_autoptr(Game) g = attack_game (u, G_N_ELEMENTS (u), 0, "red", "r1", "b1", sup, 1);
  AciesGcState *s;

  s = ACIES_GC_STATE (g->state);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_nonnull (find_event (g, "rout-check"));
  g_assert_cmpint (status (g, "b2"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (status (g, "b3"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (s->units[unit (g, "b2")].cause, ==, ACIES_GC_CAUSE_ROUT);
  g_assert_cmpint (status (g, "b5"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (s->vp[0], ==, 6);
  /* Laevinus did not check (its units are fine anyway). */
  g_assert_cmpint (status (g, "r1"), ==, ACIES_GC_UNIT_FRESH);
}

/* 9.3-c, 9.4-a/d: DX: the defender (the inactive player) chooses. */
static void
test_9_3_c_dx (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "B", "exhausted", "C5"),
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
    BLUE ("b2", "blue", "P", "A", "exhausted", "C3"),
    BLUE ("b3", "blue", "P", "A", "exhausted", "D3"),
  };
  /* B, H vs P +1: a 1 → 2 on the B row: DX. */
  g_autoptr(Game) g = attack_game (u, G_N_ELEMENTS (u), 0, "red", "r1", "b1", NULL, 1);
  g_autoptr(AciesPrompt) prompt = NULL;

  g_assert_cmpint (g->state->deciding_side, ==, 1);
  prompt = acies_ruleset_get_prompt (g->rs, g->state);
  g_assert_nonnull (prompt);
  g_assert_cmpint (prompt->player, ==, 1);
  g_assert_nonnull (strstr (prompt->text, "Pyrrhus"));
  g_assert_cmpuint (prompt->actions->len, ==, 2);   /* b1 or b2 (b3 is not adjacent) */
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "b2"), -1);
  g_assert_cmpint (status (g, "b2"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (g->state->deciding_side, ==, 0);
}

/* 9.3-d, 9.4-h: AX: the Primary or a Supporter, the attacker's choice. */
static void
test_9_3_d_ax (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "L", "C", "exhausted", "C5"),
    RED ("r2", "red", "L", "C", "exhausted", "C6"),
    RED ("r3", "red", "L", "C", "exhausted", "D6"),   /* not supporting */
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
  };
  static const char * const sup[] = { "r2", NULL };
  /* C, L vs P +2, one Supporter −1: +1; a 5 → 6 on the C row: AX (provisional). */
  g_autoptr(Game) g = attack_game (u, G_N_ELEMENTS (u), 0, "red", "r1", "b1", sup, 5);

  g_assert_cmpstr (acies_gc_result_name (ACIES_GC_STATE (g->state)->combat.result), ==, "AX");
  g_assert_cmpint (g->state->deciding_side, ==, 0);
  g_assert_cmpuint (count_actions (g, ACIES_GC_ACTION_ABSORB), ==, 2);
  g_assert_false (has_action (g, ACIES_GC_ACTION_ABSORB, unit (g, "r3"), -2));
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "r2"), -1);
  g_assert_cmpint (status (g, "r2"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (g, "r1"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_FRESH);
}

/* 9.3-e: EX: the attacker first, then the defender. */
static void
test_9_3_e_ex (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "L", "B", "exhausted", "C5"),
    RED ("r2", "red", "L", "B", "exhausted", "C6"),
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
    BLUE ("b2", "blue", "P", "A", "exhausted", "C3"),
  };
  static const char * const sup[] = { "r2", NULL };
  /* B, L vs P +2, Support −1 = +1; a 2 → 3 on the B row: EX (Heraclea, Laevinus 7). */
  g_autoptr(Game) g = attack_game (u, G_N_ELEMENTS (u), 0, "red", "r1", "b1", sup, 2);

  g_assert_cmpint (combat_step (g), <, 100);
  g_assert_cmpint (g->state->deciding_side, ==, 0);
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "r1"), -1);
  g_assert_cmpint (g->state->deciding_side, ==, 1);
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "b2"), -1);
  g_assert_cmpint (status (g, "r1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (g, "b2"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_FRESH);
}

/* 9.3-f: AA: the Primary and every Supporter. */
static void
test_9_3_f_aa (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "L", "C", "exhausted", "C5"),
    RED ("r2", "red", "L", "C", "exhausted", "C6"),
    RED ("r3", "red", "L", "C", "exhausted", "B5"),
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
  };
  static const char * const sup[] = { "r2", "r3", NULL };
  /* C, L vs P +2, −2: +0; an 8 on the C row: AA (provisional). */
  g_autoptr(Game) g = attack_game (u, G_N_ELEMENTS (u), 0, "red", "r1", "b1", sup, 8);

  g_assert_cmpstr (acies_gc_result_name (ACIES_GC_STATE (g->state)->combat.result), ==, "AA");
  g_assert_cmpuint (count_actions (g, ACIES_GC_ACTION_ABSORB), ==, 3);
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "r3"), -1);
  g_assert_cmpuint (count_actions (g, ACIES_GC_ACTION_ABSORB), ==, 2);
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "r1"), -1);
  /* The last one takes it without a question. */
  g_assert_cmpint (status (g, "r1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (g, "r2"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (g, "r3"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_FRESH);
}

/* 9.4-f and the 9.5 caption chain: the attacker's loss (a Brittle Primary)
 * triggers a Rout Check that removes the flanker; the defender, no longer
 * Flanked when its loss is applied, may pass it to a wing-mate. */
static void
test_9_4_f_flank_rechecked (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "B", "brittle", "C5"),      /* Primary, Brittle */
    RED ("r2", "red", "H", "B", "exhausted", "C6"),    /* Support in the rear */
    RED ("r3", "red", "H", "B", "exhausted", "B7"),
    RED ("r4", "red", "H", "B", "exhausted", "B6"),
    RED ("f1", "red2", "H", "B", "exhausted", "D4"),   /* the flanker, alone in its wing */
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
    BLUE ("b2", "blue", "P", "A", "exhausted", "C3"),
    BLUE ("b3", "blue", "P", "A", "exhausted", "B3"),
  };
  static const char * const sup[] = { "r2", NULL };
  /* B +1 Flanked → A; H vs P +1, Support −1 = 0; a 4 → 4 on the A row: EX. */
  g_autoptr(Game) g = attack_game (u, G_N_ELEMENTS (u), 0, "red", "r1", "b1", sup, 4);

  g_assert_cmpstr (acies_gc_result_name (ACIES_GC_STATE (g->state)->combat.result), ==, "EX");
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "r1"), -1);
  g_assert_cmpint (status (g, "r1"), ==, ACIES_GC_UNIT_ELIMINATED);   /* Brittle */
  g_assert_cmpint (status (g, "f1"), ==, ACIES_GC_UNIT_ELIMINATED);   /* routed */
  g_assert_cmpint (status (g, "r2"), ==, ACIES_GC_UNIT_FRESH);        /* r2, r3 within two */
  /* Not Flanked any more: Pyrrhus chooses between b1 and b2. */
  g_assert_cmpint (g->state->deciding_side, ==, 1);
  g_assert_cmpuint (count_actions (g, ACIES_GC_ACTION_ABSORB), ==, 2);
}

/* 9.4-f: Flanked when the loss is applied: the target must take it. */
static void
test_9_4_f_defender_flanked_state (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "B", "exhausted", "C5"),
    RED ("w1", "white", "C", NULL, NULL, "D4"),        /* cavalry flanks */
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
    BLUE ("b2", "blue", "P", "A", "exhausted", "C3"),
  };
  /* B +1 (Flanking) → A; H vs P +1; a 1 → 2: DX; the target flips, no question. */
  g_autoptr(Game) g = attack_game (u, G_N_ELEMENTS (u), 0, "red", "r1", "b1", NULL, 1);

  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (g, "b2"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (g->state->deciding_side, ==, 0);
}

/* 9.4-g: a defender on Broken Ground may change DX into EX. */
static void
test_9_4_g_broken_dx_to_ex (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "A", "exhausted", "C5"),
    RED ("r2", "red", "H", "A", "exhausted", "C6"),
    BLUE ("b1", "blue", "L", "C", "exhausted", "C4"),
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), "{\"C4\": \"broken\"}", NULL, NULL);
  static const char * const sup[] = { "r2", NULL };

  begin_combat (g, 0, "red", FALSE);
  /* A −1 (into Broken Ground) → B; H vs L −1, Support −1 = −2; a 4 → 2: DX. */
  attack (g, "r1", "b1", sup, 4);
  g_assert_cmpint (g->state->deciding_side, ==, 1);
  g_assert_true (has_action (g, ACIES_GC_ACTION_DX_TO_EX, 1, -2));
  g_assert_true (has_action (g, ACIES_GC_ACTION_DX_TO_EX, 0, -2));
  act (g, ACIES_GC_ACTION_DX_TO_EX, 1, -1);
  /* EX now: the attacker first. */
  g_assert_cmpint (g->state->deciding_side, ==, 0);
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "r2"), -1);
  g_assert_cmpint (status (g, "r2"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_EXHAUSTED);
}

/* 9.5-h, 11.1-b: a Veteran Fresh unit with a Morale rolls; greater passes. */
static void
test_9_5_h_veteran_state (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "A", "exhausted", "C5"),
    RED ("r2", "red", "H", "A", "exhausted", "B5"),
    RED ("r3", "red", "H", "A", "exhausted", "D5"),
    BLUE ("b1", "blue", "L", "C", "exhausted", "C4"),
    { "v1", "blue", "blue", "L", "C", "exhausted", 2, "G1", 4, 0 },
    { "v2", "blue", "blue", "L", "C", "exhausted", 2, "A1", 4, 0 },
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL,
                                "{\"kind\": \"veteran\", \"side\": \"pyrrhus\", \"params\": {}}");

  begin_combat (g, 0, "red", FALSE);
  acies_dice_push (g->dice, 1);    /* the attack: DE */
  acies_dice_push (g->dice, 5);    /* first morale roll (v2 or v1 in unit order) */
  acies_dice_push (g->dice, 4);    /* second */
  act (g, ACIES_GC_ACTION_ATTACK, unit (g, "r1"), unit (g, "b1"));
  act (g, ACIES_GC_ACTION_SUPPORT, unit (g, "r2"), -1);
  act (g, ACIES_GC_ACTION_SUPPORT, unit (g, "r3"), -1);
  act (g, ACIES_GC_ACTION_RESOLVE, -1, -1);
  g_assert_cmpuint (acies_dice_pending (g->dice), ==, 0);
  /* Units in index order: v1 rolled 5 (> 4: stays), v2 rolled 4 (routs). */
  g_assert_cmpint (status (g, "v1"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (status (g, "v2"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (g->state->deciding_side, ==, 0);
}

/* 10.0-a/b, 9.1-a: a flip reveals a Hero, who then attacks at ★. */
static void
test_10_0_b_hero_fights (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "L", "C", "hero", "C5"),
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
    BLUE ("b2", "blue", "P", "A", "exhausted", "C3"),
    BLUE ("b3", "blue", "P", "A", "exhausted", "B4"),
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);
  AciesGcState *s;
  AciesAction a;
  g_autoptr(AciesOdds) odds = NULL;

  s = ACIES_GC_STATE (g->state);
  g_assert_false (acies_gc_exhaust (s, unit (g, "r1"), ACIES_GC_CAUSE_SKIRMISH, g->events));
  g_assert_cmpint (status (g, "r1"), ==, ACIES_GC_UNIT_HERO);
  g_assert_nonnull (find_event (g, "hero"));
  /* The log names it by its front before the flip and by the ★ after. */
  g_assert_cmpstr (find_event (g, "hero")->text, ==,
                   "Light Infantry C at C5 is flipped: a Hero! It is now Light Infantry Hero ★");
  begin_combat (g, 0, "red", FALSE);
  g_assert_true (has_action (g, ACIES_GC_ACTION_ATTACK, unit (g, "r1"), unit (g, "b1")));
  acies_action_init (&a, ACIES_GC_ACTION_ATTACK, 0);
  a.args[0] = unit (g, "r1");
  a.args[1] = unit (g, "b1");
  odds = acies_ruleset_get_odds (g->rs, g->state, &a);
  g_assert_nonnull (odds);
  g_assert_nonnull (strstr (odds->summary, "★ row"));
}

/* 10.0-c, 9.5-b: an Exhaustion on a Revealed Hero eliminates it and costs
 * its side one Rally Limit. */
static void
test_10_0_c_hero_eliminated (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "A", "exhausted", "C5"),
    RED ("r2", "red", "H", "A", "exhausted", "B5"),
    BLUE ("b1", "blue", "L", "C", "hero", "C4"),
    BLUE ("b2", "blue", "L", "C", "exhausted", "C3"),
    BLUE ("b3", "blue", "L", "C", "exhausted", "C2"),
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);
  AciesGcState *s = ACIES_GC_STATE (g->state);

  acies_gc_exhaust (s, unit (g, "b1"), ACIES_GC_CAUSE_SKIRMISH, NULL);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_HERO);
  g_assert_cmpint (s->rally_limit[1], ==, 4);
  begin_combat (g, 0, "red", FALSE);
  /* A, H vs L −1: a 1 → 0 on the A row: DX; the Hero is Flanked? r2 (B5)
   * is not next to C4: Pyrrhus chooses b1 or b2. */
  attack (g, "r1", "b1", NULL, 1);
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "b1"), -1);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (s->rally_limit[1], ==, 3);
}

/* 12.0-a: Fortuna may re-roll a combat roll; the latest result stands. */
static void
test_12_0_a_fortuna_combat (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "B", "exhausted", "C5"),
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
    BLUE ("b2", "blue", "P", "A", "exhausted", "C3"),
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);
  AciesGcState *s = ACIES_GC_STATE (g->state);

  s->fortuna = 1;   /* Pyrrhus holds it */
  s->fortuna_face = 2;
  begin_combat (g, 0, "red", FALSE);
  act (g, ACIES_GC_ACTION_ATTACK, unit (g, "r1"), unit (g, "b1"));
  acies_dice_push (g->dice, 1);
  act (g, ACIES_GC_ACTION_RESOLVE, -1, -1);
  /* B, +1: 1 → 2: DX; Pyrrhus re-rolls it: 7 → 8: AA (provisional). */
  g_assert_cmpint (s->step, ==, ACIES_GC_STEP_FORTUNA);
  g_assert_cmpint (g->state->deciding_side, ==, 1);
  acies_dice_push (g->dice, 7);
  act (g, ACIES_GC_ACTION_FORTUNA, 1, -1);
  g_assert_cmpint (s->step, ==, ACIES_GC_STEP_FORTUNA);   /* one use left */
  act (g, ACIES_GC_ACTION_FORTUNA, 0, -1);
  g_assert_cmpint (s->step, ==, ACIES_GC_STEP_COMBAT);
  g_assert_nonnull (find_event (g, "combat-result"));
  g_assert_nonnull (strstr (find_event (g, "combat-result")->text, "7 +1 = 8 on the B row: AA"));
  g_assert_cmpint (status (g, "r1"), ==, ACIES_GC_UNIT_EXHAUSTED);
}

/* Odds through the ruleset: the modifiers that apply, each citing its rule. */
static void
test_9_3_odds_state (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "B", "exhausted", "C5"),
    RED ("w1", "white", "C", NULL, NULL, "D4"),
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), "{\"C5\": \"river\"}", NULL, NULL);
  g_autoptr(AciesOdds) odds = NULL;
  AciesAction a;
  double total = 0;
  gboolean flank = FALSE, river = FALSE;

  acies_gc_exhaust (ACIES_GC_STATE (g->state), unit (g, "b1"), ACIES_GC_CAUSE_SKIRMISH, NULL);
  begin_combat (g, 0, "red", TRUE);
  acies_action_init (&a, ACIES_GC_ACTION_ATTACK, 0);
  a.args[0] = unit (g, "r1");
  a.args[1] = unit (g, "b1");
  odds = acies_ruleset_get_odds (g->rs, g->state, &a);
  g_assert_nonnull (odds);
  for (guint i = 0; i < odds->outcomes->len; i++)
    total += ((AciesOddsOutcome *) g_ptr_array_index (odds->outcomes, i))->probability;
  g_assert_cmpfloat (total, ==, 1.0);
  for (guint i = 0; i < odds->modifiers->len; i++)
    {
      AciesOddsModifier *m = g_ptr_array_index (odds->modifiers, i);

      flank |= strstr (m->label, "Flanking") != NULL;
      river |= strstr (m->label, "River") != NULL;
      g_assert_nonnull (m->rule);
    }
  g_assert_true (flank);
  g_assert_true (river);
  /* B +1 (Exhausted) +1 (Flanked) −1 (River) = A; DRM +1 − 1 (Aquila) = 0. */
  g_assert_nonnull (strstr (odds->summary, "A row at 0"));
}

/* Heraclea, Pyrrhus turn 5, first attack (HER-15): the Blue Phalanx (A)
 * with one Supporter against the Pink "B": −2, a 5 → 3: DX; Laevinus lets
 * the Brittle "C" next to it take it; the Rout Check that follows passes. */
static void
test_heraclea_pyrrhus5_state (void)
{
  static const UnitDef u[] = {
    { "pink-b", "red", "red", "L", "B", "exhausted", 1, "C5", 0, 0 },
    { "pink-c", "red", "red", "L", "C", "brittle", 1, "D5", 0, 0 },
    { "pink-1", "red", "red", "L", "C", "exhausted", 1, "B5", 0, 0 },
    { "pink-2", "red", "red", "L", "C", "exhausted", 1, "A5", 0, 0 },
    { "pink-3", "red", "red", "L", "C", "exhausted", 1, "E5", 0, 0 },
    { "pink-4", "red", "red", "L", "C", "exhausted", 1, "F5", 0, 0 },
    BLUE ("blue-1", "blue", "P", "A", "exhausted", "C4"),
    BLUE ("blue-2", "blue", "P", "A", "exhausted", "C3"),
  };
  static const char * const sup[] = { "blue-2", NULL };
  g_autoptr(Game) g = attack_game (u, G_N_ELEMENTS (u), 1, "blue", "blue-1", "pink-b", sup, 5);
  AciesGcState *s = ACIES_GC_STATE (g->state);
  const AciesEvent *e;

  e = find_event (g, "combat-result");
  g_assert_nonnull (e);
  g_assert_nonnull (strstr (e->text, "5 -2 = 3 on the A row: DX"));
  g_assert_cmpint (g->state->deciding_side, ==, 0);
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "pink-c"), -1);
  g_assert_cmpint (status (g, "pink-c"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_nonnull (find_event (g, "rout-check"));
  for (guint i = 0; i < s->n_units; i++)
    if (s->units[i].side == 0 && i != (guint) unit (g, "pink-c"))
      g_assert_cmpint (s->units[i].status, ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (s->vp[1], ==, 1);
}

/* Heraclea, Pyrrhus turn 5, second attack and its sequel (HER-16, HER-17):
 * −4 (matrix −1, three Supporters), the worst face 8 → 4 on the A row: EX;
 * Pyrrhus resolves his loss first and flips a Supporter, which is Brittle:
 * his Phalanx Rout Check (adjacency) removes two Blue units; then Laevinus
 * flips the target. */
static void
test_heraclea_pyrrhus5_state2 (void)
{
  static const UnitDef u[] = {
    { "pink-b", "red", "red", "L", "B", "exhausted", 1, "C5", 0, 0 },
    { "pink-1", "red", "red", "L", "C", "exhausted", 1, "B5", 0, 0 },
    { "pink-2", "red", "red", "L", "C", "exhausted", 1, "D5", 0, 0 },
    BLUE ("blue-1", "blue", "P", "A", "exhausted", "C4"),   /* Primary */
    BLUE ("blue-2", "blue", "P", "A", "brittle", "C3"),     /* rear Supporter, Brittle */
    BLUE ("blue-3", "blue", "P", "A", "exhausted", "B4"),   /* Supporter */
    BLUE ("blue-4", "blue", "P", "A", "exhausted", "D4"),   /* Supporter */
    BLUE ("blue-5", "blue", "P", "A", "exhausted", "C2"),   /* behind the Brittle one: cut off */
    BLUE ("blue-6", "blue", "P", "A", "exhausted", "C1"),   /* and its only mate */
  };
  static const char * const sup[] = { "blue-2", "blue-3", "blue-4", NULL };
  g_autoptr(Game) g = attack_game (u, G_N_ELEMENTS (u), 1, "blue", "blue-1", "pink-b", sup, 8);
  AciesGcState *s = ACIES_GC_STATE (g->state);

  g_assert_nonnull (strstr (find_event (g, "combat-result")->text, "8 -4 = 4 on the A row: EX"));
  /* Attacker first: Pyrrhus chooses among the Primary and the Supporters. */
  g_assert_cmpint (g->state->deciding_side, ==, 1);
  g_assert_cmpuint (count_actions (g, ACIES_GC_ACTION_ABSORB), ==, 4);
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "blue-2"), -1);
  g_assert_cmpint (status (g, "blue-2"), ==, ACIES_GC_UNIT_ELIMINATED);
  /* Phalanx Rout Check: blue-5 has only blue-6 next to it, who has only
   * blue-5: both fail; the front rank holds (blue-1 has blue-3 and blue-4). */
  g_assert_cmpint (status (g, "blue-5"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (status (g, "blue-6"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (status (g, "blue-1"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (status (g, "blue-3"), ==, ACIES_GC_UNIT_FRESH);
  /* Then Laevinus: the target or its Fresh neighbours; he flips the target. */
  g_assert_cmpint (g->state->deciding_side, ==, 0);
  g_assert_cmpuint (count_actions (g, ACIES_GC_ACTION_ABSORB), ==, 3);
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "pink-b"), -1);
  g_assert_cmpint (status (g, "pink-b"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (s->vp[0], ==, 2 + 2 + 2);
}

/* 11.2-k (combat part): a unit of an inactive Triplex Acies wing eliminated
 * in Combat scores double VP. */
static void
test_11_2_k_double_vp (void)
{
  static const UnitDef u[] = {
    { "pink-1", "red", "red", "L", "B", "exhausted", 1, "A7", 0, 0 },
    { "pink-2", "red", "red", "L", "B", "exhausted", 1, "B7", 0, 0 },
    { "pink-3", "red", "red", "L", "B", "exhausted", 1, "C7", 0, 0 },
    { "prin-1", "red", "red2", "H", "B", "exhausted", 3, "C5", 0, 0 },
    { "prin-2", "red", "red2", "H", "B", "exhausted", 3, "G6", 0, 0 },
    { "prin-3", "red", "red2", "H", "B", "exhausted", 3, "H6", 0, 0 },
    { "prin-4", "red", "red2", "H", "B", "exhausted", 3, "G7", 0, 0 },
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
    BLUE ("b2", "blue", "P", "A", "exhausted", "C3"),
    BLUE ("b3", "blue", "P", "A", "exhausted", "B4"),
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL,
                                "{\"kind\": \"triplex-acies\", \"side\": \"laevinus\", \"params\": {}}");
  static const char * const sup[] = { "b2", "b3", NULL };
  AciesGcState *s = ACIES_GC_STATE (g->state);

  g_assert_true (acies_gc_wing_inactive (s, s->units[unit (g, "prin-1")].wing));
  begin_combat (g, 1, "blue", FALSE);
  /* prin-1 Exhausted first: A +1 → ★; P vs H +1, two Supporters −2: −1;
   * a 1 → 0 on the ★ row: DE. */
  acies_gc_exhaust (s, unit (g, "prin-1"), ACIES_GC_CAUSE_SKIRMISH, NULL);
  attack (g, "b1", "prin-1", sup, 1);
  g_assert_cmpint (status (g, "prin-1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (s->units[unit (g, "prin-1")].vp_scored, ==, 6);
  g_assert_cmpint (s->vp[1], ==, 6);
}

/* GC-G41, 9.5-d: a Mounted unit eliminated in Combat makes no Rout Check
 * (the option mounted_elim_triggers_rout is off by default). */
static void
test_9_5_d_mounted_no_rout (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "A", "exhausted", "C5"),
    RED ("r2", "red", "H", "A", "exhausted", "B5"),
    RED ("r3", "red", "H", "A", "exhausted", "D5"),
    { "g1", "blue", "gold", "C", NULL, NULL, 2, "C4", 0, 1 },
    BLUE ("b1", "blue", "L", "C", "exhausted", "H1"),     /* alone: would rout */
  };
  static const char * const sup[] = { "r2", "r3", NULL };
  /* A, H vs C +1, two Supporters −2: −1; a 1 → 0 on the A row: DX, and a
   * Mounted unit that takes an Exhaustion is eliminated (2.2). */
  g_autoptr(Game) g = attack_game (u, G_N_ELEMENTS (u), 0, "red", "r1", "g1", sup, 1);

  g_assert_cmpint (status (g, "g1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_null (find_event (g, "rout-check"));
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_FRESH);
}

/* 9.0-c: the position for test_9_0_c_primary_and_defender(): on
 * column C a Fresh red H (r1) faces b1 across C5/C4, with b2 (B4) only
 * diagonal to it; r2 (B5, faces b2) is Exhausted if @r2_exhausted; the
 * Pink p1 (E5) faces b3; r3 (G5) has b4 (F4) only on its diagonal. */
static Game *
game_9_0_c (gboolean r2_exhausted)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "B", "exhausted", "C5"),
    RED ("r2", "red", "H", "B", "exhausted", "B5"),
    RED ("r3", "red", "H", "B", "exhausted", "G5"),
    RED ("p1", "red2", "H", "B", "exhausted", "E5"),
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),
    BLUE ("b2", "blue", "P", "A", "exhausted", "B4"),
    BLUE ("b3", "blue", "P", "A", "exhausted", "E4"),
    BLUE ("b4", "blue", "P", "A", "exhausted", "F4"),
  };
  Game *g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);

  if (r2_exhausted)
    g_assert_false (acies_gc_exhaust (ACIES_GC_STATE (g->state), unit (g, "r2"), ACIES_GC_CAUSE_SKIRMISH, NULL));
  return g;
}

/* 9.0-c: the acting player picks a Fresh unit of the acting wing as
 * Primary and an O-adjacent enemy as Defender. */
static void
test_9_0_c_primary_and_defender (void)
{
  g_autoptr(Game) g = game_9_0_c (TRUE);
  g_autoptr(Game) fresh = NULL;
  g_autoptr(Game) pink = NULL;

  g_assert_cmpint (status (g, "r2"), ==, ACIES_GC_UNIT_EXHAUSTED);
  begin_combat (g, 0, "red", FALSE);
  g_assert_cmpint (g->state->deciding_side, ==, 0);
  /* The legal one: r1 on the enemy straight in front of it. */
  g_assert_true (has_action (g, ACIES_GC_ACTION_ATTACK, unit (g, "r1"), unit (g, "b1")));
  /* b2 is only diagonal to r1; b4 only diagonal to r3. */
  g_assert_false (has_action (g, ACIES_GC_ACTION_ATTACK, unit (g, "r1"), unit (g, "b2")));
  g_assert_false (has_action (g, ACIES_GC_ACTION_ATTACK, unit (g, "r3"), -2));
  /* r2 is Exhausted; p1 is Fresh and in contact, but of the Pink wing. */
  g_assert_false (has_action (g, ACIES_GC_ACTION_ATTACK, unit (g, "r2"), -2));
  g_assert_false (has_action (g, ACIES_GC_ACTION_ATTACK, unit (g, "p1"), -2));
  /* Nor does any enemy unit attack, nor is a friend a Defender. */
  g_assert_false (has_action (g, ACIES_GC_ACTION_ATTACK, unit (g, "b1"), -2));
  g_assert_false (has_action (g, ACIES_GC_ACTION_ATTACK, -2, unit (g, "r2")));
  g_assert_cmpuint (count_actions (g, ACIES_GC_ACTION_ATTACK), ==, 1);

  /* The same position with r2 Fresh: r2 may attack b2 (its O-neighbour). */
  fresh = game_9_0_c (FALSE);
  begin_combat (fresh, 0, "red", FALSE);
  g_assert_true (has_action (fresh, ACIES_GC_ACTION_ATTACK, unit (fresh, "r2"), unit (fresh, "b2")));
  g_assert_false (has_action (fresh, ACIES_GC_ACTION_ATTACK, unit (fresh, "r2"), unit (fresh, "b1")));
  g_assert_cmpuint (count_actions (fresh, ACIES_GC_ACTION_ATTACK), ==, 2);

  /* The Pink wing acting: p1 on b3 only, and no unit of the Red wing. */
  pink = game_9_0_c (FALSE);
  begin_combat (pink, 0, "red2", FALSE);
  g_assert_true (has_action (pink, ACIES_GC_ACTION_ATTACK, unit (pink, "p1"), unit (pink, "b3")));
  g_assert_false (has_action (pink, ACIES_GC_ACTION_ATTACK, unit (pink, "p1"), unit (pink, "b4")));
  g_assert_false (has_action (pink, ACIES_GC_ACTION_ATTACK, unit (pink, "r1"), -2));
  g_assert_cmpuint (count_actions (pink, ACIES_GC_ACTION_ATTACK), ==, 1);
}

/* 9.4-a: the owner of the side that takes the Exhaustion (here the
 * defender, not the attacker) chooses, among exactly the eligible units. */
static void
test_9_4_a_owner_chooses (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "B", "exhausted", "C5"),
    BLUE ("b1", "blue", "P", "A", "exhausted", "C4"),    /* the target */
    BLUE ("b2", "blue", "P", "A", "exhausted", "B4"),    /* Fresh wing-mate next to it: eligible */
    BLUE ("b3", "blue", "P", "A", "exhausted", "C3"),    /* wing-mate next to it, Exhausted */
    BLUE ("b4", "blue2", "P", "A", "exhausted", "D4"),   /* Fresh, next to it, another wing */
    BLUE ("b5", "blue", "P", "A", "exhausted", "B3"),    /* Fresh wing-mate, diagonal */
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);
  g_autoptr(AciesPrompt) prompt = NULL;
  g_autoptr(GArray) out = NULL;
  gboolean seen_b1 = FALSE, seen_b2 = FALSE;

  g_assert_false (acies_gc_exhaust (ACIES_GC_STATE (g->state), unit (g, "b3"), ACIES_GC_CAUSE_SKIRMISH, NULL));
  begin_combat (g, 0, "red", FALSE);
  /* B, H vs P +1, not Flanked: a 1 → 2 on the B row: DX. */
  attack (g, "r1", "b1", NULL, 1);
  g_assert_cmpstr (acies_gc_result_name (ACIES_GC_STATE (g->state)->combat.result), ==, "DX");
  g_assert_cmpint (g->state->deciding_side, ==, 1);
  prompt = acies_ruleset_get_prompt (g->rs, g->state);
  g_assert_nonnull (prompt);
  g_assert_cmpint (prompt->player, ==, 1);
  out = legal (g);
  g_assert_cmpuint (out->len, ==, 2);
  for (guint i = 0; i < out->len; i++)
    {
      AciesAction *a = &g_array_index (out, AciesAction, i);

      g_assert_cmpint (a->type, ==, ACIES_GC_ACTION_ABSORB);
      g_assert_cmpint (a->player, ==, 1);
      seen_b1 |= a->args[0] == unit (g, "b1");
      seen_b2 |= a->args[0] == unit (g, "b2");
    }
  g_assert_true (seen_b1);
  g_assert_true (seen_b2);
  /* The prompt names exactly the units offered, as the board shows them. */
  {
    const char *offered[] = { "b1", "b2" }, *not_offered[] = { "b3", "b4", "b5" };

    g_test_message ("%s", prompt->text);
    for (guint i = 0; i < G_N_ELEMENTS (offered); i++)
      {
        g_autofree char *text = acies_gc_describe_unit (ACIES_GC_STATE (g->state), unit (g, offered[i]));

        g_assert_nonnull (strstr (prompt->text, text));
      }
    for (guint i = 0; i < G_N_ELEMENTS (not_offered); i++)
      {
        g_autofree char *text = acies_gc_describe_unit (ACIES_GC_STATE (g->state), unit (g, not_offered[i]));

        g_assert_null (strstr (prompt->text, text));
      }
    g_assert_nonnull (strstr (prompt->text, "Phalanx A at C4 (the target) or Phalanx A at B4"));
  }
  /* Pyrrhus passes it to the wing-mate, not the target. */
  act (g, ACIES_GC_ACTION_ABSORB, unit (g, "b2"), -1);
  g_assert_cmpint (status (g, "b2"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (status (g, "b3"), ==, ACIES_GC_UNIT_EXHAUSTED);
  g_assert_cmpint (status (g, "b4"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (status (g, "b5"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (g->state->deciding_side, ==, 0);
}

/* The total of @side's score lines (acies_ruleset_get_score()). */
static gint
score_total (Game *g,
             gint  side)
{
  g_autoptr(GPtrArray) lines = acies_ruleset_get_score (g->rs, g->state, side);
  gint total = 0;

  for (guint i = 0; i < lines->len; i++)
    total += ((AciesScoreLine *) g_ptr_array_index (lines, i))->points;
  return total;
}

/* 9.5-a: an eliminated unit leaves the board and its VP go to the opponent. */
static void
test_9_5_a_vp_to_opponent (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "A", "exhausted", "C5"),
    RED ("r2", "red", "H", "A", "exhausted", "B5"),
    RED ("r3", "red", "H", "A", "exhausted", "D5"),
    { "b1", "blue", "blue", "L", "C", "exhausted", 5, "C4", 0, 0 },
    BLUE ("b2", "blue", "L", "C", "exhausted", "F1"),   /* a group of three: no rout */
    BLUE ("b3", "blue", "L", "C", "exhausted", "G1"),
    BLUE ("b4", "blue", "L", "C", "exhausted", "H1"),
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);
  static const char * const sup[] = { "r2", "r3", NULL };
  AciesGcState *s = ACIES_GC_STATE (g->state);
  gint b1 = unit (g, "b1");
  AciesCell c4 = acies_gc_cell (s, 2, 3);
  gint vp0 = s->vp[0], vp1 = s->vp[1];
  gint score0 = score_total (g, 0), score1 = score_total (g, 1);
  const AciesEvent *e;

  g_assert_cmpint (s->units[b1].cell, ==, c4);
  g_assert_cmpint (s->occ[c4], ==, b1);
  begin_combat (g, 0, "red", FALSE);
  /* A, H vs L −1, two Supporters −2: a 1 → −2: DE. */
  attack (g, "r1", "b1", sup, 1);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (s->units[b1].cell, ==, ACIES_CELL_NONE);
  g_assert_cmpint (s->occ[c4], ==, -1);
  g_assert_false (acies_gc_on_board (s, b1));
  /* Its 5 VP go to Laevinus, none to its owner. */
  g_assert_cmpint (s->vp[0], ==, vp0 + 5);
  g_assert_cmpint (s->vp[1], ==, vp1);
  g_assert_cmpint (s->units[b1].vp_scored, ==, 5);
  g_assert_cmpint (score_total (g, 0), ==, score0 + 5);
  g_assert_cmpint (score_total (g, 1), ==, score1);
  e = find_event (g, "eliminated");
  g_assert_nonnull (e);
  g_assert_cmpint (e->player, ==, 1);
  /* Nothing else left the board. */
  for (guint i = 0; i < s->n_units; i++)
    if ((gint) i != b1)
      g_assert_true (acies_gc_on_board (s, i));
}

/* 9.5-b: eliminating a Hero lowers its own side's Rally Limit by 1 (and
 * only the Hero: a routed non-Hero costs nothing). */
static void
test_9_5_b_hero_lowers_rally_limit (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "A", "exhausted", "C5"),
    RED ("r2", "red", "H", "A", "exhausted", "B5"),
    RED ("r3", "red", "H", "A", "exhausted", "D5"),
    BLUE ("b1", "blue", "L", "C", "hero", "C4"),
    BLUE ("b2", "blue", "L", "C", "exhausted", "F1"),   /* a group of three: no rout */
    BLUE ("b3", "blue", "L", "C", "exhausted", "G1"),
    BLUE ("b4", "blue", "L", "C", "exhausted", "H1"),
    BLUE ("b5", "blue", "L", "C", "exhausted", "A1"),   /* alone: routs, no Hero */
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);
  static const char * const sup[] = { "r2", "r3", NULL };
  AciesGcState *s = ACIES_GC_STATE (g->state);
  gint rl0, rl1;
  const AciesEvent *e;

  g_assert_false (acies_gc_exhaust (s, unit (g, "b1"), ACIES_GC_CAUSE_SKIRMISH, NULL));
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_HERO);
  rl0 = s->rally_limit[0];
  rl1 = s->rally_limit[1];
  g_assert_cmpint (rl1, >, 1);
  begin_combat (g, 0, "red", FALSE);
  /* A, H vs L −1, two Supporters −2: a 1 → −2: DE on the Hero. */
  attack (g, "r1", "b1", sup, 1);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (status (g, "b5"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (s->units[unit (g, "b5")].cause, ==, ACIES_GC_CAUSE_ROUT);
  g_assert_cmpint (s->rally_limit[1], ==, rl1 - 1);
  g_assert_cmpint (s->rally_limit[0], ==, rl0);
  e = find_event (g, "rally-limit");
  g_assert_nonnull (e);
  g_assert_cmpint (e->player, ==, 1);
  g_assert_false (g->state->finished);
}

/* 9.5-c: a Foot unit eliminated by Combat makes its owner check Rout at
 * once, for the Foot units of all its wings (not Mounted, not the enemy's). */
static void
test_9_5_c_rout_check_after_combat (void)
{
  static const UnitDef u[] = {
    RED ("r1", "red", "H", "A", "exhausted", "C5"),
    RED ("r2", "red", "H", "A", "exhausted", "B5"),
    RED ("r3", "red", "H", "A", "exhausted", "D5"),
    RED ("r9", "red2", "H", "A", "exhausted", "H8"),      /* alone, but not the owner's */
    BLUE ("b1", "blue", "L", "C", "exhausted", "C4"),
    BLUE ("b2", "blue", "L", "C", "exhausted", "F1"),     /* a group of three: passes */
    BLUE ("b3", "blue", "L", "C", "exhausted", "G1"),
    BLUE ("b4", "blue", "L", "C", "exhausted", "H1"),
    BLUE ("p1", "blue2", "P", "A", "exhausted", "A1"),    /* alone in another wing: fails */
    { "g1", "blue", "gold", "C", NULL, NULL, 2, "A3", 0, 1 },   /* alone, Mounted: not checked */
  };
  g_autoptr(Game) g = game_new (u, G_N_ELEMENTS (u), NULL, NULL, NULL);
  static const char * const sup[] = { "r2", "r3", NULL };
  AciesGcState *s = ACIES_GC_STATE (g->state);
  gint i_elim = -1, i_rout = -1;

  begin_combat (g, 0, "red", FALSE);
  g_assert_null (find_event (g, "rout-check"));
  /* A, H vs L −1, two Supporters −2: a 1 → −2: DE. */
  attack (g, "r1", "b1", sup, 1);
  g_assert_cmpint (status (g, "b1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (s->units[unit (g, "b1")].cause, ==, ACIES_GC_CAUSE_COMBAT);
  /* One Rout Check, by Pyrrhus, right after the elimination. */
  for (guint i = 0; i < g->events->len; i++)
    {
      const AciesEvent *e = g_ptr_array_index (g->events, i);

      if (g_str_equal (e->type, "eliminated") && i_elim < 0)
        i_elim = i;
      if (g_str_equal (e->type, "rout-check"))
        {
          g_assert_cmpint (i_rout, <, 0);
          g_assert_cmpint (e->player, ==, 1);
          i_rout = i;
        }
    }
  g_assert_cmpint (i_elim, >=, 0);
  g_assert_cmpint (i_rout, >, i_elim);
  /* The other wing's lone Phalanx fails; the group passes; the cavalry
   * is not checked; Laevinus's lone unit is not checked. */
  g_assert_cmpint (status (g, "p1"), ==, ACIES_GC_UNIT_ELIMINATED);
  g_assert_cmpint (s->units[unit (g, "p1")].cause, ==, ACIES_GC_CAUSE_ROUT);
  g_assert_cmpint (status (g, "b2"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (status (g, "b3"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (status (g, "b4"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (status (g, "g1"), ==, ACIES_GC_UNIT_FRESH);
  g_assert_cmpint (status (g, "r9"), ==, ACIES_GC_UNIT_FRESH);
}

/* The Heraclea scenario carries the example's facts (checklist section 3). */
static void
test_heraclea_scenario (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (ACIES_SOURCE_DIR, "data", "scenarios", "grass-crown", "heraclea.acies", NULL);
  g_autoptr(AciesScenario) sc = acies_scenario_load_path (path, &error);
  AciesPool *pink;
  guint b = 0, b_brittle = 0, c = 0, c_brittle = 0;
  AciesSide *pyrrhus, *laevinus;

  g_assert_no_error (error);
  pink = acies_scenario_find_pool (sc, "pink-pool");
  g_assert_nonnull (pink);
  g_assert_cmpuint (pink->draw, ==, 10);
  for (guint i = 0; i < pink->entries->len; i++)
    {
      AciesPoolEntry *e = g_ptr_array_index (pink->entries, i);
      const char *cc = acies_params_get_string (e->attrs, "cc", "");
      gboolean brittle = g_strcmp0 (acies_params_get_string (e->hidden, "back", ""), "brittle") == 0;

      g_assert_cmpstr (e->type, ==, "L");
      if (g_str_equal (cc, "B"))
        {
          b += e->count;
          b_brittle += brittle ? e->count : 0;
        }
      else
        {
          g_assert_cmpstr (cc, ==, "C");
          c += e->count;
          c_brittle += brittle ? e->count : 0;
        }
    }
  g_assert_cmpuint (b, ==, 8);
  g_assert_cmpuint (b_brittle, ==, 3);
  g_assert_cmpuint (c, ==, 8);
  g_assert_cmpuint (c_brittle, ==, 4);
  g_assert_cmpuint (acies_scenario_find_pool (sc, "white-pool")->draw, ==, 12);
  pyrrhus = acies_scenario_find_side (sc, "pyrrhus");
  laevinus = acies_scenario_find_side (sc, "laevinus");
  g_assert_cmpint (acies_params_get_int (pyrrhus->params, "skirmish_factor", 0), ==, 3);
  g_assert_true (acies_params_get_bool (laevinus->params, "first_turn", FALSE));
  g_assert_true (acies_params_get_bool (laevinus->params, "initiative", FALSE));
  g_assert_true (acies_params_get_bool (laevinus->params, "fortuna", FALSE));
  g_assert_cmpuint (sc->special_rules->len, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  load_tables ();

  g_test_add_func ("/acies/grass-crown/2.2-c/cc-ladder", test_cc_ladder);
  g_test_add_func ("/acies/grass-crown/9.0-d/support-caption", test_9_0_d_support);
  g_test_add_func ("/acies/grass-crown/9.0-e/broken-ground-phalanx-support", test_9_0_e_broken_phalanx);
  g_test_add_func ("/acies/grass-crown/9.0-f/mounted-no-support", test_9_0_f_mounted_no_support);
  g_test_add_func ("/acies/grass-crown/9.1-a/hero-attacks-at-star", test_9_1_a_hero_star);
  g_test_add_func ("/acies/grass-crown/9.1-b/defender-exhausted", test_9_1_b);
  g_test_add_func ("/acies/grass-crown/9.1-c/flanking-bonus", test_9_1_c);
  g_test_add_func ("/acies/grass-crown/9.1-c/flanked-needs-fresh-friend", test_9_1_c_flanked_pieces);
  g_test_add_func ("/acies/grass-crown/9.1-d/downhill", test_9_1_d);
  g_test_add_func ("/acies/grass-crown/9.1-e/river", test_9_1_e);
  g_test_add_func ("/acies/grass-crown/9.1-f/into-broken-ground", test_9_1_f);
  g_test_add_func ("/acies/grass-crown/9.1-g/uphill", test_9_1_g);
  g_test_add_func ("/acies/grass-crown/9.1-h/net-then-clamp", test_9_1_h_net_then_clamp);
  g_test_add_func ("/acies/grass-crown/9.1/caption-b-a-star-a", test_9_1_caption);
  g_test_add_func ("/acies/grass-crown/9.2-a/matrix", test_9_2_a_matrix);
  g_test_add_func ("/acies/grass-crown/9.2-b/support-and-aquila", test_9_2_b_support_aquila);
  g_test_add_func ("/acies/grass-crown/9.3-a/crt-lookup-and-clamp", test_9_3_a_crt);
  g_test_add_func ("/acies/grass-crown/9.3-a/crt-monotone", test_9_3_monotone);
  g_test_add_func ("/acies/grass-crown/9.3-a/odds-exact", test_9_3_odds);
  g_test_add_func ("/acies/grass-crown/9.4-b/exhaust-outcome", test_9_4_b_exhaust_outcome);
  g_test_add_func ("/acies/grass-crown/9.4-c/brittle", test_9_4_c_brittle);
  g_test_add_func ("/acies/grass-crown/9.4-d/defender-choice", test_9_4_d_defender_choice);
  g_test_add_func ("/acies/grass-crown/9.4-e/target-exhausted", test_9_4_e_target_exhausted);
  g_test_add_func ("/acies/grass-crown/9.4-f/defender-flanked", test_9_4_f_defender_flanked);
  g_test_add_func ("/acies/grass-crown/9.5-d/which-eliminations-rout", test_9_5_d_triggers);
  g_test_add_func ("/acies/grass-crown/9.5-e/within-two-chain", test_9_5_e_rout_chain);
  g_test_add_func ("/acies/grass-crown/9.5-e/component-property", test_9_5_e_component_property);
  g_test_add_func ("/acies/grass-crown/9.5-f/phalanx-adjacency", test_9_5_f_phalanx);
  g_test_add_func ("/acies/grass-crown/9.5-g/orthogonal-distance", test_9_5_g_orthogonal);
  g_test_add_func ("/acies/grass-crown/9.5-h/veteran-morale", test_9_5_h_veteran);
  g_test_add_func ("/acies/grass-crown/9.5-i/no-cascade", test_9_5_i_no_cascade);
  g_test_add_func ("/acies/grass-crown/9.6-a/aquila-minus-one", test_9_6_a_aquila);
  g_test_add_func ("/acies/grass-crown/10.0-a/hero-revealed", test_10_0_a_hero_revealed);
  g_test_add_func ("/acies/grass-crown/10.0-c/hero-loss-rally-limit", test_10_0_c_hero_loss);
  g_test_add_func ("/acies/grass-crown/10.0-d/line-change-hero", test_10_0_d_line_change);
  g_test_add_func ("/acies/grass-crown/9.0-a/mandatory-attack", test_9_0_a_mandatory);
  g_test_add_func ("/acies/grass-crown/9.0-b/one-attack-per-unit-and-target", test_9_0_b_once);
  g_test_add_func ("/acies/grass-crown/9.0-d/stranded-unit-must-support", test_9_0_d_forced_support);
  g_test_add_func ("/acies/grass-crown/9.2-b/declared-attack-odds", test_9_2_b_declared_attack_odds);
  g_test_add_func ("/acies/grass-crown/9.3-b/de-eliminates-and-routs", test_9_3_b_de);
  g_test_add_func ("/acies/grass-crown/9.3-c/dx-defender-chooses", test_9_3_c_dx);
  g_test_add_func ("/acies/grass-crown/9.3-d/ax-attacker-chooses", test_9_3_d_ax);
  g_test_add_func ("/acies/grass-crown/9.3-e/ex-attacker-first", test_9_3_e_ex);
  g_test_add_func ("/acies/grass-crown/9.3-f/aa-all-participants", test_9_3_f_aa);
  g_test_add_func ("/acies/grass-crown/9.3-a/odds-with-modifiers", test_9_3_odds_state);
  g_test_add_func ("/acies/grass-crown/9.4-f/flank-rechecked-after-rout", test_9_4_f_flank_rechecked);
  g_test_add_func ("/acies/grass-crown/9.4-f/defender-flanked-by-cavalry", test_9_4_f_defender_flanked_state);
  g_test_add_func ("/acies/grass-crown/9.4-g/broken-ground-dx-to-ex", test_9_4_g_broken_dx_to_ex);
  g_test_add_func ("/acies/grass-crown/9.5-h/veteran-morale-rolls", test_9_5_h_veteran_state);
  g_test_add_func ("/acies/grass-crown/10.0-b/hero-attacks", test_10_0_b_hero_fights);
  g_test_add_func ("/acies/grass-crown/10.0-c/hero-eliminated-rally-limit", test_10_0_c_hero_eliminated);
  g_test_add_func ("/acies/grass-crown/12.0-a/fortuna-on-combat-roll", test_12_0_a_fortuna_combat);
  g_test_add_func ("/acies/grass-crown/heraclea/pyrrhus-5-attack-1-state", test_heraclea_pyrrhus5_state);
  g_test_add_func ("/acies/grass-crown/heraclea/pyrrhus-5-attack-2-state", test_heraclea_pyrrhus5_state2);
  g_test_add_func ("/acies/grass-crown/11.2-k/inactive-wing-double-vp-in-combat", test_11_2_k_double_vp);
  g_test_add_func ("/acies/grass-crown/9.4-h/attacker-primary-or-supporter", test_9_3_d_ax);
  g_test_add_func ("/acies/grass-crown/9.5-d/mounted-eliminated-no-rout", test_9_5_d_mounted_no_rout);
  g_test_add_func ("/acies/grass-crown/9.0-c/primary-and-defender", test_9_0_c_primary_and_defender);
  g_test_add_func ("/acies/grass-crown/9.4-a/owner-chooses", test_9_4_a_owner_chooses);
  g_test_add_func ("/acies/grass-crown/9.5-a/vp-to-opponent", test_9_5_a_vp_to_opponent);
  g_test_add_func ("/acies/grass-crown/9.5-b/hero-lowers-rally-limit", test_9_5_b_hero_lowers_rally_limit);
  g_test_add_func ("/acies/grass-crown/9.5-c/rout-check-after-combat-elimination", test_9_5_c_rout_check_after_combat);
  g_test_add_func ("/acies/grass-crown/heraclea/scenario-facts", test_heraclea_scenario);
  g_test_add_func ("/acies/grass-crown/heraclea/pyrrhus-5-attack-1", test_heraclea_pyrrhus5_attack1);
  g_test_add_func ("/acies/grass-crown/heraclea/pyrrhus-5-attack-1-choice", test_heraclea_pyrrhus5_choice);
  g_test_add_func ("/acies/grass-crown/heraclea/pyrrhus-5-attack-2", test_heraclea_pyrrhus5_attack2);
  g_test_add_func ("/acies/grass-crown/heraclea/laevinus-7-attack-1", test_heraclea_laevinus7_attack1);
  g_test_add_func ("/acies/grass-crown/heraclea/laevinus-7-attack-2", test_heraclea_laevinus7_attack2);

  return g_test_run ();
}
