/* acies-cca-turn.c
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
 * The turn (S5.1, S5.2): play a Command card, order units and leaders,
 * move, battle, draw.  The state waits for one decision at a time (its
 * step); acies_cca_resume() plays everything that needs no decision and
 * finds the next one: a retreat under way first, then a leader's escape,
 * a battle's next stage, a momentum advance, then the phase of the turn.
 */

static const char * const section_choices[] = {
  "left", "centre", "right", "left-centre", "centre-right", "all", "left-right", NULL
};
static const char * const mode_choices[] = { "normal", "reinforcements", NULL };

const AciesActionSpec acies_cca_action_specs[ACIES_CCA_N_ACTIONS] = {
  [ACIES_CCA_A_DEAL] = { "deal", N_("Shuffle and deal the Command cards"), "CCA S3.6", 0, { { NULL } } },
  [ACIES_CCA_A_PLAY] = { "play", N_("Play"), "CCA S5.2", 3, {
    { "card", ACIES_ARG_CHOICE, acies_cca_card_id_list, FALSE },
    { "section", ACIES_ARG_CHOICE, section_choices, TRUE },
    { "mode", ACIES_ARG_CHOICE, mode_choices, TRUE } }, ACIES_ACTION_FLAG_NONE, "p" },
  [ACIES_CCA_A_ROLL_ORDERS] = { "roll-orders", N_("Roll the order dice"), "CCA scenario rule, Utica 1", 0, { { NULL } },
                                ACIES_ACTION_FLAG_NONE, "o" },
  [ACIES_CCA_A_ORDER] = { "order", N_("Order"), "CCA S5.2", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [ACIES_CCA_A_ORDER_DONE] = { "end-orders", N_("End the orders"), "CCA S5.2", 0, { { NULL } },
    ACIES_ACTION_FLAG_NONE, "e" },
  [ACIES_CCA_A_USE_DIE] = { "use-die", N_("Use the die"), "CCA ref 1.11", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, TRUE } } },
  [ACIES_CCA_A_PLACE] = { "place", N_("Place"), "CCA scenario rule, Gergovia", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [ACIES_CCA_A_MOVE] = { "move", N_("Move"), "CCA base game: movement", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [ACIES_CCA_A_EXIT] = { "exit", N_("Leave the battlefield"), "CCA ruling: exit flags", 1, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE } } },
  [ACIES_CCA_A_MOVE_DONE] = { "end-movement", N_("End the movement"), "CCA S5.2", 0, { { NULL } },
    ACIES_ACTION_FLAG_NONE, "e" },
  [ACIES_CCA_A_CLOSE_COMBAT] = { "close-combat", N_("Close combat"), "CCA base game: close combat", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "target", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK },
  [ACIES_CCA_A_FIRE] = { "fire", N_("Ranged combat"), "CCA base game: ranged combat", 2, {
    { "unit", ACIES_ARG_UNIT, NULL, FALSE },
    { "target", ACIES_ARG_UNIT, NULL, FALSE } }, ACIES_ACTION_FLAG_ATTACK },
  [ACIES_CCA_A_BATTLE_DONE] = { "end-battles", N_("End the battles"), "CCA S5.2", 0, { { NULL } },
    ACIES_ACTION_FLAG_NONE, "e" },
  [ACIES_CCA_A_EVADE] = { "evade", N_("Evade"), "CCA base game: evade", 1, {
    { "to", ACIES_ARG_CELL, NULL, TRUE } } },
  [ACIES_CCA_A_STAND] = { "stand", N_("Stand and fight"), "CCA base game: evade", 0, { { NULL } } },
  [ACIES_CCA_A_REACT_CARD] = { "react", N_("Play a reaction card"), "CCA ref 1.11", 1, {
    { "card", ACIES_ARG_CHOICE, acies_cca_card_id_list, FALSE } } },
  [ACIES_CCA_A_IGNORE_FLAGS] = { "ignore-flags", N_("Ignore flags"), "CCA base game: support", 1, {
    { "flags", ACIES_ARG_INT, NULL, FALSE } } },
  [ACIES_CCA_A_RETREAT] = { "retreat", N_("Retreat"), "CCA base game: retreat", 1, {
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [ACIES_CCA_A_ESCAPE] = { "escape", N_("Leader escape"), "CCA ref 1.9", 1, {
    { "to", ACIES_ARG_CELL, NULL, TRUE } } },
  [ACIES_CCA_A_ADVANCE] = { "advance", N_("Advance"), "CCA base game: momentum advance", 1, {
    { "to", ACIES_ARG_CELL, NULL, FALSE } } },
  [ACIES_CCA_A_NO_ADVANCE] = { "no-advance", N_("Stay"), "CCA base game: momentum advance", 0, { { NULL } } },
  [ACIES_CCA_A_NO_BONUS] = { "no-bonus", N_("No bonus close combat"), "CCA base game: momentum advance", 0, { { NULL } } },
  [ACIES_CCA_A_CARDS_DONE] = { "end-cards", N_("End the card play"), "CCA EP-T1", 0, { { NULL } },
    ACIES_ACTION_FLAG_NONE, "e" },
  [ACIES_CCA_A_CANCEL] = { "cancel", N_("Cancel it with First Strike"), "CCA EP-1.17", 0, { { NULL } } },
  [ACIES_CCA_A_NO_CANCEL] = { "no-cancel", N_("Let it be"), "CCA EP-1.17", 0, { { NULL } } },
  [ACIES_CCA_A_INITIATIVE] = { "initiative", N_("Try Initiative"), "CCA EP-1.14", 0, { { NULL } } },
  [ACIES_CCA_A_NO_INITIATIVE] = { "no-initiative", N_("No Initiative"), "CCA EP-1.14", 0, { { NULL } } },
  [ACIES_CCA_A_GIVE] = { "give", N_("Give to the Generals"), "CCA EP-1.2", 2, {
    { "card", ACIES_ARG_CHOICE, acies_cca_card_id_list, FALSE },
    { "section", ACIES_ARG_CHOICE, section_choices, FALSE } } },
};

/**
 * acies_cca_add_action:
 * @out: an array of AciesAction
 * @type: an action type
 * @player: the side taking it
 * @a0: the first argument, or -1
 * @a1: the second, or -1
 * @a2: the third, or -1
 */
void
acies_cca_add_action (GArray *out,
                      guint   type,
                      gint    player,
                      gint    a0,
                      gint    a1,
                      gint    a2)
{
  acies_cca_set_action (acies_cca_grow_actions (out, 1), type, player, a0, a1, a2);
}

/**
 * acies_cca_phase_name:
 * @step: the phase of the turn
 *
 * Returns: (transfer none): its name for the play window (S5.2)
 */
const char *
acies_cca_phase_name (AciesCcaStep step)
{
  switch (step)
    {
    case ACIES_CCA_STEP_DEAL:        return N_("Deal");
    case ACIES_CCA_STEP_START:
    case ACIES_CCA_STEP_CARD:
    case ACIES_CCA_STEP_EPIC_CARDS:
    case ACIES_CCA_STEP_EPIC_CANCEL: return N_("Command card");
    case ACIES_CCA_STEP_INITIATIVE:  return N_("Initiative");
    case ACIES_CCA_STEP_ORDER:
    case ACIES_CCA_STEP_DICE_ORDER:
    case ACIES_CCA_STEP_PLACE:       return N_("Orders");
    case ACIES_CCA_STEP_MOVE:        return N_("Movement");
    case ACIES_CCA_STEP_BATTLE:
    case ACIES_CCA_STEP_REACT:
    case ACIES_CCA_STEP_FLAGS:
    case ACIES_CCA_STEP_RETREAT:
    case ACIES_CCA_STEP_LEADER_ESCAPE:
    case ACIES_CCA_STEP_ADVANCE:
    case ACIES_CCA_STEP_ADVANCE_MORE:
    case ACIES_CCA_STEP_BONUS:       return N_("Battle");
    case ACIES_CCA_STEP_OVER:
    default:                         return N_("Game over");
    }
}

/**
 * acies_cca_set_step:
 * @s: a state
 * @step: the decision awaited
 * @seat: the seat that decides
 */
void
acies_cca_set_step (AciesCcaState *s,
                    AciesCcaStep   step,
                    gint           seat)
{
  s->step = step;
  s->seat = seat;
  s->base.deciding_side = seat % 2;
  s->base.phase = acies_cca_phase_name (s->top == ACIES_CCA_STEP_BATTLE ? ACIES_CCA_STEP_BATTLE : step);
}

/* EP-PL: the seat of the player who decides for a unit of @side in @cell:
 * the side in a standard battle, the General of the hex's section in an
 * Epic one. */
static gint
owner_seat (const AciesCcaState *s,
            gint                 side,
            gint                 cell)
{
  if (!s->st->epic)
    return side;
  return acies_cca_general_seat (side, acies_cca_general_of_cell (s, cell, side));
}

/* Whether any action but the phase's end is legal now. */
static GArray *
scratch (void)
{
  static __thread GArray *array = NULL;

  if (array == NULL)
    array = g_array_sized_new (FALSE, FALSE, sizeof (AciesAction), 64);
  g_array_set_size (array, 0);
  return array;
}

/* S5.1: the other side's turn; the per-turn marks of units and leaders
 * are cleared.  Option turn_limit (a guard for random games; the book has
 * no limit): the side with more flags wins, or a draw. */
static void
next_turn (AciesCcaState *s,
           AciesDice     *dice,
           GPtrArray     *events)
{
  acies_cca_end_turn (s, dice, events);
  for (guint u = 0; u < s->st->n_units; u++)
    {
      AciesCcaUnit *unit = &s->units[u];

      unit->ordered = 0;
      unit->moved = 0;
      unit->flags = 0;
      unit->seat = -1;
      unit->fires = 0;
      unit->bonus_dice = 0;
    }
  for (guint l = 0; l < s->st->n_leaders; l++)
    {
      s->leaders[l].ordered = 0;
      s->leaders[l].moved = 0;
      s->leaders[l].seat = -1;
    }
  s->n_listed = 0;
  memset (&s->play, 0, sizeof s->play);
  s->play.card = -1;
  s->play.effect = -1;
  s->play.anchor = -1;
  s->n_pending = 0;
  s->epic_weight = 0;
  s->epic_given = 0;
  s->epic_initiative_done = 0;
  s->epic_army = 0;
  s->epic_n_slots = 0;
  s->epic_slot = 0;
  s->epic_line_sections = 0;
  s->epic_coordinated = 0;
  s->epic_stage = 0;
  s->epic_phase_general = 0;
  s->player_turn++;
  s->base.active_side = 1 - s->base.active_side;
  if (s->base.active_side == s->st->first_side)
    s->base.turn++;
  if (s->st->opt.turn_limit > 0 && s->player_turn >= 2 * s->st->opt.turn_limit)
    {
      gint f0 = acies_cca_total_flags (s, 0), f1 = acies_cca_total_flags (s, 1);
      gint winner = f0 > f1 ? 0 : f1 > f0 ? 1 : -1;
      g_autofree char *reason = winner >= 0
        ? g_strdup_printf (_("The turn limit is reached; %s has more flags (option turn_limit)."),
                           acies_cca_side_name (s, winner))
        : g_strdup (_("The turn limit is reached with equal flags: a draw (option turn_limit)."));

      acies_cca_finish (s, winner, reason, events);
      return;
    }
  s->top = ACIES_CCA_STEP_START;
}

/**
 * acies_cca_resume:
 * @s: a state
 * @dice: the dice
 * @events: (nullable): events
 *
 * Plays on until a player must decide (see the file comment).
 */
void
acies_cca_resume (AciesCcaState *s,
                  AciesDice     *dice,
                  GPtrArray     *events)
{
  for (guint guard = 0; guard < 10000; guard++)
    {
      gint side = s->base.active_side;

      if (s->base.finished)
        return;
      if (s->retreat.unit >= 0)
        {
          gint u = s->retreat.unit;

          if (acies_cca_retreat_progress (s, dice, events))
            continue;
          acies_cca_set_step (s, s->retreat.hexes < 0 ? ACIES_CCA_STEP_FLAGS : ACIES_CCA_STEP_RETREAT,
                              owner_seat (s, acies_cca_side_of (s, u), s->units[u].cell));
          return;
        }
      if (s->escape_leader >= 0)
        {
          gint l = s->escape_leader;

          if (acies_cca_escape_progress (s, dice, events))
            continue;
          acies_cca_set_step (s, ACIES_CCA_STEP_LEADER_ESCAPE,
                              owner_seat (s, s->st->leaders[l].side, s->leaders[l].cell));
          return;
        }
      if (s->battle.active)
        {
          if (acies_cca_battle_progress (s, dice, events))
            continue;
          /* The defender reacts: its General (or the Supreme Commander
           * holding Counter Attack, EP-1.17). */
          {
            gint t = s->battle.target, tside = acies_cca_side_of (s, t);
            gint seat = owner_seat (s, tside, s->units[t].cell);

            if (s->st->epic && acies_cca_hand_has (s, tside, ACIES_CCA_CARD_COUNTER_ATTACK))
              seat = tside;
            acies_cca_set_step (s, ACIES_CCA_STEP_REACT, seat);
          }
          return;
        }
      if (s->advance_unit >= 0)
        {
          gint u = s->advance_unit;

          if (acies_cca_advance_progress (s, dice, events))
            continue;
          acies_cca_set_step (s, s->advanced == 0 ? ACIES_CCA_STEP_ADVANCE
                                 : s->advanced == 1 ? ACIES_CCA_STEP_ADVANCE_MORE : ACIES_CCA_STEP_BONUS,
                              s->st->epic ? s->units[u].seat : acies_cca_side_of (s, u));
          return;
        }

      switch (s->top)
        {
        case ACIES_CCA_STEP_DEAL:
          acies_cca_set_step (s, ACIES_CCA_STEP_DEAL, s->st->first_side);
          return;

        case ACIES_CCA_STEP_START:
          acies_cca_start_of_turn (s, dice, events);
          if (s->base.finished)
            return;
          if (s->answer_due[side] && acies_cca_place_pending (s))
            s->top = ACIES_CCA_STEP_PLACE;
          else
            {
              s->answer_due[side] = FALSE;
              s->top = s->st->epic ? ACIES_CCA_STEP_EPIC_CARDS : ACIES_CCA_STEP_CARD;
            }
          continue;

        case ACIES_CCA_STEP_PLACE:
          {
            GArray *out = scratch ();

            acies_cca_place_legal (s, out);
            if (out->len > 0)
              {
                acies_cca_set_step (s, ACIES_CCA_STEP_PLACE, side);
                return;
              }
            if (s->answer_due[side])
              {
                s->answer_due[side] = FALSE;
                s->top = s->st->epic ? ACIES_CCA_STEP_EPIC_CARDS : ACIES_CCA_STEP_CARD;
              }
            else
              {
                /* SCN Gergovia: the enemy answers before its next turn. */
                s->reinf_in[side] = TRUE;
                s->answer_due[1 - side] = s->st->reinf_answer[side] >= 0;
                s->top = ACIES_CCA_STEP_MOVE;
              }
          }
          continue;

        case ACIES_CCA_STEP_CARD:
          acies_cca_set_step (s, ACIES_CCA_STEP_CARD, side);
          return;

        case ACIES_CCA_STEP_EPIC_CARDS:
        case ACIES_CCA_STEP_EPIC_CANCEL:
        case ACIES_CCA_STEP_INITIATIVE:
          acies_cca_epic_next (s, dice, events);
          if (s->top == ACIES_CCA_STEP_EPIC_CARDS || s->top == ACIES_CCA_STEP_EPIC_CANCEL
              || s->top == ACIES_CCA_STEP_INITIATIVE)
            return;
          continue;

        case ACIES_CCA_STEP_DICE_ORDER:
          if (acies_cca_dice_pending (s, events))
            {
              acies_cca_set_step (s, ACIES_CCA_STEP_DICE_ORDER, s->seat);
              return;
            }
          acies_cca_after_orders (s, events);
          if (s->st->epic)
            {
              if (s->pending_kind != 2)
                s->epic_slot++;
              s->top = s->pending_kind == 2 ? ACIES_CCA_STEP_INITIATIVE : ACIES_CCA_STEP_EPIC_CARDS;
              continue;
            }
          s->top = ACIES_CCA_STEP_MOVE;
          continue;

        case ACIES_CCA_STEP_ORDER:
          if (!acies_cca_order_finished (s))
            {
              acies_cca_set_step (s, ACIES_CCA_STEP_ORDER, s->st->epic ? s->seat : side);
              return;
            }
          acies_cca_after_orders (s, events);
          if (s->st->epic)
            {
              s->epic_slot++;
              s->top = ACIES_CCA_STEP_EPIC_CARDS;
              continue;
            }
          s->top = ACIES_CCA_STEP_MOVE;
          continue;

        case ACIES_CCA_STEP_MOVE:
          if (s->st->epic)
            {
              /* EP-T2: each General moves his units; all movement ends
               * before any battle. */
              while (s->epic_phase_general < 3)
                {
                  s->seat = acies_cca_general_seat (side, s->epic_phase_general);
                  s->base.deciding_side = side;
                  if (acies_cca_any_move (s) || acies_cca_movement_begun (s))
                    {
                      acies_cca_set_step (s, ACIES_CCA_STEP_MOVE, s->seat);
                      return;
                    }
                  s->epic_phase_general++;
                }
              s->epic_phase_general = 0;
              s->top = ACIES_CCA_STEP_BATTLE;
              acies_cca_marsh_phase_checks (s, dice, events);
              continue;
            }
          s->seat = side;
          s->base.deciding_side = side;
          /* S5.2: the player ends the movement he began himself. */
          if (acies_cca_any_move (s) || acies_cca_movement_begun (s))
            {
              acies_cca_set_step (s, ACIES_CCA_STEP_MOVE, side);
              return;
            }
          s->top = ACIES_CCA_STEP_BATTLE;
          acies_cca_marsh_phase_checks (s, dice, events);
          continue;

        case ACIES_CCA_STEP_BATTLE:
          if (s->st->epic)
            {
              while (s->epic_phase_general < 3)
                {
                  s->seat = acies_cca_general_seat (side, s->epic_phase_general);
                  s->base.deciding_side = side;
                  if (acies_cca_any_battle (s))
                    {
                      acies_cca_set_step (s, ACIES_CCA_STEP_BATTLE, s->seat);
                      return;
                    }
                  s->epic_phase_general++;
                }
              s->epic_phase_general = 0;
            }
          else if ((s->seat = side, s->base.deciding_side = side, acies_cca_any_battle (s)))
            {
              acies_cca_set_step (s, ACIES_CCA_STEP_BATTLE, side);
              return;
            }
          next_turn (s, dice, events);
          continue;

        case ACIES_CCA_STEP_OVER:
        default:
          return;
        }
    }
  g_warning ("CCA: the turn does not advance (step %d, top %d)", s->step, s->top);
}

/**
 * acies_cca_legal_actions:
 * @s: a state
 * @out: the legal actions to append to
 */
void
acies_cca_legal_actions (const AciesCcaState *s,
                         GArray              *out)
{
  gint side = s->base.deciding_side;

  if (s->base.finished)
    return;
  switch (s->step)
    {
    case ACIES_CCA_STEP_DEAL:
      acies_cca_add_action (out, ACIES_CCA_A_DEAL, side, -1, -1, -1);
      break;
    case ACIES_CCA_STEP_CARD:
      if (s->st->dice_orders[side])
        {
          acies_cca_add_action (out, ACIES_CCA_A_ROLL_ORDERS, side, -1, -1, -1);
          break;
        }
      for (guint i = 0; i < s->hand_len[side]; i++)
        {
          gint card = s->hand[side][i];

          if (i > 0 && s->hand[side][i - 1] == card)
            continue;
          if (!acies_cca_card_playable (s, side, card))
            continue;
          acies_cca_add_action (out, ACIES_CCA_A_PLAY, side, card, -1, -1);
          if (acies_cca_may_reinforce (s, side, card))
            acies_cca_add_action (out, ACIES_CCA_A_PLAY, side, card, -1, 1);
        }
      break;
    case ACIES_CCA_STEP_ORDER:
      acies_cca_order_legal (s, out);
      break;
    case ACIES_CCA_STEP_DICE_ORDER:
      acies_cca_dice_legal (s, out);
      break;
    case ACIES_CCA_STEP_PLACE:
      acies_cca_place_legal (s, out);
      break;
    case ACIES_CCA_STEP_MOVE:
      acies_cca_move_legal (s, out);
      break;
    case ACIES_CCA_STEP_BATTLE:
      acies_cca_battle_legal (s, out);
      break;
    case ACIES_CCA_STEP_REACT:
      acies_cca_react_legal (s, out);
      break;
    case ACIES_CCA_STEP_FLAGS:
      acies_cca_flags_legal (s, out);
      break;
    case ACIES_CCA_STEP_RETREAT:
      acies_cca_retreat_legal (s, out);
      break;
    case ACIES_CCA_STEP_LEADER_ESCAPE:
      acies_cca_escape_legal (s, out);
      break;
    case ACIES_CCA_STEP_ADVANCE:
    case ACIES_CCA_STEP_ADVANCE_MORE:
    case ACIES_CCA_STEP_BONUS:
      acies_cca_advance_legal (s, out);
      break;
    case ACIES_CCA_STEP_EPIC_CARDS:
    case ACIES_CCA_STEP_EPIC_CANCEL:
      acies_cca_epic_cards_legal (s, out);
      break;
    case ACIES_CCA_STEP_INITIATIVE:
      acies_cca_initiative_legal (s, out);
      break;
    case ACIES_CCA_STEP_START:
    case ACIES_CCA_STEP_OVER:
    default:
      break;
    }
}

/* S5.2: the card is played, shown to both, and its orders begin. */
static void
play_card (AciesCcaState *s,
           gint           card,
           gboolean       reinforce,
           AciesDice     *dice,
           GPtrArray     *events)
{
  gint side = s->base.active_side;

  acies_cca_hand_remove (s, side, card);
  s->in_play[card]++;
  s->last_card[side] = card;
  /* TRANSLATORS: a line of the game log (CCA S5.2). Slots in order: %s: a side's name; %s: a
   * command card's title. */
  acies_events_add (events, "card", "CCA S5.2", side, _("%s plays %s"), acies_cca_side_name (s, side),
                    acies_cca_card_title (s, card));
  if (reinforce)
    {
      /* TRANSLATORS: a line of the game log (CCA scenario rule, Gergovia). Slots in order: %s: a side's name. */
      acies_events_add (events, "card", "CCA scenario rule, Gergovia", side, _("%s brings its reinforcements into the battle"),
                        acies_cca_side_name (s, side));
      memset (&s->play, 0, sizeof s->play);
      s->play.card = card;
      s->play.effect = -1;
      s->play.anchor = -1;
      s->top = ACIES_CCA_STEP_PLACE;
      return;
    }
  acies_cca_card_start (s, card, ACIES_CCA_LEFT | ACIES_CCA_CENTRE | ACIES_CCA_RIGHT, dice, events);
  switch (s->play.mode)
    {
    case ACIES_CCA_OM_DICE:
      s->top = ACIES_CCA_STEP_DICE_ORDER;
      break;
    case ACIES_CCA_OM_NONE:
      acies_cca_after_orders (s, events);
      s->top = ACIES_CCA_STEP_MOVE;
      break;
    default:
      s->top = ACIES_CCA_STEP_ORDER;
      break;
    }
}

/**
 * acies_cca_apply:
 * @s: a state
 * @a: a legal action
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * Returns: %TRUE on success
 */
gboolean
acies_cca_apply (AciesCcaState      *s,
                 const AciesAction  *a,
                 AciesDice          *dice,
                 GPtrArray          *events,
                 GError            **error)
{
  gint side = s->base.active_side;

  switch (a->type)
    {
    case ACIES_CCA_A_DEAL:
      acies_cca_deal (s, dice, events);
      s->base.active_side = s->st->first_side;
      s->top = ACIES_CCA_STEP_START;
      break;

    case ACIES_CCA_A_PLAY:
    case ACIES_CCA_A_GIVE:
      if (s->step == ACIES_CCA_STEP_EPIC_CARDS)
        {
          if (!acies_cca_epic_play (s, a, dice, events, error))
            return FALSE;
          break;
        }
      play_card (s, a->args[0], a->args[2] == 1, dice, events);
      break;

    case ACIES_CCA_A_ROLL_ORDERS:
      /* SCN Utica 1: the dice instead of a card. */
      memset (&s->play, 0, sizeof s->play);
      s->play.card = -1;
      s->play.effect = -1;
      s->play.anchor = -1;
      s->play.mode = ACIES_CCA_OM_DICE;
      acies_cca_roll_orders (s, s->st->dice_orders[side], 1, dice, events);
      s->top = ACIES_CCA_STEP_DICE_ORDER;
      break;

    case ACIES_CCA_A_ORDER:
      acies_cca_order (s, a->args[0], events);
      break;

    case ACIES_CCA_A_ORDER_DONE:
      s->play.limit = s->play.n_ordered;
      break;

    case ACIES_CCA_A_USE_DIE:
      if (!acies_cca_use_die (s, a->args[0], dice, events, error))
        return FALSE;
      break;

    case ACIES_CCA_A_PLACE:
      acies_cca_place (s, a->args[0], a->args[1], events, error);
      break;

    case ACIES_CCA_A_MOVE:
      acies_cca_move (s, a->args[0], a->args[1], dice, events, error);
      break;

    case ACIES_CCA_A_EXIT:
      acies_cca_exit (s, a->args[0], events);
      break;

    case ACIES_CCA_A_MOVE_DONE:
      if (s->st->epic)
        s->epic_phase_general++;
      else
        {
          s->top = ACIES_CCA_STEP_BATTLE;
          acies_cca_marsh_phase_checks (s, dice, events);
        }
      break;

    case ACIES_CCA_A_CLOSE_COMBAT:
      if (s->step == ACIES_CCA_STEP_BONUS)
        acies_cca_advance (s, a, dice, events);
      else
        acies_cca_start_battle (s, a->args[0], a->args[1], ACIES_CCA_BM_CLOSE, FALSE, dice, events);
      break;

    case ACIES_CCA_A_FIRE:
      acies_cca_start_battle (s, a->args[0], a->args[1], ACIES_CCA_BM_RANGED, FALSE, dice, events);
      break;

    case ACIES_CCA_A_BATTLE_DONE:
      if (s->st->epic)
        {
          s->epic_phase_general++;
          break;
        }
      next_turn (s, dice, events);
      break;

    case ACIES_CCA_A_EVADE:
    case ACIES_CCA_A_STAND:
    case ACIES_CCA_A_REACT_CARD:
      acies_cca_react (s, a, dice, events, error);
      break;

    case ACIES_CCA_A_IGNORE_FLAGS:
      acies_cca_ignore_flags (s, a->args[0], dice, events);
      break;

    case ACIES_CCA_A_RETREAT:
      acies_cca_retreat_step (s, a->args[0], dice, events);
      break;

    case ACIES_CCA_A_ESCAPE:
      acies_cca_escape (s, a->args[0], dice, events);
      break;

    case ACIES_CCA_A_ADVANCE:
    case ACIES_CCA_A_NO_ADVANCE:
    case ACIES_CCA_A_NO_BONUS:
      acies_cca_advance (s, a, dice, events);
      break;

    case ACIES_CCA_A_CARDS_DONE:
      acies_cca_epic_cards_done (s, dice, events);
      break;

    case ACIES_CCA_A_CANCEL:
    case ACIES_CCA_A_NO_CANCEL:
      if (!acies_cca_epic_play (s, a, dice, events, error))
        return FALSE;
      break;

    case ACIES_CCA_A_INITIATIVE:
    case ACIES_CCA_A_NO_INITIATIVE:
      acies_cca_initiative (s, a->type == ACIES_CCA_A_INITIATIVE, dice, events);
      break;

    default:
      g_set_error (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_INVALID, "unknown action %u", a->type);
      return FALSE;
    }
  acies_cca_update_held (s, events);
  acies_cca_check_win (s, events);
  acies_cca_resume (s, dice, events);
  return TRUE;
}
