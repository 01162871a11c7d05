/* acies-sg-play.c
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
 * The Player Turn as a state machine (SG 3.0–3.2): which decision is
 * pending (SgState.step), who makes it, the legal actions and applying
 * one; the ends of the phases and of the Player Turn (9.0).
 */

guint
sg_roll (AciesDice  *dice,
         const char *purpose)
{
  return acies_dice_roll_or_abort (dice, 10, 0, purpose);     /* 2.0: 0–9 */
}

gboolean
sg_fail (GError    **error,
         const char *format,
         ...)
{
  va_list args;
  g_autofree char *message = NULL;

  if (error == NULL)
    return FALSE;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID, message);
  return FALSE;
}

void
sg_add_action (GArray *out,
               guint   type,
               gint    player,
               gint    a0,
               gint    a1,
               gint    a2,
               gint    a3)
{
  AciesAction a;

  sg_set_action (&a, type, player, a0, a1, a2, a3);
  g_array_append_val (out, a);
}

/**
 * sg_scratch_actions:
 * @slot: which array (0, 1 or 2), so that two callers on one stack do
 *   not share one (0: sg_move_random(), 1: random_action's legal
 *   actions, 2: the reaction windows' own list)
 *
 * An empty array of AciesAction that this thread uses again and again
 * (the random player draws an action many times a game; allocating an
 * array each time cost more than some draws).
 *
 * Returns: (transfer none): the array, emptied; valid until the next call
 *   with @slot on this thread
 */
GArray *
sg_scratch_actions (guint slot)
{
  static GPrivate keys[3] = { G_PRIVATE_INIT ((GDestroyNotify) g_array_unref),
                              G_PRIVATE_INIT ((GDestroyNotify) g_array_unref),
                              G_PRIVATE_INIT ((GDestroyNotify) g_array_unref) };
  GArray *a;

  g_return_val_if_fail (slot < G_N_ELEMENTS (keys), NULL);
  a = g_private_get (&keys[slot]);
  if (a == NULL)
    {
      a = g_array_sized_new (FALSE, FALSE, sizeof (AciesAction), 64);
      g_private_set (&keys[slot], a);
    }
  g_array_set_size (a, 0);
  return a;
}

static const char *
phase_name (const SgState *s)
{
  switch (s->step)
    {
    case SG_ST_FIRST:
      return N_("Who goes first");
    case SG_ST_SEIZE:
      return N_("Turn Seizure");
    case SG_ST_OVER:
      return N_("The battle is over");
    default:
      break;
    }
  switch (s->phase)
    {
    case SG_PH_ACTIVATION:
      return N_("Activation");
    case SG_PH_MOVE:
      return N_("Movement/Missile Fire");
    case SG_PH_SHOCK:
      return N_("Shock Combat");
    case SG_PH_OVER:
      return N_("The battle is over");
    default:
      return N_("Set-up");
    }
}

/**
 * sg_sync:
 * @s: a state
 *
 * Sets the common AciesState fields from the rules' own: the phase's
 * name, the turn, and who decides (the active player, unless the step
 * belongs to the other: the callers set it after this call).
 */
void
sg_sync (SgState *s)
{
  s->base.turn = MAX (s->pt, 1);
  s->base.phase = phase_name (s);
  if (s->base.finished)
    {
      s->base.deciding_side = -1;
      return;
    }
  switch (s->step)
    {
    case SG_ST_FIRST:
      s->base.deciding_side = 0;
      break;
    case SG_ST_SEIZE:
      s->base.deciding_side = 1 - s->base.active_side;
      break;
    default:
      s->base.deciding_side = s->base.active_side;
      break;
    }
}

/* SG 10.23: activated cavalry that stayed next to an enemy elephant. */
static void
elephant_fear (SgState   *s,
               AciesDice *dice,
               GPtrArray *events)
{
  for (guint u = 0; u < s->n_units; u++)
    {
      SgUnit *x = &s->units[u];

      if ((x->f & SG_UF_NEAR_EL) && x->status == SG_U_MAP && x->cell == x->start_cell)
        {
          gboolean still = FALSE;

          for (guint e = 0; e < s->n_units && !still; e++)
            still = sg_on_map (s, e) && sg_def (s, e)->type == SG_T_EL && sg_def (s, e)->side != sg_def (s, u)->side
                    && sg_unit_dist (s, u, e) == 1;
          if (still)
            sg_add_hits (s, u, 1, SG_NONE, dice, events,
                         sg_def (s, u)->type == SG_T_CH ? "SG 10.55" : "SG 10.23");
        }
      x->f &= ~SG_UF_NEAR_EL;
    }
}

/* SG 3.2-B → C: the Movement/Missile Fire Phase is over. */
void
sg_to_shock (SgState   *s,
             AciesDice *dice,
             GPtrArray *events)
{
  s->mover = s->lmover = -1;
  elephant_fear (s, dice, events);
  if (s->base.finished)
    return;
  if (s->activated == 0)
    {
      /* 3.2: no Formation activated (the OC or a seizing leader moved):
       * no Shock Combat Phase. */
      sg_end_pt (s, dice, events);
      return;
    }
  sg_shock_begin (s, dice, events);
}

/**
 * sg_end_pt:
 * @s: a state
 * @dice: the dice
 * @events: (nullable): events
 *
 * SG 3.2-D, 9.0: the Army Withdrawal check, the scenario's last Player
 * Turn (3.0, sg_nightfall()), then the other player's
 * Player Turn (after a seized one, the player whose turn it took: 4.4
 * example).
 */
void
sg_end_pt (SgState   *s,
           AciesDice *dice,
           GPtrArray *events)
{
  gint side = s->base.active_side;

  s->mover = s->lmover = -1;
  s->sh.cur = SG_NONE;
  sg_withdrawal_check (s, events);
  if (s->base.finished)
    return;
  if (s->st->last_pt > 0 && (guint) s->pt >= s->st->last_pt)
    {
      sg_nightfall (s, events);
      return;
    }
  if (s->st->opt.max_turns > 0 && (guint) s->pt >= s->st->opt.max_turns)
    {
      g_autofree char *text = g_strdup_printf ("The Player Turn limit (%u, the max_turns option) is reached: a draw",
                                               s->st->opt.max_turns);

      sg_finish (s, -1, text, events);
      return;
    }
  s->last_activated[side] = s->activated;
  s->seized_prev = s->seized_by;
  s->base.active_side = 1 - side;
  sg_start_pt (s, dice, events);
}

/* Back to the Movement/Missile Fire Phase after an interrupt. */
void
sg_resume (SgState   *s,
           AciesDice *dice,
           GPtrArray *events)
{
  if (s->base.finished)
    return;
  s->step = SG_ST_MOVE;
  sg_sync (s);
}

/**
 * sg_legal_actions:
 * @s: a state
 * @out: array of AciesAction to append to
 *
 * The legal actions of the deciding player, in a fixed order.
 */
void
sg_legal_actions (const SgState *s,
                  GArray        *out)
{
  if (s->base.finished)
    return;
  switch (s->step)
    {
    case SG_ST_FIRST:
    case SG_ST_SEIZE:
    case SG_ST_ACTIVATE:
    case SG_ST_PLACE_LEADER:
    case SG_ST_RETURN:
      sg_command_legal (s, out);
      break;
    case SG_ST_MOVE:
      sg_move_legal (s, out);
      break;
    case SG_ST_REACT:
      sg_react_legal (s, out);
      break;
    case SG_ST_OVER:
      break;
    default:
      sg_shock_legal (s, out);
      break;
    }
}

/**
 * sg_apply:
 * @s: a state
 * @a: a legal action
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %TRUE on success
 */
gboolean
sg_apply (SgState           *s,
          const AciesAction *a,
          AciesDice         *dice,
          GPtrArray         *events,
          GError           **error)
{
  if (s->base.finished)
    return sg_fail (error, "SG 9.0: the battle is over");
  switch (s->step)
    {
    case SG_ST_FIRST:
    case SG_ST_SEIZE:
    case SG_ST_ACTIVATE:
    case SG_ST_PLACE_LEADER:
    case SG_ST_RETURN:
      return sg_command_apply (s, a, dice, events, error);
    case SG_ST_MOVE:
      return sg_move_apply (s, a, dice, events, error);
    case SG_ST_REACT:
      return sg_react_apply (s, a, dice, events, error);
    case SG_ST_OVER:
      return sg_fail (error, "SG 9.0: the battle is over");
    default:
      return sg_shock_apply (s, a, dice, events, error);
    }
}

/**
 * sg_check_invariants:
 * @s: a state
 * @error: return location for an error
 *
 * The checks the random games make after every action: stacking (5.31,
 * 5.32), occupancy, facing (6.11, 11.23), two-hex units, Hits below TQ
 * on the map (8.1), leaders, Rout Points equal to the eliminated units'
 * values (9.0).
 *
 * Returns: %TRUE if @s is consistent
 */
gboolean
sg_check_invariants (const SgState *s,
                     GError       **error)
{
  const SgStatic *st = s->st;

  for (guint c = 0; c < st->n_cells; c++)
    {
      gint t = s->occ[2 * c], b = s->occ[2 * c + 1];

      if (t < 0 && b >= 0)
        return sg_fail (error, "hex %s: a bottom unit without a top", sg_cell_label (s, c));
      if (t >= 0 && (!sg_on_map (s, t) || (s->units[t].cell != (gint) c && s->units[t].cell2 != (gint) c)))
        return sg_fail (error, "hex %s: %s is not there", sg_cell_label (s, c), sg_unit_name (s, t));
      if (b >= 0 && (!sg_on_map (s, b) || s->units[b].cell != (gint) c))
        return sg_fail (error, "hex %s: %s is not there", sg_cell_label (s, c), sg_unit_name (s, b));
      if (t >= 0 && b >= 0 && !sg_may_stack (s, t, b) && s->mover != t && s->mover != b)
        return sg_fail (error, "SG 5.32: %s and %s may not stack in %s", sg_unit_name (s, t), sg_unit_name (s, b),
                        sg_cell_label (s, c));
      if (t >= 0 && b >= 0 && s->units[t].facing != s->units[b].facing && s->units[t].facing >= 0
          && s->units[b].facing >= 0 && s->mover != t && s->mover != b)
        return sg_fail (error, "SG 6.11: %s and %s face different ways in %s", sg_unit_name (s, t),
                        sg_unit_name (s, b), sg_cell_label (s, c));
    }
  for (guint u = 0; u < s->n_units; u++)
    {
      const SgUnit *x = &s->units[u];
      const SgUnitDef *d = sg_def (s, u);

      if (x->status != SG_U_MAP)
        {
          if (x->cell >= 0)
            return sg_fail (error, "%s is off the map but holds a hex", sg_unit_name (s, u));
          continue;
        }
      if (x->cell < 0 || (guint) x->cell >= st->n_cells)
        return sg_fail (error, "%s is on the map without a hex", sg_unit_name (s, u));
      if (s->occ[2 * x->cell] != (gint) u && s->occ[2 * x->cell + 1] != (gint) u)
        return sg_fail (error, "%s is missing from its hex", sg_unit_name (s, u));
      if (d->type == SG_T_ART ? x->facing != SG_NONE : (x->facing < 0 || x->facing > 5))
        return sg_fail (error, "SG 6.11: %s has the facing %d", sg_unit_name (s, u), x->facing);
      if (d->two_hex != (x->cell2 >= 0))
        return sg_fail (error, "SG 5.2: %s has %s hexes", sg_unit_name (s, u), x->cell2 >= 0 ? "two" : "one");
      if (x->cell2 >= 0)
        {
          gboolean ok = (x->f & SG_UF_COLUMN) ? sg_nb (st, x->cell, x->facing + 3) == x->cell2
                                              : sg_two_hex_ok (st, x->cell, x->cell2, x->facing);

          if (!ok)
            return sg_fail (error, "SG 6.11: two-hex unit %s at %s–%s faces %d", sg_unit_name (s, u),
                            sg_cell_label (s, x->cell), sg_cell_label (s, x->cell2), x->facing);
          if (s->occ[2 * x->cell2] != (gint) u)
            return sg_fail (error, "%s is missing from its second hex", sg_unit_name (s, u));
        }
      if (x->hits >= d->tq && d->tq > 0)
        return sg_fail (error, "SG 8.1: %s on the map with %u Hits, TQ %u", sg_unit_name (s, u), x->hits, d->tq);
    }
  {
    g_autofree guint8 *adj = g_new0 (guint8, 2 * st->n_cells);

    for (guint u = 0; u < s->n_units; u++)
      for (gint k = 0; sg_on_map (s, u) && k < 2; k++)
        {
          gint c = k == 0 ? s->units[u].cell : s->units[u].cell2;

          for (gint d = 0; c >= 0 && d < 6; d++)
            if (st->nb[c * 6 + d] >= 0)
              adj[2 * st->nb[c * 6 + d] + sg_def (s, u)->side]++;
        }
    if (memcmp (adj, s->adj, 2 * st->n_cells) != 0)
      return sg_fail (error, "the hexes next to each side's units are miscounted");
  }
  for (gint side = 0; side < 2; side++)
    if (s->rp[side] != sg_count_rp (s, side))
      return sg_fail (error, "SG 9.0: %s has %d Rout Points, its losses are worth %d", sg_side_name (s, side),
                      s->rp[side], sg_count_rp (s, side));
  for (guint l = 0; l < s->n_leaders; l++)
    {
      const SgLeader *x = &s->leaders[l];

      if (x->status != SG_L_MAP)
        continue;
      if (x->cell < 0)
        return sg_fail (error, "%s is on the map without a hex", sg_leader_name (s, l));
      if (x->unit >= 0 && (!sg_on_map (s, x->unit)
                           || (s->units[x->unit].cell != x->cell && s->units[x->unit].cell2 != x->cell)))
        return sg_fail (error, "SG 4.31: %s is not with %s", sg_leader_name (s, l), sg_unit_name (s, x->unit));
    }
  return TRUE;
}
