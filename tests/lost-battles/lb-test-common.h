/* lb-test-common.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "rulesets/lost-battles/acies-lb-private.h"

G_BEGIN_DECLS

/*
 * Helpers shared by the Lost Battles rule tests (test-lb-rules.c,
 * test-lb-cases.c, test-lb-modifiers.c).  Zones are written Z (row, col)
 * on the 5 × 4 board (LB 2.1); facings N, E, S, W.
 */

#define Z(r, k) ((r) * 5 + (k))
#define N 0
#define E 1
#define S 2
#define W 3

/* A two-army scenario (Army 1 "a" listed first, attacker limit 4, no 11.1
 * collapse); units and commanders are added with scn_unit()/scn_leader(). */
AciesScenario *scn_new          (void);
/* Adds a unit of @type ("HI"…), @cls ("V", "A", "P", "I", "Af") and
 * @sub (nullable: "HO", "PH"…); returns its index. */
gint           scn_unit         (AciesScenario *scn, gint side, const char *type, const char *cls,
                                 const char *sub);
/* Adds a Hero (@hero) or Strategist rated @rating, guarding @bodyguard or -1. */
gint           scn_leader       (AciesScenario *scn, gint side, gboolean hero, const char *rating,
                                 gboolean timid, gint bodyguard);
/* Sets the boolean side parameter @name (surprised, fatigued…). */
void           side_param       (AciesScenario *scn, gint side, const char *name);

/* A state in side 0's first player-turn, after its Orders roll (d6 = 6). */
AciesLbState       *state_new        (AciesScenario *scn);
void           state_free       (AciesLbState *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesLbState, state_free)

/* Places unit @u in @zone (or LB_OFF) facing @facing. */
void           put              (AciesLbState *s, gint u, gint zone, gint facing);
/* An action of @type by the deciding side with arguments a0…a3, the
 * others -1. */
AciesAction    lb_action        (const AciesLbState *s, gint type, gint a0, gint a1, gint a2, gint a3);
/* Applies an action of @type by the deciding side with arguments a0…a3,
 * logging its events; FALSE (and the error logged) if refused. */
gboolean       act              (AciesLbState *s, AciesDice *dice, gint type, gint a0, gint a1, gint a2, gint a3);
/* act() that appends the events to @events. */
gboolean       act_events       (AciesLbState *s, AciesDice *dice, GPtrArray *events, gint type,
                                 gint a0, gint a1, gint a2, gint a3);
/* A legal action of @type with args[0] == @a0 and args[1] == @a1 (-2: any). */
gboolean       has_action       (const AciesLbState *s, gint type, gint a0, gint a1);
/* Scripts two dice. */
void           push             (AciesDice *dice, guint a, guint b);
/* Attacker @att alone in A1 Centre (1,2) facing S, defender lead @def in
 * A2 Centre (2,2) facing N; activates and declares the attack. */
void           setup_attack     (AciesLbState *s, AciesDice *dice, gint att, gint def);
/* Ends side 0's player-turn and rolls @die for side 1. */
void           next_player_turn (AciesLbState *s, AciesDice *dice, guint die);
/* Selects @first and the units after it (ended by -1), then activates the
 * group as @kind with commander @with (or -1). */
void           activate         (AciesLbState *s, AciesDice *dice, gint kind, gint with, gint first, ...);

G_END_DECLS
