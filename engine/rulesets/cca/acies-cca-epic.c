/* acies-cca-epic.c
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
 * Epic battles (EP-): two maps joined, 26 x 9; each side is played by a
 * Supreme Commander, who holds the cards, and three Generals, one per
 * section, who order, move and fight.  The Supreme Commander plays up to
 * three Normal cards (some count for two or three) given to Generals, or
 * one Army card; Generals without a card may try Initiative; movement in
 * every section ends before any battle; he draws two cards unless that
 * passes his first hand (EP-T1..EP-4).
 *
 * Seats (EP-PL): seat s plays side s % 2; seats 0 and 1 are the Supreme
 * Commanders, seat 2 + 2 g + side the General of section g (0 left, 1
 * centre, 2 right, from his side's view).  With six or four players one
 * person takes several seats; the engine only names who decides.
 */

/**
 * acies_cca_seat_side:
 * @seat: a seat
 *
 * Returns: the side it plays
 */
gint
acies_cca_seat_side (gint seat)
{
  return seat < 0 ? -1 : seat % 2;
}

/**
 * acies_cca_general_of_cell:
 * @s: a state
 * @cell: a cell
 * @side: the side looking
 *
 * EP-PL: the General whose section @cell is in (a hex on a dotted line:
 * the flank's General, ruling).
 *
 * Returns: 0 left, 1 centre, 2 right
 */
gint
acies_cca_general_of_cell (const AciesCcaState *s,
                           gint                 cell,
                           gint                 side)
{
  guint8 m;

  if (cell < 0)
    return 1;
  m = acies_cca_sections_of (s, cell, side);
  if (m & ACIES_CCA_LEFT)
    return 0;
  if (m & ACIES_CCA_RIGHT)
    return 2;
  return 1;
}

/**
 * acies_cca_epic_unit_seat:
 * @s: a state in an Epic battle's orders
 * @cell: the hex of a unit ordered
 *
 * EP-2: the General who carries out the order: the one of the card's
 * sections the hex is in.
 *
 * Returns: the seat
 */
gint
acies_cca_epic_unit_seat (const AciesCcaState *s,
                          gint                 cell)
{
  gint side = s->base.active_side;
  guint8 m = acies_cca_sections_of (s, cell, side) & s->play.sections;

  if (m == 0)
    return acies_cca_general_seat (side, acies_cca_general_of_cell (s, cell, side));
  return acies_cca_general_seat (side, (m & ACIES_CCA_LEFT) ? 0 : (m & ACIES_CCA_CENTRE) ? 1 : 2);
}

/**
 * acies_cca_seat_name:
 * @s: a state
 * @seat: a seat
 *
 * Returns: (transfer full): who sits there ("Scipio, Supreme Commander",
 *   "Roman General of the left")
 */
char *
acies_cca_seat_name (const AciesCcaState *s,
                     gint                 seat)
{
  gint side = acies_cca_seat_side (seat), g = acies_cca_seat_general (seat);
  /* Translators: an Epic General: "Romans: General of the left"; %s is the army's name. */
  static const char *generals[] = { N_("%s: General of the left"),
                                    /* Translators: an Epic General: "Romans: General of the centre". */
                                    N_("%s: General of the centre"),
                                    /* Translators: an Epic General: "Romans: General of the right". */
                                    N_("%s: General of the right") };

  if (!s->st->epic || g < 0)
    {
      if (!s->st->epic)
        return g_strdup (acies_cca_side_name (s, side));
      /* Translators: the player who holds an Epic army's cards. */
      return g_strdup_printf (_("%s, Supreme Commander"), acies_cca_side_name (s, side));
    }
  return g_strdup_printf (_(generals[g]), acies_cca_side_name (s, side));
}

/* Card kinds for the Epic play (EP-1.5 - EP-1.16). */
static gboolean
is_section_card (gint card)
{
  return card >= ACIES_CCA_CARD_TWO_LEFT && card <= ACIES_CCA_CARD_FOUR_RIGHT;
}

static gboolean
spans_card (gint card)
{
  return card == ACIES_CCA_CARD_LEADERSHIP || card == ACIES_CCA_CARD_INSPIRED_LEFT
         || card == ACIES_CCA_CARD_INSPIRED_CENTRE || card == ACIES_CCA_CARD_INSPIRED_RIGHT
         || card == ACIES_CCA_CARD_DOUBLE_TIME || card == ACIES_CCA_CARD_LINE_COMMAND;
}

/* The "section" argument as a mask of sections. */
static guint8
choice_mask (gint choice)
{
  switch (choice)
    {
    case 0: return ACIES_CCA_LEFT;
    case 1: return ACIES_CCA_CENTRE;
    case 2: return ACIES_CCA_RIGHT;
    case 3: return ACIES_CCA_LEFT | ACIES_CCA_CENTRE;
    case 4: return ACIES_CCA_CENTRE | ACIES_CCA_RIGHT;
    case 5: return ACIES_CCA_LEFT | ACIES_CCA_CENTRE | ACIES_CCA_RIGHT;
    case 6: return ACIES_CCA_LEFT | ACIES_CCA_RIGHT;   /* EP-1.8: Outflanked */
    default: return 0;
    }
}

static guint
bits (guint8 m)
{
  return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1);
}

/* EP-1.2, EP-1.7 - EP-1.13: acies_cca_epic_weight(), inlined. */
static inline gint
epic_weight (gint   card,
             guint8 sections)
{
  if (card == ACIES_CCA_CARD_COORDINATED)
    return 3;
  if (card == ACIES_CCA_CARD_OUTFLANKED)
    return 2;
  if (spans_card (card))
    return bits (sections);
  return 1;
}

/**
 * acies_cca_epic_weight:
 * @s: a state
 * @card: a Normal card
 * @sections: the sections it is given for
 *
 * EP-1.2, EP-1.7 - EP-1.13: how many of the three Normal cards it counts
 * for: Coordinated Attack 3, Outflanked 2, Leadership, Double Time and
 * Line Command one per section reached.
 *
 * Returns: the weight
 */
gint
acies_cca_epic_weight (const AciesCcaState *s,
                       gint                 card,
                       guint8               sections)
{
  return epic_weight (card, sections);
  (void) s;
}

/* The General's slot holding the same section card (EP-1.13), or -1. */
static gint
inspired_slot (const AciesCcaState *s,
               gint                 card,
               guint8               sections)
{
  for (guint i = 0; i < s->epic_n_slots; i++)
    if (s->epic_slot_card[i] == card && s->epic_slot_general[i] == sections)
      {
        guint n = 0;

        for (guint k = 0; k < s->epic_n_slots; k++)
          n += s->epic_slot_general[k] == sections;
        return n == 1 ? (gint) i : -1;
      }
  return -1;
}

/* EP-1.7 - EP-1.13: whether @card may ever go to the sections of @mask,
 * whatever was given before: a section card to its own section,
 * Outflanked to both flanks, Clash of Shields to one section, the cards
 * that span to one section or two next to each other (Line Command to
 * all three, an Inspired card to its own among them); Coordinated Attack
 * anywhere. */
static gboolean
card_fits (gint   card,
           guint8 mask)
{
  if (is_section_card (card))
    return mask == (1 << ((card - ACIES_CCA_CARD_TWO_LEFT) % 3));
  if (card == ACIES_CCA_CARD_COORDINATED)
    return TRUE;
  if (card == ACIES_CCA_CARD_OUTFLANKED)
    return mask == (ACIES_CCA_LEFT | ACIES_CCA_RIGHT);
  if (card == ACIES_CCA_CARD_CLASH_OF_SHIELDS)
    return bits (mask) == 1;
  if (spans_card (card))
    {
      /* EP-1.9, EP-1.11, EP-1.12: one section, or two adjacent ones with
       * the centre; Line Command all three. */
      if (bits (mask) == 3 && card != ACIES_CCA_CARD_LINE_COMMAND)
        return FALSE;
      if (bits (mask) == 2 && !(mask & ACIES_CCA_CENTRE))
        return FALSE;
      if (card == ACIES_CCA_CARD_INSPIRED_LEFT && !(mask & ACIES_CCA_LEFT))
        return FALSE;
      if (card == ACIES_CCA_CARD_INSPIRED_CENTRE && !(mask & ACIES_CCA_CENTRE))
        return FALSE;
      if (card == ACIES_CCA_CARD_INSPIRED_RIGHT && !(mask & ACIES_CCA_RIGHT))
        return FALSE;
      return TRUE;
    }
  return FALSE;
}

/* The choices (bits, the "section" argument) card_fits() accepts, per
 * card, worked out once. */
static const guint8 *
card_choices (void)
{
  static guint8 table[ACIES_CCA_N_CARDS];
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (gint c = 0; c < ACIES_CCA_N_CARDS; c++)
        for (gint choice = 0; choice < 7; choice++)
          if (card_fits (c, choice_mask (choice)))
            table[c] |= 1 << choice;
      g_once_init_leave (&done, 1);
    }
  return table;
}

/* EP-1.2, EP-1.13: whether the Supreme Commander may give @card, which
 * fits @mask (card_choices()), for @mask now. */
G_ALWAYS_INLINE static inline gboolean
may_give (const AciesCcaState *s,
          gint                 card,
          guint8               mask)
{
  gint w = epic_weight (card, mask);

  if (s->epic_army || s->epic_coordinated)
    return FALSE;
  if (is_section_card (card))
    {
      /* EP-1.13: the Inspired General play, two identical section cards. */
      if (s->epic_given & mask)
        return inspired_slot (s, card, mask) >= 0 && s->epic_weight + 1 <= 3;
    }
  else if (card == ACIES_CCA_CARD_COORDINATED)
    {
      if (s->epic_n_slots > 0)
        return FALSE;
    }
  if (s->epic_given & mask)
    return FALSE;
  return s->epic_weight + w <= 3;
}

/**
 * acies_cca_epic_cards_legal:
 * @s: a state in the EPIC_CARDS or EPIC_CANCEL step
 * @out: the legal actions to append to
 *
 * EP-T1, EP-1.2, EP-1.3: the Normal cards the Supreme Commander may still
 * give, each to the General(s) it may go to; an Army card if he gave no
 * Normal card; the end of his card play once he played one.  The other
 * Supreme Commander's answer to a card: cancel it with First Strike or
 * not (EP-1.17).
 */
void
acies_cca_epic_cards_legal (const AciesCcaState *s,
                            GArray              *out)
{
  gint side = s->base.deciding_side;
  gboolean any = FALSE;

  if (s->step == ACIES_CCA_STEP_EPIC_CANCEL)
    {
      acies_cca_add_action (out, ACIES_CCA_A_CANCEL, side, -1, -1, -1);
      acies_cca_add_action (out, ACIES_CCA_A_NO_CANCEL, side, -1, -1, -1);
      return;
    }
  /* The plays, listed then added at once: a card and its choice. */
  gint8 play[ACIES_CCA_MAX_HAND * 7][2];
  guint n = 0;
  AciesAction *a;
  const guint8 *choices = card_choices ();

  for (guint i = 0; i < s->hand_len[side]; i++)
    {
      gint card = s->hand[side][i];
      guint cat = s->st->cards[card].epic;

      if (i > 0 && s->hand[side][i - 1] == card)
        continue;
      if (cat == ACIES_CCA_EPIC_ARMY)
        {
          if (s->epic_n_slots == 0 && !s->epic_army)
            {
              play[n][0] = (gint8) card;
              play[n++][1] = 5;
            }
          continue;
        }
      /* EP-1.2: nothing more once an Army card or Coordinated Attack is
       * played (may_give()). */
      if (cat != ACIES_CCA_EPIC_NORMAL || s->epic_army || s->epic_coordinated)
        continue;
      for (gint choice = 0; choice < 7; choice++)
        if ((choices[card] & (1 << choice)) && may_give (s, card, choice_mask (choice)))
          {
            play[n][0] = (gint8) card;
            play[n++][1] = (gint8) choice;
          }
    }
  any = n > 0;
  a = acies_cca_grow_actions (out, n);
  /* EP-1.2: a Normal card is given to a General; EP-1.15: the Supreme
   * Commander plays an Army card himself. */
  for (guint k = 0; k < n; k++)
    acies_cca_set_action (&a[k], s->st->cards[play[k][0]].epic == ACIES_CCA_EPIC_ARMY ? ACIES_CCA_A_PLAY
                                                                                    : ACIES_CCA_A_GIVE,
                          side, play[k][0], play[k][1], -1);
  if (s->epic_n_slots > 0 || s->epic_army || !any)
    acies_cca_add_action (out, ACIES_CCA_A_CARDS_DONE, side, -1, -1, -1);
}

/**
 * acies_cca_epic_give_events:
 * @s: a state
 * @side: the side whose Supreme Commander gives the card
 * @card: the Normal card given
 * @mask: the sections of the Generals it goes to
 * @events: (nullable): events
 *
 * EP-1.2, EP-1.4: every seat sees that a card goes to a General, and how
 * many cards are given (the card weight counted); which card it is, only
 * the Supreme Commander, who holds the hand (a private event), until the
 * General plays it.
 */
void
acies_cca_epic_give_events (const AciesCcaState *s,
                            gint                 side,
                            gint                 card,
                            guint8               mask,
                            GPtrArray           *events)
{
  AciesEvent *event;

  if (events == NULL)
    return;
  /* TRANSLATORS: a line of the game log (CCA EP-1.2), seen by every player. Slots in order: %s: a
   * side's name; %s: the Generals it goes to ("the General of the left"). */
  acies_events_add (events, "card", "CCA EP-1.2", side, _("%s gives a Command card to %s"),
                    acies_cca_side_name (s, side), acies_cca_generals_words (mask));
  /* TRANSLATORS: a line of the game log (CCA EP-1.2) for the Supreme Commander alone. Slots in
   * order: %s: a command card's title; %s: the Generals it goes to ("the General of the left"). */
  event = acies_event_new ("card-given", "CCA EP-1.2", side, _("You give %s to %s"), acies_cca_card_title (s, card),
                           acies_cca_generals_words (mask));
  event->data = json_object_new ();
  json_object_set_boolean_member (event->data, "private", TRUE);
  json_object_set_string_member (event->data, "card", acies_cca_card_id (card));
  g_ptr_array_add (events, event);
}

/**
 * acies_cca_epic_play:
 * @s: a state in the EPIC_CARDS or EPIC_CANCEL step
 * @a: a GIVE (EP-1.2), PLAY (an Army card, EP-1.15), CANCEL or NO_CANCEL action
 * @dice: the dice
 * @events: (nullable): events
 * @error: return location for an error
 *
 * EP-1.2 - EP-1.17: a card given (or an Army card played) takes a slot
 * carried out after the card play; the other Supreme Commander holding
 * First Strike is asked whether he cancels it (Q32: a cancelled card
 * still counts, with the option).
 *
 * Returns: %TRUE
 */
gboolean
acies_cca_epic_play (AciesCcaState      *s,
                     const AciesAction  *a,
                     AciesDice          *dice,
                     GPtrArray          *events,
                     GError            **error)
{
  gint side = s->base.active_side;

  if (a->type == ACIES_CCA_A_CANCEL || a->type == ACIES_CCA_A_NO_CANCEL)
    {
      s->epic_stage = 0;
      if (a->type == ACIES_CCA_A_CANCEL)
        {
          guint last = s->epic_n_slots - 1;
          gint card = s->epic_slot_card[last];

          acies_cca_hand_remove (s, 1 - side, ACIES_CCA_CARD_FIRST_STRIKE);
          s->discard[ACIES_CCA_CARD_FIRST_STRIKE]++;
          /* TRANSLATORS: a line of the game log (CCA EP-1.17). Slots in order: %s: a side's name;
           * %s: a command card's title. */
          acies_events_add (events, "card", "CCA EP-1.17", 1 - side, _("%s plays First Strike and cancels %s"),
                            acies_cca_side_name (s, 1 - side), acies_cca_card_title (s, card));
          if (!s->st->opt.cancelled_card_counts && !s->epic_army)
            s->epic_weight -= acies_cca_epic_weight (s, card, s->epic_slot_general[last]);
          if (s->epic_army)
            s->epic_army = FALSE;
          s->epic_slot_card[last] = ACIES_CCA_N_CARDS;
        }
      return TRUE;
    }

  {
    gint card = a->args[0];
    guint8 mask = choice_mask (a->args[1]);

    acies_cca_hand_remove (s, side, card);
    s->in_play[card]++;
    s->last_card[side] = card;
    if (s->st->cards[card].epic == ACIES_CCA_EPIC_ARMY)
      {
        s->epic_army = TRUE;
        s->epic_slot_card[s->epic_n_slots] = card;
        s->epic_slot_general[s->epic_n_slots++] = ACIES_CCA_LEFT | ACIES_CCA_CENTRE | ACIES_CCA_RIGHT;
        /* TRANSLATORS: a line of the game log (CCA EP-1.15). Slots in order: %s: a side's name; %s:
         * a command card's title; %d: a number. */
        acies_events_add (events, "card", "CCA EP-1.15", side, _("%s plays the Army card %s (command %d)"),
                          acies_cca_side_name (s, side), acies_cca_card_title (s, card),
                          acies_cca_command (s, side));
      }
    else
      {
        gint slot = is_section_card (card) ? inspired_slot (s, card, mask) : -1;

        if (slot >= 0)
          {
            /* EP-1.13: the second identical card doubles the first. */
            s->epic_weight += 1;
            s->epic_given |= mask;
            s->epic_slot_general[s->epic_n_slots] = mask | 0x80;
            s->epic_slot_card[s->epic_n_slots++] = card;
          }
        else if (card == ACIES_CCA_CARD_COORDINATED || card == ACIES_CCA_CARD_OUTFLANKED)
          {
            /* EP-1.7, EP-1.8: one slot per General reached. */
            guint8 m = card == ACIES_CCA_CARD_COORDINATED ? 7 : (ACIES_CCA_LEFT | ACIES_CCA_RIGHT);

            for (guint g = 0; g < 3; g++)
              if (m & (1 << g))
                {
                  s->epic_slot_card[s->epic_n_slots] = card;
                  s->epic_slot_general[s->epic_n_slots++] = 1 << g;
                }
            s->epic_coordinated = card == ACIES_CCA_CARD_COORDINATED;
            s->epic_weight += acies_cca_epic_weight (s, card, m);
            s->epic_given |= m;
            mask = m;
          }
        else
          {
            s->epic_slot_card[s->epic_n_slots] = card;
            s->epic_slot_general[s->epic_n_slots++] = mask;
            s->epic_weight += acies_cca_epic_weight (s, card, mask);
            s->epic_given |= mask;
          }
        acies_cca_epic_give_events (s, side, card, mask, events);
      }
    /* EP-1.17: the enemy may cancel it with First Strike. */
    if (acies_cca_hand_has (s, 1 - side, ACIES_CCA_CARD_FIRST_STRIKE))
      s->epic_stage = 1;
    (void) dice;
    (void) error;
  }
  return TRUE;
}

/**
 * acies_cca_epic_cards_done:
 * @s: a state in the EPIC_CARDS step
 * @dice: the dice
 * @events: (nullable): events
 *
 * EP-T1d: the Supreme Commander ends his card play.
 */
void
acies_cca_epic_cards_done (AciesCcaState *s,
                           AciesDice     *dice,
                           GPtrArray     *events)
{
  s->epic_stage = 2;
  (void) dice;
  (void) events;
}

/**
 * acies_cca_initiative_legal:
 * @s: a state in the INITIATIVE step
 * @out: the legal actions to append to
 */
void
acies_cca_initiative_legal (const AciesCcaState *s,
                            GArray              *out)
{
  acies_cca_add_action (out, ACIES_CCA_A_INITIATIVE, s->base.deciding_side, -1, -1, -1);
  acies_cca_add_action (out, ACIES_CCA_A_NO_INITIATIVE, s->base.deciding_side, -1, -1, -1);
}

/**
 * acies_cca_initiative:
 * @s: a state in the INITIATIVE step
 * @roll: the General tries it
 * @dice: the dice
 * @events: (nullable): events
 *
 * EP-1.14: a General with no card rolls one die: its symbol orders a unit
 * of that class in his section, a helmet any unit or a commander; a flag
 * makes a unit of his retreat, swords take a block from one (neither may
 * fight).
 *
 * Returns: %TRUE
 */
gboolean
acies_cca_initiative (AciesCcaState *s,
                      gboolean       roll,
                      AciesDice     *dice,
                      GPtrArray     *events)
{
  gint g = acies_cca_seat_general (s->seat);

  s->epic_initiative_done |= 1 << g;
  if (!roll)
    return TRUE;
  memset (&s->play, 0, sizeof s->play);
  s->play.card = -1;
  s->play.effect = -1;
  s->play.anchor = -1;
  s->play.mode = ACIES_CCA_OM_DICE;
  s->play.sections = 1 << g;
  acies_cca_roll_orders (s, 1, 2, dice, events);
  s->top = ACIES_CCA_STEP_DICE_ORDER;
  return TRUE;
}

/**
 * acies_cca_epic_next:
 * @s: a state in an Epic card phase
 * @dice: the dice
 * @events: (nullable): events
 *
 * The next decision of the Epic card phase: the Supreme Commander's
 * cards, a cancel, the Generals' Initiative, then each slot's orders,
 * then the movement.
 */
void
acies_cca_epic_next (AciesCcaState *s,
                     AciesDice     *dice,
                     GPtrArray     *events)
{
  gint side = s->base.active_side;

  for (;;)
    switch (s->epic_stage)
      {
      case 0:
        if (s->epic_army || s->epic_weight >= 3)
          {
            s->epic_stage = 2;
            continue;
          }
        s->top = ACIES_CCA_STEP_EPIC_CARDS;
        acies_cca_set_step (s, ACIES_CCA_STEP_EPIC_CARDS, side);
        return;
      case 1:
        s->top = ACIES_CCA_STEP_EPIC_CANCEL;
        acies_cca_set_step (s, ACIES_CCA_STEP_EPIC_CANCEL, 1 - side);
        return;
      case 2:
        if (!s->epic_army && !s->epic_coordinated && s->epic_n_slots > 0)
          for (gint g = 0; g < 3; g++)
            if (!(s->epic_given & (1 << g)) && !(s->epic_initiative_done & (1 << g)))
              {
                s->top = ACIES_CCA_STEP_INITIATIVE;
                acies_cca_set_step (s, ACIES_CCA_STEP_INITIATIVE, acies_cca_general_seat (side, g));
                return;
              }
        s->epic_stage = 3;
        s->epic_slot = 0;
        continue;
      case 3:
      default:
        while (s->epic_slot < s->epic_n_slots)
          {
            gint card = s->epic_slot_card[s->epic_slot];
            guint8 mask = s->epic_slot_general[s->epic_slot];

            if (card >= ACIES_CCA_N_CARDS || (mask & 0x80))
              {
                /* Cancelled, or the second card of an Inspired General. */
                s->epic_slot++;
                continue;
              }
            s->seat = s->epic_army ? side : acies_cca_general_seat (side, (mask & 1) ? 0 : (mask & 2) ? 1 : 2);
            acies_cca_card_start (s, card, mask, dice, events);
            if (is_section_card (card))
              {
                /* EP-1.13: two identical cards order twice as many units. */
                for (guint k = 0; k < s->epic_n_slots; k++)
                  if (k != s->epic_slot && (s->epic_slot_general[k] & 0x80)
                      && (s->epic_slot_general[k] & 7) == mask)
                    {
                      for (guint i = 0; i < 3; i++)
                        s->play.quota[i] *= 2;
                      s->play.limit *= 2;
                    }
              }
            if (s->play.mode == ACIES_CCA_OM_DICE)
              s->top = ACIES_CCA_STEP_DICE_ORDER;
            else if (s->play.mode == ACIES_CCA_OM_NONE)
              {
                s->epic_slot++;
                continue;
              }
            else
              s->top = ACIES_CCA_STEP_ORDER;
            return;
          }
        s->epic_stage = 0;
        s->epic_phase_general = 0;
        s->top = ACIES_CCA_STEP_MOVE;
        return;
      }
}
