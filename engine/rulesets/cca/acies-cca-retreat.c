/* acies-cca-retreat.c
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
 * Flags, retreats, evades and momentum (BASE-SUPPORT, BASE-RETREAT,
 * BASE-EVADE, BASE-MOMENTUM; ref 1.3-1.5, 1.7, 1.8; T-MARSH-3, T-MARSH-9).
 */

/* A hex a unit may retreat or evade into: on the map, open to its type,
 * no unit and no enemy leader; a lone friendly leader's hex only for a
 * unit without one (it ends the retreat there, ref 1.3). */
static gboolean
open_for (const AciesCcaState *s,
          gint                 u,
          gint                 from,
          gint                 cell)
{
  gint l;

  if (cell < 0 || !acies_cca_passable (s, cell, s->st->units[u].type))
    return FALSE;
  if (s->unit_at[cell] >= 0)
    return FALSE;
  if (acies_cca_steep_step (s, from, cell))
    return FALSE;
  l = s->leader_at[cell];
  if (l >= 0 && (s->st->leaders[l].side != acies_cca_side_of (s, u) || acies_cca_leader_with (s, u) >= 0))
    return FALSE;
  /* Q26: Bibracte's recruits, with the option, may not retreat out. */
  if (s->st->units[u].hold_area >= 0 && !s->st->opt.hold_retreat_allowed
      && !acies_cca_in_area (s, s->st->units[u].hold_area, cell))
    return FALSE;
  return TRUE;
}

/**
 * acies_cca_suffer_flags:
 * @s: a state
 * @u: the unit that suffers the flags
 * @flags: flags rolled against it
 * @ignorable: flags it may ignore (ACIES_CCA_ALL: any)
 * @attacker: @u is the battle's attacker (hit back)
 * @dice: the dice
 * @events: (nullable): events
 *
 * BASE-SUPPORT, BASE-RETREAT: the unit may ignore up to @ignorable flags
 * (its owner chooses how many; a flag it may ignore it may also obey),
 * and retreats its retreat distance for each other flag.
 */
void
acies_cca_suffer_flags (AciesCcaState *s,
                        gint           u,
                        gint           flags,
                        gint           ignorable,
                        gboolean       attacker,
                        AciesDice     *dice,
                        GPtrArray     *events)
{
  AciesCcaRetreat *r = &s->retreat;

  memset (r, 0, sizeof *r);
  r->unit = u;
  r->flags = flags;
  r->ignorable = ignorable >= ACIES_CCA_ALL ? flags : MIN (flags, ignorable);
  r->per_flag = acies_cca_prof (s, u)->retreat;
  r->attacker = attacker;
  r->blocks0 = s->units[u].blocks;
  r->leader = acies_cca_leader_with (s, u);
  r->hexes = r->ignorable > 0 ? -1 : flags * r->per_flag;
  (void) dice;
  (void) events;
}

/**
 * acies_cca_force_retreat:
 * @s: a state
 * @u: a unit
 * @hexes: hexes to retreat
 * @dice: the dice
 * @events: (nullable): events
 *
 * SCN Utica 1, EP-1.14, Q29: a die's flag makes a unit retreat its full
 * distance, with the usual losses for hexes it cannot retreat.
 */
void
acies_cca_force_retreat (AciesCcaState *s,
                         gint           u,
                         gint           hexes,
                         AciesDice     *dice,
                         GPtrArray     *events)
{
  AciesCcaRetreat *r = &s->retreat;

  memset (r, 0, sizeof *r);
  r->unit = u;
  r->flags = 1;
  r->per_flag = hexes;
  r->hexes = hexes;
  r->outside = TRUE;
  r->blocks0 = s->units[u].blocks;
  r->leader = acies_cca_leader_with (s, u);
  (void) dice;
  (void) events;
}

/**
 * acies_cca_flags_legal:
 * @s: a state in the FLAGS step
 * @out: the legal actions to append to
 *
 * How many flags to ignore, from the most the unit may.
 */
void
acies_cca_flags_legal (const AciesCcaState *s,
                       GArray              *out)
{
  for (gint n = s->retreat.ignorable; n >= 0; n--)
    acies_cca_add_action (out, ACIES_CCA_A_IGNORE_FLAGS, s->base.deciding_side, n, -1, -1);
}

/**
 * acies_cca_ignore_flags:
 * @s: a state in the FLAGS step
 * @n: flags ignored
 * @dice: the dice
 * @events: (nullable): events
 */
void
acies_cca_ignore_flags (AciesCcaState *s,
                        gint           n,
                        AciesDice     *dice,
                        GPtrArray     *events)
{
  AciesCcaRetreat *r = &s->retreat;

  r->hexes = (r->flags - n) * r->per_flag;
  if (events != NULL)
    {
      g_autofree char *name = acies_cca_unit_words (s, r->unit);

      if (n > 0)
        acies_events_add (events, "flags", "CCA base game: support", acies_cca_side_of (s, r->unit),
                          /* TRANSLATORS: a line of the game log (CCA base game: support). Slots in order:
                           * %s: a unit's name; %d: a number. */
                          g_dngettext (GETTEXT_PACKAGE, "%s ignores %d flag", "%s ignores %d flags", n), name, n);
    }
  (void) dice;
}

/**
 * acies_cca_retreat_cells:
 * @s: a state
 * @u: a retreating unit
 * @out: (out): the hexes it may retreat into
 *
 * BASE-RETREAT, ref 1.3: one of the two hexes behind it, toward its
 * side's edge (or its own, Q24), never sideways; terrain is ignored but
 * for impassable hexes.
 *
 * Returns: how many
 */
guint
acies_cca_retreat_cells (const AciesCcaState *s,
                         gint                 u,
                         gint16               out[2])
{
  gint back[2];
  guint n = 0;
  gint cell = s->units[u].cell;

  acies_cca_back_cells (s, cell, s->st->units[u].back_edge, back);
  for (guint i = 0; i < 2; i++)
    if (open_for (s, u, cell, back[i]))
      out[n++] = back[i];
  return n;
}

/**
 * acies_cca_retreat_legal:
 * @s: a state in the RETREAT step
 * @out: the legal actions to append to
 */
void
acies_cca_retreat_legal (const AciesCcaState *s,
                         GArray              *out)
{
  gint16 cells[2];
  guint n = acies_cca_retreat_cells (s, s->retreat.unit, cells);

  for (guint i = 0; i < n; i++)
    acies_cca_add_action (out, ACIES_CCA_A_RETREAT, s->base.deciding_side, cells[i], -1, -1);
}

/**
 * acies_cca_retreat_step:
 * @s: a state
 * @to: the next retreat hex
 * @dice: the dice
 * @events: (nullable): events
 *
 * T-MARSH-3: a marsh entered on the way costs a check (before any loss
 * for hexes not retreated); a lone friendly leader's hex ends the
 * retreat, the leader joining the unit (ref 1.3).
 */
void
acies_cca_retreat_step (AciesCcaState *s,
                        gint           to,
                        AciesDice     *dice,
                        GPtrArray     *events)
{
  AciesCcaRetreat *r = &s->retreat;
  gint u = r->unit;
  gint from = s->units[u].cell;
  gboolean leader_hex = s->leader_at[to] >= 0;

  acies_cca_place_unit (s, u, to);
  r->hexes--;
  if (events != NULL)
    {
      g_autofree char *type = g_utf8_strdown (acies_cca_type_name (s, u), -1);

      acies_events_add (events, "retreat", "CCA base game: retreat", acies_cca_side_of (s, u),
                        /* TRANSLATORS: a line of the game log (CCA base game: retreat). Slots in order:
                         * %s: a kind of unit; %s: a hex or square label; %s: a hex or square label. */
                        _("The %s retreats from %s to %s"), type, acies_cca_cell_label (s, from),
                        acies_cca_cell_label (s, to));
    }
  if (s->st->terrain[to] == ACIES_CCA_TER_MARSH && acies_cca_marsh_check (s, u, dice, events))
    {
      r->hexes = 0;
      return;
    }
  if (leader_hex)
    r->hexes = 0;
  /* T-MARSH-5, Q3, option marsh_exit_on_retreat: a unit leaving a marsh
   * goes one hex only, retreating too (no loss for the rest). */
  if (s->st->opt.marsh_exit_on_retreat && s->st->terrain[from] == ACIES_CCA_TER_MARSH)
    r->hexes = 0;
}

/* Ref 1.8: before an elephant retreats, every unit next to it, friend or
 * foe, is rolled against with two dice (hits on its symbol: provisional). */
static void
rampage (AciesCcaState *s,
         gint           el,
         AciesDice     *dice,
         GPtrArray     *events)
{
  gint cell = s->units[el].cell;

  if (events != NULL)
    {
      g_autofree char *name = acies_cca_unit_words (s, el);

      /* TRANSLATORS: a line of the game log (CCA ref 1.8). Slots in order: %s: a unit's name. */
      acies_events_add (events, "rampage", "CCA ref 1.8", acies_cca_side_of (s, el), _("%s rampages"), name);
    }
  for (guint d = 0; d < 6; d++)
    {
      gint c = s->st->nb[cell][d], v;
      gint hits = 0;

      if (c < 0 || (v = s->unit_at[c]) < 0)
        continue;
      for (guint k = 0; k < 2; k++)
        {
          AciesCcaSymbol sym;

          acies_cca_roll_symbol (s, dice, "rampage", &sym);
          hits += acies_cca_symbol_is_class (sym, acies_cca_prof (s, v)->cls);
        }
      acies_cca_lose_blocks (s, v, hits, events, "CCA ref 1.8");
    }
  acies_cca_check_win (s, events);
}

/* The end of a retreat: a leader whose unit lost blocks outside a battle
 * is checked (ref 1.9); in a battle the battle does it once. */
static void
retreat_done (AciesCcaState *s,
              AciesDice     *dice,
              GPtrArray     *events)
{
  AciesCcaRetreat *r = &s->retreat;
  gint u = r->unit, l = r->leader;

  r->unit = -1;
  if (r->outside && l >= 0 && s->leaders[l].status == ACIES_CCA_ON)
    {
      gboolean gone = s->units[u].status == ACIES_CCA_ELIMINATED;

      if (gone || s->units[u].blocks < r->blocks0)
        acies_cca_leader_check (s, l, gone, dice, events);
    }
  acies_cca_check_win (s, events);
}

/**
 * acies_cca_retreat_progress:
 * @s: a state with a retreat under way
 * @dice: the dice
 * @events: (nullable): events
 *
 * BASE-RETREAT, ref 1.3: one hex of the retreat when there is one way,
 * the player's choice between two; with no way, a block lost per hex not
 * retreated (an elephant loses none: the units in its way lose one each,
 * ref 1.8).
 *
 * Returns: %TRUE if something was done, %FALSE if a choice waits
 */
gboolean
acies_cca_retreat_progress (AciesCcaState *s,
                            AciesDice     *dice,
                            GPtrArray     *events)
{
  AciesCcaRetreat *r = &s->retreat;
  gint16 cells[2];
  guint n;
  gint u = r->unit;

  if (r->hexes < 0)
    return FALSE;
  if (r->hexes == 0 || !acies_cca_on_board (s, u))
    {
      retreat_done (s, dice, events);
      return TRUE;
    }
  if (s->st->units[u].type == ACIES_CCA_EL && !r->rampaged && s->st->opt.elephant_rampage)
    {
      r->rampaged = TRUE;
      rampage (s, u, dice, events);
      return TRUE;
    }
  n = acies_cca_retreat_cells (s, u, cells);
  if (n == 0)
    {
      if (s->st->units[u].type == ACIES_CCA_EL)
        {
          gint back[2];

          acies_cca_back_cells (s, s->units[u].cell, s->st->units[u].back_edge, back);
          if (events != NULL)
            {
              g_autofree char *name = acies_cca_unit_words (s, u);

              acies_events_add (events, "blocked", "CCA ref 1.8", acies_cca_side_of (s, u),
                                /* TRANSLATORS: a line of the game log (CCA ref 1.8). Slots in
                                 * order: %s: a unit's name. */
                                _("%s cannot retreat: the units in its way lose a block each"), name);
            }
          for (guint i = 0; i < 2; i++)
            if (back[i] >= 0 && s->unit_at[back[i]] >= 0)
              acies_cca_lose_blocks (s, s->unit_at[back[i]], 1, events, "CCA ref 1.8");
        }
      else
        {
          if (events != NULL)
            {
              g_autofree char *name = acies_cca_unit_words (s, u);

              acies_events_add (events, "blocked", "CCA base game: retreat", acies_cca_side_of (s, u),
                                /* TRANSLATORS: a line of the game log (CCA base game: retreat). Slots in
                                 * order: %s: a unit's name; %d: a hex or square label. */
                                g_dngettext (GETTEXT_PACKAGE, "%s cannot retreat %d more hex",
                                             "%s cannot retreat %d more hexes", r->hexes),
                                name, r->hexes);
            }
          acies_cca_lose_blocks (s, u, r->hexes, events, "CCA base game: retreat");
        }
      r->hexes = 0;
      return TRUE;
    }
  if (n == 1)
    {
      acies_cca_retreat_step (s, cells[0], dice, events);
      return TRUE;
    }
  return FALSE;
}

/**
 * acies_cca_evade_cells:
 * @s: a state
 * @u: a unit that evades
 * @out: (out): where it may end its evade
 * @n: (out): how many
 *
 * BASE-EVADE, ref 1.5: two hexes toward its side; one hex only when no
 * two-hex way is open; a lone friendly leader's hex stops it.
 *
 * Returns: %TRUE if there is one
 */
gboolean
acies_cca_evade_cells (const AciesCcaState *s,
                       gint                 u,
                       gint16              *out,
                       guint               *n)
{
  gint cell = s->units[u].cell, edge = s->st->units[u].back_edge;
  gint first[2], second[2];
  guint n1 = 0, n2 = 0;
  gint16 ones[2], twos[4], stops[2];
  guint ns = 0;

  *n = 0;
  if (cell < 0)
    return FALSE;
  acies_cca_back_cells (s, cell, edge, first);
  for (guint i = 0; i < 2; i++)
    {
      if (!open_for (s, u, cell, first[i]))
        continue;
      if (s->leader_at[first[i]] >= 0)
        {
          stops[ns++] = first[i];
          continue;
        }
      ones[n1++] = first[i];
      /* T-MARSH-5, Q3, option marsh_exit_on_retreat: out of a marsh, one
       * hex only. */
      if (s->st->opt.marsh_exit_on_retreat && s->st->terrain[cell] == ACIES_CCA_TER_MARSH)
        continue;
      acies_cca_back_cells (s, first[i], edge, second);
      for (guint k = 0; k < 2; k++)
        {
          gboolean dup = FALSE;

          if (!open_for (s, u, first[i], second[k]))
            continue;
          for (guint j = 0; j < n2; j++)
            dup |= twos[j] == second[k];
          if (!dup)
            twos[n2++] = second[k];
        }
    }
  if (n2 > 0)
    for (guint i = 0; i < n2; i++)
      out[(*n)++] = twos[i];
  else
    for (guint i = 0; i < n1; i++)
      out[(*n)++] = ones[i];
  for (guint i = 0; i < ns; i++)
    out[(*n)++] = stops[i];
  return *n > 0;
}

/* Momentum ------------------------------------------------------------- */

/* Ref 1.7, 1.9, T-FOR-5, T-BRK-2, EP-1.12: whether @u may make a bonus
 * close combat after its advance. */
static gboolean
bonus_allowed (const AciesCcaState *s,
               gint                 u)
{
  const AciesCcaProfile *p = acies_cca_prof (s, u);
  const AciesCcaTerrainDef *t = acies_cca_terrain (s, s->units[u].cell);
  gboolean leader = acies_cca_leader_with (s, u) >= 0;

  if (s->units[u].flags & ACIES_CCA_UF_BONUS_DONE)
    return FALSE;
  if (s->st->terrain[s->units[u].cell] == ACIES_CCA_TER_FOREST)
    return acies_cca_is_infantry (s, u) && leader;
  if (t->mounted_no_battle_entry && acies_cca_is_mounted (s, u))
    return FALSE;
  switch (p->momentum)
    {
    case ACIES_CCA_MOM_BONUS:
    case ACIES_CCA_MOM_CAVALRY:
      return TRUE;
    case ACIES_CCA_MOM_ADVANCE:
      return (acies_cca_is_infantry (s, u) && leader)
             || (s->play.effect == ACIES_CCA_CARD_LINE_COMMAND && acies_cca_is_foot (s, u));
    case ACIES_CCA_MOM_NONE:
    default:
      return FALSE;
    }
}

static gboolean
has_bonus_target (const AciesCcaState *s,
                  gint                 u)
{
  gint cell = s->units[u].cell, side = acies_cca_side_of (s, u);

  for (guint d = 0; d < 6; d++)
    {
      gint c = s->st->nb[cell][d], t;

      if (c >= 0 && (t = acies_cca_enemy_at (s, c, side)) >= 0 && acies_cca_close_target_ok (s, u, t, TRUE))
        return TRUE;
    }
  return FALSE;
}

/* The cavalry's hex more after the advance (ref 1.7). */
static guint
extra_cells (const AciesCcaState *s,
             gint                 u,
             gint16               out[6])
{
  gint cell = s->units[u].cell;
  const AciesCcaTerrainDef *t = acies_cca_terrain (s, cell);
  guint n = 0;

  if (t->stop || (t->mounted_stop && acies_cca_is_mounted (s, u)) || t->leave_one)
    return 0;
  for (guint d = 0; d < 6; d++)
    {
      gint c = s->st->nb[cell][d];

      if (c < 0 || !acies_cca_passable (s, c, s->st->units[u].type) || s->unit_at[c] >= 0
          || acies_cca_steep_step (s, cell, c) || acies_cca_terrain (s, c)->enter_from_adjacent)
        continue;
      if (s->leader_at[c] >= 0 && (s->st->leaders[s->leader_at[c]].side != acies_cca_side_of (s, u)
                                   || acies_cca_leader_with (s, u) >= 0))
        continue;
      if (s->st->units[u].hold_area >= 0 && !acies_cca_in_area (s, s->st->units[u].hold_area, c))
        continue;
      out[n++] = c;
    }
  return n;
}

/**
 * acies_cca_advance_legal:
 * @s: a state in the ADVANCE, ADVANCE_MORE or BONUS step
 * @out: the legal actions to append to
 */
void
acies_cca_advance_legal (const AciesCcaState *s,
                         GArray              *out)
{
  gint u = s->advance_unit, side = s->base.deciding_side;

  switch (s->advanced)
    {
    case 0:
      acies_cca_add_action (out, ACIES_CCA_A_ADVANCE, side, s->advance_cell, -1, -1);
      acies_cca_add_action (out, ACIES_CCA_A_NO_ADVANCE, side, -1, -1, -1);
      break;
    case 1:
      {
        gint16 cells[6];
        guint n = extra_cells (s, u, cells);

        for (guint i = 0; i < n; i++)
          acies_cca_add_action (out, ACIES_CCA_A_ADVANCE, side, cells[i], -1, -1);
        acies_cca_add_action (out, ACIES_CCA_A_NO_ADVANCE, side, -1, -1, -1);
      }
      break;
    default:
      {
        gint cell = s->units[u].cell;

        for (guint d = 0; d < 6; d++)
          {
            gint c = s->st->nb[cell][d], t;

            if (c >= 0 && (t = acies_cca_enemy_at (s, c, side)) >= 0 && acies_cca_close_target_ok (s, u, t, TRUE))
              acies_cca_add_action (out, ACIES_CCA_A_CLOSE_COMBAT, side, u, t, -1);
          }
        acies_cca_add_action (out, ACIES_CCA_A_NO_BONUS, side, -1, -1, -1);
      }
      break;
    }
}

/* After the advance (and the cavalry's extra hex): the bonus combat, if
 * there is one to make. */
static void
to_bonus (AciesCcaState *s)
{
  gint u = s->advance_unit;

  if (!acies_cca_on_board (s, u) || !bonus_allowed (s, u) || !has_bonus_target (s, u))
    {
      s->advance_unit = -1;
      return;
    }
  s->advanced = 2;
}

/**
 * acies_cca_advance:
 * @s: a state in the ADVANCE, ADVANCE_MORE or BONUS step
 * @a: an ADVANCE, NO_ADVANCE or CLOSE_COMBAT (bonus) action
 * @dice: the dice
 * @events: (nullable): events
 *
 * BASE-MOMENTUM, ref 1.7: the attacker advances into the hex its target
 * left (T-MARSH-9: a marsh check there); cavalry may go one hex more;
 * then a bonus close combat where allowed.
 */
void
acies_cca_advance (AciesCcaState     *s,
                   const AciesAction *a,
                   AciesDice         *dice,
                   GPtrArray         *events)
{
  gint u = s->advance_unit;

  if (a->type == ACIES_CCA_A_CLOSE_COMBAT)
    {
      s->advance_unit = -1;
      acies_cca_start_battle (s, u, a->args[1], ACIES_CCA_BM_CLOSE, TRUE, dice, events);
      return;
    }
  if (a->type == ACIES_CCA_A_NO_ADVANCE || a->type == ACIES_CCA_A_NO_BONUS)
    {
      if (s->advanced == 1)
        to_bonus (s);
      else
        s->advance_unit = -1;
      return;
    }
  /* ADVANCE */
  {
    gint from = s->units[u].cell, to = a->args[0];

    acies_cca_place_unit (s, u, to);
    if (events != NULL)
      {
        g_autofree char *name = acies_cca_unit_words (s, u);

        acies_events_add (events, "advance", "CCA base game: momentum advance", acies_cca_side_of (s, u),
                          /* TRANSLATORS: a line of the game log (CCA base game: momentum advance). Slots in
                           * order: %s: a unit's name; %s: a hex or square label. */
                          _("%s advances from %s"), name, acies_cca_cell_label (s, from));
      }
    if (s->st->terrain[to] == ACIES_CCA_TER_MARSH && acies_cca_marsh_check (s, u, dice, events))
      {
        s->advance_unit = -1;
        return;
      }
    if (s->advanced == 0 && acies_cca_prof (s, u)->momentum == ACIES_CCA_MOM_CAVALRY)
      {
        gint16 cells[6];

        s->advanced = 1;
        if (extra_cells (s, u, cells) == 0)
          to_bonus (s);
        return;
      }
    to_bonus (s);
  }
}

/**
 * acies_cca_advance_progress:
 * @s: a state with an advance to offer
 * @dice: the dice
 * @events: (nullable): events
 *
 * Returns: %FALSE: the attacker decides
 */
gboolean
acies_cca_advance_progress (AciesCcaState *s,
                            AciesDice     *dice,
                            GPtrArray     *events)
{
  if (!acies_cca_on_board (s, s->advance_unit))
    {
      s->advance_unit = -1;
      return TRUE;
    }
  (void) dice;
  (void) events;
  return FALSE;
}
