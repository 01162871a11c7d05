/* acies-sg-geom.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-simple-gboh"

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "acies-sg-private.h"

/*
 * Hexes, facing, zones of control and line of sight (SG 6.1, 6.2, 7.12,
 * 7.13), and the helpers every rule file uses for units, stacks and
 * leaders (5.3).
 */

gint
sg_beyond_dist (const SgStatic *st,
                gint            cell,
                gint            dir,
                gint            other)
{
  gint d = sg_mod6 (dir);
  gint dq = st->q[cell] + st->vec[d][0] - st->q[other], dr = st->r[cell] + st->vec[d][1] - st->r[other];

  return (ABS (dq) + ABS (dr) + ABS (dq + dr)) / 2;
}

/* SG 6.11: the second hex of a two-hex unit lies beside the first,
 * across its facing (its three front hexes ahead). */
gint
sg_two_hex_other (const SgStatic *st,
                  gint            cell,
                  gint            facing,
                  gint            b)
{
  return sg_nb (st, cell, b == 0 ? facing - 1 : facing + 2);
}

gboolean
sg_two_hex_ok (const SgStatic *st,
               gint            cell,
               gint            cell2,
               gint            facing)
{
  return facing >= 0 && cell2 >= 0
         && (cell2 == sg_two_hex_other (st, cell, facing, 0) || cell2 == sg_two_hex_other (st, cell, facing, 1));
}

static guint
add_unique (gint *out,
            guint n,
            gint  c)
{
  if (c < 0)
    return n;
  for (guint i = 0; i < n; i++)
    if (out[i] == c)
      return n;
  out[n] = c;
  return n + 1;
}

/**
 * sg_front_at:
 * @s: a state
 * @u: a unit
 * @cell: where it would stand
 * @cell2: its second hex, or SG_NONE
 * @facing: its facing there
 * @out: (out caller-allocates): room for 3 cells
 *
 * SG 6.11: the Front hexes: two for a single-hex unit, three for a
 * two-hex unit; the one hex straight ahead In Column (11.23); none for
 * artillery, which has no facing (10.12).
 *
 * Returns: the number of cells
 */
guint
sg_front_at (const SgState *s,
             gint           u,
             gint           cell,
             gint           cell2,
             gint           facing,
             gint          *out)
{
  const SgStatic *st = s->st;
  guint n = 0;

  if (facing < 0 || cell < 0)
    return 0;
  if (s->units[u].f & SG_UF_COLUMN)
    return add_unique (out, 0, sg_nb (st, cell, facing));
  n = add_unique (out, n, sg_nb (st, cell, facing));
  n = add_unique (out, n, sg_nb (st, cell, facing + 1));
  if (cell2 >= 0)
    {
      n = add_unique (out, n, sg_nb (st, cell2, facing));
      n = add_unique (out, n, sg_nb (st, cell2, facing + 1));
    }
  return n;
}

guint
sg_front_cells (const SgState *s,
                gint           u,
                gint          *out)
{
  const SgUnit *x = &s->units[u];

  return sg_front_at (s, u, x->cell, x->cell2, x->facing, out);
}

/* SG 6.11: 0 front, 1 flank, 2 rear, -1 not adjacent (or its own hex). */
static gint
relation_from (const SgState *s,
               gint           u,
               gint           half,
               gint           cell)
{
  const SgUnit *x = &s->units[u];
  gint d = sg_dir_to (s->st, half, cell), k;

  if (d < 0)
    return -1;
  if (x->facing < 0)
    return 0;                       /* 10.12: no facing, all round */
  if (x->f & SG_UF_COLUMN)
    {
      /* 11.23: only the hex straight ahead is frontal. */
      if (x->cell2 >= 0 && half != x->cell)
        return 2;
      k = sg_mod6 (d - x->facing);
      return k == 0 ? 0 : (k == 1 || k == 5) ? 1 : 2;
    }
  k = sg_mod6 (d - x->facing);
  return k <= 1 ? 0 : (k == 3 || k == 4) ? 2 : 1;
}

gint
sg_relation (const SgState *s,
             gint           u,
             gint           cell)
{
  const SgUnit *x = &s->units[u];
  gint a, b;

  if (cell < 0 || cell == x->cell || cell == x->cell2)
    return -1;
  a = relation_from (s, u, x->cell, cell);
  b = x->cell2 >= 0 ? relation_from (s, u, x->cell2, cell) : -1;
  if (a < 0)
    return b;
  if (b < 0)
    return a;
  return MIN (a, b);
}

/* SG 6.21: the Front hexes, and the Flank hexes of skirmishers; never
 * into a hex that movement may not enter. */
gboolean
sg_cell_in_zoc_of (const SgState *s,
                   gint           u,
                   gint           cell)
{
  const SgUnitDef *d = sg_def (s, u);
  const SgUnit *x = &s->units[u];
  gint rel;

  if (x->facing < 0 || d->type == SG_T_ART || s->st->impassable[s->st->terrain[cell]])
    return FALSE;
  if (x->cell2 < 0)
    {
      /* A one-hex unit: sg_relation() in place (its own hex is no
       * neighbour). */
      gint dir = sg_dir_to (s->st, x->cell, cell), j;

      if (dir < 0)
        return FALSE;
      j = sg_mod6 (dir - x->facing);
      if (x->f & SG_UF_COLUMN)
        return j == 0;
      return j <= 1 || ((j == 2 || j == 5) && sg_is_skirmisher (d->type));
    }
  rel = sg_relation (s, u, cell);
  return rel == 0 || (rel == 1 && sg_is_skirmisher (d->type) && !(s->units[u].f & SG_UF_COLUMN));
}

guint
sg_zoc_cells (const SgState *s,
              gint           u,
              gint          *out)
{
  const SgUnit *x = &s->units[u];
  const SgStatic *st = s->st;
  guint n = 0;

  if (x->cell2 < 0 && x->cell >= 0)
    {
      /* A one-hex unit: sg_cell_in_zoc_of() without the calls. */
      gboolean skirmisher = sg_is_skirmisher (st->units[u].type);

      if (x->facing < 0 || st->units[u].type == SG_T_ART)
        return 0;
      for (gint d = 0; d < 6; d++)
        {
          gint c = st->nb[x->cell * 6 + d], dir, j;

          if (c < 0 || st->impassable[st->terrain[c]] || (dir = sg_dir_to (st, x->cell, c)) < 0)
            continue;
          j = sg_mod6 (dir - x->facing);
          if ((x->f & SG_UF_COLUMN) ? j == 0 : (j <= 1 || ((j == 2 || j == 5) && skirmisher)))
            n = add_unique (out, n, c);
        }
      return n;
    }
  for (gint k = 0; k < (x->cell2 >= 0 ? 2 : 1); k++)
    {
      gint half = k == 0 ? x->cell : x->cell2;

      for (gint d = 0; d < 6; d++)
        {
          gint c = sg_nb (s->st, half, d);

          if (c >= 0 && sg_cell_in_zoc_of (s, u, c))
            n = add_unique (out, n, c);
        }
    }
  return n;
}

/**
 * sg_in_enemy_zoc:
 * @s: a state
 * @cell: a hex
 * @side: the side asking
 *
 * SG 6.21: whether @cell lies in the ZOC of a combat unit of @side's
 * enemy.
 *
 * Returns: %TRUE if it does
 */
gboolean
sg_in_enemy_zoc (const SgState *s,
                 gint           cell,
                 gint           side)
{
  const SgStatic *st = s->st;

  /* No enemy next to it: no ZOC (the adjacency counts, SgState.adj);
   * none into a hex that movement may not enter. */
  if (cell < 0 || s->adj[2 * cell + (1 - side)] == 0 || st->impassable[st->terrain[cell]])
    return FALSE;
  for (gint d = 0; d < 6; d++)
    {
      gint n = st->nb[cell * 6 + d];

      if (n < 0)
        continue;
      for (gint k = 0; k < 2; k++)
        {
          gint u = s->occ[2 * n + k], dir, j;
          const SgUnit *x;

          if (u < 0 || st->units[u].side == side)
            continue;
          x = &s->units[u];
          if (x->cell2 >= 0)
            {
              if (sg_cell_in_zoc_of (s, u, cell))
                return TRUE;
              continue;
            }
          /* A one-hex unit: sg_cell_in_zoc_of() without the calls. */
          if (x->facing < 0 || st->units[u].type == SG_T_ART || (dir = sg_dir_to (st, x->cell, cell)) < 0)
            continue;
          j = sg_mod6 (dir - x->facing);
          if (x->f & SG_UF_COLUMN)
            {
              if (j == 0)
                return TRUE;        /* 11.23: the hex straight ahead */
            }
          else if (j <= 1 || ((j == 2 || j == 5) && sg_is_skirmisher (st->units[u].type)))
            return TRUE;            /* a Front hex; a skirmisher's Flank */
        }
    }
  return FALSE;
}

gboolean
sg_unit_in_enemy_zoc (const SgState *s,
                      gint           u)
{
  const SgUnit *x = &s->units[u];
  gint side = sg_def (s, u)->side;

  return sg_in_enemy_zoc (s, x->cell, side) || (x->cell2 >= 0 && sg_in_enemy_zoc (s, x->cell2, side));
}

gboolean
sg_enemy_in_zoc (const SgState *s,
                 gint           u)
{
  gint side = sg_def (s, u)->side;
  const SgUnit *x = &s->units[u];

  if (x->cell < 0 || (s->adj[2 * x->cell + (1 - side)] == 0
                      && (x->cell2 < 0 || s->adj[2 * x->cell2 + (1 - side)] == 0)))
    return FALSE;
  /* The hexes next to it with an enemy on top, then whether its ZOC
   * covers them (sg_zoc_cells()'s hexes, the cheap test first). */
  for (gint k = 0; k < (x->cell2 >= 0 ? 2 : 1); k++)
    {
      gint half = k == 0 ? x->cell : x->cell2;

      for (gint d = 0; d < 6; d++)
        {
          gint c = s->st->nb[half * 6 + d], t = sg_top (s, c);

          if (t >= 0 && sg_def (s, t)->side != side && sg_cell_in_zoc_of (s, u, c))
            return TRUE;
        }
    }
  return FALSE;
}

/* Keeps SgState.adj: the units of each side next to each hex. */
static void
adj_update (SgState *s,
            gint     u,
            gint     delta)
{
  const SgUnit *x = &s->units[u];
  gint side = sg_def (s, u)->side;

  for (gint k = 0; k < 2; k++)
    {
      gint c = k == 0 ? x->cell : x->cell2;

      if (c < 0)
        continue;
      for (gint d = 0; d < 6; d++)
        {
          gint n = s->st->nb[c * 6 + d];

          if (n >= 0)
            s->adj[2 * n + side] += delta;
        }
    }
}

/* ---- Line of sight (7.13) and fire arcs (7.12) ---- */

typedef struct
{
  const SgState *s;
  gint           from, to, e_from, e_to, total, over_units;
} LosCtx;

/* SG 7.13: whether the hex @c, @index hexes from the firer, blocks. */
static gboolean
los_blocks (LosCtx *ctx,
            gint    c,
            gint    index)
{
  const SgState *s = ctx->s;
  const SgStatic *st = s->st;
  gint e = st->elevation[c], hi = MAX (ctx->e_from, ctx->e_to), lo = MIN (ctx->e_from, ctx->e_to);
  gboolean terrain = st->blocks_los[st->terrain[c]];
  gboolean units = sg_top (s, c) >= 0;
  gint twice = 2 * index;

  if (e > hi)
    return TRUE;                    /* a hex of higher elevation between */
  if (ctx->e_from != ctx->e_to && e == hi)
    terrain = TRUE;                 /* the crest of the higher level */
  if (!terrain && !units)
    return FALSE;
  if (e < lo)
    return FALSE;                   /* lower than both ends */
  if (ctx->e_from == ctx->e_to)
    {
      /* Archers and ballistae fire over combat units nearer the firer
       * (halfway is not nearer). */
      if (!terrain && units && ctx->over_units && twice < ctx->total)
        return FALSE;
      return TRUE;
    }
  if (ctx->e_from > ctx->e_to)
    return twice >= ctx->total;     /* nearer the target, or halfway */
  return twice <= ctx->total;       /* nearer the firer, or halfway */
}

/* The steps of the line between two hexes depend on the board alone:
 * each thread keeps those it walked (sg_los() asks for the same lines
 * again and again), by battle (SgStatic.serial) and hexes. */
#define LOS_SLOTS 2048

typedef struct
{
  guint   serial;
  gint    from, to;
  GArray *steps;
} LosSlot;

static void
los_cache_free (gpointer data)
{
  LosSlot *cache = data;

  for (guint i = 0; i < LOS_SLOTS; i++)
    g_clear_pointer (&cache[i].steps, g_array_unref);
  g_free (cache);
}

/* acies_board_los_steps() from @from to @to, valid until the next call
 * on this thread. */
static const GArray *
los_steps (const SgStatic *st,
           gint            from,
           gint            to)
{
  static GPrivate key = G_PRIVATE_INIT (los_cache_free);
  LosSlot *cache = g_private_get (&key), *slot;

  if (cache == NULL)
    {
      cache = g_new0 (LosSlot, LOS_SLOTS);
      g_private_set (&key, cache);
    }
  slot = &cache[((guint) from * 2654435761u + (guint) to * 40503u) % LOS_SLOTS];
  if (slot->steps == NULL || slot->serial != st->serial || slot->from != from || slot->to != to)
    {
      g_clear_pointer (&slot->steps, g_array_unref);
      slot->steps = acies_board_los_steps (st->board, from, to);
      slot->serial = st->serial;
      slot->from = from;
      slot->to = to;
    }
  return slot->steps;
}

/**
 * sg_los:
 * @s: a state
 * @from: the firing unit's hex
 * @to: the target's hex
 * @firer_type: the firer's SgType (archers and ballistae see over units)
 *
 * SG 7.13: line of sight between hex centres, blocked by woods and town
 * hexes and combat units (not when lower than both ends), by any higher
 * hex, with the halfway rule between levels.  Adjacent hexes always see.
 * A line along a hexside is blocked only when both hexes block.
 *
 * Returns: %TRUE if the line is clear
 */
gboolean
sg_los (const SgState *s,
        gint           from,
        gint           to,
        gint           firer_type)
{
  const SgStatic *st = s->st;
  const GArray *steps;
  LosCtx ctx = { s, from, to, st->elevation[from], st->elevation[to], sg_dist (st, from, to), FALSE };

  if (ctx.total <= 1)
    return TRUE;
  ctx.over_units = firer_type == SG_T_ART;
  steps = los_steps (st, from, to);
  for (guint i = 0; i < steps->len; i++)
    {
      const AciesLosStep *step = &g_array_index (steps, AciesLosStep, i);
      gint index = sg_dist (st, from, step->cell);

      if (step->between)
        {
          if (los_blocks (&ctx, step->cell, index)
              && (step->alt < 0 || los_blocks (&ctx, step->alt, sg_dist (st, from, step->alt))))
            return FALSE;
        }
      else if (los_blocks (&ctx, step->cell, index))
        return FALSE;
    }
  return TRUE;
}

/* A unit vector toward direction @d on this board. */
static void
dir_vector (const SgStatic *st,
            gint            d,
            double         *x,
            double         *y)
{
  double a = acies_board_get_orientation (st->board) == ACIES_HEX_POINTY_TOP ? G_PI / 6 + d * G_PI / 3 : d * G_PI / 3;

  *x = sin (a);
  *y = -cos (a);
}

static gboolean
in_arc_from (const SgState *s,
             gint           u,
             gint           half,
             gint           cell)
{
  const SgStatic *st = s->st;
  const SgUnit *x = &s->units[u];
  double hx, hy, cx, cy, fx, fy, ax, ay, bx, by, dot, len;

  acies_board_cell_center (st->board, half, &hx, &hy);
  acies_board_cell_center (st->board, cell, &cx, &cy);
  if (x->f & SG_UF_COLUMN)
    dir_vector (st, x->facing, &fx, &fy);
  else
    {
      dir_vector (st, x->facing, &ax, &ay);
      dir_vector (st, x->facing + 1, &bx, &by);
      fx = ax + bx;
      fy = ay + by;
    }
  len = hypot (fx, fy) * hypot (cx - hx, cy - hy);
  if (len <= 0)
    return TRUE;
  dot = (fx * (cx - hx) + fy * (cy - hy)) / len;
  /* Front and flank: within 120 degrees of the facing, the boundary in. */
  return dot >= -0.5 - 1e-9;
}

/**
 * sg_in_arc:
 * @s: a state
 * @u: a missile unit
 * @cell: a target hex
 *
 * SG 7.12: the range extends from the Front and Flank hexes (for
 * chariots, 10.54, and artillery, 10.12, all round).
 *
 * Returns: %TRUE if @cell is in @u's fire arc
 */
gboolean
sg_in_arc (const SgState *s,
           gint           u,
           gint           cell)
{
  const SgUnit *x = &s->units[u];
  SgType t = sg_def (s, u)->type;

  if (t == SG_T_CH || t == SG_T_ART || x->facing < 0)
    return TRUE;
  return in_arc_from (s, u, x->cell, cell) || (x->cell2 >= 0 && in_arc_from (s, u, x->cell2, cell));
}

/**
 * sg_near_init:
 * @st: static data whose board is read
 *
 * The hexes within two of every hex (a walk of two steps through its
 * neighbours), read once for the battle: the reaction windows look for
 * the units there (SG 6.15, 7.21, 7.22).  A hex with a neighbour, or a
 * neighbour's neighbour, off the map is marked (near2_n G_MAXUINT8): the
 * walk might miss a hex two away there, so the callers look at every
 * unit.
 */
void
sg_near_init (SgStatic *st)
{
  g_autofree gint *seen = g_new (gint, st->n_cells);   /* the hex whose walk saw it last */

  st->near2 = g_new (gint16, st->n_cells * 19);
  st->near2_n = g_new0 (guint8, st->n_cells);
  for (guint c = 0; c < st->n_cells; c++)
    seen[c] = -1;
  for (guint c = 0; c < st->n_cells; c++)
    {
      gint16 *out = &st->near2[c * 19];
      guint n = 0;
      gboolean edge = FALSE;

      out[n++] = (gint16) c;
      seen[c] = (gint) c;
      for (gint d = 0; d < 6 && !edge; d++)
        {
          gint a = st->nb[c * 6 + d];

          if (a < 0)
            {
              edge = TRUE;
              break;
            }
          for (gint e = -1; e < 6; e++)
            {
              gint h = e < 0 ? a : st->nb[a * 6 + e];

              if (h < 0)
                {
                  edge = TRUE;
                  break;
                }
              if (seen[h] != (gint) c && n < 19 && sg_dist (st, c, h) <= 2)
                {
                  seen[h] = (gint) c;
                  out[n++] = (gint16) h;
                }
            }
        }
      st->near2_n[c] = edge ? G_MAXUINT8 : (guint8) n;
    }
}

/* ---- Units ---- */

gboolean
sg_is_archer (const SgUnitDef *d)
{
  return d->missile == SG_M_A || d->missile == SG_M_B || d->missile == SG_M_C;
}

/* SG 7.31, 2.4: skirmishers, light infantry and light cavalry archers and
 * artillery cannot Shock attack (skirmishers may attack chariots:
 * sg_shock_legal decides that). */
gboolean
sg_shock_capable (const SgState *s,
                  gint           u)
{
  const SgUnitDef *d = sg_def (s, u);

  if (sg_is_skirmisher (d->type) || d->type == SG_T_ART)
    return FALSE;
  if ((d->type == SG_T_LC || sg_is_light (d->type)) && sg_is_archer (d))
    return FALSE;
  return TRUE;
}

/* SG 11.25, SG-A3: the TQ in use; −2 In Column. */
gint
sg_tq (const SgState *s,
       gint           u)
{
  gint tq = sg_def (s, u)->tq;

  if (s->units[u].f & SG_UF_COLUMN)
    tq -= 2;
  return MAX (tq, 0);
}

gint
sg_partner (const SgState *s,
            gint           u)
{
  const SgUnit *x = &s->units[u];

  if (x->cell < 0 || x->cell2 >= 0)
    return SG_NONE;
  if (s->occ[2 * x->cell] == u)
    return s->occ[2 * x->cell + 1];
  return s->occ[2 * x->cell];
}

/* The unit stacked with @u (5.31): its partner when they may stack, not
 * a friend passing through (5.34). */
gint
sg_stack_partner (const SgState *s,
                  gint           u)
{
  gint p = sg_partner (s, u);

  return p >= 0 && sg_may_stack (s, u, p) ? p : SG_NONE;
}

/* SG 5.32: the units that may stack; SG 11.26: not In Column. */
gboolean
sg_may_stack (const SgState *s,
              gint           a,
              gint           b)
{
  const SgUnitDef *da = sg_def (s, a), *db = sg_def (s, b);
  gboolean a_co, b_co;
  gint ce;

  if (a == b || da->side != db->side || da->two_hex || db->two_hex)
    return FALSE;
  if ((s->units[a].f | s->units[b].f) & SG_UF_COLUMN)
    return FALSE;
  if (da->type == SG_T_ART || db->type == SG_T_ART)
    {
      const SgUnitDef *other = da->type == SG_T_ART ? db : da;

      return other->type != SG_T_ART && sg_is_infantry (other->type);
    }
  if (da->legion < 0 || da->legion != db->legion)
    return FALSE;
  ce = -1;
  for (guint i = 0; i < s->st->classes->len; i++)
    if (g_str_equal (g_ptr_array_index (s->st->classes, i), "CE"))
      ce = i;
  /* CE class LG count as CO. */
  a_co = da->type == SG_T_CO || (da->type == SG_T_LG && da->cls == ce && ce >= 0);
  b_co = db->type == SG_T_CO || (db->type == SG_T_LG && db->cls == ce && ce >= 0);
  if (a_co || b_co)
    return a_co && b_co;
  if (da->type == SG_T_LG && db->type == SG_T_LG)
    return da->cls == db->cls;
  return da->type == SG_T_HI && db->type == SG_T_HI;
}

gint
sg_piece (const SgState *s,
          gint           u)
{
  const SgUnit *x = &s->units[u];

  if (x->cell < 0 || x->cell2 >= 0)
    return u;
  return s->occ[2 * x->cell] >= 0 ? s->occ[2 * x->cell] : u;
}

/* SG 5.35, 10.3, 10.13: a stack's Sizes add (artillery is ignored); a
 * Double Depth unit has both counters' Size. */
gint
sg_piece_size (const SgState *s,
               gint           u)
{
  gint size = 0, p = sg_piece (s, u);

  for (gint k = 0; k < 2; k++)
    {
      gint v = k == 0 ? p : sg_partner (s, p);

      if (v < 0 || sg_def (s, v)->type == SG_T_ART)
        continue;
      size += sg_def (s, v)->size;
      if ((s->units[v].f & SG_UF_DOUBLE) && s->units[v].merged >= 0)
        size += sg_def (s, s->units[v].merged)->size;
    }
  return size;
}

/* Occupancy. */
void
sg_lift (SgState *s,
         gint     u)
{
  SgUnit *x = &s->units[u];

  if (x->cell >= 0)
    adj_update (s, u, -1);
  for (gint k = 0; k < 2; k++)
    {
      gint c = k == 0 ? x->cell : x->cell2;

      if (c < 0)
        continue;
      if (s->occ[2 * c] == u)
        {
          s->occ[2 * c] = s->occ[2 * c + 1];
          s->occ[2 * c + 1] = SG_NONE;
        }
      else if (s->occ[2 * c + 1] == u)
        s->occ[2 * c + 1] = SG_NONE;
    }
  x->cell = x->cell2 = SG_NONE;
}

/* SG 5.33: a unit moving in goes under; a retreating one on top. */
void
sg_place (SgState *s,
          gint     u,
          gint     cell,
          gint     cell2,
          gboolean on_top)
{
  SgUnit *x = &s->units[u];

  x->cell = cell;
  x->cell2 = cell2;
  if (cell >= 0)
    adj_update (s, u, +1);
  for (gint k = 0; k < 2; k++)
    {
      gint c = k == 0 ? cell : cell2;

      if (c < 0)
        continue;
      if (s->occ[2 * c] < 0)
        s->occ[2 * c] = u;
      else if (on_top)
        {
          s->occ[2 * c + 1] = s->occ[2 * c];
          s->occ[2 * c] = u;
        }
      else
        s->occ[2 * c + 1] = u;
    }
}

guint
sg_leaders_in (const SgState *s,
               gint           cell,
               gint          *out)
{
  guint n = 0;

  for (guint l = 0; l < s->n_leaders; l++)
    if (s->leaders[l].status == SG_L_MAP && s->leaders[l].cell == cell && cell >= 0)
      out[n++] = l;
  return n;
}

/* SG 4.35: a leader alone in a hex. */
gboolean
sg_lone_leader (const SgState *s,
                gint           l)
{
  const SgLeader *x = &s->leaders[l];

  return x->status == SG_L_MAP && x->unit < 0;
}

/* SG 4.31, 4.32, 4.36: leaders stacked with @u go where it goes. */
void
sg_carry_leaders (SgState *s,
                  gint     u)
{
  for (guint l = 0; l < s->n_leaders; l++)
    if (s->leaders[l].status == SG_L_MAP && s->leaders[l].unit == u)
      s->leaders[l].cell = s->units[u].cell;
}

const char *
sg_side_name (const SgState *s,
              gint           side)
{
  AciesSide *sd;

  if (side < 0 || (guint) side >= s->base.scenario->sides->len)
    return "?";
  sd = g_ptr_array_index (s->base.scenario->sides, side);
  return sd->name != NULL && *sd->name != '\0' ? sd->name : sd->id;
}

/**
 * sg_side_people:
 * @s: a state
 * @side: a side
 * @capital: at the start of a sentence
 *
 * A side as the subject of a sentence in the log: its name is its people
 * in the plural ("Macedonians", "Romans and Aetolians"), so "the
 * Macedonians" take a plural verb ("The Macedonians pass"); a name that
 * already starts with "the" keeps it.
 *
 * Returns: (transfer full): "The Macedonians" or "the Macedonians"
 */
char *
sg_side_people (const SgState *s,
                gint           side,
                gboolean       capital)
{
  const char *name = sg_side_name (s, side);

  if (g_ascii_strncasecmp (name, "the ", 4) == 0)
    name += 4;
  /* TRANSLATORS: a side's people at the start of a log sentence ("The Macedonians pass"); %s: the
   * side's name without its article. */
  return g_strdup_printf (capital ? C_("side-people", "The %s")
                                  /* TRANSLATORS: a side's people inside a log sentence ("beyond the
                                   * Retreat Edge of the Persians"); %s: the side's name without its article. */
                                  : C_("side-people", "the %s"),
                          name);
}

const char *
sg_unit_name (const SgState *s,
              gint           u)
{
  return u >= 0 && (guint) u < s->n_units ? s->st->units[u].name : "?";
}

const char *
sg_leader_name (const SgState *s,
                gint           l)
{
  return l >= 0 && (guint) l < s->n_leaders ? s->st->leaders[l].name : "?";
}

const char *
sg_cell_label (const SgState *s,
               gint           cell)
{
  return cell >= 0 ? acies_board_cell_label (s->st->board, cell) : "—";
}
