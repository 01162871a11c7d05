/* acies-dice.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The game's dice.  A seeded source draws from a GRand seeded with the
 * game's seed; a scripted source returns values queued with
 * acies_dice_push() (tests, and physical dice typed by a player).  A
 * scripted source that runs dry fails the roll with
 * ACIES_ENGINE_ERROR_NEED_ROLL, so the UI can ask the player and apply the
 * action again.  Every roll is recorded.
 *
 * The pattern in ruleset code:
 *
 *   guint roll = acies_dice_roll_or_abort (dice, 6, 1, "combat");
 *   … use roll; the state is a private copy, so going on is harmless …
 *   return TRUE;
 *
 * and the caller (AciesGame) checks acies_dice_failed() after the ruleset's
 * apply returned and throws the copied state away if it failed.  Once a
 * source has failed every later roll fails too and returns the lowest face,
 * so nothing after the missing roll depends on a real value.
 *
 * Draws (acies_dice_random_int(): shuffles, a random pick from a pool) are
 * recorded as rolls of a die with end − begin faces whose first face is
 * begin, with the purpose "draw" (no "roll" event: the ruleset says what
 * was drawn).  So a log replays with a scripted source whatever made the
 * randomness.  A draw is no die roll: with physical dice
 * (acies_dice_new_physical()) the players are asked for die rolls only,
 * and the program makes the draws with its seeded generator.
 */

typedef struct _AciesDice AciesDice;

typedef struct
{
  guint       value;
  guint       faces;
  guint       first;    /* lowest face: 1, or 0 for a 0–9 d10 */
  const char *purpose;  /* static string: "combat", "rally"… */
} AciesRoll;

AciesDice   *acies_dice_new_seeded   (guint64      seed);
AciesDice   *acies_dice_new_scripted (void);
AciesDice   *acies_dice_new_physical (guint64      seed);
void         acies_dice_free         (AciesDice   *dice);
void         acies_dice_push         (AciesDice   *dice,
                                      guint        value);
guint        acies_dice_pending      (AciesDice   *dice);
gboolean     acies_dice_is_scripted  (AciesDice   *dice);
gboolean     acies_dice_roll         (AciesDice   *dice,
                                      guint        faces,
                                      guint        first,
                                      const char  *purpose,
                                      guint       *value);
guint        acies_dice_roll_or_abort(AciesDice   *dice,
                                      guint        faces,
                                      guint        first,
                                      const char  *purpose);
gboolean     acies_dice_failed       (AciesDice   *dice);
gboolean     acies_dice_get_failure  (AciesDice   *dice,
                                      AciesRoll   *wanted,
                                      gboolean    *bad_value,
                                      guint       *value);
const GArray *acies_dice_get_rolls   (AciesDice   *dice);
void         acies_dice_clear_rolls  (AciesDice   *dice);
guint32      acies_dice_random_int   (AciesDice   *dice,
                                      guint32      begin,
                                      guint32      end);
const char  *acies_dice_purpose_label (const char *purpose);
void         acies_dice_set_events   (AciesDice   *dice,
                                      GPtrArray   *events);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesDice, acies_dice_free)

G_END_DECLS
