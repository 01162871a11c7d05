/* acies-fb-retreat.c
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
 * After the melee roll (FB 8.6-8.8, 9.7-9.8, 12.6-12.8): losses chosen by
 * their owner (with GRA 3.2's flips and ARB 4.22's baggage), retreats with
 * displacement chains (8.8), advances after combat with the forced
 * advances of charging elephants and cavalry, and berserk elephants.
 */

static inline gboolean
on_map (const FbState *s,
        gint           piece)
{
  return s->p[piece].where == FB_AT_MAP;
}

static void
mark_vacated (FbState *s,
              gint     cell,
              gboolean attacker)
{
  FbCombat *c = &s->c;

  for (gint i = 0; i < c->n_vacated; i++)
    if ((c->vacated[i] & 0x3fff) == cell)
      return;
  if (c->n_vacated < (gint) G_N_ELEMENTS (c->vacated))
    c->vacated[c->n_vacated++] = (gint16) (cell | (attacker ? 0x4000 : 0));
}

static gboolean
attacker_piece (const FbState *s,
                gint           piece)
{
  return s->st->pieces[piece].side == s->base.active_side;
}

/* Moves @piece to @to and, with the ruling, the leaders stacked with it
 * (8.77 for advances; 8.7 silent on retreats). */
static void
move_with_leaders (FbState   *s,
                   gint       piece,
                   gint       to,
                   gboolean   leaders_too,
                   GPtrArray *events)
{
  gint from = s->p[piece].cell;
  gint side = s->st->pieces[piece].side;
  gint leaders[8], nl = leaders_too ? acies_fb_leaders_at (s, from, leaders, 8) : 0;
  gint b = s->bag[from];

  acies_fb_lift (s, piece);
  acies_fb_place (s, piece, to);
  acies_fb_visit (s, piece, to, events);
  for (gint i = 0; i < nl; i++)
    if (s->st->pieces[leaders[i]].side == side
        && (s->ldr[side][to] == 0 || acies_fb_find_rule (s->st, FB_R_EAGLES, side) != NULL))
      {
        /* 13.2: never onto another leader (he stays behind). */
        acies_fb_lift (s, leaders[i]);
        acies_fb_place (s, leaders[i], to);
      }
  /* TEU 4.4: a baggage unit stays with its unit. */
  if (leaders_too && b >= 0 && b != piece && s->st->pieces[b].side == side && s->bag[to] < 0)
    {
      acies_fb_lift (s, b);
      acies_fb_place (s, b, to);
    }
}

/* FB 8.72, 8.73: a hex @piece may retreat into from its cell: enterable,
 * on the map, not in enemy ZOC (in the combat phase dot units exert
 * none), not banned.  *@vacant when no combat unit is there. */
static gboolean
retreat_hex_ok (const FbState *s,
                gint           piece,
                gint           dir,
                gboolean      *vacant,
                gint          *occupant)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint from = s->p[piece].cell;
  gint n = st->nbr[from * 6 + dir];

  *vacant = FALSE;
  *occupant = FB_NONE;
  if (n < 0 || acies_fb_enter_cost (s, piece, from, dir) == FB_INF_COST)
    return FALSE;
  if (acies_fb_in_enemy_zoc_ph (s, d->side, n, TRUE) || acies_fb_banned (s, piece, n))
    return FALSE;
  if ((s->occ[n] >= 0 && st->pieces[s->occ[n]].side != d->side)
      || (s->bag[n] >= 0 && st->pieces[s->bag[n]].side != d->side) || s->ldr[1 - d->side][n] > 0)
    return FALSE;
  if (d->cls == FB_BAGGAGE)
    {
      *vacant = s->bag[n] < 0;
      return *vacant;
    }
  if (s->ucnt[n] > 1)
    return FALSE;                                  /* 8.74: a retreater is there with the unit it displaced */
  if (s->occ[n] < 0)
    {
      *vacant = TRUE;
      return TRUE;
    }
  *occupant = s->occ[n];
  return TRUE;
}

/* FB 8.82-8.86, 12.5: the fewest displacements @piece needs to retreat
 * (0: a vacant hex), or G_MAXINT; @busy holds the units already in the
 * chain or retreating. */
gint
acies_fb_displace_chain (const FbState *s,
                         gint           piece,
                         gint           cell,
                         gint           depth,
                         guint8        *busy)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint best = G_MAXINT;

  for (gint k = 0; k < 6; k++)
    {
      gboolean vacant;
      gint occupant, n = st->nbr[cell * 6 + k];
      FbState *ms = (FbState *) s;
      gint16 saved = ms->p[piece].cell;

      /* Evaluate from @cell (the hex the piece would be pushed out of). */
      ms->p[piece].cell = (gint16) cell;
      if (!retreat_hex_ok (s, piece, k, &vacant, &occupant))
        {
          ms->p[piece].cell = saved;
          continue;
        }
      ms->p[piece].cell = saved;
      if (vacant)
        return 0;
      if (depth <= 0 || d->no_displace || d->cls == FB_ELEPHANT || occupant < 0
          || st->pieces[occupant].cls == FB_ELEPHANT || acies_fb_in_combat (&s->c, occupant)
          || busy[occupant] || acies_fb_adjacent_enemy (s, d->side, n))
        continue;
      {
        gint sub;

        busy[occupant] = TRUE;
        sub = acies_fb_displace_chain (s, occupant, n, depth - 1, busy);
        busy[occupant] = FALSE;
        if (sub != G_MAXINT)
          best = MIN (best, sub + 1);
      }
    }
  return best;
}

/* FB 8.86: the units of this melee that retreat or have retreated (none
 * of them is displaced). */
static void
retreating_set (const FbState *s,
                guint8        *busy)
{
  memset (busy, 0, FB_MAX_PIECES);
  for (gint i = 0; i < s->c.n_retreating; i++)
    if (s->c.retreating[i] >= 0)
      busy[s->c.retreating[i]] = TRUE;
  for (gint i = 0; i < s->c.n_retreated; i++)
    busy[s->c.retreated[i]] = TRUE;
}

/**
 * acies_fb_retreat_options:
 * @s: the state
 * @piece: a retreating piece
 * @cells: (out): the hexes it may retreat into
 * @costs: (out): the displacements each needs
 * @max: room in @cells
 *
 * FB 8.71-8.74, 8.82-8.85: the vacant hexes when there are any, else the
 * friendly-held hexes with the fewest displacements that end well (8.84).
 *
 * Returns: the number of hexes
 */
gint
acies_fb_retreat_options (const FbState *s,
                          gint           piece,
                          gint          *cells,
                          gint          *costs,
                          gint           max)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint from = s->p[piece].cell, n = 0, best = G_MAXINT;
  gint cand[6], cost[6], m = 0;

  for (gint k = 0; k < 6; k++)
    {
      gboolean vacant;
      gint occupant, c = st->nbr[from * 6 + k];

      if (!retreat_hex_ok (s, piece, k, &vacant, &occupant))
        continue;
      if (vacant)
        {
          cand[m] = c;
          cost[m++] = 0;
          continue;
        }
      if (d->no_displace || d->cls == FB_ELEPHANT || occupant < 0 || st->pieces[occupant].cls == FB_ELEPHANT
          || acies_fb_in_combat (&s->c, occupant) || acies_fb_adjacent_enemy (s, d->side, c))
        continue;                                             /* 8.81, 12.5, 8.82, 8.85 */
      {
        guint8 busy[FB_MAX_PIECES];
        gint sub;

        retreating_set (s, busy);
        busy[piece] = TRUE;
        if (busy[occupant])
          continue;                                           /* 8.86 */
        busy[occupant] = TRUE;
        sub = acies_fb_displace_chain (s, occupant, c, 4, busy);
        if (sub == G_MAXINT)
          continue;                                           /* 8.84 */
        cand[m] = c;
        cost[m++] = sub + 1;
      }
    }
  for (gint i = 0; i < m; i++)
    best = MIN (best, cost[i]);
  for (gint i = 0; i < m && n < max; i++)
    if (cost[i] == best)                                      /* 8.83 */
      {
        cells[n] = cand[i];
        costs[n++] = cost[i];
      }
  return n;
}

/* TEU 4.5: the off-map retreat rule for @piece where it stands, or NULL. */
static const FbRule *
off_map_rule (const FbState *s,
              gint           piece)
{
  const FbStatic *st = s->st;

  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind != FB_R_RETREAT_OFF_MAP || (rule->side >= 0 && rule->side != st->pieces[piece].side))
        continue;
      if (rule->area >= 0 ? acies_fb_in_area (st, rule->area, s->p[piece].cell)
                          : acies_fb_on_edge (st, s->p[piece].cell, rule->value))
        return rule;
    }
  return NULL;
}

/* The candidates for a loss of @side in the melee (8.6; 9.3: only
 * chargers; TEU 4.4: baggage with them). */
static gint
loss_candidates (const FbState *s,
                 gint           side,
                 gint          *out)
{
  const FbCombat *c = &s->c;
  const gint16 *list = side == s->base.active_side ? c->att : c->def;
  gint n_list = side == s->base.active_side ? c->n_att : c->n_def;
  gint n = 0;

  for (gint i = 0; i < n_list; i++)
    {
      gint u = list[i], b;

      if (!on_map (s, u) || u >= s->st->n_combat)
        continue;
      if (side == s->base.active_side && c->loss_chargers && !s->p[u].charging)
        continue;
      out[n++] = u;
      b = s->bag[s->p[u].cell];
      if (b >= 0 && b != u && s->st->pieces[b].side == side && !c->loss_chargers
          && acies_fb_find_rule (s->st, FB_R_FIGHTING_WITHDRAWAL, side) != NULL)
        out[n++] = b;                                          /* TEU 4.4 */
    }
  if (n == 0 && side == s->base.active_side && c->loss_chargers)
    {
      /* Every charger gone already: any attacker. */
      for (gint i = 0; i < c->n_att; i++)
        if (on_map (s, c->att[i]))
          out[n++] = c->att[i];
    }
  return n;
}

/* The pending retreaters still on the map. */
static gint
pending_retreats (const FbState *s,
                  gint          *out)
{
  gint n = 0;

  for (gint i = 0; i < s->c.n_retreating; i++)
    if (s->c.retreating[i] >= 0 && on_map (s, s->c.retreating[i]))
      out[n++] = s->c.retreating[i];
  return n;
}

void
acies_fb_retreat_legal (const FbState *s,
                        GArray        *out)
{
  const FbStatic *st = s->st;

  if (s->step == FB_ST_TWO_HEX)
    {
      gint cells[36], n;

      acies_fb_two_hex_targets (s, s->two_hex_unit, cells, &n);
      for (gint i = 0; i < n; i++)
        acies_fb_add (out, FB_A_RETREAT_TWO, s->deciding, cells[i], -1, -1);
      return;
    }
  if (s->step == FB_ST_LOSS)
    {
      gint list[FB_MAX_IN_COMBAT * 2], n = loss_candidates (s, s->deciding, list);

      for (gint i = 0; i < n; i++)
        acies_fb_add (out, FB_A_LOSE, s->deciding, list[i], -1, -1);
      return;
    }
  if (s->step == FB_ST_RETREAT)
    {
      gint list[FB_MAX_IN_COMBAT * 2], n = pending_retreats (s, list);

      for (gint i = 0; i < n; i++)
        {
          gint cells[6], costs[6], m = acies_fb_retreat_options (s, list[i], cells, costs, 6);

          for (gint k = 0; k < m; k++)
            acies_fb_add (out, FB_A_RETREAT, s->deciding, list[i], cells[k], -1);
          if (off_map_rule (s, list[i]) != NULL)
            acies_fb_add (out, FB_A_RETREAT, s->deciding, list[i], -1, -1);
          /* GRA 3.2, ruling A46: a full two-step unit flips instead of a
           * retreat it cannot make (with the ruling off, also instead of
           * displacing). */
          if (st->pieces[list[i]].two_step && !s->p[list[i]].reduced
              && (m == 0 || (!st->opt.elite_flip_after_displacement && costs[0] > 0)))
            acies_fb_add (out, FB_A_FLIP, s->deciding, list[i], -1, -1);
        }
    }
}

/* The units that may advance into a vacated hex, and where. */
static gint
advance_moves (const FbState *s,
               gint          *units,
               gint          *cells)
{
  const FbStatic *st = s->st;
  const FbCombat *c = &s->c;
  gint n = 0;

  for (gint v = 0; v < c->n_vacated; v++)
    {
      gint cell = c->vacated[v] & 0x3fff;
      gboolean attacker_cell = (c->vacated[v] & 0x4000) != 0;
      const gint16 *list = attacker_cell ? c->def : c->att;
      gint n_list = attacker_cell ? c->n_def : c->n_att;

      if (attacker_cell ? !c->def_won : !c->att_won)
        continue;
      if (s->occ[cell] >= 0 || s->bag[cell] >= 0)
        continue;
      for (gint i = 0; i < n_list; i++)
        {
          gint u = list[i];

          if (u >= st->n_combat || !on_map (s, u) || st->pieces[u].cls == FB_BAGGAGE
              || st->pieces[u].cls == FB_CAMEL || !acies_fb_adjacent (st, s->p[u].cell, cell))
            continue;
          if (c->forced_adv >= 0 && u != c->forced_adv)
            continue;
          if (acies_fb_dir_to (st, s->p[u].cell, cell) < 0
              || acies_fb_enter_cost (s, u, s->p[u].cell, acies_fb_dir_to (st, s->p[u].cell, cell)) == FB_INF_COST
              || acies_fb_banned (s, u, cell))
            continue;
          /* Arbela's baggage and the like never advance; a retreating unit
           * of this combat neither. */
          units[n] = u;
          cells[n++] = cell;
        }
    }
  return n;
}

void
acies_fb_advance_legal (const FbState *s,
                        GArray        *out)
{
  gint units[FB_MAX_IN_COMBAT * 12], cells[FB_MAX_IN_COMBAT * 12];
  gint n = advance_moves (s, units, cells);

  for (gint i = 0; i < n; i++)
    acies_fb_add (out, FB_A_ADVANCE, s->deciding, units[i], cells[i], -1);
  if (s->c.forced_adv < 0 || n == 0)
    acies_fb_add (out, FB_A_NO_ADVANCE, s->deciding, -1, -1, -1);
}

/* FB 12.6, 12.9: @piece goes berserk (queued; the procedure runs at once
 * when the current step allows). */
void
acies_fb_go_berserk (FbState   *s,
                     gint       piece,
                     GPtrArray *events)
{
  const char *name = acies_fb_name (s, piece);

  for (gint i = 0; i < s->n_berserk; i++)
    if (s->berserk[i] == piece)
      return;
  if (s->n_berserk < (gint) G_N_ELEMENTS (s->berserk))
    s->berserk[s->n_berserk++] = (gint16) piece;
  /* TRANSLATORS: a line of the game log (FB 12.6). Slots in order: %s: a unit's name. */
  acies_events_add (events, "berserk", "FB 12.6", s->st->pieces[piece].side, _("%s goes berserk"), name);
}

/* FB 12.7: the berserk procedure for one elephant. */
static void
berserk_one (FbState   *s,
             gint       e,
             AciesDice *dice,
             GPtrArray *events)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[e];
  const char *name = acies_fb_name (s, e);

  for (gint step = 0; step < 2; step++)
    {
      guint die;
      gint dir, from, to, target;

      if (!on_map (s, e))
        return;
      die = acies_dice_roll_or_abort (dice, 6, 1, "berserk direction");
      dir = (st->home_dir[d->side] + (gint) die - 1) % 6;   /* 12.7a, A13 */
      from = s->p[e].cell;
      to = st->nbr[from * 6 + dir];
      /* TRANSLATORS: a line of the game log (FB 12.7a). Slots in order: %s: a unit's name; %u: a
       * die roll. */
      acies_events_add (events, "roll", "FB 12.7a", d->side, _("%s: direction die %u"), name, die);
      if (to < 0)
        {
          if (st->opt.berserk_offmap_amok)
            {
              /* TRANSLATORS: a line of the game log (FB 12.7). Slots in order: %s: a unit's name. */
              acies_events_add (events, "amok", "FB 12.7", d->side, _("%s stampedes off the map"), name);
              acies_fb_eliminate (s, e, events, "FB 12.7e", TRUE);
              return;
            }
          continue;                                          /* A14: a lost hex */
        }
      if (acies_fb_enter_cost (s, e, from, dir) == FB_INF_COST)
        continue;                                            /* A14 */
      target = s->occ[to] >= 0 ? s->occ[to] : s->bag[to];
      if (target >= 0)
        {
          /* 12.7c: it attacks whatever is there, friend or foe. */
          guint roll = acies_dice_roll_or_abort (dice, 6, 1, "berserk attack");
          FbResult r = st->berserk_attack[roll - 1];
          const char *other = acies_fb_name (s, target);

          /* TRANSLATORS: a line of the game log (FB 12.7c). Slots in order: %s: a unit's name; %s:
           * the other unit's name; %u: a die roll; %s: a combat result. */
          acies_events_add (events, "roll", "FB 12.7c", d->side, _("%s tramples into %s: die %u, %s"), name, other, roll,
                            acies_fb_result_name (r));
          if (r == FB_RES_DL || r == FB_RES_EX)
            acies_fb_eliminate (s, target, events, "FB 12.7c", FALSE);
          else if (st->pieces[target].cls == FB_ELEPHANT)
            acies_fb_go_berserk (s, target, events);         /* 12.8 */
          if (r == FB_RES_AL || r == FB_RES_EX)
            acies_fb_eliminate (s, e, events, "FB 12.7c", FALSE);
          return;                                            /* A14 */
        }
      acies_fb_lift (s, e);
      acies_fb_place (s, e, to);
      /* TRANSLATORS: a line of the game log (FB 12.7b). Slots in order: %s: a unit's name; %s: a
       * hex or square label. */
      acies_events_add (events, "berserk", "FB 12.7b", d->side, _("%s rampages into %s"), name,
                        acies_fb_cell_label (s, to));
      if (s->ldr[1 - d->side][to] > 0)
        {
          gint leaders[8], nl = acies_fb_leaders_at (s, to, leaders, 8);

          for (gint i = 0; i < nl; i++)
            if (st->pieces[leaders[i]].side != d->side && on_map (s, leaders[i]))
              acies_fb_lone_leader_entered (s, leaders[i], e, dice, events);   /* A14 */
          if (s->step == FB_ST_ESCAPE)
            {
              /* The escape hex is chosen later; the elephant stops here. */
              return;
            }
        }
    }
  /* 12.7e: after two hexes without attacking. */
  if (on_map (s, e))
    {
      guint die = acies_dice_roll_or_abort (dice, 6, 1, "berserk end");

      if ((gint) die <= st->berserk_end_max)
        /* TRANSLATORS: a line of the game log (FB 12.7e). Slots in order: %s: a unit's name; %u: a
         * die roll. */
        acies_events_add (events, "roll", "FB 12.7e", d->side, _("%s: die %u, calms down"), name, die);
      else
        {
          /* TRANSLATORS: a line of the game log (FB 12.7e). Slots in order: %s: a unit's name; %u:
           * a die roll. */
          acies_events_add (events, "roll", "FB 12.7e", d->side, _("%s: die %u, runs amok"), name, die);
          acies_fb_eliminate (s, e, events, "FB 12.7e", TRUE);
        }
    }
}

/* Runs the queue of berserk elephants (12.7, 12.8). */
void
acies_fb_run_berserk (FbState   *s,
                      AciesDice *dice,
                      GPtrArray *events)
{
  while (s->n_berserk > 0 && s->step != FB_ST_ESCAPE && !s->base.finished)
    {
      gint e = s->berserk[0];

      memmove (s->berserk, s->berserk + 1, sizeof (gint16) * (s->n_berserk - 1));
      s->n_berserk--;
      if (s->c.active && on_map (s, e))
        mark_vacated (s, s->p[e].cell, attacker_piece (s, e));
      berserk_one (s, e, dice, events);
      acies_fb_cache_clear (s);
    }
}

/* Takes the loss @piece (8.6): a full two-step unit flips (GRA 3.2), ARB
 * 4.22's baggage stack dies whole on a DL. */
static void
take_loss (FbState   *s,
           gint       piece,
           GPtrArray *events)
{
  const FbStatic *st = s->st;
  gint cell = s->p[piece].cell;
  gboolean attacker = attacker_piece (s, piece);

  if (st->pieces[piece].two_step && !s->p[piece].reduced)
    {
      acies_fb_reduce (s, piece, events, "GRA 3.2");
      return;
    }
  acies_fb_eliminate (s, piece, events, "FB 8.6", FALSE);
  if (!attacker && s->c.result == FB_RES_DL)
    {
      gint b = s->bag[cell];
      const FbRule *rule = b >= 0 ? acies_fb_find_rule (st, FB_R_BAGGAGE, st->pieces[b].side) : NULL;

      if (b >= 0 && b != piece && rule != NULL && !(rule->flags & FB_RF_MAY_RETREAT))
        acies_fb_eliminate (s, b, events, "ARB 4.22", FALSE);
    }
  if (s->occ[cell] < 0 && s->bag[cell] < 0)
    mark_vacated (s, cell, attacker);
}

/* A retreat that cannot happen (8.73, 12.6a, MAR 3.1, ARB 4.22). */
static gboolean
retreat_forced_fate (FbState   *s,
                     gint       piece,
                     GPtrArray *events)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint cell = s->p[piece].cell;
  gboolean attacker = attacker_piece (s, piece);
  const char *name = acies_fb_name (s, piece);

  if (d->cls == FB_ELEPHANT)
    {
      acies_fb_go_berserk (s, piece, events);                 /* 12.6a */
      return TRUE;
    }
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_R_TURN_VULNERABILITY && (gint) s->base.turn <= rule->turn
          && acies_fb_rule_concerns (s, rule, piece))
        {
          /* TRANSLATORS: a line of the game log (MAR 3.1). Slots in order: %s: a unit's name. */
          acies_events_add (events, "routed", "MAR 3.1", d->side, _("%s cannot fall back and is eliminated"), name);
          acies_fb_eliminate (s, piece, events, "MAR 3.1", FALSE);
          mark_vacated (s, cell, attacker);
          return TRUE;
        }
    }
  if (d->cls == FB_BAGGAGE)
    {
      const FbRule *rule = acies_fb_find_rule (st, FB_R_BAGGAGE, d->side);

      if (rule == NULL || !(rule->flags & FB_RF_MAY_RETREAT))
        {
          acies_fb_eliminate (s, piece, events, "ARB 4.22", FALSE);
          mark_vacated (s, cell, attacker);
          return TRUE;
        }
    }
  return FALSE;
}

static void
remove_pending (FbState *s,
                gint     piece)
{
  for (gint i = 0; i < s->c.n_retreating; i++)
    if (s->c.retreating[i] == piece)
      s->c.retreating[i] = FB_NONE;
}

static void
add_pending (FbState *s,
             gint     piece)
{
  FbCombat *c = &s->c;

  for (gint i = 0; i < c->n_retreating; i++)
    if (c->retreating[i] == FB_NONE)
      {
        c->retreating[i] = (gint16) piece;
        return;
      }
  if (c->n_retreating < (gint) G_N_ELEMENTS (c->retreating))
    c->retreating[c->n_retreating++] = (gint16) piece;
}

/**
 * acies_fb_retreat_apply:
 * @s: the state
 * @piece: a retreating piece
 * @to: the hex, or -1 off the map (TEU 4.5)
 * @dice: the dice
 * @events: (nullable): events
 *
 * FB 8.71-8.83: moves @piece one hex; a friendly unit in the way is
 * displaced and retreats in its turn.
 *
 * Returns: %TRUE if done
 */
gboolean
acies_fb_retreat_apply (FbState   *s,
                        gint       piece,
                        gint       to,
                        AciesDice *dice,
                        GPtrArray *events)
{
  const FbStatic *st = s->st;
  gint from = s->p[piece].cell;
  gboolean attacker = attacker_piece (s, piece);
  const char *name = acies_fb_name (s, piece);
  gint occupant;

  remove_pending (s, piece);
  if (to < 0)
    {
      const FbRule *rule = off_map_rule (s, piece);
      gboolean escape = TRUE;

      /* TRANSLATORS: a line of the game log (TEU 4.5). Slots in order: %s: a unit's name. */
      acies_events_add (events, "retreat", "TEU 4.5", st->pieces[piece].side, _("%s retreats off the map"), name);
      if (rule != NULL && (rule->flags & FB_RF_WIN))
        {
          s->p[piece].exit_cell = (gint16) from;
          acies_fb_lift (s, piece);
          s->p[piece].where = FB_AT_ESCAPED;
          acies_fb_finish (s, st->pieces[piece].side, events, _("%s break out of the trap: a %s victory (TEU 4.51)"),
                           acies_fb_side_name (s, st->pieces[piece].side), acies_fb_side_name (s, st->pieces[piece].side));
          return TRUE;
        }
      /* TEU 4.52: legions escape after a withdrawal or a DR, are lost on a
       * plain AR; cavalry and leaders always escape. */
      if (attacker && !s->c.fw && st->pieces[piece].cls == FB_FOOT)
        escape = FALSE;
      s->p[piece].exit_cell = (gint16) from;
      if (escape)
        {
          acies_fb_lift (s, piece);
          s->p[piece].where = FB_AT_ESCAPED;
        }
      else
        acies_fb_eliminate (s, piece, events, "TEU 4.52", FALSE);
      mark_vacated (s, from, attacker);
      return TRUE;
    }
  occupant = st->pieces[piece].cls == FB_BAGGAGE ? FB_NONE : s->occ[to];
  if (s->c.n_retreated < (gint) G_N_ELEMENTS (s->c.retreated))
    s->c.retreated[s->c.n_retreated++] = (gint16) piece;
  move_with_leaders (s, piece, to, st->opt.leader_retreats_with_unit, events);
  /* TRANSLATORS: a line of the game log (FB 8.71). Slots in order: %s: a unit's name; %s: a hex or
   * square label. */
  acies_events_add (events, "retreat", "FB 8.71", st->pieces[piece].side, _("%s retreats to %s"), name,
                    acies_fb_cell_label (s, to));
  if (occupant >= 0 && occupant != piece)
    {
      const char *other = acies_fb_name (s, occupant);

      /* TRANSLATORS: a line of the game log (FB 8.82). Slots in order: %s: the other unit's name. */
      acies_events_add (events, "displaced", "FB 8.82", st->pieces[piece].side, _("%s is displaced"), other);
      add_pending (s, occupant);
    }
  if (s->ldr[1 - st->pieces[piece].side][to] > 0)
    {
      gint leaders[8], nl = acies_fb_leaders_at (s, to, leaders, 8);

      for (gint i = 0; i < nl; i++)
        if (st->pieces[leaders[i]].side != st->pieces[piece].side)
          acies_fb_lone_leader_entered (s, leaders[i], piece, dice, events);
    }
  if (s->occ[from] < 0 && s->bag[from] < 0)
    mark_vacated (s, from, attacker);
  return TRUE;
}

/* 9.7, 9.8: which attacker must advance, rolled once a hex is vacated. */
static void
forced_advance (FbState   *s,
                AciesDice *dice,
                GPtrArray *events)
{
  const FbStatic *st = s->st;
  FbCombat *c = &s->c;
  gint units[FB_MAX_IN_COMBAT * 12], cells[FB_MAX_IN_COMBAT * 12];
  gint n;

  if (c->adv_rolled || !c->att_won)
    return;
  c->adv_rolled = TRUE;
  n = advance_moves (s, units, cells);
  for (gint i = 0; i < n; i++)
    if ((c->vacated[0] & 0x4000) == 0 && s->p[units[i]].charging && st->pieces[units[i]].cls == FB_ELEPHANT
        && attacker_piece (s, units[i]))
      {
        c->forced_adv = (gint16) units[i];                    /* 9.7 */
        return;
      }
  for (gint a = 0; a < c->n_att; a++)
    {
      gint u = c->att[a];
      gboolean can = FALSE;

      if (!s->p[u].charging || st->pieces[u].cls != FB_CAVALRY || !on_map (s, u))
        continue;
      for (gint i = 0; i < n; i++)
        can |= units[i] == u;
      if (!can)
        continue;
      {
        guint die = acies_dice_roll_or_abort (dice, 6, 1, "forced advance");
        gint limit = st->forced_adv[st->pieces[u].dot ? 1 : 0];
        const char *name = acies_fb_name (s, u);

        if ((gint) die <= limit)
          {
            /* TRANSLATORS: a line of the game log (FB 9.8). Slots in order: %s: a unit's name; %u:
             * a die roll. */
            acies_events_add (events, "roll", "FB 9.8", s->base.active_side, _("%s: die %u, carried forward"), name, die);
            c->forced_adv = (gint16) u;
            return;
          }
        /* TRANSLATORS: a line of the game log (FB 9.8). Slots in order: %s: a unit's name; %u: a
         * die roll. */
        acies_events_add (events, "roll", "FB 9.8", s->base.active_side, _("%s: die %u, holds"), name, die);
      }
    }
}

/* FB 9.9, ARB 3.4: the melee is over. */
static void
finish_combat (FbState   *s,
               GPtrArray *events)
{
  const FbStatic *st = s->st;
  FbCombat *c = &s->c;

  for (gint i = 0; i < c->n_att; i++)
    {
      gint a = c->att[i];

      s->p[a].attacked = TRUE;
      if (c->rbc_unit >= 0)
        s->p[a].no_more_attack = TRUE;                         /* 11.34 */
      if (on_map (s, a) && s->p[a].charging && st->pieces[a].cls == FB_SCYTHED
          && acies_fb_find_rule (st, FB_R_SCYTHED, st->pieces[a].side) != NULL)
        {
          /* ARB 3.4, ruling C1: disordered until the end of the next enemy
           * combat phase. */
          s->p[a].disordered = TRUE;
          s->p[a].disorder_until = (gint16) (s->pt + 1);
        }
      s->p[a].charging = FALSE;                                /* 9.9 */
    }
  memset (c, 0, sizeof *c);
  c->rbc_unit = c->rbc_first = c->forced_adv = FB_NONE;
  s->step = FB_ST_NONE;
  s->deciding = s->base.active_side;
  acies_fb_cache_clear (s);
  (void) events;
}

/**
 * acies_fb_next_combat_step:
 * @s: the state after a melee roll or one of its choices
 * @dice: the dice
 * @events: (nullable): events
 *
 * The melee's next decision: losses (attacker first), retreats, berserk
 * elephants, the advance; the end of the melee when nothing is left.
 * Choices with a single answer are made at once.
 */
void
acies_fb_next_combat_step (FbState   *s,
                           AciesDice *dice,
                           GPtrArray *events)
{
  const FbStatic *st = s->st;
  FbCombat *c = &s->c;

  while (!s->base.finished && s->step != FB_ST_ESCAPE)
    {
      gint list[FB_MAX_IN_COMBAT * 2], n;

      if (c->loss_att > 0 || c->loss_def > 0)
        {
          gint side = c->loss_att > 0 ? s->base.active_side : 1 - s->base.active_side;

          n = loss_candidates (s, side, list);
          if (n == 0)
            {
              if (c->loss_att > 0)
                c->loss_att = 0;
              else
                c->loss_def = 0;
              continue;
            }
          if (n == 1)
            {
              if (c->loss_att > 0)
                c->loss_att--;
              else
                c->loss_def--;
              take_loss (s, list[0], events);
              acies_fb_check_morale (s, events);
              continue;
            }
          s->step = FB_ST_LOSS;
          s->deciding = side;
          return;
        }
      n = pending_retreats (s, list);
      if (n > 0)
        {
          gboolean progressed = FALSE, choice = n > 1;
          gint cells[6], costs[6], m = 0;

          for (gint i = 0; i < n && !progressed; i++)
            {
              gint piece = list[i];

              if (retreat_forced_fate (s, piece, events))
                {
                  remove_pending (s, piece);
                  progressed = TRUE;
                  continue;
                }
              if (off_map_rule (s, piece) != NULL)
                {
                  choice = TRUE;
                  continue;
                }
              m = acies_fb_retreat_options (s, piece, cells, costs, 6);
              if (m == 0)
                {
                  const char *name = acies_fb_name (s, piece);

                  remove_pending (s, piece);
                  progressed = TRUE;
                  if (st->pieces[piece].two_step && !s->p[piece].reduced)
                    {
                      acies_events_add (events, "flip", "GRA 3.2", st->pieces[piece].side,
                                        /* TRANSLATORS: a line of the game log (GRA 3.2). Slots in
                                         * order: %s: a unit's name. */
                                        _("%s cannot retreat and is reduced instead"), name);
                      acies_fb_reduce (s, piece, events, "GRA 3.2");
                    }
                  else
                    {
                      gint cell = s->p[piece].cell;

                      acies_events_add (events, "no retreat", "FB 8.73", st->pieces[piece].side,
                                        /* TRANSLATORS: a line of the game log (FB 8.73). Slots in
                                         * order: %s: a unit's name. */
                                        _("%s cannot retreat and is eliminated"), name);
                      acies_fb_eliminate (s, piece, events, "FB 8.73", FALSE);
                      if (s->occ[cell] < 0 && s->bag[cell] < 0)
                        mark_vacated (s, cell, attacker_piece (s, piece));
                    }
                  acies_fb_check_morale (s, events);
                  continue;
                }
              if (m > 1 || (st->pieces[piece].two_step && !s->p[piece].reduced
                            && !st->opt.elite_flip_after_displacement && costs[0] > 0))
                choice = TRUE;
            }
          if (progressed)
            continue;
          if (!choice)
            {
              acies_fb_retreat_apply (s, list[0], cells[0], dice, events);
              if (s->step == FB_ST_ESCAPE)
                return;
              continue;
            }
          s->step = FB_ST_RETREAT;
          s->deciding = st->pieces[list[0]].side;
          return;
        }
      if (s->n_berserk > 0)
        {
          acies_fb_run_berserk (s, dice, events);
          acies_fb_check_morale (s, events);
          continue;
        }
      /* 8.75, 11.33: the advance. */
      if (c->rbc_unit >= 0 && c->rbc_first >= 0 && !c->att_won)
        {
          c->att_won = TRUE;
          c->n_vacated = 0;
          mark_vacated (s, c->rbc_first, FALSE);
        }
      forced_advance (s, dice, events);
      {
        gint units[FB_MAX_IN_COMBAT * 12], cells[FB_MAX_IN_COMBAT * 12];
        gint m = advance_moves (s, units, cells);

        if (m > 0 && s->step != FB_ST_ADVANCE)
          {
            gboolean attacker = attacker_piece (s, units[0]);

            s->step = FB_ST_ADVANCE;
            s->deciding = attacker ? s->base.active_side : 1 - s->base.active_side;
            return;
          }
      }
      finish_combat (s, events);
      return;
    }
}

/**
 * acies_fb_advance_apply:
 * @s: the state
 * @a: a loss, retreat, flip, two-hex retreat or advance
 * @dice: the dice
 * @events: (nullable): events
 *
 * Returns: %TRUE if applied
 */
gboolean
acies_fb_advance_apply (FbState           *s,
                        const AciesAction *a,
                        AciesDice         *dice,
                        GPtrArray         *events)
{
  const FbStatic *st = s->st;
  FbCombat *c = &s->c;

  switch (a->type)
    {
    case FB_A_LOSE:
      if (c->loss_att > 0)
        c->loss_att--;
      else
        c->loss_def--;
      take_loss (s, a->args[0], events);
      acies_fb_check_morale (s, events);
      s->step = FB_ST_NONE;
      acies_fb_next_combat_step (s, dice, events);
      return TRUE;
    case FB_A_RETREAT:
      s->step = FB_ST_NONE;
      acies_fb_retreat_apply (s, a->args[0], a->args[1], dice, events);
      acies_fb_check_morale (s, events);
      if (s->step == FB_ST_NONE)
        acies_fb_next_combat_step (s, dice, events);
      return TRUE;
    case FB_A_FLIP:
      {
        const char *name = acies_fb_name (s, a->args[0]);

        remove_pending (s, a->args[0]);
        acies_events_add (events, "flip", "GRA 3.2", st->pieces[a->args[0]].side,
                          /* TRANSLATORS: a line of the game log (GRA 3.2). Slots in order: %s: a
                           * unit's name. */
                          _("%s is reduced instead of retreating"), name);
        acies_fb_reduce (s, a->args[0], events, "GRA 3.2");
        acies_fb_check_morale (s, events);
        s->step = FB_ST_NONE;
        acies_fb_next_combat_step (s, dice, events);
        return TRUE;
      }
    case FB_A_RETREAT_TWO:
      {
        gint piece = s->two_hex_unit;
        const char *name = acies_fb_name (s, piece);

        move_with_leaders (s, piece, a->args[0], piece < st->n_combat, events);
        /* TRANSLATORS: a line of the game log (FB 11.32). Slots in order: %s: a unit's name; %s: a
         * hex or square label. */
        acies_events_add (events, "rbc", "FB 11.32", st->pieces[piece].side, _("%s withdraws to %s"), name,
                          acies_fb_cell_label (s, a->args[0]));
        s->step = FB_ST_NONE;
        s->two_hex_unit = FB_NONE;
        c->rbc_done = TRUE;
        acies_fb_next_combat_step (s, dice, events);
        return TRUE;
      }
    case FB_A_ADVANCE:
      {
        gint u = a->args[0], to = a->args[1];
        const char *name = acies_fb_name (s, u);

        gint leaders[8], nl = acies_fb_leaders_at (s, to, leaders, 8);

        move_with_leaders (s, u, to, TRUE, events);
        s->p[u].no_more_attack = TRUE;                        /* 8.75 */
        /* TRANSLATORS: a line of the game log (FB 8.75). Slots in order: %s: a unit's name; %s: a
         * hex or square label. */
        acies_events_add (events, "advance", "FB 8.75", st->pieces[u].side, _("%s advances to %s"), name,
                          acies_fb_cell_label (s, to));
        c->n_vacated = 0;                                     /* 8.76: one advance */
        s->step = FB_ST_NONE;
        for (gint i = 0; i < nl && s->step == FB_ST_NONE; i++)
          if (st->pieces[leaders[i]].side != st->pieces[u].side && on_map (s, leaders[i]))
            acies_fb_lone_leader_entered (s, leaders[i], u, dice, events);   /* 13.1 */
        if (s->step == FB_ST_NONE)
          finish_combat (s, events);
        return TRUE;
      }
    case FB_A_NO_ADVANCE:
      c->n_vacated = 0;
      finish_combat (s, events);
      return TRUE;
    default:
      break;
    }
  return acies_fb_refuse (NULL, "unknown");
}
