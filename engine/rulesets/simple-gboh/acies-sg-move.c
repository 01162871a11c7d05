/* acies-sg-move.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-simple-gboh"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-sg-private.h"

/*
 * The Movement/Missile Fire Phase, movement part (SG 5.1–5.3, 6.1, 6.2,
 * 10.3, 10.23, 11.2): steps into Front hexes one at a time (so that the
 * inactive player can react before and after each, 6.15, 7.21, 7.22),
 * facing changes, two-hex moves and pivots, stacks, Column and Double
 * Depth, and leaders moving alone.
 */

static gboolean
enemy_at (const SgState *s,
          gint           cell,
          gint           side)
{
  gint t = sg_top (s, cell);

  return t >= 0 && sg_def (s, t)->side != side;
}

static gboolean
friend_at (const SgState *s,
           gint           cell,
           gint           side,
           gint           self)
{
  for (gint k = 0; k < 2; k++)
    {
      gint t = s->occ[2 * cell + k];

      if (t >= 0 && t != self && sg_def (s, t)->side == side)
        return TRUE;
    }
  return FALSE;
}

/* SG 5.14–5.16, 5.22 (one half), 11.12: what the hexes make a unit of
 * movement class @mv pay to enter @to from @from, @d the direction
 * between them (-1 when not adjacent), or -1 when it may not; *hits
 * gets the terrain Hits of the hex and the hexside (5.17). */
static gint
terrain_cost (const SgStatic *st,
              gint            mv,
              gint            from,
              gint            to,
              gint            d,
              SgTerrainHits  *hits)
{
  gint t = st->terrain[to], cost;
  guint8 bits;
  SgTerrainHits h;

  cost = st->mv_cost[t][mv];
  if (cost >= SG_MP_PROHIBITED)
    return -1;
  h = st->terrain_hits[t];
  bits = d >= 0 ? st->edges[from * 6 + d] : 0;
  for (guint e = 0; bits != 0 && e < st->n_edge_features; e++)
    {
      gint add;

      if (!(bits & (1u << e)))
        continue;
      add = st->edge_mv[e][mv];
      if (add >= SG_MP_PROHIBITED)
        return -1;
      /* 11.12: easier to cross from inside the camp. */
      if (st->edge_fortified[e] && st->camp[from] && !st->camp[to])
        add = st->edge_mv_out[e];
      cost += add;
      h = MAX (h, (SgTerrainHits) st->edge_hits[e]);
    }
  if (st->elevation[to] > st->elevation[from])
    cost += st->higher_cost;
  *hits = h;
  return cost;
}

/**
 * sg_enter_costs_init:
 * @st: static data whose board, terrain, hexsides and charts are read
 *
 * SG 5.14–5.17: the MP of every step between neighbours for every
 * movement class, and its terrain Hits, read once for the battle
 * (half_cost() looks them up).
 */
void
sg_enter_costs_init (SgStatic *st)
{
  st->enter = g_new (gint16, st->n_cells * 6 * SG_N_MV);
  st->enter_hits = g_new0 (guint8, st->n_cells * 6);
  for (guint c = 0; c < st->n_cells; c++)
    for (gint d = 0; d < 6; d++)
      {
        gint to = st->nb[c * 6 + d];

        for (gint mv = 0; mv < SG_N_MV; mv++)
          {
            SgTerrainHits h = SG_HITS_NONE;
            /* The direction as half_cost() finds it (the same on a
             * well-formed grid). */
            gint cost = to >= 0 ? terrain_cost (st, mv, c, to, sg_dir_to (st, c, to), &h) : -1;

            /* G_MAXINT16 for a step refused outright, else the sum
             * (perhaps SG_MP_PROHIBITED or more, as half_cost() returns it). */
            st->enter[(c * 6 + d) * SG_N_MV + mv] = (gint16) (cost < 0 ? G_MAXINT16 : MIN (cost, G_MAXINT16 - 1));
            /* The hits are the same for every class that may enter. */
            if (cost >= 0)
              st->enter_hits[c * 6 + d] = (guint8) h;
          }
      }
}

/* SG 5.14–5.17, 5.22 (one half), 11.13: MP to enter @to from @from, or
 * SG_MP_PROHIBITED. */
static inline gint
half_cost_dir (const SgState *s,
               gint           mv,
               SgType         type,
               gint           from,
               gint           to,
               gint           d,
               gboolean       column,
               SgTerrainHits *hits)
{
  const SgStatic *st = s->st;
  gint cost;
  SgTerrainHits h;

  if (d >= 0)
    {
      cost = st->enter[(from * 6 + d) * SG_N_MV + mv];
      if (cost == G_MAXINT16)
        return SG_MP_PROHIBITED;
      h = st->enter_hits[from * 6 + d];
    }
  else
    {
      cost = terrain_cost (st, mv, from, to, d, &h);
      if (cost < 0)
        return SG_MP_PROHIBITED;
    }
  /* 11.13: elephants never inside a camp. */
  if (type == SG_T_EL && st->camp[to])
    return SG_MP_PROHIBITED;
  /* Light infantry and skirmishers take no terrain Hits (TEC note);
   * 11.22: Column avoids the avoidable ones. */
  if (sg_is_light (type) || sg_is_skirmisher (type) || (column && h == SG_HITS_PAREN))
    h = SG_HITS_NONE;
  if (hits != NULL)
    *hits = h;
  return cost;
}

/* half_cost_dir() with @d = sg_dir_to (@from, @to). */
static gint
half_cost (const SgState *s,
           gint           mv,
           SgType         type,
           gint           from,
           gint           to,
           gboolean       column,
           SgTerrainHits *hits)
{
  return half_cost_dir (s, mv, type, from, to, sg_dir_to (s->st, from, to), column, hits);
}

/* sg_enter_cost() for @to next to @from in direction @d (sg_dir_to()). */
static gint
enter_cost_dir (const SgState *s,
                gint           u,
                gint           from,
                gint           to,
                gint           d,
                SgTerrainHits *hits)
{
  const SgUnitDef *def = sg_def (s, u);

  return half_cost_dir (s, def->mv, def->type, from, to, d, (s->units[u].f & SG_UF_COLUMN) != 0, hits);
}

gint
sg_enter_cost (const SgState *s,
               gint           u,
               gint           from,
               gint           to,
               SgTerrainHits *hits)
{
  const SgUnitDef *d = sg_def (s, u);

  return half_cost (s, d->mv, d->type, from, to, (s->units[u].f & SG_UF_COLUMN) != 0, hits);
}

/* SG 4.21: leaders move as cavalry; they pay nothing to join a unit. */
gint
sg_leader_enter_cost (const SgState *s,
                      gint           from,
                      gint           to)
{
  return half_cost (s, SG_MV_CAVALRY, SG_T_RC, from, to, FALSE, NULL);
}

/* SG 6.12: the MP to turn a single-hex unit from vertex @from to @to. */
gint
sg_facing_cost (const SgState *s,
                gint           u,
                gint           from,
                gint           to)
{
  gint k = sg_mod6 (to - from);

  if (k == 0)
    return 0;
  switch (s->st->face_cost[sg_def (s, u)->type])
    {
    case SG_FACE_FREE:
      return 0;
    case SG_FACE_ANY:
      return 1;
    default:
      return MIN (k, 6 - k);
    }
}

/* The units that move together when @u acts: @u, and with @stack its
 * stack partner (5.12, 5.33). */
static guint
movers (const SgState *s,
        gint           u,
        gboolean       stack,
        gint          *out)
{
  gint p = sg_stack_partner (s, u);

  out[0] = u;
  if (stack && p >= 0)
    {
      out[1] = p;
      return 2;
    }
  return 1;
}

/* SG 5.12: one unit's (or stack's) movement is over before another's. */
void
sg_end_movement (SgState *s,
                 gint     u)
{
  gint p;

  if (u < 0)
    return;
  s->units[u].f |= SG_UF_DONE;
  p = sg_stack_partner (s, u);
  if (p >= 0 && (s->units[p].f & SG_UF_MOVED))
    s->units[p].f |= SG_UF_DONE;
  if (s->mover == u)
    {
      s->mover = -1;
      s->mover_path_len = 0;
    }
}

/* Records @cell as a cell the mover passed (7.11, SG-A14). */
static void
path_add (SgState *s,
          gint     cell)
{
  if (s->mover_path_len < SG_MAX_PATH)
    s->mover_path[s->mover_path_len++] = cell;
}

/* The unit @u starts acting: the previous mover's movement is over. */
static void
begin_unit (SgState *s,
            gint     u)
{
  if (s->lmover >= 0)
    s->lmover = -1;
  if (s->mover >= 0 && s->mover != u && s->mover != sg_stack_partner (s, u))
    sg_end_movement (s, s->mover);
  if (s->mover != u)
    {
      s->mover = u;
      s->mover_path_len = 0;
      path_add (s, s->units[u].cell);
    }
}

/**
 * sg_start_move_phase:
 * @s: a state
 *
 * SG 3.2-B: the phase begins: who starts in an enemy ZOC (6.14, 6.22) and
 * where each unit stands (10.23).
 */
void
sg_start_move_phase (SgState *s)
{
  s->mover = s->lmover = -1;
  s->mover_path_len = 0;
  for (guint u = 0; u < s->n_units; u++)
    {
      SgUnit *x = &s->units[u];

      x->f &= ~(SG_UF_MOVED | SG_UF_DONE | SG_UF_STOPPED | SG_UF_ZOC_PHASE | SG_UF_FIRED | SG_UF_SLID | SG_UF_RFACED);
      x->mp = 0;
      x->start_cell = x->cell;
      if (x->status == SG_U_MAP && (x->f & SG_UF_ACTIVATED) && sg_unit_in_enemy_zoc (s, u))
        x->f |= SG_UF_ZOC_PHASE;
    }
  for (guint l = 0; l < s->n_leaders; l++)
    {
      s->leaders[l].mp = 0;
      s->leaders[l].f &= ~SG_LF_MOVED;
    }
}

/* ---- Destinations ---- */

typedef struct
{
  gint cell, cell2, facing;
  gint cost;
  SgTerrainHits hits;
  gboolean stack_here;   /* ends stacked with a friend (5.33, 5.34) */
  gboolean pass;         /* passes through a friend (5.34) */
} Dest;

/* SG 4.12, 6.22, 10.23, 11.25, 11.3: restrictions on where a moving unit
 * may go, checked on its new hexes. */
static gboolean
restrictions_ok (const SgState *s,
                 gint           u,
                 const Dest    *d)
{
  const SgUnit *x = &s->units[u];
  const SgUnitDef *def = sg_def (s, u);
  gboolean adjacent = FALSE;

  for (gint k = 0; k < 2; k++)
    {
      gint c = k == 0 ? d->cell : d->cell2;

      if (c < 0)
        continue;
      if (sg_cell_adjacent_enemy (s, c, def->side))
        {
          /* The moving unit's own old hexes do not count: adjacency is to
           * enemy units, which it never is itself. */
          adjacent = TRUE;
        }
      /* 10.23, 10.55: cavalry and chariots never enter an elephant's ZOC. */
      if (sg_is_cavalry (def->type) || def->type == SG_T_CH)
        for (gint dd = 0; dd < 6; dd++)
          {
            gint n = sg_nb (s->st, c, dd), e = sg_top (s, n);

            if (e >= 0 && sg_def (s, e)->side != def->side && sg_def (s, e)->type == SG_T_EL
                && sg_cell_in_zoc_of (s, e, c))
              return FALSE;
          }
    }
  if (adjacent)
    {
      if (!(x->f & SG_UF_IN_COMMAND))
        return FALSE;                       /* 4.12 */
      if (x->f & SG_UF_ZOC_PHASE)
        return FALSE;                       /* 6.22 */
      if (x->f & SG_UF_COLUMN)
        return FALSE;                       /* 11.25 */
      if (def->triarii && !sg_triarii_may_close (s, def->side))
        return FALSE;                       /* 11.3 */
    }
  return TRUE;
}

/* Whether a unit at @cell facing @facing with @mp_left could step on to a
 * hex where it may end its move (5.34: passing through friends). */
static gboolean
can_continue (const SgState *s,
              gint           u,
              gint           cell,
              gint           facing,
              gint           mp_left)
{
  gint side = sg_def (s, u)->side;

  for (gint k = 0; k < 2; k++)
    {
      gint n = sg_nb (s->st, cell, facing + k);
      Dest d = { n, SG_NONE, facing, 0, 0, FALSE, FALSE };
      gint cost;

      if (n < 0 || enemy_at (s, n, side) || n == s->units[u].cell)
        continue;
      cost = half_cost (s, sg_def (s, u)->mv, sg_def (s, u)->type, cell, n, FALSE, NULL);
      if (friend_at (s, n, side, u))
        {
          gint o = sg_top (s, n);

          if (sg_bottom (s, n) >= 0 || !sg_may_stack (s, u, o))
            continue;
          cost += s->st->friendly_cost;
          if (s->units[o].facing >= 0)
            cost += sg_facing_cost (s, u, facing, s->units[o].facing);
        }
      if (cost > mp_left)
        continue;
      if (restrictions_ok (s, u, &d))
        return TRUE;
    }
  return FALSE;
}

/* Where a moving unit stands (real, or further along a line). */
typedef struct
{
  gint cell, cell2, facing;
  gint mp;              /* MP spent so far */
  gint extra;           /* MP still to be paid for "(h)" hexes avoided */
  gint m[2];            /* the units moving (movers()), as they stand */
  guint n;
  gint ma;              /* the least MA of them (5.12) */
} Pos;

static void
pos_now (const SgState *s,
         gint           u,
         gboolean       alone,
         Pos           *p)
{
  p->n = movers (s, u, !alone, p->m);
  p->cell = s->units[u].cell;
  p->cell2 = s->units[u].cell2;
  p->facing = s->units[u].facing;
  p->mp = 0;
  p->ma = G_MAXINT;
  for (guint i = 0; i < p->n; i++)
    {
      p->mp = MAX (p->mp, s->units[p->m[i]].mp);
      p->ma = MIN (p->ma, sg_ma (s, p->m[i]));
    }
  p->extra = 0;
}

/* Fills @d for unit @u (with its stack unless @alone) at @p stepping into
 * @to; FALSE when the step is not allowed (5.12–5.16, 5.22, 5.34, 11.24).
 * @extra MP more must remain (an "(h)" avoided, 5.17). */
static gboolean
step_from (const SgState *s,
           gint           u,
           gboolean       alone,
           gint           extra,
           const Pos     *p,
           gint           to,
           Dest          *d)
{
  const SgStatic *st = s->st;
  const SgUnit *x = &s->units[u];
  const SgUnitDef *def = sg_def (s, u);
  const gint *m = p->m;
  guint n = p->n;
  gint left = p->ma - p->mp;
  gint dir = sg_dir_to (st, p->cell, to);
  SgTerrainHits h2 = SG_HITS_NONE;

  memset (d, 0, sizeof *d);
  d->cell2 = SG_NONE;
  if (dir < 0 || to < 0)
    return FALSE;

  if (x->f & SG_UF_COLUMN)
    {
      /* 11.24: the front hex, or a front-flank hex with a free turn. */
      gint k = sg_mod6 (dir - p->facing);

      if (k != 0 && k != 1 && k != 5)
        return FALSE;
      d->cell = to;
      d->cell2 = p->cell2 >= 0 ? p->cell : SG_NONE;
      d->facing = dir;
      if (enemy_at (s, to, def->side) || friend_at (s, to, def->side, u))
        return FALSE;                       /* 11.26: no stacking */
      d->cost = enter_cost_dir (s, u, p->cell, to, dir, &d->hits);
    }
  else if (p->cell2 >= 0)
    {
      /* 5.23: both halves forward into new hexes. */
      gint k = sg_mod6 (dir - p->facing), to2;

      if (k > 1)
        return FALSE;
      to2 = sg_nb (st, p->cell2, dir);
      if (to2 < 0)
        return FALSE;
      d->cell = to;
      d->cell2 = to2;
      d->facing = p->facing;
      for (gint i = 0; i < 2; i++)
        {
          gint c = i == 0 ? to : to2, t = sg_top (s, c);

          if (t >= 0 && t != u)
            return FALSE;                   /* two-hex units never stack (5.32) */
        }
      /* 5.22: the greater cost and the worse Hits of the two hexes. */
      d->cost = MAX (enter_cost_dir (s, u, p->cell, to, dir, &d->hits), sg_enter_cost (s, u, p->cell2, to2, &h2));
      d->hits = MAX (d->hits, h2);
    }
  else
    {
      /* 5.13: a single-hex unit enters a Front hex only. */
      gint k = sg_mod6 (dir - p->facing);

      if (p->facing < 0 || k > 1)
        return FALSE;
      d->cell = to;
      d->facing = p->facing;
      if (enemy_at (s, to, def->side))
        return FALSE;                       /* 5.16 */
      d->cost = enter_cost_dir (s, u, p->cell, to, dir, &d->hits);
      for (guint i = 1; i < n; i++)
        {
          SgTerrainHits h;
          gint c = enter_cost_dir (s, m[i], p->cell, to, dir, &h);

          d->cost = MAX (d->cost, c);
          d->hits = MAX (d->hits, h);
        }
      if (d->cost < SG_MP_PROHIBITED && to != x->cell && friend_at (s, to, def->side, u))
        {
          gint o = sg_top (s, to);

          /* Nobody passes through a two-hex unit, and a hex never holds
           * three combat units, even in passing. */
          if (def->mv == SG_MV_TWO_HEX || s->units[o].cell2 >= 0 || n > 1 || sg_bottom (s, to) >= 0)
            return FALSE;
          d->cost += st->friendly_cost;     /* 5.16 */
          if (n == 1 && sg_bottom (s, to) < 0 && sg_may_stack (s, u, o))
            {
              d->stack_here = TRUE;
              /* 5.34: pay to match the stationary unit's facing. */
              if (s->units[o].facing >= 0)
                {
                  d->cost += sg_facing_cost (s, u, p->facing, s->units[o].facing);
                  d->facing = s->units[o].facing;
                }
            }
          else
            d->pass = TRUE;
        }
    }
  if (d->cost >= SG_MP_PROHIBITED || d->cost + extra + p->extra > left)
    return FALSE;
  /* 5.34, 6.22: passing through a friend needs a way on, and no stop in
   * an enemy ZOC there. */
  if (d->pass && (sg_in_enemy_zoc (s, to, def->side)
                  || !can_continue (s, u, to, p->facing, left - d->cost - extra - p->extra)))
    return FALSE;
  return restrictions_ok (s, u, d);
}

static gboolean
step_dest (const SgState *s,
           gint           u,
           gint           to,
           gboolean       alone,
           gint           extra,
           Dest          *d)
{
  Pos p;

  pos_now (s, u, alone, &p);
  return step_from (s, u, alone, extra, &p, to, d);
}

/* SG 5.12, 5.13, 6.22: a straight line of steps from where @u stands in
 * direction @dir; the hexes where it may stop are written to @out (with
 * their cumulative MP in @cost and whether an "(h)" lies on the way up to
 * there in @paren), at most @max.  The line ends where a step is not
 * allowed, in an enemy ZOC, or when the MP run out. */
static guint
line_moves (const SgState *s,
            gint           u,
            gboolean       alone,
            gboolean       avoid,
            gint           dir,
            gint          *out,
            gint          *cost,
            gboolean      *paren,
            guint          max)
{
  Pos p;
  guint n = 0;
  gboolean any_paren = FALSE;

  pos_now (s, u, alone, &p);
  while (n < max)
    {
      Dest d;
      gint to = sg_nb (s->st, p.cell, dir);

      if (to < 0 || !step_from (s, u, alone, 0, &p, to, &d))
        break;
      if (d.hits == SG_HITS_PAREN)
        {
          any_paren = TRUE;
          if (avoid)
            {
              p.extra++;
              if (!step_from (s, u, alone, 0, &p, to, &d))
                break;
            }
        }
      p.mp += d.cost;
      p.cell = d.cell;
      p.cell2 = d.cell2;
      p.facing = d.facing;
      if (!d.pass && (!avoid || any_paren))
        {
          out[n] = d.cell;
          cost[n] = p.mp + p.extra;
          paren[n] = any_paren;
          n++;
        }
      /* 6.22: entering an enemy ZOC ends the move; 5.34: a stack is made. */
      if (d.stack_here || sg_in_enemy_zoc (s, d.cell, sg_def (s, u)->side)
          || (d.cell2 >= 0 && sg_in_enemy_zoc (s, d.cell2, sg_def (s, u)->side)))
        break;
      if ((s->units[u].f & SG_UF_COLUMN) && dir != p.facing)
        break;                              /* a front-flank step turns the column */
    }
  return n;
}

/**
 * sg_pivot_half:
 * @s: a state
 * @u: a two-hex unit
 * @wheel: 0 to wheel left, 1 to wheel right
 *
 * SG 5.23: the half a pivot turns on: wheeling left, the left half
 * (looking toward the faced vertex) stays and the right half comes
 * forward.
 *
 * Returns: the cell that stays
 */
gint
sg_pivot_half (const SgState *s,
               gint           u,
               gint           wheel)
{
  const SgUnit *x = &s->units[u];
  gint left = x->cell2 == sg_nb (s->st, x->cell, x->facing - 1) ? x->cell2 : x->cell;

  return wheel == 0 ? left : (left == x->cell ? x->cell2 : x->cell);
}

/* SG 5.23, 5.24: a two-hex unit pivots on the half @around: the other half
 * swings into the Front hex both halves share. */
static gboolean
pivot_dest (const SgState *s,
            gint           u,
            gint           around,
            Dest          *d)
{
  const SgStatic *st = s->st;
  const SgUnit *x = &s->units[u];
  gint other = around == x->cell ? x->cell2 : x->cell;
  gint front[3], c = SG_NONE, left = sg_ma (s, u) - x->mp;
  guint n = sg_front_cells (s, u, front);

  memset (d, 0, sizeof *d);
  if (x->cell2 < 0 || (x->f & SG_UF_COLUMN) || (around != x->cell && around != x->cell2))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (sg_dir_to (st, x->cell, front[i]) >= 0 && sg_dir_to (st, x->cell2, front[i]) >= 0)
      c = front[i];
  if (c < 0 || sg_top (s, c) >= 0)
    return FALSE;
  d->cell = around;
  d->cell2 = c;
  /* The new facing: perpendicular to the new line, the old hex behind. */
  d->facing = SG_NONE;
  for (gint f = 0; f < 6; f++)
    if (sg_two_hex_ok (st, around, c, f))
      {
        gint fr[3];
        gboolean other_front = FALSE;
        Dest probe = { around, c, f, 0, 0, FALSE, FALSE };
        guint m = sg_front_at (s, u, probe.cell, probe.cell2, f, fr);

        for (guint i = 0; i < m; i++)
          other_front |= fr[i] == other;
        if (!other_front)
          d->facing = f;
      }
  if (d->facing < 0)
    return FALSE;
  d->cost = sg_enter_cost (s, u, other, c, &d->hits);
  if (x->f & SG_UF_STOPPED)
    {
      /* 5.24: after one half entered an enemy ZOC, the other may still
       * come forward for 2 MP, in Clear only, not at Double Depth, once. */
      gboolean clear = TRUE;
      gint cells[3] = { x->cell, x->cell2, c };

      if ((x->f & (SG_UF_SLID | SG_UF_DOUBLE)) || !sg_in_enemy_zoc (s, around, sg_def (s, u)->side)
          || sg_in_enemy_zoc (s, other, sg_def (s, u)->side))
        return FALSE;
      for (guint i = 0; i < 3; i++)
        clear &= st->terrain[cells[i]] == 0 && st->mv_cost[st->terrain[cells[i]]][SG_MV_TWO_HEX] == 1;
      if (!clear || st->edges[other * 6 + sg_dir_to (st, other, c)] != 0)
        return FALSE;
      d->cost = 2;
    }
  if (d->cost >= SG_MP_PROHIBITED || d->cost > left)
    return FALSE;
  return restrictions_ok (s, u, d);
}

/* SG 6.14, SG-A13: may @u change facing now (and must it then leave)? */
static gboolean
may_turn (const SgState *s,
          gint           u,
          gboolean      *must_leave)
{
  const SgUnit *x = &s->units[u];

  *must_leave = FALSE;
  if (x->f & SG_UF_STOPPED)
    return FALSE;                           /* after entering an enemy ZOC */
  if ((x->f & SG_UF_ZOC_PHASE) && x->cell == x->start_cell && sg_enemy_in_zoc (s, u))
    {
      if (!(x->f & SG_UF_IN_COMMAND))
        return FALSE;
      *must_leave = TRUE;
    }
  return TRUE;
}

/* ---- Legal actions ---- */

static void
add (GArray *out,
     guint   type,
     gint    player,
     gint    a0,
     gint    a1,
     gint    a2,
     gint    a3)
{
  sg_add_action (out, type, player, a0, a1, a2, a3);
}

/* SG 10.3: @rear stands directly behind @front, both Phalanx or both
 * Hoplites of a side that may form Double Depth, the same facing, and
 * neither has moved in this activation. */
gboolean
sg_double_depth_ok (const SgState *s,
                    gint           front,
                    gint           rear)
{
  const SgUnit *f = &s->units[front], *r = &s->units[rear];
  const SgUnitDef *df = sg_def (s, front), *dr = sg_def (s, rear);
  gint back;

  if (front == rear || df->side != dr->side || df->type != dr->type || (df->type != SG_T_PH && df->type != SG_T_HO)
      || !s->st->sides[df->side].double_depth || f->status != SG_U_MAP || r->status != SG_U_MAP
      || ((f->f | r->f) & (SG_UF_DOUBLE | SG_UF_COLUMN)) || f->facing != r->facing || f->facing < 0)
    return FALSE;
  for (gint k = 3; k <= 4; k++)
    {
      back = sg_nb (s->st, f->cell, f->facing + k);
      if (back < 0 || back != r->cell)
        continue;
      if (f->cell2 < 0 && r->cell2 < 0)
        return TRUE;
      if (f->cell2 >= 0 && r->cell2 >= 0 && sg_nb (s->st, f->cell2, f->facing + k) == r->cell2)
        return TRUE;
    }
  return FALSE;
}

/* The facings a unit may take with one COLUMN action (11.21, 11.23):
 * entering, the hexside faced; leaving, the vertex faced. */
static guint
column_facings (const SgState *s,
                gint           u,
                gint          *out)
{
  const SgUnit *x = &s->units[u];

  if (x->f & SG_UF_COLUMN)
    {
      if (x->cell2 >= 0)
        {
          out[0] = sg_mod6 ((x->f & SG_UF_TOP_RIGHT) ? x->facing + 1 : x->facing + 4);
          return 1;
        }
      out[0] = sg_mod6 (x->facing - 1);
      out[1] = x->facing;
      return 2;
    }
  if (x->cell2 >= 0)
    {
      /* The march runs along the counter: either end leads. */
      out[0] = sg_dir_to (s->st, x->cell2, x->cell);
      out[1] = sg_dir_to (s->st, x->cell, x->cell2);
      return 2;
    }
  out[0] = x->facing;
  out[1] = sg_mod6 (x->facing + 1);
  return 2;
}

/**
 * sg_unit_moves:
 * @s: a state
 * @u: a unit that may act (sg_unit_may_move())
 * @out: array of AciesAction to append to
 *
 * The movement actions of @u (steps, pivots, turns, stack order, Column,
 * Double Depth) and its fire (acies-sg-missile.c).
 */
void
sg_unit_moves (const SgState *s,
               gint           u,
               GArray        *out)
{
  const SgUnit *x = &s->units[u];
  const SgUnitDef *def = sg_def (s, u);
  gint player = def->side, p = sg_stack_partner (s, u);
  gboolean stacked = p >= 0, must_leave = FALSE, turn_ok;
  gboolean artillery = def->type == SG_T_ART;
  gint left = sg_ma (s, u) - x->mp;
  Dest d;

  /* Only the top unit of a stack acts (5.33); the bottom moves with it;
   * a unit with a friend passing through waits. */
  if (sg_partner (s, u) >= 0 && sg_top (s, x->cell) != u)
    return;
  /* 4.12, 6.22: out of command next to the enemy, it may not leave. */
  if (!(x->f & SG_UF_IN_COMMAND) && sg_adjacent_enemy (s, u))
    left = 0;
  /* 7.11: non-skirmisher infantry archers and artillery move or fire. */
  if ((x->f & SG_UF_FIRED) && sg_is_archer (def) && sg_is_infantry (def->type) && !sg_is_skirmisher (def->type))
    left = 0;
  if (x->f & (SG_UF_H_AND_R))
    left = 0;                               /* 7.16: it used its whole MA */

  if (left > 0 && !artillery)
    {
      /* Steps (5.13, 11.24), as straight lines of any length. */
      gint dirs[3], nd = 0;

      if (x->f & SG_UF_COLUMN)
        {
          dirs[nd++] = x->facing;
          dirs[nd++] = sg_mod6 (x->facing - 1);
          dirs[nd++] = sg_mod6 (x->facing + 1);
        }
      else if (x->facing >= 0)
        {
          dirs[nd++] = x->facing;
          dirs[nd++] = sg_mod6 (x->facing + 1);
        }
      if (!(x->f & SG_UF_STOPPED))
        for (gint i = 0; i < nd; i++)
          for (gint alone = 0; alone <= (stacked ? 1 : 0); alone++)
            {
              gint cells[SG_MAX_PATH], costs[SG_MAX_PATH];
              gboolean paren[SG_MAX_PATH], any_paren = FALSE;
              AciesAction steps[SG_MAX_PATH];   /* appended at once */
              guint n = line_moves (s, u, alone, FALSE, dirs[i], cells, costs, paren,
                                    (x->f & SG_UF_COLUMN) && i > 0 ? 1 : SG_MAX_PATH);

              for (guint k = 0; k < n; k++)
                {
                  sg_set_action (&steps[k], SG_A_STEP, player, u, cells[k], -1, alone ? 1 : -1);
                  any_paren |= paren[k];
                }
              g_array_append_vals (out, steps, n);
              /* 5.17: "(h)" avoided by one more MP each. */
              if (any_paren)
                {
                  n = line_moves (s, u, alone, TRUE, dirs[i], cells, costs, paren,
                                  (x->f & SG_UF_COLUMN) && i > 0 ? 1 : SG_MAX_PATH);
                  for (guint k = 0; k < n; k++)
                    sg_set_action (&steps[k], SG_A_STEP, player, u, cells[k], 1, alone ? 1 : -1);
                  g_array_append_vals (out, steps, n);
                }
            }
      /* Pivots (5.23, 5.24). */
      if (x->cell2 >= 0 && !(x->f & SG_UF_COLUMN))
        for (gint wheel = 0; wheel < 2; wheel++)
          if (pivot_dest (s, u, sg_pivot_half (s, u, wheel), &d))
            add (out, SG_A_PIVOT, player, u, d.cell2, wheel, -1);
    }

  /* Facing changes (6.12, 6.13, 6.14). */
  /* One facing change does what two in a row would. */
  turn_ok = !artillery && x->facing >= 0 && !(x->f & SG_UF_TURNED) && may_turn (s, u, &must_leave);
  if (turn_ok && x->cell2 >= 0 && !(x->f & SG_UF_COLUMN))
    {
      /* 6.13: reverse face for 3 MP, not with an enemy in its ZOC, not at
       * Double Depth. */
      if (left >= 3 && !(x->f & SG_UF_DOUBLE) && !sg_enemy_in_zoc (s, u) && !must_leave)
        add (out, SG_A_TURN, player, u, sg_mod6 (x->facing + 3), -1, -1);
    }
  else if (turn_ok && x->cell2 < 0)
    {
      AciesAction turns[6];             /* appended at once */
      guint n_turns = 0;

      for (gint f = 0; f < 6; f++)
        {
          gint cost = sg_facing_cost (s, u, x->facing, f);

          if (f == x->facing || cost > left)
            continue;
          if ((x->f & SG_UF_COLUMN) && x->cell2 >= 0)
            continue;
          if (must_leave)
            {
              /* SG-A13: only to leave the hex at once. */
              SgState *tmp = (SgState *) s;
              gint8 old = tmp->units[u].facing;
              gboolean leaves = FALSE;

              tmp->units[u].facing = f;
              tmp->units[u].mp += cost;
              for (gint k = 0; k <= 1 && !leaves; k++)
                {
                  gint n = sg_nb (s->st, x->cell, f + k);
                  Dest dd;

                  leaves = n >= 0 && step_dest (s, u, n, FALSE, 0, &dd) && !dd.pass;
                }
              tmp->units[u].facing = old;
              tmp->units[u].mp -= cost;
              if (!leaves)
                continue;
            }
          sg_set_action (&turns[n_turns++], SG_A_TURN, player, u, f, -1, -1);
        }
      g_array_append_vals (out, turns, n_turns);
    }

  /* 5.33: swap the stack's order, 2 MP. */
  if (stacked && left >= 2 && sg_ma (s, p) - s->units[p].mp >= 2)
    add (out, SG_A_SWAP, player, u, -1, -1, -1);

  /* 11.21: into or out of Column at the end of its move, 1 MP, not next
   * to an enemy, not stacked. */
  if (s->st->opt.column_rule && s->st->column_ok[def->type] && !stacked && left >= 1 && !(x->f & SG_UF_DOUBLE)
      && !sg_adjacent_enemy (s, u) && x->facing >= 0)
    {
      gint fs[2];
      guint n = column_facings (s, u, fs);

      for (guint i = 0; i < n; i++)
        if (fs[i] >= 0)
          add (out, SG_A_COLUMN, player, u, fs[i], -1, -1);
    }

  /* 10.3: Double Depth with a unit directly behind, neither moved. */
  if (!(x->f & SG_UF_MOVED) && s->st->sides[player].double_depth)
    for (guint r = 0; r < s->n_units; r++)
      if ((s->units[r].f & SG_UF_ACTIVATED) && !(s->units[r].f & (SG_UF_MOVED | SG_UF_DONE))
          && sg_double_depth_ok (s, u, r))
        add (out, SG_A_DOUBLE_DEPTH, player, u, r, -1, -1);
}

static gboolean
leader_may_move (const SgState *s,
                 gint           l)
{
  const SgLeader *x = &s->leaders[l];

  if (x->status != SG_L_MAP || !(x->f & SG_LF_ACTIVATED) || s->phase != SG_PH_MOVE)
    return FALSE;
  /* 4.31: a leader who went along with his unit does not move again. */
  if (x->unit >= 0 && (s->units[x->unit].f & SG_UF_MOVED) && !(x->f & SG_LF_MOVED))
    return FALSE;
  return x->mp < sg_leader_ma (s, l);
}

/* SG 4.31, 4.34: a leader at @from having spent @mp steps alone into the
 * adjacent @to; its cost, or -1. */
static gint
leader_step_cost (const SgState *s,
                  gint           l,
                  gint           from,
                  gint           mp,
                  gint           to)
{
  gint side = s->st->leaders[l].side, cost;

  if (to < 0 || enemy_at (s, to, side))
    return -1;
  cost = sg_leader_enter_cost (s, from, to);
  if (cost >= SG_MP_PROHIBITED || mp + cost > sg_leader_ma (s, l))
    return -1;
  if (sg_cell_adjacent_enemy (s, to, side) && !friend_at (s, to, side, SG_NONE))
    return -1;
  return cost;
}

/* SG 5.31, 5.34: a unit passing through friends must go on; its steps
 * on are then the only legal actions (TRUE). */
static gboolean
forced_moves (const SgState *s,
              GArray        *out)
{
  guint before = out->len, j = before;
  gboolean must_go_on = FALSE;

  if (s->mover < 0 || !sg_on_map (s, s->mover) || sg_partner (s, s->mover) < 0
      || sg_may_stack (s, s->mover, sg_partner (s, s->mover)))
    return FALSE;
  sg_unit_moves (s, s->mover, out);
  for (guint i = before; i < out->len; i++)
    must_go_on |= g_array_index (out, AciesAction, i).type == SG_A_STEP;
  if (!must_go_on)
    {
      g_array_set_size (out, before);
      return FALSE;
    }
  for (guint i = before; i < out->len; i++)
    if (g_array_index (out, AciesAction, i).type == SG_A_STEP)
      g_array_index (out, AciesAction, j++) = g_array_index (out, AciesAction, i);
  g_array_set_size (out, j);
  return TRUE;
}

/* SG 3.2-B, 7.11, 7.15, 7.16, 11.15: the moves and the Missile Fire of
 * the active unit @u (nothing when it may not act). */
static void
unit_actions (const SgState *s,
              gint           u,
              GArray        *out)
{
  gint side = s->base.active_side;

  if (sg_def (s, u)->side != side || !sg_unit_may_move (s, u))
    return;
  sg_unit_moves (s, u, out);
  /* Missile fire (7.11, 7.16), and 11.15 from a rampart or tower. */
  if (!(s->units[u].f & SG_UF_FIRED) && (sg_def (s, u)->may_fire || sg_on_rampart (s, u)))
    for (guint t = 0; t < s->n_units; t++)
      if (sg_def (s, t)->side != side && sg_on_map (s, t) && sg_unit_dist (s, u, t) <= 6)
        {
          if (sg_fire_ok (s, u, t, FALSE))
            sg_add_action (out, SG_A_FIRE, side, u, t, -1, -1);
          if (sg_hit_and_run_ok (s, u, t))
            sg_add_action (out, SG_A_HIT_AND_RUN, side, u, t, -1, -1);
        }
  /* 7.15: at a leader alone in a hex. */
  if (!(s->units[u].f & SG_UF_FIRED) && sg_def (s, u)->may_fire)
    for (guint l = 0; l < s->n_leaders; l++)
      if (s->st->leaders[l].side != side && sg_lone_leader (s, l)
          && sg_cell_unit_dist (s, s->leaders[l].cell, u) <= 6 && sg_fire_leader_ok (s, u, s->leaders[l].cell))
        {
          gboolean dup = FALSE;

          for (guint k = 0; k < l; k++)
            dup |= s->leaders[k].cell == s->leaders[l].cell && sg_lone_leader (s, k)
                   && s->st->leaders[k].side != side;
          if (!dup)
            sg_add_action (out, SG_A_FIRE, side, u, -1, s->leaders[l].cell, -1);
        }
}

/* SG 4.31, 4.34: the moves of the active leader @l alone, as straight
 * lines (a path of several is several moves). */
static void
leader_actions (const SgState *s,
                gint           l,
                GArray        *out)
{
  gint side = s->base.active_side;

  if (s->st->leaders[l].side != side || !leader_may_move (s, l))
    return;
  for (gint d = 0; d < 6; d++)
    {
      gint c = s->leaders[l].cell, mp = s->leaders[l].mp;
      AciesAction steps[SG_MAX_PATH];   /* appended at once */
      guint n = 0;

      for (gint k = 0; k < SG_MAX_PATH; k++)
        {
          gint to = sg_nb (s->st, c, d), cost = leader_step_cost (s, l, c, mp, to);

          if (cost < 0)
            break;
          mp += cost;
          c = to;
          sg_set_action (&steps[n++], SG_A_LEADER_STEP, side, l, c, -1, -1);
        }
      g_array_append_vals (out, steps, n);
    }
}

/**
 * sg_move_legal:
 * @s: a state in SG_ST_MOVE
 * @out: array of AciesAction to append to
 *
 * SG 3.2-B: every activated unit's moves and fire, leaders moving alone,
 * and the end of the phase.
 */
void
sg_move_legal (const SgState *s,
               GArray        *out)
{
  if (forced_moves (s, out))
    return;
  for (guint u = 0; u < s->n_units; u++)
    unit_actions (s, u, out);
  for (guint l = 0; l < s->n_leaders; l++)
    leader_actions (s, l, out);
  sg_add_action (out, SG_A_END_MOVE, s->base.active_side, -1, -1, -1, -1);
}

/* The enemy hexes of a random player's draw (draw_toward_enemy()), in
 * the order of their distance from the moving unit's hex @from, so that a
 * search for the nearest stops early: a hex @delta away from @from is at
 * least (distance from @from) − @delta from each of them. */
#define NEAR_BUCKETS 64

typedef struct
{
  gint  from;
  guint n;
  gint  cell[SG_MAX_UNITS];
  gint  low[SG_MAX_UNITS];      /* distance from @from, at most NEAR_BUCKETS − 1 */
} Enemies;

/* The distance from @cell to the nearest of @e's hexes, G_MAXINT for
 * none. */
static gint
nearest_enemy (const SgStatic *st,
               const Enemies  *e,
               gint            cell)
{
  gint delta = e->from >= 0 ? sg_dist (st, e->from, cell) : 0, best = G_MAXINT;

  for (guint i = 0; i < e->n && best > 0; i++)
    {
      if (e->from >= 0 && e->low[i] - delta >= best)
        break;
      best = MIN (best, sg_dist (st, cell, e->cell[i]));
    }
  return best;
}

/* How near the enemy @action leaves its unit: the distance from where it
 * goes (a move, a wheel), or from the hexes its new front faces (a turn),
 * to the nearest of the enemy hexes @e; -1 for fire (the enemy is
 * reached); G_MAXINT for what goes nowhere (a swap, a Column). */
static gint
nearness (const SgState     *s,
          const AciesAction *action,
          const Enemies     *e)
{
  gint cells[2] = { -1, -1 }, best = G_MAXINT;

  switch (action->type)
    {
    case SG_A_FIRE:
    case SG_A_HIT_AND_RUN:
      return -1;
    case SG_A_STEP:
    case SG_A_PIVOT:
      cells[0] = action->args[1];
      break;
    case SG_A_TURN:
      cells[0] = sg_nb (s->st, s->units[action->args[0]].cell, action->args[1]);
      cells[1] = sg_nb (s->st, s->units[action->args[0]].cell, action->args[1] + 1);
      break;
    default:
      return G_MAXINT;
    }
  for (guint k = 0; k < 2 && best > 0; k++)
    if (cells[k] >= 0)
      best = MIN (best, nearest_enemy (s->st, e, cells[k]));
  return best;
}

/* A random player who seeks battle (sg_move_random()): three times in
 * four, one of @actions (all of one unit's) that brings the unit nearest
 * to the enemy or fires, when one brings it nearer than it stands; else
 * one drawn uniformly. */
static const AciesAction *
draw_toward_enemy (const SgState *s,
                   const GArray  *actions,
                   GRand         *rand)
{
  const AciesAction *first = &g_array_index (actions, AciesAction, 0);
  gint enemy[SG_MAX_UNITS], low[SG_MAX_UNITS], here = G_MAXINT, best = G_MAXINT, u = first->args[0];
  guint n = 0, n_best = 0, pick, count[NEAR_BUCKETS + 1] = { 0 };
  gint side, *near, top = 0;
  Enemies e;

  if (g_rand_int_range (rand, 0, 4) == 0 || first->type == SG_A_END_MOVE || u < 0 || (guint) u >= s->n_units)
    return &g_array_index (actions, AciesAction, g_rand_int_range (rand, 0, actions->len));
  side = sg_def (s, u)->side;
  for (guint i = 0; i < s->st->n_side_units[1 - side]; i++)
    {
      guint t = s->st->side_units[1 - side][i];

      if (!sg_on_map (s, t))
        continue;
      enemy[n++] = s->units[t].cell;
      if (s->units[t].cell2 >= 0 && n < G_N_ELEMENTS (enemy))
        enemy[n++] = s->units[t].cell2;
      if (n >= G_N_ELEMENTS (enemy) - 1)
        break;
    }
  /* The enemy hexes by their distance from the unit (a counting sort). */
  e.from = s->units[u].cell;
  e.n = n;
  for (guint i = 0; i < n; i++)
    {
      gint d = e.from >= 0 ? sg_dist (s->st, e.from, enemy[i]) : 0;

      here = MIN (here, d);
      low[i] = MIN (d, NEAR_BUCKETS - 1);
      top = MAX (top, low[i]);
      count[low[i] + 1]++;
    }
  for (gint b = 1; b <= top + 1; b++)
    count[b] += count[b - 1];
  for (guint i = 0; i < n; i++)
    {
      guint at = count[low[i]]++;

      e.cell[at] = enemy[i];
      e.low[at] = low[i];
    }
  if (e.from < 0)
    here = G_MAXINT;
  near = g_newa (gint, actions->len);
  for (guint i = 0; i < actions->len; i++)
    {
      near[i] = nearness (s, &g_array_index (actions, AciesAction, i), &e);
      if (near[i] < best)
        best = near[i], n_best = 0;
      n_best += near[i] == best;
    }
  if (best >= here)
    return &g_array_index (actions, AciesAction, g_rand_int_range (rand, 0, actions->len));
  pick = (guint) g_rand_int_range (rand, 0, n_best);
  for (guint i = 0; i < actions->len; i++)
    if (near[i] == best && pick-- == 0)
      return &g_array_index (actions, AciesAction, i);
  g_assert_not_reached ();
}

/**
 * sg_move_random:
 * @s: a state in SG_ST_MOVE
 * @rand: the random source
 * @out: (out): the action drawn
 *
 * A legal action of sg_move_legal() drawn without listing them all (the
 * random_action vfunc, as Four Battles draws): every unit and leader that
 * may still act in this Movement/Missile Fire Phase (SG 3.2-B, 5.12)
 * counts once, and the end of the phase once; the unit moving now (5.12)
 * goes on three times in four before that draw.  A unit drawn then plays as
 * a random player who seeks battle: three times in four it takes one of
 * its actions that bring it nearest the enemy (a move, a wheel, a turn to
 * face him, fire), when one brings it nearer than it stands; otherwise
 * (and a leader always) one of its actions drawn uniformly.  A piece
 * without an action is set aside and another drawn.
 *
 * Returns: %FALSE when there is no legal action
 */
gboolean
sg_move_random (const SgState *s,
                GRand         *rand,
                AciesAction   *out)
{
  GArray *actions = sg_scratch_actions (0);
  gint cands[SG_MAX_UNITS + SG_MAX_LEADERS + 1], n_cands = 0;
  gint side = s->base.active_side;

  if (forced_moves (s, actions))
    {
      *out = g_array_index (actions, AciesAction, g_rand_int_range (rand, 0, actions->len));
      return TRUE;
    }
  /* The unit moving now goes on three times in four (5.12: another
   * unit's action would end its move). */
  if (s->mover >= 0 && sg_unit_may_move (s, s->mover) && g_rand_int_range (rand, 0, 4) != 0)
    {
      unit_actions (s, s->mover, actions);
      if (actions->len > 0)
        {
          *out = *draw_toward_enemy (s, actions, rand);
          return TRUE;
        }
    }
  /* Units as 0 … n_units − 1, leaders after them, the end as −1. */
  for (guint i = 0; i < s->st->n_side_units[side]; i++)
    if (sg_unit_may_move (s, s->st->side_units[side][i]))
      cands[n_cands++] = (gint) s->st->side_units[side][i];
  for (guint l = 0; l < s->n_leaders; l++)
    if (s->st->leaders[l].side == side && leader_may_move (s, l))
      cands[n_cands++] = (gint) (s->n_units + l);
  cands[n_cands++] = -1;
  while (n_cands > 0)
    {
      gint k = g_rand_int_range (rand, 0, n_cands), c = cands[k];

      g_array_set_size (actions, 0);
      if (c < 0)
        sg_add_action (actions, SG_A_END_MOVE, side, -1, -1, -1, -1);
      else if (c < (gint) s->n_units)
        unit_actions (s, c, actions);
      else
        leader_actions (s, c - (gint) s->n_units, actions);
      if (actions->len > 0)
        {
          *out = c >= 0 && c < (gint) s->n_units ? *draw_toward_enemy (s, actions, rand)
                 : g_array_index (actions, AciesAction, g_rand_int_range (rand, 0, actions->len));
          return TRUE;
        }
      cands[k] = cands[--n_cands];
    }
  return FALSE;
}

/* ---- Applying ---- */

/* SG 5.17, 5.35: terrain Hits on the units that moved (a stack: both). */
static void
terrain_hits (SgState    *s,
              const gint *m,
              guint       n,
              AciesDice  *dice,
              GPtrArray  *events)
{
  for (guint i = 0; i < n; i++)
    if (sg_on_map (s, m[i]))
      sg_add_hits (s, m[i], 1, SG_NONE, dice, events, "SG 5.17");
}

/* Leaders go with the units that moved; a lone leader in a hex a unit
 * enters is stacked with it from now on (4.31, 4.32). */
static void
move_leaders (SgState    *s,
              const gint *m,
              guint       n)
{
  for (guint i = 0; i < n; i++)
    sg_carry_leaders (s, m[i]);
  for (guint l = 0; l < s->n_leaders; l++)
    {
      SgLeader *x = &s->leaders[l];

      if (x->status == SG_L_MAP && x->unit < 0 && s->st->leaders[l].side == sg_def (s, m[0])->side
          && (x->cell == s->units[m[0]].cell || (s->units[m[0]].cell2 >= 0 && x->cell == s->units[m[0]].cell2)))
        x->unit = m[0];
    }
}

/* The direction from @from along which @to lies on a straight line, -1. */
static gint
line_dir (const SgStatic *st,
          gint            from,
          gint            to)
{
  for (gint d = 0; d < 6; d++)
    {
      gint c = from;

      for (gint k = 0; k < SG_MAX_PATH && c >= 0; k++)
        {
          c = sg_nb (st, c, d);
          if (c == to)
            return d;
        }
    }
  return -1;
}

/* SG 5.12, 5.31, 5.34: a reaction blocked the mover's line (a sidestep
 * into the way).  Standing in a friend's hex it may not stack with, with
 * no step on, it falls back along its path to the last hex it may hold. */
static void
blocked (SgState   *s,
         gint       u,
         GPtrArray *events)
{
  gint p = sg_partner (s, u);
  g_autoptr(GArray) moves = NULL;
  gboolean on = FALSE;

  /* TRANSLATORS: a line of the game log (SG 5.12). Slots in order: %s: a unit's name. */
  acies_events_add (events, "move-blocked", "SG 5.12", sg_def (s, u)->side, _("%s cannot move on"), sg_unit_name (s, u));
  if (p < 0 || sg_may_stack (s, u, p))
    return;
  moves = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  sg_unit_moves (s, u, moves);
  for (guint i = 0; i < moves->len; i++)
    on |= g_array_index (moves, AciesAction, i).type == SG_A_STEP;
  if (on)
    return;                                 /* it must go on another way */
  for (gint i = s->mover_path_len - 2; i >= 0; i--)
    {
      gint c = s->mover_path[i], t = sg_top (s, c);

      if (t < 0 || (t != u && sg_bottom (s, c) < 0 && sg_may_stack (s, u, t)))
        {
          sg_lift (s, u);
          sg_place (s, u, c, SG_NONE, FALSE);
          if (t >= 0 && s->units[t].facing >= 0)
            s->units[u].facing = s->units[t].facing;
          sg_carry_leaders (s, u);
          s->mover_path_len = i + 1;
          /* TRANSLATORS: a line of the game log (SG 5.34). Slots in order: %s: a unit's name; %s: a
           * hex or square label. */
          acies_events_add (events, "move-back", "SG 5.34", sg_def (s, u)->side, _("%s falls back to %s"),
                            sg_unit_name (s, u), sg_cell_label (s, c));
          sg_end_movement (s, u);
          return;
        }
    }
}

/**
 * sg_move_execute:
 * @s: a state whose s->react holds the pending step
 * @dice: the dice
 * @events: (nullable): events
 *
 * Carries out one step or pivot of the mover (after the inactive
 * player's pre-step reactions, 6.15, 7.21): pays its MP, applies terrain
 * Hits (5.17), stops the unit in an enemy ZOC (6.22), then opens the
 * post-step reactions (7.22, 5.36, 4.35, 7.24) and goes on along its
 * line.
 */
void
sg_move_execute (SgState   *s,
                 AciesDice *dice,
                 GPtrArray *events)
{
  SgReact *r = &s->react;
  gint u = r->mover, m[2];
  guint n;
  gboolean alone = (r->avoid & 2) != 0, avoid = (r->avoid & 1) != 0;
  Dest d;
  gint from = s->units[u].cell, from2 = s->units[u].cell2;
  gboolean ok, avoided = FALSE;
  g_autofree char *name = NULL;

  s->step = SG_ST_MOVE;
  if (!sg_on_map (s, u))
    {
      /* 7.21, SG-A19: routed by reaction fire before it moved. */
      if (s->mover == u)
        s->mover = -1;
      sg_sync (s);
      return;
    }
  n = movers (s, u, !alone, m);
  ok = r->action == SG_A_PIVOT ? pivot_dest (s, u, sg_pivot_half (s, u, r->facing), &d)
                               : step_dest (s, u, r->to, alone, 0, &d);
  if (ok && avoid && d.hits == SG_HITS_PAREN && r->action != SG_A_PIVOT
      && step_dest (s, u, r->to, alone, 1, &d))
    avoided = TRUE;
  if (!ok)
    {
      /* A reaction changed the ground (a sidestep into the way): the move
       * stops here. */
      blocked (s, u, events);
      sg_sync (s);
      return;
    }
  name = sg_ev_unit (s, u, events);
  if (avoided)
    d.cost += 1;
  if (r->action == SG_A_PIVOT && (s->units[u].f & SG_UF_STOPPED))
    s->units[u].f |= SG_UF_SLID;
  for (guint i = 0; i < n; i++)
    sg_lift (s, m[i]);
  for (guint i = 0; i < n; i++)
    {
      SgUnit *x = &s->units[m[i]];

      /* 5.33: a unit moving in to stack goes under (one passing through
       * stays on top: it must move on, 5.34). */
      sg_place (s, m[i], d.cell, d.cell2, d.pass);
      x->facing = d.facing;
      x->mp += d.cost;
      x->f |= SG_UF_MOVED | SG_UF_TO_ATTACK;
      x->f &= ~SG_UF_TURNED;
    }
  move_leaders (s, m, n);
  path_add (s, d.cell);
  if (r->action == SG_A_PIVOT)
    acies_events_add (events, "move", "SG 5.23", sg_def (s, u)->side,
                      /* TRANSLATORS: a line of the game log (SG 5.23). Slots in order: %s: a unit's
                       * name; %s: a hex or square label; %d: the movement points spent. */
                      _("%s wheels into %s (%d MP)"), name, sg_cell_label (s, d.cell2), d.cost);
  else
    acies_events_add (events, "move", "SG 5.12", sg_def (s, u)->side,
                      /* TRANSLATORS: a line of the game log (SG 5.12). Slots in order: %s: a unit's
                       * name; %s: a hex or square label; %d: the movement points spent. */
                      _("%s moves to %s (%d MP)"), name, sg_cell_label (s, d.cell), d.cost);
  /* 5.17: terrain Hits ("(h)" avoided by paying 1 MP more). */
  if (d.hits == SG_HITS_H || (d.hits == SG_HITS_PAREN && !avoided))
    terrain_hits (s, m, n, dice, events);
  if (!sg_on_map (s, u))
    {
      s->mover = -1;
      sg_sync (s);
      return;
    }
  /* 6.22: entering an enemy ZOC ends the move. */
  if (sg_unit_in_enemy_zoc (s, u))
    for (guint i = 0; i < n; i++)
      s->units[m[i]].f |= SG_UF_STOPPED;
  r->from_cells[0] = from;
  r->from_cells[1] = from2;
  if (!sg_react_open (s, SG_RX_POST_STEP))
    sg_move_next (s, dice, events);
}

/* The next step along the mover's line (5.12), or the end of it. */
void
sg_move_next (SgState   *s,
              AciesDice *dice,
              GPtrArray *events)
{
  SgReact *r = &s->react;
  gint u = r->mover, next;
  Dest d;

  s->step = SG_ST_MOVE;
  if (r->action != SG_A_STEP || u < 0 || !sg_on_map (s, u) || s->units[u].cell == r->final || r->final < 0
      || (s->units[u].f & SG_UF_STOPPED) || r->dir < 0)
    {
      sg_sync (s);
      return;
    }
  next = sg_nb (s->st, s->units[u].cell, r->dir);
  if (next < 0 || !step_dest (s, u, next, (r->avoid & 2) != 0, 0, &d))
    {
      blocked (s, u, events);
      sg_sync (s);
      return;
    }
  r->to = next;
  if (!sg_react_open (s, SG_RX_PRE_STEP))
    sg_move_execute (s, dice, events);
}

/* The hexes of a leader's line, for get_action_path. */
gboolean
sg_leader_path (const SgState     *s,
                const AciesAction *a,
                GArray            *cells,
                gint              *cost)
{
  gint l = a->args[0], c, mp, dir;

  if (l < 0 || (guint) l >= s->n_leaders || s->leaders[l].cell < 0)
    return FALSE;
  c = s->leaders[l].cell;
  mp = s->leaders[l].mp;
  dir = line_dir (s->st, c, a->args[1]);
  if (dir < 0)
    return FALSE;
  g_array_append_val (cells, c);
  while (c != a->args[1] && cells->len < SG_MAX_PATH)
    {
      gint to = sg_nb (s->st, c, dir), k = leader_step_cost (s, l, c, mp, to);

      if (k < 0)
        break;
      mp += k;
      c = to;
      g_array_append_val (cells, c);
    }
  if (cost != NULL)
    *cost = mp - s->leaders[l].mp;
  return c == a->args[1];
}

/**
 * sg_step_path:
 * @s: a state
 * @a: a STEP or PIVOT action
 * @cells: (out caller-allocates): the hexes, from the unit's to the last
 * @cost: (out) (optional): the MP
 *
 * Returns: %TRUE for a move action of a unit on the map
 */
gboolean
sg_step_path (const SgState     *s,
              const AciesAction *a,
              GArray            *cells,
              gint              *cost)
{
  gint u = a->args[0];

  if (u < 0 || (guint) u >= s->n_units || !sg_on_map (s, u))
    return FALSE;
  if (a->type == SG_A_PIVOT)
    {
      Dest d;
      gint stay = sg_pivot_half (s, u, a->args[2]);
      gint moving = stay == s->units[u].cell ? s->units[u].cell2 : s->units[u].cell;

      if (!pivot_dest (s, u, stay, &d))
        return FALSE;
      g_array_append_val (cells, moving);
      g_array_append_val (cells, d.cell2);
      if (cost != NULL)
        *cost = d.cost;
      return TRUE;
    }
  if (a->type == SG_A_STEP)
    {
      gboolean alone = a->args[3] == 1, avoid = a->args[2] == 1;
      gint dir = line_dir (s->st, s->units[u].cell, a->args[1]);
      Pos p;

      if (dir < 0)
        return FALSE;
      pos_now (s, u, alone, &p);
      g_array_append_val (cells, p.cell);
      while (p.cell != a->args[1] && cells->len < SG_MAX_PATH)
        {
          Dest d;
          gint to = sg_nb (s->st, p.cell, dir);

          if (to < 0 || !step_from (s, u, alone, 0, &p, to, &d))
            break;
          if (avoid && d.hits == SG_HITS_PAREN)
            p.extra++;
          p.mp += d.cost;
          p.cell = d.cell;
          p.cell2 = d.cell2;
          p.facing = d.facing;
          g_array_append_val (cells, p.cell);
        }
      if (cost != NULL)
        *cost = p.mp + p.extra - s->units[u].mp;
      return p.cell == a->args[1];
    }
  return FALSE;
}

/**
 * sg_pending_dest:
 * @s: a state whose s->react holds a pending step or pivot
 * @cell: (out): where the mover's first half will stand
 * @cell2: (out): its second half, or SG_NONE
 *
 * Returns: %TRUE if the pending move is possible
 */
gboolean
sg_pending_dest (const SgState *s,
                 gint          *cell,
                 gint          *cell2)
{
  const SgReact *r = &s->react;
  Dest d;
  gboolean ok = r->action == SG_A_PIVOT ? pivot_dest (s, r->mover, sg_pivot_half (s, r->mover, r->facing), &d)
                : step_dest (s, r->mover, r->to, (r->avoid & 2) != 0, 0, &d);

  *cell = ok ? d.cell : SG_NONE;
  *cell2 = ok ? d.cell2 : SG_NONE;
  return ok;
}

/**
 * sg_move_apply:
 * @s: a state in SG_ST_MOVE
 * @a: one of sg_move_legal()'s actions (the caller checked it)
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %TRUE on success
 */
gboolean
sg_move_apply (SgState           *s,
               const AciesAction *a,
               AciesDice         *dice,
               GPtrArray         *events,
               GError           **error)
{
  gint u = a->args[0];
  SgUnit *x;

  switch (a->type)
    {
    case SG_A_END_MOVE:
      sg_end_movement (s, s->mover);
      s->lmover = -1;
      sg_to_shock (s, dice, events);
      return TRUE;

    case SG_A_LEADER_STEP:
      {
        SgLeader *l = &s->leaders[u];
        gint to = a->args[1], t, dir = line_dir (s->st, l->cell, to);

        if (s->mover >= 0)
          sg_end_movement (s, s->mover);
        s->lmover = u;
        /* A straight line, hex by hex (4.34 on each). */
        while (l->cell != to && dir >= 0)
          {
            gint next = sg_nb (s->st, l->cell, dir);

            l->mp += MAX (leader_step_cost (s, u, l->cell, l->mp, next), 0);
            l->cell = next;
          }
        l->f |= SG_LF_MOVED;
        t = sg_top (s, to);
        if (t < 0)
          for (guint k = 0; k < s->n_units; k++)
            if (s->units[k].cell2 == to && sg_on_map (s, k))
              t = k;
        l->unit = t;
        /* TRANSLATORS: a line of the game log (SG 4.31). Slots in order: %s: a leader's name; %s: a
         * hex or square label. */
        acies_events_add (events, "leader-move", "SG 4.31", s->st->leaders[u].side, _("%s moves to %s"),
                          sg_leader_name (s, u), sg_cell_label (s, to));
        sg_sync (s);
        return TRUE;
      }

    case SG_A_FIRE:
    case SG_A_HIT_AND_RUN:
      begin_unit (s, u);
      return sg_react_apply (s, a, dice, events, error);

    default:
      break;
    }

  x = &s->units[u];
  begin_unit (s, u);
  switch (a->type)
    {
    case SG_A_STEP:
    case SG_A_PIVOT:
      memset (&s->react, 0, sizeof s->react);
      s->react.kind = SG_RX_PRE_STEP;
      s->react.mover = u;
      s->react.action = a->type;
      s->react.final = SG_NONE;
      s->react.dir = -1;
      if (a->type == SG_A_PIVOT)
        {
          s->react.to = a->args[1];
          s->react.facing = a->args[2];
        }
      else
        {
          /* A line of steps: taken one hex at a time (6.15, 7.21, 7.22). */
          s->react.final = a->args[1];
          s->react.dir = line_dir (s->st, x->cell, a->args[1]);
          s->react.to = sg_nb (s->st, x->cell, s->react.dir);
          s->react.avoid = (a->args[2] == 1 ? 1 : 0) | (a->args[3] == 1 ? 2 : 0);
        }
      if (!sg_react_open (s, SG_RX_PRE_STEP))
        sg_move_execute (s, dice, events);
      return TRUE;

    case SG_A_TURN:
      {
        gint f = a->args[1], cost, p = sg_stack_partner (s, u);

        if (x->cell2 >= 0 && !(x->f & SG_UF_COLUMN))
          cost = 3;                                         /* 6.13 */
        else
          cost = sg_facing_cost (s, u, x->facing, f);       /* 6.12 */
        x->facing = f;
        x->mp += cost;
        x->f |= SG_UF_MOVED | SG_UF_TURNED;
        if (p >= 0)
          {
            /* 6.11: all units in a hex face the same way. */
            s->units[p].facing = f;
            s->units[p].mp += cost;
            s->units[p].f |= SG_UF_MOVED;
          }
        acies_events_add (events, "turn", x->cell2 >= 0 ? "SG 6.13" : "SG 6.12", sg_def (s, u)->side,
                          /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name;
                           * %d: a cost. */
                          _("%s changes facing (%d MP)"), sg_unit_name (s, u), cost);
        sg_sync (s);
        return TRUE;
      }

    case SG_A_SWAP:
      {
        gint p = sg_stack_partner (s, u), c = x->cell;

        s->occ[2 * c] = p;
        s->occ[2 * c + 1] = u;
        x->mp += 2;
        s->units[p].mp += 2;
        x->f |= SG_UF_MOVED;
        s->units[p].f |= SG_UF_MOVED;
        s->mover = p;
        /* TRANSLATORS: a line of the game log (SG 5.33). Slots in order: %s: a unit's name; %s: a
         * unit's name. */
        acies_events_add (events, "swap", "SG 5.33", sg_def (s, u)->side, _("%s goes on top of %s"),
                          sg_unit_name (s, p), sg_unit_name (s, u));
        sg_sync (s);
        return TRUE;
      }

    case SG_A_COLUMN:
      {
        gint f = a->args[1];

        x->mp += 1;
        x->f |= SG_UF_MOVED;
        if (x->f & SG_UF_COLUMN)
          {
            /* 11.23: back to a vertex; a two-hex unit does not move. */
            x->f &= ~(SG_UF_COLUMN | SG_UF_TOP_RIGHT);
            if (x->cell2 >= 0 && !sg_two_hex_ok (s->st, x->cell, x->cell2, f))
              {
                gint c = x->cell, c2 = x->cell2;

                sg_lift (s, u);
                sg_place (s, u, c2, c, FALSE);
              }
            x->facing = f;
            /* TRANSLATORS: a line of the game log (SG 11.23). Slots in order: %s: a unit's name. */
            acies_events_add (events, "column", "SG 11.23", sg_def (s, u)->side, _("%s leaves Column"),
                              sg_unit_name (s, u));
          }
        else
          {
            if (x->cell2 >= 0)
              {
                /* The leading half becomes the unit's first hex. */
                gint lead = sg_nb (s->st, x->cell, f) == x->cell2 ? x->cell2 : x->cell;
                gint rear = lead == x->cell ? x->cell2 : x->cell;

                if (sg_mod6 (x->facing - f) == 1)
                  x->f |= SG_UF_TOP_RIGHT;
                sg_lift (s, u);
                sg_place (s, u, lead, rear, FALSE);
                f = sg_dir_to (s->st, rear, lead);
              }
            x->f |= SG_UF_COLUMN;
            x->facing = f;
            /* TRANSLATORS: a line of the game log (SG 11.21). Slots in order: %s: a unit's name. */
            acies_events_add (events, "column", "SG 11.21", sg_def (s, u)->side, _("%s forms Column"),
                              sg_unit_name (s, u));
          }
        sg_carry_leaders (s, u);
        sg_end_movement (s, u);
        sg_sync (s);
        return TRUE;
      }

    case SG_A_DOUBLE_DEPTH:
      {
        gint r = a->args[1];

        /* 10.3: the rear counter goes under the front one as a marker. */
        x->f |= SG_UF_DOUBLE | SG_UF_MOVED;
        x->merged = r;
        s->units[r].merged = u;
        for (guint l = 0; l < s->n_leaders; l++)
          if (s->leaders[l].status == SG_L_MAP && s->leaders[l].unit == r)
            {
              s->leaders[l].unit = u;
              s->leaders[l].cell = x->cell;
            }
        sg_lift (s, r);
        s->units[r].status = SG_U_MERGED;
        s->units[r].f |= SG_UF_DONE;
        /* TRANSLATORS: a line of the game log (SG 10.3). Slots in order: %s: a unit's name; %s: a
         * unit's name. */
        acies_events_add (events, "double-depth", "SG 10.3", sg_def (s, u)->side, _("%s forms Double Depth with %s"),
                          sg_unit_name (s, u), sg_unit_name (s, r));
        sg_end_movement (s, u);
        sg_sync (s);
        return TRUE;
      }

    default:
      return sg_fail (error, "SG 5.1: not a movement action");
    }
}
