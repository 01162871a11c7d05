/* acies-cca-describe.c
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
 * Prompts, actions and turns in a player's words, and the hexes an action
 * touches.  A prompt names who decides (a side, or a seat of an Epic
 * battle) and what; the card names it uses are those of the deciding
 * player's hand only.
 */

static const char *
section_words (guint8 m)
{
  switch (m)
    {
    case ACIES_CCA_LEFT: return _("the left section");
    case ACIES_CCA_CENTRE: return _("the centre section");
    case ACIES_CCA_RIGHT: return _("the right section");
    case ACIES_CCA_LEFT | ACIES_CCA_RIGHT: return _("both flanks");
    case ACIES_CCA_LEFT | ACIES_CCA_CENTRE: return _("the left and centre sections");
    case ACIES_CCA_CENTRE | ACIES_CCA_RIGHT: return _("the centre and right sections");
    default: return _("any section");
    }
}

static const char *
class_words (gint cls)
{
  switch (cls)
    {
    /* Named as the counters and their tooltips name them: the counters
     * draw no circle, triangle or square (the battle dice's symbols). */
    /* Translators: a class of units in "order up to 4 %s units". */
    case 0: return C_("cca unit class", "light");
    /* Translators: a class of units in "order up to 4 %s units". */
    case 1: return C_("cca unit class", "medium");
    /* Translators: a class of units in "order up to 4 %s units". */
    case 2: return C_("cca unit class", "heavy");
    case 3: return _("mounted");
    case 4: return _("light units with missiles");
    default: return _("any");
    }
}

/**
 * acies_cca_generals_words:
 * @mask: the sections of an Epic battle's Generals (ACIES_CCA_LEFT…)
 *
 * EP-PL: the Generals of those sections in a player's words.
 *
 * Returns: (transfer none): "the General of the left", "the three Generals"…
 */
const char *
acies_cca_generals_words (guint8 mask)
{
  switch (mask & (ACIES_CCA_LEFT | ACIES_CCA_CENTRE | ACIES_CCA_RIGHT))
    {
    case ACIES_CCA_LEFT: return _("the General of the left");
    case ACIES_CCA_CENTRE: return _("the General of the centre");
    case ACIES_CCA_RIGHT: return _("the General of the right");
    case ACIES_CCA_LEFT | ACIES_CCA_CENTRE: return _("the Generals of the left and centre");
    case ACIES_CCA_CENTRE | ACIES_CCA_RIGHT: return _("the Generals of the centre and right");
    case ACIES_CCA_LEFT | ACIES_CCA_RIGHT: return _("the Generals of the left and right");
    default: return _("the three Generals");
    }
}

/* What the card in play orders, for the ORDER prompt. */
static char *
order_words (const AciesCcaState *s)
{
  const AciesCcaPlay *p = &s->play;
  const char *title = p->card >= 0 ? acies_cca_card_title (s, p->card) : _("the dice");

  switch (p->mode)
    {
    case ACIES_CCA_OM_SECTIONS:
      return g_strdup_printf (_("%s: order up to %u units or leaders in %s (%u ordered)"), title, p->limit,
                              section_words (p->sections), p->n_ordered);
    case ACIES_CCA_OM_CLASS:
      return g_strdup_printf (_("%s: order up to %u %s units (%u ordered)"), title, p->limit, class_words (p->cls),
                              p->n_ordered);
    case ACIES_CCA_OM_LEADER:
      if (p->anchor < 0)
        return g_strdup_printf (_("%s: choose the commander (in %s), or one unit of your choice"), title,
                                section_words (p->sections));
      return g_strdup_printf (_("%s: order the units next to %s's group (up to %u units)"), title,
                              s->st->leaders[p->anchor].name, p->limit);
    case ACIES_CCA_OM_GROUP:
      return g_strdup_printf (_("%s: order a group of foot units side by side%s (%u ordered)"), title,
                              p->max_group > 0 ? _(", up to four") : "", p->n_ordered);
    case ACIES_CCA_OM_ANY_ONE:
      return g_strdup_printf (_("%s: order one unit of your choice"), title);
    case ACIES_CCA_OM_DICE:
    case ACIES_CCA_OM_NONE:
    default:
      return g_strdup (title);
    }
}

static char *
die_words (const AciesCcaState *s)
{
  AciesCcaSymbol sym = s->pending[0];
  const char *name = acies_cca_symbol_name (sym);

  switch (s->pending_kind)
    {
    case 0:
      return g_strdup_printf (_("Rally: the %s gives a block back to a unit of its colour (a helmet: any) "
                                "in or next to a commander's hex"), name);
    case 3:
      return g_strdup_printf (_("I Am Spartacus: the %s orders a unit of its colour (a helmet: a commander)"), name);
    default:
      if (sym == ACIES_CCA_SYM_FLAG)
        return g_strdup_printf (_("The %s: choose the unit that retreats its full distance"), name);
      if (sym == ACIES_CCA_SYM_SWORDS)
        return g_strdup_printf (_("The %s: choose the unit that loses a block"), name);
      if (sym == ACIES_CCA_SYM_HELMET)
        return g_strdup_printf (s->pending_kind == 2 ? _("The %s: order any unit or a commander")
                                                     : _("The %s: order the commander and his unit"), name);
      return g_strdup_printf (_("The %s: order a unit of its colour"), name);
    }
}

/**
 * acies_cca_prompt_text:
 * @s: a state
 * @rule: (out) (transfer full): the rule behind the choice
 *
 * Returns: (transfer full): the decision awaited, naming who makes it
 */
char *
acies_cca_prompt_text (const AciesCcaState *s,
                       char               **rule)
{
  g_autofree char *who = acies_cca_seat_name (s, s->seat);
  g_autofree char *what = NULL;
  const char *r = "CCA S5.2";

  switch (s->step)
    {
    case ACIES_CCA_STEP_DEAL:
      what = g_strdup (_("shuffle the Command cards and deal the hands"));
      r = "CCA S3.6";
      break;
    case ACIES_CCA_STEP_CARD:
      what = s->st->dice_orders[s->base.active_side]
             ? g_strdup (_("roll the order dice"))
             : g_strdup (_("play a Command card from your hand"));
      break;
    case ACIES_CCA_STEP_ORDER:
      what = order_words (s);
      break;
    case ACIES_CCA_STEP_DICE_ORDER:
      what = die_words (s);
      r = s->pending_kind == 2 ? "CCA EP-1.14" : s->pending_kind == 1 ? "CCA scenario rule, Utica 1" : "CCA ref 1.11";
      break;
    case ACIES_CCA_STEP_PLACE:
      what = g_strdup (_("place your reinforcements"));
      r = "CCA scenario rule, Gergovia";
      break;
    case ACIES_CCA_STEP_MOVE:
      what = g_strdup (_("move your ordered units (all moves come before the battles), then end the movement"));
      r = "CCA S5.2";
      break;
    case ACIES_CCA_STEP_BATTLE:
      what = g_strdup (_("battle with your ordered units, one at a time, then end the battles"));
      break;
    case ACIES_CCA_STEP_REACT:
      {
        g_autofree char *target = acies_cca_unit_words (s, s->battle.target);
        g_autofree char *attacker = acies_cca_unit_words (s, s->battle.attacker);

        what = g_strdup_printf (_("your %s is attacked by %s: evade, or stand and fight?"), target, attacker);
        r = "CCA base game: evade";
      }
      break;
    case ACIES_CCA_STEP_FLAGS:
      {
        g_autofree char *unit = acies_cca_unit_words (s, s->retreat.unit);

        if (s->retreat.per_flag == 1)
          what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%s suffers %d flag and may ignore up to %d: each flag obeyed is a retreat of one hex",
                                               "%s suffers %d flags and may ignore up to %d: each flag obeyed is a retreat of one hex",
                                               s->retreat.flags),
                                  unit, s->retreat.flags, s->retreat.ignorable);
        else
          what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%s suffers %d flag and may ignore up to %d: each flag obeyed is a retreat of %d hexes",
                                               "%s suffers %d flags and may ignore up to %d: each flag obeyed is a retreat of %d hexes",
                                               s->retreat.flags),
                                  unit, s->retreat.flags, s->retreat.ignorable, s->retreat.per_flag);
        r = "CCA base game: support";
      }
      break;
    case ACIES_CCA_STEP_RETREAT:
      {
        g_autofree char *unit = acies_cca_unit_words (s, s->retreat.unit);

        what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s retreats toward its edge: choose the next hex (%d to go)",
                                             "%s retreats toward its edge: choose the next hex (%d to go)",
                                             s->retreat.hexes),
                                unit, s->retreat.hexes);
        r = "CCA base game: retreat";
      }
      break;
    case ACIES_CCA_STEP_LEADER_ESCAPE:
      what = g_strdup_printf (_("%s must escape 1 to 3 hexes toward your side"),
                              s->st->leaders[s->escape_leader].name);
      r = "CCA ref 1.9";
      break;
    case ACIES_CCA_STEP_ADVANCE:
      {
        g_autofree char *unit = acies_cca_unit_words (s, s->advance_unit);

        what = g_strdup_printf (_("%s may advance into %s"), unit, acies_cca_cell_label (s, s->advance_cell));
        r = "CCA base game: momentum advance";
      }
      break;
    case ACIES_CCA_STEP_ADVANCE_MORE:
      {
        g_autofree char *unit = acies_cca_unit_words (s, s->advance_unit);

        what = g_strdup_printf (_("%s may move one hex more"), unit);
        r = "CCA base game: momentum advance";
      }
      break;
    case ACIES_CCA_STEP_BONUS:
      {
        g_autofree char *unit = acies_cca_unit_words (s, s->advance_unit);

        what = g_strdup_printf (_("%s may make a bonus close combat"), unit);
        r = "CCA base game: momentum advance";
      }
      break;
    case ACIES_CCA_STEP_EPIC_CARDS:
      what = g_strdup_printf (_("give up to three Normal cards to your Generals (%d counted), or play one Army card"),
                              s->epic_weight);
      r = "CCA EP-T1";
      break;
    case ACIES_CCA_STEP_EPIC_CANCEL:
      what = g_strdup_printf (_("the enemy has played %s: cancel it with your First Strike?"),
                              acies_cca_card_title (s, s->epic_slot_card[s->epic_n_slots - 1]));
      r = "CCA EP-1.17";
      break;
    case ACIES_CCA_STEP_INITIATIVE:
      what = g_strdup (_("you have no card: try Initiative with one die?"));
      r = "CCA EP-1.14";
      break;
    case ACIES_CCA_STEP_START:
    case ACIES_CCA_STEP_OVER:
    default:
      what = g_strdup ("");
      break;
    }
  if (rule != NULL)
    *rule = g_strdup (r);
  /* Translators: a prompt: who decides, and what. */
  return g_strdup_printf (_("%s: %s"), who, what);
}

/**
 * acies_cca_describe_action:
 * @s: the state the action is taken in
 * @a: an action
 *
 * Returns: (transfer full) (nullable): the action in a player's words
 */
char *
acies_cca_describe_action (const AciesCcaState *s,
                           const AciesAction   *a)
{
  switch (a->type)
    {
    case ACIES_CCA_A_DEAL:
      return g_strdup (_("Shuffle and deal the Command cards"));
    case ACIES_CCA_A_GIVE:
      if (a->args[1] >= 0 && a->args[1] < 7)
        {
          /* The "section" argument's Generals (acies-cca-epic.c, choice_mask()). */
          static const guint8 to[] = { ACIES_CCA_LEFT, ACIES_CCA_CENTRE, ACIES_CCA_RIGHT,
                                       ACIES_CCA_LEFT | ACIES_CCA_CENTRE, ACIES_CCA_CENTRE | ACIES_CCA_RIGHT,
                                       ACIES_CCA_LEFT | ACIES_CCA_CENTRE | ACIES_CCA_RIGHT,
                                       ACIES_CCA_LEFT | ACIES_CCA_RIGHT };

          return g_strdup_printf (_("Give %s to %s"), acies_cca_card_title (s, a->args[0]),
                                  acies_cca_generals_words (to[a->args[1]]));
        }
      return g_strdup_printf (_("Play %s"), acies_cca_card_title (s, a->args[0]));
    case ACIES_CCA_A_PLAY:
      if (a->args[2] == 1)
        return g_strdup_printf (_("Play %s to bring in the reinforcements"), acies_cca_card_title (s, a->args[0]));
      return g_strdup_printf (_("Play %s"), acies_cca_card_title (s, a->args[0]));
    case ACIES_CCA_A_ROLL_ORDERS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Roll %d order die", "Roll %d order dice",
                                           s->st->dice_orders[s->base.active_side]),
                              s->st->dice_orders[s->base.active_side]);
    case ACIES_CCA_A_ORDER:
      {
        g_autofree char *name = acies_cca_thing_words (s, a->args[0]);

        return g_strdup_printf (_("Order %s"), name);
      }
    case ACIES_CCA_A_ORDER_DONE:
      return g_strdup (_("End the orders"));
    case ACIES_CCA_A_USE_DIE:
      {
        g_autofree char *name = NULL;

        if (a->args[0] < 0)
          return g_strdup_printf (_("Leave the %s unused"), acies_cca_symbol_name (s->pending[0]));
        name = acies_cca_thing_words (s, a->args[0]);
        return g_strdup_printf (_("The %s: %s"), acies_cca_symbol_name (s->pending[0]), name);
      }
    case ACIES_CCA_A_PLACE:
      {
        g_autofree char *name = acies_cca_thing_words (s, a->args[0]);

        return g_strdup_printf (_("Place %s in %s"), name, acies_cca_cell_label (s, a->args[1]));
      }
    case ACIES_CCA_A_MOVE:
      {
        g_autofree char *name = acies_cca_thing_words (s, a->args[0]);

        return g_strdup_printf (_("Move %s to %s"), name, acies_cca_cell_label (s, a->args[1]));
      }
    case ACIES_CCA_A_EXIT:
      {
        g_autofree char *name = acies_cca_thing_words (s, a->args[0]);

        return g_strdup_printf (_("%s leaves the battlefield for a flag"), name);
      }
    case ACIES_CCA_A_MOVE_DONE:
      return g_strdup (_("End the movement"));
    case ACIES_CCA_A_CLOSE_COMBAT:
      {
        g_autofree char *name = acies_cca_thing_words (s, a->args[0]);
        g_autofree char *target = acies_cca_thing_words (s, a->args[1]);

        if (s->step == ACIES_CCA_STEP_BONUS)
          return g_strdup_printf (_("Bonus close combat: %s attacks %s"), name, target);
        return g_strdup_printf (_("%s attacks %s"), name, target);
      }
    case ACIES_CCA_A_FIRE:
      {
        g_autofree char *name = acies_cca_thing_words (s, a->args[0]);
        g_autofree char *target = acies_cca_thing_words (s, a->args[1]);

        return g_strdup_printf (_("%s fires at %s"), name, target);
      }
    case ACIES_CCA_A_BATTLE_DONE:
      return g_strdup (_("End the battles"));
    case ACIES_CCA_A_EVADE:
      if (a->args[0] < 0)
        return g_strdup (_("Evade (the war machine is removed)"));
      return g_strdup_printf (_("Evade to %s"), acies_cca_cell_label (s, a->args[0]));
    case ACIES_CCA_A_STAND:
      return g_strdup (_("Stand and fight"));
    case ACIES_CCA_A_REACT_CARD:
      return g_strdup_printf (_("Play %s: strike first"), acies_cca_card_title (s, a->args[0]));
    case ACIES_CCA_A_IGNORE_FLAGS:
      {
        gint hexes = (s->retreat.flags - a->args[0]) * s->retreat.per_flag;

        if (hexes == 0)
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Ignore %d flag and hold", "Ignore %d flags and hold",
                                               a->args[0]), a->args[0]);
        if (hexes == 1)
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Ignore %d flag, retreat one hex",
                                               "Ignore %d flags, retreat one hex", a->args[0]), a->args[0]);
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Ignore %d flag, retreat %d hexes",
                                             "Ignore %d flags, retreat %d hexes", a->args[0]), a->args[0], hexes);
      }
    case ACIES_CCA_A_RETREAT:
      return g_strdup_printf (_("Retreat to %s"), acies_cca_cell_label (s, a->args[0]));
    case ACIES_CCA_A_ESCAPE:
      if (a->args[0] < 0)
        return g_strdup (_("Escape off the battlefield by your own edge"));
      return g_strdup_printf (_("Escape to %s"), acies_cca_cell_label (s, a->args[0]));
    case ACIES_CCA_A_ADVANCE:
      return g_strdup_printf (_("Advance into %s"), acies_cca_cell_label (s, a->args[0]));
    case ACIES_CCA_A_NO_ADVANCE:
      return g_strdup (s->step == ACIES_CCA_STEP_ADVANCE_MORE ? _("Stop here") : _("Stay"));
    case ACIES_CCA_A_NO_BONUS:
      return g_strdup (_("No bonus close combat"));
    case ACIES_CCA_A_CARDS_DONE:
      return g_strdup (_("End the card play"));
    case ACIES_CCA_A_CANCEL:
      return g_strdup (_("Cancel it with First Strike"));
    case ACIES_CCA_A_NO_CANCEL:
      return g_strdup (_("Let it be"));
    case ACIES_CCA_A_INITIATIVE:
      return g_strdup (_("Try Initiative"));
    case ACIES_CCA_A_NO_INITIATIVE:
      return g_strdup (_("No Initiative"));
    default:
      return NULL;
    }
}

/**
 * acies_cca_describe_turn:
 * @s: a state
 *
 * Returns: (transfer full): the turn as players say it ("Caesar, turn 3")
 */
char *
acies_cca_describe_turn (const AciesCcaState *s)
{
  if (s->step == ACIES_CCA_STEP_DEAL)
    return g_strdup (_("Set-up"));
  /* Translators: the side whose turn it is and the round ("Caesar, turn 3"). */
  return g_strdup_printf (_("%s, turn %u"), acies_cca_side_name (s, s->base.active_side), s->base.turn);
}

/**
 * acies_cca_action_path:
 * @s: a state
 * @a: an action
 * @cells: an array of gint to append the hexes to
 * @cost: (out) (optional): hexes moved
 *
 * The hexes an action touches, its target last: a move's path, a battle's
 * two hexes, a retreat's, evade's or advance's step, an order's unit.
 *
 * Returns: whether the action touches the board
 */
gboolean
acies_cca_action_path (const AciesCcaState *s,
                       const AciesAction   *a,
                       GArray              *cells,
                       gint                *cost)
{
  gint from = -1, to = -1;

  switch (a->type)
    {
    case ACIES_CCA_A_MOVE:
      if (!acies_cca_move_path (s, a->args[0], a->args[1], cells))
        return FALSE;
      if (cost != NULL)
        *cost = cells->len > 0 ? cells->len - 1 : 0;
      return TRUE;
    case ACIES_CCA_A_CLOSE_COMBAT:
    case ACIES_CCA_A_FIRE:
      from = s->units[a->args[0]].cell;
      to = (guint) a->args[1] < s->st->n_units ? s->units[a->args[1]].cell
                                                : s->leaders[a->args[1] - (gint) s->st->n_units].cell;
      break;
    case ACIES_CCA_A_RETREAT:
      from = s->units[s->retreat.unit].cell;
      to = a->args[0];
      break;
    case ACIES_CCA_A_EVADE:
      from = s->units[s->battle.target].cell;
      to = a->args[0];
      break;
    case ACIES_CCA_A_ADVANCE:
      from = s->units[s->advance_unit].cell;
      to = a->args[0];
      break;
    case ACIES_CCA_A_ESCAPE:
      from = s->leaders[s->escape_leader].cell;
      to = a->args[0];
      break;
    default:
      return FALSE;
    }
  if (from < 0 || to < 0)
    return FALSE;
  g_array_append_val (cells, from);
  g_array_append_val (cells, to);
  if (cost != NULL)
    *cost = 1;
  return TRUE;
}
