/* acies-test-ruleset.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

/*
 * "test-race": a tiny ruleset that exists only in the tests, to exercise
 * the AciesRuleset interface and AciesGame without a real rule system.
 *
 * TR 1  Two sides take turns; a side's turn ends with "end-turn".  After
 *       the second side's turn the game turn advances and a wind
 *       direction (0–3) is drawn; a unit may not move toward the wind.
 * TR 2  Each unit may move once per turn to an orthogonally adjacent
 *       empty square, and attack once per turn an orthogonally adjacent
 *       enemy.
 * TR 2.2 The defender answers the attack (a prompt to the inactive side):
 *       "retreat" one square straight away from the attacker if empty (a
 *       d6 of 6 eliminates it anyway, and it becomes shaken), or "stand":
 *       a d6 of 4–6 eliminates it, of 1–3 misses (and it becomes steady).
 *       A shaken unit may stand only when it cannot retreat.
 * TR 2.3 Once per game a side may fortify the edge in front of an
 *       unmoved unit (level 1 or 2; the unit may not move this turn):
 *       attacks across it eliminate on 4 + level or more.
 * TR 3  A side with no units left loses; after the turn limit the side
 *       with more units wins, or it is a draw.
 * Morale (steady/shaken) is hidden from the other side (may_see).
 */

#define ACIES_TYPE_TEST_RULESET (acies_test_ruleset_get_type ())

G_DECLARE_FINAL_TYPE (AciesTestRuleset, acies_test_ruleset, ACIES, TEST_RULESET, GObject)

AciesRuleset  *acies_test_ruleset_new      (void);

/* The same rules with only the required vfuncs (tests the defaults). */
#define ACIES_TYPE_TEST_MINIMAL_RULESET (acies_test_minimal_ruleset_get_type ())

G_DECLARE_FINAL_TYPE (AciesTestMinimalRuleset, acies_test_minimal_ruleset, ACIES, TEST_MINIMAL_RULESET, GObject)

AciesRuleset  *acies_test_minimal_ruleset_new (void);
AciesScenario *acies_test_scenario_new     (guint turn_limit);

enum {
  TR_MOVE,
  TR_ATTACK,
  TR_RESPOND,
  TR_FORTIFY,
  TR_END_TURN,
};

enum {
  TR_RETREAT,
  TR_STAND,
};

G_END_DECLS
