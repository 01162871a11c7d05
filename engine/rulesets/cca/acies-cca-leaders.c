/* acies-cca-leaders.c
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
 * Leaders (BASE-LEADER, ref 1.9): the casualty check when their unit is
 * hit, the escape of a leader whose unit is gone, and a lone leader
 * attacked.  The dice of the checks are in the catalogue's leader table.
 */

/**
 * acies_cca_leader_check:
 * @s: a state
 * @l: the leader whose unit lost blocks
 * @eliminated: the unit was eliminated
 * @dice: the dice
 * @events: (nullable): events
 *
 * Ref 1.9: a unit that loses blocks and survives: two dice, the leader
 * falls on two helmets; a unit eliminated: one die, he falls on a helmet,
 * else he must escape 1 to 3 hexes toward his side.  His fall gives the
 * enemy a flag (S4.2).
 */
void
acies_cca_leader_check (AciesCcaState *s,
                        gint           l,
                        gboolean       eliminated,
                        AciesDice     *dice,
                        GPtrArray     *events)
{
  guint n = eliminated ? s->st->leader_check_dead : s->st->leader_check_hit;
  guint need = eliminated ? s->st->leader_helmets_dead : s->st->leader_helmets_hit;
  guint helmets = 0;
  g_autoptr(GString) seen = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      AciesCcaSymbol sym;

      acies_cca_roll_symbol (s, dice, "leader check", &sym);
      helmets += sym == ACIES_CCA_SYM_HELMET;
      if (events != NULL)
        g_string_append_printf (seen, "%s%s", i > 0 ? ", " : "", acies_cca_symbol_name (sym));
    }
  if (events != NULL)
    {
      g_autofree char *name = acies_cca_leader_words (s, l);

      acies_events_add (events, "leader-check", "CCA ref 1.9", s->st->leaders[l].side,
                        /* TRANSLATORS: a line of the game log (CCA ref 1.9). Slots in order: %s: a
                         * unit's name; %s: the dice rolled. */
                        _("Leader check for %s: %s"), name, seen->str);
    }
  if (helmets >= need)
    {
      acies_cca_kill_leader (s, l, TRUE, events, "CCA ref 1.9");
      acies_cca_check_win (s, events);
      return;
    }
  if (eliminated)
    s->escape_leader = l;
}

/* Whether a leader may end in @cell: open to him, no enemy, no other
 * leader. */
static gboolean
leader_may_end (const AciesCcaState *s,
                gint                 l,
                gint                 cell)
{
  gint side = s->st->leaders[l].side;

  if (!acies_cca_leader_passable (s, cell))
    return FALSE;
  if (s->unit_at[cell] >= 0 && acies_cca_side_of (s, s->unit_at[cell]) != side)
    return FALSE;
  if (s->leader_at[cell] >= 0 && s->leader_at[cell] != l)
    return FALSE;
  return TRUE;
}

static gboolean
leader_may_pass (const AciesCcaState *s,
                 gint                 l,
                 gint                 cell)
{
  gint side = s->st->leaders[l].side;

  if (!acies_cca_leader_passable (s, cell))
    return FALSE;
  if (s->unit_at[cell] >= 0 && acies_cca_side_of (s, s->unit_at[cell]) != side)
    return FALSE;
  if (s->leader_at[cell] >= 0 && s->st->leaders[s->leader_at[cell]].side != side)
    return FALSE;
  return TRUE;
}

/**
 * acies_cca_escape_cells:
 * @s: a state
 * @l: a leader
 * @out: (out): the hexes he may escape to (room for n_cells)
 *
 * Ref 1.9: 1 to 3 hexes toward his side, each hex nearer his edge,
 * through friendly units, never into an enemy; -1 in @out means off his
 * own edge (he leaves the battle, no flag), open from his edge row.
 *
 * Returns: how many
 */
guint
acies_cca_escape_cells (const AciesCcaState *s,
                        gint                 l,
                        gint16              *out)
{
  gint edge = s->st->home[s->st->leaders[l].side];
  gint16 frontier[ACIES_CCA_MAX_CELLS], next[ACIES_CCA_MAX_CELLS];
  guint8 seen[ACIES_CCA_MAX_CELLS];
  guint nf = 0, n = 0;
  gboolean off = FALSE;

  if (s->leaders[l].cell < 0)
    return 0;
  memset (seen, 0, s->st->n_cells);
  frontier[nf++] = s->leaders[l].cell;
  for (guint step = 0; step < 3 && nf > 0; step++)
    {
      guint nn = 0;

      for (guint i = 0; i < nf; i++)
        {
          gint back[2];

          if (acies_cca_on_edge (s, frontier[i], edge))
            off = TRUE;
          acies_cca_back_cells (s, frontier[i], edge, back);
          for (guint k = 0; k < 2; k++)
            {
              gint c = back[k];

              if (c < 0 || seen[c] || !leader_may_pass (s, l, c))
                continue;
              seen[c] = 1;
              next[nn++] = c;
              if (leader_may_end (s, l, c))
                out[n++] = c;
            }
        }
      memcpy (frontier, next, nn * sizeof next[0]);
      nf = nn;
    }
  if (off)
    out[n++] = -1;
  return n;
}

/**
 * acies_cca_escape_legal:
 * @s: a state in the LEADER_ESCAPE step
 * @out: the legal actions to append to
 */
void
acies_cca_escape_legal (const AciesCcaState *s,
                        GArray              *out)
{
  gint16 cells[ACIES_CCA_MAX_CELLS];
  guint n = acies_cca_escape_cells (s, s->escape_leader, cells);

  for (guint i = 0; i < n; i++)
    acies_cca_add_action (out, ACIES_CCA_A_ESCAPE, s->base.deciding_side, cells[i], -1, -1);
}

/**
 * acies_cca_escape:
 * @s: a state in the LEADER_ESCAPE step
 * @to: the hex, or -1 off his own edge
 * @dice: the dice
 * @events: (nullable): events
 *
 * Ref 1.9, T-MARSH-4: the leader escapes; off his own edge he leaves the
 * battle without a flag for the enemy; a marsh on the way is checked.
 */
void
acies_cca_escape (AciesCcaState *s,
                  gint           to,
                  AciesDice     *dice,
                  GPtrArray     *events)
{
  gint l = s->escape_leader;

  s->escape_leader = -1;
  if (to < 0)
    {
      acies_cca_kill_leader (s, l, FALSE, events, "CCA ref 1.9");
      return;
    }
  if (events != NULL)
    {
      g_autofree char *name = acies_cca_leader_words (s, l);

      /* TRANSLATORS: a line of the game log (CCA ref 1.9). Slots in order: %s: a unit's name; %s: a
       * hex or square label. */
      acies_events_add (events, "escape", "CCA ref 1.9", s->st->leaders[l].side, _("%s escapes to %s"), name,
                        acies_cca_cell_label (s, to));
    }
  acies_cca_place_leader (s, l, to);
  if (s->st->terrain[to] == ACIES_CCA_TER_MARSH && s->leaders[l].unit < 0)
    acies_cca_marsh_check (s, (gint) s->st->n_units + l, dice, events);
}

/**
 * acies_cca_escape_progress:
 * @s: a state with a leader to escape
 * @dice: the dice
 * @events: (nullable): events
 *
 * A leader with nowhere to go is taken (ruling: he falls, a flag for the
 * enemy); one way only is taken at once.
 *
 * Returns: %TRUE if something was done, %FALSE if his owner chooses
 */
gboolean
acies_cca_escape_progress (AciesCcaState *s,
                           AciesDice     *dice,
                           GPtrArray     *events)
{
  gint16 cells[ACIES_CCA_MAX_CELLS];
  guint n;
  gint l = s->escape_leader;

  if (s->leaders[l].status != ACIES_CCA_ON)
    {
      s->escape_leader = -1;
      return TRUE;
    }
  n = acies_cca_escape_cells (s, l, cells);
  if (n == 0)
    {
      s->escape_leader = -1;
      acies_cca_kill_leader (s, l, TRUE, events, "CCA ref 1.9");
      acies_cca_check_win (s, events);
      return TRUE;
    }
  if (n == 1)
    {
      acies_cca_escape (s, cells[0], dice, events);
      return TRUE;
    }
  return FALSE;
}

/**
 * acies_cca_lone_leader_attacked:
 * @s: a state
 * @l: a lone leader attacked
 * @attacker: the attacking unit
 * @mode: the battle's mode
 * @dice: the dice
 * @events: (nullable): events
 *
 * Ref 1.9, FAQ 50: the attacker rolls its dice (an elephant one, ref
 * 1.8); a helmet kills the leader; if he is not hit he must escape.
 */
void
acies_cca_lone_leader_attacked (AciesCcaState *s,
                                gint           l,
                                gint           attacker,
                                gint           mode,
                                AciesDice     *dice,
                                GPtrArray     *events)
{
  AciesCcaDice d;
  AciesCcaSymbol syms[32];
  gint hits = 0, flags = 0;
  guint n;

  acies_cca_battle_dice (s, attacker, (gint) s->st->n_units + l, mode, FALSE, &d);
  n = acies_cca_roll (s, &d, dice, mode == ACIES_CCA_BM_RANGED ? "ranged combat" : "close combat", syms);
  acies_cca_score (&d, syms, n, FALSE, &hits, &flags);
  if (events != NULL)
    {
      g_autoptr(GString) seen = g_string_new (NULL);
      g_autofree char *name = acies_cca_leader_words (s, l);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (seen, "%s%s", i > 0 ? ", " : "", acies_cca_symbol_name (syms[i]));
      acies_events_add (events, "battle", "CCA ref 1.9", acies_cca_side_of (s, attacker),
                        /* TRANSLATORS: a line of the game log (CCA ref 1.9). Slots in order: %s: a
                         * unit's name; %s: the dice rolled. */
                        _("Against %s: %s"), name, seen->str);
    }
  if (hits > 0)
    {
      acies_cca_kill_leader (s, l, TRUE, events, "CCA ref 1.9");
      acies_cca_check_win (s, events);
      return;
    }
  s->escape_leader = l;
}
