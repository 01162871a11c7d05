/* acies-gc-combat.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/*
 * The Grass Crown Combat Phase (GC 9.0–9.6) and Heroes (GC 10.0) as pure
 * functions: the Combat Class ladder, the CC and die-roll modifiers, the
 * Combat Results Table, the exact outcome distribution of an attack (odds),
 * the Exhaustion choices and the Rout Check over a small board description.
 * They need no game state, so the tests, the state code
 * (acies-gc-combat.c) and `acies-cli odds` share them.
 *
 * Squares are (col, row) pairs; "adjacent" is orthogonal (GC 2.1) and
 * distances are counted orthogonally (GC 9.5).
 */

#include "rulesets/grass-crown/acies-gc-private.h"

G_BEGIN_DECLS

/* ---- The Combat Class ladder (GC 2.2, 9.1) ---- */

/* @cc moved @net steps up (positive) or down, clamped to ★ … D (9.1). */
AciesGcCc     acies_gc_cc_shift          (AciesGcCc    cc,
                                          gint         net);
/* "A", "B", "C", "D", "★" or "*" (the CRT's row label); FALSE otherwise. */
gboolean      acies_gc_cc_from_string    (const char  *text,
                                          AciesGcCc   *cc);
/* "L", "H", "P", "C", "E", "W"; FALSE otherwise. */
gboolean      acies_gc_kind_from_string  (const char  *text,
                                          AciesGcKind *kind);
const char   *acies_gc_kind_name         (AciesGcKind  kind);
gboolean      acies_gc_result_from_string (const char   *text,
                                           AciesGcResult *result);

/* ---- Tables (GC 9.2, 9.3) ---- */

#define ACIES_GC_N_RESULTS 5

/**
 * AciesGcTables:
 * The two combat tables as numbers: the CRT rows D C B A ★ (index =
 * AciesGcCc) by the columns −2 … 8+ (index = modified roll + 2), and the
 * Unit Type Modifier Matrix attacker × defender.  A cell that the book does
 * not print is marked provisional (CRT) or unknown (matrix, read as 0).
 */
typedef struct
{
  gint8    crt[5][11];
  gboolean crt_provisional[5][11];
  gint8    utm[ACIES_GC_N_KINDS][ACIES_GC_N_KINDS];
  gboolean utm_known[ACIES_GC_N_KINDS][ACIES_GC_N_KINDS];
} AciesGcTables;

gboolean      acies_gc_tables_from_catalogue (const AciesCatalogue *catalogue,
                                              AciesGcTables        *tables,
                                              GError              **error);
void          acies_gc_tables_from_static    (const AciesGcStatic  *st,
                                              AciesGcTables        *tables);

/* GC 9.3: the column of a modified roll: results above 8 count as 8,
 * below −2 as −2.  Returns the clamped roll (−2 … 8). */
gint          acies_gc_crt_clamp         (gint modified_roll);
AciesGcResult acies_gc_tables_crt        (const AciesGcTables *tables,
                                          AciesGcCc            cc,
                                          gint                 modified_roll,
                                          gboolean            *provisional);

/* ---- An attack's Combat Class and DRM (GC 9.1, 9.2) ---- */

/**
 * AciesGcAttackSpec:
 * @printed_cc: the Primary's printed CC (★ for a Revealed Hero, 10.0)
 * @attacker_kind, @defender_kind: for the Unit Type Modifier Matrix (9.2)
 * @defender_exhausted: +1 CC (9.1)
 * @flanked: +1 CC, a friendly Fresh unit other than the Primary is adjacent to the Defender (9.1)
 * @primary_elevation, @defender_elevation: uphill −1, downhill +1 CC (9.1, 8.9)
 * @river: the Primary or the Defender is in a River square, −1 CC once (9.1, GC-G37)
 * @defender_broken: the Defender is on Broken Ground, −1 CC (9.1)
 * @n_supporters: −1 DRM each (9.2)
 * @aquila: Aquila plus Combat, −1 DRM (9.2, 9.6)
 */
typedef struct
{
  AciesGcCc   printed_cc;
  AciesGcKind attacker_kind;
  AciesGcKind defender_kind;
  gboolean    defender_exhausted;
  gboolean    flanked;
  gint        primary_elevation;
  gint        defender_elevation;
  gboolean    river;
  gboolean    defender_broken;
  guint       n_supporters;
  gboolean    aquila;
} AciesGcAttackSpec;

typedef struct
{
  const char *label;     /* static, "Flanking Bonus" */
  gint        value;
  const char *rule;      /* static, "GC 9.1" */
  gboolean    cc;        /* a CC shift (9.1), else a DRM (9.2) */
} AciesGcModifier;

#define ACIES_GC_MAX_MODIFIERS 12

typedef struct
{
  AciesGcCc       cc;          /* modified and clamped (9.1) */
  gint            cc_net;      /* the net shift before clamping */
  gint            utm;         /* the matrix DRM (9.2) */
  gboolean        utm_known;   /* FALSE: the matrix has no such cell (0 used) */
  gint            drm;         /* the final DRM (9.2) */
  guint           n_modifiers;
  AciesGcModifier modifiers[ACIES_GC_MAX_MODIFIERS];
} AciesGcAttackCalc;

void          acies_gc_attack_compute    (const AciesGcTables     *tables,
                                          const AciesGcAttackSpec *spec,
                                          AciesGcAttackCalc       *calc);

/* ---- Odds (exact, one d8) ---- */

typedef struct
{
  guint    count[ACIES_GC_N_RESULTS];        /* faces (of 8) giving each result */
  gboolean provisional[ACIES_GC_N_RESULTS];  /* some face reads a provisional cell */
} AciesGcDistribution;

/* GC 9.3: the exact distribution of results for Combat Class @cc and final
 * DRM @drm over the eight faces of the die (no Fortuna). */
void          acies_gc_distribution      (const AciesGcTables   *tables,
                                          AciesGcCc              cc,
                                          gint                   drm,
                                          AciesGcDistribution   *out);
/* The same as an AciesOdds (results with probability > 0, worst for the
 * defender first: DE DX EX AX AA), with @calc's modifiers, each citing its
 * rule.  Free with acies_odds_free(). */
AciesOdds    *acies_gc_odds_from_calc    (const AciesGcTables     *tables,
                                          const AciesGcAttackCalc *calc);

/* The odds of @primary attacking @target in @s with @n_supporters
 * Supporters (GC 9.1–9.3); NULL if a unit is off the board.  Used by
 * get_odds and `acies-cli odds`. */
AciesOdds    *acies_gc_state_attack_odds (const AciesGcState *s,
                                          guint               primary,
                                          guint               target,
                                          guint               n_supporters,
                                          gboolean            aquila);

/* ---- A small board: Exhaustion choices and the Rout Check ---- */

/**
 * AciesGcPiece:
 * A unit on a small board description: its square, side, wing, kind and
 * status (ACIES_GC_UNIT_FRESH, _EXHAUSTED or _HERO; any other status is
 * off the board and ignored), whether it stands on Broken Ground, and its
 * printed Morale (0 = none).
 */
typedef struct
{
  gint          col, row;
  gint          side;
  gint          wing;
  AciesGcKind   kind;
  AciesGcStatus status;
  gboolean      broken;
  gint          morale;
} AciesGcPiece;

gboolean      acies_gc_piece_on_board    (const AciesGcPiece *p);
/* Fresh, a Revealed Hero, or Mounted (always Fresh) (2.2, 10.0). */
gboolean      acies_gc_piece_fresh_like  (const AciesGcPiece *p);
guint         acies_gc_piece_distance    (const AciesGcPiece *a,
                                          const AciesGcPiece *b);

/* GC 9.1, GC-G40: a Fresh-like unit of the Primary's side, other than the
 * Primary, is adjacent to the Defender (any wing, Mounted included). */
gboolean      acies_gc_pieces_flanked    (const AciesGcPiece *pieces,
                                          guint               n,
                                          guint               primary,
                                          guint               defender);

/* GC 9.0: the units of @wing that may Support @primary against @defender:
 * Fresh-like Foot units adjacent to the Primary or the Defender, not
 * @excluded (may be NULL; per piece), and a Phalanx on Broken Ground
 * neither supports nor is supported across the edge of the Broken Ground.
 * Writes indices to @out (n entries at most) and returns the count. */
guint         acies_gc_pieces_supporters (const AciesGcPiece *pieces,
                                          guint               n,
                                          guint               primary,
                                          guint               defender,
                                          const gboolean     *excluded,
                                          gint               *out);

/* GC 9.4: the units that may take the Defender's Exhaustion: the target or
 * a Fresh-like wing-mate adjacent to it; if the target is Exhausted, an
 * adjacent Fresh wing-mate (not a Revealed Hero) must take it, else the
 * target; if the target is Flanked by a Fresh unit now (@flanked_now) the
 * target must take it.  Returns the count written to @out. */
guint         acies_gc_pieces_defender_losses (const AciesGcPiece *pieces,
                                               guint               n,
                                               guint               target,
                                               gboolean            flanked_now,
                                               gint               *out);

typedef enum
{
  ACIES_GC_ROUT_NONE,     /* not checked: not this side's Foot on the board */
  ACIES_GC_ROUT_PASS,
  ACIES_GC_ROUT_FAIL,
  ACIES_GC_ROUT_MORALE,   /* fails the conditions; Veteran morale roll decides (9.5, 11.1) */
} AciesGcRoutVerdict;

/* GC 9.5: the simultaneous Rout Check of @side's Foot units, on one
 * snapshot.  Other Foot: within two spaces of two wing-mates, or of a
 * wing-mate that is, or of a wing-mate within two of such one.  Phalanx:
 * adjacent to two wing-mates, or to one that is; a Phalanx on Broken Ground
 * is adjacent only to units on Broken Ground.  Under the Veteran rule
 * (@veteran) a Fresh unit with a printed Morale that fails every condition
 * gets ACIES_GC_ROUT_MORALE (GC-G49).  @out has @n entries. */
void          acies_gc_pieces_rout_check (const AciesGcPiece *pieces,
                                          guint               n,
                                          gint                side,
                                          gboolean            veteran,
                                          AciesGcRoutVerdict *out);

/* GC 9.5, 11.1: a morale roll passes if greater than the printed Morale. */
gboolean      acies_gc_morale_passes     (gint  morale,
                                          guint roll);

/* ---- Exhaustion and Heroes (GC 9.4, 10.0; acies-gc-heroes.c) ---- */

typedef enum
{
  ACIES_GC_FLIP_EXHAUSTED,    /* a Fresh unit flips to its Exhausted side */
  ACIES_GC_FLIP_HERO,         /* a Fresh unit flips and reveals a Hero (10.0) */
  ACIES_GC_FLIP_BRITTLE,      /* a Fresh unit flips, Brittle: eliminated (9.4) */
  ACIES_GC_FLIP_ELIMINATED,   /* Exhausted, Revealed Hero or Mounted: eliminated (9.4, 10.0, 2.2) */
} AciesGcFlip;

AciesGcFlip   acies_gc_exhaust_outcome   (AciesGcStatus status,
                                          AciesGcKind   kind,
                                          AciesGcBack   back);
/* GC 9.5, 10.0, GC-G48: whether losing a Hero lowers the Rally Limit:
 * never in a Line Change (11.2); an unrevealed Hero only if
 * @unrevealed_costs (the option). */
gboolean      acies_gc_hero_loss_costs_rally (gboolean     revealed,
                                              AciesGcCause cause,
                                              gboolean     unrevealed_costs);
/* GC 9.5, GC-G41: whether the elimination of a unit of @kind by @cause
 * makes its side check Rout. */
gboolean      acies_gc_triggers_rout     (AciesGcKind  kind,
                                          gboolean     hero,
                                          AciesGcCause cause,
                                          gboolean     mounted_triggers);

/* ---- Odds queries (acies-gc-odds.c, the ruleset's query_odds) ---- */

GPtrArray    *acies_gc_odds_query        (void);
AciesOdds    *acies_gc_query_odds        (AciesRuleset            *ruleset,
                                          const AciesState        *state,
                                          JsonObject              *query,
                                          GError                 **error);

G_END_DECLS
