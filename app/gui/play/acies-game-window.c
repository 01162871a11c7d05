/* acies-game-window.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "acies-error.h"
#include "io/acies-atomic-file.h"
#include "acies-board-view.h"
#include "acies-param-widget.h"
#include "render/acies-render.h"

#include "acies-application.h"
#include "acies-play-autosave.h"
#include "acies-game-window.h"

/**
 * AciesGameWindow:
 *
 * A hotseat game under a rules engine: the board (showing the units as
 * the player who decides now may see them), a side panel with the turn
 * and phase, the prompt naming the player who must decide, the actions the
 * rules allow now, the attack preview and the event log.  Everything comes
 * from the ruleset interface (action specs, prompts, odds, events, the
 * common state fields); nothing here knows a particular rule system.
 *
 * Every user command is an action of the "play" group: play.undo,
 * play.save, play.save-as, play.save-log, play.copy-log, play.end-phase,
 * play.choose (an index into the shown actions), play.apply (an action as
 * JSON), play.commit and play.cancel (the attack preview), play.reveal
 * (the hand-over curtain), play.show-board.
 *
 * The game is saved to the autosave folder after every change, so a
 * crash or a kill loses nothing; the start page offers to resume it.
 */

#define SIDE_PANEL_WIDTH 360

struct _AciesGameWindow
{
  AdwApplicationWindow  parent_instance;

  AciesGame            *game;
  GFile                *file;        /* saved game, or NULL */
  GFile                *autosave;

  gint                  viewer;      /* side whose view the board shows, -1: nobody yet */
  gboolean              curtain;
  guint                 n_curtains;
  gint                  selected_unit;
  gboolean              has_pending; /* an action waits in the attack preview */
  AciesAction           pending;
  gboolean              show_victory;
  guint                 n_changes;   /* changes of the game since the window opened */
  guint                 saved_changes; /* n_changes at the last explicit save */
  gboolean              close_after_save; /* the close question's Save: close once saved */
  gboolean              may_close;   /* the close question was answered */

  GArray               *legal;       /* AciesAction, legal now */
  GArray               *shown;       /* AciesAction, the rows of the actions list */
  GPtrArray            *views;       /* AciesUnit *, shallow views of the state */
  GArray               *view_index;  /* gint: unit index in the state of each view (LEADER_VIEW () for a leader alone) */
  GPtrArray            *view_texts;  /* char *: each view's marker words, "" for none */
  GArray               *view_marks;  /* guint AciesPlayMark of each view */
  GPtrArray            *leader_views; /* AciesLeader * per scenario leader, NULL when out of play */
  GtkWidget            *offmap_area; /* the off-map box: what is in play off the map */
  GArray               *offmap_places; /* OffmapPlace: where the box drew each of its counters */
  GArray               *destinations; /* AciesCell: legal destinations of the selected unit */
  GPtrArray            *costs;       /* char *: the cost of each destination, "" if unknown */
  GPtrArray            *paths;       /* GArray of AciesCell per destination, or NULL */
  GArray               *targets;     /* AciesCell: attack targets of the selected unit */
  AciesCell             hover_cell;  /* the cell under the pointer, or ACIES_CELL_NONE */
  GArray               *candidates;  /* AciesAction: the actions one click pointed at, listed first */
  gint                  drag_unit;   /* the unit a drag on the board carries, or -1 */
  char                 *hint_text;   /* why the last click did nothing, or NULL */
  const char           *shown_page;  /* the main stack's page at the last refresh */

  /* Widgets. */
  AdwWindowTitle       *title;
  AdwToastOverlay      *toasts;
  GtkStack             *main_stack;
  AciesBoardView       *board;
  AdwStatusPage        *curtain_page;
  GtkButton            *curtain_button;
  AdwStatusPage        *victory_page;
  GtkBox               *scores_box;
  GtkLabel             *turn_label;
  GtkLabel             *phase_label;
  GtkLabel             *side_label;
  char                 *side_text;
  GtkLabel             *prompt_label;
  GtkLabel             *state_label;
  GtkExpander          *status_expander; /* holds state_label; folds away */
  GtkWidget            *end_button;  /* the header bar's End Phase */
  GtkLabel             *end_label;   /* what End Phase would do, under the prompt */
  char                 *end_text;
  GtkLabel             *unit_label;
  GtkLabel             *hint_label;
  GtkLabel             *odds_heading;
  GtkWidget            *show_board_button;
  GtkWindow            *scenario_window; /* the Scenario dialog, or NULL */
  GtkListBox           *actions_box;
  GtkStringList        *actions;
  GtkStringList        *action_groups; /* the headings of the actions list, in order */
  GArray               *action_group_of; /* guint per shown action: its heading's index */
  GPtrArray            *action_rows; /* AdwActionRow per shown action (owned by the list) */
  GPtrArray            *group_rows;  /* AdwExpanderRow per heading (owned by the list) */
  GArray               *key_rows;    /* gint: the shown action of Alt+1 … Alt+9 */
  GHashTable           *group_open;  /* group key → 1 opened, 2 closed by the player */
  GPtrArray            *group_keys;  /* char *: the key of each heading */
  GtkWidget            *odds_box;
  GtkLabel             *odds_label;
  GtkStringList        *log;
  GtkStringFilter      *log_filter;
  GtkListView          *log_view;
  GtkScrolledWindow    *controls_scrolled;
  GtkScrolledWindow    *log_scrolled;
  guint                 log_height_source;
  guint                 n_actions_seen; /* actions when the log was last built */
  guint                 scroll_source;
  guint                 focus_source;  /* the curtain's Ready takes the keyboard */
  AdwMessageDialog     *dialog;      /* the open question (take back, physical roll), or NULL */

  char                 *turn_text;
  char                 *prompt_text;
  char                 *odds_text;
  char                 *curtain_text;
  char                 *state_text;
  JsonNode             *state_json;  /* the viewer's state view, or NULL */
};

G_DEFINE_FINAL_TYPE (AciesGameWindow, acies_game_window, ADW_TYPE_APPLICATION_WINDOW)

static void acies_game_window_refresh (AciesGameWindow *self);
static char *prompt_sentence (AciesGameWindow   *self,
                              const AciesPrompt *prompt);
static void  set_hint        (AciesGameWindow   *self,
                              char              *text);
static GtkWidget *wrap_label (void);

static void
free_path (gpointer data)
{
  if (data != NULL)
    g_array_unref (data);
}
static void acies_game_window_run     (AciesGameWindow   *self,
                                       const AciesAction *action);

/* Helpers over the ruleset interface. */

static AciesRuleset *
ruleset_of (AciesGameWindow *self)
{
  return acies_game_get_ruleset (self->game);
}

static const AciesState *
state_of (AciesGameWindow *self)
{
  return acies_game_get_state (self->game);
}

static const char *
side_name (AciesGameWindow *self,
           gint             side)
{
  const AciesScenario *scenario = state_of (self)->scenario;
  AciesSide *s;

  if (side < 0 || (guint) side >= scenario->sides->len)
    return _("Nobody");
  s = g_ptr_array_index (scenario->sides, side);

  return s->name != NULL ? s->name : s->id;
}

/**
 * acies_game_window_get_player_name:
 * @self: a game window
 * @side: a side index
 *
 * Returns: the name of the player of @side, or the side's name
 */
const char *
acies_game_window_get_player_name (AciesGameWindow *self,
                                   gint             side)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);

  const char * const *names = acies_game_get_player_names (self->game);

  /* The names are kept by the game, so the saved file has them. */
  if (names != NULL && side >= 0
      && (guint) side < g_strv_length ((char **) names)
      && names[side][0] != '\0')
    return names[side];

  return side_name (self, side);
}

/* The player who plays @side, as "Pyrrhus (Epirus)" or just "Epirus". */
static char *
player_label (AciesGameWindow *self,
              gint             side)
{
  const char *player = acies_game_window_get_player_name (self, side);
  const char *name = side_name (self, side);

  if (g_strcmp0 (player, name) == 0)
    return g_strdup (name);

  /* Translators: a player's name and the side they play. */
  return g_strdup_printf (_("%s (%s)"), player, name);
}

/* An event whose data says "private": true concerns only its player (a
 * look at one's own hidden counters): the log shows it to that player only. */
static gboolean
event_is_private (const AciesEvent *event)
{
  return event->data != NULL
         && json_object_has_member (event->data, "private")
         && json_object_get_boolean_member (event->data, "private");
}

/* Hidden information exists when two players would see the game
 * differently: a unit's back, anything in the per-player views, or a
 * private event in the log (a player's look at his own counters, which
 * the other may not read).  The same test for the set-up and the rest of
 * the game: while it holds, the curtain hands the screen over whenever the
 * player who must decide changes. */
static gboolean
has_hidden_information (AciesGameWindow *self)
{
  AciesRuleset *ruleset = ruleset_of (self);
  const AciesState *state = state_of (self);
  guint n_sides = state->scenario->sides->len;
  guint n_units = acies_ruleset_get_n_units (ruleset, state);
  GPtrArray *events = acies_game_get_events (self->game);
  g_autofree char *first = NULL;

  for (guint i = 0; i < events->len; i++)
    {
      const AciesEvent *event = g_ptr_array_index (events, i);

      if (event_is_private (event) && event->player >= 0)
        return TRUE;
    }

  for (guint u = 0; u < n_units; u++)
    {
      gboolean seen_any = FALSE, hidden_any = FALSE;

      for (guint side = 0; side < n_sides; side++)
        {
          AciesUnit view = { 0, };

          if (!acies_ruleset_unit_view (ruleset, state, u, side, &view))
            continue;
          if (view.hidden != NULL)
            seen_any = TRUE;
          else
            hidden_any = TRUE;
        }
      if (seen_any && hidden_any)
        return TRUE;
    }

  for (guint side = 0; side < n_sides; side++)
    {
      g_autoptr(JsonNode) node = acies_ruleset_state_view_to_json (ruleset, state, side);
      g_autofree char *text = node != NULL ? json_to_string (node, FALSE) : g_strdup ("");

      if (first == NULL)
        first = g_steal_pointer (&text);
      else if (g_strcmp0 (first, text) != 0)
        return TRUE;
    }

  return FALSE;
}

static gint
first_unit_arg (AciesGameWindow   *self,
                const AciesAction *action)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type >= n_specs || specs[action->type].n_args == 0)
    return -1;
  if (specs[action->type].args[0].kind != ACIES_ARG_UNIT)
    return -1;

  return action->args[0];
}

static AciesCell
cell_of_unit (AciesGameWindow *self,
              gint             unit)
{
  for (guint i = 0; i < self->views->len; i++)
    if (g_array_index (self->view_index, gint, i) == unit)
      return ((AciesUnit *) g_ptr_array_index (self->views, i))->cell;

  return ACIES_CELL_NONE;
}

static gint
unit_at_cell (AciesGameWindow *self,
              AciesCell        cell)
{
  for (guint i = 0; i < self->views->len; i++)
    {
      AciesUnit *view = g_ptr_array_index (self->views, i);

      /* Off the map (the off-map box) or a leader: not a unit in @cell. */
      if (view->cell == ACIES_CELL_NONE || g_array_index (self->view_index, gint, i) < 0)
        continue;
      if (view->cell == cell || (view->cell2 != ACIES_CELL_NONE && view->cell2 == cell))
        return g_array_index (self->view_index, gint, i);
    }

  return -1;
}

/* Does argument @i of @action point at @cell (a cell, or a unit there)? */
static gboolean
action_touches_cell (AciesGameWindow   *self,
                     const AciesAction *action,
                     guint              first,
                     AciesCell          cell)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type >= n_specs)
    return FALSE;

  for (guint i = first; i < specs[action->type].n_args; i++)
    {
      if (action->args[i] < 0)
        continue;
      if (specs[action->type].args[i].kind == ACIES_ARG_CELL && action->args[i] == cell)
        return TRUE;
      if (specs[action->type].args[i].kind == ACIES_ARG_UNIT
          && cell_of_unit (self, action->args[i]) == cell)
        return TRUE;
    }

  return FALSE;
}

/* Is one of @action's cell arguments (by the spec) @cell? */
static gboolean
action_has_cell_arg (AciesGameWindow   *self,
                     const AciesAction *action,
                     AciesCell          cell)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type >= n_specs)
    return FALSE;
  for (guint i = 0; i < specs[action->type].n_args; i++)
    if (specs[action->type].args[i].kind == ACIES_ARG_CELL && action->args[i] >= 0
        && (AciesCell) action->args[i] == cell)
      return TRUE;

  return FALSE;
}

/* Where @action goes, for the board: its first cell argument from
 * argument @first on, else the cell of a unit it points at (a target),
 * else the last cell of the ruleset's path for it (acies_ruleset_get_action_path():
 * a group's move or attack with no argument, LB 5.2.2, 6.1).  @is_target
 * says whether the cell is an attack's (a unit argument, or an action with
 * odds) rather than a destination. */
static AciesCell
action_target_cell (AciesGameWindow   *self,
                    const AciesAction *action,
                    guint              first,
                    gboolean          *is_target)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;
  g_autoptr(GArray) path = NULL;

  *is_target = FALSE;
  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type >= n_specs)
    return ACIES_CELL_NONE;
  for (guint i = first; i < specs[action->type].n_args; i++)
    if (specs[action->type].args[i].kind == ACIES_ARG_CELL && action->args[i] >= 0)
      return action->args[i];
  for (guint i = first; i < specs[action->type].n_args; i++)
    if (specs[action->type].args[i].kind == ACIES_ARG_UNIT && action->args[i] >= 0)
      {
        *is_target = TRUE;
        return cell_of_unit (self, action->args[i]);
      }
  path = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  if (!acies_ruleset_get_action_path (ruleset_of (self), state_of (self), action, path, NULL) || path->len == 0)
    return ACIES_CELL_NONE;
  {
    g_autoptr(AciesOdds) odds = acies_ruleset_get_odds (ruleset_of (self), state_of (self), action);

    *is_target = odds != NULL;
  }
  return g_array_index (path, AciesCell, path->len - 1);
}

/* Whether @text already cites a rule: "(" or ", " then capitals, a space
 * and a digit ("(GC 5.0)", "(Rally Limit −1, LB 4.1.2)"). */
static gboolean
cites_rule (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      const char *q;

      if (*p != '(' && !(*p == ',' && p[1] == ' '))
        continue;
      q = p + (*p == '(' ? 1 : 2);
      if (!g_ascii_isupper (*q))
        continue;
      while (g_ascii_isupper (*q))
        q++;
      if (q[0] == ' ' && g_ascii_isdigit (q[1]))
        return TRUE;
    }

  return FALSE;
}

/* An action in words, with the rule that allows it unless the words cite
 * one already. */
static char *
describe (AciesGameWindow   *self,
          const AciesAction *action)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;
  g_autofree char *text = acies_ruleset_describe_action (ruleset_of (self), state_of (self), action);

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type < n_specs && specs[action->type].rule != NULL && !cites_rule (text))
    /* Translators: an action and the rule that allows it, "Move red-1 to B3 (TR 2)". */
    return g_strdup_printf (_("%s (%s)"), text, specs[action->type].rule);

  return g_steal_pointer (&text);
}

/* Autosave. */

static void remove_autosave (AciesGameWindow *self);

static void
acies_game_window_autosave (AciesGameWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) dir = acies_play_autosave_dir ();

  /* A game with no action yet is nothing to resume: no autosave (one left
   * by actions taken back goes). */
  if (acies_game_get_n_actions (self->game) == 0)
    {
      remove_autosave (self);
      return;
    }

  if (!g_file_make_directory_with_parents (dir, NULL, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_warning ("Cannot create the autosave folder: %s", error->message);
      return;
    }
  g_clear_error (&error);

  if (!acies_game_save_file (self->game, self->autosave, &error))
    {
      g_autoptr(AdwToast) toast = NULL;

      g_debug ("Autosave failed: %s", error->message);
      toast = adw_toast_new (_("The game could not be saved automatically"));
      adw_toast_overlay_add_toast (self->toasts, g_steal_pointer (&toast));
      return;
    }
  /* The autosave is a copy of the saved game: the start page lists the
   * game once, by its file. */
  if (self->file != NULL)
    acies_play_autosave_set_saved_file (self->autosave, self->file);
}

static void
remove_autosave (AciesGameWindow *self)
{
  acies_play_autosave_remove (self->autosave);
}

/* Is @a's log the start of @b's (or all of it)?  Then @b holds all that
 * @a does. */
static gboolean
log_is_prefix (AciesGame *a,
               AciesGame *b)
{
  guint n = acies_game_get_n_actions (a);

  if (n > acies_game_get_n_actions (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!acies_action_equal (acies_game_get_action (a, i), acies_game_get_action (b, i)))
      return FALSE;

  return TRUE;
}

/* The game was saved to @file: the autosaves of earlier sessions of that
 * file (no open window writes them) are older copies of it, and go, so
 * the start page does not offer the game twice. */
static void
forget_older_copies (AciesGameWindow *self,
                     GFile           *file)
{
  g_autoptr(GPtrArray) copies = acies_play_autosave_find_for_file (file);

  if (g_file_query_exists (self->autosave, NULL))
    acies_play_autosave_set_saved_file (self->autosave, file);
  for (guint i = 0; i < copies->len; i++)
    {
      GFile *copy = g_ptr_array_index (copies, i);

      if (!g_file_equal (copy, self->autosave) && !acies_play_autosave_is_held (copy))
        acies_play_autosave_remove (copy);
    }
}

/* The event log. */

/* Does @text start with @name as a word ("Romans: …", "Romans rolls…",
 * "Romans’ orders…")? */
static gboolean
starts_with_name (const char *text,
                  const char *name)
{
  gsize len = name != NULL ? strlen (name) : 0;
  gunichar next;

  if (len == 0 || strncmp (text, name, len) != 0)
    return FALSE;
  next = g_utf8_get_char (text + len);

  return next == 0 || !g_unichar_isalnum (next);
}

/* An event as a log line: the acting player named once.  Rulesets often
 * start the text with the side's name ("Romans: rolls 7"): that name
 * becomes the player's label ("Varro (Romans): rolls 7"), or stays as it
 * is; a text that names nobody first gets the label in front. */
static char *
event_line (AciesGameWindow  *self,
            const AciesEvent *event)
{
  const char *text = event->text != NULL ? event->text : event->type;
  g_autofree char *who = NULL;
  const char *side, *player;

  if (event->player < 0)
    return g_strdup (text);
  who = player_label (self, event->player);
  side = side_name (self, event->player);
  player = acies_game_window_get_player_name (self, event->player);

  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? side : player;

      if (!starts_with_name (text, name))
        continue;
      if (text[strlen (name)] == ':' && g_strcmp0 (who, name) != 0)
        {
          const char *rest = text + strlen (name) + 1;

          while (*rest == ' ')
            rest++;
          /* Translators: who acted, and the event ("rolls 7"). */
          return g_strdup_printf (_("%s: %s"), who, rest);
        }
      return g_strdup (text);
    }

  /* Translators: who acted, and the event. */
  return g_strdup_printf (_("%s: %s"), who, text);
}

static const char *note_position (const char *note,
                                  guint      *position);

/* The notes (take-backs) placed before action @a's lines (G_MAXUINT: the
 * rest, after every action). */
static void
add_notes_at (AciesGameWindow *self,
              GPtrArray       *lines,
              guint            a)
{
  guint n_actions = acies_game_get_n_actions (self->game);

  for (guint i = 0; i < acies_game_get_n_notes (self->game); i++)
    {
      guint position;
      const char *text = note_position (acies_game_get_note (self->game, i), &position);

      if (a == G_MAXUINT ? position >= n_actions : position == a)
        g_ptr_array_add (lines, g_strdup (text));
    }
}

/* The log lines as @viewer may see them (-1: nobody in particular, e.g.
 * behind the curtain, or the exported log): a private event shows only to
 * its own player while that player is the viewer, and is left out
 * otherwise.  A line is numbered by its event's place in the whole event
 * log (from 1), so it has the same number for every viewer; hidden lines,
 * and die rolls shown on the line they decide, leave gaps.  A take-back
 * note (unnumbered) sits where the take-back happened. */
static GPtrArray *
log_lines (AciesGameWindow *self,
           gint             viewer,
           gboolean         export)
{
  GPtrArray *events = acies_game_get_events (self->game);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  guint e = 0;

  for (guint a = 0; a < acies_game_get_n_actions (self->game); a++)
    {
      guint n = acies_game_get_n_events_of_action (self->game, a);
      g_autoptr(GString) dice = g_string_new (NULL);
      guint dice_number = 0;

      add_notes_at (self, lines, a);
      for (guint k = 0; k < n && e < events->len; k++, e++)
        {
          AciesEvent *event = g_ptr_array_index (events, e);
          gboolean hidden = event_is_private (event) && (export || viewer < 0 || event->player != viewer);
          g_autofree char *who = NULL;
          GString *line;

          if (hidden)
            continue;
          /* A die roll is recorded on the line of the event it decides
           * (the ruleset's "rolls 4: a miss"), not as a line of its own. */
          if (g_strcmp0 (event->type, "roll") == 0 && k + 1 < n)
            {
              if (dice->len == 0)
                dice_number = e + 1;
              g_string_append_printf (dice, "%s%s", dice->len > 0 ? "; " : "", event->text);
              continue;
            }
          line = g_string_new (NULL);
          g_string_append_printf (line, "%u. ", e + 1);
          who = event_line (self, event);
          g_string_append (line, who);
          if (event->rule != NULL)
            g_string_append_printf (line, " [%s]", event->rule);
          if (dice->len > 0)
            {
              /* Translators: the dice rolled for a log line ("skirmish roll: 4 (d8)"). */
              g_string_append_printf (line, _(" · dice: %s"), dice->str);
              g_string_truncate (dice, 0);
            }
          g_ptr_array_add (lines, g_string_free (line, FALSE));
        }
      /* Dice whose event is not shown to this viewer still show. */
      if (dice->len > 0)
        g_ptr_array_add (lines, g_strdup_printf ("%u. %s", dice_number, dice->str));
    }
  add_notes_at (self, lines, G_MAXUINT);

  return lines;
}

/* After the new rows are laid out: the log shows its newest line. */
static gboolean
scroll_log_cb (gpointer data)
{
  AciesGameWindow *self = data;
  GListModel *model = G_LIST_MODEL (gtk_list_view_get_model (self->log_view));
  guint n = g_list_model_get_n_items (model);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->log_scrolled);

  self->scroll_source = 0;
  if (n > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->log_view), "list.scroll-to-item", "u", n - 1);
  /* The rows' heights may be estimates still: the very end too. */
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment)
                                        - gtk_adjustment_get_page_size (adjustment));

  return G_SOURCE_REMOVE;
}

/* Whether the log shows its end (the player has not scrolled up). */
static gboolean
log_at_end (AciesGameWindow *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->log_scrolled);

  return gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
         >= gtk_adjustment_get_upper (adjustment) - 48;
}

static void
rebuild_log (AciesGameWindow *self)
{
  g_autoptr(GPtrArray) lines = log_lines (self, self->curtain ? -1 : self->viewer, FALSE);
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->log));
  guint n_actions = acies_game_get_n_actions (self->game);
  guint n_new = lines->len;
  gboolean at_end = log_at_end (self);

  g_ptr_array_add (lines, NULL);
  gtk_string_list_splice (self->log, 0, n_old, (const char * const *) lines->pdata);

  /* After each action (or undo): the newest events and the prompt with
   * the first actions in sight.  Lines added otherwise (a curtain lifted)
   * scroll the log to its end too, unless the player has scrolled up. */
  if (n_actions != self->n_actions_seen || (n_new > n_old && at_end))
    {
      if (n_actions != self->n_actions_seen)
        gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->controls_scrolled), 0);
      self->n_actions_seen = n_actions;
      if (self->scroll_source == 0)
        self->scroll_source = g_timeout_add_full (G_PRIORITY_LOW, 30, scroll_log_cb, self, NULL);
    }
}

/* The board. */

#define SELECT_UNIT_ROW G_MAXUINT16

/* Members of a state view that the panel shows elsewhere or not at all. */
static gboolean
state_member_is_common (const char *name)
{
  static const char * const common[] = {
    "turn", "phase", "active_side", "deciding_side", "finished", "winner",
    "end_reason", "units", NULL
  };

  return g_strv_contains (common, name);
}

/* "rally_limit" → "Rally limit". */
static char *
member_label (const char *name)
{
  char *label = g_strdup (name);

  g_strdelimit (label, "_-", ' ');
  if (label[0] != '\0')
    label[0] = g_ascii_toupper (label[0]);

  return label;
}

static void
append_scalar (GString  *text,
               JsonNode *node)
{
  GType type = json_node_get_value_type (node);

  if (type == G_TYPE_BOOLEAN)
    g_string_append (text, json_node_get_boolean (node) ? _("yes") : _("no"));
  else if (type == G_TYPE_INT64)
    g_string_append_printf (text, "%" G_GINT64_FORMAT, json_node_get_int (node));
  else if (type == G_TYPE_DOUBLE)
    g_string_append_printf (text, "%g", json_node_get_double (node));
  else if (type == G_TYPE_STRING)
    g_string_append (text, json_node_get_string (node));
}

/* A record's title: its "name", else the name of what its "id" names (a
 * scenario leader's name, a unit as the ruleset describes it), else the
 * id itself. */
static char *
record_title (AciesGameWindow *self,
              JsonObject      *record)
{
  const char *name = json_object_get_string_member_with_default (record, "name", NULL);
  const char *id = json_object_get_string_member_with_default (record, "id", NULL);
  const AciesScenario *scenario = state_of (self)->scenario;
  gint unit;

  if (name != NULL && *name != '\0')
    return g_strdup (name);
  if (id == NULL)
    return g_strdup ("");
  for (guint i = 0; scenario->leaders != NULL && i < scenario->leaders->len; i++)
    {
      const AciesLeader *leader = g_ptr_array_index (scenario->leaders, i);

      if (g_strcmp0 (leader->id, id) == 0)
        return g_strdup (leader->name != NULL && *leader->name != '\0' ? leader->name : id);
    }
  unit = acies_ruleset_unit_index (ruleset_of (self), state_of (self), id);
  if (unit >= 0)
    {
      char *described = acies_ruleset_describe_unit (ruleset_of (self), state_of (self), unit, self->viewer);

      if (described != NULL)
        return described;
    }

  return g_strdup (id);
}

/* A record's field whose value says itself ("present", "lost"): the
 * words of a status need no key before them. */
static gboolean
field_is_status (const char *name)
{
  return g_str_equal (name, "status") || g_str_equal (name, "state")
         || g_str_equal (name, "condition");
}

/* The ruleset's own state as the viewer may see it
 * (acies_ruleset_state_view_to_json), in lines a player reads: scalars
 * ("Weather: wet"), one value per side ("Orders: Rome 5 · Carthage 3"),
 * and lists of named records ("Commanders: varro — activation pool 2…").
 * Generic: no ruleset is named here. */
static char *
state_text (AciesGameWindow *self,
            JsonNode        *root)
{
  guint n_sides = state_of (self)->scenario->sides->len;
  g_autoptr(GList) members = NULL;
  GString *text = g_string_new (NULL);
  JsonObject *object;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return g_string_free (text, FALSE);
  object = json_node_get_object (root);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *node = json_object_get_member (object, name);
      g_autofree char *label = NULL;

      if (state_member_is_common (name) || JSON_NODE_HOLDS_NULL (node))
        continue;
      label = member_label (name);
      if (JSON_NODE_HOLDS_VALUE (node))
        {
          g_string_append_printf (text, "%s: ", label);
          append_scalar (text, node);
          g_string_append_c (text, '\n');
        }
      else if (JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *array = json_node_get_array (node);
          guint n = json_array_get_length (array);
          gboolean scalars = TRUE;

          for (guint i = 0; i < n; i++)
            scalars &= JSON_NODE_HOLDS_VALUE (json_array_get_element (array, i));
          if (n == 0)
            continue;
          g_string_append_printf (text, "%s:", label);
          for (guint i = 0; i < n; i++)
            {
              JsonNode *element = json_array_get_element (array, i);

              if (scalars)
                {
                  g_string_append (text, i == 0 ? " " : " · ");
                  if (n == n_sides)
                    g_string_append_printf (text, "%s ", side_name (self, i));
                  append_scalar (text, element);
                }
              else if (JSON_NODE_HOLDS_OBJECT (element))
                {
                  JsonObject *record = json_node_get_object (element);
                  g_autoptr(GList) fields = json_object_get_members (record);
                  g_autofree char *title = record_title (self, record);
                  gboolean first = TRUE;

                  g_string_append_printf (text, "\n  %s", title);
                  for (GList *f = fields; f != NULL; f = f->next)
                    {
                      JsonNode *field = json_object_get_member (record, f->data);
                      g_autofree char *field_label = NULL;

                      if (g_str_equal (f->data, "name") || g_str_equal (f->data, "id")
                          || !JSON_NODE_HOLDS_VALUE (field))
                        continue;
                      g_string_append (text, first ? " — " : ", ");
                      if (!field_is_status (f->data)
                          || json_node_get_value_type (field) != G_TYPE_STRING)
                        {
                          field_label = member_label (f->data);
                          field_label[0] = g_ascii_tolower (field_label[0]);
                          g_string_append_printf (text, "%s ", field_label);
                        }
                      append_scalar (text, field);
                      first = FALSE;
                    }
                }
            }
          g_string_append_c (text, '\n');
        }
    }
  if (text->len > 0 && text->str[text->len - 1] == '\n')
    g_string_truncate (text, text->len - 1);

  return g_string_free (text, FALSE);
}

/* Members of a state view's unit record that the board draws instead of
 * writing them: "group" (selected together: an outline) and "lead" (the
 * group's lead: a star).  A convention of the state views, any ruleset's. */
static gboolean
unit_member_is_drawn (const char *name)
{
  return g_str_equal (name, "group") || g_str_equal (name, "lead");
}

/* The AciesPlayMark flags of the record of unit @id. */
static guint
unit_state_marks (JsonArray  *units,
                  const char *id)
{
  guint marks = ACIES_PLAY_MARK_NONE;

  for (guint i = 0; units != NULL && id != NULL && i < json_array_get_length (units); i++)
    {
      JsonNode *element = json_array_get_element (units, i);
      JsonObject *record;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;
      record = json_node_get_object (element);
      if (g_strcmp0 (json_object_get_string_member_with_default (record, "id", NULL), id) != 0)
        continue;
      if (json_object_get_boolean_member_with_default (record, "group", FALSE))
        marks |= ACIES_PLAY_MARK_GROUP;
      if (json_object_get_boolean_member_with_default (record, "lead", FALSE))
        marks |= ACIES_PLAY_MARK_LEAD;
      break;
    }

  return marks;
}

/* Per-unit state from the state view's "units" records (matched by "id"):
 * every true flag, and every string that differs from what most units
 * have ("disordered" among "fresh"), as marker words on the counter. */
static char *
unit_state_markers (JsonArray  *units,
                    GHashTable *usual,
                    const char *id)
{
  GString *text = NULL;

  for (guint i = 0; units != NULL && i < json_array_get_length (units); i++)
    {
      JsonNode *element = json_array_get_element (units, i);
      JsonObject *record;
      g_autoptr(GList) fields = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;
      record = json_node_get_object (element);
      if (g_strcmp0 (json_object_get_string_member_with_default (record, "id", NULL), id) != 0)
        continue;
      fields = json_object_get_members (record);
      for (GList *f = fields; f != NULL; f = f->next)
        {
          JsonNode *field = json_object_get_member (record, f->data);
          const char *word = NULL;

          if (!JSON_NODE_HOLDS_VALUE (field) || g_str_equal (f->data, "id")
              || unit_member_is_drawn (f->data))
            continue;
          if (json_node_get_value_type (field) == G_TYPE_BOOLEAN && json_node_get_boolean (field))
            word = f->data;
          else if (json_node_get_value_type (field) == G_TYPE_STRING
                   && g_hash_table_contains (usual, f->data)
                   && g_strcmp0 (g_hash_table_lookup (usual, f->data), json_node_get_string (field)) != 0)
            word = json_node_get_string (field);
          if (word == NULL)
            continue;
          if (text == NULL)
            text = g_string_new (word);
          else
            g_string_append_printf (text, " %s", word);
        }
      break;
    }

  return text != NULL ? g_string_free (text, FALSE) : NULL;
}

/* For each string member of the unit records, the value most units have;
 * members that name a place ("zone", "cell") or hold a different value
 * for nearly every unit are left out. */
static GHashTable *
usual_unit_values (JsonArray *units)
{
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTable *usual = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) best = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = units != NULL ? json_array_get_length (units) : 0;
  GHashTableIter iter;
  gpointer key, value;

  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (units, i);
      g_autoptr(GList) fields = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;
      fields = json_object_get_members (json_node_get_object (element));
      for (GList *f = fields; f != NULL; f = f->next)
        {
          JsonNode *field = json_object_get_member (json_node_get_object (element), f->data);
          g_autofree char *count_key = NULL;
          guint *count;

          if (!JSON_NODE_HOLDS_VALUE (field) || json_node_get_value_type (field) != G_TYPE_STRING
              || g_str_equal (f->data, "id") || g_str_equal (f->data, "zone") || g_str_equal (f->data, "cell"))
            continue;
          count_key = g_strdup_printf ("%s\n%s", (char *) f->data, json_node_get_string (field));
          count = g_hash_table_lookup (counts, count_key);
          if (count == NULL)
            {
              count = g_new0 (guint, 1);
              g_hash_table_insert (counts, g_steal_pointer (&count_key), count);
            }
          (*count)++;
        }
    }

  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *nl = strchr (key, '\n');
      g_autofree char *member = g_strndup (key, nl - (const char *) key);
      const char *best_key = g_hash_table_lookup (best, member);

      if (best_key == NULL || *(guint *) g_hash_table_lookup (counts, best_key) < *(guint *) value)
        g_hash_table_insert (best, g_strdup (member), key);
    }
  g_hash_table_iter_init (&iter, best);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint count = *(guint *) g_hash_table_lookup (counts, value);

      /* A member whose commonest value covers under half the units is a
       * name or a place, not a state. */
      if (count * 2 >= n)
        g_hash_table_insert (usual, g_strdup (key), g_strdup (strchr (value, '\n') + 1));
    }
  return usual;
}

static void update_path (AciesGameWindow *self);
static void offmap_update (AciesGameWindow *self);

/* The view index of a leader standing alone (not with a unit), drawn as a
 * counter of its own: never a unit index. */
#define LEADER_VIEW(l) (-2 - (gint) (l))
#define VIEW_LEADER(i) (-2 - (i))

/* A view of leader @l standing alone in its cell, or off the map, as a
 * counter of its leader kind (the renderer draws a leader kind's counter
 * with a star), borrowing from @leader. */
static AciesUnit *
lone_leader_view (const AciesLeader *leader)
{
  AciesUnit *view = g_new0 (AciesUnit, 1);

  view->id = leader->id;
  view->side = leader->side;
  view->formation = leader->formation;
  view->type = leader->kind;
  view->name = leader->name;
  view->attrs = leader->attrs;
  view->cell = leader->cell;
  view->cell2 = ACIES_CELL_NONE;
  view->facing = -1;
  return view;
}

/* An attack's target cell, once. */
static void
add_target (AciesGameWindow *self,
            AciesCell        cell)
{
  for (guint i = 0; i < self->targets->len; i++)
    if (g_array_index (self->targets, AciesCell, i) == cell)
      return;
  g_array_append_val (self->targets, cell);
}

/* A legal destination of the selected unit: its cost and path from the
 * ruleset (acies_ruleset_get_action_path), when it gives them.  A cell
 * several actions reach keeps the cheapest. */
static void
add_destination (AciesGameWindow   *self,
                 const AciesAction *action,
                 AciesCell          cell)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  gint cost = 0;
  gboolean has_path;
  guint i;

  has_path = acies_ruleset_get_action_path (ruleset_of (self), state_of (self), action, cells, &cost)
             && cells->len > 0;

  for (i = 0; i < self->destinations->len; i++)
    if (g_array_index (self->destinations, AciesCell, i) == cell)
      break;
  if (i == self->destinations->len)
    {
      g_array_append_val (self->destinations, cell);
      g_ptr_array_add (self->costs, g_strdup (""));
      g_ptr_array_add (self->paths, NULL);
    }
  if (!has_path)
    return;
  if (g_ptr_array_index (self->paths, i) != NULL
      && atoi (g_ptr_array_index (self->costs, i)) <= cost)
    return;

  g_free (self->costs->pdata[i]);
  self->costs->pdata[i] = g_strdup_printf ("%d", cost);
  if (self->paths->pdata[i] != NULL)
    g_array_unref (self->paths->pdata[i]);
  self->paths->pdata[i] = g_steal_pointer (&cells);
}

static void
update_board (AciesGameWindow *self)
{
  AciesRuleset *ruleset = ruleset_of (self);
  const AciesState *state = state_of (self);
  g_autoptr(GPtrArray) unit_texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) unit_marks = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GHashTable) usual = NULL;
  JsonArray *state_units = NULL;
  g_autoptr(GPtrArray) on_counters = NULL;
  GPtrArray *views;
  guint n_units;

  /* New views: the old ones borrow from a state that may be gone. */
  views = g_ptr_array_new_with_free_func (g_free);
  g_array_set_size (self->view_index, 0);
  n_units = acies_ruleset_get_n_units (ruleset, state);
  if (!self->curtain)
    for (guint u = 0; u < n_units; u++)
      {
        AciesUnit *view = g_new0 (AciesUnit, 1);
        gint index = u;

        view->cell = view->cell2 = ACIES_CELL_NONE;
        view->facing = -1;
        /* A unit in play off the map (cell NONE) is in the views too: the
         * board leaves it out, the off-map box shows it. */
        if (!acies_ruleset_unit_view (ruleset, state, u, self->viewer, view))
          {
            g_free (view);
            continue;
          }
        g_ptr_array_add (views, view);
        g_array_append_val (self->view_index, index);
      }

  /* Leaders where they stand now: one with a unit in play is drawn on its
   * counter; one alone (or whose unit is not in play) as a counter of its
   * own, on the board or in the off-map box. */
  g_ptr_array_set_size (self->leader_views, 0);
  on_counters = g_ptr_array_new ();
  if (!self->curtain && state->scenario->leaders != NULL)
    for (guint l = 0; l < state->scenario->leaders->len; l++)
      {
        AciesLeader *leader = g_new0 (AciesLeader, 1);
        gboolean with_unit = FALSE;
        gint index = LEADER_VIEW (l);

        leader->cell = ACIES_CELL_NONE;
        if (!acies_ruleset_leader_view (ruleset, state, l, self->viewer, leader))
          {
            g_clear_pointer (&leader, g_free);
            g_ptr_array_add (self->leader_views, NULL);
            continue;
          }
        g_ptr_array_add (self->leader_views, leader);
        for (guint i = 0; leader->attached_to != NULL && i < views->len && !with_unit; i++)
          with_unit = g_array_index (self->view_index, gint, i) >= 0
                      && g_strcmp0 (((AciesUnit *) g_ptr_array_index (views, i))->id, leader->attached_to) == 0;
        if (with_unit)
          {
            g_ptr_array_add (on_counters, leader);
            continue;
          }
        g_ptr_array_add (views, lone_leader_view (leader));
        g_array_append_val (self->view_index, index);
      }
  g_clear_pointer (&self->views, g_ptr_array_unref);
  self->views = views;
  acies_board_view_set_play_units (self->board, self->views);
  /* The board draws a leader with a unit on its counter; one killed or
   * lost is in no array, so it leaves the board. */
  acies_board_view_set_play_leaders (self->board, on_counters);

  /* Markers: the ruleset's flags on a unit ("engaged": true…), from its
   * view and from the state view's unit records. */
  if (!self->curtain)
    {
      JsonNode *root = acies_ruleset_state_view_to_json (ruleset, state, self->viewer);
      JsonObject *object = root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
      JsonNode *units = object != NULL ? json_object_get_member (object, "units") : NULL;

      g_clear_pointer (&self->state_json, json_node_unref);
      self->state_json = root;
      state_units = units != NULL && JSON_NODE_HOLDS_ARRAY (units) ? json_node_get_array (units) : NULL;
      usual = usual_unit_values (state_units);
    }
  for (guint i = 0; i < self->views->len; i++)
    {
      AciesUnit *view = g_ptr_array_index (self->views, i);
      gint unit = g_array_index (self->view_index, gint, i);
      const char *id = unit >= 0 ? acies_ruleset_unit_id (ruleset, state, unit) : NULL;
      g_autoptr(GList) members = NULL;
      g_autofree char *from_state = NULL;
      GString *text = NULL;
      guint marks = ACIES_PLAY_MARK_NONE;

      if (unit < 0)
        {
          /* A leader alone: its own counter, no unit markers. */
          g_array_append_val (unit_marks, marks);
          g_ptr_array_add (unit_texts, g_strdup (""));
          continue;
        }
      if (state_units != NULL)
        {
          from_state = unit_state_markers (state_units, usual, id);
          marks = unit_state_marks (state_units, id);
        }
      if (unit == self->selected_unit)
        marks |= ACIES_PLAY_MARK_SELECTED;
      g_array_append_val (unit_marks, marks);
      if (from_state != NULL)
        text = g_string_new (from_state);
      if (view->attrs != NULL)
        members = json_object_get_members (view->attrs);
      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *node = json_object_get_member (view->attrs, l->data);

          if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN
              && json_node_get_boolean (node) && !unit_member_is_drawn (l->data))
            {
              if (text == NULL)
                text = g_string_new (NULL);
              else
                g_string_append_c (text, ' ');
              g_string_append (text, l->data);
            }
        }
      g_ptr_array_add (unit_texts, text != NULL ? g_string_free (text, FALSE) : g_strdup (""));
    }
  /* The off-map box draws the same markers on its counters. */
  g_ptr_array_set_size (self->view_texts, 0);
  for (guint i = 0; i < unit_texts->len; i++)
    g_ptr_array_add (self->view_texts, g_strdup (g_ptr_array_index (unit_texts, i)));
  g_array_set_size (self->view_marks, 0);
  g_array_append_vals (self->view_marks, unit_marks->data, unit_marks->len);
  g_ptr_array_add (unit_texts, NULL);
  /* Each unit's markers on its own counter, wherever the board draws it
   * (a stack, a zone's grid): not per cell. */
  acies_board_view_set_play_unit_marks (self->board, (const char * const *) unit_texts->pdata,
                                        (const guint *) unit_marks->data, unit_marks->len);
  offmap_update (self);

  /* Destinations (with the cost and path of each, where the ruleset
   * gives them) and targets of the selected unit. */
  g_array_set_size (self->destinations, 0);
  g_array_set_size (self->targets, 0);
  g_ptr_array_set_size (self->costs, 0);
  g_ptr_array_set_size (self->paths, 0);
  if (self->selected_unit >= 0 && !self->curtain)
    {
      const AciesActionSpec *specs;
      guint n_specs = 0;

      specs = acies_ruleset_get_action_specs (ruleset, &n_specs);
      for (guint i = 0; i < self->legal->len; i++)
        {
          const AciesAction *action = &g_array_index (self->legal, AciesAction, i);
          gboolean any = FALSE, is_target;
          AciesCell cell;

          if (first_unit_arg (self, action) != self->selected_unit || action->type >= n_specs)
            continue;
          for (guint a = 1; a < specs[action->type].n_args; a++)
            {
              if (action->args[a] < 0)
                continue;
              if (specs[action->type].args[a].kind == ACIES_ARG_CELL)
                {
                  add_destination (self, action, action->args[a]);
                  any = TRUE;
                }
              else if (specs[action->type].args[a].kind == ACIES_ARG_UNIT
                       && (cell = cell_of_unit (self, action->args[a])) != ACIES_CELL_NONE)
                {
                  add_target (self, cell);
                  any = TRUE;
                }
            }
          /* A unit's action with nothing to point at (a pursuit, LB
           * 6.9.1): where the ruleset's path for it ends. */
          if (!any && (cell = action_target_cell (self, action, 1, &is_target)) != ACIES_CELL_NONE)
            {
              if (is_target)
                add_target (self, cell);
              else
                add_destination (self, action, cell);
            }
        }
    }
  else if (!self->curtain)
    {
      /* Nothing selected: where the actions of no unit go (a group's move
       * or attack, a deployment, a set-up placement), from their cell
       * argument or the ruleset's path. */
      for (guint i = 0; i < self->legal->len; i++)
        {
          const AciesAction *action = &g_array_index (self->legal, AciesAction, i);
          gboolean is_target;
          AciesCell cell;

          if (first_unit_arg (self, action) >= 0
              || (cell = action_target_cell (self, action, 0, &is_target)) == ACIES_CELL_NONE)
            continue;
          if (is_target)
            add_target (self, cell);
          else
            add_destination (self, action, cell);
        }
    }

  update_path (self);
}

/* The path preview: the previewed action's path, else the path to the
 * destination under the pointer or the keyboard focus. */
static void
update_path (AciesGameWindow *self)
{
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autoptr(GPtrArray) costs = g_ptr_array_new ();

  if (self->has_pending && !self->curtain)
    {
      gint unit = first_unit_arg (self, &self->pending);
      AciesCell from = unit >= 0 ? cell_of_unit (self, unit) : ACIES_CELL_NONE;

      if (!acies_ruleset_get_action_path (ruleset_of (self), state_of (self), &self->pending, path, NULL)
          && from != ACIES_CELL_NONE)
        {
          /* Without the ruleset's path: a line to what the action points at. */
          const AciesActionSpec *specs;
          guint n_specs = 0;

          g_array_set_size (path, 0);
          specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
          g_array_append_val (path, from);
          for (guint a = 1; self->pending.type < n_specs && a < specs[self->pending.type].n_args; a++)
            {
              AciesCell cell = ACIES_CELL_NONE;

              if (self->pending.args[a] < 0)
                continue;
              if (specs[self->pending.type].args[a].kind == ACIES_ARG_CELL)
                cell = self->pending.args[a];
              else if (specs[self->pending.type].args[a].kind == ACIES_ARG_UNIT)
                cell = cell_of_unit (self, self->pending.args[a]);
              if (cell != ACIES_CELL_NONE)
                {
                  g_array_append_val (path, cell);
                  break;
                }
            }
        }
    }
  else
    {
      AciesCell pointed = self->hover_cell != ACIES_CELL_NONE
                          ? self->hover_cell : acies_board_view_get_focus_cell (self->board);

      for (guint i = 0; i < self->destinations->len; i++)
        if (g_array_index (self->destinations, AciesCell, i) == pointed)
          {
            GArray *cells = g_ptr_array_index (self->paths, i);

            if (cells != NULL && cells->len > 1)
              g_array_append_vals (path, cells->data, cells->len);
            break;
          }
    }

  for (guint i = 0; i < self->costs->len; i++)
    g_ptr_array_add (costs, g_ptr_array_index (self->costs, i));
  g_ptr_array_add (costs, NULL);
  acies_board_view_set_play_cells (self->board, self->destinations,
                                   self->costs->len > 0 ? (const char * const *) costs->pdata : NULL,
                                   self->targets, path);
}

/* The side panel. */

static void
set_label (GtkLabel   *label,
           char      **store,
           char       *text)
{
  g_free (*store);
  *store = text;
  gtk_label_set_text (label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && *text != '\0');
}

static void
add_shown (AciesGameWindow   *self,
           GPtrArray         *labels,
           const AciesAction *action,
           char              *label)
{
  g_array_append_val (self->shown, *action);
  g_ptr_array_add (labels, label);
}

static gboolean
is_shown (AciesGameWindow   *self,
          const AciesAction *action)
{
  for (guint i = 0; i < self->shown->len; i++)
    if (acies_action_equal (&g_array_index (self->shown, AciesAction, i), action))
      return TRUE;

  return FALSE;
}

/* Adds @action unless it is listed already. */
static void
add_unique (AciesGameWindow   *self,
            GPtrArray         *labels,
            const AciesAction *action)
{
  if (!is_shown (self, action))
    add_shown (self, labels, action, describe (self, action));
}

/* The groups of the actions list, keyed: ":candidates" (what the last
 * click pointed at), ":selected" (the selected unit's actions),
 * ":units" (a row per other unit that can act), else the action spec's
 * name (a group per kind of action, headed by the spec's label). */
static char *
group_key (AciesGameWindow   *self,
           const AciesAction *action,
           guint              index,
           guint              n_candidates)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  if (index < n_candidates)
    return g_strdup (":candidates");
  if (action->type == SELECT_UNIT_ROW)
    return g_strdup (":units");
  if (self->selected_unit >= 0 && first_unit_arg (self, action) == self->selected_unit)
    return g_strdup (":selected");
  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type < n_specs && specs[action->type].name != NULL)
    return g_strdup (specs[action->type].name);

  return g_strdup_printf (":type-%u", action->type);
}

/* A group's heading, in the ruleset's words ("Command", "Move", "End the
 * phase") or the window's for its own groups. */
static char *
group_heading (AciesGameWindow   *self,
               const char        *key,
               const AciesAction *action)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  if (g_str_equal (key, ":candidates"))
    /* Translators: the heading of the actions a click on the board pointed at. */
    return g_strdup (_("On the Clicked Square"));
  if (g_str_equal (key, ":units"))
    /* Translators: the heading of the rows that select a unit. */
    return g_strdup (_("Units That Can Act"));
  if (g_str_equal (key, ":selected"))
    {
      g_autofree char *name = acies_ruleset_describe_unit (ruleset_of (self), state_of (self),
                                                           self->selected_unit, self->viewer);

      /* Translators: the heading of the selected unit's actions. */
      return g_strdup_printf (_("Selected: %s"), name != NULL ? name : "?");
    }
  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type < n_specs && specs[action->type].label != NULL)
    return g_strdup (_(specs[action->type].label));

  return g_strdup (key);
}

/* Puts self->shown (and @labels) in groups: what the click pointed at
 * first, then the selected unit's actions, then a group per kind of
 * action (and the units' rows) in the order they first appear.  Fills
 * self->action_groups and self->action_group_of. */
static void
group_actions (AciesGameWindow *self,
               GPtrArray       *labels,
               guint            n_candidates)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();  /* distinct keys, in order */
  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();
  g_autoptr(GPtrArray) headings = g_ptr_array_new_with_free_func (g_free);
  const char * const firsts[] = { ":candidates", ":selected" };

  for (guint i = 0; i < self->shown->len; i++)
    g_ptr_array_add (keys, group_key (self, &g_array_index (self->shown, AciesAction, i), i, n_candidates));

  for (guint f = 0; f < G_N_ELEMENTS (firsts); f++)
    for (guint i = 0; i < keys->len; i++)
      if (g_str_equal (keys->pdata[i], firsts[f]))
        {
          g_ptr_array_add (order, keys->pdata[i]);
          break;
        }
  for (guint i = 0; i < keys->len; i++)
    if (!g_ptr_array_find_with_equal_func (order, keys->pdata[i], g_str_equal, NULL))
      g_ptr_array_add (order, keys->pdata[i]);

  g_array_set_size (self->action_group_of, 0);
  for (guint g = 0; g < order->len; g++)
    {
      gboolean first = TRUE;

      for (guint i = 0; i < keys->len; i++)
        if (g_str_equal (keys->pdata[i], order->pdata[g]))
          {
            const AciesAction *action = &g_array_index (self->shown, AciesAction, i);

            if (first)
              g_ptr_array_add (headings, group_heading (self, order->pdata[g], action));
            first = FALSE;
            g_array_append_val (shown, *action);
            g_ptr_array_add (sorted, labels->pdata[i]);
            g_array_append_val (self->action_group_of, g);
          }
    }

  g_array_set_size (self->shown, 0);
  g_array_append_vals (self->shown, shown->data, shown->len);
  for (guint i = 0; i < sorted->len; i++)
    labels->pdata[i] = sorted->pdata[i];

  g_ptr_array_add (headings, NULL);
  gtk_string_list_splice (self->action_groups, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->action_groups)),
                          (const char * const *) headings->pdata);
  g_ptr_array_set_size (self->group_keys, 0);
  for (guint g = 0; g < order->len; g++)
    g_ptr_array_add (self->group_keys, g_strdup (order->pdata[g]));
}

/* Whether a group shows its actions: as the player left it, else open
 * when it is what the player pointed at or selected, when every action
 * fits (a dozen), or when it is short. */
static gboolean
group_starts_open (AciesGameWindow *self,
                   const char      *key,
                   guint            n_in_group,
                   guint            n_total)
{
  guint choice = GPOINTER_TO_UINT (g_hash_table_lookup (self->group_open, key));

  if (choice != 0)
    return choice == 1;
  if (g_str_equal (key, ":candidates") || g_str_equal (key, ":selected"))
    return TRUE;

  return n_total <= 12 || n_in_group <= 5;
}

/* Alt+1 … Alt+9 take the first nine actions shown in open groups, in the
 * order shown; each row says its key. */
static void
number_keys (AciesGameWindow *self)
{
  g_array_set_size (self->key_rows, 0);
  for (guint i = 0; i < self->action_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->action_rows, i);
      GtkWidget *hint = g_object_get_data (G_OBJECT (row), "acies-key-hint");
      AdwExpanderRow *group = g_object_get_data (G_OBJECT (row), "acies-group");
      gboolean keyed = self->key_rows->len < 9 && adw_expander_row_get_expanded (group);

      if (keyed)
        {
          g_autofree char *key = g_strdup_printf ("Alt+%u", self->key_rows->len + 1);
          gint index = i;

          gtk_label_set_text (GTK_LABEL (hint), key);
          g_array_append_val (self->key_rows, index);
        }
      gtk_widget_set_visible (hint, keyed);
    }
}

static void
group_expanded_cb (AdwExpanderRow  *expander,
                   GParamSpec      *pspec,
                   AciesGameWindow *self)
{
  const char *key = g_object_get_data (G_OBJECT (expander), "acies-group-key");

  if (key == NULL)
    return;
  g_hash_table_insert (self->group_open, g_strdup (key),
                       GUINT_TO_POINTER (adw_expander_row_get_expanded (expander) ? 1 : 2));
  number_keys (self);
}

/* The actions list.  Every legal action can be reached from it:
 * - the actions the last click pointed at (several at one square) first;
 * - at a prompt, every legal action: the selected unit's first, then the
 *   prompt's, then any other legal one (so nothing the rules allow is
 *   left out);
 * - otherwise the actions of no unit, the selected unit's actions, and a
 *   row per other unit that can act ("Select pink-9 (3 actions)"), which
 *   selects it and lists its actions. */
static void
update_actions (AciesGameWindow   *self,
                const AciesPrompt *prompt)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) grouped = g_hash_table_new (NULL, NULL);
  GtkWidget *child;
  guint n_candidates = 0;

  g_array_set_size (self->shown, 0);

  if (self->curtain || state_of (self)->finished)
    ;
  else
    {
      for (guint i = 0; i < self->candidates->len; i++)
        add_unique (self, labels, &g_array_index (self->candidates, AciesAction, i));
      n_candidates = self->shown->len;

      if (prompt != NULL && prompt->actions != NULL)
        {
          for (guint i = 0; i < self->legal->len && self->selected_unit >= 0; i++)
            if (first_unit_arg (self, &g_array_index (self->legal, AciesAction, i)) == self->selected_unit)
              add_unique (self, labels, &g_array_index (self->legal, AciesAction, i));
          for (guint i = 0; i < prompt->actions->len; i++)
            add_unique (self, labels, &g_array_index (prompt->actions, AciesAction, i));
          for (guint i = 0; i < self->legal->len; i++)
            add_unique (self, labels, &g_array_index (self->legal, AciesAction, i));
        }
      else
        {
          for (guint i = 0; i < self->legal->len; i++)
            {
              const AciesAction *action = &g_array_index (self->legal, AciesAction, i);
              gint unit = first_unit_arg (self, action);
              AciesAction select = { SELECT_UNIT_ROW, -1, { unit, -1, -1, -1, -1, -1, -1, -1 } };
              const char *id;
              g_autofree char *name = NULL;
              guint n = 0;

              if (unit < 0 || unit == self->selected_unit)
                {
                  add_unique (self, labels, action);
                  continue;
                }
              if (g_hash_table_contains (grouped, GINT_TO_POINTER (unit + 1)))
                continue;
              g_hash_table_add (grouped, GINT_TO_POINTER (unit + 1));

              /* A unit that may act: one row selects it; its actions (and
               * on the board its destinations) show then. */
              for (guint j = 0; j < self->legal->len; j++)
                n += first_unit_arg (self, &g_array_index (self->legal, AciesAction, j)) == unit;
              name = acies_ruleset_describe_unit (ruleset_of (self), state_of (self), unit, self->viewer);
              id = name != NULL ? name : acies_ruleset_unit_id (ruleset_of (self), state_of (self), unit);
              if (cell_of_unit (self, unit) == ACIES_CELL_NONE)
                /* Translators: a unit that is not on the board yet. */
                add_shown (self, labels, &select, g_strdup_printf (_("Select %s (off the board)"), id));
              else
                /* Translators: a unit on the board and how many actions it has. */
                add_shown (self, labels, &select,
                           g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Select %s (%u action)",
                                                         "Select %s (%u actions)", n), id, n));
            }
        }
    }

  group_actions (self, labels, n_candidates);
  g_ptr_array_add (labels, NULL);
  gtk_string_list_splice (self->actions, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->actions)),
                          (const char * const *) labels->pdata);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->actions_box))) != NULL)
    gtk_list_box_remove (self->actions_box, child);
  g_ptr_array_set_size (self->action_rows, 0);
  g_ptr_array_set_size (self->group_rows, 0);

  /* A heading per group (an expander row: a long group, forty Commands,
   * folds away), the group's actions under it. */
  for (guint g = 0; g < g_list_model_get_n_items (G_LIST_MODEL (self->action_groups)); g++)
    {
      const char *key = g_ptr_array_index (self->group_keys, g);
      GtkWidget *expander = adw_expander_row_new ();
      guint n = 0;
      const char *rule = NULL;
      g_autofree char *subtitle = NULL;

      for (guint i = 0; i < self->shown->len; i++)
        if (g_array_index (self->action_group_of, guint, i) == g)
          {
            const AciesAction *action = &g_array_index (self->shown, AciesAction, i);
            const AciesActionSpec *specs;
            guint n_specs = 0;

            specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
            if (n == 0 && action->type < n_specs)
              rule = specs[action->type].rule;
            n++;
          }

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (expander), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander),
                                     gtk_string_list_get_string (self->action_groups, g));
      /* Translators: under an action group's heading, "3 actions". */
      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u action", "%u actions", n), n);
      if (rule != NULL && !g_str_has_prefix (key, ":"))
        {
          /* Translators: an action group's count and rule, "3 actions · GC 8.0". */
          g_autofree char *with_rule = g_strdup_printf (_("%s · %s"), subtitle, rule);

          g_free (subtitle);
          subtitle = g_steal_pointer (&with_rule);
        }
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
      /* The first group holds what matters now: always open, so Alt+1
       * is one of its actions (not a later group's "Play no Command"). */
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander),
                                     g == 0 || group_starts_open (self, key, n, self->shown->len));
      g_object_set_data_full (G_OBJECT (expander), "acies-group-key", g_strdup (key), g_free);
      g_signal_connect_object (expander, "notify::expanded", G_CALLBACK (group_expanded_cb), self, 0);
      g_ptr_array_add (self->group_rows, expander);

      for (guint i = 0; i < self->shown->len; i++)
        {
          GtkWidget *row, *hint;

          if (g_array_index (self->action_group_of, guint, i) != g)
            continue;
          row = adw_action_row_new ();
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), labels->pdata[i]);
          hint = gtk_label_new (NULL);
          gtk_widget_add_css_class (hint, "dim-label");
          gtk_widget_set_visible (hint, FALSE);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), hint);
          g_object_set_data (G_OBJECT (row), "acies-key-hint", hint);
          g_object_set_data (G_OBJECT (row), "acies-group", expander);
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "play.choose");
          gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "i", (gint32) i);
          adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);
          g_ptr_array_add (self->action_rows, row);
        }
      gtk_list_box_append (self->actions_box, expander);
    }

  /* The rows are in the order of play.choose's index (group_actions put
   * self->shown in the order shown). */
  g_assert (self->action_rows->len == self->shown->len);
  number_keys (self);

  /* The selected unit's group names it: no "Selected: …" line above too. */
  if (self->group_keys->len > 0 && g_str_equal (g_ptr_array_index (self->group_keys, 0), ":selected"))
    gtk_widget_set_visible (GTK_WIDGET (self->unit_label), FALSE);
}

/* An attack declared and not rolled yet: the legal action that rolls it
 * (one without arguments) for which the ruleset gives odds.  Its odds are
 * those of the declared attack as it now stands, with the supporters and
 * choices made so far (as `acies-cli odds` reads a declared attack in a
 * saved game). */
static gboolean
find_declared (AciesGameWindow *self,
               AciesAction     *out)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  for (guint i = 0; i < self->legal->len; i++)
    {
      const AciesAction *action = &g_array_index (self->legal, AciesAction, i);
      g_autoptr(AciesOdds) odds = NULL;

      if (action->type >= n_specs || specs[action->type].n_args != 0)
        continue;
      odds = acies_ruleset_get_odds (ruleset_of (self), state_of (self), action);
      if (odds != NULL)
        {
          if (out != NULL)
            *out = *action;
          return TRUE;
        }
    }

  return FALSE;
}

/* What committing @action leads to, tried on a copy of the state with no
 * dice: it rolls at once, or it declares the attack and the rules ask for
 * more (supporters, choices) before the roll, in the ruleset's own words. */
static char *
describe_follow_up (AciesGameWindow   *self,
                    const AciesAction *action)
{
  AciesRuleset *ruleset = ruleset_of (self);
  AciesState *copy = acies_ruleset_copy_state (ruleset, state_of (self));
  AciesDice *dice = acies_dice_new_scripted ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_event_free);
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  gboolean ok;

  ok = acies_ruleset_apply (ruleset, copy, action, dice, events, &error);
  if (acies_dice_failed (dice))
    text = g_strdup (_("Commit rolls the dice at once: these odds are final."));
  else if (ok && !copy->finished)
    {
      g_autoptr(AciesPrompt) prompt = acies_ruleset_get_prompt (ruleset, copy);

      if (prompt != NULL && prompt->text != NULL && *prompt->text != '\0')
        {
          g_autofree char *next = prompt_sentence (self, prompt);

          /* Translators: the attack preview; %s is the ruleset's next prompt. */
          text = g_strdup_printf (_("Commit declares the attack; the dice are not rolled yet. Next: %s. "
                                    "The odds shown then follow those choices."), next);
        }
    }
  acies_dice_free (dice);
  acies_ruleset_free_state (ruleset, copy);

  return text;
}

static void
append_odds (GString         *text,
             const AciesOdds *odds)
{
  if (odds->summary != NULL)
    g_string_append_printf (text, "%s\n", odds->summary);
  for (guint i = 0; odds->outcomes != NULL && i < odds->outcomes->len; i++)
    {
      AciesOddsOutcome *outcome = g_ptr_array_index (odds->outcomes, i);

      g_string_append_printf (text, "  %s: %.1f %%%s\n", outcome->result,
                              outcome->probability * 100.0,
                              outcome->provisional ? _(" (provisional table cell)") : "");
    }
  if (odds->modifiers != NULL && odds->modifiers->len > 0)
    g_string_append_printf (text, "%s\n", _("Modifiers:"));
  for (guint i = 0; odds->modifiers != NULL && i < odds->modifiers->len; i++)
    {
      AciesOddsModifier *modifier = g_ptr_array_index (odds->modifiers, i);

      g_string_append_printf (text, "  %s %+d%s%s%s\n", modifier->label, modifier->value,
                              modifier->rule ? " (" : "", modifier->rule ? modifier->rule : "",
                              modifier->rule ? ")" : "");
    }
}

/* The attack card: the preview of a chosen action with odds (and what
 * Commit leads to), or, while a declared attack waits for its supporters
 * and choices, its odds as it now stands. */
static void
update_odds (AciesGameWindow *self)
{
  g_autoptr(AciesOdds) odds = NULL;
  AciesAction declared;
  const AciesAction *action;
  GString *text;

  if (self->curtain || state_of (self)->finished
      || (!self->has_pending && !find_declared (self, &declared)))
    {
      gtk_widget_set_visible (self->odds_box, FALSE);
      set_label (self->odds_label, &self->odds_text, NULL);
      return;
    }

  action = self->has_pending ? &self->pending : &declared;
  odds = acies_ruleset_get_odds (ruleset_of (self), state_of (self), action);
  text = g_string_new (NULL);
  if (self->has_pending)
    {
      g_autofree char *what = describe (self, action);

      gtk_label_set_text (self->odds_heading, _("Attack Preview"));
      g_string_append_printf (text, "%s\n", what);
    }
  else
    {
      g_autofree char *what = describe (self, action);

      gtk_label_set_text (self->odds_heading, _("Declared Attack"));
      /* Translators: the declared attack's card; %s is the action that rolls it. */
      g_string_append_printf (text, _("The odds as the attack now stands, with the choices made so far. "
                                      "Commit: %s.\n"), what);
    }
  if (odds != NULL)
    append_odds (text, odds);
  if (self->has_pending)
    {
      g_autofree char *next = describe_follow_up (self, action);

      if (next != NULL)
        g_string_append_printf (text, "%s\n", next);
    }
  if (text->len > 0 && text->str[text->len - 1] == '\n')
    g_string_truncate (text, text->len - 1);

  set_label (self->odds_label, &self->odds_text, g_string_free (text, FALSE));
  gtk_widget_set_visible (self->odds_box, TRUE);
}

static void
update_victory (AciesGameWindow *self)
{
  const AciesState *state = state_of (self);
  GtkWidget *child;
  g_autofree char *title = NULL;

  if (state->winner >= 0)
    {
      g_autofree char *who = player_label (self, state->winner);

      /* Translators: the winner. */
      title = g_strdup_printf (_("%s Wins"), who);
    }
  else
    title = g_strdup (_("Draw"));
  adw_status_page_set_title (self->victory_page, title);
  adw_status_page_set_description (self->victory_page, state->end_reason);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->scores_box))) != NULL)
    gtk_box_remove (self->scores_box, child);

  for (guint side = 0; side < state->scenario->sides->len; side++)
    {
      g_autoptr(GPtrArray) lines = acies_ruleset_get_score (ruleset_of (self), state, side);
      g_autofree char *who = player_label (self, side);
      GtkWidget *group = adw_preferences_group_new ();
      gint total = 0;

      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), who);
      for (guint i = 0; lines != NULL && i < lines->len; i++)
        {
          AciesScoreLine *line = g_ptr_array_index (lines, i);
          GtkWidget *row = adw_action_row_new ();
          g_autofree char *points = g_strdup_printf ("%d", line->points);

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), line->label);
          if (line->rule != NULL)
            adw_action_row_set_subtitle (ADW_ACTION_ROW (row), line->rule);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_label_new (points));
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
          total += line->points;
        }
      {
        g_autofree char *desc = g_strdup_printf (_("%d victory points"), total);

        adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), desc);
      }
      gtk_box_append (self->scores_box, group);
    }
}

/* The prompt as the side panel shows it: the player who decides named
 * once.  Rulesets often start their text with the side's name ("Epirus:
 * choose…"); that name becomes the player's label ("Pyrrhus (Epirus):
 * choose…") instead of a second mention, and a rule the text already
 * cites is not repeated. */
static char *
prompt_sentence (AciesGameWindow   *self,
                 const AciesPrompt *prompt)
{
  g_autofree char *who = player_label (self, prompt->player);
  const char *side = side_name (self, prompt->player);
  const char *player = acies_game_window_get_player_name (self, prompt->player);
  const char *text = prompt->text != NULL ? prompt->text : "";
  gboolean has_rule = prompt->rule == NULL || strstr (text, prompt->rule) != NULL;
  g_autofree char *body = NULL;

  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? side : player;
      gsize len = strlen (name);

      if (len > 0 && strncmp (text, name, len) == 0 && text[len] == ':')
        {
          /* Translators: who must decide and what ("choose…"). */
          const char *rest = text + len + 1;

          while (*rest == ' ')
            rest++;
          body = g_strdup_printf (_("%s: %s"), who, rest);
          break;
        }
    }
  if (body == NULL)
    {
      if ((*side != '\0' && strstr (text, side) != NULL)
          || (*player != '\0' && strstr (text, player) != NULL))
        body = g_strdup (text);
      else
        /* Translators: who must decide, and what. */
        body = g_strdup_printf (_("%s must decide: %s"), who, text);
    }
  if (has_rule)
    return g_steal_pointer (&body);

  /* Translators: a prompt and the rule that gives the choice. */
  return g_strdup_printf (_("%s (%s)"), body, prompt->rule);
}

/* The phase as the ruleset names it (state->phase); an id-like name
 * ("orders_phase") is shown as words ("Orders phase"). */
static char *
phase_name (const char *phase)
{
  char *name;

  if (phase == NULL || *phase == '\0')
    return NULL;
  for (const char *p = phase; *p != '\0'; p++)
    if (g_ascii_isupper (*p) || *p == ' ')
      return g_strdup (_(phase));

  name = g_strdup (phase);
  g_strdelimit (name, "_-", ' ');
  name[0] = g_ascii_toupper (name[0]);

  return name;
}

static gboolean
find_end_phase (AciesGameWindow *self,
                AciesAction     *out)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  for (guint i = 0; i < self->legal->len; i++)
    {
      const AciesAction *action = &g_array_index (self->legal, AciesAction, i);

      if (action->type < n_specs
          && (g_str_has_prefix (specs[action->type].name, "end") || g_str_equal (specs[action->type].name, "pass")))
        {
          if (out != NULL)
            *out = *action;
          return TRUE;
        }
    }

  return FALSE;
}

/* The keyboard focus goes to what the main stack shows: the curtain's
 * Ready button, the board, or the victory page's Show Board (the window's
 * keys, Ctrl+Z among them, work from there as from the board). */
static void
focus_page (AciesGameWindow *self)
{
  GtkWidget *target;

  if (g_strcmp0 (self->shown_page, "curtain") == 0)
    target = GTK_WIDGET (self->curtain_button);
  else if (g_strcmp0 (self->shown_page, "victory") == 0)
    target = self->show_board_button;
  else
    target = GTK_WIDGET (self->board);

  gtk_window_set_focus (GTK_WINDOW (self), target);
}

static gboolean
focus_curtain_cb (gpointer data)
{
  AciesGameWindow *self = data;

  self->focus_source = 0;
  if (self->curtain)
    gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->curtain_button));

  return G_SOURCE_REMOVE;
}

/* The player who must decide now: the prompt's player when the rules ask
 * someone (the inactive player too), else the state's deciding side. */
static gint
deciding_player (AciesGameWindow   *self,
                 const AciesPrompt *prompt)
{
  const AciesState *state = state_of (self);

  if (state->finished)
    return -1;
  if (prompt != NULL && prompt->player >= 0)
    return prompt->player;
  return state->deciding_side;
}

/* The turn as the rulebook names it ("Pyrrhus Turn 2", GC 4.0), or
 * "Turn 3" when the ruleset has no words of its own. */
static char *
turn_words (AciesGameWindow *self)
{
  char *text = acies_ruleset_describe_turn (ruleset_of (self), state_of (self));

  if (text != NULL && *text != '\0')
    return text;
  g_free (text);
  /* Translators: the turn, when the rules have no name of their own for it. */
  return g_strdup_printf (_("Turn %u"), state_of (self)->turn);
}

/* End Phase says what it would do now: the ruleset's description of the
 * ending action ("End the player-turn: 8 Orders unspent are lost (LB
 * 4.1.2)") on its tooltip and under the prompt. */
static void
update_end_phase (AciesGameWindow *self)
{
  AciesAction end;
  const AciesActionSpec *specs;
  guint n_specs = 0;
  g_autofree char *text = NULL;
  g_autofree char *tooltip = NULL;

  if (self->curtain || state_of (self)->finished || !find_end_phase (self, &end))
    {
      set_label (self->end_label, &self->end_text, NULL);
      gtk_widget_set_tooltip_text (self->end_button, _("End the phase (Ctrl+E)"));
      return;
    }
  text = acies_ruleset_describe_action (ruleset_of (self), state_of (self), &end);
  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (text == NULL || *text == '\0')
    {
      g_free (text);
      text = g_strdup (end.type < n_specs && specs[end.type].label != NULL
                       ? _(specs[end.type].label) : _("End the phase"));
    }
  /* Translators: End Phase's tooltip: what it does now, and its key. */
  tooltip = g_strdup_printf (_("%s (Ctrl+E)"), text);
  gtk_widget_set_tooltip_text (self->end_button, tooltip);
  /* Under the prompt when it says more than the action's name. */
  if (end.type < n_specs && specs[end.type].label != NULL
      && g_ascii_strcasecmp (text, _(specs[end.type].label)) == 0)
    set_label (self->end_label, &self->end_text, NULL);
  else
    /* Translators: under the prompt, what the End Phase button would do now. */
    set_label (self->end_label, &self->end_text, g_strdup_printf (_("End Phase — %s"), text));
}

static void
acies_game_window_refresh (AciesGameWindow *self)
{
  AciesRuleset *ruleset = ruleset_of (self);
  const AciesState *state = state_of (self);
  g_autoptr(AciesPrompt) prompt = NULL;
  g_autofree char *deciding = NULL;
  char *subtitle;
  gint decider;

  g_array_set_size (self->legal, 0);
  if (!state->finished)
    {
      acies_ruleset_legal_actions (ruleset, state, self->legal);
      prompt = acies_ruleset_get_prompt (ruleset, state);
    }
  decider = deciding_player (self, prompt);

  /* The hand-over curtain: whenever the player at the screen changes and
   * something is hidden from one of them.  It names the player who must
   * decide now (after an undo too). */
  if (decider < 0)
    {
      self->curtain = FALSE;
    }
  else if (decider != self->viewer)
    {
      if (has_hidden_information (self))
        {
          g_autofree char *who = player_label (self, decider);

          if (!self->curtain)
            self->n_curtains++;
          self->curtain = TRUE;
          /* The board under the curtain keeps no selection (nor its box). */
          self->selected_unit = -1;
          self->has_pending = FALSE;
          g_array_set_size (self->candidates, 0);
          acies_board_view_set_selected_cell (self->board, ACIES_CELL_NONE);
          g_free (self->curtain_text);
          /* Translators: the hand-over curtain; the player who must take the seat. */
          self->curtain_text = g_strdup_printf (_("Pass to %s"), who);
          adw_status_page_set_title (self->curtain_page, self->curtain_text);
        }
      else
        {
          self->curtain = FALSE;
          self->viewer = decider;
        }
    }
  else if (self->curtain)
    {
      /* Still behind the curtain (an undo there): it names who decides now. */
      g_autofree char *who = player_label (self, decider);

      g_free (self->curtain_text);
      self->curtain_text = g_strdup_printf (_("Pass to %s"), who);
      adw_status_page_set_title (self->curtain_page, self->curtain_text);
    }

  /* A selection, preview or list of candidates that is no longer legal
   * goes. */
  if (self->has_pending && !acies_ruleset_is_legal (ruleset, state, &self->pending))
    self->has_pending = FALSE;
  for (guint i = self->candidates->len; i > 0; i--)
    if (self->curtain || state->finished
        || !acies_ruleset_is_legal (ruleset, state, &g_array_index (self->candidates, AciesAction, i - 1)))
      g_array_remove_index (self->candidates, i - 1);
  if (self->selected_unit >= 0)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < self->legal->len && !any; i++)
        any = first_unit_arg (self, &g_array_index (self->legal, AciesAction, i)) == self->selected_unit;
      if (!any)
        self->selected_unit = -1;
    }

  set_label (self->turn_label, &self->turn_text, turn_words (self));
  {
    g_autofree char *phase = phase_name (state->phase);
    /* The header names the player who must decide now (the prompt's
     * player), not the side whose turn it is. */
    gint to_play = decider >= 0 ? decider : state->active_side;
    g_autofree char *active = player_label (self, to_play);

    /* A turn named by its phase ("Set-up", GC 3.0) is not said twice. */
    if (phase != NULL && g_strcmp0 (phase, self->turn_text) == 0)
      g_clear_pointer (&phase, g_free);
    gtk_label_set_text (self->phase_label, phase != NULL ? phase : "");
    gtk_widget_set_visible (GTK_WIDGET (self->phase_label), phase != NULL);
    /* "Romans to play": right for any side's name, unlike a possessive. */
    if (state->finished || to_play < 0)
      set_label (self->side_label, &self->side_text, NULL);
    else
      /* Translators: the player whose turn it is, "Varro (Romans) to play". */
      set_label (self->side_label, &self->side_text, g_strdup_printf (_("%s to play"), active));
    if (phase != NULL)
      /* Translators: the window's subtitle, the turn and the phase,
       * "Turn 3 · Orders", "Pyrrhus Turn 2 · Command". */
      subtitle = g_strdup_printf (_("%s · %s"), self->turn_text, phase);
    else
      subtitle = g_strdup (self->turn_text);
    adw_window_title_set_subtitle (self->title, subtitle);
    g_free (subtitle);
  }

  if (state->finished)
    set_label (self->prompt_label, &self->prompt_text,
               g_strdup (state->end_reason != NULL ? state->end_reason : _("The game is over")));
  else if (prompt != NULL)
    set_label (self->prompt_label, &self->prompt_text, prompt_sentence (self, prompt));
  else if (decider >= 0)
    {
      deciding = player_label (self, decider);
      set_label (self->prompt_label, &self->prompt_text,
                 g_strdup_printf (_("%s to act: select a unit on the board or an action below"), deciding));
    }
  else
    set_label (self->prompt_label, &self->prompt_text, NULL);

  if (self->selected_unit >= 0)
    {
      g_autofree char *name = acies_ruleset_describe_unit (ruleset, state, self->selected_unit, self->viewer);
      GString *text = g_string_new (NULL);

      g_string_append_printf (text, _("Selected: %s"), name != NULL ? name : "?");
      gtk_label_set_text (self->unit_label, text->str);
      gtk_widget_set_visible (GTK_WIDGET (self->unit_label), TRUE);
      g_string_free (text, TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->unit_label), FALSE);

  if (state->finished)
    update_victory (self);

  {
    const char *page = self->curtain ? "curtain"
                       : state->finished && self->show_victory ? "victory"
                       : "board";

    gtk_stack_set_visible_child_name (self->main_stack, page);
    if (self->curtain)
      set_hint (self, NULL);
    /* A new page takes the keyboard: the curtain's Ready, the board (its
     * arrows move the focus cell, Return acts), or the victory page.  The
     * curtain's Ready keeps it, whatever had it before (the log's Filter),
     * also once the rows rebuilt below have gone. */
    if (g_strcmp0 (self->shown_page, page) != 0
        || (self->curtain && gtk_window_get_focus (GTK_WINDOW (self)) != GTK_WIDGET (self->curtain_button)))
      {
        self->shown_page = page;
        focus_page (self);
        if (self->curtain && self->focus_source == 0)
          self->focus_source = g_idle_add_full (G_PRIORITY_LOW, focus_curtain_cb, self, NULL);
      }
  }

  update_board (self);
  set_label (self->state_label, &self->state_text,
             self->curtain ? NULL : state_text (self, self->state_json));
  gtk_widget_set_visible (GTK_WIDGET (self->status_expander),
                          self->state_text != NULL && *self->state_text != '\0');
  update_end_phase (self);
  update_odds (self);
  update_actions (self, prompt);
  rebuild_log (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.undo",
                                 acies_game_get_n_actions (self->game) > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.end-phase",
                                 !self->curtain && find_end_phase (self, NULL));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.commit",
                                 !self->curtain && (self->has_pending || find_declared (self, NULL)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.cancel",
                                 self->has_pending || self->selected_unit >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.reveal", self->curtain);
}

static void
game_changed_cb (AciesGameWindow *self)
{
  const AciesState *state = state_of (self);

  if (state->finished && !self->show_victory)
    self->show_victory = TRUE;
  else if (!state->finished)
    self->show_victory = FALSE;

  g_array_set_size (self->candidates, 0);
  set_hint (self, NULL);
  self->n_changes++;
  acies_game_window_autosave (self);
  acies_game_window_refresh (self);
}

/* Running actions, physical dice. */

static void ask_roll (AciesGameWindow   *self,
                      const AciesAction *action,
                      const char        *message);

static void
roll_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  AciesGameWindow  *self)
{
  AciesAction *action = g_object_get_data (G_OBJECT (dialog), "acies-action");
  GtkSpinButton *spin = GTK_SPIN_BUTTON (adw_message_dialog_get_extra_child (dialog));
  AciesAction copy = *action;

  if (self->dialog == dialog)
    self->dialog = NULL;
  /* The number typed and not yet committed (Return, or a click on Enter
   * Roll while the entry has the focus). */
  gtk_spin_button_update (spin);

  if (g_strcmp0 (response, "roll") == 0)
    {
      acies_game_push_roll (self->game, (guint) gtk_spin_button_get_value_as_int (spin));
      acies_game_window_run (self, &copy);
    }
  else
    acies_game_clear_pending_rolls (self->game);
}

static void
ask_roll (AciesGameWindow   *self,
          const AciesAction *action,
          const char        *message)
{
  GtkWidget *dialog;
  GtkWidget *spin;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Roll the Dice"), message);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "roll", _("_Enter Roll"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "roll",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "roll");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  spin = gtk_spin_button_new_with_range (0, 100, 1);
  acies_spin_button_guard (GTK_SPIN_BUTTON (spin), NULL);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 1);
  /* Return in the number enters the roll: its text activates the
   * dialog's default widget (Enter Roll). */
  for (GtkWidget *child = gtk_widget_get_first_child (spin); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TEXT (child))
      gtk_text_set_activates_default (GTK_TEXT (child), TRUE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), spin);
  g_object_set_data_full (G_OBJECT (dialog), "acies-action",
                          g_memdup2 (action, sizeof *action), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (roll_response_cb), self, 0);
  self->dialog = ADW_MESSAGE_DIALOG (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
acies_game_window_run (AciesGameWindow   *self,
                       const AciesAction *action)
{
  g_autoptr(GError) error = NULL;
  AciesAction copy = *action;

  self->has_pending = FALSE;
  if (acies_game_apply (self->game, &copy, &error))
    return;

  if (g_error_matches (error, ACIES_ENGINE_ERROR, ACIES_ENGINE_ERROR_NEED_ROLL)
      && acies_game_get_dice_mode (self->game) == ACIES_DICE_MODE_PHYSICAL)
    {
      ask_roll (self, &copy, error->message);
      return;
    }

  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
  acies_game_window_refresh (self);
}

static void
choose (AciesGameWindow   *self,
        const AciesAction *action)
{
  g_autoptr(AciesOdds) odds = NULL;

  if (action->type == SELECT_UNIT_ROW)
    {
      self->selected_unit = action->args[0];
      self->has_pending = FALSE;
      acies_game_window_refresh (self);
      return;
    }

  /* An action with an outcome distribution is previewed first. */
  if (!(self->has_pending && acies_action_equal (&self->pending, action)))
    odds = acies_ruleset_get_odds (ruleset_of (self), state_of (self), action);
  if (odds != NULL)
    {
      gboolean is_target;
      AciesCell target;

      self->pending = *action;
      self->has_pending = TRUE;
      if (first_unit_arg (self, action) >= 0)
        self->selected_unit = first_unit_arg (self, action);
      /* The board's keyboard focus goes to the target, so Return there
       * commits as a click on it does; a hint from before is stale. */
      target = action_target_cell (self, action, first_unit_arg (self, action) >= 0 ? 1 : 0, &is_target);
      if (target != ACIES_CELL_NONE)
        acies_board_view_set_focus_cell (self->board, target);
      set_hint (self, NULL);
      acies_game_window_refresh (self);
      return;
    }

  acies_game_window_run (self, action);
}

/* Sets the side panel's note on the last click (why nothing happened), or
 * clears it with %NULL. */
static void
set_hint (AciesGameWindow *self,
          char            *text)
{
  g_free (self->hint_text);
  self->hint_text = text;
  gtk_label_set_text (self->hint_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), text != NULL);
}

/* A unit as a sentence names it: the ruleset's words for it ("Light
 * Infantry B at G11", "Legio 2"), else its name or id. */
static char *
unit_words (AciesGameWindow *self,
            gint             unit)
{
  char *name = acies_ruleset_describe_unit (ruleset_of (self), state_of (self), unit, self->viewer);

  return name != NULL ? name : g_strdup ("?");
}

/* Why the selected unit has no action pointing at @cell, from the legal
 * actions: no move left, not a neighbour, or a neighbour the rules close. */
static char *
explain_unreachable (AciesGameWindow *self,
                     AciesCell        cell)
{
  const AciesBoard *board = state_of (self)->scenario->map.board;
  const char *label = acies_board_cell_label (board, cell);
  g_autofree char *unit = unit_words (self, self->selected_unit);
  AciesCell from = cell_of_unit (self, self->selected_unit);
  g_autoptr(GString) list = g_string_new (NULL);
  g_autofree char *why = NULL;

  for (guint i = 0; i < self->destinations->len && i < 8; i++)
    g_string_append_printf (list, "%s%s", i > 0 ? ", " : "",
                            acies_board_cell_label (board, g_array_index (self->destinations, AciesCell, i)));
  if (self->destinations->len > 8)
    g_string_append (list, ", …");

  if (self->destinations->len == 0)
    why = g_strdup (_("its move is over: the rules give it no destination now, only the actions listed"));
  else if (from != ACIES_CELL_NONE && !acies_board_adjacent (board, from, cell, ACIES_ADJ_ALL)
           && self->destinations->len > 0)
    /* Translators: %s lists squares, "F14, F15, G14". */
    why = g_strdup_printf (_("it is out of reach; it can go to %s"), list->str);
  else
    why = g_strdup_printf (_("the rules close that square to it now (terrain, a unit there, facing or zones); "
                             "it can go to %s"), list->str);

  /* Translators: "G15 is not a legal destination for the Triarii (rome-3): it is out of reach…". */
  return g_strdup_printf (_("%s is not a legal destination for %s: %s."), label, unit, why);
}

/* Why a unit on the board cannot be selected: not its side's decision, or
 * none of the legal actions is its own. */
static char *
explain_unselectable (AciesGameWindow *self,
                      gint             unit)
{
  const AciesState *state = state_of (self);
  g_autofree char *words = unit_words (self, unit);
  g_autofree char *who = player_label (self, state->deciding_side);
  const char *side = NULL;

  for (guint i = 0; i < self->views->len; i++)
    if (g_array_index (self->view_index, gint, i) == unit)
      side = ((AciesUnit *) g_ptr_array_index (self->views, i))->side;

  if (state->deciding_side >= 0 && side != NULL
      && (guint) state->deciding_side < state->scenario->sides->len
      && g_strcmp0 (((AciesSide *) g_ptr_array_index (state->scenario->sides, state->deciding_side))->id, side) != 0)
    /* Translators: a unit of the side that does not decide now. */
    return g_strdup_printf (_("%s cannot act: it is not its side's turn (%s decides now)."), words, who);

  /* Translators: a unit of the deciding side with no legal action. */
  return g_strdup_printf (_("%s has no legal action now: its move is over, or it cannot act in this phase."), words);
}

/**
 * acies_game_window_activate_cell:
 * @self: a game window
 * @cell: the cell the player clicked or chose with the keyboard
 *
 * Selects the unit in @cell, or takes the selected unit's action that
 * points at @cell (a move there, an attack on the unit there).  When
 * several actions point at @cell, the actions list shows them first.
 * With no unit selected and none to select in @cell, the only legal
 * action with @cell as a cell argument (a set-up placement) is taken.  A
 * cell the selected unit cannot reach keeps the selection and the side
 * panel says why (acies_game_window_get_hint_text()).
 */
void
acies_game_window_activate_cell (AciesGameWindow *self,
                                 AciesCell        cell)
{
  gboolean selectable;
  gint unit;

  g_return_if_fail (ACIES_IS_GAME_WINDOW (self));

  if (self->curtain || state_of (self)->finished)
    return;

  set_hint (self, NULL);
  g_array_set_size (self->candidates, 0);

  unit = unit_at_cell (self, cell);
  selectable = FALSE;
  if (unit >= 0)
    for (guint i = 0; i < self->legal->len && !selectable; i++)
      selectable = first_unit_arg (self, &g_array_index (self->legal, AciesAction, i)) == unit;

  if (self->selected_unit >= 0)
    {
      g_autoptr(GArray) candidates = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      for (guint i = 0; i < self->legal->len; i++)
        {
          const AciesAction *action = &g_array_index (self->legal, AciesAction, i);

          gboolean is_target;

          if (first_unit_arg (self, action) == self->selected_unit
              && (action_touches_cell (self, action, 1, cell)
                  || action_target_cell (self, action, 1, &is_target) == cell))
            g_array_append_val (candidates, *action);
        }

      if (candidates->len == 1)
        {
          choose (self, &g_array_index (candidates, AciesAction, 0));
          return;
        }
      if (candidates->len > 1)
        {
          /* Let the player pick among them: listed first. */
          g_array_append_vals (self->candidates, candidates->data, candidates->len);
          acies_game_window_refresh (self);
          return;
        }

      /* Nothing of the selected unit points there: another unit of the
       * player is selected instead; an empty or closed square keeps the
       * selection and says why. */
      if (!selectable && unit != self->selected_unit)
        {
          self->has_pending = FALSE;
          set_hint (self, explain_unreachable (self, cell));
          acies_game_window_refresh (self);
          return;
        }
    }

  /* With nothing selected and no unit to select there, the one legal
   * action whose cell argument is @cell (a set-up placement…) is taken. */
  if (self->selected_unit < 0 && !selectable)
    {
      g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      for (guint i = 0; i < self->legal->len; i++)
        {
          const AciesAction *action = &g_array_index (self->legal, AciesAction, i);
          gboolean is_target;

          if (action_has_cell_arg (self, action, cell)
              || (first_unit_arg (self, action) < 0 && action_target_cell (self, action, 0, &is_target) == cell))
            g_array_append_val (here, *action);
        }
      if (here->len == 1)
        {
          AciesAction action = g_array_index (here, AciesAction, 0);

          choose (self, &action);
          return;
        }
      if (here->len > 1)
        {
          /* Several (a deployment's facings): listed first to pick from. */
          g_array_append_vals (self->candidates, here->data, here->len);
          acies_game_window_refresh (self);
          return;
        }
      if (unit >= 0)
        set_hint (self, explain_unselectable (self, unit));
    }

  self->has_pending = FALSE;
  self->selected_unit = selectable ? unit : -1;

  acies_game_window_refresh (self);
}

static void
cell_activated_cb (AciesBoardView  *board,
                   AciesCell        cell,
                   AciesGameWindow *self)
{
  /* A counter being dragged: the drop decides, not the board's click. */
  if (self->drag_unit >= 0)
    return;
  acies_game_window_activate_cell (self, cell);
}

/* Undo and take-back. */

/* A take-back note is kept by the game as "Action N: …" (N counted from
 * 1, the action taken back; not translated, so any reader of the file
 * finds it), and the log shows it where the take-back happened: after
 * the N − 1 actions before it.  Returns the text to show and sets
 * @position (G_MAXUINT for a note without the prefix: at the end). */
static const char *
note_position (const char *note,
               guint      *position)
{
  const char *p;
  char *end = NULL;
  guint64 number;

  *position = G_MAXUINT;
  if (!g_str_has_prefix (note, "Action "))
    return note;
  p = note + strlen ("Action ");
  if (!g_ascii_isdigit (*p))
    return note;
  number = g_ascii_strtoull (p, &end, 10);
  if (end == NULL || !g_str_has_prefix (end, ": ") || number == 0 || number > G_MAXUINT)
    return note;
  *position = (guint) number - 1;

  return end + 2;
}

static void
take_back (AciesGameWindow *self,
           const char      *consent,
           gboolean         dice)
{
  g_autoptr(GError) error = NULL;
  guint n = acies_game_get_n_actions (self->game);

  if (consent != NULL && n > 0)
    {
      g_autofree char *what = acies_ruleset_describe_action (ruleset_of (self), state_of (self),
                                                             acies_game_get_action (self->game, n - 1));
      /* Translators: a note in the event log: the action taken back, and who agreed. */
      g_autofree char *text = dice ? g_strdup_printf (_("“%s” and its dice were taken back with the consent of %s"),
                                                      what, consent)
                                   /* Translators: a note in the event log: another player's decision taken back, and who agreed. */
                                   : g_strdup_printf (_("“%s” was taken back with the consent of %s"),
                                                      what, consent);
      g_autofree char *note = g_strdup_printf ("Action %u: %s", n, text);

      /* Kept by the game, so the saved file records the consent. */
      acies_game_add_note (self->game, note);
    }

  self->has_pending = FALSE;
  self->selected_unit = -1;
  self->show_victory = FALSE;
  if (!acies_game_undo (self->game, &error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
}

/* Action @index of the log in words, as described in the state it was
 * chosen in (the game replayed up to it on a copy is not needed: the
 * ruleset describes an action from its arguments and the unit ids). */
static char *
describe_logged (AciesGameWindow *self,
                 guint            index)
{
  return acies_ruleset_describe_action (ruleset_of (self), state_of (self),
                                        acies_game_get_action (self->game, index));
}

static void
take_back_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       AciesGameWindow  *self)
{
  if (self->dialog == dialog)
    self->dialog = NULL;

  if (g_strcmp0 (response, "take-back") == 0)
    take_back (self, g_object_get_data (G_OBJECT (dialog), "acies-consent"),
               GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "acies-dice")));
}

static void
undo_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  guint n = acies_game_get_n_actions (self->game);
  const AciesAction *last;
  const GArray *rolls;
  g_autofree char *what = NULL;
  g_autofree char *other = NULL;
  g_autofree char *body = NULL;
  g_autofree char *agree = NULL;
  GtkWidget *dialog;
  gint actor, other_side, asker;
  gboolean dice, others;

  if (n == 0 || self->dialog != NULL)
    return;

  /* The action taken back is the last in the log: its own rolls decide
   * (a roll the rules made while applying it counts, one of an earlier
   * action does not). */
  last = acies_game_get_action (self->game, n - 1);
  rolls = acies_game_get_rolls_of_action (self->game, n - 1);
  dice = rolls != NULL && rolls->len > 0;

  /* Who asks now: the player who decides now (the one the curtain names
   * while it is down).  Another player's decision is his to give back. */
  if (!state_of (self)->finished)
    {
      g_autoptr(AciesPrompt) prompt = acies_ruleset_get_prompt (ruleset_of (self), state_of (self));

      asker = deciding_player (self, prompt);
    }
  else
    asker = -1;
  others = !dice && last->player >= 0 && asker >= 0 && last->player != asker;
  if (!dice && !others)
    {
      take_back (self, NULL, FALSE);
      return;
    }

  /* Taking back a die roll, or the other player's decision, needs the
   * other player's consent. */
  if (others)
    other_side = last->player;
  else
    {
      actor = last->player >= 0 ? last->player : state_of (self)->active_side;
      other_side = actor == 0 ? 1 : 0;
    }
  other = player_label (self, other_side);
  what = describe_logged (self, n - 1);
  if (dice)
    {
      g_autoptr(GString) values = g_string_new (NULL);

      for (guint i = 0; i < rolls->len; i++)
        g_string_append_printf (values, "%s%u", i > 0 ? ", " : "", g_array_index (rolls, guint, i));
      /* The rolls are made while the action is applied, so the state before
       * it describes it as the player chose it. */
      /* Translators: the action to take back, its rolls ("4, 2"), and the other player. */
      body = g_strdup_printf (_("Taking back “%s” undoes its dice (rolled %s). It needs the consent of %s; the log will record it."),
                              what, values->str, other);
    }
  else
    /* Translators: the other player's decision to take back, and that player. */
    body = g_strdup_printf (_("“%s” was decided by %s. Taking it back needs the consent of %s; the log will record it."),
                            what, other, other);
  /* Translators: the other player agrees to a take-back. */
  agree = g_strdup_printf (_("%s _Agrees"), acies_game_window_get_player_name (self, other_side));

  dialog = adw_message_dialog_new (GTK_WINDOW (self),
                                   dice ? _("Take Back a Die Roll?") : _("Take Back the Other Player’s Decision?"),
                                   body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", dice ? _("_Keep the Roll") : _("_Keep the Decision"),
                                    "take-back", agree,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "take-back",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "acies-consent", g_strdup (other), g_free);
  g_object_set_data (G_OBJECT (dialog), "acies-dice", GINT_TO_POINTER (dice));
  g_signal_connect_object (dialog, "response", G_CALLBACK (take_back_response_cb), self, 0);
  self->dialog = ADW_MESSAGE_DIALOG (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Other actions. */

static void
choose_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  gint32 index = g_variant_get_int32 (parameter);
  AciesAction action;

  if (index < 0 || (guint) index >= self->shown->len)
    return;

  action = g_array_index (self->shown, AciesAction, index);
  choose (self, &action);
}

/* Alt+N: the N-th action shown in an open group. */
static void
choose_key_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  gint32 key = g_variant_get_int32 (parameter);
  AciesAction action;

  if (key < 0 || (guint) key >= self->key_rows->len)
    return;

  action = g_array_index (self->shown, AciesAction, g_array_index (self->key_rows, gint, key));
  choose (self, &action);
}

static void
apply_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  AciesAction action;

  node = json_from_string (g_variant_get_string (parameter, NULL), &error);
  if (node == NULL
      || !acies_ruleset_action_from_json (ruleset_of (self), state_of (self), node, &action, &error))
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      return;
    }

  acies_game_window_run (self, &action);
}

static void
commit_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  AciesAction action = self->pending;

  if (self->curtain)
    return;
  if (!self->has_pending && !find_declared (self, &action))
    return;
  acies_game_window_run (self, &action);
}

static void
cancel_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);

  self->has_pending = FALSE;
  self->selected_unit = -1;
  acies_game_window_refresh (self);
}

static void
end_phase_action_cb (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  AciesAction action;

  if (!self->curtain && find_end_phase (self, &action))
    acies_game_window_run (self, &action);
}

static void
reveal_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);

  if (!self->curtain)
    return;
  self->curtain = FALSE;
  {
    g_autoptr(AciesPrompt) prompt = NULL;

    if (!state_of (self)->finished)
      prompt = acies_ruleset_get_prompt (ruleset_of (self), state_of (self));
    self->viewer = deciding_player (self, prompt);
  }
  acies_game_window_refresh (self);
  self->shown_page = "board";
  focus_page (self);
}

static void
show_board_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);

  self->show_victory = !self->show_victory;
  acies_game_window_refresh (self);
}

/**
 * acies_game_window_get_log_text:
 * @self: a game window
 *
 * Returns: (transfer full): the event log as text, a line per event;
 *   private events (data "private": true) are left out
 */
char *
acies_game_window_get_log_text (AciesGameWindow *self)
{
  GString *text = g_string_new (NULL);
  const AciesScenario *scenario = state_of (self)->scenario;

  g_autoptr(GPtrArray) lines = log_lines (self, -1, TRUE);

  g_string_append_printf (text, "%s\n", scenario->meta.title ? scenario->meta.title : "");
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (lines, i));

  return g_string_free (text, FALSE);
}

static void
copy_log_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  g_autofree char *text = acies_game_window_get_log_text (self);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Log copied")));
}

static gboolean
close_idle_cb (gpointer data)
{
  AciesGameWindow *self = data;

  self->may_close = TRUE;
  gtk_window_close (GTK_WINDOW (self));

  return G_SOURCE_REMOVE;
}


/* The window is titled by the battle ("Heraclea"), as the start page and
 * the unfinished games list it; the saved game's file name, when it has
 * one, goes in the window manager's title beside it. */
static void
update_titles (AciesGameWindow *self)
{
  const AciesScenario *scenario = state_of (self)->scenario;
  const char *title = scenario->meta.title != NULL && *scenario->meta.title != '\0'
                      ? scenario->meta.title : _("Untitled Battle");

  adw_window_title_set_title (self->title, title);
  if (self->file != NULL)
    {
      g_autofree char *name = g_file_get_basename (self->file);
      /* Translators: a game window's title: the battle and its saved file. */
      g_autofree char *full = g_strdup_printf (_("%s — %s"), title, name);

      gtk_window_set_title (GTK_WINDOW (self), full);
    }
  else
    gtk_window_set_title (GTK_WINDOW (self), title);
}

/* Closes the window once the question's dialog has finished its response
 * (destroying the parent inside the dialog's signal would pull the dialog
 * from under itself). */
static void
close_later (AciesGameWindow *self)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, close_idle_cb, g_object_ref (self), g_object_unref);
}

static gboolean
save_to (AciesGameWindow *self,
         GFile           *file)
{
  g_autoptr(GError) error = NULL;

  if (!acies_game_save_file (self->game, file, &error))
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      self->close_after_save = FALSE;
      return FALSE;
    }

  g_set_object (&self->file, file);
  forget_older_copies (self, file);
  update_titles (self);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Game saved")));
  self->saved_changes = self->n_changes;

  /* The application keeps the recent files. */
  if (gtk_window_get_application (GTK_WINDOW (self)) != NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_action_group_activate_action (G_ACTION_GROUP (gtk_window_get_application (GTK_WINDOW (self))),
                                      "add-recent", g_variant_new_string (uri));
    }

  /* The close question's Save: saved, so the window goes. */
  if (self->close_after_save)
    {
      self->close_after_save = FALSE;
      close_later (self);
    }

  return TRUE;
}

static void
save_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  AciesGameWindow *self)
{
  gboolean log = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "acies-log"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (log)
        {
          g_autofree char *text = acies_game_window_get_log_text (self);
          g_autoptr(GError) error = NULL;

          /* Atomically, no "FILE~" left beside it (issue 20.3, 18.7). */
          if (!acies_file_replace_contents (file, text, strlen (text), &error))
            adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
        }
      else
        save_to (self, file);
    }
  else
    self->close_after_save = FALSE;

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
save_as (AciesGameWindow *self,
         gboolean         log)
{
  GtkFileChooserNative *native;
  g_autofree char *name = NULL;
  const AciesScenario *scenario = state_of (self)->scenario;

  native = gtk_file_chooser_native_new (log ? _("Save Log") : _("Save Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  name = g_strdup_printf ("%s.%s", scenario->meta.title ? scenario->meta.title : _("Game"),
                          log ? "txt" : "acies-game");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_object_set_data (G_OBJECT (native), "acies-log", GINT_TO_POINTER (log));
  g_signal_connect_object (native, "response", G_CALLBACK (save_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
save_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);

  if (g_str_equal (action_name, "play.save") && self->file != NULL)
    save_to (self, self->file);
  else
    save_as (self, g_str_equal (action_name, "play.save-log"));
}

static void
dark_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  adw_style_manager_set_color_scheme (manager,
                                      adw_style_manager_get_dark (manager)
                                      ? ADW_COLOR_SCHEME_FORCE_LIGHT
                                      : ADW_COLOR_SCHEME_FORCE_DARK);
}

/* The application's accelerators (Ctrl+W, Ctrl+plus…) name win.*
 * actions: the game window has them too. */
static void
win_close_cb (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
}

static void
win_zoom_cb (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  AciesGameWindow *self = user_data;
  g_autofree char *name = g_strconcat ("board.", g_action_get_name (G_ACTION (action)), NULL);

  gtk_widget_activate_action (GTK_WIDGET (self->board), name, NULL);
}

static const GActionEntry win_entries[] = {
  { "close", win_close_cb },
  { "zoom-in", win_zoom_cb },
  { "zoom-out", win_zoom_cb },
  { "zoom-reset", win_zoom_cb },
};

/* The scenario: its description, notes and victory conditions. */

/* A parameter's value in words: an enum by its label, a side, area or
 * formation by its name, a flag as yes/no. */
static char *
param_value_words (const AciesScenario  *scenario,
                   const AciesParamSpec *spec,
                   JsonNode             *node)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return g_strdup ("—");
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *one = param_value_words (scenario, spec, json_array_get_element (array, i));

          g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", one);
        }
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  if (!JSON_NODE_HOLDS_VALUE (node))
    return json_to_string (node, FALSE);

  if (json_node_get_value_type (node) == G_TYPE_STRING && spec != NULL)
    {
      const char *value = json_node_get_string (node);

      if (spec->type == ACIES_VALUE_ENUM && spec->values != NULL && spec->value_labels != NULL)
        for (guint i = 0; spec->values[i] != NULL && spec->value_labels[i] != NULL; i++)
          if (g_str_equal (spec->values[i], value))
            return g_strdup (spec->value_labels[i]);
      if (spec->type == ACIES_VALUE_SIDE)
        {
          AciesSide *side = acies_scenario_find_side (scenario, value);

          if (side != NULL && side->name != NULL)
            return g_strdup (side->name);
        }
      if (spec->type == ACIES_VALUE_AREA)
        {
          AciesArea *area = acies_scenario_find_area (scenario, value);

          if (area != NULL && area->name != NULL)
            return g_strdup (area->name);
        }
      if (spec->type == ACIES_VALUE_FORMATION)
        {
          AciesFormation *formation = acies_scenario_find_formation (scenario, value);

          if (formation != NULL && formation->name != NULL)
            return g_strdup (formation->name);
        }
    }
  append_scalar (text, node);

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* One victory condition or special rule: its name, for whom, its
 * parameters by their labels (defaults marked), and what it means. */
static void
append_rule_entry (AciesGameWindow      *self,
                   GString              *text,
                   GPtrArray            *kinds,
                   const AciesRuleEntry *entry)
{
  const AciesScenario *scenario = state_of (self)->scenario;
  const AciesKind *kind = kinds != NULL ? acies_catalogue_find_kind (kinds, entry->kind) : NULL;
  g_autoptr(GString) params = g_string_new (NULL);

  g_string_append_printf (text, "• %s", kind != NULL && kind->name != NULL ? kind->name : entry->kind);
  if (entry->side != NULL)
    {
      AciesSide *side = acies_scenario_find_side (scenario, entry->side);
      gint index = -1;

      for (guint i = 0; i < scenario->sides->len; i++)
        if (g_ptr_array_index (scenario->sides, i) == side)
          index = i;
      if (index >= 0)
        {
          g_autofree char *who = player_label (self, index);

          /* Translators: a victory condition's side, "VP + 5 — for Laevinus (Rome)". */
          g_string_append_printf (text, _(" — for %s"), who);
        }
      else
        g_string_append_printf (text, _(" — for %s"), entry->side);
    }
  else
    g_string_append (text, _(" — for both sides"));

  /* Every parameter of the kind, given or by default, then any other. */
  for (guint i = 0; kind != NULL && kind->params != NULL && i < kind->params->len; i++)
    {
      const AciesParamSpec *spec = g_ptr_array_index (kind->params, i);
      JsonNode *node = entry->params != NULL ? json_object_get_member (entry->params, spec->id) : NULL;
      g_autofree char *value = NULL;

      if (node == NULL && spec->default_value == NULL)
        continue;
      value = param_value_words (scenario, spec, node != NULL ? node : spec->default_value);
      g_string_append_printf (params, "%s%s %s%s", params->len > 0 ? ", " : "",
                              spec->label != NULL ? spec->label : spec->id, value,
                              node == NULL ? _(" (default)") : "");
    }
  if (entry->params != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (entry->params);

      for (GList *l = members; l != NULL; l = l->next)
        {
          g_autofree char *value = NULL;

          if (kind != NULL && acies_catalogue_find_param (kind->params, l->data) != NULL)
            continue;
          value = param_value_words (scenario, NULL, json_object_get_member (entry->params, l->data));
          g_string_append_printf (params, "%s%s %s", params->len > 0 ? ", " : "", (char *) l->data, value);
        }
    }
  if (params->len > 0)
    g_string_append_printf (text, ": %s", params->str);
  g_string_append_c (text, '\n');
  if (kind != NULL && kind->description != NULL)
    g_string_append_printf (text, "  %s%s%s%s\n", kind->description,
                            kind->source != NULL ? " (" : "", kind->source != NULL ? kind->source : "",
                            kind->source != NULL ? ")" : "");
}

/**
 * acies_game_window_get_scenario_text:
 * @self: a game window
 *
 * What the game menu's "Scenario" shows: the title, date and place, the
 * description and notes, the turn limit, and the victory conditions and
 * special rules of the scenario's rules with their parameters in words
 * (labels and values from the ruleset's catalogue).
 *
 * Returns: (transfer full): the text
 */
char *
acies_game_window_get_scenario_text (AciesGameWindow *self)
{
  const AciesScenario *scenario;
  AciesCatalogue *catalogue;
  GString *text;

  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);

  scenario = state_of (self)->scenario;
  catalogue = acies_ruleset_get_catalogue (ruleset_of (self));
  text = g_string_new (NULL);
  g_string_append_printf (text, "%s\n", scenario->meta.title != NULL ? scenario->meta.title : _("Untitled Scenario"));
  {
    g_autofree char *when = NULL;

    if (scenario->meta.date != NULL && scenario->meta.place != NULL)
      when = g_strdup_printf (_("%s · %s"), scenario->meta.date, scenario->meta.place);
    else
      when = g_strdup (scenario->meta.date != NULL ? scenario->meta.date : scenario->meta.place);
    if (when != NULL)
      g_string_append_printf (text, "%s\n", when);
  }
  if (catalogue != NULL && catalogue->name != NULL)
    /* Translators: the rule system a scenario is played with. */
    g_string_append_printf (text, _("Rules: %s\n"), catalogue->name);
  if (scenario->meta.description != NULL && *scenario->meta.description != '\0')
    g_string_append_printf (text, "\n%s\n", scenario->meta.description);
  if (scenario->meta.notes != NULL && *scenario->meta.notes != '\0')
    g_string_append_printf (text, "\n%s\n%s\n", _("Notes"), scenario->meta.notes);

  g_string_append_printf (text, "\n%s\n", _("Victory Conditions"));
  if (scenario->turn_limit > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "• The game lasts %u turn.\n",
                                               "• The game lasts %u turns.\n", scenario->turn_limit),
                            scenario->turn_limit);
  for (guint i = 0; scenario->victory != NULL && i < scenario->victory->len; i++)
    append_rule_entry (self, text, catalogue != NULL ? catalogue->victory_kinds : NULL,
                       g_ptr_array_index (scenario->victory, i));
  if (scenario->victory == NULL || scenario->victory->len == 0)
    g_string_append_printf (text, "%s\n", _("• The scenario names none: the rules' own end of the game decides."));

  if (scenario->special_rules != NULL && scenario->special_rules->len > 0)
    {
      g_string_append_printf (text, "\n%s\n", _("Special Rules"));
      for (guint i = 0; i < scenario->special_rules->len; i++)
        append_rule_entry (self, text, catalogue != NULL ? catalogue->special_rules : NULL,
                           g_ptr_array_index (scenario->special_rules, i));
    }
  if (text->len > 0 && text->str[text->len - 1] == '\n')
    g_string_truncate (text, text->len - 1);

  return g_string_free (text, FALSE);
}

static void
scenario_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (widget);
  g_autofree char *body = acies_game_window_get_scenario_text (self);
  GtkWidget *window, *toolbar, *header, *scrolled, *label;

  if (self->scenario_window != NULL)
    {
      gtk_window_present (self->scenario_window);
      return;
    }

  window = adw_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), _("Scenario"));
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 560, 600);
  toolbar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  gtk_box_append (GTK_BOX (toolbar), header);
  label = wrap_label ();
  gtk_label_set_text (GTK_LABEL (label), body);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  gtk_widget_set_margin_start (label, 18);
  gtk_widget_set_margin_end (label, 18);
  gtk_widget_set_margin_top (label, 12);
  gtk_widget_set_margin_bottom (label, 18);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), label);
  gtk_box_append (GTK_BOX (toolbar), scrolled);
  adw_window_set_content (ADW_WINDOW (window), toolbar);
  self->scenario_window = GTK_WINDOW (window);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->scenario_window);
  gtk_window_present (GTK_WINDOW (window));
}

/**
 * acies_game_window_get_scenario_window:
 * @self: a game window
 *
 * Returns: (transfer none) (nullable): the open Scenario dialog, or %NULL
 */
GtkWindow *
acies_game_window_get_scenario_window (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return self->scenario_window;
}

/* Counter tooltips: what a counter's printed values mean. */

static char *
scalar_words (JsonNode *node)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;
  append_scalar (text, node);

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * acies_game_window_describe_counter:
 * @self: a game window
 * @unit: a unit index of the state
 *
 * The tooltip of @unit's counter on the board: its name (the ruleset's
 * words; the counter id only when it has none), its type
 * (name and class from the catalogue), the values printed on the counter
 * ("2-3") each with its label from the catalogue, its back when the viewer
 * may see it, and the markers on it.  Only what the viewer sees.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when the unit is
 *   not shown
 */
char *
acies_game_window_describe_counter (AciesGameWindow *self,
                                    gint             unit)
{
  AciesCatalogue *catalogue;
  const AciesUnitType *type = NULL;
  AciesUnit *view = NULL;
  g_autoptr(GString) printed = g_string_new (NULL);
  g_autoptr(GString) meaning = g_string_new (NULL);
  GString *text;
  const char *id;

  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);

  if (self->curtain)
    return NULL;
  for (guint i = 0; i < self->views->len; i++)
    if (g_array_index (self->view_index, gint, i) == unit)
      view = g_ptr_array_index (self->views, i);
  if (view == NULL)
    return NULL;

  id = acies_ruleset_unit_id (ruleset_of (self), state_of (self), unit);
  catalogue = acies_ruleset_get_catalogue (ruleset_of (self));
  if (catalogue != NULL && view->type != NULL)
    {
      type = acies_catalogue_find_unit_type (catalogue, view->type);
      if (type == NULL)
        type = acies_catalogue_find_leader_kind (catalogue, view->type);
    }

  text = g_string_new (NULL);
  {
    g_autofree char *name = acies_ruleset_describe_unit (ruleset_of (self), state_of (self), unit, self->viewer);

    /* The ruleset's words for the unit (a player needs no counter id;
     * the id only when the ruleset has no words). */
    if (name != NULL && *name != '\0')
      g_string_append (text, name);
    else
      g_string_append (text, id);
  }
  if (view->side != NULL)
    {
      AciesSide *side = acies_scenario_find_side (state_of (self)->scenario, view->side);

      g_string_append_printf (text, " — %s", side != NULL && side->name != NULL ? side->name : view->side);
    }
  if (type != NULL)
    {
      /* Translators: a unit's type and its class, "Type: Heavy Infantry (foot)". */
      g_string_append_printf (text, _("\nType: %s"), type->name != NULL ? type->name : type->id);
      if (type->category != NULL)
        g_string_append_printf (text, " (%s)", type->category);
    }
  else if (view->type != NULL)
    g_string_append_printf (text, _("\nType: %s"), view->type);

  /* The printed values, in the counter's order, and what each is. */
  for (guint i = 0; type != NULL && type->shown != NULL && type->shown[i] != NULL; i++)
    {
      const AciesParamSpec *spec = acies_catalogue_find_param (type->attributes, type->shown[i]);
      JsonNode *node = view->attrs != NULL ? json_object_get_member (view->attrs, type->shown[i]) : NULL;
      g_autofree char *value = NULL;

      if (node == NULL && spec != NULL)
        node = spec->default_value;
      value = scalar_words (node);
      if (value == NULL)
        continue;
      g_string_append_printf (printed, "%s%s", printed->len > 0 ? "-" : "", value);
      g_string_append_printf (meaning, "%s%s %s", meaning->len > 0 ? ", " : "",
                              spec != NULL && spec->label != NULL ? spec->label : type->shown[i], value);
    }
  if (printed->len > 0)
    /* Translators: what the numbers on a counter mean: "The counter shows “2-3”: Combat Class 2, Movement 3". */
    g_string_append_printf (text, _("\nThe counter shows “%s”: %s"), printed->str, meaning->str);

  /* Other values of the front that the counter does not print. */
  if (view->attrs != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (view->attrs);

      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *node = json_object_get_member (view->attrs, l->data);
          const AciesParamSpec *spec = type != NULL ? acies_catalogue_find_param (type->attributes, l->data) : NULL;
          g_autofree char *value = NULL;

          if (type != NULL && type->shown != NULL && g_strv_contains ((const char * const *) type->shown, l->data))
            continue;
          if (spec == NULL || json_node_get_value_type (node) == G_TYPE_BOOLEAN)
            continue;
          value = scalar_words (node);
          if (value != NULL)
            g_string_append_printf (text, "\n%s: %s", spec->label != NULL ? spec->label : spec->id, value);
        }
    }

  /* The back, when the viewer may see it. */
  if (view->hidden != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (view->hidden);

      for (GList *l = members; l != NULL; l = l->next)
        {
          const AciesParamSpec *spec = type != NULL ? acies_catalogue_find_param (type->hidden, l->data) : NULL;
          g_autofree char *value = scalar_words (json_object_get_member (view->hidden, l->data));

          if (value != NULL)
            /* Translators: a value on the back of a counter, "Back — Morale: hero". */
            g_string_append_printf (text, _("\nBack — %s: %s"),
                                    spec != NULL && spec->label != NULL ? spec->label : (char *) l->data, value);
        }
    }

  /* The markers drawn under it. */
  {
    g_autofree char *markers = NULL;

    if (self->state_json != NULL && JSON_NODE_HOLDS_OBJECT (self->state_json))
      {
        JsonNode *units = json_object_get_member (json_node_get_object (self->state_json), "units");
        g_autoptr(GHashTable) usual = NULL;

        if (units != NULL && JSON_NODE_HOLDS_ARRAY (units))
          {
            usual = usual_unit_values (json_node_get_array (units));
            markers = unit_state_markers (json_node_get_array (units), usual, id);
          }
      }
    if (markers != NULL && *markers != '\0')
      /* Translators: the words under a counter ("engaged disordered"). */
      g_string_append_printf (text, _("\nMarkers: %s"), markers);
  }

  return g_string_free (text, FALSE);
}

/* The tooltip of leader @l (an index into the scenario's leaders) as the
 * viewer sees it now: name, kind and printed values (its rating), where
 * it stands, and its record in the state view (pools…).  NULL when it is
 * not in play. */
static char *
describe_leader (AciesGameWindow *self,
                 guint            l)
{
  const AciesState *state = state_of (self);
  AciesCatalogue *catalogue = acies_ruleset_get_catalogue (ruleset_of (self));
  const AciesLeader *leader;
  const AciesUnitType *kind = NULL;
  AciesSide *side;
  GString *text;

  if (self->curtain || l >= self->leader_views->len
      || (leader = g_ptr_array_index (self->leader_views, l)) == NULL)
    return NULL;
  if (catalogue != NULL && leader->kind != NULL)
    kind = acies_catalogue_find_leader_kind (catalogue, leader->kind);
  side = leader->side != NULL ? acies_scenario_find_side (state->scenario, leader->side) : NULL;

  text = g_string_new (leader->name != NULL ? leader->name : leader->id);
  if (side != NULL)
    g_string_append_printf (text, " — %s", side->name != NULL ? side->name : side->id);
  g_string_append_c (text, '\n');
  g_string_append (text, kind != NULL && kind->name != NULL ? kind->name : leader->kind != NULL ? leader->kind : "");

  /* Its values: the printed ones first ("rating B"), then true flags. */
  for (guint pass = 0; kind != NULL && leader->attrs != NULL && pass < 2; pass++)
    {
      g_autoptr(GList) members = json_object_get_members (leader->attrs);

      for (GList *m = members; m != NULL; m = m->next)
        {
          JsonNode *node = json_object_get_member (leader->attrs, m->data);
          const AciesParamSpec *spec = acies_catalogue_find_param (kind->attributes, m->data);
          const char *label = spec != NULL && spec->label != NULL ? spec->label : m->data;
          gboolean shown = kind->shown != NULL && g_strv_contains ((const char * const *) kind->shown, m->data);

          if (!JSON_NODE_HOLDS_VALUE (node) || shown != (pass == 0))
            continue;
          if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
            {
              if (json_node_get_boolean (node))
                g_string_append_printf (text, ", %s", label);
            }
          else
            {
              g_autofree char *value = scalar_words (node);

              g_string_append_printf (text, ", %s %s", label, value != NULL ? value : "");
            }
        }
    }

  /* Where. */
  if (leader->attached_to != NULL)
    {
      for (guint i = 0; i < self->views->len; i++)
        {
          gint unit = g_array_index (self->view_index, gint, i);

          if (unit >= 0 && g_strcmp0 (((AciesUnit *) g_ptr_array_index (self->views, i))->id,
                                      leader->attached_to) == 0)
            {
              g_autofree char *name = acies_ruleset_describe_unit (ruleset_of (self), state, unit, self->viewer);

              /* Translators: a leader riding with a unit, "With Equites". */
              g_string_append_printf (text, _("\nWith %s"), name != NULL ? name : leader->attached_to);
            }
        }
    }
  else if (leader->cell == ACIES_CELL_NONE)
    g_string_append (text, _("\nOff the map"));
  else if (state->scenario->map.board != NULL)
    /* Translators: where a leader stands, "In A1 Centre". */
    g_string_append_printf (text, _("\nIn %s"), acies_board_cell_label (state->scenario->map.board, leader->cell));

  /* Its record in the state view, in any list of records with ids
   * ("commanders": activation pool 2, bonus pool 1). */
  if (self->state_json != NULL && JSON_NODE_HOLDS_OBJECT (self->state_json))
    {
      JsonObject *root = json_node_get_object (self->state_json);
      g_autoptr(GList) lists = json_object_get_members (root);

      for (GList *k = lists; k != NULL; k = k->next)
        {
          JsonNode *list = json_object_get_member (root, k->data);
          JsonArray *records;

          if (g_str_equal (k->data, "units") || !JSON_NODE_HOLDS_ARRAY (list))
            continue;
          records = json_node_get_array (list);
          for (guint r = 0; r < json_array_get_length (records); r++)
            {
              JsonNode *element = json_array_get_element (records, r);
              JsonObject *record;
              g_autoptr(GList) fields = NULL;

              if (!JSON_NODE_HOLDS_OBJECT (element))
                continue;
              record = json_node_get_object (element);
              if (g_strcmp0 (json_object_get_string_member_with_default (record, "id", NULL), leader->id) != 0)
                continue;
              fields = json_object_get_members (record);
              for (GList *f = fields; f != NULL; f = f->next)
                {
                  JsonNode *field = json_object_get_member (record, f->data);
                  g_autofree char *label = NULL;
                  g_autofree char *value = NULL;

                  if (g_str_equal (f->data, "id") || g_str_equal (f->data, "zone") || g_str_equal (f->data, "cell")
                      || (value = scalar_words (field)) == NULL)
                    continue;
                  label = member_label (f->data);
                  g_string_append_printf (text, "\n%s: %s", label, value);
                }
            }
        }
    }

  return g_string_free (text, FALSE);
}

/* The tooltip of the counter of view index @unit (a unit index, or
 * LEADER_VIEW () of a leader alone): the counter's description and the
 * leaders riding with it. */
static char *
counter_tooltip (AciesGameWindow *self,
                 gint             unit)
{
  GString *text;
  const char *id;
  char *counter;

  if (unit <= LEADER_VIEW (0))
    return describe_leader (self, VIEW_LEADER (unit));
  if (unit < 0 || (counter = acies_game_window_describe_counter (self, unit)) == NULL)
    return NULL;
  text = g_string_new (counter);
  g_free (counter);
  id = acies_ruleset_unit_id (ruleset_of (self), state_of (self), unit);
  for (guint l = 0; id != NULL && l < self->leader_views->len; l++)
    {
      const AciesLeader *leader = g_ptr_array_index (self->leader_views, l);
      g_autofree char *about = NULL;

      if (leader == NULL || g_strcmp0 (leader->attached_to, id) != 0
          || (about = describe_leader (self, l)) == NULL)
        continue;
      /* Translators: a leader riding with the unit, then what he is. */
      g_string_append_printf (text, _("\n\nWith it: %s"), about);
    }
  return g_string_free (text, FALSE);
}

/* The play unit whose counter is drawn at (@x, @y), widget pixels: the
 * last drawn of those under the point (the top of a stack), or -1. */
static gint
unit_at_point (AciesGameWindow *self,
               double           x,
               double           y)
{
  gint found = -1;

  for (guint i = 0; i < self->views->len; i++)
    {
      double cx, cy, size;

      if (!acies_board_view_get_play_unit_place (self->board, i, &cx, &cy, &size))
        continue;
      if (fabs (x - cx) <= size / 2 && fabs (y - cy) <= size / 2)
        found = g_array_index (self->view_index, gint, i);
    }

  return found;
}

static gboolean
board_query_tooltip_cb (GtkWidget       *widget,
                        int              x,
                        int              y,
                        gboolean         keyboard,
                        GtkTooltip      *tooltip,
                        AciesGameWindow *self)
{
  g_autofree char *text = NULL;
  gint unit;

  if (keyboard)
    unit = unit_at_cell (self, acies_board_view_get_focus_cell (self->board));
  else
    unit = unit_at_point (self, x, y);
  if ((text = counter_tooltip (self, unit)) == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);

  return TRUE;
}

/* Dragging a counter: from a unit that may act to a square, the same as
 * clicking the unit, then the square.  A drag that starts elsewhere is
 * the board's (it pans).  This gesture sees the events before the
 * board's own (capture phase) and claims a drag only once it starts on a
 * selectable unit, which cancels the board's pan. */

static gboolean
unit_may_act (AciesGameWindow *self,
              gint             unit)
{
  for (guint i = 0; unit >= 0 && i < self->legal->len; i++)
    if (first_unit_arg (self, &g_array_index (self->legal, AciesAction, i)) == unit)
      return TRUE;

  return FALSE;
}

static void
unit_drag_begin_cb (GtkGestureDrag  *gesture,
                    double           x,
                    double           y,
                    AciesGameWindow *self)
{
  gint unit = self->curtain || state_of (self)->finished ? -1 : unit_at_point (self, x, y);

  self->drag_unit = -1;
  if (unit < 0)
    unit = self->curtain ? -1 : unit_at_cell (self, acies_board_view_cell_at_point (self->board, x, y));
  if (!unit_may_act (self, unit))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->drag_unit = unit;
}

static void
unit_drag_update_cb (GtkGestureDrag  *gesture,
                     double           offset_x,
                     double           offset_y,
                     AciesGameWindow *self)
{
  double x = 0, y = 0;

  if (self->drag_unit < 0
      || gtk_gesture_get_sequence_state (GTK_GESTURE (gesture),
                                         gtk_gesture_single_get_current_sequence (GTK_GESTURE_SINGLE (gesture)))
         == GTK_EVENT_SEQUENCE_CLAIMED)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (!gtk_drag_check_threshold (GTK_WIDGET (self->board), x, y, x + offset_x, y + offset_y))
    return;
  /* Ours now: the board does not pan (its click, if it reports one, is
   * ignored while drag_unit is set). */
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->board), "grabbing");
}

static void
unit_drag_end_cb (GtkGestureDrag  *gesture,
                  double           offset_x,
                  double           offset_y,
                  AciesGameWindow *self)
{
  gint unit = self->drag_unit;
  double x = 0, y = 0;
  AciesCell cell;

  self->drag_unit = -1;
  if (unit < 0
      || gtk_gesture_get_sequence_state (GTK_GESTURE (gesture),
                                         gtk_gesture_single_get_current_sequence (GTK_GESTURE_SINGLE (gesture)))
         != GTK_EVENT_SEQUENCE_CLAIMED)
    return;
  gtk_widget_set_cursor (GTK_WIDGET (self->board), NULL);
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  cell = acies_board_view_cell_at_point (self->board, x + offset_x, y + offset_y);
  acies_game_window_drag_unit (self, unit, cell);
}

/**
 * acies_game_window_drag_unit:
 * @self: a game window
 * @unit: a unit index of the state, one that may act now
 * @cell: the square the counter was dropped on, or %ACIES_CELL_NONE
 *
 * What dropping @unit's dragged counter on @cell does: the same as
 * clicking the unit, then the square (a move there, an attack on the unit
 * there; a square it cannot reach keeps it selected and says why).
 */
void
acies_game_window_drag_unit (AciesGameWindow *self,
                             gint             unit,
                             AciesCell        cell)
{
  g_return_if_fail (ACIES_IS_GAME_WINDOW (self));

  if (self->curtain || !unit_may_act (self, unit))
    return;
  if (self->selected_unit != unit)
    {
      self->selected_unit = unit;
      self->has_pending = FALSE;
      g_array_set_size (self->candidates, 0);
      acies_game_window_refresh (self);
    }
  if (cell != ACIES_CELL_NONE && cell != cell_of_unit (self, unit))
    acies_game_window_activate_cell (self, cell);
}

/* The off-map box: under the board, for each side, its units and leaders
 * in play but off the map (not yet deployed, in reserve: a unit view
 * with cell ACIES_CELL_NONE), drawn with the board's counter renderer and
 * markers, with tooltips, and selected by a click as a counter on the
 * board is.  Hidden when nothing is off the map. */

#define OFFMAP_PAD       8.0
#define OFFMAP_HEADING  16.0
#define OFFMAP_WORDS    13.0
#define OFFMAP_MAX_SIZE 40.0
#define OFFMAP_MIN_SIZE 24.0

typedef struct
{
  gint   view;        /* index into self->views, or -1 for a heading */
  gint   side;        /* the side's index (headings) */
  double x;           /* a counter's centre; a heading's left end */
  double y;
  double size;
} OffmapPlace;

/* Lays out the box for @width pixels into @places; returns its height
 * (0: nothing off the map). */
static double
offmap_layout (AciesGameWindow *self,
               double           width,
               GArray          *places)
{
  const AciesState *state = state_of (self);
  guint n_sides = state->scenario->sides->len;
  double y = 0;

  g_array_set_size (places, 0);
  if (self->curtain)
    return 0;
  for (guint s = 0; s < n_sides; s++)
    {
      const AciesSide *side = g_ptr_array_index (state->scenario->sides, s);
      g_autoptr(GArray) items = g_array_new (FALSE, FALSE, sizeof (guint));
      double size, step;
      guint per_row, rows;
      OffmapPlace heading = { -1, (gint) s, OFFMAP_PAD, 0, 0 };

      for (guint i = 0; i < self->views->len; i++)
        {
          const AciesUnit *view = g_ptr_array_index (self->views, i);

          if (view->cell == ACIES_CELL_NONE && g_strcmp0 (view->side, side->id) == 0)
            g_array_append_val (items, i);
        }
      if (items->len == 0)
        continue;
      /* As large as the board's counters may be, smaller to keep a
       * side's counters on one or two rows. */
      size = CLAMP ((width - 2 * OFFMAP_PAD) / (items->len * 1.3), OFFMAP_MIN_SIZE, OFFMAP_MAX_SIZE);
      step = size * 1.3;
      per_row = MAX (1, (guint) ((width - 2 * OFFMAP_PAD) / step));
      rows = (items->len + per_row - 1) / per_row;

      heading.y = y + OFFMAP_PAD;
      g_array_append_val (places, heading);
      y += OFFMAP_PAD + OFFMAP_HEADING;
      for (guint k = 0; k < items->len; k++)
        {
          OffmapPlace p = { (gint) g_array_index (items, guint, k), (gint) s, 0, 0, size };

          p.x = OFFMAP_PAD + step * (k % per_row) + step / 2;
          p.y = y + (size + OFFMAP_WORDS) * (k / per_row) + size / 2 + 4;
          g_array_append_val (places, p);
        }
      y += rows * (size + OFFMAP_WORDS) + 4;
    }
  return y > 0 ? y + OFFMAP_PAD / 2 : 0;
}

/* The off-map box's counters, with their marks as the board draws them
 * (acies_board_view_draw_play_marks()). */
static void
offmap_draw_cb (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        data)
{
  AciesGameWindow *self = data;
  const AciesState *state = state_of (self);
  const AciesCatalogue *catalogue = acies_ruleset_get_catalogue (ruleset_of (self));
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  double ink = dark ? 0.92 : 0.15;
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 10");
  PangoFontDescription *small = pango_font_description_from_string ("Sans 7.5");

  offmap_layout (self, width, self->offmap_places);
  for (guint i = 0; i < self->offmap_places->len; i++)
    {
      const OffmapPlace *p = &g_array_index (self->offmap_places, OffmapPlace, i);
      const AciesUnit *view;
      const char *words;
      gint unit;

      if (p->view < 0)
        {
          const AciesSide *side = g_ptr_array_index (state->scenario->sides, p->side);
          /* Translators: the heading of a side's units off the map, "Off the field — Romans". */
          g_autofree char *heading = g_strdup_printf (_("Off the field — %s"),
                                                      side->name != NULL ? side->name : side->id);

          pango_layout_set_font_description (layout, font);
          pango_layout_set_text (layout, heading, -1);
          cairo_set_source_rgb (cr, ink, ink, ink);
          cairo_move_to (cr, p->x, p->y);
          pango_cairo_show_layout (cr, layout);
          continue;
        }
      view = g_ptr_array_index (self->views, p->view);
      unit = g_array_index (self->view_index, gint, p->view);
      acies_render_counter (cr, state->scenario, catalogue, view, p->x, p->y, p->size, NAN);
      if (unit < 0)
        continue;
      /* The leaders riding with it, on its right rim as on the board. */
      for (guint l = 0; l < self->leader_views->len; l++)
        {
          const AciesLeader *leader = g_ptr_array_index (self->leader_views, l);

          if (leader != NULL && leader->attached_to != NULL && g_strcmp0 (leader->attached_to, view->id) == 0)
            acies_render_leader (cr, state->scenario, leader, p->x + p->size * 0.5, p->y - p->size * 0.06,
                                 p->size * 0.22);
        }
      if ((guint) p->view < self->view_marks->len)
        acies_board_view_draw_play_marks (cr, p->x, p->y, p->size, g_array_index (self->view_marks, guint, p->view));
      words = (guint) p->view < self->view_texts->len ? g_ptr_array_index (self->view_texts, p->view) : NULL;
      if (words != NULL && *words != '\0')
        {
          int tw, th;

          pango_layout_set_font_description (layout, small);
          pango_layout_set_text (layout, words, -1);
          pango_layout_get_pixel_size (layout, &tw, &th);
          cairo_set_source_rgb (cr, ink, ink, ink);
          cairo_move_to (cr, p->x - tw / 2.0, p->y + p->size / 2 + 1);
          pango_cairo_show_layout (cr, layout);
        }
    }
  pango_font_description_free (font);
  pango_font_description_free (small);
  g_object_unref (layout);
}

/* The view index (a unit index or LEADER_VIEW ()) of the box's counter at
 * (@x, @y), or -1. */
static gint
offmap_unit_at (AciesGameWindow *self,
                double           x,
                double           y)
{
  for (guint i = 0; i < self->offmap_places->len; i++)
    {
      const OffmapPlace *p = &g_array_index (self->offmap_places, OffmapPlace, i);

      if (p->view >= 0 && (guint) p->view < self->views->len
          && fabs (x - p->x) <= p->size / 2 && fabs (y - p->y) <= p->size / 2)
        return g_array_index (self->view_index, gint, p->view);
    }
  return -1;
}

static gboolean
offmap_query_tooltip_cb (GtkWidget       *widget,
                         int              x,
                         int              y,
                         gboolean         keyboard,
                         GtkTooltip      *tooltip,
                         AciesGameWindow *self)
{
  g_autofree char *text = NULL;
  gint unit = keyboard ? self->selected_unit : offmap_unit_at (self, x, y);

  if (unit == -1 || (text = counter_tooltip (self, unit)) == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* Selects @unit (off the map), or takes the selected unit's action that
 * points at it, as a click on a counter on the board does (see
 * acies_game_window_activate_cell()): a unit with a legal action of its
 * own is selected and the actions list shows its actions; one without
 * keeps nothing selected and the side panel says why. */
static void
offmap_activate_unit (AciesGameWindow *self,
                      gint             unit)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;
  gboolean selectable = FALSE;

  if (self->curtain || state_of (self)->finished || unit < 0)
    return;
  set_hint (self, NULL);
  g_array_set_size (self->candidates, 0);
  for (guint i = 0; i < self->legal->len && !selectable; i++)
    selectable = first_unit_arg (self, &g_array_index (self->legal, AciesAction, i)) == unit;

  /* The selected unit's actions on this one (a unit argument after the
   * first), as a click on a unit on the board takes them. */
  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (self->selected_unit >= 0 && unit != self->selected_unit)
    {
      g_autoptr(GArray) candidates = g_array_new (FALSE, FALSE, sizeof (AciesAction));

      for (guint i = 0; i < self->legal->len; i++)
        {
          const AciesAction *action = &g_array_index (self->legal, AciesAction, i);

          if (first_unit_arg (self, action) != self->selected_unit || action->type >= n_specs)
            continue;
          for (guint a = 1; a < specs[action->type].n_args; a++)
            if (specs[action->type].args[a].kind == ACIES_ARG_UNIT && action->args[a] == unit)
              {
                g_array_append_val (candidates, *action);
                break;
              }
        }
      if (candidates->len == 1)
        {
          choose (self, &g_array_index (candidates, AciesAction, 0));
          return;
        }
      if (candidates->len > 1)
        {
          g_array_append_vals (self->candidates, candidates->data, candidates->len);
          acies_game_window_refresh (self);
          return;
        }
    }

  if (!selectable)
    set_hint (self, explain_unselectable (self, unit));
  self->has_pending = FALSE;
  self->selected_unit = selectable ? unit : -1;
  acies_game_window_refresh (self);
}

static void
offmap_pressed_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   AciesGameWindow *self)
{
  gint unit = offmap_unit_at (self, x, y);

  if (unit >= 0)
    offmap_activate_unit (self, unit);
}

/* Shows the box when something is off the map, sized to what it holds. */
static void
offmap_update (AciesGameWindow *self)
{
  int width;
  double height;

  if (self->offmap_area == NULL)
    return;
  width = gtk_widget_get_width (self->offmap_area);
  if (width <= 0)
    width = MAX (gtk_widget_get_width (GTK_WIDGET (self->board)), 600);
  height = offmap_layout (self, width, self->offmap_places);
  gtk_widget_set_visible (gtk_widget_get_parent (self->offmap_area), height > 0);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->offmap_area), (int) ceil (height));
  gtk_widget_queue_draw (self->offmap_area);
}

static void
offmap_resize_cb (GtkDrawingArea  *area,
                  int              width,
                  int              height,
                  AciesGameWindow *self)
{
  double needed = offmap_layout (self, width, self->offmap_places);

  /* A narrower window may need another row. */
  if ((int) ceil (needed) != gtk_drawing_area_get_content_height (area))
    gtk_drawing_area_set_content_height (area, (int) ceil (needed));
}

/* Construction. */

/* The game window's own shortcuts window (Ctrl+?): the keys this window
 * binds (class_init, the board view's bindings, the application's
 * accelerators that reach it), not the editor's. */
static const char shortcuts_ui[] =
  "<interface>"
  " <object class='GtkShortcutsWindow' id='help_overlay'>"
  "  <property name='modal'>1</property>"
  "  <child><object class='GtkShortcutsSection'>"
  "   <property name='section-name'>play</property>"
  "   <child><object class='GtkShortcutsGroup'>"
  "    <property name='title' translatable='yes'>Play</property>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Take the first nine actions shown in the open groups (each row names its key)</property><property name='accelerator'>&lt;Alt&gt;1...&lt;Alt&gt;9</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>In the actions list: open or fold a group, take the action</property><property name='accelerator'>Return space</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Move through the actions list and its groups</property><property name='accelerator'>Tab Up Down</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Take back the last action</property><property name='accelerator'>&lt;Control&gt;z</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>End the phase</property><property name='accelerator'>&lt;Control&gt;e</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Commit the previewed attack</property><property name='accelerator'>&lt;Control&gt;Return</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Cancel the selection or preview</property><property name='accelerator'>Escape</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Show the board after the hand-over</property><property name='accelerator'>&lt;Control&gt;r</property></object></child>"
  "   </object></child>"
  "   <child><object class='GtkShortcutsGroup'>"
  "    <property name='title' translatable='yes'>Board</property>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Move the focus cell</property><property name='accelerator'>Left Right Up Down</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Select the unit or take the action at the focus cell</property><property name='accelerator'>Return space</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Zoom in</property><property name='accelerator'>&lt;Control&gt;plus</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Zoom out</property><property name='accelerator'>&lt;Control&gt;minus</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Fit the board in the window</property><property name='accelerator'>&lt;Control&gt;0</property></object></child>"
  "   </object></child>"
  "   <child><object class='GtkShortcutsGroup'>"
  "    <property name='title' translatable='yes'>Log</property>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Copy the log</property><property name='accelerator'>&lt;Control&gt;&lt;Shift&gt;c</property></object></child>"
  "   </object></child>"
  "   <child><object class='GtkShortcutsGroup'>"
  "    <property name='title' translatable='yes'>Game</property>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Save the game</property><property name='accelerator'>&lt;Control&gt;s</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Save the game as</property><property name='accelerator'>&lt;Control&gt;&lt;Shift&gt;s</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Close the game</property><property name='accelerator'>&lt;Control&gt;w</property></object></child>"
  "    <child><object class='GtkShortcutsShortcut'><property name='title' translatable='yes'>Keyboard shortcuts</property><property name='accelerator'>&lt;Control&gt;question</property></object></child>"
  "   </object></child>"
  "  </object></child>"
  " </object>"
  "</interface>";

/* Compact rows in the actions list (a player sees many at once), the
 * status block's expander small. */
static const char play_css[] =
  "list.play-actions row > box.header { min-height: 34px; }\n"
  "list.play-actions row > box.header > box.title { margin-top: 3px; margin-bottom: 3px; }\n"
  "list.play-actions row.expander list.nested > row { padding-top: 0; padding-bottom: 0; }\n"
  "list.play-actions row.expander list.nested > row > box.header { min-height: 29px; }\n"
  "expander.play-status > box > title { padding: 0; }\n";

static void
ensure_css (GtkWidget *widget)
{
  static GQuark installed = 0;
  GdkDisplay *display = gtk_widget_get_display (widget);
  g_autoptr(GtkCssProvider) provider = NULL;

  if (installed == 0)
    installed = g_quark_from_static_string ("acies-play-css");
  if (g_object_get_qdata (G_OBJECT (display), installed) != NULL)
    return;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, play_css, -1);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_qdata (G_OBJECT (display), installed, GINT_TO_POINTER (1));
}

/* The log's height: a few lines, and fewer in a short window, so that
 * the actions above keep most of the panel at any size. */
#define LOG_HEIGHT_MAX 110
#define LOG_HEIGHT_MIN 40

static gboolean
log_height_cb (gpointer data)
{
  AciesGameWindow *self = data;
  GtkWidget *paned = gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (self->log_scrolled)));
  int height = gtk_widget_get_height (paned);
  int wanted = CLAMP ((height - 320) / 2, LOG_HEIGHT_MIN, LOG_HEIGHT_MAX);

  self->log_height_source = 0;
  if (height > 0 && gtk_scrolled_window_get_min_content_height (self->log_scrolled) != wanted)
    gtk_scrolled_window_set_min_content_height (self->log_scrolled, wanted);

  return G_SOURCE_REMOVE;
}

static void
panel_resized_cb (AciesGameWindow *self)
{
  /* Not in the middle of the allocation that notified. */
  if (self->log_height_source == 0)
    self->log_height_source = g_idle_add (log_height_cb, self);
}

/* The status block's expander, as the player last left it (this session;
 * across sessions through GSettings "play-status-expanded"). */
static gboolean status_expanded = TRUE;

static void
status_expanded_cb (GtkExpander *expander)
{
  status_expanded = gtk_expander_get_expanded (expander);
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");

  return label;
}

static GtkWidget *
wrap_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);

  return label;
}

static void
log_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item)
{
  GtkWidget *label = wrap_label ();

  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 2);
  gtk_widget_set_margin_bottom (label, 2);
  gtk_list_item_set_child (item, label);
}

static void
log_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (string));
}

/* The path preview follows the pointer and the keyboard focus. */
static void
set_hover_cell (AciesGameWindow *self,
                AciesCell        cell)
{
  if (self->hover_cell == cell)
    return;
  self->hover_cell = cell;
  if (self->destinations->len > 0 && !self->has_pending)
    update_path (self);
}

static void
board_motion_cb (GtkEventControllerMotion *controller,
                 double                    x,
                 double                    y,
                 AciesGameWindow          *self)
{
  set_hover_cell (self, acies_board_view_cell_at_point (self->board, x, y));
}

static void
board_leave_cb (GtkEventControllerMotion *controller,
                AciesGameWindow          *self)
{
  set_hover_cell (self, ACIES_CELL_NONE);
}

static void
focus_cell_cb (AciesGameWindow *self)
{
  if (self->destinations->len > 0 && !self->has_pending && self->hover_cell == ACIES_CELL_NONE)
    update_path (self);
}

static void
build_ui (AciesGameWindow *self)
{
  GtkWidget *box, *header, *menu_button, *button, *hbox, *panel, *paned;
  GtkWidget *scrolled, *controls, *log_box, *search, *frame;
  GtkWidget *victory_scrolled, *victory_box, *odds_buttons;
  g_autoptr(GMenu) menu = g_menu_new ();
  GtkListItemFactory *factory;
  GtkFilterListModel *filtered;

  gtk_window_set_default_size (GTK_WINDOW (self), 1280, 720);
  ensure_css (GTK_WIDGET (self));

  /* Ctrl+R (Show the Board after a hand-over) works wherever the keyboard
   * is, the log's Filter too: taken before the focused widget sees it
   * (and passed on while there is no curtain). */
  {
    GtkEventController *shortcuts = gtk_shortcut_controller_new ();

    gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_r, GDK_CONTROL_MASK),
                                                            gtk_named_action_new ("play.reveal")));
    gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  }

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (self), box);

  header = adw_header_bar_new ();
  self->title = ADW_WINDOW_TITLE (adw_window_title_new ("", ""));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));
  gtk_box_append (GTK_BOX (box), header);

  button = gtk_button_new_from_icon_name ("edit-undo-symbolic");
  gtk_widget_set_tooltip_text (button, _("Take Back (Ctrl+Z)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "play.undo");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), button);

  button = gtk_button_new_with_mnemonic (_("_End Phase"));
  /* The tooltip says what ending would do now (refresh: the ruleset's
   * description of the action, its warnings among them). */
  gtk_widget_set_tooltip_text (button, _("End the phase (Ctrl+E)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "play.end-phase");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), button);
  self->end_button = button;

  g_menu_append (menu, _("S_cenario"), "play.scenario");
  g_menu_append (menu, _("_Save Game"), "play.save");
  g_menu_append (menu, _("Save Game _As…"), "play.save-as");
  g_menu_append (menu, _("Save _Log…"), "play.save-log");
  g_menu_append (menu, _("_Copy Log"), "play.copy-log");
  g_menu_append (menu, _("_Dark Style"), "play.toggle-dark");
  g_menu_append (menu, _("_Keyboard Shortcuts"), "win.show-help-overlay");
  g_menu_append (menu, _("_About Acies"), "app.about");
  menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu_button), "open-menu-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu_button), G_MENU_MODEL (menu));
  gtk_widget_set_tooltip_text (menu_button, _("Main Menu"));
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), menu_button);

  button = gtk_button_new_from_icon_name ("document-save-symbolic");
  gtk_widget_set_tooltip_text (button, _("Save Game (Ctrl+S)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "play.save");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), button);

  self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->toasts), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->toasts));

  hbox = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  adw_toast_overlay_set_child (self->toasts, hbox);

  /* The board, the curtain and the victory screen. */
  self->main_stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->main_stack), TRUE);
  gtk_box_append (GTK_BOX (hbox), GTK_WIDGET (self->main_stack));

  self->board = ACIES_BOARD_VIEW (acies_board_view_new ());
  g_signal_connect_object (self->board, "cell-activated", G_CALLBACK (cell_activated_cb), self, 0);
  g_signal_connect_object (self->board, "notify::focus-cell", G_CALLBACK (focus_cell_cb), self,
                           G_CONNECT_SWAPPED);
  {
    GtkEventController *motion = gtk_event_controller_motion_new ();

    g_signal_connect_object (motion, "motion", G_CALLBACK (board_motion_cb), self, 0);
    g_signal_connect_object (motion, "leave", G_CALLBACK (board_leave_cb), self, 0);
    gtk_widget_add_controller (GTK_WIDGET (self->board), motion);
  }
  {
    GtkGesture *drag = gtk_gesture_drag_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
    g_signal_connect_object (drag, "drag-begin", G_CALLBACK (unit_drag_begin_cb), self, 0);
    g_signal_connect_object (drag, "drag-update", G_CALLBACK (unit_drag_update_cb), self, 0);
    g_signal_connect_object (drag, "drag-end", G_CALLBACK (unit_drag_end_cb), self, 0);
    gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (drag));
  }
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->board), TRUE);
  g_signal_connect_object (self->board, "query-tooltip", G_CALLBACK (board_query_tooltip_cb), self, 0);
  /* The board and, under it, the off-map box (hidden while nothing is
   * off the map). */
  {
    GtkWidget *board_page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *offmap = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
    GtkGesture *click = gtk_gesture_click_new ();

    gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
    gtk_box_append (GTK_BOX (board_page), GTK_WIDGET (self->board));
    gtk_box_append (GTK_BOX (offmap), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
    self->offmap_area = gtk_drawing_area_new ();
    gtk_widget_set_hexpand (self->offmap_area, TRUE);
    gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->offmap_area), offmap_draw_cb, self, NULL);
    g_signal_connect_object (self->offmap_area, "resize", G_CALLBACK (offmap_resize_cb), self, 0);
    gtk_widget_set_has_tooltip (self->offmap_area, TRUE);
    g_signal_connect_object (self->offmap_area, "query-tooltip", G_CALLBACK (offmap_query_tooltip_cb), self, 0);
    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
    g_signal_connect_object (click, "pressed", G_CALLBACK (offmap_pressed_cb), self, 0);
    gtk_widget_add_controller (self->offmap_area, GTK_EVENT_CONTROLLER (click));
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->offmap_area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Units off the map"), -1);
    gtk_box_append (GTK_BOX (offmap), self->offmap_area);
    gtk_widget_set_visible (offmap, FALSE);
    gtk_box_append (GTK_BOX (board_page), offmap);
    gtk_stack_add_named (self->main_stack, board_page, "board");
  }

  self->curtain_page = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_icon_name (self->curtain_page, "view-conceal-symbolic");
  adw_status_page_set_description (self->curtain_page,
                                   _("The board hides what the other player may not see. Click when ready."));
  self->curtain_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Ready")));
  gtk_widget_set_halign (GTK_WIDGET (self->curtain_button), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->curtain_button), "pill");
  gtk_widget_add_css_class (GTK_WIDGET (self->curtain_button), "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->curtain_button), "play.reveal");
  adw_status_page_set_child (self->curtain_page, GTK_WIDGET (self->curtain_button));
  gtk_stack_add_named (self->main_stack, GTK_WIDGET (self->curtain_page), "curtain");

  self->victory_page = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_icon_name (self->victory_page, "emblem-ok-symbolic");
  victory_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  self->scores_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 18));
  gtk_box_append (GTK_BOX (victory_box), GTK_WIDGET (self->scores_box));
  odds_buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign (odds_buttons, GTK_ALIGN_CENTER);
  button = gtk_button_new_with_mnemonic (_("_Save Game…"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "play.save-as");
  gtk_widget_add_css_class (button, "pill");
  gtk_box_append (GTK_BOX (odds_buttons), button);
  button = gtk_button_new_with_mnemonic (_("Save _Log…"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "play.save-log");
  gtk_widget_add_css_class (button, "pill");
  gtk_box_append (GTK_BOX (odds_buttons), button);
  button = gtk_button_new_with_mnemonic (_("Show _Board"));
  self->show_board_button = button;
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "play.show-board");
  gtk_widget_add_css_class (button, "pill");
  gtk_box_append (GTK_BOX (odds_buttons), button);
  gtk_box_append (GTK_BOX (victory_box), odds_buttons);
  frame = adw_clamp_new ();
  adw_clamp_set_child (ADW_CLAMP (frame), victory_box);
  adw_status_page_set_child (self->victory_page, frame);
  victory_scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (victory_scrolled), GTK_WIDGET (self->victory_page));
  gtk_stack_add_named (self->main_stack, victory_scrolled, "victory");

  /* The side panel: the track, the prompt, the actions and the log. */
  gtk_box_append (GTK_BOX (hbox), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_size_request (paned, SIDE_PANEL_WIDTH, -1);
  /* The actions come first: the log keeps its own height (a few lines,
   * until the player drags the handle) and the upper pane, which scrolls,
   * takes the rest of the window, whatever its size. */
  gtk_paned_set_resize_start_child (GTK_PANED (paned), TRUE);
  gtk_paned_set_resize_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_add_css_class (paned, "play-side-panel");
  gtk_box_append (GTK_BOX (hbox), paned);

  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (scrolled, -1, 140);
  gtk_paned_set_start_child (GTK_PANED (paned), scrolled);
  self->controls_scrolled = GTK_SCROLLED_WINDOW (scrolled);
  controls = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (controls, 12);
  gtk_widget_set_margin_end (controls, 12);
  gtk_widget_set_margin_top (controls, 12);
  gtk_widget_set_margin_bottom (controls, 12);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), controls);
  /* Each block at its natural height (the status's own scroller too);
   * the panel scrolls as a whole when they do not fit. */
  gtk_scrollable_set_vscroll_policy (GTK_SCROLLABLE (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled))),
                                     GTK_SCROLL_NATURAL);
  panel = controls;

  hbox = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  self->turn_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->turn_label), "title-3");
  gtk_box_append (GTK_BOX (hbox), GTK_WIDGET (self->turn_label));
  self->phase_label = GTK_LABEL (wrap_label ());
  gtk_widget_add_css_class (GTK_WIDGET (self->phase_label), "title-4");
  gtk_box_append (GTK_BOX (hbox), GTK_WIDGET (self->phase_label));
  gtk_box_append (GTK_BOX (panel), hbox);
  self->side_label = GTK_LABEL (wrap_label ());
  gtk_widget_add_css_class (GTK_WIDGET (self->side_label), "dim-label");
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->side_label));

  /* The ruleset's own counters (orders, pools, victory points…), folded
   * away at will: the actions come first.  Every window of the session
   * opens it as the player last left it. */
  self->status_expander = GTK_EXPANDER (gtk_expander_new_with_mnemonic (_("_Status")));
  gtk_expander_set_expanded (self->status_expander, status_expanded);
  gtk_widget_add_css_class (GTK_WIDGET (self->status_expander), "play-status");
  g_signal_connect (self->status_expander, "notify::expanded", G_CALLBACK (status_expanded_cb), NULL);
  self->state_label = GTK_LABEL (wrap_label ());
  gtk_widget_add_css_class (GTK_WIDGET (self->state_label), "caption");
  gtk_widget_set_margin_top (GTK_WIDGET (self->state_label), 3);
  /* A long status (a record per wing or commander) scrolls by itself
   * rather than push the actions down. */
  {
    GtkWidget *status_scrolled = gtk_scrolled_window_new ();

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (status_scrolled),
                                    GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (status_scrolled), TRUE);
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (status_scrolled), 150);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (status_scrolled), GTK_WIDGET (self->state_label));
    gtk_expander_set_child (self->status_expander, status_scrolled);
  }
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->status_expander));

  self->prompt_label = GTK_LABEL (wrap_label ());
  gtk_widget_add_css_class (GTK_WIDGET (self->prompt_label), "play-prompt");
  gtk_widget_set_margin_top (GTK_WIDGET (self->prompt_label), 3);
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->prompt_label));

  /* What End Phase would do now, a warning of the rules among it ("8
   * Orders unspent are lost"), where the player looks before clicking. */
  self->end_label = GTK_LABEL (wrap_label ());
  gtk_widget_add_css_class (GTK_WIDGET (self->end_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->end_label), "dim-label");
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->end_label));

  self->unit_label = GTK_LABEL (wrap_label ());
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->unit_label));

  /* Why the last click on the board did nothing. */
  self->hint_label = GTK_LABEL (wrap_label ());
  gtk_widget_add_css_class (GTK_WIDGET (self->hint_label), "warning");
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), FALSE);
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->hint_label));

  /* The attack preview. */
  self->odds_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->odds_box, "card");
  self->odds_heading = GTK_LABEL (heading (_("Attack Preview")));
  gtk_box_append (GTK_BOX (self->odds_box), GTK_WIDGET (self->odds_heading));
  self->odds_label = GTK_LABEL (wrap_label ());
  gtk_label_set_selectable (self->odds_label, TRUE);
  gtk_box_append (GTK_BOX (self->odds_box), GTK_WIDGET (self->odds_label));
  odds_buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  button = gtk_button_new_with_mnemonic (_("_Commit"));
  gtk_widget_set_tooltip_text (button, _("Commit the attack (Ctrl+Enter)"));
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "play.commit");
  gtk_box_append (GTK_BOX (odds_buttons), button);
  button = gtk_button_new_with_mnemonic (_("C_ancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "play.cancel");
  gtk_box_append (GTK_BOX (odds_buttons), button);
  gtk_box_append (GTK_BOX (self->odds_box), odds_buttons);
  gtk_widget_set_margin_top (self->odds_box, 6);
  gtk_widget_set_visible (self->odds_box, FALSE);
  gtk_box_append (GTK_BOX (panel), self->odds_box);

  gtk_box_append (GTK_BOX (panel), heading (_("Actions")));
  self->actions_box = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->actions_box, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->actions_box), "boxed-list");
  gtk_widget_add_css_class (GTK_WIDGET (self->actions_box), "play-actions");
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->actions_box));

  /* The log: filterable, copyable. */
  log_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (log_box, 12);
  gtk_widget_set_margin_end (log_box, 12);
  gtk_widget_set_margin_top (log_box, 6);
  gtk_widget_set_margin_bottom (log_box, 12);
  gtk_paned_set_end_child (GTK_PANED (paned), log_box);
  hbox = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (hbox), heading (_("Dice and Events")));
  search = gtk_search_entry_new ();
  gtk_widget_set_hexpand (search, TRUE);
  g_object_set (search, "placeholder-text", _("Filter"), NULL);
  gtk_box_append (GTK_BOX (hbox), search);
  button = gtk_button_new_from_icon_name ("edit-copy-symbolic");
  gtk_widget_set_tooltip_text (button, _("Copy the Log (Ctrl+Shift+C)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "play.copy-log");
  gtk_box_append (GTK_BOX (hbox), button);
  gtk_box_append (GTK_BOX (log_box), hbox);

  self->log = gtk_string_list_new (NULL);
  self->log_filter = gtk_string_filter_new (gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
  gtk_string_filter_set_match_mode (self->log_filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  gtk_string_filter_set_ignore_case (self->log_filter, TRUE);
  g_object_bind_property (search, "text", self->log_filter, "search", G_BINDING_DEFAULT);
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->log)),
                                        GTK_FILTER (g_object_ref (self->log_filter)));
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (log_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (log_bind_cb), NULL);
  self->log_view = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (filtered))),
                                                     factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->log_view), "play-log");
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  /* A few lines of the log (fewer in a short window: log_height); the
   * handle above gives it more. */
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), LOG_HEIGHT_MAX);
  self->log_scrolled = GTK_SCROLLED_WINDOW (scrolled);
  g_signal_connect_object (paned, "notify::max-position", G_CALLBACK (panel_resized_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->log_view));
  gtk_widget_add_css_class (scrolled, "card");
  gtk_box_append (GTK_BOX (log_box), scrolled);

  self->actions = gtk_string_list_new (NULL);

}

/* The shortcuts window of play, with its own keys (the editor's window
 * builds its own, acies-shortcuts.ui, when first asked for). */
static void
set_help_overlay (AciesGameWindow *self)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_string (shortcuts_ui, -1);

  gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self),
                                           GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
}

/* GObject. */

static void
acies_game_window_dispose (GObject *object)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->board != NULL)
    acies_board_view_set_play_units (self->board, NULL);
  g_clear_pointer (&self->views, g_ptr_array_unref);
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  g_clear_handle_id (&self->focus_source, g_source_remove);
  g_clear_handle_id (&self->log_height_source, g_source_remove);
  /* The actions list's rows go with the window's children. */
  g_ptr_array_set_size (self->action_rows, 0);
  g_ptr_array_set_size (self->group_rows, 0);

  G_OBJECT_CLASS (acies_game_window_parent_class)->dispose (object);
}

static void
acies_game_window_finalize (GObject *object)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (object);

  g_clear_object (&self->game);
  g_clear_object (&self->file);
  if (self->autosave != NULL)
    acies_play_autosave_release (self->autosave);
  g_clear_object (&self->autosave);
  g_clear_pointer (&self->legal, g_array_unref);
  g_clear_pointer (&self->shown, g_array_unref);
  g_clear_pointer (&self->view_index, g_array_unref);
  g_clear_pointer (&self->view_texts, g_ptr_array_unref);
  g_clear_pointer (&self->view_marks, g_array_unref);
  g_clear_pointer (&self->leader_views, g_ptr_array_unref);
  g_clear_pointer (&self->offmap_places, g_array_unref);
  g_clear_pointer (&self->destinations, g_array_unref);
  g_clear_pointer (&self->costs, g_ptr_array_unref);
  g_clear_pointer (&self->paths, g_ptr_array_unref);
  g_clear_pointer (&self->targets, g_array_unref);
  g_clear_pointer (&self->candidates, g_array_unref);
  g_free (self->hint_text);
  g_clear_object (&self->actions);
  g_clear_object (&self->action_groups);
  g_clear_pointer (&self->action_group_of, g_array_unref);
  g_clear_pointer (&self->action_rows, g_ptr_array_unref);
  g_clear_pointer (&self->group_rows, g_ptr_array_unref);
  g_clear_pointer (&self->key_rows, g_array_unref);
  g_clear_pointer (&self->group_open, g_hash_table_unref);
  g_clear_pointer (&self->group_keys, g_ptr_array_unref);
  g_clear_object (&self->log);
  g_clear_object (&self->log_filter);
  g_free (self->turn_text);
  g_free (self->side_text);
  g_free (self->end_text);
  g_free (self->prompt_text);
  g_free (self->odds_text);
  g_free (self->curtain_text);
  g_free (self->state_text);
  g_clear_pointer (&self->state_json, json_node_unref);

  G_OBJECT_CLASS (acies_game_window_parent_class)->finalize (object);
}

static void
close_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   AciesGameWindow  *self)
{
  if (self->dialog == dialog)
    self->dialog = NULL;

  if (g_strcmp0 (response, "save") == 0)
    {
      self->close_after_save = TRUE;
      if (self->file != NULL)
        save_to (self, self->file);
      else
        save_as (self, FALSE);
    }
  else if (g_strcmp0 (response, "discard") == 0)
    {
      /* Discard deletes the copy saved after every action: no resume
       * offer either. */
      remove_autosave (self);
      close_later (self);
    }
  else if (g_strcmp0 (response, "keep") == 0)
    {
      /* The autosave stays: the start page offers to resume it. */
      close_later (self);
    }
}

/* Moves made since the last explicit save (or since the window opened,
 * for a game never saved): closing asks first, GNOME style. */
static void
ask_close (AciesGameWindow *self)
{
  GtkWidget *dialog;

  /* AdwMessageDialog is libadwaita 1.2's (AdwAlertDialog from 1.5 on).
   * The words agree with the start page's "Unfinished Games" (saved after
   * every action): closing keeps that copy, Discard deletes it. */
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save the game before closing?"),
                                   self->file != NULL
                                   ? _("Moves made since the game was last saved to its file are not in that file. "
                                       "A copy saved after every action stays under “Unfinished Games” on the "
                                       "start screen if you keep it for later; Discard deletes that copy, and "
                                       "those moves cannot be resumed.")
                                   : _("The game has not been saved to a file. A copy saved after every action "
                                       "stays under “Unfinished Games” on the start screen if you keep it for "
                                       "later; Discard deletes that copy, and the game cannot be resumed."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "keep", _("_Keep for Later"),
                                    "save", self->file != NULL ? _("_Save") : _("_Save As…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response_cb), self, 0);
  self->dialog = ADW_MESSAGE_DIALOG (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
acies_game_window_close_request (GtkWindow *window)
{
  AciesGameWindow *self = ACIES_GAME_WINDOW (window);

  if (!self->may_close && self->n_changes != self->saved_changes)
    {
      if (self->dialog == NULL)
        ask_close (self);
      return TRUE;
    }

  /* A finished game needs no resume offer; an unfinished one keeps its
   * autosave, so the next start offers it. */
  if (state_of (self)->finished)
    remove_autosave (self);

  return GTK_WINDOW_CLASS (acies_game_window_parent_class)->close_request (window);
}

static void
add_choose_binding (GtkWidgetClass *widget_class,
                    guint           keyval,
                    gint32          index)
{
  gtk_widget_class_add_binding_action (widget_class, keyval, GDK_ALT_MASK,
                                       "play.choose-key", "i", index);
}

static void
acies_game_window_class_init (AciesGameWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = acies_game_window_dispose;
  object_class->finalize = acies_game_window_finalize;
  window_class->close_request = acies_game_window_close_request;

  gtk_widget_class_install_action (widget_class, "play.undo", NULL, undo_action_cb);
  gtk_widget_class_install_action (widget_class, "play.choose", "i", choose_action_cb);
  gtk_widget_class_install_action (widget_class, "play.choose-key", "i", choose_key_action_cb);
  gtk_widget_class_install_action (widget_class, "play.apply", "s", apply_action_cb);
  gtk_widget_class_install_action (widget_class, "play.commit", NULL, commit_action_cb);
  gtk_widget_class_install_action (widget_class, "play.cancel", NULL, cancel_action_cb);
  gtk_widget_class_install_action (widget_class, "play.end-phase", NULL, end_phase_action_cb);
  gtk_widget_class_install_action (widget_class, "play.reveal", NULL, reveal_action_cb);
  gtk_widget_class_install_action (widget_class, "play.show-board", NULL, show_board_action_cb);
  gtk_widget_class_install_action (widget_class, "play.copy-log", NULL, copy_log_action_cb);
  gtk_widget_class_install_action (widget_class, "play.save", NULL, save_action_cb);
  gtk_widget_class_install_action (widget_class, "play.save-as", NULL, save_action_cb);
  gtk_widget_class_install_action (widget_class, "play.save-log", NULL, save_action_cb);
  gtk_widget_class_install_action (widget_class, "play.toggle-dark", NULL, dark_action_cb);
  gtk_widget_class_install_action (widget_class, "play.scenario", NULL, scenario_action_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "play.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "play.end-phase", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "play.commit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "play.cancel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "play.reveal", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "play.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "play.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "play.copy-log", NULL);
  for (guint i = 0; i < 9; i++)
    add_choose_binding (widget_class, GDK_KEY_1 + i, i);
}

static void
acies_game_window_init (AciesGameWindow *self)
{
  self->viewer = -1;
  self->selected_unit = -1;
  self->legal = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  self->shown = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  self->views = g_ptr_array_new_with_free_func (g_free);
  self->view_index = g_array_new (FALSE, FALSE, sizeof (gint));
  self->view_texts = g_ptr_array_new_with_free_func (g_free);
  self->view_marks = g_array_new (FALSE, FALSE, sizeof (guint));
  self->leader_views = g_ptr_array_new_with_free_func (g_free);
  self->offmap_places = g_array_new (FALSE, FALSE, sizeof (OffmapPlace));
  self->destinations = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  self->costs = g_ptr_array_new_with_free_func (g_free);
  self->paths = g_ptr_array_new_with_free_func (free_path);
  self->targets = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  self->hover_cell = ACIES_CELL_NONE;
  self->candidates = g_array_new (FALSE, FALSE, sizeof (AciesAction));
  self->drag_unit = -1;
  self->action_groups = gtk_string_list_new (NULL);
  self->action_group_of = g_array_new (FALSE, FALSE, sizeof (guint));
  self->action_rows = g_ptr_array_new ();
  self->group_rows = g_ptr_array_new ();
  self->key_rows = g_array_new (FALSE, FALSE, sizeof (gint));
  self->group_open = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->group_keys = g_ptr_array_new_with_free_func (g_free);

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);
  build_ui (self);
}

/**
 * acies_game_window_new:
 * @application: the application
 * @game: the game to play
 * @file: (nullable): the saved game @game was read from, or %NULL
 * @autosave: (nullable): the autosave file to keep saving to (a resumed
 *   game), or %NULL for a new one
 *
 * Shows @game and saves it to the autosave folder after every change; the
 * game is saved there at once.
 *
 * Returns: (transfer none): a new window
 */
AciesGameWindow *
acies_game_window_new (GtkApplication *application,
                       AciesGame      *game,
                       GFile          *file,
                       GFile          *autosave)
{
  AciesGameWindow *self;
  const AciesScenario *scenario;

  g_return_val_if_fail (ACIES_IS_GAME (game), NULL);

  self = g_object_new (ACIES_TYPE_GAME_WINDOW, "application", application, NULL);
  set_help_overlay (self);
  /* The status block folded or not as the player last left it, across
   * sessions when the settings schema is installed. */
  if (ACIES_IS_APPLICATION (application)
      && acies_application_get_settings (ACIES_APPLICATION (application)) != NULL)
    g_settings_bind (acies_application_get_settings (ACIES_APPLICATION (application)), "play-status-expanded",
                     self->status_expander, "expanded", G_SETTINGS_BIND_DEFAULT);
  self->game = g_object_ref (game);
  self->file = file != NULL ? g_object_ref (file) : NULL;
  self->autosave = autosave != NULL ? g_object_ref (autosave) : NULL;

  /* A resumed autosave of a saved game goes on with that file (Save
   * writes there; moves the file lacks count as unsaved). */
  if (self->autosave != NULL && self->file == NULL)
    {
      g_autoptr(GFile) saved = acies_play_autosave_get_saved_file (self->autosave);
      g_autoptr(AciesGame) in_file = saved != NULL ? acies_game_load_file (saved, NULL) : NULL;

      if (in_file != NULL)
        {
          g_autofree char *digest = acies_game_digest (game);
          g_autofree char *file_digest = acies_game_digest (in_file);

          self->file = g_steal_pointer (&saved);
          if (g_strcmp0 (digest, file_digest) != 0)
            self->saved_changes = G_MAXUINT;
        }
    }
  /* A saved game opened again takes over its autosave from an earlier
   * session when that holds nothing the file lacks (no game listed
   * twice); else it gets a new one. */
  if (self->autosave == NULL && self->file != NULL)
    {
      g_autoptr(GPtrArray) copies = acies_play_autosave_find_for_file (self->file);

      for (guint i = 0; i < copies->len && self->autosave == NULL; i++)
        {
          GFile *copy = g_ptr_array_index (copies, i);
          g_autoptr(AciesGame) kept = NULL;

          if (acies_play_autosave_is_held (copy))
            continue;
          kept = acies_game_load_file (copy, NULL);
          if (kept == NULL || log_is_prefix (kept, game))
            self->autosave = g_object_ref (copy);
        }
    }
  if (self->autosave == NULL)
    self->autosave = acies_play_autosave_new_file ();
  acies_play_autosave_hold (self->autosave);
  self->show_victory = state_of (self)->finished;

  scenario = state_of (self)->scenario;
  update_titles (self);

  acies_board_view_set_scenario (self->board, (AciesScenario *) scenario);
  g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);

  acies_game_window_autosave (self);
  acies_game_window_refresh (self);
  /* The board (or the curtain's Ready) has the keyboard from the start, not
   * the header bar's first button. */
  focus_page (self);

  return self;
}

/* Accessors, for the application and the tests. */

AciesGame *
acies_game_window_get_game (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return self->game;
}

GFile *
acies_game_window_get_file (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return self->file;
}

GFile *
acies_game_window_get_autosave_file (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return self->autosave;
}

/**
 * acies_game_window_save_to_file:
 * @self: a game window
 * @file: where to save
 *
 * Saves the game to @file as Save As does once its file chooser answers:
 * the window then saves there with Save, is titled by it, and the
 * autosave becomes a copy of it (the start page lists the game once, by
 * that file).  A failure is said in a toast.
 *
 * Returns: whether the game was saved
 */
gboolean
acies_game_window_save_to_file (AciesGameWindow *self,
                                GFile           *file)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return save_to (self, file);
}

/**
 * acies_game_window_set_player_names:
 * @self: a game window
 * @names: (nullable): the players' names, one per side ("" for the
 *   side's name)
 */
void
acies_game_window_set_player_names (AciesGameWindow    *self,
                                    const char * const *names)
{
  g_return_if_fail (ACIES_IS_GAME_WINDOW (self));

  acies_game_set_player_names (self->game, names);
  acies_game_window_autosave (self);
  acies_game_window_refresh (self);
}

/**
 * acies_game_window_get_actions:
 * @self: a game window
 *
 * Returns: (transfer none): the labels of the actions the side panel
 *   offers now (GtkStringObject), in the order of play.choose's index
 */
GListModel *
acies_game_window_get_actions (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return G_LIST_MODEL (self->actions);
}

/**
 * acies_game_window_get_action_groups:
 * @self: a game window
 *
 * The actions list is grouped: what the last click pointed at, the
 * selected unit's actions, then a group per kind of action headed by the
 * action spec's label in the ruleset's words ("Command", "Move", "End the
 * phase"), and the rows that select a unit.
 *
 * Returns: (transfer none): the headings of the groups shown
 *   (GtkStringObject), in order
 */
GListModel *
acies_game_window_get_action_groups (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return G_LIST_MODEL (self->action_groups);
}

/**
 * acies_game_window_get_action_group:
 * @self: a game window
 * @index: an index of acies_game_window_get_actions()
 *
 * Returns: the index in acies_game_window_get_action_groups() of the
 *   group the action @index is listed under, or -1 when there is no such
 *   action
 */
gint
acies_game_window_get_action_group (AciesGameWindow *self,
                                    guint            index)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), -1);

  if (index >= self->action_group_of->len)
    return -1;
  return g_array_index (self->action_group_of, guint, index);
}

/**
 * acies_game_window_get_action_group_open:
 * @self: a game window
 * @group: an index of acies_game_window_get_action_groups()
 *
 * Returns: whether the group shows its actions (a long group starts
 *   folded; the player opens it with a click or Enter)
 */
gboolean
acies_game_window_get_action_group_open (AciesGameWindow *self,
                                         guint            group)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), FALSE);

  if (group >= self->group_rows->len)
    return FALSE;
  return adw_expander_row_get_expanded (g_ptr_array_index (self->group_rows, group));
}

/**
 * acies_game_window_get_key_action:
 * @self: a game window
 * @key: 0 for Alt+1 … 8 for Alt+9
 *
 * Returns: the index in acies_game_window_get_actions() that Alt+@key+1
 *   takes (the first nine actions shown in open groups), or -1
 */
gint
acies_game_window_get_key_action (AciesGameWindow *self,
                                  guint            key)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), -1);

  if (key >= self->key_rows->len)
    return -1;
  return g_array_index (self->key_rows, gint, key);
}

/**
 * acies_game_window_get_log:
 * @self: a game window
 *
 * Returns: (transfer none): the event log, a GtkStringObject per line
 */
GListModel *
acies_game_window_get_log (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return G_LIST_MODEL (self->log);
}

const char *
acies_game_window_get_turn_text (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return gtk_label_get_text (self->turn_label);
}

/**
 * acies_game_window_get_side_text:
 * @self: a game window
 *
 * Returns: (nullable): the line under the turn naming the player whose
 *   turn it is ("Varro (Romans) to play"), or %NULL when the game is over
 */
const char *
acies_game_window_get_side_text (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return self->side_text;
}

/**
 * acies_game_window_get_phase_text:
 * @self: a game window
 *
 * Returns: the phase as the side panel shows it (from state->phase)
 */
const char *
acies_game_window_get_phase_text (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return gtk_label_get_text (self->phase_label);
}

/**
 * acies_game_window_has_unsaved_moves:
 * @self: a game window
 *
 * Returns: whether the game changed since it was last saved with Save or
 *   Save As (or, never saved, since the window opened): closing asks then
 */
gboolean
acies_game_window_has_unsaved_moves (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), FALSE);
  return self->n_changes != self->saved_changes;
}

const char *
acies_game_window_get_prompt_text (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return gtk_label_get_text (self->prompt_label);
}

const char *
acies_game_window_get_odds_text (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return gtk_widget_get_visible (self->odds_box) ? gtk_label_get_text (self->odds_label) : NULL;
}

gboolean
acies_game_window_get_curtain_shown (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), FALSE);
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "curtain") == 0;
}

const char *
acies_game_window_get_curtain_text (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return adw_status_page_get_title (self->curtain_page);
}

guint
acies_game_window_get_n_curtains (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), 0);
  return self->n_curtains;
}

gint
acies_game_window_get_viewer (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), -1);
  return self->curtain ? -1 : self->viewer;
}

gint
acies_game_window_get_selected_unit (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), -1);
  return self->selected_unit;
}

gboolean
acies_game_window_get_victory_shown (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), FALSE);
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "victory") == 0;
}

/**
 * acies_game_window_get_dialog:
 * @self: a game window
 *
 * Returns: (transfer none) (nullable): the question the window asks now
 *   (take back a roll, enter a physical roll, save before closing), or
 *   %NULL
 */
AdwMessageDialog *
acies_game_window_get_dialog (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return self->dialog;
}

/**
 * acies_game_window_get_destination_cost:
 * @self: a game window
 * @cell: a cell
 *
 * Returns: (nullable): the cost shown in @cell when it is a legal
 *   destination of the selected unit ("" when the ruleset gives no
 *   cost), or %NULL when it is not a destination
 */
const char *
acies_game_window_get_destination_cost (AciesGameWindow *self,
                                        AciesCell        cell)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);

  for (guint i = 0; i < self->destinations->len; i++)
    if (g_array_index (self->destinations, AciesCell, i) == cell)
      return g_ptr_array_index (self->costs, i);

  return NULL;
}

/**
 * acies_game_window_get_destination_path:
 * @self: a game window
 * @cell: a legal destination of the selected unit
 *
 * Returns: (transfer none) (nullable) (element-type AciesCell): the path
 *   the path preview draws to @cell, or %NULL without one
 */
const GArray *
acies_game_window_get_destination_path (AciesGameWindow *self,
                                        AciesCell        cell)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);

  for (guint i = 0; i < self->destinations->len; i++)
    if (g_array_index (self->destinations, AciesCell, i) == cell)
      return g_ptr_array_index (self->paths, i);

  return NULL;
}

/**
 * acies_game_window_get_board:
 * @self: a game window
 *
 * Returns: (transfer none): the board view (an #AciesBoardView)
 */
GtkWidget *
acies_game_window_get_board (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return GTK_WIDGET (self->board);
}

const char *
acies_game_window_get_state_text (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return self->state_text;
}

/**
 * acies_game_window_get_hint_text:
 * @self: a game window
 *
 * Returns: (nullable): what the side panel says about the last click on
 *   the board that did nothing ("G15 is not a legal destination for…"),
 *   or %NULL
 */
const char *
acies_game_window_get_hint_text (AciesGameWindow *self)
{
  g_return_val_if_fail (ACIES_IS_GAME_WINDOW (self), NULL);
  return self->hint_text;
}
