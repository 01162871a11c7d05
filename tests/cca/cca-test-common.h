/* cca-test-common.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "rulesets/cca/acies-cca-private.h"

G_BEGIN_DECLS

/*
 * Helpers shared by the Commands & Colors rule tests.  A battle is built
 * in code on the 13 x 9 board: side 0 "north" (its edge is row 1), side 1
 * "south" (row 9), hexes by label ("F5").  Dice are forced: a die face by
 * symbol letter (C green circle, T blue triangle, S red square, H helmet,
 * F flag, X crossed swords) and a draw by the card it must give.
 */

AciesScenario *cca_scn_new      (guint width, guint height, gint first);
const char    *cca_scn_unit     (AciesScenario *scn, gint side, const char *type, const char *cell, gint blocks);
void           cca_scn_leader   (AciesScenario *scn, gint side, const char *id, const char *cell);
void           cca_scn_terrain  (AciesScenario *scn, const char *cell, const char *terrain);
void           cca_scn_elevation (AciesScenario *scn, const char *cell, gint level);
void           cca_scn_bastion  (AciesScenario *scn, const char *cell, const char *other);
AciesRuleEntry *cca_scn_rule    (AciesScenario *scn, const char *kind, gint side);
AciesRuleEntry *cca_scn_victory (AciesScenario *scn, const char *kind, gint side);
void           cca_scn_area     (AciesScenario *scn, const char *id, const char *kind, gint side, const char *cells);
void           cca_scn_side_int (AciesScenario *scn, gint side, const char *name, gint value);

AciesRuleset  *cca_ruleset      (void);
AciesCcaState *cca_state_new    (AciesScenario *scn, JsonObject *options);
void           cca_state_free   (AciesCcaState *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesCcaState, cca_state_free)

gint           cca_cell         (const AciesCcaState *s, const char *label);
gint           cca_unit         (const AciesCcaState *s, const char *id);
gint           cca_leader       (const AciesCcaState *s, const char *id);

/* Queues battle die faces by symbol letters ("S X - F": '-' is a blue
 * triangle, a miss against most). */
void           cca_push         (AciesDice *dice, const char *symbols);
/* Queues the draw that gives @card from the draw pile of @s. */
void           cca_push_draw    (AciesDice *dice, const AciesCcaState *s, gint card);
/* Deals the hands: @hand0 and @hand1 are lists of cards ended by -1. */
void           cca_deal         (AciesCcaState *s, const gint *hand0, const gint *hand1);

/* Applies an action of @type by the deciding seat with arguments; FALSE
 * if it is not legal or fails.  The dice must hold every roll it needs. */
gboolean       cca_act          (AciesCcaState *s, AciesDice *dice, GPtrArray *events, gint type,
                                 gint a0, gint a1, gint a2);
/* Whether an action of @type with these first arguments is legal now
 * (-2: any). */
gboolean       cca_legal        (const AciesCcaState *s, gint type, gint a0, gint a1);
/* The state's JSON for @viewer, as a string. */
char          *cca_view_text    (AciesCcaState *s, gint viewer);

G_END_DECLS

G_BEGIN_DECLS
/* Skips the card play: the active side's @units (ids, NULL-ended) are
 * ordered as by @card (its effects on movement and battle), and the turn
 * goes on to the movement. */
void           cca_force_orders (AciesCcaState *s, AciesDice *dice, gint card, ...) G_GNUC_NULL_TERMINATED;
/* Puts unit @id at @cell (or off the map with NULL), moving its leader. */
void           cca_put          (AciesCcaState *s, const char *id, const char *cell);
/* Gives @side the cards (ended by -1) from the draw pile, as a deal would. */
void           cca_give_hand    (AciesCcaState *s, gint side, ...);
/* Ends the movement if the turn is in it. */
void           cca_end_moves    (AciesCcaState *s, AciesDice *dice);
/* The file names of the bundled battles (data/scenarios/cca), sorted. */
GPtrArray     *cca_bundled_battles (void);
/* The bundled battle data/scenarios/cca/@file, loaded. */
AciesScenario *cca_load_bundled    (const char *file);
G_END_DECLS
