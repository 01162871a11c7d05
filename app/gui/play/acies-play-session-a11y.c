/* acies-play-session-a11y.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-play"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "acies-play-session-private.h"

/* The board for a player who does not see it: what the viewer sees in a
 * cell in words (the units, whether the selected unit may go there and
 * at what cost, what Return would do), and the cells a key jumps between
 * (one's own units, the legal destinations).  Only what the viewer may
 * see: the views and the ruleset's words for the seat.  Generic: no
 * ruleset is named here. */

/* A unit or a leader alone, as the viewer sees it: the ruleset's words,
 * its side, its markers. */
static void
append_view_words (AciesPlaySession *self,
                   GString          *text,
                   guint             view_index)
{
  const AciesState *state = state_of (self);
  AciesUnit *view = g_ptr_array_index (self->views, view_index);
  gint unit = g_array_index (self->view_index, gint, view_index);
  const char *markers = g_ptr_array_index (self->view_texts, view_index);
  g_autofree char *words = NULL;
  AciesSide *side = view->side != NULL ? acies_scenario_find_side (state->scenario, view->side) : NULL;

  if (unit >= 0)
    words = acies_ruleset_describe_unit (ruleset_of (self), state, unit, self->seat);
  else if (view->name != NULL)
    words = g_strdup (view->name);
  if (words == NULL || *words == '\0')
    {
      g_free (words);
      words = g_strdup (view->id != NULL ? view->id : "?");
    }

  if (text->len > 0)
    g_string_append (text, "; ");
  g_string_append (text, words);
  if (side != NULL)
    g_string_append_printf (text, " (%s)", side->name != NULL ? side->name : side->id);
  if (markers != NULL && *markers != '\0')
    /* Translators: the markers on a unit, after its name ("engaged, disordered"). */
    g_string_append_printf (text, _(", markers: %s"), markers);
  if (unit >= 0 && unit == self->selected_unit)
    g_string_append (text, _(", selected"));

  /* The leaders riding with it. */
  for (guint l = 0; unit >= 0 && l < self->counter_leaders->len; l++)
    {
      const AciesLeader *leader = g_ptr_array_index (self->counter_leaders, l);

      if (view->id != NULL && g_strcmp0 (leader->attached_to, view->id) == 0)
        /* Translators: a leader riding with a unit, "with Pyrrhus". */
        g_string_append_printf (text, _(", with %s"), leader->name != NULL ? leader->name : leader->id);
    }
}

static gboolean
cells_contain (const GArray *cells,
               AciesCell     cell)
{
  for (guint i = 0; cells != NULL && i < cells->len; i++)
    if (g_array_index (cells, AciesCell, i) == cell)
      return TRUE;
  return FALSE;
}

/* What Return (or a click) would do on @cell. */
static char *
return_words (AciesPlaySession *self,
              AciesCell         cell)
{
  g_autoptr(GArray) found = _acies_play_session_cell_candidates (self, cell);
  gint unit = _acies_play_session_unit_at_cell (self, cell);
  g_autofree char *words = NULL;

  if (found->len == 1)
    {
      words = _acies_play_session_describe (self, &g_array_index (found, AciesAction, 0));
      /* Translators: what Return does on the focused cell, "Return: Move Hastati to G12". */
      return g_strdup_printf (_("Return: %s"), words);
    }
  if (found->len > 1)
    /* Translators: Return on a cell where several actions point. */
    return g_strdup_printf (ngettext ("Return lists %u action to choose from",
                                      "Return lists %u actions to choose from", found->len), found->len);
  /* Farther than one action goes: Return takes the route there
   * (acies_play_session_activate_cell()). */
  if (self->selected_unit >= 0 && unit != self->selected_unit
      && _acies_play_session_cell_of_unit (self, self->selected_unit) != cell
      && _acies_play_session_route_to (self, cell) != NULL)
    {
      words = _acies_play_session_route_words (self, _acies_play_session_route_to (self, cell));
      return g_strdup_printf (_("Return: %s"), words);
    }
  if (unit >= 0 && unit != self->selected_unit && acies_play_session_unit_may_act (self, unit))
    {
      words = acies_ruleset_describe_unit (ruleset_of (self), state_of (self), unit, self->seat);
      /* Translators: Return selects the unit on the focused cell. */
      return g_strdup_printf (_("Return selects %s"), words != NULL ? words : "?");
    }
  if (self->selected_unit >= 0 && unit != self->selected_unit)
    return g_strdup (_("Return does nothing here: not a legal destination"));
  return NULL;
}

/* Symbols a counter shows, in words: a screen reader says "black
 * diamond black diamond" for "◆◆", not what the counter means.  A run of
 * one symbol is said as a count ("2 diamonds"), as the rulebooks count
 * them. */
/* The symbols a counter may show, in the order symbol_count_words()
 * knows them. */
static const char * const symbol_glyphs[] = { "◆", "★", "●" };

/* "2 diamonds": @n of the symbol symbol_glyphs[@i], in words (a plural
 * message each, so that every language gets its own forms). */
static char *
symbol_count_words (guint i,
                    guint n)
{
  switch (i)
    {
    case 0:
      /* Translators: a counter's symbols read out, "Cavalry, 2 diamonds". */
      return g_strdup_printf (ngettext ("%u diamond", "%u diamonds", n), n);
    case 1:
      /* Translators: a counter's symbols read out, "Phalanx Hero, 1 star". */
      return g_strdup_printf (ngettext ("%u star", "%u stars", n), n);
    default:
      /* Translators: a counter's symbols read out, "Velites, 1 dot". */
      return g_strdup_printf (ngettext ("%u dot", "%u dots", n), n);
    }
}

/**
 * acies_play_session_speakable:
 * @text: (nullable): words the board or the log shows
 *
 * @text for a screen reader: each run of a counter's symbol ("◆◆") said
 * as words (", 2 diamonds").  Generic: the symbols are glyphs, whatever
 * ruleset drew them.
 *
 * Returns: (transfer full) (nullable): the words, or %NULL for %NULL
 */
char *
acies_play_session_speakable (const char *text)
{
  GString *out;

  if (text == NULL)
    return NULL;
  out = g_string_new (NULL);
  for (const char *p = text; *p != '\0';)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (symbol_glyphs) && !found; i++)
        {
          gsize len = strlen (symbol_glyphs[i]);
          guint n = 0;

          while (strncmp (p, symbol_glyphs[i], len) == 0)
            {
              p += len;
              n++;
            }
          if (n == 0)
            continue;
          found = TRUE;
          while (out->len > 0 && out->str[out->len - 1] == ' ')
            g_string_truncate (out, out->len - 1);
          g_string_append (out, ", ");
          g_autofree char *words = symbol_count_words (i, n);
          g_string_append (out, words);
        }
      if (!found)
        {
          const char *next = g_utf8_next_char (p);

          g_string_append_len (out, p, next - p);
          p = next;
        }
    }
  return g_string_free (out, FALSE);
}

/**
 * acies_play_session_describe_cell:
 * @self: a play session
 * @cell: a cell of the board
 *
 * What the viewer sees in @cell, in words for a screen reader: each unit
 * and lone leader there in the ruleset's words, with its side and
 * markers; whether @cell is a legal destination of the selected unit and
 * at what cost, or one of its targets; and what Return (or a click) on
 * @cell would do.  Only what the viewer may see; nothing under the
 * hand-over curtain.
 *
 * Returns: (transfer full) (nullable): the words, or %NULL when there is
 *   nothing to say
 */
char *
acies_play_session_describe_cell (AciesPlaySession *self,
                                  AciesCell         cell)
{
  g_autoptr(GString) units = g_string_new (NULL);
  GString *text;
  const char *cost;
  g_autofree char *action = NULL;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  if (self->curtain || cell == ACIES_CELL_NONE)
    return NULL;

  for (guint i = 0; i < self->views->len; i++)
    {
      AciesUnit *view = g_ptr_array_index (self->views, i);

      if (view->cell != ACIES_CELL_NONE && (view->cell == cell || view->cell2 == cell))
        append_view_words (self, units, i);
    }

  text = g_string_new (NULL);
  if (units->len > 0)
    g_string_append (text, units->str);
  else
    g_string_append (text, _("No units"));

  if (self->selected_unit >= 0)
    {
      g_autofree char *selected = acies_ruleset_describe_unit (ruleset_of (self), state_of (self),
                                                               self->selected_unit, self->seat);

      if ((cost = acies_play_session_get_destination_cost (self, cell)) != NULL)
        {
          if (*cost != '\0')
            /* Translators: the focused cell is a legal destination, "Legal destination for Hastati, cost 2". */
            g_string_append_printf (text, _(". Legal destination for %s, cost %s"), selected, cost);
          else
            g_string_append_printf (text, _(". Legal destination for %s"), selected);
        }
      if (cells_contain (self->targets, cell))
        /* Translators: the focused cell holds a target of the selected unit. */
        g_string_append_printf (text, _(". Target of %s"), selected);
    }

  if ((action = return_words (self, cell)) != NULL)
    g_string_append_printf (text, ". %s", action);

  {
    g_autofree char *words = g_string_free (text, FALSE);

    return acies_play_session_speakable (words);
  }
}

/**
 * acies_play_session_dup_selected_description:
 * @self: a play session
 *
 * The full description of the selected unit (its counter's tooltip:
 * acies_play_session_dup_view_tooltip()), for a key that reads it out.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when no unit is
 *   selected or it is not shown
 */
char *
acies_play_session_dup_selected_description (AciesPlaySession *self)
{
  gint view;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  if (self->selected_unit < 0
      || (view = acies_play_session_get_view_of_unit (self, self->selected_unit)) < 0)
    return NULL;
  return acies_play_session_dup_view_tooltip (self, view);
}

/**
 * acies_play_session_get_done_words:
 * @self: a play session
 *
 * The last action the session took, in the words of its row or of
 * Return, described before it was taken ("Place Phalanx A at E3 (GC
 * 3.1)"): what the live region says was done when the action makes no
 * event for the log.
 *
 * Returns: (transfer none) (nullable): the words, or %NULL
 */
const char *
acies_play_session_get_done_words (AciesPlaySession *self)
{
  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), NULL);

  return self->done_words;
}

static int
compare_cells (gconstpointer a,
               gconstpointer b)
{
  AciesCell x = *(const AciesCell *) a, y = *(const AciesCell *) b;

  return (x > y) - (x < y);
}

/* The cells of the legal actions that name a cell or a unit on the board
 * (the set-up placements) when no unit is selected. */
static void
add_action_cells (AciesPlaySession *self,
                  GArray           *cells)
{
  const AciesActionSpec *specs;
  guint n_specs = 0;

  specs = acies_ruleset_get_action_specs (ruleset_of (self), &n_specs);
  for (guint i = 0; i < self->legal->len; i++)
    {
      const AciesAction *action = &g_array_index (self->legal, AciesAction, i);

      for (guint a = 0; action->type < n_specs && a < specs[action->type].n_args; a++)
        if (specs[action->type].args[a].kind == ACIES_ARG_CELL && action->args[a] >= 0)
          g_array_append_val (cells, action->args[a]);
    }
}

/**
 * acies_play_session_next_cell:
 * @self: a play session
 * @from: the cell the keyboard focus is on, or %ACIES_CELL_NONE
 * @what: %ACIES_PLAY_SESSION_JUMP_UNITS: the viewer's own units on the
 *   board; %ACIES_PLAY_SESSION_JUMP_DESTINATIONS: the legal destinations
 *   and targets of the selected unit (with none selected, the cells the
 *   legal actions name: the set-up placements)
 * @backwards: the previous one rather than the next
 *
 * The next cell of @what after @from, in the board's cell order, going
 * round: what a key jumps the board's focus to.
 *
 * Returns: the cell, or %ACIES_CELL_NONE when there is none
 */
AciesCell
acies_play_session_next_cell (AciesPlaySession     *self,
                              AciesCell             from,
                              AciesPlaySessionJump  what,
                              gboolean              backwards)
{
  const AciesState *state;
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  const char *seat_side = NULL;
  gint side;

  g_return_val_if_fail (ACIES_IS_PLAY_SESSION (self), ACIES_CELL_NONE);

  if (self->curtain)
    return ACIES_CELL_NONE;
  state = state_of (self);
  side = acies_ruleset_seat_side (ruleset_of (self), state, self->seat);
  if (side >= 0 && (guint) side < state->scenario->sides->len)
    seat_side = ((AciesSide *) g_ptr_array_index (state->scenario->sides, side))->id;

  if (what == ACIES_PLAY_SESSION_JUMP_UNITS)
    {
      for (guint i = 0; i < self->views->len; i++)
        {
          AciesUnit *view = g_ptr_array_index (self->views, i);

          if (view->cell != ACIES_CELL_NONE && g_array_index (self->view_index, gint, i) >= 0
              && (seat_side == NULL || g_strcmp0 (view->side, seat_side) == 0))
            g_array_append_val (cells, view->cell);
        }
    }
  else if (self->selected_unit >= 0)
    {
      g_array_append_vals (cells, self->destinations->data, self->destinations->len);
      g_array_append_vals (cells, self->targets->data, self->targets->len);
    }
  else
    add_action_cells (self, cells);

  if (cells->len == 0)
    return ACIES_CELL_NONE;
  g_array_sort (cells, compare_cells);

  if (backwards)
    {
      for (guint i = cells->len; i > 0; i--)
        if (from == ACIES_CELL_NONE || g_array_index (cells, AciesCell, i - 1) < from)
          return g_array_index (cells, AciesCell, i - 1);
      return g_array_index (cells, AciesCell, cells->len - 1);
    }
  for (guint i = 0; i < cells->len; i++)
    if (from == ACIES_CELL_NONE || g_array_index (cells, AciesCell, i) > from)
      return g_array_index (cells, AciesCell, i);
  return g_array_index (cells, AciesCell, 0);
}
