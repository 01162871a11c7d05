/* acies-dice.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-game"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "rulesets/acies-action.h"
#include "rulesets/acies-dice.h"

struct _AciesDice
{
  GRand     *rand;       /* seeded source, or NULL when scripted */
  GRand     *draw_rand;  /* physical source: makes the draws, or NULL */
  GArray    *script;     /* guint: values queued by acies_dice_push() */
  guint      next;       /* index of the next scripted value */
  GArray    *rolls;      /* AciesRoll: every roll made */
  GPtrArray *events;     /* borrowed; "roll" events go here, or NULL */
  gboolean   failed;
  AciesRoll  wanted;     /* the roll that failed */
  gboolean   bad_value;  /* it failed on an out-of-range scripted value */
  guint      bad;        /* that value */
};

/**
 * acies_dice_new_seeded:
 * @seed: a 64-bit seed
 *
 * Creates a source that draws from a GRand seeded with both halves of
 * @seed (g_rand_new_with_seed_array()), so seeds that differ in the high
 * 32 bits give different games.
 *
 * Returns: (transfer full): a new source; free with acies_dice_free()
 */
AciesDice *
acies_dice_new_seeded (guint64 seed)
{
  AciesDice *dice = acies_dice_new_scripted ();
  guint32 array[2] = { (guint32) (seed & 0xffffffffu), (guint32) (seed >> 32) };

  dice->rand = g_rand_new_with_seed_array (array, G_N_ELEMENTS (array));

  return dice;
}

/**
 * acies_dice_new_physical:
 * @seed: a 64-bit seed
 *
 * Creates a source for physical dice: die rolls (acies_dice_roll()) are
 * scripted, returning the values queued with acies_dice_push() and failing
 * when none is left, so the players are asked for them; draws
 * (acies_dice_random_int(): counters drawn from a cup, shuffles) are no
 * die roll, and this source makes them from a GRand seeded with @seed, as
 * acies_dice_new_seeded() does, stepping it past each typed roll too, so
 * with the rolls a seeded source would make typed in, the draws are the
 * ones it would make.  Both are recorded alike, so a log replays exactly
 * with a scripted source.
 *
 * Returns: (transfer full): a new source; free with acies_dice_free()
 */
AciesDice *
acies_dice_new_physical (guint64 seed)
{
  AciesDice *dice = acies_dice_new_scripted ();
  guint32 array[2] = { (guint32) (seed & 0xffffffffu), (guint32) (seed >> 32) };

  dice->draw_rand = g_rand_new_with_seed_array (array, G_N_ELEMENTS (array));

  return dice;
}

/**
 * acies_dice_new_scripted:
 *
 * Creates a source that returns the values queued with acies_dice_push(),
 * in order, and fails when it has none left.
 *
 * Returns: (transfer full): a new source; free with acies_dice_free()
 */
AciesDice *
acies_dice_new_scripted (void)
{
  AciesDice *dice = g_new0 (AciesDice, 1);

  dice->script = g_array_new (FALSE, FALSE, sizeof (guint));
  dice->rolls = g_array_new (FALSE, FALSE, sizeof (AciesRoll));

  return dice;
}

/**
 * acies_dice_free:
 * @dice: (nullable): a source
 */
void
acies_dice_free (AciesDice *dice)
{
  if (dice == NULL)
    return;

  g_clear_pointer (&dice->rand, g_rand_free);
  g_clear_pointer (&dice->draw_rand, g_rand_free);
  g_array_unref (dice->script);
  g_array_unref (dice->rolls);
  g_free (dice);
}

/**
 * acies_dice_push:
 * @dice: a scripted source
 * @value: the face rolled (or the draw made)
 *
 * Queues @value for a later roll.  The value is checked against the die
 * when it is used: a value that is not a face of that die fails the roll.
 */
void
acies_dice_push (AciesDice *dice,
                 guint      value)
{
  g_return_if_fail (dice != NULL);
  g_return_if_fail (dice->rand == NULL);

  g_array_append_val (dice->script, value);
}

/**
 * acies_dice_pending:
 * @dice: a source
 *
 * Returns: the number of queued values not used yet (0 for a seeded source)
 */
guint
acies_dice_pending (AciesDice *dice)
{
  g_return_val_if_fail (dice != NULL, 0);

  return dice->script->len - dice->next;
}

/**
 * acies_dice_is_scripted:
 * @dice: a source
 *
 * Returns: %TRUE if @dice returns queued values rather than random ones
 */
gboolean
acies_dice_is_scripted (AciesDice *dice)
{
  g_return_val_if_fail (dice != NULL, FALSE);

  return dice->rand == NULL;
}

/**
 * acies_dice_set_events:
 * @dice: a source
 * @events: (nullable): an array of AciesEvent, borrowed
 *
 * From now on every roll appends a "roll" event to @events, in the order it
 * happens among the ruleset's own events.  The event's data holds
 * "purpose", "value", "faces" and "first".  %NULL stops it (random
 * playouts).
 */
void
acies_dice_set_events (AciesDice *dice,
                       GPtrArray *events)
{
  g_return_if_fail (dice != NULL);

  dice->events = events;
}

static gboolean
roll_is_draw (const AciesRoll *roll)
{
  return g_strcmp0 (roll->purpose, "draw") == 0;
}

/* What the log says a roll was for: the rulesets' purposes (the "purpose"
 * of the event's data, which stays this English id) and their names for
 * the players, whole, for translators. */
static const struct
{
  const char *purpose;
  const char *label;
} roll_labels[] = {
  /* TRANSLATORS: what a die roll was for, said in the game log before
   * its result: "Combat roll: 5 (d6)". */
  { "activation", NC_("die roll", "Activation roll") },
  { "attack", NC_("die roll", "Attack roll") },
  { "battle back", NC_("die roll", "Battle back roll") },
  { "berserk attack", NC_("die roll", "Berserk attack roll") },
  { "berserk direction", NC_("die roll", "Berserk direction roll") },
  { "berserk end", NC_("die roll", "Berserk end roll") },
  { "charge", NC_("die roll", "Charge roll") },
  { "close combat", NC_("die roll", "Close combat roll") },
  { "combat", NC_("die roll", "Combat roll") },
  { "dust", NC_("die roll", "Dust roll") },
  { "earthquake", NC_("die roll", "Earthquake roll") },
  { "earthquake losses", NC_("die roll", "Earthquake losses roll") },
  { "elephant re-roll", NC_("die roll", "Elephant re-roll roll") },
  { "exchange", NC_("die roll", "Exchange roll") },
  { "first player", NC_("die roll", "First player roll") },
  { "flank march", NC_("die roll", "Flank march roll") },
  { "forced advance", NC_("die roll", "Forced advance roll") },
  { "I Am Spartacus", NC_("die roll", "I Am Spartacus roll") },
  { "initiative", NC_("die roll", "Initiative roll") },
  { "leader casualty", NC_("die roll", "Leader casualty roll") },
  { "leader check", NC_("die roll", "Leader check roll") },
  { "leader hit", NC_("die roll", "Leader hit roll") },
  { "lone leader", NC_("die roll", "Lone leader roll") },
  { "marsh", NC_("die roll", "Marsh roll") },
  { "missile", NC_("die roll", "Missile roll") },
  { "morale", NC_("die roll", "Morale roll") },
  { "orders", NC_("die roll", "Orders roll") },
  { "pursuit", NC_("die roll", "Pursuit roll") },
  { "rally", NC_("die roll", "Rally roll") },
  { "rampage", NC_("die roll", "Rampage roll") },
  { "rampage direction", NC_("die roll", "Rampage direction roll") },
  { "rampage distance", NC_("die roll", "Rampage distance roll") },
  { "ranged combat", NC_("die roll", "Ranged combat roll") },
  { "reaction facing", NC_("die roll", "Reaction facing roll") },
  { "recovery", NC_("die roll", "Recovery roll") },
  { "retreat", NC_("die roll", "Retreat roll") },
  { "retreat before combat", NC_("die roll", "Retreat before combat roll") },
  { "return", NC_("die roll", "Return roll") },
  { "rout check", NC_("die roll", "Rout check roll") },
  { "screen", NC_("die roll", "Screen roll") },
  { "seizure", NC_("die roll", "Seizure roll") },
  { "shock", NC_("die roll", "Shock roll") },
  { "skirmish", NC_("die roll", "Skirmish roll") },
  { "trample avoidance", NC_("die roll", "Trample avoidance roll") },
  { "trample check", NC_("die roll", "Trample check roll") },
  { "wagon attack", NC_("die roll", "Wagon attack roll") },
  { "weather", NC_("die roll", "Weather roll") },
};

/**
 * acies_dice_purpose_label:
 * @purpose: a roll's purpose ("combat")
 *
 * The name of a roll for @purpose in the game log ("Combat roll"), as the
 * "roll" events say it.
 *
 * Returns: (nullable): the translated name, or %NULL for a purpose the
 *   table of names does not know
 */
const char *
acies_dice_purpose_label (const char *purpose)
{
  g_return_val_if_fail (purpose != NULL, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (roll_labels); i++)
    if (g_ascii_strcasecmp (roll_labels[i].purpose, purpose) == 0)
      return g_dpgettext2 (GETTEXT_PACKAGE, "die roll", roll_labels[i].label);
  return NULL;
}

static void
add_roll_event (AciesDice       *dice,
                const AciesRoll *roll)
{
  AciesEvent *event;
  const char *label;

  /* A draw is no die roll: the ruleset says what was drawn in its own
   * words ("Pyrrhus draws 6 counters for the Pink wing"), and a line per
   * counter drawn would bury the log. */
  if (dice->events == NULL || roll_is_draw (roll))
    return;

  label = acies_dice_purpose_label (roll->purpose);
  if (label == NULL)
    {
      g_warning ("A die roll for “%s” has no name for the log", roll->purpose);
      label = roll->purpose;
    }
  if (roll->first == 1)
    /* TRANSLATORS: a die roll in the game log: "Combat roll: 5 (d6)"; %s is
     * what the roll was for ("Combat roll"), then the face and the die. */
    event = acies_event_new ("roll", NULL, -1, _("%s: %u (d%u)"),
                             label, roll->value, roll->faces);
  else
    /* TRANSLATORS: a die roll in the game log: "Shock roll: 7 (0–9)"; %s is
     * what the roll was for ("Shock roll"), then the face and the die's range. */
    event = acies_event_new ("roll", NULL, -1, _("%s: %u (%u–%u)"),
                             label, roll->value, roll->first,
                             roll->first + roll->faces - 1);

  event->data = json_object_new ();
  json_object_set_string_member (event->data, "purpose", roll->purpose);
  json_object_set_int_member (event->data, "value", roll->value);
  json_object_set_int_member (event->data, "faces", roll->faces);
  json_object_set_int_member (event->data, "first", roll->first);
  g_ptr_array_add (dice->events, event);
}

static gboolean
dice_draw (AciesDice  *dice,
           guint       faces,
           guint       first,
           const char *purpose,
           guint      *value)
{
  AciesRoll roll = { first, faces, first, purpose };

  if (dice->failed)
    {
      *value = first;
      return FALSE;
    }

  if (dice->rand != NULL)
    {
      roll.value = first + (guint) g_rand_int_range (dice->rand, 0, (gint32) faces);
    }
  else if (dice->draw_rand != NULL && roll_is_draw (&roll))
    {
      roll.value = first + (guint) g_rand_int_range (dice->draw_rand, 0, (gint32) faces);
    }
  else if (dice->next >= dice->script->len)
    {
      dice->failed = TRUE;
      dice->wanted = roll;
      dice->bad_value = FALSE;
      *value = first;
      return FALSE;
    }
  else
    {
      guint v = g_array_index (dice->script, guint, dice->next);

      if (v < first || v - first >= faces)
        {
          dice->failed = TRUE;
          dice->wanted = roll;
          dice->bad_value = TRUE;
          dice->bad = v;
          *value = first;
          return FALSE;
        }
      dice->next++;
      roll.value = v;
      /* The generator steps as a seeded source's would on this roll, so
       * with the same rolls typed the draws are those of seeded dice. */
      if (dice->draw_rand != NULL)
        (void) g_rand_int_range (dice->draw_rand, 0, (gint32) faces);
    }

  g_array_append_val (dice->rolls, roll);
  add_roll_event (dice, &roll);
  *value = roll.value;

  return TRUE;
}

/**
 * acies_dice_roll:
 * @dice: a source
 * @faces: number of faces, at least 1
 * @first: the lowest face (1, or 0 for a 0–9 d10)
 * @purpose: a static string saying what the roll is for: "combat"…
 * @value: (out): the face rolled; the lowest face on failure
 *
 * Rolls one die and records it.  A scripted source fails when it has no
 * value left, or when the next value is not a face of this die; the source
 * is then marked failed (acies_dice_failed()), see the pattern in
 * acies-dice.h.
 *
 * Returns: %TRUE on success
 */
gboolean
acies_dice_roll (AciesDice  *dice,
                 guint       faces,
                 guint       first,
                 const char *purpose,
                 guint      *value)
{
  guint dummy;

  g_return_val_if_fail (dice != NULL, FALSE);
  g_return_val_if_fail (faces >= 1 && faces <= G_MAXINT32, FALSE);
  g_return_val_if_fail (purpose != NULL, FALSE);
  g_return_val_if_fail (g_strcmp0 (purpose, "draw") != 0, FALSE);

  return dice_draw (dice, faces, first, purpose, value != NULL ? value : &dummy);
}

/**
 * acies_dice_roll_or_abort:
 * @dice: a source
 * @faces: number of faces
 * @first: the lowest face
 * @purpose: a static string saying what the roll is for
 *
 * Like acies_dice_roll() for ruleset code that goes on after a failed
 * roll: it returns the lowest face then, and the caller checks
 * acies_dice_failed() once the whole action has been applied.
 *
 * Returns: the face rolled, or @first if the source failed
 */
guint
acies_dice_roll_or_abort (AciesDice  *dice,
                          guint       faces,
                          guint       first,
                          const char *purpose)
{
  guint value = first;

  acies_dice_roll (dice, faces, first, purpose, &value);

  return value;
}

/**
 * acies_dice_failed:
 * @dice: a source
 *
 * Returns: %TRUE if a roll could not be made; the action must be thrown
 *   away (and, with physical dice, applied again once the player typed the
 *   roll)
 */
gboolean
acies_dice_failed (AciesDice *dice)
{
  g_return_val_if_fail (dice != NULL, FALSE);

  return dice->failed;
}

/**
 * acies_dice_get_failure:
 * @dice: a source
 * @wanted: (out) (optional): the roll that could not be made (faces, first
 *   and purpose; the value is the lowest face)
 * @bad_value: (out) (optional): %TRUE if a queued value was not a face of
 *   that die, %FALSE if no value was left
 * @value: (out) (optional): the bad value
 *
 * Returns: %TRUE if @dice failed, and then fills the out arguments
 */
gboolean
acies_dice_get_failure (AciesDice *dice,
                        AciesRoll *wanted,
                        gboolean  *bad_value,
                        guint     *value)
{
  g_return_val_if_fail (dice != NULL, FALSE);

  if (!dice->failed)
    return FALSE;
  if (wanted != NULL)
    *wanted = dice->wanted;
  if (bad_value != NULL)
    *bad_value = dice->bad_value;
  if (value != NULL)
    *value = dice->bad;

  return TRUE;
}

/**
 * acies_dice_get_rolls:
 * @dice: a source
 *
 * Returns: (transfer none): the AciesRoll array of every roll made since
 *   creation or the last acies_dice_clear_rolls()
 */
const GArray *
acies_dice_get_rolls (AciesDice *dice)
{
  g_return_val_if_fail (dice != NULL, NULL);

  return dice->rolls;
}

/**
 * acies_dice_clear_rolls:
 * @dice: a source
 *
 * Forgets the recorded rolls (not the queued values), and clears a failure.
 */
void
acies_dice_clear_rolls (AciesDice *dice)
{
  g_return_if_fail (dice != NULL);

  g_array_set_size (dice->rolls, 0);
  dice->failed = FALSE;
  dice->bad_value = FALSE;
}

/**
 * acies_dice_random_int:
 * @dice: a source
 * @begin: lowest value
 * @end: one past the highest value, greater than @begin
 *
 * A uniformly drawn integer in [@begin, @end) for shuffles and draws,
 * recorded as a roll of a die with @end − @begin faces and the purpose
 * "draw" (see acies-dice.h for why).  On failure of a scripted source it
 * returns @begin and marks the source failed, like
 * acies_dice_roll_or_abort().
 *
 * Returns: the drawn value
 */
guint32
acies_dice_random_int (AciesDice *dice,
                       guint32    begin,
                       guint32    end)
{
  guint value = begin;

  g_return_val_if_fail (dice != NULL, begin);
  g_return_val_if_fail (end > begin, begin);
  g_return_val_if_fail (end - begin <= G_MAXINT32, begin);

  dice_draw (dice, end - begin, begin, "draw", &value);

  return value;
}
