/* acies-cca-units.c
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
 * Units, leaders and flags: what a unit is, where it stands, its losses,
 * and the victory flags they give (S2, S4, BASE-FLAGS, BASE-DICE).
 */

/**
 * acies_cca_leader_near:
 * @s: a state
 * @u: a unit
 *
 * BASE-CC, ref 1.9: a helmet scores for a unit with a friendly leader in
 * its hex or in an adjacent hex (never for elephants, checked by the
 * caller).
 *
 * Returns: whether a friendly leader stands in or next to @u's hex
 */
gboolean
acies_cca_leader_near (const AciesCcaState *s,
                       gint                 u)
{
  gint cell = s->units[u].cell, side = acies_cca_side_of (s, u);

  if (cell < 0)
    return FALSE;
  if (s->leader_at[cell] >= 0 && s->st->leaders[s->leader_at[cell]].side == side)
    return TRUE;
  for (guint d = 0; d < 6; d++)
    {
      gint n = s->st->nb[cell][d];

      if (n >= 0 && s->leader_at[n] >= 0 && s->st->leaders[s->leader_at[n]].side == side)
        return TRUE;
    }
  return FALSE;
}

/**
 * acies_cca_adjacent_friends:
 * @s: a state
 * @u: a unit
 *
 * BASE-SUPPORT, B5: a unit with two or more friendly units next to it is
 * supported.
 *
 * Returns: the friendly units in the hexes next to @u
 */
guint
acies_cca_adjacent_friends (const AciesCcaState *s,
                            gint                 u)
{
  gint cell = s->units[u].cell, side = acies_cca_side_of (s, u);
  guint n = 0;

  if (cell < 0)
    return 0;
  for (guint d = 0; d < 6; d++)
    {
      gint c = s->st->nb[cell][d];

      if (c >= 0 && s->unit_at[c] >= 0 && acies_cca_side_of (s, s->unit_at[c]) == side)
        n++;
    }
  return n;
}

/**
 * acies_cca_place_unit:
 * @s: a state
 * @u: a unit
 * @cell: where it goes, or -1 off the map
 *
 * Moves @u and the leader attached to it.  A unit entering the hex of a
 * lone friendly leader takes him (BASE-MOVE, ref 1.3).
 */
void
acies_cca_place_unit (AciesCcaState *s,
                      gint           u,
                      gint           cell)
{
  gint old = s->units[u].cell;
  gint l = acies_cca_leader_with (s, u);

  if (old >= 0 && s->unit_at[old] == u)
    s->unit_at[old] = -1;
  if (l >= 0)
    s->leader_at[old] = -1;
  s->units[u].cell = cell;
  if (cell < 0)
    {
      if (l >= 0)
        {
          /* The caller deals with a leader whose unit leaves the map. */
          s->leaders[l].unit = -1;
          s->leader_at[old] = l;
        }
      return;
    }
  s->unit_at[cell] = u;
  if (l >= 0)
    {
      s->leaders[l].cell = cell;
      s->leader_at[cell] = l;
    }
  else if (s->leader_at[cell] >= 0 && s->st->leaders[s->leader_at[cell]].side == acies_cca_side_of (s, u))
    {
      s->leaders[s->leader_at[cell]].unit = u;
    }
}

/**
 * acies_cca_place_leader:
 * @s: a state
 * @l: a leader
 * @cell: where he goes, or -1 off the map
 *
 * Moves @l alone; in the hex of a friendly unit he is attached to it.
 */
void
acies_cca_place_leader (AciesCcaState *s,
                        gint           l,
                        gint           cell)
{
  gint old = s->leaders[l].cell;

  if (old >= 0 && s->leader_at[old] == l)
    s->leader_at[old] = -1;
  s->leaders[l].cell = cell;
  s->leaders[l].unit = -1;
  if (cell < 0)
    return;
  s->leader_at[cell] = l;
  if (s->unit_at[cell] >= 0 && acies_cca_side_of (s, s->unit_at[cell]) == s->st->leaders[l].side)
    s->leaders[l].unit = s->unit_at[cell];
}

/**
 * acies_cca_gain_flag:
 * @s: a state
 * @side: the side that gains it
 * @elimination: the flag is for an enemy unit or leader eliminated
 * @events: (nullable): events
 * @why: what it is for, in a player's words
 * @rule: the rule
 *
 * S4.1-S4.3: a victory flag that stays; the win is checked by the caller
 * (acies_cca_check_win()).
 */
void
acies_cca_gain_flag (AciesCcaState *s,
                     gint           side,
                     gboolean       elimination,
                     GPtrArray     *events,
                     const char    *why,
                     const char    *rule)
{
  s->flags[side]++;
  if (elimination)
    s->eliminated_flags[side]++;
  /* TRANSLATORS: a line of the game log. Slots in order: %s: a side's name; %s: a sentence saying
   * why; %d: a total; %d: a number. */
  acies_events_add (events, "flag", rule, side, _("%s gains a victory flag (%s): %d of %d"),
                    acies_cca_side_name (s, side), why, acies_cca_total_flags (s, side),
                    s->st->flags_to_win[side]);
}

/**
 * acies_cca_finish:
 * @s: a state
 * @winner: the winning side, or -1
 * @reason: why, with its rule
 * @events: (nullable): events
 */
void
acies_cca_finish (AciesCcaState *s,
                  gint           winner,
                  const char    *reason,
                  GPtrArray     *events)
{
  if (s->base.finished)
    return;
  s->base.finished = TRUE;
  s->base.winner = winner;
  s->base.deciding_side = -1;
  g_free (s->base.end_reason);
  s->base.end_reason = g_strdup (reason);
  s->step = ACIES_CCA_STEP_OVER;
  s->base.phase = acies_cca_phase_name (ACIES_CCA_STEP_OVER);
  acies_events_add (events, "victory", "CCA S4.1", winner, "%s", reason);
}

/**
 * acies_cca_win_check:
 * @s: a state
 * @events: (nullable): events
 *
 * S4.1, Q33: the first side to hold its number of flags wins at once.
 * Should both reach it by the same action, the side whose turn it is wins
 * (ruling: it is the one that caused it).  acies_cca_check_win() asks
 * first whether a side has its flags.
 */
void
acies_cca_win_check (AciesCcaState *s,
                     GPtrArray     *events)
{
  gint order[2] = { s->base.active_side, 1 - s->base.active_side };

  if (s->base.finished)
    return;
  for (guint i = 0; i < 2; i++)
    {
      gint side = order[i];

      if (acies_cca_total_flags (s, side) >= s->st->flags_to_win[side])
        {
          g_autofree char *reason =
            g_strdup_printf (_("%s wins with %d victory flags (CCA S4.1)."),
                             acies_cca_side_name (s, side), acies_cca_total_flags (s, side));

          acies_cca_finish (s, side, reason, events);
          return;
        }
    }
}

/**
 * acies_cca_remove_unit:
 * @s: a state
 * @u: a unit
 * @status: ACIES_CCA_ELIMINATED, ACIES_CCA_EXITED or ACIES_CCA_GONE
 * @events: (nullable): events
 * @rule: the rule
 *
 * Takes @u off the board.  A leader attached to it stays in the hex alone
 * (his check and escape follow, BASE-LEADER).  An eliminated unit gives
 * the enemy a flag (S4.2).
 */
void
acies_cca_remove_unit (AciesCcaState  *s,
                       gint            u,
                       AciesCcaStatus  status,
                       GPtrArray      *events,
                       const char     *rule)
{
  gint cell = s->units[u].cell, l = acies_cca_leader_with (s, u);
  gint side = acies_cca_side_of (s, u);

  if (l >= 0)
    s->leaders[l].unit = -1;
  if (cell >= 0 && s->unit_at[cell] == u)
    s->unit_at[cell] = -1;
  s->units[u].cell = ACIES_CCA_NONE;
  s->units[u].status = status;
  s->units[u].blocks = status == ACIES_CCA_ELIMINATED ? 0 : s->units[u].blocks;
  if (status == ACIES_CCA_ELIMINATED)
    {
      g_autofree char *name = NULL;

      if (events != NULL)
        {
          name = acies_cca_unit_words (s, u);
          /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name. */
          acies_events_add (events, "eliminated", rule, side, _("%s is eliminated"), name);
        }
      acies_cca_gain_flag (s, 1 - side, TRUE, events, _("an enemy unit eliminated"), "CCA S4.2");
    }
}

/**
 * acies_cca_lose_blocks:
 * @s: a state
 * @u: a unit
 * @n: blocks lost
 * @events: (nullable): events
 * @rule: the rule
 *
 * S4.2, CC-T21: @u loses @n blocks; at none it is eliminated and the enemy
 * takes a flag; losses beyond its last block are wasted.
 *
 * Returns: whether @u was eliminated
 */
gboolean
acies_cca_lose_blocks (AciesCcaState *s,
                       gint           u,
                       gint           n,
                       GPtrArray     *events,
                       const char    *rule)
{
  AciesCcaUnit *unit = &s->units[u];

  if (n <= 0 || unit->status != ACIES_CCA_ON)
    return FALSE;
  unit->lost_any = TRUE;
  if (unit->blocks > n)
    {
      unit->blocks -= n;
      if (events != NULL)
        {
          g_autofree char *name = acies_cca_unit_words (s, u);

          acies_events_add (events, "loss", rule, acies_cca_side_of (s, u),
                            /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's
                             * name; %d: a number; %d: a number. */
                            g_dngettext (GETTEXT_PACKAGE, "%s loses %d block (%d left)",
                                         "%s loses %d blocks (%d left)", n),
                            name, n, unit->blocks);
        }
      return FALSE;
    }
  if (events != NULL)
    {
      g_autofree char *name = acies_cca_unit_words (s, u);

      acies_events_add (events, "loss", rule, acies_cca_side_of (s, u),
                        /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name. */
                        g_dngettext (GETTEXT_PACKAGE, "%s loses its last block",
                                     "%s loses its last blocks", unit->blocks), name);
    }
  acies_cca_remove_unit (s, u, ACIES_CCA_ELIMINATED, events, rule);
  return TRUE;
}

/**
 * acies_cca_kill_leader:
 * @s: a state
 * @l: a leader
 * @flag: the enemy gains a flag (S4.2); %FALSE for a leader who leaves by
 *   his own edge (ref 1.9)
 * @events: (nullable): events
 * @rule: the rule
 */
void
acies_cca_kill_leader (AciesCcaState *s,
                       gint           l,
                       gboolean       flag,
                       GPtrArray     *events,
                       const char    *rule)
{
  gint side = s->st->leaders[l].side;

  acies_cca_place_leader (s, l, ACIES_CCA_NONE);
  s->leaders[l].status = flag ? ACIES_CCA_ELIMINATED : ACIES_CCA_GONE;
  if (events != NULL)
    {
      g_autofree char *name = acies_cca_leader_words (s, l);

      if (flag)
        /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name. */
        acies_events_add (events, "eliminated", rule, side, _("%s is killed"), name);
      else
        /* TRANSLATORS: a line of the game log. Slots in order: %s: a unit's name. */
        acies_events_add (events, "gone", rule, side, _("%s leaves the battlefield"), name);
    }
  if (flag)
    acies_cca_gain_flag (s, 1 - side, TRUE, events, _("an enemy commander eliminated"), "CCA S4.2");
}

/**
 * acies_cca_command:
 * @s: a state
 * @side: a side
 *
 * B14, K3: a side's "command", the number of units some cards order: the
 * cards the scenario deals it (the full hand of a growing hand); in an
 * Epic battle the Supreme Commander's hand with the card played (EP-1.15,
 * Q30).
 *
 * Returns: the command
 */
gint
acies_cca_command (const AciesCcaState *s,
                   gint                 side)
{
  if (s->st->epic)
    return s->hand_len[side] + 1;
  return s->st->hand[side];
}

/**
 * acies_cca_side_name:
 * @s: a state
 * @side: a side
 *
 * Returns: (transfer none): the side's name
 */
const char *
acies_cca_side_name (const AciesCcaState *s,
                     gint                 side)
{
  const AciesSide *sd;

  if (side < 0 || (guint) side >= s->base.scenario->sides->len)
    return "—";
  sd = g_ptr_array_index (s->base.scenario->sides, side);
  return sd->name != NULL ? sd->name : sd->id;
}

/**
 * acies_cca_type_name:
 * @s: a state
 * @u: a unit
 *
 * Returns: (transfer none): the name of @u's type ("Heavy infantry")
 */
const char *
acies_cca_type_name (const AciesCcaState *s,
                     gint                 u)
{
  const AciesUnit *unit = g_ptr_array_index (s->base.scenario->units, u);
  const AciesUnitType *type = acies_catalogue_find_unit_type (s->st->catalogue, unit->type);

  return type != NULL ? type->name : unit->type;
}

/**
 * acies_cca_unit_words:
 * @s: a state
 * @u: a unit
 *
 * A unit as players name it: its name if the scenario gives one, else its
 * type, and where it stands ("Legio X (heavy infantry) at F4").
 *
 * Returns: (transfer full): the words
 */
char *
acies_cca_unit_words (const AciesCcaState *s,
                      gint                 u)
{
  const AciesUnit *unit = g_ptr_array_index (s->base.scenario->units, u);
  const char *type = acies_cca_type_name (s, u);
  g_autofree char *lower = g_utf8_strdown (type, -1);
  gint cell = s->units[u].cell;

  if (unit->name != NULL && *unit->name != '\0')
    {
      if (cell >= 0)
        /* Translators: a unit's name, its type and its hex: "Legio X (heavy infantry) at F4". */
        return g_strdup_printf (_("%s (%s) at %s"), unit->name, lower, acies_cca_cell_label (s, cell));
      return g_strdup_printf (_("%s (%s)"), unit->name, lower);
    }
  if (cell >= 0)
    /* Translators: a unit's type and its hex: "Heavy infantry at F4". */
    return g_strdup_printf (_("%s at %s"), type, acies_cca_cell_label (s, cell));
  return g_strdup (type);
}

/**
 * acies_cca_leader_words:
 * @s: a state
 * @l: a leader
 *
 * Returns: (transfer full): the leader's name and hex ("Caesar at F8")
 */
char *
acies_cca_leader_words (const AciesCcaState *s,
                        gint                 l)
{
  const char *name = s->st->leaders[l].name;

  if (s->leaders[l].cell >= 0)
    return g_strdup_printf (_("%s at %s"), name, acies_cca_cell_label (s, s->leaders[l].cell));
  return g_strdup (name);
}

/**
 * acies_cca_thing_words:
 * @s: a state
 * @index: a unit, or n_units + a leader
 *
 * Returns: (transfer full): the words for the unit or leader
 */
char *
acies_cca_thing_words (const AciesCcaState *s,
                       gint                 index)
{
  if (index < 0)
    return g_strdup ("—");
  if ((guint) index < s->st->n_units)
    return acies_cca_unit_words (s, index);
  return acies_cca_leader_words (s, index - (gint) s->st->n_units);
}

/**
 * acies_cca_symbol_name:
 * @sym: a battle die symbol
 *
 * Returns: (transfer none): its name as players say it ("red square")
 */
const char *
acies_cca_symbol_name (AciesCcaSymbol sym)
{
  switch (sym)
    {
    case ACIES_CCA_SYM_LIGHT:  return _("green circle");
    case ACIES_CCA_SYM_MEDIUM: return _("blue triangle");
    case ACIES_CCA_SYM_HEAVY:  return _("red square");
    case ACIES_CCA_SYM_HELMET: return _("helmet");
    case ACIES_CCA_SYM_FLAG:   return _("flag");
    case ACIES_CCA_SYM_SWORDS: return _("crossed swords");
    case ACIES_CCA_N_SYMBOLS:
    default:                   return "?";
    }
}

/**
 * acies_cca_symbol_glyph:
 * @sym: a symbol
 *
 * B1: the symbol drawn as one character that the default fonts have:
 * a circle, a triangle, a square (the three unit classes), a half-filled
 * circle (the helmet), a flag, crossed swords.
 *
 * Returns: the glyph (UTF-8)
 */
const char *
acies_cca_symbol_glyph (AciesCcaSymbol sym)
{
  switch (sym)
    {
    case ACIES_CCA_SYM_LIGHT:  return "\u25CF";     /* ● */
    case ACIES_CCA_SYM_MEDIUM: return "\u25B2";     /* ▲ */
    case ACIES_CCA_SYM_HEAVY:  return "\u25A0";     /* ■ */
    case ACIES_CCA_SYM_HELMET: return "\u25D3";     /* ◓ */
    case ACIES_CCA_SYM_FLAG:   return "\u2691";     /* ⚑ */
    case ACIES_CCA_SYM_SWORDS: return "\u2694";     /* ⚔ */
    case ACIES_CCA_N_SYMBOLS:
    default:                   return "?";
    }
}

/**
 * acies_cca_face_symbol:
 * @s: a state
 * @face: a battle die's face, 1 … 6
 *
 * B1: the symbol on @face (the scenario's dice).
 *
 * Returns: the symbol
 */
AciesCcaSymbol
acies_cca_face_symbol (const AciesCcaState *s,
                       guint                face)
{
  g_return_val_if_fail (face >= 1 && face <= 6, ACIES_CCA_SYM_LIGHT);

  return (AciesCcaSymbol) s->st->face_symbol[face - 1];
}

/**
 * acies_cca_symbol_is_class:
 * @sym: a symbol
 * @cls: an AciesCcaClass
 *
 * Returns: whether @sym is the symbol of class @cls (S2-class)
 */
gboolean
acies_cca_symbol_is_class (AciesCcaSymbol sym,
                           gint           cls)
{
  return (gint) sym == cls && sym <= ACIES_CCA_SYM_HEAVY;
}

/**
 * acies_cca_roll_symbol:
 * @s: a state
 * @dice: the dice
 * @purpose: what the roll is for (a static string)
 * @sym: (out): the symbol rolled
 *
 * BASE-DICE, B1: one battle die, its face read through the battle-die
 * table (one face per symbol).
 *
 * Returns: the face rolled, 1-6
 */
guint
acies_cca_roll_symbol (const AciesCcaState *s,
                       AciesDice           *dice,
                       const char          *purpose,
                       AciesCcaSymbol      *sym)
{
  guint face = acies_dice_roll_or_abort (dice, 6, 1, purpose);

  *sym = acies_cca_face_symbol (s, face);
  return face;
}
