/* acies-cca-move.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cca"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "acies-cca-private.h"

/*
 * Movement (S5.2, BASE-MOVE, ref 1.2, 1.3, 1.9; section 7; ML-, JL-, JC-;
 * EP-1.11, EP-1.12): an ordered unit moves up to its allowance, one unit
 * at a time, all movement before any battle.  No unit enters or passes a
 * hex with another unit or with an enemy leader; a unit may end its move
 * on a lone friendly leader, who joins it.  A lone leader moves 3 hexes
 * and may pass friendly units.
 */

static gboolean
is_leader (const AciesCcaState *s,
           gint                 index)
{
  return (guint) index >= s->st->n_units;
}

/* JC-1, JC-2: Caesar is with @u. */
static gboolean
with_caesar (const AciesCcaState *s,
             gint                 u)
{
  gint l = acies_cca_leader_with (s, u);

  return l >= 0 && s->st->leaders[l].caesar;
}

/* Ref 1.2, 1.9, EP-1.11, EP-1.12, JL-2, JC-2, T-MARSH-5, T-SCW-2:
 * acies_cca_move_allowance(), inlined in the search. */
G_ALWAYS_INLINE static inline guint
move_allowance (const AciesCcaState *s,
                gint                 index)
{
  const AciesCcaProfile *p;
  const AciesCcaTerrainDef *t;
  guint move;
  gint effect = s->play.effect;

  if (is_leader (s, index))
    {
      gint l = index - (gint) s->st->n_units;

      t = acies_cca_terrain (s, s->leaders[l].cell);
      return t->leave_one ? 1 : s->st->leader_move;
    }
  if (s->units[index].flags & ACIES_CCA_UF_NO_MOVE)
    return 0;
  p = acies_cca_prof (s, index);
  move = p->move;
  if (effect == ACIES_CCA_CARD_LINE_COMMAND)
    move = 1;
  else if (effect == ACIES_CCA_CARD_DOUBLE_TIME && acies_cca_is_infantry (s, index)
           && !acies_cca_is_light_foot (s, index))
    move = s->st->units[index].type == ACIES_CCA_WAR ? 3 : MAX (move, 2);
  else if (s->st->units[index].type == ACIES_CCA_WAR)
    /* Ref 1.2: warriors move one hex, or two if they then close-combat. */
    move = MAX (move, 2);
  if (s->st->units[index].legion_rule >= 2 && effect != ACIES_CCA_CARD_LINE_COMMAND)
    move = MAX (move, 2);
  if (with_caesar (s, index) && acies_cca_is_infantry (s, index) && effect != ACIES_CCA_CARD_LINE_COMMAND)
    move = MAX (move, 2);
  t = acies_cca_terrain (s, s->units[index].cell);
  if (t->leave_one)
    move = MIN (move, 1);
  return move;
}

/**
 * acies_cca_move_allowance:
 * @s: a state
 * @index: an ordered unit, or n_units + an ordered leader
 *
 * Ref 1.2: the type's move; a lone leader 3 (ref 1.9).  Line Command: one
 * hex (EP-1.12).  Double Time: foot units two, warriors three, light foot
 * no more than their own (EP-1.11).  JL-2: Julian legions two (then no
 * battle); JC-2: infantry with Caesar two (and close combat); the Ilipa
 * and Zama option the same as JL-2.  T-MARSH-5, T-SCW-2: a unit leaving a
 * marsh or a wall hex moves one hex only.  Reinforcements that entered
 * this turn do not move (SCN Gergovia).
 *
 * Returns: the most hexes it may move now
 */
guint
acies_cca_move_allowance (const AciesCcaState *s,
                          gint                 index)
{
  return move_allowance (s, index);
}

/* T-*, B19: whether a unit entering @cell must stop there. */
static inline gboolean
stops_in (const AciesCcaState *s,
          gint                 cell,
          gboolean             mounted)
{
  return (s->st->stop[cell] & (mounted ? 2 : 1)) != 0;
}

/**
 * acies_cca_destinations:
 * @s: a state
 * @index: an ordered unit or leader
 * @cells: (out): the hexes it may end its move in (at most n_cells)
 * @dist: (out): hexes moved to reach each one
 *
 * BASE-MOVE and section 7: a search over the hexes, stopping where the
 * terrain stops a unit (marsh, forest, fords, broken ground for mounted
 * units, walls), never through units or impassable terrain; a wall hex
 * only as the first hex of the move (T-SCW-1); Gergovia's steep hills not
 * from the forest (Q14); Bibracte's recruits not out of their hexes
 * (SCN Bibracte).  Warriors moving two hexes must end next to an enemy,
 * for they must then close-combat (ref 1.2).
 *
 * Returns: the number of destinations
 */
/* What the search of one unit or leader needs (search_destinations()). */
typedef struct
{
  gint     start, side;
  guint    allowance;
  guint32  type_bit;
  guint8   stop_bit;
  gboolean carries_leader, warrior;
  gint     hold;
  guint    max;
  gint     target;
} Mover;

/* The breadth-first search of search_destinations(), made eight times by
 * the compiler: for a leader or a unit, moving one hex (@one: most foot;
 * only the hexes next to the start, each found once, nothing to
 * remember) or more, and @plain: no hold area, no warrior's charge and
 * no steep hills to look at (most moves). */
G_ALWAYS_INLINE static inline guint
search (const AciesCcaState *s,
        const Mover         *m,
        const gboolean       leader,
        const gboolean       one,
        const gboolean       plain,
        gint16              *cells,
        guint8              *dist)
{
  const AciesCcaStatic *st = s->st;
  const gint8 *unit_at = s->unit_at, *leader_at = s->leader_at;
  guint8 seen[ACIES_CCA_MAX_CELLS];
  gint16 queue[ACIES_CCA_MAX_CELLS];
  guint8 qd[ACIES_CCA_MAX_CELLS];
  guint head = 0, tail = 0, n = 0;
  /* In locals, and the static tables' addresses too: the byte stores
   * below would make the compiler read them again each time through @m
   * and @st. */
  const gint16 (*nb)[6] = st->nb;
  const guint32 *pass = st->pass;
  const guint8 *stop = st->stop;
  const gboolean steep_hills = !plain && st->steep_hills;
  const gint start = m->start, side = m->side, hold = plain ? -1 : m->hold, target = m->target;
  const guint allowance = m->allowance, max = m->max;
  const guint32 type_bit = m->type_bit;
  const guint8 stop_bit = m->stop_bit;
  const gboolean carries_leader = m->carries_leader, warrior = !plain && m->warrior;

  if (!one)
    {
      memset (seen, 0, st->n_cells);
      seen[start] = 1;
    }
  queue[tail] = start;
  qd[tail++] = 0;
  while (head < tail)
    {
      gint c = queue[head];
      guint d = qd[head++];
      const gboolean first = c == start;

      /* Stopped here: the search does not go on from a hex that stops. */
      if (!first && (stop[c] & stop_bit))
        continue;
      /* A unit on a friendly leader's hex has ended its move there. */
      if (!first && !leader && leader_at[c] >= 0)
        continue;
      for (guint dir = 0; dir < 6; dir++)
        {
          gint nc = nb[c][dir];
          gboolean end_ok = TRUE;

          if (nc < 0 || (!one && seen[nc]))
            continue;
          /* A hex refused whatever the hex the mover comes from is marked
           * seen: it is not looked at again from its other neighbours.  A
           * unit never enters another's hex (the commonest refusal). */
          if (!(pass[nc] & type_bit) || (!leader && unit_at[nc] >= 0))
            goto refused;
          if (steep_hills && acies_cca_steep_step (s, c, nc))
            continue;
          /* T-SCW-1: walls are entered only from the hex next to them. */
          if (!first && (stop[nc] & ACIES_CCA_STOP_ADJACENT_ONLY))
            continue;
          if (leader)
            {
              if (unit_at[nc] >= 0 && acies_cca_side_of (s, unit_at[nc]) != side)
                goto refused;
              if (leader_at[nc] >= 0 && st->leaders[leader_at[nc]].side != side)
                goto refused;
              /* Ref 1.9: never ends in another friendly leader's hex. */
              end_ok = leader_at[nc] < 0;
            }
          else
            {
              if (leader_at[nc] >= 0 && (st->leaders[leader_at[nc]].side != side || carries_leader))
                goto refused;
              if (hold >= 0 && !acies_cca_in_area (s, hold, nc))
                goto refused;
            }
          if (!one)
            seen[nc] = 1;
          /* A hex at the end of the allowance is not searched from. */
          if (d + 1 < allowance)
            {
              queue[tail] = nc;
              qd[tail++] = d + 1;
            }
          if (!end_ok)
            continue;
          if (warrior && d + 1 >= 2)
            {
              gboolean enemy_next = FALSE;

              for (guint k = 0; k < 6 && !enemy_next; k++)
                {
                  gint e = nb[nc][k];

                  enemy_next = e >= 0 && unit_at[e] >= 0 && acies_cca_side_of (s, unit_at[e]) != side;
                }
              if (!enemy_next)
                continue;
            }
          cells[n] = nc;
          dist[n++] = d + 1;
          if (n >= max || nc == target)
            return n;
          continue;
        refused:
          if (!one)
            seen[nc] = 1;
        }
    }
  return n;
}

/* The search of acies_cca_destinations(), stopping once @max hexes are
 * found (acies_cca_any_move() needs one) or once @target is found (a
 * path: every hex nearer than it is found by then, in a breadth-first
 * search).  The hexes come in the order of the search, the same whatever
 * @max and @target. */
static guint
search_destinations (const AciesCcaState *s,
                     gint                 index,
                     gint16              *cells,
                     guint8              *dist,
                     guint                max,
                     gint                 target)
{
  const AciesCcaStatic *st = s->st;
  gboolean leader = is_leader (s, index);
  gint l = leader ? index - (gint) st->n_units : -1;
  gint side, start, hold = -1;
  guint32 type_bit = 1u << ACIES_CCA_LI;   /* a lone leader goes where foot may (T-SCW-1) */
  guint8 stop_bit = 1;
  gboolean carries_leader = FALSE, warrior = FALSE;
  guint allowance = move_allowance (s, index);

  if (leader)
    {
      side = st->leaders[l].side;
      start = s->leaders[l].cell;
    }
  else
    {
      gint type = st->units[index].type;

      side = acies_cca_side_of (s, index);
      start = s->units[index].cell;
      type_bit = 1u << type;
      stop_bit = acies_cca_is_mounted (s, index) ? 2 : 1;
      carries_leader = acies_cca_leader_with (s, index) >= 0;
      hold = st->units[index].hold_area;
      warrior = type == ACIES_CCA_WAR && s->play.effect != ACIES_CCA_CARD_DOUBLE_TIME
                && !with_caesar (s, index);
    }
  if (start < 0 || allowance == 0 || max == 0)
    return 0;
  {
    Mover m = { start, side, allowance, type_bit, stop_bit, carries_leader, warrior, hold, max, target };

    if (hold < 0 && !warrior && !st->steep_hills)
      {
        if (allowance == 1)
          return leader ? search (s, &m, TRUE, TRUE, TRUE, cells, dist) : search (s, &m, FALSE, TRUE, TRUE, cells, dist);
        return leader ? search (s, &m, TRUE, FALSE, TRUE, cells, dist) : search (s, &m, FALSE, FALSE, TRUE, cells, dist);
      }
    if (allowance == 1)
      return leader ? search (s, &m, TRUE, TRUE, FALSE, cells, dist) : search (s, &m, FALSE, TRUE, FALSE, cells, dist);
    return leader ? search (s, &m, TRUE, FALSE, FALSE, cells, dist) : search (s, &m, FALSE, FALSE, FALSE, cells, dist);
  }
}

/**
 * acies_cca_destinations:
 * @s: a state
 * @index: an ordered unit or leader
 * @cells: (out): the hexes it may end its move in (at most n_cells)
 * @dist: (out): hexes moved to reach each one
 *
 * BASE-MOVE and section 7: a search over the hexes, stopping where the
 * terrain stops a unit (marsh, forest, fords, broken ground for mounted
 * units, walls), never through units or impassable terrain; a wall hex
 * only as the first hex of the move (T-SCW-1); Gergovia's steep hills not
 * from the forest (Q14); Bibracte's recruits not out of their hexes
 * (SCN Bibracte).  Warriors moving two hexes must end next to an enemy,
 * for they must then close-combat (ref 1.2).
 *
 * Returns: the number of destinations
 */
guint
acies_cca_destinations (const AciesCcaState *s,
                        gint                 index,
                        gint16              *cells,
                        guint8              *dist)
{
  return search_destinations (s, index, cells, dist, G_MAXUINT, -1);
}

/* The hexes of a move of @index to @to, from @to back to the first hex
 * after the start (at most 8); 0 when @to is not a destination. */
static guint
walk_path (const AciesCcaState *s,
           gint                 index,
           gint                 to,
           gint                 path[8])
{
  gint16 dest[ACIES_CCA_MAX_CELLS];
  guint8 dist[ACIES_CCA_MAX_CELLS];
  guint8 at[ACIES_CCA_MAX_CELLS];          /* hexes moved to reach each cell, 0xff: not a destination */
  gboolean leader = is_leader (s, index);
  gint start = leader ? s->leaders[index - (gint) s->st->n_units].cell : s->units[index].cell;
  guint8 stop_bit = !leader && acies_cca_is_mounted (s, index) ? 2 : 1;
  guint n, len = 0;
  gint cur = to, d;

  if (to < 0 || (guint) to >= s->st->n_cells)
    return 0;
  n = search_destinations (s, index, dest, dist, G_MAXUINT, to);
  memset (at, 0xff, s->st->n_cells);
  for (guint i = 0; i < n; i++)
    at[dest[i]] = dist[i];
  if (at[to] == 0xff)
    return 0;
  d = at[to];
  /* Walk back through destinations one hex nearer (or the start); every
   * hex passed is also a destination or a friendly unit's hex (a leader). */
  path[len++] = to;
  while (d > 1 && len < 8)
    {
      gint best = -1;

      for (guint dir = 0; dir < 6 && best < 0; dir++)
        {
          gint nc = s->st->nb[cur][dir];

          if (nc < 0)
            continue;
          if (at[nc] == d - 1 && !(s->st->stop[nc] & stop_bit))
            best = nc;
          else if (leader && s->unit_at[nc] >= 0 && acies_cca_distance (s, start, nc) == (guint) d - 1)
            best = nc;
        }
      if (best < 0)
        break;
      path[len++] = best;
      cur = best;
      d--;
    }
  return len;
}

/**
 * acies_cca_move_path:
 * @s: a state
 * @index: a unit or leader
 * @to: a destination
 * @cells: an array of gint (AciesCell) to append the path to, from the
 *   start to @to
 *
 * Returns: whether @to is a destination of @index
 */
gboolean
acies_cca_move_path (const AciesCcaState *s,
                     gint                 index,
                     gint                 to,
                     GArray              *cells)
{
  gint path[8];
  guint len = walk_path (s, index, to, path);
  gint start = is_leader (s, index) ? s->leaders[index - (gint) s->st->n_units].cell : s->units[index].cell;

  if (len == 0)
    return FALSE;
  g_array_append_val (cells, start);
  for (guint i = len; i > 0; i--)
    g_array_append_val (cells, path[i - 1]);
  return TRUE;
}

/* S5.2, EP-T2, EP-1.16: whether @index may move now (inlined in the
 * loops over the ordered units). */
G_ALWAYS_INLINE static inline gboolean
may_move (const AciesCcaState *s,
          gint                 index)
{
  if (is_leader (s, index))
    {
      const AciesCcaLeader *L = &s->leaders[index - (gint) s->st->n_units];

      return L->status == ACIES_CCA_ON && L->cell >= 0 && L->ordered && !L->moved
             && (!s->st->epic || L->seat == s->seat);
    }
  if (!acies_cca_on_board (s, index) || !s->units[index].ordered)
    return FALSE;
  if (s->st->epic && s->units[index].seat != s->seat)
    return FALSE;
  if (s->top == ACIES_CCA_STEP_BATTLE)
    /* Move-Fire-Move: the second move, after firing (EP-1.16). */
    return (s->units[index].flags & ACIES_CCA_UF_SECOND_MOVE) && (s->units[index].flags & ACIES_CCA_UF_BATTLED);
  return !(s->units[index].flags & ACIES_CCA_UF_MOVED);
}

/**
 * acies_cca_move_legal:
 * @s: a state in the MOVE step (or BATTLE, for Move-Fire-Move's second move)
 * @out: the legal actions to append to
 *
 * A move of each ordered unit and leader that has not moved, to each of
 * its destinations; leaving the map by an exit objective; the end of the
 * movement.
 */
void
acies_cca_move_legal (const AciesCcaState *s,
                      GArray              *out)
{
  gint16 dest[ACIES_CCA_MAX_CELLS];
  guint8 dist[ACIES_CCA_MAX_CELLS];
  gint side = s->base.deciding_side;

  /* Only units and leaders ordered this turn may move (S5.2). */
  for (guint k = 0; k < s->n_listed; k++)
    {
      gint i = s->listed[k];
      guint n;

      if (!may_move (s, i))
        continue;
      n = acies_cca_destinations (s, i, dest, dist);
      if (n > 0)
        {
          AciesAction *a = acies_cca_grow_actions (out, n);

          for (guint k = 0; k < n; k++)
            acies_cca_set_action (&a[k], ACIES_CCA_A_MOVE, side, i, dest[k], -1);
        }
      if (acies_cca_can_exit (s, i))
        acies_cca_add_action (out, ACIES_CCA_A_EXIT, side, i, -1, -1);
    }
  if (s->top == ACIES_CCA_STEP_MOVE)
    acies_cca_add_action (out, ACIES_CCA_A_MOVE_DONE, side, -1, -1, -1);
}

/**
 * acies_cca_any_move:
 * @s: a state in the MOVE step
 *
 * Whether acies_cca_move_legal() would offer more than the end of the
 * movement: the first ordered unit or leader with a hex to go to (or a
 * way off the map) answers, without listing the others.
 *
 * Returns: whether some ordered unit or leader can still move
 */
gboolean
acies_cca_any_move (const AciesCcaState *s)
{
  gint16 dest[ACIES_CCA_MAX_CELLS];
  guint8 dist[ACIES_CCA_MAX_CELLS];

  for (guint k = 0; k < s->n_listed; k++)
    if (may_move (s, s->listed[k])
        && (search_destinations (s, s->listed[k], dest, dist, 1, -1) > 0 || acies_cca_can_exit (s, s->listed[k])))
      return TRUE;
  return FALSE;
}

/**
 * acies_cca_movement_begun:
 * @s: a state in the MOVE step
 *
 * S5.2 (move, then battle): whether an ordered unit or leader of the
 * deciding seat (its General's, in an Epic battle, EP-T2) has moved or
 * left the map this turn.  Once the movement has begun, the MOVE step
 * waits for "End the movement" even when nobody can move any more, so that
 * the key press a player means for the end of the movement never ends the
 * battles that follow (issue 16, seen in the CCA trial).
 *
 * Returns: whether the movement has begun
 */
gboolean
acies_cca_movement_begun (const AciesCcaState *s)
{
  /* Only the units and leaders listed were ordered this turn. */
  for (guint k = 0; k < s->n_listed; k++)
    {
      gint i = s->listed[k];

      if ((guint) i < s->st->n_units)
        {
          if (s->units[i].ordered && (s->units[i].flags & ACIES_CCA_UF_MOVED)
              && (!s->st->epic || s->units[i].seat == s->seat))
            return TRUE;
        }
      else
        {
          const AciesCcaLeader *L = &s->leaders[i - (gint) s->st->n_units];

          if (L->ordered && L->moved > 0 && (!s->st->epic || L->seat == s->seat))
            return TRUE;
        }
    }
  return FALSE;
}

/**
 * acies_cca_marsh_check:
 * @s: a state
 * @index: a unit or leader in a marsh hex
 * @dice: the dice
 * @events: (nullable): events
 *
 * T-MARSH-2, T-MARSH-4, Q2: one battle die; a unit loses a block on its
 * own symbol; a lone commander is killed on a helmet (also on crossed
 * swords with the option).
 *
 * Returns: whether it was eliminated
 */
gboolean
acies_cca_marsh_check (AciesCcaState *s,
                       gint           index,
                       AciesDice     *dice,
                       GPtrArray     *events)
{
  AciesCcaSymbol sym;

  acies_cca_roll_symbol (s, dice, "marsh", &sym);
  if (is_leader (s, index))
    {
      gint l = index - (gint) s->st->n_units;
      gboolean dies = sym == ACIES_CCA_SYM_HELMET
                      || (sym == ACIES_CCA_SYM_SWORDS && s->st->opt.marsh_leader_swords);

      if (events != NULL)
        {
          g_autofree char *name = acies_cca_leader_words (s, l);

          acies_events_add (events, "marsh", "CCA 7, marsh", s->st->leaders[l].side,
                            /* TRANSLATORS: a line of the game log (CCA 7, marsh). Slots in order:
                             * %s: a unit's name; %s: a unit symbol's name. */
                            _("Marsh check for %s: %s"), name, acies_cca_symbol_name (sym));
        }
      if (dies)
        {
          acies_cca_kill_leader (s, l, TRUE, events, "CCA 7, marsh");
          acies_cca_check_win (s, events);
        }
      return dies;
    }
  if (events != NULL)
    {
      g_autofree char *name = acies_cca_unit_words (s, index);

      acies_events_add (events, "marsh", "CCA 7, marsh", acies_cca_side_of (s, index),
                        /* TRANSLATORS: a line of the game log (CCA 7, marsh). Slots in order: %s:
                         * a unit's name; %s: a unit symbol's name. */
                        _("Marsh check for %s: %s"), name, acies_cca_symbol_name (sym));
    }
  if (acies_cca_symbol_is_class (sym, acies_cca_prof (s, index)->cls))
    {
      gint l = acies_cca_leader_with (s, index);
      gboolean gone = acies_cca_lose_blocks (s, index, 1, events, "CCA 7, marsh");

      if (l >= 0 && !s->battle.active && s->retreat.unit < 0)
        acies_cca_leader_check (s, l, gone, dice, events);
      acies_cca_check_win (s, events);
      return gone;
    }
  return FALSE;
}

/* JL-2, JC-2, ML-2, ref 1.2, T-FOR-2, T-BRK-2: what a unit that ends its
 * move may still do in the battle. */
static void
after_move (AciesCcaState *s,
            gint           u)
{
  AciesCcaUnit *unit = &s->units[u];
  const AciesCcaProfile *p = acies_cca_prof (s, u);
  const AciesCcaTerrainDef *t = acies_cca_terrain (s, unit->cell);
  guint type = s->st->units[u].type;
  gboolean caesar = with_caesar (s, u) && acies_cca_is_infantry (s, u);
  gint effect = s->play.effect;

  if (unit->moved == 0)
    return;
  /* Terrain entered this turn. */
  if (t->no_battle_entry && !(t->battle_entry_types & (1u << type)))
    unit->flags |= ACIES_CCA_UF_NO_BATTLE;
  if (t->mounted_no_battle_entry && acies_cca_is_mounted (s, u))
    unit->flags |= ACIES_CCA_UF_NO_BATTLE;
  if (effect == ACIES_CCA_CARD_DOUBLE_TIME && acies_cca_is_infantry (s, u) && !acies_cca_is_light_foot (s, u))
    {
      /* EP-1.11: up to 2 hexes (warriors 3) and close combat; no fire. */
      unit->flags |= ACIES_CCA_UF_NO_FIRE;
      if (type == ACIES_CCA_WAR && unit->moved >= 2)
        unit->flags |= ACIES_CCA_UF_MUST_CC;
      return;
    }
  if (s->st->units[u].legion_rule >= 2 && unit->moved >= 2)
    {
      /* JL-2, Q6: two hexes and no battle; JC-2, Q5: with Caesar, close
       * combat but no fire. */
      if (caesar)
        {
          if (!s->st->opt.caesar_two_hex_fire)
            unit->flags |= ACIES_CCA_UF_NO_FIRE;
        }
      else if (!s->st->opt.julian_two_hex_fire)
        unit->flags |= ACIES_CCA_UF_NO_BATTLE;
      else
        unit->flags |= ACIES_CCA_UF_NO_FIRE;
      return;
    }
  if (type == ACIES_CCA_WAR && unit->moved >= 2)
    {
      /* Ref 1.2: a warrior's two-hex charge must close-combat. */
      unit->flags |= ACIES_CCA_UF_MUST_CC | ACIES_CCA_UF_NO_FIRE;
      return;
    }
  if (caesar && unit->moved > p->battle_move)
    {
      if (!s->st->opt.caesar_two_hex_fire)
        unit->flags |= ACIES_CCA_UF_NO_FIRE;
      return;
    }
  if (unit->moved > p->battle_move)
    unit->flags |= ACIES_CCA_UF_NO_BATTLE;
}

/* The hexes a move of @index from @start to @to takes (walk_path()'s
 * length), 0 when @to is not a destination.  A move to the next hex is
 * one hex.  A unit's path is as long as the search's distance to @to (the
 * hex it came from is a destination one nearer, and so on back), which is
 * the distance between the hexes when that is the whole allowance: no
 * search then.  A leader may pass friendly units' hexes, which are not
 * destinations: his path is walked. */
static guint
moved_hexes (const AciesCcaState *s,
             gint                 index,
             gint                 start,
             gint                 to)
{
  gint16 dest[ACIES_CCA_MAX_CELLS];
  guint8 dist[ACIES_CCA_MAX_CELLS];
  gint path[8];
  guint n, h;

  if (acies_cca_adjacent (s, start, to))
    return 1;
  if (is_leader (s, index) || (guint) to >= s->st->n_cells)
    return walk_path (s, index, to, path);
  h = acies_cca_distance (s, start, to);
  if (h >= acies_cca_move_allowance (s, index))
    /* A destination is no farther than the allowance; a hex that is not
     * one gets the distance too (acies_cca_move()). */
    return h;
  n = search_destinations (s, index, dest, dist, G_MAXUINT, to);
  return n > 0 && dest[n - 1] == to ? dist[n - 1] : 0;
}

/**
 * acies_cca_move:
 * @s: a state
 * @index: an ordered unit or leader that may move
 * @to: one of its destinations
 * @dice: the dice (a marsh check)
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Moves @index to @to.  A leader ordered on his own leaves his unit; a
 * unit's attached leader goes with it unless ordered on his own.  A unit
 * or lone leader ending in a marsh makes its check now (Q1, on entry) or
 * in the battle (option).
 *
 * Returns: %TRUE
 */
gboolean
acies_cca_move (AciesCcaState  *s,
                gint            index,
                gint            to,
                AciesDice      *dice,
                GPtrArray      *events,
                GError        **error)
{
  gint start = is_leader (s, index) ? s->leaders[index - (gint) s->st->n_units].cell : s->units[index].cell;
  /* Hexes moved (acies_cca_move_path() less its start), 0 if none. */
  guint len = start >= 0 && to >= 0 ? moved_hexes (s, index, start, to) : 0;
  gint from;

  if (is_leader (s, index))
    {
      gint l = index - (gint) s->st->n_units;

      from = s->leaders[l].cell;
      acies_cca_place_leader (s, l, to);
      s->leaders[l].moved = len > 0 ? len : 1;
      if (events != NULL)
        {
          g_autofree char *name = g_strdup (s->st->leaders[l].name);

          /* TRANSLATORS: a line of the game log (CCA base game: movement). Slots in order: %s: a unit's name;
           * %s: a hex or square label; %s: a hex or square label. */
          acies_events_add (events, "move", "CCA base game: movement", s->st->leaders[l].side, _("%s moves from %s to %s"),
                            name, acies_cca_cell_label (s, from), acies_cca_cell_label (s, to));
        }
      if (s->st->terrain[to] == ACIES_CCA_TER_MARSH)
        acies_cca_marsh_check (s, index, dice, events);
      return TRUE;
    }

  from = s->units[index].cell;
  {
    gint l = acies_cca_leader_with (s, index);

    /* A leader with his own order stays behind (he moves on his own). */
    if (l >= 0 && s->leaders[l].ordered)
      s->leaders[l].unit = -1;
  }
  acies_cca_place_unit (s, index, to);
  s->units[index].moved += len > 0 ? len : acies_cca_distance (s, from, to);
  s->units[index].flags |= ACIES_CCA_UF_MOVED;
  if (s->top == ACIES_CCA_STEP_BATTLE)
    s->units[index].flags &= ~ACIES_CCA_UF_SECOND_MOVE;
  if (events != NULL)
    {
      g_autofree char *type = g_utf8_strdown (acies_cca_type_name (s, index), -1);
      const AciesUnit *unit = g_ptr_array_index (s->base.scenario->units, index);
      const char *name = unit->name != NULL && *unit->name ? unit->name : acies_cca_type_name (s, index);

      /* TRANSLATORS: a line of the game log (CCA base game: movement). Slots in order: %s: a unit's name; %s:
       * a hex or square label; %s: a hex or square label. */
      acies_events_add (events, "move", "CCA base game: movement", acies_cca_side_of (s, index), _("%s moves from %s to %s"),
                        name, acies_cca_cell_label (s, from), acies_cca_cell_label (s, to));
    }
  if (s->top != ACIES_CCA_STEP_BATTLE)
    after_move (s, index);
  if (s->st->terrain[to] == ACIES_CCA_TER_MARSH && s->st->opt.marsh_on_entry)
    acies_cca_marsh_check (s, index, dice, events);
  return TRUE;
}

/**
 * acies_cca_marsh_phase_checks:
 * @s: a state at the end of the movement
 * @dice: the dice
 * @events: (nullable): events
 *
 * Q1, option marsh_check_timing = battle-phase: the marsh checks of the
 * units that entered a marsh this turn (they moved and stand in one: a
 * marsh stops a unit) are rolled when the battles begin, not on entry.
 */
void
acies_cca_marsh_phase_checks (AciesCcaState *s,
                              AciesDice     *dice,
                              GPtrArray     *events)
{
  if (s->st->opt.marsh_on_entry)
    return;
  for (guint k = 0; k < s->n_listed; k++)
    {
      gint u = s->listed[k];

      if ((guint) u < s->st->n_units && acies_cca_on_board (s, u) && s->units[u].moved > 0
          && s->st->terrain[s->units[u].cell] == ACIES_CCA_TER_MARSH)
        acies_cca_marsh_check (s, u, dice, events);
    }
}

/**
 * acies_cca_can_exit:
 * @s: a state
 * @index: a unit or leader
 *
 * SCN Utica 2, Dyrrhachium, Ruspina (Q19-Q21): a unit may leave the map
 * by an exit objective's hexes when it could reach one of them with a hex
 * of its move to spare (leaving counts as a hex), or stands on one.
 *
 * Returns: whether @index may leave the map now
 */
gboolean
acies_cca_can_exit (const AciesCcaState *s,
                    gint                 index)
{
  gint16 dest[ACIES_CCA_MAX_CELLS];
  guint8 dist[ACIES_CCA_MAX_CELLS];
  gint start;
  guint n, allowance;
  gint obj;

  /* Most battles have no exit objective. */
  if (!s->st->any_exit)
    return FALSE;
  obj = acies_cca_exit_objective (s, index);
  if (obj < 0)
    return FALSE;
  start = is_leader (s, index) ? s->leaders[index - (gint) s->st->n_units].cell : s->units[index].cell;
  if (acies_cca_in_area (s, -1 - obj, start))
    return acies_cca_move_allowance (s, index) >= 1;
  allowance = acies_cca_move_allowance (s, index);
  n = acies_cca_destinations (s, index, dest, dist);
  for (guint i = 0; i < n; i++)
    if (dist[i] < allowance && acies_cca_in_area (s, -1 - obj, dest[i])
        && !stops_in (s, dest[i], !is_leader (s, index) && acies_cca_is_mounted (s, index)))
      return TRUE;
  return FALSE;
}

/**
 * acies_cca_exit:
 * @s: a state
 * @index: a unit or leader that acies_cca_can_exit() accepts
 * @events: (nullable): events
 *
 * Q19-Q21: it leaves the map, its side gains a flag that stays, and it is
 * out of the game (the enemy gains nothing).
 *
 * Returns: %TRUE
 */
gboolean
acies_cca_exit (AciesCcaState *s,
                gint           index,
                GPtrArray     *events)
{
  gint obj = acies_cca_exit_objective (s, index);
  gint side;
  g_autofree char *name = acies_cca_thing_words (s, index);

  if (is_leader (s, index))
    {
      gint l = index - (gint) s->st->n_units;

      side = s->st->leaders[l].side;
      acies_cca_place_leader (s, l, ACIES_CCA_NONE);
      s->leaders[l].status = ACIES_CCA_EXITED;
      /* Leaving is his move (acies_cca_movement_begun()). */
      s->leaders[l].moved = MAX (s->leaders[l].moved, 1);
    }
  else
    {
      gint l = acies_cca_leader_with (s, index);

      side = acies_cca_side_of (s, index);
      if (l >= 0 && !s->leaders[l].ordered)
        {
          /* His leader goes with him. */
          acies_cca_place_leader (s, l, ACIES_CCA_NONE);
          s->leaders[l].status = ACIES_CCA_EXITED;
        }
      s->units[index].flags |= ACIES_CCA_UF_MOVED;
      acies_cca_remove_unit (s, index, ACIES_CCA_EXITED, NULL, NULL);
    }
  /* TRANSLATORS: a line of the game log (CCA scenario rule). Slots in order: %s: a unit's name. */
  acies_events_add (events, "exit", "CCA scenario rule", side, _("%s leaves the battlefield"), name);
  s->obj_flag[obj]++;
  acies_cca_gain_flag (s, s->st->objectives[obj].side, FALSE, events, s->st->objectives[obj].name, "CCA ruling: exit flags");
  acies_cca_check_win (s, events);
  return TRUE;
}
