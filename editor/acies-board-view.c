/* acies-board-view.c
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

#include <glib/gi18n.h>
#include <adwaita.h>

#include "geometry/acies-board.h"
#include "render/acies-palette.h"
#include "render/acies-render.h"
#include "rulesets/acies-catalogue.h"

#include "acies-board-view-private.h"

/**
 * AciesBoardView:
 *
 * Shows a scenario's board through libacies-render.  Zoom 1.0 fits the
 * whole board in the widget; the view zooms (Ctrl+scroll, pinch, the
 * board.zoom-* actions) around a point and pans (drag, scroll).  A keyboard
 * focus cell, moved with the arrow keys and drawn by the renderer, makes
 * the board usable without a mouse; a click or Enter selects a cell and
 * emits #AciesBoardView::cell-activated.
 *
 * The board is drawn as tiles (acies_render_board_tiles()), each kept as
 * a texture until its content changes: a frame in which nothing changed
 * draws nothing new, panning moves the textures, and an edit or a move
 * redraws the tiles it touched.  The input handling, the play mode's
 * overlays and the editor's tools are in acies-board-view-input.c,
 * -play.c and -edit.c.
 */

#define ZOOM_STEP        1.25
#define FOCUS_MARGIN     8.0   /* pixels kept between the focus cell and the edge */


enum {
  PROP_0,
  PROP_SCENARIO,
  PROP_ZOOM,
  PROP_SELECTED_CELL,
  PROP_FOCUS_CELL,
  PROP_EDIT_MODE,
  N_PROPS
};

enum {
  SIGNAL_CELL_ACTIVATED,
  SIGNAL_STROKE_BEGIN,
  SIGNAL_STROKE_UPDATE,
  SIGNAL_STROKE_END,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (AciesBoardView, acies_board_view, GTK_TYPE_WIDGET)

/* Geometry. */

gboolean
acies_board_view_get_geometry (AciesBoardView *self,
                               double          width,
                               double          height,
                               double         *cell_size,
                               double         *offset_x,
                               double         *offset_y)
{
  double fit_size = 0, fit_x = 0, fit_y = 0;
  double extent_w = 0, extent_h = 0;
  double centre_x, centre_y, size;
  int scale;

  if (self->scenario == NULL || self->scenario->map.board == NULL ||
      width <= 0 || height <= 0)
    return FALSE;

  acies_render_fit (self->scenario, width, height, &fit_size, &fit_x, &fit_y);
  if (!(fit_size > 0))
    return FALSE;

  acies_board_extent (self->scenario->map.board, &extent_w, &extent_h);

  /* Zoom around the centre of the fitted board, then apply the pan. */
  centre_x = fit_x + fit_size * extent_w / 2.0;
  centre_y = fit_y + fit_size * extent_h / 2.0;
  size = fit_size * self->zoom;

  /* The origin on a device pixel: panning moves the board by whole
   * pixels, so the renderer keeps its tiles. */
  scale = MAX (1, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  *cell_size = size;
  *offset_x = round ((centre_x - size * extent_w / 2.0 + self->pan_x) * scale) / scale;
  *offset_y = round ((centre_y - size * extent_h / 2.0 + self->pan_y) * scale) / scale;

  return TRUE;
}

gboolean
acies_board_view_fill_options (AciesBoardView     *self,
                               AciesRenderOptions *options)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));

  acies_render_options_init (options);
  if (!acies_board_view_get_geometry (self, width, height,
                                      &options->cell_size,
                                      &options->offset_x,
                                      &options->offset_y))
    return FALSE;

  options->show_labels = TRUE;
  options->show_units = TRUE;
  options->selected_cell = self->selected_cell;
  options->focus_cell = gtk_widget_has_focus (GTK_WIDGET (self)) ? self->focus_cell : ACIES_CELL_NONE;
  options->dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  options->high_contrast = adw_style_manager_get_high_contrast (adw_style_manager_get_default ());
  options->cache = self->cache;
  /* The editor's highlight (a selected unit's cells, an area being
   * painted); the play mode's destinations replace it. */
  if (self->highlight != NULL && self->highlight->len > 0)
    options->highlight_cells = self->highlight;
  acies_board_view_play_fill_options (self, options);

  return TRUE;
}

/* Accessibility. */

/* A catalogue name for a terrain or feature id, else the id. */
static const char *
terrain_words (const AciesTerrainType *type,
               const char             *id)
{
  return type != NULL && type->name != NULL ? type->name : id;
}

/* What the map shows of @cell, as a sighted player reads it: its label
 * and terrain, the features on it, its elevation, the features along its
 * sides and the areas it belongs to. */
static char *
describe_map_cell (AciesBoardView *self,
                   AciesCell       cell)
{
  const AciesMap *map = &self->scenario->map;
  const AciesBoard *board = map->board;
  const char *terrain_id = acies_map_get_terrain (map, cell);
  const char *cell_label = acies_board_cell_label (board, cell);
  GString *text = g_string_new (NULL);
  g_autoptr(GString) sides = g_string_new (NULL);
  g_autoptr(GString) areas = g_string_new (NULL);
  guint n_directions = acies_board_get_n_directions (board);

  /* Translators: a focused cell: its label and its terrain, "Cell G11, Clear". */
  g_string_append_printf (text, _("Cell %s, %s"), cell_label != NULL ? cell_label : "?",
                          terrain_id != NULL
                          ? terrain_words (self->catalogue != NULL ? acies_catalogue_find_terrain (self->catalogue, terrain_id) : NULL,
                                           terrain_id)
                          : _("no terrain"));

  for (guint i = 0; map->cell_features != NULL && map->cell_features[cell] != NULL
       && i < map->cell_features[cell]->len; i++)
    {
      const char *id = g_ptr_array_index (map->cell_features[cell], i);

      g_string_append_printf (text, ", %s",
                              terrain_words (self->catalogue != NULL ? acies_catalogue_find_cell_feature (self->catalogue, id) : NULL, id));
    }

  if (map->elevation != NULL && map->elevation[cell] != 0)
    /* Translators: the height of a cell, in the map's levels. */
    g_string_append_printf (text, _(", elevation %d"), map->elevation[cell]);

  /* The features along its sides ("north-east side: Stream"). */
  for (guint d = 0; map->edge_features != NULL && acies_board_get_kind (board) != ACIES_BOARD_ZONES
       && d < n_directions; d++)
    {
      AciesEdge edge = acies_board_edge_of (board, cell, d);
      GPtrArray *features;

      if (edge == ACIES_EDGE_NONE || (features = map->edge_features[edge]) == NULL)
        continue;
      for (guint i = 0; i < features->len; i++)
        {
          const char *id = g_ptr_array_index (features, i);

          /* Translators: a feature along one side of a cell, "north-east: Stream". */
          g_string_append_printf (sides, _("%s%s: %s"), sides->len > 0 ? ", " : "",
                                  acies_board_direction_name (board, d),
                                  terrain_words (self->catalogue != NULL ? acies_catalogue_find_edge_feature (self->catalogue, id) : NULL, id));
        }
    }
  if (sides->len > 0)
    /* Translators: the features along a cell's sides, after the cell. */
    g_string_append_printf (text, _("; sides: %s"), sides->str);

  /* The areas (set-up zones, camps, exits) it belongs to. */
  for (guint i = 0; self->scenario->areas != NULL && i < self->scenario->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (self->scenario->areas, i);

      if (acies_area_contains (area, cell))
        g_string_append_printf (areas, "%s%s", areas->len > 0 ? ", " : "",
                                area->name != NULL ? area->name : area->id);
    }
  if (areas->len > 0)
    /* Translators: the areas a cell belongs to, "in Roman set-up area". */
    g_string_append_printf (text, _("; in %s"), areas->str);

  if (cell == self->selected_cell)
    g_string_append (text, _(", selected"));

  return g_string_free (text, FALSE);
}

void
acies_board_view_update_accessible (AciesBoardView *self)
{
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;
  const AciesBoard *board;

  if (self->scenario == NULL || self->scenario->map.board == NULL)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Empty board"),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "",
                                      -1);
      return;
    }

  board = self->scenario->map.board;

  switch (acies_board_get_kind (board))
    {
    case ACIES_BOARD_HEX:
      /* Translators: the board of a scenario: title, columns, rows. */
      label = g_strdup_printf (_("Board of %s: hex grid, %u by %u hexes"),
                               self->scenario->meta.title ? self->scenario->meta.title : _("Untitled"),
                               acies_board_get_width (board),
                               acies_board_get_height (board));
      break;

    case ACIES_BOARD_ZONES:
      label = g_strdup_printf (_("Board of %s: %u zones"),
                               self->scenario->meta.title ? self->scenario->meta.title : _("Untitled"),
                               acies_board_get_n_cells (board));
      break;

    case ACIES_BOARD_SQUARE:
    default:
      label = g_strdup_printf (_("Board of %s: square grid, %u by %u squares"),
                               self->scenario->meta.title ? self->scenario->meta.title : _("Untitled"),
                               acies_board_get_width (board),
                               acies_board_get_height (board));
      break;
    }

  description = acies_board_view_get_description (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description ? description : "",
                                  -1);
}

/**
 * acies_board_view_set_cell_describer:
 * @self: a board view
 * @func: (nullable): returns (transfer full) more words about a cell
 *   (the units on it, what activating it does), or %NULL for none
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 *
 * Sets what the focused cell's accessible description says after the
 * map's words (label, terrain, features, elevation, sides, areas): the
 * play mode names the units the viewer sees there and what Return would
 * do.  The description is read again at once; call
 * acies_board_view_refresh_description() when what @func says changes.
 */
void
acies_board_view_set_cell_describer (AciesBoardView             *self,
                                     AciesBoardViewDescribeFunc  func,
                                     gpointer                    user_data,
                                     GDestroyNotify              destroy)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  if (self->describe_destroy != NULL)
    self->describe_destroy (self->describe_data);
  self->describe_cell = func;
  self->describe_data = user_data;
  self->describe_destroy = destroy;
  acies_board_view_update_accessible (self);
}

/**
 * acies_board_view_refresh_description:
 * @self: a board view
 *
 * Reads the focused cell's accessible description again (the game
 * changed what is on it, or what Return would do there).
 */
void
acies_board_view_refresh_description (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  acies_board_view_update_accessible (self);
}

/**
 * acies_board_view_get_description:
 * @self: a board view
 *
 * Returns: (transfer full) (nullable): the focused cell's accessible
 *   description as assistive technologies read it (for tests and a
 *   "where am I" key), or %NULL with no focused cell
 */
char *
acies_board_view_get_description (AciesBoardView *self)
{
  g_autofree char *map_words = NULL;
  g_autofree char *more = NULL;

  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), NULL);

  if (self->scenario == NULL || self->scenario->map.board == NULL
      || !acies_board_contains (self->scenario->map.board, self->focus_cell))
    return NULL;
  map_words = describe_map_cell (self, self->focus_cell);
  /* The units on it and what Return does there, from whoever shows
   * them (the play mode: the viewer's view of the game). */
  if (self->describe_cell != NULL)
    more = self->describe_cell (self, self->focus_cell, self->describe_data);
  if (more != NULL && *more != '\0')
    return g_strdup_printf ("%s. %s", map_words, more);
  return g_steal_pointer (&map_words);
}

/* Focus cell and panning. */

static void
acies_board_view_scroll_to_cell (AciesBoardView *self,
                                 AciesCell       cell)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double size, ox, oy, cx = 0, cy = 0, px, py;

  if (!acies_board_view_get_geometry (self, width, height, &size, &ox, &oy))
    return;
  if (!acies_board_contains (self->scenario->map.board, cell))
    return;

  acies_board_cell_center (self->scenario->map.board, cell, &cx, &cy);
  px = ox + cx * size;
  py = oy + cy * size;

  /* Keep the whole cell (about one cell size around its centre) in view. */
  if (px - size < FOCUS_MARGIN)
    self->pan_x += FOCUS_MARGIN - (px - size);
  else if (px + size > width - FOCUS_MARGIN)
    self->pan_x -= (px + size) - (width - FOCUS_MARGIN);

  if (py - size < FOCUS_MARGIN)
    self->pan_y += FOCUS_MARGIN - (py - size);
  else if (py + size > height - FOCUS_MARGIN)
    self->pan_y -= (py + size) - (height - FOCUS_MARGIN);
}

AciesCell
acies_board_view_default_focus (AciesBoardView *self)
{
  const AciesBoard *board;

  if (self->scenario == NULL || self->scenario->map.board == NULL)
    return ACIES_CELL_NONE;

  board = self->scenario->map.board;
  if (acies_board_contains (board, self->selected_cell))
    return self->selected_cell;
  if (acies_board_get_n_cells (board) == 0)
    return ACIES_CELL_NONE;

  return acies_board_cell_at (board,
                              acies_board_get_width (board) / 2,
                              acies_board_get_height (board) / 2);
}

void
acies_board_view_move_focus (AciesBoardView *self,
                             int             dcol,
                             int             drow)
{
  const AciesBoard *board;
  AciesCell next;
  int col = 0, row = 0;

  if (self->scenario == NULL || self->scenario->map.board == NULL)
    return;

  board = self->scenario->map.board;
  if (!acies_board_contains (board, self->focus_cell))
    {
      acies_board_view_set_focus_cell (self, acies_board_view_default_focus (self));
      return;
    }

  acies_board_cell_coords (board, self->focus_cell, &col, &row);
  next = acies_board_cell_at (board, col + dcol, row + drow);
  if (next == ACIES_CELL_NONE)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }

  acies_board_view_set_focus_cell (self, next);
}

void
acies_board_view_activate_cell (AciesBoardView *self,
                                AciesCell       cell)
{
  if (self->scenario == NULL || !acies_board_contains (self->scenario->map.board, cell))
    return;

  acies_board_view_set_selected_cell (self, cell);
  g_signal_emit (self, signals[SIGNAL_CELL_ACTIVATED], 0, cell);
}

void
acies_board_view_zoom_at (AciesBoardView *self,
                          double          zoom,
                          double          x,
                          double          y)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double size, ox, oy, bx, by, new_size, new_ox, new_oy;

  zoom = CLAMP (zoom, ACIES_BOARD_VIEW_ZOOM_MIN, ACIES_BOARD_VIEW_ZOOM_MAX);
  if (zoom == self->zoom)
    return;

  if (!acies_board_view_get_geometry (self, width, height, &size, &ox, &oy))
    {
      acies_board_view_set_zoom (self, zoom);
      return;
    }

  /* Keep the board point under (x, y) where it is. */
  bx = (x - ox) / size;
  by = (y - oy) / size;

  self->zoom = zoom;
  self->pan_x = 0;
  self->pan_y = 0;
  acies_board_view_get_geometry (self, width, height, &new_size, &new_ox, &new_oy);
  self->pan_x = (x - bx * new_size) - new_ox;
  self->pan_y = (y - by * new_size) - new_oy;

  if (self->zoom <= 1.0)
    {
      /* At or below the fitting size, the board stays centred. */
      self->pan_x = 0;
      self->pan_y = 0;
    }

  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

/* GtkWidget. */

typedef struct
{
  AciesBoardView *self;
  GtkSnapshot    *snapshot;
  GHashTable     *used;       /* serial -> GdkTexture shown in this frame */
  double          x0;         /* the tiles' union */
  double          y0;
  double          x1;
  double          y1;
} TileFrame;

static void
free_serial (gpointer data)
{
  g_free (data);
}

/* A tile of the board: its texture, made once for each serial. */
static void
tile_cb (cairo_surface_t *surface,
         double           x,
         double           y,
         double           size,
         guint64          serial,
         gpointer         user_data)
{
  TileFrame *frame = user_data;
  GdkTexture *texture = g_hash_table_lookup (frame->self->textures, &serial);

  if (texture == NULL)
    {
      int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
      int stride = cairo_image_surface_get_stride (surface);
      g_autoptr(GBytes) bytes = NULL;

      cairo_surface_flush (surface);
      bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * h);
      texture = gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes, stride);
    }
  else
    g_object_ref (texture);
  g_hash_table_insert (frame->used, g_memdup2 (&serial, sizeof serial), texture);
  gtk_snapshot_append_texture (frame->snapshot, texture, &GRAPHENE_RECT_INIT (x, y, size, size));
  frame->x0 = MIN (frame->x0, x);
  frame->y0 = MIN (frame->y0, y);
  frame->x1 = MAX (frame->x1, x + size);
  frame->y1 = MAX (frame->y1, y + size);
}

static void
append_background (GtkSnapshot              *snapshot,
                   const AciesRenderOptions *options,
                   double                    x,
                   double                    y,
                   double                    w,
                   double                    h)
{
  const AciesRgba *c = acies_palette_get (options->dark ? ACIES_PALETTE_BACKGROUND_DARK : ACIES_PALETTE_BACKGROUND);
  GdkRGBA rgba = { c->r, c->g, c->b, c->a };

  if (w > 0 && h > 0)
    gtk_snapshot_append_color (snapshot, &rgba, &GRAPHENE_RECT_INIT (x, y, w, h));
}

/* Where the selection and focus marks are drawn: their cells' boxes. */
static gboolean
marks_bounds (AciesBoardView           *self,
              const AciesRenderOptions *options,
              int                       width,
              int                       height,
              graphene_rect_t          *bounds)
{
  AciesCell cells[2] = { options->selected_cell, options->focus_cell };
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  for (guint i = 0; i < 2; i++)
    {
      double cx, cy, r = options->cell_size * 1.5 + 6;

      if (cells[i] == ACIES_CELL_NONE
          || !acies_render_cell_center (self->scenario, width, height, options, cells[i], &cx, &cy))
        continue;
      if (acies_board_get_kind (self->scenario->map.board) == ACIES_BOARD_ZONES)
        {
          /* Zones are wide: the whole view. */
          x0 = y0 = 0;
          x1 = width;
          y1 = height;
          continue;
        }
      x0 = MIN (x0, cx - r);
      y0 = MIN (y0, cy - r);
      x1 = MAX (x1, cx + r);
      y1 = MAX (y1, cy + r);
    }
  x0 = MAX (x0, 0);
  y0 = MAX (y0, 0);
  x1 = MIN (x1, width);
  y1 = MIN (y1, height);
  if (x1 <= x0 || y1 <= y0)
    return FALSE;
  graphene_rect_init (bounds, floor (x0), floor (y0), ceil (x1) - floor (x0), ceil (y1) - floor (y0));
  return TRUE;
}

static gboolean
renderer_is_cairo (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;

  return renderer == NULL || GSK_IS_CAIRO_RENDERER (renderer);
}

static void
acies_board_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (widget);
  AciesRenderOptions options;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  TileFrame frame = { self, snapshot, NULL, G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  graphene_rect_t bounds;

  if (!acies_board_view_fill_options (self, &options))
    return;

  /* With the cairo renderer, the tiles are painted into one cairo node:
   * it would copy each texture on every frame.  Other renderers keep a
   * texture per tile (below) and upload it once. */
  if (self->textures_mode == 0 || (self->textures_mode < 0 && renderer_is_cairo (widget)))
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

      acies_render_board (cr, self->scenario, self->catalogue, width, height, &options);
      acies_board_view_play_snapshot (self, cr, width, height, &options);
      cairo_destroy (cr);
      g_hash_table_remove_all (self->textures);
      self->draw_count++;
      return;
    }

  /* The tiles, each a texture kept while its content is unchanged; the
   * textures of tiles no longer shown are given back. */
  frame.used = g_hash_table_new_full (g_int64_hash, g_int64_equal, free_serial, g_object_unref);
  if (!acies_render_board_tiles (self->scenario, self->catalogue, width, height,
                                 gtk_widget_get_scale_factor (widget), &options, tile_cb, &frame)
      || frame.x1 <= frame.x0)
    append_background (snapshot, &options, 0, 0, width, height);
  else
    {
      /* The background around the tiles. */
      append_background (snapshot, &options, 0, 0, width, MAX (0, frame.y0));
      append_background (snapshot, &options, 0, frame.y1, width, height - frame.y1);
      append_background (snapshot, &options, 0, frame.y0, MAX (0, frame.x0), frame.y1 - frame.y0);
      append_background (snapshot, &options, frame.x1, frame.y0, width - frame.x1, frame.y1 - frame.y0);
    }
  g_hash_table_unref (self->textures);
  self->textures = frame.used;

  /* Over the tiles: the selection and focus, the play mode's marks. */
  if (acies_board_view_play_has_marks (self))
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

      acies_render_board_marks (cr, self->scenario, width, height, &options);
      acies_board_view_play_snapshot (self, cr, width, height, &options);
      cairo_destroy (cr);
    }
  else if (marks_bounds (self, &options, width, height, &bounds))
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &bounds);

      acies_render_board_marks (cr, self->scenario, width, height, &options);
      cairo_destroy (cr);
    }

  self->draw_count++;
}

static void
acies_board_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  /* Small enough that a game fits GNOME's smallest window (360 × 294:
   * the header bar, the board, the units off the map and the quick
   * actions, issue 18.2); the board scales to what it is given. */
  *minimum = 64;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 800 : 600;
}

static void
acies_board_view_dispose (GObject *object)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (object);

  g_clear_pointer (&self->scenario, acies_scenario_unref);
  g_clear_pointer (&self->catalogue, acies_catalogue_unref);

  G_OBJECT_CLASS (acies_board_view_parent_class)->dispose (object);
}

static void
acies_board_view_finalize (GObject *object)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (object);

  g_clear_pointer (&self->cache, acies_render_cache_free);
  g_clear_pointer (&self->textures, g_hash_table_unref);
  g_clear_pointer (&self->highlight, g_array_unref);
  g_clear_pointer (&self->play, acies_board_view_play_free);
  if (self->describe_destroy != NULL)
    self->describe_destroy (self->describe_data);

  G_OBJECT_CLASS (acies_board_view_parent_class)->finalize (object);
}

static void
acies_board_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      g_value_set_boxed (value, self->scenario);
      break;

    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;

    case PROP_SELECTED_CELL:
      g_value_set_int (value, self->selected_cell);
      break;

    case PROP_FOCUS_CELL:
      g_value_set_int (value, self->focus_cell);
      break;

    case PROP_EDIT_MODE:
      g_value_set_boolean (value, self->edit_mode);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_board_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  AciesBoardView *self = ACIES_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      acies_board_view_set_scenario (self, g_value_get_boxed (value));
      break;

    case PROP_ZOOM:
      acies_board_view_set_zoom (self, g_value_get_double (value));
      break;

    case PROP_SELECTED_CELL:
      acies_board_view_set_selected_cell (self, g_value_get_int (value));
      break;

    case PROP_FOCUS_CELL:
      acies_board_view_set_focus_cell (self, g_value_get_int (value));
      break;

    case PROP_EDIT_MODE:
      acies_board_view_set_edit_mode (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acies_board_view_class_init (AciesBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acies_board_view_dispose;
  object_class->finalize = acies_board_view_finalize;
  object_class->get_property = acies_board_view_get_property;
  object_class->set_property = acies_board_view_set_property;

  widget_class->snapshot = acies_board_view_snapshot;
  widget_class->measure = acies_board_view_measure;

  /**
   * AciesBoardView:scenario:
   *
   * The scenario whose board is shown, or %NULL.
   */
  properties[PROP_SCENARIO] =
    g_param_spec_boxed ("scenario", NULL, NULL,
                        ACIES_TYPE_SCENARIO,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesBoardView:zoom:
   *
   * The zoom factor: 1.0 fits the whole board in the widget.
   */
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL,
                         ACIES_BOARD_VIEW_ZOOM_MIN, ACIES_BOARD_VIEW_ZOOM_MAX, 1.0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesBoardView:selected-cell:
   *
   * The selected cell, or %ACIES_CELL_NONE (-1).
   */
  properties[PROP_SELECTED_CELL] =
    g_param_spec_int ("selected-cell", NULL, NULL,
                      -1, G_MAXINT, ACIES_CELL_NONE,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesBoardView:focus-cell:
   *
   * The keyboard focus cell, or %ACIES_CELL_NONE (-1).
   */
  properties[PROP_FOCUS_CELL] =
    g_param_spec_int ("focus-cell", NULL, NULL,
                      -1, G_MAXINT, ACIES_CELL_NONE,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * AciesBoardView:edit-mode:
   *
   * While %TRUE, a drag with the primary button is a stroke of an editing
   * tool (#AciesBoardView::stroke-begin, -update, -end) and the other
   * buttons pan.
   */
  properties[PROP_EDIT_MODE] =
    g_param_spec_boolean ("edit-mode", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AciesBoardView::stroke-begin:
   * @self: the board view
   * @x: widget coordinate, pixels
   * @y: widget coordinate, pixels
   *
   * In edit mode: the primary button went down on the board.
   */
  signals[SIGNAL_STROKE_BEGIN] =
    g_signal_new ("stroke-begin", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * AciesBoardView::stroke-update:
   * @self: the board view
   * @x: widget coordinate, pixels
   * @y: widget coordinate, pixels
   *
   * In edit mode: the pointer moved during a stroke.
   */
  signals[SIGNAL_STROKE_UPDATE] =
    g_signal_new ("stroke-update", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * AciesBoardView::stroke-end:
   * @self: the board view
   * @x: widget coordinate, pixels
   * @y: widget coordinate, pixels
   *
   * In edit mode: the primary button was released.
   */
  signals[SIGNAL_STROKE_END] =
    g_signal_new ("stroke-end", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * AciesBoardView::cell-activated:
   * @self: the board view
   * @cell: the cell clicked, or chosen with Enter or Space
   *
   * Emitted when the user selects a cell with a click or the keyboard.
   */
  signals[SIGNAL_CELL_ACTIVATED] =
    g_signal_new ("cell-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  acies_board_view_class_init_input (widget_class);

  gtk_widget_class_set_css_name (widget_class, "boardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
acies_board_view_init (AciesBoardView *self)
{
  self->cache = acies_render_cache_new ();
  self->textures = g_hash_table_new_full (g_int64_hash, g_int64_equal, free_serial, g_object_unref);
  self->textures_mode = -1;
  self->zoom = 1.0;
  self->selected_cell = ACIES_CELL_NONE;
  self->focus_cell = ACIES_CELL_NONE;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  /* The surround follows the dark style, the board the high-contrast one. */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);

  acies_board_view_init_input (self);

  acies_board_view_update_accessible (self);
}

/**
 * acies_board_view_new:
 *
 * Returns: (transfer floating): a new, empty board view
 */
GtkWidget *
acies_board_view_new (void)
{
  return g_object_new (ACIES_TYPE_BOARD_VIEW, NULL);
}

/**
 * acies_board_view_get_scenario:
 * @self: a board view
 *
 * Returns: (transfer none) (nullable): the scenario shown
 */
AciesScenario *
acies_board_view_get_scenario (AciesBoardView *self)
{
  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), NULL);

  return self->scenario;
}

/**
 * acies_board_view_set_scenario:
 * @self: a board view
 * @scenario: (nullable): the scenario to show; the view takes a reference
 *
 * Shows @scenario's board, fitted to the widget, with its ruleset's bundled
 * catalogue for terrain colours and unit types.  Resets zoom, pan,
 * selection and focus cell.
 */
void
acies_board_view_set_scenario (AciesBoardView *self,
                               AciesScenario  *scenario)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  if (self->scenario == scenario)
    return;

  g_clear_pointer (&self->scenario, acies_scenario_unref);
  g_clear_pointer (&self->catalogue, acies_catalogue_unref);

  if (scenario != NULL)
    {
      AciesCatalogue *catalogue = NULL;

      self->scenario = acies_scenario_ref (scenario);
      if (scenario->ruleset != NULL)
        catalogue = acies_catalogue_get_bundled (scenario->ruleset);
      if (catalogue != NULL)
        self->catalogue = acies_catalogue_ref (catalogue);
      else
        g_debug ("No bundled catalogue for ruleset “%s”", scenario->ruleset);
    }

  g_object_freeze_notify (G_OBJECT (self));

  self->pan_x = 0;
  self->pan_y = 0;
  if (self->zoom != 1.0)
    {
      self->zoom = 1.0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }
  if (self->selected_cell != ACIES_CELL_NONE)
    {
      self->selected_cell = ACIES_CELL_NONE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_CELL]);
    }
  if (self->focus_cell != ACIES_CELL_NONE)
    {
      self->focus_cell = ACIES_CELL_NONE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOCUS_CELL]);
    }
  if (self->scenario != NULL && gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      self->focus_cell = acies_board_view_default_focus (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOCUS_CELL]);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
  g_object_thaw_notify (G_OBJECT (self));

  acies_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_get_zoom:
 * @self: a board view
 *
 * Returns: the zoom factor; 1.0 fits the board in the widget
 */
double
acies_board_view_get_zoom (AciesBoardView *self)
{
  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), 1.0);

  return self->zoom;
}

/**
 * acies_board_view_set_zoom:
 * @self: a board view
 * @zoom: the zoom factor, clamped to %ACIES_BOARD_VIEW_ZOOM_MIN …
 *   %ACIES_BOARD_VIEW_ZOOM_MAX
 *
 * Zooms around the centre of the widget.
 */
void
acies_board_view_set_zoom (AciesBoardView *self,
                           double          zoom)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  zoom = CLAMP (zoom, ACIES_BOARD_VIEW_ZOOM_MIN, ACIES_BOARD_VIEW_ZOOM_MAX);
  if (zoom == self->zoom)
    return;

  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0 && self->scenario != NULL)
    {
      acies_board_view_zoom_at (self, zoom,
                                gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                                gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
      return;
    }

  self->zoom = zoom;
  if (zoom <= 1.0)
    self->pan_x = self->pan_y = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

/**
 * acies_board_view_zoom_in:
 * @self: a board view
 *
 * Zooms in one step (× 1.25) around the centre.
 */
void
acies_board_view_zoom_in (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  acies_board_view_set_zoom (self, self->zoom * ZOOM_STEP);
}

/**
 * acies_board_view_zoom_out:
 * @self: a board view
 *
 * Zooms out one step (÷ 1.25) around the centre.
 */
void
acies_board_view_zoom_out (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  acies_board_view_set_zoom (self, self->zoom / ZOOM_STEP);
}

/**
 * acies_board_view_zoom_reset:
 * @self: a board view
 *
 * Fits the whole board in the widget again and forgets the pan.
 */
void
acies_board_view_zoom_reset (AciesBoardView *self)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  self->pan_x = 0;
  self->pan_y = 0;
  if (self->zoom != 1.0)
    {
      self->zoom = 1.0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * acies_board_view_get_selected_cell:
 * @self: a board view
 *
 * Returns: the selected cell, or %ACIES_CELL_NONE
 */
AciesCell
acies_board_view_get_selected_cell (AciesBoardView *self)
{
  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), ACIES_CELL_NONE);

  return self->selected_cell;
}

/**
 * acies_board_view_set_selected_cell:
 * @self: a board view
 * @cell: a cell of the board, or %ACIES_CELL_NONE
 *
 * Selects @cell; a cell outside the board selects nothing.
 */
void
acies_board_view_set_selected_cell (AciesBoardView *self,
                                    AciesCell       cell)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  if (self->scenario == NULL || !acies_board_contains (self->scenario->map.board, cell))
    cell = ACIES_CELL_NONE;

  if (self->selected_cell == cell)
    return;

  self->selected_cell = cell;
  acies_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_CELL]);
}

/**
 * acies_board_view_get_focus_cell:
 * @self: a board view
 *
 * Returns: the keyboard focus cell, or %ACIES_CELL_NONE
 */
AciesCell
acies_board_view_get_focus_cell (AciesBoardView *self)
{
  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), ACIES_CELL_NONE);

  return self->focus_cell;
}

/**
 * acies_board_view_set_focus_cell:
 * @self: a board view
 * @cell: a cell of the board, or %ACIES_CELL_NONE
 *
 * Moves the keyboard focus cell, which the renderer draws while the widget
 * has the keyboard focus, and pans so that it is in view.
 */
void
acies_board_view_set_focus_cell (AciesBoardView *self,
                                 AciesCell       cell)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  if (self->scenario == NULL || !acies_board_contains (self->scenario->map.board, cell))
    cell = ACIES_CELL_NONE;

  if (self->focus_cell == cell)
    return;

  self->focus_cell = cell;
  if (cell != ACIES_CELL_NONE && self->zoom > 1.0)
    acies_board_view_scroll_to_cell (self, cell);

  acies_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOCUS_CELL]);
}

/**
 * acies_board_view_cell_at_point:
 * @self: a board view
 * @x: widget coordinate, pixels
 * @y: widget coordinate, pixels
 *
 * Returns: the cell drawn at (@x, @y), or %ACIES_CELL_NONE
 */
AciesCell
acies_board_view_cell_at_point (AciesBoardView *self,
                                double          x,
                                double          y)
{
  AciesRenderOptions options;

  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), ACIES_CELL_NONE);

  if (!acies_board_view_fill_options (self, &options))
    return ACIES_CELL_NONE;

  return acies_render_cell_at_point (self->scenario,
                                     gtk_widget_get_width (GTK_WIDGET (self)),
                                     gtk_widget_get_height (GTK_WIDGET (self)),
                                     &options, x, y);
}

void
acies_board_view_set_textures (AciesBoardView *self,
                               gint            textures)
{
  g_return_if_fail (ACIES_IS_BOARD_VIEW (self));

  self->textures_mode = textures;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
acies_board_view_get_draw_count (AciesBoardView *self)
{
  g_return_val_if_fail (ACIES_IS_BOARD_VIEW (self), 0);

  return self->draw_count;
}

/* For the other files of the widget. */

void
acies_board_view_emit_stroke (AciesBoardView       *self,
                              AciesBoardViewStroke  stroke,
                              double                x,
                              double                y)
{
  static const guint which[] = { SIGNAL_STROKE_BEGIN, SIGNAL_STROKE_UPDATE, SIGNAL_STROKE_END };

  g_signal_emit (self, signals[which[stroke]], 0, x, y);
}

void
acies_board_view_notify_edit_mode (AciesBoardView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDIT_MODE]);
}
