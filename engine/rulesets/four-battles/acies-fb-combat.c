/* acies-fb-combat.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-four-battles"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-fb-private.h"
#include "acies-text.h"

/*
 * Melee combat (FB 8.0-9.0): which units must attack and be attacked
 * (8.1), composing a melee (8.2), strengths with terrain, halving and
 * leaders (8.4, 8.44, 13.2), odds with exact fractions rounded in the
 * defender's favour (8.0, ruling A1), column shifts (13.4, 15.1 and the
 * exclusive rules), the 1:4 floor and beyond 4:1 (8.52, 8.53), the
 * defender's replies (13.4, 11.3, 13.6), the roll and what each result
 * asks (8.6, 9.3, TEU 4.3).  Losses, retreats, displacement, advances and
 * berserk elephants are in acies-fb-retreat.c.
 */


/* The combat effect of @cell's terrain; none off the map (a unit gone
 * from the board while its combat is still described). */
static inline FbCombatEffect
fb_ce_at (const FbStatic *st,
          gint            cell)
{
  return cell < 0 ? FB_CE_NE : (FbCombatEffect) st->terrain_ce[cell];
}

static inline gboolean
on_map (const FbState *s,
        gint           piece)
{
  return s->p[piece].where == FB_AT_MAP;
}

/* A side's baggage stacked on @cell (TEU 4.4, ARB 4.22). */
static gint
baggage_with (const FbState *s,
              gint           cell,
              gint           side)
{
  gint b = cell >= 0 ? s->bag[cell] : FB_NONE;   /* none off the map */

  return b >= 0 && s->st->pieces[b].side == side ? b : FB_NONE;
}

static gboolean
lone_baggage (const FbState *s,
              gint           piece)
{
  return s->st->pieces[piece].cls == FB_BAGGAGE && s->occ[s->p[piece].cell] < 0;
}

/* The exclusive-rule lock that also forbids attacking (MET 3.1). */
static gboolean
may_not_attack (const FbState *s,
                gint           piece)
{
  const FbStatic *st = s->st;

  if (!acies_fb_has_rule (st, FB_R_MOVEMENT_LOCK))
    return FALSE;
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_R_MOVEMENT_LOCK && (rule->flags & FB_RF_NO_ATTACK)
          && !(s->released & (1u << r)) && (gint) s->base.turn < rule->turn
          && acies_fb_rule_concerns (s, rule, piece))
        return TRUE;
    }
  return FALSE;
}

/* FB 8.15, 8.21 note, 8.75, 11.34: whether @piece may still attack this
 * phase.  TEU 4.4: a lone baggage unit only by a fighting withdrawal. */
static gboolean
can_attack (const FbState *s,
            gint           piece)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  const FbPiece *p = &s->p[piece];

  if (piece >= st->n_combat || !on_map (s, piece) || d->side != s->base.active_side
      || p->attacked || p->no_more_attack || d->cls == FB_CAMEL)
    return FALSE;
  if (d->cls == FB_BAGGAGE)
    return lone_baggage (s, piece) && acies_fb_find_rule (st, FB_R_FIGHTING_WITHDRAWAL, d->side) != NULL;
  if (may_not_attack (s, piece))
    return FALSE;
  return TRUE;
}

/* A piece that may be a defender: an enemy combat unit, a lone enemy
 * baggage unit, or a lone enemy leader (13.6). */
static gboolean
attackable (const FbState *s,
            gint           piece)
{
  const FbStatic *st = s->st;

  if (!on_map (s, piece) || st->pieces[piece].side == s->base.active_side)
    return FALSE;
  if (piece >= st->n_combat)
    return acies_fb_lone_leader_at (s, s->p[piece].cell, st->pieces[piece].side);
  if (st->pieces[piece].cls == FB_BAGGAGE)
    return lone_baggage (s, piece);
  return TRUE;
}

/* The enemy pieces adjacent to @cell that may be attacked. */
static gint
adjacent_targets (const FbState *s,
                  gint           cell,
                  gint          *out)
{
  const FbStatic *st = s->st;
  gint enemy = 1 - s->base.active_side;
  gint n = 0;

  if (s->near[enemy][cell] == 0)
    return 0;                                   /* no enemy piece next to it */
  for (gint k = 0; k < 6; k++)
    {
      gint c = st->nbr[cell * 6 + k];
      gint o, b, leaders[8], nl;

      /* Only enemy pieces are attackable: a hex with none (FbState.here)
       * is passed over, friendly pieces before the full test. */
      if (c < 0 || s->here[enemy][c] == 0)
        continue;
      o = s->occ[c];
      b = s->bag[c];
      if (o >= 0 && st->pieces[o].side == enemy && attackable (s, o))
        out[n++] = o;
      else if (b >= 0 && st->pieces[b].side == enemy && attackable (s, b))
        out[n++] = b;
      else if (s->ldr[enemy][c] > 0 && (nl = acies_fb_leaders_at (s, c, leaders, 8)) > 0)
        for (gint i = 0; i < nl; i++)
          if (attackable (s, leaders[i]))
            {
              out[n++] = leaders[i];
              break;
            }
    }
  return n;
}

/**
 * acies_fb_combat_start:
 * @s: a state entering the combat phase
 *
 * FB 8.11, 8.12, 8.17, 8.18, ruling A28: which phasing units must attack
 * and which enemy units must be attacked this phase; A10: a charger that
 * ended next to an enemy must attack; MUN 3.2: forced defenders; MUN 3.5:
 * the occupation shift.
 */
void
acies_fb_combat_start (FbState *s)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;

  for (gint i = 0; i < st->n_pieces; i++)
    {
      FbPiece *p = &s->p[i];

      p->attacked = p->no_more_attack = p->must_attack = p->must_defend = p->defended = FALSE;
      p->additive_used = FALSE;
    }
  for (gint u = 0; u < st->n_combat; u++)
    {
      const FbPieceDef *d = &st->pieces[u];
      gint cell = s->p[u].cell;

      if (!on_map (s, u) || d->side != side)
        continue;
      if (d->cls == FB_BAGGAGE)
        {
          /* TEU 4.4: a lone baggage unit next to the enemy must withdraw. */
          if (lone_baggage (s, u) && acies_fb_adjacent_enemy (s, side, cell)
              && acies_fb_find_rule (st, FB_R_FIGHTING_WITHDRAWAL, side) != NULL)
            s->p[u].must_attack = TRUE;
          continue;
        }
      if (s->near[1 - side][cell] == 0)
        continue;                                             /* no enemy next to it */
      if (d->paren || d->cls == FB_CAMEL || may_not_attack (s, u))
        continue;                                             /* 8.18, MET 3.1 */
      if (!st->opt.locked_units_attack && acies_fb_locked (s, u))
        continue;                                             /* ruling A29 */
      for (gint k = 0; k < 6; k++)
        {
          gint c = st->nbr[cell * 6 + k];
          gint e = c >= 0 ? s->occ[c] : -1;

          if (e < 0 || st->pieces[e].side == side)
            continue;
          /* 8.12: in an enemy ZOC, or an enemy in its ZOC (dot units
           * exert none in a combat phase, 6.2, 8.17). */
          if (acies_fb_zoc_from (s, e, cell, TRUE) || acies_fb_zoc_from (s, u, c, TRUE))
            s->p[u].must_attack = TRUE;
          /* 8.11: enemy units in a friendly ZOC must be attacked. */
          if (acies_fb_zoc_from (s, u, c, TRUE))
            s->p[e].must_defend = TRUE;
          /* A10: a charger fights what it charged. */
          if (s->p[u].charging && st->opt.charger_must_attack)
            s->p[u].must_attack = TRUE;
        }
    }
  /* MUN 3.2: every enemy unit in the area must be attacked this turn. */
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind != FB_R_FORCED_DEFENDERS || rule->turn != (gint) s->base.turn
          || (rule->side >= 0 && rule->side != side))
        continue;
      for (gint e = 0; e < st->n_combat; e++)
        if (on_map (s, e) && st->pieces[e].side != side && acies_fb_in_area (st, rule->area, s->p[e].cell))
          s->p[e].must_defend = TRUE;
    }
  /* MUN 3.5: a unit of the other side in the area at the start of this
   * side's combat phase. */
  s->occupation_shift[side] = FALSE;
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind != FB_R_OCCUPATION_SHIFT || rule->side != side || (gint) s->base.turn < rule->turn)
        continue;
      for (gint u = 0; u < st->n_combat; u++)
        if (on_map (s, u) && st->pieces[u].side != side && acies_fb_in_area (st, rule->area, s->p[u].cell))
          s->occupation_shift[side] = TRUE;
    }
  memset (&s->c, 0, sizeof s->c);
  s->c.rbc_unit = s->c.rbc_first = s->c.forced_adv = FB_NONE;
}

/* An obliged attacker still has an adjacent enemy it could attack. */
static gboolean
obliged_open (const FbState *s,
              gint           u)
{
  gint list[8];

  return s->p[u].must_attack && can_attack (s, u) && adjacent_targets (s, s->p[u].cell, list) > 0;
}

/**
 * acies_fb_obliged_open:
 * @s: a state in the combat phase
 * @u: a piece
 *
 * FB 8.12: whether @u must still attack: it is obliged, may attack and an
 * enemy is still next to it (one that retreated before combat, 11.3, or
 * was eliminated leaves no obligation behind).
 *
 * Returns: %TRUE if @u must still attack
 */
gboolean
acies_fb_obliged_open (const FbState *s,
                       gint           u)
{
  return u >= 0 && u < s->st->n_combat && obliged_open (s, u);
}

/* An enemy that must be attacked still has a phasing unit next to it
 * able to (ruling A28: one that is not parenthesised). */
static gboolean
defender_open (const FbState *s,
               gint           e)
{
  const FbStatic *st = s->st;
  gint cell = s->p[e].cell;

  if (!s->p[e].must_defend || s->p[e].defended || !on_map (s, e))
    return FALSE;
  for (gint k = 0; k < 6; k++)
    {
      gint c = st->nbr[cell * 6 + k];
      gint u = c >= 0 ? s->occ[c] : -1;

      if (u >= 0 && st->pieces[u].side == s->base.active_side && !st->pieces[u].paren && can_attack (s, u))
        return TRUE;
    }
  return FALSE;
}

/**
 * acies_fb_obligations_met:
 * @s: a state in the combat phase
 * @why: (nullable): where to say what is missing
 *
 * FB 8.11-8.13, ruling A27: every obliged unit has attacked (or no enemy
 * is left next to it) and every enemy that must be attacked has been.
 *
 * Returns: %TRUE if the phase may end
 */
gboolean
acies_fb_obligations_met (const FbState *s,
                          GString       *why)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;

  /* The sides' lists of their units, in index order, when every unit has
   * a side of the two (always, but for a scenario read wrong). */
  if ((side == 0 || side == 1) && st->n_side_units[0] + st->n_side_units[1] == st->n_combat)
    {
      for (gint j = 0; j < st->n_side_units[side]; j++)
        {
          gint u = st->side_pieces[side][j];

          if (on_map (s, u) && obliged_open (s, u))
            {
              if (why != NULL)
                g_string_append_printf (why, _("%s must still attack (FB 8.12)"), acies_fb_name (s, u));
              return FALSE;
            }
        }
      for (gint j = 0; j < st->n_side_units[1 - side]; j++)
        {
          gint e = st->side_pieces[1 - side][j];

          if (on_map (s, e) && defender_open (s, e))
            {
              if (why != NULL)
                g_string_append_printf (why, _("%s must still be attacked (FB 8.11)"), acies_fb_name (s, e));
              return FALSE;
            }
        }
      return TRUE;
    }
  for (gint u = 0; u < st->n_combat; u++)
    if (on_map (s, u) && st->pieces[u].side == s->base.active_side && obliged_open (s, u))
      {
        if (why != NULL)
          {
            const char *name = acies_fb_name (s, u);

            g_string_append_printf (why, _("%s must still attack (FB 8.12)"), name);
          }
        return FALSE;
      }
  for (gint e = 0; e < st->n_combat; e++)
    if (on_map (s, e) && st->pieces[e].side != s->base.active_side && defender_open (s, e))
      {
        if (why != NULL)
          {
            const char *name = acies_fb_name (s, e);

            g_string_append_printf (why, _("%s must still be attacked (FB 8.11)"), name);
          }
        return FALSE;
      }
  return TRUE;
}

static gboolean
in_list (const gint16 *list,
         gint          n,
         gint          piece)
{
  for (gint i = 0; i < n; i++)
    if (list[i] == piece)
      return TRUE;
  return FALSE;
}

/* Ruling A27: some attacker is next to every defender. */
static gboolean
shape_ok (const FbState *s,
          const FbCombat *c)
{
  for (gint a = 0; a < c->n_att; a++)
    {
      gboolean all = TRUE;

      for (gint d = 0; d < c->n_def && all; d++)
        all = acies_fb_adjacent (s->st, s->p[c->att[a]].cell, s->p[c->def[d]].cell);
      if (all)
        return TRUE;
    }
  return FALSE;
}

gboolean
acies_fb_elephants_in (const FbState  *s,
                       const FbCombat *c)
{
  for (gint i = 0; i < c->n_att; i++)
    if (s->st->pieces[c->att[i]].cls == FB_ELEPHANT)
      return TRUE;
  for (gint i = 0; i < c->n_def; i++)
    if (s->st->pieces[c->def[i]].cls == FB_ELEPHANT)
      return TRUE;
  return FALSE;
}

static gboolean
any_leader_defender (const FbState  *s,
                     const FbCombat *c)
{
  for (gint i = 0; i < c->n_def; i++)
    if (c->def[i] >= s->st->n_combat)
      return TRUE;
  return FALSE;
}

/* TEU 4.2: an eagle leads its own legion only. */
static gboolean
leads (const FbState *s,
       gint           leader,
       gint           unit)
{
  const FbPieceDef *l = &s->st->pieces[leader];

  if (l->cls == FB_EAGLE)
    return l->formation >= 0 && l->formation == s->st->pieces[unit].formation;
  return TRUE;
}

/* The leaders of @side stacked with a unit of @list, able to add their
 * additive (13.2: once a combat phase) or to shift (13.4, 13.5). */
static gint
combat_leaders (const FbState *s,
                const gint16  *list,
                gint           n,
                gint           side,
                gint          *out)
{
  gint m = 0;

  for (gint i = 0; i < n; i++)
    {
      gint leaders[8], nl = acies_fb_leaders_at (s, s->p[list[i]].cell, leaders, 8);

      if (list[i] >= s->st->n_combat)
        continue;
      for (gint k = 0; k < nl; k++)
        if (s->st->pieces[leaders[k]].side == side && leads (s, leaders[k], list[i]))
          {
            gboolean seen = FALSE;

            for (gint j = 0; j < m; j++)
              seen |= out[j] == leaders[k];
            if (!seen)
              out[m++] = leaders[k];
          }
    }
  return m;
}

static gboolean
shift_ok (const FbState  *s,
          const FbCombat *c,
          gint            leader,
          gboolean        attacker)
{
  const FbPieceDef *d = &s->st->pieces[leader];
  gint used_here = 0;
  gint n = attacker ? c->n_shift_att : c->n_shift_def;
  const gint16 *list = attacker ? c->shift_att : c->shift_def;

  if (acies_fb_elephants_in (s, c))
    return FALSE;                                           /* 12.4 */
  if (s->p[leader].shifts_used >= d->shift_budget)
    return FALSE;                                           /* 13.5, GRA 3.1 */
  for (gint i = 0; i < n; i++)
    used_here += list[i] == leader;
  /* 13.4: one shift a side a combat; GRA 3.1: Alexander two. */
  if (used_here >= d->shifts_per_combat || (used_here == 0 && n > 0))
    return FALSE;
  return n < 2;
}

static gboolean
additive_ok (const FbState  *s,
             const FbCombat *c,
             gint            leader,
             gboolean        attacker)
{
  const gint16 *list = attacker ? c->add_att : c->add_def;
  gint n = attacker ? c->n_add_att : c->n_add_def;

  if (s->p[leader].additive_used || s->st->pieces[leader].additive == 0)
    return FALSE;
  return !in_list (list, n, leader) && n < 4;
}

/* FB 11.3, 11.35, 11.36, 12.1, 13.8, ruling C3: whether defender @piece
 * may retreat before this melee. */
gboolean
acies_fb_rbc_eligible (const FbState  *s,
                       const FbCombat *c,
                       gint            piece)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint ma, cells[36], n;

  if (piece >= st->n_combat || s->p[piece].where != FB_AT_MAP)
    return FALSE;                              /* 13.6: automatic for lone leaders */
  if (!(d->dot || d->may_disengage) || d->no_rbc || s->p[piece].disrupted || s->p[piece].disordered)
    return FALSE;
  ma = st->opt.rbc_effective_ma ? acies_fb_ma (s, piece, FALSE) : d->ma;
  for (gint i = 0; i < c->n_att; i++)
    {
      gint other = st->opt.rbc_effective_ma ? acies_fb_ma (s, c->att[i], FALSE) : st->pieces[c->att[i]].ma;

      if (other > ma)
        return FALSE;
    }
  return acies_fb_two_hex_targets (s, piece, cells, &n);
}

/* Odds. */

/* FB 8.0, ruling A1: the column level of @att_q against @def_q. */
gint
acies_fb_level_of (gint     att_q,
                   gint     def_q,
                   gboolean round_up)
{
  if (def_q <= 0)
    return 99;
  if (att_q <= 0)
    return -99;
  if (att_q >= def_q)
    return att_q / def_q - 1;
  if (round_up)
    return -((def_q + att_q - 1) / att_q - 1);
  return -(def_q / att_q - 1);
}

char *
acies_fb_level_name (gint level)
{
  if (level >= 0)
    return g_strdup_printf ("%d:1", level + 1);
  return g_strdup_printf ("1:%d", 1 - level);
}

/* FB 8.52, 8.53, rulings A2, A3: the CRT column of @level; *@drm beyond
 * the highest column, *@auto_al below the lowest with the auto-AL ruling. */
gint
acies_fb_crt_column (const FbStatic *st,
                     gint            level,
                     gint           *drm,
                     gboolean       *auto_al)
{
  const FbCrt *crt = &st->crt;
  gint col = 0;

  *drm = 0;
  *auto_al = FALSE;
  if (level > crt->level[crt->n_cols - 1])
    {
      *drm = -(level - crt->level[crt->n_cols - 1]);
      return crt->n_cols - 1;
    }
  if (level < crt->level[0])
    {
      *auto_al = st->opt.shift_floor_auto_al;
      return 0;
    }
  for (gint k = 0; k < crt->n_cols; k++)
    if (crt->level[k] <= level)
      col = k;
  return col;
}

static void
why_add (GPtrArray  *why,
         const char *label,
         gint        value,
         const char *rule)
{
  AciesOddsModifier *m;

  if (why == NULL)
    return;
  m = g_new0 (AciesOddsModifier, 1);
  /* Translators: a column shift of the CRT in the attack preview. */
  m->label = g_strdup_printf (_("%s (columns)"), label);
  m->value = value;
  m->rule = g_strdup (rule);
  g_ptr_array_add (why, m);
}

static gboolean
rule_turn (const FbRule *r,
           gint          turn)
{
  return turn >= r->turn && turn <= MAX (r->turn, r->turn2);
}

/* FB 9.2, 9.5, 12.3, ZAM 3.3, TRA 3.1: the charge multiplier of attacker
 * @a in @c (1 when it gets no charge bonus). */
static gint
charge_multiplier (const FbState  *s,
                   const FbCombat *c,
                   gint            a)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[a];
  gint from = s->p[a].cell;
  gint mult = 2;

  if (!s->p[a].charging || a >= st->n_combat)
    return 1;
  if (from < 0 || !(st->cell_bits[from] & FB_C_CHARGE))
    return 1;                                                  /* 9.5a */
  for (gint i = 0; i < c->n_def; i++)
    {
      gint cell = s->p[c->def[i]].cell;
      guint16 hs;

      if (!acies_fb_adjacent (st, from, cell))
        continue;
      if (!(st->cell_bits[cell] & FB_C_CHARGE))
        return 1;                                              /* 9.5b */
      hs = acies_fb_hexside (st, from, cell);
      if (hs & st->hs_no_charge)
        return 1;                                              /* 9.5 */
      if (d->cls == FB_CAVALRY && st->pieces[c->def[i]].cls == FB_ELEPHANT)
        return 1;                                              /* 12.3 */
    }
  if (d->cls == FB_ELEPHANT && acies_fb_find_rule (st, FB_R_UNTRAINED_ELEPHANTS, d->side) != NULL)
    return 1;                                                  /* ZAM 3.3 */
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_R_TURN_MULTIPLIERS && (rule->flags & FB_RF_NO_CHARGE_BONUS)
          && rule_turn (rule, s->base.turn) && (rule->side < 0 || rule->side == d->side)
          && d->cls == FB_CAVALRY)
        return 1;                                              /* TRA 3.1 */
      if (rule->kind == FB_R_SCYTHED && d->cls == FB_SCYTHED && (rule->side < 0 || rule->side == d->side))
        mult = rule->value;                                    /* ARB 3.4 */
    }
  return mult;
}

/* The exclusive rules' SP multiplier (TRA 3.1) of @piece, in quarters. */
static gint
turn_sp_q (const FbState *s,
           gint           piece,
           gint           q)
{
  const FbStatic *st = s->st;

  if (!acies_fb_has_rule (st, FB_R_TURN_MULTIPLIERS))
    return q;
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_R_TURN_MULTIPLIERS && rule->num != rule->den && rule_turn (rule, s->base.turn)
          && acies_fb_rule_concerns (s, rule, piece))
        q = q * rule->num / rule->den;
    }
  return q;
}

static void
why_text (GString    *why,
          const char *format,
          ...) G_GNUC_PRINTF (2, 3);

static void
why_text (GString    *why,
          const char *format,
          ...)
{
  va_list args;

  if (why == NULL)
    return;
  if (why->len > 0)
    /* TRANSLATORS: between two steps of a unit's strength in the attack preview ("charging ×2, halved
     * (FB 8.44)"). */
    g_string_append (why, C_("attack preview", ", "));
  va_start (args, format);
  g_string_append_vprintf (why, format, args);
  va_end (args);
}

/**
 * acies_fb_unit_attack_q:
 * @s: the state
 * @c: the melee
 * @i: the index of an attacker in @c
 * @why: (nullable): where to say how the strength was reached
 *
 * FB 8.41-8.44, 9.2, 13.2, 13.3, ruling A4: an attacker's strength in
 * quarter SP: the SP showing, the exclusive rules' multipliers, the
 * charge, one halving at most (terrain, parenthesised SP, cavalry against
 * elephants, ISS 3.3, MEG 3.1d, ARB 3.4), then leaders and baggage.
 *
 * Returns: the strength in quarter SP
 */
gint
acies_fb_unit_attack_q (const FbState  *s,
                        const FbCombat *c,
                        gint            i,
                        GString        *why)
{
  const FbStatic *st = s->st;
  gint a = c->att[i];
  const FbPieceDef *d = &st->pieces[a];
  gint from = s->p[a].cell;
  gint q = acies_fb_sp (s, a) * 4;
  gint mult;
  const char *halved = NULL;

  q = turn_sp_q (s, a, q);
  mult = charge_multiplier (s, c, a);
  if (mult > 1)
    {
      q *= mult;
      /* TRANSLATORS: a step of a unit's strength in the attack preview (FB 9.2); %d: the multiplier. */
      why_text (why, _("charging ×%d"), mult);
    }
  if (d->paren)
    halved = "FB 8.18";
  else if (d->dot && !st->opt.paren_halving_only)
    halved = "FB 8.44";
  for (gint k = 0; k < c->n_def && halved == NULL; k++)
    {
      gint cell = s->p[c->def[k]].cell;
      guint16 hs;

      /* A defender no longer on the map (eliminated, retreated off) has
       * no terrain to halve with. */
      if (cell < 0)
        continue;
      if (fb_ce_at (st, cell) == FB_CE_AH)
        halved = "FB 8.41";
      /* An attacker no longer on the map (a combat described after a
       * retreat) attacks across no hexside. */
      if (from < 0 || !acies_fb_adjacent (st, from, cell))
        continue;
      hs = acies_fb_hexside (st, from, cell);
      for (gint h = 0; h < FB_HS_N && halved == NULL; h++)
        if ((hs & (1 << h)) && st->hs_ce[h] == FB_CE_AH)
          halved = "FB 8.42";                                  /* 8.43 */
      if (d->cls == FB_CAVALRY && st->pieces[c->def[k]].cls == FB_ELEPHANT)
        halved = "FB 12.2";
      if (halved == NULL && d->slope_disrupt && (hs & FB_HS_SLOPE))
        halved = "MEG 3.1d";
    }
  if (halved == NULL && from >= 0 && (st->cell_bits[from] & (FB_C_RIVER | FB_C_FORD))
      && acies_fb_has_rule (st, FB_R_ATTACK_OUT_OF_RIVER))
    halved = "ISS 3.3";
  if (halved == NULL && s->p[a].disordered)
    halved = "ARB 3.4";
  if (halved != NULL)
    {
      q /= 2;                                                  /* 8.44: once */
      /* TRANSLATORS: a step of a unit's strength in the attack preview (FB 8.44); %s: the rule that
       * halves it ("FB 8.41"). */
      why_text (why, _("halved (%s)"), halved);
    }
  /* 13.2, 13.3: leaders add their additive, never modified. */
  for (gint k = 0; k < c->n_add_att; k++)
    if (s->p[c->add_att[k]].cell == from)
      {
        q += st->pieces[c->add_att[k]].additive * 4;
        /* TRANSLATORS: a step of a unit's strength in the attack preview (FB 13.2); %d: the leader's
         * strength added. */
        why_text (why, _("plus %d for the leader (FB 13.2)"), st->pieces[c->add_att[k]].additive);
      }
  /* TEU 4.4: baggage adds its SP to the attack. */
  {
    gint b = baggage_with (s, from, d->side);
    const FbRule *rule = acies_fb_find_rule (st, FB_R_BAGGAGE, d->side);

    if (b >= 0 && b != a && rule != NULL && (rule->flags & FB_RF_ADDS_TO_ATTACK))
      {
        q += acies_fb_sp (s, b) * 4;
        /* TRANSLATORS: a step of a unit's strength in the attack preview (TEU 4.4); %d: the baggage's SP
         * added. */
        why_text (why, _("plus %d for the baggage (TEU 4.4)"), acies_fb_sp (s, b));
      }
  }
  return q;
}

/* FB 8.45, MUN 3.6: the slope doubles a defender only when every attacker
 * is farther than it from the ridge or hill. */
static gboolean
slope_doubles (const FbState  *s,
               const FbCombat *c,
               gint            cell)
{
  const FbStatic *st = s->st;

  if (acies_fb_has_rule (st, FB_R_GENTLE_SLOPES))
    return FALSE;
  for (gint a = 0; a < c->n_att; a++)
    {
      gint from = s->p[c->att[a]].cell;

      if (!acies_fb_adjacent (st, from, cell))
        continue;
      if (st->slope_dist[from] <= st->slope_dist[cell])
        return FALSE;
    }
  return TRUE;
}

/* A hexside effect (rampart DD) applies when every attacker next to the
 * defender attacks across such a hexside. */
static gint
hexside_multiplier (const FbState  *s,
                    const FbCombat *c,
                    gint            cell)
{
  const FbStatic *st = s->st;
  gint best = 0;

  for (gint h = 0; h < FB_HS_N; h++)
    {
      gint m = st->hs_ce[h] == FB_CE_DD ? 2 : st->hs_ce[h] == FB_CE_DT ? 3 : 0;
      gboolean all = m > 0, any = FALSE;

      for (gint a = 0; a < c->n_att && all; a++)
        {
          gint from = s->p[c->att[a]].cell;

          if (!acies_fb_adjacent (st, from, cell))
            continue;
          any = TRUE;
          all = (acies_fb_hexside (st, from, cell) & (1 << h)) != 0;
        }
      if (all && any)
        best = MAX (best, m);
    }
  return best;
}

/**
 * acies_fb_unit_defence_q:
 * @s: the state
 * @c: the melee
 * @i: the index of a defender in @c
 * @why: (nullable): where to say how
 *
 * FB 7.1, 8.41, 8.45, 13.2, MAR 3.1, ARB 3.4, 4.22, TEU 4.4, ruling A4:
 * a defender's strength in quarter SP.
 *
 * Returns: the strength in quarter SP
 */
gint
acies_fb_unit_defence_q (const FbState  *s,
                         const FbCombat *c,
                         gint            i,
                         GString        *why)
{
  const FbStatic *st = s->st;
  gint e = c->def[i];
  const FbPieceDef *d = &st->pieces[e];
  gint cell = s->p[e].cell;
  gint q, mult = 1;
  gboolean halved = FALSE;

  if (e >= st->n_combat)
    return 0;                                   /* 13.6: a lone leader */
  q = turn_sp_q (s, e, acies_fb_sp (s, e) * 4);
  if (s->p[e].disrupted || s->p[e].disordered)
    {
      halved = TRUE;
      /* TRANSLATORS: a step of a unit's strength in the attack preview; %s: the rule that halves it
       * ("FB 7.1"). */
      why_text (why, _("halved (%s)"), s->p[e].disrupted ? "FB 7.1" : "ARB 3.4");
    }
  for (gint r = 0; r < st->n_rules && !halved; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_R_TURN_VULNERABILITY && (gint) s->base.turn <= rule->turn
          && acies_fb_rule_concerns (s, rule, e))
        {
          halved = TRUE;
          /* TRANSLATORS: a step of a unit's strength in the attack preview; %s: the rule that halves
           * it ("MAR 3.1"). */
          why_text (why, _("halved (%s)"), "MAR 3.1");
        }
    }
  if (halved)
    q /= 2;
  if (!halved || st->opt.disruption_with_terrain)
    {
      switch (fb_ce_at (st, cell))
        {
        case FB_CE_DD: mult = 2; break;
        case FB_CE_DT: mult = 3; break;
        case FB_CE_SLOPE:
          if (slope_doubles (s, c, cell))
            mult = 2;
          break;
        default:
          break;
        }
      mult = MAX (mult, hexside_multiplier (s, c, cell));
      if (mult > 1)
        {
          q *= mult;
          /* TRANSLATORS: a step of a unit's strength in the attack preview; %s: the rule that multiplies
           * it ("FB 8.41"). */
          why_text (why, mult == 3 ? _("tripled (%s)") : _("doubled (%s)"),
                    mult < 3 && fb_ce_at (st, cell) == FB_CE_SLOPE ? "FB 8.45" : "FB 8.41");
        }
    }
  for (gint k = 0; k < c->n_add_def; k++)
    if (s->p[c->add_def[k]].cell == cell)
      {
        q += st->pieces[c->add_def[k]].additive * 4;
        /* TRANSLATORS: a step of a unit's strength in the attack preview (FB 13.2); %d: the leader's
         * strength added. */
        why_text (why, _("plus %d for the leader (FB 13.2)"), st->pieces[c->add_def[k]].additive);
      }
  {
    gint b = baggage_with (s, cell, d->side);

    if (b >= 0 && b != e && acies_fb_find_rule (st, FB_R_BAGGAGE, d->side) != NULL)
      {
        q += acies_fb_sp (s, b) * 4;            /* TEU 4.4, ARB 4.22 */
        /* TRANSLATORS: a step of a unit's strength in the attack preview (TEU 4.4); %d: the baggage's SP
         * added. */
        why_text (why, _("plus %d for the baggage (TEU 4.4)"), acies_fb_sp (s, b));
      }
  }
  return q;
}

/**
 * acies_fb_demoralized_shift:
 * @s: the state
 * @side: the attacking side
 *
 * FB 15.1, ruling A49: a demoralized side attacks one column left, unless
 * both sides are demoralized.
 *
 * Returns: %TRUE if @side's attacks shift left
 */
gboolean
acies_fb_demoralized_shift (const FbState *s,
                            gint           side)
{
  return s->demoralized[side] && !s->demoralized[1 - side];
}

/**
 * acies_fb_column_shift:
 * @s: the state
 * @c: the melee
 * @why: (nullable): AciesOddsModifier for each shift
 *
 * Every column shift of @c: leaders (13.4), demoralization (15.1), the
 * defender's terrain (8.41), the exclusive rules (GRA 3.3, PHA 3.3,
 * IDI 3.2, TRA 4.1, MUN 3.4-3.6, TEU 4.1, BOU 3.1).
 *
 * Returns: the net shift (positive: to the attacker's favour)
 */
gint
acies_fb_column_shift (const FbState  *s,
                       const FbCombat *c,
                       GPtrArray      *why)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;
  gint total = 0;

  if (c->n_shift_att > 0)
    {
      total += c->n_shift_att;
      why_add (why, _("Leader shift"), c->n_shift_att, "FB 13.4");
    }
  if (c->n_shift_def > 0)
    {
      total -= c->n_shift_def;
      why_add (why, _("Defending leader shift"), -c->n_shift_def, "FB 13.4");
    }
  if (acies_fb_demoralized_shift (s, side))
    {
      total -= 1;
      why_add (why, _("Attacker demoralized"), -1, "FB 15.1");
    }
  {
    gint worst = 0;

    for (gint i = 0; i < c->n_def; i++)
      {
        gint ce = fb_ce_at (st, s->p[c->def[i]].cell);

        worst = MAX (worst, ce == FB_CE_SHIFT1 ? 1 : ce == FB_CE_SHIFT2 ? 2 : 0);
      }
    if (worst > 0)
      {
        total -= worst;
        why_add (why, _("Defender's terrain"), -worst, "FB 8.41");
      }
  }
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      switch (rule->kind)
        {
        case FB_R_TURN_SHIFT:
          if (rule->side == side && rule->turn == (gint) s->base.turn)
            {
              total += rule->value;
              why_add (why, _("This turn's attack shift"), rule->value, "GRA 3.3");
            }
          break;
        case FB_R_X_LEGION:
          if (rule->side < 0 || rule->side == side)
            {
              gint n = 0;

              for (gint i = 0; i < c->n_att; i++)
                n += st->pieces[c->att[i]].xlegion > 0;
              if (n > 0)
                {
                  total += n * rule->value;
                  why_add (why, _("X Legion attacking"), n * rule->value, "PHA 3.3");
                }
            }
          break;
        case FB_R_GUARD:
          for (gint i = 0; i < c->n_att; i++)
            if (st->pieces[c->att[i]].guard)
              {
                total += 1;
                why_add (why, _("Guard attacking"), 1, "IDI 3.2");
                break;
              }
          for (gint i = 0; i < c->n_def; i++)
            if (st->pieces[c->def[i]].guard)
              {
                total -= 1;
                why_add (why, _("Guard defending"), -1, "IDI 3.2");
                break;
              }
          break;
        case FB_R_DESPERATION:
          if (rule->side >= 0 && s->desperate[rule->side])
            {
              gint v = rule->side == side ? -rule->value : rule->value;

              total += v;
              why_add (why, _("Desperation"), v, "TRA 4.1");
            }
          break;
        case FB_R_OFF_MAP_MARCH:
          if (rule->value3 != 0 && s->flank_turn == (gint) s->base.turn && rule->side >= 0)
            {
              if (side == rule->side)
                {
                  gboolean near = FALSE;

                  for (gint i = 0; i < c->n_def && !near; i++)
                    for (gint u = 0; u < st->n_combat && !near; u++)
                      if (on_map (s, u) && s->p[u].entered == 2
                          && acies_fb_distance (st, s->p[u].cell, s->p[c->def[i]].cell) <= rule->value4)
                        near = TRUE;
                  if (near)
                    {
                      total += rule->value3;
                      why_add (why, _("Flanking cavalry"), rule->value3, "MUN 3.4");
                    }
                }
              else
                {
                  total -= rule->value3;
                  why_add (why, _("Flanking cavalry behind the lines"), -rule->value3, "MUN 3.4");
                }
            }
          break;
        case FB_R_OCCUPATION_SHIFT:
          if (rule->side == side && s->occupation_shift[side])
            {
              total += rule->value;
              why_add (why, _("Enemy in the camp"), rule->value, "MUN 3.5");
            }
          break;
        case FB_R_GENTLE_SLOPES:
          {
            gboolean uphill = c->n_def > 0 && c->n_att > 0;

            for (gint i = 0; i < c->n_def && uphill; i++)
              for (gint a = 0; a < c->n_att && uphill; a++)
                if (acies_fb_adjacent (st, s->p[c->att[a]].cell, s->p[c->def[i]].cell))
                  uphill = st->elevation[s->p[c->att[a]].cell] == st->elevation[s->p[c->def[i]].cell] - 1;
            if (uphill)
              {
                total += rule->value;
                why_add (why, _("Uphill attack"), rule->value, "MUN 3.6");
              }
          }
          break;
        default:
          break;
        }
    }
  return total;
}

/**
 * acies_fb_compute_odds:
 * @s: the state
 * @c: a melee
 * @o: (out): the odds
 *
 * FB 8.0, 8.52, 8.53, rulings A1-A3: strengths, the raw column, shifts,
 * the CRT column and the DRM beyond 4:1.
 */
void
acies_fb_compute_odds (const FbState  *s,
                       const FbCombat *c,
                       FbOdds         *o)
{
  const FbStatic *st = s->st;

  o->att_q = o->def_q = 0;
  for (gint i = 0; i < c->n_att; i++)
    o->att_q += acies_fb_unit_attack_q (s, c, i, NULL);
  for (gint i = 0; i < c->n_def; i++)
    o->def_q += acies_fb_unit_defence_q (s, c, i, NULL);
  o->raw_level = acies_fb_level_of (o->att_q, o->def_q, st->opt.odds_round_up);
  o->below_floor = o->raw_level < st->crt.level[0];
  o->shift = acies_fb_column_shift (s, c, o->why);
  o->level = o->raw_level + o->shift;
  o->col = acies_fb_crt_column (st, o->level, &o->drm, &o->auto_al);
  if (o->below_floor)
    o->auto_al = TRUE;                                         /* 8.52 */
}

/* FB 8.6, 9.3, TEU 4.3: what die @die gives in @c. */
static FbResult
result_for (const FbState  *s,
            const FbCombat *c,
            const FbOdds   *o,
            gint            die,
            gboolean       *provisional)
{
  const FbStatic *st = s->st;
  gint row = die + o->drm;
  FbResult r;

  *provisional = FALSE;
  if (o->auto_al)
    return FB_RES_AL;
  if (row < 1)
    {
      if (!st->opt.die_floor)
        return FB_RES_DL;                                      /* ruling A3 */
      row = 1;
    }
  row = MIN (row, 6);
  r = st->crt.result[o->col][row - 1];
  *provisional = st->crt.provisional[o->col][row - 1];
  if (c->fw && r != FB_RES_AL)
    r = FB_RES_AR;                                             /* TEU 4.3 */
  return r;
}

static const char *
result_word (FbResult r,
             gboolean charge)
{
  switch (r)
    {
    case FB_RES_AR: return charge ? N_("AR (a charger lost, FB 9.3)") : N_("AR");
    case FB_RES_AL: return N_("AL");
    case FB_RES_EX: return N_("EX (the attacker may try for AR, FB 8.6)");
    case FB_RES_DR: return N_("DR");
    case FB_RES_DL: return N_("DL");
    default:        return N_("no effect");
    }
}

const char *
acies_fb_result_name (FbResult r)
{
  return r == FB_RES_EX ? _("EX") : _(result_word (r, FALSE));
}

/* "Hoplites: 4, charging ×2 = 8": a unit's strength and how it was
 * reached, for the preview's summary. */
static void
append_strength (GString       *out,
                 const FbState *s,
                 gint           piece,
                 gint           q,
                 GString       *why)
{
  if (out->len > 0)
    /* TRANSLATORS: between two units' strengths in the attack preview ("Hoplites: 4; Peltasts: 2"). */
    g_string_append (out, C_("attack preview", "; "));
  if (why->len == 0 && q == acies_fb_sp (s, piece) * 4)
    /* TRANSLATORS: a unit's strength in the attack preview, as printed (FB 8.4). Slots in order: %s: a
     * unit's name; %d: its SP. */
    g_string_append_printf (out, C_("attack preview", "%s: %d"), acies_fb_name (s, piece), acies_fb_sp (s, piece));
  else if (why->len == 0)
    /* TRANSLATORS: a unit's strength in the attack preview, changed by a scenario's rule (FB 8.4).
     * Slots in order: %s: a unit's name; %d: its printed SP; %g: the strength. */
    g_string_append_printf (out, C_("attack preview", "%s: %d = %g"), acies_fb_name (s, piece), acies_fb_sp (s, piece), q / 4.0);
  else
    /* TRANSLATORS: a unit's strength in the attack preview and how it is reached (FB 8.4), "Hoplites: 4,
     * charging ×2 = 8". Slots in order: %s: a unit's name; %d: its printed SP; %s: the steps, each
     * translated on its own and joined with ", "; %g: the strength. */
    g_string_append_printf (out, C_("attack preview", "%s: %d, %s = %g"), acies_fb_name (s, piece), acies_fb_sp (s, piece),
                            why->str, q / 4.0);
}

/**
 * acies_fb_combat_odds:
 * @s: the state
 * @c: a melee as it stands
 *
 * The attack preview: strengths, the odds column, every shift and the DRM
 * with their rules, and the exact chance of each result.
 *
 * Returns: (transfer full): the odds
 */
AciesOdds *
acies_fb_combat_odds (const FbState  *s,
                      const FbCombat *c)
{
  AciesOdds *odds = acies_odds_new ();
  FbOdds o = { 0 };
  g_autofree char *raw = NULL;
  g_autofree char *final = NULL;
  g_autoptr(GString) summary = g_string_new (NULL);
  gint count[6] = { 0 };
  gboolean prov[6] = { FALSE };
  gboolean charge = FALSE;

  if (any_leader_defender (s, c))
    {
      gint cells[36], n = 0;
      gboolean away = TRUE;

      /* FB 13.6, ruling A18: no roll; each leader withdraws or is lost. */
      for (gint i = 0; i < c->n_def; i++)
        away &= acies_fb_two_hex_targets (s, c->def[i], cells, &n);
      odds->summary = g_strdup (_("A lone leader attacked withdraws two hexes without a roll (FB 13.6)"));
      acies_odds_add_outcome (odds, away ? _("the leader withdraws") : _("the leader is eliminated"), 1.0, FALSE);
      return odds;
    }
  o.why = odds->modifiers;
  acies_fb_compute_odds (s, c, &o);
  {
    g_autoptr(GString) att = g_string_new (NULL);
    g_autoptr(GString) def = g_string_new (NULL);

    for (gint i = 0; i < c->n_att; i++)
      {
        g_autoptr(GString) why = g_string_new (NULL);
        gint q = acies_fb_unit_attack_q (s, c, i, why);

        append_strength (att, s, c->att[i], q, why);
      }
    for (gint i = 0; i < c->n_def; i++)
      {
        g_autoptr(GString) why = g_string_new (NULL);
        gint q = acies_fb_unit_defence_q (s, c, i, why);

        append_strength (def, s, c->def[i], q, why);
      }
    /* Translators: the strengths behind the odds, "Attack: Hoplites: 4 = 4. Defence: …". */
    g_string_append_printf (summary, _("Attack: %s. Defence: %s (FB 8.4). "), att->str, def->str);
  }
  for (gint i = 0; i < c->n_att; i++)
    charge |= charge_multiplier (s, c, i < c->n_att ? c->att[i] : 0) > 1 || s->p[c->att[i]].charging;
  raw = acies_fb_level_name (o.raw_level);
  final = acies_fb_level_name (s->st->crt.level[o.col]);
  g_string_append_printf (summary, _("%g SP against %g SP: %s (FB 8.0)"), o.att_q / 4.0, o.def_q / 4.0, raw);
  if (o.below_floor)
    g_string_append (summary, _(", below 1:4: an automatic AL (FB 8.52)"));
  else if (o.auto_al)
    g_string_append (summary, _(", shifted below 1:4: an automatic AL"));
  else
    {
      g_string_append_printf (summary, _(", resolved on the %s column"), final);
      if (o.drm != 0)
        g_string_append_printf (summary, _(" with %+d to the die (FB 8.53)"), o.drm);
    }
  if (c->fw)
    g_string_append (summary, _("; fighting withdrawal: every result but AL is AR (TEU 4.3)"));
  odds->summary = g_string_free (g_steal_pointer (&summary), FALSE);
  if (o.drm != 0)
    acies_odds_add_modifier (odds, _("Die roll (odds above 4:1)"), o.drm, "FB 8.53");
  for (gint die = 1; die <= 6; die++)
    {
      gboolean provisional;
      FbResult r = result_for (s, c, &o, die, &provisional);

      count[r]++;
      prov[r] |= provisional;
    }
  for (gint r = FB_RES_DL; r >= FB_RES_NONE; r--)
    if (count[r] > 0)
      acies_odds_add_outcome (odds, _(result_word (r, r == FB_RES_AR && charge)), count[r] / 6.0, prov[r]);
  return odds;
}

/* Legal actions. */

/* Attackers @u may be added to @c: able, next to a defender, and the
 * shape still allowed. */
static gboolean
attacker_ok (const FbState  *s,
             const FbCombat *c,
             gint            u)
{
  const FbStatic *st = s->st;
  const gint16 *nbr;
  gboolean next = FALSE;

  if (!on_map (s, u) || st->pieces[u].side != s->base.active_side || st->pieces[u].cls == FB_BAGGAGE
      || c->n_att >= FB_MAX_IN_COMBAT)
    return FALSE;
  /* The cheap test first: next to a defender (8.2). */
  nbr = &st->nbr[s->p[u].cell * 6];
  for (gint d = 0; d < c->n_def && !next; d++)
    for (gint k = 0; k < 6 && !next; k++)
      next = nbr[k] >= 0 && nbr[k] == s->p[c->def[d]].cell;
  return next && !in_list (c->att, c->n_att, u) && can_attack (s, u);
}

static gboolean
defender_ok (const FbState  *s,
             const FbCombat *c,
             gint            e)
{
  FbCombat copy;
  gboolean next = FALSE;

  if (!attackable (s, e) || in_list (c->def, c->n_def, e) || c->n_def >= FB_MAX_IN_COMBAT)
    return FALSE;
  if (e >= s->st->n_combat || any_leader_defender (s, c))
    return FALSE;                               /* a lone leader is attacked alone (13.6) */
  for (gint a = 0; a < c->n_att && !next; a++)
    next = acies_fb_adjacent (s->st, s->p[c->att[a]].cell, s->p[e].cell);
  if (!next)
    return FALSE;
  copy = *c;
  copy.def[copy.n_def++] = (gint16) e;
  return shape_ok (s, &copy);
}

/**
 * acies_fb_left_alone:
 * @s: a state in the combat phase
 * @c: the melee being composed
 *
 * FB 8.21, 8.11, ruling A27: an enemy unit next to an attacker of @c that
 * must be attacked (in a friendly ZOC), has not been, could join @c as a
 * defender, and has no other phasing unit next to it still able to attack
 * it: once @c is rolled nobody could, so @c must take it in.
 *
 * Returns: the first such unit, or -1
 */
gint
acies_fb_left_alone (const FbState  *s,
                     const FbCombat *c)
{
  const FbStatic *st = s->st;

  for (gint a = 0; a < c->n_att; a++)
    {
      gint list[8], m = adjacent_targets (s, s->p[c->att[a]].cell, list);

      for (gint k = 0; k < m; k++)
        {
          gint e = list[k], cell = s->p[e].cell;
          gboolean other = FALSE;

          if (e >= st->n_combat || !s->p[e].must_defend || s->p[e].defended || !defender_ok (s, c, e))
            continue;
          for (gint d = 0; d < 6 && !other; d++)
            {
              gint nb = st->nbr[cell * 6 + d];
              gint u = nb >= 0 ? s->occ[nb] : -1;

              other = u >= 0 && st->pieces[u].side == s->base.active_side && !st->pieces[u].paren
                      && !in_list (c->att, c->n_att, u) && can_attack (s, u);
            }
          if (!other)
            return e;
        }
    }
  return -1;
}

/* FB 8.52: the melee may be rolled: at least 1:4 on the raw odds, or an
 * obliged unit fights (then an automatic AL). */
static gboolean
resolvable (const FbState  *s,
            const FbCombat *c)
{
  FbOdds o = { 0 };

  if (c->n_att == 0 || c->n_def == 0)
    return FALSE;
  if (any_leader_defender (s, c))
    return TRUE;
  if (acies_fb_left_alone (s, c) >= 0)
    return FALSE;                               /* FB 8.21, A27 */
  /* TEU 4.4: a lone baggage unit's fighting withdrawal is compulsory (an
   * automatic AL below 1:4). */
  if (c->n_att == 1 && s->st->pieces[c->att[0]].cls == FB_BAGGAGE)
    return TRUE;
  acies_fb_compute_odds (s, c, &o);
  if (!o.below_floor)
    return TRUE;
  for (gint i = 0; i < c->n_att; i++)
    if (s->p[c->att[i]].must_attack)
      return TRUE;
  return FALSE;
}

/**
 * acies_fb_unresolved_why:
 * @s: a state in the combat phase
 * @c: the melee being composed
 * @rule: (out) (transfer full): the rule that holds the roll back
 *
 * Why @c cannot be rolled yet (no Resolve is offered): FB 8.21, an
 * enemy unit next to the attackers that nobody else can attack must be a
 * defender of @c too; FB 8.52, no voluntary attack below 1:4 on the raw
 * odds.
 *
 * Returns: (transfer full) (nullable): the reason in a player's words,
 *   or %NULL when @c may be resolved
 */
char *
acies_fb_unresolved_why (const FbState  *s,
                         const FbCombat *c,
                         char          **rule)
{
  FbOdds o = { 0 };
  gint alone;
  g_autofree char *level = NULL;

  *rule = NULL;
  if (resolvable (s, c) || c->n_att == 0 || c->n_def == 0)
    return NULL;
  alone = acies_fb_left_alone (s, c);
  if (alone >= 0)
    {
      *rule = g_strdup ("FB 8.21");
      /* TRANSLATORS: why the play panel offers no Resolve yet (FB 8.21); %s: a unit's name. */
      return g_strdup_printf (_("no Resolve yet: %s must be a defender in this attack too, since no other unit "
                                "can attack it (add it)"), acies_fb_name (s, alone));
    }
  acies_fb_compute_odds (s, c, &o);
  level = acies_fb_level_name (o.raw_level);
  *rule = g_strdup ("FB 8.52");
  /* TRANSLATORS: why the play panel offers no Resolve yet (FB 8.52). Slots in order: %g: the attackers'
   * strength points; %g: the defenders'; %s: the odds ("1:5"). */
  return g_strdup_printf (_("no Resolve yet: %g SP against %g SP is %s, and no attack may be made at odds below "
                            "1:4 (add attackers or a leader's strength, or call the attack off)"),
                          o.att_q / 4.0, o.def_q / 4.0, level);
}

static gboolean
defender_has_choices (const FbState  *s,
                      const FbCombat *c)
{
  gint leaders[16], n;
  gint side = 1 - s->base.active_side;

  if (any_leader_defender (s, c))
    return FALSE;
  n = combat_leaders (s, c->def, c->n_def, side, leaders);
  for (gint i = 0; i < n; i++)
    if (additive_ok (s, c, leaders[i], FALSE) || shift_ok (s, c, leaders[i], FALSE))
      return TRUE;
  for (gint i = 0; i < c->n_def; i++)
    if (acies_fb_rbc_eligible (s, c, c->def[i]))
      return TRUE;
  return FALSE;
}

/* The ADD_ATTACKER actions, in unit order: the units on the hexes next to
 * the defenders (one combat unit a hex, 5.3), or every unit when a hex
 * holds more. */
static void
add_attackers_legal (const FbState *s,
                     GArray        *out)
{
  const FbStatic *st = s->st;
  const FbCombat *c = &s->c;
  gint side = s->base.active_side;
  gint cand[6 * FB_MAX_IN_COMBAT], n_cand = 0;

  for (gint d = 0; d < c->n_def; d++)
    {
      gint from = s->p[c->def[d]].cell;

      for (gint k = 0; k < 6 && from >= 0 && n_cand >= 0; k++)
        {
          gint nb = st->nbr[from * 6 + k];
          gint u = nb >= 0 ? s->occ[nb] : -1;

          if (nb >= 0 && s->ucnt[nb] > 1)
            n_cand = -1;                          /* a hex with two units: look at all */
          else if (u >= 0 && st->pieces[u].side == side)
            {
              gint j = n_cand++;

              /* Insert in index order, once. */
              while (j > 0 && cand[j - 1] > u)
                {
                  cand[j] = cand[j - 1];
                  j--;
                }
              if (j > 0 && cand[j - 1] == u)
                {
                  memmove (&cand[j], &cand[j + 1], (n_cand - 1 - j) * sizeof (gint));
                  n_cand--;
                }
              else
                cand[j] = u;
            }
        }
    }
  if (n_cand < 0)
    {
      for (gint u = 0; u < st->n_combat; u++)
        if (attacker_ok (s, c, u))
          acies_fb_add (out, FB_A_ADD_ATTACKER, side, u, -1, -1);
      return;
    }
  for (gint i = 0; i < n_cand; i++)
    if (attacker_ok (s, c, cand[i]))
      acies_fb_add (out, FB_A_ADD_ATTACKER, side, cand[i], -1, -1);
}

static void
build_legal (const FbState *s,
             GArray        *out)
{
  const FbStatic *st = s->st;
  const FbCombat *c = &s->c;
  gint side = s->base.active_side;
  gint leaders[16], n;

  add_attackers_legal (s, out);
  for (gint a = 0; a < c->n_att; a++)
    {
      gint list[8], m = adjacent_targets (s, s->p[c->att[a]].cell, list);

      for (gint k = 0; k < m; k++)
        if (defender_ok (s, c, list[k]))
          {
            gboolean seen = FALSE;

            for (guint j = 0; j < out->len; j++)
              {
                const AciesAction *x = &g_array_index (out, AciesAction, j);

                seen |= x->type == FB_A_ADD_DEFENDER && x->args[0] == list[k];
              }
            if (!seen)
              acies_fb_add (out, FB_A_ADD_DEFENDER, side, list[k], -1, -1);
          }
    }
  n = combat_leaders (s, c->att, c->n_att, side, leaders);
  for (gint i = 0; i < n; i++)
    {
      if (additive_ok (s, c, leaders[i], TRUE))
        acies_fb_add (out, FB_A_ADDITIVE, side, leaders[i], -1, -1);
      if (shift_ok (s, c, leaders[i], TRUE))
        acies_fb_add (out, FB_A_SHIFT, side, leaders[i], -1, -1);
    }
  if (!c->fw && acies_fb_find_rule (st, FB_R_FIGHTING_WITHDRAWAL, side) != NULL)
    acies_fb_add (out, FB_A_WITHDRAWAL, side, -1, -1, -1);
  if (resolvable (s, c))
    acies_fb_add (out, FB_A_RESOLVE, side, -1, -1, -1);
  /* TEU 4.4: a lone baggage unit's withdrawal is not cancelled.  Last,
   * so that the rows before it keep their places (the play mode's
   * Alt+1 … Alt+9). */
  if (!(c->n_att == 1 && st->pieces[c->att[0]].cls == FB_BAGGAGE))
    acies_fb_add (out, FB_A_CANCEL, side, -1, -1, -1);
}

static void
defend_legal (const FbState *s,
              GArray        *out)
{
  const FbCombat *c = &s->c;
  gint side = 1 - s->base.active_side;
  gint leaders[16], n;

  n = combat_leaders (s, c->def, c->n_def, side, leaders);
  for (gint i = 0; i < n; i++)
    {
      if (additive_ok (s, c, leaders[i], FALSE))
        acies_fb_add (out, FB_A_ADDITIVE, side, leaders[i], -1, -1);
      if (shift_ok (s, c, leaders[i], FALSE))
        acies_fb_add (out, FB_A_SHIFT, side, leaders[i], -1, -1);
    }
  for (gint i = 0; i < c->n_def; i++)
    if (acies_fb_rbc_eligible (s, c, c->def[i]))
      acies_fb_add (out, FB_A_RBC, side, c->def[i], -1, -1);
  acies_fb_add (out, FB_A_DEFEND, side, -1, -1, -1);
}

/**
 * acies_fb_combat_legal:
 * @s: a state in the combat phase
 * @out: where to append actions
 *
 * The attacker declares melees (8.1-8.2) and ends the phase when every
 * obligation is met; inside a melee, the step's actions.
 */
void
acies_fb_combat_legal (const FbState *s,
                       GArray        *out)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;

  switch (s->step)
    {
    case FB_ST_BUILD:
      build_legal (s, out);
      return;
    case FB_ST_DEFEND:
      defend_legal (s, out);
      return;
    case FB_ST_EX_SUB:
      acies_fb_add (out, FB_A_EX_SUB, side, 1, -1, -1);
      acies_fb_add (out, FB_A_EX_SUB, side, 0, -1, -1);
      return;
    case FB_ST_LOSS:
    case FB_ST_RETREAT:
    case FB_ST_TWO_HEX:
      acies_fb_retreat_legal (s, out);
      return;
    case FB_ST_ADVANCE:
      acies_fb_advance_legal (s, out);
      return;
    default:
      break;
    }
  /* The side's combat units on the map, in index order (only they may
   * attack: can_attack()), read off its bitmask of pieces on the map. */
  for (gint w = 0; (side == 0 || side == 1) && w < (FB_MAX_PIECES + 63) / 64; w++)
    for (guint64 bits = s->on_map[side][w]; bits != 0; bits &= bits - 1)
      {
        gint u = w * 64 + __builtin_ctzll (bits);
        gint list[8], n;

        if (u >= st->n_combat)
          break;
        /* No enemy next to it: no target, can_attack() need not be asked. */
        if (s->near[1 - side][s->p[u].cell] == 0 || !can_attack (s, u))
          continue;
        n = adjacent_targets (s, s->p[u].cell, list);
        for (gint k = 0; k < n; k++)
          acies_fb_add (out, FB_A_ATTACK, side, u, list[k], -1);
      }
  if (acies_fb_obligations_met (s, NULL))
    acies_fb_add (out, FB_A_END_PHASE, side, -1, -1, -1);
}

/* Resolution. */

static char *
list_names (const FbState *s,
            const gint16  *list,
            gint           n)
{
  g_autofree const char **names = g_new (const char *, MAX (n, 1));

  for (gint i = 0; i < n; i++)
    names[i] = acies_fb_name (s, list[i]);
  return acies_text_join_list (names, (gsize) MAX (n, 0));
}

/* FB 11.32: whether @piece is faster than every attacker of @c (then it
 * retreats before combat without a roll, unless it stood, 11.32b). */
static gboolean
rbc_faster (const FbState  *s,
            const FbCombat *c,
            gint            piece)
{
  const FbStatic *st = s->st;
  gint ma = st->opt.rbc_effective_ma ? acies_fb_ma (s, piece, FALSE) : st->pieces[piece].ma;
  gboolean faster = TRUE;

  for (gint i = 0; i < c->n_att; i++)
    {
      gint other = st->opt.rbc_effective_ma ? acies_fb_ma (s, c->att[i], FALSE) : st->pieces[c->att[i]].ma;

      faster &= ma > other;
    }
  return faster;
}

/**
 * acies_fb_rbc_odds:
 * @s: a state where @piece may retreat before combat
 * @piece: the retreating skirmisher
 *
 * FB 11.32, 11.32b: the chance that a skirmisher retreating before
 * combat is caught (die, less one for each stand, at most the table's
 * elimination number) or gets away; certain escape when it is faster than
 * every attacker and has not stood.
 *
 * Returns: (transfer full): the odds
 */
AciesOdds *
acies_fb_rbc_odds (const FbState *s,
                   gint           piece)
{
  AciesOdds *odds = acies_odds_new ();
  gint stands = s->p[piece].stands;
  gint caught = 0;

  if (rbc_faster (s, &s->c, piece) && stands == 0)
    {
      odds->summary = g_strdup_printf (_("%s is faster than every attacker: it gets away without a roll (FB 11.32)"),
                                       acies_fb_name (s, piece));
      acies_odds_add_outcome (odds, _("gets away"), 1.0, FALSE);
      return odds;
    }
  for (gint die = 1; die <= 6; die++)
    caught += die - stands <= s->st->rbc_elim_max;
  odds->summary = g_strdup_printf (_("%s retreats before combat: caught on %d or less (FB 11.32)"),
                                   acies_fb_name (s, piece), s->st->rbc_elim_max);
  if (stands > 0)
    acies_odds_add_modifier (odds, _("Die roll (stands made)"), -stands, "FB 11.32b");
  if (caught > 0)
    acies_odds_add_outcome (odds, _("caught and eliminated"), caught / 6.0, FALSE);
  if (caught < 6)
    acies_odds_add_outcome (odds, _("gets away"), (6 - caught) / 6.0, FALSE);
  return odds;
}

/**
 * acies_fb_ex_sub_odds:
 * @s: a state after an EX (FB_ST_EX_SUB)
 * @try_ar: whether the attacker tries for AR
 *
 * FB 8.6: the attacker may roll to turn an EX into an AR (on 1 … the
 * table's number); not trying keeps the EX.
 *
 * Returns: (transfer full): the odds
 */
AciesOdds *
acies_fb_ex_sub_odds (const FbState *s,
                      gboolean       try_ar)
{
  AciesOdds *odds = acies_odds_new ();
  gint ar = try_ar ? MIN (s->st->ex_sub_max, 6) : 0;

  odds->summary = try_ar ? g_strdup_printf (_("Try for AR instead of the EX: AR on %d or less (FB 8.6)"), ar)
                         : g_strdup (_("Keep the EX: both sides lose a unit (FB 8.6)"));
  if (ar > 0)
    acies_odds_add_outcome (odds, _("AR"), ar / 6.0, FALSE);
  if (ar < 6)
    acies_odds_add_outcome (odds, _("EX"), (6 - ar) / 6.0, FALSE);
  return odds;
}

/* FB 11.32, 11.32b: a skirmisher retreating before combat. */
static void
retreat_before_combat (FbState   *s,
                       gint       piece,
                       AciesDice *dice,
                       GPtrArray *events)
{
  const FbStatic *st = s->st;
  FbCombat *c = &s->c;
  const char *name = acies_fb_name (s, piece);
  gboolean faster = rbc_faster (s, c, piece);

  c->rbc_unit = (gint16) piece;
  c->rbc_first = s->p[piece].cell;
  s->p[piece].defended = TRUE;
  if (!faster || s->p[piece].stands > 0)
    {
      guint die = acies_dice_roll_or_abort (dice, 6, 1, "retreat before combat");
      gint adjusted = (gint) die - s->p[piece].stands;

      acies_events_add (events, "roll", "FB 11.32", st->pieces[piece].side,
                        /* TRANSLATORS: a line of the game log (FB 11.32). Slots in order: %s: a
                         * unit's name; %u: a die roll; %d: a number; %d: a number. */
                        s->p[piece].stands > 0 ? _("%s retreats before combat: die %u − %d for standing = %d")
                                               /* TRANSLATORS: a line of the game log (FB 11.32).
                                                * Slots in order: %s: a unit's name; %u: a die roll;
                                                * %.0d: a number. */
                                               : _("%s retreats before combat: die %u%.0d"),
                        name, die, s->p[piece].stands, adjusted);
      if (adjusted <= st->rbc_elim_max)
        {
          /* TRANSLATORS: a line of the game log (FB 11.32). Slots in order: %s: a unit's name. */
          acies_events_add (events, "rbc", "FB 11.32", st->pieces[piece].side, _("%s is caught and eliminated"), name);
          acies_fb_eliminate (s, piece, events, "FB 11.32", FALSE);
          c->rbc_done = TRUE;
          return;
        }
    }
  else
    acies_events_add (events, "rbc", "FB 11.32", st->pieces[piece].side,
                      /* TRANSLATORS: a line of the game log (FB 11.32). Slots in order: %s: a
                       * unit's name. */
                      _("%s retreats before combat (faster than every attacker)"), name);
  s->step = FB_ST_TWO_HEX;
  s->two_hex_unit = piece;
  s->two_hex_from = s->p[piece].cell;
  s->deciding = st->pieces[piece].side;
}

/* FB 13.6, ruling A18: lone leaders attacked retreat two hexes at once. */
static void
leaders_withdraw (FbState   *s,
                  AciesDice *dice,
                  GPtrArray *events)
{
  FbCombat *c = &s->c;

  for (gint i = 0; i < c->n_def; i++)
    {
      gint l = c->def[i], cells[36], n;
      const char *name = acies_fb_name (s, l);

      c->rbc_first = s->p[l].cell;
      c->rbc_unit = (gint16) l;
      if (!acies_fb_two_hex_targets (s, l, cells, &n))
        {
          /* TRANSLATORS: a line of the game log (FB 13.6). Slots in order: %s: a unit's name. */
          acies_events_add (events, "trapped", "FB 13.6", s->st->pieces[l].side, _("%s cannot get away"), name);
          acies_fb_eliminate (s, l, events, "FB 13.6", FALSE);
          continue;
        }
      if (n == 1)
        {
          acies_fb_lift (s, l);
          acies_fb_place (s, l, cells[0]);
          /* TRANSLATORS: a line of the game log (FB 13.6). Slots in order: %s: a unit's name; %s: a
           * hex or square label. */
          acies_events_add (events, "rbc", "FB 13.6", s->st->pieces[l].side, _("%s withdraws to %s"), name,
                            acies_fb_cell_label (s, cells[0]));
          continue;
        }
      s->step = FB_ST_TWO_HEX;
      s->two_hex_unit = l;
      s->two_hex_from = s->p[l].cell;
      s->deciding = s->st->pieces[l].side;
      return;
    }
  c->rbc_done = TRUE;
}

/* FB 8.6 AR, 9.3: the attackers fall back one hex; a charge cannot, and
 * the AR becomes an AL that falls on a charger. */
static void
attackers_retreat (FbState   *s,
                   GPtrArray *events)
{
  FbCombat *c = &s->c;
  gint side = s->base.active_side;

  c->result = FB_RES_AR;
  c->def_won = s->st->opt.defender_may_advance;
  if (c->charge)
    {
      c->result = FB_RES_AL;
      c->loss_att = 1;
      c->loss_chargers = TRUE;
      /* TRANSLATORS: a line of the game log (FB 9.3). */
      acies_events_add (events, "charge", "FB 9.3", side, _("A charge cannot fall back: the AR becomes an AL"));
      return;
    }
  c->retreat_side = (gint8) side;
  for (gint i = 0; i < c->n_att; i++)
    if (on_map (s, c->att[i]))
      c->retreating[c->n_retreating++] = c->att[i];
}

/* FB 8.0: roll the melee and turn the result into the choices it asks
 * (8.6, 9.3). */
static void
roll_melee (FbState   *s,
            AciesDice *dice,
            GPtrArray *events)
{
  const FbStatic *st = s->st;
  FbCombat *c = &s->c;
  FbOdds o = { 0 };
  gboolean provisional = FALSE;
  FbResult r;
  g_autofree char *level = NULL;
  gint side = s->base.active_side;

  acies_fb_compute_odds (s, c, &o);
  if (events != NULL)
    level = acies_fb_level_name (o.raw_level);   /* for the log alone */
  c->rolled = TRUE;
  s->melee_this_pt = TRUE;
  for (gint i = 0; i < c->n_def; i++)
    acies_fb_released (s, c->def[i], TRUE, events);
  for (gint i = 0; i < c->n_add_att; i++)
    s->p[c->add_att[i]].additive_used = s->p[c->add_att[i]].leader_attacked = TRUE;
  for (gint i = 0; i < c->n_add_def; i++)
    s->p[c->add_def[i]].additive_used = TRUE;
  for (gint i = 0; i < c->n_shift_att; i++)
    {
      s->p[c->shift_att[i]].shifts_used++;
      s->p[c->shift_att[i]].leader_attacked = TRUE;
    }
  for (gint i = 0; i < c->n_shift_def; i++)
    s->p[c->shift_def[i]].shifts_used++;
  if (o.auto_al)
    {
      r = FB_RES_AL;
      /* TRANSLATORS: a line of the game log (FB 8.52). Slots in order: %g: a troop quality; %g: a
       * troop quality; %s: the odds. */
      acies_events_add (events, "melee", "FB 8.52", side, _("%g SP against %g SP (%s): below 1:4, an automatic AL"),
                        o.att_q / 4.0, o.def_q / 4.0, level);
    }
  else
    {
      guint die = acies_dice_roll_or_abort (dice, 6, 1, "combat");
      g_autofree char *col = events != NULL ? acies_fb_level_name (st->crt.level[o.col]) : NULL;

      c->die = (guint8) die;
      r = result_for (s, c, &o, die, &provisional);
      c->raw_result = st->crt.result[o.col][CLAMP ((gint) die + o.drm, 1, 6) - 1];
      if (o.drm != 0 && provisional)
        /* TRANSLATORS: a line of the game log (FB 8.53), the result read from a table cell marked
         * provisional. Slots in order: %g: attacking SP; %g: defending SP; %s: the odds; %s: a
         * CRT column; %u: a die roll; %+d: a modifier; %s: a combat result. */
        acies_events_add (events, "roll", "FB 8.53", side,
                          _("%g SP against %g SP (%s), %s column, die %u %+d: %s (provisional CRT)"),
                          o.att_q / 4.0, o.def_q / 4.0, level, col, die, o.drm, acies_fb_result_name (r));
      else if (o.drm != 0)
        /* TRANSLATORS: a line of the game log (FB 8.53). Slots in order: %g: attacking SP; %g:
         * defending SP; %s: the odds; %s: a CRT column; %u: a die roll; %+d: a modifier; %s: a
         * combat result. */
        acies_events_add (events, "roll", "FB 8.53", side, _("%g SP against %g SP (%s), %s column, die %u %+d: %s"),
                          o.att_q / 4.0, o.def_q / 4.0, level, col, die, o.drm, acies_fb_result_name (r));
      else if (provisional)
        /* TRANSLATORS: a line of the game log (FB 8.0), the result read from a table cell marked
         * provisional. Slots in order: %g: attacking SP; %g: defending SP; %s: the odds; %s: a CRT
         * column; %u: a die roll; %s: a combat result. */
        acies_events_add (events, "roll", "FB 8.0", side, _("%g SP against %g SP (%s), %s column, die %u: %s (provisional CRT)"),
                          o.att_q / 4.0, o.def_q / 4.0, level, col, die, acies_fb_result_name (r));
      else
        /* TRANSLATORS: a line of the game log (FB 8.0). Slots in order: %g: attacking SP; %g:
         * defending SP; %s: the odds; %s: a CRT column; %u: a die roll; %s: a combat result. */
        acies_events_add (events, "roll", "FB 8.0", side, _("%g SP against %g SP (%s), %s column, die %u: %s"),
                          o.att_q / 4.0, o.def_q / 4.0, level, col, die, acies_fb_result_name (r));
      if (c->fw && c->raw_result != r)
        /* TRANSLATORS: a line of the game log (TEU 4.3). */
        acies_events_add (events, "withdrawal", "TEU 4.3", side, _("Fighting withdrawal: the result becomes AR"));
    }
  c->result = r;
  for (gint i = 0; i < c->n_att; i++)
    c->charge |= s->p[c->att[i]].charging;
  switch (r)
    {
    case FB_RES_EX:
      if (!c->fw)
        {
          s->step = FB_ST_EX_SUB;
          s->deciding = side;
          return;
        }
      c->result = FB_RES_AR;
      G_GNUC_FALLTHROUGH;
    case FB_RES_AR:
      attackers_retreat (s, events);
      break;
    case FB_RES_AL:
      c->loss_att = 1;
      c->def_won = st->opt.defender_may_advance;
      break;
    case FB_RES_DR:
      c->retreat_side = (gint8) (1 - side);
      c->att_won = TRUE;
      for (gint i = 0; i < c->n_def; i++)
        if (on_map (s, c->def[i]))
          c->retreating[c->n_retreating++] = c->def[i];
      break;
    case FB_RES_DL:
      c->loss_def = 1;
      c->att_won = TRUE;
      break;
    default:
      break;
    }
  acies_fb_next_combat_step (s, dice, events);
}

/**
 * acies_fb_combat_apply:
 * @s: a state in the combat phase
 * @a: a legal action
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %TRUE if applied
 */
gboolean
acies_fb_combat_apply (FbState           *s,
                       const AciesAction *a,
                       AciesDice         *dice,
                       GPtrArray         *events,
                       GError           **error)
{
  const FbStatic *st = s->st;
  FbCombat *c = &s->c;
  gint side = s->base.active_side;

  switch (a->type)
    {
    case FB_A_ATTACK:
      {
        gint u = a->args[0], e = a->args[1], list[8], n;
        gboolean ok = FALSE;

        if (u < 0 || u >= st->n_combat || !can_attack (s, u))
          return acies_fb_refuse (error, _("FB 8.15: that unit may not attack now"));
        n = adjacent_targets (s, s->p[u].cell, list);
        for (gint k = 0; k < n; k++)
          ok |= list[k] == e;
        if (!ok)
          return acies_fb_refuse (error, _("FB 8.16: melee attacks adjacent enemy units only"));
        memset (c, 0, sizeof *c);
        c->rbc_unit = c->rbc_first = c->forced_adv = FB_NONE;
        c->active = TRUE;
        c->att[c->n_att++] = (gint16) u;
        c->def[c->n_def++] = (gint16) e;
        if (st->pieces[u].cls == FB_BAGGAGE)
          c->fw = TRUE;                                         /* TEU 4.4 */
        s->step = FB_ST_BUILD;
        s->deciding = side;
        return TRUE;
      }
    case FB_A_ADD_ATTACKER:
      if (s->step != FB_ST_BUILD || !attacker_ok (s, c, a->args[0]))
        return acies_fb_refuse (error, _("FB 8.22: that unit cannot join this attack"));
      c->att[c->n_att++] = (gint16) a->args[0];
      return TRUE;
    case FB_A_ADD_DEFENDER:
      if (s->step != FB_ST_BUILD || !defender_ok (s, c, a->args[0]))
        return acies_fb_refuse (error, _("FB 8.21: that unit cannot be attacked in this combat"));
      c->def[c->n_def++] = (gint16) a->args[0];
      return TRUE;
    case FB_A_ADDITIVE:
      {
        gboolean attacker = s->step == FB_ST_BUILD;

        if (!additive_ok (s, c, a->args[0], attacker))
          return acies_fb_refuse (error, _("FB 13.2: that leader cannot add his strength now"));
        if (attacker)
          c->add_att[c->n_add_att++] = (gint16) a->args[0];
        else
          c->add_def[c->n_add_def++] = (gint16) a->args[0];
        return TRUE;
      }
    case FB_A_SHIFT:
      {
        gboolean attacker = s->step == FB_ST_BUILD;

        if (!shift_ok (s, c, a->args[0], attacker))
          return acies_fb_refuse (error, _("FB 13.4: that leader cannot shift the odds now"));
        if (attacker)
          c->shift_att[c->n_shift_att++] = (gint16) a->args[0];
        else
          c->shift_def[c->n_shift_def++] = (gint16) a->args[0];
        return TRUE;
      }
    case FB_A_WITHDRAWAL:
      c->fw = TRUE;
      /* TRANSLATORS: a line of the game log (TEU 4.3). Slots in order: %s: a side's name. */
      acies_events_add (events, "withdrawal", "TEU 4.3", side, _("%s declare a fighting withdrawal"),
                        acies_fb_side_name (s, side));
      return TRUE;
    case FB_A_CANCEL:
      if (events != NULL)
        {
          g_autofree char *def = list_names (s, c->def, c->n_def);

          /* TRANSLATORS: a line of the game log (FB 8.0): an attack being composed is
           * given up, no die rolled. Slots in order: %s: a side's name; %s: the units that
           * were to be attacked ("Legio I hastati 3 and Legio I hastati 2"). */
          acies_events_add (events, "attack-called-off", "FB 8.0", side, _("%s call off the attack on %s"),
                            acies_fb_side_name (s, side), def);
        }
      memset (c, 0, sizeof *c);
      c->rbc_unit = c->rbc_first = c->forced_adv = FB_NONE;
      s->step = FB_ST_NONE;
      s->deciding = side;
      return TRUE;
    case FB_A_RESOLVE:
      {
        /* The names only for the log (none in random games). */
        g_autofree char *att = events != NULL ? list_names (s, c->att, c->n_att) : NULL;
        g_autofree char *def = events != NULL ? list_names (s, c->def, c->n_def) : NULL;

        if (acies_fb_left_alone (s, c) >= 0 && !any_leader_defender (s, c))
          {
            g_autofree char *why = g_strdup_printf (_("FB 8.21: %s must be attacked in this combat too: "
                                                      "no other unit can attack it"),
                                                    acies_fb_name (s, acies_fb_left_alone (s, c)));

            return acies_fb_refuse (error, why);
          }
        if (!resolvable (s, c))
          return acies_fb_refuse (error, _("FB 8.52: no voluntary attack below 1:4"));
        for (gint i = 0; i < c->n_att; i++)
          s->p[c->att[i]].attacked = TRUE;
        for (gint i = 0; i < c->n_def; i++)
          s->p[c->def[i]].defended = TRUE;
        /* TRANSLATORS: a line of the game log (FB 8.0). Slots in order: %s: a strength; %s: a
         * strength. */
        acies_events_add (events, "attack", "FB 8.0", side, c->n_att == 1 ? _("%s attacks %s") : /* TRANSLATORS: a line of the game log (FB 8.0). Slots in order: %s: a strength; %s: a strength. */ _("%s attack %s"),
                          att, def);
        if (any_leader_defender (s, c))
          {
            leaders_withdraw (s, dice, events);
            if (s->step != FB_ST_TWO_HEX)
              acies_fb_next_combat_step (s, dice, events);
            return TRUE;
          }
        if (defender_has_choices (s, c))
          {
            s->step = FB_ST_DEFEND;
            s->deciding = 1 - side;
            return TRUE;
          }
        roll_melee (s, dice, events);
        return TRUE;
      }
    case FB_A_RBC:
      if (s->step != FB_ST_DEFEND || !acies_fb_rbc_eligible (s, c, a->args[0]))
        return acies_fb_refuse (error, _("FB 11.3: that unit may not retreat before combat"));
      retreat_before_combat (s, a->args[0], dice, events);
      if (s->step != FB_ST_TWO_HEX)
        acies_fb_next_combat_step (s, dice, events);
      return TRUE;
    case FB_A_DEFEND:
      roll_melee (s, dice, events);
      return TRUE;
    case FB_A_EX_SUB:
      if (a->args[0] == 1)
        {
          guint die = acies_dice_roll_or_abort (dice, 6, 1, "exchange");

          if ((gint) die <= st->ex_sub_max)
            {
              /* TRANSLATORS: a line of the game log (FB 8.6). Slots in order: %u: a die roll. */
              acies_events_add (events, "roll", "FB 8.6", side, _("Try for AR instead of EX: die %u, the result is AR"),
                                die);
              c->result = FB_RES_AR;
              attackers_retreat (s, events);
              s->step = FB_ST_NONE;
              acies_fb_next_combat_step (s, dice, events);
              return TRUE;
            }
          /* TRANSLATORS: a line of the game log (FB 8.6). Slots in order: %u: a die roll. */
          acies_events_add (events, "roll", "FB 8.6", side, _("Try for AR instead of EX: die %u, the EX stands"), die);
        }
      else
        /* TRANSLATORS: a line of the game log (FB 8.6): the attacker does not try to turn the exchange into
         * an AR. Slots in order: %s: a side's name (plural: "Romans"). */
        acies_events_add (events, "exchange", "FB 8.6", side, _("%s take the EX"), acies_fb_side_name (s, side));
      c->loss_att = c->loss_def = 1;
      c->att_won = TRUE;
      s->step = FB_ST_NONE;
      acies_fb_next_combat_step (s, dice, events);
      return TRUE;
    case FB_A_LOSE:
    case FB_A_RETREAT:
    case FB_A_FLIP:
    case FB_A_RETREAT_TWO:
    case FB_A_ADVANCE:
    case FB_A_NO_ADVANCE:
      return acies_fb_advance_apply (s, a, dice, events);
    case FB_A_END_PHASE:
      if (!acies_fb_obligations_met (s, NULL))
        return acies_fb_refuse (error, _("FB 8.11: units must still attack or be attacked"));
      return TRUE;
    default:
      break;
    }
  return acies_fb_refuse (error, _("That action is not one of the combat phase"));
}
