/* sg-test-common.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "rulesets/acies-ruleset.h"
#include "rulesets/simple-gboh/acies-sg-private.h"

G_BEGIN_DECLS

/*
 * Helpers shared by the Simple GBoH rule tests.  Synthetic maps are
 * pointy-top hexes, odd rows shoved right, labelled XXYY from 0101 (as
 * the bundled battles): Rome (side 0) holds the south edge and faces
 * north (vertex 5, its front hexes north-west and north-east); the enemy
 * (side 1, "hostes") holds the north edge and faces south (vertex 2).
 * Rome has the first Player Turn; Withdrawal Levels 100; no Size rule
 * changes.  Dice are scripted: a test pushes every roll it expects.
 */

#define NORTH 5
#define SOUTH 2
#define D_NE 0
#define D_E  1
#define D_SE 2
#define D_SW 3
#define D_W  4
#define D_NW 5

typedef struct
{
  AciesRuleset  *ruleset;
  AciesScenario *scenario;
  SgState       *s;
  AciesDice     *dice;
  GPtrArray     *events;
} Fx;

/* ---- Scenarios ---- */

AciesScenario *scn_new          (guint w, guint h);
/* A Formation of @side (0 Rome, 1 hostes), Auxiliaries or not. */
void           scn_formation    (AciesScenario *sc, const char *id, gint side, gboolean auxiliaries);
/* A unit of Formation @f (its side) at @cell facing @facing; missile NULL
 * for none; returns its index.  Two-hex types get their second hex beside
 * the first, to the left of the facing. */
gint           scn_unit         (AciesScenario *sc, const char *id, const char *f, const char *type, gint tq,
                                 gint size, gint ma, const char *missile, const char *cell, gint facing);
void           scn_attr_string  (AciesScenario *sc, gint unit, const char *name, const char *value);
void           scn_attr_int     (AciesScenario *sc, gint unit, const char *name, gint value);
/* A leader commanding @f (NULL: none), with @unit (or -1: at @cell). */
gint           scn_leader       (AciesScenario *sc, const char *id, gint side, const char *f, gint initiative,
                                 gint range, gint seizure, gint unit, const char *cell);
void           scn_leader_bool  (AciesScenario *sc, gint leader, const char *name, gboolean value);
/* Sets army @side's Overall Commander (a leader id). */
void           scn_oc           (AciesScenario *sc, gint side, const char *leader);
void           scn_side_int     (AciesScenario *sc, gint side, const char *name, gint value);
void           scn_terrain      (AciesScenario *sc, const char *cell, const char *terrain);
void           scn_rule         (AciesScenario *sc, const char *kind, gint side, const char *param,
                                 const char *value);

/* ---- The fixture ---- */

void           fx_start         (Fx *fx, AciesScenario *sc, JsonObject *options);
void           fx_end           (Fx *fx);
AciesScenario *fx_battle        (const char *name);

/* ---- Cells ---- */

gint           C                (Fx *fx, const char *label);
const char    *L                (Fx *fx, gint cell);
/* The label of the neighbour of @label in direction @dir. */
const char    *nb_label         (AciesScenario *sc, const char *label, gint dir);

/* ---- Actions ---- */

GArray        *fx_legal         (Fx *fx);
/* Whether an action of @type with the given first arguments (G_MININT:
 * any) is legal. */
gboolean       fx_has           (Fx *fx, guint type, gint a0, gint a1);
gboolean       fx_has4          (Fx *fx, guint type, gint a0, gint a1, gint a2, gint a3);
/* Applies a legal action (asserts it is legal, needs no missing die and
 * keeps the invariants). */
void           fx_act           (Fx *fx, guint type, gint a0, gint a1, gint a2, gint a3);
/* Applies without the legality check (to test refusals of apply). */
void           fx_push          (Fx *fx, guint n, ...);
const AciesEvent *fx_event      (Fx *fx, const char *type);
guint          fx_count_events  (Fx *fx, const char *type);
void           fx_clear_events  (Fx *fx);

/* ---- Shortcuts ---- */

gint           fx_unit          (Fx *fx, const char *id);
gint           fx_formation     (Fx *fx, const char *id);
gint           fx_leader        (Fx *fx, const char *id);
/* Activates Formation @f under its first Commander (or none): the state
 * is then in the Movement/Missile Fire Phase. */
void           fx_activate      (Fx *fx, const char *f);
/* Ends the Movement Phase: Shock designation (or the next Player Turn). */
void           fx_end_move      (Fx *fx);
/* Moves unit @u one step to @label. */
void           fx_step          (Fx *fx, gint u, const char *label);
/* Answers "no reaction" while the inactive player is asked. */
void           fx_no_reactions  (Fx *fx);

#define ACT0(fx, t) fx_act (fx, t, -1, -1, -1, -1)
#define ACT1(fx, t, a) fx_act (fx, t, a, -1, -1, -1)
#define ACT2(fx, t, a, b) fx_act (fx, t, a, b, -1, -1)

G_END_DECLS

G_BEGIN_DECLS

/* A two-sided scenario @w × @h with Formations "a" (Rome) and "d"
 * (hostes), and a Formation Commander "fc" of "a" (Initiative 3, Command
 * Range 12) standing alone in Rome's south-west corner. */
AciesScenario *scn_basic        (guint w, guint h);
/* Ends the Player Turn of the active side with a pass, declining any
 * seizure, until @side's Activation Phase. */
void           fx_pass_to       (Fx *fx, gint side);
/* The first legal action of @type (must exist). */
AciesAction    fx_first         (Fx *fx, guint type);

G_END_DECLS
