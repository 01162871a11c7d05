/* acies-cca-cards.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-cca"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "acies-cca-private.h"

/*
 * The Command cards (S3.6, S5.2, B13, B14, ref 1.11): the deck of the
 * catalogue's cards table, the hands, draws, and what each card orders.
 *
 * The draw pile is kept as a count per card kind: a draw picks one of its
 * cards uniformly from the game's dice (acies_dice_random_int(), recorded
 * as a draw), which is the same as drawing the top card of a shuffled
 * deck, and leaves no order of the pile to hide.  The k-th card of a draw
 * is the k-th card of the pile in the catalogue's order (tests force a
 * draw by pushing that index).
 */

const char * const acies_cca_card_id_list[ACIES_CCA_N_CARDS + 1] = {
  "order-two-left", "order-two-centre", "order-two-right",
  "order-three-left", "order-three-centre", "order-three-right",
  "order-four-left", "order-four-centre", "order-four-right",
  "out-flanked",
  "coordinated-attack",
  "order-light-troops", "order-medium-troops", "order-heavy-troops", "order-mounted-troops",
  "leadership-any-section",
  "inspired-left-leadership", "inspired-centre-leadership", "inspired-right-leadership",
  "line-command",
  "double-time",
  "counter-attack",
  "rally",
  "move-fire-move",
  "darken-the-sky",
  "mounted-charge",
  "clash-of-shields",
  "first-strike",
  "i-am-spartacus",
  NULL
};

/**
 * acies_cca_card_ids:
 *
 * Returns: (transfer none): the card ids, NULL-terminated, indexed by
 *   AciesCcaCard (the choices of the "play" action)
 */
const char * const *
acies_cca_card_ids (void)
{
  return acies_cca_card_id_list;
}

/**
 * acies_cca_card_id:
 * @card: an AciesCcaCard
 *
 * Returns: (transfer none): its id in the catalogue ("line-command")
 */
const char *
acies_cca_card_id (gint card)
{
  return card >= 0 && card < ACIES_CCA_N_CARDS ? acies_cca_card_id_list[card] : NULL;
}

/**
 * acies_cca_card_from_id:
 * @id: a card id
 *
 * Returns: the AciesCcaCard, or -1
 */
gint
acies_cca_card_from_id (const char *id)
{
  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    if (g_strcmp0 (acies_cca_card_id_list[i], id) == 0)
      return i;
  return -1;
}

/**
 * acies_cca_card_title:
 * @s: a state
 * @card: an AciesCcaCard
 *
 * Returns: (transfer none): the card's title from the catalogue, translated
 */
const char *
acies_cca_card_title (const AciesCcaState *s,
                      gint                 card)
{
  if (card < 0 || card >= ACIES_CCA_N_CARDS)
    return "—";
  /* The title is a row heading of the catalogue's "cards" table, which
   * po/catalogue-strings.py extracts with the catalogue's id as context. */
  return s->st->cards[card].title != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "cca", s->st->cards[card].title)
                                          : acies_cca_card_id_list[card];
}

/* What each card does, in a few words, for the hand (the catalogue's
 * "effect" is the whole text); NULL where the title says it all.  The
 * Epic column where the Epic rules change the card (EP-1.7, EP-1.8,
 * EP-1.17). */
static const char * const card_summary[ACIES_CCA_N_CARDS][2] = {
  [ACIES_CCA_CARD_OUTFLANKED] = {
    /* Translators: what a Command card does, in the hand (Out Flanked). */
    N_("Two units or commanders on each flank."),
    /* Translators: what a Command card does in an Epic battle, in the hand (Out Flanked). */
    N_("Two units for each of the Generals of the left and right; counts as two cards.") },
  [ACIES_CCA_CARD_COORDINATED] = {
    /* Translators: what a Command card does, in the hand (Coordinated Attack). */
    N_("One unit or commander in each section."),
    /* Translators: what a Command card does in an Epic battle, in the hand (Coordinated Attack). */
    N_("One unit for each General; counts as three cards, and no General may try Initiative.") },
  /* Translators: what a Command card does, in the hand (Order Light Troops). */
  [ACIES_CCA_CARD_LIGHT] = { N_("As many light units as your command."), NULL },
  /* Translators: what a Command card does, in the hand (Order Medium Troops). */
  [ACIES_CCA_CARD_MEDIUM] = { N_("As many medium units as your command."), NULL },
  /* Translators: what a Command card does, in the hand (Order Heavy Troops). */
  [ACIES_CCA_CARD_HEAVY] = { N_("As many heavy units as your command."), NULL },
  /* Translators: what a Command card does, in the hand (Order Mounted Troops). */
  [ACIES_CCA_CARD_MOUNTED] = { N_("As many mounted units or commanders as your command."), NULL },
  /* Translators: what a Command card does, in the hand (Leadership Any Section). */
  [ACIES_CCA_CARD_LEADERSHIP] = { N_("A commander and the units in up to 3 linked hexes, or any one unit."), NULL },
  /* Translators: what a Command card does, in the hand (Inspired Left Leadership). */
  [ACIES_CCA_CARD_INSPIRED_LEFT] = { N_("A commander on the left and the units in up to 4 linked hexes, or any one unit."), NULL },
  /* Translators: what a Command card does, in the hand (Inspired Centre Leadership). */
  [ACIES_CCA_CARD_INSPIRED_CENTRE] = { N_("A commander in the centre and the units in up to 4 linked hexes, or any one unit."), NULL },
  /* Translators: what a Command card does, in the hand (Inspired Right Leadership). */
  [ACIES_CCA_CARD_INSPIRED_RIGHT] = { N_("A commander on the right and the units in up to 4 linked hexes, or any one unit."), NULL },
  /* Translators: what a Command card does, in the hand (Line Command). */
  [ACIES_CCA_CARD_LINE_COMMAND] = { N_("A line of foot units: each moves one hex, battles, and may battle again after a momentum advance."), NULL },
  /* Translators: what a Command card does, in the hand (Double Time). */
  [ACIES_CCA_CARD_DOUBLE_TIME] = { N_("Up to four foot units side by side move two hexes and may close-combat, but not fire."), NULL },
  [ACIES_CCA_CARD_COUNTER_ATTACK] = {
    /* Translators: what a Command card does, in the hand (Counter Attack). */
    N_("Plays the card your opponent played last, left and right swapped."),
    /* Translators: what a Command card does in an Epic battle, in the hand (Counter Attack). */
    N_("During the enemy's battles, the unit attacked fights first with two extra dice.") },
  /* Translators: what a Command card does, in the hand (Rally). */
  [ACIES_CCA_CARD_RALLY] = { N_("Dice as your command: each symbol gives a block back to a unit near a commander."), NULL },
  /* Translators: what a Command card does, in the hand (Move-Fire-Move). */
  [ACIES_CCA_CARD_MOVE_FIRE_MOVE] = { N_("As many light units with missiles as your command: move, fire, move again."), NULL },
  /* Translators: what a Command card does, in the hand (Darken the Sky). */
  [ACIES_CCA_CARD_DARKEN_THE_SKY] = { N_("Every unit that can fire and is next to no enemy fires twice, without moving."), NULL },
  /* Translators: what a Command card does, in the hand (Mounted Charge). */
  [ACIES_CCA_CARD_MOUNTED_CHARGE] = { N_("As many mounted units as your command, with one die more in close combat."), NULL },
  [ACIES_CCA_CARD_CLASH_OF_SHIELDS] = {
    /* Translators: what a Command card does, in the hand (Clash of Shields). */
    N_("Every unit next to an enemy battles; none moves or fires."),
    /* Translators: what a Command card does in an Epic battle, in the hand (Clash of Shields). */
    N_("Every unit next to an enemy in its General's section battles; none moves or fires.") },
  [ACIES_CCA_CARD_FIRST_STRIKE] = {
    /* Translators: what a Command card does, in the hand (First Strike). */
    N_("When an enemy attacks in close combat, your unit battles first."),
    /* Translators: what a Command card does in an Epic battle, in the hand (First Strike). */
    N_("Cancels a card the enemy gives to a General or an Army card he plays.") },
  /* Translators: what a Command card does, in the hand (I Am Spartacus). */
  [ACIES_CCA_CARD_SPARTACUS] = { N_("Dice as your command order units of their colours in any section, with one die more."), NULL },
};

/**
 * acies_cca_card_summary:
 * @s: a state
 * @card: an AciesCcaCard
 *
 * What @card does in a few words, for its owner's hand (S3.6); in an Epic
 * battle with its kind, Normal or Army (EP-1.1).  The catalogue's effect
 * is the whole text.
 *
 * Returns: (transfer full) (nullable): the words, or %NULL where the
 *   title says it all
 */
char *
acies_cca_card_summary (const AciesCcaState *s,
                        gint                 card)
{
  const char *text;

  if (card < 0 || card >= ACIES_CCA_N_CARDS)
    return NULL;
  text = s->st->epic && card_summary[card][1] != NULL ? card_summary[card][1] : card_summary[card][0];
  if (s->st->epic && s->st->cards[card].epic == ACIES_CCA_EPIC_ARMY)
    /* Translators: an Army card in an Epic battle's hand, and what it does. */
    return g_strdup_printf (_("Army card: %s"), text != NULL ? _(text) : "");
  return text != NULL ? g_strdup (_(text)) : NULL;
}

/**
 * acies_cca_card_text:
 * @s: a state
 * @card: an AciesCcaCard
 *
 * The card's whole text as the catalogue's "cards" table gives it (its
 * "effect", translated with the catalogue's context), and in an Epic
 * battle the Epic rules' words for it ("epic effect", EP-1.5 – EP-1.17)
 * on a line of their own (S3.6: the card the player reads in his hand).
 *
 * Returns: (transfer full) (nullable): the text, or %NULL for a card the
 *   catalogue gives no text
 */
char *
acies_cca_card_text (const AciesCcaState *s,
                     gint                 card)
{
  const char *effect, *epic;

  if (card < 0 || card >= ACIES_CCA_N_CARDS)
    return NULL;
  effect = s->st->card_effect[card];
  epic = s->st->epic ? s->st->card_epic_effect[card] : NULL;
  effect = effect != NULL && *effect != '\0' ? g_dpgettext2 (GETTEXT_PACKAGE, "cca", effect) : NULL;
  epic = epic != NULL && *epic != '\0' ? g_dpgettext2 (GETTEXT_PACKAGE, "cca", epic) : NULL;
  if (effect != NULL && epic != NULL)
    /* TRANSLATORS: a Command card's whole text in an Epic battle (CCA EP-1.5): %s: the card's text; %s: what
     * the Epic rules make of it. */
    return g_strdup_printf (_("%s\nIn an Epic battle: %s"), effect, epic);
  return g_strdup (effect != NULL ? effect : epic);
}

/**
 * acies_cca_explain_action:
 * @s: the state the action is taken in
 * @a: an action
 *
 * The longer text of @a for its tooltip: the whole text of the Command
 * card it plays, gives or plays in reaction (S3.6, EP-1.2, ref 1.11).
 *
 * Returns: (transfer full) (nullable): the text, or %NULL for an action
 *   that plays no card
 */
char *
acies_cca_explain_action (const AciesCcaState *s,
                          const AciesAction   *a)
{
  if (a->type == ACIES_CCA_A_PLAY || a->type == ACIES_CCA_A_GIVE || a->type == ACIES_CCA_A_REACT_CARD)
    return acies_cca_card_text (s, a->args[0]);
  return NULL;
}

/**
 * acies_cca_deck_size:
 * @s: a state
 *
 * Returns: the cards in the draw pile
 */
guint
acies_cca_deck_size (const AciesCcaState *s)
{
  guint n = 0;

  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    n += s->deck[i];
  return n;
}

/**
 * acies_cca_cards_total:
 * @s: a state
 * @card: an AciesCcaCard
 *
 * Returns: the copies of @card in the game (one deck or two, EP-SU)
 */
guint
acies_cca_cards_total (const AciesCcaState *s,
                       gint                 card)
{
  return (guint) s->st->cards[card].count * MAX (s->st->decks, 1);
}

/**
 * acies_cca_hand_has:
 * @s: a state
 * @side: a side
 * @card: an AciesCcaCard
 *
 * Returns: whether @side holds @card
 */
gboolean
acies_cca_hand_has (const AciesCcaState *s,
                    gint                 side,
                    gint                 card)
{
  for (guint i = 0; i < s->hand_len[side]; i++)
    if (s->hand[side][i] == card)
      return TRUE;
  return FALSE;
}

static void
hand_add (AciesCcaState *s,
          gint           side,
          gint           card)
{
  guint i = s->hand_len[side];

  g_assert (i < ACIES_CCA_MAX_HAND);
  /* Sorted: a hand is a set of cards, whatever the order drawn. */
  while (i > 0 && s->hand[side][i - 1] > card)
    {
      s->hand[side][i] = s->hand[side][i - 1];
      i--;
    }
  s->hand[side][i] = card;
  s->hand_len[side]++;
}

/**
 * acies_cca_hand_remove:
 * @s: a state
 * @side: a side
 * @card: an AciesCcaCard in @side's hand
 *
 * Takes one copy of @card out of the hand.
 */
void
acies_cca_hand_remove (AciesCcaState *s,
                       gint           side,
                       gint           card)
{
  for (guint i = 0; i < s->hand_len[side]; i++)
    if (s->hand[side][i] == card)
      {
        memmove (&s->hand[side][i], &s->hand[side][i + 1], s->hand_len[side] - i - 1);
        s->hand_len[side]--;
        return;
      }
  g_assert_not_reached ();
}

/* B13: when the draw pile is empty, the discards are shuffled into a new
 * one (ruling: the base game's practice; the book only says so for I Am
 * Spartacus, EP-1.16). */
static void
reshuffle (AciesCcaState *s,
           GPtrArray     *events)
{
  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    {
      s->deck[i] += s->discard[i];
      s->discard[i] = 0;
    }
  acies_events_add (events, "shuffle", "CCA base game: command deck", -1,
                    /* TRANSLATORS: a line of the game log (CCA base game: command deck). Slots in order: %u: a number. */
                    _("The discarded Command cards are shuffled into a new deck (%u cards)"),
                    acies_cca_deck_size (s));
}

/**
 * acies_cca_draw:
 * @s: a state
 * @side: the side that draws
 * @dice: the dice (the draw is random)
 * @events: (nullable): events
 *
 * S5.2 (draw), B13: @side draws one card.  Everybody learns that a card
 * was drawn; only @side what it is (a private event).
 *
 * Returns: the card drawn, or -1 when no card is left anywhere
 */
gint
acies_cca_draw (AciesCcaState *s,
                gint           side,
                AciesDice     *dice,
                GPtrArray     *events)
{
  guint total = acies_cca_deck_size (s), k;
  gint card = -1;

  if (total == 0)
    {
      reshuffle (s, events);
      total = acies_cca_deck_size (s);
    }
  if (total == 0 || s->hand_len[side] >= ACIES_CCA_MAX_HAND)
    return -1;
  k = acies_dice_random_int (dice, 0, total);
  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    {
      if (k < s->deck[i])
        {
          card = i;
          break;
        }
      k -= s->deck[i];
    }
  g_assert (card >= 0);
  s->deck[card]--;
  hand_add (s, side, card);
  if (events != NULL)
    {
      AciesEvent *event;

      acies_events_add (events, "draw", "CCA S5.2", side,
                        /* TRANSLATORS: a line of the game log (CCA S5.2). Slots in order: %s: a
                         * side's name; %u: a number. */
                        _("%s draws a Command card (%u in hand)"), acies_cca_side_name (s, side),
                        s->hand_len[side]);
      /* What was drawn, for the drawing side only (the play window and
       * the log show a private event to its player alone). */
      event = acies_event_new ("draw-card", "CCA S5.2", side, _("You draw %s"),
                               acies_cca_card_title (s, card));
      event->data = json_object_new ();
      json_object_set_boolean_member (event->data, "private", TRUE);
      json_object_set_string_member (event->data, "card", acies_cca_card_id_list[card]);
      g_ptr_array_add (events, event);
    }
  return card;
}

/**
 * acies_cca_deal:
 * @s: a state
 * @dice: the dice
 * @events: (nullable): events
 *
 * S3.6: the deck is shuffled and each side gets the cards of the Council
 * of War, face down (SCN Brindisi: the growing hand starts smaller; SCN
 * Utica 1: a side that orders by dice gets none; EP-SU: the Supreme
 * Commanders).
 */
void
acies_cca_deal (AciesCcaState *s,
                AciesDice     *dice,
                GPtrArray     *events)
{
  for (gint i = 0; i < 2; i++)
    {
      gint side = (s->st->first_side + i) % 2;
      guint n = s->st->dice_orders[side] ? 0 : s->st->hand_start[side];

      for (guint k = 0; k < n; k++)
        acies_cca_draw (s, side, dice, NULL);
      acies_events_add (events, "deal", "CCA S3.6", side,
                        /* TRANSLATORS: a line of the game log (CCA S3.6). Slots in order: %s: a
                         * side's name; %u: a number. */
                        g_dngettext (GETTEXT_PACKAGE, "%s is dealt %u Command card",
                                     "%s is dealt %u Command cards", n),
                        acies_cca_side_name (s, side), n);
      if (events != NULL && n > 0)
        {
          g_autoptr(GString) titles = g_string_new (NULL);
          AciesEvent *event;

          for (guint k = 0; k < s->hand_len[side]; k++)
            g_string_append_printf (titles, "%s%s", k > 0 ? ", " : "",
                                    acies_cca_card_title (s, s->hand[side][k]));
          event = acies_event_new ("hand", "CCA S3.6", side, _("Your hand: %s"), titles->str);
          event->data = json_object_new ();
          json_object_set_boolean_member (event->data, "private", TRUE);
          g_ptr_array_add (events, event);
        }
    }
}

/**
 * acies_cca_card_playable:
 * @s: a state
 * @side: the side playing
 * @card: a card in its hand
 *
 * S5.2: any card of the hand may be played; a card that can order nobody
 * is played for nothing (the base game's practice).  First Strike is a
 * reaction card (ref 1.11): played on one's own turn it orders nobody.
 *
 * Returns: whether @side may play @card now
 */
gboolean
acies_cca_card_playable (const AciesCcaState *s,
                         gint                 side,
                         gint                 card)
{
  if (!acies_cca_hand_has (s, side, card))
    return FALSE;
  /* EP-1.17: in an Epic battle the special Army cards are reactions only. */
  if (s->st->epic && s->st->cards[card].epic == ACIES_CCA_EPIC_SPECIAL)
    return FALSE;
  return TRUE;
}

/* Helpers for the card effects. */

/* Whether @side has a unit on the board that @pred accepts. */
static gboolean
any_unit (const AciesCcaState *s,
          gint                 side,
          gboolean           (*pred) (const AciesCcaState *, gint, gint),
          gint                 arg)
{
  for (guint u = 0; u < s->st->n_units; u++)
    if (acies_cca_on_board (s, u) && acies_cca_side_of (s, u) == side && pred (s, u, arg))
      return TRUE;
  return FALSE;
}

/**
 * acies_cca_class_matches:
 * @s: a state
 * @u: a unit
 * @cls: 0 light, 1 medium, 2 heavy, 3 mounted, 4 light with ranged combat,
 *   5 ranged combat, 6 foot
 *
 * B13, EP-1.16: the units a troop card orders: light (green circle,
 * white border or not), medium (blue), heavy (red) foot and mounted
 * units; mounted units (Order Mounted Troops, Mounted Charge).
 *
 * Returns: whether @u is of that class
 */
gboolean
acies_cca_class_matches (const AciesCcaState *s,
                         gint                 u,
                         gint                 cls)
{
  const AciesCcaProfile *p = acies_cca_prof (s, u);

  switch (cls)
    {
    case 0: case 1: case 2:
      return p->cls == cls;
    case 3:
      return acies_cca_is_mounted (s, u);
    case 4:
      return p->cls == ACIES_CCA_LIGHT && p->range > 0;
    case 5:
      return p->range > 0 || s->st->units[u].legion_rule == 1 || s->st->units[u].legion_rule == 2;
    case 6:
      return acies_cca_is_foot (s, u);
    default:
      return FALSE;
    }
}

static gboolean
class_pred (const AciesCcaState *s,
            gint                 u,
            gint                 cls)
{
  return acies_cca_class_matches (s, u, cls);
}

static gboolean
any_leader (const AciesCcaState *s,
            gint                 side,
            guint8               sections)
{
  for (guint l = 0; l < s->st->n_leaders; l++)
    if (s->st->leaders[l].side == side && s->leaders[l].status == ACIES_CCA_ON && s->leaders[l].cell >= 0
        && (acies_cca_sections_of (s, s->leaders[l].cell, side) & sections))
      return TRUE;
  return FALSE;
}

/* Roll @n battle dice for a card (Rally, I Am Spartacus) and keep the
 * symbols it uses. */
static void
roll_pending (AciesCcaState *s,
              guint          n,
              guint          kind,
              const char    *purpose,
              AciesDice     *dice,
              GPtrArray     *events)
{
  g_autoptr(GString) seen = g_string_new (NULL);

  s->n_pending = 0;
  s->pending_kind = kind;
  for (guint i = 0; i < n && i < ACIES_CCA_MAX_PENDING; i++)
    {
      AciesCcaSymbol sym;

      acies_cca_roll_symbol (s, dice, purpose, &sym);
      if (events != NULL)
        g_string_append_printf (seen, "%s%s", i > 0 ? ", " : "", acies_cca_symbol_name (sym));
      /* Flags and swords order nobody (Q31, Rally); the dice orders of
       * Utica and the Initiative use them (kept). */
      if (kind != 1 && kind != 2 && (sym == ACIES_CCA_SYM_FLAG || sym == ACIES_CCA_SYM_SWORDS))
        continue;
      s->pending[s->n_pending++] = sym;
    }
  acies_events_add (events, "dice", NULL, s->base.active_side,
                    /* TRANSLATORS: a line of the game log. Slots in order: %s: a side's name; %u: a
                     * number; %s: the dice rolled. */
                    g_dngettext (GETTEXT_PACKAGE, "%s rolls %u die: %s", "%s rolls %u dice: %s", n),
                    acies_cca_side_name (s, s->base.active_side), n, seen->str);
}

/**
 * acies_cca_roll_orders:
 * @s: a state
 * @n: dice
 * @kind: 1 orders by dice (SCN Utica 1), 2 General's Initiative (EP-1.14)
 * @dice: the dice
 * @events: (nullable): events
 *
 * Rolls the dice that order units instead of a card; every symbol is
 * kept (a flag retreats a unit, swords take a block).
 */
void
acies_cca_roll_orders (AciesCcaState *s,
                       guint          n,
                       guint          kind,
                       AciesDice     *dice,
                       GPtrArray     *events)
{
  roll_pending (s, n, kind, kind == 2 ? "initiative" : "orders", dice, events);
  /* Both use every symbol. */
}

/**
 * acies_cca_card_start:
 * @s: a state
 * @card: the card played (already out of the hand)
 * @limit_sections: the sections its orders may reach (from the player's
 *   view): all of them, or its General's in an Epic battle (EP-1.3, EP-1.6)
 * @dice: the dice
 * @events: (nullable): events
 *
 * S5.2, B13, ref 1.11: sets up what @card orders, then the ORDER step or
 * the one it needs.  Counter Attack repeats the card the opponent played
 * last, its left and right swapped (ref 1.11); Line Command and Double
 * Time order a linked group of foot units (EP-1.11, EP-1.12); Leadership
 * cards a leader's group (EP-1.10); troop cards a number of units equal
 * to the command (B14); Rally and I Am Spartacus roll dice.  A card whose
 * units are missing orders one unit of choice where its text says so.
 */
void
acies_cca_card_start (AciesCcaState *s,
                      gint           card,
                      guint8         limit_sections,
                      AciesDice     *dice,
                      GPtrArray     *events)
{
  AciesCcaPlay *p = &s->play;
  gint side = s->base.active_side;
  gint effect = card;
  gint command = acies_cca_command (s, side);
  guint8 left = ACIES_CCA_LEFT, right = ACIES_CCA_RIGHT;

  memset (p, 0, sizeof *p);
  p->card = card;
  p->anchor = -1;
  p->sections = ACIES_CCA_LEFT | ACIES_CCA_CENTRE | ACIES_CCA_RIGHT;

  if (card == ACIES_CCA_CARD_COUNTER_ATTACK && !s->st->epic)
    {
      effect = s->last_card[1 - side];
      if (effect == ACIES_CCA_CARD_COUNTER_ATTACK || effect == ACIES_CCA_CARD_FIRST_STRIKE)
        effect = -1;
      p->mirror = TRUE;
      if (events != NULL)
        {
          if (effect >= 0)
            /* TRANSLATORS: a line of the game log (CCA ref 1.11). Slots in order: %s: a command
             * card's title. */
            acies_events_add (events, "card", "CCA ref 1.11", side, _("Counter Attack repeats %s"),
                              acies_cca_card_title (s, effect));
          else
            acies_events_add (events, "card", "CCA ref 1.11", side,
                              /* TRANSLATORS: a line of the game log (CCA ref 1.11). */
                              _("Counter Attack has no card to repeat: nobody is ordered"));
        }
    }
  p->effect = effect;
  if (p->mirror)
    {
      left = ACIES_CCA_RIGHT;
      right = ACIES_CCA_LEFT;
    }

  switch (effect)
    {
    case ACIES_CCA_CARD_TWO_LEFT: case ACIES_CCA_CARD_THREE_LEFT: case ACIES_CCA_CARD_FOUR_LEFT:
    case ACIES_CCA_CARD_TWO_CENTRE: case ACIES_CCA_CARD_THREE_CENTRE: case ACIES_CCA_CARD_FOUR_CENTRE:
    case ACIES_CCA_CARD_TWO_RIGHT: case ACIES_CCA_CARD_THREE_RIGHT: case ACIES_CCA_CARD_FOUR_RIGHT:
      {
        /* EP-1.5: order N units and/or commanders in the section. */
        gint n = 2 + (effect - ACIES_CCA_CARD_TWO_LEFT) / 3;
        gint which = (effect - ACIES_CCA_CARD_TWO_LEFT) % 3;
        guint8 sec = which == 0 ? left : which == 1 ? ACIES_CCA_CENTRE : right;

        p->mode = ACIES_CCA_OM_SECTIONS;
        p->quota[sec == ACIES_CCA_LEFT ? 0 : sec == ACIES_CCA_CENTRE ? 1 : 2] = n;
        p->sections = sec;
        p->limit = n;
      }
      break;
    case ACIES_CCA_CARD_OUTFLANKED:
      /* EP-1.8, ref 1.11: two units on each flank. */
      p->mode = ACIES_CCA_OM_SECTIONS;
      p->quota[0] = p->quota[2] = 2;
      p->sections = ACIES_CCA_LEFT | ACIES_CCA_RIGHT;
      p->limit = 4;
      break;
    case ACIES_CCA_CARD_COORDINATED:
      /* EP-1.7, ref 1.11: one unit in each section. */
      p->mode = ACIES_CCA_OM_SECTIONS;
      p->quota[0] = p->quota[1] = p->quota[2] = 1;
      p->limit = 3;
      break;
    case ACIES_CCA_CARD_LIGHT: case ACIES_CCA_CARD_MEDIUM: case ACIES_CCA_CARD_HEAVY:
    case ACIES_CCA_CARD_MOUNTED: case ACIES_CCA_CARD_MOUNTED_CHARGE: case ACIES_CCA_CARD_MOVE_FIRE_MOVE:
      /* B14, EP-1.16: as many units of the class as the command; if there
       * are none, one unit of choice. */
      p->mode = ACIES_CCA_OM_CLASS;
      p->cls = effect == ACIES_CCA_CARD_LIGHT ? 0 : effect == ACIES_CCA_CARD_MEDIUM ? 1
             : effect == ACIES_CCA_CARD_HEAVY ? 2 : effect == ACIES_CCA_CARD_MOVE_FIRE_MOVE ? 4 : 3;
      p->limit = command;
      if (!any_unit (s, side, class_pred, p->cls)
          && !(effect == ACIES_CCA_CARD_MOUNTED && any_leader (s, side, p->sections)))
        {
          p->mode = ACIES_CCA_OM_ANY_ONE;
          p->limit = 1;
        }
      break;
    case ACIES_CCA_CARD_LEADERSHIP:
    case ACIES_CCA_CARD_INSPIRED_LEFT: case ACIES_CCA_CARD_INSPIRED_CENTRE: case ACIES_CCA_CARD_INSPIRED_RIGHT:
      /* EP-1.10: a commander and the units in his hex and 3 (Inspired: 4)
       * linked hexes, or one unit of choice. */
      p->mode = ACIES_CCA_OM_LEADER;
      if (effect == ACIES_CCA_CARD_LEADERSHIP)
        p->limit = 4;
      else
        {
          p->limit = 5;
          p->sections = effect == ACIES_CCA_CARD_INSPIRED_LEFT ? left
                      : effect == ACIES_CCA_CARD_INSPIRED_CENTRE ? ACIES_CCA_CENTRE : right;
        }
      if (!any_leader (s, side, p->sections))
        {
          p->mode = ACIES_CCA_OM_ANY_ONE;
          p->limit = 1;
        }
      break;
    case ACIES_CCA_CARD_LINE_COMMAND:
    case ACIES_CCA_CARD_DOUBLE_TIME:
      /* EP-1.11, EP-1.12: a linked group of foot units (Double Time: up to
       * 4); without foot units, one unit of choice. */
      p->mode = ACIES_CCA_OM_GROUP;
      p->foot_only = TRUE;
      p->max_group = effect == ACIES_CCA_CARD_DOUBLE_TIME ? 4 : 0;
      p->limit = p->max_group > 0 ? p->max_group : ACIES_CCA_MAX_UNITS;
      if (!any_unit (s, side, class_pred, 6))
        {
          p->mode = ACIES_CCA_OM_ANY_ONE;
          p->limit = 1;
        }
      break;
    case ACIES_CCA_CARD_RALLY:
      /* Ref 1.11: roll as many dice as the command; each unit symbol gives
       * a block back to a unit of that class in or next to a leader's hex,
       * a helmet to any; those units are ordered.  Without leaders, one
       * unit of choice. */
      if (!any_leader (s, side, p->sections))
        {
          p->mode = ACIES_CCA_OM_ANY_ONE;
          p->limit = 1;
          break;
        }
      p->mode = ACIES_CCA_OM_DICE;
      roll_pending (s, command, 0, "rally", dice, events);
      break;
    case ACIES_CCA_CARD_SPARTACUS:
      /* EP-1.16, ref 1.11: roll command dice; each unit symbol orders a
       * unit of that class, a helmet a commander, in any section; they
       * battle with one die more this turn; the discards are shuffled
       * back at the end of the turn. */
      p->mode = ACIES_CCA_OM_DICE;
      s->reshuffle = TRUE;
      roll_pending (s, command, 3, "I Am Spartacus", dice, events);
      break;
    case ACIES_CCA_CARD_CLASH_OF_SHIELDS:
    case ACIES_CCA_CARD_DARKEN_THE_SKY:
      /* Ref 1.11 (FAQ): Clash of Shields orders every unit next to an
       * enemy, which may not fire; Darken the Sky every unit that can
       * fire and is next to no enemy, each firing twice.  Neither moves
       * (provisional).  Nobody chooses: the orders are given at once. */
      p->mode = ACIES_CCA_OM_NONE;
      for (guint u = 0; u < s->st->n_units; u++)
        {
          gboolean take;

          if (!acies_cca_on_board (s, u) || acies_cca_side_of (s, u) != side
              || !(acies_cca_sections_of (s, s->units[u].cell, side) & limit_sections))
            continue;
          if (effect == ACIES_CCA_CARD_CLASH_OF_SHIELDS)
            take = acies_cca_adjacent_enemy (s, u);
          else
            take = acies_cca_class_matches (s, u, 5) && !acies_cca_adjacent_enemy (s, u);
          if (!take)
            continue;
          acies_cca_set_ordered (s, u, s->st->epic ? s->epic_slot + 1 : 1);
          s->units[u].seat = s->st->epic ? acies_cca_epic_unit_seat (s, s->units[u].cell) : s->seat;
          s->units[u].flags |= ACIES_CCA_UF_NO_MOVE;
          if (effect == ACIES_CCA_CARD_CLASH_OF_SHIELDS)
            s->units[u].flags |= ACIES_CCA_UF_NO_FIRE;
          else
            s->units[u].fires = 2;
          p->n_ordered++;
        }
      break;
    case ACIES_CCA_CARD_FIRST_STRIKE:
    case -1:
    default:
      p->mode = ACIES_CCA_OM_NONE;
      break;
    }
  /* EP-1.3: a General orders in his own sections only. */
  p->sections &= limit_sections;
  for (guint i = 0; i < 3; i++)
    if (!(limit_sections & (1 << i)))
      p->quota[i] = 0;
}

/**
 * acies_cca_end_turn:
 * @s: a state
 * @dice: the dice
 * @events: (nullable): events
 *
 * S5.2 (draw), EP-4, SCN Brindisi (Q23): the played cards are discarded
 * and the side draws: one card, two with a growing hand until it is full,
 * two for a Supreme Commander unless that would pass his first hand; I Am
 * Spartacus shuffles the discards back (EP-1.16).  Then the other side's
 * turn starts.
 */
void
acies_cca_end_turn (AciesCcaState *s,
                    AciesDice     *dice,
                    GPtrArray     *events)
{
  gint side = s->base.active_side;
  guint n = 1;

  for (guint i = 0; i < ACIES_CCA_N_CARDS; i++)
    {
      s->discard[i] += s->in_play[i];
      s->in_play[i] = 0;
    }
  if (s->reshuffle)
    {
      s->reshuffle = FALSE;
      reshuffle (s, events);
    }
  if (s->st->dice_orders[side])
    n = 0;
  else if (s->st->epic)
    n = MIN (2, MAX (0, (gint) s->st->hand[side] - (gint) s->hand_len[side]));
  else if (s->st->hand_start[side] < s->st->hand[side] && s->hand_len[side] < s->st->hand[side])
    n = MIN (2, s->st->hand[side] - s->hand_len[side]);
  for (guint i = 0; i < n; i++)
    acies_cca_draw (s, side, dice, events);
}
