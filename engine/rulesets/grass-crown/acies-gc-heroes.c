/* acies-gc-heroes.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-grass-crown"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "rulesets/grass-crown/acies-gc-combat.h"

/*
 * Heroes (GC 10.0) and what an Exhaustion does to a counter (GC 2.2, 9.4):
 * a flip may reveal a Hero, who then fights as a Fresh unit at ★, is never
 * rallied, and is eliminated by any later Exhaustion; losing a Hero costs
 * its side a point of Rally Limit, except in a Line Change (11.2).
 */

/**
 * acies_gc_exhaust_outcome:
 * @status: the unit's status (ACIES_GC_UNIT_FRESH, _EXHAUSTED or _HERO)
 * @kind: its kind
 * @back: its (hidden) back
 *
 * GC 9.4: "Fresh Units are flipped to their Exhausted side.  Units that are
 * already Exhausted (or a Revealed Hero, or a Mounted Unit) … are
 * Eliminated"; a Brittle back is eliminated at once; a Hero back is
 * revealed (10.0).  Mounted units have no back (2.2).
 *
 * Returns: what the Exhaustion does
 */
AciesGcFlip
acies_gc_exhaust_outcome (AciesGcStatus status,
                          AciesGcKind   kind,
                          AciesGcBack   back)
{
  if (kind >= ACIES_GC_KIND_C || status != ACIES_GC_UNIT_FRESH)
    return ACIES_GC_FLIP_ELIMINATED;
  switch (back)
    {
    case ACIES_GC_BACK_BRITTLE:
      return ACIES_GC_FLIP_BRITTLE;
    case ACIES_GC_BACK_HERO:
      return ACIES_GC_FLIP_HERO;
    default:
      return ACIES_GC_FLIP_EXHAUSTED;
    }
}

/**
 * acies_gc_hero_loss_costs_rally:
 * @revealed: the Hero had been revealed before it was eliminated
 * @cause: why it was eliminated
 * @unrevealed_costs: the option unrevealed_hero_loss_costs_rl (GC-G48)
 *
 * GC 9.5 ("If a Hero is Eliminated, its side's Rally Limit is reduced by
 * one"), 10.0 (not when eliminated by a Line Change, 11.2).
 *
 * Returns: whether the side loses a point of Rally Limit
 */
gboolean
acies_gc_hero_loss_costs_rally (gboolean     revealed,
                                AciesGcCause cause,
                                gboolean     unrevealed_costs)
{
  if (cause == ACIES_GC_CAUSE_LINE_CHANGE)
    return FALSE;
  return revealed || unrevealed_costs;
}

/**
 * acies_gc_triggers_rout:
 * @kind: the eliminated unit's kind
 * @hero: it was a Hero (Heroes are Foot units, so this only documents the case)
 * @cause: why it was eliminated
 * @mounted_triggers: the option mounted_elim_triggers_rout (GC-G41)
 *
 * GC 9.5: "Whenever a player's Foot Unit or Hero is Eliminated as a result
 * of Combat, it immediately triggers a simultaneous Rout Check … Units
 * Eliminated via a Rout Check do not themselves trigger another".  Other
 * phases never do (6.0, 7.0, 8.6–8.8).
 *
 * Returns: whether the owner must check Rout
 */
gboolean
acies_gc_triggers_rout (AciesGcKind  kind,
                        gboolean     hero,
                        AciesGcCause cause,
                        gboolean     mounted_triggers)
{
  if (cause != ACIES_GC_CAUSE_COMBAT)
    return FALSE;
  if (hero || kind <= ACIES_GC_KIND_P)
    return TRUE;
  return mounted_triggers;
}

/**
 * acies_gc_hero_lost:
 * @s: the state
 * @u: the Hero just eliminated (revealed or not)
 * @cause: why
 * @events: (nullable): events
 *
 * GC 9.5, 10.0, GC-G48: lowers the side's Rally Limit by one, unless the
 * Hero went in a Line Change (11.2) or, with the option
 * unrevealed_hero_loss_costs_rl off, it was never revealed by a flip.  The
 * Rally Limit may reach zero and end the game (13.0).
 */
void
acies_gc_hero_lost (AciesGcState *s,
                    guint         u,
                    AciesGcCause  cause,
                    GPtrArray    *events)
{
  /* acies_gc_eliminate() marks every eliminated unit revealed; a Hero that
   * had been flipped was eliminated by an Exhaustion (Combat or Skirmish or
   * Charge) after its reveal, which the cause alone cannot tell: a removal
   * that never flips (Rout, Trample, Rampage, Edge) is an unrevealed one. */
  gboolean flipless = cause == ACIES_GC_CAUSE_ROUT || cause == ACIES_GC_CAUSE_TRAMPLE
                      || cause == ACIES_GC_CAUSE_RAMPAGE || cause == ACIES_GC_CAUSE_EDGE;
  gint side = s->units[u].side;
  g_autofree char *why = NULL;

  if (!acies_gc_hero_loss_costs_rally (!flipless, cause, s->st->opt.unrevealed_hero_loss_costs_rl))
    return;
  /* The "eliminated" event just before names the unit. */
  why = g_strdup ("a Hero was lost, GC 10.0");
  acies_gc_lower_rally_limit (s, side, 1, why, events);
}
