/* acies-render-areas.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "acies-render-board-private.h"

/* Areas (set-up zones, camps, objectives…), their names, the cells'
 * labels, and the static layer they end. */

/**
 * acies_render_area_colour:
 * @scenario: the scenario (side and formation colours)
 * @area: an area
 * @colour: (out): its colour
 * @dashed: (out): whether its outline is dashed
 *
 * The colour of an area from its kind: a set-up zone in its side's
 * colour, camps, objectives and exits in the palette's.
 */
void
acies_render_area_colour (const AciesScenario *scenario,
                          const AciesArea     *area,
                          AciesRgba           *colour,
                          gboolean            *dashed)
{
  const char *kind = area->kind ? area->kind : "";

  *dashed = FALSE;
  if (g_str_has_prefix (kind, "setup") || g_str_has_prefix (kind, "deploy")
      || g_str_has_prefix (kind, "reinforce") || g_str_has_prefix (kind, "entry"))
    {
      if (area->side != NULL || area->formation != NULL)
        acies_unit_colour (scenario, area->side, area->formation, colour);
      else
        *colour = *acies_palette_get (ACIES_PALETTE_AREA_SETUP);
      *dashed = !g_str_has_prefix (kind, "setup");
    }
  else if (strstr (kind, "camp") != NULL)
    *colour = *acies_palette_get (ACIES_PALETTE_AREA_CAMP);
  else if (strstr (kind, "key") != NULL || strstr (kind, "objective") != NULL)
    *colour = *acies_palette_get (ACIES_PALETTE_AREA_KEY);
  else if (strstr (kind, "exit") != NULL)
    {
      *colour = *acies_palette_get (ACIES_PALETTE_AREA_EXIT);
      *dashed = TRUE;
    }
  else if (area->side != NULL)
    acies_unit_colour (scenario, area->side, area->formation, colour);
  else
    *colour = *acies_palette_get (ACIES_PALETTE_AREA_OTHER);
}

/**
 * acies_render_occupied_cells:
 * @scenario: a scenario
 * @geom: its board's geometry
 *
 * Which cells a unit of the set-up stands in (or across, for a two-hex
 * unit): area names keep clear of them.
 *
 * Returns: (transfer full): one byte per cell, nonzero when occupied
 */
guint8 *
acies_render_occupied_cells (const AciesScenario  *scenario,
                             const AciesBoardGeom *geom)
{
  guint8 *occupied = g_new0 (guint8, MAX (geom->n_cells, 1u));

  for (guint i = 0; scenario->units != NULL && i < scenario->units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (scenario->units, i);

      if (unit->cell >= 0 && (guint) unit->cell < geom->n_cells)
        occupied[unit->cell] = 1;
      if (unit->cell2 >= 0 && (guint) unit->cell2 < geom->n_cells)
        occupied[unit->cell2] = 1;
    }
  return occupied;
}

/**
 * acies_render_area_outline:
 * @g: the board's geometry
 * @area: an area
 *
 * Returns: (transfer full): the loops around the area's cells
 */
AciesOutline *
acies_render_area_outline (const AciesBoardGeom *g,
                           const AciesArea      *area)
{
  g_autofree guint8 *member = g_new0 (guint8, MAX (g->n_cells, 1u));

  for (guint i = 0; area->cells != NULL && i < area->cells->len; i++)
    {
      AciesCell c = g_array_index (area->cells, AciesCell, i);

      if (c >= 0 && (guint) c < g->n_cells)
        member[c] = 1;
    }
  return acies_outline_new (g, member);
}

/**
 * acies_render_area_label:
 * @ctx: a drawing (for the scale and origin; its region does not matter)
 * @area: an area
 * @label: (out): where its name goes
 *
 * The name goes in the cell nearest the area's centroid, avoiding cells
 * with a unit of the set-up on hex and square boards (when units are
 * shown), a little below the cell's centre.
 */
void
acies_render_area_label (const AciesRenderCtx *ctx,
                         const AciesArea      *area,
                         AciesAreaLabel       *label)
{
  const AciesBoardGeom *g = ctx->geom;
  double unit = ctx->s * (g->kind == ACIES_BOARD_ZONES ? 0.25 : 1.0);
  double sx = 0, sy = 0, best = G_MAXDOUBLE, w, h;
  guint n = 0;

  memset (label, 0, sizeof *label);
  label->cell = ACIES_CELL_NONE;
  if (area->name == NULL || !ctx->options->show_labels || area->cells == NULL)
    return;

  for (guint i = 0; i < area->cells->len; i++)
    {
      AciesCell c = g_array_index (area->cells, AciesCell, i);

      if (c < 0 || (guint) c >= g->n_cells)
        continue;
      sx += g->centre[2 * c];
      sy += g->centre[2 * c + 1];
      n++;
    }
  if (n == 0)
    return;
  sx /= n;
  sy /= n;
  for (guint i = 0; i < area->cells->len; i++)
    {
      AciesCell c = g_array_index (area->cells, AciesCell, i);
      double d;

      if (c < 0 || (guint) c >= g->n_cells)
        continue;
      d = hypot (g->centre[2 * c] - sx, g->centre[2 * c + 1] - sy);
      if (g->kind != ACIES_BOARD_ZONES && ctx->occupied != NULL && ctx->options->show_units && ctx->occupied[c])
        d += 1000;
      if (d < best)
        {
          best = d;
          label->cell = c;
        }
    }

  label->font = acies_clampd (unit * 0.24, 0, 15);
  label->x = ACIES_PX (ctx, g->centre[2 * label->cell]);
  /* Within the area's width when it fits (issue 17.9: "Purple set-up (12
   * Phalanx, 11 drawn and 1 Hero)" ran into the Blue zone's name beside
   * it): the font shrinks to the area's width, by at most a fifth, and
   * the name moves sideways into the area.  About 0.62 em a letter
   * (bold). */
  {
    double ax0 = G_MAXDOUBLE, ax1 = -G_MAXDOUBLE, text_w, room;
    glong len = g_utf8_strlen (area->name, -1);

    for (guint i = 0; i < area->cells->len; i++)
      {
        AciesCell c = g_array_index (area->cells, AciesCell, i);
        double x0, y0, x1, y1;

        if (c < 0 || (guint) c >= g->n_cells)
          continue;
        acies_render_cell_bbox (g, c, &x0, &y0, &x1, &y1);
        ax0 = MIN (ax0, x0);
        ax1 = MAX (ax1, x1);
      }
    room = (ax1 - ax0) * ctx->s - 12;
    /* Shrunk only when that makes it fit: a name far wider than its
     * area keeps its size (it is read over its neighbours either way). */
    if (len > 0 && room > 0 && 0.62 * label->font * len > room && room / (0.62 * len) >= label->font * 0.8)
      label->font = room / (0.62 * len);
    text_w = 0.62 * label->font * len;
    if (room > text_w)
      label->x = acies_clampd (label->x, ACIES_PX (ctx, ax0) + 6 + text_w / 2, ACIES_PX (ctx, ax1) - 6 - text_w / 2);
  }
  label->y = ACIES_PY (ctx, g->centre[2 * label->cell + 1])
             + g->inradius * ctx->s * (g->kind == ACIES_BOARD_ZONES ? 0.55 : 0.62);
  /* At most 0.9 em a letter, the halo around it. */
  w = label->font * 0.9 * g_utf8_strlen (area->name, -1) / 2 + label->font * 0.5 + 4;
  h = label->font + 4;
  /* Inside the board's drawn extent: a name by the edge is moved in
   * rather than cut by the board's border (issue 17.9). */
  label->x = acies_clampd (label->x, ACIES_PX (ctx, 0) + w, MAX (ACIES_PX (ctx, 0) + w, ACIES_PX (ctx, g->ext_w) - w));
  label->y = acies_clampd (label->y, ACIES_PY (ctx, 0) + h / 2, MAX (ACIES_PY (ctx, 0) + h / 2, ACIES_PY (ctx, g->ext_h) - h / 2));
  label->x0 = label->x - w;
  label->x1 = label->x + w;
  label->y0 = label->y - h;
  label->y1 = label->y + h;
}

void
acies_render_draw_areas (AciesRenderCtx *ctx)
{
  const AciesBoardGeom *g = ctx->geom;
  cairo_t *cr = ctx->cr;
  double unit = ctx->s * (g->kind == ACIES_BOARD_ZONES ? 0.25 : 1.0);

  if (ctx->scenario->areas == NULL)
    return;

  for (guint a = 0; a < ctx->scenario->areas->len; a++)
    {
      const AciesArea *area = g_ptr_array_index (ctx->scenario->areas, a);
      AciesRgba colour;
      gboolean dashed;
      guint n = 0;

      if (area->cells == NULL || area->cells->len == 0)
        continue;

      acies_render_area_colour (ctx->scenario, area, &colour, &dashed);

      for (guint i = 0; i < area->cells->len && n == 0; i++)
        {
          AciesCell c = g_array_index (area->cells, AciesCell, i);

          if (c >= 0 && (guint) c < g->n_cells && acies_render_ctx_has_cell (ctx, c))
            n++;
        }
      if (n > 0)
        {
          /* The tint: the loops around the area, not each of its cells. */
          if (ctx->outlines != NULL && a < ctx->outlines->len)
            {
              const AciesOutline *outline = g_ptr_array_index (ctx->outlines, a);

              acies_render_outline_path (ctx, outline->points, outline->starts);
            }
          else
            {
              AciesOutline *outline = acies_render_area_outline (g, area);

              acies_render_outline_path (ctx, outline->points, outline->starts);
              acies_outline_free (outline);
            }
          acies_palette_set_source_alpha (cr, &colour, 0.10, ctx->mono);
          cairo_fill (cr);

          for (guint i = 0; i < area->cells->len; i++)
            {
              AciesCell c = g_array_index (area->cells, AciesCell, i);
              guint start, sides;

              if (c < 0 || (guint) c >= g->n_cells || !acies_render_ctx_has_cell (ctx, c)
                  || !acies_render_ctx_meets_cell (ctx, c, 4))
                continue;
              start = g->poly_start[c];
              sides = g->poly_start[c + 1] - start;
              for (guint k = 0; k < sides; k++)
                {
                  AciesCell nb = g->side_nb[start + k];

                  if (nb == ACIES_CELL_NONE || !acies_area_contains (area, nb))
                    acies_render_side_path (ctx, c, k, 0.07);
                }
            }
          cairo_set_line_width (cr, acies_clampd (unit * 0.07, 1.5, 5.0));
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
          if (dashed)
            {
              double dash[2] = { MAX (4.0, unit * 0.15), MAX (3.0, unit * 0.1) };

              cairo_set_dash (cr, dash, 2, 0);
            }
          if (ctx->options->high_contrast)
            {
              /* High contrast: the line in its colour darkened to 7:1
               * against white, on a white casing, so that it stands out
               * at 4.5:1 or better from light and dark terrain alike
               * (issue 19.2: an amber zone's line was 1.1:1). */
              const AciesRgba *white = acies_palette_get (ACIES_PALETTE_FOCUS_HALO);
              AciesRgba ink = acies_palette_ink_on (&colour, white, 7.0);
              double width = cairo_get_line_width (cr);

              cairo_save (cr);
              cairo_set_dash (cr, NULL, 0, 0);
              cairo_set_line_width (cr, width + 3.0);
              acies_palette_set_source (cr, white, ctx->mono);
              cairo_stroke_preserve (cr);
              cairo_restore (cr);
              acies_palette_set_source (cr, &ink, ctx->mono);
            }
          else
            acies_palette_set_source_alpha (cr, &colour, 0.9, ctx->mono);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }
}

/**
 * acies_render_draw_area_names:
 * @ctx: a drawing
 *
 * Draws the names of the areas that meet the region, above the counters
 * (drawn after them) so that a full zone still shows its name.
 */
void
acies_render_draw_area_names (AciesRenderCtx *ctx)
{
  if (ctx->scenario->areas == NULL)
    return;

  for (guint a = 0; a < ctx->scenario->areas->len; a++)
    {
      const AciesArea *area = g_ptr_array_index (ctx->scenario->areas, a);
      AciesAreaLabel label;
      AciesRgba colour;
      gboolean dashed;

      if (area->cells == NULL || area->cells->len == 0)
        continue;
      acies_render_area_colour (ctx->scenario, area, &colour, &dashed);

      /* The name, where it meets the region. */
      if (ctx->labels != NULL)
        {
          label = ctx->labels[a];
          label.x += ctx->ox;
          label.x0 += ctx->ox;
          label.x1 += ctx->ox;
          label.y += ctx->oy;
          label.y0 += ctx->oy;
          label.y1 += ctx->oy;
        }
      else
        acies_render_area_label (ctx, area, &label);
      if (label.cell != ACIES_CELL_NONE
          && label.x1 >= ctx->rx0 && label.x0 <= ctx->rx1 && label.y1 >= ctx->ry0 && label.y0 <= ctx->ry1)
        {
          AciesRgba shade = acies_palette_shade (&colour, 0.7);
          /* On its white halo at 4.5:1 or better, 7:1 in high contrast
           * (WCAG 1.4.3 and 1.4.6; issue 19.2). */
          AciesRgba ink = acies_palette_ink_on (&shade, acies_palette_get (ACIES_PALETTE_FOCUS_HALO),
                                                ctx->options->high_contrast ? 7.0 : 4.5);

          acies_render_text_halo (ctx, area->name, label.font, TRUE, label.x, label.y, 0.5, 0.5, &ink);
        }
    }
}

void
acies_render_draw_labels (AciesRenderCtx *ctx)
{
  const AciesBoardGeom *g = ctx->geom;
  cairo_t *cr = ctx->cr;
  double font;

  if (g->kind == ACIES_BOARD_ZONES)
    {
      ACIES_FOR_EACH_CELL (ctx, c)
        {
          double x0, y0, x1, y1;
          const char *label = acies_board_cell_label_shown (g->board, c);

          acies_render_cell_bbox (g, c, &x0, &y0, &x1, &y1);
          font = acies_clampd (MIN (x1 - x0, y1 - y0) * ctx->s * 0.085, 0, 16);
          acies_render_text_halo (ctx, label, font, TRUE,
                                  ACIES_PX (ctx, (x0 + x1) / 2), ACIES_PY (ctx, y0) + font * 0.5,
                                  0.5, 0.0, acies_palette_get (ctx->options->high_contrast
                                                               ? ACIES_PALETTE_INK_DARK : ACIES_PALETTE_ZONE_LABEL));
        }
      return;
    }

  font = g->kind == ACIES_BOARD_HEX ? ctx->s * 0.21 : ctx->s * 0.16;
  font = MIN (font, 13);
  if (font < 5)
    return;

  acies_palette_set_colour (cr, ACIES_PALETTE_LABEL, ctx->mono);
  ACIES_FOR_EACH_CELL (ctx, c)
    {
      const char *label;

      if (!acies_render_ctx_meets_cell (ctx, c, 2))
        continue;
      label = acies_board_cell_label (g->board, c);
      double cx = ACIES_PX (ctx, g->centre[2 * c]), cy = ACIES_PY (ctx, g->centre[2 * c + 1]);

      /* High contrast: opaque ink on a white halo, whatever the terrain
       * under it (21:1 against the halo, where the translucent grey label
       * falls to 1.6:1 on dark terrain). */
      if (ctx->options->high_contrast)
        {
          const AciesRgba *ink = acies_palette_get (ACIES_PALETTE_INK_DARK);

          if (g->kind == ACIES_BOARD_HEX && g->orientation == ACIES_HEX_FLAT_TOP)
            acies_render_text_halo (ctx, label, font, TRUE, cx, cy - ctx->s * 0.84, 0.5, 0.0, ink);
          else if (g->kind == ACIES_BOARD_HEX)
            acies_render_text_halo (ctx, label, font, TRUE, cx, cy - ctx->s * 0.78, 0.5, 0.0, ink);
          else
            acies_render_text_halo (ctx, label, font, TRUE, cx - ctx->s * 0.46, cy - ctx->s * 0.47, 0.0, 0.0, ink);
          continue;
        }

      if (g->kind == ACIES_BOARD_HEX && g->orientation == ACIES_HEX_FLAT_TOP)
        acies_text_draw (cr, ctx->layout, label, font, FALSE, cx, cy - ctx->s * 0.84, 0.5, 0.0);
      else if (g->kind == ACIES_BOARD_HEX)
        acies_text_draw (cr, ctx->layout, label, font, FALSE, cx, cy - ctx->s * 0.78, 0.5, 0.0);
      else
        acies_text_draw (cr, ctx->layout, label, font, FALSE,
                         cx - ctx->s * 0.46, cy - ctx->s * 0.47, 0.0, 0.0);
    }
}

/**
 * acies_render_draw_static:
 * @ctx: a drawing
 *
 * Draws the static layer of the region's cells: terrain, cell features,
 * elevation, grid, edge features, areas (their names are drawn above
 * the counters, by acies_render_draw_area_names()) and cell labels.
 */
void
acies_render_draw_static (AciesRenderCtx *ctx)
{
  acies_render_draw_terrain (ctx);
  acies_render_draw_cell_features (ctx);
  acies_render_draw_elevation (ctx);
  acies_render_draw_grid (ctx);
  acies_render_draw_edge_features (ctx);
  acies_render_draw_areas (ctx);
  if (ctx->options->show_labels)
    acies_render_draw_labels (ctx);
}
