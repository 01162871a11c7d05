/* acies-cca-scenario.c
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
 * The battles' own rules (S4.3, SCN-, Q11-Q26, Q33): camps and hexes
 * taken at the start of a turn for a flag that stays, hexes held for a
 * flag lost when they are left, exits for a flag, and reinforcements
 * brought by a card (Gergovia).
 */

/**
 * acies_cca_in_area:
 * @s: a state
 * @area: an area index of the scenario (hold-position, reinforcements),
 *   or -1 - n for the hexes of objective n
 * @cell: a cell
 *
 * Returns: whether @cell is in it
 */
gboolean
acies_cca_in_area (const AciesCcaState *s,
                   gint                 area,
                   gint                 cell)
{
  if (area < 0)
    {
      const AciesCcaObjective *o = &s->st->objectives[-1 - area];

      for (guint i = 0; i < o->n_cells; i++)
        if (o->cells[i] == cell)
          return TRUE;
      return FALSE;
    }
  if ((guint) area >= s->st->n_areas || s->st->area_cells[area] == NULL)
    return FALSE;
  for (guint i = 0; i < s->st->area_cells[area]->len; i++)
    if (g_array_index (s->st->area_cells[area], AciesCell, i) == cell)
      return TRUE;
  return FALSE;
}

/**
 * acies_cca_exit_objective:
 * @s: a state
 * @index: a unit or n_units + a leader
 *
 * Q19-Q21: the exit objective @index's side may use (Utica Part 2:
 * mounted units only; Ruspina: commanders too).
 *
 * Returns: the objective, or -1
 */
gint
acies_cca_exit_objective (const AciesCcaState *s,
                          gint                 index)
{
  gboolean leader = (guint) index >= s->st->n_units;
  gint side = leader ? s->st->leaders[index - (gint) s->st->n_units].side : acies_cca_side_of (s, index);

  for (guint o = 0; o < s->st->n_objectives; o++)
    {
      const AciesCcaObjective *obj = &s->st->objectives[o];

      if (obj->kind != ACIES_CCA_OBJ_EXIT || obj->side != side)
        continue;
      if (leader && !obj->leaders_too)
        continue;
      if (!leader && obj->mounted_only && !acies_cca_is_mounted (s, index))
        continue;
      return o;
    }
  return -1;
}

static guint
popcount32 (guint32 x)
{
  guint n = 0;

  for (; x != 0; x &= x - 1)
    n++;
  return n;
}

/**
 * acies_cca_update_held:
 * @s: a state
 * @events: (nullable): events
 *
 * Q15, Q33, SCN Gergovia, Utica 2, Ilerda: the flags held while a
 * condition lasts: a hex held (Gergovia's walls, Utica's camp), or
 * several units on a hill counted at the start of the turn and lost when
 * fewer remain (Ilerda).  Gains and losses are told.
 */
void
acies_cca_update_held (AciesCcaState *s,
                       GPtrArray     *events)
{
  guint8 old[2] = { s->held[0], s->held[1] };

  /* Nothing is ever held without a hold objective (most battles). */
  if (!s->st->any_hold && old[0] == 0 && old[1] == 0)
    return;
  s->held[0] = s->held[1] = 0;
  for (guint o = 0; o < s->st->n_objectives; o++)
    {
      const AciesCcaObjective *obj = &s->st->objectives[o];
      guint count = 0;

      if (obj->kind != ACIES_CCA_OBJ_HOLD)
        continue;
      for (guint i = 0; i < obj->n_cells; i++)
        {
          gint u = s->unit_at[obj->cells[i]];

          count += u >= 0 && acies_cca_side_of (s, u) == obj->side;
        }
      if (obj->at_start)
        {
          if (s->hold_at_start[o] && count < obj->units)
            s->hold_at_start[o] = FALSE;
          s->held[obj->side] += s->hold_at_start[o];
        }
      else
        s->held[obj->side] += count >= obj->units;
    }
  for (gint side = 0; side < 2; side++)
    {
      if (s->held[side] > old[side])
        /* TRANSLATORS: a line of the game log (CCA ruling: objective flags). Slots in order: %s: a side's name; %d: a
         * total; %d: a number. */
        acies_events_add (events, "flag", "CCA ruling: objective flags", side, _("%s holds an objective: a flag while it lasts (%d of %d)"),
                          acies_cca_side_name (s, side), acies_cca_total_flags (s, side), s->st->flags_to_win[side]);
      else if (s->held[side] < old[side])
        /* TRANSLATORS: a line of the game log (CCA ruling: objective flags). Slots in order: %s: a side's name; %d: a
         * total; %d: a number. */
        acies_events_add (events, "flag-lost", "CCA ruling: objective flags", side, _("%s no longer holds an objective and loses its flag (%d of %d)"),
                          acies_cca_side_name (s, side), acies_cca_total_flags (s, side), s->st->flags_to_win[side]);
    }
}

/**
 * acies_cca_start_of_turn:
 * @s: a state at the start of a player turn
 * @dice: the dice
 * @events: (nullable): events
 *
 * SCN Hill Gate, Bibracte, Gergovia, Ilerda, Zela, Brindisi (Q11, Q16,
 * Q22): a unit of the side on an objective hex at the start of its turn
 * takes it (the marker is removed) before the card is played: a flag
 * that stays for each hex (Gergovia: from the second one; Ilerda: one
 * flag when all are taken).  Ilerda's hill is counted (Q15).  Then the
 * win is checked.
 */
void
acies_cca_start_of_turn (AciesCcaState *s,
                         AciesDice     *dice,
                         GPtrArray     *events)
{
  gint side = s->base.active_side;

  for (guint o = 0; o < s->st->n_objectives; o++)
    {
      const AciesCcaObjective *obj = &s->st->objectives[o];

      if (obj->side != side)
        continue;
      if (obj->kind == ACIES_CCA_OBJ_HOLD && obj->at_start)
        {
          guint count = 0;

          for (guint i = 0; i < obj->n_cells; i++)
            {
              gint u = s->unit_at[obj->cells[i]];

              count += u >= 0 && acies_cca_side_of (s, u) == side;
            }
          s->hold_at_start[o] = count >= obj->units;
          continue;
        }
      if (obj->kind != ACIES_CCA_OBJ_CAMP && obj->kind != ACIES_CCA_OBJ_OCCUPY)
        continue;
      for (guint i = 0; i < obj->n_cells; i++)
        {
          gint u = s->unit_at[obj->cells[i]];
          guint taken;

          if ((s->obj_taken[o] >> i) & 1)
            continue;
          if (u < 0 || acies_cca_side_of (s, u) != side)
            continue;
          s->obj_taken[o] |= 1u << i;
          taken = popcount32 (s->obj_taken[o]);
          /* TRANSLATORS: a line of the game log (CCA S4.3). Slots in order: %s: a side's name; %s:
           * a name; %s: a hex or square label. */
          acies_events_add (events, "taken", "CCA S4.3", side, _("%s takes %s at %s"), acies_cca_side_name (s, side),
                            obj->name, acies_cca_cell_label (s, obj->cells[i]));
          if (obj->all_hexes)
            {
              if (taken == obj->n_cells)
                {
                  s->obj_flag[o]++;
                  acies_cca_gain_flag (s, side, FALSE, events, obj->name, "CCA ruling: Ilerda camps");
                }
            }
          else if (taken >= obj->first_flag)
            {
              s->obj_flag[o]++;
              acies_cca_gain_flag (s, side, FALSE, events, obj->name, "CCA S4.3");
            }
        }
    }
  acies_cca_update_held (s, events);
  acies_cca_check_win (s, events);
  (void) dice;
}

/* Reinforcements (SCN Gergovia, Q12, Q13) ------------------------------- */

static gboolean
has_off_units (const AciesCcaState *s,
               gint                 side)
{
  for (guint u = 0; u < s->st->n_units; u++)
    if (s->units[u].status == ACIES_CCA_OFF && acies_cca_side_of (s, u) == side)
      return TRUE;
  return FALSE;
}

/**
 * acies_cca_may_reinforce:
 * @s: a state
 * @side: the side playing a card
 * @card: the card
 *
 * SCN Gergovia, Q13: a Commander (Leadership) card may bring the side's
 * reinforcements into the battle instead of its orders.
 *
 * Returns: whether @side may play @card so
 */
gboolean
acies_cca_may_reinforce (const AciesCcaState *s,
                         gint                 side,
                         gint                 card)
{
  if (s->st->reinf_area[side] < 0 || s->reinf_in[side] || !has_off_units (s, side))
    return FALSE;
  return card == ACIES_CCA_CARD_LEADERSHIP || card == ACIES_CCA_CARD_INSPIRED_LEFT
         || card == ACIES_CCA_CARD_INSPIRED_CENTRE || card == ACIES_CCA_CARD_INSPIRED_RIGHT;
}

/* The area @side places its units in now: its reinforcement hexes, or the
 * hexes where it answers the enemy's. */
static gint
place_area (const AciesCcaState *s,
            gint                 side)
{
  if (s->answer_due[side])
    return s->st->reinf_answer[1 - side];
  return s->st->reinf_area[side];
}

/**
 * acies_cca_place_pending:
 * @s: a state
 *
 * Returns: whether the active side has reinforcements to place now
 */
gboolean
acies_cca_place_pending (const AciesCcaState *s)
{
  gint side = s->base.active_side;

  for (guint u = 0; u < s->st->n_units; u++)
    if (s->units[u].status == ACIES_CCA_OFF && acies_cca_side_of (s, u) == side)
      return TRUE;
  for (guint l = 0; l < s->st->n_leaders; l++)
    if (s->leaders[l].status == ACIES_CCA_OFF && s->st->leaders[l].side == side && s->st->leaders[l].reinforcement
        && !s->answer_due[side])
      return TRUE;
  return FALSE;
}

/**
 * acies_cca_place_legal:
 * @s: a state in the PLACE step
 * @out: the legal actions to append to
 *
 * SCN Gergovia, Q12: each unit on an empty hex of the area, then the
 * commander with one of the units placed.
 */
void
acies_cca_place_legal (const AciesCcaState *s,
                       GArray              *out)
{
  gint side = s->base.active_side, area = place_area (s, side);
  gboolean units_left = FALSE;

  if (area < 0)
    return;
  for (guint u = 0; u < s->st->n_units; u++)
    {
      if (s->units[u].status != ACIES_CCA_OFF || acies_cca_side_of (s, u) != side)
        continue;
      units_left = TRUE;
      for (guint i = 0; i < s->st->area_cells[area]->len; i++)
        {
          gint c = g_array_index (s->st->area_cells[area], AciesCell, i);

          if (s->unit_at[c] < 0 && s->leader_at[c] < 0 && acies_cca_passable (s, c, s->st->units[u].type))
            acies_cca_add_action (out, ACIES_CCA_A_PLACE, side, u, c, -1);
        }
    }
  if (units_left && out->len > 0)
    return;
  for (guint l = 0; l < s->st->n_leaders; l++)
    {
      if (s->leaders[l].status != ACIES_CCA_OFF || s->st->leaders[l].side != side || !s->st->leaders[l].reinforcement)
        continue;
      for (guint u = 0; u < s->st->n_units; u++)
        if (s->units[u].status == ACIES_CCA_ON && acies_cca_side_of (s, u) == side && s->units[u].cell >= 0
            && (s->units[u].flags & ACIES_CCA_UF_NO_MOVE) && acies_cca_leader_with (s, u) < 0
            && acies_cca_in_area (s, area, s->units[u].cell))
          acies_cca_add_action (out, ACIES_CCA_A_PLACE, side, (gint) s->st->n_units + l, s->units[u].cell, -1);
    }
}

/**
 * acies_cca_place:
 * @s: a state in the PLACE step
 * @index: a unit or n_units + a leader
 * @to: its hex
 * @events: (nullable): events
 * @error: return location for an error
 *
 * SCN Gergovia: reinforcements placed by the card are ordered and may not
 * move further this turn; the answering unit is simply part of the army.
 *
 * Returns: %TRUE
 */
gboolean
acies_cca_place (AciesCcaState  *s,
                 gint            index,
                 gint            to,
                 GPtrArray      *events,
                 GError        **error)
{
  gint side = s->base.active_side;
  gboolean answer = s->answer_due[side];
  g_autofree char *name = NULL;

  if ((guint) index >= s->st->n_units)
    {
      gint l = index - (gint) s->st->n_units;

      s->leaders[l].status = ACIES_CCA_ON;
      acies_cca_place_leader (s, l, to);
      name = acies_cca_leader_words (s, l);
    }
  else
    {
      s->units[index].status = ACIES_CCA_ON;
      acies_cca_place_unit (s, index, to);
      if (!answer)
        {
          acies_cca_set_ordered (s, index, 1);
          s->units[index].seat = s->seat;
          s->units[index].flags |= ACIES_CCA_UF_NO_MOVE;
        }
      name = acies_cca_unit_words (s, index);
    }
  /* TRANSLATORS: a line of the game log (CCA scenario rule, Gergovia). Slots in order: %s: a unit's name. */
  acies_events_add (events, "reinforcement", "CCA scenario rule, Gergovia", side, _("%s enters the battle"), name);
  (void) error;
  return TRUE;
}
