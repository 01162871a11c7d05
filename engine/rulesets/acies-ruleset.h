/* acies-ruleset.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "rulesets/acies-action.h"
#include "rulesets/acies-dice.h"
#include "rulesets/acies-state.h"
#include "model/acies-scenario.h"
#include "model/acies-catalogue.h"

G_BEGIN_DECLS

/**
 * AciesPrompt:
 * @player: the side index that must decide (the inactive player too)
 * @text: what is asked, in a player's words ("Pyrrhus: choose the unit that absorbs the Exhaustion")
 * @rule: the rule that gives the choice ("GC 9.4"), or NULL
 * @actions: the legal answers (AciesAction)
 */
typedef struct
{
  gint    player;
  char   *text;
  char   *rule;
  GArray *actions;
} AciesPrompt;

void acies_prompt_free (AciesPrompt *prompt);

typedef struct
{
  char    *result;       /* "DX", "EX", "no effect" */
  double   probability;  /* 0 … 1, exact */
  gboolean provisional;  /* the table cell behind it is provisional */
} AciesOddsOutcome;

typedef struct
{
  char *label;           /* "Flanked" */
  gint  value;           /* DRM, column shift… */
  char *rule;            /* "GC 9.2" */
} AciesOddsModifier;

typedef struct
{
  char      *summary;    /* "B attacks at −2" */
  GPtrArray *outcomes;   /* AciesOddsOutcome */
  GPtrArray *modifiers;  /* AciesOddsModifier */
} AciesOdds;

AciesOdds *acies_odds_new  (void);
gboolean   acies_odds_check (const AciesOdds *odds,
                             GError         **error);
void       acies_odds_add_outcome  (AciesOdds *odds, const char *result, double p, gboolean provisional);
void       acies_odds_add_modifier (AciesOdds *odds, const char *label, gint value, const char *rule);
void       acies_odds_free (AciesOdds *odds);

/**
 * AciesScoreLine:
 * A side's score at the end (or now), broken down by rule.
 */
typedef struct
{
  char *label;           /* "Units eliminated" */
  gint  points;
  char *rule;            /* "GC 13.0" */
} AciesScoreLine;

AciesScoreLine *acies_score_line_new  (const char *label, gint points, const char *rule);
void            acies_score_line_free (AciesScoreLine *line);

/**
 * AciesPiece:
 * @is_leader: %TRUE for a leader (an index into the scenario's leaders),
 *   %FALSE for a unit (a unit index of the state)
 * @index: the unit's or the leader's index
 *
 * A counter on the board, a unit or a leader (acies_ruleset_list_stack()).
 */
typedef struct
{
  gboolean is_leader;
  gint     index;
} AciesPiece;

/* Whether a click may reach @piece (acies_ruleset_next_in_stack()). */
typedef gboolean (*AciesPieceFilter) (const AciesPiece *piece,
                                      gpointer          user_data);

/* Random playouts (rulesets/acies-playout.h). */
typedef struct _AciesPlayout AciesPlayout;

/**
 * AciesPlayoutFlags:
 * @ACIES_PLAYOUT_CHECK: before each action the ruleset's check_action and
 *   the odds of an attack, after it acies_ruleset_check_invariants()
 * @ACIES_PLAYOUT_KEEP_LOG: keep the actions in the result's log
 */
typedef enum
{
  ACIES_PLAYOUT_CHECK    = 1 << 0,
  ACIES_PLAYOUT_KEEP_LOG = 1 << 1,
} AciesPlayoutFlags;

#define ACIES_TYPE_RULESET (acies_ruleset_get_type ())

G_DECLARE_INTERFACE (AciesRuleset, acies_ruleset, ACIES, RULESET, GObject)

struct _AciesRulesetInterface
{
  GTypeInterface parent_iface;

  const char            *(*get_id)            (AciesRuleset        *self);
  AciesCatalogue        *(*get_catalogue)     (AciesRuleset        *self);
  const AciesActionSpec *(*get_action_specs)  (AciesRuleset        *self,
                                               guint               *n_specs);
  void                   (*validate)          (AciesRuleset        *self,
                                               const AciesScenario *scenario,
                                               GPtrArray           *problems);
  AciesState            *(*new_state)         (AciesRuleset        *self,
                                               AciesScenario       *scenario,
                                               JsonObject          *options,
                                               GError             **error);
  AciesState            *(*copy_state)        (AciesRuleset        *self,
                                               const AciesState    *state);
  void                   (*free_state)        (AciesRuleset        *self,
                                               AciesState          *state);
  void                   (*legal_actions)     (AciesRuleset        *self,
                                               const AciesState    *state,
                                               GArray              *out);
  gboolean               (*apply)             (AciesRuleset        *self,
                                               AciesState          *state,
                                               const AciesAction   *action,
                                               AciesDice           *dice,
                                               GPtrArray           *events,
                                               GError             **error);
  AciesPrompt           *(*get_prompt)        (AciesRuleset        *self,
                                               const AciesState    *state);
  AciesOdds             *(*get_odds)          (AciesRuleset        *self,
                                               const AciesState    *state,
                                               const AciesAction   *action);
  gboolean               (*may_see)           (AciesRuleset        *self,
                                               const AciesState    *state,
                                               gint                 player,
                                               guint                unit,
                                               const char          *attribute);
  GPtrArray             *(*get_score)         (AciesRuleset        *self,
                                               const AciesState    *state,
                                               gint                 side);
  void                   (*digest)            (AciesRuleset        *self,
                                               const AciesState    *state,
                                               GChecksum           *checksum);
  JsonNode              *(*state_to_json)     (AciesRuleset        *self,
                                               const AciesState    *state);
  guint                  (*get_n_units)       (AciesRuleset        *self,
                                               const AciesState    *state);
  const char            *(*unit_id)           (AciesRuleset        *self,
                                               const AciesState    *state,
                                               guint                unit);
  gboolean               (*unit_view)         (AciesRuleset        *self,
                                               const AciesState    *state,
                                               guint                unit,
                                               gint                 viewer,
                                               AciesUnit           *view);
  gboolean               (*check_invariants)  (AciesRuleset        *self,
                                               const AciesState    *state,
                                               GError             **error);
  JsonNode              *(*state_view_to_json) (AciesRuleset       *self,
                                               const AciesState    *state,
                                               gint                 viewer);
  gboolean               (*get_action_path)   (AciesRuleset        *self,
                                               const AciesState    *state,
                                               const AciesAction   *action,
                                               GArray              *cells,
                                               gint                *cost);
  char                  *(*describe_action)   (AciesRuleset        *self,
                                               const AciesState    *state,
                                               const AciesAction   *action);
  char                  *(*describe_unit)     (AciesRuleset        *self,
                                               const AciesState    *state,
                                               guint                unit,
                                               gint                 viewer);
  gboolean               (*leader_view)       (AciesRuleset        *self,
                                               const AciesState    *state,
                                               guint                leader,
                                               gint                 viewer,
                                               AciesLeader         *view);
  char                  *(*describe_turn)     (AciesRuleset        *self,
                                               const AciesState    *state);

  /* Optional; the generic code has a default for each (acies-ruleset.c). */
  gboolean               (*check_action)      (AciesRuleset        *self,
                                               const AciesState    *state,
                                               const AciesAction   *action,
                                               GError             **error);
  gboolean               (*playout)           (AciesRuleset        *self,
                                               AciesScenario       *scenario,
                                               JsonObject          *options,
                                               guint64              seed,
                                               guint                max_actions,
                                               AciesPlayoutFlags    flags,
                                               AciesPlayout        *out,
                                               GError             **error);
  GPtrArray             *(*get_odds_query)    (AciesRuleset        *self);
  AciesOdds             *(*query_odds)        (AciesRuleset        *self,
                                               const AciesState    *state,
                                               JsonObject          *query,
                                               GError             **error);
  void                   (*sort_placements)   (AciesRuleset        *self,
                                               const AciesState    *state,
                                               GArray              *actions);
  gboolean               (*random_action)     (AciesRuleset        *self,
                                               const AciesState    *state,
                                               GRand               *rand,
                                               AciesAction         *out);

  /* Optional: seats, when several players share a side (acies-ruleset.c). */
  guint                  (*get_n_seats)       (AciesRuleset        *self,
                                               const AciesState    *state);
  char                  *(*describe_seat)     (AciesRuleset        *self,
                                               const AciesState    *state,
                                               gint                 seat);
  gint                   (*get_deciding_seat) (AciesRuleset        *self,
                                               const AciesState    *state);

  /* Optional: the order of a stack's pieces (acies-ruleset.c). */
  void                   (*list_stack)        (AciesRuleset        *self,
                                               const AciesState    *state,
                                               gint                 viewer,
                                               AciesCell            cell,
                                               GArray              *out);

  /* Optional: an action of an older file read in today's words. */
  void                   (*upgrade_action)    (AciesRuleset        *self,
                                               const AciesState    *state,
                                               AciesAction         *action);
  /* Optional: an action's longer text, for its tooltip (acies-ruleset.c). */
  char                  *(*explain_action)    (AciesRuleset        *self,
                                               const AciesState    *state,
                                               const AciesAction   *action);
  /* Optional: hidden information the seed would give away (acies-ruleset.c). */
  gboolean               (*has_hidden_draws)  (AciesRuleset        *self);
  char                  *(*describe_draws)    (AciesRuleset        *self,
                                               const AciesState    *state,
                                               guint                n_draws);
  /* Optional: a die's face in the ruleset's words (acies-ruleset.c). */
  char                  *(*describe_die_face) (AciesRuleset        *self,
                                               const AciesState    *state,
                                               const AciesRoll     *roll);
};

/* Wrappers; see the vfunc documentation in acies-ruleset.c. */
const char            *acies_ruleset_get_id           (AciesRuleset        *self);
AciesCatalogue        *acies_ruleset_get_catalogue    (AciesRuleset        *self);
const AciesActionSpec *acies_ruleset_get_action_specs (AciesRuleset        *self,
                                                       guint               *n_specs);
const AciesActionSpec *acies_ruleset_find_action_spec (AciesRuleset        *self,
                                                       const char          *name,
                                                       guint               *type);
void                   acies_ruleset_validate         (AciesRuleset        *self,
                                                       const AciesScenario *scenario,
                                                       GPtrArray           *problems);
AciesState            *acies_ruleset_new_state        (AciesRuleset        *self,
                                                       AciesScenario       *scenario,
                                                       JsonObject          *options,
                                                       GError             **error);
AciesState            *acies_ruleset_copy_state       (AciesRuleset        *self,
                                                       const AciesState    *state);
void                   acies_ruleset_free_state       (AciesRuleset        *self,
                                                       AciesState          *state);
void                   acies_ruleset_legal_actions    (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       GArray              *out);
gboolean               acies_ruleset_is_legal         (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       const AciesAction   *action);
gboolean               acies_ruleset_apply            (AciesRuleset        *self,
                                                       AciesState          *state,
                                                       const AciesAction   *action,
                                                       AciesDice           *dice,
                                                       GPtrArray           *events,
                                                       GError             **error);
AciesPrompt           *acies_ruleset_get_prompt       (AciesRuleset        *self,
                                                       const AciesState    *state);
AciesOdds             *acies_ruleset_get_odds         (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       const AciesAction   *action);
gboolean               acies_ruleset_may_see          (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       gint                 player,
                                                       guint                unit,
                                                       const char          *attribute);
GPtrArray             *acies_ruleset_get_score        (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       gint                 side);
void                   acies_ruleset_digest           (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       GChecksum           *checksum);
char                  *acies_ruleset_dup_digest       (AciesRuleset        *self,
                                                       const AciesState    *state);
JsonNode              *acies_ruleset_state_to_json    (AciesRuleset        *self,
                                                       const AciesState    *state);
JsonNode              *acies_ruleset_state_view_to_json (AciesRuleset      *self,
                                                       const AciesState    *state,
                                                       gint                 viewer);
gboolean               acies_ruleset_get_action_path  (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       const AciesAction   *action,
                                                       GArray              *cells,
                                                       gint                *cost);
guint                  acies_ruleset_get_n_units      (AciesRuleset        *self,
                                                       const AciesState    *state);
char                  *acies_ruleset_describe_unit    (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       guint                unit,
                                                       gint                 viewer);
const char            *acies_ruleset_unit_id          (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       guint                unit);
gint                   acies_ruleset_unit_index       (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       const char          *id);
gboolean               acies_ruleset_unit_view        (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       guint                unit,
                                                       gint                 viewer,
                                                       AciesUnit           *view);
gboolean               acies_ruleset_leader_view      (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       guint                leader,
                                                       gint                 viewer,
                                                       AciesLeader         *view);
char                  *acies_ruleset_describe_turn    (AciesRuleset        *self,
                                                       const AciesState    *state);
void                   acies_ruleset_sort_placements  (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       GArray              *actions);
guint                  acies_ruleset_get_n_seats      (AciesRuleset        *self,
                                                       const AciesState    *state);
char                  *acies_ruleset_describe_seat    (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       gint                 seat);
gint                   acies_ruleset_get_deciding_seat (AciesRuleset       *self,
                                                       const AciesState    *state);
char                  *acies_ruleset_explain_action   (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       const AciesAction   *action);
gboolean               acies_ruleset_has_hidden_draws (AciesRuleset       *self);
char                  *acies_ruleset_describe_draws   (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       guint                n_draws);
char                  *acies_ruleset_describe_die_face (AciesRuleset       *self,
                                                       const AciesState    *state,
                                                       const AciesRoll     *roll);
gint                   acies_ruleset_seat_side        (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       gint                 seat);
void                   acies_ruleset_list_stack       (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       gint                 viewer,
                                                       AciesCell            cell,
                                                       GArray              *out);
gboolean               acies_ruleset_next_in_stack    (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       gint                 viewer,
                                                       AciesCell            cell,
                                                       const AciesPiece    *after,
                                                       AciesPieceFilter     filter,
                                                       gpointer             user_data,
                                                       AciesPiece          *next);
gboolean               acies_ruleset_check_invariants (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       GError             **error);
char                  *acies_ruleset_describe_now     (AciesRuleset        *self,
                                                       const AciesState    *state);
gboolean               acies_ruleset_is_attack        (AciesRuleset        *self,
                                                       const AciesAction   *action);
gboolean               acies_ruleset_check_action     (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       const AciesAction   *action,
                                                       GError             **error);
gboolean               acies_ruleset_playout          (AciesRuleset        *self,
                                                       AciesScenario       *scenario,
                                                       JsonObject          *options,
                                                       guint64              seed,
                                                       guint                max_actions,
                                                       AciesPlayoutFlags    flags,
                                                       AciesPlayout        *out,
                                                       GError             **error);
GPtrArray             *acies_ruleset_get_odds_query   (AciesRuleset        *self);
AciesOdds             *acies_ruleset_query_odds       (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       JsonObject          *query,
                                                       GError             **error);
gboolean               acies_ruleset_random_action    (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       GRand               *rand,
                                                       AciesAction         *out);

/* Generic action (de)serialisation through the specs. */
JsonNode              *acies_ruleset_action_to_json   (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       const AciesAction   *action);
gboolean               acies_ruleset_action_from_json (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       JsonNode            *node,
                                                       AciesAction         *action,
                                                       GError             **error);
char                  *acies_ruleset_describe_action  (AciesRuleset        *self,
                                                       const AciesState    *state,
                                                       const AciesAction   *action);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesPrompt, acies_prompt_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesOdds, acies_odds_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AciesScoreLine, acies_score_line_free)

/* The registry of rulesets by id. */
typedef AciesRuleset *(*AciesRulesetFactory) (void);

void                   acies_ruleset_register         (const char          *id,
                                                       AciesRulesetFactory  factory);
AciesRuleset          *acies_ruleset_lookup           (const char          *id,
                                                       GError             **error);
const char * const    *acies_ruleset_list             (void);

/* Full validation: the catalogue's checks, then the ruleset's own. */
gboolean               acies_scenario_validate        (const AciesScenario *scenario,
                                                       GPtrArray           *problems,
                                                       GError             **error);

G_END_DECLS
