/* acies-fb-missile.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-four-battles"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "acies-fb-private.h"

/*
 * Missile fire (FB 7.0): ranges by weapon, the closest-target rule, line
 * of sight, adjacent-only fire from an enemy ZOC, the Missile Fire Table
 * with the exclusive rules' changes (MEG 3.1c chariots, CAR 3.14), one-
 * shot pila, disruption, elephants going berserk (7.19, 12.6b).
 */

/* FB 7.0, MEG 3.1b: how far @piece shoots (0: it has no missiles now). */
gint
acies_fb_missile_range (const FbState *s,
                        gint           piece)
{
  const FbPieceDef *d = &s->st->pieces[piece];

  if (piece >= s->st->n_combat || d->missile == FB_MIS_NONE || s->p[piece].missile_spent)
    return 0;
  if (d->chariot_range > 0)
    return d->chariot_range;
  return s->st->mft.range[d->missile];
}

/* FB 7.1, 7.17, 13.7: an enemy unit that may be fired on (not a leader;
 * leaders are never targets). */
static inline gboolean
targetable (const FbState *s,
            gint           side,
            gint           piece)
{
  return piece >= 0 && piece < s->st->n_combat && s->st->pieces[piece].side != side
         && s->p[piece].where == FB_AT_MAP;
}

/* FB 7.1, 7.14, 7.2, 7.31, ruling A7: the targets @piece may fire on now,
 * at the least distance among those it could hit. */
static gint
targets (const FbState *s,
         gint           piece,
         gint          *out)
{
  const FbStatic *st = s->st;
  gint side = st->pieces[piece].side;
  gint from = s->p[piece].cell;
  gint range = acies_fb_missile_range (s, piece);
  gint n = 0;
  gboolean in_zoc;

  if (range <= 0)
    return 0;
  in_zoc = s->zoc[1 - side][0][from] > 0;
  if (in_zoc)
    range = 1;                                   /* 7.31 */
  /* The hexes at one and at two hexes (7.14), from the neighbour table;
   * an enemy combat unit or lone baggage there is a candidate. */
  {
    gint ring[2][18], n_ring[2] = { 0, 0 };

    for (gint k = 0; k < 6 && s->near[1 - side][from] > 0; k++)   /* none when no enemy piece is next to it */
      {
        gint a = st->nbr[from * 6 + k];

        if (a >= 0)
          ring[0][n_ring[0]++] = a;
      }
    /* The nearest enemy units: with the ruling on, among those the firer
     * sees; without it, among all, the seen ones of them only.  The ring
     * at two hexes is only made when no target is nearer. */
    for (gint d = 0; d < range && n == 0; d++)
      {
        gboolean any = FALSE;

        if (d == 1)
          for (gint j = 0; j < 12 && st->ring2[from * 12 + j] >= 0; j++)
            ring[1][n_ring[1]++] = st->ring2[from * 12 + j];

        for (gint i = 0; i < n_ring[d]; i++)
          {
            gint c = ring[d][i];
            gint u = s->occ[c] >= 0 ? s->occ[c] : s->bag[c];

            if (u < 0 || !targetable (s, side, u))
              continue;
            if (d == 0 || acies_fb_has_los (s, from, c))
              out[n++] = u;
            any = TRUE;
          }
        if (any && n == 0 && !st->opt.missile_nearest_with_los)
          break;                                 /* ruling A7 off: the nearest is out of sight */
      }
  }
  return n;
}

gboolean
acies_fb_missile_target_ok (const FbState *s,
                            gint           piece,
                            gint           target)
{
  gint list[FB_MAX_PIECES];
  gint n = targets (s, piece, list);

  for (gint i = 0; i < n; i++)
    if (list[i] == target)
      return TRUE;
  return FALSE;
}

/* FB 7.1, 7.41: whether @piece may fire now; CAR 3.13 in the movement
 * phase. */
static gboolean
may_fire (const FbState *s,
          gint           piece,
          gboolean       movement)
{
  const FbPiece *p = &s->p[piece];
  const FbPieceDef *d = &s->st->pieces[piece];

  if (p->where != FB_AT_MAP || d->side != s->base.active_side || p->fired || acies_fb_missile_range (s, piece) <= 0)
    return FALSE;
  if (movement)
    return d->move_fire && (p->move_start < 0 || piece == s->mover);
  return TRUE;
}

/**
 * acies_fb_missile_legal:
 * @s: a state
 * @out: where to append actions
 * @movement: the movement phase (CAR 3.13) rather than the missile phase
 *
 * Every shot the phasing player may take now, then (in the missile phase)
 * the end of the phase (7.12: fire is never obliged).
 */
void
acies_fb_missile_legal (const FbState *s,
                        GArray        *out,
                        gboolean       movement)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;

  if (movement && !acies_fb_has_rule (st, FB_R_MOVE_FIRE_MOVE))
    return;
  for (gint j = 0; j < acies_fb_n_side (st, side, TRUE); j++)
    {
      gint i = st->side_pieces[side][j];
      gint list[FB_MAX_PIECES], n;

      if (!may_fire (s, i, movement))
        continue;
      n = targets (s, i, list);
      for (gint k = 0; k < n; k++)
        acies_fb_add (out, FB_A_FIRE, side, i, list[k], -1);
    }
  if (!movement)
    acies_fb_add (out, FB_A_END_PHASE, side, -1, -1, -1);
}

/**
 * acies_fb_missile_any:
 * @s: a state
 *
 * Whether the phasing player has a shot in his missile phase (FB 7.1),
 * the first one found ending the look.
 *
 * Returns: %TRUE when acies_fb_missile_legal() would offer a fire action
 */
gboolean
acies_fb_missile_any (const FbState *s)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;

  for (gint j = 0; j < acies_fb_n_side (st, side, TRUE); j++)
    {
      gint i = st->side_pieces[side][j];
      gint list[FB_MAX_PIECES];

      if (may_fire (s, i, FALSE) && targets (s, i, list) > 0)
        return TRUE;
    }
  return FALSE;
}

/* The result of die @die for @piece firing at range @range: 0 none,
 * 1 disrupted, 2 eliminated; *@provisional when the table cell is. */
static gint
fire_result (const FbState *s,
             gint           piece,
             gint           range,
             gint           die,
             gboolean      *provisional)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];

  *provisional = FALSE;
  if (d->chariot_elim1 && die == 1)
    return 2;                                    /* MEG 3.1c, QAD 3.1c */
  if (st->mft.side_table[d->side])
    return st->mft.side_result[d->side][die - 1];  /* CAR 3.14 */
  *provisional = st->mft.provisional[d->missile][range][die - 1];
  return st->mft.result[d->missile][range][die - 1];
}

/* A weapon as the Missile Fire Table's rows name it (7.0). */
static const char *
weapon_name (gint weapon)
{
  switch (weapon)
    {
    case FB_MIS_BOW: return _("bow");
    case FB_MIS_SLING: return _("sling");
    case FB_MIS_JAVELIN: return _("javelin");
    case FB_MIS_PILA: return _("pila");
    default: return _("missiles");
    }
}

/**
 * acies_fb_missile_odds:
 * @s: a state
 * @piece: the firer
 * @target: the target
 *
 * Returns: (transfer full): the exact chance of each Missile Fire Table
 *   result for this shot (7.1)
 */
AciesOdds *
acies_fb_missile_odds (const FbState *s,
                       gint           piece,
                       gint           target)
{
  AciesOdds *odds = acies_odds_new ();
  gint range = acies_fb_distance (s->st, s->p[piece].cell, s->p[target].cell);
  gint count[3] = { 0, 0, 0 };
  gboolean prov[3] = { FALSE, FALSE, FALSE };
  const char *names[3] = { N_("no effect"), N_("disrupted"), N_("eliminated") };
  GString *summary;

  range = CLAMP (range, 1, 2);
  for (gint die = 1; die <= 6; die++)
    {
      gboolean provisional;
      gint r = fire_result (s, piece, range, die, &provisional);

      count[r]++;
      prov[r] |= provisional;
    }
  if (s->st->pieces[target].cls == FB_ELEPHANT)
    names[1] = N_("berserk");                    /* 7.19 */
  summary = g_string_new (NULL);
  g_string_printf (summary, range == 1 ? _("Missile Fire Table, %s at %d hex (FB 7.1, 7.14)")
                                       : _("Missile Fire Table, %s at %d hexes (FB 7.1, 7.14)"),
                   weapon_name (s->st->pieces[piece].missile), range);
  if (s->st->mft.side_table[s->st->pieces[piece].side])
    g_string_append (summary, _("; the battle's own missile table (CAR 3.14)"));
  if (s->st->pieces[piece].chariot_elim1)
    g_string_append (summary, _("; a 1 eliminates the target (MEG 3.1c)"));
  odds->summary = g_string_free (summary, FALSE);
  for (gint r = 2; r >= 0; r--)
    if (count[r] > 0)
      acies_odds_add_outcome (odds, _(names[r]), count[r] / 6.0, prov[r]);
  return odds;
}

/* The exclusive rules' locks released by an attack on @piece (MET 3.1,
 * PHA 3.2, ZAM 4.13): any attack, fire included.  A mandatory movement is
 * lifted only by a melee: CAN 4.12 names an attack "during any Combat
 * Phase", and the Missile Fire Phase is a phase of its own (FB 4.0 B, C);
 * @melee says which the attack is. */
void
acies_fb_released (FbState   *s,
                   gint       piece,
                   gboolean   melee,
                   GPtrArray *events)
{
  const FbStatic *st = s->st;

  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if ((rule->kind != FB_R_MOVEMENT_LOCK && rule->kind != FB_R_MANDATORY_MOVEMENT)
          || (s->released & (1u << r)) || (rule->turn > 0 && (gint) s->base.turn >= rule->turn))
        continue;
      if (rule->kind == FB_R_MOVEMENT_LOCK && !(rule->flags & FB_RF_RELEASED_WHEN_ATTACKED))
        continue;
      if (!acies_fb_rule_concerns (s, rule, piece))
        continue;
      if (rule->kind == FB_R_MANDATORY_MOVEMENT && (st->pieces[piece].cls != FB_FOOT || !melee))
        continue;
      s->released |= 1u << r;
      acies_events_add (events, "released", rule->kind == FB_R_MANDATORY_MOVEMENT ? "CAN 4.12" : "MET 3.1",
                        /* TRANSLATORS: a line of the game log. Slots in order: %s: a side's name. */
                        st->pieces[piece].side, _("%s: the attack releases the units held back"),
                        acies_fb_side_name (s, st->pieces[piece].side));
    }
}

/**
 * acies_fb_missile_apply:
 * @s: a state
 * @a: a legal fire action or the end of the missile phase
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %TRUE if applied
 */
gboolean
acies_fb_missile_apply (FbState           *s,
                        const AciesAction *a,
                        AciesDice         *dice,
                        GPtrArray         *events,
                        GError           **error)
{
  const FbStatic *st = s->st;
  gint piece = a->args[0], target = a->args[1];
  gint range, result;
  guint die;
  gboolean provisional;
  g_autofree char *firer = NULL;
  g_autofree char *victim = NULL;

  if (a->type != FB_A_FIRE || piece < 0 || piece >= st->n_combat || target < 0 || target >= st->n_combat
      || !may_fire (s, piece, s->phase == FB_PH_MOVE) || !acies_fb_missile_target_ok (s, piece, target))
    {
      g_set_error_literal (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                           _("FB 7.1: that unit may not fire on that target now"));
      return FALSE;
    }
  firer = acies_fb_piece_name (s, piece);
  victim = acies_fb_piece_name (s, target);
  range = CLAMP (acies_fb_distance (st, s->p[piece].cell, s->p[target].cell), 1, 2);
  die = acies_dice_roll_or_abort (dice, 6, 1, "missile");
  result = fire_result (s, piece, range, die, &provisional);
  s->p[piece].fired = TRUE;
  if (st->pieces[piece].one_shot)
    s->p[piece].missile_spent = TRUE;            /* 7.0: the pila are thrown */
  /* TRANSLATORS: a line of the game log (FB 7.1). Slots in order: %s: a unit's name; %s: a unit's
   * name; %u: a die roll. */
  acies_events_add (events, "roll", "FB 7.1", st->pieces[piece].side, _("%s fires on %s: die %u"), firer, victim, die);
  acies_fb_released (s, target, FALSE, events);
  /* The result is the firing player's line of the log (7.1). */
  if (result == 2)
    {
      acies_events_add (events, "missile", "FB 7.1", st->pieces[piece].side,
                        /* TRANSLATORS: a line of the game log (FB 7.1). Slots in order: %s: a
                         * unit's name. */
                        provisional ? _("%s is eliminated (provisional Missile Fire Table)") : /* TRANSLATORS: a line of the game log (FB 7.1). Slots in order: %s: a unit's name. */ _("%s is eliminated"),
                        victim);
      acies_fb_eliminate (s, target, events, "FB 7.1", FALSE);
    }
  else if (result == 1 && st->pieces[target].cls == FB_ELEPHANT)
    acies_fb_go_berserk (s, target, events);     /* 7.19, 12.6b */
  else if (result == 1)
    {
      if (!s->p[target].disrupted)
        acies_events_add (events, "missile", "FB 7.1", st->pieces[piece].side,
                          /* TRANSLATORS: a line of the game log (FB 7.1). Slots in order: %s: a
                           * unit's name. */
                          provisional ? _("%s is disrupted (provisional Missile Fire Table)") : /* TRANSLATORS: a line of the game log (FB 7.1). Slots in order: %s: a unit's name. */ _("%s is disrupted"),
                          victim);
      s->p[target].disrupted = TRUE;
    }
  else
    /* TRANSLATORS: a line of the game log (FB 7.1). Slots in order: %s: a unit's name. */
    acies_events_add (events, "missile", "FB 7.1", st->pieces[piece].side, _("No effect on %s"), victim);
  return TRUE;
}
