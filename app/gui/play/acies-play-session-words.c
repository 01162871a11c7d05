/* acies-play-session-words.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "rulesets/acies-catalogue.h"

#include "acies-text.h"
#include "acies-play-session-private.h"

/* The play session's words: names, the log, the prompt, the status, the
 * odds and the hints, from the ruleset interface and the catalogue (the
 * scenario's and the counters' are in acies-play-session-tooltips.c).
 * Generic: no ruleset is named here. */

static const char *
side_name (AciesPlaySession *self,
           gint              side)
{
  const AciesScenario *scenario = state_of (self)->scenario;
  AciesSide *s;

  if (side < 0 || (guint) side >= scenario->sides->len)
    return _("Nobody");
  s = g_ptr_array_index (scenario->sides, side);

  return s->name != NULL ? s->name : s->id;
}

/**
 * acies_play_session_get_player_name:
 * @self: a play session
 * @side: a side index
 *
 * Returns: the name of the player of @side, or the side's name
 */
const char *
acies_play_session_get_player_name (AciesPlaySession *self,
                                    gint              side)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  const char * const *names = acies_game_get_player_names (self->game);

  /* The names are kept by the game, so the saved file has them. */
  if (names != NULL && side >= 0
      && (guint) side < g_strv_length ((char **) names)
      && names[side][0] != '\0')
    return names[side];

  return side_name (self, side);
}

/**
 * acies_play_session_dup_player_label:
 * @self: a play session
 * @side: a side index
 *
 * The player who plays @side, as "Pyrrhus (Epirus)" or just "Epirus"
 * (when the player has no name of his own).
 *
 * Returns: (transfer full): the label
 */
char *
acies_play_session_dup_player_label (AciesPlaySession *self,
                                     gint              side)
{
  const char *player = acies_play_session_get_player_name (self, side);
  const char *name = side_name (self, side);

  if (g_strcmp0 (player, name) == 0)
    return g_strdup (name);

  /* Translators: a player's name and the side they play. */
  return g_strdup_printf (_("%s (%s)"), player, name);
}

/* The side that must decide now: the prompt's player when the rules ask
 * someone (the inactive player too), else the state's deciding side. */
gint
_acies_play_session_deciding_player (AciesPlaySession  *self,
                                     const AciesPrompt *prompt)
{
  const AciesState *state = state_of (self);

  if (state->finished)
    return -1;
  if (prompt != NULL && prompt->player >= 0)
    return prompt->player;
  return state->deciding_side;
}

/* The seat that must decide in @state (the game's, or a preview's): the
 * ruleset's deciding seat when it plays the deciding side (a General of
 * that side), else that side's principal seat (the side's index; so with
 * one seat per side, the deciding side). */
gint
_acies_play_session_seat_of (AciesPlaySession  *self,
                             const AciesState  *state,
                             const AciesPrompt *prompt)
{
  AciesRuleset *ruleset = ruleset_of (self);
  gint side, seat;

  if (state->finished)
    return -1;
  side = prompt != NULL && prompt->player >= 0 ? prompt->player : state->deciding_side;
  if (side < 0)
    return -1;
  seat = acies_ruleset_get_deciding_seat (ruleset, state);
  if (seat >= 0 && acies_ruleset_seat_side (ruleset, state, seat) == side)
    return seat;
  return side;
}

/* The seat that must decide now. */
gint
_acies_play_session_deciding_seat (AciesPlaySession  *self,
                                   const AciesPrompt *prompt)
{
  return _acies_play_session_seat_of (self, state_of (self), prompt);
}

/* Whether one person holds both seats: two seats of one side given the
 * same player's name in New Game (a General who is also the Supreme
 * Commander, with fewer players than seats).  No curtain between them. */
gboolean
_acies_play_session_same_person (AciesPlaySession *self,
             gint              a,
             gint              b)
{
  AciesRuleset *ruleset = ruleset_of (self);
  const AciesState *state = state_of (self);
  const char * const *names = acies_game_get_player_names (self->game);
  guint n_names = names != NULL ? g_strv_length ((char **) names) : 0;

  if (a < 0 || b < 0 || a == b)
    return a == b;
  if (acies_ruleset_seat_side (ruleset, state, a) != acies_ruleset_seat_side (ruleset, state, b))
    return FALSE;
  return (guint) a < n_names && (guint) b < n_names && names[a][0] != '\0'
         && g_strcmp0 (names[a], names[b]) == 0;
}

/**
 * acies_play_session_dup_seat_label:
 * @self: a play session
 * @seat: a seat (acies_ruleset_get_n_seats()), or -1
 *
 * The player in @seat: with one seat per side, as
 * acies_play_session_dup_player_label(); when several players share a
 * side, the ruleset's words for the seat with the name given in New Game,
 * "Marcus (Pompeians: General of the right)", or the words alone.
 *
 * Returns: (transfer full) (nullable): the label, %NULL for -1
 */
char *
acies_play_session_dup_seat_label (AciesPlaySession *self,
                                   gint              seat)
{
  AciesRuleset *ruleset;
  const AciesState *state;
  const char * const *names;
  g_autofree char *words = NULL;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  if (seat < 0)
    return NULL;
  ruleset = acies_game_get_ruleset (self->game);
  state = acies_game_get_state (self->game);
  if (acies_ruleset_get_n_seats (ruleset, state) <= state->scenario->sides->len)
    return acies_play_session_dup_player_label (self, seat);

  names = acies_game_get_player_names (self->game);
  words = acies_ruleset_describe_seat (ruleset, state, seat);
  if (words == NULL)
    return acies_play_session_dup_player_label (self, acies_ruleset_seat_side (ruleset, state, seat));
  if (names != NULL && (guint) seat < g_strv_length ((char **) names) && names[seat][0] != '\0')
    /* Translators: a player's name and the seat they hold, "Marcus (Pompeians: General of the right)". */
    return g_strdup_printf (_("%s (%s)"), names[seat], words);
  return g_steal_pointer (&words);
}

/* An event whose data says "private": true concerns only its player (a
 * look at one's own hidden counters): the log shows it to that player only. */
gboolean
_acies_play_session_event_is_private (const AciesEvent *event)
{
  return event->data != NULL
         && json_object_has_member (event->data, "private")
         && json_object_get_boolean_member (event->data, "private");
}

/* The face a "roll" event's die showed, in the ruleset's words when its
 * number means nothing to a player (a C&C battle die's symbol, CCA B1):
 * "■ red square"; NULL when the number says it. */
char *
_acies_play_session_die_face_words (AciesPlaySession *self,
                                    const AciesEvent *event)
{
  AciesRoll roll;

  if (event->data == NULL || g_strcmp0 (event->type, "roll") != 0)
    return NULL;
  roll.value = (guint) json_object_get_int_member_with_default (event->data, "value", 0);
  roll.faces = (guint) json_object_get_int_member_with_default (event->data, "faces", 0);
  roll.first = (guint) json_object_get_int_member_with_default (event->data, "first", 1);
  roll.purpose = json_object_get_string_member_with_default (event->data, "purpose", "");
  return acies_ruleset_describe_die_face (ruleset_of (self), state_of (self), &roll);
}

/* A "roll" event as the log says it: "Battle die: ■ red square" when the
 * ruleset names the face, else the event's own text ("Combat roll: 5 (d6)"). */
static char *
roll_event_text (AciesPlaySession *self,
                 const AciesEvent *event)
{
  g_autofree char *face = _acies_play_session_die_face_words (self, event);
  const char *purpose, *label;

  if (face == NULL)
    return g_strdup (event->text);
  purpose = json_object_get_string_member_with_default (event->data, "purpose", "");
  label = acies_dice_purpose_label (purpose);
  /* Translators: a die roll in the game log whose face is a symbol: "Battle die: ■ red square". */
  return g_strdup_printf (_("%s: %s"), label != NULL ? label : purpose, face);
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
char *
_acies_play_session_describe (AciesPlaySession  *self,
                              const AciesAction *action)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;
  g_autofree char *text = acies_ruleset_describe_action (ruleset_of (self), state_of (self), action);

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  if (action->type < n_specs && specs[action->type].rule != NULL && !cites_rule (text))
    /* Translators: an action and the rule that allows it, "Move red-1 to B3 (TR 2)";
     * the rule is cited as acies_rule_citation_shown() translates it. */
    return g_strdup_printf (_("%s (%s)"), text, acies_rule_citation_shown (specs[action->type].rule));

  return g_steal_pointer (&text);
}

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
event_line (AciesPlaySession *self,
            const AciesEvent *event)
{
  const char *text = event->text != NULL ? event->text : event->type;
  g_autofree char *who = NULL;
  const char *side, *player;

  /* The end of the game names who wins itself ("Laevinus concedes:
   * Pyrrhus wins"): no name in front of it. */
  if (event->player < 0 || g_strcmp0 (event->type, "game-over") == 0)
    return g_strdup (text);
  side = side_name (self, event->player);
  /* When several players share a side (an Epic battle's Generals), an
   * event says which side acted, not which of its players: the side's
   * name, not its first player's; a private event is that player's. */
  if (acies_ruleset_get_n_seats (ruleset_of (self), state_of (self)) > state_of (self)->scenario->sides->len
      && !_acies_play_session_event_is_private (event))
    who = g_strdup (side);
  else
    who = acies_play_session_dup_player_label (self, event->player);
  player = acies_play_session_get_player_name (self, event->player);

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

/* The notes (take-backs) placed before action @a's lines (G_MAXUINT: the
 * rest, after every action). */
static void
add_notes_at (AciesPlaySession *self,
              GPtrArray        *lines,
              guint             a)
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

/* The most lines a hand-over summary reads out; the rest are in the log. */
#define HANDOVER_MAX_LINES 12

static void
set_seen_lines (AciesPlaySession *self,
                gint              seat,
                guint             n_lines)
{
  if (seat < 0)
    return;
  if ((guint) seat >= self->seen_lines->len)
    g_array_set_size (self->seen_lines, seat + 1);
  g_array_index (self->seen_lines, guint, seat) = n_lines;
}

/**
 * _acies_play_session_handover_summary:
 * @self: a play session
 * @from_seat: the seat leaving the screen, or -1
 * @to_seat: the seat the curtain names
 *
 * What @to_seat missed while the other players had the screen: the log
 * lines every player may read (no private line) since @to_seat last
 * handed the screen over, the last %HANDOVER_MAX_LINES of them, under a
 * heading that names the player.  Both seats have then seen the log up
 * to now (the curtain shows it to whoever is at the screen).  Generic:
 * the log's own lines, whatever the ruleset.
 *
 * Returns: (transfer full): the text
 */
char *
_acies_play_session_handover_summary (AciesPlaySession *self,
                                      gint              from_seat,
                                      gint              to_seat)
{
  g_autoptr(GPtrArray) lines = _acies_play_session_log_lines (self, -1, FALSE);
  g_autofree char *who = acies_play_session_dup_seat_label (self, to_seat);
  guint start = 0, first, n;
  GString *text = g_string_new (NULL);

  if (to_seat >= 0 && (guint) to_seat < self->seen_lines->len)
    start = MIN (g_array_index (self->seen_lines, guint, to_seat), lines->len);
  set_seen_lines (self, from_seat, lines->len);
  set_seen_lines (self, to_seat, lines->len);

  n = lines->len - start;
  /* From the start of the log (the player taking the seat has not
   * played yet, or nothing was logged when they last did): "since the
   * game began", not "since Laevinus last played". */
  if (n == 0 && start == 0)
    /* Translators: the hand-over curtain, when nothing is logged yet. */
    g_string_append (text, _("Nothing in the log yet."));
  else if (n == 0)
    /* Translators: the hand-over curtain, when the log has nothing new
     * for the player taking the seat. */
    g_string_append_printf (text, _("Nothing new in the log since %s last played."), who);
  if (n == 0)
    return g_string_free (text, FALSE);
  if (start == 0)
    /* Translators: the hand-over curtain, over the log lines since the
     * game began ("Since the game began, 4 lines of the log:"). */
    g_string_append_printf (text, ngettext ("Since the game began, %u line of the log:",
                                            "Since the game began, %u lines of the log:", n), n);
  else
    /* Translators: the hand-over curtain, over the log lines the player
     * taking the seat did not see ("Since Pyrrhus last played, 3 lines"). */
    g_string_append_printf (text, ngettext ("Since %s last played, %u line of the log:",
                                            "Since %s last played, %u lines of the log:", n), who, n);
  first = n > HANDOVER_MAX_LINES ? lines->len - HANDOVER_MAX_LINES : start;
  if (first > start)
    {
      g_string_append_c (text, '\n');
      /* Translators: the hand-over summary leaves out its oldest lines. */
      g_string_append_printf (text, ngettext ("(%u earlier line: see the log)",
                                              "(%u earlier lines: see the log)", first - start), first - start);
    }
  for (guint i = first; i < lines->len; i++)
    {
      g_string_append_c (text, '\n');
      g_string_append (text, g_strchug (lines->pdata[i]));
    }
  return g_string_free (text, FALSE);
}

/* The log lines as @viewer may see them (-1: nobody in particular, e.g.
 * behind the curtain, or the exported log): a private event shows only to
 * its own player while that player is the viewer, and is left out
 * otherwise.  The lines every viewer sees are numbered 1, 2, 3… without
 * a gap, so the same event has the same number for every viewer and a
 * private event, hidden or not, leaves no trace in the numbers; a private
 * line shown to its owner is not numbered (it follows the line it comes
 * after).  A take-back note (unnumbered) sits where the take-back
 * happened. */
GPtrArray *
_acies_play_session_log_lines (AciesPlaySession *self,
                               gint              viewer,
                               gboolean          export)
{
  GPtrArray *events = acies_game_get_events (self->game);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  guint e = 0, number = 0;

  for (guint a = 0; a < acies_game_get_n_actions (self->game); a++)
    {
      guint n = acies_game_get_n_events_of_action (self->game, a);
      g_autoptr(GString) dice = g_string_new (NULL);

      add_notes_at (self, lines, a);
      for (guint k = 0; k < n && e < events->len; k++, e++)
        {
          AciesEvent *event = g_ptr_array_index (events, e);
          gboolean private = _acies_play_session_event_is_private (event);
          gboolean hidden = private && (export || viewer < 0 || event->player != viewer);
          g_autofree char *who = NULL;
          GString *line;

          /* Dice waiting for a private event show on a line of their
           * own, numbered, for every viewer alike. */
          if (private && dice->len > 0)
            {
              g_ptr_array_add (lines, g_strdup_printf ("%u. %s", ++number, dice->str));
              g_string_truncate (dice, 0);
            }
          if (hidden)
            continue;
          /* A ruleset's own words for a roll (a "roll" event with its
           * rule: "4 SP against 6 SP (1:2), 1:2 column, die 2: AR") name
           * the dice: they are a line of their own, and the dice's own
           * events waiting for them ("Combat roll: 2 (d6)") are not
           * repeated on it. */
          if (!private && g_strcmp0 (event->type, "roll") == 0 && event->rule != NULL)
            g_string_truncate (dice, 0);
          /* Another die roll is recorded on the line of the event it
           * decides (the ruleset's "rolls 4: a miss"), not as a line of
           * its own. */
          else if (!private && g_strcmp0 (event->type, "roll") == 0 && k + 1 < n)
            {
              g_autofree char *said = roll_event_text (self, event);

              g_string_append_printf (dice, "%s%s", dice->len > 0 ? C_("list separator", "; ") : "", said);
              continue;
            }
          line = g_string_new (NULL);
          if (private)
            g_string_append (line, "   ");
          else
            g_string_append_printf (line, "%u. ", ++number);
          who = event_line (self, event);
          /* The rule in brackets, unless the line already cites it
           * ("… must stop there (GC 8.2)"). */
          if (event->rule != NULL && strstr (who, event->rule) == NULL
              && strstr (who, acies_rule_citation_shown (event->rule)) == NULL)
            /* Translators: a line of the game log and the rule it applies,
             * "Rome attacks Carthage [GC 9.0]"; the rule is cited as
             * acies_rule_citation_shown() translates it. */
            g_string_append_printf (line, C_("log line", "%s [%s]"), who, acies_rule_citation_shown (event->rule));
          else
            g_string_append (line, who);
          if (dice->len > 0)
            {
              g_autofree char *body = g_strdup (line->str);

              /* Translators: a log line and the dice rolled for it, "3. Rome attacks [GC 8.0] · dice: skirmish roll: 4 (d8)". */
              g_string_printf (line, _("%s · dice: %s"), body, dice->str);
              g_string_truncate (dice, 0);
            }
          g_ptr_array_add (lines, g_string_free (line, FALSE));
        }
      /* Dice with no event after them in the action. */
      if (dice->len > 0)
        g_ptr_array_add (lines, g_strdup_printf ("%u. %s", ++number, dice->str));
    }
  add_notes_at (self, lines, G_MAXUINT);

  return lines;
}

/**
 * acies_play_session_dup_log_text:
 * @self: a play session
 *
 * The log as Copy Log and Save Log give it: the battle's title, then a
 * line per event; private events (data "private": true) are left out,
 * whoever looks.
 *
 * Returns: (transfer full): the text
 */
char *
acies_play_session_dup_log_text (AciesPlaySession *self)
{
  g_autoptr(GPtrArray) lines = NULL;
  const AciesScenario *scenario;
  GString *text;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  scenario = state_of (self)->scenario;
  lines = _acies_play_session_log_lines (self, -1, TRUE);
  text = g_string_new (NULL);

  g_string_append_printf (text, "%s\n", scenario->meta.title ? scenario->meta.title : "");
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (lines, i));

  return g_string_free (text, FALSE);
}

/* Members of a state view that the panel shows elsewhere or not at all. */
static gboolean
state_member_is_common (const char *name)
{
  static const char * const common[] = {
    "turn", "phase", "active_side", "deciding_side", "finished", "winner",
    "end_reason", "units", "lit", NULL
  };

  return g_strv_contains (common, name);
}

/* "rally_limit" → "Rally limit", translated with the context "state
 * member": each ruleset marks the labels of its state's members with
 * NC_("state member", …) for translators. */
char *
_acies_play_session_member_label (const char *name)
{
  g_autofree char *label = g_strdup (name);

  g_strdelimit (label, "_-", ' ');
  if (label[0] != '\0')
    label[0] = g_ascii_toupper (label[0]);

  return g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "state member", label));
}

void
_acies_play_session_append_scalar (GString  *text,
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
    /* A word of the state view ("present"), as the ruleset marks it with
     * NC_("state value", …); other strings (names) stay as they are. */
    g_string_append (text, g_dpgettext2 (GETTEXT_PACKAGE, "state value", json_node_get_string (node)));
}

/* A record's title: its "name", else the name of what its "id" names (a
 * scenario leader's name, a unit as the ruleset describes it), else the
 * id itself. */
static char *
record_title (AciesPlaySession *self,
              JsonObject       *record)
{
  const char *name = json_object_get_string_member_with_default (record, "name", NULL);
  const char *id = json_object_get_string_member_with_default (record, "id", NULL);
  const AciesScenario *scenario = state_of (self)->scenario;
  const AciesLeader *leader;
  gint unit;

  if (name != NULL && *name != '\0')
    return g_strdup (name);
  if (id == NULL)
    return g_strdup ("");
  leader = acies_scenario_find_leader (scenario, id);
  if (leader != NULL)
    return g_strdup (leader->name != NULL && *leader->name != '\0' ? leader->name : id);
  unit = acies_ruleset_unit_index (ruleset_of (self), state_of (self), id);
  if (unit >= 0)
    {
      char *described = acies_ruleset_describe_unit (ruleset_of (self), state_of (self), unit, self->seat);

      if (described != NULL)
        return described;
    }

  return g_strdup (id);
}

/* Whether @words stand as whole words in @title ("A" in "Purple
 * (phalanx) A", not in "Alae"): the record's title already says them. */
static gboolean
title_says (const char *title,
            const char *words)
{
  gsize n = strlen (words);

  if (n == 0)
    return FALSE;
  for (const char *p = strstr (title, words); p != NULL; p = strstr (p + 1, words))
    {
      gboolean starts = p == title || !g_unichar_isalnum (g_utf8_get_char (g_utf8_prev_char (p)));
      gboolean ends = p[n] == '\0' || !g_unichar_isalnum (g_utf8_get_char (p + n));

      if (starts && ends)
        return TRUE;
    }
  return FALSE;
}

/* A record's field whose value says itself ("present", "lost", what a
 * card does): the words of a status or an effect need no key before
 * them. */
static gboolean
field_is_status (const char *name)
{
  return g_str_equal (name, "status") || g_str_equal (name, "state")
         || g_str_equal (name, "condition") || g_str_equal (name, "effect");
}

/* The ruleset's own state as the viewer may see it
 * (acies_ruleset_state_view_to_json), in lines a player reads: scalars
 * ("Weather: wet"), one value per side ("Orders: Rome 5 · Carthage 3"),
 * and lists of named records ("Commanders: varro — activation pool 2…").
 * Generic: no ruleset is named here. */
char *
_acies_play_session_state_text (AciesPlaySession *self,
                                JsonNode         *root)
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
      label = _acies_play_session_member_label (name);
      if (JSON_NODE_HOLDS_VALUE (node))
        {
          /* Translators: a label of the Status block and the space before its value ("Flags: 3"). */
          g_string_append_printf (text, C_("status label", "%s: "), label);
          _acies_play_session_append_scalar (text, node);
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
          /* TRANSLATORS: a label of the Status block before its values ("Flags: Romans 2 · Gauls 1"). */
          g_string_append_printf (text, C_("status label", "%s:"), label);
          for (guint i = 0; i < n; i++)
            {
              JsonNode *element = json_array_get_element (array, i);

              if (scalars)
                {
                  g_string_append (text, i == 0 ? " " : " · ");
                  if (n == n_sides)
                    g_string_append_printf (text, "%s ", side_name (self, i));
                  _acies_play_session_append_scalar (text, element);
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
                      const char *named = NULL;

                      /* Ids are for programs: "id", "wing_id". */
                      if (g_str_equal (f->data, "name") || g_str_equal (f->data, "id")
                          || g_str_has_suffix (f->data, "_id") || !JSON_NODE_HOLDS_VALUE (field))
                        continue;
                      if (json_node_get_value_type (field) == G_TYPE_STRING)
                        {
                          const char *value = json_node_get_string (field);

                          /* An id says its thing's name; what the title
                           * already says ("Purple (phalanx) A — wing
                           * purple, front A") is not said twice. */
                          named = acies_scenario_name_of (state_of (self)->scenario, value);
                          if (title_says (title, named != NULL ? named : value))
                            continue;
                        }
                      g_string_append (text, first ? " — " : ", ");
                      if (!field_is_status (f->data)
                          || json_node_get_value_type (field) != G_TYPE_STRING)
                        {
                          g_autofree char *first = NULL;

                          field_label = _acies_play_session_member_label (f->data);
                          /* Its first letter in lower case, "É" too. */
                          first = g_utf8_strdown (field_label, g_utf8_next_char (field_label) - field_label);
                          g_string_append_printf (text, "%s%s ", first, g_utf8_next_char (field_label));
                        }
                      if (named != NULL)
                        g_string_append (text, named);
                      else
                        _acies_play_session_append_scalar (text, field);
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

/* What committing @action leads to, tried on a copy of the state with no
 * dice: it rolls at once, or it declares the attack and the rules ask for
 * more (supporters, choices) before the roll, in the ruleset's own words. */
static char *
describe_follow_up (AciesPlaySession  *self,
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
          g_autofree char *next = _acies_play_session_prompt_sentence (self, copy, prompt);

          AciesAction declared;

          /* Inside an attack already declared, a step of it (a
           * supporter, a retreat before combat) declares nothing. */
          if (!_acies_play_session_find_declared (self, &declared))
            /* Translators: the attack preview; %s is the ruleset's next prompt. */
            text = g_strdup_printf (_("Commit declares the attack; the dice are not rolled yet. Next: %s. "
                                      "The odds shown then follow those choices."), next);
          else
            /* Translators: the preview of a step inside an attack (a
             * supporter, a retreat before combat); %s is the next prompt. */
            text = g_strdup_printf (_("Commit makes this choice; the dice are not rolled yet. Next: %s. "
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

      g_string_append (text, "  ");
      if (outcome->provisional)
        /* Translators: an attack's result and its chance, from a table's
         * provisional cell: "DR: 12.5 % (provisional table cell)"; %.1f
         * is written with the locale's decimal mark ("12,5 %"). */
        g_string_append_printf (text, _("%s: %.1f %% (provisional table cell)"), outcome->result,
                                outcome->probability * 100.0);
      else
        /* Translators: an attack's result and its chance: "DR: 12.5 %";
         * %.1f is written with the locale's decimal mark ("12,5 %"). */
        g_string_append_printf (text, _("%s: %.1f %%"), outcome->result, outcome->probability * 100.0);
      g_string_append_c (text, '\n');
    }
  if (odds->modifiers != NULL && odds->modifiers->len > 0)
    g_string_append_printf (text, "%s\n", _("Modifiers:"));
  for (guint i = 0; odds->modifiers != NULL && i < odds->modifiers->len; i++)
    {
      AciesOddsModifier *modifier = g_ptr_array_index (odds->modifiers, i);
      const char *rule = acies_rule_citation_shown (modifier->rule);

      /* A value of 0 is a line that explains (what scores, what a flag
       * does), not a modifier: no "+0" that reads as "does nothing". */
      g_string_append (text, "  ");
      if (modifier->value != 0 && rule != NULL)
        /* Translators: a line of the attack preview's modifiers: its label,
         * its value, the rule, "Flanked +1 (GC 9.4)". */
        g_string_append_printf (text, C_("odds modifier", "%s %+d (%s)"), modifier->label, modifier->value, rule);
      else if (modifier->value != 0)
        /* Translators: a line of the attack preview's modifiers: its label
         * and its value, "Flanked +1". */
        g_string_append_printf (text, C_("odds modifier", "%s %+d"), modifier->label, modifier->value);
      else if (rule != NULL)
        /* Translators: a line of the attack preview that explains (no
         * value): its words and the rule, "Hits on a helmet (CCA S7)". */
        g_string_append_printf (text, C_("odds modifier", "%s (%s)"), modifier->label, rule);
      else
        g_string_append (text, modifier->label);
      g_string_append_c (text, '\n');
    }
}

/* The attack card's text: the preview of a chosen action with odds
 * (@preview: the action, its odds, and what Commit leads to), or a
 * declared attack waiting for its supporters and choices with its odds as
 * it now stands (@action rolls it). */
char *
_acies_play_session_odds_text (AciesPlaySession  *self,
                               const AciesAction *action,
                               gboolean           preview)
{
  g_autoptr(AciesOdds) odds = acies_ruleset_get_odds (ruleset_of (self), state_of (self), action);
  g_autofree char *what = _acies_play_session_describe (self, action);
  g_autofree char *words = acies_ruleset_describe_action (ruleset_of (self), state_of (self), action);
  GString *text = g_string_new (NULL);

  /* The odds' summary often says the action again, and more ("… attacks
   * … with 5 dice"): then it takes the action's line, with its rule, and
   * the action is not said twice. */
  if (preview && odds != NULL && odds->summary != NULL && words != NULL && *words != '\0'
      && g_str_has_prefix (odds->summary, words) && g_str_has_prefix (what, words))
    {
      g_autofree char *summary = g_steal_pointer (&odds->summary);
      char *both = g_strconcat (summary, what + strlen (words), NULL);

      g_free (what);
      what = both;
    }
  if (preview)
    g_string_append_printf (text, "%s\n", what);
  else
    /* Translators: the declared attack's card; %s is the action that rolls it. */
    g_string_append_printf (text, _("The odds as the attack now stands, with the choices made so far. "
                                    "Commit: %s.\n"), what);
  if (odds != NULL)
    append_odds (text, odds);
  if (preview)
    {
      g_autofree char *next = describe_follow_up (self, action);

      if (next != NULL)
        g_string_append_printf (text, "%s\n", next);
    }
  if (text->len > 0 && text->str[text->len - 1] == '\n')
    g_string_truncate (text, text->len - 1);

  return g_string_free (text, FALSE);
}

/* The prompt as the side panel shows it: the player (the seat) who
 * decides named once.  Rulesets often start their text with the side's name ("Epirus:
 * choose…"); that name becomes the player's label ("Pyrrhus (Epirus):
 * choose…") instead of a second mention, and a rule the text already
 * cites is not repeated. */
char *
_acies_play_session_prompt_sentence (AciesPlaySession  *self,
                                     const AciesState  *state,
                                     const AciesPrompt *prompt)
{
  /* The seat that decides in @state (a General of the side asked). */
  g_autofree char *who = acies_play_session_dup_seat_label (self, _acies_play_session_seat_of (self, state, prompt));
  const char *side = side_name (self, prompt->player);
  const char *player = acies_play_session_get_player_name (self, prompt->player);
  const char *text = prompt->text != NULL ? prompt->text : "";
  const char *rule = acies_rule_citation_shown (prompt->rule);
  gboolean has_rule = rule == NULL || strstr (text, prompt->rule) != NULL || strstr (text, rule) != NULL;
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
          /* The seat's words the ruleset put next ("General of the
           * centre: …") are already in the label: not twice. */
          {
            const char *colon = strchr (rest, ':');
            g_autofree char *head = colon != NULL ? g_strndup (rest, colon - rest) : NULL;

            if (head != NULL && *head != '\0' && strstr (who, head) != NULL)
              for (rest = colon + 1; *rest == ' '; rest++)
                ;
          }
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
  return g_strdup_printf (_("%s (%s)"), body, rule);
}

/* The phase as the ruleset names it (state->phase), in words. */
char *
_acies_play_session_phase_name (const char *phase)
{
  return acies_text_phase_name (phase);
}

/* The turn as the rulebook names it ("Pyrrhus Turn 2", GC 4.0), or
 * "Turn 3" when the ruleset has no words of its own. */
char *
_acies_play_session_turn_words (AciesPlaySession *self)
{
  char *text = acies_ruleset_describe_turn (ruleset_of (self), state_of (self));

  if (text != NULL && *text != '\0')
    return text;
  g_free (text);
  /* Translators: the turn, when the rules have no name of their own for it. */
  return g_strdup_printf (_("Turn %u"), state_of (self)->turn);
}

/* A unit as a sentence names it: the ruleset's words for it ("Light
 * Infantry B at G11", "Legio 2"), else its name or id. */
static char *
unit_words (AciesPlaySession *self,
            gint              unit)
{
  char *name = acies_ruleset_describe_unit (ruleset_of (self), state_of (self), unit, self->seat);

  return name != NULL ? name : g_strdup ("?");
}

/* Why the selected unit (or leader) has no action pointing at @cell, from the legal
 * actions: no move left, not a neighbour, or a neighbour the rules close. */
char *
_acies_play_session_explain_unreachable (AciesPlaySession *self,
                                         AciesCell         cell)
{
  const AciesBoard *board = state_of (self)->scenario->map.board;
  const char *label = acies_board_cell_label (board, cell);
  g_autofree char *leader = _acies_play_session_selected_leader_name (self);
  g_autofree char *unit = leader != NULL ? g_strdup (leader) : unit_words (self, self->selected_unit);
  AciesCell from = leader != NULL
                   ? ((const AciesLeader *) g_ptr_array_index (self->leader_views, self->selected_leader))->cell
                   : _acies_play_session_cell_of_unit (self, self->selected_unit);
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

/* Why @unit, of the side that decides, has no legal action now, in the
 * words the session can find without knowing the rules: it acted in this
 * phase already; its state ("exhausted", "engaged": the words under its
 * counter); other formations act now; or nothing it may do belongs to
 * this phase. */
static char *
why_no_action (AciesPlaySession *self,
               gint              unit)
{
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GPtrArray) acting = g_ptr_array_new ();
  const char *formation = NULL;
  gint view = acies_play_session_get_view_of_unit (self, unit);
  const char *markers = view >= 0 ? acies_play_session_get_view_markers (self, view) : NULL;
  g_autofree char *phase = _acies_play_session_phase_name (state_of (self)->phase);

  if (view >= 0)
    formation = ((AciesUnit *) g_ptr_array_index (self->views, view))->formation;
  if (_acies_play_session_unit_acted (self, unit))
    /* Translators: why a unit has no legal action now. */
    g_string_append (why, _("it has acted already in this phase"));
  else if (markers != NULL && *markers != '\0')
    /* Translators: why a unit has no legal action now; its state, "exhausted". */
    g_string_append_printf (why, _("it is %s"), markers);

  /* The formations whose units may act now. */
  for (guint i = 0; i < self->legal->len; i++)
    {
      gint other = _acies_play_session_first_unit_arg (self, &g_array_index (self->legal, AciesAction, i));
      gint other_view = acies_play_session_get_view_of_unit (self, other);
      const char *f = other_view >= 0 ? ((AciesUnit *) g_ptr_array_index (self->views, other_view))->formation : NULL;

      if (f != NULL && !g_ptr_array_find_with_equal_func (acting, f, g_str_equal, NULL))
        g_ptr_array_add (acting, (gpointer) f);
    }
  if (why->len == 0 && formation != NULL && acting->len > 0
      && !g_ptr_array_find_with_equal_func (acting, formation, g_str_equal, NULL))
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; i < acting->len; i++)
        {
          const AciesFormation *f = acies_scenario_find_formation (state_of (self)->scenario, acting->pdata[i]);

          g_string_append_printf (names, "%s%s", i > 0 ? ", " : "",
                                  f != NULL && f->name != NULL ? f->name : (const char *) acting->pdata[i]);
        }
      /* Translators: why a unit has no legal action now: the formations that act ("Pink (hastati)"). */
      g_string_append_printf (why, _("only %s may act now"), names->str);
    }
  if (why->len == 0)
    /* Translators: why a unit has no legal action now; the phase ("Move Phase"). */
    g_string_append_printf (why, _("nothing it may do belongs to the %s"), phase != NULL ? phase : _("this phase"));

  return g_string_free (g_steal_pointer (&why), FALSE);
}

/* Why a unit on the board cannot be selected: not its side's decision, or
 * none of the legal actions is its own. */
char *
_acies_play_session_explain_unselectable (AciesPlaySession *self,
                                          gint              unit)
{
  const AciesState *state = state_of (self);
  g_autofree char *words = unit_words (self, unit);
  g_autofree char *who = acies_play_session_dup_player_label (self, state->deciding_side);
  g_autofree char *why = NULL;
  const char *side = NULL;

  for (guint i = 0; i < self->views->len; i++)
    if (g_array_index (self->view_index, gint, i) == unit)
      side = ((AciesUnit *) g_ptr_array_index (self->views, i))->side;

  if (state->deciding_side >= 0 && side != NULL
      && (guint) state->deciding_side < state->scenario->sides->len
      && g_strcmp0 (((AciesSide *) g_ptr_array_index (state->scenario->sides, state->deciding_side))->id, side) != 0)
    /* Translators: a unit of the side that does not decide now.  Slots in order: %s: the unit;
     * %s: the player or side who decides ("Varro (Romans)", "Persians": singular or plural). */
    return g_strdup_printf (_("%s cannot act: it is not its side's turn (the decision now rests with %s)."), words, who);

  why = why_no_action (self, unit);
  /* Translators: a unit of the deciding side with no legal action, and why. */
  return g_strdup_printf (_("%s has no legal action now: %s."), words, why);
}
