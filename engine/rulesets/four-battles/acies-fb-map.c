/* acies-fb-map.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-four-battles"

#include "config.h"

#include "acies-fb-private.h"

/*
 * The map as the rules read it: hexes and hexsides, movement costs, zones
 * of control (6.0), line of sight (7.2), the pieces on a hex, and the
 * figures a piece has now (MA and SP with the exclusive rules' changes).
 */

gint
acies_fb_distance (const FbStatic *st,
                   gint            a,
                   gint            b)
{
  return (gint) acies_board_distance (st->board, a, b);
}

gint
acies_fb_dir_to (const FbStatic *st,
                 gint            a,
                 gint            b)
{
  for (gint d = 0; d < 6; d++)
    if (st->nbr[a * 6 + d] == b)
      return d;
  return -1;
}

gboolean
acies_fb_adjacent (const FbStatic *st,
                   gint            a,
                   gint            b)
{
  return a >= 0 && b >= 0 && acies_fb_dir_to (st, a, b) >= 0;
}

/* The features of the hexside between adjacent @a and @b (0 if not
 * adjacent). */
guint16
acies_fb_hexside (const FbStatic *st,
                  gint            a,
                  gint            b)
{
  gint d = acies_fb_dir_to (st, a, b);

  return d >= 0 ? st->side_bits[a * 6 + d] : 0;
}

static inline gint
type_of (const FbState *s,
         gint           piece)
{
  gint t = s->st->pieces[piece].type_id;

  return t >= 0 ? t : 0;
}

/* FB 5.21-5.26: MP for @piece to enter the neighbour of @from in @dir,
 * FB_INF_COST when prohibited. */
gint
acies_fb_enter_cost (const FbState *s,
                     gint           piece,
                     gint           from,
                     gint           dir)
{
  return s->st->cost[type_of (s, piece)][from * 6 + dir];
}

/* FB 6.7, 8.72: whether @cell's terrain is prohibited to @piece. */
gboolean
acies_fb_cell_prohibited (const FbState *s,
                          gint           piece,
                          gint           cell)
{
  return s->st->cell_mp[type_of (s, piece)][cell] == FB_INF_COST;
}

gboolean
acies_fb_is_leader (const FbState *s,
                    gint           piece)
{
  return piece >= s->st->n_combat;
}

gboolean
acies_fb_is_combat (const FbState *s,
                    gint           piece)
{
  return piece >= 0 && piece < s->st->n_combat;
}

gboolean
acies_fb_on_map (const FbState *s,
                 gint           piece)
{
  return piece >= 0 && s->p[piece].where == FB_AT_MAP;
}

/* FB 11.0, 13.8: a skirmisher is a dot combat unit; leaders carry the dot
 * too and disengage and retreat like one. */
gboolean
acies_fb_is_skirmisher (const FbState *s,
                        gint           piece)
{
  return s->st->pieces[piece].dot;
}

/* FB 6.1, 6.3: combat units exert a ZOC; leaders never.  Baggage and
 * camel trains (ARB 4.22, TEU 4.4, CAR 3.2) are no fighting units and
 * exert none. */
gboolean
acies_fb_exerts_zoc (const FbState *s,
                     gint           piece)
{
  guint8 cls = s->st->pieces[piece].cls;

  return piece < s->st->n_combat && cls != FB_BAGGAGE && cls != FB_CAMEL;
}

static void
zoc_update (FbState *s,
            gint     piece,
            gint     cell,
            gint     delta)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  const guint8 *mp = st->cell_mp[type_of (s, piece)];

  for (gint k = 0; k < 6; k++)
    {
      gint n = st->nbr[cell * 6 + k];

      if (n < 0 || mp[n] == FB_INF_COST)     /* 6.7 */
        continue;
      s->zoc[d->side][0][n] += delta;
      if (!d->dot)                              /* 6.2 */
        s->zoc[d->side][1][n] += delta;
    }
}

/* FbState.here[][@cell] again from occ, bag and ldr. */
static void
here_update (FbState *s,
             gint     cell)
{
  const FbStatic *st = s->st;
  gint o = s->occ[cell], b = s->bag[cell];

  for (gint side = 0; side < 2; side++)
    s->here[side][cell] = (guint8) (((o >= 0 && st->pieces[o].side == side)
                                     || (b >= 0 && st->pieces[b].side == side) ? FB_HERE_UNIT : 0)
                                    | (s->ldr[side][cell] > 0 ? FB_HERE_LEADER : 0));
}

/**
 * acies_fb_place:
 * @s: the state
 * @piece: a piece not on the map
 * @cell: where it goes
 *
 * Puts @piece on @cell and updates the occupancy and ZOC maps (6.0).
 */
void
acies_fb_place (FbState *s,
                gint     piece,
                gint     cell)
{
  const FbPieceDef *d = &s->st->pieces[piece];
  FbPiece *p = &s->p[piece];

  g_assert (p->where != FB_AT_MAP);
  s->map_gen++;
  for (gint k = 0; k < 6; k++)
    {
      gint n = s->st->nbr[cell * 6 + k];

      if (n >= 0)
        s->near[d->side][n]++;
    }
  p->cell = (gint16) cell;
  p->where = FB_AT_MAP;
  s->on_map[d->side][piece / 64] |= G_GUINT64_CONSTANT (1) << (piece % 64);
  s->n_on_map[d->side]++;
  if (piece >= s->st->n_combat)
    s->ldr[d->side][cell]++;
  else if (d->cls == FB_BAGGAGE)
    s->bag[cell] = (gint16) piece;
  else
    {
      s->ucnt[cell]++;
      if (s->occ[cell] < 0)
        s->occ[cell] = (gint16) piece;
    }
  here_update (s, cell);
  if (acies_fb_exerts_zoc (s, piece))
    zoc_update (s, piece, cell, 1);
}

/**
 * acies_fb_lift:
 * @s: the state
 * @piece: a piece on the map
 *
 * Takes @piece off its cell (its where is left to the caller).
 */
void
acies_fb_lift (FbState *s,
               gint     piece)
{
  const FbPieceDef *d = &s->st->pieces[piece];
  FbPiece *p = &s->p[piece];
  gint cell = p->cell;

  g_assert (p->where == FB_AT_MAP && cell >= 0);
  s->map_gen++;
  s->on_map[d->side][piece / 64] &= ~(G_GUINT64_CONSTANT (1) << (piece % 64));
  s->n_on_map[d->side]--;
  for (gint k = 0; k < 6; k++)
    {
      gint n = s->st->nbr[cell * 6 + k];

      if (n >= 0)
        s->near[d->side][n]--;
    }
  if (piece >= s->st->n_combat)
    s->ldr[d->side][cell]--;
  else if (d->cls == FB_BAGGAGE)
    {
      if (s->bag[cell] == piece)
        s->bag[cell] = FB_NONE;
    }
  else if (s->ucnt[cell]-- > 0 && s->occ[cell] == piece)
    {
      s->occ[cell] = FB_NONE;
      /* A second combat unit passing through or stacked until the phase
       * ends (5.32) takes the cell's slot. */
      for (gint i = 0; s->ucnt[cell] > 0 && i < s->st->n_combat; i++)
        if (i != piece && s->p[i].where == FB_AT_MAP && s->p[i].cell == cell
            && s->st->pieces[i].cls != FB_BAGGAGE)
          {
            s->occ[cell] = (gint16) i;
            break;
          }
    }
  here_update (s, cell);
  if (acies_fb_exerts_zoc (s, piece))
    zoc_update (s, piece, cell, -1);
  p->cell = FB_NONE;
  p->where = FB_AT_ELIMINATED;
}

static inline gboolean
combat_phase (const FbState *s)
{
  return s->phase == FB_PH_COMBAT;
}

/* FB 6.0-6.2: whether @cell is in the ZOC of a unit of the side other
 * than @side now (dot units exert none in a combat phase). */
gboolean
acies_fb_in_enemy_zoc (const FbState *s,
                       gint           side,
                       gint           cell)
{
  return s->zoc[1 - side][combat_phase (s)][cell] > 0;
}

gboolean
acies_fb_in_enemy_zoc_ph (const FbState *s,
                          gint           side,
                          gint           cell,
                          gboolean       combat)
{
  return s->zoc[1 - side][combat ? 1 : 0][cell] > 0;
}

/* FB 6.0, 6.2, 6.7: whether @piece exerts a ZOC into @cell. */
gboolean
acies_fb_zoc_from (const FbState *s,
                   gint           piece,
                   gint           cell,
                   gboolean       combat)
{
  const FbPiece *p = &s->p[piece];

  if (p->where != FB_AT_MAP || !acies_fb_exerts_zoc (s, piece)
      || (combat && s->st->pieces[piece].dot))
    return FALSE;
  return acies_fb_adjacent (s->st, p->cell, cell) && !acies_fb_cell_prohibited (s, piece, cell);
}

/* FB 8.85: whether an enemy unit (of the side other than @side) stands
 * next to @cell. */
gboolean
acies_fb_adjacent_enemy (const FbState *s,
                         gint           side,
                         gint           cell)
{
  const FbStatic *st = s->st;

  if ((side == 0 || side == 1) && s->near[1 - side][cell] == 0)
    return FALSE;                               /* no enemy piece next to it */
  for (gint d = 0; d < 6; d++)
    {
      gint n = st->nbr[cell * 6 + d];

      if (n < 0)
        continue;
      if (s->occ[n] >= 0 && st->pieces[s->occ[n]].side != side)
        return TRUE;
      if (s->bag[n] >= 0 && st->pieces[s->bag[n]].side != side)
        return TRUE;
    }
  return FALSE;
}

/* FB 7.21-7.23: whether intervening hex @x blocks a shot from @from to
 * @to: woods and the like always; a slope only with a ridge hexside
 * between firer and target. */
static gboolean
blocks (const FbState *s,
        gint           from,
        gint           x,
        gint           to)
{
  const FbStatic *st = s->st;
  guint16 bits = st->cell_bits[x];

  if (bits & FB_C_BLOCKS)
    return TRUE;
  if (bits & FB_C_SLOPE)
    return ((acies_fb_hexside (st, from, x) | acies_fb_hexside (st, x, to)) & FB_HS_RIDGE) != 0;
  return FALSE;
}

/**
 * acies_fb_has_los:
 * @s: the state
 * @from: the firer's hex
 * @to: the target's hex
 *
 * FB 7.2: LOS is only a question at two hexes: the intervening hex must
 * not block (7.21); when the line runs along a hexside, it is blocked only
 * when both hexes beside it block (7.22).  The firer's and target's own
 * hexes (7.24) and units (7.25) never block.
 *
 * Returns: %TRUE if @from sees @to
 */
gboolean
acies_fb_has_los (const FbState *s,
                  gint           from,
                  gint           to)
{
  const FbStatic *st = s->st;
  gint common[2], n = 0;

  if (acies_fb_distance (st, from, to) <= 1)
    return TRUE;
  if (acies_fb_distance (st, from, to) > 2)
    return FALSE;
  for (gint d = 0; d < 6 && n < 2; d++)
    {
      gint x = st->nbr[from * 6 + d];

      if (x >= 0 && acies_fb_adjacent (st, x, to))
        common[n++] = x;
    }
  if (n == 1)
    return !blocks (s, from, common[0], to);
  if (n == 2)
    return !(blocks (s, from, common[0], to) && blocks (s, from, common[1], to));
  return TRUE;
}

static gboolean
rule_turn_in (const FbRule *r,
              gint          turn)
{
  return turn >= r->turn && turn <= MAX (r->turn2, r->turn);
}

/**
 * acies_fb_rule_concerns:
 * @s: the state
 * @r: a rule
 * @piece: a piece
 *
 * Returns: whether @r's side, formation and unit types include @piece
 */
gboolean
acies_fb_rule_concerns (const FbState *s,
                        const FbRule  *r,
                        gint           piece)
{
  const FbPieceDef *d = &s->st->pieces[piece];

  if (r->side >= 0 && r->side != d->side)
    return FALSE;
  if (r->formation >= 0 && r->formation != d->formation)
    return FALSE;
  if (r->types != 0 && (d->type_id < 0 || !(r->types & (1u << d->type_id))))
    return FALSE;
  if (r->except_types != 0 && d->type_id >= 0 && (r->except_types & (1u << d->type_id)))
    return FALSE;
  return TRUE;
}

/* The first rule of @kind for @side (or any side when @side is -1). */
const FbRule *
acies_fb_find_rule (const FbStatic *st,
                    FbRuleKind      kind,
                    gint            side)
{
  if (!acies_fb_has_rule (st, kind))
    return NULL;
  for (gint r = 0; r < st->n_rules; r++)
    if (st->rules[r].kind == kind && (side < 0 || st->rules[r].side < 0 || st->rules[r].side == side))
      return &st->rules[r];
  return NULL;
}

gint
acies_fb_printed_ma (const FbState *s,
                     gint           piece)
{
  return s->st->pieces[piece].ma;
}

/**
 * acies_fb_ma:
 * @s: the state
 * @piece: a piece
 * @charging: an elephant charging doubles its MA (12.1)
 *
 * The MA @piece has now: its printed MA with the turn multipliers of the
 * exclusive rules (TRA 3.1 doubled, MAR 3.2 set to 9, ADR 4.1 halved,
 * rounded down, at least 1: ruling A39), TEU 4.1's bonus, and 12.1.
 *
 * Returns: the MA
 */
gint
acies_fb_ma (const FbState *s,
             gint           piece,
             gboolean       charging)
{
  const FbStatic *st = s->st;
  const FbPieceDef *d = &st->pieces[piece];
  gint ma = d->ma;

  if (st->has_rule & (G_GUINT64_CONSTANT (1) << FB_R_TURN_MULTIPLIERS))
    for (gint r = 0; r < st->n_rules; r++)
      {
        const FbRule *rule = &st->rules[r];

        if (rule->kind != FB_R_TURN_MULTIPLIERS || !rule_turn_in (rule, s->base.turn)
            || !acies_fb_rule_concerns (s, rule, piece))
          continue;
        if (rule->value2 > 0)
          ma = rule->value2;                                   /* MAR 3.2 */
        if (rule->num2 != rule->den2)
          ma = MAX (1, ma * rule->num2 / rule->den2);           /* TRA 3.1, ADR 4.1 */
      }
  if (st->has_rule & (G_GUINT64_CONSTANT (1) << FB_R_LEADER_STACK_BONUS))
    for (gint r = 0; r < st->n_rules; r++)
      {
        const FbRule *rule = &st->rules[r];

        /* TEU 4.1, ruling A45: a unit that starts its move stacked with a
         * leader. */
        gint start = s->p[piece].move_start >= 0 ? s->p[piece].move_start : s->p[piece].cell;

        if (rule->kind == FB_R_LEADER_STACK_BONUS && rule->turn == (gint) s->base.turn
            && (rule->side < 0 || rule->side == d->side) && piece < st->n_combat
            && start >= 0 && s->ldr[d->side][start] > 0)
          ma += rule->value;
      }
  if (charging && d->cls == FB_ELEPHANT)
    ma *= 2;                                                    /* 12.1 */
  return ma;
}

/* The SP printed on the side showing (GRA 3.2). */
gint
acies_fb_sp (const FbState *s,
             gint           piece)
{
  const FbPieceDef *d = &s->st->pieces[piece];

  return s->p[piece].reduced ? d->sp_reduced : d->sp;
}

/* FB 13.1: @side has a leader alone (no combat unit or baggage of its
 * side) on @cell. */
gboolean
acies_fb_lone_leader_at (const FbState *s,
                         gint           cell,
                         gint           side)
{
  if (s->ldr[side][cell] == 0)
    return FALSE;
  if (s->occ[cell] >= 0 && s->st->pieces[s->occ[cell]].side == side)
    return FALSE;
  if (s->bag[cell] >= 0 && s->st->pieces[s->bag[cell]].side == side)
    return FALSE;
  return TRUE;
}

/* The leaders on @cell, in piece order. */
gint
acies_fb_leaders_at (const FbState *s,
                     gint           cell,
                     gint          *out,
                     gint           max)
{
  gint n = 0;

  if (cell < 0 || (s->ldr[0][cell] == 0 && s->ldr[1][cell] == 0))
    return 0;
  for (gint i = s->st->n_combat; i < s->n && n < max; i++)
    if (s->p[i].where == FB_AT_MAP && s->p[i].cell == cell)
      out[n++] = i;
  return n;
}

gint
acies_fb_baggage_at (const FbState *s,
                     gint           cell)
{
  return cell >= 0 ? s->bag[cell] : FB_NONE;
}

gboolean
acies_fb_in_area (const FbStatic *st,
                  gint            area,
                  gint            cell)
{
  return area >= 0 && cell >= 0 && (st->area_bits[cell] >> area) & 1;
}

/* Whether @cell lies on map edge @edge (0 N, 1 E, 2 S, 3 W): the bits
 * read_map() took from acies_board_cell_on_map_edge(). */
gboolean
acies_fb_on_edge (const FbStatic *st,
                  gint            cell,
                  gint            edge)
{
  return edge >= 0 && edge < 4 && (st->cell_bits[cell] & (FB_C_EDGE_N << edge)) != 0;
}

/* BOU 3.3: the cell is in the part of the map that is no longer played. */
static gboolean
removed_by_shrink (const FbState *s,
                   gint           cell)
{
  const FbRule *r;
  gint col, row;

  if (s->shrink == 0)
    return FALSE;
  r = acies_fb_find_rule (s->st, FB_R_SHRINKING_MAP, -1);
  if (r == NULL)
    return FALSE;
  acies_board_cell_coords (s->st->board, cell, &col, &row);
  switch (r->value)
    {
    case 0:  return row < s->shrink;
    case 1:  return col >= s->st->width - s->shrink;
    case 2:  return row >= s->st->height - s->shrink;
    default: return col < s->shrink;
    }
}

/**
 * acies_fb_banned:
 * @s: the state
 * @piece: a piece
 * @cell: a cell
 *
 * Whether an exclusive rule keeps @piece out of @cell now: TEU 3.2 and
 * ADR 3.0 region bans, ARB 3.3 Darius's leash, BOU 3.3's removed rows.
 *
 * Returns: %TRUE if @piece may not move, advance or retreat into @cell
 */
gboolean
acies_fb_banned (const FbState *s,
                 gint           piece,
                 gint           cell)
{
  const FbStatic *st = s->st;

  if (!(st->has_rule & ((G_GUINT64_CONSTANT (1) << FB_R_REGION_BAN) | (G_GUINT64_CONSTANT (1) << FB_R_LEASH)
                        | (G_GUINT64_CONSTANT (1) << FB_R_SHRINKING_MAP))))
    return FALSE;
  for (gint r = 0; r < st->n_rules; r++)
    {
      const FbRule *rule = &st->rules[r];

      if (rule->kind == FB_R_REGION_BAN && acies_fb_in_area (st, rule->area, cell)
          && (rule->side < 0 || rule->side == st->pieces[piece].side)
          && (rule->turn == 0 || (gint) s->base.turn < rule->turn))
        return TRUE;
      if (rule->kind == FB_R_LEASH && rule->piece == piece
          && acies_fb_distance (st, cell, rule->cell) > rule->value)
        return TRUE;
    }
  return removed_by_shrink (s, cell);
}
