/* acies-gc-combat.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-grass-crown"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-error.h"
#include "rulesets/grass-crown/acies-gc-combat.h"

/*
 * The Grass Crown Combat Phase, GC 9.0–9.6: first the rules as pure
 * functions (acies-gc-combat.h), then the phase on the game state: attack
 * declarations with their Supporters, the roll (through acies_gc_roll(), so
 * Fortuna may intervene, 12.0), the result, the Exhaustion choices of both
 * players, Brittle and Hero reveals, and the simultaneous Rout Check after
 * every Foot elimination in Combat, with the Veteran morale rolls.
 */

/* ---- The Combat Class ladder (GC 2.2, 9.1) ---- */

/**
 * acies_gc_cc_shift:
 * @cc: a Combat Class
 * @net: the net of the 9.1 modifiers (+1 is one step better)
 *
 * GC 9.1: "calculate and then apply the net modifier, noting that it maxes
 * out at ★ or D".
 *
 * Returns: the shifted class, clamped to D … ★
 */
AciesGcCc
acies_gc_cc_shift (AciesGcCc cc,
                   gint      net)
{
  return CLAMP ((gint) cc + net, ACIES_GC_CC_D, ACIES_GC_CC_STAR);
}

/**
 * acies_gc_cc_from_string:
 * @text: "A", "B", "C", "D", "★" or "*"
 * @cc: (out): the class
 *
 * Returns: FALSE if @text names no Combat Class
 */
gboolean
acies_gc_cc_from_string (const char *text,
                         AciesGcCc  *cc)
{
  static const struct { const char *name; AciesGcCc cc; } names[] = {
    { "D", ACIES_GC_CC_D }, { "C", ACIES_GC_CC_C }, { "B", ACIES_GC_CC_B },
    { "A", ACIES_GC_CC_A }, { "*", ACIES_GC_CC_STAR }, { "★", ACIES_GC_CC_STAR },
    { "star", ACIES_GC_CC_STAR },
  };

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (text, names[i].name) == 0 || g_strcmp0 (text, names[i].name) == 0)
      {
        *cc = names[i].cc;
        return TRUE;
      }
  return FALSE;
}

static const char * const kind_names[ACIES_GC_N_KINDS] = { "L", "H", "P", "C", "E", "W" };

/**
 * acies_gc_kind_from_string:
 * @text: a unit type id of the catalogue ("L", "H", "P", "C", "E", "W")
 * @kind: (out): the kind
 *
 * Returns: FALSE for another text
 */
gboolean
acies_gc_kind_from_string (const char  *text,
                           AciesGcKind *kind)
{
  for (guint i = 0; i < ACIES_GC_N_KINDS; i++)
    if (g_strcmp0 (text, kind_names[i]) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

const char *
acies_gc_kind_name (AciesGcKind kind)
{
  return (guint) kind < ACIES_GC_N_KINDS ? kind_names[kind] : "?";
}

/**
 * acies_gc_result_from_string:
 * @text: "DE", "DX", "AX", "EX" or "AA" (9.3)
 * @result: (out): the result
 *
 * Returns: FALSE for another text
 */
gboolean
acies_gc_result_from_string (const char    *text,
                             AciesGcResult *result)
{
  for (guint r = 0; r < ACIES_GC_N_RESULTS; r++)
    if (g_strcmp0 (text, acies_gc_result_name (r)) == 0)
      {
        *result = r;
        return TRUE;
      }
  return FALSE;
}

/* ---- Tables (GC 9.2, 9.3) ---- */

/**
 * acies_gc_tables_from_catalogue:
 * @catalogue: the Grass Crown catalogue
 * @tables: (out caller-allocates): the tables as numbers
 * @error: ACIES_ENGINE_ERROR_INVALID if a table is missing or a cell is not
 *   a result or an integer (the message names the table, row and column)
 *
 * Reads the tables "crt" (rows ★ A B C D, columns −2 … 8+, GC 9.3) and
 * "unit-type-matrix" (GC 9.2) with the source of every cell.
 *
 * Returns: TRUE on success
 */
gboolean
acies_gc_tables_from_catalogue (const AciesCatalogue *catalogue,
                                AciesGcTables        *tables,
                                GError              **error)
{
  const AciesTable *crt = acies_catalogue_find_table (catalogue, "crt");
  const AciesTable *utm = acies_catalogue_find_table (catalogue, "unit-type-matrix");

  memset (tables, 0, sizeof *tables);
  if (crt == NULL || utm == NULL)
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                   "The %s catalogue has no table “%s” (GC %s)", catalogue->id,
                   crt == NULL ? "crt" : "unit-type-matrix", crt == NULL ? "9.3" : "9.2");
      return FALSE;
    }

  for (guint cc = ACIES_GC_CC_D; cc <= ACIES_GC_CC_STAR; cc++)
    for (gint roll = -2; roll <= 8; roll++)
      {
        const char *row = cc == ACIES_GC_CC_STAR ? "*" : acies_gc_cc_name (cc);
        g_autofree char *column = roll == 8 ? g_strdup ("8+") : g_strdup_printf ("%d", roll);
        const AciesTableCell *cell = acies_table_lookup (crt, row, column);
        AciesGcResult result;

        if (cell == NULL || cell->value == NULL || !JSON_NODE_HOLDS_VALUE (cell->value)
            || json_node_get_value_type (cell->value) != G_TYPE_STRING
            || !acies_gc_result_from_string (json_node_get_string (cell->value), &result))
          {
            g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                         "Table “crt”, row %s, column %s: expected one of DE, DX, AX, EX, AA (GC 9.3)",
                         row, column);
            return FALSE;
          }
        tables->crt[cc][roll + 2] = result;
        tables->crt_provisional[cc][roll + 2] = cell->source == ACIES_SOURCE_PROVISIONAL;
      }

  for (guint a = 0; a < ACIES_GC_N_KINDS; a++)
    for (guint d = 0; d < ACIES_GC_N_KINDS; d++)
      {
        const AciesTableCell *cell = acies_table_lookup (utm, kind_names[a], kind_names[d]);

        if (cell == NULL)
          continue;   /* not printed: Mounted never attack (GC-G04) */
        if (cell->value == NULL || !JSON_NODE_HOLDS_VALUE (cell->value)
            || json_node_get_value_type (cell->value) != G_TYPE_INT64)
          {
            g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID,
                         "Table “unit-type-matrix”, row %s, column %s: expected an integer DRM (GC 9.2)",
                         kind_names[a], kind_names[d]);
            return FALSE;
          }
        tables->utm[a][d] = json_node_get_int (cell->value);
        tables->utm_known[a][d] = TRUE;
      }
  return TRUE;
}

/**
 * acies_gc_tables_from_static:
 * @st: a game's shared data (tables with the scenario's overrides)
 * @tables: (out caller-allocates): the tables
 */
void
acies_gc_tables_from_static (const AciesGcStatic *st,
                             AciesGcTables       *tables)
{
  memcpy (tables->crt, st->crt, sizeof tables->crt);
  memcpy (tables->crt_provisional, st->crt_provisional, sizeof tables->crt_provisional);
  memcpy (tables->utm, st->utm, sizeof tables->utm);
  memcpy (tables->utm_known, st->utm_known, sizeof tables->utm_known);
}

/**
 * acies_gc_crt_clamp:
 * @modified_roll: the die plus the final DRM
 *
 * GC 9.3: "Results higher than 8 are treated as 8, and results lower than
 * −2 are treated as −2."
 *
 * Returns: the roll clamped to −2 … 8
 */
gint
acies_gc_crt_clamp (gint modified_roll)
{
  return CLAMP (modified_roll, -2, 8);
}

/**
 * acies_gc_tables_crt:
 * @tables: the tables
 * @cc: the Primary's modified Combat Class
 * @modified_roll: die plus DRM (clamped here, 9.3)
 * @provisional: (out) (optional): whether the cell is provisional (GC-G03)
 *
 * Returns: the CRT result (GC 9.3)
 */
AciesGcResult
acies_gc_tables_crt (const AciesGcTables *tables,
                     AciesGcCc            cc,
                     gint                 modified_roll,
                     gboolean            *provisional)
{
  gint col = acies_gc_crt_clamp (modified_roll) + 2;
  gint row = CLAMP ((gint) cc, ACIES_GC_CC_D, ACIES_GC_CC_STAR);

  if (provisional != NULL)
    *provisional = tables->crt_provisional[row][col];
  return tables->crt[row][col];
}

/* ---- An attack's Combat Class and DRM (GC 9.1, 9.2) ---- */

static void
add_modifier (AciesGcAttackCalc *calc,
              const char        *label,
              gint               value,
              const char        *rule,
              gboolean           cc)
{
  AciesGcModifier *m;

  g_return_if_fail (calc->n_modifiers < ACIES_GC_MAX_MODIFIERS);
  m = &calc->modifiers[calc->n_modifiers++];
  m->label = label;
  m->value = value;
  m->rule = rule;
  m->cc = cc;
}

/**
 * acies_gc_attack_compute:
 * @tables: the tables
 * @spec: the attack
 * @calc: (out caller-allocates): its Combat Class, DRM and the modifiers
 *
 * GC 9.1: the Primary's printed CC, +1 against an Exhausted Defender, +1
 * Flanking Bonus, +1 downhill, −1 uphill, −1 into or out of a River, −1
 * into Broken Ground; the net is applied once and clamped to ★ … D.
 * GC 9.2: the Unit Type Modifier Matrix, −1 per Supporter, −1 for Aquila
 * plus Combat.  Every modifier that applies is listed with its rule.
 */
void
acies_gc_attack_compute (const AciesGcTables     *tables,
                         const AciesGcAttackSpec *spec,
                         AciesGcAttackCalc       *calc)
{
  gint net = 0;

  memset (calc, 0, sizeof *calc);

  if (spec->defender_exhausted)
    {
      add_modifier (calc, "Defender Exhausted", 1, "GC 9.1", TRUE);
      net++;
    }
  if (spec->flanked)
    {
      add_modifier (calc, "Flanking Bonus", 1, "GC 9.1", TRUE);
      net++;
    }
  if (spec->defender_elevation < spec->primary_elevation)
    {
      add_modifier (calc, "Attacking downhill", 1, "GC 9.1, 8.9", TRUE);
      net++;
    }
  else if (spec->defender_elevation > spec->primary_elevation)
    {
      add_modifier (calc, "Attacking uphill", -1, "GC 9.1, 8.9", TRUE);
      net--;
    }
  if (spec->river)
    {
      add_modifier (calc, "Attacking into or out of a River", -1, "GC 9.1, 8.9", TRUE);
      net--;
    }
  if (spec->defender_broken)
    {
      add_modifier (calc, "Attacking into Broken Ground", -1, "GC 9.1, 8.9", TRUE);
      net--;
    }
  calc->cc_net = net;
  calc->cc = acies_gc_cc_shift (spec->printed_cc, net);

  calc->utm_known = tables->utm_known[spec->attacker_kind][spec->defender_kind];
  calc->utm = calc->utm_known ? tables->utm[spec->attacker_kind][spec->defender_kind] : 0;
  add_modifier (calc, calc->utm_known ? "Unit Type Modifier Matrix" : "Unit Type Modifier Matrix (no such cell: 0)",
                calc->utm, "GC 9.2", FALSE);
  calc->drm = calc->utm;
  if (spec->n_supporters > 0)
    {
      add_modifier (calc, "Support", -(gint) spec->n_supporters, "GC 9.2", FALSE);
      calc->drm -= spec->n_supporters;
    }
  if (spec->aquila)
    {
      add_modifier (calc, "Aquila plus Combat", -1, "GC 9.2, 9.6", FALSE);
      calc->drm--;
    }
}

/* ---- Odds ---- */

/**
 * acies_gc_distribution:
 * @tables: the tables
 * @cc: the modified Combat Class
 * @drm: the final DRM
 * @out: (out caller-allocates): how many of the eight faces give each result
 *
 * GC 9.3: each face 1 … 8 of the die plus @drm, clamped, read in row @cc.
 */
void
acies_gc_distribution (const AciesGcTables *tables,
                       AciesGcCc            cc,
                       gint                 drm,
                       AciesGcDistribution *out)
{
  memset (out, 0, sizeof *out);
  for (gint face = 1; face <= 8; face++)
    {
      gboolean provisional;
      AciesGcResult r = acies_gc_tables_crt (tables, cc, face + drm, &provisional);

      out->count[r]++;
      out->provisional[r] |= provisional;
    }
}

/**
 * acies_gc_odds_from_calc:
 * @tables: the tables
 * @calc: an attack's class and DRM (acies_gc_attack_compute())
 *
 * Returns: (transfer full): the exact odds of each result with the
 *   modifiers that produced them; provisional cells are marked
 */
AciesOdds *
acies_gc_odds_from_calc (const AciesGcTables     *tables,
                         const AciesGcAttackCalc *calc)
{
  static const AciesGcResult order[] = {
    ACIES_GC_RESULT_DE, ACIES_GC_RESULT_DX, ACIES_GC_RESULT_EX, ACIES_GC_RESULT_AX, ACIES_GC_RESULT_AA,
  };
  AciesGcDistribution dist;
  AciesOdds *odds = acies_odds_new ();

  acies_gc_distribution (tables, calc->cc, calc->drm, &dist);
  odds->summary = g_strdup_printf (_("%s row at %s%d"), acies_gc_cc_name (calc->cc),
                                   calc->drm > 0 ? "+" : "", calc->drm);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (dist.count[order[i]] > 0)
      acies_odds_add_outcome (odds, acies_gc_result_name (order[i]), dist.count[order[i]] / 8.0,
                              dist.provisional[order[i]]);
  for (guint i = 0; i < calc->n_modifiers; i++)
    {
      const AciesGcModifier *m = &calc->modifiers[i];
      g_autofree char *label = g_strdup_printf ("%s (%s)", m->label, m->cc ? "CC" : "DRM");

      acies_odds_add_modifier (odds, label, m->value, m->rule);
    }
  return odds;
}

/* ---- A small board ---- */

gboolean
acies_gc_piece_on_board (const AciesGcPiece *p)
{
  return p->status == ACIES_GC_UNIT_FRESH || p->status == ACIES_GC_UNIT_EXHAUSTED
         || p->status == ACIES_GC_UNIT_HERO;
}

gboolean
acies_gc_piece_fresh_like (const AciesGcPiece *p)
{
  if (!acies_gc_piece_on_board (p))
    return FALSE;
  return p->status != ACIES_GC_UNIT_EXHAUSTED || p->kind >= ACIES_GC_KIND_C;
}

guint
acies_gc_piece_distance (const AciesGcPiece *a,
                         const AciesGcPiece *b)
{
  return abs (a->col - b->col) + abs (a->row - b->row);
}

static gboolean
pieces_adjacent (const AciesGcPiece *a,
                 const AciesGcPiece *b)
{
  return acies_gc_piece_distance (a, b) == 1;
}

/* GC 8.9, 9.0, 9.5: a Phalanx on Broken Ground is cut off from friendly
 * units that are not on Broken Ground (GC-G36: all friendly units). */
static gboolean
broken_ground_cut (const AciesGcPiece *a,
                   const AciesGcPiece *b)
{
  if (a->broken == b->broken)
    return FALSE;
  return (a->kind == ACIES_GC_KIND_P && a->broken) || (b->kind == ACIES_GC_KIND_P && b->broken);
}

gboolean
acies_gc_pieces_flanked (const AciesGcPiece *pieces,
                         guint               n,
                         guint               primary,
                         guint               defender)
{
  for (guint i = 0; i < n; i++)
    if (i != primary && i != defender && pieces[i].side == pieces[primary].side
        && acies_gc_piece_fresh_like (&pieces[i]) && pieces_adjacent (&pieces[i], &pieces[defender]))
      return TRUE;
  return FALSE;
}

guint
acies_gc_pieces_supporters (const AciesGcPiece *pieces,
                            guint               n,
                            guint               primary,
                            guint               defender,
                            const gboolean     *excluded,
                            gint               *out)
{
  guint count = 0;

  for (guint i = 0; i < n; i++)
    {
      const AciesGcPiece *p = &pieces[i];

      if (i == primary || i == defender || p->wing != pieces[primary].wing || p->side != pieces[primary].side)
        continue;
      if (p->kind >= ACIES_GC_KIND_C || !acies_gc_piece_fresh_like (p))
        continue;   /* GC 9.0: Mounted cannot Support; Exhausted cannot */
      if (excluded != NULL && excluded[i])
        continue;
      if (!pieces_adjacent (p, &pieces[primary]) && !pieces_adjacent (p, &pieces[defender]))
        continue;
      if (broken_ground_cut (p, &pieces[primary]))
        continue;   /* GC 9.0, 8.9 */
      out[count++] = i;
    }
  return count;
}

guint
acies_gc_pieces_defender_losses (const AciesGcPiece *pieces,
                                 guint               n,
                                 guint               target,
                                 gboolean            flanked_now,
                                 gint               *out)
{
  const AciesGcPiece *t = &pieces[target];
  gboolean target_exhausted = t->status == ACIES_GC_UNIT_EXHAUSTED && t->kind <= ACIES_GC_KIND_P;
  guint count = 0;

  /* GC 9.4 Exception: Flanked by a Fresh unit when resolving. */
  if (flanked_now)
    {
      out[0] = target;
      return 1;
    }
  if (!target_exhausted)
    out[count++] = target;
  for (guint i = 0; i < n; i++)
    {
      const AciesGcPiece *p = &pieces[i];

      if (i == target || p->side != t->side || p->wing != t->wing || !pieces_adjacent (p, t))
        continue;
      if (target_exhausted ? p->status != ACIES_GC_UNIT_FRESH || p->kind >= ACIES_GC_KIND_C
                           : !acies_gc_piece_fresh_like (p))
        continue;
      out[count++] = i;
    }
  /* GC 9.4: "If no adjacent friendly Fresh Units exist, the target suffers the result." */
  if (count == 0)
    out[count++] = target;
  return count;
}

void
acies_gc_pieces_rout_check (const AciesGcPiece *pieces,
                            guint               n,
                            gint                side,
                            gboolean            veteran,
                            AciesGcRoutVerdict *out)
{
  g_autofree gboolean *c1 = g_new0 (gboolean, n);
  g_autofree gboolean *c2 = g_new0 (gboolean, n);
  g_autofree gboolean *c3 = g_new0 (gboolean, n);

#define CHECKED(i) (pieces[i].side == side && pieces[i].kind <= ACIES_GC_KIND_P \
                    && acies_gc_piece_on_board (&pieces[i]))
  /* The relation of each unit: within two spaces (other Foot) or adjacent
   * and not cut by Broken Ground (Phalanx), to wing-mates on the board. */
#define LINKED(i, j) ((i) != (j) && pieces[j].side == side && pieces[j].wing == pieces[i].wing \
                      && acies_gc_piece_on_board (&pieces[j]) \
                      && (pieces[i].kind == ACIES_GC_KIND_P \
                          ? pieces_adjacent (&pieces[i], &pieces[j]) && !broken_ground_cut (&pieces[i], &pieces[j]) \
                          : acies_gc_piece_distance (&pieces[i], &pieces[j]) <= 2))

  /* Condition (1). */
  for (guint i = 0; i < n; i++)
    {
      guint links = 0;

      if (!CHECKED (i))
        continue;
      for (guint j = 0; j < n; j++)
        if (LINKED (i, j))
          links++;
      c1[i] = links >= 2;
    }
  /* Condition (2): linked to a unit that meets (1); for a Phalanx the
   * neighbour must meet the Phalanx's (1) (GC-G50), i.e. its own (1). */
  for (guint i = 0; i < n; i++)
    if (CHECKED (i))
      for (guint j = 0; j < n; j++)
        if (LINKED (i, j) && c1[j])
          c2[i] = TRUE;
  /* Condition (3), other Foot only. */
  for (guint i = 0; i < n; i++)
    if (CHECKED (i) && pieces[i].kind != ACIES_GC_KIND_P)
      for (guint j = 0; j < n; j++)
        if (LINKED (i, j) && c2[j])
          c3[i] = TRUE;

  for (guint i = 0; i < n; i++)
    {
      if (!CHECKED (i))
        out[i] = ACIES_GC_ROUT_NONE;
      else if (c1[i] || c2[i] || c3[i])
        out[i] = ACIES_GC_ROUT_PASS;
      else if (veteran && pieces[i].status == ACIES_GC_UNIT_FRESH && pieces[i].morale > 0)
        out[i] = ACIES_GC_ROUT_MORALE;   /* GC 9.5, 11.1, GC-G49 */
      else
        out[i] = ACIES_GC_ROUT_FAIL;
    }
#undef CHECKED
#undef LINKED
}

gboolean
acies_gc_morale_passes (gint  morale,
                        guint roll)
{
  return (gint) roll > morale;
}

/* ---- The Combat Phase on the game state ---- */

/* AciesGcCombat.step; the defender's decisions are numbered from 100
 * (acies_gc_sync_base() makes the defender the deciding side for them). */
enum
{
  CSTEP_DECLARE,         /* acting: ATTACK, or END_PHASE when no attack is left (9.0) */
  CSTEP_SUPPORT,         /* acting: SUPPORT or RESOLVE (9.0) */
  CSTEP_ROLL,            /* the combat roll is out (Fortuna, 12.0) */
  CSTEP_ATTACKER_LOSS,   /* acting: which participant takes the Exhaustion (9.4) */
  CSTEP_MORALE,          /* a Veteran morale roll is out (9.5) */
  CSTEP_DX_TO_EX = 100,  /* defender on Broken Ground: change DX into EX? (9.4) */
  CSTEP_DEFENDER_LOSS,   /* defender: which unit takes the Exhaustion (9.4) */
};

/* AciesGcCombat.scratch */
enum
{
  SC_WING,            /* the acting wing */
  SC_ATT_LOSSES,      /* attacker Exhaustions still to take (AX, EX) */
  SC_ATT_ALL,         /* AA: every participant is Exhausted */
  SC_DEF_LOSSES,      /* defender Exhaustions still to take (DX, EX) */
  SC_DE,              /* DE: the target is eliminated */
  SC_ROUT,            /* bit per side: a Rout Check is due (9.5) */
  SC_CC,              /* the attack's modified Combat Class */
  SC_DRM,             /* its final DRM */
  SC_DECIDER,         /* the side that decides now */
  SC_MORALE_SIDE,     /* side whose morale rolls are under way, or −1 */
  SC_N_SUPPORT,       /* Supporters of the declared attack */
};

/* A unit waiting for its Veteran morale roll (bit 7 of the per-phase flags,
 * unused by the lead's code). */
#define UF_MORALE (1 << 7)
#define UF_COMBAT (ACIES_GC_UF_ATTACKED | ACIES_GC_UF_TARGETED | ACIES_GC_UF_SUPPORT | UF_MORALE)

static void combat_continue (AciesGcState *s, AciesDice *dice, GPtrArray *events);
static gboolean rout_check (AciesGcState *s, gint side, AciesDice *dice, GPtrArray *events);

static gint
combat_wing (const AciesGcState *s)
{
  return s->combat.scratch[SC_WING];
}

/* The whole board as pieces, indexed like s->units. */
static AciesGcPiece *
state_pieces (const AciesGcState *s)
{
  AciesGcPiece *pieces = g_new0 (AciesGcPiece, s->n_units);

  for (guint u = 0; u < s->n_units; u++)
    {
      const AciesGcUnit *unit = &s->units[u];
      const AciesGcCounter *c = acies_gc_counter (s, u);
      AciesGcPiece *p = &pieces[u];

      p->side = unit->side;
      p->wing = unit->wing;
      p->kind = unit->kind;
      p->status = acies_gc_on_board (s, u) ? unit->status : ACIES_GC_UNIT_ELIMINATED;
      if (p->status == ACIES_GC_UNIT_FRESH && acies_gc_is_mounted (s, u))
        p->status = ACIES_GC_UNIT_FRESH;
      p->morale = c != NULL ? c->morale : 0;
      if (acies_gc_on_board (s, u))
        {
          p->col = acies_gc_col (s, unit->cell);
          p->row = acies_gc_row (s, unit->cell);
          p->broken = acies_gc_terrain (s, unit->cell) == ACIES_GC_TERRAIN_BROKEN;
        }
    }
  return pieces;
}

static gboolean
is_participant (const AciesGcState *s,
                guint               u)
{
  return (s->units[u].flags & ACIES_GC_UF_SUPPORT) && acies_gc_on_board (s, u);
}

/* GC 9.0: a unit of the acting wing that may still be the Primary. */
static gboolean
may_attack (const AciesGcState *s,
            guint               u)
{
  return s->units[u].wing == combat_wing (s) && acies_gc_on_board (s, u) && acies_gc_is_foot (s, u)
         && acies_gc_is_fresh_like (s, u) && !(s->units[u].flags & ACIES_GC_UF_ATTACKED);
}

static gboolean
may_be_target (const AciesGcState *s,
               guint               primary,
               gint                t)
{
  return t >= 0 && acies_gc_on_board (s, t) && acies_gc_is_enemy (s, primary, t)
         && !(s->units[t].flags & ACIES_GC_UF_TARGETED);
}

static void
set_decider (AciesGcState *s,
             gint          side)
{
  s->combat.scratch[SC_DECIDER] = side;
  s->absorb_side = side;
  acies_gc_sync_base (s);
  if (!s->base.finished)
    s->base.deciding_side = side;
}

/* The attack being declared as an AciesGcAttackSpec (9.1, 9.2). */
static void
state_attack_spec (const AciesGcState *s,
                   const AciesGcPiece *pieces,
                   guint               primary,
                   guint               target,
                   guint               n_supporters,
                   AciesGcAttackSpec  *spec)
{
  AciesCell pc = s->units[primary].cell;
  AciesCell tc = s->units[target].cell;

  memset (spec, 0, sizeof *spec);
  spec->printed_cc = acies_gc_printed_cc (s, primary);
  spec->attacker_kind = s->units[primary].kind;
  spec->defender_kind = s->units[target].kind;
  spec->defender_exhausted = s->units[target].status == ACIES_GC_UNIT_EXHAUSTED;
  spec->flanked = acies_gc_pieces_flanked (pieces, s->n_units, primary, target);
  spec->primary_elevation = acies_gc_elevation (s, pc);
  spec->defender_elevation = acies_gc_elevation (s, tc);
  spec->river = acies_gc_terrain (s, pc) == ACIES_GC_TERRAIN_RIVER || acies_gc_terrain (s, tc) == ACIES_GC_TERRAIN_RIVER;
  spec->defender_broken = acies_gc_terrain (s, tc) == ACIES_GC_TERRAIN_BROKEN;
  spec->n_supporters = n_supporters;
  spec->aquila = s->combat.aquila != 0;
}

static guint
count_supporters (const AciesGcState *s)
{
  guint n = 0;

  for (guint u = 0; u < s->n_units; u++)
    if ((gint) u != s->combat.primary && is_participant (s, u))
      n++;
  return n;
}

/* GC 9.0: the units that may still Support the declared attack. */
static guint
support_candidates (const AciesGcState *s,
                    const AciesGcPiece *pieces,
                    gint               *out)
{
  g_autofree gboolean *excluded = g_new0 (gboolean, s->n_units);

  for (guint u = 0; u < s->n_units; u++)
    excluded[u] = (s->units[u].flags & (ACIES_GC_UF_ATTACKED | ACIES_GC_UF_SUPPORT)) != 0;
  return acies_gc_pieces_supporters (pieces, s->n_units, s->combat.primary, s->combat.target, excluded, out);
}

/* GC 9.0, GC-G39: a Support candidate whose every adjacent enemy is
 * targeted already would never take part if it did not Support now. */
static gboolean
must_support (const AciesGcState *s,
              guint               u)
{
  gint nb[4];
  guint n = acies_gc_neighbours (s, u, nb);
  gboolean any = FALSE;

  for (guint i = 0; i < n; i++)
    {
      if (!acies_gc_is_enemy (s, u, nb[i]))
        continue;
      any = TRUE;
      if (!(s->units[nb[i]].flags & ACIES_GC_UF_TARGETED))
        return FALSE;
    }
  return any;
}

/**
 * acies_gc_combat_begin:
 * @s: the state, at the Combat slot of the acting wing
 * @dice: the dice (unused: nothing is rolled yet)
 * @events: (nullable): events
 *
 * GC 9.0: the acting wing's Combat Phase begins; with Aquila plus Combat
 * every roll gets −1 (9.2, 9.6: no extra phase, GC-G43).
 */
void
acies_gc_combat_begin (AciesGcState *s,
                       AciesDice    *dice,
                       GPtrArray    *events)
{
  gint wing = s->slots[s->slot].wing;

  memset (&s->combat, 0, sizeof s->combat);
  s->combat.step = CSTEP_DECLARE;
  s->combat.primary = -1;
  s->combat.target = -1;
  s->combat.result = -1;
  s->combat.aquila = s->aquila == ACIES_GC_AQUILA_PLUS ? 1 : 0;
  s->combat.scratch[SC_WING] = wing;
  s->combat.scratch[SC_MORALE_SIDE] = -1;
  for (guint u = 0; u < s->n_units; u++)
    s->units[u].flags &= ~UF_COMBAT;
  s->phase = ACIES_GC_PHASE_COMBAT;
  s->step = ACIES_GC_STEP_COMBAT;
  acies_events_add (events, "combat-phase", "GC 9.0", s->acting,
                    s->combat.aquila
                    /* TRANSLATORS: a line of the game log (GC 9.0): the first %s is a side's
                     * name, the second a wing's name. */
                    ? _("%s: %s: Combat Phase (Aquila plus Combat: −1 on every roll)")
                    /* TRANSLATORS: a line of the game log (GC 9.0): the first %s is a side's
                     * name, the second a wing's name. */
                    : _("%s: %s: Combat Phase"),
                    acies_gc_side_name (s, s->acting), acies_gc_wing (s, wing)->label);
  set_decider (s, s->acting);
}

/**
 * acies_gc_combat_legal_actions:
 * @s: a state at ACIES_GC_STEP_COMBAT
 * @out: (element-type AciesAction): the legal actions are appended
 *
 * GC 9.0–9.5, by sub-step: ATTACK (primary, target) for each Fresh unit of
 * the acting wing and each adjacent enemy not yet targeted, END_PHASE only
 * when no attack is left (9.0: Fresh units next to the enemy must take
 * part); SUPPORT for each eligible unit and RESOLVE once no eligible unit
 * would be left out for good; ABSORB for the losing side's eligible units
 * (9.4); DX_TO_EX yes/no for a defender on Broken Ground (9.4).
 */
void
acies_gc_combat_legal_actions (const AciesGcState *s,
                               GArray             *out)
{
  gint decider = s->combat.scratch[SC_DECIDER];

  switch (s->combat.step)
    {
    case CSTEP_DECLARE:
      {
        guint before = out->len;

        for (guint u = 0; u < s->n_units; u++)
          {
            gint nb[4];
            guint n;

            if (!may_attack (s, u))
              continue;
            n = acies_gc_neighbours (s, u, nb);
            for (guint i = 0; i < n; i++)
              if (may_be_target (s, u, nb[i]))
                acies_gc_add_action (out, ACIES_GC_ACTION_ATTACK, s->acting, u, nb[i], -1, -1, -1);
          }
        if (out->len == before)
          acies_gc_add_action (out, ACIES_GC_ACTION_END_PHASE, s->acting, -1, -1, -1, -1, -1);
      }
      break;

    case CSTEP_SUPPORT:
      {
        g_autofree AciesGcPiece *pieces = state_pieces (s);
        g_autofree gint *cand = g_new (gint, s->n_units);
        guint n = support_candidates (s, pieces, cand);
        gboolean forced = FALSE;

        for (guint i = 0; i < n; i++)
          {
            acies_gc_add_action (out, ACIES_GC_ACTION_SUPPORT, s->acting, cand[i], -1, -1, -1, -1);
            forced |= must_support (s, cand[i]);
          }
        if (!forced)
          acies_gc_add_action (out, ACIES_GC_ACTION_RESOLVE, s->acting, -1, -1, -1, -1, -1);
      }
      break;

    case CSTEP_DX_TO_EX:
      acies_gc_add_action (out, ACIES_GC_ACTION_DX_TO_EX, decider, 0, -1, -1, -1, -1);
      acies_gc_add_action (out, ACIES_GC_ACTION_DX_TO_EX, decider, 1, -1, -1, -1, -1);
      break;

    case CSTEP_ATTACKER_LOSS:
      for (guint u = 0; u < s->n_units; u++)
        if (is_participant (s, u))
          acies_gc_add_action (out, ACIES_GC_ACTION_ABSORB, decider, u, -1, -1, -1, -1);
      break;

    case CSTEP_DEFENDER_LOSS:
      {
        g_autofree AciesGcPiece *pieces = state_pieces (s);
        g_autofree gint *cand = g_new (gint, s->n_units);
        gboolean flanked = acies_gc_pieces_flanked (pieces, s->n_units, s->combat.primary, s->combat.target);
        guint n = acies_gc_pieces_defender_losses (pieces, s->n_units, s->combat.target, flanked, cand);

        for (guint i = 0; i < n; i++)
          acies_gc_add_action (out, ACIES_GC_ACTION_ABSORB, decider, cand[i], -1, -1, -1, -1);
      }
      break;

    default:
      break;
    }
}

/* GC 9.4: @u takes an Exhaustion in Combat; a Foot (or Hero) elimination
 * makes its side check Rout (9.5). */
static void
combat_exhaust (AciesGcState *s,
                guint         u,
                GPtrArray    *events)
{
  gint side = s->units[u].side;
  AciesGcKind kind = s->units[u].kind;

  s->units[u].flags &= ~ACIES_GC_UF_SUPPORT;
  if (acies_gc_exhaust (s, u, ACIES_GC_CAUSE_COMBAT, events)
      && acies_gc_triggers_rout (kind, FALSE, ACIES_GC_CAUSE_COMBAT, s->st->opt.mounted_elim_triggers_rout))
    s->combat.scratch[SC_ROUT] |= 1 << side;
}

/* GC 9.4: whether the target is Flanked by a Fresh unit now. */
static gboolean
flanked_now (const AciesGcState *s,
             const AciesGcPiece *pieces)
{
  return acies_gc_pieces_flanked (pieces, s->n_units, s->combat.primary, s->combat.target);
}

/* Runs the pending work of the attack until a decision or a roll is needed. */
static void
combat_continue (AciesGcState *s,
                 AciesDice    *dice,
                 GPtrArray    *events)
{
  gint *sc = s->combat.scratch;

  for (;;)
    {
      if (s->base.finished)
        return;

      /* GC 9.5: a Rout Check right after each elimination (GC-G42b). */
      if (sc[SC_ROUT] != 0)
        {
          gint side = (sc[SC_ROUT] & 1) ? 0 : 1;

          sc[SC_ROUT] &= ~(1 << side);
          if (rout_check (s, side, dice, events))
            return;   /* a morale roll is out: it goes on in its callback */
          continue;
        }

      if (sc[SC_DE])
        {
          guint t = s->combat.target;
          AciesGcKind kind = s->units[t].kind;

          sc[SC_DE] = 0;
          if (acies_gc_on_board (s, t))
            {
              acies_gc_eliminate (s, t, ACIES_GC_CAUSE_COMBAT, events);
              if (acies_gc_triggers_rout (kind, FALSE, ACIES_GC_CAUSE_COMBAT, s->st->opt.mounted_elim_triggers_rout))
                sc[SC_ROUT] |= 1 << s->units[t].side;
            }
          continue;
        }

      /* GC 9.4: the attacker's loss first (EX: "Attacker first"). */
      if (sc[SC_ATT_LOSSES] > 0 || sc[SC_ATT_ALL])
        {
          gint cand = -1, n = 0;

          for (guint u = 0; u < s->n_units; u++)
            if (is_participant (s, u))
              {
                cand = u;
                n++;
              }
          if (n == 0)
            {
              sc[SC_ATT_LOSSES] = 0;
              sc[SC_ATT_ALL] = 0;
              continue;
            }
          if (n == 1)
            {
              g_autofree char *name = acies_gc_event_unit (s, cand, events);

              acies_events_add (events, "loss-choice", "GC 9.4", s->acting,
                                /* TRANSLATORS: a line of the game log (GC 9.4). Slots in order: %s:
                                 * a unit's name. */
                                _("%s must take the Exhaustion (the only participant left)"), name);
              combat_exhaust (s, cand, events);
              if (!sc[SC_ATT_ALL])
                sc[SC_ATT_LOSSES]--;
              continue;
            }
          s->combat.step = CSTEP_ATTACKER_LOSS;
          set_decider (s, s->acting);
          return;
        }

      if (sc[SC_DEF_LOSSES] > 0)
        {
          g_autofree AciesGcPiece *pieces = NULL;
          g_autofree gint *cand = NULL;
          gboolean flanked;
          guint n;

          if (!acies_gc_on_board (s, s->combat.target))
            {
              sc[SC_DEF_LOSSES] = 0;
              continue;
            }
          pieces = state_pieces (s);
          cand = g_new (gint, s->n_units);
          flanked = flanked_now (s, pieces);
          n = acies_gc_pieces_defender_losses (pieces, s->n_units, s->combat.target, flanked, cand);
          if (n == 1)
            {
              g_autofree char *name = acies_gc_event_unit (s, cand[0], events);

              acies_events_add (events, "loss-choice", "GC 9.4", 1 - s->acting,
                                flanked
                                /* TRANSLATORS: a line of the game log (GC 9.4): %s is a unit's name. */
                                ? _("%s must take the Exhaustion (the target is Flanked)")
                                /* TRANSLATORS: a line of the game log (GC 9.4): %s is a unit's name. */
                                : _("%s must take the Exhaustion"),
                                name);
              sc[SC_DEF_LOSSES]--;
              combat_exhaust (s, cand[0], events);
              continue;
            }
          s->combat.step = CSTEP_DEFENDER_LOSS;
          set_decider (s, 1 - s->acting);
          return;
        }

      /* The attack is over. */
      for (guint u = 0; u < s->n_units; u++)
        s->units[u].flags &= ~ACIES_GC_UF_SUPPORT;
      s->combat.primary = -1;
      s->combat.target = -1;
      s->combat.result = -1;
      s->combat.step = CSTEP_DECLARE;
      set_decider (s, s->acting);
      return;
    }
}

static gboolean
refuse (GError    **error,
        const char *format,
        ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError    **error,
        const char *format,
        ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION, text);
  return FALSE;
}

static gboolean
action_listed (const AciesGcState *s,
               const AciesAction  *action)
{
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));

  acies_gc_combat_legal_actions (s, legal);
  for (guint i = 0; i < legal->len; i++)
    if (acies_action_equal (&g_array_index (legal, AciesAction, i), action))
      return TRUE;
  return FALSE;
}

static void
declare_attack (AciesGcState *s,
                guint         primary,
                guint         target,
                GPtrArray    *events)
{
  s->combat.primary = primary;
  s->combat.target = target;
  s->combat.result = -1;
  s->units[primary].flags |= ACIES_GC_UF_ATTACKED | ACIES_GC_UF_SUPPORT;
  s->units[target].flags |= ACIES_GC_UF_TARGETED;
  s->combat.step = CSTEP_SUPPORT;
  if (events != NULL)
    {
      g_autofree char *name = acies_gc_describe_unit (s, primary);
      g_autofree char *other = acies_gc_describe_unit (s, target);

      /* TRANSLATORS: a line of the game log (GC 9.0). Slots in order: %s: a unit's name; %s: the
       * other unit's name. */
      acies_events_add (events, "attack", "GC 9.0", s->acting, _("%s attacks %s"), name, other);
    }
  set_decider (s, s->acting);
}

static void
resolve_attack (AciesGcState *s,
                AciesDice    *dice,
                GPtrArray    *events)
{
  g_autofree AciesGcPiece *pieces = state_pieces (s);
  guint n_supporters = count_supporters (s);
  AciesGcAttackSpec spec;
  AciesGcAttackCalc calc;
  AciesGcTables tables;

  acies_gc_tables_from_static (s->st, &tables);
  state_attack_spec (s, pieces, s->combat.primary, s->combat.target, n_supporters, &spec);
  acies_gc_attack_compute (&tables, &spec, &calc);
  s->combat.scratch[SC_CC] = calc.cc;
  s->combat.scratch[SC_DRM] = calc.drm;
  s->combat.scratch[SC_N_SUPPORT] = n_supporters;
  for (guint u = 0; u < s->n_units; u++)
    if (is_participant (s, u))
      s->units[u].flags |= ACIES_GC_UF_ATTACKED;

  if (events != NULL)
    {
      GString *mods = g_string_new (NULL);
      g_autofree char *name = acies_gc_describe_unit (s, s->combat.primary);
      g_autofree char *other = acies_gc_describe_unit (s, s->combat.target);

      for (guint i = 0; i < calc.n_modifiers; i++)
        g_string_append_printf (mods, "%s%s %+d (%s)", i > 0 ? ", " : "", calc.modifiers[i].label,
                                calc.modifiers[i].value, calc.modifiers[i].rule);
      acies_events_add (events, "attack-odds", "GC 9.1", s->acting,
                        /* TRANSLATORS: a line of the game log (GC 9.1), in order: the attacker's
                         * name, the target's name, the attacker's kind (HI, LC…), its printed Combat
                         * Class, the Combat Class after column shifts, the die roll modifier, the
                         * number of Supporters, the list of modifiers with their rules. */
                        g_dngettext (GETTEXT_PACKAGE, "%s against %s: %s CC %s → %s, DRM %+d with %u Supporter [%s]",
                                     "%s against %s: %s CC %s → %s, DRM %+d with %u Supporters [%s]", n_supporters),
                        name, other, acies_gc_kind_name (spec.attacker_kind), acies_gc_cc_name (spec.printed_cc),
                        acies_gc_cc_name (calc.cc), calc.drm, n_supporters, mods->str);
      g_string_free (mods, TRUE);
    }

  s->combat.step = CSTEP_ROLL;
  acies_gc_roll (s, ACIES_GC_ROLL_COMBAT, s->acting, 1, NULL, dice, events);
}

/**
 * acies_gc_combat_apply:
 * @s: a state at ACIES_GC_STEP_COMBAT
 * @action: one of the actions acies_gc_combat_legal_actions() lists
 * @dice: the dice
 * @events: (nullable): events
 * @error: ACIES_ENGINE_ERROR_ILLEGAL for an action the rules refuse now
 *
 * Returns: TRUE if applied
 */
gboolean
acies_gc_combat_apply (AciesGcState      *s,
                       const AciesAction *action,
                       AciesDice         *dice,
                       GPtrArray         *events,
                       GError           **error)
{
  if (!action_listed (s, action))
    {
      g_autofree char *text = acies_gc_combat_prompt_text (s);

      return refuse (error, "GC 9.0–9.5: this action is not allowed now (%s)", text);
    }

  switch (action->type)
    {
    case ACIES_GC_ACTION_ATTACK:
      declare_attack (s, action->args[0], action->args[1], events);
      return TRUE;

    case ACIES_GC_ACTION_SUPPORT:
      s->units[action->args[0]].flags |= ACIES_GC_UF_SUPPORT;
      {
        g_autofree char *name = acies_gc_event_unit (s, action->args[0], events);

        /* TRANSLATORS: a line of the game log (GC 9.0). Slots in order: %s: a unit's name. */
        acies_events_add (events, "support", "GC 9.0", s->acting, _("%s supports the attack"), name);
      }
      return TRUE;

    case ACIES_GC_ACTION_RESOLVE:
      resolve_attack (s, dice, events);
      return TRUE;

    case ACIES_GC_ACTION_DX_TO_EX:
      if (action->args[0])
        {
          acies_events_add (events, "dx-to-ex", "GC 9.4", 1 - s->acting,
                            /* TRANSLATORS: a line of the game log (GC 9.4). Slots in order: %s: a
                             * side's name. */
                            _("%s, on Broken Ground, changes DX into EX"), acies_gc_side_name (s, 1 - s->acting));
          s->combat.result = ACIES_GC_RESULT_EX;
          s->combat.scratch[SC_ATT_LOSSES] = 1;
        }
      s->combat.scratch[SC_DEF_LOSSES] = 1;
      combat_continue (s, dice, events);
      return TRUE;

    case ACIES_GC_ACTION_ABSORB:
      {
        guint u = action->args[0];
        g_autofree char *name = acies_gc_event_unit (s, u, events);

        /* TRANSLATORS: a line of the game log (GC 9.4). Slots in order: %s: a side's name; %s: a
         * unit's name. */
        acies_events_add (events, "loss-choice", "GC 9.4", action->player, _("%s chooses %s to take the Exhaustion"),
                          acies_gc_side_name (s, action->player), name);
        if (s->combat.step == CSTEP_ATTACKER_LOSS)
          {
            if (!s->combat.scratch[SC_ATT_ALL])
              s->combat.scratch[SC_ATT_LOSSES]--;
          }
        else
          s->combat.scratch[SC_DEF_LOSSES]--;
        combat_exhaust (s, u, events);
        combat_continue (s, dice, events);
      }
      return TRUE;

    case ACIES_GC_ACTION_END_PHASE:
      for (guint u = 0; u < s->n_units; u++)
        s->units[u].flags &= ~UF_COMBAT;
      /* TRANSLATORS: a line of the game log (GC 9.0). Slots in order: %s: a side's name. */
      acies_events_add (events, "combat-phase-end", "GC 9.0", s->acting, _("%s ends the Combat Phase"),
                        acies_gc_side_name (s, s->acting));
      acies_gc_next_slot (s, dice, events);
      return TRUE;

    default:
      return refuse (error, "GC 9.0: not a Combat Phase action");
    }
}

/* GC 9.3: the CRT result of the final combat roll. */
static void
combat_result (AciesGcState *s,
               AciesDice    *dice,
               GPtrArray    *events)
{
  gint *sc = s->combat.scratch;
  gint nat = s->roll.values[0];
  gint modified = nat + sc[SC_DRM];
  gboolean provisional;
  AciesGcResult r = acies_gc_crt (s, sc[SC_CC], modified, &provisional);
  guint t = s->combat.target;

  s->combat.result = r;
  /* The roll and its result in one event, with the attack it decides. */
  if (events != NULL)
    {
      g_autofree char *name = acies_gc_describe_unit (s, s->combat.primary);
      g_autofree char *other = acies_gc_describe_unit (s, t);

      acies_events_add (events, "combat-result", "GC 9.3", s->acting,
                        provisional
                        /* TRANSLATORS: a line of the game log (GC 9.3), in order: the attacker's
                         * name, the target's name, the natural roll, the modifier, the modified
                         * roll, the Combat Class row, the result (DX, EX…) and what it means. */
                        ? _("%s against %s: Combat roll %d %+d = %d on the %s row: %s (%s) (a provisional cell of the CRT, not printed in the book)")
                        /* TRANSLATORS: a line of the game log (GC 9.3), in order: the attacker's
                         * name, the target's name, the natural roll, the modifier, the modified
                         * roll, the Combat Class row, the result (DX, EX…) and what it means. */
                        : _("%s against %s: Combat roll %d %+d = %d on the %s row: %s (%s)"),
                        name, other, nat, sc[SC_DRM], acies_gc_crt_clamp (modified),
                        acies_gc_cc_name (sc[SC_CC]), acies_gc_result_name (r), acies_gc_result_meaning (r));
    }

  switch (r)
    {
    case ACIES_GC_RESULT_DE:
      sc[SC_DE] = 1;
      break;
    case ACIES_GC_RESULT_DX:
      if (acies_gc_on_board (s, t) && acies_gc_terrain (s, s->units[t].cell) == ACIES_GC_TERRAIN_BROKEN)
        {
          /* GC 9.4 Broken Ground: the defender may change DX into EX. */
          s->combat.step = CSTEP_DX_TO_EX;
          set_decider (s, 1 - s->acting);
          return;
        }
      sc[SC_DEF_LOSSES] = 1;
      break;
    case ACIES_GC_RESULT_AX:
      sc[SC_ATT_LOSSES] = 1;
      break;
    case ACIES_GC_RESULT_EX:
      sc[SC_ATT_LOSSES] = 1;
      sc[SC_DEF_LOSSES] = 1;
      break;
    case ACIES_GC_RESULT_AA:
      sc[SC_ATT_ALL] = 1;
      break;
    default:
      break;
    }
  combat_continue (s, dice, events);
}

/**
 * acies_gc_combat_roll_resolved:
 * @s: the state; s->roll holds the final COMBAT or MORALE roll
 * @dice: the dice
 * @events: (nullable): events
 *
 * Continues the attack (9.3) or the Rout Check (9.5) after Fortuna.
 */
void
acies_gc_combat_roll_resolved (AciesGcState *s,
                               AciesDice    *dice,
                               GPtrArray    *events)
{
  s->step = ACIES_GC_STEP_COMBAT;
  if (s->base.finished)
    return;

  if (s->roll.purpose == ACIES_GC_ROLL_COMBAT)
    {
      combat_result (s, dice, events);
      return;
    }

  if (s->roll.purpose == ACIES_GC_ROLL_MORALE)
    {
      guint u = s->roll.ctx[0];
      const AciesGcCounter *c = acies_gc_counter (s, u);
      gint morale = c != NULL ? c->morale : 0;
      g_autofree char *name = acies_gc_event_unit (s, u, events);

      /* GC 9.5-h, 11.1: the morale roll and what it did, in one event. */
      if (acies_gc_morale_passes (morale, s->roll.values[0]))
        acies_events_add (events, "rout-pass", "GC 9.5, 11.1", s->units[u].side,
                          /* TRANSLATORS: a line of the game log (GC 9.5, 11.1). Slots in order: %s:
                           * a unit's name; %u: a die roll; %d: a number. */
                          _("%s's morale roll: %u, above its Morale %d: it stands"), name,
                          s->roll.values[0], morale);
      else
        {
          acies_events_add (events, "rout-fail", "GC 9.5, 11.1", s->units[u].side,
                            /* TRANSLATORS: a line of the game log (GC 9.5, 11.1). Slots in order:
                             * %s: a unit's name; %u: a die roll; %d: a number. */
                            _("%s's morale roll: %u, not above its Morale %d: it routs"), name,
                            s->roll.values[0], morale);
          acies_gc_eliminate (s, u, ACIES_GC_CAUSE_ROUT, events);
        }
      if (!rout_check (s, -1, dice, events))   /* the next morale roll, if any */
        combat_continue (s, dice, events);
    }
}

/* GC 9.5: the Rout Check; TRUE if a morale roll is out (see acies_gc_rout_check()). */
static gboolean
rout_check (AciesGcState *s,
            gint          side,
            AciesDice    *dice,
            GPtrArray    *events)
{
  gint *sc = s->combat.scratch;

  if (side >= 0)
    {
      g_autofree AciesGcPiece *pieces = state_pieces (s);
      g_autofree AciesGcRoutVerdict *verdict = g_new (AciesGcRoutVerdict, s->n_units);
      gboolean veteran = (s->st->sides[side].rules & ACIES_GC_RULE_VETERAN) != 0;
      guint n_fail = 0, n_roll = 0;

      acies_gc_pieces_rout_check (pieces, s->n_units, side, veteran, verdict);
      for (guint u = 0; u < s->n_units; u++)
        {
          if (verdict[u] == ACIES_GC_ROUT_FAIL)
            n_fail++;
          else if (verdict[u] == ACIES_GC_ROUT_MORALE)
            {
              s->units[u].flags |= UF_MORALE;
              n_roll++;
            }
        }
      if (n_roll > 0)
        acies_events_add (events, "rout-check", "GC 9.5", side,
                          /* TRANSLATORS: a line of the game log (GC 9.5): %s is a side's name,
                           * %u the number of units that fail the Rout Check. */
                          g_dngettext (GETTEXT_PACKAGE, "%s makes a Rout Check: %u unit fails, Veterans roll for morale",
                                       "%s makes a Rout Check: %u units fail, Veterans roll for morale", n_fail),
                          acies_gc_side_name (s, side), n_fail);
      else
        acies_events_add (events, "rout-check", "GC 9.5", side,
                          /* TRANSLATORS: a line of the game log (GC 9.5): %s is a side's name,
                           * %u the number of units that fail the Rout Check. */
                          g_dngettext (GETTEXT_PACKAGE, "%s makes a Rout Check: %u unit fails",
                                       "%s makes a Rout Check: %u units fail", n_fail),
                          acies_gc_side_name (s, side), n_fail);
      for (guint u = 0; u < s->n_units && !s->base.finished; u++)
        if (verdict[u] == ACIES_GC_ROUT_FAIL && acies_gc_on_board (s, u))
          acies_gc_eliminate (s, u, ACIES_GC_CAUSE_ROUT, events);
      sc[SC_MORALE_SIDE] = side;
    }

  if (s->base.finished)
    return FALSE;
  for (guint u = 0; u < s->n_units; u++)
    if (s->units[u].flags & UF_MORALE)
      {
        gint ctx[6] = { u, -1, -1, -1, -1, -1 };

        s->units[u].flags &= ~UF_MORALE;
        if (!acies_gc_on_board (s, u))
          continue;
        s->combat.step = CSTEP_MORALE;
        acies_gc_roll (s, ACIES_GC_ROLL_MORALE, s->units[u].side, 1, ctx, dice, events);
        return TRUE;
      }
  sc[SC_MORALE_SIDE] = -1;
  return FALSE;
}

/**
 * acies_gc_rout_check:
 * @s: the state
 * @side: the side that checks, or −1 to go on with the morale rolls under way
 * @dice: the dice
 * @events: (nullable): events
 *
 * GC 9.5: the simultaneous Rout Check of all of @side's Foot units on one
 * snapshot (acies_gc_pieces_rout_check()); failing units are eliminated at
 * once (no further Rout Check); under the Veteran rule the units that may
 * roll do so afterwards, one roll each through acies_gc_roll (Fortuna may
 * re-roll them, 12.0).  While a roll is out, s->combat.step is
 * CSTEP_MORALE and the check goes on in acies_gc_combat_roll_resolved().
 */
void
acies_gc_rout_check (AciesGcState *s,
                     gint          side,
                     AciesDice    *dice,
                     GPtrArray    *events)
{
  rout_check (s, side, dice, events);
}

/**
 * acies_gc_state_attack_odds:
 * @s: a state
 * @primary: the Primary (a unit index)
 * @target: the Defender
 * @n_supporters: the number of Supporters (−1 DRM each, 9.2)
 * @aquila: Aquila plus Combat (−1 DRM, 9.2, 9.6)
 *
 * The odds of @primary attacking @target as the board stands: the CC
 * modifiers (9.1) from the units and the terrain, the matrix (9.2), and the
 * exact distribution over the CRT (9.3) with provisional cells marked.
 *
 * Returns: (transfer full) (nullable): the odds, or NULL if either unit is
 *   not on the board
 */
AciesOdds *
acies_gc_state_attack_odds (const AciesGcState *s,
                            guint               primary,
                            guint               target,
                            guint               n_supporters,
                            gboolean            aquila)
{
  g_autofree AciesGcPiece *pieces = NULL;
  AciesGcAttackSpec spec;
  AciesGcAttackCalc calc;
  AciesGcTables tables;
  AciesOdds *odds;
  char *summary;

  if (primary >= s->n_units || target >= s->n_units
      || !acies_gc_on_board (s, primary) || !acies_gc_on_board (s, target))
    return NULL;

  pieces = state_pieces (s);
  acies_gc_tables_from_static (s->st, &tables);
  state_attack_spec (s, pieces, primary, target, n_supporters, &spec);
  spec.aquila = aquila;
  acies_gc_attack_compute (&tables, &spec, &calc);
  odds = acies_gc_odds_from_calc (&tables, &calc);
  {
    /* The units as the board shows them ("Light Infantry B at I6"), as
     * the log names them (GC 9.0). */
    g_autofree char *attacker = acies_gc_describe_unit (s, primary);
    g_autofree char *defender = acies_gc_describe_unit (s, target);

    summary = g_strdup_printf (_("%s attacks %s with %u Supporter%s: %s"), attacker, defender,
                               n_supporters, n_supporters == 1 ? "" : "s", odds->summary);
  }
  g_free (odds->summary);
  odds->summary = summary;
  return odds;
}

/**
 * acies_gc_combat_odds:
 * @s: a state
 * @action: an ATTACK (no Supporters yet), SUPPORT (the chosen ones and
 *   this one) or RESOLVE (the chosen ones) action
 *
 * Returns: (transfer full) (nullable): the exact odds of the attack's
 *   results with the modifiers that produce them (GC 9.1–9.3), or NULL for
 *   another action
 */
AciesOdds *
acies_gc_combat_odds (const AciesGcState *s,
                      const AciesAction  *action)
{
  gboolean in_combat = s->step == ACIES_GC_STEP_COMBAT && s->combat.aquila;

  if (action->type == ACIES_GC_ACTION_ATTACK)
    {
      if (action->args[0] < 0 || action->args[1] < 0)
        return NULL;
      return acies_gc_state_attack_odds (s, action->args[0], action->args[1], 0, in_combat);
    }
  if ((action->type == ACIES_GC_ACTION_SUPPORT || action->type == ACIES_GC_ACTION_RESOLVE)
      && s->step == ACIES_GC_STEP_COMBAT && s->combat.primary >= 0)
    return acies_gc_state_attack_odds (s, s->combat.primary, s->combat.target,
                                       count_supporters (s) + (action->type == ACIES_GC_ACTION_SUPPORT ? 1 : 0),
                                       in_combat);
  return NULL;
}

/**
 * acies_gc_combat_prompt_text:
 * @s: a state at ACIES_GC_STEP_COMBAT
 *
 * Returns: (transfer full): what the deciding player is asked, naming them
 */
/**
 * acies_gc_combat_roll_text:
 * @s: a state whose s->roll is a COMBAT or MORALE roll
 * @nat: a natural die roll, 1 … 8
 * @sum: (out) (optional): the arithmetic ("7 − 4 = 3 on the A row", "3
 *   against Morale 4"), owned by the caller
 *
 * GC 9.3, 9.5: what @nat would give for the attack (the CRT result) or the
 * morale roll ("it stands", "it routs"), for the Fortuna prompt (12.0).
 *
 * Returns: (transfer full): the result
 */
char *
acies_gc_combat_roll_text (const AciesGcState *s,
                           guint               nat,
                           char              **sum)
{
  const gint *sc = s->combat.scratch;

  if (s->roll.purpose == ACIES_GC_ROLL_MORALE)
    {
      const AciesGcCounter *c = acies_gc_counter (s, s->roll.ctx[0]);
      gint morale = c != NULL ? c->morale : 0;

      if (sum != NULL)
        *sum = g_strdup_printf (_("%u against Morale %d"), nat, morale);
      return g_strdup (acies_gc_morale_passes (morale, nat) ? "it stands" : "it routs");
    }
  else
    {
      gint modified = (gint) nat + sc[SC_DRM];
      gboolean provisional = FALSE;
      AciesGcResult r = acies_gc_crt (s, sc[SC_CC], modified, &provisional);

      if (sum != NULL)
        *sum = sc[SC_DRM] != 0
          ? g_strdup_printf (_("%u %s %d = %d on the %s row"), nat, sc[SC_DRM] < 0 ? "−" : "+", ABS (sc[SC_DRM]),
                             acies_gc_crt_clamp (modified), acies_gc_cc_name (sc[SC_CC]))
          : g_strdup_printf (_("%u on the %s row"), nat, acies_gc_cc_name (sc[SC_CC]));
      return g_strdup (acies_gc_result_name (r));
    }
}

/* GC 9.4: the units that may take the Exhaustion now, exactly the ABSORB
 * answers offered, as the board shows them ("Phalanx A at D4 (the target)
 * or Phalanx A at E4"). */
static char *
loss_candidates_text (const AciesGcState *s)
{
  g_autoptr(GArray) actions = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  GString *text = g_string_new (NULL);
  guint n = 0, k = 0;

  acies_gc_combat_legal_actions (s, actions);
  for (guint i = 0; i < actions->len; i++)
    if (g_array_index (actions, AciesAction, i).type == ACIES_GC_ACTION_ABSORB)
      n++;
  for (guint i = 0; i < actions->len; i++)
    {
      const AciesAction *a = &g_array_index (actions, AciesAction, i);
      g_autofree char *unit = NULL;

      if (a->type != ACIES_GC_ACTION_ABSORB)
        continue;
      unit = acies_gc_describe_unit (s, a->args[0]);
      if (a->args[0] == s->combat.target || a->args[0] == s->combat.primary)
        {
          char *marked = a->args[0] == s->combat.target
            /* TRANSLATORS: a unit that may take the Exhaustion: "Phalanx A at D4 (the target)". */
            ? g_strdup_printf (_("%s (the target)"), unit)
            /* TRANSLATORS: a unit that may take the Exhaustion: "Phalanx A at D4 (the Primary)". */
            : g_strdup_printf (_("%s (the Primary)"), unit);

          g_free (unit);
          unit = marked;
        }
      if (k == 0)
        g_string_append (text, unit);
      else
        {
          g_autofree char *head = g_string_free (text, FALSE);

          text = g_string_new (NULL);
          g_string_printf (text, k == n - 1
                           /* TRANSLATORS: the last of the units that may take the Exhaustion: "A, B or C". */
                           ? _("%s or %s")
                           /* TRANSLATORS: one more of the units that may take the Exhaustion: "A, B". */
                           : _("%s, %s"), head, unit);
        }
      k++;
    }
  return g_string_free (text, FALSE);
}

char *
acies_gc_combat_prompt_text (const AciesGcState *s)
{
  gint decider = s->combat.scratch[SC_DECIDER];
  const char *who = acies_gc_side_name (s, decider);

  switch (s->combat.step)
    {
    case CSTEP_DECLARE:
      return g_strdup_printf (_("%s: declare an attack with a Fresh unit of the %s next to the enemy, "
                              "or end the Combat Phase when none is left (GC 9.0)"),
                              who, acies_gc_wing (s, combat_wing (s))->label);
    case CSTEP_SUPPORT:
      {
        g_autofree char *name = acies_gc_describe_unit (s, s->combat.primary);
        g_autofree char *other = acies_gc_describe_unit (s, s->combat.target);

        return g_strdup_printf (_("%s: choose the Supporters of %s's attack on %s (−1 each), then roll (GC 9.0, 9.2)"),
                                who, name, other);
      }
    case CSTEP_DX_TO_EX:
      {
        g_autofree char *other = acies_gc_describe_unit (s, s->combat.target);

        return g_strdup_printf (_("%s: %s stands on Broken Ground: change the DX into an EX? (GC 9.4)"), who, other);
      }
    case CSTEP_ATTACKER_LOSS:
      {
        g_autofree char *units = loss_candidates_text (s);

        return g_strdup_printf (_("%s: choose the Primary or a Supporter to take the Exhaustion%s (GC 9.4): %s"), who,
                                s->combat.scratch[SC_ATT_ALL] ? " (AA: all of them, in your order)" : "", units);
      }
    case CSTEP_DEFENDER_LOSS:
      {
        g_autofree char *units = loss_candidates_text (s);

        return g_strdup_printf (_("%s: choose the unit that takes the Exhaustion (GC 9.4): %s"), who, units);
      }
    default:
      return g_strdup_printf (_("%s: waiting for a roll (GC 9.3)"), who);
    }
}
