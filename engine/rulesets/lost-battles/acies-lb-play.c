/* acies-lb-play.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-lost-battles"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-lb-private.h"

/*
 * The Lost Battles state machine: turns and player-turns (3, 8.9, 10.3,
 * 10.4), Orders (4.1), activation of groups (4.2–4.4, 8.3), movement (5),
 * attacks and their resolution (6), morale (7), commanders (8), the end of
 * the battle (11).  This file holds the state machine's dispatch: the buffer of legal actions, groups (LB 4.2), legal_actions and apply, which both dispatch on the phase; the concerns are in
 * acies-lb-describe.c, -turn.c, -activate.c, -move.c, -combat.c and
 * -morale.c.
 */

/* LB 2.2: two six-sided dice, their total. */
gint
acies_lb_roll_2d6 (AciesDice  *dice,
                   const char *purpose)
{
  gint a = acies_dice_roll_or_abort (dice, 6, 1, purpose);
  gint b = acies_dice_roll_or_abort (dice, 6, 1, purpose);

  return a + b;
}

/* Groups. */

gint
acies_lb_group_load (const AciesLbState *s,
                     guint64             group)
{
  gint load = 0, i;

  FOR_BITS (i, group)
    if (acies_lb_present (&s->units[i]))
      load += acies_lb_unit_load (&s->units[i]);
  return load;
}

gint
acies_lb_cmdr_in_zone (const AciesLbState *s,
                       gint                zone,
                       gint                side)
{
  for (gint c = 0; c < s->n_cmdrs; c++)
    if (s->cmdrs[c].side == side && acies_lb_cmdr_zone (s, c) == zone && zone >= 0)
      return c;
  return LB_NONE;
}

/* Legal actions. */

#define WANT(t) (filter < 0 || filter == (t))

static void
legal_into (const AciesLbState *s,
            AciesLbOut         *out,
            gint                filter)
{
  gint side = s->base.active_side, def = 1 - side;

  if (s->base.finished)
    return;
  switch (s->phase)
    {
    case LB_PH_SWAP:
      acies_lb_out_add (out, LB_A_SWAP, side, 0, -1, -1, -1);
      acies_lb_out_add (out, LB_A_SWAP, side, 1, -1, -1, -1);
      break;

    case LB_PH_ROLL:
      acies_lb_out_add (out, LB_A_ROLL, side, -1, -1, -1, -1);
      break;

    case LB_PH_TURN_START:
      acies_lb_out_add (out, LB_A_BEGIN_TURN, side, -1, -1, -1, -1);
      break;

    case LB_PH_CMDR_CHOICE:
      for (gint c = 0; c < s->n_cmdrs; c++)
        if (s->cmdrs[c].side == side && acies_lb_cmdr_zone (s, c) >= 0)
          acies_lb_out_add (out, LB_A_CHOOSE_CMDR, side, c, -1, -1, -1);
      break;

    case LB_PH_MAIN:
      for (gint i = 0; i < s->n_units && WANT (LB_A_SELECT); i++)
        if (acies_lb_selectable (s, i, 0, TRUE) && (s->sides[side].orders >= 1
            || acies_lb_pool_orders (s, s->units[i].zone, s->units[i].hero, NULL, NULL) >= 1))
          acies_lb_out_add (out, LB_A_SELECT, side, i, -1, -1, -1);
      for (gint c = 0; c < s->n_cmdrs && WANT (LB_A_STRATEGIST); c++)
        {
          const AciesLbCmdr *k = &s->cmdrs[c];

          if (k->side != side || k->hero || k->status != LB_CMDR_PRESENT || k->activated)
            continue;
          for (gint z = 0; z < LB_ZONES; z++)
            if (acies_lb_strategist_dest_ok (s, c, z))
              acies_lb_out_add (out, LB_A_STRATEGIST, side, c, z, -1, -1);
          if (k->zone >= 0)
            acies_lb_out_add (out, LB_A_STRATEGIST, side, c, -1, -1, -1);
        }
      acies_lb_out_add (out, LB_A_END_TURN, side, -1, -1, -1, -1);
      break;

    case LB_PH_SELECT:
      for (gint i = 0; i < s->n_units && WANT (LB_A_SELECT); i++)
        if (!IN (s->selection, i) && acies_lb_selectable (s, i, s->sel_zone, FALSE))
          acies_lb_out_add (out, LB_A_SELECT, side, i, -1, -1, -1);
      for (gint kind = LB_ACT_STD; kind <= LB_ACT_TRIPLE && WANT (LB_A_ACTIVATE); kind++)
        {
          gint n = acies_lb_popcount (s->selection);

          if ((kind == LB_ACT_DOUBLE || kind == LB_ACT_TRIPLE) && n != 1)
            continue;
          if (kind == LB_ACT_TURN_ONLY && (n < 2 || s->sel_zone < 0))
            continue;
          if (acies_lb_activation_ok (s, s->selection, s->sel_zone, kind, -1))
            acies_lb_out_add (out, LB_A_ACTIVATE, side, kind, -1, -1, -1);
          for (gint c = 0; c < s->n_cmdrs; c++)
            if (!s->cmdrs[c].hero && s->cmdrs[c].side == side && s->cmdrs[c].zone == s->sel_zone
                && s->cmdrs[c].status == LB_CMDR_PRESENT && !s->cmdrs[c].activated
                && acies_lb_activation_ok (s, s->selection, s->sel_zone, kind, c))
              acies_lb_out_add (out, LB_A_ACTIVATE, side, kind, c, -1, -1);
        }
      acies_lb_out_add (out, LB_A_CANCEL, side, -1, -1, -1, -1);
      break;

    case LB_PH_ACT:
      if (acies_lb_group_zone (s) < 0 && !s->act.deployed)
        {
          gint row = side == 0 ? 0 : LB_ROWS - 1;

          /* 3.3.2: only the three rear zones (acies_lb_can_deploy() refuses others). */
          for (gint z = row * LB_COLS + 1; z <= row * LB_COLS + 3 && WANT (LB_A_DEPLOY); z++)
            for (gint d = 0; d < 4; d++)
              if (acies_lb_can_deploy (s, z, d))
                acies_lb_out_add (out, LB_A_DEPLOY, side, z, d, -1, -1);
        }
      else
        {
          if (s->act.must_leave)
            {
              if (acies_lb_can_move (s))
                acies_lb_out_add (out, LB_A_MOVE, side, -1, -1, -1, -1);
              break;
            }
          for (gint d = 0; d < 4 && WANT (LB_A_TURN); d++)
            if (acies_lb_can_turn (s, d))
              acies_lb_out_add (out, LB_A_TURN, side, d, -1, -1, -1);
          if (WANT (LB_A_MOVE) && acies_lb_can_move (s))
            acies_lb_out_add (out, LB_A_MOVE, side, -1, -1, -1, -1);
          if (WANT (LB_A_LEAVE) && acies_lb_can_leave (s))
            acies_lb_out_add (out, LB_A_LEAVE, side, -1, -1, -1, -1);
          if (WANT (LB_A_ATTACK) && acies_lb_can_attack (s))
            acies_lb_out_add (out, LB_A_ATTACK, side, -1, -1, -1, -1);
        }
      acies_lb_out_add (out, LB_A_END_ACTIVATION, side, -1, -1, -1, -1);
      break;

    case LB_PH_ATTACK:
      acies_lb_attack_options (s, out);
      break;

    case LB_PH_DECISIVE:
      acies_lb_out_add (out, LB_A_DECISIVE, side, 1, -1, -1, -1);
      acies_lb_out_add (out, LB_A_DECISIVE, side, 0, -1, -1, -1);
      break;

    case LB_PH_SECOND_HIT:
      for (gint i = 0; i < s->n_units; i++)
        if (s->units[i].zone == s->atk.to && s->units[i].side == def && acies_lb_present (&s->units[i]))
          acies_lb_out_add (out, LB_A_SECOND_HIT, def, i, -1, -1, -1);
      break;

    case LB_PH_RECOVERY:
      {
        gint opts[LB_MAX_CMDRS];
        gboolean mandatory;
        gint n = acies_lb_recovery_options (s, s->atk.recipient, opts, &mandatory);

        for (gint k = 0; k < n; k++)
          acies_lb_out_add (out, LB_A_RECOVER, def, opts[k], -1, -1, -1);
        acies_lb_out_add (out, LB_A_RECOVER, def, -1, -1, -1, -1);
      }
      break;

    case LB_PH_NEW_LEAD:
    case LB_PH_LEADS:
      {
        gint who = s->phase == LB_PH_NEW_LEAD ? def : side;
        gint z = __builtin_ctz (s->relead);
        AciesLbLeadZone lz;

        acies_lb_lead_zone_scan (s, z, who, &lz);
        for (gint i = 0; i < s->n_units; i++)
          if (s->units[i].zone == z && s->units[i].side == who && acies_lb_present (&s->units[i])
              && acies_lb_lead_ok (s, i, &lz))
            acies_lb_out_add (out, LB_A_LEAD, who, i, -1, -1, -1);
      }
      break;

    case LB_PH_PURSUIT:
      for (gint i = 0; i < s->n_units; i++)
        if (acies_lb_pursuer_ok (s, i))
          acies_lb_out_add (out, LB_A_PURSUE, side, i, -1, -1, -1);
      if (acies_lb_strategist_may_advance (s))
        acies_lb_out_add (out, LB_A_STRATEGIST, side, s->act.cmdr, s->atk.to, -1, -1);
      acies_lb_out_add (out, LB_A_PURSUE_DONE, side, -1, -1, -1, -1);
      break;

    default:
      break;
    }
}

static void
legal_filtered (const AciesLbState *s,
                GArray             *array,
                gint                filter)
{
  AciesLbOut out;

  out.array = array;
  out.n = 0;
  legal_into (s, &out, filter);
  acies_lb_out_flush (&out);
}

void
acies_lb_legal_actions (const AciesLbState *s,
                        GArray             *out)
{
  legal_filtered (s, out, -1);
}

static gboolean
legal_by_generation (const AciesLbState *s,
                     const AciesAction  *a)
{
  g_autoptr(GArray) legal = g_array_sized_new (FALSE, FALSE, sizeof (AciesAction), 64);

  legal_filtered (s, legal, a->type);
  for (guint i = 0; i < legal->len; i++)
    if (acies_action_equal (&g_array_index (legal, AciesAction, i), a))
      return TRUE;
  return FALSE;
}

/* @a is by @player with exactly these arguments (the rest -1). */
static gboolean
args_are (const AciesAction *a,
          gint               player,
          gint               a0,
          gint               a1,
          gint               a2,
          gint               a3)
{
  if (a->player != player || a->args[0] != a0 || a->args[1] != a1 || a->args[2] != a2 || a->args[3] != a3)
    return FALSE;
  for (guint i = 4; i < ACIES_ACTION_MAX_ARGS; i++)
    if (a->args[i] != -1)
      return FALSE;
  return TRUE;
}

#define UNIT_ARG(a, s) ((a)->args[0] >= 0 && (a)->args[0] < (s)->n_units)

/* The same answer as searching legal_filtered()'s list, without building
 * it for the frequent actions (random playouts call this at every step). */
static gboolean
is_legal (const AciesLbState *s,
          const AciesAction  *a)
{
  gint side = s->base.active_side, def = 1 - side, i = a->args[0];
  gboolean deploying;

  if (s->base.finished)
    return FALSE;
  deploying = s->phase == LB_PH_ACT && acies_lb_group_zone (s) < 0 && !s->act.deployed;
  switch (a->type)
    {
    case LB_A_SWAP:
      return s->phase == LB_PH_SWAP && (i == 0 || i == 1) && args_are (a, side, i, -1, -1, -1);
    case LB_A_ROLL:
      return s->phase == LB_PH_ROLL && args_are (a, side, -1, -1, -1, -1);
    case LB_A_BEGIN_TURN:
      return s->phase == LB_PH_TURN_START && args_are (a, side, -1, -1, -1, -1);
    case LB_A_END_TURN:
      return s->phase == LB_PH_MAIN && args_are (a, side, -1, -1, -1, -1);
    case LB_A_CANCEL:
      return s->phase == LB_PH_SELECT && args_are (a, side, -1, -1, -1, -1);
    case LB_A_END_ACTIVATION:
      return s->phase == LB_PH_ACT && args_are (a, side, -1, -1, -1, -1);
    case LB_A_PURSUE_DONE:
      return s->phase == LB_PH_PURSUIT && args_are (a, side, -1, -1, -1, -1);
    case LB_A_DECISIVE:
      return s->phase == LB_PH_DECISIVE && (i == 0 || i == 1) && args_are (a, side, i, -1, -1, -1);
    case LB_A_SELECT:
      if (!UNIT_ARG (a, s) || !args_are (a, side, i, -1, -1, -1))
        return FALSE;
      if (s->phase == LB_PH_MAIN)
        return acies_lb_selectable (s, i, 0, TRUE) && (s->sides[side].orders >= 1
               || acies_lb_pool_orders (s, s->units[i].zone, s->units[i].hero, NULL, NULL) >= 1);
      return s->phase == LB_PH_SELECT && !IN (s->selection, i) && acies_lb_selectable (s, i, s->sel_zone, FALSE);
    case LB_A_ACTIVATE:
      {
        gint n = acies_lb_popcount (s->selection), c = a->args[1];

        if (s->phase != LB_PH_SELECT || i < LB_ACT_STD || i > LB_ACT_TRIPLE
            || !args_are (a, side, i, c, -1, -1))
          return FALSE;
        if ((i == LB_ACT_DOUBLE || i == LB_ACT_TRIPLE) && n != 1)
          return FALSE;
        if (i == LB_ACT_TURN_ONLY && (n < 2 || s->sel_zone < 0))
          return FALSE;
        if (c == -1)
          return acies_lb_activation_ok (s, s->selection, s->sel_zone, i, -1);
        return c >= 0 && c < s->n_cmdrs && !s->cmdrs[c].hero && s->cmdrs[c].side == side
               && s->cmdrs[c].zone == s->sel_zone && s->cmdrs[c].status == LB_CMDR_PRESENT
               && !s->cmdrs[c].activated && acies_lb_activation_ok (s, s->selection, s->sel_zone, i, c);
      }
    case LB_A_DEPLOY:
      return deploying && i >= 0 && i < LB_ZONES && a->args[1] >= 0 && a->args[1] < 4
             && args_are (a, side, i, a->args[1], -1, -1) && acies_lb_can_deploy (s, i, a->args[1]);
    case LB_A_TURN:
      return s->phase == LB_PH_ACT && !deploying && !s->act.must_leave && i >= 0 && i < 4
             && args_are (a, side, i, -1, -1, -1) && acies_lb_can_turn (s, i);
    case LB_A_MOVE:
      return s->phase == LB_PH_ACT && !deploying && args_are (a, side, -1, -1, -1, -1) && acies_lb_can_move (s);
    case LB_A_LEAVE:
      return s->phase == LB_PH_ACT && !deploying && !s->act.must_leave && args_are (a, side, -1, -1, -1, -1)
             && acies_lb_can_leave (s);
    case LB_A_ATTACK:
      return s->phase == LB_PH_ACT && !deploying && !s->act.must_leave && args_are (a, side, -1, -1, -1, -1)
             && acies_lb_can_attack (s);
    case LB_A_SECOND_HIT:
      return s->phase == LB_PH_SECOND_HIT && UNIT_ARG (a, s) && args_are (a, def, i, -1, -1, -1)
             && s->units[i].zone == s->atk.to && s->units[i].side == def && acies_lb_present (&s->units[i]);
    case LB_A_LEAD:
      {
        gint who = s->phase == LB_PH_NEW_LEAD ? def : side;

        return (s->phase == LB_PH_NEW_LEAD || s->phase == LB_PH_LEADS) && UNIT_ARG (a, s)
               && args_are (a, who, i, -1, -1, -1) && s->relead != 0
               && s->units[i].zone == (gint) __builtin_ctz (s->relead) && s->units[i].side == who
               && acies_lb_present (&s->units[i]) && acies_lb_lead_candidate (s, i);
      }
    case LB_A_PURSUE:
      return s->phase == LB_PH_PURSUIT && UNIT_ARG (a, s) && args_are (a, side, i, -1, -1, -1)
             && acies_lb_pursuer_ok (s, i);
    default:
      return legal_by_generation (s, a);
    }
}

/**
 * acies_lb_apply:
 * @s: the state
 * @a: a legal action
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %FALSE with ACIES_ENGINE_ERROR_ILLEGAL_ACTION if @a is not legal now
 */
gboolean
acies_lb_apply (AciesLbState       *s,
                const AciesAction  *a,
                AciesDice          *dice,
                GPtrArray          *events,
                GError            **error)
{
  gint side = s->base.active_side;

  if (!is_legal (s, a))
    {
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                   "Lost Battles: action %u (%d, %d, %d, %d) is not legal in the phase “%s”",
                   a->type, a->args[0], a->args[1], a->args[2], a->args[3], s->base.phase);
      return FALSE;
    }

  switch (a->type)
    {
    case LB_A_SWAP:                               /* 8.9 */
      if (a->args[0])
        {
          s->base_first = side;
          s->sides[side].swapped = 1;
          /* TRANSLATORS: a line of the game log (LB 8.9.1). Slots in order: %s: a side's name. */
          acies_events_add (events, "swap", "LB 8.9.1", side, _("%s: the turn order is swapped from now on"),
                            acies_lb_side_name (s, side));
        }
      else
        s->sides[side].swapped = 0;
      acies_lb_turn_rolls (s, dice, events);
      break;

    case LB_A_CHOOSE_CMDR:                        /* 8.8.3 */
      for (gint c = 0; c < s->n_cmdrs; c++)
        if (s->cmdrs[c].side == side && c != a->args[0])
          s->cmdrs[c].blocked = 1;
      /* TRANSLATORS: a line of the game log (LB 8.8.3). Slots in order: %s: a leader's name. */
      acies_events_add (events, "commander", "LB 8.8.3", side, _("Only %s may use his Orders this player-turn"),
                        acies_lb_cmdr_name (s, a->args[0]));
      acies_lb_await_roll (s);
      break;

    case LB_A_SELECT:                             /* 4.2 */
      if (s->phase == LB_PH_MAIN)
        {
          s->selection = 0;
          s->sel_zone = s->units[a->args[0]].zone;
          acies_lb_set_phase (s, LB_PH_SELECT);
        }
      s->selection |= BIT (a->args[0]);
      break;

    case LB_A_ACTIVATE:
      acies_lb_do_activate (s, a->args[0], a->args[1], events);
      break;

    case LB_A_CANCEL:
      s->selection = 0;
      acies_lb_set_phase (s, LB_PH_MAIN);
      break;

    case LB_A_STRATEGIST:                         /* 8.2 */
      {
        AciesLbCmdr *k = &s->cmdrs[a->args[0]];

        k->activated = 1;
        if (a->args[1] < 0)
          acies_lb_cmdr_lost (s, a->args[0], FALSE, events, "LB 8.2", "withdrawn from the field");
        else
          {
            k->zone = a->args[1];
            k->deployed = 1;
            /* TRANSLATORS: a line of the game log (LB 8.2). Slots in order: %s: a leader's name;
             * %s: a zone's name. */
            acies_events_add (events, "strategist", "LB 8.2", side, _("%s moves to %s"), acies_lb_cmdr_name (s, a->args[0]),
                              acies_lb_zone_name (s, k->zone, side));
          }
        if (s->phase == LB_PH_PURSUIT && !acies_lb_any_pursuer (s))   /* he advanced with the group */
          acies_lb_end_activation (s, events);
      }
      break;

    case LB_A_END_TURN:
      s->sides[side].orders = 0;                  /* 4.1.2: unspent Orders are lost */
      acies_lb_begin_leads (s, dice, events);
      break;

    case LB_A_DEPLOY:
      acies_lb_do_deploy (s, a->args[0], a->args[1], events);
      break;

    case LB_A_TURN:
      acies_lb_do_turn (s, a->args[0], events);
      break;

    case LB_A_MOVE:
      acies_lb_do_move (s, events);
      break;

    case LB_A_LEAVE:
      acies_lb_do_leave (s, events);
      break;

    case LB_A_ATTACK:
      acies_lb_do_attack (s, events);
      break;

    case LB_A_END_ACTIVATION:
      acies_lb_end_activation (s, events);
      break;

    case LB_A_ATTACK_WITH:
      acies_lb_do_attack_with (s, a->args[0], a->args[1], a->args[2], a->args[3], dice, events);
      break;

    case LB_A_DECISIVE:
      acies_lb_set_phase (s, LB_PH_ATTACK);
      if (a->args[0])
        acies_lb_begin_hits (s, TRUE, dice, events);
      else if (s->atk.margin >= 0)
        acies_lb_begin_hits (s, FALSE, dice, events);
      else
        acies_lb_after_attacker (s, dice, events);
      break;

    case LB_A_SECOND_HIT:
      s->atk.recipient = a->args[0];
      s->atk.recovery_done = FALSE;
      acies_lb_set_phase (s, LB_PH_ATTACK);
      acies_lb_hits_continue (s, dice, events);
      break;

    case LB_A_RECOVER:
      s->atk.recovery_done = TRUE;
      acies_lb_set_phase (s, LB_PH_ATTACK);
      if (a->args[0] >= 0 && acies_lb_attempt_recovery (s, a->args[0], s->atk.recipient, dice, events))
        {
          if (s->atk.recipient == s->atk.lead_unit)
            s->atk.lead_saved = TRUE;            /* 8.6.4 */
          s->atk.hit_idx++;
          s->atk.recipient = LB_NONE;
        }
      acies_lb_hits_continue (s, dice, events);
      break;

    case LB_A_LEAD:
      {
        gint z = s->units[a->args[0]].zone;

        acies_lb_set_lead (s, a->args[0], events, s->phase == LB_PH_LEADS ? "LB 3.2.3" : "LB 6.4.5");
        s->relead &= ~(1u << z);
        if (s->relead == 0)
          {
            if (s->phase == LB_PH_LEADS)
              acies_lb_end_player_turn (s, dice, events);
            else if (s->atk.relead_mid)
              {
                s->atk.relead_mid = FALSE;       /* 6.4.5: back to the next hit */
                acies_lb_set_phase (s, LB_PH_ATTACK);
                acies_lb_hits_continue (s, dice, events);
              }
            else
              {
                s->atk.zones_hit = 0;
                acies_lb_set_phase (s, LB_PH_ATTACK);
                acies_lb_after_attacker (s, dice, events);
              }
          }
      }
      break;

    case LB_A_PURSUE:
      acies_lb_do_pursue (s, a->args[0], events);
      if (!s->base.finished && !acies_lb_any_pursuer (s) && !acies_lb_strategist_may_advance (s))
        acies_lb_end_activation (s, events);
      break;

    case LB_A_PURSUE_DONE:
      acies_lb_end_activation (s, events);
      break;

    case LB_A_ROLL:
      acies_lb_roll_orders (s, dice, events);
      break;

    case LB_A_BEGIN_TURN:
      acies_lb_start_turn (s, dice, events);
      break;

    default:
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_ILLEGAL_ACTION,
                   "Lost Battles: unknown action type %u", a->type);
      return FALSE;
    }
  return TRUE;
}
