/* acies-fb-turn.c
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

/*
 * The sequence of play (FB 4.0): set-up, game turns of two player turns,
 * each a movement, missile fire, combat and rally phase; what happens at
 * the start and end of a player turn and of a game turn under the
 * exclusive rules; eliminations and victory points (16.1), army morale
 * (15.0), rally (14.0) and the victory conditions (16.2 and the battles'
 * own).
 */

const char *
acies_fb_phase_name (FbPhase phase)
{
  switch (phase)
    {
    case FB_PH_SETUP:   return N_("Set-up");
    case FB_PH_FIRST:   return N_("Who moves first");
    case FB_PH_MOVE:    return N_("Movement Phase");
    case FB_PH_MISSILE: return N_("Missile Fire Phase");
    case FB_PH_COMBAT:  return N_("Combat Phase");
    case FB_PH_RALLY:   return N_("Rally Phase");
    case FB_PH_OVER:    return N_("Game over");
    default:            return N_("Game over");
    }
}

static void
set_phase (FbState *s,
           FbPhase  phase)
{
  s->phase = phase;
  s->base.phase = acies_fb_phase_name (phase);
  s->step = FB_ST_NONE;
  s->deciding = s->base.active_side;
  s->base.deciding_side = s->base.active_side;
  acies_fb_cache_clear (s);
}

static inline gboolean
on_map (const FbState *s,
        gint           piece)
{
  return s->p[piece].where == FB_AT_MAP;
}

/* Victory points (16.1), in half VP. */

static gint
unit_vp_h (const FbState *s,
           gint           piece,
           gboolean       amok)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint h;

  if (piece >= st->n_combat)
    return 10 * d->additive;                                   /* 16.12 */
  h = 2 * acies_fb_sp (s, piece);                              /* 16.11 */
  if (d->cls == FB_ELEPHANT && (acies_fb_find_rule (st, FB_R_UNTRAINED_ELEPHANTS, d->side) != NULL
                                || (amok && st->opt.amok_half_vp)))
    h /= 2;                                                    /* 12.7e, ZAM 3.3, ruling C7 */
  return h;
}

/* The leader-loss condition (MEG 4.1, GRA 4.1, PHA 4.13, ruling A22)
 * names @piece. */
static gboolean
leader_loss_applies (const FbState *s,
                     const FbRule  *rule,
                     gint           piece)
{
  const FbStatic *st = s->st;

  if (piece < st->n_combat || st->pieces[piece].cls != FB_LEADER)
    return FALSE;
  if (rule->piece >= 0)
    return rule->piece == piece;
  return (rule->side < 0 || rule->side == st->pieces[piece].side) && st->pieces[piece].primary;
}

/**
 * acies_fb_finish:
 * @s: the state
 * @winner: the winning side, or -1 for a draw
 * @events: (nullable): events
 * @format: the reason, with its rule
 *
 * Ends the game.
 */
void
acies_fb_finish (FbState    *s,
                 gint        winner,
                 GPtrArray  *events,
                 const char *format,
                 ...)
{
  va_list args;

  if (s->base.finished)
    return;
  va_start (args, format);
  g_free (s->base.end_reason);
  s->base.end_reason = g_strdup_vprintf (format, args);
  va_end (args);
  s->base.finished = TRUE;
  s->base.winner = winner;
  s->base.deciding_side = -1;
  s->phase = FB_PH_OVER;
  s->base.phase = acies_fb_phase_name (FB_PH_OVER);
  s->step = FB_ST_NONE;
  acies_events_add (events, "game-over", NULL, winner, "%s", s->base.end_reason);
}

static void
leader_lost (FbState   *s,
             gint       piece,
             GPtrArray *events)
{
  const FbStatic *st = s->st;
  gint side = st->pieces[piece].side;
  const char *name = acies_fb_name (s, piece);

  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_V_LEADER_LOSS && leader_loss_applies (s, rule, piece))
        acies_fb_finish (s, 1 - side, events, _("%s is lost: %s win an automatic decisive victory (MEG 4.1)"),
                         name, acies_fb_side_name (s, 1 - side));
      if (rule->kind == FB_R_LEADER_DEMORALIZATION && rule->piece == piece && !s->demoralized[side])
        {
          s->demoralized[side] = TRUE;                         /* IDI 3.3 */
          /* TRANSLATORS: a line of the game log (IDI 3.3). Slots in order: %s: a unit's name; %s: a
           * side's name. */
          acies_events_add (events, "demoralized", "IDI 3.3", side, _("%s is lost: %s are demoralized"), name,
                            acies_fb_side_name (s, side));
        }
    }
}

/**
 * acies_fb_eliminate:
 * @s: the state
 * @piece: a piece (on the map or not)
 * @events: (nullable): events
 * @rule: the rule that eliminates it
 * @amok: an elephant running amok (12.7e)
 *
 * FB 16.11, 16.12: the opponent earns its VP, its side loses them for
 * morale (15.1); ARB 4.22, CAR 4.12: named units' bonus VP; leader-loss
 * victories.  The caller checks morale.
 */
void
acies_fb_eliminate (FbState    *s,
                    gint        piece,
                    GPtrArray  *events,
                    const char *rule,
                    gboolean    amok)
{
  const FbStatic *st = s->st;
  FbPiece *p = &s->p[piece];
  gint side = st->pieces[piece].side;
  gint h = unit_vp_h (s, piece, amok);
  const char *name = acies_fb_name (s, piece);

  if (p->where == FB_AT_ELIMINATED)
    return;
  if (p->where == FB_AT_MAP)
    acies_fb_lift (s, piece);
  p->where = FB_AT_ELIMINATED;
  p->amok = amok;
  p->charging = p->disrupted = p->disordered = FALSE;
  s->elim_h[1 - side] += h;
  s->lost_h[side] += h;
  if (amok)
    /* TRANSLATORS: a line of the game log: a unit that ran amok is eliminated and its enemy
     * scores half the Victory Points. Slots in order: %s: a unit's name; %g: the VP scored. */
    acies_events_add (events, "eliminated", rule, side, _("%s is eliminated (half VP, %g VP)"), name, h / 2.0);
  else
    /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name; %g: the VP its
     * enemy scores. */
    acies_events_add (events, "eliminated", rule, side, _("%s is eliminated (%g VP)"), name, h / 2.0);
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *ru = &st->rules[r];

      if (ru->kind == FB_V_ELIMINATE_UNIT && ru->piece == piece && (ru->flags & FB_RF_ONCE)
          && !(s->once_done & (1u << r)))
        {
          gint to = ru->side >= 0 ? ru->side : 1 - side;

          s->once_done |= 1u << r;
          s->objective_h[to] += 2 * ru->value;
          /* TRANSLATORS: a line of the game log (ARB 4.22). Slots in order: %s: a side's name; %d:
           * victory points; %s: a unit's name. */
          acies_events_add (events, "objective", "ARB 4.22", to, _("%s earn %d VP for %s"),
                            acies_fb_side_name (s, to), ru->value, name);
        }
    }
  leader_lost (s, piece, events);
  acies_fb_cache_clear (s);
}

/**
 * acies_fb_reduce:
 * @s: the state
 * @piece: a full two-step unit
 * @events: (nullable): events
 * @rule: the rule
 *
 * GRA 3.2: flips the unit; the SP lost count as VP and for morale.
 */
void
acies_fb_reduce (FbState    *s,
                 gint        piece,
                 GPtrArray  *events,
                 const char *rule)
{
  const FbPieceDef *d = &s->st->pieces[piece];
  gint h = 2 * (d->sp - d->sp_reduced);
  const char *name = acies_fb_name (s, piece);

  s->p[piece].reduced = TRUE;
  s->elim_h[1 - d->side] += h;
  s->lost_h[d->side] += h;
  /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name; %d: a number; %g: a
   * number. */
  acies_events_add (events, "reduced", rule, d->side, _("%s is reduced to %d SP (%g VP)"), name, d->sp_reduced,
                    h / 2.0);
}

/**
 * acies_fb_check_morale:
 * @s: the state
 * @events: (nullable): events
 *
 * FB 15.1, 15.2: demoralization and disintegration the instant a side's
 * lost VP reach its levels; both disintegrating at once is a draw.  TRA
 * 4.1: a desperate side fights on.  Not while an exchange still has a
 * loss to take (15.2's "at the same time").
 */
void
acies_fb_check_morale (FbState   *s,
                       GPtrArray *events)
{
  const FbStatic *st = s->st;
  gboolean broke[2] = { FALSE, FALSE };

  if (s->base.finished || acies_fb_has_rule (st, FB_R_NO_MORALE))
    return;
  if (s->c.active && s->c.rolled && (s->c.loss_att > 0 || s->c.loss_def > 0))
    return;
  for (gint side = 0; side < 2; side++)
    {
      if (!s->demoralized[side] && s->lost_h[side] >= 2 * st->demoralization[side])
        {
          s->demoralized[side] = TRUE;
          /* TRANSLATORS: a line of the game log (FB 15.1). Slots in order: %s: a side's name; %g: a
           * number. */
          acies_events_add (events, "demoralized", "FB 15.1", side, _("%s are demoralized (%g VP lost)"),
                            acies_fb_side_name (s, side), s->lost_h[side] / 2.0);
        }
      if (!s->disintegrated[side] && s->lost_h[side] >= 2 * st->disintegration[side])
        {
          s->disintegrated[side] = TRUE;
          broke[side] = TRUE;
        }
    }
  for (gint side = 0; side < 2; side++)
    if (broke[side] && acies_fb_find_rule (st, FB_R_DESPERATION, side) != NULL
        && acies_fb_find_rule (st, FB_R_DESPERATION, side)->side == side)
      {
        /* TRA 4.1: the battle is lost, but the side fights on. */
        broke[side] = FALSE;
        s->desperate[side] = TRUE;
        acies_events_add (events, "desperation", "TRA 4.1", side,
                          /* TRANSLATORS: a line of the game log (TRA 4.1). Slots in order: %s: a
                           * side's name. */
                          _("%s have lost the battle but fight on in desperation"), acies_fb_side_name (s, side));
      }
  if (broke[0] && broke[1])
    acies_fb_finish (s, -1, events, _("Both armies disintegrate at once: a draw (FB 15.2)"));
  else if (broke[0] || broke[1])
    {
      gint loser = broke[0] ? 0 : 1;

      acies_fb_finish (s, 1 - loser, events, _("%s disintegrate: %s win an automatic decisive victory (FB 15.2)"),
                       acies_fb_side_name (s, loser), acies_fb_side_name (s, 1 - loser));
    }
}

/* Victory points at the end (16.0 and the exclusive rules). */

static gint
sp_in_area (const FbState *s,
            gint           side,
            gint           area,
            gint           exclude_formation)
{
  gint total = 0;

  for (gint i = 0; i < s->st->n_combat; i++)
    if (on_map (s, i) && s->st->pieces[i].side == side && acies_fb_in_area (s->st, area, s->p[i].cell)
        && (exclude_formation < 0 || s->st->pieces[i].formation != exclude_formation))
      total += acies_fb_sp (s, i);
  return total;
}

static gboolean
side_in_area (const FbState *s,
              gint           side,
              gint           area)
{
  for (gint i = 0; i < s->st->n_combat; i++)
    if (on_map (s, i) && s->st->pieces[i].side == side && acies_fb_in_area (s->st, area, s->p[i].cell))
      return TRUE;
  return FALSE;
}

/* TEU 5.21-5.22: a VP schedule's value of piece @i. */
static gint
schedule_h (const FbState *s,
            const FbRule  *rule,
            gint           i)
{
  const FbPieceDef *d = &s->st->pieces[i];

  if (d->cls == FB_EAGLE)
    return 2 * rule->value2;
  if (d->cls == FB_LEADER)
    return 2 * rule->value3;
  if (d->cls == FB_BAGGAGE)
    return 2 * rule->value4;
  if (rule->num > 0)
    return 2 * rule->num;                 /* per unit */
  return 2 * rule->value * acies_fb_sp (s, i);
}

static void
line (GPtrArray  *lines,
      const char *label,
      gint        h,
      const char *rule)
{
  if (lines != NULL && h != 0)
    g_ptr_array_add (lines, acies_score_line_new (label, (h + 1) / 2, rule));
}

/**
 * acies_fb_vp_h:
 * @s: the state
 * @side: a side
 * @lines: (nullable): AciesScoreLine per source, whole VP rounded up
 *
 * A side's victory points now (at the end: what the victory conditions
 * count), in half VP.
 *
 * Returns: half VP
 */
gint
acies_fb_vp_h (const FbState *s,
               gint           side,
               GPtrArray     *lines)
{
  const FbStatic *st = s->st;
  gint total = 0, elim = s->elim_h[side];
  gboolean schedule = FALSE, none = acies_fb_has_rule (st, FB_V_NO_ELIMINATION_VP);

  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_V_VP_SCHEDULE && rule->side == side)
        {
          /* TEU 5.21: this side's VP for eliminations follow the
           * schedule; 16.0's count only morale (TEU 5.2). */
          schedule = TRUE;
          elim = 0;
          for (gint i = 0; i < st->n_pieces; i++)
            if (st->pieces[i].side != side && s->p[i].where == FB_AT_ELIMINATED)
              elim += schedule_h (s, rule, i);
        }
    }
  if (!none)
    {
      total += elim;
      line (lines, schedule ? _("Enemy units eliminated (scenario schedule)") : _("Enemy units eliminated"), elim,
            schedule ? "TEU 5.21" : "FB 16.1");
    }
  if (s->objective_h[side] != 0)
    {
      total += s->objective_h[side];
      line (lines, _("Objectives"), s->objective_h[side], "FB 16.13");
    }
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];
      gint h = 0;

      if (rule->side != side && !(rule->kind == FB_V_EXIT_VP && rule->side < 0))
        continue;
      switch (rule->kind)
        {
        case FB_V_CAMP_VISIT:
          {
            gint n = 0;

            /* MEG 4.2: each camp hex passed through. */
            for (guint k = 0; st->areas[rule->area].cells != NULL && k < st->areas[rule->area].cells->len; k++)
              n += (s->visited[g_array_index (st->areas[rule->area].cells, AciesCell, k)] & (1 << side)) != 0;
            h = 2 * rule->value * n;
            line (lines, _("Enemy camp hexes passed through"), h, "MEG 4.2");
          }
          break;
        case FB_V_OCCUPY:
          if ((rule->flags & FB_RF_AT_END) && side_in_area (s, side, rule->area))
            {
              h = 2 * rule->value;
              line (lines, _("Objective held at the end"), h, "PHA 4.11");
            }
          else if (rule->flags & FB_RF_PER_TURN)
            {
              h = 2 * rule->value * s->occupy_turns[MIN (r, 7)];
              line (lines, _("Turns holding the objective"), h, "CAR 4.11");
            }
          break;
        case FB_V_ELIMINATE_UNIT:
          if ((rule->flags & FB_RF_AT_END) && rule->piece >= 0 && s->p[rule->piece].where == FB_AT_ELIMINATED)
            {
              h = 2 * rule->value;
              line (lines, _("Named enemy unit eliminated"), h, "ADR 5.1");
            }
          break;
        case FB_V_REGION_SP:
          h = sp_in_area (s, side, rule->area, rule->formation2) * 2 * rule->num / rule->den;
          line (lines, _("Strength in the region"), h, "ISS 4.11");
          break;
        case FB_V_EXIT_VP:
          {
            const FbRule *sched = NULL;

            /* TEU 5.22: units exited are valued as the enemy's schedule
             * values them when they are eliminated. */
            for (gint k = 0; k < st->n_rules; k++)
              if (st->rules[k].kind == FB_V_VP_SCHEDULE && st->rules[k].side == 1 - side)
                sched = &st->rules[k];
            for (gint i = 0; i < st->n_pieces; i++)
              if (st->pieces[i].side == side && s->p[i].where == FB_AT_ESCAPED && s->p[i].exit_cell >= 0
                  && acies_fb_in_area (st, rule->area, s->p[i].exit_cell))
                h += (rule->flags & FB_RF_PER_TURN) && sched != NULL ? schedule_h (s, sched, i)
                     : i < st->n_combat ? 2 * acies_fb_sp (s, i) * rule->num / rule->den : 0;
            if (rule->flags & FB_RF_CAPPED)
              {
                /* IDI 4.1: no more than the VP earned for enemy SP. */
                gint cap = 0;

                for (gint i = 0; i < st->n_combat; i++)
                  if (st->pieces[i].side != side && s->p[i].where == FB_AT_ELIMINATED)
                    cap += 2 * acies_fb_sp (s, i);
                h = MIN (h, cap);
              }
            line (lines, _("Units exited off the map"), h, "IDI 4.1");
          }
          break;
        default:
          break;
        }
      total += h;
    }
  return total;
}

/* FB 16.2, rulings A26, C9: the level of @w's victory over @l. */
static const char *
level_of (const FbState *s,
          gint           w_h,
          gint           l_h,
          gint          *level)
{
  const FbStatic *st = s->st;
  double ratio = l_h > 0 ? (double) w_h / l_h : G_MAXDOUBLE;

  *level = 0;
  if (ratio >= st->level_ratio[2])
    *level = 2;
  else if (ratio >= st->level_ratio[1])
    *level = 1;
  return *level == 2 ? _("decisive") : *level == 1 ? _("substantial") : _("marginal");
}

/* The victory at the end of the last game turn. */
static void
final_victory (FbState   *s,
               GPtrArray *events)
{
  const FbStatic *st = s->st;
  gint vp[2] = { acies_fb_vp_h (s, 0, NULL), acies_fb_vp_h (s, 1, NULL) };
  const FbRule *threshold = NULL;
  gint level, w;
  const char *word;

  /* TRA 4.1: a desperate side has lost; a moral victory if it held on. */
  for (gint side = 0; side < 2; side++)
    if (s->desperate[side])
      {
        gboolean left = FALSE;

        for (gint i = 0; i < st->n_combat; i++)
          left |= on_map (s, i) && st->pieces[i].side == side;
        acies_fb_finish (s, 1 - side, events, left
                         ? _("%s disintegrated and lost the battle; still on the field, they claim a moral victory (TRA 4.1)")
                         : _("%s disintegrated and lost the battle (TRA 4.1)"),
                         acies_fb_side_name (s, side));
        return;
      }
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_V_SURVIVE)
        {
          gboolean left = FALSE;
          static const char *levels[] = { N_("marginal"), N_("substantial"), N_("decisive"), N_("moral") };

          for (gint i = 0; i < st->n_combat; i++)
            left |= on_map (s, i) && st->pieces[i].side == rule->side && st->pieces[i].cls != FB_BAGGAGE;
          if (left)
            acies_fb_finish (s, rule->side, events, _("%s still hold the field: a %s victory (TEU 5.1)"),
                             acies_fb_side_name (s, rule->side), _(levels[CLAMP (rule->value, 0, 3)]));
          else
            acies_fb_finish (s, 1 - rule->side, events, _("%s have no unit left: a decisive victory for %s (BOU 4.2)"),
                             acies_fb_side_name (s, rule->side), acies_fb_side_name (s, 1 - rule->side));
          return;
        }
      if (rule->kind == FB_V_VP_THRESHOLD)
        threshold = rule;
    }
  if (vp[0] == vp[1])
    {
      acies_fb_finish (s, -1, events, _("Equal VP (%g each): a draw (FB 16.2)"), vp[0] / 2.0);
      return;
    }
  w = vp[0] > vp[1] ? 0 : 1;
  if (threshold != NULL)
    {
      /* ARB 4.3, CAN 5.0, ruling C9. */
      if (threshold->value2 > 0 && vp[0] < 2 * threshold->value2 && vp[1] < 2 * threshold->value2
          && threshold->value3 >= 0)
        {
          acies_fb_finish (s, threshold->value3, events,
                           _("Neither side reached %d VP: a marginal victory for %s (ARB 4.3)"),
                           threshold->value2, acies_fb_side_name (s, threshold->value3));
          return;
        }
      if (vp[w] < 2 * threshold->value)
        {
          acies_fb_finish (s, -1, events, _("%s lead %g to %g but fall short of %d VP: a draw (CAN 5.0)"),
                           acies_fb_side_name (s, w), vp[w] / 2.0, vp[1 - w] / 2.0, threshold->value);
          return;
        }
    }
  word = level_of (s, vp[w], vp[1 - w], &level);
  for (gint r = 0; r < st->n_rules; r++)
    if (st->rules[r].kind == FB_V_MUST_WIN_DECISIVE && st->rules[r].side == w && level < 2)
      {
        acies_fb_finish (s, 1 - w, events, _("%s win only a %s victory, %g VP to %g: not decisive, so they lose (MUN 4.2)"),
                         acies_fb_side_name (s, w), word, vp[w] / 2.0, vp[1 - w] / 2.0);
        return;
      }
  acies_fb_finish (s, w, events, _("%s win a %s victory, %g VP to %g (FB 16.2)"), acies_fb_side_name (s, w), word,
                   vp[w] / 2.0, vp[1 - w] / 2.0);
}

/* Instant conditions checked after every action: a side with nothing left
 * (TEU 5.1), exits that win (TEU 5.1, BOU 4.1), CAN 5.12. */
/* CAN 5.12: whether the path last found for rule @r is still open (its
 * first hex holds an enemy unit, none of the others is in the side's ZOC
 * or holds one of its units): then the search would find one too. */
static gboolean
path_cut_still_open (const FbState *s,
                     gint           r)
{
  const FbStatic *st = s->st;
  gint side = st->rules[r].side;
  const guint8 *zoc = s->zoc[side][0];
  gint start, o, b;

  if (s->path_cut_len == 0 || s->path_cut_rule != r)
    return FALSE;
  start = s->path_cut_path[0];
  o = s->occ[start];
  b = s->bag[start];
  if (!((o >= 0 && st->pieces[o].side == 1 - side) || (b >= 0 && st->pieces[b].side == 1 - side)))
    return FALSE;
  for (gint k = 1; k < s->path_cut_len; k++)
    {
      gint n = s->path_cut_path[k];

      if (zoc[n] > 0 || (s->occ[n] >= 0 && st->pieces[s->occ[n]].side == side))
        return FALSE;
    }
  return TRUE;
}

/* CAN 5.12, ruling A36: whether an enemy unit traces a path free of rule
 * @r's side's units and ZOC to the given edges (a river hex may be
 * entered, not crossed); @any is whether the enemy has a unit on the map.
 * The path found is kept for path_cut_still_open(). */
static gboolean
path_cut_search (FbState  *s,
                 gint      r,
                 gboolean *any)
{
  const FbStatic *st = s->st;
  const FbRule *rule = &st->rules[r];
  gint enemy = 1 - rule->side;
  guint8 seen[FB_MAX_CELLS];
  gint16 queue[FB_MAX_CELLS];
  gint16 parent[FB_MAX_CELLS];
  const guint8 *zoc = s->zoc[rule->side][0];
  guint16 goal = (guint16) rule->value2;
  gint head = 0, tail = 0, end = -1;

  *any = FALSE;
  s->path_cut_len = 0;
  memset (seen, 0, st->n_cells);
  for (gint j = 0; j < acies_fb_n_side (st, enemy, TRUE) && end < 0; j++)
    {
      gint i = st->side_pieces[enemy][j];

      if (!on_map (s, i) || seen[s->p[i].cell])
        continue;
      seen[s->p[i].cell] = 1;
      parent[s->p[i].cell] = -1;
      queue[tail++] = (gint16) s->p[i].cell;
      *any = TRUE;
      if (st->cell_bits[s->p[i].cell] & goal)
        end = s->p[i].cell;
    }
  while (head < tail && end < 0)
    {
      gint c = queue[head++];

      if (st->cell_bits[c] & FB_C_RIVER)
        continue;
      for (gint k = 0; k < 6; k++)
        {
          gint n = st->nbr[c * 6 + k];

          if (n < 0 || seen[n] || zoc[n] > 0
              || (s->occ[n] >= 0 && st->pieces[s->occ[n]].side == rule->side))
            continue;
          seen[n] = 1;
          parent[n] = (gint16) c;
          if (st->cell_bits[n] & goal)
            {
              end = n;
              break;
            }
          queue[tail++] = (gint16) n;
        }
    }
  if (end < 0)
    return FALSE;
  {
    gint len = 0;

    for (gint c = end; c >= 0 && len < FB_PATH_CUT_MAX; c = parent[c])
      len++;
    if (len < FB_PATH_CUT_MAX)
      {
        gint k = len;

        for (gint c = end; c >= 0; c = parent[c])
          s->path_cut_path[--k] = (gint16) c;
        s->path_cut_len = (gint16) len;
        s->path_cut_rule = (gint16) r;
      }
  }
  return TRUE;
}

static void
instant_checks (FbState   *s,
                GPtrArray *events)
{
  const FbStatic *st = s->st;
  gboolean path_cut_ran = FALSE, path_cut_all_found = TRUE;

  if (s->base.finished)
    return;
  /* Only the rules these checks concern (FbStatic.instant_rules). */
  for (gint k = 0; k < st->n_instant_rules && !s->base.finished; k++)
    {
      gint r = st->instant_rules[k];
      const FbRule *rule = &st->rules[r];

      switch (rule->kind)
        {
        case FB_V_SURVIVE:
          {
            gboolean any = FALSE;

            for (gint i = 0; i < st->n_combat && !any; i++)
              any = st->pieces[i].side == rule->side && st->pieces[i].cls != FB_BAGGAGE
                    && (on_map (s, i) || s->p[i].where == FB_AT_WAITING || s->p[i].where == FB_AT_OFFMAP
                        || s->p[i].where == FB_AT_UNPLACED);
            if (!any && s->phase != FB_PH_SETUP)
              acies_fb_finish (s, 1 - rule->side, events, _("Every unit of %s is gone: %s win (TEU 5.1)"),
                               acies_fb_side_name (s, rule->side), acies_fb_side_name (s, 1 - rule->side));
          }
          break;
        case FB_V_EXIT_WINS:
          for (gint i = 0; i < st->n_pieces; i++)
            if (st->pieces[i].side == rule->side && s->p[i].where == FB_AT_ESCAPED && s->p[i].exit_cell >= 0
                && (rule->area >= 0 ? acies_fb_in_area (st, rule->area, s->p[i].exit_cell)
                                    : acies_fb_on_edge (st, s->p[i].exit_cell, rule->value))
                && (rule->turn2 == 0 || (gint) s->base.turn <= rule->turn2))
              {
                acies_fb_finish (s, rule->side, events, _("%s get a unit off the map: an automatic victory (TEU 5.1)"),
                                 acies_fb_side_name (s, rule->side));
                break;
              }
          break;
        case FB_V_PATH_CUT:
          /* Nothing has moved since a path was last found: it is still
           * there. */
          if (!(s->once_done & (1u << r)) && s->path_cut_gen != s->map_gen)
            {
              gint enemy = 1 - rule->side;
              gboolean any = TRUE;
              gboolean found = path_cut_still_open (s, r) || path_cut_search (s, r, &any);

              path_cut_ran = TRUE;
              path_cut_all_found &= found;
              if (any && !found)
                {
                  s->once_done |= 1u << r;
                  s->objective_h[rule->side] += 2 * rule->value;
                  acies_events_add (events, "objective", "CAN 5.12", rule->side,
                                    /* TRANSLATORS: a line of the game log (CAN 5.12). Slots in
                                     * order: %s: a side's name; %s: a side's name; %d: victory
                                     * points. */
                                    _("%s are surrounded: %s earn %d VP"), acies_fb_side_name (s, enemy),
                                    acies_fb_side_name (s, rule->side), rule->value);
                }
            }
          break;
        default:
          break;
        }
    }
  if (path_cut_ran && path_cut_all_found)
    s->path_cut_gen = s->map_gen;
}

/* The turn structure. */

static void begin_player_turn (FbState *s, gint k, AciesDice *dice, GPtrArray *events);

static gboolean
missile_possible (const FbState *s)
{
  return acies_fb_missile_any (s);
}

/* 14.3, 14.4: leaders able to rally now. */
static gboolean rally_possible (const FbState *s);

static void
end_game_turn (FbState   *s,
               AciesDice *dice,
               GPtrArray *events)
{
  const FbStatic *st = s->st;

  /* CAR 4.11: a turn holding the objective. */
  for (gint r = 0; r < st->n_rules && r < 8; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_V_OCCUPY && (rule->flags & FB_RF_PER_TURN) && side_in_area (s, rule->side, rule->area))
        s->occupy_turns[r]++;
    }
  /* BOU 3.3: the playable area shrinks from the given turn. */
  {
    const FbRule *rule = acies_fb_find_rule (st, FB_R_SHRINKING_MAP, -1);

    if (rule != NULL && (gint) s->base.turn >= rule->turn)
      {
        s->shrink++;
        /* TRANSLATORS: a line of the game log (BOU 3.3). */
        acies_events_add (events, "shrink", "BOU 3.3", -1, _("The field narrows by one hex row"));
        for (gint i = 0; i < st->n_pieces && !s->base.finished; i++)
          if (on_map (s, i) && acies_fb_banned (s, i, s->p[i].cell))
            {
              if (st->pieces[i].side == rule->side || rule->side < 0)
                {
                  const char *name = acies_fb_name (s, i);

                  acies_fb_lift (s, i);
                  s->p[i].where = FB_AT_ESCAPED;
                  /* TRANSLATORS: a line of the game log (BOU 3.3). Slots in order: %s: a unit's
                   * name. */
                  acies_events_add (events, "removed", "BOU 3.3", st->pieces[i].side, _("%s leaves the field"), name);
                }
              else
                acies_fb_finish (s, st->pieces[i].side, events,
                                 _("%s reach the enemy's followers: an automatic decisive victory (BOU 3.3)"),
                                 acies_fb_side_name (s, st->pieces[i].side));
            }
      }
  }
  if (s->base.finished)
    return;
  if ((gint) s->base.turn >= st->turn_limit && !acies_fb_has_rule (st, FB_V_OPEN_ENDED))
    {
      final_victory (s, events);
      return;
    }
  if (st->opt.max_turns > 0 && (gint) s->base.turn >= st->opt.max_turns)
    {
      final_victory (s, events);
      return;
    }
  s->base.turn++;
  s->pt_in_turn = 0;
  begin_player_turn (s, 0, dice, events);
}

static void
end_player_turn (FbState   *s,
                 AciesDice *dice,
                 GPtrArray *events)
{
  const FbStatic *st = s->st;
  const FbRule *open = acies_fb_find_rule (st, FB_V_OPEN_ENDED, -1);

  /* ARB 4.1c: past the last turn, a player turn without melee ends it. */
  if (open != NULL && (gint) s->base.turn > open->value && !s->melee_this_pt)
    {
      final_victory (s, events);
      return;
    }
  if (s->pt_in_turn == 0)
    begin_player_turn (s, 1, dice, events);
  else
    end_game_turn (s, dice, events);
}

static void
start_rally (FbState   *s,
             AciesDice *dice,
             GPtrArray *events)
{
  set_phase (s, FB_PH_RALLY);
  s->rally_tried = FALSE;
  if (!rally_possible (s))
    end_player_turn (s, dice, events);
}

static void
start_combat (FbState   *s,
              AciesDice *dice,
              GPtrArray *events)
{
  set_phase (s, FB_PH_COMBAT);
  acies_fb_combat_start (s);
}

static void
start_missile (FbState   *s,
               AciesDice *dice,
               GPtrArray *events)
{
  set_phase (s, FB_PH_MISSILE);
  if (!missile_possible (s))
    start_combat (s, dice, events);
}

/* FB 7.1, 7.18, ARB 3.4: markers that go at the end of a combat phase. */
static void
end_combat_phase (FbState   *s,
                  AciesDice *dice,
                  GPtrArray *events)
{
  const FbStatic *st = s->st;

  for (gint i = 0; i < st->n_pieces; i++)
    {
      FbPiece *p = &s->p[i];

      p->disrupted = FALSE;
      if (p->disordered && s->pt >= p->disorder_until)
        p->disordered = FALSE;
    }
  start_rally (s, dice, events);
}

/* TRA 5.2: the earthquake roll at the start of the side's player turn. */
static void
earthquake (FbState   *s,
            AciesDice *dice,
            GPtrArray *events)
{
  const FbRule *rule = acies_fb_find_rule (s->st, FB_R_EARTHQUAKE, -1);
  guint die;

  if (rule == NULL || s->earthquake_done || (gint) s->base.turn < rule->turn
      || (rule->side >= 0 && rule->side != s->base.active_side))
    return;
  die = acies_dice_roll_or_abort (dice, 6, 1, "earthquake");
  if ((gint) die > rule->value)
    {
      /* TRANSLATORS: a line of the game log (TRA 5.2). Slots in order: %u: a die roll. */
      acies_events_add (events, "roll", "TRA 5.2", s->base.active_side, _("Earthquake roll %u: nothing happens"), die);
      return;
    }
  s->earthquake_done = TRUE;
  /* TRANSLATORS: a line of the game log (TRA 5.2). Slots in order: %u: a die roll. */
  acies_events_add (events, "roll", "TRA 5.2", s->base.active_side, _("Earthquake roll %u: the earth shakes"), die);
  for (gint side = 0; side < 2; side++)
    {
      guint a = acies_dice_roll_or_abort (dice, 6, 1, "earthquake losses");
      guint b = acies_dice_roll_or_abort (dice, 6, 1, "earthquake losses");

      s->earthquake_loss[side] = a + b;
      /* TRANSLATORS: a line of the game log (TRA 5.2). Slots in order: %s: a side's name; %u: a die
       * roll; %u: a die roll; %u: a total. */
      acies_events_add (events, "roll", "TRA 5.2", side, _("%s roll %u + %u: they must remove %u SP"),
                        acies_fb_side_name (s, side), a, b, a + b);
    }
}

/* MUN 3.4: at the start of the side's turn from the entry turn, a roll
 * makes one more off-map unit eligible to re-enter. */
static void
flank_eligibility (FbState   *s,
                   AciesDice *dice,
                   GPtrArray *events)
{
  const FbStatic *st = s->st;

  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];
      gint waiting = -1;

      if (rule->kind != FB_R_OFF_MAP_MARCH || rule->value <= 0 || rule->side != s->base.active_side
          || (gint) s->base.turn < rule->turn2)
        continue;
      for (gint i = 0; i < st->n_combat && waiting < 0; i++)
        if (s->p[i].where == FB_AT_OFFMAP && !s->p[i].eligible && acies_fb_rule_concerns (s, rule, i))
          waiting = i;
      if (waiting < 0)
        continue;
      {
        guint die = acies_dice_roll_or_abort (dice, 6, 1, "flank march");

        if ((gint) die <= rule->value)
          {
            s->p[waiting].eligible = TRUE;
            /* TRANSLATORS: a line of the game log (MUN 3.4). Slots in order: %u: a die roll. */
            acies_events_add (events, "roll", "MUN 3.4", rule->side, _("Flank march roll %u: a unit may come back"), die);
          }
        else
          /* TRANSLATORS: a line of the game log (MUN 3.4). Slots in order: %u: a die roll. */
          acies_events_add (events, "roll", "MUN 3.4", rule->side, _("Flank march roll %u: not yet"), die);
      }
    }
}

static void
begin_player_turn (FbState   *s,
                   gint       k,
                   AciesDice *dice,
                   GPtrArray *events)
{
  const FbStatic *st = s->st;
  gint side = s->order[k];

  if (k == 0)
    {
      s->order[0] = st->first_side;
      s->order[1] = 1 - st->first_side;
      if (s->first_roll >= 0 && s->first_roll < 2)
        {
          s->order[0] = s->first_roll;
          s->order[1] = 1 - s->first_roll;
        }
      side = s->order[0];
    }
  s->pt_in_turn = k;
  if (s->base.turn > 1 || k > 0)
    s->pt++;
  s->base.active_side = side;
  s->melee_prev_pt = s->melee_this_pt;
  s->melee_this_pt = FALSE;
  s->quota_used = 0;
  s->end_short = FB_SHORT_NONE;
  s->mover = s->must_move = FB_NONE;
  for (gint i = 0; i < st->n_pieces; i++)
    {
      FbPiece *p = &s->p[i];

      if (st->pieces[i].side == side)
        {
          p->moved = p->mp_spent = p->brushed = p->fired = FALSE;
          p->move_start = FB_NONE;
          p->charging = p->disengaging = p->consent_asked = p->entered = FALSE;
          p->leader_moved = p->leader_attacked = FALSE;
          p->started_in_zoc = p->started_adjacent = FALSE;
          if (p->entered == 2)
            p->entered = 0;
        }
      else
        p->stands = 0;                          /* 11.17: stands made in this phase count */
    }
  set_phase (s, FB_PH_MOVE);
  if (dice != NULL)
    {
      earthquake (s, dice, events);
      flank_eligibility (s, dice, events);
    }
  if (s->earthquake_loss[0] > 0 || s->earthquake_loss[1] > 0)
    {
      s->step = FB_ST_EARTHQUAKE;
      s->deciding = s->earthquake_loss[side] > 0 ? side : 1 - side;
      s->base.deciding_side = s->deciding;
    }
}

/**
 * acies_fb_start:
 * @s: a new state
 * @events: (nullable): events
 *
 * FB 3.0: set-up when pieces are still to be placed, PHA 5.2's roll for
 * the first player, else the first player's movement phase of turn 1.
 */
void
acies_fb_start (FbState   *s,
                GPtrArray *events)
{
  const FbStatic *st = s->st;
  gboolean unplaced = FALSE;

  s->first_roll = -1;
  for (gint i = 0; i < st->n_pieces; i++)
    unplaced |= s->p[i].where == FB_AT_UNPLACED;
  s->order[0] = st->first_side;
  s->order[1] = 1 - st->first_side;
  s->base.active_side = st->first_side;
  if (unplaced)
    {
      set_phase (s, FB_PH_SETUP);
      s->base.active_side = st->setup_first >= 0 ? st->setup_first : 0;
      s->deciding = s->base.deciding_side = s->base.active_side;
      return;
    }
  if (acies_fb_has_rule (st, FB_R_RANDOM_FIRST_PLAYER))
    {
      set_phase (s, FB_PH_FIRST);
      return;
    }
  begin_player_turn (s, 0, NULL, events);
}

/* Set-up (3.0). */

static gboolean
setup_cell_ok (const FbState *s,
               gint           piece,
               gint           cell)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];

  if (acies_fb_cell_prohibited (s, piece, cell))
    return FALSE;
  if (piece < st->n_combat && (d->cls == FB_BAGGAGE ? s->bag[cell] >= 0 : s->occ[cell] >= 0))
    return FALSE;
  if ((s->occ[cell] >= 0 && st->pieces[s->occ[cell]].side != d->side) || s->ldr[1 - d->side][cell] > 0)
    return FALSE;
  for (gint a = 0; a < st->n_areas; a++)
    {
      const FbAreaDef *area = &st->areas[a];
      gint within = 0;

      if (g_strcmp0 (area->kind, "setup") != 0 || (area->side >= 0 && area->side != d->side)
          || (area->formation >= 0 && area->formation != d->formation))
        continue;
      within = (gint) acies_params_get_int (((AciesArea *) g_ptr_array_index (st->scenario->areas, a))->params,
                                            "within", 0);
      if (within == 0 && acies_fb_in_area (st, a, cell))
        return TRUE;
      if (within > 0 && area->cells != NULL && area->cells->len > 0
          && acies_fb_distance (st, g_array_index (area->cells, AciesCell, 0), cell) <= within)
        return TRUE;
    }
  return FALSE;
}

static gint
setup_side (const FbState *s)
{
  const FbStatic *st = s->st;
  gint first = st->setup_first >= 0 ? st->setup_first : 0;

  for (gint pass = 0; pass < 2; pass++)
    {
      gint side = pass == 0 ? first : 1 - first;

      for (gint i = 0; i < st->n_pieces; i++)
        if (s->p[i].where == FB_AT_UNPLACED && st->pieces[i].side == side)
          return side;
    }
  return -1;
}

static void
setup_legal (const FbState *s,
             GArray        *out)
{
  const FbStatic *st = s->st;
  gint side = setup_side (s);

  if (side < 0)
    {
      acies_fb_add (out, FB_A_SETUP_DONE, s->base.active_side, -1, -1, -1);
      return;
    }
  for (gint i = 0; i < st->n_pieces; i++)
    if (s->p[i].where == FB_AT_UNPLACED && st->pieces[i].side == side)
      for (gint c = 0; c < st->n_cells; c++)
        if (setup_cell_ok (s, i, c))
          acies_fb_add (out, FB_A_PLACE, side, i, c, -1);
}

/* Rally (14.0). */

static gboolean
rallyable (const FbState *s,
           gint           piece,
           gint           side)
{
  const FbPieceDef *d = &s->st->pieces[piece];

  return piece < s->st->n_combat && d->side == side && s->p[piece].where == FB_AT_ELIMINATED
         && d->cls != FB_ELEPHANT && d->cls != FB_BAGGAGE && d->cls != FB_CAMEL;      /* 14.8 */
}

/* QAD 3.2: the side's rally placement rule, or NULL. */
static const FbRule *
rally_rule (const FbState *s,
            gint           side)
{
  const FbRule *rule = acies_fb_find_rule (s->st, FB_R_RALLY_PLACEMENT, side);

  return rule != NULL && (rule->side < 0 || rule->side == side) ? rule : NULL;
}

/* Where a rallied unit may be placed (14.0, 14.3, QAD 3.2); with @unit -1
 * any unit type. */
static gint
rally_cells (const FbState *s,
             gint           leader,
             gint           unit,
             gint          *out)
{
  const FbStatic *st = s->st;
  gint side = st->pieces[leader].side;
  const FbRule *rule = rally_rule (s, side);
  gint n = 0;

  if (rule != NULL)
    {
      for (gint pass = 0; pass < 2 && n == 0; pass++)
        for (gint c = 0; c < st->n_cells; c++)
          {
            gboolean in = pass == 0 ? acies_fb_in_area (st, rule->area, c) : acies_fb_on_edge (st, c, rule->value);

            if (in && s->occ[c] < 0 && s->bag[c] < 0 && s->ldr[1 - side][c] == 0
                && !acies_fb_in_enemy_zoc_ph (s, side, c, FALSE)
                && (unit < 0 || !acies_fb_cell_prohibited (s, unit, c)))
              out[n++] = c;
          }
      return n;
    }
  for (gint k = 0; k < 6; k++)
    {
      gint c = st->nbr[s->p[leader].cell * 6 + k];

      if (c < 0 || s->occ[c] >= 0 || s->bag[c] >= 0 || s->ldr[1 - side][c] > 0
          || acies_fb_in_enemy_zoc_ph (s, side, c, FALSE) || st->terrain_mp[c] == FB_INF_COST)
        continue;
      if (unit >= 0 && (acies_fb_cell_prohibited (s, unit, c) || acies_fb_banned (s, unit, c)))
        continue;
      out[n++] = c;
    }
  return n;
}

static gboolean
rally_leader_ok (const FbState *s,
                 gint           leader)
{
  gint cells[FB_MAX_CELLS];

  return on_map (s, leader) && s->st->pieces[leader].side == s->base.active_side
         && rally_cells (s, leader, -1, cells) > 0;
}

static gboolean
rally_possible (const FbState *s)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;
  gboolean pool = FALSE;

  if (st->rally[side] <= 0)
    return FALSE;
  for (gint i = 0; i < st->n_combat && !pool; i++)
    pool = rallyable (s, i, side);                             /* 14.4 */
  if (!pool)
    return FALSE;
  for (gint l = st->n_combat; l < st->n_pieces; l++)
    if (st->pieces[l].cls == FB_LEADER && rally_leader_ok (s, l))
      return TRUE;                                             /* 14.3 */
  return FALSE;
}

static void
rally_legal (const FbState *s,
             GArray        *out)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;

  if (s->step == FB_ST_RALLY_PLACE)
    {
      gint cells[FB_MAX_CELLS], n = rally_cells (s, s->rally_leader, s->rally_unit, cells);

      for (gint i = 0; i < n; i++)
        acies_fb_add (out, FB_A_PLACE_RALLIED, side, cells[i], -1, -1);
      return;
    }
  if (!s->rally_tried && rally_possible (s))
    for (gint l = st->n_combat; l < st->n_pieces; l++)
      if (st->pieces[l].cls == FB_LEADER && rally_leader_ok (s, l))
        acies_fb_add (out, FB_A_RALLY, side, l, -1, -1);
  acies_fb_add (out, FB_A_END_PHASE, side, -1, -1, -1);
}

/* FB 14.5-14.7, GRA 3.2: the rallied unit comes back. */
static void
place_rallied (FbState   *s,
               gint       unit,
               gint       cell,
               GPtrArray *events)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[unit];
  gint back_h;
  const char *name = acies_fb_name (s, unit);

  if (d->two_step)
    s->p[unit].reduced = TRUE;                                 /* GRA 3.2, 14.6 */
  if (d->one_shot)
    s->p[unit].missile_spent = TRUE;                           /* 14.5 */
  /* 14.7: no longer counted as eliminated, but lost SP of a reduced unit
   * stay lost. */
  back_h = 2 * acies_fb_sp (s, unit);
  s->elim_h[1 - d->side] -= back_h;
  s->lost_h[d->side] -= back_h;
  acies_fb_place (s, unit, cell);
  /* TRANSLATORS: a line of the game log (FB 14.0). Slots in order: %s: a unit's name; %s: a hex or
   * square label. */
  acies_events_add (events, "rallied", "FB 14.0", d->side, _("%s rallies at %s"), name, acies_fb_cell_label (s, cell));
}

static gboolean
rally_apply (FbState           *s,
             const AciesAction *a,
             AciesDice         *dice,
             GPtrArray         *events)
{
  const FbStatic *st = s->st;
  gint side = s->base.active_side;

  if (a->type == FB_A_PLACE_RALLIED)
    {
      place_rallied (s, s->rally_unit, a->args[0], events);
      s->rally_unit = s->rally_leader = FB_NONE;
      s->step = FB_ST_NONE;
      return TRUE;
    }
  if (a->type == FB_A_RALLY)
    {
      gint leader = a->args[0];
      const FbPieceDef *d = &st->pieces[leader];
      const FbRule *place = rally_rule (s, side);
      gboolean ignore = place != NULL && (place->flags & FB_RF_IGNORE_MODIFIERS);
      guint die = acies_dice_roll_or_abort (dice, 6, 1, "rally");
      gint mod = 0, pool[FB_MAX_PIECES], n = 0, cells[FB_MAX_CELLS], m;
      const char *name = acies_fb_name (s, leader);

      /* 14.0, 14.4: one attempt a rally phase.  Its outcome stays in view
       * until the player ends the player turn himself (End the player
       * turn), as every other phase ends by his word. */
      s->rally_tried = TRUE;
      if (!ignore && !d->no_rally_zoc && acies_fb_in_enemy_zoc_ph (s, side, s->p[leader].cell, FALSE))
        mod += 1;                                              /* 14.1 */
      if (!ignore && d->primary && !s->p[leader].leader_moved && !s->p[leader].leader_attacked)
        mod -= 1;                                              /* 14.2 */
      /* TRANSLATORS: a line of the game log (FB 14.0). Slots in order: %s: a unit's name; %u: a die
       * roll; %+d: a modifier; %d: a number. */
      acies_events_add (events, "roll", "FB 14.0", side, mod != 0 ? _("%s rallies: die %u %+d, needs %d or less")
                                                                  /* TRANSLATORS: a line of the game log (FB
                                                                   * 14.0). Slots in order: %s: a unit's
                                                                   * name; %u: a die roll; %.0d: a modifier;
                                                                   * %d: a number. */
                                                                  : _("%s rallies: die %u%.0d, needs %d or less"),
                        name, die, mod, st->rally[side]);
      if ((gint) die + mod > st->rally[side])
        {
          /* TRANSLATORS: a line of the game log (FB 14.0). */
          acies_events_add (events, "rally", "FB 14.0", side, _("The rally fails"));
          return TRUE;
        }
      for (gint i = 0; i < st->n_combat; i++)
        if (rallyable (s, i, side))
          pool[n++] = i;
      s->rally_unit = pool[acies_dice_random_int (dice, 0, n)];
      s->rally_leader = leader;
      m = rally_cells (s, leader, s->rally_unit, cells);
      if (m == 0)
        {
          /* TRANSLATORS: a line of the game log (FB 14.3). */
          acies_events_add (events, "rally", "FB 14.3", side, _("No room to place the rallied unit"));
          s->rally_unit = s->rally_leader = FB_NONE;
          return TRUE;
        }
      if (m == 1)
        {
          place_rallied (s, s->rally_unit, cells[0], events);
          s->rally_unit = s->rally_leader = FB_NONE;
          return TRUE;
        }
      s->step = FB_ST_RALLY_PLACE;
      return TRUE;
    }
  end_player_turn (s, dice, events);
  return TRUE;
}

/* TRA 5.2: the SP a side removes after the earthquake. */
static void
earthquake_legal (const FbState *s,
                  GArray        *out)
{
  const FbStatic *st = s->st;
  gint side = s->deciding;

  for (gint i = 0; i < st->n_combat; i++)
    if (on_map (s, i) && st->pieces[i].side == side && st->pieces[i].cls != FB_BAGGAGE)
      acies_fb_add (out, FB_A_LOSE, side, i, -1, -1);
}

static void
earthquake_apply (FbState           *s,
                  const AciesAction *a,
                  GPtrArray         *events)
{
  gint side = s->deciding;
  gint sp = acies_fb_sp (s, a->args[0]);
  gint h = 2 * sp;
  const char *name = acies_fb_name (s, a->args[0]);

  /* Ruling A33: the losses count for morale, not as VP for the enemy. */
  acies_fb_lift (s, a->args[0]);
  s->p[a->args[0]].where = FB_AT_ESCAPED;
  s->lost_h[side] += h;
  s->quake_h[side] += h;
  if (s->st->opt.earthquake_vp)
    {
      s->elim_h[1 - side] += h;                                /* ruling A33 */
      s->quake_vp_h[1 - side] += h;
    }
  /* TRANSLATORS: a line of the game log (TRA 5.2). Slots in order: %s: a unit's name; %d: a cost. */
  acies_events_add (events, "panic", "TRA 5.2", side, _("%s flees in panic (%d SP)"), name, sp);
  s->earthquake_loss[side] = MAX (0, s->earthquake_loss[side] - sp);
  {
    gboolean any = FALSE;

    for (gint i = 0; i < s->st->n_combat; i++)
      any |= on_map (s, i) && s->st->pieces[i].side == side;
    if (!any)
      s->earthquake_loss[side] = 0;
  }
  if (s->earthquake_loss[side] == 0)
    {
      if (s->earthquake_loss[1 - side] > 0)
        s->deciding = s->base.deciding_side = 1 - side;
      else
        {
          s->step = FB_ST_NONE;
          s->deciding = s->base.deciding_side = s->base.active_side;
        }
    }
  acies_fb_check_morale (s, events);
}

/**
 * acies_fb_legal_actions:
 * @s: the state
 * @out: where to append the legal actions of the deciding side
 */
void
acies_fb_legal_actions (const FbState *s,
                        GArray        *out)
{
  if (s->base.finished)
    return;
  if (s->step == FB_ST_EARTHQUAKE)
    {
      earthquake_legal (s, out);
      return;
    }
  if (s->step == FB_ST_ESCAPE)
    {
      acies_fb_move_legal (s, out);
      return;
    }
  switch (s->phase)
    {
    case FB_PH_SETUP:
      setup_legal (s, out);
      break;
    case FB_PH_FIRST:
      acies_fb_add (out, FB_A_ROLL_FIRST, s->base.active_side, -1, -1, -1);
      break;
    case FB_PH_MOVE:
      acies_fb_move_legal (s, out);
      break;
    case FB_PH_MISSILE:
      acies_fb_missile_legal (s, out, FALSE);
      break;
    case FB_PH_COMBAT:
      acies_fb_combat_legal (s, out);
      break;
    case FB_PH_RALLY:
      rally_legal (s, out);
      break;
    default:
      break;
    }
}

/* After every action: berserk elephants waiting, morale, instant
 * victories, who decides. */
void
acies_fb_after_step (FbState   *s,
                     AciesDice *dice,
                     GPtrArray *events)
{
  if (s->n_berserk > 0 && !s->c.active && s->step == FB_ST_NONE)
    acies_fb_run_berserk (s, dice, events);
  acies_fb_check_morale (s, events);
  instant_checks (s, events);
  if (!s->base.finished)
    s->base.deciding_side = s->step == FB_ST_NONE ? s->base.active_side : s->deciding;
}

/**
 * acies_fb_apply:
 * @s: the state
 * @a: a legal action
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %TRUE if applied
 */
/* FB 4.0: the Sequence of Play in the log.  When an action ends a phase
 * (or a Player Turn, or a Game Turn), the log says which phase begins and
 * whose it is, so that a player reading it back knows where each line
 * falls. */
static void
log_phase_begins (const FbState *s,
                  FbPhase        phase,
                  gint           side,
                  guint          turn,
                  GPtrArray     *events)
{
  if (events == NULL || s->base.finished || s->phase == FB_PH_SETUP || s->phase == FB_PH_FIRST
      || s->phase == FB_PH_OVER || s->base.active_side < 0
      || (s->phase == phase && s->base.active_side == side && s->base.turn == turn))
    return;
  /* The log names the side before the line ("Persians: "): the line
   * names the phase and the Game Turn. */
  /* TRANSLATORS: a line of the game log when a phase begins (FB 4.0), after the side's name
   * ("Persians: Missile Fire Phase, Game Turn 2"). %s: the phase; %u: the Game Turn. */
  acies_events_add (events, "phase", "FB 4.0", s->base.active_side, _("%s, Game Turn %u"),
                    _(acies_fb_phase_name (s->phase)), s->base.turn);
}

/* FB 4.0: no action moves the game into the phase it begins in (a
 * battle without set-up or first-player roll begins in the first side's
 * Movement Phase): the game's first action says it, before its own
 * lines (from @n_events on).  A phase entered by an action said so
 * already (log_phase_begins()). */
static void
log_opening_phase (FbState   *s,
                   FbPhase    phase,
                   gint       side,
                   guint      turn,
                   GPtrArray *events,
                   guint      n_events)
{
  if (s->opened)
    return;
  s->opened = TRUE;
  if (events == NULL || phase == FB_PH_SETUP || phase == FB_PH_FIRST || phase == FB_PH_OVER || side < 0)
    return;
  acies_events_add (events, "phase", "FB 4.0", side, _("%s, Game Turn %u"), _(acies_fb_phase_name (phase)), turn);
  g_ptr_array_insert (events, n_events, g_ptr_array_steal_index (events, events->len - 1));
}

gboolean
acies_fb_apply (FbState           *s,
                const AciesAction *a,
                AciesDice         *dice,
                GPtrArray         *events,
                GError           **error)
{
  gboolean ok = TRUE;
  FbPhase phase = s->phase;
  gint side = s->base.active_side;
  guint turn = s->base.turn;
  guint n_events = events != NULL ? events->len : 0;

  if (s->base.finished)
    {
      g_set_error_literal (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION, _("The game is over"));
      return FALSE;
    }
  if (s->step == FB_ST_EARTHQUAKE && a->type == FB_A_LOSE)
    earthquake_apply (s, a, events);
  else if (a->type == FB_A_ESCAPE)
    {
      ok = acies_fb_move_apply (s, a, dice, events, error);
      if (ok && s->phase == FB_PH_COMBAT && s->c.active)
        acies_fb_next_combat_step (s, dice, events);
      else if (ok && s->phase == FB_PH_COMBAT)
        s->deciding = s->base.active_side;
    }
  else
    switch (s->phase)
      {
      case FB_PH_SETUP:
        if (a->type == FB_A_PLACE)
          {
            acies_fb_place (s, a->args[0], a->args[1]);
            if (setup_side (s) < 0)
              {
                set_phase (s, FB_PH_MOVE);
                acies_fb_start (s, events);
              }
            else
              s->base.active_side = s->deciding = setup_side (s);
          }
        else
          acies_fb_start (s, events);
        break;
      case FB_PH_FIRST:
        {
          const FbRule *rule = acies_fb_find_rule (s->st, FB_R_RANDOM_FIRST_PLAYER, -1);
          guint die = acies_dice_roll_or_abort (dice, 6, 1, "first player");
          gint first = rule->side >= 0 ? rule->side : 0;

          s->first_roll = (gint) die <= rule->value ? first : 1 - first;
          /* TRANSLATORS: a line of the game log (PHA 5.2). Slots in order: %u: a die roll; %s: a
           * side's name. */
          acies_events_add (events, "roll", "PHA 5.2", s->first_roll, _("Die %u: %s move first"), die,
                            acies_fb_side_name (s, s->first_roll));
          begin_player_turn (s, 0, dice, events);
        }
        break;
      case FB_PH_MOVE:
        if (a->type == FB_A_FIRE)
          ok = acies_fb_missile_apply (s, a, dice, events, error);
        else
          {
            ok = acies_fb_move_apply (s, a, dice, events, error);
            /* CAN 4.11: an end asked short waits for the opponent's consent. */
            if (ok && !s->base.finished && s->step == FB_ST_NONE
                && (a->type == FB_A_END_PHASE || (a->type == FB_A_CONSENT && s->end_short == FB_SHORT_AGREED)))
              start_missile (s, dice, events);
          }
        break;
      case FB_PH_MISSILE:
        if (a->type == FB_A_END_PHASE)
          start_combat (s, dice, events);
        else
          ok = acies_fb_missile_apply (s, a, dice, events, error);
        break;
      case FB_PH_COMBAT:
        ok = acies_fb_combat_apply (s, a, dice, events, error);
        if (ok && a->type == FB_A_END_PHASE)
          end_combat_phase (s, dice, events);
        break;
      case FB_PH_RALLY:
        ok = rally_apply (s, a, dice, events);
        break;
      default:
        ok = FALSE;
        break;
      }
  if (!ok)
    return FALSE;
  acies_fb_after_step (s, dice, events);
  log_phase_begins (s, phase, side, turn, events);
  log_opening_phase (s, phase, side, turn, events, n_events);
  return TRUE;
}
