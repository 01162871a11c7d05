/* acies-game.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "rulesets/acies-ruleset.h"

G_BEGIN_DECLS

/*
 * A game: scenario + ruleset + seed + action log.  The state is a pure
 * function of those; loading is replaying, undo is replaying all but the
 * last actions.  Every die roll is recorded with the action that made it,
 * so a log replays byte for byte with seeded or with physical dice.
 *
 * .acies-game file:
 *   { "format": "acies-game", "version": 2, "ruleset": "grass-crown",
 *     "seed": 42, "dice": "seeded" | "physical", "options": {…},
 *     "players": ["Laevinus", "Pyrrhus"],        (optional)
 *     "notes": ["Action 12 … taken back …"],     (optional)
 *     "scenario": { …the whole scenario… },
 *     "log": [ { "action": {…}, "rolls": [3, 5] }, … ],
 *     "digest": "…",                             (the final state's)
 *     "digests": { "scenario": "…", "seed": "…", "options": "…", "log": "…" } }
 *   Version 2 added "digests" (issue 20.4); version 1 files read as before.
 */

#define ACIES_GAME_FORMAT  "acies-game"
#define ACIES_GAME_VERSION 2

#define ACIES_TYPE_GAME (acies_game_get_type ())

G_DECLARE_FINAL_TYPE (AciesGame, acies_game, ACIES, GAME, GObject)

typedef enum
{
  ACIES_DICE_MODE_SEEDED,
  ACIES_DICE_MODE_PHYSICAL,
} AciesDiceMode;

#define ACIES_TYPE_DICE_MODE (acies_dice_mode_get_type ())

GType              acies_dice_mode_get_type    (void) G_GNUC_CONST;

AciesGame         *acies_game_new              (AciesScenario      *scenario,
                                                AciesRuleset       *ruleset,
                                                guint64             seed,
                                                AciesDiceMode       dice_mode,
                                                JsonObject         *options,
                                                GError            **error);
AciesScenario     *acies_game_get_scenario     (AciesGame          *self);
AciesRuleset      *acies_game_get_ruleset      (AciesGame          *self);
guint64            acies_game_get_seed         (AciesGame          *self);
JsonObject        *acies_game_get_options      (AciesGame          *self);
AciesDiceMode      acies_game_get_dice_mode    (AciesGame          *self);
const AciesState  *acies_game_get_state        (AciesGame          *self);
void               acies_game_dup_positions    (AciesGame          *self,
                                                gint                viewer,
                                                GPtrArray         **units,
                                                GPtrArray         **leaders);
char              *acies_game_positions_text   (AciesGame          *self);
guint              acies_game_get_n_actions    (AciesGame          *self);
const AciesAction *acies_game_get_action       (AciesGame          *self,
                                                guint               index);
GPtrArray         *acies_game_get_events       (AciesGame          *self);
guint              acies_game_get_n_events_of_action (AciesGame    *self,
                                                guint               index);

gboolean           acies_game_apply            (AciesGame          *self,
                                                const AciesAction  *action,
                                                GError            **error);
void               acies_game_push_roll        (AciesGame          *self,
                                                guint               value);
guint              acies_game_get_n_pending_rolls (AciesGame       *self);
void               acies_game_clear_pending_rolls (AciesGame       *self);
gboolean           acies_game_last_action_rolled (AciesGame        *self);
const GArray      *acies_game_get_rolls_of_action (AciesGame       *self,
                                                guint               index);
gboolean           acies_game_undo             (AciesGame          *self,
                                                GError            **error);
gboolean           acies_game_truncate         (AciesGame          *self,
                                                guint               n_actions,
                                                GError            **error);
char              *acies_game_digest           (AciesGame          *self);

/**
 * ACIES_GAME_PLAYER_NAME_MAX:
 *
 * The longest player's name a game keeps, in characters; a saved game with
 * a longer one is refused.
 */
#define ACIES_GAME_PLAYER_NAME_MAX 100

void               acies_game_set_player_names (AciesGame          *self,
                                                const char * const *names);
const char * const *acies_game_get_player_names (AciesGame         *self);
void               acies_game_add_note         (AciesGame          *self,
                                                const char         *text);
guint              acies_game_get_n_notes      (AciesGame          *self);
const char        *acies_game_get_note         (AciesGame          *self,
                                                guint               index);

JsonNode          *acies_game_to_json          (AciesGame          *self);
AciesGame         *acies_game_from_json        (JsonNode           *root,
                                                const char         *display_name,
                                                GError            **error);
gboolean           acies_game_save_file        (AciesGame          *self,
                                                GFile              *file,
                                                GError            **error);
AciesGame         *acies_game_load_file        (GFile              *file,
                                                GError            **error);

G_END_DECLS
