/* acies-play-test.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "io/acies-scenario-io.h"
#include "rulesets/acies-ruleset.h"

#include "acies-play-session.h"

G_BEGIN_DECLS

/* What the play tests share: reading an AciesPlaySession's list models,
 * and battles played through it, either directly (tests/play, no
 * display) or through the game window's actions (tests/ui). */

typedef struct _AciesPlayDriver AciesPlayDriver;

/* How a test plays: the session it reads, and the commands it gives, each
 * as the player gives it (directly to the session, or through the game
 * window's play.* actions and its board). */
struct _AciesPlayDriver
{
  AciesPlaySession *session;
  gpointer          data;

  void (*choose)        (AciesPlayDriver *driver,
                         gint             index);   /* play.choose */
  void (*reveal)        (AciesPlayDriver *driver);  /* play.reveal */
  void (*commit)        (AciesPlayDriver *driver);  /* play.commit */
  void (*activate_cell) (AciesPlayDriver *driver,
                         AciesCell        cell);    /* a click on the board */
  void (*undo)          (AciesPlayDriver *driver);  /* play.undo, one's own decision */
  void (*place_rest)    (AciesPlayDriver *driver);  /* play.place-rest */
  void (*pick)          (AciesPlayDriver *driver,
                         gint             unit);    /* a shift-click on a unit */
  void (*key)           (AciesPlayDriver *driver,
                         const char      *letter);  /* Alt+letter, play.key */
  void (*screenshot)    (AciesPlayDriver *driver,
                         const char      *name);    /* with ACIES_TEST_SHOTS, or nothing */
};

void            acies_play_test_driver_init     (AciesPlayDriver    *driver,
                                                 AciesPlaySession   *session);

AciesScenario  *acies_play_test_load_bundled    (const char         *folder,
                                                 const char         *name);
AciesGame      *acies_play_test_new_game        (AciesScenario      *scenario,
                                                 guint64             seed);
AciesGame      *acies_play_test_new_game_with   (AciesScenario      *scenario,
                                                 guint64             seed,
                                                 const char         *option,
                                                 const char         *value);

const char     *acies_play_test_label           (AciesPlaySession   *session,
                                                 guint               index);
gint            acies_play_test_find_shown      (AciesPlaySession   *session,
                                                 const char         *prefix);
gint            acies_play_test_find_shown_containing (AciesPlaySession *session,
                                                 const char         *prefix,
                                                 const char         *needle);
gint            acies_play_test_action_group    (AciesPlaySession   *session,
                                                 guint               index);
const char     *acies_play_test_group_title     (AciesPlaySession   *session,
                                                 guint               group);
gboolean        acies_play_test_group_open      (AciesPlaySession   *session,
                                                 guint               group);
gint            acies_play_test_key_action      (AciesPlaySession   *session,
                                                 guint               key);
const char     *acies_play_test_log_line        (AciesPlaySession   *session,
                                                 guint               index);
gboolean        acies_play_test_log_contains    (AciesPlaySession   *session,
                                                 const char         *needle);
guint           acies_play_test_count_rule_citations (const char    *text);
void            acies_play_test_check_rules_cited_once (AciesPlaySession *session);
void            acies_play_test_check_all_reachable (AciesPlaySession *session);
AciesCell       acies_play_test_unit_cell       (AciesScenario      *scenario,
                                                 const char         *id);
AciesCell       acies_play_test_lb_action_cell  (AciesRuleset       *ruleset,
                                                 const AciesState   *state,
                                                 const char         *name);

void            acies_play_test_heraclea_opening (AciesPlayDriver   *driver);
void            acies_play_test_heraclea_to_move (AciesPlayDriver   *driver);
void            acies_play_test_check_move_by_destination (AciesPlayDriver *driver);
guint           acies_play_test_heraclea_setup_by_wings (AciesPlayDriver *driver);
void            acies_play_test_check_group_by_picks (AciesPlayDriver *driver);
void            acies_play_test_check_lb_attack_preview (AciesPlayDriver *driver);
void            acies_play_test_cannae_first_turn (AciesPlayDriver  *driver);
void            acies_play_test_sg_stack_clicks (AciesPlayDriver    *driver);

G_END_DECLS
