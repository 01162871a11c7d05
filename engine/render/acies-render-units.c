/* acies-render-units.c
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

/* Counters, stacks, leaders, highlights and the selection and focus marks:
 * where each goes (the same layout for the renderer and for the widgets
 * that mark units over the board) and drawing them. */

/**
 * acies_render_counter_size:
 * @g: a board's geometry
 * @s: pixels per board unit
 *
 * Returns: the side of a counter on that board, pixels
 */
double
acies_render_counter_size (const AciesBoardGeom *g,
                           double                s)
{
  switch (g->kind)
    {
    case ACIES_BOARD_HEX:
      return s * 1.02;
    case ACIES_BOARD_SQUARE:
      return s * 0.76;
    case ACIES_BOARD_ZONES:
    default:
      return s * g->inradius * 0.5;
    }
}

/* Where each unit of @units is drawn (AciesUnitPlace, indexed like
 * @units), for cell size @s and board origin @ox, @oy.  A hex or square
 * stack steps up and to the right from the cell's centre, up to four
 * levels shown, the last unit on top; a zone lays its units out in a grid
 * below its name; a two-hex unit lies across both cells.  @stacks (cell →
 * GArray of unit indices, two-hex units left out) and @order (cells in
 * order of first use) are filled when given. */
static GArray *
place_units (const AciesBoardGeom *g,
             GPtrArray            *units,
             double                s,
             double                ox,
             double                oy,
             GHashTable           *stacks,
             GArray               *order)
{
  GArray *places = g_array_new (FALSE, TRUE, sizeof (AciesUnitPlace));
  g_autoptr(GHashTable) own_stacks = NULL;
  g_autoptr(GArray) own_order = NULL;
  double size = acies_render_counter_size (g, s);

  if (stacks == NULL)
    stacks = own_stacks = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  if (order == NULL)
    order = own_order = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_array_set_size (places, units != NULL ? units->len : 0);

  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (units, i);
      AciesUnitPlace *p = &g_array_index (places, AciesUnitPlace, i);
      GArray *stack;

      if (unit->cell < 0 || (guint) unit->cell >= g->n_cells)
        continue;
      if (unit->cell2 >= 0 && (guint) unit->cell2 < g->n_cells && g->kind != ACIES_BOARD_ZONES)
        {
          p->x = ox + s * (g->centre[2 * unit->cell] + g->centre[2 * unit->cell2]) / 2;
          p->y = oy + s * (g->centre[2 * unit->cell + 1] + g->centre[2 * unit->cell2 + 1]) / 2;
          p->size = size;
          p->shown = TRUE;
          continue;
        }
      stack = g_hash_table_lookup (stacks, GINT_TO_POINTER (unit->cell));
      if (stack == NULL)
        {
          stack = g_array_new (FALSE, FALSE, sizeof (guint));
          g_hash_table_insert (stacks, GINT_TO_POINTER (unit->cell), stack);
          g_array_append_val (order, unit->cell);
        }
      g_array_append_val (stack, i);
    }

  for (guint k = 0; k < order->len; k++)
    {
      AciesCell cell = g_array_index (order, AciesCell, k);
      GArray *stack = g_hash_table_lookup (stacks, GINT_TO_POINTER (cell));
      guint n = stack->len;
      double cx = ox + s * g->centre[2 * cell], cy = oy + s * g->centre[2 * cell + 1];

      if (g->kind == ACIES_BOARD_ZONES)
        {
          double x0, y0, x1, y1, bw, bh, zsize;
          guint cols, rows;

          acies_render_cell_bbox (g, cell, &x0, &y0, &x1, &y1);
          bw = (x1 - x0) * s;
          bh = (y1 - y0) * s * 0.68;   /* below the name, above the badges */
          cols = MAX (1, (guint) ceil (sqrt (n * bw / MAX (bh, 1.0))));
          rows = (n + cols - 1) / cols;
          zsize = MIN (bw / (cols * 1.4 + 0.2), bh / (rows * 1.15 + 0.3));
          zsize = MIN (zsize * 0.88, MIN (bw, bh / 0.68) * 0.3);
          for (guint i = 0; i < n; i++)
            {
              AciesUnitPlace *p = &g_array_index (places, AciesUnitPlace, g_array_index (stack, guint, i));
              guint col = i % cols, row = i / cols;
              guint in_row = MIN (cols, n - row * cols);

              p->x = ox + s * (x0 + x1) / 2 + (col - (in_row - 1) / 2.0) * zsize * 1.4;
              p->y = oy + s * (y0 + y1) / 2 + (row - (rows - 1) / 2.0) * zsize * 1.15 + bh * 0.04;
              p->size = zsize;
              p->shown = TRUE;
            }
        }
      else
        {
          guint shown = MIN (n, 4u);
          /* A stack of two or three is offset enough to read as a stack at
           * the editor's and the play window's sizes (issue 5). */
          double step = size * (shown <= 3 ? 0.18 : 0.12);

          for (guint i = 0; i < n; i++)
            {
              AciesUnitPlace *p = &g_array_index (places, AciesUnitPlace, g_array_index (stack, guint, i));
              guint level = i + shown >= n ? i + shown - n : 0;
              double off = (level - (shown - 1) / 2.0) * step;

              p->x = cx + off;
              p->y = cy - off;
              p->size = size;
              p->shown = TRUE;
              p->covered = i + shown < n;
            }
        }
    }

  return places;
}

/**
 * acies_render_place_units:
 * @board: the board
 * @units: (element-type AciesUnit): the units, as drawn (a scenario's
 *   set-up or a game's unit views)
 * @cell_size: pixels per square side / hex circumradius (as
 *   #AciesRenderOptions.cell_size)
 * @offset_x: the board origin in the target, in pixels
 * @offset_y: the board origin in the target, in pixels
 *
 * Where the renderer draws each unit's counter, for widgets that mark
 * units on top of the board (play markers, outlines): the same layout
 * acies_render_board() uses.
 *
 * Returns: (transfer full) (element-type AciesUnitPlace): one place per
 *   unit, indexed like @units; @shown is %FALSE for a unit off the board
 */
GArray *
acies_render_place_units (AciesBoard *board,
                          GPtrArray  *units,
                          double      cell_size,
                          double      offset_x,
                          double      offset_y)
{
  AciesBoardGeom *g;
  GArray *places;

  g_return_val_if_fail (board != NULL, NULL);

  g = acies_board_geom_new (board);
  places = place_units (g, units, cell_size, offset_x, offset_y, NULL, NULL);
  acies_board_geom_free (g);
  return places;
}

/* Where each leader of @leaders is drawn (AciesUnitPlace, indexed like
 * @leaders; @size is the marker's diameter): on the right rim of the
 * counter of the unit it is attached to when that unit is drawn (@places,
 * from place_units() for @units), else, when @lone, alone in its cell: at
 * the cell's centre when no unit is there, beside the units otherwise
 * (left of a zone's grid, on the rim of a hex or square stack).  Several
 * leaders alone in one cell stand side by side. */
static GArray *
place_leaders (const AciesBoardGeom *g,
               GPtrArray            *units,
               GArray               *places,
               GPtrArray            *leaders,
               gboolean              lone,
               double                s,
               double                ox,
               double                oy)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (AciesUnitPlace));
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) by_cell = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) alone_in = g_hash_table_new (NULL, NULL);
  double size = acies_render_counter_size (g, s);

  g_array_set_size (out, leaders != NULL ? leaders->len : 0);
  if (leaders == NULL || leaders->len == 0)
    return out;
  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (units, i);
      AciesUnitPlace *p = &g_array_index (places, AciesUnitPlace, i);

      if (!p->shown)
        continue;
      if (unit->id != NULL)
        g_hash_table_insert (by_id, unit->id, p);
      /* The first counter of each cell (a zone's grid starts at the left). */
      if (!g_hash_table_contains (by_cell, GINT_TO_POINTER (unit->cell)))
        g_hash_table_insert (by_cell, GINT_TO_POINTER (unit->cell), p);
    }

  for (guint i = 0; i < leaders->len; i++)
    {
      const AciesLeader *leader = g_ptr_array_index (leaders, i);
      AciesUnitPlace *at = &g_array_index (out, AciesUnitPlace, i);
      const AciesUnitPlace *p = NULL;
      guint k;
      double r;

      if (leader->attached_to != NULL)
        p = g_hash_table_lookup (by_id, leader->attached_to);
      if (p != NULL)
        {
          /* On the counter's right rim, clear of the values line. */
          at->x = p->x + p->size * 0.5;
          at->y = p->y - p->size * 0.06;
          at->size = p->size * 0.44;
          at->shown = TRUE;
          continue;
        }
      if (!lone || leader->cell < 0 || (guint) leader->cell >= g->n_cells)
        continue;
      k = GPOINTER_TO_UINT (g_hash_table_lookup (alone_in, GINT_TO_POINTER (leader->cell)));
      g_hash_table_insert (alone_in, GINT_TO_POINTER (leader->cell), GUINT_TO_POINTER (k + 1));
      p = g_hash_table_lookup (by_cell, GINT_TO_POINTER (leader->cell));
      if (p == NULL)
        {
          r = size * 0.34;
          at->x = ox + s * g->centre[2 * leader->cell] - k * r * 2.3;
          at->y = oy + s * g->centre[2 * leader->cell + 1];
        }
      else if (g->kind == ACIES_BOARD_ZONES)
        {
          /* Left of the zone's first counter, in its row. */
          r = p->size * 0.3;
          at->x = p->x - p->size * 0.5 - r * 1.25 - k * r * 2.3;
          at->y = p->y;
        }
      else
        {
          r = size * 0.22;
          at->x = ox + s * g->centre[2 * leader->cell] + size * 0.5 - k * r * 2.3;
          at->y = oy + s * g->centre[2 * leader->cell + 1] - size * 0.06;
        }
      at->size = 2 * r;
      at->shown = TRUE;
    }

  return out;
}

/* A leader's initials: the first letters of the first two words of its
 * name, or the first two letters of a one-word name; NULL without one. */
static char *
leader_initials (const AciesLeader *leader)
{
  g_auto(GStrv) words = NULL;
  gunichar c1;
  char buf[16] = { 0 };
  int len;

  if (leader->name == NULL || *leader->name == '\0')
    return NULL;
  words = g_strsplit (leader->name, " ", 3);
  c1 = g_utf8_get_char (words[0]);
  len = g_unichar_to_utf8 (g_unichar_toupper (c1), buf);
  if (words[1] != NULL && *words[1] != '\0')
    g_unichar_to_utf8 (g_unichar_toupper (g_utf8_get_char (words[1])), buf + len);
  else if (*words[0] != '\0' && *g_utf8_next_char (words[0]) != '\0')
    g_unichar_to_utf8 (g_utf8_get_char (g_utf8_next_char (words[0])), buf + len);
  return g_strdup (buf);
}

/**
 * acies_render_leader_look:
 * @scenario: the scenario (side and formation colours)
 * @leader: a leader
 * @colour: (out): its marker's colour
 * @initials: (out) (transfer full) (nullable): its initials, or %NULL
 *
 * What a leader's marker shows.
 */
void
acies_render_leader_look (const AciesScenario *scenario,
                          const AciesLeader   *leader,
                          AciesRgba           *colour,
                          char               **initials)
{
  acies_unit_colour (scenario, leader->side, leader->formation, colour);
  *initials = leader_initials (leader);
}

static void
draw_leader (cairo_t             *cr,
             PangoLayout         *layout,
             const AciesScenario *scenario,
             const AciesLeader   *leader,
             double               x,
             double               y,
             double               r,
             gboolean             mono)
{
  AciesRgba colour;
  g_autofree char *initials = NULL;

  acies_render_leader_look (scenario, leader, &colour, &initials);
  acies_counter_draw_leader (cr, layout, &colour, initials, x, y, r, mono);
}

/**
 * acies_render_place_leaders:
 * @board: the board
 * @units: (element-type AciesUnit) (nullable): the units as drawn (as
 *   #AciesRenderOptions.units, or the scenario's)
 * @leaders: (element-type AciesLeader): the leaders as drawn (as
 *   #AciesRenderOptions.leaders)
 * @cell_size: pixels per square side / hex circumradius
 * @offset_x: the board origin in the target, in pixels
 * @offset_y: the board origin in the target, in pixels
 *
 * Where acies_render_board() draws each leader's round marker (given
 * leaders, so those alone in a cell are drawn too): on its unit, or
 * alone in its cell.  For tooltips and hit-testing over the board.
 *
 * Returns: (transfer full) (element-type AciesUnitPlace): one place per
 *   leader, indexed like @leaders; @size is the marker's diameter and
 *   @shown %FALSE for a leader not drawn (off the map, its unit not drawn)
 */
GArray *
acies_render_place_leaders (AciesBoard *board,
                            GPtrArray  *units,
                            GPtrArray  *leaders,
                            double      cell_size,
                            double      offset_x,
                            double      offset_y)
{
  AciesBoardGeom *g;
  g_autoptr(GArray) places = NULL;
  GArray *out;

  g_return_val_if_fail (board != NULL, NULL);

  g = acies_board_geom_new (board);
  places = place_units (g, units, cell_size, offset_x, offset_y, NULL, NULL);
  out = place_leaders (g, units, places, leaders, TRUE, cell_size, offset_x, offset_y);
  acies_board_geom_free (g);
  return out;
}

/* The extent of an item: a counter with its shadow, facing notch and
 * the stroke of its border; a badge and a leader's marker with their
 * shadows. */
static void
item_extent (AciesItem *item)
{
  double r;

  switch (item->kind)
    {
    case ACIES_ITEM_BADGE:
      r = item->size + MAX (1.0, item->size * 0.12) + 2;
      break;
    case ACIES_ITEM_LEADER:
      r = item->size / 2 * 1.25 + 2;
      break;
    case ACIES_ITEM_COUNTER:
    default:
      r = item->size * 0.8 + 3;
      break;
    }
  item->x0 = item->x - r;
  item->x1 = item->x + r;
  item->y0 = item->y - r;
  item->y1 = item->y + r;
}

/**
 * acies_render_items:
 * @g: the board's geometry
 * @units: (element-type AciesUnit) (nullable): the units drawn
 * @leaders: (element-type AciesLeader) (nullable): the leaders drawn
 * @lone: whether leaders not on a drawn unit are drawn alone in their cell
 * @s: pixels per board unit
 * @lod: leave out stack counts on counters too small for them
 *
 * Everything drawn over the map for these units and leaders, in drawing
 * order, in pixels from the board's origin.
 *
 * Returns: (transfer full) (element-type AciesItem): the items
 */
GArray *
acies_render_items (const AciesBoardGeom *g,
                    GPtrArray            *units,
                    GPtrArray            *leaders,
                    gboolean              lone,
                    double                s,
                    gboolean              lod)
{
  g_autoptr(GHashTable) stacks = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  g_autoptr(GArray) places = NULL;
  g_autoptr(GArray) leader_places = NULL;
  GArray *items = g_array_new (FALSE, TRUE, sizeof (AciesItem));
  double size = acies_render_counter_size (g, s);

  if (units == NULL)
    return items;
  places = place_units (g, units, s, 0, 0, stacks, order);

  /* Two-hex units lie under everything else. */
  for (guint i = 0; i < units->len; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (units, i);
      AciesItem item = { ACIES_ITEM_TWO_HEX, i, 0, 0, 0, size, 0, 0, 0, 0 };
      double x1, y1, x2, y2;

      if (!g_array_index (places, AciesUnitPlace, i).shown
          || unit->cell2 < 0 || (guint) unit->cell2 >= g->n_cells || g->kind == ACIES_BOARD_ZONES)
        continue;
      x1 = s * g->centre[2 * unit->cell];
      y1 = s * g->centre[2 * unit->cell + 1];
      x2 = s * g->centre[2 * unit->cell2];
      y2 = s * g->centre[2 * unit->cell2 + 1];
      item.x = (x1 + x2) / 2;
      item.y = (y1 + y2) / 2;
      item.x0 = MIN (x1, x2) - size - 3;
      item.x1 = MAX (x1, x2) + size + 3;
      item.y0 = MIN (y1, y2) - size - 3;
      item.y1 = MAX (y1, y2) + size + 3;
      g_array_append_val (items, item);
    }

  for (guint k = 0; k < order->len; k++)
    {
      AciesCell cell = g_array_index (order, AciesCell, k);
      GArray *stack = g_hash_table_lookup (stacks, GINT_TO_POINTER (cell));
      guint n = stack->len;

      for (guint i = 0; i < n; i++)
        {
          guint index = g_array_index (stack, guint, i);
          const AciesUnitPlace *at = &g_array_index (places, AciesUnitPlace, index);
          AciesItem item = { ACIES_ITEM_COUNTER, index, 0, at->x, at->y, at->size, 0, 0, 0, 0 };

          /* A counter under four others of its stack lies exactly under
           * the lowest one shown: only its facing notch can be seen. */
          if (at->covered)
            {
              if (((const AciesUnit *) g_ptr_array_index (units, index))->facing < 0)
                continue;
              item.count = 1;
            }
          item_extent (&item);
          g_array_append_val (items, item);
        }

      if (n > 1 && g->kind != ACIES_BOARD_ZONES && !(lod && size < ACIES_LOD_STACK_BADGE))
        {
          /* On the top counter, which is the last one. */
          guint top = g_array_index (stack, guint, n - 1);
          const AciesUnitPlace *at = &g_array_index (places, AciesUnitPlace, top);
          AciesItem item = { ACIES_ITEM_BADGE, top, n, at->x + size * 0.5, at->y - size * 0.5,
                             MAX (5.0, size * 0.16), 0, 0, 0, 0 };

          item_extent (&item);
          g_array_append_val (items, item);
        }
    }

  /* Leaders: a round marker on the right rim of their unit, or alone in
   * their cell. */
  leader_places = place_leaders (g, units, places, leaders, lone, s, 0, 0);
  for (guint i = 0; leaders != NULL && i < leaders->len; i++)
    {
      const AciesUnitPlace *at = &g_array_index (leader_places, AciesUnitPlace, i);
      AciesItem item = { ACIES_ITEM_LEADER, i, 0, at->x, at->y, at->size, 0, 0, 0, 0 };

      if (!at->shown)
        continue;
      item_extent (&item);
      g_array_append_val (items, item);
    }

  return items;
}

static AciesFacingKind
facing_kind (const AciesRenderCtx *ctx)
{
  if (ctx->catalogue != NULL)
    return ctx->catalogue->facing;
  return ACIES_FACING_SIDE;
}

static void
draw_facing_of (AciesRenderCtx  *ctx,
                const AciesUnit *unit,
                double           x,
                double           y,
                double           size)
{
  AciesFacingKind fk = facing_kind (ctx);
  double a;

  if (unit->facing < 0 || fk == ACIES_FACING_NONE)
    return;
  a = acies_facing_angle (ctx->geom, fk, unit->facing);
  if (!isnan (a))
    acies_counter_draw_facing (ctx->cr, x, y, size, a, ctx->mono);
}

/**
 * acies_render_flush_plain:
 * @ctx: a drawing
 *
 * Fills the plain counters (squares of their colour) gathered since the
 * last call; the items are drawn in order, so call it before anything
 * else is drawn and after the last item.
 */
void
acies_render_flush_plain (AciesRenderCtx *ctx)
{
  if (!ctx->plain_pending)
    return;
  acies_palette_set_source (ctx->cr, &ctx->plain_colour, ctx->plain_mono);
  cairo_fill (ctx->cr);
  ctx->plain_pending = FALSE;
}

static void
draw_counter_at (AciesRenderCtx         *ctx,
                 const AciesCounterLook *look,
                 double                  x,
                 double                  y,
                 double                  size)
{
  cairo_t *cr = ctx->cr;

  if (ctx->lod && size < ACIES_LOD_COUNTER_PLAIN)
    {
      /* Too small for a symbol: a square of the unit's colour, filled
       * with the squares of the same colour that follow it. */
      if (ctx->plain_pending && (memcmp (&ctx->plain_colour, &look->fill, sizeof look->fill) != 0
                                 || ctx->plain_mono != look->monochrome))
        acies_render_flush_plain (ctx);
      cairo_rectangle (cr, x - size / 2, y - size / 2, size, size);
      ctx->plain_colour = look->fill;
      ctx->plain_mono = look->monochrome;
      ctx->plain_pending = TRUE;
      return;
    }

  if (ctx->cache != NULL)
    {
      int w = 0;
      cairo_surface_t *sprite = acies_render_cache_sprite (ctx->cache, look, size, ctx->scale, &w);

      cairo_set_source_surface (cr, sprite, round (x - w / 2.0), round (y - w / 2.0));
      cairo_paint (cr);
    }
  else
    acies_counter_draw (cr, ctx->layout, look, x, y, size, size);
}

static void
draw_two_hex_unit (AciesRenderCtx         *ctx,
                   const AciesUnit        *unit,
                   const AciesCounterLook *look,
                   double                  size)
{
  const AciesBoardGeom *g = ctx->geom;
  double x1 = ACIES_PX (ctx, g->centre[2 * unit->cell]), y1 = ACIES_PY (ctx, g->centre[2 * unit->cell + 1]);
  double x2 = ACIES_PX (ctx, g->centre[2 * unit->cell2]), y2 = ACIES_PY (ctx, g->centre[2 * unit->cell2 + 1]);
  double angle = atan2 (y2 - y1, x2 - x1);
  double length = hypot (x2 - x1, y2 - y1) + size;

  /* Keep the text upright-ish: never draw it upside down. */
  if (angle > G_PI / 2)
    angle -= G_PI;
  else if (angle <= -G_PI / 2)
    angle += G_PI;

  cairo_save (ctx->cr);
  cairo_translate (ctx->cr, (x1 + x2) / 2, (y1 + y2) / 2);
  cairo_rotate (ctx->cr, angle);
  acies_counter_draw (ctx->cr, ctx->layout, look, 0, 0, size, length);
  cairo_restore (ctx->cr);
}

/**
 * acies_render_draw_item:
 * @ctx: a drawing
 * @units: the units of the items
 * @leaders: the leaders of the items
 * @item: what to draw
 * @look: (nullable): the look of the item's unit, or %NULL to read it
 *
 * Draws one item of acies_render_items() at the drawing's origin.
 */
void
acies_render_draw_item (AciesRenderCtx         *ctx,
                        GPtrArray              *units,
                        GPtrArray              *leaders,
                        const AciesItem        *item,
                        const AciesCounterLook *look)
{
  double x = ctx->ox + item->x, y = ctx->oy + item->y;
  AciesCounterLook own;
  const AciesUnit *unit;

  /* Plain counters gather in one path: anything else fills them first. */
  if (ctx->plain_pending
      && !(item->kind == ACIES_ITEM_COUNTER && item->count == 0 && ctx->lod && item->size < ACIES_LOD_COUNTER_PLAIN))
    acies_render_flush_plain (ctx);

  switch (item->kind)
    {
    case ACIES_ITEM_BADGE:
      acies_counter_draw_badge (ctx->cr, ctx->layout, item->count, x, y, item->size, ctx->mono);
      return;

    case ACIES_ITEM_LEADER:
      if (ctx->lod && item->size < ACIES_LOD_COUNTER_PLAIN)
        {
          AciesRgba colour;
          g_autofree char *initials = NULL;

          acies_render_leader_look (ctx->scenario, g_ptr_array_index (leaders, item->index), &colour, &initials);
          cairo_arc (ctx->cr, x, y, item->size / 2, 0, 2 * G_PI);
          acies_palette_set_source (ctx->cr, &colour, ctx->mono);
          cairo_fill (ctx->cr);
          return;
        }
      draw_leader (ctx->cr, ctx->layout, ctx->scenario, g_ptr_array_index (leaders, item->index),
                   x, y, item->size / 2, ctx->mono);
      return;

    case ACIES_ITEM_TWO_HEX:
    case ACIES_ITEM_COUNTER:
    default:
      break;
    }

  unit = g_ptr_array_index (units, item->index);
  if (look == NULL && !(item->kind == ACIES_ITEM_COUNTER && item->count == 1))
    {
      acies_counter_look_init (&own, ctx->scenario, ctx->catalogue, unit, ctx->mono);
      acies_counter_look_mark_side (&own, ctx->scenario, unit, ctx->options->high_contrast);
      look = &own;
    }
  if (item->kind == ACIES_ITEM_TWO_HEX)
    draw_two_hex_unit (ctx, unit, look, item->size);
  else if (item->count == 0)
    draw_counter_at (ctx, look, x, y, item->size);
  /* Zone boards: an arrow in the zone toward the faced zone. */
  if (!(ctx->lod && item->size < ACIES_LOD_COUNTER_PLAIN))
    draw_facing_of (ctx, unit, x, y, item->size);
  if (look == &own)
    acies_counter_look_clear (&own);
}

/**
 * acies_render_ctx_units:
 * @ctx: a drawing
 *
 * Returns: (transfer none) (nullable): the units drawn: the options'
 *   override, or the scenario's set-up
 */
GPtrArray *
acies_render_ctx_units (const AciesRenderCtx *ctx)
{
  return ctx->options->units ? ctx->options->units : ctx->scenario->units;
}

/**
 * acies_render_ctx_leaders:
 * @ctx: a drawing
 * @lone: (out): whether leaders not on a unit are drawn in their cell
 *
 * Returns: (transfer none) (nullable): the leaders drawn
 */
GPtrArray *
acies_render_ctx_leaders (const AciesRenderCtx *ctx,
                          gboolean             *lone)
{
  *lone = ctx->options->units == NULL || ctx->options->leaders != NULL;
  return ctx->options->leaders != NULL ? ctx->options->leaders : ctx->scenario->leaders;
}

/**
 * acies_render_draw_highlights:
 * @ctx: a drawing
 *
 * Fills the options' highlighted cells that meet the region.
 */
void
acies_render_draw_highlights (AciesRenderCtx *ctx)
{
  const AciesRenderOptions *o = ctx->options;
  const AciesBoardGeom *g = ctx->geom;
  gboolean any = FALSE;

  if (o->highlight_cells == NULL || o->highlight_cells->len == 0)
    return;
  for (guint i = 0; i < o->highlight_cells->len; i++)
    {
      AciesCell c = g_array_index (o->highlight_cells, AciesCell, i);

      if (c >= 0 && (guint) c < g->n_cells && acies_render_ctx_has_cell (ctx, c))
        {
          acies_render_cell_path (ctx, c, 0.03);
          any = TRUE;
        }
    }
  if (!any)
    return;
  acies_palette_set_colour (ctx->cr, ACIES_PALETTE_HIGHLIGHT, ctx->mono);
  if (!o->high_contrast)
    {
      cairo_fill (ctx->cr);
      return;
    }
  /* High contrast: the lit cells are hatched as well as tinted, so that
   * colour alone does not carry the meaning (issue 19.2). */
  {
    double x0, y0, x1, y1, step = MAX (4.0, ctx->s * 0.18);

    cairo_fill_preserve (ctx->cr);
    cairo_save (ctx->cr);
    cairo_path_extents (ctx->cr, &x0, &y0, &x1, &y1);
    cairo_clip (ctx->cr);
    for (double d = x0 - (y1 - y0); d < x1; d += step)
      {
        cairo_move_to (ctx->cr, d, y1);
        cairo_line_to (ctx->cr, d + (y1 - y0), y0);
      }
    cairo_set_line_width (ctx->cr, MAX (1.0, ctx->s * 0.03));
    acies_palette_set_colour (ctx->cr, ACIES_PALETTE_INK_DARK, ctx->mono);
    cairo_stroke (ctx->cr);
    cairo_restore (ctx->cr);
  }
}

/**
 * acies_render_draw_units:
 * @ctx: a drawing
 *
 * Draws the counters, stack counts and leaders that meet the region,
 * reading each counter's look as it goes (no cache of items).
 */
void
acies_render_draw_units (AciesRenderCtx *ctx)
{
  GPtrArray *units = acies_render_ctx_units (ctx);
  GPtrArray *leaders;
  gboolean lone;
  g_autoptr(GArray) items = NULL;

  if (units == NULL)
    return;
  leaders = acies_render_ctx_leaders (ctx, &lone);
  if (ctx->items != NULL)
    items = g_array_ref (ctx->items);
  else
    items = acies_render_items (ctx->geom, units, leaders, lone, ctx->s, ctx->lod);
  for (guint i = 0; i < items->len; i++)
    {
      const AciesItem *item = &g_array_index (items, AciesItem, i);

      if (ctx->ox + item->x1 < ctx->rx0 || ctx->ox + item->x0 > ctx->rx1
          || ctx->oy + item->y1 < ctx->ry0 || ctx->oy + item->y0 > ctx->ry1)
        continue;
      acies_render_draw_item (ctx, units, leaders, item, NULL);
    }
  acies_render_flush_plain (ctx);
}

/**
 * acies_render_draw_marks:
 * @ctx: a drawing
 *
 * Draws the selected cell's outline and the keyboard focus cell's dashed
 * ring, over everything else.
 */
void
acies_render_draw_marks (AciesRenderCtx *ctx)
{
  const AciesRenderOptions *o = ctx->options;
  const AciesBoardGeom *g = ctx->geom;
  cairo_t *cr = ctx->cr;

  if (o->selected_cell >= 0 && (guint) o->selected_cell < g->n_cells)
    {
      acies_render_cell_path (ctx, o->selected_cell, 0.05);
      cairo_set_line_width (cr, acies_clampd (ctx->s * 0.08, 2.0, 5.0));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      acies_palette_set_colour (cr, ACIES_PALETTE_SELECTION, ctx->mono);
      cairo_stroke (cr);
    }

  if (o->focus_cell >= 0 && (guint) o->focus_cell < g->n_cells)
    {
      double dash[2] = { 4, 3 };

      acies_render_cell_path (ctx, o->focus_cell, 0.12);
      cairo_set_line_width (cr, 4);
      acies_palette_set_colour (cr, ACIES_PALETTE_FOCUS_HALO, ctx->mono);
      cairo_stroke_preserve (cr);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, 2);
      acies_palette_set_colour (cr, ACIES_PALETTE_FOCUS, ctx->mono);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
}
