/* acies-play-session-private.h
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "acies-text.h"
#include "rulesets/acies-ruleset.h"

#include "acies-play-session.h"

G_BEGIN_DECLS

/* The type of the actions list's rows that select a unit (args[0]), never
 * an action spec's. */
#define SELECT_UNIT_ROW G_MAXUINT16

/* The type of the rows that take a gesture of the picked units (args[0]
 * indexes the session's series), never an action spec's. */
#define SERIES_ROW (G_MAXUINT16 - 1)

/* The view index of a leader standing alone (not with a unit), drawn as a
 * counter of its own: never a unit index. */
#define LEADER_VIEW(l) (-2 - (gint) (l))
#define VIEW_LEADER(i) (-2 - (i))

/* A series of the engine's actions that takes a unit (or a group) to a
 * destination (acies-play-session-moves.c). */
typedef struct _AciesPlayRoute AciesPlayRoute;

struct _AciesPlaySession
{
  GObject       parent_instance;

  AciesGame    *game;

  /* Who looks: the player at the screen, and the hand-over curtain. */
  gint          seat;          /* seat whose view the board shows, -1: nobody yet */
  GArray       *lit_cells;     /* AciesCell: the state view's "lit" cells */
  char         *lit_label;
  gboolean      curtain;
  guint         n_curtains;
  gint64        lifted_at;     /* monotonic µs when the curtain last lifted, 0: never */
  gboolean      show_victory;  /* the victory page, not the board, at the end */

  /* What the rules allow, and what the player chose. */
  GArray       *legal;         /* AciesAction, legal now */
  GArray       *shown;         /* AciesAction, the rows of the actions list */
  GArray       *candidates;    /* AciesAction: the actions one click pointed at, listed first */
  char         *candidates_title; /* their heading, or NULL for the clicked square's */
  GArray       *picks;         /* gint: units picked to act together (shift-click) */
  GPtrArray    *series;        /* the gestures the picks lead to (SERIES_ROW rows) */
  GListStore   *quick;         /* AciesPlayQuick: the quick actions */
  GArray       *acted;         /* gint: the units that acted in this phase, by action */
  char         *acted_phase;   /* the turn, side and phase they acted in */
  guint         acted_from;    /* the phase's first action in the game's log */
  gint          selected_unit;
  gint          selected_leader; /* scenario leader index selected instead of a unit, or -1 */
  gboolean      has_pending;   /* an action waits in the attack preview */
  AciesAction   pending;
  gboolean      has_roll_action; /* an action waits for a physical roll */
  AciesAction   roll_action;
  char         *done_words;    /* the last action taken, described before it was (for the live region) */
  gboolean      roll_extends;  /* it ends a composed gesture */
  gboolean      batch;         /* a composed gesture is being taken: one refresh at its end */
  GArray       *compounds;     /* the gestures of several actions, for Take Back */
  GHashTable   *group_open;    /* group id → 1 opened, 2 closed by the player */
  GListStore   *actions;       /* AciesPlayAction, the rows in play.choose's order */
  GListStore   *groups;        /* AciesPlayGroup, the headings in order */
  GListStore   *log;           /* AciesLogLine */

  /* The board: the state as the viewer may see it. */
  GPtrArray    *views;         /* AciesUnit *, shallow views of the state */
  GArray       *view_index;    /* gint: unit index of each view (LEADER_VIEW () for a leader alone) */
  GPtrArray    *view_texts;    /* char *: each view's marker words, "" for none */
  GArray       *view_marks;    /* guint AciesPlaySessionMark of each view */
  GPtrArray    *leader_views;  /* AciesLeader * per scenario leader, NULL when out of play */
  GPtrArray    *counter_leaders; /* AciesLeader * (borrowed): leaders drawn on a unit's counter */
  GArray       *destinations;  /* AciesCell: legal destinations of the selected unit */
  GPtrArray    *costs;         /* char *: the cost of each destination, "" if unknown */
  GPtrArray    *paths;         /* GArray of AciesCell per destination, or NULL */
  GPtrArray    *routes;        /* AciesPlayRoute per destination reached by several actions, or NULL */
  GHashTable   *route_plan;    /* the last plan (cell + 1 → AciesPlayRoute), or NULL */
  guint         plan_generation; /* the game's generation when it was made */
  guint         generation;    /* bumped whenever the game changes */
  gint          plan_mover;    /* its mover (unit, or -1 for a group) */
  GArray       *targets;       /* AciesCell: attack targets of the selected unit */
  GArray       *path;          /* AciesCell: the path preview */
  AciesCell     hover_cell;    /* the cell under the pointer, or ACIES_CELL_NONE */
  AciesCell     focus_cell;    /* the board's keyboard focus cell */
  JsonNode     *state_json;    /* the viewer's state view, or NULL */

  /* The side panel's words (properties). */
  char         *curtain_text;
  char         *curtain_summary;
  GArray       *seen_lines;    /* guint per seat: the public log lines it has seen */
  char         *turn_text;
  char         *phase_text;
  char         *side_text;
  char         *subtitle;
  char         *prompt_text;
  char         *state_text;
  char         *end_text;
  char         *end_tooltip;
  char         *unit_text;
  char         *hint_text;
  char         *legend_text;
  char         *odds_title;
  char         *odds_text;
  char         *victory_title;
  char         *victory_text;
  gboolean      finished;
  gboolean      victory_shown;
  guint         n_actions;
  gboolean      can_undo;
  gboolean      can_end_phase;
  gboolean      can_commit;
  gboolean      can_cancel;
};

static inline AciesRuleset *
ruleset_of (AciesPlaySession *self)
{
  return acies_game_get_ruleset (self->game);
}

static inline const AciesState *
state_of (AciesPlaySession *self)
{
  return acies_game_get_state (self->game);
}

/* acies-play-session.c; the deciding player and seat in acies-play-session-words.c */
void               _acies_play_session_refresh         (AciesPlaySession  *self);
void               _acies_play_session_game_changed    (AciesPlaySession  *self);
void               _acies_play_session_set_hint        (AciesPlaySession  *self,
                                                        char              *text);
void               _acies_play_session_refuse_key      (AciesPlaySession  *self);
void               _acies_play_session_set_legend      (AciesPlaySession  *self,
                                                        char              *text);
void               _acies_play_session_select_unit     (AciesPlaySession  *self,
                                                        gint               unit);
void               _acies_play_session_select_leader   (AciesPlaySession  *self,
                                                        gint               l);
char              *_acies_play_session_selected_leader_name (AciesPlaySession *self);
gint               _acies_play_session_deciding_player (AciesPlaySession  *self,
                                                        const AciesPrompt *prompt);
gint               _acies_play_session_deciding_seat   (AciesPlaySession  *self,
                                                        const AciesPrompt *prompt);
gint               _acies_play_session_seat_of         (AciesPlaySession  *self,
                                                        const AciesState  *state,
                                                        const AciesPrompt *prompt);
gboolean           _acies_play_session_same_person     (AciesPlaySession  *self,
                                                        gint               a,
                                                        gint               b);
void               _acies_play_session_emit            (AciesPlaySession  *self,
                                                        const char        *signal,
                                                        const char        *text);

/* acies-play-session-board.c */
gint               _acies_play_session_first_unit_arg  (AciesPlaySession  *self,
                                                        const AciesAction *action);
gboolean           _acies_play_session_action_of_piece (AciesPlaySession  *self,
                                                        const AciesAction *action);
gint               _acies_play_session_action_leader   (AciesPlaySession  *self,
                                                        const AciesAction *action);
gboolean           _acies_play_session_action_of_selection (AciesPlaySession  *self,
                                                        const AciesAction *action);
gboolean           _acies_play_session_leader_may_act  (AciesPlaySession  *self,
                                                        gint               l);
gboolean           _acies_play_session_piece_to_select (AciesPlaySession  *self,
                                                        AciesCell          cell,
                                                        gboolean          *own_stack,
                                                        AciesPiece        *piece);
void               _acies_play_session_update_board    (AciesPlaySession  *self);
gboolean           _acies_play_session_update_path     (AciesPlaySession  *self);
AciesPlayRoute    *_acies_play_session_route_to        (AciesPlaySession  *self,
                                                        AciesCell          cell);
void               _acies_play_session_track_acted     (AciesPlaySession  *self);
gboolean           _acies_play_session_unit_acted      (AciesPlaySession  *self,
                                                        gint               unit);
AciesCell          _acies_play_session_cell_of_unit    (AciesPlaySession  *self,
                                                        gint               unit);
gint               _acies_play_session_unit_at_cell    (AciesPlaySession  *self,
                                                        AciesCell          cell);
gboolean           _acies_play_session_action_touches_cell (AciesPlaySession  *self,
                                                        const AciesAction *action,
                                                        guint              first,
                                                        AciesCell          cell);
gboolean           _acies_play_session_action_has_cell_arg (AciesPlaySession  *self,
                                                        const AciesAction *action,
                                                        AciesCell          cell);
AciesCell          _acies_play_session_action_target_cell (AciesPlaySession  *self,
                                                        const AciesAction *action,
                                                        guint              first,
                                                        gboolean          *is_target);

/* acies-play-session-actions.c */
void               _acies_play_session_update_actions  (AciesPlaySession  *self,
                                                        const AciesPrompt *prompt);
gboolean           _acies_play_session_find_declared   (AciesPlaySession  *self,
                                                        AciesAction       *out);
gboolean           _acies_play_session_find_end_phase  (AciesPlaySession  *self,
                                                        AciesAction       *out);

/* acies-play-session-moves.c */
void               _acies_play_route_free              (AciesPlayRoute    *route);
const GArray      *_acies_play_route_get_actions       (const AciesPlayRoute *route);
const GArray      *_acies_play_route_get_cells         (const AciesPlayRoute *route);
gint               _acies_play_route_get_cost          (const AciesPlayRoute *route);
GHashTable        *_acies_play_session_plan_routes     (AciesPlaySession  *self,
                                                        gint               mover);
char              *_acies_play_session_route_words     (AciesPlaySession  *self,
                                                        const AciesPlayRoute *route);
GArray            *_acies_play_session_compounds_new   (void);
void               _acies_play_session_trim_compounds  (AciesPlaySession  *self);
gboolean           _acies_play_session_last_compound   (AciesPlaySession  *self,
                                                        guint             *start,
                                                        const char       **words);
guint              _acies_play_session_run_series      (AciesPlaySession  *self,
                                                        const GArray      *actions,
                                                        const char        *words);
void               _acies_play_session_extend_compound (AciesPlaySession  *self);
char              *_acies_play_session_describe_last   (AciesPlaySession  *self);

/* acies-play-session-gestures.c */
GPtrArray         *_acies_play_session_series_new      (void);
void               _acies_play_session_update_series   (AciesPlaySession  *self);
const char        *_acies_play_session_series_words    (AciesPlaySession  *self,
                                                        guint              index);
void               _acies_play_session_run_picked      (AciesPlaySession  *self,
                                                        guint              index);
char              *_acies_play_session_place_rest_words (AciesPlaySession *self);
void               _acies_play_session_update_quick    (AciesPlaySession  *self);

/* acies-play-session-commands.c */
GArray            *_acies_play_session_cell_candidates (AciesPlaySession  *self,
                                                        AciesCell          cell);
gboolean           _acies_play_session_take_or_list    (AciesPlaySession  *self,
                                                        GArray            *found);

/* acies-play-session-words.c */
char              *_acies_play_session_describe        (AciesPlaySession  *self,
                                                        const AciesAction *action);
gboolean           _acies_play_session_event_is_private (const AciesEvent *event);
char              *_acies_play_session_die_face_words  (AciesPlaySession  *self,
                                                        const AciesEvent  *event);
char              *_acies_play_session_handover_summary (AciesPlaySession  *self,
                                                         gint               from_seat,
                                                         gint               to_seat);
GPtrArray         *_acies_play_session_log_lines       (AciesPlaySession  *self,
                                                        gint               viewer,
                                                        gboolean           export);
char              *_acies_play_session_prompt_sentence (AciesPlaySession  *self,
                                                        const AciesState  *state,
                                                        const AciesPrompt *prompt);
char              *_acies_play_session_phase_name      (const char        *phase);
char              *_acies_play_session_turn_words      (AciesPlaySession  *self);
char              *_acies_play_session_state_text      (AciesPlaySession  *self,
                                                        JsonNode          *root);
char              *_acies_play_session_odds_text       (AciesPlaySession  *self,
                                                        const AciesAction *action,
                                                        gboolean           preview);
char              *_acies_play_session_explain_unreachable (AciesPlaySession *self,
                                                        AciesCell          cell);
char              *_acies_play_session_explain_unselectable (AciesPlaySession *self,
                                                        gint               unit);

/* acies-play-session-board.c, for the tooltips */
GHashTable        *_acies_play_session_usual_unit_values (JsonArray       *units);
char              *_acies_play_session_unit_state_markers (JsonArray      *units,
                                                        GHashTable        *usual,
                                                        const char        *id);

/* acies-play-session-words.c, for acies-play-session-tooltips.c */
char              *_acies_play_session_member_label (const char *name);
void               _acies_play_session_append_scalar (GString  *text,
                                                      JsonNode *node);

G_END_DECLS
