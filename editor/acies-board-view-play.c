/* acies-board-view-play.c
 *
 * Copyright 2026 The Acies developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-board-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include <gtk/gtk.h>

#include "render/acies-render-private.h"

#include "acies-board-view-private.h"

/*
 * Play mode overlays
 *
 * The play mode (app/gui/play/) shows the units of a game state instead of
 * the scenario's set-up, the legal destinations with their cost, attack
 * targets, a path preview and markers (engaged, exhausted…).  A setter
 * given what is shown already changes nothing and draws nothing.
 */

struct _AciesPlayOverlay
{
  GPtrArray *units;          /* AciesUnit *, borrowed from the caller's views, or NULL */
  GArray    *unit_looks;     /* guint64 per unit: its place and counter, to tell a change */
  GPtrArray *leaders;        /* AciesLeader *, borrowed likewise, or NULL */
  GArray    *leader_looks;   /* guint64 per leader */
  GArray    *destinations;   /* AciesCell */
  GStrv      costs;          /* one per destination, or NULL */
  GArray    *targets;        /* AciesCell */
  GArray    *path;           /* AciesCell, in order */
  GArray    *marker_cells;   /* AciesCell */
  GStrv      marker_texts;   /* one per marker cell */
  GStrv      unit_texts;     /* per play unit: its markers, "" for none */
  GArray    *unit_marks;     /* guint AciesPlayMark per play unit */
};

typedef struct _AciesPlayOverlay PlayOverlay;

/* Where a play unit's counter is drawn, in widget pixels. */
typedef AciesUnitPlace PlayPlace;

void
acies_board_view_play_free (PlayOverlay *overlay)
{
  if (overlay == NULL)
    return;
  g_clear_pointer (&overlay->units, g_ptr_array_unref);
  g_clear_pointer (&overlay->unit_looks, g_array_unref);
  g_clear_pointer (&overlay->leaders, g_ptr_array_unref);
  g_clear_pointer (&overlay->leader_looks, g_array_unref);
  g_clear_pointer (&overlay->destinations, g_array_unref);
  g_clear_pointer (&overlay->costs, g_strfreev);
  g_clear_pointer (&overlay->targets, g_array_unref);
  g_clear_pointer (&overlay->path, g_array_unref);
  g_clear_pointer (&overlay->marker_cells, g_array_unref);
  g_clear_pointer (&overlay->marker_texts, g_strfreev);
  g_clear_pointer (&overlay->unit_texts, g_strfreev);
  g_clear_pointer (&overlay->unit_marks, g_array_unref);
  g_free (overlay);
}

static PlayOverlay *
play_overlay_get (AciesBoardView *self,
                  gboolean        create)
{
  if (self->play == NULL && create)
    self->play = g_new0 (PlayOverlay, 1);

  return self->play;
}

static GArray *
copy_cells (const GArray *cells)
{
  GArray *copy = g_array_new (FALSE, FALSE, sizeof (AciesCell));

  if (cells != NULL && cells->len > 0)
    g_array_append_vals (copy, cells->data, cells->len);

  return copy;
}

static gboolean
same_cells (const GArray *a,
            const GArray *b)
{
  guint la = a != NULL ? a->len : 0, lb = b != NULL ? b->len : 0;

  return la == lb && (la == 0 || memcmp (a->data, b->data, la * sizeof (AciesCell)) == 0);
}

static gboolean
same_strv (const char * const *a,
           const char * const *b)
{
  if (a == NULL || b == NULL)
    return (a == NULL || a[0] == NULL) && (b == NULL || b[0] == NULL);
  return g_strv_equal (a, b);
}

static guint64
mix (guint64 h,
     guint64 v)
{
  h ^= v + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
  return h * G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
}

static guint64
mix_str (guint64     h,
         const char *s)
{
  return mix (h, s != NULL ? g_str_hash (s) : 0x5a5a);
}

/* What each unit looks like where it stands: its cells, facing and
 * counter (read now: the views borrow attributes that a game changes in
 * place). */
static GArray *
unit_looks (AciesBoardView *self,
            GPtrArray      *units)
{
  GArray *looks = g_array_new (FALSE, FALSE, sizeof (guint64));

  for (guint i = 0; units != NULL && self->scenario != NULL && i < units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (units, i);
      AciesCounterLook look;
      guint64 h;

      acies_counter_look_init (&look, self->scenario, self->catalogue, unit, FALSE);
      h = mix (mix (mix (mix_str (acies_counter_look_hash (&look), unit->id), unit->cell), unit->cell2), unit->facing);
      acies_counter_look_clear (&look);
      g_array_append_val (looks, h);
    }
  return looks;
}

static GArray *
leader_looks (GPtrArray *leaders)
{
  GArray *looks = g_array_new (FALSE, FALSE, sizeof (guint64));

  for (guint i = 0; leaders != NULL && i < leaders->len; i++)
    {
      const AciesLeader *leader = g_ptr_array_index (leaders, i);
      guint64 h = mix_str (mix_str (mix_str (mix_str (mix (0x1ead, leader->cell), leader->name), leader->side),
                                    leader->formation), leader->attached_to);

      g_array_append_val (looks, h);
    }
  return looks;
}

static gboolean
same_looks (const GArray *a,
            const GArray *b)
{
  return a != NULL && b != NULL && a->len == b->len
         && (a->len == 0 || memcmp (a->data, b->data, a->len * sizeof (guint64)) == 0);
}

void
acies_board_view_play_fill_options (AciesBoardView     *self,
                                    AciesRenderOptions *options)
{
  PlayOverlay *overlay = play_overlay_get (self, FALSE);

  if (overlay == NULL)
    return;

  options->units = overlay->units;
  options->leaders = overlay->leaders;
  if (overlay->destinations != NULL && overlay->destinations->len > 0)
    options->highlight_cells = overlay->destinations;
}

/* Whether the play mode draws anything over the board's tiles. */
gboolean
acies_board_view_play_has_marks (AciesBoardView *self)
{
  PlayOverlay *overlay = self->play;

  if (overlay == NULL)
    return FALSE;
  if ((overlay->path != NULL && overlay->path->len > 1)
      || (overlay->targets != NULL && overlay->targets->len > 0)
      || (overlay->marker_cells != NULL && overlay->marker_cells->len > 0))
    return TRUE;
  for (guint i = 0; overlay->costs != NULL && overlay->costs[i] != NULL; i++)
    if (overlay->costs[i][0] != '\0')
      return TRUE;
  for (guint i = 0; overlay->unit_texts != NULL && overlay->unit_texts[i] != NULL; i++)
    if (overlay->unit_texts[i][0] != '\0')
      return TRUE;
  for (guint i = 0; overlay->unit_marks != NULL && i < overlay->unit_marks->len; i++)
    if (g_array_index (overlay->unit_marks, guint, i) != 0)
      return TRUE;
  return FALSE;
}

/* The box play_text_at() fills for @text at font @size centred on @x,
 * @y (pixels). */
static void
play_text_box (cairo_t               *cr,
               const char            *text,
               double                 x,
               double                 y,
               double                 size,
               cairo_rectangle_t     *box)
{
  cairo_text_extents_t extents;
  double pad = size * 0.25;

  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &extents);
  cairo_restore (cr);
  box->x = x - extents.width / 2 - pad;
  box->y = y - size / 2 - pad;
  box->width = extents.width + 2 * pad;
  box->height = size + 2 * pad;
}

static void
play_text_at (cairo_t    *cr,
              const char *text,
              double      x,
              double      y,
              double      size,
              gboolean    dark)
{
  cairo_text_extents_t extents;
  cairo_rectangle_t box;

  play_text_box (cr, text, x, y, size, &box);
  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &extents);
  cairo_rectangle (cr, box.x, box.y, box.width, box.height);
  if (dark)
    cairo_set_source_rgba (cr, 0.12, 0.12, 0.12, 0.85);
  else
    cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_fill (cr);
  if (dark)
    cairo_set_source_rgb (cr, 1, 1, 1);
  else
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_move_to (cr, x - extents.width / 2 - extents.x_bearing,
                 y - extents.height / 2 - extents.y_bearing);
  cairo_show_text (cr, text);
  cairo_restore (cr);
}

static gboolean
boxes_overlap (const cairo_rectangle_t *a,
               const cairo_rectangle_t *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width
         && a->y < b->y + b->height && b->y < a->y + a->height;
}

/* Where each unit of @units is drawn (cell size @s, board origin @ox,
 * @oy), from the renderer's own layout; a counter covered by four others
 * of its stack is not shown, so no marker lands on it. */
static GArray *
play_unit_places (AciesBoardView *self,
                  GPtrArray      *units,
                  double          s,
                  double          ox,
                  double          oy)
{
  GArray *places = acies_render_place_units (self->scenario->map.board, units, s, ox, oy);

  for (guint i = 0; i < places->len; i++)
    {
      PlayPlace *p = &g_array_index (places, PlayPlace, i);

      p->shown = p->shown && !p->covered;
    }
  return places;
}

static void
mark_outline (cairo_t *cr,
              double   x,
              double   y,
              double   size,
              double   width,
              double   r,
              double   g,
              double   b)
{
  double half = size / 2 + width;

  cairo_save (cr);
  cairo_set_line_width (cr, width);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_rectangle (cr, x - half, y - half, 2 * half, 2 * half);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/**
 * acies_board_view_draw_play_marks:
 * @cr: a cairo context
 * @x: the counter's centre, in @cr's units (pixels)
 * @y: the counter's centre
 * @size: the counter's side, in pixels
 * @marks: #AciesPlayMark flags
 *
 * Draws a counter's play marks as the board draws them, for counters
 * shown elsewhere too (the play window's off-map box): an amber outline
 * for a group selected together, a blue one for the selected unit, a
 * star at the upper left corner for the lead unit.
 */
void
acies_board_view_draw_play_marks (cairo_t *cr,
                                  double   x,
                                  double   y,
                                  double   size,
                                  guint    marks)
{
  double line = MAX (2.0, size * 0.07);

  /* Amber for a group, blue for the selected unit: both visible on a
   * light and a dark board. */
  if (marks & ACIES_PLAY_MARK_GROUP)
    mark_outline (cr, x, y, size, line, 0.96, 0.76, 0.07);
  if (marks & ACIES_PLAY_MARK_SELECTED)
    mark_outline (cr, x, y, size, (marks & ACIES_PLAY_MARK_GROUP) ? line / 2 : line, 0.21, 0.52, 0.89);
  if (marks & ACIES_PLAY_MARK_LEAD)
    {
      double r = MAX (4.0, size * 0.16);
      double sx = x - size / 2 + r * 0.2, sy = y - size / 2 + r * 0.2;

      cairo_save (cr);
      cairo_new_path (cr);
      for (guint k = 0; k < 10; k++)
        {
          double a = -G_PI / 2 + k * G_PI / 5;
          double rr = k % 2 == 0 ? r : r * 0.45;

          cairo_line_to (cr, sx + rr * cos (a), sy + rr * sin (a));
        }
      cairo_close_path (cr);
      cairo_set_source_rgb (cr, 0.96, 0.76, 0.07);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, MAX (1.0, r * 0.15));
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

/* Per-unit marks: an outline around the counters of a group selected
 * together (and the selected unit), a star at the lead unit's upper left
 * corner, and each unit's marker words under its own counter. */
static void
play_unit_marks_snapshot (AciesBoardView           *self,
                          PlayOverlay              *overlay,
                          cairo_t                  *cr,
                          const AciesRenderOptions *options)
{
  g_autoptr(GArray) places = NULL;

  if (overlay->units == NULL || (overlay->unit_texts == NULL && overlay->unit_marks == NULL))
    return;
  places = play_unit_places (self, overlay->units, options->cell_size,
                             options->offset_x, options->offset_y);

  for (guint i = 0; overlay->unit_marks != NULL && i < overlay->unit_marks->len && i < places->len; i++)
    {
      const PlayPlace *p = &g_array_index (places, PlayPlace, i);
      guint marks = g_array_index (overlay->unit_marks, guint, i);

      if (!p->shown)
        continue;
      acies_board_view_draw_play_marks (cr, p->x, p->y, p->size, marks);
    }

  {
    /* Markers under their counters, sized to them (a zone's small
     * counters keep theirs apart); where a word would run into another
     * counter or marker (small hexes, zoomed out), a smaller font, and
     * below 7 px none: the unit's description still names it. */
    g_autoptr(GArray) drawn = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_t));

    for (guint i = 0; overlay->unit_texts != NULL && overlay->unit_texts[i] != NULL && i < places->len; i++)
      {
        const PlayPlace *p = &g_array_index (places, PlayPlace, i);
        double font = CLAMP (p->size * 0.2, 7.0, 12.0);
        gboolean fits = FALSE;
        double y;
        cairo_rectangle_t box;

        if (!p->shown || overlay->unit_texts[i][0] == '\0')
          continue;
        for (; !fits && font >= 7.0; font -= 1.0)
          {
            y = p->y + p->size * 0.5 + font * 0.5 + font * 0.25 + 1.0;
            play_text_box (cr, overlay->unit_texts[i], p->x, y, font, &box);
            fits = TRUE;
            for (guint j = 0; fits && j < drawn->len; j++)
              fits = !boxes_overlap (&box, &g_array_index (drawn, cairo_rectangle_t, j));
            for (guint j = 0; fits && j < places->len; j++)
              {
                const PlayPlace *q = &g_array_index (places, PlayPlace, j);
                cairo_rectangle_t counter = { q->x - q->size / 2, q->y - q->size / 2, q->size, q->size };

                /* Its own stack's counters do not count. */
                fits = !q->shown || j >= overlay->units->len
                       || ((const AciesUnit *) g_ptr_array_index (overlay->units, j))->cell
                          == ((const AciesUnit *) g_ptr_array_index (overlay->units, i))->cell
                       || !boxes_overlap (&box, &counter);
              }
          }
        if (!fits)
          continue;
        font += 1.0;
        play_text_at (cr, overlay->unit_texts[i], p->x, y, font, options->dark);
        g_array_append_val (drawn, box);
      }
  }
}

void
acies_board_view_play_snapshot (AciesBoardView           *self,
                                cairo_t                  *cr,
                                int                       width,
                                int                       height,
                                const AciesRenderOptions *options)
{
  PlayOverlay *overlay = play_overlay_get (self, FALSE);
  double size = options->cell_size;
  double x, y;

  if (overlay == NULL || self->scenario == NULL)
    return;

  /* The path preview: a line through the cells' centres. */
  if (overlay->path != NULL && overlay->path->len > 1)
    {
      cairo_save (cr);
      cairo_set_line_width (cr, MAX (2.0, size * 0.08));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
      for (guint i = 0; i < overlay->path->len; i++)
        if (acies_render_cell_center (self->scenario, width, height, options,
                                      g_array_index (overlay->path, AciesCell, i), &x, &y))
          {
            if (i == 0)
              cairo_move_to (cr, x, y);
            else
              cairo_line_to (cr, x, y);
          }
      cairo_stroke (cr);
      cairo_restore (cr);
    }

  /* Attack targets: a red ring on a white casing (the casing keeps it
   * seen on a red side's counters, which it would otherwise meet red on
   * red); in high contrast a black ring with four ticks, a sight, on a
   * white casing: a shape apart from the destinations' hatching, not
   * only a colour (issue 19.2). */
  for (guint i = 0; overlay->targets != NULL && i < overlay->targets->len; i++)
    if (acies_render_cell_center (self->scenario, width, height, options,
                                  g_array_index (overlay->targets, AciesCell, i), &x, &y))
      {
        double r = size * 0.46, w = MAX (2.0, size * 0.07);

        cairo_save (cr);
        cairo_set_line_width (cr, w);
        cairo_new_path (cr);
        cairo_arc (cr, x, y, r, 0, 2 * G_PI);
        if (options->high_contrast)
          for (guint k = 0; k < 4; k++)
            {
              double a = k * G_PI / 2;

              cairo_move_to (cr, x + (r + w * 1.5) * cos (a), y + (r + w * 1.5) * sin (a));
              cairo_line_to (cr, x + r * 0.6 * cos (a), y + r * 0.6 * sin (a));
            }
        if (options->high_contrast)
          {
            cairo_set_line_width (cr, w + 3.0);
            acies_palette_set_colour (cr, ACIES_PALETTE_FOCUS_HALO, FALSE);
            cairo_stroke_preserve (cr);
            cairo_set_line_width (cr, w);
            acies_palette_set_colour (cr, ACIES_PALETTE_INK_DARK, FALSE);
          }
        else
          {
            cairo_set_line_width (cr, w + 3.0);
            acies_palette_set_colour (cr, ACIES_PALETTE_FOCUS_HALO, FALSE);
            cairo_stroke_preserve (cr);
            cairo_set_line_width (cr, w);
            cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.9);
          }
        cairo_stroke (cr);
        cairo_restore (cr);
      }

  /* The cost of each destination: at the bottom of an empty cell; beside
   * the counters of an occupied one, clear of their values. */
  {
    g_autoptr(GArray) places = NULL;

    if (overlay->units != NULL && overlay->destinations != NULL && overlay->destinations->len > 0)
      places = play_unit_places (self, overlay->units, options->cell_size, options->offset_x, options->offset_y);
    for (guint i = 0; overlay->destinations != NULL && overlay->costs != NULL
         && i < overlay->destinations->len && overlay->costs[i] != NULL; i++)
      {
        AciesCell cell = g_array_index (overlay->destinations, AciesCell, i);
        double font = CLAMP (size * 0.18, 8.0, 14.0);
        double left = G_MAXDOUBLE, cy = 0;

        if (overlay->costs[i][0] == '\0'
            || !acies_render_cell_center (self->scenario, width, height, options, cell, &x, &y))
          continue;
        for (guint j = 0; places != NULL && j < places->len && j < overlay->units->len; j++)
          {
            const PlayPlace *p = &g_array_index (places, PlayPlace, j);
            const AciesUnit *unit = g_ptr_array_index (overlay->units, j);

            if (p->shown && unit->cell == cell && p->x - p->size / 2 < left)
              {
                left = p->x - p->size / 2;
                cy = p->y;
              }
          }
        if (left == G_MAXDOUBLE)
          play_text_at (cr, overlay->costs[i], x, y + MIN (size * 0.3, 40.0), font, options->dark);
        else
          {
            cairo_rectangle_t box;

            /* A badge whose right edge touches the counter's left edge. */
            play_text_box (cr, overlay->costs[i], 0, cy, font, &box);
            play_text_at (cr, overlay->costs[i], left - box.width / 2 + 1.0, cy, font, options->dark);
          }
      }
  }

  /* Markers, outlines and lead marks of each unit, on its own counter. */
  play_unit_marks_snapshot (self, overlay, cr, options);

  /* Markers by cell (engaged, exhausted…), at the top of their cell. */
  for (guint i = 0; overlay->marker_cells != NULL && overlay->marker_texts != NULL
       && i < overlay->marker_cells->len && overlay->marker_texts[i] != NULL; i++)
    if (acies_render_cell_center (self->scenario, width, height, options,
                                  g_array_index (overlay->marker_cells, AciesCell, i), &x, &y))
      /* Capped: a zone board's cells are large, a marker stays small. */
      play_text_at (cr, overlay->marker_texts[i], x, y - MIN (size * 0.36, 40.0),
                    CLAMP (size * 0.15, 7.0, 13.0), options->dark);
}

/**
 * acies_board_view_set_play_units:
 * @self: a board view
 * @units: (nullable) (element-type AciesUnit): the units to draw instead of
 *   the scenario's set-up (views of a game state, borrowed: the caller
 *   keeps them alive while they are shown), or %NULL for the set-up
 *
 * Shows the units of a game (play mode).  An empty array shows no units
 * (the hand-over curtain).
 */
void
acies_board_view_set_play_units (AciesBoardView *self,
                                 GPtrArray      *units)
{
  PlayOverlay *overlay;
  GArray *looks;
  gboolean same;

  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  overlay = play_overlay_get (self, TRUE);
  looks = unit_looks (self, units);
  same = (units == NULL) == (overlay->units == NULL) && same_looks (looks, overlay->unit_looks);
  if (units != NULL)
    g_ptr_array_ref (units);
  g_clear_pointer (&overlay->units, g_ptr_array_unref);
  g_clear_pointer (&overlay->unit_looks, g_array_unref);
  overlay->units = units;
  overlay->unit_looks = looks;
  if (same)
    return;
  /* The new views may point to attributes changed in place. */
  acies_render_cache_invalidate_units (self->cache);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_set_play_leaders:
 * @self: a board view
 * @leaders: (nullable) (element-type AciesLeader): the leaders to draw
 *   instead of the scenario's (views of a game state, borrowed like the
 *   units of acies_board_view_set_play_units()), or %NULL for the
 *   scenario's
 *
 * Shows where a game's leaders stand now (a Hero on his bodyguard's
 * counter); a leader not in the array is not drawn, so one killed or lost
 * leaves the board.
 */
void
acies_board_view_set_play_leaders (AciesBoardView *self,
                                   GPtrArray      *leaders)
{
  PlayOverlay *overlay;
  GArray *looks;
  gboolean same;

  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  overlay = play_overlay_get (self, TRUE);
  looks = leader_looks (leaders);
  same = (leaders == NULL) == (overlay->leaders == NULL) && same_looks (looks, overlay->leader_looks);
  if (leaders != NULL)
    g_ptr_array_ref (leaders);
  g_clear_pointer (&overlay->leaders, g_ptr_array_unref);
  g_clear_pointer (&overlay->leader_looks, g_array_unref);
  overlay->leaders = leaders;
  overlay->leader_looks = looks;
  if (!same)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_set_play_cells:
 * @self: a board view
 * @destinations: (nullable) (element-type AciesCell): legal destinations
 * @costs: (nullable): the cost shown in each destination ("2"), one per
 *   destination, or %NULL
 * @targets: (nullable) (element-type AciesCell): cells of attack targets
 * @path: (nullable) (element-type AciesCell): a path preview, in order
 *
 * Sets the play mode's highlights; the arrays are copied.
 */
void
acies_board_view_set_play_cells (AciesBoardView     *self,
                                 const GArray       *destinations,
                                 const char * const *costs,
                                 const GArray       *targets,
                                 const GArray       *path)
{
  PlayOverlay *overlay;

  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  overlay = play_overlay_get (self, TRUE);
  if (same_cells (destinations, overlay->destinations) && same_strv (costs, (const char * const *) overlay->costs)
      && same_cells (targets, overlay->targets) && same_cells (path, overlay->path))
    return;
  g_clear_pointer (&overlay->destinations, g_array_unref);
  g_clear_pointer (&overlay->costs, g_strfreev);
  g_clear_pointer (&overlay->targets, g_array_unref);
  g_clear_pointer (&overlay->path, g_array_unref);
  overlay->destinations = copy_cells (destinations);
  overlay->costs = g_strdupv ((char **) costs);
  overlay->targets = copy_cells (targets);
  overlay->path = copy_cells (path);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_set_play_markers:
 * @self: a board view
 * @cells: (nullable) (element-type AciesCell): cells with a marker
 * @texts: (nullable): the marker's short text per cell ("Engaged")
 *
 * Sets the markers drawn over the counters; the arrays are copied.
 */
void
acies_board_view_set_play_markers (AciesBoardView     *self,
                                   const GArray       *cells,
                                   const char * const *texts)
{
  PlayOverlay *overlay;

  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  overlay = play_overlay_get (self, TRUE);
  if (same_cells (cells, overlay->marker_cells) && same_strv (texts, (const char * const *) overlay->marker_texts))
    return;
  g_clear_pointer (&overlay->marker_cells, g_array_unref);
  g_clear_pointer (&overlay->marker_texts, g_strfreev);
  overlay->marker_cells = copy_cells (cells);
  overlay->marker_texts = g_strdupv ((char **) texts);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_set_play_unit_marks:
 * @self: a board view
 * @texts: (nullable) (array zero-terminated=1): per play unit (in the
 *   order of acies_board_view_set_play_units()), its marker words
 *   ("engaged disordered"), "" for none
 * @marks: (nullable) (array length=n_marks): per play unit, its
 *   #AciesPlayMark flags
 * @n_marks: the length of @marks
 *
 * Sets the markers drawn on each unit's own counter, wherever the board
 * puts it (a stack, a zone's grid, across two hexes): the words under the
 * counter, an outline for a group selected together or the selected unit,
 * a star for the group's lead.  The arrays are copied.
 */
void
acies_board_view_set_play_unit_marks (AciesBoardView     *self,
                                      const char * const *texts,
                                      const guint        *marks,
                                      guint               n_marks)
{
  PlayOverlay *overlay;

  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  overlay = play_overlay_get (self, TRUE);
  if (same_strv (texts, (const char * const *) overlay->unit_texts)
      && (overlay->unit_marks != NULL ? overlay->unit_marks->len : 0) == (marks != NULL ? n_marks : 0)
      && (marks == NULL || n_marks == 0 || memcmp (overlay->unit_marks->data, marks, n_marks * sizeof (guint)) == 0))
    return;
  g_clear_pointer (&overlay->unit_texts, g_strfreev);
  g_clear_pointer (&overlay->unit_marks, g_array_unref);
  overlay->unit_texts = g_strdupv ((char **) texts);
  overlay->unit_marks = g_array_new (FALSE, FALSE, sizeof (guint));
  if (marks != NULL && n_marks > 0)
    g_array_append_vals (overlay->unit_marks, marks, n_marks);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_get_play_unit_place:
 * @self: a board view
 * @index: a play unit's index in the array given to
 *   acies_board_view_set_play_units()
 * @x: (out) (optional): the centre of its counter, widget pixels
 * @y: (out) (optional): the centre of its counter, widget pixels
 * @size: (out) (optional): the counter's side, pixels
 *
 * Where the unit's counter, and so its markers, are drawn now.
 *
 * Returns: %FALSE when the unit is not drawn (off the board, deep in a
 *   stack) or no board is shown
 */
gboolean
acies_board_view_get_play_unit_place (AciesBoardView *self,
                                      guint           index,
                                      double         *x,
                                      double         *y,
                                      double         *size)
{
  PlayOverlay *overlay;
  g_autoptr(GArray) places = NULL;
  double s, ox, oy;
  const PlayPlace *p;

  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), FALSE);

  overlay = play_overlay_get (self, FALSE);
  if (overlay == NULL || overlay->units == NULL || index >= overlay->units->len
      || !acies_board_view_get_geometry (self,
                                         gtk_widget_get_width (GTK_WIDGET (self)),
                                         gtk_widget_get_height (GTK_WIDGET (self)),
                                         &s, &ox, &oy))
    return FALSE;

  places = play_unit_places (self, overlay->units, s, ox, oy);
  p = &g_array_index (places, PlayPlace, index);
  if (!p->shown)
    return FALSE;
  if (x != NULL)
    *x = p->x;
  if (y != NULL)
    *y = p->y;
  if (size != NULL)
    *size = p->size;

  return TRUE;
}