/* gc-test-common.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "rulesets/acies-ruleset.h"
#include "rulesets/grass-crown/acies-gc-private.h"

G_BEGIN_DECLS

/*
 * Helpers shared by the Grass Crown rule tests (test-gc-move.c,
 * test-gc-phases.c, test-gc-rules.c, test-gc-views.c, test-gc-heraclea.c).
 * Synthetic boards are square, labelled column letter and row number
 * ("C8"): red (side 0, Laevinus) holds the south edge and moves north,
 * blue (side 1, Pyrrhus) the north edge.
 */

/* A game under test: its state, the scripted dice (12.0 rolls are pushed
 * by the test) and the events every action logs. */
typedef struct
{
  AciesRuleset  *ruleset;
  AciesScenario *scenario;
  AciesGcState  *s;
  AciesDice     *dice;
  GPtrArray     *events;
} Fixture;

/* The command choices of an ACIES_GC_ACTION_COMMAND (GC 5.0). */
enum { MOVE = 0, COMBAT = 1, SKIRMISH = 2, RALLY = 3, NONE = 4 };

/* ---- Scenarios ---- */

/* A @w × @h square board, red and blue sides as above (skirmish factor 3,
 * VP +5 at 30, final VP 40, red moves first and holds initiative and
 * Fortuna). */
AciesScenario   *board_new          (guint w, guint h);
/* The rules tests' standard line-up on an 8 × 10 board: red's pink L
 * line in row 8 (p1–p3 in C8–E8: CC B with "exhausted" backs, p3 CC C
 * "brittle"), blue's purple P line in row 3 (q1–q3 in C3–E3: CC A,
 * "exhausted", q3 a "hero"); pink's zone covers rows 5–7, purple's rows
 * 4–6. */
AciesScenario   *lines_new          (void);
/* The same line-up with every counter as add_piece() makes it (CC B, an
 * "exhausted" back, VP 2): the movement tests'. */
AciesScenario   *lines_new_plain    (void);
/* The shipped data/scenarios/grass-crown/heraclea.acies. */
AciesScenario   *heraclea_load      (void);
/* Adds the wing @id of @side in @colour (its name is @id). */
void             add_wing           (AciesScenario *sc, const char *id, const char *side, const char *colour,
                                     gboolean mounted, const char *ta_role);
/* A unit: foot with a back (@back non-NULL: VP @vp on the back) or mounted
 * (@back NULL: VP on the front); @cc and @diamonds (-1) are left out when
 * NULL or negative. */
AciesUnit       *add_unit_vp        (AciesScenario *sc, const char *id, const char *wing, const char *type,
                                     const char *cc, const char *back, gint diamonds, const char *cell,
                                     gint vp);
/* add_unit_vp() with VP 2. */
AciesUnit       *add_unit           (AciesScenario *sc, const char *id, const char *wing, const char *type,
                                     const char *cc, const char *back, gint diamonds, const char *cell);
/* A Foot unit (type L, H or P: CC B, @back, VP 2 on the back) or a Mounted
 * unit (C, E, W: @diamonds for cavalry, VP 3 on the front). */
AciesUnit       *add_piece          (AciesScenario *sc, const char *id, const char *wing, const char *type,
                                     const char *back, gint diamonds, const char *cell);
/* Adds the special rule @rule for @side (nullable). */
void             add_rule           (AciesScenario *sc, const char *rule, const char *side);

/* ---- The fixture ---- */

/* Takes @sc and starts a game on it with @options (nullable). */
void             fixture_start_opts (Fixture *fx, AciesScenario *sc, JsonObject *options);
void             fixture_start      (Fixture *fx, AciesScenario *sc);
void             fixture_end        (Fixture *fx);
/* Plays every set-up decision (GC 3.1) with the first legal action, calling
 * @check (nullable) on each legal PLACE action first. */
typedef void (*PlaceCheck) (Fixture *fx, const AciesAction *a, gpointer data);
void             play_setup         (Fixture *fx, PlaceCheck check, gpointer data);
/* Applies the first legal action (there must be one). */
void             apply_first_legal  (Fixture *fx);

/* ---- Finding things ---- */

/* The index of unit @id (must exist). */
gint             uid                (Fixture *fx, const char *id);
/* The cell of @label (ACIES_CELL_NONE off the board). */
AciesCell        cell               (Fixture *fx, const char *label);
/* The index of wing @id (must exist). */
gint             wing_index         (Fixture *fx, const char *id);
guint8           status             (Fixture *fx, const char *id);
const AciesEvent *find_event        (Fixture *fx, const char *type);

/* ---- Actions ---- */

/* The legal actions now (free with g_array_unref()). */
GArray          *legal              (Fixture *fx);
/* How many legal actions of @type with args[0] == @a0 and args[1] == @a1
 * (G_MININT matches any value). */
guint            count_actions      (Fixture *fx, guint type, gint a0, gint a1);
gboolean         has_action         (Fixture *fx, guint type, gint a0, gint a1);
/* An action of @type by the deciding side with arguments a0…a4. */
AciesAction      action_of          (Fixture *fx, guint type, gint a0, gint a1, gint a2, gint a3, gint a4);
gboolean         is_legal           (Fixture *fx, guint type, gint a0, gint a1, gint a2, gint a3, gint a4);
/* Applies @a, which must be legal and succeed. */
void             act_action         (Fixture *fx, AciesAction *a);
/* act_action() of action_of(), then checks that no scripted die was
 * missing and that the state is consistent. */
void             act                (Fixture *fx, guint type, gint a0, gint a1, gint a2, gint a3, gint a4);

#define ACT0(fx, t) act (fx, t, -1, -1, -1, -1, -1)
#define ACT1(fx, t, a0) act (fx, t, a0, -1, -1, -1, -1)
#define ACT2(fx, t, a0, a1) act (fx, t, a0, a1, -1, -1, -1)

/* Commands @wing (NULL: none) with @first and @second, Aquila @aquila. */
void             command            (Fixture *fx, const char *wing, gint first, gint second, gint aquila);
/* Commands @wing to Move (group @group, -1 for all). */
void             command_move       (Fixture *fx, const char *wing, gint group);
/* Declines every Fortuna offer pending now (12.0). */
void             no_fortuna         (Fixture *fx);
/* The blue side acts now (a test shortcut into its turn). */
void             blue_acts          (Fixture *fx);

G_END_DECLS
