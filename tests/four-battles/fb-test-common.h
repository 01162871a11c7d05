/* fb-test-common.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "rulesets/four-battles/acies-fb-private.h"

G_BEGIN_DECLS

/*
 * Helpers shared by the Four Battles tests: small scenarios built in code
 * on a hex map labelled XXYY from 0101 (flat-top, odd columns shoved
 * down), states from them, actions applied with their events kept, and
 * scripted dice.
 *
 * Side 0 is "a" (home edge west, moves first), side 1 "b" (home edge east).
 */

/* A @w × @h clear map, two sides (morale 60/75, rally on 1), 10 turns. */
AciesScenario *fb_scn_new     (gint w, gint h);
/* Adds a unit of @type for @side at @cell (a label, or NULL: no set-up
 * hex); returns its unit index (its piece index too). */
gint           fb_unit        (AciesScenario *scn, gint side, const char *type, gint sp, gint ma,
                               const char *cell);
void           fb_attr_bool   (AciesScenario *scn, gint unit, const char *name, gboolean value);
void           fb_attr_int    (AciesScenario *scn, gint unit, const char *name, gint value);
void           fb_attr_string (AciesScenario *scn, gint unit, const char *name, const char *value);
/* Adds a leader; returns its index among the scenario's leaders (its
 * piece index is the number of units plus this). */
gint           fb_leader      (AciesScenario *scn, gint side, const char *kind, gint additive, gint ma,
                               const char *cell);
void           fb_terrain     (AciesScenario *scn, const char *cell, const char *terrain);
/* The board cell of a label in a scenario. */
gint           fb_cell_of     (AciesScenario *scn, const char *label);
void           fb_edge        (AciesScenario *scn, const char *a, const char *b, const char *feature);
void           fb_camp        (AciesScenario *scn, const char *cell);
/* Adds a special rule or victory condition of @kind for @side (-1: none)
 * with parameters as JSON text ("{\"turn\": 1}"). */
void           fb_rule        (AciesScenario *scn, const char *kind, gint side, const char *params);
void           fb_victory     (AciesScenario *scn, const char *kind, gint side, const char *params);
/* Adds an area of @kind for @side (-1) with the cells (labels, NULL-ended). */
void           fb_area        (AciesScenario *scn, const char *id, const char *kind, gint side, ...)
                               G_GNUC_NULL_TERMINATED;
void           fb_side_int    (AciesScenario *scn, gint side, const char *name, gint value);
void           fb_side_bool   (AciesScenario *scn, gint side, const char *name, gboolean value);

/* Overrides every cell of the CRT with @result ("DR"), or one cell. */
void           fb_crt_all     (AciesScenario *scn, const char *result);
void           fb_crt_cell    (AciesScenario *scn, const char *row, const char *column, const char *result);
/* Overrides a cell of any table. */
void           fb_table_cell  (AciesScenario *scn, const char *table, const char *row, const char *column,
                               const char *value);

/* A state at the start of the game (options: JSON text or NULL). */
FbState       *fb_state       (AciesScenario *scn, const char *options);
void           fb_state_free  (FbState *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FbState, fb_state_free)

/* The cell of a label, and the piece index of leader @l. */
gint           fb_cell        (const FbState *s, const char *label);
gint           fb_lpiece      (const FbState *s, gint l);
/* Applies an action of @type by the deciding side; FALSE if refused (the
 * error logged).  Events go to @events when not NULL. */
gboolean       fb_act         (FbState *s, AciesDice *dice, GPtrArray *events, gint type, gint a0, gint a1, gint a2);
/* Whether a legal action of @type with args[0] == @a0 and args[1] == @a1
 * (-2: any) exists now. */
gboolean       fb_has         (const FbState *s, gint type, gint a0, gint a1);
/* Scripts dice. */
void           fb_push        (AciesDice *dice, ...) G_GNUC_NULL_TERMINATED;
/* Ends phases until @phase of the side @side (ends moves, agreeing to a
 * CAN 4.11 end short of the advance, fire and melee
 * when nothing obliges; fails the test otherwise). */
void           fb_goto        (FbState *s, AciesDice *dice, FbPhase phase, gint side);
/* Moves @piece (a legal move) to @cell. */
void           fb_move        (FbState *s, AciesDice *dice, gint piece, const char *cell, gboolean charge);
/* Whether any event's text contains @text. */
gboolean       fb_events_say  (GPtrArray *events, const char *text);
/* The odds of the melee composed now. */
void           fb_odds        (const FbState *s, FbOdds *o);

G_END_DECLS
